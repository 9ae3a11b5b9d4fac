"""The models and presentation rules of docs/MODELS.md, through the real library."""

from __future__ import annotations

import copy
from typing import Any, Dict

import pytest

import wellness

INSIGHT: Dict[str, Any] = {
    "id": "i1", "user_id": "u1", "insight_type": "daily", "title": "T", "content": "C",
    "is_read": False, "is_favorite": False, "is_archived": False,
    "generated_at": "2025-01-15T10:30:00.500+02:00", "created_at": "2025-01-15T10:30:00Z",
    "updated_at": "2025-01-15T10:30:00Z", "unknown": {"ignored": [1, 2]},
}
SUGGESTION: Dict[str, Any] = {"title": "Walk", "description": "Daily walks", "goal_type": "activity",
                              "target_value": 10000, "target_unit": "steps", "rationale": "r",
                              "estimated_duration": 30, "difficulty": 3}


def with_(base: Dict[str, Any], **changes: Any) -> Dict[str, Any]:
    result = copy.deepcopy(base)
    result.update(changes)
    return result


def test_insight_is_normalised() -> None:
    out = wellness.insight_normalize(INSIGHT)
    assert out["generated_at"] == "2025-01-15T08:30:00.5Z"
    assert out["summary"] is None and out["data_context"] is None and "unknown" not in out
    assert list(out)[:3] == ["id", "user_id", "insight_type"]


@pytest.mark.parametrize("field,value,path", [
    ("insight_type", "hourly", "insight_type"),
    ("id", "", "id"),
    ("is_read", "no", "is_read"),
    ("created_at", "2025-02-30T00:00:00Z", "created_at"),
    ("data_context", {"metrics": {"steps": 1.5}}, "data_context.metrics.steps"),
    ("data_context", {"metrics": {"workouts": 10 ** 30}}, "data_context.metrics.workouts"),
])
def test_insight_errors_name_the_field(field: str, value: Any, path: str) -> None:
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.insight_normalize(with_(INSIGHT, **{field: value}))
    assert caught.value.path == path and caught.value.code == -3 and caught.value.message


def test_list_response_error_paths_include_the_index() -> None:
    page = {"success": True, "data": {"insights": [INSIGHT, with_(INSIGHT, insight_type="monthly")],
                                      "pagination": {"page": 1, "page_size": 20, "total_pages": 1, "total_count": 2,
                                                     "has_next": False, "has_prev": False}}}
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.insights_list_response_normalize(page)
    assert caught.value.path == "data.insights[1].insight_type"


def test_insight_view() -> None:
    insight = with_(INSIGHT, insight_type="pattern", suggestions=["Set a target", "Rest"],
                    data_context={"metrics": {"workouts": 3, "calories": 2150.9, "sleep_hours": 7.25}})
    view = wellness.insight_view(insight)
    assert (view["type_display_name"], view["icon"], view["icon_color"]) == \
        ("Pattern Discovery", "chart.line.uptrend.xyaxis", "green")
    assert view["action_steps"] == [{"number": 1, "text": "Set a target"}, {"number": 2, "text": "Rest"}]
    assert [(card["title"], card["value"]) for card in view["metric_cards"]] == \
        [("Workouts", "3"), ("Calories", "2150"), ("Sleep", "7.2h")]
    assert view["has_actionable_goals"] is True and view["is_unread"] is True


@pytest.mark.parametrize("difficulty,label,colour", [
    (1, "Very Easy", "green"), (2, "Easy", "green"), (3, "Moderate", "orange"),
    (4, "Challenging", "red"), (5, "Very Challenging", "red"),
])
def test_difficulty(difficulty: int, label: str, colour: str) -> None:
    view = wellness.goal_suggestion_view(with_(SUGGESTION, difficulty=difficulty))
    assert (view["difficulty_label"], view["difficulty_color"]) == (label, colour)


@pytest.mark.parametrize("days,text", [
    (None, "Ongoing"), (0, "0 days"), (1, "1 day"), (6, "6 days"), (7, "1 week"), (13, "1 week"), (14, "2 weeks"),
    (29, "4 weeks"), (30, "1 month"), (59, "1 month"), (60, "2 months"),
])
def test_duration_text(days: Any, text: str) -> None:
    assert wellness.goal_suggestion_view(with_(SUGGESTION, estimated_duration=days))["duration_text"] == text


