/*
 * columns.h - the column a byte of a preprocessed line had in the line the
 * user wrote. The preprocessor keeps lines (its markers say which) but not
 * columns: it expands macros (_GENX_MAIN_, SIMD_IF_BEGIN(c)), drops
 * comments, and squeezes runs of blanks and tabs to one space.
 */
#ifndef LANG_COLUMNS_H
#define LANG_COLUMNS_H

/* The 0-based column in the original line orig (olen bytes) of column col
 * of its preprocessed form pp (plen bytes), or -1 when the two lines have
 * no token in common, that is, orig is not where pp came from. */
int column_in_original(const char *orig, int olen, const char *pp, int plen, int col);

#endif /* LANG_COLUMNS_H */
