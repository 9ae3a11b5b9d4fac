/* Every JSON entry point against every kind of bad input: the documented
   status and a well-formed error document, never a crash. */
#include "check.h"

/* Status or (status is OK or VALIDATION): well-formed JSON whose fit to the
   model depends on the entry point. */
#define WELL_FORMED 1

typedef struct bad_input {
    const char *label;
    const char *bytes;
    size_t length;
    wellness_status expected;
} bad_input;

#define TEXT(label, text, expected) {label, text, sizeof(text) - 1, expected}

static const bad_input INPUTS[] = {
    {"empty (NULL, 0)", NULL, 0, WELLNESS_E_INVALID_JSON},
    TEXT("empty string", "", WELLNESS_E_INVALID_JSON),
    TEXT("only whitespace", " \n\t ", WELLNESS_E_INVALID_JSON),
    TEXT("truncated string", "{\"title\": \"Wa", WELLNESS_E_INVALID_JSON),
    TEXT("truncated object", "{\"a\":", WELLNESS_E_INVALID_JSON),
    TEXT("truncated array", "[1, 2", WELLNESS_E_INVALID_JSON),
    TEXT("truncated literal", "tru", WELLNESS_E_INVALID_JSON),
    TEXT("truncated number", "{\"a\": 1.}", WELLNESS_E_INVALID_JSON),
    TEXT("truncated exponent", "{\"a\": 1e}", WELLNESS_E_INVALID_JSON),
    TEXT("invalid UTF-8 (c3 28)", "{\"title\": \"\xc3\x28\"}", WELLNESS_E_INVALID_JSON),
    TEXT("invalid UTF-8 (ff)", "{\"title\": \"\xff\"}", WELLNESS_E_INVALID_JSON),
    TEXT("overlong UTF-8", "{\"title\": \"\xc0\xaf\"}", WELLNESS_E_INVALID_JSON),
    TEXT("UTF-8 encoded surrogate", "{\"title\": \"\xed\xa0\x80\"}", WELLNESS_E_INVALID_JSON),
    TEXT("truncated UTF-8 sequence", "{\"title\": \"\xe2\x82\"}", WELLNESS_E_INVALID_JSON),
    TEXT("invalid UTF-8 in a key", "{\"\xfe\": 1}", WELLNESS_E_INVALID_JSON),
    TEXT("lone surrogate escape", "{\"title\": \"\\ud800\"}", WELLNESS_E_INVALID_JSON),
    TEXT("NaN", "{\"value\": NaN}", WELLNESS_E_INVALID_JSON),
    TEXT("bare NaN", "NaN", WELLNESS_E_INVALID_JSON),
    TEXT("Infinity", "{\"value\": Infinity}", WELLNESS_E_INVALID_JSON),
    TEXT("bare Infinity", "Infinity", WELLNESS_E_INVALID_JSON),
    TEXT("-Infinity", "{\"value\": -Infinity}", WELLNESS_E_INVALID_JSON),
    TEXT("-Infinity in an array", "[-Infinity]", WELLNESS_E_INVALID_JSON),
    TEXT("trailing comma", "{\"a\": 1,}", WELLNESS_E_INVALID_JSON),
    TEXT("comment", "{} // comment", WELLNESS_E_INVALID_JSON),
    TEXT("single quotes", "{'a': 1}", WELLNESS_E_INVALID_JSON),
    TEXT("leading zero", "{\"a\": 01}", WELLNESS_E_INVALID_JSON),
    TEXT("byte-order mark", "\xef\xbb\xbf{}", WELLNESS_E_INVALID_JSON),
    TEXT("two documents", "{} {}", WELLNESS_E_INVALID_JSON),
    TEXT("NUL after the document", "{\"a\": 1}\0{}", WELLNESS_E_INVALID_JSON),
    TEXT("NUL inside a string", "{\"tip\": \"a\0b\"}", WELLNESS_E_INVALID_JSON),
    TEXT("NUL alone", "\0", WELLNESS_E_INVALID_JSON),
    TEXT("NUL inside an object", "{\0}", WELLNESS_E_INVALID_JSON),
    TEXT("top-level array", "[1, 2]", WELLNESS_E_VALIDATION),
    TEXT("top-level number", "42", WELLNESS_E_VALIDATION),
    TEXT("top-level string", "\"text\"", WELLNESS_E_VALIDATION),
    TEXT("top-level null", "null", WELLNESS_E_VALIDATION),
    TEXT("top-level true", "true", WELLNESS_E_VALIDATION),
    TEXT("escaped NUL in a string", "{\"tip\": \"a\\u0000b\"}", WELL_FORMED),
};

