/* Loading libwellness leaves the host's signal dispositions and alternate
   signal stack exactly as they were, even when the host's environment asks
   the Swift runtime for its crash backtracer (SWIFT_BACKTRACE, SWIFT_ROOT).
   Also prints the time from dlopen to the first call's answer. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wellness.h"

static int failures;
static int checks;

typedef struct host_state {
    struct sigaction actions[NSIG];
    int valid[NSIG];
    stack_t alternate_stack;
} host_state;

static void record(host_state *state) {
    int signal_number;
    memset(state, 0, sizeof *state);
    for (signal_number = 1; signal_number < NSIG; signal_number++) {
        state->valid[signal_number] = sigaction(signal_number, NULL, &state->actions[signal_number]) == 0;
    }
    sigaltstack(NULL, &state->alternate_stack);
}

static void compare(const host_state *before, const host_state *after, const char *moment) {
    int signal_number;
    for (signal_number = 1; signal_number < NSIG; signal_number++) {
        const struct sigaction *a = &before->actions[signal_number], *b = &after->actions[signal_number];
        checks++;
        if (before->valid[signal_number] != after->valid[signal_number] || a->sa_handler != b->sa_handler ||
            a->sa_flags != b->sa_flags) {
            failures++;
            fprintf(stderr, "%s: disposition of signal %d (%s) changed\n", moment, signal_number,
                    strsignal(signal_number));
        }
    }
    checks++;
    if (before->alternate_stack.ss_sp != after->alternate_stack.ss_sp ||
        before->alternate_stack.ss_flags != after->alternate_stack.ss_flags ||
        before->alternate_stack.ss_size != after->alternate_stack.ss_size) {
        failures++;
        fprintf(stderr, "%s: the alternate signal stack changed\n", moment);
    }
}

static double seconds_since(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

int main(int argc, char **argv) {
    host_state before, after_load, after_call;
    struct timespec start;
    double load_ms;
    void *library;
    const char *(*version)(void);
    wellness_status (*trend_view)(const char *, size_t, wellness_buf *, wellness_buf *);
    void (*buf_free)(wellness_buf *);
    wellness_buf out = {0};
    const char *input = "{\"period\":\"weekly\",\"bucket\":{\"value\":-0.32,\"available\":true}}";
    if (argc != 2) {
        fprintf(stderr, "usage: %s path/to/libwellness.so\n", argv[0]);
        return 2;
    }
    /* What a host might have set for its own Swift code: it must not reach us. */
    setenv("SWIFT_BACKTRACE", "enable=yes", 1);
    setenv("SWIFT_ROOT", "/opt/swift/usr", 1);
    record(&before);
    clock_gettime(CLOCK_MONOTONIC, &start);
    library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 1;
    }
    *(void **)&version = dlsym(library, "wellness_version");
    *(void **)&trend_view = dlsym(library, "wellness_trend_view");
    *(void **)&buf_free = dlsym(library, "wellness_buf_free");
    if (!version || !trend_view || !buf_free) {
        fprintf(stderr, "dlsym: %s\n", dlerror());
        return 1;
    }
    load_ms = seconds_since(&start) * 1e3;
    record(&after_load);
    checks++;
    if (trend_view(input, strlen(input), &out, NULL) != WELLNESS_OK || !strstr(out.ptr, "Rejuvenation")) {
        failures++;
        fprintf(stderr, "first call failed\n");
    }
    printf("dlopen: %.2f ms, dlopen to first answer: %.2f ms (library %s)\n", load_ms, seconds_since(&start) * 1e3,
           version());
    buf_free(&out);
    record(&after_call);
    compare(&before, &after_load, "after dlopen");
    compare(&before, &after_call, "after the first call");
    printf("host_signals: %d passed, %d failed\n", checks - failures, failures);
    return failures ? 1 : 0;
}
