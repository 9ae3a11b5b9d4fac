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
import types as python_types
from typing import Any, Callable, Dict, Iterator, List, Literal, Tuple, Union, get_args, get_origin, get_type_hints

import pytest

import wellness
from tools import REPO
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


def mismatches(value: Any, hint: Any, path: str = "result") -> List[str]:
    """What in `value` does not fit `hint`, each naming its path; empty when it fits."""
    if hint is Any or hint is object:
        return []
    if hint is None or hint is type(None):
        return [] if value is None else [f"{path}: {value!r} where the type says None"]
    origin, arguments = get_origin(hint), get_args(hint)
    if origin is Union or origin is python_types.UnionType:
        branches = [mismatches(value, argument, path) for argument in arguments]
        if any(not branch for branch in branches):
            return []
        return [f"{path}: {value!r} fits no branch of {hint}: " + "; ".join(min(branches, key=len))]
    if origin is Literal:
        # 1 == True in Python: a Literal's value must be of its type too.
        if any(value == choice and type(value) is type(choice) for choice in arguments):
            return []
        return [f"{path}: {value!r} is not one of {list(arguments)}"]
    if _is_typeddict(hint):
        return _typeddict_mismatches(value, hint, path)
    if origin in (list, tuple) or (origin is not None and _name(origin) in ("Sequence", "List")):
        if not isinstance(value, list):
            return [f"{path}: {type(value).__name__} where the type says a list ({hint})"]
        item = arguments[0] if arguments else Any
        return [problem for index, element in enumerate(value)
                for problem in mismatches(element, item, f"{path}[{index}]")]
    if origin is dict or (origin is not None and _name(origin) == "Mapping"):
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__} where the type says a dict ({hint})"]
        key_type, item = arguments if len(arguments) == 2 else (Any, Any)
        return [problem for key, element in value.items()
                for problem in mismatches(key, key_type, f"{path} key {key!r}") + mismatches(element, item,
                                                                                            f"{path}.{key}")]
    if hint is float:  # JSON writes 2.0 as 2 at times; an int is a float to a type checker too
        fits = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif hint is int:
        fits = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(hint, type):
        fits = isinstance(value, hint)
    else:
        return [f"{path}: the checker does not know the type {hint!r}"]
    return [] if fits else [f"{path}: {type(value).__name__} {value!r} where the type says {_name(hint)}"]


def _typeddict_mismatches(value: Any, hint: Any, path: str) -> List[str]:
    if not isinstance(value, dict):
        return [f"{path}: {type(value).__name__} where the type says {hint.__name__}"]
    fields = get_type_hints(hint)
    required, optional = set(hint.__required_keys__), set(hint.__optional_keys__)
    problems = [f"{path}.{key}: missing (required by {hint.__name__})" for key in sorted(required - set(value))]
    problems += [f"{path}.{key}: not declared by {hint.__name__}" for key in sorted(set(value) - required - optional)]
    for key in sorted(set(value) & set(fields)):
        problems += mismatches(value[key], fields[key], f"{path}.{key}")
    return problems


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
    """The checker itself can fail: the changes a drifting library would make."""
    view = wellness.goal_tip_view({"tip": "Walk 10 minutes after lunch", "priority": "high"})
    shape = wellness_types.GoalTipView
    assert mismatches(view, shape) == []
    renamed = {("priority_rank" if key == "priority_level" else key): value for key, value in view.items()}
    assert mismatches(renamed, shape) == ["result.priority_level: missing (required by GoalTipView)",
                                          "result.priority_rank: not declared by GoalTipView"]
    assert mismatches({**view, "priority_level": "3"}, shape) == [
        "result.priority_level: str '3' where the type says int"]
    bucket = {"date": "2025-01-01", "value": None}
    assert mismatches([bucket, 1], List[Dict[str, Any]]) == ["result[1]: int where the type says a dict "
                                                             "(typing.Dict[str, typing.Any])"]
    assert mismatches(True, int) and mismatches(1, bool) and not mismatches(1, float)


def test_a_call_without_seeds_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """A declared call no seed reaches fails rather than passing unchecked."""
    call = next(call for call in CHECKED if call.name == "goal_tip_view")
    monkeypatch.setitem(SEEDS, "goal_tip_view", [])
    with pytest.raises(AssertionError, match="no seed"):
        test_real_results_fit_the_declared_typeddict(call)
