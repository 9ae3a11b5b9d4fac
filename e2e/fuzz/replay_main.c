/* Replays fuzz inputs through the harness (e2e/fuzz/fuzz_entry_points.c)
   without libFuzzer: against the release library in `make test` (ctest
   fuzz_replay), and under valgrind and ASan in `make sanitize`.

     fuzz_replay [--in-process] [--verbose] FILE_OR_DIRECTORY...

   Each input runs in a child process (so that a trap or an abort in one is
   counted and the rest still run) unless --in-process is given; then the
   first failure ends the run, which suits valgrind's whole-process leak
   check. Directories are read in name order, not recursively; dot files are
   skipped; --verbose names each input. Prints "fuzz replay: N passed, M failed" and exits 1 when any
   failed. FUZZ_REPLAY_TIMEOUT (seconds, default 60) bounds each child. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int passed, failed, in_process, verbose;

/* The file's bytes (malloc'd, exactly its size) or NULL. */
static uint8_t *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    uint8_t *bytes = NULL;
    long length;
    if (!file) return NULL;
    if (fseek(file, 0, SEEK_END) == 0 && (length = ftell(file)) >= 0 && fseek(file, 0, SEEK_SET) == 0) {
        bytes = malloc(length ? (size_t)length : 1);
        if (bytes && fread(bytes, 1, (size_t)length, file) != (size_t)length) {
            free(bytes);
            bytes = NULL;
        }
        *size = (size_t)length;
    }
    fclose(file);
    return bytes;
}

static void run_input(const uint8_t *bytes, size_t size) {
    /* The harness takes a buffer of exactly `size` bytes, as libFuzzer gives. */
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) abort();
    if (size) memcpy(copy, bytes, size);
    LLVMFuzzerTestOneInput(copy, size);
    free(copy);
}

static void replay(const char *path) {
    size_t size = 0;
    uint8_t *bytes = read_file(path, &size);
    pid_t child;
    int status;
    if (!bytes) {
        fprintf(stderr, "fuzz replay: cannot read %s: %s\n", path, strerror(errno));
        failed++;
        return;
    }
    if (verbose) fprintf(stderr, "replay %s (%zu bytes)\n", path, size);
    if (in_process) {
        run_input(bytes, size);
        passed++;
        free(bytes);
        return;
    }
    fflush(NULL);
    child = fork();
    if (child < 0) {
        perror("fork");
        exit(2);
    }
    if (child == 0) {
        const char *timeout = getenv("FUZZ_REPLAY_TIMEOUT");
        alarm(timeout ? (unsigned)atoi(timeout) : 60u);
        run_input(bytes, size);
        free(bytes);
        exit(0);
    }
    free(bytes);
    while (waitpid(child, &status, 0) < 0)
        if (errno != EINTR) {
            perror("waitpid");
            exit(2);
        }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        passed++;
    } else {
        failed++;
        if (WIFSIGNALED(status))
            fprintf(stderr, "FAILED %s: killed by signal %d (%s)\n", path, WTERMSIG(status),
                    WTERMSIG(status) == SIGILL || WTERMSIG(status) == SIGTRAP ? "a Swift runtime trap"
                    : WTERMSIG(status) == SIGABRT                          ? "abort: a broken ABI promise or a sanitizer report"
                    : WTERMSIG(status) == SIGALRM                          ? "timed out"
                                                                           : "crash");
        else
            fprintf(stderr, "FAILED %s: exit status %d\n", path, WEXITSTATUS(status));
    }
}

static int visible(const struct dirent *entry) {
    return entry->d_name[0] != '.';
}

static void replay_path(const char *path) {
    struct stat info;
    struct dirent **entries;
    int count, index;
    if (stat(path, &info) != 0) {
        fprintf(stderr, "fuzz replay: %s: %s\n", path, strerror(errno));
        failed++;
        return;
    }
    if (!S_ISDIR(info.st_mode)) {
        replay(path);
        return;
    }
    count = scandir(path, &entries, visible, alphasort);
    if (count < 0) {
        fprintf(stderr, "fuzz replay: %s: %s\n", path, strerror(errno));
        failed++;
        return;
    }
    for (index = 0; index < count; index++) {
        size_t length = strlen(path) + strlen(entries[index]->d_name) + 2;
        char *file = malloc(length);
        if (!file) abort();
        snprintf(file, length, "%s/%s", path, entries[index]->d_name);
        if (stat(file, &info) == 0 && S_ISREG(info.st_mode)) replay(file);
        free(file);
        free(entries[index]);
    }
    free(entries);
}

int main(int argc, char **argv) {
    int index, paths = 0;
    for (index = 1; index < argc; index++) {
        if (strcmp(argv[index], "--in-process") == 0) {
            in_process = 1;
        } else if (strcmp(argv[index], "--verbose") == 0) {
            verbose = 1;
        } else {
            replay_path(argv[index]);
            paths++;
        }
    }
    if (!paths) {
        fprintf(stderr, "usage: %s [--in-process] [--verbose] FILE_OR_DIRECTORY...\n", argv[0]);
        return 2;
    }
    printf("fuzz replay: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
