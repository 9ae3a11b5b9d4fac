#!/usr/bin/env bash
# Starts wellness-server with a demo user on a free loopback port, runs the C
# and Python journeys against it, imports a generated Apple Health export,
# sends it to the server and asks the coach about it, and stops the server.
# Usage: journeys.sh SERVER_BINARY C_JOURNEYS PYTHON [IMPORT_OUTPUT_DIR]
set -euo pipefail
server=$1
c_journeys=$2
python=$3
import_output=${4:-}
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
echo
echo "== Import an Apple Health export, ask about it, send it to the server and ask the coach (examples/python/import_demo.py) =="
"$python" "$(dirname "$0")/python/import_demo.py" "${import_output:-$work/import}" "http://127.0.0.1:$server_port" "$server_key"
