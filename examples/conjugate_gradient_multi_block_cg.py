"""conjugateGradientMultiBlockCG: the conjugate gradient method in ONE cooperative kernel launch: every
block stays resident (cuLaunchCooperativeKernel), and the blocks meet at a grid-wide barrier between the
phases of each iteration. The system is tridiagonal (2.5 on the diagonal, -1 beside it: symmetric positive
definite), A x = 1; the answer is checked on the host.

    python examples/conjugate_gradient_multi_block_cg.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
from _checkout import cannot_run
import sys

import numpy as np
from _sample import init_device, load_module

from cudacffi import check, driver

SOURCE = b"""
// A grid-wide barrier for a cooperative launch (all blocks resident): arrive, and wait for the generation
// to change; the last block to arrive resets the count and starts the next generation.
__device__ void grid_sync(unsigned int *bar, unsigned int blocks)
{
    __syncthreads();
    if (threadIdx.x == 0) {
        volatile unsigned int *gen = bar + 1;
        unsigned int mine = *gen;
        __threadfence();
        if (atomicAdd(bar, 1u) == blocks - 1) {
            bar[0] = 0;
            __threadfence();
            atomicAdd(bar + 1, 1u);
        } else {
            while (*gen == mine) { }
        }
        __threadfence();
    }
    __syncthreads();
}

__device__ void add_dot(double *slot, double partial)
{
    __shared__ double sums[256];
    sums[threadIdx.x] = partial;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s /= 2) {
        if (threadIdx.x < s) sums[threadIdx.x] += sums[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(slot, sums[0]);
}

// dots: zeroed, 2 slots per iteration (p.Ap, r.r) plus r0.r0 at the end; x = 0, r = p = b on entry
extern "C" __global__ void cg(int n, int max_iter, float tol, float *x, float *r, float *p, float *Ap,
                              double *dots, unsigned int *bar, int *iterations)
{
    const unsigned int blocks = gridDim.x;
    const int stride = gridDim.x * blockDim.x, first = blockIdx.x * blockDim.x + threadIdx.x;
    double *rr0 = dots + 2 * max_iter;
    double part = 0.0;
    for (int i = first; i < n; i += stride) part += (double)r[i] * r[i];
    add_dot(rr0, part);
    grid_sync(bar, blocks);
    double rr = *(volatile double *)rr0;
    int k = 0;
    for (; k < max_iter && rr > (double)tol * tol; k++) {
        part = 0.0;
        for (int i = first; i < n; i += stride) {
            float left = i > 0 ? p[i - 1] : 0.0f, right = i < n - 1 ? p[i + 1] : 0.0f;
            Ap[i] = 2.5f * p[i] - left - right;
            part += (double)p[i] * Ap[i];
        }
        add_dot(dots + 2 * k, part);
        grid_sync(bar, blocks);
        float alpha = (float)(rr / *(volatile double *)(dots + 2 * k));
        part = 0.0;
        for (int i = first; i < n; i += stride) {
            x[i] += alpha * p[i];
            r[i] -= alpha * Ap[i];
            part += (double)r[i] * r[i];
        }
        add_dot(dots + 2 * k + 1, part);
        grid_sync(bar, blocks);
        double rr_new = *(volatile double *)(dots + 2 * k + 1);
        float beta = (float)(rr_new / rr);
        for (int i = first; i < n; i += stride) p[i] = r[i] + beta * p[i];
        rr = rr_new;
        grid_sync(bar, blocks);
    }
    if (first == 0) *iterations = k;
}
"""


def main(n=1 << 10, max_iter=4096, tol=1e-4):
    device, _ = init_device()
    attr = driver.CUdevice_attribute
    if not check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, device)):
        cannot_run("the device has no cooperative launch")
    module = load_module(SOURCE, device)
    kernel = check(driver.cuModuleGetFunction(module, b"cg"))
    threads = 256
    per_sm = check(driver.cuOccupancyMaxActiveBlocksPerMultiprocessor(kernel, threads, 0))
    sms = check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device))
    blocks = max(1, min(per_sm * sms, (n + threads - 1) // threads))
    b = np.ones(n, dtype=np.float32)
    zeros = np.zeros(n, dtype=np.float32)
    dx, dr, dp, dAp = (check(driver.cuMemAlloc(4 * n)) for _ in range(4))
    ddots = check(driver.cuMemAlloc(8 * (2 * max_iter + 1)))
    dbar = check(driver.cuMemAlloc(8))
    diters = check(driver.cuMemAlloc(4))
    check(driver.cuMemcpyHtoD(dx, zeros, 4 * n))
    check(driver.cuMemcpyHtoD(dr, b, 4 * n))
    check(driver.cuMemcpyHtoD(dp, b, 4 * n))
    check(driver.cuMemsetD8(ddots, 0, 8 * (2 * max_iter + 1)))
    check(driver.cuMemsetD8(dbar, 0, 8))
    args = ((n, max_iter, tol, dx, dr, dp, dAp, ddots, dbar, diters),
            ("int", "int", "float", None, None, None, None, None, None, None))
    check(driver.cuLaunchCooperativeKernel(kernel, blocks, 1, 1, threads, 1, 1, 0, None, args))
    check(driver.cuCtxSynchronize())
    x = np.empty(n, dtype=np.float32)
    iterations = np.zeros(1, dtype=np.int32)
    check(driver.cuMemcpyDtoH(x, dx, 4 * n))
    check(driver.cuMemcpyDtoH(iterations, diters, 4))
    for ptr in (dx, dr, dp, dAp, ddots, dbar, diters):
        check(driver.cuMemFree(ptr))
    check(driver.cuModuleUnload(module))
    xd = x.astype(np.float64)
    ax = 2.5 * xd - np.concatenate(([0.0], xd[:-1])) - np.concatenate((xd[1:], [0.0]))
    residual = float(np.linalg.norm(ax - 1.0))
    if not residual < 1e-3 * np.sqrt(n):
        print("conjugate_gradient_multi_block_cg FAILED: residual %g after %d iterations" % (residual, iterations[0]))
        return 1
    print("conjugate_gradient_multi_block_cg passed: %d unknowns, %d iterations in one launch of %d blocks, "
          "residual %.2e" % (n, iterations[0], blocks, residual))
    return 0


if __name__ == "__main__":
    sys.exit(main())
