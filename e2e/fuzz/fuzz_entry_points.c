/* libFuzzer harness for every JSON entry point of libwellness that needs no
   server: the model, presentation, series, trends and chart calls, the
   columnar series call and the client configuration parser.

   The first input byte selects the entry point (e2e/fuzz/fuzz_selectors.h
   describes the input format). Every call must keep the ABI's promises; a
   broken promise abort()s, so that libFuzzer (or e2e/fuzz/replay_main.c)
   records the input:
     - the status is WELLNESS_OK, WELLNESS_E_INVALID_JSON or
       WELLNESS_E_VALIDATION (nothing else can come from these calls; an
       E_INTERNAL is a library defect);
     - on success `out` is NUL-terminated JSON that Jansson parses strictly
       (JSON_DECODE_ANY; Jansson rejects NaN, Infinity and numbers that
       overflow a double), every real number in it is finite, and `err`
       stays {NULL, 0};
     - on failure `out` stays {NULL, 0} and `err` is {"code": status,
       "name": wellness_strerror(status), "message": "...", "path": string
       or null};
     - consistency: a normalised model normalises to itself; the request
       built from a suggestion is a valid CreateGoalRequest; computed
       longevity trends are a valid trends response; a chart's SVG has no
       NaN or infinite coordinates; a client configuration's credentials
       never appear in its error.
   Every buffer is released; the sanitizers report leaks and bad accesses.

   C99; built with -fsanitize=fuzzer for `make fuzz` and without it, next to
   replay_main.c, for the replay test. */
#include <ctype.h>
#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_selectors.h"
#include "wellness.h"

typedef wellness_status (*one_document_call)(const char *, size_t, wellness_buf *, wellness_buf *);
typedef wellness_status (*two_document_call)(const char *, size_t, const char *, size_t, wellness_buf *,
                                             wellness_buf *);

enum shape {
    ONE,       /* one document in, JSON out */
    NORMALIZE, /* the same, and the output must normalise to itself */
    TWO,       /* options and data documents */
    COLUMNS,   /* options document and binary columns */
    GROUPS,    /* the same, each record's group derived from its timestamp */
    CLIENT,    /* client configuration */
    ANALYTICS_NEW, /* analytics configuration */
    ANALYTICS_EMIT, /* one event into an analytics handle */
    CLIENT_NAVIGATE, /* a destination request to a client */
    CLIENT_STREAM,  /* streamed message parameters to a client of a closed port */
    QUERY_TABLES,   /* a query tables document */
    QUERY,          /* a query (or {"queries": [...]}, or a question) on fixed tables */
    CLIENT_ACCOUNT, /* an account or workouts call's parameters to a client of a closed port */
    QUERY_ARROW,    /* query tables from Arrow structs whose every field the input sets */
    IMPORT          /* an importer's options and file bytes (or a file's options) */
};

typedef struct target {
    const char *name;
    enum shape shape;
    one_document_call one;
    two_document_call two;
} target;

