#!/usr/bin/env bash
# Load on GET /api/v1/insights of a release wellness-server with a demo user
# (a year of data): wrk, 2 threads, 32 connections, for DURATION seconds
# (default 60). Reports requests/s, latency percentiles and any error.
set -euo pipefail
server=$(realpath "$1")
duration=${2:-60}
work=$(mktemp -d)
"$server" --port 0 --data "$work/data" --demo >"$work/out" 2>"$work/log" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do grep -q '^listening on' "$work/out" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's/^listening on .*:\([0-9]*\)$/\1/p' "$work/out")
key=$(sed -n 's/^api_key //p' "$work/out")
token=$(sed -n 's/^token //p' "$work/out")
echo "GET /api/v1/insights (page of 20, decrypted per request), ${duration}s, 2 threads, 32 connections"
result=$(wrk -t2 -c32 -d"${duration}s" --latency -H "X-API-Key: $key" -H "Authorization: Bearer $token" \
    "http://127.0.0.1:$port/api/v1/insights")
echo "$result"
if echo "$result" | grep -qE 'Non-2xx|Socket errors'; then
    echo "errors during the run"
    exit 1
fi
