"""The time-series engine: aggregation, charts, longevity trends.

docs/SERIES.md gives every rule; include/wellness.h lists the options.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Dict, Mapping, NamedTuple, Optional, Sequence, Tuple, Union, cast

from . import _columns, _native
from .errors import ValidationError, WellnessError, error_for
from .types import (Chart, ChartOptions, JSONInput, JSONSamples, SeriesOptions, SeriesReport, TimestampColumn,
                    TrendsOptions, TrendsResponse, ValueColumn)

__all__ = ["series_aggregate", "series_chart", "longevity_trends", "series_aggregate_columns"]

_COLUMN_PATH = re.compile(r"^(timestamps|values)\[(\d+)\]$")
#: Options text longer than this is not read on the Python side (options are a few keys).
_OPTIONS_PARSED = 64 * 1024


def series_aggregate(options: Union[SeriesOptions, JSONInput], samples: JSONSamples) -> SeriesReport:
    """Aggregates samples `[{"timestamp", "value"}]` into calendar buckets.

    A timestamp is an RFC 3339 string, epoch seconds, or an aware `datetime`;
    a value a number ("numeric"), a boolean ("boolean"), or either or a string
    ("snapshot"). Errors name the sample: `samples[41].value`.
    """
    return cast(SeriesReport, _two("series_aggregate", options, samples, "samples"))


def series_chart(options: Union[ChartOptions, JSONInput], samples: JSONSamples) -> Chart:
    """The chart of the aggregated samples: `{"spec": ..., "svg": ...}`,
    the spec saying what to draw and the SVG a standalone document. Options
    as series_aggregate's, plus "width" and "height" in pixels."""
    return cast(Chart, _two("series_chart", options, samples, "samples"))


def longevity_trends(options: Union[TrendsOptions, JSONInput], entries: JSONSamples) -> TrendsResponse:
    """The longevity trends of daily check-ins `[{"date", "biological_age"}]`:
    weekly, monthly and yearly buckets as GET /api/longevity/trends returns them.
    Options: "today" (the end of every window), "time_zone"."""
    return cast(TrendsResponse, _two("longevity_trends", options, entries, "entries"))


def series_aggregate_columns(options: Union[SeriesOptions, JSONInput], timestamps: TimestampColumn,
                             values: ValueColumn) -> SeriesReport:
    """Aggregates columns, as series_aggregate aggregates samples.

    `timestamps`: int64 epoch numbers in options' "timestamp_unit" ("s", the
    default, or "ms"); float epoch numbers (floored to milliseconds); numpy
    datetime64 of any unit; pandas datetimes (tz-aware converted to UTC,
    naive taken as UTC); polars Datetime; or aware `datetime` objects.
    `values`: numbers, or booleans for "kind": "boolean".

    numpy int64 and float64 (C-contiguous) columns, and datetime64[s] / [ms],
    are read in place, without a copy. Errors name the element:
    `timestamps[3]`, `values[7]`.
    """
    return aggregate_columns(options, timestamps, values, ("timestamps", "values"))


def _two(name: str, options: Any, data: Any, root: str) -> Any:
    options_payload = _native.encode(options)
    data_payload = _native.encode(data, root=root)
    return _native.call(getattr(_native.lib, "wellness_" + name), options_payload, len(options_payload),
                        data_payload, len(data_payload))


def options_dict(options: Any) -> Optional[Dict[str, Any]]:
    """The options as a dict, or None when they are text that does not parse
    to an object (the library then reports what is wrong with it)."""
    if isinstance(options, Mapping):
        return dict(options)
    if isinstance(options, (str, bytes, bytearray, memoryview)) and len(options) <= _OPTIONS_PARSED:
        try:
            parsed = json.loads(options if isinstance(options, str) else bytes(options), parse_constant=_refuse)
        except (ValueError, UnicodeDecodeError, RecursionError):
            return None
        return parsed if isinstance(parsed, dict) else None
    return None


def _refuse(constant: str) -> Any:
    raise ValueError(f"{constant} is not JSON")


class ColumnsInput(NamedTuple):
    """The options and columns of a columns call, read and checked (`read_columns`)."""

    #: The options to send: their "timestamp_unit" that of the columns when they were converted.
    document: Any
    #: The options' "timestamp_unit" as given (what the caller's numbers mean).
    unit: Any
    #: The timestamps as the library reads them (epoch numbers in `stamps.unit`).
    stamps: _columns.Timestamps
    #: The values as doubles.
    numbers: _columns.Column
    #: With lenient columns, what was wrong with each value left for the library to refuse, by row.
    value_problems: Dict[int, str]


def _strict(_settings: Optional[Dict[str, Any]]) -> bool:
    return False


def read_columns(options: Any, timestamps: Any, values: Any, names: Tuple[str, str],
                 lenient: Callable[[Optional[Dict[str, Any]]], bool] = _strict) -> ColumnsInput:
    """What every columns call checks first: the timestamps read in the options'
    unit, the values, both of one length (InvalidArgumentError otherwise), and
    the options to send. `lenient(options)`: whether a missing or unreadable
    item is left for the library to refuse (so that its error names its group)."""
    settings = options_dict(options)
    unit = settings.get("timestamp_unit", "s") if settings is not None else "s"
    leave = lenient(settings)
    stamps = _columns.timestamps(timestamps, unit if isinstance(unit, str) else "s", names[0], leave)
    value_problems: Optional[Dict[int, str]] = {} if leave else None
    numbers = _columns.values(values, names[1], value_problems)
    if numbers.size != stamps.column.size:
        raise _native.invalid_argument(None, f"{stamps.column.size} timestamps but {numbers.size} values")
    document = options
    if stamps.converted and settings is not None and unit != stamps.unit:
        document = {**settings, "timestamp_unit": stamps.unit}
    return ColumnsInput(document, unit, stamps, numbers, value_problems or {})


def aggregate_columns(options: Any, timestamps: Any, values: Any, names: Tuple[str, str]) -> SeriesReport:
    """series_aggregate_columns, naming the columns `names` in errors."""
    document, unit, stamps, numbers, _ = read_columns(options, timestamps, values, names)
    payload = _native.encode(document)
    try:
        return cast(SeriesReport, _native.call(
            _native.lib.wellness_series_aggregate_columns, payload, len(payload),
            _columns.pointer(stamps.column), _columns.pointer(numbers), stamps.column.size))
    except ValidationError as error:
        explained = explain_column(error, stamps, unit, names)
        if explained is error:
            raise
        raise explained from None


def explain_column(error: WellnessError, stamps: _columns.Timestamps, unit: Any,
                    names: Sequence[str]) -> WellnessError:
    """Renames `timestamps[i]` / `values[i]` after the caller's columns, and
    hints at the unit when a timestamp out of range looks like milliseconds."""
    match = _COLUMN_PATH.match(error.path or "")
    if not match:
        return error
    index = int(match.group(2))
    message = error.message
    # (A library that gives the hint itself mentions timestamp_unit: nothing to add.)
    if match.group(1) == "timestamps" and not stamps.converted and "outside years" in message \
            and "timestamp_unit" not in message:
        hint = _columns.unit_hint(stamps.column.data[index], unit)
        if hint:
            message = f"{message}: {hint}"
    if match.group(1) == "values" and message.startswith("nan "):
        message = f"{message}: a missing value? drop or fill missing values first"
    path = f"{names[0] if match.group(1) == 'timestamps' else names[1]}[{index}]"
    if path == error.path and message == error.message:
        return error
    return error_for({**error.error, "path": path, "message": message})
