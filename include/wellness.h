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
 *    most 512 levels of nesting. Options and call parameters refuse unknown
 *    keys, naming the closest known one; wire models (insights, goals, API
 *    responses) ignore them, as APIs add fields.
 *  - Thread safety: every function may be called from any thread, any number
 *    of threads at once. Calls share no state but a handle's (guarded in
 *    it) and a cache of time-zone rules (guarded by a mutex, never changing
 *    an answer; docs/ABI.md, "Threads").
 *  - fork(): a child of a process that loaded the library may use it, and
 *    handles made before the fork, provided no other thread of the parent was
 *    inside a library call when it forked (docs/ABI.md, "fork()").
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
   pages fetched so far and the total; return non-zero to stop early. The
   importers (wellness_import_file, wellness_import_bytes) call it with the
   bytes of the input read so far and its size, at most once per MiB. */
typedef int (*wellness_progress_fn)(void *user_data, size_t pages_fetched, size_t total_pages);

/* Receives one event of a streamed coach reply (wellness_client_send_message_stream):
   `event` is "delta" or "reset" (NUL-terminated), `data_json` its data as
   UTF-8 JSON, `len` bytes plus a NUL: {"text": "..."} for a delta, {"reason":
   "..."} for a reset. Both are valid only during the call. Called on the
   thread that called wellness_client_send_message_stream, in the order the
   server sent the events; return non-zero to stop the stream. */
typedef int (*wellness_stream_fn)(void *user_data, const char *event, const char *data_json, size_t len);

/* A bounded event queue with a worker thread that delivers the events of
   the product's analytics events (docs/INTEGRATION.md) to a sink. Opaque; made by wellness_analytics_new(),
   released by wellness_analytics_free(). */
typedef struct wellness_analytics wellness_analytics;

/* One person's daily metrics and workout sessions, read once and asked many
   queries (wellness_query). Opaque and immutable: any number of threads may
   query one at once. Made by wellness_query_tables_new(), released by
   wellness_query_tables_free(). */
typedef struct wellness_query_tables wellness_query_tables;

/* Receives one analytics event: `event_json` is NUL-terminated UTF-8 JSON,
   valid only during the call. Called on the analytics worker thread, one
   event at a time, never from the thread that emitted the event. Unlike the
   other callbacks, `user_data` comes last: it did in ABI 1, which keeps it. */
typedef void (*wellness_analytics_sink_fn)(const char *event_json, void *user_data);

/*
 * The Arrow C Data Interface (https://arrow.apache.org/docs/format/
 * CDataInterface.html): the stable C ABI through which pyarrow, polars,
 * DuckDB and Spark take columns without copying them. Declared exactly as
 * Arrow specifies, under Arrow's own guard, so a program that includes
 * Arrow's header too sees one definition.
 */
#ifndef ARROW_C_DATA_INTERFACE
#define ARROW_C_DATA_INTERFACE

#define ARROW_FLAG_DICTIONARY_ORDERED 1
#define ARROW_FLAG_NULLABLE 2
#define ARROW_FLAG_MAP_KEYS_SORTED 4

struct ArrowSchema {
    const char *format;
    const char *name;
    const char *metadata;
    int64_t flags;
    int64_t n_children;
    struct ArrowSchema **children;
    struct ArrowSchema *dictionary;
    void (*release)(struct ArrowSchema *);
    void *private_data;
};

struct ArrowArray {
    int64_t length;
    int64_t null_count;
    int64_t offset;
    int64_t n_buffers;
    int64_t n_children;
    const void **buffers;
    struct ArrowArray **children;
    struct ArrowArray *dictionary;
    void (*release)(struct ArrowArray *);
    void *private_data;
};

#endif /* ARROW_C_DATA_INTERFACE */

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
/* The caller stopped the operation: a wellness_stream_fn returned non-zero. */
#define WELLNESS_E_CANCELLED          -14

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
 *    "dashboard_max_age": 300, "link_scheme": "fitiq", "store_directory": "/path" or false,
 *    "offline": false, "store_key": "<base64 of 32 bytes>"}
 * "offline": true (needs a store directory and api_key or token) caches reads
 * in the local store and queues writes there when the API cannot be reached
 * (see "Calls: offline mode" below, docs/OFFLINE.md); "store_key" seals the
 * cached answers and queued bodies with AES-256-GCM.
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
 * Attaches an analytics handle to the client (NULL detaches it): from then on
 * the client emits these analytics events when its calls succeed:
 * wellness_client_get_insight "insight_action" viewed; update_insight with
 * is_favorite / is_archived true: favorited / archived; create_consultation
 * "consultation_started" (with an insight context also "insight_action"
 * discussedWithAI, with a goal context "goal_ai_usage" consultation);
 * goal_tips "goal_ai_usage" tips. Emitting never blocks the call nor fails it.
 * Ownership: the client keeps its own reference to the queue, so `analytics`
 * may be shut down or freed while attached (events are then ignored).
 */
WELLNESS_API wellness_status wellness_client_set_analytics(
    wellness_client *client, wellness_analytics *analytics, wellness_buf *err);

/*
 * Releases a client; NULL is ignored. No call may be using it.
 * Ownership: the handle is invalid afterwards.
 */
WELLNESS_API void wellness_client_free(wellness_client *client);

/* ------------------------------------------------------------------------ */
/* Calls: models                                                             */
/*                                                                           */
/* Each decodes, validates and normalises one model of the API: JSON in,     */
/* canonical JSON out (snake_case keys in a fixed order, every optional key  */
/* present as null, timestamps as UTC RFC 3339 with only the fractional      */
/* digits the input had, dates as YYYY-MM-DD). Timestamps are accepted with  */
/* or without fractional seconds and with any UTC offset.                    */
/*                                                                           */
/* Ownership, for every call in this section: `json` is borrowed for the     */
/* call; on WELLNESS_OK `*out` holds a new buffer the caller releases with   */
/* wellness_buf_free(); on failure `*err` (when not NULL) does.              */
/* ------------------------------------------------------------------------ */

/* An insight, with its data_context, date_range and metrics. */
WELLNESS_API wellness_status wellness_insight_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"success": true, "data": <insight>} as GET/PATCH /insights/{id} answer.  */
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

/* A goal suggestion; difficulty 1-5, estimated_duration >= 0. */
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

