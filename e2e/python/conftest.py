"""The tests exercise the installed wellness package: `make test` installs the
wheel, which carries the library, into build/venv. WELLNESS_TEST_SOURCE=1
runs them against python/ and the SwiftPM build instead, while
developing."""

from __future__ import annotations

import functools
import inspect
import os
import sys
import tempfile
import typing
from pathlib import Path
from typing import Any, Dict, Iterator, Tuple

import pytest

import typecheck
from servers import RestartableServer

REPO = Path(__file__).resolve().parents[2]
# Clients whose tests leave store_directory at its default keep their local
# store here, not in the home directory of whoever runs the tests.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="wellness-test-data-")
if os.environ.get("WELLNESS_TEST_SOURCE"):
    os.environ.setdefault("WELLNESS_LIBRARY", str(REPO / ".build" / "release" / "libwellness.so"))
    sys.path.insert(0, str(REPO / "python"))
    # Subprocesses (python -m wellness, import checks) see the source tree too.
    os.environ["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(REPO / "python"), os.environ.get("PYTHONPATH")]))

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
        assert not wrong, (f"{function.__qualname__} returned what its type does not declare:\n  "
                           + "\n  ".join(wrong[:10]))
        return result
    return call


def _typed_callables() -> Iterator[Tuple[Any, str, Any, Any]]:
    """(owner, name, callable, return annotation) of each public function and
    client method; a client's writes return what its type arguments say."""
    import wellness
    for name in wellness.__all__:
        function = getattr(wellness, name, None)
        if inspect.isfunction(function):
            yield from _declared(wellness, name, function, {})
    for owner in (wellness.Client, wellness.OfflineClient):
        base = next(b for b in owner.__orig_bases__ if typing.get_origin(b) is not None)  # type: ignore[attr-defined]
        arguments = dict(zip(typing.get_origin(base).__parameters__, typing.get_args(base)))
        for name in dir(owner):
            function = inspect.getattr_static(owner, name)
            if not name.startswith("_") and inspect.isfunction(function):
                yield from _declared(owner, name, function, arguments)


def _declared(owner: Any, name: str, function: Any, arguments: Dict[Any, Any]) -> Iterator[Tuple[Any, str, Any, Any]]:
    try:
        returns = typing.get_type_hints(function).get("return")
    except Exception:  # an annotation only mypy resolves: not checked
        return
    returns = arguments.get(returns, returns)
    if returns not in (None, type(None)) and not isinstance(returns, typing.TypeVar):
        yield owner, name, function, returns


@pytest.fixture(autouse=True, scope="session")
def results_match_their_declared_types() -> Iterator[None]:
    """Every call the tests make through the package checks its result against
    its declared return type (wellness.types), so the TypedDicts cannot drift
    from what the library returns."""
    patched = [(owner, name, function, name in vars(owner)) for owner, name, function, _ in _typed_callables()]
    for owner, name, function, returns in _typed_callables():
        setattr(owner, name, _checked(function, returns))
    yield
    for owner, name, function, own in patched:
        if own:
            setattr(owner, name, function)
        else:
            delattr(owner, name)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RestartableServer]:
    """wellness-server with a demo user on its own data directory, which a test may stop and start again."""
    made = RestartableServer(tmp_path / "server-data")
    made.start()
    yield made
    made.stop()
