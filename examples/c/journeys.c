/*
 * The seeds' journeys through the API client, against a running
 * wellness-server: insights (list unread, open, favourite, archive), goals AI
 * (suggestions, accept one, its tips) and trends (label, value, message per
 * period). Every result is parsed with Jansson and checked.
 *
 * Usage: journeys BASE_URL API_KEY
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wellness.h"

static int failures;

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "CHECK FAILED: %s\n", what);
        failures++;
    }
}

typedef wellness_status (*client_call)(wellness_client *, const char *, size_t, wellness_buf *, wellness_buf *);

/* Runs a client operation with a parameters document built by json_pack; returns the parsed result or NULL. */
static json_t *run(wellness_client *client, client_call function, json_t *params) {
    char *text = json_dumps(params, JSON_COMPACT);
    wellness_buf out = {0}, err = {0};
    json_t *result = NULL;
    wellness_status status = function(client, text, strlen(text), &out, &err);
    if (status == WELLNESS_OK) {
        result = json_loadb(out.ptr, out.len, 0, NULL);
        check(result != NULL, "result parses");
    } else {
        fprintf(stderr, "%s: %s\n", wellness_strerror(status), err.ptr);
        check(0, "call succeeds");
    }
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    free(text);
    json_decref(params);
    return result;
}

static const char *text_of(json_t *object, const char *key) {
    const char *text = json_string_value(json_object_get(object, key));
    return text ? text : "(null)";
}

/* The user's calendar first: the server counts their days ("today", weeks, streaks) in this zone. */
static void calendar_journey(wellness_client *client) {
    json_t *profile = run(client, wellness_client_set_profile,
                          json_pack("{s:s, s:s}", "time_zone", "Europe/London", "first_weekday", "monday"));
    if (!profile) return;
    check(strcmp(text_of(profile, "time_zone"), "Europe/London") == 0, "the profile keeps the time zone");
    check(json_integer_value(json_object_get(profile, "first_weekday")) == 2, "Monday is weekday 2");
    printf("Calendar: days in %s, weeks from weekday %lld\n\n", text_of(profile, "time_zone"),
           (long long)json_integer_value(json_object_get(profile, "first_weekday")));
    json_decref(profile);
}

static void insights_journey(wellness_client *client) {
    json_t *page = run(client, wellness_client_list_insights, json_pack("{s:b, s:i}", "read_status", 0, "page_size", 3));
    json_t *first, *opened, *favourite, *archived, *insight;
    size_t index;
    if (!page) return;
    printf("Unread insights (%lld in all):\n", json_integer_value(json_object_get(json_object_get(page, "pagination"), "total_count")));
    json_array_foreach(json_object_get(page, "insights"), index, insight) {
        printf("  [%s] %s\n", text_of(insight, "insight_type"), text_of(insight, "title"));
    }
    first = json_array_get(json_object_get(page, "insights"), 0);
    opened = run(client, wellness_client_update_insight,
                 json_pack("{s:s, s:{s:b}}", "id", text_of(first, "id"), "change", "is_read", 1));
    favourite = run(client, wellness_client_update_insight,
                    json_pack("{s:s, s:{s:b}}", "id", text_of(first, "id"), "change", "is_favorite", 1));
    archived = run(client, wellness_client_update_insight,
                   json_pack("{s:s, s:{s:b}}", "id", text_of(first, "id"), "change", "is_archived", 1));
    check(opened && json_is_true(json_object_get(opened, "is_read")) && json_is_string(json_object_get(opened, "read_at")),
          "opening marks read");
    check(favourite && json_is_true(json_object_get(favourite, "is_favorite")), "favourite");
    check(archived && json_is_string(json_object_get(archived, "archived_at")), "archive stamps archived_at");
    printf("Opened, favourited and archived \"%s\" (read at %s)\n", text_of(first, "title"), text_of(opened, "read_at"));
    json_decref(opened);
    json_decref(favourite);
    json_decref(archived);
    json_decref(page);
}

