/*
 * empty_genx.cpp - a kernel that does nothing: run over a million
 * thread-space points, its time is the scheduler's cost per point.
 */
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void empty()
{
}

// The same with a dependency's calls: on a CM_WAVEFRONT space its time is
// the scheduler's cost per point with dependencies.
extern "C" _GENX_MAIN_ void empty_wait()
{
    cm_wait();
    cm_fence();
    cm_signal();
}
