"""wellness-server with a slow language model: does it keep serving?

A scripted OpenAI-compatible provider on a loopback port answers every call
after 2 s (a valid goal-suggestions answer) and records how many calls it
holds at once. A release server (SQLite) is configured with it and
`--ai-concurrency` 8. Then, for SECONDS: 200 clients of 50 users each keep
one goal suggestions request going (a new one when the last is answered, at
most one every 2 s, as an app would), while wrk lists another user's
insights (4 connections). The same list run alone gives the idle figure.

Prints the list's p50 idle and under load (target: within 2×), the most
calls the provider held at once (target: at most --ai-concurrency), the
suggestion requests' latency and errors, and the server's own metrics of
answers by source and fallbacks by reason.

Usage: bench_ai_load.py SERVER_BINARY [SECONDS]
"""

from __future__ import annotations

import http.client
import json
import re
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from statistics import median
from typing import Dict, List, Tuple

from bench_server import Run, wrk

PROVIDER_DELAY = 2.0
CONCURRENCY = 8
USERS = 50
CLIENTS = 200

# No digits in the prose, so grounding has nothing to check; targets within the domain's ranges.
SUGGESTIONS = {
    "suggestions": [
        {"title": title, "description": "One step at a time.", "goal_type": "activity", "target_value": target,
         "target_unit": unit, "rationale": "It builds on your recent days.", "estimated_duration": 30,
         "difficulty": 3}
        for title, target, unit in [("Walk a little more each day", 8000, "steps"),
                                    ("Work out a few times a week", 3, "workouts"),
                                    ("Stretch every morning", 10, "minutes")]
    ]
}


class Provider(ThreadingHTTPServer):
    """The scripted provider: every call answered after PROVIDER_DELAY, in-flight calls counted."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), ProviderHandler)
        self.lock = threading.Lock()
        self.in_flight = 0
        self.most_in_flight = 0
        self.calls = 0

    def enter(self) -> None:
        with self.lock:
            self.in_flight += 1
            self.calls += 1
            self.most_in_flight = max(self.most_in_flight, self.in_flight)

    def leave(self) -> None:
        with self.lock:
            self.in_flight -= 1


class ProviderHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
        provider: Provider = self.server  # type: ignore[assignment]
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        provider.enter()
        try:
            time.sleep(PROVIDER_DELAY)
            body = json.dumps({
                "id": "chatcmpl-bench", "object": "chat.completion",
                "choices": [{"index": 0, "finish_reason": "stop",
                             "message": {"role": "assistant", "content": json.dumps(SUGGESTIONS)}}],
                "usage": {"prompt_tokens": 900, "completion_tokens": 200, "total_tokens": 1100},
            }).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        finally:
            provider.leave()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the standard library's name)
        pass


def start_server(binary: str, work: Path, provider_port: int) -> Tuple[subprocess.Popen, str, List[Dict[str, str]]]:
    data = work / "data"
    seeded = subprocess.run([binary, "seed", "--data", str(data), "--insights", ",".join(["10"] * (USERS + 1))],
                            capture_output=True, text=True, check=True).stdout
    users = [json.loads(line) for line in seeded.splitlines() if line]
    log = open(work / "server.log", "w")
    process = subprocess.Popen(
        [binary, "--port", "0", "--data", str(data), "--ai-rate-limit", "1000000",
         "--ai-base-url", f"http://127.0.0.1:{provider_port}/v1", "--ai-model", "bench-model",
         "--ai-concurrency", str(CONCURRENCY), "--ai-timeout", "20"],
        stdout=subprocess.PIPE, stderr=log, text=True)
    line = process.stdout.readline() if process.stdout else ""
    match = re.match(r"listening on .*:(\d+)$", line.strip())
    if not match:
        process.terminate()
        raise RuntimeError(f"wellness-server did not start: {line!r}; see {work / 'server.log'}")
    return process, match.group(1), users


def suggest_until(port: str, key: str, stop: threading.Event, latencies: List[float], errors: List[int]) -> None:
    """One client: a goal suggestions request at a time, at most one every PROVIDER_DELAY, until `stop`."""
    connection = http.client.HTTPConnection("127.0.0.1", int(port), timeout=60)
    while True:
        started = time.perf_counter()
        try:
            connection.request("POST", "/api/v1/goals/suggestions", body=b"{}",
                               headers={"X-API-Key": key, "Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                errors.append(response.status)
        except (OSError, http.client.HTTPException):
            errors.append(0)
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", int(port), timeout=60)
        latencies.append(time.perf_counter() - started)
        if stop.wait(max(0.0, started + PROVIDER_DELAY - time.perf_counter())):
            break
    connection.close()


def metrics(port: str) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", int(port), timeout=10)
    connection.request("GET", "/metrics")
    text = connection.getresponse().read().decode()
    connection.close()
    return text


def counts(text: str, name: str, label: str) -> Dict[str, float]:
    """`name`'s samples summed by the value of `label`."""
    result: Dict[str, float] = {}
    for labels, value in re.findall(rf"^{name}\{{(.*)\}} (\S+)$", text, re.M):
        key = dict(re.findall(r'(\w+)="([^"]*)"', labels)).get(label, "")
        result[key] = result.get(key, 0.0) + float(value)
    return result


