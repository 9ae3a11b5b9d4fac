"""Seed 004's integration rules through the Python package: destinations,
actions, deep links (with a seeded random round-trip test), notifications,
analytics events, metrics and the Analytics queue."""

from __future__ import annotations

import json
import random
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

import wellness
from wellness.types import AnalyticsEvent, DeepLink

INSIGHT: Dict[str, Any] = {
    "id": "i1", "user_id": "u1", "insight_type": "weekly", "title": "Protein intake below target", "content": "c",
    "suggestions": ["Set a goal of 120 g protein a day", "Eat eggs"], "is_read": False, "is_favorite": False,
    "is_archived": False, "generated_at": "2025-01-15T10:30:00Z", "created_at": "2025-01-15T10:30:00Z",
    "updated_at": "2025-01-15T10:30:00Z",
}
GOAL: Dict[str, Any] = {
    "id": "g1", "user_id": "u1", "title": "Work out 4 times per week", "goal_type": "activity",
    "start_date": "2025-01-01", "is_recurring": True, "status": "active", "created_at": "2025-01-01T00:00:00Z",
    "updated_at": "2025-01-01T00:00:00Z",
}
CONSULTATION: Dict[str, Any] = {
    "id": "c1", "user_id": "u1", "persona": "nutritionist", "is_archived": False, "message_count": 0,
    "created_at": "2025-01-01T00:00:00Z", "updated_at": "2025-01-01T00:00:00Z",
}


def test_destinations() -> None:
    result = wellness.integration_destination({"insight": INSIGHT, "intent": "create_goal"})
    assert result["destination"] == {"kind": "goal_creation", "suggestion": "Set a goal of 120 g protein a day",
                                     "insight_id": "i1"}
    assert wellness.integration_destination(
        {"insight": dict(INSIGHT, suggestions=None), "intent": "create_goal"})["destination"] is None
    assert wellness.integration_destination({"insight": INSIGHT, "intent": "discuss"})["destination"] == {
        "kind": "consultation", "persona": "wellness_specialist", "context_type": "insight", "context_id": "i1",
        "title": "Protein intake below target"}
    assert wellness.integration_destination({"goal": GOAL, "intent": "discuss"})["destination"] == {
        "kind": "consultation", "persona": "general_wellness", "context_type": "goal", "context_id": "g1",
        "title": "Work out 4 times per week"}
    assert wellness.integration_destination({"goal": GOAL, "intent": "tips"})["destination"] == {
        "kind": "goal_tips", "goal_id": "g1", "title": "Work out 4 times per week"}
    assert wellness.integration_destination({"insight": INSIGHT, "intent": "detail"})["destination"] == {
        "kind": "insight_detail", "id": "i1"}


@pytest.mark.parametrize("request_,path", [
    ({"intent": "discuss"}, "insight"),
    ({"goal": {"id": "g1"}, "intent": "tips"}, "goal.user_id"),
    ({"goal": GOAL, "insight": INSIGHT, "intent": "tips"}, "goal"),
    ({"goal": GOAL, "intent": "create_goal"}, "intent"),
    ({"goal": GOAL, "intnet": "tips"}, "intnet"),
])
def test_bad_contexts_name_the_field(request_: Dict[str, Any], path: str) -> None:
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.integration_destination(request_)
    assert caught.value.path == path


def test_actions() -> None:
    quick = wellness.integration_actions({"insight": INSIGHT})["actions"]
    assert [(a["title"], a["icon"], a["color"]) for a in quick] == [
        ("Discuss with AI", "bubble.left", "purple"), ("Create Goal", "target", "blue")]
    assert [a["notification_action"] for a in quick] == ["DISCUSS_INSIGHT", "CREATE_GOAL"]
    plain = wellness.integration_actions({"insight": dict(INSIGHT, suggestions=["Eat eggs"]), "surface": "detail"})
    assert [a["title"] for a in plain["actions"]] == ["Discuss with AI Coach"]
    goal = wellness.integration_actions({"goal": GOAL, "surface": "notification"})["actions"]
    assert [a["title"] for a in goal] == ["Get Tips", "Chat with Coach"]
    consultation = wellness.integration_actions({"consultation": CONSULTATION})["actions"]
    assert [a["destination"] for a in consultation] == [{"kind": "insights_list"}, {"kind": "goals_list"}]


