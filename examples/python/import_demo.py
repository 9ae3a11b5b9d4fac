"""`make demo`'s import step: a small Apple Health export.zip, made here (two
weeks; an Apple Watch and an iPhone that count the same walks, sleep stages,
runs and rides) ending today, imported by libwellness and asked about in
words; given a wellness-server, sent to it and asked of the coach.

Usage: python import_demo.py [OUTPUT_DIR [BASE_URL API_KEY]]
       (export.zip, daily.csv and sessions.csv are written to OUTPUT_DIR)
"""

from __future__ import annotations

import datetime as dt
import io
import random
import sys
import zipfile
from pathlib import Path

import wellness
from wellness import importers

WATCH, PHONE = "Ann’s Apple Watch", "Ann’s iPhone"
TODAY = dt.date.today()
FIRST = TODAY - dt.timedelta(days=13)


def stamp(day: dt.date, hour: int, minute: int = 0) -> str:
    moment = dt.datetime(day.year, day.month, day.day) + dt.timedelta(hours=hour, minutes=minute)
    return moment.strftime("%Y-%m-%d %H:%M:%S +0100")


def export_xml() -> str:
    rng = random.Random(4)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<HealthData locale="en_US">']
    for index in range(14):
        day = FIRST + dt.timedelta(days=index)
        for hour in range(8, 21):
            steps = rng.randint(200, 900)
            for source, count in ((WATCH, steps), (PHONE, steps - rng.randint(0, 60))):
                lines.append(f' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="{source}" unit="count" '
                             f'startDate="{stamp(day, hour)}" endDate="{stamp(day, hour, 50)}" value="{count}"/>')
        lines.append(f' <Record type="HKQuantityTypeIdentifierRestingHeartRate" sourceName="{WATCH}" '
                     f'unit="count/min" startDate="{stamp(day, 8)}" endDate="{stamp(day, 20)}" '
                     f'value="{rng.randint(52, 60)}"/>')
        bed = day - dt.timedelta(days=1)
        cursor = (bed, 23, 0)
        for stage, minutes in (("AsleepCore", 150), ("AsleepDeep", rng.randint(40, 90)), ("AsleepREM", 90),
                               ("Awake", 10), ("AsleepCore", 140)):
            start = dt.datetime(cursor[0].year, cursor[0].month, cursor[0].day, cursor[1], cursor[2])
            end = start + dt.timedelta(minutes=minutes)
            lines.append(f' <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="{WATCH}" '
                         f'startDate="{start:%Y-%m-%d %H:%M:%S} +0100" endDate="{end:%Y-%m-%d %H:%M:%S} +0100" '
                         f'value="HKCategoryValueSleepAnalysis{stage}"/>')
            cursor = (end.date(), end.hour, end.minute)
        if index % 3 == 0:
            kind, km = ("Running", round(rng.uniform(5, 10), 1)) if index % 2 == 0 else ("Cycling", 25.0)
            lines.append(f' <Workout workoutActivityType="HKWorkoutActivityType{kind}" duration="45" '
                         f'durationUnit="min" totalDistance="{km}" totalDistanceUnit="km" sourceName="{WATCH}" '
                         f'startDate="{stamp(day, 18)}" endDate="{stamp(day, 18, 45)}"/>')
    lines.append("</HealthData>")
    return "\n".join(lines) + "\n"


def main() -> None:
    output = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    output.mkdir(parents=True, exist_ok=True)
    archive = output / "export.zip"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as export:
        export.writestr("apple_health_export/export.xml", export_xml())
    archive.write_bytes(buffer.getvalue())

    result = importers.import_apple_health(archive)
    report = result["report"]
    print(f"{archive}: {report['records_read']} records, {len(result['daily'])} days, "
          f"{len(result['sessions'])} workouts; the iPhone's overlapping steps left out: "
          f"{report['overlap_removed'].get('steps', 0):,.0f}")
    with open(output / "daily.csv", "w", newline="") as daily, open(output / "sessions.csv", "w", newline="") as runs:
        importers.write_daily_csv(result, daily)
        importers.write_sessions_csv(result, runs)
    with wellness.QueryTables(result["daily"], result["sessions"], time_zone="Europe/Berlin",
                              units=result["units"]) as tables:
        for question in ("How many steps did I take last week?", "What was my average deep sleep this week?",
                         "How far did I run this month?", "How many times did I cycle in the last 14 days?"):
            answer = tables.ask(question, anchor=TODAY.isoformat())
            print(f"  {question} {answer['answer'] or '(not understood)'}")
    if len(sys.argv) > 3:
        ask_the_coach(result, sys.argv[2], sys.argv[3])


def ask_the_coach(result: importers.ImportResult, base_url: str, api_key: str) -> None:
    """Sends the import to the server (in the user's zone) and asks the coach about it."""
    with wellness.Client(base_url, api_key=api_key, cache_directory=False, store_directory=False) as client:
        client.set_profile({"time_zone": "Europe/Berlin"})
        days = importers.upload_daily_metrics(client, result)
        sessions = importers.upload_sessions(client, result)
        print(f"Sent {days} days and {sessions} workouts to {base_url}; the coach, asked about them:")
        consultation = client.create_consultation("fitness_coach", title="My Apple Health data")
        for question in ("What was my average resting heart rate in the last 7 days?",
                         "How much deep sleep did I get on average this week?"):
            _, reply = client.send_message(consultation["id"], question)
            print(f"  {question}\n    {reply['content']}")


if __name__ == "__main__":
    main()
