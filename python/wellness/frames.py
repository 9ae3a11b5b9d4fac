"""DataFrames in and out: aggregate_frame over pandas or polars.

The frame's columns go to the columnar call as the numpy arrays under them
(int64 / float64 / datetime64[s|ms] without a copy); the buckets come back as
a frame of the same library with typed columns. Neither pandas nor polars is
imported here: the frame's own library is used.
"""

from __future__ import annotations

import datetime
import importlib
import sys
from typing import Any, Callable, Dict, List, Optional, Protocol, Sequence, Tuple, TypeVar, Union, cast

from . import _columns, _native
from ._native import invalid_argument, validation_error
from .errors import ValidationError, error_for
from .groups import aggregate_groups
from .series import aggregate_columns
from .types import Average, Interval, Kind, SeriesBucket, SeriesReport, Statistic, TimestampUnit, Weekday

__all__ = ["aggregate_frame", "DataFrameLike"]


class DataFrameLike(Protocol):
    """A pandas or polars DataFrame."""

    @property
    def columns(self) -> Any: ...

    def __len__(self) -> int: ...


FrameT = TypeVar("FrameT", bound=DataFrameLike)


def aggregate_frame(frame: FrameT, *, time: str, value: str, interval: Interval = "auto", time_zone: str = "UTC",
                    kind: Kind = "numeric", first_weekday: Union[int, Weekday, None] = None,
                    average: Optional[Average] = None, include_empty: bool = False,
                    today: Union[str, datetime.date, None] = None,
                    timestamp_unit: TimestampUnit = "s",
                    statistics: Optional[Sequence[Statistic]] = None, by: Optional[str] = None,
                    threads: int = 1) -> FrameT:
    """Aggregates a pandas or polars DataFrame into calendar buckets; returns a
    DataFrame of the same library, one row per bucket.

    `time` names the timestamps column (for pandas, or the index): datetimes
    (tz-aware are converted to UTC, naive ones are taken as UTC), or epoch
    numbers in `timestamp_unit` ("s" or "ms"). `value` names the values
    column: numbers, booleans for kind="boolean", anything for "snapshot".
    The other arguments are series_aggregate's options.

    Result columns: `start`, `end` (the bucket's first and last local day:
    polars Date, pandas datetime64[s] at midnight), `label` (str), `week_year`
    and `week` (week buckets), `count` and `days_with_data` (int64), then
    `average`, `min`, `max` (float64, null for empty buckets) for numeric
    series, `yes_days` (int64) for boolean ones, `latest` and `latest_at`
    (UTC datetime) for snapshots. Errors name the column and row: `steps[41]`.
    `statistics` (numeric series) chooses the statistic columns instead, in
    order: "sum", "median", "p90", ... (docs/SERIES.md); "first" and "last"
    come with `first_at` / `last_at` (UTC datetime).

    `by` names a column of group keys (a user id: integers, strings, any
    values pandas or polars can sort): every group is aggregated on its own,
    in one call to the library on up to `threads` threads, and the result has
    the `by` column first, groups in sorted order. `time_zone` may then name
    a column of the frame giving each row's zone, which must be the same for
    all rows of a group (each user in their own time zone). `week_year` and
    `week` are null outside week buckets. Needs pyarrow.
    """
    library = _library_of(frame)
    times = _column(frame, time, library)
    values = _column(frame, value, library)
    zone_column = by is not None and time_zone in frame.columns
    options: Dict[str, Any] = {"kind": kind, "interval": interval, "time_zone": "UTC" if zone_column else time_zone,
                               "include_empty": include_empty, "timestamp_unit": timestamp_unit}
    for key, setting in (("first_weekday", first_weekday), ("average", average), ("today", today),
                         ("statistics", None if statistics is None else list(statistics))):
        if setting is not None:
            options[key] = setting
    if by is not None:
        return cast(FrameT, _grouped_frame(frame, library, options, by, time_zone if zone_column else None,
                                           (times, values), (time, value), threads))
    if kind == "snapshot" and not _numeric(values):
        report = _snapshots(options, times, values, time, value)
    else:
        report = aggregate_columns(options, times, values, (time, value))
    build = _pandas_frame if library == "pandas" else _polars_frame
    return cast(FrameT, build(report, statistics))


def _library_of(frame: object) -> str:
    for library in ("pandas", "polars"):
        module = sys.modules.get(library)
        if module is not None and isinstance(frame, module.DataFrame):
            return library
    polars = sys.modules.get("polars")
    if polars is not None and isinstance(frame, polars.LazyFrame):
        raise TypeError("aggregate_frame needs a polars DataFrame: collect() the LazyFrame first")
    raise TypeError(f"aggregate_frame expects a pandas or polars DataFrame, got {type(frame).__name__}")


