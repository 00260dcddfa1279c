#!/usr/bin/env bash
# Tests of cmc's driver: options, messages, exit status, outputs and
# dependency files. Each test_<name> function is one meson test; the ones
# marked "needs lang_translate" pass only with a working translator, the
# others only exercise the driver (they stop after preprocessing or fail
# before translation).
# usage: driver_test.sh <cmc> <test name> <fixtures dir> <cc> <lib include dir> <version>
set -eu
cmc=$1 name=$2 fixtures=$3 cc=$4 include=$5 version=$6
case $cmc in /*) ;; *) cmc=$PWD/$cmc ;; esac  # meson gives it relative to the build dir

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
cp "$fixtures/kernel.cpp" "$fixtures/local.h" "$fixtures/bad_kernel.cpp" .
mkdir tmp
export TMPDIR=$work/tmp  # so that leftover temporary C files can be seen
unset CMC_INCLUDE_DIR CMC_CC

fail() { echo "FAIL: $*" >&2; exit 1; }

# Runs cmc; its stdout, stderr and exit status land in out.txt, err.txt, $status.
run() {
    set +e
    "$cmc" "$@" >out.txt 2>err.txt
    status=$?
    set -e
}
expect_status() {
    [ "$status" -eq "$1" ] || fail "exit status $status, expected $1; stderr: $(cat err.txt)"
}
expect_stderr() {
    [ "$(cat err.txt)" = "$1" ] || fail "stderr was '$(cat err.txt)', expected '$1'"
}
expect_in() {  # file text
    grep -qF -- "$2" "$1" || fail "$1 lacks '$2'; it holds: $(cat "$1")"
}
expect_no_file() {
    [ ! -e "$1" ] || fail "$1 should not exist"
}
expect_no_temporaries() {
    [ -z "$(ls tmp)" ] || fail "temporary files left behind: $(ls tmp)"
}
elf_type() {  # 1: relocatable object, 3: shared object
    od -An -tu2 -j16 -N2 "$1" | tr -d ' '
}

# --- the driver alone -----------------------------------------------------

test_version() {
    run --version
    expect_status 0
    [ "$(cat out.txt)" = "cmc $version" ] || fail "--version printed '$(cat out.txt)'"
}

test_help_lists_every_option() {
    run --help
    expect_status 0
    for option in -o -I -D -U -include -O0 -O1 -O2 -O3 -g -Werror -fsyntax-only \
                  -M -MM -MD -MMD -MF -MT -MQ -MP -fsanitize= -fno-sanitize= \
                  -fno-sanitize-recover -save-temps --keep-c -v \
                  --version --help -march= -mcpu= -mCM_ -Qxcm CMC_CC CMC_INCLUDE_DIR; do
        expect_in out.txt "$option"
    done
}

test_unknown_option() {
    run -x kernel.cpp
    expect_status 1
    expect_stderr "cmc: error: unknown option '-x'"
}

test_no_input_file() {
    run -O2
    expect_status 1
    expect_stderr "cmc: error: no input file"
}

test_nonexistent_input() {
    run k.cpp
    expect_status 1
    expect_stderr "cmc: error: cannot open 'k.cpp': No such file or directory"
}

test_missing_option_argument() {
    run kernel.cpp -o
    expect_status 1
    expect_stderr "cmc: error: missing argument to '-o'"
}

test_two_inputs() {
    run kernel.cpp local.h
    expect_status 1
    expect_stderr "cmc: error: more than one input file ('kernel.cpp' and 'local.h')"
}

test_deps_to_stdout() {
    run -M kernel.cpp
    expect_status 0
    expect_stderr ""
    expect_in out.txt "kernel.isa:"
    expect_in out.txt "kernel.cpp"
    expect_in out.txt "local.h"
    expect_no_file kernel.isa
}

test_deps_target_is_output() {
    run -M kernel.cpp -o build/out.so
    expect_status 0
    expect_in out.txt "build/out.so:"
    run -M -MT custom kernel.cpp -o build/out.so
    expect_in out.txt "custom:"
}

# -I, -D, -U, -include reach the preprocessor in command-line order, and
# names with blanks and quotes survive (no shell in between).
test_preprocessor_options() {
    mkdir "inc dir'q"
    echo '#define FROM_EXTRA 1' >"inc dir'q/extra.h"
    run -M -I "inc dir'q" -include extra.h -D MUST_NOT_BE_DEFINED -UMUST_NOT_BE_DEFINED \
        kernel.cpp
    expect_status 0
    expect_in out.txt "extra.h"
    run -M -UMUST_NOT_BE_DEFINED -DMUST_NOT_BE_DEFINED kernel.cpp
    expect_status 1
    expect_in err.txt "-U did not undefine"
}

test_preprocessor_error() {
    printf '#include "not_there.h"\n' >missing.cpp
    run missing.cpp
    expect_status 1
    expect_in err.txt "not_there.h"
    expect_no_file missing.isa
}

test_verbose_prints_commands() {
    run -v -M kernel.cpp
    expect_status 0
    expect_in err.txt " -E -x c++ -std=c++17 -I $include "
}

# The sanitizer flags reach the C compiler, not the preprocessor.
test_sanitize_flags_passed() {
    run -v -fsanitize=undefined -fno-sanitize-recover=all -fno-sanitize=alignment \
        kernel.cpp -o out.so
    expect_status 0
    grep -- ' -shared ' err.txt | grep -qF -- \
        " -fsanitize=undefined -fno-sanitize-recover=all -fno-sanitize=alignment " ||
        fail "the C compiler was not given the flags: $(cat err.txt)"
    if grep -- ' -E ' err.txt | grep -qF -- -fsanitize; then
        fail "the preprocessor was given the flags: $(cat err.txt)"
    fi
    [ "$(elf_type out.so)" = 3 ] || fail "out.so is not a shared object"
}

test_include_dir_from_environment() {
    mkdir -p fake/cm
    cp "$include/cm/cm.h" fake/cm/cm.h
    CMC_INCLUDE_DIR=$work/fake run -M kernel.cpp
    expect_status 0
    expect_in out.txt "$work/fake/cm/cm.h"
}

test_intel_flags_accepted() {
    run -march=SKL -mcpu=TGLLP -mCM_printregusage -Qxcm_jit_target=skl -M kernel.cpp
    expect_status 0
    expect_stderr ""
}

test_optimisation_level_unknown() {
    run -O9 kernel.cpp
    expect_status 1
    expect_stderr "cmc: error: unknown option '-O9'"
}

# --- needs lang_translate -------------------------------------------------

test_syntax_only_writes_nothing() {
    run -fsyntax-only kernel.cpp
    expect_status 0
    expect_stderr ""
    [ "$(ls)" = "$(printf '%s\n' bad_kernel.cpp err.txt kernel.cpp local.h out.txt tmp)" ] ||
        fail "-fsyntax-only wrote files: $(ls)"
}

test_output_c() {
    run kernel.cpp -o out.c
    expect_status 0
    expect_stderr ""
    "$cc" -std=c11 -fsyntax-only -I "$include" out.c || fail "out.c is not valid C"
}

test_output_c_with_line_directives() {
    run -g kernel.cpp -o out.c
    expect_status 0
    expect_in out.c '#line'
}

test_output_object() {
    run kernel.cpp -o out.o
    expect_status 0
    [ "$(elf_type out.o)" = 1 ] || fail "out.o is not an object file"
    expect_no_temporaries
}

test_output_program_default_name() {
    run kernel.cpp
    expect_status 0
    expect_stderr ""
    [ "$(elf_type kernel.isa)" = 3 ] || fail "kernel.isa is not a shared object"
    expect_no_temporaries
}

test_optimisation_levels() {
    run -v -O0 kernel.cpp -o out.so
    expect_in err.txt " -O0 "
    run -v -O2 kernel.cpp -o out.so
    expect_in err.txt " -O3 "
    run -v kernel.cpp -o out.so
    expect_in err.txt " -O3 "
}

# The rule names the kernel's headers and, from the C compiler, those the
# generated C includes (cmk/), so that a new lib/include rebuilds kernels;
# cc's own rule file is not left behind.
test_depfile() {
    run -MD -MF deps.d kernel.cpp -o out.so
    expect_status 0
    expect_in deps.d "out.so:"
    expect_in deps.d "kernel.cpp"
    expect_in deps.d "local.h"
    expect_in deps.d "$include/cmk/kernel.h"
    expect_in deps.d "$include/cmk/block_io.h"
    expect_no_file out.cmc.d
    if grep -q 'cmc-.*\.c' deps.d; then fail "the temporary C file is in the rule: $(cat deps.d)"; fi
}

# -MP: an empty rule for every header, the generated C's too; -MT: the
# C stage's rule has the same target.
test_depfile_phony_and_target() {
    run -MD -MP -MT kernel-target -MF deps.d kernel.cpp -o out.o
    expect_status 0
    [ "$(grep -c '^kernel-target:' deps.d)" = 2 ] || fail "two rules for kernel-target expected: $(cat deps.d)"
    expect_in deps.d "$include/cmk/abi.h:"
    expect_in deps.d "local.h:"
}

test_depfile_default_name() {
    mkdir sub
    run -MMD kernel.cpp -o sub/out.so
    expect_status 0
    expect_in sub/out.d "sub/out.so:"
    expect_in sub/out.d "local.h"
    expect_in sub/out.d "$include/cmk/kernel.h"
    if grep -q '^ */usr/include/stdio.h' sub/out.d; then fail "-MMD listed system headers: $(cat sub/out.d)"; fi
}

