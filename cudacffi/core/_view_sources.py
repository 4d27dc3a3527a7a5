"""How a StridedMemoryView reads each protocol an array may speak: DLPack, ``__cuda_array_interface__``,
``__array_interface__``, the buffer protocol, or a cudacffi Buffer with a layout.

Each reader checks its source and answers the view's fields as ``StridedMemoryView._new`` takes them, a ``Parts``
tuple: (ptr, shape, strides in elements or None, typestr, readonly, exporting object, device id, DLPack device,
what to keep alive, has_dtype). ``device id`` is an int, None (asked of the driver when wanted) or ``CURRENT`` (the
device current when it is asked for); ``has_dtype`` is True, False (made from an item size alone) or the DLPack
(code, bits, lanes) numpy has no dtype for.
"""

from __future__ import annotations

import operator
import sys
from typing import Any, Dict, Optional, Tuple

from .. import _direct
from . import _dlpack, _utils
from ._memory import Buffer
from ._view_types import (DL_CODES, LITTLE, SIZES, STRUCT_FORMATS, element_strides, extent, ints, numpy_dtype,
                          parse_typestr, shape_of, typestr)

__all__ = ["CURRENT", "NDARRAY_TYPESTRS", "OWN_REFUSALS", "Parts", "array_interface_parts", "buffer_parts",
           "cuda_array_interface_parts", "dlpack_parts", "has_dlpack", "ndarray_type", "python_buffer_parts",
           "stream_int"]

Parts = Tuple[Any, ...]
OWN_REFUSALS = ("stream=None is ambiguous with view()", "device not supported")
CURRENT = "current"  # a view's device id: the device current when it is asked for (-1 without a context)

# numpy.ndarray's __array_interface__ is a new dict each time (a microsecond), while its dtype, shape and flags
# are cheap to read: StridedMemoryView.from_array_interface reads an exact ndarray (C-contiguous, of a dtype it
# has read through the interface before) from those. The dtype -> normalized typestr of the ndarrays read so far:
NDARRAY_TYPESTRS: Dict[Any, str] = {}
# numpy's array flags (ndarray.flags.num): what __array_interface__ reads "strides": None and "data"'s read-only
# flag from (an array that warns on write reads as read-only)
C_CONTIGUOUS, WRITEABLE, WARN_ON_WRITE = 0x1, 0x400, 0x80000000


def has_dlpack(obj: Any) -> bool:
    """Whether ``obj`` speaks DLPack (both ``__dlpack__`` and ``__dlpack_device__``)."""
    return hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__")


def _interface(obj: Any, name: str, method: str) -> Any:
    """``obj.<name>`` (an array interface); ArgumentTypeError naming ``obj`` where it has none (an AttributeError
    raised inside a property of the object's class passes through as it is)."""
    try:
        return getattr(obj, name)
    except AttributeError:
        if hasattr(type(obj), name):
            raise
        raise _utils.ArgumentTypeError("StridedMemoryView.%s: obj must have %s, not %s"
                                       % (method, name, type(obj).__name__)) from None


def _dlpack_device(obj: Any) -> Tuple[int, int]:
    """``obj.__dlpack_device__()`` as (device_type, device_id) ints; ArgumentTypeError naming ``obj`` where it
    does not speak DLPack, TypeError/ValueError where the answer is no such pair."""
    if not has_dlpack(obj):
        raise _utils.ArgumentTypeError("StridedMemoryView.from_dlpack: obj must support DLPack (__dlpack__ and "
                                       "__dlpack_device__), not %s" % type(obj).__name__)
    device = obj.__dlpack_device__()
    what = "StridedMemoryView.from_dlpack: obj.__dlpack_device__() must return (device_type, device_id)"
    try:
        device_type, device_id = device
    except TypeError:
        raise TypeError("%s, not %s" % (what, type(device).__name__)) from None
    except ValueError:
        raise ValueError("%s, got %r" % (what, device)) from None
    try:
        return int(operator.index(device_type)), int(operator.index(device_id))
    except TypeError:
        raise TypeError("%s ints, got %r" % (what, device)) from None


def stream_int(stream_ptr: Any) -> Optional[int]:
    """A consumer stream as the int DLPack and the driver take: an int (or anything with ``__index__``), a
    CUstream (its address), an object with ``__cuda_stream__``; None stays None."""
    if stream_ptr is None or stream_ptr.__class__ is int:
        return stream_ptr
    if hasattr(stream_ptr, "__cuda_stream__"):
        info = stream_ptr.__cuda_stream__()
        if not (isinstance(info, tuple) and len(info) == 2 and isinstance(info[1], int)):
            raise TypeError("stream_ptr.__cuda_stream__() must return (version, handle), not %s"
                            % _utils.printable(repr(info)))
        return int(info[1])
    try:
        return operator.index(stream_ptr)
    except TypeError:
        pass
    if hasattr(stream_ptr, "getPtr") and hasattr(stream_ptr, "__int__"):  # a CUstream handle object
        return int(stream_ptr)
    raise TypeError("stream_ptr must be an int (a CUstream address), a CUstream or -1, not %s"
                    % type(stream_ptr).__name__)


