/*
 * parse.c - builds the AST from tree-sitter's concrete tree of the C++
 * grammar. CM is parsed as C++: `matrix<uchar,8,32>` arrives as a
 * template_type, `m.select<8,1,24,1>(0,0)` as a call of a template_method,
 * `#pragma unroll` as a preproc_call. Anything the dialect does not cover
 * is reported here with its location and a name a user recognises.
 */
#include "parse.h"

#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "types.h"

const TSLanguage *tree_sitter_cpp(void);

typedef struct parser {
    const source *src;
    arena *a;
    diag *d;
    int pending_unroll; /* a #pragma unroll waits for its loop */
    const template_param *tparams; /* of the template being parsed */
    int ntparams;
    ptr_list aliases;   /* type_alias: typedef and using, file-wide */
    int in_function;    /* parsing a function body (else file scope) */
} parser;

/* `typedef vector<float, 8> vf8;` or `using vf8 = vector<float, 8>;`. */
typedef struct type_alias {
    const char *name;
    ctype type;
} type_alias;

static stmt *parse_stmt(parser *p, TSNode n);
static expr *parse_expr(parser *p, TSNode n);

/* ---- tree access -------------------------------------------------------- */

static loc loc_of(TSNode n)
{
    TSPoint pt = ts_node_start_point(n);
    return (loc){(int)pt.row, (int)pt.column};
}

static int is(TSNode n, const char *type)
{
    return !ts_node_is_null(n) && strcmp(ts_node_type(n), type) == 0;
}

static const char *node_type(TSNode n)
{
    return ts_node_is_null(n) ? "" : ts_node_type(n);
}

