/*
 * diag.c - formats diagnostics with the kernel's file:line:col and a caret.
 */
#include "diag.h"

#include <stdarg.h>
#include <string.h>

/* The kernel's line as written (source_locate falls back to the
 * preprocessed one) and a caret under column l.col; tabs are copied so
 * that the caret lines up however the terminal expands them. */
static void print_caret(const diag *d, source_loc l)
{
    fprintf(d->out, "  %.*s\n  ", l.text_len, l.text);
    for (int i = 0; i < l.col - 1 && i < l.text_len; i++)
        fputc(l.text[i] == '\t' ? '\t' : ' ', d->out);
    fputs("^\n", d->out);
}

static void report(diag *d, loc at, const char *kind, const char *fmt, va_list ap)
{
    source_loc l = source_locate(d->src, at.row, at.col);
    fprintf(d->out, "%s:%d:%d: %s: ", l.file, l.line, l.col, kind);
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    print_caret(d, l);
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
