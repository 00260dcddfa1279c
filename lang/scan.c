/*
 * scan.c - loops that are running sums along rows (scan.h).
 *
 * The loop
 *     for (int j = a; j < b; j++) d.column(j) = d.column(j - 1) + s.column(j);
 * computes, in each row r, d(r, j) = d(r, a - 1) + s(r, a) + ... + s(r, j):
 * a row's sums never meet another row's, so the rows may run one after
 * another instead of side by side, and the additions wrap modulo 2^32 so
 * they may be regrouped. What is checked here is only the shape that makes
 * this true; anything else is left to the loop as written.
 */
#include "scan.h"

#include <string.h>

#include "fuse.h"
#include "types.h"

/* Is e the loop variable j plus a constant? That constant in *k. */
static int offset_from(const expr *e, const symbol *j, int64_t *k)
{
    const symbol *name;
    return name_plus_constant(e, &name, k) && name == j;
}

/* A region of one element per row of a running sum (lanes of them, at
 * stride apart: a column is a vector of stride the matrix's width), whose
 * offset steps by one element with j: its offset at j = 0 (negative for
 * a column j - 1). */
typedef struct lane_run {
    const view *v;
    int lanes;
    int64_t stride, at_zero;
} lane_run;

/* A region of a variable's own storage, one element wide (a column, or
 * an element of a vector), read as the variable's type. */
static int plain_lanes(const expr *e, lane_run *r)
{
    const view *v = e->region;
    if (!v || (v->rows > 1 && v->cols > 1) || v->readonly ||
        (v->elem && v->elem != v->base->type.elem) || v->base->is_spill || e->value_of)
        return 0;
    r->v = v;
    r->lanes = v->rows * v->cols;
    r->stride = r->lanes == 1 ? 0 : v->rows > 1 ? v->rstride : v->cstride;
    r->at_zero = v->off;
    return 1;
}

static int column_at_zero(const expr *e, const symbol *j, lane_run *r)
{
    int64_t k;
    if (!plain_lanes(e, r) || r->v->nterms != 1 || r->v->terms[0].scale != 1 ||
        !offset_from(r->v->terms[0].e, j, &k))
        return 0;
    r->at_zero += k;
    return 1;
}

/* Is the fixed region e the lanes at `first` of r's pitch in `base`? */
static int same_lanes(const expr *e, const running_sum *r, const symbol *base, int64_t first,
                      int64_t pitch)
{
    lane_run l;
    return plain_lanes(e, &l) && l.v->nterms == 0 && l.v->base == base &&
           l.at_zero == first && l.lanes == r->rows && (l.lanes == 1 || l.stride == pitch);
}

static int is_wrapping_32(elem_kind e)
{
    return e == EK_I32 || e == EK_U32;
}

static int is_small_integer(elem_kind e)
{
    return elem_is_integer(e) && e != EK_BOOL && elem_size(e) <= 4;
}

/* Elements first .. first + (lanes - 1) * stride + count - 1 inside the
 * base, and no lane's run reaching into the next one's. */
static int lanes_inside(const lane_run *r, int64_t first, int count)
{
    int64_t capacity = type_count(&r->v->base->type);
    int64_t last = first + (int64_t)(r->lanes - 1) * r->stride + count - 1;
    return first >= 0 && last < capacity && (r->lanes == 1 || r->stride >= count);
}

/* for (int j = a; j < b; j++ / ++j / j += 1): a, b and j. */
static int counting_loop(const stmt *s, const symbol **j, int64_t *a, int64_t *b)
{
    const stmt *init = s->init_stmt;
    const expr *c = s->e, *step = s->step;
    if (!init || init->kind != S_DECL || !init->sym || !init->init || !init->init->is_const ||
        !c || !step || init->sym->type.shape != SH_SCALAR)
        return 0;
    *j = init->sym;
    *a = init->init->value;
    if (c->kind != E_BINARY || c->op != '<' || c->lhs->kind != E_NAME || c->lhs->sym != *j ||
        !c->rhs->is_const)
        return 0;
    *b = c->rhs->value;
    int by_one = step->kind == E_INCDEC ? step->op == OP_INC
                 : step->kind == E_ASSIGN
                     ? step->op == '+' && step->rhs->is_const && step->rhs->value == 1
                     : 0;
    return by_one && step->lhs->kind == E_NAME && step->lhs->sym == *j;
}

/* The loop's one statement: a block of one, or the statement itself. */
static const stmt *only_statement(const stmt *body)
{
    while (body && body->kind == S_BLOCK)
        body = body->nitems == 1 ? body->items[0] : NULL;
    return body && body->kind == S_EXPR ? body : NULL;
}

int running_sum_loop(const stmt *s, running_sum *out)
{
    const symbol *j;
    int64_t a, b;
    if (!counting_loop(s, &j, &a, &b) || a < 1 || b <= a || b - a > (1 << 20))
        return 0;
    const stmt *body = only_statement(s->body);
    const expr *e = body ? body->e : NULL;
    if (!e || e->kind != E_ASSIGN || e->op != '=' || e->rhs->kind != E_BINARY ||
        e->rhs->op != '+' || !is_wrapping_32(e->rhs->type.elem))
        return 0;
    lane_run d, prev, src;
    if (!column_at_zero(e->lhs, j, &d))
        return 0;
    /* d.column(j - 1) + s.column(j), or the other way round */
    const expr *x = e->rhs->lhs, *y = e->rhs->rhs;
    if (!(column_at_zero(x, j, &prev) && prev.v->base == d.v->base)) {
        const expr *t = x;
        x = y;
        y = t;
        if (!(column_at_zero(x, j, &prev) && prev.v->base == d.v->base))
            return 0;
    }
    if (!column_at_zero(y, j, &src))
        return 0;
    int count = (int)(b - a + 1);
    if (prev.at_zero != d.at_zero - 1 || prev.lanes != d.lanes || prev.stride != d.stride ||
        src.lanes != d.lanes || src.v->base == d.v->base ||
        !is_wrapping_32(d.v->base->type.elem) || !is_small_integer(src.v->base->type.elem) ||
        d.v->base->type.shape == SH_SCALAR || src.v->base->type.shape == SH_SCALAR)
        return 0;
    out->dst = d.v;
    out->src = src.v;
    out->rows = d.lanes;
    out->count = count;
    out->dst_first = d.at_zero + a - 1;
    out->dst_pitch = d.stride;
    out->src_first = src.at_zero + a - 1;
    out->src_pitch = src.stride;
    return lanes_inside(&d, out->dst_first, count) && lanes_inside(&src, out->src_first, count);
}

int running_sum_start(const stmt *s, const running_sum *r)
{
    const expr *e = s->kind == S_EXPR ? s->e : NULL;
    return e && e->kind == E_ASSIGN && e->op == '=' &&
           same_lanes(e->lhs, r, r->dst->base, r->dst_first, r->dst_pitch) &&
           same_lanes(e->rhs, r, r->src->base, r->src_first, r->src_pitch);
}
