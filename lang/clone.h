/*
 * clone.h - deep copies of statements and expressions, so that each call
 * of a helper function (and each template instantiation) is checked with
 * its own types, regions and symbols. Names stay unresolved in the copy:
 * check.c looks them up in the scope of the call.
 */
#ifndef LANG_CLONE_H
#define LANG_CLONE_H

#include "ast.h"

symbol *clone_symbol(arena *a, const symbol *s);
expr *clone_expr(arena *a, const expr *e);
stmt *clone_stmt(arena *a, const stmt *s);

#endif /* LANG_CLONE_H */
