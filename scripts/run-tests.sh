#!/usr/bin/env bash
# Installs, builds and runs the whole test suite: once as released, then
# under AddressSanitizer + UndefinedBehaviorSanitizer and under
# ThreadSanitizer, each in its own build directory. Prints one closing
# line, "tests: N passed, N failed", and exits non-zero on any failure.
#
# usage: scripts/run-tests.sh [--quick]   (--quick: the plain build only)
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
[ "${1:-}" = --quick ] && quick=1

passed=0 failed=0

# Runs the suite of one build directory and adds up meson's counts.
run_suite() {
    local build=$1 status=0
    shift
    echo "== meson test -C $build $*"
    meson test -C "$build" --print-errorlogs "$@" >"$build/test-output.txt" 2>&1 || status=$?
    grep -E '^ *[0-9]+/[0-9]+ .*(FAIL|TIMEOUT|ERROR)' "$build/test-output.txt" || true
    sed -n '/^Ok:/,/^Timeout:/p' "$build/test-output.txt"
    [ $status -ne 0 ] && sed -n '/^=* [0-9]*\/[0-9]* =*$/,$p' "$build/test-output.txt" | head -200
    local ok bad
    ok=$(sed -n 's/^Ok: *\([0-9]*\).*/\1/p' "$build/test-output.txt")
    bad=$(sed -n 's/^\(Fail\|Timeout\|Unexpected Pass\): *\([0-9]*\).*/\2/p' "$build/test-output.txt" |
          awk '{s += $1} END {print s + 0}')
    [ -z "$ok" ] && bad=$((bad + 1))  # meson itself failed
    passed=$((passed + ${ok:-0}))
    failed=$((failed + bad))
}

scripts/setup.sh build
run_suite build

if [ $quick -eq 0 ]; then
    # Sanitizer builds keep assertions and debug info; -Db_lundef=false
    # because sanitizer runtimes leave symbols undefined in shared objects.
    scripts/setup.sh build-asan -Dbuildtype=debugoptimized -Db_ndebug=false \
        -Db_sanitize=address,undefined -Db_lundef=false
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
        run_suite build-asan --timeout-multiplier 4

    scripts/setup.sh build-tsan -Dbuildtype=debugoptimized -Db_ndebug=false \
        -Db_sanitize=thread -Db_lundef=false
    TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
        run_suite build-tsan --timeout-multiplier 4
fi

echo
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
