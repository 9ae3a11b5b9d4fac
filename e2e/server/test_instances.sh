#!/usr/bin/env bash
# Two wellness-server instances on one PostgreSQL database behave as one:
# the sign-up limit and the AI rate limit hold across them (3 allowed, not
# 3 per instance), scheduled insight generation runs about once per interval
# between them, no insight is ever stored twice, a list page one
# instance keeps in memory is not served once it has heard the other change the list,
# and an account erased through one instance (DELETE /api/v1/account, or
# `wellness-server erase-user`) is refused by both at once, although both
# remember its key and token; and a pg_dump of the data taken before an
# erasure, restored afterwards, opens nothing of the erased user (their data
# key is gone from the --key-database) and everything of the others.
# Usage: test_instances.sh SERVER_BINARY
set -euo pipefail
server=$(realpath "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
# shellcheck source=e2e/server/server.sh
. "$root/e2e/server/server.sh"
# shellcheck source=e2e/server/postgres.sh
. "$root/e2e/server/postgres.sh"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    [ -z "${postgres_started:-}" ] || stop_postgres
    rm -rf "$work"
}
trap cleanup EXIT
ensure_postgres
url=$(new_postgres_database "instances_$$")
keys_url=$(new_postgres_database "instance_keys_$$")
# Instances sharing a database share its key, and their token keys (a token from one is good on the other).
WELLNESS_SERVER_KEY=$(head -c 32 /dev/urandom | base64)
WELLNESS_SERVER_TOKEN_KEYS="k1:$(head -c 32 /dev/urandom | base64)"
export WELLNESS_SERVER_KEY WELLNESS_SERVER_TOKEN_KEYS
ports=()
names=(a b) connections=(3 5)
for n in 0 1; do
    start_server "$server" "$work/${names[$n]}" --database "$url" --key-database "$keys_url" --allow-signup --signup-rate-limit 3 --ai-rate-limit 3 \
        --insight-interval 1 --database-connections "${connections[$n]}"
    pids+=("$server_pid")
    ports+=("$server_port")
done
started=$(date +%s.%N)

fail() { echo "test_instances.sh: $*" >&2; exit 1; }

# Each instance opens the connections it was given and keeps them, and one more that listens for erasures
# and lists' new versions: 3 + 5 + 2.
held=
for _ in $(seq 100); do
    held=$("$(postgres_bin)/psql" -qtA -h 127.0.0.1 -p "$postgres_port" -U wellness -d "${url##*/}" \
        -c "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
    [ "$held" = 10 ] && break
    sleep 0.1
done
[ "$held" = 10 ] || fail "the instances hold $held connections, not 3 + 5 and one listening each"
echo "--database-connections: the instances hold 3 + 5 connections, and one listening each"
# status PORT METHOD PATH [CURL_ARGS...]: the HTTP status; the body in $work/body.
status() {
    local port=$1 method=$2 path=$3
    shift 3
    curl -s -o "$work/body" -w '%{http_code}' -X "$method" "http://127.0.0.1:$port$path" \
        -H 'Content-Type: application/json' "$@"
}

# Sign-up: 6 from one address, alternating instances: exactly 3 created.
created=0 limited=0 api_key= users=() keys=() tokens=()
field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["data"][sys.argv[2]])' "$work/body" "$1"; }
for n in 1 2 3 4 5 6; do
    code=$(status "${ports[$((n % 2))]}" POST /dev/users -d '{"name":"instance test"}')
    case $code in
        201) created=$((created + 1)); api_key=$(field api_key)
             users+=("$(field user_id)"); keys+=("$api_key"); tokens+=("$(field token)") ;;
        429) limited=$((limited + 1)) ;;
        *) fail "sign-up answered $code: $(cat "$work/body")" ;;
    esac
done
[ "$created" = 3 ] && [ "$limited" = 3 ] || fail "sign-up: $created created and $limited limited, not 3 and 3"
echo "sign-up limit shared: 3 created, 3 limited"

