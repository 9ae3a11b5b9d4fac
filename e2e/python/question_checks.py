"""What the question-reader tests share: the expected query of a question,
tables with the columns of common wearables, and the check of an answer
against the pandas oracle (query_oracle.py) and against the data its
sentence speaks of."""

from __future__ import annotations

import datetime as dt
import math
import random
import re
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

import pandas as pd

import query_oracle
import wellness

Conditions = Tuple[Tuple[str, str, Any], ...]


def expect(table: str, reduce: str, metric: Optional[str] = None, activity: Optional[str] = None,
           where: Conditions = (), days: Conditions = (), window: Any = "all", take: Optional[Dict[str, int]] = None,
           *, anchor: str) -> Dict[str, Any]:
    """The query document a question must read, every member written out as the reader writes it."""
    def conditions(items: Conditions) -> List[Dict[str, Any]]:
        return [{"metric": metric, "op": op, "value": value} for metric, op, value in items]
    return {"table": table, "metric": metric, "activity": [activity] if activity else None,
            "where": conditions(where), "on_days_where": conditions(days), "window": window, "anchor": anchor,
            "take": take, "reduce": reduce}


#: The members and reducers of today's query language. A reading with another member, or another
#: reducer, uses a form added after these lists (an exact activity match, a weekday condition).
MEMBERS = {"table", "metric", "activity", "where", "on_days_where", "window", "anchor", "take", "reduce"}
REDUCERS = set(query_oracle.REDUCERS)


def normalized(query: Dict[str, Any]) -> Dict[str, Any]:
    """`query` without members that hold their default (an activity match by synonyms, every weekday, no
    condition on another session of the day)."""
    defaults = {"activity_match": (None, "synonyms"), "weekdays": (None,), "same_day_where": (None, [])}
    return {key: value for key, value in query.items() if value not in defaults.get(key, ())}


WINDOW_NAMES = {"all", "today", "yesterday", "this_week", "this_month", "last_week", "last_month"}
WINDOW_KINDS = {"last_days", "between", "day_of"}


def uses_newer_language(query: Dict[str, Any]) -> bool:
    """Whether `query` says something today's language cannot: a member, reducer or window kind not in it, or a
    condition on something no table has (a weekday)."""
    window = query.get("window")
    conditions = [*(query.get("where") or []), *(query.get("on_days_where") or [])]
    return (bool(set(normalized(query)) - MEMBERS) or query.get("reduce") not in REDUCERS
            or (isinstance(window, str) and window not in WINDOW_NAMES)
            or (isinstance(window, dict) and not set(window) <= WINDOW_KINDS)
            or any(each.get("metric") not in KNOWN_METRICS for each in conditions))


# ---------------------------------------------------------------------------
# Tables with the columns of common wearables
# ---------------------------------------------------------------------------

ZONE = "America/New_York"
UNITS = {"distance": "km", "speed": "km/h", "elevation_gain": "m", "sleep_minutes": "min", "steps": "steps"}

#: A Fitbit- or Pixel-style daily summary.
FITBIT_COLUMNS = ["steps", "sleep_minutes", "deep_sleep_minutes", "light_sleep_minutes", "rem_sleep_minutes",
                  "awake_minutes", "time_in_bed_minutes", "deep_sleep_percent", "light_sleep_percent",
                  "rem_sleep_percent", "awake_percent", "sleep_score", "stress_score", "active_zone_minutes",
                  "heart_rate_variability", "resting_heart_rate", "spo2", "vo2_max"]
#: An Apple-Health-style daily export: sleep stages (core sleep as light), no scores, shares or zone minutes.
APPLE_COLUMNS = ["steps", "sleep_minutes", "deep_sleep_minutes", "light_sleep_minutes", "rem_sleep_minutes",
                 "awake_minutes", "time_in_bed_minutes", "resting_heart_rate", "heart_rate_variability", "spo2",
                 "vo2_max"]
#: Metrics the daily table has even when its input lacks them (docs/QUERY.md, "Standard metrics").
STANDARD_DAILY = {"steps", "sleep_minutes", "deep_sleep_minutes", "rem_sleep_minutes", "resting_heart_rate",
                  "heart_rate_variability", "active_zone_minutes"}