FORMS = {
    "fitiq://insights": "insights_list", "fitiq://insights?id=i1": "insight_i1", "fitiq://goals": "goals_list",
    "fitiq://goals?id=g1": "goal_g1", "fitiq://goals?id=g1&action=tips": "goal_tips_g1",
    "fitiq://goals?id=g1&action=chat": "goal_consultation_g1", "fitiq://goals?suggestions=true": "goal_suggestions",
    "fitiq://chat": "consultations_list", "fitiq://chat?id=c1": "consultation_c1",
    "fitiq://chat/new": "new_consultation",
    "fitiq://chat/new?persona=sleepCoach&context=goal&contextId=g1": "new_consultation",
}


@pytest.mark.parametrize("url", sorted(FORMS))
def test_every_form_of_the_handler(url: str) -> None:
    parsed = wellness.deep_link_parse({"url": url})
    link = parsed["link"]
    assert link is not None and link["identifier"] == FORMS[url] and parsed["reason"] is None
    assert parsed["url"] == url
    assert wellness.deep_link_build({"link": link})["url"] == url


@pytest.mark.parametrize("url,reason", [
    ("javascript:alert(1)", "other_scheme"), ("https://example.com/goals", "other_scheme"),
    ("fitiq://goals?id=%zz", "malformed"), ("fitiq://goals?id=%ff", "malformed"), ("fitiq://x", "unknown_host"),
    ("fitiq://goals?id=" + "a" * 100_000, "too_long"), ("fitiq://goals?id=a b", "malformed"), ("", "malformed"),
])
def test_hostile_urls_give_no_link(url: str, reason: str) -> None:
    assert wellness.deep_link_parse({"url": url}) == {"link": None, "destination": None, "url": None,
                                                     "reason": reason}


def test_invalid_utf8_is_invalid_json() -> None:
    with pytest.raises(wellness.InvalidJSONError):
        wellness.deep_link_parse(b'{"url": "fitiq://goals?id=\xff"}')


def _random_link(rng: random.Random) -> DeepLink:
    alphabet = "aZ09-._~ /?&=#%+\u00e9\U0001F600\"\\"

    def ident() -> str:
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12)))

    kind = rng.choice(["insight", "insights_list", "goal", "goals_list", "goal_suggestions", "goal_tips",
                       "goal_consultation", "consultation", "consultations_list", "new_consultation"])
    if kind in ("insight", "goal", "consultation"):
        return {"kind": kind, "id": ident()}  # type: ignore[typeddict-item]
    if kind in ("goal_tips", "goal_consultation"):
        return {"kind": kind, "goal_id": ident()}  # type: ignore[typeddict-item]
    if kind == "new_consultation":
        return {"kind": "new_consultation",
                "persona": rng.choice([None, "general_wellness", "wellness_specialist", "nutritionist",
                                       "fitness_coach", "sleep_coach"]),
                "context_type": rng.choice([None, "general", "insight", "goal"]),
                "context_id": rng.choice([None, ident()])}
    return {"kind": kind}  # type: ignore[typeddict-item]


def test_random_links_round_trip() -> None:
    rng = random.Random(20251123)
    for _ in range(500):
        link = _random_link(rng)
        scheme = rng.choice(["fitiq", "my-app.dev"])
        built = wellness.deep_link_build({"link": link, "scheme": scheme})
        parsed = wellness.deep_link_parse({"url": built["url"], "scheme": scheme})
        assert parsed["link"] is not None
        assert {k: v for k, v in parsed["link"].items() if k != "identifier"} == link, built["url"]
        assert parsed["url"] == built["url"]
        assert parsed["link"]["identifier"] == built["identifier"]


