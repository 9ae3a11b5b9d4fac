"""The API client: a `wellness_client` handle and the API's operations."""

from __future__ import annotations

import ctypes
import datetime
import json
import os
import queue
import sys
import threading
from typing import (Any, Callable, Dict, Generic, Iterator, List, Literal, Mapping, Optional, Sequence, Tuple, TypeVar,
                    Union, cast)

from . import _native
from .analytics import Analytics
from .types import (AcceptedProposal, Chart, ChartOptions, CoachProposal, Consultation, ConsultationMessage,
                    ConsultationsPage, ContextType, CreateGoalRequest, Dashboard, DestinationResult, Goal, GoalStatus,
                    GoalSuggestion, GoalSuggestions, GoalsPage, GoalTips, Insight, InsightsPage, InsightType, Interval,
                    IntervalPreference, JSONInput, JSONSamples,
                    GoalUpdate, Persona, SeriesOptions, SeriesReport, SuggestedActions, TrendsResponse, QueuedWrite,
                    SyncReport, PendingList, FailedList, MessagesList, CancelResult, OfflineStamped, StreamDelta,
                    StreamDone, StreamEvent, StreamReset, Workout, WorkoutsPage, WorkoutsStored)
from .types import DailyMetricsPage, DailyMetricsStored, Profile
from .types import AccountErasure, LocalErasure

__all__ = ["Client", "OfflineClient", "TokenProvider", "Progress"]

#: `provider(refresh)` returns the bearer token; refresh is True after the API answered 401.
TokenProvider = Callable[[bool], Optional[str]]
#: `progress(pages_fetched, total_pages)`; returning False stops early.
Progress = Callable[[int, int], Optional[bool]]
SortBy = Literal["created_at", "generated_at", "updated_at"]
SortOrder = Literal["asc", "desc"]


_C = TypeVar("_C", bound="_Client[Any, Any, Any, Any, Any, Any, Any]")
# What each write returns: the model (Client), or the model or a QueuedWrite (OfflineClient).
_InsightOut = TypeVar("_InsightOut")
_DeletedOut = TypeVar("_DeletedOut")
_GoalOut = TypeVar("_GoalOut")
_GoalUpdateOut = TypeVar("_GoalUpdateOut")
_ConsultationOut = TypeVar("_ConsultationOut")
_MessagesOut = TypeVar("_MessagesOut")
_StoredOut = TypeVar("_StoredOut")
#: A bound of list_workouts: an RFC 3339 instant, a date (its whole day in the profile's time zone), or an
#: aware datetime.
DateBound = Union[str, datetime.date, datetime.datetime]


