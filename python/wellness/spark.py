"""Calendar buckets per user on PySpark: `wellness.spark.aggregate(df, by=...)`.

Spark deals the users to shards by a hash of their key and hands each
shard's rows to a Python worker as one Arrow table (`groupBy(shard)` then
`applyInArrow` on Spark 4, `applyInPandas` on Spark 3.5), which aggregates
all its users in one grouped call to the library; a user's rows are never
split between shards. The
library loads inside each worker process when the worker first imports
wellness: what Spark pickles is plain data, never a ctypes handle.

Timestamps reach the workers as UTC epoch milliseconds computed in Spark
(`unix_millis`), never as Spark or pandas local times, so the session time
zone (`spark.sql.session.timeZone`) cannot shift a sample into another day.
Install: `pip install 'wellness[spark]'`; executors need the wheel too
(docs/SERIES.md, "Spark and Dask").
"""

from __future__ import annotations

import contextlib
import importlib
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterator, List, Optional, Sequence, Union, cast

from . import _native
from ._distributed import COUNT, DATE, INSTANT, NUMBER, TEXT, WEEK, Task, make_task, run
from .types import Average, Interval, Kind, Statistic, TimestampUnit, Weekday

if TYPE_CHECKING:
    # Without pyspark installed, mypy still checks the package (the types become Any).
    from pyspark.sql import DataFrame, SparkSession  # type: ignore[import-not-found, unused-ignore]
    from pyspark.sql.types import DataType, StructField  # type: ignore[import-not-found, unused-ignore]

__all__ = ["aggregate"]

#: The projected columns' names inside the job (the caller's may be anything).
_TIME, _VALUE, _ZONE, _WEEKDAY = "__wellness_time_ms", "__wellness_value", "__wellness_zone", "__wellness_weekday"
_SHARD = "__wellness_shard"
_SESSION_ZONE = "spark.sql.session.timeZone"


def aggregate(df: "DataFrame", *, by: str, time: str, value: str, time_zone: str = "UTC",
              interval: Interval = "auto", statistics: Optional[Sequence[Statistic]] = None,
              kind: Kind = "numeric", first_weekday: Union[int, Weekday, str, None] = None,
              average: Optional[Average] = None, include_empty: bool = False,
              timestamp_unit: Optional[TimestampUnit] = None, on_error: str = "fail") -> "DataFrame":
    """Aggregates each user's series into calendar buckets in their own zone.

    Parameters
    ----------
    df
        A PySpark DataFrame, one row per sample.
    by
        The user key column (any type Spark can group by).
    time
        The sample's instant: TIMESTAMP (converted to epoch milliseconds with
        `unix_millis`, independent of the session time zone), TIMESTAMP_NTZ
        (taken as UTC, like naive datetimes in `aggregate_frame`), or an
        integer column of epoch numbers, which needs `timestamp_unit` ("ms"
        or "s") so that seconds are never read as milliseconds.
    value
        Numbers (booleans for kind="boolean"); cast to double.
    time_zone
        An IANA zone for every user, or the name of a string column giving
        each user's zone (one per user: a second one is an error).
    first_weekday
        As in series_aggregate (1-7 or a weekday name), or the name of a
        column giving each user's.
    interval, statistics, kind, average, include_empty
        series_aggregate's options (docs/SERIES.md).
    on_error
        "fail" (default): a bad row fails the job, naming the user and the
        column. "skip": that user is left out of the result and logged by the
        "wellness" logger on the executor.

    Returns
    -------
    DataFrame
        One row per (user, bucket), as `aggregate_frame(by=...)` gives it:
        `by`, `start` and `end` (DATE: the bucket's first and last local day
        in the user's zone), `label`, `week_year` and `week` (BIGINT, when
        interval is "week" or "auto"; null outside week buckets), `count`,
        `days_with_data`, then the statistic columns (DOUBLE; "first"/"last"
        bring `first_at`/`last_at`), `yes_days` for boolean series, `latest`
        and `latest_at` for snapshots. `*_at` columns are TIMESTAMP instants
        made with `timestamp_millis`; as every Spark TIMESTAMP, they display
        in the session zone (`unix_millis` gives the epoch value back). Rows
        come in no particular order. Each user's samples reach the engine in
        time order (ties by value), so the partitioning never changes a sum.

    The session time zone is read and set only while the plan is built, and
    only for TIMESTAMP_NTZ input (its cast to an instant is resolved as UTC
    then); it is restored before returning, even on error. Options are
    checked on the driver first: a bad option or unknown fixed zone raises
    the engine's ValidationError here, before any job runs.
    """
    fields = {field.name: field for field in df.schema.fields}
    _check_types(fields, by, time, value, time_zone, first_weekday)
    unit = _unit(fields[time], time, timestamp_unit)
    task = make_task(by, time, value, list(fields), time_zone=time_zone, interval=interval, statistics=statistics,
                     kind=kind, first_weekday=first_weekday, average=average, include_empty=include_empty,
                     timestamp_unit=unit, on_error=on_error)
    functions = importlib.import_module("pyspark.sql.functions")
    with _utc_session(df.sparkSession, _is_ntz(fields[time])):
        projected = df.select(*_projection(functions, task, fields))
    # Users dealt to shards by a hash of their key, one grouped call per shard:
    # grouping by the user itself costs a Python call and an Arrow table per
    # user, more than the aggregation (bench_distributed: 2M rows of 5,000
    # users went from ~2.5x to ~1.3x Spark SQL's time).
    shard = functions.pmod(functions.xxhash64(functions.col(by)), functions.lit(_shards(df.sparkSession)))
    grouped = projected.withColumn(_SHARD, shard).groupBy(_SHARD)
    schema = _udf_schema(fields[by], task)
    if _has_apply_in_arrow(grouped):
        applied = grouped.applyInArrow(arrow_function(task), schema)
    else:
        applied = grouped.applyInPandas(pandas_function(task), schema)
    return applied.select(*_typed(functions, task))


