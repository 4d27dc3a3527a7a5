"""streamOrderedAllocation: cuMemAllocAsync / cuMemFreeAsync on a stream, the device's default memory pool
with a release threshold, and trimming the pool afterwards.

    python examples/stream_ordered_allocation.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
from _checkout import cannot_run
import sys

import numpy as np
from _sample import init_device, load_module

from cudacffi import check, driver

SOURCE = b"""
extern "C" __global__ void vectorAdd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
"""


def main(n=1 << 20, rounds=10):
    device, _ = init_device()
    attr = driver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED
    if not check(driver.cuDeviceGetAttribute(attr, device)):
        cannot_run("the device has no memory pools")
    module = load_module(SOURCE, device)
    kernel = check(driver.cuModuleGetFunction(module, b"vectorAdd"))
    pool = check(driver.cuDeviceGetDefaultMemPool(device))
    threshold = driver.CUmemPool_attribute.CU_MEMPOOL_ATTR_RELEASE_THRESHOLD
    check(driver.cuMemPoolSetAttribute(pool, threshold, driver.cuuint64_t(1 << 62)))  # keep memory between rounds
    stream = check(driver.cuStreamCreate(driver.CUstream_flags.CU_STREAM_NON_BLOCKING))
    a = np.random.default_rng(1).random(n, dtype=np.float32)
    b = np.ones(n, dtype=np.float32)
    c = np.empty(n, dtype=np.float32)
    for _ in range(rounds):
        da, db, dc = (check(driver.cuMemAllocAsync(a.nbytes, stream)) for _ in range(3))
        check(driver.cuMemcpyHtoDAsync(da, a, a.nbytes, stream))
        check(driver.cuMemcpyHtoDAsync(db, b, b.nbytes, stream))
        check(driver.cuLaunchKernel(kernel, (n + 255) // 256, 1, 1, 256, 1, 1, 0, stream,
                                    ((da, db, dc, n), (None, None, None, "int")), 0))
        check(driver.cuMemcpyDtoHAsync(c, dc, c.nbytes, stream))
        for p in (da, db, dc):
            check(driver.cuMemFreeAsync(p, stream))
    check(driver.cuStreamSynchronize(stream))
    reserved = check(driver.cuMemPoolGetAttribute(pool, driver.CUmemPool_attribute.CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT))
    check(driver.cuMemPoolTrimTo(pool, 0))
    trimmed = check(driver.cuMemPoolGetAttribute(pool, driver.CUmemPool_attribute.CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT))
    check(driver.cuMemPoolSetAttribute(pool, threshold, 0))
    check(driver.cuStreamDestroy(stream))
    check(driver.cuModuleUnload(module))
    if not np.array_equal(c, a + b) or not reserved >= 3 * a.nbytes or trimmed > reserved:
        print("stream_ordered_allocation FAILED (reserved %d, trimmed %d)" % (reserved, trimmed))
        return 1
    print("stream_ordered_allocation passed: %d rounds; pool held %d bytes, %d after trimming"
          % (rounds, reserved, trimmed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
