"""StridedMemoryView: one description (pointer, shape, strides, dtype, device) of any array, whichever protocol
it speaks — DLPack, ``__cuda_array_interface__``, ``__array_interface__`` or the buffer protocol — and the
object ``launch()`` takes for an array argument.

Strides are in elements, as in cuda.core, and None where the producer gave none (C-contiguous). ``dtype``
is a numpy dtype (numpy is imported only when it is asked for); everything else works without numpy.
"""

import functools
import operator
import sys
import warnings

from .._buffers import held
from . import _dlpack, _utils
from ._copy import CopyOptions, MemcpyOverlapMode, MemcpySrcAccessOrder, copy_batch
from ._program_cache import (FileStreamProgramCache, InMemoryProgramCache, ProgramCacheResource,
                             make_program_cache_key)

__all__ = ["StridedMemoryView", "args_viewable_as_strided_memory"]
__all__ += ["CopyOptions", "FileStreamProgramCache", "InMemoryProgramCache", "MemcpyOverlapMode",
            "MemcpySrcAccessOrder", "ProgramCacheResource", "copy_batch", "make_program_cache_key"]

_KINDS = {"b": "bool", "i": "int", "u": "uint", "f": "float", "c": "complex"}
_SIZES = {"b": (1,), "i": (1, 2, 4, 8), "u": (1, 2, 4, 8), "f": (2, 4, 8), "c": (8, 16)}
_DL_CODES = {_dlpack.INT: "i", _dlpack.UINT: "u", _dlpack.FLOAT: "f", _dlpack.COMPLEX: "c", _dlpack.BOOL: "b"}
_STRUCT_FORMATS = {"?": "b1", "b": "i1", "B": "u1", "h": "i2", "H": "u2", "i": "i4", "I": "u4", "l": "i8", "L": "u8",
                   "q": "i8", "Q": "u8", "n": "i8", "N": "u8", "e": "f2", "f": "f4", "d": "f8", "Zf": "c8",
                   "Zd": "c16"}
_LITTLE = sys.byteorder == "little"


def _typestr(kind, itemsize, order="<"):
    """The normalized typestr ('<f4', '|u1', ...) of a supported type; TypeError naming what is not."""
    if kind not in _KINDS or itemsize not in _SIZES[kind]:
        raise TypeError("unsupported dtype: kind %r of %d bytes (supported: bool, int and uint of 1-8 bytes, float "
                        "of 2, 4 or 8, complex of 8 or 16)" % (kind, itemsize))
    if order == "=":
        order = "<" if _LITTLE else ">"
    return ("|" if itemsize == 1 else order) + kind + str(itemsize)


def _parse_typestr(typestr, what):
    if not isinstance(typestr, str) or len(typestr) < 3 or typestr[0] not in "<>|=" or not typestr[2:].isdigit():
        raise TypeError("%s typestr must look like '<f4' (byte order, kind, size), not %r" % (what, typestr))
    try:
        return _typestr(typestr[1], int(typestr[2:]), typestr[0])
    except TypeError as e:
        raise TypeError("%s typestr %r: %s" % (what, typestr, e)) from None


def _numpy_dtype(dtype, what, error=TypeError):
    """``numpy.dtype(dtype)``; what numpy cannot read as one raises ``error`` naming ``what``."""
    import numpy

    try:
        return numpy.dtype(dtype)
    except (TypeError, ValueError) as e:  # (ValueError: a dict numpy reads as fields, a lone surrogate)
        raise error("%s must be a numpy dtype (or what numpy.dtype() takes), not %s: %s"
                    % (what, type(dtype).__name__, _utils.printable(str(e)))) from None


def _ints(values, what):
    if isinstance(values, (str, bytes, bytearray)):
        raise TypeError("%s must be a tuple of ints, not %s" % (what, type(values).__name__))
    try:
        out = tuple(values)
    except TypeError:
        raise TypeError("%s must be a tuple of ints, not %s" % (what, type(values).__name__)) from None
    for v in out:
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError("%s must hold ints, not %r" % (what, values))
    return out


def _shape(shape, what):
    shape = _ints(shape, what + " shape")
    for n in shape:
        if n < 0:
            raise ValueError("%s shape must not be negative, got %r" % (what, shape))
    return shape


