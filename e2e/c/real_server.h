/* Helpers of the C tests that run the real wellness-server (POSIX): start
   it with a demo user on a free port, and call the client against it. */
#ifndef WELLNESS_TEST_REAL_SERVER_H
#define WELLNESS_TEST_REAL_SERVER_H

#include <fcntl.h>
#include <unistd.h>

#include "check.h"

/* Runs wellness-server with a demo user on a free port; fills the base URL and API key from its first lines. */
static inline pid_t start_real_server(const char *binary, const char *data, char *base_url, size_t url_size,
                                      char *api_key, size_t key_size) {
    int ends[2];
    pid_t child;
    FILE *lines;
    char line[512];
    if (pipe(ends) != 0) return -1;
    child = fork();
    if (child == 0) {
        int quiet = open("/dev/null", O_WRONLY);
        dup2(ends[1], STDOUT_FILENO);
        if (quiet >= 0) dup2(quiet, STDERR_FILENO);
        close(ends[0]);
        execl(binary, binary, "--port", "0", "--data", data, "--demo", "--ai-rate-limit", "1000", (char *)NULL);
        _exit(127);
    }
    close(ends[1]);
    lines = fdopen(ends[0], "r");
    base_url[0] = api_key[0] = '\0';
    while (lines && fgets(line, sizeof line, lines)) {
        line[strcspn(line, "\n")] = '\0';
        /* A key or port that does not fit is no key or port: the checks that use them then fail. */
        if (strncmp(line, "api_key ", 8) == 0 && snprintf(api_key, key_size, "%s", line + 8) >= (int)key_size) {
            api_key[0] = '\0';
        }
        if (strncmp(line, "listening ", 10) == 0) {
            const char *colon = strrchr(line, ':');
            if (snprintf(base_url, url_size, "http://127.0.0.1:%s", colon ? colon + 1 : "0") >= (int)url_size) {
                base_url[0] = '\0';
            }
            break;
        }
    }
    /* The pipe stays open (unread) so that the server's later lines never meet a closed stdout. */
    return child;
}

typedef wellness_status (*client_fn)(wellness_client *, const char *, size_t, wellness_buf *, wellness_buf *);

/* A client call's status; its parsed result in `*result` (NULL on failure), the error's path in `path` (when
   not NULL). */
static inline wellness_status client_call(client_fn function, wellness_client *client, const char *input,
                                          json_t **result, char *path, size_t path_size) {
    wellness_buf out = {0}, err = {0};
    wellness_status status = function(client, input, strlen(input), &out, &err);
    *result = NULL;
    if (path) path[0] = '\0';
    if (status == WELLNESS_OK) {
        *result = json_loadb(out.ptr, out.len, 0, NULL);
        CHECK(*result != NULL, "the result is a JSON document");
    } else {
        json_t *error = err.ptr ? json_loadb(err.ptr, err.len, 0, NULL) : NULL;
        CHECK(error != NULL, "the error is a JSON document (%d)", status);
        if (path && json_is_string(json_object_get(error, "path"))) {
            snprintf(path, path_size, "%s", json_string_value(json_object_get(error, "path")));
        }
        json_decref(error);
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return status;
}

#endif
