/* The conventions at the top of wellness.h: versions, status names, buffer
   ownership and the error document. */
#include <math.h>
#include <stdint.h>

#include "check.h"

/* Stale contents a caller might leave in a buf: the library must overwrite
   them without reading or freeing them. */
static char stale_bytes[] = "stale";

static void test_versions(void) {
    CHECK(strcmp(wellness_version(), WELLNESS_VERSION) == 0, "library %s vs header %s", wellness_version(),
          WELLNESS_VERSION);
    CHECK(wellness_abi_version() == WELLNESS_ABI_VERSION, "library ABI %d vs header %d", wellness_abi_version(),
          WELLNESS_ABI_VERSION);
    CHECK(WELLNESS_VERSION_HEX == ((WELLNESS_VERSION_MAJOR << 16) | (WELLNESS_VERSION_MINOR << 8) |
                                   WELLNESS_VERSION_PATCH), "version hex");
    {
        char expected[32];
        snprintf(expected, sizeof expected, "%d.%d.%d", WELLNESS_VERSION_MAJOR, WELLNESS_VERSION_MINOR,
                 WELLNESS_VERSION_PATCH);
        CHECK(strcmp(expected, WELLNESS_VERSION) == 0, "WELLNESS_VERSION agrees with its parts");
    }
    CHECK(wellness_version() == wellness_version(), "the version string is static");
}

static void test_status_names(void) {
    static const struct { wellness_status code; const char *name; } names[] = {
        {WELLNESS_OK, "WELLNESS_OK"},
        {WELLNESS_E_INVALID_ARGUMENT, "WELLNESS_E_INVALID_ARGUMENT"},
        {WELLNESS_E_INVALID_JSON, "WELLNESS_E_INVALID_JSON"},
        {WELLNESS_E_VALIDATION, "WELLNESS_E_VALIDATION"},
        {WELLNESS_E_NOT_FOUND, "WELLNESS_E_NOT_FOUND"},
        {WELLNESS_E_UNAUTHORIZED, "WELLNESS_E_UNAUTHORIZED"},
        {WELLNESS_E_FORBIDDEN, "WELLNESS_E_FORBIDDEN"},
        {WELLNESS_E_RATE_LIMITED, "WELLNESS_E_RATE_LIMITED"},
        {WELLNESS_E_NETWORK, "WELLNESS_E_NETWORK"},
        {WELLNESS_E_TIMEOUT, "WELLNESS_E_TIMEOUT"},
        {WELLNESS_E_HTTP, "WELLNESS_E_HTTP"},
        {WELLNESS_E_INVALID_RESPONSE, "WELLNESS_E_INVALID_RESPONSE"},
        {WELLNESS_E_DECODING, "WELLNESS_E_DECODING"},
        {WELLNESS_E_INTERNAL, "WELLNESS_E_INTERNAL"},
        {WELLNESS_E_CANCELLED, "WELLNESS_E_CANCELLED"},
    };
    static const wellness_status unknown[] = {-15, -999, 1, 42, INT32_MIN, INT32_MAX};
    size_t index;
    for (index = 0; index < sizeof names / sizeof names[0]; index++) {
        const char *name = wellness_strerror(names[index].code);
        CHECK(name && strcmp(name, names[index].name) == 0, "strerror(%d) = %s, expected %s", names[index].code,
              name ? name : "NULL", names[index].name);
        CHECK(names[index].code == -(int)index, "codes are numbered 0, -1, -2, ... in order");
    }
    for (index = 0; index < sizeof unknown / sizeof unknown[0]; index++) {
        const char *name = wellness_strerror(unknown[index]);
        CHECK(name && strcmp(name, "WELLNESS_E_UNKNOWN") == 0, "strerror(%d) = %s, expected WELLNESS_E_UNKNOWN",
              unknown[index], name ? name : "NULL");
    }
}

static void test_buffers(void) {
    const char *tip = "{\"tip\":\"Drink water\"}";
    wellness_buf out = {0}, err = {0};
    wellness_buf_free(NULL);
    wellness_buf_free(&out);
    CHECK(out.ptr == NULL && out.len == 0, "freeing an empty buf keeps it empty");

    err.ptr = stale_bytes;
    err.len = sizeof stale_bytes;
    CHECK(wellness_goal_tip_normalize(tip, strlen(tip), &out, &err) == WELLNESS_OK, "good tip");
    CHECK(out.ptr != NULL && out.len == strlen(out.ptr), "out is NUL-terminated and len excludes the NUL");
    CHECK(err.ptr == NULL && err.len == 0, "on success err is {NULL, 0}");
    wellness_buf_free(&out);
    CHECK(out.ptr == NULL && out.len == 0, "free resets the buf");
    wellness_buf_free(&out);
    CHECK(out.ptr == NULL && out.len == 0, "a second free is harmless");

    /* Not NUL-terminated: only `len` bytes are read. */
    CHECK(wellness_goal_tip_normalize("{\"tip\":\"a\"}garbage", 11, &out, NULL) == WELLNESS_OK, "length is honoured");
    wellness_buf_free(&out);
}

