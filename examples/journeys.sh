#!/usr/bin/env bash
# Starts wellness-server with a demo user on a free loopback port, runs the C
# and Python journeys against it, and stops it.
# Usage: journeys.sh SERVER_BINARY C_JOURNEYS PYTHON
set -euo pipefail
server=$1
c_journeys=$2
python=$3
work=$(mktemp -d)
"$server" --port 0 --data "$work/data" --demo >"$work/out" 2>"$work/log" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do grep -q '^listening on' "$work/out" 2>/dev/null && break; sleep 0.1; done
port=$(sed -n 's/^listening on .*:\([0-9]*\)$/\1/p' "$work/out")
key=$(sed -n 's/^api_key //p' "$work/out")
echo "== C journeys (examples/c/journeys.c) against wellness-server on port $port =="
"$c_journeys" "http://127.0.0.1:$port" "$key"
echo
echo "== Python journeys (examples/python/scripts/journeys.py) =="
"$python" "$(dirname "$0")/python/scripts/journeys.py" "http://127.0.0.1:$port" "$key"