def main() -> int:
    binary = sys.argv[1]
    seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    provider = Provider()
    threading.Thread(target=provider.serve_forever, daemon=True).start()
    with tempfile.TemporaryDirectory() as directory:
        process, port, users = start_server(binary, Path(directory), provider.server_address[1])
        try:
            lister, suggesters = users[0], users[1:]
            list_url = f"http://127.0.0.1:{port}/api/v1/insights?page_size=20"
            idle = wrk(list_url, lister["api_key"], 4, seconds)
            stop = threading.Event()
            latencies: List[float] = []
            errors: List[int] = []
            clients = [threading.Thread(target=suggest_until,
                                        args=(port, suggesters[i % USERS]["api_key"], stop, latencies, errors))
                       for i in range(CLIENTS)]
            for client in clients:
                client.start()
            time.sleep(PROVIDER_DELAY)  # every client has had a request in flight
            busy = wrk(list_url, lister["api_key"], 4, seconds)
            stop.set()
            for client in clients:
                client.join()
            report(idle, busy, provider, latencies, errors, metrics(port), seconds)
        finally:
            process.terminate()
            process.wait(timeout=30)
    provider.shutdown()
    return 0


def report(idle: Run, busy: Run, provider: Provider, latencies: List[float], errors: List[int], text: str,
           seconds: int) -> None:
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else 0.0
    print(f"\n## A slow model: provider answers after {PROVIDER_DELAY:.0f} s, --ai-concurrency {CONCURRENCY}, "
          f"{CLIENTS} clients of {USERS} users asking for goal suggestions, {seconds} s\n")
    print("| run | req/s | p50 | p99 | errors |")
    print("| --- | ---: | ---: | ---: | ---: |")
    print(f"| GET list (another user), 4 conn, idle | {idle.requests_per_second:,.0f} | {idle.p50_ms:.2f} ms "
          f"| {idle.p99_ms:.2f} ms | {idle.errors} |")
    print(f"| GET list (another user), 4 conn, during the suggestions | {busy.requests_per_second:,.0f} "
          f"| {busy.p50_ms:.2f} ms | {busy.p99_ms:.2f} ms | {busy.errors} |")
    print(f"| POST goals/suggestions, {CLIENTS} clients | {len(latencies) / (seconds + PROVIDER_DELAY):,.0f} "
          f"| {median(latencies) * 1000 if latencies else 0:.2f} ms | {p99 * 1000:.2f} ms | {len(errors)} |")
    answers = counts(text, "wellness_ai_answers_total", "source")
    fallbacks = counts(text, "wellness_ai_fallbacks_total", "reason")
    print(f"\n- list p50 during / idle: {busy.p50_ms / max(idle.p50_ms, 1e-9):.2f}× (target ≤ 2×)")
    print(f"- most calls the provider held at once: {provider.most_in_flight} of {provider.calls} calls "
          f"(target ≤ --ai-concurrency {CONCURRENCY})")
    print(f"- answers by source (/metrics): {json.dumps(answers)}; fallbacks by reason: {json.dumps(fallbacks)}")


if __name__ == "__main__":
    sys.exit(main())
