#!/usr/bin/env bash
# The operator's side of wellness-server: out-of-range flags are refused with
# a usage error naming the flag, and what it logs is one JSON object a line.
set -euo pipefail
server=$(realpath "$1")
work=$(mktemp -d)
trap 'kill "${server_pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
# shellcheck source=e2e/server/server.sh
. "$(dirname "$0")/server.sh"

refused() {  # refused FLAG VALUE [MORE FLAGS]: exit status 64 (usage) and a message naming FLAG
    local code=0
    timeout 20 "$server" --port 0 --data "$work/refused" "$@" >"$work/out" 2>"$work/err" || code=$?
    [ "$code" = 64 ] || { echo "$*: exit status $code, not 64"; cat "$work/err"; exit 1; }
    grep -q -- "$1" "$work/err" || { echo "$*: the message does not name $1"; cat "$work/err"; exit 1; }
}
refused --auth-cache-ttl 86401
refused --auth-cache-ttl 1e300
refused --auth-cache-ttl -1
refused --insight-cache-size -1
refused --page-cache-mb -1
refused --page-cache-mb 1048577
refused --requests-per-user 0
refused --sqlite-readers 0
refused --io-threads 0
refused --io-threads 257
refused --database-timeout 0
refused --database-timeout nan
refused --database-timeout 86401
refused --database-connections 0
refused --database-connections 10001
refused --requests-per-lone-user 2 --requests-per-user 3
refused --port 65536
refused --header-timeout 0
refused --idle-timeout inf
refused --insight-interval nan
refused --insight-interval 1e300
refused --data ""
refused --ai-safety-timeout nan --ai-base-url http://127.0.0.1:9/v1 --ai-model m
refused --ai-timeout 1e300 --ai-base-url http://127.0.0.1:9/v1 --ai-model m

start_server "$server" "$work/data" --demo --insight-cache-size 0 --io-threads 3
for n in 1 2 3; do
    curl -fsS -o /dev/null -D "$work/headers.$n" -H "X-API-Key: $server_key" \
        "http://127.0.0.1:$server_port/api/v1/insights?page_size=5"
done
kill -TERM "$server_pid"; wait "$server_pid" || true
python3 - "$work/data.log" "$work"/headers.* <<'PY'
import json, sys
ids = {line.split(":", 1)[1].strip() for name in sys.argv[2:] for line in open(name)
       if line.lower().startswith("x-request-id:")}
assert len(ids) == 3 and all(ids), f"X-Request-ID: {ids}"
lines = open(sys.argv[1]).read().splitlines()
events = [json.loads(line) for line in lines]  # every line is one JSON object
requests = [e for e in events if e.get("message") == "request" and e.get("route") == "/api/v1/insights"]
assert len(requests) == 3, f"{len(requests)} request lines, not 3"
for event in requests:
    assert event["level"] == "info" and event["label"] == "wellness-server", event
    assert event["status"] == "200" and event["method"] == "GET" and event["time"].endswith("Z"), event
    assert float(event["duration_ms"]) >= 0, event
assert {event["request_id"] for event in requests} == ids, "request lines name the X-Request-ID of each response"
print(f"test_flags: {len(events)} log lines, each one JSON object; bad flags refused")
PY