def test_suggestion_icons_and_target() -> None:
    icons = [wellness.goal_suggestion_view(with_(SUGGESTION, goal_type=kind))["goal_type_icon"]
             for kind in ("activity", "Nutrition", "wellness", "body_composition", "sleep")]
    assert icons == ["figure.run", "fork.knife", "heart.fill", "scalemass", "target"]
    assert wellness.goal_suggestion_view(SUGGESTION)["target_text"] == "10000 steps"
    assert wellness.goal_suggestion_view(with_(SUGGESTION, target_unit=None))["target_text"] is None


@pytest.mark.parametrize("priority,level,colour", [("high", 3, "red"), ("MEDIUM", 2, "orange"), ("low", 1, "green"),
                                                   (None, 2, "orange"), ("urgent", 2, "orange")])
def test_tip_priority(priority: Any, level: int, colour: str) -> None:
    view = wellness.goal_tip_view({"tip": "t", "priority": priority, "category": "sleep"})
    assert (view["priority_level"], view["priority_color"]) == (level, colour)
    assert view["category_icon"] == "bed.double.fill" and view["category_label"] == "Sleep"


def test_goal_request_from_suggestion_keeps_wall_clock_across_dst() -> None:
    request = wellness.create_goal_request_from_suggestion(
        {"suggestion": SUGGESTION, "now": "2025-03-01T12:00:00-05:00", "time_zone": "America/New_York"})
    assert request["start_date"] == "2025-03-01T17:00:00Z"
    assert request["target_date"] == "2025-03-31T16:00:00Z"
    assert request["is_recurring"] is False and request["title"] == "Walk"
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.create_goal_request_from_suggestion({"suggestion": SUGGESTION, "time_zone": "Mars/Olympus"})
    assert caught.value.path == "time_zone"


@pytest.mark.parametrize("bucket,label,value,colour", [
    ({"value": None, "available": False}, "No data", "—", None),
    ({"value": -0.32, "available": True}, "Rejuvenation", "-0.32y", "green"),
    ({"value": 1.5, "available": True}, "Aging", "1.50y", "red"),
    ({"value": 0, "available": True}, "Stable", "0.00y", "red"),
    ({"value": -4.2, "available": False, "projection": True, "points": []}, "Projected", "-4.20y", "green"),
])
def test_trend_label_and_value(bucket: Dict[str, Any], label: str, value: str, colour: Any) -> None:
    view = wellness.trend_view({"period": "yearly", "bucket": bucket})
    assert (view["label"], view["formatted_value"], view["value_color"]) == (label, value, colour)


def test_trend_messages_and_chart_rule() -> None:
    missing = {"value": None, "available": False}
    assert wellness.trend_view({"period": "weekly", "bucket": missing})["message"] == \
        "Not enough data for a weekly trend yet. Keep logging your daily check-ins."
    assert wellness.trend_view({"period": "monthly", "bucket": missing})["message"] == \
        "Not enough data for a monthly trend yet. Keep logging your daily check-ins."
    projected = wellness.trend_view({"period": "yearly", "bucket": {"value": -1, "available": False,
                                                                     "projection": True, "points": []}})
    assert projected["message"] == ("Not enough data for a yearly trend yet. "
                                    "Showing a projected yearly trend based on recent check-ins.")
    assert projected["show_chart"] is True
    no_points = wellness.trend_view({"period": "yearly", "bucket": {"value": None, "available": False,
                                                                     "projection": True}})
    assert no_points["show_chart"] is False
    assert no_points["message"] == "Not enough data for a yearly trend yet. Keep logging your daily check-ins."


def test_consultations() -> None:
    request = wellness.create_consultation_request_normalize({"persona": "generalWellness", "context_type": "goal",
                                                              "context_id": "g1"})
    assert request["persona"] == "general_wellness"
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.create_consultation_request_normalize({"persona": "nutritionist", "context_type": "insight"})
    assert caught.value.path == "context_id"


def test_update_request_omits_unchanged_fields() -> None:
    assert wellness.insight_update_request_normalize({"is_archived": True}) == {"is_archived": True}
    with pytest.raises(wellness.ValidationError):
        wellness.insight_update_request_normalize({})
