/*
 * intrinsic.c - the types of CM's arithmetic and math intrinsics, from the
 * CM language specification (cmlangspec, "Built-in Functions"):
 *
 * - The template argument, when given, is the result's element type;
 *   otherwise it is the operands' (see default_result below).
 * - Operands are brought to one computation type (C++'s conversions) and
 *   the operation is done exactly; the value is then converted to the
 *   result type, saturating when the flags ask for SAT.
 * - A vector or matrix operand gives a vector result of as many elements
 *   (CM lets it be assigned to a matrix of the same size); scalars give a
 *   scalar. Scalar operands of an element-wise intrinsic are broadcast.
 *
 * The 8-bit lane operations (cm_broadcast, cm_scan_*, cm_shuffle*) are
 * cmc's extensions for what cl_intel_subgroups_char defines on sub-groups,
 * with a vector's elements as the lanes: see check_lanes.
 */
#include "intrinsic.h"

#include <string.h>

#include "types.h"

enum {
    F_SAT = 1,        /* takes a flags argument that may ask for SAT */
    F_FLAGS = 2,      /* takes a flags argument without saturation */
    F_INT = 4,        /* integer operands only */
    F_FLOAT = 8,      /* computed in float */
    F_OBJECT = 16,    /* the (first) operand must be a vector or matrix */
    F_SCALAR_RES = 32, /* the result is a scalar (reductions) */
    F_LANES = 64       /* an 8-bit lane operation (check_lanes) */
};

typedef struct intrinsic_info {
    const char *name;
    int operands; /* value arguments, not counting a remainder or the flags */
    int flags;
} intrinsic_info;

