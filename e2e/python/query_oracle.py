"""Random query tables and query documents, and what each query means written
with pandas by hand (boolean masks; zoneinfo for local days, datetime for
windows): the oracle of test_query_property.py and the pandas side of
benchmarks/bench_query.py."""

from __future__ import annotations

import datetime as dt
import math
import random
import re
from typing import Any, Dict, List, Mapping, Optional, Set, Tuple
from zoneinfo import ZoneInfo

import pandas as pd

ZONES = ["UTC", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham",
         "America/Sao_Paulo"]
ACTIVITIES = ["Outdoor Run", "Treadmill Running", "Cycling", "Outdoor Bike", "Pool Swim", "Yoga",
              "Strength Training", "Walk", "Evening walk"]
#: What each asked-for name matches, written out by hand from docs/QUERY.md's synonym list.
MATCHES = {
    "run": {"Outdoor Run", "Treadmill Running"},
    "Running": {"Outdoor Run", "Treadmill Running"},
    "bike": {"Cycling", "Outdoor Bike"},
    "cycling": {"Cycling", "Outdoor Bike"},
    "swim": {"Pool Swim"},
    "YOGA": {"Yoga"},
    "weights": {"Strength Training"},
    "walk": {"Walk", "Evening walk"},
    "outdoor": {"Outdoor Run", "Outdoor Bike"},
    "outdoor run": {"Outdoor Run"},
    "rowing": set(),
}
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
DAILY_METRICS = ["steps", "sleep_minutes", "resting_heart_rate", "heart_rate_variability"]
SESSION_METRICS = ["distance", "calories", "average_heart_rate"]
REDUCERS = ["sum", "mean", "median", "min", "max", "std", "count", "count_days", "first", "last", "first_date",
            "last_date", "date_of_max", "date_of_min", "activities", "most_frequent_activity"]
NEEDS_METRIC = {"sum", "mean", "median", "min", "max", "std", "first", "last", "date_of_max", "date_of_min",
                "range"}
#: Reducers, weekdays, exact matching, same-day joins and day_of_max/min: the property test's queries
#: have them (extended=True); the benchmark's polars side does not write them.
EXTENDED_REDUCERS = ["range", "count_activities"]
OPS = ["<", "<=", ">", ">=", "==", "!="]
WINDOWS = ["all", "today", "yesterday", "this_week", "this_month", "last_week", "last_month"]


def value(rng: random.Random) -> Optional[float]:
    if rng.random() < 0.15:
        return None
    kind = rng.random()
    if kind < 0.4:
        return float(rng.randint(0, 20000))
    if kind < 0.8:
        return round(rng.uniform(-5, 600), rng.choice([1, 2, 3]))
    return rng.uniform(0, 1) * 10 ** rng.randint(-3, 8)


def make_tables(rng: random.Random) -> Tuple[pd.DataFrame, pd.DataFrame, str, int]:
    zone = rng.choice(ZONES)
    first = dt.date(2024, 1, 1) + dt.timedelta(days=rng.randint(0, 600))
    days = sorted(rng.sample(range(rng.randint(5, 120)), k=rng.randint(0, 5) or 1))
    days = sorted(set(days + rng.sample(range(130), k=rng.randint(0, 80))))
    daily = pd.DataFrame({"date": [first + dt.timedelta(days=day) for day in days]})
    for metric in DAILY_METRICS:
        daily[metric] = [value(rng) for _ in days]
    rng.shuffle(order := list(range(len(daily))))
    daily = daily.iloc[order].reset_index(drop=True)
    count = rng.randint(0, 80)
    base = int(dt.datetime.combine(first, dt.time(), tzinfo=dt.timezone.utc).timestamp())
    starts = [base + rng.randint(-86_400, 130 * 86_400) for _ in range(count)]
    if count > 3:
        starts[1] = starts[0]  # equal starts keep their input order
    sessions = pd.DataFrame({
        "start": starts,
        "end": [start + rng.randint(60, 4 * 3600) for start in starts],
        "activity": [rng.choice(ACTIVITIES) for _ in range(count)],
    })
    for metric in SESSION_METRICS:
        sessions[metric] = [value(rng) for _ in range(count)]
    return daily, sessions, zone, rng.choice([1, 2, 7])