STANDARD_SESSIONS = {"duration", "distance", "calories", "steps", "average_heart_rate", "active_zone_minutes",
                     "elevation_gain", "speed"}
SESSION_COLUMNS = ["distance", "speed", "elevation_gain", "calories", "average_heart_rate", "steps",
                   "active_zone_minutes"]
KNOWN_METRICS = set(FITBIT_COLUMNS) | STANDARD_DAILY | STANDARD_SESSIONS | {"activity"}

#: Recorded activity names of Fitbit, Pixel, Apple Health and Garmin exports, and what each name the
#: reader asks for matches among them, written out by hand from docs/QUERY.md's synonym groups.
ACTIVITY_NAMES = ["Outdoor Run", "Treadmill", "Running", "Walk", "Walking", "Hike", "Hiking", "Swim", "Pool Swim",
                  "Yoga", "Outdoor Bike", "Spinning", "Cycling", "Weights", "Traditional Strength Training",
                  "Elliptical", "Interval Workout", "High Intensity Interval Training", "Aerobic Workout", "Rowing"]
SYNONYMS: Dict[str, Set[str]] = {
    "run": {"Outdoor Run", "Treadmill", "Running"},
    "walk": {"Walk", "Walking"},
    "hike": {"Hike", "Hiking"},
    "swim": {"Swim", "Pool Swim"},
    "yoga": {"Yoga"},
    "bike": {"Outdoor Bike", "Spinning", "Cycling"},
    "weights": {"Weights", "Traditional Strength Training"},
    "elliptical": {"Elliptical"},
    "hiit": {"Interval Workout", "High Intensity Interval Training"},
    "aerobic": {"Aerobic Workout"},
}
#: The workouts of the phrasing list: a Fitbit-style log where runs are "Outdoor Run" and "Treadmill".
FITBIT_ACTIVITIES = ["Outdoor Run", "Treadmill", "Walk", "Hike", "Swim", "Yoga", "Outdoor Bike", "Spinning",
                     "Weights", "Elliptical", "Interval Workout", "Aerobic Workout"]


def _daily_value(rng: random.Random, column: str) -> Optional[float]:
    if rng.random() < 0.06:
        return None
    ranges = {"steps": (1500, 19000), "sleep_minutes": (200, 560), "deep_sleep_minutes": (20, 140),
              "light_sleep_minutes": (120, 300), "rem_sleep_minutes": (30, 150), "awake_minutes": (10, 90),
              "time_in_bed_minutes": (300, 620), "deep_sleep_percent": (5, 28), "light_sleep_percent": (40, 65),
              "rem_sleep_percent": (10, 30), "awake_percent": (3, 18), "sleep_score": (55, 95),
              "stress_score": (40, 95), "active_zone_minutes": (0, 120), "heart_rate_variability": (18, 90),
              "resting_heart_rate": (46, 72), "spo2": (91, 100), "vo2_max": (38, 52)}
    low, high = ranges[column]
    return float(rng.randint(low, high))


def daily_rows(rng: random.Random, columns: Sequence[str], first: dt.date, last: dt.date,
               missing_days: float = 0.08) -> List[Dict[str, Any]]:
    rows = []
    day = first
    while day <= last:
        if rng.random() >= missing_days:
            row: Dict[str, Any] = {"date": day.isoformat()}
            for column in columns:
                row[column] = _daily_value(rng, column)
            rows.append(row)
        day += dt.timedelta(days=1)
    return rows


