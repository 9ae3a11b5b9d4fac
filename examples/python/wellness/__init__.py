"""Python bindings for libwellness, the WellnessKit engine.

Every function takes JSON (a dict or list, or `str` / `bytes` of JSON text)
and returns the parsed result. Failures raise a subclass of `WellnessError`
naming the status, the message and the offending field's path. Thread-safe:
any function may be called from any number of threads.
"""

from __future__ import annotations

import array
import ctypes
from typing import Any, Callable, Dict, Sequence, Tuple

from . import _native
from ._native import ABI_VERSION, JSONInput
from .client import Client
from .errors import (DecodingError, ForbiddenError, HTTPError, InternalError, InvalidArgumentError,
                     InvalidJSONError, InvalidResponseError, NetworkError, NotFoundError, RateLimitedError,
                     UnauthorizedError, ValidationError, WellnessError, WellnessTimeoutError)

__all__ = [
    "ABI_VERSION", "Client", "version", "abi_version", "strerror", "series_aggregate_columns",
    "WellnessError", "InvalidArgumentError", "InvalidJSONError", "ValidationError", "NotFoundError",
    "UnauthorizedError", "ForbiddenError", "RateLimitedError", "NetworkError", "WellnessTimeoutError",
    "HTTPError", "InvalidResponseError", "DecodingError", "InternalError",
]


def version() -> str:
    """The loaded library's version, "MAJOR.MINOR.PATCH"."""
    return _native.lib.wellness_version().decode()


def abi_version() -> int:
    """The loaded library's ABI version (equal to ABI_VERSION, or the import would have failed)."""
    return int(_native.lib.wellness_abi_version())


def strerror(code: int) -> str:
    """The name of a status code, e.g. "WELLNESS_E_VALIDATION"."""
    return _native.lib.wellness_strerror(code).decode()


_ONE_DOCUMENT_DOCS = {
    "insight_normalize": "Validates an insight (seed 000) and returns its canonical JSON.",
    "insight_response_normalize": "Validates {success, data: insight} as GET/PATCH /insights/{id} return it.",
    "insights_list_response_normalize": "Validates a page of insights with its pagination (seed 000).",
    "pagination_normalize": "Validates a pagination object.",
    "insight_update_request_normalize": "Validates a PATCH body: is_read / is_favorite / is_archived.",
    "goal_suggestion_normalize": "Validates a goal suggestion (seed 003).",
    "goal_suggestions_response_normalize": "Validates the goal suggestions response (seed 003).",
    "goal_tip_normalize": "Validates a goal tip (seed 003).",
    "goal_tips_response_normalize": "Validates the goal tips response (seed 003).",
    "create_goal_request_normalize": "Validates a POST /goals body.",
    "goal_normalize": "Validates a goal as the Goals API returns it.",
    "trends_response_normalize": "Validates a longevity trends response (seed 001).",
    "consultation_normalize": "Validates a consultation (seed 004).",
    "create_consultation_request_normalize": "Validates the body that starts a consultation (seed 004).",
    "consultation_message_normalize": "Validates a consultation message.",
    "insight_view": "An insight's display fields: type name, icon, colour, action steps, metric cards.",
    "goal_suggestion_view": "A suggestion's difficulty label and colour, duration text, icon and target text.",
    "goal_tip_view": "A tip's priority level, label and colour, category label and icon.",
    "create_goal_request_from_suggestion": "The CreateGoalRequest for {suggestion, now?, time_zone?} (seed 003).",
    "trend_view": "The Score screen's label, value, colour, message and chart rule for {period, bucket}.",
    "trends_view": "trend_view for each period of a trends response.",
}

_TWO_DOCUMENT_DOCS = {
    "series_aggregate": "Aggregates samples [{timestamp, value}] into calendar buckets as options say (seed 002).",
    "series_chart": "The chart spec and SVG of the aggregated samples: {'spec': ..., 'svg': ...} (seed 002).",
    "longevity_trends": "The longevity trends (seed 001) of daily entries [{date, biological_age}].",
}


def _one_document(name: str, doc: str) -> Callable[[JSONInput], Any]:
    function = getattr(_native.lib, "wellness_" + name)

    def call(data: JSONInput) -> Any:
        payload = _native.encode(data)
        return _native.call(function, payload, len(payload))

    call.__name__ = call.__qualname__ = name
    call.__doc__ = doc
    return call


def _two_documents(name: str, doc: str) -> Callable[[JSONInput, JSONInput], Any]:
    function = getattr(_native.lib, "wellness_" + name)

    def call(options: JSONInput, data: JSONInput) -> Any:
        options_payload = _native.encode(options)
        data_payload = _native.encode(data)
        return _native.call(function, options_payload, len(options_payload), data_payload, len(data_payload))

    call.__name__ = call.__qualname__ = name
    call.__doc__ = doc
    return call


for _name, _doc in _ONE_DOCUMENT_DOCS.items():
    globals()[_name] = _one_document(_name, _doc)
    __all__.append(_name)
for _name, _doc in _TWO_DOCUMENT_DOCS.items():
    globals()[_name] = _two_documents(_name, _doc)
    __all__.append(_name)


def _column(data: Any, ctype: Any, typecode: str) -> Tuple[Any, int]:
    """A C array over `data`: in place for a writable C-contiguous buffer of
    the right type (a numpy array), copied otherwise. Returns (array, length)."""
    try:
        view = memoryview(data)
    except TypeError:
        view = None
    if view is not None and view.ndim == 1 and view.c_contiguous and view.itemsize == ctypes.sizeof(ctype) \
            and view.format in (("q", "l") if typecode == "q" else ("d",)):
        if view.readonly:
            return (ctype * len(view)).from_buffer_copy(view), len(view)
        return (ctype * len(view)).from_buffer(view), len(view)
    copied = array.array(typecode, data)
    return (ctype * len(copied)).from_buffer(copied), len(copied)


def series_aggregate_columns(options: JSONInput, timestamps: Sequence[int], values: Sequence[float]) -> Dict[str, Any]:
    """Aggregates columns (seed 002): epoch timestamps (options' "timestamp_unit", "s" or "ms") and
    their values. numpy int64 / float64 arrays are read in place, without a copy."""
    stamps, count = _column(timestamps, ctypes.c_int64, "q")
    numbers, value_count = _column(values, ctypes.c_double, "d")
    if value_count != count:
        raise InvalidArgumentError({"code": -1, "name": "WELLNESS_E_INVALID_ARGUMENT", "path": None,
                                    "message": f"{count} timestamps but {value_count} values"})
    payload = _native.encode(options)
    return _native.call(_native.lib.wellness_series_aggregate_columns, payload, len(payload),
                        ctypes.cast(stamps, ctypes.c_void_p), ctypes.cast(numbers, ctypes.c_void_p), count)
