"""Many series in one call (`wellness_series_aggregate_groups`): rows of
group key, timestamp and value; each group's buckets, as Arrow columns that
pyarrow takes over without a copy through the Arrow C Data Interface."""

from __future__ import annotations

import ctypes
import importlib
import re
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, NamedTuple, Tuple, Union, cast

from . import _columns, _native
from .errors import ValidationError, error_for
from .series import explain_column, read_columns
from .types import GroupedSeriesOptions, JSONInput, SkippedGroup, TimestampColumn, ValueColumn

if TYPE_CHECKING:
    import pyarrow  # type: ignore[import-untyped]  # pyarrow ships no type information

__all__ = ["GroupedBuckets", "series_aggregate_groups"]

_ROW_PATH = re.compile(r"^(timestamps|values)\[(\d+)\]$")


class _ArrowSchema(ctypes.Structure):
    pass


class _ArrowArray(ctypes.Structure):
    pass


_SCHEMA_RELEASE = ctypes.CFUNCTYPE(None, ctypes.POINTER(_ArrowSchema))
_ARRAY_RELEASE = ctypes.CFUNCTYPE(None, ctypes.POINTER(_ArrowArray))
# As the Arrow C Data Interface declares them (include/wellness.h).
_ArrowSchema._fields_ = [
    ("format", ctypes.c_char_p), ("name", ctypes.c_char_p), ("metadata", ctypes.c_char_p),
    ("flags", ctypes.c_int64), ("n_children", ctypes.c_int64), ("children", ctypes.c_void_p),
    ("dictionary", ctypes.c_void_p), ("release", _SCHEMA_RELEASE), ("private_data", ctypes.c_void_p)]
_ArrowArray._fields_ = [
    ("length", ctypes.c_int64), ("null_count", ctypes.c_int64), ("offset", ctypes.c_int64),
    ("n_buffers", ctypes.c_int64), ("n_children", ctypes.c_int64), ("buffers", ctypes.c_void_p),
    ("children", ctypes.c_void_p), ("dictionary", ctypes.c_void_p), ("release", _ARRAY_RELEASE),
    ("private_data", ctypes.c_void_p)]


class GroupedBuckets(NamedTuple):
    """series_aggregate_groups' result."""

    #: One row per bucket: "group", "start", "end", "label", "week_year",
    #: "week", "count", "days_with_data", then the kind's columns (docs/SERIES.md).
    table: "pyarrow.Table"
    #: How many groups were aggregated.
    groups: int
    #: The groups left out with "on_error": "skip", and why.
    skipped: List[SkippedGroup]


def _pyarrow() -> Any:
    try:
        return importlib.import_module("pyarrow")
    except ImportError:
        raise ImportError("series_aggregate_groups returns Arrow columns and needs pyarrow: "
                          "pip install 'wellness[arrow]'") from None


def _readable_settings(options: Any) -> Any:
    """The options with "groups" given as columns (a pandas or polars frame,
    Series, numpy arrays) made of items the library reads, a missing item
    null: pandas marks one NaN, which JSON has no way to write."""
    columns: Any = options.get("groups") if isinstance(options, dict) else None
    if hasattr(columns, "columns") and hasattr(columns, "to_dict"):  # a pandas or polars frame
        columns = {str(name): columns[name] for name in columns.columns}
    if not isinstance(columns, Mapping):
        return options
    return {**options, "groups": {name: _missing_as_none(column) for name, column in columns.items()}}


def _missing_as_none(column: Any) -> Any:
    """A settings column as a list or array whose missing items are None."""
    if hasattr(column, "hasnans") and hasattr(column, "notna"):  # pandas: NaN, NA or NaT
        return column.astype(object).where(column.notna(), None).tolist() if column.hasnans else column
    if hasattr(column, "to_list") and not hasattr(column, "tolist"):  # polars: null
        return column.to_list()
    if getattr(getattr(column, "dtype", None), "kind", None) == "f":  # numpy: NaN
        np = importlib.import_module("numpy")
        missing = np.isnan(column)
        if missing.any():
            return [None if gap else item for gap, item in zip(missing.tolist(), column.tolist())]
    return column


def _keys(data: Any, size: int) -> _columns.Column:
    """The group keys as C-contiguous int64, read in place when they already are."""
    np = importlib.import_module("numpy")
    keys = np.asarray(data)
    if keys.dtype.kind not in "iu" and not (keys.dtype.kind == "b" or len(keys) == 0):
        raise _native.invalid_argument("groups", f"group keys must be integers, found {keys.dtype}")
    if keys.dtype.kind == "u" and len(keys) and int(keys.max()) > np.iinfo(np.int64).max:
        raise _native.validation_error("groups", "a group key exceeds the int64 range")
    keys = np.ascontiguousarray(keys, dtype=np.int64)
    if len(keys) != size:
        raise _native.invalid_argument(None, f"{len(keys)} group keys but {size} timestamps")
    return _columns.Column(keys, keys.ctypes.data if len(keys) else None, len(keys))


