#!/usr/bin/env bash
# Installs into a fresh prefix, then builds a consumer with pkg-config and
# with find_package(Wellness), and runs both without LD_LIBRARY_PATH.
set -euo pipefail
build_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
cmake --install "$build_dir" --prefix "$prefix" >/dev/null
test -L "$prefix/lib/libwellness.so" && test -f "$prefix/lib/libwellness.so.1" && test -f "$prefix/include/wellness.h"

cat > "$work/app.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <wellness.h>
int main(void) {
    const char *tip = "{\"tip\":\"Drink water\",\"priority\":\"high\"}";
    wellness_buf out = {0};
    if (wellness_abi_version() != WELLNESS_ABI_VERSION) return 1;
    if (wellness_goal_tip_view(tip, strlen(tip), &out, NULL) != WELLNESS_OK) return 1;
    printf("%s %s\n", wellness_version(), out.ptr);
    wellness_buf_free(&out);
    return 0;
}
C
unset LD_LIBRARY_PATH
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
# shellcheck disable=SC2046
cc -std=c99 -Wall -Werror "$work/app.c" -o "$work/app_pkgconfig" $(pkg-config --cflags --libs wellness)
"$work/app_pkgconfig" | grep -q '"priority_level":3'

mkdir -p "$work/consumer"
cat > "$work/consumer/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(consumer C)
find_package(Wellness 1 REQUIRED)
add_executable(app ../app.c)
target_link_libraries(app PRIVATE Wellness::wellness)
CMAKE
cmake -S "$work/consumer" -B "$work/consumer/build" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/consumer/build" >/dev/null
"$work/consumer/build/app" | grep -q '"priority_level":3'
readelf -d "$prefix/lib/libwellness.so.1" | grep -q 'SONAME.*libwellness.so.1'
echo "install: 1 passed, 0 failed (pkg-config and find_package consumers run without LD_LIBRARY_PATH)"
