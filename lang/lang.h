/*
 * lang.h - the dialect's one entry point: a preprocessed CM kernel in,
 * C11 against lib/include/cmk out. Stages: parse.c (tree-sitter -> AST),
 * check.c (types, constants, regions), emit.c (C).
 */
#ifndef LANG_LANG_H
#define LANG_LANG_H

#include <stdio.h>
#include "source.h"

typedef struct lang_options {
    int line_directives;  /* -g: #line back to the kernel source */
    int werror;           /* -Werror: warnings count as errors */
} lang_options;

/* Translates src, writing C to out and diagnostics (file:line:col: error: ...
 * with a caret line) to diag. Returns the number of errors; out holds
 * complete C only when that is 0. */
int lang_translate(const source *src, const lang_options *opt, FILE *out, FILE *diag);

#endif /* LANG_LANG_H */
