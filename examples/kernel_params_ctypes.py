"""Kernel arguments the ctypes way: ``kernelParams=(kernelValues, kernelTypes)``, packed by cudacffi.

From cuda.bindings' overview, "Preparing kernel arguments" / "Using ctypes": the same testkernel as
examples/kernel_params_numpy.py, with Python values and ctypes types. ``None`` as a type means "an object
with getPtr(), a ctypes.Structure or an enum member": the struct goes by value. Device pointers go as
their int() value with ``c_void_p``, or as the CUdeviceptr itself with ``None`` (its getPtr() storage
holds the value). Note: a CUdeviceptr under ``c_void_p`` would pass the address of its storage instead,
exactly as in cuda.bindings.

    python examples/kernel_params_ctypes.py       (needs a GPU; without one it says so and exits 77)
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
import ctypes

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


# Define a custom type
class testStruct(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int)]


def main():
    check(driver.cuInit(0))
    device = check(driver.cuDeviceGet(0))
    context = check(driver.cuDevicePrimaryCtxRetain(device))
    check(driver.cuCtxSetCurrent(context))
    module = check(driver.cuModuleLoadData(compile_kernel(KERNEL, device)))
    kernel = check(driver.cuModuleGetFunction(module, b"testkernel"))
    stream = check(driver.cuStreamCreate(0))

    # Allocate device memory
    pInt = check(driver.cuMemAlloc(ctypes.sizeof(ctypes.c_int)))
    pFloat = check(driver.cuMemAlloc(ctypes.sizeof(ctypes.c_float)))
    pStruct = check(driver.cuMemAlloc(ctypes.sizeof(testStruct)))

    # Collect all input kernel arguments into a single tuple, and their types into another
    kernelValues = (
        1,
        int(pInt),
        123.456,
        int(pFloat),
        testStruct(5),
        pStruct,
    )
    kernelTypes = (
        ctypes.c_int,
        ctypes.c_void_p,
        ctypes.c_float,
        ctypes.c_void_p,
        None,
        None,  # a CUdeviceptr: getPtr() points to its 8-byte value
    )

    check(driver.cuLaunchKernel(
        kernel,
        1, 1, 1,  # grid dim
        1, 1, 1,  # block dim
        0, stream,  # shared mem and stream
        kernelParams=(kernelValues, kernelTypes),
        extra=0,
    ))
    check(driver.cuStreamSynchronize(stream))

    i, f, s = ctypes.c_int(), ctypes.c_float(), testStruct()
    check(driver.cuMemcpyDtoH(ctypes.addressof(i), pInt, ctypes.sizeof(i)))
    check(driver.cuMemcpyDtoH(ctypes.addressof(f), pFloat, ctypes.sizeof(f)))
    check(driver.cuMemcpyDtoH(ctypes.addressof(s), pStruct, ctypes.sizeof(s)))
    if (i.value, f.value, s.value) != (1, ctypes.c_float(123.456).value, 5):
        raise ValueError("the kernel wrote back %r, %r, %r" % (i.value, f.value, s.value))

    for p in (pInt, pFloat, pStruct):
        check(driver.cuMemFree(p))
    check(driver.cuStreamDestroy(stream))
    check(driver.cuModuleUnload(module))
    check(driver.cuDevicePrimaryCtxRelease(device))
    print("kernel_params_ctypes passed: i=%d f=%.3f s.value=%d" % (i.value, f.value, s.value))


if __name__ == "__main__":
    main()  # no driver or no GPU here: _checkout says so in one line and exits 77
