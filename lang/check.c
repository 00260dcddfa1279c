/*
 * check.c - the second stage: names, types and constants. Gives every
 * expression its CM type (C++'s arithmetic conversions per element), folds
 * integer constants (template arguments must be constants), works out the
 * region of storage each select/row/column/element names, and checks region
 * bounds that are known at translation time.
 */
#include "check.h"

#include <string.h>

#include "clone.h"
#include "intrinsic.h"
#include "types.h"

typedef struct checker {
    arena *a;
    diag *d;
    program *prog;
    ptr_list scope;     /* visible symbols, innermost last */
    function *fn;       /* the kernel or helper being checked */
    inline_call *call;  /* the helper instance being checked, or NULL */
    ptr_list active;    /* helpers being instantiated, to catch recursion */
    int ncalls;         /* numbers helper instances: unique C names */
    int loop_depth;
    int switch_depth;   /* break leaves a switch too */
    int simd_width;     /* inside SIMD control flow: its lanes, else 0 */
    int simd_loops;     /* SIMD_DO_WHILE loops around: SIMD_BREAK/CONTINUE */
    ptr_list globals;   /* file-scope symbols, seen from every function */
} checker;

/* Marks the start of a called function's scope: lookups stop there, so a
 * helper sees its own names only. */
static symbol scope_barrier;

static int check_expr(checker *c, expr *e);
static int check_stmt(checker *c, stmt *s);
static int check_element(checker *c, expr *e);
static int check_decl(checker *c, stmt *s);
static int bind_ref(checker *c, symbol *sym, expr *init, loc at);
static int instantiate(checker *c, expr *call, function *f);
static int check_overloaded_call(checker *c, expr *call);
static int check_sizeof(checker *c, expr *e);
static view *whole_view(checker *c, symbol *sym);
static int is_assignable(checker *c, expr *e);
static int simd_allows(checker *c, stmt *s);
static int simd_width_ok(checker *c, const expr *dst);
static int simd_reduction_ok(checker *c, const expr *call, const expr *operand);
static int is_simd_cf(const stmt *s);
static int check_simd_cf(checker *c, stmt *s);
static int check_scalar_operand(checker *c, expr *e, const char *what);
static int same_count(checker *c, expr *at, const ctype *a, const ctype *b);
static int check_cast(checker *c, expr *e);

/* ---- scopes --------------------------------------------------------------- */

static symbol *lookup(checker *c, const char *name)
{
    for (int i = c->scope.n - 1; i >= 0; i--) {
        symbol *s = c->scope.items[i];
        if (s == &scope_barrier)
            break;
        if (s && !strcmp(s->name, name))
            return s;
    }
    for (int i = 0; i < c->globals.n; i++) {
        symbol *s = c->globals.items[i];
        if (!strcmp(s->name, name))
            return s;
    }
    return NULL;
}

/* NULL entries mark where a block's scope begins. */
static int open_scope(checker *c)
{
    return ptr_list_push(c->a, &c->scope, NULL);
}

static void close_scope(checker *c)
{
    while (c->scope.n > 0 && c->scope.items[--c->scope.n] != NULL)
        ;
}

/* Local names of a helper instance get the instance's number, so they
 * cannot capture the caller's names in region offsets. */
static const char *c_name(checker *c, const char *name)
{
    return c->call ? arena_printf(c->a, "%s_%d", name, c->call->id) : name;
}

static int declare(checker *c, symbol *sym, loc at)
{
    for (int i = c->scope.n - 1; i >= 0 && c->scope.items[i] &&
                                 c->scope.items[i] != &scope_barrier; i--)
        if (!strcmp(((symbol *)c->scope.items[i])->name, sym->name)) {
            diag_error(c->d, at, "redefinition of '%s'", sym->name);
            return 0;
        }
    if (!(sym->cname = c_name(c, sym->name)))
        return 0;
    return ptr_list_push(c->a, &c->scope, sym) == 0;
}

/* ---- constants ------------------------------------------------------------ */

/* v converted to the integer type t as C++ converts (modulo 2^bits); a
 * 64-bit value keeps its bits (unsigned ones read as int64_t). */
static int64_t wrap_to(elem_kind t, int64_t v)
{
    switch (t) {
    case EK_BOOL: return v != 0;
    case EK_I8: return (int8_t)(uint8_t)v;
    case EK_U8: return (uint8_t)v;
    case EK_I16: return (int16_t)(uint16_t)v;
    case EK_U16: return (uint16_t)v;
    case EK_I32: return (int32_t)(uint32_t)v;
    case EK_U32: return (uint32_t)v;
    default: return v;
    }
}

/* The operators whose unsigned 64-bit meaning differs from the signed. */
static int fold_u64(int op, uint64_t a, uint64_t b, int64_t *out)
{
    switch (op) {
    case '/': if (!b) return 0; *out = (int64_t)(a / b); return 1;
    case '%': if (!b) return 0; *out = (int64_t)(a % b); return 1;
    case OP_SHR: *out = (int64_t)(a >> (b & 63)); return 1;
    case '<': *out = a < b; return 1;
    case '>': *out = a > b; return 1;
    case OP_LE: *out = a <= b; return 1;
    case OP_GE: *out = a >= b; return 1;
    }
    return -1;
}

/* a op b with both operands already in the operation's type t (the
 * shift count as it is), as the generated code computes it: wrapping,
 * shift counts modulo the width; x / 0 is left to run time. */
static int fold_binary(int op, elem_kind t, int64_t a, int64_t b, int64_t *out)
{
    int bits = elem_size(t) * 8;
    if (t == EK_U64) {
        int r = fold_u64(op, (uint64_t)a, (uint64_t)b, out);
        if (r >= 0)
            return r;
    }
    switch (op) {
    case '+': *out = (int64_t)((uint64_t)a + (uint64_t)b); return 1;
    case '-': *out = (int64_t)((uint64_t)a - (uint64_t)b); return 1;
    case '*': *out = (int64_t)((uint64_t)a * (uint64_t)b); return 1;
    case '/': if (!b || (a == INT64_MIN && b == -1)) return 0; *out = a / b; return 1;
    case '%': if (!b || (a == INT64_MIN && b == -1)) return 0; *out = a % b; return 1;
    case '&': *out = a & b; return 1;
    case '|': *out = a | b; return 1;
    case '^': *out = a ^ b; return 1;
    case OP_SHL: *out = (int64_t)((uint64_t)a << (b & (bits - 1))); return 1;
    case OP_SHR: *out = a >> (b & (bits - 1)); return 1;
    case '<': *out = a < b; return 1;
    case '>': *out = a > b; return 1;
    case OP_LE: *out = a <= b; return 1;
    case OP_GE: *out = a >= b; return 1;
    case OP_EQ: *out = a == b; return 1;
    case OP_NE: *out = a != b; return 1;
    case OP_AND: *out = a && b; return 1;
    case OP_OR: *out = a || b; return 1;
    }
    return 0;
}

/* A checked template argument that must be an integer constant. */
static int const_arg(checker *c, expr *e, const char *what, int64_t *v)
{
    if (e->kind == E_TYPE || !check_expr(c, e))
        return e->kind == E_TYPE ? (diag_error(c->d, e->at, "%s must be a constant", what), 0) : 0;
    if (!e->is_const) {
        diag_error(c->d, e->at, "%s must be a constant", what);
        return 0;
    }
    *v = e->value;
    return 1;
}

/* A size named in a type (matrix<uchar, N, N>, a constant, an expression). */
static int resolve_size(checker *c, expr *e, int *out)
{
    int64_t v;
    if (!const_arg(c, e, "the size of a vector or matrix", &v))
        return 0;
    if (v <= 0 || v > (1 << 20)) {
        diag_error(c->d, e->at, "the size of a vector or matrix must be positive, not %lld",
                   (long long)v);
        return 0;
    }
    *out = (int)v;
    return 1;
}

/* Fills in the parts of t that template parameters or constants name. */
static int resolve_type(checker *c, ctype *t, loc at)
{
    if (t->elem_param) {
        symbol *s = lookup(c, t->elem_param);
        if (!s || !s->is_type) {
            diag_error(c->d, at, "unknown type '%s'", t->elem_param);
            return 0;
        }
        t->elem = s->type.elem;
        t->elem_param = NULL;
    }
    if (t->rows_e && !resolve_size(c, t->rows_e, &t->rows))
        return 0;
    if (t->cols_e && !resolve_size(c, t->cols_e, &t->cols))
        return 0;
    t->rows_e = t->cols_e = NULL;
    if (t->shape == SH_VECTOR)
        t->rows = 1;
    if (type_is_object(t) && (t->elem == EK_SURFACE || t->elem == EK_VOID)) {
        diag_error(c->d, at, "a vector or matrix cannot hold %s", elem_cm_name(t->elem));
        return 0;
    }
    return 1;
}

static expr *clone_expr_opt(checker *c, const expr *e)
{
    return e ? clone_expr(c->a, e) : NULL;
}

/* ---- regions -------------------------------------------------------------- */

static view *whole_view(checker *c, symbol *sym)
{
    if (sym->alias)
        return sym->alias;
    view *v = arena_alloc(c->a, sizeof *v);
    if (!v)
        return NULL;
    v->base = sym;
    v->rows = sym->type.rows;
    v->cols = sym->type.cols;
    v->rstride = sym->type.cols;
    v->cstride = 1;
    return v;
}

/* Moves the region's origin by idx * scale (idx constant or not). */
static int view_shift(checker *c, view *v, expr *idx, int64_t scale)
{
    if (idx->is_const) {
        v->off += idx->value * scale;
        return 1;
    }
    if (v->nterms == VIEW_MAX_TERMS) {
        diag_error(c->d, idx->at, "too many run-time offsets in one region");
        return 0;
    }
    v->terms[v->nterms++] = (view_term){idx, scale};
    return 1;
}

static view *derive(checker *c, const view *from)
{
    view *v = arena_alloc(c->a, sizeof *v);
    if (v)
        *v = *from;
    return v;
}

/* first + (count-1)*stride must stay inside [0, limit) when first is known. */
static int check_extent(checker *c, expr *first, int64_t count, int64_t stride,
                        int64_t limit, const char *what, const ctype *t)
{
    if (!first->is_const)
        return 1;
    int64_t last = first->value + (count - 1) * stride;
    if (first->value < 0 || last >= limit) {
        diag_error(c->d, first->at,
                   "%s %lld..%lld is out of bounds for %s (0..%lld)", what,
                   (long long)first->value, (long long)last, type_name(c->a, t),
                   (long long)limit - 1);
        return 0;
    }
    return 1;
}

