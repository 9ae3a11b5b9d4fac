"""The user's workouts through the library against a wellness-server the test
starts: sent twice and stored once, listed within from/to, deleted by id, bad
workouts refused before anything is sent, writes queued while the server is
down and delivered by sync, and the rules coach answering a question about
runs from them with the query it ran in `data_queries`."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any, Dict, List

import pytest

import wellness
from servers import RestartableServer
from test_offline import offline_client


def client_of(server: RestartableServer) -> wellness.Client:
    return wellness.Client(server.base_url, api_key=server.api_key, cache_directory=False, store_directory=False)


def days_ago(days: int) -> datetime.date:
    return datetime.datetime.now(datetime.timezone.utc).date() - datetime.timedelta(days=days)


def at(day: datetime.date, hour: int, minute: int = 0) -> datetime.datetime:
    return datetime.datetime(day.year, day.month, day.day, hour, minute, tzinfo=datetime.timezone.utc)


def week_of_workouts() -> List[Dict[str, Any]]:
    """Runs on two days (yesterday twice), yoga on another: all in the last 7 days."""
    yesterday, two, three = days_ago(1), days_ago(2), days_ago(3)
    return [
        {"start": at(yesterday, 7), "end": at(yesterday, 7, 40), "activity": "Outdoor Run", "distance": 6},
        {"start": at(yesterday, 18), "end": at(yesterday, 18, 20), "activity": "Outdoor Run", "distance": 3,
         "average_heart_rate": None},
        {"start": f"{two}T07:00:00Z", "end": f"{two}T08:00:00Z", "activity": "Yoga"},
        {"start": at(three, 6).timestamp(), "end": at(three, 6, 25).timestamp(), "activity": "Run",
         "distance": 4.5, "pace_seconds_per_km": 333},
    ]


def test_stored_once_listed_oldest_first_within_bounds_and_deleted(server: RestartableServer) -> None:
    with client_of(server) as client:
        workouts = week_of_workouts()
        assert client.post_workouts(workouts) == {"stored": 4}
        assert client.post_workouts(workouts) == {"stored": 4}

        page = client.list_workouts(page_size=100)
        assert page["pagination"]["total_count"] == 4
        listed = page["workouts"]
        assert [w["activity"] for w in listed] == ["Run", "Yoga", "Outdoor Run", "Outdoor Run"]
        assert listed[0]["start"] == f"{days_ago(3)}T06:00:00Z" and listed[0]["distance"] == 4.5
        assert listed[0]["pace_seconds_per_km"] == 333, "a field of the user's own, kept"
        assert "average_heart_rate" not in listed[3], "a null field is absent"
        assert all(w["id"].startswith("wo_") for w in listed)

        assert client.list_workouts(from_=days_ago(2), to=days_ago(1))["pagination"]["total_count"] == 3
        evening = client.list_workouts(from_=at(days_ago(1), 12), page=1, page_size=1)
        assert [w["start"] for w in evening["workouts"]] == [f"{days_ago(1)}T18:00:00Z"]

        assert client.delete_workout(evening["workouts"][0]["id"]) is None
        assert client.delete_workout(evening["workouts"][0]["id"]) is None, "deleting again is done too"
        assert client.list_workouts()["pagination"]["total_count"] == 3


def test_a_bad_workout_is_refused_naming_it_and_nothing_is_stored(server: RestartableServer) -> None:
    with client_of(server) as client:
        workouts = week_of_workouts()
        workouts[2] = dict(workouts[2], end=f"{days_ago(3)}T00:00:00Z")
        with pytest.raises(wellness.ValidationError) as refused:
            client.post_workouts(workouts)
        assert refused.value.path == "workouts[2].end"
        with pytest.raises(wellness.ValidationError) as named:
            client.post_workouts([dict(week_of_workouts()[0], id="wo_mine")])
        assert named.value.path == "workouts[0].id"
        with pytest.raises(wellness.ValidationError) as bound:
            client.list_workouts(to="next Tuesday")
        assert bound.value.path == "to"
        assert client.list_workouts()["pagination"]["total_count"] == 0


def test_the_coach_answers_from_the_workouts_and_cites_its_query(server: RestartableServer) -> None:
    with client_of(server) as client:
        client.post_workouts(week_of_workouts())
        consultation = client.create_consultation("fitness_coach", title="Runs")
        sent, reply = client.send_message(consultation["id"], "How many days did I run in the last 7 days?")
        assert sent.get("data_queries", []) == []
        queries = reply.get("data_queries")
        assert queries and len(queries) == 1, reply
        assert queries[0]["query"]["table"] == "sessions"
        assert queries[0]["result"]["days"] == 2
        assert "2 days" in reply["content"], reply["content"]


def test_offline_writes_are_queued_and_delivered_once(server: RestartableServer, tmp_path: Path) -> None:
    with offline_client(server.base_url, server.api_key, tmp_path / "store") as client:
        run = week_of_workouts()[0]
        assert client.post_workouts([run]) == {"stored": 1}
        stored = client.list_workouts()["workouts"]
        server.stop()
        cached = client.list_workouts()
        assert cached.get("source") == "offline_cache" and cached["workouts"] == stored

        queued = client.post_workouts([run, week_of_workouts()[2]])
        assert isinstance(queued, dict) and queued.get("queued") is True
        assert queued["operation"] == "post_workouts"
        deleted = client.delete_workout(stored[0]["id"])
        assert deleted is not None and deleted["operation"] == "delete_workout"
        assert client.list_workouts()["workouts"] == [], "the cached page lost the deleted workout at once"
        assert [p["operation"] for p in client.pending()["pending"]] == ["post_workouts", "delete_workout"]

        server.start()
        report = client.sync()
        assert [item["result"] for item in report["items"]] == ["delivered", "delivered"]
        assert [w["activity"] for w in client.list_workouts()["workouts"]] == ["Yoga"]
