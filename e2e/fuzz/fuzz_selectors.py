"""The selectors of fuzz_selectors.h, read from the header (its one source of truth), in order."""

import re
from pathlib import Path

HEADER = Path(__file__).resolve().parent / "fuzz_selectors.h"

SELECTORS = [name.lower() for name, _ in sorted(
    ((match[0], int(match[1])) for match in re.findall(r"FUZZ_([A-Z_]+) = (\d+),", HEADER.read_text())),
    key=lambda pair: pair[1])]
