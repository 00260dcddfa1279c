/* wrong_abi_program.c - a shared object whose program descriptor has an ABI
 * version the runtime does not know: loading it must be
 * CM_INVALID_COMMON_ISA. */
#include "cmk/abi.h"

const cmk_program_desc cmk_program = {CMK_ABI_VERSION + 100u, 0, 0};
