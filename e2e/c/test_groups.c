/* wellness_series_aggregate_groups through the real library: the Arrow
   struct it hands over is read here as any Arrow consumer reads it, and
   every group's buckets are checked against the single-series call on that
   group's rows alone (its JSON parsed with Jansson). */
#include <math.h>
#include <stdint.h>

#include "check.h"

enum { ROWS = 600, GROUPS = 5 };

static const char *zones[GROUPS] = {"UTC", "Asia/Tokyo", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe"};

/* Rows of GROUPS groups, interleaved (unsorted keys), ten minutes apart per group across DST changes. */
static void make_rows(int64_t *keys, int64_t *timestamps, double *values) {
    for (int row = 0; row < ROWS; row++) {
        int group = (row * 7) % GROUPS;
        keys[row] = 100 + group;
        timestamps[row] = 1711800000 + (int64_t)row * 3600 * 7 + group * 600;
        values[row] = (double)((row * 37) % 101) + 0.25 * group;
    }
}

/* Days since 1970-01-01 of "YYYY-MM-DD" (Howard Hinnant's days_from_civil). */
static int32_t days_since_epoch(const char *date) {
    int year = 0, month = 0, day = 0;
    if (!date || sscanf(date, "%d-%d-%d", &year, &month, &day) != 3) return INT32_MIN;
    year -= month <= 2;
    int era = (year >= 0 ? year : year - 399) / 400;
    int year_of_era = year - era * 400;
    int day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    int day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + day_of_era - 719468;
}

static struct ArrowSchema *child_schema(struct ArrowSchema *schema, const char *name) {
    for (int64_t index = 0; index < schema->n_children; index++) {
        if (strcmp(schema->children[index]->name, name) == 0) return schema->children[index];
    }
    return NULL;
}

static struct ArrowArray *child_array(struct ArrowSchema *schema, struct ArrowArray *array, const char *name) {
    for (int64_t index = 0; index < schema->n_children; index++) {
        if (strcmp(schema->children[index]->name, name) == 0) return array->children[index];
    }
    return NULL;
}

static int is_valid(struct ArrowArray *column, int64_t row) {
    const uint8_t *validity = column->buffers[0];
    return validity == NULL || (validity[row / 8] >> (row % 8)) & 1;
}

/* The single-series result of `group`'s rows, in its zone. */
static json_t *single(const int64_t *keys, const int64_t *timestamps, const double *values, int group) {
    int64_t group_timestamps[ROWS];
    double group_values[ROWS];
    size_t count = 0;
    for (int row = 0; row < ROWS; row++) {
        if (keys[row] != 100 + group) continue;
        group_timestamps[count] = timestamps[row];
        group_values[count++] = values[row];
    }
    char options[300];
    snprintf(options, sizeof options,
             "{\"interval\": \"week\", \"statistics\": [\"count\", \"sum\", \"p90\", \"last\"], \"time_zone\": \"%s\"}",
             zones[group]);
    wellness_buf out = {0}, err = {0};
    wellness_status status = wellness_series_aggregate_columns(options, strlen(options), group_timestamps,
                                                               group_values, count, &out, &err);
    CHECK(status == WELLNESS_OK, "single series of group %d: %s", group, err.ptr ? err.ptr : "");
    json_t *result = status == WELLNESS_OK ? json_loadb(out.ptr, out.len, 0, NULL) : NULL;
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return result;
}

static const char *grouped_options =
    "{\"interval\": \"week\", \"statistics\": [\"count\", \"sum\", \"p90\", \"last\"], \"threads\": 3, \"groups\": ["
    "{\"group\": 101, \"time_zone\": \"Asia/Tokyo\"}, {\"group\": 102, \"time_zone\": \"America/New_York\"},"
    "{\"group\": 103, \"time_zone\": \"Europe/Berlin\"}, {\"group\": 104, \"time_zone\": \"Australia/Lord_Howe\"}]}";

static void test_every_group_matches_its_single_series(void) {
    int64_t keys[ROWS], timestamps[ROWS];
    double values[ROWS];
    make_rows(keys, timestamps, values);
    struct ArrowSchema schema;
    struct ArrowArray array;
    wellness_buf report = {0}, err = {0};
    wellness_status status = wellness_series_aggregate_groups(grouped_options, strlen(grouped_options), keys,
                                                              timestamps, values, ROWS, &schema, &array, &report, &err);
    CHECK(status == WELLNESS_OK, "grouped call: %s", err.ptr ? err.ptr : "");
    if (status != WELLNESS_OK) return;
    CHECK(strcmp(schema.format, "+s") == 0 && array.n_children == schema.n_children, "a struct of columns");
    const char *formats[][2] = {{"group", "l"}, {"start", "tdD"}, {"end", "tdD"}, {"label", "u"}, {"week", "l"},
                                {"count", "l"}, {"sum", "g"}, {"p90", "g"}, {"last", "g"}, {"last_at", "tsm:UTC"}};
    for (size_t index = 0; index < sizeof formats / sizeof formats[0]; index++) {
        struct ArrowSchema *column = child_schema(&schema, formats[index][0]);
        CHECK(column && strcmp(column->format, formats[index][1]) == 0, "column %s is %s", formats[index][0],
              formats[index][1]);
    }
    json_t *summary = json_loadb(report.ptr, report.len, 0, NULL);
    CHECK(json_integer_value(json_object_get(summary, "groups")) == GROUPS, "report: %.*s", (int)report.len, report.ptr);
    json_decref(summary);

    struct ArrowArray *group = child_array(&schema, &array, "group"), *count = child_array(&schema, &array, "count");
    struct ArrowArray *sum = child_array(&schema, &array, "sum"), *label = child_array(&schema, &array, "label");
    struct ArrowArray *start = child_array(&schema, &array, "start");
    const int64_t *group_keys = group->buffers[1], *counts = count->buffers[1];
    const double *sums = sum->buffers[1];
    const int32_t *starts = start->buffers[1], *label_offsets = label->buffers[1];
    const char *label_bytes = label->buffers[2];
    int64_t row = 0;
    for (int index = 0; index < GROUPS; index++) {
        json_t *expected = single(keys, timestamps, values, index);
        size_t bucket_index;
        json_t *bucket;
        json_array_foreach(json_object_get(expected, "buckets"), bucket_index, bucket) {
            CHECK(row < array.length && group_keys[row] == 100 + index, "row %lld is group %d", (long long)row, 100 + index);
            CHECK(counts[row] == json_integer_value(json_object_get(bucket, "count")), "count of row %lld", (long long)row);
            CHECK(is_valid(sum, row) && sums[row] == json_number_value(json_object_get(bucket, "sum")), "sum of row %lld",
                  (long long)row);
            const char *text = json_string_value(json_object_get(bucket, "label"));
            int32_t length = label_offsets[row + 1] - label_offsets[row];
            CHECK(text && (size_t)length == strlen(text) && memcmp(label_bytes + label_offsets[row], text, length) == 0,
                  "label of row %lld", (long long)row);
            CHECK(starts[row] == days_since_epoch(json_string_value(json_object_get(bucket, "start"))),
                  "start of row %lld", (long long)row);
            row++;
        }
        json_decref(expected);
    }
    CHECK(row == array.length, "%lld rows, as many as the groups' buckets (%lld)", (long long)array.length, (long long)row);
    array.release(&array);
    schema.release(&schema);
    CHECK(array.release == NULL && schema.release == NULL, "release marks the structs released");
    wellness_buf_free(&report);
}

static void test_a_bad_row_names_its_group_and_row(void) {
    int64_t keys[ROWS], timestamps[ROWS];
    double values[ROWS];
    make_rows(keys, timestamps, values);
    values[42] = NAN;
    struct ArrowSchema schema = {0};
    struct ArrowArray array = {0};
    wellness_buf report = {0}, err = {0};
    wellness_status status = wellness_series_aggregate_groups(grouped_options, strlen(grouped_options), keys,
                                                              timestamps, values, ROWS, &schema, &array, &report, &err);
    json_t *error = json_loadb(err.ptr, err.len, 0, NULL);
    char expected[40];
    snprintf(expected, sizeof expected, "group %lld:", (long long)keys[42]);
    CHECK(status == WELLNESS_E_VALIDATION, "status %d", status);
    CHECK(strcmp(json_string_value(json_object_get(error, "path")), "values[42]") == 0, "%.*s", (int)err.len, err.ptr);
    CHECK(strncmp(json_string_value(json_object_get(error, "message")), expected, strlen(expected)) == 0,
          "the message names the group: %.*s", (int)err.len, err.ptr);
    CHECK(schema.release == NULL && array.release == NULL && report.ptr == NULL, "nothing handed over on failure");
    json_decref(error);
    wellness_buf_free(&err);

    /* Skipping: the other groups' buckets, the bad group reported. */
    const char *skip = "{\"interval\": \"month\", \"on_error\": \"skip\"}";
    status = wellness_series_aggregate_groups(skip, strlen(skip), keys, timestamps, values, ROWS, &schema, &array,
                                              &report, &err);
    CHECK(status == WELLNESS_OK, "skip: %s", err.ptr ? err.ptr : "");
    json_t *summary = json_loadb(report.ptr, report.len, 0, NULL);
    json_t *skipped = json_array_get(json_object_get(summary, "skipped"), 0);
    CHECK(json_integer_value(json_object_get(summary, "groups")) == GROUPS - 1, "%.*s", (int)report.len, report.ptr);
    CHECK(json_integer_value(json_object_get(skipped, "group")) == keys[42] &&
              json_integer_value(json_object_get(skipped, "row")) == 42, "%.*s", (int)report.len, report.ptr);
    if (status == WELLNESS_OK) {
        const int64_t *group_keys = array.children[0]->buffers[1];
        int bad_group_present = 0;
        for (int64_t row = 0; row < array.length; row++) bad_group_present |= group_keys[row] == keys[42];
        CHECK(array.length > 0 && !bad_group_present, "the skipped group has no buckets");
        array.release(&array);
        schema.release(&schema);
    }
    json_decref(summary);
    wellness_buf_free(&report);
    wellness_buf_free(&err);
}

static void test_arguments_are_checked(void) {
    int64_t key = 1, timestamp = 1700000000;
    double value = 1;
    struct ArrowSchema schema = {0};
    struct ArrowArray array = {0};
    wellness_buf err = {0};
    CHECK(wellness_series_aggregate_groups("{}", 2, &key, &timestamp, &value, 1, NULL, &array, NULL, &err)
              == WELLNESS_E_INVALID_ARGUMENT, "a NULL schema");
    wellness_buf_free(&err);
    CHECK(wellness_series_aggregate_groups("{}", 2, NULL, &timestamp, &value, 1, &schema, &array, NULL, &err)
              == WELLNESS_E_INVALID_ARGUMENT, "NULL keys with a count");
    wellness_buf_free(&err);
    const char *bad[] = {"{\"threads\": 0}", "{\"threads\": 257}", "{\"on_error\": \"ignore\"}",
                         "{\"groups\": [{\"group\": 1}, {\"group\": 1}]}", "{\"groups\": [{\"group\": 1, \"zone\": \"UTC\"}]}",
                         "{\"groups\": [{\"group\": 1, \"time_zone\": \"Mars/Olympus\"}]}", "{\"thread\": 2}"};
    for (size_t index = 0; index < sizeof bad / sizeof bad[0]; index++) {
        wellness_status status = wellness_series_aggregate_groups(bad[index], strlen(bad[index]), &key, &timestamp,
                                                                  &value, 1, &schema, &array, NULL, &err);
        CHECK(status == WELLNESS_E_VALIDATION && err.ptr && strstr(err.ptr, "\"path\""), "%s: %d %s", bad[index],
              status, err.ptr ? err.ptr : "");
        wellness_buf_free(&err);
    }
    /* No rows: an empty struct array of the same columns. */
    CHECK(wellness_series_aggregate_groups("{}", 2, NULL, NULL, NULL, 0, &schema, &array, NULL, &err) == WELLNESS_OK,
          "no rows");
    CHECK(array.length == 0 && array.n_children == 11, "empty, with its columns (%lld)", (long long)array.n_children);
    if (array.release) array.release(&array);
    if (schema.release) schema.release(&schema);
}

int main(void) {
    test_every_group_matches_its_single_series();
    test_a_bad_row_names_its_group_and_row();
    test_arguments_are_checked();
    return check_summary("test_groups");
}
