/*
 * test_columns.c - a column of a preprocessed line maps back to the column
 * of the same token in the line the user wrote: past expanded macros,
 * removed comments and squeezed blanks; a token a macro made maps to the
 * macro's name. The preprocessed lines are what gcc -E prints for them.
 */
#include <stdio.h>
#include <string.h>

#include "columns.h"

static int failures, checks;

/* The 0-based column of the n-th (from 1) occurrence of needle in line. */
static int column_of(const char *line, const char *needle, int n)
{
    const char *p = line - 1;
    while (n-- > 0)
        p = strstr(p + 1, needle);
    return (int)(p - line);
}

static void expect(const char *what, const char *orig, const char *pp, int pp_col, int want)
{
    int got = column_in_original(orig, (int)strlen(orig), pp, (int)strlen(pp), pp_col);
    checks++;
    if (got != want) {
        printf("%s: column %d of [%s] in [%s]: got %d, want %d\n", what, pp_col, pp, orig, got,
               want);
        failures++;
    }
}

int main(void)
{
    const char *same = "    int x = y;";
    expect("unchanged line", same, same, 12, 12);

    const char *genx = "extern \"C\"  _GENX_MAIN_  void k(SurfaceIndex in, foo x)";
    const char *genx_pp = "extern \"C\" __attribute__((genx_main)) void k(SurfaceIndex in, foo x)";
    expect("after a macro", genx, genx_pp, column_of(genx_pp, "foo", 1), column_of(genx, "foo", 1));
    expect("inside a token", genx, genx_pp, column_of(genx_pp, "foo", 1) + 2,
           column_of(genx, "foo", 1) + 2);
    expect("made by a macro", genx, genx_pp, column_of(genx_pp, "genx_main", 1),
           column_of(genx, "_GENX_MAIN_", 1));
    expect("before a macro", genx, genx_pp, column_of(genx_pp, "\"C\"", 1),
           column_of(genx, "\"C\"", 1));

    const char *simd = "\tSIMD_IF_BEGIN(v >  bar) { v = q; } SIMD_IF_END";
    const char *simd_pp = " if (__cmc_simd_if(v > bar)) { v = q; }";
    expect("macro argument", simd, simd_pp, column_of(simd_pp, "bar", 1), column_of(simd, "bar", 1));
    expect("after a macro call", simd, simd_pp, column_of(simd_pp, "q", 1), column_of(simd, "q", 1));
    expect("macro call made", simd, simd_pp, column_of(simd_pp, "__cmc_simd_if", 1),
           column_of(simd, "SIMD_IF_BEGIN", 1));
    expect("macro keyword made", simd, simd_pp, column_of(simd_pp, "if", 1),
           column_of(simd, "SIMD_IF_BEGIN", 1));

    const char *comment = "\tint   a /* a, b */ = b; // b";
    const char *comment_pp = " int a = b;";
    expect("after a comment", comment, comment_pp, column_of(comment_pp, "b", 1),
           column_of(comment, "= b", 1) + 2);
    expect("a blank before a token", comment, comment_pp, column_of(comment_pp, "a", 1) - 1,
           column_of(comment, "a", 1));

    const char *string = "  f(\"a  /* b\", MACRO, c);";
    const char *string_pp = " f(\"a  /* b\", 42 + 1, c);";
    expect("after a string", string, string_pp, column_of(string_pp, "c", 1),
           column_of(string, "c)", 1));
    expect("macro in a call", string, string_pp, column_of(string_pp, "+", 1),
           column_of(string, "MACRO", 1));

    expect("another line", "}", "int x = y;", 8, -1);
    expect("empty preprocessed line", "  SIMD_IF_END", "", 0, 0);

    printf("%d passed, %d failed\n", checks - failures, failures);
    return failures != 0;
}
