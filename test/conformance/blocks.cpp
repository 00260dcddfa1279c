// Media block writes in pieces, as CM kernels write blocks larger than
// GEN's 32-byte messages, which cmc writes as one block when the pieces
// tile it (lang/blocks.c); and near misses, which it must leave as they
// are. Each kernel reads its matrices from the input at row 0 (or 1) and
// writes pieces of them at x, y given by `at`, anywhere on or off the
// output surface; blocks.c holds the plain C references.
#include <cm/cm.h>

// What cmc makes of them (test/lang/run_form.sh):
// FORM: quarters_uint 1 cmk_block_write(
// FORM: sixths_shuffled 1 cmk_block_write(
// FORM: rows_and_halves 3 cmk_block_write(
// FORM: near_misses 10 cmk_block_write(
// FORM: overlap_and_gap 3 cmk_block_write(

#define BLOCK_KERNEL(name) \
    extern "C" _GENX_MAIN_ void name(SurfaceIndex in, SurfaceIndex out, int at)

// x and y from -512 to 511 each, packed by blocks.c.
#define AT_X ((at >> 10) - 512)
#define AT_Y ((at & 1023) - 512)

// CalcIntImage's write: four 8x8 quarters of 32-bit values, x and y
// unsigned as there (x + 32 wraps when x is negative).
BLOCK_KERNEL(quarters_uint) {
    matrix<uint, 16, 16> m;
    read(in, 0, 0, m);
    uint x = AT_X, y = AT_Y;
    write(out, x, y, m.select<8, 1, 8, 1>(0, 0));
    write(out, x + 32, y, m.select<8, 1, 8, 1>(0, 8));
    write(out, x, y + 8, m.select<8, 1, 8, 1>(8, 0));
    write(out, x + 32, y + 8, m.select<8, 1, 8, 1>(8, 8));
}

// Six 16x4 pieces of a 48x8 byte block, in no order.
BLOCK_KERNEL(sixths_shuffled) {
    matrix<uchar, 8, 48> m;
    read(in, 0, 0, m);
    int x = AT_X, y = AT_Y;
    write(out, x + 32, y + 4, m.select<4, 1, 16, 1>(4, 32));
    write(out, x, y, m.select<4, 1, 16, 1>(0, 0));
    write(out, x + 16, y + 4, m.select<4, 1, 16, 1>(4, 16));
    write(out, 32 + x, y, m.select<4, 1, 16, 1>(0, 32));
    write(out, x, y + 4, m.select<4, 1, 16, 1>(4, 0));
    write(out, x - -16, y, m.select<4, 1, 16, 1>(0, 16));
}

// A vector's halves side by side; a matrix's rows one below another (one
// row a piece: the rows' pitch comes from where the pieces are); and two
// pieces at constant places.
BLOCK_KERNEL(rows_and_halves) {
    vector<ushort, 32> v;
    matrix<uchar, 4, 24> m;
    read(in, 0, 0, v);
    read(in, 0, 1, m);
    int x = AT_X, y = AT_Y;
    write(out, x, y, v.select<16, 1>(0));
    write(out, x + 32, y, v.select<16, 1>(16));
    write(out, x, y + 1, m.row(0));
    write(out, x, y + 2, m.row(1));
    write(out, x, y + 3, m.row(2));
    write(out, x, y + 4, m.row(3));
    write(out, 40, 9, m.select<2, 1, 8, 1>(0, 8));
    write(out, 48, 9, m.select<2, 1, 8, 1>(0, 16));
}

// Near misses, each written as it stands: a gap between pieces; pieces
// that overlap (the later one's bytes win); pieces that take each other's
// bytes; a strided piece; a piece at another variable's x.
BLOCK_KERNEL(near_misses) {
    matrix<uchar, 8, 32> m;
    read(in, 0, 0, m);
    int x = AT_X, y = AT_Y;
    int x2 = x;
    write(out, x, y, m.select<2, 1, 16, 1>(0, 0));
    write(out, x + 20, y, m.select<2, 1, 16, 1>(0, 16));
    write(out, x, y + 2, m.select<2, 1, 16, 1>(2, 0));
    write(out, x + 8, y + 2, m.select<2, 1, 16, 1>(2, 16));
    write(out, x, y + 4, m.select<2, 1, 16, 1>(4, 16));
    write(out, x + 16, y + 4, m.select<2, 1, 16, 1>(4, 0));
    write(out, x, y + 6, m.select<2, 1, 8, 2>(6, 0));
    write(out, x + 8, y + 6, m.select<2, 1, 8, 1>(6, 16));
    write(out, x2 + 32, y, m.select<2, 1, 8, 1>(0, 0));
    write(out, x + 40, y, m.select<2, 1, 8, 1>(0, 8));
}

// Pieces whose bytes add up to their bounding block's, which they do not
// fill: two overlap, leaving a gap beside them.
BLOCK_KERNEL(overlap_and_gap) {
    matrix<uchar, 2, 64> m;
    read(in, 0, 0, m);
    int x = AT_X, y = AT_Y;
    write(out, x, y, m.select<1, 1, 32, 1>(0, 0));
    write(out, x + 16, y, m.select<1, 1, 32, 1>(0, 16));
    write(out, x, y + 1, m.row(1));
}
