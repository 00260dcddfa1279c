/*
 * blocks.h - lowering: media block writes that tile one rectangle.
 *
 * GEN's media block messages are at most 32 bytes wide (8 rows of them
 * for a write), so CM kernels write a larger block in pieces:
 *     write(out, x,      y,     m.select<8, 1, 8, 1>(0, 0));
 *     write(out, x + 32, y,     m.select<8, 1, 8, 1>(0, 8));
 *     write(out, x,      y + 8, m.select<8, 1, 8, 1>(8, 0));
 *     write(out, x + 32, y + 8, m.select<8, 1, 8, 1>(8, 8));
 * On a CPU each piece is a call with its own bounds check and its own
 * short row copies; the four are one 64-byte by 16-row write.
 *
 * A write keeps the bytes inside the surface and drops the rest, byte by
 * byte, so writes of disjoint pieces give the same surface in any order
 * and as one write of their union, wherever it lies. (For reads the edge
 * rule replicates the nearest edge, which depends on where an offset
 * that wraps around lands; they are left as written.)
 */
#ifndef LANG_BLOCKS_H
#define LANG_BLOCKS_H

#include "ast.h"

/* The rectangle: the surface, x and y of its top-left piece's call, and
 * the source region of the whole (rows x cols elements of the source's
 * type), row r at region.off + r * rstride. */
typedef struct block_union {
    const expr *top_left; /* a write(surface, x, y, object) call */
    view region;
} block_union;

/* How many statements from items[start] on are media block writes whose
 * pieces tile one rectangle exactly, 2 or more, as *out; 0 when
 * items[start] starts no such run. The pieces must name one surface, have
 * x and y of one variable each plus constants (or constants), and take
 * their bytes from one variable's storage at the offsets the rectangle
 * gives them, with constant offsets and contiguous rows. */
int merged_writes(stmt *const *items, int n, int start, block_union *out);

/* The bytes from one row of a region to the next, when its rows are runs
 * of contiguous bytes that a block write can copy directly; 0 when not. */
int64_t contiguous_pitch(const view *v, int esize);

#endif /* LANG_BLOCKS_H */
