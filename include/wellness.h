/*
 * wellness.h - the C interface of libwellness, the WellnessKit engine.
 *
 * Conventions (docs/ABI.md has the long form):
 *
 *  - Every symbol starts with `wellness_`; nothing else is exported.
 *  - JSON in, JSON out. An input is `const char *json, size_t len`: UTF-8
 *    bytes, not necessarily NUL-terminated, borrowed for the duration of the
 *    call only. NULL with len 0 is the empty input (an invalid-JSON error);
 *    NULL with len > 0 is an invalid-argument error.
 *  - An output is a library-owned `wellness_buf`: NUL-terminated UTF-8 JSON,
 *    `len` excluding the NUL. Release it with wellness_buf_free() and nothing
 *    else. A call overwrites `*out` without reading it: free a previous result
 *    first. On failure `*out` is left as {NULL, 0}.
 *  - Every call returns a wellness_status: 0 (WELLNESS_OK) or a negative code.
 *    On failure, when `err` is not NULL it receives
 *        {"code": -3, "name": "WELLNESS_E_VALIDATION",
 *         "message": "...", "path": "data.insights[2].insight_type"}
 *    where "path" names the offending field (null when no single field is
 *    at fault). On success `*err` is left as {NULL, 0}. There is no
 *    thread-local "last error".
 *  - Input JSON is parsed strictly (RFC 8259): no comments, trailing commas,
 *    NaN/Infinity, byte-order marks, invalid UTF-8 or lone surrogates, and at
 *    most 512 levels of nesting. Unknown object keys are ignored.
 *  - Thread safety: every function may be called from any thread, any number
 *    of threads at once. The library holds no mutable global state.
 *  - The library never aborts the host process on bad input.
 */
#ifndef WELLNESS_H
#define WELLNESS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#  define WELLNESS_API __declspec(dllimport)
#elif defined(__GNUC__) || defined(__clang__)
#  define WELLNESS_API __attribute__((visibility("default")))
#else
#  define WELLNESS_API
#endif

/* ------------------------------------------------------------------------ */
/* Version                                                                   */
/* ------------------------------------------------------------------------ */

#define WELLNESS_VERSION_MAJOR 1
#define WELLNESS_VERSION_MINOR 0
#define WELLNESS_VERSION_PATCH 0
#define WELLNESS_VERSION "1.0.0"
/* 0xMMmmpp: compare with `#if WELLNESS_VERSION_HEX >= 0x010000`. */
#define WELLNESS_VERSION_HEX ((WELLNESS_VERSION_MAJOR << 16) | \
                              (WELLNESS_VERSION_MINOR << 8) | \
                              (WELLNESS_VERSION_PATCH))
/* Bumped only on a change that breaks binary compatibility; equal to the
   soname's number (libwellness.so.1). */
#define WELLNESS_ABI_VERSION 1

/* The largest JSON document one call accepts (256 MiB); a larger one is
   WELLNESS_E_INVALID_ARGUMENT before any byte is parsed. */
#define WELLNESS_MAX_INPUT_BYTES ((size_t)256 * 1024 * 1024)

/* ------------------------------------------------------------------------ */
/* Types                                                                     */
/* ------------------------------------------------------------------------ */

/* The result of every call: WELLNESS_OK or one of the negative codes below. */
typedef int wellness_status;

/* A library-owned, NUL-terminated UTF-8 buffer. Zero-initialise it
   (`wellness_buf out = {0};`) and release it with wellness_buf_free(). */
typedef struct wellness_buf {
    char *ptr;
    size_t len;
} wellness_buf;

/* A client of the API (base URL, credentials, deadlines, retries). Opaque;
   made by wellness_client_new(), released by wellness_client_free(). */
typedef struct wellness_client wellness_client;

/* Supplies the bearer token: writes it NUL-terminated into `buffer` (at most
   `capacity` bytes) and returns its length, or 0 for none. `refresh` is
   non-zero after the API answered 401, asking for a new token. It may be
   called from several threads at once. */
typedef size_t (*wellness_token_provider_fn)(void *user_data, int refresh, char *buffer, size_t capacity);

/* Called by wellness_client_list_all_insights() after each page with the
   pages fetched so far and the total; return non-zero to stop early. */
typedef int (*wellness_progress_fn)(void *user_data, size_t pages_fetched, size_t total_pages);

/* ------------------------------------------------------------------------ */
/* Status codes: numbered and append-only; a code never changes meaning.     */
/* ------------------------------------------------------------------------ */