static const target TARGETS[FUZZ_SELECTOR_COUNT] = {
    [FUZZ_INSIGHT_NORMALIZE] = {"insight_normalize", NORMALIZE, wellness_insight_normalize, NULL},
    [FUZZ_INSIGHT_RESPONSE_NORMALIZE] = {"insight_response_normalize", NORMALIZE,
                                         wellness_insight_response_normalize, NULL},
    [FUZZ_INSIGHTS_LIST_RESPONSE_NORMALIZE] = {"insights_list_response_normalize", NORMALIZE,
                                               wellness_insights_list_response_normalize, NULL},
    [FUZZ_PAGINATION_NORMALIZE] = {"pagination_normalize", NORMALIZE, wellness_pagination_normalize, NULL},
    [FUZZ_INSIGHT_UPDATE_REQUEST_NORMALIZE] = {"insight_update_request_normalize", NORMALIZE,
                                               wellness_insight_update_request_normalize, NULL},
    [FUZZ_GOAL_SUGGESTION_NORMALIZE] = {"goal_suggestion_normalize", NORMALIZE, wellness_goal_suggestion_normalize,
                                        NULL},
    [FUZZ_GOAL_SUGGESTIONS_RESPONSE_NORMALIZE] = {"goal_suggestions_response_normalize", NORMALIZE,
                                                  wellness_goal_suggestions_response_normalize, NULL},
    [FUZZ_GOAL_TIP_NORMALIZE] = {"goal_tip_normalize", NORMALIZE, wellness_goal_tip_normalize, NULL},
    [FUZZ_GOAL_TIPS_RESPONSE_NORMALIZE] = {"goal_tips_response_normalize", NORMALIZE,
                                           wellness_goal_tips_response_normalize, NULL},
    [FUZZ_CREATE_GOAL_REQUEST_NORMALIZE] = {"create_goal_request_normalize", NORMALIZE,
                                            wellness_create_goal_request_normalize, NULL},
    [FUZZ_GOAL_NORMALIZE] = {"goal_normalize", NORMALIZE, wellness_goal_normalize, NULL},
    [FUZZ_TRENDS_RESPONSE_NORMALIZE] = {"trends_response_normalize", NORMALIZE, wellness_trends_response_normalize,
                                        NULL},
    [FUZZ_CONSULTATION_NORMALIZE] = {"consultation_normalize", NORMALIZE, wellness_consultation_normalize, NULL},
    [FUZZ_CREATE_CONSULTATION_REQUEST_NORMALIZE] = {"create_consultation_request_normalize", NORMALIZE,
                                                    wellness_create_consultation_request_normalize, NULL},
    [FUZZ_CONSULTATION_MESSAGE_NORMALIZE] = {"consultation_message_normalize", NORMALIZE,
                                             wellness_consultation_message_normalize, NULL},
    [FUZZ_INSIGHT_VIEW] = {"insight_view", ONE, wellness_insight_view, NULL},
    [FUZZ_GOAL_SUGGESTION_VIEW] = {"goal_suggestion_view", ONE, wellness_goal_suggestion_view, NULL},
    [FUZZ_GOAL_TIP_VIEW] = {"goal_tip_view", ONE, wellness_goal_tip_view, NULL},
    [FUZZ_CREATE_GOAL_REQUEST_FROM_SUGGESTION] = {"create_goal_request_from_suggestion", ONE,
                                                  wellness_create_goal_request_from_suggestion, NULL},
    [FUZZ_TREND_VIEW] = {"trend_view", ONE, wellness_trend_view, NULL},
    [FUZZ_TRENDS_VIEW] = {"trends_view", ONE, wellness_trends_view, NULL},
    [FUZZ_SERIES_AGGREGATE] = {"series_aggregate", TWO, NULL, wellness_series_aggregate},
    [FUZZ_SERIES_CHART] = {"series_chart", TWO, NULL, wellness_series_chart},
    [FUZZ_LONGEVITY_TRENDS] = {"longevity_trends", TWO, NULL, wellness_longevity_trends},
    [FUZZ_SERIES_AGGREGATE_COLUMNS] = {"series_aggregate_columns", COLUMNS, NULL, NULL},
    [FUZZ_CLIENT_NEW] = {"client_new", CLIENT, NULL, NULL},
    [FUZZ_INTEGRATION_DESTINATION] = {"integration_destination", ONE, wellness_integration_destination, NULL},
    [FUZZ_INTEGRATION_ACTIONS] = {"integration_actions", ONE, wellness_integration_actions, NULL},
    [FUZZ_DEEP_LINK_PARSE] = {"deep_link_parse", ONE, wellness_deep_link_parse, NULL},
    [FUZZ_DEEP_LINK_BUILD] = {"deep_link_build", ONE, wellness_deep_link_build, NULL},
    [FUZZ_NOTIFICATION_INSIGHT] = {"notification_insight", ONE, wellness_notification_insight, NULL},
    [FUZZ_NOTIFICATION_GOAL_PROGRESS] = {"notification_goal_progress", ONE, wellness_notification_goal_progress, NULL},
    [FUZZ_NOTIFICATION_PROGRESS_MILESTONE] = {"notification_progress_milestone", ONE,
                                              wellness_notification_progress_milestone, NULL},
    [FUZZ_NOTIFICATION_CATEGORIES] = {"notification_categories", ONE, wellness_notification_categories, NULL},
    [FUZZ_NOTIFICATION_RESPONSE] = {"notification_response", ONE, wellness_notification_response, NULL},
    [FUZZ_ANALYTICS_EVENT] = {"analytics_event", NORMALIZE, wellness_analytics_event, NULL},
    [FUZZ_ANALYTICS_METRICS] = {"analytics_metrics", TWO, NULL, wellness_analytics_metrics},
    [FUZZ_ANALYTICS_NEW] = {"analytics_new", ANALYTICS_NEW, NULL, NULL},
    [FUZZ_ANALYTICS_EMIT] = {"analytics_emit", ANALYTICS_EMIT, NULL, NULL},
    [FUZZ_CLIENT_NAVIGATE] = {"client_navigate", CLIENT_NAVIGATE, NULL, NULL},
    [FUZZ_GROUNDING_CHECK] = {"grounding_check", ONE, wellness_grounding_check, NULL},
    [FUZZ_SERIES_AGGREGATE_GROUPS] = {"series_aggregate_groups", GROUPS, NULL, NULL},
    [FUZZ_CLIENT_SEND_MESSAGE_STREAM] = {"client_send_message_stream", CLIENT_STREAM, NULL, NULL},
    [FUZZ_QUERY_TABLES_NEW] = {"query_tables_new", QUERY_TABLES, NULL, NULL},
    [FUZZ_QUERY] = {"query", QUERY, NULL, NULL},
    [FUZZ_QUERY_MANY] = {"query_many", QUERY, NULL, NULL},
    [FUZZ_QUERY_ASK] = {"query_ask", QUERY, NULL, NULL},
    [FUZZ_CLIENT_EXPORT_ACCOUNT] = {"client_export_account", CLIENT_ACCOUNT, NULL, NULL},
    [FUZZ_CLIENT_ERASE_ACCOUNT] = {"client_erase_account", CLIENT_ACCOUNT, NULL, NULL},
    [FUZZ_CLIENT_ERASE_LOCAL_DATA] = {"client_erase_local_data", CLIENT_ACCOUNT, NULL, NULL},
    [FUZZ_CLIENT_POST_WORKOUTS] = {"client_post_workouts", CLIENT_ACCOUNT, NULL, NULL},
    [FUZZ_CLIENT_LIST_WORKOUTS] = {"client_list_workouts", CLIENT_ACCOUNT, NULL, NULL},
    [FUZZ_CLIENT_DELETE_WORKOUT] = {"client_delete_workout", CLIENT_ACCOUNT, NULL, NULL},
    [FUZZ_QUERY_TABLES_NEW_ARROW] = {"query_tables_new_arrow", QUERY_ARROW, NULL, NULL},
    [FUZZ_IMPORT_BYTES] = {"import_bytes", IMPORT, NULL, NULL},
    [FUZZ_IMPORT_FILE] = {"import_file", IMPORT, NULL, NULL},
    [FUZZ_CLIENT_POST_DAILY_METRICS] = {"client_post_daily_metrics", CLIENT_ACCOUNT, NULL, NULL},
    [FUZZ_CLIENT_LIST_DAILY_METRICS] = {"client_list_daily_metrics", CLIENT_ACCOUNT, NULL, NULL},
    [FUZZ_CLIENT_DELETE_DAILY_METRICS] = {"client_delete_daily_metrics", CLIENT_ACCOUNT, NULL, NULL},
    [FUZZ_CLIENT_GET_PROFILE] = {"client_get_profile", CLIENT_ACCOUNT, NULL, NULL},
    [FUZZ_CLIENT_SET_PROFILE] = {"client_set_profile", CLIENT_ACCOUNT, NULL, NULL},
};

/* The most column records one input makes (each takes 1 to 17 bytes). */
#define MAX_RECORDS 8192

/* The entry point under test, for the messages of violations. */
static const char *current = "?";

/* Reports a broken promise and aborts, so that the input is kept. */
static void violation(const char *what, const char *document, size_t length) {
    fprintf(stderr, "\nfuzz_entry_points: ABI VIOLATION in wellness_%s: %s\n", current, what);
    if (document) fprintf(stderr, "  document (%zu bytes): %.*s\n", length, length > 4000 ? 4000 : (int)length, document);
    fflush(stderr);
    abort();
}

/* Whether a kind of violation is tolerated: WELLNESS_FUZZ_TOLERATE lists
   kinds ("nonfinite": NaN or infinite numbers in an output, "svg": NaN or
   infinite numbers in a chart's SVG), so that fuzzing can get past a known,
   still open defect to the code behind it. Never set in tests. */
static int tolerated(const char *kind) {
    const char *list = getenv("WELLNESS_FUZZ_TOLERATE");
    return list && strstr(list, kind) != NULL;
}

/* Whether `buf` holds a bare nan or inf number (Swift's spelling of a
   non-finite Double): a value position, then -?(nan|inf), then , } or ]. */
static int has_nonfinite_token(const char *text, size_t length) {
    size_t index;
    for (index = 1; index + 3 <= length; index++) {
        size_t start = index;
        if (text[index] == '-') index++;
        if (index + 3 <= length && (memcmp(text + index, "inf", 3) == 0 || memcmp(text + index, "nan", 3) == 0) &&
            text[start - 1] && strchr(":,[", text[start - 1]) &&
            (index + 3 == length || (text[index + 3] && strchr(",}]", text[index + 3]))))
            return 1;
        index = start;
    }
    return 0;
}

/* A heap copy of `length` bytes, exactly that long, so that ASan sees any
   read past the caller's input. */
static char *copy_of(const uint8_t *bytes, size_t length) {
    char *copy = malloc(length ? length : 1);
    if (!copy) abort();
    if (length) memcpy(copy, bytes, length);
    return copy;
}

/* Whether every real number in `value` is finite. */
static int all_finite(json_t *value) {
    size_t index;
    const char *key;
    json_t *member;
    switch (json_typeof(value)) {
    case JSON_REAL:
        return isfinite(json_real_value(value));
    case JSON_ARRAY:
        json_array_foreach(value, index, member) if (!all_finite(member)) return 0;
        return 1;
    case JSON_OBJECT:
        json_object_foreach(value, key, member) if (!all_finite(member)) return 0;
        return 1;
    default:
        return 1;
    }
}

/* Parses a library buffer strictly. JSON_ALLOW_NUL only because an escaped
   NUL in an input string (\u0000) legitimately comes back escaped. */
