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


# -- the functions written here, not generated (codegen.decisions.coverage.HAND_WRITTEN) -------------------------

from cudacffi import _support as _s  # noqa: E402
from cudacffi._gen import cufile as _g  # noqa: E402

_COUNT_UNBOUND = -(1 << 63)  # a count stub's value while its symbol is unbound
_INT32 = (-(1 << 31), (1 << 31) - 1)

# The message of each status, by the member's name (cufile.h's CUFILEOP_STATUS_ENTRIES, where the values of
# some members differ between versions: CUDA 13 inserted errors before IO_MAX_ERROR).
_OP_STATUS_MESSAGES = {
    "SUCCESS": "cufile success",
    "DRIVER_NOT_INITIALIZED": "nvidia-fs driver is not loaded. Set allow_compat_mode to true in cufile.json file to "
                              "enable compatible mode",
    "DRIVER_INVALID_PROPS": "invalid property",
    "DRIVER_UNSUPPORTED_LIMIT": "property range error",
    "DRIVER_VERSION_MISMATCH": "nvidia-fs driver version mismatch",
    "DRIVER_VERSION_READ_ERROR": "nvidia-fs driver version read error",
    "DRIVER_CLOSING": "driver shutdown in progress",
    "PLATFORM_NOT_SUPPORTED": "GPUDirect Storage not supported on current platform",
    "IO_NOT_SUPPORTED": "GPUDirect Storage not supported on current file",
    "DEVICE_NOT_SUPPORTED": "GPUDirect Storage not supported on current GPU",
    "NVFS_DRIVER_ERROR": "nvidia-fs driver ioctl error",
    "CUDA_DRIVER_ERROR": "CUDA Driver API error",
    "CUDA_POINTER_INVALID": "invalid device pointer",
    "CUDA_MEMORY_TYPE_INVALID": "invalid pointer memory type",
    "CUDA_POINTER_RANGE_ERROR": "pointer range exceeds allocated address range",
    "CUDA_CONTEXT_MISMATCH": "cuda context mismatch",
    "INVALID_MAPPING_SIZE": "access beyond maximum pinned size",
    "INVALID_MAPPING_RANGE": "access beyond mapped size",
    "INVALID_FILE_TYPE": "unsupported file type",
    "INVALID_FILE_OPEN_FLAG": "unsupported file open flags",
    "DIO_NOT_SET": "fd direct IO not set",
    "INVALID_VALUE": "invalid arguments",
    "MEMORY_ALREADY_REGISTERED": "device pointer already registered",
    "MEMORY_NOT_REGISTERED": "device pointer lookup failure",
    "PERMISSION_DENIED": "driver or file access error",
    "DRIVER_ALREADY_OPEN": "driver is already open",
    "HANDLE_NOT_REGISTERED": "file descriptor is not registered",
    "HANDLE_ALREADY_REGISTERED": "file descriptor is already registered",
    "DEVICE_NOT_FOUND": "GPU device not found",
    "INTERNAL_ERROR": "internal error",
    "GETNEWFD_FAILED": "failed to obtain new file descriptor",
    "NVFS_SETUP_ERROR": "NVFS driver initialization error",
    "IO_DISABLED": "GPUDirect Storage disabled by config on current file",
    "BATCH_SUBMIT_FAILED": "failed to submit batch operation",
    "GPU_MEMORY_PINNING_FAILED": "failed to allocate pinned GPU Memory",
    "BATCH_FULL": "queue full for batch operation",
    "ASYNC_NOT_SUPPORTED": "cuFile stream operation not supported",
    "INTERNAL_BATCH_SETUP_ERROR": "batch setup internal error - retry later",
    "INTERNAL_BATCH_SUBMIT_ERROR": "batch submit internal error - retry later",
    "INTERNAL_BATCH_GETSTATUS_ERROR": "batch get status internal error - retry later",
    "INTERNAL_BATCH_CANCEL_ERROR": "batch cancel internal error - retry later",
    "NOMEM_ERROR": "cufile no memory error - retry later",
    "IO_ERROR": "cufile io error",
    "INTERNAL_BUF_REGISTER_ERROR": "cufile buf registration error",
    "HASH_OPR_ERROR": "cufile hash operation error",
    "INVALID_CONTEXT_ERROR": "cufile invalid context error",
    "NVFS_INTERNAL_DRIVER_ERROR": "nvfs internal driver error",
    "BATCH_NOCOMPAT_ERROR": "compat mode off error",
    "IO_MAX_ERROR": "GPUDirect Storage Max Error",
}


def op_status_error(status) -> str:
    """The message of a cuFile status (an ``OpError`` or its int), as cufile.h's ``cufileop_status_error``
    gives it: ``"unknown cufile error"`` for a value that is no status of this build's header."""
    value = _s.check_integer("op_status_error", "status", status, *_INT32)
    member = OpError._by_value.get(value)  # noqa: F405
    return _OP_STATUS_MESSAGES.get(member.name, "unknown cufile error") if member is not None else \
        "unknown cufile error"


