/* A JSON-aware custom mutator for the libFuzzer build of the harness (not
   part of the replay): byte-level mutations seldom turn a valid document
   into another valid one with an extreme number, so a third of the
   mutations edit the JSON payload instead:
     - replace a number with a boundary value (1e308, 5e-324, 2^53 + 1,
       epoch seconds of years 1 and 9999, ...);
     - replace a string with a boundary string (dates, offsets, zones);
     - duplicate an object in an array (same-day samples, equal values).
   The rest go to libFuzzer's own mutators (LLVMFuzzerMutate), dictionary
   included. The first byte (the selector) is left alone; binary column
   records are mutated byte-wise only. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_selectors.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

static const char *const NUMBERS[] = {
    "0", "-0", "1", "-1", "0.5", "-0.5", "1e16", "-1e16", "1e15", "9007199254740993", "1e308", "-1e308",
    "1.7976931348623157e308", "-1.7976931348623157e308", "5e-324", "2.2250738585072014e-308", "1e-300",
    "4294967296", "2147483648", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "-62135596800", "-62135596801", "253402300799", "253402300800", "1700000000", "1700000000000", "86400",
    "100000", "100001", "120", "119", "159", "160", "4096", "4097", "512", "3600.5", "1e3", "0.1", "123456789.123456789",
};

static const char *const STRINGS[] = {
    "", "0001-01-01", "9999-12-31", "2024-02-29", "2025-02-29", "2025-13-01", "0000-01-01",
    "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z", "9999-12-31T23:59:59-23:59",
    "0001-01-01T00:00:00+23:59", "2025-03-09T02:30:00-05:00", "2025-01-15T10:30:00.1234567890123Z",
    "1970-01-01T00:00:00Z", "2025-01-15T24:00:00Z", "2025-01-15T23:59:60Z", "America/St_Johns",
    "Australia/Lord_Howe", "Pacific/Chatham", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kathmandu",
    "America/Caracas", "Etc/GMT+12", "Etc/GMT-14", "UTC", "GMT", "EST5EDT", "../../../../etc/passwd",
    "auto", "day", "week", "month", "quarter", "half", "year", "numeric", "boolean", "snapshot", "daily_means",
    "ms", "s", "monday", "sunday", "weekly", "monthly", "yearly",
};

static uint32_t next_random(uint32_t *state) {
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    return *state;
}

/* Replaces data[start, end) with `text`; returns the new size, or 0 when it would not fit. */
static size_t splice(uint8_t *data, size_t size, size_t max_size, size_t start, size_t end, const char *text,
                     size_t length) {
    if (size - (end - start) + length > max_size) return 0;
    memmove(data + start + length, data + end, size - end);
    memcpy(data + start, text, length);
    return size - (end - start) + length;
}

/* Numbers (kind 0) or strings (kind 1) from `from` on, in both documents of
   a two-document input (the scan does not mind the separator). */
typedef struct token {
    size_t start, end;
} token;

static size_t find_tokens(const uint8_t *data, size_t size, size_t from, int kind, token *found, size_t capacity) {
    size_t index = from, count = 0;
    while (index < size) {
        uint8_t byte = data[index];
        if (byte == '"') {
            size_t start = index++;
            while (index < size && data[index] != '"') index += data[index] == '\\' ? 2 : 1;
            if (index >= size) break;
            index++;
            if (kind == 1 && count < capacity) found[count++] = (token){start, index};
        } else if (byte == '-' || (byte >= '0' && byte <= '9')) {
            size_t start = index;
            while (index < size && (data[index] == '-' || data[index] == '+' || data[index] == '.' ||
                                    data[index] == 'e' || data[index] == 'E' || (data[index] >= '0' && data[index] <= '9')))
                index++;
            if (kind == 0 && count < capacity) found[count++] = (token){start, index};
        } else {
            index++;
        }
    }
    return count;
}

/* The end of the object starting at data[start] ('{'), or 0. */
static size_t object_end(const uint8_t *data, size_t size, size_t start) {
    size_t index = start, depth = 0;
    while (index < size) {
        uint8_t byte = data[index];
        if (byte == '"') {
            index++;
            while (index < size && data[index] != '"') index += data[index] == '\\' ? 2 : 1;
        } else if (byte == '{') {
            depth++;
        } else if (byte == '}') {
            if (--depth == 0) return index + 1;
        } else if (byte == '\0') {
            return 0;
        }
        index++;
    }
    return 0;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
    uint32_t state = seed * 2654435761u + 1u;
    token tokens[512];
    size_t count, result = 0;
    uint32_t choice = next_random(&state) % 9;
    int columns = size > 0 && data[0] % FUZZ_SELECTOR_COUNT == FUZZ_SERIES_AGGREGATE_COLUMNS;
    size_t json_end = size;
    if (columns) {
        const uint8_t *separator = memchr(data, FUZZ_SEPARATOR, size);
        json_end = separator ? (size_t)(separator - data) : 1;
    }
    if (size > 1 && choice < 3) {
        int kind = choice < 2 ? 0 : 1;
        count = find_tokens(data, json_end, 1, kind, tokens, sizeof tokens / sizeof tokens[0]);
        if (count) {
            token chosen = tokens[next_random(&state) % count];
            if (kind == 0) {
                const char *text = NUMBERS[next_random(&state) % (sizeof NUMBERS / sizeof NUMBERS[0])];
                result = splice(data, size, max_size, chosen.start, chosen.end, text, strlen(text));
            } else {
                const char *text = STRINGS[next_random(&state) % (sizeof STRINGS / sizeof STRINGS[0])];
                result = splice(data, size, max_size, chosen.start + 1, chosen.end - 1, text, strlen(text));
            }
        }
    } else if (size > 1 && choice == 3) {
        /* Duplicate an object that is an array element: "[{..}" or ",{..}". */
        size_t starts[512], found = 0, index;
        for (index = 1; index + 1 < json_end && found < 512; index++)
            if ((data[index] == '[' || data[index] == ',') && data[index + 1] == '{') starts[found++] = index + 1;
        if (found) {
            size_t start = starts[next_random(&state) % found], end = object_end(data, json_end, start);
            if (end && size + (end - start) + 1 <= max_size) {
                memmove(data + end + 1 + (end - start), data + end, size - end);
                data[end] = ',';
                memmove(data + end + 1, data + start, end - start);
                result = size + (end - start) + 1;
            }
        }
    }
    return result ? result : LLVMFuzzerMutate(data, size, max_size);
}
