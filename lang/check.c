/*
 * check.c - the second stage: names, types and constants. Gives every
 * expression its CM type (C++'s arithmetic conversions per element), folds
 * integer constants (template arguments must be constants), works out the
 * region of storage each select/row/column/element names, and checks region
 * bounds that are known at translation time.
 */
#include "check.h"

#include <string.h>

#include "types.h"

typedef struct checker {
    arena *a;
    diag *d;
    ptr_list scope;     /* visible symbols, innermost last */
    function *fn;
    int loop_depth;
} checker;

static int check_expr(checker *c, expr *e);
static int check_stmt(checker *c, stmt *s);
static int check_element(checker *c, expr *e);

/* ---- scopes --------------------------------------------------------------- */

static symbol *lookup(checker *c, const char *name)
{
    for (int i = c->scope.n - 1; i >= 0; i--) {
        symbol *s = c->scope.items[i];
        if (s && !strcmp(s->name, name))
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

static int declare(checker *c, symbol *sym, loc at)
{
    for (int i = c->scope.n - 1; i >= 0 && c->scope.items[i]; i--)
        if (!strcmp(((symbol *)c->scope.items[i])->name, sym->name)) {
            diag_error(c->d, at, "redefinition of '%s'", sym->name);
            return 0;
        }
    sym->cname = sym->name;
    return ptr_list_push(c->a, &c->scope, sym) == 0;
}

/* ---- constants ------------------------------------------------------------ */

static int fold_binary(int op, int64_t a, int64_t b, int64_t *out)
{
    switch (op) {
    case '+': *out = (int64_t)((uint64_t)a + (uint64_t)b); return 1;
    case '-': *out = (int64_t)((uint64_t)a - (uint64_t)b); return 1;
    case '*': *out = (int64_t)((uint64_t)a * (uint64_t)b); return 1;
    case '/': if (!b || (a == INT64_MIN && b == -1)) return 0; *out = a / b; return 1;
    case '%': if (!b || (a == INT64_MIN && b == -1)) return 0; *out = a % b; return 1;
    case '&': *out = a & b; return 1;
    case '|': *out = a | b; return 1;
    case '^': *out = a ^ b; return 1;
    case OP_SHL: if (b < 0 || b > 62) return 0; *out = (int64_t)((uint64_t)a << b); return 1;
    case OP_SHR: if (b < 0 || b > 63) return 0; *out = a >> b; return 1;
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
    if (is_read && !obj->region) {
        diag_error(c->d, obj->at, "'read' needs a vector, matrix or region to read into");
        return 0;
    }
    e->type = scalar_type(EK_VOID);
    return 1;
}

static int check_call(checker *c, expr *e)
{
    const char *n = e->name;
    if (!strcmp(n, "get_thread_origin_x") || !strcmp(n, "get_thread_origin_y")) {
        e->type = scalar_type(EK_U32);
        return want_args(c, e, 0, 0);
    }
    if (!strcmp(n, "read") || !strcmp(n, "write"))
        return check_block_io(c, e, n[0] == 'r');
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
    diag_error(c->d, e->at, "call to unknown function '%s'", n);
    return 0;
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
    int is_region = !strcmp(n, "select") || !strcmp(n, "row") || !strcmp(n, "column");
    if (!is_region) {
        diag_error(c->d, e->at, "method '%s' is not supported by cmc", n);
        return 0;
    }
    if (!e->lhs->region) {
        diag_error(c->d, e->at, "'%s' of a computed value is not supported; assign it first", n);
        return 0;
    }
    if (!strcmp(n, "select"))
        return check_select(c, e, t, e->lhs->region);
    return check_line(c, e, t, e->lhs->region, n[0] == 'r');
}

/* v(i), v[i], m(i, j), m[i] (a row), m[i][j]. */
static int check_element(checker *c, expr *e)
{
    if (!check_expr(c, e->lhs))
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

static int check_binary(checker *c, expr *e)
{
    if (!check_expr(c, e->lhs) || !check_expr(c, e->rhs))
        return 0;
    const ctype *l = &e->lhs->type, *r = &e->rhs->type;
    elem_kind el;
    if (!binary_elem(c, e, l->elem, r->elem, &el))
        return 0;
    if (!type_is_object(l) && !type_is_object(r)) {
        e->type = scalar_type(el);
        e->is_const = e->lhs->is_const && e->rhs->is_const &&
                      fold_binary(e->op, e->lhs->value, e->rhs->value, &e->value);
        return 1;
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
    if (type_is_object(t)) {
        if (e->op == '!') {
            diag_error(c->d, e->at, "'!' needs a scalar operand");
            return 0;
        }
        e->type = *t;
        e->type.elem = el;
        e->type.is_ref = 0;
        return 1;
    }
    e->type = scalar_type(el);
    if (e->lhs->is_const) {
        int64_t v = e->lhs->value;
        e->is_const = 1;
        e->value = e->op == '-' ? (int64_t)(0 - (uint64_t)v) : e->op == '~' ? ~v
                 : e->op == '!' ? !v : v;
    }
    return 1;
}

static int is_assignable(checker *c, expr *e)
{
    if (e->kind == E_NAME && e->sym && !e->sym->is_const && e->sym->type.elem != EK_SURFACE)
        return 1;
    if (e->region && !(e->region->base->is_const))
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

static int check_cast(checker *c, expr *e)
{
    if (!check_expr(c, e->lhs))
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
    if (e->lhs->is_const && elem_is_integer(e->type.elem)) {
        e->is_const = 1;
        e->value = e->lhs->value;
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
        e->type = e->lhs->type;
        return 1;
    case E_COND:
        if (!check_scalar_operand(c, e->lhs, "a condition") ||
            !check_scalar_operand(c, e->args[0], "a '?:' operand") ||
            !check_scalar_operand(c, e->rhs, "a '?:' operand"))
            return 0;
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
    }
    return 0;
}

/* ---- statements ------------------------------------------------------------------ */

static int check_decl(checker *c, stmt *s)
{
    symbol *sym = s->sym;
    const ctype *t = &sym->type;
    if (t->elem == EK_VOID || t->elem == EK_SURFACE) {
        diag_error(c->d, s->at, "a local variable cannot have type %s", type_name(c->a, t));
        return 0;
    }
    if (s->init && !check_expr(c, s->init))
        return 0;
    if (t->is_ref) {
        if (!s->init || !s->init->region || s->init->type.elem != t->elem ||
            s->init->type.rows * s->init->type.cols != type_count(t)) {
            diag_error(c->d, s->at, "%s must be initialised with a region of the same type and size",
                       type_name(c->a, t));
            return 0;
        }
        sym->alias = derive(c, s->init->region);
        if (!sym->alias)
            return 0;
        sym->alias->rows = t->rows;
        sym->alias->cols = t->cols;
        if (s->init->type.rows != t->rows && s->init->region->cstride * t->cols != s->init->region->rstride) {
            diag_error(c->d, s->at, "%s cannot reshape a strided region", type_name(c->a, t));
            return 0;
        }
        return declare(c, sym, s->at);
    }
    if (s->init) {
        const ctype *it = &s->init->type;
        if (it->elem == EK_SURFACE || it->elem == EK_VOID ||
            (!type_is_object(t) && type_is_object(it))) {
            diag_error(c->d, s->init->at, "cannot initialise %s with %s", type_name(c->a, t),
                       type_name(c->a, it));
            return 0;
        }
        if (type_is_object(t) && type_is_object(it) && !same_count(c, s->init, t, it))
            return 0;
        if (sym->is_const && !type_is_object(t) && s->init->is_const &&
            elem_is_integer(t->elem)) {
            sym->has_value = 1;
            sym->value = s->init->value;
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

static int check_stmt(checker *c, stmt *s)
{
    switch (s->kind) {
    case S_EXPR:
        return check_expr(c, s->e);
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
        if (!c->loop_depth) {
            diag_error(c->d, s->at, "'%s' outside a loop", s->kind == S_BREAK ? "break" : "continue");
            return 0;
        }
        return 1;
    case S_RETURN:
        if (s->e) {
            diag_error(c->d, s->at, "a kernel returns no value");
            return 0;
        }
        return 1;
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

static int check_function(checker *c, function *f)
{
    c->fn = f;
    if (!f->is_kernel) {
        diag_error(c->d, f->at, "'%s': functions other than _GENX_MAIN_ kernels are not supported yet",
                   f->name);
        return 0;
    }
    if (f->ret.elem != EK_VOID || f->ret.shape != SH_SCALAR) {
        diag_error(c->d, f->at, "the kernel '%s' must return void", f->name);
        return 0;
    }
    c->scope.n = 0;
    int ok = open_scope(c) == 0;
    for (int i = 0; ok && i < f->nparams; i++)
        ok = check_param(c, &f->params[i]);
    ok = ok && check_stmt(c, f->body);
    close_scope(c);
    return ok;
}

int check_program(program *p, arena *a, diag *d)
{
    checker c = {a, d, {0}, NULL, 0};
    for (int i = 0; i < p->nfuncs; i++) {
        for (int j = 0; j < i; j++)
            if (!strcmp(p->funcs[i]->name, p->funcs[j]->name))
                diag_error(d, p->funcs[i]->at, "redefinition of '%s'", p->funcs[i]->name);
        check_function(&c, p->funcs[i]);
    }
    if (!d->errors && p->nfuncs == 0)
        diag_warning(d, (loc){0, 0}, "no kernel definitions found (_GENX_MAIN_)");
    return d->errors ? -1 : 0;
}
