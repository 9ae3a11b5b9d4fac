"""The README's Python: every ```python block passes mypy --strict and runs;
the output a `print(...)  # comment` promises is the output it prints. The
client's block runs against a live wellness-server when one is built."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Iterator, List, Tuple

import pytest

from servers import start_wellness_server
from tools import REPO, mypy, require

BLOCKS: List[str] = re.findall(r"^```python\n(.*?)^```", (REPO / "README.md").read_text(), re.M | re.S)


def needs_server(block: str) -> bool:
    return "wellness.Client(" in block


def promised(block: str) -> List[str]:
    """What the block's `print(...)  # output` comments say it prints ("..." ends a prefix)."""
    return [match.group(1).strip().removesuffix("...")
            for match in re.finditer(r"^\s*print\(.*\)\s+#\s*(.+)$", block, re.M)]


def run(block: str, directory: Path, environment: dict[str, str]) -> None:
    script = directory / "block.py"
    script.write_text(block)
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=directory,
                            env={**os.environ, **environment}, timeout=120)
    assert result.returncode == 0, f"{block}\n{result.stderr}"
    for output in promised(block):
        assert output in result.stdout, f"README promises {output!r}, the block printed:\n{result.stdout}"


@pytest.fixture(scope="module")
def live() -> Iterator[Tuple[str, str, str]]:
    yield from start_wellness_server()


def test_the_readme_has_python() -> None:
    assert len(BLOCKS) >= 5 and sum(map(needs_server, BLOCKS)) == 1
    assert any("aggregate_frame" in block for block in BLOCKS)


def test_the_readme_python_is_strictly_typed(tmp_path: Path) -> None:
    for index, block in enumerate(BLOCKS):
        (tmp_path / f"readme_{index}.py").write_text(block)
    result = mypy([f"readme_{index}.py" for index in range(len(BLOCKS))], cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("index", [index for index, block in enumerate(BLOCKS) if not needs_server(block)])
def test_the_readme_python_runs(index: int, tmp_path: Path) -> None:
    for module in re.findall(r"^import (numpy|pandas|polars)", BLOCKS[index], re.M):
        require(module)
    run(BLOCKS[index], tmp_path, {})


def test_the_readme_client_runs_against_a_live_server(live: Tuple[str, str, str], tmp_path: Path) -> None:
    base_url, api_key, _ = live
    (block,) = [block for block in BLOCKS if needs_server(block)]
    run(block, tmp_path, {"WELLNESS_URL": base_url, "WELLNESS_API_KEY": api_key, "XDG_CACHE_HOME": str(tmp_path)})