def condition(rng: random.Random, frame: pd.DataFrame, metrics: List[str], sessions: bool) -> Dict[str, Any]:
    if sessions and rng.random() < 0.25:
        return {"metric": "activity", "op": rng.choice(["==", "!="]), "value": rng.choice(list(MATCHES))}
    metric = rng.choice(metrics)
    present = frame[metric].dropna().tolist() if len(frame) else []
    threshold = rng.choice(present) if present and rng.random() < 0.6 else round(rng.uniform(0, 15000), 1)
    return {"metric": metric, "op": rng.choice(OPS), "value": threshold}


def make_query(rng: random.Random, daily: pd.DataFrame, sessions: pd.DataFrame, anchor: dt.date,
               extended: bool = False) -> Dict[str, Any]:
    table = rng.choice(["daily", "sessions"])
    reducers = REDUCERS + (EXTENDED_REDUCERS if extended else [])
    reducers = reducers if table == "sessions" else [r for r in reducers if "activit" not in r]
    reduce = rng.choice(reducers)
    metrics = DAILY_METRICS if table == "daily" else SESSION_METRICS + ["duration"]
    query: Dict[str, Any] = {"table": table, "reduce": reduce, "anchor": anchor.isoformat()}
    if reduce in NEEDS_METRIC or (reduce in ("count", "count_days", "first_date", "last_date")
                                  and rng.random() < 0.5):
        query["metric"] = rng.choice(metrics)
    if table == "sessions" and rng.random() < 0.5:
        names = rng.sample(list(MATCHES), k=rng.randint(1, 2))
        query["activity"] = names[0] if len(names) == 1 and rng.random() < 0.5 else names
    frame, other = (daily, sessions) if table == "daily" else (sessions, daily)
    if rng.random() < 0.4:
        query["where"] = [condition(rng, frame, metrics, table == "sessions") for _ in range(rng.randint(1, 2))]
    if rng.random() < 0.3:
        other_metrics = SESSION_METRICS if table == "daily" else DAILY_METRICS
        query["on_days_where"] = [condition(rng, other, other_metrics, table == "daily")]
    kind = rng.random()
    if kind < 0.35:
        query["window"] = rng.choice(WINDOWS)
    elif kind < 0.6:
        query["window"] = {"last_days": rng.randint(1, 60)}
    elif kind < 0.8:
        start = anchor - dt.timedelta(days=rng.randint(0, 90))
        query["window"] = {"between": [start.isoformat(), (start + dt.timedelta(days=rng.randint(0, 40))).isoformat()]}
    elif kind < 0.9:
        query["window"] = {"day_of": {"which": rng.choice(["first", "last"]),
                                      "activity": rng.choice([None] + list(MATCHES))}}
    if rng.random() < 0.25:
        query["take"] = {rng.choice(["first", "last"]): rng.randint(1, 6)}
    if extended:
        extend(rng, query, frame, metrics)
    return query


def extend(rng: random.Random, query: Dict[str, Any], frame: pd.DataFrame, metrics: List[str]) -> None:
    """Weekdays, exact activity names, same-day conditions and the day of a largest or smallest value."""
    sessions = query["table"] == "sessions"
    if rng.random() < 0.3:
        query["weekdays"] = rng.sample(WEEKDAYS, k=rng.randint(1, 3))
    if rng.random() < 0.3:
        query["activity_match"] = rng.choice(["exact", "synonyms"])
    if rng.random() < 0.3:
        query["same_day_where"] = [condition(rng, frame, metrics, sessions)]
    if rng.random() < 0.15:
        source = rng.choice(["daily", "sessions"])
        names = DAILY_METRICS if source == "daily" else SESSION_METRICS + ["duration"]
        asked = rng.choice([None] + list(MATCHES)) if source == "sessions" else None
        query["window"] = {rng.choice(["day_of_max", "day_of_min"]): {"table": source, "metric": rng.choice(names),
                                                                      "activity": asked}}


# ---------------------------------------------------------------------------
# The same queries, written with pandas
# ---------------------------------------------------------------------------