/* ---- builtins --------------------------------------------------------------- */

static int want_args(checker *c, expr *e, int lo, int hi)
{
    if (e->nargs < lo || e->nargs > hi) {
        if (lo == hi)
            diag_error(c->d, e->at, "'%s' takes %d argument%s, not %d", e->name, lo,
                       lo == 1 ? "" : "s", e->nargs);
        else
            diag_error(c->d, e->at, "'%s' takes %d to %d arguments, not %d", e->name, lo, hi,
                       e->nargs);
        return 0;
    }
    for (int i = 0; i < e->nargs; i++)
        if (!check_expr(c, e->args[i]))
            return 0;
    return 1;
}

static int want_integer_scalar(checker *c, expr *e, const char *what)
{
    if (e->type.shape != SH_SCALAR || !elem_is_integer(e->type.elem)) {
        diag_error(c->d, e->at, "%s must be an integer scalar, not %s", what,
                   type_name(c->a, &e->type));
        return 0;
    }
    return 1;
}

/* read(surface, x, y, object) / write(surface, x, y, object): media block. */
static int check_block_io(checker *c, expr *e, int is_read)
{
    if (!want_args(c, e, 4, 4))
        return 0;
    if (e->args[0]->type.elem != EK_SURFACE || e->args[0]->type.shape != SH_SCALAR) {
        diag_error(c->d, e->args[0]->at, "the first argument of '%s' must be a SurfaceIndex",
                   e->name);
        return 0;
    }
    if (!want_integer_scalar(c, e->args[1], "the x offset (in bytes)") ||
        !want_integer_scalar(c, e->args[2], "the y offset (in rows)"))
        return 0;
    expr *obj = e->args[3];
    if (!type_is_object(&obj->type)) {
        diag_error(c->d, obj->at, "'%s' needs a vector or matrix, not %s", e->name,
                   type_name(c->a, &obj->type));
        return 0;
    }
    if (is_read && (!obj->region || obj->region->readonly)) {
        diag_error(c->d, obj->at, "'read' needs a vector, matrix or region to read into");
        return 0;
    }
    e->type = scalar_type(EK_VOID);
    return 1;
}

/* Inside SIMD control flow (cmlangspec 3.4.2) a reduction reads the
 * lanes the execution mask enables, so its operand has the SIMD width;
 * dot products and cm_line work on tuples of lanes, which masks split,
 * and are not allowed; what cm_div and cm_imul write through their first
 * argument is a destination like any other. */
static int check_intrinsic_in_simd(checker *c, const expr *e, intrinsic_id id)
{
    switch (intrinsic_in_simd(id)) {
    case INSIMD_FORBIDDEN:
        diag_error(c->d, e->at, "'%s' is not allowed inside SIMD control flow; it works on "
                                "tuples of lanes", e->name);
        return 0;
    case INSIMD_ACTIVE_LANES:
        return simd_reduction_ok(c, e, e->args[0]);
    default:
        return !intrinsic_first_operand(id) || simd_width_ok(c, e->args[0]);
    }
}

/* A call of a CM intrinsic: arguments first, then its types; one that is
 * computed before its statement gets a temporary to hold its value. */
static int check_intrinsic(checker *c, expr *e, intrinsic_id id)
{
    for (int i = 0; i < e->ntargs; i++) {
        expr *t = e->targs[i];
        if (t->kind == E_TYPE ? !resolve_type(c, &t->type, t->at) : !check_expr(c, t))
            return 0;
    }
    for (int i = 0; i < e->nargs; i++)
        if (!check_expr(c, e->args[i]))
            return 0;
    if (!intrinsic_check(c->a, c->d, e, id))
        return 0;
    if (!intrinsic_is_precomputed(id))
        return 1;
    if (c->simd_width && !check_intrinsic_in_simd(c, e, id))
        return 0;
    symbol *tmp = arena_alloc(c->a, sizeof *tmp);
    if (!tmp)
        return 0;
    tmp->name = "cmk_intrinsic";
    tmp->type = e->type;
    tmp->cname = arena_printf(c->a, "cmk_in%d", ++c->ncalls);
    e->sym = tmp;
    return !type_is_object(&e->type) || (e->region = whole_view(c, tmp)) != NULL;
}

/* uint(x) and (uint)(x) reach us as calls, since the grammar does not
 * know CM's type names: with a scalar type's name (or a template type
 * parameter's) and one argument, or two with SAT, e becomes that cast. */
static int as_functional_cast(checker *c, expr *e, const char *name)
{
    elem_kind el;
    symbol *s = lookup(c, name);
    if (s ? !s->is_type : !scalar_type_by_name(name, &el))
        return 0;
    if (e->nargs != 1 && e->nargs != 2)
        return 0;
    e->kind = E_CAST;
    e->type = scalar_type(s ? s->type.elem : el);
    e->lhs = e->args[0];
    e->rhs = e->nargs == 2 ? e->args[1] : NULL;
    e->args = NULL;
    e->nargs = 0;
    return 1;
}

static int check_call(checker *c, expr *e)
{
    const char *n = e->name;
    intrinsic_id id = intrinsic_lookup(n);
    if (id != IN_NONE && !lookup(c, n))
        return check_intrinsic(c, e, id);
    if (!strcmp(n, "get_thread_origin_x") || !strcmp(n, "get_thread_origin_y")) {
        e->type = scalar_type(EK_U32);
        return want_args(c, e, 0, 0);
    }
    if (!strcmp(n, "read") || !strcmp(n, "write"))
        return check_block_io(c, e, n[0] == 'r');
    if (!strncmp(n, "__cmc_simd_", 11)) {
        diag_error(c->d, e->at, "a SIMD control flow macro is used outside its statement");
        return 0;
    }
    if (!strcmp(n, "cm_wait") || !strcmp(n, "cm_signal") || !strcmp(n, "cm_fence")) {
        e->type = scalar_type(EK_VOID);
        return want_args(c, e, 0, n[3] == 'w' ? 1 : 0);
    }
    symbol *sym = lookup(c, n);
    if (sym && type_is_object(&sym->type)) { /* v(i), m(i, j): element access */
        expr *name = arena_alloc(c->a, sizeof *name);
        if (!name)
            return 0;
        name->kind = E_NAME;
        name->at = e->at;
        name->name = n;
        e->kind = E_ELEMENT;
        e->lhs = name;
        return check_element(c, e);
    }
    if (sym) {
        diag_error(c->d, e->at, "'%s' is not a function", n);
        return 0;
    }
    if (!strcmp(n, "__cmc_sizeof"))
        return check_sizeof(c, e);
    function *only = NULL;
    int candidates = 0;
    for (int i = 0; i < c->prog->nfuncs; i++)
        if (!strcmp(c->prog->funcs[i]->name, n)) {
            only = c->prog->funcs[i];
            candidates++;
        }
    if (candidates == 1)
        return instantiate(c, e, only);
    if (candidates > 1)
        return check_overloaded_call(c, e);
    if (as_functional_cast(c, e, n))
        return check_cast(c, e);
    diag_error(c->d, e->at, "call to unknown function '%s'", n);
    return 0;
}


/* ---- helper functions ---------------------------------------------------------- */

/* The value a template parameter gets from an explicit argument. */
static int bind_explicit(checker *c, const template_param *tp, expr *arg, symbol *out)
{
    if (tp->is_type) {
        if (arg->kind != E_TYPE || !resolve_type(c, &arg->type, arg->at)) {
            if (arg->kind != E_TYPE)
                diag_error(c->d, arg->at, "template parameter '%s' needs a type", tp->name);
            return 0;
        }
        out->type = scalar_type(arg->type.elem);
        return 1;
    }
    return const_arg(c, arg, "a template argument", &out->value);
}

static int is_tparam_name(const expr *e, const char *name)
{
    return e && e->kind == E_NAME && !strcmp(e->name, name);
}

/* Deduces template parameter tp from the parameters' types and the
 * arguments' (vector<T, N> against vector<uchar, 16> gives T and N). */
static int deduce(const function *f, const template_param *tp, expr *const *args,
                  symbol *out)
{
    for (int i = 0; i < f->nparams; i++) {
        const ctype *pt = &f->params[i].sym->type;
        const ctype *at = &args[i]->type;
        if (tp->is_type && pt->elem_param && !strcmp(pt->elem_param, tp->name)) {
            out->type = scalar_type(at->elem);
            return 1;
        }
        if (tp->is_type || !type_is_object(at))
            continue;
        if (is_tparam_name(pt->cols_e, tp->name)) {
            out->value = pt->shape == SH_VECTOR ? type_count(at) : at->cols;
            return 1;
        }
        if (is_tparam_name(pt->rows_e, tp->name) && pt->shape == SH_MATRIX) {
            out->value = at->rows;
            return 1;
        }
    }
    return 0;
}

static int bind_template_params(checker *c, expr *call, function *f)
{
    if (call->ntargs > f->ntparams) {
        diag_error(c->d, call->at, "'%s' has %d template parameters, not %d", f->name,
                   f->ntparams, call->ntargs);
        return 0;
    }
    for (int i = 0; i < f->ntparams; i++) {
        const template_param *tp = &f->tparams[i];
        symbol *s = arena_alloc(c->a, sizeof *s);
        if (!s)
            return 0;
        s->name = tp->name;
        s->is_type = tp->is_type;
        s->is_const = s->has_value = !tp->is_type;
        s->type = scalar_type(EK_I32);
        if (i < call->ntargs ? !bind_explicit(c, tp, call->targs[i], s)
                             : !deduce(f, tp, call->args, s)) {
            if (i >= call->ntargs)
                diag_error(c->d, call->at, "cannot deduce template parameter '%s' of '%s'",
                           tp->name, f->name);
            return 0;
        }
        if (!declare(c, s, tp->at))
            return 0;
    }
    return 1;
}

/* Binds parameter i of the instance to its argument: a reference names the
 * caller's region, a value parameter is a local initialised by the call. */
