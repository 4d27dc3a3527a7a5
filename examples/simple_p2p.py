"""simpleP2P: two GPUs with peer access: a copy from one device's memory to the other's (cuMemcpyPeer and
cuMemcpyDtoD over unified addresses), and a kernel on each device reading the other's memory directly.
Says why and exits 77 (it cannot run here) where there are fewer than two devices or they cannot reach each other.

    python examples/simple_p2p.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
from _checkout import cannot_run
import sys

import numpy as np
from _sample import init_device, load_module

from cudacffi import check, driver

SOURCE = b"""
extern "C" __global__ void SimpleKernel(const float *src, float *dst, int n)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < n) dst[idx] = src[idx] * 2.0f;
}
"""


def main(n=1 << 20):
    check(driver.cuInit(0))
    count = check(driver.cuDeviceGetCount())
    if count < 2:
        cannot_run("%d device(s); two are needed" % count)
    dev0, ctx0 = init_device(0)
    dev1, ctx1 = init_device(1)
    if not (check(driver.cuDeviceCanAccessPeer(dev0, dev1)) and check(driver.cuDeviceCanAccessPeer(dev1, dev0))):
        cannot_run("devices 0 and 1 cannot access each other's memory")
    nbytes = 4 * n
    host = np.arange(n, dtype=np.float32)
    out = np.empty(n, dtype=np.float32)
    buffers, modules = {}, {}
    for dev, ctx, peer in ((dev0, ctx0, ctx1), (dev1, ctx1, ctx0)):
        check(driver.cuCtxSetCurrent(ctx))
        err, = driver.cuCtxEnablePeerAccess(peer, 0)
        if err not in (driver.CUresult.CUDA_SUCCESS, driver.CUresult.CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED):
            check((err,))
        buffers[int(dev)] = check(driver.cuMemAlloc(nbytes))
        modules[int(dev)] = load_module(SOURCE, dev)
    g0, g1 = buffers[int(dev0)], buffers[int(dev1)]
    ok = True
    check(driver.cuCtxSetCurrent(ctx0))
    check(driver.cuMemcpyHtoD(g0, host, nbytes))
    check(driver.cuMemcpyPeer(g1, ctx1, g0, ctx0, nbytes))            # device 0 -> device 1
    check(driver.cuCtxSetCurrent(ctx1))
    check(driver.cuMemcpyDtoH(out, g1, nbytes))
    ok &= np.array_equal(out, host)
    for dev, ctx, src, dst in ((dev1, ctx1, g0, g1), (dev0, ctx0, g1, g0)):  # each reads the other's memory
        check(driver.cuCtxSetCurrent(ctx))
        kernel = check(driver.cuModuleGetFunction(modules[int(dev)], b"SimpleKernel"))
        check(driver.cuLaunchKernel(kernel, (n + 255) // 256, 1, 1, 256, 1, 1, 0, None,
                                    ((src, dst, n), (None, None, "int")), 0))
        check(driver.cuCtxSynchronize())
    check(driver.cuCtxSetCurrent(ctx0))
    check(driver.cuMemcpyDtoD(g1, g0, nbytes))                           # unified addresses: a plain copy
    check(driver.cuMemcpyDtoH(out, g1, nbytes))
    ok &= np.array_equal(out, 4 * host)
    for dev, ctx in ((dev0, ctx0), (dev1, ctx1)):
        check(driver.cuCtxSetCurrent(ctx))
        check(driver.cuMemFree(buffers[int(dev)]))
        check(driver.cuModuleUnload(modules[int(dev)]))
    if not ok:
        print("simple_p2p FAILED")
        return 1
    print("simple_p2p passed: peer copies and kernels reading the other GPU's memory, %d MiB" % (nbytes >> 20))
    return 0


if __name__ == "__main__":
    sys.exit(main())
