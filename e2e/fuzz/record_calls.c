/* An LD_PRELOAD shim that records every JSON input a program hands to
   libwellness as a fuzz input (the format of e2e/fuzz/fuzz_selectors.h),
   then calls the library. e2e/fuzz/make_corpus.py runs the C tests under
   it to turn the inputs the tests use into seeds:

     WELLNESS_FUZZ_RECORD_DIR=dir LD_PRELOAD=./record_calls.so ./test_models

   Each distinct input becomes one file, named by its FNV-1a hash; inputs
   longer than WELLNESS_FUZZ_RECORD_MAX bytes (default 65536, the fuzzer's
   -max_len) are skipped, as are options documents containing a NUL (the
   separator of the format). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_selectors.h"
#include "wellness.h"

typedef struct recording {
    unsigned char *bytes;
    size_t length, capacity;
} recording;

static void append(recording *r, const void *bytes, size_t length) {
    if (r->length + length > r->capacity) {
        size_t capacity = (r->length + length) * 2 + 64;
        unsigned char *grown = realloc(r->bytes, capacity);
        if (!grown) abort();
        r->bytes = grown;
        r->capacity = capacity;
    }
    if (length) memcpy(r->bytes + r->length, bytes, length);
    r->length += length;
}

/* The longest input recorded; longer ones (and impossible lengths such as
   SIZE_MAX, which the ABI tests pass on purpose) are skipped. */
static size_t limit(void) {
    const char *maximum = getenv("WELLNESS_FUZZ_RECORD_MAX");
    return maximum ? (size_t)strtoul(maximum, NULL, 10) : 65536u;
}

static void save(recording *r) {
    const char *directory = getenv("WELLNESS_FUZZ_RECORD_DIR");
    uint64_t hash = 1469598103934665603ull;
    size_t index;
    char path[4096];
    FILE *file;
    if (directory && r->length <= limit()) {
        for (index = 0; index < r->length; index++) hash = (hash ^ r->bytes[index]) * 1099511628211ull;
        snprintf(path, sizeof path, "%s/%016llx", directory, (unsigned long long)hash);
        if ((file = fopen(path, "wb"))) {
            fwrite(r->bytes, 1, r->length, file);
            fclose(file);
        }
    }
    free(r->bytes);
}

static void *next(const char *name) {
    void *function = dlsym(RTLD_NEXT, name);
    if (!function) {
        fprintf(stderr, "record_calls: no %s\n", name);
        abort();
    }
    return function;
}

static void record_one(unsigned char selector, const char *json, size_t len) {
    recording r = {NULL, 0, 0};
    if ((!json && len) || len > limit()) return;
    append(&r, &selector, 1);
    append(&r, json, len);
    save(&r);
}

static void record_two(unsigned char selector, const char *options, size_t options_len, const char *data,
                       size_t data_len) {
    recording r = {NULL, 0, 0};
    const char separator = FUZZ_SEPARATOR;
    if ((!options && options_len) || (!data && data_len) || options_len > limit() || data_len > limit()) return;
    if (options_len && memchr(options, FUZZ_SEPARATOR, options_len)) return;
    append(&r, &selector, 1);
    append(&r, options, options_len);
    append(&r, &separator, 1);
    append(&r, data, data_len);
    save(&r);
}

