/*
 * types.c - element types and C++'s arithmetic conversions.
 */
#include "types.h"

#include <string.h>

static const struct {
    const char *c, *cm, *abi;
    int size, is_float, is_signed;
    int64_t min;
    uint64_t max;
} elems[EK_COUNT] = {
    [EK_VOID] = {"void", "void", "CMK_ELEM_NONE", 0, 0, 0, 0, 0},
    [EK_BOOL] = {"_Bool", "bool", "CMK_ELEM_U8", 1, 0, 0, 0, 1},
    [EK_I8] = {"int8_t", "char", "CMK_ELEM_I8", 1, 0, 1, INT8_MIN, INT8_MAX},
    [EK_U8] = {"uint8_t", "uchar", "CMK_ELEM_U8", 1, 0, 0, 0, UINT8_MAX},
    [EK_I16] = {"int16_t", "short", "CMK_ELEM_I16", 2, 0, 1, INT16_MIN, INT16_MAX},
    [EK_U16] = {"uint16_t", "ushort", "CMK_ELEM_U16", 2, 0, 0, 0, UINT16_MAX},
    [EK_I32] = {"int32_t", "int", "CMK_ELEM_I32", 4, 0, 1, INT32_MIN, INT32_MAX},
    [EK_U32] = {"uint32_t", "uint", "CMK_ELEM_U32", 4, 0, 0, 0, UINT32_MAX},
    [EK_I64] = {"int64_t", "long long", "CMK_ELEM_I64", 8, 0, 1, INT64_MIN, INT64_MAX},
    [EK_U64] = {"uint64_t", "unsigned long long", "CMK_ELEM_U64", 8, 0, 0, 0, UINT64_MAX},
    /* half travels as its 16 bits (cmk/half.h); the ABI knows no half */
    [EK_F16] = {"cmk_half", "half", "CMK_ELEM_U16", 2, 1, 1, 0, 0},
    [EK_F32] = {"float", "float", "CMK_ELEM_F32", 4, 1, 1, 0, 0},
    [EK_F64] = {"double", "double", "CMK_ELEM_F64", 8, 1, 1, 0, 0},
    [EK_SURFACE] = {"const cmk_surface *", "SurfaceIndex", "CMK_ELEM_NONE", 4, 0, 0, 0, 0},
};

int scalar_type_by_name(const char *name, elem_kind *elem)
{
    static const struct { const char *name; elem_kind e; } names[] = {
        {"void", EK_VOID}, {"bool", EK_BOOL},
        {"char", EK_I8}, {"signed char", EK_I8}, {"int8_t", EK_I8},
        {"uchar", EK_U8}, {"unsigned char", EK_U8}, {"uint8_t", EK_U8},
        {"short", EK_I16}, {"signed short", EK_I16}, {"short int", EK_I16}, {"int16_t", EK_I16},
        {"ushort", EK_U16}, {"unsigned short", EK_U16}, {"unsigned short int", EK_U16},
        {"uint16_t", EK_U16},
        {"int", EK_I32}, {"signed", EK_I32}, {"signed int", EK_I32}, {"int32_t", EK_I32},
        {"uint", EK_U32}, {"unsigned", EK_U32}, {"unsigned int", EK_U32}, {"uint32_t", EK_U32},
        {"long long", EK_I64}, {"long long int", EK_I64}, {"int64_t", EK_I64},
        {"unsigned long long", EK_U64}, {"unsigned long long int", EK_U64},
        {"uint64_t", EK_U64},
        {"half", EK_F16}, {"float", EK_F32}, {"double", EK_F64},
        {"SurfaceIndex", EK_SURFACE},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i].name)) {
            *elem = names[i].e;
            return 1;
        }
    return 0;
}

ctype scalar_type(elem_kind elem)
{
    return (ctype){.elem = elem, .shape = SH_SCALAR, .rows = 1, .cols = 1};
}

ctype shaped_type(elem_kind elem, int rows, int cols)
{
    return (ctype){.elem = elem, .shape = rows == 1 ? SH_VECTOR : SH_MATRIX, .rows = rows, .cols = cols};
}

int elem_size(elem_kind e) { return elems[e].size; }
int elem_is_float(elem_kind e) { return elems[e].is_float; }
int elem_is_signed(elem_kind e) { return elems[e].is_signed; }
int elem_is_integer(elem_kind e) { return e >= EK_BOOL && e <= EK_U64; }
const char *elem_c_name(elem_kind e) { return elems[e].c; }
const char *elem_cm_name(elem_kind e) { return elems[e].cm; }
const char *elem_abi_name(elem_kind e) { return elems[e].abi; }
int64_t elem_min(elem_kind e) { return elems[e].min; }
uint64_t elem_max(elem_kind e) { return elems[e].max; }

elem_kind elem_promote(elem_kind e)
{
    return e >= EK_BOOL && e <= EK_U16 ? EK_I32 : e;
}

/* C++ [expr.arith.conv]: floating beats integer (the wider floating type
 * wins), then the larger rank,
 * and an unsigned type wins over a signed one of the same size. */
elem_kind elem_common(elem_kind a, elem_kind b)
{
    if (a == EK_F64 || b == EK_F64)
        return EK_F64;
    if (a == EK_F32 || b == EK_F32)
        return EK_F32;
    if (a == EK_F16 || b == EK_F16) /* half op integer is half, as for float */
        return EK_F16;
    a = elem_promote(a);
    b = elem_promote(b);
    if (a == b)
        return a;
    if (elems[a].size != elems[b].size)
        return elems[a].size > elems[b].size ? a : b;
    return elems[a].is_signed ? b : a;
}

int type_is_object(const ctype *t)
{
    return t->shape != SH_SCALAR;
}

int type_count(const ctype *t)
{
    return t->rows * t->cols;
}

const char *type_name(arena *a, const ctype *t)
{
    const char *e = elems[t->elem].cm;
    if (t->shape == SH_SCALAR)
        return e;
    if (t->shape == SH_VECTOR)
        return arena_printf(a, "vector%s<%s,%d>", t->is_ref ? "_ref" : "", e, t->cols);
    return arena_printf(a, "matrix%s<%s,%d,%d>", t->is_ref ? "_ref" : "", e, t->rows, t->cols);
}
