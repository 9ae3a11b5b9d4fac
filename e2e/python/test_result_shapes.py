"""The TypedDicts of `wellness.types` are written by hand; this checks them
against what the library really returns. The spec table (`_spec.py`) names
each call's result TypedDict; every call with example inputs is run on them
(the fuzz seed corpus, e2e/fuzz/corpus/, which holds the examples' documents
and the C tests' inputs for each entry point), and each result it accepts is
checked recursively against the declared TypedDict: required keys present,
no key it does not declare, values of the declared types (str, int, float,
bool, None, lists, mappings, nested TypedDicts, Literal values, Optional and
Union). A key renamed in Swift or a value's type changed fails here."""

from __future__ import annotations

import ctypes
import importlib
import importlib.util
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Literal, Tuple, get_args, get_origin, get_type_hints

import pytest

import wellness
from tools import REPO
from typecheck import mismatches
from wellness import _native, _spec, importers
from wellness import types as wellness_types

CORPUS = REPO / "e2e" / "fuzz" / "corpus"
#: The corpus's seeds of calls taking two documents separate them with a NUL (e2e/fuzz/make_corpus.py).
SEPARATOR = b"\0"
#: The tables the query seeds are run against (make_corpus.py's "rows" example).
TABLES = "query_tables_new-rows"


def _selectors() -> List[str]:
    found = importlib.util.spec_from_file_location("_fuzz_selectors", REPO / "e2e" / "fuzz" / "fuzz_selectors.py")
    assert found is not None and found.loader is not None
    module = importlib.util.module_from_spec(found)
    found.loader.exec_module(module)
    return list(module.SELECTORS)


def seeds() -> Dict[str, List[Tuple[str, bytes]]]:
    """Each entry point's seeds: (file name, the payload after the selector byte)."""
    selectors = _selectors()
    found: Dict[str, List[Tuple[str, bytes]]] = {}
    for path in sorted(CORPUS.iterdir()):
        data = path.read_bytes()
        if data and data[0] < len(selectors):
            found.setdefault(selectors[data[0]], []).append((path.name, data[1:]))
    return found


SEEDS = seeds()


# ---------------------------------------------------------------------------
# The checker
# ---------------------------------------------------------------------------

def declared(name: str) -> Any:
    """The TypedDict a spec entry names: in wellness.types, or "module.Name"."""
    module, _, short = name.rpartition(".")
    return getattr(importlib.import_module(f"wellness.{module}") if module else wellness_types, short)


def _is_typeddict(hint: Any) -> bool:
    return isinstance(hint, type) and issubclass(hint, dict) and hasattr(hint, "__required_keys__")


def _name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or repr(hint)


# ---------------------------------------------------------------------------
# Running each call on its seeds
# ---------------------------------------------------------------------------

def _document(function: Any, payload: bytes) -> Any:
    return _native.call(function, payload, len(payload))


def _two_documents(function: Any, payload: bytes) -> Any:
    options, _, data = payload.partition(SEPARATOR)
    return _native.call(function, options, len(options), data, len(data))


def tables() -> Any:
    """A `wellness_query_tables *` made from the corpus's example rows (freed by the caller)."""
    _, rows = next(seed for seed in SEEDS["query_tables_new"] if seed[0] == TABLES)
    handle = ctypes.c_void_p()
    _native.call(_native.lib.wellness_query_tables_new, rows, len(rows), ctypes.byref(handle), result=False)
    return handle


def _on_tables(function: Any, handle: Any) -> Callable[[Any, bytes], Any]:
    def run(_function: Any, payload: bytes) -> Any:
        return _native.call(function, handle, payload, len(payload))

    return run


def runner(call: _spec.Call, handle: Any) -> Callable[[Any, bytes], Any]:
    """How a seed's payload is passed to the call (`handle`: the tables of the calls on one)."""
    if call.parameters == _spec.DOCUMENT:
        return _document
    if call.parameters == _spec.TWO_DOCUMENTS:
        return _two_documents
    if call.parameters == ("handle", *_spec.DOCUMENT):
        return _on_tables(getattr(_native.lib, "wellness_" + call.name), handle)
    raise AssertionError(f"{call.name}: no runner for parameters {call.parameters}")


def checked_calls() -> Iterator[_spec.Call]:
    """The calls with a declared result and seeds this test knows how to pass."""
    for call in _spec.CALLS:
        runnable = call.parameters in (_spec.DOCUMENT, _spec.TWO_DOCUMENTS, ("handle", *_spec.DOCUMENT))
        if _spec.result_type(call) and runnable and not call.name.startswith("client_"):
            yield call


CHECKED = list(checked_calls())


