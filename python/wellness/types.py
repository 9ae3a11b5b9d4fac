"""The shapes of what goes into and comes out of wellness, for type checkers and IDEs.

Results are plain dicts and lists at run time (parsed JSON); these TypedDicts
describe them as docs/MODELS.md and docs/SERIES.md define them. Keys that a
result may lack are in a `total=False` part (Python 3.9 has no NotRequired);
keys that are always present but may be null are `Optional[...]`.

Nothing here imports numpy, pandas or polars: `SupportsArray` is any object
with `__array__` (numpy arrays, pandas and polars Series, DatetimeIndex).
"""

from __future__ import annotations

import datetime
from typing import Any, Dict, List, Literal, Mapping, Optional, Protocol, Sequence, TypedDict, Union

__all__ = [
    "JSONText", "JSONObject", "JSONInput", "JSONSamples", "SupportsArray", "TimestampColumn", "ValueColumn",
    "InsightType", "GoalStatus", "Persona", "ContextType", "Period", "Kind", "Interval", "FixedInterval",
    "Weekday", "Average", "TimestampUnit", "SuggestionsSource", "Role",
    "SeriesOptions", "ChartOptions", "TrendsOptions", "TrendViewRequest", "GoalRequestFromSuggestion",
    "DateRange", "MetricsSummary", "DataContext", "Insight", "Pagination", "InsightResponse", "InsightsPage",
    "InsightsListResponse", "InsightUpdateRequest", "GoalSuggestion", "GoalSuggestionsData",
    "GoalSuggestionsResponse", "GoalSuggestions", "GoalTip", "GoalTips", "GoalTipsResponse", "CreateGoalRequest",
    "Goal", "GoalsPage", "Workout", "WorkoutsPage", "WorkoutsStored", "TrendPoint", "TrendBucket", "TrendsResponse",
    "Consultation", "CreateConsultationRequest",
    "ConsultationMessage", "ConsultationsPage", "ActionStep", "MetricCard", "InsightView", "GoalSuggestionView",
    "GoalTipView", "TrendView", "TrendsView", "SeriesBucket", "StreakRun", "Streaks", "SeriesReport",
    "ChartColors", "ChartTickStep", "ChartLine", "ChartGradient", "ChartXAxis", "ChartYAxis", "ChartPoint", "ChartSpec",
    "Chart", "Statistic", "GroundingFact", "GroundingMatchKind", "MentionKind", "GroundingMatch", "GroundingNumber",
    "GroundingResult",
    "ErrorDocument", "GroupSettings", "GroupSettingColumns", "SupportsColumns", "GroupedSeriesOptions",
    "SkippedGroup",
    "DashboardInsights", "DashboardGoals",
    "DashboardConsultations", "FeatureCard", "DashboardWidget",
    "Dashboard", "IntervalPreference", "UpdateGoalRequest", "CoachProposal", "GoalUpdate", "AcceptedProposal",
    "SuggestedGoal", "SuggestedAction", "SuggestedActions",
    "Intent", "Surface", "DestinationKind", "Destination", "DestinationResult", "ContextualAction", "ActionsResult",
    "DeepLinkKind", "DeepLinkRejection", "DeepLink", "DeepLinkParseResult", "DeepLinkBuildResult",
    "NotificationRequest", "ProgressMilestone", "NotificationAction", "NotificationCategory",
    "NotificationCategories", "NotificationRoute", "EventName", "AnalyticsEvent", "MetricRatio", "AnalyticsMetrics",
    "AnalyticsStats", "OfflineStamped", "QueuedWrite", "SyncItem", "SyncReport", "PendingWrite", "PendingList",
    "DailyMetricsStored", "DailyMetricsPage", "Profile",
    "FailedWrite", "FailedList", "MessagesList", "CancelResult",
    "StreamDelta", "StreamReset", "StreamDone", "StreamEvent",
    "QueryTable", "QueryOperator", "QueryReducer", "QueryWeekday", "QueryWindowName", "QueryCondition", "QueryDocument",
    "QueryResult", "QueryTableSummary", "QueryTablesSummary", "QuestionAnswer", "DataQueryRecord",
]

# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------

#: JSON text, passed to the library as it is.
JSONText = Union[str, bytes, bytearray, memoryview]
#: A JSON object as Python builds it (a dict, or a TypedDict result of another call).
JSONObject = Mapping[str, Any]
#: Any document a call takes: an object, or its JSON text. Strings inside may
#: also be `datetime` (aware) and `date` objects, written as RFC 3339 / YYYY-MM-DD.
JSONInput = Union[JSONObject, JSONText]
#: A JSON array of samples or entries, or its text.
JSONSamples = Union[Sequence[Mapping[str, Any]], JSONText]


class SupportsArray(Protocol):
    """Anything numpy can read as an array: ndarray, pandas Series / Index, polars Series."""

    def __array__(self) -> Any: ...


