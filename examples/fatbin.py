"""A fat binary made at run time: PTX and two cubins of one kernel, built by NVRTC and put together by nvFatbin,
loaded with cuModuleLoadData and launched.

The fatbin holds the kernel as PTX for an old virtual architecture (which any newer GPU can compile) and as
machine code for two real ones: the device's own and another. The driver picks the entry that fits the
device. NVRTC and nvFatbin run on the CPU; the launch needs a GPU.

    python examples/fatbin.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
import ctypes

import numpy as np

from cudacffi import check, driver, nvfatbin, nvrtc

KERNEL = b"""\
extern "C" __global__ void axpb(float *y, const float *x, float a, float b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + b;
}
"""
PTX_ARCH = 75  # the virtual architecture of the PTX entry (Turing and newer can JIT it)


def compile_kernel(option, get_size, get):
    """NVRTC's output for one ``--gpu-architecture`` option: PTX (compute_XX) or a cubin (sm_XX)."""
    prog = check(nvrtc.nvrtcCreateProgram(KERNEL, b"axpb.cu", 0, [], []))
    try:
        err, = nvrtc.nvrtcCompileProgram(prog, 1, [option])
        if err != nvrtc.nvrtcResult.NVRTC_SUCCESS:
            log = bytearray(check(nvrtc.nvrtcGetProgramLogSize(prog)))
            check(nvrtc.nvrtcGetProgramLog(prog, log))
            raise RuntimeError("NVRTC failed (%s):\n%s" % (option.decode(), log.decode(errors="replace")))
        out = bytearray(check(get_size(prog)))
        check(get(prog, out))
        return bytes(out)
    finally:
        check(nvrtc.nvrtcDestroyProgram(prog))


def make_fatbin(archs):
    """A fatbin holding PTX for compute_<PTX_ARCH> and a cubin for each of ``archs`` (sm_XX)."""
    ptx = compile_kernel(b"--gpu-architecture=compute_%d" % PTX_ARCH, nvrtc.nvrtcGetPTXSize, nvrtc.nvrtcGetPTX)
    handle = nvfatbin.create([], 0)
    try:
        nvfatbin.add_ptx(handle, ptx, len(ptx), str(PTX_ARCH), "axpb.ptx", "")
        for arch in archs:
            cubin = compile_kernel(b"--gpu-architecture=sm_%d" % arch, nvrtc.nvrtcGetCUBINSize, nvrtc.nvrtcGetCUBIN)
            nvfatbin.add_cubin(handle, cubin, len(cubin), str(arch), "axpb_sm%d.cubin" % arch)
        fatbin = bytearray(nvfatbin.size(handle))
        nvfatbin.get(handle, fatbin)
        return bytes(fatbin)
    finally:
        nvfatbin.destroy(handle)


def main(n=1 << 16):
    check(driver.cuInit(0))
    device = check(driver.cuDeviceGet(0))
    attr = driver.CUdevice_attribute
    major = check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device))
    minor = check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device))
    arch = 10 * major + minor
    archs = (arch, 80 if arch != 80 else 86)  # the device's own, and one other
    fatbin = make_fatbin(archs)

    context = check(driver.cuDevicePrimaryCtxRetain(device))
    check(driver.cuCtxSetCurrent(context))
    module = check(driver.cuModuleLoadData(fatbin))
    kernel = check(driver.cuModuleGetFunction(module, b"axpb"))

    x = np.arange(n, dtype=np.float32)
    y = np.zeros(n, dtype=np.float32)
    d_x, d_y = (check(driver.cuMemAlloc(a.nbytes)) for a in (x, y))
    check(driver.cuMemcpyHtoD(d_x, x, x.nbytes))
    threads = 256
    args = ((d_y, d_x, 2.0, 1.0, n), (None, None, ctypes.c_float, ctypes.c_float, ctypes.c_int))
    check(driver.cuLaunchKernel(kernel, (n + threads - 1) // threads, 1, 1, threads, 1, 1, 0, None, args, 0))
    check(driver.cuCtxSynchronize())
    check(driver.cuMemcpyDtoH(y, d_y, y.nbytes))
    for d in (d_x, d_y):
        check(driver.cuMemFree(d))
    check(driver.cuModuleUnload(module))
    check(driver.cuDevicePrimaryCtxRelease(device))

    if not np.array_equal(y, 2.0 * x + 1.0):
        raise ValueError("the fatbin's kernel gave wrong results")
    print("fatbin passed: %d elements; PTX compute_%d + cubins sm_%d, sm_%d in %d bytes"
          % (n, PTX_ARCH, archs[0], archs[1], len(fatbin)))
    return fatbin, archs


if __name__ == "__main__":
    main()
