"""An import sent to a wellness-server the test starts (docs/IMPORT.md,
"Uploading"): daily metrics and sessions in pages through the real client,
idempotent when sent again, resumable after a failure from one checkpoint
file, by the CLI's --to-server too; and the coach answers from what arrived."""

from __future__ import annotations

import datetime as dt
import io
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Mapping, Sequence

import pytest

import health_exports as h
import wellness
from servers import RestartableServer
from wellness import importers

#: Days of the generated export, ending today (UTC): the coach's "last 7 days" fall in it.
DAYS = 21


def recent_export() -> bytes:
    """A zipped export whose last day is today, in UTC so that its days are the server's default calendar's."""
    out = io.BytesIO()
    today = dt.datetime.now(dt.timezone.utc).date()
    h.write_apple_health(out, days=DAYS, first=today - dt.timedelta(days=DAYS - 1), zone="UTC")
    return h.apple_health_zip(out.getvalue())


@pytest.fixture(scope="module")
def result() -> importers.ImportResult:
    return importers.import_bytes("apple_health", recent_export())


def client_of(server: RestartableServer) -> wellness.Client:
    return wellness.Client(server.base_url, api_key=server.api_key, cache_directory=False, store_directory=False)


def all_days(client: wellness.Client) -> Dict[str, Dict[str, Any]]:
    page = client.list_daily_metrics(page_size=100)
    assert not page["pagination"]["has_next"]
    return {day["date"]: day for day in page["days"]}


def test_an_import_arrives_whole_once_and_the_coach_answers_from_it(server: RestartableServer,
                                                                    result: importers.ImportResult) -> None:
    measured = [row for row in result["daily"] if any(value is not None for key, value in row.items() if key != "date")]
    with client_of(server) as client:
        workouts_before = client.list_workouts()["pagination"]["total_count"]
        assert importers.upload_daily_metrics(client, result, page_size=7) == len(measured)
        assert importers.upload_sessions(client, result, page_size=4) == len(result["sessions"])
        # Sent again without a checkpoint: the same days and workouts, stored once.
        importers.upload_daily_metrics(client, result)
        importers.upload_sessions(client, result)
        stored = all_days(client)
        assert sorted(stored) == [row["date"] for row in measured]
        for row in measured:
            for name in ("steps", "resting_heart_rate", "deep_sleep_minutes", "weight_kg"):
                if row.get(name) is not None:
                    assert stored[row["date"]][name] == pytest.approx(row[name]), (row["date"], name)
        workouts = client.list_workouts(page_size=100)["pagination"]["total_count"]
        assert workouts - workouts_before == len(result["sessions"])

        today = dt.datetime.now(dt.timezone.utc).date()
        week = {(today - dt.timedelta(days=offset)).isoformat() for offset in range(7)}
        resting = [row["resting_heart_rate"] for row in measured
                   if row["date"] in week and row.get("resting_heart_rate") is not None]
        consultation = client.create_consultation("fitness_coach", title="Imported")
        _, reply = client.send_message(consultation["id"], "What was my average resting heart rate in the last 7 days?")
        queries = reply.get("data_queries")
        assert queries, reply
        assert queries[0]["result"]["value"] == pytest.approx(statistics.fmean(resting), abs=0.05), reply


def test_a_metric_the_import_did_not_measure_is_left_as_the_server_has_it(server: RestartableServer,
                                                                         result: importers.ImportResult) -> None:
    unworn = next(row for row in result["daily"] if row.get("resting_heart_rate") is None)
    with client_of(server) as client:
        client.post_daily_metrics([{"date": unworn["date"], "resting_heart_rate": 61}])
        importers.upload_daily_metrics(client, result)
        assert all_days(client)[unworn["date"]]["resting_heart_rate"] == 61


class FailingPoster:
    """A client whose connection drops at one request (a kill), recording the pages before it."""

    def __init__(self, fail_at: int = -1) -> None:
        self.pages: List[List[str]] = []
        self.fail_at = fail_at

    def post_daily_metrics(self, days: Sequence[Mapping[str, Any]]) -> Any:
        return self.record([day["date"] for day in days])

    def post_workouts(self, workouts: Sequence[Mapping[str, Any]]) -> Any:
        return self.record([workout["start"] for workout in workouts])

    def record(self, keys: List[str]) -> Any:
        if len(self.pages) == self.fail_at:
            raise ConnectionError("the connection dropped")
        self.pages.append(keys)
        return {"stored": len(keys)}


def test_one_checkpoint_resumes_days_and_sessions_each_where_it_stopped(result: importers.ImportResult,
                                                                       tmp_path: Path) -> None:
    checkpoint = tmp_path / "upload.json"
    dates = [row["date"] for row in result["daily"]]
    failing = FailingPoster(fail_at=2)
    with pytest.raises(ConnectionError):
        importers.upload_daily_metrics(failing, result, page_size=5, checkpoint=checkpoint)
    assert failing.pages == [dates[0:5], dates[5:10]]
    assert importers.upload_sessions(FailingPoster(), result, page_size=4, checkpoint=checkpoint) == len(
        result["sessions"])
    resumed = FailingPoster()
    assert importers.upload_daily_metrics(resumed, result, page_size=5, checkpoint=checkpoint) == len(dates) - 10
    assert sum(resumed.pages, []) == dates[10:]
    # Both entries are complete now: nothing is sent again.
    assert importers.upload_daily_metrics(FailingPoster(), result, checkpoint=checkpoint) == 0
    assert importers.upload_sessions(FailingPoster(), result, checkpoint=checkpoint) == 0
    # A damaged checkpoint starts over (the server keeps each day and workout once).
    checkpoint.write_text("{not json")
    assert importers.upload_daily_metrics(FailingPoster(), result, checkpoint=checkpoint) == len(dates)


def test_the_cli_uploads_to_the_server_and_resumes_from_its_checkpoint(server: RestartableServer,
                                                                       result: importers.ImportResult,
                                                                       tmp_path: Path) -> None:
    (tmp_path / "export.zip").write_bytes(recent_export())
    command = [sys.executable, "-m", "wellness", "import", "apple-health", "export.zip", "--to-server",
               server.base_url, "--api-key", server.api_key, "--checkpoint", "upload.json"]
    first = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    days = sum(1 for row in result["daily"] if any(v is not None for k, v in row.items() if k != "date"))
    assert f"uploaded {days:,} days and {len(result['sessions']):,} sessions" in first.stdout
    again = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    assert "uploaded 0 days and 0 sessions" in again.stdout
    with client_of(server) as client:
        assert len(all_days(client)) == days
    keyless = subprocess.run(command[:-4], cwd=tmp_path, capture_output=True, text=True,
                             env={k: v for k, v in os.environ.items() if k != "WELLNESS_API_KEY"})
    assert keyless.returncode != 0 and "--api-key" in keyless.stderr
