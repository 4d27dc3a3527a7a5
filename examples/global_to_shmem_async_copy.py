"""globalToShmemAsyncCopy: a tiled matrix product whose tiles travel from global to shared memory with
``cuda::memcpy_async`` under a ``cuda::pipeline`` (the copy engine of sm_80 and newer: no register round
trip), two stages deep so the next tiles load while the current ones are multiplied. The same product with
plain loads runs beside it; both are timed and both are checked against the host's product.

The kernel includes libcu++'s ``<cuda/pipeline>``, which NVRTC does not carry: the folder holding it is
looked for in the toolkit (``CUDA_HOME``, ``CUDA_PATH``, /usr/local/cuda; ``include/cccl`` on CUDA 13,
``include`` before) and in NVIDIA's CCCL wheel. Where it is not found, or the GPU is older than sm_80,
the sample says so and exits 77 (it cannot run here).

    python examples/global_to_shmem_async_copy.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
from _checkout import cannot_run
import glob
import os
import sys

import numpy as np
from _sample import compute_capability, init_device, load_module

from cudacffi import check, driver

TILE = 16

SOURCE = b"""
#include <cuda/pipeline>

#define TILE %d
#define STAGES 2

// C = A B for n x n row-major matrices, n a multiple of TILE; one thread per element of C.
extern "C" __global__ void matmul_async_copy(const float *A, const float *B, float *C, int n)
{
    __shared__ alignas(16) float As[STAGES][TILE][TILE];
    __shared__ alignas(16) float Bs[STAGES][TILE][TILE];
    // each thread's own pipeline: it waits for its own copies, then the block meets at a barrier
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
    const int tiles = n / TILE;

    for (int fetch = 0; fetch < STAGES && fetch < tiles; ++fetch) {
        pipe.producer_acquire();
        cuda::memcpy_async(&As[fetch][ty][tx], &A[row * n + fetch * TILE + tx],
                           cuda::aligned_size_t<4>(sizeof(float)), pipe);
        cuda::memcpy_async(&Bs[fetch][ty][tx], &B[(fetch * TILE + ty) * n + col],
                           cuda::aligned_size_t<4>(sizeof(float)), pipe);
        pipe.producer_commit();
    }
    float sum = 0.0f;
    for (int t = 0; t < tiles; ++t) {
        const int stage = t %% STAGES;
        pipe.consumer_wait();
        __syncthreads();                       // every thread's part of this stage has landed
        for (int k = 0; k < TILE; ++k)
            sum += As[stage][ty][k] * Bs[stage][k][tx];
        __syncthreads();                       // every thread is done reading this stage
        pipe.consumer_release();
        const int fetch = t + STAGES;
        if (fetch < tiles) {
            pipe.producer_acquire();
            cuda::memcpy_async(&As[stage][ty][tx], &A[row * n + fetch * TILE + tx],
                               cuda::aligned_size_t<4>(sizeof(float)), pipe);
            cuda::memcpy_async(&Bs[stage][ty][tx], &B[(fetch * TILE + ty) * n + col],
                               cuda::aligned_size_t<4>(sizeof(float)), pipe);
            pipe.producer_commit();
        }
    }
    C[row * n + col] = sum;
}

// The same product with plain loads through registers, for comparison.
extern "C" __global__ void matmul_plain(const float *A, const float *B, float *C, int n)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
    float sum = 0.0f;
    for (int t = 0; t < n / TILE; ++t) {
        As[ty][tx] = A[row * n + t * TILE + tx];
        Bs[ty][tx] = B[(t * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}
""" % TILE


def libcudacxx_include():
    """The folder holding libcu++'s ``cuda/pipeline``, or None: the toolkit's (CUDA 13 keeps CCCL under
    include/cccl) or the one in NVIDIA's CCCL wheel."""
    roots = [os.environ.get(var) for var in ("CUDA_HOME", "CUDA_PATH")] + ["/usr/local/cuda"]
    candidates = []
    for root in filter(None, roots):
        candidates += [os.path.join(root, "include", "cccl"), os.path.join(root, "include")]
    try:
        import nvidia  # the namespace package of NVIDIA's wheels
        for base in nvidia.__path__:
            for pattern in ("*/include", "*/include/cccl", "*/*/include", "*/*/include/cccl"):
                candidates += sorted(glob.glob(os.path.join(base, pattern)))
    except ImportError:
        pass
    return next((c for c in candidates if os.path.isfile(os.path.join(c, "cuda", "pipeline"))), None)


def product(kernel, da, db, dc, n, stream, start, stop):
    """Launch ``kernel`` once on ``stream``; the milliseconds it took."""
    check(driver.cuEventRecord(start, stream))
    check(driver.cuLaunchKernel(kernel, n // TILE, n // TILE, 1, TILE, TILE, 1, 0, stream,
                                ((da, db, dc, n), (None, None, None, "int")), 0))
    check(driver.cuEventRecord(stop, stream))
    check(driver.cuEventSynchronize(stop))
    return check(driver.cuEventElapsedTime(start, stop))


def main(n=512):
    device, _ = init_device()
    major, minor = compute_capability(device)
    if major < 8:
        cannot_run("sm_%d%d has no asynchronous global-to-shared copy (sm_80 or newer is needed)" % (major, minor))
    include = libcudacxx_include()
    if include is None:
        cannot_run("libcu++'s cuda/pipeline header was not found (set CUDA_HOME to a CUDA toolkit, or pip install "
                   "nvidia-cuda-cccl-cu12)")
    module = load_module(SOURCE, device, [b"-I" + include.encode(), b"--std=c++17"])
    kernels = {name: check(driver.cuModuleGetFunction(module, name.encode()))
               for name in ("matmul_async_copy", "matmul_plain")}
    # small integers: every product and sum is exact in float32, so the check is equality
    rng = np.random.default_rng(7)
    a = rng.integers(-4, 5, size=(n, n)).astype(np.float32)
    b = rng.integers(-4, 5, size=(n, n)).astype(np.float32)
    expected = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    da, db, dc = (check(driver.cuMemAlloc(a.nbytes)) for _ in range(3))
    check(driver.cuMemcpyHtoD(da, a, a.nbytes))
    check(driver.cuMemcpyHtoD(db, b, b.nbytes))
    stream = check(driver.cuStreamCreate(0))
    start, stop = check(driver.cuEventCreate(0)), check(driver.cuEventCreate(0))
    wrong, times = [], {}
    for name, kernel in kernels.items():
        check(driver.cuMemsetD32(dc, 0, n * n))
        product(kernel, da, db, dc, n, stream, start, stop)                      # warm-up
        times[name] = product(kernel, da, db, dc, n, stream, start, stop)
        c = np.empty_like(a)
        check(driver.cuMemcpyDtoH(c, dc, c.nbytes))
        if not np.array_equal(c, expected):
            wrong.append("%s: %d wrong elements" % (name, int(np.sum(c != expected))))
    for e in (start, stop):
        check(driver.cuEventDestroy(e))
    check(driver.cuStreamDestroy(stream))
    for p in (da, db, dc):
        check(driver.cuMemFree(p))
    check(driver.cuModuleUnload(module))
    if wrong:
        print("global_to_shmem_async_copy FAILED: " + "; ".join(wrong))
        return 1
    print("global_to_shmem_async_copy passed: %d x %d product, memcpy_async %.3f ms, plain loads %.3f ms"
          % (n, n, times["matmul_async_copy"], times["matmul_plain"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
