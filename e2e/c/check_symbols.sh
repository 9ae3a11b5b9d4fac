#!/usr/bin/env bash
# Every function declared in wellness.h is exported by libwellness.so, and
# nothing else is (no Swift symbols, nothing without the wellness_ prefix).
# Usage: check_symbols.sh include/wellness.h libwellness.so
set -euo pipefail
header=$1
library=$2

# The preprocessed header has no comments (which mention calls, as in
# "wellness_buf_free()") and joins nothing we rely on: a declared function is
# a wellness_ name directly followed by "(" (typedef'd callbacks read "(*name)(").
declared=$(${CC:-cc} -E -P -x c "$header" | grep -oE '\bwellness_[A-Za-z0-9_]+[[:space:]]*\(' |
           tr -d '( \t' | sort -u)
# Dynamic symbols the library defines, without any @VERSION suffix.
exported=$(nm -D --defined-only "$library" | awk 'NF >= 3 {print $3}' | sed 's/@.*//' | sort -u)

if [ -z "$declared" ]; then
    echo "no functions found in $header"
    echo "check_symbols: 0 passed, 1 failed"
    exit 1
fi
if [ "$declared" != "$exported" ]; then
    echo "header and exports differ (< declared in $header only, > exported by $library only):"
    diff <(echo "$declared") <(echo "$exported") || true
    echo "check_symbols: 0 passed, 1 failed"
    exit 1
fi
echo "$(echo "$declared" | wc -l) functions declared in $(basename "$header"), the same exported, nothing else"
echo "check_symbols: 1 passed, 0 failed"
