/*
 * preprocess.c - the first stage: the system C preprocessor in C++ mode on
 * the kernel, with lib/include on the path so that `#include <cm/cm.h>`
 * works unmodified. Its line markers stay in the text; lang/source.c reads
 * them so that diagnostics name the kernel's own lines.
 *
 * Dependency files are the preprocessor's job too: it is the one that
 * knows which headers were included, so -M and friends are passed on.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmc.h"

/* -MD/-MMD without -MF: gcc writes <output without suffix>.d, and so do
 * we; without -MT/-MQ the rule's target is what cmc writes, not the
 * preprocessor's idea of it (kernel.o). -MQ so that make-special characters
 * in the name are escaped. */
static int push_depend_options(strlist *argv, const cmc_options *o, const char *output)
{
    if (!o->deps_only && !o->deps_file)
        return 0;
    strlist_push_all(argv, &o->depend);
    if (o->deps_file && !o->deps_only && !o->deps_file_named) {
        char *depfile = replace_extension(output, ".d");
        if (!depfile)
            return -1;
        strlist_push(argv, "-MF");
        strlist_push(argv, depfile);
        free(depfile);
    }
    if (!o->deps_target_named) {
        strlist_push(argv, "-MQ");
        strlist_push(argv, output);
    }
    return 0;
}

static int build_command(strlist *argv, const cmc_options *o, const char *include_dir,
                         const char *output)
{
    push_preprocessor(argv);
    strlist_push(argv, "-E");
    strlist_push(argv, "-x");
    strlist_push(argv, "c++");
    strlist_push(argv, "-std=c++17");
    strlist_push(argv, "-I");
    strlist_push(argv, include_dir);
    strlist_push_all(argv, &o->preprocessor);
    if (push_depend_options(argv, o, output) != 0)
        return -1;
    strlist_push(argv, o->input);
    return 0;
}

int preprocess(const cmc_options *o, const char *include_dir, const char *output,
               buffer *text)
{
    strlist argv = {0};
    int status = -1;
    if (build_command(&argv, o, include_dir, output) == 0)
        status = run_tool(&argv, text, 0, o->verbose);
    strlist_free(&argv);
    if (status > 0) {  /* the preprocessor has said why on stderr */
        free(text->data);
        *text = (buffer){0};
    }
    return status == 0 ? 0 : -1;
}
