/* The query calls through the real library, as a C program uses them: one
   tables handle read once, queried from four threads at once (the handle is
   immutable), a batch with a bad query among good ones, the tool schema, and
   the ABI's rules for bad arguments. Every result is parsed with Jansson. */
#include <pthread.h>

#include "check.h"

static const char tables_json[] =
    "{\"time_zone\":\"America/New_York\",\"units\":{\"distance\":\"km\"},"
    "\"daily\":{\"date\":[\"2025-11-01\",\"2025-11-02\",\"2025-11-03\",\"2025-11-04\"],"
    "\"steps\":[9000,12500,null,11000],\"sleep_minutes\":[410,340,395,null]},"
    "\"sessions\":[{\"start\":\"2025-11-02T11:00:00Z\",\"end\":\"2025-11-02T11:50:00Z\",\"activity\":\"Outdoor Run\","
    "\"distance\":8.4},{\"start\":\"2025-11-04T03:00:00Z\",\"end\":\"2025-11-04T03:40:00Z\",\"activity\":\"Treadmill Run\","
    "\"distance\":6.1},{\"start\":\"2025-11-04T16:00:00Z\",\"end\":\"2025-11-04T17:00:00Z\",\"activity\":\"Cycling\","
    "\"distance\":31}]}";

/* The run at 03:00Z on the 4th is the evening of the 3rd in New York. */
static const char runs_query[] =
    "{\"table\":\"sessions\",\"activity\":\"run\",\"metric\":\"distance\",\"reduce\":\"sum\","
    "\"window\":{\"between\":[\"2025-11-01\",\"2025-11-03\"]}}";

static json_t *parsed(const wellness_buf *buf) {
    json_error_t error;
    json_t *value = json_loadb(buf->ptr, buf->len, JSON_REJECT_DUPLICATES, &error);
    CHECK(value != NULL, "result does not parse: %s", error.text);
    return value;
}

static void *query_repeatedly(void *tables) {
    for (int round = 0; round < 200; round++) {
        wellness_buf out = {0}, err = {0};
        wellness_status status = wellness_query(tables, runs_query, strlen(runs_query), &out, &err);
        json_t *result = status == WELLNESS_OK ? json_loadb(out.ptr, out.len, 0, NULL) : NULL;
        double value = json_number_value(json_object_get(result, "value"));
        if (status != WELLNESS_OK || value != 14.5 || err.ptr != NULL) {
            json_decref(result);
            wellness_buf_free(&out);
            wellness_buf_free(&err);
            return "a threaded query went wrong";
        }
        json_decref(result);
        wellness_buf_free(&out);
    }
    return NULL;
}

static void test_one_query(wellness_query_tables *tables) {
    wellness_buf out = {0}, err = {0};
    CHECK(wellness_query(tables, runs_query, strlen(runs_query), &out, &err) == WELLNESS_OK, "%s", err.ptr);
    json_t *result = parsed(&out);
    CHECK(json_number_value(json_object_get(result, "value")) == 14.5, "runs' distance");
    CHECK(strcmp(json_string_value(json_object_get(result, "unit")), "km") == 0, "unit");
    CHECK(json_integer_value(json_object_get(result, "rows")) == 2, "rows");
    CHECK(strcmp(json_string_value(json_object_get(result, "to_date")), "2025-11-03") == 0, "to_date");
    CHECK(err.ptr == NULL, "err stays empty on success");
    json_decref(result);
    wellness_buf_free(&out);
}

static void test_threads(wellness_query_tables *tables) {
    pthread_t threads[4];
    for (int index = 0; index < 4; index++) pthread_create(&threads[index], NULL, query_repeatedly, tables);
    for (int index = 0; index < 4; index++) {
        void *failure = NULL;
        pthread_join(threads[index], &failure);
        CHECK(failure == NULL, "%s", (const char *)failure);
    }
}

