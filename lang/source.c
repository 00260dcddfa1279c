/*
 * source.c - reads the preprocessor's line markers into a per-line map and
 * blanks them, so the parser sees plain code at unchanged byte offsets.
 */
#include "source.h"

#include <stdlib.h>
#include <string.h>

static const char *intern(source *s, const char *name, size_t n)
{
    for (int i = 0; i < s->nnames; i++)
        if (strlen(s->names[i]) == n && memcmp(s->names[i], name, n) == 0)
            return s->names[i];
    char **grown = realloc(s->names, (size_t)(s->nnames + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    s->names = grown;
    char *copy = malloc(n + 1);
    if (!copy)
        return NULL;
    memcpy(copy, name, n);
    copy[n] = '\0';
    s->names[s->nnames++] = copy;
    return copy;
}

/* A marker is `# <line> "<file>" <flags>` or `#line <line> "<file>"`. On a
 * match sets *line and the file name span, and returns 1. */
static int parse_marker(const char *p, const char *end, int *line,
                        const char **name, size_t *name_len)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p == end || *p++ != '#')
        return 0;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (end - p >= 4 && memcmp(p, "line", 4) == 0)
        p += 4;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p == end || *p < '0' || *p > '9')
        return 0;
    *line = 0;
    while (p < end && *p >= '0' && *p <= '9')
        *line = *line * 10 + (*p++ - '0');
    while (p < end && *p == ' ')
        p++;
    *name = NULL;
    if (p < end && *p == '"') {
        const char *q = ++p;
        while (q < end && *q != '"')
            q++;
        *name = p;
        *name_len = (size_t)(q - p);
    }
    return 1;
}

static int count_lines(const char *text, size_t len)
{
    int n = 1;
    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n';
    return n;
}

int source_init(source *s, char *text, size_t len)
{
    memset(s, 0, sizeof *s);
    s->text = text;
    s->len = len;
    s->nlines = count_lines(text, len);
    s->file = calloc((size_t)s->nlines, sizeof *s->file);
    s->line = calloc((size_t)s->nlines, sizeof *s->line);
    if (!s->file || !s->line)
        return -1;
    const char *file = intern(s, "<stdin>", 7);
    int next_line = 1;
    char *p = text, *end = text + len;
    for (int row = 0; row < s->nlines; row++) {
        char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol)
            eol = end;
        int marker_line;
        const char *name;
        size_t name_len;
        s->file[row] = file;
        s->line[row] = next_line;
        if (parse_marker(p, eol, &marker_line, &name, &name_len)) {
            if (name && !(file = intern(s, name, name_len)))
                return -1;
            next_line = marker_line;
            memset(p, ' ', (size_t)(eol - p));
        } else {
            next_line++;
        }
        p = eol + (eol < end);
    }
    return 0;
}

void source_free(source *s)
{
    for (int i = 0; i < s->nnames; i++)
        free(s->names[i]);
    free(s->names);
    free(s->file);
    free(s->line);
    free(s->text);
    memset(s, 0, sizeof *s);
}

source_loc source_locate(const source *s, int text_row, int text_col)
{
    source_loc loc = {"<unknown>", 0, text_col + 1};
    if (text_row >= 0 && text_row < s->nlines) {
        loc.file = s->file[text_row];
        loc.line = s->line[text_row];
    }
    return loc;
}
