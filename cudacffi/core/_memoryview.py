"""StridedMemoryView: one description (pointer, shape, strides, dtype, device) of any array, whichever protocol
it speaks — DLPack, ``__cuda_array_interface__``, ``__array_interface__`` or the buffer protocol — and the
object ``launch()`` takes for an array argument.

Strides are in elements, as in cuda.core, and None where the producer gave none (C-contiguous). ``dtype``
is a numpy dtype (numpy is imported only when it is asked for); everything else works without numpy. How each
protocol is read is ``_view_sources``'; the checks of types, shapes and extents are ``_view_types``'.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any, Optional, Tuple

from .. import _direct
from . import _dlpack, _dlpack_exchange, _registry, _utils
from ._copy import copy_views
from ._memory import MemoryResource
from ._view_sources import (C_CONTIGUOUS, CURRENT, NDARRAY_TYPESTRS, OWN_REFUSALS, WARN_ON_WRITE, WRITEABLE,
                            array_interface_parts, buffer_parts, cuda_array_interface_parts, dlpack_parts, has_dlpack,
                            ndarray_type, python_buffer_parts)
from ._view_types import (DL_CODES, c_contiguous, dl_numpy_dtype, extent, ints, numpy_dtype, parse_typestr,
                          shape_of, simple_repr, typestr as make_typestr)

if TYPE_CHECKING:
    from ._memory import Buffer
    from ._tensor_map import TensorMapDescriptor
    from .typing import IsStreamType

__all__ = ["StridedMemoryView"]

_NDARRAY: Any = None  # numpy.ndarray, once from_array_interface has seen numpy imported
_HOST = (_dlpack.CPU, 0)


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

    def __init__(self, obj: Any = None, stream_ptr: Any = None) -> None:
        self._ptr = 0
        self._shape: Tuple[int, ...] = ()
        self._strides: Optional[Tuple[int, ...]] = None
        self._typestr = "|u1"
        self._readonly = False
        self._exporting_obj: Any = None
        self._device_id: Any = -1
        self._dl_device: Optional[Tuple[int, int]] = (_dlpack.CPU, 0)
        self._keep: Any = None
        self._has_dtype: Any = True
        self._lent: Any = None  # the capsule whose DLTensor DLPack's C exchange API lent out (it lives with the view)
        name = type(self).__name__
        if obj is None:
            warnings.warn("Constructing an empty %s is deprecated; use one of the classmethods `from_dlpack`, "
                          "`from_cuda_array_interface` or `from_any_interface` to construct a StridedMemoryView "
                          "from an object" % name, DeprecationWarning, stacklevel=2)
            return
        if not (has_dlpack(obj) or hasattr(obj, "__cuda_array_interface__") or hasattr(obj, "__array_interface__")):
            try:
                memoryview(obj)
            except TypeError:
                raise BufferError("the input object does not support any data exchange protocol") from None
        if has_dlpack(obj):
            warnings.warn("Constructing a %s directly from a DLPack-supporting object is deprecated; Use "
                          "`StridedMemoryView.from_dlpack` or `StridedMemoryView.from_any_interface` instead."
                          % name, DeprecationWarning, stacklevel=2)
        else:
            warnings.warn("Constructing a %s directly from a CUDA-array-interface-supporting object is deprecated; "
                          "Use `StridedMemoryView.from_cuda_array_interface` or `StridedMemoryView."
                          "from_any_interface` instead." % name, DeprecationWarning, stacklevel=2)
        self._fill_from(StridedMemoryView.from_any_interface(obj, stream_ptr))

    def __reduce__(self) -> Any:
        raise TypeError("cannot pickle 'StridedMemoryView' object (it views memory of this process)")

    def _fill_from(self, other: "StridedMemoryView") -> None:
        for name in StridedMemoryView.__slots__[:-1]:
            setattr(self, name, getattr(other, name))

    @classmethod
    def _new(cls, ptr: int, shape: Tuple[int, ...], strides: Optional[Tuple[int, ...]], typestr: str, readonly: Any,
             obj: Any, device_id: Any, dl_device: Optional[Tuple[int, int]], keep: Any = None,
             has_dtype: Any = True) -> "StridedMemoryView":
        self = object.__new__(cls)
        self._ptr = ptr
        self._shape = shape
        self._strides = strides
        self._typestr = typestr
        self._readonly = bool(readonly)
        self._exporting_obj = obj
        self._device_id = device_id  # None: asked of the driver when wanted; CURRENT: the current device's
        self._dl_device = dl_device
        self._keep = keep
        # True: typestr is the dtype; False: made from an item size alone (dtype reads None); a DLPack
        # (code, bits, lanes) numpy has no dtype for (bfloat16 without ml_dtypes, vectors): dtype raises
        self._has_dtype = has_dtype
        self._lent = None
        return self

    # -- constructors, one per protocol (read by _view_sources) ------------------------------------------------
    @classmethod
    def from_any_interface(cls, obj: Any, stream_ptr: Any = None) -> "StridedMemoryView":
        """A view through the first protocol ``obj`` speaks: DLPack, ``__cuda_array_interface__``, then
        (beyond cuda.core) ``__array_interface__`` and the buffer protocol. BufferError where it speaks none."""
        if isinstance(obj, StridedMemoryView):
            return obj
        if has_dlpack(obj):
            try:
                return cls.from_dlpack(obj, stream_ptr)
            except BufferError as e:
                # beyond cuda.core: a host array whose producer refuses DLPack (numpy before 2.1 refuses
                # read-only arrays) is viewed through __array_interface__; this module's own refusals stand
                if str(e) in OWN_REFUSALS or not hasattr(obj, "__array_interface__"):
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
        return cls._new(*python_buffer_parts(obj))

    @classmethod
    def from_dlpack(cls, obj: Any, stream_ptr: Any = None) -> "StridedMemoryView":
        """A view of ``obj.__dlpack__(stream=...)`` (the capsule is kept, not consumed). The producer is handed
        the consumer stream as an int, as the DLPack protocol asks: ``stream_ptr`` itself for device memory
        (None where it is 0), nothing (None) for host memory given -1; None is ambiguous (BufferError) for
        both, and passed through for pinned and managed memory."""
        return cls._new(*dlpack_parts(obj, stream_ptr))

    @classmethod
    def from_cuda_array_interface(cls, obj: Any, stream_ptr: Any = None) -> "StridedMemoryView":
        """A view of ``obj.__cuda_array_interface__`` (version 3 or above, no mask). Unless ``stream_ptr``
        is -1, the consumer stream waits for the producer's ``stream`` (None is ambiguous: BufferError)."""
        return cls._new(*cuda_array_interface_parts(obj, stream_ptr))

    @classmethod
    def from_array_interface(cls, obj: Any) -> "StridedMemoryView":
        """A view of ``obj.__array_interface__`` (host memory; version 3 or above, no mask). Its ``device_id``
        is the current device's, as in cuda.core (-1 where no context is current)."""
        if type(obj) is _NDARRAY:  # an exact numpy.ndarray: the same view, without building its interface
            flags = obj.flags.num
            typestr = NDARRAY_TYPESTRS.get(obj.dtype)
            if flags & C_CONTIGUOUS and typestr is not None:  # ("strides": None; a dtype read before)
                try:
                    ptr = _direct.pin(obj)[0]  # (C-contiguous: the buffer is the array's data)
                except Exception:  # (not expected) the interface says what it is
                    return cls._new(*array_interface_parts(obj))
                self = object.__new__(cls)
                self._ptr = ptr
                self._shape = obj.shape
                self._strides = None
                self._typestr = typestr
                self._readonly = flags & (WRITEABLE | WARN_ON_WRITE) != WRITEABLE
                self._exporting_obj = obj
                self._device_id = CURRENT
                self._dl_device = _HOST
                self._keep = None
                self._has_dtype = True
                self._lent = None
                return self
        elif _NDARRAY is None:
            _ndarray_seen()
        return cls._new(*array_interface_parts(obj))

    @classmethod
    def from_buffer(cls, buffer: "Buffer", shape: Tuple[int, ...], strides: Optional[Tuple[int, ...]] = None, *,
                    itemsize: Optional[int] = None, dtype: Any = None,
                    is_readonly: bool = False) -> "StridedMemoryView":
        """A view of ``shape`` (strides in elements, or None for C order) over a cudacffi Buffer; the item
        size is ``dtype``'s or ``itemsize``. The extent must lie within the buffer."""
        return cls._new(*buffer_parts(buffer, shape, strides, itemsize, dtype, is_readonly))

    # -- what it describes -------------------------------------------------------------------------------------
    @property
    def ptr(self) -> int:
        """The address of the first element (an int)."""
        return self._ptr

    @property
    def shape(self) -> Tuple[int, ...]:
        """The shape, a tuple of ints."""
        return self._shape

    @property
    def readonly(self) -> bool:
        """Whether the producer marked the memory read-only."""
        return self._readonly

    @property
    def exporting_obj(self) -> Any:
        """The object the view was made from (kept alive by the view)."""
        return self._exporting_obj

    @property
    def strides(self) -> Optional[Tuple[int, ...]]:
        """Strides in elements, or None (C-contiguous, as the producer said)."""
        return self._strides

    @property
    def dtype(self) -> Any:
        """The numpy dtype; None for a view made from an item size alone (``from_buffer(..., itemsize=n)``)."""
        if self._has_dtype is True:
            import numpy

            return numpy.dtype(self._typestr)
        if self._has_dtype is False:
            return None
        return dl_numpy_dtype(*self._has_dtype)

    @property
    def size(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def device_id(self) -> int:
        """The device holding the memory; -1 for host memory."""
        if self._device_id is None:
            self._device_id = _device_of(self.ptr) if self._ptr else _current_device()
        elif self._device_id == CURRENT:
            self._device_id = _current_device()
        return self._device_id

    @property
    def is_device_accessible(self) -> bool:
        if self._dl_device is None:
            return True  # __cuda_array_interface__
        return self._dl_device[0] in _dlpack._DEVICE_TYPES

    def __dlpack_device__(self) -> Tuple[int, int]:
        if self._dl_device is None:
            self._dl_device = (_dlpack.CUDA, self.device_id)
        return self._dl_device

    def __dlpack__(self, *, stream: Any = None, max_version: Optional[Tuple[int, int]] = None,
                   dl_device: Optional[Tuple[int, int]] = None, copy: Optional[bool] = None) -> Any:
        """The view as a DLPack tensor (keeping the view, and so its exporter, alive)."""
        here = self.__dlpack_device__()
        # the stream is accepted and not used, as by cuda.core: ordering is the caller's business
        versioned = _dlpack.check_request("StridedMemoryView", None, max_version, dl_device, copy, here)
        if self._has_dtype is False:
            raise BufferError("Cannot export StridedMemoryView via DLPack without dtype information; create the "
                              "view with dtype specified.")
        if self._has_dtype is True:
            kind, size = self._typestr[1], int(self._typestr[2:])
            dl_dtype = ({v: k for k, v in DL_CODES.items()}[kind], 8 * size, 1)
        else:  # the producer's own DLPack dtype, passed on as it came
            dl_dtype = self._has_dtype
        return _dlpack.export(self, self.ptr, self.shape, self._strides, dl_dtype, here, versioned,
                              readonly=self.readonly)

    # -- new views, copies and tensor maps ---------------------------------------------------------------------
    def view(self, layout: Any = None, dtype: Any = None) -> "StridedMemoryView":
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
        typestr = (self._typestr if itemsize == size
                   else make_typestr("u", itemsize) if itemsize in (1, 2, 4, 8) else None)
        if dtype is not None:
            dt = numpy_dtype(dtype, "view: dtype")
            if dt.itemsize != itemsize:
                raise ValueError("dtype %s has %d-byte items, the %s %d" % (dt, dt.itemsize, "view's" if layout is None
                                                                             else "layout", itemsize))
            typestr = parse_typestr(dt.str, "dtype")
        elif typestr is None:
            typestr = "|V%d" % itemsize  # no dtype of that size: the new view's dtype reads None
        if dtype is not None:
            has_dtype = True
        elif itemsize == size:
            has_dtype = self._has_dtype
        else:
            has_dtype = typestr[1] != "V"
        lo, hi = extent(self.shape, self._strides, size)
        new_lo, new_hi = extent(shape, strides, itemsize)
        new_lo += offset * itemsize
        new_hi += offset * itemsize
        if new_lo < new_hi and (new_lo < lo or new_hi > hi):
            raise ValueError("the new view reaches bytes [%d, %d) of the memory, outside this view's [%d, %d)"
                             % (new_lo, new_hi, lo, hi))
        return StridedMemoryView._new(self.ptr + offset * itemsize, shape, strides, typestr, self.readonly,
                                      self.exporting_obj, self._device_id, self._dl_device, self._keep, has_dtype)

    def _layout_parts(self, layout: Any, size: int) -> Tuple[Tuple[int, ...], Optional[Tuple[int, ...]], int, int]:
        """(shape, strides in elements or None, itemsize, offset in elements) of a view() layout."""
        if layout is None:
            return self.shape, self._strides, size, 0
        if isinstance(layout, tuple):
            shape = shape_of(layout, "layout")
            if not c_contiguous(self.shape, self._strides):
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
        shape = shape_of(shape, "layout")
        if strides is not None:
            strides = ints(strides, "layout strides")
            if len(strides) != len(shape):
                raise ValueError("layout strides %r do not match its shape %r" % (strides, shape))
        if not isinstance(itemsize, int) or isinstance(itemsize, bool) or itemsize < 1:
            raise ValueError("layout itemsize must be an int >= 1, got %r" % (itemsize,))
        offset = getattr(layout, "slice_offset", 0) or 0
        return shape, strides, itemsize, int(offset)

    def copy_from(self, other: "StridedMemoryView", stream: Optional["IsStreamType"],
                  allocator: Optional[MemoryResource] = None, blocking: Optional[bool] = None) -> None:
        """Copy ``other`` (a StridedMemoryView of the same shape and dtype) into this view, on ``stream`` (None:
        the default stream). Host to device, device to host and device to device; any positive strides.
        ``blocking``: wait for the copy (None: wait unless both views are device memory). ``allocator`` is
        accepted for compatibility: the copy needs no temporary memory."""
        _check_copy_args(other, "other", allocator)
        copy_views(self, other, stream, blocking)

    def copy_to(self, other: "StridedMemoryView", stream: Optional["IsStreamType"] = None,
                allocator: Optional[MemoryResource] = None, blocking: Optional[bool] = None) -> None:
        """Copy this view into ``other``; see ``copy_from``."""
        _check_copy_args(other, "other", allocator)
        copy_views(other, self, stream, blocking)

    def as_tensor_map(self, box_dim: Any = None, *, options: Any = None, element_strides: Any = None,
                      data_type: Any = None, interleave: Any = None, swizzle: Any = None, l2_promotion: Any = None,
                      oob_fill: Any = None) -> "TensorMapDescriptor":
        """A tiled TensorMapDescriptor (TMA, sm_90+) of this device view: ``box_dim`` (tile size per dimension,
        in the shape's order) and the other settings, or all of them bundled in ``options``
        (TensorMapDescriptorOptions or a dict)."""
        return _registry.lookup("TensorMapDescriptor")._from_tiled(
            self, box_dim, options=options, element_strides=element_strides, data_type=data_type,
            interleave=interleave, swizzle=swizzle, l2_promotion=l2_promotion, oob_fill=oob_fill)

    def _dtype_repr(self) -> str:
        if self._has_dtype is False:
            return "NoneType"
        try:
            return simple_repr(self.dtype)
        except ImportError:  # no numpy: the type string
            return self._typestr
        except (NotImplementedError, TypeError):  # a DLPack dtype numpy has none for
            return "DLPack(code=%d, bits=%d, lanes=%d)" % self._has_dtype

    def _device_repr(self) -> str:
        try:
            return str(self.device_id)
        except Exception:  # a driver that cannot tell: the repr still reads
            return "?"

    def __repr__(self) -> str:
        pad = "\n" + " " * len("StridedMemoryView(")
        return ("StridedMemoryView(ptr=%d," % self._ptr + pad + "shape=%r," % (self._shape,) + pad
                + "strides=%r," % (self._strides,) + pad + "itemsize=%d," % int(self._typestr[2:]) + pad
                + "dtype=%s," % self._dtype_repr() + pad + "device_id=%s," % self._device_repr() + pad
                + "is_device_accessible=%r," % self.is_device_accessible + pad + "readonly=%r," % self._readonly
                + pad + "exporting_obj=%s)" % simple_repr(self._exporting_obj))


# DLPack's C exchange API, where cudacffi._capsule is built (else the attribute is left out: __dlpack__ serves)
_EXCHANGE_API = _dlpack_exchange.exchange_api(StridedMemoryView)
if _EXCHANGE_API is not None:
    StridedMemoryView.__dlpack_c_exchange_api__ = StridedMemoryView.__c_dlpack_exchange_api__ = _EXCHANGE_API


def _ndarray_seen() -> None:
    global _NDARRAY
    _NDARRAY = ndarray_type()


def _current_device() -> int:
    try:
        err, dev = _utils.driver().cuCtxGetDevice()
    except Exception:  # no driver, or CUDA not initializable: no device is current
        return -1
    return -1 if err else int(dev)


def _device_of(ptr: int) -> int:
    drv = _utils.driver()
    return int(_utils.check(drv.cuPointerGetAttribute(drv.CUpointer_attribute.CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                                      ptr)))


def _check_copy_args(other: Any, what: str, allocator: Any) -> None:
    if not isinstance(other, StridedMemoryView):
        raise TypeError("%s must be a StridedMemoryView, not %s" % (what, type(other).__name__))
    if allocator is not None and not isinstance(allocator, MemoryResource):
        raise TypeError("allocator must be a MemoryResource or None, not %s" % type(allocator).__name__)
