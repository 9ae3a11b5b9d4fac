"""The tests exercise the installed wellness package: `make test` installs the
wheel, which carries the library, into build/venv. WELLNESS_TEST_SOURCE=1
runs them against examples/python and the SwiftPM build instead, while
developing."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

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
