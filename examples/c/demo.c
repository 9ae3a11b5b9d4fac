/*
 * The C half of `make demo`: the seeds' models and rules through libwellness,
 * every result parsed with Jansson and checked.
 *
 * Usage: demo DATA_DIR [OUTPUT_DIR]   (charts are written to OUTPUT_DIR, default ".")
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wellness.h"

typedef wellness_status (*json_call)(const char *, size_t, wellness_buf *, wellness_buf *);
typedef wellness_status (*two_document_call)(const char *, size_t, const char *, size_t, wellness_buf *,
                                             wellness_buf *);

static const char *data_dir;
static int failures;

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "CHECK FAILED: %s\n", what);
        failures++;
    }
}

/* The whole file, NUL-terminated; exits on failure. The caller frees it. */
static char *read_file(const char *name, size_t *length) {
    char path[1024];
    FILE *file;
    long size;
    char *text;
    snprintf(path, sizeof path, "%s/%s", data_dir, name);
    file = fopen(path, "rb");
    if (!file || fseek(file, 0, SEEK_END) != 0 || (size = ftell(file)) < 0 || fseek(file, 0, SEEK_SET) != 0) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(2);
    }
    text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, file) != (size_t)size) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(2);
    }
    fclose(file);
    text[size] = '\0';
    *length = (size_t)size;
    return text;
}

/* Parses a library result with Jansson; a result that is not JSON is a failure. */
static json_t *parse(const wellness_buf *buf) {
    json_error_t error;
    json_t *value = json_loadb(buf->ptr, buf->len, 0, &error);
    check(value != NULL, "library output parses as JSON");
    return value;
}

/* The parsed result of a finished call, or NULL after printing its error;
   releases both buffers. */
static json_t *finish(wellness_status status, wellness_buf *out, wellness_buf *err) {
    json_t *result = NULL;
    if (status == WELLNESS_OK) {
        result = parse(out);
    } else {
        fprintf(stderr, "%s: %s\n", wellness_strerror(status), err->ptr);
        check(0, "call succeeds");
    }
    wellness_buf_free(out);
    wellness_buf_free(err);
    return result;
}

static json_t *call(json_call function, const char *json, size_t length) {
    wellness_buf out = {0}, err = {0};
    wellness_status status = function(json, length, &out, &err);
    return finish(status, &out, &err);
}

static json_t *call_file(json_call function, const char *file) {
    size_t length;
    char *text = read_file(file, &length);
    json_t *result = call(function, text, length);
    free(text);
    return result;
}

/* Serialises `value` and calls `function` on it. */
static json_t *call_value(json_call function, json_t *value) {
    char *text = json_dumps(value, JSON_COMPACT);
    json_t *result = call(function, text, strlen(text));
    free(text);
    return result;
}

static json_t *call_two(two_document_call function, const char *options, const char *file) {
    size_t length;
    char *text = read_file(file, &length);
    wellness_buf out = {0}, err = {0};
    wellness_status status = function(options, strlen(options), text, length, &out, &err);
    free(text);
    return finish(status, &out, &err);
}

static const char *text_of(json_t *object, const char *key) {
    const char *text = json_string_value(json_object_get(object, key));
    return text ? text : "(null)";
}

static void show_insights(void) {
    json_t *view = call_file(wellness_insight_view, "insight.json");
    json_t *steps, *step, *cards, *card;
    size_t index;
    if (!view) return;
    printf("%s (%s, %s): %s\n", text_of(view, "type_display_name"), text_of(view, "icon"),
           text_of(view, "icon_color"), text_of(view, "title"));
    check(strcmp(text_of(view, "type_display_name"), "Weekly Summary") == 0, "weekly display name");
    steps = json_object_get(view, "action_steps");
    json_array_foreach(steps, index, step) {
        printf("  %lld. %s\n", json_integer_value(json_object_get(step, "number")), text_of(step, "text"));
    }
    cards = json_object_get(view, "metric_cards");
    json_array_foreach(cards, index, card) {
        printf("  %s %s", text_of(card, "title"), text_of(card, "value"));
    }
    printf("\n  offers 'Create Goal': %s\n", json_is_true(json_object_get(view, "has_actionable_goals")) ? "yes" : "no");
    json_decref(view);
}

static void show_goals(void) {
    json_t *response = call_file(wellness_goal_suggestions_response_normalize, "goal_suggestions_response.json");
    json_t *suggestions, *suggestion, *request_input, *request, *tips, *tip;
    size_t index;
    if (!response) return;
    suggestions = json_object_get(json_object_get(response, "data"), "suggestions");
    json_array_foreach(suggestions, index, suggestion) {
        json_t *view = call_value(wellness_goal_suggestion_view, suggestion);
        if (!view) continue;
        printf("%s: %s (%s), %s, %s\n", text_of(view, "title"), text_of(view, "difficulty_label"),
               text_of(view, "difficulty_color"), text_of(view, "duration_text"), text_of(view, "goal_type_icon"));
        json_decref(view);
    }
    request_input = json_pack("{s:O, s:s, s:s}", "suggestion", json_array_get(suggestions, 0),
                              "now", "2025-03-01T09:00:00-05:00", "time_zone", "America/New_York");
    request = call_value(wellness_create_goal_request_from_suggestion, request_input);
    if (request) {
        printf("  POST /goals: start %s, target %s\n", text_of(request, "start_date"), text_of(request, "target_date"));
        check(strcmp(text_of(request, "target_date"), "2025-05-30T13:00:00Z") == 0, "target keeps wall-clock time");
        json_decref(request);
    }
    json_decref(request_input);
    json_decref(response);

    response = call_file(wellness_goal_tips_response_normalize, "goal_tips_response.json");
    if (!response) return;
    tips = json_object_get(json_object_get(response, "data"), "tips");
    json_array_foreach(tips, index, tip) {
        json_t *view = call_value(wellness_goal_tip_view, tip);
        if (!view) continue;
        printf("  tip [%lld %s] [%s] %s\n", json_integer_value(json_object_get(view, "priority_level")),
               text_of(view, "priority_color"), text_of(view, "category_icon"), text_of(view, "tip"));
        json_decref(view);
    }
    json_decref(response);
}

