/*
 * arena.h - one allocation region per translation: AST nodes, names and
 * emitted strings are freed together when the translation ends.
 */
#ifndef LANG_ARENA_H
#define LANG_ARENA_H

#include <stddef.h>

typedef struct arena_block arena_block;

typedef struct arena {
    arena_block *head;
    int failed; /* an allocation failed; results are NULL from then on */
} arena;

/* Zeroed memory, or NULL (and failed set) when out of memory. */
void *arena_alloc(arena *a, size_t size);
char *arena_strndup(arena *a, const char *s, size_t n);
char *arena_printf(arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void arena_free(arena *a);

/* A growable array of pointers in the arena. */
typedef struct ptr_list {
    void **items;
    int n, cap;
} ptr_list;

int ptr_list_push(arena *a, ptr_list *l, void *item);

#endif /* LANG_ARENA_H */
