/*
 * lanes.c - the 8-bit lane operations end to end: each kernel of
 * lanes.cpp, built by cmc and run by libcmrt on one thread, against plain
 * C references written from cl_intel_subgroups_char (and the
 * cl_intel_subgroups shuffle definitions it extends), with a vector's
 * elements as the sub-group's work items: lane i is element i, n lanes.
 *
 * Where the extension leaves a result undefined, the references follow
 * cmc's documented decisions (README, "8-bit lane operations"): a lane,
 * index or xor value out of range is taken modulo n; shuffle_down and
 * shuffle_up read the 2n lanes of their two sources cyclically.
 *
 * usage: lanes <lanes.isa>
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cm_check.h"
#include "rig.h"

enum { W = 32, IN_ROWS = 3, OUT_ROWS = 28, UNWRITTEN = 0xa5, WIDE = 128 };

/* The kernel's inputs: rows a, b, idx of bytes and the scalar d. */
typedef struct inputs {
    uint8_t a[W], b[W], idx[W];
    int32_t d;
} inputs;

typedef uint8_t rows[OUT_ROWS][W];

/* One element type's view of the bytes. */
typedef struct lane_type {
    int is_signed;
    int min, max;
} lane_type;

static const lane_type CHAR = {1, -128, 127}, UCHAR = {0, 0, 255};

/* n lanes of bytes from `from`, every `stride`-th one, as values of t. */
static void load(const lane_type *t, const uint8_t *from, int stride, int n, int *x)
{
    for (int i = 0; i < n; i++)
        x[i] = t->is_signed ? (int8_t)from[i * stride] : from[i * stride];
}

/* A char or uchar result keeps the value modulo 256: its low byte. */
static void store(uint8_t *row, const int *x, int n)
{
    for (int i = 0; i < n; i++)
        row[i] = (uint8_t)x[i];
}

/* ---- references from the extension's text --------------------------------- */

typedef enum { ADD, MIN, MAX } scan_op;

static int combine(scan_op op, int acc, int x)
{
    return op == ADD ? acc + x : op == MIN ? (x < acc ? x : acc) : (x > acc ? x : acc);
}

/* The identity an exclusive scan's lane 0 gets (OpenCL C 6.13.15): 0 for
 * add, the type's largest value for min, its smallest for max. */
static int identity(const lane_type *t, scan_op op)
{
    return op == ADD ? 0 : op == MIN ? t->max : t->min;
}

/* sub_group_scan_{inclusive,exclusive}_<op>: lane i combines the x of
 * lanes 0..i (inclusive) or 0..i-1 (exclusive), in increasing lane order. */
static void scan(const lane_type *t, scan_op op, int inclusive, const int *x, int n, int *o)
{
    for (int i = 0; i < n; i++) {
        int acc = identity(t, op);
        for (int j = 0; j < (inclusive ? i + 1 : i); j++)
            acc = combine(op, acc, x[j]);
        o[i] = acc;
    }
}

/* sub_group_reduce_<op>: every lane's x combined (the value is the same
 * in every lane; the kernels keep one). */
static int reduce(const lane_type *t, scan_op op, const int *x, int n)
{
    int acc = identity(t, op);
    for (int j = 0; j < n; j++)
        acc = combine(op, acc, x[j]);
    return acc;
}

/* intel_sub_group_broadcast(x, id): every lane gets lane id's x. */
static void broadcast(const int *x, int n, uint32_t id, int *o)
{
    for (int i = 0; i < n; i++)
        o[i] = x[id % (uint32_t)n];
}

/* intel_sub_group_shuffle(data, c): lane i gets lane c[i]'s data. */
static void shuffle(const int *x, int n, const uint32_t *c, int *o)
{
    for (int i = 0; i < n; i++)
        o[i] = x[c[i] % (uint32_t)n];
}

/* intel_sub_group_shuffle_down(current, next, delta): index i + delta;
 * below n it is current's lane, from n to 2n-1 next's lane index - n. */
