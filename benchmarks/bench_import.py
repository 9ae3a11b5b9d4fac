"""Importing an Apple Health export (docs/IMPORT.md): a generated export.zip
of about 1 GB of XML (about 4 million records over 5 years, an Apple Watch,
an iPhone that repeats its steps and distance, a scale app, nightly sleep
stages, a workout every other day), imported by libwellness in a child
process (time and peak memory), then by healthkit-to-sqlite (pinned in the
bench venv) on the same file. Before any time is reported, both results are
compared: every day's steps from libwellness must equal the day's steps
computed from healthkit-to-sqlite's tables by the same rule (the watch's
samples when it was worn, else the iPhone's: the generated iPhone samples
repeat the watch's intervals, so this is the de-duplicated total).

Then a generated Fitbit export of 3 years (per-minute steps, heart rate
every minute, resting heart rate, sleep stages, exercises, active zone
minutes, HRV), checked against what the generator wrote, and timed.

Targets: <= 15 s and <= 256 MB peak for libwellness; >= 10x healthkit-to-sqlite;
Fitbit 3 years <= 5 s.

    python benchmarks/bench_import.py HEALTHKIT_TO_SQLITE [--days 1826] [--fitbit-days 1096] [--work DIR]
"""

from __future__ import annotations

import argparse
import json
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Dict

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e" / "python"))
import health_exports as h  # noqa: E402

#: The child that imports: its own peak RSS is the import's (plus the interpreter's).
CHILD = """
import json, resource, sys, time
from wellness import importers
start = time.perf_counter()
cpu = time.process_time()
result = importers.import_apple_health(sys.argv[1])
seconds = time.perf_counter() - start
cpu = time.process_time() - cpu
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"seconds": seconds, "cpu": cpu, "peak_mb": peak, "records": result["report"]["records_read"],
                  "sessions": len(result["sessions"]),
                  "steps": {row["date"]: row["steps"] for row in result["daily"] if row["steps"] is not None}}))
"""

#: The interpreter and library alone, to tell the import's memory from theirs.
BASELINE = """
import resource
import wellness
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def generate(work: Path, days: int) -> Path:
    """The export.zip (and what it must give), made once per size."""
    archive = work / f"apple-health-{days}d.zip"
    expected = work / f"apple-health-{days}d.json"
    if archive.exists() and expected.exists():
        return archive
    print(f"generating a {days}-day Apple Health export into {archive} ...", flush=True)
    xml = work / "export.xml"
    with open(xml, "wb") as out:
        truth = h.write_apple_health(out, days=days, energy_every=40, heart_every=180, interval_minutes=8,
                                     devices=False)
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as export:
        export.write(xml, "apple_health_export/export.xml")
    expected.write_text(json.dumps({"records": truth.records, "steps": truth.steps, "workouts": truth.workouts,
                                    "xml_bytes": xml.stat().st_size}))
    xml.unlink()
    return archive


def healthkit_steps(database: Path) -> Dict[str, float]:
    """Each day's steps from healthkit-to-sqlite's tables: the watch's when it recorded any, else the phone's."""
    with sqlite3.connect(database) as connection:
        rows = connection.execute(
            "SELECT substr(startDate, 1, 10), sourceName, sum(CAST(value AS REAL)) FROM rStepCount "
            "GROUP BY 1, 2").fetchall()
    by_day: Dict[str, Dict[str, float]] = {}
    for day, source, total in rows:
        by_day.setdefault(day, {})[source] = total
    return {day: sources.get(h.WATCH, sources.get(h.PHONE, 0.0)) for day, sources in by_day.items()}


FITBIT_CHILD = """
import json, resource, sys, time
from wellness import importers
start = time.perf_counter()
result = importers.import_fitbit(sys.argv[1])
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "records": result["report"]["records_read"], "files": result["report"].get("files"),
                  "sessions": len(result["sessions"]), "daily": result["daily"]}))
