/* The input format of the fuzz harness (e2e/fuzz/fuzz_entry_points.c),
   shared with the recorder that turns test runs into corpus files
   (e2e/fuzz/record_calls.c) and with e2e/fuzz/make_corpus.py.

   An input is one selector byte, then the payload:
     - one-document calls: the payload is the JSON document;
     - two-document calls (options, data): options, FUZZ_SEPARATOR, data;
       without a separator the whole payload is the data document and the
       options are FUZZ_DEFAULT_OPTIONS;
     - the columnar call: options, FUZZ_SEPARATOR, column records (see the
       harness); without a separator, FUZZ_DEFAULT_OPTIONS and records;
     - client configuration: the configuration document;
     - analytics_new: the configuration document (a handle without a sink is
       made, read and released; configurations naming a jsonl_path are
       skipped, so that fuzzing never creates files);
     - analytics_emit: the event, emitted into a handle without a sink
       (capacity 4), whose stats are then read;
     - client_navigate: the request, to a client (no store, no cache, an
       analytics handle without a sink attached), which makes no request;
     - client_send_message_stream: the parameters, to a client of a closed
       loopback port (no retries), so that a valid request ends in
       WELLNESS_E_NETWORK without a byte on the wire;
     - query_tables_new: the tables document (on success, the summary and a
       query of each table are run on the handle);
     - query, query_many, query_ask: the query document, the {"queries":
       [...]} document or the {"question": ...} document, run on fixed
       tables (fuzz_entry_points.c's QUERY_TABLES_DOCUMENT);
     - query_tables_new_arrow: options, FUZZ_SEPARATOR, then bytes that pick
       the metric's Arrow format and the sessions' zone, bend the structs'
       null counts, buffer counts, bitmaps, offsets and release callbacks,
       and fill the values and activity names (no separator: options {}).
   The selector is the first byte modulo FUZZ_SELECTOR_COUNT. The numbering
   is append-only, so that committed corpus files keep their meaning. */
#ifndef WELLNESS_FUZZ_SELECTORS_H
#define WELLNESS_FUZZ_SELECTORS_H

enum fuzz_selector {
    FUZZ_INSIGHT_NORMALIZE = 0,
    FUZZ_INSIGHT_RESPONSE_NORMALIZE = 1,
    FUZZ_INSIGHTS_LIST_RESPONSE_NORMALIZE = 2,
    FUZZ_PAGINATION_NORMALIZE = 3,
    FUZZ_INSIGHT_UPDATE_REQUEST_NORMALIZE = 4,
    FUZZ_GOAL_SUGGESTION_NORMALIZE = 5,
    FUZZ_GOAL_SUGGESTIONS_RESPONSE_NORMALIZE = 6,
    FUZZ_GOAL_TIP_NORMALIZE = 7,
    FUZZ_GOAL_TIPS_RESPONSE_NORMALIZE = 8,
    FUZZ_CREATE_GOAL_REQUEST_NORMALIZE = 9,
    FUZZ_GOAL_NORMALIZE = 10,
    FUZZ_TRENDS_RESPONSE_NORMALIZE = 11,
    FUZZ_CONSULTATION_NORMALIZE = 12,
    FUZZ_CREATE_CONSULTATION_REQUEST_NORMALIZE = 13,
    FUZZ_CONSULTATION_MESSAGE_NORMALIZE = 14,
    FUZZ_INSIGHT_VIEW = 15,
    FUZZ_GOAL_SUGGESTION_VIEW = 16,
    FUZZ_GOAL_TIP_VIEW = 17,
    FUZZ_CREATE_GOAL_REQUEST_FROM_SUGGESTION = 18,
    FUZZ_TREND_VIEW = 19,
    FUZZ_TRENDS_VIEW = 20,
    FUZZ_SERIES_AGGREGATE = 21,
    FUZZ_SERIES_CHART = 22,
    FUZZ_LONGEVITY_TRENDS = 23,
    FUZZ_SERIES_AGGREGATE_COLUMNS = 24,
    FUZZ_CLIENT_NEW = 25,
    FUZZ_INTEGRATION_DESTINATION = 26,
    FUZZ_INTEGRATION_ACTIONS = 27,
    FUZZ_DEEP_LINK_PARSE = 28,
    FUZZ_DEEP_LINK_BUILD = 29,
    FUZZ_NOTIFICATION_INSIGHT = 30,
    FUZZ_NOTIFICATION_GOAL_PROGRESS = 31,
    FUZZ_NOTIFICATION_PROGRESS_MILESTONE = 32,
    FUZZ_NOTIFICATION_CATEGORIES = 33,
    FUZZ_NOTIFICATION_RESPONSE = 34,
    FUZZ_ANALYTICS_EVENT = 35,
    FUZZ_ANALYTICS_METRICS = 36,
    FUZZ_ANALYTICS_NEW = 37,
    FUZZ_ANALYTICS_EMIT = 38,
    FUZZ_CLIENT_NAVIGATE = 39,
    FUZZ_GROUNDING_CHECK = 40,
    FUZZ_SERIES_AGGREGATE_GROUPS = 41,
    FUZZ_CLIENT_SEND_MESSAGE_STREAM = 42,
    FUZZ_QUERY_TABLES_NEW = 43,
    FUZZ_QUERY = 44,
    FUZZ_QUERY_MANY = 45,
    FUZZ_QUERY_ASK = 46,
    /* The user's account as a whole: on a client of a closed port. */
    FUZZ_CLIENT_EXPORT_ACCOUNT = 47,
    FUZZ_CLIENT_ERASE_ACCOUNT = 48,
    FUZZ_CLIENT_ERASE_LOCAL_DATA = 49,
    /* The user's workouts: on a client of a closed port, likewise. */
    FUZZ_CLIENT_POST_WORKOUTS = 50,
    FUZZ_CLIENT_LIST_WORKOUTS = 51,
    FUZZ_CLIENT_DELETE_WORKOUT = 52,
    /* Query tables from Arrow structs the input shapes (every structural field). */
    FUZZ_QUERY_TABLES_NEW_ARROW = 53,
    /* The importers: `options NUL file bytes` (without a NUL the whole rest
       is the file, its format chosen by its length); a file's options alone. */
    FUZZ_IMPORT_BYTES = 54,
    FUZZ_IMPORT_FILE = 55,
    /* The user's daily metrics and profile: on a client of a closed port, as the workouts. */
    FUZZ_CLIENT_POST_DAILY_METRICS = 56,
    FUZZ_CLIENT_LIST_DAILY_METRICS = 57,
    FUZZ_CLIENT_DELETE_DAILY_METRICS = 58,
    FUZZ_CLIENT_GET_PROFILE = 59,
    FUZZ_CLIENT_SET_PROFILE = 60,
    FUZZ_SELECTOR_COUNT = 61
};

/* Splits the options document from the data of two-document calls. A NUL is
   never part of a valid JSON text, so no well-formed options need it. */
#define FUZZ_SEPARATOR '\0'

/* Options used when an input has no separator: a fixed "today", so that a
   replay gives the same result on any day. */
#define FUZZ_DEFAULT_OPTIONS "{\"today\":\"2025-06-30\"}"

/* The columnar call's records start from this timestamp (2023-11-14T22:13:20Z). */
#define FUZZ_COLUMN_EPOCH 1700000000

#endif