def _count_call(cname, *args):
    """The byte count (or use count) C function ``cname`` returns, bound first where it is not yet; a negative
    one (``-OpError`` or ``-errno``) raised as ``cuFileError``."""
    stub = getattr(_g._lib, "_cc_" + cname)
    r = stub(*args)
    if r == _COUNT_UNBOUND:
        _library.bind(cname)
        r = stub(*args)
    if r < 0:
        raise _g.cuFileError(-r)
    return r


def _iovecs(iov, func, writable):
    """The caller's vectors as a C array of CUfileIOVec_t: an ``IOVec``, a sequence of them, or of
    ``(address, length)`` pairs; each address an int or a buffer (kept alive by the returned list), a buffer
    at least ``length`` bytes long and, where the library writes (``writable``), writable."""
    if isinstance(iov, _g.CUfileIOVec):
        items = [iov]
    elif isinstance(iov, (str, bytes, bytearray, memoryview)) or not hasattr(iov, "__len__"):
        raise _s.argument_error(func, "iov", "must be an IOVec or a sequence of IOVec or (address, length) pairs, "
                                "not %s" % type(iov).__name__)
    else:
        try:
            items = list(iov)
        except TypeError as e:  # a __len__ but no items (a 0-d numpy array, a cffi pointer)
            raise _s.argument_error(func, "iov", "must be an IOVec or a sequence of IOVec or (address, length) "
                                    "pairs, not %s (%s)" % (type(iov).__name__, e)) from None
    if not items:
        raise _s.argument_error(func, "iov", "is empty: give at least one vector", ValueError)
    ffi = _g._ffi
    arr = ffi.new("CUfileIOVec_t[]", len(items))
    keep = [arr]
    for i, v in enumerate(items):
        name = "iov[%d]" % i
        if isinstance(v, _g.CUfileIOVec):
            arr[i] = v._ptr[0]
            continue
        if not isinstance(v, tuple) or len(v) != 2:
            raise _s.argument_error(func, name, "must be an IOVec or an (address, length) pair, not %s"
                                    % type(v).__name__)
        base, length = v
        if writable and isinstance(base, bytes):
            raise _s.argument_error(func, name + "[0]", "is bytes, which cannot be written into: use a bytearray, "
                                    "a numpy array or an int address", ValueError)
        address, held = _s.address(ffi, base, func, name + "[0]", writable)
        n = _s.check_integer(func, name + "[1]", length, 0, (1 << 64) - 1)
        room = _s.nbytes(base)  # (None for an int address: the caller's promise)
        if room is not None and n > room:
            raise _s.argument_error(func, name, "asks for %d bytes of a buffer of %d" % (n, room), ValueError)
        arr[i].base = ffi.cast("void *", address)
        arr[i].len = n
        keep.append(held)
    return arr, keep


def _vector_io(cname, func, fh, iov, file_offset, flags, writable):
    """readv / writev: the vectors laid out as the library takes them, their count the list's length."""
    fh_ = _s.handle_value(fh, func, "fh")
    offset = _s.check_integer(func, "file_offset", file_offset, -(1 << 63), (1 << 63) - 1)
    flags = _s.check_integer(func, "flags", flags, 0, (1 << 32) - 1)
    arr, keep = _iovecs(iov, func, writable)
    return _count_call(cname, fh_, int(_g._ffi.cast("uintptr_t", arr)), len(arr), offset, flags)


if hasattr(_g._lib, "_cc_cuFileReadv"):
    def readv(fh, iov, file_offset, flags=0) -> int:
        """Read from the registered file ``fh`` at ``file_offset`` into the vectors ``iov`` (an ``IOVec``, or a
        sequence of ``IOVec`` or ``(address, length)`` pairs; device or host memory), in order: the number of
        bytes read. ``flags`` is reserved (0).

        C: cuFileReadv
        """
        return _vector_io("cuFileReadv", "readv", fh, iov, file_offset, flags, True)


if hasattr(_g._lib, "_cc_cuFileWritev"):
    def writev(fh, iov, file_offset, flags=0) -> int:
        """Write the vectors ``iov`` (an ``IOVec``, or a sequence of ``IOVec`` or ``(address, length)`` pairs;
        device or host memory) to the registered file ``fh`` at ``file_offset``, in order: the number of bytes
        written. ``flags`` is reserved (0).

        C: cuFileWritev
        """
        return _vector_io("cuFileWritev", "writev", fh, iov, file_offset, flags, False)


if hasattr(_g._lib, "_cc_cuFileUseCount"):
    def use_count() -> None:
        """Ask cuFile how many of this process's driver opens are live; returns None, as cuda.bindings'
        ``use_count`` does (a failure raises ``cuFileError``).

        C: cuFileUseCount
        """
        _count_call("cuFileUseCount")