static void goals_journey(wellness_client *client) {
    json_t *response = run(client, wellness_client_goal_suggestions, json_pack("{s:b}", "refresh", 1));
    json_t *suggestion, *goal, *tips, *tip;
    size_t index;
    if (!response) return;
    printf("\nGoal suggestions (%s):\n", text_of(response, "source"));
    json_array_foreach(json_object_get(response, "suggestions"), index, suggestion) {
        printf("  %s (difficulty %lld)\n", text_of(suggestion, "title"),
               json_integer_value(json_object_get(suggestion, "difficulty")));
    }
    suggestion = json_array_get(json_object_get(response, "suggestions"), 0);
    goal = run(client, wellness_client_create_goal_from_suggestion,
               json_pack("{s:O, s:s}", "suggestion", suggestion, "time_zone", "America/New_York"));
    check(goal && strcmp(text_of(goal, "title"), text_of(suggestion, "title")) == 0, "goal from suggestion");
    if (goal) {
        printf("Accepted \"%s\": target %s\n", text_of(goal, "title"), text_of(goal, "target_date"));
        tips = run(client, wellness_client_goal_tips, json_pack("{s:s}", "goal_id", text_of(goal, "id")));
        check(tips && json_array_size(json_object_get(tips, "tips")) >= 5, "5 to 7 tips");
        json_array_foreach(json_object_get(tips, "tips"), index, tip) {
            printf("  tip [%s] %s\n", text_of(tip, "priority"), text_of(tip, "tip"));
        }
        json_decref(tips);
        json_decref(goal);
    }
    json_decref(response);
}

static void trends_journey(wellness_client *client) {
    static const char *periods[] = {"weekly", "monthly", "yearly"};
    json_t *trends = run(client, wellness_client_trends, json_object());
    char *text;
    wellness_buf out = {0};
    json_t *views;
    size_t index;
    if (!trends) return;
    text = json_dumps(trends, JSON_COMPACT);
    check(wellness_trends_view(text, strlen(text), &out, NULL) == WELLNESS_OK, "trends view");
    views = json_loadb(out.ptr, out.len, 0, NULL);
    printf("\nLongevity trends:\n");
    for (index = 0; views && index < 3; index++) {
        json_t *view = json_object_get(views, periods[index]);
        const char *message = json_string_value(json_object_get(view, "message"));
        printf("  %-8s %-13s %8s  %s\n", periods[index], text_of(view, "label"), text_of(view, "formatted_value"),
               message ? message : "");
    }
    json_decref(views);
    wellness_buf_free(&out);
    free(text);
    json_decref(trends);
}

/* A call of the library's rules (no client): params in, parsed result out. */
static json_t *rule(wellness_status (*function)(const char *, size_t, wellness_buf *, wellness_buf *), json_t *params) {
    char *text = json_dumps(params, JSON_COMPACT);
    wellness_buf out = {0}, err = {0};
    json_t *result = NULL;
    if (function(text, strlen(text), &out, &err) == WELLNESS_OK) result = json_loadb(out.ptr, out.len, 0, NULL);
    check(result != NULL, "rule call succeeds");
    wellness_buf_free(&out);
    wellness_buf_free(&err);
    free(text);
    json_decref(params);
    return result;
}

