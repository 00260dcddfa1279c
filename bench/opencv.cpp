/*
 * opencv.cpp - the OpenCV baselines, behind a C interface (bench.h), built
 * only when meson finds opencv4. The Mats wrap the caller's buffers, so a
 * timed call allocates nothing.
 */
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "bench.h"

const char *bench_cv_version(void)
{
    return CV_VERSION;
}

void bench_cv_set_threads(int count)
{
    cv::setNumThreads(count);
}

void bench_cv_blur3x3(const unsigned char *rgb, unsigned char *out, int width, int height)
{
    const cv::Mat src(height, width, CV_8UC3, const_cast<unsigned char *>(rgb));
    cv::Mat dst(height, width, CV_8UC3, out);
    cv::blur(src, dst, cv::Size(3, 3), cv::Point(-1, -1), cv::BORDER_REPLICATE);
}

void bench_cv_integral(const unsigned char *grey, int32_t *out, int width, int height)
{
    const cv::Mat src(height, width, CV_8UC1, const_cast<unsigned char *>(grey));
    cv::Mat sums(height + 1, width + 1, CV_32SC1, out);
    cv::integral(src, sums, CV_32S);
}
