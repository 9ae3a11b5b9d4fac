"""Every example of the README and the docs runs as written.

Python: each document's ```python blocks pass mypy --strict and run as one
session (e2e/python/doc_examples.py), keeping every output they promise in a
comment. A document whose blocks talk to the API (they read WELLNESS_URL)
runs against a live wellness-server; one that uses Spark needs PySpark and
Java. C: the README's C program compiles against wellness.h and the library
under test and prints what it promises."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, Iterator, List, Tuple

import pytest

import doc_examples
from servers import start_wellness_server
from tools import REPO, mypy, require

DOCUMENTS: List[Path] = [REPO / "README.md", REPO / "python" / "README.md",
                         *sorted((REPO / "docs").glob("*.md"))]
WITH_PYTHON: List[Path] = [document for document in DOCUMENTS if doc_examples.blocks(document)]


def needs_server(document: Path) -> bool:
    return any("WELLNESS_URL" in block for block in doc_examples.blocks(document))


def needs_spark(document: Path) -> bool:
    return any("wellness.spark" in block for block in doc_examples.blocks(document))


def run(document: Path, directory: Path, environment: Dict[str, str]) -> None:
    result = subprocess.run([sys.executable, str(REPO / "e2e" / "python" / "doc_examples.py"), str(document)],
                            capture_output=True, text=True, cwd=directory,
                            env={**os.environ, **environment}, timeout=600)
    assert result.returncode == 0, f"{document.relative_to(REPO)}:\n{result.stdout}\n{result.stderr}"


@pytest.fixture(scope="module")
def live() -> Iterator[Tuple[str, str, str]]:
    yield from start_wellness_server()


@pytest.mark.parametrize("block, broken", [
    ("total = 1 + 1\ntotal   # 3\n", "promises '3'; its value is 2"),
    ("print('hello world')   # hello there\n", "promises it prints 'hello there'"),
    ("for word in ['a', 'b']:\n    print(word * 2)   # cc\n", "promises it prints 'cc'"),
])
def test_a_broken_promise_fails_the_document(block: str, broken: str, tmp_path: Path) -> None:
    document = tmp_path / "broken.md"
    document.write_text(f"Text.\n\n```python\n{block}```\n")
    result = subprocess.run([sys.executable, str(REPO / "e2e" / "python" / "doc_examples.py"), str(document)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and broken in result.stderr, result.stderr


def test_the_documents_have_examples() -> None:
    names = {document.relative_to(REPO).as_posix() for document in WITH_PYTHON}
    assert {"README.md", "python/README.md", "docs/QUERY.md", "docs/AI.md", "docs/SERIES.md"} <= names
    assert any("aggregate_frame" in block for block in doc_examples.blocks(REPO / "README.md"))


@pytest.mark.parametrize("document", WITH_PYTHON, ids=lambda path: path.relative_to(REPO).as_posix())
def test_the_examples_are_strictly_typed(document: Path, tmp_path: Path) -> None:
    script = tmp_path / f"{document.stem.lower()}_examples.py"
    script.write_text("\n".join(doc_examples.blocks(document)))
    result = mypy([script.name], cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("document", [document for document in WITH_PYTHON if not needs_server(document)],
                         ids=lambda path: path.relative_to(REPO).as_posix())
def test_the_examples_run(document: Path, tmp_path: Path) -> None:
    for block in doc_examples.blocks(document):
        for module in re.findall(r"^import (numpy|pandas|polars)", block, re.M):
            require(module)
    environment: Dict[str, str] = {}
    if needs_spark(document):
        require("pyspark")
        if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
            pytest.skip("no Java for PySpark (make deps installs openjdk-17-jre-headless)")
        environment["PYSPARK_PYTHON"] = sys.executable
    run(document, tmp_path, environment)


@pytest.mark.parametrize("document", [document for document in WITH_PYTHON if needs_server(document)],
                         ids=lambda path: path.relative_to(REPO).as_posix())
def test_the_examples_run_against_a_live_server(document: Path, live: Tuple[str, str, str],
                                                tmp_path: Path) -> None:
    base_url, api_key, _ = live
    run(document, tmp_path, {"WELLNESS_URL": base_url, "WELLNESS_API_KEY": api_key,
                             "XDG_CACHE_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)})


def library_file() -> Path:
    """The libwellness.so the wellness package loaded (the wheel's, or WELLNESS_LIBRARY's)."""
    import wellness._native as native
    return Path(native.lib._name)


def test_the_readme_c_program_prints_what_it_promises(tmp_path: Path) -> None:
    compiler = shutil.which(os.environ.get("CC", "cc"))
    if compiler is None:
        pytest.skip("no C compiler")
    (program,) = re.findall(r"^```c\n(.*?)^```", (REPO / "README.md").read_text(), re.M | re.S)
    (promise,) = re.findall(r"puts\(.*\);\s*/\*\s*(.*?)\s*\*/", program)
    source = tmp_path / "app.c"
    source.write_text(program)
    library = library_file()
    # The linker's name and the soname, as an install lays them out: the
    # wheel's file has neither.
    for name in ("libwellness.so", "libwellness.so.1"):
        (tmp_path / name).symlink_to(library)
    built = subprocess.run([compiler, "-std=c99", "-Wall", "-Wextra", "-Werror", f"-I{REPO / 'include'}",
                            str(source), "-o", str(tmp_path / "app"), f"-L{tmp_path}", "-lwellness",
                            f"-Wl,-rpath,{tmp_path}"], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    result = subprocess.run([str(tmp_path / "app")], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert doc_examples.printed_contains(promise, result.stdout), (promise, result.stdout)
