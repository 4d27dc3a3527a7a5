"""systemWideAtomics: device atomics on managed memory, read back on the host.

    python examples/system_wide_atomics.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
from _checkout import cannot_run
import ctypes
import sys

import numpy as np
from _sample import init_device, load_module

from cudacffi import check, driver

SOURCE = b"""
extern "C" __global__ void atomicKernel(int *data, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= n) return;
    atomicAdd_system(&data[0], 10);
    atomicExch_system(&data[1], tid);
    atomicMax_system(&data[2], tid);
    atomicMin_system(&data[3], tid);
    atomicInc_system((unsigned int *)&data[4], 17);
    atomicDec_system((unsigned int *)&data[5], 137);
    atomicCAS_system(&data[6], tid - 1, tid);
    atomicAnd_system(&data[7], 2 * tid + 7);
    atomicOr_system(&data[8], 1 << tid % 31);
    atomicXor_system(&data[9], tid);
}
"""


def main(blocks=4, threads=32):
    device, _ = init_device()
    attr = driver.CUdevice_attribute
    if not check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, device)):
        cannot_run("the device has no managed memory")
    module = load_module(SOURCE, device)
    kernel = check(driver.cuModuleGetFunction(module, b"atomicKernel"))
    n = blocks * threads
    ptr = check(driver.cuMemAllocManaged(4 * 10, driver.CUmemAttach_flags.CU_MEM_ATTACH_GLOBAL))
    data = np.frombuffer((ctypes.c_int * 10).from_address(int(ptr)), dtype=np.int32)
    data[:] = [0, 0, 0, 1 << 30, 0, 0, 0, 0xFF, 0, 0]
    check(driver.cuLaunchKernel(kernel, blocks, 1, 1, threads, 1, 1, 0, None, ((ptr, n), (None, "int")), 0))
    check(driver.cuCtxSynchronize())
    got = data.copy()
    check(driver.cuMemFree(ptr))
    check(driver.cuModuleUnload(module))
    and_expected = 0xFF
    or_expected = 0
    xor_expected = 0
    for t in range(n):
        and_expected &= 2 * t + 7
        or_expected |= 1 << t % 31
        xor_expected ^= t
    ok = (got[0] == 10 * n and 0 <= got[1] < n and got[2] == n - 1 and got[3] == 0 and got[4] == n % 18
          and got[7] == and_expected and got[8] == or_expected and got[9] == xor_expected)
    if not ok:
        print("system_wide_atomics FAILED: %s" % list(got))
        return 1
    print("system_wide_atomics passed: %d threads, results read from managed memory on the host" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
