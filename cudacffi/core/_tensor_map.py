"""TensorMapDescriptor: the 128-byte ``CUtensorMap`` the TMA unit of sm_90+ GPUs reads, encoded by
``cuTensorMapEncodeTiled`` from a StridedMemoryView, and passed to ``launch()`` by value.

Every constraint the driver documents for a tiled map is checked here first, so that a wrong rank, box,
stride or alignment is a ValueError naming the field rather than the driver's bare CUDA_ERROR_INVALID_VALUE.
Dimensions are given in the view's (row-major) order, as shapes are; the driver's order (innermost first) is
this module's business.
"""

import enum
from dataclasses import dataclass
from typing import Any, Optional, Tuple

from . import _dlpack, _utils
from ._utils import check

__all__ = ["TensorMapDescriptor", "TensorMapDescriptorOptions", "TensorMapDataType", "TensorMapInterleave",
           "TensorMapSwizzle", "TensorMapL2Promotion", "TensorMapOOBFill"]


class TensorMapDataType(enum.IntEnum):
    """``CUtensorMapDataType``: the element type a tensor map moves."""

    UINT8 = 0
    UINT16 = 1
    UINT32 = 2
    INT32 = 3
    UINT64 = 4
    INT64 = 5
    FLOAT16 = 6
    FLOAT32 = 7
    FLOAT64 = 8
    BFLOAT16 = 9
    FLOAT32_FTZ = 10
    TFLOAT32 = 11
    TFLOAT32_FTZ = 12


class TensorMapInterleave(enum.IntEnum):
    """``CUtensorMapInterleave``."""

    NONE = 0
    INTERLEAVE_16B = 1
    INTERLEAVE_32B = 2


class TensorMapSwizzle(enum.IntEnum):
    """``CUtensorMapSwizzle`` (the swizzle patterns every sm_90+ GPU has)."""

    NONE = 0
    SWIZZLE_32B = 1
    SWIZZLE_64B = 2
    SWIZZLE_128B = 3


class TensorMapL2Promotion(enum.IntEnum):
    """``CUtensorMapL2promotion``."""

    NONE = 0
    L2_64B = 1
    L2_128B = 2
    L2_256B = 3


class TensorMapOOBFill(enum.IntEnum):
    """``CUtensorMapFloatOOBfill``: what out-of-bounds elements read as."""

    NONE = 0
    NAN_REQUEST_ZERO_FMA = 1


_SIZES = {TensorMapDataType.UINT8: 1, TensorMapDataType.UINT16: 2, TensorMapDataType.UINT32: 4,
          TensorMapDataType.INT32: 4, TensorMapDataType.UINT64: 8, TensorMapDataType.INT64: 8,
          TensorMapDataType.FLOAT16: 2, TensorMapDataType.FLOAT32: 4, TensorMapDataType.FLOAT64: 8,
          TensorMapDataType.BFLOAT16: 2, TensorMapDataType.FLOAT32_FTZ: 4, TensorMapDataType.TFLOAT32: 4,
          TensorMapDataType.TFLOAT32_FTZ: 4}
_FLOATS = {TensorMapDataType.FLOAT16, TensorMapDataType.FLOAT32, TensorMapDataType.FLOAT64,
           TensorMapDataType.BFLOAT16, TensorMapDataType.FLOAT32_FTZ, TensorMapDataType.TFLOAT32,
           TensorMapDataType.TFLOAT32_FTZ}
# typestr ('<f4' without its byte order) -> data type
_BY_TYPESTR = {"u1": TensorMapDataType.UINT8, "i1": TensorMapDataType.UINT8, "b1": TensorMapDataType.UINT8,
               "u2": TensorMapDataType.UINT16, "i2": TensorMapDataType.UINT16, "u4": TensorMapDataType.UINT32,
               "i4": TensorMapDataType.INT32, "u8": TensorMapDataType.UINT64, "i8": TensorMapDataType.INT64,
               "f2": TensorMapDataType.FLOAT16, "f4": TensorMapDataType.FLOAT32, "f8": TensorMapDataType.FLOAT64}
_SWIZZLE_SPAN = {TensorMapSwizzle.SWIZZLE_32B: 32, TensorMapSwizzle.SWIZZLE_64B: 64,
                 TensorMapSwizzle.SWIZZLE_128B: 128}


