"""What wellness.spark and wellness.dask share: the aggregation asked for,
checked once on the driver, and what a task does with one batch of rows
(many users, one series_aggregate_groups call).

A Task is plain data (names, a dict of options), never a ctypes handle:
Spark and Dask pickle it to their worker processes, and the first call there
imports wellness, which opens the library in that process.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import logging
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _native
from .errors import WellnessError, error_for
from .frames import one_per_group, statistic_columns
from .groups import aggregate_groups
from .types import Average, Interval, Kind, Statistic, TimestampUnit, Weekday

#: Skipped users (on_error="skip") are reported here, in the worker's log.
LOG = logging.getLogger("wellness")

#: Column types of the result, named once for Spark's schema and Dask's meta.
DATE, TEXT, COUNT, WEEK, NUMBER, INSTANT = "date", "text", "count", "week", "number", "instant"


@dataclasses.dataclass(frozen=True)
class Task:
    """One aggregation: column names and the engine's options."""

    by: str
    time: str
    value: str
    #: The options every group shares (time_zone is the fixed zone, or "UTC" under a zone column).
    options: Dict[str, Any]
    zone_column: Optional[str]
    weekday_column: Optional[str]
    #: The result's columns after `by`, and their types.
    columns: Tuple[Tuple[str, str], ...]


def make_task(by: str, time: str, value: str, present: Sequence[str], *, time_zone: str, interval: Interval,
              statistics: Optional[Sequence[Statistic]], kind: Kind, first_weekday: Union[int, Weekday, str, None],
              average: Optional[Average], include_empty: bool, timestamp_unit: TimestampUnit, on_error: str,
              threads: int = 1) -> Task:
    """The task, its options checked by the engine here, on the driver: a bad
    option or an unknown fixed zone fails before any job starts, with the
    engine's own error."""
    for name, role in ((by, "by"), (time, "time"), (value, "value")):
        require_column(present, name, role)
    if on_error not in ("fail", "skip"):
        raise ValueError(f'on_error must be "fail" or "skip", not {on_error!r}')
    zone_column = time_zone if time_zone in present else None
    weekday_column = first_weekday if isinstance(first_weekday, str) and first_weekday in present else None
    options: Dict[str, Any] = {"kind": kind, "interval": interval, "include_empty": include_empty,
                               "time_zone": "UTC" if zone_column else time_zone, "timestamp_unit": timestamp_unit,
                               "on_error": on_error, "threads": threads}
    for key, setting in (("first_weekday", None if weekday_column else first_weekday), ("average", average),
                         ("statistics", None if statistics is None else list(statistics))):
        if setting is not None:
            options[key] = setting
    columns = result_columns(kind, interval, statistics)
    clash = [name for name, _ in columns if name == by]
    if clash:
        raise ValueError(f"by={by!r} is also the name of a result column: rename the key column")
    _check_options(options)
    return Task(by, time, value, options, zone_column, weekday_column, tuple(columns))


def require_column(present: Sequence[str], name: str, role: str) -> None:
    if name not in present:
        raise ValueError(f"{role}={name!r}: no such column (columns: {', '.join(map(str, present))})")


def _check_options(options: Dict[str, Any]) -> None:
    """Runs the engine on no rows: it validates every option, the zone included."""
    np = importlib.import_module("numpy")
    empty = np.array([], dtype=np.int64)
    aggregate_groups(options, empty, empty, np.array([], dtype=np.float64), ("time", "value"))


def result_columns(kind: Kind, interval: Interval, statistics: Optional[Sequence[Statistic]]) -> List[Tuple[str, str]]:
    """The columns after the key, as aggregate_frame(by=...) names them.
    week_year and week are there whenever weeks can occur (interval "week"
    or "auto"), since a distributed result's columns are fixed in advance."""
    columns = [("start", DATE), ("end", DATE), ("label", TEXT)]
    if interval in ("week", "auto"):
        columns += [("week_year", WEEK), ("week", WEEK)]
    columns += [("count", COUNT), ("days_with_data", COUNT)]
    if kind == "boolean":
        columns.append(("yes_days", COUNT))
    elif kind == "snapshot":
        columns += [("latest", NUMBER), ("latest_at", INSTANT)]
    else:
        columns += [(name, INSTANT if name.endswith("_at") else NUMBER) for name in statistic_columns(statistics)]
    return columns


class Batch:
    """A batch's buckets: the engine's table ("group" is a code), and for each
    code the batch row of its first sample, where the caller finds the key."""

    def __init__(self, table: Any, first_rows: Any) -> None:
        self.table = table
        self.first_rows = first_rows

    def key_rows(self) -> Any:
        """For each result row, the batch row holding its user's key."""
        return self.first_rows[self.table.column("group").to_numpy()]


