/*
 * translate.c - the dialect stages (lang/) on the preprocessed kernel. The
 * C goes to memory first: a kernel with errors must not leave a truncated
 * .c behind, and -fsyntax-only writes nothing at all.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>

#include "cmc.h"
#include "lang.h"

int translate(const cmc_options *o, buffer *text, buffer *c_code)
{
    source src;
    int failed = source_init(&src, text->data, text->len) != 0;
    *text = (buffer){0};  /* src owns it now, even when source_init failed */
    char *data = NULL;
    size_t len = 0;
    FILE *out = failed ? NULL : open_memstream(&data, &len);
    if (!out) {
        fprintf(stderr, "cmc: error: out of memory\n");
        source_free(&src);
        return -1;
    }
    lang_options lopt = {.line_directives = o->debug, .werror = o->werror};
    int errors = lang_translate(&src, &lopt, out, stderr);
    if (fclose(out) != 0 && errors == 0) {
        fprintf(stderr, "cmc: error: out of memory\n");
        errors = 1;
    }
    source_free(&src);
    if (errors) {
        free(data);
        return -1;
    }
    c_code->data = data;
    c_code->len = len;
    return 0;
}