def session_rows(rng: random.Random, activities: Sequence[str], columns: Sequence[str], first: dt.date,
                 last: dt.date, count: int) -> List[Dict[str, Any]]:
    """`count` workouts between the two days, local starts at any hour (late ones fall on the next UTC day)."""
    zone = query_oracle.ZoneInfo(ZONE)
    span = (last - first).days
    rows = []
    for _ in range(count):
        day = first + dt.timedelta(days=rng.randint(0, span))
        start = dt.datetime.combine(day, dt.time(rng.randint(5, 23), rng.choice([0, 15, 30, 45])), tzinfo=zone)
        minutes = rng.randint(12, 150)
        activity = rng.choice(list(activities))
        row: Dict[str, Any] = {"start": start.astimezone(dt.timezone.utc).isoformat(),
                               "end": (start + dt.timedelta(minutes=minutes)).astimezone(dt.timezone.utc).isoformat(),
                               "activity": activity}
        moving = not any(word in activity for word in ("Yoga", "Weights", "Strength", "Swim", "Elliptical",
                                                        "Interval", "Aerobic", "Spinning"))
        for column in columns:
            if rng.random() < 0.08 or (column in ("distance", "speed", "elevation_gain", "steps") and not moving):
                row[column] = None
                continue
            row[column] = {"distance": round(rng.uniform(1, 25), 2), "speed": round(rng.uniform(4, 32), 1),
                           "elevation_gain": float(rng.randint(0, 900)), "calories": float(rng.randint(60, 1100)),
                           "average_heart_rate": float(rng.randint(95, 175)),
                           "steps": float(rng.randint(800, 16000)),
                           "active_zone_minutes": float(rng.randint(0, 90))}[column]
        rows.append(row)
    return rows


class Data:
    """One person's tables: the library's QueryTables and the oracle's prepared frames of the same rows."""

    def __init__(self, daily: List[Dict[str, Any]], sessions: List[Dict[str, Any]],
                 synonyms: Dict[str, Set[str]] = SYNONYMS) -> None:
        self.daily_rows, self.session_rows, self.synonyms = daily, sessions, synonyms
        self.tables = wellness.QueryTables(daily, sessions, time_zone=ZONE, units=UNITS)
        self.daily_columns = {key for row in daily for key in row} - {"date"}
        self.session_columns = {key for row in sessions for key in row} - {"start", "end", "activity"}
        daily_frame = pd.DataFrame(daily, columns=["date", *sorted(self.daily_columns | STANDARD_DAILY)])
        daily_frame["date"] = [dt.date.fromisoformat(day) for day in daily_frame["date"]]
        session_frame = pd.DataFrame(sessions, columns=["start", "end", "activity",
                                                        *sorted(self.session_columns | STANDARD_SESSIONS)])
        for column in ("start", "end"):
            session_frame[column] = [int(dt.datetime.fromisoformat(value).timestamp())
                                     for value in session_frame[column]]
        if not self.session_columns & {"duration"}:
            session_frame["duration"] = (session_frame["end"] - session_frame["start"]) / 60
        for frame in (daily_frame, session_frame):
            for column in frame.columns:
                if column not in ("date", "start", "end", "activity"):
                    frame[column] = frame[column].astype(float)
        self.daily, self.sessions = query_oracle.prepared(daily_frame, session_frame, ZONE)

    def has(self, table: str, metric: str) -> bool:
        columns, standard = ((self.daily_columns, STANDARD_DAILY) if table == "daily"
                             else (self.session_columns, STANDARD_SESSIONS))
        return metric == "activity" or metric in columns or metric in standard

    def can_run(self, query: Dict[str, Any]) -> bool:
        """Whether the tables have every metric `query` names; the reader declines a question about one they lack."""
        other = "sessions" if query["table"] == "daily" else "daily"
        return ((query["metric"] is None or self.has(query["table"], query["metric"]))
                and all(self.has(query["table"], each["metric"]) for each in query["where"])
                and all(self.has(other, each["metric"]) for each in query["on_days_where"]))

    def oracle(self, query: Dict[str, Any]) -> Dict[str, Any]:
        synonyms = self.synonyms
        if query.get("activity_match") == "exact":
            # An exact match: the recorded name itself, case and punctuation aside.
            def key(name: str) -> str:
                return " ".join(re.findall(r"[a-z0-9]+", name.lower()))
            names = set(self.sessions["activity"])
            asked = [*(query.get("activity") or []),
                     *(each["value"] for each in [*query["where"], *query["on_days_where"]]
                       if each["metric"] == "activity"),
                     *(((query["window"].get("day_of") or {}).get("activity") or [])
                       if isinstance(query["window"], dict) else [])]
            synonyms = {name: {recorded for recorded in names if key(recorded) == key(name)} for name in asked}
        return query_oracle.expected(query, self.daily, self.sessions, 2, synonyms)

    def same_answer(self, got: Dict[str, Any], want: Dict[str, Any]) -> bool:
        """Whether two readings that differ only in how activities match give the same answer over these rows."""
        if {**got, "activity_match": None} != {**want, "activity_match": None}:
            return False
        first, second = self.oracle(got), self.oracle(want)
        return all(same(first[key], second[key]) for key in ("value", "rows", "days"))


