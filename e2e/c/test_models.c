/* The rules of docs/MODELS.md from C: every model and view call with good
   input (output fields checked) and bad input (the exact error path). */
#include "check.h"

/* Calls `function` on `text` and returns the parsed result (NULL on failure). */
static json_t *run(one_document_fn function, const char *text) {
    char *json = from_quoted(text);
    wellness_buf out = {0}, err = {0};
    json_t *result = NULL;
    wellness_status status = function(json, strlen(json), &out, &err);
    CHECK(status == WELLNESS_OK, "%s failed: %s", json, err.ptr ? err.ptr : "(no error document)");
    if (status == WELLNESS_OK) {
        CHECK(err.ptr == NULL && err.len == 0, "%s: err stays {NULL, 0} on success", json);
        CHECK(out.ptr != NULL && out.len == strlen(out.ptr), "%s: out is NUL-terminated, len excludes it", json);
        result = json_loadb(out.ptr, out.len, 0, NULL);
        CHECK(result != NULL, "%s: output parses", json);
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    free(json);
    return result;
}

/* Checks that `function` rejects `text` with `status` and the error path
   `path` ("null" for a null path). */
static void expect_error(one_document_fn function, const char *text, wellness_status status, const char *path) {
    char *json = from_quoted(text);
    wellness_buf out = {0}, err = {0};
    wellness_status actual = function(json, strlen(json), &out, &err);
    CHECK(actual == status, "%s: expected %s, got %s", json, wellness_strerror(status), wellness_strerror(actual));
    if (actual != WELLNESS_OK) {
        json_t *error = check_error(json, actual, &out, &err);
        CHECK(error && strcmp(path_of(error), path) == 0, "%s: path %s, expected %s", json,
              error ? path_of(error) : "(none)", path);
        json_decref(error);
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    free(json);
}

static void expect_path(one_document_fn function, const char *text, const char *path) {
    expect_error(function, text, WELLNESS_E_VALIDATION, path);
}

static int has_string(json_t *object, const char *key, const char *expected) {
    const char *actual = json_string_value(json_object_get(object, key));
    return actual && strcmp(actual, expected) == 0;
}

static int has_null(json_t *object, const char *key) {
    return json_is_null(json_object_get(object, key));
}

static int has_int(json_t *object, const char *key, json_int_t expected) {
    json_t *value = json_object_get(object, key);
    return json_is_integer(value) && json_integer_value(value) == expected;
}

static int has_number(json_t *object, const char *key, double expected) {
    json_t *value = json_object_get(object, key);
    return json_is_number(value) && json_number_value(value) == expected;
}

/* Checks the object's keys, in output order (Jansson keeps the order it
   parsed), against a comma-separated list. */
static void check_keys(json_t *object, const char *expected, const char *what) {
    char keys[1024] = "";
    const char *key;
    json_t *value;
    json_object_foreach(object, key, value) {
        if (keys[0]) strncat(keys, ",", sizeof keys - strlen(keys) - 1);
        strncat(keys, key, sizeof keys - strlen(keys) - 1);
    }
    CHECK(strcmp(keys, expected) == 0, "%s keys:\n  got      %s\n  expected %s", what, keys, expected);
}

/* ---- Insights (seed 000) ---------------------------------------------- */

#define INSIGHT_KEYS "id,user_id,insight_type,title,content,summary,suggestions,data_context,is_read,is_favorite," \
                     "is_archived,generated_at,read_at,archived_at,created_at,updated_at"

/* An insight of type %s with %s spliced in after "content". */
#define INSIGHT "{'id':'i1','user_id':'u1','insight_type':'%s','title':'T','content':'C',%s"                    \
                "'is_read':false,'is_favorite':true,'is_archived':false,"                                        \
                "'generated_at':'2025-01-15T10:30:00.5+02:00','created_at':'2025-01-15T10:30:00Z',"             \
                "'updated_at':'2025-01-15T10:30:00.000Z'}"

#define FULL_CONTEXT "'summary':'S','suggestions':['Walk after lunch','Set a goal of 8,000 steps','Sleep by 23:00']," \
                     "'data_context':{'date_range':{'start_date':'2025-01-06T00:00:00-05:00',"                      \
                     "'end_date':'2025-01-12T23:59:59.999-05:00'},'metrics':{'workouts':4,'calories':2143.9,"        \
                     "'steps':58210,'sleep_hours':7.62,'mood_score':7.8},'goals':['g1'],"                           \
                     "'achievements':['7-day streak','Most steps']},'read_at':'2025-01-16T00:00:00+00:00',"

static void test_insight(void) {
    char json[2048];
    json_t *insight, *context, *metrics;
    snprintf(json, sizeof json, INSIGHT, "weekly", FULL_CONTEXT);
    insight = run(wellness_insight_normalize, json);
    context = json_object_get(insight, "data_context");
    metrics = json_object_get(context, "metrics");
    check_keys(insight, INSIGHT_KEYS, "insight");
    check_keys(context, "date_range,metrics,goals,achievements", "data_context");
    check_keys(metrics, "workouts,calories,steps,sleep_hours,mood_score", "metrics");
    CHECK(has_string(insight, "generated_at", "2025-01-15T08:30:00.5Z"), "offset timestamp normalised to UTC");
    CHECK(has_string(insight, "updated_at", "2025-01-15T10:30:00Z"), "all-zero fraction dropped");
    CHECK(has_string(insight, "read_at", "2025-01-16T00:00:00Z"), "+00:00 becomes Z");
    CHECK(has_null(insight, "archived_at"), "absent optional timestamp is null");
    CHECK(has_string(json_object_get(context, "date_range"), "start_date", "2025-01-06T05:00:00Z") &&
              has_string(json_object_get(context, "date_range"), "end_date", "2025-01-13T04:59:59.999Z"),
          "date range in UTC");
    CHECK(has_int(metrics, "workouts", 4) && has_int(metrics, "steps", 58210) &&
              has_number(metrics, "calories", 2143.9) && has_number(metrics, "sleep_hours", 7.62),
          "metrics kept");
    CHECK(json_array_size(json_object_get(insight, "suggestions")) == 3, "suggestions kept");
    json_decref(insight);

    /* A minimal insight: every optional key present as null. */
    snprintf(json, sizeof json, INSIGHT, "daily", "");
    insight = run(wellness_insight_normalize, json);
    check_keys(insight, INSIGHT_KEYS, "minimal insight");
    CHECK(has_null(insight, "summary") && has_null(insight, "suggestions") && has_null(insight, "data_context") &&
              has_null(insight, "read_at"), "absent optionals are null");
    json_decref(insight);

    snprintf(json, sizeof json, INSIGHT, "hourly", "");
    expect_path(wellness_insight_normalize, json, "insight_type");
    snprintf(json, sizeof json, INSIGHT, "daily", "'data_context':{'metrics':{'steps':-1}},");
    expect_path(wellness_insight_normalize, json, "data_context.metrics.steps");
    snprintf(json, sizeof json, INSIGHT, "daily", "'data_context':{'metrics':{'sleep_hours':24.5}},");
    expect_path(wellness_insight_normalize, json, "data_context.metrics.sleep_hours");
    snprintf(json, sizeof json, INSIGHT, "daily",
             "'data_context':{'date_range':{'start_date':'2025-01-02T00:00:00Z','end_date':'2025-01-01T00:00:00Z'}},");
    expect_path(wellness_insight_normalize, json, "data_context.date_range.end_date");
    snprintf(json, sizeof json, INSIGHT, "daily", "'read_at':'2025-01-15T23:59:60Z',");
    expect_path(wellness_insight_normalize, json, "read_at");
    expect_path(wellness_insight_normalize, "{'id':'','user_id':'u1'}", "id");
}

static void test_timestamps(void) {
    static const struct { const char *input, *output; } good[] = {
        {"2025-01-15T10:30:00.5+02:00", "2025-01-15T08:30:00.5Z"},
        {"2025-01-15T10:30:00.500+02:00", "2025-01-15T08:30:00.5Z"},
        {"2025-01-15T10:30:00.123456789-08:00", "2025-01-15T18:30:00.123456789Z"},
        {"2025-01-15t10:30:00z", "2025-01-15T10:30:00Z"},
        {"2025-01-01T01:00:00+0530", "2024-12-31T19:30:00Z"},
        {"2024-02-29T23:00:00-02:00", "2024-03-01T01:00:00Z"},
        {"0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"},
    };
    static const char *bad[] = {
        "2025-01-15T23:59:60Z", "0000-01-01T00:00:00Z", "2025-02-29T00:00:00Z", "2025-01-15T10:30:00",
        "2025-01-15T10:30Z", "2025-01-15T10:30:00.Z", "2025-01-15",
    };
    char json[256];
    size_t index;
    for (index = 0; index < sizeof good / sizeof good[0]; index++) {
        json_t *message;
        snprintf(json, sizeof json, "{'id':'m','consultation_id':'c','role':'user','content':'hi','created_at':'%s'}",
                 good[index].input);
        message = run(wellness_consultation_message_normalize, json);
        CHECK(has_string(message, "created_at", good[index].output), "%s -> %s, got %s", good[index].input,
              good[index].output, json_string_value(json_object_get(message, "created_at")));
        json_decref(message);
    }
    for (index = 0; index < sizeof bad / sizeof bad[0]; index++) {
        snprintf(json, sizeof json, "{'id':'m','consultation_id':'c','role':'user','content':'hi','created_at':'%s'}",
                 bad[index]);
        expect_path(wellness_consultation_message_normalize, json, "created_at");
    }
}

#define PAGINATION "{'page':%s,'page_size':20,'total_pages':2,'total_count':%s,'has_next':true,'has_prev':false}"

static void test_envelopes(void) {
    char insight[1024], json[4096];
    json_t *response, *insights, *pagination;

    snprintf(insight, sizeof insight, INSIGHT, "milestone", "");
    snprintf(json, sizeof json, "{'success':true,'data':%s}", insight);
    response = run(wellness_insight_response_normalize, json);
    check_keys(response, "success,data", "insight response");
    CHECK(json_is_true(json_object_get(response, "success")), "success kept");
    check_keys(json_object_get(response, "data"), INSIGHT_KEYS, "insight response data");
    json_decref(response);
    snprintf(json, sizeof json, "{'success':true,'data':{'id':'i1','user_id':'u1','insight_type':5}}");
    expect_path(wellness_insight_response_normalize, json, "data.insight_type");

    {
        char second[1024], third[1024];
        snprintf(second, sizeof second, INSIGHT, "pattern", "");
        snprintf(third, sizeof third, INSIGHT, "daily", "");
        snprintf(json, sizeof json, "{'success':true,'data':{'insights':[%s,%s,%s],'pagination':" PAGINATION "}}",
                 insight, second, third, "1", "23");
        response = run(wellness_insights_list_response_normalize, json);
        insights = json_object_get(json_object_get(response, "data"), "insights");
        pagination = json_object_get(json_object_get(response, "data"), "pagination");
        check_keys(json_object_get(response, "data"), "insights,pagination", "list data");
        CHECK(json_array_size(insights) == 3, "three insights");
        CHECK(has_string(json_array_get(insights, 1), "insight_type", "pattern"), "order kept");
        CHECK(has_int(pagination, "total_count", 23) && json_is_true(json_object_get(pagination, "has_next")),
              "pagination kept");
        json_decref(response);

        snprintf(second, sizeof second, INSIGHT, "monthly", "");
        snprintf(json, sizeof json, "{'success':true,'data':{'insights':[%s,%s],'pagination':" PAGINATION "}}",
                 insight, second, "1", "2");
        expect_path(wellness_insights_list_response_normalize, json, "data.insights[1].insight_type");
        snprintf(json, sizeof json, "{'success':true,'data':{'insights':[],'pagination':" PAGINATION "}}", "0", "0");
        expect_path(wellness_insights_list_response_normalize, json, "data.pagination.page");
        expect_path(wellness_insights_list_response_normalize, "{'success':true,'data':{'insights':[]}}",
                    "data.pagination");
    }

    snprintf(json, sizeof json, PAGINATION, "3.0", "3e1");
    pagination = run(wellness_pagination_normalize, json);
    check_keys(pagination, "page,page_size,total_pages,total_count,has_next,has_prev", "pagination");
    CHECK(has_int(pagination, "page", 3) && has_int(pagination, "total_count", 30), "3.0 and 3e1 are integers");
    json_decref(pagination);
    snprintf(json, sizeof json, PAGINATION, "0", "1");
    expect_path(wellness_pagination_normalize, json, "page");
    snprintf(json, sizeof json, PAGINATION, "1", "-1");
    expect_path(wellness_pagination_normalize, json, "total_count");
    snprintf(json, sizeof json, PAGINATION, "1.5", "1");
    expect_path(wellness_pagination_normalize, json, "page");
}

static void test_update_request(void) {
    json_t *request = run(wellness_insight_update_request_normalize, "{'is_read':true,'unknown':1}");
    check_keys(request, "is_read", "update request (absent keys omitted)");
    CHECK(json_is_true(json_object_get(request, "is_read")), "is_read kept");
    json_decref(request);
    request = run(wellness_insight_update_request_normalize,
                  "{'is_archived':false,'is_favorite':true,'is_read':false}");
    check_keys(request, "is_read,is_favorite,is_archived", "full update request");
    json_decref(request);
    expect_path(wellness_insight_update_request_normalize, "{}", "null");
    expect_path(wellness_insight_update_request_normalize, "{'is_read':null}", "is_read");
    expect_path(wellness_insight_update_request_normalize, "{'is_favorite':'yes'}", "is_favorite");
}

/* ---- Goals AI (seed 003) ---------------------------------------------- */

#define SUGGESTION_KEYS "title,description,goal_type,target_value,target_unit,rationale,estimated_duration,difficulty"
/* A suggestion: goal_type, difficulty, estimated_duration, then extra keys. */
#define SUGGESTION "{'title':'Walk more','description':'d','goal_type':'%s','rationale':'r','difficulty':%s," \
                   "'estimated_duration':%s%s}"

static void test_suggestion(void) {
    char json[2048];
    json_t *suggestion, *response;
    snprintf(json, sizeof json, SUGGESTION, "activity", "3e0", "90", ",'target_value':10000,'target_unit':'steps'");
    suggestion = run(wellness_goal_suggestion_normalize, json);
    check_keys(suggestion, SUGGESTION_KEYS, "suggestion");
    CHECK(has_int(suggestion, "difficulty", 3) && has_int(suggestion, "estimated_duration", 90), "integers");
    CHECK(has_number(suggestion, "target_value", 10000) && has_string(suggestion, "target_unit", "steps"), "target");
    json_decref(suggestion);
    snprintf(json, sizeof json, SUGGESTION, "activity", "1", "null", "");
    suggestion = run(wellness_goal_suggestion_normalize, json);
    CHECK(has_null(suggestion, "estimated_duration") && has_null(suggestion, "target_value") &&
              has_null(suggestion, "target_unit"), "absent optionals are null");
    json_decref(suggestion);

    snprintf(json, sizeof json, SUGGESTION, "activity", "0", "1", "");
    expect_path(wellness_goal_suggestion_normalize, json, "difficulty");
    snprintf(json, sizeof json, SUGGESTION, "activity", "6", "1", "");
    expect_path(wellness_goal_suggestion_normalize, json, "difficulty");
    snprintf(json, sizeof json, SUGGESTION, "activity", "1.5", "1", "");
    expect_path(wellness_goal_suggestion_normalize, json, "difficulty");
    snprintf(json, sizeof json, SUGGESTION, "activity", "2", "-1", "");
    expect_path(wellness_goal_suggestion_normalize, json, "estimated_duration");
    snprintf(json, sizeof json, SUGGESTION, "activity", "2", "36501", "");
    expect_path(wellness_goal_suggestion_normalize, json, "estimated_duration");
    snprintf(json, sizeof json, SUGGESTION, "", "2", "1", "");
    expect_path(wellness_goal_suggestion_normalize, json, "goal_type");

    {
        char first[512], second[512], third[512];
        snprintf(first, sizeof first, SUGGESTION, "activity", "1", "5", "");
        snprintf(second, sizeof second, SUGGESTION, "sleep", "2", "null", "");
        snprintf(third, sizeof third, SUGGESTION, "wellness", "9", "14", "");
        snprintf(json, sizeof json, "{'success':true,'data':{'suggestions':[%s,%s],'count':2}}", first, second);
        response = run(wellness_goal_suggestions_response_normalize, json);
        check_keys(json_object_get(response, "data"), "suggestions,count", "suggestions data");
        CHECK(has_int(json_object_get(response, "data"), "count", 2), "count");
        json_decref(response);
        snprintf(json, sizeof json, "{'success':true,'data':{'suggestions':[%s,%s],'count':3}}", first, second);
        expect_path(wellness_goal_suggestions_response_normalize, json, "data.count");
        snprintf(json, sizeof json, "{'success':true,'data':{'suggestions':[%s,%s,%s],'count':3}}", first, second,
                 third);
        expect_path(wellness_goal_suggestions_response_normalize, json, "data.suggestions[2].difficulty");
    }
}

static void test_suggestion_view(void) {
    static const struct { const char *duration, *text; } durations[] = {
        {"null", "Ongoing"}, {"0", "0 days"},   {"1", "1 day"},     {"6", "6 days"},     {"7", "1 week"},
        {"13", "1 week"},    {"14", "2 weeks"}, {"29", "4 weeks"},  {"30", "1 month"},   {"59", "1 month"},
        {"60", "2 months"},  {"365", "12 months"},
    };
    static const struct { const char *label, *colour; } difficulties[] = {
        {"Very Easy", "green"}, {"Easy", "green"}, {"Moderate", "orange"}, {"Challenging", "red"},
        {"Very Challenging", "red"},
    };
    static const struct { const char *goal_type, *icon; } icons[] = {
        {"activity", "figure.run"},       {"nutrition", "fork.knife"},        {"wellness", "heart.fill"},
        {"body_composition", "scalemass"}, {"Body_Composition", "scalemass"}, {"ACTIVITY", "figure.run"},
        {"sleep", "target"},
    };
    char json[512], difficulty[4];
    json_t *view;
    size_t index;
    for (index = 0; index < sizeof durations / sizeof durations[0]; index++) {
        snprintf(json, sizeof json, SUGGESTION, "activity", "3", durations[index].duration, "");
        view = run(wellness_goal_suggestion_view, json);
        CHECK(has_string(view, "duration_text", durations[index].text), "duration %s: \"%s\", got \"%s\"",
              durations[index].duration, durations[index].text, json_string_value(json_object_get(view, "duration_text")));
        json_decref(view);
    }
    for (index = 0; index < 5; index++) {
        snprintf(difficulty, sizeof difficulty, "%d", (int)index + 1);
        snprintf(json, sizeof json, SUGGESTION, "nutrition", difficulty, "7", "");
        view = run(wellness_goal_suggestion_view, json);
        check_keys(view, "title,difficulty,difficulty_label,difficulty_color,duration_text,goal_type_icon,target_text",
                   "suggestion view");
        CHECK(has_int(view, "difficulty", (json_int_t)index + 1) &&
                  has_string(view, "difficulty_label", difficulties[index].label) &&
                  has_string(view, "difficulty_color", difficulties[index].colour),
              "difficulty %d: %s %s", (int)index + 1, difficulties[index].label, difficulties[index].colour);
        json_decref(view);
    }
    for (index = 0; index < sizeof icons / sizeof icons[0]; index++) {
        snprintf(json, sizeof json, SUGGESTION, icons[index].goal_type, "2", "7", "");
        view = run(wellness_goal_suggestion_view, json);
        CHECK(has_string(view, "goal_type_icon", icons[index].icon), "goal type %s: %s", icons[index].goal_type,
              icons[index].icon);
        json_decref(view);
    }
    snprintf(json, sizeof json, SUGGESTION, "body_composition", "2", "7", ",'target_value':2.9,'target_unit':'kg'");
    view = run(wellness_goal_suggestion_view, json);
    CHECK(has_string(view, "target_text", "2 kg") && has_string(view, "title", "Walk more"), "target truncated");
    json_decref(view);
    snprintf(json, sizeof json, SUGGESTION, "activity", "2", "7", ",'target_value':10000");
    view = run(wellness_goal_suggestion_view, json);
    CHECK(has_null(view, "target_text"), "no unit, no target text");
    json_decref(view);
    snprintf(json, sizeof json, SUGGESTION, "activity", "2", "7", ",'target_unit':'steps'");
    view = run(wellness_goal_suggestion_view, json);
    CHECK(has_null(view, "target_text"), "no value, no target text");
    json_decref(view);
    snprintf(json, sizeof json, SUGGESTION, "activity", "7", "7", "");
    expect_path(wellness_goal_suggestion_view, json, "difficulty");
}

static void test_tips(void) {
    static const struct { const char *priority; int level; const char *label, *colour; } priorities[] = {
        {"'high'", 3, "High", "red"},     {"'HIGH'", 3, "High", "red"},       {"'medium'", 2, "Medium", "orange"},
        {"'Low'", 1, "Low", "green"},     {"'urgent'", 2, "Urgent", "orange"}, {"null", 2, NULL, "orange"},
    };
    static const struct { const char *category, *label, *icon; } categories[] = {
        {"'nutrition'", "Nutrition", "fork.knife"},  {"'exercise'", "Exercise", "figure.run"},
        {"'Sleep'", "Sleep", "bed.double.fill"},     {"'mindset'", "Mindset", "brain.head.profile"},
        {"'HABIT'", "Habit", "repeat"},              {"'social'", "Social", "lightbulb.fill"},
        {"null", NULL, "lightbulb.fill"},
    };
    char json[256];
    json_t *tip, *response;
    size_t index;

    tip = run(wellness_goal_tip_normalize, "{'priority':'high','tip':'Drink water'}");
    check_keys(tip, "tip,category,priority", "tip");
    CHECK(has_null(tip, "category") && has_string(tip, "priority", "high"), "tip fields");
    json_decref(tip);
    expect_path(wellness_goal_tip_normalize, "{'tip':''}", "tip");
    expect_path(wellness_goal_tip_normalize, "{'tip':'t','priority':3}", "priority");

    for (index = 0; index < sizeof priorities / sizeof priorities[0]; index++) {
        snprintf(json, sizeof json, "{'tip':'t','priority':%s}", priorities[index].priority);
        tip = run(wellness_goal_tip_view, json);
        check_keys(tip, "tip,priority_level,priority_label,priority_color,category_label,category_icon", "tip view");
        CHECK(has_int(tip, "priority_level", priorities[index].level) &&
                  has_string(tip, "priority_color", priorities[index].colour) &&
                  (priorities[index].label ? has_string(tip, "priority_label", priorities[index].label)
                                           : has_null(tip, "priority_label")),
              "priority %s", priorities[index].priority);
        json_decref(tip);
    }
    for (index = 0; index < sizeof categories / sizeof categories[0]; index++) {
        snprintf(json, sizeof json, "{'tip':'t','category':%s}", categories[index].category);
        tip = run(wellness_goal_tip_view, json);
        CHECK(has_string(tip, "category_icon", categories[index].icon) &&
                  (categories[index].label ? has_string(tip, "category_label", categories[index].label)
                                           : has_null(tip, "category_label")),
              "category %s", categories[index].category);
        json_decref(tip);
    }

    response = run(wellness_goal_tips_response_normalize,
                   "{'success':true,'data':{'tips':[{'tip':'a'},{'tip':'b','priority':'low'}],'goal_id':'g1',"
                   "'goal_title':'Walk','count':2}}");
    check_keys(json_object_get(response, "data"), "tips,goal_id,goal_title,count", "tips data");
    CHECK(has_string(json_object_get(response, "data"), "goal_id", "g1"), "goal_id");
    json_decref(response);
    expect_path(wellness_goal_tips_response_normalize,
                "{'success':true,'data':{'tips':[{'tip':'a'}],'goal_id':'g1','goal_title':'W','count':2}}", "data.count");
    expect_path(wellness_goal_tips_response_normalize,
                "{'success':true,'data':{'tips':[{'tip':'a'}],'goal_id':'','goal_title':'W','count':1}}",
                "data.goal_id");
    expect_path(wellness_goal_tips_response_normalize,
                "{'success':true,'data':{'tips':[{'tip':'a'},{'tip':''}],'goal_id':'g','goal_title':'W','count':2}}",
                "data.tips[1].tip");
}

static void test_goal_requests(void) {
    json_t *request, *goal;
    request = run(wellness_create_goal_request_normalize,
                  "{'title':'Walk','goal_type':'activity','start_date':'2025-01-01','is_recurring':false,"
                  "'target_date':'2025-02-01T00:00:00.10+01:00'}");
    check_keys(request, "title,description,goal_type,target_value,target_unit,start_date,target_date,is_recurring,"
               "frequency", "create goal request");
    CHECK(has_string(request, "start_date", "2025-01-01"), "a date stays a date");
    CHECK(has_string(request, "target_date", "2025-01-31T23:00:00.1Z"), "a timestamp stays a timestamp, in UTC");
    json_decref(request);
    expect_path(wellness_create_goal_request_normalize,
                "{'title':'Walk','goal_type':'activity','start_date':'2025-02-30','is_recurring':false}", "start_date");
    expect_path(wellness_create_goal_request_normalize,
                "{'title':'','goal_type':'activity','start_date':'2025-02-01','is_recurring':false}", "title");
    expect_path(wellness_create_goal_request_normalize,
                "{'title':'W','goal_type':'activity','start_date':'2025-02-01'}", "is_recurring");

    goal = run(wellness_goal_normalize,
               "{'id':'g1','user_id':'u1','title':'Walk','goal_type':'activity','current_value':7410.5,"
               "'start_date':'2025-01-13','target_date':'2025-04-13T09:00:00-04:00','is_recurring':true,"
               "'frequency':'daily','status':'paused','created_at':'2025-01-13T09:00:00Z',"
               "'updated_at':'2025-01-20T09:00:00.0Z'}");
    check_keys(goal, "id,user_id,title,description,goal_type,target_value,target_unit,current_value,start_date,"
               "target_date,is_recurring,frequency,status,created_at,updated_at", "goal");
    CHECK(has_string(goal, "target_date", "2025-04-13T13:00:00Z") && has_string(goal, "start_date", "2025-01-13") &&
              has_string(goal, "status", "paused") && has_number(goal, "current_value", 7410.5) &&
              has_string(goal, "updated_at", "2025-01-20T09:00:00Z"), "goal fields");
    json_decref(goal);
    expect_path(wellness_goal_normalize,
                "{'id':'g1','user_id':'u1','title':'Walk','goal_type':'activity','start_date':'2025-01-13',"
                "'is_recurring':true,'status':'done','created_at':'2025-01-13T09:00:00Z',"
                "'updated_at':'2025-01-20T09:00:00Z'}", "status");
}

#define FROM_SUGGESTION "{'suggestion':{'title':'Walk','description':'d','goal_type':'activity','rationale':'r'," \
                        "'difficulty':2,'estimated_duration':%s,'target_value':5000.7,'target_unit':'steps'}%s}"

static void test_goal_from_suggestion(void) {
    static const struct { const char *duration, *rest, *start, *target; } cases[] = {
        /* 30 days from 12:00 EST lands on 12:00 EDT: one hour less in UTC. */
        {"30", ",'now':'2025-03-01T12:00:00-05:00','time_zone':'America/New_York'", "2025-03-01T17:00:00Z",
         "2025-03-31T16:00:00Z"},
        /* And back: 09:00 EDT + 14 days is 09:00 EST. */
        {"14", ",'now':'2025-10-20T09:00:00-04:00','time_zone':'America/New_York'", "2025-10-20T13:00:00Z",
         "2025-11-03T14:00:00Z"},
        /* UTC by default; whole seconds. */
        {"1", ",'now':'2025-03-01T12:00:00.750+01:00'", "2025-03-01T11:00:00Z", "2025-03-02T11:00:00Z"},
        {"0", ",'now':'2025-03-01T12:00:00Z','time_zone':'UTC'", "2025-03-01T12:00:00Z", "2025-03-01T12:00:00Z"},
        {"null", ",'now':'2025-03-01T12:00:00Z','time_zone':'Asia/Tokyo'", "2025-03-01T12:00:00Z", NULL},
    };
    char json[512];
    json_t *request;
    size_t index;
    for (index = 0; index < sizeof cases / sizeof cases[0]; index++) {
        snprintf(json, sizeof json, FROM_SUGGESTION, cases[index].duration, cases[index].rest);
        request = run(wellness_create_goal_request_from_suggestion, json);
        check_keys(request, "title,description,goal_type,target_value,target_unit,start_date,target_date,"
                   "is_recurring,frequency", "goal request from suggestion");
        CHECK(has_string(request, "start_date", cases[index].start), "case %d: start %s, got %s", (int)index,
              cases[index].start, json_string_value(json_object_get(request, "start_date")));
        CHECK(cases[index].target ? has_string(request, "target_date", cases[index].target)
                                  : has_null(request, "target_date"),
              "case %d: target %s, got %s", (int)index, cases[index].target ? cases[index].target : "null",
              json_string_value(json_object_get(request, "target_date")));
        CHECK(has_string(request, "title", "Walk") && has_string(request, "description", "d") &&
                  has_string(request, "goal_type", "activity") && has_number(request, "target_value", 5000.7) &&
                  has_string(request, "target_unit", "steps") && json_is_false(json_object_get(request, "is_recurring")) &&
                  has_null(request, "frequency"), "case %d: fields from the suggestion", (int)index);
        json_decref(request);
    }
    /* Without "now": the current time, still a whole-second UTC timestamp. */
    snprintf(json, sizeof json, FROM_SUGGESTION, "null", "");
    request = run(wellness_create_goal_request_from_suggestion, json);
    {
        const char *start = json_string_value(json_object_get(request, "start_date"));
        CHECK(start && strlen(start) == 20 && start[10] == 'T' && start[19] == 'Z', "default now: %s",
              start ? start : "null");
    }
    json_decref(request);

    snprintf(json, sizeof json, FROM_SUGGESTION, "7", ",'time_zone':'Mars/Olympus'");
    expect_path(wellness_create_goal_request_from_suggestion, json, "time_zone");
    snprintf(json, sizeof json, FROM_SUGGESTION, "7", ",'now':'yesterday'");
    expect_path(wellness_create_goal_request_from_suggestion, json, "now");
    snprintf(json, sizeof json, FROM_SUGGESTION, "-7", "");
    expect_path(wellness_create_goal_request_from_suggestion, json, "suggestion.estimated_duration");
    expect_path(wellness_create_goal_request_from_suggestion, "{'now':'2025-03-01T12:00:00Z'}", "suggestion");
}

/* ---- Longevity trends (seed 001) -------------------------------------- */

#define POINTS "[{'date':'2025-01-03','biologicalAge':37.5},{'date':'2025-01-01','biological_age':37.7}," \
               "{'date':'2025-01-02','biologicalAge':37.6}]"

static void test_trends_response(void) {
    json_t *trends, *weekly, *points;
    trends = run(wellness_trends_response_normalize,
                 "{'weekly':{'value':-0.32,'available':true,'points':" POINTS "},"
                 "'monthly':{'value':null,'available':false},"
                 "'yearly':{'value':-4.2,'available':false,'projection':true,'points':[]}}");
    check_keys(trends, "weekly,monthly,yearly", "trends");
    weekly = json_object_get(trends, "weekly");
    points = json_object_get(weekly, "points");
    check_keys(weekly, "value,available,points", "weekly bucket (projection omitted)");
    check_keys(json_object_get(trends, "monthly"), "value,available", "monthly bucket (points omitted)");
    check_keys(json_object_get(trends, "yearly"), "value,available,projection,points", "yearly bucket");
    check_keys(json_array_get(points, 0), "date,biologicalAge", "trend point");
    CHECK(has_string(json_array_get(points, 0), "date", "2025-01-01") &&
              has_number(json_array_get(points, 0), "biologicalAge", 37.7) &&
              has_string(json_array_get(points, 2), "date", "2025-01-03"), "points sorted by date");
    json_decref(trends);

    expect_path(wellness_trends_response_normalize,
                "{'weekly':{'value':1,'available':true,'points':[{'date':'2025-01-01','biologicalAge':1},"
                "{'date':'2025-01-02','biologicalAge':1},{'date':'2025-02-30','biologicalAge':1}]},"
                "'monthly':{'value':null,'available':false},'yearly':{'value':null,'available':false}}",
                "weekly.points[2].date");
    expect_path(wellness_trends_response_normalize,
                "{'weekly':{'value':1,'available':true},'yearly':{'value':null,'available':false}}", "monthly");
    {
        /* Two points on one date: the second is at fault. */
        char *json = from_quoted("{'weekly':{'value':1,'available':true,'points':[{'date':'2025-01-03',"
                                 "'biologicalAge':1},{'date':'2025-01-03','biologicalAge':2}]},"
                                 "'monthly':{'value':null,'available':false},'yearly':{'value':null,'available':false}}");
        wellness_buf out = {0}, err = {0};
        wellness_status status = wellness_trends_response_normalize(json, strlen(json), &out, &err);
        json_t *error = check_error("duplicate date", status, &out, &err);
        CHECK(status == WELLNESS_E_VALIDATION && error && strncmp(path_of(error), "weekly.points[1]", 16) == 0,
              "duplicate date: path %s", error ? path_of(error) : "(none)");
        json_decref(error);
        wellness_buf_free(&err);
        free(json);
    }
}

static void test_trend_view(void) {
    static const char *keep_logging = "Keep logging your daily check-ins.";
    static const struct {
        const char *period, *bucket, *label, *formatted, *colour;
        int show_chart;
        const char *message; /* the sentence after "Not enough data for a <period> trend yet. " */
        int points;
    } cases[] = {
        {"weekly", "{'value':-0.32,'available':true,'points':" POINTS "}", "Rejuvenation", "-0.32y", "green", 1,
         NULL, 3},
        {"weekly", "{'value':0.5,'available':true}", "Aging", "0.50y", "red", 1, NULL, 0},
        {"monthly", "{'value':0,'available':true}", "Stable", "0.00y", "red", 1, NULL, 0},
        {"monthly", "{'value':null,'available':false}", "No data", "\xe2\x80\x94", NULL, 0, "monthly", 0},
        {"weekly", "{'value':null,'available':false,'points':[]}", "No data", "\xe2\x80\x94", NULL, 0, "weekly", 0},
        /* "Projected" wins over the sign; the chart needs projection and points. */
        {"yearly", "{'value':-4.2,'available':false,'projection':true,'points':" POINTS "}", "Projected", "-4.20y",
         "green", 1, "projected", 3},
        {"yearly", "{'value':1.5,'available':false,'projection':true}", "Projected", "1.50y", "red", 0, "projected",
         0},
        {"yearly", "{'value':null,'available':false,'projection':true,'points':[]}", "No data", "\xe2\x80\x94", NULL, 1,
         "yearly", 0},
        {"yearly", "{'value':-1,'available':false,'projection':false,'points':[]}", "Rejuvenation", "-1.00y", "green",
         0, "yearly", 0},
        {"yearly", "{'value':2,'available':true,'projection':true}", "Projected", "2.00y", "red", 1, NULL, 0},
    };
    char json[512], message[256];
    size_t index;
    for (index = 0; index < sizeof cases / sizeof cases[0]; index++) {
        json_t *view;
        snprintf(json, sizeof json, "{'period':'%s','bucket':%s}", cases[index].period, cases[index].bucket);
        view = run(wellness_trend_view, json);
        check_keys(view, "period,label,formatted_value,value_color,show_chart,message,point_count", "trend view");
        CHECK(has_string(view, "period", cases[index].period), "case %d: period", (int)index);
        CHECK(has_string(view, "label", cases[index].label), "case %d: label %s, got %s", (int)index,
              cases[index].label, json_string_value(json_object_get(view, "label")));
        CHECK(has_string(view, "formatted_value", cases[index].formatted), "case %d: formatted %s, got %s",
              (int)index, cases[index].formatted, json_string_value(json_object_get(view, "formatted_value")));
        CHECK(cases[index].colour ? has_string(view, "value_color", cases[index].colour)
                                  : has_null(view, "value_color"), "case %d: colour", (int)index);
        CHECK(json_is_boolean(json_object_get(view, "show_chart")) &&
                  json_is_true(json_object_get(view, "show_chart")) == cases[index].show_chart,
              "case %d: show_chart %d", (int)index, cases[index].show_chart);
        CHECK(has_int(view, "point_count", cases[index].points), "case %d: point_count", (int)index);
        if (!cases[index].message) {
            CHECK(has_null(view, "message"), "case %d: no message when available", (int)index);
        } else {
            if (strcmp(cases[index].message, "projected") == 0)
                snprintf(message, sizeof message, "Not enough data for a yearly trend yet. Showing a projected "
                         "yearly trend based on recent check-ins.");
            else
                snprintf(message, sizeof message, "Not enough data for a %s trend yet. %s", cases[index].message,
                         keep_logging);
            CHECK(has_string(view, "message", message), "case %d: message \"%s\", got \"%s\"", (int)index, message,
                  json_string_value(json_object_get(view, "message")));
        }
        json_decref(view);
    }
    expect_path(wellness_trend_view, "{'period':'daily','bucket':{'value':1,'available':true}}", "period");
    expect_path(wellness_trend_view, "{'period':'weekly'}", "bucket");
    expect_path(wellness_trend_view,
                "{'period':'weekly','bucket':{'value':1,'available':true,'points':[{'date':'2025-01-01',"
                "'biologicalAge':1},{'date':'2025-01-02','biologicalAge':1},{'date':'2025-13-01','biologicalAge':1}]}}",
                "bucket.points[2].date");
    expect_path(wellness_trend_view, "{'period':'weekly','bucket':{'value':1e400,'available':true}}", "bucket.value");
}

static void test_trends_view(void) {
    json_t *views = run(wellness_trends_view,
                        "{'weekly':{'value':-0.32,'available':true,'points':" POINTS "},"
                        "'monthly':{'value':null,'available':false},"
                        "'yearly':{'value':-4.2,'available':false,'projection':true,'points':[]}}");
    json_t *weekly = json_object_get(views, "weekly"), *monthly = json_object_get(views, "monthly");
    json_t *yearly = json_object_get(views, "yearly");
    check_keys(views, "weekly,monthly,yearly", "trends view");
    CHECK(has_string(weekly, "period", "weekly") && has_string(weekly, "label", "Rejuvenation") &&
              has_string(weekly, "formatted_value", "-0.32y") && has_int(weekly, "point_count", 3), "weekly");
    CHECK(has_string(monthly, "label", "No data") &&
              has_string(monthly, "message", "Not enough data for a monthly trend yet. Keep logging your daily "
                                             "check-ins."), "monthly");
    CHECK(has_string(yearly, "label", "Projected") && json_is_true(json_object_get(yearly, "show_chart")) &&
              has_string(yearly, "message", "Not enough data for a yearly trend yet. Showing a projected yearly "
                                            "trend based on recent check-ins."), "yearly");
    json_decref(views);
    expect_path(wellness_trends_view, "{'weekly':{'value':1,'available':'yes'},'monthly':{'value':null,'available':false},"
                "'yearly':{'value':null,'available':false}}", "weekly.available");
}

/* ---- Consultations (seed 004) ----------------------------------------- */

#define CONSULTATION "{'id':'c1','user_id':'u1','persona':'%s','is_archived':false,'message_count':%s," \
                     "'created_at':'2025-01-15T20:30:00+01:00','updated_at':'2025-01-15T20:41:00Z'%s}"

static void test_consultations(void) {
    static const struct { const char *input, *output; } personas[] = {
        {"general_wellness", "general_wellness"}, {"wellnessSpecialist", "wellness_specialist"},
        {"nutritionist", "nutritionist"},         {"fitnessCoach", "fitness_coach"},
        {"sleep_coach", "sleep_coach"},
    };
    char json[512];
    json_t *consultation, *request, *message;
    size_t index;
    for (index = 0; index < sizeof personas / sizeof personas[0]; index++) {
        snprintf(json, sizeof json, CONSULTATION, personas[index].input, "0", "");
        consultation = run(wellness_consultation_normalize, json);
        check_keys(consultation, "id,user_id,persona,context_type,context_id,title,is_archived,message_count,"
                   "last_message_at,created_at,updated_at", "consultation");
        CHECK(has_string(consultation, "persona", personas[index].output), "persona %s", personas[index].input);
        CHECK(has_string(consultation, "created_at", "2025-01-15T19:30:00Z") && has_null(consultation, "context_type"),
              "consultation fields");
        json_decref(consultation);
    }
    snprintf(json, sizeof json, CONSULTATION, "sleep_coach", "4",
             ",'context_type':'insight','context_id':'i3','last_message_at':'2025-01-15T20:41:00.120Z'");
    consultation = run(wellness_consultation_normalize, json);
    CHECK(has_string(consultation, "context_type", "insight") && has_string(consultation, "context_id", "i3") &&
              has_int(consultation, "message_count", 4) &&
              has_string(consultation, "last_message_at", "2025-01-15T20:41:00.12Z"), "context kept");
    json_decref(consultation);
    snprintf(json, sizeof json, CONSULTATION, "sleep_coach", "4", ",'context_type':'goal'");
    expect_path(wellness_consultation_normalize, json, "context_id");
    snprintf(json, sizeof json, CONSULTATION, "dietician", "4", "");
    expect_path(wellness_consultation_normalize, json, "persona");
    snprintf(json, sizeof json, CONSULTATION, "nutritionist", "-1", "");
    expect_path(wellness_consultation_normalize, json, "message_count");
    snprintf(json, sizeof json, CONSULTATION, "nutritionist", "1", ",'context_type':'chat'");
    expect_path(wellness_consultation_normalize, json, "context_type");

    request = run(wellness_create_consultation_request_normalize,
                  "{'persona':'sleepCoach','context_type':'goal','context_id':'g1'}");
    check_keys(request, "persona,context_type,context_id,title", "create consultation request");
    CHECK(has_string(request, "persona", "sleep_coach") && has_null(request, "title"), "request fields");
    json_decref(request);
    request = run(wellness_create_consultation_request_normalize, "{'persona':'general_wellness'}");
    CHECK(has_null(request, "context_type") && has_null(request, "context_id"), "general request");
    json_decref(request);
    expect_path(wellness_create_consultation_request_normalize, "{'persona':'sleepCoach','context_type':'insight'}",
                "context_id");
    expect_path(wellness_create_consultation_request_normalize, "{'context_type':'general'}", "persona");

    message = run(wellness_consultation_message_normalize,
                  "{'id':'m1','consultation_id':'c1','role':'assistant','content':'','created_at':'2025-01-15T10:30:00Z'}");
    check_keys(message, "id,consultation_id,role,content,created_at", "consultation message");
    CHECK(has_string(message, "role", "assistant") && has_string(message, "content", ""), "message fields");
    json_decref(message);
    expect_path(wellness_consultation_message_normalize,
                "{'id':'m1','consultation_id':'c1','role':'system','content':'x','created_at':'2025-01-15T10:30:00Z'}",
                "role");
    expect_path(wellness_consultation_message_normalize,
                "{'id':'m1','consultation_id':'','role':'user','content':'x','created_at':'2025-01-15T10:30:00Z'}",
                "consultation_id");
}

/* ---- The insight view ------------------------------------------------- */

static void test_insight_view(void) {
    static const struct { const char *type, *name, *icon, *colour; } types[] = {
        {"daily", "Daily Insight", "sun.max.fill", "orange"},
        {"weekly", "Weekly Summary", "calendar", "blue"},
        {"milestone", "Milestone", "star.fill", "yellow"},
        {"pattern", "Pattern Discovery", "chart.line.uptrend.xyaxis", "green"},
    };
    static const struct { const char *suggestions; int actionable; } goals[] = {
        {"['Walk after lunch','Hit your target of 8 hours']", 1},
        {"['Set a goal']", 1},
        {"['Set a Goal','Aim HIGHER','Targets matter']", 0}, /* case-sensitive, as seed 004 */
        {"[]", 0},
    };
    char json[2048], extra[256];
    json_t *view, *steps, *cards;
    size_t index;
    for (index = 0; index < sizeof types / sizeof types[0]; index++) {
        snprintf(json, sizeof json, INSIGHT, types[index].type, "");
        view = run(wellness_insight_view, json);
        check_keys(view, "id,insight_type,type_display_name,icon,icon_color,title,is_unread,is_favorite,action_steps,"
                   "metric_cards,achievements,has_actionable_goals", "insight view");
        CHECK(has_string(view, "type_display_name", types[index].name) && has_string(view, "icon", types[index].icon) &&
                  has_string(view, "icon_color", types[index].colour), "%s presentation", types[index].type);
        CHECK(json_array_size(json_object_get(view, "action_steps")) == 0 &&
                  json_array_size(json_object_get(view, "metric_cards")) == 0 &&
                  json_array_size(json_object_get(view, "achievements")) == 0 &&
                  json_is_false(json_object_get(view, "has_actionable_goals")), "%s: empty lists", types[index].type);
        CHECK(json_is_true(json_object_get(view, "is_unread")) && json_is_true(json_object_get(view, "is_favorite")),
              "unread and favourite");
        json_decref(view);
    }

    snprintf(json, sizeof json, INSIGHT, "weekly", FULL_CONTEXT);
    view = run(wellness_insight_view, json);
    steps = json_object_get(view, "action_steps");
    cards = json_object_get(view, "metric_cards");
    CHECK(json_array_size(steps) == 3 && has_int(json_array_get(steps, 0), "number", 1) &&
              has_string(json_array_get(steps, 0), "text", "Walk after lunch") &&
              has_int(json_array_get(steps, 2), "number", 3), "numbered action steps");
    check_keys(json_array_get(cards, 0), "title,value,icon", "metric card");
    CHECK(json_array_size(cards) == 4, "four metric cards");
    CHECK(has_string(json_array_get(cards, 0), "title", "Workouts") && has_string(json_array_get(cards, 0), "value", "4") &&
              has_string(json_array_get(cards, 0), "icon", "figure.run"), "workouts card");
    CHECK(has_string(json_array_get(cards, 1), "title", "Steps") && has_string(json_array_get(cards, 1), "value", "58210") &&
              has_string(json_array_get(cards, 1), "icon", "figure.walk"), "steps card");
    CHECK(has_string(json_array_get(cards, 2), "title", "Calories") &&
              has_string(json_array_get(cards, 2), "value", "2143") &&
              has_string(json_array_get(cards, 2), "icon", "flame.fill"), "calories card (truncated)");
    CHECK(has_string(json_array_get(cards, 3), "title", "Sleep") && has_string(json_array_get(cards, 3), "value", "7.6h") &&
              has_string(json_array_get(cards, 3), "icon", "bed.double.fill"), "sleep card (one decimal)");
    CHECK(json_array_size(json_object_get(view, "achievements")) == 2, "achievements");
    CHECK(json_is_true(json_object_get(view, "has_actionable_goals")), "'goal' in a suggestion");
    json_decref(view);

    /* Only the metrics present, in the fixed order. */
    snprintf(json, sizeof json, INSIGHT, "daily", "'data_context':{'metrics':{'sleep_hours':8,'steps':9120}},");
    view = run(wellness_insight_view, json);
    cards = json_object_get(view, "metric_cards");
    CHECK(json_array_size(cards) == 2 && has_string(json_array_get(cards, 0), "title", "Steps") &&
              has_string(json_array_get(cards, 1), "value", "8.0h"), "steps then sleep");
    json_decref(view);

    for (index = 0; index < sizeof goals / sizeof goals[0]; index++) {
        snprintf(extra, sizeof extra, "'suggestions':%s,", goals[index].suggestions);
        snprintf(json, sizeof json, INSIGHT, "daily", extra);
        view = run(wellness_insight_view, json);
        CHECK(json_is_true(json_object_get(view, "has_actionable_goals")) == goals[index].actionable,
              "has_actionable_goals for %s", goals[index].suggestions);
        json_decref(view);
    }
    snprintf(json, sizeof json, INSIGHT, "yearly", "");
    expect_path(wellness_insight_view, json, "insight_type");
}

int main(void) {
    test_insight();
    test_timestamps();
    test_envelopes();
    test_update_request();
    test_suggestion();
    test_suggestion_view();
    test_tips();
    test_goal_requests();
    test_goal_from_suggestion();
    test_trends_response();
    test_trend_view();
    test_trends_view();
    test_consultations();
    test_insight_view();
    return check_summary("test_models");
}