#define WELLNESS_OK                     0
/* A pointer, length or other C-level argument is unusable. */
#define WELLNESS_E_INVALID_ARGUMENT    -1
/* The input is not well-formed JSON (RFC 8259), or nests too deeply. */
#define WELLNESS_E_INVALID_JSON        -2
/* Well-formed JSON that does not fit the model; "path" names the field. */
#define WELLNESS_E_VALIDATION          -3
#define WELLNESS_E_NOT_FOUND           -4
#define WELLNESS_E_UNAUTHORIZED        -5
#define WELLNESS_E_FORBIDDEN           -6
#define WELLNESS_E_RATE_LIMITED        -7
#define WELLNESS_E_NETWORK             -8
#define WELLNESS_E_TIMEOUT             -9
/* The server answered with an HTTP error status not covered above. */
#define WELLNESS_E_HTTP               -10
/* The server's answer is not a response this API can give. */
#define WELLNESS_E_INVALID_RESPONSE   -11
/* The server's JSON does not decode into the expected model. */
#define WELLNESS_E_DECODING           -12
/* A defect in the library itself; please report it. */
#define WELLNESS_E_INTERNAL           -13

/*
 * A static, human-readable name for a status ("WELLNESS_E_VALIDATION"), or
 * "WELLNESS_E_UNKNOWN" for a code this version does not know.
 * Ownership: the string is static; never free it.
 */
WELLNESS_API const char *wellness_strerror(wellness_status status);

/* ------------------------------------------------------------------------ */
/* Memory                                                                    */
/* ------------------------------------------------------------------------ */

/*
 * Releases a buffer the library filled and resets it to {NULL, 0}.
 * NULL, and a buffer already reset, are accepted and ignored.
 * Ownership: `buf` itself stays the caller's; only `buf->ptr` is released.
 */
WELLNESS_API void wellness_buf_free(wellness_buf *buf);

/* ------------------------------------------------------------------------ */
/* Lifecycle                                                                 */
/* ------------------------------------------------------------------------ */

/*
 * The library's version, "MAJOR.MINOR.PATCH". Compare it with
 * WELLNESS_VERSION to detect a header/library mismatch.
 * Ownership: the string is static; never free it.
 */
WELLNESS_API const char *wellness_version(void);

/*
 * The library's ABI version; a program built against this header must see
 * WELLNESS_ABI_VERSION here.
 * Ownership: nothing to release.
 */
WELLNESS_API int wellness_abi_version(void);

/*
 * A client of the API: `config_json` is
 *   {"base_url": "http://127.0.0.1:8080", "api_key": "...", "token": "...",
 *    "timeout": 10, "ai_timeout": 30, "max_retries": 2,
 *    "initial_backoff": 0.5, "max_backoff": 5, "host": "python/3.11",
 *    "cache_directory": "/path" or false, "token_provider": true,
 *    "dashboard_max_age": 300, "link_scheme": "fitiq"}
 * base_url and one of api_key, token or "token_provider": true (a provider
 * installed with wellness_client_set_token_provider) are required. Requests are retried
 * only after connection errors and 5xx answers (at most max_retries, backoff
 * doubling from initial_backoff to max_backoff with jitter, within the
 * operation's deadline: timeout, or ai_timeout for suggestions, tips and
 * coach replies); a 429 whose Retry-After fits the deadline is retried once.
 * POSTs carry an Idempotency-Key. Credentials never appear in errors.
 * A client may be used from many threads at once.
 * Ownership: on WELLNESS_OK `*client` is a new handle the caller releases
 * with wellness_client_free(); on failure it is NULL and `*err` (when not
 * NULL) holds the error.
 */
WELLNESS_API wellness_status wellness_client_new(
    const char *config_json, size_t config_len, wellness_client **client, wellness_buf *err);

/*
 * Installs (or, with a NULL provider, removes) the token provider: it is
 * asked for the token before each request, and once more with `refresh` set
 * when the API answers 401, the request then being retried once. A client
 * configured with "token_provider": true needs neither api_key nor token.
 * Ownership: `user_data` stays the caller's and must outlive the client or
 * the next call to this function.
 */
WELLNESS_API wellness_status wellness_client_set_token_provider(
    wellness_client *client, wellness_token_provider_fn provider, void *user_data, wellness_buf *err);

/*
 * Releases a client; NULL is ignored. No call may be using it.
 * Ownership: the handle is invalid afterwards.
 */
WELLNESS_API void wellness_client_free(wellness_client *client);

