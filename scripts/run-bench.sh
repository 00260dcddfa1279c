#!/usr/bin/env bash
# The benchmark (DESIGN.md section 5, bench/): install, build, and run it.
# It prints the machine, then for each sample kernel on 1920x1080 and
# 3840x2160 with 1 and 2 workers its Mpix/s and ratios to a plain C
# reference, OpenCV and the memory-bandwidth ceiling; the scheduler's cost
# per point; and cmc's translation time. About two minutes on two cores.
#
# usage: scripts/run-bench.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# OpenCV is the one optional dependency, for the comparison only, and
# large: only this script installs it. Without it the benchmark still
# builds and runs, and shows - in the OpenCV columns.
install_opencv() {
    dpkg-query -W -f='${Status}' libopencv-dev 2>/dev/null | grep -q 'install ok installed' && return
    echo "run-bench: installing libopencv-dev (for the OpenCV comparison)"
    local sudo=
    [ "$(id -u)" -ne 0 ] && sudo=sudo
    if ! { $sudo apt-get update -qq &&
           DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
               --no-install-recommends libopencv-dev >/dev/null; }; then
        echo "run-bench: could not install libopencv-dev; running without OpenCV"
    fi
}

install_opencv
scripts/setup.sh build

# A build directory configured before OpenCV was there has not looked
# for it since: configure it again.
if pkg-config --exists opencv4 &&
   ! grep -q '"name": "opencv4"' build/meson-info/intro-dependencies.json; then
    meson setup --reconfigure build >/dev/null
fi

meson compile -C build bench