static json_t *parse_buffer(const wellness_buf *buf, const char *which) {
    json_error_t error;
    json_t *document;
    if (!buf->ptr) violation(which[0] == 'o' ? "NULL output buffer" : "NULL error buffer", NULL, 0);
    if (buf->ptr[buf->len] != '\0') violation("buffer is not NUL-terminated at len", buf->ptr, buf->len);
    document = json_loadb(buf->ptr, buf->len, JSON_DECODE_ANY | JSON_ALLOW_NUL, &error);
    if (!document && tolerated("nonfinite") && has_nonfinite_token(buf->ptr, buf->len)) return NULL;
    if (!document) {
        char message[400];
        snprintf(message, sizeof message, "%s does not parse as JSON: %s (position %d)", which, error.text,
                 error.position);
        violation(message, buf->ptr, buf->len);
    }
    if (!all_finite(document) && !tolerated("nonfinite")) violation("a real number is not finite", buf->ptr, buf->len);
    return document;
}

/* Checks a call's result; returns the parsed output on success (the caller
   releases it) and NULL on failure. Frees nothing. */
/* Set while a call that may try the network runs: WELLNESS_E_NETWORK is then one of its answers. */
static int network_expected;

/* Set while an importer runs: a damaged file is WELLNESS_E_INVALID_ARGUMENT. */
static int invalid_argument_expected;

static json_t *check_result(wellness_status status, const wellness_buf *out, const wellness_buf *err) {
    json_t *error, *code, *name, *message, *path;
    char text[200];
    if (status == WELLNESS_OK) {
        if (err->ptr || err->len) violation("err is not {NULL, 0} on success", err->ptr, err->ptr ? err->len : 0);
        return parse_buffer(out, "output");
    }
    if (status != WELLNESS_E_INVALID_JSON && status != WELLNESS_E_VALIDATION &&
        !(status == WELLNESS_E_NETWORK && network_expected) &&
        !(status == WELLNESS_E_INVALID_ARGUMENT && invalid_argument_expected)) {
        snprintf(text, sizeof text, "unexpected status %d (%s)", status, wellness_strerror(status));
        violation(text, err->ptr, err->ptr ? err->len : 0);
    }
    if (out->ptr || out->len) violation("out is not {NULL, 0} on failure", out->ptr, out->ptr ? out->len : 0);
    if (!err->ptr) violation("no error document", NULL, 0);
    error = parse_buffer(err, "error document");
    if (!error) return NULL; /* only when tolerated */
    code = json_object_get(error, "code");
    name = json_object_get(error, "name");
    message = json_object_get(error, "message");
    path = json_object_get(error, "path");
    if (!json_is_object(error) || json_object_size(error) != 4)
        violation("the error is not an object of exactly code, name, message and path", err->ptr, err->len);
    if (!json_is_integer(code) || json_integer_value(code) != status)
        violation("error code is not the status", err->ptr, err->len);
    if (!json_is_string(name) || strcmp(json_string_value(name), wellness_strerror(status)) != 0)
        violation("error name is not wellness_strerror(status)", err->ptr, err->len);
    if (!json_is_string(message) || json_string_length(message) == 0)
        violation("error message is not a non-empty string", err->ptr, err->len);
    if (!json_is_string(path) && !json_is_null(path))
        violation("error path is neither a string nor null", err->ptr, err->len);
    json_decref(error);
    return NULL;
}

/* Feeds a successful output to `call`, which must accept it; when `same` is
   set the result must be byte-for-byte that output (normalising twice
   changes nothing). */
static void check_accepted(one_document_call call, const char *call_name, const wellness_buf *produced, int same) {
    wellness_buf out = {0}, err = {0};
    char *input = copy_of((const uint8_t *)produced->ptr, produced->len);
    wellness_status status = call(input, produced->len, &out, &err);
    json_t *result = check_result(status, &out, &err);
    char text[300];
    if (status != WELLNESS_OK) {
        snprintf(text, sizeof text, "wellness_%s rejects this output (%s)", call_name, err.ptr);
        violation(text, produced->ptr, produced->len);
    }
    if (same && (out.len != produced->len || memcmp(out.ptr, produced->ptr, out.len) != 0)) {
        fprintf(stderr, "  normalised again: %.*s\n", out.len > 4000 ? 4000 : (int)out.len, out.ptr);
        violation("normalising the normalised output changes it", produced->ptr, produced->len);
    }
    json_decref(result);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    free(input);
}

/* A chart's SVG: printf renders NaN and infinities as "nan" and "inf",
   which no SVG viewer can draw. No word of the SVG may be nan, inf or
   infinity (in any case); "dominant-baseline" is fine. */
static void check_svg(json_t *chart, const wellness_buf *out) {
    const char *start = json_string_value(json_object_get(chart, "svg")), *svg = start, *word;
    if (!svg) violation("the chart has no \"svg\" string", out->ptr, out->len);
    while (*svg) {
        size_t length = 0;
        char lower[9];
        while (*svg && !isalpha((unsigned char)*svg)) svg++;
        for (word = svg; isalpha((unsigned char)*svg); svg++, length++)
            if (length < sizeof lower - 1) lower[length] = (char)tolower((unsigned char)*svg);
        if (length == 0 || length >= sizeof lower) continue;
        lower[length] = '\0';
        if ((strcmp(lower, "nan") == 0 || strcmp(lower, "inf") == 0 || strcmp(lower, "infinity") == 0) &&
            !tolerated("svg")) {
            const char *context = word - start > 150 ? word - 150 : start;
            size_t shown = 0;
            while (shown < 300 && context[shown]) shown++;
            violation("the SVG has a NaN or infinite number", context, shown);
        }
    }
}

/* A parsed link builds back to the canonical URL the parse reported, and
   that URL parses to the same link (the scheme given to the parse is reused). */
static void check_deep_link(json_t *parsed, const char *input, size_t length) {
    json_t *request = json_loadb(input, length, JSON_ALLOW_NUL, NULL), *build, *built;
    json_t *link = json_object_get(parsed, "link"), *scheme = json_object_get(request, "scheme");
    wellness_buf out = {0}, err = {0};
    char *text;
    if (json_is_null(link)) {
        json_decref(request);
        return;
    }
    build = json_pack("{sO}", "link", link);
    if (json_is_string(scheme)) json_object_set(build, "scheme", scheme);
    text = json_dumps(build, JSON_COMPACT);
    if (!text) abort();
    if (wellness_deep_link_build(text, strlen(text), &out, &err) != WELLNESS_OK)
        violation("the parsed link does not build", err.ptr, err.ptr ? err.len : 0);
    built = json_loadb(out.ptr, out.len, JSON_ALLOW_NUL, NULL);
    if (!json_equal(json_object_get(built, "url"), json_object_get(parsed, "url")))
        violation("building the parsed link gives another URL", out.ptr, out.len);
    json_decref(built);
    json_decref(build);
    json_decref(request);
    free(text);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
}

/* Jansson as a second, independent parser: a document it finds malformed
   (not merely too deep or a number too large for it) must not be accepted. */
static void check_rejected_if_malformed(wellness_status status, const char *document, size_t length) {
    json_error_t error;
    json_t *parsed;
    enum json_error_code code;
    if (status != WELLNESS_OK) return;
    parsed = json_loadb(document, length, JSON_DECODE_ANY | JSON_ALLOW_NUL | JSON_DECODE_INT_AS_REAL, &error);
    if (parsed) {
        json_decref(parsed);
        return;
    }
    code = json_error_code(&error);
    if (code == json_error_invalid_syntax || code == json_error_invalid_utf8 ||
        code == json_error_premature_end_of_input || code == json_error_end_of_input_expected) {
        char message[400];
        snprintf(message, sizeof message, "accepted a document Jansson rejects: %s (position %d)", error.text,
                 error.position);
        violation(message, document, length);
    }
}

