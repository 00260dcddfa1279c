/*
 * arena.c - bump allocation in large blocks; everything goes at once.
 */
#include "arena.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct arena_block {
    arena_block *next;
    size_t used, size;
    _Alignas(16) unsigned char data[];
};

enum { BLOCK_SIZE = 64 * 1024 };

void *arena_alloc(arena *a, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    arena_block *b = a->head;
    if (!b || b->size - b->used < size) {
        size_t cap = size > BLOCK_SIZE ? size : BLOCK_SIZE;
        b = malloc(sizeof *b + cap);
        if (!b) {
            a->failed = 1;
            return NULL;
        }
        b->next = a->head;
        b->used = 0;
        b->size = cap;
        a->head = b;
    }
    void *p = b->data + b->used;
    b->used += size;
    memset(p, 0, size);
    return p;
}

char *arena_strndup(arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    if (p)
        memcpy(p, s, n);
    return p;
}

char *arena_printf(arena *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    char *p = arena_alloc(a, (size_t)n + 1);
    if (!p)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

void arena_free(arena *a)
{
    while (a->head) {
        arena_block *next = a->head->next;
        free(a->head);
        a->head = next;
    }
    a->failed = 0;
}

int ptr_list_push(arena *a, ptr_list *l, void *item)
{
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 8;
        void **items = arena_alloc(a, (size_t)cap * sizeof *items);
        if (!items)
            return -1;
        if (l->n)
            memcpy(items, l->items, (size_t)l->n * sizeof *items);
        l->items = items;
        l->cap = cap;
    }
    l->items[l->n++] = item;
    return 0;
}
