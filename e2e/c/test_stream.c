#define _POSIX_C_SOURCE 200809L
/* wellness_client_send_message_stream through the real library, against a
   scripted event-stream server on loopback (a forked child): events reach the
   callback in order, on the calling thread; the result is the done event's
   data, validated, and the deltas since the last reset make its reply; a
   callback returning non-zero stops the transfer (WELLNESS_E_CANCELLED, and
   the server sees the client hang up); a 404 before the stream fails before
   any event; an error event, a truncated stream and a server that is down
   give their statuses. Given wellness-server's path (argv[1]), the same
   against it: deltas make the stored reply, the result equals what
   wellness_client_list_messages returns, a stopped stream is still stored
   whole. Every result and error is parsed with Jansson. */
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "real_server.h"

#define MESSAGE(id, role, content)                                                                     \
    "{\"id\":\"" id "\",\"consultation_id\":\"c1\",\"role\":\"" role "\",\"content\":\"" content "\"," \
    "\"created_at\":\"2025-01-01T00:00:00Z\"}"
#define DONE(reply)                                                                                     \
    "event: done\ndata: {\"messages\":[" MESSAGE("m1", "user", "How did I sleep?") "," MESSAGE(          \
        "m2", "assistant", reply) "],\"count\":2}\n\n"
#define DELTA(text) "event: delta\ndata: {\"text\":\"" text "\"}\n\n"

static const char stream_head[] = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
                                  "Cache-Control: no-store\r\nConnection: close\r\n\r\n";
static const char not_found[] = "HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 74\r\n"
                                "Connection: close\r\n\r\n"
                                "{\"success\":false,\"error\":{\"code\":\"NOT_FOUND\",\"message\":\"No consultation\"}}";

static int put(int connection, const char *text) {
    return send(connection, text, strlen(text), MSG_NOSIGNAL) == (ssize_t)strlen(text);
}

static void pause_ms(long milliseconds) {
    struct timespec wait = {milliseconds / 1000, (milliseconds % 1000) * 1000000L};
    nanosleep(&wait, NULL);
}

/* Answers POST /api/v1/consultations/<scenario>/messages, one request per
   connection, until killed; writes "cut" to `report` when a client hung up
   before the end of a slow stream. */
static void serve(int listener, int report) {
    for (;;) {
        char request[8192], target[256] = "";
        size_t used = 0;
        ssize_t got;
        int connection = accept(listener, NULL, NULL), index;
        if (connection < 0) continue;
        while (used < sizeof request - 1 && (got = read(connection, request + used, sizeof request - 1 - used)) > 0) {
            const char *end;
            used += (size_t)got;
            request[used] = '\0';
            if ((end = strstr(request, "\r\n\r\n"))) {
                const char *length = strstr(request, "Content-Length: ");
                if (!length || used >= (size_t)(end - request) + 4 + (size_t)atoi(length + 16)) break;
            }
        }
        request[used] = '\0';
        sscanf(request, "%*s %255s", target);
        if (strstr(target, "/missing/")) {
            put(connection, not_found);
        } else if (strstr(target, "/ok/")) {
            put(connection, stream_head);
            put(connection, ": keep-alive\n\n" DELTA("Hel") "event: reset\ndata: {\"reason\":\"grounding\"}\n\n");
            pause_ms(20);
            put(connection, DELTA("Hi ") "event: del");
            pause_ms(20);
            put(connection, "ta\r\ndata: {\"text\":\"there\"}\r\n\r\n" DONE("Hi there"));
        } else if (strstr(target, "/error/")) {
            put(connection, stream_head);
            put(connection, DELTA("Hel") "event: error\ndata: {\"code\":\"STORAGE_FAILED\",\"message\":\"disk\"}\n\n");
        } else if (strstr(target, "/truncated/")) {
            put(connection, stream_head);
            put(connection, DELTA("Hel"));
        } else if (strstr(target, "/slow/")) {
            int cut = 0;
            put(connection, stream_head);
            for (index = 0; index < 40 && !cut; index++) {
                cut = !put(connection, DELTA("word "));
                pause_ms(50);
            }
            if (cut || !put(connection, DONE("word"))) {
                if (write(report, "cut\n", 4) < 0) {}
            }
        }
        close(connection);
    }
}