static void run_one(const target *t, const uint8_t *payload, size_t length) {
    wellness_buf out = {0}, err = {0};
    char *input = copy_of(payload, length);
    wellness_status status = t->one(input, length, &out, &err);
    json_t *result = check_result(status, &out, &err);
    check_rejected_if_malformed(status, input, length);
    if (result) {
        if (t->shape == NORMALIZE) check_accepted(t->one, t->name, &out, 1);
        if (t->one == wellness_create_goal_request_from_suggestion)
            check_accepted(wellness_create_goal_request_normalize, "create_goal_request_normalize", &out, 0);
        if (t->one == wellness_deep_link_parse) check_deep_link(result, input, length);
    }
    json_decref(result);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    free(input);
}

/* Splits `payload` at the first separator: options before, data after; or,
   without one, the default options and the whole payload. */
static void split(const uint8_t *payload, size_t length, char **options, size_t *options_length,
                  const uint8_t **data, size_t *data_length) {
    const uint8_t *separator = length ? memchr(payload, FUZZ_SEPARATOR, length) : NULL;
    if (separator) {
        *options_length = (size_t)(separator - payload);
        *options = copy_of(payload, *options_length);
        *data = separator + 1;
        *data_length = length - *options_length - 1;
    } else {
        *options_length = strlen(FUZZ_DEFAULT_OPTIONS);
        *options = copy_of((const uint8_t *)FUZZ_DEFAULT_OPTIONS, *options_length);
        *data = payload;
        *data_length = length;
    }
}

static void run_two(const target *t, const uint8_t *payload, size_t length) {
    wellness_buf out = {0}, err = {0};
    char *options, *data;
    size_t options_length, data_length;
    const uint8_t *data_bytes;
    wellness_status status;
    json_t *result;
    split(payload, length, &options, &options_length, &data_bytes, &data_length);
    data = copy_of(data_bytes, data_length);
    status = t->two(options, options_length, data, data_length, &out, &err);
    result = check_result(status, &out, &err);
    check_rejected_if_malformed(status, options, options_length);
    /* analytics_metrics also reads JSON Lines, which is no one document. */
    if (t->two != wellness_analytics_metrics) check_rejected_if_malformed(status, data, data_length);
    if (result && t->two == wellness_series_chart) check_svg(result, &out);
    if (result && t->two == wellness_longevity_trends) {
        check_accepted(wellness_trends_response_normalize, "trends_response_normalize", &out, 0);
        check_accepted(wellness_trends_view, "trends_view", &out, 0);
    }
    json_decref(result);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    free(options);
    free(data);
}

/* Reads `size` bytes at *cursor into `into`; 0 when too few remain. */
static int take(const uint8_t **cursor, const uint8_t *end, void *into, size_t size) {
    if ((size_t)(end - *cursor) < size) return 0;
    memcpy(into, *cursor, size);
    *cursor += size;
    return 1;
}

/* Column records: a control byte, then the timestamp and value fields it
   announces. Bits 0-1 of the control byte: the timestamp is the previous one
   plus 0) 60 s x uint16, 1) int32 seconds, 3) 86400 s x int8; or 2) a raw
   int64. Bits 2-3: the value is 0) an int8, 1) a raw double (any bits: NaN,
   infinities, 1e308), 2) an int16 / 100, 3) bit 4 of the control byte (0 or
   1, for boolean series). Timestamps start at FUZZ_COLUMN_EPOCH. Arithmetic
   wraps (unsigned), as the library must cope with any int64. */
static size_t read_columns(const uint8_t *bytes, size_t length, int64_t *timestamps, double *values) {
    const uint8_t *cursor = bytes, *end = bytes + length;
    uint64_t timestamp = FUZZ_COLUMN_EPOCH;
    size_t count = 0;
    while (cursor < end && count < MAX_RECORDS) {
        uint8_t control = *cursor++;
        uint16_t u16;
        int32_t i32;
        int64_t i64;
        int8_t i8;
        int16_t i16;
        double real;
        switch (control & 3) {
        case 0:
            if (!take(&cursor, end, &u16, 2)) return count;
            timestamp += 60u * (uint64_t)u16;
            break;
        case 1:
            if (!take(&cursor, end, &i32, 4)) return count;
            timestamp += (uint64_t)(int64_t)i32;
            break;
        case 2:
            if (!take(&cursor, end, &i64, 8)) return count;
            timestamp = (uint64_t)i64;
            break;
        default:
            if (!take(&cursor, end, &i8, 1)) return count;
            timestamp += 86400u * (uint64_t)(int64_t)i8;
            break;
        }
        switch ((control >> 2) & 3) {
        case 0:
            if (!take(&cursor, end, &i8, 1)) return count;
            real = i8;
            break;
        case 1:
            if (!take(&cursor, end, &real, 8)) return count;
            break;
        case 2:
            if (!take(&cursor, end, &i16, 2)) return count;
            real = i16 / 100.0;
            break;
        default:
            real = (control >> 4) & 1;
            break;
        }
        /* Two's complement conversion without implementation-defined behaviour. */
        timestamps[count] = timestamp <= INT64_MAX ? (int64_t)timestamp : -(int64_t)(~timestamp) - 1;
        values[count] = real;
        count++;
    }
    return count;
}

static void run_columns(const uint8_t *payload, size_t length) {
    wellness_buf out = {0}, err = {0};
    char *options;
    size_t options_length, data_length, count;
    const uint8_t *data;
    int64_t *timestamps, *all_timestamps = malloc(MAX_RECORDS * sizeof *all_timestamps);
    double *values, *all_values = malloc(MAX_RECORDS * sizeof *all_values);
    wellness_status status;
    if (!all_timestamps || !all_values) abort();
    split(payload, length, &options, &options_length, &data, &data_length);
    count = read_columns(data, data_length, all_timestamps, all_values);
    /* Exactly `count` elements on the heap (NULL for none, as the ABI allows). */
    timestamps = count ? malloc(count * sizeof *timestamps) : NULL;
    values = count ? malloc(count * sizeof *values) : NULL;
    if (count && (!timestamps || !values)) abort();
    if (count) {
        memcpy(timestamps, all_timestamps, count * sizeof *timestamps);
        memcpy(values, all_values, count * sizeof *values);
    }
    status = wellness_series_aggregate_columns(options, options_length, timestamps, values, count, &out, &err);
    json_decref(check_result(status, &out, &err));
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    free(options);
    free(timestamps);
    free(values);
    free(all_timestamps);
    free(all_values);
}

/* The Arrow struct a successful grouped call hands over must be one any
   consumer can walk: as many rows in every column as in the struct, buffers
   where the format needs them, offsets that stay inside the text. Then it is
   released, once, as a consumer would. */