# AI rate limit: 6 goal suggestions for one user, alternating instances: exactly 3 allowed.
today=$(date -u +%s)
checkins=$(python3 -c '
import datetime, json, sys
today = datetime.date.fromtimestamp(int(sys.argv[1]))
days = [today - datetime.timedelta(days=d) for d in range(1, 41)]
print(json.dumps({"checkins": [{"date": d.isoformat(), "steps": 6000 + 100 * (i % 7), "sleep_hours": 6 + (i % 4) * 0.5,
                                "mood": 4 + i % 4, "workouts": i % 2, "biological_age": 40} for i, d in enumerate(days)]}))
' "$today")
code=$(status "${ports[0]}" POST /api/v1/checkins -H "X-API-Key: $api_key" -d "$checkins")
[ "$code" = 201 ] || fail "check-ins answered $code: $(cat "$work/body")"
allowed=0 limited=0
for n in 1 2 3 4 5 6; do
    code=$(status "${ports[$((n % 2))]}" POST /api/v1/goals/suggestions -H "X-API-Key: $api_key")
    case $code in
        200) allowed=$((allowed + 1)) ;;
        429) limited=$((limited + 1)) ;;
        *) fail "suggestions answered $code: $(cat "$work/body")" ;;
    esac
done
[ "$allowed" = 3 ] && [ "$limited" = 3 ] || fail "AI limit: $allowed allowed and $limited limited, not 3 and 3"
echo "AI rate limit shared: 3 allowed, 3 limited"

# Generation concurrently on both instances, and the schedule (every second) meanwhile.
for n in 1 2 3 4 5 6 7 8; do
    status "${ports[$((n % 2))]}" POST /api/v1/insights/generate -H "X-API-Key: $api_key" >/dev/null &
done
wait_jobs() { for job in $(jobs -p); do case " ${pids[*]} " in *" $job "*) ;; *) wait "$job" || true ;; esac; done; }
wait_jobs
sleep 4.5
elapsed=$(python3 -c "import time,sys; print(time.time() - float(sys.argv[1]))" "$started")
runs=$(cat "$work/a.log" "$work/b.log" "$work/a.out" "$work/b.out" 2>/dev/null | grep -c 'scheduled insight generation' || true)
runs_a=$(cat "$work/a.log" "$work/a.out" | grep -c 'scheduled insight generation' || true)
runs_b=$(cat "$work/b.log" "$work/b.out" | grep -c 'scheduled insight generation' || true)
limit=$(python3 -c "import math,sys; print(math.floor(float(sys.argv[1])) + 1)" "$elapsed")
[ "$runs" -ge 1 ] || fail "no scheduled generation ran in ${elapsed}s"
[ "$runs" -le "$limit" ] || fail "$runs scheduled generations in ${elapsed}s with a 1 s interval (a: $runs_a, b: $runs_b)"
echo "schedule shared: $runs runs in ${elapsed}s (a: $runs_a, b: $runs_b)"

code=$(status "${ports[1]}" GET '/api/v1/insights?page_size=100' -H "X-API-Key: $api_key")
[ "$code" = 200 ] || fail "insights answered $code"
python3 - "$work/body" <<'PY' || fail "an insight is stored twice"
import json, sys
data = json.load(open(sys.argv[1]))["data"]
insights = data["insights"]
keys = [(i["insight_type"], i["title"], i["generated_at"]) for i in insights]
assert len(keys) == len(set(keys)), "duplicate insights"
assert data["pagination"]["total_count"] == len(insights), (data["pagination"], len(insights))
print(f"no duplicate insight among {len(insights)}")
PY

# A page b keeps in memory is not served once b has heard a's change to the list (list versions in the
# database, announced to every instance's listener when they change: docs/SERVER.md, "List pages"); b is
# given 2 s to hear it, which takes milliseconds.
list_b() {
    code=$(status "${ports[1]}" GET '/api/v1/insights?page_size=100' -H "X-API-Key: $api_key")
    [ "$code" = 200 ] || fail "insights on b answered $code"
    cp "$work/body" "$work/$1"
}
# list_b_until NAME CHECK: lists on b until the Python CHECK (of the body's data and the insight's id) holds.
list_b_until() {
    local attempt
    for attempt in $(seq 200); do
        list_b "$1"
        python3 -c "import json, sys; d = json.load(open(sys.argv[1]))['data']; i = sys.argv[2]; sys.exit(0 if $2 else 1)" \
            "$work/$1" "$insight" && { echo "b serves a's change after $attempt list(s)"; return 0; }
        sleep 0.01
    done
    fail "b still serves a stale page 2 s after a's change ($1)"
}
list_b listed
list_b listed
insight=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["data"]["insights"][0]["id"])' "$work/listed")
code=$(status "${ports[0]}" PATCH "/api/v1/insights/$insight" -H "X-API-Key: $api_key" -d '{"is_favorite":true}')
[ "$code" = 200 ] || fail "PATCH on a answered $code"
list_b_until favorited '[x["is_favorite"] for x in d["insights"] if x["id"] == i] == [True]'
code=$(status "${ports[0]}" DELETE "/api/v1/insights/$insight" -H "X-API-Key: $api_key")
[ "$code" = 204 ] || fail "DELETE on a answered $code"
list_b_until deleted 'i not in [x["id"] for x in d["insights"]]'
python3 - "$work" "$insight" <<'PY' || fail "b served a stale page"
import json, sys
work, insight = sys.argv[1], sys.argv[2]
page = lambda name: json.load(open(f"{work}/{name}"))["data"]
listed, favorited, deleted = page("listed"), page("favorited"), page("deleted")
assert [i["is_favorite"] for i in favorited["insights"] if i["id"] == insight] == [True], "the favorite is not listed"
assert insight not in [i["id"] for i in deleted["insights"]], "the deleted insight is listed"
assert deleted["pagination"]["total_count"] == listed["pagination"]["total_count"] - 1, "the total did not drop"
print("list pages current across instances: b lists a's favorite and a's delete once it hears them")
PY