/* The kinds of field a probe replaces, and the wrong values each gets. */
enum kind { INT, NUMBER, BOOL, STRING };
static const char *const WRONG_INT[] = {"\"3\"", "true", "{}", "[]", "1e30", "-1e30", "99999999999999999999",
                                        "-99999999999999999999", "9223372036854775808", "1.5", "-2.5", "1e400",
                                        "3.0000001", NULL};
static const char *const WRONG_NUMBER[] = {"\"3\"", "true", "{}", "[]", "1e400", "-1e400", NULL};
static const char *const WRONG_BOOL[] = {"\"true\"", "1", "0", "{}", "[]", NULL};
static const char *const WRONG_STRING[] = {"3", "true", "{}", "[]", NULL};

/* One field of one entry point: `document` with @ where the field's value goes. */
typedef struct probe {
    const char *entry;
    const char *document;
    const char *path;
    enum kind kind;
    const char *good;
} probe;

#define INSIGHT_WITH(fields) "{'id':'i1','user_id':'u1','insight_type':'daily','title':'T','content':'C'," fields \
                             "'is_read':false,'is_favorite':false,'is_archived':false,"                            \
                             "'generated_at':'2025-01-15T10:30:00Z','created_at':'2025-01-15T10:30:00Z',"          \
                             "'updated_at':'2025-01-15T10:30:00Z'}"
#define SUGGESTION_WITH(fields) "{'title':'Walk','description':'d','goal_type':'activity','rationale':'r'," fields "}"
#define PAGINATION_WITH(fields) "{'page_size':20,'total_pages':1,'total_count':1,'has_prev':false," fields "}"
#define TRENDS_WITH(weekly) "{'weekly':" weekly ",'monthly':{'value':null,'available':false}," \
                            "'yearly':{'value':null,'available':false}}"

