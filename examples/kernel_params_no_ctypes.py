"""Kernel arguments without ctypes: ``(values, types)`` with cffi type names or numpy dtypes as types.

cudacffi packs ``(values, types)`` from a plan made once per ``types`` tuple. ctypes types work as in
cuda.bindings, but the packer never calls ctypes; these types avoid importing it at all, which suits PyPy
(where ctypes is slow) and code that has no other use for it:

    ("float", None, None, None, "size_t")                  cffi type names: any number type, or a pointer
    (np.float32, None, None, None, np.uint64)              numpy scalar types or dtypes

``None`` still takes a CUdeviceptr (its getPtr() storage holds the device address). A pointer type such as
``"float *"`` takes an int address. Keep ``types`` in a variable (or write it as a literal of constants):
the plan is then found without even hashing the tuple.

    python examples/kernel_params_no_ctypes.py    (needs a GPU; without one it says so and exits 77)
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)

import numpy as np

from cudacffi import check, driver, nvrtc

KERNEL = b"""
extern "C" __global__
void saxpy(float a, const float *x, const float *y, float *out, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n) out[i] = a * x[i] + y[i];
}
"""

CFFI_TYPES = ("float", None, None, None, "size_t")
NUMPY_TYPES = (np.float32, "float *", "float *", None, np.uint64)


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
    saxpy = check(driver.cuModuleGetFunction(module, b"saxpy"))
    stream = check(driver.cuStreamCreate(0))

    n = 1 << 20
    hx = np.random.rand(n).astype(np.float32)
    hy = np.random.rand(n).astype(np.float32)
    dx, dy, dout = (check(driver.cuMemAlloc(4 * n)) for _ in range(3))
    check(driver.cuMemcpyHtoDAsync(dx, hx, 4 * n, stream))
    check(driver.cuMemcpyHtoDAsync(dy, hy, 4 * n, stream))
    threads = 256
    blocks = (n + threads - 1) // threads

    for a, types, values in (
        (2.0, CFFI_TYPES, lambda a: (a, dx, dy, dout, n)),
        (3.0, NUMPY_TYPES, lambda a: (a, int(dx), int(dy), dout, n)),
    ):
        check(driver.cuLaunchKernel(saxpy, blocks, 1, 1, threads, 1, 1, 0, stream, (values(a), types), 0))
        out = np.empty(n, dtype=np.float32)
        check(driver.cuMemcpyDtoHAsync(out, dout, 4 * n, stream))
        check(driver.cuStreamSynchronize(stream))
        if not np.allclose(out, np.float32(a) * hx + hy):
            raise ValueError("saxpy with types %r computed wrong values" % (types,))

    for p in (dx, dy, dout):
        check(driver.cuMemFree(p))
    check(driver.cuStreamDestroy(stream))
    check(driver.cuModuleUnload(module))
    check(driver.cuDevicePrimaryCtxRelease(device))
    print("kernel_params_no_ctypes passed: %d elements, cffi type names and numpy dtypes" % n)


if __name__ == "__main__":
    main()  # no driver or no GPU here: _checkout says so in one line and exits 77
