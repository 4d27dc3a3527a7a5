"""The cuFile (GPUDirect Storage) API with cuda.bindings' calling conventions (``from cudacffi import cufile``).

Exception style, as ``cuda.bindings.cufile``: snake_case functions, file and batch handles and addresses as
plain ints, outputs returned directly, failures raised as ``cuFileError`` (``status`` its ``OpError``,
``cu_err`` the driver's CUresult where the status is ``CUDA_DRIVER_ERROR``). ``read`` / ``write`` return the
byte count; a negative one raises. Everything here comes from the generated layer (``cudacffi/_gen/cufile.py``),
written at build time from ``cufile.h`` by codegen. The wheels have ``cufile.h`` from CUDA 12.6: a build from
older headers has no such module. Without the nvidia-fs driver cuFile runs in compatibility mode (POSIX I/O
through a bounce buffer); without a GPU driver ``driver_open`` raises.
"""

try:
    from cudacffi._gen.cufile import *  # noqa: F401,F403
    from cudacffi._gen.cufile import _library  # noqa: F401
except ImportError as e:
    if "cufile" not in str(e):
        raise
    from cudacffi._gen import SOURCE

    raise ImportError("cudacffi.cufile: this build (%s) has no cuFile, whose header the NVIDIA wheels have from "
                      "CUDA 12.6; build with newer headers (CUDACFFI_CUDA_VERSION=12.9 python build_cffi.py)"
                      % SOURCE) from None


def available(name):
    """Whether the installed library exports the C function ``name`` (loads the library; calls nothing)."""
    return _library.available(name)
