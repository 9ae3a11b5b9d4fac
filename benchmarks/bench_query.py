"""Ask your data (docs/QUERY.md): 1,000 random queries of every kind over a
year of daily metrics (20 columns) and 1,000 sessions, answered by
libwellness's batch call, by the same queries written in idiomatic pandas
(boolean masks, e2e/python/query_oracle.py) and in polars (expressions), in
one run; then the latency of one query from Python. Every answer of pandas
and polars is compared with libwellness's.

Targets (issue 28): batch >= 20x pandas, >= 5x polars; one query p99 <= 50 us.
"""

from __future__ import annotations

import datetime as dt
import gc
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

import pandas as pd
import polars as pl

import wellness

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e" / "python"))
from query_oracle import MATCHES, expected, make_query, prepared, window_days  # noqa: E402

ZONE = "America/New_York"
FIRST_WEEKDAY = 2
EXTRA_COLUMNS = [f"metric_{index}" for index in range(16)]


def year_of_data(rng: random.Random) -> Tuple[pd.DataFrame, pd.DataFrame]:
    first = dt.date(2025, 1, 1)
    daily = pd.DataFrame({"date": [first + dt.timedelta(days=day) for day in range(365)]})
    for column in ["steps", "sleep_minutes", "resting_heart_rate", "heart_rate_variability"] + EXTRA_COLUMNS:
        daily[column] = [None if rng.random() < 0.1 else round(rng.uniform(0, 15000), 1) for _ in range(365)]
    base = int(dt.datetime(2025, 1, 1, tzinfo=dt.timezone.utc).timestamp())
    starts = sorted(base + rng.randint(0, 365 * 86_400) for _ in range(1000))
    sessions = pd.DataFrame({"start": starts, "end": [start + rng.randint(600, 7200) for start in starts],
                             "activity": [rng.choice(sorted({name for names in MATCHES.values() for name in names}))
                                          for _ in starts]})
    for column in ["distance", "calories", "average_heart_rate"]:
        sessions[column] = [None if rng.random() < 0.1 else round(rng.uniform(1, 900), 2) for _ in starts]
    return daily, sessions


# ---------------------------------------------------------------------------
# The same queries in polars
# ---------------------------------------------------------------------------

def _wanted(asked: Any) -> List[str]:
    return sorted(set().union(*(MATCHES[name] for name in ([asked] if isinstance(asked, str) else asked))))


def _holds(condition: Dict[str, Any]) -> pl.Expr:
    if condition["metric"] == "activity":
        hit = pl.col("activity").is_in(_wanted(condition["value"]))
        return hit if condition["op"] == "==" else ~hit
    column, value = pl.col(condition["metric"]), condition["value"]
    test = {"<": column < value, "<=": column <= value, ">": column > value, ">=": column >= value,
            "==": column == value, "!=": column != value}[condition["op"]]
    return test.fill_null(False)


def polars_answer(query: Dict[str, Any], daily: pl.DataFrame, sessions: pl.DataFrame,
                  sessions_pandas: pd.DataFrame) -> Any:
    table, other = (daily, sessions) if query["table"] == "daily" else (sessions, daily)
    anchor = dt.date.fromisoformat(query["anchor"])
    exists, span = window_days(query.get("window", "all"), anchor, FIRST_WEEKDAY, sessions_pandas)
    mask = pl.lit(exists)
    if span is not None:
        mask &= pl.col("day").is_between(span[0], span[1])
    if query.get("activity") is not None:
        mask &= pl.col("activity").is_in(_wanted(query["activity"]))
    for condition in query.get("where", []):
        mask &= _holds(condition)
    if query.get("on_days_where"):
        other_mask = pl.lit(True)
        for condition in query["on_days_where"]:
            other_mask &= _holds(condition)
        mask &= pl.col("day").is_in(other.filter(other_mask).get_column("day").unique().implode())
    selected = table.filter(mask)
    take = query.get("take")
    if take:
        selected = selected.head(take["first"]) if "first" in take else selected.tail(take["last"])
    reduce, metric = query["reduce"], query.get("metric")
    if reduce in ("sum", "mean", "median", "min", "max", "std"):
        return getattr(selected.get_column(metric), reduce)()
    present = selected.filter(pl.col(metric).is_not_null()) if metric else selected
    if reduce == "count":
        return present.height
    if reduce == "count_days":
        return present.get_column("day").n_unique()
    values = present.get_column(metric) if metric else None
    if reduce in ("first", "last"):
        return None if present.is_empty() else values[0 if reduce == "first" else -1]
    if reduce in ("first_date", "last_date"):
        return None if present.is_empty() else present.get_column("day")[0 if reduce == "first_date" else -1]
    if reduce in ("date_of_max", "date_of_min"):
        if present.is_empty():
            return None
        index = values.arg_max() if reduce == "date_of_max" else values.arg_min()
        return present.get_column("day")[index]
    if reduce == "activities":
        return selected.get_column("activity").unique(maintain_order=True).to_list() or None
    counts = selected.group_by("activity", maintain_order=True).len()
    return None if counts.is_empty() else counts.filter(pl.col("len") == pl.col("len").max())["activity"][0]