def series_aggregate_groups(options: Union[GroupedSeriesOptions, JSONInput], groups: Any,
                            timestamps: TimestampColumn, values: ValueColumn) -> GroupedBuckets:
    """Aggregates many series in one call: row i is (groups[i], timestamps[i],
    values[i]); rows may come in any order. Each group is aggregated as
    series_aggregate_columns would aggregate its rows alone, in its own
    "time_zone" and "first_weekday" when options' "groups" lists it, on up
    to options' "threads" threads.

    "groups" lists groups as rows, [{"group": 7, "time_zone": "Asia/Tokyo"},
    ...], or as columns, {"group": [7, ...], "time_zone": ["Asia/Tokyo", ...],
    "first_weekday": [...]}: lists, numpy arrays or pandas / polars Series,
    or a pandas / polars frame with those columns, a missing item (None,
    NaN, null) setting nothing for its group. Columns are the faster to
    write for many groups.

    `groups`: integer keys (numpy int64 is read in place). `timestamps` and
    `values`: as series_aggregate_columns takes them.

    Returns the buckets as a pyarrow Table (taken over from the library
    without a copy), how many groups were aggregated, and the groups skipped
    with "on_error": "skip". Errors name the group and the row:
    "group 7: ..." at `timestamps[41]`. With "on_error": "skip", a missing
    timestamp (NaT, NaN, None) or value skips its row's group like any bad
    row; a skipped group's "row" and its error's "path" name the same row
    of the caller's columns. Needs pyarrow.
    """
    return aggregate_groups(options, groups, timestamps, values, ("timestamps", "values"))


def aggregate_groups(options: Any, groups: Any, timestamps: Any, values: Any,
                     names: Tuple[str, str], lenient: bool = False) -> GroupedBuckets:
    """series_aggregate_groups, naming the columns `names` in errors. With
    `lenient` (always under "on_error": "skip"), a missing or unreadable
    timestamp or value is left for the library to refuse, so that the error
    names its group."""
    pyarrow = _pyarrow()
    options = _readable_settings(options)
    document, unit, stamps, numbers, value_problems = read_columns(
        options, timestamps, values, names,
        lenient=lambda settings: lenient or (settings is not None and settings.get("on_error") == "skip"))
    problems = (stamps.problems or {}, value_problems)
    keys = _keys(groups, stamps.column.size)
    payload = _native.encode(document)
    schema, array = _ArrowSchema(), _ArrowArray()
    report, err = _native.Buf(), _native.Buf()
    try:
        status = _native.lib.wellness_series_aggregate_groups(
            payload, len(payload), _columns.pointer(keys), _columns.pointer(stamps.column),
            _columns.pointer(numbers), stamps.column.size, ctypes.byref(schema), ctypes.byref(array),
            ctypes.byref(report), ctypes.byref(err))
        if status != 0:
            error = _native.error_from(status, err)
            if isinstance(error, ValidationError):
                error = error_for(_explained(error.error, problems, stamps, unit, names))
            raise error from None
        summary = _native.parse(ctypes.string_at(report.ptr, report.len))
        table = _import(pyarrow, schema, array)
    finally:
        _native.lib.wellness_buf_free(ctypes.byref(report))
        _native.lib.wellness_buf_free(ctypes.byref(err))
    skipped = [cast(SkippedGroup, {**entry, "error": _explained(entry["error"], problems, stamps, unit, names)})
               for entry in summary["skipped"]]
    return GroupedBuckets(table, summary["groups"], skipped)


def _explained(document: Dict[str, Any], problems: Tuple[Dict[int, str], Dict[int, str]],
               stamps: _columns.Timestamps, unit: Any, names: Tuple[str, str]) -> Dict[str, Any]:
    """The library's error (the call's, or a skipped group's) as the caller reads it: their column names,
    and for a row that lenient columns left for the library to refuse, what was wrong with the caller's
    item there ("a missing timestamp (NaT)") rather than with its stand-in."""
    match = _ROW_PATH.match(document.get("path") or "")
    if not match:
        return document
    column = 0 if match.group(1) == "timestamps" else 1
    found = problems[column].get(int(match.group(2)))
    if found is None:
        error = error_for(document)
        return explain_column(error, stamps, unit, names).error if isinstance(error, ValidationError) else document
    prefix, separator, _ = str(document.get("message", "")).partition(": ")
    group = f"{prefix}: " if separator and prefix.startswith("group ") else ""
    return {**document, "message": f"{group}{found}", "path": f"{names[column]}[{match.group(2)}]"}


def _import(pyarrow: Any, schema: _ArrowSchema, array: _ArrowArray) -> Any:
    """The struct array as a Table; pyarrow takes both structs over (their
    release becomes pyarrow's to call). Released here if the import fails."""
    try:
        batch = pyarrow.RecordBatch._import_from_c(ctypes.addressof(array), ctypes.addressof(schema))
    finally:
        if array.release:
            array.release(ctypes.byref(array))
        if schema.release:
            schema.release(ctypes.byref(schema))
    return pyarrow.Table.from_batches([batch])

