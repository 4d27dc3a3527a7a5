"""vectorAddDrv: C = A + B with the Driver API and NVRTC, checked on the host.

    python examples/vector_add_drv.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
import sys

import numpy as np
from _sample import init_device, load_module

from cudacffi import check, driver

SOURCE = b"""
extern "C" __global__ void VecAdd_kernel(const float *A, const float *B, float *C, int N)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < N) C[i] = A[i] + B[i];
}
"""


def main(n=50000):
    device, _ = init_device()
    module = load_module(SOURCE, device)
    kernel = check(driver.cuModuleGetFunction(module, b"VecAdd_kernel"))
    rng = np.random.default_rng(0)
    a, b = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    c = np.zeros(n, dtype=np.float32)
    da, db, dc = (check(driver.cuMemAlloc(a.nbytes)) for _ in range(3))
    check(driver.cuMemcpyHtoD(da, a, a.nbytes))
    check(driver.cuMemcpyHtoD(db, b, b.nbytes))
    threads = 256
    blocks = (n + threads - 1) // threads
    check(driver.cuLaunchKernel(kernel, blocks, 1, 1, threads, 1, 1, 0, None,
                                ((da, db, dc, n), (None, None, None, "int")), 0))
    check(driver.cuMemcpyDtoH(c, dc, c.nbytes))
    for p in (da, db, dc):
        check(driver.cuMemFree(p))
    check(driver.cuModuleUnload(module))
    if not np.array_equal(c, a + b):
        print("vector_add_drv FAILED: %d wrong elements" % int(np.sum(c != a + b)))
        return 1
    print("vector_add_drv passed: %d elements" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