/* ------------------------------------------------------------------------ */
/* Calls: models                                                             */
/*                                                                           */
/* Each decodes, validates and normalises one model of the seeds: JSON in,   */
/* canonical JSON out (snake_case keys in a fixed order, every optional key  */
/* present as null, timestamps as UTC RFC 3339 with only the fractional      */
/* digits the input had, dates as YYYY-MM-DD). Timestamps are accepted with  */
/* or without fractional seconds and with any UTC offset.                    */
/*                                                                           */
/* Ownership, for every call in this section: `json` is borrowed for the     */
/* call; on WELLNESS_OK `*out` holds a new buffer the caller releases with   */
/* wellness_buf_free(); on failure `*err` (when not NULL) does.              */
/* ------------------------------------------------------------------------ */

/* An insight (seed 000), with its data_context, date_range and metrics. */
WELLNESS_API wellness_status wellness_insight_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"success": true, "data": <insight>} as GET/PATCH /insights/{id} answer. */
WELLNESS_API wellness_status wellness_insight_response_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"success": true, "data": {"insights": [...], "pagination": {...}}}. */
WELLNESS_API wellness_status wellness_insights_list_response_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* The pagination object: page >= 1, page_size >= 1, counts >= 0. */
WELLNESS_API wellness_status wellness_pagination_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* PATCH body: is_read / is_favorite / is_archived, at least one present. */
WELLNESS_API wellness_status wellness_insight_update_request_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* A goal suggestion (seed 003); difficulty 1-5, estimated_duration >= 0. */
WELLNESS_API wellness_status wellness_goal_suggestion_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"success": true, "data": {"suggestions": [...], "count": n}}. */
WELLNESS_API wellness_status wellness_goal_suggestions_response_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* A goal tip: tip, category, priority. */
WELLNESS_API wellness_status wellness_goal_tip_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"success": true, "data": {"tips": [...], "goal_id", "goal_title", "count"}}. */
WELLNESS_API wellness_status wellness_goal_tips_response_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* POST /goals body: title, goal_type, start_date, is_recurring, ... */
WELLNESS_API wellness_status wellness_create_goal_request_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* A goal as the Goals API returns it (status active/paused/completed/abandoned). */
WELLNESS_API wellness_status wellness_goal_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* GET /api/longevity/trends (seed 001): weekly, monthly and yearly buckets. */
WELLNESS_API wellness_status wellness_trends_response_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* A consultation (seed 004): persona, context_type, context_id, title, ... */
WELLNESS_API wellness_status wellness_consultation_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* POST /consultations body: persona, context_type, context_id, title. */
WELLNESS_API wellness_status wellness_create_consultation_request_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* A message of a consultation: role user/assistant, content. */
WELLNESS_API wellness_status wellness_consultation_message_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* ------------------------------------------------------------------------ */
/* Calls: presentation rules                                                 */
/*                                                                           */
/* Each takes a model (validated as above) and returns the fields a screen   */
/* shows, derived exactly as the seeds derive them. Colours are names        */
/* ("green", "orange", "red", "gray", "blue", "yellow"); icons are SF Symbol */
/* names, which other platforms map to their own icon sets.                  */
/*                                                                           */
/* Ownership: as for the model calls above.                                  */
/* ------------------------------------------------------------------------ */

/* An insight in; its type's display name, icon and colour, numbered action
   steps, metric cards, and whether it offers "Create Goal". */