static const intrinsic_info table[IN_COUNT] = {
    [IN_ABS] = {"cm_abs", 1, F_SAT},
    [IN_MIN] = {"cm_min", 2, F_SAT},
    [IN_MAX] = {"cm_max", 2, F_SAT},
    [IN_ADD] = {"cm_add", 2, F_SAT},
    [IN_MUL] = {"cm_mul", 2, F_SAT},
    [IN_AVG] = {"cm_avg", 2, F_SAT | F_INT},
    [IN_SHL] = {"cm_shl", 2, F_SAT | F_INT},
    [IN_SHR] = {"cm_shr", 2, F_SAT | F_INT},
    [IN_ASR] = {"cm_asr", 2, F_SAT | F_INT},
    [IN_QUOT] = {"cm_quot", 2, F_FLAGS | F_INT},
    [IN_MOD] = {"cm_mod", 2, F_FLAGS | F_INT},
    [IN_LRP] = {"cm_lrp", 3, F_SAT | F_FLOAT | F_OBJECT},
    [IN_FRC] = {"cm_frc", 1, F_SAT | F_FLOAT},
    [IN_LZD] = {"cm_lzd", 1, F_FLAGS | F_INT},
    [IN_RNDD] = {"cm_rndd", 1, F_SAT | F_FLOAT},
    [IN_RNDU] = {"cm_rndu", 1, F_SAT | F_FLOAT},
    [IN_RNDE] = {"cm_rnde", 1, F_SAT | F_FLOAT},
    [IN_RNDZ] = {"cm_rndz", 1, F_SAT | F_FLOAT},
    [IN_INV] = {"cm_inv", 1, F_SAT | F_FLOAT},
    [IN_LOG] = {"cm_log", 1, F_SAT | F_FLOAT},
    [IN_EXP] = {"cm_exp", 1, F_SAT | F_FLOAT},
    [IN_SQRT] = {"cm_sqrt", 1, F_SAT | F_FLOAT},
    [IN_RSQRT] = {"cm_rsqrt", 1, F_SAT | F_FLOAT},
    [IN_POW] = {"cm_pow", 2, F_SAT | F_FLOAT},
    [IN_SIN] = {"cm_sin", 1, F_SAT | F_FLOAT},
    [IN_COS] = {"cm_cos", 1, F_SAT | F_FLOAT},
    [IN_CBIT] = {"cm_cbit", 1, F_FLAGS | F_INT},
    [IN_FBL] = {"cm_fbl", 1, F_FLAGS | F_INT},
    [IN_FBH] = {"cm_fbh", 1, F_FLAGS | F_INT},
    [IN_BF_REVERSE] = {"cm_bf_reverse", 1, F_FLAGS | F_INT},
    [IN_BF_INSERT] = {"cm_bf_insert", 4, F_FLAGS | F_INT},
    [IN_BF_EXTRACT] = {"cm_bf_extract", 3, F_FLAGS | F_INT},
    [IN_DIV] = {"cm_div", 2, F_FLAGS | F_INT},
    [IN_IMUL] = {"cm_imul", 2, F_FLAGS | F_INT},
    [IN_DP2] = {"cm_dp2", 2, F_SAT | F_FLOAT | F_OBJECT},
    [IN_DP3] = {"cm_dp3", 2, F_SAT | F_FLOAT | F_OBJECT},
    [IN_DP4] = {"cm_dp4", 2, F_SAT | F_FLOAT | F_OBJECT},
    [IN_DPH] = {"cm_dph", 2, F_SAT | F_FLOAT | F_OBJECT},
    [IN_LINE] = {"cm_line", 2, F_SAT | F_FLOAT | F_OBJECT},
    [IN_SUM] = {"cm_sum", 1, F_SAT | F_OBJECT | F_SCALAR_RES},
    [IN_PROD] = {"cm_prod", 1, F_SAT | F_OBJECT | F_SCALAR_RES},
    [IN_REDUCED_MIN] = {"cm_reduced_min", 1, F_SAT | F_OBJECT | F_SCALAR_RES},
    [IN_REDUCED_MAX] = {"cm_reduced_max", 1, F_SAT | F_OBJECT | F_SCALAR_RES},
    [IN_PACK_MASK] = {"cm_pack_mask", 1, F_INT | F_OBJECT | F_SCALAR_RES},
    [IN_UNPACK_MASK] = {"cm_unpack_mask", 1, F_INT},
    [IN_BROADCAST] = {"cm_broadcast", 2, F_OBJECT | F_LANES},
    [IN_SCAN_INC_ADD] = {"cm_scan_inclusive_add", 1, F_OBJECT | F_LANES},
    [IN_SCAN_INC_MIN] = {"cm_scan_inclusive_min", 1, F_OBJECT | F_LANES},
    [IN_SCAN_INC_MAX] = {"cm_scan_inclusive_max", 1, F_OBJECT | F_LANES},
    [IN_SCAN_EXC_ADD] = {"cm_scan_exclusive_add", 1, F_OBJECT | F_LANES},
    [IN_SCAN_EXC_MIN] = {"cm_scan_exclusive_min", 1, F_OBJECT | F_LANES},
    [IN_SCAN_EXC_MAX] = {"cm_scan_exclusive_max", 1, F_OBJECT | F_LANES},
    [IN_SHUFFLE] = {"cm_shuffle", 2, F_OBJECT | F_LANES},
    [IN_SHUFFLE_DOWN] = {"cm_shuffle_down", 3, F_OBJECT | F_LANES},
    [IN_SHUFFLE_UP] = {"cm_shuffle_up", 3, F_OBJECT | F_LANES},
    [IN_SHUFFLE_XOR] = {"cm_shuffle_xor", 2, F_OBJECT | F_LANES},
};

intrinsic_id intrinsic_lookup(const char *name)
{
    if (strncmp(name, "cm_", 3))
        return IN_NONE;
    for (int i = 1; i < IN_COUNT; i++)
        if (table[i].name && !strcmp(table[i].name, name))
            return (intrinsic_id)i;
    return IN_NONE;
}

const char *intrinsic_name(intrinsic_id id)
{
    return table[id].name;
}

int intrinsic_is_precomputed(intrinsic_id id)
{
    return id >= IN_FIRST_PRECOMPUTED;
}

/* The reductions read only the enabled lanes, and the tuple operations
 * are not allowed, by the spec; the rest (cm_pack_mask included, which
 * the spec does not list among the reductions) are values of all the
 * elements, of which a masked assignment keeps the enabled lanes. */
