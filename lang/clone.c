/*
 * clone.c - copies AST subtrees as the parser left them: names unresolved,
 * no types or regions yet, declarations with fresh symbols.
 */
#include "clone.h"

#include <string.h>

static expr *clone_opt(arena *a, const expr *e, int *ok)
{
    if (!e)
        return NULL;
    expr *copy = clone_expr(a, e);
    *ok &= copy != NULL;
    return copy;
}

static ctype clone_type(arena *a, const ctype *t, int *ok)
{
    ctype copy = *t;
    copy.rows_e = clone_opt(a, t->rows_e, ok);
    copy.cols_e = clone_opt(a, t->cols_e, ok);
    return copy;
}

symbol *clone_symbol(arena *a, const symbol *s)
{
    symbol *copy = arena_alloc(a, sizeof *copy);
    if (!copy)
        return NULL;
    int ok = 1;
    copy->name = s->name;
    copy->type = clone_type(a, &s->type, &ok);
    copy->is_param = s->is_param;
    copy->is_const = s->is_const;
    copy->is_array = s->is_array;
    return ok ? copy : NULL;
}

static expr **clone_list(arena *a, expr *const *list, int n, int *ok)
{
    if (!n)
        return NULL;
    expr **copy = arena_alloc(a, (size_t)n * sizeof *copy);
    if (!copy) {
        *ok = 0;
        return NULL;
    }
    for (int i = 0; i < n; i++)
        copy[i] = clone_opt(a, list[i], ok);
    return copy;
}

/* Only what parse.c sets is copied; check.c fills in the rest afresh. */
expr *clone_expr(arena *a, const expr *e)
{
    expr *copy = arena_alloc(a, sizeof *copy);
    if (!copy)
        return NULL;
    int ok = 1;
    copy->kind = e->kind;
    copy->at = e->at;
    copy->op = e->op;
    copy->is_postfix = e->is_postfix;
    copy->name = e->name;
    copy->ival = e->ival;
    copy->fval = e->fval;
    if (e->kind == E_CAST || e->kind == E_TYPE || e->kind == E_FLOAT || e->kind == E_INT)
        copy->type = clone_type(a, &e->type, &ok);
    copy->lhs = clone_opt(a, e->lhs, &ok);
    copy->rhs = clone_opt(a, e->rhs, &ok);
    copy->args = clone_list(a, e->args, e->nargs, &ok);
    copy->nargs = e->nargs;
    copy->targs = clone_list(a, e->targs, e->ntargs, &ok);
    copy->ntargs = e->ntargs;
    return ok ? copy : NULL;
}

stmt *clone_stmt(arena *a, const stmt *s)
{
    if (!s)
        return NULL;
    stmt *copy = arena_alloc(a, sizeof *copy);
    if (!copy)
        return NULL;
    int ok = 1;
    *copy = *s;
    if (s->sym && !(copy->sym = clone_symbol(a, s->sym)))
        return NULL;
    copy->e = clone_opt(a, s->e, &ok);
    copy->init = clone_opt(a, s->init, &ok);
    copy->step = clone_opt(a, s->step, &ok);
    if (s->init_stmt && !(copy->init_stmt = clone_stmt(a, s->init_stmt)))
        return NULL;
    if (s->body && !(copy->body = clone_stmt(a, s->body)))
        return NULL;
    if (s->else_body && !(copy->else_body = clone_stmt(a, s->else_body)))
        return NULL;
    if (s->nitems) {
        copy->items = arena_alloc(a, (size_t)s->nitems * sizeof *copy->items);
        if (!copy->items)
            return NULL;
        for (int i = 0; i < s->nitems; i++)
            if (!(copy->items[i] = clone_stmt(a, s->items[i])))
                return NULL;
    }
    return ok ? copy : NULL;
}
