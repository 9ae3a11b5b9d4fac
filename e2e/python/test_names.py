"""Names a newcomer understands: the public header and the Python package say
what a thing is, not which design document it came from, and no source
refers to an issue number (issues close; code stays)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PUBLIC = [REPO / "include" / "wellness.h", *sorted((REPO / "python" / "wellness").glob("*.py")),
          REPO / "python" / "README.md"]
SOURCES = [path for folder in ("Sources", "Tests", "server/Sources", "server/Tests", "python", "e2e", "examples")
           for path in sorted((REPO / folder).rglob("*"))
           if path.suffix in {".swift", ".c", ".h", ".py", ".sh"} and ".build" not in path.parts
           and path != Path(__file__).resolve()]


def test_the_public_surface_names_no_seed() -> None:
    found = [f"{path.relative_to(REPO)}:{number}: {line.strip()}"
             for path in PUBLIC for number, line in enumerate(path.read_text().splitlines(), 1)
             if re.search(r"\bseeds?\b", line, re.IGNORECASE)]
    assert not found, "\n".join(found)


def test_no_source_cites_an_issue_number() -> None:
    pattern = re.compile(r"\bissue\s*#?\d|\(issue\b|\bissue \"", re.IGNORECASE)
    found = [f"{path.relative_to(REPO)}:{number}: {line.strip()}"
             for path in SOURCES if path.is_file()
             for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1) if pattern.search(line)]
    assert not found, "\n".join(found)
