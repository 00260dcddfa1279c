/*
 * fuse.h - lowering: which consecutive vector statements can share one
 * loop nest. emit.c writes each vector statement as a loop over its
 * destination's elements; a run of such statements over the same shape
 * becomes one loop instead, so that values stay in registers from one
 * statement to the next instead of going through memory per statement.
 */
#ifndef LANG_FUSE_H
#define LANG_FUSE_H

#include "ast.h"

/* Do two regions designate the same elements, of the same type, in the
 * same order? */
int views_equal(const view *a, const view *b);

/* Is e a scalar variable plus or minus integer constants (j + 1, x - 4),
 * or a constant? The variable in *name (NULL for a constant), the sum of
 * the constants in *k. */
int name_plus_constant(const expr *e, const symbol **name, int64_t *k);

/* How many statements from items[start] on can run as one loop nest over
 * their destinations' elements, element by element, with the results of
 * running them one after another: 1 when items[start] fuses with nothing
 * (or is no vector assignment). Each statement of a run is a plain or
 * compound assignment to a vector, matrix or region, all of one shape,
 * outside SIMD control flow, with no helper calls, reductions or side
 * effects in its operands; and every variable a run assigns is used in
 * the run only through the one region it assigns (so element i of each
 * statement needs only element i of the statements before it). */
int fusable_run(stmt *const *items, int nitems, int start);

/* Within a fused run, how many statements from items[start] on (at most
 * n) sum integers into one floating point region exactly:
 *     d = x;  d += y;  d -= z;  ...
 * with x, y, z of 8- or 16-bit integer types, d's variable used nowhere
 * else in them, and |sum| <= 2^24 whatever the values. Every partial sum
 * is then an integer the float holds exactly, so each addition is exact
 * and the chain equals (float)(x + y - z) summed in int32 in any order;
 * the C compiler can keep it in integer registers, which it may not do
 * for float additions. 1 when there is no such chain. */
int exact_sum_chain(stmt *const *items, int n, int start);

#endif /* LANG_FUSE_H */
