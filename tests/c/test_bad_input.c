/* Every JSON entry point against every kind of bad input: a status and a
   well-formed error document, never a crash. */
#include <stdlib.h>

#include "check.h"

typedef struct bad_input {
    const char *label;
    const char *bytes;
    size_t length;
    wellness_status expected; /* 0: any failure, or success where an options document tolerates it */
} bad_input;

#define TEXT(label, text, expected) {label, text, sizeof(text) - 1, expected}

static const bad_input INPUTS[] = {
    {"empty (NULL, 0)", NULL, 0, WELLNESS_E_INVALID_JSON},
    TEXT("empty string", "", WELLNESS_E_INVALID_JSON),
    TEXT("truncated", "{\"title\": \"Wa", WELLNESS_E_INVALID_JSON),
    TEXT("invalid UTF-8", "{\"title\": \"\xc3\x28\"}", WELLNESS_E_INVALID_JSON),
    TEXT("lone surrogate", "{\"title\": \"\\ud800\"}", WELLNESS_E_INVALID_JSON),
    TEXT("NaN", "{\"value\": NaN}", WELLNESS_E_INVALID_JSON),
    TEXT("Infinity", "Infinity", WELLNESS_E_INVALID_JSON),
    TEXT("-Infinity", "[-Infinity]", WELLNESS_E_INVALID_JSON),
    TEXT("trailing comma", "{\"a\": 1,}", WELLNESS_E_INVALID_JSON),
    TEXT("embedded NUL", "{\"a\": 1}\0{}", WELLNESS_E_INVALID_JSON),
    TEXT("array", "[1, 2]", 0),
    TEXT("number", "42", WELLNESS_E_VALIDATION),
    TEXT("string", "\"text\"", WELLNESS_E_VALIDATION),
    TEXT("null", "null", WELLNESS_E_VALIDATION),
    TEXT("wrong field types", "{\"title\": 5, \"difficulty\": \"hard\", \"page\": true}", 0),
    TEXT("huge integers", "{\"difficulty\": 1e30, \"page\": 99999999999999999999}", 0),
    TEXT("fractional integers", "{\"difficulty\": 1.5, \"page\": 2.5}", 0),
};

static char *repeated(const char *open, const char *middle, const char *close, int depth, size_t *length) {
    size_t open_length = strlen(open), close_length = strlen(close), middle_length = strlen(middle);
    char *text = malloc(depth * (open_length + close_length) + middle_length + 1);
    char *cursor = text;
    int level;
    if (!text) exit(2);
    for (level = 0; level < depth; level++, cursor += open_length) memcpy(cursor, open, open_length);
    memcpy(cursor, middle, middle_length);
    cursor += middle_length;
    for (level = 0; level < depth; level++, cursor += close_length) memcpy(cursor, close, close_length);
    *cursor = '\0';
    *length = (size_t)(cursor - text);
    return text;
}

static void expect_failure(const entry_point *entry, const char *label, const char *bytes, size_t length,
                           wellness_status expected) {
    wellness_buf out = {0}, err = {0};
    char name[160];
    wellness_status status = call_entry(entry, bytes, length, &out, &err);
    snprintf(name, sizeof name, "%s / %s", entry->name, label);
    if (status == WELLNESS_OK) {
        CHECK(expected == 0, "%s: expected %s, got success", name, wellness_strerror(expected));
        CHECK(json_loadb(out.ptr, out.len, 0, NULL) != NULL || 0, "%s: success output parses", name);
    } else {
        CHECK(expected == 0 || status == expected, "%s: expected %s, got %s", name, wellness_strerror(expected),
              wellness_strerror(status));
        json_decref(check_error(name, status, &out, &err));
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);
}

int main(void) {
    size_t entry_index, input_index, length;
    char *deep_arrays = repeated("[", "1", "]", 10000, &length);
    size_t deep_objects_length;
    char *deep_objects = repeated("{\"a\":", "1", "}", 10000, &deep_objects_length);
    size_t big_length = 10 * 1024 * 1024;
    char *big = malloc(big_length + 16);
    wellness_buf out = {0}, err = {0};
    if (!big) return 2;
    memcpy(big, "{\"tip\": \"", 9);
    memset(big + 9, 'x', big_length);
    memcpy(big + 9 + big_length, "\"}", 2);

    for (entry_index = 0; entry_index < ENTRY_POINT_COUNT; entry_index++) {
        const entry_point *entry = &ENTRY_POINTS[entry_index];
        for (input_index = 0; input_index < sizeof INPUTS / sizeof INPUTS[0]; input_index++) {
            const bad_input *input = &INPUTS[input_index];
            wellness_status expected = input->expected;
            /* Options documents tolerate unknown keys, and the data documents of
               series calls are arrays: only invalid JSON is certain to fail there. */
            if (entry->two && expected == WELLNESS_E_VALIDATION && entry->data_position == 1) expected = 0;
            expect_failure(entry, input->label, input->bytes, input->length, expected);
        }
        expect_failure(entry, "10,000 nested arrays", deep_arrays, length, WELLNESS_E_INVALID_JSON);
        expect_failure(entry, "10,000 nested objects", deep_objects, deep_objects_length, WELLNESS_E_INVALID_JSON);
        expect_failure(entry, "10 MB string", big, big_length + 11, 0);
        CHECK(call_entry(entry, NULL, 5, &out, &err) == WELLNESS_E_INVALID_ARGUMENT, "%s: NULL with length 5",
              entry->name);
        json_decref(check_error(entry->name, WELLNESS_E_INVALID_ARGUMENT, &out, &err));
        wellness_buf_free(&err);
    }
    free(deep_arrays);
    free(deep_objects);
    free(big);
    return check_summary("test_bad_input");
}