static void check_arrow(struct ArrowSchema *schema, struct ArrowArray *array) {
    int64_t column, row;
    if (strcmp(schema->format, "+s") != 0 || schema->n_children != array->n_children || array->length < 0) {
        violation("the Arrow result is not a struct of its columns", NULL, 0);
    }
    for (column = 0; column < array->n_children; column++) {
        const struct ArrowSchema *field = schema->children[column];
        const struct ArrowArray *values = array->children[column];
        if (values->length != array->length || values->null_count < 0 || values->null_count > values->length) {
            violation("an Arrow column's length or null count disagrees with the struct's", field->name, strlen(field->name));
        }
        if (strcmp(field->format, "u") == 0) {
            const int32_t *offsets = values->buffers[1];
            if (offsets[0] != 0) violation("a text column's offsets do not start at 0", field->name, strlen(field->name));
            for (row = 0; row < values->length; row++) {
                if (offsets[row + 1] < offsets[row]) violation("a text column's offsets go back", field->name, strlen(field->name));
            }
        } else if (values->length > 0 && values->buffers[1] == NULL) {
            violation("an Arrow column has no values buffer", field->name, strlen(field->name));
        }
    }
    array->release(array);
    schema->release(schema);
    if (array->release || schema->release) violation("release left an Arrow struct unreleased", NULL, 0);
}

static void run_groups(const uint8_t *payload, size_t length) {
    wellness_buf report = {0}, err = {0};
    struct ArrowSchema schema;
    struct ArrowArray array;
    char *options;
    size_t options_length, data_length, count, index;
    const uint8_t *data;
    int64_t *timestamps = malloc(MAX_RECORDS * sizeof *timestamps), *keys = malloc(MAX_RECORDS * sizeof *keys);
    double *values = malloc(MAX_RECORDS * sizeof *values);
    wellness_status status;
    if (!timestamps || !keys || !values) abort();
    schema.release = NULL;
    array.release = NULL;
    split(payload, length, &options, &options_length, &data, &data_length);
    count = read_columns(data, data_length, timestamps, values);
    /* A few groups, interleaved: the key is a hash of the timestamp. */
    for (index = 0; index < count; index++) keys[index] = (int64_t)(((uint64_t)timestamps[index] * 2654435761u) >> 7) % 5;
    status = wellness_series_aggregate_groups(options, options_length, count ? keys : NULL, count ? timestamps : NULL,
                                              count ? values : NULL, count, &schema, &array, &report, &err);
    if (status == WELLNESS_OK) {
        json_t *summary = json_loadb(report.ptr, report.len, 0, NULL);
        if (!json_is_object(summary)) violation("the grouped call's report is not a JSON object", report.ptr, report.len);
        json_decref(summary);
        check_arrow(&schema, &array);
    } else {
        json_decref(check_result(status, &report, &err));
        if (schema.release || array.release) violation("a failed call handed over an Arrow struct", NULL, 0);
    }
    wellness_buf_free(&report);
    wellness_buf_free(&err);
    free(options);
    free(keys);
    free(timestamps);
    free(values);
}

/* Whether `secret` occurs in another key of `config`, or in a string value
   other than `key`'s, where an error message may legitimately quote it (an
   unknown key is named in its error). */
static int quoted_elsewhere(json_t *config, const char *key, const char *secret) {
    const char *name;
    json_t *value;
    json_object_foreach(config, name, value) {
        if (strcmp(name, key) == 0) continue;
        if (strstr(name, secret) || (json_is_string(value) && strstr(json_string_value(value), secret))) return 1;
    }
    return 0;
}

/* "Credentials never appear in errors" (wellness.h): the api_key, token and
   store_key of a configuration (8 bytes or more, and not part of another key or value) are
   not in the error document. */
static void check_no_credentials(const uint8_t *payload, size_t length, const wellness_buf *err) {
    static const char *const KEYS[] = {"api_key", "token", "store_key"};
    json_t *config = json_loadb((const char *)payload, length, 0, NULL);
    size_t index;
    if (!json_is_object(config)) {
        json_decref(config);
        return;
    }
    for (index = 0; index < sizeof KEYS / sizeof KEYS[0]; index++) {
        const char *secret = json_string_value(json_object_get(config, KEYS[index]));
        if (secret && strlen(secret) >= 8 && !quoted_elsewhere(config, KEYS[index], secret) &&
            strstr(err->ptr, secret))
            violation("a credential appears in the error document", err->ptr, err->len);
    }
    json_decref(config);
}

/* Attaching an analytics handle, freeing the handle while attached, and detaching. */
static void attach_analytics(wellness_client *client) {
    wellness_analytics *analytics = NULL;
    wellness_buf err = {0};
    if (wellness_analytics_new("{}", 2, NULL, NULL, &analytics, &err) != WELLNESS_OK) abort();
    if (wellness_client_set_analytics(client, analytics, &err) != WELLNESS_OK)
        violation("attaching analytics fails", err.ptr, err.ptr ? err.len : 0);
    wellness_analytics_free(analytics);
    if (wellness_client_set_analytics(client, NULL, &err) != WELLNESS_OK)
        violation("detaching analytics fails", err.ptr, err.ptr ? err.len : 0);
}

/* Configuration parsing only: wellness_client_new makes no request. */
static void run_client(const uint8_t *payload, size_t length) {
    wellness_buf err = {0};
    wellness_client *client = NULL;
    char *config = copy_of(payload, length);
    wellness_status status = wellness_client_new(config, length, &client, &err);
    wellness_buf no_out = {0};
    if (status == WELLNESS_OK) {
        if (!client) violation("WELLNESS_OK without a client", config, length);
        if (err.ptr || err.len) violation("err is not {NULL, 0} on success", err.ptr, err.ptr ? err.len : 0);
        if (wellness_client_set_token_provider(client, NULL, NULL, &err) != WELLNESS_OK)
            violation("removing the token provider fails", err.ptr, err.ptr ? err.len : 0);
        attach_analytics(client);
        wellness_client_free(client);
    } else {
        if (client) violation("a client handle on failure", config, length);
        check_result(status, &no_out, &err);
        check_no_credentials(payload, length, &err);
    }
    wellness_buf_free(&err);
    free(config);
}

/* Whether a configuration names a file: fuzzing must not create files. */
static int names_a_file(const uint8_t *payload, size_t length) {
    static const char key[] = "jsonl_path";
    size_t index;
    for (index = 0; index + sizeof key - 1 <= length; index++)
        if (memcmp(payload + index, key, sizeof key - 1) == 0) return 1;
    return 0;
}

/* Reads a handle's stats: they must be a JSON object. */
static void check_stats(wellness_analytics *analytics) {
    wellness_buf out = {0}, err = {0};
    json_t *stats;
    if (wellness_analytics_stats(analytics, &out, &err) != WELLNESS_OK)
        violation("stats fail", err.ptr, err.ptr ? err.len : 0);
    stats = check_result(WELLNESS_OK, &out, &err);
    if (!json_is_object(stats)) violation("stats are not an object", out.ptr, out.len);
    json_decref(stats);
    wellness_buf_free(&out);
}

static void run_analytics_new(const uint8_t *payload, size_t length) {
    wellness_buf err = {0}, no_out = {0};
    wellness_analytics *analytics = NULL;
    char *config;
    wellness_status status;
    if (names_a_file(payload, length)) return;
    config = copy_of(payload, length);
    status = wellness_analytics_new(config, length, NULL, NULL, &analytics, &err);
    if (status == WELLNESS_OK) {
        if (!analytics) violation("WELLNESS_OK without a handle", config, length);
        check_stats(analytics);
        wellness_analytics_free(analytics);
    } else {
        if (analytics) violation("a handle on failure", config, length);
        check_result(status, &no_out, &err);
    }
    wellness_buf_free(&err);
    free(config);
}

