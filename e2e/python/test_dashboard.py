"""The AI overview (seed 004's AIDataManager, feature cards and widget) through the wheel."""

from __future__ import annotations

import datetime
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Dict, Iterator, Tuple

import pytest

import wellness
from servers import start_wellness_server


@pytest.fixture(scope="module")
def live() -> Iterator[Tuple[str, str, str]]:
    yield from start_wellness_server()


def test_the_dashboard_matches_the_lists_it_summarises(live: Tuple[str, str, str], tmp_path: Path) -> None:
    base_url, api_key, _ = live
    with wellness.Client(base_url, api_key=api_key, cache_directory=str(tmp_path)) as client:
        goal = client.create_goal({"title": "Walk 8,000 steps", "goal_type": "activity", "start_date": "2025-01-01",
                                   "is_recurring": True})
        client.create_consultation("general_wellness")
        board = client.dashboard()
        unread = client.list_insights(read_status=False, page_size=5)
        goals = client.list_goals(status="active", page_size=10)
        consultations = client.list_consultations(is_archived=False, page_size=5)
        assert board["complete"] is True and board["age_seconds"] == 0
        assert board["insights"]["insights"] == unread["insights"]
        assert board["insights"]["total"] == unread["pagination"]["total_count"] > 0
        assert goal["id"] in [g["id"] for g in board["goals"]["goals"]]
        assert board["goals"]["total"] == goals["pagination"]["total_count"]
        assert board["consultations"]["total"] == consultations["pagination"]["total_count"] >= 1
        assert [(c["title"], c["icon"], c["color"], c["count"], c["link"]) for c in board["cards"]] == [
            ("AI Insights", "lightbulb.fill", "orange", board["insights"]["total"], "fitiq://insights"),
            ("Smart Goals", "target", "blue", board["goals"]["total"], "fitiq://goals"),
            ("AI Coach", "bubble.left.and.bubble.right", "purple", board["consultations"]["total"], "fitiq://chat"),
        ]
        rows = board["widget"]["rows"]
        assert rows[0]["title"] == f"{board['insights']['total']} New Insights"
        assert rows[-1]["link"] == "fitiq://chat/new" and board["widget"]["title"] == "AI Assistant"


def test_a_kept_dashboard_is_reused_until_refreshed(live: Tuple[str, str, str], tmp_path: Path) -> None:
    base_url, api_key, _ = live
    with wellness.Client(base_url, api_key=api_key, cache_directory=str(tmp_path), link_scheme="myapp") as client:
        first = client.dashboard()
        time.sleep(0.05)
        second = client.dashboard()
        assert second["loaded_at"] == first["loaded_at"] and second["age_seconds"] > 0
        third = client.dashboard(refresh=True)
        assert third["age_seconds"] == 0 and third["loaded_at"] >= first["loaded_at"]
        assert third["cards"][0]["link"] == "myapp://insights"


class SlowAPI:
    """Answers the three dashboard lists after `delay` seconds each; goals fail with 503."""

    def __init__(self, delay: float) -> None:
        empty = {"page": 1, "page_size": 5, "total_pages": 0, "total_count": 0, "has_next": False, "has_prev": False}
        bodies: Dict[str, Tuple[int, bytes]] = {
            "/api/v1/insights": (200, json.dumps(
                {"success": True, "data": {"insights": [], "pagination": empty}}).encode()),
            "/api/v1/consultations": (200, json.dumps(
                {"success": True, "data": {"consultations": [], "pagination": empty}}).encode()),
            "/api/v1/goals": (503, b'{"success":false,"error":{"code":"DOWN","message":"maintenance"}}'),
        }

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *_: object) -> None:
                pass

            def do_GET(self) -> None:
                time.sleep(delay)
                status, body = bodies.get(self.path.split("?")[0], (404, b"{}"))
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_sections_load_together_and_fail_alone() -> None:
    api = SlowAPI(delay=0.5)
    try:
        with wellness.Client(api.base_url, api_key="k", cache_directory=False, max_retries=0) as client:
            started = time.perf_counter()
            board = client.dashboard()
            elapsed = time.perf_counter() - started
    finally:
        api.close()
    assert elapsed < 1.2, f"three 0.5 s answers one after another take 1.5 s; took {elapsed:.2f} s"
    assert board["complete"] is False
    assert board["insights"]["error"] is None and board["consultations"]["total"] == 0
    error = board["goals"]["error"]
    assert error is not None and board["goals"]["total"] is None and board["cards"][1]["count"] is None
    exception = wellness.errors.error_for(dict(error))
    assert isinstance(exception, wellness.HTTPError) and exception.http_status == 503


def test_unknown_options_are_refused(live: Tuple[str, str, str]) -> None:
    base_url, api_key, _ = live
    with wellness.Client(base_url, api_key=api_key, cache_directory=False) as client:
        with pytest.raises(wellness.ValidationError, match="refreshh"):
            client._call("dashboard", {"refreshh": True})
        with pytest.raises(wellness.ValidationError, match="link_scheme"):
            wellness.Client(base_url, api_key=api_key, link_scheme="not a scheme")


def test_suggestions_follow_the_users_state_and_survive_restarts(live: Tuple[str, str, str], tmp_path: Path) -> None:
    base_url, api_key, _ = live
    store = tmp_path / "store"

    def client() -> wellness.Client:
        return wellness.Client(base_url, api_key=api_key, cache_directory=False, store_directory=store)

    with client() as first:
        goal = first.create_goal({"title": "Sleep 8 hours", "goal_type": "sleep", "start_date": "2025-01-01",
                                  "is_recurring": True})
        suggested = first.suggested_actions(refresh=True)
        ids = [action["id"] for action in suggested["actions"]]
        assert suggested["complete"] is True and ids[0] == "view_insights", ids
        tips = next(action for action in suggested["actions"] if action["id"] == "get_goal_tips")
        assert goal["id"] in [g["id"] for g in tips["goals"]]
        first.goal_tips(goal["id"])
        first.create_consultation("general_wellness")
    with client() as restarted:
        after = restarted.suggested_actions(refresh=True)
        tips_goals = [g["id"] for a in after["actions"] if a["id"] == "get_goal_tips" for g in a["goals"]]
        assert goal["id"] not in tips_goals, "the tip fetch was remembered across the restart"
        assert "start_consultation" not in [a["id"] for a in after["actions"]]
        later = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=8)
        ids = [a["id"] for a in restarted.suggested_actions(now=later)["actions"]]
        assert ids[-1] == "start_consultation"
        assert [a["id"] for a in restarted.suggested_actions(now=later, consultation_gap_days=30)["actions"]][-1] \
            != "start_consultation"
