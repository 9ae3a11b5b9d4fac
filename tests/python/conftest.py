"""Locates libwellness and the wrapper for the tests: WELLNESS_LIBRARY, or the SwiftPM release build."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
os.environ.setdefault("WELLNESS_LIBRARY", str(REPO / ".build" / "release" / "libwellness.so"))
sys.path.insert(0, str(REPO / "examples" / "python"))

#: nst's JSONTestSuite parsing cases, shared beside the repository.
CONFORMANCE = REPO.parent / "shared" / "conformance" / "JSONTestSuite" / "test_parsing"


@pytest.fixture(scope="session")
def conformance_files() -> list[Path]:
    if not CONFORMANCE.is_dir():
        pytest.skip(f"JSONTestSuite not found at {CONFORMANCE}")
    return sorted(CONFORMANCE.glob("*.json"))
