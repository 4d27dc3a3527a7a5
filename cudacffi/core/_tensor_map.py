"""TensorMapDescriptor: the 128-byte ``CUtensorMap`` the TMA unit of sm_90+ GPUs reads, encoded by
``cuTensorMapEncodeTiled`` from a StridedMemoryView, and passed to ``launch()`` by value.

Every constraint the driver documents for a tiled map is checked here first, so that a wrong rank, box,
stride or alignment is a ValueError naming the field rather than the driver's bare CUDA_ERROR_INVALID_VALUE.
Dimensions are given in the view's (row-major) order, as shapes are; the driver's order (innermost first) is
this module's business.
"""

from __future__ import annotations

import enum
import operator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Optional, Tuple

from .. import _direct, driver as _cdriver
from . import _context, _dlpack, _registry, _utils
from ._memoryview import StridedMemoryView
from ._utils import check

if TYPE_CHECKING:
    from ._device import Device

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
# typestr ('<f4' without its byte order) -> data type: the numpy dtypes cuda.core maps
_BY_TYPESTR = {"u1": TensorMapDataType.UINT8, "u2": TensorMapDataType.UINT16, "u4": TensorMapDataType.UINT32,
               "i4": TensorMapDataType.INT32, "u8": TensorMapDataType.UINT64, "i8": TensorMapDataType.INT64,
               "f2": TensorMapDataType.FLOAT16, "f4": TensorMapDataType.FLOAT32, "f8": TensorMapDataType.FLOAT64}
_SUPPORTED = "[%s]" % ", ".join("dtype('%s')" % n for n in ("uint8", "uint16", "uint32", "int32", "uint64", "int64",
                                                             "float16", "float32", "float64"))


def _supported() -> str:
    """The dtypes a map takes, as the refusal lists them: numpy's, and ml_dtypes' bfloat16 where it is installed."""
    try:
        import ml_dtypes
        import numpy
    except ImportError:
        return _SUPPORTED
    return _SUPPORTED[:-1] + ", %r]" % numpy.dtype(ml_dtypes.bfloat16)


_SWIZZLE_SPAN = {TensorMapSwizzle.SWIZZLE_32B: 32, TensorMapSwizzle.SWIZZLE_64B: 64,
                 TensorMapSwizzle.SWIZZLE_128B: 128}


def _int_tuple(name: str, values: Iterable[Any]) -> Tuple[int, ...]:
    """``values`` (any iterable of ints, or of objects with ``__index__``) as a tuple of ints; TypeError naming
    ``name`` (and the bad item) otherwise."""
    try:
        values = tuple(values)
    except TypeError:
        raise TypeError("%s must be a tuple of ints, got %s" % (name, type(values))) from None
    out = []
    for i, v in enumerate(values):
        try:
            out.append(v if v.__class__ is int else operator.index(v))
        except TypeError:
            raise TypeError("%s[%d] must be an int, got %s" % (name, i, type(v))) from None
    return tuple(out)


def _enum(name: str, value: Any, enum_type: type) -> Any:
    if not isinstance(value, enum_type):
        raise TypeError("%s must be a %s, got %s" % (name, enum_type.__name__, type(value)))
    return value


def _data_type(value: Any) -> Any:
    """None, a TensorMapDataType (kept), or anything numpy takes as a dtype (a numpy dtype)."""
    if value is None or isinstance(value, TensorMapDataType):
        return value
    import numpy

    try:
        return numpy.dtype(value)
    except (TypeError, ValueError):  # (ValueError: a dict numpy reads as fields, a lone surrogate)
        raise TypeError("data_type must be a TensorMapDataType or a numpy/ml_dtypes dtype, got %s"
                        % type(value)) from None


