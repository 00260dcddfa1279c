/*
 * ast.h - the kernel as cmc understands it: CM types, expressions,
 * statements and functions. parse.c builds it from the tree-sitter tree,
 * check.c fills in types, constants and symbols, emit.c writes C from it.
 * All nodes live in one arena owned by the translation (arena.h).
 */
#ifndef LANG_AST_H
#define LANG_AST_H

#include <stdint.h>

#include "arena.h"

/* A place in the preprocessed text (0-based); diag.c maps it back. */
typedef struct loc {
    int row, col;
} loc;

/* Element (and scalar) types, in the order of C++'s conversion rank. */
typedef enum elem_kind {
    EK_VOID,
    EK_BOOL,
    EK_I8, EK_U8, EK_I16, EK_U16, EK_I32, EK_U32, EK_I64, EK_U64,
    EK_F16, EK_F32, EK_F64, /* half, float, double */
    EK_SURFACE, /* SurfaceIndex */
    EK_COUNT
} elem_kind;

typedef enum shape_kind {
    SH_SCALAR,
    SH_VECTOR, /* vector<T,N> and vector_ref: rows == 1, cols == N */
    SH_MATRIX  /* matrix<T,R,C> and matrix_ref */
} shape_kind;

struct expr;

typedef struct ctype {
    elem_kind elem;
    shape_kind shape;
    int rows, cols;
    int is_ref; /* vector_ref / matrix_ref: names storage owned elsewhere */
    /* Inside templates, parts named by template parameters; check.c
     * resolves them per instantiation. NULL once known. */
    const char *elem_param;
    struct expr *rows_e, *cols_e;
} ctype;

typedef enum expr_kind {
    E_INT,      /* integer literal: ival */
    E_FLOAT,    /* floating literal: fval, type says float or double */
    E_NAME,     /* name: sym after check */
    E_UNARY,    /* op lhs */
    E_BINARY,   /* lhs op rhs */
    E_ASSIGN,   /* lhs op= rhs (op '=' for plain assignment) */
    E_INCDEC,   /* ++/-- lhs, op and is_postfix */
    E_COND,     /* lhs ? args[0] : rhs */
    E_CALL,     /* name(args) */
    E_METHOD,   /* lhs.name<targs>(args) */
    E_ELEMENT,  /* lhs(args) or lhs[args[0]] on a vector or matrix */
    E_CAST,     /* (type) lhs, or type(lhs) */
    E_TYPE,     /* a type as a template argument */
    E_LIST      /* {a, b, ...}: the initialiser of a table or vector (args) */
} expr_kind;

typedef struct symbol symbol;

/* A region of a vector or matrix variable: which elements of the base's
 * row-major storage an expression designates. The element offset is
 * off + sum(terms[k].scale * terms[k].e); element (i, j) of the region is
 * at offset + i * rstride + j * cstride. */
enum { VIEW_MAX_TERMS = 8 };

typedef struct view_term {
    struct expr *e;
    int64_t scale;
} view_term;

typedef struct view {
    symbol *base;
    int64_t off;
    view_term terms[VIEW_MAX_TERMS];
    int nterms;
    int rows, cols;
    int64_t rstride, cstride;
    elem_kind elem;     /* format<T>(): the type read there; EK_VOID: the base's */
    int readonly;       /* replicate<>(): a value, rows are its blocks */
} view;

typedef struct expr {
    expr_kind kind;
    loc at;
    int op;             /* the operator's token, e.g. '+', OP_SHL */
    int is_postfix;
    struct expr *lhs, *rhs;
    struct expr **args;
    int nargs;
    struct expr **targs; /* template arguments of a method */
    int ntargs;
    const char *name;
    int64_t ival;
    double fval;
    ctype type;         /* E_CAST, E_TYPE, E_FLOAT: as written; others: check.c */
    symbol *sym;        /* E_NAME: after check */
    view *region;       /* check.c: the storage an object expression names */
    struct inline_call *call; /* E_CALL of a helper function: its instance */
    int is_const;       /* check.c: an integer constant expression ... */
    int64_t value;      /* ... with this value */
    /* E_CALL of a CM intrinsic (intrinsic.h): which one, the element type
     * its operands are brought to, and whether SAT was asked for. Those
     * computed before their statement (reductions, dot products, cm_div)
     * leave their value in sym, a temporary; region then names it. */
    int intrin;
    elem_kind op_elem;
    int sat;            /* also E_CAST: vector<T, N>(x, SAT) */
    /* E_NAME made by check.c for a temporary (sym) that holds this
     * computed value, written before the statement: what a select,
     * replicate, iselect or format of a computed value reads. */
    struct expr *value_of;
} expr;

