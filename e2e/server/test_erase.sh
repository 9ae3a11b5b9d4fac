#!/usr/bin/env bash
# Erasure on SQLite with the key store's write lock held by another process
# (as a backup or a stuck writer would): `wellness-server erase-user` exits
# 75 and `DELETE /api/v1/account` answers 503 with Retry-After, logging an
# error, and nothing is erased (the account works on). Once the lock is
# released, `erase-user` erases the account while the server runs, and the
# server, which remembered the user's API key and token (--auth-cache-ttl 5),
# refuses both on the very next request. A change another process makes to the user's list is served by
# the next request too. And an erasure interrupted after
# its rows were deleted (by versions that deleted the key last) is finished
# by `erase-user`, which deletes the key.
set -euo pipefail
server=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=e2e/server/server.sh
. "$(dirname "$0")/server.sh"
fail() { echo "erase: $*"; exit 1; }

start_server "$server" "$work/data" --demo --auth-cache-ttl 5 --allow-signup
trap 'kill -TERM "$server_pid" 2>/dev/null || true; rm -rf "$work"' EXIT
user=$(sed -n 's/^demo user //p' "$work/data.out")
url="http://127.0.0.1:$server_port/api/v1"
by_key() { curl -s -o /dev/null -w '%{http_code}' -H "X-API-Key: $server_key" "$url/goals"; }
by_token() { curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $server_token" "$url/goals"; }
erase_user() { "$server" erase-user "$user" --data "$work/data" 2>"$work/erase.err"; }
[ "$(by_key)" = 200 ] && [ "$(by_token)" = 200 ] || fail "the demo user's credentials are refused"

# Another process writes the file as any change to the list does (the rows and the list's version, in one
# transaction): the server, which keeps the page and the list's version in memory, serves the change at once.
read_flags() {
    curl -s -H "X-API-Key: $server_key" "$url/insights?page_size=5" |
        python3 -c 'import json, sys; print(" ".join(str(i["is_read"]) for i in json.load(sys.stdin)["data"]["insights"]))'
}
before=$(read_flags)
[ "$(read_flags)" = "$before" ] && [ -n "$before" ] || fail "the demo user's list: '$before'"
python3 - "$work/data" "$user" <<'PY'
import sqlite3, sys
data, user = sys.argv[1:]
db = sqlite3.connect(data + "/wellness.sqlite", isolation_level=None, timeout=10)
db.execute("BEGIN IMMEDIATE")
db.execute("UPDATE insights SET is_read = 1 - is_read WHERE user_id = ?", (user,))
db.execute("UPDATE list_versions SET version = version + 1 WHERE user_id = ? AND list = 'insights'", (user,))
db.execute("COMMIT")
PY
flipped=$(echo "$before" | sed 's/True/x/g; s/False/True/g; s/x/False/g')
after=$(read_flags)
[ "$after" = "$flipped" ] || fail "another process's change to the list is not served at once: $before, then $after"

# Another process holds user-keys.sqlite's write lock until $work/release exists.
python3 - "$work/data/user-keys.sqlite" "$work/release" <<'PY' &
import os, sqlite3, sys, time
connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
connection.execute("BEGIN IMMEDIATE")
open(sys.argv[2] + ".held", "w").close()
deadline = time.monotonic() + 120  # never outlives a failed test for long
while not os.path.exists(sys.argv[2]) and time.monotonic() < deadline:
    time.sleep(0.05)
connection.execute("ROLLBACK")
PY
holder=$!
trap 'kill -TERM "$server_pid" "$holder" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 200); do [ -e "$work/release.held" ] && break; sleep 0.05; done
[ -e "$work/release.held" ] || fail "the lock holder did not start"

code=0; erase_user >"$work/erase.out" || code=$?
[ "$code" = 75 ] || fail "erase-user with the key store locked: exit $code, not 75: $(cat "$work/erase.err")"
grep -q "key store" "$work/erase.err" || fail "erase-user did not say why: $(cat "$work/erase.err")"
answer=$(curl -s -D "$work/headers" -X DELETE -H "X-API-Key: $server_key" -H 'Content-Type: application/json' \
    -d "{\"api_key\":\"$server_key\"}" "$url/account")
grep -q '^HTTP/1.1 503' "$work/headers" || fail "DELETE /account with the key store locked: $(head -1 "$work/headers")"
grep -qi '^retry-after: 30' "$work/headers" || fail "no Retry-After: $(cat "$work/headers")"
[[ "$answer" == *KEY_STORE_UNAVAILABLE* ]] || fail "DELETE /account answered $answer"
# Log lines are written in batches, at most 20 ms after the first.
for _ in $(seq 40); do grep -q '"level":"error".*erasure not done' "$work/data.log" && break; sleep 0.05; done
grep -q '"level":"error".*erasure not done' "$work/data.log" || fail "no error logged: $(tail -3 "$work/data.log")"
[ "$(by_key)" = 200 ] && [ "$(by_token)" = 200 ] || fail "the account was (partly) erased although the key store failed"

touch "$work/release"
wait "$holder"
erase_user >"$work/erase.out" || fail "erase-user: $(cat "$work/erase.err")"
grep -q "\"erased\":\"$user\"" "$work/erase.out" || fail "erase-user printed $(cat "$work/erase.out")"
# At once: no wait for the auth cache.
[ "$(by_key)" = 401 ] || fail "the running server still accepts the erased user's API key"
[ "$(by_token)" = 401 ] || fail "the running server still accepts the erased user's token"
code=0; erase_user >/dev/null || code=$?
[ "$code" = 1 ] || fail "a second erase-user: exit $code, not 1"

# An erasure interrupted as versions that deleted the key last left one whose key store failed: the user's
# rows gone, the key stored. erase-user finishes it (deletes the key) instead of saying "no such user".
other=$(curl -s -X POST -H 'Content-Type: application/json' -d '{}' "http://127.0.0.1:$server_port/dev/users" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["user_id"])')
python3 - "$work/data" "$other" <<'PY'
import sqlite3, sys
data, user = sys.argv[1:]
sqlite3.connect(data + "/wellness.sqlite", isolation_level=None).execute("DELETE FROM users WHERE id = ?", (user,))
keys = sqlite3.connect(data + "/user-keys.sqlite")
assert keys.execute("SELECT COUNT(*) FROM user_keys WHERE user_id = ?", (user,)).fetchone()[0] == 1
PY
user=$other
erase_user >"$work/erase.out" || fail "erase-user of an interrupted erasure: $(cat "$work/erase.err")"
grep -q "\"erased\":\"$other\",\"finished\":true" "$work/erase.out" || fail "erase-user printed $(cat "$work/erase.out")"
python3 - "$work/data" "$other" <<'PY' || fail "the interrupted erasure's key is still stored"
import sqlite3, sys
data, user = sys.argv[1:]
keys = sqlite3.connect(data + "/user-keys.sqlite")
sys.exit(keys.execute("SELECT COUNT(*) FROM user_keys WHERE user_id = ?", (user,)).fetchone()[0])
PY
kill -TERM "$server_pid"; wait "$server_pid" || true
echo "erase: another process's change to a list served at once;" \
     "key store locked: erase-user exit 75 and DELETE /account 503 + Retry-After, nothing erased;" \
     "then erase-user while the server runs: its key and token refused at once; an interrupted erasure finished"
