/*
 * The C half of `make demo`: the seeds' models and presentation rules through
 * libwellness. Every result is parsed with Jansson and checked against what
 * docs/MODELS.md says the sample data must give; any mismatch makes the demo
 * exit non-zero, so it doubles as a test (ctest: c_demo).
 *
 * Usage: demo DATA_DIR [OUTPUT_DIR]   (DATA_DIR: examples/data; the charts are
 *                                      written to OUTPUT_DIR, default ".")
 *
 * The pattern every call follows:
 *
 *     wellness_buf out = {0}, err = {0};
 *     wellness_status status = wellness_goal_tip_view(json, length, &out, &err);
 *     if (status == WELLNESS_OK) use(out.ptr);     NUL-terminated JSON
 *     else report(err.ptr);                        {"code","name","message","path"}
 *     wellness_buf_free(&out);                     both are safe to free
 *     wellness_buf_free(&err);                     whatever happened
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

/* Compares a string field with what the sample data must give (NULL: null). */
static void check_text(json_t *object, const char *key, const char *expected) {
    json_t *value = json_object_get(object, key);
    char what[256];
    int ok = expected ? json_is_string(value) && strcmp(json_string_value(value), expected) == 0 : json_is_null(value);
    snprintf(what, sizeof what, "%s is %s%s%s, got %s", key, expected ? "\"" : "", expected ? expected : "null",
             expected ? "\"" : "", json_is_string(value) ? json_string_value(value) : "something else");
    check(ok, what);
}

static void check_integer(json_t *object, const char *key, json_int_t expected) {
    char what[128];
    snprintf(what, sizeof what, "%s is %lld", key, (long long)expected);
    check(json_is_integer(json_object_get(object, key)) && json_integer_value(json_object_get(object, key)) == expected,
          what);
}

