#!/usr/bin/env bash
# The man page (packaging/cmc.1.in) has an entry (a .TP paragraph's tag) for
# every option and environment variable `cmc --help` lists, and groff reads
# it without a warning.
# usage: man_page.sh <cmc> <cmc.1.in>
set -euo pipefail
cmc=$1 page=$2

fail() { echo "FAIL: $*" >&2; exit 1; }

help=$("$cmc" --help)
# The tags of the page's .TP paragraphs (the line after each .TP), without
# troff's escapes: \- is -, \fB... change fonts.
tags=$(awk 'tag { print; tag = 0 } /^\.TP/ { tag = 1 }' "$page" |
       sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g')

options=$(grep -oE '(^|[ (])--?[A-Za-z][A-Za-z0-9_-]*=?' <<<"$help" | tr -d ' (' | sort -u)
variables=$(sed -n '/^Environment:/,$p' <<<"$help" | grep -oE '\b[A-Z][A-Z_]+\b' | sort -u)
[ -n "$options" ] && [ -n "$variables" ] || fail "nothing found in cmc --help"
for word in $options $variables; do
    grep -qF -- "$word" <<<"$tags" || fail "the man page has no entry for $word"
done

if command -v groff >/dev/null; then
    warnings=$(sed 's/@CMC_VERSION@/0/' "$page" | groff -man -ww -z 2>&1)
    [ -z "$warnings" ] || fail "groff: $warnings"
fi
echo "PASS: $(wc -w <<<"$options $variables") options and variables"