class _Client(Generic[_InsightOut, _DeletedOut, _GoalOut, _GoalUpdateOut, _ConsultationOut, _MessagesOut,
                      _StoredOut]):
    """What `Client` and `OfflineClient` share: the handle, the reads, the
    writes (typed by the subclass) and the local store. A client of the
    WellnessKit API (insights, goals AI, goals, trends, consultations, workouts).

    Thread-safe: one client may serve many threads. Close it (or use it as a
    context manager) to release its connections. Every failure raises a
    `WellnessError` subclass: `UnauthorizedError` (401), `NotFoundError`
    (404), `RateLimitedError` (429, with `retry_after`), `NetworkError`,
    `WellnessTimeoutError`, `HTTPError`, `InvalidResponseError`, `DecodingError`.
    """

    #: The C handle; None before the constructor succeeds and after close().
    _handle: Optional[int] = None
    #: Offline mode (OfflineClient): a class's write methods are typed for it.
    _offline = False
    _store_key: Optional[str] = None

    def __init__(self, base_url: str, api_key: Optional[str] = None, token: Optional[str] = None,
                 token_provider: Optional[TokenProvider] = None, *, timeout: Optional[float] = None,
                 ai_timeout: Optional[float] = None, max_retries: Optional[int] = None,
                 initial_backoff: Optional[float] = None, max_backoff: Optional[float] = None,
                 cache_directory: Union[str, "os.PathLike[str]", Literal[False], None] = None,
                 dashboard_max_age: Optional[float] = None, link_scheme: Optional[str] = None,
                 store_directory: Union[str, "os.PathLike[str]", Literal[False], None] = None) -> None:
        """Connects to `base_url` ("http://127.0.0.1:8080") with an API key, a
        bearer token, or a `token_provider(refresh)` asked before each request.

        timeout: seconds per operation (default 10); ai_timeout: for
        suggestions, tips and coach replies (default 30); max_retries after
        connection errors and 5xx (default 2), with backoff doubling from
        initial_backoff (0.5 s) to max_backoff (5 s); cache_directory: where
        goal suggestions are cached (default ~/.cache/wellnesskit; False: no cache);
        dashboard_max_age: seconds a loaded dashboard is reused (default 300);
        link_scheme: the scheme of the deep links built (default "fitiq");
        store_directory: the local store, for per-goal interval preferences
        (default ~/.local/share/wellnesskit; False: none).
        A bad setting raises ValidationError naming it.
        """
        self._handle: Optional[int] = None
        self._provider: Any = None
        self._analytics: Optional[Analytics] = None
        config: Dict[str, Any] = {
            "base_url": base_url, "api_key": api_key, "token": token,
            "token_provider": True if token_provider else None,
            "timeout": timeout, "ai_timeout": ai_timeout, "max_retries": max_retries,
            "initial_backoff": initial_backoff, "max_backoff": max_backoff,
            "cache_directory": cache_directory if cache_directory is False or cache_directory is None
            else os.fspath(cache_directory),
            "host": f"python/{sys.version_info.major}.{sys.version_info.minor}",
            "dashboard_max_age": dashboard_max_age, "link_scheme": link_scheme,
            "store_directory": store_directory if store_directory is False or store_directory is None
            else os.fspath(store_directory),
            "offline": True if self._offline else None, "store_key": self._store_key,
        }
        payload = _native.encode({key: value for key, value in config.items() if value is not None})
        handle = ctypes.c_void_p()
        _native.call(_native.lib.wellness_client_new, payload, len(payload), ctypes.byref(handle), result=False)
        self._handle = handle.value
        if token_provider:
            self._install_provider(token_provider)

    def _install_provider(self, provider: TokenProvider) -> None:
        def supply(_: Any, refresh: int, buffer: int, capacity: int) -> int:
            token = (provider(bool(refresh)) or "").encode()
            if not token or len(token) >= capacity:
                return 0
            ctypes.memmove(buffer, token + b"\0", len(token) + 1)
            return len(token)

        # Kept on the instance: the C side calls it for as long as the client lives.
        self._provider = _native.TOKEN_PROVIDER(supply)
        _native.call(_native.lib.wellness_client_set_token_provider, self._handle, self._provider, None, result=False)

    def set_analytics(self, analytics: Optional["Analytics"]) -> None:
        """Attaches an `Analytics` queue (None detaches it): the client then emits
        the analytics events when its calls succeed (get_insight: viewed;
        update_insight favouriting / archiving; create_consultation:
        consultation_started; goal_tips: goal_ai_usage tips). Never blocks or
        fails a call; the queue may be closed while attached."""
        handle = analytics._live() if analytics is not None else None
        _native.call(_native.lib.wellness_client_set_analytics, self._handle, handle, result=False)
        self._analytics = analytics

    def close(self) -> None:
        """Releases the client; later calls raise InvalidArgumentError."""
        if self._handle:
            _native.lib.wellness_client_free(self._handle)
            self._handle = None

    def __enter__(self: _C) -> _C:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()

    def _call(self, name: str, params: Mapping[str, Any]) -> Any:
        payload = _native.encode(params)
        function = getattr(_native.lib, "wellness_client_" + name)
        return _native.call(function, self._handle, payload, len(payload))

    # Insights

    def list_insights(self, *, insight_type: Optional[InsightType] = None, read_status: Optional[bool] = None,
                      favorites_only: bool = False, archived_status: Optional[bool] = False,
                      sort_by: SortBy = "created_at", sort_order: SortOrder = "desc", page: int = 1,
                      page_size: int = 20) -> InsightsPage:
        """One page of insights, newest first by default.

        read_status: only unread (False) or read (True) ones; favorites_only;
        archived_status: False (the default) lists unarchived insights, True
        archived ones, None both; page from 1, page_size 1-100.
        """
        return cast(InsightsPage, self._call("list_insights", _insight_query(
            insight_type, read_status, favorites_only, archived_status, sort_by, sort_order, page, page_size)))

    def list_all_insights(self, progress: Optional[Progress] = None, *, insight_type: Optional[InsightType] = None,
                          read_status: Optional[bool] = None, favorites_only: bool = False,
                          archived_status: Optional[bool] = False, sort_by: SortBy = "created_at",
                          sort_order: SortOrder = "desc", page_size: int = 20,
                          max_pages: int = 100) -> List[Insight]:
        """Every insight matching the filters (as list_insights), following pages
        up to `max_pages`; `progress(fetched, total)` returning False stops early."""
        def report(_: Any, fetched: int, total: int) -> int:
            return 0 if progress is None or progress(fetched, total) is not False else 1

        callback = _native.PROGRESS(report)
        query = _insight_query(insight_type, read_status, favorites_only, archived_status, sort_by, sort_order, 1,
                               page_size)
        payload = _native.encode({**query, "max_pages": max_pages})
        result = _native.call(_native.lib.wellness_client_list_all_insights, self._handle, payload, len(payload),
                              callback, None)
        return cast(List[Insight], result["insights"])

    def get_insight(self, insight_id: str) -> Insight:
        """The insight with this id; NotFoundError when there is none."""
        return cast(Insight, self._call("get_insight", {"id": insight_id}))

    # Goals AI and goals

    def goal_suggestions(self, refresh: bool = False, insight_ids: Optional[List[str]] = None) -> GoalSuggestions:
        """3 to 5 AI goal suggestions and their `source` ("network", "cache" or
        "offline_cache"): cached 24 h per user, served from the cache whatever
        its age when the API cannot be reached; refresh=True asks the API.
        With `insight_ids`, suggestions based on those insights (never cached)."""
        params: Dict[str, Any] = {"refresh": refresh}
        if insight_ids:
            params["insight_ids"] = list(insight_ids)
        return cast(GoalSuggestions, self._call("goal_suggestions", params))

    def accept_proposal(self, proposal: Union[CoachProposal, Mapping[str, Any]]) -> AcceptedProposal:
        """Applies a coach's proposal (a reply's "proposals" item) through the goals API."""
        return cast(AcceptedProposal, self._call("accept_proposal", proposal))

    def goal_tips(self, goal_id: str) -> GoalTips:
        """The AI tips for a goal: `{"tips", "goal_id", "goal_title", "count"}`."""
        return cast(GoalTips, self._call("goal_tips", {"goal_id": goal_id}))

    def get_goal(self, goal_id: str) -> Goal:
        """The goal with this id; NotFoundError when there is none."""
        return cast(Goal, self._call("get_goal", {"id": goal_id}))

    def list_goals(self, status: Optional[GoalStatus] = None, page: int = 1, page_size: int = 20) -> GoalsPage:
        """One page of goals, newest first, optionally only those with `status`."""
        params: Dict[str, Any] = {"page": page, "page_size": page_size}
        if status is not None:
            params["status"] = status
        return cast(GoalsPage, self._call("list_goals", params))

    # Workouts (docs/SERVER.md "Workouts")

    def list_workouts(self, *, from_: Optional[DateBound] = None, to: Optional[DateBound] = None, page: int = 1,
                      page_size: int = 20) -> WorkoutsPage:
        """One page of the user's workouts, oldest first, their starts within
        `from_` and `to` (both included; a date stands for its whole day in the
        profile's time zone).
        ValidationError names a bound that is neither an instant nor a date."""
        params = _present(to=to, page=page, page_size=page_size)
        if from_ is not None:
            params["from"] = from_
        return cast(WorkoutsPage, self._call("list_workouts", params))

    # Trends

    def trends(self, refresh: bool = False) -> TrendsResponse:
        """The longevity trends; fetched once per client and reused (switching
        period never refetches), refresh=True fetches again."""
        trends, _ = self.trends_with_stamp(refresh)
        return trends

    def trends_with_stamp(self, refresh: bool = False) -> "tuple[TrendsResponse, Optional[OfflineStamped]]":
        """`trends()` and, when it came from the offline cache, its stamp
        ({"source", "cached_at", "age_seconds"}; None for a fresh answer)."""
        result = self._call("trends", {"refresh": refresh})
        stamp: Optional[OfflineStamped] = None
        if "source" in result:
            stamp = {"source": result.pop("source"), "cached_at": result.pop("cached_at"),
                     "age_seconds": result.pop("age_seconds")}
        return cast(TrendsResponse, result), stamp

    # The AI overview

    def dashboard(self, refresh: bool = False) -> Dashboard:
        """Recent unread insights (5), active goals (10) and active
        consultations (5), loaded at the same time, with the three feature
        cards and the widget entry. A section that fails carries its error
        document (`wellness.errors.error_for(section["error"])` makes it the
        exception) and leaves the others; a complete dashboard is reused for
        `dashboard_max_age` seconds unless refresh=True."""
        return cast(Dashboard, self._call("dashboard", {"refresh": refresh}))

    def suggested_actions(self, now: Optional[Union[str, "datetime.datetime"]] = None, consultation_gap_days: int = 7,
                          refresh: bool = False) -> SuggestedActions:
        """The Smart Suggestions, in this order: "view_insights" (unread
        insights), "get_goal_tips" (active goals whose tips were never fetched
        through this store) and "start_consultation" (none for
        `consultation_gap_days` days). "complete" is False when part of the
        state could not be read; its suggestion is then left out."""
        params: Dict[str, Any] = {"consultation_gap_days": consultation_gap_days, "refresh": refresh}
        if now is not None:
            params["now"] = now
        return cast(SuggestedActions, self._call("suggested_actions", params))

    def navigate(self, request: Mapping[str, Any]) -> DestinationResult:
        """`wellness.integration_destination` for a move the user makes: when
        there is a destination, the attached analytics handle gets
        "ai_feature_transition" from the context's feature to the
        destination's, with the intent as "context". Makes no request."""
        return cast(DestinationResult, self._call("navigate", request))

    # Per-goal chart intervals, kept in the local store

    def interval_preference(self, goal_id: str) -> IntervalPreference:
        """The interval saved for a goal's charts; `interval` None when automatic."""
        return cast(IntervalPreference, self._call("interval_preference", {"goal_id": goal_id}))

    def set_interval_preference(self, goal_id: str, interval: Optional[Interval]) -> IntervalPreference:
        """Saves the interval of a goal's charts; "auto" or None resets it to automatic."""
        return cast(IntervalPreference,
                    self._call("set_interval_preference", {"goal_id": goal_id, "interval": interval}))

    def series_aggregate(self, options: Union[SeriesOptions, JSONInput], samples: JSONSamples) -> SeriesReport:
        """`wellness.series_aggregate`, where options may name a "goal_id": without
        an "interval", that goal's saved interval is used (automatic when none)."""
        return cast(SeriesReport, self._call_two("series_aggregate", options, samples))

    def series_chart(self, options: Union[ChartOptions, JSONInput], samples: JSONSamples) -> Chart:
        """`wellness.series_chart`, with a "goal_id" option as in `series_aggregate`."""
        return cast(Chart, self._call_two("series_chart", options, samples))

    def _call_two(self, name: str, options: Any, samples: Any) -> Any:
        options_payload = _native.encode(options)
        samples_payload = _native.encode(samples, root="samples")
        function = getattr(_native.lib, "wellness_client_" + name)
        return _native.call(function, self._handle, options_payload, len(options_payload), samples_payload,
                            len(samples_payload))

    # Consultations

    def list_consultations(self, is_archived: Optional[bool] = None, page: int = 1,
                           page_size: int = 20) -> ConsultationsPage:
        """One page of consultations, archived or not (None: both)."""
        params: Dict[str, Any] = {"page": page, "page_size": page_size}
        if is_archived is not None:
            params["is_archived"] = is_archived
        return cast(ConsultationsPage, self._call("list_consultations", params))

    def list_messages(self, consultation_id: str) -> MessagesList:
        """A consultation's messages, oldest first."""
        return cast(MessagesList, self._call("list_messages", {"consultation_id": consultation_id}))

    # Writes. Their results are the model for `Client`, and the model or a
    # `QueuedWrite` for `OfflineClient` (the class's type arguments say which).

    def mark_read(self, insight_id: str) -> _InsightOut:
        """Marks the insight read (the server sets `read_at`); returns it updated."""
        return self._update(insight_id, {"is_read": True})

    def set_favorite(self, insight_id: str, favorite: bool) -> _InsightOut:
        """Adds the insight to the favourites, or removes it; returns it updated."""
        return self._update(insight_id, {"is_favorite": favorite})

    def archive(self, insight_id: str) -> _InsightOut:
        """Archives the insight (it leaves the default listing); returns it updated."""
        return self._update(insight_id, {"is_archived": True})

    def unarchive(self, insight_id: str) -> _InsightOut:
        """Brings an archived insight back; returns it updated."""
        return self._update(insight_id, {"is_archived": False})

    def _update(self, insight_id: str, change: Dict[str, bool]) -> _InsightOut:
        """Offline, a `QueuedWrite` when the API cannot be reached; the cached insight reads as changed at once."""
        return cast(_InsightOut, self._call("update_insight", {"id": insight_id, "change": change}))

    def delete_insight(self, insight_id: str) -> _DeletedOut:
        """Deletes the insight (None); NotFoundError when there is none. Offline,
        a `QueuedWrite` when the API cannot be reached."""
        result = self._call("delete_insight", {"id": insight_id})
        return cast(_DeletedOut, result if result.get("queued") else None)

    def post_workouts(self, workouts: Sequence[Union[Workout, Mapping[str, Any]]]) -> _StoredOut:
        """Stores workouts (at most 1,000 a call) and returns {"stored": n}.
        Sending a workout again (same start and activity) stores it once, its
        end and fields replaced. Each is checked as the server checks it: a bad
        one raises ValidationError naming it and the field ("workouts[3].end"),
        and nothing is sent. Offline, a `QueuedWrite` when the API cannot be reached."""
        return cast(_StoredOut, self._call("post_workouts", {"workouts": list(workouts)}))

    def delete_workout(self, workout_id: str) -> _DeletedOut:
        """Deletes the workout (None), also when there is none. Offline, a
        `QueuedWrite` when the API cannot be reached; the cached pages lose it at once."""
        result = self._call("delete_workout", {"id": workout_id})
        return cast(_DeletedOut, result if result.get("queued") else None)

    # Daily metrics and the profile (docs/SERVER.md "Daily metrics", "The user's calendar")

    def post_daily_metrics(self, days: Sequence[Mapping[str, Any]],
                           units: Optional[Mapping[str, str]] = None) -> Union[DailyMetricsStored, QueuedWrite]:
        """Stores daily metrics, each day {"date": "YYYY-MM-DD", "<metric>": number or None, ...}
        (1 to 1,000 days a call), and returns {"stored": n, "deleted": m}. Per day and
        metric an upsert: a value replaces the metric's, None deletes it, metrics left
        out stay. `units` names the unit a documented metric is sent in ({"weight_kg":
        "lb", "sleep_minutes": "h"}), converted by the server. Checked as the server
        checks it: a bad day raises ValidationError naming it and the field
        ("days[3].resting_heart_rate"), and nothing is sent. With OfflineClient, a
        `QueuedWrite` when the API cannot be reached."""
        params: Dict[str, Any] = {"days": [dict(day) for day in days]}
        if units is not None:
            params["units"] = dict(units)
        return cast(Union[DailyMetricsStored, QueuedWrite], self._call("post_daily_metrics", params))

    def list_daily_metrics(self, *, from_: Optional[Union[str, datetime.date]] = None,
                           to: Optional[Union[str, datetime.date]] = None, page: int = 1,
                           page_size: int = 20) -> DailyMetricsPage:
        """One page of the user's days of metrics, oldest first, their dates within
        `from_` and `to` (both included). ValidationError names a bound that is not a date."""
        params = _present(to=_date_text(to), page=page, page_size=page_size)
        if from_ is not None:
            params["from"] = _date_text(from_)
        return cast(DailyMetricsPage, self._call("list_daily_metrics", params))

    def delete_daily_metrics(self, date: Union[str, datetime.date]) -> Optional[QueuedWrite]:
        """Deletes one day's metrics (None), also when there are none. With
        OfflineClient, a `QueuedWrite` when the API cannot be reached."""
        result = self._call("delete_daily_metrics", {"date": _date_text(date)})
        return cast(Optional[QueuedWrite], result if result.get("queued") else None)

    def get_profile(self) -> Profile:
        """The user's profile, with its calendar ("time_zone", "first_weekday": 1 = Sunday ... 7 = Saturday)."""
        return cast(Profile, self._call("get_profile", {}))

    def set_profile(self, profile: Mapping[str, Any]) -> Union[Profile, QueuedWrite]:
        """Sets the profile: "age", "height_cm", "weight_kg" replaced (left out: none);
        "time_zone" (IANA) and "first_weekday" (1-7 or a weekday's name) left out keep
        their stored values, None resets them to UTC and Monday. A zone unknown here
        raises ValidationError naming it. With OfflineClient, a `QueuedWrite` when the
        API cannot be reached."""
        return cast(Union[Profile, QueuedWrite], self._call("set_profile", dict(profile)))

    def create_goal_from_suggestion(self, suggestion: Union[GoalSuggestion, Mapping[str, Any]],
                                    now: Optional[str] = None, time_zone: Optional[str] = None,
                                    insight_id: Optional[str] = None) -> _GoalOut:
        """Accepts a suggestion: creates the goal create_goal_request_from_suggestion
        describes (start now, target after the suggested days in `time_zone`)
        and drops the cached suggestions. Returns the created goal. `insight_id`
        names the insight it comes from (its "insight_action" createdGoal event)."""
        params = _present(suggestion=suggestion, now=now, time_zone=time_zone, insight_id=insight_id)
        return cast(_GoalOut, self._call("create_goal_from_suggestion", params))

    def update_goal(self, goal_id: str, *, current_value: Optional[float] = None, progress: Optional[float] = None,
                    status: Optional[GoalStatus] = None, target_value: Optional[float] = None) -> _GoalUpdateOut:
        """Records progress on a goal (a value, or `progress` as a fraction of
        the target) or changes its status or target. Returns the goal, its
        progress before and after, the 25/50/75/100 % milestones crossed and
        the progress notification of the highest one (None if none). Offline,
        a queued update carries the changed goal as "optimistic" (milestones
        come with the API's answer at sync)."""
        params = _present(id=goal_id, current_value=current_value, progress=progress, status=status,
                          target_value=target_value)
        return cast(_GoalUpdateOut, self._call("update_goal", params))

    def create_goal(self, request: Union[CreateGoalRequest, Mapping[str, Any]]) -> _GoalOut:
        """Creates a goal from a POST /goals body; returns the created goal."""
        return cast(_GoalOut, self._call("create_goal", request))

    def create_consultation(self, persona: Persona, context_type: Optional[ContextType] = None,
                            context_id: Optional[str] = None, title: Optional[str] = None) -> _ConsultationOut:
        """Starts a consultation with a coach persona, about an insight or a goal
        (`context_type` and `context_id`) or in general."""
        params = _present(persona=persona, context_type=context_type, context_id=context_id, title=title)
        return cast(_ConsultationOut, self._call("create_consultation", params))

    def send_message(self, consultation_id: str, content: str) -> _MessagesOut:
        """Sends a message; returns `[sent, reply]`, the coach's reply second."""
        result = self._call("send_message", {"consultation_id": consultation_id, "content": content})
        return cast(_MessagesOut, result if result.get("queued") else result["messages"])

    # The user's account as a whole (docs/SERVER.md, "Data subject requests")

    def export_account(self, path: Union[str, "os.PathLike[str]"]) -> int:
        """Writes everything the server stores about the user to `path` (one JSON
        document, mode 0600, whole or not at all) as it arrives; returns its bytes.

        Raises InvalidResponseError when the download stopped short, ValidationError
        (field "path") when the file cannot be written."""
        return int(self._call("export_account", {"path": os.fspath(path)})["bytes"])

    def erase_account(self, api_key: str) -> AccountErasure:
        """Erases the account and everything stored about it on the server, confirmed
        with one of its API keys (ForbiddenError otherwise, nothing erased), then, in
        offline mode, what the local store keeps for it. The client's credentials are
        refused afterwards (UnauthorizedError)."""
        return cast(AccountErasure, self._call("erase_account", {"api_key": api_key}))

    def send_message_stream(self, consultation_id: str, content: str) -> Iterator[StreamEvent]:
        """Sends a message and yields the coach's reply as it is written:
        `{"event": "delta", "text"}` pieces, `{"event": "reset", "reason"}` when
        the text so far was withdrawn (the deltas after it are the whole reply),
        and last `{"event": "done", "messages": [sent, reply], "count": 2}`, the
        stored messages as `send_message` returns them.

        The call runs on a worker thread; events reach this generator through a
        queue, so the loop body may take its time. Leaving the loop early
        (break, `.close()`, the generator being collected) stops the transfer
        at the server's next event and joins the thread; the server keeps the
        message and its whole reply. Failures raise the typed errors, as
        `send_message`: `NotFoundError` before any event for an unknown
        consultation, `NetworkError` when the stream is cut off. Streaming
        needs the API: an `OfflineClient` raises instead of queueing (call
        `send_message` to queue)."""
        payload = _native.encode({"consultation_id": consultation_id, "content": content})
        events: "queue.Queue[Tuple[str, Any]]" = queue.Queue()
        stop = threading.Event()

        def on_event(_: Any, event: bytes, data: int, length: int) -> int:
            events.put((event.decode(), json.loads(ctypes.string_at(data, length))))
            return 1 if stop.is_set() else 0

        def run() -> None:
            # The ctypes callback lives in this frame for as long as the C call runs.
            callback = _native.STREAM(on_event)
            try:
                result = _native.call(_native.lib.wellness_client_send_message_stream, self._handle, payload,
                                      len(payload), callback, None)
                events.put(("done", result))
            except BaseException as error:  # handed to the generator, which raises it
                events.put(("failed", error))

        worker = threading.Thread(target=run, name="wellness-send-message-stream", daemon=True)
        worker.start()
        try:
            while True:
                kind, data = events.get()
                if kind == "delta":
                    yield StreamDelta(event="delta", text=data["text"])
                elif kind == "reset":
                    yield StreamReset(event="reset", reason=data["reason"])
                elif kind == "done":
                    yield StreamDone(event="done", messages=data["messages"], count=data["count"])
                    return
                elif kind == "failed":
                    raise data
        finally:
            stop.set()
            worker.join()


