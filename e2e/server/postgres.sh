#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on a free loopback port, for tests.
#
# Sourced:   . e2e/server/postgres.sh
#            start_postgres          # sets postgres_url, postgres_port, postgres_dir, postgres_data
#            new_postgres_database NAME   # prints the URL of a new, empty database
#            stop_postgres           # stops the cluster and removes its files (call it from a trap)
# Run:       e2e/server/postgres.sh run COMMAND [ARGS...]
#            starts a cluster, runs COMMAND with WELLNESS_TEST_POSTGRES_URL (a
#            fresh database) and WELLNESS_TEST_POSTGRES_DATA (the cluster's
#            files, for at-rest checks) set, and stops and removes it whatever
#            COMMAND's outcome; exits with COMMAND's status. Scripts run inside
#            it use that cluster (ensure_postgres) instead of starting their own.
#
# PostgreSQL refuses to run as root, so as root the cluster belongs to
# `nobody` (initdb and the server run through runuser); otherwise to the
# caller. Binaries: $POSTGRES_BIN, else /usr/lib/postgresql/*/bin (Debian's
# `postgresql` package). Trust authentication, loopback only, fsync off:
# test data only.

postgres_bin() {
    if [ -n "${POSTGRES_BIN:-}" ]; then echo "$POSTGRES_BIN"; return; fi
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [ -z "$dir" ] && command -v pg_ctl >/dev/null; then dir=$(dirname "$(command -v pg_ctl)"); fi
    if [ -z "$dir" ]; then
        echo "postgres.sh: no PostgreSQL binaries (install Debian's postgresql package: make deps)" >&2
        return 1
    fi
    echo "$dir"
}

postgres_as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u nobody -- "$@"
    else
        "$@"
    fi
}

free_loopback_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start_postgres() {
    local bin
    bin=$(postgres_bin) || return 1
    postgres_dir=$(mktemp -d "${TMPDIR:-/tmp}/wellness-postgres.XXXXXX")
    postgres_data=$postgres_dir/data
    if [ "$(id -u)" = 0 ]; then chown nobody "$postgres_dir"; fi
    chmod 700 "$postgres_dir"
    postgres_as_owner "$bin/initdb" -D "$postgres_data" -U wellness --auth=trust -E UTF8 --no-instructions \
        >"$postgres_dir/initdb.log" 2>&1 || { cat "$postgres_dir/initdb.log" >&2; return 1; }
    local attempt
    for attempt in 1 2 3; do
        postgres_port=$(free_loopback_port)
        if postgres_as_owner "$bin/pg_ctl" -D "$postgres_data" -l "$postgres_dir/server.log" -w -t 30 start \
            -o "-p $postgres_port -k $postgres_dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" \
            >/dev/null 2>&1; then
            postgres_url="postgres://wellness@127.0.0.1:$postgres_port/postgres"
            return 0
        fi
    done
    echo "postgres.sh: the cluster did not start:" >&2
    cat "$postgres_dir/server.log" >&2
    return 1
}

# Uses the cluster of an enclosing `postgres.sh run` (WELLNESS_TEST_POSTGRES_PORT)
# if there is one, else starts one (then postgres_started=1: stop it at the end).
ensure_postgres() {
    postgres_started=
    if [ -n "${WELLNESS_TEST_POSTGRES_PORT:-}" ]; then
        postgres_port=$WELLNESS_TEST_POSTGRES_PORT
        return 0
    fi
    start_postgres && postgres_started=1
}

# Prints the URL of a new, empty database NAME (letters, digits, _).
new_postgres_database() {
    local bin name=$1
    bin=$(postgres_bin) || return 1
    "$bin/psql" -q -h 127.0.0.1 -p "$postgres_port" -U wellness -d postgres -v ON_ERROR_STOP=1 \
        -c "CREATE DATABASE $name" >/dev/null || return 1
    echo "postgres://wellness@127.0.0.1:$postgres_port/$name"
}

stop_postgres() {
    [ -n "${postgres_dir:-}" ] || return 0
    local bin
    if bin=$(postgres_bin 2>/dev/null) && [ -d "$postgres_data" ]; then
        postgres_as_owner "$bin/pg_ctl" -D "$postgres_data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$postgres_dir"
    postgres_dir=
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    if [ "${1:-}" != run ] || [ $# -lt 2 ]; then
        echo "usage: $0 run COMMAND [ARGS...]" >&2
        exit 2
    fi
    shift
    trap stop_postgres EXIT
    trap 'exit 130' INT TERM
    start_postgres
    WELLNESS_TEST_POSTGRES_URL=$(new_postgres_database wellness_test)
    export WELLNESS_TEST_POSTGRES_URL WELLNESS_TEST_POSTGRES_DATA=$postgres_data \
        WELLNESS_TEST_POSTGRES_PORT=$postgres_port
    echo "postgres.sh: PostgreSQL on 127.0.0.1:$postgres_port ($postgres_dir)"
    status=0
    "$@" || status=$?
    exit $status
fi