def run(task: Task, keys: Any, times: Any, values: Any, zones: Any = None, weekdays: Any = None) -> Batch:
    """Aggregates one batch of rows (any users, any order) in one call.

    `keys` is a pandas Series; the other columns anything series_aggregate_groups
    takes. Errors name the user by key rather than by the batch's group code.
    """
    pd = importlib.import_module("pandas")
    np = importlib.import_module("numpy")
    codes, uniques = pd.factorize(keys, sort=True)
    missing = np.flatnonzero(codes < 0)
    if len(missing):
        raise _native.validation_error(f"{task.by}[{int(missing[0])}]", "a user key is missing (null)")
    codes = np.ascontiguousarray(codes, dtype=np.int64)
    first_rows = np.unique(codes, return_index=True)[1]  # codes are 0..k-1, every one present
    options = dict(task.options)
    settings = _group_settings(task, codes, first_rows, uniques, zones, weekdays)
    bad = _refused_settings(task, settings, first_rows, uniques)
    if bad:
        # The engine refuses a whole call over one bad zone, so such users are
        # dealt with here, like a bad row: the job fails, or they are left out.
        keep = ~np.isin(codes, [code for code, _ in bad])
        codes, times, values = codes[keep], times[keep], values[keep]
        settings = [entry for entry in settings if not any(entry["group"] == code for code, _ in bad)]
    if settings:
        options["groups"] = settings
    try:
        # Lenient: a NaT or null names its user through the engine's group, not a row of the sorted batch.
        result = aggregate_groups(options, codes, times, values, (task.time, task.value), lenient=True)
    except WellnessError as error:
        raise _naming_user(error, task.by, uniques) from None
    for skipped in result.skipped:
        LOG.warning("wellness: %s=%r left out (on_error=\"skip\"): %s", task.by, _key(uniques, skipped["group"]),
                    skipped["error"].get("message"))
    return Batch(result.table, first_rows)


def _group_settings(task: Task, codes: Any, first_rows: Any, uniques: Any, zones: Any,
                    weekdays: Any) -> List[Dict[str, Any]]:
    """The "groups" option: each user's zone and first weekday from their columns."""
    per_group: Dict[str, List[Any]] = {}

    def user(code: int) -> str:
        return f"{task.by}={_key(uniques, code)!r}"

    if task.zone_column is not None:
        per_group["time_zone"] = one_per_group(codes, first_rows, zones, task.zone_column, (str,), noun="zone",
                                               expected="str", key_of=user, per="user")
    if task.weekday_column is not None:
        per_group["first_weekday"] = one_per_group(codes, first_rows, weekdays, task.weekday_column, (str, int),
                                                   noun="first weekday", expected="str or int", key_of=user,
                                                   per="user")
    if not per_group:
        return []
    return [{"group": code, **{key: items[code] for key, items in per_group.items()}}
            for code in range(len(first_rows))]


def _refused_settings(task: Task, settings: List[Dict[str, Any]], first_rows: Any,
                      uniques: Any) -> List[Tuple[int, WellnessError]]:
    """The users whose zone or first weekday the engine refuses, with its error
    naming the user and the row; raised at once when on_error is "fail"."""
    columns = {"time_zone": task.zone_column, "first_weekday": task.weekday_column}
    refused = []
    for entry in settings:
        code = entry["group"]
        found = _setting_error(tuple((key, value) for key, value in entry.items() if key != "group"))
        if found is None:
            continue
        setting, error = found
        named = error_for({**error.error, "path": f"{columns[setting]}[{int(first_rows[code])}]",
                           "message": f"{task.by}={_key(uniques, code)!r}: {error.message}"})
        if task.options["on_error"] == "fail":
            raise named
        LOG.warning("wellness: %s=%r left out (on_error=\"skip\"): %s", task.by, _key(uniques, code), error.message)
        refused.append((code, named))
    return refused


@functools.lru_cache(maxsize=1024)
def _setting_error(settings: Tuple[Tuple[str, Any], ...]) -> Optional[Tuple[str, WellnessError]]:
    """Which of a user's settings the engine refuses, and its error (one call on no rows per distinct setting)."""
    for key, value in settings:
        try:
            _check_options({key: value})
        except WellnessError as error:
            return key, error
    return None


def _naming_user(error: WellnessError, by: str, uniques: Any) -> WellnessError:
    """The error with "group 3: " replaced by the user's key."""
    prefix, _, rest = error.message.partition(": ")
    words = prefix.split(" ")
    if len(words) == 2 and words[0] == "group" and words[1].isdigit() and int(words[1]) < len(uniques):
        return error_for({**error.error, "message": f"{by}={_key(uniques, int(words[1]))!r}: {rest}"})
    return error


def _key(uniques: Any, code: int) -> Any:
    """A user's key as a Python value, so that messages show 7, not np.int64(7)."""
    key = uniques[code]
    return key.item() if hasattr(key, "item") else key
