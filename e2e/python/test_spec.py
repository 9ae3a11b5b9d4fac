"""The binding's spec table (python/wellness/_spec.py) is the one place a C
call is described: it lists exactly the functions of include/wellness.h with
their parameters, the generated wrappers are what the generator writes from
it, and the package exports each of them."""

from __future__ import annotations

import importlib.util
import inspect
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Dict, List, Tuple

import pytest

import wellness
from test_native_table import declarations
from tools import REPO
from wellness import _native, _spec

GENERATOR = REPO / "python" / "tools" / "generate_bindings.py"

#: The spec's kind of each C parameter type ("const char *" is "json" with the size_t after it).
KIND_OF_C_TYPE = {
    "wellness_buf *": "buf", "size_t": "size", "int": "int", "wellness_status": "int", "void *": "user_data",
    "wellness_client *": "handle", "wellness_analytics *": "handle", "const wellness_query_tables *": "handle",
    "wellness_query_tables *": "handle", "wellness_client **": "new_handle", "wellness_analytics **": "new_handle",
    "wellness_query_tables **": "new_handle", "const int64_t *": "pointer", "const double *": "pointer",
    "const void *": "pointer",
    "struct ArrowSchema *": "pointer", "struct ArrowArray *": "pointer", "wellness_progress_fn": "progress",
    "wellness_stream_fn": "stream", "wellness_token_provider_fn": "token_provider",
    "wellness_analytics_sink_fn": "analytics_sink",
}
RESULT_OF_C_TYPE = {"wellness_status": "status", "int": "int", "const char *": "text", "void": "void"}


def kinds(c_types: List[str]) -> Tuple[str, ...]:
    found: List[str] = []
    index = 0
    while index < len(c_types):
        if c_types[index] == "const char *" and c_types[index + 1:index + 2] == ["size_t"]:
            found.append("json")
            index += 2
        else:
            found.append(KIND_OF_C_TYPE.get(c_types[index], f"unknown C type {c_types[index]!r}"))
            index += 1
    return tuple(found)


def test_the_spec_lists_each_header_function_once_with_its_parameters() -> None:
    names = [call.name for call in _spec.CALLS]
    assert len(names) == len(set(names)), "a call listed twice"
    header = {name[len("wellness_"):]: (RESULT_OF_C_TYPE[result], kinds(params))
              for name, (result, params) in declarations().items()}
    table = {call.name: (call.result, call.parameters) for call in _spec.CALLS}
    assert sorted(set(header) - set(table)) == [], "declared in wellness.h but not in _spec.CALLS"
    assert sorted(set(table) - set(header)) == [], "in _spec.CALLS but not declared in wellness.h"
    wrong = [f"{name}: header {header[name]}, spec {table[name]}"
             for name in sorted(header) if header[name] != table[name]]
    assert not wrong, "\n".join(wrong)
    assert {kind for call in _spec.CALLS for kind in call.parameters} <= set(_spec.KINDS) == set(_native.ARGUMENTS)
    assert {call.result for call in _spec.CALLS} <= set(_spec.RESULTS) == set(_native.RESULTS)


def test_each_call_is_generated_or_bound_by_hand_where_the_spec_says() -> None:
    package = REPO / "python" / "wellness"
    missing = []
    for call in _spec.CALLS:
        assert (call.wrapper is None) != (call.by_hand == ""), f"{call.name}: a wrapper or by_hand, exactly one"
        if call.by_hand:
            source = (package / f"{call.by_hand}.py").read_text()
            short = call.name[len("client_"):] if call.by_hand == "client" else call.name
            if f"wellness_{call.name}" not in source and f'"{short}"' not in source:
                missing.append(f"{call.name}: not called in wellness/{call.by_hand}.py")
    assert not missing, "\n".join(missing)


