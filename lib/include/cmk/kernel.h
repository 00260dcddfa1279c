/*
 * cmk/kernel.h - everything cmc-generated C includes: the ABI, media block
 * I/O, CM's conversions, and the few macros the emitter spells out.
 */
#ifndef CMK_KERNEL_H
#define CMK_KERNEL_H

#include <stdint.h>
#include <string.h>

#include "abi.h"
#include "block_io.h"
#include "convert.h"

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

/* Vectors and matrices: aligned so whole-object loops start on a vector. */
#define CMK_ALIGNED _Alignas(32)

/* cm_wait / cm_signal go to the scheduler running the batch. */
#define CMK_WAIT(t) ((t)->batch->ops->wait((t)->batch, (t)))
#define CMK_SIGNAL(t) ((t)->batch->ops->signal((t)->batch, (t)))

/* cm_fence: this thread's writes are visible to others before what follows. */
#define CMK_FENCE() __atomic_thread_fence(__ATOMIC_SEQ_CST)

#endif /* CMK_KERNEL_H */
