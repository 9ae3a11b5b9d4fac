"""Offline mode through the wheel: reads from the cache when
the API cannot be reached, queued writes visible at once, replayed by sync()
in order and once each, refusals kept, many processes on one store, and
writers killed at random points losing nothing that was acknowledged."""

from __future__ import annotations

import functools

import datetime
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

import wellness
from servers import FaultServer, RestartableServer, start_wellness_server, running


def offline_client(base_url: str, api_key: str, store: Path, **options: Any) -> wellness.OfflineClient:
    settings: Dict[str, Any] = {"timeout": 2, "ai_timeout": 2, "max_retries": 0, "initial_backoff": 0.05,
                                "cache_directory": False, **options}
    return wellness.OfflineClient(base_url, api_key=api_key, store_directory=store, **settings)


def without_stamp(answer: Dict[str, Any]) -> Dict[str, Any]:
    return {key: value for key, value in answer.items() if key not in ("source", "cached_at", "age_seconds")}


def all_goal_titles(base_url: str, api_key: str) -> List[Tuple[datetime.datetime, str]]:
    """(created_at, title) of every goal of the user, oldest first, from a client without offline mode."""
    goals: List[Tuple[datetime.datetime, str]] = []
    with wellness.Client(base_url, api_key=api_key, cache_directory=False, store_directory=False) as plain:
        page = 1
        while True:
            listed = plain.list_goals(page=page, page_size=100)
            goals += [(datetime.datetime.fromisoformat(goal["created_at"].replace("Z", "+00:00")), goal["title"])
                      for goal in listed["goals"]]
            if not listed["pagination"]["has_next"]:
                break
            page += 1
    return sorted(goals)


class MaintenanceServer(FaultServer):
    """FaultServer whose insights answer 503 while `down` (a backend in maintenance)."""

    down = False

    def respond(self, handler: Any, scenario: str, hit: int) -> None:
        if self.down:
            self.send(handler, 503, b'{"success":false,"error":{"code":"DOWN","message":"maintenance"}}')
        else:
            super().respond(handler, scenario, hit)


def test_reads_answer_from_the_cache_when_the_api_answers_5xx(tmp_path: Path) -> None:
    faults = MaintenanceServer()
    try:
        with offline_client(faults.base_url, "k", tmp_path / "store") as client:
            faults.down = True
            with pytest.raises(wellness.HTTPError):
                client.get_insight("flaky")  # 503, nothing cached: the error as before
            faults.down = False
            fresh = client.get_insight("flaky")
            assert "source" not in fresh, "a fresh answer keeps its shape"
            faults.down = True
            offline = client.get_insight("flaky")
            assert offline["source"] == "offline_cache" and offline["age_seconds"] >= 0
            assert offline["cached_at"].endswith("Z") and without_stamp(dict(offline)) == fresh
            faults.down = False
            with pytest.raises(wellness.NotFoundError):
                client.get_insight("unknown")  # the API's own answer is never hidden
        with wellness.Client(faults.base_url, api_key="k", store_directory=tmp_path / "store", cache_directory=False,
                             max_retries=0) as plain:
            faults.down = True
            with pytest.raises(wellness.HTTPError):
                plain.get_insight("flaky")  # without offline mode, nothing changes
    finally:
        faults.close()


def test_reads_answer_from_the_cache_when_the_server_is_down(server: RestartableServer, tmp_path: Path) -> None:
    with offline_client(server.base_url, server.api_key, tmp_path / "store") as client:
        fresh = client.list_goals()
        server.stop()
        offline = client.list_goals()
        assert offline["source"] == "offline_cache" and without_stamp(dict(offline)) == fresh
        with pytest.raises(wellness.NetworkError):
            client.list_goals(page=2)


