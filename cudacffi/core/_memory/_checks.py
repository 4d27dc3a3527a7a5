"""What every memory operation checks first: sizes and addresses (as cuda.core's ``size_t`` and pointer parameters
take them), the stream an operation is ordered on (the device's default stream where none is given), a device
given as a Device or an ordinal, and a driver status given as a plain int.
"""

from __future__ import annotations

from typing import Any, Optional

from .. import _context, _utils
from .._stream import default_stream, stream_handle
from .._utils import check

__all__ = ["CLOSED", "check_pointer", "check_size", "device_ordinal", "raise_status", "stream_or_default"]

CLOSED = "Buffer has been closed"  # RuntimeError of any work on a closed Buffer, as cuda.core's
_SIZE_MAX = (1 << 64) - 1


def check_size(size: Any, what: str = "size") -> int:
    """``size`` as a Python int in [0, 2**64) through the number protocol (numpy integer scalars, bools, anything
    with ``__index__``), as cuda.core's size_t parameters take it: TypeError for anything else (floats too),
    OverflowError out of range."""
    if size.__class__ is not int:
        size = int(_utils.as_int(size, what))  # int(): PyPy's operator.index gives a bool back as it is
    if size < 0 or size > _SIZE_MAX:
        raise OverflowError("%s must be >= 0 and < 2**64 (a size_t), got %d" % (what, size))
    return size


def check_pointer(ptr: Any, what: str = "ptr") -> int:
    """``int(ptr)`` (an int, a numpy integer, a CUdeviceptr, anything with ``__int__``) in [0, 2**64). What int()
    refuses raises int()'s own error, as cuda.core's; an ``__index__`` that gives no int is named."""
    try:
        ptr = int(ptr)
    except TypeError as e:
        if hasattr(type(ptr), "__index__"):
            raise TypeError("%s must be an address (an int), not %s: %s" % (what, type(ptr).__name__, e)) from None
        raise
    if ptr < 0 or ptr > _SIZE_MAX:
        raise OverflowError("%s must be an address >= 0 and < 2**64, got %d" % (what, ptr))
    return ptr


def stream_or_default(stream: Any, device_id: Optional[int] = None, what: str = "stream") -> int:
    """The CUstream int handle of ``stream`` (a Stream, a GraphBuilder or any object with ``__cuda_stream__``);
    None means the default stream of ``device_id`` (the legacy default stream where there is none)."""
    if stream is None:
        if device_id is not None and device_id >= 0:
            _context.device(device_id)._ensure_current()
        return default_stream()._h
    return stream_handle(stream, what)


def device_ordinal(device: Any) -> int:
    """The ordinal of a Device or an int (None: the current device); TypeError / ValueError for anything else."""
    return _context.device(device).device_id


def raise_status(err: int) -> None:
    """CUDAError for the plain int status ``err``, named as every call's is."""
    check((_utils.driver().CUresult._by_value.get(err, err),))
