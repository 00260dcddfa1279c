/*
 * cmk/kernel.h - everything cmc-generated C includes: the ABI, media block
 * I/O, CM's conversions, its arithmetic and math intrinsics, and the few macros the emitter spells out.
 */
#ifndef CMK_KERNEL_H
#define CMK_KERNEL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "block_io.h"
#include "convert.h"
#include "half.h"
#include "math.h"
#include "region.h"
#include "lanes.h"
#include "scan.h"

#if defined(__GNUC__)
#define CMK_EXPORT __attribute__((visibility("default")))
#define CMK_MAYBE_UNUSED __attribute__((unused))
#define CMK_PRAGMA(x) _Pragma(#x)
#define CMK_UNROLL(n) CMK_PRAGMA(GCC unroll n)
#else
#define CMK_EXPORT
#define CMK_MAYBE_UNUSED
#define CMK_UNROLL(n)
#endif

/* Before the column loop of a vector statement more than 8 elements wide
 * whose width is not a power of two (lang/emit.c open_loops). clang
 * otherwise unrolls it fully early on and leaves its SLP vectoriser the
 * straight-line code, which makes a mess of such rows read at small
 * offsets (a 24-wide u8 row summed at offsets 0, 3 and 6 became byte
 * inserts and permutes); its loop vectoriser takes the same loop whole, as
 * 16 + 8 lanes: linearslide2 48 -> 30 ns a block. Power-of-two rows keep
 * the full unroll: SLP does them well, and it lets a small array carried
 * from statement to statement live in registers (CalcIntImage's 16-wide
 * rows took twice as long as loops). */
#if defined(__clang__)
#define CMK_ELEMENT_LOOP CMK_PRAGMA(clang loop unroll(disable))
#else
#define CMK_ELEMENT_LOOP
#endif

/* Vectors and matrices: aligned so whole-object loops start on a vector. */
#define CMK_ALIGNED _Alignas(32)

/* The batch entry's next point (cmk/abi.h): the one after t's when the
 * batch runs ahead, else the scheduler's. Walking a chunk here instead of
 * through an indirect call per point is a third of an empty kernel's cost. */
static inline int cmk_next_point(cmk_batch *b, cmk_thread *t)
{
    if (b->run_ahead) {
        b->run_ahead--;
        t->point++;
        if (++t->x == b->width) {
            t->x = 0;
            t->y++;
        }
        return 1;
    }
    return b->ops->next(b, t);
}

/* cm_wait / cm_signal go to the scheduler running the batch, unless its
 * points neither wait nor signal. */
static inline void cmk_wait(cmk_thread *t)
{
    cmk_batch *b = t->batch;
    if (b->ops->wait)
        b->ops->wait(b, t);
}

static inline void cmk_signal(cmk_thread *t)
{
    cmk_batch *b = t->batch;
    if (b->ops->signal)
        b->ops->signal(b, t);
}

#define CMK_WAIT(t) cmk_wait(t)
#define CMK_SIGNAL(t) cmk_signal(t)

/* cm_fence: this thread's writes are visible to others before what follows.
 * Kernel threads share memory only through cm_wait/cm_signal (there are no
 * surface atomics or barriers), and the scheduler signals with a release
 * store and waits with acquire loads, so an acquire-release fence is enough:
 * it keeps the compiler (and a weakly ordered CPU) from moving the kernel's
 * writes past the signal. On x86 it costs nothing, where a sequentially
 * consistent fence (mfence) waits for every buffered store of the point to
 * reach the cache: a quarter of CalcIntImage's time. */
#define CMK_FENCE() __atomic_thread_fence(__ATOMIC_ACQ_REL)

/* Integer division with every case defined, since a kernel must not stop
 * the host on x / 0: the quotient is all ones (as GEN's integer divide
 * gives), the remainder the dividend; MIN / -1 wraps. */
#define CMK_DEFINE_SIGNED_DIV(name, T, MIN)                                 \
    static inline T cmk_div_##name(T a, T b)                                \
    {                                                                       \
        return b == 0 ? (T)-1 : (a == MIN && b == -1) ? a : (T)(a / b);     \
    }                                                                       \
    static inline T cmk_mod_##name(T a, T b)                                \
    {                                                                       \
        return b == 0 ? a : (a == MIN && b == -1) ? (T)0 : (T)(a % b);      \
    }
#define CMK_DEFINE_UNSIGNED_DIV(name, T)                                    \
    static inline T cmk_div_##name(T a, T b) { return b == 0 ? (T)~(T)0 : (T)(a / b); } \
    static inline T cmk_mod_##name(T a, T b) { return b == 0 ? a : (T)(a % b); }
CMK_DEFINE_SIGNED_DIV(i32, int32_t, INT32_MIN)
CMK_DEFINE_SIGNED_DIV(i64, int64_t, INT64_MIN)
CMK_DEFINE_UNSIGNED_DIV(u32, uint32_t)
CMK_DEFINE_UNSIGNED_DIV(u64, uint64_t)

/* A region whose offset is known only at run time (m.row(i), v(j)) is
 * checked before use: on the GPU such a region reads or writes some other
 * register; on the CPU it would corrupt the stack, so the kernel stops
 * with the kernel's own location instead, like a sanitizer. */
#if defined(__GNUC__)
__attribute__((noreturn, cold, noinline))
#endif
static void cmk_region_fault(const char *where, int64_t offset, int64_t last)
{
    fprintf(stderr, "%s: error: region out of bounds at run time (first element %lld, valid 0..%lld)\n",
            where, (long long)offset, (long long)last);
    abort();
}

static inline int64_t cmk_checked(int64_t offset, int64_t last, const char *where)
{
    if ((uint64_t)offset > (uint64_t)last)
        cmk_region_fault(where, offset, last);
    return offset;
}

#endif /* CMK_KERNEL_H */