static void shuffle_down(const int *cur, const int *next, int n, uint32_t delta, int *o)
{
    for (int i = 0; i < n; i++) {
        uint64_t index = ((uint64_t)i + delta) % (uint64_t)(2 * n);
        o[i] = index < (uint64_t)n ? cur[index] : next[index - (uint64_t)n];
    }
}

/* intel_sub_group_shuffle_up(previous, current, delta): index i - delta;
 * from 0 to n-1 it is current's lane, from -n to -1 previous's lane
 * index + n. */
static void shuffle_up(const int *prev, const int *cur, int n, uint32_t delta, int *o)
{
    for (int i = 0; i < n; i++) {
        int64_t index = (int64_t)i - (int64_t)(delta % (uint32_t)(2 * n));
        if (index < -n)
            index += 2 * n;
        o[i] = index >= 0 ? cur[index] : prev[index + n];
    }
}

/* intel_sub_group_shuffle_xor(data, value): lane i gets lane i ^ value. */
static void shuffle_xor(const int *x, int n, uint32_t value, int *o)
{
    for (int i = 0; i < n; i++)
        o[i] = x[((uint32_t)i ^ value) % (uint32_t)n];
}

/* ---- the kernels' rows ---------------------------------------------------- */

static void scans_into(const lane_type *t, const int *x, int n, rows r, int first)
{
    static const scan_op ops[3] = {ADD, MIN, MAX};
    int o[W];
    for (int k = 0; k < 6; k++) {
        scan(t, ops[k % 3], k < 3, x, n, o);
        store(r[first + k], o, n);
    }
}

static void ref_scan(const lane_type *t, const inputs *in, rows r)
{
    int a[W], a16[16], a8[8], b[W], m[8], red[16] = {0};
    load(t, in->a, 1, W, a);
    load(t, in->a + 16, 1, 16, a16);
    load(t, in->a + 1, 2, 8, a8);
    load(t, in->b, 1, W, b);
    scans_into(t, a, W, r, 0);
    scans_into(t, a16, 16, r, 6);
    scans_into(t, a8, 8, r, 12);
    int o[W];
    scan(t, ADD, 1, b, W, o); /* a 4x8 matrix: lanes in row-major order */
    store(r[18], o, W);
    for (int k = 0; k < 8; k++) /* select<2,1,4,2>(1,1) of the 4x8 matrix */
        m[k] = b[(1 + k / 4) * 8 + 1 + 2 * (k % 4)];
    scan(t, MAX, 0, m, 8, o);
    store(r[19], o, 8);
    const int *xs[3] = {a, a16, a8};
    const int ns[3] = {W, 16, 8};
    for (int s = 0; s < 3; s++)
        for (int op = ADD; op <= MAX; op++)
            red[3 * s + op] = reduce(t, (scan_op)op, xs[s], ns[s]);
    store(r[20], red, 16);
}

static void ref_broadcast(const lane_type *t, const inputs *in, rows r)
{
    int a[W], o[W];
    uint32_t d = (uint32_t)in->d;
    load(t, in->a, 1, W, a);
    broadcast(a, W, d, o), store(r[0], o, W);
    broadcast(a + 16, 16, d, o), store(r[1], o, 16);
    broadcast(a, 8, d, o), store(r[2], o, 8);
    broadcast(a, W, 0, o), store(r[3], o, W);
    broadcast(a, W, 31, o), store(r[4], o, W);
    broadcast(a, 8, 7, o), store(r[5], o, 8);
    broadcast(a, 16, (uint32_t)(int16_t)in->d, o), store(r[6], o, 16); /* a short lane */
    broadcast(a, W, d & 31, o), store(r[7], o, W);                     /* replicate<32,1> */
    broadcast(a, 16, d & 15, o), store(r[8], o, 16);                   /* a(i) */
}