static const probe PROBES[] = {
    {"insight_normalize", INSIGHT_WITH("'data_context':{'metrics':{'steps':@}},"), "data_context.metrics.steps", INT,
     "100"},
    {"insight_normalize", INSIGHT_WITH("'data_context':{'metrics':{'calories':@}},"), "data_context.metrics.calories",
     NUMBER, "12.5"},
    {"insight_normalize", INSIGHT_WITH("'summary':@,"), "summary", STRING, "'S'"},
    {"insight_normalize", INSIGHT_WITH("'suggestions':['a',@],"), "suggestions[1]", STRING, "'b'"},
    {"insight_view", INSIGHT_WITH("'data_context':{'metrics':{'workouts':@}},"), "data_context.metrics.workouts", INT,
     "3"},
    {"insight_view", INSIGHT_WITH("'data_context':{'metrics':{'sleep_hours':@}},"), "data_context.metrics.sleep_hours",
     NUMBER, "7.5"},
    {"insight_response_normalize", "{'success':true,'data':" INSIGHT_WITH("'data_context':{'metrics':{'workouts':@}},")
     "}", "data.data_context.metrics.workouts", INT, "1"},
    {"insight_response_normalize", "{'success':@,'data':" INSIGHT_WITH("") "}", "success", BOOL, "true"},
    {"insights_list_response_normalize", "{'success':true,'data':{'insights':[],'pagination':"
     PAGINATION_WITH("'page':@,'has_next':false") "}}", "data.pagination.page", INT, "1"},
    {"insights_list_response_normalize", "{'success':true,'data':{'insights':[" INSIGHT_WITH("") ","
     INSIGHT_WITH("'summary':@,") "],'pagination':" PAGINATION_WITH("'page':1,'has_next':false") "}}",
     "data.insights[1].summary", STRING, "'S'"},
    {"pagination_normalize", PAGINATION_WITH("'page':@,'has_next':false"), "page", INT, "2"},
    {"pagination_normalize", PAGINATION_WITH("'page':1,'has_next':@"), "has_next", BOOL, "false"},
    {"insight_update_request_normalize", "{'is_read':true,'is_archived':@}", "is_archived", BOOL, "false"},
    {"goal_suggestion_normalize", SUGGESTION_WITH("'difficulty':@"), "difficulty", INT, "3"},
    {"goal_suggestion_normalize", SUGGESTION_WITH("'difficulty':1,'estimated_duration':@"), "estimated_duration", INT,
     "30"},
    {"goal_suggestion_normalize", SUGGESTION_WITH("'difficulty':1,'target_value':@"), "target_value", NUMBER, "1.5"},
    {"goal_suggestion_normalize", SUGGESTION_WITH("'difficulty':1,'target_unit':@"), "target_unit", STRING, "'kg'"},
    {"goal_suggestion_view", SUGGESTION_WITH("'difficulty':@"), "difficulty", INT, "5"},
    {"goal_suggestion_view", SUGGESTION_WITH("'difficulty':2,'estimated_duration':@"), "estimated_duration", INT, "7"},
    {"goal_suggestions_response_normalize", "{'success':true,'data':{'suggestions':[" SUGGESTION_WITH("'difficulty':2")
     "],'count':@}}", "data.count", INT, "1"},
    {"goal_suggestions_response_normalize", "{'success':true,'data':{'suggestions':[" SUGGESTION_WITH("'difficulty':2")
     "," SUGGESTION_WITH("'difficulty':@") "],'count':2}}", "data.suggestions[1].difficulty", INT, "4"},
    {"goal_tip_normalize", "{'tip':'t','priority':@}", "priority", STRING, "'high'"},
    {"goal_tip_view", "{'tip':@}", "tip", STRING, "'t'"},
    {"goal_tip_view", "{'tip':'t','category':@}", "category", STRING, "'sleep'"},
    {"goal_tips_response_normalize", "{'success':true,'data':{'tips':[{'tip':'a'}],'goal_id':'g','goal_title':'G',"
     "'count':@}}", "data.count", INT, "1"},
    {"goal_tips_response_normalize", "{'success':true,'data':{'tips':[{'tip':'a'},{'tip':'b','category':@}],"
     "'goal_id':'g','goal_title':'G','count':2}}", "data.tips[1].category", STRING, "'habit'"},
    {"create_goal_request_normalize", "{'title':'W','goal_type':'a','start_date':'2025-01-01','is_recurring':@}",
     "is_recurring", BOOL, "true"},
    {"create_goal_request_normalize", "{'title':'W','goal_type':'a','start_date':'2025-01-01','is_recurring':true,"
     "'target_value':@}", "target_value", NUMBER, "10"},
    {"goal_normalize", "{'id':'g','user_id':'u','title':'W','goal_type':'a','start_date':'2025-01-01',"
     "'is_recurring':false,'status':'active','created_at':'2025-01-01T00:00:00Z','updated_at':'2025-01-01T00:00:00Z',"
     "'current_value':@}", "current_value", NUMBER, "3"},
    {"goal_normalize", "{'id':'g','user_id':'u','title':'W','goal_type':'a','start_date':'2025-01-01',"
     "'is_recurring':false,'status':@,'created_at':'2025-01-01T00:00:00Z','updated_at':'2025-01-01T00:00:00Z'}",
     "status", STRING, "'completed'"},
    {"trends_response_normalize", TRENDS_WITH("{'value':@,'available':true}"), "weekly.value", NUMBER, "-0.5"},
    {"trends_response_normalize", TRENDS_WITH("{'value':1,'available':false,'projection':@}"), "weekly.projection",
     BOOL, "true"},
    {"trends_response_normalize", TRENDS_WITH("{'value':1,'available':true,'points':[{'date':'2025-01-01',"
     "'biologicalAge':30},{'date':'2025-01-02','biologicalAge':30},{'date':'2025-01-03','biologicalAge':@}]}"),
     "weekly.points[2].biologicalAge", NUMBER, "30.5"},
    {"consultation_normalize", "{'id':'c','user_id':'u','persona':'nutritionist','is_archived':false,"
     "'message_count':@,'created_at':'2025-01-01T00:00:00Z','updated_at':'2025-01-01T00:00:00Z'}", "message_count",
     INT, "2"},
    {"consultation_normalize", "{'id':'c','user_id':'u','persona':'nutritionist','is_archived':@,"
     "'message_count':0,'created_at':'2025-01-01T00:00:00Z','updated_at':'2025-01-01T00:00:00Z'}", "is_archived",
     BOOL, "true"},
    {"create_consultation_request_normalize", "{'persona':@}", "persona", STRING, "'sleep_coach'"},
    {"create_consultation_request_normalize", "{'persona':'sleep_coach','title':@}", "title", STRING, "'Sleep'"},
    {"consultation_message_normalize", "{'id':'m','consultation_id':'c','role':'user','content':@,"
     "'created_at':'2025-01-01T00:00:00Z'}", "content", STRING, "'hi'"},
    {"create_goal_request_from_suggestion", "{'suggestion':" SUGGESTION_WITH("'difficulty':@") "}",
     "suggestion.difficulty", INT, "2"},
    {"create_goal_request_from_suggestion", "{'suggestion':" SUGGESTION_WITH("'difficulty':2,'estimated_duration':@")
     ",'now':'2025-01-01T00:00:00Z'}", "suggestion.estimated_duration", INT, "14"},
    {"create_goal_request_from_suggestion", "{'suggestion':" SUGGESTION_WITH("'difficulty':2") ",'time_zone':@}",
     "time_zone", STRING, "'Europe/Paris'"},
    {"create_goal_request_from_suggestion", "{'suggestion':" SUGGESTION_WITH("'difficulty':2") ",'now':@}", "now",
     STRING, "'2025-01-01T00:00:00Z'"},
    {"trend_view", "{'period':'weekly','bucket':{'value':@,'available':true}}", "bucket.value", NUMBER, "0.25"},
    /* Checked even where unused: "today" makes the zone moot, the identifier is derived. */
    {"longevity_trends.options", "{'today':'2025-01-01','time_zone':@}", "time_zone", STRING, "'Asia/Tokyo'"},
    {"deep_link_build", "{'link':{'kind':'goal','id':'g1','identifier':@}}", "link.identifier", STRING,
     "'goal_g1'"},
    {"trend_view", "{'period':'weekly','bucket':{'value':1,'available':@}}", "bucket.available", BOOL, "false"},
    {"trend_view", "{'period':@,'bucket':{'value':1,'available':true}}", "period", STRING, "'yearly'"},
    {"trends_view", TRENDS_WITH("{'value':@,'available':true}"), "weekly.value", NUMBER, "1"},
    {"series_aggregate.options", "{'first_weekday':@}", "first_weekday", INT, "3"},
    {"series_aggregate.samples", "[{'timestamp':'2025-01-01T00:00:00Z','value':1},"
     "{'timestamp':'2025-01-02T00:00:00Z','value':@}]", "samples[1].value", NUMBER, "2"},
    {"longevity_trends.entries", "[{'date':'2024-12-31','biological_age':@}]", "entries[0].biological_age", NUMBER,
     "40"},
    {"integration_destination", "{'goal':{'id':'g','user_id':'u','title':'W','goal_type':'a','start_date':'2025-01-01',"
     "'is_recurring':false,'status':'active','created_at':'2025-01-01T00:00:00Z','updated_at':'2025-01-01T00:00:00Z'},"
     "'intent':@}", "intent", STRING, "'tips'"},
    {"integration_actions", "{'consultation':{'id':'c','user_id':'u','persona':'nutritionist','is_archived':false,"
     "'message_count':0,'created_at':'2025-01-01T00:00:00Z','updated_at':'2025-01-01T00:00:00Z'},'surface':@}",
     "surface", STRING, "'detail'"},
    {"deep_link_parse", "{'url':@}", "url", STRING, "'fitiq://goals'"},
    {"deep_link_parse", "{'url':'fitiq://goals','scheme':@}", "scheme", STRING, "'fitiq'"},
    {"deep_link_build", "{'link':{'kind':'goal','id':@}}", "link.id", STRING, "'g1'"},
    {"notification_goal_progress", "{'goal':{'id':'g','user_id':'u','title':'W','goal_type':'a',"
     "'start_date':'2025-01-01','is_recurring':false,'status':'active','created_at':'2025-01-01T00:00:00Z',"
     "'updated_at':'2025-01-01T00:00:00Z'},'progress':@}", "progress", NUMBER, "0.5"},
    {"notification_response", "{'action':@,'user_info':{}}", "action", STRING, "'GET_TIPS'"},
    {"analytics_event", "{'name':'goal_ai_usage','parameters':{'goal_id':@,'feature':'tips'}}", "parameters.goal_id",
     STRING, "'g1'"},
    {"analytics_metrics.options", "{'session_gap_minutes':@}", "session_gap_minutes", INT, "30"},
    {"analytics_metrics.log", "[{'name':'goal_ai_usage','parameters':{'goal_id':'g','feature':'tips',"
     "'timestamp':@}}]", "events[0].parameters.timestamp", STRING, "'2025-01-01T00:00:00Z'"},
    {"analytics_new", "{'capacity':@}", "capacity", INT, "8"},
    {"analytics_emit", "{'name':'insight_action','parameters':{'insight_id':'i','action':@}}", "parameters.action",
     STRING, "'viewed'"},
};

