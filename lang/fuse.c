/*
 * fuse.c - runs of vector statements that can share one loop nest.
 *
 * CM reads all of a statement's operands before it writes (DESIGN 4.5).
 * Running statements S1..Sn element by element (element 0 of each, then
 * element 1 of each, ...) gives what running them one after the other
 * gives when no statement reads or writes an element that another
 * statement of the run writes at a different iteration. The rule checked
 * here is stronger and simple: each variable written in the run is read
 * and written only through one region, the same for every use, and that
 * region names each element once; so iteration i only ever meets element
 * i of it. Anything else that touches a written variable - a scalar
 * element v(0), iselect, another select - ends the run.
 */
#include "fuse.h"

#include <string.h>

#include "types.h"

/* A use of a variable's storage: through a region that the loop walks
 * element for element, or some other way (region NULL: a scalar element,
 * an indexed read), which matches no use at all. */
typedef struct use {
    const symbol *base;
    const view *region;
    int written;
} use;

enum { MAX_USES = 64 };

typedef struct use_list {
    use uses[MAX_USES];
    int n;
    int overflow; /* too many to track: do not fuse */
} use_list;

static elem_kind view_elem(const view *v)
{
    return v->elem ? v->elem : v->base->type.elem;
}

/* A stride matters only along a dimension of more than one element. */
int views_equal(const view *a, const view *b)
{
    if (a->base != b->base || a->off != b->off || a->nterms != b->nterms ||
        a->rows != b->rows || a->cols != b->cols ||
        (a->rows > 1 && a->rstride != b->rstride) ||
        (a->cols > 1 && a->cstride != b->cstride) || view_elem(a) != view_elem(b) ||
        a->readonly != b->readonly)
        return 0;
    for (int i = 0; i < a->nterms; i++)
        if (a->terms[i].e != b->terms[i].e || a->terms[i].scale != b->terms[i].scale)
            return 0;
    return 1;
}

int name_plus_constant(const expr *e, const symbol **name, int64_t *k)
{
    if (e->is_const) {
        *name = NULL;
        *k = e->value;
        return 1;
    }
    if (e->kind == E_NAME) {
        *name = e->sym;
        *k = 0;
        return e->sym && !type_is_object(&e->sym->type);
    }
    if (e->kind != E_BINARY || (e->op != '+' && e->op != '-'))
        return 0;
    if (e->rhs->is_const && name_plus_constant(e->lhs, name, k)) {
        *k += e->op == '+' ? e->rhs->value : -e->rhs->value;
        return 1;
    }
    if (e->op == '+' && e->lhs->is_const && name_plus_constant(e->rhs, name, k)) {
        *k += e->lhs->value;
        return 1;
    }
    return 0;
}

static int64_t magnitude(int64_t v)
{
    return v < 0 ? -v : v;
}

/* Does every element of the region sit at an offset of its own? A
 * destination that names some element twice (a zero stride) keeps the
 * last write, which an interleaved loop would not. */
static int names_each_element_once(const view *v)
{
    int64_t rs = magnitude(v->rstride), cs = magnitude(v->cstride);
    if ((v->rows > 1 && rs == 0) || (v->cols > 1 && cs == 0))
        return 0;
    return v->rows == 1 || v->cols == 1 || rs >= v->cols * cs || cs >= v->rows * rs;
}

static int same_use(const use *u, const symbol *base, const view *region, int written)
{
    if (u->base != base || u->written != written || !u->region != !region)
        return 0;
    return !region || views_equal(u->region, region);
}

/* A use already listed is not listed again, so that long runs of
 * statements over the same few regions (sums of many terms) fit. */
static void add_use(use_list *l, const symbol *base, const view *region, int written)
{
    for (int i = 0; i < l->n; i++)
        if (same_use(&l->uses[i], base, region, written))
            return;
    if (l->n == MAX_USES) {
        l->overflow = 1;
        return;
    }
    l->uses[l->n++] = (use){base, region, written};
}

static int collect_reads(const expr *e, use_list *l);

/* A region's run-time offsets are scalars, read at each element. */
static int collect_region(const view *v, const view *walked, use_list *l)
{
    if (v->base->is_spill) /* a region of a value computed before the statement */
        return 0;
    add_use(l, v->base, walked, 0);
    for (int i = 0; i < v->nterms; i++)
        if (!collect_reads(v->terms[i].e, l))
            return 0;
    return 1;
}

/* Collects the uses of storage in an operand; 0 if it has something that
 * pins it to a statement of its own: a helper call, a value computed
 * before the statement (reduction, any/all, a select of a computed
 * value), an assignment. */