def test_each_named_result_type_is_a_typeddict_or_a_mapping_of_them() -> None:
    named = {call.name: _spec.result_type(call) for call in _spec.CALLS if _spec.result_type(call)}

    def typed(shape: Any) -> bool:
        return _is_typeddict(shape) or get_origin(shape) is dict and _is_typeddict(get_args(shape)[1])

    wrong = [f"{name}: {shape}" for name, shape in named.items() if not typed(declared(shape))]
    assert not wrong, "named as results but not TypedDicts: " + ", ".join(wrong)


def test_every_call_with_a_json_result_outside_the_client_names_its_typeddict() -> None:
    """Calls whose result the test cannot produce without a server (the
    client's) or that are not one TypedDict are listed here by name."""
    unnamed = {"query_many", "query_tool", "series_aggregate_groups"}
    missing = [call.name for call in _spec.CALLS if call.parameters[-2:] == ("buf", "buf")
               and not call.name.startswith("client_") and call.name not in unnamed and not _spec.result_type(call)]
    assert not missing, "no result TypedDict in _spec.py: " + ", ".join(missing)


@pytest.mark.parametrize("call", CHECKED, ids=[call.name for call in CHECKED])
def test_real_results_fit_the_declared_typeddict(call: _spec.Call) -> None:
    handle = tables()
    try:
        run = runner(call, handle)
        function = _native._ONE_DOCUMENT.get(call.name) or getattr(_native.lib, "wellness_" + call.name)
        shape = declared(_spec.result_type(call))
        accepted, problems = 0, []
        for name, payload in SEEDS.get(call.name, []):
            try:
                result = run(function, payload)
            except wellness.WellnessError:
                continue  # a seed the library refuses (the corpus keeps bad inputs too)
            accepted += 1
            problems += [f"{name}: {problem}" for problem in mismatches(result, shape)]
    finally:
        _native.lib.wellness_query_tables_free(handle)
    assert accepted, f"{call.name}: no seed in {CORPUS} that the library accepts"
    assert not problems, f"{call.name} against {_name(shape)}:\n" + "\n".join(problems[:20])


def test_the_calls_on_a_handle_and_the_importers_fit_too() -> None:
    """query_tables_summary, analytics_stats and import_bytes, whose inputs are no one document."""
    handle = tables()
    try:
        summary = _native.call(_native.lib.wellness_query_tables_summary, handle)
    finally:
        _native.lib.wellness_query_tables_free(handle)
    assert not mismatches(summary, declared("QueryTablesSummary"))
    analytics = wellness.Analytics()
    try:
        analytics.emit({"name": "goal_ai_usage", "parameters": {"goal_id": "g1", "feature": "tips"}})
        assert not mismatches(analytics.stats(), declared("AnalyticsStats"))
    finally:
        analytics.close()
    xml = (b'<?xml version="1.0"?><HealthData><Record type="HKQuantityTypeIdentifierStepCount" '
           b'sourceName="Phone" unit="count" startDate="2024-01-01 08:00:00 +0000" '
           b'endDate="2024-01-01 08:10:00 +0000" value="100"/></HealthData>')
    imported = importers.import_bytes("apple_health", xml)
    assert not mismatches(imported, declared("importers.ImportResult"))


def test_the_checker_catches_a_renamed_key_a_changed_type_and_an_undeclared_key() -> None:
    """The checker (typecheck.py, also conftest's for every call the tests
    make) can fail: the changes a drifting library would make."""
    view = wellness.goal_tip_view({"tip": "Walk 10 minutes after lunch", "priority": "high"})
    shape = wellness_types.GoalTipView
    assert mismatches(view, shape) == []
    renamed = {("priority_rank" if key == "priority_level" else key): value for key, value in view.items()}
    assert mismatches(renamed, shape) == ["$: missing key 'priority_level' of GoalTipView",
                                          "$: key 'priority_rank' is not declared in GoalTipView"]
    assert mismatches({**view, "priority_level": "3"}, shape) == ["$.priority_level: '3' is not an int"]
    assert mismatches({"daily": view}, Dict[wellness_types.Period, Any]) == [
        "$ key 'daily': 'daily' is not one of ('weekly', 'monthly', 'yearly')"]
    assert mismatches(1, Literal[True]) and mismatches(True, int) and not mismatches(1, float)


def test_a_call_without_seeds_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """A declared call no seed reaches fails rather than passing unchecked."""
    call = next(call for call in CHECKED if call.name == "goal_tip_view")
    monkeypatch.setitem(SEEDS, "goal_tip_view", [])
    with pytest.raises(AssertionError, match="no seed"):
        test_real_results_fit_the_declared_typeddict(call)


# ---------------------------------------------------------------------------
# The client's calls, against the demo wellness-server
# ---------------------------------------------------------------------------

