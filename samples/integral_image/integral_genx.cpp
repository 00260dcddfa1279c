/*
 * integral_genx.cpp - CalcIntImage, the integral image kernel of CM
 * tutorial 4 (media walker thread dependence), exactly as the tutorial
 * gives it, with the acc_matrix16x16 it calls but does not show.
 *
 * One thread computes a 16x16 block of the integral image
 *     S(x, y) = sum of I(i, j) over i <= x, j <= y
 * from its input pixels and three neighbours' results, which the
 * CM_WAVEFRONT dependency makes it wait for: the left block's last column,
 * the upper block's last row and the upper-left block's corner. Input: an
 * 8-bit surface; output: a 32-bit surface of the same size (64 bytes a
 * block row, hence the "* 64" positions).
 */
#include <cm/cm.h>

// The block's integral: out(i, j) = sum of in(r, c) over r <= i, c <= j,
// plus left(i) (the left neighbour's S in row i), plus up(j) (the upper
// neighbour's S in column j), less upleft (counted by both of those).
// Every step is a 16-wide vector add.
_GENX_ inline void acc_matrix16x16(matrix_ref<uchar, 16, 16> in,
                                   matrix_ref<uint, 16, 16> out,
                                   matrix_ref<uint, 16, 1> left,
                                   vector_ref<uint, 16> up,
                                   vector_ref<uint, 1> upleft)
{
    // Prefix sums along the rows, a column at a time.
    out.column(0) = in.column(0);
#pragma unroll
    for (int j = 1; j < 16; j++)
        out.column(j) = out.column(j - 1) + in.column(j);

    // Then down the columns, a row at a time, from the upper neighbour's
    // sums; left(i) already sums all rows up to i, so it is added once.
    vector<uint, 16> above = up - upleft(0);
#pragma unroll
    for (int i = 0; i < 16; i++) {
        above += out.row(i);
        out.row(i) = above + left(i, 0);
    }
}

extern "C" _GENX_MAIN_
void CalcIntImage(SurfaceIndex bufin,
                  SurfaceIndex bufout)
{
    uint rd_h_pos = get_thread_origin_x() * 16;
    uint wr_h_pos = get_thread_origin_x() * 64;//rd_h_pos * 4;
    uint rd_v_pos = get_thread_origin_y() * 16;
    uint wr_v_pos = get_thread_origin_y() * 16;//rd_v_pos;

    matrix<uint, 16, 1> v_16_vert;
    vector<uint, 16> v_16_hori;
    matrix<uchar, 16, 16> read_in_matrix;
    matrix<uint, 16, 16> calc_matrix;
    vector<uint, 1> upleft;

    // read the 16x16 pixel block from input image
    read(bufin, rd_h_pos, rd_v_pos, read_in_matrix);
    int wr_h_pos_minus_four = wr_h_pos - 4;
    int rd_v_pos_minus_one = rd_v_pos - 1;

    // wait for the up-thread, left thread, and the up-left thread to finish
    cm_wait();

    // get the sum from the left-neighbor
    if(rd_h_pos == 0)
        v_16_vert = 0;
    else{
        read(bufout, wr_h_pos_minus_four, rd_v_pos, v_16_vert);
    }

    // get the sum from the up-neighbor
    if(rd_v_pos == 0)
        v_16_hori = 0;
    else{
        read(bufout, wr_h_pos, rd_v_pos_minus_one,
             v_16_hori.select<8,1>(0));
        read(bufout, wr_h_pos+32, rd_v_pos_minus_one,
             v_16_hori.select<8,1>(8));
    }

    // get the sum from the up-left corner
    if(rd_v_pos != 0 && rd_h_pos != 0){
        read(bufout, wr_h_pos_minus_four, rd_v_pos_minus_one, upleft);
    }
    else
        upleft = 0;

    // compute the output for this 16x16 pixel block
    acc_matrix16x16 (read_in_matrix, calc_matrix, v_16_vert, v_16_hori, upleft);

    // write the output
    write(bufout, wr_h_pos, wr_v_pos, calc_matrix.select<8,1,8,1>(0,0));
    write(bufout, wr_h_pos+32, wr_v_pos, calc_matrix.select<8,1,8,1>(0,8));
    write(bufout, wr_h_pos, wr_v_pos+8, calc_matrix.select<8,1,8,1>(8,0));
    write(bufout, wr_h_pos+32, wr_v_pos+8, calc_matrix.select<8,1,8,1>(8,8));

    // cm_fence makes sure the writes are truely finished (in the memory)
    cm_fence();
    // inform dependents
    cm_signal();
}
