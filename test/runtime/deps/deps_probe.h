/*
 * deps_probe.h - what the hand-written probe kernels (deps_probe.c, a
 * program written directly against cmk/abi.h) and the tests that run them
 * share: the state the kernels record into, passed to them as a 64-bit
 * scalar holding its address.
 *
 * Every recorded time is a tick of one global counter (`seq`), taken with
 * an atomic add, so "A happened before B" is "seq of A < seq of B".
 */
#ifndef TEST_RUNTIME_DEPS_PROBE_H
#define TEST_RUNTIME_DEPS_PROBE_H

#include <stdint.h>

/* probe_state.flags */
#define PROBE_SIGNAL 1u      /* call cm_signal() before the end */
#define PROBE_WAIT_TWICE 2u  /* call cm_wait() twice */
#define PROBE_SIGNAL_TWICE 4u

typedef struct probe_state {
    /* Set by the test. */
    uint32_t width, height;
    uint32_t flags;
    uint32_t jitter;     /* up to this many pause loops before and after wait */
    uint32_t hold_point; /* this point holds its signal back for hold_ns */
    uint64_t hold_ns;

    /* Recorded by probe_record, per point (width * height each). */
    uint64_t seq;        /* the clock */
    uint32_t started;    /* points started so far */
    uint32_t *order;     /* i-th point to start */
    uint32_t *runs;      /* times each point ran */
    uint64_t *wait_seq;  /* tick after cm_wait() returned */
    uint64_t *signal_seq;/* tick just before the point signalled */
    uint32_t bad_origin; /* points whose (x, y) and index disagree */
    uint32_t unsignalled;/* cm_signal() left t->signalled zero */
    uint64_t max_wait_ns;/* longest cm_wait() of any point */

    /* probe_early: point 0 signals (or not), then waits up to hold_ns for
     * point 1 (its dependent) to set `flag`. */
    uint32_t flag;
    uint32_t saw_flag;

    /* probe_mark: each point checks its CM_WAVEFRONT dependencies are done,
     * then marks itself done; and the stack depth its body runs at. */
    uint8_t *done;
    uint64_t points;
    uint64_t violations;
    uint64_t stack_spread; /* largest (highest - lowest) body frame of one batch */
} probe_state;

#endif /* TEST_RUNTIME_DEPS_PROBE_H */