static pid_t start_server(int *port, int report) {
    struct sockaddr_in address;
    socklen_t size = sizeof address;
    int listener = socket(AF_INET, SOCK_STREAM, 0), yes = 1;
    pid_t child;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 16) != 0 ||
        getsockname(listener, (struct sockaddr *)&address, &size) != 0) {
        return -1;
    }
    *port = ntohs(address.sin_port);
    child = fork();
    if (child == 0) {
        serve(listener, report);
        _exit(0);
    }
    close(listener);
    return child;
}

/* What the callback saw. */
typedef struct seen {
    int events, resets, stop_after;
    int bad_data, other_thread;
    pthread_t caller;
    char reply[16384];
    char kinds[64];
} seen;

static int on_event(void *user_data, const char *event, const char *data_json, size_t len) {
    seen *record = user_data;
    json_t *data = json_loadb(data_json, len, 0, NULL);
    record->events++;
    if (!pthread_equal(pthread_self(), record->caller)) record->other_thread++;
    if (data_json[len] != '\0' || !json_is_object(data)) record->bad_data++;
    if (strcmp(event, "delta") == 0 && json_is_string(json_object_get(data, "text"))) {
        strncat(record->reply, json_string_value(json_object_get(data, "text")),
                sizeof record->reply - strlen(record->reply) - 1);
        strncat(record->kinds, "d", sizeof record->kinds - strlen(record->kinds) - 1);
    } else if (strcmp(event, "reset") == 0 && json_is_string(json_object_get(data, "reason"))) {
        record->reply[0] = '\0';
        record->resets++;
        strncat(record->kinds, "r", sizeof record->kinds - strlen(record->kinds) - 1);
    } else {
        record->bad_data++;
    }
    json_decref(data);
    return record->stop_after > 0 && record->events >= record->stop_after;
}

/* Runs the call for `scenario`; returns the parsed result (NULL on failure,
   whose error document is then checked and its message copied). */