intrinsic_simd intrinsic_in_simd(intrinsic_id id)
{
    switch (id) {
    case IN_SUM: case IN_PROD: case IN_REDUCED_MIN: case IN_REDUCED_MAX:
        return INSIMD_ACTIVE_LANES;
    case IN_DP2: case IN_DP3: case IN_DP4: case IN_DPH: case IN_LINE:
        return INSIMD_FORBIDDEN;
    default:
        return INSIMD_ALL_LANES;
    }
}

int intrinsic_first_operand(intrinsic_id id)
{
    return id == IN_DIV || id == IN_IMUL;
}

int intrinsic_operands(intrinsic_id id)
{
    return table[id].operands;
}

int intrinsic_is_lane(intrinsic_id id)
{
    return (table[id].flags & F_LANES) != 0;
}

/* The operand of a lane operation that names lanes (lane, index, delta,
 * xor value), or -1. */
static int lane_operand(intrinsic_id id)
{
    switch (id) {
    case IN_BROADCAST: case IN_SHUFFLE: case IN_SHUFFLE_XOR: return 1;
    case IN_SHUFFLE_DOWN: case IN_SHUFFLE_UP: return 2;
    default: return -1;
    }
}

elem_kind intrinsic_operand_elem(const expr *e, int i)
{
    intrinsic_id id = (intrinsic_id)e->intrin;
    return intrinsic_is_lane(id) && i == lane_operand(id) ? EK_U32 : e->op_elem;
}

/* ---- checking ------------------------------------------------------------ */

static int is_value(const ctype *t)
{
    return t->elem != EK_VOID && t->elem != EK_SURFACE && t->elem != EK_BOOL;
}

/* The flags argument: a constant; SAT where the intrinsic has it. */
static int check_flags(diag *d, expr *e, const intrinsic_info *in, expr *flags)
{
    if (!flags->is_const || flags->type.shape != SH_SCALAR) {
        diag_error(d, flags->at, "the flags of '%s' must be a constant (SAT or 0)", in->name);
        return 0;
    }
    e->sat = (int)(flags->value & 1);
    if (e->sat && !(in->flags & F_SAT)) {
        diag_error(d, flags->at, "'%s' has no saturation (SAT)", in->name);
        return 0;
    }
    return 1;
}

static int check_arity(diag *d, expr *e, const intrinsic_info *in, int lead)
{
    int lo = lead + in->operands, hi = lo + ((in->flags & (F_SAT | F_FLAGS)) != 0);
    if (e->nargs >= lo && e->nargs <= hi)
        return 1;
    if (lo == hi)
        diag_error(d, e->at, "'%s' takes %d argument%s, not %d", in->name, lo, lo == 1 ? "" : "s",
                   e->nargs);
    else
        diag_error(d, e->at, "'%s' takes %d or %d arguments, not %d", in->name, lo, hi, e->nargs);
    return 0;
}

/* Every operand a value of the right kind; objects all of one size. */
static int check_operands(arena *a, diag *d, expr *e, const intrinsic_info *in, int first,
                          int *count)
{
    *count = 0;
    for (int i = first; i < first + in->operands; i++) {
        expr *x = e->args[i];
        if (!is_value(&x->type)) {
            diag_error(d, x->at, "'%s' needs a number, vector or matrix, not %s", in->name,
                       type_name(a, &x->type));
            return 0;
        }
        if ((in->flags & F_INT) && !elem_is_integer(x->type.elem)) {
            diag_error(d, x->at, "'%s' needs integer operands, not %s", in->name,
                       type_name(a, &x->type));
            return 0;
        }
        if (!type_is_object(&x->type))
            continue;
        if (*count && type_count(&x->type) != *count && e->intrin != IN_LINE) {
            diag_error(d, x->at, "the operands of '%s' have different numbers of elements "
                       "(%d and %d)", in->name, *count, type_count(&x->type));
            return 0;
        }
        *count = type_count(&x->type);
    }
    if ((in->flags & F_OBJECT) && !type_is_object(&e->args[first]->type)) {
        diag_error(d, e->args[first]->at, "'%s' needs a vector or matrix, not %s", in->name,
                   type_name(a, &e->args[first]->type));
        return 0;
    }
    return 1;
}