def _resolve_data_type(data_type: Any, dtype_key: Optional[str]) -> TensorMapDataType:
    """The TensorMapDataType of an explicit ``data_type`` (TensorMapDataType or numpy dtype), else of the view's
    dtype (``dtype_key``: its typestr without byte order, None for a view without a dtype)."""
    if isinstance(data_type, TensorMapDataType):
        return data_type
    if data_type is not None:
        if data_type.name == "bfloat16":  # ml_dtypes'
            return TensorMapDataType.BFLOAT16
        t = _BY_TYPESTR.get(data_type.str[1:]) if data_type.kind in "iuf" else None
        if t is None:
            raise ValueError("Unsupported dtype %s for TMA; supported dtypes: %s." % (data_type, _supported()))
        return t
    if dtype_key is None:
        raise ValueError("Cannot infer TMA data type from the tensor; please specify data_type explicitly")
    if dtype_key == "bfloat16":
        return TensorMapDataType.BFLOAT16
    t = _BY_TYPESTR.get(dtype_key)
    if t is None:
        raise ValueError("Unsupported dtype %s for TMA; supported dtypes: %s. You may also specify data_type "
                         "explicitly." % (_dtype_name(dtype_key), _supported()))
    return t


def _dtype_name(dtype_key: str) -> str:
    """A view's dtype by numpy's name (``int8``), or its typestr where numpy is missing."""
    try:
        import numpy

        return numpy.dtype(dtype_key).name
    except (ImportError, TypeError):
        return dtype_key


@dataclass
class TensorMapDescriptorOptions:
    """Options for ``StridedMemoryView.as_tensor_map``: the tile (``box_dim``, in elements, in the shape's
    order), per-dimension ``element_strides`` (None: all 1), a ``data_type`` overriding the view's dtype (a
    numpy dtype-like, kept as a numpy dtype, or a TensorMapDataType), and the interleave, swizzle, L2 promotion
    and out-of-bounds fill modes (members of their enums)."""

    box_dim: Tuple[int, ...]
    element_strides: Optional[Tuple[int, ...]] = None
    data_type: Any = None
    interleave: TensorMapInterleave = TensorMapInterleave.NONE
    swizzle: TensorMapSwizzle = TensorMapSwizzle.NONE
    l2_promotion: TensorMapL2Promotion = TensorMapL2Promotion.NONE
    oob_fill: TensorMapOOBFill = TensorMapOOBFill.NONE

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __post_init__(self) -> None:
        self.box_dim = _int_tuple("box_dim", self.box_dim)
        if self.element_strides is not None:
            self.element_strides = _int_tuple("element_strides", self.element_strides)
        self.data_type = _data_type(self.data_type)
        self.interleave = _enum("interleave", self.interleave, TensorMapInterleave)
        self.swizzle = _enum("swizzle", self.swizzle, TensorMapSwizzle)
        self.l2_promotion = _enum("l2_promotion", self.l2_promotion, TensorMapL2Promotion)
        self.oob_fill = _enum("oob_fill", self.oob_fill, TensorMapOOBFill)


_MODES = ("interleave", "swizzle", "l2_promotion", "oob_fill")


def _options(box_dim: Any, options: Any, **settings: Any) -> TensorMapDescriptorOptions:
    """The TensorMapDescriptorOptions of an as_tensor_map() call: ``options`` alone, or box_dim and settings."""
    if options is not None:
        given = [k for k, v in settings.items() if v is not None and not (k in _MODES and v == 0)]
        if box_dim is not None or given:  # the modes at their NONE default count as not given, as in cuda.core
            raise TypeError("Specify either options or the individual tensor map arguments, not both")
        return _utils.check_or_create_options(TensorMapDescriptorOptions, options, "Tensor map descriptor options")
    if box_dim is None:
        raise TypeError("box_dim is required unless options is provided")
    return TensorMapDescriptorOptions(box_dim, **{k: v for k, v in settings.items() if v is not None})