def prepared(daily: pd.DataFrame, sessions: pd.DataFrame, zone: str) -> Tuple[pd.DataFrame, pd.DataFrame]:
    daily = daily.copy()
    daily["day"] = daily["date"]
    daily = daily.sort_values("day", kind="stable").reset_index(drop=True)
    sessions = sessions.copy()
    local = pd.to_datetime(sessions["start"], unit="s", utc=True).dt.tz_convert(ZoneInfo(zone))
    sessions["day"] = [stamp.date() for stamp in local]
    if "duration" not in sessions:
        sessions["duration"] = (sessions["end"] - sessions["start"]) / 60
    sessions = sessions.sort_values("start", kind="stable").reset_index(drop=True)
    return daily, sessions


def words(name: str) -> List[str]:
    return re.findall("[a-z0-9]+", name.lower())


#: What each asked-for name matches among one set of tables' recorded names.
Synonyms = Mapping[str, Set[str]]


def matches(asked: Any, names: pd.Series, exact: bool = False, synonyms: Synonyms = MATCHES) -> pd.Series:
    asked = [asked] if isinstance(asked, str) else asked
    if exact:  # the same words, case and punctuation aside
        return names.map(lambda name: any(words(name) == words(each) for each in asked)).astype(bool)
    wanted = set().union(*(synonyms[name] for name in asked))
    return names.isin(wanted)


def holds(frame: pd.DataFrame, condition: Dict[str, Any], exact: bool = False,
          synonyms: Synonyms = MATCHES) -> pd.Series:
    if condition["metric"] == "activity":
        hit = matches(condition["value"], frame["activity"], exact, synonyms)
        return hit if condition["op"] == "==" else ~hit
    column, value = frame[condition["metric"]], condition["value"]
    present = column.notna()
    return {"<": column < value, "<=": column <= value, ">": column > value, ">=": column >= value,
            "==": column == value, "!=": (column != value) & present}[condition["op"]] & present


def window_days(window: Any, anchor: dt.date, first_weekday: int, sessions: pd.DataFrame,
                exact: bool = False, daily: Optional[pd.DataFrame] = None, synonyms: Synonyms = MATCHES
                ) -> Tuple[bool, Optional[Tuple[dt.date, dt.date]]]:
    """(exists, (from, to) or None for every day)."""
    extreme = next((key for key in ("day_of_max", "day_of_min") if isinstance(window, dict) and key in window), None)
    if extreme is not None:
        spec = window[extreme]
        frame = sessions if spec["table"] == "sessions" else daily
        assert frame is not None
        candidates = frame[(frame["day"] <= anchor) & frame[spec["metric"]].notna()]
        if spec["activity"] is not None:
            candidates = candidates[matches(spec["activity"], candidates["activity"], exact, synonyms)]
        if candidates.empty:
            return False, None
        best = candidates[spec["metric"]].max() if extreme == "day_of_max" else candidates[spec["metric"]].min()
        day = min(candidates.loc[candidates[spec["metric"]] == best, "day"])
        return True, (day, day)
    if isinstance(window, dict) and "day_of" in window:
        asked = window["day_of"]["activity"]
        candidates = sessions[sessions["day"] <= anchor]
        if asked is not None:
            candidates = candidates[matches(asked, candidates["activity"], exact, synonyms)]
        if candidates.empty:
            return False, None
        day = candidates["day"].iloc[0 if window["day_of"]["which"] == "first" else -1]
        return True, (day, day)
    if isinstance(window, dict) and "last_days" in window:
        return True, (anchor - dt.timedelta(days=window["last_days"] - 1), anchor)
    if isinstance(window, dict):
        first, last = window["between"]
        return True, (dt.date.fromisoformat(first), dt.date.fromisoformat(last))
    sunday_based = anchor.isoweekday() % 7 + 1
    week = anchor - dt.timedelta(days=(sunday_based - first_weekday) % 7)
    month = anchor.replace(day=1)
    next_month = (month + dt.timedelta(days=32)).replace(day=1)
    previous_month = (month - dt.timedelta(days=1)).replace(day=1)
    spans = {
        "all": None, "today": (anchor, anchor), "yesterday": (anchor - dt.timedelta(days=1),) * 2,
        "this_week": (week, week + dt.timedelta(days=6)),
        "last_week": (week - dt.timedelta(days=7), week - dt.timedelta(days=1)),
        "this_month": (month, next_month - dt.timedelta(days=1)),
        "last_month": (previous_month, month - dt.timedelta(days=1)),
    }
    return True, spans[window or "all"]