static void test_batch(wellness_query_tables *tables) {
    const char *queries =
        "{\"queries\":[{\"table\":\"daily\",\"metric\":\"sleep_minutes\",\"reduce\":\"mean\","
        "\"where\":[{\"metric\":\"steps\",\"op\":\">\",\"value\":10000}]},"
        "{\"table\":\"daily\",\"metric\":\"sleep\",\"reduce\":\"mean\"},"
        "{\"table\":\"daily\",\"reduce\":\"count\",\"on_days_where\":[{\"metric\":\"activity\",\"op\":\"==\","
        "\"value\":\"bike\"}]}]}";
    wellness_buf out = {0}, err = {0};
    CHECK(wellness_query_many(tables, queries, strlen(queries), &out, &err) == WELLNESS_OK, "%s", err.ptr);
    json_t *document = parsed(&out);
    json_t *results = json_object_get(document, "results");
    CHECK(json_array_size(results) == 3, "three answers");
    /* Steps over 10,000 on the 2nd and 4th; sleep is missing on the 4th. */
    CHECK(json_number_value(json_object_get(json_array_get(results, 0), "value")) == 340, "mean sleep");
    json_t *error = json_object_get(json_array_get(results, 1), "error");
    CHECK(json_integer_value(json_object_get(error, "code")) == WELLNESS_E_VALIDATION, "bad query's error");
    CHECK(strstr(json_string_value(json_object_get(error, "message")), "did you mean \"sleep_minutes\"") != NULL,
          "did-you-mean");
    CHECK(json_number_value(json_object_get(json_array_get(results, 2), "value")) == 1, "days with a ride");
    json_decref(document);
    wellness_buf_free(&out);
}

static void test_tool(void) {
    wellness_buf out = {0}, err = {0};
    CHECK(wellness_query_tool(&out, &err) == WELLNESS_OK, "tool");
    json_t *tool = parsed(&out);
    json_t *parameters = json_object_get(tool, "parameters");
    CHECK(json_is_true(json_object_get(tool, "strict")), "strict tool");
    CHECK(json_is_false(json_object_get(parameters, "additionalProperties")), "closed parameters");
    /* table … reduce, activity_match, weekdays, same_day_where */
    CHECK(json_array_size(json_object_get(parameters, "required")) == 12, "every member required");
    json_decref(tool);
    wellness_buf_free(&out);
}

static void test_bad_arguments(wellness_query_tables *tables) {
    wellness_buf out = {0}, err = {0};
    CHECK(wellness_query(NULL, "{}", 2, &out, &err) == WELLNESS_E_INVALID_ARGUMENT, "NULL tables");
    CHECK(out.ptr == NULL && err.ptr != NULL, "error in err");
    wellness_buf_free(&err);
    CHECK(wellness_query(tables, runs_query, strlen(runs_query), NULL, &err) == WELLNESS_E_INVALID_ARGUMENT,
          "NULL out");
    wellness_buf_free(&err);
    CHECK(wellness_query(tables, "{\"table\":", 9, &out, &err) == WELLNESS_E_INVALID_JSON, "malformed query");
    wellness_buf_free(&err);
    wellness_query_tables *made = (wellness_query_tables *)&out;
    const char *bad = "{\"daily\":[{\"date\":\"2025-11-01\"},{\"date\":\"2025-11-01\"}]}";
    CHECK(wellness_query_tables_new(bad, strlen(bad), &made, &err) == WELLNESS_E_VALIDATION, "repeated date");
    CHECK(made == NULL, "no handle on failure");
    json_t *error = parsed(&err);
    CHECK(strcmp(json_string_value(json_object_get(error, "path")), "daily[1].date") == 0, "path of the row");
    json_decref(error);
    wellness_buf_free(&err);
    wellness_query_tables_free(NULL);
}

int main(void) {
    wellness_query_tables *tables = NULL;
    wellness_buf err = {0};
    CHECK(wellness_query_tables_new(tables_json, strlen(tables_json), &tables, &err) == WELLNESS_OK, "%s", err.ptr);
    if (tables) {
        test_one_query(tables);
        test_threads(tables);
        test_batch(tables);
        test_bad_arguments(tables);
        wellness_query_tables_free(tables);
    }
    test_tool();
    return check_summary("test_query");
}
