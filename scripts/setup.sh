#!/usr/bin/env bash
# Installs what cmc needs, then configures and builds one build directory.
# Idempotent: packages already there are not fetched again, and an existing
# build directory is rebuilt incrementally.
#
# usage: scripts/setup.sh [build dir] [meson setup options...]
set -euo pipefail
cd "$(dirname "$0")/.."

build=${1:-build}
shift || true

# Debian packages: the build (meson, ninja, a C and C++ compiler; clang,
# which cmc prefers for kernels because it vectorises them better), the
# parser runtime, libffi for the runtime's generic call path, cmake for the
# tests of CMake projects using an installed cmc (test/consumers), and npm to
# fetch the pinned grammar (only when no npm is there: a node installed
# some other way brings its own, which Debian's npm would conflict with).
packages=(meson ninja-build pkg-config gcc g++ clang libtree-sitter-dev libffi-dev cmake)
command -v npm >/dev/null || packages+=(nodejs npm)

missing_packages() {
    local p
    for p in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || echo "$p"
    done
}

install_packages() {
    local missing
    missing=$(missing_packages)
    [ -z "$missing" ] && return
    echo "setup: installing $(echo $missing)"
    local sudo=
    [ "$(id -u)" -ne 0 ] && sudo=sudo
    $sudo apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
}

# The C++ grammar's generated parser, at the version package-lock.json pins;
# its install scripts would try to build node bindings we do not need.
install_grammar() {
    local wanted have
    wanted=$(sed -n 's/.*"tree-sitter-cpp": "\(.*\)".*/\1/p' package.json)
    # No node_modules on a fresh checkout: sed fails, and that is "none".
    have=$(sed -n 's/^ *"version": "\(.*\)".*/\1/p' node_modules/tree-sitter-cpp/package.json 2>/dev/null | head -1 || true)
    [ "$have" = "$wanted" ] && [ -f node_modules/tree-sitter-cpp/src/parser.c ] && return
    echo "setup: fetching tree-sitter-cpp $wanted"
    npm ci --ignore-scripts --omit=peer --no-audit --no-fund --loglevel=error
}

configure_and_build() {
    if [ -f "$build/build.ninja" ]; then
        [ $# -gt 0 ] && meson configure "$build" "$@" >/dev/null
    else
        meson setup "$build" "$@" >/dev/null
    fi
    ninja -C "$build" >/dev/null
}

install_packages
install_grammar
configure_and_build "$@"
echo "setup: built $build"