# Erasure: both instances remember the first user's key and token (the auth cache lives 5 s), a erases the
# account, and b refuses both at once; the same for the second user, erased by the operator's command.
warm() {
    local user=$1
    for port in "${ports[@]}"; do
        for credential in "X-API-Key: ${keys[$user]}" "Authorization: Bearer ${tokens[$user]}"; do
            code=$(status "$port" GET /api/v1/profile -H "$credential")
            [ "$code" = 200 ] || fail "user $user on $port answered $code before the erasure (${credential%%:*}): $(cat "$work/body")"
        done
    done
}
refused() {
    local user=$1
    for port in "${ports[1]}" "${ports[0]}"; do
        for credential in "X-API-Key: ${keys[$user]}" "Authorization: Bearer ${tokens[$user]}"; do
            code=$(status "$port" GET /api/v1/profile -H "$credential")
            [ "$code" = 401 ] || fail "user $user on $port answered $code right after the erasure, not 401"
        done
    done
}
warm 0
code=$(status "${ports[0]}" DELETE /api/v1/account -H "X-API-Key: ${keys[0]}" -d "{\"api_key\":\"${keys[0]}\"}")
[ "$code" = 204 ] || fail "DELETE /api/v1/account answered $code: $(cat "$work/body")"
refused 0
echo "erasure through a: the key and token are refused at once by a and b"

warm 1
"$(postgres_bin)/pg_dump" -h 127.0.0.1 -p "$postgres_port" -U wellness -d "${url##*/}" -f "$work/before.sql"
"$server" export-user "${users[1]}" "$work/export.json" --data "$work/a" --database "$url" --key-database "$keys_url" \
    >/dev/null
python3 - "$work/export.json" "${users[1]}" <<'PY' || fail "export-user wrote no complete export"
import json, sys
document = json.load(open(sys.argv[1]))
assert document["complete"] is True and document["user"]["id"] == sys.argv[2], document["user"]
PY
"$server" erase-user "${users[1]}" --data "$work/a" --database "$url" --key-database "$keys_url" >/dev/null
refused 1
if "$server" erase-user "${users[1]}" --data "$work/a" --database "$url" --key-database "$keys_url" 2>/dev/null; then
    fail "erase-user of an erased user succeeded"
fi
code=$(status "${ports[1]}" GET /api/v1/profile -H "X-API-Key: ${keys[2]}")
[ "$code" = 200 ] || fail "another user answered $code after the erasures"
echo "erase-user: refused at once by both instances; export-user wrote the whole export; others unaffected"

restored=$(new_postgres_database "restored_$$")
"$(postgres_bin)/psql" -q -h 127.0.0.1 -p "$postgres_port" -U wellness -d "${restored##*/}" -f "$work/before.sql" \
    >/dev/null
if "$server" export-user "${users[1]}" "$work/restored.json" --data "$work/a" --database "$restored" \
    --key-database "$keys_url" 2>/dev/null; then
    fail "a dump taken before the erasure still opens the erased user's data"
fi
"$server" export-user "${users[2]}" "$work/kept.json" --data "$work/a" --database "$restored" \
    --key-database "$keys_url" >/dev/null || fail "the dump does not open another user's data"
echo "a dump from before erase-user, restored after it, opens nothing of the erased user and all of the others"