/* On failure `out` is {NULL, 0} whatever it held, and err holds the document. */
static void test_failure_resets_out(void) {
    size_t index;
    for (index = 0; index < ENTRY_POINT_COUNT; index++) {
        const entry_point *entry = &ENTRY_POINTS[index];
        wellness_buf out, err = {0};
        wellness_status status;
        json_t *error;
        out.ptr = stale_bytes;
        out.len = sizeof stale_bytes;
        status = call_entry(entry, "{\"a\":", 5, &out, &err);
        CHECK(status == WELLNESS_E_INVALID_JSON, "%s: truncated input gives %s", entry->name, wellness_strerror(status));
        error = check_error(entry->name, status, &out, &err);
        CHECK(error && json_is_null(json_object_get(error, "path")), "%s: invalid JSON has a null path",
              entry->name);
        json_decref(error);
        wellness_buf_free(&err);
    }
}

/* `out` NULL, or a NULL input with a length, are invalid arguments. */
static void test_invalid_arguments(void) {
    const char *tip = "{\"tip\":\"Drink water\"}";
    size_t index;
    for (index = 0; index < ENTRY_POINT_COUNT; index++) {
        const entry_point *entry = &ENTRY_POINTS[index];
        wellness_buf out = {0}, err = {0};
        wellness_status status = call_entry(entry, "{}", 2, NULL, &err);
        CHECK(status == WELLNESS_E_INVALID_ARGUMENT, "%s: out NULL gives %s", entry->name, wellness_strerror(status));
        json_decref(check_error(entry->name, status, &out, &err));
        wellness_buf_free(&err);
        status = call_entry(entry, NULL, 5, &out, &err);
        CHECK(status == WELLNESS_E_INVALID_ARGUMENT, "%s: NULL with length 5 gives %s", entry->name,
              wellness_strerror(status));
        json_decref(check_error(entry->name, status, &out, &err));
        wellness_buf_free(&err);
        CHECK(call_entry(entry, "{}", 2, NULL, NULL) == WELLNESS_E_INVALID_ARGUMENT, "%s: out and err NULL",
              entry->name);
    }
    {
        wellness_buf out = {0};
        /* docs/ABI.md: an impossible length is an invalid argument. */
        CHECK(wellness_goal_tip_normalize(tip, (size_t)-1, &out, NULL) == WELLNESS_E_INVALID_ARGUMENT,
              "length SIZE_MAX");
        CHECK(out.ptr == NULL && out.len == 0, "out stays empty on failure");
    }
}

static void test_error_document(void) {
    const char *bad = "{\"tip\":\"\"}";
    wellness_buf out = {0}, err = {0};
    wellness_status status = wellness_goal_tip_normalize(bad, strlen(bad), &out, &err);
    json_t *error = check_error("empty tip", status, &out, &err);
    CHECK(status == WELLNESS_E_VALIDATION, "empty tip is a validation error");
    CHECK(error && strcmp(path_of(error), "tip") == 0, "path names the field: %s", err.ptr);
    json_decref(error);
    wellness_buf_free(&err);
    CHECK(err.ptr == NULL && err.len == 0, "free resets err");
    CHECK(wellness_goal_tip_normalize(bad, strlen(bad), &out, NULL) == WELLNESS_E_VALIDATION, "err may be NULL");
    CHECK(out.ptr == NULL && out.len == 0, "out stays empty with err NULL");

    /* The whole input at fault: path is null. */
    status = wellness_goal_tip_normalize("[]", 2, &out, &err);
    error = check_error("array tip", status, &out, &err);
    CHECK(status == WELLNESS_E_VALIDATION && error && json_is_null(json_object_get(error, "path")),
          "wrong top-level type: validation error with a null path: %s", err.ptr ? err.ptr : "");
    json_decref(error);
    wellness_buf_free(&err);
}

static void test_client_handles(void) {
    const char *config = "{\"base_url\":\"http://127.0.0.1:9\",\"api_key\":\"secret-key\",\"cache_directory\":false}";
    wellness_client *client = NULL;
    wellness_buf err = {0}, out = {0};
    wellness_status status;
    json_t *error;
    wellness_client_free(NULL);

    CHECK(wellness_client_new(config, strlen(config), &client, &err) == WELLNESS_OK && client != NULL,
          "client_new: %s", err.ptr ? err.ptr : "");
    CHECK(err.ptr == NULL && err.len == 0, "client_new: err stays empty on success");
    CHECK(wellness_client_set_token_provider(client, NULL, NULL, &err) == WELLNESS_OK, "removing no provider");
    wellness_client_free(client);

    status = wellness_client_new(config, strlen(config), NULL, &err);
    CHECK(status == WELLNESS_E_INVALID_ARGUMENT, "client_new with client NULL gives %s", wellness_strerror(status));
    json_decref(check_error("client_new(NULL)", status, &out, &err));
    wellness_buf_free(&err);

    client = (wellness_client *)stale_bytes;
    status = wellness_client_new("{\"api_key\":\"secret-key\"}", 24, &client, &err);
    error = check_error("client_new without base_url", status, &out, &err);
    CHECK(status == WELLNESS_E_VALIDATION && client == NULL, "client_new without base_url: validation, client NULL");
    CHECK(error && strcmp(path_of(error), "base_url") == 0, "client_new: path base_url: %s", err.ptr);
    CHECK(err.ptr && !strstr(err.ptr, "secret-key"), "credentials never appear in errors");
    json_decref(error);
    wellness_buf_free(&err);
}

