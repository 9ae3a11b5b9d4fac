#!/usr/bin/env bash
# kill -9 mid-burst of keyed POSTs, on SQLite and on PostgreSQL: after a
# restart, every POST that got no answer, sent again with its Idempotency-Key,
# is applied (or told it was) once its claim's lease (--database-timeout) has
# ended, and every goal of the burst is stored exactly once.
# Usage: test_crash_idempotency.sh SERVER_BINARY
set -euo pipefail
server=$(realpath "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
# shellcheck source=e2e/server/server.sh
. "$root/e2e/server/server.sh"
# shellcheck source=e2e/server/postgres.sh
. "$root/e2e/server/postgres.sh"
pid=
cleanup() {
    [ -z "$pid" ] || { kill -9 "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
    [ -z "${postgres_started:-}" ] || stop_postgres
    rm -rf "$work"
}
trap cleanup EXIT
# A claim's lease: short, so that the replays need not wait long.
lease=(--database-timeout 2)

run() {
    local engine=$1
    shift
    start_server "$server" "$work/$engine" --demo "${lease[@]}" "$@"
    pid=$server_pid
    local key=$server_key
    python3 "$root/e2e/server/crash_replay.py" burst "$server_port" "$key" "$pid" "$work/$engine.state" ||
        { echo "test_crash_idempotency.sh: $engine: the burst failed" >&2; exit 1; }
    wait "$pid" 2>/dev/null || true
    start_server "$server" "$work/$engine" "${lease[@]}" "$@"
    pid=$server_pid
    python3 "$root/e2e/server/crash_replay.py" replay "$server_port" "$key" "$work/$engine.state" ||
        { echo "test_crash_idempotency.sh: $engine: a keyed POST was not applied exactly once" >&2; exit 1; }
    kill "$pid"; wait "$pid" || true; pid=
}

run sqlite
ensure_postgres
run postgres --database "$(new_postgres_database "crash_$$")"
echo "crash_idempotency: 2 passed, 0 failed (keyed POSTs applied exactly once across kill -9)"
