"""Columns for `wellness_series_aggregate_columns`: timestamps and values as
people have them, turned into int64 and float64 without a copy where they
already are.

Timestamps:

- int64 (or other integer) epoch numbers in the options' "timestamp_unit"
  ("s" or "ms"); C-contiguous int64 is read in place.
- float epoch numbers in that unit: floored to whole milliseconds (as the
  library floors fractional JSON timestamps), passed as "ms".
- numpy datetime64 of any unit: datetime64[s] and [ms] are read in place (as
  "s" / "ms"), other units are floored to milliseconds. NaT is an error.
- pandas datetimes (Series, DatetimeIndex): tz-aware ones are converted to
  UTC; naive ones are taken as UTC. polars Datetime the same; a Date column
  (and numpy datetime64[D]) is midnight UTC.
- Python `datetime` objects, which must be aware (a naive one is a
  ValidationError: it names no instant).

Values: float64 C-contiguous is read in place; other numbers and booleans
(1 / 0) are converted. None / null is an error naming the element.

`lenient=True` (grouped calls with "on_error": "skip") turns a missing or
unreadable element into a row the library refuses (NaN, or the timestamp
MISSING) instead of an error, and keeps what was wrong with it in
`problems`, so that only that row's group is skipped.

numpy is imported only when an argument is an array-like.
"""

from __future__ import annotations

import array
import ctypes
import datetime
import importlib
import math
import operator
from typing import Any, Dict, NamedTuple, Optional

from ._native import NAIVE_DATETIME, validation_error
from .errors import ValidationError

#: Years 1 to 9999 in milliseconds (the library's SampleSeries.timestampRange).
LOWEST_MS = -62_135_596_800_000
HIGHEST_MS = 253_402_300_799_999
_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
_MILLISECOND = datetime.timedelta(milliseconds=1)
#: An epoch number in seconds above this looks like milliseconds (2001 in ms; year 5138 in seconds).
LOOKS_LIKE_MS = 1e11
UNIT_HINT = 'did you mean timestamp_unit: "ms"?'
#: An epoch number in seconds from this on is taken for milliseconds (2001 in ms; below it, past year
#: 9999 in seconds is more likely what it says: 253402300800 is year 10000), as the library judges.
MS_HINT_FROM = 1e12
#: The timestamp of a row that lenient columns leave for the library to refuse (numpy's NaT).
MISSING = -(2 ** 63)


class Column(NamedTuple):
    """A column the library can read: `data` owns the memory (and indexes its items)."""

    data: Any
    address: Optional[int]
    size: int


class Timestamps(NamedTuple):
    column: Column
    #: The unit to tell the library: "s" or "ms".
    unit: str
    #: True when the unit came from the data (datetimes, floats converted to ms), not from the options.
    converted: bool
    #: With lenient=True: the rows left for the library to refuse, and why (their error message).
    problems: Optional[Dict[int, str]] = None


def _numpy() -> Any:
    return importlib.import_module("numpy")


def _array_like(data: Any) -> bool:
    return not isinstance(data, (list, tuple, range, array.array, memoryview, bytes, bytearray)) and (
        hasattr(data, "__array__") or hasattr(data, "dtype"))


def _numpy_column(values: Any) -> Column:
    return Column(values, values.ctypes.data, len(values))


def _array_column(values: "array.array[Any]") -> Column:
    return Column(values, values.buffer_info()[0], len(values))


def out_of_range(path: str, raw: Any, unit: str) -> ValidationError:
    """The error for a timestamp outside years 1-9999, with a hint when it looks like another unit."""
    if isinstance(raw, float) and math.isnan(raw):
        return validation_error(path, "a missing timestamp (NaN)")
    hint = unit_hint(raw, unit)
    message = f"{raw} is outside years 1-9999{'' if hint else _year(raw, unit)}"
    return validation_error(path, f"{message}: {hint}" if hint else message)


def unit_hint(raw: Any, unit: str) -> Optional[str]:
    """What a timestamp out of range probably is, judged by its size."""
    try:
        magnitude = abs(float(raw))
    except (TypeError, ValueError):
        return None
    if not math.isfinite(magnitude) or magnitude <= LOOKS_LIKE_MS:
        return None
    if unit == "s" and magnitude <= HIGHEST_MS:
        return UNIT_HINT if magnitude >= MS_HINT_FROM else None
    if magnitude <= HIGHEST_MS * 1000:
        return "this looks like microseconds: pass milliseconds (// 1000) or a datetime64[us] array"
    if magnitude <= HIGHEST_MS * 1_000_000:
        return "this looks like nanoseconds: pass milliseconds (// 1_000_000) or a datetime64[ns] array"
    return None


