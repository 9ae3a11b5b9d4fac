/* wellness_query_tables_new_arrow with Arrow C Data Interface structs built
   by hand: integer metrics of every width read as what they are (rounded to
   the nearest double as the JSON path rounds the same number), and every
   structural field of the interface checked before a buffer is read: each
   malformed struct is WELLNESS_E_VALIDATION naming the column, never a
   silent misreading. The call releases the structs it is given, every time. */
#include <stdint.h>

#include "check.h"

enum { ROWS = 3 };

static int schema_releases, array_releases;

static void release_schema(struct ArrowSchema *schema) {
    schema_releases++;
    schema->release = NULL;
}

static void release_array(struct ArrowArray *array) {
    array_releases++;
    array->release = NULL;
}

/* Children are released with (by) their parent: theirs only mark the struct. */
static void release_child_schema(struct ArrowSchema *schema) { schema->release = NULL; }
static void release_child_array(struct ArrowArray *array) { array->release = NULL; }

/* One column: its schema, its array and its buffers (validity, data, string data). */
typedef struct column {
    struct ArrowSchema schema;
    struct ArrowArray array;
    const void *buffers[3];
} column;

static void column_init(column *c, const char *name, const char *format, int64_t n_buffers, const void *data,
                        const void *strings) {
    memset(c, 0, sizeof *c);
    c->schema.format = format;
    c->schema.name = name;
    c->schema.flags = 2; /* nullable */
    c->schema.release = release_child_schema;
    c->buffers[0] = NULL;
    c->buffers[1] = data;
    c->buffers[2] = strings;
    c->array.length = ROWS;
    c->array.n_buffers = n_buffers;
    c->array.buffers = c->buffers;
    c->array.release = release_child_array;
}

/* A struct array ("+s") of `count` columns. */
typedef struct table {
    struct ArrowSchema schema;
    struct ArrowArray array;
    struct ArrowSchema *child_schemas[4];
    struct ArrowArray *child_arrays[4];
    const void *buffers[1];
} table;

static void table_init(table *t, column *columns, int count) {
    memset(t, 0, sizeof *t);
    for (int index = 0; index < count; index++) {
        t->child_schemas[index] = &columns[index].schema;
        t->child_arrays[index] = &columns[index].array;
    }
    t->schema.format = "+s";
    t->schema.name = "";
    t->schema.n_children = count;
    t->schema.children = t->child_schemas;
    t->schema.release = release_schema;
    t->array.length = ROWS;
    t->array.n_buffers = 1;
    t->array.n_children = count;
    t->array.buffers = t->buffers;
    t->array.children = t->child_arrays;
    t->array.release = release_array;
}

static const int32_t days[ROWS] = {20000, 20001, 20002}; /* 2024-10-04 .. 06 */
static const char window[] = ",\"window\":{\"between\":[\"2024-10-01\",\"2024-10-31\"]}}";

/* A daily table of "date" and one metric column `metric`; returns the status, the handle in *tables. */
static wellness_status daily(column *metric, table *t, wellness_query_tables **tables, wellness_buf *err) {
    static column columns[2];
    column_init(&columns[0], "date", "tdD", 2, days, NULL);
    columns[1] = *metric;
    table_init(t, columns, 2);
    schema_releases = array_releases = 0;
    wellness_status status =
        wellness_query_tables_new_arrow("{}", 2, &t->schema, &t->array, NULL, NULL, tables, err);
    CHECK(schema_releases == 1 && array_releases == 1, "the structs are released once (%d, %d)", schema_releases,
          array_releases);
    return status;
}

