#!/usr/bin/env bash
# Load on GET /api/v1/insights of a release wellness-server with a demo user
# (a year of data): wrk, 2 threads, 32 connections, for DURATION seconds
# (default 60). Reports requests/s, latency percentiles and any error.
set -euo pipefail
server=$(realpath "$1")
duration=${2:-60}
work=$(mktemp -d)
# shellcheck source=tests/server/server.sh
. "$(dirname "$0")/../tests/server/server.sh"
trap 'kill $server_pid 2>/dev/null; wait $server_pid 2>/dev/null; rm -rf "$work"' EXIT
start_server "$server" "$work/data" --demo
echo "GET /api/v1/insights (page of 20, decrypted per request), ${duration}s, 2 threads, 32 connections"
result=$(wrk -t2 -c32 -d"${duration}s" --latency -H "X-API-Key: $server_key" -H "Authorization: Bearer $server_token" \
    "http://127.0.0.1:$server_port/api/v1/insights")
echo "$result"
if echo "$result" | grep -qE 'Non-2xx|Socket errors'; then
    echo "errors during the run"
    exit 1
fi
