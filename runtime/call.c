/*
 * call.c - calling a kernel's batch entry through libffi.
 *
 * The entry is void entry(cmk_batch *, params...) with a parameter list
 * known only from the descriptor: surfaces as const cmk_surface *, scalars
 * by value as their C type, vectors as const void * to their bytes. The
 * call interface is prepared once per run and each worker calls once per
 * run; the entry then loops over points with direct calls.
 */
#include <stdlib.h>
#include <string.h>

#include "cmrt_internal.h"

static ffi_type *scalar_type(uint16_t elem)
{
    switch (elem) {
    case CMK_ELEM_I8: return &ffi_type_sint8;
    case CMK_ELEM_U8: return &ffi_type_uint8;
    case CMK_ELEM_I16: return &ffi_type_sint16;
    case CMK_ELEM_U16: return &ffi_type_uint16;
    case CMK_ELEM_I32: return &ffi_type_sint32;
    case CMK_ELEM_U32: return &ffi_type_uint32;
    case CMK_ELEM_I64: return &ffi_type_sint64;
    case CMK_ELEM_U64: return &ffi_type_uint64;
    case CMK_ELEM_F32: return &ffi_type_float;
    case CMK_ELEM_F64: return &ffi_type_double;
    default: return NULL;
    }
}

int cmrt_call_prepare(cmrt_run *r)
{
    const cmk_kernel_desc *d = r->desc;
    r->types[0] = &ffi_type_pointer; /* the batch */
    for (uint32_t i = 0; i < d->nparams; i++) {
        const cmk_param *p = &d->params[i];
        if (p->kind == CMK_PARAM_SCALAR) {
            ffi_type *t = scalar_type(p->elem);
            if (!t || t->size != p->size)
                return CM_INVALID_COMMON_ISA; /* descriptor and type disagree */
            r->types[i + 1] = t;
            r->values[i + 1] = r->arg_bytes + r->offsets[i];
        } else {
            r->types[i + 1] = &ffi_type_pointer;
            r->values[i + 1] = &r->pointers[i];
        }
    }
    if (ffi_prep_cif(&r->cif, FFI_DEFAULT_ABI, d->nparams + 1, &ffi_type_void,
                     r->types) != FFI_OK)
        return CM_INVALID_COMMON_ISA;
    return CM_SUCCESS;
}

#define CMRT_STACK_ARGS 32u

void cmrt_call_batch(cmrt_run *r, cmk_batch *batch)
{
    uint32_t n = r->desc->nparams + 1;
    void *on_stack[CMRT_STACK_ARGS];
    void **values = n <= CMRT_STACK_ARGS ? on_stack : malloc(n * sizeof *values);
    if (!values) {
        /* No memory for the argument list: the points still have to be
         * consumed so the run ends; run them without the kernel. */
        cmk_thread t = CMK_THREAD_INIT(batch);
        while (batch->ops->next(batch, &t))
            ;
        return;
    }
    memcpy(values, r->values, n * sizeof *values);
    values[0] = &batch;
    ffi_call(&r->cif, FFI_FN(r->desc->entry), NULL, values);
    if (values != on_stack)
        free(values);
}
