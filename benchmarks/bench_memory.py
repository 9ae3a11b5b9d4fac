"""Peak memory of the bulk entry points on large inputs, each call in a fresh
process (e2e/python/memory_probe.py: the kernel's high-water mark reset just
before the call, /proc/self/status read after it): the peak resident growth
less the output, over the input. Target: at most 2x for every entry point;
e2e/python/test_memory.py checks 3x on small inputs in `make test`.

Run with `make bench`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e" / "python"))
import memory_probe  # noqa: E402

SCALE = float(os.environ.get("WELLNESS_BENCH_MEMORY_SCALE", 1))
CALLS = {
    "grouped call (rows of 3 columns)": ("groups", 5_000_000),
    "query tables from JSON (session columns)": ("tables_json", 2_000_000),
    "query tables from JSON (session rows)": ("tables_json_rows", 2_000_000),
    "query tables from Arrow (session rows)": ("tables_arrow", 2_000_000),
    "query_many (queries)": ("query_many", 100_000),
}
TARGET = 2.0


def main() -> None:
    print(f"Peak memory beyond the output, over the input (target <= {TARGET:.0f}x), one fresh process each:")
    for name, (entry, rows) in CALLS.items():
        rows = max(1, int(rows * SCALE))
        figures = memory_probe.measure(entry, rows)
        ratio = memory_probe.ratio(figures)
        print(f"  {name:40s} {rows:>10,}: input {figures['input'] / 1e6:8.1f} MB, output "
              f"{figures['output'] / 1e6:8.1f} MB, peak +{figures['peak'] / 1e6:8.1f} MB: {ratio:5.2f}x  "
              f"{'met' if ratio <= TARGET else 'NOT met'}")


if __name__ == "__main__":
    main()
