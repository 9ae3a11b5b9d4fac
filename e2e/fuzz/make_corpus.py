#!/usr/bin/env python3
"""Writes the fuzz seed corpus (e2e/fuzz/corpus/) and dictionary (e2e/fuzz/json.dict).

Seeds come from two places:

1. examples/data: every example document fed to each entry point that takes
   it (and its parts: each suggestion, tip and trend bucket; the samples as
   JSON and as columns), named "<entry point>-<what>".
2. The inputs the C tests use (e2e/c/test_*.c and the C demo), recorded by
   running them under e2e/fuzz/record_calls.c (LD_PRELOAD); only those that
   add coverage are kept, chosen by the fuzzer's -merge=1, and named
   "<entry point>-test-<sha1>". Needs --library (the release libwellness.so)
   and --fuzzer (the libFuzzer binary of `make fuzz`); without them only the
   example seeds are written.

The input format is e2e/fuzz/fuzz_selectors.h's. `make fuzz-corpus` runs
this script; its output is committed (the replay test feeds it to the
harness on every `make test`).

    e2e/fuzz/make_corpus.py [--library .build/release/libwellness.so]
                              [--fuzzer build/fuzz/fuzz_entry_points] [--out e2e/fuzz/corpus]
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

from fuzz_selectors import SELECTORS  # noqa: E402 (read from fuzz_selectors.h)

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "examples" / "data"
MAX_FILES = 1000
MAX_BYTES = 2 * 1024 * 1024
MAX_LEN = 65536

SEL = {name: index for index, name in enumerate(SELECTORS)}
SEPARATOR = b"\0"


def dumps(value: object) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def one(name: str, document: object | bytes) -> bytes:
    payload = document if isinstance(document, bytes) else dumps(document)
    return bytes([SEL[name]]) + payload


def two(name: str, options: object, data: object | bytes) -> bytes:
    payload = data if isinstance(data, bytes) else dumps(data)
    return bytes([SEL[name]]) + dumps(options) + SEPARATOR + payload


def columns(options: object, timestamps: list[int], values: list[float]) -> bytes:
    """Raw records (control byte 0x06: raw int64 timestamp, raw double)."""
    records = b"".join(struct.pack("<Bqd", 0x06, t, v) for t, v in zip(timestamps, values))
    return bytes([SEL["series_aggregate_columns"]]) + dumps(options) + SEPARATOR + records


def grouped(options: object, timestamps: list[int], values: list[float]) -> bytes:
    """The same raw records for the grouped call (the harness derives each record's group from its timestamp)."""
    records = b"".join(struct.pack("<Bqd", 0x06, t, v) for t, v in zip(timestamps, values))
    return bytes([SEL["series_aggregate_groups"]]) + dumps(options) + SEPARATOR + records


def compact_columns(options: object) -> bytes:
    """Records in each compact encoding, so the fuzzer starts from all of them."""
    records = b"".join([
        struct.pack("<BHb", 0x00, 90, 5),            # +90 min, int8 value
        struct.pack("<Bi", 0x0D, 3600) + b"",        # +1 h (int32), boolean 0 (mode 3, bit 4 clear)
        struct.pack("<Bqd", 0x06, 1700086400, 2.5),  # raw timestamp, raw double
        struct.pack("<Bbh", 0x0B, 1, 1234),          # +1 day, int16 / 100
        struct.pack("<Bb", 0x1F, 2),                 # +2 days, boolean 1
        struct.pack("<BHd", 0x04, 30, 1e6),          # +30 min, raw double
    ])
    return bytes([SEL["series_aggregate_columns"]]) + dumps(options) + SEPARATOR + records


def load(name: str) -> object:
    return json.loads((DATA / name).read_text())


def epoch(timestamp: str) -> int:
    return int(dt.datetime.fromisoformat(timestamp.replace("Z", "+00:00")).timestamp())


def example_seeds() -> dict[str, bytes]:
    seeds: dict[str, bytes] = {}
    insight = load("insight.json")
    seeds["insight_normalize-example"] = one("insight_normalize", insight)
    seeds["insight_view-example"] = one("insight_view", insight)
    seeds["insight_response_normalize-example"] = one("insight_response_normalize", {"success": True, "data": insight})
    listing = load("insights_list_response.json")
    seeds["insights_list_response_normalize-example"] = one("insights_list_response_normalize", listing)
    seeds["pagination_normalize-example"] = one("pagination_normalize", listing["data"]["pagination"])
    for index, item in enumerate(listing["data"]["insights"]):
        seeds[f"insight_view-example-list-{index}"] = one("insight_view", item)
    seeds["insight_update_request_normalize-read"] = one("insight_update_request_normalize", {"is_read": True})
    seeds["insight_update_request_normalize-archive"] = one(
        "insight_update_request_normalize", {"is_favorite": False, "is_archived": True})

    suggestions = load("goal_suggestions_response.json")
    seeds["goal_suggestions_response_normalize-example"] = one("goal_suggestions_response_normalize", suggestions)
    for index, suggestion in enumerate(suggestions["data"]["suggestions"]):
        seeds[f"goal_suggestion_normalize-example-{index}"] = one("goal_suggestion_normalize", suggestion)
        seeds[f"goal_suggestion_view-example-{index}"] = one("goal_suggestion_view", suggestion)
        seeds[f"create_goal_request_from_suggestion-example-{index}"] = one(
            "create_goal_request_from_suggestion",
            {"suggestion": suggestion, "now": "2025-03-08T23:30:00-05:00", "time_zone": "America/New_York"})
    tips = load("goal_tips_response.json")
    seeds["goal_tips_response_normalize-example"] = one("goal_tips_response_normalize", tips)
    for index, tip in enumerate(tips["data"]["tips"]):
        seeds[f"goal_tip_normalize-example-{index}"] = one("goal_tip_normalize", tip)
        seeds[f"goal_tip_view-example-{index}"] = one("goal_tip_view", tip)
    goal = load("goal.json")
    seeds["goal_normalize-example"] = one("goal_normalize", goal)
    request = {key: goal[key] for key in ("title", "description", "goal_type", "target_value", "target_unit",
                                          "start_date", "target_date", "is_recurring", "frequency")}
    seeds["create_goal_request_normalize-example"] = one("create_goal_request_normalize", request)

    trends = load("trends_response.json")
    seeds["trends_response_normalize-example"] = one("trends_response_normalize", trends)
    seeds["trends_view-example"] = one("trends_view", trends)
    for period in ("weekly", "monthly", "yearly"):
        seeds[f"trend_view-example-{period}"] = one("trend_view", {"period": period, "bucket": trends[period]})

    consultation = load("consultation.json")
    seeds["consultation_normalize-example"] = one("consultation_normalize", consultation)
    seeds["create_consultation_request_normalize-example"] = one(
        "create_consultation_request_normalize",
        {key: consultation[key] for key in ("persona", "context_type", "context_id", "title")})
    seeds["consultation_message_normalize-example"] = one(
        "consultation_message_normalize",
        {"id": "msg_1", "consultation_id": consultation["id"], "role": "assistant", "content": "Try a walk.",
         "created_at": "2025-01-15T20:41:00.125+05:30"})

    steps, mood, meditation = load("steps_samples.json"), load("mood_samples.json"), load("meditation_samples.json")
    new_york = {"time_zone": "America/New_York", "today": "2025-02-01"}
    seeds["series_aggregate-example-steps"] = two("series_aggregate", new_york, steps)
    seeds["series_aggregate-example-steps-weeks"] = two(
        "series_aggregate", {"time_zone": "America/New_York", "interval": "week", "first_weekday": "sunday",
                             "average": "daily_means", "include_empty": True, "today": "2025-02-01"}, steps)
    seeds["series_aggregate-example-mood"] = two(
        "series_aggregate", {"kind": "snapshot", "interval": "week", "time_zone": "Europe/Paris"}, mood)
    seeds["series_aggregate-example-meditation"] = two(
        "series_aggregate", {"kind": "boolean", "interval": "month", "today": "2025-02-15", "first_weekday": 1,
                             "time_zone": "America/New_York"}, meditation)
    seeds["series_aggregate-example-steps-statistics"] = two(
        "series_aggregate", {"time_zone": "America/New_York", "interval": "week", "include_empty": True,
                             "statistics": ["count", "sum", "average", "min", "max", "first", "last", "median",
                                            "p01", "p99", "stddev"]}, steps)
    seeds["series_chart-example-steps-sums"] = two(
        "series_chart", {"interval": "week", "plot": "sum", "unit": "steps"}, steps)
    seeds["series_chart-example-steps"] = two(
        "series_chart", {"time_zone": "America/New_York", "width": 800, "height": 300}, steps)
    seeds["series_chart-example-steps-days"] = two("series_chart", {"interval": "day"}, steps[:12])
    seeds["series_chart-example-meditation"] = two("series_chart", {"kind": "boolean", "interval": "week"}, meditation)
    seeds["series_chart-example-mood"] = two("series_chart", {"kind": "snapshot"}, mood)
    # Literals that run into what follows: invalid JSON in every kind's fast path.
    for junction in ["truefalse", "nulltrue", "falsenull", "true1", "1true"]:
        for kind in ["boolean", "snapshot"]:
            samples = b'[{"timestamp":0,"value":' + junction.encode() + b"}]"
            seeds[f"series_aggregate-literal-{kind}-{junction}"] = two("series_aggregate", {"kind": kind}, samples)
    entries = load("biological_age_entries.json")
    seeds["longevity_trends-example"] = two("longevity_trends", {"today": "2025-03-01"}, entries)
    seeds["longevity_trends-example-kolkata"] = two(
        "longevity_trends", {"today": "2025-01-20", "time_zone": "Asia/Kolkata"}, entries[:40])
    # The zone is checked even when "today" leaves it unused.
    seeds["longevity_trends-today-bad-zone"] = two(
        "longevity_trends", {"today": "2025-01-20", "time_zone": "Mars/Olympus"}, entries[:3])

    stamps = [epoch(sample["timestamp"]) for sample in steps]
    values = [float(sample["value"]) for sample in steps]
    seeds["series_aggregate_columns-example-steps"] = columns(
        {"time_zone": "America/New_York", "interval": "week"}, stamps, values)
    seeds["series_aggregate_columns-example-steps-ms"] = columns(
        {"timestamp_unit": "ms", "interval": "quarter", "today": "2025-02-01"},
        [stamp * 1000 for stamp in stamps[:50]], values[:50])
    seeds["series_aggregate_columns-example-meditation"] = columns(
        {"kind": "boolean", "today": "2025-02-15"}, [epoch(s["timestamp"]) for s in meditation],
        [1.0 if s["value"] else 0.0 for s in meditation])
    seeds["series_aggregate_columns-compact-records"] = compact_columns({"interval": "half", "include_empty": True})
    seeds["series_aggregate_groups-zones-threads"] = grouped(
        {"interval": "week", "threads": 3, "statistics": ["sum", "p90", "last"],
         "groups": [{"group": 1, "time_zone": "Asia/Tokyo"}, {"group": 3, "time_zone": "America/New_York",
                                                              "first_weekday": "sunday"}]}, stamps, values)
    # One group's bad zone skips that group; the total of buckets is capped.
    seeds["series_aggregate_groups-skip-bad-zone"] = grouped(
        {"on_error": "skip", "interval": "day", "groups": [{"group": 1, "time_zone": "Mars/Olympus"},
                                                           {"group": 2, "first_weekday": 9}]}, stamps, values)
    # The same settings as columns; a null item sets nothing, a bad item skips its group.
    seeds["series_aggregate_groups-columns"] = grouped(
        {"interval": "week", "threads": 2, "groups": {"group": [1, 3, 5], "time_zone": ["Asia/Tokyo", None, "UTC"],
                                                      "first_weekday": [None, "sunday", 2]}}, stamps, values)
    seeds["series_aggregate_groups-columns-skip"] = grouped(
        {"on_error": "skip", "interval": "day", "groups": {"group": [1, 2], "time_zone": ["UTC", "Mars/Olympus"]}},
        stamps, values)
    seeds["series_aggregate_groups-many-empty-days"] = grouped(
        {"interval": "day", "include_empty": True, "threads": 2}, [0, 99_000 * 86_400, 7, 99_000 * 86_400 + 7],
        [1.0, 2.0, 3.0, 4.0])
    seeds["series_aggregate_groups-skip"] = grouped(
        {"on_error": "skip", "kind": "boolean", "today": "2025-02-15"}, [epoch(s["timestamp"]) for s in meditation],
        [1.0 if s["value"] else 2.0 for s in meditation])

    seeds["client_new-api-key"] = one("client_new", {"base_url": "http://127.0.0.1:8080", "api_key": "key"})
    seeds["client_new-every-key"] = one("client_new", {
        "base_url": "https://api.example.com/v1/", "token": "t", "timeout": 10, "ai_timeout": 30, "max_retries": 2,
        "initial_backoff": 0.5, "max_backoff": 5, "host": "python/3.11", "cache_directory": "/tmp/wellness-fuzz"})
    seeds["client_new-token-provider"] = one(
        "client_new", {"base_url": "http://localhost", "token_provider": True, "cache_directory": False})
    # Errors: credentials must never appear in them.
    seeds["client_new-bad-url"] = one("client_new", {"base_url": "ftp://host", "api_key": "secret-api-key"})
    seeds["client_new-bad-timeout"] = one(
        "client_new", {"base_url": "http://127.0.0.1:9", "token": "secret-bearer-token", "timeout": 0})
    seeds["client_new-bad-cache"] = one(
        "client_new", {"base_url": "http://127.0.0.1:9", "api_key": "secret-api-key", "cache_directory": 7})
    seeds["client_new-no-credentials"] = one("client_new", {"base_url": "http://127.0.0.1:9"})
    seeds.update(integration_seeds(insight, goal, consultation))
    return seeds


def integration_seeds(insight: dict, goal: dict, consultation: dict) -> dict[str, bytes]:
    """Seed 004's integration calls (docs/INTEGRATION.md), good and bad."""
    seeds: dict[str, bytes] = {}
    actionable = dict(insight, suggestions=["Set a goal of 120 g protein a day", "Eat eggs"])
    seeds["integration_destination-insight-create-goal"] = one(
        "integration_destination", {"insight": actionable, "intent": "create_goal"})
    seeds["integration_destination-goal-discuss"] = one("integration_destination", {"goal": goal, "intent": "discuss"})
    seeds["integration_destination-goal-tips"] = one("integration_destination", {"goal": goal, "intent": "tips"})
    seeds["integration_destination-consultation-my-goals"] = one(
        "integration_destination", {"consultation": consultation, "intent": "my_goals"})
    seeds["integration_destination-missing-context"] = one("integration_destination", {"intent": "discuss"})
    seeds["client_navigate-insight-create-goal"] = one(
        "client_navigate", {"insight": actionable, "intent": "create_goal"})
    seeds["client_navigate-goal-tips"] = one("client_navigate", {"goal": goal, "intent": "tips"})
    seeds["client_navigate-bad-intent"] = one("client_navigate", {"goal": goal, "intent": "create_goal"})
    # The user's account as a whole.
    seeds["client_export_account-path"] = one("client_export_account", {"path": "/nonexistent/dir/export.json"})
    seeds["client_export_account-empty-path"] = one("client_export_account", {"path": ""})
    seeds["client_erase_account-key"] = one("client_erase_account", {"api_key": "wk_live_example"})
    seeds["client_erase_account-unknown-key"] = one("client_erase_account", {"api_key": "k", "confirm": True})
    seeds["client_erase_local_data-empty"] = one("client_erase_local_data", {})
    # The user's workouts.
    run = {"start": "2026-11-20T07:00:00Z", "end": "2026-11-20T07:45:00+01:00", "activity": "Outdoor Run",
           "distance": 5.2, "calories": 410, "average_heart_rate": None}
    seeds["client_post_workouts-run"] = one("client_post_workouts", {"workouts": [run]})
    seeds["client_post_workouts-epoch-seconds"] = one(
        "client_post_workouts", {"workouts": [{"start": 1763622000.5, "end": 1763624700, "activity": "Swim"}]})
    seeds["client_post_workouts-end-before-start"] = one(
        "client_post_workouts", {"workouts": [dict(run, end="2026-11-20T06:00:00Z")]})
    seeds["client_post_workouts-bad-field"] = one("client_post_workouts", {"workouts": [dict(run, **{"9km": 1})]})
    seeds["client_post_workouts-with-id"] = one("client_post_workouts", {"workouts": [dict(run, id="wo_1")]})
    seeds["client_list_workouts-range"] = one(
        "client_list_workouts", {"from": "2026-11-01", "to": "2026-11-20T23:59:59Z", "page": 2, "page_size": 100})
    seeds["client_list_workouts-bad-bound"] = one("client_list_workouts", {"from": "last week"})
    seeds["client_delete_workout-id"] = one("client_delete_workout", {"id": "wo_0123456789abcdef0123456789abcdef"})
    # The user's daily metrics and profile.
    day = {"date": "2026-03-02", "resting_heart_rate": 58, "hrv": 41.5, "weight_kg": 154.5, "stress_score": None}
    seeds["client_post_daily_metrics-day"] = one(
        "client_post_daily_metrics", {"days": [day], "units": {"weight_kg": "lb"}})
    seeds["client_post_daily_metrics-bad-unit"] = one(
        "client_post_daily_metrics", {"days": [day], "units": {"weight_kg": "furlong"}})
    seeds["client_post_daily_metrics-out-of-range"] = one(
        "client_post_daily_metrics", {"days": [dict(day, resting_heart_rate=900)]})
    seeds["client_post_daily_metrics-bad-name"] = one(
        "client_post_daily_metrics", {"days": [{"date": "2026-03-02", "9x": 1}]})
    seeds["client_list_daily_metrics-range"] = one(
        "client_list_daily_metrics", {"from": "2026-03-01", "to": "2026-03-31", "page": 2, "page_size": 100})
    seeds["client_list_daily_metrics-bad-bound"] = one("client_list_daily_metrics", {"from": "2026-03-01T00:00:00Z"})
    seeds["client_delete_daily_metrics-date"] = one("client_delete_daily_metrics", {"date": "2026-03-02"})
    seeds["client_get_profile-empty"] = one("client_get_profile", {})
    seeds["client_set_profile-calendar"] = one(
        "client_set_profile", {"age": 40, "time_zone": "America/Santiago", "first_weekday": "sunday"})
    seeds["client_set_profile-bad-zone"] = one("client_set_profile", {"time_zone": "Mars/Olympus_Mons"})
    seeds["client_send_message_stream-valid"] = one(
        "client_send_message_stream", {"consultation_id": consultation["id"], "content": "How did I sleep?"})
    seeds["client_send_message_stream-empty-content"] = one(
        "client_send_message_stream", {"consultation_id": "c1", "content": ""})
    seeds["client_send_message_stream-unknown-key"] = one(
        "client_send_message_stream", {"consultation_id": "c1", "content": "hi", "stream": True})
    seeds["client_send_message_stream-not-an-object"] = one("client_send_message_stream", b'["c1", "hi"]')
    seeds["integration_actions-insight-detail"] = one(
        "integration_actions", {"insight": actionable, "surface": "detail"})
    seeds["integration_actions-goal"] = one("integration_actions", {"goal": goal})
    seeds["integration_actions-consultation-notification"] = one(
        "integration_actions", {"consultation": consultation, "surface": "notification"})
    for label, url in [("new-consultation", "fitiq://chat/new?persona=wellnessSpecialist&context=insight&contextId=i%201"),
                       ("goal-tips", "fitiq://goals?id=g1&action=tips"), ("suggestions", "fitiq://goals?suggestions=true"),
                       ("insight", "FITIQ://user@insights:80/x?id=a%2Fb#frag"), ("javascript", "javascript:alert(1)"),
                       ("bad-percent", "fitiq://goals?id=%e2%82"), ("unknown-host", "fitiq://settings")]:
        seeds[f"deep_link_parse-{label}"] = one("deep_link_parse", {"url": url})
    seeds["deep_link_parse-custom-scheme"] = one("deep_link_parse", {"url": "my-app://chat?id=c1", "scheme": "my-app"})
    seeds["deep_link_build-new-consultation"] = one("deep_link_build", {"link": {
        "kind": "new_consultation", "persona": "sleep_coach", "context_type": "goal", "context_id": "g 1"}})
    seeds["deep_link_build-goal-consultation"] = one("deep_link_build", {
        "link": {"kind": "goal_consultation", "identifier": "goal_consultation_g1", "goal_id": "g1"},
        "scheme": "fitiq"})
    seeds["deep_link_build-insights-list"] = one("deep_link_build", {"link": {"kind": "insights_list"}})
    # The derived identifier, when sent back, must be the link's own.
    seeds["deep_link_build-identifier"] = one("deep_link_build", {"link": {"kind": "goal", "id": "g1",
                                                                           "identifier": "goal_g1"}})
    seeds["deep_link_build-wrong-identifier"] = one("deep_link_build", {"link": {"kind": "goal", "id": "g1",
                                                                                 "identifier": 5}})
    seeds["notification_insight-example"] = one("notification_insight", {"insight": actionable})
    seeds["notification_goal_progress-example"] = one("notification_goal_progress", {"goal": goal, "progress": 0.756})
    seeds["notification_progress_milestone-three-milestones"] = one(
        "notification_progress_milestone", {"goal": goal, "previous_progress": 0.1, "progress": 0.8})
    seeds["notification_progress_milestone-none"] = one(
        "notification_progress_milestone", {"goal": goal, "previous_progress": 0.8, "progress": 0.3})
    seeds["notification_categories-example"] = one("notification_categories", {})
    seeds["notification_response-create-goal"] = one("notification_response", {
        "action": "CREATE_GOAL", "user_info": {"type": "insight", "insightId": "i1", "hasGoalSuggestion": True}})
    seeds["notification_response-chat-goal"] = one("notification_response", {
        "action": "CHAT_GOAL", "user_info": {"type": "goal", "goalId": "g1"}, "scheme": "myapp"})
    seeds["notification_response-open"] = one("notification_response", {
        "action": "com.apple.UNNotificationDefaultActionIdentifier", "user_info": {"type": "goal", "goalId": "g1"}})
    seeds["notification_response-dismiss"] = one("notification_response", {
        "action": "com.apple.UNNotificationDismissActionIdentifier", "user_info": {}})
    events = [
        {"name": "ai_feature_transition", "parameters": {"from_feature": "insights", "to_feature": "goals",
                                                         "context": "i1", "timestamp": "2025-01-15T10:30:00Z"},
         "user_id": "u1"},
        {"name": "insight_action", "parameters": {"insight_id": "i1", "action": "createdGoal",
                                                  "timestamp": "2025-01-15T10:31:00Z"}, "user_id": "u1"},
        {"name": "goal_ai_usage", "parameters": {"goal_id": "g1", "feature": "tips",
                                                 "timestamp": "2025-01-15T10:32:00Z"}, "user_id": "u1"},
        {"name": "consultation_started", "parameters": {"persona": "general_wellness", "context_type": "goal",
                                                        "context_id": "g1", "timestamp": "2025-01-15T10:33:00Z"},
         "user_id": "u1"},
    ]
    for event in events:
        seeds[f"analytics_event-{event['name']}"] = one("analytics_event", event)
    seeds["analytics_metrics-array"] = two("analytics_metrics", {}, events)
    grounding_facts = [{"name": "sleep_hours", "value": 7.23, "unit": "h"},
                       {"name": "sleep_hours_before", "value": 6.71, "unit": "h"},
                       {"name": "steps", "value": 9996}, {"name": "progress", "value": 0.85},
                       {"name": "first_run", "date": "2025-11-03"}]
    seeds["grounding_check-grounded"] = one("grounding_check", {
        "text": "You slept 7.2 hours, 0.5 more than before (+8%); 10,000 steps; 85% done since November 3.",
        "facts": grounding_facts})
    seeds["grounding_check-invented"] = one("grounding_check", {
        "text": "You ran 12 km on 2025-11-04, between 3 and 16 Nov, \u2212 0.3 years.", "facts": grounding_facts})
    unit_facts = grounding_facts + [{"name": "run_km", "value": 5, "unit": "km"},
                                    {"name": "checkins", "value": 30, "unit": "checkins"}]
    seeds["grounding_check-unicode-digits"] = one("grounding_check", {
        "text": "\uff11\uff12\uff0c\uff10\uff10\uff10 steps, \u0661\u0662\u066c\u0660\u0660\u0660"
                " and \u0667\u066b\u0662,"
                " \u0967\u0968 h, \U0001d7cf\U0001d7d0 km, \u216b \u246b \u2474 \u2488 \u00bd 1\u00be"
                " \u00b9\u00b2 10\u00b2,"
                " 1\u200b2 1\u00ad0\u2060000 \ufeff7.2, \u0668\u0665\u066a, \u8dd1\u4e86\uff15\u516c\u91cc",
        "facts": unit_facts})
    seeds["grounding_check-groupings"] = one("grounding_check", {
        "text": "10 000 steps, 10\u2009000, 10\u202f000, 10\u00a0000, 10'000, 12\u2019500, 5,7.2, 1,22.3, 1,234,5,"
                " 7,2 h, 10 000,5, 3 10, 7.2.2025, 1 0000, -1\u202f000 %",
        "facts": unit_facts})
    seeds["grounding_check-number-words"] = one("grounding_check", {
        "text": "Twelve thousand steps, two hundred and five, twenty-one days, a dozen runs, two dozen, a couple,"
                " half an hour, one and a half hours, a hundred and twenty minutes, twice a week, once a day,"
                " ten times, 12 thousand, 1.5 million, 12k steps, dozens of runs, one of them, one hour.",
        "facts": unit_facts})
    seeds["grounding_check-other-languages"] = one("grounding_check", {
        "text": "Du bist zw\u00f6lftausend Schritte gegangen, dreimal, eine halbe Stunde; twaalfduizend stappen,"
                " twee\u00ebntwintig keer; doce mil pasos, veintid\u00f3s; une demi-heure; dodicimila passi,"
                " mezz'ora; \u4f60\u8d70\u4e86\u4e00\u4e07\u4e24\u5343\u6b65, \u4e03\u4e2a\u534a\u5c0f\u65f6,"
                " \u58f9\u4e07\u8d30\u4edf, \u4e07\u4e00, XII workouts, a fortnight, doubled, a baker's dozen,"
                " an hour and a half, 7,500 steps\u6b69\u304d\u307e\u3057\u305f, 5.5 out of 10 this week.",
        "facts": unit_facts})
    seeds["grounding_check-units"] = one("grounding_check", {
        "text": "You ran 30 marathons and 3.1 miles, slept 434 minutes, 7-8 hours or seven to eight hours,"
                " 30 check-ins, 85 percent, 70 kg or 154 lb, 5 consecutive days, 4 more hours.",
        "facts": unit_facts})
    seeds["analytics_metrics-json-lines"] = two(
        "analytics_metrics", {"session_gap_minutes": 45}, b"\n".join(dumps(event) for event in events) + b"\n")
    seeds["analytics_new-capacity"] = one("analytics_new", {"capacity": 16})
    seeds["analytics_new-empty"] = one("analytics_new", {})
    seeds["analytics_new-bad-capacity"] = one("analytics_new", {"capacity": 0})
    seeds["analytics_emit-goal-ai-usage"] = one(
        "analytics_emit", {"name": "goal_ai_usage", "parameters": {"goal_id": "g1", "feature": "suggestions"}})
    seeds["analytics_emit-bad-action"] = one(
        "analytics_emit", {"name": "insight_action", "parameters": {"insight_id": "i1", "action": "liked"}})
    seeds.update(query_seeds())
    seeds.update(arrow_seeds())
    return seeds


def arrow_seeds() -> dict[str, bytes]:
    """wellness_query_tables_new_arrow's inputs (the header bytes fuzz_entry_points.c's run_query_arrow reads:
    format, column shape, zone, null count, validity byte, offsets, struct shape, activity shape), then data."""
    name = "query_tables_new_arrow"
    data = bytes(range(48, 48 + 144))
    shapes = {
        "well-formed": [0, 0, 0, 0, 0xFF, 0, 0, 0],
        "uint64": [6, 0, 0, 0, 0xFF, 0, 0, 0],
        "int8-nulls": [5, 2, 2, 3, 0xEE, 0, 0, 0],
        "no-bitmap-nulls": [0, 3, 0, 2, 0, 0, 0, 0],
        "negative-null-count": [0, 2, 0, 0xF9, 0xFF, 0, 0, 0],
        "extra-buffer": [0, 4, 0, 0, 0xFF, 0, 0, 0],
        "released-child": [0, 16, 0, 0, 0xFF, 0, 0, 32],
        "offset-and-short": [3, 0xC0, 0, 0, 0xFF, 0, 0, 0],
        "zone-mars": [0, 0, 1, 0, 0xFF, 0, 0, 0],
        "zone-offset": [0, 0, 2, 0, 0xFF, 0, 0, 0],
        "struct-null-row": [0, 0, 0, 0, 0xFD, 0, 0x26, 0],
        "offsets-back": [0, 0, 0, 0, 0xFF, 0xFF, 0, 0],
        "sessions-only": [0, 0, 0x80, 0, 0xFF, 0, 0, 0],
    }
    seeds = {f"{name}-{label}": bytes([SEL[name]]) + b"{}" + SEPARATOR + bytes(header) + data
             for label, header in shapes.items()}
    seeds[f"{name}-not-utf8"] = bytes([SEL[name]]) + SEPARATOR + bytes(8) + b"Run\xff\xc0\xaf\xed\xa0\x80\xc3" * 16
    return seeds


def query_seeds() -> dict[str, bytes]:
    """Tables as rows and as columns, and a query of every window and reducer (docs/QUERY.md)."""
    seeds = {
        "query_tables_new-rows": one("query_tables_new", {
            "time_zone": "America/New_York", "first_weekday": "sunday", "units": {"steps": "steps"},
            "daily": [{"date": "2025-11-01", "steps": 9000, "sleep_minutes": None},
                      {"date": "2025-11-03", "steps": 12000.5, "sleep_minutes": 400}],
            "sessions": [{"start": "2025-11-02T06:30:00-05:00", "end": 1762090000, "activity": "Outdoor Run",
                          "distance": 5.2}]}),
        "query_tables_new-columns": one("query_tables_new", {
            "daily": {"date": ["2025-03-30", "2025-03-29"], "resting_heart_rate": [52, None]},
            "sessions": {"start": [1743300000], "end": [1743303600], "activity": ["Pool Swim"], "duration": [60]}}),
        # The one-pass reader's edges: repeats (the last wins), escapes, numbers of every form, a bad first
        # value of a repeated field (left to the tree), columns of different lengths.
        "query_tables_new-repeats": one("query_tables_new", (
            b'{"daily":[{"date":5,"date":"2025-11-01","steps":1,"steps":-0.0e0}],"daily":[{"\\u0064ate":'
            b'"2025-11-02","st\\u0065ps":1e-400,"x":null}],"sessions":{"start":[1.7e9,"2025-11-02T06:30:00.5Z"],'
            b'"end":[17000036e2,"2025-11-02T07:30:00+00:00"],'
            b'"activity":["V\\u00e9lo \xc3\xa9\\ud83d\\udeb2","Outdoor Cycling Session"],'
            b'"distance":[1,2],"distance":[123456781234567812345678,null]}}')),
        "query_tables_new-ragged": one("query_tables_new", (
            b'{"sessions":{"start":[1700000000,1700000001],"end":[1700003600],"activity":["Run","Run"]},'
            b'"time_zone":"UTC","time_zone":"Europe/Berlin"}')),
    }
    windows = ["all", "today", "yesterday", "this_week", "this_month", "last_week", "last_month", {"last_days": 7},
               {"between": ["2025-03-01", "2025-03-31"]}, {"day_of": {"which": "last", "activity": "run"}},
               {"day_of_max": {"table": "sessions", "metric": "distance", "activity": "run"}}]
    reducers = ["sum", "mean", "median", "min", "max", "std", "count", "count_days", "first", "last", "first_date",
                "last_date", "date_of_max", "date_of_min", "activities", "most_frequent_activity", "range",
                "count_activities"]
    for index, reduce in enumerate(reducers):
        sessions = reduce in ("activities", "most_frequent_activity", "count_activities") or index % 2 == 1
        query = {"table": "sessions" if sessions else "daily", "reduce": reduce, "anchor": "2025-04-01",
                 "window": windows[index % len(windows)]}
        if reduce not in ("activities", "most_frequent_activity", "count_days", "count_activities"):
            query["metric"] = "distance" if sessions else "steps"
        if sessions and index % 3 == 0:
            query["activity"] = ["run", "bike"]
        if index % 4 == 0:
            query["where"] = [{"metric": "activity" if sessions else "sleep_minutes", "op": "!=" if sessions else "<",
                               "value": "swim" if sessions else 400}]
            query["on_days_where"] = [{"metric": "steps" if sessions else "distance", "op": ">=", "value": 1}]
        if index % 5 == 0:
            query["take"] = {"last": 2}
        if index % 3 == 1:
            query["weekdays"] = ["saturday", "sunday"]
            query["activity_match"] = "exact"
            query["same_day_where"] = [{"metric": "activity" if sessions else "steps", "op": "==",
                                        "value": "Outdoor Run" if sessions else 9000}]
        seeds[f"query-{reduce}"] = one("query", query)
    seeds["query_many-mixed"] = one("query_many", {"queries": [
        {"table": "daily", "metric": "steps", "reduce": "sum", "window": {"last_days": 3}, "anchor": "2025-03-31"},
        {"table": "daily", "metric": "stepz", "reduce": "sum"}, {"table": "sessions", "reduce": "count"}]})
    for index, question in enumerate([
            "How many days did I run in the last two weeks?",
            "What was my average deep sleep on days I walked more than 10,000 steps?",
            "What was my heart rate on my last three swims?", "How many hours did I sleep this year?",
            "avrage stpes on days I ran", "Am I getting fitter?",
            "How many days did I sleep between 6 and 8 hours in March?", "runs of 5 km or longer since Monday",
            "How many days was my deep sleep over 20%?", "more than 6 hours and less than 8 hours of sleep",
            "How many steps on weekends?", "How many treadmill runs this month?", "What was my average bed time?",
            "range of my steps on Mondays", "How many walks on days I also ran?",
            "HRV on the day of my longest run", "How many different workouts fortnightly?"]):
        seeds[f"query_ask-{index}"] = one("query_ask", {"question": question, "anchor": "2025-04-01"})
    return seeds


def write_dictionary(path: Path) -> None:
    """JSON tokens and every key and enum name the library's sources spell."""
    words: set[str] = set()
    for source in (ROOT / "Sources").rglob("*.swift"):
        words.update(re.findall(r'"([a-zA-Z_][a-zA-Z_0-9]{1,31})"', source.read_text()))
    words -= {word for word in words if word.startswith("WELLNESS_") or word in {"HOME", "XDG_CACHE_HOME"}}
    tokens = ["{", "}", "[", "]", ":", ",", '""', "true", "false", "null", "-", "0", "1e308", "-1e308", "1e16",
              "5e-324", "1.5", "9223372036854775807", "-9223372036854775808", "\\u0000", "\\ud83d\\ude00",
              "2025-01-15", "2025-01-15T10:30:00Z", "2025-01-15T10:30:00.123+05:30", "0001-01-01", "9999-12-31",
              "America/New_York", "Europe/Paris", "Australia/Lord_Howe", "Pacific/Kiritimati", "UTC"]
    lines = ["# libFuzzer dictionary for e2e/fuzz/fuzz_entry_points.c, written by make_corpus.py."]
    for index, token in enumerate(tokens):
        lines.append(f"t{index}=" + json.dumps(token))
    for word in sorted(words):
        lines.append(f"k_{word}=" + json.dumps(f'"{word}"'))
    path.write_text("\n".join(lines) + "\n")


def record_tests(library: Path, workdir: Path) -> Path:
    """Builds the recorder and the C tests, runs them under it; returns the recording directory."""
    cc = os.environ.get("CC", "cc")
    runtime = workdir / "runtime"
    runtime.mkdir()
    (runtime / "libwellness.so.1").symlink_to(library.resolve())
    (runtime / "libwellness.so").symlink_to(library.resolve())
    shim = workdir / "record_calls.so"
    subprocess.run([cc, "-shared", "-fPIC", "-O1", f"-I{ROOT / 'include'}", f"-I{ROOT / 'e2e' / 'fuzz'}",
                    str(ROOT / "e2e" / "fuzz" / "record_calls.c"), "-o", str(shim), "-ldl"], check=True)
    recorded = workdir / "recorded"
    recorded.mkdir()
    programs = {name: ROOT / "e2e" / "c" / f"test_{name}.c" for name in ("abi", "models", "bad_input", "integration")}
    programs["demo"] = ROOT / "examples" / "c" / "demo.c"
    environment = dict(os.environ, WELLNESS_FUZZ_RECORD_DIR=str(recorded), LD_PRELOAD=str(shim),
                       SWIFT_BACKTRACE="enable=no")
    for name, source in programs.items():
        binary = workdir / name
        subprocess.run([cc, "-std=c99", "-O1", f"-I{ROOT / 'include'}", str(source), "-o", str(binary),
                        f"-L{runtime}", "-lwellness", f"-Wl,-rpath,{runtime}", "-ljansson", "-lpthread"], check=True)
        arguments = [str(binary)]
        if name == "demo":
            (workdir / "demo-out").mkdir()
            arguments += [str(DATA), str(workdir / "demo-out")]
        # The outcome does not matter here (a test may fail on a known defect).
        result = subprocess.run(arguments, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        print(f"recorded {name}: exit {result.returncode}, {len(os.listdir(recorded))} distinct inputs so far")
    return recorded


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "e2e" / "fuzz" / "corpus")
    parser.add_argument("--library", type=Path, help="release libwellness.so, to record the C tests' inputs")
    parser.add_argument("--fuzzer", type=Path, help="libFuzzer binary, to keep only recorded inputs adding coverage")
    arguments = parser.parse_args()

    if arguments.out.exists():
        shutil.rmtree(arguments.out)
    arguments.out.mkdir(parents=True)
    for name, payload in example_seeds().items():
        if len(payload) > MAX_LEN:
            sys.exit(f"seed {name} is longer than {MAX_LEN} bytes")
        (arguments.out / name).write_bytes(payload)
    print(f"{len(os.listdir(arguments.out))} example seeds")
    write_dictionary(ROOT / "e2e" / "fuzz" / "json.dict")

    if arguments.library and arguments.fuzzer:
        with tempfile.TemporaryDirectory(prefix="wellness-corpus-") as temporary:
            workdir = Path(temporary)
            recorded = record_tests(arguments.library, workdir)
            merged = workdir / "merged"
            shutil.copytree(arguments.out, merged)
            before = set(os.listdir(merged))
            # -merge=1 adds to the first directory the inputs of the others that add coverage.
            # Recorded inputs that fail (open defects) are left out; their reports go to workdir.
            subprocess.run([str(arguments.fuzzer), "-merge=1", f"-max_len={MAX_LEN}", f"-artifact_prefix={workdir}/",
                            str(merged), str(recorded)],
                           check=True, env=dict(os.environ, SWIFT_BACKTRACE="enable=no"),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for name in sorted(set(os.listdir(merged)) - before):
                payload = (merged / name).read_bytes()
                entry = SELECTORS[payload[0] % len(SELECTORS)] if payload else "empty"
                digest = hashlib.sha1(payload).hexdigest()[:16]
                (arguments.out / f"{entry}-test-{digest}").write_bytes(payload)
    elif arguments.library or arguments.fuzzer:
        sys.exit("--library and --fuzzer go together")

    files = sorted(arguments.out.iterdir())
    size = sum(path.stat().st_size for path in files)
    print(f"{arguments.out}: {len(files)} files, {size} bytes")
    if len(files) >= MAX_FILES or size >= MAX_BYTES:
        sys.exit(f"the corpus must stay under {MAX_FILES} files and {MAX_BYTES} bytes")


if __name__ == "__main__":
    main()
