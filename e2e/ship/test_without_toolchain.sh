#!/usr/bin/env bash
# What users ship works where Swift is not installed: the C demo, a CMake
# consumer built against the installed package, and Python from the installed
# wheel give the same output with the Swift toolchain hidden (a tmpfs over
# its directory in a private mount namespace) as with it.
# Usage: test_without_toolchain.sh CMAKE_BUILD_DIR WHEEL PYTHON
# Exit status: 0 passed, 1 failed, 77 skipped (ctest's SKIP_RETURN_CODE).
set -euo pipefail
build_dir=$(realpath "$1")
wheel=$(realpath "$2")
python=$3
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
toolchain=$(dirname "$(dirname "$(dirname "$(realpath "$(command -v swift)")")")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset LD_LIBRARY_PATH WELLNESS_LIBRARY PYTHONPATH

fail() {
    echo "FAILED: $*"
    echo "without_toolchain: 0 passed, 1 failed"
    exit 1
}

if ! unshare -m --propagation private true 2>/dev/null; then
    echo "SKIPPED: unshare -m is not permitted here (needs root or user namespaces); the toolchain cannot be hidden"
    echo "without_toolchain: 0 passed, 0 failed, 1 skipped"
    exit 77
fi

# What a user gets: the installed prefix, a consumer built against it, the wheel in a fresh venv.
cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
cmake -S "$here/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" >"$work/log" 2>&1 ||
    { cat "$work/log"; fail "the consumer does not configure"; }
cmake --build "$work/consumer" >"$work/log" 2>&1 || { cat "$work/log"; fail "the consumer does not build"; }
"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q --no-deps --no-index "$wheel" || fail "the wheel does not install"

# Runs every program, then moves their outputs to $1 (they run in one place,
# so that the paths they print are the same both times).
run_all() {
    local out=$work/out
    mkdir -p "$out/charts"
    "$build_dir/demo" "$root/examples/data" "$out/charts" >"$out/demo.txt"
    "$work/consumer/consumer" >"$out/consumer.txt"
    (cd "$work" && "$work/venv/bin/python" "$here/probe.py") >"$out/python.txt"
    ldd "$work/prefix/lib/libwellness.so.1" >"$out/ldd.txt"
    mv "$out" "$1"
}
export -f run_all
export build_dir root work here

run_all "$work/with" || fail "the programs fail with the toolchain present"
unshare -m --propagation private bash -c '
    set -e
    mount -t tmpfs tmpfs "$0"
    test -z "$(ls -A "$0")"
    if command -v swift >/dev/null; then exit 3; fi
    run_all "$1"
' "$toolchain" "$work/without" || fail "the programs fail with $toolchain hidden"

grep -q "$toolchain" "$work/without/ldd.txt" && fail "ldd still finds files under $toolchain"
grep -q "not found" "$work/without/ldd.txt" && fail "unresolved libraries: $(cat "$work/without/ldd.txt")"
for output in demo.txt consumer.txt python.txt; do
    diff -u "$work/with/$output" "$work/without/$output" || fail "$output differs without the toolchain"
done
diff -r "$work/with/charts" "$work/without/charts" || fail "the demo's charts differ without the toolchain"
grep -q '"label":"Mar 10","count":2' "$work/without/consumer.txt" || fail "New York's DST day: $(cat "$work/without/consumer.txt")"
grep -q '"start": "2024-03-10"' "$work/without/python.txt" || fail "Python's New York days: $(cat "$work/without/python.txt")"
grep -q '^1\.0\.0 True$' "$work/without/python.txt" || fail "Python did not import the wheel's module"
grep -q '^codec: wellness$' "$work/without/python.txt" ||
    fail "without orjson, the wheel's own JSON codec is not used: $(grep codec "$work/without/python.txt")"
echo "hidden: $toolchain; the C demo, the CMake consumer and Python (wheel) agree with and without it"
echo "without_toolchain: 1 passed, 0 failed"
