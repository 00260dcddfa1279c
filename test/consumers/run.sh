#!/usr/bin/env bash
# Out-of-tree consumers of cmc (README.md, "Use from CMake" and "Use from
# meson"). Each test builds one of the small projects beside this script
# against cmc, runs its kernel and checks the result; then changes the
# constant in scale.h, which only the kernel includes, and checks that the
# kernel is rebuilt (the new result) and that nothing is rebuilt when
# nothing changed.
#
#   cmake             install this build with --destdir (so at a prefix it
#                     was not configured for: the install must be
#                     relocatable), check the installed files, build cmake/
#                     with find_package(cmc), with Ninja and with Makefiles
#   meson             the same install, build meson/ with dependency('cmrt')
#                     through pkg-config and find_program('cmc') through PATH
#   meson-subproject  build meson/ with this source tree as its subproject
#                     subprojects/cmc, which overrides cmc and cmrt
#
# usage: run.sh <test> <cmc build dir> <source root>
# Exit status 0: pass, 1: fail, 77: skipped (a tool is missing).
set -euo pipefail
test=$1 build=$2 root=$3
here=$root/test/consumers
case $build in /*) ;; *) build=$PWD/$build ;; esac

work=$(mktemp -d "${TMPDIR:-/tmp}/cmc-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
# Nothing from the outer build's environment steers the inner builds.
unset CMC_INCLUDE_DIR CMC_CC MESONINTROSPECT DESTDIR PKG_CONFIG_PATH CMAKE_PREFIX_PATH

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }
log() { echo "== $*"; }

# Runs a command quietly; on failure shows what it printed.
quiet() {
    if ! "$@" >"$work/out.txt" 2>&1; then
        cat "$work/out.txt" >&2
        fail "$*"
    fi
}

# --- installing -----------------------------------------------------------

# Installs the build under $work/root; sets $prefix to where it landed.
install_cmc() {
    log "meson install --destdir"
    quiet meson install -C "$build" --no-rebuild --destdir "$work/root"
    local cmc
    cmc=$(find "$work/root" -path '*/bin/cmc' -type f | head -1)
    [ -n "$cmc" ] || fail "no bin/cmc installed"
    prefix=$(dirname "$(dirname "$cmc")")
    check_layout
}

# One installed file whose path matches the pattern (below $prefix).
installed() {
    local found
    found=$(cd "$prefix" && find . -path "./$1" | head -1)
    [ -n "$found" ] || fail "nothing installed as <prefix>/$1"
    echo "$prefix/${found#./}"
}

check_layout() {
    log "installed files"
    local f
    for f in bin/cmc include/cmc/cm/cm.h 'include/cmc/cmk/*.h' include/cmrt.h \
             include/cmrt_codes.h include/cm_rt.h 'lib*/libcmrt.so' 'lib*/libcmrt.a' \
             'lib*/pkgconfig/cmrt.pc' 'lib*/cmake/cmc/cmcConfig.cmake' \
             'lib*/cmake/cmc/cmcConfigVersion.cmake' share/man/man1/cmc.1; do
        installed "$f" >/dev/null
    done
    local pc
    pc=$(installed 'lib*/pkgconfig/cmrt.pc')
    grep -q '^prefix=${pcfiledir}' "$pc" || fail "cmrt.pc is not relocatable: $(cat "$pc")"
    grep -q '^Libs:.*-lcmrt' "$pc" || fail "cmrt.pc: no -lcmrt in Libs: $(cat "$pc")"
    grep -q '^Requires.private:.*libffi' "$pc" || fail "cmrt.pc: no libffi in Requires.private"
    # The installed cmc finds the installed headers, not the source tree's.
    echo '#include <cm/cm.h>' >probe.cpp
    "$prefix/bin/cmc" -M probe.cpp >probe.d || fail "installed cmc -M"
    grep -q "$prefix/bin/../include/cmc/cm/cm.h" probe.d ||
        fail "installed cmc does not use the installed cm.h: $(cat probe.d)"
}

# --- the consumer projects -------------------------------------------------

# The project's sources, copied so that scale.h can be changed.
copy_project() {
    rm -rf src
    cp -R "$here/$1" src
}

set_scale() {
    sed -i "s/^#define SCALE .*/#define SCALE $1/" src/scale.h
    grep -q "^#define SCALE $1\$" src/scale.h || fail "could not set SCALE in scale.h"
}

