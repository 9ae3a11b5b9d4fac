/* Helpers shared by the C tests: a CHECK that counts failures instead of
   stopping, a table of every JSON entry point of the library, and the
   checks every failed call must pass. */
#ifndef WELLNESS_TEST_CHECK_H
#define WELLNESS_TEST_CHECK_H

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wellness.h"

static int check_failures;
static int check_count;

#define CHECK(condition, ...)                                                 \
    do {                                                                      \
        check_count++;                                                        \
        if (!(condition)) {                                                   \
            check_failures++;                                                 \
            fprintf(stderr, "%s:%d: CHECK FAILED: ", __FILE__, __LINE__);     \
            fprintf(stderr, __VA_ARGS__);                                     \
            fputc('\n', stderr);                                              \
        }                                                                     \
    } while (0)

/* Prints the closing line and returns the exit status: a test that ran no
   check fails, rather than passing on nothing. */
static inline int check_summary(const char *name) {
    printf("%s: %d passed, %d failed\n", name, check_count - check_failures, check_failures);
    if (check_count == 0) fprintf(stderr, "%s: no check ran\n", name);
    return check_failures || check_count == 0 ? 1 : 0;
}

typedef wellness_status (*one_document_fn)(const char *, size_t, wellness_buf *, wellness_buf *);
typedef wellness_status (*two_document_fn)(const char *, size_t, const char *, size_t, wellness_buf *,
                                           wellness_buf *);

/* One JSON input of the ABI: a one-document call, or one of the two
   documents of a two-document call (the other given as `partner`). */
typedef struct entry_point {
    const char *name;
    one_document_fn one;
    two_document_fn two;
    int data_position; /* for `two`: 0 = the options document is under test, 1 = the data document */
    const char *partner;
} entry_point;

/* wellness_analytics_new and _emit as one-document calls, for the tables
   below. They have no `out`: the adapters give the handle's stats there, and
   follow the out rules of the ABI (reset first; NULL is an invalid argument,
   reported by wellness_analytics_stats). */
static inline wellness_status analytics_stats_into(wellness_analytics *analytics, wellness_status status,
                                                   wellness_buf *out, wellness_buf *err) {
    if (status == WELLNESS_OK || !out) status = wellness_analytics_stats(analytics, out, err);
    wellness_analytics_free(analytics);
    return status;
}

/* The configuration in; the new handle's stats out. */
/* The importers' options document, with an empty file (import_bytes) or
   the path the document names (import_file), no progress callback. */
static inline wellness_status import_bytes_entry(const char *json, size_t length, wellness_buf *out,
                                                 wellness_buf *err) {
    return wellness_import_bytes(json, length, "", 0, NULL, NULL, out, err);
}

static inline wellness_status import_file_entry(const char *json, size_t length, wellness_buf *out,
                                                wellness_buf *err) {
    return wellness_import_file(json, length, NULL, NULL, out, err);
}

static inline wellness_status analytics_new_entry(const char *json, size_t length, wellness_buf *out,
                                                  wellness_buf *err) {
    wellness_analytics *analytics = NULL;
    wellness_status status;
    if (out) out->ptr = NULL, out->len = 0;
    status = wellness_analytics_new(json, length, NULL, NULL, &analytics, err);
    return status == WELLNESS_OK ? analytics_stats_into(analytics, status, out, err) : status;
}

/* The event emitted into a new handle without a sink; the stats out. */
static inline wellness_status analytics_emit_entry(const char *json, size_t length, wellness_buf *out,
                                                   wellness_buf *err) {
    wellness_analytics *analytics = NULL;
    wellness_status status;
    if (out) out->ptr = NULL, out->len = 0;
    if (wellness_analytics_new("{}", 2, NULL, NULL, &analytics, NULL) != WELLNESS_OK) return WELLNESS_E_INTERNAL;
    status = out ? wellness_analytics_emit(analytics, json, length, err) : WELLNESS_OK;
    return analytics_stats_into(analytics, status, out, err);
}

