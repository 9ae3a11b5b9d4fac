"""wellness.spark.aggregate on Spark local[2]: each of 2,000 users in eight
zones gets exactly their single-series buckets, computed in Spark's Python
worker processes (the library opens in each); the session time zone changes
nothing and is left as it was; bad input is named."""

from __future__ import annotations

import os
import pickletools
import shutil
import sys
from typing import Any, Dict, Iterator, List

import numpy as np
import pytest

from distributed_data import STATISTICS, ZONES, expected, mismatches, rows
from tools import require
from wellness.errors import ValidationError

pd = require("pandas", module_level=True)
require("pyarrow", module_level=True)
require("pyspark", module_level=True)
wellness_spark = require("wellness.spark", module_level=True)

# PySpark 4 warns that it does not yet support pandas 3 fully; only Arrow
# tables and integer columns cross here.
pytestmark = [pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning"),
              pytest.mark.filterwarnings("ignore:The copy keyword is deprecated")]

SESSION_ZONE = "spark.sql.session.timeZone"


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        message = "no Java runtime for Spark (make deps installs openjdk-17-jre-headless)"
        if os.environ.get("WELLNESS_TEST_TOOLS_REQUIRED"):
            pytest.fail(message)
        pytest.skip(message)
    from pyspark.sql import SparkSession
    # The workers run this interpreter (its packages, and python/ in source
    # mode through PYTHONPATH); everything stays on loopback.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    session = (SparkSession.builder.master("local[2]").appName("wellness-tests")
               .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.shuffle.partitions", "4").config("spark.default.parallelism", "2")
               .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
               .config("spark.sql.execution.arrow.pyspark.enabled", "true")
               .config(SESSION_ZONE, "UTC").getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(scope="module")
def data() -> Dict[str, Any]:
    return rows()


@pytest.fixture()
def los_angeles(spark: Any) -> Iterator[Any]:
    """The session in America/Los_Angeles, as a user may have set it; UTC again afterwards."""
    spark.conf.set(SESSION_ZONE, "America/Los_Angeles")
    yield spark
    spark.conf.set(SESSION_ZONE, "UTC")


def subset(data: Dict[str, Any], users: int) -> Dict[str, Any]:
    chosen = np.isin(data["user"], np.unique(data["user"])[:users])
    return {name: column[chosen] for name, column in data.items()}


def samples(spark: Any, data: Dict[str, Any]) -> Any:
    """The rows as a Spark DataFrame with `time` a TIMESTAMP made from the epoch ms in Spark (no zone involved)."""
    from pyspark.sql import functions
    frame = pd.DataFrame({"user": data["user"], "zone": data["zone"].astype(str), "time_ms": data["time_ms"],
                          "steps": data["value"]})
    return spark.createDataFrame(frame).withColumn("time", functions.timestamp_millis("time_ms"))


def per_user(result: Any) -> Dict[Any, List[Dict[str, Any]]]:
    """The result's rows by user, with instants as epoch ms read in Spark (unix_millis)."""
    from pyspark.sql import functions
    instants = [name for name in result.columns if name.endswith("_at")]
    converted = result.select(*[functions.unix_millis(name).alias(name) if name in instants else name
                                for name in result.columns])
    table = converted.toPandas().sort_values(["user", "start"], kind="stable")
    grouped: Dict[Any, List[Dict[str, Any]]] = {}
    for row in table.to_dict("records"):
        row["start"], row["end"] = row["start"].isoformat(), row["end"].isoformat()
        grouped.setdefault(int(row["user"]), []).append(row)
    return grouped


def test_two_thousand_users_in_python_workers_match_their_single_series(spark: Any, data: Dict[str, Any]) -> None:
    result = wellness_spark.aggregate(samples(spark, data), by="user", time="time", value="steps", time_zone="zone",
                                      interval="day", statistics=STATISTICS)
    assert result.columns == ["user", "start", "end", "label", "count", "days_with_data", "sum", "average", "min",
                              "max", "first", "first_at", "last", "last_at", "p90"]
    assert result.schema["start"].dataType.typeName() == "date"
    assert result.schema["first_at"].dataType.typeName() == "timestamp"
    problems = mismatches(per_user(result), expected(data, "day", STATISTICS))
    assert not problems, problems[:10]


