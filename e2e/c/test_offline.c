#define _POSIX_C_SOURCE 200809L
/* Offline mode through the real library: a read cached
   while a loopback server answers is served from the cache, stamped, once
   the server is gone; writes made while it is gone are queued with their
   optimistic change and return {"queued": true}; after the server is back a
   sync delivers them in order, each once, a POST with the idempotency key it
   was queued with, and a 404 is kept as a failed write. */
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

static const char insight_body[] =
    "{\"success\":true,\"data\":{\"id\":\"i1\",\"user_id\":\"u1\",\"insight_type\":\"daily\",\"title\":\"T\","
    "\"content\":\"C\",\"is_read\":%s,\"is_favorite\":false,\"is_archived\":false,"
    "\"generated_at\":\"2025-01-01T00:00:00Z\",\"created_at\":\"2025-01-01T00:00:00Z\","
    "\"updated_at\":\"2025-01-01T00:00:00Z\"}}";
static const char goal_body[] =
    "{\"success\":true,\"data\":{\"id\":\"g1\",\"user_id\":\"u1\",\"title\":\"Walk\",\"goal_type\":\"activity\","
    "\"start_date\":\"2025-01-01\",\"is_recurring\":false,\"status\":\"active\","
    "\"created_at\":\"2025-01-01T00:00:00Z\",\"updated_at\":\"2025-01-01T00:00:00Z\"}}";
static const char not_found[] = "{\"success\":false,\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"Insight not found\"}}";

/* Serves one request per connection until killed, appending "METHOD PATH KEY\n" to `log_path`. */
static void serve(int listener, const char *log_path) {
    for (;;) {
        char request[8192], method[16] = "", target[256] = "", key[128] = "-", body[2048], head[256];
        size_t used = 0;
        ssize_t got;
        const char *status = "200 OK", *line;
        int connection = accept(listener, NULL, NULL), log_file;
        if (connection < 0) continue;
        while (used < sizeof request - 1 && (got = read(connection, request + used, sizeof request - 1 - used)) > 0) {
            used += (size_t)got;
            request[used] = '\0';
            if (strstr(request, "\r\n\r\n")) {
                const char *length = strstr(request, "Content-Length: ");
                size_t header = (size_t)(strstr(request, "\r\n\r\n") - request) + 4;
                if (!length || used >= header + (size_t)atoi(length + 16)) break;
            }
        }
        request[used] = '\0';
        sscanf(request, "%15s %255s", method, target);
        if ((line = strstr(request, "Idempotency-Key: "))) sscanf(line + 17, "%127s", key);
        if (strncmp(target, "/api/v1/goals/", 14) == 0 && strcmp(method, "DELETE") != 0) {
            snprintf(body, sizeof body, "%s", goal_body);
        } else if (strcmp(method, "GET") == 0 || strcmp(method, "PATCH") == 0) {
            snprintf(body, sizeof body, insight_body, strcmp(method, "PATCH") == 0 ? "true" : "false");
        } else if (strcmp(method, "POST") == 0) {
            status = "201 Created";
            snprintf(body, sizeof body, "%s", goal_body);
        } else {
            status = "404 Not Found";
            snprintf(body, sizeof body, "%s", not_found);
        }
        snprintf(head, sizeof head, "HTTP/1.1 %s\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n"
                 "Connection: close\r\n\r\n", status, strlen(body));
        if (write(connection, head, strlen(head)) < 0 || write(connection, body, strlen(body)) < 0) {}
        close(connection);
        log_file = open(log_path, O_WRONLY | O_APPEND | O_CREAT, 0600);
        if (log_file >= 0) {
            dprintf(log_file, "%s %s %s\n", method, target, key);
            close(log_file);
        }
    }
}

/* A server process on `*port` (0: any free port, which is then set). */
static pid_t start_server(int *port, const char *log_path) {
    struct sockaddr_in address;
    socklen_t size = sizeof address;
    int listener = socket(AF_INET, SOCK_STREAM, 0), yes = 1;
    pid_t child;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((unsigned short)*port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 16) != 0 ||
        getsockname(listener, (struct sockaddr *)&address, &size) != 0) {
        return -1;
    }
    *port = ntohs(address.sin_port);
    child = fork();
    if (child == 0) {
        serve(listener, log_path);
        _exit(0);
    }
    close(listener);
    return child;
}

static void stop_server(pid_t server) {
    int status;
    kill(server, SIGKILL);
    waitpid(server, &status, 0);
}

