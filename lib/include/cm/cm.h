/*
 * cm/cm.h - what CM kernels include, unmodified: `#include <cm/cm.h>`.
 *
 * cmc knows CM's types (vector, matrix, vector_ref, matrix_ref, uchar, ...)
 * and builtins itself - read/write, cm_wait, and the arithmetic and math
 * intrinsics (cm_abs ... cm_unpack_mask, lang/intrinsic.c) - so they are
 * not declared here; this header holds only what the preprocessor must
 * see: the function qualifiers, mapped to attributes cmc reads, and the
 * constants kernels use by name.
 */
#ifndef CM_CM_H
#define CM_CM_H

#define __CM 1
#define __CMC 1

/* Function qualifiers: a kernel entry, a device function, and one that
 * must stay a call on the GPU (an ordinary function on the CPU). */
#define _GENX_MAIN_ __attribute__((genx_main))
#define _GENX_ __attribute__((genx))
#define _GENX_NOINLINE_ __attribute__((genx_noinline))
#define CM_INLINE inline
#define CM_NOINLINE

/* A variable kept in fixed GEN registers: refused by cmc with its location,
 * rather than left for the parser to stumble on. */
#define _GENX_VOLATILE_ __attribute__((genx_volatile))

/* The saturation flag of conversions and intrinsics. */
#define _GENX_NOSAT 0
#define _GENX_SAT 1
#define SAT _GENX_SAT

/* SIMD control flow (cmlangspec 3.4.2), as statements cmc recognises by
 * these calls: SIMD_IF_BEGIN(c) {..} SIMD_ELSEIF(c) {..} SIMD_ELSE {..}
 * SIMD_IF_END; and SIMD_DO_WHILE_BEGIN {..} SIMD_DO_WHILE_END(c); each
 * lane of the vector condition runs only the statements it enables. */
#define SIMD_IF_BEGIN(...) if (__cmc_simd_if(__VA_ARGS__))
#define SIMD_ELSEIF(...) else if (__cmc_simd_if(__VA_ARGS__))
#define SIMD_ELSE else
#define SIMD_IF_END
#define SIMD_DO_WHILE_BEGIN do
#define SIMD_DO_WHILE_END(...) while (__cmc_simd_while(__VA_ARGS__))
#define SIMD_BREAK __cmc_simd_break()
#define SIMD_CONTINUE __cmc_simd_continue()

#endif /* CM_CM_H */