def _check_interface_version(iface: dict, what: str) -> None:
    """BufferError for an interface older than version 3 or with a mask, as cuda.core refuses them."""
    version = iface.get("version")
    if isinstance(version, int) and version < 3:
        raise BufferError("only %s v3 or above is supported" % what)
    if iface.get("mask") is not None:
        raise BufferError("mask is not supported")


def _order(producer: int, consumer: int) -> None:
    """Make stream ``consumer`` wait for the work queued on ``producer`` so far (both CUstream ints)."""
    drv = _utils.driver()
    ev = _utils.check(drv.cuEventCreate(drv.CUevent_flags.CU_EVENT_DISABLE_TIMING))
    try:
        _utils.check(drv.cuEventRecord(ev, producer))
        _utils.check(drv.cuStreamWaitEvent(consumer, ev, 0))
    finally:
        _utils.check(drv.cuEventDestroy(ev))


# -- one reader per protocol ---------------------------------------------------------------------------------------

def dlpack_parts(obj: Any, stream_ptr: Any) -> Parts:
    """``obj.__dlpack__(stream=...)`` read (the capsule kept, not consumed); see StridedMemoryView.from_dlpack."""
    device_type, device_id = _dlpack_device(obj)
    stream = stream_int(stream_ptr)
    if device_type == _dlpack.CPU:
        if stream is None:
            raise BufferError("stream=None is ambiguous with view()")
        device_id = -1
    elif device_type == _dlpack.CUDA:
        if stream is None:
            raise BufferError("stream=None is ambiguous with view()")
    elif device_type not in _dlpack._DEVICE_TYPES:
        raise BufferError("device not supported")
    if stream == 0 or (stream == -1 and device_type == _dlpack.CPU):
        stream = None
    t = _dlpack.tensor(obj, stream)
    code, bits, lanes = t.dtype
    if (bits * lanes) % 8:
        raise ValueError("dl_tensor.dtype.bits must be a multiple of 8")
    kind = DL_CODES.get(code)
    if lanes == 1 and kind is not None and bits % 8 == 0 and bits // 8 in SIZES[kind]:
        text, has_dtype = typestr(kind, bits // 8), True
    else:  # bfloat16, vectors, odd sizes: viewed by item size; reading dtype raises as cuda.core's does
        text, has_dtype = "|V%d" % (bits * lanes // 8), (code, bits, lanes)
    readonly = bool(t.flags & _dlpack.READ_ONLY)
    dl_id = t.device_id if t.device_type == _dlpack.CUDA else 0
    return (t.data + t.byte_offset, t.shape, t.strides, text, readonly, obj, device_id, (t.device_type, dl_id),
            t.capsule, has_dtype)


def cuda_array_interface_parts(obj: Any, stream_ptr: Any) -> Parts:
    """``obj.__cuda_array_interface__`` read, the consumer stream ordered after the producer's; see
    StridedMemoryView.from_cuda_array_interface."""
    cai = _interface(obj, "__cuda_array_interface__", "from_cuda_array_interface")
    if not isinstance(cai, dict):
        raise TypeError("__cuda_array_interface__ must be a dict, not %s" % type(cai).__name__)
    _check_interface_version(cai, "CUDA Array Interface")
    stream = stream_int(stream_ptr)
    if stream is None:
        raise BufferError("stream=None is ambiguous with view()")
    parts = _interface_parts(cai, obj, "__cuda_array_interface__", device=True)
    producer = cai.get("stream")
    if stream != -1 and producer is not None:
        if not isinstance(producer, int) or isinstance(producer, bool) or producer <= 0:
            raise ValueError("__cuda_array_interface__ stream must be None or a positive int, not %r"
                             % (producer,))
        if producer != stream:
            _order(producer, stream)
    return parts


def ndarray_type() -> Any:
    """numpy.ndarray where numpy is imported (no array can be one before), else None."""
    numpy = sys.modules.get("numpy")
    return getattr(numpy, "ndarray", None)


def array_interface_parts(obj: Any) -> Parts:
    """``obj.__array_interface__`` read (host memory); the view's device is the current one (``CURRENT``)."""
    iface = _interface(obj, "__array_interface__", "from_array_interface")
    if not isinstance(iface, dict):
        raise TypeError("__array_interface__ must be a dict, not %s" % type(iface).__name__)
    _check_interface_version(iface, "NumPy Array Interface")
    parts = _interface_parts(iface, obj, "__array_interface__", device=False, host_device=CURRENT)
    if type(obj) is ndarray_type() and len(NDARRAY_TYPESTRS) < 256:
        NDARRAY_TYPESTRS[obj.dtype] = parts[3]  # (its __array_interface__'s typestr is dtype.str)
    return parts


def _interface_parts(iface: Any, obj: Any, what: str, device: bool, host_device: Any = -1) -> Parts:
    if not isinstance(iface, dict):
        raise TypeError("%s must be a dict, not %s" % (what, type(iface).__name__))
    for key in ("shape", "typestr", "data"):
        if key not in iface:
            raise TypeError("%s has no %r" % (what, key))
    text = parse_typestr(iface["typestr"], what)
    data = iface["data"]
    if not (isinstance(data, tuple) and len(data) == 2 and isinstance(data[0], int)):
        if not (device or data is None):
            try:
                memoryview(data)
            except TypeError:
                pass
            else:
                parts = python_buffer_parts(data, iface, obj)  # a buffer object in place of an address
                return parts if host_device == -1 else parts[:6] + (host_device,) + parts[7:]
        raise TypeError("%s data must be a (pointer, read-only) tuple%s, not %s"
                        % (what, "" if device else " or an object with the buffer protocol",
                           _utils.printable(repr(data))))
    if not 0 <= data[0] < 1 << 64:
        raise OverflowError("%s data pointer must be >= 0 and < 2**64, got %d" % (what, data[0]))
    shape = shape_of(iface["shape"], what)
    strides = element_strides(iface.get("strides"), int(text[2:]), what)
    if strides is not None and len(strides) != len(shape):
        raise ValueError("%s strides %r do not match its shape %r" % (what, strides, shape))
    if device:
        return (data[0], shape, strides, text, data[1], obj, None, None, None, True)
    return (data[0], shape, strides, text, data[1], obj, host_device, (_dlpack.CPU, 0), None, True)


def python_buffer_parts(buf: Any, iface: Optional[dict] = None, obj: Any = None) -> Parts:
    """A C-contiguous buffer-protocol object (its memory pinned for as long as the view keeps it); with ``iface``,
    the array interface whose ``data`` it is."""
    mv = memoryview(buf)
    fmt = mv.format.lstrip("@=<>!")
    if fmt not in STRUCT_FORMATS:
        raise TypeError("unsupported buffer format %r" % mv.format)
    if not mv.c_contiguous:
        raise ValueError("a buffer-protocol object must be C-contiguous to be viewed")
    ptr, cdata = _direct.pin(mv)  # the memory pinned (PyPy) for as long as the view keeps cdata
    code = STRUCT_FORMATS[fmt]
    text = typestr(code[0], int(code[1:]), "<" if LITTLE else ">")
    if iface is not None:
        text = parse_typestr(iface["typestr"], "__array_interface__")
        shape = shape_of(iface["shape"], "__array_interface__")
        strides = element_strides(iface.get("strides"), int(text[2:]), "__array_interface__")
    else:
        shape = tuple(mv.shape)
        strides = None
    return (ptr, shape, strides, text, mv.readonly, buf if obj is None else obj, -1, (_dlpack.CPU, 0),
            _direct.held(cdata, mv), True)  # (released before a collection clears the memoryview)


def buffer_parts(buffer: Any, shape: Any, strides: Any, itemsize: Any, dtype: Any, is_readonly: bool) -> Parts:
    """A layout over a cudacffi Buffer, checked to lie within it; see StridedMemoryView.from_buffer."""
    if not isinstance(buffer, Buffer):
        raise TypeError("buffer must be a Buffer, not %s" % type(buffer).__name__)
    shape = shape_of(shape, "from_buffer")
    if itemsize is None and dtype is None:
        raise ValueError("Either itemsize or dtype must be specified")
    if itemsize is not None:
        itemsize = _utils.as_int(itemsize, "itemsize", 1)
    if dtype is not None:
        dt = numpy_dtype(dtype, "from_buffer: dtype", _utils.ArgumentTypeError)
        text = parse_typestr(dt.str, "dtype")
        if itemsize is not None and itemsize != dt.itemsize:
            raise ValueError("itemsize (%d) does not match dtype.itemsize (%d)" % (itemsize, dt.itemsize))
    else:
        text = "|V%d" % itemsize  # no dtype: the view's dtype reads None, its item size is kept
    size = int(text[2:])
    if strides is not None:
        strides = ints(strides, "from_buffer strides")
        if len(strides) != len(shape):
            raise ValueError("strides %r do not match shape %r" % (strides, shape))
    if buffer.memory_resource is not None:  # an allocation's size is known (external memory is not checked)
        lo, hi = extent(shape, strides, size)
        if lo < 0:
            raise ValueError("Allocation size for a layout that maps elements to negative memory offsets is "
                             "ambiguous. The layout's min_offset is %d." % (lo // size))
        if hi > buffer.size:
            raise ValueError("Buffer size is too small for the layout. Expected at least %d bytes, got %d bytes."
                             % (hi, buffer.size))
    return (int(buffer.handle), shape, strides, text, is_readonly, buffer, buffer.device_id,
            buffer.__dlpack_device__(), None, dtype is not None)
