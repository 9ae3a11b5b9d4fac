"""Python bindings for libwellness, the WellnessKit engine.

Every function takes JSON (a dict or list, or `str` / `bytes` of JSON text)
and returns the parsed result, typed (`wellness.types`). Failures raise a
subclass of `WellnessError` naming the status, the message and the offending
field's path. Thread-safe: any function may be called from any number of
threads.

    import wellness
    view = wellness.trend_view({"period": "weekly", "bucket": {"value": -0.32, "available": True}})
    view["label"]                      # "Rejuvenation"

Time series also come as columns (`series_aggregate_columns`: numpy, pandas,
polars, datetimes) and DataFrames (`aggregate_frame`); `python -m wellness`
is the command-line tool.
"""

from __future__ import annotations

from . import _native, types
from ._native import ABI_VERSION
from .client import Client, OfflineClient
from .errors import (CancelledError, DecodingError, ForbiddenError, HTTPError, InternalError, InvalidArgumentError,
                     InvalidJSONError, InvalidResponseError, NetworkError, NotFoundError, RateLimitedError,
                     UnauthorizedError, ValidationError, WellnessError, WellnessTimeoutError)
from .analytics import Analytics, analytics_event, analytics_metrics
from .frames import aggregate_frame
from . import importers
from .grounding import grounding_check
from .groups import GroupedBuckets, series_aggregate_groups
from .integration import deep_link_parse
# BEGIN GENERATED imports (python/tools/generate_bindings.py)
from .integration import (deep_link_build, integration_actions, integration_destination, notification_categories,
                          notification_goal_progress, notification_insight, notification_progress_milestone,
                          notification_response)
from .models import (consultation_message_normalize, consultation_normalize, create_consultation_request_normalize,
                     create_goal_request_from_suggestion, create_goal_request_normalize, goal_normalize,
                     goal_suggestion_normalize, goal_suggestion_view, goal_suggestions_response_normalize,
                     goal_tip_normalize, goal_tip_view, goal_tips_response_normalize, insight_normalize,
                     insight_response_normalize, insight_update_request_normalize, insight_view,
                     insights_list_response_normalize, pagination_normalize, trend_view, trends_response_normalize,
                     trends_view)
# END GENERATED imports
from .query_tables import QueryTables, query, query_many, query_tool
from .series import longevity_trends, series_aggregate, series_aggregate_columns, series_chart

#: The library's version: the package is its binding, and the wheel ships it.
__version__: str = _native.lib.wellness_version().decode()

__all__ = [
    "ABI_VERSION", "Client", "OfflineClient", "version", "abi_version", "strerror", "types", "WellnessError",
    "InvalidArgumentError", "InvalidJSONError", "ValidationError", "NotFoundError", "UnauthorizedError",
    "ForbiddenError", "RateLimitedError", "NetworkError", "WellnessTimeoutError", "HTTPError", "InvalidResponseError",
    "DecodingError", "InternalError", "CancelledError", "series_aggregate", "series_chart", "longevity_trends",
    "series_aggregate_columns", "series_aggregate_groups", "GroupedBuckets", "aggregate_frame", "deep_link_parse",
    "analytics_event", "analytics_metrics", "Analytics", "grounding_check", "QueryTables", "query", "query_many",
    "query_tool", "importers",
    # BEGIN GENERATED __all__ (python/tools/generate_bindings.py)
    "insight_normalize", "insight_response_normalize", "insights_list_response_normalize", "pagination_normalize",
    "insight_update_request_normalize", "goal_suggestion_normalize", "goal_suggestions_response_normalize",
    "goal_tip_normalize", "goal_tips_response_normalize", "create_goal_request_normalize", "goal_normalize",
    "trends_response_normalize", "consultation_normalize", "create_consultation_request_normalize",
    "consultation_message_normalize", "insight_view", "goal_suggestion_view", "goal_tip_view",
    "create_goal_request_from_suggestion", "trend_view", "trends_view", "integration_destination",
    "integration_actions", "deep_link_build", "notification_insight", "notification_goal_progress",
    "notification_progress_milestone", "notification_categories", "notification_response",
    # END GENERATED __all__
]


def version() -> str:
    """The loaded library's version, "MAJOR.MINOR.PATCH"."""
    return str(_native.lib.wellness_version().decode())


def abi_version() -> int:
    """The loaded library's ABI version (equal to ABI_VERSION, or the import would have failed)."""
    return int(_native.lib.wellness_abi_version())


def strerror(code: int) -> str:
    """The name of a status code, e.g. "WELLNESS_E_VALIDATION"."""
    return str(_native.lib.wellness_strerror(code).decode())
