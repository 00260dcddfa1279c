/*
 * source.c - reads the preprocessor's line markers into a per-line map and
 * blanks them, so the parser sees plain code at unchanged byte offsets;
 * reads the files they name back, for columns and caret lines as written.
 */
#include "source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "columns.h"

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

/* The offset of the start of each of the nlines lines of text. */
static size_t *line_starts(const char *text, size_t len, int nlines)
{
    size_t *start = malloc((size_t)nlines * sizeof *start);
    if (!start)
        return NULL;
    start[0] = 0;
    for (size_t i = 0, row = 1; i < len; i++)
        if (text[i] == '\n')
            start[row++] = i + 1;
    return start;
}

char *source_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *data = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n == cap) {  /* a kernel source of a gigabyte is not one */
            char *grown = cap < ((size_t)1 << 30) ? realloc(data, cap ? 2 * cap : 4096) : NULL;
            if (!grown)
                break;
            data = grown;
            cap = cap ? 2 * cap : 4096;
        }
        size_t got = fread(data + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    int failed = ferror(f) || n == cap;  /* n < cap leaves room for a NUL */
    fclose(f);
    if (failed) {
        free(data);
        return NULL;
    }
    data[n] = '\0';
    *len = n;
    return data;
}

/* A file a marker names, unless it is the preprocessor's own (<built-in>)
 * or cannot be read: then its lines are shown as preprocessed. */
static void read_original(source_original *o, const char *path)
{
    if (path[0] == '<' || !(o->text = source_read_file(path, &o->len)))
        return;
    o->nlines = count_lines(o->text, o->len);
    o->line_start = line_starts(o->text, o->len, o->nlines);
    if (!o->line_start) {
        free(o->text);
        o->text = NULL;
    }
}

static int read_originals(source *s)
{
    s->originals = calloc((size_t)s->nnames, sizeof *s->originals);
    if (!s->originals)
        return -1;
    for (int i = 0; i < s->nnames; i++)
        read_original(&s->originals[i], s->names[i]);
    return 0;
}

int source_init(source *s, char *text, size_t len)
{
    memset(s, 0, sizeof *s);
    s->text = text;
    s->len = len;
    s->nlines = count_lines(text, len);
    s->file = calloc((size_t)s->nlines, sizeof *s->file);
    s->line = calloc((size_t)s->nlines, sizeof *s->line);
    s->row_start = line_starts(text, len, s->nlines);
    if (!s->file || !s->line || !s->row_start)
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
    return read_originals(s);
}

void source_free(source *s)
{
    for (int i = 0; s->originals && i < s->nnames; i++) {
        free(s->originals[i].text);
        free(s->originals[i].line_start);
    }
    free(s->originals);
    for (int i = 0; i < s->nnames; i++)
        free(s->names[i]);
    free(s->names);
    free(s->row_start);
    free(s->file);
    free(s->line);
    free(s->text);
    memset(s, 0, sizeof *s);
}

/* Line n (1-based) of the file named file, or NULL when it is not known. */
static const char *original_line(const source *s, const char *file, int n, int *len)
{
    for (int i = 0; s->originals && i < s->nnames; i++) {
        const source_original *o = &s->originals[i];
        if (s->names[i] != file || !o->text || n < 1 || n > o->nlines)
            continue;
        const char *line = o->text + o->line_start[n - 1];
        const char *end = n < o->nlines ? o->text + o->line_start[n] - 1 : o->text + o->len;
        if (end > line && end[-1] == '\r')
            end--;
        *len = (int)(end - line);
        return line;
    }
    return NULL;
}

source_loc source_locate(const source *s, int text_row, int text_col)
{
    source_loc loc = {"<unknown>", 0, text_col + 1, "", 0};
    if (text_row < 0 || text_row >= s->nlines)
        return loc;
    loc.file = s->file[text_row];
    loc.line = s->line[text_row];
    const char *row = s->text + s->row_start[text_row];
    const char *eol = memchr(row, '\n', s->len - s->row_start[text_row]);
    loc.text = row;
    loc.text_len = (int)((eol ? eol : s->text + s->len) - row);
    int len, col;
    const char *line = original_line(s, loc.file, loc.line, &len);
    if (line && (col = column_in_original(line, len, loc.text, loc.text_len, text_col)) >= 0) {
        loc.text = line;
        loc.text_len = len;
        loc.col = col + 1;
    }
    return loc;
}