static TSNode field(TSNode n, const char *name)
{
    return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

static const char *text(parser *p, TSNode n)
{
    if (ts_node_is_null(n))
        return arena_strndup(p->a, "", 0);
    uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
    return arena_strndup(p->a, p->src->text + b, e - b);
}

static int text_is(parser *p, TSNode n, const char *s)
{
    if (ts_node_is_null(n))
        return 0;
    uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
    return strlen(s) == e - b && memcmp(p->src->text + b, s, e - b) == 0;
}

static int skippable(TSNode n)
{
    return !ts_node_is_named(n) || is(n, "comment");
}

/* What a user calls the construct a tree-sitter node stands for. */
static const char *construct_name(TSNode n)
{
    static const struct { const char *node, *name; } names[] = {
        {"switch_statement", "'switch' statement"},
        {"goto_statement", "'goto' statement"},
        {"labeled_statement", "label"},
        {"lambda_expression", "lambda expression"},
        {"new_expression", "'new' expression"},
        {"delete_expression", "'delete' expression"},
        {"pointer_expression", "pointer expression"},
        {"pointer_declarator", "pointer declarator"},
        {"sizeof_expression", "'sizeof' expression"},
        {"string_literal", "string literal"},
        {"char_literal", "character literal"},
        {"class_specifier", "class definition"},
        {"struct_specifier", "struct definition"},
        {"union_specifier", "union definition"},
        {"enum_specifier", "enum definition"},
        {"namespace_definition", "namespace"},
        {"template_declaration", "template declaration"},
        {"try_statement", "'try' statement"},
        {"throw_statement", "'throw' expression"},
        {"comma_expression", "comma expression"},
        {"initializer_list", "initializer list"},
        {"field_expression", "member access"},
        {"array_declarator", "array declarator"},
        {"reference_declarator", "reference declarator"},
        {"for_range_loop", "range-based 'for'"},
        {"using_declaration", "'using' declaration"},
        {"alias_declaration", "type alias"},
        {"type_definition", "typedef"},
        {"declaration", "declaration"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (is(n, names[i].node))
            return names[i].name;
    return ts_node_type(n);
}

static void unsupported(parser *p, TSNode n)
{
    if (ts_node_is_null(n)) {
        diag_error(p->d, (loc){0, 0}, "unsupported construct");
        return;
    }
    diag_error(p->d, loc_of(n), "%s is not supported by cmc", construct_name(n));
}

/* ---- types -------------------------------------------------------------- */

static int parse_template_type(parser *p, TSNode n, ctype *t);

static const type_alias *find_alias(parser *p, const char *name)
{
    for (int i = p->aliases.n - 1; name && i >= 0; i--) {
        const type_alias *a = p->aliases.items[i];
        if (!strcmp(a->name, name))
            return a;
    }
    return NULL;
}

static const template_param *find_tparam(parser *p, const char *name)
{
    for (int i = 0; name && i < p->ntparams; i++)
        if (!strcmp(p->tparams[i].name, name))
            return &p->tparams[i];
    return NULL;
}

/* Parses a type node; reports and returns 0 when it is not a CM type. */
static int parse_type(parser *p, TSNode n, ctype *t)
{
    memset(t, 0, sizeof *t);
    t->shape = SH_SCALAR;
    t->rows = t->cols = 1;
    if (ts_node_is_null(n)) {
        diag_error(p->d, (loc){0, 0}, "a type is missing");
        return 0;
    }
    if (is(n, "type_descriptor"))
        return parse_type(p, field(n, "type"), t);
    if (is(n, "template_type"))
        return parse_template_type(p, n, t);
    if (is(n, "struct_specifier") || is(n, "class_specifier") || is(n, "union_specifier") ||
        is(n, "enum_specifier")) { /* cmlangspec 2.2.3 allows structs: not yet here */
        unsupported(p, n);
        return 0;
    }
    const char *name = text(p, n);
    if (name && scalar_type_by_name(name, &t->elem))
        return 1;
    const template_param *tp = find_tparam(p, name);
    if (tp && tp->is_type) {
        t->elem_param = tp->name;
        return 1;
    }
    const type_alias *alias = find_alias(p, name);
    if (alias) {
        *t = alias->type;
        return 1;
    }
    diag_error(p->d, loc_of(n), "unknown type '%s'", name ? name : "?");
    return 0;
}

/* A template argument that must be a constant: kept as an expression for
 * check.c, since it may name a template parameter or a constant. */
static expr *parse_template_arg(parser *p, TSNode n)
{
    if (is(n, "type_descriptor")) {
        TSNode inner = field(n, "type");
        if (is(inner, "type_identifier")) {
            /* matrix<uchar, N, N>: a name the grammar took for a type */
            expr *e = arena_alloc(p->a, sizeof *e);
            if (!e)
                return NULL;
            ctype t;
            const char *name = text(p, inner);
            if (name && (scalar_type_by_name(name, &t.elem) || find_alias(p, name))) {
                parse_type(p, inner, &e->type);
                e->kind = E_TYPE;
            } else {
                e->kind = E_NAME;
                e->name = name;
            }
            e->at = loc_of(n);
            return e;
        }
        expr *e = arena_alloc(p->a, sizeof *e);
        if (!e || !parse_type(p, n, &e->type))
            return NULL;
        e->kind = E_TYPE;
        e->at = loc_of(n);
        return e;
    }
    return parse_expr(p, n);
}

static int parse_template_args(parser *p, TSNode list, expr ***out, int *count)
{
    ptr_list args = {0};
    uint32_t n = ts_node_named_child_count(list);
    for (uint32_t i = 0; i < n; i++) {
        TSNode c = ts_node_named_child(list, i);
        if (skippable(c))
            continue;
        expr *e = parse_template_arg(p, c);
        if (!e || ptr_list_push(p->a, &args, e))
            return 0;
    }
    *out = (expr **)args.items;
    *count = args.n;
    return 1;
}

/* vector<T,N>, matrix<T,R,C> and their _ref forms. Sizes must be literal
 * here; sizes named by template parameters arrive with helper functions. */
static int parse_template_type(parser *p, TSNode n, ctype *t)
{
    const char *name = text(p, field(n, "name"));
    int is_vector = !strcmp(name, "vector") || !strcmp(name, "vector_ref");
    int is_matrix = !strcmp(name, "matrix") || !strcmp(name, "matrix_ref");
    if (!is_vector && !is_matrix) {
        diag_error(p->d, loc_of(n), "unknown template type '%s'", name);
        return 0;
    }
    expr **args;
    int nargs;
    if (!parse_template_args(p, field(n, "arguments"), &args, &nargs))
        return 0;
    int want = is_vector ? 2 : 3;
    if (nargs > 0 && args[0]->kind == E_NAME) {
        const template_param *tp = find_tparam(p, args[0]->name);
        if (!tp || !tp->is_type) {
            diag_error(p->d, args[0]->at, "unknown type '%s'", args[0]->name);
            return 0;
        }
        args[0]->kind = E_TYPE;
        args[0]->type = (ctype){.elem_param = tp->name, .shape = SH_SCALAR, .rows = 1, .cols = 1};
    }
    if (nargs != want || args[0]->kind != E_TYPE || type_is_object(&args[0]->type)) {
        diag_error(p->d, loc_of(n), "'%s' takes an element type and %d size%s",
                   name, want - 1, want == 2 ? "" : "s");
        return 0;
    }
    t->elem = args[0]->type.elem;
    t->elem_param = args[0]->type.elem_param;
    t->shape = is_vector ? SH_VECTOR : SH_MATRIX;
    t->is_ref = strstr(name, "_ref") != NULL;
    t->rows = 1;
    for (int i = 1; i < nargs; i++) {
        expr *size = args[i];
        if (size->kind == E_TYPE) {
            diag_error(p->d, size->at, "the size of a %s must be a constant", name);
            return 0;
        }
        if (size->kind == E_INT && (size->ival <= 0 || size->ival > (1 << 20))) {
            diag_error(p->d, size->at, "the size of a %s must be a positive integer", name);
            return 0;
        }
        int is_cols = i == nargs - 1;
        if (size->kind != E_INT) /* named: check.c resolves it */
            *(is_cols ? &t->cols_e : &t->rows_e) = size;
        else
            *(is_cols ? &t->cols : &t->rows) = (int)size->ival;
    }
    if (!t->elem_param && (t->elem == EK_SURFACE || t->elem == EK_VOID)) {
        diag_error(p->d, loc_of(n), "'%s' cannot hold elements of that type", name);
        return 0;
    }
    return 1;
}

/* ---- expressions -------------------------------------------------------- */

static expr *new_expr(parser *p, expr_kind kind, TSNode n)
{
    expr *e = arena_alloc(p->a, sizeof *e);
    if (e) {
        e->kind = kind;
        e->at = loc_of(n);
    }
    return e;
}

static int op_code(const char *s)
{
    static const struct { const char *s; int op; } ops[] = {
        {"<<", OP_SHL}, {">>", OP_SHR}, {"<=", OP_LE}, {">=", OP_GE},
        {"==", OP_EQ}, {"!=", OP_NE}, {"&&", OP_AND}, {"||", OP_OR},
        {"++", OP_INC}, {"--", OP_DEC},
    };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(s, ops[i].s))
            return ops[i].op;
    return strlen(s) == 1 ? s[0] : 0;
}

/* The operator of an assignment: '=' or the binary operator of `op=`. */
static int assign_op_code(const char *s)
{
    size_t n = strlen(s);
    if (n == 1)
        return '=';
    char bin[4] = {0};
    memcpy(bin, s, n - 1 < 3 ? n - 1 : 3);
    return op_code(bin);
}

static expr *parse_number(parser *p, TSNode n)
{
    const char *s = text(p, n);
    if (!s)
        return NULL;
    int neg = s[0] == '-'; /* the grammar keeps the sign of `-5` in the literal */
    s += neg || s[0] == '+';
    int is_hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    int is_float = !is_hex && (strpbrk(s, ".eE") || strpbrk(s, "fF"));
    expr *e = new_expr(p, is_float ? E_FLOAT : E_INT, n);
    if (!e)
        return NULL;
    char *end;
    if (is_float) {
        e->fval = neg ? -strtod(s, &end) : strtod(s, &end);
        e->type = scalar_type(*end == 'f' || *end == 'F' ? EK_F32 : EK_F64);
        return e;
    }
    unsigned long long v = strtoull(s, &end, 0);
    int is_unsigned = strpbrk(end, "uU") != NULL;
    int is_long = strpbrk(end, "lL") != NULL;
    e->ival = (int64_t)v;
    if (is_long || v > UINT32_MAX)
        e->type = scalar_type(is_unsigned || v > INT64_MAX ? EK_U64 : EK_I64);
    else if (is_unsigned || v > INT32_MAX)
        e->type = scalar_type(is_unsigned || is_hex ? EK_U32 : EK_I64);
    else
        e->type = scalar_type(EK_I32);
    if (neg)
        e->ival = (int64_t)(0 - (uint64_t)e->ival);
    return e;
}

static expr *parse_args(parser *p, TSNode list, expr *e)
{
    ptr_list args = {0};
    uint32_t n = ts_node_named_child_count(list);
    for (uint32_t i = 0; i < n; i++) {
        TSNode c = ts_node_named_child(list, i);
        if (skippable(c))
            continue;
        expr *a = parse_expr(p, c);
        if (!a || ptr_list_push(p->a, &args, a))
            return NULL;
    }
    e->args = (expr **)args.items;
    e->nargs = args.n;
    return e;
}

/* obj.name<targs>(args): a method of vectors and matrices. */
static expr *parse_method_call(parser *p, TSNode call, TSNode fexpr)
{
    expr *e = new_expr(p, E_METHOD, call);
    if (!e || !(e->lhs = parse_expr(p, field(fexpr, "argument"))))
        return NULL;
    TSNode f = field(fexpr, "field");
    if (is(f, "dependent_name") && ts_node_named_child_count(f) == 1)
        f = ts_node_named_child(f, 0); /* obj.template select<...> */
    if (is(f, "template_method")) {
        e->name = text(p, field(f, "name"));
        if (!parse_template_args(p, field(f, "arguments"), &e->targs, &e->ntargs))
            return NULL;
    } else if (is(f, "field_identifier")) {
        e->name = text(p, f);
    } else {
        unsupported(p, f);
        return NULL;
    }
    e->at = loc_of(f);
    return parse_args(p, field(call, "arguments"), e);
}

/* T(x) or vector<T, N>(x, SAT): the value in lhs, the flags (checked
 * to be a constant later) in rhs; args is emptied so that the value is
 * not visited twice. */
static expr *conversion_args(parser *p, expr *e)
{
    if (e->nargs != 1 && e->nargs != 2) {
        diag_error(p->d, e->at, "a conversion takes one argument, or two with SAT");
        return NULL;
    }
    e->lhs = e->args[0];
    e->rhs = e->nargs == 2 ? e->args[1] : NULL;
    e->args = NULL;
    e->nargs = 0;
    return e;
}

static expr *parse_call(parser *p, TSNode n)
{
    TSNode f = field(n, "function");
    if (is(f, "field_expression"))
        return parse_method_call(p, n, f);
    if (is(f, "identifier")) {
        expr *e = new_expr(p, E_CALL, n);
        if (!e)
            return NULL;
        e->name = text(p, f);
        return parse_args(p, field(n, "arguments"), e);
    }
    if (is(f, "template_function") && (text_is(p, field(f, "name"), "vector") ||
                                       text_is(p, field(f, "name"), "matrix"))) {
        /* vector<char, 16>(b): a conversion, parsed as a template call */
        expr *e = new_expr(p, E_CAST, n);
        TSNode tt = f;
        if (!e || !parse_template_type(p, tt, &e->type) || !parse_args(p, field(n, "arguments"), e))
            return NULL;
        return conversion_args(p, e);
    }
    if (is(f, "template_function")) { /* f<8, uchar>(x) */
        expr *e = new_expr(p, E_CALL, n);
        if (!e)
            return NULL;
        e->name = text(p, field(f, "name"));
        if (!parse_template_args(p, field(f, "arguments"), &e->targs, &e->ntargs))
            return NULL;
        return parse_args(p, field(n, "arguments"), e);
    }
    if (is(f, "primitive_type") || is(f, "type_identifier") || is(f, "template_type") ||
        is(f, "sized_type_specifier")) {
        /* a functional cast: float(x), vector<int,4>(v) */
        expr *e = new_expr(p, E_CAST, n);
        if (!e || !parse_type(p, f, &e->type) || !parse_args(p, field(n, "arguments"), e))
            return NULL;
        return conversion_args(p, e);
    }
    if (is(f, "parenthesized_expression") || is(f, "call_expression") ||
        is(f, "subscript_expression")) {
        /* (expr)(i, j) or m.row(1)(2): element access of a computed object */
        expr *e = new_expr(p, E_ELEMENT, n);
        if (!e || !(e->lhs = parse_expr(p, f)))
            return NULL;
        return parse_args(p, field(n, "arguments"), e);
    }
    unsupported(p, f);
    return NULL;
}

static expr *parse_binary(parser *p, TSNode n)
{
    expr *e = new_expr(p, E_BINARY, n);
    if (!e)
        return NULL;
    e->op = op_code(node_type(field(n, "operator")));
    e->lhs = parse_expr(p, field(n, "left"));
    e->rhs = parse_expr(p, field(n, "right"));
    if (!e->op) {
        unsupported(p, field(n, "operator"));
        return NULL;
    }
    return e->lhs && e->rhs ? e : NULL;
}

static expr *parse_unary(parser *p, TSNode n, expr_kind kind)
{
    expr *e = new_expr(p, kind, n);
    if (!e)
        return NULL;
    TSNode op = field(n, "operator");
    e->op = op_code(node_type(op));
    e->is_postfix = ts_node_start_byte(op) > ts_node_start_byte(n);
    e->lhs = parse_expr(p, field(n, "argument"));
    return e->lhs ? e : NULL;
}

static expr *parse_assign(parser *p, TSNode n)
{
    expr *e = new_expr(p, E_ASSIGN, n);
    if (!e)
        return NULL;
    e->op = assign_op_code(node_type(field(n, "operator")));
    e->lhs = parse_expr(p, field(n, "left"));
    e->rhs = parse_expr(p, field(n, "right"));
    return e->lhs && e->rhs ? e : NULL;
}

static expr *parse_subscript(parser *p, TSNode n)
{
    expr *e = new_expr(p, E_ELEMENT, n);
    if (!e || !(e->lhs = parse_expr(p, field(n, "argument"))))
        return NULL;
    TSNode idx = field(n, "indices");
    if (is(idx, "subscript_argument_list"))
        return parse_args(p, idx, e);
    expr *i = parse_expr(p, idx);
    if (!i)
        return NULL;
    e->args = arena_alloc(p->a, sizeof *e->args);
    if (!e->args)
        return NULL;
    e->args[0] = i;
    e->nargs = 1;
    return e;
}

static expr *parse_conditional(parser *p, TSNode n)
{
    expr *e = new_expr(p, E_COND, n);
    if (!e || !(e->args = arena_alloc(p->a, sizeof *e->args)))
        return NULL;
    e->lhs = parse_expr(p, field(n, "condition"));
    e->args[0] = parse_expr(p, field(n, "consequence"));
    e->rhs = parse_expr(p, field(n, "alternative"));
    e->nargs = 1;
    return e->lhs && e->args[0] && e->rhs ? e : NULL;
}

static expr *parse_cast(parser *p, TSNode n)
{
    expr *e = new_expr(p, E_CAST, n);
    if (!e || !parse_type(p, field(n, "type"), &e->type))
        return NULL;
    e->lhs = parse_expr(p, field(n, "value"));
    return e->lhs ? e : NULL;
}

/* sizeof(T) and sizeof x: a call of __cmc_sizeof with the type as a
 * template argument or the operand as an argument; check.c folds it. */
static expr *parse_sizeof(parser *p, TSNode n)
{
    expr *e = new_expr(p, E_CALL, n);
    if (!e || !(e->args = arena_alloc(p->a, sizeof *e->args)))
        return NULL;
    e->name = "__cmc_sizeof";
    TSNode type = field(n, "type"), value = field(n, "value");
    if (is(value, "parenthesized_expression") && ts_node_named_child_count(value) == 1 &&
        find_alias(p, text(p, ts_node_named_child(value, 0)))) { /* sizeof(alias) */
        type = ts_node_named_child(value, 0);
        value = (TSNode){0};
    }
    TSNode inner = ts_node_is_null(type) || !is(type, "type_descriptor") ? type
                                                                         : field(type, "type");
    ctype known;
    expr *arg;
    if (is(inner, "type_identifier") && !find_alias(p, text(p, inner)) &&
        !find_tparam(p, text(p, inner)) && !scalar_type_by_name(text(p, inner), &known.elem)) {
        arg = new_expr(p, E_NAME, inner); /* sizeof(v): the grammar took v for a type */
        if (arg)
            arg->name = text(p, inner);
    } else {
        arg = ts_node_is_null(type) ? parse_expr(p, value) : new_expr(p, E_TYPE, type);
    }
    if (!arg || (arg->kind == E_TYPE && !parse_type(p, type, &arg->type)))
        return NULL;
    if (arg->kind == E_TYPE) {
        e->targs = e->args;
        e->ntargs = 1;
    } else {
        e->nargs = 1;
    }
    e->args[0] = arg;
    return e;
}

static expr *parse_expr(parser *p, TSNode n)
{
    if (ts_node_is_null(n))
        return NULL;
    if (is(n, "parenthesized_expression")) {
        for (uint32_t i = 0; i < ts_node_named_child_count(n); i++)
            if (!skippable(ts_node_named_child(n, i)))
                return parse_expr(p, ts_node_named_child(n, i));
        return NULL;
    }
    if (is(n, "number_literal"))
        return parse_number(p, n);
    if (is(n, "true") || is(n, "false")) {
        expr *e = new_expr(p, E_INT, n);
        if (e) {
            e->ival = is(n, "true");
            e->type = scalar_type(EK_BOOL);
        }
        return e;
    }
    if (is(n, "identifier")) {
        expr *e = new_expr(p, E_NAME, n);
        if (e)
            e->name = text(p, n);
        return e;
    }
    if (is(n, "binary_expression"))
        return parse_binary(p, n);
    if (is(n, "unary_expression"))
        return parse_unary(p, n, E_UNARY);
    if (is(n, "update_expression"))
        return parse_unary(p, n, E_INCDEC);
    if (is(n, "assignment_expression"))
        return parse_assign(p, n);
    if (is(n, "call_expression"))
        return parse_call(p, n);
    if (is(n, "subscript_expression"))
        return parse_subscript(p, n);
    if (is(n, "conditional_expression"))
        return parse_conditional(p, n);
    if (is(n, "cast_expression"))
        return parse_cast(p, n);
    if (is(n, "sizeof_expression"))
        return parse_sizeof(p, n);
    if (is(n, "initializer_list")) { /* a row of a table: {{1, 2}, {3}} */
        expr *e = new_expr(p, E_LIST, n);
        return e ? parse_args(p, n, e) : NULL;
    }
    unsupported(p, n);
    return NULL;
}

/* ---- statements --------------------------------------------------------- */

static stmt *new_stmt(parser *p, stmt_kind kind, TSNode n)
{
    stmt *s = arena_alloc(p->a, sizeof *s);
    if (s) {
        s->kind = kind;
        s->at = loc_of(n);
    }
    return s;
}

static int has_const_qualifier(parser *p, TSNode decl)
{
    for (uint32_t i = 0; i < ts_node_child_count(decl); i++) {
        TSNode c = ts_node_child(decl, i);
        if (is(c, "type_qualifier") && (text_is(p, c, "const") || text_is(p, c, "constexpr")))
            return 1;
    }
    return 0;
}

/* `= e`, `(e)`, `(e, SAT)` (a conversion to t) or `= {a, b, ...}` (an
 * E_LIST of the elements). */
static expr *parse_initialiser(parser *p, TSNode value, const ctype *t)
{
    if (is(value, "argument_list")) {
        expr holder = {0};
        if (!parse_args(p, value, &holder))
            return NULL;
        if (holder.nargs == 2) { /* vector<uchar, 8> v(x, SAT) */
            expr *e = new_expr(p, E_CAST, value);
            if (!e)
                return NULL;
            e->type = *t;
            e->args = holder.args;
            e->nargs = holder.nargs;
            return conversion_args(p, e);
        }
        if (holder.nargs != 1) {
            diag_error(p->d, loc_of(value), "a constructor takes one argument here, or two with SAT");
            return NULL;
        }
        return holder.args[0];
    }
    if (is(value, "initializer_list")) {
        expr *e = new_expr(p, E_LIST, value);
        return e ? parse_args(p, value, e) : NULL;
    }
    return parse_expr(p, value);
}

/* `vector<int, 8> v(init)` reaches us as a function declarator whose one
 * "parameter" is the name of the array or object it is built from. */
static expr *parse_ctor_param(parser *p, TSNode params)
{
    TSNode pd = ts_node_named_child(params, 0);
    if (ts_node_named_child_count(params) != 1 || !is(pd, "parameter_declaration") ||
        !ts_node_is_null(field(pd, "declarator")) || !is(field(pd, "type"), "type_identifier")) {
        diag_error(p->d, loc_of(params), "a function declaration is not supported here");
        return NULL;
    }
    expr *e = new_expr(p, E_NAME, pd);
    if (e)
        e->name = text(p, field(pd, "type"));
    return e;
}

/* One size of an array declarator; `[]` (0) takes the initialiser's. */
static int parse_array_size(parser *p, TSNode d, int *n, expr **named)
{
    TSNode size = field(d, "size");
    *n = 0;
    if (ts_node_is_null(size))
        return 1;
    expr *e = parse_expr(p, size);
    if (!e)
        return 0;
    if (e->kind == E_INT)
        *n = (int)e->ival;
    else
        *named = e;
    return 1;
}

/* `T name[N]` and `T name[R][C]`: constant-size tables, kept as a
 * vector<T, N> and a matrix<T, R, C>. */
static int parse_array_type(parser *p, TSNode d, ctype *t, TSNode *name)
{
    TSNode inner = field(d, "declarator");
    int is_2d = is(inner, "array_declarator");
    if (type_is_object(t) || t->elem_param || (is_2d && is(field(inner, "declarator"),
                                                         "array_declarator"))) {
        diag_error(p->d, loc_of(d), "only arrays of one or two dimensions of scalars are "
                                    "supported by cmc");
        return 0;
    }
    t->shape = is_2d ? SH_MATRIX : SH_VECTOR;
    t->rows = 1;
    if (!parse_array_size(p, d, &t->cols, &t->cols_e) ||
        (is_2d && !parse_array_size(p, inner, &t->rows, &t->rows_e)))
        return 0;
    if (is_2d && !t->rows && !t->rows_e) {
        diag_error(p->d, loc_of(d), "only the first size of a table may be left out");
        return 0;
    }
    *name = is_2d ? field(inner, "declarator") : inner;
    return 1;
}

/* `T t[] = {...}`: the size is the initialiser's; [R][] is refused above. */
static int size_from_list(parser *p, stmt *s)
{
    ctype *t = &s->sym->type;
    if (t->cols || t->cols_e)
        return 1;
    if (!s->init || s->init->kind != E_LIST || s->init->nargs == 0 || t->shape == SH_MATRIX) {
        diag_error(p->d, s->at, "a table without a size needs a list of initialisers");
        return 0;
    }
    t->cols = s->init->nargs;
    return 1;
}

static stmt *parse_declarator(parser *p, TSNode d, const ctype *t, int is_const)
{
    stmt *s = new_stmt(p, S_DECL, d);
    symbol *sym = arena_alloc(p->a, sizeof *sym);
    if (!s || !sym)
        return NULL;
    s->sym = sym;
    sym->type = *t;
    sym->is_const = is_const;
    TSNode name = d;
    if (is(d, "init_declarator")) {
        name = field(d, "declarator");
        if (!(s->init = parse_initialiser(p, field(d, "value"), t)))
            return NULL;
    } else if (is(d, "function_declarator")) { /* vector<int, 8> v(init) */
        name = field(d, "declarator");
        if (!(s->init = parse_ctor_param(p, field(d, "parameters"))))
            return NULL;
    }
    if (is(name, "array_declarator")) {
        if (!parse_array_type(p, name, &sym->type, &name))
            return NULL;
        sym->is_array = 1;
    }
    if (!is(name, "identifier")) {
        unsupported(p, name);
        return NULL;
    }
    sym->name = text(p, name);
    s->at = loc_of(name);
    return sym->is_array && !size_from_list(p, s) ? NULL : s;
}

static int add_alias(parser *p, TSNode name, const ctype *t)
{
    type_alias *a = arena_alloc(p->a, sizeof *a);
    if (!a || !(a->name = text(p, name)))
        return 0;
    a->type = *t;
    return ptr_list_push(p->a, &p->aliases, a) == 0;
}

/* typedef T name, ...; and using name = T; give a type a second name
 * (from here to the end of the file, whatever the scope). */
static int parse_type_alias(parser *p, TSNode n)
{
    ctype t;
    if (is(n, "alias_declaration"))
        return parse_type(p, field(n, "type"), &t) && add_alias(p, field(n, "name"), &t);
    if (!parse_type(p, field(n, "type"), &t))
        return 0;
    for (uint32_t i = 0; i < ts_node_named_child_count(n); i++) {
        TSNode c = ts_node_named_child(n, i);
        if (ts_node_eq(c, field(n, "type")) || skippable(c) || is(c, "type_qualifier"))
            continue;
        if (!is(c, "type_identifier")) {
            diag_error(p->d, loc_of(c), "this typedef is not supported by cmc; name a scalar, "
                                        "vector or matrix type");
            return 0;
        }
        if (!add_alias(p, c, &t))
            return 0;
    }
    return 1;
}

/* `T a, b = e;` becomes a block of single declarations (the block is
 * flattened by its parent, so scopes stay as written). */
static int has_attribute(parser *p, TSNode fn, const char *attr);

static stmt *parse_declaration(parser *p, TSNode n)
{
    ctype t;
    if (has_attribute(p, n, "genx_volatile")) {
        diag_error(p->d, loc_of(n), "_GENX_VOLATILE_ is not supported by cmc");
        return NULL;
    }
    if (!parse_type(p, field(n, "type"), &t))
        return NULL;
    int is_const = has_const_qualifier(p, n);
    for (uint32_t i = 0; p->in_function && i < ts_node_child_count(n); i++) {
        TSNode c = ts_node_child(n, i);
        if (is(c, "storage_class_specifier") && text_is(p, c, "static") && !is_const) {
            /* cmlangspec 2.6: no static variables (static const is a constant) */
            diag_error(p->d, loc_of(c), "a static variable is not supported by cmc");
            return NULL;
        }
    }
    stmt *block = new_stmt(p, S_BLOCK, n);
    ptr_list items = {0};
    /* a cursor, since ts_node_field_name_for_child misnames some children */
    TSTreeCursor cur = ts_tree_cursor_new(n);
    int ok = 1;
    for (int more = ts_tree_cursor_goto_first_child(&cur); ok && more;
         more = ts_tree_cursor_goto_next_sibling(&cur)) {
        const char *fname = ts_tree_cursor_current_field_name(&cur);
        if (!fname || strcmp(fname, "declarator"))
            continue;
        stmt *s = parse_declarator(p, ts_tree_cursor_current_node(&cur), &t, is_const);
        ok = s && !ptr_list_push(p->a, &items, s);
    }
    ts_tree_cursor_delete(&cur);
    if (!ok)
        return NULL;
    if (!block)
        return NULL;
    block->items = (stmt **)items.items;
    block->nitems = items.n;
    block->kind = S_DECL; /* marks "declarations to splice into the parent" */
    return block;
}

static int push_stmt(parser *p, ptr_list *items, stmt *s)
{
    if (s->kind == S_DECL && s->items) { /* spliced declaration group */
        for (int i = 0; i < s->nitems; i++)
            if (ptr_list_push(p->a, items, s->items[i]))
                return -1;
        return 0;
    }
    return ptr_list_push(p->a, items, s);
}

static stmt *parse_block(parser *p, TSNode n)
{
    stmt *s = new_stmt(p, S_BLOCK, n);
    if (!s)
        return NULL;
    ptr_list items = {0};
    for (uint32_t i = 0; i < ts_node_named_child_count(n); i++) {
        TSNode c = ts_node_named_child(n, i);
        if (is(c, "comment"))
            continue;
        stmt *item = parse_stmt(p, c);
        if (item && push_stmt(p, &items, item))
            return NULL;
    }
    s->items = (stmt **)items.items;
    s->nitems = items.n;
    return s;
}

/* A statement in a position that allows a declaration group (for init). */
static stmt *as_single(parser *p, stmt *s, TSNode n)
{
    if (s && s->kind == S_DECL && s->items) {
        if (s->nitems == 1)
            return s->items[0];
        stmt *b = new_stmt(p, S_BLOCK, n);
        if (b) {
            b->items = s->items;
            b->nitems = s->nitems;
        }
        return b;
    }
    return s;
}

static expr *parse_condition(parser *p, TSNode n)
{
    if (is(n, "condition_clause")) {
        TSNode v = field(n, "value");
        if (ts_node_is_null(v) || !ts_node_is_null(field(n, "initializer"))) {
            unsupported(p, n);
            return NULL;
        }
        return parse_expr(p, v);
    }
    return parse_expr(p, n);
}

static int take_unroll(parser *p)
{
    int u = p->pending_unroll;
    p->pending_unroll = 0;
    return u;
}

static stmt *parse_for(parser *p, TSNode n)
{
    stmt *s = new_stmt(p, S_FOR, n);
    if (!s)
        return NULL;
    s->unroll = take_unroll(p);
    TSNode init = field(n, "initializer");
    if (!ts_node_is_null(init)) {
        if (is(init, "declaration"))
            s->init_stmt = as_single(p, parse_declaration(p, init), init);
        else {
            s->init_stmt = new_stmt(p, S_EXPR, init);
            if (s->init_stmt)
                s->init_stmt->e = parse_expr(p, init);
        }
        if (!s->init_stmt)
            return NULL;
    }
    TSNode cond = field(n, "condition");
    if (!ts_node_is_null(cond) && !(s->e = parse_expr(p, cond)))
        return NULL;
    TSNode step = field(n, "update");
    if (!ts_node_is_null(step) && !(s->step = parse_expr(p, step)))
        return NULL;
    s->body = as_single(p, parse_stmt(p, field(n, "body")), n);
    return s->body ? s : NULL;
}

static stmt *parse_if(parser *p, TSNode n)
{
    stmt *s = new_stmt(p, S_IF, n);
    if (!s || !(s->e = parse_condition(p, field(n, "condition"))))
        return NULL;
    if (!(s->body = as_single(p, parse_stmt(p, field(n, "consequence")), n)))
        return NULL;
    TSNode alt = field(n, "alternative");
    if (!ts_node_is_null(alt)) {
        if (is(alt, "else_clause"))
            alt = ts_node_named_child(alt, 0);
        if (!(s->else_body = as_single(p, parse_stmt(p, alt), alt)))
            return NULL;
    }
    return s;
}

static stmt *parse_loop(parser *p, TSNode n, stmt_kind kind)
{
    stmt *s = new_stmt(p, kind, n);
    if (!s)
        return NULL;
    s->unroll = take_unroll(p);
    if (!(s->e = parse_condition(p, field(n, "condition"))))
        return NULL;
    s->body = as_single(p, parse_stmt(p, field(n, "body")), n);
    return s->body ? s : NULL;
}

/* #pragma unroll [n] applies to the loop that follows; other pragmas are
 * GPU hints with no meaning here. */
static stmt *parse_pragma(parser *p, TSNode n)
{
    TSNode dir = field(n, "directive"), arg = field(n, "argument");
    if (text_is(p, dir, "#pragma") && !ts_node_is_null(arg)) {
        const char *a = text(p, arg);
        while (a && (*a == ' ' || *a == '\t'))
            a++;
        if (a && !strncmp(a, "unroll", 6)) {
            int count = atoi(a + 6);
            p->pending_unroll = count > 0 ? count : -1;
        }
    }
    return new_stmt(p, S_EMPTY, n);
}

static stmt *parse_expr_stmt(parser *p, TSNode n)
{
    stmt *s = new_stmt(p, S_EXPR, n);
    if (!s)
        return NULL;
    for (uint32_t i = 0; i < ts_node_named_child_count(n); i++) {
        TSNode c = ts_node_named_child(n, i);
        if (!skippable(c))
            return (s->e = parse_expr(p, c)) ? s : NULL;
    }
    s->kind = S_EMPTY;
    return s;
}

static stmt *parse_return(parser *p, TSNode n)
{
    stmt *s = new_stmt(p, S_RETURN, n);
    if (s && ts_node_named_child_count(n) > 0) {
        TSNode v = ts_node_named_child(n, 0);
        if (!skippable(v) && !(s->e = parse_expr(p, v)))
            return NULL;
    }
    return s;
}

/* case v: / default: with the statements up to the next label. */
static stmt *parse_case(parser *p, TSNode n)
{
    stmt *s = new_stmt(p, S_CASE, n);
    TSNode value = field(n, "value");
    if (!s || (!ts_node_is_null(value) && !(s->e = parse_expr(p, value))))
        return NULL;
    ptr_list items = {0};
    for (uint32_t i = 0; i < ts_node_named_child_count(n); i++) {
        TSNode c = ts_node_named_child(n, i);
        if (is(c, "comment") || (!ts_node_is_null(value) && ts_node_eq(c, value)))
            continue;
        stmt *item = parse_stmt(p, c);
        if (!item || push_stmt(p, &items, item))
            return NULL;
    }
    s->items = (stmt **)items.items;
    s->nitems = items.n;
    return s;
}

static stmt *parse_switch(parser *p, TSNode n)
{
    stmt *s = new_stmt(p, S_SWITCH, n), *body = new_stmt(p, S_BLOCK, n);
    if (!s || !body || !(s->e = parse_condition(p, field(n, "condition"))))
        return NULL;
    TSNode b = field(n, "body");
    ptr_list items = {0};
    for (uint32_t i = 0; i < ts_node_named_child_count(b); i++) {
        TSNode c = ts_node_named_child(b, i);
        if (is(c, "comment"))
            continue;
        if (!is(c, "case_statement")) {
            diag_error(p->d, loc_of(c), "a statement before the first 'case' never runs");
            return NULL;
        }
        stmt *item = parse_case(p, c);
        if (!item || ptr_list_push(p->a, &items, item))
            return NULL;
    }
    body->items = (stmt **)items.items;
    body->nitems = items.n;
    s->body = body;
    return s;
}

static stmt *parse_stmt(parser *p, TSNode n)
{
    if (is(n, "preproc_call"))
        return parse_pragma(p, n);
    if (!is(n, "for_statement") && !is(n, "while_statement") && !is(n, "do_statement") &&
        p->pending_unroll) {
        diag_warning(p->d, loc_of(n), "'#pragma unroll' is not followed by a loop");
        p->pending_unroll = 0;
    }
    if (is(n, "compound_statement"))
        return parse_block(p, n);
    if (is(n, "declaration"))
        return parse_declaration(p, n);
    if (is(n, "type_definition") || is(n, "alias_declaration"))
        return parse_type_alias(p, n) ? new_stmt(p, S_EMPTY, n) : NULL;
    if (is(n, "expression_statement"))
        return parse_expr_stmt(p, n);
    if (is(n, "for_statement"))
        return parse_for(p, n);
    if (is(n, "if_statement"))
        return parse_if(p, n);
    if (is(n, "while_statement"))
        return parse_loop(p, n, S_WHILE);
    if (is(n, "do_statement"))
        return parse_loop(p, n, S_DO);
    if (is(n, "break_statement"))
        return new_stmt(p, S_BREAK, n);
    if (is(n, "continue_statement"))
        return new_stmt(p, S_CONTINUE, n);
    if (is(n, "return_statement"))
        return parse_return(p, n);
    if (is(n, "switch_statement"))
        return parse_switch(p, n);
    unsupported(p, n);
    return NULL;
}

/* ---- functions ---------------------------------------------------------- */

static int has_attribute(parser *p, TSNode fn, const char *attr)
{
    for (uint32_t i = 0; i < ts_node_child_count(fn); i++) {
        TSNode c = ts_node_child(fn, i);
        if (!is(c, "attribute_specifier"))
            continue;
        TSNode args = ts_node_named_child(c, 0);
        for (uint32_t j = 0; j < ts_node_named_child_count(args); j++)
            if (text_is(p, ts_node_named_child(args, j), attr))
                return 1;
    }
    return 0;
}

static int parse_params(parser *p, TSNode list, function *f)
{
    uint32_t n = ts_node_named_child_count(list);
    f->params = arena_alloc(p->a, (n ? n : 1) * sizeof *f->params);
    if (!f->params)
        return 0;
    for (uint32_t i = 0; i < n; i++) {
        TSNode pd = ts_node_named_child(list, i);
        if (skippable(pd))
            continue;
        if (!is(pd, "parameter_declaration")) {
            unsupported(p, pd);
            return 0;
        }
        symbol *sym = arena_alloc(p->a, sizeof *sym);
        TSNode name = field(pd, "declarator");
        if (!sym || !parse_type(p, field(pd, "type"), &sym->type))
            return 0;
        if (ts_node_is_null(name)) {
            diag_error(p->d, loc_of(pd), "a parameter needs a name");
            return 0;
        }
        if (is(name, "reference_declarator")) { /* vector<int, 8> &v */
            sym->type.is_ref = 1;
            name = ts_node_named_child(name, 0);
        }
        if (ts_node_is_null(name) || !is(name, "identifier")) {
            unsupported(p, ts_node_is_null(name) ? pd : name);
            return 0;
        }
        sym->name = text(p, name);
        sym->is_param = 1;
        sym->is_const = has_const_qualifier(p, pd);
        f->params[f->nparams++] = (param){sym, loc_of(name)};
    }
    return 1;
}

static function *parse_function(parser *p, TSNode n)
{
    function *f = arena_alloc(p->a, sizeof *f);
    if (!f)
        return NULL;
    TSNode decl = field(n, "declarator");
    if (!is(decl, "function_declarator") || !is(field(decl, "declarator"), "identifier")) {
        unsupported(p, decl);
        return NULL;
    }
    f->name = text(p, field(decl, "declarator"));
    f->at = loc_of(field(decl, "declarator"));
    f->is_kernel = has_attribute(p, n, "genx_main");
    if (!parse_type(p, field(n, "type"), &f->ret) || !parse_params(p, field(decl, "parameters"), f))
        return NULL;
    p->in_function = 1;
    f->body = parse_block(p, field(n, "body"));
    p->in_function = 0;
    return f->body ? f : NULL;
}

static int parse_template_params(parser *p, TSNode list, function *f)
{
    uint32_t n = ts_node_named_child_count(list);
    f->tparams = arena_alloc(p->a, (n ? n : 1) * sizeof *f->tparams);
    if (!f->tparams)
        return 0;
    for (uint32_t i = 0; i < n; i++) {
        TSNode tp = ts_node_named_child(list, i);
        if (skippable(tp))
            continue;
        template_param *out = &f->tparams[f->ntparams];
        out->at = loc_of(tp);
        out->is_type = is(tp, "type_parameter_declaration");
        TSNode name = out->is_type ? ts_node_named_child(tp, 0) : field(tp, "declarator");
        if (!is(tp, "type_parameter_declaration") && !is(tp, "parameter_declaration")) {
            unsupported(p, tp);
            return 0;
        }
        if (ts_node_is_null(name) || !(out->name = text(p, name)))
            return 0;
        f->ntparams++;
    }
    return 1;
}

/* template <int N, typename T> void f(...): parsed once, with the
 * parameters' names known; check.c instantiates it per call. */
static function *parse_template(parser *p, TSNode n)
{
    TSNode def = n;
    int found = 0;
    for (uint32_t i = 0; i < ts_node_named_child_count(n); i++)
        if (is(ts_node_named_child(n, i), "function_definition")) {
            def = ts_node_named_child(n, i);
            found = 1;
        }
    function holder = {0};
    if (!found) {
        diag_error(p->d, loc_of(n), "only function templates are supported");
        return NULL;
    }
    if (!parse_template_params(p, field(n, "parameters"), &holder))
        return NULL;
    p->tparams = holder.tparams;
    p->ntparams = holder.ntparams;
    function *f = parse_function(p, def);
    p->tparams = NULL;
    p->ntparams = 0;
    if (!f)
        return NULL;
    f->tparams = holder.tparams;
    f->ntparams = holder.ntparams;
    f->is_template = 1;
    return f;
}

/* A function declared before its definition: nothing to keep. */
static int is_prototype(TSNode n)
{
    TSNode d = field(n, "declarator");
    if (!is(d, "function_declarator"))
        return 0;
    TSNode params = field(d, "parameters"), first = ts_node_named_child(params, 0);
    return ts_node_named_child_count(params) != 1 || !is(first, "parameter_declaration") ||
           !ts_node_is_null(field(first, "declarator")) ||
           !is(field(first, "type"), "type_identifier");
}

/* constexpr int K = 3; static const short tab[4] = {...}; matrix<...> g;
 * kept in program order, for check.c to declare before the functions. */
static void parse_global(parser *p, TSNode n, ptr_list *globals)
{
    if (is_prototype(n))
        return;
    stmt *s = parse_declaration(p, n);
    for (int i = 0; s && i < s->nitems; i++) {
        s->items[i]->sym->is_global = 1;
        if (ptr_list_push(p->a, globals, s->items[i]))
            return;
    }
}

static void parse_top_level(parser *p, TSNode n, ptr_list *funcs, ptr_list *globals)
{
    for (uint32_t i = 0; i < ts_node_named_child_count(n); i++) {
        TSNode c = ts_node_named_child(n, i);
        if (is(c, "comment") || is(c, "string_literal"))
            continue;
        if (is(c, "linkage_specification")) {
            parse_top_level(p, c, funcs, globals);
        } else if (is(c, "declaration_list")) {
            parse_top_level(p, c, funcs, globals);
        } else if (is(c, "declaration")) {
            parse_global(p, c, globals);
        } else if (is(c, "type_definition") || is(c, "alias_declaration")) {
            parse_type_alias(p, c);
        } else if (is(c, "function_definition")) {
            function *f = parse_function(p, c);
            if (f && ptr_list_push(p->a, funcs, f))
                return;
        } else if (is(c, "template_declaration")) {
            function *f = parse_template(p, c);
            if (f && ptr_list_push(p->a, funcs, f))
                return;
        } else if (is(c, "preproc_call")) {
            continue; /* file-level pragmas are GPU hints */
        } else {
            unsupported(p, c);
        }
    }
}

/* The first ERROR or MISSING node, depth first, for a syntax error. */
static int find_syntax_error(TSNode n, TSNode *bad)
{
    if (ts_node_is_missing(n) || is(n, "ERROR")) {
        *bad = n;
        return 1;
    }
    for (uint32_t i = 0; i < ts_node_child_count(n); i++)
        if (ts_node_has_error(ts_node_child(n, i)) && find_syntax_error(ts_node_child(n, i), bad))
            return 1;
    return 0;
}

static void report_syntax_error(parser *p, TSNode root)
{
    TSNode bad;
    if (!find_syntax_error(root, &bad)) {
        diag_error(p->d, loc_of(root), "syntax error");
        return;
    }
    if (ts_node_is_missing(bad)) {
        diag_error(p->d, loc_of(bad), "syntax error: expected '%s'", ts_node_type(bad));
        return;
    }
    const char *t = text(p, bad);
    size_t len = t ? strcspn(t, "\n") : 0;
    diag_error(p->d, loc_of(bad), "syntax error near '%.*s'", (int)(len > 40 ? 40 : len),
               t ? t : "");
}

int parse_program(const source *src, arena *a, diag *d, program *out)
{
    parser p = {.src = src, .a = a, .d = d};
    TSParser *tsp = ts_parser_new();
    if (!tsp || !ts_parser_set_language(tsp, tree_sitter_cpp())) {
        diag_error(d, (loc){0, 0}, "the C++ grammar does not match the tree-sitter runtime");
        ts_parser_delete(tsp);
        return -1;
    }
    TSTree *tree = ts_parser_parse_string(tsp, NULL, src->text, (uint32_t)src->len);
    TSNode root = ts_tree_root_node(tree);
    ptr_list funcs = {0}, globals = {0};
    if (ts_node_has_error(root))
        report_syntax_error(&p, root);
    else
        parse_top_level(&p, root, &funcs, &globals);
    out->funcs = (function **)funcs.items;
    out->nfuncs = funcs.n;
    out->globals = (stmt **)globals.items;
    out->nglobals = globals.n;
    ts_tree_delete(tree);
    ts_parser_delete(tsp);
    if (a->failed)
        diag_error(d, (loc){0, 0}, "out of memory");
    return d->errors ? -1 : 0;
}