#: Timestamps: epoch seconds or milliseconds (int64 read in place), float
#: seconds, numpy datetime64, pandas datetimes (tz-aware or naive = UTC),
#: polars Datetime, or aware `datetime` objects.
TimestampColumn = Union[SupportsArray, Sequence[int], Sequence[float], Sequence[datetime.datetime]]
#: Values: float64 (read in place), other numbers, or booleans (0 / 1).
ValueColumn = Union[SupportsArray, Sequence[float], Sequence[bool]]

InsightType = Literal["daily", "weekly", "milestone", "pattern"]
GoalStatus = Literal["active", "paused", "completed", "abandoned"]
Persona = Literal["general_wellness", "wellness_specialist", "nutritionist", "fitness_coach", "sleep_coach"]
ContextType = Literal["general", "insight", "goal"]
Period = Literal["weekly", "monthly", "yearly"]
Statistic = Literal["count", "sum", "average", "min", "max", "first", "last", "median", "p01", "p05", "p10", "p25",
                    "p75", "p90", "p95", "p99", "stddev"]
Kind = Literal["numeric", "boolean", "snapshot"]
FixedInterval = Literal["day", "week", "month", "quarter", "half", "year"]
Interval = Literal["auto", "day", "week", "month", "quarter", "half", "year"]
Weekday = Literal["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
Average = Literal["samples", "daily_means"]
TimestampUnit = Literal["s", "ms"]
SuggestionsSource = Literal["network", "cache", "offline_cache"]
Role = Literal["user", "assistant"]


class SeriesOptions(TypedDict, total=False):
    """The options of the time-series calls (include/wellness.h); every key optional."""

    kind: Kind
    interval: Interval
    time_zone: str
    #: 1-7 (1 = Sunday) or a weekday name; Monday by default.
    first_weekday: Union[int, Weekday]
    average: Average
    include_empty: bool
    #: YYYY-MM-DD, the day the current streak runs to.
    today: Union[str, datetime.date]
    #: Of integer timestamp columns; "s" by default.
    timestamp_unit: TimestampUnit
    #: A numeric bucket's statistics, in this order (docs/SERIES.md, "Statistics");
    #: by default count, average, min and max.
    statistics: List[Statistic]


class GroupSettings(TypedDict, total=False):
    """One group's own settings in series_aggregate_groups' "groups"."""

    group: int
    time_zone: str
    first_weekday: Union[int, Weekday]


class GroupSettingColumns(TypedDict, total=False):
    """Groups' own settings as columns, one item per group (lists, numpy
    arrays, pandas or polars Series); a missing item sets nothing."""

    group: Union[SupportsArray, Sequence[int]]
    time_zone: Union[SupportsArray, Sequence[Optional[str]]]
    first_weekday: Union[SupportsArray, Sequence[Optional[Union[int, Weekday]]]]


class SupportsColumns(Protocol):
    """A pandas or polars DataFrame: its columns by name."""

    @property
    def columns(self) -> Any: ...

    def to_dict(self, *args: Any, **kwargs: Any) -> Any: ...


class GroupedSeriesOptions(SeriesOptions, total=False):
    """series_aggregate_groups' options: the series options every group shares, plus these."""

    #: Each listed group's time zone and first weekday, as rows or as columns (a frame's too).
    groups: Union[List[GroupSettings], GroupSettingColumns, SupportsColumns]
    #: Threads that aggregate groups at once, the calling thread included (1-256, default 1).
    threads: int
    #: "fail" (default): a bad row fails the call; "skip": its group is left out and reported.
    on_error: Literal["fail", "skip"]


class SkippedGroup(TypedDict):
    """A group series_aggregate_groups left out ("on_error": "skip")."""

    group: int
    #: The caller's row at fault, when the error names one.
    row: Optional[int]
    error: "ErrorDocument"


class ChartOptions(SeriesOptions, total=False):
    """series_chart's options: the series options plus the drawing's."""

    width: int
    height: int
    title: str
    unit: str
    theme: Literal["light", "dark"]
    #: The statistic a numeric chart draws: "average" (default), "sum" for totals, ...
    plot: Statistic


class TrendsOptions(TypedDict, total=False):
    """longevity_trends' options."""

    today: Union[str, datetime.date]
    time_zone: str


# ---------------------------------------------------------------------------
# Insights
# ---------------------------------------------------------------------------

class DateRange(TypedDict):
    start_date: str
    end_date: str


class MetricsSummary(TypedDict):
    workouts: Optional[int]
    calories: Optional[float]
    steps: Optional[int]
    sleep_hours: Optional[float]
    mood_score: Optional[float]


class DataContext(TypedDict):
    date_range: Optional[DateRange]
    metrics: Optional[MetricsSummary]
    goals: Optional[List[str]]
    achievements: Optional[List[str]]


class OfflineStamped(TypedDict, total=False):
    """Keys an answer from the offline cache carries besides its own (offline
    mode, the API unreachable); a fresh answer has none of them."""

    source: Literal["offline_cache"]
    #: RFC 3339: when the API gave the answer.
    cached_at: str
    age_seconds: int


class Insight(OfflineStamped):
    """An AI insight; timestamps are UTC RFC 3339 strings ("2025-01-15T08:30:00.5Z")."""

    id: str
    user_id: str
    insight_type: InsightType
    title: str
    content: str
    summary: Optional[str]
    suggestions: Optional[List[str]]
    data_context: Optional[DataContext]
    is_read: bool
    is_favorite: bool
    is_archived: bool
    generated_at: str
    read_at: Optional[str]
    archived_at: Optional[str]
    created_at: str
    updated_at: str


class Pagination(TypedDict):
    page: int
    page_size: int
    total_pages: int
    total_count: int
    has_next: bool
    has_prev: bool


class InsightResponse(TypedDict):
    success: bool
    data: Insight


class InsightsPage(OfflineStamped):
    insights: List[Insight]
    pagination: Pagination


class InsightsListResponse(TypedDict):
    success: bool
    data: InsightsPage


class InsightUpdateRequest(TypedDict, total=False):
    """Only the keys that change are present (at least one)."""

    is_read: bool
    is_favorite: bool
    is_archived: bool


# ---------------------------------------------------------------------------
# Goals AI and goals
# ---------------------------------------------------------------------------

class GoalSuggestion(TypedDict):
    title: str
    description: str
    goal_type: str
    target_value: Optional[float]
    target_unit: Optional[str]
    rationale: str
    #: Days, 0-36500; None for an ongoing goal.
    estimated_duration: Optional[int]
    #: 1-5.
    difficulty: int


class GoalSuggestionsData(TypedDict):
    suggestions: List[GoalSuggestion]
    count: int


class GoalSuggestionsResponse(TypedDict):
    success: bool
    data: GoalSuggestionsData


class GoalSuggestions(TypedDict):
    """Client.goal_suggestions(): where they came from, too."""

    suggestions: List[GoalSuggestion]
    count: int
    source: SuggestionsSource


class GoalTip(TypedDict):
    tip: str
    category: Optional[str]
    priority: Optional[str]


class GoalTips(TypedDict):
    tips: List[GoalTip]
    goal_id: str
    goal_title: str
    count: int


class GoalTipsResponse(TypedDict):
    success: bool
    data: GoalTips


class CreateGoalRequest(TypedDict):
    """A POST /goals body; `start_date` / `target_date` are dates or timestamps."""

    title: str
    description: Optional[str]
    goal_type: str
    target_value: Optional[float]
    target_unit: Optional[str]
    start_date: str
    target_date: Optional[str]
    is_recurring: bool
    frequency: Optional[str]


class Goal(OfflineStamped):
    id: str
    user_id: str
    title: str
    description: Optional[str]
    goal_type: str
    target_value: Optional[float]
    target_unit: Optional[str]
    current_value: Optional[float]
    start_date: str
    target_date: Optional[str]
    is_recurring: bool
    frequency: Optional[str]
    status: GoalStatus
    created_at: str
    updated_at: str


class GoalsPage(OfflineStamped):
    goals: List[Goal]
    pagination: Pagination


class _WorkoutMembers(TypedDict):
    #: RFC 3339 (UTC in answers); a workout to send may give epoch seconds or an aware datetime.
    start: Union[str, float, datetime.datetime]
    #: Not before start.
    end: Union[str, float, datetime.datetime]
    #: 1 to 100 characters ("Outdoor Run").
    activity: str


class Workout(_WorkoutMembers, total=False):
    """One workout (docs/SERVER.md "Workouts"): a session of the data queries.
    Besides start, end and activity, numeric fields by name (at most 32,
    `[a-z_][a-z0-9_]*`): the standard ones below, with their units; others
    are allowed too, in a plain dict. A null field is absent."""

    #: The server's ("wo_" and 32 hex digits, from start and activity): none in a workout to send.
    id: str
    #: Minutes; without it the data queries take end - start.
    duration: float
    #: Kilometres.
    distance: float
    #: Kilocalories.
    calories: float
    steps: float
    #: Beats per minute.
    average_heart_rate: float
    #: Minutes.
    active_zone_minutes: float
    #: Metres.
    elevation_gain: float
    #: Kilometres per hour.
    speed: float


class WorkoutsPage(OfflineStamped):
    """One page of workouts, oldest first."""

    #: A workout with fields beyond the standard ones is a plain dict (a TypedDict cannot declare them).
    workouts: List[Union[Workout, Dict[str, Any]]]
    pagination: Pagination


class WorkoutsStored(TypedDict):
    """What post_workouts answers: how many workouts the request held (each stored once, however often sent)."""

    stored: int


class _GoalRequestFromSuggestion(TypedDict):
    suggestion: Union[GoalSuggestion, Mapping[str, Any]]


class GoalRequestFromSuggestion(_GoalRequestFromSuggestion, total=False):
    """create_goal_request_from_suggestion's input."""

    now: Union[str, datetime.datetime]
    time_zone: str


# ---------------------------------------------------------------------------
# Longevity trends
# ---------------------------------------------------------------------------

TrendPoint = TypedDict("TrendPoint", {"date": str, "biologicalAge": float})


class _TrendBucket(TypedDict):
    value: Optional[float]
    available: bool


class TrendBucket(_TrendBucket, total=False):
    """`projection` and `points` are omitted when absent."""

    projection: bool
    points: List[TrendPoint]


#: The trends response: a TrendBucket for each of "weekly", "monthly" and
#: "yearly" (always all three; a dict so that `.items()` is typed).
TrendsResponse = Dict[Period, TrendBucket]


class TrendViewRequest(TypedDict):
    """trend_view's input."""

    period: Period
    bucket: Union[TrendBucket, Mapping[str, Any]]


class TrendView(TypedDict):
    """The Score screen's rules for one period."""

    period: Period
    label: Literal["No data", "Projected", "Rejuvenation", "Aging", "Stable"]
    #: "-0.32y", or "—" without a value.
    formatted_value: str
    value_color: Optional[Literal["green", "red"]]
    show_chart: bool
    message: Optional[str]
    point_count: int


#: trends_view's result: a TrendView for each of "weekly", "monthly" and "yearly".
TrendsView = Dict[Period, TrendView]


# ---------------------------------------------------------------------------
# Consultations
# ---------------------------------------------------------------------------

class Consultation(TypedDict):
    id: str
    user_id: str
    persona: Persona
    context_type: Optional[ContextType]
    context_id: Optional[str]
    title: Optional[str]
    is_archived: bool
    message_count: int
    last_message_at: Optional[str]
    created_at: str
    updated_at: str


class CreateConsultationRequest(TypedDict):
    persona: Persona
    context_type: Optional[ContextType]
    context_id: Optional[str]
    title: Optional[str]


class UpdateGoalRequest(TypedDict, total=False):
    """Only what changes: current_value or progress (a fraction), status, target_value."""

    current_value: float
    progress: float
    status: GoalStatus
    target_value: float


class _CreateGoalProposal(TypedDict):
    type: Literal["create_goal"]
    summary: str
    goal: CreateGoalRequest


class _UpdateGoalProposal(TypedDict):
    type: Literal["update_goal"]
    summary: str
    goal_id: str
    change: UpdateGoalRequest


#: A change a coach's reply proposes (Journey 2), accepted with Client.accept_proposal.
CoachProposal = Union[_CreateGoalProposal, _UpdateGoalProposal]


class GoalUpdate(TypedDict):
    """A goal after an update, its progress (fractions of the target) and the notification earned."""

    goal: Goal
    previous_progress: Optional[float]
    progress: Optional[float]
    milestones: List[int]
    notification: Optional[Dict[str, Any]]


class AcceptedProposal(GoalUpdate):
    created: bool


class _ConsultationMessageBase(TypedDict):
    id: str
    consultation_id: str
    role: Role
    content: str
    created_at: str


class DataQueryRecord(TypedDict):
    """A query of the user's data a coach's reply cites (docs/AI.md, "The data tool")."""

    #: The query as run (see QueryDocument), every member written out.
    query: Dict[str, Any]
    #: Its result: value, unit, rows, days, from_date, to_date (see QueryResult).
    result: Dict[str, Any]


class ConsultationMessage(_ConsultationMessageBase, total=False):
    """A message; an assistant's reply may carry "proposals" and the "data_queries" it cites."""

    proposals: List[CoachProposal]
    data_queries: List[DataQueryRecord]


class ConsultationsPage(OfflineStamped):
    consultations: List[Consultation]
    pagination: Pagination


# ---------------------------------------------------------------------------
# The AI overview
# ---------------------------------------------------------------------------

class ErrorDocument(TypedDict, total=False):
    """A libwellness error (`wellness.errors.error_for` turns it into the exception)."""

    code: int
    name: str
    message: str
    path: Optional[str]
    http_status: int
    retry_after: int


class DashboardInsights(TypedDict):
    insights: List[Insight]
    total: Optional[int]
    error: Optional[ErrorDocument]


class DashboardGoals(TypedDict):
    goals: List[Goal]
    total: Optional[int]
    error: Optional[ErrorDocument]


class DashboardConsultations(TypedDict):
    consultations: List[Consultation]
    total: Optional[int]
    error: Optional[ErrorDocument]


class FeatureCard(TypedDict):
    """An AI Feature Card or a widget row: what it shows and the deep link it opens."""

    id: str
    icon: str
    title: str
    subtitle: Optional[str]
    color: str
    count: Optional[int]
    link: str


class DashboardWidget(TypedDict):
    kind: str
    title: str
    icon: str
    color: str
    unread_insights: Optional[int]
    active_goals: Optional[int]
    rows: List[FeatureCard]


class SuggestedGoal(TypedDict):
    id: str
    title: str


class _SuggestedActionBase(TypedDict):
    id: Literal["view_insights", "get_goal_tips", "start_consultation"]
    title: str
    icon: str
    color: str
    link: str


class SuggestedAction(_SuggestedActionBase, total=False):
    """One of the Smart Suggestions; "goals" for get_goal_tips."""

    goals: List[SuggestedGoal]


class SuggestedActions(TypedDict):
    actions: List[SuggestedAction]
    complete: bool


class IntervalPreference(TypedDict):
    """A goal's chart interval ; None when automatic."""

    goal_id: str
    interval: Optional[FixedInterval]
    automatic: bool


class _DashboardStamp(TypedDict, total=False):
    """From the offline cache: `source` and `cached_at` of the oldest cached
    section, and `age_seconds` is then that section's age."""

    source: Literal["offline_cache"]
    cached_at: str


class Dashboard(_DashboardStamp):
    insights: DashboardInsights
    goals: DashboardGoals
    consultations: DashboardConsultations
    cards: List[FeatureCard]
    widget: DashboardWidget
    loaded_at: str
    age_seconds: float
    complete: bool


# ---------------------------------------------------------------------------
# Presentation rules
# ---------------------------------------------------------------------------

class ActionStep(TypedDict):
    number: int
    text: str


class MetricCard(TypedDict):
    title: str
    value: str
    icon: str


class InsightView(TypedDict):
    id: str
    insight_type: InsightType
    type_display_name: str
    #: An SF Symbol name.
    icon: str
    icon_color: str
    title: str
    is_unread: bool
    is_favorite: bool
    action_steps: List[ActionStep]
    metric_cards: List[MetricCard]
    achievements: List[str]
    has_actionable_goals: bool


class GoalSuggestionView(TypedDict):
    title: str
    difficulty: int
    difficulty_label: str
    difficulty_color: str
    duration_text: str
    goal_type_icon: str
    target_text: Optional[str]


class GoalTipView(TypedDict):
    tip: str
    priority_level: int
    priority_label: Optional[str]
    priority_color: str
    category_label: Optional[str]
    category_icon: str


# ---------------------------------------------------------------------------
# Time series
# ---------------------------------------------------------------------------

class _SeriesBucket(TypedDict):
    #: The bucket's first and last local day, YYYY-MM-DD.
    start: str
    end: str
    label: str
    count: int
    days_with_data: int


class SeriesBucket(_SeriesBucket, total=False):
    """One calendar bucket. Which statistics it has depends on the series' kind:
    numeric `average` / `min` / `max` (None when empty), boolean `yes_days`,
    snapshot `latest` / `latest_at`; week buckets add `week_year` and `week`."""

    week_year: int
    week: int
    average: Optional[float]
    min: Optional[float]
    max: Optional[float]
    yes_days: int
    latest: Union[float, bool, str, None]
    latest_at: Optional[str]
    #: With "statistics" in the options: those asked for. An empty bucket's sum is 0, the others None.
    sum: float
    first: Optional[float]
    first_at: Optional[str]
    last: Optional[float]
    last_at: Optional[str]
    median: Optional[float]
    p01: Optional[float]
    p05: Optional[float]
    p10: Optional[float]
    p25: Optional[float]
    p75: Optional[float]
    p90: Optional[float]
    p95: Optional[float]
    p99: Optional[float]
    stddev: Optional[float]


class StreakRun(TypedDict):
    start: str
    end: str
    length: int


class Streaks(TypedDict):
    current: int
    best: int
    runs: List[StreakRun]


class _SeriesReport(TypedDict):
    kind: Kind
    time_zone: str
    #: 1 = Sunday … 7 = Saturday.
    first_weekday: int
    interval: FixedInterval
    automatic_interval: FixedInterval
    available_intervals: List[FixedInterval]
    span_days: int
    sample_count: int
    first_day: Optional[str]
    last_day: Optional[str]
    buckets: List[SeriesBucket]


class SeriesReport(_SeriesReport, total=False):
    """series_aggregate's result; `streaks` for boolean series only."""

    streaks: Streaks


class ChartLine(TypedDict):
    width: int
    interpolation: str
    cap: str
    join: str


class ChartGradient(TypedDict):
    top_opacity: float
    bottom_opacity: float


class ChartColors(TypedDict):
    """The theme's colours, as `#RRGGBB`."""

    background: str
    text: str
    secondary_text: str
    grid: str
    axis: str
    line: str


class ChartTickStep(TypedDict):
    """The x axis' step between labelled ticks: `{"unit": "month", "count": 3}`."""

    unit: Literal["day", "week", "month", "year"]
    count: int


class ChartXAxis(TypedDict):
    tick_count: int
    date_format: str
    grid_lines: bool
    #: None when the chart has no points.
    tick_step: Optional[ChartTickStep]
    #: One per tick; None for a tick drawn without a label.
    ticks: List[Optional[str]]
    tick_dates: List[str]


class ChartYAxis(TypedDict):
    position: str
    title: str
    unit: Optional[str]
    min: float
    max: float
    includes_zero: bool
    ticks: List[float]
    tick_labels: List[str]


class _ChartPoint(TypedDict):
    date: str
    value: float
    label: str


class ChartPoint(_ChartPoint, total=False):
    """`annotation` in day view only."""

    annotation: str


class ChartSpec(TypedDict):
    interval: FixedInterval
    #: The statistic drawn ("average" unless the options' "plot" says otherwise).
    plot: Statistic
    title: str
    theme: Literal["light", "dark"]
    width: int
    height: int
    #: True when there is nothing to draw; the SVG then shows `empty_text`.
    empty: bool
    empty_text: str
    colors: ChartColors
    line: ChartLine
    fill_area: bool
    area_gradient: ChartGradient
    show_points: bool
    show_annotations: bool
    x_axis: ChartXAxis
    y_axis: ChartYAxis
    accessibility_label: str
    points: List[ChartPoint]


class Chart(TypedDict):
    spec: ChartSpec
    #: A standalone SVG document.
    svg: str



# ---------------------------------------------------------------------------
# Cross-feature integration (docs/INTEGRATION.md)
# ---------------------------------------------------------------------------

Intent = Literal["create_goal", "discuss", "tips", "detail", "view_insights", "my_goals"]
Surface = Literal["quick_actions", "detail", "notification"]
DestinationKind = Literal["goal_creation", "consultation", "goal_tips", "insight_detail", "insights_list",
                          "goal_detail", "goals_list", "goal_suggestions", "consultation_detail",
                          "consultations_list"]


class _Destination(TypedDict):
    kind: DestinationKind


class Destination(_Destination, total=False):
    """Where the app navigates; which keys are present depends on `kind`
    (goal_creation: suggestion, insight_id; consultation: persona,
    context_type, context_id, title; goal_tips: goal_id, title; the detail
    kinds: id; the lists: none)."""

    suggestion: Optional[str]
    insight_id: Optional[str]
    persona: Optional[Persona]
    context_type: Optional[ContextType]
    context_id: Optional[str]
    title: Optional[str]
    goal_id: str
    id: str


class DestinationResult(TypedDict):
    context: Literal["insight", "goal", "consultation"]
    intent: Intent
    #: None when the coordinator would not navigate (an insight without suggestions).
    destination: Optional[Destination]


class ContextualAction(TypedDict):
    intent: Intent
    title: str
    #: An SF Symbol name.
    icon: str
    color: str
    prominent: bool
    notification_action: Optional[str]
    destination: Optional[Destination]


class ActionsResult(TypedDict):
    context: Literal["insight", "goal", "consultation"]
    surface: Surface
    actions: List[ContextualAction]


DeepLinkKind = Literal["insight", "insights_list", "goal", "goals_list", "goal_suggestions", "goal_tips",
                       "goal_consultation", "consultation", "consultations_list", "new_consultation"]
DeepLinkRejection = Literal["too_long", "malformed", "other_scheme", "unknown_host"]


class _DeepLink(TypedDict):
    kind: DeepLinkKind


class DeepLink(_DeepLink, total=False):
    """A link; `identifier` is the guide's ("insight_<id>", "goals_list", ...)
    and always present in results (derived, so optional as an input); `id`
    for insight, goal and consultation; `goal_id` for goal_tips and
    goal_consultation; persona, context_type, context_id for new_consultation."""

    identifier: str
    id: str
    goal_id: str
    persona: Optional[Persona]
    context_type: Optional[ContextType]
    context_id: Optional[str]


class DeepLinkParseResult(TypedDict):
    link: Optional[DeepLink]
    destination: Optional[Destination]
    #: The canonical URL of the link.
    url: Optional[str]
    #: Why there is no link; None when there is one.
    reason: Optional[DeepLinkRejection]


class DeepLinkBuildResult(TypedDict):
    url: str
    identifier: str
    destination: Destination


class NotificationRequest(TypedDict):
    identifier: str
    title: str
    body: str
    category: Literal["INSIGHT_CATEGORY", "GOAL_PROGRESS_CATEGORY"]
    sound: str
    #: The guide's userInfo keys: type, insightId, hasGoalSuggestion / goalId.
    user_info: Dict[str, Any]
    trigger_seconds: int


class ProgressMilestone(TypedDict):
    crossed: List[int]
    milestone: Optional[int]
    percent: int
    notification: Optional[NotificationRequest]


class NotificationAction(TypedDict):
    identifier: str
    title: str
    options: List[str]


class NotificationCategory(TypedDict):
    identifier: str
    actions: List[NotificationAction]
    intent_identifiers: List[str]


class NotificationCategories(TypedDict):
    categories: List[NotificationCategory]


class NotificationRoute(TypedDict):
    action: str
    link: Optional[DeepLink]
    url: Optional[str]
    destination: Optional[Destination]


EventName = Literal["ai_feature_transition", "insight_action", "goal_ai_usage", "consultation_started"]


class _AnalyticsEvent(TypedDict):
    name: EventName
    #: Every parameter is a string, as in the guide; "timestamp" is RFC 3339 UTC.
    parameters: Dict[str, str]


class AnalyticsEvent(_AnalyticsEvent, total=False):
    user_id: str


class MetricRatio(TypedDict):
    #: numerator / denominator; None when the denominator is 0.
    value: Optional[float]
    numerator: int
    denominator: int


class AnalyticsMetrics(TypedDict):
    event_count: int
    user_count: int
    session_count: int
    session_gap_minutes: int
    feature_transition_rate: MetricRatio
    goal_creation_from_insights: MetricRatio
    consultation_context_usage: MetricRatio
    tip_adoption_rate: MetricRatio
    features_per_session: MetricRatio


class AnalyticsStats(TypedDict):
    capacity: int
    accepted: int
    delivered: int
    failed: int
    dropped: int
    queued: int
    in_flight: bool
    has_sink: bool
    accepting: bool


# ---------------------------------------------------------------------------
# Offline mode: queued writes and the outbox (docs/OFFLINE.md)
# ---------------------------------------------------------------------------

class MessagesList(OfflineStamped):
    """A consultation's messages, oldest first."""

    messages: List[ConsultationMessage]
    count: int


class StreamDelta(TypedDict):
    """The next piece of a streamed coach reply (`Client.send_message_stream`)."""

    event: Literal["delta"]
    text: str


class StreamReset(TypedDict):
    """The pieces received so far were withdrawn (the model's text was rejected
    part-way, by grounding or safety): the deltas that follow are the whole reply."""

    event: Literal["reset"]
    reason: str


class StreamDone(TypedDict):
    """The last item of a streamed reply: both stored messages, `[sent, reply]`,
    as `send_message` returns them; the reply's content is the deltas since the
    last reset, concatenated."""

    event: Literal["done"]
    messages: List[ConsultationMessage]
    count: int


#: What `Client.send_message_stream` yields: deltas and resets, then one StreamDone.
StreamEvent = Union[StreamDelta, StreamReset, StreamDone]


class QueuedWrite(TypedDict):
    """What a write returns when the API could not be reached and it was queued
    (offline mode): `sync()` delivers it with `idempotency_key`."""

    queued: Literal[True]
    pending_id: int
    operation: str
    idempotency_key: str
    queued_at: str
    #: Why it was queued: the network error, timeout or 5xx.
    reason: ErrorDocument
    #: The cached object as the write leaves it (an insight marked read), None when none was cached.
    optimistic: Optional[Dict[str, Any]]


class SyncItem(TypedDict):
    pending_id: int
    operation: str
    idempotency_key: str
    result: Literal["delivered", "failed", "deferred"]
    http_status: Optional[int]
    error: Optional[ErrorDocument]
    next_attempt_at: Optional[str]


class SyncReport(TypedDict):
    delivered: int
    failed: int
    deferred: int
    #: Writes still queued.
    remaining: int
    #: Another process's sync held the queue for longer than `wait`.
    busy: bool
    items: List[SyncItem]


class PendingWrite(TypedDict):
    pending_id: int
    operation: str
    method: str
    path: str
    request: Optional[Dict[str, Any]]
    idempotency_key: str
    queued_at: str
    attempts: int
    next_attempt_at: Optional[str]
    last_error: Optional[str]
    in_flight: bool


class PendingList(TypedDict):
    pending: List[PendingWrite]
    count: int


class FailedWrite(TypedDict):
    pending_id: int
    operation: str
    method: str
    path: str
    request: Optional[Dict[str, Any]]
    idempotency_key: str
    queued_at: str
    failed_at: str
    http_status: Optional[int]
    reason: str


class FailedList(TypedDict):
    failed: List[FailedWrite]
    count: int


class CancelResult(TypedDict):
    pending_id: int
    cancelled: bool


# ---------------------------------------------------------------------------
# The user's account as a whole (docs/SERVER.md, "Data subject requests")
# ---------------------------------------------------------------------------

class LocalErasure(TypedDict):
    """What erasing the local store deleted for the client's user."""
    cached: int
    pending: int
    failed: int


class AccountErasure(TypedDict):
    """The answer of `Client.erase_account`: `local` is None without offline mode."""
    erased: bool
    local: Optional[LocalErasure]


# ---------------------------------------------------------------------------
# Grounding (docs/AI.md)
# ---------------------------------------------------------------------------

class _GroundingFact(TypedDict):
    name: str


class GroundingFact(_GroundingFact, total=False):
    """A fact a text may cite: a number (`value`) or a local date (`date`, YYYY-MM-DD)."""

    value: float
    date: str
    unit: str


GroundingMatchKind = Literal["value", "difference", "percent_change", "percent_of", "fraction", "date"]
MentionKind = Literal["number", "percent", "day_of_month", "year", "date"]


class GroundingMatch(TypedDict):
    kind: GroundingMatchKind
    #: The facts' names: one, or two for a derivation.
    facts: List[str]
    value: float


class GroundingNumber(TypedDict):
    text: str
    kind: MentionKind
    #: The number as written (a date: "YYYY-MM-DD"); None past a double's range, or when the text
    #: cannot be read as one number ("5,7.2", "dozens").
    value: Union[float, str, None]
    #: The word after the number that says what it counts ("km", "steps"), lowercased; None when none does.
    unit: Optional[str]
    #: Indices into the text (Unicode code points, as Python's str).
    start: int
    end: int
    grounded: bool
    match: Optional[GroundingMatch]


class GroundingResult(TypedDict):
    grounded: bool
    ungrounded: int
    numbers: List[GroundingNumber]


QueryTable = Literal["daily", "sessions"]
QueryOperator = Literal["<", "<=", ">", ">=", "==", "!="]
QueryReducer = Literal["sum", "mean", "median", "min", "max", "std", "count", "count_days", "first", "last",
                       "first_date", "last_date", "date_of_max", "date_of_min", "activities",
                       "most_frequent_activity", "range", "count_activities"]
QueryWeekday = Literal["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
QueryWindowName = Literal["all", "today", "yesterday", "this_week", "this_month", "last_week", "last_month"]


class QueryCondition(TypedDict):
    metric: str
    op: QueryOperator
    #: A number; an activity name when `metric` is "activity" (sessions).
    value: Union[float, str]


class _QueryDocumentRequired(TypedDict):
    table: QueryTable
    reduce: QueryReducer


class QueryDocument(_QueryDocumentRequired, total=False):
    """A query (docs/QUERY.md); members left out or None take their defaults."""
    metric: Optional[str]
    activity: Union[str, List[str], None]
    where: List[QueryCondition]
    on_days_where: List[QueryCondition]
    #: A window name, {"last_days": N}, {"between": [from, to]}, {"day_of": {"which", "activity"}} or
    #: {"day_of_max" / "day_of_min": {"table", "metric", "activity"}}.
    window: Union[QueryWindowName, Dict[str, Any]]
    anchor: Optional[str]
    #: {"first": k} or {"last": k}.
    take: Optional[Dict[str, int]]
    include_rows: bool
    #: "synonyms" (default) or "exact": how activity names find recorded ones.
    activity_match: Optional[Literal["synonyms", "exact"]]
    #: Only rows on these days of the week (local days); None for every day.
    weekdays: Optional[List[QueryWeekday]]
    #: Conditions on rows of the same table on the same local day.
    same_day_where: List[QueryCondition]


class _QueryResultRequired(TypedDict):
    #: A number, a date ("YYYY-MM-DD"), an activity name, a list of names, or None.
    value: Union[float, str, List[str], None]
    unit: Optional[str]
    rows: int
    days: int
    from_date: Optional[str]
    to_date: Optional[str]
    #: The query as run: every member written out, the anchor resolved.
    query: Dict[str, Any]


class QueryResult(_QueryResultRequired, total=False):
    #: With "include_rows": the caller's row numbers (0-based, input order) of the rows used.
    row_numbers: List[int]


class QueryTableSummary(TypedDict, total=False):
    rows: int
    metrics: List[str]
    #: [first, last] local day, or None for an empty table.
    days: Optional[List[str]]
    activities: List[str]


class QueryTablesSummary(TypedDict):
    time_zone: str
    daily: QueryTableSummary
    sessions: QueryTableSummary
    units: Dict[str, str]


class QuestionAnswer(TypedDict):
    understood: bool
    #: The sentence, or None when the question was not understood.
    answer: Optional[str]
    #: The number as the sentence writes it (sleep asked in hours: hours).
    number: Optional[float]
    unit: Optional[str]
    result: Optional[QueryResult]
    #: Why a question was not understood ("I could not read 'fortnightly'."); None when it was.
    reason: Optional[str]


class DailyMetricsStored(TypedDict):
    """What post_daily_metrics answers: the days holding metrics after the write, and those it left without any."""

    stored: int
    deleted: int


class DailyMetricsPage(OfflineStamped):
    """One page of days of metrics, oldest first: each {"date": "YYYY-MM-DD", "<metric>": number, ...}."""

    days: List[Dict[str, Any]]
    pagination: Pagination


class Profile(TypedDict):
    """The user's profile: the physical profile goal suggestions draw on, and
    the calendar the server counts their days in."""

    age: Optional[int]
    height_cm: Optional[float]
    weight_kg: Optional[float]
    bmi: Optional[float]
    #: IANA name; "UTC" until set.
    time_zone: str
    #: 1 = Sunday ... 7 = Saturday; 2 (Monday) until set.
    first_weekday: int