class Client(_Client[Insight, None, Goal, GoalUpdate, Consultation, List[ConsultationMessage], WorkoutsStored]):
    """A client of the WellnessKit API (insights, goals AI, goals, trends, consultations, workouts).

    Thread-safe: one client may serve many threads. Close it (or use it as a
    context manager) to release its connections. Every failure raises a
    `WellnessError` subclass: `UnauthorizedError` (401), `NotFoundError`
    (404), `RateLimitedError` (429, with `retry_after`), `NetworkError`,
    `WellnessTimeoutError`, `HTTPError`, `InvalidResponseError`, `DecodingError`.
    `OfflineClient` answers from a cache and queues writes instead.
    """


class OfflineClient(_Client[Union[Insight, QueuedWrite], Optional[QueuedWrite], Union[Goal, QueuedWrite],
                            Union[GoalUpdate, QueuedWrite], Union[Consultation, QueuedWrite],
                            Union[List[ConsultationMessage], QueuedWrite], Union[WorkoutsStored, QueuedWrite]]):
    """A client in offline mode (docs/OFFLINE.md): reads are cached in the
    local store and answered from it when the API cannot be reached (network
    error, timeout, 5xx after retries), with "source": "offline_cache",
    "cached_at" and "age_seconds" added; writes that cannot reach it are
    committed to a queue in the store, applied to the cached data at once,
    and return a `QueuedWrite` ({"queued": True, ...}) instead of raising.
    `sync()` delivers them in order, each with its idempotency key.

    Its write methods return `Union[<model>, QueuedWrite]`, which is why it
    is its own class: `Client`'s keep their types.
    """

    _offline = True

    def __init__(self, base_url: str, api_key: Optional[str] = None, token: Optional[str] = None, *,
                 store_key: Optional[str] = None, timeout: Optional[float] = None,
                 ai_timeout: Optional[float] = None, max_retries: Optional[int] = None,
                 initial_backoff: Optional[float] = None, max_backoff: Optional[float] = None,
                 cache_directory: Union[str, "os.PathLike[str]", Literal[False], None] = None,
                 dashboard_max_age: Optional[float] = None, link_scheme: Optional[str] = None,
                 store_directory: Union[str, "os.PathLike[str]", None] = None) -> None:
        """As `Client`, with an API key or token (they name the owner of the
        offline data; a token provider cannot) and a store directory (default
        ~/.local/share/wellnesskit). store_key: base64 of 32 bytes that seals
        the cached answers and queued request bodies with AES-256-GCM (keep it
        in the OS keyring); without it they are stored in clear in the 0600
        store. A bad setting raises ValidationError naming it."""
        self._store_key = store_key
        super().__init__(base_url, api_key, token, timeout=timeout, ai_timeout=ai_timeout, max_retries=max_retries,
                         initial_backoff=initial_backoff, max_backoff=max_backoff, cache_directory=cache_directory,
                         dashboard_max_age=dashboard_max_age, link_scheme=link_scheme,
                         store_directory=store_directory)

    # Offline mode: the outbox (docs/OFFLINE.md)

    def sync(self, limit: Optional[int] = None, wait: Optional[float] = None) -> SyncReport:
        """Replays the queued writes in order, each with its idempotency key, and
        reports each: "delivered"; "failed" (a 404 or other 4xx: moved to
        `failed_writes()`); "deferred" (network error, timeout, 5xx, 429, 401:
        kept with a backoff, and the sync stops there to keep the order).
        limit: at most this many; wait: seconds to wait while another process
        syncs the same queue (default 30; then "busy": True)."""
        params: Dict[str, Any] = {}
        if limit is not None:
            params["limit"] = limit
        if wait is not None:
            params["wait"] = wait
        return cast(SyncReport, self._call("sync", params))

    def pending(self) -> PendingList:
        """The queued writes, oldest first."""
        return cast(PendingList, self._call("pending", {}))

    def cancel_pending(self, pending_id: int) -> CancelResult:
        """Takes a queued write out unsent ("cancelled": False when there is no
        such write); ValidationError while a sync is sending it."""
        return cast(CancelResult, self._call("cancel_pending", {"pending_id": pending_id}))

    def failed_writes(self) -> FailedList:
        """Queued writes the API refused on replay, with the reason, kept until cleared."""
        return cast(FailedList, self._call("failed_writes", {}))

    def clear_failed(self, pending_ids: Optional[List[int]] = None) -> int:
        """Forgets failed writes (those given, else all); returns how many."""
        params: Dict[str, Any] = {} if pending_ids is None else {"pending_ids": pending_ids}
        return int(self._call("clear_failed", params)["cleared"])

    def erase_local_data(self) -> LocalErasure:
        """Deletes everything the local store keeps for this client's user at its
        server (cached answers, queued writes, never sent, and refused writes);
        other users' data stays. `erase_account` does it after a successful erase."""
        return cast(LocalErasure, self._call("erase_local_data", {}))


def _present(**params: Any) -> Dict[str, Any]:
    """The parameters given: those left at None are left out of the request."""
    return {key: value for key, value in params.items() if value is not None}


def _date_text(date: Optional[Union[str, datetime.date]]) -> Optional[str]:
    """A date as the API takes it: "YYYY-MM-DD" (a datetime's own date; text as given)."""
    if isinstance(date, datetime.datetime):
        return date.date().isoformat()
    if isinstance(date, datetime.date):
        return date.isoformat()
    return date


def _insight_query(insight_type: Optional[str], read_status: Optional[bool], favorites_only: bool,
                   archived_status: Optional[bool], sort_by: str, sort_order: str, page: int,
                   page_size: int) -> Dict[str, Any]:
    query: Dict[str, Any] = {"favorites_only": favorites_only, "archived_status": archived_status,
                             "sort_by": sort_by, "sort_order": sort_order, "page": page, "page_size": page_size}
    if insight_type is not None:
        query["insight_type"] = insight_type
    if read_status is not None:
        query["read_status"] = read_status
    return query
