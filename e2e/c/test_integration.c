/* Seed 004's integration rules through the real library: destinations,
   contextual actions, deep links, notifications, analytics events and
   metrics, and the analytics sink's threading contract (a blocked callback
   never blocks emit; drops are counted; set_sink waits for the callback in
   flight; shutdown and free are safe). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

#define INSIGHT(suggestions) "{'id':'i1','user_id':'u1','insight_type':'weekly','title':'Protein below target'," \
                             "'content':'c','suggestions':" suggestions ",'is_read':false,'is_favorite':false,"  \
                             "'is_archived':false,'generated_at':'2025-01-15T10:30:00Z',"                     \
                             "'created_at':'2025-01-15T10:30:00Z','updated_at':'2025-01-15T10:30:00Z'}"
#define GOAL "{'id':'g1','user_id':'u1','title':'Lose 5 lbs','goal_type':'weight','start_date':'2025-01-01',"   \
             "'is_recurring':false,'status':'active','created_at':'2025-01-01T00:00:00Z',"                   \
             "'updated_at':'2025-01-01T00:00:00Z'}"
#define CONSULTATION "{'id':'c1','user_id':'u1','persona':'nutritionist','is_archived':false,'message_count':0," \
                     "'created_at':'2025-01-01T00:00:00Z','updated_at':'2025-01-01T00:00:00Z'}"

/* Calls `function` on `text` (' for ") and returns the parsed result, or NULL
   after recording a failure; `expected` is the status wanted. */
