"""Calendar buckets per user on Dask: `wellness.dask.aggregate(ddf, by=...)`.

The rows are shuffled by user, so that each user's rows are in one
partition; then each partition is aggregated with one series_aggregate_groups
call for all its users (`map_partitions` with an explicit `meta`). The
library loads inside each worker process when it first imports wellness:
what Dask pickles is plain data, never a ctypes handle. Install:
`pip install 'wellness[dask]'`, and the same wheel on the workers.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Optional, Sequence, Union, cast

from ._distributed import DATE, INSTANT, NUMBER, TEXT, WEEK, Task, make_task, run
from .types import Average, Interval, Kind, Statistic, TimestampUnit, Weekday

if TYPE_CHECKING:
    # Without dask installed, mypy still checks the package (the types become Any).
    import dask.dataframe  # type: ignore[import-not-found, unused-ignore]

__all__ = ["aggregate"]


def aggregate(ddf: "dask.dataframe.DataFrame", *, by: str, time: str, value: str, time_zone: str = "UTC",
              interval: Interval = "auto", statistics: Optional[Sequence[Statistic]] = None,
              kind: Kind = "numeric", first_weekday: Union[int, Weekday, str, None] = None,
              average: Optional[Average] = None, include_empty: bool = False,
              timestamp_unit: Optional[TimestampUnit] = None, on_error: str = "fail",
              threads: int = 1) -> "dask.dataframe.DataFrame":
    """Aggregates each user's series into calendar buckets in their own zone.

    Parameters
    ----------
    ddf
        A Dask DataFrame, one row per sample, partitioned any way.
    by
        The user key column (integers, strings, anything pandas sorts).
    time
        The sample's instant: datetime64 (tz-aware converted to UTC, naive
        taken as UTC, as in `aggregate_frame`), or integer epoch numbers,
        which need `timestamp_unit` ("ms" or "s") so that seconds are never
        read as milliseconds.
    value
        Numbers (booleans for kind="boolean").
    time_zone
        An IANA zone for every user, or the name of a column giving each
        user's zone (one per user: a second one is an error).
    first_weekday
        As in series_aggregate (1-7 or a weekday name), or the name of a
        column giving each user's.
    interval, statistics, kind, average, include_empty
        series_aggregate's options (docs/SERIES.md).
    on_error
        "fail" (default): a bad row fails the computation, naming the user
        and the column. "skip": that user is left out and logged by the
        "wellness" logger on the worker.
    threads
        Threads of each partition's call (1 by default: Dask already runs
        partitions in parallel).

    Returns
    -------
    dask.dataframe.DataFrame
        Lazy; one row per (user, bucket) with the columns and dtypes of
        `aggregate_frame(by=...)` on pandas: `by`, `start` and `end`
        (datetime64[s] at midnight: the bucket's first and last local day),
        `label`, `week_year` and `week` (when interval is "week": int64; when
        "auto": nullable Int64, null outside week buckets), `count`,
        `days_with_data`, then the statistic columns (float64; `first_at`,
        `last_at`, `latest_at` as datetime64[ms, UTC]), `yes_days` for
        boolean series, `latest` for snapshots. Within a partition users are
        in ascending key order; each user's samples reach the engine in time
        order (ties by value), so the partitioning never changes a sum. Options are checked here first: a bad option
        or unknown fixed zone raises the engine's ValidationError at once.
    """
    meta = ddf._meta
    present = [str(name) for name in meta.columns]
    for name in (by, time, value):
        if name not in present:
            raise ValueError(f"no column {name!r} (columns: {', '.join(present)})")
    unit = _unit(meta[time].dtype, time, timestamp_unit)
    task = make_task(by, time, value, present, time_zone=time_zone, interval=interval, statistics=statistics,
                     kind=kind, first_weekday=first_weekday, average=average, include_empty=include_empty,
                     timestamp_unit=unit, on_error=on_error, threads=threads)
    wanted = [by, time, value] + [name for name in (task.zone_column, task.weekday_column) if name is not None]
    shuffled = ddf[list(dict.fromkeys(wanted))].shuffle(on=by)
    result = shuffled.map_partitions(aggregate_partition, task, meta=empty_result(task, meta[by]))
    return cast("dask.dataframe.DataFrame", result)


def _unit(dtype: Any, name: str, timestamp_unit: Optional[TimestampUnit]) -> TimestampUnit:
    """The unit integer timestamps are in; datetimes carry theirs ("s" is then unused)."""
    kind = getattr(dtype, "kind", None)
    if kind == "M":
        return "s"
    if kind in ("i", "u"):
        if timestamp_unit is None:
            raise TypeError(f"time={name!r} holds integers: say what they count with timestamp_unit=\"ms\" "
                            "(epoch milliseconds) or \"s\" (epoch seconds)")
        return timestamp_unit
    raise TypeError(f"time={name!r} is {dtype}: expected datetime64 or integer epoch milliseconds / seconds")


def aggregate_partition(frame: Any, task: Task) -> Any:
    """One partition's users, in one call to the library. Each user's rows
    go in time order (ties by value): a shuffle does not keep the input's
    order, and a sum of floats depends on it."""
    frame = frame.sort_values([task.time, task.value], kind="stable", ignore_index=True)
    zones = frame[task.zone_column] if task.zone_column is not None else None
    weekdays = frame[task.weekday_column] if task.weekday_column is not None else None
    batch = run(task, frame[task.by], frame[task.time], frame[task.value], zones, weekdays)
    keys = frame[task.by].iloc[batch.key_rows()].reset_index(drop=True)
    return _pandas(batch.table, task, keys)


def _pandas(table: Any, task: Task, keys: Any) -> Any:
    """The engine's table as aggregate_frame(by=...) writes it, in the task's columns."""
    result = table.select([name for name, _ in task.columns]).to_pandas(date_as_object=False)
    for name, kind in task.columns:
        if kind == DATE:
            result[name] = result[name].astype("datetime64[s]")
        elif kind == WEEK:
            result[name] = result[name].astype("int64" if task.options["interval"] == "week" else "Int64")
    result.insert(0, task.by, keys)
    return result


def empty_result(task: Task, key: Any) -> Any:
    """The meta: the result of no rows, its columns fixed by the statistics asked for."""
    pyarrow = importlib.import_module("pyarrow")
    types = {DATE: pyarrow.date32(), TEXT: pyarrow.string(), WEEK: pyarrow.int64(), NUMBER: pyarrow.float64(),
             INSTANT: pyarrow.timestamp("ms", tz="UTC")}
    schema = pyarrow.schema([(name, types.get(kind, pyarrow.int64())) for name, kind in task.columns])
    return _pandas(schema.empty_table(), task, key.iloc[:0].reset_index(drop=True))
