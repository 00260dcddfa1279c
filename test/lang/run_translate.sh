#!/usr/bin/env bash
# Translates a kernel to C with cmc and compiles the C with every warning
# an error, with the build's C compiler and with clang when there is one
# (cmc's default): generated code must be clean C11. With -g, checks that
# the C carries #line directives back to the kernel.
# usage: run_translate.sh <cmc> <cc> <lib include dir> <kernel.cpp>
set -eu
cmc=$1 cc=$2 include=$3 kernel=$4
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
compilers=("$cc")
command -v clang >/dev/null && compilers+=(clang)

"$cmc" "$kernel" -o "$out/plain.c"
"$cmc" -g "$kernel" -o "$out/debug.c"
grep -q "^#line [0-9]* \".*$(basename "$kernel")\"" "$out/debug.c" ||
    { echo "no #line directive names $(basename "$kernel")"; exit 1; }
for c in "${compilers[@]}"; do
    "$c" -std=c11 -Wall -Wextra -Werror -O2 -I"$include" -c "$out/plain.c" -o "$out/plain.o"
    "$c" -std=c11 -Wall -Wextra -Werror -O0 -g -I"$include" -c "$out/debug.c" -o "$out/debug.o"
done
