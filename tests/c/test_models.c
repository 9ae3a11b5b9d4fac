#define _POSIX_C_SOURCE 200809L /* strdup */
/* The rules of docs/MODELS.md from C: normalisation and presentation. */
#include <stdlib.h>

#include "check.h"

/* Calls `function` on `json` and returns the parsed result (NULL on failure). */
static json_t *run(one_document_fn function, const char *json) {
    wellness_buf out = {0}, err = {0};
    json_t *result = NULL;
    wellness_status status = function(json, strlen(json), &out, &err);
    CHECK(status == WELLNESS_OK, "call on %s failed: %s", json, err.ptr ? err.ptr : "");
    if (status == WELLNESS_OK) result = json_loadb(out.ptr, out.len, 0, NULL);
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    return result;
}

/* The path of the validation error `function` gives for `json`. */
static char *error_path(one_document_fn function, const char *json) {
    wellness_buf out = {0}, err = {0};
    char *path = NULL;
    wellness_status status = function(json, strlen(json), &out, &err);
    json_t *error = check_error(json, status, &out, &err);
    CHECK(status == WELLNESS_E_VALIDATION, "expected a validation error for %s", json);
    if (error && json_is_string(json_object_get(error, "path")))
        path = strdup(json_string_value(json_object_get(error, "path")));
    json_decref(error);
    wellness_buf_free(&err);
    return path;
}

static int string_is(json_t *object, const char *key, const char *expected) {
    const char *actual = json_string_value(json_object_get(object, key));
    return actual && strcmp(actual, expected) == 0;
}

static void expect_path(one_document_fn function, const char *json, const char *expected) {
    char *path = error_path(function, json);
    CHECK(path && strcmp(path, expected) == 0, "path %s, expected %s", path ? path : "null", expected);
    free(path);
}

static void test_insight(void) {
    const char *insight = "{\"id\":\"i1\",\"user_id\":\"u1\",\"insight_type\":\"milestone\",\"title\":\"T\","
                          "\"content\":\"C\",\"is_read\":false,\"is_favorite\":true,\"is_archived\":false,"
                          "\"generated_at\":\"2025-01-15T10:30:00.500+02:00\",\"created_at\":\"2025-01-15T10:30:00Z\","
                          "\"updated_at\":\"2025-01-15T10:30:00Z\"}";
    json_t *normalized = run(wellness_insight_normalize, insight);
    json_t *view = run(wellness_insight_view, insight);
    CHECK(string_is(normalized, "generated_at", "2025-01-15T08:30:00.5Z"), "timestamp normalised to UTC");
    CHECK(json_is_null(json_object_get(normalized, "summary")), "absent optional is null");
    CHECK(string_is(view, "type_display_name", "Milestone") && string_is(view, "icon", "star.fill") &&
              string_is(view, "icon_color", "yellow"), "milestone presentation");
    json_decref(normalized);
    json_decref(view);
    expect_path(wellness_insight_normalize, "{\"id\":\"i1\",\"user_id\":\"u1\",\"insight_type\":\"hourly\"}",
                "insight_type");
}

static void test_suggestions(void) {
    static const struct { const char *duration; const char *text; } durations[] = {
        {"null", "Ongoing"}, {"0", "0 days"}, {"1", "1 day"}, {"6", "6 days"}, {"7", "1 week"}, {"13", "1 week"},
        {"14", "2 weeks"}, {"29", "4 weeks"}, {"30", "1 month"}, {"59", "1 month"}, {"60", "2 months"},
    };
    static const char *labels[] = {"Very Easy", "Easy", "Moderate", "Challenging", "Very Challenging"};
    static const char *colours[] = {"green", "green", "orange", "red", "red"};
    char json[256];
    size_t index;
    for (index = 0; index < sizeof durations / sizeof durations[0]; index++) {
        json_t *view;
        snprintf(json, sizeof json, "{\"title\":\"t\",\"description\":\"d\",\"goal_type\":\"activity\","
                 "\"rationale\":\"r\",\"difficulty\":3,\"estimated_duration\":%s}", durations[index].duration);
        view = run(wellness_goal_suggestion_view, json);
        CHECK(string_is(view, "duration_text", durations[index].text), "duration %s", durations[index].duration);
        json_decref(view);
    }
    for (index = 0; index < 5; index++) {
        json_t *view;
        snprintf(json, sizeof json, "{\"title\":\"t\",\"description\":\"d\",\"goal_type\":\"nutrition\","
                 "\"rationale\":\"r\",\"difficulty\":%d}", (int)index + 1);
        view = run(wellness_goal_suggestion_view, json);
        CHECK(string_is(view, "difficulty_label", labels[index]) && string_is(view, "difficulty_color", colours[index]),
              "difficulty %d", (int)index + 1);
        CHECK(string_is(view, "goal_type_icon", "fork.knife"), "nutrition icon");
        json_decref(view);
    }
    expect_path(wellness_goal_suggestion_normalize,
                "{\"title\":\"t\",\"description\":\"d\",\"goal_type\":\"a\",\"rationale\":\"r\",\"difficulty\":1.5}",
                "difficulty");
}

