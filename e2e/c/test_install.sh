#!/usr/bin/env bash
# Installs into a fresh prefix, then builds a consumer with pkg-config and
# with find_package(Wellness), and runs both without LD_LIBRARY_PATH; then
# moves the prefix and does it again (the .pc and CMake files are relocatable).
# Usage: test_install.sh CMAKE_BUILD_DIR
set -euo pipefail
build_dir=$1
cc=${CC:-cc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset LD_LIBRARY_PATH

fail() {
    echo "FAILED: $*"
    echo "install: 0 passed, 1 failed"
    exit 1
}

cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
for file in include/wellness.h lib/libwellness.so.1 lib/pkgconfig/wellness.pc \
            lib/cmake/Wellness/WellnessConfig.cmake lib/cmake/Wellness/WellnessConfigVersion.cmake; do
    test -f "$work/prefix/$file" || fail "$file is not installed"
done
test "$(readlink "$work/prefix/lib/libwellness.so")" = libwellness.so.1 || fail "lib/libwellness.so -> libwellness.so.1"
readelf -d "$work/prefix/lib/libwellness.so.1" | grep -q 'SONAME.*\[libwellness\.so\.1\]' || fail "soname"

cat > "$work/app.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <wellness.h>
int main(void) {
    const char *tip = "{\"tip\":\"Drink water\",\"priority\":\"high\"}";
    wellness_buf out = {0};
    if (strcmp(wellness_version(), WELLNESS_VERSION) != 0 || wellness_abi_version() != WELLNESS_ABI_VERSION) return 1;
    if (wellness_goal_tip_view(tip, strlen(tip), &out, NULL) != WELLNESS_OK) return 1;
    printf("libwellness %s %s\n", wellness_version(), out.ptr);
    wellness_buf_free(&out);
    return 0;
}
C
cat > "$work/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(consumer C)
find_package(Wellness 1 REQUIRED)
add_executable(app app.c)
target_link_libraries(app PRIVATE Wellness::wellness)
CMAKE

# Builds and runs both consumers against the tree at $1.
consume() {
    local prefix=$1 label=$2 output
    # shellcheck disable=SC2046
    PKG_CONFIG_PATH=$prefix/lib/pkgconfig "$cc" -std=c99 -Wall -Wextra -Werror -pedantic "$work/app.c" \
        -o "$work/app_pkgconfig_$label" $(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs wellness) ||
        fail "pkg-config consumer ($label) does not build"
    test "$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --modversion wellness)" = 1.0.0 || fail "pkg-config version"
    output=$("$work/app_pkgconfig_$label") || fail "pkg-config consumer ($label) does not run"
    echo "pkg-config   consumer ($label): $output"
    grep -q '^libwellness 1\.0\.0 .*"priority_level":3' <<<"$output" || fail "pkg-config consumer output"

    rm -rf "$work/build_$label"
    cmake -S "$work" -B "$work/build_$label" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake.log" 2>&1 ||
        { cat "$work/cmake.log"; fail "find_package(Wellness 1) ($label)"; }
    cmake --build "$work/build_$label" >"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; fail "CMake consumer build"; }
    output=$("$work/build_$label/app") || fail "find_package consumer ($label) does not run"
    echo "find_package consumer ($label): $output"
    grep -q '^libwellness 1\.0\.0 .*"priority_level":3' <<<"$output" || fail "find_package consumer output"
}

consume "$work/prefix" installed
mv "$work/prefix" "$work/moved"
consume "$work/moved" moved

# SameMajorVersion: version 2 is not compatible.
sed -i 's/Wellness 1 REQUIRED/Wellness 2 REQUIRED/' "$work/CMakeLists.txt"
if cmake -S "$work" -B "$work/build_v2" -DCMAKE_PREFIX_PATH="$work/moved" >/dev/null 2>&1; then
    fail "find_package(Wellness 2) accepted version 1.0.0"
fi
echo "install: 1 passed, 0 failed (pkg-config and find_package consumers, installed and moved, no LD_LIBRARY_PATH)"
