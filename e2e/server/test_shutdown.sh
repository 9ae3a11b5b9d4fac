#!/usr/bin/env bash
# SIGTERM while writes are in flight: the server exits promptly and cleanly,
# every write it acknowledged is there after a restart, and its request log
# holds no API key, token or decrypted insight text.
set -euo pipefail
server=$(realpath "$1")
work=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill -9 $pid 2>/dev/null; rm -rf "$work"' EXIT

# shellcheck source=e2e/server/server.sh
. "$(dirname "$0")/server.sh"

start() {
    : >"$work/data.out"
    start_server "$server" "$work/data" "$@"
    pid=$server_pid
    port=$server_port
}

start --demo
key=$server_key
token=$server_token
base=http://127.0.0.1:$port
title=$(curl -sf "$base/api/v1/insights?page_size=1" -H "X-API-Key: $key" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["insights"][0]["title"])')

# Writers: each acknowledged (201) goal is recorded.
for writer in 1 2 3 4; do
    (for n in $(seq 200); do
        status=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$base/api/v1/goals" -H "X-API-Key: $key" \
            -H 'Content-Type: application/json' \
            -d "{\"title\":\"goal $writer-$n\",\"goal_type\":\"activity\",\"start_date\":\"2025-01-01\",\"is_recurring\":false}" || true)
        [ "$status" = 201 ] && echo "goal $writer-$n" >>"$work/acknowledged.$writer"
    done) &
done
sleep 1
kill -TERM $pid
started=$(date +%s)
wait $pid; code=$?
pid=
wait || true
elapsed=$(( $(date +%s) - started ))
[ "$code" = 0 ] || { echo "server exited with $code after SIGTERM"; exit 1; }
[ "$elapsed" -le 10 ] || { echo "graceful shutdown took ${elapsed}s"; exit 1; }
acknowledged=$(cat "$work"/acknowledged.* 2>/dev/null | wc -l)

start
stored=$(curl -sf "http://127.0.0.1:$port/api/v1/goals?page_size=1" -H "X-API-Key: $key" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["pagination"]["total_count"])')
kill -TERM $pid; wait $pid || true; pid=
[ "$stored" -ge "$acknowledged" ] && [ "$acknowledged" -gt 0 ] ||
    { echo "acknowledged $acknowledged goals but $stored are stored"; exit 1; }
for secret in "$key" "$token" "$title"; do
    if grep -qF -- "$secret" "$work/data.log"; then echo "the request log contains a secret or decrypted text"; exit 1; fi
done
grep -q '"route":"/api/v1/goals"' "$work/data.log" || { echo "no structured request lines in the log"; exit 1; }
echo "shutdown: 1 passed, 0 failed ($acknowledged acknowledged writes all stored; SIGTERM exit in ${elapsed}s; log clean)"
