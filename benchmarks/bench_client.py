"""GET /api/v1/insights through libwellness's client against Python requests and curl.

All three talk to the same release wellness-server (demo user, a year of
data) in the same run, one request at a time over a kept-alive connection,
and each response is read in full (the client also validates every insight).
Usage: bench_client.py SERVER_BINARY [REQUESTS]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from typing import Callable, List

import requests

import wellness


def percentiles(latencies: List[float]) -> str:
    ordered = sorted(latencies)
    p50 = ordered[len(ordered) // 2] * 1000
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    return f"{len(ordered) / sum(ordered):8.0f} req/s  p50 {p50:6.2f} ms  p99 {p99:6.2f} ms"


def timed(call: Callable[[], object], count: int) -> List[float]:
    for _ in range(20):
        call()
    latencies = []
    for _ in range(count):
        started = time.perf_counter()
        call()
        latencies.append(time.perf_counter() - started)
    return latencies


def curl_latencies(url: str, api_key: str, count: int) -> List[float]:
    """One curl process, `count` requests on one connection; curl's own per-request timings."""
    targets = [argument for _ in range(count) for argument in ("-o", "/dev/null", url)]
    output = subprocess.run(["curl", "-s", "-H", f"X-API-Key: {api_key}", "-w", "%{time_total}\\n"] + targets,
                            check=True, capture_output=True, text=True).stdout
    return [float(line) for line in output.split()]


def main() -> None:
    server, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    with tempfile.TemporaryDirectory() as data:
        process = subprocess.Popen([server, "--port", "0", "--data", data, "--demo"], stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True)
        try:
            fields = {}
            for line in process.stdout:
                key, _, value = line.strip().partition(" ")
                fields[key] = value
                if key == "listening":
                    break
            base_url = f"http://127.0.0.1:{fields['listening'].rsplit(':', 1)[1]}"
            url = f"{base_url}/api/v1/insights"
            client = wellness.Client(base_url, api_key=fields["api_key"], cache_directory=False)
            session = requests.Session()
            session.headers["X-API-Key"] = fields["api_key"]
            results = {
                "libwellness client (C ABI + libcurl)": timed(lambda: client.list_insights(), count),
                "Python requests + json": timed(lambda: session.get(url).json(), count),
                "curl (one process, kept alive)": curl_latencies(url, fields["api_key"], count),
            }
        finally:
            process.terminate()
            process.wait()
    print(f"GET /api/v1/insights (a page of 20 insights), {count} sequential requests each")
    ours = statistics.mean(results["libwellness client (C ABI + libcurl)"])
    for name, latencies in results.items():
        print(f"{name:40} {percentiles(latencies)}  mean {statistics.mean(latencies) / ours:5.2f}x ours")



if __name__ == "__main__":
    main()