static const entry_point ENTRY_POINTS[] = {
    {"insight_normalize", wellness_insight_normalize, NULL, 0, NULL},
    {"insight_response_normalize", wellness_insight_response_normalize, NULL, 0, NULL},
    {"insights_list_response_normalize", wellness_insights_list_response_normalize, NULL, 0, NULL},
    {"pagination_normalize", wellness_pagination_normalize, NULL, 0, NULL},
    {"insight_update_request_normalize", wellness_insight_update_request_normalize, NULL, 0, NULL},
    {"goal_suggestion_normalize", wellness_goal_suggestion_normalize, NULL, 0, NULL},
    {"goal_suggestions_response_normalize", wellness_goal_suggestions_response_normalize, NULL, 0, NULL},
    {"goal_tip_normalize", wellness_goal_tip_normalize, NULL, 0, NULL},
    {"goal_tips_response_normalize", wellness_goal_tips_response_normalize, NULL, 0, NULL},
    {"create_goal_request_normalize", wellness_create_goal_request_normalize, NULL, 0, NULL},
    {"goal_normalize", wellness_goal_normalize, NULL, 0, NULL},
    {"trends_response_normalize", wellness_trends_response_normalize, NULL, 0, NULL},
    {"consultation_normalize", wellness_consultation_normalize, NULL, 0, NULL},
    {"create_consultation_request_normalize", wellness_create_consultation_request_normalize, NULL, 0, NULL},
    {"consultation_message_normalize", wellness_consultation_message_normalize, NULL, 0, NULL},
    {"insight_view", wellness_insight_view, NULL, 0, NULL},
    {"goal_suggestion_view", wellness_goal_suggestion_view, NULL, 0, NULL},
    {"goal_tip_view", wellness_goal_tip_view, NULL, 0, NULL},
    {"create_goal_request_from_suggestion", wellness_create_goal_request_from_suggestion, NULL, 0, NULL},
    {"trend_view", wellness_trend_view, NULL, 0, NULL},
    {"trends_view", wellness_trends_view, NULL, 0, NULL},
    {"series_aggregate.options", NULL, wellness_series_aggregate, 0, "[]"},
    {"series_aggregate.samples", NULL, wellness_series_aggregate, 1, "{}"},
    {"series_chart.options", NULL, wellness_series_chart, 0, "[]"},
    {"series_chart.samples", NULL, wellness_series_chart, 1, "{}"},
    {"longevity_trends.options", NULL, wellness_longevity_trends, 0, "[]"},
    {"longevity_trends.entries", NULL, wellness_longevity_trends, 1, "{\"today\":\"2025-01-01\"}"},
    {"integration_destination", wellness_integration_destination, NULL, 0, NULL},
    {"integration_actions", wellness_integration_actions, NULL, 0, NULL},
    {"deep_link_parse", wellness_deep_link_parse, NULL, 0, NULL},
    {"deep_link_build", wellness_deep_link_build, NULL, 0, NULL},
    {"notification_insight", wellness_notification_insight, NULL, 0, NULL},
    {"notification_goal_progress", wellness_notification_goal_progress, NULL, 0, NULL},
    {"notification_progress_milestone", wellness_notification_progress_milestone, NULL, 0, NULL},
    {"notification_categories", wellness_notification_categories, NULL, 0, NULL},
    {"notification_response", wellness_notification_response, NULL, 0, NULL},
    {"analytics_event", wellness_analytics_event, NULL, 0, NULL},
    {"grounding_check", wellness_grounding_check, NULL, 0, NULL},
    {"analytics_metrics.options", NULL, wellness_analytics_metrics, 0, "[]"},
    {"analytics_metrics.log", NULL, wellness_analytics_metrics, 1, "{}"},
    {"analytics_new", analytics_new_entry, NULL, 0, NULL},
    {"analytics_emit", analytics_emit_entry, NULL, 0, NULL},
    {"import_bytes", import_bytes_entry, NULL, 0, NULL},
    {"import_file", import_file_entry, NULL, 0, NULL},
};
#define ENTRY_POINT_COUNT (sizeof ENTRY_POINTS / sizeof ENTRY_POINTS[0])

/* Test inputs are written with ' for " to stay readable (none needs a literal
   '); returns the JSON, which the caller frees. */
static inline char *from_quoted(const char *text) {
    size_t length = strlen(text), index;
    char *json = malloc(length + 1);
    if (!json) exit(2);
    for (index = 0; index <= length; index++) json[index] = text[index] == '\'' ? '"' : text[index];
    return json;
}

/* Calls one entry point with `json` as the input under test. */
static inline wellness_status call_entry(const entry_point *entry, const char *json, size_t length,
                                         wellness_buf *out, wellness_buf *err) {
    if (entry->one) return entry->one(json, length, out, err);
    if (entry->data_position == 0) return entry->two(json, length, entry->partner, strlen(entry->partner), out, err);
    return entry->two(entry->partner, strlen(entry->partner), json, length, out, err);
}

/* Checks that a failed call produced a well-formed error document for
   `status` (exactly code, name, message and path, with their types) and that
   `out` was left empty; returns the parsed document (or NULL), which the
   caller releases. */
static inline json_t *check_error(const char *name, wellness_status status, const wellness_buf *out,
                                  const wellness_buf *err) {
    json_error_t parse_error;
    json_t *error = err->ptr ? json_loadb(err->ptr, err->len, 0, &parse_error) : NULL;
    json_t *code, *code_name, *message, *path;
    CHECK(out->ptr == NULL && out->len == 0, "%s: out is {NULL, 0} on failure", name);
    CHECK(error != NULL, "%s: error JSON parses (%s)", name, err->ptr ? err->ptr : "no error document");
    if (!error) return NULL;
    CHECK(err->len == strlen(err->ptr), "%s: err.len excludes the NUL", name);
    code = json_object_get(error, "code");
    code_name = json_object_get(error, "name");
    message = json_object_get(error, "message");
    path = json_object_get(error, "path");
    CHECK(json_is_integer(code) && json_integer_value(code) == status, "%s: error code %s, status %d", name,
          err->ptr, status);
    CHECK(json_is_string(code_name) && strcmp(json_string_value(code_name), wellness_strerror(status)) == 0,
          "%s: error name %s is wellness_strerror(%d)", name, err->ptr, status);
    CHECK(json_is_string(message) && json_string_length(message) > 0, "%s: error message is not empty", name);
    CHECK(json_is_string(path) || json_is_null(path), "%s: error path is a string or null", name);
    CHECK(json_object_size(error) == 4, "%s: error has exactly code, name, message, path: %s", name, err->ptr);
    return error;
}

/* The "path" of an error document, or "null". */
static inline const char *path_of(json_t *error) {
    const char *path = json_string_value(json_object_get(error, "path"));
    return path ? path : "null";
}

#endif
