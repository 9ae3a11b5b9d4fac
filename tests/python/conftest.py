"""The tests exercise the installed wellness package: `make test` installs the
wheel, which carries the library, into build/venv. WELLNESS_TEST_SOURCE=1
runs them against examples/python and the SwiftPM build instead, while
developing."""

from __future__ import annotations

import functools
import inspect
import os
import sys
import tempfile
import typing
from pathlib import Path
from typing import Any, Iterator, List, Tuple

import pytest

import typecheck

REPO = Path(__file__).resolve().parents[2]
# Clients whose tests leave store_directory at its default keep their local
# store here, not in the home directory of whoever runs the tests.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="wellness-test-data-")
if os.environ.get("WELLNESS_TEST_SOURCE"):
    os.environ.setdefault("WELLNESS_LIBRARY", str(REPO / ".build" / "release" / "libwellness.so"))
    sys.path.insert(0, str(REPO / "examples" / "python"))
    # Subprocesses (python -m wellness, import checks) see the source tree too.
    os.environ["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(REPO / "examples" / "python"), os.environ.get("PYTHONPATH")]))

#: nst's JSONTestSuite parsing cases, shared beside the repository.
CONFORMANCE = REPO.parent / "shared" / "conformance" / "JSONTestSuite" / "test_parsing"


@pytest.fixture(scope="session")
def conformance_files() -> list[Path]:
    if not CONFORMANCE.is_dir():
        if os.environ.get("WELLNESS_TEST_STRICT") == "1":
            pytest.fail(f"JSONTestSuite not found at {CONFORMANCE} (WELLNESS_TEST_STRICT=1)")
        pytest.skip(f"JSONTestSuite not found at {CONFORMANCE}")
    return sorted(CONFORMANCE.glob("*.json"))


def _checked(function: Any, returns: Any) -> Any:
    """`function`, raising when what it returns does not fit its declared type."""
    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        result = function(*args, **kwargs)
        wrong = typecheck.mismatches(result, returns)
        assert not wrong, f"{function.__qualname__} returned what its type does not declare:\n  " + "\n  ".join(wrong[:10])
        return result
    return call


def _typed_callables() -> Iterator[Tuple[Any, str, Any, Any]]:
    """(owner, name, callable, return annotation) of each public function and client method."""
    import wellness
    owners: List[Any] = [wellness, wellness.Client, wellness.OfflineClient]
    for owner in owners:
        for name in sorted(vars(owner) if owner is not wellness else wellness.__all__):
            function = getattr(owner, name, None)
            if name.startswith("_") or not inspect.isfunction(function):
                continue
            try:
                returns = typing.get_type_hints(function).get("return")
            except Exception:  # an annotation only mypy resolves: not checked
                continue
            if returns not in (None, type(None)):
                yield owner, name, function, returns


@pytest.fixture(autouse=True, scope="session")
def results_match_their_declared_types() -> Iterator[None]:
    """Every call the tests make through the package checks its result against
    its declared return type (wellness.types), so the TypedDicts cannot drift
    from what the library returns."""
    patched = [(owner, name, function) for owner, name, function, _ in _typed_callables()]
    for owner, name, function, returns in _typed_callables():
        setattr(owner, name, _checked(function, returns))
    yield
    for owner, name, function in patched:
        setattr(owner, name, function)
