"""Weekly aggregation of 1,000,000 minute samples: libwellness against pandas and polars,
and wellness.aggregate_frame's overhead over the raw columnar call.

The workload of issue #3: about two years of minute-resolution samples,
weekly average / min / max / count in America/New_York (Monday weeks).
Every contender computes the same buckets from the same input, and the
results are checked against each other before any time is reported.

The JSON call is also set against simdjson's on-demand parser walking every
timestamp and value of the same bytes (benchmarks/simdjson_walk.cpp, built by
`make bench` against Debian's libsimdjson-dev and passed as the first
argument; target: ours within 1.2x).

Run with `make bench` (build/venv has pandas and polars).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Callable

import numpy as np
import pandas as pd
import polars as pl

import wellness

SAMPLES = 1_000_000
ZONE = "America/New_York"
START = 1_704_067_200  # 2024-01-01T00:00:00Z
REPEATS = 5
OPTIONS = {"interval": "week", "time_zone": ZONE, "first_weekday": "monday"}


def make_data() -> tuple[np.ndarray, np.ndarray, bytes]:
    """Sorted random minutes over two years, values with two decimals, and their JSON."""
    rng = np.random.default_rng(42)
    minutes = np.sort(rng.choice(2 * 365 * 24 * 60, size=SAMPLES, replace=False))
    timestamps = (START + minutes * 60).astype(np.int64)
    values = np.round(rng.normal(70, 12, SAMPLES), 2)
    payload = json.dumps([{"timestamp": int(t), "value": float(v)} for t, v in zip(timestamps, values)])
    return timestamps, values, payload.encode()


def best_of(run: Callable[[], object]) -> tuple[float, object]:
    """Median wall time of REPEATS runs, and the last result."""
    times, result = [], None
    for _ in range(REPEATS):
        started = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - started)
    return statistics.median(times), result


def wellness_json(payload: bytes) -> dict[str, int]:
    report = wellness.series_aggregate(OPTIONS, payload)
    return {bucket["start"]: bucket["count"] for bucket in report["buckets"]}


def wellness_columns(timestamps: np.ndarray, values: np.ndarray) -> dict[str, int]:
    report = wellness.series_aggregate_columns({**OPTIONS, "timestamp_unit": "s"}, timestamps, values)
    return {bucket["start"]: bucket["count"] for bucket in report["buckets"]}


def wellness_frame(frame: pd.DataFrame | pl.DataFrame) -> dict[str, int]:
    """aggregate_frame: the frame's columns to the columnar call, the buckets back as a frame."""
    weekly = wellness.aggregate_frame(frame, time="timestamp", value="value", interval="week", time_zone=ZONE,
                                      first_weekday="monday")
    if isinstance(weekly, pl.DataFrame):
        return {day.isoformat(): count for day, count in zip(weekly["start"].to_list(), weekly["count"].to_list())}
    return {str(day.date()): int(count) for day, count in zip(weekly["start"], weekly["count"])}


def pandas_frame(frame: pd.DataFrame) -> dict[str, int]:
    # Bucket by local calendar day, then Monday weeks: the same rule as the library.
    local = pd.to_datetime(frame["timestamp"], unit="s", utc=True).dt.tz_convert(ZONE)
    days = local.dt.tz_localize(None).dt.normalize()
    grouped = frame.assign(day=days).resample("W-MON", on="day", label="left", closed="left")["value"]
    stats = grouped.agg(["mean", "min", "max", "count"])
    stats = stats[stats["count"] > 0]
    return {str(day.date()): int(count) for day, count in stats["count"].items()}


def pandas_json(payload: bytes) -> dict[str, int]:
    return pandas_frame(pd.DataFrame(json.loads(payload)))


def polars_frame(frame: pl.DataFrame) -> dict[str, int]:
    local = frame.with_columns(
        pl.from_epoch("timestamp", time_unit="s").dt.replace_time_zone("UTC").dt.convert_time_zone(ZONE).alias("at")
    )
    stats = local.group_by_dynamic("at", every="1w", start_by="monday").agg(
        pl.col("value").mean().alias("mean"),
        pl.col("value").min().alias("min"),
        pl.col("value").max().alias("max"),
        pl.len().alias("count"),
    )
    return {str(at.date()): int(count) for at, count in zip(stats["at"], stats["count"])}


def polars_json(payload: bytes) -> dict[str, int]:
    return polars_frame(pl.read_json(payload))


def peak_memory_ratio(payload: bytes) -> float:
    """Peak RSS growth during one JSON call, over the input size, in a fresh process.

    The kernel's high-water mark is reset just before the call (clear_refs 5),
    so reading the input does not count.
    """
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as handle:
        handle.write(payload)
    probe = (
        "import sys, wellness\n"
        "def status(key):\n"
        "    return next(int(line.split()[1]) for line in open('/proc/self/status') if line.startswith(key))\n"
        "data = open(sys.argv[1], 'rb').read()\n"
        "before = status('VmRSS:')\n"
        "open('/proc/self/clear_refs', 'w').write('5')\n"
        "wellness.series_aggregate({'interval': 'week', 'time_zone': 'America/New_York'}, data)\n"
        "print((status('VmHWM:') - before) * 1024 / len(data))\n"
    )
    try:
        output = subprocess.run([sys.executable, "-c", probe, handle.name], check=True,
                                capture_output=True, text=True).stdout
    finally:
        os.unlink(handle.name)
    return float(output)


