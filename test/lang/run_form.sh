#!/usr/bin/env bash
# Checks the form of the C cmc makes of a kernel file: for every
# "// FORM: <kernel> <n> <text>" line of it, the body of <kernel> in the
# generated C holds <text> exactly <n> times. For lowerings whose results
# the conformance suites check but which, missed, would still give the
# same results, only slower (lang/blocks.c, lang/scan.c).
# usage: run_form.sh <cmc> <kernel.cpp>
set -u
cmc=$1 kernel=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
out=$dir/kernel.c
"$cmc" "$kernel" -o "$out" || exit 1
failed=0 checked=0
while read -r name want text; do
    got=$(awk -v body="${name}__body(" -v text="$text" '
        index($0, "__body(") { inside = index($0, body) > 0 }
        index($0, "__cmk_batch(") { inside = 0 }
        inside { s = $0; while ((i = index(s, text)) > 0) { n++; s = substr(s, i + length(text)) } }
        END { print n + 0 }' "$out")
    checked=$((checked + 1))
    if [ "$got" != "$want" ]; then
        echo "$name: '$text' $got times in the generated C, want $want"
        failed=1
    fi
done < <(sed -n 's|^// FORM: ||p' "$kernel")
[ "$checked" -gt 0 ] || { echo "no // FORM: lines in $kernel"; exit 1; }
exit $failed