static void run_analytics_emit(const uint8_t *payload, size_t length) {
    wellness_buf err = {0}, no_out = {0};
    wellness_analytics *analytics = NULL;
    char *event = copy_of(payload, length);
    wellness_status status;
    if (wellness_analytics_new("{\"capacity\":4}", 14, NULL, NULL, &analytics, &err) != WELLNESS_OK) abort();
    status = wellness_analytics_emit(analytics, event, length, &err);
    if (status != WELLNESS_OK) check_result(status, &no_out, &err);
    else if (err.ptr || err.len) violation("err is not {NULL, 0} on success", err.ptr, err.len);
    check_stats(analytics);
    wellness_analytics_free(analytics);
    wellness_buf_free(&err);
    free(event);
}

/* wellness_client_navigate answers as wellness_integration_destination,
   byte for byte, and only adds an event to the client's analytics handle. */
static void run_client_navigate(const uint8_t *payload, size_t length) {
    static const char config[] = "{\"base_url\":\"http://127.0.0.1:9\",\"api_key\":\"k\","
                                 "\"store_directory\":false,\"cache_directory\":false}";
    wellness_buf out = {0}, err = {0}, expected_out = {0}, expected_err = {0};
    wellness_client *client = NULL;
    wellness_analytics *analytics = NULL;
    char *request = copy_of(payload, length);
    wellness_status status, expected;
    if (wellness_client_new(config, sizeof config - 1, &client, &err) != WELLNESS_OK) abort();
    if (wellness_analytics_new("{\"capacity\":4}", 14, NULL, NULL, &analytics, &err) != WELLNESS_OK) abort();
    if (wellness_client_set_analytics(client, analytics, &err) != WELLNESS_OK) abort();
    status = wellness_client_navigate(client, request, length, &out, &err);
    json_decref(check_result(status, &out, &err));
    expected = wellness_integration_destination(request, length, &expected_out, &expected_err);
    if (status != expected) violation("status differs from wellness_integration_destination's", request, length);
    if (status == WELLNESS_OK && (out.len != expected_out.len || memcmp(out.ptr, expected_out.ptr, out.len) != 0))
        violation("output differs from wellness_integration_destination's", out.ptr, out.len);
    check_stats(analytics);
    wellness_client_free(client);
    wellness_analytics_free(analytics);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    wellness_buf_free(&expected_out);
    wellness_buf_free(&expected_err);
    free(request);
}

/* The callback of a stream that can never start: being called is a violation. */
static int never_called(void *user_data, const char *event, const char *data_json, size_t len) {
    (void)user_data;
    violation("the stream callback was called although no server answers", event, strlen(event));
    (void)data_json;
    (void)len;
    return 1;
}

/* wellness_client_send_message_stream validates its parameters as
   wellness_client_send_message does; valid ones reach the closed port and
   end in WELLNESS_E_NETWORK, with no event. */
static void run_client_stream(const uint8_t *payload, size_t length) {
    static const char config[] = "{\"base_url\":\"http://127.0.0.1:9\",\"api_key\":\"k\",\"max_retries\":0,"
                                 "\"ai_timeout\":5,\"store_directory\":false,\"cache_directory\":false}";
    wellness_buf out = {0}, err = {0};
    wellness_client *client = NULL;
    char *request = copy_of(payload, length);
    wellness_status status;
    if (wellness_client_new(config, sizeof config - 1, &client, &err) != WELLNESS_OK) abort();
    status = wellness_client_send_message_stream(client, request, length, never_called, NULL, &out, &err);
    if (status == WELLNESS_OK) violation("WELLNESS_OK from a closed port", request, length);
    network_expected = 1;
    json_decref(check_result(status, &out, &err));
    network_expected = 0;
    wellness_client_free(client);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    free(request);
}

/* The tables the query selectors run on: both tables, missing values, a
   zone with DST, activities with synonyms. */
static const char QUERY_TABLES_DOCUMENT[] =
    "{\"time_zone\":\"Europe/Berlin\",\"units\":{\"steps\":\"steps\",\"distance\":\"km\"},"
    "\"daily\":{\"date\":[\"2025-03-29\",\"2025-03-30\",\"2025-03-31\",\"2025-04-01\"],"
    "\"steps\":[8000,12000,null,9500],\"sleep_minutes\":[420,null,380,401.5]},"
    "\"sessions\":[{\"start\":\"2025-03-29T23:30:00Z\",\"end\":\"2025-03-30T00:10:00Z\",\"activity\":\"Outdoor Run\","
    "\"distance\":7.2},{\"start\":1743400000,\"end\":1743403600,\"activity\":\"Cycling\",\"distance\":null}]}";

typedef wellness_status (*query_call)(const wellness_query_tables *, const char *, size_t, wellness_buf *,
                                     wellness_buf *);

/* Runs a query document (or a batch, or a question) and checks the result. */
static void run_query_on(wellness_query_tables *tables, query_call call, const char *document, size_t length) {
    wellness_buf out = {0}, err = {0};
    wellness_status status = call(tables, document, length, &out, &err);
    json_decref(check_result(status, &out, &err));
    check_rejected_if_malformed(status, document, length);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
}

/* Tables from the input; on success their summary and a query of each table. */
static void run_query_tables(const uint8_t *payload, size_t length) {
    static const char daily[] = "{\"table\":\"daily\",\"reduce\":\"count_days\",\"include_rows\":true}";
    static const char sessions[] = "{\"table\":\"sessions\",\"metric\":\"duration\",\"reduce\":\"median\"}";
    wellness_buf out = {0}, err = {0};
    wellness_query_tables *tables = NULL;
    char *document = copy_of(payload, length);
    wellness_status status = wellness_query_tables_new(document, length, &tables, &err);
    if (status == WELLNESS_OK && (err.ptr || err.len)) violation("err is not {NULL, 0} on success", err.ptr, err.len);
    if (status != WELLNESS_OK) check_result(status, &out, &err);
    check_rejected_if_malformed(status, document, length);
    if ((status == WELLNESS_OK) != (tables != NULL)) violation("the handle does not match the status", NULL, 0);
    if (tables) {
        status = wellness_query_tables_summary(tables, &out, &err);
        if (status != WELLNESS_OK) violation("the summary of valid tables failed", err.ptr, err.len);
        json_decref(check_result(status, &out, &err));
        wellness_buf_free(&out);
        run_query_on(tables, wellness_query, daily, sizeof daily - 1);
        run_query_on(tables, wellness_query, sessions, sizeof sessions - 1);
        wellness_query_tables_free(tables);
    }
    wellness_buf_free(&err);
    free(document);
}

/* One hand-built Arrow column or struct: its structs, buffers and children. */
typedef struct fuzz_arrow {
    struct ArrowSchema schema;
    struct ArrowArray array;
    const void *buffers[5];
    struct ArrowSchema *child_schemas[3];
    struct ArrowArray *child_arrays[3];
} fuzz_arrow;

enum { ARROW_ROWS = 16, ARROW_BYTES = (ARROW_ROWS + 2) * 8 };

static int arrow_releases;
static void release_fuzz_schema(struct ArrowSchema *schema) { arrow_releases++; schema->release = NULL; }
static void release_fuzz_array(struct ArrowArray *array) { arrow_releases++; array->release = NULL; }
static void release_fuzz_child_schema(struct ArrowSchema *schema) { schema->release = NULL; }
static void release_fuzz_child_array(struct ArrowArray *array) { array->release = NULL; }

