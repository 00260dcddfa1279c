#include "lang.h"
int lang_translate(const source *src, const lang_options *opt, FILE *out, FILE *diag)
{
    (void)src; (void)opt; (void)out;
    fprintf(diag, "cmc: translator not built yet\n");
    return 1;
}
