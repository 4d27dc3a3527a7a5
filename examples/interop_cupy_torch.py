"""Interop: a kernel compiled and launched through cudacffi works on a CuPy array and on a PyTorch tensor,
in place, on the library's own stream. The arrays' device pointers (``array.data.ptr``,
``tensor.data_ptr()``) are the kernel's arguments, and the library's stream object is given to
cuLaunchKernel as it is: cudacffi takes any object with ``__cuda_stream__`` (or, for an older library,
its raw handle). Each library then checks the result itself. A library that is not importable is skipped,
and said to be.

    python examples/interop_cupy_torch.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
from _checkout import cannot_run
import sys

from _sample import init_device, load_module

from cudacffi import check, driver

SOURCE = b"""
extern "C" __global__ void axpy_in_place(float *y, const float *x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
"""


def as_stream(stream, raw_handle):
    """The library's stream object where it speaks ``__cuda_stream__``, else a CUstream of its handle."""
    return stream if hasattr(stream, "__cuda_stream__") else driver.CUstream(raw_handle)


def launch(kernel, y_ptr, x_ptr, a, n, stream):
    check(driver.cuLaunchKernel(kernel, (n + 255) // 256, 1, 1, 256, 1, 1, 0, stream,
                                ((y_ptr, x_ptr, a, n), ("void *", "void *", "float", "int")), 0))


def with_cupy(kernel, n):
    """The kernel on CuPy arrays, on a CuPy stream; CuPy checks the result. None if CuPy is absent."""
    try:
        import cupy as cp
    except ImportError:
        return None
    stream = cp.cuda.Stream(non_blocking=True)
    with stream:
        x = cp.arange(n, dtype=cp.float32)
        y = cp.ones(n, dtype=cp.float32)
        launch(kernel, y.data.ptr, x.data.ptr, 2.0, n, as_stream(stream, stream.ptr))
        expected = 2 * cp.arange(n, dtype=cp.float32) + 1
        ok = bool(cp.array_equal(y, expected))
    stream.synchronize()
    return ok


def with_torch(kernel, n):
    """The kernel on PyTorch tensors, on a PyTorch stream; PyTorch checks the result. None if absent."""
    try:
        import torch
    except ImportError:
        return None
    if not torch.cuda.is_available():
        return None
    stream = torch.cuda.Stream()
    with torch.cuda.stream(stream):
        x = torch.arange(n, dtype=torch.float32, device="cuda")
        y = torch.full((n,), 3.0, dtype=torch.float32, device="cuda")
        launch(kernel, y.data_ptr(), x.data_ptr(), -0.5, n, as_stream(stream, stream.cuda_stream))
        expected = -0.5 * torch.arange(n, dtype=torch.float32, device="cuda") + 3.0
        ok = bool(torch.equal(y, expected))
    stream.synchronize()
    return ok


def main(n=1 << 20):
    device, _ = init_device()        # the primary context: the one CuPy and PyTorch use on device 0
    module = load_module(SOURCE, device)
    kernel = check(driver.cuModuleGetFunction(module, b"axpy_in_place"))
    results = {"CuPy": with_cupy(kernel, n), "PyTorch": with_torch(kernel, n)}
    check(driver.cuModuleUnload(module))
    ran = [name for name, ok in results.items() if ok is not None]
    absent = [name for name, ok in results.items() if ok is None]
    wrong = [name for name, ok in results.items() if ok is False]
    if wrong:
        print("interop_cupy_torch FAILED: wrong result on %s" % ", ".join(wrong))
        return 1
    if not ran:
        cannot_run("neither CuPy nor PyTorch (with CUDA) is importable here")
    print("interop_cupy_torch passed: a cudacffi kernel on %s memory, on their streams%s"
          % (" and ".join(ran), "; not available: " + ", ".join(absent) if absent else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