def _element_strides(byte_strides, itemsize, what):
    if byte_strides is None:
        return None
    strides = _ints(byte_strides, what + " strides")
    for s in strides:
        if s % itemsize:
            raise ValueError("%s strides %r are not multiples of the item size %d" % (what, strides, itemsize))
    return tuple(s // itemsize for s in strides)


class StridedMemoryView:
    """A strided array's pointer, shape, strides (in elements), dtype and device, from any object that
    speaks DLPack, ``__cuda_array_interface__``, ``__array_interface__`` or the buffer protocol.

    Made by ``from_dlpack``, ``from_cuda_array_interface``, ``from_array_interface``, ``from_any_interface``
    (DLPack first, then ``__cuda_array_interface__``; beyond cuda.core, then ``__array_interface__`` and the
    buffer protocol) or ``from_buffer``. ``stream_ptr``: the consumer's stream (an int handle, or a CUstream);
    work the producer queued on its own stream is ordered before it. -1: no ordering. None is refused
    (BufferError) for DLPack host or device arrays and for ``__cuda_array_interface__``, as cuda.core does:
    pass -1 to opt out. The view keeps ``exporting_obj`` (and what it exported) alive.

    ``StridedMemoryView(obj, stream_ptr)`` still works but is deprecated (DeprecationWarning), as in
    cuda.core."""

    __slots__ = ("_ptr", "_shape", "_strides", "_typestr", "_readonly", "_exporting_obj", "_device_id", "_dl_device",
                 "_keep", "_has_dtype", "_lent", "__weakref__")

    def __init__(self, obj=None, stream_ptr=None):
        self._ptr = 0
        self._shape = ()
        self._strides = None
        self._typestr = "|u1"
        self._readonly = False
        self._exporting_obj = None
        self._device_id = -1
        self._dl_device = (_dlpack.CPU, 0)
        self._keep = None
        self._has_dtype = True
        self._lent = None  # the capsule whose DLTensor DLPack's C exchange API lent out (it lives with the view)
        name = type(self).__name__
        if obj is None:
            warnings.warn("Constructing an empty %s is deprecated; use one of the classmethods `from_dlpack`, "
                          "`from_cuda_array_interface` or `from_any_interface` to construct a StridedMemoryView "
                          "from an object" % name, DeprecationWarning, stacklevel=2)
            return
        if not (_has_dlpack(obj) or hasattr(obj, "__cuda_array_interface__") or hasattr(obj, "__array_interface__")):
            try:
                memoryview(obj)
            except TypeError:
                raise BufferError("the input object does not support any data exchange protocol") from None
        if _has_dlpack(obj):
            warnings.warn("Constructing a %s directly from a DLPack-supporting object is deprecated; Use "
                          "`StridedMemoryView.from_dlpack` or `StridedMemoryView.from_any_interface` instead."
                          % name, DeprecationWarning, stacklevel=2)
        else:
            warnings.warn("Constructing a %s directly from a CUDA-array-interface-supporting object is deprecated; "
                          "Use `StridedMemoryView.from_cuda_array_interface` or `StridedMemoryView."
                          "from_any_interface` instead." % name, DeprecationWarning, stacklevel=2)
        self._fill_from(StridedMemoryView.from_any_interface(obj, stream_ptr))

    def __reduce__(self):
        raise TypeError("cannot pickle 'StridedMemoryView' object (it views memory of this process)")

    def _fill_from(self, other):
        for name in StridedMemoryView.__slots__[:-1]:
            setattr(self, name, getattr(other, name))

    @classmethod
    def _new(cls, ptr, shape, strides, typestr, readonly, obj, device_id, dl_device, keep=None, has_dtype=True):
        self = object.__new__(cls)
        self._ptr = ptr
        self._shape = shape
        self._strides = strides
        self._typestr = typestr
        self._readonly = bool(readonly)
        self._exporting_obj = obj
        self._device_id = device_id  # None: asked of the driver when wanted; _CURRENT: the current device's
        self._dl_device = dl_device
        self._keep = keep
        # True: typestr is the dtype; False: made from an item size alone (dtype reads None); a DLPack
        # (code, bits, lanes) numpy has no dtype for (bfloat16 without ml_dtypes, vectors): dtype raises
        self._has_dtype = has_dtype
        self._lent = None
        return self

    # -- constructors, one per protocol ----------------------------------------------------------------------
    @classmethod
    def from_any_interface(cls, obj, stream_ptr=None):
        """A view through the first protocol ``obj`` speaks: DLPack, ``__cuda_array_interface__``, then
        (beyond cuda.core) ``__array_interface__`` and the buffer protocol. BufferError where it speaks none."""
        if isinstance(obj, StridedMemoryView):
            return obj
        if _has_dlpack(obj):
            try:
                return cls.from_dlpack(obj, stream_ptr)
            except BufferError as e:
                # beyond cuda.core: a host array whose producer refuses DLPack (numpy before 2.1 refuses
                # read-only arrays) is viewed through __array_interface__; this module's own refusals stand
                if str(e) in _OWN_REFUSALS or not hasattr(obj, "__array_interface__"):
                    raise
                return cls.from_array_interface(obj)
        if hasattr(obj, "__cuda_array_interface__"):
            return cls.from_cuda_array_interface(obj, stream_ptr)
        if hasattr(obj, "__array_interface__"):
            return cls.from_array_interface(obj)
        try:
            memoryview(obj)
        except TypeError:
            raise BufferError("the input object does not support any data exchange protocol") from None
        return cls._from_python_buffer(obj)

    @classmethod
    def from_dlpack(cls, obj, stream_ptr=None):
        """A view of ``obj.__dlpack__(stream=...)`` (the capsule is kept, not consumed). The producer is handed
        the consumer stream as an int, as the DLPack protocol asks: ``stream_ptr`` itself for device memory
        (None where it is 0), nothing (None) for host memory given -1; None is ambiguous (BufferError) for
        both, and passed through for pinned and managed memory."""
        device_type, device_id = _dlpack_device(obj)
        stream = _stream_int(stream_ptr)
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
        kind = _DL_CODES.get(code)
        if lanes == 1 and kind is not None and bits % 8 == 0 and bits // 8 in _SIZES[kind]:
            typestr, has_dtype = _typestr(kind, bits // 8), True
        else:  # bfloat16, vectors, odd sizes: viewed by item size; reading dtype raises as cuda.core's does
            typestr, has_dtype = "|V%d" % (bits * lanes // 8), (code, bits, lanes)
        readonly = bool(t.flags & _dlpack.READ_ONLY)
        dl_id = t.device_id if t.device_type == _dlpack.CUDA else 0
        return cls._new(t.data + t.byte_offset, t.shape, t.strides, typestr, readonly, obj, device_id,
                        (t.device_type, dl_id), keep=t.capsule, has_dtype=has_dtype)

    @classmethod
    def from_cuda_array_interface(cls, obj, stream_ptr=None):
        """A view of ``obj.__cuda_array_interface__`` (version 3 or above, no mask). Unless ``stream_ptr``
        is -1, the consumer stream waits for the producer's ``stream`` (None is ambiguous: BufferError)."""
        cai = _interface(obj, "__cuda_array_interface__", "from_cuda_array_interface")
        if not isinstance(cai, dict):
            raise TypeError("__cuda_array_interface__ must be a dict, not %s" % type(cai).__name__)
        _check_interface_version(cai, "CUDA Array Interface")
        stream = _stream_int(stream_ptr)
        if stream is None:
            raise BufferError("stream=None is ambiguous with view()")
        view = cls._from_interface(cai, obj, "__cuda_array_interface__", device=True)
        producer = cai.get("stream")
        if stream != -1 and producer is not None:
            if not isinstance(producer, int) or isinstance(producer, bool) or producer <= 0:
                raise ValueError("__cuda_array_interface__ stream must be None or a positive int, not %r"
                                 % (producer,))
            if producer != stream:
                _order(producer, stream)
        return view

    @classmethod
    def from_array_interface(cls, obj):
        """A view of ``obj.__array_interface__`` (host memory; version 3 or above, no mask). Its ``device_id``
        is the current device's, as in cuda.core (-1 where no context is current)."""
        iface = _interface(obj, "__array_interface__", "from_array_interface")
        if not isinstance(iface, dict):
            raise TypeError("__array_interface__ must be a dict, not %s" % type(iface).__name__)
        _check_interface_version(iface, "NumPy Array Interface")
        view = cls._from_interface(iface, obj, "__array_interface__", device=False)
        view._device_id = _CURRENT
        return view

    @classmethod
    def _from_interface(cls, iface, obj, what, device):
        if not isinstance(iface, dict):
            raise TypeError("%s must be a dict, not %s" % (what, type(iface).__name__))
        for key in ("shape", "typestr", "data"):
            if key not in iface:
                raise TypeError("%s has no %r" % (what, key))
        typestr = _parse_typestr(iface["typestr"], what)
        data = iface["data"]
        if not (isinstance(data, tuple) and len(data) == 2 and isinstance(data[0], int)):
            if not (device or data is None):
                try:
                    memoryview(data)
                except TypeError:
                    pass
                else:
                    return cls._from_python_buffer(data, iface, obj)  # a buffer object in place of an address
            raise TypeError("%s data must be a (pointer, read-only) tuple%s, not %s"
                            % (what, "" if device else " or an object with the buffer protocol",
                               _utils.printable(repr(data))))
        if not 0 <= data[0] < 1 << 64:
            raise OverflowError("%s data pointer must be >= 0 and < 2**64, got %d" % (what, data[0]))
        shape = _shape(iface["shape"], what)
        strides = _element_strides(iface.get("strides"), int(typestr[2:]), what)
        if strides is not None and len(strides) != len(shape):
            raise ValueError("%s strides %r do not match its shape %r" % (what, strides, shape))
        if device:
            return cls._new(data[0], shape, strides, typestr, data[1], obj, None, None)
        return cls._new(data[0], shape, strides, typestr, data[1], obj, -1, (_dlpack.CPU, 0))

    @classmethod
    def _from_python_buffer(cls, buf, iface=None, obj=None):
        mv = memoryview(buf)
        fmt = mv.format.lstrip("@=<>!")
        if fmt not in _STRUCT_FORMATS:
            raise TypeError("unsupported buffer format %r" % mv.format)
        if not mv.c_contiguous:
            raise ValueError("a buffer-protocol object must be C-contiguous to be viewed")
        import _cffi_backend

        ffi = _cffi_backend.FFI()
        cdata = ffi.from_buffer(mv)  # pins the memory (PyPy) for as long as the view keeps it
        ptr = int(ffi.cast("uintptr_t", cdata))
        code = _STRUCT_FORMATS[fmt]
        typestr = _typestr(code[0], int(code[1:]), "<" if _LITTLE else ">")
        if iface is not None:
            typestr = _parse_typestr(iface["typestr"], "__array_interface__")
            shape = _shape(iface["shape"], "__array_interface__")
            strides = _element_strides(iface.get("strides"), int(typestr[2:]), "__array_interface__")
        else:
            shape = tuple(mv.shape)
            strides = None
        return cls._new(ptr, shape, strides, typestr, mv.readonly, buf if obj is None else obj, -1, (_dlpack.CPU, 0),
                        keep=held(cdata, mv))  # (released before a collection clears the memoryview)

    @classmethod
    def from_buffer(cls, buffer, shape, strides=None, *, itemsize=None, dtype=None, is_readonly=False):
        """A view of ``shape`` (strides in elements, or None for C order) over a cudacffi Buffer; the item
        size is ``dtype``'s or ``itemsize``. The extent must lie within the buffer."""
        from ._memory import Buffer

        if not isinstance(buffer, Buffer):
            raise TypeError("buffer must be a Buffer, not %s" % type(buffer).__name__)
        shape = _shape(shape, "from_buffer")
        if itemsize is None and dtype is None:
            raise ValueError("Either itemsize or dtype must be specified")
        if itemsize is not None:
            itemsize = _utils.as_int(itemsize, "itemsize", 1)
        if dtype is not None:
            dt = _numpy_dtype(dtype, "from_buffer: dtype", _utils.ArgumentTypeError)
            typestr = _parse_typestr(dt.str, "dtype")
            if itemsize is not None and itemsize != dt.itemsize:
                raise ValueError("itemsize (%d) does not match dtype.itemsize (%d)" % (itemsize, dt.itemsize))
        else:
            typestr = "|V%d" % itemsize  # no dtype: the view's dtype reads None, its item size is kept
        size = int(typestr[2:])
        if strides is not None:
            strides = _ints(strides, "from_buffer strides")
            if len(strides) != len(shape):
                raise ValueError("strides %r do not match shape %r" % (strides, shape))
        if buffer.memory_resource is not None:  # an allocation's size is known (external memory is not checked)
            lo, hi = _extent(shape, strides, size)
            if lo < 0:
                raise ValueError("Allocation size for a layout that maps elements to negative memory offsets is "
                                 "ambiguous. The layout's min_offset is %d." % (lo // size))
            if hi > buffer.size:
                raise ValueError("Buffer size is too small for the layout. Expected at least %d bytes, got %d bytes."
                                 % (hi, buffer.size))
        return cls._new(int(buffer.handle), shape, strides, typestr, is_readonly, buffer, buffer.device_id,
                        buffer.__dlpack_device__(), has_dtype=dtype is not None)

    # -- what it describes -------------------------------------------------------------------------------------
    @property
    def ptr(self):
        """The address of the first element (an int)."""
        return self._ptr

    @property
    def shape(self):
        """The shape, a tuple of ints."""
        return self._shape

    @property
    def readonly(self):
        """Whether the producer marked the memory read-only."""
        return self._readonly

    @property
    def exporting_obj(self):
        """The object the view was made from (kept alive by the view)."""
        return self._exporting_obj

    @property
    def strides(self):
        """Strides in elements, or None (C-contiguous, as the producer said)."""
        return self._strides

    @property
    def dtype(self):
        """The numpy dtype; None for a view made from an item size alone (``from_buffer(..., itemsize=n)``)."""
        if self._has_dtype is True:
            import numpy

            return numpy.dtype(self._typestr)
        if self._has_dtype is False:
            return None
        return _dl_numpy_dtype(*self._has_dtype)

    @property
    def size(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def device_id(self):
        """The device holding the memory; -1 for host memory."""
        if self._device_id is None:
            self._device_id = _device_of(self.ptr) if self._ptr else _current_device()
        elif self._device_id == _CURRENT:
            self._device_id = _current_device()
        return self._device_id

    @property
    def is_device_accessible(self):
        if self._dl_device is None:
            return True  # __cuda_array_interface__
        return self._dl_device[0] in _dlpack._DEVICE_TYPES

    def __dlpack_device__(self):
        if self._dl_device is None:
            self._dl_device = (_dlpack.CUDA, self.device_id)
        return self._dl_device

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """The view as a DLPack tensor (keeping the view, and so its exporter, alive)."""
        here = self.__dlpack_device__()
        # the stream is accepted and not used, as by cuda.core: ordering is the caller's business
        versioned = _dlpack.check_request("StridedMemoryView", None, max_version, dl_device, copy, here)
        if self._has_dtype is False:
            raise BufferError("Cannot export StridedMemoryView via DLPack without dtype information; create the "
                              "view with dtype specified.")
        if self._has_dtype is True:
            kind, size = self._typestr[1], int(self._typestr[2:])
            dl_dtype = ({v: k for k, v in _DL_CODES.items()}[kind], 8 * size, 1)
        else:  # the producer's own DLPack dtype, passed on as it came
            dl_dtype = self._has_dtype
        return _dlpack.export(self, self.ptr, self.shape, self._strides, dl_dtype, here, versioned,
                              readonly=self.readonly)

    # -- new views, copies and tensor maps ---------------------------------------------------------------------
    def view(self, layout=None, dtype=None):
        """A view of the same memory with another layout and/or dtype, checked to stay inside this view's extent.

        ``layout``: None (this view's), or an object with ``shape``, ``strides`` (in elements, or None for C
        order), ``itemsize`` and optionally ``slice_offset`` (elements from this view's pointer to the new
        one's first element); beyond cuda.core, a tuple is a shape in C order over this view's (C-contiguous)
        elements. ``dtype``: a numpy dtype-like whose item size must be the layout's; without one, the dtype is
        kept where the item size is unchanged, else an unsigned int of the layout's item size."""
        if layout is None and dtype is None:
            return self
        size = int(self._typestr[2:])
        shape, strides, itemsize, offset = self._layout_parts(layout, size)
        typestr = self._typestr if itemsize == size else _typestr("u", itemsize) if itemsize in (1, 2, 4, 8) else None
        if dtype is not None:
            dt = _numpy_dtype(dtype, "view: dtype")
            if dt.itemsize != itemsize:
                raise ValueError("dtype %s has %d-byte items, the %s %d" % (dt, dt.itemsize, "view's" if layout is None
                                                                             else "layout", itemsize))
            typestr = _parse_typestr(dt.str, "dtype")
        elif typestr is None:
            typestr = "|V%d" % itemsize  # no dtype of that size: the new view's dtype reads None
        if dtype is not None:
            has_dtype = True
        elif itemsize == size:
            has_dtype = self._has_dtype
        else:
            has_dtype = typestr[1] != "V"
        lo, hi = _extent(self.shape, self._strides, size)
        new_lo, new_hi = _extent(shape, strides, itemsize)
        new_lo += offset * itemsize
        new_hi += offset * itemsize
        if new_lo < new_hi and (new_lo < lo or new_hi > hi):
            raise ValueError("the new view reaches bytes [%d, %d) of the memory, outside this view's [%d, %d)"
                             % (new_lo, new_hi, lo, hi))
        return StridedMemoryView._new(self.ptr + offset * itemsize, shape, strides, typestr, self.readonly,
                                      self.exporting_obj, self._device_id, self._dl_device, self._keep, has_dtype)

    def _layout_parts(self, layout, size):
        """(shape, strides in elements or None, itemsize, offset in elements) of a view() layout."""
        if layout is None:
            return self.shape, self._strides, size, 0
        if isinstance(layout, tuple):
            shape = _shape(layout, "layout")
            if not _c_contiguous(self.shape, self._strides):
                raise ValueError("a shape as layout reshapes C-contiguous views only: this one has strides %r"
                                 % (self._strides,))
            n = 1
            for d in shape:
                n *= d
            if n != self.size:
                raise ValueError("view: layout %r (a shape) cannot reshape %d elements" % (shape, self.size))
            return shape, None, size, 0
        try:
            shape, strides, itemsize = layout.shape, layout.strides, layout.itemsize
        except AttributeError:
            raise TypeError("layout must have shape, strides and itemsize (or be a shape tuple), not %s"
                            % type(layout).__name__) from None
        shape = _shape(shape, "layout")
        if strides is not None:
            strides = _ints(strides, "layout strides")
            if len(strides) != len(shape):
                raise ValueError("layout strides %r do not match its shape %r" % (strides, shape))
        if not isinstance(itemsize, int) or isinstance(itemsize, bool) or itemsize < 1:
            raise ValueError("layout itemsize must be an int >= 1, got %r" % (itemsize,))
        offset = getattr(layout, "slice_offset", 0) or 0
        return shape, strides, itemsize, int(offset)

    def copy_from(self, other, stream, allocator=None, blocking=None):
        """Copy ``other`` (a StridedMemoryView of the same shape and dtype) into this view, on ``stream`` (None:
        the default stream). Host to device, device to host and device to device; any positive strides.
        ``blocking``: wait for the copy (None: wait unless both views are device memory). ``allocator`` is
        accepted for compatibility: the copy needs no temporary memory."""
        _check_copy_args(other, "other", allocator)
        from ._copy import copy_views

        copy_views(self, other, stream, blocking)

    def copy_to(self, other, stream=None, allocator=None, blocking=None):
        """Copy this view into ``other``; see ``copy_from``."""
        _check_copy_args(other, "other", allocator)
        from ._copy import copy_views

        copy_views(other, self, stream, blocking)

    def as_tensor_map(self, box_dim=None, *, options=None, element_strides=None, data_type=None, interleave=None,
                      swizzle=None, l2_promotion=None, oob_fill=None):
        """A tiled TensorMapDescriptor (TMA, sm_90+) of this device view: ``box_dim`` (tile size per dimension,
        in the shape's order) and the other settings, or all of them bundled in ``options``
        (TensorMapDescriptorOptions or a dict)."""
        from ._tensor_map import TensorMapDescriptor

        return TensorMapDescriptor._from_tiled(self, box_dim, options=options, element_strides=element_strides,
                                               data_type=data_type, interleave=interleave, swizzle=swizzle,
                                               l2_promotion=l2_promotion, oob_fill=oob_fill)

    def _dtype_repr(self):
        if self._has_dtype is False:
            return "NoneType"
        try:
            return _simple_repr(self.dtype)
        except ImportError:  # no numpy: the type string
            return self._typestr
        except (NotImplementedError, TypeError):  # a DLPack dtype numpy has none for
            return "DLPack(code=%d, bits=%d, lanes=%d)" % self._has_dtype

    def _device_repr(self):
        try:
            return str(self.device_id)
        except Exception:  # a driver that cannot tell: the repr still reads
            return "?"

    def __repr__(self):
        pad = "\n" + " " * len("StridedMemoryView(")
        return ("StridedMemoryView(ptr=%d," % self._ptr + pad + "shape=%r," % (self._shape,) + pad
                + "strides=%r," % (self._strides,) + pad + "itemsize=%d," % int(self._typestr[2:]) + pad
                + "dtype=%s," % self._dtype_repr() + pad + "device_id=%s," % self._device_repr() + pad
                + "is_device_accessible=%r," % self.is_device_accessible + pad + "readonly=%r," % self._readonly
                + pad + "exporting_obj=%s)" % _simple_repr(self._exporting_obj))


def _dl_numpy_dtype(code, bits, lanes):
    """The numpy dtype of a DLPack dtype numpy may lack, or cuda.core's exception for it."""
    if lanes != 1:
        raise NotImplementedError("vector dtypes (lanes=%d) is not supported" % lanes)
    if code == _dlpack.BFLOAT:
        try:
            import ml_dtypes  # noqa: F401 (registers bfloat16 with numpy)
        except ImportError:
            raise NotImplementedError("Support for bfloat16 within cuda-core requires `ml_dtypes`to be "
                                      "installed.") from None
        import numpy

        return numpy.dtype("bfloat16")
    names = {_dlpack.UINT: "uint", _dlpack.INT: "int", _dlpack.FLOAT: "float", _dlpack.COMPLEX: "complex"}
    if code in names:
        raise TypeError("%s%d is not supported." % (names[code], bits))
    if code == _dlpack.BOOL:
        raise TypeError("%d-bit bool is not supported" % bits)
    raise TypeError("Unsupported dtype. dtype code: %d" % code)


def _simple_repr(obj):
    """``module.Class`` of an object (or class): ``numpy.ndarray``, ``numpy.dtypes.Float32DType``; builtins bare."""
    cls = obj if isinstance(obj, type) else type(obj)
    module = getattr(cls, "__module__", None)
    return cls.__name__ if module in (None, "builtins") else "%s.%s" % (module, cls.__name__)


_OWN_REFUSALS = ("stream=None is ambiguous with view()", "device not supported")
_CURRENT = "current"  # a view's _device_id: the device current when it is asked for (-1 without a context)


# -- DLPack's C exchange API (``__dlpack_c_exchange_api__``) -------------------------------------------------------
# A consumer in C (a framework's from_dlpack) reads the capsule's DLPackExchangeAPI and calls its functions instead of
# __dlpack__; cudacffi._capsule holds the C side, which calls these three hooks (with the GIL).

def _exchanged_view(obj):
    if not isinstance(obj, StridedMemoryView):
        raise TypeError("py_object must be a StridedMemoryView")
    return obj


def _exchange_from_py(obj):
    """A new versioned capsule of the view, which the consumer takes over."""
    return _exchanged_view(obj).__dlpack__(max_version=(1, 0))


def _exchange_borrow(obj):
    """The view's DLTensor, lent: a versioned capsule the view keeps for as long as it lives."""
    view = _exchanged_view(obj)
    if view._lent is None:
        view._lent = view.__dlpack__(max_version=(1, 0))
    return view._lent


class _CapsuleProducer:
    """A capsule handed over by the exchange API, as a DLPack producer from_dlpack reads."""

    __slots__ = ("capsule", "device")

    def __init__(self, capsule):
        t = _dlpack.read(capsule)
        self.capsule, self.device = capsule, (t.device_type, t.device_id)

    def __dlpack__(self, stream=None, max_version=None, dl_device=None, copy=None):
        return self.capsule

    def __dlpack_device__(self):
        return self.device


def _exchange_to_py(capsule):
    """A StridedMemoryView of a tensor the consumer hands over (the view's capsule deletes it at the end)."""
    return StridedMemoryView.from_dlpack(_CapsuleProducer(capsule), stream_ptr=-1)


def _exchange_capsule():
    try:
        from .. import _capsule
    except ImportError:  # not built: the attribute is left out, and __dlpack__ still serves
        return None
    return _capsule.exchange_api(_exchange_from_py, _exchange_borrow, _exchange_to_py)


StridedMemoryView.__dlpack_c_exchange_api__ = StridedMemoryView.__c_dlpack_exchange_api__ = _exchange_capsule()
if StridedMemoryView.__dlpack_c_exchange_api__ is None:
    del StridedMemoryView.__dlpack_c_exchange_api__, StridedMemoryView.__c_dlpack_exchange_api__


def _has_dlpack(obj):
    """Whether ``obj`` speaks DLPack (both ``__dlpack__`` and ``__dlpack_device__``)."""
    return hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__")


def _interface(obj, name, method):
    """``obj.<name>`` (an array interface); ArgumentTypeError naming ``obj`` where it has none (an AttributeError
    raised inside a property of the object's class passes through as it is)."""
    try:
        return getattr(obj, name)
    except AttributeError:
        if hasattr(type(obj), name):
            raise
        raise _utils.ArgumentTypeError("StridedMemoryView.%s: obj must have %s, not %s"
                                       % (method, name, type(obj).__name__)) from None


def _dlpack_device(obj):
    """``obj.__dlpack_device__()`` as (device_type, device_id) ints; ArgumentTypeError naming ``obj`` where it
    does not speak DLPack, TypeError/ValueError where the answer is no such pair."""
    if not _has_dlpack(obj):
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


def _stream_int(stream_ptr):
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


def _check_interface_version(iface, what):
    """BufferError for an interface older than version 3 or with a mask, as cuda.core refuses them."""
    version = iface.get("version")
    if isinstance(version, int) and version < 3:
        raise BufferError("only %s v3 or above is supported" % what)
    if iface.get("mask") is not None:
        raise BufferError("mask is not supported")


def _current_device():
    try:
        err, dev = _utils.driver().cuCtxGetDevice()
    except Exception:  # no driver, or CUDA not initializable: no device is current
        return -1
    return -1 if err else int(dev)


def _extent(shape, strides, itemsize):
    """[lo, hi) bytes a view touches, relative to its pointer."""
    if 0 in shape:
        return 0, 0
    if strides is None:
        n = 1
        for d in shape:
            n *= d
        return 0, n * itemsize
    lo = hi = 0
    for d, s in zip(shape, strides):
        if s >= 0:
            hi += (d - 1) * s
        else:
            lo += (d - 1) * s
    return lo * itemsize, (hi + 1) * itemsize


def _c_contiguous(shape, strides):
    if strides is None:
        return True
    step = 1
    for n, s in zip(reversed(shape), reversed(strides)):
        if n != 1 and s != step:
            return False
        step *= n
    return True


def _check_copy_args(other, what, allocator):
    from ._memory import MemoryResource

    if not isinstance(other, StridedMemoryView):
        raise TypeError("%s must be a StridedMemoryView, not %s" % (what, type(other).__name__))
    if allocator is not None and not isinstance(allocator, MemoryResource):
        raise TypeError("allocator must be a MemoryResource or None, not %s" % type(allocator).__name__)


def _order(producer, consumer):
    """Make stream ``consumer`` wait for the work queued on ``producer`` so far (both CUstream ints)."""
    drv = _utils.driver()
    ev = _utils.check(drv.cuEventCreate(drv.CUevent_flags.CU_EVENT_DISABLE_TIMING))
    try:
        _utils.check(drv.cuEventRecord(ev, producer))
        _utils.check(drv.cuStreamWaitEvent(consumer, ev, 0))
    finally:
        _utils.check(drv.cuEventDestroy(ev))


def _device_of(ptr):
    drv = _utils.driver()
    return int(_utils.check(drv.cuPointerGetAttribute(drv.CUpointer_attribute.CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                                      ptr)))


class _StridedMemoryViewProxy:
    """What ``args_viewable_as_strided_memory`` passes in place of an argument: ``obj``, ``has_dlpack`` and
    ``view(stream_ptr)``. BufferError at the call where the argument speaks no protocol."""

    __slots__ = ("obj", "has_dlpack")

    def __init__(self, obj):
        has_dlpack = _has_dlpack(obj)
        if not (has_dlpack or hasattr(obj, "__cuda_array_interface__") or hasattr(obj, "__array_interface__")
                or isinstance(obj, StridedMemoryView)):
            try:
                memoryview(obj)
            except TypeError:
                raise BufferError("the input object does not support any data exchange protocol") from None
        self.obj = obj
        self.has_dlpack = has_dlpack

    def view(self, stream_ptr=None):
        if self.has_dlpack:
            return StridedMemoryView.from_dlpack(self.obj, stream_ptr)
        return StridedMemoryView.from_any_interface(self.obj, stream_ptr)


def args_viewable_as_strided_memory(arg_indices):
    """A decorator: the positional arguments at ``arg_indices`` reach the function as proxies whose
    ``view(stream_ptr)`` gives their StridedMemoryView. A call with fewer positional arguments raises
    IndexError, as cuda.core's does."""
    what = "args_viewable_as_strided_memory: arg_indices"
    if isinstance(arg_indices, (str, bytes, bytearray)):
        raise TypeError("%s must be a tuple of ints, not %s" % (what, type(arg_indices).__name__))
    try:
        indices = tuple(arg_indices)
    except TypeError:
        raise TypeError("%s must be a tuple of ints, not %s" % (what, type(arg_indices).__name__)) from None
    try:
        indices = tuple(int(operator.index(i)) for i in indices)
    except TypeError:
        raise TypeError("%s must hold ints, not %s" % (what, _utils.printable(repr(indices)))) from None

    def wrap(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            args = list(args)
            for i in indices:
                if not -len(args) <= i < len(args):
                    raise IndexError("list index out of range: arg_indices names argument %d, the call has %d "
                                     "positional argument%s" % (i, len(args), "" if len(args) == 1 else "s"))
                args[i] = _StridedMemoryViewProxy(args[i])
            return func(*args, **kwargs)
        return wrapper
    return wrap


# managed-memory batches (issue 15)
from ._managed import discard_batch, discard_prefetch_batch, prefetch_batch  # noqa: E402 (issue 15)

__all__ += ["discard_batch", "discard_prefetch_batch", "prefetch_batch"]
