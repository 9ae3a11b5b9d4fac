#!/usr/bin/env bash
# No two tracked paths (files or folders) differ only in case: on the default
# file systems of macOS and Windows they would be one, and a clone there breaks.
# Usage: check_case_collisions.sh REPOSITORY
set -euo pipefail
cd "$1"
if ! paths=$(git ls-files 2>/dev/null) || [ -z "$paths" ]; then
    echo "SKIPPED: $1 is not a git checkout"
    exit 77
fi
# Every file and every folder above it, then those equal when lowercased.
collisions=$(echo "$paths" | awk -F/ '{ path = ""; for (i = 1; i <= NF; i++) { path = path (i > 1 ? "/" : "") $i; print path } }' |
             sort -u | awk '{ lower = tolower($0); if (lower in seen) print seen[lower] " and " $0; else seen[lower] = $0 }')
if [ -n "$collisions" ]; then
    echo "paths that differ only in case:"
    echo "$collisions"
    echo "check_case_collisions: 0 passed, 1 failed"
    exit 1
fi
echo "$(echo "$paths" | wc -l) tracked files, no two paths equal but for case"
echo "check_case_collisions: 1 passed, 0 failed"
