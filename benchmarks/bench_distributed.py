"""Per-user buckets on Dask: wellness.dask.aggregate (a shuffle by user, one
grouped call per partition) against a Dask groupby-apply of pandas code doing
the same local-time weekly bucketing for each user, in this run and on the
same Dask DataFrame and scheduler. 2,000,000 samples of 5,000 users in eight
zones, weekly count / sum / average / min / max (Monday weeks). Both results
are checked against each other before any time is reported.

Then Spark local[2] on the same rows: wellness.spark.aggregate against plain
Spark SQL (`from_utc_timestamp` to each row's zone, `date_trunc('week')`,
groupBy user and week, count / sum / avg / min / max), both timed to the
end of the job (the noop sink), and their buckets compared: which agree,
and where they differ, which is right and why. Like for like: Monday weeks
(date_trunc's only week), session time zone UTC (so the shifted timestamp's
date is the local date).

Run: build/venv/bin/python benchmarks/bench_distributed.py (make test's venv
has Dask); WELLNESS_BENCH_DISTRIBUTED_SAMPLES changes the size.
"""

from __future__ import annotations

import math
import os
import shutil
import statistics
import sys
import time
import warnings
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


def make_rows() -> pd.DataFrame:
    rng = np.random.default_rng(5)
    users = rng.integers(0, USERS, SAMPLES).astype(np.int64)
    return pd.DataFrame({"user": users, "zone": np.array(ZONES)[users % len(ZONES)],
                         "time": START + rng.integers(0, 365 * 24 * 3600, SAMPLES).astype(np.int64),
                         "value": np.round(rng.random(SAMPLES) * 200, 2)})


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


def spark_session() -> Any:
    """local[2], loopback only, session time zone UTC; the workers run this interpreter."""
    from pyspark.sql import SparkSession
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    session = (SparkSession.builder.master("local[2]").appName("wellness-bench")
               .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.shuffle.partitions", "4").config("spark.default.parallelism", "2")
               .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
               .config("spark.sql.execution.arrow.pyspark.enabled", "true")
               .config("spark.sql.session.timeZone", "UTC").getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    return session


def spark_sql(df: Any) -> Any:
    """The plain Spark SQL way: each row's instant shifted to its zone's wall
    time, truncated to its (Monday) week."""
    from pyspark.sql import functions as F
    local = F.from_utc_timestamp(F.timestamp_seconds("time"), F.col("zone"))
    return df.groupBy("user", F.to_date(F.date_trunc("week", local)).alias("start")).agg(
        F.count("value").alias("count"), F.sum("value").alias("sum"), F.avg("value").alias("average"),
        F.min("value").alias("min"), F.max("value").alias("max"))


def spark_wellness(df: Any) -> Any:
    import wellness.spark
    return wellness.spark.aggregate(df, by="user", time="time", value="value", time_zone="zone", interval="week",
                                    statistics=STATISTICS, timestamp_unit="s")


def compare_spark(ours: pd.DataFrame, theirs: pd.DataFrame, rows: pd.DataFrame) -> None:
    """Prints where the two agree, and for the sums that differ most, which
    one math.fsum of the bucket's values agrees with."""
    for frame in (ours, theirs):
        frame["start"] = pd.to_datetime(frame["start"])
    merged = ours.merge(theirs, on=["user", "start"], how="outer", suffixes=("", "_sql"), indicator=True)
    both = merged[merged["_merge"] == "both"]
    print(f"  buckets: {len(ours):,} wellness, {len(theirs):,} Spark SQL, {len(both):,} with the same user and "
          f"week start; only in one: {int((merged['_merge'] != 'both').sum())}")
    exact = {name: int((both[name] == both[f"{name}_sql"]).sum()) for name in ("count", "min", "max", "sum",
                                                                                   "average")}
    print("  equal in the buckets both have: " + ", ".join(f"{name} {equal:,}" for name, equal in exact.items()))
    relative = ((both["sum"] - both["sum_sql"]).abs() / both["sum"].abs().clip(lower=1e-300)).to_numpy()
    if not len(relative) or relative.max() == 0:
        print("  sums agree to the bit")
        return
    worst = both.iloc[int(np.argmax(relative))]
    zone = ZONES[int(worst["user"]) % len(ZONES)]
    local = pd.to_datetime(rows["time"], unit="s", utc=True)
    mine = rows[(rows["user"] == worst["user"])]
    days = local[mine.index].dt.tz_convert(zone).dt.tz_localize(None).dt.normalize()
    week = mine[(days >= worst["start"]) & (days < worst["start"] + pd.Timedelta(days=7))]["value"]
    exact_sum = math.fsum(week.tolist())
    print(f"  sums differ in {int((relative > 0).sum()):,} buckets, by at most {relative.max():.1e} relative "
          f"(user {int(worst['user'])}, week of {worst['start'].date()}: wellness {float(worst['sum'])!r}, Spark SQL "
          f"{float(worst['sum_sql'])!r}, math.fsum {exact_sum!r}): "
          f"{'wellness is the exact one' if worst['sum'] == exact_sum else 'neither is math.fsum'}: it adds with "
          f"Neumaier compensation, Spark adds doubles plainly in partition order")


def bench_spark(rows: pd.DataFrame) -> None:
    # PySpark 4 warns at every pandas conversion that it does not fully support pandas 3.
    warnings.filterwarnings("ignore", message="PySpark does not yet fully support pandas")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        print("\nSpark: skipped (no Java runtime; make deps installs openjdk-17-jre-headless)")
        return
    session = spark_session()
    try:
        df = session.createDataFrame(rows).cache()
        df.count()
        results = {"wellness.spark.aggregate (applyInArrow)": timed(
                       lambda: spark_wellness(df).write.format("noop").mode("overwrite").save()),
                   "Spark SQL from_utc_timestamp + date_trunc": timed(
                       lambda: spark_sql(df).write.format("noop").mode("overwrite").save())}
        base = results["wellness.spark.aggregate (applyInArrow)"]
        print(f"\nSpark {session.version} local[2], the same rows, weekly {'/'.join(STATISTICS)} per user in their "
              f"zone (median of {REPEATS}, to the end of the job)")
        for name, seconds in results.items():
            print(f"  {name:42s} {seconds * 1000:9.1f} ms  {seconds / base:6.2f}x wellness.spark")
        ours = spark_wellness(df).select("user", "start", "count", "sum", "average", "min", "max").toPandas()
        compare_spark(ours, spark_sql(df).toPandas(), rows)
    finally:
        session.stop()


def main() -> None:
    rows = make_rows()
    ddf = dd.from_pandas(rows, npartitions=PARTITIONS).persist()
    scheduler = dask.config.get("scheduler", "threads")
    check(with_wellness(ddf), with_pandas(ddf))
    results: Dict[str, float] = {"wellness.dask.aggregate": timed(lambda: with_wellness(ddf)),
                                 "dask groupby-apply of pandas per user": timed(lambda: with_pandas(ddf))}
    base = results["wellness.dask.aggregate"]
    print(f"{SAMPLES:,} samples, {USERS:,} users in {len(ZONES)} zones, {PARTITIONS} partitions, weekly "
          f"{'/'.join(STATISTICS)}, Dask's {scheduler} scheduler (median of {REPEATS})")
    for name, seconds in results.items():
        print(f"  {name:40s} {seconds * 1000:9.1f} ms  {seconds / base:6.2f}x wellness.dask")
    bench_spark(rows)


if __name__ == "__main__":
    main()
