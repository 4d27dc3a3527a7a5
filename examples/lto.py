"""Link-time optimisation: two CUDA C++ units compiled apart by NVRTC, linked by nvJitLink, launched.

The kernel ``apply`` (one unit) calls ``combine`` (the other unit). NVRTC compiles each unit to LTO-IR
(``-dlto``); nvJitLink links and optimises them together (``-lto``) into a cubin for the device, which the
driver loads and launches. NVRTC and nvJitLink run on the CPU; the launch needs a GPU.

    python examples/lto.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
import ctypes

import numpy as np

from cudacffi import check, driver, nvjitlink, nvrtc

KERNEL = b"""\
extern __device__ float combine(float a, float b);

extern "C" __global__ void apply(float *out, const float *x, const float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = combine(x[i], y[i]);
    }
}
"""

COMBINE = b"""\
__device__ float combine(float a, float b)
{
    return 3.0f * a + b;
}
"""


def lto_ir(source, name, arch):
    """LTO-IR of one unit: relocatable device code (``-rdc``) kept as IR (``-dlto``)."""
    prog = check(nvrtc.nvrtcCreateProgram(source, name, 0, [], []))
    options = [b"--gpu-architecture=compute_%d" % arch, b"-rdc=true", b"-dlto"]
    err, = nvrtc.nvrtcCompileProgram(prog, len(options), options)
    if err != nvrtc.nvrtcResult.NVRTC_SUCCESS:
        log = bytearray(check(nvrtc.nvrtcGetProgramLogSize(prog)))
        check(nvrtc.nvrtcGetProgramLog(prog, log))
        raise RuntimeError("NVRTC failed on %s:\n%s" % (name.decode(), log.decode(errors="replace")))
    ir = bytearray(check(nvrtc.nvrtcGetLTOIRSize(prog)))
    check(nvrtc.nvrtcGetLTOIR(prog, ir))
    check(nvrtc.nvrtcDestroyProgram(prog))
    return bytes(ir)


def link(units, arch):
    """One cubin for sm_<arch> from LTO-IR units; nvJitLink raises nvJitLinkError on failure."""
    handle = nvjitlink.create(2, ["-arch=sm_%d" % arch, "-lto"])
    try:
        for name, ir in units:
            nvjitlink.add_data(handle, nvjitlink.InputType.LTOIR, ir, len(ir), name)
        try:
            nvjitlink.complete(handle)
        except nvjitlink.nvJitLinkError:
            log = bytearray(nvjitlink.get_error_log_size(handle))
            nvjitlink.get_error_log(handle, log)
            raise RuntimeError("nvJitLink failed:\n%s" % log.decode(errors="replace"))
        cubin = bytearray(nvjitlink.get_linked_cubin_size(handle))
        nvjitlink.get_linked_cubin(handle, cubin)
        return bytes(cubin)
    finally:
        nvjitlink.destroy(handle)


def main(n=1 << 16):
    check(driver.cuInit(0))
    device = check(driver.cuDeviceGet(0))
    attr = driver.CUdevice_attribute
    major = check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device))
    minor = check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device))
    arch = 10 * major + minor

    cubin = link([("apply.ltoir", lto_ir(KERNEL, b"apply.cu", arch)),
                  ("combine.ltoir", lto_ir(COMBINE, b"combine.cu", arch))], arch)

    context = check(driver.cuDevicePrimaryCtxRetain(device))
    check(driver.cuCtxSetCurrent(context))
    module = check(driver.cuModuleLoadData(cubin))
    kernel = check(driver.cuModuleGetFunction(module, b"apply"))

    x = np.random.rand(n).astype(np.float32)
    y = np.random.rand(n).astype(np.float32)
    out = np.zeros(n, dtype=np.float32)
    d_x, d_y, d_out = (check(driver.cuMemAlloc(a.nbytes)) for a in (x, y, out))
    check(driver.cuMemcpyHtoD(d_x, x, x.nbytes))
    check(driver.cuMemcpyHtoD(d_y, y, y.nbytes))

    threads = 256
    args = ((d_out, d_x, d_y, n), (None, None, None, ctypes.c_int))  # device pointers by getPtr(); n as int
    check(driver.cuLaunchKernel(kernel, (n + threads - 1) // threads, 1, 1, threads, 1, 1, 0, None, args, 0))
    check(driver.cuCtxSynchronize())
    check(driver.cuMemcpyDtoH(out, d_out, out.nbytes))

    for d in (d_x, d_y, d_out):
        check(driver.cuMemFree(d))
    check(driver.cuModuleUnload(module))
    check(driver.cuDevicePrimaryCtxRelease(device))

    if not np.allclose(out, 3.0 * x + y):
        raise ValueError("LTO kernel gave wrong results")
    print("LTO passed: %d elements, sm_%d, cubin of %d bytes" % (n, arch, len(cubin)))
    return out, x, y


if __name__ == "__main__":
    main()