/* The 8-bit lane operations. The data operands are char or uchar vectors
 * (or matrices: lanes in row-major order) of one element type and size,
 * as cl_intel_subgroups_char extends the sub-group functions to char and
 * uchar only. The lane of cm_broadcast, the delta of cm_shuffle_up/down
 * and the value of cm_shuffle_xor are one integer for all lanes, as the
 * extension requires them to be the same for all work items; cm_shuffle's
 * index is one per lane (a vector of as many elements) or one for all.
 * Run-time values are defined for every input (lanes.h); constants must
 * be ones the extension defines. The result has the data's type. */
static int check_lane_data(arena *a, diag *d, const char *name, expr **ops, int i)
{
    expr *x = ops[i];
    if ((x->type.elem != EK_I8 && x->type.elem != EK_U8) || !type_is_object(&x->type)) {
        diag_error(d, x->at, "'%s' works on char or uchar vectors (cl_intel_subgroups_char), "
                   "not %s", name, type_name(a, &x->type));
        return 0;
    }
    if (i && x->type.elem != ops[0]->type.elem) {
        diag_error(d, x->at, "the operands of '%s' have different element types (%s and %s)",
                   name, elem_cm_name(ops[0]->type.elem), elem_cm_name(x->type.elem));
        return 0;
    }
    return 1;
}

static int check_lane_constant(diag *d, intrinsic_id id, const char *what, expr *l, int count)
{
    int64_t hi = id == IN_SHUFFLE_DOWN || id == IN_SHUFFLE_UP ? count : count - 1;
    if (!l->is_const || type_is_object(&l->type) || (l->value >= 0 && l->value <= hi))
        return 1;
    diag_error(d, l->at, "the %s of '%s' is %lld, out of range for %d lanes (0..%lld)", what,
               table[id].name, (long long)l->value, count, (long long)hi);
    return 0;
}

static int check_lanes(arena *a, diag *d, expr *e, intrinsic_id id, expr **ops, int count)
{
    static const char *const what[] = {"lane", "index", "delta", "value"};
    const char *name = table[id].name;
    int lane = lane_operand(id);
    if (e->ntargs) {
        diag_error(d, e->at, "'%s' takes no template argument: the result has the operand's "
                   "type", name);
        return 0;
    }
    for (int i = 0; i < table[id].operands; i++)
        if (i != lane && !check_lane_data(a, d, name, ops, i))
            return 0;
    if (lane < 0)
        return 1;
    const char *w = what[id == IN_BROADCAST ? 0 : id == IN_SHUFFLE ? 1 : id == IN_SHUFFLE_XOR ? 3 : 2];
    expr *l = ops[lane];
    if (!elem_is_integer(l->type.elem)) {
        diag_error(d, l->at, "the %s of '%s' must be an integer, not %s", w, name,
                   type_name(a, &l->type));
        return 0;
    }
    if (type_is_object(&l->type) && id != IN_SHUFFLE) {
        diag_error(d, l->at, "the %s of '%s' is one value for all lanes: a scalar, not %s", w,
                   name, type_name(a, &l->type));
        return 0;
    }
    if (id == IN_SHUFFLE_XOR && (count & (count - 1))) {
        diag_error(d, ops[0]->at, "'cm_shuffle_xor' needs a power-of-two number of lanes, "
                   "not %d", count);
        return 0;
    }
    return check_lane_constant(d, id, w, l, count);
}

static elem_kind signed_of(elem_kind e)
{
    return e == EK_U32 ? EK_I32 : e == EK_U64 ? EK_I64 : e;
}

static elem_kind unsigned_of(elem_kind e)
{
    switch (e) {
    case EK_I8: return EK_U8;
    case EK_I16: return EK_U16;
    case EK_I32: return EK_U32;
    case EK_I64: return EK_U64;
    default: return e;
    }
}

