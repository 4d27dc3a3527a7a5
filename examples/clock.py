"""clock: time a parallel reduction per block with the device's clock(), as CUDA's clock sample does.

Each block records clock() at its start and end; the average number of clocks per block is printed and
the reduction's results are checked.

    python examples/clock.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
import sys

import numpy as np
from _sample import init_device, load_module

from cudacffi import check, driver

SOURCE = b"""
extern "C" __global__ void timedReduction(const float *input, float *output, long long *timer)
{
    extern __shared__ float shared[];
    const int tid = threadIdx.x, bid = blockIdx.x;
    if (tid == 0) timer[bid] = clock64();
    shared[tid] = input[tid];
    shared[tid + blockDim.x] = input[tid + blockDim.x];
    for (int d = blockDim.x; d > 0; d /= 2) {
        __syncthreads();
        if (tid < d) {
            float f0 = shared[tid], f1 = shared[tid + d];
            if (f1 < f0) shared[tid] = f1;
        }
    }
    if (tid == 0) output[bid] = shared[0];
    __syncthreads();
    if (tid == 0) timer[bid + gridDim.x] = clock64();
}
"""


def main(blocks=64, threads=256):
    device, _ = init_device()
    module = load_module(SOURCE, device)
    kernel = check(driver.cuModuleGetFunction(module, b"timedReduction"))
    data = np.arange(2 * threads, dtype=np.float32)[::-1].copy()
    out = np.zeros(blocks, dtype=np.float32)
    timer = np.zeros(2 * blocks, dtype=np.int64)
    d_in = check(driver.cuMemAlloc(data.nbytes))
    d_out = check(driver.cuMemAlloc(out.nbytes))
    d_timer = check(driver.cuMemAlloc(timer.nbytes))
    check(driver.cuMemcpyHtoD(d_in, data, data.nbytes))
    check(driver.cuLaunchKernel(kernel, blocks, 1, 1, threads, 1, 1, 4 * 2 * threads, None,
                                ((d_in, d_out, d_timer), (None, None, None)), 0))
    check(driver.cuMemcpyDtoH(out, d_out, out.nbytes))
    check(driver.cuMemcpyDtoH(timer, d_timer, timer.nbytes))
    for p in (d_in, d_out, d_timer):
        check(driver.cuMemFree(p))
    check(driver.cuModuleUnload(module))
    clocks = timer[blocks:] - timer[:blocks]
    if not (np.all(out == 0.0) and np.all(clocks > 0)):
        print("clock FAILED: minimum %s, clocks %s" % (out[:4], clocks[:4]))
        return 1
    print("clock passed: average clocks/block = %.1f" % clocks.mean())
    return 0


if __name__ == "__main__":
    sys.exit(main())
