"""The binding's one table: every function of include/wellness.h, its
parameters and result as ctypes passes them, and either the Python wrapper
generated for it or where its hand-written binding lives.

`_native` declares every ctypes signature from this table at import;
python/tools/generate_bindings.py writes the simple wrappers from it (the
generated regions of `models.py` and `integration.py`: functions, imports,
`__all__`; and their imports and `__all__` in `__init__.py`);
e2e/python/test_spec.py checks the table against the header, the generated
code against the generator, and the package's `__all__` against the table.
Adding a C call: one row here (and its result's TypedDict in `types.py`),
then `python python/tools/generate_bindings.py`. Pure data: no import of the
library.
"""

from __future__ import annotations

from typing import NamedTuple, Optional, Tuple

#: Parameter kinds, each what ctypes passes for it (`_native.ARGUMENTS`):
#: "json" a document and its length (`const char *`, `size_t`); "buf" a
#: `wellness_buf *`; "handle" a borrowed handle; "new_handle" where a made
#: handle is written (`wellness_x **`); "pointer" a column or Arrow struct;
#: "size" a count; "int" an int; "user_data" the host's `void *`; and the
#: callback types "progress", "stream", "token_provider", "analytics_sink".
KINDS = ("json", "buf", "handle", "new_handle", "pointer", "size", "int", "user_data",
         "progress", "stream", "token_provider", "analytics_sink")
#: Result kinds: "status" (wellness_status), "int", "text" (`const char *`), "void".
RESULTS = ("status", "int", "text", "void")


class Wrapper(NamedTuple):
    """A generated wrapper: `def <name>(<parameter>: <accepts>) -> <result>`
    calling the C function with one document."""

    #: The module it is written into (`wellness.<module>`).
    module: str
    #: The document parameter's name.
    parameter: str
    #: The result's TypedDict in `wellness.types`.
    result: str
    #: The docstring, one paragraph (the generator wraps it).
    doc: str
    #: TypedDicts accepted besides JSONInput (a result of another call, say).
    accepts: Tuple[str, ...] = ()
    #: Whether the document may be left out (None sends `{}`).
    optional: bool = False


class Call(NamedTuple):
    """One C function: `wellness_<name>`."""

    name: str
    parameters: Tuple[str, ...]
    result: str = "status"
    #: The generated Python wrapper, if the call has one.
    wrapper: Optional[Wrapper] = None
    #: Otherwise the module (of `wellness`) whose hand-written code calls it.
    by_hand: str = ""
    #: A hand-bound call's JSON result: its TypedDict in `wellness.types`, or
    #: "module.Name" for one in another module (a wrapper's is `wrapper.result`).
    #: e2e/python/test_result_shapes.py checks real results against it.
    returns: str = ""


def result_type(call: Call) -> str:
    """The TypedDict the call's result is ("" when the table names none)."""
    return call.wrapper.result if call.wrapper is not None else call.returns


#: A call taking one document: (json, len, out, err).
DOCUMENT = ("json", "buf", "buf")
#: A call taking options and data documents.
TWO_DOCUMENTS = ("json", "json", "buf", "buf")


def _model(name: str, parameter: str, result: str, doc: str, accepts: Tuple[str, ...] = (),
           module: str = "models", optional: bool = False) -> Call:
    return Call(name, DOCUMENT, wrapper=Wrapper(module, parameter, result, doc, accepts, optional))


def _integration(name: str, result: str, doc: str, optional: bool = False) -> Call:
    return _model(name, "request", result, doc, module="integration", optional=optional)


def _client(name: str, *middle: str, returns: str = "") -> Call:
    """A client operation: (client, json, len, [middle,] out, err), bound in `wellness.client`;
    `returns`: its result's TypedDict as `Client` (online) gets it."""
    return Call("client_" + name, ("handle", "json", *middle, "buf", "buf"), by_hand="client", returns=returns)


