/*
 * scan.h - lowering: loops that are running sums along rows.
 *     for (int j = a; j < b; j++)
 *         d.column(j) = d.column(j - 1) + s.column(j);
 * is a prefix sum of each row of s into d. Emitted as written, it walks
 * the matrices column by column, every row's element a separate scalar
 * addition that waits on the store before; emitted row by row through
 * cmk/scan.h, each row is one vector prefix sum.
 */
#ifndef LANG_SCAN_H
#define LANG_SCAN_H

#include "ast.h"

/* A running-sum loop: for each row r < rows, with
 * d = dst base + dst_first + r * dst_pitch and s likewise from src,
 * d[k] = d[k - 1] + s[k] for k = 1 .. count - 1. */
typedef struct running_sum {
    const view *dst, *src; /* the loop body's d.column(j) and s.column(j) */
    int rows, count;
    int64_t dst_first, dst_pitch, src_first, src_pitch;
} running_sum;

/* Is s (an S_FOR) such a loop, over regions whose every element is in
 * bounds? Its shape: the loop variable declared in the loop, from a
 * constant a >= 1 up to a constant b > a by 1; the body one plain
 * assignment, either operand order, of views one element wide whose
 * offset steps by one element with j (a column, or v(j) of a vector);
 * d 32-bit integers, s 8- to 32-bit integers of another variable. The
 * sums wrap modulo 2^32 whatever the types, so they may be regrouped. */
int running_sum_loop(const stmt *s, running_sum *out);

/* Is s, the statement before r's loop, d.column(a - 1) = s.column(a - 1)
 * over the same lanes? Then the two are prefix sums of s's rows
 * (cmk_prefix_sum_*): the conversion of an 8- to 32-bit integer to a
 * 32-bit one is the wrap-around cast the sums already make. */
int running_sum_start(const stmt *s, const running_sum *r);

#endif /* LANG_SCAN_H */
