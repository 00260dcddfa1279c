/*
 * intrinsic.h - CM's arithmetic and math intrinsics (cm_abs, cm_add, ...,
 * cm_sum, cm_sin, cm_bf_insert, cm_pack_mask): which exist, how many
 * arguments each takes, and the types of a call. check.c checks the
 * arguments and then asks intrinsic_check for the call's types; emit.c
 * writes the call as calls of cmk/math.h's helpers.
 */
#ifndef LANG_INTRINSIC_H
#define LANG_INTRINSIC_H

#include "ast.h"
#include "diag.h"

typedef enum intrinsic_id {
    IN_NONE,
    /* element-wise: one helper call per element, inside the statement's loop */
    IN_ABS, IN_MIN, IN_MAX, IN_ADD, IN_MUL, IN_AVG, IN_SHL, IN_SHR, IN_ASR,
    IN_QUOT, IN_MOD, IN_LRP, IN_FRC, IN_LZD, IN_RNDD, IN_RNDU, IN_RNDE, IN_RNDZ,
    IN_INV, IN_LOG, IN_EXP, IN_SQRT, IN_RSQRT, IN_POW, IN_SIN, IN_COS,
    IN_CBIT, IN_FBL, IN_FBH, IN_BF_REVERSE, IN_BF_INSERT, IN_BF_EXTRACT,
    /* computed before the statement into a temporary */
    IN_FIRST_PRECOMPUTED,
    IN_DIV = IN_FIRST_PRECOMPUTED, IN_IMUL, IN_DP2, IN_DP3, IN_DP4, IN_DPH, IN_LINE,
    IN_SUM, IN_PROD, IN_REDUCED_MIN, IN_REDUCED_MAX, IN_PACK_MASK, IN_UNPACK_MASK,
    /* 8-bit lane operations (cl_intel_subgroups_char, lanes = elements):
     * the helper writes the whole result array (intrinsic_lane_call) */
    IN_FIRST_LANE,
    IN_BROADCAST = IN_FIRST_LANE, IN_SCAN_INC_ADD, IN_SCAN_INC_MIN, IN_SCAN_INC_MAX,
    IN_SCAN_EXC_ADD, IN_SCAN_EXC_MIN, IN_SCAN_EXC_MAX, IN_SHUFFLE, IN_SHUFFLE_DOWN,
    IN_SHUFFLE_UP, IN_SHUFFLE_XOR,
    IN_COUNT
} intrinsic_id;

/* The intrinsic called `name`, or IN_NONE. */
intrinsic_id intrinsic_lookup(const char *name);
const char *intrinsic_name(intrinsic_id id);
int intrinsic_is_precomputed(intrinsic_id id);
/* The index of the first operand that is a value (cm_div and cm_imul
 * start with the remainder they write), and how many there are. */
int intrinsic_first_operand(intrinsic_id id);
int intrinsic_operands(intrinsic_id id);

/* The type operand i (counted from intrinsic_first_operand) is passed
 * to the helper as: the operation's type, but uint for a lane operation's
 * lane, index, delta or xor value. */
elem_kind intrinsic_operand_elem(const expr *e, int i);

/* How a call behaves inside SIMD control flow (cmlangspec 3.4.2). */
typedef enum intrinsic_simd {
    INSIMD_ALL_LANES,   /* a value of every element, like the element-wise ones */
    INSIMD_ACTIVE_LANES, /* a reduction: of the lanes the execution mask enables */
    INSIMD_FORBIDDEN    /* works on tuples of lanes (dot products, cm_line) */
} intrinsic_simd;
intrinsic_simd intrinsic_in_simd(intrinsic_id id);

/* A lane operation: the helper writes the result array itself. */
int intrinsic_is_lane(intrinsic_id id);
/* The C statement (without ';') of lane operation e: the helper applied
 * to the materialised operands cmk_a0.. of count elements, into out. */
const char *intrinsic_lane_call(arena *a, const expr *e, const char *out, int count);

/* The call's arguments (and template arguments) are checked; sets
 * e->intrin, e->type, e->op_elem and e->sat, or reports an error at the
 * argument at fault and returns 0. */
int intrinsic_check(arena *a, diag *d, expr *e, intrinsic_id id);

/* The type a helper returns before the conversion to the result type:
 * integer arithmetic is exact in 64 bits, so SAT clamps the true value. */
elem_kind intrinsic_wide_elem(intrinsic_id id, elem_kind op);
/* The C name of the helper for operands of type op (cmk_add_i32, ...). */
const char *intrinsic_helper(arena *a, intrinsic_id id, elem_kind op);

#endif /* LANG_INTRINSIC_H */