"""


def fitbit(work: Path, days: int) -> None:
    """The Fitbit part: generate (once), import in a child, compare, report."""
    folder = work / f"fitbit-{days}d"
    expected_path = work / f"fitbit-{days}d.json"
    if not expected_path.exists():
        print(f"generating a {days}-day Fitbit export into {folder} ...", flush=True)
        truth = h.write_fitbit(folder, days=days, heart_every=60)
        expected_path.write_text(json.dumps({key: value for key, value in vars(truth).items()}))
    expected = json.loads(expected_path.read_text())
    size = sum(path.stat().st_size for path in folder.rglob("*") if path.is_file()) / 1e6
    done = subprocess.run([sys.executable, "-c", FITBIT_CHILD, str(folder)], check=True, capture_output=True,
                          text=True)
    ours = json.loads(done.stdout)
    by_day = {row["date"]: row for row in ours["daily"]}
    for column in ("steps", "resting_heart_rate", "deep_sleep_minutes", "active_zone_minutes",
                   "heart_rate_variability"):
        got = {day: row[column] for day, row in by_day.items()}
        assert got == expected[column], f"Fitbit {column} differs from what was generated"
    assert ours["sessions"] == expected["exercises"]
    print(f"== Fitbit import: {days} days, {ours['files']:,} files, {size:,.0f} MB, {ours['records']:,} entries; "
          f"every day's values as generated ==")
    print(f"libwellness:          {ours['seconds']:8.2f} s  (target <= 5 s), peak {ours['peak_mb']:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("healthkit_to_sqlite", help="the healthkit-to-sqlite command (from the bench venv)")
    parser.add_argument("--days", type=int, default=1826)
    parser.add_argument("--fitbit-days", type=int, default=1096)
    parser.add_argument("--work", default="build/bench")
    arguments = parser.parse_args()
    work = Path(arguments.work)
    work.mkdir(parents=True, exist_ok=True)
    archive = generate(work, arguments.days)
    expected = json.loads(archive.with_suffix(".json").read_text())

    baseline = float(subprocess.run([sys.executable, "-c", BASELINE], check=True, capture_output=True,
                                    text=True).stdout)
    done = subprocess.run([sys.executable, "-c", CHILD, str(archive)], check=True, capture_output=True, text=True)
    ours = json.loads(done.stdout)

    with tempfile.TemporaryDirectory(dir=work) as scratch:
        database = Path(scratch) / "healthkit.db"
        start = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([arguments.healthkit_to_sqlite, str(archive), str(database), "--silent"], check=True)
        theirs_seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        theirs_cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        theirs = healthkit_steps(database)

    # Both results, compared before any time is reported.
    assert ours["records"] == expected["records"], (ours["records"], expected["records"])
    assert ours["sessions"] == expected["workouts"], (ours["sessions"], expected["workouts"])
    assert set(ours["steps"]) == set(theirs) == set(expected["steps"]), "the two importers found different days"
    wrong = [day for day in theirs if abs(ours["steps"][day] - theirs[day]) > 1e-6]
    assert not wrong, (f"steps differ on {len(wrong)} days, first {wrong[0]}: "
                       f"{ours['steps'][wrong[0]]} vs {theirs[wrong[0]]}")

    size = archive.stat().st_size / 1e6
    xml_size = expected["xml_bytes"] / 1e9
    print(f"== Apple Health import: {ours['records']:,} records, {arguments.days} days, {xml_size:.2f} GB of XML "
          f"({size:,.0f} MB zipped); steps equal on all {len(theirs):,} days ==")
    print(f"libwellness:          {ours['seconds']:8.2f} s  (target <= 15 s; CPU {ours['cpu']:.2f} s), "
          f"peak {ours['peak_mb']:.0f} MB (target <= 256 MB; the interpreter and library alone {baseline:.0f} MB)")
    print(f"healthkit-to-sqlite:  {theirs_seconds:8.2f} s  -> {theirs_seconds / ours['seconds']:6.1f}x  "
          f"(target >= 10x; CPU {theirs_cpu:.1f} s -> {theirs_cpu / ours['cpu']:.1f}x)")
    fitbit(work, arguments.fitbit_days)


if __name__ == "__main__":
    main()