def test_every_read_is_cached(tmp_path: Path) -> None:
    for base_url, api_key, _ in start_wellness_server():
        with offline_client(base_url, api_key, tmp_path / "store", timeout=0.5) as client:
            insight_id = client.list_insights(page_size=5)["insights"][0]["id"]
            goal = client.create_goal({"title": "Cached", "goal_type": "activity", "start_date": "2025-01-01",
                                       "is_recurring": False})
            assert "queued" not in goal
            goal_id = goal["id"]  # type: ignore[typeddict-item]
            consultation = client.create_consultation("wellness_specialist")
            consultation_id = consultation["id"]  # type: ignore[typeddict-item]
            reads = {
                "list_insights": lambda: client.list_insights(page_size=5),
                "get_insight": functools.partial(client.get_insight, insight_id),
                "list_goals": lambda: client.list_goals(),
                "get_goal": functools.partial(client.get_goal, goal_id),
                "list_consultations": lambda: client.list_consultations(),
                "list_messages": functools.partial(client.list_messages, consultation_id),
                "dashboard": lambda: client.dashboard(refresh=True),
            }
            fresh = {name: read() for name, read in reads.items()}
            trends, stamp = client.trends_with_stamp(refresh=True)
            assert stamp is None and all("source" not in answer for answer in fresh.values())
            process = running[base_url]
            process.send_signal(signal.SIGSTOP)
            try:
                for name, read in reads.items():
                    offline: Any = read()
                    assert offline["source"] == "offline_cache", name
                    if name != "dashboard":
                        assert without_stamp(offline) == fresh[name], name
                offline_trends, stamp = client.trends_with_stamp(refresh=True)
                assert stamp is not None and stamp["source"] == "offline_cache" and offline_trends == trends
            finally:
                process.send_signal(signal.SIGCONT)


def test_optimistic_state_before_sync_and_a_404_on_replay(server: RestartableServer, tmp_path: Path) -> None:
    with offline_client(server.base_url, server.api_key, tmp_path / "store") as client:
        page = client.list_insights(read_status=False, page_size=5)
        insight = page["insights"][0]
        server.stop()
        queued = client.mark_read(insight["id"])
        assert queued.get("queued") is True and queued["optimistic"]["is_read"] is True  # type: ignore[typeddict-item,index]
        assert client.get_insight(insight["id"])["is_read"] is True, "reads as read from the cache"
        cached_page = client.list_insights(read_status=False, page_size=5)
        assert cached_page["source"] == "offline_cache"
        assert [item["is_read"] for item in cached_page["insights"] if item["id"] == insight["id"]] == [True]
        deleted = client.delete_insight("no-such-insight")
        assert deleted is not None and deleted["queued"] is True
        assert [item["operation"] for item in client.pending()["pending"]] == ["update_insight", "delete_insight"]
        server.start()
        report = client.sync()
        assert [item["result"] for item in report["items"]] == ["delivered", "failed"]
        assert report["items"][1]["http_status"] == 404 and report["remaining"] == 0
        (failed,) = client.failed_writes()["failed"]
        assert failed["path"] == "/api/v1/insights/no-such-insight" and failed["http_status"] == 404
        assert failed["reason"]
        assert client.clear_failed() == 1 and client.failed_writes()["count"] == 0
        fresh = client.get_insight(insight["id"])
        assert "source" not in fresh and fresh["is_read"] is True, "the server holds the change"


def test_goal_progress_queued_offline_is_shown_and_then_applied(server: RestartableServer, tmp_path: Path) -> None:
    with offline_client(server.base_url, server.api_key, tmp_path / "store") as client:
        made = client.create_goal({"title": "Walk 10 km", "goal_type": "activity", "target_value": 10,
                                   "target_unit": "km", "start_date": "2025-01-01", "is_recurring": False})
        goal_id = made["id"]  # type: ignore[typeddict-item]
        client.get_goal(goal_id)
        client.list_goals()
        server.stop()
        queued = client.update_goal(goal_id, progress=0.5)
        assert queued.get("queued") is True and queued["operation"] == "update_goal"  # type: ignore[typeddict-item]
        assert queued["optimistic"]["current_value"] == 5  # type: ignore[typeddict-item,index]
        cached = client.get_goal(goal_id)
        assert cached["source"] == "offline_cache" and cached["current_value"] == 5
        assert [g["current_value"] for g in client.list_goals()["goals"] if g["id"] == goal_id] == [5]
        server.start()
        report = client.sync()
        assert [item["result"] for item in report["items"]] == ["delivered"]
        fresh = client.get_goal(goal_id)
        assert "source" not in fresh and fresh["current_value"] == 5, "the server holds the progress"
        done = client.update_goal(goal_id, current_value=10)
        assert "queued" not in done and done["milestones"] == [75, 100]  # type: ignore[typeddict-item]


