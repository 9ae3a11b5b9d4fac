#!/usr/bin/env bash
# Starts wellness-server with a demo user on a free loopback port, runs the C
# and Python journeys against it, and stops it.
# Usage: journeys.sh SERVER_BINARY C_JOURNEYS PYTHON
set -euo pipefail
server=$1
c_journeys=$2
python=$3
work=$(mktemp -d)
# shellcheck source=e2e/server/server.sh
. "$(dirname "$0")/../e2e/server/server.sh"
trap 'kill $server_pid 2>/dev/null; wait $server_pid 2>/dev/null; rm -rf "$work"' EXIT
# The clients' local stores go here, not into the home directory.
export XDG_DATA_HOME="$work/data-home"
start_server "$server" "$work/data" --demo
echo "== C journeys (examples/c/journeys.c) against wellness-server on port $server_port =="
"$c_journeys" "http://127.0.0.1:$server_port" "$server_key"
echo
echo "== Python journeys (examples/python/journeys.py) =="
"$python" "$(dirname "$0")/python/journeys.py" "http://127.0.0.1:$server_port" "$server_key"
