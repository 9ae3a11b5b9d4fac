/* Versions, status names, buffer ownership and the error document. */
#include <stdlib.h>

#include "check.h"

static void test_versions(void) {
    CHECK(strcmp(wellness_version(), WELLNESS_VERSION) == 0, "library %s vs header %s", wellness_version(),
          WELLNESS_VERSION);
    CHECK(wellness_abi_version() == WELLNESS_ABI_VERSION, "ABI version");
    CHECK(WELLNESS_VERSION_HEX == 0x010000, "version hex");
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
    };
    size_t index;
    for (index = 0; index < sizeof names / sizeof names[0]; index++) {
        CHECK(strcmp(wellness_strerror(names[index].code), names[index].name) == 0, "strerror(%d)",
              names[index].code);
        CHECK(names[index].code == -(int)index, "codes are numbered in order");
    }
    CHECK(strcmp(wellness_strerror(-999), "WELLNESS_E_UNKNOWN") == 0, "unknown code");
    CHECK(strcmp(wellness_strerror(42), "WELLNESS_E_UNKNOWN") == 0, "positive code");
}

static void test_buffers(void) {
    const char *tip = "{\"tip\":\"Drink water\"}";
    wellness_buf out = {0}, err = {0};
    wellness_buf_free(NULL);
    wellness_buf_free(&out);
    CHECK(wellness_goal_tip_normalize(tip, strlen(tip), &out, &err) == WELLNESS_OK, "good tip");
    CHECK(out.ptr != NULL && out.len == strlen(out.ptr), "out is NUL-terminated and len excludes the NUL");
    CHECK(err.ptr == NULL && err.len == 0, "err stays empty on success");
    wellness_buf_free(&out);
    CHECK(out.ptr == NULL && out.len == 0, "free resets the buf");
    wellness_buf_free(&out);
    CHECK(wellness_goal_tip_normalize(tip, strlen(tip), NULL, NULL) == WELLNESS_E_INVALID_ARGUMENT, "out NULL");
    CHECK(wellness_goal_tip_normalize(NULL, 5, &out, NULL) == WELLNESS_E_INVALID_ARGUMENT, "NULL with length");
    CHECK(wellness_goal_tip_normalize(tip, (size_t)-1, &out, NULL) == WELLNESS_E_INVALID_ARGUMENT, "huge length");
    CHECK(out.ptr == NULL, "out stays empty on failure");
}

static void test_error_document(void) {
    const char *bad = "{\"tip\":\"\"}";
    wellness_buf out = {0}, err = {0};
    wellness_status status = wellness_goal_tip_normalize(bad, strlen(bad), &out, &err);
    json_t *error = check_error("empty tip", status, &out, &err);
    CHECK(status == WELLNESS_E_VALIDATION, "empty tip is a validation error");
    CHECK(error && strcmp(json_string_value(json_object_get(error, "path")), "tip") == 0, "path names the field");
    json_decref(error);
    wellness_buf_free(&err);
    CHECK(wellness_goal_tip_normalize(bad, strlen(bad), &out, NULL) == WELLNESS_E_VALIDATION, "err may be NULL");
}

static void test_columns(void) {
    const int64_t timestamps[] = {1704103200, 1704189600, 1704276000};
    const double values[] = {1.0, 2.0, 3.0};
    const char *options = "{\"interval\":\"day\"}";
    wellness_buf out = {0}, err = {0};
    json_t *report, *buckets;
    CHECK(wellness_series_aggregate_columns(options, strlen(options), timestamps, values, 3, &out, &err) ==
              WELLNESS_OK, "columns");
    report = json_loadb(out.ptr, out.len, 0, NULL);
    buckets = json_object_get(report, "buckets");
    CHECK(json_array_size(buckets) == 3, "three day buckets");
    CHECK(json_real_value(json_object_get(json_array_get(buckets, 2), "average")) == 3.0 ||
              json_integer_value(json_object_get(json_array_get(buckets, 2), "average")) == 3,
          "third average");
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
        const double bad_values[] = {1.0, 0.0 / 0.0, 3.0};
        const int64_t bad_timestamps[] = {1704103200, INT64_MAX, 1704276000};
        json_t *error;
        CHECK(wellness_series_aggregate_columns(options, strlen(options), timestamps, bad_values, 3, &out, &err) ==
                  WELLNESS_E_VALIDATION, "NaN value");
        error = check_error("NaN value", WELLNESS_E_VALIDATION, &out, &err);
        CHECK(error && strcmp(json_string_value(json_object_get(error, "path")), "values[1]") == 0, "NaN path");
        json_decref(error);
        wellness_buf_free(&err);
        CHECK(wellness_series_aggregate_columns(options, strlen(options), bad_timestamps, values, 3, &out, &err) ==
                  WELLNESS_E_VALIDATION, "timestamp out of range");
        error = check_error("timestamp out of range", WELLNESS_E_VALIDATION, &out, &err);
        CHECK(error && strcmp(json_string_value(json_object_get(error, "path")), "timestamps[1]") == 0,
              "timestamp path");
        json_decref(error);
        wellness_buf_free(&err);
    }
}

int main(void) {
    test_versions();
    test_status_names();
    test_buffers();
    test_error_document();
    test_columns();
    return check_summary("test_abi");
}
