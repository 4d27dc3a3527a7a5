"""CUDA arrays: OpaqueArray (``CUarray``: texels laid out by the driver, no device pointer; whole-array copies from
and to Buffers and host memory) and MipmappedArray (``CUmipmappedArray``: levels of halving extents, each an
OpaqueArray view that keeps the mipmap alive)."""

from __future__ import annotations

from typing import Any, Sequence, Tuple

from .. import _utils
from .._memory import Buffer, host_view
from .._stream import stream_handle
from .._utils import check
from ..typing import ArrayFormatType
from ._checks import as_int, cu_format, element_bytes
from ._handle import Handle, Owned, not_direct
from ._options import MipmappedArrayOptions, OpaqueArrayOptions

__all__ = ["MipmappedArray", "OpaqueArray"]

_SURFACE_LDST = 0x02  # CUDA_ARRAY3D_SURFACE_LDST


class _Array(Handle):
    """What an OpaqueArray and a MipmappedArray share: the driver handle and the texel layout they were made
    with (``_shape``, ``_format``, ``_num_channels``, ``_surface``)."""

    __slots__ = ()
    _shape: Tuple[int, ...]
    _format: ArrayFormatType
    _num_channels: int
    _surface: bool

    @property
    def handle(self) -> int:
        """The driver handle (``CUarray`` / ``CUmipmappedArray``) as an int; 0 once closed."""
        owner = self._owner
        return 0 if owner is None else int(owner.handle)

    @property
    def shape(self) -> Tuple[int, ...]:
        """Extents (of level 0, for a MipmappedArray)."""
        return self._shape

    @property
    def format(self) -> ArrayFormatType:
        return self._format

    @property
    def num_channels(self) -> int:
        return self._num_channels

    @property
    def is_surface_load_store(self) -> bool:
        return self._surface


class OpaqueArray(_Array):
    """A CUDA array (``CUarray``): texels laid out by the driver for 2D/3D locality, with no device pointer.
    Reach it from kernels through a TextureObject or SurfaceObject; move data with ``copy_from`` /
    ``copy_to``. Make one with ``Device.create_opaque_array`` (or ``MipmappedArray.get_level``)."""

    __slots__ = ("_owner", "_deps", "_shape", "_format", "_num_channels", "_surface", "_device_id", "__weakref__")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        not_direct("OpaqueArray", "create_opaque_array")

    @classmethod
    def _make(cls, owner: Owned, shape: Tuple[int, ...], fmt: ArrayFormatType, num_channels: int, surface: bool,
              device_id: int, deps: Sequence[Owned] = ()) -> "OpaqueArray":
        self = object.__new__(cls)
        self._owner = owner
        self._deps = deps
        self._shape, self._format, self._num_channels = shape, fmt, num_channels
        self._surface = surface
        self._device_id = device_id
        return self

    @classmethod
    def _create(cls, device_id: int, options: OpaqueArrayOptions) -> "OpaqueArray":
        if not isinstance(options, OpaqueArrayOptions):
            raise TypeError("options must be an OpaqueArrayOptions, not %s" % type(options).__name__)
        options.__post_init__()  # fields may have been changed since: check them again
        desc = _descriptor(options)
        handle = check(_utils.driver().cuArray3DCreate(desc))
        return cls._make(Owned(handle, "cuArrayDestroy"), options.shape, options.format,  # type: ignore[arg-type]
                         options.num_channels, options.is_surface_load_store, device_id)

    @property
    def element_bytes(self) -> int:
        """Bytes per element: the format's size times the channels."""
        return element_bytes(self._format, self._num_channels)

    @property
    def size_bytes(self) -> int:
        """Bytes of the whole array (the product of the shape times ``element_bytes``)."""
        n = self.element_bytes
        for extent in self._shape:
            n *= extent
        return n

    def _extent(self) -> Tuple[int, int, int]:
        """(row bytes, height, depth) of the array with absent extents as 1: what a full copy moves."""
        shape = self._shape + (1,) * (3 - len(self._shape))
        return shape[0] * self.element_bytes, shape[1], shape[2]

    def copy_from(self, src: Any, *, stream: Any) -> None:
        """Fill the whole array from ``src``: a Buffer or a C-contiguous host buffer (numpy array, bytes) of at
        least ``size_bytes`` bytes, rows packed (width first), queued on ``stream``."""
        self._copy(src, stream, to_array=True)

    def copy_to(self, dst: Any, *, stream: Any) -> Any:
        """Copy the whole array into ``dst`` (a Buffer or a writable C-contiguous host buffer of at least
        ``size_bytes`` bytes) on ``stream``; returns ``dst``. Host memory holds the data once the stream has
        reached the copy (``stream.sync()``)."""
        self._copy(dst, stream, to_array=False)
        return dst

    def _copy(self, other: Any, stream: Any, to_array: bool) -> None:
        owner = self._live_owner()
        what = "src" if to_array else "dst"
        h = stream_handle(stream, "stream")
        drv = _utils.driver()
        p = drv.CUDA_MEMCPY3D()
        width_bytes, height, depth = self._extent()
        p.WidthInBytes, p.Height, p.Depth = width_bytes, height, depth
        kinds = drv.CUmemorytype
        if isinstance(other, Buffer):
            ptr = other._live()
            if other.size < self.size_bytes:
                raise ValueError("%s (a Buffer of %d bytes) is smaller than the array (%d bytes)"
                                 % (what, other.size, self.size_bytes))
            kind, field, value = kinds.CU_MEMORYTYPE_UNIFIED, "Device", ptr
        else:
            view = host_view(other, what, writable=not to_array)
            if view.nbytes < self.size_bytes:
                raise ValueError("%s has %d bytes, fewer than the array's %d" % (what, view.nbytes, self.size_bytes))
            kind, field, value = kinds.CU_MEMORYTYPE_HOST, "Host", view
        side = "src" if to_array else "dst"
        setattr(p, side + "MemoryType", kind)
        setattr(p, side + field, value)
        setattr(p, side + "Pitch", width_bytes)
        setattr(p, side + "Height", height)
        array_side = "dst" if to_array else "src"
        setattr(p, array_side + "MemoryType", kinds.CU_MEMORYTYPE_ARRAY)
        setattr(p, array_side + "Array", owner.handle)
        check(drv.cuMemcpy3DAsync(p, h))

    def __repr__(self) -> str:
        return "OpaqueArray(shape=%r, format=%s, num_channels=%d)" % (self._shape, self._format.name,
                                                                       self._num_channels)