/* The refusal of a NULL client: invalid argument naming it, out reset. */
static void check_null_client(const char *name, wellness_status status, wellness_buf *out, wellness_buf *err) {
    json_t *error = check_error(name, status, out, err);
    CHECK(status == WELLNESS_E_INVALID_ARGUMENT, "%s(NULL client) gives %s", name, wellness_strerror(status));
    CHECK(error && strstr(json_string_value(json_object_get(error, "message")), "client must not be NULL"),
          "%s: the message names the client: %s", name, err->ptr ? err->ptr : "");
    json_decref(error);
    wellness_buf_free(err);
}

/* Every kind of call on a client (a JSON operation, a series call that reads
 * the local store, the setters) refuses a NULL client alike; out is reset
 * even when it held stale bytes. */
static void test_null_client(void) {
    wellness_buf out = {stale_bytes, 5}, err = {0};
    check_null_client("list_insights", wellness_client_list_insights(NULL, "{}", 2, &out, &err), &out, &err);
    out.ptr = stale_bytes;
    out.len = 5;
    check_null_client("series_aggregate", wellness_client_series_aggregate(NULL, "{}", 2, "[]", 2, &out, &err),
                      &out, &err);
    check_null_client("set_token_provider", wellness_client_set_token_provider(NULL, NULL, NULL, &err), &out, &err);
    check_null_client("set_analytics", wellness_client_set_analytics(NULL, NULL, &err), &out, &err);
}

static void test_columns(void) {
    const int64_t timestamps[] = {1704103200, 1704189600, 1704276000};
    const double values[] = {1.0, 2.0, 3.0};
    const char *options = "{\"interval\":\"day\"}";
    wellness_buf out = {0}, err = {0};
    json_t *report, *buckets, *error;
    CHECK(wellness_series_aggregate_columns(options, strlen(options), timestamps, values, 3, &out, &err) ==
              WELLNESS_OK, "columns");
    report = json_loadb(out.ptr, out.len, 0, NULL);
    buckets = json_object_get(report, "buckets");
    CHECK(json_array_size(buckets) == 3, "three day buckets");
    CHECK(json_number_value(json_object_get(json_array_get(buckets, 2), "average")) == 3.0, "third average");
    json_decref(report);
    wellness_buf_free(&out);

    CHECK(wellness_series_aggregate_columns(options, strlen(options), NULL, values, 3, &out, &err) ==
              WELLNESS_E_INVALID_ARGUMENT, "NULL timestamps");
    json_decref(check_error("NULL timestamps", WELLNESS_E_INVALID_ARGUMENT, &out, &err));
    wellness_buf_free(&err);
    CHECK(wellness_series_aggregate_columns(options, strlen(options), NULL, NULL, 0, &out, &err) == WELLNESS_OK,
          "no columns");
    wellness_buf_free(&out);
    {
        const double bad_values[] = {1.0, NAN, 3.0};
        const int64_t bad_timestamps[] = {1704103200, INT64_MAX, 1704276000};
        CHECK(wellness_series_aggregate_columns(options, strlen(options), timestamps, bad_values, 3, &out, &err) ==
                  WELLNESS_E_VALIDATION, "NaN value");
        error = check_error("NaN value", WELLNESS_E_VALIDATION, &out, &err);
        CHECK(error && strcmp(path_of(error), "values[1]") == 0, "NaN path");
        json_decref(error);
        wellness_buf_free(&err);
        CHECK(wellness_series_aggregate_columns(options, strlen(options), bad_timestamps, values, 3, &out, &err) ==
                  WELLNESS_E_VALIDATION, "timestamp out of range");
        error = check_error("timestamp out of range", WELLNESS_E_VALIDATION, &out, &err);
        CHECK(error && strcmp(path_of(error), "timestamps[1]") == 0, "timestamp path");
        json_decref(error);
        wellness_buf_free(&err);
    }
}

int main(void) {
    test_versions();
    test_status_names();
    test_buffers();
    test_failure_resets_out();
    test_invalid_arguments();
    test_error_document();
    test_client_handles();
    test_null_client();
    test_columns();
    return check_summary("test_abi");
}
