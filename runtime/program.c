/*
 * program.c - loading a program: the shared object cmc builds.
 *
 * The bytes are copied into an anonymous memory file and dlopen'ed through
 * /proc/self/fd, so nothing touches the file system. Before dlopen sees
 * them, the ELF headers are checked to lie inside the bytes: the dynamic
 * loader trusts them, and a truncated or corrupt file would otherwise crash
 * it. Then the program's descriptor (CMK_PROGRAM_SYMBOL) is checked as far
 * as the runtime relies on it. Anything wrong is CM_INVALID_COMMON_ISA.
 */
#include <dlfcn.h>
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cmrt_internal.h"

/* Sanity bounds on a descriptor, far above anything cmc emits. */
#define CMRT_MAX_KERNELS 65536u
#define CMRT_MAX_PARAMS 1024u
#define CMRT_MAX_PARAM_SIZE (1u << 20)

#if UINTPTR_MAX > 0xffffffffu
typedef Elf64_Ehdr elf_ehdr;
typedef Elf64_Phdr elf_phdr;
#define CMRT_ELF_CLASS ELFCLASS64
#else
typedef Elf32_Ehdr elf_ehdr;
typedef Elf32_Phdr elf_phdr;
#define CMRT_ELF_CLASS ELFCLASS32
#endif

static bool range_inside(uint64_t offset, uint64_t length, uint64_t size)
{
    return offset <= size && length <= size - offset;
}

/* Is this a shared object for this machine whose headers and loadable
 * segments all lie inside `size` bytes? */
static bool elf_is_loadable(const uint8_t *bytes, size_t size)
{
    elf_ehdr eh;
    if (size < sizeof eh)
        return false;
    memcpy(&eh, bytes, sizeof eh);
    if (memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
        eh.e_ident[EI_CLASS] != CMRT_ELF_CLASS || eh.e_type != ET_DYN ||
        eh.e_phentsize != sizeof(elf_phdr) || eh.e_phnum == 0)
        return false;
    if (!range_inside(eh.e_phoff, (uint64_t)eh.e_phnum * sizeof(elf_phdr), size))
        return false;
    if (eh.e_shnum && !range_inside(eh.e_shoff, (uint64_t)eh.e_shnum * eh.e_shentsize, size))
        return false;
    for (unsigned i = 0; i < eh.e_phnum; i++) {
        elf_phdr ph;
        memcpy(&ph, bytes + eh.e_phoff + i * sizeof ph, sizeof ph);
        if ((ph.p_type == PT_LOAD || ph.p_type == PT_DYNAMIC) &&
            !range_inside(ph.p_offset, ph.p_filesz, size))
            return false;
    }
    return true;
}

/* An anonymous file holding the bytes, or -1. */
static int memfd_with(const void *bytes, size_t size)
{
    int fd = memfd_create("cmrt-program", MFD_CLOEXEC);
    if (fd < 0)
        return -1;
    const uint8_t *p = bytes;
    size_t left = size;
    while (left) {
        ssize_t n = write(fd, p, left);
        if (n <= 0) {
            close(fd);
            return -1;
        }
        p += n;
        left -= (size_t)n;
    }
    return fd;
}

static bool param_is_valid(const cmk_param *p)
{
    if (p->size == 0 || p->size > CMRT_MAX_PARAM_SIZE)
        return false;
    switch (p->kind) {
    case CMK_PARAM_SURFACE:
        return p->size == sizeof(cmrt_surface_index);
    case CMK_PARAM_SCALAR:
        return p->elem > CMK_ELEM_NONE && p->elem <= CMK_ELEM_F64;
    case CMK_PARAM_VECTOR:
        return p->elem > CMK_ELEM_NONE && p->elem <= CMK_ELEM_F64;
    default:
        return false;
    }
}

static bool kernel_desc_is_valid(const cmk_kernel_desc *k)
{
    if (!k->name || !k->entry || k->nparams > CMRT_MAX_PARAMS)
        return false;
    if (k->nparams && !k->params)
        return false;
    for (uint32_t i = 0; i < k->nparams; i++)
        if (!param_is_valid(&k->params[i]))
            return false;
    return true;
}

static bool program_desc_is_valid(const cmk_program_desc *d)
{
    if (d->abi_version != CMK_ABI_VERSION || d->nkernels > CMRT_MAX_KERNELS)
        return false;
    if (d->nkernels && !d->kernels)
        return false;
    for (uint32_t i = 0; i < d->nkernels; i++)
        if (!kernel_desc_is_valid(&d->kernels[i]))
            return false;
    return true;
}

/* dlopen's the object in fd and finds its descriptor. */
static int open_program(int fd, void **handle, const cmk_program_desc **desc)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return CM_INVALID_COMMON_ISA;
    const cmk_program_desc *d = dlsym(h, CMK_PROGRAM_SYMBOL);
    if (!d || !program_desc_is_valid(d)) {
        dlclose(h);
        return CM_INVALID_COMMON_ISA;
    }
    *handle = h;
    *desc = d;
    return CM_SUCCESS;
}

int cmrt_program_load(cmrt_device *dev, const void *bytes, size_t size,
                      cmrt_program **out)
{
    if (!dev || !bytes || !out)
        return CM_NULL_POINTER;
    *out = NULL;
    if (!elf_is_loadable(bytes, size))
        return CM_INVALID_COMMON_ISA;
    cmrt_program *p = calloc(1, sizeof *p);
    if (!p)
        return CM_OUT_OF_HOST_MEMORY;
    /* The file stays open while the program is loaded: its /proc path is
     * the object's name to the dynamic loader, which must not match a
     * later program's. */
    p->fd = memfd_with(bytes, size);
    if (p->fd < 0) {
        free(p);
        return CM_OUT_OF_HOST_MEMORY;
    }
    int rc = open_program(p->fd, &p->handle, &p->desc);
    if (rc != CM_SUCCESS) {
        close(p->fd);
        free(p);
        return rc;
    }
    cmrt_object_init(&p->obj, dev, CMRT_KIND_PROGRAM);
    *out = p;
    return CM_SUCCESS;
}

int cmrt_program_destroy(cmrt_program *p)
{
    if (!p)
        return CM_NULL_POINTER;
    CMRT_RELEASE(p);
    return CM_SUCCESS;
}

void cmrt_program_free(cmrt_program *p, bool teardown)
{
    (void)teardown;
    dlclose(p->handle);
    close(p->fd);
    free(p);
}
