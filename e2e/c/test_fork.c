/* A host may fork() at any time (Python's multiprocessing, gunicorn, Spark's
   worker daemon): children of a process that used the library must be able
   to use it too, including the calls that run work on several threads
   (wellness_client_dashboard, wellness_client_suggested_actions), through a
   client made before the fork and through one made after it.

   The parent uses the library on several threads, then forks CHILDREN
   children; each makes concurrent client calls against a loopback port that
   refuses connections and exits. Every child must finish within the
   deadline: a hang is killed and counted as a failure. */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

#define CHILDREN 50
#define DEADLINE_SECONDS 30

/* A loopback port nobody listens on: bound, then closed, so connecting is refused at once. */
static int refused_port(void) {
    struct sockaddr_in address = {0};
    socklen_t length = sizeof address;
    int fd = socket(AF_INET, SOCK_STREAM, 0), port = 0;
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd >= 0 && bind(fd, (struct sockaddr *)&address, sizeof address) == 0 &&
        getsockname(fd, (struct sockaddr *)&address, &length) == 0)
        port = ntohs(address.sin_port);
    if (fd >= 0) close(fd);
    return port;
}

static wellness_client *new_client(int port, const char *store) {
    char config[512];
    wellness_client *client = NULL;
    snprintf(config, sizeof config,
             "{\"base_url\":\"http://127.0.0.1:%d\",\"api_key\":\"k\",\"max_retries\":0,\"timeout\":5,"
             "\"store_directory\":\"%s\"}", port, store);
    return wellness_client_new(config, strlen(config), &client, NULL) == WELLNESS_OK ? client : NULL;
}

/* The concurrent calls: each fails (nothing listens) with a network error or
   answers with its sections' errors, but must answer. */
static int concurrent_calls(wellness_client *client) {
    wellness_buf out = {0}, err = {0};
    wellness_status dashboard, actions;
    dashboard = wellness_client_dashboard(client, "{\"refresh\":true}", 16, &out, &err);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    actions = wellness_client_suggested_actions(client, "{\"refresh\":true}", 16, &out, &err);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return (dashboard == WELLNESS_OK || dashboard == WELLNESS_E_NETWORK) &&
           (actions == WELLNESS_OK || actions == WELLNESS_E_NETWORK);
}

static int model_call(void) {
    static const char tip[] = "{\"tip\":\"Drink water\",\"priority\":\"high\"}";
    wellness_buf out = {0}, err = {0};
    wellness_status status = wellness_goal_tip_view(tip, sizeof tip - 1, &out, &err);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return status == WELLNESS_OK;
}

static void *parent_thread(void *client) {
    concurrent_calls(client);
    return NULL;
}

/* The inherited analytics handle refuses events (its worker thread stayed in
   the parent) and is released without waiting for that thread. */
static const char EVENT[] = "{\"name\":\"insight_action\",\"parameters\":{\"insight_id\":\"i1\",\"action\":\"viewed\"}}";

static int inherited_analytics_refuses(wellness_analytics *analytics) {
    wellness_buf err = {0};
    wellness_status status = wellness_analytics_emit(analytics, EVENT, sizeof EVENT - 1, &err);
    wellness_buf_free(&err);
    wellness_analytics_free(analytics);
    return status == WELLNESS_E_INVALID_ARGUMENT;
}

static int child(wellness_client *inherited, wellness_analytics *analytics, int port, const char *store) {
    wellness_client *own = new_client(port, store);
    int ok = own && concurrent_calls(own) && concurrent_calls(inherited);
    if (analytics) ok &= inherited_analytics_refuses(analytics);
    wellness_client_free(own);
    return ok ? 0 : 1;
}

/* Forks CHILDREN children and counts those that finished their calls in time. */
static void fork_children(const char *label, wellness_client *client, wellness_analytics *analytics, int port,
                          const char *store) {
    pid_t children[CHILDREN];
    int index, finished = 0, failed = 0;
    time_t start;
    for (index = 0; index < CHILDREN; index++) {
        children[index] = fork();
        if (children[index] == 0) _exit(child(client, analytics, port, store));
        CHECK(children[index] > 0, "%s: fork %d", label, index);
    }
    start = time(NULL);
    while (finished + failed < CHILDREN && time(NULL) - start < DEADLINE_SECONDS) {
        int status;
        pid_t pid = waitpid(-1, &status, WNOHANG);
        if (pid > 0) {
            if (WIFEXITED(status) && WEXITSTATUS(status) == 0) finished++;
            else failed++;
        } else {
            struct timespec pause = {0, 10 * 1000 * 1000};
            nanosleep(&pause, NULL);
        }
    }
    for (index = 0; index < CHILDREN; index++)
        if (children[index] > 0 && kill(children[index], SIGKILL) == 0) waitpid(children[index], NULL, 0);
    CHECK(finished == CHILDREN, "%s: %d of %d children finished their calls (%d failed, %d hung for %d s)", label,
          finished, CHILDREN, failed, CHILDREN - finished - failed, DEADLINE_SECONDS);
}

int main(void) {
    char store[] = "/tmp/wellness-fork-XXXXXX", command[64];
    pthread_t threads[4];
    int port = refused_port(), index;
    wellness_client *client;
    wellness_analytics *analytics = NULL;
    CHECK(port > 0 && mkdtemp(store) != NULL, "a refused loopback port and a store directory");
    client = new_client(port, store);
    CHECK(client != NULL, "wellness_client_new");
    if (!client) return check_summary("test_fork");

    /* The parent has used the library, but not yet the calls that start
       threads: the children are the first to run its lazy initialisation on
       several threads at once (they hung in the Swift runtime before). */
    CHECK(model_call(), "a model call in the parent");
    fork_children("after a model call", client, NULL, port, store);

    /* The parent has used the client on several threads (its connections
       pooled, its local store open) and has an analytics handle. */
    CHECK(wellness_analytics_new("{}", 2, NULL, NULL, &analytics, NULL) == WELLNESS_OK, "wellness_analytics_new");
    for (index = 0; index < 4; index++) pthread_create(&threads[index], NULL, parent_thread, client);
    for (index = 0; index < 4; index++) pthread_join(threads[index], NULL);
    fork_children("after concurrent client calls", client, analytics, port, store);

    /* The parent's handles still work after its children used their copies. */
    CHECK(concurrent_calls(client), "the parent's calls after the forks");
    CHECK(wellness_analytics_emit(analytics, EVENT, sizeof EVENT - 1, NULL) == WELLNESS_OK,
          "the parent's analytics after the forks");
    wellness_analytics_free(analytics);
    wellness_client_free(client);
    snprintf(command, sizeof command, "rm -rf '%s'", store);
    CHECK(system(command) == 0, "%s removed", command);
    return check_summary("test_fork");
}