static int bind_param(checker *c, inline_call *ic, int i, expr *arg)
{
    const param *p = &ic->callee->params[i];
    symbol *sym = clone_symbol(c->a, p->sym);
    if (!sym || !resolve_type(c, &sym->type, p->at))
        return 0;
    sym->is_param = 0;
    ic->params[i] = (param){sym, p->at};
    const ctype *t = &sym->type;
    if (t->is_ref)
        return bind_ref(c, sym, arg, arg->at) && declare(c, sym, p->at);
    if (t->elem == EK_SURFACE && arg->type.elem != EK_SURFACE) {
        diag_error(c->d, arg->at, "'%s' needs a SurfaceIndex", p->sym->name);
        return 0;
    }
    if ((!type_is_object(t) && type_is_object(&arg->type)) ||
        (type_is_object(t) && type_is_object(&arg->type) &&
         type_count(t) != type_count(&arg->type)) ||
        (t->elem != EK_SURFACE && arg->type.elem == EK_SURFACE)) {
        diag_error(c->d, arg->at, "cannot pass %s as %s", type_name(c->a, &arg->type),
                   type_name(c->a, t));
        return 0;
    }
    if (t->elem == EK_SURFACE) { /* a SurfaceIndex is passed on as it is */
        sym->alias = NULL;
        sym->is_const = 1;
    }
    return declare(c, sym, p->at);
}

static int instantiate_body(checker *c, expr *call, inline_call *ic)
{
    function *f = ic->callee;
    if (!bind_template_params(c, call, f))
        return 0;
    for (int i = 0; i < f->nparams; i++)
        if (!bind_param(c, ic, i, call->args[i]))
            return 0;
    ic->ret = f->ret;
    ic->ret.rows_e = clone_expr_opt(c, f->ret.rows_e);
    ic->ret.cols_e = clone_expr_opt(c, f->ret.cols_e);
    if (!resolve_type(c, &ic->ret, f->at))
        return 0;
    if (ic->ret.elem != EK_VOID || type_is_object(&ic->ret)) {
        if (!(ic->result = arena_alloc(c->a, sizeof *ic->result)))
            return 0;
        ic->result->name = "cmk_ret";
        ic->result->type = ic->ret;
        ic->result->type.is_ref = 0;
        ic->result->cname = arena_printf(c->a, "cmk_ret_%d", ic->id);
    }
    ic->body = clone_stmt(c->a, f->body);
    return ic->body && check_stmt(c, ic->body);
}

/* A call of a helper: CM inlines them, so each call is checked (and later
 * emitted) as its own copy of the body. */
static int instantiate_checked(checker *c, expr *call, function *f, int args_checked)
{
    if (f->is_kernel) {
        diag_error(c->d, call->at, "the kernel '%s' cannot be called", f->name);
        return 0;
    }
    for (int i = 0; i < c->active.n; i++)
        if (c->active.items[i] == f) {
            diag_error(c->d, call->at, "'%s' is called recursively; CM does not allow recursion",
                       f->name);
            return 0;
        }
    if (call->nargs != f->nparams) {
        diag_error(c->d, call->at, "'%s' takes %d argument%s, not %d", f->name, f->nparams,
                   f->nparams == 1 ? "" : "s", call->nargs);
        return 0;
    }
    for (int i = 0; i < call->nargs && !args_checked; i++)
        if (!check_expr(c, call->args[i]))
            return 0;
    inline_call *ic = arena_alloc(c->a, sizeof *ic);
    if (!ic || !(ic->params = arena_alloc(c->a, (size_t)(f->nparams + 1) * sizeof *ic->params)))
        return 0;
    ic->callee = f;
    ic->id = ++c->ncalls;
    inline_call *outer_call = c->call;
    function *outer_fn = c->fn;
    int outer_loops = c->loop_depth, outer_switches = c->switch_depth;
    if (c->simd_width) {
        diag_error(c->d, call->at, "a function call inside SIMD control flow is not allowed");
        return 0;
    }
    int base = c->scope.n;
    int ok = ptr_list_push(c->a, &c->active, f) == 0 &&
             ptr_list_push(c->a, &c->scope, &scope_barrier) == 0;
    c->call = ic;
    c->fn = f;
    c->loop_depth = c->switch_depth = 0;
    ok = ok && instantiate_body(c, call, ic);
    c->switch_depth = outer_switches;
    c->call = outer_call;
    c->fn = outer_fn;
    c->loop_depth = outer_loops;
    c->scope.n = base;
    c->active.n--;
    if (!ok)
        return 0;
    call->call = ic;
    call->type = ic->ret;
    call->type.is_ref = 0;
    if (ic->result && type_is_object(&ic->ret) && !(call->region = whole_view(c, ic->result)))
        return 0;
    return 1;
}

static int instantiate(checker *c, expr *call, function *f)
{
    return instantiate_checked(c, call, f, 0);
}

/* ---- overloads ----------------------------------------------------------------- */

enum { FIT_EXACT = 0, FIT_PROMOTION = 1, FIT_CONVERSION = 2, FIT_NONE = -1 };

/* How an argument fits a parameter, after C++ [over.ics.rank] in small:
 * the same type, a promotion (to int, float to double), a conversion, or
 * not at all. Parts named by template parameters fit as deduced. */
static int arg_fit(const ctype *p, const expr *a)
{
    const ctype *t = &a->type;
    if ((p->elem == EK_SURFACE) != (t->elem == EK_SURFACE) || t->elem == EK_VOID)
        return FIT_NONE;
    if (!type_is_object(p) && type_is_object(t))
        return FIT_NONE;
    int sized = type_is_object(p) && !p->rows_e && !p->cols_e;
    if (type_is_object(p) && type_is_object(t) && sized && type_count(p) != type_count(t))
        return FIT_NONE;
    if (p->is_ref && (!a->region || a->region->readonly || (!p->elem_param && t->elem != p->elem)))
        return FIT_NONE;
    if (type_is_object(p) && !type_is_object(t))
        return FIT_CONVERSION; /* a scalar broadcast into a vector */
    if (p->elem_param || p->elem == t->elem)
        return FIT_EXACT;
    if ((p->elem == EK_I32 && elem_promote(t->elem) == EK_I32) ||
        (p->elem == EK_F64 && t->elem == EK_F32))
        return FIT_PROMOTION;
    return FIT_CONVERSION;
}

/* The cost of calling f with call's (checked) arguments: the sum of
 * their fits, or -1 when f cannot take them. */
static int overload_cost(const function *f, const expr *call)
{
    if (f->is_kernel || call->nargs != f->nparams || call->ntargs > f->ntparams ||
        (call->ntargs && !f->is_template))
        return -1;
    for (int i = call->ntargs; i < f->ntparams; i++) {
        symbol ignored = {0};
        if (!deduce(f, &f->tparams[i], call->args, &ignored))
            return -1;
    }
    int cost = 0;
    for (int i = 0; i < f->nparams; i++) {
        int fit = arg_fit(&f->params[i].sym->type, call->args[i]);
        if (fit == FIT_NONE)
            return -1;
        cost += fit;
    }
    return cost;
}

/* Several functions of one name: the cheapest fit wins, a function over
 * a template of the same cost; a tie is ambiguous, as in C++. */
static int check_overloaded_call(checker *c, expr *call)
{
    for (int i = 0; i < call->nargs; i++)
        if (!check_expr(c, call->args[i]))
            return 0;
    function *best = NULL;
    int best_cost = 0, tied = 0;
    for (int i = 0; i < c->prog->nfuncs; i++) {
        function *f = c->prog->funcs[i];
        int cost = strcmp(f->name, call->name) ? -1 : overload_cost(f, call);
        if (cost < 0)
            continue;
        int better = !best || cost < best_cost ||
                     (cost == best_cost && best->is_template && !f->is_template);
        int same = best && cost == best_cost && best->is_template == f->is_template;
        if (better) {
            best = f;
            best_cost = cost;
            tied = 0;
        } else if (same) {
            tied = 1;
        }
    }
    if (!best || tied) {
        diag_error(c->d, call->at, best ? "the call of '%s' is ambiguous between its overloads"
                                        : "no overload of '%s' takes these arguments", call->name);
        return 0;
    }
    return instantiate_checked(c, call, best, 1);
}

/* Two definitions of one signature (not templates: those are told apart
 * by their arguments only at a call). */
static int same_signature(const function *a, const function *b)
{
    if (a->is_kernel || b->is_kernel) /* kernels are extern "C" */
        return 1;
    if (a->is_template || b->is_template || a->nparams != b->nparams)
        return 0;
    for (int i = 0; i < a->nparams; i++) {
        const ctype *x = &a->params[i].sym->type, *y = &b->params[i].sym->type;
        if (x->elem != y->elem || x->shape != y->shape || x->rows != y->rows ||
            x->cols != y->cols || x->is_ref != y->is_ref || x->rows_e || x->cols_e ||
            y->rows_e || y->cols_e)
            return 0;
    }
    return 1;
}

/* sizeof(T), sizeof x: bytes, an integer constant of C++'s size_t. */
static int check_sizeof(checker *c, expr *e)
{
    expr *x = e->ntargs ? e->targs[0] : e->args[0];
    ctype t;
    if (x->kind == E_TYPE) {
        if (!resolve_type(c, &x->type, x->at))
            return 0;
        t = x->type;
    } else {
        if (!check_expr(c, x))
            return 0;
        t = x->type;
    }
    if (t.elem == EK_VOID || t.elem == EK_SURFACE) {
        diag_error(c->d, e->at, "sizeof of %s is not supported by cmc", type_name(c->a, &t));
        return 0;
    }
    e->type = scalar_type(EK_U64);
    e->is_const = 1;
    e->value = (int64_t)elem_size(t.elem) * type_count(&t);
    return 1;
}

/* ---- methods ---------------------------------------------------------------- */

static int check_select(checker *c, expr *e, const ctype *t, const view *from)
{
    int is_2d = t->shape == SH_MATRIX;
    int want = is_2d ? 4 : 2;
    if (e->ntargs != want || e->nargs != want / 2) {
        diag_error(c->d, e->at, "select on a %s takes <%s>(%s)", is_2d ? "matrix" : "vector",
                   is_2d ? "rows, row stride, columns, column stride" : "size, stride",
                   is_2d ? "row, column" : "offset");
        return 0;
    }
    int64_t size[4];
    for (int i = 0; i < want; i++)
        if (!const_arg(c, e->targs[i], "a select<> argument", &size[i]))
            return 0;
    for (int i = 0; i < e->nargs; i++)
        if (!check_expr(c, e->args[i]) || !want_integer_scalar(c, e->args[i], "a select offset"))
            return 0;
    int64_t rows = is_2d ? size[0] : 1, rstride = is_2d ? size[1] : 1;
    int64_t cols = size[want - 2], cstride = size[want - 1];
    if (rows <= 0 || cols <= 0 || rstride < (rows > 1) || cstride < (cols > 1)) {
        diag_error(c->d, e->targs[0]->at, "select<> sizes must be positive and strides at least 1");
        return 0;
    }
    expr *row = is_2d ? e->args[0] : NULL, *col = e->args[e->nargs - 1];
    if ((row && !check_extent(c, row, rows, rstride, t->rows, "rows", t)) ||
        !check_extent(c, col, cols, cstride, t->cols, is_2d ? "columns" : "elements", t))
        return 0;
    view *v = derive(c, from);
    if (!v || (row && !view_shift(c, v, row, from->rstride)) ||
        !view_shift(c, v, col, from->cstride))
        return 0;
    v->rows = (int)rows;
    v->cols = (int)cols;
    v->rstride *= rstride;
    v->cstride *= cstride;
    e->region = v;
    e->type = shaped_type(t->elem, (int)rows, (int)cols);
    e->type.shape = is_2d ? SH_MATRIX : SH_VECTOR;
    e->type.is_ref = 1;
    return 1;
}

