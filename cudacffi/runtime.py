"""The CUDA Runtime API with cuda.bindings' calling conventions (``from cudacffi import runtime``).

The functions, enums, handle and struct classes come from the generated layer (``cudacffi/_gen/runtime.py``),
written at build time from the CUDA headers by codegen (with the checks of ``codegen/decisions/checks.py``: host
buffers of the memcpy family against their byte counts). Here are the few names cuda.bindings' runtime
adds that are not functions of the library: the ``make_*`` helpers, ``cudaCreateChannelDesc`` (a struct
returned by value), ``getLocalRuntimeVersion`` and the type aliases the headers spell as macros.

libcudart is found as for the other libraries (NVIDIA wheel, CUDA_PATH/CUDA_HOME, system) and must have
the build's major version. Functions that take a host stub or a device symbol of a program compiled by
nvcc (``cudaLaunchKernel``, ``cudaMemcpyToSymbol``, ...) are not here, as in cuda.bindings: load kernels
with ``cudaLibraryLoadData`` / ``cudaLibraryGetKernel`` or the driver API instead.
"""

from cudacffi._gen.runtime import *  # noqa: F401,F403
from cudacffi._gen.runtime import _library, _s
from cudacffi._gen.runtime import (cudaChannelFormatDesc, cudaChannelFormatKind, cudaError_t, cudaExtent,
                                   cudaLaunchAttributeID, cudaLaunchAttributeValue, cudaPitchedPtr, cudaPos,
                                   cudaRuntimeGetVersion)

# driver_types.h names these with #define, so they are aliases of the launch attribute types
cudaStreamAttrID = cudaLaunchAttributeID
cudaKernelNodeAttrID = cudaLaunchAttributeID
cudaStreamAttrValue = cudaLaunchAttributeValue
cudaKernelNodeAttrValue = cudaLaunchAttributeValue

_SIZE_MAX = (1 << 64) - 1


def available(name):
    """Whether the installed library exports ``name`` (loads the library; never calls the function)."""
    return _library.available(name)


def _size(func, name, value):
    return _s.check_integer(func, name, value, 0, _SIZE_MAX)


def make_cudaPitchedPtr(d, p, xsz, ysz):
    """A ``cudaPitchedPtr`` for the allocation at ``d`` (an int address, None or a buffer)."""
    ptr = cudaPitchedPtr(pitch=_size("make_cudaPitchedPtr", "p", p),
                         xsize=_size("make_cudaPitchedPtr", "xsz", xsz),
                         ysize=_size("make_cudaPitchedPtr", "ysz", ysz))
    try:
        ptr.ptr = d
    except (TypeError, ValueError, OverflowError) as e:
        raise type(e)("make_cudaPitchedPtr(): argument 'd': %s" % e) from None
    return ptr


def make_cudaPos(x, y, z):
    """A ``cudaPos`` (byte offset in x, rows in y, slices in z)."""
    return cudaPos(x=_size("make_cudaPos", "x", x), y=_size("make_cudaPos", "y", y),
                   z=_size("make_cudaPos", "z", z))


def make_cudaExtent(w, h, d):
    """A ``cudaExtent`` (width in bytes for linear memory, elements for arrays)."""
    return cudaExtent(width=_size("make_cudaExtent", "w", w), height=_size("make_cudaExtent", "h", h),
                      depth=_size("make_cudaExtent", "d", d))


def cudaCreateChannelDesc(x, y, z, w, f):
    """cudaCreateChannelDesc(x, y, z, w, f) -> (cudaError_t, cudaChannelFormatDesc): bits per component."""
    desc = cudaChannelFormatDesc()
    for name, value in (("x", x), ("y", y), ("z", z), ("w", w)):
        setattr(desc, name, _s.check_integer("cudaCreateChannelDesc", name, value, -(1 << 31), (1 << 31) - 1))
    try:
        desc.f = _s.enum_value(f, cudaChannelFormatKind, "cudaCreateChannelDesc", "f")
    except OverflowError as e:  # a negative int: the field is an unsigned enum
        raise OverflowError("cudaCreateChannelDesc(): argument 'f' %s" % e) from None
    return (cudaError_t.cudaSuccess, desc)


def getLocalRuntimeVersion():
    """getLocalRuntimeVersion() -> (cudaError_t, runtimeVersion): the version of the libcudart loaded.

    Raises LibraryNotFoundError where no libcudart of this build's major version can be found.
    """
    _library.load()
    return cudaRuntimeGetVersion()