static json_t *call_text(one_document_fn function, const char *text, size_t length, wellness_status expected,
                         const char *path) {
    wellness_buf out = {0}, err = {0};
    json_t *result = NULL;
    wellness_status status = function(text, length, &out, &err);
    CHECK(status == expected, "%.200s: expected %s, got %s (%s)", text, wellness_strerror(expected),
          wellness_strerror(status), err.ptr ? err.ptr : "");
    if (status == WELLNESS_OK) {
        result = json_loadb(out.ptr, out.len, JSON_ALLOW_NUL, NULL);
        CHECK(result != NULL, "%.200s: output parses", text);
    } else {
        json_t *error = check_error(text, status, &out, &err);
        if (path && error) CHECK(strcmp(path_of(error), path) == 0, "%.200s: path %s, expected %s", text,
                                 path_of(error), path);
        json_decref(error);
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return result;
}

static json_t *call(one_document_fn function, const char *quoted, wellness_status expected, const char *path) {
    char *json = from_quoted(quoted);
    json_t *result = call_text(function, json, strlen(json), expected, path);
    free(json);
    return result;
}

/* The string at a slash-separated path of `value` ("destination/kind"), or "" . */
static const char *text_at(json_t *value, const char *path) {
    char key[64];
    while (value && *path) {
        size_t length = strcspn(path, "/");
        if (length >= sizeof key) return "";
        memcpy(key, path, length);
        key[length] = '\0';
        value = json_is_array(value) ? json_array_get(value, (size_t)atoi(key)) : json_object_get(value, key);
        path += length + (path[length] == '/');
    }
    return json_is_string(value) ? json_string_value(value) : json_is_null(value) ? "null" : "";
}

#define EXPECT_TEXT(result, path, expected)                                                                     \
    CHECK(strcmp(text_at(result, path), expected) == 0, "%s: %s, expected %s", path, text_at(result, path), \
          expected)

static void test_destinations(void) {
    json_t *result = call(wellness_integration_destination,
                          "{'insight':" INSIGHT("['Set a goal of 120 g','Eat eggs']") ",'intent':'create_goal'}",
                          WELLNESS_OK, NULL);
    EXPECT_TEXT(result, "destination/kind", "goal_creation");
    EXPECT_TEXT(result, "destination/suggestion", "Set a goal of 120 g");
    json_decref(result);
    result = call(wellness_integration_destination, "{'insight':" INSIGHT("null") ",'intent':'create_goal'}",
                  WELLNESS_OK, NULL);
    CHECK(result && json_is_null(json_object_get(result, "destination")), "no suggestion, no destination");
    json_decref(result);
    result = call(wellness_integration_destination, "{'insight':" INSIGHT("null") ",'intent':'discuss'}", WELLNESS_OK,
                  NULL);
    EXPECT_TEXT(result, "destination/persona", "wellness_specialist");
    EXPECT_TEXT(result, "destination/context_type", "insight");
    EXPECT_TEXT(result, "destination/context_id", "i1");
    EXPECT_TEXT(result, "destination/title", "Protein below target");
    json_decref(result);
    result = call(wellness_integration_destination, "{'goal':" GOAL ",'intent':'discuss'}", WELLNESS_OK, NULL);
    EXPECT_TEXT(result, "destination/persona", "general_wellness");
    EXPECT_TEXT(result, "destination/context_type", "goal");
    json_decref(result);
    result = call(wellness_integration_destination, "{'goal':" GOAL ",'intent':'tips'}", WELLNESS_OK, NULL);
    EXPECT_TEXT(result, "destination/kind", "goal_tips");
    EXPECT_TEXT(result, "destination/goal_id", "g1");
    EXPECT_TEXT(result, "destination/title", "Lose 5 lbs");
    json_decref(result);
    result = call(wellness_integration_destination, "{'insight':" INSIGHT("null") ",'intent':'detail'}", WELLNESS_OK,
                  NULL);
    EXPECT_TEXT(result, "destination/kind", "insight_detail");
    json_decref(result);
    json_decref(call(wellness_integration_destination, "{'intent':'discuss'}", WELLNESS_E_VALIDATION, "insight"));
    json_decref(call(wellness_integration_destination, "{'goal':{'id':'g1'},'intent':'tips'}", WELLNESS_E_VALIDATION,
                     "goal.user_id"));
    json_decref(call(wellness_integration_destination, "{'goal':" GOAL ",'intent':'create_goal'}",
                     WELLNESS_E_VALIDATION, "intent"));
}

static void test_actions(void) {
    json_t *result = call(wellness_integration_actions, "{'insight':" INSIGHT("['Hit your protein target']") "}",
                          WELLNESS_OK, NULL);
    EXPECT_TEXT(result, "actions/0/title", "Discuss with AI");
    EXPECT_TEXT(result, "actions/0/icon", "bubble.left");
    EXPECT_TEXT(result, "actions/0/color", "purple");
    EXPECT_TEXT(result, "actions/1/title", "Create Goal");
    EXPECT_TEXT(result, "actions/1/notification_action", "CREATE_GOAL");
    EXPECT_TEXT(result, "actions/1/destination/kind", "goal_creation");
    json_decref(result);
    result = call(wellness_integration_actions, "{'insight':" INSIGHT("['Sleep more']") ",'surface':'detail'}",
                  WELLNESS_OK, NULL);
    CHECK(result && json_array_size(json_object_get(result, "actions")) == 1, "no Create Goal without goal/target");
    EXPECT_TEXT(result, "actions/0/title", "Discuss with AI Coach");
    json_decref(result);
    result = call(wellness_integration_actions, "{'goal':" GOAL ",'surface':'notification'}", WELLNESS_OK, NULL);
    EXPECT_TEXT(result, "actions/0/title", "Get Tips");
    EXPECT_TEXT(result, "actions/1/title", "Chat with Coach");
    EXPECT_TEXT(result, "actions/1/icon", "message.fill");
    json_decref(result);
    result = call(wellness_integration_actions, "{'consultation':" CONSULTATION "}", WELLNESS_OK, NULL);
    EXPECT_TEXT(result, "actions/0/destination/kind", "insights_list");
    EXPECT_TEXT(result, "actions/1/destination/kind", "goals_list");
    json_decref(result);
}

static json_t *parse_url(const char *url) {
    json_t *request = json_pack("{ss}", "url", url);
    char *text = json_dumps(request, JSON_COMPACT);
    json_t *result = call_text(wellness_deep_link_parse, text, strlen(text), WELLNESS_OK, NULL);
    free(text);
    json_decref(request);
    return result;
}

static void test_deep_links(void) {
    static const struct { const char *url, *identifier, *destination; } FORMS[] = {
        {"fitiq://insights", "insights_list", "insights_list"},
        {"fitiq://insights?id=i1", "insight_i1", "insight_detail"},
        {"fitiq://goals", "goals_list", "goals_list"},
        {"fitiq://goals?id=g1", "goal_g1", "goal_detail"},
        {"fitiq://goals?id=g1&action=tips", "goal_tips_g1", "goal_tips"},
        {"fitiq://goals?id=g1&action=chat", "goal_consultation_g1", "consultation"},
        {"fitiq://goals?suggestions=true", "goal_suggestions", "goal_suggestions"},
        {"fitiq://chat", "consultations_list", "consultations_list"},
        {"fitiq://chat?id=c1", "consultation_c1", "consultation_detail"},
        {"fitiq://chat/new", "new_consultation", "consultation"},
        {"fitiq://chat/new?persona=wellnessSpecialist&context=insight&contextId=i1", "new_consultation",
         "consultation"},
    };
    static const struct { const char *url, *reason; } HOSTILE[] = {
        {"javascript:alert(1)", "other_scheme"},      {"https://goals?id=1", "other_scheme"},
        {"fitiq://goals?id=%zz", "malformed"},        {"fitiq://goals?id=%c3%28", "malformed"},
        {"fitiq://goals?id=%", "malformed"},          {"fitiq://settings", "unknown_host"},
        {"fitiq://goals?id=a b", "malformed"},        {"", "malformed"},
    };
    size_t index;
    char *big;
    json_t *result;
    for (index = 0; index < sizeof FORMS / sizeof FORMS[0]; index++) {
        json_t *build;
        char *text;
        result = parse_url(FORMS[index].url);
        EXPECT_TEXT(result, "link/identifier", FORMS[index].identifier);
        EXPECT_TEXT(result, "destination/kind", FORMS[index].destination);
        /* Every form here is canonical: build(parse(u)) == u. */
        EXPECT_TEXT(result, "url", FORMS[index].url);
        build = json_pack("{sO}", "link", json_object_get(result, "link"));
        text = json_dumps(build, JSON_COMPACT);
        json_decref(result);
        result = call_text(wellness_deep_link_build, text, strlen(text), WELLNESS_OK, NULL);
        EXPECT_TEXT(result, "url", FORMS[index].url);
        json_decref(result);
        json_decref(build);
        free(text);
    }
    for (index = 0; index < sizeof HOSTILE / sizeof HOSTILE[0]; index++) {
        result = parse_url(HOSTILE[index].url);
        EXPECT_TEXT(result, "reason", HOSTILE[index].reason);
        CHECK(result && json_is_null(json_object_get(result, "link")), "%s: no link", HOSTILE[index].url);
        json_decref(result);
    }
    /* 100 KB. */
    big = malloc(100 * 1024 + 64);
    if (!big) exit(2);
    strcpy(big, "fitiq://goals?id=");
    memset(big + strlen(big), 'a', 100 * 1024);
    big[17 + 100 * 1024] = '\0';
    result = parse_url(big);
    EXPECT_TEXT(result, "reason", "too_long");
    json_decref(result);
    free(big);
    /* Raw invalid UTF-8 is not JSON; a URL that is not a string is the request's fault. */
    json_decref(call_text(wellness_deep_link_parse, "{\"url\":\"fitiq://goals?id=\xff\"}", 27, WELLNESS_E_INVALID_JSON,
                          "null"));
    json_decref(call(wellness_deep_link_parse, "{'url':42}", WELLNESS_E_VALIDATION, "url"));
    json_decref(call(wellness_deep_link_parse, "{'url':'fitiq://goals','sheme':'x'}", WELLNESS_E_VALIDATION, "sheme"));
    result = call(wellness_deep_link_parse, "{'url':'Well-Kit://chat?id=c%2F1','scheme':'well-kit'}", WELLNESS_OK,
                  NULL);
    EXPECT_TEXT(result, "link/id", "c/1");
    EXPECT_TEXT(result, "url", "well-kit://chat?id=c%2F1");
    json_decref(result);
    json_decref(call(wellness_deep_link_build, "{'link':{'kind':'goal'}}", WELLNESS_E_VALIDATION, "link.id"));
}

static void test_notifications(void) {
    json_t *result = call(wellness_notification_insight, "{'insight':" INSIGHT("['x']") "}", WELLNESS_OK, NULL);
    EXPECT_TEXT(result, "identifier", "insight_i1");
    EXPECT_TEXT(result, "title", "New AI Insight");
    EXPECT_TEXT(result, "body", "Protein below target");
    EXPECT_TEXT(result, "category", "INSIGHT_CATEGORY");
    EXPECT_TEXT(result, "user_info/insightId", "i1");
    CHECK(result && json_is_true(json_object_get(json_object_get(result, "user_info"), "hasGoalSuggestion")),
          "hasGoalSuggestion");
    json_decref(result);
    result = call(wellness_notification_goal_progress, "{'goal':" GOAL ",'progress':0.756}", WELLNESS_OK, NULL);
    EXPECT_TEXT(result, "body", "Lose 5 lbs is 75% complete! Need tips?");
    EXPECT_TEXT(result, "identifier", "goal_progress_g1");
    EXPECT_TEXT(result, "category", "GOAL_PROGRESS_CATEGORY");
    EXPECT_TEXT(result, "user_info/goalId", "g1");
    json_decref(result);
    result = call(wellness_notification_progress_milestone, "{'goal':" GOAL ",'previous_progress':0.45,'progress':0.5}",
                  WELLNESS_OK, NULL);
    CHECK(result && json_integer_value(json_object_get(result, "milestone")) == 50, "50%% crossed");
    EXPECT_TEXT(result, "notification/body", "Lose 5 lbs is 50% complete! Need tips?");
    json_decref(result);
    result = call(wellness_notification_progress_milestone, "{'goal':" GOAL ",'previous_progress':0.5,'progress':0.6}",
                  WELLNESS_OK, NULL);
    CHECK(result && json_is_null(json_object_get(result, "notification")), "nothing crossed, no notification");
    json_decref(result);
    json_decref(call(wellness_notification_goal_progress, "{'goal':" GOAL ",'progress':-1}", WELLNESS_E_VALIDATION,
                     "progress"));
    result = call(wellness_notification_categories, "{}", WELLNESS_OK, NULL);
    EXPECT_TEXT(result, "categories/0/identifier", "INSIGHT_CATEGORY");
    EXPECT_TEXT(result, "categories/0/actions/0/identifier", "CREATE_GOAL");
    EXPECT_TEXT(result, "categories/0/actions/1/title", "Discuss with AI");
    EXPECT_TEXT(result, "categories/1/actions/0/title", "Get Tips");
    EXPECT_TEXT(result, "categories/1/actions/1/identifier", "CHAT_GOAL");
    json_decref(result);
    result = call(wellness_notification_response, "{'action':'DISCUSS_INSIGHT','user_info':{'insightId':'i1'}}",
                  WELLNESS_OK, NULL);
    EXPECT_TEXT(result, "url", "fitiq://chat/new?persona=wellnessSpecialist&context=insight&contextId=i1");
    EXPECT_TEXT(result, "destination/persona", "wellness_specialist");
    json_decref(result);
    result = call(wellness_notification_response, "{'action':'GET_TIPS','user_info':{'goalId':'g1'}}", WELLNESS_OK,
                  NULL);
    EXPECT_TEXT(result, "link/identifier", "goal_tips_g1");
    json_decref(result);
    result = call(wellness_notification_response, "{'action':'CREATE_GOAL','user_info':{'insightId':'i1'}}",
                  WELLNESS_OK, NULL);
    EXPECT_TEXT(result, "destination/kind", "goal_creation");
    EXPECT_TEXT(result, "destination/insight_id", "i1");
    json_decref(result);
    result = call(wellness_notification_response, "{'action':'CHAT_GOAL','user_info':{'insightId':'i1'}}", WELLNESS_OK,
                  NULL);
    CHECK(result && json_is_null(json_object_get(result, "link")), "CHAT_GOAL without goalId does nothing");
    json_decref(result);
}

static void test_events_and_metrics(void) {
    const char *log = "{\"name\":\"insight_action\",\"parameters\":{\"insight_id\":\"i1\",\"action\":\"viewed\","
                      "\"timestamp\":\"2025-01-15T10:00:00Z\"}}\n"
                      "{\"name\":\"insight_action\",\"parameters\":{\"insight_id\":\"i1\",\"action\":\"createdGoal\","
                      "\"timestamp\":\"2025-01-15T10:01:00Z\"}}\n"
                      "{\"name\":\"consultation_started\",\"parameters\":{\"persona\":\"general_wellness\","
                      "\"context_type\":\"general\",\"timestamp\":\"2025-01-15T11:00:00Z\"}}\n";
    wellness_buf out = {0}, err = {0};
    json_t *result = call(wellness_analytics_event,
                          "{'name':'ai_feature_transition','parameters':{'from_feature':'insights','to_feature':'goals',"
                          "'timestamp':'2025-01-15T12:00:00+02:00'}}", WELLNESS_OK, NULL);
    EXPECT_TEXT(result, "parameters/context", "none");
    EXPECT_TEXT(result, "parameters/timestamp", "2025-01-15T10:00:00Z");
    json_decref(result);
    json_decref(call(wellness_analytics_event, "{'name':'insight_action','parameters':{'insight_id':'i','action':'x'}}",
                     WELLNESS_E_VALIDATION, "parameters.action"));
    CHECK(wellness_analytics_metrics("{}", 2, log, strlen(log), &out, &err) == WELLNESS_OK, "metrics: %s", err.ptr);
    result = json_loadb(out.ptr ? out.ptr : "", out.len, 0, NULL);
    CHECK(json_integer_value(json_object_get(result, "session_count")) == 2, "two sessions (59 minutes apart)");
    CHECK(json_number_value(json_object_get(json_object_get(result, "goal_creation_from_insights"), "value")) == 1.0,
          "goal creation from insights is 1");
    CHECK(json_integer_value(json_object_get(json_object_get(result, "consultation_context_usage"), "denominator")) == 1,
          "one consultation");
    json_decref(result);
    wellness_buf_free(&out);
    CHECK(wellness_analytics_metrics("{}", 2, "[{}]", 4, &out, &err) == WELLNESS_E_VALIDATION, "bad log");
    result = check_error("metrics", WELLNESS_E_VALIDATION, &out, &err);
    CHECK(result && strcmp(path_of(result), "events[0].name") == 0, "path events[0].name");
    json_decref(result);
    wellness_buf_free(&err);
}

/* A callback that blocks until released, recording what it saw. */
typedef struct gate {
    pthread_mutex_t mutex;
    pthread_cond_t condition;
    int open, entered, delivered;
    wellness_analytics *analytics;
    wellness_status nested_status;
} gate;

static void gate_callback(const char *event, void *user_data) {
    gate *g = user_data;
    wellness_buf err = {0};
    (void)event;
    pthread_mutex_lock(&g->mutex);
    g->entered++;
    pthread_cond_broadcast(&g->condition);
    while (!g->open) pthread_cond_wait(&g->condition, &g->mutex);
    g->delivered++;
    pthread_mutex_unlock(&g->mutex);
    /* From inside the sink: refused, not a deadlock. */
    if (g->analytics) g->nested_status = wellness_analytics_flush(g->analytics, 1000, &err);
    wellness_buf_free(&err);
}

static void gate_wait_entered(gate *g, int count) {
    pthread_mutex_lock(&g->mutex);
    while (g->entered < count) pthread_cond_wait(&g->condition, &g->mutex);
    pthread_mutex_unlock(&g->mutex);
}

static void gate_release(gate *g) {
    pthread_mutex_lock(&g->mutex);
    g->open = 1;
    pthread_cond_broadcast(&g->condition);
    pthread_mutex_unlock(&g->mutex);
}

static void pause_ms(long milliseconds) {
    struct timespec time;
    time.tv_sec = milliseconds / 1000;
    time.tv_nsec = (milliseconds % 1000) * 1000000L;
    nanosleep(&time, NULL);
}

static double now_seconds(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

static json_int_t stat_of(wellness_analytics *analytics, const char *key) {
    wellness_buf out = {0}, err = {0};
    json_t *stats;
    json_int_t value;
    CHECK(wellness_analytics_stats(analytics, &out, &err) == WELLNESS_OK, "stats: %s", err.ptr);
    stats = json_loadb(out.ptr ? out.ptr : "", out.len, 0, NULL);
    value = json_integer_value(json_object_get(stats, key));
    json_decref(stats);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return value;
}

static const char EVENT[] = "{\"name\":\"goal_ai_usage\",\"parameters\":{\"goal_id\":\"g1\",\"feature\":\"tips\"}}";

typedef struct set_sink_call {
    wellness_analytics *analytics;
    volatile int done;
} set_sink_call;

static void *remove_sink(void *argument) {
    set_sink_call *call = argument;
    wellness_buf err = {0};
    CHECK(wellness_analytics_set_sink(call->analytics, NULL, NULL, &err) == WELLNESS_OK, "set_sink(NULL)");
    wellness_buf_free(&err);
    call->done = 1;
    return NULL;
}

static void test_blocking_sink(void) {
    gate g;
    wellness_analytics *analytics = NULL;
    wellness_buf err = {0};
    double start;
    int index, ok = 1;
    set_sink_call remover;
    pthread_t thread;
    memset(&g, 0, sizeof g);
    pthread_mutex_init(&g.mutex, NULL);
    pthread_cond_init(&g.condition, NULL);
    CHECK(wellness_analytics_new("{\"capacity\":8}", 14, gate_callback, &g, &analytics, &err) == WELLNESS_OK,
          "new: %s", err.ptr);
    g.analytics = analytics;
    CHECK(wellness_analytics_emit(analytics, EVENT, strlen(EVENT), &err) == WELLNESS_OK, "first emit");
    gate_wait_entered(&g, 1);
    /* The callback is blocked: 1000 emits must still return at once. */
    start = now_seconds();
    for (index = 0; index < 1000; index++) ok &= wellness_analytics_emit(analytics, EVENT, strlen(EVENT), &err) == 0;
    CHECK(ok, "every emit returns WELLNESS_OK, dropped or not");
    CHECK(now_seconds() - start < 2.0, "1000 emits took %.3f s with a blocked sink", now_seconds() - start);
    CHECK(stat_of(analytics, "queued") == 8, "the queue holds its capacity");
    CHECK(stat_of(analytics, "dropped") == 992, "992 dropped, counted: %d", (int)stat_of(analytics, "dropped"));
    CHECK(wellness_analytics_flush(analytics, 50, &err) == WELLNESS_E_TIMEOUT, "flush times out while blocked");
    wellness_buf_free(&err);
    /* Removing the sink waits for the callback in flight. */
    remover.analytics = analytics;
    remover.done = 0;
    pthread_create(&thread, NULL, remove_sink, &remover);
    pause_ms(100);
    CHECK(!remover.done, "set_sink(NULL) returned while the callback was still running");
    gate_release(&g);
    pthread_join(thread, NULL);
    CHECK(remover.done, "set_sink(NULL) returns once the callback has");
    CHECK(g.nested_status == WELLNESS_E_INVALID_ARGUMENT, "flush from inside the callback is refused");
    CHECK(stat_of(analytics, "delivered") == 1, "only the first was delivered before the sink was removed");
    /* Put it back: the 8 queued events are delivered. */
    g.analytics = NULL;
    CHECK(wellness_analytics_set_sink(analytics, gate_callback, &g, &err) == WELLNESS_OK, "set_sink");
    CHECK(wellness_analytics_flush(analytics, 5000, &err) == WELLNESS_OK, "flush: %s", err.ptr);
    CHECK(g.delivered == 9, "9 delivered in all, got %d", g.delivered);
    CHECK(wellness_analytics_shutdown(analytics, 5000, &err) == WELLNESS_OK, "shutdown: %s", err.ptr);
    CHECK(wellness_analytics_emit(analytics, EVENT, strlen(EVENT), &err) == WELLNESS_E_INVALID_ARGUMENT,
          "emit after shutdown");
    wellness_buf_free(&err);
    CHECK(stat_of(analytics, "delivered") == 9, "stats readable after shutdown");
    wellness_analytics_free(analytics);
    pthread_mutex_destroy(&g.mutex);
    pthread_cond_destroy(&g.condition);
}

/* Freed while its callback is blocked: free returns at once; the callback,
   once released, is the last one. The gate outlives it (static). */
static void test_free_while_blocked(void) {
    static gate g;
    wellness_analytics *analytics = NULL;
    wellness_buf err = {0};
    double start;
    pthread_mutex_init(&g.mutex, NULL);
    pthread_cond_init(&g.condition, NULL);
    CHECK(wellness_analytics_new("{}", 2, gate_callback, &g, &analytics, &err) == WELLNESS_OK, "new");
    wellness_analytics_emit(analytics, EVENT, strlen(EVENT), &err);
    wellness_analytics_emit(analytics, EVENT, strlen(EVENT), &err);
    gate_wait_entered(&g, 1);
    CHECK(wellness_analytics_shutdown(analytics, 20, &err) == WELLNESS_E_TIMEOUT, "shutdown times out while blocked");
    wellness_buf_free(&err);
    CHECK(stat_of(analytics, "dropped") == 1, "the queued event is dropped at shutdown");
    start = now_seconds();
    wellness_analytics_free(analytics);
    CHECK(now_seconds() - start < 1.0, "free does not wait for the callback");
    gate_release(&g);
    pause_ms(100);
    pthread_mutex_lock(&g.mutex);
    CHECK(g.delivered == 1 && g.entered == 1, "the callback in flight was the last (%d)", g.entered);
    pthread_mutex_unlock(&g.mutex);
}

static void counting_noop(const char *event, void *user_data) {
    (void)event;
    (void)user_data;
}

static void test_jsonl_sink(void) {
    char path[] = "/tmp/wellness-analytics-XXXXXX", config[200], line[1000];
    wellness_analytics *analytics = NULL;
    wellness_buf err = {0}, out = {0};
    json_t *result;
    FILE *file;
    int descriptor = mkstemp(path), lines = 0;
    if (descriptor < 0) exit(2);
    close(descriptor);
    snprintf(config, sizeof config, "{\"jsonl_path\":\"%s\"}", path);
    CHECK(wellness_analytics_new(config, strlen(config), NULL, NULL, &analytics, &err) == WELLNESS_OK, "new: %s",
          err.ptr);
    wellness_analytics_emit(analytics, EVENT, strlen(EVENT), &err);
    wellness_analytics_emit(analytics, EVENT, strlen(EVENT), &err);
    CHECK(wellness_analytics_shutdown(analytics, 5000, &err) == WELLNESS_OK, "shutdown");
    wellness_analytics_free(analytics);
    file = fopen(path, "r");
    while (file && fgets(line, sizeof line, file)) {
        json_t *event = json_loads(line, 0, NULL);
        CHECK(event && strcmp(text_at(event, "name"), "goal_ai_usage") == 0, "a JSON line: %s", line);
        json_decref(event);
        lines++;
    }
    if (file) fclose(file);
    CHECK(lines == 2, "2 lines, got %d", lines);
    /* The file is a log the metrics read back. */
    file = fopen(path, "r");
    if (file) {
        size_t length = fread(line, 1, sizeof line - 1, file);
        fclose(file);
        CHECK(wellness_analytics_metrics("{}", 2, line, length, &out, &err) == WELLNESS_OK, "metrics of the file");
        wellness_buf_free(&out);
    }
    unlink(path);
    CHECK(wellness_analytics_new("{\"jsonl_path\":\"/nonexistent/x/y.jsonl\"}", 39, NULL, NULL, &analytics, &err) ==
          WELLNESS_E_VALIDATION, "an unopenable path");
    CHECK(analytics == NULL, "no handle on failure");
    wellness_buf_free(&err);
    CHECK(wellness_analytics_new(config, strlen(config), counting_noop, NULL, &analytics, &err) ==
          WELLNESS_E_VALIDATION, "a callback and a jsonl_path");
    result = check_error("callback and path", WELLNESS_E_VALIDATION, &out, &err);
    CHECK(result && strcmp(path_of(result), "jsonl_path") == 0, "the error names jsonl_path");
    json_decref(result);
    wellness_buf_free(&err);
    CHECK(wellness_analytics_emit(NULL, EVENT, strlen(EVENT), &err) == WELLNESS_E_INVALID_ARGUMENT, "NULL handle");
    wellness_buf_free(&err);
    wellness_analytics_free(NULL);
    CHECK(wellness_client_set_analytics(NULL, NULL, &err) == WELLNESS_E_INVALID_ARGUMENT, "NULL client");
    wellness_buf_free(&err);
}

/* Keeps the last event delivered (flush() orders it before the reads). */
static void keep_last(const char *event, void *user_data) {
    snprintf(user_data, 512, "%s", event);
}

/* A client keeps the analytics queue it was given alive: freeing the handle
   while attached is safe; detaching works. wellness_client_navigate, which
   makes no request, answers as wellness_integration_destination and records
   the move. (Emission after requests is tested in Swift and Python, which
   have a server to answer.) */
static void test_client_attachment(void) {
    wellness_client *client = NULL;
    wellness_analytics *analytics = NULL;
    wellness_buf out = {0}, err = {0};
    char last[512] = "", *request = from_quoted("{'goal':" GOAL ",'intent':'discuss'}");
    json_t *event, *result;
    const char *config = "{\"base_url\":\"http://127.0.0.1:9\",\"api_key\":\"k\",\"cache_directory\":false}";
    CHECK(wellness_client_new(config, strlen(config), &client, &err) == WELLNESS_OK, "client: %s", err.ptr);
    CHECK(wellness_analytics_new("{}", 2, keep_last, last, &analytics, &err) == WELLNESS_OK, "analytics");
    CHECK(wellness_client_set_analytics(client, analytics, &err) == WELLNESS_OK, "attach");
    CHECK(wellness_client_navigate(client, request, strlen(request), &out, &err) == WELLNESS_OK, "navigate");
    result = json_loadb(out.ptr, out.len, 0, NULL);
    EXPECT_TEXT(result, "destination/kind", "consultation");
    json_decref(result);
    wellness_buf_free(&out);
    CHECK(wellness_analytics_flush(analytics, 5000, &err) == WELLNESS_OK, "flush");
    event = json_loads(last, 0, NULL);
    EXPECT_TEXT(event, "name", "ai_feature_transition");
    EXPECT_TEXT(event, "parameters/from_feature", "goals");
    EXPECT_TEXT(event, "parameters/to_feature", "consultations");
    EXPECT_TEXT(event, "parameters/context", "discuss");
    json_decref(event);
    CHECK(wellness_client_navigate(client, "{}", 2, &out, &err) == WELLNESS_E_VALIDATION && !out.ptr,
          "no context: a validation error");
    wellness_buf_free(&err);
    free(request);
    wellness_analytics_free(analytics);
    CHECK(wellness_client_set_analytics(client, NULL, &err) == WELLNESS_OK, "detach");
    wellness_client_free(client);
}

int main(void) {
    test_destinations();
    test_actions();
    test_deep_links();
    test_notifications();
    test_events_and_metrics();
    test_blocking_sink();
    test_free_while_blocked();
    test_jsonl_sink();
    test_client_attachment();
    return check_summary("test_integration");
}