/* The type the operands are computed in. */
static elem_kind operation_elem(intrinsic_id id, expr **ops, int n)
{
    elem_kind t = elem_promote(ops[0]->type.elem);
    for (int i = 1; i < n && id != IN_SHL && id != IN_SHR && id != IN_ASR; i++)
        t = elem_common(t, ops[i]->type.elem);
    switch (id) {
    case IN_ASR:
        return signed_of(t);
    case IN_LZD: case IN_FBL: case IN_BF_REVERSE: case IN_PACK_MASK: case IN_UNPACK_MASK:
        return EK_U32;
    case IN_CBIT:
        return unsigned_of(ops[0]->type.elem);
    case IN_FBH: case IN_BF_INSERT: case IN_BF_EXTRACT:
        t = elem_promote(ops[n - 1]->type.elem); /* the field's source */
        return elem_size(t) > 4 ? (elem_is_signed(t) ? EK_I32 : EK_U32) : t;
    case IN_BROADCAST: case IN_SCAN_INC_ADD: case IN_SCAN_INC_MIN: case IN_SCAN_INC_MAX:
    case IN_SCAN_EXC_ADD: case IN_SCAN_EXC_MIN: case IN_SCAN_EXC_MAX: case IN_SHUFFLE:
    case IN_SHUFFLE_DOWN: case IN_SHUFFLE_UP: case IN_SHUFFLE_XOR:
        return ops[0]->type.elem; /* 8-bit lanes: computed in their own type */
    case IN_IMUL: /* each operand extended from its own type, as the hardware does */
        return elem_is_signed(ops[0]->type.elem) || elem_is_signed(ops[1]->type.elem)
                   ? EK_I64 : EK_U64;
    default: /* half is computed in float (cmk/half.h) */
        return table[id].flags & F_FLOAT || t == EK_F16 ? EK_F32 : t;
    }
}

/* The result's element type when no template argument gives it: the
 * operands' type when they agree (a literal operand does not count), else
 * the computation type; bit counts are uint; float math gives float. */
static elem_kind default_result(intrinsic_id id, expr **ops, int n, elem_kind op)
{
    elem_kind first = ops[0]->type.elem;
    switch (id) {
    case IN_ABS: case IN_SHL: case IN_SHR: case IN_ASR: case IN_REDUCED_MIN:
    case IN_REDUCED_MAX:
        return first;
    case IN_BROADCAST: case IN_SCAN_INC_ADD: case IN_SCAN_INC_MIN: case IN_SCAN_INC_MAX:
    case IN_SCAN_EXC_ADD: case IN_SCAN_EXC_MIN: case IN_SCAN_EXC_MAX: case IN_SHUFFLE:
    case IN_SHUFFLE_DOWN: case IN_SHUFFLE_UP: case IN_SHUFFLE_XOR:
        return first;
    case IN_LZD: case IN_CBIT: case IN_FBL: case IN_PACK_MASK:
        return EK_U32;
    case IN_FBH: case IN_BF_REVERSE: case IN_BF_INSERT: case IN_BF_EXTRACT:
        return op == EK_U32 || op == EK_I32 ? op : EK_U32;
    case IN_SUM: case IN_PROD:
        return elem_promote(first);
    case IN_UNPACK_MASK:
        return EK_U16;
    default:
        break;
    }
    if (table[id].flags & F_FLOAT)
        return EK_F32;
    elem_kind t = EK_VOID;
    for (int i = 0; i < n; i++) {
        if (ops[i]->is_const && n > 1 && !type_is_object(&ops[i]->type))
            continue;
        if (t == EK_VOID)
            t = ops[i]->type.elem;
        else if (t != ops[i]->type.elem)
            return op;
    }
    return t == EK_VOID ? op : t;
}

/* cm_div / cm_imul: the remainder (low half) goes to the first argument. */
static int check_out_arg(arena *a, diag *d, const char *name, expr *out, int count)
{
    int writable = (out->region && !out->region->base->is_const) ||
                   (out->kind == E_NAME && out->sym && !out->sym->is_const &&
                    !type_is_object(&out->type));
    if (!writable || !is_value(&out->type) || !elem_is_integer(out->type.elem)) {
        diag_error(d, out->at, "the first argument of '%s' receives the remainder: it must be "
                   "an integer variable, vector, matrix or region", name);
        return 0;
    }
    if (type_count(&out->type) != (count ? count : 1)) {
        diag_error(d, out->at, "the remainder of '%s' has %d elements, the operands %d", name,
                   type_count(&out->type), count ? count : 1);
        return 0;
    }
    (void)a;
    return 1;
}

