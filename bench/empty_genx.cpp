/*
 * empty_genx.cpp - a kernel that does nothing: run over a million
 * thread-space points, its time is the scheduler's cost per point.
 */
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void empty()
{
}
