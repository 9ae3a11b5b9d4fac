/* nst's JSONTestSuite through every JSON entry point: each n_ file is
   WELLNESS_E_INVALID_JSON, no y_ file is (a validation error is fine: the
   JSON does not fit the model), i_ files may go either way; nothing crashes.

   Usage: test_conformance JSONTestSuite/test_parsing */
#include <dirent.h>

#include "check.h"

/* ctest's SKIP_RETURN_CODE for this test. */
#define SKIPPED 77

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

/* A literal runs into what follows: never a value, in any entry point, and
   not in the series fast path of any kind either. */
static const char *const JUNCTIONS[] = {"truefalse", "nulltrue", "falsenull", "true1", "1true", "truex", "nullnull"};
#define JUNCTION_COUNT (sizeof JUNCTIONS / sizeof JUNCTIONS[0])

static void literal_junctions(void) {
    static const char *const kinds[] = {"numeric", "boolean", "snapshot"};
    size_t junction, index, kind;
    for (junction = 0; junction < JUNCTION_COUNT; junction++) {
        char documents[3][128];
        snprintf(documents[0], sizeof documents[0], "%s", JUNCTIONS[junction]);
        snprintf(documents[1], sizeof documents[1], "[%s]", JUNCTIONS[junction]);
        snprintf(documents[2], sizeof documents[2], "{\"a\": %s}", JUNCTIONS[junction]);
        for (index = 0; index < ENTRY_POINT_COUNT; index++) {
            size_t document;
            for (document = 0; document < 3; document++) {
                wellness_buf out = {0}, err = {0};
                wellness_status status = call_entry(&ENTRY_POINTS[index], documents[document],
                                                    strlen(documents[document]), &out, &err);
                CHECK(status == WELLNESS_E_INVALID_JSON, "%s: %s gave %s, expected WELLNESS_E_INVALID_JSON",
                      documents[document], ENTRY_POINTS[index].name, wellness_strerror(status));
                wellness_buf_free(&out);
                wellness_buf_free(&err);
            }
        }
        for (kind = 0; kind < 3; kind++) {
            char options[64], samples[128];
            wellness_buf out = {0}, err = {0};
            wellness_status status;
            snprintf(options, sizeof options, "{\"kind\": \"%s\"}", kinds[kind]);
            snprintf(samples, sizeof samples, "[{\"timestamp\": 0, \"value\": %s}]", JUNCTIONS[junction]);
            status = wellness_series_aggregate(options, strlen(options), samples, strlen(samples), &out, &err);
            CHECK(status == WELLNESS_E_INVALID_JSON, "series_aggregate %s %s gave %s", options, samples,
                  wellness_strerror(status));
            wellness_buf_free(&out);
            wellness_buf_free(&err);
            status = wellness_series_chart(options, strlen(options), samples, strlen(samples), &out, &err);
            CHECK(status == WELLNESS_E_INVALID_JSON, "series_chart %s %s gave %s", options, samples,
                  wellness_strerror(status));
            wellness_buf_free(&out);
            wellness_buf_free(&err);
        }
    }
}

int main(int argc, char **argv) {
    const char *directory = argc > 1 ? argv[1] : "../shared/conformance/JSONTestSuite/test_parsing";
    DIR *listing = opendir(directory);
    struct dirent *item;
    int rejected = 0, accepted = 0, implementation_defined = 0, i_rejected = 0;
    literal_junctions();
    if (!listing) {
        const char *strict = getenv("WELLNESS_TEST_STRICT");
        CHECK(!(strict && strcmp(strict, "1") == 0), "JSONTestSuite not found at %s (WELLNESS_TEST_STRICT=1)",
              directory);
        if (check_failures) return check_summary("test_conformance");
        printf("SKIPPED: JSONTestSuite not found at %s\n", directory);
        return SKIPPED;
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