CALLS: Tuple[Call, ...] = (
    # The library itself.
    Call("strerror", ("int",), "text", by_hand="__init__"),
    Call("buf_free", ("buf",), "void", by_hand="_native"),
    Call("version", (), "text", by_hand="__init__"),
    Call("abi_version", (), "int", by_hand="__init__"),

    # Models (docs/MODELS.md): canonical JSON out.
    _model("insight_normalize", "insight", "Insight",
           "Validates an insight and returns it canonical: every optional key present (None when absent), "
           "timestamps in UTC (`...Z`), unknown keys dropped."),
    _model("insight_response_normalize", "response", "InsightResponse",
           "Validates `{success, data: insight}` as GET and PATCH /insights/{id} return it."),
    _model("insights_list_response_normalize", "response", "InsightsListResponse",
           "Validates a page of insights with its pagination; errors name the insight: "
           "`data.insights[1].insight_type`."),
    _model("pagination_normalize", "pagination", "Pagination",
           "Validates a pagination object: page and page_size >= 1, counts >= 0."),
    _model("insight_update_request_normalize", "request", "InsightUpdateRequest",
           "Validates a PATCH body (is_read / is_favorite / is_archived, at least one); only the keys given "
           "are in the result."),
    _model("goal_suggestion_normalize", "suggestion", "GoalSuggestion",
           "Validates a goal suggestion: difficulty 1-5, estimated_duration 0-36500 days."),
    _model("goal_suggestions_response_normalize", "response", "GoalSuggestionsResponse",
           "Validates the goal suggestions response; `count` must match the suggestions."),
    _model("goal_tip_normalize", "tip", "GoalTip",
           "Validates a goal tip: a non-empty tip, optional category and priority."),
    _model("goal_tips_response_normalize", "response", "GoalTipsResponse",
           "Validates the goal tips response; `count` must match the tips."),
    _model("create_goal_request_normalize", "request", "CreateGoalRequest",
           "Validates a POST /goals body; dates stay dates and timestamps timestamps."),
    _model("goal_normalize", "goal", "Goal",
           "Validates a goal as the Goals API returns it (status active, paused, completed or abandoned)."),
    _model("trends_response_normalize", "response", "TrendsResponse",
           "Validates a longevity trends response: weekly, monthly and yearly buckets.", accepts=("TrendsResponse",)),
    _model("consultation_normalize", "consultation", "Consultation",
           "Validates a consultation; camelCase personas are normalised to snake_case."),
    _model("create_consultation_request_normalize", "request", "CreateConsultationRequest",
           "Validates the body that starts a consultation; an insight or goal context needs its `context_id`."),
    _model("consultation_message_normalize", "message", "ConsultationMessage",
           "Validates a consultation message (role user or assistant)."),

    # Presentation rules (docs/MODELS.md, "Presentation rules").
    _model("insight_view", "insight", "InsightView",
           "An insight's display fields: type name, icon, colour, numbered action steps, metric cards, and "
           "whether it offers \"Create Goal\"."),
    _model("goal_suggestion_view", "suggestion", "GoalSuggestionView",
           "A suggestion's difficulty label and colour, duration text (\"3 months\"), goal-type icon and target "
           "text (\"10000 steps\")."),
    _model("goal_tip_view", "tip", "GoalTipView",
           "A tip's priority level, label and colour, and its category's label and icon."),
    _model("create_goal_request_from_suggestion", "request", "CreateGoalRequest",
           "The POST /goals body for `{\"suggestion\", \"now\"?, \"time_zone\"?}`: start now, target after "
           "`estimated_duration` calendar days in the zone (same wall-clock time across DST). `now` may be an "
           "aware datetime.", accepts=("GoalRequestFromSuggestion",)),
    _model("trend_view", "request", "TrendView",
           "The Score screen's label, formatted value, colour, message and chart rule for "
           "`{\"period\": \"weekly\"|\"monthly\"|\"yearly\", \"bucket\": TrendBucket}`.",
           accepts=("TrendViewRequest",)),
    _model("trends_view", "response", "TrendsView",
           "trend_view for each period of a trends response (as Client.trends() returns it).",
           accepts=("TrendsResponse",)),

    # The time-series engine (docs/SERIES.md).
    Call("series_aggregate", TWO_DOCUMENTS, by_hand="series", returns="SeriesReport"),
    Call("series_aggregate_columns", ("json", "pointer", "pointer", "size", "buf", "buf"), by_hand="series",
         returns="SeriesReport"),
    Call("series_chart", TWO_DOCUMENTS, by_hand="series", returns="Chart"),
    Call("series_aggregate_groups", ("json", "pointer", "pointer", "pointer", "size", "pointer", "pointer",
                                     "buf", "buf"), by_hand="groups"),
    Call("longevity_trends", TWO_DOCUMENTS, by_hand="series", returns="TrendsResponse"),

    # The API client (wellness.Client).
    Call("client_new", ("json", "new_handle", "buf"), by_hand="client"),
    Call("client_set_token_provider", ("handle", "token_provider", "user_data", "buf"), by_hand="client"),
    Call("client_set_analytics", ("handle", "handle", "buf"), by_hand="client"),
    Call("client_free", ("handle",), "void", by_hand="client"),
    _client("list_insights", returns="InsightsPage"), _client("list_all_insights", "progress", "user_data"),
    _client("get_insight", returns="Insight"),
    _client("update_insight"), _client("delete_insight"), _client("goal_suggestions", returns="GoalSuggestions"),
    _client("update_goal"),
    _client("accept_proposal", returns="AcceptedProposal"), _client("goal_tips", returns="GoalTips"),
    _client("create_goal_from_suggestion"),
    _client("create_goal"), _client("get_goal", returns="Goal"), _client("list_goals", returns="GoalsPage"),
    _client("trends"), _client("dashboard", returns="Dashboard"),
    _client("suggested_actions", returns="SuggestedActions"),
    _client("interval_preference", returns="IntervalPreference"),
    _client("set_interval_preference", returns="IntervalPreference"),
    _client("series_aggregate", "json", returns="SeriesReport"), _client("series_chart", "json", returns="Chart"),
    _client("list_consultations", returns="ConsultationsPage"),
    _client("create_consultation"), _client("send_message"), _client("send_message_stream", "stream", "user_data"),
    _client("list_messages", returns="MessagesList"), _client("post_workouts"),
    _client("list_workouts", returns="WorkoutsPage"), _client("delete_workout"),
    _client("sync", returns="SyncReport"), _client("pending", returns="PendingList"),
    _client("cancel_pending", returns="CancelResult"), _client("failed_writes", returns="FailedList"),
    _client("clear_failed"), _client("export_account"), _client("erase_account", returns="AccountErasure"),
    _client("erase_local_data", returns="LocalErasure"),
    _client("navigate", returns="DestinationResult"),
    # Daily metrics and the profile (docs/SERVER.md, "Daily metrics", "The user's calendar").
    _client("post_daily_metrics"), _client("list_daily_metrics", returns="DailyMetricsPage"),
    _client("delete_daily_metrics"),
    _client("get_profile", returns="Profile"), _client("set_profile"),

    # The cross-feature rules (docs/INTEGRATION.md).
    _integration("integration_destination", "DestinationResult",
                 "Where the guide's coordinator navigates: `{\"insight\" | \"goal\" | \"consultation\": <model>, "
                 "\"intent\": \"create_goal\" | \"discuss\" | \"tips\" | \"detail\" | \"view_insights\" | "
                 "\"my_goals\"}`. An insight's create_goal carries its first suggestion (destination None when it "
                 "has none)."),
    _integration("integration_actions", "ActionsResult",
                 "The contextual actions of an insight, goal or consultation, in the guide's order, each with "
                 "title, SF Symbol icon, colour and destination: `{\"goal\": <goal>, \"surface\": \"quick_actions\" "
                 "| \"detail\" | \"notification\"}`. \"Create Goal\" is offered only when a suggestion mentions "
                 "\"goal\" or \"target\"."),
    # deep_link_parse also takes a bare URL and a scheme.
    Call("deep_link_parse", DOCUMENT, by_hand="integration", returns="DeepLinkParseResult"),
    _integration("deep_link_build", "DeepLinkBuildResult",
                 "The canonical URL of a link: `{\"link\": {\"kind\": \"goal_tips\", \"goal_id\": \"g1\"}, "
                 "\"scheme\"?: \"fitiq\"}`; `deep_link_parse` of that URL gives the link back."),
    _integration("notification_insight", "NotificationRequest",
                 "The \"New AI Insight\" notification of `{\"insight\": <insight>}` (identifier `insight_<id>`, "
                 "category INSIGHT_CATEGORY, user info with insightId and hasGoalSuggestion)."),
    _integration("notification_goal_progress", "NotificationRequest",
                 "The \"Goal Progress Update\" notification of `{\"goal\": <goal>, \"progress\": 0.5}`: "
                 "\"<title> is 50% complete! Need tips?\" (the percentage truncated)."),
    _integration("notification_progress_milestone", "ProgressMilestone",
                 "Whether `{\"goal\", \"previous_progress\", \"progress\"}` crossed 25, 50, 75 or 100 %, and the "
                 "progress notification to show (None when nothing was crossed)."),
    _integration("notification_categories", "NotificationCategories",
                 "The two notification categories with their actions (CREATE_GOAL, DISCUSS_INSIGHT; GET_TIPS, "
                 "CHAT_GOAL). The request is `{}` (the default).", optional=True),
    _integration("notification_response", "NotificationRoute",
                 "Routes a tapped notification action: `{\"action\": \"GET_TIPS\", \"user_info\": {...}, "
                 "\"scheme\"?}` gives the deep link, its URL and the destination (all None when the guide does "
                 "nothing)."),

    # Analytics: its events, metrics and queue (wellness.Analytics).
    Call("analytics_event", DOCUMENT, by_hand="analytics", returns="AnalyticsEvent"),
    Call("analytics_metrics", TWO_DOCUMENTS, by_hand="analytics", returns="AnalyticsMetrics"),
    Call("analytics_new", ("json", "analytics_sink", "user_data", "new_handle", "buf"), by_hand="analytics"),
    Call("analytics_set_sink", ("handle", "analytics_sink", "user_data", "buf"), by_hand="analytics"),
    Call("analytics_emit", ("handle", "json", "buf"), by_hand="analytics"),
    Call("analytics_flush", ("handle", "int", "buf"), by_hand="analytics"),
    Call("analytics_stats", ("handle", "buf", "buf"), by_hand="analytics", returns="AnalyticsStats"),
    Call("analytics_shutdown", ("handle", "int", "buf"), by_hand="analytics"),
    Call("analytics_free", ("handle",), "void", by_hand="analytics"),

    # Queries over a user's tables (docs/QUERY.md).
    Call("query_tables_new", ("json", "new_handle", "buf"), by_hand="query_tables"),
    Call("query_tables_new_arrow", ("json", "pointer", "pointer", "pointer", "pointer", "new_handle", "buf"),
         by_hand="query_tables"),
    Call("query_tables_summary", ("handle", "buf", "buf"), by_hand="query_tables", returns="QueryTablesSummary"),
    Call("query", ("handle", *DOCUMENT), by_hand="query_tables", returns="QueryResult"),
    Call("query_many", ("handle", *DOCUMENT), by_hand="query_tables"),
    Call("query_ask", ("handle", *DOCUMENT), by_hand="query_tables", returns="QuestionAnswer"),
    Call("query_tool", ("buf", "buf"), by_hand="query_tables"),
    Call("query_tables_free", ("handle",), "void", by_hand="query_tables"),

    # Grounding (docs/AI.md): the document is built from a text and its facts.
    Call("grounding_check", DOCUMENT, by_hand="grounding", returns="GroundingResult"),

    # Importers of exported health data (docs/IMPORT.md).
    Call("import_file", ("json", "progress", "user_data", "buf", "buf"), by_hand="importers",
         returns="importers.ImportResult"),
    Call("import_bytes", ("json", "pointer", "size", "progress", "user_data", "buf", "buf"), by_hand="importers",
         returns="importers.ImportResult"),
)
