/*
 * lang.c - runs the stages in order: parse, check, emit.
 */
#include "lang.h"

#include "check.h"
#include "diag.h"
#include "emit.h"
#include "parse.h"

int lang_translate(const source *src, const lang_options *opt, FILE *out, FILE *diag_out)
{
    diag d = {src, diag_out, 0, 0, opt->werror};
    arena a = {0};
    program p = {0};
    if (parse_program(src, &a, &d, &p) == 0 && check_program(&p, &a, &d) == 0)
        emit_program(&p, src, opt->line_directives, &a, &d, out);
    if (a.failed && !d.errors) {
        fprintf(diag_out, "cmc: error: out of memory\n");
        d.errors++;
    }
    arena_free(&a);
    return d.errors;
}