def _year(raw: Any, unit: str) -> str:
    """" (year N in epoch seconds)" for an epoch number, as the library says it; "" when there is none."""
    try:
        seconds = math.floor(float(raw) / (1 if unit == "s" else 1000))
    except (TypeError, ValueError, OverflowError):
        return ""
    days = seconds // 86_400
    if abs(days) >= 1 << 40:
        return ""
    # Howard Hinnant's civil_from_days, as the library's CalendarDate.
    shifted = days + 719_468
    era = shifted // 146_097
    day_of_era = shifted - era * 146_097
    year_of_era = (day_of_era - day_of_era // 1460 + day_of_era // 36_524 - day_of_era // 146_096) // 365
    day_of_year = day_of_era - (365 * year_of_era + year_of_era // 4 - year_of_era // 100)
    month_index = (5 * day_of_year + 2) // 153
    year = year_of_era + era * 400 + (1 if month_index >= 10 else 0)
    return f" (year {year} in epoch {'seconds' if unit == 's' else 'milliseconds'})"


def timestamps(data: Any, unit: str, name: str, lenient: bool = False) -> Timestamps:
    """The timestamps column; `unit` is the options' timestamp_unit."""
    if _array_like(data):
        return _numpy_timestamps(data, unit, name, lenient)
    if isinstance(data, array.array) and data.typecode in ("q", "l") and data.itemsize == 8:
        return Timestamps(_array_column(data), unit, False)
    if isinstance(data, (array.array, memoryview)):
        data = data.tolist()
    try:
        # All integers: epoch numbers in `unit`, as they are.
        return Timestamps(_array_column(array.array("q", data)), unit, False)
    except (TypeError, OverflowError):
        pass
    _check_unit(unit)
    factor = 1000 if unit == "s" else 1
    if not lenient:
        milliseconds = array.array("q", (_milliseconds(item, factor, unit, f"{name}[{index}]")
                                         for index, item in enumerate(data)))
        return Timestamps(_array_column(milliseconds), "ms", True)
    problems: Dict[int, str] = {}
    milliseconds = array.array("q")
    for index, item in enumerate(data):
        try:
            milliseconds.append(_milliseconds(item, factor, unit, f"{name}[{index}]"))
        except ValidationError as error:
            problems[index] = error.message
            milliseconds.append(MISSING)
    return Timestamps(_array_column(milliseconds), "ms", True, problems)


def _check_unit(unit: str) -> None:
    if unit not in ("s", "ms"):
        raise validation_error("timestamp_unit", f'"{unit}" is not one of: s, ms')


def _milliseconds(item: Any, factor: int, unit: str, path: str) -> int:
    """One Python timestamp as epoch milliseconds."""
    if item is None or (isinstance(item, float) and math.isnan(item)) or _is_missing(item):
        return _raise(validation_error(path, "a missing timestamp"))
    if isinstance(item, datetime.datetime):
        if item.tzinfo is None or item.utcoffset() is None:
            return _raise(validation_error(path, NAIVE_DATETIME))
        milliseconds = (item - _EPOCH) // _MILLISECOND
    elif isinstance(item, datetime.date):
        return _raise(validation_error(path, "a date names no instant: give an aware datetime "
                                             "(datetime.combine(day, time(), tzinfo=...))"))
    elif isinstance(item, bool) or isinstance(item, (str, bytes)):
        return _raise(validation_error(path, f"expected epoch {'seconds' if unit == 's' else 'milliseconds'} "
                                             f"or an aware datetime, found {type(item).__name__} {item!r}"))
    elif isinstance(item, float):
        if not math.isfinite(item):
            return _raise(out_of_range(path, item, unit))
        milliseconds = math.floor(item * factor)
    elif type(item).__name__ == "datetime64":
        milliseconds = int(item.astype("datetime64[ms]").astype("int64"))
    else:
        try:
            milliseconds = operator.index(item) * factor
        except TypeError:
            return _raise(validation_error(path, f"expected epoch seconds or an aware datetime, "
                                                 f"found {type(item).__name__}"))
    if not LOWEST_MS <= milliseconds <= HIGHEST_MS:
        return _raise(out_of_range(path, item, unit))
    return milliseconds


def _is_missing(item: Any) -> bool:
    """pandas NaT / NA and numpy NaT: values that are not equal to themselves."""
    try:
        return bool(item != item)
    except (TypeError, ValueError):
        return True  # pd.NA: its truth value is ambiguous


def _raise(error: Exception) -> int:
    raise error


def _numpy_timestamps(data: Any, unit: str, name: str, lenient: bool) -> Timestamps:
    np = _numpy()
    source = getattr(data, "array", data)  # pandas Series / Index: its DatetimeArray
    if getattr(getattr(data, "dtype", None), "tz", None) is not None and hasattr(source, "tz_convert"):
        data = source.tz_convert("UTC").tz_localize(None)  # pandas tz-aware: the UTC instants
    values = np.asarray(data)
    if values.ndim != 1:
        raise TypeError(f"{name} must be one-dimensional, found shape {values.shape}")
    kind = values.dtype.kind
    if kind == "M":
        return _datetime64(np, values, name, lenient)
    if kind in "iu":
        if kind == "u" and values.size and values.max() > np.iinfo(np.int64).max:
            index = int(np.argmax(values))
            raise out_of_range(f"{name}[{index}]", int(values[index]), unit)
        return Timestamps(_numpy_column(np.ascontiguousarray(values, dtype=np.int64)), unit, False)
    if kind == "f":
        _check_unit(unit)
        with np.errstate(invalid="ignore", over="ignore"):
            milliseconds = np.floor(values.astype(np.float64) * (1000.0 if unit == "s" else 1.0))
        bad = ~((milliseconds >= LOWEST_MS) & (milliseconds <= HIGHEST_MS))  # NaN fails both
        problems: Dict[int, str] = {}
        if bad.any():
            index = int(np.argmax(bad))
            if not lenient:
                raise out_of_range(f"{name}[{index}]", float(values[index]), unit)
            problems = {int(row): out_of_range(name, float(values[row]), unit).message for row in np.flatnonzero(bad)}
            milliseconds[bad] = 0
        whole = milliseconds.astype(np.int64)
        whole[bad] = MISSING
        return Timestamps(_numpy_column(whole), "ms", True, problems if lenient else None)
    if kind == "O":
        return timestamps(values.tolist(), unit, name, lenient)
    raise TypeError(f"{name}: expected epoch numbers or datetimes, found an array of {values.dtype}")


def _datetime64(np: Any, values: Any, name: str, lenient: bool) -> Timestamps:
    missing = np.isnat(values)
    problems: Dict[int, str] = {}
    if missing.any():
        if not lenient:
            raise validation_error(f"{name}[{int(np.argmax(missing))}]", "a missing timestamp (NaT)")
        problems = {int(row): "a missing timestamp (NaT)" for row in np.flatnonzero(missing)}
    unit, step = np.datetime_data(values.dtype)
    if step == 1 and unit in ("s", "ms"):  # NaT is MISSING already
        return Timestamps(_numpy_column(np.ascontiguousarray(values).view(np.int64)), unit, True,
                          problems if lenient else None)
    with np.errstate(over="ignore"):
        milliseconds = np.array(values.astype("datetime64[ms]").view(np.int64))  # numpy floors when it coarsens
    bad = ((milliseconds < LOWEST_MS) | (milliseconds > HIGHEST_MS)) & ~missing
    if bad.any():
        index = int(np.argmax(bad))
        if not lenient:
            raise validation_error(f"{name}[{index}]", f"{values[index]} is outside years 1-9999")
        problems.update({int(row): f"{values[row]} is outside years 1-9999" for row in np.flatnonzero(bad)})
        milliseconds[bad] = MISSING
    milliseconds[missing] = MISSING
    return Timestamps(_numpy_column(np.ascontiguousarray(milliseconds)), "ms", True, problems if lenient else None)


def values(data: Any, name: str, problems: Optional[Dict[int, str]] = None) -> Column:
    """The values column: float64, in place when it already is. Given
    `problems` (lenient), a missing or unreadable item becomes NaN, which the
    library refuses, and what was wrong with it is added there by row."""
    if _array_like(data):
        np = _numpy()
        numbers = np.asarray(data)
        if numbers.ndim != 1:
            raise TypeError(f"{name} must be one-dimensional, found shape {numbers.shape}")
        if numbers.dtype.kind in "fiub":
            return _numpy_column(np.ascontiguousarray(numbers, dtype=np.float64))
        if numbers.dtype.kind != "O":
            raise TypeError(f"{name}: expected numbers or booleans, found an array of {numbers.dtype}")
        data = numbers.tolist()
    if isinstance(data, array.array) and data.typecode == "d":
        return _array_column(data)
    if isinstance(data, memoryview):
        data = data.tolist()
    try:
        return _array_column(array.array("d", data))
    except TypeError:
        pass
    numbers = array.array("d")
    for index, item in enumerate(data):
        if item is None or _is_missing(item):
            error = validation_error(f"{name}[{index}]", "a missing value")
        elif not isinstance(item, (int, float)) and not hasattr(item, "__float__"):
            error = validation_error(f"{name}[{index}]", f"expected a number or a boolean, found {type(item).__name__}")
        else:
            numbers.append(float(item))
            continue
        if problems is None:
            raise error
        problems[index] = error.message
        numbers.append(math.nan)
    return _array_column(numbers)


def pointer(column: Column) -> Optional[ctypes.c_void_p]:
    """The column's address for ctypes (None, i.e. NULL, for an empty column)."""
    return ctypes.c_void_p(column.address) if column.size else None