def _descriptor(options: Any) -> Any:
    """The CUDA_ARRAY3D_DESCRIPTOR of array (or level-0 mipmap) options."""
    desc = _utils.driver().CUDA_ARRAY3D_DESCRIPTOR()
    shape = options.shape + (0,) * (3 - len(options.shape))  # absent extents are 0 for the driver
    desc.Width, desc.Height, desc.Depth = shape
    desc.Format = cu_format(options.format)
    desc.NumChannels = options.num_channels
    desc.Flags = _SURFACE_LDST if options.is_surface_load_store else 0
    return desc


class MipmappedArray(_Array):
    """A mipmapped CUDA array (``CUmipmappedArray``): ``num_levels`` arrays, each half the previous one's
    extents. Sample it through a TextureObject; ``get_level`` gives one level as an OpaqueArray."""

    __slots__ = ("_owner", "_deps", "_shape", "_format", "_num_channels", "_num_levels", "_surface", "_device_id",
                 "__weakref__")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        not_direct("MipmappedArray", "create_mipmapped_array")

    @classmethod
    def _create(cls, device_id: int, options: MipmappedArrayOptions) -> "MipmappedArray":
        if not isinstance(options, MipmappedArrayOptions):
            raise TypeError("options must be a MipmappedArrayOptions, not %s" % type(options).__name__)
        options.__post_init__()
        handle = check(_utils.driver().cuMipmappedArrayCreate(_descriptor(options), options.num_levels))
        self = object.__new__(cls)
        self._owner = Owned(handle, "cuMipmappedArrayDestroy")
        self._deps = ()
        self._shape, self._format, self._num_channels = options.shape, options.format, options.num_channels
        self._num_levels = options.num_levels
        self._surface = options.is_surface_load_store
        self._device_id = device_id
        return self

    @property
    def num_levels(self) -> int:
        return self._num_levels

    def level_shape(self, level: int) -> Tuple[int, ...]:
        """Extents of ``level``: each of level 0's halved ``level`` times, never below 1."""
        level = as_int("level", level, 0, self._num_levels - 1)
        return tuple(max(1, extent >> level) for extent in self._shape)

    def get_level(self, level: int) -> OpaqueArray:
        """Level ``level`` (in [0, num_levels)) as an OpaqueArray that keeps this mipmap's memory alive."""
        owner = self._live_owner()
        shape = self.level_shape(level)
        handle = check(_utils.driver().cuMipmappedArrayGetLevel(owner.handle, level))
        return OpaqueArray._make(Owned(handle, None), shape, self._format, self._num_channels, self._surface,
                                 self._device_id, deps=(owner.acquire(),))

    def __repr__(self) -> str:
        return "MipmappedArray(shape=%r, format=%s, num_channels=%d, num_levels=%d)" % (
            self._shape, self._format.name, self._num_channels, self._num_levels)
