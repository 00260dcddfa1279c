/*
 * columns.c - maps a column of a preprocessed line back to the line the
 * user wrote, by lining up the tokens the two have in common.
 *
 * Why tokens rather than teaching the preprocessor to keep columns: the
 * system preprocessor (gcc or clang, whichever CMC_CC/CC names) offers no
 * column map, and the shifts come from several places - any macro, the
 * kernel's own as well as cm.h's; comments, which become one space; and
 * blanks and tabs, which are squeezed to one space. Whatever the cause,
 * the tokens the user wrote outside macro names pass through unchanged and
 * in order, so the longest common subsequence of the two token lists pairs
 * each of them with its original. A token that a macro produced has no
 * original of its own and takes the column of the macro name it came from:
 * the first unpaired original token between its paired neighbours.
 */
#include "columns.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct token {
    int start, len;
} token;

typedef struct tokens {
    token *t;
    int n;
} tokens;

static int is_word_byte(unsigned char c)
{
    return c == '_' || c == '$' || c >= 0x80 || (c >= '0' && c <= '9') ||
           ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* The end of the string or character literal opened by the quote at i. */
static int skip_literal(const char *s, int len, int i)
{
    char quote = s[i++];
    while (i < len && s[i] != quote)
        i += s[i] == '\\' ? 2 : 1;
    return i < len ? i + 1 : len;
}

/* The end of the token starting at i. Punctuators are taken one byte at a
 * time: both lines are split alike, and the preprocessor may have put a
 * space between two of them (`+ +`) that the user wrote together. */
static int token_end(const char *s, int len, int i)
{
    if (s[i] == '"' || s[i] == '\'')
        return skip_literal(s, len, i);
    if (!is_word_byte((unsigned char)s[i]))
        return i + 1;
    while (i < len && is_word_byte((unsigned char)s[i]))
        i++;
    return i;
}

/* Splits a line into tokens, leaving out blanks and comments; a comment
 * left open runs to the end of the line. Returns -1 when out of memory. */
static int tokenize(const char *s, int len, tokens *out)
{
    out->n = 0;
    out->t = malloc((size_t)len * sizeof *out->t + 1);
    if (!out->t)
        return -1;
    int i = 0;
    while (i < len) {
        if (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\f' || s[i] == '\v') {
            i++;
        } else if (s[i] == '/' && i + 1 < len && s[i + 1] == '/') {
            break;
        } else if (s[i] == '/' && i + 1 < len && s[i + 1] == '*') {
            const char *close = NULL;
            for (int j = i + 2; j + 1 < len && !close; j++)
                if (s[j] == '*' && s[j + 1] == '/')
                    close = s + j;
            i = close ? (int)(close - s) + 2 : len;
        } else {
            int end = token_end(s, len, i);
            out->t[out->n++] = (token){i, end - i};
            i = end;
        }
    }
    return 0;
}

static int same_token(const char *a, token x, const char *b, token y)
{
    return x.len == y.len && memcmp(a + x.start, b + y.start, (size_t)x.len) == 0;
}

/* Pairs tokens: pair[i] is the original token that preprocessed token i
 * is, or -1. Suffix lengths of the longest common subsequence, walked from
 * the front; on a tie a preprocessed token is skipped first, so that a
 * macro's expansion stays unpaired and the user's tokens after it pair.
 * Returns the number of pairs, or -1 when the table would be too big. */
static int pair_tokens(const char *pp, tokens p, const char *orig, tokens o, int *pair)
{
    int w = o.n + 1;
    if ((int64_t)(p.n + 1) * w > (1 << 20))
        return -1;
    uint16_t *lcs = calloc((size_t)(p.n + 1) * (size_t)w, sizeof *lcs);
    if (!lcs)
        return -1;
    for (int i = p.n - 1; i >= 0; i--)
        for (int j = o.n - 1; j >= 0; j--)
            lcs[i * w + j] = same_token(pp, p.t[i], orig, o.t[j])
                                 ? (uint16_t)(lcs[(i + 1) * w + j + 1] + 1)
                             : lcs[(i + 1) * w + j] >= lcs[i * w + j + 1] ? lcs[(i + 1) * w + j]
                                                                          : lcs[i * w + j + 1];
    int pairs = lcs[0];
    for (int i = 0; i < p.n; i++)
        pair[i] = -1;
    for (int i = 0, j = 0; i < p.n && j < o.n;) {
        if (same_token(pp, p.t[i], orig, o.t[j]))
            pair[i++] = j++;
        else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1])
            i++;
        else
            j++;
    }
    free(lcs);
    return pairs;
}

/* The preprocessed token col belongs to: the one it is in, else the next
 * one, else the last one. */
static int token_at(tokens p, int col)
{
    for (int i = 0; i < p.n; i++)
        if (col < p.t[i].start + p.t[i].len)
            return i;
    return p.n - 1;
}

/* The original column of an unpaired (macro-made) token k: the first
 * unpaired original token between k's paired neighbours - the macro's
 * name - else the next paired one, else the end of the previous one. */
static int column_of_unpaired(tokens p, tokens o, const int *pair, int k)
{
    int before = -1, after = o.n;
    for (int i = k - 1; i >= 0 && before < 0; i--)
        before = pair[i];
    for (int i = k + 1; i < p.n && after == o.n; i++)
        if (pair[i] >= 0)
            after = pair[i];
    if (before + 1 < after)
        return o.t[before + 1].start;
    if (after < o.n)
        return o.t[after].start;
    return o.t[before].start + o.t[before].len;
}

static int map_column(const char *orig, int olen, const char *pp, tokens p, tokens o, int col)
{
    if (p.n == 0)
        return col < olen ? col : olen;
    int *pair = malloc((size_t)p.n * sizeof *pair);
    int pairs = pair ? pair_tokens(pp, p, orig, o, pair) : -1;
    int result = -1;
    if (pairs > 0) {
        int k = token_at(p, col);
        token t = p.t[k];
        if (pair[k] < 0) {
            result = column_of_unpaired(p, o, pair, k);
        } else {
            /* Inside the token, the same offset; before or after it (a
             * blank, the end of the line), as far as the blank was. */
            token u = o.t[pair[k]];
            int offset = col - t.start;
            result = offset < 0 ? u.start : u.start + offset;
            if (result > olen)
                result = olen;
        }
    }
    free(pair);
    return result;
}

int column_in_original(const char *orig, int olen, const char *pp, int plen, int col)
{
    if (olen == plen && memcmp(orig, pp, (size_t)plen) == 0)
        return col;
    tokens p = {0}, o = {0};
    int result = -1;
    if (tokenize(pp, plen, &p) == 0 && tokenize(orig, olen, &o) == 0)
        result = map_column(orig, olen, pp, p, o, col);
    free(p.t);
    free(o.t);
    return result;
}
