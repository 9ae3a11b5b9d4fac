#!/usr/bin/env bash
# schemathesis against a live wellness-server on a free loopback port, with
# every default check (ignored_auth, use_after_free,
# ensure_resource_availability, ...), authenticated as a seeded demo user by
# its API key (a token would stop working once the fuzzer revokes it);
# e2e/server/schemathesis_hooks.py tells it what the contract cannot say.
# Usage: run_schemathesis.sh SERVER_BINARY SCHEMATHESIS [EXTRA_ARGS...]
# With WELLNESS_TEST_ENGINE=postgres the server stores in a new database of a
# throwaway PostgreSQL cluster (e2e/server/postgres.sh), else in SQLite.
set -euo pipefail
server=$(realpath "$1")
schemathesis=$(realpath "$2")
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
# shellcheck source=e2e/server/server.sh
. "$root/e2e/server/server.sh"
# shellcheck source=e2e/server/postgres.sh
. "$root/e2e/server/postgres.sh"
server_pid=
cleanup() {
    [ -z "$server_pid" ] || { kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; }
    [ -z "${postgres_started:-}" ] || stop_postgres
    rm -rf "$work"
}
trap cleanup EXIT
database=()
if [ "${WELLNESS_TEST_ENGINE:-sqlite}" = postgres ]; then
    ensure_postgres
    database=(--database "$(new_postgres_database "schemathesis_$$")")
    echo "run_schemathesis.sh: PostgreSQL"
fi
# Sign-up on (POST /dev/users is in the contract), unlimited for the fuzzer.
start_server "$server" "$work/data" --demo --ai-rate-limit 1000000 --allow-signup --signup-rate-limit 1000000 \
    "${database[@]}"
cd "$work"
# The contract the server serves must be valid OpenAPI (strict tools, such as
# code generators, refuse a document with one bad response object).
curl -fsS "http://127.0.0.1:$server_port/openapi.yaml" -o served-contract.yaml
"$(dirname "$schemathesis")/openapi-spec-validator" served-contract.yaml
SCHEMATHESIS_HOOKS="$root/e2e/server/schemathesis_hooks.py" "$schemathesis" run "$root/openapi/wellness-api.yaml" --url "http://127.0.0.1:$server_port" \
    -H "X-API-Key: $server_key" --generation-allow-x00 true "$@"
