#define _POSIX_C_SOURCE 200809L
/* The workouts calls through the real library: wellness_client_post_workouts,
   wellness_client_list_workouts and wellness_client_delete_workout. Without a
   server: bad workouts and bounds are WELLNESS_E_VALIDATION naming the field,
   nothing sent; a closed port is WELLNESS_E_NETWORK, and in offline mode the
   writes are queued instead. Given wellness-server's path (argv[1]), against
   it: workouts sent twice are stored once, listed oldest first within
   from/to, deleted by id (again: still done), and the rules coach answers
   "How many days did I run in the last 7 days?" from them, citing its query
   in "data_queries". Every result and error is parsed with Jansson. */
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "real_server.h"

/* The UTC day `days_ago` days before now, as YYYY-MM-DD. */
static void day_before(int days_ago, char *day, size_t size) {
    time_t when = time(NULL) - (time_t)days_ago * 86400;
    struct tm utc;
    gmtime_r(&when, &utc);
    strftime(day, size, "%Y-%m-%d", &utc);
}

/* The status and, on failure, the error's path of `input` given to `function`. */
static wellness_status refused(client_fn function, wellness_client *client, const char *input, char *path,
                               size_t size) {
    json_t *result;
    wellness_status status = client_call(function, client, input, &result, path, size);
    json_decref(result);
    return status;
}

static void without_server(void) {
    static const char config[] = "{\"base_url\":\"http://127.0.0.1:9\",\"api_key\":\"k\",\"max_retries\":0,"
                                 "\"store_directory\":false,\"cache_directory\":false}";
    static const char run[] = "{\"start\":\"2026-11-20T07:00:00Z\",\"end\":\"2026-11-20T07:45:00Z\","
                              "\"activity\":\"Outdoor Run\",\"distance\":5.2}";
    char store[] = "/tmp/wellness-workouts-store-XXXXXX", input[512], path[128], offline[512];
    wellness_client *down = NULL, *queueing = NULL;
    json_t *result;
    CHECK(wellness_client_new(config, strlen(config), &down, NULL) == WELLNESS_OK, "client of a server that is down");

    snprintf(input, sizeof input, "{\"workouts\":[%s]}", run);
    CHECK(refused(wellness_client_post_workouts, down, input, path, sizeof path) == WELLNESS_E_NETWORK,
          "down: a valid post is sent, and finds no server");
    CHECK(refused(wellness_client_post_workouts, down,
                  "{\"workouts\":[{\"start\":\"2026-11-20T07:00:00Z\",\"end\":\"2026-11-20T06:00:00Z\","
                  "\"activity\":\"Run\"}]}",
                  path, sizeof path) == WELLNESS_E_VALIDATION &&
              strcmp(path, "workouts[0].end") == 0,
          "an end before the start: VALIDATION at workouts[0].end (%s)", path);
    CHECK(refused(wellness_client_post_workouts, down,
                  "{\"workouts\":[{\"id\":\"wo_1\",\"start\":1763622000,\"end\":1763624700,\"activity\":\"Run\"}]}",
                  path, sizeof path) == WELLNESS_E_VALIDATION &&
              strcmp(path, "workouts[0].id") == 0,
          "an id: VALIDATION at workouts[0].id (%s)", path);
    CHECK(refused(wellness_client_post_workouts, down,
                  "{\"workouts\":[{\"start\":1763622000,\"end\":1763624700,\"activity\":\"Run\",\"Pace\":5}]}", path,
                  sizeof path) == WELLNESS_E_VALIDATION &&
              strcmp(path, "workouts[0].Pace") == 0,
          "a field that is not an identifier: VALIDATION naming it (%s)", path);
    CHECK(refused(wellness_client_post_workouts, down, "{\"workouts\":{}}", path, sizeof path) ==
                  WELLNESS_E_VALIDATION &&
              strcmp(path, "workouts") == 0,
          "workouts not an array: VALIDATION at workouts (%s)", path);
    CHECK(refused(wellness_client_list_workouts, down, "{\"from\":\"last week\"}", path, sizeof path) ==
                  WELLNESS_E_VALIDATION &&
              strcmp(path, "from") == 0,
          "a bound that is neither an instant nor a date: VALIDATION at from (%s)", path);
    CHECK(refused(wellness_client_list_workouts, down, "{\"page_size\":101}", path, sizeof path) ==
                  WELLNESS_E_VALIDATION &&
              strcmp(path, "page_size") == 0,
          "page_size over 100: VALIDATION (%s)", path);
    CHECK(refused(wellness_client_list_workouts, down, "{\"from\":\"2026-11-01\",\"to\":\"2026-11-20T12:00:00Z\"}",
                  path, sizeof path) == WELLNESS_E_NETWORK,
          "down: a valid list is sent");
    CHECK(refused(wellness_client_delete_workout, down, "{\"id\":\"\"}", path, sizeof path) == WELLNESS_E_VALIDATION &&
              strcmp(path, "id") == 0,
          "an empty id: VALIDATION at id (%s)", path);
    wellness_client_free(down);

    CHECK(mkdtemp(store) != NULL, "a store directory");
    snprintf(offline, sizeof offline,
             "{\"base_url\":\"http://127.0.0.1:9\",\"api_key\":\"k\",\"max_retries\":0,\"offline\":true,"
             "\"cache_directory\":false,\"store_directory\":\"%s\"}",
             store);
    CHECK(wellness_client_new(offline, strlen(offline), &queueing, NULL) == WELLNESS_OK, "offline client");
    CHECK(client_call(wellness_client_post_workouts, queueing, input, &result, NULL, 0) == WELLNESS_OK && result &&
              json_is_true(json_object_get(result, "queued")) &&
              strcmp(json_string_value(json_object_get(result, "operation")), "post_workouts") == 0,
          "offline: the post is queued as post_workouts");
    json_decref(result);
    CHECK(client_call(wellness_client_delete_workout, queueing, "{\"id\":\"wo_1\"}", &result, NULL, 0) == WELLNESS_OK &&
              result && json_is_true(json_object_get(result, "queued")) &&
              strcmp(json_string_value(json_object_get(result, "operation")), "delete_workout") == 0,
          "offline: the delete is queued as delete_workout");
    json_decref(result);
    CHECK(client_call(wellness_client_pending, queueing, "{}", &result, NULL, 0) == WELLNESS_OK &&
              json_integer_value(json_object_get(result, "count")) == 2,
          "offline: both wait in the outbox");
    json_decref(result);
    CHECK(refused(wellness_client_post_workouts, queueing, "{\"workouts\":[{}]}", path, sizeof path) ==
                  WELLNESS_E_VALIDATION,
          "offline: a bad workout is refused, not queued");
    wellness_client_free(queueing);
}

