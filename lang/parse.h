/*
 * parse.h - the first stage: preprocessed text -> AST.
 */
#ifndef LANG_PARSE_H
#define LANG_PARSE_H

#include "ast.h"
#include "diag.h"

/* Returns 0, or -1 after reporting errors to d. */
int parse_program(const source *src, arena *a, diag *d, program *out);

#endif /* LANG_PARSE_H */
