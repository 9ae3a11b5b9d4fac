#!/usr/bin/env bash
# schemathesis against a live wellness-server on a free loopback port, with
# every default check (ignored_auth, use_after_free,
# ensure_resource_availability, ...), authenticated as a seeded demo user.
# Usage: run_schemathesis.sh SERVER_BINARY SCHEMATHESIS [EXTRA_ARGS...]
set -euo pipefail
server=$(realpath "$1")
schemathesis=$(realpath "$2")
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
output=$work/server.out
"$server" --port 0 --data "$work/data" --demo --ai-rate-limit 1000000 >"$output" 2>"$work/server.log" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do
    grep -q '^listening on' "$output" 2>/dev/null && break
    sleep 0.1
done
port=$(sed -n 's/^listening on .*:\([0-9]*\)$/\1/p' "$output")
key=$(sed -n 's/^api_key //p' "$output")
token=$(sed -n 's/^token //p' "$output")
[ -n "$port" ] || { echo "server did not start"; cat "$work/server.log"; exit 1; }
cd "$work"
"$schemathesis" run "$root/openapi/wellness-api.yaml" --url "http://127.0.0.1:$port" \
    -H "X-API-Key: $key" -H "Authorization: Bearer $token" "$@"