static json_t *stream(wellness_client *client, const char *scenario, seen *record, wellness_status *status,
                      char *message, size_t message_size) {
    char input[256];
    wellness_buf out = {0}, err = {0};
    json_t *result = NULL;
    record->caller = pthread_self();
    snprintf(input, sizeof input, "{\"consultation_id\":\"%s\",\"content\":\"How did I sleep?\"}", scenario);
    *status = wellness_client_send_message_stream(client, input, strlen(input), on_event, record, &out, &err);
    if (*status == WELLNESS_OK) {
        result = json_loadb(out.ptr, out.len, 0, NULL);
        CHECK(result && !err.ptr, "%s: a JSON result and no error", scenario);
    } else {
        json_t *error = json_loadb(err.ptr, err.len, 0, NULL);
        CHECK(!out.ptr && json_is_object(error), "%s: no result, an error document", scenario);
        CHECK(json_integer_value(json_object_get(error, "code")) == *status &&
                  strcmp(json_string_value(json_object_get(error, "name")), wellness_strerror(*status)) == 0,
              "%s: the error's code and name are the status's", scenario);
        snprintf(message, message_size, "%s", json_string_value(json_object_get(error, "message")));
        json_decref(error);
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return result;
}


/* A client call's parsed result, NULL on failure. */
static json_t *call(wellness_status (*function)(wellness_client *, const char *, size_t, wellness_buf *, wellness_buf *),
                    wellness_client *client, const char *input) {
    wellness_buf out = {0}, err = {0};
    json_t *result = NULL;
    if (function(client, input, strlen(input), &out, &err) == WELLNESS_OK) result = json_loadb(out.ptr, out.len, 0, NULL);
    else fprintf(stderr, "call failed: %.*s\n", (int)err.len, err.ptr ? err.ptr : "");
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return result;
}

static void against_real_server(const char *binary) {
    char data[] = "/tmp/wellness-stream-XXXXXX", base_url[128], api_key[256], config[512], id[128], input[256];
    char message[512] = "";
    wellness_client *client = NULL;
    wellness_status status;
    json_t *consultation, *result, *listed;
    seen record;
    pid_t server;
    int tries;
    if (!mkdtemp(data)) return;
    server = start_real_server(binary, data, base_url, sizeof base_url, api_key, sizeof api_key);
    CHECK(server > 0 && base_url[0] && api_key[0], "wellness-server started");
    snprintf(config, sizeof config,
             "{\"base_url\":\"%s\",\"api_key\":\"%s\",\"cache_directory\":false,\"store_directory\":false}",
             base_url, api_key);
    CHECK(wellness_client_new(config, strlen(config), &client, NULL) == WELLNESS_OK, "real: client");
    consultation = call(wellness_client_create_consultation, client,
                        "{\"persona\":\"general_wellness\",\"title\":\"Streamed from C\"}");
    snprintf(id, sizeof id, "%s", consultation ? json_string_value(json_object_get(consultation, "id")) : "none");
    json_decref(consultation);

    memset(&record, 0, sizeof record);
    result = stream(client, id, &record, &status, message, sizeof message);
    CHECK(status == WELLNESS_OK && record.events > 1 && record.bad_data == 0 && record.other_thread == 0,
          "real: several events on the calling thread, then WELLNESS_OK (%d events, status %d: %s)", record.events,
          status, message);
    CHECK(result && strcmp(json_string_value(json_object_get(json_array_get(json_object_get(result, "messages"), 1),
                                                              "content")),
                           record.reply) == 0,
          "real: the deltas since the last reset are the stored reply");
    snprintf(input, sizeof input, "{\"consultation_id\":\"%s\"}", id);
    listed = call(wellness_client_list_messages, client, input);
    CHECK(listed && result && json_equal(json_object_get(listed, "messages"), json_object_get(result, "messages")),
          "real: the result is what wellness_client_list_messages returns afterwards");
    json_decref(listed);
    json_decref(result);

    memset(&record, 0, sizeof record);
    record.stop_after = 1;
    result = stream(client, id, &record, &status, message, sizeof message);
    CHECK(status == WELLNESS_E_CANCELLED && record.events == 1 && !result, "real: stopped: WELLNESS_E_CANCELLED (%d)",
          status);
    for (tries = 0, listed = NULL; tries < 100; tries++) {
        json_decref(listed);
        listed = call(wellness_client_list_messages, client, input);
        if (json_integer_value(json_object_get(listed, "count")) == 4) break;
        pause_ms(100);
    }
    CHECK(json_integer_value(json_object_get(listed, "count")) == 4 &&
              json_string_length(json_object_get(json_array_get(json_object_get(listed, "messages"), 3), "content")) >
                  strlen(record.reply),
          "real: a stopped stream's message and whole reply are stored");
    json_decref(listed);

    memset(&record, 0, sizeof record);
    result = stream(client, "no-such-consultation", &record, &status, message, sizeof message);
    CHECK(status == WELLNESS_E_NOT_FOUND && record.events == 0, "real: unknown consultation: NOT_FOUND, no event (%d)",
          status);

    wellness_client_free(client);
    kill(server, SIGTERM);
    waitpid(server, NULL, 0);
}

int main(int argc, char **argv) {
    int port = 0, pipe_ends[2];
    char config[512], message[512] = "", report[16] = "";
    wellness_client *client = NULL, *down = NULL;
    wellness_status status;
    pid_t server;
    json_t *result;
    seen record;

    CHECK(pipe(pipe_ends) == 0, "a pipe for the server's report");
    server = start_server(&port, pipe_ends[1]);
    close(pipe_ends[1]);
    CHECK(server > 0, "loopback server");
    snprintf(config, sizeof config,
             "{\"base_url\":\"http://127.0.0.1:%d\",\"api_key\":\"k\",\"ai_timeout\":5,\"max_retries\":0,"
             "\"cache_directory\":false,\"store_directory\":false}",
             port);
    CHECK(wellness_client_new(config, strlen(config), &client, NULL) == WELLNESS_OK, "client");

    /* Events in order on this thread; the result is the done data; its reply is the deltas since the reset. */
    memset(&record, 0, sizeof record);
    result = stream(client, "ok", &record, &status, message, sizeof message);
    CHECK(status == WELLNESS_OK, "ok: WELLNESS_OK (%s)", message);
    CHECK(strcmp(record.kinds, "drdd") == 0, "ok: delta, reset, delta, delta (got %s)", record.kinds);
    CHECK(record.other_thread == 0 && record.bad_data == 0, "ok: on the calling thread, NUL-terminated JSON objects");
    CHECK(json_integer_value(json_object_get(result, "count")) == 2, "ok: count 2");
    CHECK(strcmp(json_string_value(json_object_get(json_array_get(json_object_get(result, "messages"), 1), "content")),
                 record.reply) == 0 && strcmp(record.reply, "Hi there") == 0,
          "ok: the reply is the deltas since the reset (%s)", record.reply);
    CHECK(json_is_null(json_object_get(json_array_get(json_object_get(result, "messages"), 1), "proposals")) ||
              json_object_get(json_array_get(json_object_get(result, "messages"), 1), "proposals") == NULL,
          "ok: the messages are validated and normalised as send_message's");
    json_decref(result);

    /* A callback returning non-zero stops the transfer; the server sees the client hang up. */
    memset(&record, 0, sizeof record);
    record.stop_after = 1;
    result = stream(client, "slow", &record, &status, message, sizeof message);
    CHECK(status == WELLNESS_E_CANCELLED && !result, "slow: WELLNESS_E_CANCELLED (got %d)", status);
    CHECK(record.events == 1, "slow: no event after the callback asked to stop (%d)", record.events);
    CHECK(strstr(message, "stored by the server") != NULL, "slow: the message says the server stores it: %s", message);
    CHECK(read(pipe_ends[0], report, 4) == 4 && strncmp(report, "cut", 3) == 0, "slow: the server saw the hang-up");
    CHECK(strcmp(wellness_strerror(WELLNESS_E_CANCELLED), "WELLNESS_E_CANCELLED") == 0, "the status's name");

    /* A 404 before the stream: NOT_FOUND, and no event. */
    memset(&record, 0, sizeof record);
    result = stream(client, "missing", &record, &status, message, sizeof message);
    CHECK(status == WELLNESS_E_NOT_FOUND && record.events == 0, "missing: NOT_FOUND before any event (%d)", status);

    /* An error event after a delta: WELLNESS_E_HTTP naming the server's code. */
    memset(&record, 0, sizeof record);
    result = stream(client, "error", &record, &status, message, sizeof message);
    CHECK(status == WELLNESS_E_HTTP && record.events == 1 && strstr(message, "STORAGE_FAILED"),
          "error: WELLNESS_E_HTTP with the code after the delta (%d: %s)", status, message);

    /* A stream that ends without done: WELLNESS_E_NETWORK. */
    memset(&record, 0, sizeof record);
    result = stream(client, "truncated", &record, &status, message, sizeof message);
    CHECK(status == WELLNESS_E_NETWORK && record.events == 1 && strstr(message, "truncated"),
          "truncated: WELLNESS_E_NETWORK (%d: %s)", status, message);

    /* Bad input and a NULL callback are refused before any request. */
    {
        wellness_buf out = {0}, err = {0};
        const char bad[] = "{\"consultation_id\":\"ok\",\"content\":\"\"}";
        const char good[] = "{\"consultation_id\":\"ok\",\"content\":\"hi\"}";
        status = wellness_client_send_message_stream(client, bad, strlen(bad), on_event, &record, &out, &err);
        CHECK(status == WELLNESS_E_VALIDATION && err.ptr && strstr(err.ptr, "\"path\":\"content\""),
              "empty content: a validation error naming it");
        wellness_buf_free(&err);
        status = wellness_client_send_message_stream(client, good, strlen(good), NULL, NULL, &out, &err);
        CHECK(status == WELLNESS_E_INVALID_ARGUMENT && !out.ptr, "NULL callback: WELLNESS_E_INVALID_ARGUMENT");
        wellness_buf_free(&err);
    }

    kill(server, SIGKILL);
    waitpid(server, NULL, 0);

    /* The server gone: WELLNESS_E_NETWORK, no event. */
    CHECK(wellness_client_new(config, strlen(config), &down, NULL) == WELLNESS_OK, "client of a server that is down");
    memset(&record, 0, sizeof record);
    result = stream(down, "ok", &record, &status, message, sizeof message);
    CHECK(status == WELLNESS_E_NETWORK && record.events == 0, "server down: WELLNESS_E_NETWORK (%d)", status);

    wellness_client_free(client);
    wellness_client_free(down);
    close(pipe_ends[0]);

    if (argc > 1 && access(argv[1], X_OK) == 0) against_real_server(argv[1]);
    else printf("test_stream: no wellness-server given (argv[1]); the scripted server only\n");
    return check_summary("test_stream");
}