def _int_tuple(name, values, lo=None, hi=None):
    """``values`` (a tuple or list of ints) as a tuple, each in [lo, hi]; TypeError/ValueError naming ``name``."""
    if not isinstance(values, (tuple, list)):
        raise TypeError("%s must be a tuple of ints, not %s" % (name, type(values).__name__))
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError("%s must be a tuple of ints, got %r" % (name, tuple(values)))
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise ValueError("%s values must be in [%d, %d], got %r" % (name, lo, hi, tuple(values)))
    return tuple(values)


def _enum(name, value, enum_type):
    if value is None:
        return enum_type(0)
    if not isinstance(value, enum_type):
        raise TypeError("%s must be a %s, not %r" % (name, enum_type.__name__, value))
    return value


def _data_type(value):
    """None, a TensorMapDataType, or a numpy dtype-like, as a TensorMapDataType (None stays None)."""
    if value is None or isinstance(value, TensorMapDataType):
        return value
    if isinstance(value, (bool, int)):
        raise TypeError("data_type must be a numpy dtype or a TensorMapDataType, not %r" % (value,))
    import numpy

    try:
        dt = numpy.dtype(value)
    except TypeError:
        raise TypeError("data_type must be a numpy dtype or a TensorMapDataType, not %r" % (value,)) from None
    t = _BY_TYPESTR.get(dt.str[1:]) if dt.kind in "biuf" else None
    if t is None:
        raise ValueError("data_type %s has no tensor map type (supported: 1-8 byte ints, float16/32/64; "
                         "TensorMapDataType for bfloat16 and tf32)" % dt)
    return t


@dataclass
class TensorMapDescriptorOptions:
    """Options for ``StridedMemoryView.as_tensor_map``: the tile (``box_dim``, in elements, in the shape's
    order), per-dimension ``element_strides`` (None: all 1), a ``data_type`` overriding the view's dtype, and
    the interleave, swizzle, L2 promotion and out-of-bounds fill modes."""

    box_dim: Tuple[int, ...]
    element_strides: Optional[Tuple[int, ...]] = None
    data_type: Any = None
    interleave: TensorMapInterleave = TensorMapInterleave.NONE
    swizzle: TensorMapSwizzle = TensorMapSwizzle.NONE
    l2_promotion: TensorMapL2Promotion = TensorMapL2Promotion.NONE
    oob_fill: TensorMapOOBFill = TensorMapOOBFill.NONE

    __hash__ = None  # mutable

    def __post_init__(self):
        self.box_dim = _int_tuple("box_dim", self.box_dim)
        if self.element_strides is not None:
            self.element_strides = _int_tuple("element_strides", self.element_strides)
        self.data_type = _data_type(self.data_type)
        self.interleave = _enum("interleave", self.interleave, TensorMapInterleave)
        self.swizzle = _enum("swizzle", self.swizzle, TensorMapSwizzle)
        self.l2_promotion = _enum("l2_promotion", self.l2_promotion, TensorMapL2Promotion)
        self.oob_fill = _enum("oob_fill", self.oob_fill, TensorMapOOBFill)


def _options(box_dim, options, **settings):
    """The TensorMapDescriptorOptions of an as_tensor_map() call: ``options`` alone, or box_dim and settings."""
    if options is not None:
        if box_dim is not None or any(v is not None for v in settings.values()):
            raise ValueError("pass either options or box_dim and the individual settings, not both")
        if isinstance(options, dict):
            return TensorMapDescriptorOptions(**options)
        if not isinstance(options, TensorMapDescriptorOptions):
            raise TypeError("options must be a TensorMapDescriptorOptions or a dict, not %s"
                            % type(options).__name__)
        return options
    if box_dim is None:
        raise ValueError("box_dim is required (or pass options)")
    return TensorMapDescriptorOptions(box_dim, **{k: v for k, v in settings.items() if v is not None})