def test_notifications() -> None:
    insight = wellness.notification_insight({"insight": INSIGHT})
    assert insight == {"identifier": "insight_i1", "title": "New AI Insight", "body": "Protein intake below target",
                       "category": "INSIGHT_CATEGORY", "sound": "default",
                       "user_info": {"type": "insight", "insightId": "i1", "hasGoalSuggestion": True},
                       "trigger_seconds": 1}
    progress = wellness.notification_goal_progress({"goal": GOAL, "progress": 0.5})
    assert progress["body"] == "Work out 4 times per week is 50% complete! Need tips?"
    assert progress["identifier"] == "goal_progress_g1" and progress["user_info"] == {"type": "goal", "goalId": "g1"}
    milestone = wellness.notification_progress_milestone({"goal": GOAL, "previous_progress": 0.2, "progress": 0.76})
    assert milestone["crossed"] == [25, 50, 75] and milestone["milestone"] == 75 and milestone["percent"] == 76
    assert milestone["notification"] is not None
    assert wellness.notification_progress_milestone(
        {"goal": GOAL, "previous_progress": 0.76, "progress": 0.8})["notification"] is None
    categories = wellness.notification_categories()["categories"]
    assert [(c["identifier"], [a["identifier"] for a in c["actions"]]) for c in categories] == [
        ("INSIGHT_CATEGORY", ["CREATE_GOAL", "DISCUSS_INSIGHT"]), ("GOAL_PROGRESS_CATEGORY", ["GET_TIPS", "CHAT_GOAL"])]


@pytest.mark.parametrize("action,info,url", [
    ("CREATE_GOAL", {"insightId": "i1"}, "fitiq://insights?id=i1"),
    ("DISCUSS_INSIGHT", {"insightId": "i1"}, "fitiq://chat/new?persona=wellnessSpecialist&context=insight&contextId=i1"),
    ("GET_TIPS", {"goalId": "g1"}, "fitiq://goals?id=g1&action=tips"),
    ("CHAT_GOAL", {"goalId": "g1"}, "fitiq://goals?id=g1&action=chat"),
    ("com.apple.UNNotificationDefaultActionIdentifier", {"type": "goal", "goalId": "g1"}, "fitiq://goals?id=g1"),
    ("GET_TIPS", {"insightId": "i1"}, None),
    ("SNOOZE", {"goalId": "g1"}, None),
])
def test_notification_responses(action: str, info: Dict[str, Any], url: Optional[str]) -> None:
    route = wellness.notification_response({"action": action, "user_info": info})
    assert route["url"] == url
    assert (route["destination"] is None) == (url is None)


def _event(name: str, parameters: Dict[str, str], minute: int) -> Dict[str, Any]:
    return {"name": name, "parameters": dict(parameters, timestamp=f"2025-01-15T10:{minute:02d}:00Z")}


def test_events_and_metrics() -> None:
    event = wellness.analytics_event({"name": "consultation_started",
                                      "parameters": {"persona": "sleepCoach", "context_type": "general"}})
    assert event["parameters"]["persona"] == "sleep_coach" and event["parameters"]["context_id"] == "none"
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.analytics_event({"name": "goal_ai_usage", "parameters": {"goal_id": "g", "feature": "magic"}})
    assert caught.value.path == "parameters.feature"
    log = [
        _event("insight_action", {"insight_id": "i1", "action": "viewed"}, 0),
        _event("ai_feature_transition", {"from_feature": "insights", "to_feature": "goals"}, 1),
        _event("insight_action", {"insight_id": "i1", "action": "createdGoal"}, 2),
        _event("goal_ai_usage", {"goal_id": "g1", "feature": "tips"}, 3),
        _event("goal_ai_usage", {"goal_id": "g1", "feature": "consultation"}, 4),
        _event("consultation_started", {"persona": "general_wellness", "context_type": "goal", "context_id": "g1"}, 50),
    ]
    metrics = wellness.analytics_metrics({}, log)
    assert metrics["session_count"] == 2
    assert metrics["feature_transition_rate"]["value"] == 1.0
    assert metrics["goal_creation_from_insights"] == {"value": 1.0, "numerator": 1, "denominator": 1}
    assert metrics["tip_adoption_rate"] == {"value": 1.0, "numerator": 1, "denominator": 1}
    assert metrics["features_per_session"] == {"value": 1.5, "numerator": 3, "denominator": 2}
    lines = "\n".join(json.dumps(e) for e in log)
    assert wellness.analytics_metrics({"session_gap_minutes": 60}, lines)["session_count"] == 1
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.analytics_metrics({}, [log[0], {"name": "insight_action"}])
    assert caught.value.path == "events[1].parameters.insight_id"


