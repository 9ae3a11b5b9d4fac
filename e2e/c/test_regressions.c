/* Regressions found by fuzzing and by hand:
   each input once killed the host, returned WELLNESS_OK with output that is
   not JSON, or gave a wrong answer. Every result is parsed with Jansson,
   which rejects NaN and infinities. */
#include <math.h>

#include "check.h"

/* Calls a two-document entry point; returns the parsed result on
   WELLNESS_OK (the caller releases it), or NULL after checking the error. */
static json_t *call_two(const char *name, two_document_fn function, const char *options, const char *data,
                        wellness_status *status_out) {
    wellness_buf out = {0}, err = {0};
    json_error_t parse_error;
    json_t *result = NULL;
    wellness_status status = function(options, strlen(options), data, strlen(data), &out, &err);
    if (status_out) *status_out = status;
    if (status == WELLNESS_OK) {
        result = json_loadb(out.ptr, out.len, 0, &parse_error);
        CHECK(result != NULL, "%s: result is JSON (%s): %.200s", name, parse_error.text, out.ptr);
    } else {
        json_t *error = check_error(name, status, &out, &err);
        json_decref(error);
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return result;
}

/* Every real number in `value` is finite (Jansson would not parse others,
   but a JSON result must never depend on that). */
static int all_finite(json_t *value) {
    size_t index;
    const char *key;
    json_t *member;
    if (json_is_real(value)) return isfinite(json_real_value(value));
    if (json_is_array(value)) {
        json_array_foreach(value, index, member) if (!all_finite(member)) return 0;
    }
    if (json_is_object(value)) {
        json_object_foreach(value, key, member) if (!all_finite(member)) return 0;
    }
    return 1;
}

/* Whether `text` holds the word "nan" or "inf" as printf writes non-finite
   doubles ("dominant-baseline" does not count). */
static int has_non_finite_word(const char *text) {
    const char *cursor = text;
    while (*cursor) {
        size_t length = 0;
        while (cursor[length] && ((cursor[length] | 0x20) >= 'a' && (cursor[length] | 0x20) <= 'z')) length++;
        if (length == 3 && (strncmp(cursor, "nan", 3) == 0 || strncmp(cursor, "inf", 3) == 0)) return 1;
        cursor += length ? length : 1;
    }
    return 0;
}

static json_t *bucket(json_t *result, size_t index) {
    return json_array_get(json_object_get(result, "buckets"), index);
}

static void chart_extremes(void) {
    static const char *const SAMPLES[] = {
        "[{'timestamp':0,'value':1e16}]",
        "[{'timestamp':0,'value':0},{'timestamp':86400,'value':5e-324}]",
        "[{'timestamp':0,'value':1e308},{'timestamp':1,'value':1e308}]",
        "[{'timestamp':0,'value':1e308},{'timestamp':86400,'value':-1e308}]",
    };
    size_t index;
    for (index = 0; index < sizeof SAMPLES / sizeof SAMPLES[0]; index++) {
        char *samples = from_quoted(SAMPLES[index]);
        wellness_status status;
        json_t *result = call_two("series_chart", wellness_series_chart, "{\"interval\":\"day\"}", samples, &status);
        CHECK(status == WELLNESS_OK && result, "chart of %s succeeds", samples);
        if (result) {
            const char *svg = json_string_value(json_object_get(result, "svg"));
            CHECK(all_finite(result), "chart of %s has finite numbers", samples);
            CHECK(svg && !has_non_finite_word(svg), "svg of %s has no NaN or inf", samples);
            json_decref(result);
        }
        free(samples);
    }
}

static void finite_means(void) {
    char *samples = from_quoted("[{'timestamp':0,'value':1e308},{'timestamp':1,'value':1e308}]");
    int64_t timestamps[] = {0, 1};
    double values[] = {1e308, 1e308};
    wellness_buf out = {0};
    json_t *result = call_two("series_aggregate", wellness_series_aggregate, "{}", samples, NULL);
    CHECK(result && json_real_value(json_object_get(bucket(result, 0), "average")) == 1e308,
          "mean of two 1e308 samples is 1e308");
    json_decref(result);
    result = call_two("series_aggregate", wellness_series_aggregate, "{\"average\":\"daily_means\"}", samples, NULL);
    CHECK(result && all_finite(result), "daily means of 1e308 samples are finite");
    json_decref(result);
    CHECK(wellness_series_aggregate_columns("{}", 2, timestamps, values, 2, &out, NULL) == WELLNESS_OK,
          "columns of 1e308 aggregate");
    result = json_loadb(out.ptr, out.len, 0, NULL);
    CHECK(result && json_real_value(json_object_get(bucket(result, 0), "average")) == 1e308,
          "columnar mean of two 1e308 samples is 1e308: %s", out.ptr);
    json_decref(result);
    wellness_buf_free(&out);
    free(samples);
}

static void streak_past_today(void) {
    char *samples = from_quoted("[{'timestamp':'2024-01-01T12:00:00Z','value':true},"
                                "{'timestamp':'2024-01-02T12:00:00Z','value':true},"
                                "{'timestamp':'2024-01-03T12:00:00Z','value':true}]");
    json_t *result = call_two("series_aggregate", wellness_series_aggregate,
                              "{\"kind\":\"boolean\",\"today\":\"2024-01-02\"}", samples, NULL);
    json_t *streaks = json_object_get(result, "streaks");
    CHECK(json_integer_value(json_object_get(streaks, "current")) == 2, "current streak to today is 2");
    CHECK(json_integer_value(json_object_get(streaks, "best")) == 3, "best streak is 3");
    json_decref(result);
    free(samples);
}

static void bucket_limit(void) {
    wellness_status status;
    json_t *result = call_two("series_aggregate", wellness_series_aggregate,
                              "{\"interval\":\"day\",\"include_empty\":true}",
                              "[{\"timestamp\":0,\"value\":1},{\"timestamp\":8640000000,\"value\":1}]", &status);
    CHECK(status == WELLNESS_E_VALIDATION && !result, "100,001 daily buckets are refused (status %d)", status);
    result = call_two("series_aggregate", wellness_series_aggregate, "{\"interval\":\"day\",\"include_empty\":true}",
                      "[{\"timestamp\":0,\"value\":1},{\"timestamp\":8639913600,\"value\":1}]", &status);
    CHECK(json_array_size(json_object_get(result, "buckets")) == 100000, "100,000 daily buckets are allowed");
    json_decref(result);
}

static void year_9999(void) {
    static const char *const INTERVALS[] = {"year", "half", "quarter", "month"};
    size_t index;
    for (index = 0; index < 4; index++) {
        char options[64];
        json_t *result;
        snprintf(options, sizeof options, "{\"interval\":\"%s\"}", INTERVALS[index]);
        result = call_two("series_aggregate", wellness_series_aggregate, options,
                          "[{\"timestamp\":\"9999-06-01T00:00:00Z\",\"value\":1}]", NULL);
        {
            const char *start = json_string_value(json_object_get(bucket(result, 0), "start"));
            const char *end = json_string_value(json_object_get(bucket(result, 0), "end"));
            CHECK(start && end && strcmp(end, start) > 0 && strncmp(end, "9999-", 5) == 0,
                  "%s bucket of 9999-06-01 ends after it starts: %s..%s", INTERVALS[index], start, end);
        }
        json_decref(result);
    }
}

/* Results write dates in years 1-9999 only: a sample whose local day is
   outside is refused, naming it. */
static void local_dates_outside_years_1_to_9999(void) {
    wellness_buf out = {0}, err = {0};
    static const char options[] = "{\"interval\":\"day\",\"time_zone\":\"America/New_York\"}";
    static const char samples[] = "[{\"timestamp\":\"0001-01-01T00:00:00Z\",\"value\":1}]";
    wellness_status status = wellness_series_aggregate(options, strlen(options), samples, strlen(samples), &out, &err);
    json_t *error = status == WELLNESS_E_VALIDATION ? json_loadb(err.ptr, err.len, 0, NULL) : NULL;
    const char *path = json_string_value(json_object_get(error, "path"));
    const char *message = json_string_value(json_object_get(error, "message"));
    CHECK(path && strcmp(path, "samples[0].timestamp") == 0 && message && strstr(message, "0000-12-31"),
          "0001-01-01T00:00Z (0000-12-31 in New York) is refused at samples[0].timestamp: %s", err.ptr);
    json_decref(error);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
}

/* A client call's options refuse unknown keys, naming the one meant: a
   misspelt filter must not silently list everything. No request is made. */
static void client_options_refuse_unknown_keys(void) {
    static const char config[] = "{\"base_url\":\"http://127.0.0.1:9\",\"api_key\":\"k\",\"store_directory\":false}";
    static const struct {
        wellness_status (*call)(wellness_client *, const char *, size_t, wellness_buf *, wellness_buf *);
        const char *json, *path, *meant;
    } CASES[] = {
        {wellness_client_list_insights, "{\"page_sise\":2}", "page_sise", "page_size"},
        {wellness_client_get_insight, "{\"id\":\"i1\",\"idd\":1}", "idd", "id"},
        {wellness_client_list_goals, "{\"stauts\":\"active\"}", "stauts", "status"},
        {wellness_client_list_consultations, "{\"is_archive\":true}", "is_archive", "is_archived"},
        {wellness_client_goal_tips, "{\"goal\":\"g1\"}", "goal", "goal_id"},
    };
    wellness_client *client = NULL;
    size_t index;
    CHECK(wellness_client_new(config, strlen(config), &client, NULL) == WELLNESS_OK, "client");
    for (index = 0; client && index < sizeof CASES / sizeof CASES[0]; index++) {
        wellness_buf out = {0}, err = {0};
        wellness_status status;
        json_t *error;
        const char *path, *message;
        status = CASES[index].call(client, CASES[index].json, strlen(CASES[index].json), &out, &err);
        error = status == WELLNESS_E_VALIDATION ? json_loadb(err.ptr, err.len, 0, NULL) : NULL;
        path = json_string_value(json_object_get(error, "path"));
        message = json_string_value(json_object_get(error, "message"));
        CHECK(path && strcmp(path, CASES[index].path) == 0 && message && strstr(message, CASES[index].meant),
              "%s is refused at %s, naming %s: %s", CASES[index].json, CASES[index].path, CASES[index].meant,
              err.ptr ? err.ptr : wellness_strerror(status));
        json_decref(error);
        wellness_buf_free(&out);
        wellness_buf_free(&err);
    }
    wellness_client_free(client);
}

static void wrong_top_level(void) {
    /* 20 MB of [0,0,…] where an object belongs: refused without its tree. */
    size_t count = 10 * 1000 * 1000, index;
    char *huge = malloc(2 * count + 2);
    wellness_buf out = {0}, err = {0};
    wellness_status status;
    json_t *error;
    if (!huge) exit(2);
    huge[0] = '[';
    for (index = 0; index < count; index++) {
        huge[1 + 2 * index] = '0';
        huge[2 + 2 * index] = index + 1 < count ? ',' : ']';
    }
    status = wellness_insight_normalize(huge, 2 * count + 1, &out, &err);
    CHECK(status == WELLNESS_E_VALIDATION, "an array sent as an insight is a validation error (%d)", status);
    error = check_error("insight_normalize", status, &out, &err);
    CHECK(error && strcmp(json_string_value(json_object_get(error, "message")), "expected an object, found an array") == 0,
          "message names both kinds: %s", err.ptr);
    json_decref(error);
    wellness_buf_free(&err);
    free(huge);
}

static void oversized_input(void) {
    /* One byte over the limit: refused as an argument, before parsing. */
    size_t length = WELLNESS_MAX_INPUT_BYTES + 1;
    char *spaces = malloc(length);
    wellness_buf out = {0}, err = {0};
    wellness_status status;
    if (!spaces) exit(2);
    memset(spaces, ' ', length);
    status = wellness_insight_normalize(spaces, length, &out, &err);
    CHECK(status == WELLNESS_E_INVALID_ARGUMENT, "a document over WELLNESS_MAX_INPUT_BYTES is refused (%d)", status);
    json_decref(check_error("insight_normalize", status, &out, &err));
    wellness_buf_free(&err);
    free(spaces);
}

static void echo_is_truncated(void) {
    size_t length = 10 * 1000 * 1000;
    char *options = malloc(length + 32);
    wellness_buf out = {0}, err = {0};
    wellness_status status;
    if (!options) exit(2);
    strcpy(options, "{\"time_zone\":\"");
    memset(options + 14, 'x', length);
    strcpy(options + 14 + length, "\"}");
    status = wellness_series_aggregate(options, strlen(options), "[]", 2, &out, &err);
    CHECK(status == WELLNESS_E_VALIDATION, "a 10 MB zone name is a validation error");
    CHECK(err.len < 400, "the error document stays small: %zu bytes", err.len);
    json_decref(check_error("series_aggregate", status, &out, &err));
    wellness_buf_free(&err);
    free(options);
}

static void zone_names(void) {
    json_t *result = call_two("series_aggregate", wellness_series_aggregate, "{\"time_zone\":\"UTC\"}", "[]", NULL);
    wellness_status status;
    CHECK(result && strcmp(json_string_value(json_object_get(result, "time_zone")), "UTC") == 0,
          "UTC is echoed as UTC");
    json_decref(result);
    result = call_two("series_aggregate", wellness_series_aggregate, "{\"time_zone\":\"GMT+14:00\"}", "[]", &status);
    CHECK(status == WELLNESS_E_VALIDATION && !result, "GMT+14:00 is not an IANA name");
    result = call_two("series_aggregate", wellness_series_aggregate, "{\"time_zone\":\"Etc/GMT-14\"}", "[]", &status);
    CHECK(status == WELLNESS_OK && result, "Etc/GMT-14 is an IANA name");
    json_decref(result);
}

int main(void) {
    chart_extremes();
    finite_means();
    streak_past_today();
    bucket_limit();
    year_9999();
    local_dates_outside_years_1_to_9999();
    client_options_refuse_unknown_keys();
    wrong_top_level();
    oversized_input();
    echo_is_truncated();
    zone_names();
    return check_summary("c_regressions");
}