/* GET /api/longevity/trends: weekly, monthly and yearly buckets. */
WELLNESS_API wellness_status wellness_trends_response_normalize(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* A consultation: persona, context_type, context_id, title, ... */
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
/* shows, derived exactly as the iOS apps derive them. Colours are names     */
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
 * in; the CreateGoalRequest the apps build: start_date = now, target_date =
 * now + estimated_duration calendar days in time_zone (null when the
 * suggestion has no duration). "now" defaults to the current time and
 * "time_zone" to "UTC".
 */
WELLNESS_API wellness_status wellness_create_goal_request_from_suggestion(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/*
 * {"period": "weekly"|"monthly"|"yearly", "bucket": <trend bucket>} in;
 * {"period", "label", "formatted_value", "value_color", "show_chart",
 *  "message", "point_count"} out: the Score screen's rules.
 */
WELLNESS_API wellness_status wellness_trend_view(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* A trends response in; {"weekly": view, "monthly": view, "yearly": view}.  */
WELLNESS_API wellness_status wellness_trends_view(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* ------------------------------------------------------------------------ */
/* Calls: time series                                                        */
/*                                                                           */
/* These take an options document and a data document (or data columns).     */
/* Options (every key optional):                                             */
/*   "kind":          "numeric" (default) | "boolean" | "snapshot"           */
/*   "interval":      "auto" (default) | "day" | "week" | "month" |          */
/*                    "quarter" | "half" | "year"                            */
/*   "time_zone":     IANA name, default "UTC"; buckets are local days       */
/*   "first_weekday": 1-7 (1 = Sunday) or "monday"..., default Monday        */
/*   "average":       "samples" (mean of raw samples, default) |             */
/*                    "daily_means" (mean of each day's mean)                */
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
 * The chart of the aggregated series: {"spec": {...}, "svg":
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
 * Many series in one call: `count` rows of group key (a user's index, say),
 * epoch timestamp in options' "timestamp_unit" and value, in any order; each
 * group is aggregated as wellness_series_aggregate_columns would aggregate
 * its rows alone. Options as above (shared by every group), plus:
 *   "groups":   [{"group": <int64>, "time_zone": "<IANA>",
 *                 "first_weekday": ...}], a group's own settings (each key
 *               optional; a group not listed uses the shared ones); or the
 *               same as columns, one item per group, a null item setting
 *               nothing: {"group": [<int64>, ...], "time_zone": [...],
 *               "first_weekday": [...]} (half the bytes for many groups;
 *               errors name the item: "groups.time_zone[3]")
 *   "threads":  1-256 (default 1): threads that aggregate groups at once, the
 *               calling thread included; never more, and none left running
 *               when the call returns
 *   "on_error": "fail" (default): a bad row fails the call, the error naming
 *               the group and the caller's row ("timestamps[i]" or
 *               "values[i]"); "skip": the group is left out and listed in
 *               `*report`, and the other groups' buckets are returned; a
 *               skipped entry's "row" and its error's "path" name the same
 *               row of the caller's columns. Under "skip" a group whose
 *               entry in "groups" is invalid (an unknown "time_zone", a bad
 *               "first_weekday") is skipped too, "row" null and the path
 *               naming the entry ("groups[0].time_zone" or
 *               "groups.time_zone[0]"), rows or not; an
 *               entry without a valid "group", or listed twice, fails the
 *               call.
 * At most 2,000,000 bucket rows in all (each group also has the single
 * series' cap of 100,000 buckets; a row costs about 420 bytes until it is
 * exported): past it the call fails with WELLNESS_E_VALIDATION naming the
 * group at which the total passes it ("group 20: ..."; with one thread the
 * first such group in key order), whatever "on_error" says.
 * The result is one Arrow struct array (format "+s"), one row per bucket,
 * groups in ascending key order, buckets in time order: "group" (int64),
 * "start" and "end" (date32, the bucket's first and last local day), "label"
 * (utf8), "week_year" and "week" (int64, null except in week buckets),
 * "count" and "days_with_data" (int64), then for numeric series "average",
 * "min", "max" or the options' "statistics" in order (float64, null where
 * the JSON result has null; "first" and "last" followed by "first_at" and
 * "last_at", timestamp[ms, UTC]); "yes_days" (int64) for boolean series;
 * "latest" (float64) and "latest_at" (timestamp[ms, UTC]) for snapshots.
 * `*report` (when not NULL) receives {"groups": <aggregated>, "rows":
 * <count>, "skipped": [{"group", "row", "error"}]}.
 * Ownership: the columns are borrowed for the call. On WELLNESS_OK,
 * `*schema` and `*array` are the caller's: release each exactly once with its
 * own release callback (pyarrow's and polars' importers do), after which its
 * memory is freed; `*report` is released with wellness_buf_free(). On
 * failure nothing is written to `*schema` or `*array`, and `*err` (when not
 * NULL) holds the error.
 */
WELLNESS_API wellness_status wellness_series_aggregate_groups(
    const char *options_json, size_t options_len,
    const int64_t *groups, const int64_t *timestamps, const double *values, size_t count,
    struct ArrowSchema *schema, struct ArrowArray *array,
    wellness_buf *report, wellness_buf *err);

/*
 * The longevity trends (the GET /api/longevity/trends document)
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
/* Calls: the API through a client                                           */
/*                                                                           */
/* Each takes a client and a parameters document and returns the API's data  */
/* validated like the model calls. Besides code/name/message/path, an error  */
/* may carry "http_status" and, for WELLNESS_E_RATE_LIMITED, "retry_after"   */
/* (seconds). Server answers map to WELLNESS_E_UNAUTHORIZED (401),           */
/* _FORBIDDEN (403), _NOT_FOUND (404, e.g. "Goal not found"), _RATE_LIMITED  */
/* (429), _HTTP (other statuses), _INVALID_RESPONSE (not JSON, too large),   */
/* _DECODING (JSON not fitting the model; path names the field); no answer   */
/* maps to _NETWORK or _TIMEOUT. wellness_client_send_message_stream also    */
/* hands the coach's reply to a callback as it streams (wellness_stream_fn). */
/*                                                                           */
/* Ownership, for every call in this section: the client and `json` are      */
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

/* {"refresh"?: bool, "insight_ids"?: [id...]} in; {"suggestions": [...],
   "count": n, "source": "network" | "cache" | "offline_cache"} out (3 to 5
   suggestions). With "insight_ids" the suggestions are based on those
   insights (a goal made from an insight) and never cached. Otherwise they are
   cached for 24 hours per user in "cache_directory" (client configuration;
   default $XDG_CACHE_HOME/wellnesskit or ~/.cache/wellnesskit, false to
   disable), dropped when a goal is created, and served from the cache
   whatever its age when the API cannot be reached. */
WELLNESS_API wellness_status wellness_client_goal_suggestions(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"id", "current_value"? | "progress"? (a fraction: 0.5 is 50 %; a goal
   without a target is then tracked in percent), "status"?, "target_value"?}
   in: records progress on a goal; reaching the target completes it, and the server then adds a
   milestone insight celebrating it, once. Out: {"goal", "previous_progress",
   "progress" (fractions of the target, null without one), "milestones":
   [25, 50, ...] crossed by this update, "notification": when one was
   crossed, the goal progress notification with the actual percentage (as
   wellness_notification_progress_milestone's), else null}. In offline mode
   an update that cannot reach the API is queued (see "offline mode" below),
   with the changed goal as "optimistic" and no milestones until it is sent. */
WELLNESS_API wellness_status wellness_client_update_goal(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* A coach's proposal in, as a reply's "proposals" carry it: {"type":
   "create_goal", "summary", "goal": CreateGoalRequest} or {"type":
   "update_goal", "summary", "goal_id", "change": {as wellness_client_update_goal}}.
   It is applied through the goals API; out: as wellness_client_update_goal's,
   plus "created": true for a new goal (whose "previous_progress" is its own). */
WELLNESS_API wellness_status wellness_client_accept_proposal(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"goal_id"} in; {"tips", "goal_id", "goal_title", "count"} out. */
WELLNESS_API wellness_status wellness_client_goal_tips(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"suggestion", "now"?, "time_zone"?, "insight_id"?} in (as
   wellness_create_goal_request_from_suggestion; "insight_id": the insight
   the goal is created from); the created goal out. Emits "goal_ai_usage"
   suggestions for the new goal and, with "insight_id", "insight_action"
   createdGoal. */
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

/* The AI overview (insights, goals and consultations cards). {"refresh"?: bool} in; out:
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
   "dashboard_max_age" seconds (client configuration, default 300, the apps'
   refresh period) unless "refresh" is true; links use "link_scheme"
   (default "fitiq"). */
WELLNESS_API wellness_status wellness_client_dashboard(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* The Smart Suggestions. {"now"?: timestamp, "consultation_gap_days"?:
   0..3650 (default 7), "refresh"?: bool} in; {"actions": [{"id", "title",
   "icon", "color", "link", "goals"?: [{"id", "title"}]}], "complete": bool}
   out. In this order: "view_insights" when there are unread insights,
   "get_goal_tips" for active goals whose tips were never fetched through a
   client using this local store, "start_consultation" when no consultation
   was started (or messaged) in the last consultation_gap_days days. The state
   comes from wellness_client_dashboard (reused within its max age) and the
   local store, which remembers tip fetches and consultation starts across
   restarts; a suggestion whose state cannot be read is left out and
   "complete" is false. */
WELLNESS_API wellness_status wellness_client_suggested_actions(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* The client's local store: a SQLite database (WAL, mode 0600) in
   "store_directory" (client configuration; default $XDG_DATA_HOME/wellnesskit
   or ~/.local/share/wellnesskit, false for none), opened on first use and
   shared safely by threads and processes. See docs/OFFLINE.md.

   {"goal_id"} in; {"goal_id", "interval": "day" | ... | "year" | null,
   "automatic": bool} out: the interval saved for the goal's charts,
   null when automatic. WELLNESS_E_VALIDATION when the client has
   no store ("path": "store_directory"). */
WELLNESS_API wellness_status wellness_client_interval_preference(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"goal_id", "interval": "day" | "week" | "month" | "quarter" | "half" |
   "year" | "auto" | null} in (auto or null: "Reset to Auto"); the saved
   preference out, as wellness_client_interval_preference's. It survives the
   process and is shared by every client using the same store directory. */
WELLNESS_API wellness_status wellness_client_set_interval_preference(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* wellness_series_aggregate and wellness_series_chart whose options may also
   hold "goal_id": without "interval", the goal's saved interval is used
   (automatic when none is saved); an explicit "interval" always wins.
   Ownership: as wellness_series_aggregate's; the client is borrowed. */
WELLNESS_API wellness_status wellness_client_series_aggregate(
    wellness_client *client, const char *options_json, size_t options_len, const char *samples_json,
    size_t samples_len, wellness_buf *out, wellness_buf *err);
WELLNESS_API wellness_status wellness_client_series_chart(
    wellness_client *client, const char *options_json, size_t options_len, const char *samples_json,
    size_t samples_len, wellness_buf *out, wellness_buf *err);

/* {"is_archived"?, "page"?, "page_size"?} in; {"consultations", "pagination"} out. */
WELLNESS_API wellness_status wellness_client_list_consultations(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* A CreateConsultationRequest in; the consultation out. */
WELLNESS_API wellness_status wellness_client_create_consultation(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"consultation_id", "content"} in; {"messages": [sent, reply], "count"} out.
   A reply in a goal or insight consultation uses that context and the
   user's data, and may carry "proposals" (see
   wellness_client_accept_proposal) and "data_queries", the queries of the
   user's data its numbers come from ([{"query", "result"}], docs/QUERY.md);
   a message without any has no such key. */
WELLNESS_API wellness_status wellness_client_send_message(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/*
 * wellness_client_send_message with the coach's reply streamed as the model
 * writes it: same input, {"consultation_id", "content"}; on WELLNESS_OK `*out`
 * is the same {"messages": [sent, reply], "count": 2}, validated alike.
 *
 * `on_event` (not NULL) is called on the calling thread, in order, once per
 * event: "delta" {"text": "..."} is the next piece of the reply; "reset"
 * {"reason": "..."} withdraws the deltas received so far (the model's text was
 * rejected part-way), the deltas that follow being the whole replacement. The
 * reply in `*out` is the deltas since the last reset, concatenated. The end of
 * the stream is the return value, never an event.
 *
 * Statuses: WELLNESS_E_CANCELLED when `on_event` returned non-zero: the
 * transfer stops at once, but the server still stores the message and its
 * whole reply (wellness_client_list_messages shows them). Refusals before the
 * reply starts (404 for an unknown consultation, 401, 429, ...) as
 * wellness_client_send_message's, before any event. An error after the reply
 * started: the status its code means (_NOT_FOUND, _UNAUTHORIZED, _FORBIDDEN,
 * _RATE_LIMITED, _TIMEOUT), else WELLNESS_E_HTTP, the server's code in the
 * message. A stream cut off, or ended without its last event:
 * WELLNESS_E_NETWORK. An event that is not the API's, or larger than 1 MiB:
 * _INVALID_RESPONSE or _DECODING.
 *
 * Deadlines: "ai_timeout" bounds the wait until the reply starts streaming,
 * then each silence within it (the server's keep-alive comments count as
 * activity): a reply that keeps streaming is never cut, one silent for
 * ai_timeout seconds is WELLNESS_E_TIMEOUT. Retries as for the other calls,
 * but only before the first byte of the stream. A server that does not
 * stream (answers 201 with JSON) is accepted: its reply comes as one delta.
 *
 * Offline mode: the reply needs the API. Due queued writes are replayed
 * first; while any remain queued the call fails with WELLNESS_E_NETWORK (the
 * message would overtake them), and when the API cannot be reached it fails
 * as without offline mode: nothing is queued and `on_event` is not called
 * (wellness_client_send_message queues the message instead).
 *
 * Ownership: the client and `json` are borrowed for the call; `user_data`
 * stays the caller's and is only used during the call; `event` and
 * `data_json` belong to the library and are valid only during the callback;
 * on WELLNESS_OK `*out` holds a new buffer the caller releases with
 * wellness_buf_free(); on failure `*err` (when not NULL) does.
 */
WELLNESS_API wellness_status wellness_client_send_message_stream(
    wellness_client *client, const char *json, size_t len, wellness_stream_fn on_event, void *user_data,
    wellness_buf *out, wellness_buf *err);

/* {"consultation_id"} in; {"messages": [...], "count"} out, oldest first. */
WELLNESS_API wellness_status wellness_client_list_messages(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* ------------------------------------------------------------------------ */
/* Calls: workouts                                                           */
/*                                                                           */
/* The user's workouts (docs/SERVER.md, "Workouts"): the sessions the data   */
/* questions run over ("How many days did I run in the last 7 days?"). A     */
/* workout is {"start", "end": RFC 3339 or epoch seconds, "activity": 1 to   */
/* 100 characters, "<field>": number | null, ...}: "end" not before "start", */
/* at most 32 fields named [a-z_][a-z0-9_]* (64 bytes at most); the standard */
/* ones are "duration" (min), "distance" (km), "calories" (kcal), "steps",   */
/* "average_heart_rate" (bpm), "active_zone_minutes" (min), "elevation_gain" */
/* (m), "speed" (km/h). The server assigns "id" ("wo_" and 32 hex digits)    */
/* from start and activity. Errors as for the calls above; the library       */
/* checks workouts as the server does, a bad one WELLNESS_E_VALIDATION with  */
/* the field in "path" ("workouts[3].end"), nothing sent.                    */
/*                                                                           */
/* Ownership, for every call in this section: the client and `json` are      */
/* borrowed for the call; on WELLNESS_OK `*out` holds a new buffer the       */
/* caller releases with wellness_buf_free(); on failure `*err` (when not     */
/* NULL) does.                                                               */
/* ------------------------------------------------------------------------ */

/* {"workouts": [workout, ...]} in (at most 1000, none with an "id");
   {"stored": n} out, n the rows stored. Idempotent: a workout sent again
   (same start and activity) is stored once, its end and fields replaced;
   two of one start and activity in one call are one row, the last, counted
   once. A key given twice in a workout is WELLNESS_E_VALIDATION naming it.
   In offline mode it is queued like the other writes when the API cannot be
   reached. */
WELLNESS_API wellness_status wellness_client_post_workouts(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"from"?, "to"?, "page"?, "page_size"?} in: "from" and "to" bound the
   starts, both included, each an RFC 3339 instant or a date ("YYYY-MM-DD",
   its whole day in the profile's time zone); page from 1, page_size 1..100
   (default 20).
   {"workouts": [{"id", "start", "end" (RFC 3339, UTC), "activity",
   "<field>": number, ...}], "pagination"} out, oldest first. */
WELLNESS_API wellness_status wellness_client_list_workouts(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"id"} in; {"deleted": true} out, also when the user has no such workout.
   In offline mode queued when the API cannot be reached, the workout taken
   out of the cached pages at once. */
WELLNESS_API wellness_status wellness_client_delete_workout(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* ------------------------------------------------------------------------ */
/* Calls: daily metrics and the profile                                      */
/*                                                                           */
/* The user's daily metrics (docs/SERVER.md, "Daily metrics"): what a watch  */
/* or ring records per day, beside the check-ins, each day {"date":          */
/* "YYYY-MM-DD", "<metric>": number | null, ...}; metric names are           */
/* [a-z_][a-z0-9_]* (64 bytes at most), the documented ones                  */
/* ("resting_heart_rate" bpm, "heart_rate_variability" ms, "sleep_minutes",  */
/* "deep_sleep_minutes", ... min, "weight_kg", "spo2" percent, ...) checked  */
/* against their ranges, other names stored as sent. And the profile, whose  */
/* "time_zone" (IANA) and "first_weekday" (1 = Sunday ... 7 = Saturday, or   */
/* a weekday's name) are the calendar the server counts the user's days in   */
/* (docs/SERVER.md, "The user's calendar"). The library checks input as the  */
/* server does: a bad one is WELLNESS_E_VALIDATION with the field in "path"  */
/* ("days[3].resting_heart_rate"), nothing sent. Ownership as for the        */
/* workouts calls.                                                           */
/* ------------------------------------------------------------------------ */

/* {"days": [day, ...] (1 to 1000), "units"?: {"<metric>": "<unit>"}} in
   ("units": the unit a documented metric is sent in, converted by the
   server: "h" or "hours" to minutes, "lb" to kg, "fraction" to percent,
   ...); {"stored": n, "deleted": m} out: the days holding metrics after the
   write, and those it left without any. Per day and metric an upsert: a
   value replaces the metric's, null deletes it, metrics left out stay.
   Idempotent; in offline mode queued when the API cannot be reached. */
WELLNESS_API wellness_status wellness_client_post_daily_metrics(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"from"?, "to"?: "YYYY-MM-DD" (both included), "page"?, "page_size"?} in;
   {"days": [{"date", "<metric>": number, ...}], "pagination"} out, oldest
   first. Cached in offline mode like the other reads. */
WELLNESS_API wellness_status wellness_client_list_daily_metrics(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"date": "YYYY-MM-DD"} in; {"deleted": true} out, also when the day had
   no metrics. In offline mode queued when the API cannot be reached. */
WELLNESS_API wellness_status wellness_client_delete_daily_metrics(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {} in; {"age", "height_cm", "weight_kg", "bmi", "time_zone",
   "first_weekday"} out ("UTC" and 2, Monday, until set). */
WELLNESS_API wellness_status wellness_client_get_profile(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"age"?, "height_cm"?, "weight_kg"?, "time_zone"?, "first_weekday"?} in:
   age, height and weight replaced (left out: none); "time_zone" and
   "first_weekday" left out keep their stored values, null resets them. A
   zone this machine's time-zone database does not know is
   WELLNESS_E_VALIDATION naming it. The profile out, as for get_profile; in
   offline mode queued when the API cannot be reached. */
WELLNESS_API wellness_status wellness_client_set_profile(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* ------------------------------------------------------------------------ */
/* Calls: offline mode ("offline": true, docs/OFFLINE.md)                    */
/*                                                                           */
/* Reads (list_insights, get_insight, list_goals, get_goal, trends,          */
/* dashboard, list_consultations, list_messages, list_workouts,             */
/* list_daily_metrics) are cached                                            */
/* in the local store per user (SHA-256 of base URL and credential). When    */
/* the API cannot be reached (_NETWORK, _TIMEOUT, 5xx after retries) they    */
/* answer from the cache: the usual object plus "source": "offline_cache",   */
/* "cached_at" (RFC 3339) and "age_seconds"; fresh answers are unchanged.    */
/* Nothing cached: the error as without offline mode.                        */
/*                                                                           */
/* Writes (update_insight, delete_insight, create_goal,                      */
/* create_goal_from_suggestion, update_goal, create_consultation,            */
/* send_message, post_workouts, delete_workout, post_daily_metrics,          */
/* delete_daily_metrics, set_profile) that                                   */
/* cannot reach the API are committed to the outbox with their               */
/* Idempotency-Key and their optimistic change to the cache (one             */
/* transaction) before the call returns WELLNESS_OK with                     */
/*   {"queued": true, "pending_id": n, "operation", "idempotency_key",       */
/*    "queued_at", "reason": {error document}, "optimistic": object|null}    */
/* instead of the API's answer. While writes are queued, later writes queue  */
/* behind them (after replaying up to 20 due ones). A read or write that     */
/* reaches the API replays up to 20 due queued writes.                       */
/* Without offline mode the calls below fail with WELLNESS_E_VALIDATION      */
/* (path "offline"). Ownership as for every call in the sections above.      */
/* ------------------------------------------------------------------------ */

/* {"limit"?: n, "wait"?: seconds (default 30)} in: replays the queue in
   order, each write with its idempotency key; accepted writes leave it, a
   404 or other 4xx moves the write to the failed writes, a network error,
   timeout, 5xx, 429 or 401 keeps it with a backoff and stops the sync.
   Another process's sync is waited for up to "wait" seconds ("busy": true
   after). {"delivered", "failed", "deferred", "remaining", "busy",
   "items": [{"pending_id", "operation", "idempotency_key", "result":
   "delivered"|"failed"|"deferred", "http_status", "error", "next_attempt_at"}]} out. */
WELLNESS_API wellness_status wellness_client_sync(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {} in; {"pending": [{"pending_id", "operation", "method", "path", "request",
   "idempotency_key", "queued_at", "attempts", "next_attempt_at", "last_error",
   "in_flight"}], "count"} out, oldest first. */
WELLNESS_API wellness_status wellness_client_pending(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"pending_id"} in; {"pending_id", "cancelled": bool} out (false: no such
   write). WELLNESS_E_VALIDATION while a sync is sending it. The optimistic
   change stays cached until a fresh read replaces it. */
WELLNESS_API wellness_status wellness_client_cancel_pending(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {} in; {"failed": [{"pending_id", "operation", "method", "path", "request",
   "idempotency_key", "queued_at", "failed_at", "http_status", "reason"}],
   "count"} out: writes the API refused on replay, kept until cleared. */
WELLNESS_API wellness_status wellness_client_failed_writes(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"pending_ids"?: [n, ...]} in (all when absent); {"cleared": n} out. */
WELLNESS_API wellness_status wellness_client_clear_failed(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* ------------------------------------------------------------------------ */
/* Calls: the user's account as a whole                                      */
/*                                                                           */
/* Data subject requests (docs/SERVER.md): download everything the server    */
/* stores about the user, erase the account, erase what this device keeps.   */
/* Ownership, for every call in this section: `json` is borrowed for the     */
/* call; on WELLNESS_OK `*out` holds a new buffer the caller releases with   */
/* wellness_buf_free(); on failure `*err` (when not NULL) holds the error    */
/* document, also the caller's. Errors as for the calls above.               */
/* ------------------------------------------------------------------------ */

/* {"path": string} in; {"path", "bytes"} out. Writes the account's export
   (GET /api/v1/account/export, one JSON document: profile, check-ins,
   insights, goals, consultations and messages, API key prefixes, how each
   generated item was made) to `path` as it arrives, mode 0600, beside it
   and renamed at the end: `path` holds the whole export or is left as it
   was (WELLNESS_E_INVALID_RESPONSE when the document stopped short). The
   file holds health data in clear. */
WELLNESS_API wellness_status wellness_client_export_account(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"api_key": string} in: one of the account's API keys, the confirmation.
   Erases the account and everything stored about it on the server (DELETE
   /api/v1/account: WELLNESS_E_FORBIDDEN for a key that is not the
   account's, nothing erased), then, in offline mode, this client's cached
   answers and queued writes for it (wellness_client_erase_local_data).
   {"erased": true, "local": {"cached", "pending", "failed"} | null} out
   (null without offline mode, which keeps nothing). Afterwards the
   client's credentials are refused (WELLNESS_E_UNAUTHORIZED). When the
   server erased the account but its answer was lost, a retry is refused
   that way and erases nothing here: call wellness_client_erase_local_data
   then. */
WELLNESS_API wellness_status wellness_client_erase_account(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {} in; {"cached", "pending", "failed"} out: deletes, in one transaction,
   everything the local store keeps for this client's user at its server
   (cached answers, queued writes, which are never sent, and refused writes);
   other users' data stays. Offline mode only (else WELLNESS_E_VALIDATION,
   path "offline"). */
WELLNESS_API wellness_status wellness_client_erase_local_data(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* ------------------------------------------------------------------------ */
/* Calls: cross-feature integration                                          */
/*                                                                           */
/* What the guide's SwiftUI coordinator, action buttons, deep-link handler   */
/* and notification manager decide, as portable rules. A "context" is one    */
/* of "insight", "goal" or "consultation", holding the model as the API      */
/* returns it (validated as wellness_insight_normalize etc.; errors name     */
/* "insight.title"...). A "destination" is {"kind": ...} with the kind's     */
/* fields, null when unknown:                                                */
/*   goal_creation {suggestion, insight_id}                                  */
/*   consultation {persona, context_type, context_id, title}                 */
/*   goal_tips {goal_id, title}    insight_detail / goal_detail /            */
/*   consultation_detail {id}      insights_list, goals_list,                */
/*   goal_suggestions, consultations_list (no fields).                       */
/* A "link" is {"kind", "identifier" (the guide's "insight_<id>",            */
/* "goals_list", "new_consultation"...), fields}. Request documents refuse   */
/* keys they do not know. docs/INTEGRATION.md gives every rule.              */
/*                                                                           */
/* Ownership, for every call in this section: `json` is borrowed for the     */
/* call; on WELLNESS_OK `*out` holds a new buffer the caller releases with   */
/* wellness_buf_free(); on failure `*err` (when not NULL) does.              */
/* ------------------------------------------------------------------------ */

/* {"insight"|"goal"|"consultation": <model>, "intent": "create_goal" |
   "discuss" | "tips" | "detail" | "view_insights" | "my_goals"} in;
   {"context", "intent", "destination": <destination> | null} out. An
   insight's create_goal gives its first suggestion (null destination when it
   has none); discuss gives a consultation with the wellness specialist about
   the insight, or general wellness about a goal. No context, two contexts,
   or an intent the context lacks is WELLNESS_E_VALIDATION with its path. */
WELLNESS_API wellness_status wellness_integration_destination(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* As wellness_integration_destination, for a client that moves the user
   there: when the destination is not null, the client's analytics handle
   (wellness_client_set_analytics) gets "ai_feature_transition" from the
   context's feature to the destination's ("insights", "goals",
   "consultations"), with the intent as "context". Makes no request. */
WELLNESS_API wellness_status wellness_client_navigate(
    wellness_client *client, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"insight"|"goal"|"consultation": <model>, "surface"?: "quick_actions"
   (default) | "detail" | "notification"} in; {"context", "surface",
   "actions": [{"intent", "title", "icon", "color", "prominent",
   "notification_action", "destination"}]} out, in the guide's order.
   "Create Goal" only for an insight with a suggestion containing "goal" or
   "target". */
WELLNESS_API wellness_status wellness_integration_actions(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"url": "<text>", "scheme"?: "fitiq"} in; {"link", "destination", "url"
   (the canonical URL), "reason": null} out, or, for a URL that gives no link,
   {"link": null, "destination": null, "url": null, "reason": "too_long" (over
   8192 bytes) | "malformed" | "other_scheme" | "unknown_host"}. The URL's
   content is never an error; a request that is not {"url": string} is. */
WELLNESS_API wellness_status wellness_deep_link_parse(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"link": <link>, "scheme"?: "fitiq"} in ("identifier" may be left out;
   when given it must be the link's own, a string, or WELLNESS_E_VALIDATION);
   {"url", "identifier", "destination"} out. wellness_deep_link_parse of the
   url gives the link back. */
WELLNESS_API wellness_status wellness_deep_link_build(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"insight": <insight>} in; the "New AI Insight" notification out:
   {"identifier": "insight_<id>", "title", "body", "category":
   "INSIGHT_CATEGORY", "sound": "default", "user_info": {"type": "insight",
   "insightId", "hasGoalSuggestion"}, "trigger_seconds": 1}. */
WELLNESS_API wellness_status wellness_notification_insight(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"goal": <goal>, "progress": 0.5} in (a fraction, 0 to 1000); the
   "Goal Progress Update" notification out, body "<title> is 50% complete!
   Need tips?" (the percentage truncated), identifier "goal_progress_<id>",
   category "GOAL_PROGRESS_CATEGORY", user_info {"type": "goal", "goalId"}. */
WELLNESS_API wellness_status wellness_notification_goal_progress(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"goal", "previous_progress", "progress"} in; {"crossed": [25, 50],
   "milestone": 50 | null, "percent", "notification": <as above> | null} out:
   the 25/50/75/100 % milestones with previous < m/100 <= progress. */
WELLNESS_API wellness_status wellness_notification_progress_milestone(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {} in; {"categories": [{"identifier", "actions": [{"identifier", "title",
   "options": ["foreground"]}], "intent_identifiers": []}]} out: INSIGHT_CATEGORY
   (CREATE_GOAL, DISCUSS_INSIGHT) and GOAL_PROGRESS_CATEGORY (GET_TIPS, CHAT_GOAL). */
WELLNESS_API wellness_status wellness_notification_categories(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* {"action": "CREATE_GOAL" | "DISCUSS_INSIGHT" | "GET_TIPS" | "CHAT_GOAL" |
   "com.apple.UNNotificationDefaultActionIdentifier" | "open" | ...,
   "user_info": {...}, "scheme"?} in; {"action", "link", "url", "destination"}
   out, all three null when the guide does nothing (another action, or the
   id it needs missing from user_info). */
WELLNESS_API wellness_status wellness_notification_response(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* ------------------------------------------------------------------------ */
/* Calls: analytics                                                          */
/*                                                                           */
/* Events: {"name": "ai_feature_transition" | "insight_action" |             */
/* "goal_ai_usage" | "consultation_started", "parameters": {...},            */
/* "user_id"?: "..."} with the guide's parameter names and values            */
/* (docs/INTEGRATION.md); every parameter is a string; "timestamp" is        */
/* RFC 3339 (default: now, to the second).                                   */
/*                                                                           */
/* Threading contract of a wellness_analytics handle:                        */
/*  - Any thread may call any function on it, any number at once.            */
/*  - wellness_analytics_emit() never waits for the sink: it validates the   */
/*    event and queues it; when the queue is full the event is dropped and   */
/*    counted ("dropped" in wellness_analytics_stats()).                     */
/*  - The sink is called on the handle's own worker thread (a pthread), one  */
/*    event at a time, in emit order. Without a sink, events wait in the     */
/*    queue until one is set.                                                */
/*  - wellness_analytics_set_sink() waits until a callback in flight has     */
/*    returned: once it returns, the previous callback is never called       */
/*    again and its user_data may be released.                                */
/*  - wellness_analytics_shutdown() stops accepting events and delivers      */
/*    what is queued until its timeout; the rest is dropped. On WELLNESS_OK  */
/*    the worker has ended and no callback runs or will run.                 */
/*  - set_sink, flush, shutdown and free must not be called from inside the  */
/*    sink callback (the first three refuse with                             */
/*    WELLNESS_E_INVALID_ARGUMENT); emit and stats may be.                   */
/* ------------------------------------------------------------------------ */

/* An event in; its canonical form out (parameters in the guide's order,
   "context" and "context_id" defaulting to "none", the timestamp in UTC).
   Ownership: as for the model calls. */
WELLNESS_API wellness_status wellness_analytics_event(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/*
 * The guide's five success metrics from an event log: `log_json` is a JSON
 * array of events or JSON Lines (one per line, as the jsonl_path sink writes
 * them), each with its timestamp. Options: {"session_gap_minutes"?: 1-1440,
 * default 30}: a user's session ends after that long without an event. Out:
 * {"event_count", "user_count", "session_count", "session_gap_minutes",
 *  "feature_transition_rate", "goal_creation_from_insights",
 *  "consultation_context_usage", "tip_adoption_rate", "features_per_session"},
 * each metric {"value": number | null, "numerator", "denominator"}.
 * Ownership: both inputs are borrowed for the call; results as above.
 */
WELLNESS_API wellness_status wellness_analytics_metrics(
    const char *options_json, size_t options_len,
    const char *log_json, size_t log_len,
    wellness_buf *out, wellness_buf *err);

/*
 * A new analytics handle and its worker thread. `config_json`:
 * {"capacity"?: 1-1000000 (default 1024), "jsonl_path"?: "/path"}. The sink
 * is `sink` (may be NULL: set one later) or the JSON Lines file jsonl_path
 * (appended to, created 0600), not both.
 * Ownership: on WELLNESS_OK `*analytics` is a new handle the caller releases
 * with wellness_analytics_free(); `user_data` stays the caller's and must stay
 * valid until the sink is replaced (set_sink) or the handle shut down with
 * WELLNESS_OK. On failure `*analytics` is NULL and `*err` (when not NULL)
 * holds the error.
 */
WELLNESS_API wellness_status wellness_analytics_new(
    const char *config_json, size_t config_len, wellness_analytics_sink_fn sink, void *user_data,
    wellness_analytics **analytics, wellness_buf *err);

/*
 * Replaces the sink callback (NULL removes it), after waiting for a callback
 * in flight to return; events keep queueing meanwhile.
 * Ownership: the previous user_data is the caller's again on return; the new
 * one must stay valid as for wellness_analytics_new().
 */
WELLNESS_API wellness_status wellness_analytics_set_sink(
    wellness_analytics *analytics, wellness_analytics_sink_fn sink, void *user_data, wellness_buf *err);

/*
 * Validates an event (as wellness_analytics_event) and queues it; WELLNESS_OK
 * also when the queue was full and the event was dropped (counted).
 * WELLNESS_E_INVALID_ARGUMENT after shutdown.
 * Ownership: `json` is borrowed for the call; on failure `*err` (when not
 * NULL) holds a buffer the caller releases with wellness_buf_free().
 */
WELLNESS_API wellness_status wellness_analytics_emit(
    wellness_analytics *analytics, const char *json, size_t len, wellness_buf *err);

/*
 * Waits until every queued event has been delivered, at most `timeout_ms`
 * milliseconds (negative: no limit). WELLNESS_E_TIMEOUT when events remain,
 * at once when there is no sink.
 * Ownership: on failure `*err` (when not NULL) holds a buffer the caller releases.
 */
WELLNESS_API wellness_status wellness_analytics_flush(
    wellness_analytics *analytics, int timeout_ms, wellness_buf *err);

/*
 * {"capacity", "accepted", "delivered", "failed" (file writes that failed),
 *  "dropped", "queued", "in_flight", "has_sink", "accepting"} out.
 * Ownership: on WELLNESS_OK `*out` holds a new buffer the caller releases
 * with wellness_buf_free(); on failure `*err` (when not NULL) does.
 */
WELLNESS_API wellness_status wellness_analytics_stats(
    wellness_analytics *analytics, wellness_buf *out, wellness_buf *err);

/*
 * Stops the handle: no more events are accepted, queued events are delivered
 * for at most `timeout_ms` (negative: no limit), the rest are dropped
 * (counted), and the worker thread ends. WELLNESS_OK when everything was
 * delivered and the worker has ended; WELLNESS_E_TIMEOUT otherwise (a
 * callback may then still be running: it is the last one). Calling it again
 * is harmless. Stats stay readable until wellness_analytics_free().
 * Ownership: on failure `*err` (when not NULL) holds a buffer the caller releases.
 */
WELLNESS_API wellness_status wellness_analytics_shutdown(
    wellness_analytics *analytics, int timeout_ms, wellness_buf *err);

/*
 * Releases a handle; NULL is ignored. Never waits for the sink: queued events
 * are dropped, and a callback in flight finishes on the worker thread, which
 * then ends without calling the sink again (shut down first to deliver, and
 * to know when user_data is free).
 * Ownership: the handle is invalid afterwards.
 */
WELLNESS_API void wellness_analytics_free(wellness_analytics *analytics);

/* ------------------------------------------------------------------------ */
/* Calls: queries over a person's data                                       */
/*                                                                           */
/* "How many days did I run in the last two weeks?" answered exactly, on the */
/* device: a typed query document (docs/QUERY.md; the same schema a language */
/* model fills through tool calling) evaluated over two tables, daily        */
/* metrics and sessions (workouts). Sums are correctly rounded (math.fsum);  */
/* median and std as pandas computes them; missing values are skipped.       */
/* ------------------------------------------------------------------------ */

/*
 * Reads the tables: {"daily": rows or columns, "sessions": rows or columns,
 * "time_zone": IANA name (default "UTC"; a session's day is the local date
 * of its start), "first_weekday": 1-7 or "monday"... (default Monday),
 * "units": {"<column>": "<unit>"}}. Daily rows are {"date": "YYYY-MM-DD",
 * "<metric>": number | null, ...}, one per date; sessions are {"start",
 * "end" (RFC 3339 or epoch seconds), "activity": name, "<metric>": number |
 * null, ...}. Columns are {"<column>": [values...], ...}. Either table may
 * be left out. Without a "duration" column, a session's duration is end -
 * start in minutes.
 * Memory: the document is read in one pass into the tables' columns, with
 * no tree of it; for a valid document the peak beyond the tables is within
 * twice `len` (an invalid one is read again through a tree to name the error).
 * Ownership: `json` is borrowed for the call. On WELLNESS_OK `*tables` is a
 * new handle the caller releases with wellness_query_tables_free(); on
 * failure it is NULL and `*err` (when not NULL) holds the error, naming the
 * row and field.
 */
WELLNESS_API wellness_status wellness_query_tables_new(
    const char *json, size_t len, wellness_query_tables **tables, wellness_buf *err);

/*
 * The same from columns, through the Arrow C Data Interface (pyarrow's
 * RecordBatch._export_to_c, polars, DuckDB): each table is one struct array
 * (format "+s") of named columns, or NULL (schema and array both NULL) when
 * not given. Daily: "date" (date32 or date64) and metrics. Sessions:
 * "start" and "end" (timestamp with a time zone, any unit: a timestamp
 * without a zone is ambiguous and refused), "activity" (utf8 or large utf8)
 * and metrics. Metrics are float64/32 or int8-64/uint8-64 columns; nulls
 * and NaN are missing values; dictionary-encoded columns are refused (cast
 * them to their values). Integer metrics are read in their own width and
 * rounded to the nearest double, as the JSON path rounds the same number
 * (uint64 2^64-1 is 18446744073709551616). A timestamp column's zone must be
 * an IANA name or an offset "+HH:MM"; activity names must be valid UTF-8.
 * Every structural field of the interface is checked before a buffer is
 * read, and refused with WELLNESS_E_VALIDATION naming the column: the
 * buffer count of the format (validity first; utf8 has 3), a null_count
 * below -1 or above the length, a null_count other than 0 without a
 * validity bitmap, a child (schema or array) already released, nested
 * children, a length or offset out of range. A row the struct's own
 * validity bitmap marks null is refused (drop null rows first).
 * `options_json`: {"time_zone", "first_weekday", "units"} as above (NULL
 * with length 0: none).
 * Ownership: the four structs are moved into the call: the library calls
 * their release callbacks before it returns, on success and on failure.
 * The buffers must be as long as the Arrow lengths and offsets say. Results
 * as wellness_query_tables_new().
 */
WELLNESS_API wellness_status wellness_query_tables_new_arrow(
    const char *options_json, size_t options_len,
    struct ArrowSchema *daily_schema, struct ArrowArray *daily_array,
    struct ArrowSchema *sessions_schema, struct ArrowArray *sessions_array,
    wellness_query_tables **tables, wellness_buf *err);

/*
 * What the tables hold: {"time_zone", "daily": {"rows", "metrics", "days":
 * [first, last] | null}, "sessions": {"rows", "metrics", "activities",
 * "days"}, "units"}.
 * Ownership: on success `*out`, on failure `*err` (when not NULL), holds a
 * buffer the caller releases with wellness_buf_free().
 */
WELLNESS_API wellness_status wellness_query_tables_summary(
    const wellness_query_tables *tables, wellness_buf *out, wellness_buf *err);

/*
 * Runs one query document: {"table", "metric", "activity", "where",
 * "on_days_where", "window", "anchor", "take", "reduce"} (docs/QUERY.md; null
 * members count as absent), plus "include_rows": true for the caller's row
 * numbers of the rows used. The result: {"value": number | "YYYY-MM-DD" |
 * name | [names] | null, "unit", "rows", "days", "from_date", "to_date",
 * "query": <normalised, anchor resolved>, "row_numbers"?}. Nothing matching
 * is a result (rows 0; value 0 for sum, count and count_days, null
 * otherwise). A metric the table lacks is WELLNESS_E_VALIDATION naming
 * "metric" with the closest column.
 * Ownership: `json` is borrowed for the call; on success `*out`, on failure
 * `*err` (when not NULL), holds a buffer the caller releases.
 */
WELLNESS_API wellness_status wellness_query(
    const wellness_query_tables *tables, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/*
 * Runs many queries over the same tables, as a coach's turn asks several:
 * {"queries": [<query>, ...]} (at most 100,000) in, {"results": [<result> |
 * {"error": {"code", "name", "message", "path"}}, ...]} out, in order: a bad
 * query answers its own error and the others still run.
 * Ownership: as wellness_query().
 */
WELLNESS_API wellness_status wellness_query_many(
    const wellness_query_tables *tables, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/*
 * Answers a question in words when it reads whole as a query, without a
 * language model: {"question": "How many days did I run in the last two
 * weeks?", "anchor"?: "YYYY-MM-DD" (the day "today" means; default today in
 * the tables' zone)} in; {"understood": true, "answer": "You ran on 4 days
 * between 3 and 16 November 2025.", "number": 4, "unit": "days", "result":
 * <the query's result, the query in it>, "reason": null} out, or {"understood": false,
 * "answer": null, "number": null, "unit": null, "result": null} for a question with a word or a form the
 * reader does not know, or about a metric the tables lack ("sleep score"):
 * it never guesses a number. A declined question's "reason" says why in a
 * sentence naming the words not read or the ambiguity ("I could not read
 * 'fortnightly'."). docs/QUERY.md lists the forms it reads.
 * Ownership: as wellness_query().
 */
WELLNESS_API wellness_status wellness_query_ask(
    const wellness_query_tables *tables, const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/*
 * The query as a tool for OpenAI-compatible tool calling: {"name":
 * "query_data", "description", "strict": true, "parameters": <JSON schema in
 * the strict subset>}, ready for a request's "tools" (as "function").
 * Ownership: on success `*out`, on failure `*err` (when not NULL), holds a
 * buffer the caller releases.
 */
WELLNESS_API wellness_status wellness_query_tool(wellness_buf *out, wellness_buf *err);

/* Releases tables made by wellness_query_tables_new(); NULL is ignored. No
   query may be running on them. */
WELLNESS_API void wellness_query_tables_free(wellness_query_tables *tables);

/* ------------------------------------------------------------------------ */
/* Calls: grounding                                                          */
/*                                                                           */
/* Whether every number a generated text writes is one of the facts it was   */
/* given: for apps that call a language model themselves, the check          */
/* wellness-server makes before it shows a model's words (docs/AI.md).       */
/* ------------------------------------------------------------------------ */

/* {"text": string (at most 100,000 characters), "facts": [{"name": string,
   "value": number | "date": "YYYY-MM-DD", "unit"?: string}, ...] (at most
   1,000, names unique)} in; {"grounded": bool, "ungrounded": count,
   "numbers": [{"text", "kind": "number" | "percent" | "day_of_month" |
   "year" | "date", "value" (null past a double's range or when the text
   cannot be read as one number, "5,7.2"), "unit" (the word after the
   number, or null), "start", "end" (Unicode scalar offsets),
   "grounded", "match": {"kind": "value" | "difference" | "percent_change" |
   "percent_of" | "fraction" | "date", "facts": [names], "value"} | null}]}
   out. A number matches a fact rounded to the decimals it is written with
   (a whole number ending in zeros may round further, within 5 %); without a
   written sign, magnitudes are compared; a percentage may be a fraction, or
   the change or share of two facts of one unit; a number, the difference of
   two. Numbers are read in every script's digits, as number forms (U+216B,
   U+00BD), through invisible characters, and as English number words; a
   number followed by a unit matches only facts of that unit, one it
   converts to, or none (docs/AI.md, "What a text may write"). An
   ungrounded text is a result, not an error.
   Ownership: `json` is borrowed for the call; on success `*out`, on failure
   `*err` (when not NULL), holds a buffer the caller releases. */
WELLNESS_API wellness_status wellness_grounding_check(
    const char *json, size_t len, wellness_buf *out, wellness_buf *err);

/* ------------------------------------------------------------------------ */
/* Calls: importers                                                          */
/*                                                                           */
/* Exported health data into the query tables' daily metrics and sessions    */
/* (docs/IMPORT.md): an Apple Health export (export.zip, streamed from the   */
/* zip, or export.xml), a GPX or TCX workout, a Fitbit export. The result:   */
/* {"daily": [{"date": "YYYY-MM-DD", "<metric>": number | null, ...}],       */
/* "sessions": [{"start", "end" (RFC 3339 with the offset), "activity",      */
/* "duration", "distance", ...}], "units": {"<column>": "<unit>"},           */
/* "report": {"records_read", "records_used", "records_skipped", "skipped":  */
/* [{"reason", "count", "first"}], "workouts_read", "duplicate_workouts",    */
/* "overlap_removed", "sources": [{"name", "rank", "records"}]}}: ready for  */
/* wellness_query_tables_new() ("daily", "sessions", "units").               */
/* A damaged, truncated or malformed file is WELLNESS_E_INVALID_ARGUMENT,    */
/* its message naming the file and line; an XML entity declaration is        */
/* refused (no entity expansion, no XML bomb); a progress callback that      */
/* returns non-zero ends the call with WELLNESS_E_CANCELLED.                 */
/* ------------------------------------------------------------------------ */

/*
 * {"format": "apple_health" | "gpx" | "tcx" | "fitbit", "path": file (for
 * "fitbit": the export's folder), "time_zone"?: IANA name (default: each
 * record's own written offset), "source_priority"?: [source names, first
 * preferred]} in. `progress` (may be NULL) is called from the calling
 * thread with `user_data`, the bytes read so far and the file's size.
 * Ownership: `json` is borrowed for the call; the file is only read. On
 * WELLNESS_OK `*out` holds a new buffer the caller releases with
 * wellness_buf_free(); on failure `*err` (when not NULL) does.
 */
WELLNESS_API wellness_status wellness_import_file(
    const char *json, size_t len, wellness_progress_fn progress, void *user_data, wellness_buf *out,
    wellness_buf *err);

/*
 * As wellness_import_file, with the file's bytes in memory: `data`,
 * `data_len` bytes (an export.zip, an export.xml, a GPX or TCX file, a
 * Fitbit export as a zip); {"format", "name"?: the name errors use (default
 * "input"), "time_zone"?, "source_priority"?} in.
 * Ownership: `json` and `data` are borrowed for the call and never kept. On
 * WELLNESS_OK `*out` holds a new buffer the caller releases with
 * wellness_buf_free(); on failure `*err` (when not NULL) does.
 */
WELLNESS_API wellness_status wellness_import_bytes(
    const char *json, size_t len, const void *data, size_t data_len, wellness_progress_fn progress,
    void *user_data, wellness_buf *out, wellness_buf *err);

#ifdef __cplusplus
}
#endif

#endif /* WELLNESS_H */