GOAL_EVENT = {"name": "goal_ai_usage", "parameters": {"goal_id": "g1", "feature": "tips"}}


def test_analytics_delivers_to_a_callable() -> None:
    received: List[AnalyticsEvent] = []
    with wellness.Analytics(sink=received.append) as analytics:
        for _ in range(10):
            analytics.emit(GOAL_EVENT)
        analytics.flush(timeout=5)
        assert analytics.stats()["delivered"] == 10
    assert len(received) == 10 and received[0]["parameters"]["goal_id"] == "g1"


def test_a_blocked_sink_never_blocks_emit() -> None:
    gate = threading.Event()
    entered = threading.Event()

    def slow(event: AnalyticsEvent) -> None:
        entered.set()
        gate.wait(10)

    analytics = wellness.Analytics(capacity=4, sink=slow)
    analytics.emit(GOAL_EVENT)
    assert entered.wait(5)
    start = time.monotonic()
    for _ in range(200):
        analytics.emit(GOAL_EVENT)
    assert time.monotonic() - start < 2
    stats = analytics.stats()
    assert stats["queued"] == 4 and stats["dropped"] == 196 and stats["in_flight"]
    with pytest.raises(wellness.WellnessTimeoutError):
        analytics.flush(timeout=0.05)
    gate.set()
    analytics.flush(timeout=5)
    assert analytics.stats()["delivered"] == 5
    analytics.close()
    with pytest.raises(wellness.InvalidArgumentError):
        analytics.emit(GOAL_EVENT)


def test_sink_exceptions_are_counted() -> None:
    def broken(event: AnalyticsEvent) -> None:
        raise RuntimeError("sink down")

    with wellness.Analytics(sink=broken) as analytics:
        analytics.emit(GOAL_EVENT)
        analytics.flush(timeout=5)
    assert analytics.sink_errors == 1


def test_jsonl_file_and_metrics(tmp_path: Path) -> None:
    path = tmp_path / "events.jsonl"
    analytics = wellness.Analytics(jsonl_path=str(path))
    analytics.emit(dict(GOAL_EVENT, user_id="u1"))
    analytics.emit({"name": "ai_feature_transition", "parameters": {"from_feature": "goals",
                                                                    "to_feature": "consultations"}})
    analytics.shutdown(timeout=5)
    with pytest.raises(wellness.InvalidArgumentError):
        analytics.emit(GOAL_EVENT)
    analytics.close()
    lines = path.read_text().splitlines()
    assert [json.loads(line)["name"] for line in lines] == ["goal_ai_usage", "ai_feature_transition"]
    assert wellness.analytics_metrics({}, path.read_bytes())["event_count"] == 2
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.Analytics(jsonl_path=str(tmp_path / "missing" / "x.jsonl"))
    assert caught.value.path == "jsonl_path"
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.Analytics(capacity=0)
    assert caught.value.path == "capacity"