static void check_true(json_t *object, const char *key, int expected) {
    char what[128];
    snprintf(what, sizeof what, "%s is %s", key, expected ? "true" : "false");
    check(json_is_boolean(json_object_get(object, key)) && json_is_true(json_object_get(object, key)) == expected,
          what);
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

/* The parsed result of a finished call, or NULL after printing its error;
   releases both buffers. A result that is not JSON is a failure. */
static json_t *finish(wellness_status status, wellness_buf *out, wellness_buf *err) {
    json_t *result = NULL;
    if (status == WELLNESS_OK) {
        result = json_loadb(out->ptr, out->len, 0, NULL);
        check(result != NULL, "library output parses as JSON");
    } else {
        fprintf(stderr, "%s: %s\n", wellness_strerror(status), err->ptr ? err->ptr : "(no details)");
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

/* Calls `function` on a data file, exactly as read. */
static json_t *call_file(json_call function, const char *file) {
    size_t length;
    char *text = read_file(file, &length);
    json_t *result = call(function, text, length);
    free(text);
    return result;
}

/* Serialises a Jansson value and calls `function` on it. */
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
    return text ? text : "-";
}

/* The value at a path like "data.insights[0].read_at", or NULL. */
static json_t *lookup(json_t *value, const char *path) {
    char key[128];
    while (value && *path) {
        size_t length = strcspn(path, ".[");
        if (length > 0) {
            snprintf(key, sizeof key, "%.*s", (int)length, path);
            value = json_object_get(value, key);
            path += length;
        } else if (*path == '[') {
            char *end;
            value = json_array_get(value, strtoul(path + 1, &end, 10));
            path = *end == ']' ? end + 1 : "";
        }
        if (*path == '.') path++;
    }
    return value;
}

/* Each data file through its model call; one field shown before and after. */
static void show_models(void) {
    static const struct {
        const char *file;
        json_call normalize;
        const char *call_name, *path, *expected; /* expected: the field's JSON after normalisation */
    } models[] = {
        {"insight.json", wellness_insight_normalize, "insight_normalize", "generated_at", "\"2025-01-13T02:00:00.25Z\""},
        {"insight.json", wellness_insight_normalize, "insight_normalize", "data_context.date_range.end_date",
         "\"2025-01-13T04:59:59.999Z\""},
        {"insights_list_response.json", wellness_insights_list_response_normalize, "insights_list_response_normalize",
         "data.insights[0].read_at", "\"2025-01-15T06:12:09.5Z\""},
        {"insights_list_response.json", wellness_insights_list_response_normalize, "insights_list_response_normalize",
         "data.insights[1].summary", "null"},
        {"goal_suggestions_response.json", wellness_goal_suggestions_response_normalize,
         "goal_suggestions_response_normalize", "data.suggestions[2].target_value", "null"},
        {"goal_tips_response.json", wellness_goal_tips_response_normalize, "goal_tips_response_normalize",
         "data.tips[4].priority", "null"},
        {"trends_response.json", wellness_trends_response_normalize, "trends_response_normalize",
         "yearly.points[0].date", "\"2025-01-15\""},
        {"consultation.json", wellness_consultation_normalize, "consultation_normalize", "persona",
         "\"wellness_specialist\""},
        {"goal.json", wellness_goal_normalize, "goal_normalize", "target_date", "\"2025-04-13T13:00:00Z\""},
    };
    size_t index;
    for (index = 0; index < sizeof models / sizeof models[0]; index++) {
        size_t length;
        char *text = read_file(models[index].file, &length);
        json_t *input = json_loadb(text, length, 0, NULL);
        json_t *output = call(models[index].normalize, text, length);
        char *before = NULL, *after = NULL, what[256];
        if (input && lookup(input, models[index].path))
            before = json_dumps(lookup(input, models[index].path), JSON_ENCODE_ANY);
        if (output && lookup(output, models[index].path))
            after = json_dumps(lookup(output, models[index].path), JSON_ENCODE_ANY);
        printf("%-31s %-36s %s -> %s\n", models[index].file, models[index].path, before ? before : "(absent)",
               after ? after : "(absent)");
        snprintf(what, sizeof what, "%s: %s is %s", models[index].call_name, models[index].path,
                 models[index].expected);
        check(after && strcmp(after, models[index].expected) == 0, what);
        free(before);
        free(after);
        json_decref(input);
        json_decref(output);
        free(text);
    }
}

static void show_insight(void) {
    static const char *cards[][2] = {{"Workouts", "4"}, {"Steps", "58210"}, {"Calories", "2143"}, {"Sleep", "7.6h"}};
    json_t *view = call_file(wellness_insight_view, "insight.json");
    json_t *step, *card;
    size_t index;
    if (!view) return;
    printf("%s (%s, %s): %s\n", text_of(view, "type_display_name"), text_of(view, "icon"),
           text_of(view, "icon_color"), text_of(view, "title"));
    json_array_foreach(json_object_get(view, "action_steps"), index, step) {
        printf("  %lld. %s\n", (long long)json_integer_value(json_object_get(step, "number")), text_of(step, "text"));
    }
    json_array_foreach(json_object_get(view, "metric_cards"), index, card) {
        printf("  [%s] %s %s", text_of(card, "icon"), text_of(card, "title"), text_of(card, "value"));
        if (index < 4) {
            check_text(card, "title", cards[index][0]);
            check_text(card, "value", cards[index][1]);
        }
    }
    printf("\n  achievements: %d, offers 'Create Goal': %s\n", (int)json_array_size(json_object_get(view, "achievements")),
           json_is_true(json_object_get(view, "has_actionable_goals")) ? "yes" : "no");
    check_text(view, "type_display_name", "Weekly Summary");
    check_text(view, "icon", "calendar");
    check_text(view, "icon_color", "blue");
    check_true(view, "is_unread", 1);
    check(json_array_size(json_object_get(view, "action_steps")) == 3, "three action steps");
    check(json_array_size(json_object_get(view, "metric_cards")) == 4, "four metric cards");
    check(json_array_size(json_object_get(view, "achievements")) == 2, "two achievements");
    check_true(view, "has_actionable_goals", 1); /* "Set a goal of 8,000 steps on rest days" */
    json_decref(view);
}

static void show_goals(void) {
    static const struct { const char *label, *colour, *duration, *icon, *target; } expected[] = {
        {"Moderate", "orange", "3 months", "figure.run", "10000 steps"},
        {"Very Easy", "green", "2 weeks", "fork.knife", "2 litres"},
        {"Easy", "green", "5 days", "heart.fill", NULL},
        {"Very Challenging", "red", "Ongoing", "scalemass", "3 kg"},
    };
    json_t *response = call_file(wellness_goal_suggestions_response_normalize, "goal_suggestions_response.json");
    json_t *suggestions, *suggestion, *request_input, *request;
    size_t index;
    if (!response) return;
    suggestions = lookup(response, "data.suggestions");
    check(json_array_size(suggestions) == 4, "four suggestions");
    json_array_foreach(suggestions, index, suggestion) {
        json_t *view = call_value(wellness_goal_suggestion_view, suggestion);
        if (!view) continue;
        printf("%-24s difficulty %lld %-16s %-6s  %-8s  %-10s  target: %s\n", text_of(view, "title"),
               (long long)json_integer_value(json_object_get(view, "difficulty")), text_of(view, "difficulty_label"),
               text_of(view, "difficulty_color"), text_of(view, "duration_text"), text_of(view, "goal_type_icon"),
               text_of(view, "target_text"));
        if (index < 4) {
            check_text(view, "difficulty_label", expected[index].label);
            check_text(view, "difficulty_color", expected[index].colour);
            check_text(view, "duration_text", expected[index].duration);
            check_text(view, "goal_type_icon", expected[index].icon);
            check_text(view, "target_text", expected[index].target);
        }
        json_decref(view);
    }

    /* Accepting the first suggestion (90 days) at a fixed "now": the target
       keeps 09:00 New York time although DST starts in between. */
    request_input = json_pack("{s:O, s:s, s:s}", "suggestion", json_array_get(suggestions, 0), "now",
                              "2025-03-01T09:00:00-05:00", "time_zone", "America/New_York");
    request = call_value(wellness_create_goal_request_from_suggestion, request_input);
    if (request) {
        char *body = json_dumps(request, JSON_COMPACT);
        printf("  POST /goals %s\n", body);
        free(body);
        check_text(request, "start_date", "2025-03-01T14:00:00Z");
        check_text(request, "target_date", "2025-05-30T13:00:00Z");
        check_true(request, "is_recurring", 0);
        json_decref(request);
    }
    json_decref(request_input);
    json_decref(response);
}

static void show_tips(void) {
    static const struct { int level; const char *label, *colour, *category, *icon; } expected[] = {
        {3, "High", "red", "Exercise", "figure.run"},
        {2, "Medium", "orange", "Habit", "repeat"},
        {1, "Low", "green", "Habit", "repeat"},
        {2, "Medium", "orange", "Sleep", "bed.double.fill"},
        {2, NULL, "orange", "Mindset", "brain.head.profile"},  /* no priority: medium's level and colour */
        {2, NULL, "orange", "Social", "lightbulb.fill"},       /* a category the app has no icon for */
    };
    json_t *response = call_file(wellness_goal_tips_response_normalize, "goal_tips_response.json");
    json_t *tip;
    size_t index;
    if (!response) return;
    printf("Tips for \"%s\":\n", text_of(json_object_get(response, "data"), "goal_title"));
    check(json_array_size(lookup(response, "data.tips")) == 6, "six tips");
    json_array_foreach(lookup(response, "data.tips"), index, tip) {
        json_t *view = call_value(wellness_goal_tip_view, tip);
        if (!view) continue;
        printf("  priority %lld %-6s %-6s  %-8s %-18s  %s\n",
               (long long)json_integer_value(json_object_get(view, "priority_level")), text_of(view, "priority_label"),
               text_of(view, "priority_color"), text_of(view, "category_label"), text_of(view, "category_icon"),
               text_of(view, "tip"));
        if (index < 6) {
            check_integer(view, "priority_level", expected[index].level);
            check_text(view, "priority_label", expected[index].label);
            check_text(view, "priority_color", expected[index].colour);
            check_text(view, "category_label", expected[index].category);
            check_text(view, "category_icon", expected[index].icon);
        }
        json_decref(view);
    }
    json_decref(response);
}

static void show_trends(void) {
    static const struct { const char *period, *label, *value, *message; int chart; } expected[] = {
        {"weekly", "Rejuvenation", "-0.32y", NULL, 1},
        {"monthly", "No data", "\xe2\x80\x94", /* an em dash */
         "Not enough data for a monthly trend yet. Keep logging your daily check-ins.", 0},
        {"yearly", "Projected", "-4.20y",
         "Not enough data for a yearly trend yet. Showing a projected yearly trend based on recent check-ins.", 1},
    };
    json_t *views = call_file(wellness_trends_view, "trends_response.json");
    size_t index;
    if (!views) return;
    for (index = 0; index < 3; index++) {
        json_t *view = json_object_get(views, expected[index].period);
        printf("%-8s %-13s %7s  chart: %-3s  %s\n", expected[index].period, text_of(view, "label"),
               text_of(view, "formatted_value"), json_is_true(json_object_get(view, "show_chart")) ? "yes" : "no",
               json_is_string(json_object_get(view, "message")) ? text_of(view, "message") : "");
        check_text(view, "label", expected[index].label);
        check_text(view, "formatted_value", expected[index].value);
        check_text(view, "message", expected[index].message);
        check_true(view, "show_chart", expected[index].chart);
    }
    json_decref(views);
}

static void write_chart(const char *output_dir, const char *interval) {
    char options[160], path[1024];
    json_t *chart;
    FILE *file;
    snprintf(options, sizeof options, "{\"interval\":\"%s\",\"time_zone\":\"America/New_York\"}", interval);
    chart = call_two(wellness_series_chart, options, "steps_samples.json");
    if (!chart) return;
    check(strncmp(text_of(chart, "svg"), "<svg", 4) == 0, "the chart is an SVG");
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
    check(json_array_size(json_object_get(report, "buckets")) > 0, "monthly buckets");
    json_array_foreach(json_object_get(report, "buckets"), index, bucket) {
        printf("  %-9s avg %7.1f  min %5.0f  max %5.0f  samples %lld\n", text_of(bucket, "label"),
               json_number_value(json_object_get(bucket, "average")), json_number_value(json_object_get(bucket, "min")),
               json_number_value(json_object_get(bucket, "max")),
               (long long)json_integer_value(json_object_get(bucket, "count")));
    }
    json_decref(report);
    write_chart(output_dir, "week");
    write_chart(output_dir, "month");
}

/* A deliberate mistake: the second insight of the list gets a type the API
   does not have. The error names the exact field. */
static void show_error(void) {
    size_t length;
    char *text = read_file("insights_list_response.json", &length), *bad;
    json_t *response = json_loadb(text, length, 0, NULL), *error;
    wellness_buf out = {0}, err = {0};
    wellness_status status;
    free(text);
    json_object_set_new(lookup(response, "data.insights[1]"), "insight_type", json_string("monthly"));
    bad = json_dumps(response, JSON_COMPACT);
    status = wellness_insights_list_response_normalize(bad, strlen(bad), &out, &err);
    printf("status %d (%s)\n  err: %s\n", status, wellness_strerror(status), err.ptr ? err.ptr : "(none)");
    error = err.ptr ? json_loadb(err.ptr, err.len, 0, NULL) : NULL;
    check(status == WELLNESS_E_VALIDATION && out.ptr == NULL, "a validation error, and no output");
    check(error != NULL, "the error document parses");
    if (error) {
        printf("  code %lld, name %s\n  message: %s\n  path: %s\n", (long long)json_integer_value(json_object_get(error, "code")),
               text_of(error, "name"), text_of(error, "message"), text_of(error, "path"));
        check_integer(error, "code", WELLNESS_E_VALIDATION);
        check_text(error, "name", wellness_strerror(status));
        check_text(error, "path", "data.insights[1].insight_type");
        check(json_string_length(json_object_get(error, "message")) > 0, "the message says what is wrong");
        json_decref(error);
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    free(bad);
    json_decref(response);
}

int main(int argc, char **argv) {
    const char *output_dir = argc > 2 ? argv[2] : ".";
    if (argc < 2) {
        fprintf(stderr, "usage: %s DATA_DIR [OUTPUT_DIR]\n", argv[0]);
        return 2;
    }
    data_dir = argv[1];
    /* A program built against one header must not run with another library. */
    if (strcmp(wellness_version(), WELLNESS_VERSION) != 0 || wellness_abi_version() != WELLNESS_ABI_VERSION) {
        fprintf(stderr, "header %s (ABI %d) does not match library %s (ABI %d): rebuild\n", WELLNESS_VERSION,
                WELLNESS_ABI_VERSION, wellness_version(), wellness_abi_version());
        return 1;
    }
    printf("libwellness %s (ABI %d)\n", wellness_version(), wellness_abi_version());
    printf("\n-- Models: each sample normalised (timestamps in UTC, absent keys null, points by date) --\n");
    show_models();
    printf("\n-- AI insights --\n");
    show_insight();
    printf("\n-- Goals AI --\n");
    show_goals();
    show_tips();
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
    printf("\nall checks passed\n");
    return 0;
}