def encode_arguments(shape: Tuple[int, ...], strides: Any, itemsize: int, ptr: int, dtype_key: Optional[str],
                     o: TensorMapDescriptorOptions) -> Tuple[Any, ...]:
    """The checked arguments of cuTensorMapEncodeTiled, in the driver's order (innermost dimension first):
    (data type, rank, global dims, global strides in bytes of dims 1.., box dims, element strides).
    ``strides`` in elements (None: C order); ``dtype_key`` the view's typestr without byte order (None: the
    view has no dtype). The checks come in cuda.core's order with its messages, then the driver's other rules."""
    data_type = _resolve_data_type(o.data_type, dtype_key)
    rank = len(shape)
    if not 1 <= rank <= 5:
        raise ValueError("Tensor rank must be between 1 and 5, got %d" % rank)
    box = o.box_dim
    if len(box) != rank:
        raise ValueError("box_dim must have %d elements (same as tensor rank), got %d" % (rank, len(box)))
    for i, b in enumerate(box):
        if not 1 <= b <= 256:
            raise ValueError("box_dim[%d] must be in [1, 256], got %d" % (i, b))
    elem = o.element_strides if o.element_strides is not None else (1,) * rank
    if len(elem) != rank:
        raise ValueError("element_strides must have %d elements, got %d" % (rank, len(elem)))
    for i, e in enumerate(elem):
        if not 1 <= e <= 8:
            raise ValueError("element_strides[%d] must be in [1, 8], got %d" % (i, e))
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
        raise ValueError("Global memory address must be %d-byte aligned, got address 0x%x" % (align, ptr))
    for s in byte_strides[:-1]:
        if s % align or not 0 < s < 1 << 40:
            raise ValueError("global strides must be positive multiples of %d bytes below 2**40, got %r bytes"
                             % (align, tuple(byte_strides)))
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


def _device_view(tensor: Any) -> StridedMemoryView:
    """A StridedMemoryView of ``tensor`` in memory the GPU reaches, with a 16-byte aligned pointer."""
    view = tensor if isinstance(tensor, StridedMemoryView) else StridedMemoryView.from_any_interface(tensor, -1)
    if not view.is_device_accessible:
        raise ValueError("The tensor must be device-accessible")
    if view.ptr % 16:
        raise ValueError("Global memory address must be 16-byte aligned, got address 0x%x" % view.ptr)
    return view


