/* Sixteen threads calling a mix of functions at once, each checking its own results. */
#include <pthread.h>
#include <stdlib.h>

#include "check.h"

#define THREADS 16
#define ROUNDS 400

static int thread_errors[THREADS];

static void *work(void *argument) {
    int id = (int)(size_t)argument, round;
    for (round = 0; round < ROUNDS; round++) {
        char json[256];
        wellness_buf out = {0}, err = {0};
        json_t *result;
        int difficulty = (id + round) % 5 + 1;
        snprintf(json, sizeof json,
                 "{\"title\":\"t%d-%d\",\"description\":\"d\",\"goal_type\":\"wellness\",\"rationale\":\"r\","
                 "\"difficulty\":%d}", id, round, difficulty);
        if (wellness_goal_suggestion_view(json, strlen(json), &out, &err) != WELLNESS_OK) {
            thread_errors[id]++;
        } else {
            char title[32];
            result = json_loadb(out.ptr, out.len, 0, NULL);
            snprintf(title, sizeof title, "t%d-%d", id, round);
            if (!result || strcmp(json_string_value(json_object_get(result, "title")), title) != 0 ||
                json_integer_value(json_object_get(result, "difficulty")) != difficulty)
                thread_errors[id]++;
            json_decref(result);
        }
        wellness_buf_free(&out);
        if (wellness_goal_tip_view("{\"tip\":\"\"}", 10, &out, &err) != WELLNESS_E_VALIDATION || !err.ptr ||
            !strstr(err.ptr, "\"path\":\"tip\""))
            thread_errors[id]++;
        wellness_buf_free(&err);
        {
            int64_t timestamps[24];
            double values[24];
            int hour;
            for (hour = 0; hour < 24; hour++) {
                timestamps[hour] = 1700000000 + 3600 * (int64_t)hour * (id + 1);
                values[hour] = hour;
            }
            if (wellness_series_aggregate_columns("{\"time_zone\":\"Africa/Cairo\"}", 28, timestamps, values, 24,
                                                  &out, &err) != WELLNESS_OK)
                thread_errors[id]++;
            wellness_buf_free(&out);
            wellness_buf_free(&err);
        }
    }
    return NULL;
}

int main(void) {
    pthread_t threads[THREADS];
    size_t index;
    for (index = 0; index < THREADS; index++)
        CHECK(pthread_create(&threads[index], NULL, work, (void *)index) == 0, "thread %d starts", (int)index);
    for (index = 0; index < THREADS; index++) {
        pthread_join(threads[index], NULL);
        CHECK(thread_errors[index] == 0, "thread %d saw %d wrong results", (int)index, thread_errors[index]);
    }
    return check_summary("test_concurrency");
}
