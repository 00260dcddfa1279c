/*
 * cmk/region.h - element types that may alias any other, for regions
 * reinterpreted with format<T>(): `((cmk_alias_i32 *)bytes)[i]` reads and
 * writes the bytes of a uchar vector as ints without breaking C's
 * aliasing rules (vectors are CMK_ALIGNED, so the elements are aligned).
 */
#ifndef CMK_REGION_H
#define CMK_REGION_H

#include <stdint.h>

#include "half.h"

#if defined(__GNUC__)
#define CMK_MAY_ALIAS __attribute__((may_alias))
#else
#define CMK_MAY_ALIAS
#endif

typedef int8_t CMK_MAY_ALIAS cmk_alias_i8;
typedef uint8_t CMK_MAY_ALIAS cmk_alias_u8;
typedef int16_t CMK_MAY_ALIAS cmk_alias_i16;
typedef uint16_t CMK_MAY_ALIAS cmk_alias_u16;
typedef int32_t CMK_MAY_ALIAS cmk_alias_i32;
typedef uint32_t CMK_MAY_ALIAS cmk_alias_u32;
typedef int64_t CMK_MAY_ALIAS cmk_alias_i64;
typedef uint64_t CMK_MAY_ALIAS cmk_alias_u64;
typedef cmk_half CMK_MAY_ALIAS cmk_alias_f16;
typedef float CMK_MAY_ALIAS cmk_alias_f32;
typedef double CMK_MAY_ALIAS cmk_alias_f64;

/* SIMD control flow: does any lane of an execution mask run? */
static inline int cmk_lanes_any(const _Bool *mask, int n)
{
    int any = 0;
    for (int i = 0; i < n; i++)
        any |= mask[i];
    return any;
}

/* A switch case that runs into the next, as the kernel wrote it. */
#if defined(__GNUC__) && (__GNUC__ >= 7 || defined(__clang__))
#define CMK_FALLTHROUGH __attribute__((fallthrough))
#else
#define CMK_FALLTHROUGH ((void)0)
#endif

#endif /* CMK_REGION_H */
