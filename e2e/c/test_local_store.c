#define _POSIX_C_SOURCE 200809L
/* The client's local store through the real library: per-goal interval
   preferences that survive the client (and the process: the second half runs
   in a child process), reset to automatic, feed the series calls, and files
   that are private. */
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

static wellness_client *client_for(const char *directory) {
    char config[1024];
    wellness_client *client = NULL;
    snprintf(config, sizeof config,
             "{\"base_url\":\"http://127.0.0.1:9\",\"api_key\":\"k\",\"cache_directory\":false,\"store_directory\":\"%s\"}",
             directory);
    CHECK(wellness_client_new(config, strlen(config), &client, NULL) == WELLNESS_OK, "client");
    return client;
}

/* The "interval" of a preference call's result, or "?" when it failed. */
static const char *interval_of(wellness_client *client, wellness_status (*call)(wellness_client *, const char *, size_t,
                                                                                wellness_buf *, wellness_buf *),
                               const char *json, char *into, size_t size) {
    wellness_buf out = {0}, err = {0};
    json_t *result;
    snprintf(into, size, "?");
    if (call(client, json, strlen(json), &out, &err) == WELLNESS_OK && (result = json_loadb(out.ptr, out.len, 0, NULL))) {
        json_t *interval = json_object_get(result, "interval");
        snprintf(into, size, "%s", json_is_string(interval) ? json_string_value(interval) : "auto");
        json_decref(result);
    } else {
        fprintf(stderr, "call failed: %.*s\n", (int)err.len, err.ptr ? err.ptr : "");
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return into;
}

/* The interval the client's aggregation picks for `options` over a 10-day series. */
static const char *aggregated_interval(wellness_client *client, const char *options, char *into, size_t size) {
    static const char samples[] =
        "[{\"timestamp\":\"2025-03-01T12:00:00Z\",\"value\":1},{\"timestamp\":\"2025-03-10T12:00:00Z\",\"value\":2}]";
    wellness_buf out = {0}, err = {0};
    json_t *report;
    snprintf(into, size, "?");
    if (wellness_client_series_aggregate(client, options, strlen(options), samples, strlen(samples), &out, &err) ==
            WELLNESS_OK &&
        (report = json_loadb(out.ptr, out.len, 0, NULL))) {
        snprintf(into, size, "%s", json_string_value(json_object_get(report, "interval")));
        json_decref(report);
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return into;
}

int main(void) {
    char directory[512] = "/tmp/wellness-store-XXXXXX", path[600], text[64];
    wellness_client *client;
    struct stat status;
    pid_t child;
    int child_status = -1;
    if (!mkdtemp(directory)) return 1;
    strcat(directory, "/nested/store");

    client = client_for(directory);
    CHECK(strcmp(interval_of(client, wellness_client_interval_preference, "{\"goal_id\":\"g1\"}", text, sizeof text),
                 "auto") == 0, "automatic before any choice: %s", text);
    CHECK(strcmp(interval_of(client, wellness_client_set_interval_preference,
                             "{\"goal_id\":\"g1\",\"interval\":\"month\"}", text, sizeof text), "month") == 0, "set");
    CHECK(strcmp(aggregated_interval(client, "{\"goal_id\":\"g1\",\"today\":\"2025-03-31\"}", text, sizeof text),
                 "month") == 0, "the goal's interval is used: %s", text);
    CHECK(strcmp(aggregated_interval(client, "{\"goal_id\":\"g1\",\"interval\":\"week\",\"today\":\"2025-03-31\"}", text,
                                     sizeof text), "week") == 0, "an explicit interval wins: %s", text);
    CHECK(strcmp(aggregated_interval(client, "{\"goal_id\":\"g2\",\"today\":\"2025-03-31\"}", text, sizeof text),
                 "day") == 0, "another goal is automatic (10 days: day): %s", text);
    wellness_client_free(client);

    snprintf(path, sizeof path, "%s/store.sqlite", directory);
    CHECK(stat(path, &status) == 0 && (status.st_mode & 0777) == 0600, "store.sqlite is 0600");

    /* Another process, another client: the choice is still there; it resets. */
    child = fork();
    if (child == 0) {
        wellness_client *other = client_for(directory);
        int ok = strcmp(interval_of(other, wellness_client_interval_preference, "{\"goal_id\":\"g1\"}", text,
                                    sizeof text), "month") == 0 &&
                 strcmp(interval_of(other, wellness_client_set_interval_preference,
                                    "{\"goal_id\":\"g1\",\"interval\":null}", text, sizeof text), "auto") == 0;
        wellness_client_free(other);
        _exit(ok ? 0 : 1);
    }
    CHECK(child > 0 && waitpid(child, &child_status, 0) == child && WIFEXITED(child_status) &&
              WEXITSTATUS(child_status) == 0, "a second process reads the choice and resets it");
    client = client_for(directory);
    CHECK(strcmp(interval_of(client, wellness_client_interval_preference, "{\"goal_id\":\"g1\"}", text, sizeof text),
                 "auto") == 0, "the reset is seen here: %s", text);
    CHECK(strcmp(interval_of(client, wellness_client_set_interval_preference,
                             "{\"goal_id\":\"g1\",\"interval\":\"hourly\"}", text, sizeof text), "?") == 0,
          "an unknown interval is refused");
    wellness_client_free(client);
    return check_summary("local_store");
}
