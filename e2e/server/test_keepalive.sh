#!/usr/bin/env bash
# Keep-alive POSTs whose header and body arrive in separate TCP segments (as
# http.client, urllib3 and requests send them) are all answered: 2,000 on one
# connection with raw sends, then 2,000 through one requests.Session, on
# SQLite and on PostgreSQL. The server used to close the connection of about
# 1% of them, mistaking the next request's body for the rest of an answered one.
# Then 300 pairs of an early answer (401, 404, 405) to a request whose body
# comes 5 ms late and a POST on the same connection, on a raw socket and through
# requests.Session (late_bodies.py): the server used to close the connection
# after such an answer without saying `Connection: close`, failing the next request.
# Usage: test_keepalive.sh SERVER_BINARY PYTHON (a Python with requests)
set -euo pipefail
server=$(realpath "$1")
python=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
# shellcheck source=e2e/server/server.sh
. "$root/e2e/server/server.sh"
# shellcheck source=e2e/server/postgres.sh
. "$root/e2e/server/postgres.sh"
pid=
cleanup() {
    [ -z "$pid" ] || { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
    [ -z "${postgres_started:-}" ] || stop_postgres
    rm -rf "$work"
}
trap cleanup EXIT

run() {
    local engine=$1
    shift
    start_server "$server" "$work/$engine" --demo "$@"
    pid=$server_pid
    "$python" "$root/e2e/server/split_posts.py" "$server_port" "$server_key" 2000 ||
        { echo "test_keepalive.sh: $engine: keep-alive POSTs were left unanswered" >&2; exit 1; }
    "$python" "$root/e2e/server/late_bodies.py" "$server_port" "$server_key" 300 ||
        { echo "test_keepalive.sh: $engine: a request after an early answer failed" >&2; exit 1; }
    kill "$pid"; wait "$pid" || true; pid=
}

run sqlite
ensure_postgres
run postgres --database "$(new_postgres_database "keepalive_$$")"
echo "keepalive: 2 passed, 0 failed (split-segment POSTs and requests after early answers all answered on SQLite and PostgreSQL)"