/* m.row(i) and m.column(j): a vector_ref along one line of a matrix. */
static int check_line(checker *c, expr *e, const ctype *t, const view *from, int is_row)
{
    if (t->shape != SH_MATRIX) {
        diag_error(c->d, e->at, "'%s' applies to a matrix, not %s", e->name,
                   type_name(c->a, t));
        return 0;
    }
    if (!want_args(c, e, 1, 1) || !want_integer_scalar(c, e->args[0], "the index"))
        return 0;
    int64_t limit = is_row ? t->rows : t->cols;
    if (!check_extent(c, e->args[0], 1, 1, limit, is_row ? "row" : "column", t))
        return 0;
    view *v = derive(c, from);
    if (!v || !view_shift(c, v, e->args[0], is_row ? from->rstride : from->cstride))
        return 0;
    v->rows = 1;
    v->cols = is_row ? t->cols : t->rows;
    v->cstride = is_row ? from->cstride : from->rstride;
    v->rstride = v->cols * v->cstride;
    e->region = v;
    e->type = shaped_type(t->elem, 1, v->cols);
    e->type.is_ref = 1;
    return 1;
}

/* The element type a region reads (format<T>() changes it). */
static elem_kind view_elem(const view *v)
{
    return v->elem ? v->elem : v->base->type.elem;
}

/* Rows one after another with no gaps: what format and replicate need. */
static int view_is_linear(const view *v)
{
    return (v->cols == 1 || v->cstride == 1 || v->rows == 1) &&
           (v->rows == 1 || v->rstride == v->cols * v->cstride);
}

/* Elements one after another in storage: what format reinterprets. */
static int view_is_contiguous(const view *v)
{
    return (v->cols == 1 || v->cstride == 1) && (v->rows == 1 || v->rstride == v->cols);
}

static int no_targs_args(checker *c, expr *e)
{
    if (e->ntargs || e->nargs) {
        diag_error(c->d, e->at, "'%s' takes no arguments", e->name);
        return 0;
    }
    return 1;
}

/* v.select_all(): the whole object as a reference. */
static int check_select_all(checker *c, expr *e, const ctype *t, const view *from)
{
    if (!no_targs_args(c, e) || !(e->region = derive(c, from)))
        return 0;
    e->type = *t;
    e->type.is_ref = 1;
    return 1;
}

/* Moves a view's offsets from units of `from` bytes to units of `to`. */
static int rescale_view(checker *c, expr *e, view *v, int from, int to)
{
    if ((v->off * from) % to) {
        diag_error(c->d, e->at, "format<>() of a region that starts inside a %d-byte element", to);
        return 0;
    }
    v->off = v->off * from / to;
    for (int i = 0; i < v->nterms; i++) {
        if ((v->terms[i].scale * from) % to) {
            diag_error(c->d, e->at, "format<>() of a region whose offset is not a multiple "
                                    "of %d bytes", to);
            return 0;
        }
        v->terms[i].scale = v->terms[i].scale * from / to;
    }
    return 1;
}

/* format<T>() and format<T, R, C>(): the same bytes as another type. */
static int check_format(checker *c, expr *e, const ctype *t, const view *from)
{
    if ((e->ntargs != 1 && e->ntargs != 3) || e->nargs || e->targs[0]->kind != E_TYPE) {
        diag_error(c->d, e->at, "format takes <type> or <type, rows, columns>()");
        return 0;
    }
    ctype *nt = &e->targs[0]->type;
    if (!resolve_type(c, nt, e->targs[0]->at))
        return 0;
    if (!view_is_contiguous(from) || from->readonly) {
        diag_error(c->d, e->at, "format<>() needs a contiguous object, not a strided region");
        return 0;
    }
    int from_size = elem_size(view_elem(from)), to_size = elem_size(nt->elem);
    int64_t bytes = (int64_t)type_count(t) * from_size, rows = 1, cols = bytes / to_size;
    if (e->ntargs == 3 && (!const_arg(c, e->targs[1], "the rows of format<>", &rows) ||
                           !const_arg(c, e->targs[2], "the columns of format<>", &cols)))
        return 0;
    if (rows <= 0 || cols <= 0 || rows * cols * to_size > bytes ||
        (e->ntargs == 1 && bytes % to_size)) {
        diag_error(c->d, e->at, "format<%s%s> does not fit the %lld bytes of %s",
                   elem_cm_name(nt->elem), e->ntargs == 3 ? ", rows, columns" : "",
                   (long long)bytes, type_name(c->a, t));
        return 0;
    }
    view *v = derive(c, from);
    if (!v || !rescale_view(c, e, v, from_size, to_size))
        return 0;
    v->elem = nt->elem == v->base->type.elem ? EK_VOID : nt->elem;
    v->rows = (int)rows;
    v->cols = (int)cols;
    v->cstride = 1;
    v->rstride = cols;
    e->region = v;
    e->type = shaped_type(nt->elem, (int)rows, (int)cols);
    e->type.shape = e->ntargs == 3 ? SH_MATRIX : SH_VECTOR;
    e->type.is_ref = 1;
    return 1;
}

/* replicate<REP>(), <REP, W>(i), <REP, VS, W>(i), <REP, VS, W, HS>(i)
 * (i, j on a matrix): REP blocks of W elements, block b at i + b * VS,
 * element k of a block HS further, over the row-major order of the object.
 * A read-only view: its rows are the blocks. */
static int check_replicate(checker *c, expr *e, const ctype *t, const view *from)
{
    int64_t a[4] = {0, 0, 0, 1}, n = type_count(t);
    int nt = e->ntargs;
    if (nt < 1 || nt > 4 || e->nargs > (t->shape == SH_MATRIX ? 2 : 1) || (nt == 1 && e->nargs)) {
        diag_error(c->d, e->at, "replicate takes <REP>(), <REP, W>(i), <REP, VS, W>(i) or "
                                "<REP, VS, W, HS>(i)%s", t->shape == SH_MATRIX ? " or (i, j)" : "");
        return 0;
    }
    for (int i = 0; i < nt; i++)
        if (!const_arg(c, e->targs[i], "a replicate<> argument", &a[i]))
            return 0;
    int64_t rep = a[0], vs = nt <= 2 ? 0 : a[1];
    int64_t w = nt == 1 ? n : nt == 2 ? a[1] : a[2], hs = nt == 4 ? a[3] : 1;
    if (rep <= 0 || w <= 0 || vs < 0 || hs < 0) {
        diag_error(c->d, e->targs[0]->at, "replicate<> sizes must be positive and strides not negative");
        return 0;
    }
    if (!view_is_linear(from) || from->readonly) {
        diag_error(c->d, e->at, "replicate of a strided matrix region is not supported; "
                                "assign it to a matrix first");
        return 0;
    }
    view *v = derive(c, from);
    if (!v)
        return 0;
    int64_t off = 0, known = 1, unit = from->cstride;
    for (int i = 0; i < e->nargs; i++) {
        expr *x = e->args[i];
        int64_t scale = i == 0 && e->nargs == 2 ? t->cols : 1;
        if (!check_expr(c, x) || !want_integer_scalar(c, x, "a replicate offset") ||
            !view_shift(c, v, x, scale * unit))
            return 0;
        known &= x->is_const;
        off += x->is_const ? x->value * scale : 0;
    }
    int64_t last = off + (rep - 1) * vs + (w - 1) * hs;
    if (known && (off < 0 || last >= n)) {
        diag_error(c->d, e->nargs ? e->args[0]->at : e->at,
                   "replicate reads elements %lld..%lld, out of bounds for %s (0..%lld)",
                   (long long)off, (long long)last, type_name(c->a, t), (long long)n - 1);
        return 0;
    }
    v->rows = (int)rep;
    v->cols = (int)w;
    v->rstride = vs * unit;
    v->cstride = hs * unit;
    v->readonly = 1;
    e->region = v;
    e->type = shaped_type(t->elem, 1, (int)(rep * w));
    return 1;
}

static int want_index_vector(checker *c, expr *x)
{
    if (!check_expr(c, x))
        return 0;
    if (!type_is_object(&x->type) || !elem_is_integer(x->type.elem)) {
        diag_error(c->d, x->at, "an iselect index must be a vector of integers, not %s",
                   type_name(c->a, &x->type));
        return 0;
    }
    return 1;
}

/* v.iselect(idx), m.iselect(rows, cols), m.iselect(idx) (row-major
 * positions, as Intel's emulation allows): a gathered value (not a
 * region); emit.c reads the object's region at each index, checked at
 * run time. */
static int check_iselect(checker *c, expr *e, const ctype *t)
{
    int want = t->shape == SH_MATRIX && e->nargs == 2 ? 2 : 1;
    if (e->ntargs || e->nargs != want) {
        diag_error(c->d, e->at, "iselect on a %s takes %s", t->shape == SH_MATRIX ? "matrix" : "vector",
                   t->shape == SH_MATRIX ? "(row indices, column indices) or (indices)"
                                         : "(indices)");
        return 0;
    }
    for (int i = 0; i < want; i++)
        if (!want_index_vector(c, e->args[i]))
            return 0;
    if (want == 2 && !same_count(c, e, &e->args[0]->type, &e->args[1]->type))
        return 0;
    e->type = shaped_type(t->elem, 1, type_count(&e->args[0]->type));
    return 1;
}

/* v.merge(x, mask) and v.merge(x, y, mask): per element, where the mask's
 * low bit (or bit i of an integer mask) is set, x, else y (or v itself). */
