/*
 * integral_by_hand.c - CalcIntImage's algorithm written directly in C, not
 * translated: a bound for what cmc's translation of integral_genx.cpp can
 * reach on this runtime. Same program interface (cmk/abi.h), same thread
 * space, dependency and surfaces, same compiler and flags as cmc's kernels
 * (bench/meson.build); what differs is that a block's sums stay in vector
 * registers, row by row, and are stored once, straight to the surface,
 * where cmc's C keeps every CM matrix in an array on the stack.
 *
 * Each 16x16 block: out(i, j) = the prefix sum of input row i up to j,
 * plus the rows above it in this block, plus the upper neighbour's sum in
 * column j less the upper-left neighbour's corner, plus the left
 * neighbour's sum in row i (which already covers the rows above).
 */
#include <cmk/kernel.h>

enum { BLOCK = 16 };

#ifdef CMK_SCAN_VECTORS
/* A block wholly inside the picture, with vectors where the compiler has
 * them (cmk/scan.h). */
static void block_inside(const cmk_surface *in, const cmk_surface *out, int bx, int by)
{
    const uint8_t *src = in->data + (ptrdiff_t)by * BLOCK * in->pitch + bx * BLOCK;
    uint8_t *dst = out->data + (ptrdiff_t)by * BLOCK * out->pitch + bx * BLOCK * 4;
    ptrdiff_t out_pitch = out->pitch;
    typedef uint8_t u8x16 __attribute__((vector_size(16)));
    cmk_scan_u32x16 above = {0};
    if (by > 0) {
        memcpy(&above, dst - out_pitch, sizeof above);
        if (bx > 0) {
            uint32_t corner;
            memcpy(&corner, dst - out_pitch - 4, 4);
            above -= corner;
        }
    }
    /* All rows first, as the kernel's block read does: at 3840x2160, where
     * they come from memory, a block took a quarter less time so. */
    u8x16 pixels[BLOCK];
    for (int r = 0; r < BLOCK; r++)
        memcpy(&pixels[r], src + (ptrdiff_t)r * in->pitch, sizeof pixels[r]);
    for (int r = 0; r < BLOCK; r++) {
        cmk_scan_u32x16 row = __builtin_convertvector(pixels[r], cmk_scan_u32x16);
        CMK_SCAN_ADD_U32X16(row);
        above += row;
        uint32_t left = 0;
        if (bx > 0)
            memcpy(&left, dst + (ptrdiff_t)r * out_pitch - 4, 4);
        cmk_scan_u32x16 sums = above + left;
        memcpy(dst + (ptrdiff_t)r * out_pitch, &sums, sizeof sums);
    }
}
#endif

/* A block the picture's edge cuts: pixel by pixel from the definition,
 * S(x, y) = I(x, y) + S(x - 1, y) + S(x, y - 1) - S(x - 1, y - 1), over
 * the pixels inside (the rest of the block has no sums to write). */
static void block_at_edge(const cmk_surface *in, const cmk_surface *out, int bx, int by)
{
    int x_end = bx * BLOCK + BLOCK < in->width ? bx * BLOCK + BLOCK : in->width;
    int y_end = by * BLOCK + BLOCK < in->height ? by * BLOCK + BLOCK : in->height;
    for (int y = by * BLOCK; y < y_end; y++) {
        uint32_t *row = (uint32_t *)(out->data + (ptrdiff_t)y * out->pitch);
        const uint32_t *up = (const uint32_t *)(out->data + (ptrdiff_t)(y - 1) * out->pitch);
        for (int x = bx * BLOCK; x < x_end; x++) {
            uint32_t s = in->data[(ptrdiff_t)y * in->pitch + x];
            if (x > 0)
                s += row[x - 1];
            if (y > 0)
                s += up[x] - (x > 0 ? up[x - 1] : 0);
            row[x] = s;
        }
    }
}

/* The bench's surfaces: an A8 picture in, R32_UINT sums of its size out. */
static void calc_int_image(cmk_thread *t, const cmk_surface *in, const cmk_surface *out)
{
    CMK_WAIT(t);
#ifdef CMK_SCAN_VECTORS
    if ((t->x + 1) * BLOCK <= in->width && (t->y + 1) * BLOCK <= in->height)
        block_inside(in, out, t->x, t->y);
    else
#endif
        block_at_edge(in, out, t->x, t->y);
    CMK_FENCE();
    CMK_SIGNAL(t);
}

CMK_EXPORT void calc_int_image_batch(cmk_batch *b, const cmk_surface *in, const cmk_surface *out);
CMK_EXPORT void calc_int_image_batch(cmk_batch *b, const cmk_surface *in, const cmk_surface *out)
{
    cmk_thread t = CMK_THREAD_INIT(b);
    while (cmk_next_point(b, &t))
        calc_int_image(&t, in, out);
}

static const cmk_param params[] = {
    {"bufin", CMK_PARAM_SURFACE, CMK_ELEM_NONE, 4},
    {"bufout", CMK_PARAM_SURFACE, CMK_ELEM_NONE, 4},
};

static const cmk_kernel_desc kernels[] = {
    {"CalcIntImage", (void (*)(void))calc_int_image_batch, 2, params},
};

CMK_EXPORT const cmk_program_desc cmk_program = {CMK_ABI_VERSION, 1, kernels};
