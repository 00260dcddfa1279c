#!/usr/bin/env bash
# Runs cmc on a kernel that must be rejected and checks that every
# "// CHECK: text" line of the kernel appears in what cmc printed.
# usage: run_diagnostic.sh <cmc> <kernel.cpp>
set -u
cmc=$1 kernel=$2
case $cmc in /*) ;; *) cmc=$PWD/$cmc ;; esac  # meson gives it relative to the build dir
cd "$(dirname "$kernel")" || exit 1
name=$(basename "$kernel")
stderr=$("$cmc" -fsyntax-only "$name" 2>&1 >/dev/null)
status=$?
failed=0
if [ "$status" -ne 1 ]; then
    echo "expected exit status 1, got $status"
    failed=1
fi
while IFS= read -r want; do
    if ! grep -qF -- "$want" <<<"$stderr"; then
        echo "missing: $want"
        failed=1
    fi
done < <(sed -n 's#^// CHECK: ##p' "$name")
[ "$failed" -eq 0 ] || printf 'cmc printed:\n%s\n' "$stderr"
exit "$failed"
