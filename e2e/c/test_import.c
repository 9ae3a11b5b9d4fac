#define _POSIX_C_SOURCE 200809L
/* The importers through the real library, as a C program uses them: a GPX
   track from memory with a progress callback, an Apple Health export.xml
   from a file, a callback that cancels, a damaged file named in the error,
   and an entity declaration refused. Every result is parsed with Jansson. */
#include <stdio.h>

#include "check.h"

static const char gpx[] =
    "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><type>running</type><trkseg>\n"
    "<trkpt lat=\"48.0\" lon=\"11.0\"><ele>500</ele><time>2024-05-01T16:00:00Z</time></trkpt>\n"
    "<trkpt lat=\"48.0045\" lon=\"11.0\"><ele>510</ele><time>2024-05-01T16:03:00Z</time></trkpt>\n"
    "</trkseg></trk></gpx>\n";

static const char export_xml[] =
    "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n"
    " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Watch\" unit=\"count\""
    " startDate=\"2024-05-01 10:00:00 +0200\" endDate=\"2024-05-01 10:10:00 +0200\" value=\"700\"/>\n"
    "</HealthData>\n";

typedef struct seen {
    size_t calls, done, total;
    int cancel;
} seen;

static int on_progress(void *user_data, size_t done, size_t total) {
    seen *state = user_data;
    state->calls++;
    state->done = done;
    state->total = total;
    return state->cancel;
}

static json_t *parsed(const wellness_buf *buf) {
    json_error_t error;
    json_t *value = json_loadb(buf->ptr, buf->len, JSON_REJECT_DUPLICATES, &error);
    CHECK(value != NULL, "result does not parse: %s", error.text);
    return value;
}

static const char *message_of(const wellness_buf *err) {
    static char text[512];
    json_t *error = err->ptr ? json_loadb(err->ptr, err->len, 0, NULL) : NULL;
    snprintf(text, sizeof text, "%s", json_string_value(json_object_get(error, "message")));
    json_decref(error);
    return text;
}

int main(void) {
    wellness_buf out = {0}, err = {0};
    seen state = {0, 0, 0, 0};
    const char *options = "{\"format\":\"gpx\",\"name\":\"run.gpx\"}";
    wellness_status status =
        wellness_import_bytes(options, strlen(options), gpx, sizeof gpx - 1, on_progress, &state, &out, &err);
    CHECK(status == WELLNESS_OK, "gpx: status %d", status);
    CHECK(state.calls >= 1 && state.done == sizeof gpx - 1 && state.total == sizeof gpx - 1,
          "gpx progress: %zu calls, %zu of %zu", state.calls, state.done, state.total);
    if (status == WELLNESS_OK) {
        json_t *result = parsed(&out);
        json_t *session = json_array_get(json_object_get(result, "sessions"), 0);
        CHECK(json_array_size(json_object_get(result, "sessions")) == 1, "one session");
        CHECK(strcmp(json_string_value(json_object_get(session, "activity")), "Run") == 0, "a run");
        CHECK(json_number_value(json_object_get(session, "duration")) == 3, "3 minutes");
        CHECK(json_number_value(json_object_get(session, "elevation_gain")) == 10, "10 m climbed");
        json_decref(result);
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);

    /* A file, through its path. */
    char path[] = "/tmp/wellness-import-XXXXXX";
    int descriptor = mkstemp(path);
    CHECK(descriptor >= 0, "mkstemp");
    FILE *file = fdopen(descriptor, "w");
    fputs(export_xml, file);
    fclose(file);
    char document[256];
    snprintf(document, sizeof document, "{\"format\":\"apple_health\",\"path\":\"%s\",\"time_zone\":\"UTC\"}", path);
    status = wellness_import_file(document, strlen(document), NULL, NULL, &out, &err);
    CHECK(status == WELLNESS_OK, "export.xml: status %d", status);
    if (status == WELLNESS_OK) {
        json_t *result = parsed(&out);
        json_t *day = json_array_get(json_object_get(result, "daily"), 0);
        CHECK(strcmp(json_string_value(json_object_get(day, "date")), "2024-05-01") == 0, "the day");
        CHECK(json_number_value(json_object_get(day, "steps")) == 700, "700 steps");
        json_decref(result);
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);

    /* A callback that returns non-zero cancels. */
    state.cancel = 1;
    status = wellness_import_file(document, strlen(document), on_progress, &state, &out, &err);
    CHECK(status == WELLNESS_E_CANCELLED && out.ptr == NULL && err.ptr != NULL, "cancel: status %d", status);
    wellness_buf_free(&err);
    remove(path);

    /* A damaged file names itself and its line; an entity declaration is refused. */
    options = "{\"format\":\"apple_health\",\"name\":\"export.xml\"}";
    status = wellness_import_bytes(options, strlen(options), "<HealthData>\n<Record", 20, NULL, NULL, &out, &err);
    CHECK(status == WELLNESS_E_INVALID_ARGUMENT && strncmp(message_of(&err), "export.xml line 2", 17) == 0,
          "damaged: %d %s", status, message_of(&err));
    wellness_buf_free(&err);
    static const char bomb[] = "<!DOCTYPE HealthData [<!ENTITY a \"aaaa\">]><HealthData>&a;</HealthData>";
    status = wellness_import_bytes(options, strlen(options), bomb, sizeof bomb - 1, NULL, NULL, &out, &err);
    CHECK(status == WELLNESS_E_INVALID_ARGUMENT && strstr(message_of(&err), "entity declaration") != NULL,
          "bomb: %d %s", status, message_of(&err));
    wellness_buf_free(&err);

    /* The ABI's rules: NULL data with a length is an argument error, not a read. */
    status = wellness_import_bytes(options, strlen(options), NULL, 5, NULL, NULL, &out, &err);
    CHECK(status == WELLNESS_E_INVALID_ARGUMENT, "NULL data: %d", status);
    wellness_buf_free(&err);
    return check_summary("test_import");
}
