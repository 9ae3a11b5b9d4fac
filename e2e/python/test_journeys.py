"""Seed 004's three user journeys and its integration tests, end to end
through the wheel against a wellness-server the test starts: every step is
an assertion."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, List, Tuple

import pytest

import wellness
from wellness.types import AnalyticsEvent
from servers import start_wellness_server


@pytest.fixture(scope="module")
def live() -> Iterator[Tuple[str, str, str]]:
    yield from start_wellness_server()


@pytest.fixture()
def client(live: Tuple[str, str, str], tmp_path: Path) -> Iterator[wellness.Client]:
    base_url, api_key, _ = live
    with wellness.Client(base_url, api_key=api_key, cache_directory=False, store_directory=tmp_path / "store") as made:
        yield made


def test_journey_1_insight_goal_tips_achievement(client: wellness.Client) -> None:
    # 1. "New AI Insight Available": the notification of the newest unread insight.
    insight = client.list_insights(read_status=False, page_size=1)["insights"][0]
    notification = wellness.notification_insight({"insight": insight})
    assert notification["title"] == "New AI Insight" and notification["category"] == "INSIGHT_CATEGORY"
    # 2. Tapping it opens the insight's detail.
    route = wellness.notification_response({"action": "open", "user_info": notification["user_info"]})
    assert route["destination"] == {"kind": "insight_detail", "id": insight["id"]}
    # 3. The user reads it.
    assert client.mark_read(insight["id"])["is_read"] is True
    # 4. "Create Goal" is offered (a suggestion names a target) ...
    actions = wellness.integration_actions({"insight": insight, "surface": "detail"})["actions"]
    create = next(action for action in actions if action["intent"] == "create_goal")
    # 5. ... and leads to goal creation pre-filled with the insight's first suggestion.
    assert create["destination"]["kind"] == "goal_creation"
    assert create["destination"]["suggestion"] == insight["suggestions"][0]
    # 6. The goal: "Work out 4 times per week".
    goal = client.create_goal({"title": "Work out 4 times per week", "goal_type": "activity", "target_value": 4,
                               "target_unit": "workouts", "start_date": "2025-01-01", "is_recurring": True})
    # 7-8. "Get AI Tips": 5 to 7 tips.
    tip_action = next(a for a in wellness.integration_actions({"goal": goal})["actions"] if a["intent"] == "tips")
    assert tip_action["destination"] == {"kind": "goal_tips", "goal_id": goal["id"], "title": goal["title"]}
    assert 5 <= client.goal_tips(goal["id"])["count"] <= 7
    # 9. The user follows the tips: progress crosses 25 % and 50 %, each with its notification ...
    half = client.update_goal(goal["id"], progress=0.5)
    assert half["milestones"] == [25, 50] and half["goal"]["status"] == "active"
    assert half["notification"] is not None
    assert half["notification"]["body"] == "Work out 4 times per week is 50% complete! Need tips?"
    # ... and the goal is achieved.
    done = client.update_goal(goal["id"], current_value=4)
    assert done["milestones"] == [75, 100] and done["goal"]["status"] == "completed"
    # 10. A milestone insight celebrates the achievement.
    milestones = client.list_insights(insight_type="milestone", page_size=100)["insights"]
    celebration = [i for i in milestones if i["title"] == "Goal achieved: Work out 4 times per week"]
    assert len(celebration) == 1 and "Congratulations" in celebration[0]["content"]


def test_journey_2_goal_struggle_consultation_new_strategy(client: wellness.Client) -> None:
    # 1-2. An active goal, little progress.
    goal = client.create_goal({"title": "Lose 5 lbs", "goal_type": "body_composition", "target_value": 5,
                               "target_unit": "lbs", "start_date": "2025-01-01", "is_recurring": False})
    client.update_goal(goal["id"], current_value=0.5)
    # 3-4. "Chat with Coach" opens a consultation with the goal as context.
    chat = next(a for a in wellness.integration_actions({"goal": goal})["actions"] if a["intent"] == "discuss")
    destination = chat["destination"]
    assert destination["context_type"] == "goal" and destination["context_id"] == goal["id"]
    consultation = client.create_consultation(destination["persona"], "goal", goal["id"])
    # 5-7. The question, and an answer that uses the goal, activity and nutrition.
    sent, reply = client.send_message(consultation["id"], "Why am I not losing weight?")
    assert sent["role"] == "user" and reply["role"] == "assistant"
    assert '"Lose 5 lbs"' in reply["content"] and "10%" in reply["content"]
    assert "steps" in reply["content"] and "kcal" in reply["content"]
    # 8-9. The coach proposes a workout template; the user accepts it.
    proposals = reply.get("proposals", [])
    template = next(p for p in proposals if p["type"] == "create_goal")
    accepted = client.accept_proposal(template)
    assert accepted["created"] is True and accepted["goal"]["title"] == "Cardio 3 times a week"
    assert accepted["goal"]["id"] in [g["id"] for g in client.list_goals(status="active", page_size=100)["goals"]]
    # 10. The adjusted target brings progress within reach.
    nearer = next(p for p in proposals if p["type"] == "update_goal")
    adjusted = client.accept_proposal(nearer)
    assert adjusted["created"] is False and adjusted["goal"]["target_value"] == 4
    assert adjusted["progress"] is not None and adjusted["progress"] > (adjusted["previous_progress"] or 0)


def test_journey_3_weekly_review_insights_goals(client: wellness.Client) -> None:
    # 1-3. The weekly insights.
    weekly = client.list_insights(insight_type="weekly", page_size=3)["insights"]
    assert len(weekly) == 3
    # 4-5. "Create Goals" from them: suggestions based on those insights.
    suggestions = client.goal_suggestions(insight_ids=[i["id"] for i in weekly])
    assert 3 <= suggestions["count"] <= 5 and suggestions["source"] == "network"
    titles = {i["title"] for i in weekly}
    assert any(any(title in s["rationale"] for title in titles) for s in suggestions["suggestions"])
    # 6. The user accepts two of them.
    goals = [client.create_goal_from_suggestion(s) for s in suggestions["suggestions"][:2]]
    assert len({g["id"] for g in goals}) == 2
    # 7. "Get Tips" for each goal.
    for goal in goals:
        assert client.goal_tips(goal["id"])["goal_id"] == goal["id"]
    # The suggestions no longer ask for these goals' tips.
    tips = [a for a in client.suggested_actions(refresh=True)["actions"] if a["id"] == "get_goal_tips"]
    assert not tips or not {g["id"] for g in goals} & {g["id"] for g in tips[0]["goals"]}


def test_the_client_records_moves_and_goals_made_from_insights(client: wellness.Client) -> None:
    received: List[AnalyticsEvent] = []
    with wellness.Analytics(sink=received.append) as analytics:
        client.set_analytics(analytics)
        insight = client.list_insights(insight_type="weekly", page_size=1)["insights"][0]
        # "Discuss" on the insight moves the user from insights to a consultation.
        moved = client.navigate({"insight": insight, "intent": "discuss"})
        assert moved["destination"] is not None and moved["destination"]["kind"] == "consultation"
        assert moved == wellness.integration_destination({"insight": insight, "intent": "discuss"})
        suggestion = client.goal_suggestions(insight_ids=[insight["id"]])["suggestions"][0]
        goal = client.create_goal_from_suggestion(suggestion, insight_id=insight["id"])
        analytics.flush(timeout=5)
        client.set_analytics(None)
    seen = [(e["name"], {k: v for k, v in e["parameters"].items() if k != "timestamp"}) for e in received]
    assert seen == [
        ("ai_feature_transition", {"from_feature": "insights", "to_feature": "consultations", "context": "discuss"}),
        ("goal_ai_usage", {"goal_id": goal["id"], "feature": "suggestions"}),
        ("insight_action", {"insight_id": insight["id"], "action": "createdGoal"}),
    ]
    metrics = wellness.analytics_metrics({}, received)
    assert metrics["goal_creation_from_insights"]["value"] == 1.0
    assert metrics["feature_transition_rate"]["value"] == 1.0


def test_seed_integration_insight_to_goal_flow(client: wellness.Client) -> None:
    board = client.dashboard(refresh=True)
    assert board["insights"]["insights"], "insights loaded"
    insight = board["insights"]["insights"][0]
    destination = wellness.integration_destination({"insight": insight, "intent": "create_goal"})["destination"]
    assert destination is not None and destination["kind"] == "goal_creation"


def test_seed_integration_goal_to_tips_to_consultation(client: wellness.Client) -> None:
    client.create_goal({"title": "Meditate daily", "goal_type": "wellness", "start_date": "2025-01-01",
                        "is_recurring": True})
    goal = client.dashboard(refresh=True)["goals"]["goals"][0]
    path = [wellness.integration_destination({"goal": goal, "intent": intent})["destination"]
            for intent in ("tips", "discuss")]
    assert [step["kind"] for step in path if step] == ["goal_tips", "consultation"]


def test_seed_integration_data_synchronisation(client: wellness.Client) -> None:
    board = client.dashboard(refresh=True)
    assert board["complete"] is True
    assert board["insights"]["insights"] is not None and board["goals"]["goals"] is not None
    assert board["consultations"]["consultations"] is not None
