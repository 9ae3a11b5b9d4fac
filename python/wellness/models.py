"""The API's models and presentation rules: one function per C call, each
generated from its row of the spec table (`_spec.py`).

Each takes a document (a dict, a TypedDict result of another call, or JSON
text as str / bytes) and returns the library's result, typed. A document that
does not fit raises `ValidationError` whose `path` names the field.
"""

from __future__ import annotations

from typing import Union

from . import _native
# BEGIN GENERATED types (python/tools/generate_bindings.py)
from .types import (Consultation, ConsultationMessage, CreateConsultationRequest, CreateGoalRequest, Goal,
                    GoalRequestFromSuggestion, GoalSuggestion, GoalSuggestionsResponse, GoalSuggestionView, GoalTip,
                    GoalTipsResponse, GoalTipView, Insight, InsightResponse, InsightsListResponse, InsightUpdateRequest,
                    InsightView, JSONInput, Pagination, TrendsResponse, TrendsView, TrendView, TrendViewRequest)
# END GENERATED types

__all__ = [
    # BEGIN GENERATED __all__ (python/tools/generate_bindings.py)
    "insight_normalize", "insight_response_normalize", "insights_list_response_normalize", "pagination_normalize",
    "insight_update_request_normalize", "goal_suggestion_normalize", "goal_suggestions_response_normalize",
    "goal_tip_normalize", "goal_tips_response_normalize", "create_goal_request_normalize", "goal_normalize",
    "trends_response_normalize", "consultation_normalize", "create_consultation_request_normalize",
    "consultation_message_normalize", "insight_view", "goal_suggestion_view", "goal_tip_view",
    "create_goal_request_from_suggestion", "trend_view", "trends_view",
    # END GENERATED __all__
]


# BEGIN GENERATED wrappers: written by python/tools/generate_bindings.py from _spec.py; edit the table, then run it.

def insight_normalize(insight: JSONInput) -> Insight:
    """Validates an insight and returns it canonical: every optional key present (None when absent),
    timestamps in UTC (`...Z`), unknown keys dropped."""
    result: Insight = _native.one_document("insight_normalize", insight)
    return result


def insight_response_normalize(response: JSONInput) -> InsightResponse:
    """Validates `{success, data: insight}` as GET and PATCH /insights/{id} return it."""
    result: InsightResponse = _native.one_document("insight_response_normalize", response)
    return result


def insights_list_response_normalize(response: JSONInput) -> InsightsListResponse:
    """Validates a page of insights with its pagination; errors name the insight:
    `data.insights[1].insight_type`."""
    result: InsightsListResponse = _native.one_document("insights_list_response_normalize", response)
    return result


def pagination_normalize(pagination: JSONInput) -> Pagination:
    """Validates a pagination object: page and page_size >= 1, counts >= 0."""
    result: Pagination = _native.one_document("pagination_normalize", pagination)
    return result


def insight_update_request_normalize(request: JSONInput) -> InsightUpdateRequest:
    """Validates a PATCH body (is_read / is_favorite / is_archived, at least one); only the keys
    given are in the result."""
    result: InsightUpdateRequest = _native.one_document("insight_update_request_normalize", request)
    return result


def goal_suggestion_normalize(suggestion: JSONInput) -> GoalSuggestion:
    """Validates a goal suggestion: difficulty 1-5, estimated_duration 0-36500 days."""
    result: GoalSuggestion = _native.one_document("goal_suggestion_normalize", suggestion)
    return result


def goal_suggestions_response_normalize(response: JSONInput) -> GoalSuggestionsResponse:
    """Validates the goal suggestions response; `count` must match the suggestions."""
    result: GoalSuggestionsResponse = _native.one_document("goal_suggestions_response_normalize", response)
    return result


def goal_tip_normalize(tip: JSONInput) -> GoalTip:
    """Validates a goal tip: a non-empty tip, optional category and priority."""
    result: GoalTip = _native.one_document("goal_tip_normalize", tip)
    return result


def goal_tips_response_normalize(response: JSONInput) -> GoalTipsResponse:
    """Validates the goal tips response; `count` must match the tips."""
    result: GoalTipsResponse = _native.one_document("goal_tips_response_normalize", response)
    return result


def create_goal_request_normalize(request: JSONInput) -> CreateGoalRequest:
    """Validates a POST /goals body; dates stay dates and timestamps timestamps."""
    result: CreateGoalRequest = _native.one_document("create_goal_request_normalize", request)
    return result


def goal_normalize(goal: JSONInput) -> Goal:
    """Validates a goal as the Goals API returns it (status active, paused, completed or abandoned)."""
    result: Goal = _native.one_document("goal_normalize", goal)
    return result


def trends_response_normalize(response: Union[TrendsResponse, JSONInput]) -> TrendsResponse:
    """Validates a longevity trends response: weekly, monthly and yearly buckets."""
    result: TrendsResponse = _native.one_document("trends_response_normalize", response)
    return result


def consultation_normalize(consultation: JSONInput) -> Consultation:
    """Validates a consultation; camelCase personas are normalised to snake_case."""
    result: Consultation = _native.one_document("consultation_normalize", consultation)
    return result


def create_consultation_request_normalize(request: JSONInput) -> CreateConsultationRequest:
    """Validates the body that starts a consultation; an insight or goal context needs its
    `context_id`."""
    result: CreateConsultationRequest = _native.one_document("create_consultation_request_normalize", request)
    return result


def consultation_message_normalize(message: JSONInput) -> ConsultationMessage:
    """Validates a consultation message (role user or assistant)."""
    result: ConsultationMessage = _native.one_document("consultation_message_normalize", message)
    return result


def insight_view(insight: JSONInput) -> InsightView:
    """An insight's display fields: type name, icon, colour, numbered action steps, metric cards,
    and whether it offers "Create Goal"."""
    result: InsightView = _native.one_document("insight_view", insight)
    return result


def goal_suggestion_view(suggestion: JSONInput) -> GoalSuggestionView:
    """A suggestion's difficulty label and colour, duration text ("3 months"), goal-type icon and
    target text ("10000 steps")."""
    result: GoalSuggestionView = _native.one_document("goal_suggestion_view", suggestion)
    return result


def goal_tip_view(tip: JSONInput) -> GoalTipView:
    """A tip's priority level, label and colour, and its category's label and icon."""
    result: GoalTipView = _native.one_document("goal_tip_view", tip)
    return result


def create_goal_request_from_suggestion(request: Union[GoalRequestFromSuggestion, JSONInput]) -> CreateGoalRequest:
    """The POST /goals body for `{"suggestion", "now"?, "time_zone"?}`: start now, target after
    `estimated_duration` calendar days in the zone (same wall-clock time across DST). `now` may be
    an aware datetime."""
    result: CreateGoalRequest = _native.one_document("create_goal_request_from_suggestion", request)
    return result


def trend_view(request: Union[TrendViewRequest, JSONInput]) -> TrendView:
    """The Score screen's label, formatted value, colour, message and chart rule for `{"period":
    "weekly"|"monthly"|"yearly", "bucket": TrendBucket}`."""
    result: TrendView = _native.one_document("trend_view", request)
    return result


def trends_view(response: Union[TrendsResponse, JSONInput]) -> TrendsView:
    """trend_view for each period of a trends response (as Client.trends() returns it)."""
    result: TrendsView = _native.one_document("trends_view", response)
    return result


# END GENERATED wrappers