test_save_temps() {
    run -save-temps kernel.cpp -o out.so
    expect_status 0
    [ -s out.cmc.c ] || fail "-save-temps did not keep out.cmc.c"
    run --keep-c kernel.cpp -o other.o
    [ -s other.cmc.c ] || fail "--keep-c did not keep other.cmc.c"
    expect_no_temporaries
}

test_time_report() {
    run -ftime-report kernel.cpp -o timed.o
    expect_status 0
    grep -qE '^cmc: time: preprocess [0-9]+\.[0-9]{2} ms, translate [0-9]+\.[0-9]{2} ms, cc [0-9]+\.[0-9]{2} ms$' err.txt ||
        fail "no time report line in: $(cat err.txt)"
}

test_kernel_error() {
    run bad_kernel.cpp -o bad.c
    expect_status 1
    expect_in err.txt "bad_kernel.cpp:6:9: error:"
    expect_no_file bad.c
}

test_output_directory_missing() {
    run kernel.cpp -o nowhere/out.so
    expect_status 1
    expect_stderr "cmc: error: cannot write 'nowhere/out.so': No such file or directory"
}

# A C compiler that preprocesses but rejects everything else stands in for
# a translator bug: cmc must say so and keep the C.
test_internal_error_keeps_c() {
    cat >fake-cc <<EOF
#!/bin/sh
for a in "\$@"; do [ "\$a" = -E ] && exec "$cc" "\$@"; done
echo "fake cc: rejected" >&2
exit 1
EOF
    chmod +x fake-cc
    CMC_CC=$work/fake-cc run kernel.cpp -o out.so
    expect_status 1
    [ "$(head -n1 err.txt)" = \
      "cmc: error: internal error: the C compiler rejected the generated code" ] ||
        fail "first line: $(head -n1 err.txt)"
    expect_in err.txt "fake cc: rejected"
    kept=$(sed -n "s/^cmc: note: the generated C is kept in '\(.*\)'$/\1/p" err.txt)
    [ -s "$kept" ] || fail "the generated C was not kept: $(cat err.txt)"
}

"test_$name"
