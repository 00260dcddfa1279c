/*
 * emit.c - the last stage: C11 from the checked AST. Every statement on
 * vectors and matrices becomes one fused loop nest over the destination's
 * elements with constant trip counts (the C compiler vectorises it); a
 * temporary appears only when the destination overlaps a source in another
 * layout, because CM reads all operands before writing. Each kernel gets a
 * body (one thread-space point), a batch entry (many points, called through
 * libffi once per batch) and a descriptor for the runtime (cmk/abi.h).
 */
#include "emit.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "blocks.h"
#include "fuse.h"
#include "intrinsic.h"
#include "scan.h"
#include "types.h"

typedef struct emitter {
    FILE *out;
    arena *a;
    diag *d;
    const source *src;
    int line_directives;
    int indent;
    int temps;           /* numbers temporaries */
    const inline_call *inl; /* the helper body being emitted, or NULL */
    int inl_returned;    /* it has a return, so it needs its end label */
    int args_expanded;   /* emitting a helper's parameters: the calls in its
                            arguments are expanded already */
    /* SIMD control flow: the execution masks (_Bool[width]) of the blocks
     * around, innermost last; a SIMD_DO_WHILE's has the lanes parked by
     * SIMD_CONTINUE beside it. */
    int nmasks, simd_width;
    const char *masks[64], *parks[64];
} emitter;

/* The loop over a statement's elements: row cmk_r of rows, column cmk_c of
 * cols. Operands of another shape (same count) are addressed linearly. */
typedef struct loop_shape {
    int rows, cols;
} loop_shape;

static int emit_scalar(emitter *m, const expr *e);
static int emit_elem(emitter *m, const expr *e, loop_shape s);
static int emit_stmt(emitter *m, const stmt *s);
static int emit_calls_in(emitter *m, const expr *e);
static void emit_view_base(emitter *m, const view *v);
static int emit_offset_part(emitter *m, const view *v, int more);
static const char *packed_index(emitter *m, loop_shape s);
static void emit_string_literal(emitter *m, const char *text);
static int emit_object_assign(emitter *m, const expr *dst, int op, const expr *rhs);
static int emit_decl(emitter *m, const stmt *s);
static void emit_mask_guard(emitter *m, const expr *dst, loop_shape s);
static int emit_merge(emitter *m, const expr *e);
static int emit_simd(emitter *m, const stmt *s);

static void put(emitter *m, const char *s)
{
    fputs(s, m->out);
}

