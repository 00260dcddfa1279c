/*
 * blocks.c - media block writes that tile one rectangle (blocks.h).
 *
 * What is checked: each piece is a plain write of a region of one
 * variable, at x and y that differ from piece to piece by constants only;
 * the pieces, placed on the surface, are disjoint and fill their bounding
 * rectangle; and each takes its bytes from where the rectangle's region
 * has them: piece at (dx bytes, dy rows) from the top-left one starts
 * dy rows and dx bytes further in the variable. Then one write of that
 * region at the top-left piece's x and y writes the same bytes.
 */
#include "blocks.h"

#include <string.h>

#include "fuse.h"
#include "types.h"

enum { MAX_PIECES = 64 };

/* Offsets beyond this are left alone: no sum of them can overflow. */
#define MAX_OFFSET ((int64_t)1 << 30)

typedef struct piece {
    const expr *call;
    const view *region;
    const symbol *surface, *x_name, *y_name;
    int64_t x, y;         /* bytes and rows past the names' values */
    int64_t width, rows;  /* bytes, rows */
    int esize;
} piece;

int64_t contiguous_pitch(const view *v, int esize)
{
    if (v->readonly)
        return 0;
    if (v->cols > 1 && v->cstride != 1)
        return 0;
    return (v->rows > 1 ? v->rstride : v->cols) * esize;
}

static int calls_anything(const expr *e)
{
    if (!e)
        return 0;
    if (e->kind == E_CALL || e->value_of)
        return 1;
    for (int i = 0; i < e->nargs; i++)
        if (calls_anything(e->args[i]))
            return 1;
    return calls_anything(e->lhs) || calls_anything(e->rhs);
}

static int small(int64_t v)
{
    return v > -MAX_OFFSET && v < MAX_OFFSET;
}

/* Is s write(surface, x, y, region) with all the above? */
static int as_piece(const stmt *s, piece *p)
{
    const expr *e = s->e;
    if (s->kind != S_EXPR || e->kind != E_CALL || e->call || e->intrin || e->nargs != 4 ||
        strcmp(e->name, "write") != 0 || e->args[0]->kind != E_NAME)
        return 0;
    const expr *obj = e->args[3];
    const view *v = obj->region;
    if (!v || v->nterms || calls_anything(obj) || !small(v->off))
        return 0;
    p->call = e;
    p->region = v;
    p->surface = e->args[0]->sym;
    p->esize = elem_size(obj->type.elem);
    p->width = (int64_t)obj->type.cols * p->esize;
    p->rows = obj->type.rows;
    return contiguous_pitch(v, p->esize) != 0 &&
           name_plus_constant(e->args[1], &p->x_name, &p->x) && small(p->x) &&
           name_plus_constant(e->args[2], &p->y_name, &p->y) && small(p->y);
}

static int same_frame(const piece *a, const piece *b)
{
    return a->surface == b->surface && a->x_name == b->x_name && a->y_name == b->y_name &&
           a->region->base == b->region->base && a->region->elem == b->region->elem &&
           a->esize == b->esize;
}

static int overlap(const piece *a, const piece *b)
{
    return a->x < b->x + b->width && b->x < a->x + a->width && a->y < b->y + b->rows &&
           b->y < a->y + a->rows;
}

/* The rectangle's row pitch in elements: that of its pieces of more than
 * one row, the same for all; else what places the first piece below the
 * top row where it is. 0 when there is none. */
static int64_t row_pitch(const piece *p, int k, const piece *tl)
{
    int64_t pitch = 0;
    for (int i = 0; i < k; i++)
        if (p[i].rows > 1) {
            if (pitch && pitch != p[i].region->rstride)
                return 0;
            pitch = p[i].region->rstride;
        }
    for (int i = 0; i < k && !pitch; i++) {
        int64_t down = p[i].y - tl->y;
        int64_t rest = p[i].region->off - tl->region->off - (p[i].x - tl->x) / tl->esize;
        if (down > 0 && rest % down == 0)
            pitch = rest / down;
    }
    return pitch;
}

/* Do pieces p[0..k) tile a rectangle whose region holds each piece where
 * it is? Then *out is it. */
static int tiles(const piece *p, int k, block_union *out)
{
    const piece *tl = &p[0];
    int64_t x_end = p[0].x + p[0].width, y_end = p[0].y + p[0].rows, area = 0;
    for (int i = 0; i < k; i++) {
        if (p[i].x <= tl->x && p[i].y <= tl->y)
            tl = &p[i];
        if (p[i].x + p[i].width > x_end)
            x_end = p[i].x + p[i].width;
        if (p[i].y + p[i].rows > y_end)
            y_end = p[i].y + p[i].rows;
        area += p[i].width * p[i].rows;
        for (int j = 0; j < i; j++)
            if (overlap(&p[i], &p[j]))
                return 0;
    }
    for (int i = 0; i < k; i++)
        if (p[i].x < tl->x || p[i].y < tl->y)
            return 0; /* no piece at the top-left corner */
    int64_t width = x_end - tl->x, rows = y_end - tl->y;
    if (area != width * rows)
        return 0; /* a gap */
    int64_t pitch = rows > 1 ? row_pitch(p, k, tl) : width / tl->esize;
    if (!pitch)
        return 0;
    for (int i = 0; i < k; i++) {
        int64_t dx = p[i].x - tl->x;
        if (dx % tl->esize ||
            p[i].region->off != tl->region->off + (p[i].y - tl->y) * pitch + dx / tl->esize)
            return 0;
    }
    out->top_left = tl->call;
    out->region = *tl->region;
    out->region.rows = (int)rows;
    out->region.cols = (int)(width / tl->esize);
    out->region.rstride = pitch;
    out->region.cstride = 1;
    return 1;
}

int merged_writes(stmt *const *items, int n, int start, block_union *out)
{
    piece p[MAX_PIECES];
    int k = 0;
    while (start + k < n && k < MAX_PIECES && as_piece(items[start + k], &p[k]) &&
           same_frame(&p[0], &p[k]))
        k++;
    for (; k >= 2; k--)
        if (tiles(p, k, out))
            return k;
    return 0;
}