def _column(frame: Any, name: str, library: str) -> Any:
    if name in frame.columns:
        return frame[name] if library == "pandas" else frame.get_column(name)
    if library == "pandas" and name in (frame.index.names or []):
        return frame.index if frame.index.nlevels == 1 else frame.index.get_level_values(name)
    raise invalid_argument(name, f"no column {name!r} (columns: {', '.join(map(str, frame.columns))})")


def _numeric(values: Any) -> bool:
    kind = getattr(getattr(values, "dtype", None), "kind", None)  # numpy and pandas dtypes
    if kind is not None:
        return bool(kind in "fiub")
    dtype = getattr(values, "dtype", None)  # polars
    return bool(getattr(dtype, "is_numeric", lambda: False)()) or str(dtype) == "Boolean"


def _snapshots(options: Dict[str, Any], times: Any, values: Any, time: str, value: str) -> SeriesReport:
    """Snapshots of strings (or mixed values) cannot be columns of doubles: JSON samples."""
    stamps = _columns.timestamps(times, options["timestamp_unit"], time)
    factor = 1000 if stamps.unit == "s" else 1
    items = values.to_list() if hasattr(values, "to_list") else list(values)
    if len(items) != stamps.column.size:
        raise invalid_argument(None, f"{stamps.column.size} timestamps but {len(items)} values")
    samples = [{"timestamp": _json_timestamp(int(stamp) * factor), "value": item}
               for stamp, item in zip(stamps.column.data, items)]
    payload = _native.encode({key: setting for key, setting in options.items() if key != "timestamp_unit"})
    data = _native.encode(samples, root="samples")
    try:
        return cast(SeriesReport, _native.call(_native.lib.wellness_series_aggregate, payload, len(payload),
                                               data, len(data)))
    except ValidationError as error:
        path = error.path or ""
        if path.startswith("samples["):
            index, _, field = path[len("samples["):].partition("]")
            renamed = f"{time if field == '.timestamp' else value}[{index}]"
            raise error_for({**error.error, "path": renamed}) from None
        raise


def _json_timestamp(milliseconds: int) -> Union[int, str]:
    """Whole seconds as a number, else an exact RFC 3339 string."""
    if milliseconds % 1000 == 0:
        return milliseconds // 1000
    instant = datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=milliseconds)
    return instant.strftime("%Y-%m-%dT%H:%M:%S.") + f"{instant.microsecond // 1000:03d}Z"


def _days(date: str) -> int:
    """Days since 1970-01-01 of a proleptic Gregorian YYYY-MM-DD (years 0 to 10000 occur)."""
    year_text, month_text, day_text = date.rsplit("-", 2)
    year, month, day = int(year_text), int(month_text), int(day_text)
    year -= month <= 2
    era = year // 400
    year_of_era = year - era * 400
    day_of_year = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    day_of_era = year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year
    return era * 146_097 + day_of_era - 719_468


def _milliseconds(timestamp: Optional[str]) -> Optional[int]:
    """Epoch milliseconds of the library's UTC timestamps ("2025-01-05T01:00:00.5Z")."""
    if timestamp is None:
        return None
    date, _, clock = timestamp.rstrip("Z").partition("T")
    whole, _, fraction = clock.partition(".")
    hours, minutes, seconds = (int(part) for part in whole.split(":"))
    return ((_days(date) * 86_400 + hours * 3_600 + minutes * 60 + seconds) * 1000
            + int((fraction + "000")[:3]))


class _Columns:
    """The result's columns as Python lists, in order."""

    def __init__(self, report: SeriesReport, statistics: Optional[Sequence[str]]) -> None:
        buckets: List[SeriesBucket] = report["buckets"]
        np = importlib.import_module("numpy")
        self.kind = report["kind"]
        self.weeks = report["interval"] == "week"
        # Days since the epoch, as int64 (numpy reads years 0 and 10000 too).
        self.start = np.array([bucket["start"] for bucket in buckets], dtype="datetime64[D]").astype(np.int64)
        self.end = np.array([bucket["end"] for bucket in buckets], dtype="datetime64[D]").astype(np.int64)
        self.label = [bucket["label"] for bucket in buckets]
        self.week_year = [bucket.get("week_year", 0) for bucket in buckets]
        self.week = [bucket.get("week", 0) for bucket in buckets]
        self.count = [bucket["count"] for bucket in buckets]
        self.days_with_data = [bucket["days_with_data"] for bucket in buckets]
        names = statistic_columns(statistics)
        self.statistics = {name: [bucket.get(name) for bucket in buckets] for name in names if not name.endswith("_at")}
        self.instants = {name: [_milliseconds(cast(Optional[str], bucket.get(name))) for bucket in buckets]
                         for name in names if name.endswith("_at")}
        self.order = names
        self.yes_days = [bucket.get("yes_days", 0) for bucket in buckets]
        self.latest = [bucket.get("latest") for bucket in buckets]
        self.latest_at = [_milliseconds(bucket.get("latest_at")) for bucket in buckets]


