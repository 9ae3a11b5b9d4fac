"""The held-out dataset: one person's wearable data over 120 days, generated
from a fixed seed, so that the held-out questions (questions.jsonl) have one
right answer each.

A Fitbit/Pixel-style daily summary (one row per local date; a night's sleep
is dated by the morning the person woke up, as those apps do) and workouts in
New York local time. Values go missing as they do on a real wrist: nights the
watch was off, HRV and SpO2 that need a full night, weight logged now and
then. The anchor ("today") is Wednesday 10 December 2025.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any, Dict, List, Optional, Tuple
from zoneinfo import ZoneInfo

SEED = 20251210
TIME_ZONE = "America/New_York"
ANCHOR = dt.date(2025, 12, 10)
DAYS = 120
FIRST_DAY = ANCHOR - dt.timedelta(days=DAYS - 1)

#: The unit of each column, as the tables are told.
UNITS: Dict[str, str] = {
    "steps": "steps", "sleep_minutes": "min", "deep_sleep_minutes": "min", "light_sleep_minutes": "min",
    "rem_sleep_minutes": "min", "awake_minutes": "min", "time_in_bed_minutes": "min",
    "deep_sleep_percent": "%", "light_sleep_percent": "%", "rem_sleep_percent": "%", "awake_percent": "%",
    "resting_heart_rate": "bpm", "heart_rate_variability": "ms", "active_zone_minutes": "min",
    "stress_score": "points", "spo2": "%", "vo2_max": "ml/kg/min", "weight": "kg",
    "duration": "min", "distance": "km", "calories": "kcal", "average_heart_rate": "bpm", "elevation_gain": "m",
    "speed": "km/h",
}

#: Per activity: typical minutes, km/h (None: no distance), steps per minute, elevation m/km, heart rate, weight.
_PROFILES: Dict[str, Tuple[float, Optional[float], float, float, float, float]] = {
    "Run": (38, 10.5, 165, 9, 152, 3.0),
    "Walk": (45, 5.2, 110, 6, 102, 3.0),
    "Treadmill": (32, 9.8, 160, 0, 148, 1.2),
    "Outdoor Bike": (65, 22.0, 0, 8, 131, 1.2),
    "Spinning": (45, None, 0, 0, 142, 1.0),
    "Swim": (40, 2.4, 0, 0, 128, 0.8),
    "Yoga": (50, None, 4, 0, 92, 1.5),
    "Hike": (140, 4.1, 115, 45, 118, 0.5),
    "Strength training": (48, None, 12, 0, 112, 2.0),
    "Elliptical": (35, None, 140, 0, 138, 1.0),
    "Interval Workout": (28, None, 60, 0, 158, 1.0),
}


def daily_rows() -> List[Dict[str, Any]]:
    """One row per day from FIRST_DAY to ANCHOR; None where the watch had no reading. A day's steps,
    zone minutes and calories include its workouts', as a watch counts them."""
    rng = random.Random(SEED)
    workouts: Dict[dt.date, List[Dict[str, Any]]] = {}
    for session in session_rows():
        workouts.setdefault(session["start"].date(), []).append(session)
    rows = []
    vo2 = 44.0
    weight = 78.4
    for offset in range(DAYS):
        day = FIRST_DAY + dt.timedelta(days=offset)
        weekend = day.weekday() >= 5
        done = workouts.get(day, [])
        steps = max(900, int(rng.gauss(7600 if weekend else 6800, 2400))) + sum(w["steps"] or 0 for w in done)
        row: Dict[str, Any] = {"date": day, "steps": steps}
        if rng.random() < 0.08:  # the watch charged overnight: no sleep, HRV, SpO2
            row.update({key: None for key in ("sleep_minutes", "deep_sleep_minutes", "light_sleep_minutes",
                                              "rem_sleep_minutes", "awake_minutes", "time_in_bed_minutes",
                                              "deep_sleep_percent", "light_sleep_percent", "rem_sleep_percent",
                                              "awake_percent", "sleep_score", "heart_rate_variability", "spo2")})
        else:
            asleep = int(rng.gauss(440 if weekend else 405, 48))
            deep = int(asleep * rng.uniform(0.11, 0.22))
            rem = int(asleep * rng.uniform(0.17, 0.27))
            light = asleep - deep - rem
            awake = int(rng.uniform(22, 75))
            in_bed = asleep + awake
            row.update({
                "sleep_minutes": asleep, "deep_sleep_minutes": deep, "light_sleep_minutes": light,
                "rem_sleep_minutes": rem, "awake_minutes": awake, "time_in_bed_minutes": in_bed,
                "deep_sleep_percent": round(100 * deep / in_bed, 1),
                "light_sleep_percent": round(100 * light / in_bed, 1),
                "rem_sleep_percent": round(100 * rem / in_bed, 1),
                "awake_percent": round(100 * awake / in_bed, 1),
                "sleep_score": min(97, max(52, int(58 + (asleep - 330) / 6 + deep / 12 + rng.gauss(0, 4)))),
                "heart_rate_variability": None if rng.random() < 0.05 else round(rng.gauss(46, 8), 1),
                "spo2": None if rng.random() < 0.1 else round(rng.uniform(94.0, 98.9), 1),
            })
        row["resting_heart_rate"] = int(rng.gauss(57, 2.6))
        row["active_zone_minutes"] = max(0, int(rng.gauss(14, 9))) + sum(w["active_zone_minutes"] for w in done)
        row["calories"] = int(1750 + steps * 0.035 + rng.gauss(0, 120)) + sum(w["calories"] for w in done)
        row["stress_score"] = min(95, max(40, int(rng.gauss(74, 8))))
        vo2 = round(min(48.0, max(41.0, vo2 + rng.gauss(0.02, 0.25))), 1)
        row["vo2_max"] = vo2
        weight = round(weight + rng.gauss(-0.02, 0.3), 1)
        row["weight"] = weight if rng.random() < 0.3 else None
        rows.append(row)
    return rows


