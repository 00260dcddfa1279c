/* Part of headers_are_self_contained: cmk/convert.h on its own. */
#include "cmk/convert.h"

int convert_first(float f);

int convert_first(float f) { return cmk_f32_to_u8(f); }