static json_int_t total_of(json_t *page) {
    return json_integer_value(json_object_get(json_object_get(page, "pagination"), "total_count"));
}

static void against_real_server(const char *binary) {
    char data[] = "/tmp/wellness-workouts-XXXXXX", base_url[128], api_key[256], config[1024], input[1024];
    char yesterday[16], two_days[16], three_days[16], id[128] = "";
    wellness_client *client = NULL;
    json_t *result = NULL, *reply, *queries, *workout;
    pid_t server;
    if (!mkdtemp(data)) return;
    server = start_real_server(binary, data, base_url, sizeof base_url, api_key, sizeof api_key);
    CHECK(server > 0 && base_url[0] && api_key[0], "wellness-server started");
    snprintf(config, sizeof config,
             "{\"base_url\":\"%s\",\"api_key\":\"%s\",\"cache_directory\":false,\"store_directory\":false}", base_url,
             api_key);
    CHECK(wellness_client_new(config, strlen(config), &client, NULL) == WELLNESS_OK, "real: client");

    /* Runs on two days (one of them twice) and yoga on another, all in the last 7 days. */
    day_before(1, yesterday, sizeof yesterday);
    day_before(2, two_days, sizeof two_days);
    day_before(3, three_days, sizeof three_days);
    snprintf(input, sizeof input,
             "{\"workouts\":["
             "{\"start\":\"%sT07:00:00Z\",\"end\":\"%sT07:40:00Z\",\"activity\":\"Outdoor Run\",\"distance\":6},"
             "{\"start\":\"%sT18:00:00Z\",\"end\":\"%sT18:20:00Z\",\"activity\":\"Outdoor Run\",\"distance\":3,"
             "\"average_heart_rate\":null},"
             "{\"start\":\"%sT07:00:00Z\",\"end\":\"%sT08:00:00Z\",\"activity\":\"Yoga\"},"
             "{\"start\":\"%sT06:30:00+01:00\",\"end\":\"%sT06:55:00+01:00\",\"activity\":\"Run\",\"distance\":4.5}]}",
             yesterday, yesterday, yesterday, yesterday, two_days, two_days, three_days, three_days);
    CHECK(client_call(wellness_client_post_workouts, client, input, &result, NULL, 0) == WELLNESS_OK &&
              json_integer_value(json_object_get(result, "stored")) == 4,
          "real: {\"stored\": 4}");
    json_decref(result);
    CHECK(client_call(wellness_client_post_workouts, client, input, &result, NULL, 0) == WELLNESS_OK &&
              json_integer_value(json_object_get(result, "stored")) == 4,
          "real: the same workouts again");
    json_decref(result);

    CHECK(client_call(wellness_client_list_workouts, client, "{\"page_size\":100}", &result, NULL, 0) == WELLNESS_OK &&
              total_of(result) == 4 && json_array_size(json_object_get(result, "workouts")) == 4,
          "real: sent twice, stored once (%lld)", (long long)total_of(result));
    workout = json_array_get(json_object_get(result, "workouts"), 0);
    CHECK(workout && strcmp(json_string_value(json_object_get(workout, "activity")), "Run") == 0 &&
              strncmp(json_string_value(json_object_get(workout, "start")), three_days, 10) == 0 &&
              json_real_value(json_object_get(workout, "distance")) == 4.5,
          "real: oldest first, in UTC");
    json_decref(result);

    snprintf(input, sizeof input, "{\"from\":\"%s\",\"to\":\"%s\"}", two_days, yesterday);
    CHECK(client_call(wellness_client_list_workouts, client, input, &result, NULL, 0) == WELLNESS_OK && total_of(result) == 3,
          "real: from and to are whole days, both included");
    json_decref(result);
    snprintf(input, sizeof input, "{\"from\":\"%sT12:00:00Z\",\"page\":1,\"page_size\":1}", yesterday);
    CHECK(client_call(wellness_client_list_workouts, client, input, &result, NULL, 0) == WELLNESS_OK && total_of(result) == 1,
          "real: an instant bound");
    workout = json_array_get(json_object_get(result, "workouts"), 0);
    if (workout) snprintf(id, sizeof id, "%s", json_string_value(json_object_get(workout, "id")));
    CHECK(strncmp(id, "wo_", 3) == 0, "real: the server's id (%s)", id);
    CHECK(workout && json_object_get(workout, "average_heart_rate") == NULL, "real: a null field is absent");
    json_decref(result);

    /* The coach answers from the workouts: runs on 2 days (the evening run is yesterday's second). */
    reply = NULL;
    CHECK(client_call(wellness_client_create_consultation, client, "{\"persona\":\"fitness_coach\",\"title\":\"Runs\"}",
               &result, NULL, 0) == WELLNESS_OK,
          "real: a consultation");
    snprintf(input, sizeof input,
             "{\"consultation_id\":\"%s\",\"content\":\"How many days did I run in the last 7 days?\"}",
             result ? json_string_value(json_object_get(result, "id")) : "none");
    json_decref(result);
    CHECK(client_call(wellness_client_send_message, client, input, &reply, NULL, 0) == WELLNESS_OK, "real: the question");
    result = reply ? json_array_get(json_object_get(reply, "messages"), 1) : NULL;
    queries = json_object_get(result, "data_queries");
    CHECK(json_array_size(queries) == 1 &&
              strcmp(json_string_value(json_object_get(json_object_get(json_array_get(queries, 0), "query"), "table")),
                     "sessions") == 0 &&
              json_integer_value(json_object_get(json_object_get(json_array_get(queries, 0), "result"), "days")) == 2,
          "real: the reply cites its query over the sessions: 2 days");
    CHECK(result && strstr(json_string_value(json_object_get(result, "content")), "2 days") != NULL,
          "real: the reply says 2 days (%s)", result ? json_string_value(json_object_get(result, "content")) : "");
    json_decref(reply);

    snprintf(input, sizeof input, "{\"id\":\"%s\"}", id);
    CHECK(client_call(wellness_client_delete_workout, client, input, &result, NULL, 0) == WELLNESS_OK &&
              json_is_true(json_object_get(result, "deleted")),
          "real: deleted");
    json_decref(result);
    CHECK(client_call(wellness_client_delete_workout, client, input, &result, NULL, 0) == WELLNESS_OK,
          "real: deleting again is done too");
    json_decref(result);
    CHECK(client_call(wellness_client_list_workouts, client, "{}", &result, NULL, 0) == WELLNESS_OK && total_of(result) == 3,
          "real: three left");
    json_decref(result);

    wellness_client_free(client);
    kill(server, SIGTERM);
    waitpid(server, NULL, 0);
}

int main(int argc, char **argv) {
    without_server();
    if (argc > 1 && access(argv[1], X_OK) == 0) against_real_server(argv[1]);
    else printf("test_workouts: no wellness-server given (argv[1]); without a server only\n");
    return check_summary("test_workouts");
}