static int check_merge(checker *c, expr *e, const ctype *t)
{
    if (e->ntargs || e->nargs < 2 || e->nargs > 3) {
        diag_error(c->d, e->at, "merge takes (x, mask) or (x, y, mask)");
        return 0;
    }
    if (!is_assignable(c, e->lhs) || (e->lhs->region && e->lhs->region->readonly))
        return 0;
    for (int i = 0; i < e->nargs; i++) {
        expr *x = e->args[i];
        if (!check_expr(c, x))
            return 0;
        if (x->type.elem == EK_SURFACE || x->type.elem == EK_VOID ||
            (type_is_object(&x->type) && !same_count(c, x, t, &x->type)))
            return x->type.elem == EK_SURFACE || x->type.elem == EK_VOID
                   ? (diag_error(c->d, x->at, "merge cannot take %s", type_name(c->a, &x->type)), 0)
                   : 0;
    }
    expr *mask = e->args[e->nargs - 1];
    if (!elem_is_integer(mask->type.elem)) {
        diag_error(c->d, mask->at, "a merge mask must be integer, not %s",
                   type_name(c->a, &mask->type));
        return 0;
    }
    e->type = scalar_type(EK_VOID);
    return 1;
}

/* v.any(), v.all(): a ushort computed before the statement (like the
 * reductions among the intrinsics), in a temporary. */
static int check_any_all(checker *c, expr *e, const ctype *t)
{
    if (!no_targs_args(c, e))
        return 0;
    if (!elem_is_integer(t->elem)) {
        diag_error(c->d, e->at, "'%s' needs a mask of integers, not %s", e->name,
                   type_name(c->a, t));
        return 0;
    }
    if (c->simd_width && !simd_reduction_ok(c, e, e->lhs))
        return 0;
    symbol *tmp = arena_alloc(c->a, sizeof *tmp);
    if (!tmp)
        return 0;
    tmp->name = e->name;
    tmp->type = scalar_type(EK_U16);
    tmp->cname = arena_printf(c->a, "cmk_in%d", ++c->ncalls);
    e->sym = tmp;
    e->type = tmp->type;
    return 1;
}

/* Does a region method on e need e's value in a temporary first? A
 * computed value has no storage; a replicated one is not a region of
 * its base; replicate reads the linear order of a strided region. */
static int needs_spill(const expr *e, int wants_linear)
{
    return !e->region || e->region->readonly || (wants_linear && !view_is_linear(e->region));
}

/* Replaces *ep by the name of a temporary that holds its value, written
 * before the statement (emit.c), so that regions of it can be taken.
 * The temporary is constant: a region of it cannot be assigned to. */
static int spill_value(checker *c, expr **ep)
{
    expr *value = *ep;
    symbol *tmp = arena_alloc(c->a, sizeof *tmp);
    expr *name = arena_alloc(c->a, sizeof *name);
    if (!tmp || !name)
        return 0;
    tmp->name = "a computed value";
    tmp->type = value->type;
    tmp->type.is_ref = 0;
    tmp->is_const = 1;
    tmp->is_spill = 1;
    tmp->cname = arena_printf(c->a, "cmk_v%d", ++c->ncalls);
    *name = (expr){.kind = E_NAME, .at = value->at, .name = tmp->name, .sym = tmp,
                   .type = tmp->type, .value_of = value};
    if (!tmp->cname || !(name->region = whole_view(c, tmp)))
        return 0;
    *ep = name;
    return 1;
}

static int check_method(checker *c, expr *e)
{
    if (!check_expr(c, e->lhs))
        return 0;
    const ctype *t = &e->lhs->type;
    if (!type_is_object(t)) {
        diag_error(c->d, e->at, "'%s' is not a method of %s", e->name, type_name(c->a, t));
        return 0;
    }
    const char *n = e->name;
    if (!strcmp(n, "n_elems") || !strcmp(n, "n_rows") || !strcmp(n, "n_cols")) {
        e->type = scalar_type(EK_I32);
        e->is_const = 1;
        e->value = n[2] == 'e' ? type_count(t) : n[2] == 'r' ? t->rows : t->cols;
        return want_args(c, e, 0, 0);
    }
    if (!strcmp(n, "any") || !strcmp(n, "all"))
        return check_any_all(c, e, t);
    static const char *const region_methods[] = {"select", "row", "column", "select_all",
                                                 "format", "replicate", "iselect", "merge"};
    int is_region = 0;
    for (size_t i = 0; i < sizeof region_methods / sizeof region_methods[0]; i++)
        is_region |= !strcmp(n, region_methods[i]);
    if (!is_region) {
        diag_error(c->d, e->at, "method '%s' is not supported by cmc", n);
        return 0;
    }
    if (strcmp(n, "merge") && needs_spill(e->lhs, !strcmp(n, "replicate")) &&
        !spill_value(c, &e->lhs))
        return 0;
    t = &e->lhs->type;
    const view *from = e->lhs->region;
    if (!from || from->readonly) {
        diag_error(c->d, e->at, "'%s' of a computed value is not supported; assign it first", n);
        return 0;
    }
    if (!strcmp(n, "select"))
        return check_select(c, e, t, from);
    if (!strcmp(n, "select_all"))
        return check_select_all(c, e, t, from);
    if (!strcmp(n, "format"))
        return check_format(c, e, t, from);
    if (!strcmp(n, "replicate"))
        return check_replicate(c, e, t, from);
    if (!strcmp(n, "iselect"))
        return check_iselect(c, e, t);
    if (!strcmp(n, "merge"))
        return check_merge(c, e, t);
    return check_line(c, e, t, e->lhs->region, n[0] == 'r');
}

/* v(i), v[i], m(i, j), m[i] (a row), m[i][j]. */
static int check_element(checker *c, expr *e)
{
    if (e->lhs->kind == E_NAME && as_functional_cast(c, e, e->lhs->name))
        return check_cast(c, e); /* (uint)(x) */
    if (!check_expr(c, e->lhs))
        return 0;
    if (type_is_object(&e->lhs->type) && needs_spill(e->lhs, 0) && !spill_value(c, &e->lhs))
        return 0;
    const ctype *t = &e->lhs->type;
    const view *from = e->lhs->region;
    if (!type_is_object(t) || !from) {
        diag_error(c->d, e->at, "%s cannot be indexed", type_name(c->a, t));
        return 0;
    }
    int want = t->shape == SH_MATRIX ? 2 : 1;
    if (e->nargs != want && !(t->shape == SH_MATRIX && e->nargs == 1)) {
        diag_error(c->d, e->at, "%s takes %d index%s", type_name(c->a, t), want,
                   want == 1 ? "" : "es");
        return 0;
    }
    for (int i = 0; i < e->nargs; i++)
        if (!check_expr(c, e->args[i]) || !want_integer_scalar(c, e->args[i], "an index"))
            return 0;
    view *v = derive(c, from);
    if (!v)
        return 0;
    if (t->shape == SH_MATRIX && e->nargs == 1) { /* m[i]: a row */
        if (!check_extent(c, e->args[0], 1, 1, t->rows, "row", t) ||
            !view_shift(c, v, e->args[0], from->rstride))
            return 0;
        v->rows = 1;
        e->region = v;
        e->type = shaped_type(t->elem, 1, t->cols);
        e->type.is_ref = 1;
        return 1;
    }
    expr *row = want == 2 ? e->args[0] : NULL, *col = e->args[want - 1];
    if ((row && (!check_extent(c, row, 1, 1, t->rows, "row", t) ||
                 !view_shift(c, v, row, from->rstride))) ||
        !check_extent(c, col, 1, 1, t->cols, "element", t) ||
        !view_shift(c, v, col, from->cstride))
        return 0;
    v->rows = v->cols = 1;
    e->region = v;
    e->type = scalar_type(t->elem);
    return 1;
}

/* ---- operators ---------------------------------------------------------------- */

static int is_comparison(int op)
{
    return op == '<' || op == '>' || op == OP_LE || op == OP_GE || op == OP_EQ || op == OP_NE;
}

static int same_count(checker *c, expr *at, const ctype *a, const ctype *b)
{
    if (type_count(a) != type_count(b)) {
        diag_error(c->d, at->at, "%s and %s have different numbers of elements (%d and %d)",
                   type_name(c->a, a), type_name(c->a, b), type_count(a), type_count(b));
        return 0;
    }
    return 1;
}

/* The element type op gives for operands of element types a and b. */
static int binary_elem(checker *c, expr *e, elem_kind a, elem_kind b, elem_kind *out)
{
    int op = e->op;
    int integer_only = op == '%' || op == '&' || op == '|' || op == '^' || op == OP_SHL ||
                       op == OP_SHR;
    if (a == EK_SURFACE || b == EK_SURFACE || a == EK_VOID || b == EK_VOID) {
        diag_error(c->d, e->at, "invalid operands to a binary operator");
        return 0;
    }
    if (integer_only && (elem_is_float(a) || elem_is_float(b))) {
        diag_error(c->d, e->at, "this operator needs integer operands");
        return 0;
    }
    if (is_comparison(op) || op == OP_AND || op == OP_OR)
        *out = EK_BOOL;
    else if (op == OP_SHL || op == OP_SHR)
        *out = elem_promote(a);
    else
        *out = elem_common(a, b);
    return 1;
}

/* A binary operator on integer constants, in the type C++ computes it
 * in (the shift count as it is), converted to the result type. */
static void fold_constant(expr *e)
{
    const expr *l = e->lhs, *r = e->rhs;
    if (!l->is_const || !r->is_const)
        return;
    int op = e->op, is_shift = op == OP_SHL || op == OP_SHR;
    elem_kind t = is_shift ? elem_promote(l->type.elem)
                : op == OP_AND || op == OP_OR ? EK_BOOL : elem_common(l->type.elem, r->type.elem);
    int64_t a = wrap_to(t, l->value), b = is_shift ? r->value : wrap_to(t, r->value), v;
    if (!fold_binary(op, t, a, b, &v))
        return;
    e->is_const = 1;
    e->value = wrap_to(e->type.elem, v);
}

/* `(ushort)-1` reaches us as `ushort - 1`: the grammar does not know
 * CM's type names. With a type's name on the left of + or -, e becomes the
 * cast of the signed operand; a wider operand (`(T)-x * y`) would bind
 * differently in C++, so it is refused rather than guessed. */
