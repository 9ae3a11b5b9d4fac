/*
 * "How many days did I run last week?" from C: a person's daily metrics and
 * workouts (CSV files) become query tables, then one question is answered
 * twice, as a query document (wellness_query, what an app or a model's tool
 * call writes) and in words (wellness_query_ask, no model involved), and a
 * few more questions in words follow. The two answers to the first question
 * must agree, so this doubles as a test (ctest: c_ask).
 *
 * Usage: ask DATA_DIR [ANCHOR]   (DATA_DIR: examples/data, which has
 *                                 daily_metrics.csv and workouts.csv; ANCHOR:
 *                                 the day "today" means, default 2025-11-30)
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wellness.h"

#define TIME_ZONE "America/New_York"

/* Columns that hold text; every other column is a number (empty: missing). */
static int is_text_column(const char *name) {
    return strcmp(name, "date") == 0 || strcmp(name, "start") == 0 || strcmp(name, "end") == 0 ||
           strcmp(name, "activity") == 0;
}

static void strip_newline(char *line) { line[strcspn(line, "\r\n")] = '\0'; }

/* Splits a line at commas in place (these files quote nothing); returns the field count. */
static size_t split(char *line, char **fields, size_t capacity) {
    size_t count = 0;
    char *field = line;
    while (count < capacity) {
        char *comma = strchr(field, ',');
        fields[count++] = field;
        if (comma == NULL) break;
        *comma = '\0';
        field = comma + 1;
    }
    return count;
}

/* A CSV file with a header as columns: {"name": [values, ...], ...}; NULL with a message on failure. */
static json_t *read_columns(const char *path) {
    enum { MAX_COLUMNS = 32 };
    FILE *file = fopen(path, "r");
    if (file == NULL) {
        perror(path);
        return NULL;
    }
    char header[1024], line[1024];
    char *names[MAX_COLUMNS], *fields[MAX_COLUMNS];
    json_t *columns = json_object();
    size_t width = 0;
    if (fgets(header, sizeof header, file) != NULL) {
        strip_newline(header);
        width = split(header, names, MAX_COLUMNS);
        for (size_t index = 0; index < width; index++) json_object_set_new(columns, names[index], json_array());
    }
    while (width > 0 && fgets(line, sizeof line, file) != NULL) {
        strip_newline(line);
        if (line[0] == '\0') continue;
        if (split(line, fields, MAX_COLUMNS) != width) {
            fprintf(stderr, "%s: a row without %zu fields: %s\n", path, width, line);
            json_decref(columns);
            fclose(file);
            return NULL;
        }
        for (size_t index = 0; index < width; index++) {
            json_t *value = is_text_column(names[index]) ? json_string(fields[index])
                            : fields[index][0] == '\0'   ? json_null()
                                                         : json_real(strtod(fields[index], NULL));
            json_array_append_new(json_object_get(columns, names[index]), value);
        }
    }
    fclose(file);
    return columns;
}

/* Runs a call on a JSON document; the parsed result, or NULL after printing the library's error. */
typedef wellness_status (*query_call)(const wellness_query_tables *, const char *, size_t, wellness_buf *,
                                      wellness_buf *);

static json_t *call(query_call function, const wellness_query_tables *tables, json_t *document) {
    char *text = json_dumps(document, JSON_COMPACT);
    wellness_buf out = {0}, err = {0};
    wellness_status status = function(tables, text, strlen(text), &out, &err);
    json_t *result = NULL;
    if (status == WELLNESS_OK) {
        result = json_loads(out.ptr, 0, NULL);
    } else {
        fprintf(stderr, "%s: %s\n", wellness_strerror(status), err.ptr);
    }
    free(text);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return result;
}

static wellness_query_tables *open_tables(const char *data_dir) {
    char daily_path[4096], sessions_path[4096];
    snprintf(daily_path, sizeof daily_path, "%s/daily_metrics.csv", data_dir);
    snprintf(sessions_path, sizeof sessions_path, "%s/workouts.csv", data_dir);
    json_t *daily = read_columns(daily_path), *sessions = read_columns(sessions_path);
    wellness_query_tables *tables = NULL;
    if (daily != NULL && sessions != NULL) {
        json_t *document = json_pack("{s:s, s:O, s:O, s:{s:s, s:s}}", "time_zone", TIME_ZONE, "daily", daily,
                                     "sessions", sessions, "units", "sleep_minutes", "min", "distance", "km");
        char *text = json_dumps(document, JSON_COMPACT);
        wellness_buf err = {0};
        wellness_status status = wellness_query_tables_new(text, strlen(text), &tables, &err);
        if (status != WELLNESS_OK) fprintf(stderr, "%s: %s\n", wellness_strerror(status), err.ptr);
        wellness_buf_free(&err);
        free(text);
        json_decref(document);
    }
    json_decref(daily);
    json_decref(sessions);
    return tables;
}

/* Asks in words; prints the answer; returns the number (-1: not understood or failed). */
static double ask(const wellness_query_tables *tables, const char *question, const char *anchor) {
    json_t *document = json_pack("{s:s, s:s}", "question", question, "anchor", anchor);
    json_t *answer = call(wellness_query_ask, tables, document);
    double number = -1;
    printf("Q: %s\n", question);
    if (answer != NULL && json_is_true(json_object_get(answer, "understood"))) {
        printf("A: %s\n", json_string_value(json_object_get(answer, "answer")));
        json_t *value = json_object_get(answer, "number");
        if (json_is_number(value)) number = json_number_value(value);
    } else if (answer != NULL) {
        printf("A: (not a question the reader knows; it never guesses a number)\n");
    }
    json_decref(answer);
    json_decref(document);
    return number;
}

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s DATA_DIR [ANCHOR]\n", argv[0]);
        return 2;
    }
    const char *anchor = argc == 3 ? argv[2] : "2025-11-30";
    if (wellness_abi_version() != WELLNESS_ABI_VERSION) {
        fprintf(stderr, "libwellness ABI %d, this program was built for %d\n", wellness_abi_version(),
                WELLNESS_ABI_VERSION);
        return 1;
    }
    wellness_query_tables *tables = open_tables(argv[1]);
    if (tables == NULL) return 1;

    /* The query document a model's tool call or an app writes. */
    json_t *query = json_pack("{s:s, s:s, s:s, s:s, s:s}", "table", "sessions", "activity", "run", "window",
                              "last_week", "anchor", anchor, "reduce", "count_days");
    json_t *result = call(wellness_query, tables, query);
    double queried = -1;
    if (result != NULL) {
        queried = json_number_value(json_object_get(result, "value"));
        json_int_t sessions = json_integer_value(json_object_get(result, "rows"));
        printf("wellness_query: ran on %g day%s, %s to %s (%lld session%s)\n", queried, queried == 1 ? "" : "s",
               json_string_value(json_object_get(result, "from_date")),
               json_string_value(json_object_get(result, "to_date")), (long long)sessions, sessions == 1 ? "" : "s");
    }
    json_decref(result);
    json_decref(query);

    /* The same question in words, then others. */
    double asked = ask(tables, "How many days did I run last week?", anchor);
    ask(tables, "How far did I cycle this month?", anchor);
    ask(tables, "What was my average deep sleep on days I walked more than 10,000 steps?", anchor);
    ask(tables, "Should I run a marathon?", anchor);
    wellness_query_tables_free(tables);

    if (queried < 0 || asked != queried) {
        fprintf(stderr, "CHECK FAILED: the query answered %g days, the question %g\n", queried, asked);
        return 1;
    }
    return 0;
}