def test_a_los_angeles_session_changes_nothing(los_angeles: Any, data: Dict[str, Any]) -> None:
    few = subset(data, 200)
    want = expected(few, "day", ["sum", "first"])
    timestamps = samples(los_angeles, few)
    got = per_user(wellness_spark.aggregate(timestamps, by="user", time="time", value="steps", time_zone="zone",
                                            interval="day", statistics=["sum", "first"]))
    assert not mismatches(got, want)
    # Wall-clock UTC times without a zone: taken as UTC, whatever the session's zone.
    naive = los_angeles.createDataFrame(pd.DataFrame({
        "user": few["user"], "zone": few["zone"].astype(str), "steps": few["value"],
        "time": pd.to_datetime(few["time_ms"], unit="ms")}), "user long, zone string, steps double, time timestamp_ntz")
    got = per_user(wellness_spark.aggregate(naive, by="user", time="time", value="steps", time_zone="zone",
                                            interval="day", statistics=["sum", "first"]))
    assert not mismatches(got, want)
    assert los_angeles.conf.get(SESSION_ZONE) == "America/Los_Angeles"


def test_the_session_time_zone_is_left_as_it_was(los_angeles: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    naive = los_angeles.createDataFrame(pd.DataFrame({"user": [1], "steps": [1.0],
                                                      "time": pd.to_datetime([1_718_452_800], unit="s")}),
                                        "user long, steps double, time timestamp_ntz")
    seen: List[str] = []
    projection = wellness_spark._projection

    def watched(*arguments: Any) -> Any:
        seen.append(los_angeles.conf.get(SESSION_ZONE))
        return projection(*arguments)

    monkeypatch.setattr(wellness_spark, "_projection", watched)
    wellness_spark.aggregate(naive, by="user", time="time", value="steps")
    assert seen == ["UTC"]  # pinned while the plan was built
    assert los_angeles.conf.get(SESSION_ZONE) == "America/Los_Angeles"

    def failing(*arguments: Any) -> Any:
        raise RuntimeError("while the plan is built")

    monkeypatch.setattr(wellness_spark, "_projection", failing)
    with pytest.raises(RuntimeError):
        wellness_spark.aggregate(naive, by="user", time="time", value="steps")
    assert los_angeles.conf.get(SESSION_ZONE) == "America/Los_Angeles"


def test_integer_epoch_ms_with_one_zone_for_everyone(spark: Any, data: Dict[str, Any]) -> None:
    few = subset(data, 300)
    result = wellness_spark.aggregate(samples(spark, few), by="user", time="time_ms", value="steps",
                                      time_zone="Australia/Lord_Howe", interval="week", timestamp_unit="ms")
    assert result.columns[4:6] == ["week_year", "week"]
    everyone_there = {**few, "zone": np.full(len(few["zone"]), "Australia/Lord_Howe", dtype=object)}
    assert not mismatches(per_user(result), expected(everyone_there, "week", ["average", "min", "max"]))


def test_the_pandas_path_of_spark_3_5_gives_the_same_buckets(spark: Any, data: Dict[str, Any],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    few = subset(data, 100)
    monkeypatch.setattr(wellness_spark, "_has_apply_in_arrow", lambda grouped: False)
    # Nullable week columns and integer days cross through pandas here.
    result = wellness_spark.aggregate(samples(spark, few), by="user", time="time", value="steps", time_zone="zone",
                                      interval="week", statistics=["sum", "last"])
    assert not mismatches(per_user(result), expected(few, "week", ["sum", "last"]))


def test_bad_columns_and_options_are_named_on_the_driver(spark: Any) -> None:
    frame = spark.createDataFrame([(1, 1_718_452_800, "x", 1.0)], "user long, time long, note string, steps double")
    with pytest.raises(ValueError, match="no column 'stepz'"):
        wellness_spark.aggregate(frame, by="user", time="time", value="stepz", timestamp_unit="s")
    with pytest.raises(TypeError, match="time='time' holds integers: say what they count"):
        wellness_spark.aggregate(frame, by="user", time="time", value="steps")
    with pytest.raises(TypeError, match="time='note' is string"):
        wellness_spark.aggregate(frame, by="user", time="note", value="steps")
    with pytest.raises(TypeError, match="value='note' is string"):
        wellness_spark.aggregate(frame, by="user", time="time", value="note", timestamp_unit="s")
    with pytest.raises(ValidationError, match="unknown time zone \"Mars/Olympus\""):
        wellness_spark.aggregate(frame, by="user", time="time", value="steps", time_zone="Mars/Olympus",
                                 timestamp_unit="s")
    with pytest.raises(ValidationError, match="statistics"):
        wellness_spark.aggregate(frame, by="user", time="time", value="steps", timestamp_unit="s",
                                 statistics=["mean"])  # type: ignore[list-item]


def test_bad_rows_fail_the_job_naming_the_user_or_skip_them(spark: Any) -> None:
    rows_ = [(user, f"{zone}", 1_718_452_800 + hour * 3600, float(hour))
             for user, zone in ((1, "UTC"), (2, "Mars/Olympus"), (3, "Asia/Tokyo")) for hour in range(3)]
    frame = spark.createDataFrame(rows_, "user long, zone string, time long, steps double")
    with pytest.raises(Exception, match="unknown time zone \"Mars/Olympus\""):
        wellness_spark.aggregate(frame, by="user", time="time", value="steps", time_zone="zone",
                                 timestamp_unit="s").collect()
    skipped = wellness_spark.aggregate(frame, by="user", time="time", value="steps", time_zone="zone",
                                       timestamp_unit="s", on_error="skip")
    assert sorted({row.user for row in skipped.collect()}) == [1, 3]
    missing = spark.createDataFrame([(1, 1_718_452_800, 1.0), (1, 1_718_456_400, None)],
                                    "user long, time long, steps double")
    with pytest.raises(Exception, match=r"steps\[\d\]: a missing \(null\) value of user=1"):
        wellness_spark.aggregate(missing, by="user", time="time", value="steps", timestamp_unit="s").collect()


def test_a_null_value_or_timestamp_under_skip_leaves_out_that_user_only(spark: Any) -> None:
    rows_ = [(user, 1_718_452_800 + hour * 3600, float(hour)) for user in (1, 2, 3) for hour in range(3)]
    rows_[4] = (2, 1_718_452_800 + 3600, None)  # a null value of user 2
    rows_[7] = (3, None, 1.0)  # a null timestamp of user 3
    frame = spark.createDataFrame(rows_, "user long, time long, steps double")
    skipped = wellness_spark.aggregate(frame, by="user", time="time", value="steps", timestamp_unit="s",
                                       on_error="skip").collect()
    assert {row.user for row in skipped} == {1}
    assert sum(row["count"] for row in skipped) == 3


def test_what_spark_pickles_holds_no_ctypes_handle() -> None:
    from pyspark import cloudpickle
    task = wellness_spark.make_task("user", "time", "steps", ["user", "time", "steps"], time_zone="UTC",
                                    interval="auto", statistics=None, kind="numeric", first_weekday=None, average=None,
                                    include_empty=False, timestamp_unit="ms", on_error="fail")
    for function in (wellness_spark.arrow_function(task), wellness_spark.pandas_function(task)):
        referenced = {str(argument) for _, argument, _ in pickletools.genops(cloudpickle.dumps(function))}
        assert "wellness.spark" in referenced  # the module is imported on the worker, by name
        assert not any("ctypes" in name or "CDLL" in name for name in referenced), sorted(referenced)


def test_every_zone_is_in_the_data(data: Dict[str, Any]) -> None:
    assert set(data["zone"]) == set(ZONES)
