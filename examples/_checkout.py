"""Imported first by each example: lets it run from a checkout built in place (``python build_cffi.py``)
as well as against an installed cudacffi, and gives every example the same exit statuses:

- 0: it ran and its result was right;
- 1: a wrong result, or an error that is a failure (a traceback says where);
- 77 (``CANNOT_RUN``, automake's "skipped"): it cannot run here, and one line says why: no CUDA driver or no
  GPU, a driver too old for this build, a build whose CUDA version the example's code does not fit (CUDA 12.x
  code on a 13.x build, nvFatbin before 12.4), a missing optional package (CuPy, PyTorch, Numba), too few GPUs
  or a device without the feature it shows.

An example that finds it cannot run calls ``cannot_run(why)``; an exception that means the same (no driver, no
device) ends the run the same way instead of with a traceback.
"""

import importlib.util
import os
import sys

if importlib.util.find_spec("cudacffi") is None:  # not installed: the checkout this file lies in
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

CANNOT_RUN = 77

# the statuses that say this machine has no usable CUDA driver or device (driver API, runtime API)
NO_GPU_STATUSES = ("CUDA_ERROR_NO_DEVICE", "CUDA_ERROR_STUB_LIBRARY", "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
                   "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", "CUDA_ERROR_SYSTEM_NOT_READY",
                   "CUDA_ERROR_DEVICE_UNAVAILABLE", "cudaErrorNoDevice", "cudaErrorInsufficientDriver",
                   "cudaErrorStubLibrary", "cudaErrorSystemDriverMismatch", "cudaErrorCompatNotSupportedOnDevice",
                   "cudaErrorSystemNotReady", "cudaErrorDevicesUnavailable")


def _script():
    """The example's name, as its lines start: ``clock`` for examples/clock.py."""
    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else "example"
    return name[:-3] if name.endswith(".py") else name


def cannot_run(why):
    """End the run: one line saying why this example cannot run here, exit status ``CANNOT_RUN``."""
    sys.stdout.flush()
    print("%s: cannot run: %s" % (_script(), why), file=sys.stderr)
    sys.exit(CANNOT_RUN)


def is_cannot_run(value):
    """Whether an exception says the example cannot run here (rather than that it failed)."""
    from cudacffi import FunctionNotFoundError, LibraryNotFoundError

    if isinstance(value, (LibraryNotFoundError, FunctionNotFoundError)):  # no driver or library, or an old one
        return True
    if isinstance(value, ValueError) and "bytearray(n)" in str(value):  # the seed's bytes output, on PyPy
        return True
    if isinstance(value, ImportError) and str(value).startswith("cudacffi."):  # a family newer than the headers
        return True
    # a CUDA error (cudacffi.CUDAError, cudacffi.core's, the seed's RuntimeError) naming no driver or no device
    text = str(value)
    return isinstance(value, RuntimeError) and any(status in text for status in NO_GPU_STATUSES)


def _excepthook(kind, value, tb):
    if is_cannot_run(value):
        sys.stdout.flush()
        print("%s: cannot run: %s" % (_script(), " ".join(str(value).split())), file=sys.stderr)
        sys.stderr.flush()
        os._exit(CANNOT_RUN)  # (an exception's exit status is 1, a failure's); the driver frees what the process held
    sys.__excepthook__(kind, value, tb)


sys.excepthook = _excepthook