def statistic_columns(statistics: Optional[Sequence[str]]) -> List[str]:
    """A numeric bucket's statistic columns, in order: the defaults without `statistics`."""
    names: List[str] = []
    for name in statistics or ["average", "min", "max"]:
        if name != "count":
            names += [name, name + "_at"] if name in ("first", "last") else [name]
    return names


def _utc_milliseconds(values: List[Optional[int]]) -> Any:
    np = importlib.import_module("numpy")
    return np.array([np.iinfo(np.int64).min if item is None else item for item in values],
                    dtype=np.int64).view("datetime64[ms]")


def _pandas_frame(report: SeriesReport, statistics: Optional[Sequence[str]]) -> Any:
    pd = importlib.import_module("pandas")
    np = importlib.import_module("numpy")
    columns = _Columns(report, statistics)

    def days(values: Any) -> Any:
        return values.astype("datetime64[D]").astype("datetime64[s]")

    data: Dict[str, Any] = {"start": days(columns.start), "end": days(columns.end),
                            "label": pd.Series(columns.label, dtype=str)}
    if columns.weeks:
        data["week_year"] = np.array(columns.week_year, dtype=np.int64)
        data["week"] = np.array(columns.week, dtype=np.int64)
    data["count"] = np.array(columns.count, dtype=np.int64)
    data["days_with_data"] = np.array(columns.days_with_data, dtype=np.int64)
    if columns.kind == "numeric":
        for name in columns.order:
            if name in columns.instants:
                data[name] = pd.Series(_utc_milliseconds(columns.instants[name])).dt.tz_localize("UTC")
            else:
                data[name] = np.array([np.nan if item is None else item for item in columns.statistics[name]],
                                      dtype=np.float64)
    elif columns.kind == "boolean":
        data["yes_days"] = np.array(columns.yes_days, dtype=np.int64)
    else:
        data["latest"] = pd.Series(columns.latest, dtype=object)
        data["latest_at"] = pd.Series(_utc_milliseconds(columns.latest_at)).dt.tz_localize("UTC")
    return pd.DataFrame(data)


def _polars_frame(report: SeriesReport, statistics: Optional[Sequence[str]]) -> Any:
    pl = importlib.import_module("polars")
    columns = _Columns(report, statistics)

    def days(values: Any) -> Any:
        return pl.Series(values.astype("int32")).cast(pl.Date)

    data: Dict[str, Any] = {"start": days(columns.start), "end": days(columns.end),
                            "label": pl.Series(columns.label, dtype=pl.Utf8)}
    if columns.weeks:
        data["week_year"] = pl.Series(columns.week_year, dtype=pl.Int64)
        data["week"] = pl.Series(columns.week, dtype=pl.Int64)
    data["count"] = pl.Series(columns.count, dtype=pl.Int64)
    data["days_with_data"] = pl.Series(columns.days_with_data, dtype=pl.Int64)
    if columns.kind == "numeric":
        for name in columns.order:
            if name in columns.instants:
                data[name] = pl.Series(columns.instants[name], dtype=pl.Int64).cast(pl.Datetime("ms")) \
                    .dt.replace_time_zone("UTC")
            else:
                data[name] = pl.Series(columns.statistics[name], dtype=pl.Float64)
    elif columns.kind == "boolean":
        data["yes_days"] = pl.Series(columns.yes_days, dtype=pl.Int64)
    else:
        present = [item for item in columns.latest if item is not None]
        if all(isinstance(item, bool) for item in present):
            data["latest"] = pl.Series(columns.latest, dtype=pl.Boolean)
        elif all(isinstance(item, (int, float)) and not isinstance(item, bool) for item in present):
            data["latest"] = pl.Series(columns.latest, dtype=pl.Float64)
        else:
            data["latest"] = pl.Series([None if item is None else str(item) for item in columns.latest],
                                       dtype=pl.Utf8)
        data["latest_at"] = pl.Series(columns.latest_at, dtype=pl.Int64).cast(pl.Datetime("ms")) \
            .dt.replace_time_zone("UTC")
    return pl.DataFrame(data)