/* Seed 004, Journey 1: insight -> goal -> tips -> achievement. */
static void achievement_journey(wellness_client *client) {
    json_t *page = run(client, wellness_client_list_insights, json_pack("{s:b, s:i}", "read_status", 0, "page_size", 1));
    json_t *insight = page ? json_array_get(json_object_get(page, "insights"), 0) : NULL;
    json_t *notification, *route, *actions, *action, *goal, *tips, *update, *milestones, *found;
    const char *goal_id;
    size_t index;
    int offered = 0, celebrated = 0;
    if (!insight) {
        check(0, "an unread insight to start Journey 1");
        json_decref(page);
        return;
    }
    printf("\nJourney 1: insight -> goal -> tips -> achievement\n");
    notification = rule(wellness_notification_insight, json_pack("{s:O}", "insight", insight));
    printf("  1. notification: %s: \"%s\"\n", text_of(notification, "title"), text_of(notification, "body"));
    route = rule(wellness_notification_response,
                 json_pack("{s:s, s:O}", "action", "open", "user_info", json_object_get(notification, "user_info")));
    check(strcmp(text_of(json_object_get(route, "destination"), "kind"), "insight_detail") == 0, "tap opens the insight");
    printf("  2. tapped: opens %s\n", text_of(route, "url"));
    json_decref(run(client, wellness_client_update_insight,
                    json_pack("{s:s, s:{s:b}}", "id", text_of(insight, "id"), "change", "is_read", 1)));
    actions = rule(wellness_integration_actions, json_pack("{s:O, s:s}", "insight", insight, "surface", "detail"));
    json_array_foreach(json_object_get(actions, "actions"), index, action) {
        if (strcmp(text_of(action, "intent"), "create_goal") == 0) offered = 1;
    }
    check(offered, "Create Goal is offered");
    printf("  3-5. read \"%s\"; Create Goal offered, pre-filled with \"%s\"\n", text_of(insight, "title"),
           json_string_value(json_array_get(json_object_get(insight, "suggestions"), 0)));
    goal = run(client, wellness_client_create_goal,
               json_pack("{s:s, s:s, s:i, s:s, s:s, s:b}", "title", "Work out 4 times per week", "goal_type", "activity",
                         "target_value", 4, "target_unit", "workouts", "start_date", "2025-01-01", "is_recurring", 1));
    goal_id = goal ? text_of(goal, "id") : "";
    tips = run(client, wellness_client_goal_tips, json_pack("{s:s}", "goal_id", goal_id));
    printf("  6-8. goal \"%s\" created; %lld tips\n", text_of(goal, "title"),
           tips ? json_integer_value(json_object_get(tips, "count")) : 0);
    update = run(client, wellness_client_update_goal, json_pack("{s:s, s:f}", "id", goal_id, "progress", 0.5));
    check(update && json_array_size(json_object_get(update, "milestones")) == 2, "25 and 50 % crossed");
    printf("  9. progress 50 %%: notification \"%s\"\n", text_of(json_object_get(update, "notification"), "body"));
    json_decref(update);
    update = run(client, wellness_client_update_goal, json_pack("{s:s, s:i}", "id", goal_id, "current_value", 4));
    check(update && strcmp(text_of(json_object_get(update, "goal"), "status"), "completed") == 0, "goal achieved");
    milestones = run(client, wellness_client_list_insights,
                     json_pack("{s:s, s:i}", "insight_type", "milestone", "page_size", 100));
    json_array_foreach(milestones ? json_object_get(milestones, "insights") : NULL, index, found) {
        if (strcmp(text_of(found, "title"), "Goal achieved: Work out 4 times per week") == 0) {
            celebrated++;
            printf("  10. milestone insight: \"%s\"\n", text_of(found, "title"));
        }
    }
    check(celebrated == 1, "one milestone insight celebrates the goal");
    json_decref(milestones);
    json_decref(update);
    json_decref(tips);
    json_decref(goal);
    json_decref(actions);
    json_decref(route);
    json_decref(notification);
    json_decref(page);
}

/* The first element of `array` whose `key` is `value`, or NULL. */
static json_t *find(json_t *array, const char *key, const char *value) {
    size_t index;
    json_t *item;
    json_array_foreach(array, index, item) {
        if (strcmp(text_of(item, key), value) == 0) return item;
    }
    return NULL;
}

/* Seed 004, Journey 2: goal struggle -> consultation -> new strategy. */
static void strategy_journey(wellness_client *client) {
    json_t *goal = run(client, wellness_client_create_goal,
                       json_pack("{s:s, s:s, s:i, s:s, s:s, s:b}", "title", "Lose 5 lbs", "goal_type", "body_composition",
                                 "target_value", 5, "target_unit", "lbs", "start_date", "2025-01-01", "is_recurring", 0));
    json_t *consultation, *sent, *reply, *proposals, *accepted;
    const char *goal_id = goal ? text_of(goal, "id") : "";
    printf("\nJourney 2: goal struggle -> consultation -> new strategy\n");
    json_decref(run(client, wellness_client_update_goal, json_pack("{s:s, s:f}", "id", goal_id, "current_value", 0.5)));
    consultation = run(client, wellness_client_create_consultation,
                       json_pack("{s:s, s:s, s:s}", "persona", "general_wellness", "context_type", "goal", "context_id", goal_id));
    sent = run(client, wellness_client_send_message,
               json_pack("{s:s, s:s}", "consultation_id", consultation ? text_of(consultation, "id") : "", "content",
                         "Why am I not losing weight?"));
    reply = sent ? json_array_get(json_object_get(sent, "messages"), 1) : NULL;
    check(reply && strstr(text_of(reply, "content"), "\"Lose 5 lbs\"") != NULL, "the coach names the goal");
    printf("  coach: %s\n", text_of(reply, "content"));
    proposals = reply ? json_object_get(reply, "proposals") : NULL;
    accepted = find(proposals, "type", "create_goal");
    check(accepted != NULL, "the coach proposes a workout template");
    accepted = accepted ? run(client, wellness_client_accept_proposal, json_incref(accepted)) : NULL;
    check(accepted && json_is_true(json_object_get(accepted, "created")), "the workout template is accepted");
    printf("  accepted: \"%s\"\n", text_of(json_object_get(accepted, "goal"), "title"));
    json_decref(accepted);
    json_decref(sent);
    json_decref(consultation);
    json_decref(goal);
}

