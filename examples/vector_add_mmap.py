"""vectorAddMMAP: C = A + B in memory made with the virtual memory management API: physical allocations
(cuMemCreate) striped across every device that can reach the others, mapped into one reserved virtual
range (cuMemAddressReserve, cuMemMap) and made accessible from the computing device (cuMemSetAccess).

    python examples/vector_add_mmap.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
from _checkout import cannot_run
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


def backing_devices(device):
    """The devices the allocation is striped over: this one and every peer that can access it."""
    attr = driver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED
    devices = [device]
    for i in range(check(driver.cuDeviceGetCount())):
        other = check(driver.cuDeviceGet(i))
        if int(other) != int(device) and check(driver.cuDeviceGetAttribute(attr, other)) \
                and check(driver.cuDeviceCanAccessPeer(device, other)):
            devices.append(other)
    return devices


def allocation_prop(device):
    prop = driver.CUmemAllocationProp()
    prop.type = driver.CUmemAllocationType.CU_MEM_ALLOCATION_TYPE_PINNED
    prop.location.type = driver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
    prop.location.id = int(device)
    return prop


def simple_malloc_multi_device(size, devices, mapping_device):
    """(address, size, handles): ``size`` bytes rounded up to the granularity, one stripe per device."""
    option = driver.CUmemAllocationGranularity_flags.CU_MEM_ALLOC_GRANULARITY_MINIMUM
    granularity = max(check(driver.cuMemGetAllocationGranularity(allocation_prop(d), option)) for d in devices)
    stripe = -(-size // (granularity * len(devices))) * granularity
    total = stripe * len(devices)
    address = check(driver.cuMemAddressReserve(total, granularity, 0, 0))
    handles = []
    for i, d in enumerate(devices):
        handle = check(driver.cuMemCreate(stripe, allocation_prop(d), 0))
        check(driver.cuMemMap(int(address) + i * stripe, stripe, 0, handle, 0))
        handles.append(handle)
    access = driver.CUmemAccessDesc()
    access.location.type = driver.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
    access.location.id = int(mapping_device)
    access.flags = driver.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READWRITE
    check(driver.cuMemSetAccess(address, total, [access], 1))
    return address, total, handles


def simple_free(address, total, handles):
    check(driver.cuMemUnmap(address, total))
    for h in handles:
        check(driver.cuMemRelease(h))
    check(driver.cuMemAddressFree(address, total))


def main(n=50000):
    device, _ = init_device()
    attr = driver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED
    if not check(driver.cuDeviceGetAttribute(attr, device)):
        cannot_run("the device does not support virtual memory management")
    devices = backing_devices(device)
    module = load_module(SOURCE, device)
    kernel = check(driver.cuModuleGetFunction(module, b"VecAdd_kernel"))
    rng = np.random.default_rng(2)
    a, b = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    c = np.zeros(n, dtype=np.float32)
    buffers = [simple_malloc_multi_device(a.nbytes, devices, device) for _ in range(3)]
    da, db, dc = (buf[0] for buf in buffers)
    check(driver.cuMemcpyHtoD(da, a, a.nbytes))
    check(driver.cuMemcpyHtoD(db, b, b.nbytes))
    check(driver.cuLaunchKernel(kernel, (n + 255) // 256, 1, 1, 256, 1, 1, 0, None,
                                ((da, db, dc, n), (None, None, None, "int")), 0))
    check(driver.cuMemcpyDtoH(c, dc, c.nbytes))
    for buf in buffers:
        simple_free(*buf)
    check(driver.cuModuleUnload(module))
    if not np.array_equal(c, a + b):
        print("vector_add_mmap FAILED")
        return 1
    print("vector_add_mmap passed: %d elements in memory striped over %d device(s)" % (n, len(devices)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
