"""JIT program: a kernel compiled at run time by NVRTC and run through the Driver API, with the chores
around it done by hand: a context of its own (created, pushed, popped, destroyed), device memory
allocated and freed, copies between host and device, and two streams that each take half of the data.

The kernel evaluates a polynomial at every element (Horner's rule), its coefficients passed by value;
the result is checked against the host's evaluation.

    python examples/jit_program.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
import sys

import numpy as np
from _sample import compute_capability

from cudacffi import check, driver, nvrtc

SOURCE = b"""
extern "C" __global__ void polynomial(const float *x, float *y, size_t n, float c0, float c1, float c2, float c3)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        float v = x[i];
        y[i] = ((c3 * v + c2) * v + c1) * v + c0;
    }
}
"""


def compile_program(source, name, device):
    """PTX of ``source``, compiled by NVRTC for ``device``'s architecture; the compile log on failure."""
    major, minor = compute_capability(device)
    program = check(nvrtc.nvrtcCreateProgram(source, name, 0, [], []))
    try:
        options = [b"--gpu-architecture=compute_%d%d" % (major, minor), b"--fmad=false"]
        err, = nvrtc.nvrtcCompileProgram(program, len(options), options)
        if err != nvrtc.nvrtcResult.NVRTC_SUCCESS:
            log = bytearray(check(nvrtc.nvrtcGetProgramLogSize(program)))
            check(nvrtc.nvrtcGetProgramLog(program, log))
            raise RuntimeError("NVRTC could not compile %s: %s" % (name.decode(), log.decode(errors="replace")))
        ptx = bytearray(check(nvrtc.nvrtcGetPTXSize(program)))
        check(nvrtc.nvrtcGetPTX(program, ptx))
        return bytes(ptx)
    finally:
        check(nvrtc.nvrtcDestroyProgram(program))


def create_context(device):
    """A new context on ``device``, current on this thread (cuCtxCreate takes creation parameters from 13.0)."""
    if driver.CUDA_VERSION >= 13000:
        return check(driver.cuCtxCreate(None, 0, device))
    return check(driver.cuCtxCreate(0, device))


def main(n=1 << 22):
    check(driver.cuInit(0))
    device = check(driver.cuDeviceGet(0))
    ptx = compile_program(SOURCE, b"polynomial.cu", device)

    context = create_context(device)
    module = check(driver.cuModuleLoadData(ptx))
    kernel = check(driver.cuModuleGetFunction(module, b"polynomial"))
    # the context leaves this thread and comes back: work needs it current, and it is the one made above
    check(driver.cuCtxPopCurrent())
    check(driver.cuCtxPushCurrent(context))
    if int(check(driver.cuCtxGetCurrent())) != int(context):
        print("jit_program FAILED: the pushed context is not current")
        return 1

    coefficients = (0.5, -1.25, 0.75, 2.0)
    x = np.linspace(-2, 2, n, dtype=np.float32)
    y = np.empty_like(x)
    d_x, d_y = check(driver.cuMemAlloc(x.nbytes)), check(driver.cuMemAlloc(y.nbytes))
    streams = [check(driver.cuStreamCreate(driver.CUstream_flags.CU_STREAM_NON_BLOCKING)) for _ in range(2)]
    half = n // 2
    for stream, (lo, hi) in zip(streams, ((0, half), (half, n))):
        count, offset = hi - lo, lo * x.itemsize
        part_x, part_y = driver.CUdeviceptr(int(d_x) + offset), driver.CUdeviceptr(int(d_y) + offset)
        check(driver.cuMemcpyHtoDAsync(part_x, x[lo:hi], count * x.itemsize, stream))
        check(driver.cuLaunchKernel(kernel, 256, 1, 1, 256, 1, 1, 0, stream,
                                    ((part_x, part_y, count) + coefficients,
                                     (None, None, "size_t", "float", "float", "float", "float")), 0))
        check(driver.cuMemcpyDtoHAsync(y[lo:hi], part_y, count * y.itemsize, stream))
    for stream in streams:
        check(driver.cuStreamSynchronize(stream))
        check(driver.cuStreamDestroy(stream))
    check(driver.cuMemFree(d_x))
    check(driver.cuMemFree(d_y))
    check(driver.cuModuleUnload(module))
    check(driver.cuCtxDestroy(context))

    c0, c1, c2, c3 = (np.float32(c) for c in coefficients)
    expected = ((c3 * x + c2) * x + c1) * x + c0                # float32, in the kernel's order, no fused ops
    if not np.array_equal(y, expected):
        print("jit_program FAILED: %d of %d elements differ" % (int(np.sum(y != expected)), n))
        return 1
    print("jit_program passed: a polynomial at %d points, on 2 streams of a context of its own" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