def encode_arguments(shape, strides, itemsize, ptr, dtype_key, o):
    """The checked arguments of cuTensorMapEncodeTiled, in the driver's order (innermost dimension first):
    (data type, rank, global dims, global strides in bytes of dims 1.., box dims, element strides).
    ``strides`` in elements (None: C order); ``dtype_key`` the view's typestr without byte order."""
    rank = len(shape)
    if not 1 <= rank <= 5:
        raise ValueError("a tiled tensor map has rank 1 to 5: the view has shape %r" % (tuple(shape),))
    data_type = o.data_type if o.data_type is not None else _BY_TYPESTR.get(dtype_key)
    if data_type is None:
        raise ValueError("the view's dtype (%s) has no tensor map type: pass data_type" % dtype_key)
    size = _SIZES[data_type]
    if size != itemsize:
        raise ValueError("data_type %s has %d-byte elements, the view %d" % (data_type.name, size, itemsize))
    if strides is None:
        strides, step = [], 1
        for n in reversed(shape):
            strides.append(step)
            step *= n
        strides.reverse()
    byte_strides = [s * itemsize for s in strides]
    for n in shape:
        if not 1 <= n <= 1 << 32:
            raise ValueError("tensor dimensions must be in [1, 2**32], got shape %r" % (tuple(shape),))
    if rank and strides[-1] != 1 and shape[-1] != 1:
        raise ValueError("the innermost dimension must be contiguous (stride 1 element), got strides %r"
                         % (tuple(strides),))
    align = 32 if o.interleave == TensorMapInterleave.INTERLEAVE_32B else 16
    if ptr % align:
        raise ValueError("the global address 0x%x must be %d-byte aligned" % (ptr, align))
    for s in byte_strides[:-1]:
        if s % align or not 0 < s < 1 << 40:
            raise ValueError("global strides must be positive multiples of %d bytes below 2**40, got %r bytes"
                             % (align, tuple(byte_strides)))
    box = o.box_dim
    if len(box) != rank:
        raise ValueError("box_dim %r must have one entry per dimension (rank %d)" % (box, rank))
    for b in box:
        if not 1 <= b <= 256:
            raise ValueError("box_dim values must be in [1, 256], got %r" % (box,))
    elem = o.element_strides if o.element_strides is not None else (1,) * rank
    if len(elem) != rank:
        raise ValueError("element_strides %r must have one entry per dimension (rank %d)" % (elem, rank))
    for e in elem:
        if not 1 <= e <= 8:
            raise ValueError("element_strides values must be in [1, 8], got %r" % (elem,))
    inner_bytes = box[-1] * size
    if o.interleave == TensorMapInterleave.NONE:
        if inner_bytes % 16:
            raise ValueError("box_dim's innermost entry (%d elements, %d bytes) must span a multiple of 16 bytes"
                             % (box[-1], inner_bytes))
        span = _SWIZZLE_SPAN.get(o.swizzle)
        if span is not None and inner_bytes > span:
            raise ValueError("box_dim's innermost entry spans %d bytes, more than the %s swizzle's %d"
                             % (inner_bytes, o.swizzle.name, span))
    elif rank < 3:
        raise ValueError("interleave %s needs a tensor of rank 3 or more, got rank %d" % (o.interleave.name, rank))
    elif o.interleave == TensorMapInterleave.INTERLEAVE_32B and o.swizzle != TensorMapSwizzle.SWIZZLE_32B:
        raise ValueError("interleave INTERLEAVE_32B needs swizzle SWIZZLE_32B, got %s" % o.swizzle.name)
    if o.oob_fill == TensorMapOOBFill.NAN_REQUEST_ZERO_FMA and data_type not in _FLOATS:
        raise ValueError("oob_fill NAN_REQUEST_ZERO_FMA needs a floating-point data_type, got %s" % data_type.name)
    return (data_type, rank, tuple(reversed(shape)), tuple(reversed(byte_strides[:-1])), tuple(reversed(box)),
            tuple(reversed(elem)))


def _device_view(tensor, what):
    """A StridedMemoryView of ``tensor`` in memory the GPU reaches, with a 16-byte aligned pointer."""
    from .utils import StridedMemoryView

    view = tensor if isinstance(tensor, StridedMemoryView) else StridedMemoryView.from_any_interface(tensor, -1)
    if not view.is_device_accessible:
        raise ValueError("%s must be memory the GPU can reach, not host memory (device %r)"
                         % (what, view.__dlpack_device__()))
    if view.ptr % 16:
        raise ValueError("%s's address 0x%x must be 16-byte aligned" % (what, view.ptr))
    return view


