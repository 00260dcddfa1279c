#!/usr/bin/env bash
# The main job: install, build, and run the ported CM samples on the
# bundled picture. Pictures go to out/ (or $1); throughput is printed.
#
# usage: scripts/run-samples.sh [output dir]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-out}")

scripts/setup.sh build
mkdir -p "$out"

run() {  # [VAR=value...] sample [options...]
    local vars=()
    while [[ $1 == *=* ]]; do vars+=("$1"); shift; done
    local sample=$1
    shift
    echo
    echo "== ${vars[*]}${vars:+ }$sample $*"
    env "${vars[@]}" "build/samples/$sample/$sample" --output-dir "$out" "$@"
}

run linear_filter
run linear_filter --size 1920x1080
run integral_image
run CMRT_WORKERS=1 integral_image --size 1920x1088
run CMRT_WORKERS=2 integral_image --size 1920x1088

echo
echo "pictures in $out:"
ls "$out"
