"""Peak memory of the library's bulk entry points, each measured in a fresh
child process: the input is built first, the kernel's high-water mark is
reset (/proc/self/clear_refs 5), the C entry point is called through ctypes,
and the peak resident growth over the resident size before the call is set
against the input's size and the output's.

Output: the grouped call's Arrow columns (their buffers' bytes) and
query_many's result text; for query tables, the tables the handle keeps,
taken as the resident growth that remains while the handle lives (which also
counts memory the allocator keeps, so it errs towards a larger output).

Used by e2e/python/test_memory.py (small inputs, bound 3x) and
benchmarks/bench_memory.py (large inputs, target 2x).
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Dict

ENTRY_POINTS = ("groups", "tables_json", "tables_json_rows", "tables_arrow", "query_many")

_CHILD = r'''
import ctypes, datetime, json, sys
import numpy as np
import pyarrow as pa
import wellness
from wellness import _native, _columns
from wellness.groups import _ArrowArray, _ArrowSchema, _import

lib = _native.lib
entry, rows = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(5)


def status(key):
    with open("/proc/self/status") as handle:
        return next(int(line.split()[1]) * 1024 for line in handle if line.startswith(key))


def reset():
    with open("/proc/self/clear_refs", "w") as handle:
        handle.write("5")


def sessions_columns():
    starts = 1_600_000_000 + np.sort(rng.integers(0, 3 * 365 * 86_400, rows)).astype(np.int64)
    ends = starts + rng.integers(600, 7_200, rows)
    activities = np.array(["run", "walk", "cycling", "swim", "yoga"])[rng.integers(0, 5, rows)]
    distance = np.round(rng.random(rows) * 20, 2)
    calories = np.round(rng.random(rows) * 900, 1)
    return starts, ends, activities, distance, calories


def check(code, err):
    if code != 0:
        raise SystemExit(_native.error_from(code, err).message)


result = {}
if entry == "groups":
    # About 100 rows a group in 52 weekly buckets (many buckets for the input, the costly case), at most
    # 30,000 groups: within the call's cap of 2,000,000 bucket rows.
    keys = rng.integers(0, min(max(rows // 100, 1), 30_000), rows).astype(np.int64)
    stamps = 1_704_067_200 + rng.integers(0, 365 * 86_400, rows).astype(np.int64)
    values = np.round(rng.random(rows) * 200, 2)
    options = json.dumps({"interval": "week", "statistics": ["count", "sum", "average", "min", "max"],
                          "threads": 2}).encode()
    schema, array, report, err = _ArrowSchema(), _ArrowArray(), _native.Buf(), _native.Buf()
    before = status("VmRSS:")
    reset()
    check(lib.wellness_series_aggregate_groups(
        options, len(options), ctypes.c_void_p(keys.ctypes.data), ctypes.c_void_p(stamps.ctypes.data),
        ctypes.c_void_p(values.ctypes.data), rows, ctypes.byref(schema), ctypes.byref(array),
        ctypes.byref(report), ctypes.byref(err)), err)
    peak = status("VmHWM:")
    table = _import(pa, schema, array)
    result = {"input": keys.nbytes + stamps.nbytes + values.nbytes + len(options),
              "output": sum(buffer.size for column in table.columns for chunk in column.chunks
                            for buffer in chunk.buffers() if buffer is not None),
              "peak": peak - before}
elif entry in ("tables_json", "tables_json_rows", "tables_arrow"):
    starts, ends, activities, distance, calories = sessions_columns()
    handle, err = ctypes.c_void_p(), _native.Buf()
    options = json.dumps({"time_zone": "UTC"}).encode()
    if entry in ("tables_json", "tables_json_rows"):
        columns = {"start": starts.tolist(), "end": ends.tolist(), "activity": activities.tolist(),
                   "distance": distance.tolist(), "calories": calories.tolist()}
        if entry == "tables_json_rows":
            columns = [dict(zip(columns, row)) for row in zip(*columns.values())]
        payload = json.dumps({"time_zone": "UTC", "sessions": columns}).encode()
        del columns
        size = len(payload)
        before = status("VmRSS:")
        reset()
        check(lib.wellness_query_tables_new(payload, len(payload), ctypes.byref(handle), ctypes.byref(err)), err)
    else:
        batch = pa.record_batch({
            "start": pa.array(starts * 1000, pa.timestamp("ms", "UTC")),
            "end": pa.array(ends * 1000, pa.timestamp("ms", "UTC")),
            "activity": pa.array(activities), "distance": pa.array(distance), "calories": pa.array(calories)})
        size = batch.nbytes
        schema, array = _ArrowSchema(), _ArrowArray()
        batch._export_to_c(ctypes.addressof(array), ctypes.addressof(schema))
        before = status("VmRSS:")
        reset()
        check(lib.wellness_query_tables_new_arrow(options, len(options), None, None, ctypes.byref(schema),
                                                  ctypes.byref(array), ctypes.byref(handle), ctypes.byref(err)), err)
    peak = status("VmHWM:")
    ctypes.CDLL(None).malloc_trim(0)  # memory freed during the call is not the tables'
    result = {"input": size, "output": max(status("VmRSS:") - before, 0), "peak": peak - before}
elif entry == "query_many":
    daily = {"date": [str(datetime.date(2025, 1, 1) + datetime.timedelta(days=day)) for day in range(365)],
             "steps": [float(step) for step in rng.integers(0, 20_000, 365)]}
    tables = wellness.QueryTables(daily=daily)
    query = {"table": "daily", "metric": "steps", "reduce": "average", "window": {"last_days": 30},
             "anchor": "2025-12-31"}
    payload = json.dumps({"queries": [query] * rows}).encode()
    out, err = _native.Buf(), _native.Buf()
    before = status("VmRSS:")
    reset()
    check(lib.wellness_query_many(tables._live(), payload, len(payload), ctypes.byref(out), ctypes.byref(err)), err)
    peak = status("VmHWM:")
    result = {"input": len(payload), "output": out.len, "peak": peak - before}
print(json.dumps(result))
'''


def measure(entry: str, rows: int) -> Dict[str, int]:
    """`{"input", "output", "peak"}` in bytes for one call of `entry` (one of ENTRY_POINTS) over `rows` rows."""
    child = subprocess.run([sys.executable, "-c", _CHILD, entry, str(rows)], capture_output=True, text=True)
    if child.returncode != 0:
        raise RuntimeError(f"the {entry} probe failed: {child.stderr.strip()[-2000:]}")
    return {name: int(value) for name, value in json.loads(child.stdout).items()}


def ratio(figures: Dict[str, int]) -> float:
    """The peak beyond the output, over the input: the target is at most 2."""
    return (figures["peak"] - figures["output"]) / figures["input"]