static int as_signed_cast(checker *c, expr *e, int *ok)
{
    if ((e->op != '-' && e->op != '+') || e->lhs->kind != E_NAME)
        return 0;
    expr *sign = arena_alloc(c->a, sizeof *sign), call = {.nargs = 1, .args = &sign};
    if (!sign || !as_functional_cast(c, &call, e->lhs->name))
        return 0;
    if (e->rhs->kind == E_BINARY || e->rhs->kind == E_COND || e->rhs->kind == E_ASSIGN) {
        diag_error(c->d, e->at, "write the cast to '%s' as (%s)(...) here", e->lhs->name,
                   e->lhs->name);
        *ok = 0;
        return 1;
    }
    *sign = (expr){.kind = E_UNARY, .at = e->rhs->at, .op = e->op, .lhs = e->rhs};
    *e = (expr){.kind = E_CAST, .at = e->at, .type = call.type, .lhs = sign};
    *ok = check_cast(c, e);
    return 1;
}

static int check_binary(checker *c, expr *e)
{
    int ok;
    if (as_signed_cast(c, e, &ok))
        return ok;
    if (!check_expr(c, e->lhs) || !check_expr(c, e->rhs))
        return 0;
    const ctype *l = &e->lhs->type, *r = &e->rhs->type;
    elem_kind el;
    if (!binary_elem(c, e, l->elem, r->elem, &el))
        return 0;
    if (!type_is_object(l) && !type_is_object(r)) {
        e->type = scalar_type(el);
        return fold_constant(e), 1;
    }
    if (e->op == OP_AND || e->op == OP_OR) {
        diag_error(c->d, e->at, "'%s' needs scalar operands", e->op == OP_AND ? "&&" : "||");
        return 0;
    }
    if (type_is_object(l) && type_is_object(r) && !same_count(c, e, l, r))
        return 0;
    const ctype *shape = type_is_object(l) ? l : r;
    /* comparisons of objects give masks: vector<ushort> of 0 and 1 */
    e->type = shaped_type(el == EK_BOOL ? EK_U16 : el, shape->rows, shape->cols);
    e->type.shape = shape->shape;
    return 1;
}

static int check_unary(checker *c, expr *e)
{
    if (!check_expr(c, e->lhs))
        return 0;
    const ctype *t = &e->lhs->type;
    if (t->elem == EK_SURFACE || t->elem == EK_VOID || (e->op == '~' && elem_is_float(t->elem))) {
        diag_error(c->d, e->at, "invalid operand to unary '%c'", e->op);
        return 0;
    }
    elem_kind el = e->op == '!' ? EK_BOOL : elem_promote(t->elem);
    if (type_is_object(t)) { /* !v gives a mask, as comparisons do */
        e->type = *t;
        e->type.elem = el == EK_BOOL ? EK_U16 : el;
        e->type.is_ref = 0;
        return 1;
    }
    e->type = scalar_type(el);
    if (e->lhs->is_const) {
        int64_t v = wrap_to(el, e->lhs->value);
        e->is_const = 1;
        e->value = wrap_to(el, e->op == '-' ? (int64_t)(0 - (uint64_t)v) : e->op == '~' ? ~v
                                : e->op == '!' ? !v : v);
    }
    return 1;
}

static int is_assignable(checker *c, expr *e)
{
    if (e->kind == E_NAME && e->sym && !e->sym->is_const && e->sym->type.elem != EK_SURFACE)
        return 1;
    if (e->region && !e->region->base->is_const && !e->region->readonly)
        return 1;
    diag_error(c->d, e->at, "this expression cannot be assigned to");
    return 0;
}

static int check_assign(checker *c, expr *e)
{
    if (!check_expr(c, e->lhs) || !check_expr(c, e->rhs) || !is_assignable(c, e->lhs))
        return 0;
    const ctype *l = &e->lhs->type, *r = &e->rhs->type;
    if (r->elem == EK_SURFACE || r->elem == EK_VOID) {
        diag_error(c->d, e->rhs->at, "%s cannot be assigned", type_name(c->a, r));
        return 0;
    }
    if (!type_is_object(l) && type_is_object(r)) {
        diag_error(c->d, e->at, "cannot assign %s to the scalar %s", type_name(c->a, r),
                   type_name(c->a, l));
        return 0;
    }
    if (type_is_object(l) && type_is_object(r) && !same_count(c, e, l, r))
        return 0;
    elem_kind ignored;
    if (e->op != '=' && !binary_elem(c, e, l->elem, r->elem, &ignored))
        return 0;
    e->type = *l;
    return 1;
}

/* The second argument of vector<T, N>(x, SAT): a constant flag word. */
static int check_cast_flags(checker *c, expr *e)
{
    int64_t flags;
    if (!const_arg(c, e->rhs, "the flags of a conversion (SAT)", &flags))
        return 0;
    e->sat = (flags & 1) != 0;
    e->rhs = NULL; /* folded: nothing left to read */
    return 1;
}

static int check_cast(checker *c, expr *e)
{
    if (!resolve_type(c, &e->type, e->at) || !check_expr(c, e->lhs) ||
        (e->rhs && !check_cast_flags(c, e)))
        return 0;
    const ctype *from = &e->lhs->type;
    if (from->elem == EK_SURFACE || e->type.elem == EK_SURFACE || from->elem == EK_VOID) {
        diag_error(c->d, e->at, "cannot convert %s to %s", type_name(c->a, from),
                   type_name(c->a, &e->type));
        return 0;
    }
    if (type_is_object(&e->type)) {
        if (type_is_object(from) && !same_count(c, e, &e->type, from))
            return 0;
        e->type.is_ref = 0;
        return 1;
    }
    if (type_is_object(from)) {
        diag_error(c->d, e->at, "cannot convert %s to the scalar %s", type_name(c->a, from),
                   type_name(c->a, &e->type));
        return 0;
    }
    if (e->lhs->is_const && elem_is_integer(e->type.elem) && !e->sat) {
        e->is_const = 1;
        e->value = wrap_to(e->type.elem, e->lhs->value);
    }
    return 1;
}

static int check_name(checker *c, expr *e)
{
    symbol *s = lookup(c, e->name);
    if (!s) {
        diag_error(c->d, e->at, "'%s' was not declared", e->name);
        return 0;
    }
    e->sym = s;
    e->type = s->type;
    if (type_is_object(&s->type) && !(e->region = whole_view(c, s)))
        return 0;
    if (s->has_value) {
        e->is_const = 1;
        e->value = s->value;
    }
    return 1;
}

static int check_scalar_operand(checker *c, expr *e, const char *what)
{
    if (!check_expr(c, e))
        return 0;
    if (e->type.shape != SH_SCALAR || e->type.elem == EK_SURFACE || e->type.elem == EK_VOID) {
        diag_error(c->d, e->at, "%s must be a scalar, not %s", what, type_name(c->a, &e->type));
        return 0;
    }
    return 1;
}

static int check_expr(checker *c, expr *e)
{
    switch (e->kind) {
    case E_INT:
        e->is_const = 1;
        e->value = e->ival;
        return 1;
    case E_FLOAT:
        return 1;
    case E_NAME:
        return check_name(c, e);
    case E_UNARY:
        return check_unary(c, e);
    case E_BINARY:
        return check_binary(c, e);
    case E_ASSIGN:
        return check_assign(c, e);
    case E_INCDEC:
        if (!check_scalar_operand(c, e->lhs, "the operand of ++/--") || !is_assignable(c, e->lhs))
            return 0;
        if (e->lhs->type.elem == EK_F16) {
            diag_error(c->d, e->at, "++/-- of a half is not supported by cmc; write h += 1");
            return 0;
        }
        e->type = e->lhs->type;
        return 1;
    case E_COND:
        if (!check_scalar_operand(c, e->lhs, "a condition") ||
            !check_scalar_operand(c, e->args[0], "a '?:' operand") ||
            !check_scalar_operand(c, e->rhs, "a '?:' operand"))
            return 0;
        if (c->simd_width && !e->lhs->is_const) { /* cmlangspec 3.4.2 */
            diag_error(c->d, e->at, "a conditional expression is not allowed inside SIMD "
                                    "control flow; use SIMD_IF_BEGIN or merge");
            return 0;
        }
        e->type = scalar_type(elem_common(e->args[0]->type.elem, e->rhs->type.elem));
        return 1;
    case E_CALL:
        return check_call(c, e);
    case E_METHOD:
        return check_method(c, e);
    case E_ELEMENT:
        return check_element(c, e);
    case E_CAST:
        return check_cast(c, e);
    case E_TYPE:
        diag_error(c->d, e->at, "a type is not a value");
        return 0;
    case E_LIST:
        diag_error(c->d, e->at, "an initializer list is only allowed in a declaration");
        return 0;
    }
    return 0;
}

/* ---- statements ------------------------------------------------------------------ */

/* A vector_ref/matrix_ref names the region it is bound to. */
static int bind_ref(checker *c, symbol *sym, expr *init, loc at)
{
    const ctype *t = &sym->type;
    if (!init || !init->region || init->region->readonly || init->type.elem != t->elem ||
        type_count(&init->type) != type_count(t)) {
        diag_error(c->d, init ? init->at : at,
                   "%s must be bound to a region of the same element type and size",
                   type_name(c->a, t));
        return 0;
    }
    const view *r = init->region;
    if (init->type.rows != t->rows && r->rows > 1 && r->cstride * r->cols != r->rstride) {
        diag_error(c->d, init->at, "%s cannot reshape a strided region", type_name(c->a, t));
        return 0;
    }
    if (!(sym->alias = derive(c, r)))
        return 0;
    sym->alias->rows = t->rows;
    sym->alias->cols = t->cols;
    if (r->rows > 1 && t->rows != r->rows) { /* contiguous rows: re-cut them */
        sym->alias->cstride = r->cstride;
        sym->alias->rstride = r->cstride * t->cols;
    } else if (r->rows == 1 && t->rows > 1) {
        sym->alias->rstride = r->cstride * t->cols;
    }
    return 1;
}

/* T t[N] = {a, b, ...} (or a vector): scalars, at most N, the rest zero. */
/* {{a, b}, {c}} for a table of rows: row by row into one flat list, the
 * elements a row leaves out zero (C's rules for nested braces). */
static int flatten_rows(checker *c, const ctype *t, expr *list)
{
    int nested = 0;
    for (int i = 0; i < list->nargs; i++)
        nested += list->args[i]->kind == E_LIST;
    if (!nested)
        return 1;
    if (nested != list->nargs || t->shape != SH_MATRIX || list->nargs > t->rows) {
        diag_error(c->d, list->at, "nested initialisers must give the rows of %s, each in "
                   "braces", type_name(c->a, t));
        return 0;
    }
    int n = list->nargs * t->cols;
    expr **flat = arena_alloc(c->a, (size_t)n * sizeof *flat);
    expr *zero = arena_alloc(c->a, sizeof *zero);
    if (!flat || !zero)
        return 0;
    *zero = (expr){.kind = E_INT, .at = list->at, .type = scalar_type(EK_I32)};
    for (int r = 0; r < list->nargs; r++) {
        expr *row = list->args[r];
        if (row->nargs > t->cols) {
            diag_error(c->d, row->at, "too many initialisers for a row of %s",
                       type_name(c->a, t));
            return 0;
        }
        for (int k = 0; k < t->cols; k++)
            flat[r * t->cols + k] = k < row->nargs ? row->args[k] : zero;
    }
    list->args = flat;
    list->nargs = n;
    return 1;
}