def session_rows() -> List[Dict[str, Any]]:
    """The workouts: start and end in New York time, activity and fields (None where a kind has none).
    A workout at 22:00 or later is on its New York day, though it starts on the next day in UTC."""
    rng = random.Random(SEED + 1)
    zone = ZoneInfo(TIME_ZONE)
    plan = {0: ["Run", "Strength training"], 1: ["Walk", "Yoga"], 2: ["Treadmill", "Swim"],
            3: ["Spinning", "Interval Workout"], 4: ["Walk", "Elliptical"], 5: ["Run", "Outdoor Bike"],
            6: ["Hike", "Walk"]}
    rows = []
    for offset in range(DAYS):
        day = FIRST_DAY + dt.timedelta(days=offset)
        for position, activity in enumerate(plan[day.weekday()]):
            if rng.random() > (0.62 if position == 0 else 0.42):
                continue
            hour = rng.choice([6, 7, 12, 17, 18]) if position == 0 else rng.choice([8, 13, 19, 22])
            start = dt.datetime(day.year, day.month, day.day, hour, rng.choice([0, 10, 15, 30, 45]), tzinfo=zone)
            rows.append(_session(rng, activity, start))
    return sorted(rows, key=lambda row: row["start"])


def _session(rng: random.Random, activity: str, start: dt.datetime) -> Dict[str, Any]:
    minutes, speed, cadence, climb, heart, _ = _PROFILES[activity]
    duration = max(12, int(rng.gauss(minutes, minutes * 0.22)))
    row: Dict[str, Any] = {"start": start, "end": start + dt.timedelta(minutes=duration), "activity": activity,
                           "duration": duration}
    if speed is None:
        row["distance"] = None
        row["speed"] = None
        row["elevation_gain"] = None
    else:
        actual = round(rng.gauss(speed, speed * 0.08), 2)
        row["distance"] = round(actual * duration / 60, 2)
        row["speed"] = round(row["distance"] * 60 / duration, 2)
        row["elevation_gain"] = None if climb == 0 else int(row["distance"] * climb * rng.uniform(0.5, 1.6))
    row["steps"] = int(duration * cadence * rng.uniform(0.9, 1.1)) if cadence else None
    row["average_heart_rate"] = int(rng.gauss(heart, 5))
    row["calories"] = int(duration * (row["average_heart_rate"] - 55) * 0.105 * rng.uniform(0.9, 1.1))
    row["active_zone_minutes"] = max(0, int(duration * max(0.0, (row["average_heart_rate"] - 100) / 60)))
    return row


def frames() -> Tuple[Any, Any]:
    """(daily, sessions) as pandas DataFrames; sessions gain a `day` column, the local date of the start,
    which the oracle uses and the tables do not get."""
    import pandas as pd

    daily = pd.DataFrame(daily_rows())
    sessions = pd.DataFrame(sorted(session_rows(), key=lambda row: row["start"]))
    sessions["day"] = [start.date() for start in sessions["start"]]
    return daily, sessions
