/*
 * rig.h - what every conformance program does around its kernels: load
 * the program onto a one-thread device, run a kernel on a single thread
 * over an input and an output surface of bytes, and compare its output
 * with a plain C reference.
 *
 * Every kernel of these suites takes (SurfaceIndex in, SurfaceIndex out)
 * and sometimes one scalar after them; row y of each surface is row_bytes
 * bytes at offset y * row_bytes of the caller's arrays.
 */
#ifndef CONFORMANCE_RIG_H
#define CONFORMANCE_RIG_H

#include <stddef.h>
#include <stdint.h>

#include "cmrt.h"
#include "sample_files.h"

typedef struct rig {
    cmrt_device *dev;
    cmrt_queue *queue;
    cmrt_program *program;
    cmrt_surface *in, *out;
    cmrt_surface_index *iin, *iout;
    cmrt_thread_space *space;
    file_bytes isa;
    int row_bytes, in_rows, out_rows;
} rig;

/* Loads the program at isa_path and makes the surfaces; a program that
 * does not load ends the test with the reason. */
void rig_open(rig *g, const char *isa_path, int row_bytes, int in_rows, int out_rows);
void rig_close(rig *g);

/* Runs kernel k once on `in`: the output surface is filled with `fill`
 * bytes first (so bytes the kernel leaves alone are checked too), then
 * read into out. extra, when not NULL, is the kernel's third argument. */
void rig_run(rig *g, cmrt_kernel *k, const void *in, uint8_t fill, void *out,
             const void *extra, size_t extra_size);

/* rig_run of the kernel named `kernel`, with no third argument. */
void rig_run_named(rig *g, const char *kernel, const void *in, uint8_t fill, void *out);

/* A xorshift generator: the same inputs on every run of a test. */
uint32_t rig_random(void);

/* ---- the suites of 16-int kernels: rows a and b in, 16 ints out ---- */
enum { RIG_INTS = 16 };
typedef void (*rig_ints_reference)(const int32_t *a, const int32_t *b, int32_t *r);
typedef void (*rig_ints_inputs)(int32_t in[2][RIG_INTS]);

/* Small ints, -12 to 12, where the interesting cases of regions and
 * control flow lie. */
void rig_small_ints(int32_t in[2][RIG_INTS]);

/* Runs `kernel` on `rounds` fresh inputs from make, against ref: 0, or
 * 1 and a FAIL line naming the first element that differs. Needs a rig
 * opened with rows of RIG_INTS ints, 2 in and 1 out. */
int rig_check_ints(rig *g, const char *kernel, rig_ints_reference ref, rig_ints_inputs make,
                   int rounds);

/* A suite's kernels: the name, the reference, and a tag the suite's
 * references may read from rig_ints_tag while the case runs (one
 * reference serving several kernels). */
typedef struct rig_ints_case {
    const char *kernel;
    rig_ints_reference ref;
    int tag;
} rig_ints_case;
extern int rig_ints_tag;

/* The case of kernel `name` checked against ref_<name>. */
#define RIG_INTS_CASE(name) {#name, ref_##name, 0}

/* The whole main of such a suite: `argv[1]` is the program; every case
 * checked with rig_check_ints; a summary line. Returns the exit status. */
int rig_ints_main(int argc, char **argv, const char *suite, const rig_ints_case *cases,
                  size_t ncases, rig_ints_inputs make, int rounds);

#endif /* CONFORMANCE_RIG_H */
