// Bit intrinsics.
#include "kernels.h"

VEC3(lzd, uint, uint, cm_lzd(a))
VEC3(cbit_char, char, uint, cm_cbit(a))
VEC3(cbit_short, short, uint, cm_cbit(a))
VEC3(cbit_int, int, uint, cm_cbit(a))
VEC3(fbl, uint, uint, cm_fbl(a))
VEC3(fbh_int, int, int, cm_fbh(a))
VEC3(fbh_uint, uint, uint, cm_fbh(a))
VEC3(bf_reverse, uint, uint, cm_bf_reverse<uint>(a))
VEC3(bf_insert, uint, uint, cm_bf_insert<uint>(a, b, c, a ^ b))
VEC3(bf_extract_int, int, int, cm_bf_extract<int>(a, b, c))
VEC3(bf_extract_uint, uint, uint, cm_bf_extract<uint>(a, b, c))
SCALAR3(cbit_scalar, int, uint, cm_cbit(a))
