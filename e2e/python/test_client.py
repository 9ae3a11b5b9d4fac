"""The API client against a live wellness-server: the seeds' journeys."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
import contextlib
import json
import signal
from pathlib import Path
from typing import Iterator, Tuple

import pytest

import wellness
import servers
from servers import start_wellness_server


@contextlib.contextmanager
def paused(base_url: str) -> Iterator[None]:
    """The live server stops answering (SIGSTOP): connections open, no response comes."""
    process = servers.running[base_url]
    process.send_signal(signal.SIGSTOP)
    try:
        yield
    finally:
        process.send_signal(signal.SIGCONT)


@pytest.fixture(scope="module")
def live() -> Iterator[Tuple[str, str, str]]:
    yield from start_wellness_server()


@pytest.fixture()
def client(live: Tuple[str, str, str], tmp_path: Path) -> Iterator[wellness.Client]:
    base_url, api_key, token = live
    with wellness.Client(base_url, api_key=api_key, token=token, cache_directory=str(tmp_path)) as made:
        yield made


def test_suggestions_are_cached_per_user_and_dropped_on_goal_creation(live: Tuple[str, str, str],
                                                                    tmp_path: Path) -> None:
    base_url, api_key, _ = live
    with wellness.Client(base_url, api_key=api_key, cache_directory=str(tmp_path)) as client:
        first = client.goal_suggestions()
        assert first["source"] == "network"
        assert client.goal_suggestions() == {**first, "source": "cache"}
        (stored,) = list(tmp_path.iterdir())
        assert oct(stored.stat().st_mode & 0o777) == "0o600"
        assert api_key not in stored.read_text() and api_key not in stored.name
        client.create_goal_from_suggestion(first["suggestions"][-1])
        assert not list(tmp_path.iterdir())
        assert client.goal_suggestions()["source"] == "network"
    with wellness.Client(base_url, api_key="another-user", cache_directory=str(tmp_path)) as stranger:
        with pytest.raises(wellness.UnauthorizedError):
            stranger.goal_suggestions()


def test_an_expired_cache_still_serves_offline(live: Tuple[str, str, str], tmp_path: Path) -> None:
    base_url, api_key, _ = live
    with wellness.Client(base_url, api_key=api_key, cache_directory=str(tmp_path)) as client:
        client.goal_suggestions(refresh=True)
    (stored,) = list(tmp_path.iterdir())
    data = json.loads(stored.read_text())
    data["stored_at"] -= 3 * 24 * 3600
    stored.write_text(json.dumps(data))
    with wellness.Client(base_url, api_key=api_key, cache_directory=str(tmp_path), timeout=0.5,
                         ai_timeout=0.5) as client:
        with paused(base_url):
            result = client.goal_suggestions()
            with pytest.raises(wellness.WellnessTimeoutError):
                client.list_insights()
    assert result["source"] == "offline_cache" and 3 <= result["count"] <= 5


def test_insights_journey(client: wellness.Client) -> None:
    page = client.list_insights(read_status=False, page_size=5)
    assert len(page["insights"]) == 5 and page["pagination"]["has_next"]
    insight_id = page["insights"][0]["id"]
    opened = client.mark_read(insight_id)
    assert opened["is_read"] and opened["read_at"]
    assert client.set_favorite(insight_id, True)["is_favorite"]
    assert client.archive(insight_id)["archived_at"]
    assert all(insight["id"] != insight_id for insight in client.list_all_insights(page_size=10))
    assert client.unarchive(insight_id)["archived_at"] is None
    client.delete_insight(insight_id)
    with pytest.raises(wellness.NotFoundError) as caught:
        client.get_insight(insight_id)
    assert caught.value.http_status == 404


def test_list_all_pages_reports_progress_and_can_stop(client: wellness.Client) -> None:
    seen = []
    everything = client.list_all_insights(
        page_size=4, progress=lambda fetched, total: seen.append((fetched, total)) or True)
    total = seen[-1][1]
    assert [fetched for fetched, _ in seen] == list(range(1, total + 1)) and len(everything) > 4 * (total - 1)
    stopped = client.list_all_insights(page_size=4, progress=lambda fetched, _: fetched < 2)
    assert len(stopped) == 8


def test_goals_journey(client: wellness.Client) -> None:
    suggestions = client.goal_suggestions(refresh=True)["suggestions"]
    assert 3 <= len(suggestions) <= 5
    goal = client.create_goal_from_suggestion(suggestions[0], now="2025-03-01T09:00:00-05:00",
                                              time_zone="America/New_York")
    assert goal["title"] == suggestions[0]["title"] and goal["status"] == "active"
    tips = client.goal_tips(goal["id"])
    assert 5 <= tips["count"] <= 7 and tips["goal_id"] == goal["id"]
    assert client.get_goal(goal["id"])["id"] == goal["id"]
    assert any(listed["id"] == goal["id"] for listed in client.list_goals(status="active")["goals"])
    with pytest.raises(wellness.NotFoundError) as caught:
        client.goal_tips("goal_unknown")
    assert caught.value.message == "Goal not found"


def test_trends_are_fetched_once_per_session(client: wellness.Client) -> None:
    first = client.trends()
    views = wellness.trends_view(first)
    assert set(views) == {"weekly", "monthly", "yearly"}
    assert views["weekly"]["label"] in {"Rejuvenation", "Aging", "Stable"}
    assert client.trends() == first
    assert client.trends(refresh=True)["weekly"]["available"] is True


def test_consultation_journey(client: wellness.Client) -> None:
    insight = client.list_insights(page_size=1)["insights"][0]
    consultation = client.create_consultation("wellness_specialist", "insight", insight["id"], insight["title"])
    sent, reply = client.send_message(consultation["id"], "What should I change first?")
    assert sent["role"] == "user" and reply["role"] == "assistant" and insight["title"] in reply["content"]
    assert any(item["id"] == consultation["id"] for item in client.list_consultations()["consultations"])


def test_a_data_question_is_answered_exactly_and_the_reply_keeps_its_query(client: wellness.Client) -> None:
    consultation = client.create_consultation("general_wellness")
    _, reply = client.send_message(consultation["id"], "How many steps did I take in the last 7 days?")
    [record] = reply["data_queries"]
    assert record["query"]["metric"] == "steps" and record["query"]["reduce"] == "sum"
    assert record["query"]["window"] == {"last_days": 7}
    result = record["result"]
    assert result["rows"] == 6 and result["unit"] == "steps", "the demo user has no check-in today"
    assert f"{result['value']:,.0f}" in reply["content"], reply["content"]
    listed = client.list_messages(consultation["id"])["messages"]
    assert listed[-1]["data_queries"] == reply["data_queries"] and "data_queries" not in listed[0]


def test_bad_credentials_are_unauthorized_and_not_echoed(live: Tuple[str, str, str]) -> None:
    base_url, _, _ = live
    secret = "sk-not-a-real-key-123456"
    with wellness.Client(base_url, api_key=secret) as client:
        with pytest.raises(wellness.UnauthorizedError) as caught:
            client.list_insights()
    assert secret not in str(caught.value) and secret not in repr(caught.value.error)


def test_token_provider_refreshes_after_401(live: Tuple[str, str, str]) -> None:
    base_url, _, token = live
    asked = []

    def provider(refresh: bool) -> str:
        asked.append(refresh)
        return token if refresh else "expired-token"

    with wellness.Client(base_url, token_provider=provider, cache_directory=False) as client:
        assert client.list_insights(page_size=1)["pagination"]["page_size"] == 1
    assert asked == [False, True]
    with wellness.Client(base_url, token_provider=lambda refresh: "always-wrong", cache_directory=False) as client:
        with pytest.raises(wellness.UnauthorizedError):
            client.list_insights()


def test_one_client_many_threads(client: wellness.Client) -> None:
    def work(_: int) -> int:
        return len(client.list_insights(page_size=3)["insights"])

    with ThreadPoolExecutor(max_workers=16) as pool:
        assert list(pool.map(work, range(64))) == [3] * 64


def test_configuration_errors() -> None:
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.Client("ftp://example.invalid", api_key="k")
    assert caught.value.path == "base_url"
    with pytest.raises(wellness.ValidationError):
        wellness.Client("http://127.0.0.1:1")
