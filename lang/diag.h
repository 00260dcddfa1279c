/*
 * diag.h - diagnostics as gcc prints them: file:line:col: error: message,
 * the kernel's line, and a caret under the column. Locations always name
 * the kernel source, never generated C.
 */
#ifndef LANG_DIAG_H
#define LANG_DIAG_H

#include <stdio.h>

#include "ast.h"
#include "source.h"

typedef struct diag {
    const source *src;
    FILE *out;
    int errors;
    int warnings;
    int werror;
} diag;

void diag_error(diag *d, loc at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void diag_warning(diag *d, loc at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif /* LANG_DIAG_H */