def _shards(session: "SparkSession") -> int:
    """How many groups the users are dealt to: the session's shuffle
    partitions (spark.sql.shuffle.partitions, 200 unless set), so each
    partition gets about one group of about 1/n of the rows."""
    try:
        return max(1, int(session.conf.get("spark.sql.shuffle.partitions") or 200))
    except ValueError:  # "auto" under adaptive execution on some platforms
        return 200


def _has_apply_in_arrow(grouped: Any) -> bool:
    """Spark 4 has applyInArrow; 3.5 only applyInPandas."""
    return hasattr(grouped, "applyInArrow")


def _type_name(field: "StructField") -> str:
    return str(field.dataType.typeName())


def _check_types(fields: Dict[str, "StructField"], by: str, time: str, value: str, time_zone: str,
                 first_weekday: Any) -> None:
    for name in (by, time, value):
        if name not in fields:
            raise ValueError(f"no column {name!r} (columns: {', '.join(fields)})")
    if _type_name(fields[value]) not in _NUMBERS + ("boolean",):
        raise TypeError(f"value={value!r} is {fields[value].dataType.simpleString()}: expected numbers or booleans")
    if time_zone in fields and _type_name(fields[time_zone]) != "string":
        raise TypeError(f"time_zone={time_zone!r} is {fields[time_zone].dataType.simpleString()}: "
                        "expected a string column of IANA zone names")
    if isinstance(first_weekday, str) and first_weekday in fields and \
            _type_name(fields[first_weekday]) not in ("string",) + _INTEGERS:
        raise TypeError(f"first_weekday={first_weekday!r} is {fields[first_weekday].dataType.simpleString()}: "
                        "expected weekday names or numbers 1-7")


_INTEGERS = ("byte", "short", "integer", "long")
_NUMBERS = _INTEGERS + ("float", "double", "decimal")


def _is_ntz(field: "StructField") -> bool:
    return _type_name(field) == "timestamp_ntz"


def _unit(field: "StructField", name: str, timestamp_unit: Optional[TimestampUnit]) -> TimestampUnit:
    """The unit of the projected time column: "ms" for Spark timestamps, the caller's for integers."""
    kind = _type_name(field)
    if kind in ("timestamp", "timestamp_ntz"):
        return "ms"
    if kind in _INTEGERS:
        if timestamp_unit is None:
            raise TypeError(f"time={name!r} holds integers: say what they count with timestamp_unit=\"ms\" "
                            "(epoch milliseconds) or \"s\" (epoch seconds)")
        return timestamp_unit
    raise TypeError(f"time={name!r} is {field.dataType.simpleString()}: expected TIMESTAMP, TIMESTAMP_NTZ "
                    "or integer epoch milliseconds / seconds")


def _projection(functions: Any, task: Task, fields: Dict[str, "StructField"]) -> List[Any]:
    """The columns the workers get: the key, the instant as epoch integers, the value as double."""
    column = functions.col
    time = column(task.time)
    if _is_ntz(fields[task.time]):
        time = functions.unix_millis(time.cast("timestamp"))
    elif _type_name(fields[task.time]) == "timestamp":
        time = functions.unix_millis(time)
    else:
        time = time.cast("long")
    projected = [column(task.by), time.alias(_TIME), column(task.value).cast("double").alias(_VALUE)]
    if task.zone_column is not None:
        projected.append(column(task.zone_column).alias(_ZONE))
    if task.weekday_column is not None:
        projected.append(column(task.weekday_column).alias(_WEEKDAY))
    return projected