/* A column of ARROW_ROWS rows over `data` (ARROW_BYTES long, or offsets
   then text for utf8), `validity` its bitmap, as the fuzz bytes `shape`
   (0 when none remain) bend its structural fields: the null count, the
   buffer count, a missing bitmap, a released child, its offset. */
static void fuzz_column(fuzz_arrow *column, const char *name, const char *format, const void *data, const void *text,
                        const uint8_t *validity, uint8_t shape, int8_t nulls) {
    int utf8 = strcmp(format, "u") == 0;
    memset(column, 0, sizeof *column);
    column->schema.format = format;
    column->schema.name = name;
    column->schema.release = release_fuzz_child_schema;
    column->buffers[0] = shape & 1 ? NULL : validity;
    column->buffers[1] = data;
    column->buffers[2] = text;
    column->array.length = ARROW_ROWS - (shape >> 7);
    column->array.null_count = shape & 2 ? nulls : 0;
    column->array.offset = (shape >> 6) & 1;
    column->array.n_buffers = (utf8 ? 3 : 2) + ((shape >> 2) & 1) - ((shape >> 3) & 1);
    column->array.buffers = column->buffers;
    column->array.release = shape & 16 ? NULL : release_fuzz_child_array;
    if (shape & 32) column->schema.release = NULL;
}

static void fuzz_struct(fuzz_arrow *table, fuzz_arrow *columns, int count, const uint8_t *validity, uint8_t shape) {
    int index;
    memset(table, 0, sizeof *table);
    for (index = 0; index < count; index++) {
        table->child_schemas[index] = &columns[index].schema;
        table->child_arrays[index] = &columns[index].array;
    }
    table->schema.format = "+s";
    table->schema.name = "";
    table->schema.n_children = count;
    table->schema.children = table->child_schemas;
    table->schema.release = release_fuzz_schema;
    table->buffers[0] = shape & 1 ? NULL : validity;
    table->array.length = ARROW_ROWS - 2;
    table->array.null_count = (shape >> 1) & 1 ? (int64_t)(shape >> 2) - 8 : 0;
    table->array.n_buffers = 1;
    table->array.n_children = count;
    table->array.buffers = table->buffers;
    table->array.children = table->child_arrays;
    table->array.release = release_fuzz_array;
}

/* wellness_query_tables_new_arrow: `options NUL bytes` (no NUL: options {}
   and every byte is data). The bytes choose the metric's format, the
   sessions' time zone, and bend the structural fields of every struct; the
   rest fills the values and the activity names. The buffers are always as
   long as the lengths and offsets can reach, so that what is tested is the
   library's reading of the fields, never a too-short buffer. Whatever the
   fields, the call must release both tables' structs, once. */
static void run_query_arrow(const uint8_t *payload, size_t length) {
    static const char *const FORMATS[] = {"g", "f", "l", "i", "s", "c", "L", "I", "S", "C", "e", "b", "u", "tdD",
                                          "tsm:UTC", "+s", "z", "vu"};
    static const char *const ZONES[] = {"tsu:UTC", "tsu:Mars/Olympus", "tsu:+05:30", "tsu:", "tsm:Europe/Paris",
                                        "tsu:+99:99", "tsn:../../etc/passwd", "ts:UTC"};
    static const char daily_query[] = "{\"table\":\"daily\",\"metric\":\"m\",\"reduce\":\"sum\",\"window\":\"all\"}";
    static const char sessions_query[] = "{\"table\":\"sessions\",\"reduce\":\"count\",\"window\":\"all\"}";
    uint8_t header[8] = {0}, validity[8], bytes[ARROW_BYTES] = {0}, text[ARROW_BYTES] = {0};
    int32_t days[ARROW_ROWS + 2], offsets[ARROW_ROWS + 2];
    int64_t starts[ARROW_ROWS + 2], ends[ARROW_ROWS + 2];
    fuzz_arrow daily_columns[2], session_columns[3], daily, sessions;
    const uint8_t *separator = length ? memchr(payload, FUZZ_SEPARATOR, length) : NULL;
    size_t options_length = separator ? (size_t)(separator - payload) : 0, rest, index;
    const uint8_t *cursor = separator ? separator + 1 : payload;
    char *options = copy_of(payload, options_length);
    wellness_query_tables *tables = NULL;
    wellness_buf err = {0};
    wellness_status status;
    rest = length - (size_t)(cursor - payload);
    memcpy(header, cursor, rest < sizeof header ? rest : sizeof header);
    cursor += rest < sizeof header ? rest : sizeof header;
    rest = length - (size_t)(cursor - payload);
    memset(validity, header[4], sizeof validity);
    memcpy(bytes, cursor, rest < sizeof bytes ? rest : sizeof bytes);
    memcpy(text, cursor, rest < sizeof text ? rest : sizeof text);
    for (index = 0; index < ARROW_ROWS + 2; index++) {
        days[index] = 20000 + (int32_t)index;
        starts[index] = (int64_t)(1700000000 + 3600 * (int64_t)index) * 1000000;
        ends[index] = starts[index] + 600000000;
        /* Offsets inside the text, mostly increasing; header[5] picks which go back. */
        offsets[index] = (int32_t)(index * 5 % (ARROW_BYTES + 1));
        if ((header[5] >> (index % 8)) & 1 && index % 3 == 2) offsets[index] = (int32_t)index;
    }
    fuzz_column(&daily_columns[0], "date", "tdD", days, NULL, validity, 0, 0);
    fuzz_column(&daily_columns[1], "m", FORMATS[header[0] % (sizeof FORMATS / sizeof FORMATS[0])],
                header[0] % 18 == 12 ? (const void *)offsets : bytes, text, validity, header[1], (int8_t)header[3]);
    fuzz_struct(&daily, daily_columns, 2, validity, header[6]);
    fuzz_column(&session_columns[0], "start", ZONES[header[2] % (sizeof ZONES / sizeof ZONES[0])], starts, NULL,
                validity, 0, 0);
    fuzz_column(&session_columns[1], "end", "tsu:UTC", ends, NULL, validity, 0, 0);
    fuzz_column(&session_columns[2], "activity", "u", offsets, text, validity, header[7], (int8_t)header[3]);
    fuzz_struct(&sessions, session_columns, 3, validity, (uint8_t)(header[6] >> 4));
    arrow_releases = 0;
    status = wellness_query_tables_new_arrow(options, options_length, header[2] & 128 ? NULL : &daily.schema,
                                             header[2] & 128 ? NULL : &daily.array, &sessions.schema, &sessions.array,
                                             &tables, &err);
    if (arrow_releases != (header[2] & 128 ? 2 : 4)) violation("the Arrow structs were not all released once", NULL, 0);
    if (status == WELLNESS_OK && (err.ptr || err.len)) violation("err is not {NULL, 0} on success", err.ptr, err.len);
    if (status != WELLNESS_OK) {
        wellness_buf none = {0};
        json_decref(check_result(status, &none, &err));
    }
    if (options_length) check_rejected_if_malformed(status, options, options_length);
    if ((status == WELLNESS_OK) != (tables != NULL)) violation("the handle does not match the status", NULL, 0);
    if (tables) {
        run_query_on(tables, wellness_query, daily_query, sizeof daily_query - 1);
        run_query_on(tables, wellness_query, sessions_query, sizeof sessions_query - 1);
        wellness_query_tables_free(tables);
    }
    wellness_buf_free(&err);
    free(options);
}

