#!/usr/bin/env bash
# Start-up with a missing, unreadable or wrong encryption key for a database
# holding sealed data: the server exits non-zero (78) with a message on
# stderr, and the key file is exactly as it was. Then users' API keys through
# `wellness-server keys`.
set -euo pipefail
server=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=e2e/server/server.sh
. "$(dirname "$0")/server.sh"

start_server "$server" "$work/data" --demo
kill -TERM "$server_pid"; wait "$server_pid" || true
key="$work/data/encryption.key"
cp "$key" "$work/original.key"
for file in encryption.key wellness.sqlite; do
    mode=$(stat -c %a "$work/data/$file")
    [ "$mode" = 600 ] || { echo "$file has mode $mode, not 600"; exit 1; }
done

refuses() {  # refuses CASE: the server must not start, and must say why
    local code=0
    timeout 20 "$server" --port 0 --data "$work/data" >"$work/out" 2>"$work/err" || code=$?
    [ "$code" = 78 ] || { echo "$1: exit status $code, not 78"; cat "$work/err"; exit 1; }
    grep -q 'cannot start: .*encryption key' "$work/err" || { echo "$1: no message on stderr"; cat "$work/err"; exit 1; }
    ! grep -q '^listening' "$work/out" || { echo "$1: it listened"; exit 1; }
}

head -c 32 /dev/urandom >"$key"; cp "$key" "$work/wrong.key"
refuses "wrong key"
cmp -s "$key" "$work/wrong.key" || { echo "wrong key: the key file changed"; exit 1; }
head -c 31 "$work/original.key" >"$key"; cp "$key" "$work/short.key"
refuses "short key"
cmp -s "$key" "$work/short.key" || { echo "short key: the key file changed"; exit 1; }
rm "$key"; ln -s /nonexistent-volume/encryption.key "$key"
refuses "unreadable key"
[ "$(readlink "$key")" = /nonexistent-volume/encryption.key ] || { echo "unreadable key: replaced"; exit 1; }
rm "$key"
refuses "missing key"
[ ! -e "$key" ] || { echo "missing key: a new key was generated for existing data"; exit 1; }
WELLNESS_SERVER_KEY=$(base64 <"$work/wrong.key") refuses "wrong WELLNESS_SERVER_KEY"
cp "$work/original.key" "$key"
start_server "$server" "$work/data"
kill -TERM "$server_pid"; wait "$server_pid" || true

# API keys: `wellness-server keys` rotates a user's key while an instance runs;
# the instance, which remembered the old key, refuses it within --auth-cache-ttl.
start_server "$server" "$work/data" --demo --auth-cache-ttl 1
trap 'kill -TERM "$server_pid" 2>/dev/null || true; rm -rf "$work"' EXIT
user=$(sed -n 's/^demo user //p' "$work/data.out")
status() { curl -s -o /dev/null -w '%{http_code}' -H "X-API-Key: $1" "http://127.0.0.1:$server_port/api/v1/insights"; }
field() { python3 -c 'import json, sys; value = json.loads(sys.argv[1]); print(eval(sys.argv[2]))' "$1" "$2"; }
keys() { "$server" keys "$@" --data "$work/data" 2>"$work/keys.err"; }
[ "$(status "$server_key")" = 200 ] || { echo "keys: the demo key is refused"; exit 1; }
listed=$(keys list "$user")
[ "$(field "$listed" 'len(value)')" = 1 ] || { echo "keys list: $listed"; exit 1; }
[ "$(field "$listed" 'sorted(value[0])')" = "['created_at', 'id', 'prefix']" ] || { echo "keys list shows more: $listed"; exit 1; }
[ "$(field "$listed" 'value[0]["prefix"]')" = "${server_key:0:8}" ] || { echo "keys list: wrong prefix: $listed"; exit 1; }
old_id=$(field "$listed" 'value[0]["id"]')
created=$(keys create "$user")
new_key=$(field "$created" 'value["api_key"]')
new_id=$(field "$created" 'value["id"]')
[ "$(status "$new_key")" = 200 ] || { echo "keys create: the new key is refused"; exit 1; }
[ "$(field "$(keys list "$user")" 'len(value)')" = 2 ] || { echo "keys list: not two keys"; exit 1; }
[ "$(status "$server_key")" = 200 ] || { echo "keys create: the old key is refused"; exit 1; }  # remembered now
keys revoke "$user" "$old_id" >/dev/null || { echo "keys revoke failed"; cat "$work/keys.err"; exit 1; }
sleep 1.5
[ "$(status "$server_key")" = 401 ] || { echo "keys revoke: the running instance still accepts the old key"; exit 1; }
[ "$(status "$new_key")" = 200 ] || { echo "keys revoke: the new key is refused"; exit 1; }
code=0; keys revoke "$user" "$new_id" >/dev/null || code=$?
[ "$code" = 1 ] && grep -q "only API key" "$work/keys.err" || { echo "keys revoke of the last key: status $code"; exit 1; }
[ "$(status "$new_key")" = 200 ] || { echo "the last key was revoked"; exit 1; }
code=0; keys list usr_nobody >/dev/null || code=$?
[ "$code" = 1 ] || { echo "keys list of an unknown user: status $code"; exit 1; }
kill -TERM "$server_pid"; wait "$server_pid" || true
echo "keys: 2 passed, 0 failed (wrong, short, unreadable, missing and wrong environment keys refused; key file untouched;" \
     "API keys listed, created, revoked and refused by a running instance within --auth-cache-ttl, last key kept)"