static int check_init_list(checker *c, stmt *s)
{
    const ctype *t = &s->sym->type;
    expr *list = s->init;
    if (type_is_object(t) && !flatten_rows(c, t, list))
        return 0;
    if (!type_is_object(t) || t->is_ref || list->nargs > type_count(t)) {
        diag_error(c->d, list->at, type_is_object(t) && !t->is_ref
                   ? "too many initialisers for %s" : "%s cannot be initialised with a list",
                   type_name(c->a, t));
        return 0;
    }
    for (int i = 0; i < list->nargs; i++)
        if (!check_scalar_operand(c, list->args[i], "an initialiser"))
            return 0;
    list->type = *t;
    return 1;
}

/* vector<T, N> v(table): a table of another size gives the first
 * min(N, its size) elements, the rest stay unset (cmlangspec 3.2.3). */
static int from_table(checker *c, stmt *s)
{
    expr *init = s->init;
    if (init->kind != E_NAME || !init->sym || !init->sym->is_array || !init->region)
        return 0;
    int n = type_count(&s->sym->type) < type_count(&init->type) ? type_count(&s->sym->type)
                                                                 : type_count(&init->type);
    expr *first = arena_alloc(c->a, sizeof *first);
    view *v = derive(c, init->region);
    if (!first || !v)
        return 0;
    *first = *init;
    v->rows = 1;
    v->cols = n;
    v->rstride = n;
    first->region = v;
    first->type = shaped_type(init->type.elem, 1, n);
    s->init = first;
    s->init_count = n;
    return 1;
}

static int check_decl(checker *c, stmt *s)
{
    symbol *sym = s->sym;
    const ctype *t = &sym->type;
    if (!resolve_type(c, &sym->type, s->at))
        return 0;
    if (t->elem == EK_VOID || t->elem == EK_SURFACE) {
        diag_error(c->d, s->at, "a local variable cannot have type %s", type_name(c->a, t));
        return 0;
    }
    if (s->init && s->init->kind == E_LIST)
        return check_init_list(c, s) && declare(c, sym, s->at);
    if (s->init && !check_expr(c, s->init))
        return 0;
    if (t->is_ref)
        return bind_ref(c, sym, s->init, s->at) && declare(c, sym, s->at);
    if (s->init) {
        const ctype *it = &s->init->type;
        if (it->elem == EK_SURFACE || it->elem == EK_VOID ||
            (!type_is_object(t) && type_is_object(it))) {
            diag_error(c->d, s->init->at, "cannot initialise %s with %s", type_name(c->a, t),
                       type_name(c->a, it));
            return 0;
        }
        if (type_is_object(t) && type_is_object(it) && type_count(t) != type_count(it) &&
            !from_table(c, s) && !same_count(c, s->init, t, it))
            return 0;
        if (sym->is_const && !type_is_object(t) && s->init->is_const &&
            elem_is_integer(t->elem)) {
            sym->has_value = 1;
            sym->value = wrap_to(t->elem, s->init->value);
        }
    } else if (sym->is_const) {
        diag_error(c->d, s->at, "the constant '%s' needs an initialiser", sym->name);
        return 0;
    }
    return declare(c, sym, s->at);
}

static int check_condition(checker *c, expr *e)
{
    if (!check_expr(c, e))
        return 0;
    if (type_is_object(&e->type)) {
        diag_error(c->d, e->at, "a vector condition needs SIMD_IF_BEGIN, any() or all()");
        return 0;
    }
    if (e->type.elem == EK_VOID || e->type.elem == EK_SURFACE) {
        diag_error(c->d, e->at, "a condition must be a scalar");
        return 0;
    }
    return 1;
}

static int check_block(checker *c, stmt *s)
{
    if (open_scope(c))
        return 0;
    int ok = 1;
    for (int i = 0; i < s->nitems; i++)
        ok &= check_stmt(c, s->items[i]);
    close_scope(c);
    return ok;
}

static int check_loop_body(checker *c, stmt *body)
{
    c->loop_depth++;
    int ok = check_stmt(c, body);
    c->loop_depth--;
    return ok;
}

static int check_for(checker *c, stmt *s)
{
    if (open_scope(c))
        return 0;
    int ok = (!s->init_stmt || check_stmt(c, s->init_stmt)) && (!s->e || check_condition(c, s->e)) &&
             (!s->step || check_expr(c, s->step)) && check_loop_body(c, s->body);
    close_scope(c);
    return ok;
}

/* return in a kernel (no value) or in a helper (its declared type). */
static int check_return(checker *c, stmt *s)
{
    const ctype *want = c->call ? &c->call->ret : NULL;
    int wants_value = want && (want->elem != EK_VOID || type_is_object(want));
    if (!s->e) {
        if (wants_value) {
            diag_error(c->d, s->at, "'%s' must return %s", c->fn->name, type_name(c->a, want));
            return 0;
        }
        return 1;
    }
    if (!wants_value) {
        diag_error(c->d, s->at, c->call ? "'%s' returns no value" : "a kernel returns no value",
                   c->fn->name);
        return 0;
    }
    if (!check_expr(c, s->e))
        return 0;
    const ctype *t = &s->e->type;
    if (t->elem == EK_VOID || t->elem == EK_SURFACE || (!type_is_object(want) && type_is_object(t)) ||
        (type_is_object(want) && type_is_object(t) && type_count(want) != type_count(t))) {
        diag_error(c->d, s->e->at, "cannot return %s from a function returning %s",
                   type_name(c->a, t), type_name(c->a, want));
        return 0;
    }
    return 1;
}

/* ---- SIMD control flow ------------------------------------------------------------ */

/* cm/cm.h spells SIMD_IF_BEGIN(c) as `if (__cmc_simd_if(c))`, SIMD_ELSEIF
 * as `else if (...)`, SIMD_DO_WHILE_BEGIN/END(c) as `do ... while
 * (__cmc_simd_while(c))` and SIMD_BREAK/SIMD_CONTINUE as calls. */
static int is_call_named(const expr *e, const char *name)
{
    return e && e->kind == E_CALL && !strcmp(e->name, name);
}

static int is_simd_cf(const stmt *s)
{
    return (s->kind == S_IF && is_call_named(s->e, "__cmc_simd_if")) ||
           (s->kind == S_DO && is_call_named(s->e, "__cmc_simd_while")) ||
           (s->kind == S_EXPR && (is_call_named(s->e, "__cmc_simd_break") ||
                                  is_call_named(s->e, "__cmc_simd_continue")));
}

/* The lanes of a SIMD condition: its elements, or the enclosing width. */
static int simd_condition(checker *c, stmt *s)
{
    expr *call = s->e;
    if (call->nargs != 1 || !check_expr(c, call->args[0]))
        return call->nargs == 1 ? 0 : (diag_error(c->d, call->at, "a SIMD condition takes one "
                                                  "argument"), 0);
    const ctype *t = &call->args[0]->type;
    int w = type_is_object(t) ? type_count(t) : c->simd_width;
    if (t->elem == EK_SURFACE || t->elem == EK_VOID || !w) {
        diag_error(c->d, call->at, "a SIMD condition must be a vector or matrix%s",
                   c->simd_width ? "" : " outside SIMD control flow");
        return 0;
    }
    if (w < 2 || w > 32 || (w & (w - 1))) {
        diag_error(c->d, call->args[0]->at, "the SIMD width %d is not a power of two from 2 to 32", w);
        return 0;
    }
    if (c->simd_width && w != c->simd_width) {
        diag_error(c->d, call->args[0]->at, "SIMD width %d inside SIMD control flow of width %d",
                   w, c->simd_width);
        return 0;
    }
    call->type = scalar_type(EK_VOID);
    return s->simd_width = w;
}

static int check_simd_body(checker *c, stmt *body, int width, int loops)
{
    int outer = c->simd_width;
    c->simd_width = width;
    c->simd_loops += loops;
    int ok = check_stmt(c, body);
    c->simd_loops -= loops;
    c->simd_width = outer;
    return ok;
}

/* A SIMD_DO_WHILE_END condition runs inside its loop, on the lanes that
 * reach it: its reductions read one element per lane like the body's. */
static int condition_reductions_ok(checker *c, const expr *e)
{
    if (!e)
        return 1;
    int reduces = (e->kind == E_CALL && e->intrin && e->sym &&
                   intrinsic_in_simd((intrinsic_id)e->intrin) == INSIMD_ACTIVE_LANES) ||
                  (e->kind == E_METHOD && e->sym);
    if (reduces && !simd_reduction_ok(c, e, e->kind == E_CALL ? e->args[0] : e->lhs))
        return 0;
    for (int i = 0; i < e->nargs; i++)
        if (!condition_reductions_ok(c, e->args[i]))
            return 0;
    return condition_reductions_ok(c, e->lhs) && condition_reductions_ok(c, e->rhs) &&
           condition_reductions_ok(c, e->value_of);
}

static int check_simd_cf(checker *c, stmt *s)
{
    if (s->kind == S_EXPR) {
        if (!c->simd_loops) {
            diag_error(c->d, s->at, "%s outside SIMD_DO_WHILE", s->e->name[11] == 'b'
                       ? "SIMD_BREAK" : "SIMD_CONTINUE");
            return 0;
        }
        s->simd_kind = s->e->name[11] == 'b' ? 1 : 2;
        s->e->type = scalar_type(EK_VOID);
        return 1;
    }
    int w = simd_condition(c, s);
    if (!w)
        return 0;
    if (s->kind == S_DO) {
        int outer = c->simd_width;
        c->simd_width = w;
        int ok = condition_reductions_ok(c, s->e->args[0]);
        c->simd_width = outer;
        return ok && check_simd_body(c, s->body, w, 1);
    }
    return check_simd_body(c, s->body, w, 0) &&
           (!s->else_body || check_simd_body(c, s->else_body, w, 0));
}

/* What a SIMD block may hold (cmlangspec 3.4.2): no scalar control flow,
 * no jumps but SIMD_BREAK/SIMD_CONTINUE, no block I/O. */