def test_sink_can_be_set_later() -> None:
    received: List[AnalyticsEvent] = []
    with wellness.Analytics() as analytics:
        analytics.emit(GOAL_EVENT)
        with pytest.raises(wellness.WellnessTimeoutError):
            analytics.flush(timeout=1)
        analytics.set_sink(received.append)
        analytics.flush(timeout=5)
        analytics.set_sink(None)
    assert len(received) == 1


class _Api(BaseHTTPRequestHandler):
    """Answers the few calls the analytics hook test makes."""

    def _answer(self, body: Dict[str, Any], status: int = 200) -> None:
        payload = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        if self.path.startswith("/api/v1/insights/"):
            self._answer({"success": True, "data": INSIGHT})
        elif self.path == "/api/v1/goals/g1/tips":
            self._answer({"success": True, "data": {"tips": [{"tip": "Walk"}], "goal_id": "g1", "goal_title": "G",
                                                    "count": 1}})
        else:
            self._answer({"success": False, "error": {"code": "NOT_FOUND", "message": "Goal not found"}}, 404)

    def do_PATCH(self) -> None:  # noqa: N802
        length = int(self.headers.get("Content-Length", "0"))
        change = json.loads(self.rfile.read(length) or b"{}")
        self._answer({"success": True, "data": dict(INSIGHT, **change)})

    def log_message(self, *args: Any) -> None:
        pass


def test_a_client_emits_events_when_calls_succeed() -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Api)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    received: List[AnalyticsEvent] = []
    try:
        base_url = f"http://127.0.0.1:{server.server_address[1]}"
        with wellness.Client(base_url, api_key="k", cache_directory=False, max_retries=0) as client, \
                wellness.Analytics(sink=received.append) as analytics:
            client.set_analytics(analytics)
            client.get_insight("i1")
            client.set_favorite("i1", True)
            client.mark_read("i1")
            client.goal_tips("g1")
            with pytest.raises(wellness.NotFoundError):
                client.goal_tips("g2")
            analytics.flush(timeout=5)
            assert [(e["name"], e["parameters"].get("action") or e["parameters"].get("feature")) for e in received] \
                == [("insight_action", "viewed"), ("insight_action", "favorited"), ("goal_ai_usage", "tips")]
            client.set_analytics(None)
            client.get_insight("i1")
            analytics.flush(timeout=5)
            assert len(received) == 3
    finally:
        server.shutdown()


def test_deep_link_parse_takes_a_url() -> None:
    assert wellness.deep_link_parse("fitiq://goals?id=g1")["link"] == {"kind": "goal", "identifier": "goal_g1",
                                                                       "id": "g1"}
    assert wellness.deep_link_parse("my-app://chat?id=c1", scheme="my-app")["link"] is not None
    assert wellness.deep_link_parse('{"url": "fitiq://goals?id=g1"}') == wellness.deep_link_parse(
        "fitiq://goals?id=g1")
    with pytest.raises(TypeError):
        wellness.deep_link_parse({"url": "fitiq://goals"}, scheme="fitiq")


def test_a_str_that_is_not_json_says_what_was_expected() -> None:
    with pytest.raises(wellness.InvalidJSONError, match="a str is taken as JSON text.*pass a dict"):
        wellness.goal_tip_view("drink water")
    with pytest.raises(wellness.InvalidJSONError) as raised:
        wellness.goal_tip_view(b"drink water")
    assert "a str" not in str(raised.value)


@pytest.mark.parametrize("identifier", [5, True, None, [], {}, "goal_other", ""])
def test_a_links_identifier_must_be_its_own_when_given(identifier: Any) -> None:
    link = {"kind": "goal", "id": "g1", "identifier": identifier}
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.deep_link_build({"link": link})
    assert caught.value.path == "link.identifier"
    assert wellness.deep_link_build({"link": {**link, "identifier": "goal_g1"}})["identifier"] == "goal_g1"
    assert wellness.deep_link_build({"link": {"kind": "goal", "id": "g1"}})["url"] == "fitiq://goals?id=g1"
