# Sourced by the scripts that run wellness-server: start_server BINARY DATA_DIR [ARGS...]
# starts it on a free loopback port and sets server_pid, server_port,
# server_key and server_token (the last two with --demo). Output goes to
# DATA_DIR.out and DATA_DIR.log.

start_server() {
    local binary=$1 data=$2
    shift 2
    "$binary" --port 0 --data "$data" "$@" >"$data.out" 2>>"$data.log" &
    server_pid=$!
    for _ in $(seq 100); do
        grep -q '^listening on' "$data.out" 2>/dev/null && break
        sleep 0.1
    done
    server_port=$(sed -n 's/^listening on .*:\([0-9]*\)$/\1/p' "$data.out")
    server_key=$(sed -n 's/^api_key //p' "$data.out")
    server_token=$(sed -n 's/^token //p' "$data.out")
    if [ -z "$server_port" ]; then
        echo "wellness-server did not start:" >&2
        cat "$data.log" >&2
        return 1
    fi
}
