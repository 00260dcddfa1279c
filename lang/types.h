/*
 * types.h - CM's element types: names, sizes, C spellings and the
 * arithmetic conversions of C++ that CM applies element by element.
 */
#ifndef LANG_TYPES_H
#define LANG_TYPES_H

#include "ast.h"

/* uchar, unsigned short, int8_t, SurfaceIndex, ... -> elem. 1 if known. */
int scalar_type_by_name(const char *name, elem_kind *elem);
ctype scalar_type(elem_kind elem);
ctype shaped_type(elem_kind elem, int rows, int cols);

int elem_size(elem_kind e);
int elem_is_float(elem_kind e);
int elem_is_signed(elem_kind e);
int elem_is_integer(elem_kind e);
const char *elem_c_name(elem_kind e);    /* uint8_t, float, ... */
const char *elem_cm_name(elem_kind e);   /* uchar, float, ... */
const char *elem_abi_name(elem_kind e);  /* CMK_ELEM_U8, ... */
int64_t elem_min(elem_kind e);
uint64_t elem_max(elem_kind e);

/* C++ integer promotion and the usual arithmetic conversions. */
elem_kind elem_promote(elem_kind e);
elem_kind elem_common(elem_kind a, elem_kind b);

int type_is_object(const ctype *t); /* a vector or matrix */
int type_count(const ctype *t);     /* elements */
/* "matrix<uchar,8,32>" in the arena, for diagnostics. */
const char *type_name(arena *a, const ctype *t);

#endif /* LANG_TYPES_H */