static void ref_shuffle(const lane_type *t, const inputs *in, rows r)
{
    int a[W], o[W];
    uint32_t c[W], all_d[W], all_5[W], wide[W], in_range[W];
    load(t, in->a, 1, W, a);
    for (int i = 0; i < W; i++) {
        c[i] = in->idx[i];
        all_d[i] = (uint32_t)in->d;
        all_5[i] = 5;
        wide[i] = (uint32_t)((int)in->idx[i] - 128);
        in_range[i] = in->idx[i] & 31;
    }
    shuffle(a, W, c, o), store(r[0], o, W);
    shuffle(a + 16, 16, c, o), store(r[1], o, 16);
    shuffle(a + 8, 8, c + 24, o), store(r[2], o, 8);
    shuffle(a, W, all_d, o), store(r[3], o, W);
    shuffle(a, 16, all_d, o), store(r[4], o, 16);
    shuffle(a, W, all_5, o), store(r[5], o, W);
    shuffle(a, W, wide, o), store(r[6], o, W);
    shuffle(a, W, in_range, o), store(r[7], o, W); /* iselect */
}

typedef void (*window_op)(const int *first, const int *second, int n, uint32_t delta, int *o);

static void ref_window(window_op op, const lane_type *t, const inputs *in, rows r)
{
    int a[W], b[W], o[W];
    uint32_t d = (uint32_t)in->d;
    load(t, in->a, 1, W, a);
    load(t, in->b, 1, W, b);
    op(a, b, W, d, o), store(r[0], o, W);
    op(a, b + 16, 16, d, o), store(r[1], o, 16);
    op(a + 8, b, 8, d, o), store(r[2], o, 8);
    op(a, b, W, 0, o), store(r[3], o, W);
    op(a, b, W, 32, o), store(r[4], o, W);
    op(a + 16, b, 16, 7, o), store(r[5], o, 16);
    op(a, b + 8, 8, (uint8_t)in->d, o), store(r[6], o, 8); /* a uchar delta */
}

static void ref_shuffle_down(const lane_type *t, const inputs *in, rows r)
{
    ref_window(shuffle_down, t, in, r);
}

static void ref_shuffle_up(const lane_type *t, const inputs *in, rows r)
{
    ref_window(shuffle_up, t, in, r);
}

static void ref_shuffle_xor(const lane_type *t, const inputs *in, rows r)
{
    int a[W], o[W];
    uint32_t d = (uint32_t)in->d;
    load(t, in->a, 1, W, a);
    shuffle_xor(a, W, d, o), store(r[0], o, W);
    shuffle_xor(a + 16, 16, d, o), store(r[1], o, 16);
    shuffle_xor(a, 8, d, o), store(r[2], o, 8);
    shuffle_xor(a, W, 0, o), store(r[3], o, W);
    shuffle_xor(a, W, 31, o), store(r[4], o, W);
    shuffle_xor(a + 8, 8, 5, o), store(r[5], o, 8);
}

/* 128 lanes in rows row..row+3. */
static void store_wide(rows r, int row, const int *x)
{
    for (int q = 0; q < 4; q++)
        store(r[row + q], x + W * q, W);
}

static void ref_wide(const lane_type *t, const inputs *in, rows r)
{
    int w[WIDE], w2[WIDE], o[WIDE];
    uint32_t d = (uint32_t)in->d, ix[WIDE];
    load(t, in->a, 1, W, w);
    load(t, in->b, 1, W, w + 32);
    load(t, in->b, 1, W, w + 64);
    load(t, in->a, 1, W, w + 96);
    w[70] = 1;
    for (int i = 0; i < WIDE; i++) {
        w2[i] = w[(i + 64) % WIDE];
        ix[i] = in->idx[i % W];
    }
    scan(t, ADD, 1, w, WIDE, o), store_wide(r, 0, o);
    scan(t, MIN, 0, w, WIDE, o), store_wide(r, 4, o);
    broadcast(w, WIDE, d, o), store_wide(r, 8, o);
    shuffle(w, WIDE, ix, o), store_wide(r, 12, o);
    shuffle_down(w, w2, WIDE, d, o), store_wide(r, 16, o);
    shuffle_up(w, w2, WIDE, d, o), store_wide(r, 20, o);
    shuffle_xor(w, WIDE, d, o), store_wide(r, 24, o);
}

