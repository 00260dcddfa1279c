/*
 * strlist.c - growable argument lists. Allocation failure is sticky rather
 * than reported at each push, so that building a command line stays a
 * straight sequence of pushes with one check at the end.
 */
#include <stdlib.h>
#include <string.h>

#include "cmc.h"

static int strlist_reserve(strlist *l, size_t want)
{
    if (want <= l->cap)
        return 0;
    size_t cap = l->cap ? l->cap * 2 : 8;
    while (cap < want)
        cap *= 2;
    char **items = realloc(l->items, cap * sizeof *items);
    if (!items)
        return -1;
    l->items = items;
    l->cap = cap;
    return 0;
}

static void strlist_push_owned(strlist *l, char *copy)
{
    /* +2: the new item and the NULL terminator */
    if (!copy || strlist_reserve(l, l->len + 2) != 0) {
        free(copy);
        l->failed = 1;
        return;
    }
    l->items[l->len++] = copy;
    l->items[l->len] = NULL;
}

void strlist_push(strlist *l, const char *s)
{
    if (l->failed)
        return;
    size_t n = strlen(s);
    char *copy = malloc(n + 1);
    if (copy)
        memcpy(copy, s, n + 1);
    strlist_push_owned(l, copy);
}

void strlist_push_all(strlist *l, const strlist *from)
{
    if (from->failed)
        l->failed = 1;
    for (size_t i = 0; i < from->len; i++)
        strlist_push(l, from->items[i]);
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n';
}

void strlist_push_words(strlist *l, const char *s)
{
    while (*s && !l->failed) {
        while (is_blank(*s))
            s++;
        size_t n = 0;
        while (s[n] && !is_blank(s[n]))
            n++;
        if (n == 0)
            break;
        char *word = malloc(n + 1);
        if (word) {
            memcpy(word, s, n);
            word[n] = '\0';
        }
        strlist_push_owned(l, word);
        s += n;
    }
}

void strlist_free(strlist *l)
{
    for (size_t i = 0; i < l->len; i++)
        free(l->items[i]);
    free(l->items);
    *l = (strlist){0};
}
