#!/usr/bin/env bash
# The shipped libwellness.so.1 is self-contained: it needs only libraries
# every Linux distribution has (or installs by package name), has no RUNPATH
# into a toolchain, is stripped to at most 16 MB, and points gdb at its
# separate debug file.
# libcrypto.so.3 (OpenSSL 3, the offline store's AES-256-GCM and SHA-256) is
# one: libcurl.so.4 from libcurl4-openssl-dev already depends on it.
# libexpat.so.1 and libz.so.1 (expat, zlib: the importers' XML parser and
# export.zip's inflater) are in every Debian base system (libexpat1, zlib1g).
# Usage: check_library.sh libwellness.so.1
set -euo pipefail
library=$1
allowed='^(libc\.so\.6|libm\.so\.6|libstdc\+\+\.so\.6|libgcc_s\.so\.1|ld-linux-x86-64\.so\.2|libcurl\.so\.4|libsqlite3\.so\.0|libcrypto\.so\.3|libexpat\.so\.1|libz\.so\.1)$'
failures=0
fail() {
    echo "FAILED: $*"
    failures=$((failures + 1))
}

needed=$(readelf -d "$library" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
echo "NEEDED: $(echo $needed)"
for name in $needed; do
    [[ $name =~ $allowed ]] || fail "needs $name, which is not a system library"
done
readelf -d "$library" | grep -qE '\((RPATH|RUNPATH)\)' && fail "has a RUNPATH: $(readelf -d "$library" | grep -E 'R(UN)?PATH')"
size=$(stat -c %s "$library")
echo "size: $size bytes"
[ "$size" -le $((16 * 1024 * 1024)) ] || fail "is larger than 16 MB"
readelf -S "$library" | grep -q '\.symtab' && fail "is not stripped (has .symtab)"
readelf -S "$library" | grep -q '\.debug_info' && fail "carries debug info"
debuglink=$(readelf --string-dump=.gnu_debuglink "$library" 2>/dev/null | sed -n 's/.*\] *//p' | head -1)
[ "$debuglink" = "$(basename "$library").debug" ] || fail "debuglink is '$debuglink'"
[ -f "$(dirname "$library")/$debuglink" ] || fail "no $debuglink beside it"
echo "check_library: $((failures == 0 ? 1 : 0)) passed, $((failures == 0 ? 0 : 1)) failed"
exit $((failures == 0 ? 0 : 1))