def agrees(ours: Any, theirs: Any) -> bool:
    if isinstance(theirs, (dt.date,)):
        theirs = theirs.isoformat()
    if theirs is None or (isinstance(theirs, float) and math.isnan(theirs)):
        return ours is None or ours == 0
    if isinstance(theirs, (int, float)) and isinstance(ours, (int, float)):
        return math.isclose(ours, theirs, rel_tol=1e-9, abs_tol=1e-9)
    return bool(ours == theirs)


def best_of(runs: int, work: Callable[[], Any]) -> Tuple[float, Any]:
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return min(times), result


def one_query_latencies(tables: wellness.QueryTables, queries: List[Dict[str, Any]],
                        clock: Callable[[], int] = time.perf_counter_ns) -> List[int]:
    """Nanoseconds of each of 10 rounds of single `query` calls, sorted."""
    latencies = []
    for _ in range(10):
        for query in queries:
            start = clock()
            tables.query(query)
            latencies.append(clock() - start)
    return sorted(latencies)


def main() -> None:
    rng = random.Random(28)
    daily, sessions = year_of_data(rng)
    ours_daily, ours_sessions = prepared(daily, sessions, ZONE)
    anchors = list(ours_daily["day"])
    queries = [make_query(rng, ours_daily, ours_sessions, rng.choice(anchors)) for _ in range(1000)]
    polars_daily, polars_sessions = pl.from_pandas(ours_daily), pl.from_pandas(ours_sessions)

    start = time.perf_counter()
    tables = wellness.QueryTables(daily, sessions, time_zone=ZONE, first_weekday=FIRST_WEEKDAY)
    load = time.perf_counter() - start
    # Single calls first: polars' and OpenBLAS's worker threads keep spinning for a
    # while after their own work, and on a small machine they would be measured too.
    latencies = one_query_latencies(tables, queries)
    p50, p99 = latencies[len(latencies) // 2] / 1000, latencies[int(len(latencies) * 0.99)] / 1000
    gc.disable()
    quiet = one_query_latencies(tables, queries)
    gc.enable()
    quiet_p99 = quiet[int(len(quiet) * 0.99)] / 1000
    # On a shared machine the wall-clock p99 is mostly time spent descheduled;
    # the thread's CPU time leaves that out (and adds a system call, ~0.5 us, to each).
    on_cpu = one_query_latencies(tables, queries, time.thread_time_ns)
    cpu_p50, cpu_p99 = on_cpu[len(on_cpu) // 2] / 1000, on_cpu[int(len(on_cpu) * 0.99)] / 1000

    ours_time, ours = best_of(3, lambda: tables.query_many(queries))
    pandas_time, by_pandas = best_of(3, lambda: [expected(query, ours_daily, ours_sessions, FIRST_WEEKDAY)
                                                 for query in queries])
    polars_time, by_polars = best_of(3, lambda: [polars_answer(query, polars_daily, polars_sessions, ours_sessions)
                                                 for query in queries])
    errors = sum(isinstance(result, Exception) for result in ours)
    pandas_disagree = sum(not agrees(result["value"], want["value"]) for result, want in zip(ours, by_pandas))
    polars_disagree = sum(not agrees(result["value"], want) for result, want in zip(ours, by_polars))

    print("== ask your data: 1,000 random queries over a year of daily metrics (20 columns) and 1,000 sessions ==")
    print(f"tables read once:      {load * 1000:8.2f} ms")
    print(f"libwellness batch:     {ours_time * 1000:8.2f} ms  ({errors} errors)")
    print(f"pandas (masks):        {pandas_time * 1000:8.2f} ms  -> {pandas_time / ours_time:6.1f}x  (target >= 20x); "
          f"{pandas_disagree} answers differ")
    print(f"polars (expressions):  {polars_time * 1000:8.2f} ms  -> {polars_time / ours_time:6.1f}x  (target >= 5x); "
          f"{polars_disagree} answers differ")
    print(f"one query from Python: p50 {p50:6.1f} us, p99 {p99:6.1f} us (target p99 <= 50 us), "
          f"mean {statistics.fmean(latencies) / 1000:6.1f} us over {len(latencies)} calls; "
          f"p99 without Python's garbage collector {quiet_p99:6.1f} us")
    print(f"one query, on-CPU time: p50 {cpu_p50:6.1f} us, p99 {cpu_p99:6.1f} us")


if __name__ == "__main__":
    main()