static void run_query(query_call call, const uint8_t *payload, size_t length) {
    wellness_buf err = {0};
    wellness_query_tables *tables = NULL;
    char *document = copy_of(payload, length);
    if (wellness_query_tables_new(QUERY_TABLES_DOCUMENT, sizeof QUERY_TABLES_DOCUMENT - 1, &tables, &err) !=
        WELLNESS_OK)
        abort();
    run_query_on(tables, call, document, length);
    wellness_query_tables_free(tables);
    free(document);
}

/* The account calls (export, erase, erase the local data), the workouts
   calls (post, list, delete) and the daily metrics and profile calls validate their parameters and then find no
   server (or, erasing local data, no offline mode; the client has no store,
   so nothing is queued): never WELLNESS_OK, never a file created (the
   export's file is created at the first byte received). */
typedef wellness_status (*client_call)(wellness_client *, const char *, size_t, wellness_buf *, wellness_buf *);

static void run_client_account(int selector, const uint8_t *payload, size_t length) {
    static const char config[] = "{\"base_url\":\"http://127.0.0.1:9\",\"api_key\":\"k\",\"max_retries\":0,"
                                 "\"timeout\":5,\"store_directory\":false,\"cache_directory\":false}";
    client_call call;
    switch (selector) {
    case FUZZ_CLIENT_EXPORT_ACCOUNT: call = wellness_client_export_account; break;
    case FUZZ_CLIENT_ERASE_ACCOUNT: call = wellness_client_erase_account; break;
    case FUZZ_CLIENT_POST_WORKOUTS: call = wellness_client_post_workouts; break;
    case FUZZ_CLIENT_LIST_WORKOUTS: call = wellness_client_list_workouts; break;
    case FUZZ_CLIENT_DELETE_WORKOUT: call = wellness_client_delete_workout; break;
    case FUZZ_CLIENT_POST_DAILY_METRICS: call = wellness_client_post_daily_metrics; break;
    case FUZZ_CLIENT_LIST_DAILY_METRICS: call = wellness_client_list_daily_metrics; break;
    case FUZZ_CLIENT_DELETE_DAILY_METRICS: call = wellness_client_delete_daily_metrics; break;
    case FUZZ_CLIENT_GET_PROFILE: call = wellness_client_get_profile; break;
    case FUZZ_CLIENT_SET_PROFILE: call = wellness_client_set_profile; break;
    default: call = wellness_client_erase_local_data; break;
    }
    wellness_buf out = {0}, err = {0};
    wellness_client *client = NULL;
    char *request = copy_of(payload, length);
    wellness_status status;
    if (wellness_client_new(config, sizeof config - 1, &client, &err) != WELLNESS_OK) abort();
    status = call(client, request, length, &out, &err);
    if (status == WELLNESS_OK) violation("WELLNESS_OK from a closed port or without offline mode", request, length);
    network_expected = 1;
    json_decref(check_result(status, &out, &err));
    network_expected = 0;
    wellness_client_free(client);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    free(request);
}

/* What an importer's progress callback has seen: bytes read never go back,
   never pass the size, and the size never changes. */
typedef struct import_progress {
    size_t done, total, calls;
} import_progress;

static int check_import_progress(void *user_data, size_t done, size_t total) {
    import_progress *seen = user_data;
    if (done > total || done < seen->done || (seen->calls && total != seen->total))
        violation("an importer's progress went back, past the size, or changed the size", NULL, 0);
    seen->done = done;
    seen->total = total;
    seen->calls++;
    return 0;
}

/* wellness_import_bytes on `options NUL file` (without a NUL: the whole rest
   is the file, read as Apple Health, GPX or TCX by its length), or
   wellness_import_file on an options document. Both must keep the ABI's
   promises, a damaged file being WELLNESS_E_INVALID_ARGUMENT. */
static void run_import(int selector, const uint8_t *payload, size_t length) {
    static const char *formats[] = {"{\"format\":\"apple_health\"}", "{\"format\":\"gpx\"}",
                                    "{\"format\":\"tcx\"}"};
    wellness_buf out = {0}, err = {0};
    import_progress seen = {0, 0, 0};
    const uint8_t *separator = length ? memchr(payload, FUZZ_SEPARATOR, length) : NULL;
    const uint8_t *file = payload;
    size_t options_length, file_length = length;
    char *options, *bytes;
    wellness_status status;
    if (selector == FUZZ_IMPORT_FILE) {
        options_length = length;
        options = copy_of(payload, length);
        file_length = 0;
    } else if (separator) {
        options_length = (size_t)(separator - payload);
        options = copy_of(payload, options_length);
        file = separator + 1;
        file_length = length - options_length - 1;
    } else {
        options_length = strlen(formats[length % 3]);
        options = copy_of((const uint8_t *)formats[length % 3], options_length);
    }
    bytes = copy_of(file, file_length);
    if (selector == FUZZ_IMPORT_FILE)
        status = wellness_import_file(options, options_length, check_import_progress, &seen, &out, &err);
    else
        status = wellness_import_bytes(options, options_length, bytes, file_length, check_import_progress, &seen,
                                       &out, &err);
    invalid_argument_expected = 1;
    json_decref(check_result(status, &out, &err));
    invalid_argument_expected = 0;
    check_rejected_if_malformed(status, options, options_length);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    free(options);
    free(bytes);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const target *t;
    if (size == 0) return 0;
    t = &TARGETS[data[0] % FUZZ_SELECTOR_COUNT];
    current = t->name;
    switch (t->shape) {
    case ONE:
    case NORMALIZE:
        run_one(t, data + 1, size - 1);
        break;
    case TWO:
        run_two(t, data + 1, size - 1);
        break;
    case COLUMNS:
        run_columns(data + 1, size - 1);
        break;
    case GROUPS:
        run_groups(data + 1, size - 1);
        break;
    case CLIENT:
        run_client(data + 1, size - 1);
        break;
    case ANALYTICS_NEW:
        run_analytics_new(data + 1, size - 1);
        break;
    case ANALYTICS_EMIT:
        run_analytics_emit(data + 1, size - 1);
        break;
    case CLIENT_NAVIGATE:
        run_client_navigate(data + 1, size - 1);
        break;
    case CLIENT_STREAM:
        run_client_stream(data + 1, size - 1);
        break;
    case QUERY_TABLES:
        run_query_tables(data + 1, size - 1);
        break;
    case QUERY:
        switch (data[0] % FUZZ_SELECTOR_COUNT) {
        case FUZZ_QUERY_MANY: run_query(wellness_query_many, data + 1, size - 1); break;
        case FUZZ_QUERY_ASK: run_query(wellness_query_ask, data + 1, size - 1); break;
        default: run_query(wellness_query, data + 1, size - 1); break;
        }
        break;
    case CLIENT_ACCOUNT:
        run_client_account(data[0] % FUZZ_SELECTOR_COUNT, data + 1, size - 1);
        break;
    case QUERY_ARROW:
        run_query_arrow(data + 1, size - 1);
        break;
    case IMPORT:
        run_import(data[0] % FUZZ_SELECTOR_COUNT, data + 1, size - 1);
        break;
    }
    current = "?";
    return 0;
}
