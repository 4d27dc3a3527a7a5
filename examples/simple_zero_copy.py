"""simpleZeroCopy: a kernel reads and writes mapped pinned host memory directly (no copies).

    python examples/simple_zero_copy.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
from _checkout import cannot_run
import ctypes
import sys

import numpy as np
from _sample import init_device, load_module

from cudacffi import check, driver

SOURCE = b"""
extern "C" __global__ void vectorAddGPU(const float *a, const float *b, float *c, int N)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < N) c[idx] = a[idx] + b[idx];
}
"""


def host_array(address, n):
    """A numpy view of ``n`` floats at a host address the driver allocated."""
    return np.frombuffer((ctypes.c_float * n).from_address(address), dtype=np.float32)


def main(n=1 << 20):
    device, _ = init_device()
    if not check(driver.cuDeviceGetAttribute(driver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY,
                                             device)):
        cannot_run("the device cannot map host memory")
    module = load_module(SOURCE, device)
    kernel = check(driver.cuModuleGetFunction(module, b"vectorAddGPU"))
    flags = driver.CU_MEMHOSTALLOC_DEVICEMAP
    hosts = [check(driver.cuMemHostAlloc(4 * n, flags)) for _ in range(3)]
    a, b, c = (host_array(h, n) for h in hosts)
    a[:] = np.arange(n, dtype=np.float32)
    b[:] = 2.0
    c[:] = 0.0
    devs = [check(driver.cuMemHostGetDevicePointer(h, 0)) for h in hosts]
    check(driver.cuLaunchKernel(kernel, (n + 255) // 256, 1, 1, 256, 1, 1, 0, None,
                                ((devs[0], devs[1], devs[2], n), (None, None, None, "int")), 0))
    check(driver.cuCtxSynchronize())
    ok = np.array_equal(c, a + b)
    for h in hosts:
        check(driver.cuMemFreeHost(h))
    check(driver.cuModuleUnload(module))
    if not ok:
        print("simple_zero_copy FAILED")
        return 1
    print("simple_zero_copy passed: %d elements written by the GPU into mapped host memory" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
