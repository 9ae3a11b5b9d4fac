/* nst's JSONTestSuite through every JSON entry point: each n_ file is
   WELLNESS_E_INVALID_JSON, no y_ file is (a validation error is fine: the
   JSON does not fit the model), i_ files may go either way; nothing crashes.

   Usage: test_conformance JSONTestSuite/test_parsing */
#include <dirent.h>

#include "check.h"

static char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    long size;
    char *bytes = NULL;
    if (!file) return NULL;
    if (fseek(file, 0, SEEK_END) == 0 && (size = ftell(file)) >= 0 && fseek(file, 0, SEEK_SET) == 0) {
        bytes = malloc((size_t)size + 1);
        if (bytes && fread(bytes, 1, (size_t)size, file) != (size_t)size) {
            free(bytes);
            bytes = NULL;
        }
        *length = (size_t)size;
    }
    fclose(file);
    return bytes;
}

int main(int argc, char **argv) {
    const char *directory = argc > 1 ? argv[1] : "../shared/conformance/JSONTestSuite/test_parsing";
    DIR *listing = opendir(directory);
    struct dirent *item;
    int rejected = 0, accepted = 0, implementation_defined = 0, i_rejected = 0;
    if (!listing) {
        printf("SKIPPED: JSONTestSuite not found at %s\n", directory);
        return 0;
    }
    while ((item = readdir(listing)) != NULL) {
        char path[4096];
        size_t length = 0, index;
        char *bytes;
        char kind = item->d_name[0];
        int any_invalid = 0;
        if (item->d_name[1] != '_' || !strstr(item->d_name, ".json")) continue;
        snprintf(path, sizeof path, "%s/%s", directory, item->d_name);
        bytes = read_file(path, &length);
        CHECK(bytes != NULL, "read %s", path);
        if (!bytes) continue;
        for (index = 0; index < ENTRY_POINT_COUNT; index++) {
            const entry_point *entry = &ENTRY_POINTS[index];
            wellness_buf out = {0}, err = {0};
            wellness_status status = call_entry(entry, bytes, length, &out, &err);
            if (kind == 'n')
                CHECK(status == WELLNESS_E_INVALID_JSON, "%s: %s gave %s, expected WELLNESS_E_INVALID_JSON",
                      item->d_name, entry->name, wellness_strerror(status));
            if (kind == 'y')
                CHECK(status != WELLNESS_E_INVALID_JSON, "%s: %s rejected valid JSON: %s", item->d_name, entry->name,
                      err.ptr ? err.ptr : "");
            CHECK(status == WELLNESS_OK || status == WELLNESS_E_INVALID_JSON || status == WELLNESS_E_VALIDATION,
                  "%s: %s gave %s", item->d_name, entry->name, wellness_strerror(status));
            if (status != WELLNESS_OK) json_decref(check_error(item->d_name, status, &out, &err));
            any_invalid |= status == WELLNESS_E_INVALID_JSON;
            wellness_buf_free(&out);
            wellness_buf_free(&err);
        }
        if (kind == 'n') rejected++;
        if (kind == 'y') accepted++;
        if (kind == 'i') {
            implementation_defined++;
            i_rejected += any_invalid;
        }
        free(bytes);
    }
    closedir(listing);
    CHECK(rejected + accepted + implementation_defined > 300, "found %d files in %s",
          rejected + accepted + implementation_defined, directory);
    printf("%d y_ files (must parse), %d n_ files (must be WELLNESS_E_INVALID_JSON), %d i_ files (%d rejected) "
           "x %d entry points\n", accepted, rejected, implementation_defined, i_rejected, (int)ENTRY_POINT_COUNT);
    return check_summary("test_conformance");
}