def simdjson_seconds(walker: str, payload: bytes) -> float:
    """simdjson's median parse-and-walk time of `payload`, from the walker
    program, which checks that it saw every sample."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as handle:
        handle.write(payload)
    try:
        output = subprocess.run([walker, handle.name, str(REPEATS)], check=True, capture_output=True,
                                text=True).stdout.split()
    finally:
        os.unlink(handle.name)
    if int(output[2]) != SAMPLES:
        raise SystemExit(f"simdjson walked {output[2]} samples, not {SAMPLES}")
    return float(output[0]) / 1000


def main() -> None:
    walker = sys.argv[1] if len(sys.argv) > 1 else None
    timestamps, values, payload = make_data()
    print(f"{SAMPLES:,} samples, {len(payload) / 1e6:.1f} MB of JSON, weekly buckets in {ZONE}; "
          f"median of {REPEATS} runs; libwellness {wellness.version()}")

    reference = wellness_columns(timestamps, values)
    # The frames exist before timing: aggregate_frame's own cost is measured.
    pandas_input = pd.DataFrame({"timestamp": timestamps, "value": values})
    polars_input = pl.DataFrame({"timestamp": timestamps, "value": values})
    pandas_datetimes = pd.DataFrame({"timestamp": pd.to_datetime(timestamps, unit="s", utc=True), "value": values})
    contenders = {
        "libwellness JSON (Python bytes in)": lambda: wellness_json(payload),
        "libwellness columns (numpy, zero-copy)": lambda: wellness_columns(timestamps, values),
        "pandas json.loads + resample": lambda: pandas_json(payload),
        "polars read_json + group_by_dynamic": lambda: polars_json(payload),
        "pandas from arrays + resample": lambda: pandas_frame(pd.DataFrame({"timestamp": timestamps, "value": values})),
        "polars from arrays + group_by_dynamic": lambda: polars_frame(pl.DataFrame({"timestamp": timestamps,
                                                                                   "value": values})),
        "aggregate_frame (pandas, int64 seconds)": lambda: wellness_frame(pandas_input),
        "aggregate_frame (polars, int64 seconds)": lambda: wellness_frame(polars_input),
        "aggregate_frame (pandas, datetime64 UTC)": lambda: wellness_frame(pandas_datetimes),
    }
    seconds: dict[str, float] = {}
    for name, run in contenders.items():
        elapsed, buckets = best_of(run)
        if buckets != reference:
            raise SystemExit(f"{name} disagrees with libwellness: {len(buckets)} vs {len(reference)} buckets")
        seconds[name] = elapsed

    ours_json = seconds["libwellness JSON (Python bytes in)"]
    ours_columns = seconds["libwellness columns (numpy, zero-copy)"]
    print(f"\n{'contender':42} {'time':>10} {'vs JSON':>9} {'vs columns':>11}")
    for name, elapsed in seconds.items():
        print(f"{name:42} {elapsed * 1000:8.1f}ms {elapsed / ours_json:8.2f}x {elapsed / ours_columns:10.2f}x")
    print("\naggregate_frame's overhead over the columnar call (same arrays, same run): " + ", ".join(
        f"{name[len('aggregate_frame ('):-1]} {(seconds[name] - ours_columns) * 1000:+.1f} ms"
        for name in seconds if name.startswith("aggregate_frame")))
    if walker is not None:
        simdjson = simdjson_seconds(walker, payload)
        print(f"\nsimdjson on-demand parse + walk of the same bytes (C++, no Python): {simdjson * 1000:.1f} ms; "
              f"libwellness JSON / simdjson: {ours_json / simdjson:.2f}x (target <= 1.2x: "
              f"{'met' if ours_json <= 1.2 * simdjson else 'NOT met'})")
    else:
        print("\nsimdjson: not measured (pass benchmarks/simdjson_walk.cpp's binary, as make bench does)")
    ratio = peak_memory_ratio(payload)
    print(f"\nall {len(reference)} weekly buckets agree across contenders")
    print(f"peak extra memory of the JSON call: {ratio:.2f}x the input size (target <= 3x)")
    print(f"targets: JSON <= 100 ms: {'met' if ours_json <= 0.1 else 'MISSED'} ({ours_json * 1000:.1f} ms); "
          f"columns <= 2 ms: {'met' if ours_columns <= 0.002 else 'MISSED'} ({ours_columns * 1000:.2f} ms); "
          f"columns no slower than polars from arrays: "
          f"{'met' if ours_columns <= seconds['polars from arrays + group_by_dynamic'] else 'MISSED'}")


if __name__ == "__main__":
    main()
