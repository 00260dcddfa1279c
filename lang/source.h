/*
 * source.h - a preprocessed kernel and the way back to the lines the user
 * wrote. The preprocessor's line markers (# 12 "k.cpp") are read into a map
 * and blanked out of the text, so that byte offsets into the text stay valid
 * for the parser while every diagnostic names the kernel's own file:line;
 * the files themselves are read back for the columns and the caret line.
 */
#ifndef LANG_SOURCE_H
#define LANG_SOURCE_H

#include <stddef.h>

/* A file the markers name, as read back for its lines' columns and text. */
typedef struct source_original {
    char *text;          /* NULL when it cannot be read (<stdin>, <built-in>) */
    size_t len;
    int nlines;
    size_t *line_start;  /* per line (0-based): its offset in text */
} source_original;

typedef struct source {
    char *text;          /* preprocessed text, markers blanked; owned */
    size_t len;
    int nlines;          /* lines of text */
    size_t *row_start;   /* per text line: its offset in text */
    const char **file;   /* per text line: the original file name (interned) */
    int *line;           /* per text line: the original line number (1-based) */
    char **names;        /* the interned file names; owned */
    source_original *originals;  /* per name: the file as it is on disk */
    int nnames;
} source;

/* Takes ownership of text (malloc'd, len bytes, NUL after them), and reads
 * the files its markers name, relative to the current directory as the
 * preprocessor did. Returns 0, or -1 when out of memory. */
int source_init(source *s, char *text, size_t len);
void source_free(source *s);

/* Where a byte of the preprocessed text came from. col is 1-based and
 * counted on text, the line as the user wrote it (lang/columns.c maps it
 * back through macro expansion, comments and squeezed blanks), or, when
 * the file cannot be read back, the preprocessed line. */
typedef struct source_loc {
    const char *file;
    int line, col;
    const char *text;    /* the line col counts on, without its newline */
    int text_len;
} source_loc;

source_loc source_locate(const source *s, int text_row, int text_col);

/* The whole of the file at path, NUL-terminated, its length in *len; NULL
 * when it cannot be read (errno says why) or is not a source's size. */
char *source_read_file(const char *path, size_t *len);

#endif /* LANG_SOURCE_H */
