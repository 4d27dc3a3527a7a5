"""ResourceDescriptor: the memory a texture or surface reads (``CUDA_RESOURCE_DESC``): an OpaqueArray, a
MipmappedArray, a Buffer read as a 1D typed array (linear) or a Buffer read as a 2D image with a row pitch."""

from __future__ import annotations

from typing import Any, Optional, Tuple, Union

from .. import _utils
from .._memory import Buffer
from ..typing import ArrayFormatType
from ._arrays import MipmappedArray, OpaqueArray
from ._checks import as_int, channels, cu_format, element_bytes, format_of
from ._handle import Owned

__all__ = ["ResourceDescriptor"]


class ResourceDescriptor:
    """The memory behind a texture or surface (``CUDA_RESOURCE_DESC``). Make one with ``from_opaque_array``,
    ``from_mipmapped_array`` (textures only), ``from_linear`` (a Buffer read as a 1D typed array, textures
    only) or ``from_pitch2d`` (a Buffer read as a 2D image with a row pitch, textures only)."""

    __slots__ = ("_kind", "_source", "_format", "_num_channels", "_size_bytes", "_width", "_height", "_pitch_bytes")

    def __init__(self) -> None:
        raise RuntimeError("ResourceDescriptor cannot be instantiated directly: use ResourceDescriptor.from_*()")

    @classmethod
    def _make(cls, kind: str, source: Any, fmt: Optional[ArrayFormatType] = None, num_channels: Optional[int] = None,
              size_bytes: Optional[int] = None, width: Optional[int] = None, height: Optional[int] = None,
              pitch: Optional[int] = None) -> "ResourceDescriptor":
        self = object.__new__(cls)
        self._kind, self._source = kind, source
        self._format, self._num_channels, self._size_bytes = fmt, num_channels, size_bytes
        self._width, self._height, self._pitch_bytes = width, height, pitch
        return self

    @classmethod
    def from_opaque_array(cls, array: OpaqueArray) -> "ResourceDescriptor":
        if not isinstance(array, OpaqueArray):
            raise TypeError("array must be an OpaqueArray, not %s" % type(array).__name__)
        array._live_owner()
        return cls._make("array", array)

    @classmethod
    def from_mipmapped_array(cls, mipmapped_array: MipmappedArray) -> "ResourceDescriptor":
        if not isinstance(mipmapped_array, MipmappedArray):
            raise TypeError("mipmapped_array must be a MipmappedArray, not %s" % type(mipmapped_array).__name__)
        mipmapped_array._live_owner()
        return cls._make("mipmapped_array", mipmapped_array)

    @classmethod
    def from_linear(cls, buffer: Buffer, *, format: Any, num_channels: int,
                    size_bytes: Optional[int] = None) -> "ResourceDescriptor":
        """``size_bytes`` of ``buffer`` (all of it by default) as a 1D array of ``format`` x ``num_channels``."""
        _check_buffer(buffer)
        fmt = format_of(format)
        count = channels(num_channels)
        element = element_bytes(fmt, count)
        size = buffer.size if size_bytes is None else as_int("size_bytes", size_bytes, 0)
        if size > buffer.size:
            raise ValueError("size_bytes (%d) exceeds buffer.size (%d)" % (size, buffer.size))
        if size < element:
            raise ValueError("size_bytes (%d) must be at least one element (%d bytes)" % (size, element))
        if size % element:
            raise ValueError("size_bytes (%d) must be a multiple of the element size (%d bytes for %s x %d)"
                             % (size, element, fmt.value, count))
        return cls._make("linear", buffer, fmt, count, size_bytes=size)

    @classmethod
    def from_pitch2d(cls, buffer: Buffer, *, format: Any, num_channels: int, width: int, height: int,
                     pitch_bytes: int) -> "ResourceDescriptor":
        """``buffer`` as a ``width`` x ``height`` image of ``format`` x ``num_channels`` whose rows start
        ``pitch_bytes`` apart (a multiple of the device's texture pitch alignment, checked by the driver)."""
        _check_buffer(buffer)
        fmt = format_of(format)
        count = channels(num_channels)
        width = as_int("width", width, 1)
        height = as_int("height", height, 1)
        pitch = as_int("pitch_bytes", pitch_bytes, 1)
        row = width * element_bytes(fmt, count)
        if pitch < row:
            raise ValueError("pitch_bytes (%d) must be >= width * element_bytes (%d)" % (pitch, row))
        if pitch * height > buffer.size:
            raise ValueError("pitch_bytes * height (%d) exceeds buffer.size (%d)" % (pitch * height, buffer.size))
        return cls._make("pitch2d", buffer, fmt, count, width=width, height=height, pitch=pitch)

    @property
    def kind(self) -> str:
        """'array', 'mipmapped_array', 'linear' or 'pitch2d'"""
        return self._kind

    @property
    def source(self) -> Union[OpaqueArray, MipmappedArray, Buffer]:
        """The OpaqueArray, MipmappedArray or Buffer described"""
        return self._source

    @property
    def format(self) -> Optional[ArrayFormatType]:
        """ArrayFormatType of a linear or pitch2d resource (else None)"""
        return self._format

    @property
    def num_channels(self) -> Optional[int]:
        """Channels of a linear or pitch2d resource"""
        return self._num_channels

    @property
    def size_bytes(self) -> Optional[int]:
        """Bytes bound by a linear resource (else None)"""
        return self._size_bytes

    @property
    def width(self) -> Optional[int]:
        """Width in elements of a pitch2d resource (else None)"""
        return self._width

    @property
    def height(self) -> Optional[int]:
        """Height in rows of a pitch2d resource (else None)"""
        return self._height

    @property
    def pitch_bytes(self) -> Optional[int]:
        """Row pitch of a pitch2d resource (else None)"""
        return self._pitch_bytes

    def _native(self) -> Tuple[Any, Tuple[Owned, ...]]:
        """(CUDA_RESOURCE_DESC, Owned references to hold): raises where the source is closed."""
        drv = _utils.driver()
        desc = drv.CUDA_RESOURCE_DESC()
        types = drv.CUresourcetype
        src = self._source
        if self._kind == "array":
            owner = src._live_owner()
            desc.resType = types.CU_RESOURCE_TYPE_ARRAY
            desc.res.array.hArray = owner.handle
            return desc, (owner,) + tuple(src._deps)
        if self._kind == "mipmapped_array":
            owner = src._live_owner()
            desc.resType = types.CU_RESOURCE_TYPE_MIPMAPPED_ARRAY
            desc.res.mipmap.hMipmappedArray = owner.handle
            return desc, (owner,)
        ptr = src._live()
        if self._kind == "linear":
            desc.resType = types.CU_RESOURCE_TYPE_LINEAR
            lin = desc.res.linear
            lin.devPtr, lin.format, lin.numChannels = ptr, cu_format(self._format), self._num_channels
            lin.sizeInBytes = self._size_bytes
        else:
            desc.resType = types.CU_RESOURCE_TYPE_PITCH2D
            p2d = desc.res.pitch2D
            p2d.devPtr, p2d.format, p2d.numChannels = ptr, cu_format(self._format), self._num_channels
            p2d.width, p2d.height, p2d.pitchInBytes = self._width, self._height, self._pitch_bytes
        return desc, ()

    def __repr__(self) -> str:
        if self._kind == "linear":
            return "ResourceDescriptor(kind='linear', format=%s, num_channels=%d, size_bytes=%d)" % (
                self._format.name, self._num_channels, self._size_bytes)
        if self._kind == "pitch2d":
            return ("ResourceDescriptor(kind='pitch2d', format=%s, num_channels=%d, width=%d, height=%d, "
                    "pitch_bytes=%d)" % (self._format.name, self._num_channels, self._width, self._height,
                                         self._pitch_bytes))
        return "ResourceDescriptor(kind=%r)" % (self._kind,)


def _check_buffer(buffer: Any) -> None:
    if not isinstance(buffer, Buffer):
        raise TypeError("buffer must be a Buffer, not %s" % type(buffer).__name__)
    buffer._live()
