/*
 * emit.h - the last stage: C11 against lib/include/cmk from a checked AST.
 */
#ifndef LANG_EMIT_H
#define LANG_EMIT_H

#include <stdio.h>

#include "ast.h"
#include "diag.h"

/* Writes the program's C to out. Returns 0, or -1 after reporting errors. */
int emit_program(const program *p, const source *src, int line_directives, arena *a, diag *d,
                 FILE *out);

#endif /* LANG_EMIT_H */