#define ONE_DOCUMENT(function, selector)                                                                  \
    wellness_status function(const char *json, size_t len, wellness_buf *out, wellness_buf *err) {        \
        static wellness_status (*real)(const char *, size_t, wellness_buf *, wellness_buf *);             \
        if (!real) *(void **)&real = next(#function);                                                     \
        record_one(selector, json, len);                                                                  \
        return real(json, len, out, err);                                                                 \
    }

#define TWO_DOCUMENT(function, selector)                                                                  \
    wellness_status function(const char *options, size_t options_len, const char *data, size_t data_len, \
                             wellness_buf *out, wellness_buf *err) {                                      \
        static wellness_status (*real)(const char *, size_t, const char *, size_t, wellness_buf *,        \
                                       wellness_buf *);                                                   \
        if (!real) *(void **)&real = next(#function);                                                     \
        record_two(selector, options, options_len, data, data_len);                                       \
        return real(options, options_len, data, data_len, out, err);                                      \
    }

ONE_DOCUMENT(wellness_insight_normalize, FUZZ_INSIGHT_NORMALIZE)
ONE_DOCUMENT(wellness_insight_response_normalize, FUZZ_INSIGHT_RESPONSE_NORMALIZE)
ONE_DOCUMENT(wellness_insights_list_response_normalize, FUZZ_INSIGHTS_LIST_RESPONSE_NORMALIZE)
ONE_DOCUMENT(wellness_pagination_normalize, FUZZ_PAGINATION_NORMALIZE)
ONE_DOCUMENT(wellness_insight_update_request_normalize, FUZZ_INSIGHT_UPDATE_REQUEST_NORMALIZE)
ONE_DOCUMENT(wellness_goal_suggestion_normalize, FUZZ_GOAL_SUGGESTION_NORMALIZE)
ONE_DOCUMENT(wellness_goal_suggestions_response_normalize, FUZZ_GOAL_SUGGESTIONS_RESPONSE_NORMALIZE)
ONE_DOCUMENT(wellness_goal_tip_normalize, FUZZ_GOAL_TIP_NORMALIZE)
ONE_DOCUMENT(wellness_goal_tips_response_normalize, FUZZ_GOAL_TIPS_RESPONSE_NORMALIZE)
ONE_DOCUMENT(wellness_create_goal_request_normalize, FUZZ_CREATE_GOAL_REQUEST_NORMALIZE)
ONE_DOCUMENT(wellness_goal_normalize, FUZZ_GOAL_NORMALIZE)
ONE_DOCUMENT(wellness_trends_response_normalize, FUZZ_TRENDS_RESPONSE_NORMALIZE)
ONE_DOCUMENT(wellness_consultation_normalize, FUZZ_CONSULTATION_NORMALIZE)
ONE_DOCUMENT(wellness_create_consultation_request_normalize, FUZZ_CREATE_CONSULTATION_REQUEST_NORMALIZE)
ONE_DOCUMENT(wellness_consultation_message_normalize, FUZZ_CONSULTATION_MESSAGE_NORMALIZE)
ONE_DOCUMENT(wellness_insight_view, FUZZ_INSIGHT_VIEW)
ONE_DOCUMENT(wellness_goal_suggestion_view, FUZZ_GOAL_SUGGESTION_VIEW)
ONE_DOCUMENT(wellness_goal_tip_view, FUZZ_GOAL_TIP_VIEW)
ONE_DOCUMENT(wellness_create_goal_request_from_suggestion, FUZZ_CREATE_GOAL_REQUEST_FROM_SUGGESTION)
ONE_DOCUMENT(wellness_trend_view, FUZZ_TREND_VIEW)
ONE_DOCUMENT(wellness_trends_view, FUZZ_TRENDS_VIEW)
TWO_DOCUMENT(wellness_series_aggregate, FUZZ_SERIES_AGGREGATE)
TWO_DOCUMENT(wellness_series_chart, FUZZ_SERIES_CHART)
TWO_DOCUMENT(wellness_longevity_trends, FUZZ_LONGEVITY_TRENDS)
ONE_DOCUMENT(wellness_integration_destination, FUZZ_INTEGRATION_DESTINATION)
ONE_DOCUMENT(wellness_integration_actions, FUZZ_INTEGRATION_ACTIONS)
ONE_DOCUMENT(wellness_deep_link_parse, FUZZ_DEEP_LINK_PARSE)
ONE_DOCUMENT(wellness_deep_link_build, FUZZ_DEEP_LINK_BUILD)
ONE_DOCUMENT(wellness_notification_insight, FUZZ_NOTIFICATION_INSIGHT)
ONE_DOCUMENT(wellness_notification_goal_progress, FUZZ_NOTIFICATION_GOAL_PROGRESS)
ONE_DOCUMENT(wellness_notification_progress_milestone, FUZZ_NOTIFICATION_PROGRESS_MILESTONE)
ONE_DOCUMENT(wellness_notification_categories, FUZZ_NOTIFICATION_CATEGORIES)
ONE_DOCUMENT(wellness_notification_response, FUZZ_NOTIFICATION_RESPONSE)
ONE_DOCUMENT(wellness_analytics_event, FUZZ_ANALYTICS_EVENT)
ONE_DOCUMENT(wellness_grounding_check, FUZZ_GROUNDING_CHECK)
TWO_DOCUMENT(wellness_analytics_metrics, FUZZ_ANALYTICS_METRICS)

/* Columns become raw records: control byte 0x06 (raw int64 timestamp, raw double value). */
wellness_status wellness_series_aggregate_columns(const char *options, size_t options_len, const int64_t *timestamps,
                                                  const double *values, size_t count, wellness_buf *out,
                                                  wellness_buf *err) {
    static wellness_status (*real)(const char *, size_t, const int64_t *, const double *, size_t, wellness_buf *,
                                   wellness_buf *);
    if (!real) *(void **)&real = next("wellness_series_aggregate_columns");
    if ((options || !options_len) && (timestamps && values ? 1 : count == 0) && options_len <= limit() &&
        count <= limit() / 17 &&
        !(options_len && memchr(options, FUZZ_SEPARATOR, options_len))) {
        recording r = {NULL, 0, 0};
        unsigned char selector = FUZZ_SERIES_AGGREGATE_COLUMNS, control = 0x06;
        const char separator = FUZZ_SEPARATOR;
        size_t index;
        append(&r, &selector, 1);
        append(&r, options, options_len);
        append(&r, &separator, 1);
        for (index = 0; index < count; index++) {
            append(&r, &control, 1);
            append(&r, &timestamps[index], 8);
            append(&r, &values[index], 8);
        }
        save(&r);
    }
    return real(options, options_len, timestamps, values, count, out, err);
}

/* Tables documents as they are; queries as documents (the harness runs them on its own fixed tables). */
wellness_status wellness_query_tables_new(const char *json, size_t len, wellness_query_tables **tables,
                                          wellness_buf *err) {
    static wellness_status (*real)(const char *, size_t, wellness_query_tables **, wellness_buf *);
    if (!real) *(void **)&real = next("wellness_query_tables_new");
    record_one(FUZZ_QUERY_TABLES_NEW, json, len);
    return real(json, len, tables, err);
}

#define QUERY_CALL(function, selector)                                                                    \
    wellness_status function(const wellness_query_tables *tables, const char *json, size_t len,          \
                             wellness_buf *out, wellness_buf *err) {                                      \
        static wellness_status (*real)(const wellness_query_tables *, const char *, size_t, wellness_buf *, \
                                       wellness_buf *);                                                   \
        if (!real) *(void **)&real = next(#function);                                                     \
        record_one(selector, json, len);                                                                  \
        return real(tables, json, len, out, err);                                                        \
    }

QUERY_CALL(wellness_query, FUZZ_QUERY)
QUERY_CALL(wellness_query_many, FUZZ_QUERY_MANY)
QUERY_CALL(wellness_query_ask, FUZZ_QUERY_ASK)

wellness_status wellness_client_new(const char *config_json, size_t config_len, wellness_client **client,
                                    wellness_buf *err) {
    static wellness_status (*real)(const char *, size_t, wellness_client **, wellness_buf *);
    if (!real) *(void **)&real = next("wellness_client_new");
    record_one(FUZZ_CLIENT_NEW, config_json, config_len);
    return real(config_json, config_len, client, err);
}

wellness_status wellness_analytics_new(const char *config_json, size_t config_len, wellness_analytics_sink_fn sink,
                                       void *userdata, wellness_analytics **analytics, wellness_buf *err) {
    static wellness_status (*real)(const char *, size_t, wellness_analytics_sink_fn, void *, wellness_analytics **,
                                   wellness_buf *);
    if (!real) *(void **)&real = next("wellness_analytics_new");
    record_one(FUZZ_ANALYTICS_NEW, config_json, config_len);
    return real(config_json, config_len, sink, userdata, analytics, err);
}

wellness_status wellness_analytics_emit(wellness_analytics *analytics, const char *json, size_t len,
                                        wellness_buf *err) {
    static wellness_status (*real)(wellness_analytics *, const char *, size_t, wellness_buf *);
    if (!real) *(void **)&real = next("wellness_analytics_emit");
    record_one(FUZZ_ANALYTICS_EMIT, json, len);
    return real(analytics, json, len, err);
}