static const entry_point *find_entry(const char *name) {
    size_t index;
    for (index = 0; index < ENTRY_POINT_COUNT; index++)
        if (strcmp(ENTRY_POINTS[index].name, name) == 0) return &ENTRY_POINTS[index];
    fprintf(stderr, "no entry point %s\n", name);
    exit(2);
}

/* `document` (' for ") with its @ replaced by `value`; the caller frees it. */
static char *substitute(const char *document, const char *value) {
    char *quoted = malloc(strlen(document) + strlen(value) + 1), *json;
    const char *at = strchr(document, '@');
    if (!quoted || !at) exit(2);
    memcpy(quoted, document, (size_t)(at - document));
    strcpy(quoted + (at - document), value);
    strcat(quoted, at + 1);
    json = from_quoted(quoted);
    free(quoted);
    return json;
}

/* Calls `entry` and checks the status (and, when `path` is given, the error
   path); returns the status. */
static wellness_status expect(const entry_point *entry, const char *label, const char *bytes, size_t length,
                              wellness_status expected, const char *path) {
    wellness_buf out = {0}, err = {0};
    wellness_status status = call_entry(entry, bytes, length, &out, &err);
    char name[256];
    snprintf(name, sizeof name, "%s / %s", entry->name, label);
    if (expected == WELL_FORMED)
        CHECK(status == WELLNESS_OK || status == WELLNESS_E_VALIDATION, "%s: expected success or a validation error, "
              "got %s", name, wellness_strerror(status));
    else
        CHECK(status == expected, "%s: expected %s, got %s (%s)", name, wellness_strerror(expected),
              wellness_strerror(status), err.ptr ? err.ptr : "no error document");
    if (status == WELLNESS_OK) {
        /* JSON_ALLOW_NUL: an escaped NUL in the input comes back as \u0000. */
        json_t *result = json_loadb(out.ptr, out.len, JSON_ALLOW_NUL, NULL);
        CHECK(result != NULL, "%s: success output parses: %s", name, out.ptr);
        CHECK(err.ptr == NULL && err.len == 0, "%s: err stays empty on success", name);
        json_decref(result);
    } else {
        json_t *error = check_error(name, status, &out, &err);
        if (path && error)
            CHECK(strcmp(path_of(error), path) == 0, "%s: path %s, expected %s (%s)", name, path_of(error), path,
                  err.ptr);
        json_decref(error);
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return status;
}

static void run_probes(void) {
    size_t index;
    for (index = 0; index < sizeof PROBES / sizeof PROBES[0]; index++) {
        const probe *p = &PROBES[index];
        const entry_point *entry = find_entry(p->entry);
        const char *const *wrong = p->kind == INT ? WRONG_INT
                                   : p->kind == NUMBER ? WRONG_NUMBER
                                   : p->kind == BOOL ? WRONG_BOOL
                                   : WRONG_STRING;
        char *json = substitute(p->document, p->good), label[128];
        snprintf(label, sizeof label, "%s = %s", p->path, p->good);
        expect(entry, label, json, strlen(json), WELLNESS_OK, NULL);
        free(json);
        for (; *wrong; wrong++) {
            json = substitute(p->document, *wrong);
            snprintf(label, sizeof label, "%s = %s", p->path, *wrong);
            expect(entry, label, json, strlen(json), WELLNESS_E_VALIDATION, p->path);
            free(json);
        }
    }
}

/* `depth` copies of `open`, then `middle`, then `depth` copies of `close`. */
static char *nested(const char *open, const char *middle, const char *close, size_t depth, size_t *length) {
    size_t open_length = strlen(open), close_length = strlen(close), middle_length = strlen(middle), level;
    char *text = malloc(depth * (open_length + close_length) + middle_length + 1), *cursor = text;
    if (!text) exit(2);
    for (level = 0; level < depth; level++, cursor += open_length) memcpy(cursor, open, open_length);
    memcpy(cursor, middle, middle_length);
    cursor += middle_length;
    for (level = 0; level < depth; level++, cursor += close_length) memcpy(cursor, close, close_length);
    *cursor = '\0';
    *length = (size_t)(cursor - text);
    return text;
}

static void run_nesting(const entry_point *entry) {
    static const struct { const char *open, *middle, *close; size_t depth; wellness_status expected; } cases[] = {
        {"[", "1", "]", 10000, WELLNESS_E_INVALID_JSON},
        {"{\"a\":", "1", "}", 10000, WELLNESS_E_INVALID_JSON},
        {"[", "", "", 10000, WELLNESS_E_INVALID_JSON},          /* never closed */
        {"{\"a\":", "", "", 10000, WELLNESS_E_INVALID_JSON},
        {"[", "1", "]", 513, WELLNESS_E_INVALID_JSON},          /* one level too many */
        {"{\"a\":", "1", "}", 513, WELLNESS_E_INVALID_JSON},
        {"[", "1", "]", 512, WELLNESS_E_VALIDATION},            /* the deepest allowed */
        {"{\"a\":", "1", "}", 512, WELL_FORMED},
    };
    size_t index, length;
    for (index = 0; index < sizeof cases / sizeof cases[0]; index++) {
        char *text = nested(cases[index].open, cases[index].middle, cases[index].close, cases[index].depth, &length);
        char label[64];
        snprintf(label, sizeof label, "%d levels of %s%s", (int)cases[index].depth, cases[index].open,
                 cases[index].close[0] ? "" : " (unclosed)");
        expect(entry, label, text, length, cases[index].expected, NULL);
        free(text);
    }
}

/* A 10 MB string value: a tip the tip calls accept whole, a validation error
   for the rest (options documents refuse the unknown key). */
static void run_big_string(const entry_point *entry, const char *big, size_t big_length) {
    wellness_buf out = {0}, err = {0};
    wellness_status status = call_entry(entry, big, big_length, &out, &err);
    int is_tip = entry->one == wellness_goal_tip_normalize || entry->one == wellness_goal_tip_view;
    CHECK(is_tip ? status == WELLNESS_OK : status == WELLNESS_E_VALIDATION,
          "%s / 10 MB string: got %s", entry->name, wellness_strerror(status));
    if (status == WELLNESS_OK && is_tip) {
        json_t *result = json_loadb(out.ptr, out.len, 0, NULL);
        CHECK(result && json_string_length(json_object_get(result, "tip")) == 10 * 1024 * 1024,
              "%s / 10 MB string: the tip comes back whole", entry->name);
        json_decref(result);
    } else if (status != WELLNESS_OK) {
        json_decref(check_error(entry->name, status, &out, &err));
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);
}

int main(void) {
    size_t entry_index, input_index, big_length = 10 * 1024 * 1024;
    char *big = malloc(big_length + 16);
    if (!big) return 2;
    memcpy(big, "{\"tip\": \"", 9);
    memset(big + 9, 'x', big_length);
    memcpy(big + 9 + big_length, "\"}", 2);

    for (entry_index = 0; entry_index < ENTRY_POINT_COUNT; entry_index++) {
        const entry_point *entry = &ENTRY_POINTS[entry_index];
        for (input_index = 0; input_index < sizeof INPUTS / sizeof INPUTS[0]; input_index++) {
            const bad_input *input = &INPUTS[input_index];
            /* Invalid JSON, or a wrong top-level type, is the whole input's fault:
               a null path (a data document's elements have their own). */
            int whole_input = input->expected == WELLNESS_E_INVALID_JSON ||
                              (input->expected == WELLNESS_E_VALIDATION && !(entry->two && entry->data_position == 1));
            expect(entry, input->label, input->bytes, input->length, input->expected, whole_input ? "null" : NULL);
        }
        expect(entry, "NULL with length 5", NULL, 5, WELLNESS_E_INVALID_ARGUMENT, NULL);
        run_nesting(entry);
        run_big_string(entry, big, big_length + 11);
    }
    run_probes();
    free(big);
    printf("%d entry points x %d bad inputs, nesting and a 10 MB string; %d field probes\n", (int)ENTRY_POINT_COUNT,
           (int)(sizeof INPUTS / sizeof INPUTS[0]), (int)(sizeof PROBES / sizeof PROBES[0]));
    return check_summary("test_bad_input");
}