static int collect_reads(const expr *e, use_list *l)
{
    if (!e)
        return 1;
    if (e->value_of) /* a temporary written before the statement */
        return 0;
    switch (e->kind) {
    case E_ASSIGN:
    case E_INCDEC:
        return 0;
    case E_CALL:
        if (!e->intrin || e->sym || e->call)
            return 0;
        break;
    case E_METHOD:
        if (e->sym)
            return 0;
        if (!e->region && !strcmp(e->name, "iselect")) {
            if (!e->lhs->region || !collect_region(e->lhs->region, NULL, l))
                return 0;
            for (int i = 0; i < e->nargs; i++)
                if (!collect_reads(e->args[i], l))
                    return 0;
            return 1;
        }
        break;
    case E_NAME:
        if (type_is_object(&e->type) && !e->region)
            return 0;
        break;
    default:
        break;
    }
    if (e->region)
        return collect_region(e->region, type_is_object(&e->type) ? e->region : NULL, l);
    for (int i = 0; i < e->nargs; i++)
        if (!collect_reads(e->args[i], l))
            return 0;
    return collect_reads(e->lhs, l) && collect_reads(e->rhs, l);
}

/* The destination of a vector assignment statement, or NULL. */
static const view *vector_destination(const stmt *s)
{
    if (s->kind != S_EXPR || s->simd_width || s->simd_kind || !s->e || s->e->kind != E_ASSIGN)
        return NULL;
    const expr *dst = s->e->lhs;
    if (!type_is_object(&dst->type) || !dst->region || dst->region->readonly)
        return NULL;
    return names_each_element_once(dst->region) ? dst->region : NULL;
}

/* Adds statement s's uses; 0 if s cannot be part of a run. */
static int collect_statement(const stmt *s, use_list *l)
{
    const view *dst = vector_destination(s);
    if (!dst)
        return 0;
    add_use(l, dst->base, dst, 1);
    for (int i = 0; i < dst->nterms; i++)
        if (!collect_reads(dst->terms[i].e, l))
            return 0;
    return collect_reads(s->e->rhs, l) && !l->overflow;
}

static int is_written(const use_list *l, const symbol *base)
{
    for (int i = 0; i < l->n; i++)
        if (l->uses[i].written && l->uses[i].base == base)
            return 1;
    return 0;
}

/* Is every variable the run writes used through one region only? */
static int element_for_element(const use_list *l)
{
    for (int i = 0; i < l->n; i++) {
        const use *a = &l->uses[i];
        if (!is_written(l, a->base))
            continue;
        if (!a->region)
            return 0;
        for (int j = 0; j < i; j++) {
            const use *b = &l->uses[j];
            if (b->base == a->base && (!b->region || !views_equal(a->region, b->region)))
                return 0;
        }
    }
    return 1;
}

static int same_shape(const view *a, const view *b)
{
    return a->rows == b->rows && a->cols == b->cols;
}

int fusable_run(stmt *const *items, int nitems, int start)
{
    const view *first = vector_destination(items[start]);
    use_list uses = {.n = 0};
    if (!first || !collect_statement(items[start], &uses) || !element_for_element(&uses))
        return 1;
    int n = 1;
    while (start + n < nitems) {
        const view *dst = vector_destination(items[start + n]);
        use_list more = uses;
        if (!dst || !same_shape(dst, first) || !collect_statement(items[start + n], &more) ||
            !element_for_element(&more))
            break;
        uses = more;
        n++;
    }
    return n;
}

/* ---- exact integer sums into floats ------------------------------------ */

enum { EXACT_FLOAT_INTEGERS = 1 << 24 }; /* float's 24-bit significand */

/* The largest |value| of an operand of an 8- or 16-bit integer type, or
 * 0 if it has another type. */
static int64_t small_integer_bound(const expr *e)
{
    elem_kind k = e->type.elem;
    if (!elem_is_integer(k) || k == EK_BOOL || elem_size(k) > 2)
        return 0;
    int64_t lo = -elem_min(k), hi = (int64_t)elem_max(k);
    return lo > hi ? lo : hi;
}

/* Does the operand leave d's variable alone and keep to what a fused
 * loop can hold? */
static int reads_only_others(const expr *e, const symbol *d)
{
    use_list l = {.n = 0};
    if (!collect_reads(e, &l) || l.overflow)
        return 0;
    for (int i = 0; i < l.n; i++)
        if (l.uses[i].base == d)
            return 0;
    return 1;
}

/* Statement s as a link of the chain into d: its operand's bound, or 0. */
static int64_t chain_link(const stmt *s, const view *d, int first)
{
    const view *dst = vector_destination(s);
    const expr *e = s->e;
    if (!dst || !views_equal(dst, d))
        return 0;
    if (first ? e->op != '=' : e->op != '+' && e->op != '-')
        return 0;
    return reads_only_others(e->rhs, d->base) ? small_integer_bound(e->rhs) : 0;
}

int exact_sum_chain(stmt *const *items, int n, int start)
{
    const view *d = vector_destination(items[start]);
    if (!d || !elem_is_float(items[start]->e->lhs->type.elem))
        return 1;
    int64_t bound = chain_link(items[start], d, 1);
    if (!bound)
        return 1;
    int k = 1;
    while (start + k < n) {
        int64_t more = chain_link(items[start + k], d, 0);
        if (!more || bound + more > EXACT_FLOAT_INTEGERS)
            break;
        bound += more;
        k++;
    }
    return k;
}