# run_host <dir> <program> <factor>: runs it from <dir>, where it loads
# scale_genx.isa from.
run_host() {
    log "run $2 (scale $3)"
    (cd "$1" && quiet "./$2" "$3")
}

# up_to_date <build dir> [targets]: ninja has nothing to do.
up_to_date() {
    local dir=$1
    shift
    ninja -C "$dir" -n "$@" >"$work/ninja.txt" 2>&1 || fail "ninja -n failed: $(cat "$work/ninja.txt")"
    grep -q 'no work to do' "$work/ninja.txt" ||
        fail "rebuilt with nothing changed: $(cat "$work/ninja.txt")"
}

# build_ninja <build dir> <what must be rebuilt, or -> [targets]
build_ninja() {
    local dir=$1 expect=$2
    shift 2
    ninja -C "$dir" "$@" >"$work/ninja.txt" 2>&1 || { cat "$work/ninja.txt" >&2; fail "ninja"; }
    if [ "$expect" != - ]; then
        grep -q "$expect" "$work/ninja.txt" || fail "'$expect' not rebuilt: $(cat "$work/ninja.txt")"
    fi
}

test_cmake() {
    command -v cmake >/dev/null || skip "no cmake"
    install_cmc
    copy_project cmake

    log "cmake -G Ninja"
    quiet cmake -S src -B ninja -G Ninja -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release
    build_ninja ninja -
    run_host ninja scale 3
    run_host ninja/static ../scale_static 3
    up_to_date ninja
    set_scale 5
    build_ninja ninja 'Translating CM kernel scale_genx'
    run_host ninja scale 5
    run_host ninja/static ../scale_static 5
    up_to_date ninja
    touch src/scale.h
    build_ninja ninja 'Translating CM kernel scale_genx'
    up_to_date ninja

    log "cmake -G 'Unix Makefiles'"
    command -v make >/dev/null || { echo "(no make: Makefiles not tried)"; return 0; }
    quiet cmake -S src -B make -G 'Unix Makefiles' -DCMAKE_PREFIX_PATH="$prefix"
    quiet make -C make
    run_host make scale 5
    quiet make -C make
    ! grep -q 'Translating CM kernel' out.txt || fail "make rebuilt the kernel with nothing changed"
    set_scale 7
    quiet make -C make
    grep -q 'Translating CM kernel' out.txt || fail "make did not rebuild the kernel"
    run_host make scale 7
}

# meson_consumer <build dir> <setup options...>: builds the meson/ project
# copied to src/, runs the host, changes scale.h and checks that the kernel
# is rebuilt.
meson_consumer() {
    local dir=$1
    shift
    log "meson setup $*"
    quiet meson setup "$dir" src "$@"
    # Only the consumer's own targets (as a subproject, cmc's tests and
    # samples would be built too otherwise).
    local targets=(scale scale_genx.isa)
    build_ninja "$dir" - "${targets[@]}"
    run_host "$dir" scale 3
    up_to_date "$dir" "${targets[@]}"
    set_scale 5
    build_ninja "$dir" 'scale_genx.isa' "${targets[@]}"
    run_host "$dir" scale 5
    up_to_date "$dir" "${targets[@]}"
}

test_meson() {
    command -v pkg-config >/dev/null || skip "no pkg-config"
    install_cmc
    local pcdir
    pcdir=$(dirname "$(installed 'lib*/pkgconfig/cmrt.pc')")
    copy_project meson
    PKG_CONFIG_PATH=$pcdir PATH=$prefix/bin:$PATH meson_consumer build
    # The installed cmc built the kernel.
    grep -qF "$prefix/bin/cmc" build/build.ninja || fail "the kernel was not built by the installed cmc"
}

test_meson_subproject() {
    copy_project meson
    mkdir src/subprojects
    ln -s "$root" src/subprojects/cmc
    # Forced, so that an installed cmrt.pc or cmc cannot stand in for it.
    meson_consumer build --force-fallback-for=cmrt
    grep -qF 'subprojects/cmc/cmc/cmc ' build/build.ninja ||
        fail "the kernel was not built by the subproject's cmc"
}

case $test in
    cmake) test_cmake ;;
    meson) test_meson ;;
    meson-subproject) test_meson_subproject ;;
    *) fail "unknown test '$test'" ;;
esac
echo "PASS: $test"
