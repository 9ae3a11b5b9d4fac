"""The cost of offline mode: a queued write (the API down: the port refuses
connections), an answer from the offline cache, and a sync of 1,000 queued
writes against wellness-server.

Usage: bench_offline.py SERVER_BINARY [WRITES]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Tuple

import wellness


def start(binary: str, data: str, port: int) -> Tuple[subprocess.Popen[str], int, str]:
    process = subprocess.Popen([binary, "--port", str(port), "--data", data, "--demo", "--ai-rate-limit", "100000"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    lines: Dict[str, str] = {}
    for line in process.stdout:
        key, _, value = line.strip().partition(" ")
        lines[key] = value
        if key == "listening":
            break
    return process, int(lines["listening"].rsplit(":", 1)[1]), lines["api_key"]


def stop(process: subprocess.Popen[str]) -> None:
    process.terminate()
    process.wait(timeout=10)


def microseconds(samples: List[float]) -> str:
    ordered = sorted(samples)
    return (f"median {statistics.median(ordered) * 1e6:8.0f} µs  p99 "
            f"{ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1e6:8.0f} µs")


def main() -> None:
    binary = sys.argv[1]
    writes = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as store:
        process, port, api_key = start(binary, data, 0)
        base_url = f"http://127.0.0.1:{port}"
        client = wellness.OfflineClient(base_url, api_key=api_key, store_directory=Path(store),
                                 cache_directory=False, max_retries=0, timeout=2, ai_timeout=2)
        client.list_goals()
        stop(process)
        queued: List[float] = []
        for n in range(writes):
            started = time.perf_counter()
            result = client.create_goal({"title": f"bench-{n:05d}", "goal_type": "activity",
                                         "start_date": "2025-01-01", "is_recurring": False})
            queued.append(time.perf_counter() - started)
            assert result.get("queued") is True
        cached: List[float] = []
        for _ in range(200):
            started = time.perf_counter()
            assert client.list_goals()["source"] == "offline_cache"
            cached.append(time.perf_counter() - started)
        process, _, _ = start(binary, data, port)
        try:
            started = time.perf_counter()
            report = client.sync()
            elapsed = time.perf_counter() - started
            assert report["delivered"] == writes and report["remaining"] == 0, report
        finally:
            stop(process)
        print(f"queued write (API down)      {microseconds(queued)}")
        print(f"read from the offline cache  {microseconds(cached)}")
        print(f"sync of {writes} queued writes  {elapsed:.2f} s ({elapsed / writes * 1e3:.2f} ms a write)")


if __name__ == "__main__":
    main()