def test_each_generated_wrapper_is_exported_typed_and_documented() -> None:
    for call in _spec.CALLS:
        if call.wrapper is None:
            continue
        module = importlib.import_module(f"wellness.{call.wrapper.module}")
        function = inspect.unwrap(getattr(wellness, call.name))  # conftest wraps them in a type check
        assert function is inspect.unwrap(getattr(module, call.name)), call.name
        assert function.__module__ == module.__name__, call.name
        assert call.name in wellness.__all__ and call.name in module.__all__, f"{call.name} not in __all__"
        signature = inspect.signature(function)
        assert list(signature.parameters) == [call.wrapper.parameter], call.name
        assert signature.return_annotation == call.wrapper.result, call.name
        assert " ".join((function.__doc__ or "").split()) == call.wrapper.doc, call.name


def test_the_modules_export_only_what_exists() -> None:
    for name in wellness.__all__:
        assert hasattr(wellness, name), f"wellness.__all__ names {name}, which the package does not define"
    for module in {call.wrapper.module for call in _spec.CALLS if call.wrapper is not None}:
        loaded = importlib.import_module(f"wellness.{module}")
        public = {name for name, value in vars(loaded).items()
                  if inspect.isfunction(value) and value.__module__ == loaded.__name__ and not name.startswith("_")}
        assert public == set(loaded.__all__), f"wellness.{module}: functions and __all__ differ"
        assert set(loaded.__all__) <= set(wellness.__all__), f"wellness.{module} exports what the package does not"


def test_the_generated_code_is_what_the_generator_writes() -> None:
    result = subprocess.run([sys.executable, str(GENERATOR), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def load_generator() -> ModuleType:
    found = importlib.util.spec_from_file_location("generate_bindings", GENERATOR)
    assert found is not None and found.loader is not None
    module = importlib.util.module_from_spec(found)
    found.loader.exec_module(module)
    return module


def test_the_check_fails_on_a_hand_edit_and_the_generator_repairs_it(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "wellness"
    shutil.copytree(REPO / "python" / "wellness", copy, ignore=shutil.ignore_patterns("*.so*", "__pycache__"))
    models = copy / "models.py"
    original = models.read_text()
    models.write_text(original.replace("Validates a goal tip", "Checks a goal tip"))
    generator = load_generator()
    monkeypatch.setattr(generator, "PACKAGE", copy)
    assert generator.main(["--check"]) == 1
    assert "models.py: differs from the spec table" in capsys.readouterr().err
    assert generator.main([]) == 0 and models.read_text() == original
    assert generator.main(["--check"]) == 0


def test_no_error_document_is_built_by_hand() -> None:
    """Errors found on the Python side come from validation_error / invalid_argument,
    which take the status from the error class: no hard-coded codes."""
    hard_coded = re.compile(r"""["']code["']\s*:\s*-?\d""")
    found: Dict[str, int] = {}
    for path in sorted((REPO / "python" / "wellness").glob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if hard_coded.search(line):
                found[path.name] = number
    assert not found, f"hand-built error documents at {found}"


#: The prose a user reads: every call it names must be one that exists.
DOCUMENTS = sorted([REPO / "README.md", *(REPO / "docs").glob("*.md")])


def named_calls(pattern: str) -> Dict[str, List[str]]:
    """Each name the documents call (`name(`), with the documents naming it."""
    found: Dict[str, List[str]] = {}
    for document in DOCUMENTS:
        for name in re.findall(pattern, document.read_text(encoding="utf-8")):
            found.setdefault(name, []).append(document.name)
    return found


def test_the_docs_call_only_c_functions_the_header_declares() -> None:
    declared = set(declarations())
    called = named_calls(r"\b(wellness_[a-z0-9_]+)\(")
    assert called, "no C call found in the docs: the pattern is wrong"
    assert {name: where for name, where in called.items() if name not in declared} == {}


def test_the_docs_call_only_python_functions_the_package_has() -> None:
    called = named_calls(r"\bwellness\.([a-z_]+(?:\.[a-z_]+)*)\(")
    assert called, "no Python call found in the docs: the pattern is wrong"
    missing = {}
    for dotted, where in called.items():
        target: object = wellness
        for part in dotted.split("."):
            if not hasattr(target, part):
                try:
                    target = importlib.import_module(f"{getattr(target, '__name__', 'wellness')}.{part}")
                except ImportError:
                    missing[dotted] = where
                    break
            else:
                target = getattr(target, part)
        else:
            if not callable(target):
                missing[dotted] = where
    assert missing == {}