def expected(query: Dict[str, Any], daily: pd.DataFrame, sessions: pd.DataFrame,
             first_weekday: int, synonyms: Synonyms = MATCHES) -> Dict[str, Any]:
    """The answer to `query` over tables made by `prepared`; `synonyms` says
    what each asked-for activity name matches among the tables' names."""
    table = daily if query["table"] == "daily" else sessions
    other = sessions if query["table"] == "daily" else daily
    anchor = dt.date.fromisoformat(query["anchor"])
    exact = query.get("activity_match") == "exact"
    exists, span = window_days(query.get("window", "all"), anchor, first_weekday, sessions, exact, daily, synonyms)
    mask = pd.Series(exists, index=table.index)
    if span is not None:
        mask &= (table["day"] >= span[0]) & (table["day"] <= span[1])
    if query.get("weekdays") is not None:
        mask &= table["day"].map(lambda day: WEEKDAYS[day.weekday()] in query["weekdays"]).astype(bool)
    if query.get("activity") is not None:
        mask &= matches(query["activity"], table["activity"], exact, synonyms)
    for each in query.get("where", []):
        mask &= holds(table, each, exact, synonyms)
    for key, joined in (("on_days_where", other), ("same_day_where", table)):
        if query.get(key):
            joined_mask = pd.Series(True, index=joined.index)
            for each in query[key]:
                joined_mask &= holds(joined, each, exact, synonyms)
            mask &= table["day"].isin(set(joined.loc[joined_mask, "day"]))
    selected = table[mask]
    take = query.get("take")
    if take:
        selected = selected.head(take["first"]) if "first" in take else selected.tail(take["last"])
    reduce, metric = query["reduce"], query.get("metric")
    values = selected[metric] if metric else None
    present = selected[values.notna()] if metric else selected
    numbers = values.dropna() if metric else pd.Series(dtype=float)
    answer: Any
    if reduce == "sum":
        answer = math.fsum(numbers)
    elif reduce in ("mean", "median", "min", "max", "std"):
        answer = getattr(numbers, reduce)()
        answer = None if pd.isna(answer) else float(answer)
    elif reduce == "range":
        answer = None if numbers.empty else float(numbers.max() - numbers.min())
    elif reduce == "count_activities":
        answer = len({tuple(words(name)) for name in selected["activity"]})
    elif reduce == "count":
        answer = len(present)
    elif reduce == "count_days":
        answer = present["day"].nunique()
    elif reduce in ("first", "last"):
        answer = None if numbers.empty else float(numbers.iloc[0 if reduce == "first" else -1])
    elif reduce in ("first_date", "last_date"):
        answer = None if present.empty else present["day"].iloc[0 if reduce == "first_date" else -1].isoformat()
    elif reduce in ("date_of_max", "date_of_min"):
        answer = None if numbers.empty else selected.loc[
            numbers.idxmax() if reduce == "date_of_max" else numbers.idxmin(), "day"].isoformat()
    elif reduce == "activities":
        answer = list(dict.fromkeys(selected["activity"])) or None
    else:
        counts = selected["activity"].value_counts()
        answer = None if counts.empty else next(name for name in selected["activity"]
                                                if counts[name] == counts.max())
    if selected.empty and reduce in ("sum", "count", "count_days", "count_activities"):
        answer = 0
    bounded = span is not None and not take
    return {"value": answer, "rows": len(selected), "days": selected["day"].nunique(),
            "from_date": (span[0] if bounded else selected["day"].iloc[0] if len(selected) else None),
            "to_date": (span[1] if bounded else selected["day"].iloc[-1] if len(selected) else None),
            "pandas_sum": float(numbers.sum()) if reduce == "sum" else None}