static void show_trends(void) {
    static const char *periods[] = {"weekly", "monthly", "yearly"};
    json_t *views = call_file(wellness_trends_view, "trends_response.json");
    size_t index;
    if (!views) return;
    for (index = 0; index < 3; index++) {
        json_t *view = json_object_get(views, periods[index]);
        const char *message = json_string_value(json_object_get(view, "message"));
        printf("%-8s %-13s %7s  chart: %s  %s\n", periods[index], text_of(view, "label"),
               text_of(view, "formatted_value"), json_is_true(json_object_get(view, "show_chart")) ? "yes" : "no",
               message ? message : "");
    }
    check(strcmp(text_of(json_object_get(views, "weekly"), "label"), "Rejuvenation") == 0, "weekly label");
    json_decref(views);
}

static void write_chart(const char *output_dir, const char *interval) {
    char options[160], path[1024];
    json_t *chart;
    FILE *file;
    snprintf(options, sizeof options, "{\"interval\":\"%s\",\"time_zone\":\"America/New_York\"}", interval);
    chart = call_two(wellness_series_chart, options, "steps_samples.json");
    if (!chart) return;
    snprintf(path, sizeof path, "%s/steps_%s_c.svg", output_dir, interval);
    file = fopen(path, "w");
    check(file != NULL, "chart file opens");
    if (file) {
        fputs(text_of(chart, "svg"), file);
        fclose(file);
        printf("  wrote %s (%s)\n", path, text_of(json_object_get(chart, "spec"), "accessibility_label"));
    }
    json_decref(chart);
}

static void show_series(const char *output_dir) {
    json_t *report = call_two(wellness_series_aggregate, "{\"time_zone\":\"America/New_York\",\"interval\":\"month\"}",
                              "steps_samples.json");
    json_t *bucket;
    size_t index;
    if (!report) return;
    printf("steps by month (automatic interval would be %s):\n", text_of(report, "automatic_interval"));
    json_array_foreach(json_object_get(report, "buckets"), index, bucket) {
        printf("  %-9s avg %7.1f  min %5.0f  max %5.0f  samples %lld\n", text_of(bucket, "label"),
               json_number_value(json_object_get(bucket, "average")), json_number_value(json_object_get(bucket, "min")),
               json_number_value(json_object_get(bucket, "max")), json_integer_value(json_object_get(bucket, "count")));
    }
    json_decref(report);
    write_chart(output_dir, "week");
    write_chart(output_dir, "month");
}

static void show_error(void) {
    const char *bad = "{\"title\":\"Walk\",\"description\":\"\",\"goal_type\":\"activity\",\"rationale\":\"\","
                      "\"difficulty\":9}";
    wellness_buf out = {0}, err = {0};
    wellness_status status = wellness_goal_suggestion_normalize(bad, strlen(bad), &out, &err);
    json_t *error = parse(&err);
    check(status == WELLNESS_E_VALIDATION && out.ptr == NULL, "difficulty 9 is a validation error");
    if (error) {
        printf("%s (%d): path=%s message=%s\n", text_of(error, "name"), status, text_of(error, "path"),
               text_of(error, "message"));
        check(strcmp(text_of(error, "path"), "difficulty") == 0, "error names the field");
        json_decref(error);
    }
    wellness_buf_free(&err);
}

int main(int argc, char **argv) {
    const char *output_dir = argc > 2 ? argv[2] : ".";
    if (argc < 2) {
        fprintf(stderr, "usage: %s DATA_DIR [OUTPUT_DIR]\n", argv[0]);
        return 2;
    }
    data_dir = argv[1];
    if (strcmp(wellness_version(), WELLNESS_VERSION) != 0 || wellness_abi_version() != WELLNESS_ABI_VERSION) {
        fprintf(stderr, "header %s (ABI %d) does not match library %s (ABI %d): rebuild\n", WELLNESS_VERSION,
                WELLNESS_ABI_VERSION, wellness_version(), wellness_abi_version());
        return 1;
    }
    printf("libwellness %s (ABI %d)\n\n-- AI insights --\n", wellness_version(), wellness_abi_version());
    show_insights();
    printf("\n-- Goals AI --\n");
    show_goals();
    printf("\n-- Longevity trends --\n");
    show_trends();
    printf("\n-- Time series --\n");
    show_series(output_dir);
    printf("\n-- Errors --\n");
    show_error();
    if (failures) {
        fprintf(stderr, "%d checks failed\n", failures);
        return 1;
    }
    return 0;
}
