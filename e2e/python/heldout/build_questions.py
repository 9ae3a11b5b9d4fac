"""Writes questions.jsonl: the held-out questions about the dataset
(dataset.py), each with its meaning in one line and the answer the oracle
(oracle.py, pandas) computes for that meaning.

    python e2e/python/heldout/build_questions.py          # rewrites questions.jsonl
    python e2e/python/heldout/build_questions.py --check  # fails when the file is stale

The questions were written without looking at the reader's phrasing list or
its code: they are what a person types about such data. Deterministic (one
seed). Questions whose meaning cannot be pinned down are not in the set; where
a word has two honest readings ("runs" with or without treadmill runs, "how
often" as workouts or days), both answers are accepted (`also`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Dict, List

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from heldout import questions_daily, questions_mixed, questions_sessions  # noqa: E402
from heldout.common import Builder  # noqa: E402
from heldout.dataset import FIRST_DAY  # noqa: E402

OUT = Path(__file__).with_name("questions.jsonl")


def build() -> List[Dict[str, Any]]:
    builder = Builder()
    questions_daily.add_all(builder)
    questions_sessions.add_all(builder)
    questions_mixed.add_all(builder)
    return builder.items


def main() -> int:
    items = build()
    text = "".join(json.dumps(item, sort_keys=True) + "\n" for item in items)
    if "--check" in sys.argv:
        if OUT.read_text() != text:
            print(f"{OUT} is stale: run python {Path(__file__).name}", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text)
    categories: Dict[str, int] = {}
    for item in items:
        categories[item["category"]] = categories.get(item["category"], 0) + 1
    print(len(items), "questions", categories, f"first day {FIRST_DAY}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
