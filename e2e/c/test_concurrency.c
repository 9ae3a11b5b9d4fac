/* Sixteen threads calling a mix of functions at once, good and bad inputs,
   each checking its own results: the library holds no mutable global state,
   so no result may leak into another thread's. */
#include <pthread.h>

#include "check.h"

#define THREADS 16
#define ROUNDS 1000

/* CHECK's counters are not thread-safe: each thread counts its own wrong results. */
static int wrong_results[THREADS];

/* Calls `function` and returns the parsed result, or NULL when the status is
   not `expected` (the error document, on failure, must name `error_path`). */
static json_t *call(one_document_fn function, const char *json, wellness_status expected, const char *error_path) {
    wellness_buf out = {0}, err = {0};
    wellness_status status = function(json, strlen(json), &out, &err);
    json_t *result = NULL;
    if (status == expected && status == WELLNESS_OK) {
        result = json_loadb(out.ptr, out.len, 0, NULL);
    } else if (status == expected) {
        json_t *error = json_loadb(err.ptr, err.len, 0, NULL);
        const char *path = json_string_value(json_object_get(error, "path"));
        const char *name = json_string_value(json_object_get(error, "name"));
        if (out.ptr == NULL && name && strcmp(name, wellness_strerror(status)) == 0 &&
            (error_path ? path && strcmp(path, error_path) == 0 : json_is_null(json_object_get(error, "path"))))
            result = error;
        else
            json_decref(error);
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return result;
}

static int string_is(json_t *object, const char *key, const char *expected) {
    const char *actual = json_string_value(json_object_get(object, key));
    return actual && strcmp(actual, expected) == 0;
}

static int one_round(int id, int round) {
    static const char *labels[] = {"Very Easy", "Easy", "Moderate", "Challenging", "Very Challenging"};
    static const char *time_zones[] = {"America/New_York", "Europe/Paris", "Asia/Kolkata", "Australia/Sydney"};
    char json[512], expected[64];
    int difficulty = (id + round) % 5 + 1, ok = 1;
    json_t *result;

    /* A suggestion view that must carry this thread's own title and difficulty. */
    snprintf(json, sizeof json, "{\"title\":\"t%d-%d\",\"description\":\"d\",\"goal_type\":\"wellness\","
             "\"rationale\":\"r\",\"difficulty\":%d,\"estimated_duration\":%d}", id, round, difficulty, round % 90);
    result = call(wellness_goal_suggestion_view, json, WELLNESS_OK, NULL);
    snprintf(expected, sizeof expected, "t%d-%d", id, round);
    ok &= result && string_is(result, "title", expected) && string_is(result, "difficulty_label", labels[difficulty - 1]);
    json_decref(result);

    /* A timestamp normalised with this thread's offset. */
    snprintf(json, sizeof json, "{\"id\":\"m%d\",\"consultation_id\":\"c\",\"role\":\"user\",\"content\":\"x\","
             "\"created_at\":\"2025-01-15T%02d:%02d:00.%d+00:00\"}", id, id, round % 60, round % 9 + 1);
    result = call(wellness_consultation_message_normalize, json, WELLNESS_OK, NULL);
    snprintf(expected, sizeof expected, "2025-01-15T%02d:%02d:00.%dZ", id, round % 60, round % 9 + 1);
    ok &= result && string_is(result, "created_at", expected);
    json_decref(result);

    /* Time-zone arithmetic from many threads. */
    snprintf(json, sizeof json, "{\"suggestion\":{\"title\":\"W\",\"description\":\"d\",\"goal_type\":\"activity\","
             "\"rationale\":\"r\",\"difficulty\":2,\"estimated_duration\":%d},\"now\":\"2025-03-01T12:00:00Z\","
             "\"time_zone\":\"%s\"}", round % 60, time_zones[id % 4]);
    result = call(wellness_create_goal_request_from_suggestion, json, WELLNESS_OK, NULL);
    ok &= result && string_is(result, "start_date", "2025-03-01T12:00:00Z");
    json_decref(result);

    /* Bad inputs: a validation error naming its field, and invalid JSON. */
    snprintf(json, sizeof json, "{\"success\":true,\"data\":{\"tips\":[{\"tip\":\"a\"}],\"goal_id\":\"g%d\","
             "\"goal_title\":\"G\",\"count\":%d}}", id, round + 2);
    result = call(wellness_goal_tips_response_normalize, json, WELLNESS_E_VALIDATION, "data.count");
    ok &= result != NULL;
    json_decref(result);
    result = call(wellness_trends_view, "{\"weekly\":[[[", WELLNESS_E_INVALID_JSON, NULL);
    ok &= result != NULL;
    json_decref(result);

    /* The trends view and the columnar series. */
    result = call(wellness_trend_view, "{\"period\":\"yearly\",\"bucket\":{\"value\":-4.2,\"available\":false,"
                  "\"projection\":true,\"points\":[]}}", WELLNESS_OK, NULL);
    ok &= result && string_is(result, "label", "Projected") && string_is(result, "formatted_value", "-4.20y");
    json_decref(result);
    {
        int64_t timestamps[24];
        double values[24];
        wellness_buf out = {0}, err = {0};
        int hour;
        for (hour = 0; hour < 24; hour++) {
            timestamps[hour] = 1700000000 + 3600 * (int64_t)hour * (id + 1);
            values[hour] = hour;
        }
        ok &= wellness_series_aggregate_columns("{\"time_zone\":\"Africa/Cairo\"}", 28, timestamps, values, 24, &out,
                                                &err) == WELLNESS_OK && out.ptr && !err.ptr;
        wellness_buf_free(&out);
        wellness_buf_free(&err);
    }
    ok &= strcmp(wellness_strerror(WELLNESS_E_VALIDATION), "WELLNESS_E_VALIDATION") == 0;
    return ok;
}

static void *work(void *argument) {
    int id = (int)(size_t)argument, round;
    for (round = 0; round < ROUNDS; round++)
        if (!one_round(id, round)) wrong_results[id]++;
    return NULL;
}

/* One analytics handle shared by every thread: emits, stats and sink swaps
   at once; every event is accounted for (accepted + dropped = emitted) and
   every accepted one reaches a sink exactly once. */
static wellness_analytics *shared_analytics;
static pthread_mutex_t sink_mutex = PTHREAD_MUTEX_INITIALIZER;
static long sink_calls[2];

static void counting_sink(const char *event, void *user_data) {
    long *calls = user_data;
    (void)event;
    pthread_mutex_lock(&sink_mutex);
    (*calls)++;
    pthread_mutex_unlock(&sink_mutex);
}

static void *emit_work(void *argument) {
    int id = (int)(size_t)argument, round;
    char event[200];
    wellness_buf out = {0};
    for (round = 0; round < ROUNDS; round++) {
        snprintf(event, sizeof event, "{\"name\":\"insight_action\",\"parameters\":{\"insight_id\":\"i%d-%d\","
                 "\"action\":\"viewed\"}}", id, round);
        if (wellness_analytics_emit(shared_analytics, event, strlen(event), NULL) != WELLNESS_OK) wrong_results[id]++;
        if (round % 100 == 0) {
            if (wellness_analytics_stats(shared_analytics, &out, NULL) != WELLNESS_OK) wrong_results[id]++;
            wellness_buf_free(&out);
        }
        /* Thread 0 swaps the sink now and then. */
        if (id == 0 && round % 50 == 0 &&
            wellness_analytics_set_sink(shared_analytics, counting_sink, &sink_calls[(round / 50) % 2], NULL) !=
                WELLNESS_OK)
            wrong_results[id]++;
    }
    return NULL;
}

static json_int_t shared_stat(const char *key) {
    wellness_buf out = {0};
    json_t *stats;
    json_int_t value;
    wellness_analytics_stats(shared_analytics, &out, NULL);
    stats = json_loadb(out.ptr ? out.ptr : "", out.len, 0, NULL);
    value = json_integer_value(json_object_get(stats, key));
    json_decref(stats);
    wellness_buf_free(&out);
    return value;
}

static void test_shared_analytics(void) {
    pthread_t threads[THREADS];
    size_t index;
    CHECK(wellness_analytics_new("{\"capacity\":256}", 16, counting_sink, &sink_calls[0], &shared_analytics, NULL) ==
          WELLNESS_OK, "analytics");
    for (index = 0; index < THREADS; index++)
        CHECK(pthread_create(&threads[index], NULL, emit_work, (void *)index) == 0, "emitter %d starts", (int)index);
    for (index = 0; index < THREADS; index++) CHECK(pthread_join(threads[index], NULL) == 0, "emitter joins");
    CHECK(wellness_analytics_shutdown(shared_analytics, 10000, NULL) == WELLNESS_OK, "shutdown delivers the queue");
    CHECK(shared_stat("accepted") + shared_stat("dropped") == THREADS * ROUNDS, "every event accounted for");
    CHECK(shared_stat("delivered") == shared_stat("accepted"), "every accepted event delivered");
    CHECK(sink_calls[0] + sink_calls[1] == shared_stat("delivered"), "each delivered once: %ld + %ld",
          sink_calls[0], sink_calls[1]);
    for (index = 0; index < THREADS; index++)
        CHECK(wrong_results[index] == 0, "emitter %d: %d failed calls", (int)index, wrong_results[index]);
    wellness_analytics_free(shared_analytics);
}

int main(void) {
    pthread_t threads[THREADS];
    size_t index;
    for (index = 0; index < THREADS; index++)
        CHECK(pthread_create(&threads[index], NULL, work, (void *)index) == 0, "thread %d starts", (int)index);
    for (index = 0; index < THREADS; index++) {
        CHECK(pthread_join(threads[index], NULL) == 0, "thread %d joins", (int)index);
        CHECK(wrong_results[index] == 0, "thread %d: %d of %d rounds had a wrong result", (int)index,
              wrong_results[index], ROUNDS);
    }
    printf("%d threads x %d rounds of 8 calls\n", THREADS, ROUNDS);
    test_shared_analytics();
    printf("%d threads x %d events into one analytics handle\n", THREADS, ROUNDS);
    return check_summary("test_concurrency");
}
