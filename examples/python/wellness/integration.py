"""Seed 004's cross-feature rules (docs/INTEGRATION.md): where each action
leads, which actions a screen offers, `fitiq://` deep links, and the
notifications that connect insights, goals and consultations.

Each function takes one document (a dict, or JSON text as str / bytes) and
returns the library's result, typed. A request that does not fit raises
`ValidationError` whose `path` names the field.
"""

from __future__ import annotations

from typing import Any, Optional, cast

from . import _native
from .types import (ActionsResult, DeepLinkBuildResult, DeepLinkParseResult, DestinationResult, JSONInput,
                    NotificationCategories, NotificationRequest, NotificationRoute, ProgressMilestone)

__all__ = [
    "integration_destination", "integration_actions", "deep_link_parse", "deep_link_build", "notification_insight",
    "notification_goal_progress", "notification_progress_milestone", "notification_categories",
    "notification_response",
]


def _one(name: str, document: Any) -> Any:
    """Calls `wellness_<name>` with one JSON document."""
    payload = _native.encode(document)
    return _native.call(getattr(_native.lib, "wellness_" + name), payload, len(payload))


def integration_destination(request: JSONInput) -> DestinationResult:
    """Where the guide's coordinator navigates: `{"insight" | "goal" |
    "consultation": <model>, "intent": "create_goal" | "discuss" | "tips" |
    "detail" | "view_insights" | "my_goals"}`. An insight's create_goal
    carries its first suggestion (destination None when it has none)."""
    return cast(DestinationResult, _one("integration_destination", request))


def integration_actions(request: JSONInput) -> ActionsResult:
    """The contextual actions of an insight, goal or consultation, in the
    guide's order, each with title, SF Symbol icon, colour and destination:
    `{"goal": <goal>, "surface": "quick_actions" | "detail" | "notification"}`.
    "Create Goal" is offered only when a suggestion mentions "goal" or "target"."""
    return cast(ActionsResult, _one("integration_actions", request))


def deep_link_parse(request: JSONInput) -> DeepLinkParseResult:
    """Reads a deep link: `{"url": "fitiq://goals?id=g1&action=tips", "scheme"?: "fitiq"}`.
    A URL that gives no link is not an error: `link` is None and `reason`
    says why ("too_long", "malformed", "other_scheme", "unknown_host")."""
    return cast(DeepLinkParseResult, _one("deep_link_parse", request))


def deep_link_build(request: JSONInput) -> DeepLinkBuildResult:
    """The canonical URL of a link: `{"link": {"kind": "goal_tips", "goal_id": "g1"}, "scheme"?: "fitiq"}`;
    `deep_link_parse` of that URL gives the link back."""
    return cast(DeepLinkBuildResult, _one("deep_link_build", request))


def notification_insight(request: JSONInput) -> NotificationRequest:
    """The "New AI Insight" notification of `{"insight": <insight>}` (identifier
    `insight_<id>`, category INSIGHT_CATEGORY, user info with insightId and hasGoalSuggestion)."""
    return cast(NotificationRequest, _one("notification_insight", request))


def notification_goal_progress(request: JSONInput) -> NotificationRequest:
    """The "Goal Progress Update" notification of `{"goal": <goal>, "progress": 0.5}`:
    "<title> is 50% complete! Need tips?" (the percentage truncated)."""
    return cast(NotificationRequest, _one("notification_goal_progress", request))


def notification_progress_milestone(request: JSONInput) -> ProgressMilestone:
    """Whether `{"goal", "previous_progress", "progress"}` crossed 25, 50, 75
    or 100 %, and the progress notification to show (None when nothing was crossed)."""
    return cast(ProgressMilestone, _one("notification_progress_milestone", request))


def notification_categories(request: Optional[JSONInput] = None) -> NotificationCategories:
    """The two notification categories with their actions (CREATE_GOAL,
    DISCUSS_INSIGHT; GET_TIPS, CHAT_GOAL). The request is `{}` (the default)."""
    return cast(NotificationCategories, _one("notification_categories", {} if request is None else request))


def notification_response(request: JSONInput) -> NotificationRoute:
    """Routes a tapped notification action: `{"action": "GET_TIPS", "user_info": {...}, "scheme"?}`
    gives the deep link, its URL and the destination (all None when the guide does nothing)."""
    return cast(NotificationRoute, _one("notification_response", request))
