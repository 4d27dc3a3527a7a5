"""DLPack both ways, on CPython and PyPy: capsules made and read by ``cudacffi._capsule`` (C API).

Exporting: ``export(owner, ...)`` makes a capsule whose tensor keeps ``owner`` alive until the consumer's
deleter runs. Importing: ``tensor(obj)`` reads ``obj.__dlpack__()``'s capsule without consuming it; the
caller keeps the capsule (and so the producer's memory) alive for as long as it uses the pointer.
"""

from __future__ import annotations

from collections import namedtuple
from typing import Any, Optional, Sequence, Tuple

from .. import _direct

# DLDeviceType
CPU, CUDA, CUDA_HOST, CUDA_MANAGED = 1, 2, 3, 13
_DEVICE_TYPES = {CUDA: "CUDA", CUDA_HOST: "CUDA host", CUDA_MANAGED: "CUDA managed"}  # visible to the GPU
# DLDataTypeCode
INT, UINT, FLOAT, OPAQUE_HANDLE, BFLOAT, COMPLEX, BOOL = 0, 1, 2, 3, 4, 5, 6

DLTensor = namedtuple("DLTensor", "version flags data byte_offset device_type device_id dtype shape strides capsule")
DLTensor.__doc__ = """A DLPack tensor read from a capsule: ``version`` is None for an unversioned capsule, ``dtype``
is (code, bits, lanes), ``strides`` are in elements (None: compact row-major), ``capsule`` keeps it valid."""

READ_ONLY = 1  # DLPACK_FLAG_BITMASK_READ_ONLY


_capsule = _direct.capsule  # () -> cudacffi._capsule, ImportError saying how to build it where it is missing


def check_request(kind: str, stream: Any, max_version: Any, dl_device: Any, copy: Optional[bool],
                  here: Tuple[int, int]) -> bool:
    """Validate ``__dlpack__``'s keywords against the tensor's own device ``here``; returns whether to make
    a versioned capsule. BufferError for what cannot be honoured (a copy, another device), with cuda.core's
    messages; a ``stream`` of None is not checked."""
    if dl_device is not None and not isinstance(dl_device, tuple):
        raise TypeError("Argument 'dl_device' has incorrect type (expected tuple, got %s)" % type(dl_device).__name__)
    if dl_device is not None and dl_device != here:
        raise BufferError("Sorry, not supported: dl_device other than None")  # (or the tensor's own device)
    if copy is True:
        raise BufferError("Sorry, not supported: copy=True")  # the tensor is exported in place
    if stream is not None and (not isinstance(stream, int) or isinstance(stream, bool) or stream == 0):
        raise BufferError("%s.__dlpack__: stream must be None, -1, 1, 2 or a CUstream address (an int other than "
                          "0), not %r" % (kind, stream))
    if max_version is None:
        return False
    if not isinstance(max_version, tuple):
        raise TypeError("Argument 'max_version' has incorrect type (expected tuple, got %s)"
                        % type(max_version).__name__)
    if len(max_version) != 2:
        raise BufferError("Expected max_version tuple[int, int], got %r" % (max_version,))
    if not all(hasattr(type(v), "__index__") for v in max_version):
        raise TypeError("Expected max_version tuple[int, int], got %r" % (max_version,))
    return max_version >= (1, 0)


def export(owner: Any, data: int, shape: Sequence[int], strides: Optional[Sequence[int]], dtype: Tuple[int, int, int],
           device: Tuple[int, int], versioned: bool, readonly: bool = False, byte_offset: int = 0) -> Any:
    """A DLPack capsule of ``shape`` (strides in elements, or None) at ``data`` on ``device`` (type, id), keeping
    ``owner`` alive; ``dtype`` is (code, bits, lanes)."""
    code, bits, lanes = dtype
    return _capsule().make(data, byte_offset, tuple(shape), None if strides is None else tuple(strides), code, bits,
                           lanes, device[0], device[1], bool(versioned), bool(readonly), owner)


def read(capsule: Any) -> DLTensor:
    """The DLTensor of a capsule (ValueError where it is none, or was consumed)."""
    return DLTensor(*_capsule().read(capsule), capsule)


def tensor(obj: Any, stream: Optional[int] = None) -> DLTensor:
    """The DLTensor of ``obj.__dlpack__()`` (asked for a versioned capsule, and without one from a producer
    older than DLPack 1.0), not consumed: the capsule in the result keeps it valid."""
    kwargs = {} if stream is None else {"stream": stream}
    try:
        capsule = obj.__dlpack__(max_version=(1, 0), **kwargs)
    except TypeError:  # a producer older than DLPack 1.0 takes no max_version
        capsule = obj.__dlpack__(**kwargs)
    try:
        return read(capsule)
    except ValueError:
        raise TypeError("%s.__dlpack__() did not return a DLPack capsule" % type(obj).__name__) from None


def device_pointer(obj: Any) -> int:
    """The pointer a kernel gets for ``obj``; TypeError where its memory is not visible to the GPU."""
    t = tensor(obj)
    if t.device_type not in _DEVICE_TYPES:
        raise TypeError("%s is a DLPack array of device type %d, not GPU-accessible memory"
                        % (type(obj).__name__, t.device_type))
    return t.data + t.byte_offset