@contextlib.contextmanager
def _utc_session(session: "SparkSession", needed: bool) -> Iterator[None]:
    """The session time zone set to UTC while a plan is analysed (which fixes
    the zone of its casts), then set back to what it was."""
    if not needed:
        yield
        return
    before = session.conf.get(_SESSION_ZONE)
    session.conf.set(_SESSION_ZONE, "UTC")
    try:
        yield
    finally:
        if before is None:
            session.conf.unset(_SESSION_ZONE)
        else:
            session.conf.set(_SESSION_ZONE, before)


def _spark_type(kind: str) -> "DataType":
    types = importlib.import_module("pyspark.sql.types")
    # Dates and instants cross as integers (days, epoch ms) and become DATE / TIMESTAMP
    # in Spark SQL, so no Arrow or pandas time conversion ever applies.
    by_kind = {DATE: types.IntegerType(), TEXT: types.StringType(), COUNT: types.LongType(),
               WEEK: types.LongType(), NUMBER: types.DoubleType(), INSTANT: types.LongType()}
    return cast("DataType", by_kind[kind])


def _udf_schema(key: "StructField", task: Task) -> Any:
    types = importlib.import_module("pyspark.sql.types")
    fields = [types.StructField(key.name, key.dataType, key.nullable)]
    fields += [types.StructField(name, _spark_type(kind), True) for name, kind in task.columns]
    return types.StructType(fields)


def _typed(functions: Any, task: Task) -> List[Any]:
    """The UDF's integer days and milliseconds as DATE and TIMESTAMP, computed without a time zone."""
    columns = [functions.col(task.by)]
    for name, kind in task.columns:
        if kind == DATE:
            columns.append(functions.date_from_unix_date(functions.col(name)).alias(name))
        elif kind == INSTANT:
            columns.append(functions.timestamp_millis(functions.col(name)).alias(name))
        else:
            columns.append(functions.col(name))
    return columns


def aggregate_arrow(task: Task, table: Any) -> Any:
    """One Arrow batch of projected rows (one shard of users under applyInArrow) to its buckets, with integer dates."""
    pyarrow = importlib.import_module("pyarrow")
    compute = importlib.import_module("pyarrow.compute")
    for name, label in ((_TIME, task.time), (_VALUE, task.value)):
        nulls = table.column(name).null_count
        # Under "skip" a null goes on as NaN: the engine refuses that row, and so skips (and logs) its user.
        if nulls and task.options["on_error"] == "fail":
            row = int(compute.index(compute.is_null(table.column(name)), True).as_py())
            missing = "timestamp" if name == _TIME else "value"
            raise _native.validation_error(
                f"{label}[{row}]", f"a missing (null) {missing} of {task.by}={table.column(task.by)[row].as_py()!r}")
    # Time order (ties by value), whatever order the shuffle delivered: a sum of floats depends on it.
    table = table.sort_by([(_TIME, "ascending"), (_VALUE, "ascending")])
    keys = table.column(task.by).to_pandas()
    zones = table.column(_ZONE).to_pylist() if task.zone_column is not None else None
    weekdays = table.column(_WEEKDAY).to_pylist() if task.weekday_column is not None else None
    batch = run(task, keys, _numbers(table.column(_TIME)), _numbers(table.column(_VALUE)), zones, weekdays)
    columns = [table.column(task.by).take(pyarrow.array(batch.key_rows()))]
    for name, kind in task.columns:
        column = batch.table.column(name)
        if kind == DATE:
            column = column.cast(pyarrow.int32())
        elif kind == INSTANT:
            column = column.cast(pyarrow.int64())
        columns.append(column)
    return pyarrow.table(columns, names=[task.by] + [name for name, _ in task.columns])


def _numbers(column: Any) -> Any:
    """A column as numpy: nulls as NaN (integers with nulls become float64, exact for epoch milliseconds)."""
    if column.null_count:
        return column.cast(importlib.import_module("pyarrow").float64(), safe=False).to_numpy(zero_copy_only=False)
    return column.to_numpy()


def arrow_function(task: Task) -> Callable[[Any], Any]:
    """applyInArrow's function. A closure over the task alone: what pickles is the task's data."""
    def aggregate_user(table: Any) -> Any:
        return aggregate_arrow(task, table)
    return aggregate_user


def pandas_function(task: Task) -> Callable[[Any], Any]:
    """applyInPandas' function (Spark 3.5): the same work, through Arrow."""
    def aggregate_user(frame: Any) -> Any:
        pyarrow = importlib.import_module("pyarrow")
        result = aggregate_arrow(task, pyarrow.Table.from_pandas(frame, preserve_index=False))
        # Object columns keep nullable integers (week) as integers, not floats.
        return result.to_pandas(integer_object_nulls=True)
    return aggregate_user