/* Multi-character operators; single characters stand for themselves. */
enum {
    OP_SHL = 256, OP_SHR, OP_LE, OP_GE, OP_EQ, OP_NE, OP_AND, OP_OR,
    OP_INC, OP_DEC
};

typedef enum stmt_kind {
    S_EXPR, S_DECL, S_BLOCK, S_IF, S_FOR, S_WHILE, S_DO,
    S_BREAK, S_CONTINUE, S_RETURN, S_EMPTY,
    S_SWITCH, /* switch (e) body; body is a block of S_CASE and statements */
    S_CASE    /* case e: (e NULL for default:) */
} stmt_kind;

struct symbol {
    const char *name;
    ctype type;
    int is_param;
    int is_const;
    int is_type;       /* a template type parameter bound to type */
    int has_value;     /* a constant whose value is known */
    int64_t value;
    view *alias;       /* a local vector_ref/matrix_ref: what it refers to */
    int is_array;      /* declared `T name[N]` (or [R][C]): a table, kept as a
                          vector (matrix); it may initialise an object of
                          another size (cmlangspec 3.2.3) */
    int is_global;     /* declared at file scope (program.globals): 1 each
                          kernel declares it (thread-private, cmlangspec 2.4),
                          2 a constant whose C initialiser folds: one static */
    int is_spill;      /* check.c: a temporary holding a value computed before its
                          statement (an E_NAME's value_of) */
    const char *cname; /* its name in the generated C */
};

typedef struct stmt {
    stmt_kind kind;
    loc at;
    expr *e;            /* S_EXPR, S_RETURN, S_IF/S_WHILE/S_DO condition, S_FOR condition */
    symbol *sym;        /* S_DECL */
    expr *init;         /* S_DECL initialiser */
    struct stmt *init_stmt; /* S_FOR */
    expr *step;         /* S_FOR */
    struct stmt *body, *else_body;
    struct stmt **items; /* S_BLOCK */
    int nitems;
    int unroll;          /* #pragma unroll before a loop: -1 full, n > 0 count */
    int simd_width;      /* check.c: SIMD_IF_BEGIN / SIMD_DO_WHILE: lanes of the mask */
    int simd_kind;       /* S_EXPR: 1 SIMD_BREAK, 2 SIMD_CONTINUE */
    int init_count;      /* S_DECL from a table of another size: the elements
                            copied (the first ones; cmlangspec 3.2.3) */
} stmt;

typedef struct param {
    symbol *sym;
    loc at;
} param;

typedef struct template_param {
    const char *name;
    int is_type;        /* typename T, else a size: int N */
    loc at;
} template_param;

typedef struct function {
    const char *name;
    loc at;
    int is_kernel;      /* _GENX_MAIN_ */
    ctype ret;
    param *params;
    int nparams;
    template_param *tparams;
    int ntparams;
    int is_template;
    stmt *body;
} function;

/* A call of a helper function, expanded in place as CM does: the callee's
 * body checked for this call with its reference parameters bound to the
 * caller's regions and its names made unique. */
typedef struct inline_call {
    function *callee;
    param *params;      /* fresh symbols for this call */
    stmt *body;         /* a copy of the callee's body */
    ctype ret;
    symbol *result;     /* holds the returned value, or NULL for void */
    int id;
} inline_call;

/* File-scope declarations are S_DECL statements in globals: constants
 * and tables (constexpr, static const) and thread-private variables. */
typedef struct program {
    function **funcs;
    int nfuncs;
    struct stmt **globals;
    int nglobals;
} program;

#endif /* LANG_AST_H */