static int check_template_args(arena *a, diag *d, expr *e, intrinsic_id id, elem_kind *res,
                               int *count)
{
    int want = id == IN_UNPACK_MASK ? 2 : 1;
    if (e->ntargs > want || (id == IN_UNPACK_MASK && e->ntargs != 2)) {
        diag_error(d, e->at, id == IN_UNPACK_MASK
                   ? "'cm_unpack_mask' needs <element type, size>"
                   : "'%s' takes one template argument, the result's element type",
                   table[id].name);
        return 0;
    }
    if (e->ntargs == 0)
        return 1;
    expr *t = e->targs[0];
    if (t->kind != E_TYPE || type_is_object(&t->type) || !is_value(&t->type)) {
        diag_error(d, t->at, "the template argument of '%s' must be an element type",
                   table[id].name);
        return 0;
    }
    *res = t->type.elem;
    if (id == IN_UNPACK_MASK) {
        expr *n = e->targs[1];
        if (!n->is_const || n->value <= 0 || n->value > 32) {
            diag_error(d, n->at, "the size of 'cm_unpack_mask' must be a constant from 1 to 32");
            return 0;
        }
        *count = (int)n->value;
    }
    (void)a;
    return 1;
}

static int check_shape_rules(arena *a, diag *d, expr *e, intrinsic_id id, expr **ops, int count)
{
    if ((id == IN_DP2 || id == IN_DP3 || id == IN_DP4 || id == IN_DPH) && count % 4) {
        diag_error(d, e->at, "'%s' works on 4-tuples: %d elements is not a multiple of 4",
                   table[id].name, count);
        return 0;
    }
    if (id == IN_LINE) {
        if (type_count(&ops[0]->type) != 4) {
            diag_error(d, ops[0]->at, "the first argument of 'cm_line' must be a vector of 4 "
                       "elements, not %s", type_name(a, &ops[0]->type));
            return 0;
        }
        if (!type_is_object(&ops[1]->type)) {
            diag_error(d, ops[1]->at, "'cm_line' needs a vector or matrix, not %s",
                       type_name(a, &ops[1]->type));
            return 0;
        }
    }
    if (id == IN_UNPACK_MASK && type_is_object(&ops[0]->type)) {
        diag_error(d, ops[0]->at, "'cm_unpack_mask' unpacks a scalar, not %s",
                   type_name(a, &ops[0]->type));
        return 0;
    }
    if (id == IN_PACK_MASK && count > 32) {
        diag_error(d, ops[0]->at, "'cm_pack_mask' packs at most 32 elements, not %d", count);
        return 0;
    }
    return 1;
}

int intrinsic_check(arena *a, diag *d, expr *e, intrinsic_id id)
{
    const intrinsic_info *in = &table[id];
    int lead = intrinsic_first_operand(id);
    int count = 0;
    e->intrin = id; /* check_operands asks */
    elem_kind res = EK_VOID;
    if (!check_arity(d, e, in, lead) || !check_operands(a, d, e, in, lead, &count))
        return 0;
    expr **ops = e->args + lead;
    if ((in->flags & F_LANES) && !check_lanes(a, d, e, id, ops, count))
        return 0;
    int result_count = in->flags & F_SCALAR_RES ? 0 : count;
    if (!check_template_args(a, d, e, id, &res, &result_count))
        return 0;
    if (id == IN_LINE)
        result_count = type_count(&ops[1]->type);
    if (!check_shape_rules(a, d, e, id, ops, count))
        return 0;
    if (e->nargs > lead + in->operands && !check_flags(d, e, in, e->args[e->nargs - 1]))
        return 0;
    if (lead && !check_out_arg(a, d, in->name, e->args[0], count))
        return 0;
    e->intrin = id;
    e->op_elem = operation_elem(id, ops, in->operands);
    if (res == EK_VOID)
        res = lead ? (id == IN_IMUL ? e->args[0]->type.elem : default_result(id, ops, 2, e->op_elem))
                   : default_result(id, ops, in->operands, e->op_elem);
    e->type = result_count ? shaped_type(res, 1, result_count) : scalar_type(res);
    return 1;
}