#: Parameters of each client call whose result the spec names, for the demo
#: user; "{goal}" and "{insight}" stand for the id of the user's first one.
CLIENT_EXAMPLES: Dict[str, Dict[str, Any]] = {
    "list_insights": {}, "get_insight": {"id": "{insight}"}, "list_goals": {}, "get_goal": {"id": "{goal}"},
    "dashboard": {"refresh": False}, "interval_preference": {"goal_id": "{goal}"},
    "set_interval_preference": {"goal_id": "{goal}", "interval": "week"}, "list_consultations": {},
    "list_workouts": {}, "list_daily_metrics": {}, "get_profile": {}, "goal_suggestions": {},
    "goal_tips": {"goal_id": "{goal}"}, "suggested_actions": {},
    "navigate": {"goal": {"id": "{goal}", "user_id": "u1", "title": "Walk", "goal_type": "activity",
                          "start_date": "2025-01-01", "is_recurring": False, "status": "active",
                          "created_at": "2025-01-01T00:00:00Z", "updated_at": "2025-01-01T00:00:00Z"},
                 "intent": "tips"},
}
#: Those of the offline queue, run by an OfflineClient.
OFFLINE_EXAMPLES: Dict[str, Dict[str, Any]] = {
    "sync": {}, "pending": {}, "failed_writes": {}, "cancel_pending": {"pending_id": 1}, "erase_local_data": {},
}
#: Client calls whose result the spec names but this test does not run, and why.
CLIENT_NOT_RUN = {
    "accept_proposal": "needs a coach's proposal",
    "list_messages": "needs a consultation (the coach answers)", "erase_account": "erases the demo user",
    "series_aggregate": "two documents: its result is series_aggregate's, checked above",
    "series_chart": "two documents: its result is series_chart's, checked above",
}


def _filled(value: Any, ids: Dict[str, str]) -> Any:
    if isinstance(value, str):
        return ids.get(value, value)
    if isinstance(value, dict):
        return {key: _filled(item, ids) for key, item in value.items()}
    return value


def test_each_client_call_with_a_named_result_is_run_or_says_why_not() -> None:
    named = {call.name[len("client_"):] for call in _spec.CALLS
             if call.name.startswith("client_") and _spec.result_type(call)}
    assert named == set(CLIENT_EXAMPLES) | set(OFFLINE_EXAMPLES) | set(CLIENT_NOT_RUN)
    assert len(named) == len(CLIENT_EXAMPLES) + len(OFFLINE_EXAMPLES) + len(CLIENT_NOT_RUN)


def test_the_clients_real_results_fit_the_declared_typeddicts(tmp_path: Path) -> None:
    import servers

    named = {call.name[len("client_"):]: _spec.result_type(call) for call in _spec.CALLS
             if call.name.startswith("client_") and _spec.result_type(call)}
    lives = servers.start_wellness_server()
    base_url, api_key, token = next(lives)
    try:
        with wellness.Client(base_url, api_key=api_key, token=token, cache_directory=str(tmp_path / "cache"),
                             store_directory=str(tmp_path / "store")) as client:
            goal = client.create_goal({"title": "Work out 4 times per week", "goal_type": "activity",
                                       "target_value": 4, "target_unit": "workouts", "start_date": "2025-01-01",
                                       "is_recurring": True})
            ids = {"{goal}": goal["id"], "{insight}": client.list_insights()["insights"][0]["id"]}
            problems = []
            for name, params in CLIENT_EXAMPLES.items():
                result = client._call(name, _filled(params, ids))
                problems += [f"client_{name}: {problem}" for problem in mismatches(result, declared(named[name]))]
        with wellness.OfflineClient(base_url, api_key=api_key, token=token, cache_directory=False,
                                    store_directory=str(tmp_path / "offline")) as offline:
            for name, params in OFFLINE_EXAMPLES.items():
                result = offline._call(name, params)
                problems += [f"client_{name}: {problem}" for problem in mismatches(result, declared(named[name]))]
    finally:
        lives.close()
    assert not problems, "\n".join(problems[:20])


def test_the_python_functions_of_a_call_declare_the_spec_result_type() -> None:
    """A call's Python function of the same name (`wellness.<name>`,
    `wellness.importers.<name>`, `Client.<name>` for `client_<name>`) returns
    what the spec names, so the table, the annotations and conftest's check
    of every result the tests see agree."""
    checked, wrong = 0, []
    for call in _spec.CALLS:
        shape = _spec.result_type(call)
        if not shape:
            continue
        if call.name.startswith("client_"):
            function = getattr(wellness.Client, call.name[len("client_"):], None)
        else:
            function = getattr(wellness, call.name, None) or getattr(importers, call.name, None)
        if function is None:
            continue
        checked += 1
        returns = get_type_hints(function).get("return")
        if returns is not declared(shape):
            wrong.append(f"{call.name}: the spec says {shape}, {function.__qualname__} returns {returns}")
    assert checked >= 40 and not wrong, "\n".join(wrong)
