"""Rows of 2,000 users for the Spark and Dask tests, and each user's
single-series result to compare the distributed one with.

Every user lives in one of eight zones (DST-heavy, southern-hemisphere,
half- and quarter-hour offsets, Lord Howe's half-hour DST) and has samples
spread over March to November 2024 plus samples within a day and a half of
each of their zone's offset changes, where a local-time mistake moves a
sample into another day."""

from __future__ import annotations

import datetime
import zoneinfo
from typing import Any, Dict, List, Sequence

import numpy as np

# The module's own function, not the one conftest wraps to check result types:
# checking 2,000 results would take most of the test's time, and test_series checks them.
from wellness.series import series_aggregate_columns

ZONES = ["America/New_York", "Europe/London", "Australia/Sydney", "America/Santiago", "Asia/Kolkata",
         "Asia/Kathmandu", "Australia/Lord_Howe", "UTC"]
START_MS = 1_709_251_200_000  # 2024-03-01T00:00Z
END_MS = 1_731_628_800_000  # 2024-11-15T00:00Z
STATISTICS = ["count", "sum", "average", "min", "max", "first", "last", "p90"]


def transitions(zone: str) -> List[int]:
    """The zone's offset changes between START_MS and END_MS, in epoch ms (found hour by hour)."""
    info = zoneinfo.ZoneInfo(zone)
    found, previous = [], None
    for hour in range(START_MS // 3_600_000, END_MS // 3_600_000):
        offset = datetime.datetime.fromtimestamp(hour * 3600, tz=info).utcoffset()
        if previous is not None and offset != previous:
            found.append(hour * 3_600_000)
        previous = offset
    return found


def rows(users: int = 2_000, seed: int = 24, uniform: int = 20, near_changes: int = 3) -> Dict[str, Any]:
    """Columns user (int64, sparse), zone, time_ms (int64, some with milliseconds) and value (float64), shuffled."""
    rng = np.random.default_rng(seed)
    changes = {zone: transitions(zone) for zone in ZONES}
    keys, zones, times = [], [], []
    for index in range(users):
        zone = ZONES[index % len(ZONES)]
        key = index * 7_919 + 13
        stamps = list(START_MS + rng.integers(0, END_MS - START_MS, uniform))
        for change in changes[zone]:
            stamps += list(change + rng.integers(-36 * 3_600_000, 36 * 3_600_000, near_changes))
        keys += [key] * len(stamps)
        zones += [zone] * len(stamps)
        times += stamps
    order = rng.permutation(len(times))
    values = np.round(rng.normal(5_000, 2_000, len(times)), 2)
    return {"user": np.array(keys, dtype=np.int64)[order], "zone": np.array(zones, dtype=object)[order],
            "time_ms": np.array(times, dtype=np.int64)[order], "value": values}


def expected(data: Dict[str, Any], interval: str, statistics: Sequence[str],
             first_weekday: str = "monday") -> Dict[Any, List[Dict[str, Any]]]:
    """Each user's buckets from the single-series call on their rows alone, in
    their zone, in time order (ties by value) as the distributed helpers pass them."""
    result: Dict[Any, List[Dict[str, Any]]] = {}
    order = np.lexsort((data["value"], data["time_ms"], data["user"]))
    keys = data["user"][order]
    bounds = np.flatnonzero(np.diff(keys)) + 1
    for chunk in np.split(order, bounds):
        key = data["user"][chunk[0]]
        zone = data["zone"][chunk[0]]
        options = {"interval": interval, "statistics": list(statistics), "time_zone": zone,
                   "timestamp_unit": "ms", "first_weekday": first_weekday}
        result[key.item()] = series_aggregate_columns(options, data["time_ms"][chunk], data["value"][chunk])["buckets"]
    return result


def epoch_ms(text: str) -> int:
    """The library's "2024-03-10T07:00:00.5Z" as epoch milliseconds."""
    instant = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    return (instant - datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)) // datetime.timedelta(
        milliseconds=1)


def mismatches(got: Dict[Any, List[Dict[str, Any]]], want: Dict[Any, List[Dict[str, Any]]]) -> List[str]:
    """How the distributed result (per user: rows with start/end as YYYY-MM-DD and
    *_at as epoch ms) differs from the single-series one; values must be bit-equal."""
    problems = []
    if set(got) != set(want):
        problems.append(f"users differ: {len(set(got) ^ set(want))} only on one side")
    for key in set(got) & set(want):
        mine, theirs = got[key], want[key]
        if len(mine) != len(theirs):
            problems.append(f"user {key}: {len(mine)} buckets, expected {len(theirs)}")
            continue
        for row, bucket in zip(mine, theirs):
            for name, value in bucket.items():
                if name.endswith("_at"):
                    value = epoch_ms(value)
                cell = row[name]
                same = cell == value and (not isinstance(value, float) or float(cell).hex() == value.hex())
                if not same:
                    problems.append(f"user {key} {bucket['label']} {name}: {cell!r}, expected {value!r}")
    return problems