/* Seed 004, Journey 3: weekly review -> insights -> goals. */
static void weekly_journey(wellness_client *client) {
    json_t *weekly = run(client, wellness_client_list_insights,
                         json_pack("{s:s, s:i}", "insight_type", "weekly", "page_size", 3));
    json_t *ids = json_array(), *insight, *suggestions, *suggestion, *goal, *tips;
    size_t index;
    printf("\nJourney 3: weekly review -> insights -> goals\n");
    json_array_foreach(weekly ? json_object_get(weekly, "insights") : NULL, index, insight) {
        json_array_append_new(ids, json_string(text_of(insight, "id")));
        printf("  insight: %s\n", text_of(insight, "title"));
    }
    check(json_array_size(ids) == 3, "three weekly insights");
    suggestions = run(client, wellness_client_goal_suggestions, json_pack("{s:o}", "insight_ids", ids));
    json_array_foreach(suggestions ? json_object_get(suggestions, "suggestions") : NULL, index, suggestion) {
        if (index >= 2) break;
        goal = run(client, wellness_client_create_goal_from_suggestion, json_pack("{s:O}", "suggestion", suggestion));
        tips = run(client, wellness_client_goal_tips, json_pack("{s:s}", "goal_id", goal ? text_of(goal, "id") : ""));
        check(tips && json_integer_value(json_object_get(tips, "count")) >= 5, "tips for each accepted goal");
        printf("  accepted \"%s\" (%s), %lld tips\n", text_of(suggestion, "title"), text_of(suggestion, "rationale"),
               tips ? json_integer_value(json_object_get(tips, "count")) : 0);
        json_decref(tips);
        json_decref(goal);
    }
    json_decref(suggestions);
    json_decref(weekly);
}

/* Seed 004's AI overview: the cards' counts are the sections' totals. */
static void dashboard_journey(wellness_client *client) {
    json_t *board = run(client, wellness_client_dashboard, json_object());
    json_t *cards, *card;
    size_t index;
    if (!board) return;
    cards = json_object_get(board, "cards");
    check(json_is_true(json_object_get(board, "complete")) && json_array_size(cards) == 3, "complete, 3 cards");
    check(json_equal(json_object_get(json_array_get(cards, 0), "count"),
                     json_object_get(json_object_get(board, "insights"), "total")), "insights card counts unread");
    check(json_equal(json_object_get(json_array_get(cards, 1), "count"),
                     json_object_get(json_object_get(board, "goals"), "total")), "goals card counts active goals");
    printf("\nAI overview:\n");
    json_array_foreach(cards, index, card) {
        printf("  %-12s %-32s %3lld  %s\n", text_of(card, "title"), text_of(card, "subtitle"),
               json_integer_value(json_object_get(card, "count")), text_of(card, "link"));
    }
    json_decref(board);
    board = run(client, wellness_client_suggested_actions, json_object());
    if (!board) return;
    cards = json_object_get(board, "actions");
    check(json_array_size(cards) >= 1 && strcmp(text_of(json_array_get(cards, 0), "id"), "view_insights") == 0,
          "unread insights are suggested first");
    printf("Suggested:");
    json_array_foreach(cards, index, card) printf("  %s (%s)", text_of(card, "title"), text_of(card, "link"));
    printf("\n");
    json_decref(board);
}

int main(int argc, char **argv) {
    wellness_client *client = NULL;
    wellness_buf err = {0};
    json_t *config;
    char *config_text;
    if (argc < 3) {
        fprintf(stderr, "usage: %s BASE_URL API_KEY\n", argv[0]);
        return 2;
    }
    config = json_pack("{s:s, s:s, s:b}", "base_url", argv[1], "api_key", argv[2], "cache_directory", 0);
    config_text = json_dumps(config, JSON_COMPACT);
    if (wellness_client_new(config_text, strlen(config_text), &client, &err) != WELLNESS_OK) {
        fprintf(stderr, "client: %s\n", err.ptr);
        return 1;
    }
    calendar_journey(client);
    insights_journey(client);
    goals_journey(client);
    trends_journey(client);
    achievement_journey(client);
    strategy_journey(client);
    weekly_journey(client);
    dashboard_journey(client);
    wellness_client_free(client);
    free(config_text);
    json_decref(config);
    if (failures) {
        fprintf(stderr, "%d checks failed\n", failures);
        return 1;
    }
    return 0;
}