WELLNESS_API wellness_status wellness_insight_view(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* A goal suggestion in; difficulty label and colour, duration text,
   goal-type icon and target text. */
WELLNESS_API wellness_status wellness_goal_suggestion_view(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* A goal tip in; priority level, label and colour, category label and icon. */
WELLNESS_API wellness_status wellness_goal_tip_view(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/*
 * {"suggestion": <goal suggestion>, "now": "<timestamp>", "time_zone": "<IANA>"}
 * in; the CreateGoalRequest the seed builds: start_date = now, target_date =
 * now + estimated_duration calendar days in time_zone (null when the
 * suggestion has no duration). "now" defaults to the current time and
 * "time_zone" to "UTC".
 */
WELLNESS_API wellness_status wellness_create_goal_request_from_suggestion(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/*
 * {"period": "weekly"|"monthly"|"yearly", "bucket": <trend bucket>} in;
 * {"period", "label", "formatted_value", "value_color", "show_chart",
 *  "message", "point_count"} out: the Score screen's rules of seed 001.
 */
WELLNESS_API wellness_status wellness_trend_view(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* A trends response in; {"weekly": view, "monthly": view, "yearly": view}. */
WELLNESS_API wellness_status wellness_trends_view(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* ------------------------------------------------------------------------ */
/* Calls: time series (seeds 001 and 002)                                    */
/*                                                                           */
/* These take an options document and a data document (or data columns).    */
/* Options (every key optional):                                             */
/*   "kind":          "numeric" (default) | "boolean" | "snapshot"           */
/*   "interval":      "auto" (default) | "day" | "week" | "month" |          */
/*                    "quarter" | "half" | "year"                            */
/*   "time_zone":     IANA name, default "UTC"; buckets are local days       */
/*   "first_weekday": 1-7 (1 = Sunday) or "monday"..., default Monday        */
/*   "average":       "samples" (mean of raw samples, default) |             */
/*                    "daily_means" (mean of each day's mean, as seed 002)   */
/*   "include_empty": true to list buckets without samples (null stats)      */
/*   "today":         YYYY-MM-DD the current streak runs to; default today   */
/*   "timestamp_unit": "s" (default) | "ms", for the columnar call           */
/* docs/SERIES.md describes the result and every rule.                       */
/*                                                                           */
/* Ownership: inputs are borrowed for the call; on WELLNESS_OK `*out` holds  */
/* a new buffer the caller releases with wellness_buf_free(); on failure     */
/* `*err` (when not NULL) does.                                              */
/* ------------------------------------------------------------------------ */

/*
 * Aggregates `samples`, a JSON array of {"timestamp": <RFC 3339 string or
 * epoch seconds>, "value": <number | boolean | number/boolean/string>}, into
 * calendar buckets. Samples may be unsorted; duplicates all count.
 */
WELLNESS_API wellness_status wellness_series_aggregate(
    const char *options_json, size_t options_len,
    const char *samples_json, size_t samples_len,
    wellness_buf *out, wellness_buf *err);

/*
 * The same from columns, read in place (no copy, no JSON): `count` epoch
 * timestamps in options' "timestamp_unit" and their values (0 or 1 for
 * boolean series). NULL columns are accepted only with count 0. A NaN or
 * infinite value, or a timestamp outside years 1-9999, is a validation error
 * naming "values[i]" or "timestamps[i]".
 * Ownership: the columns are borrowed for the call; results as above.
 */
WELLNESS_API wellness_status wellness_series_aggregate_columns(
    const char *options_json, size_t options_len,
    const int64_t *timestamps, const double *values, size_t count,
    wellness_buf *out, wellness_buf *err);

/*
 * The chart of seed 002 for the aggregated series: {"spec": {...}, "svg":
 * "<svg ...>"}. The spec says what to draw (title, line width 2 in day view
 * and 3 otherwise, straight segments, point marks and value annotations in
 * day view only, calendar x ticks, nice y ticks, whether the area is filled
 * down to 0, theme colours, accessibility label, the points); the SVG draws
 * it. Options as above, plus "width" (default 640) and "height" (default
 * 220) in pixels, "title" and "unit" (strings of at most 200 characters;
 * the unit goes in the y-axis title) and "theme" ("light" default | "dark").
 * Numeric series plot averages, boolean series yes-days, snapshot series
 * their latest numeric value; an empty series draws "No data".
 * docs/SERIES.md and docs/CHARTS.md give the rules.
 */
WELLNESS_API wellness_status wellness_series_chart(
    const char *options_json, size_t options_len,
    const char *samples_json, size_t samples_len,
    wellness_buf *out, wellness_buf *err);

/*
 * The longevity trends of seed 001 (the GET /api/longevity/trends document)
 * computed from daily check-ins: `entries_json` is an array of {"date":
 * "YYYY-MM-DD", "biological_age": <years>}, one per date, in any order.
 * Options: "today" (YYYY-MM-DD, the end of every window; default today in
 * "time_zone", default "UTC"). docs/SERIES.md gives the method.
 */
WELLNESS_API wellness_status wellness_longevity_trends(
    const char *options_json, size_t options_len,
    const char *entries_json, size_t entries_len,
    wellness_buf *out, wellness_buf *err);

/* ------------------------------------------------------------------------ */
/* Calls: the API through a client (seeds 000, 001, 003, 004)                */
/*                                                                           */
/* Each takes a client and a parameters document and returns the API's data */
/* validated like the model calls. Besides code/name/message/path, an error */
/* may carry "http_status" and, for WELLNESS_E_RATE_LIMITED, "retry_after"  */
/* (seconds). Server answers map to WELLNESS_E_UNAUTHORIZED (401),          */
/* _FORBIDDEN (403), _NOT_FOUND (404, e.g. "Goal not found"), _RATE_LIMITED  */
/* (429), _HTTP (other statuses), _INVALID_RESPONSE (not JSON, too large),  */
/* _DECODING (JSON not fitting the model; path names the field); no answer  */
/* maps to _NETWORK or _TIMEOUT.                                            */
/*                                                                           */
/* Ownership, for every call in this section: the client and `json` are     */
/* borrowed for the call; on WELLNESS_OK `*out` holds a new buffer the       */
/* caller releases with wellness_buf_free(); on failure `*err` (when not     */
/* NULL) does.                                                               */
/* ------------------------------------------------------------------------ */

/* {"insight_type", "read_status", "favorites_only", "archived_status" (false
   unless given; null for both), "sort_by", "sort_order", "page", "page_size"}
   in; {"insights": [...], "pagination": {...}} out. */
WELLNESS_API wellness_status wellness_client_list_insights(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* As above, following pages (at most "max_pages", default 100), calling
   `progress` (may be NULL) after each; {"insights": [...], "count": n} out. */
WELLNESS_API wellness_status wellness_client_list_all_insights(
    wellness_client *client, const char *json, size_t len, wellness_progress_fn progress, void *user_data,
    wellness_buf *out, wellness_buf *err);

/* {"id"} in; the insight out. */
WELLNESS_API wellness_status wellness_client_get_insight(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"id", "change": {"is_read" | "is_favorite" | "is_archived": bool}} in:
   mark read, favourite, archive or unarchive; the updated insight out. */
WELLNESS_API wellness_status wellness_client_update_insight(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"id"} in; {"deleted": true} out. */
WELLNESS_API wellness_status wellness_client_delete_insight(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"refresh"?: bool} in; {"suggestions": [...], "count": n, "source":
   "network" | "cache" | "offline_cache"} out (3 to 5 suggestions). They are
   cached for 24 hours per user in "cache_directory" (client configuration;
   default $XDG_CACHE_HOME/wellnesskit or ~/.cache/wellnesskit, false to
   disable), dropped when a goal is created, and served from the cache
   whatever its age when the API cannot be reached. */
WELLNESS_API wellness_status wellness_client_goal_suggestions(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"goal_id"} in; {"tips", "goal_id", "goal_title", "count"} out. */
WELLNESS_API wellness_status wellness_client_goal_tips(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"suggestion", "now"?, "time_zone"?} in (as
   wellness_create_goal_request_from_suggestion); the created goal out. */
WELLNESS_API wellness_status wellness_client_create_goal_from_suggestion(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* A CreateGoalRequest in; the created goal out. */
WELLNESS_API wellness_status wellness_client_create_goal(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"id"} in; the goal out. */
WELLNESS_API wellness_status wellness_client_get_goal(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"status"?, "page"?, "page_size"?} in; {"goals", "pagination"} out. */
WELLNESS_API wellness_status wellness_client_list_goals(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"refresh"?: bool} in; the trends response out. Fetched once per client and
   reused (switching period never refetches) until "refresh" is true. */
WELLNESS_API wellness_status wellness_client_trends(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* Seed 004's AI overview. {"refresh"?: bool} in; out:
     {"insights": {"insights", "total", "error"},
      "goals": {"goals", "total", "error"},
      "consultations": {"consultations", "total", "error"},
      "cards": [{"id", "icon", "title", "subtitle", "color", "count", "link"}] (3),
      "widget": {"kind", "title", "icon", "color", "unread_insights",
                 "active_goals", "rows": [card...]},
      "loaded_at", "age_seconds", "complete"}.
   The sections (unread unarchived insights, 5; active goals, 10; unarchived
   consultations, 5) are loaded at the same time on threads of the call, so it
   takes about as long as the slowest. A section that fails has empty items,
   a null "total" and its error document (as in err) in "error"; the others
   are kept, and the call still returns WELLNESS_OK ("complete": false). Totals
   count every matching item, not only those loaded; the cards' and rows'
   counts are those totals. A complete dashboard is reused for
   "dashboard_max_age" seconds (client configuration, default 300, the seed's
   refresh period) unless "refresh" is true; links use "link_scheme"
   (default "fitiq"). */
WELLNESS_API wellness_status wellness_client_dashboard(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"is_archived"?, "page"?, "page_size"?} in; {"consultations", "pagination"} out. */
WELLNESS_API wellness_status wellness_client_list_consultations(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* A CreateConsultationRequest in; the consultation out. */
WELLNESS_API wellness_status wellness_client_create_consultation(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"consultation_id", "content"} in; {"messages": [sent, reply], "count"} out. */
WELLNESS_API wellness_status wellness_client_send_message(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

#ifdef __cplusplus
}
#endif

#endif /* WELLNESS_H */