def _grouped_frame(frame: Any, library: str, options: Dict[str, Any], by: str, zones: Optional[str],
                   columns: Any, names: Any, threads: int) -> Any:
    """aggregate_frame with `by`: the keys become int64 codes in sorted order,
    each group's zone an item of the "groups" option's zone column, the result a frame
    with the original keys."""
    keys = _column(frame, by, library)
    codes, uniques = _codes(keys, by, library)
    options = {**options, "threads": threads}
    if zones is not None:
        options["groups"] = _zones(codes, _column(frame, zones, library), zones, uniques)
    table = aggregate_groups(options, codes, columns[0], columns[1], names).table
    table = _without_empty_weeks(table)
    if library == "pandas":
        pd = importlib.import_module("pandas")
        result = table.to_pandas(date_as_object=False)
        for name in ("start", "end"):
            result[name] = result[name].astype("datetime64[s]")
        result.insert(0, by, pd.Index(uniques).take(result.pop("group").to_numpy()))
        return result
    pl = importlib.import_module("polars")
    result = pl.from_arrow(table)
    group = result.get_column("group")
    return result.drop("group").insert_column(0, uniques.gather(group).alias(by))


def _codes(keys: Any, name: str, library: str) -> Any:
    """Each row's group as an int64 code (its key's rank among the sorted distinct keys), and those keys."""
    np = importlib.import_module("numpy")
    if library == "pandas":
        pd = importlib.import_module("pandas")
        codes, uniques = pd.factorize(keys, sort=True)
        missing = np.flatnonzero(codes < 0)
    else:
        uniques = keys.drop_nulls().unique().sort()
        missing = np.flatnonzero(keys.is_null().to_numpy())
        codes = uniques.search_sorted(keys.fill_null(uniques[0] if len(uniques) else 0)).to_numpy()
    if len(missing):
        raise validation_error(f"{name}[{int(missing[0])}]", "a group key is missing")
    return np.ascontiguousarray(codes, dtype=np.int64), uniques


def _zones(codes: Any, zones: Any, name: str, uniques: Any) -> Dict[str, List[Any]]:
    """The "groups" option, as columns: each group's one time zone."""
    if len(codes) == 0:
        return {"group": []}
    # Codes are 0..k-1, every one present.
    first_rows = importlib.import_module("numpy").unique(codes, return_index=True)[1]
    chosen = one_per_group(codes, first_rows, zones, name, (str,), noun="zone", expected="an IANA name",
                           key_of=lambda code: f"group {uniques[code]!r}", per="group")
    return {"group": list(range(len(chosen))), "time_zone": chosen}


def one_per_group(codes: Any, first_rows: Any, column: Any, name: str, accepted: Tuple[type, ...], *, noun: str,
                  expected: str, key_of: Callable[[int], str], per: str) -> List[Any]:
    """Each group's one value of `column` (its first row's, as a Python
    value), for settings such as a group's time zone that come as a column.

    `codes` are the rows' group codes 0..k-1 and `first_rows` each group's
    first row. A first value not of an `accepted` type (bool never is) is a
    ValidationError at `name[row]` saying it is not `expected`; a later row
    with another value is one at that row, naming the group by `key_of(code)`:
    "one `noun` per `per`".
    """
    np = importlib.import_module("numpy")
    items = np.asarray(column.to_numpy() if hasattr(column, "to_numpy") else column, dtype=object)
    chosen = items[first_rows]
    values = [item.item() if hasattr(item, "item") else item for item in chosen]  # np.int64(1) -> 1
    for row, value in zip(first_rows, values):
        if not isinstance(value, accepted) or isinstance(value, bool):
            raise validation_error(f"{name}[{int(row)}]", f"expected {expected}, found {value!r}")
    differing = np.flatnonzero(items != chosen[codes])
    if len(differing):
        row = int(differing[0])
        code = int(codes[row])
        raise validation_error(f"{name}[{row}]", f"{items[row]!r} differs from {values[code]!r}, the {noun} of the "
                                                 f"first row of {key_of(code)}: one {noun} per {per}")
    return values


def _without_empty_weeks(table: Any) -> Any:
    """Drops week_year and week when no bucket is a week, as the single-series frame does."""
    if table.num_rows and table.column("week").null_count < table.num_rows:
        return table
    return table.drop_columns(["week_year", "week"])
