"""wellness-server under wrk, on SQLite and on PostgreSQL, in one run.

For each engine: a release server with users holding 10, 1,000 and 10,000
insights, then wrk (on the same cores) for GET list (20 a page) at each size,
GET single and a POST mix, at 32 and 128 connections; and the noisy
neighbour: one user's single GETs alone, then while another user lists
10,000 insights; and, beside each list of 1,000 insights, the same wrk
against a bare Hummingbird 2 route (`wellness-server bench-bare`) serving the
very bytes of that page. Prints req/s, p50, p99 and errors per run, and the
targets as ratios measured in this run: the list against the bare route
(target ≥ 0.5×) and PostgreSQL's list against SQLite's (target ≥ 0.8×).

Every run is repeated in rounds (3 by default) and reported as its median.

Usage: e2e/server/postgres.sh run bench_server.py SERVER_BINARY [SECONDS_PER_RUN] [ENGINES] [ROUNDS]
(ENGINES: sqlite,postgres by default; PostgreSQL is the throwaway cluster of
postgres.sh, whose WELLNESS_TEST_POSTGRES_URL names a fresh database.)
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from typing import Dict, Iterator, List, Optional

ROOT = Path(__file__).resolve().parent.parent
SIZES = (10, 1000, 10000)
CONNECTIONS = (32, 128)
# Today's figure for the list at 10 insights, measured before issue 13.
BEFORE_LIST_10 = 1938.0

POST_MIX = """
local bodies = {
  {"/api/v1/goals", '{"title":"Walk more","goal_type":"steps","start_date":"2026-01-01","is_recurring":false}'},
  {"/api/v1/consultations", '{"persona":"general_wellness"}'},
  {"/api/v1/checkins", '{"checkins":[{"date":"2026-01-02","steps":8000,"mood":7}]}'},
}
local n = 0
request = function()
  n = n + 1
  local b = bodies[(n % 3) + 1]
  return wrk.format("POST", b[1], {["Content-Type"] = "application/json", ["X-API-Key"] = KEY}, b[2])