def test_cancel_and_encryption_at_rest(server: RestartableServer, tmp_path: Path) -> None:
    key = "B" * 43 + "="  # base64 of 32 bytes
    store = tmp_path / "store"
    with offline_client(server.base_url, server.api_key, store, store_key=key) as client:
        client.list_goals()
        server.stop()
        queued = client.create_goal({"title": "Secret-title-42", "goal_type": "activity", "start_date": "2025-01-01",
                                     "is_recurring": False})
        assert queued["queued"] is True  # type: ignore[typeddict-item]
        raw = b"".join(path.read_bytes() for path in store.iterdir() if path.name.startswith("store.sqlite"))
        assert b"Secret-title-42" not in raw and b"pagination" not in raw, "bodies and answers are sealed"
        pending_id = queued["pending_id"]  # type: ignore[typeddict-item]
        assert client.cancel_pending(pending_id) == {"pending_id": pending_id, "cancelled": True}
        assert client.pending()["count"] == 0
    with pytest.raises(wellness.ValidationError, match="store_key"):
        wellness.OfflineClient("http://127.0.0.1:9", api_key="k", store_key="c2hvcnQ=")


QUEUE_WRITER = """
import sys, wellness
base_url, api_key, store, prefix, count = sys.argv[1:6]
client = wellness.OfflineClient(base_url, api_key=api_key, store_directory=store, cache_directory=False,
                         max_retries=0, timeout=2, ai_timeout=2)
for n in range(int(count)):
    result = client.create_goal({"title": f"{prefix}-{n:05d}", "goal_type": "activity", "start_date": "2025-01-01",
                                 "is_recurring": False})
    assert result.get("queued") is True, result
print("queued", flush=True)
sys.stdin.readline()
delivered = 0
while True:
    report = client.sync(wait=60)
    delivered += report["delivered"]
    assert report["failed"] == 0, report
    if report["remaining"] == 0 and not report["busy"]:
        break
print("delivered", delivered, flush=True)
"""


