/*
 * depfile.c - the headers of the second stage in the depfile (-MD/-MMD).
 *
 * The preprocessor writes the rule for the kernel and the headers it
 * includes (cm/cm.h). The program cmc builds also depends on the headers
 * the generated C includes (lib/include/cmk/), which only the C compiler
 * sees: it writes its own rule to a file beside the output, and its
 * prerequisites, less the generated C file itself, are added to the
 * depfile as a second rule for the same target. make and ninja both take
 * a target's prerequisites from every rule that names it; with -MP each
 * header also gets the empty rule that lets it disappear.
 */
#define _POSIX_C_SOURCE 200809L /* strdup */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmc.h"
#include "source.h"

static int read_text(const char *path, buffer *out)
{
    errno = 0;
    out->data = source_read_file(path, &out->len);
    if (!out->data)
        fprintf(stderr, "cmc: error: cannot read '%s': %s\n", path,
                errno ? strerror(errno) : "too large");
    return out->data ? 0 : -1;
}

/* The end of a rule's target list: the first ':' that is not escaped and
 * is followed by blank space or the end of the line. */
static const char *target_end(const char *rule)
{
    for (const char *p = rule; *p && *p != '\n'; p++) {
        if (*p == '\\' && p[1]) {
            p++;
            continue;
        }
        if (*p == ':' && (p[1] == ' ' || p[1] == '\t' || p[1] == '\n' || !p[1]))
            return p;
    }
    return NULL;
}

/* The next word of a rule's prerequisites (escaped blanks stay in it),
 * skipping line continuations; NULL at the end of the rule. */
static const char *next_word(const char **cursor, size_t *len)
{
    const char *p = *cursor;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (p[0] == '\\' && p[1] == '\n')
            p += 2;
        else
            break;
    }
    if (!*p || *p == '\n')
        return NULL;
    const char *word = p;
    while (*p && *p != ' ' && *p != '\t' && *p != '\n' && !(p[0] == '\\' && p[1] == '\n'))
        p += p[0] == '\\' && p[1] ? 2 : 1;
    *len = (size_t)(p - word);
    *cursor = p;
    return word;
}

static int has_option(const strlist *l, const char *name)
{
    for (size_t i = 0; i < l->len; i++)
        if (strcmp(l->items[i], name) == 0)
            return 1;
    return 0;
}

/* Writes "target: headers" (and with -MP "header:" for each) to f. */
static void write_header_rule(FILE *f, const char *target, size_t target_len,
                              const char *c_rule, int phony)
{
    const char *cursor = target_end(c_rule) + 1, *word;
    size_t len = 0;
    next_word(&cursor, &len); /* the generated C file itself */
    fprintf(f, "%.*s:", (int)target_len, target);
    for (const char *at = cursor; (word = next_word(&at, &len));)
        fprintf(f, " \\\n  %.*s", (int)len, word);
    fputc('\n', f);
    for (const char *at = cursor; phony && (word = next_word(&at, &len));)
        fprintf(f, "\n%.*s:\n", (int)len, word);
}

int depfile_add_c_rule(const cmc_options *o, const char *depfile, const char *c_rule_file)
{
    buffer rule = {0}, c_rule = {0};
    int status = -1;
    if (read_text(depfile, &rule) != 0 || read_text(c_rule_file, &c_rule) != 0)
        goto done;
    const char *end = target_end(rule.data);
    if (!end || !target_end(c_rule.data)) {
        fprintf(stderr, "cmc: error: cannot read the dependency rule in '%s'\n",
                end ? c_rule_file : depfile);
        goto done;
    }
    FILE *f = fopen(depfile, "ab");
    if (!f) {
        fprintf(stderr, "cmc: error: cannot write '%s': %s\n", depfile, strerror(errno));
        goto done;
    }
    write_header_rule(f, rule.data, (size_t)(end - rule.data), c_rule.data,
                      has_option(&o->depend, "-MP"));
    status = fclose(f) == 0 ? 0 : -1;
    if (status != 0)
        fprintf(stderr, "cmc: error: cannot write '%s': %s\n", depfile, strerror(errno));
done:
    free(rule.data);
    free(c_rule.data);
    return status;
}

/* The last -MF wins, as with gcc. */
char *depfile_path(const cmc_options *o, const char *output)
{
    const char *named = NULL;
    for (size_t i = 0; i + 1 < o->depend.len; i++)
        if (strcmp(o->depend.items[i], "-MF") == 0)
            named = o->depend.items[i + 1];
    if (!named)
        return replace_extension(output, ".d");
    char *path = strdup(named);
    if (!path)
        fprintf(stderr, "cmc: error: out of memory\n");
    return path;
}