end
"""


@dataclass
class Run:
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    errors: int


def milliseconds(text: str) -> float:
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()  # type: ignore[union-attr]
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def wrk(url: str, key: str, connections: int, seconds: int, script: Optional[str] = None) -> Run:
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "-H", f"X-API-Key: {key}"]
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as lua:
        if script:
            lua.write(f"KEY = {json.dumps(key)}\n{script}")
            command += ["-s", lua.name]
    try:
        output = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(lua.name)
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)$", output, re.M))
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    sockets = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    errors = (int(non_2xx.group(1)) if non_2xx else 0) + (sum(map(int, sockets.groups())) if sockets else 0)
    if errors:
        # Which kind, for whoever reads the table's error count: wrk's own words.
        found = [line.strip() for line in output.splitlines() if "Socket errors" in line or "Non-2xx" in line]
        print(f"wrk reported errors for {url} ({connections} conn): {'; '.join(found)}", file=sys.stderr, flush=True)
    rate = re.search(r"Requests/sec:\s+([\d.]+)", output)
    if "50" not in latency or "99" not in latency:
        # No request completed (wrk prints no distribution then): say so rather than stop the benchmark.
        print(f"wrk printed no latencies for {url}:\n{output}", file=sys.stderr, flush=True)
        return Run(float(rate.group(1)) if rate else 0.0, float("nan"), float("nan"), max(errors, 1))
    return Run(float(rate.group(1)) if rate else 0.0, milliseconds(latency["50"]), milliseconds(latency["99"]), errors)


class Bare:
    """`wellness-server bench-bare`: a bare Hummingbird route answering `body` on a free loopback port."""

    def __init__(self, binary: str, work: Path, body: bytes) -> None:
        page = work / "bare-page.json"
        page.write_bytes(body)
        self.process = subprocess.Popen([binary, "bench-bare", "--body", str(page)],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline() if self.process.stdout else ""
        match = re.match(r"listening on .*:(\d+)$", line.strip())
        if not match:
            self.stop()
            raise RuntimeError(f"bench-bare did not start: {line!r}")
        self.url = f"http://127.0.0.1:{match.group(1)}/api/v1/insights?page_size=20"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def page_bytes(url: str, key: str) -> bytes:
    """The body the server answers `url` with, for the bare route to serve."""
    request = urllib.request.Request(url, headers={"X-API-Key": key})
    with urllib.request.urlopen(request, timeout=30) as response:
        return bytes(response.read())


class Server:
    """A release wellness-server on a free loopback port, seeded with the benchmark's users."""

    def __init__(self, binary: str, work: Path, database: Optional[str]) -> None:
        data = work / "data"
        engine = ["--database", database] if database else []
        # 3: the neighbour's (and GET single's) user; 0: the POST mix's.
        counts = ",".join(map(str, SIZES + (3, 0)))
        users = subprocess.run([binary, "seed", "--data", str(data), *engine, "--insights", counts],
                               capture_output=True, text=True, check=True).stdout.split("\n")
        self.users: Dict[int, Dict[str, str]] = {}
        for line in filter(None, users):
            record = json.loads(line)
            self.users[int(record["insights"])] = record
        self.log = open(work / "server.log", "w")
        self.process = subprocess.Popen(
            [binary, "--port", "0", "--data", str(data), *engine, "--ai-rate-limit", "1000000"],
            stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.process.stdout.readline() if self.process.stdout else ""
        match = re.match(r"listening on .*:(\d+)$", line.strip())
        if not match:
            self.stop()
            raise RuntimeError(f"wellness-server did not start: {line!r}; see {work / 'server.log'}")
        self.base = f"http://127.0.0.1:{match.group(1)}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)
        self.log.close()


def one_round(server: Server, bare: Bare, seconds: int) -> Dict[str, Run]:
    """Every run once: the lists (the list of 1,000 beside the bare route), single GETs and POST mix
    at each connection count, then the neighbour."""
    small = server.users[3]
    single = f"{server.base}/api/v1/insights/{small['first_insight']}"
    results: Dict[str, Run] = {}
    for connections in CONNECTIONS:
        for size in SIZES:
            results[f"GET list, {size:,} insights, {connections} conn"] = wrk(
                f"{server.base}/api/v1/insights?page_size=20", server.users[size]["api_key"], connections, seconds)
            if size == BARE_SIZE:
                results[f"bare Hummingbird route, same bytes, {connections} conn"] = wrk(
                    bare.url, "unused", connections, seconds)
        results[f"GET single, {connections} conn"] = wrk(single, small["api_key"], connections, seconds)
        # A user of its own: check-ins generate insights, which would grow the listed users' lists.
        results[f"POST mix, {connections} conn"] = wrk(
            f"{server.base}/api/v1/goals", server.users[0]["api_key"], connections, seconds, POST_MIX)
    results[IDLE] = wrk(single, small["api_key"], 4, seconds)
    busy: List[Run] = []
    lister = threading.Thread(target=lambda: busy.append(
        wrk(f"{server.base}/api/v1/insights?page_size=20", server.users[10000]["api_key"], 32, seconds + 2)))
    lister.start()
    results[NOISY] = wrk(single, small["api_key"], 4, seconds)
    lister.join()
    if busy:
        results[LISTER] = busy[0]
    return results


IDLE = "neighbour GET single, 4 conn, idle"
NOISY = "neighbour GET single, 4 conn, while 32 conn list 10,000"
LISTER = "(the lister meanwhile)"
LIST_10 = "GET list, 10 insights, 32 conn"
LIST_10000 = "GET list, 10,000 insights, 32 conn"
# The list the bare route serves the bytes of: a full page of 20.
BARE_SIZE = 1000
LIST_BARE = f"GET list, {BARE_SIZE:,} insights, 32 conn"
BARE = "bare Hummingbird route, same bytes, 32 conn"


def measure(server: Server, bare: Bare, seconds: int, rounds: int,
            measured: List[Dict[str, Run]]) -> Iterator[str]:
    """`rounds` rounds of every run, one after another, so that a slow or fast
    spell of the machine (it varies by about ±20 % between runs of one
    binary) touches every figure alike; each figure is the median of its
    rounds, with the lowest and highest req/s beside it, and each ratio the
    median of the ratios within a round."""
    measured.extend(one_round(server, bare, seconds) for _ in range(rounds))
    yield f"| run | req/s (median of {rounds}) | lowest–highest | p50 | p99 | errors (all rounds) |"
    yield "| --- | ---: | ---: | ---: | ---: | ---: |"
    for name in measured[0]:
        runs = [round_[name] for round_ in measured if name in round_]
        rates = [run.requests_per_second for run in runs]
        yield (f"| {name} | {median(rates):,.0f} | {min(rates):,.0f}–{max(rates):,.0f} "
               f"| {median([run.p50_ms for run in runs]):.2f} ms | {median([run.p99_ms for run in runs]):.2f} ms "
               f"| {sum(run.errors for run in runs)} |")
    errors = sum(run.errors for round_ in measured for run in round_.values())
    flat = [r[LIST_10].requests_per_second / max(r[LIST_10000].requests_per_second, 1e-9) for r in measured]
    speedup = [r[LIST_10].requests_per_second / BEFORE_LIST_10 for r in measured]
    neighbour = [r[NOISY].p50_ms / max(r[IDLE].p50_ms, 1e-9) for r in measured]
    yield ""
    yield f"- errors in every run: {errors} (target 0)"
    yield f"- list at 10 / list at 10,000 (32 conn): {figures(flat)} (target ≤ 1.5×)"
    yield f"- list at 10 (32 conn) / before issue 13 ({BEFORE_LIST_10:,.0f} req/s): {figures(speedup)} (target ≥ 3×)"
    yield f"- neighbour p50 busy / idle: {figures(neighbour)} (target ≤ 2×)"
    against_bare = [r[LIST_BARE].requests_per_second / max(r[BARE].requests_per_second, 1e-9) for r in measured]
    yield (f"- list of {BARE_SIZE:,} / bare Hummingbird route serving the same bytes (32 conn): "
           f"{figures(against_bare)} (target ≥ 0.5×: {met(median(against_bare) >= 0.5)})")


def met(condition: bool) -> str:
    return "met" if condition else "not met"


def figures(ratios: List[float]) -> str:
    """The median ratio, and each round's."""
    return f"{median(ratios):.2f}× (rounds: {', '.join(f'{ratio:.2f}×' for ratio in ratios)})"


def main() -> int:
    binary = sys.argv[1]
    seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    engines = sys.argv[3].split(",") if len(sys.argv) > 3 else ["sqlite", "postgres"]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    lists: Dict[str, List[Dict[str, Run]]] = {}
    for engine in engines:
        with tempfile.TemporaryDirectory() as directory:
            work = Path(directory)
            database = os.environ.get("WELLNESS_TEST_POSTGRES_URL") if engine == "postgres" else None
            if engine == "postgres" and not database:
                print("\n## postgres: skipped (run under e2e/server/postgres.sh run)")
                continue
            server = Server(binary, work, database)
            bare: Optional[Bare] = None
            try:
                body = page_bytes(f"{server.base}/api/v1/insights?page_size=20", server.users[BARE_SIZE]["api_key"])
                bare = Bare(binary, work, body)
                print(f"\n## {engine}, wrk on the same cores, {seconds} s a run, {rounds} rounds; "
                      f"the bare route serves the list of {BARE_SIZE:,}'s page, {len(body):,} bytes\n", flush=True)
                lists[engine] = []
                for line in measure(server, bare, seconds, rounds, lists[engine]):
                    print(line, flush=True)
            finally:
                if bare:
                    bare.stop()
                server.stop()
    if "sqlite" in lists and "postgres" in lists:
        # Round i of one engine beside round i of the other: the nearest in time.
        ratios = [p[LIST_BARE].requests_per_second / max(s[LIST_BARE].requests_per_second, 1e-9)
                  for s, p in zip(lists["sqlite"], lists["postgres"])]
        print(f"\n- PostgreSQL / SQLite, list of {BARE_SIZE:,} (32 conn): {figures(ratios)} "
              f"(target ≥ 0.8×: {met(median(ratios) >= 0.8)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
