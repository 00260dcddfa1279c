/*
 * source.h - a preprocessed kernel and the way back to the lines the user
 * wrote. The preprocessor's line markers (# 12 "k.cpp") are read into a map
 * and blanked out of the text, so that byte offsets into the text stay valid
 * for the parser while every diagnostic names the kernel's own file:line.
 */
#ifndef LANG_SOURCE_H
#define LANG_SOURCE_H

#include <stddef.h>

typedef struct source {
    char *text;          /* preprocessed text, markers blanked; owned */
    size_t len;
    int nlines;          /* lines of text */
    const char **file;   /* per text line: the original file name (interned) */
    int *line;           /* per text line: the original line number (1-based) */
    char **names;        /* the interned file names; owned */
    int nnames;
} source;

/* Takes ownership of text (malloc'd, len bytes, NUL after them).
 * Returns 0, or -1 when out of memory. */
int source_init(source *s, char *text, size_t len);
void source_free(source *s);

/* Where a byte of the preprocessed text came from. col is 1-based and
 * counted on the preprocessed line (macro expansion may shift it). */
typedef struct source_loc {
    const char *file;
    int line, col;
} source_loc;

source_loc source_locate(const source *s, int text_row, int text_col);

#endif /* LANG_SOURCE_H */
