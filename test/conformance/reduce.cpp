// Reductions and masks: vector in, scalars out (row 0 of `out`).
#include "kernels.h"

#define REDUCE(name, TA, TR, expr)                                             \
    KERNEL(name) {                                                             \
        vector<TA, 16> a; vector<TA, 16> b;                                    \
        read(in, 0, 0, a); read(in, 0, 1, b);                                  \
        vector<TR, 4> r = 0;                                                   \
        r(0) = expr;                                                           \
        write(out, 0, 0, r);                                                   \
    }

REDUCE(sum_uchar, uchar, int, cm_sum<int>(a))
REDUCE(sum_sat_uchar, uchar, uchar, cm_sum<uchar>(a, SAT))
REDUCE(sum_char, char, int, cm_sum<int>(a))
REDUCE(sum_float, float, float, cm_sum<float>(a))
REDUCE(prod_char, char, int, cm_prod<int>(a.select<4, 1>(0)))
REDUCE(prod_sat_short, short, short, cm_prod<short>(a.select<4, 1>(0), SAT))
REDUCE(reduced_min_short, short, short, cm_reduced_min<short>(a))
REDUCE(reduced_max_ushort, ushort, ushort, cm_reduced_max<ushort>(a))
REDUCE(reduced_max_float, float, float, cm_reduced_max<float>(a))
REDUCE(pack_mask, ushort, uint, cm_pack_mask(a > b))

KERNEL(unpack_mask) {
    vector<uint, 4> m;
    read(in, 0, 0, m);
    vector<ushort, 32> r = cm_unpack_mask<ushort, 32>(m(0));
    write(out, 0, 0, r);
}
