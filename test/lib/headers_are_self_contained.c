/*
 * Each header the generated code includes compiles on its own, first in
 * its translation unit, warning-free under -Wall -Wextra -pedantic, and
 * with the others (cmk/kernel.h pulls them all in).
 */
#include "cmk/block_io.h"
#include "cmk/kernel.h"

#include <stdio.h>

int convert_first(float f); /* headers_convert_first.c */

int main(void)
{
    uint8_t texel = 7, m[2][2];
    cmk_surface s = {&texel, 1, 1, 1, 1};
    cmk_block_read(&s, -1, -1, m, 2, 2, 2);
    int ok = m[0][0] == 7 && m[1][1] == 7 && convert_first(300.0f) == 255;
    puts(ok ? "headers_are_self_contained: ok"
            : "headers_are_self_contained: FAILED");
    return !ok;
}