static void test_goal_from_suggestion(void) {
    const char *input = "{\"suggestion\":{\"title\":\"Walk\",\"description\":\"d\",\"goal_type\":\"activity\","
                        "\"rationale\":\"r\",\"difficulty\":2,\"estimated_duration\":30},"
                        "\"now\":\"2025-03-01T12:00:00-05:00\",\"time_zone\":\"America/New_York\"}";
    json_t *request = run(wellness_create_goal_request_from_suggestion, input);
    CHECK(string_is(request, "start_date", "2025-03-01T17:00:00Z"), "start is now");
    CHECK(string_is(request, "target_date", "2025-03-31T16:00:00Z"), "target keeps 12:00 local across DST");
    json_decref(request);
    expect_path(wellness_create_goal_request_from_suggestion,
                "{\"suggestion\":{\"title\":\"W\",\"description\":\"d\",\"goal_type\":\"a\",\"rationale\":\"r\","
                "\"difficulty\":2},\"time_zone\":\"Mars/Olympus\"}", "time_zone");
}

static void test_trends(void) {
    json_t *views = run(wellness_trends_view,
                        "{\"weekly\":{\"value\":-0.32,\"available\":true},\"monthly\":{\"value\":null,\"available\":false},"
                        "\"yearly\":{\"value\":-4.2,\"available\":false,\"projection\":true,\"points\":[]}}");
    json_t *weekly = json_object_get(views, "weekly"), *monthly = json_object_get(views, "monthly");
    json_t *yearly = json_object_get(views, "yearly");
    CHECK(string_is(weekly, "label", "Rejuvenation") && string_is(weekly, "formatted_value", "-0.32y"), "weekly");
    CHECK(string_is(monthly, "label", "No data") && string_is(monthly, "formatted_value", "\xe2\x80\x94"), "monthly");
    CHECK(string_is(monthly, "message",
                    "Not enough data for a monthly trend yet. Keep logging your daily check-ins."), "monthly message");
    CHECK(string_is(yearly, "label", "Projected") && json_is_true(json_object_get(yearly, "show_chart")), "yearly");
    CHECK(string_is(yearly, "message", "Not enough data for a yearly trend yet. Showing a projected yearly trend "
                                       "based on recent check-ins."), "yearly message");
    json_decref(views);
    expect_path(wellness_trends_response_normalize,
                "{\"weekly\":{\"value\":1,\"available\":true,\"points\":[{\"date\":\"2025-02-30\",\"biologicalAge\":3}]}}",
                "weekly.points[0].date");
}

static void test_tips(void) {
    json_t *view = run(wellness_goal_tip_view, "{\"tip\":\"t\",\"priority\":\"HIGH\",\"category\":\"mindset\"}");
    CHECK(json_integer_value(json_object_get(view, "priority_level")) == 3 && string_is(view, "priority_color", "red"),
          "high priority");
    CHECK(string_is(view, "priority_label", "High") && string_is(view, "category_icon", "brain.head.profile"),
          "labels and icon");
    json_decref(view);
}

int main(void) {
    test_insight();
    test_suggestions();
    test_goal_from_suggestion();
    test_trends();
    test_tips();
    return check_summary("test_models");
}
