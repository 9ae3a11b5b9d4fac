#!/usr/bin/env bash
# Start-up with a missing, unreadable or wrong encryption key for a database
# holding sealed data: the server exits non-zero (78) with a message on
# stderr, and the key file is exactly as it was.
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
echo "keys: 1 passed, 0 failed (wrong, short, unreadable, missing and wrong environment keys refused; key file untouched)"