static void line(emitter *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void line(emitter *m, const char *fmt, ...)
{
    for (int i = 0; i < m->indent; i++)
        fputs("    ", m->out);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(m->out, fmt, ap);
    va_end(ap);
    fputc('\n', m->out);
}

static void start_line(emitter *m)
{
    for (int i = 0; i < m->indent; i++)
        fputs("    ", m->out);
}

static int unsupported_here(emitter *m, const expr *e, const char *what)
{
    diag_error(m->d, e->at, "%s is not supported here", what);
    return 0;
}

/* ---- conversions ------------------------------------------------------------ */

static const char *short_elem(elem_kind e)
{
    static const char *names[EK_COUNT] = {
        [EK_I8] = "i8", [EK_U8] = "u8", [EK_I16] = "i16", [EK_U16] = "u16",
        [EK_I32] = "i32", [EK_U32] = "u32", [EK_I64] = "i64", [EK_U64] = "u64",
        [EK_F16] = "f16", [EK_F32] = "f32", [EK_F64] = "f64",
    };
    return names[e];
}

/* Opens a conversion from `from` to `to` around what follows; close with
 * ")". Float to integer truncates and saturates as CM does; integer
 * narrowing wraps. */
static void convert_open(emitter *m, elem_kind to, elem_kind from)
{
    if (to == from)
        put(m, "(");
    else if (to == EK_BOOL)
        put(m, from == EK_F16 ? "cmk_f16_to_bool(" : "(_Bool)(");
    else if (to == EK_F16 || from == EK_F16) /* cmk/half.h: no bare casts */
        fprintf(m->out, "cmk_%s_to_%s(", short_elem(from == EK_BOOL ? EK_U8 : from), short_elem(to));
    else if (elem_is_float(from) && elem_is_integer(to))
        fprintf(m->out, "cmk_%s_to_%s(", short_elem(from), short_elem(to));
    else
        fprintf(m->out, "(%s)(", elem_c_name(to));
}

/* ---- regions -------------------------------------------------------------------- */

static void emit_string_literal(emitter *m, const char *text)
{
    put(m, "\"");
    for (const char *p = text; *p; p++) {
        if (*p == '"' || *p == '\\')
            fputc('\\', m->out);
        fputc(*p, m->out);
    }
    put(m, "\"");
}

/* The element type a region reads: format<T>() makes it another than the
 * base's, read through cmk/region.h's may_alias pointer types. */
static elem_kind view_elem_kind(const view *v)
{
    return v->elem ? v->elem : v->base->type.elem;
}

static void emit_view_base(emitter *m, const view *v)
{
    if (v->elem && v->elem != v->base->type.elem)
        fprintf(m->out, "((cmk_alias_%s *)%s)", short_elem(v->elem), v->base->cname);
    else
        put(m, v->base->cname);
}

/* Elements of the view's type in its base's storage. */
static int64_t view_capacity(const view *v)
{
    return (int64_t)type_count(&v->base->type) * elem_size(v->base->type.elem) /
           elem_size(view_elem_kind(v));
}

/* The region's first element; with more to follow, a zero says nothing.
 * A run-time offset is checked against the base's size first (the check
 * is loop-invariant, so the C compiler hoists it out of element loops).
 * Returns 0 on error, else 1 plus 1 if it printed something. */
static int emit_offset_part(emitter *m, const view *v, int more)
{
    int printed = v->off || (!v->nterms && !more);
    if (v->nterms)
        put(m, "cmk_checked(");
    if (printed)
        fprintf(m->out, "%lld", (long long)v->off);
    for (int i = 0; i < v->nterms; i++) {
        if (printed || i)
            put(m, " + ");
        if (v->terms[i].scale != 1)
            fprintf(m->out, "%lld * ", (long long)v->terms[i].scale);
        put(m, "(");
        if (!emit_scalar(m, v->terms[i].e))
            return 0;
        put(m, ")");
    }
    if (v->nterms) {
        int64_t extent = (int64_t)(v->rows - 1) * v->rstride + (int64_t)(v->cols - 1) * v->cstride;
        source_loc l = source_locate(m->src, v->terms[0].e->at.row, v->terms[0].e->at.col);
        fprintf(m->out, ", %lld, ", (long long)(view_capacity(v) - 1 - extent));
        emit_string_literal(m, arena_printf(m->a, "%s:%d:%d", l.file, l.line, l.col));
        put(m, ")");
    }
    return 1 + (printed || v->nterms);
}

static int emit_offset(emitter *m, const view *v)
{
    return emit_offset_part(m, v, 0) != 0;
}

/* "index * stride" after " + " where something came before; no "* 1". */
static void emit_step(emitter *m, int *first, const char *index, int64_t stride)
{
    fprintf(m->out, "%s%s", *first ? "" : " + ", index);
    if (stride != 1)
        fprintf(m->out, " * %lld", (long long)stride);
    *first = 0;
}

/* The packed index of loop element (cmk_r, cmk_c). */
static const char *packed_index(emitter *m, loop_shape s)
{
    return s.rows == 1 ? "cmk_c" : arena_printf(m->a, "cmk_r * %d + cmk_c", s.cols);
}

/* base[offset + row * rstride + col * cstride] for element (cmk_r, cmk_c)
 * of the loop, mapped linearly when the region's shape differs. */
static int emit_view_elem(emitter *m, const view *v, loop_shape s)
{
    emit_view_base(m, v);
    put(m, "[");
    int part = emit_offset_part(m, v, v->rows > 1 || v->cols > 1);
    if (!part)
        return 0;
    int first = part == 1;
    if (v->rows == s.rows && v->cols == s.cols) {
        if (v->rows > 1)
            emit_step(m, &first, "cmk_r", v->rstride);
        if (v->cols > 1)
            emit_step(m, &first, "cmk_c", v->cstride);
    } else {
        const char *k = s.rows == 1 ? "cmk_c" : arena_printf(m->a, "(%s)", packed_index(m, s));
        if (v->rows > 1)
            emit_step(m, &first, arena_printf(m->a, "%s / %d", k, v->cols), v->rstride);
        if (v->cols > 1)
            emit_step(m, &first, arena_printf(m->a, "%s %% %d", k, v->cols), v->cstride);
    }
    put(m, "]");
    return 1;
}

static int emit_region_scalar(emitter *m, const view *v)
{
    emit_view_base(m, v);
    put(m, "[");
    if (!emit_offset(m, v))
        return 0;
    put(m, "]");
    return 1;
}

/* ---- scalars ------------------------------------------------------------------------ */

static void emit_int_literal(emitter *m, int64_t v, elem_kind e)
{
    if (e == EK_U64)
        fprintf(m->out, "%lluull", (unsigned long long)v);
    else if (e == EK_I64)
        fprintf(m->out, v == INT64_MIN ? "(-9223372036854775807ll - 1)" : "%lldll", (long long)v);
    else if (e == EK_U32)
        fprintf(m->out, "%lluu", (unsigned long long)(uint32_t)v);
    else
        fprintf(m->out, "%lld", (long long)v);
}

static void emit_float_literal(emitter *m, double v, elem_kind e)
{
    if (isinf(v)) {
        put(m, e == EK_F32 ? "(float)INFINITY" : "(double)INFINITY");
        return;
    }
    char buf[64];
    snprintf(buf, sizeof buf, e == EK_F32 ? "%.9g" : "%.17g", v);
    put(m, buf);
    if (!strpbrk(buf, ".eEn"))
        put(m, ".0");
    if (e == EK_F32)
        put(m, "f");
}

static const char *op_text(int op)
{
    static char one[2];
    switch (op) {
    case OP_SHL: return "<<";
    case OP_SHR: return ">>";
    case OP_LE: return "<=";
    case OP_GE: return ">=";
    case OP_EQ: return "==";
    case OP_NE: return "!=";
    case OP_AND: return "&&";
    case OP_OR: return "||";
    case OP_INC: return "++";
    case OP_DEC: return "--";
    }
    one[0] = (char)op;
    one[1] = 0;
    return one;
}

static int is_comparison(int op)
{
    return op == '<' || op == '>' || op == OP_LE || op == OP_GE || op == OP_EQ || op == OP_NE;
}

/* The type both operands of op are brought to (C++'s conversions). */
static elem_kind operand_elem(int op, elem_kind a, elem_kind b)
{
    if (op == OP_SHL || op == OP_SHR)
        return elem_promote(a);
    if (op == OP_AND || op == OP_OR)
        return EK_BOOL;
    return elem_common(a, b);
}

/* Shifts as the hardware does them: the count taken modulo the width, and
 * a left shift done unsigned, so no count or value is undefined in C. */
static int emit_shift(emitter *m, int op, const expr *l, const expr *r, elem_kind t,
                      int (*emit)(emitter *, const expr *, loop_shape), loop_shape s)
{
    static const elem_kind unsigned_of[EK_COUNT] = {
        [EK_I32] = EK_U32, [EK_U32] = EK_U32, [EK_I64] = EK_U64, [EK_U64] = EK_U64,
    };
    int bits = elem_size(t) * 8;
    fprintf(m->out, "(%s)(", elem_c_name(t));
    if (op == OP_SHL)
        fprintf(m->out, "(%s)", elem_c_name(unsigned_of[t]));
    put(m, "(");
    if (!emit(m, l, s))
        return 0;
    fprintf(m->out, ") %s ((", op_text(op));
    if (!emit(m, r, s))
        return 0;
    fprintf(m->out, ") & %d))", bits - 1);
    return 1;
}

static int emit_as(emitter *m, const expr *e, elem_kind t,
                   int (*emit)(emitter *, const expr *, loop_shape), loop_shape s);

/* Integer / and % through cmk_div / cmk_mod: defined for every divisor. */
static int emit_int_division(emitter *m, int op, const expr *l, const expr *r, elem_kind t,
                             int (*emit)(emitter *, const expr *, loop_shape), loop_shape s)
{
    fprintf(m->out, "cmk_%s_%s(", op == '/' ? "div" : "mod", short_elem(t));
    if (!emit_as(m, l, t, emit, s))
        return 0;
    put(m, ", ");
    if (!emit_as(m, r, t, emit, s))
        return 0;
    put(m, ")");
    return 1;
}

/* (T)(a) op (T)(b), with the right operand of a shift left as it is. The
 * casts spell out C++'s conversions, so the C means what the kernel meant
 * and gives no sign-compare warnings. */
typedef int (*operand_fn)(emitter *m, const expr *e, loop_shape s);

/* An operand brought to type t; no cast where it already has it. */
static int emit_as(emitter *m, const expr *e, elem_kind t, operand_fn emit, loop_shape s)
{
    int is_literal = e->kind == E_INT || e->kind == E_FLOAT || e->is_const;
    if ((t == EK_F16) != (e->type.elem == EK_F16)) {
        convert_open(m, t, e->type.elem);
        if (!emit(m, e, s))
            return 0;
        put(m, ")");
        return 1;
    }
    if (e->is_const && elem_is_integer(t) && t != EK_BOOL && elem_is_integer(e->type.elem)) {
        emit_int_literal(m, e->value, t);
        return 1;
    }
    if (e->type.elem == t && (is_literal || e->kind == E_NAME || e->region))
        return emit(m, e, s);
    fprintf(m->out, "(%s)", elem_c_name(t));
    if (is_literal && e->type.elem == t)
        return emit(m, e, s);
    put(m, "(");
    if (!emit(m, e, s))
        return 0;
    put(m, ")");
    return 1;
}

/* half op half: computed in float, a half result rounded back to half
 * (exact for one operation, cmk/half.h), a comparison left as it is. */
static int emit_half_operands(emitter *m, int op, const expr *l, const expr *r, operand_fn emit,
                              loop_shape s)
{
    put(m, is_comparison(op) ? "(cmk_f16_to_f32(" : "cmk_f32_to_f16(cmk_f16_to_f32(");
    if (!emit_as(m, l, EK_F16, emit, s))
        return 0;
    fprintf(m->out, ") %s cmk_f16_to_f32(", op_text(op));
    if (!emit_as(m, r, EK_F16, emit, s))
        return 0;
    put(m, "))");
    return 1;
}

/* The unsigned type that signed int and long long +, -, * and unary -
 * are computed in: they wrap as the hardware does, where C would leave
 * the overflow undefined. EK_VOID where C's own operator is right. */
static elem_kind wrapping_type(int op, elem_kind t)
{
    if (op != '+' && op != '-' && op != '*')
        return EK_VOID;
    return t == EK_I32 ? EK_U32 : t == EK_I64 ? EK_U64 : EK_VOID;
}

static int emit_operands(emitter *m, int op, const expr *l, const expr *r, elem_kind t,
                         operand_fn emit, loop_shape s)
{
    int is_shift = op == OP_SHL || op == OP_SHR;
    if (t == EK_F16)
        return emit_half_operands(m, op, l, r, emit, s);
    if (is_shift)
        return emit_shift(m, op, l, r, t, emit, s);
    if ((op == '/' || op == '%') && elem_is_integer(t))
        return emit_int_division(m, op, l, r, t, emit, s);
    elem_kind u = wrapping_type(op, t);
    if (u != EK_VOID) {
        fprintf(m->out, "(%s)(", elem_c_name(t));
        if (!emit_as(m, l, u, emit, s))
            return 0;
        fprintf(m->out, " %s ", op_text(op));
        if (!emit_as(m, r, u, emit, s))
            return 0;
        put(m, ")");
        return 1;
    }
    put(m, "(");
    if (!emit_as(m, l, t, emit, s))
        return 0;
    fprintf(m->out, " %s ", op_text(op));
    if (!(is_shift ? emit(m, r, s) : emit_as(m, r, t, emit, s)))
        return 0;
    put(m, ")");
    return 1;
}

static int scalar_operand(emitter *m, const expr *e, loop_shape s)
{
    (void)s;
    return emit_scalar(m, e);
}

/* -x, ~x, !x, +x in the operand's promoted type; half through float;
 * int and long long negation wraps; !v of a vector is a ushort mask. */
static int emit_unary(emitter *m, const expr *e, operand_fn emit, loop_shape s)
{
    elem_kind t = e->type.elem, u = e->op == '-' ? wrapping_type('-', t) : EK_VOID;
    int is_mask = e->op == '!' && type_is_object(&e->type);
    if (is_mask)
        put(m, "(uint16_t)(");
    if (u != EK_VOID) {
        fprintf(m->out, "(%s)(0 - ", elem_c_name(t));
        if (!emit_as(m, e->lhs, u, emit, s))
            return 0;
        put(m, ")");
        return 1;
    }
    if (e->lhs->type.elem == EK_F16)
        put(m, e->op == '!' ? "(!cmk_f16_to_bool(" : e->op == '-' ? "cmk_f32_to_f16(-cmk_f16_to_f32("
                                                                 : "((");
    else if (e->op == '!')
        put(m, "(!(");
    else
        fprintf(m->out, "(%s(%s)(", op_text(e->op), elem_c_name(t));
    if (!emit(m, e->lhs, s))
        return 0;
    put(m, is_mask ? ")))" : "))");
    return 1;
}

static int emit_scalar_assign(emitter *m, const expr *e)
{
    elem_kind to = e->lhs->type.elem, from = e->rhs->type.elem;
    elem_kind t = e->op == '=' ? from : operand_elem(e->op, to, from);
    put(m, "(");
    if (!emit_scalar(m, e->lhs))
        return 0;
    put(m, " = ");
    convert_open(m, to, t);
    if (e->op == '=') {
        if (!emit_scalar(m, e->rhs))
            return 0;
    } else if (!emit_operands(m, e->op, e->lhs, e->rhs, t, scalar_operand, (loop_shape){1, 1})) {
        return 0;
    }
    put(m, "))");
    return 1;
}

/* ---- intrinsics ------------------------------------------------------------------- */

/* Opens the conversion of a helper's value (of type wide) to the result
 * type, with SAT when asked; returns how many ")" close it. */
static int open_result(emitter *m, elem_kind res, elem_kind wide, int sat)
{
    if (sat && elem_is_integer(res) && elem_is_integer(wide)) {
        elem_kind from = elem_size(wide) < 4 ? EK_I32 : wide;
        fprintf(m->out, "cmk_sat_%s_from_%s(", short_elem(res), short_elem(from));
        return 1;
    }
    if (sat && res == EK_F16) { /* clamped in float, then rounded */
        put(m, "cmk_f32_to_f16(cmk_sat_f32(");
        convert_open(m, EK_F32, wide);
        return 3;
    }
    if (sat && elem_is_float(res)) {
        fprintf(m->out, "cmk_sat_%s(", short_elem(res));
        convert_open(m, res, wide);
        return 2;
    }
    convert_open(m, res, wide); /* float to integer saturates anyway */
    return 1;
}

static void close_result(emitter *m, int closers)
{
    while (closers--)
        put(m, ")");
}

/* The type operand i of an element-wise intrinsic is passed as. */
static elem_kind intrinsic_arg_elem(const expr *e, int i)
{
    switch (e->intrin) {
    case IN_SHL: case IN_SHR: case IN_ASR:
        return i == 0 ? e->op_elem : EK_U32;
    case IN_BF_INSERT:
        return i < 2 ? EK_U32 : e->op_elem;
    case IN_BF_EXTRACT:
        return i < 2 ? EK_U32 : e->op_elem;
    default:
        return e->op_elem;
    }
}

/* An element-wise intrinsic: helper(operands...) converted to the result
 * type; operands are elements of the statement's loop (or scalars). */
static int emit_intrinsic_value(emitter *m, const expr *e, operand_fn emit, loop_shape s)
{
    intrinsic_id id = (intrinsic_id)e->intrin;
    elem_kind wide = intrinsic_wide_elem(id, e->op_elem);
    int closers = open_result(m, e->type.elem, wide, e->sat);
    fprintf(m->out, "%s(", intrinsic_helper(m->a, id, e->op_elem));
    for (int i = 0; i < intrinsic_operands(id); i++) {
        if (i)
            put(m, ", ");
        if (!emit_as(m, e->args[i], intrinsic_arg_elem(e, i), emit, s))
            return 0;
    }
    put(m, ")");
    close_result(m, closers);
    return 1;
}

/* (T)x, vector<T, N>(x), and with SAT, vector<T, N>(x, SAT): clamped to
 * T's range (to [0, 1] for floating T), as SAT does for intrinsics. */
static int emit_cast(emitter *m, const expr *e, operand_fn emit, loop_shape s)
{
    elem_kind to = e->type.elem, from = e->lhs->type.elem;
    int closers = open_result(m, to, from, e->sat && to != EK_BOOL);
    if (!emit(m, e->lhs, s))
        return 0;
    close_result(m, closers);
    return 1;
}

static int emit_call_scalar(emitter *m, const expr *e)
{
    if (e->intrin && e->sym) { /* computed before the statement */
        put(m, e->sym->cname);
        return 1;
    }
    if (e->intrin)
        return emit_intrinsic_value(m, e, scalar_operand, (loop_shape){1, 1});
    if (e->call) { /* a helper's value, computed just before the statement */
        if (!e->call->result)
            return unsupported_here(m, e, "the value of a function returning void");
        put(m, e->call->result->cname);
        return 1;
    }
    if (!strcmp(e->name, "get_thread_origin_x")) {
        put(m, "(uint32_t)cmk_t->x");
        return 1;
    }
    if (!strcmp(e->name, "get_thread_origin_y")) {
        put(m, "(uint32_t)cmk_t->y");
        return 1;
    }
    return unsupported_here(m, e, "a call without a value");
}

static int emit_scalar(emitter *m, const expr *e)
{
    if (e->is_const && elem_is_integer(e->type.elem)) {
        emit_int_literal(m, e->value, e->type.elem);
        return 1;
    }
    switch (e->kind) {
    case E_INT:
        emit_int_literal(m, e->ival, e->type.elem);
        return 1;
    case E_FLOAT:
        emit_float_literal(m, e->fval, e->type.elem);
        return 1;
    case E_NAME:
        put(m, e->sym->cname);
        return 1;
    case E_ELEMENT:
        return emit_region_scalar(m, e->region);
    case E_UNARY:
        return emit_unary(m, e, scalar_operand, (loop_shape){1, 1});
    case E_BINARY:
        return emit_operands(m, e->op, e->lhs, e->rhs,
                             operand_elem(e->op, e->lhs->type.elem, e->rhs->type.elem),
                             scalar_operand, (loop_shape){1, 1});
    case E_ASSIGN:
        return emit_scalar_assign(m, e);
    case E_INCDEC:
        fprintf(m->out, e->is_postfix ? "(" : "(%s", e->is_postfix ? "" : op_text(e->op));
        if (!emit_scalar(m, e->lhs))
            return 0;
        fprintf(m->out, "%s)", e->is_postfix ? op_text(e->op) : "");
        return 1;
    case E_COND:
        put(m, "(");
        if (!emit_scalar(m, e->lhs))
            return 0;
        put(m, " ? ");
        convert_open(m, e->type.elem, e->args[0]->type.elem);
        if (!emit_scalar(m, e->args[0]))
            return 0;
        put(m, ") : ");
        convert_open(m, e->type.elem, e->rhs->type.elem);
        if (!emit_scalar(m, e->rhs))
            return 0;
        put(m, "))");
        return 1;
    case E_CAST:
        return emit_cast(m, e, scalar_operand, (loop_shape){1, 1});
    case E_CALL:
        return emit_call_scalar(m, e);
    case E_METHOD:
        if (e->sym) { /* any(), all(): computed before the statement */
            put(m, e->sym->cname);
            return 1;
        }
        break;
    case E_TYPE:
    case E_LIST:
        break;
    }
    return unsupported_here(m, e, "this expression");
}

/* ---- element expressions ----------------------------------------------------------- */

static const char *where(emitter *m, loc at)
{
    source_loc l = source_locate(m->src, at.row, at.col);
    return arena_printf(m->a, "%s:%d:%d", l.file, l.line, l.col);
}

/* v.iselect(idx), m.iselect(rows, cols): element k of the object's region
 * at the k-th index, each index checked against the region's size. */
/* One index into a matrix region: its row-major position k, checked,
 * at (k / cols) * rstride + (k % cols) * cstride. */
static int emit_linear_iselect(emitter *m, const expr *e, const view *v, int more, loop_shape s)
{
    int64_t last = (int64_t)v->rows * v->cols - 1;
    int contiguous = v->rstride == v->cols * v->cstride;
    for (int half = 0; half < (contiguous ? 1 : 2); half++) {
        put(m, more || half ? " + (" : "(");
        put(m, "cmk_checked((int64_t)(");
        if (!emit_elem(m, e->args[0], s))
            return 0;
        fprintf(m->out, "), %lld, ", (long long)last);
        emit_string_literal(m, where(m, e->args[0]->at));
        if (contiguous)
            fprintf(m->out, ") * %lld)", (long long)v->cstride);
        else
            fprintf(m->out, ") %s %d * %lld)", half ? "%" : "/", v->cols,
                    (long long)(half ? v->cstride : v->rstride));
    }
    put(m, "]");
    return 1;
}

static int emit_iselect(emitter *m, const expr *e, loop_shape s)
{
    const view *v = e->lhs->region;
    emit_view_base(m, v);
    put(m, "[");
    int part = emit_offset_part(m, v, 1);
    if (!part)
        return 0;
    if (e->nargs == 1 && v->rows > 1)
        return emit_linear_iselect(m, e, v, part > 1, s);
    for (int i = 0; i < e->nargs; i++) {
        int is_row = e->nargs == 2 && i == 0;
        int64_t stride = is_row ? v->rstride : v->cstride;
        put(m, part > 1 || i ? " + cmk_checked((int64_t)(" : "cmk_checked((int64_t)(");
        if (!emit_elem(m, e->args[i], s))
            return 0;
        fprintf(m->out, "), %d, ", (is_row ? v->rows : v->cols) - 1);
        emit_string_literal(m, where(m, e->args[i]->at));
        put(m, ")");
        if (stride != 1)
            fprintf(m->out, " * %lld", (long long)stride);
    }
    put(m, "]");
    return 1;
}

/* The vector `mask ? x : y` merge builds: the mask's low bit per element,
 * or bit k of an integer mask. */
static int emit_merge_elem(emitter *m, const expr *e, loop_shape s)
{
    const expr *mask = e->lhs;
    put(m, "(");
    if (type_is_object(&mask->type)) {
        put(m, "((");
        if (!emit_elem(m, mask, s))
            return 0;
        put(m, ") & 1)");
    } else {
        const char *k = packed_index(m, s);
        fprintf(m->out, "(%s) < 32 && (((uint32_t)(", k);
        if (!emit_scalar(m, mask))
            return 0;
        fprintf(m->out, ") >> (%s)) & 1u)", k);
    }
    const expr *side[2] = {e->args[0], e->rhs};
    for (int i = 0; i < 2; i++) {
        put(m, i ? " : " : " ? ");
        convert_open(m, e->type.elem, side[i]->type.elem);
        if (!emit_elem(m, side[i], s))
            return 0;
        put(m, ")");
    }
    put(m, ")");
    return 1;
}

static int emit_elem(emitter *m, const expr *e, loop_shape s)
{
    if (!type_is_object(&e->type))
        return emit_scalar(m, e); /* a scalar operand is broadcast */
    if (e->region)
        return emit_view_elem(m, e->region, s);
    switch (e->kind) {
    case E_BINARY: {
        elem_kind t = operand_elem(e->op, e->lhs->type.elem, e->rhs->type.elem);
        if (is_comparison(e->op))
            put(m, "(uint16_t)");
        return emit_operands(m, e->op, e->lhs, e->rhs, t, emit_elem, s);
    }
    case E_UNARY:
        return emit_unary(m, e, emit_elem, s);
    case E_CAST:
        return emit_cast(m, e, emit_elem, s);
    case E_CALL:
        if (e->intrin)
            return emit_intrinsic_value(m, e, emit_elem, s);
        return unsupported_here(m, e, "a vector expression of this kind");
    case E_METHOD:
        if (!strcmp(e->name, "iselect"))
            return emit_iselect(m, e, s);
        return unsupported_here(m, e, "a vector expression of this kind");
    case E_COND:
        return emit_merge_elem(m, e, s);
    default:
        return unsupported_here(m, e, "a vector expression of this kind");
    }
}

/* ---- vector statements ---------------------------------------------------------------- */

static void open_loops(emitter *m, loop_shape s)
{
    if (s.rows > 1) {
        line(m, "for (int cmk_r = 0; cmk_r < %d; ++cmk_r)", s.rows);
        m->indent++;
    }
    if (s.cols > 8 && (s.cols & (s.cols - 1)) != 0)
        line(m, "CMK_ELEMENT_LOOP"); /* cmk/kernel.h says why */
    line(m, "for (int cmk_c = 0; cmk_c < %d; ++cmk_c)", s.cols);
    m->indent++;
    start_line(m);
}

static void close_loops(emitter *m, loop_shape s)
{
    m->indent -= s.rows > 1 ? 2 : 1;
}

/* Does e read dst's storage anywhere but element for element in place? */
static int reads_overlapping(const expr *e, const view *dst)
{
    if (!e)
        return 0;
    if (e->region && type_is_object(&e->type))
        return e->region->base == dst->base && !views_equal(e->region, dst);
    if (e->region) /* a scalar element: read once, before the loop runs */
        return e->region->base == dst->base;
    for (int i = 0; i < e->nargs; i++)
        if (reads_overlapping(e->args[i], dst))
            return 1;
    return reads_overlapping(e->lhs, dst) || reads_overlapping(e->rhs, dst);
}

/* The element dst[...] op= rhs gives, converted to dst's element type. */
static int emit_assigned_value(emitter *m, const expr *dst, int op, const expr *rhs, loop_shape s)
{
    elem_kind to = dst->type.elem;
    if (op == '=') {
        convert_open(m, to, rhs->type.elem);
        if (!emit_elem(m, rhs, s))
            return 0;
        put(m, ")");
        return 1;
    }
    elem_kind t = operand_elem(op, to, rhs->type.elem);
    convert_open(m, to, t);
    if (!emit_operands(m, op, dst, rhs, t, emit_elem, s))
        return 0;
    put(m, ")");
    return 1;
}

static int assign_through_temp(emitter *m, const expr *dst, int op, const expr *rhs, loop_shape s)
{
    int n = ++m->temps;
    line(m, "{");
    m->indent++;
    line(m, "%s cmk_tmp%d[%d];", elem_c_name(dst->type.elem), n, s.rows * s.cols);
    open_loops(m, s);
    fprintf(m->out, "cmk_tmp%d[%s] = ", n, packed_index(m, s));
    if (!emit_assigned_value(m, dst, op, rhs, s))
        return 0;
    put(m, ";\n");
    close_loops(m, s);
    open_loops(m, s);
    emit_mask_guard(m, dst, s);
    if (!emit_view_elem(m, dst->region, s))
        return 0;
    fprintf(m->out, " = cmk_tmp%d[%s];\n", n, packed_index(m, s));
    close_loops(m, s);
    m->indent--;
    line(m, "}");
    return 1;
}

/* Inside SIMD control flow, a statement of the SIMD width writes only the
 * lanes its execution mask enables. */
static void emit_mask_guard(emitter *m, const expr *dst, loop_shape s)
{
    if (m->nmasks && type_count(&dst->type) == m->simd_width)
        fprintf(m->out, "if (%s[%s]) ", m->masks[m->nmasks - 1], packed_index(m, s));
}

/* dst op= rhs on a vector, matrix or region: one fused loop nest. */
static int emit_object_assign(emitter *m, const expr *dst, int op, const expr *rhs)
{
    loop_shape s = {dst->region->rows, dst->region->cols};
    if (reads_overlapping(rhs, dst->region))
        return assign_through_temp(m, dst, op, rhs, s);
    open_loops(m, s);
    emit_mask_guard(m, dst, s);
    if (!emit_view_elem(m, dst->region, s))
        return 0;
    put(m, " = ");
    if (!emit_assigned_value(m, dst, op, rhs, s))
        return 0;
    put(m, ";\n");
    close_loops(m, s);
    return 1;
}

/* ---- intrinsics computed before their statement ------------------------------------ */

/* cmk_aI[k] = operand i, element k of count, in the operation's type
 * (a scalar is broadcast): all operands are read before anything is
 * written, and the helpers see packed arrays. */
static int materialise(emitter *m, const expr *arg, int i, elem_kind t, int count)
{
    loop_shape s = {1, count};
    line(m, "%s cmk_a%d[%d];", elem_c_name(t), i, count);
    open_loops(m, s);
    fprintf(m->out, "cmk_a%d[cmk_c] = ", i);
    convert_open(m, t, arg->type.elem);
    if (!emit_elem(m, arg, s))
        return 0;
    put(m, ");\n");
    close_loops(m, s);
    return 1;
}

/* The scalar out = value, converted from wide. */
static void store_converted(emitter *m, const char *out, elem_kind res, elem_kind wide, int sat,
                            const char *value)
{
    start_line(m);
    fprintf(m->out, "%s = ", out);
    int closers = open_result(m, res, wide, sat);
    put(m, value);
    close_result(m, closers);
    put(m, ";\n");
}

/* The remainder (or low half) of cm_div / cm_imul into its first argument. */
static int store_remainder(emitter *m, const expr *out, elem_kind from, const char *value,
                           int count)
{
    loop_shape s = {1, count ? count : 1};
    if (out->region) {
        open_loops(m, s);
        emit_mask_guard(m, out, s);
        if (!emit_view_elem(m, out->region, s))
            return 0;
    } else {
        start_line(m);
        put(m, out->sym->cname);
    }
    put(m, " = ");
    convert_open(m, out->type.elem, from);
    fprintf(m->out, "%s);\n", value);
    if (out->region)
        close_loops(m, s);
    return 1;
}

/* The elements a reduction reads: all count of them, or inside SIMD
 * control flow the enabled lanes (cmlangspec 3.4.2), moved to the front
 * of cmk_a0 in order; check.c saw that the operand has the SIMD width.
 * With no lane enabled cmk_rmin/rmax still read a defined cmk_a0[0]. */
static const char *active_lanes(emitter *m, intrinsic_id id, int count)
{
    if (!m->nmasks || intrinsic_in_simd(id) != INSIMD_ACTIVE_LANES)
        return arena_printf(m->a, "%d", count);
    line(m, "int cmk_n = 0;");
    open_loops(m, (loop_shape){1, count});
    fprintf(m->out, "if (%s[cmk_c]) cmk_a0[cmk_n++] = cmk_a0[cmk_c];\n",
            m->masks[m->nmasks - 1]);
    close_loops(m, (loop_shape){1, count});
    return "cmk_n";
}

static int emit_intrinsic_body(emitter *m, const expr *e, int count)
{
    intrinsic_id id = (intrinsic_id)e->intrin;
    const char *res = e->sym->cname, *fn = intrinsic_helper(m->a, id, e->op_elem);
    int is_object = type_is_object(&e->type);
    elem_kind rt = e->type.elem, op = e->op_elem;
    switch (id) {
    case IN_SUM: case IN_PROD: case IN_REDUCED_MIN: case IN_REDUCED_MAX: case IN_PACK_MASK:
        store_converted(m, res, rt, intrinsic_wide_elem(id, op), e->sat,
                        arena_printf(m->a, "%s(cmk_a0, %s)", fn, active_lanes(m, id, count)));
        return 1;
    case IN_DP2: case IN_DP3: case IN_DP4: case IN_DPH: case IN_LINE:
        line(m, "float cmk_o[%d];", type_count(&e->type));
        line(m, "%s(cmk_a0, cmk_a1, cmk_o, %d);", fn, type_count(&e->type));
        break;
    case IN_UNPACK_MASK:
        line(m, "uint32_t cmk_o[%d];", type_count(&e->type));
        line(m, "cmk_unpack_mask(cmk_a0[0], cmk_o, %d);", type_count(&e->type));
        break;
    case IN_DIV:
        line(m, "%s cmk_o[%d];", elem_c_name(op), count ? count : 1);
        open_loops(m, (loop_shape){1, count ? count : 1});
        fprintf(m->out, "cmk_o[cmk_c] = cmk_div_%s(cmk_a0[cmk_c], cmk_a1[cmk_c]);\n",
                short_elem(op));
        close_loops(m, (loop_shape){1, count ? count : 1});
        if (!store_remainder(m, e->args[0], op, arena_printf(m->a,
                "cmk_mod_%s(cmk_a0[%s], cmk_a1[%s])", short_elem(op), count ? "cmk_c" : "0",
                count ? "cmk_c" : "0"), count))
            return 0;
        break;
    case IN_IMUL:
        line(m, "%s cmk_o[%d];", elem_c_name(op), count ? count : 1);
        open_loops(m, (loop_shape){1, count ? count : 1});
        fprintf(m->out, "cmk_o[cmk_c] = cmk_imul_hi_%s(cmk_a0[cmk_c], cmk_a1[cmk_c]);\n",
                short_elem(op));
        close_loops(m, (loop_shape){1, count ? count : 1});
        if (!store_remainder(m, e->args[0], EK_U32, arena_printf(m->a,
                "cmk_imul_lo_%s(cmk_a0[%s], cmk_a1[%s])", short_elem(op), count ? "cmk_c" : "0",
                count ? "cmk_c" : "0"), count))
            return 0;
        break;
    default:
        if (intrinsic_is_lane(id)) { /* lanes.h writes the result array */
            line(m, "%s;", intrinsic_lane_call(m->a, e, res, count));
            return 1;
        }
        return unsupported_here(m, e, "this intrinsic");
    }
    elem_kind from = id == IN_UNPACK_MASK ? EK_U32 : id == IN_DIV || id == IN_IMUL ? op : EK_F32;
    if (!is_object) {
        store_converted(m, res, rt, from, e->sat, "cmk_o[0]");
        return 1;
    }
    loop_shape s = {1, type_count(&e->type)};
    open_loops(m, s);
    fprintf(m->out, "%s[cmk_c] = ", res);
    int closers = open_result(m, rt, from, e->sat);
    put(m, "cmk_o[cmk_c]");
    close_result(m, closers);
    put(m, ";\n");
    close_loops(m, s);
    return 1;
}

/* A reduction, dot product, cm_line, cm_div, cm_imul or mask (un)pack:
 * its value in a temporary declared before the statement that uses it. */
static int emit_intrinsic_pre(emitter *m, const expr *e)
{
    intrinsic_id id = (intrinsic_id)e->intrin;
    const symbol *r = e->sym;
    if (type_is_object(&r->type))
        line(m, "CMK_ALIGNED CMK_MAYBE_UNUSED %s %s[%d];", elem_c_name(r->type.elem), r->cname,
             type_count(&r->type));
    else
        line(m, "CMK_MAYBE_UNUSED %s %s;", elem_c_name(r->type.elem), r->cname);
    line(m, "{ /* %s */", intrinsic_name(id));
    m->indent++;
    int first = intrinsic_first_operand(id), count = 0;
    for (int i = first; i < first + intrinsic_operands(id); i++)
        if (type_is_object(&e->args[i]->type) && type_count(&e->args[i]->type) > count)
            count = type_count(&e->args[i]->type);
    for (int i = 0; i < intrinsic_operands(id); i++) {
        const expr *arg = e->args[first + i];
        int n = id == IN_LINE || id == IN_UNPACK_MASK ? (type_is_object(&arg->type)
                                                          ? type_count(&arg->type) : 1)
                                                     : count ? count : 1;
        if (!materialise(m, arg, i, intrinsic_operand_elem(e, i), n))
            return 0;
    }
    int ok = emit_intrinsic_body(m, e, count);
    m->indent--;
    line(m, "}");
    return ok;
}

/* ---- media block read / write -------------------------------------------------------- */

static const char *block_io_function(const expr *call)
{
    return call->name[0] == 'r' ? "cmk_block_read" : "cmk_block_write";
}

static int emit_block_args(emitter *m, const expr *call)
{
    fprintf(m->out, "%s, (int)(", call->args[0]->sym->cname);
    if (!emit_scalar(m, call->args[1]))
        return 0;
    put(m, "), (int)(");
    if (!emit_scalar(m, call->args[2]))
        return 0;
    put(m, "), ");
    return 1;
}

/* A block read or write straight from or into a region whose rows are runs
 * of contiguous bytes (contiguous_pitch). */
static int emit_block_in_place(emitter *m, const expr *call, const view *region, int rows,
                               int cols, int esize)
{
    start_line(m);
    fprintf(m->out, "%s(", block_io_function(call));
    if (!emit_block_args(m, call))
        return 0;
    put(m, "&");
    emit_view_base(m, region);
    put(m, "[");
    if (!emit_offset(m, region))
        return 0;
    fprintf(m->out, "], %d, %d, %lld);\n", cols * esize, rows,
            (long long)contiguous_pitch(region, esize));
    return 1;
}

static int emit_block_io(emitter *m, const expr *call)
{
    int is_read = call->name[0] == 'r';
    const expr *obj = call->args[3];
    const ctype *t = &obj->type;
    int esize = elem_size(t->elem);
    int rows = t->rows, cols = t->cols;
    const char *fn = block_io_function(call);
    if (obj->region && contiguous_pitch(obj->region, esize))
        return emit_block_in_place(m, call, obj->region, rows, cols, esize);
    /* a strided region or a computed value goes through a packed copy */
    int n = ++m->temps;
    loop_shape s = {rows, cols};
    line(m, "{");
    m->indent++;
    line(m, "%s cmk_blk%d[%d];", elem_c_name(t->elem), n, rows * cols);
    if (!is_read) {
        open_loops(m, s);
        fprintf(m->out, "cmk_blk%d[%s] = ", n, packed_index(m, s));
        if (!emit_elem(m, obj, s))
            return 0;
        put(m, ";\n");
        close_loops(m, s);
    }
    start_line(m);
    fprintf(m->out, "%s(", fn);
    if (!emit_block_args(m, call))
        return 0;
    fprintf(m->out, "cmk_blk%d, %d, %d, %d);\n", n, cols * esize, rows, cols * esize);
    if (is_read) {
        open_loops(m, s);
        if (!emit_view_elem(m, obj->region, s))
            return 0;
        fprintf(m->out, " = cmk_blk%d[%s];\n", n, packed_index(m, s));
        close_loops(m, s);
    }
    m->indent--;
    line(m, "}");
    return 1;
}

/* ---- statements ---------------------------------------------------------------------- */

static void emit_line_directive(emitter *m, loc at)
{
    if (!m->line_directives)
        return;
    source_loc l = source_locate(m->src, at.row, at.col);
    fprintf(m->out, "#line %d ", l.line);
    emit_string_literal(m, l.file);
    put(m, "\n");
}

static int assigns(const expr *e)
{
    if (!e)
        return 0;
    if (e->kind == E_ASSIGN || e->kind == E_INCDEC)
        return 1;
    for (int i = 0; i < e->nargs; i++)
        if (assigns(e->args[i]))
            return 1;
    return assigns(e->lhs) || assigns(e->rhs);
}

/* A vector value computed for nothing: C++ would warn; an assignment
 * buried in it is beyond the element loops, so it is refused. */
static int emit_unused_value(emitter *m, const expr *e)
{
    if (assigns(e)) {
        diag_error(m->d, e->at, "an assignment inside a vector expression is not supported");
        return 0;
    }
    diag_warning(m->d, e->at, "expression result unused");
    line(m, ";");
    return 1;
}

static int emit_expr_stmt(emitter *m, const expr *e)
{
    if (!emit_calls_in(m, e))
        return 0;
    if (e->kind == E_CALL && (e->call || (e->intrin && e->sym)))
        return 1; /* the call was the statement */
    if (e->kind == E_CALL && (!strcmp(e->name, "read") || !strcmp(e->name, "write")))
        return emit_block_io(m, e);
    if (e->kind == E_CALL && !e->intrin && !strncmp(e->name, "cm_", 3)) {
        const char *what = !strcmp(e->name, "cm_wait") ? "CMK_WAIT(cmk_t)"
                         : !strcmp(e->name, "cm_signal") ? "CMK_SIGNAL(cmk_t)" : "CMK_FENCE()";
        line(m, "%s;", what);
        return 1;
    }
    if (e->kind == E_ASSIGN && type_is_object(&e->lhs->type))
        return emit_object_assign(m, e->lhs, e->op, e->rhs);
    if (e->kind == E_METHOD && !strcmp(e->name, "merge"))
        return emit_merge(m, e);
    if (type_is_object(&e->type))
        return emit_unused_value(m, e);
    start_line(m);
    put(m, "(void)");
    if (!emit_scalar(m, e))
        return 0;
    put(m, ";\n");
    return 1;
}

/* v.merge(x, mask) / v.merge(x, y, mask): v = mask ? x : y (y is v). */
static int emit_merge(emitter *m, const expr *e)
{
    expr *x = e->args[0], *y = e->nargs == 3 ? e->args[1] : e->lhs;
    expr cond = {.kind = E_COND, .at = e->at, .lhs = e->args[e->nargs - 1], .args = &x,
                 .nargs = 1, .rhs = y, .type = e->lhs->type};
    cond.type.is_ref = 0;
    return emit_object_assign(m, e->lhs, '=', &cond);
}

/* any() / all() of a mask, into its temporary before the statement. */
static int emit_any_all(emitter *m, const expr *e)
{
    int is_all = !strcmp(e->name, "all");
    loop_shape s = {e->lhs->type.rows, e->lhs->type.cols};
    line(m, "CMK_MAYBE_UNUSED uint16_t %s = %d;", e->sym->cname, is_all);
    open_loops(m, s);
    if (m->nmasks) /* of the enabled lanes (cmlangspec 3.4.2) */
        fprintf(m->out, "if (%s[%s]) ", m->masks[m->nmasks - 1], packed_index(m, s));
    fprintf(m->out, "%s %s= (uint16_t)((", e->sym->cname, is_all ? "&" : "|");
    if (!emit_elem(m, e->lhs, s))
        return 0;
    put(m, ") != 0);\n");
    close_loops(m, s);
    return 1;
}

/* T t[N] = {a, b, ...}: a C initialiser, each element converted. */
static int emit_list_decl(emitter *m, const stmt *s)
{
    const ctype *t = &s->sym->type;
    start_line(m);
    fprintf(m->out, "CMK_ALIGNED CMK_MAYBE_UNUSED %s %s[%d] = {", elem_c_name(t->elem),
            s->sym->cname, type_count(t));
    for (int i = 0; i < s->init->nargs; i++) {
        put(m, i ? ", " : "");
        convert_open(m, t->elem, s->init->args[i]->type.elem);
        if (!emit_scalar(m, s->init->args[i]))
            return 0;
        put(m, ")");
    }
    put(m, s->init->nargs ? "};\n" : "0};\n");
    return 1;
}

static int emit_decl(emitter *m, const stmt *s)
{
    symbol *sym = s->sym;
    if (s->init && s->init->kind == E_LIST)
        return emit_list_decl(m, s);
    const ctype *t = &sym->type;
    if (t->is_ref)
        return 1; /* a reference is its region; uses go straight to the base */
    if (!m->args_expanded && !emit_calls_in(m, s->init))
        return 0;
    if (type_is_object(t)) {
        line(m, "CMK_ALIGNED CMK_MAYBE_UNUSED %s %s[%d];", elem_c_name(t->elem), sym->cname,
             type_count(t));
        if (!s->init)
            return 1;
        expr dst = {.kind = E_NAME, .sym = sym, .type = *t};
        view whole = {.base = sym, .rows = t->rows, .cols = t->cols, .rstride = t->cols,
                      .cstride = 1};
        if (s->init_count) { /* from a table of another size: its first elements */
            dst.type = shaped_type(t->elem, 1, s->init_count);
            whole = (view){.base = sym, .rows = 1, .cols = s->init_count,
                           .rstride = s->init_count, .cstride = 1};
        }
        dst.region = &whole;
        return emit_object_assign(m, &dst, '=', s->init);
    }
    start_line(m);
    /* A SurfaceIndex is already a pointer to const. */
    int add_const = sym->is_const && t->elem != EK_SURFACE;
    fprintf(m->out, "CMK_MAYBE_UNUSED %s%s %s", add_const ? "const " : "",
            elem_c_name(t->elem), sym->cname);
    if (s->init) {
        put(m, " = ");
        convert_open(m, t->elem, s->init->type.elem);
        if (!emit_scalar(m, s->init))
            return 0;
        put(m, ")");
    }
    put(m, ";\n");
    return 1;
}

/* A loop's or branch's body: a block stays at the statement's level. */
/* ---- helper calls --------------------------------------------------------------------- */

static int emit_inline_call(emitter *m, const expr *call);

/* Expands, before the statement that uses them, the helper calls in e:
 * innermost first, each leaving its value in its result variable. */
/* The temporary that holds a computed value a region is taken of
 * (check.c's spill_value), written whole: execution masks do not apply
 * to what is only read. */
static int emit_spill(emitter *m, const expr *name)
{
    const symbol *tmp = name->sym;
    if (!emit_calls_in(m, name->value_of))
        return 0;
    line(m, "CMK_ALIGNED CMK_MAYBE_UNUSED %s %s[%d];", elem_c_name(tmp->type.elem), tmp->cname,
         type_count(&tmp->type));
    int masks = m->nmasks;
    m->nmasks = 0;
    int ok = emit_object_assign(m, name, '=', name->value_of);
    m->nmasks = masks;
    return ok;
}

static int emit_calls_in(emitter *m, const expr *e)
{
    if (!e)
        return 1;
    for (int i = 0; i < e->nargs; i++)
        if (!emit_calls_in(m, e->args[i]))
            return 0;
    if (!emit_calls_in(m, e->lhs) || !emit_calls_in(m, e->rhs))
        return 0;
    if (e->kind == E_CALL && e->intrin && e->sym)
        return emit_intrinsic_pre(m, e);
    if (e->kind == E_METHOD && e->sym)
        return emit_any_all(m, e);
    if (e->kind == E_NAME && e->value_of)
        return emit_spill(m, e);
    return e->kind == E_CALL && e->call ? emit_inline_call(m, e) : 1;
}

static int has_call(const expr *e)
{
    if (!e)
        return 0;
    if ((e->kind == E_CALL && (e->call || (e->intrin && e->sym))) ||
        (e->kind == E_METHOD && e->sym) || e->value_of)
        return 1;
    for (int i = 0; i < e->nargs; i++)
        if (has_call(e->args[i]))
            return 1;
    return has_call(e->lhs) || has_call(e->rhs);
}

static void declare_result(emitter *m, const symbol *r)
{
    if (type_is_object(&r->type))
        line(m, "CMK_ALIGNED CMK_MAYBE_UNUSED %s %s[%d];", elem_c_name(r->type.elem), r->cname,
             type_count(&r->type));
    else
        line(m, "CMK_MAYBE_UNUSED %s %s;", elem_c_name(r->type.elem), r->cname);
}

/* The callee's body in a block of its own: value parameters become
 * locals initialised from the arguments; references are regions already. */
static int emit_inline_call(emitter *m, const expr *call)
{
    const inline_call *ic = call->call;
    if (ic->result)
        declare_result(m, ic->result);
    line(m, "{ /* %s */", ic->callee->name);
    m->indent++;
    for (int i = 0; i < ic->callee->nparams; i++) {
        const symbol *sym = ic->params[i].sym;
        stmt decl = {.kind = S_DECL, .at = ic->params[i].at, .sym = (symbol *)sym,
                     .init = call->args[i]};
        m->args_expanded = 1;
        int ok = sym->alias || sym->type.is_ref || emit_decl(m, &decl);
        m->args_expanded = 0;
        if (!ok)
            return 0;
    }
    const inline_call *outer = m->inl;
    int outer_returned = m->inl_returned;
    m->inl = ic;
    m->inl_returned = 0;
    int ok = emit_stmt(m, ic->body);
    if (m->inl_returned)
        line(m, "cmk_done_%d:;", ic->id);
    m->inl = outer;
    m->inl_returned = outer_returned;
    m->indent--;
    line(m, "}");
    return ok;
}

/* return in a helper: the value to its result, then to the body's end. */
static int emit_return(emitter *m, const stmt *s)
{
    if (!m->inl) {
        line(m, "return;");
        return 1;
    }
    const symbol *r = m->inl->result;
    if (s->e && r && type_is_object(&r->type)) {
        expr dst = {.kind = E_NAME, .sym = (symbol *)r, .type = r->type};
        view whole = {.base = (symbol *)r, .rows = r->type.rows, .cols = r->type.cols,
                      .rstride = r->type.cols, .cstride = 1};
        dst.region = &whole;
        if (!emit_object_assign(m, &dst, '=', s->e))
            return 0;
    } else if (s->e && r) {
        start_line(m);
        fprintf(m->out, "%s = ", r->cname);
        convert_open(m, r->type.elem, s->e->type.elem);
        if (!emit_scalar(m, s->e))
            return 0;
        put(m, ");\n");
    }
    line(m, "goto cmk_done_%d;", m->inl->id);
    m->inl_returned = 1;
    return 1;
}

/* A loop's or branch's body. A single statement that computes something
 * before itself (a helper call, a reduction, a temporary) is put in a
 * block, so that all of it stays under the loop or branch. */
static int emit_body(emitter *m, const stmt *body)
{
    int step = body->kind != S_BLOCK;
    int braces = step && (has_call(body->e) || has_call(body->init) || has_call(body->step));
    if (braces)
        line(m, "{");
    m->indent += step;
    int ok = emit_stmt(m, body);
    m->indent -= step;
    if (braces)
        line(m, "}");
    return ok;
}

/* `head` ends with "(" and `tail` starts with ")". A comparison brings its
 * own parentheses, and doubled ones, `if ((a == b))`, draw clang's
 * -Wparentheses-equality, so they are left out there. */
static int emit_cond(emitter *m, const char *head, const expr *e, const char *tail)
{
    int own_parens = e->kind == E_BINARY && is_comparison(e->op);
    start_line(m);
    fprintf(m->out, "%.*s", (int)strlen(head) - own_parens, head);
    if (!emit_scalar(m, e))
        return 0;
    put(m, tail + own_parens);
    return 1;
}

static void emit_unroll(emitter *m, int unroll)
{
    if (unroll < 0)
        line(m, "CMK_UNROLL(64)");
    else if (unroll > 0)
        line(m, "CMK_UNROLL(%d)", unroll);
}

/* A loop running_sum_loop() recognised: each row's sums by one call of
 * cmk/scan.h, which takes them 16 at a time in a vector register. */
static void emit_running_sum(emitter *m, const running_sum *r, const char *scan)
{
    const char *d = arena_printf(m->a, "%s + %lld", r->dst->base->cname, (long long)r->dst_first);
    const char *src = arena_printf(m->a, "%s + %lld", r->src->base->cname, (long long)r->src_first);
    if (r->rows > 1) {
        line(m, "for (int cmk_r = 0; cmk_r < %d; ++cmk_r)", r->rows);
        d = arena_printf(m->a, "%s + cmk_r * %lld", d, (long long)r->dst_pitch);
        src = arena_printf(m->a, "%s + cmk_r * %lld", src, (long long)r->src_pitch);
        m->indent++;
    }
    line(m, "cmk_%s_sum_%s((uint32_t *)(%s), %s, %d);", scan,
         short_elem(r->src->base->type.elem), d, src, r->count);
    if (r->rows > 1)
        m->indent--;
}

static int emit_for(emitter *m, const stmt *s)
{
    running_sum rs;
    if (!m->nmasks && running_sum_loop(s, &rs)) {
        emit_line_directive(m, s->at);
        emit_running_sum(m, &rs, "running");
        return 1;
    }
    line(m, "{");
    m->indent++;
    if (s->init_stmt && !emit_stmt(m, s->init_stmt))
        return 0;
    emit_unroll(m, s->unroll);
    start_line(m);
    put(m, "for (; ");
    if (s->e && !emit_scalar(m, s->e))
        return 0;
    put(m, "; ");
    if (s->step) {
        put(m, "(void)");
        if (!emit_scalar(m, s->step))
            return 0;
    }
    put(m, ")\n");
    if (!emit_body(m, s->body))
        return 0;
    m->indent--;
    line(m, "}");
    return 1;
}

/* d = x; d += y; d -= z; ... as exact_sum_chain() found it: the sum in
 * int32, converted once to d's floating point type. */
static int emit_exact_sum(emitter *m, stmt *const *items, int k, loop_shape s)
{
    convert_open(m, items[0]->e->lhs->type.elem, EK_I32);
    for (int i = 0; i < k; i++) {
        const expr *e = items[i]->e;
        if (i)
            put(m, e->op == '-' ? " - " : " + ");
        convert_open(m, EK_I32, e->rhs->type.elem);
        if (!emit_elem(m, e->rhs, s))
            return 0;
        put(m, ")");
    }
    put(m, ")");
    return 1;
}

/* Vector statements that fusable_run() grouped: one loop nest over their
 * shared shape, each statement's element in turn. */
static int emit_fused(emitter *m, stmt *const *items, int n)
{
    const view *first = items[0]->e->lhs->region;
    loop_shape s = {first->rows, first->cols};
    open_loops(m, s);
    put(m, "{\n");
    m->indent++;
    for (int i = 0, k; i < n; i += k) {
        const expr *e = items[i]->e;
        k = exact_sum_chain(items, n, i);
        emit_line_directive(m, items[i]->at);
        start_line(m);
        if (!emit_view_elem(m, e->lhs->region, s))
            return 0;
        put(m, " = ");
        if (!(k > 1 ? emit_exact_sum(m, items + i, k, s)
                    : emit_assigned_value(m, e->lhs, e->op, e->rhs, s)))
            return 0;
        put(m, ";\n");
    }
    m->indent--;
    line(m, "}");
    close_loops(m, s);
    return 1;
}

/* items[i] and the loop after it (past empty statements: a #pragma
 * unroll leaves one), when running_sum_start() says they are prefix sums:
 * emitted as such. The number of items taken, or 0. */
static int emit_prefix_sum(emitter *m, stmt *const *items, int n, int i)
{
    int loop = i + 1;
    while (loop < n && items[loop]->kind == S_EMPTY)
        loop++;
    running_sum rs;
    if (m->nmasks || loop >= n || items[loop]->kind != S_FOR ||
        !running_sum_loop(items[loop], &rs) || !running_sum_start(items[i], &rs))
        return 0;
    emit_line_directive(m, items[i]->at);
    emit_running_sum(m, &rs, "prefix");
    return loop + 1 - i;
}

/* items[i] and the writes after it, when merged_writes() says they tile
 * one rectangle: one write of it. The number of items taken, or 0. */
static int emit_merged_writes(emitter *m, stmt *const *items, int n, int i)
{
    block_union u;
    int taken = m->nmasks ? 0 : merged_writes(items, n, i, &u);
    if (!taken)
        return 0;
    emit_line_directive(m, items[i]->at);
    int esize = elem_size(u.top_left->args[3]->type.elem);
    return emit_block_in_place(m, u.top_left, &u.region, u.region.rows, u.region.cols, esize)
               ? taken : -1;
}

static int emit_block(emitter *m, const stmt *s)
{
    line(m, "{");
    m->indent++;
    for (int i = 0; i < s->nitems;) {
        int taken = emit_prefix_sum(m, s->items, s->nitems, i);
        if (!taken)
            taken = emit_merged_writes(m, s->items, s->nitems, i);
        if (taken < 0)
            return 0;
        if (taken) {
            i += taken;
            continue;
        }
        /* under an execution mask each statement has its own guard */
        int n = m->nmasks ? 1 : fusable_run(s->items, s->nitems, i);
        if (!(n > 1 ? emit_fused(m, s->items + i, n) : emit_stmt(m, s->items[i])))
            return 0;
        i += n;
    }
    m->indent--;
    line(m, "}");
    return 1;
}

static int ends_in_jump(const stmt *s)
{
    if (s->kind == S_BLOCK)
        return s->nitems && ends_in_jump(s->items[s->nitems - 1]);
    return s->kind == S_BREAK || s->kind == S_CONTINUE || s->kind == S_RETURN;
}

/* Each case's statements in a block of their own (C allows no declaration
 * right after a label); falling into the next case is said so. */
static int emit_switch(emitter *m, const stmt *s)
{
    if (!emit_calls_in(m, s->e) || !emit_cond(m, "switch (", s->e, ")\n"))
        return 0;
    line(m, "{");
    for (int i = 0; i < s->body->nitems; i++) {
        const stmt *k = s->body->items[i];
        start_line(m);
        if (k->e) {
            put(m, "case ");
            emit_int_literal(m, k->e->value, elem_promote(s->e->type.elem));
            put(m, ": {\n");
        } else {
            put(m, "default: {\n");
        }
        m->indent++;
        for (int j = 0; j < k->nitems; j++)
            if (!emit_stmt(m, k->items[j]))
                return 0;
        m->indent--;
        line(m, "}");
        if (i + 1 < s->body->nitems && (!k->nitems || !ends_in_jump(k->items[k->nitems - 1])))
            line(m, "CMK_FALLTHROUGH;");
    }
    line(m, "}");
    return 1;
}

/* while (c) with a helper call or any()/all() in c: computed each time. */
static int emit_while_computed(emitter *m, const stmt *s)
{
    line(m, "for (;;) {");
    m->indent++;
    if (!emit_calls_in(m, s->e))
        return 0;
    start_line(m);
    put(m, "if (!(");
    if (!emit_scalar(m, s->e))
        return 0;
    put(m, "))\n");
    line(m, "    break;");
    if (!emit_stmt(m, s->body))
        return 0;
    m->indent--;
    line(m, "}");
    return 1;
}

/* Does e, a statement in SIMD control flow, write SIMD-width elements
 * (under the mask) rather than a scalar? */
static int writes_lanes(const emitter *m, const expr *e)
{
    const expr *dst = e->kind == E_ASSIGN || e->kind == E_INCDEC ? e->lhs
                    : e->kind == E_METHOD && !strcmp(e->name, "merge") ? e->lhs : NULL;
    return dst && type_count(&dst->type) == m->simd_width;
}

/* A scalar statement in SIMD control flow runs if any lane is enabled
 * (cmlangspec 3.4.2): after SIMD_BREAK or SIMD_CONTINUE none may be. */
static int emit_scalar_in_simd(emitter *m, const expr *e)
{
    line(m, "if (cmk_lanes_any(%s, %d)) {", m->masks[m->nmasks - 1], m->simd_width);
    m->indent++;
    int ok = emit_expr_stmt(m, e);
    m->indent--;
    line(m, "}");
    return ok;
}

static int emit_stmt(emitter *m, const stmt *s)
{
    if (s->kind != S_BLOCK && s->kind != S_EMPTY)
        emit_line_directive(m, s->at);
    if (s->simd_width || s->simd_kind)
        return emit_simd(m, s);
    if (s->kind == S_WHILE && has_call(s->e))
        return emit_while_computed(m, s);
    if ((s->kind == S_FOR || s->kind == S_WHILE || s->kind == S_DO) &&
        (has_call(s->e) || has_call(s->step))) {
        diag_error(m->d, s->at, "a helper function called in a loop condition is not supported; "
                                "call it in the loop body");
        return 0;
    }
    switch (s->kind) {
    case S_EXPR:
        return m->nmasks && !writes_lanes(m, s->e) ? emit_scalar_in_simd(m, s->e)
                                                   : emit_expr_stmt(m, s->e);
    case S_DECL:
        return emit_decl(m, s);
    case S_BLOCK:
        return emit_block(m, s);
    case S_IF:
        if (!emit_calls_in(m, s->e) || !emit_cond(m, "if (", s->e, ")\n") ||
            !emit_body(m, s->body))
            return 0;
        if (s->else_body) {
            line(m, "else");
            return emit_body(m, s->else_body);
        }
        return 1;
    case S_FOR:
        return emit_for(m, s);
    case S_WHILE:
        emit_unroll(m, s->unroll);
        return emit_cond(m, "while (", s->e, ")\n") && emit_body(m, s->body);
    case S_DO:
        emit_unroll(m, s->unroll);
        line(m, "do");
        return emit_body(m, s->body) && emit_cond(m, "while (", s->e, ");\n");
    case S_BREAK:
        line(m, "break;");
        return 1;
    case S_CONTINUE:
        line(m, "continue;");
        return 1;
    case S_RETURN:
        return emit_calls_in(m, s->e) && emit_return(m, s);
    case S_EMPTY:
    case S_CASE:
        return 1;
    case S_SWITCH:
        return emit_switch(m, s);
    }
    return 0;
}

/* ---- SIMD control flow ---------------------------------------------------------------- */

/* The lanes enabled around: the innermost mask, or all of them. */
static const char *outer_lane(emitter *m)
{
    return m->nmasks ? arena_printf(m->a, "%s[cmk_c]", m->masks[m->nmasks - 1]) : "1";
}

static int push_mask(emitter *m, const char *mask, const char *park, int width)
{
    if (m->nmasks == (int)(sizeof m->masks / sizeof m->masks[0])) {
        diag_error(m->d, (loc){0, 0}, "SIMD control flow nested too deeply");
        return 0;
    }
    m->masks[m->nmasks] = mask;
    m->parks[m->nmasks++] = park;
    m->simd_width = width;
    return 1;
}

/* `if (any lane of mask) body` with mask as the execution mask. */
static int emit_masked_body(emitter *m, const char *mask, const char *park, int width,
                            const stmt *body)
{
    line(m, "if (cmk_lanes_any(%s, %d)) {", mask, width);
    m->indent++;
    int outer_width = m->simd_width;
    int ok = push_mask(m, mask, park, width) && emit_stmt(m, body);
    m->nmasks--;
    m->simd_width = outer_width;
    m->indent--;
    line(m, "}");
    return ok;
}

/* The helper calls, reductions and any()/all() of a SIMD condition,
 * before it: with lanes NULL those of the statement's context, else the
 * lanes that reach the condition (a SIMD_ELSEIF's still waiting for a
 * branch, a SIMD_DO_WHILE_END's still in the loop). */
static int emit_condition_calls(emitter *m, const expr *cond, const char *lanes, int w)
{
    if (!lanes)
        return emit_calls_in(m, cond);
    int outer_width = m->simd_width;
    if (!push_mask(m, lanes, NULL, w))
        return 0;
    int ok = emit_calls_in(m, cond);
    m->nmasks--;
    m->simd_width = outer_width;
    return ok;
}

/* One branch of a SIMD_IF chain: the lanes still waiting (t) where the
 * condition holds run it; SIMD_ELSEIF and SIMD_ELSE take the rest. */
static int emit_simd_branch(emitter *m, const stmt *s, const char *t, const char *mk, int w,
                            int is_first)
{
    if (!emit_condition_calls(m, s->e->args[0], is_first ? NULL : t, w))
        return 0;
    open_loops(m, (loop_shape){1, w});
    put(m, "{\n");
    m->indent++;
    start_line(m);
    put(m, "_Bool cmk_k = (");
    if (!emit_elem(m, s->e->args[0], (loop_shape){1, w}))
        return 0;
    put(m, ") != 0;\n");
    line(m, "%s[cmk_c] = %s[cmk_c] && cmk_k;", mk, t);
    line(m, "%s[cmk_c] = %s[cmk_c] && !cmk_k;", t, t);
    m->indent--;
    line(m, "}");
    close_loops(m, (loop_shape){1, w});
    if (!emit_masked_body(m, mk, NULL, w, s->body))
        return 0;
    const stmt *alt = s->else_body;
    if (!alt)
        return 1;
    if (alt->simd_width)
        return emit_simd_branch(m, alt, t, mk, w, 0);
    open_loops(m, (loop_shape){1, w});
    fprintf(m->out, "%s[cmk_c] = %s[cmk_c];\n", mk, t);
    close_loops(m, (loop_shape){1, w});
    return emit_masked_body(m, mk, NULL, w, alt);
}

static int emit_simd_if(emitter *m, const stmt *s)
{
    int w = s->simd_width, n = ++m->temps;
    const char *t = arena_printf(m->a, "cmk_t%d", n), *mk = arena_printf(m->a, "cmk_m%d", n);
    line(m, "{");
    m->indent++;
    line(m, "_Bool %s[%d], %s[%d];", t, w, mk, w);
    open_loops(m, (loop_shape){1, w});
    fprintf(m->out, "%s[cmk_c] = %s;\n", t, outer_lane(m));
    close_loops(m, (loop_shape){1, w});
    int ok = emit_simd_branch(m, s, t, mk, w, 1);
    m->indent--;
    line(m, "}");
    return ok;
}

/* SIMD_DO_WHILE: lanes leave by SIMD_BREAK or when the condition fails;
 * SIMD_CONTINUE parks them until the condition. */
static int emit_simd_do(emitter *m, const stmt *s)
{
    int w = s->simd_width, n = ++m->temps;
    const char *mk = arena_printf(m->a, "cmk_m%d", n), *pk = arena_printf(m->a, "cmk_p%d", n);
    loop_shape ls = {1, w};
    line(m, "{");
    m->indent++;
    line(m, "_Bool %s[%d], %s[%d];", mk, w, pk, w);
    open_loops(m, ls);
    fprintf(m->out, "%s[cmk_c] = %s;\n", mk, outer_lane(m));
    close_loops(m, ls);
    line(m, "do {");
    m->indent++;
    open_loops(m, ls);
    fprintf(m->out, "%s[cmk_c] = 0;\n", pk);
    close_loops(m, ls);
    int outer_width = m->simd_width;
    if (!push_mask(m, mk, pk, w) || !emit_stmt(m, s->body))
        return 0;
    m->nmasks--;
    m->simd_width = outer_width;
    if (has_call(s->e->args[0])) {
        const char *reach = arena_printf(m->a, "cmk_w%d", n);
        line(m, "_Bool %s[%d];", reach, w);
        open_loops(m, ls);
        fprintf(m->out, "%s[cmk_c] = %s[cmk_c] || %s[cmk_c];\n", reach, mk, pk);
        close_loops(m, ls);
        if (!emit_condition_calls(m, s->e->args[0], reach, w))
            return 0;
    }
    open_loops(m, ls);
    fprintf(m->out, "%s[cmk_c] = (%s[cmk_c] || %s[cmk_c]) && (", mk, mk, pk);
    if (!emit_elem(m, s->e->args[0], ls))
        return 0;
    put(m, ") != 0;\n");
    close_loops(m, ls);
    m->indent--;
    line(m, "} while (cmk_lanes_any(%s, %d));", mk, w);
    m->indent--;
    line(m, "}");
    return 1;
}

/* SIMD_BREAK / SIMD_CONTINUE: the enabled lanes leave every mask up to
 * the loop's (SIMD_CONTINUE parks them for the loop's condition). */
static int emit_simd_jump(emitter *m, const stmt *s)
{
    int loop = m->nmasks - 1;
    while (loop >= 0 && !m->parks[loop])
        loop--;
    const char *top = m->masks[m->nmasks - 1];
    open_loops(m, (loop_shape){1, m->simd_width});
    fprintf(m->out, "if (%s[cmk_c]) {\n", top);
    m->indent++;
    if (s->simd_kind == 2)
        line(m, "%s[cmk_c] = 1;", m->parks[loop]);
    for (int i = m->nmasks - 1; i >= loop; i--)
        line(m, "%s[cmk_c] = 0;", m->masks[i]);
    m->indent--;
    line(m, "}");
    close_loops(m, (loop_shape){1, m->simd_width});
    return 1;
}

static int emit_simd(emitter *m, const stmt *s)
{
    if (s->simd_kind)
        return emit_simd_jump(m, s);
    return s->kind == S_DO ? emit_simd_do(m, s) : emit_simd_if(m, s);
}

/* ---- kernels ------------------------------------------------------------------------- */

static const char *param_c_type(const ctype *t)
{
    if (t->elem == EK_SURFACE)
        return "const cmk_surface *";
    if (type_is_object(t))
        return "const void *";
    if (t->elem == EK_F16) /* its bits: libffi and the ABI know no half */
        return "uint16_t";
    return elem_c_name(t->elem);
}

/* By-value vectors arrive as bytes and get a local copy the kernel may change. */
static const char *param_c_name(emitter *m, const symbol *s)
{
    return type_is_object(&s->type) || s->type.elem == EK_F16
               ? arena_printf(m->a, "%s__arg", s->cname) : s->cname;
}

static void emit_param_list(emitter *m, const function *f, int with_types)
{
    for (int i = 0; i < f->nparams; i++) {
        const symbol *s = f->params[i].sym;
        if (with_types)
            fprintf(m->out, ", %s%s%s", param_c_type(&s->type),
                    s->type.elem == EK_SURFACE ? "" : " ", param_c_name(m, s));
        else
            fprintf(m->out, ", %s", param_c_name(m, s));
    }
}

/* File-scope variables are thread-private (cmlangspec 2.4): each kernel
 * body declares its own, which its inlined helpers then see. */
static int emit_thread_globals(emitter *m, const program *p)
{
    for (int i = 0; i < p->nglobals; i++)
        if (p->globals[i]->sym->is_global == 1 && !emit_decl(m, p->globals[i]))
            return 0;
    return 1;
}

/* Constants and tables whose initialisers C folds: one static each. */
static int emit_static_globals(emitter *m, const program *p)
{
    for (int i = 0; i < p->nglobals; i++) {
        const stmt *s = p->globals[i];
        if (s->sym->is_global != 2)
            continue;
        emit_line_directive(m, s->at);
        put(m, type_is_object(&s->sym->type) ? "static const " : "static ");
        if (!emit_decl(m, s))
            return 0;
    }
    return 1;
}

static int emit_kernel_body(emitter *m, const program *p, const function *f)
{
    fprintf(m->out, "\nstatic inline void %s__body(cmk_thread *cmk_t", f->name);
    emit_param_list(m, f, 1);
    put(m, ")\n{\n");
    m->indent = 1;
    line(m, "(void)cmk_t;");
    for (int i = 0; i < f->nparams; i++) {
        const symbol *s = f->params[i].sym;
        if (type_is_object(&s->type)) {
            line(m, "CMK_ALIGNED %s %s[%d];", elem_c_name(s->type.elem), s->cname,
                 type_count(&s->type));
            line(m, "memcpy(%s, %s, sizeof %s);", s->cname, param_c_name(m, s), s->cname);
        } else if (s->type.elem == EK_F16) {
            line(m, "cmk_half %s;", s->cname);
            line(m, "memcpy(&%s, &%s, sizeof %s);", s->cname, param_c_name(m, s), s->cname);
        }
        line(m, "(void)%s;", s->cname);
    }
    int ok = emit_thread_globals(m, p) && emit_stmt(m, f->body);
    m->indent = 0;
    put(m, "}\n");
    return ok;
}

static void emit_batch_entry(emitter *m, const function *f)
{
    fprintf(m->out, "\nCMK_EXPORT void %s__cmk_batch(cmk_batch *cmk_b", f->name);
    emit_param_list(m, f, 1);
    put(m, ");\n");
    fprintf(m->out, "CMK_EXPORT void %s__cmk_batch(cmk_batch *cmk_b", f->name);
    emit_param_list(m, f, 1);
    put(m, ")\n{\n    cmk_thread t = CMK_THREAD_INIT(cmk_b);\n");
    fprintf(m->out, "    while (cmk_next_point(cmk_b, &t))\n        %s__body(&t", f->name);
    emit_param_list(m, f, 0);
    put(m, ");\n}\n");
}

static void emit_descriptor_params(emitter *m, const function *f)
{
    fprintf(m->out, "\nstatic const cmk_param %s__params[] = {\n", f->name);
    for (int i = 0; i < f->nparams; i++) {
        const symbol *s = f->params[i].sym;
        const ctype *t = &s->type;
        const char *kind = t->elem == EK_SURFACE ? "CMK_PARAM_SURFACE"
                         : type_is_object(t) ? "CMK_PARAM_VECTOR" : "CMK_PARAM_SCALAR";
        fprintf(m->out, "    {\"%s\", %s, %s, %d},\n", s->name, kind, elem_abi_name(t->elem),
                t->elem == EK_SURFACE ? 4 : elem_size(t->elem) * type_count(t));
    }
    if (f->nparams == 0)
        put(m, "    {0, 0, 0, 0},\n");
    put(m, "};\n");
}

static void emit_program_descriptor(emitter *m, const program *p)
{
    put(m, "\nstatic const cmk_kernel_desc cmk_kernels[] = {\n");
    int kernels = 0;
    for (int i = 0; i < p->nfuncs; i++) {
        const function *f = p->funcs[i];
        if (!f->is_kernel)
            continue;
        kernels++;
        fprintf(m->out, "    {\"%s\", (void (*)(void))%s__cmk_batch, %d, %s__params},\n",
                f->name, f->name, f->nparams, f->name);
    }
    if (kernels == 0)
        put(m, "    {0, 0, 0, 0},\n");
    put(m, "};\n\n");
    fprintf(m->out, "CMK_EXPORT const cmk_program_desc cmk_program = {CMK_ABI_VERSION, %d, cmk_kernels};\n",
            kernels);
}

int emit_program(const program *p, const source *src, int line_directives, arena *a, diag *d,
                 FILE *out)
{
    emitter m = {.out = out, .a = a, .d = d, .src = src, .line_directives = line_directives};
    put(&m, "/* Generated by cmc from a C-for-Metal kernel. Edit the kernel, not this. */\n");
    put(&m, "#include <cmk/kernel.h>\n");
    if (!emit_static_globals(&m, p))
        return -1;
    for (int i = 0; i < p->nfuncs; i++) {
        const function *f = p->funcs[i];
        if (!f->is_kernel)
            continue; /* helpers were expanded where they are called */
        if (!emit_kernel_body(&m, p, f))
            return -1;
        emit_batch_entry(&m, f);
        emit_descriptor_params(&m, f);
    }
    emit_program_descriptor(&m, p);
    return d->errors ? -1 : 0;
}
