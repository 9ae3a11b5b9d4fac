"""Writes schema-v4.sqlite and schema-v4.json: a database of schema version 4 written through the API of
wellness-server at commit d7a4c3e (the last version 4), and what that server answered to reads of it.

Usage: make-schema-v4.py WELLNESS_SERVER DATA_DIR schema-v4.json  (then copy DATA_DIR/wellness.sqlite)
The database is sealed with the key of bytes 0..31 (MigrationTests uses the same)."""

import json
import subprocess
import sys
import urllib.request
import base64
import os

binary, data = sys.argv[1], sys.argv[2]
env = dict(os.environ, WELLNESS_SERVER_KEY=base64.b64encode(bytes(range(32))).decode())
proc = subprocess.Popen(
    [binary, "--port", "0", "--data", data, "--demo", "--ai-rate-limit", "3"],
    stdout=subprocess.PIPE,
    stderr=subprocess.DEVNULL,
    text=True,
    env=env,
)
lines = {}
for line in proc.stdout:
    k, _, v = line.strip().partition(" ")
    lines[k] = v
    if k == "listening":
        break
port = lines["listening"].rsplit(":", 1)[1]
key = lines["api_key"]


def call(method, path, body=None, headers=None):
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"X-API-Key": key, "Content-Type": "application/json", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


s, page = call("GET", "/api/v1/insights?page_size=100")
ins = page["data"]["insights"]
print(len(ins), "insights", page["data"]["pagination"]["total_count"])
call("PATCH", f"/api/v1/insights/{ins[0]['id']}", {"is_read": True, "is_favorite": True})
call("PATCH", f"/api/v1/insights/{ins[1]['id']}", {"is_archived": True})
call("PATCH", f"/api/v1/insights/{ins[2]['id']}", {"is_read": True})
s, g1 = call(
    "POST",
    "/api/v1/goals",
    {
        "title": "Walk 8000 steps",
        "goal_type": "steps",
        "target_value": 8000,
        "target_unit": "steps",
        "start_date": "2026-01-01",
        "is_recurring": False,
    },
    {"Idempotency-Key": "fixture-goal-1"},
)
print(s, g1)
s, g2 = call(
    "POST",
    "/api/v1/goals",
    {
        "title": "Sleep 8 hours",
        "goal_type": "sleep",
        "target_value": 8,
        "target_unit": "hours",
        "start_date": "2026-01-01",
        "is_recurring": False,
    },
)
print(s, call("PATCH", f"/api/v1/goals/{g2['data']['id']}", {"status": "completed"})[0])
s, c = call(
    "POST",
    "/api/v1/consultations",
    {"persona": "fitness_coach", "context_type": "goal", "context_id": g1["data"]["id"], "title": "Steps"},
)
print(s, c)
print(call("POST", f"/api/v1/consultations/{c['data']['id']}/messages", {"content": "How am I doing on steps?"})[0])
print(call("POST", "/api/v1/auth/keys")[0])
for _ in range(4):
    print(call("POST", "/api/v1/goals/suggestions")[0], end=" ")
print()
reads = [
    "/api/v1/insights?page_size=100",
    "/api/v1/insights?read_status=true",
    "/api/v1/insights?favorites_only=true",
    "/api/v1/insights?archived_status=true",
    "/api/v1/insights?archived_status=false&page_size=50",
    "/api/v1/insights?insight_type=daily",
    "/api/v1/insights?insight_type=milestone&read_status=false",
    "/api/v1/insights?sort_by=generated_at&sort_order=asc&page=2&page_size=7",
    "/api/v1/goals",
    "/api/v1/goals?status=active",
    "/api/v1/goals?status=completed",
    "/api/v1/consultations",
    f"/api/v1/consultations/{c['data']['id']}",
    f"/api/v1/consultations/{c['data']['id']}/messages",
    "/api/v1/auth/keys",
    "/api/v1/profile",
    "/api/v1/checkins",
    f"/api/v1/goals/{g1['data']['id']}",
]
expected = {
    "api_key": key,
    "reads": [{"path": p, "status": call("GET", p)[0], "body": call("GET", p)[1]} for p in reads],
}
json.dump(expected, open(sys.argv[3], "w"), indent=1, sort_keys=True)
proc.terminate()
proc.wait()