def _encode_tiled(drv: Any, tensor_map: Any, data_type: TensorMapDataType, rank: int, address: int,
                  dims: Tuple[int, ...], strides: Tuple[int, ...], box: Tuple[int, ...], elem: Tuple[int, ...],
                  o: TensorMapDescriptorOptions) -> None:
    """cuTensorMapEncodeTiled into ``tensor_map`` (64-byte aligned). ``strides`` has rank - 1 entries; a
    rank-1 map still gets a (never read) one-entry array rather than NULL."""
    enums = (int(o.interleave), int(o.swizzle), int(o.l2_promotion), int(o.oob_fill))
    if drv is not _cdriver:  # a stand-in driver module: its own call, the result copied into place
        m = check(drv.cuTensorMapEncodeTiled(
            drv.CUtensorMapDataType(int(data_type)), rank, address, list(dims), list(strides), list(box),
            list(elem), drv.CUtensorMapInterleave(enums[0]), drv.CUtensorMapSwizzle(enums[1]),
            drv.CUtensorMapL2promotion(enums[2]), drv.CUtensorMapFloatOOBfill(enums[3])))
        tensor_map.opaque = list(m.opaque)
        return
    new = _direct.driver_new
    c_strides = new("cuuint64_t[]", list(strides) or [max(16, -(-dims[0] * _SIZES[data_type] // 16) * 16)])
    r = _direct.driver_call("cuTensorMapEncodeTiled", tensor_map._ptr, int(data_type), rank, address,
                            new("cuuint64_t[]", list(dims)), c_strides, new("cuuint32_t[]", list(box)),
                            new("cuuint32_t[]", list(elem)), *enums)
    if r:
        check((drv.CUresult(r), None))


@_registry.provides  # StridedMemoryView.as_tensor_map makes one (the view's module sits below this one)
class TensorMapDescriptor:
    """A TMA tensor map (the driver's 128-byte ``CUtensorMap``) over a device array, made by
    ``StridedMemoryView.as_tensor_map``. Pass it to ``launch()`` for a ``const __grid_constant__ CUtensorMap``
    parameter: its 128 bytes are copied into the launch. It keeps the array's view alive."""

    __slots__ = ("_map", "_view", "_device_id", "_summary")

    def __reduce__(self) -> Any:
        raise TypeError("cannot pickle 'TensorMapDescriptor' object (it holds an address of this process)")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("TensorMapDescriptor cannot be instantiated directly. Use StridedMemoryView.as_tensor_map() "
                           "instead.")

    @classmethod
    def _from_tiled(cls, view: Any, box_dim: Any = None, *, options: Any = None, element_strides: Any = None,
                    data_type: Any = None, interleave: Any = None, swizzle: Any = None, l2_promotion: Any = None,
                    oob_fill: Any = None) -> "TensorMapDescriptor":
        o = _options(box_dim, options, element_strides=element_strides, data_type=data_type, interleave=interleave,
                     swizzle=swizzle, l2_promotion=l2_promotion, oob_fill=oob_fill)
        view = _device_view(view)
        drv = _utils.driver()
        device_id = _current_device_id(drv)
        _check_same_device(view, device_id, "TensorMapDescriptor._from_tiled")
        dtype_key = view._typestr[1:] if view._has_dtype is True else None
        if isinstance(view._has_dtype, tuple) and o.data_type is None:  # bfloat16 (with ml_dtypes), else raises
            dtype_key = view.dtype.name
        args = encode_arguments(view.shape, view.strides, int(view._typestr[2:]), view.ptr, dtype_key, o)
        data_type, rank, dims, strides, box, elem = args
        tensor_map = _direct.aligned_tensor_map(_cdriver.CUtensorMap) if drv is _cdriver else drv.CUtensorMap()
        _encode_tiled(drv, tensor_map, data_type, rank, view.ptr, dims, strides, box, elem, o)
        self = object.__new__(cls)
        self._map = tensor_map
        self._view = view
        self._device_id = device_id
        self._summary = (tuple(view.shape), data_type, rank, o.swizzle)
        return self

    @property
    def device(self) -> Optional["Device"]:
        """The Device that was current when the map was encoded (where it is meant to be used)."""
        if self._device_id is None:
            return None
        return _context.device(self._device_id)

    def replace_address(self, tensor: Any) -> None:
        """Point the map at ``tensor`` (a StridedMemoryView, or anything with DLPack or
        ``__cuda_array_interface__``): device memory, 16-byte aligned; beyond cuda.core, of the original's shape."""
        view = _device_view(tensor)
        _check_same_device(view, self._device_id, "replace_address")
        if tuple(view.shape) != self._summary[0]:
            raise ValueError("tensor has shape %r, the tensor map %r" % (tuple(view.shape), self._summary[0]))
        check(_utils.driver().cuTensorMapReplaceAddress(self._map, view.ptr))
        self._view = view

    def getPtr(self) -> int:
        """Address of the 128-byte CUtensorMap (what a kernel argument of this map points to)."""
        return self._map.getPtr()

    def _bytes(self) -> bytes:
        """The 128 bytes of the map (16 little-endian 64-bit words)."""
        return b"".join(int(w).to_bytes(8, "little") for w in self._map.opaque)

    def __repr__(self) -> str:
        _, data_type, rank, swizzle = self._summary
        return "TensorMapDescriptor(tiled, rank=%d, dtype=%s, swizzle=%s)" % (rank, data_type.name, swizzle.name)


def _current_device_id(drv: Any) -> int:
    err, dev = drv.cuCtxGetDevice()
    if err:
        raise RuntimeError("TensorMapDescriptor requires an active CUDA context")
    return int(dev)


def _check_same_device(view: StridedMemoryView, device_id: Optional[int], operation: str) -> None:
    """ValueError where ``view`` is memory of one GPU (DLPack kCUDA) other than ``device_id``, the one the map is
    for (pinned host and managed memory are reachable from every GPU)."""
    kind, view_device = view.__dlpack_device__()
    if kind == _dlpack.CUDA and device_id is not None and view_device != device_id:
        raise ValueError("%s expects tensor on device %d, got %d" % (operation, device_id, view_device))
