"""The user's daily metrics and profile through the library against a
wellness-server the test starts: metrics merged per day and metric, units
converted, bad input refused naming the field before anything is sent,
writes queued while the server is down and delivered by sync, the profile's
calendar set and kept, and the rules coach answering from the metrics."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

import wellness
from servers import RestartableServer
from test_offline import offline_client


def client_of(server: RestartableServer) -> wellness.Client:
    return wellness.Client(server.base_url, api_key=server.api_key, cache_directory=False, store_directory=False)


def test_metrics_are_merged_converted_listed_and_deleted(server: RestartableServer) -> None:
    with client_of(server) as client:
        stored = client.post_daily_metrics(
            [{"date": "2026-03-02", "resting_heart_rate": 58, "hrv": 41.5, "weight_kg": 154.5},
             {"date": datetime.date(2026, 3, 3).isoformat(), "sleep_minutes": 7.25}],
            units={"weight_kg": "lb", "sleep_minutes": "h"})
        assert stored == {"stored": 2, "deleted": 0}
        assert client.post_daily_metrics([{"date": "2026-03-02", "hrv": None}]) == {"stored": 1, "deleted": 0}
        page = client.list_daily_metrics(from_=datetime.date(2026, 3, 1), to="2026-03-31")
        assert page["pagination"]["total_count"] == 2
        first, second = page["days"]
        assert first["date"] == "2026-03-02" and first["resting_heart_rate"] == 58
        assert "heart_rate_variability" not in first, "null deleted the metric"
        assert first["weight_kg"] == pytest.approx(70.080021165, abs=1e-6)
        assert second["sleep_minutes"] == 435
        assert client.delete_daily_metrics(datetime.date(2026, 3, 3)) is None
        assert client.list_daily_metrics()["pagination"]["total_count"] == 1


def test_bad_input_is_refused_naming_the_field_before_it_is_sent(server: RestartableServer) -> None:
    with client_of(server) as client:
        with pytest.raises(wellness.ValidationError) as range_error:
            client.post_daily_metrics([{"date": "2026-03-02", "resting_heart_rate": 900}])
        assert range_error.value.path == "days[0].resting_heart_rate"
        with pytest.raises(wellness.ValidationError) as unit_error:
            client.post_daily_metrics([{"date": "2026-03-02", "weight_kg": 150}], units={"weight_kg": "furlong"})
        assert unit_error.value.path == "units.weight_kg"
        with pytest.raises(wellness.ValidationError) as bound:
            client.list_daily_metrics(from_="last week")
        assert bound.value.path == "from"
        with pytest.raises(wellness.ValidationError) as zone:
            client.set_profile({"time_zone": "Mars/Olympus_Mons"})
        assert zone.value.path == "time_zone" and "Mars/Olympus_Mons" in str(zone.value)
        assert client.list_daily_metrics()["pagination"]["total_count"] == 0


def test_the_profile_calendar_is_set_and_kept(server: RestartableServer) -> None:
    with client_of(server) as client:
        before = client.get_profile()
        assert before["time_zone"] == "UTC" and before["first_weekday"] == 2
        profile = client.set_profile({"time_zone": "America/Santiago", "first_weekday": "sunday", "age": 40})
        assert isinstance(profile, dict) and profile["time_zone"] == "America/Santiago"
        assert profile["first_weekday"] == 1
        kept = client.set_profile({"age": 41})
        assert isinstance(kept, dict) and kept["time_zone"] == "America/Santiago" and kept["first_weekday"] == 1
        assert client.get_profile()["age"] == 41


def test_the_coach_answers_the_average_resting_heart_rate(server: RestartableServer) -> None:
    today = datetime.datetime.now(datetime.timezone.utc).date()
    days = [today - datetime.timedelta(days=offset) for offset in range(3)]
    with client_of(server) as client:
        client.post_daily_metrics([{"date": day.isoformat(), "resting_heart_rate": 50 + 2 * index}
                                   for index, day in enumerate(days)])
        consultation = client.create_consultation("fitness_coach", title="Heart")
        _, reply = client.send_message(consultation["id"], "What was my average resting heart rate in the last 3 days?")
        queries = reply.get("data_queries")
        assert queries and queries[0]["result"]["value"] == 52, reply
        assert queries[0]["result"]["unit"] == "bpm"


def test_offline_writes_are_queued_and_delivered_once(server: RestartableServer, tmp_path: Path) -> None:
    with offline_client(server.base_url, server.api_key, tmp_path / "store") as client:
        assert client.post_daily_metrics([{"date": "2026-03-02", "steps": 1000}]) == {"stored": 1, "deleted": 0}
        server.stop()
        queued = client.post_daily_metrics([{"date": "2026-03-02", "steps": 2000}])
        assert isinstance(queued, dict) and queued.get("queued") is True
        assert queued["operation"] == "post_daily_metrics"
        profile = client.set_profile({"time_zone": "Asia/Tokyo"})
        assert isinstance(profile, dict) and profile.get("operation") == "set_profile"
        deleted = client.delete_daily_metrics("2026-03-05")
        assert deleted is not None and deleted["operation"] == "delete_daily_metrics"
        server.start()
        report = client.sync()
        assert [item["result"] for item in report["items"]] == ["delivered"] * 3
        assert client.list_daily_metrics()["days"][0]["steps"] == 2000
        assert client.get_profile()["time_zone"] == "Asia/Tokyo"
