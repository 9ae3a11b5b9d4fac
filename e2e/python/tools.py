"""Optional test tools (mypy, pandas, polars): skipped visibly when missing,
except under `make test` (WELLNESS_TEST_TOOLS_REQUIRED=1), whose venv has them all."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Dict, Sequence

import pytest

REPO = Path(__file__).resolve().parents[2]
SOURCE_MODE = bool(os.environ.get("WELLNESS_TEST_SOURCE"))


def require(module: str, module_level: bool = False) -> ModuleType:
    """The module, or a skip (a failure under WELLNESS_TEST_TOOLS_REQUIRED) naming what is missing.
    `module_level`: called while a test file is imported, skipping the whole file."""
    try:
        return importlib.import_module(module)
    except ImportError:
        message = f"{module} is not installed in {sys.prefix} (make test's venv has it)"
        if os.environ.get("WELLNESS_TEST_TOOLS_REQUIRED"):
            pytest.fail(message)
        pytest.skip(message, allow_module_level=module_level)


def mypy(paths: Sequence[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """`mypy --strict` over `paths`. In source mode `import wellness` resolves to
    python/; otherwise to the installed wheel (its py.typed and types)."""
    require("mypy")
    environment: Dict[str, str] = {key: value for key, value in os.environ.items() if key != "MYPYPATH"}
    if SOURCE_MODE:
        environment["MYPYPATH"] = str(REPO / "python")
    cache = Path(os.environ.get("WELLNESS_MYPY_CACHE", Path(tempfile.gettempdir()) / "wellness-mypy-cache"))
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-color-output", "--no-error-summary",
                           "--cache-dir", str(cache), *paths], capture_output=True, text=True, cwd=cwd,
                          env=environment)