class TensorMapDescriptor:
    """A TMA tensor map (the driver's 128-byte ``CUtensorMap``) over a device array, made by
    ``StridedMemoryView.as_tensor_map``. Pass it to ``launch()`` for a ``const __grid_constant__ CUtensorMap``
    parameter: its 128 bytes are copied into the launch. It keeps the array's view alive."""

    __slots__ = ("_map", "_view", "_device_id", "_summary")

    def __init__(self, *args, **kwargs):
        raise RuntimeError("TensorMapDescriptor cannot be instantiated directly: use "
                           "StridedMemoryView.as_tensor_map()")

    @classmethod
    def _from_tiled(cls, view, box_dim=None, *, options=None, element_strides=None, data_type=None,
                    interleave=None, swizzle=None, l2_promotion=None, oob_fill=None):
        o = _options(box_dim, options, element_strides=element_strides, data_type=data_type, interleave=interleave,
                     swizzle=swizzle, l2_promotion=l2_promotion, oob_fill=oob_fill)
        view = _device_view(view, "the view")
        args = encode_arguments(view.shape, view.strides, int(view._typestr[2:]), view.ptr, view._typestr[1:], o)
        data_type, rank, dims, strides, box, elem = args
        drv = _utils.driver()
        device_id = _current_device_id(drv)
        _check_same_device(view, device_id, "the view")
        tensor_map = check(drv.cuTensorMapEncodeTiled(
            drv.CUtensorMapDataType(int(data_type)), rank, view.ptr, list(dims), list(strides), list(box),
            list(elem), drv.CUtensorMapInterleave(int(o.interleave)), drv.CUtensorMapSwizzle(int(o.swizzle)),
            drv.CUtensorMapL2promotion(int(o.l2_promotion)), drv.CUtensorMapFloatOOBfill(int(o.oob_fill))))
        self = object.__new__(cls)
        self._map = tensor_map
        self._view = view
        self._device_id = device_id
        self._summary = (tuple(view.shape), data_type.name, o.box_dim, o.swizzle.name)
        return self

    @property
    def device(self):
        """The Device that was current when the map was encoded (where it is meant to be used)."""
        if self._device_id is None:
            return None
        from ._device import Device

        return Device(self._device_id)

    def replace_address(self, tensor):
        """Point the map at ``tensor`` (a StridedMemoryView, or anything with DLPack or
        ``__cuda_array_interface__``): device memory, 16-byte aligned, laid out like the original."""
        view = _device_view(tensor, "tensor")
        if tuple(view.shape) != self._summary[0]:
            raise ValueError("tensor has shape %r, the tensor map %r" % (tuple(view.shape), self._summary[0]))
        _check_same_device(view, self._device_id, "tensor")
        check(_utils.driver().cuTensorMapReplaceAddress(self._map, view.ptr))
        self._view = view

    def getPtr(self):
        """Address of the 128-byte CUtensorMap (what a kernel argument of this map points to)."""
        return self._map.getPtr()

    def _bytes(self):
        """The 128 bytes of the map (16 little-endian 64-bit words)."""
        return b"".join(int(w).to_bytes(8, "little") for w in self._map.opaque)

    def __repr__(self):
        shape, dtype, box, swizzle = self._summary
        return ("<TensorMapDescriptor shape=%r data_type=%s box_dim=%r swizzle=%s address=0x%x>"
                % (shape, dtype, box, swizzle, self._view.ptr))


def _current_device_id(drv):
    err, dev = drv.cuCtxGetDevice()
    return None if err else int(dev)


def _check_same_device(view, device_id, what):
    """ValueError where ``view`` is memory of one GPU (DLPack kCUDA) other than ``device_id``, the one the map is
    for (pinned host and managed memory are reachable from every GPU)."""
    kind, view_device = view.__dlpack_device__()
    if kind == _dlpack.CUDA and device_id is not None and view_device != device_id:
        raise ValueError("%s is memory of device %d, but the tensor map is for device %d (the current one)"
                         % (what, view_device, device_id))