/* `reduce` of the daily "steps" through the tables, as a double. */
static double reduced(wellness_query_tables *tables, const char *reduce) {
    char query[256];
    snprintf(query, sizeof query, "{\"table\":\"daily\",\"metric\":\"steps\",\"reduce\":\"%s\"%s", reduce, window);
    wellness_buf out = {0}, err = {0};
    double value = -1;
    wellness_status status = wellness_query(tables, query, strlen(query), &out, &err);
    CHECK(status == WELLNESS_OK, "query: %.*s", (int)err.len, err.ptr ? err.ptr : "");
    if (status == WELLNESS_OK) {
        json_t *result = json_loadb(out.ptr, out.len, 0, NULL);
        value = json_number_value(json_object_get(result, "value"));
        json_decref(result);
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return value;
}

/* The same column through JSON: `numbers` is the JSON array text of the steps. */
static double reduced_through_json(const char *numbers, const char *reduce) {
    char document[512];
    snprintf(document, sizeof document,
             "{\"daily\":{\"date\":[\"2024-10-04\",\"2024-10-05\",\"2024-10-06\"],\"steps\":%s}}", numbers);
    wellness_query_tables *tables = NULL;
    wellness_buf err = {0};
    CHECK(wellness_query_tables_new(document, strlen(document), &tables, &err) == WELLNESS_OK, "JSON tables: %.*s",
          (int)err.len, err.ptr ? err.ptr : "");
    wellness_buf_free(&err);
    double value = tables ? reduced(tables, reduce) : -1;
    wellness_query_tables_free(tables);
    return value;
}

static void test_integer_widths(void) {
    static const uint64_t small[ROWS] = {5, 6, 7};
    static const uint64_t largest[ROWS] = {UINT64_MAX, 1, 2};
    static const int64_t beyond_double[ROWS] = {9007199254740993LL, INT64_MAX, INT64_MIN};
    static const uint32_t u32[ROWS] = {4000000000u, 1, 2};
    static const int32_t i32[ROWS] = {-2000000000, 1, 2};
    static const uint16_t u16[ROWS] = {65535, 1, 2};
    static const int16_t i16[ROWS] = {-32768, 1, 2};
    static const uint8_t u8[ROWS] = {255, 1, 2};
    static const int8_t i8[ROWS] = {-128, 1, 2};
    const struct {
        const char *format;
        const void *data;
        const char *json;
        const char *reduce;
    } cases[] = {
        {"L", small, "[5,6,7]", "sum"},
        {"L", largest, "[18446744073709551615,1,2]", "max"},
        {"L", largest, "[18446744073709551615,1,2]", "sum"},
        {"l", beyond_double, "[9007199254740993,9223372036854775807,-9223372036854775808]", "max"},
        {"l", beyond_double, "[9007199254740993,9223372036854775807,-9223372036854775808]", "min"},
        {"I", u32, "[4000000000,1,2]", "sum"},
        {"i", i32, "[-2000000000,1,2]", "sum"},
        {"S", u16, "[65535,1,2]", "sum"},
        {"s", i16, "[-32768,1,2]", "sum"},
        {"C", u8, "[255,1,2]", "sum"},
        {"c", i8, "[-128,1,2]", "sum"},
    };
    for (size_t index = 0; index < sizeof cases / sizeof cases[0]; index++) {
        column steps;
        table t;
        wellness_query_tables *tables = NULL;
        wellness_buf err = {0};
        column_init(&steps, "steps", cases[index].format, 2, cases[index].data, NULL);
        wellness_status status = daily(&steps, &t, &tables, &err);
        CHECK(status == WELLNESS_OK, "format %s: %.*s", cases[index].format, (int)err.len, err.ptr ? err.ptr : "");
        if (status == WELLNESS_OK) {
            double arrow = reduced(tables, cases[index].reduce);
            double json = reduced_through_json(cases[index].json, cases[index].reduce);
            CHECK(arrow == json, "format %s %s: Arrow %.17g, JSON %.17g", cases[index].format, cases[index].reduce,
                  arrow, json);
            if (index == 0) CHECK(arrow == 18, "uint64 [5, 6, 7] sums to %.17g", arrow);
            if (index == 1) CHECK(arrow == 18446744073709551616.0, "2^64-1 reads as %.17g", arrow);
        }
        wellness_query_tables_free(tables);
        wellness_buf_free(&err);
    }
}

/* The call must refuse `t` with WELLNESS_E_VALIDATION, its message containing `needle`. */
static void expect_refused(const char *what, table *daily_table, table *sessions_table, const char *needle) {
    wellness_query_tables *tables = NULL;
    wellness_buf err = {0};
    schema_releases = array_releases = 0;
    wellness_status status = wellness_query_tables_new_arrow(
        "{}", 2, daily_table ? &daily_table->schema : NULL, daily_table ? &daily_table->array : NULL,
        sessions_table ? &sessions_table->schema : NULL, sessions_table ? &sessions_table->array : NULL, &tables,
        &err);
    CHECK(status == WELLNESS_E_VALIDATION, "%s: status %d, expected WELLNESS_E_VALIDATION", what, (int)status);
    CHECK(tables == NULL, "%s: no handle on failure", what);
    CHECK(err.ptr != NULL && strstr(err.ptr, needle) != NULL, "%s: error %.*s lacks \"%s\"", what, (int)err.len,
          err.ptr ? err.ptr : "(none)", needle);
    CHECK(schema_releases == 1 && array_releases == 1, "%s: released once (%d, %d)", what, schema_releases,
          array_releases);
    wellness_query_tables_free(tables);
    wellness_buf_free(&err);
}

static const double steps_data[ROWS] = {1, 2, 3};

/* A daily table whose steps column the caller then breaks. */
static void broken_daily(column columns[2], table *t) {
    column_init(&columns[0], "date", "tdD", 2, days, NULL);
    column_init(&columns[1], "steps", "g", 2, steps_data, NULL);
    table_init(t, columns, 2);
}

static void test_structural_fields(void) {
    static const uint8_t two_nulls = 0x05; /* rows 0 and 2 valid, row 1 null */
    column columns[2];
    table t;

    broken_daily(columns, &t);
    columns[1].array.null_count = 2; /* but no validity bitmap */
    expect_refused("NULL validity with null_count 2", &t, NULL, "no validity bitmap");

    broken_daily(columns, &t);
    columns[1].array.null_count = -7;
    columns[1].buffers[0] = &two_nulls;
    expect_refused("null_count -7", &t, NULL, "null_count -7");

    broken_daily(columns, &t);
    columns[1].array.null_count = 4; /* more nulls than rows */
    columns[1].buffers[0] = &two_nulls;
    expect_refused("null_count 4 of 3 rows", &t, NULL, "null_count 4");

    broken_daily(columns, &t);
    columns[1].array.n_buffers = 3;
    expect_refused("n_buffers 3 on float64", &t, NULL, "3 Arrow buffers");

    broken_daily(columns, &t);
    columns[1].array.n_buffers = 1;
    expect_refused("n_buffers 1 on float64", &t, NULL, "1 Arrow buffers");

    broken_daily(columns, &t);
    columns[1].array.release = NULL; /* released inside a live parent */
    expect_refused("a released child array", &t, NULL, "already released");

    broken_daily(columns, &t);
    columns[1].schema.release = NULL;
    expect_refused("a released child schema", &t, NULL, "already released");

    broken_daily(columns, &t);
    t.array.null_count = 1; /* the struct's own validity: row 1 null */
    t.buffers[0] = &two_nulls;
    expect_refused("a null row of the struct", &t, NULL, "null row");

    broken_daily(columns, &t);
    t.array.null_count = 1; /* counted, but no bitmap */
    expect_refused("a struct null_count without a bitmap", &t, NULL, "no validity bitmap");

    broken_daily(columns, &t);
    t.array.n_buffers = 0;
    expect_refused("a struct without its validity buffer", &t, NULL, "0 Arrow buffers");

    /* Nulls that are described correctly stay missing values (the sum skips them). */
    broken_daily(columns, &t);
    columns[1].array.null_count = 1;
    columns[1].buffers[0] = &two_nulls;
    {
        wellness_query_tables *tables = NULL;
        wellness_buf err = {0};
        CHECK(wellness_query_tables_new_arrow("{}", 2, &t.schema, &t.array, NULL, NULL, &tables, &err) ==
                  WELLNESS_OK,
              "a valid bitmap: %.*s", (int)err.len, err.ptr ? err.ptr : "");
        if (tables) CHECK(reduced(tables, "sum") == 4, "the null row is missing: 1 + 3");
        wellness_query_tables_free(tables);
        wellness_buf_free(&err);
    }
}

static const int64_t starts[ROWS] = {1728000000000000, 1728100000000000, 1728200000000000};
static const int64_t ends[ROWS] = {1728000600000000, 1728100600000000, 1728200600000000};
static const int32_t good_offsets[ROWS + 1] = {0, 3, 6, 9};
static const char good_names[] = "RunRunRun";

/* A sessions table: start, end (timestamps in `zone`), activity (utf8 `offsets` into `names`). */
static void sessions(column columns[3], table *t, const char *start_format, const int32_t *offsets,
                     const char *names) {
    column_init(&columns[0], "start", start_format, 2, starts, NULL);
    column_init(&columns[1], "end", "tsu:UTC", 2, ends, NULL);
    column_init(&columns[2], "activity", "u", 3, offsets, names);
    table_init(t, columns, 3);
}

static void test_sessions(void) {
    column columns[3];
    table t;
    static const char *const bad_utf8[] = {
        "Run\xff" "RunRun",        /* 0xFF */
        "R\xc0\xaf" "RunRun",      /* overlong C0 AF */
        "\xed\xa0\x80RunRun",      /* a surrogate, ED A0 80 */
        "Ru\xc3RunRun",            /* truncated C3 */
    };
    for (size_t index = 0; index < sizeof bad_utf8 / sizeof bad_utf8[0]; index++) {
        char what[64];
        snprintf(what, sizeof what, "activity not UTF-8 (case %zu)", index);
        sessions(columns, &t, "tsu:UTC", good_offsets, bad_utf8[index]);
        expect_refused(what, NULL, &t, "not valid UTF-8");
    }

    sessions(columns, &t, "tsu:Mars/Olympus", good_offsets, good_names);
    expect_refused("time zone Mars/Olympus", NULL, &t, "Mars/Olympus");

    sessions(columns, &t, "tsu:UTC", good_offsets, good_names);
    columns[2].array.n_buffers = 2;
    expect_refused("utf8 with two buffers", NULL, &t, "2 Arrow buffers");

    /* The same sessions, well formed, in a named zone and a fixed offset. */
    const char *const zones[] = {"tsu:UTC", "tsu:Europe/Paris", "tsu:+05:30"};
    for (size_t index = 0; index < sizeof zones / sizeof zones[0]; index++) {
        sessions(columns, &t, zones[index], good_offsets, good_names);
        wellness_query_tables *tables = NULL;
        wellness_buf err = {0};
        CHECK(wellness_query_tables_new_arrow("{}", 2, NULL, NULL, &t.schema, &t.array, &tables, &err) ==
                  WELLNESS_OK,
              "%s: %.*s", zones[index], (int)err.len, err.ptr ? err.ptr : "");
        wellness_query_tables_free(tables);
        wellness_buf_free(&err);
    }
}

int main(void) {
    test_integer_widths();
    test_structural_fields();
    test_sessions();
    return check_summary("test_arrow_import");
}