typedef void (*reference)(const lane_type *t, const inputs *in, rows r);

static const struct {
    const char *kernel;
    const lane_type *type;
    reference ref;
} cases[] = {
    {"scan_char", &CHAR, ref_scan}, {"scan_uchar", &UCHAR, ref_scan},
    {"wide_char", &CHAR, ref_wide}, {"wide_uchar", &UCHAR, ref_wide},
    {"broadcast_char", &CHAR, ref_broadcast}, {"broadcast_uchar", &UCHAR, ref_broadcast},
    {"shuffle_char", &CHAR, ref_shuffle}, {"shuffle_uchar", &UCHAR, ref_shuffle},
    {"shuffle_down_char", &CHAR, ref_shuffle_down},
    {"shuffle_down_uchar", &UCHAR, ref_shuffle_down},
    {"shuffle_up_char", &CHAR, ref_shuffle_up}, {"shuffle_up_uchar", &UCHAR, ref_shuffle_up},
    {"shuffle_xor_char", &CHAR, ref_shuffle_xor},
    {"shuffle_xor_uchar", &UCHAR, ref_shuffle_xor},
};

/* Lanes, deltas and xor values: in range, at the edges (0, n-1, n, 2n-1,
 * 2n for n = 8, 16, 32) and beyond, negative, and the extremes of int. */
static const int32_t d_values[] = {
    0, 1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 23, 31, 32, 33, 47, 63, 64, 65, 100,
    127, 255, 256, -1, -2, -31, -33, INT32_MAX, INT32_MIN,
};

/* A byte, a quarter of them the extremes where wrapping shows. */
static uint8_t next_byte(void)
{
    static const uint8_t edges[] = {0x00, 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff};
    uint32_t r = rig_random();
    return r % 4 == 0 ? edges[(r >> 8) % sizeof edges] : (uint8_t)(r >> 16);
}

static void run(rig *g, cmrt_kernel *k, const inputs *in, rows got)
{
    uint8_t bytes[IN_ROWS][W];
    memcpy(bytes[0], in->a, W);
    memcpy(bytes[1], in->b, W);
    memcpy(bytes[2], in->idx, W);
    rig_run(g, k, bytes, UNWRITTEN, got, &in->d, sizeof in->d);
}

/* Every input set and d for one kernel; 1 if a byte differs. */
static int check_kernel(rig *g, size_t c)
{
    cmrt_kernel *k = NULL;
    cm_result_check(cmrt_kernel_create(g->program, cases[c].kernel, &k));
    int failed = 0;
    for (int round = 0; round < 4 && !failed; round++) {
        inputs in;
        for (int i = 0; i < W; i++) {
            in.a[i] = next_byte();
            in.b[i] = next_byte();
            in.idx[i] = next_byte();
        }
        for (size_t v = 0; v < sizeof d_values / sizeof d_values[0] && !failed; v++) {
            rows got, want;
            in.d = d_values[v];
            memset(want, UNWRITTEN, sizeof want);
            cases[c].ref(cases[c].type, &in, want);
            run(g, k, &in, got);
            for (int i = 0; i < OUT_ROWS * W && !failed; i++)
                if (got[i / W][i % W] != want[i / W][i % W]) {
                    printf("FAIL %s: d %d, row %d lane %d is %d, the reference says %d\n",
                           cases[c].kernel, in.d, i / W, i % W, got[i / W][i % W],
                           want[i / W][i % W]);
                    failed = 1;
                }
        }
    }
    cm_result_check(cmrt_kernel_destroy(k));
    return failed;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s <lanes.isa>\n", argv[0]);
        return 2;
    }
    rig g;
    rig_open(&g, argv[1], W, IN_ROWS, OUT_ROWS);
    int failed = 0;
    size_t ncases = sizeof cases / sizeof cases[0];
    for (size_t c = 0; c < ncases; c++)
        failed += check_kernel(&g, c);
    rig_close(&g);
    printf("lanes: %zu kernels pass, %d fail\n", ncases - (size_t)failed, failed);
    return failed != 0;
}
