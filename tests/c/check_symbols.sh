#!/usr/bin/env bash
# Every function declared in wellness.h is exported by libwellness.so, and
# nothing else is (no Swift symbols, nothing without the wellness_ prefix).
set -euo pipefail
header=$1
library=$2
declared=$(grep -E '^WELLNESS_API ' "$header" | grep -oE 'wellness_[a-z_0-9]+\(' | tr -d '(' | sort -u)
exported=$(nm -D --defined-only "$library" | awk '{print $3}' | sort -u)
if [ "$declared" != "$exported" ]; then
    echo "header and exports differ (< header only, > exported only):"
    diff <(echo "$declared") <(echo "$exported") || true
    echo "check_symbols: 0 passed, 1 failed"
    exit 1
fi
echo "$(echo "$declared" | wc -l) functions declared and exported, nothing else exported"
echo "check_symbols: 1 passed, 0 failed"
