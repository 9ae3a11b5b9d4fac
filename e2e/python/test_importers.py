"""The importers through the real library (docs/IMPORT.md): generated Apple
Health exports (zip and XML) with three sources, DST nights, a workout across
midnight, a truncated zip and an XML bomb; GPX and TCX tracks; the CLI."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path
from typing import Any, List, Optional, Tuple

import pytest

import health_exports as h
import wellness
from wellness import importers


@pytest.fixture(scope="module")
def export() -> Tuple[bytes, h.Expected]:
    out = io.BytesIO()
    expected = h.write_apple_health(out, days=30)
    return out.getvalue(), expected


def test_a_zipped_export_gives_the_generated_days_with_the_watch_preferred(export: Tuple[bytes, h.Expected],
                                                                         tmp_path: Path) -> None:
    xml, expected = export
    path = tmp_path / "export.zip"
    path.write_bytes(h.apple_health_zip(xml))
    seen: List[Tuple[int, int]] = []
    result = importers.import_apple_health(path, progress=lambda done, total: seen.append((done, total)) is None)
    steps = {row["date"]: row["steps"] for row in result["daily"]}
    assert steps == expected.steps
    resting = {row["date"]: row["resting_heart_rate"] for row in result["daily"]
               if row["resting_heart_rate"] is not None}
    assert resting == expected.resting_heart_rate
    assert len(result["sessions"]) == expected.workouts
    assert result["report"]["records_read"] == expected.records
    assert result["report"]["records_skipped"] == 0
    assert [source["name"] for source in result["report"]["sources"]] == [h.WATCH, h.PHONE, h.SCALE]
    assert result["report"]["overlap_removed"]["steps"] > 0
    assert seen[-1] == (path.stat().st_size, path.stat().st_size)
    # The same export as XML, from memory, gives the same result.
    assert importers.import_bytes("apple_health", xml, name="export.xml") == result


def test_the_result_is_what_the_query_tables_read(export: Tuple[bytes, h.Expected]) -> None:
    xml, expected = export
    result = importers.import_bytes("apple_health", xml)
    with wellness.QueryTables(result["daily"], result["sessions"], time_zone="Europe/Berlin",
                              units=result["units"]) as tables:
        total = tables.query({"table": "daily", "metric": "steps", "reduce": "sum"})
        assert total["value"] == sum(expected.steps.values())
        runs = tables.query({"table": "sessions", "activity": "run", "reduce": "count"})
        assert runs["value"] == len([1 for index in range(30) if index % 2 == 0 and index // 2 % 4 == 0])
        deep = tables.query({"table": "daily", "metric": "deep_sleep_minutes", "reduce": "mean"})
        assert deep["value"] == 50


def test_dst_nights_and_a_workout_across_midnight() -> None:
    records = (h.sleep_record(h.WATCH, "AsleepCore", *_berlin("2024-03-30 23:00", "2024-03-31 07:00"))
               + h.sleep_record(h.WATCH, "AsleepCore", *_berlin("2024-10-26 23:00", "2024-10-27 07:00"))
               + h.workout("Running", h.WATCH, _berlin("2024-05-01 23:30", "2024-05-01 23:30")[0], 70, 10.0, 700,
                           150.0))
    result = importers.import_bytes("apple_health", h.small_export(records))
    sleep = {row["date"]: row["sleep_minutes"] for row in result["daily"]}
    assert sleep == {"2024-03-31": 420, "2024-10-27": 540}
    [session] = result["sessions"]
    assert (session["start"], session["end"]) == ("2024-05-01T23:30:00+02:00", "2024-05-02T00:40:00+02:00")
    assert (session["activity"], session["duration"], session["distance"]) == ("Run", 70, 10)


def _berlin(start: str, end: str) -> Tuple[h.dt.datetime, h.dt.datetime]:
    from zoneinfo import ZoneInfo
    zone = ZoneInfo("Europe/Berlin")
    return (h.dt.datetime.fromisoformat(start).replace(tzinfo=zone),
            h.dt.datetime.fromisoformat(end).replace(tzinfo=zone))


def test_a_truncated_zip_and_an_xml_bomb_are_refused_naming_the_file(export: Tuple[bytes, h.Expected],
                                                                    tmp_path: Path) -> None:
    archive = h.apple_health_zip(export[0])
    path = tmp_path / "export.zip"
    path.write_bytes(archive[: len(archive) * 2 // 3])
    with pytest.raises(wellness.InvalidArgumentError, match=r"export\.zip: .*truncated"):
        importers.import_apple_health(path)
    bomb = (b'<?xml version="1.0"?>\n<!DOCTYPE HealthData [\n<!ENTITY a "aaaaaaaaaa">\n'
            b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n]>\n<HealthData>&b;</HealthData>\n')
    with pytest.raises(wellness.InvalidArgumentError, match=r'^bomb\.xml line 3: the entity declaration "a"'):
        importers.import_bytes("apple_health", bomb, name="bomb.xml")
    with pytest.raises(wellness.InvalidArgumentError, match=r"^broken\.xml line 2, column"):
        importers.import_bytes("apple_health", b"<HealthData>\n<Record </HealthData>", name="broken.xml")


def test_a_progress_callback_returning_false_cancels(export: Tuple[bytes, h.Expected]) -> None:
    with pytest.raises(wellness.CancelledError):
        importers.import_bytes("apple_health", export[0], progress=lambda done, total: False)


class Bar:
    """What tqdm offers the importers: total and update()."""

    def __init__(self) -> None:
        self.total: Optional[float] = None
        self.n = 0.0

    def update(self, n: float = 1) -> Optional[bool]:
        self.n += n
        return None


def test_a_tqdm_like_bar_is_advanced_to_the_size(export: Tuple[bytes, h.Expected]) -> None:
    bar = Bar()
    importers.import_bytes("apple_health", export[0], progress=bar)
    assert bar.total == bar.n == len(export[0])


POINTS = [(48.0, 11.0, 500.0, "2024-05-01T16:00:00Z", 140), (48.0045, 11.0, 510.0, "2024-05-01T16:03:00Z", 150),
          (48.009, 11.0, 506.0, "2024-05-01T16:06:00Z", None)]


def test_gpx_and_tcx_tracks_are_one_session_each(tmp_path: Path) -> None:
    (tmp_path / "run.gpx").write_bytes(h.gpx(POINTS))
    (tmp_path / "ride.tcx").write_bytes(h.tcx(POINTS))
    [run] = importers.import_gpx(tmp_path / "run.gpx")["sessions"]
    [ride] = importers.import_tcx(tmp_path / "ride.tcx", time_zone="Europe/Berlin")["sessions"]
    assert run["activity"] == "Run" and ride["activity"] == "Cycling"
    assert run["start"] == "2024-05-01T16:00:00+00:00" and ride["start"] == "2024-05-01T18:00:00+02:00"
    for session in (run, ride):
        assert session["duration"] == 6
        assert session["distance"] == pytest.approx(1.0007, abs=0.001)
        assert session["elevation_gain"] == 10
        assert session["average_heart_rate"] == 145
    assert ride["calories"] == 300


def test_the_cli_writes_csv_files_the_query_command_reads(export: Tuple[bytes, h.Expected], tmp_path: Path) -> None:
    (tmp_path / "export.zip").write_bytes(h.apple_health_zip(export[0]))
    done = subprocess.run([sys.executable, "-m", "wellness", "import", "apple-health", "export.zip", "--daily",
                           "daily.csv", "--sessions", "sessions.csv", "--progress"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "100%" in done.stderr
    assert f"read {export[1].records:,} records" in done.stdout
    with open(tmp_path / "daily.csv", newline="") as daily:
        rows = list(csv.DictReader(daily))
    assert {row["date"]: float(row["steps"]) for row in rows} == export[1].steps
    asked = subprocess.run([sys.executable, "-m", "wellness", "query", "--sessions", "sessions.csv", "--format",
                            "json", '{"table": "sessions", "reduce": "count"}'], cwd=tmp_path,
                           capture_output=True, text=True)
    assert asked.returncode == 0, asked.stderr
    assert '"value": 15' in asked.stdout


def test_the_cli_names_the_file_of_a_damaged_export(tmp_path: Path) -> None:
    (tmp_path / "export.zip").write_bytes(b"PK\x03\x04 not really")
    done = subprocess.run([sys.executable, "-m", "wellness", "import", "apple-health", "export.zip"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stderr.startswith("wellness: export.zip: ")


def test_a_fitbit_export_gives_the_generated_days(tmp_path: Path) -> None:
    expected = h.write_fitbit(tmp_path, days=40, heart_every=600)
    (tmp_path / "Takeout" / "Fitbit" / "Global Export Data" / "notes.txt").write_text("not read")
    result = importers.import_fitbit(tmp_path, time_zone="America/New_York")
    by_day = {row["date"]: row for row in result["daily"]}
    assert {day: row["steps"] for day, row in by_day.items()} == expected.steps
    for column in ("resting_heart_rate", "deep_sleep_minutes", "active_zone_minutes", "heart_rate_variability"):
        assert {day: row[column] for day, row in by_day.items()} == getattr(expected, column), column
    assert len(result["sessions"]) == expected.exercises
    first = result["sessions"][0]
    assert first["start"].endswith("T07:00:00-05:00") and first["duration"] == 40 and first["activity"] == "Run"
    assert result["report"]["records_skipped"] == 0


def test_a_malformed_fitbit_file_is_named_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "steps-2021-01-01.json").write_text('[{"dateTime": "01/01/21 00:00:00", "value": "1"},\n oops]')
    with pytest.raises(wellness.InvalidArgumentError, match=r"steps-2021-01-01\.json: .*line 2"):
        importers.import_fitbit(tmp_path)
    with pytest.raises(wellness.InvalidArgumentError, match="no Fitbit export file"):
        importers.import_fitbit(tmp_path / "Takeout") if (tmp_path / "Takeout").mkdir() is None else None


def _fitbit_zip() -> bytes:
    out = io.BytesIO()
    with h.zipfile.ZipFile(out, "w", h.zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("Fitbit/steps-2021-03-01.json", '[{"dateTime": "03/14/21 07:00:00", "value": "12"}]')
        archive.writestr("Fitbit/sleep-2021-03-01.json", '[{"dateOfSleep": "2021-03-14", "minutesAsleep": 420, '
                         '"levels": {"summary": {"deep": {"minutes": 70}, "light": {"minutes": 230}, '
                         '"rem": {"minutes": 120}}}}]')
        archive.writestr("Fitbit/Active Zone Minutes - 2021-03-01.csv",
                         "date_time,heart_zone_id,total_minutes\n2021-03-14T07:05,FAT_BURN,3\n")
    return out.getvalue()


@pytest.mark.parametrize("form", ["xml", "zip", "gpx", "tcx", "fitbit"])
def test_damaged_files_are_errors_never_crashes(form: str) -> None:
    """Bytes flipped, cut and repeated anywhere in a valid file: a result or InvalidArgumentError, nothing else."""
    rng = h.random.Random(form)
    records = (h.record(h.Q + "StepCount", h.WATCH, "", "count", *_berlin("2024-05-01 10:00", "2024-05-01 10:10"), 5)
               + h.sleep_record(h.WATCH, "AsleepREM", *_berlin("2024-05-01 01:00", "2024-05-01 02:00"))
               + h.workout("Cycling", h.WATCH, _berlin("2024-05-01 18:00", "2024-05-01 18:00")[0], 30, 9.5, 250, 130.0))
    valid = {"xml": h.small_export(records), "zip": h.apple_health_zip(h.small_export(records)),
             "gpx": h.gpx(POINTS), "tcx": h.tcx(POINTS), "fitbit": _fitbit_zip()}[form]
    format: importers.ImportFormat = "apple_health" if form in ("xml", "zip") else form  # type: ignore[assignment]
    for _ in range(150):
        data = bytearray(valid)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(data))
            choice = rng.random()
            if choice < 0.5:
                data[at] ^= 1 << rng.randrange(8)
            elif choice < 0.75:
                del data[at:at + rng.randint(1, 64)]
            else:
                data[at:at] = data[at:at + rng.randint(1, 64)]
        try:
            importers.import_bytes(format, bytes(data), name="damaged")
        except wellness.InvalidArgumentError as error:
            assert str(error).startswith("damaged"), error


class Poster:
    """A client's post_workouts that records its pages, and can fail at one (a kill)."""

    def __init__(self, fail_at: int = -1) -> None:
        self.pages: List[List[str]] = []
        self.fail_at = fail_at

    def post_workouts(self, workouts: Any) -> Any:
        if len(self.pages) == self.fail_at:
            raise ConnectionError("the connection dropped")
        self.pages.append([workout["start"] for workout in workouts])
        return {"stored": len(workouts)}


def test_sessions_are_uploaded_in_pages_and_resumed_after_a_failure(export: Tuple[bytes, h.Expected],
                                                                    tmp_path: Path) -> None:
    result = importers.import_bytes("apple_health", export[0])
    starts = [session["start"] for session in result["sessions"]]
    checkpoint = tmp_path / "upload.json"
    failing = Poster(fail_at=2)
    with pytest.raises(ConnectionError):
        importers.upload_sessions(failing, result, page_size=4, checkpoint=checkpoint)
    assert failing.pages == [starts[0:4], starts[4:8]]
    resumed = Poster()
    assert importers.upload_sessions(resumed, result, page_size=4, checkpoint=checkpoint) == len(starts) - 8
    assert resumed.pages[0] == starts[8:12] and sum(resumed.pages, []) == starts[8:]
    # Everything sent: nothing more to send; other sessions start from the first.
    assert importers.upload_sessions(Poster(), result, page_size=4, checkpoint=checkpoint) == 0
    other = importers.import_bytes("apple_health", h.small_export(""))
    assert importers.upload_sessions(Poster(), {**result, "sessions": result["sessions"][:3]},  # type: ignore[typeddict-item]
                                     checkpoint=checkpoint) == 3
    assert other["sessions"] == []