static int simd_allows(checker *c, stmt *s)
{
    static const char *const what[] = {
        [S_IF] = "an 'if'", [S_FOR] = "a 'for' loop", [S_WHILE] = "a 'while' loop",
        [S_DO] = "a 'do' loop", [S_BREAK] = "'break'", [S_CONTINUE] = "'continue'",
        [S_RETURN] = "'return'", [S_SWITCH] = "a 'switch'",
    };
    if (s->kind < (int)(sizeof what / sizeof what[0]) && what[s->kind] && !is_simd_cf(s)) {
        diag_error(c->d, s->at, "%s is not allowed inside SIMD control flow; use the SIMD_ "
                                "statements", what[s->kind]);
        return 0;
    }
    return 1;
}

/* A destination in a SIMD block has SIMD-width elements or one. */
static int simd_width_ok(checker *c, const expr *dst)
{
    if (type_count(&dst->type) != 1 && type_count(&dst->type) != c->simd_width) {
        diag_error(c->d, dst->at, "%s written inside SIMD control flow of width %d; it must "
                   "have %d elements or one", type_name(c->a, &dst->type), c->simd_width,
                   c->simd_width);
        return 0;
    }
    return 1;
}

/* A reduction in a SIMD block reads one element per lane (cmlangspec 3.4.2). */
static int simd_reduction_ok(checker *c, const expr *call, const expr *operand)
{
    if (type_count(&operand->type) != c->simd_width) {
        diag_error(c->d, operand->at, "'%s' inside SIMD control flow of width %d reduces one "
                   "element per lane, not %d elements", call->name, c->simd_width,
                   type_count(&operand->type));
        return 0;
    }
    return 1;
}

/* A statement in a SIMD block writes SIMD-width elements or one. */
static int simd_dest_ok(checker *c, const expr *e)
{
    const expr *dst = e->kind == E_ASSIGN || e->kind == E_INCDEC ? e->lhs
                    : e->kind == E_METHOD && !strcmp(e->name, "merge") ? e->lhs : NULL;
    if (e->kind == E_CALL && (!strcmp(e->name, "read") || !strcmp(e->name, "write"))) {
        diag_error(c->d, e->at, "'%s' is not allowed inside SIMD control flow", e->name);
        return 0;
    }
    return !dst || simd_width_ok(c, dst);
}

/* switch (e) { case K: ... default: ... }: constant, distinct labels. */
static int check_switch(checker *c, stmt *s)
{
    if (!check_condition(c, s->e) || !want_integer_scalar(c, s->e, "a switch condition"))
        return 0;
    int defaults = 0, ok = open_scope(c) == 0;
    c->switch_depth++;
    for (int i = 0; ok && i < s->body->nitems; i++) {
        stmt *k = s->body->items[i];
        if (k->e) {
            ok = check_expr(c, k->e) && want_integer_scalar(c, k->e, "a case label");
            if (ok && !k->e->is_const) {
                diag_error(c->d, k->e->at, "a case label must be a constant");
                ok = 0;
            }
            for (int j = 0; ok && j < i; j++)
                if (s->body->items[j]->e && s->body->items[j]->e->value == k->e->value) {
                    diag_error(c->d, k->e->at, "duplicate case value %lld", (long long)k->e->value);
                    ok = 0;
                }
        } else if (defaults++) {
            diag_error(c->d, k->at, "more than one 'default' label in one switch");
            ok = 0;
        }
        for (int j = 0; ok && j < k->nitems; j++)
            ok = check_stmt(c, k->items[j]);
    }
    c->switch_depth--;
    close_scope(c);
    return ok;
}

static int check_stmt(checker *c, stmt *s)
{
    if (c->simd_width && !simd_allows(c, s))
        return 0;
    if (is_simd_cf(s))
        return check_simd_cf(c, s);
    switch (s->kind) {
    case S_SWITCH:
        return check_switch(c, s);
    case S_CASE:
        return 1;
    case S_EXPR:
        return check_expr(c, s->e) && (!c->simd_width || simd_dest_ok(c, s->e));
    case S_DECL:
        return check_decl(c, s);
    case S_BLOCK:
        return check_block(c, s);
    case S_IF:
        return check_condition(c, s->e) && check_stmt(c, s->body) &&
               (!s->else_body || check_stmt(c, s->else_body));
    case S_FOR:
        return check_for(c, s);
    case S_WHILE:
    case S_DO:
        return check_condition(c, s->e) && check_loop_body(c, s->body);
    case S_BREAK:
    case S_CONTINUE:
        if (!c->loop_depth && !(s->kind == S_BREAK && c->switch_depth)) {
            diag_error(c->d, s->at, "'%s' outside a loop", s->kind == S_BREAK ? "break" : "continue");
            return 0;
        }
        return 1;
    case S_RETURN:
        return check_return(c, s);
    case S_EMPTY:
        return 1;
    }
    return 0;
}

/* ---- functions --------------------------------------------------------------------- */

static int check_param(checker *c, param *p)
{
    const ctype *t = &p->sym->type;
    if (t->is_ref || t->elem == EK_VOID || t->elem == EK_BOOL) {
        diag_error(c->d, p->at, "a kernel parameter cannot have type %s", type_name(c->a, t));
        return 0;
    }
    return declare(c, p->sym, p->at);
}

static int check_kernel(checker *c, function *f)
{
    c->fn = f;
    c->call = NULL;
    if (f->ret.elem != EK_VOID || f->ret.shape != SH_SCALAR) {
        diag_error(c->d, f->at, "the kernel '%s' must return void", f->name);
        return 0;
    }
    if (f->is_template) {
        diag_error(c->d, f->at, "the kernel '%s' cannot be a template", f->name);
        return 0;
    }
    c->scope.n = 0;
    int ok = open_scope(c) == 0;
    for (int i = 0; ok && i < f->nparams; i++)
        ok = resolve_type(c, &f->params[i].sym->type, f->params[i].at) &&
             check_param(c, &f->params[i]);
    ok = ok && check_stmt(c, f->body);
    close_scope(c);
    return ok;
}

/* A helper nobody calls is still checked once, with its parameters as
 * plain variables, so its errors are reported. Templates need arguments. */
static int check_uncalled_helper(checker *c, function *f)
{
    if (f->is_template)
        return 1;
    expr call = {.kind = E_CALL, .at = f->at, .name = f->name, .nargs = f->nparams};
    call.args = arena_alloc(c->a, (size_t)(f->nparams + 1) * sizeof *call.args);
    if (!call.args)
        return 0;
    c->scope.n = 0;
    for (int i = 0; i < f->nparams; i++) {
        symbol *stand_in = clone_symbol(c->a, f->params[i].sym);
        expr *arg = arena_alloc(c->a, sizeof *arg);
        if (!stand_in || !arg || !resolve_type(c, &stand_in->type, f->params[i].at))
            return 0;
        stand_in->type.is_ref = 0;
        stand_in->cname = stand_in->name;
        *arg = (expr){.kind = E_NAME, .at = f->params[i].at, .name = stand_in->name};
        if (declare(c, stand_in, f->params[i].at) == 0)
            return 0;
        call.args[i] = arg;
    }
    return instantiate(c, &call, f); /* this one, whatever its overloads */
}

/* Can C initialise a static object of type t with e (after check)? */
static int folds_in_c(const ctype *t, const expr *e)
{
    if (e->kind == E_LIST) {
        for (int i = 0; i < e->nargs; i++)
            if (!folds_in_c(t, e->args[i]))
                return 0;
        return 1;
    }
    return t->elem != EK_F16 && ((e->is_const && elem_is_integer(e->type.elem)) ||
                                 (e->kind == E_FLOAT && elem_is_float(t->elem)));
}

/* Is e made of constants only (what a file-scope initialiser may be)? */
static int is_constant_expr(const expr *e)
{
    if (!e || e->is_const || e->kind == E_INT || e->kind == E_FLOAT)
        return 1;
    if (e->kind != E_UNARY && e->kind != E_BINARY && e->kind != E_COND && e->kind != E_CAST &&
        e->kind != E_LIST)
        return 0;
    for (int i = 0; i < e->nargs; i++)
        if (!is_constant_expr(e->args[i]))
            return 0;
    return is_constant_expr(e->lhs) && is_constant_expr(e->rhs);
}

/* A file-scope declaration: a constant (folded where it is an integer),
 * a table, or a thread-private variable every kernel declares for itself.
 * C names get a prefix: C's file scope is shared with libc. */
static int check_global(checker *c, stmt *s)
{
    symbol *sym = s->sym;
    if (lookup(c, sym->name)) {
        diag_error(c->d, s->at, "redefinition of '%s'", sym->name);
        return 0;
    }
    c->scope.n = 0;
    int ok = check_decl(c, s);
    c->scope.n = 0;
    if (!ok)
        return 0;
    if (sym->type.is_ref) {
        diag_error(c->d, s->at, "a file-scope %s is not supported by cmc",
                   type_name(c->a, &sym->type));
        return 0;
    }
    if (s->init && (!is_constant_expr(s->init) ||
                    (type_is_object(&sym->type) && s->init->kind != E_LIST))) {
        diag_error(c->d, s->init->at, "a file-scope variable is initialised by constants%s "
                   "only", type_is_object(&sym->type) ? " in braces, {...}," : "");
        return 0;
    }
    sym->is_global = sym->is_const && (!s->init || folds_in_c(&sym->type, s->init)) ? 2 : 1;
    sym->cname = arena_printf(c->a, "cmk_g_%s", sym->name);
    return sym->cname && ptr_list_push(c->a, &c->globals, sym) == 0;
}

int check_program(program *p, arena *a, diag *d)
{
    checker c = {.a = a, .d = d, .prog = p};
    int kernels = 0;
    for (int i = 0; i < p->nglobals; i++)
        check_global(&c, p->globals[i]);
    for (int i = 0; i < p->nfuncs; i++) {
        function *f = p->funcs[i];
        for (int j = 0; j < i; j++)
            if (!strcmp(f->name, p->funcs[j]->name) && same_signature(f, p->funcs[j]))
                diag_error(d, f->at, "redefinition of '%s'", f->name);
        kernels += f->is_kernel;
        if (f->is_kernel)
            check_kernel(&c, f);
        else
            check_uncalled_helper(&c, f);
    }
    if (!d->errors && kernels == 0)
        diag_warning(d, (loc){0, 0}, "no kernel definitions found (_GENX_MAIN_)");
    return d->errors ? -1 : 0;
}