/* ---- helpers ------------------------------------------------------------ */

elem_kind intrinsic_wide_elem(intrinsic_id id, elem_kind op)
{
    switch (id) {
    case IN_ABS: case IN_ADD: case IN_MUL: case IN_AVG: case IN_SHL: case IN_SUM: case IN_PROD:
        return op == EK_I32 ? EK_I64 : op == EK_U32 ? EK_U64 : op;
    default:
        return op;
    }
}

static const char *short_name(elem_kind e)
{
    static const char *names[EK_COUNT] = {
        [EK_I8] = "i8", [EK_U8] = "u8", [EK_I16] = "i16", [EK_U16] = "u16",
        [EK_I32] = "i32", [EK_U32] = "u32", [EK_I64] = "i64", [EK_U64] = "u64",
        [EK_F32] = "f32", [EK_F64] = "f64",
    };
    return names[e] ? names[e] : "i32";
}

const char *intrinsic_helper(arena *a, intrinsic_id id, elem_kind op)
{
    static const char *const base[IN_COUNT] = {
        [IN_ABS] = "abs", [IN_MIN] = "min", [IN_MAX] = "max", [IN_ADD] = "add",
        [IN_MUL] = "mul", [IN_AVG] = "avg", [IN_SHL] = "shl", [IN_SHR] = "shr",
        [IN_ASR] = "shr", [IN_QUOT] = "div", [IN_MOD] = "mod", [IN_LRP] = "lrp",
        [IN_FRC] = "frc", [IN_LZD] = "lzd", [IN_RNDD] = "rndd", [IN_RNDU] = "rndu",
        [IN_RNDE] = "rnde", [IN_RNDZ] = "rndz", [IN_INV] = "inv", [IN_LOG] = "log",
        [IN_EXP] = "exp", [IN_SQRT] = "sqrt", [IN_RSQRT] = "rsqrt", [IN_POW] = "pow",
        [IN_SIN] = "sin", [IN_COS] = "cos", [IN_CBIT] = "cbit", [IN_FBL] = "fbl",
        [IN_FBH] = "fbh", [IN_BF_REVERSE] = "bfrev", [IN_BF_INSERT] = "bfi",
        [IN_BF_EXTRACT] = "bfe", [IN_DIV] = "div", [IN_IMUL] = "imul", [IN_DP2] = "dp2",
        [IN_DP3] = "dp3", [IN_DP4] = "dp4", [IN_DPH] = "dph", [IN_LINE] = "line",
        [IN_SUM] = "sum", [IN_PROD] = "prod", [IN_REDUCED_MIN] = "rmin",
        [IN_REDUCED_MAX] = "rmax", [IN_PACK_MASK] = "pack_mask",
        [IN_BROADCAST] = "broadcast", [IN_SCAN_INC_ADD] = "scan_inclusive_add",
        [IN_SCAN_INC_MIN] = "scan_inclusive_min", [IN_SCAN_INC_MAX] = "scan_inclusive_max",
        [IN_SCAN_EXC_ADD] = "scan_exclusive_add", [IN_SCAN_EXC_MIN] = "scan_exclusive_min",
        [IN_SCAN_EXC_MAX] = "scan_exclusive_max", [IN_SHUFFLE] = "shuffle",
        [IN_SHUFFLE_DOWN] = "shuffle_down", [IN_SHUFFLE_UP] = "shuffle_up",
        [IN_SHUFFLE_XOR] = "shuffle_xor",
    };
    if (id == IN_CBIT)
        op = elem_size(op) > 4 ? EK_U64 : EK_U32;
    return arena_printf(a, "cmk_%s_%s", base[id], short_name(op));
}

const char *intrinsic_lane_call(arena *a, const expr *e, const char *out, int count)
{
    intrinsic_id id = (intrinsic_id)e->intrin;
    static const char *const args[] = {"", "cmk_a0, ", "cmk_a0, cmk_a1, ",
                                       "cmk_a0, cmk_a1, cmk_a2, "};
    return arena_printf(a, "%s(%s%s, %d)", intrinsic_helper(a, id, e->op_elem),
                        args[table[id].operands], out, count);
}
