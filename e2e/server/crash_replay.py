"""Keyed goal POSTs across a kill -9: each is applied exactly once.

Usage:
  crash_replay.py burst PORT API_KEY SERVER_PID STATE  -- POSTs COUNT goals from
      16 threads, each with its own Idempotency-Key, kills the server (SIGKILL)
      once KILL_AFTER are answered, and writes which got an answer to STATE.
  crash_replay.py replay PORT API_KEY STATE  -- sends every unanswered POST again
      with its key (until it gets a final answer), then checks through the API
      that every goal of the burst exists exactly once.
"""
import json
import os
import signal
import sys
import threading
import time
import urllib.error
import urllib.request

COUNT = 240
KILL_AFTER = 60
THREADS = 16
# A claim holds its key for the server's --database-timeout; replays meet 409 until then.
REPLAY_SECONDS = 30


def title(n: int) -> str:
    return f"crash goal {n}"


def post(port: int, api_key: str, n: int) -> tuple[int, dict]:
    """The status and JSON body of goal n's POST; raises OSError when no answer came."""
    body = json.dumps({"title": title(n), "goal_type": "activity", "start_date": "2025-01-01",
                       "is_recurring": False}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/goals", data=body, method="POST", headers={
        "X-API-Key": api_key, "Content-Type": "application/json", "Idempotency-Key": f"crash-{n}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def burst(port: int, api_key: str, pid: int, state: str) -> int:
    answered: dict[int, int] = {}
    lock = threading.Lock()
    killed = threading.Event()
    next_goal = iter(range(COUNT))

    def worker() -> None:
        while True:
            with lock:
                n = next(next_goal, None)
            if n is None:
                return
            try:
                status, _ = post(port, api_key, n)
            except (OSError, ValueError):
                continue
            with lock:
                answered[n] = status
                if len(answered) >= KILL_AFTER and not killed.is_set():
                    killed.set()
                    os.kill(pid, signal.SIGKILL)

    threads = [threading.Thread(target=worker) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if not killed.is_set():
        print("the server was not killed mid-burst")
        return 1
    with open(state, "w") as file:
        json.dump({str(n): status for n, status in answered.items()}, file)
    print(f"burst: {len(answered)} of {COUNT} answered before and around the kill")
    return 0


def goal_titles(port: int, api_key: str) -> list[str]:
    titles: list[str] = []
    page = 1
    while True:
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/goals?page={page}&page_size=100",
                                         headers={"X-API-Key": api_key})
        with urllib.request.urlopen(request, timeout=10) as response:
            data = json.load(response)["data"]
        titles += [goal["title"] for goal in data["goals"]]
        if not data["pagination"]["has_next"]:
            return titles
        page += 1


def replay(port: int, api_key: str, state: str) -> int:
    with open(state) as file:
        answered = {int(n): status for n, status in json.load(file).items()}
    failures = [f"goal {n} answered {status} in the burst" for n, status in answered.items() if status != 201]
    unanswered = [n for n in range(COUNT) if n not in answered]
    outcomes: dict[str, int] = {}
    deadline = time.monotonic() + REPLAY_SECONDS
    for n in unanswered:
        while True:
            status, body = post(port, api_key, n)
            code = body.get("error", {}).get("code", "") if status >= 400 else str(status)
            if code != "IDEMPOTENCY_IN_PROGRESS" or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        outcomes[code] = outcomes.get(code, 0) + 1
        if code not in ("201", "IDEMPOTENCY_RESPONSE_LOST"):
            failures.append(f"goal {n}: replay answered {status} {code}")
    titles = goal_titles(port, api_key)
    for n in range(COUNT):
        copies = titles.count(title(n))
        if copies != 1:
            failures.append(f"goal {n} is stored {copies} times")
    print(f"replay: {len(unanswered)} unanswered POSTs sent again: {outcomes}")
    for failure in failures[:20]:
        print(failure)
    return 1 if failures else 0


def main() -> int:
    if sys.argv[1] == "burst":
        return burst(int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5])
    return replay(int(sys.argv[2]), sys.argv[3], sys.argv[4])


if __name__ == "__main__":
    sys.exit(main())
