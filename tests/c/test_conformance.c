/* nst's JSONTestSuite through every JSON entry point: each n_ file is
   WELLNESS_E_INVALID_JSON, no y_ file is, and nothing crashes. */
#include <dirent.h>
#include <stdlib.h>

#include "check.h"

static char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    long size;
    char *bytes;
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    size = ftell(file);
    fseek(file, 0, SEEK_SET);
    bytes = malloc(size > 0 ? (size_t)size : 1);
    if (bytes && fread(bytes, 1, (size_t)size, file) != (size_t)size) {
        free(bytes);
        bytes = NULL;
    }
    fclose(file);
    *length = (size_t)size;
    return bytes;
}

int main(int argc, char **argv) {
    const char *directory = argc > 1 ? argv[1] : "../shared/conformance/JSONTestSuite/test_parsing";
    DIR *listing = opendir(directory);
    struct dirent *item;
    int files = 0;
    if (!listing) {
        printf("SKIPPED: JSONTestSuite not found at %s\n", directory);
        return 0;
    }
    while ((item = readdir(listing)) != NULL) {
        char path[4096];
        size_t length, index;
        char *bytes;
        int must_reject = strncmp(item->d_name, "n_", 2) == 0, must_accept = strncmp(item->d_name, "y_", 2) == 0;
        if (!strstr(item->d_name, ".json")) continue;
        snprintf(path, sizeof path, "%s/%s", directory, item->d_name);
        bytes = read_file(path, &length);
        CHECK(bytes != NULL, "read %s", path);
        if (!bytes) continue;
        files++;
        for (index = 0; index < ENTRY_POINT_COUNT; index++) {
            wellness_buf out = {0}, err = {0};
            wellness_status status = call_entry(&ENTRY_POINTS[index], bytes, length, &out, &err);
            if (must_reject) CHECK(status == WELLNESS_E_INVALID_JSON, "%s accepted %s", ENTRY_POINTS[index].name, item->d_name);
            if (must_accept) CHECK(status != WELLNESS_E_INVALID_JSON, "%s rejected %s", ENTRY_POINTS[index].name, item->d_name);
            wellness_buf_free(&out);
            wellness_buf_free(&err);
        }
        free(bytes);
    }
    closedir(listing);
    CHECK(files > 300, "found %d files", files);
    printf("%d files x %d entry points\n", files, (int)ENTRY_POINT_COUNT);
    return check_summary("test_conformance");
}