# ---------------------------------------------------------------------------
# An answer against the oracle and the data
# ---------------------------------------------------------------------------

def same(got: Any, want: Any) -> bool:
    if isinstance(got, float) or isinstance(want, float):
        if got is None or want is None:
            return got is None and want is None
        return math.isclose(float(got), float(want), rel_tol=1e-9, abs_tol=1e-9)
    return bool(got == want)


def _spoken_day(day: str) -> str:
    date = dt.date.fromisoformat(day)
    return f"{date.day} {date.strftime('%B')} {date.year}"


def answer_problems(data: Data, answer: Dict[str, Any]) -> List[str]:
    """What is wrong with an understood answer: its number against the same query run by the pandas oracle, the
    number its sentence says against the result, and a sentence without a number against the data ("You didn't
    run" only when no run fell in the window, "I have no … data" never when the window was empty)."""
    result, text = answer["result"], answer["answer"]
    query = result["query"]
    problems: List[str] = []
    if not text:
        return ["an understood answer without a sentence"]
    want = data.oracle(query)
    for key in ("value", "rows", "days"):
        if not same(result[key], want[key]):
            problems.append(f"{key} {result[key]!r}, the oracle's {want[key]!r}")
    if answer["number"] is not None and result["rows"] > 0 and isinstance(result["value"], (int, float)):
        value = result["value"] / 60 if answer["unit"] == "hours" else result["value"]
        if abs(answer["number"] - value) > 0.05 + 1e-9 * abs(value):  # said to one decimal
            problems.append(f"says {answer['number']}, the result is {value}")
    if answer["number"] is None and result["rows"] > 0:
        value = result["value"]
        if isinstance(value, str) and len(value) == 10 and value[4] == "-" and _spoken_day(value) not in text:
            problems.append(f"the day {value} is not said")
        if isinstance(value, list) and not all(name in text for name in value):
            problems.append(f"not every activity of {value} is said")
        if isinstance(value, str) and len(value) != 10 and value not in text:
            problems.append(f"the activity {value} is not said")
    metric = query["metric"]
    if "have no" in text and metric and query["reduce"] not in ("activities", "most_frequent_activity"):
        # "You have no deep sleep recorded between …", "Your runs … have no calories recorded": none of the
        # rows (those of the window, when the window held none) has the metric.
        rows = dict(query, reduce="count") if result["rows"] else dict(query, where=[], on_days_where=[], take=None,
                                                                         reduce="count")
        present = data.oracle(rows)["value"]
        if present:
            problems.append(f"says no {metric} is recorded, but {present} rows have it")
    if result["rows"] == 0 and text.endswith(" recorded.") and " between " not in text and " on " not in text:
        # "You have no walks recorded." says there are none at all, not only none in the window.
        anywhere = dict(query, where=[], on_days_where=[], take=None, window="all", reduce="count")
        if query["reduce"] in ("activities", "most_frequent_activity"):
            anywhere["metric"] = None
        if data.oracle(anywhere)["value"]:
            problems.append("says nothing is recorded, but there is data outside the window")
    if result["rows"] == 0:
        unconditioned = dict(query, where=[], on_days_where=[], take=None, metric=None, reduce="count")
        in_window = data.oracle(unconditioned)["rows"]
        if "I have no" in text:
            problems.append("says 'I have no' data")
        if "didn't" in text and in_window != 0:
            problems.append(f"says 'didn't' though {in_window} rows fell in the window")
        if (query["where"] or query["on_days_where"]) and in_window > 0 and not text.startswith("None of"):
            problems.append("rows excluded by a condition, but the sentence does not say 'None of'")
    return problems
