/*
 * check.h - the second stage: types, constants, regions, bounds.
 */
#ifndef LANG_CHECK_H
#define LANG_CHECK_H

#include "ast.h"
#include "diag.h"

/* Returns 0, or -1 after reporting errors to d. */
int check_program(program *p, arena *a, diag *d);

#endif /* LANG_CHECK_H */