def test_two_processes_share_one_store(server: RestartableServer, tmp_path: Path) -> None:
    store = tmp_path / "store"
    server.stop()
    writers = [subprocess.Popen([sys.executable, "-c", QUEUE_WRITER, server.base_url, server.api_key, str(store),
                                 f"p{n}", "1000"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
               for n in range(2)]
    for writer in writers:
        assert writer.stdout is not None and writer.stdout.readline().strip() == "queued"
    server.start()
    started = time.monotonic()
    for writer in writers:
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
    outputs = [writer.communicate(timeout=300)[0] for writer in writers]
    elapsed = time.monotonic() - started
    assert [writer.returncode for writer in writers] == [0, 0]
    delivered = [int(output.split()[-1]) for output in outputs]
    assert sum(delivered) == 2000, delivered
    goals = all_goal_titles(server.base_url, server.api_key)
    titles = [title for _, title in goals]
    assert len(titles) == 2000 and len(set(titles)) == 2000, "each write delivered exactly once"
    for prefix in ("p0", "p1"):
        mine = [title for title in titles if title.startswith(prefix + "-")]
        assert mine == sorted(mine), "in order"
    print(f"two processes: 2,000 queued writes synced in {elapsed:.2f} s (split {delivered})")


CRASH_WRITER = """
import sys, wellness
base_url, api_key, store, prefix = sys.argv[1:5]
client = wellness.OfflineClient(base_url, api_key=api_key, store_directory=store, cache_directory=False,
                         max_retries=0, timeout=1, ai_timeout=1)
print("ready", flush=True)
for n in range(40):
    title = f"{prefix}-{n:03d}"
    sys.stdout.write(f"begin {title}\\n")
    sys.stdout.flush()
    result = client.create_goal({"title": title, "goal_type": "activity", "start_date": "2025-01-01",
                                 "is_recurring": False})
    assert result.get("queued") is True, result
    sys.stdout.write(f"ack {title}\\n")
    sys.stdout.flush()
sys.stdin.readline()
"""


def test_writers_killed_at_random_points_lose_nothing_acknowledged(server: RestartableServer, tmp_path: Path) -> None:
    store = tmp_path / "store"
    server.stop()
    rng = random.Random(12)
    acknowledged: List[str] = []
    unacknowledged: List[str] = []  # begun, killed before the call returned
    iterations = 0
    deadline = time.monotonic() + 90
    while iterations < 200 and time.monotonic() < deadline:
        child = subprocess.Popen([sys.executable, "-c", CRASH_WRITER, server.base_url, server.api_key, str(store),
                                  f"c{iterations:04d}"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        # Most kills land mid-queueing (a write takes about 1–4 ms here), some before the first.
        time.sleep(rng.uniform(0, 0.05))
        child.send_signal(signal.SIGKILL)
        child.wait()
        begun: Optional[str] = None
        # A line cut by the kill (no newline) says nothing: only whole lines count.
        for line in child.stdout.read().split("\n")[:-1]:
            word, _, title = line.partition(" ")
            if word == "begin":
                begun = title
            elif word == "ack":
                assert title == begun
                acknowledged.append(title)
                begun = None
        if begun is not None:
            unacknowledged.append(begun)
        iterations += 1
    server.start()
    with offline_client(server.base_url, server.api_key, store) as client:
        queued = [item["request"]["title"] for item in client.pending()["pending"]]  # type: ignore[index]
        started = time.monotonic()
        report = client.sync(wait=60)
        elapsed = time.monotonic() - started
    assert report["remaining"] == 0 and report["failed"] == 0 and not report["busy"], report
    goals = all_goal_titles(server.base_url, server.api_key)
    titles = [title for _, title in goals]
    duplicates = len(titles) - len(set(titles))
    lost = sorted(set(acknowledged) - set(titles))
    extra = sorted(set(titles) - set(acknowledged))
    print(f"crash test: {iterations} kills, {len(acknowledged)} acknowledged writes, {len(unacknowledged)} killed "
          f"mid-call ({len(set(extra))} of those committed), lost {len(lost)}, duplicates {duplicates}; "
          f"sync of {len(titles)} in {elapsed:.2f} s")
    assert iterations >= 200
    assert lost == [] and duplicates == 0
    assert set(extra) <= set(unacknowledged), "only a write killed mid-call may be there unacknowledged"
    assert queued == sorted(queued), "queued in the order the calls returned"
    by_title = dict((title, created) for created, title in goals)
    created = [by_title[title] for title in sorted(titles)]
    assert created == sorted(created), "delivered in order"


def test_a_call_that_reaches_the_api_drains_at_most_20_due_writes(server: RestartableServer, tmp_path: Path) -> None:
    with offline_client(server.base_url, server.api_key, tmp_path / "store") as client:
        server.stop()
        for n in range(25):
            queued = client.create_goal({"title": f"drain-{n:02d}", "goal_type": "activity",
                                         "start_date": "2025-01-01", "is_recurring": False})
            assert queued.get("queued") is True
        server.start()
        time.sleep(1.2)  # the first write's backoff (up to 1 s) is over
        client.list_insights()
        assert client.pending()["count"] == 5, "a successful read replays at most 20 due writes"
        client.list_insights()
        assert client.pending()["count"] == 0
    titles = [title for _, title in all_goal_titles(server.base_url, server.api_key)]
    assert titles == [f"drain-{n:02d}" for n in range(25)]
