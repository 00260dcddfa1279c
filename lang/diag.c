/*
 * diag.c - formats diagnostics with the kernel's file:line:col and a caret.
 */
#include "diag.h"

#include <stdarg.h>
#include <string.h>

/* The text of preprocessed line row (no newline), which is the kernel's
 * own line unless a macro was expanded on it. */
static void print_caret(const diag *d, loc at)
{
    const char *p = d->src->text, *end = p + d->src->len;
    for (int row = 0; row < at.row && p < end; row++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
    }
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    int n = (int)((eol ? eol : end) - p);
    fprintf(d->out, "  %.*s\n  ", n, p);
    for (int i = 0; i < at.col && i < n; i++)
        fputc(p[i] == '\t' ? '\t' : ' ', d->out);
    fputs("^\n", d->out);
}

static void report(diag *d, loc at, const char *kind, const char *fmt, va_list ap)
{
    source_loc l = source_locate(d->src, at.row, at.col);
    fprintf(d->out, "%s:%d:%d: %s: ", l.file, l.line, l.col, kind);
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    print_caret(d, at);
}

void diag_error(diag *d, loc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(d, at, "error", fmt, ap);
    va_end(ap);
    d->errors++;
}

void diag_warning(diag *d, loc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(d, at, d->werror ? "error" : "warning", fmt, ap);
    va_end(ap);
    if (d->werror)
        d->errors++;
    else
        d->warnings++;
}
