/*
 * ceiling.c - the memory-bandwidth ceiling: a streaming copy that reads
 * and writes exactly the bytes a kernel must (its input once, its output
 * once), on the same number of threads.
 *
 * The copy goes block by block: each BLOCK bytes read are written out
 * `ratio` times (ratio = write / read: 1 for the filters, 4 for the
 * integral image's 8-bit in and 32-bit out), so the source is read from
 * memory once and the destination written once, with ordinary stores, as
 * the kernels' are.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define BLOCK 4096

typedef struct stream {
    const unsigned char *src;
    unsigned char *dst;
    size_t blocks; /* whole BLOCKs of src */
    size_t tail;   /* bytes of src after them */
    size_t ratio;
} stream;

static void copy_block(const stream *s, size_t at, size_t size)
{
    const unsigned char *from = s->src + at;
    unsigned char *to = s->dst + at * s->ratio;
    for (size_t k = 0; k < s->ratio; k++)
        memcpy(to + k * size, from, size);
}

/* Member `index` of `count` copies its share of the blocks; the last
 * member also the tail. */
static void stream_part(void *ctx, int index, int count)
{
    const stream *s = ctx;
    size_t first = s->blocks * (size_t)index / (size_t)count;
    size_t last = s->blocks * (size_t)(index + 1) / (size_t)count;
    for (size_t b = first; b < last; b++)
        copy_block(s, b * BLOCK, BLOCK);
    if (index == count - 1 && s->tail)
        copy_block(s, s->blocks * BLOCK, s->tail);
}

typedef struct stream_run {
    bench_team *team;
    stream s;
} stream_run;

static void run_stream(void *ctx)
{
    stream_run *r = ctx;
    bench_team_run(r->team, stream_part, &r->s);
}

uint64_t bench_ceiling_ns(bench_team *team, size_t read_bytes, size_t write_bytes)
{
    bench_require(read_bytes > 0 && write_bytes % read_bytes == 0,
                  "the ceiling's write size must be a multiple of its read size");
    unsigned char *src = bench_alloc(read_bytes);
    unsigned char *dst = bench_alloc(write_bytes);
    bench_fill_random(src, read_bytes, 7);
    stream_run r = {team, {src, dst, read_bytes / BLOCK, read_bytes % BLOCK,
                           write_bytes / read_bytes}};
    uint64_t ns = bench_median_ns(run_stream, &r);
    free(src);
    free(dst);
    return ns;
}
