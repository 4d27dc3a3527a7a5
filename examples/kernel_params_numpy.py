"""Kernel arguments the NumPy way: one array per argument, and an array of their addresses as kernelParams.

From cuda.bindings' overview, "Preparing kernel arguments" / "Using NumPy": the kernel takes an int, a
float and a struct by value, and a pointer to each, through which it writes them back. NumPy types stand
for the kernel's types (int -> np.uint32 here, float -> np.float32, pointers -> np.intp, the struct -> an
aligned structured dtype). No ctypes, so this form is as fast on PyPy as on CPython.

    python examples/kernel_params_numpy.py        (needs a GPU; without one it says so and exits 77)
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)

import numpy as np

from cudacffi import check, driver, nvrtc

KERNEL = b"""
typedef struct {
    int value;
} testStruct;

extern "C" __global__
void testkernel(int i, int *pi,
                float f, float *pf,
                testStruct s, testStruct *ps)
{
    *pi = i;
    *pf = f;
    ps->value = s.value;
}
"""


def compile_kernel(source, device):
    """PTX for the GPU ``device``, compiled by NVRTC."""
    attr = driver.CUdevice_attribute
    major = check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device))
    minor = check(driver.cuDeviceGetAttribute(attr.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device))
    prog = check(nvrtc.nvrtcCreateProgram(source, b"kernel.cu", 0, [], []))
    try:
        opts = [b"--gpu-architecture=compute_%d%d" % (major, minor)]
        err, = nvrtc.nvrtcCompileProgram(prog, len(opts), opts)
        if err:
            log = bytearray(check(nvrtc.nvrtcGetProgramLogSize(prog)))
            check(nvrtc.nvrtcGetProgramLog(prog, log))
            raise RuntimeError("NVRTC: %s\n%s" % (err.name, log.decode(errors="replace")))
        ptx = bytearray(check(nvrtc.nvrtcGetPTXSize(prog)))
        check(nvrtc.nvrtcGetPTX(prog, ptx))
        return bytes(ptx)
    finally:
        check(nvrtc.nvrtcDestroyProgram(prog))


def main():
    check(driver.cuInit(0))
    device = check(driver.cuDeviceGet(0))
    context = check(driver.cuDevicePrimaryCtxRetain(device))
    check(driver.cuCtxSetCurrent(context))
    module = check(driver.cuModuleLoadData(compile_kernel(KERNEL, device)))
    kernel = check(driver.cuModuleGetFunction(module, b"testkernel"))
    stream = check(driver.cuStreamCreate(0))

    # Define a custom type
    testStruct = np.dtype([("value", np.int32)], align=True)

    # Allocate device memory
    pInt = check(driver.cuMemAlloc(np.dtype(np.int32).itemsize))
    pFloat = check(driver.cuMemAlloc(np.dtype(np.float32).itemsize))
    pStruct = check(driver.cuMemAlloc(testStruct.itemsize))

    # One array per kernel argument; a pointer is its int() value in an np.intp array
    kernelValues = (
        np.array(1, dtype=np.uint32),
        np.array([int(pInt)], dtype=np.intp),
        np.array(123.456, dtype=np.float32),
        np.array([int(pFloat)], dtype=np.intp),
        np.array([5], testStruct),
        np.array([int(pStruct)], dtype=np.intp),
    )

    # kernelParams: the addresses of those arrays, contiguous; the array itself is accepted (buffer protocol)
    kernelParams = np.array([arg.ctypes.data for arg in kernelValues], dtype=np.intp)

    check(driver.cuLaunchKernel(
        kernel,
        1, 1, 1,  # grid dim
        1, 1, 1,  # block dim
        0, stream,  # shared mem and stream
        kernelParams=kernelParams,
        extra=0,
    ))
    check(driver.cuStreamSynchronize(stream))

    i, f, s = np.zeros(1, np.int32), np.zeros(1, np.float32), np.zeros(1, testStruct)
    check(driver.cuMemcpyDtoH(i, pInt, i.nbytes))
    check(driver.cuMemcpyDtoH(f, pFloat, f.nbytes))
    check(driver.cuMemcpyDtoH(s, pStruct, s.nbytes))
    if (int(i[0]), float(f[0]), int(s[0]["value"])) != (1, float(np.float32(123.456)), 5):
        raise ValueError("the kernel wrote back %r, %r, %r" % (i[0], f[0], s[0]))

    for p in (pInt, pFloat, pStruct):
        check(driver.cuMemFree(p))
    check(driver.cuStreamDestroy(stream))
    check(driver.cuModuleUnload(module))
    check(driver.cuDevicePrimaryCtxRelease(device))
    print("kernel_params_numpy passed: i=%d f=%.3f s.value=%d" % (i[0], f[0], s[0]["value"]))


if __name__ == "__main__":
    main()  # no driver or no GPU here: _checkout says so in one line and exits 77
