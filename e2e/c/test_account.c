#define _POSIX_C_SOURCE 200809L
/* The account calls through the real library: wellness_client_export_account,
   wellness_client_erase_account and wellness_client_erase_local_data. Without
   a server: a closed port is WELLNESS_E_NETWORK and leaves no file, bad
   parameters and a client outside offline mode are WELLNESS_E_VALIDATION.
   Given wellness-server's path (argv[1]), against it with an offline client:
   the export is a whole JSON document ending with "complete": true, mode
   0600; a key that is not the account's is WELLNESS_E_FORBIDDEN and erases
   nothing; the account's key erases it and the client's cached answers, after
   which the credentials are WELLNESS_E_UNAUTHORIZED. Every result and error is
   parsed with Jansson. */
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "real_server.h"

static void against_real_server(const char *binary) {
    char data[] = "/tmp/wellness-account-XXXXXX", base_url[128], api_key[256], config[1024], input[1024];
    char path[512];
    wellness_client *client = NULL;
    json_t *result = NULL, *document;
    struct stat status_of_file;
    pid_t server;
    if (!mkdtemp(data)) return;
    server = start_real_server(binary, data, base_url, sizeof base_url, api_key, sizeof api_key);
    CHECK(server > 0 && base_url[0] && api_key[0], "wellness-server started");
    snprintf(config, sizeof config,
             "{\"base_url\":\"%s\",\"api_key\":\"%s\",\"offline\":true,\"cache_directory\":false,"
             "\"store_directory\":\"%s/store\"}",
             base_url, api_key, data);
    CHECK(wellness_client_new(config, strlen(config), &client, NULL) == WELLNESS_OK, "real: offline client");

    CHECK(client_call(wellness_client_list_goals, client, "{}", &result, NULL, 0) == WELLNESS_OK, "real: a read, cached");
    json_decref(result);

    snprintf(path, sizeof path, "%s/export.json", data);
    snprintf(input, sizeof input, "{\"path\":\"%s\"}", path);
    CHECK(client_call(wellness_client_export_account, client, input, &result, NULL, 0) == WELLNESS_OK, "real: export");
    document = json_load_file(path, 0, NULL);
    CHECK(document && json_is_true(json_object_get(document, "complete")) &&
              json_array_size(json_object_get(document, "checkins")) >= 365,
          "real: the export is a whole document with the demo user's check-ins");
    CHECK(stat(path, &status_of_file) == 0 && (status_of_file.st_mode & 0777) == 0600 &&
              json_integer_value(json_object_get(result, "bytes")) == (json_int_t)status_of_file.st_size,
          "real: mode 0600, and \"bytes\" is its size");
    json_decref(document);
    json_decref(result);

    CHECK(client_call(wellness_client_erase_account, client, "{\"api_key\":\"not-the-key\"}", &result, NULL, 0) ==
              WELLNESS_E_FORBIDDEN,
          "real: another key: WELLNESS_E_FORBIDDEN");
    CHECK(client_call(wellness_client_list_goals, client, "{}", &result, NULL, 0) == WELLNESS_OK, "real: nothing was erased");
    json_decref(result);

    snprintf(input, sizeof input, "{\"api_key\":\"%s\"}", api_key);
    CHECK(client_call(wellness_client_erase_account, client, input, &result, NULL, 0) == WELLNESS_OK, "real: erase");
    CHECK(result && json_is_true(json_object_get(result, "erased")) &&
              json_integer_value(json_object_get(json_object_get(result, "local"), "cached")) >= 1,
          "real: the cached answers went with the account");
    json_decref(result);
    CHECK(client_call(wellness_client_list_goals, client, "{}", &result, NULL, 0) == WELLNESS_E_UNAUTHORIZED,
          "real: the credentials are refused afterwards");
    CHECK(client_call(wellness_client_erase_local_data, client, "{}", &result, NULL, 0) == WELLNESS_OK &&
              json_integer_value(json_object_get(result, "cached")) == 0,
          "real: nothing of the user is left in the local store");
    json_decref(result);

    wellness_client_free(client);
    kill(server, SIGTERM);
    waitpid(server, NULL, 0);
}

int main(int argc, char **argv) {
    static const char config[] = "{\"base_url\":\"http://127.0.0.1:9\",\"api_key\":\"k\",\"max_retries\":0,"
                                 "\"store_directory\":false,\"cache_directory\":false}";
    char path[] = "/tmp/wellness-account-none-XXXXXX", input[256];
    wellness_client *down = NULL;
    json_t *result;
    CHECK(wellness_client_new(config, strlen(config), &down, NULL) == WELLNESS_OK, "client of a server that is down");
    CHECK(mkdtemp(path) != NULL, "a directory");
    snprintf(input, sizeof input, "{\"path\":\"%s/export.json\"}", path);
    CHECK(client_call(wellness_client_export_account, down, input, &result, NULL, 0) == WELLNESS_E_NETWORK, "down: export: NETWORK");
    snprintf(input, sizeof input, "%s/export.json", path);
    CHECK(access(input, F_OK) != 0, "down: no file left behind");
    CHECK(client_call(wellness_client_export_account, down, "{\"path\":\"\"}", &result, NULL, 0) == WELLNESS_E_VALIDATION,
          "an empty path: VALIDATION");
    CHECK(client_call(wellness_client_erase_account, down, "{}", &result, NULL, 0) == WELLNESS_E_VALIDATION,
          "no api_key: VALIDATION");
    CHECK(client_call(wellness_client_erase_local_data, down, "{}", &result, NULL, 0) == WELLNESS_E_VALIDATION,
          "not in offline mode: VALIDATION");
    wellness_client_free(down);
    rmdir(path);

    if (argc > 1 && access(argv[1], X_OK) == 0) against_real_server(argv[1]);
    else printf("test_account: no wellness-server given (argv[1]); without a server only\n");
    return check_summary("test_account");
}
