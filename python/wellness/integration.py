"""The cross-feature rules (docs/INTEGRATION.md): where each action
leads, which actions a screen offers, `fitiq://` deep links, and the
notifications that connect insights, goals and consultations.

Each function takes one document (a dict, or JSON text as str / bytes) and
returns the library's result, typed. A request that does not fit raises
`ValidationError` whose `path` names the field.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Union, cast

from . import _native
from .types import DeepLinkParseResult
# BEGIN GENERATED types (python/tools/generate_bindings.py)
from .types import (ActionsResult, DeepLinkBuildResult, DestinationResult, JSONInput, NotificationCategories,
                    NotificationRequest, NotificationRoute, ProgressMilestone)
# END GENERATED types

__all__ = [
    "deep_link_parse",
    # BEGIN GENERATED __all__ (python/tools/generate_bindings.py)
    "integration_destination", "integration_actions", "deep_link_build", "notification_insight",
    "notification_goal_progress", "notification_progress_milestone", "notification_categories", "notification_response",
    # END GENERATED __all__
]


def deep_link_parse(link: Union[str, Mapping[str, Any], bytes],
                    scheme: Optional[str] = None) -> DeepLinkParseResult:
    """Reads a deep link: its URL (`deep_link_parse("fitiq://goals?id=g1&action=tips")`,
    with the app's `scheme` when it is not "fitiq"), or the request document
    `{"url": ..., "scheme"?: ...}` as a dict or JSON text. A URL that gives no
    link is not an error: `link` is None and `reason` says why ("too_long",
    "malformed", "other_scheme", "unknown_host")."""
    if isinstance(link, str) and not link.lstrip().startswith("{"):
        link = {"url": link} if scheme is None else {"url": link, "scheme": scheme}
    elif scheme is not None:
        raise TypeError("scheme goes with a URL; put it in the request document instead")
    return cast(DeepLinkParseResult, _native.one_document("deep_link_parse", link))


# BEGIN GENERATED wrappers: written by python/tools/generate_bindings.py from _spec.py; edit the table, then run it.

def integration_destination(request: JSONInput) -> DestinationResult:
    """Where the guide's coordinator navigates: `{"insight" | "goal" | "consultation": <model>,
    "intent": "create_goal" | "discuss" | "tips" | "detail" | "view_insights" | "my_goals"}`. An
    insight's create_goal carries its first suggestion (destination None when it has none)."""
    result: DestinationResult = _native.one_document("integration_destination", request)
    return result


def integration_actions(request: JSONInput) -> ActionsResult:
    """The contextual actions of an insight, goal or consultation, in the guide's order, each with
    title, SF Symbol icon, colour and destination: `{"goal": <goal>, "surface": "quick_actions" |
    "detail" | "notification"}`. "Create Goal" is offered only when a suggestion mentions "goal" or
    "target"."""
    result: ActionsResult = _native.one_document("integration_actions", request)
    return result


def deep_link_build(request: JSONInput) -> DeepLinkBuildResult:
    """The canonical URL of a link: `{"link": {"kind": "goal_tips", "goal_id": "g1"}, "scheme"?:
    "fitiq"}`; `deep_link_parse` of that URL gives the link back."""
    result: DeepLinkBuildResult = _native.one_document("deep_link_build", request)
    return result


def notification_insight(request: JSONInput) -> NotificationRequest:
    """The "New AI Insight" notification of `{"insight": <insight>}` (identifier `insight_<id>`,
    category INSIGHT_CATEGORY, user info with insightId and hasGoalSuggestion)."""
    result: NotificationRequest = _native.one_document("notification_insight", request)
    return result


def notification_goal_progress(request: JSONInput) -> NotificationRequest:
    """The "Goal Progress Update" notification of `{"goal": <goal>, "progress": 0.5}`: "<title> is
    50% complete! Need tips?" (the percentage truncated)."""
    result: NotificationRequest = _native.one_document("notification_goal_progress", request)
    return result


def notification_progress_milestone(request: JSONInput) -> ProgressMilestone:
    """Whether `{"goal", "previous_progress", "progress"}` crossed 25, 50, 75 or 100 %, and the
    progress notification to show (None when nothing was crossed)."""
    result: ProgressMilestone = _native.one_document("notification_progress_milestone", request)
    return result


def notification_categories(request: Optional[JSONInput] = None) -> NotificationCategories:
    """The two notification categories with their actions (CREATE_GOAL, DISCUSS_INSIGHT; GET_TIPS,
    CHAT_GOAL). The request is `{}` (the default)."""
    result: NotificationCategories = _native.one_document("notification_categories", {} if request is None else request)
    return result


def notification_response(request: JSONInput) -> NotificationRoute:
    """Routes a tapped notification action: `{"action": "GET_TIPS", "user_info": {...}, "scheme"?}`
    gives the deep link, its URL and the destination (all None when the guide does nothing)."""
    result: NotificationRoute = _native.one_document("notification_response", request)
    return result


# END GENERATED wrappers
