#!/usr/bin/env bash
# The C ABI against the description of the released libwellness.so.1
# (abi/libwellness.so.1.abi): a change that breaks callers fails unless the
# soname changes with it; additions pass and are listed.
#
# The description comes from a probe (abi_probe.py) built with the header's
# types: libabigail cannot read the Swift library's own debug info. The
# library's exports are the header's functions (e2e/c/check_symbols.sh).
#
#   abi/check_abi.sh include/wellness.h WORKDIR [LIBRARY]    # the check (and LIBRARY's soname)
#   abi/check_abi.sh include/wellness.h WORKDIR --baseline   # write a new description
set -euo pipefail
header=$1
work=$2
here=$(cd "$(dirname "$0")" && pwd)
stored=$here/libwellness.so.1.abi

if ! command -v abidiff > /dev/null || ! command -v abidw > /dev/null; then
    if [ "${WELLNESS_TEST_STRICT:-}" = 1 ]; then
        echo "abidw/abidiff not found (Debian: abigail-tools), WELLNESS_TEST_STRICT=1"
        echo "check_abi: 0 passed, 1 failed"
        exit 1
    fi
    echo "SKIPPED: abidw/abidiff not found (Debian: abigail-tools)"
    exit 77
fi

abi_version=$(sed -n 's/^#define WELLNESS_ABI_VERSION \([0-9]*\)$/\1/p' "$header")
soname=libwellness.so.$abi_version
mkdir -p "$work"
python3 "$here/abi_probe.py" "$header" > "$work/probe.c"
${CC:-cc} -g -O0 -shared -fPIC -I"$(dirname "$header")" -Wl,-soname,"$soname" "$work/probe.c" -o "$work/$soname"

if [ "${3:-}" = --baseline ]; then
    abidw --no-corpus-path --no-comp-dir-path --no-show-locs --headers-dir "$(dirname "$header")" \
          --drop-private-types "$work/$soname" > "$stored"
    echo "wrote $stored"
    exit 0
fi

if [ -n "${3:-}" ]; then
    built=$(readelf -d "$3" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
    if [ "$built" != "$soname" ]; then
        echo "$3 has the soname $built; WELLNESS_ABI_VERSION $abi_version says $soname"
        echo "check_abi: 0 passed, 1 failed"
        exit 1
    fi
fi
stored_soname=$(sed -n "s/.*soname='\([^']*\)'.*/\1/p" "$stored" | head -1)
if [ "$stored_soname" != "$soname" ]; then
    echo "WELLNESS_ABI_VERSION $abi_version makes $soname; the stored description is of $stored_soname:"
    echo "a new ABI. Write its description with: $0 $header $work --baseline"
    echo "check_abi: 1 passed, 0 failed"
    exit 0
fi
status=0
abidiff --no-show-locs "$stored" "$work/$soname" > "$work/abidiff.txt" || status=$?
if [ "$status" -eq 0 ]; then
    echo "the C ABI is the one of $soname as released"
    echo "check_abi: 1 passed, 0 failed"
    exit 0
fi
# Additions alone keep every caller working.
if abidiff --no-show-locs --no-added-syms "$stored" "$work/$soname" > /dev/null; then
    echo "compatible additions to $soname (record them in CHANGELOG.md; the description is rewritten at release):"
    grep -E "^  \[A\]" "$work/abidiff.txt" || cat "$work/abidiff.txt"
    echo "check_abi: 1 passed, 0 failed"
    exit 0
fi
cat "$work/abidiff.txt"
echo "an incompatible change to $soname: keep the old ABI, or raise WELLNESS_ABI_VERSION (and the soname)"
echo "check_abi: 0 passed, 1 failed"
exit 1
