"""Per-user buckets on Dask: wellness.dask.aggregate (a shuffle by user, one
grouped call per partition) against a Dask groupby-apply of pandas code doing
the same local-time weekly bucketing for each user, in this run and on the
same Dask DataFrame and scheduler. 2,000,000 samples of 5,000 users in eight
zones, weekly count / sum / average / min / max (Monday weeks). Both results
are checked against each other before any time is reported.

Run: build/venv/bin/python benchmarks/bench_distributed.py (make test's venv
has Dask); WELLNESS_BENCH_DISTRIBUTED_SAMPLES changes the size.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import Any, Callable, Dict

import dask
import dask.dataframe as dd
import numpy as np
import pandas as pd

import wellness.dask

SAMPLES = int(os.environ.get("WELLNESS_BENCH_DISTRIBUTED_SAMPLES", 2_000_000))
USERS = 5_000
PARTITIONS = 8
ZONES = ["America/New_York", "Europe/London", "Australia/Sydney", "America/Santiago", "Asia/Kolkata",
         "Asia/Kathmandu", "Australia/Lord_Howe", "UTC"]
START = 1_704_067_200  # 2024-01-01T00:00:00Z
REPEATS = 3
STATISTICS = ["count", "sum", "average", "min", "max"]


def make_frame() -> Any:
    rng = np.random.default_rng(5)
    users = rng.integers(0, USERS, SAMPLES).astype(np.int64)
    frame = pd.DataFrame({"user": users, "zone": np.array(ZONES)[users % len(ZONES)],
                          "time": START + rng.integers(0, 365 * 24 * 3600, SAMPLES).astype(np.int64),
                          "value": np.round(rng.random(SAMPLES) * 200, 2)})
    return dd.from_pandas(frame, npartitions=PARTITIONS).persist()


def with_wellness(ddf: Any) -> pd.DataFrame:
    return wellness.dask.aggregate(ddf, by="user", time="time", value="value", time_zone="zone", interval="week",
                                   statistics=STATISTICS, timestamp_unit="s").compute()


def one_user(rows: pd.DataFrame) -> pd.DataFrame:
    """A user's Monday weeks in their zone, as pandas code would do it."""
    local = pd.to_datetime(rows["time"], unit="s", utc=True).dt.tz_convert(rows["zone"].iloc[0]).dt.tz_localize(None)
    week = (local.dt.normalize() - pd.to_timedelta(local.dt.day_of_week, unit="D")).rename("start")
    return rows.groupby(week)["value"].agg(["count", "sum", "mean", "min", "max"]).reset_index()


def with_pandas(ddf: Any) -> pd.DataFrame:
    meta = pd.DataFrame({"start": pd.Series([], dtype="datetime64[ns]"), "count": pd.Series([], dtype="int64"),
                         **{name: pd.Series([], dtype="float64") for name in ("sum", "mean", "min", "max")}})
    return ddf.groupby("user").apply(one_user, meta=meta).compute()


def timed(function: Callable[[], Any]) -> float:
    times = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def check(ours: pd.DataFrame, theirs: pd.DataFrame) -> None:
    """The same buckets: their number, the total count and sum, and one user's weeks exactly."""
    assert len(ours) == len(theirs), (len(ours), len(theirs))
    assert int(ours["count"].sum()) == SAMPLES == int(theirs["count"].sum())
    user = 4  # Asia/Kolkata
    mine = ours[ours["user"] == user].sort_values("start")
    pandas_weeks = theirs.loc[user].sort_values("start")
    assert list(mine["count"]) == list(pandas_weeks["count"])
    assert [str(day)[:10] for day in mine["start"]] == [str(day)[:10] for day in pandas_weeks["start"]]
    assert np.allclose(mine["sum"].to_numpy(), pandas_weeks["sum"].to_numpy(), rtol=1e-12)


def main() -> None:
    ddf = make_frame()
    scheduler = dask.config.get("scheduler", "threads")
    check(with_wellness(ddf), with_pandas(ddf))
    results: Dict[str, float] = {"wellness.dask.aggregate": timed(lambda: with_wellness(ddf)),
                                 "dask groupby-apply of pandas per user": timed(lambda: with_pandas(ddf))}
    base = results["wellness.dask.aggregate"]
    print(f"{SAMPLES:,} samples, {USERS:,} users in {len(ZONES)} zones, {PARTITIONS} partitions, weekly "
          f"{'/'.join(STATISTICS)}, Dask's {scheduler} scheduler (median of {REPEATS})")
    for name, seconds in results.items():
        print(f"  {name:40s} {seconds * 1000:9.1f} ms  {seconds / base:6.2f}x wellness.dask")


if __name__ == "__main__":
    main()