/* Calls `call` and parses its result (NULL on failure, the error printed). */
static json_t *call_json(wellness_status (*call)(wellness_client *, const char *, size_t, wellness_buf *, wellness_buf *),
                         wellness_client *client, const char *json, wellness_status *status) {
    wellness_buf out = {0}, err = {0};
    json_t *result = NULL;
    *status = call(client, json, strlen(json), &out, &err);
    if (*status == WELLNESS_OK) result = json_loadb(out.ptr, out.len, 0, NULL);
    else fprintf(stderr, "(expected or not) error: %.*s\n", (int)err.len, err.ptr ? err.ptr : "");
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return result;
}

static int count_lines(const char *path, const char *prefix) {
    char line[512];
    int count = 0;
    FILE *file = fopen(path, "r");
    if (!file) return 0;
    while (fgets(line, sizeof line, file)) count += strncmp(line, prefix, strlen(prefix)) == 0;
    fclose(file);
    return count;
}

int main(void) {
    char directory[512] = "/tmp/wellness-offline-XXXXXX", log_path[600], config[1024], line[512], post_key[128] = "";
    wellness_client *client = NULL, *plain = NULL;
    wellness_status status;
    json_t *result, *item;
    int port = 0;
    pid_t server;
    FILE *log_file;
    if (!mkdtemp(directory)) return 1;
    snprintf(log_path, sizeof log_path, "%s/requests.log", directory);
    server = start_server(&port, log_path);
    CHECK(server > 0, "loopback server");
    snprintf(config, sizeof config,
             "{\"base_url\":\"http://127.0.0.1:%d\",\"api_key\":\"k\",\"cache_directory\":false,\"max_retries\":0,"
             "\"timeout\":5,\"offline\":true,\"store_directory\":\"%s/store\"}", port, directory);
    CHECK(wellness_client_new(config, strlen(config), &client, NULL) == WELLNESS_OK, "offline client");

    result = call_json(wellness_client_get_insight, client, "{\"id\":\"i1\"}", &status);
    CHECK(result && !json_object_get(result, "source"), "a fresh answer keeps its exact shape");
    json_decref(result);
    json_decref(call_json(wellness_client_get_goal, client, "{\"id\":\"g1\"}", &status));
    stop_server(server);

    result = call_json(wellness_client_get_insight, client, "{\"id\":\"i1\"}", &status);
    CHECK(status == WELLNESS_OK && result, "served from the cache with the server gone");
    CHECK(result && strcmp(json_string_value(json_object_get(result, "source")), "offline_cache") == 0, "stamped");
    CHECK(result && json_is_string(json_object_get(result, "cached_at")) &&
              json_integer_value(json_object_get(result, "age_seconds")) >= 0, "with its age");
    json_decref(result);
    result = call_json(wellness_client_get_goal, client, "{\"id\":\"g9\"}", &status);
    CHECK(status == WELLNESS_E_NETWORK && !result, "nothing cached: the network error");

    result = call_json(wellness_client_update_insight, client, "{\"id\":\"i1\",\"change\":{\"is_read\":true}}", &status);
    CHECK(result && json_is_true(json_object_get(result, "queued")) &&
              json_integer_value(json_object_get(result, "pending_id")) > 0, "a write is queued, not failed");
    CHECK(result && json_is_true(json_object_get(json_object_get(result, "optimistic"), "is_read")),
          "with the optimistic insight");
    CHECK(result && json_integer_value(json_object_get(json_object_get(result, "reason"), "code")) == WELLNESS_E_NETWORK,
          "and why");
    json_decref(result);
    result = call_json(wellness_client_get_insight, client, "{\"id\":\"i1\"}", &status);
    CHECK(result && json_is_true(json_object_get(result, "is_read")), "the cache reads as read before any sync");
    json_decref(result);
    json_decref(call_json(wellness_client_delete_insight, client, "{\"id\":\"gone\"}", &status));
    result = call_json(wellness_client_create_goal, client,
                       "{\"title\":\"Walk\",\"goal_type\":\"activity\",\"start_date\":\"2025-01-01\",\"is_recurring\":false}", &status);
    CHECK(result && json_is_true(json_object_get(result, "queued")), "a goal is queued");
    if (result) snprintf(post_key, sizeof post_key, "%s", json_string_value(json_object_get(result, "idempotency_key")));
    json_decref(result);

    result = call_json(wellness_client_update_goal, client, "{\"id\":\"g1\",\"progress\":0.5}", &status);
    CHECK(result && json_is_true(json_object_get(result, "queued")), "goal progress is queued");
    CHECK(result && json_number_value(json_object_get(json_object_get(result, "optimistic"), "current_value")) == 50.0,
          "with the goal as the API will make it (no target: tracked in percent)");
    json_decref(result);
    result = call_json(wellness_client_get_goal, client, "{\"id\":\"g1\"}", &status);
    CHECK(result && json_number_value(json_object_get(result, "current_value")) == 50.0, "and the cached goal shows it");
    json_decref(result);

    result = call_json(wellness_client_pending, client, "{}", &status);
    CHECK(result && json_integer_value(json_object_get(result, "count")) == 4, "four pending");
    item = result ? json_array_get(json_object_get(result, "pending"), 0) : NULL;
    CHECK(item && strcmp(json_string_value(json_object_get(item, "operation")), "update_insight") == 0, "oldest first");
    json_decref(result);
    result = call_json(wellness_client_cancel_pending, client, "{\"pending_id\":999}", &status);
    CHECK(result && json_is_false(json_object_get(result, "cancelled")), "no such write");
    json_decref(result);
    result = call_json(wellness_client_cancel_pending, client, "{\"pending_id\":1,\"x\":1}", &status);
    CHECK(status == WELLNESS_E_VALIDATION && !result, "unknown keys are refused");

    server = start_server(&port, log_path);
    CHECK(server > 0, "the server is back on the same port");
    result = call_json(wellness_client_sync, client, "{}", &status);
    CHECK(result && json_integer_value(json_object_get(result, "delivered")) == 3 &&
              json_integer_value(json_object_get(result, "failed")) == 1 &&
              json_integer_value(json_object_get(result, "remaining")) == 0, "three delivered, one refused");
    item = result ? json_array_get(json_object_get(result, "items"), 1) : NULL;
    CHECK(item && strcmp(json_string_value(json_object_get(item, "result")), "failed") == 0 &&
              json_integer_value(json_object_get(item, "http_status")) == 404, "the 404 is reported in order");
    json_decref(result);
    result = call_json(wellness_client_failed_writes, client, "{}", &status);
    item = result ? json_array_get(json_object_get(result, "failed"), 0) : NULL;
    CHECK(item && strcmp(json_string_value(json_object_get(item, "reason")), "Insight not found") == 0,
          "the refusal is kept with its reason");
    json_decref(result);
    result = call_json(wellness_client_clear_failed, client, "{}", &status);
    CHECK(result && json_integer_value(json_object_get(result, "cleared")) == 1, "and cleared on request");
    json_decref(result);
    stop_server(server);

    CHECK(count_lines(log_path, "PATCH /api/v1/insights/i1 ") == 1, "the change delivered once");
    CHECK(count_lines(log_path, "DELETE /api/v1/insights/gone ") == 1, "the delete tried once");
    CHECK(count_lines(log_path, "POST /api/v1/goals ") == 1, "the goal delivered once");
    CHECK(count_lines(log_path, "PATCH /api/v1/goals/g1 ") == 1, "the progress delivered once");
    log_file = fopen(log_path, "r");
    while (log_file && fgets(line, sizeof line, log_file)) {
        if (strncmp(line, "POST ", 5) == 0) CHECK(strstr(line, post_key) != NULL, "with its queued key: %s", line);
    }
    if (log_file) fclose(log_file);

    wellness_client_free(client);
    snprintf(config, sizeof config, "{\"base_url\":\"http://127.0.0.1:9\",\"api_key\":\"k\",\"store_directory\":\"%s/s\"}",
             directory);
    CHECK(wellness_client_new(config, strlen(config), &plain, NULL) == WELLNESS_OK, "client without offline mode");
    result = call_json(wellness_client_sync, plain, "{}", &status);
    CHECK(status == WELLNESS_E_VALIDATION && !result, "sync needs offline mode");
    wellness_client_free(plain);
    {
        static const char bad_key[] = "{\"base_url\":\"http://127.0.0.1:9\",\"api_key\":\"k\",\"store_key\":\"AQID\"}";
        wellness_buf err = {0};
        json_t *error;
        plain = NULL;
        CHECK(wellness_client_new(bad_key, strlen(bad_key), &plain, &err) == WELLNESS_E_VALIDATION && !plain,
              "a store_key that is not 32 bytes is refused");
        error = json_loadb(err.ptr, err.len, 0, NULL);
        CHECK(error && strcmp(json_string_value(json_object_get(error, "path")), "store_key") == 0, "naming it");
        CHECK(err.ptr && !strstr(err.ptr, "AQID"), "without echoing the key");
        json_decref(error);
        wellness_buf_free(&err);
    }
    return check_summary("offline");
}
