/*
 * sample_host.h - what the samples' C++ host programs share around the CM
 * runtime: loading a kernel program the way CM samples do (a .isa file in
 * the working directory, else beside the program), and the median of timed
 * runs as throughput.
 */
#ifndef SAMPLES_SAMPLE_HOST_H
#define SAMPLES_SAMPLE_HOST_H

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cm_check.h"
#include "cm_rt.h"
#include "sample_files.h"

/* LoadProgram of `isa_name`; ends the program with a message if the file
 * cannot be read. */
inline CmProgram *sample_load_program(CmDevice *device, const char *isa_name,
                                      const char *program_name)
{
    char path[4096];
    sample_error err;
    file_bytes isa;
    if (find_beside_program(isa_name, path, sizeof path, &err) != 0 ||
        file_bytes_load(path, &isa, &err) != 0) {
        std::fprintf(stderr, "%s: %s\n", program_name, err.text);
        std::exit(EXIT_FAILURE);
    }
    CmProgram *program = nullptr;
    cm_result_check(device->LoadProgram(isa.data, UINT(isa.size), program));
    file_bytes_free(&isa);
    return program;
}

inline UINT64 sample_median(std::vector<UINT64> times)
{
    std::sort(times.begin(), times.end());
    size_t n = times.size();
    return n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
}

inline double sample_mpix_per_s(int width, int height, UINT64 nanoseconds)
{
    double pixels = double(width) * double(height);
    return nanoseconds ? pixels / double(nanoseconds) * 1e3 : 0.0;
}

/* The device's worker threads (CMRT_WORKERS, else one per CPU). */
inline UINT sample_worker_count(CmDevice *device)
{
    UINT workers = 0;
    size_t size = sizeof workers;
    cm_result_check(device->GetCaps(CAP_HW_THREAD_COUNT, size, &workers));
    return workers;
}

#endif /* SAMPLES_SAMPLE_HOST_H */
