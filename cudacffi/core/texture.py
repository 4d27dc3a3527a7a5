"""Textures and surfaces (``cudacffi.core.texture``): opaque CUDA arrays, mipmapped arrays, the resource
descriptors that point a texture or surface at memory, and the bindless texture and surface objects.

    from cudacffi.core.texture import OpaqueArrayOptions, ResourceDescriptor, TextureObjectOptions

    arr = dev.create_opaque_array(OpaqueArrayOptions((width, height), "float32", 1))
    arr.copy_from(host_image, stream=s)
    tex = dev.create_texture_object(resource=ResourceDescriptor.from_opaque_array(arr),
                                    options=TextureObjectOptions(filter_mode="linear"))
    launch(s, config, kernel, tex, out)        # a TextureObject packs as its 64-bit handle

Shapes are ``(width,)``, ``(width, height)`` or ``(width, height, depth)`` in elements: a C-ordered numpy
image of shape ``(height, width)`` fills an array of shape ``(width, height)``. Formats are named by
``ArrayFormatType`` members, their string values (``"float32"``), numpy dtypes or the driver's
``CUarray_format`` members; sampling modes by their enum members or string values.

Every object here owns its driver handle and releases it on ``close()`` (or when collected). A texture,
surface or mip-level view holds a reference on the memory it reads, so the memory is freed only once the
last of them is closed, whatever the order. Validation happens when options are made and names the field.
"""

import operator
from dataclasses import dataclass
from typing import Optional, Tuple, Union

from .. import _params
from . import _release, _utils
from ._utils import check
from .typing import AddressModeType, ArrayFormatType, FilterModeType, ReadModeType  # noqa: F401 (also here)

# The enumerations live in cudacffi.core.typing, as cuda.core's do; they stay importable from here too.
__all__ = ["MipmappedArray", "MipmappedArrayOptions", "OpaqueArray", "OpaqueArrayOptions", "ResourceDescriptor",
           "SurfaceObject", "TextureObject", "TextureObjectOptions"]


# (CUarray_format member name, bytes per channel) of each format
_FORMATS = {
    ArrayFormatType.UINT8: ("CU_AD_FORMAT_UNSIGNED_INT8", 1),
    ArrayFormatType.UINT16: ("CU_AD_FORMAT_UNSIGNED_INT16", 2),
    ArrayFormatType.UINT32: ("CU_AD_FORMAT_UNSIGNED_INT32", 4),
    ArrayFormatType.INT8: ("CU_AD_FORMAT_SIGNED_INT8", 1),
    ArrayFormatType.INT16: ("CU_AD_FORMAT_SIGNED_INT16", 2),
    ArrayFormatType.INT32: ("CU_AD_FORMAT_SIGNED_INT32", 4),
    ArrayFormatType.FLOAT16: ("CU_AD_FORMAT_HALF", 2),
    ArrayFormatType.FLOAT32: ("CU_AD_FORMAT_FLOAT", 4),
}
_BY_CU_NAME = {cu: fmt for fmt, (cu, _) in _FORMATS.items()}
_CHANNELS = (1, 2, 4)
_SURFACE_LDST = 0x02  # CUDA_ARRAY3D_SURFACE_LDST
_TRSF_READ_AS_INTEGER = 0x01
_TRSF_NORMALIZED_COORDINATES = 0x02
_TRSF_SRGB = 0x10
_TRSF_DISABLE_TRILINEAR_OPTIMIZATION = 0x20
_TRSF_SEAMLESS_CUBEMAP = 0x40
_MAX_EXTENT = (1 << 63) - 1


# -- validation shared by the options classes and the descriptors -------------------------------------------------

def _choices(enum_type):
    return ", ".join(repr(m.value) for m in enum_type)


def _enum_value(what, value, enum_type, driver_enum=None):
    """``value`` (a member, its string value, or a member of the driver's matching enum) as an ``enum_type``."""
    if isinstance(value, enum_type):
        return value
    if isinstance(value, str):
        for member in enum_type:
            if member.value == value:
                return member
        raise ValueError("%s must be a %s or one of %s, got %r" % (what, enum_type.__name__, _choices(enum_type),
                                                                   value))
    name = getattr(value, "name", None)
    if driver_enum is not None and type(value).__name__ == driver_enum and isinstance(name, str):
        suffix = name.rsplit("_MODE_", 1)[-1].lower()
        for member in enum_type:
            if member.value == suffix:
                return member
    raise TypeError("%s must be a %s or one of %s, not %s" % (what, enum_type.__name__, _choices(enum_type),
                                                              type(value).__name__))


def _format(value, what="format"):
    """``value`` as an ArrayFormatType: a member, its string value, a numpy dtype (or type), or a driver
    ``CUarray_format`` member of the eight plain formats."""
    if isinstance(value, ArrayFormatType):
        return value
    if isinstance(value, str):
        return _enum_value(what, value, ArrayFormatType)
    if type(value).__name__ == "CUarray_format":
        fmt = _BY_CU_NAME.get(getattr(value, "name", None))
        if fmt is None:
            raise ValueError("%s %r has no ArrayFormatType (supported: %s)" % (what, value, _choices(ArrayFormatType)))
        return fmt
    if value is None or isinstance(value, (bool, int, float, bytes, bytearray)):
        raise TypeError("%s must be an ArrayFormatType, a str (%s) or a numpy dtype, not %s"
                        % (what, _choices(ArrayFormatType), type(value).__name__))
    try:
        import numpy
    except ImportError:
        numpy = None
    if numpy is None:
        raise TypeError("%s must be an ArrayFormatType or a str (%s): %s needs numpy"
                        % (what, _choices(ArrayFormatType), type(value).__name__))
    try:
        dtype = numpy.dtype(value)
    except (TypeError, ValueError):  # (ValueError: a dict or tuple numpy reads as fields, a lone surrogate)
        raise TypeError("%s must be an ArrayFormatType, a str (%s) or a numpy dtype, not %s"
                        % (what, _choices(ArrayFormatType), type(value).__name__)) from None
    for member in ArrayFormatType:
        if member.value == dtype.name and dtype.isnative:
            return member
    raise ValueError("%s: numpy dtype %s has no ArrayFormatType (supported: %s)"
                     % (what, dtype, _choices(ArrayFormatType)))


def _int(what, value, low, high=_MAX_EXTENT):
    """``value`` as an int in [low, high]: TypeError for a non-integer (bool included), ValueError outside."""
    if isinstance(value, bool):
        raise TypeError("%s must be an int, not bool" % what)
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__)) from None
    if not low <= value <= high:
        raise ValueError("%s must be within [%d, %d], got %d" % (what, low, high, value))
    return value


def _bool(what, value):
    """A bool, or an int 0 / 1 as one (anything else is likely a mistake: TypeError)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise TypeError("%s must be a bool, not %r" % (what, value))


def _float(what, value):
    if isinstance(value, (bool, str, bytes)) or not hasattr(value, "__float__"):
        raise TypeError("%s must be a float, not %s" % (what, type(value).__name__))
    try:
        return float(value)
    except TypeError:  # a __float__ that gives no float (a numpy array of several elements)
        raise TypeError("%s must be a float, not %s" % (what, type(value).__name__)) from None


def _channels(value):
    if isinstance(value, bool) or not isinstance(value, int) and not hasattr(value, "__index__"):
        raise TypeError("num_channels must be an int (1, 2 or 4), not %s" % type(value).__name__)
    try:
        value = operator.index(value)
    except TypeError:  # an __index__ that gives no int
        raise TypeError("num_channels must be an int (1, 2 or 4), not %s" % type(value).__name__) from None
    if value not in _CHANNELS:
        raise ValueError("num_channels must be 1, 2, or 4, got %d" % value)
    return value


def _shape(value):
    """``value`` (a tuple or list of 1 to 3 ints >= 1) as a tuple."""
    if not isinstance(value, (tuple, list)):
        raise TypeError("shape must be a tuple of 1 to 3 ints (width, height, depth), not %s" % type(value).__name__)
    if not 1 <= len(value) <= 3:
        raise ValueError("shape must have 1, 2 or 3 extents (width, height, depth), got %d" % len(value))
    return tuple(_int("shape[%d]" % i, v, 1) for i, v in enumerate(value))


def _element_bytes(fmt, num_channels):
    return _FORMATS[fmt][1] * num_channels


def _cu_format(fmt):
    return getattr(_utils.driver().CUarray_format, _FORMATS[fmt][0])


# -- options ------------------------------------------------------------------------------------------------------

@dataclass
class OpaqueArrayOptions:
    """What ``Device.create_opaque_array`` allocates: ``shape`` (1 to 3 extents in elements, width first),
    ``format`` (ArrayFormatType, its string value or a numpy dtype), ``num_channels`` (1, 2 or 4) and
    ``is_surface_load_store`` (allocate so that a SurfaceObject can write it)."""

    shape: Tuple[int, ...]
    format: object
    num_channels: int
    is_surface_load_store: bool = False

    def __post_init__(self):
        self.shape = _shape(self.shape)
        self.format = _format(self.format)
        self.num_channels = _channels(self.num_channels)
        self.is_surface_load_store = _bool("is_surface_load_store", self.is_surface_load_store)


@dataclass
class MipmappedArrayOptions:
    """What ``Device.create_mipmapped_array`` allocates: as OpaqueArrayOptions for level 0, plus
    ``num_levels`` (1 to 1 + log2 of the largest extent; each level halves every extent, down to 1)."""

    shape: Tuple[int, ...]
    format: object
    num_channels: int
    num_levels: int
    is_surface_load_store: bool = False

    def __post_init__(self):
        self.shape = _shape(self.shape)
        self.format = _format(self.format)
        self.num_channels = _channels(self.num_channels)
        self.num_levels = _int("num_levels", self.num_levels, 1, max(self.shape).bit_length())
        self.is_surface_load_store = _bool("is_surface_load_store", self.is_surface_load_store)


_AddressMode = Union[AddressModeType, str]


@dataclass
class TextureObjectOptions:
    """How a TextureObject samples (``CUDA_TEXTURE_DESC``).

    ``address_mode``: one mode for every axis or a tuple of 1 to 3 (x, y, z; missing axes clamp);
    ``filter_mode`` / ``mipmap_filter_mode``: point or linear; ``read_mode``: element_type or
    normalized_float; ``normalized_coords``: coordinates in [0, 1) instead of texels; ``srgb``,
    ``disable_trilinear_optimization``, ``seamless_cubemap``: the matching CU_TRSF flags;
    ``max_anisotropy``: 0 (off) to 16; ``mipmap_level_bias``, ``min_mipmap_level_clamp``,
    ``max_mipmap_level_clamp``: floats; ``border_color``: 4 floats read outside a border-mode image
    (None: zeros). Modes take their enum members, their string values or the driver's enum members."""

    address_mode: Union[_AddressMode, Tuple[_AddressMode, ...]] = AddressModeType.CLAMP
    filter_mode: Union[FilterModeType, str] = FilterModeType.POINT
    read_mode: Union[ReadModeType, str] = ReadModeType.ELEMENT_TYPE
    normalized_coords: bool = False
    srgb: bool = False
    disable_trilinear_optimization: bool = False
    seamless_cubemap: bool = False
    max_anisotropy: int = 0
    mipmap_filter_mode: Union[FilterModeType, str] = FilterModeType.POINT
    mipmap_level_bias: float = 0.0
    min_mipmap_level_clamp: float = 0.0
    max_mipmap_level_clamp: float = 0.0
    border_color: Optional[Tuple[float, ...]] = None

    def __post_init__(self):
        self.address_mode = _address_modes(self.address_mode)
        self.filter_mode = _enum_value("filter_mode", self.filter_mode, FilterModeType, "CUfilter_mode")
        self.read_mode = _enum_value("read_mode", self.read_mode, ReadModeType)
        self.mipmap_filter_mode = _enum_value("mipmap_filter_mode", self.mipmap_filter_mode, FilterModeType,
                                              "CUfilter_mode")
        for name in ("normalized_coords", "srgb", "disable_trilinear_optimization", "seamless_cubemap"):
            setattr(self, name, _bool(name, getattr(self, name)))
        self.max_anisotropy = _int("max_anisotropy", self.max_anisotropy, 0, 16)
        for name in ("mipmap_level_bias", "min_mipmap_level_clamp", "max_mipmap_level_clamp"):
            setattr(self, name, _float(name, getattr(self, name)))
        if self.border_color is not None:
            color = self.border_color
            if not isinstance(color, (tuple, list)) or len(color) != 4:
                raise ValueError("border_color must be None or 4 floats (r, g, b, a), got %r" % (color,))
            self.border_color = tuple(_float("border_color[%d]" % i, c) for i, c in enumerate(color))


def _address_modes(value):
    """One AddressModeType, or a tuple of 1 to 3 of them."""
    if isinstance(value, (tuple, list)):
        if not 1 <= len(value) <= 3:
            raise ValueError("address_mode must be one mode or a tuple of 1 to 3 modes (x, y, z), got %d"
                             % len(value))
        return tuple(_enum_value("address_mode[%d]" % i, v, AddressModeType, "CUaddress_mode")
                     for i, v in enumerate(value))
    return _enum_value("address_mode", value, AddressModeType, "CUaddress_mode")


# -- lifetime: a counted reference on each driver handle -----------------------------------------------------------

class _Owned:
    """A driver handle destroyed when its last holder lets go (``acquire`` / ``release``): an array outlives
    its own ``close()`` while a texture, surface or level view still reads it."""

    __slots__ = ("handle", "_destroy", "_refs", "__weakref__")

    def __init__(self, handle, destroy):
        self.handle = handle
        self._destroy = destroy  # name of the driver function that frees the handle, or None
        self._refs = 1

    def acquire(self):
        self._refs += 1
        return self

    def release(self):
        self._refs -= 1
        if self._refs == 0 and self._destroy is not None:
            destroy, self._destroy = self._destroy, None
            check(getattr(_utils.driver(), destroy)(self.handle))


def _release_owned(owner, deps):
    """What ``_Handle.close()`` releases, for a collected one."""
    try:
        owner.release()
    finally:
        for dep in deps:
            dep.release()


class _Handle:
    """Shared by the wrappers here: an _Owned reference, released once by close(), __exit__ or collection."""

    __slots__ = ()
    _kind = "object"

    def _live_owner(self):
        owner = self._owner
        if owner is None:
            raise RuntimeError("%s has been closed" % type(self).__name__)
        return owner

    @property
    def is_closed(self):
        return self._owner is None

    def close(self):
        """Let go of the handle (idempotent); the driver frees it once nothing else holds it."""
        owner, self._owner = self._owner, None
        deps, self._deps = self._deps, ()
        try:
            if owner is not None:
                owner.release()
        finally:
            for dep in deps:
                dep.release()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        self.close()

    def __reduce__(self):
        raise TypeError("cannot pickle %r object (it owns a driver handle of this process)" % type(self).__name__)

    def __del__(self, _defer=_release.defer):  # a finalizer only queues (see _release)
        owner = getattr(self, "_owner", None)
        if owner is not None:
            deps = self._deps
            self._owner, self._deps = None, ()
            _defer(_release_owned, owner, deps)

    @property
    def device(self):
        from ._device import Device

        return Device(self._device_id)


def _not_direct(cls, factory):
    raise RuntimeError("%s cannot be instantiated directly: use Device.%s()" % (cls, factory))


# -- arrays -------------------------------------------------------------------------------------------------------

class _Array(_Handle):
    """What an OpaqueArray and a MipmappedArray share: the driver handle and the texel layout they were made
    with (``_shape``, ``_format``, ``_num_channels``, ``_surface``)."""

    __slots__ = ()

    @property
    def handle(self):
        """The driver handle (``CUarray`` / ``CUmipmappedArray``) as an int; 0 once closed."""
        owner = self._owner
        return 0 if owner is None else int(owner.handle)

    @property
    def shape(self):
        """Extents (of level 0, for a MipmappedArray)."""
        return self._shape

    @property
    def format(self):
        return self._format

    @property
    def num_channels(self):
        return self._num_channels

    @property
    def is_surface_load_store(self):
        return self._surface


class OpaqueArray(_Array):
    """A CUDA array (``CUarray``): texels laid out by the driver for 2D/3D locality, with no device pointer.
    Reach it from kernels through a TextureObject or SurfaceObject; move data with ``copy_from`` /
    ``copy_to``. Make one with ``Device.create_opaque_array`` (or ``MipmappedArray.get_level``)."""

    __slots__ = ("_owner", "_deps", "_shape", "_format", "_num_channels", "_surface", "_device_id", "__weakref__")

    def __init__(self, *args, **kwargs):
        _not_direct("OpaqueArray", "create_opaque_array")

    @classmethod
    def _make(cls, owner, shape, fmt, num_channels, surface, device_id, deps=()):
        self = object.__new__(cls)
        self._owner = owner
        self._deps = deps
        self._shape, self._format, self._num_channels = shape, fmt, num_channels
        self._surface = surface
        self._device_id = device_id
        return self

    @classmethod
    def _create(cls, device_id, options):
        if not isinstance(options, OpaqueArrayOptions):
            raise TypeError("options must be an OpaqueArrayOptions, not %s" % type(options).__name__)
        options.__post_init__()  # fields may have been changed since: check them again
        desc = _descriptor(options)
        handle = check(_utils.driver().cuArray3DCreate(desc))
        return cls._make(_Owned(handle, "cuArrayDestroy"), options.shape, options.format, options.num_channels,
                         options.is_surface_load_store, device_id)

    @property
    def element_bytes(self):
        """Bytes per element: the format's size times the channels."""
        return _element_bytes(self._format, self._num_channels)

    @property
    def size_bytes(self):
        """Bytes of the whole array (the product of the shape times ``element_bytes``)."""
        n = self.element_bytes
        for extent in self._shape:
            n *= extent
        return n

    def _extent(self):
        """(row bytes, height, depth) of the array with absent extents as 1: what a full copy moves."""
        shape = self._shape + (1,) * (3 - len(self._shape))
        return shape[0] * self.element_bytes, shape[1], shape[2]

    def copy_from(self, src, *, stream):
        """Fill the whole array from ``src``: a Buffer or a C-contiguous host buffer (numpy array, bytes) of at
        least ``size_bytes`` bytes, rows packed (width first), queued on ``stream``."""
        self._copy(src, stream, to_array=True)

    def copy_to(self, dst, *, stream):
        """Copy the whole array into ``dst`` (a Buffer or a writable C-contiguous host buffer of at least
        ``size_bytes`` bytes) on ``stream``; returns ``dst``. Host memory holds the data once the stream has
        reached the copy (``stream.sync()``)."""
        self._copy(dst, stream, to_array=False)
        return dst

    def _copy(self, other, stream, to_array):
        from ._memory import Buffer, _host_view

        owner = self._live_owner()
        what = "src" if to_array else "dst"
        h = _utils.stream_handle(stream, "stream")
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
            view = _host_view(other, what, writable=not to_array)
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

    def __repr__(self):
        return "OpaqueArray(shape=%r, format=%s, num_channels=%d)" % (self._shape, self._format.name,
                                                                       self._num_channels)


def _descriptor(options):
    """The CUDA_ARRAY3D_DESCRIPTOR of array (or level-0 mipmap) options."""
    desc = _utils.driver().CUDA_ARRAY3D_DESCRIPTOR()
    shape = options.shape + (0,) * (3 - len(options.shape))  # absent extents are 0 for the driver
    desc.Width, desc.Height, desc.Depth = shape
    desc.Format = _cu_format(options.format)
    desc.NumChannels = options.num_channels
    desc.Flags = _SURFACE_LDST if options.is_surface_load_store else 0
    return desc


class MipmappedArray(_Array):
    """A mipmapped CUDA array (``CUmipmappedArray``): ``num_levels`` arrays, each half the previous one's
    extents. Sample it through a TextureObject; ``get_level`` gives one level as an OpaqueArray."""

    __slots__ = ("_owner", "_deps", "_shape", "_format", "_num_channels", "_num_levels", "_surface", "_device_id",
                 "__weakref__")

    def __init__(self, *args, **kwargs):
        _not_direct("MipmappedArray", "create_mipmapped_array")

    @classmethod
    def _create(cls, device_id, options):
        if not isinstance(options, MipmappedArrayOptions):
            raise TypeError("options must be a MipmappedArrayOptions, not %s" % type(options).__name__)
        options.__post_init__()
        handle = check(_utils.driver().cuMipmappedArrayCreate(_descriptor(options), options.num_levels))
        self = object.__new__(cls)
        self._owner = _Owned(handle, "cuMipmappedArrayDestroy")
        self._deps = ()
        self._shape, self._format, self._num_channels = options.shape, options.format, options.num_channels
        self._num_levels = options.num_levels
        self._surface = options.is_surface_load_store
        self._device_id = device_id
        return self

    @property
    def num_levels(self):
        return self._num_levels

    def level_shape(self, level):
        """Extents of ``level``: each of level 0's halved ``level`` times, never below 1."""
        level = _int("level", level, 0, self._num_levels - 1)
        return tuple(max(1, extent >> level) for extent in self._shape)

    def get_level(self, level):
        """Level ``level`` (in [0, num_levels)) as an OpaqueArray that keeps this mipmap's memory alive."""
        owner = self._live_owner()
        shape = self.level_shape(level)
        handle = check(_utils.driver().cuMipmappedArrayGetLevel(owner.handle, level))
        return OpaqueArray._make(_Owned(handle, None), shape, self._format, self._num_channels, self._surface,
                                 self._device_id, deps=(owner.acquire(),))

    def __repr__(self):
        return "MipmappedArray(shape=%r, format=%s, num_channels=%d, num_levels=%d)" % (
            self._shape, self._format.name, self._num_channels, self._num_levels)


# -- what a texture or surface reads -------------------------------------------------------------------------------

class ResourceDescriptor:
    """The memory behind a texture or surface (``CUDA_RESOURCE_DESC``). Make one with ``from_opaque_array``,
    ``from_mipmapped_array`` (textures only), ``from_linear`` (a Buffer read as a 1D typed array, textures
    only) or ``from_pitch2d`` (a Buffer read as a 2D image with a row pitch, textures only)."""

    __slots__ = ("_kind", "_source", "_format", "_num_channels", "_size_bytes", "_width", "_height", "_pitch_bytes")

    def __init__(self):
        raise RuntimeError("ResourceDescriptor cannot be instantiated directly: use ResourceDescriptor.from_*()")

    @classmethod
    def _make(cls, kind, source, fmt=None, num_channels=None, size_bytes=None, width=None, height=None, pitch=None):
        self = object.__new__(cls)
        self._kind, self._source = kind, source
        self._format, self._num_channels, self._size_bytes = fmt, num_channels, size_bytes
        self._width, self._height, self._pitch_bytes = width, height, pitch
        return self

    @classmethod
    def from_opaque_array(cls, array):
        if not isinstance(array, OpaqueArray):
            raise TypeError("array must be an OpaqueArray, not %s" % type(array).__name__)
        array._live_owner()
        return cls._make("array", array)

    @classmethod
    def from_mipmapped_array(cls, mipmapped_array):
        if not isinstance(mipmapped_array, MipmappedArray):
            raise TypeError("mipmapped_array must be a MipmappedArray, not %s" % type(mipmapped_array).__name__)
        mipmapped_array._live_owner()
        return cls._make("mipmapped_array", mipmapped_array)

    @classmethod
    def from_linear(cls, buffer, *, format, num_channels, size_bytes=None):
        """``size_bytes`` of ``buffer`` (all of it by default) as a 1D array of ``format`` x ``num_channels``."""
        _check_buffer(buffer)
        fmt = _format(format)
        channels = _channels(num_channels)
        element = _element_bytes(fmt, channels)
        size = buffer.size if size_bytes is None else _int("size_bytes", size_bytes, 0)
        if size > buffer.size:
            raise ValueError("size_bytes (%d) exceeds buffer.size (%d)" % (size, buffer.size))
        if size < element:
            raise ValueError("size_bytes (%d) must be at least one element (%d bytes)" % (size, element))
        if size % element:
            raise ValueError("size_bytes (%d) must be a multiple of the element size (%d bytes for %s x %d)"
                             % (size, element, fmt.value, channels))
        return cls._make("linear", buffer, fmt, channels, size_bytes=size)

    @classmethod
    def from_pitch2d(cls, buffer, *, format, num_channels, width, height, pitch_bytes):
        """``buffer`` as a ``width`` x ``height`` image of ``format`` x ``num_channels`` whose rows start
        ``pitch_bytes`` apart (a multiple of the device's texture pitch alignment, checked by the driver)."""
        _check_buffer(buffer)
        fmt = _format(format)
        channels = _channels(num_channels)
        width = _int("width", width, 1)
        height = _int("height", height, 1)
        pitch = _int("pitch_bytes", pitch_bytes, 1)
        row = width * _element_bytes(fmt, channels)
        if pitch < row:
            raise ValueError("pitch_bytes (%d) must be >= width * element_bytes (%d)" % (pitch, row))
        if pitch * height > buffer.size:
            raise ValueError("pitch_bytes * height (%d) exceeds buffer.size (%d)" % (pitch * height, buffer.size))
        return cls._make("pitch2d", buffer, fmt, channels, width=width, height=height, pitch=pitch)

    kind = property(lambda self: self._kind, doc="'array', 'mipmapped_array', 'linear' or 'pitch2d'")
    source = property(lambda self: self._source, doc="The OpaqueArray, MipmappedArray or Buffer described")
    format = property(lambda self: self._format, doc="ArrayFormatType of a linear or pitch2d resource (else None)")
    num_channels = property(lambda self: self._num_channels, doc="Channels of a linear or pitch2d resource")
    size_bytes = property(lambda self: self._size_bytes, doc="Bytes bound by a linear resource (else None)")
    width = property(lambda self: self._width, doc="Width in elements of a pitch2d resource (else None)")
    height = property(lambda self: self._height, doc="Height in rows of a pitch2d resource (else None)")
    pitch_bytes = property(lambda self: self._pitch_bytes, doc="Row pitch of a pitch2d resource (else None)")

    def _native(self):
        """(CUDA_RESOURCE_DESC, _Owned references to hold): raises where the source is closed."""
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
            lin.devPtr, lin.format, lin.numChannels = ptr, _cu_format(self._format), self._num_channels
            lin.sizeInBytes = self._size_bytes
        else:
            desc.resType = types.CU_RESOURCE_TYPE_PITCH2D
            p2d = desc.res.pitch2D
            p2d.devPtr, p2d.format, p2d.numChannels = ptr, _cu_format(self._format), self._num_channels
            p2d.width, p2d.height, p2d.pitchInBytes = self._width, self._height, self._pitch_bytes
        return desc, ()

    def __repr__(self):
        if self._kind == "linear":
            return "ResourceDescriptor(kind='linear', format=%s, num_channels=%d, size_bytes=%d)" % (
                self._format.name, self._num_channels, self._size_bytes)
        if self._kind == "pitch2d":
            return ("ResourceDescriptor(kind='pitch2d', format=%s, num_channels=%d, width=%d, height=%d, "
                    "pitch_bytes=%d)" % (self._format.name, self._num_channels, self._width, self._height,
                                         self._pitch_bytes))
        return "ResourceDescriptor(kind=%r)" % (self._kind,)


def _check_buffer(buffer):
    from ._memory import Buffer

    if not isinstance(buffer, Buffer):
        raise TypeError("buffer must be a Buffer, not %s" % type(buffer).__name__)
    buffer._live()


class _BoundObject(_Handle):
    """A texture or surface object: a 64-bit handle that ``launch()`` packs as the kernel argument
    (``cudaTextureObject_t`` / ``cudaSurfaceObject_t``), holding the memory it reads."""

    __slots__ = ()

    @property
    def handle(self):
        """The object's 64-bit value as an int (what a kernel receives); 0 once closed."""
        owner = self._owner
        return 0 if owner is None else int(owner.handle)

    @property
    def resource(self):
        return self._resource

    def close(self):
        """Destroy the object (idempotent) and let go of the memory it reads."""
        _drop_value(self)  # first: a launch can no longer pack the old handle, whatever happens next
        _Handle.close(self)

    def getPtr(self):
        """Address of the 8 bytes holding the handle: how the kernel-argument packer reads it."""
        return self._live_owner().handle.getPtr()

    def __repr__(self):
        return "%s(handle=0x%x)" % (type(self).__name__, self.handle)


@_params.value_type  # launch() packs a TextureObject by its _v, the CUtexObject value
class TextureObject(_BoundObject):
    """A bindless texture (``CUtexObject``) over a ResourceDescriptor with TextureObjectOptions' sampling.
    Pass it to ``launch()`` as a ``cudaTextureObject_t`` argument. Make one with
    ``Device.create_texture_object``."""

    __slots__ = ("_owner", "_deps", "_resource", "_options", "_device_id", "_v", "__weakref__")

    def __init__(self, *args, **kwargs):
        _not_direct("TextureObject", "create_texture_object")

    @classmethod
    def _create(cls, device_id, resource, options):
        if not isinstance(resource, ResourceDescriptor):
            raise TypeError("resource must be a ResourceDescriptor, not %s" % type(resource).__name__)
        options = _utils.check_or_create_options(TextureObjectOptions, options, "options")
        options.__post_init__()
        res_desc, holds = resource._native()
        tex_desc = _texture_desc(options, resource)
        handle = check(_utils.driver().cuTexObjectCreate(res_desc, tex_desc, None))
        self = object.__new__(cls)
        self._owner = _Owned(handle, "cuTexObjectDestroy")
        self._v = int(handle)
        self._deps = tuple(h.acquire() for h in holds)
        self._resource, self._options, self._device_id = resource, options, device_id
        return self

    @property
    def options(self):
        return self._options


@_params.value_type  # launch() packs a SurfaceObject by its _v, the CUsurfObject value
class SurfaceObject(_BoundObject):
    """A bindless surface (``CUsurfObject``) over an OpaqueArray made with ``is_surface_load_store=True``:
    kernels read and write it with ``surf1Dread``/``surf2Dwrite``... at byte x and element y, z. Pass it to
    ``launch()`` as a ``cudaSurfaceObject_t`` argument. Make one with ``Device.create_surface_object``."""

    __slots__ = ("_owner", "_deps", "_resource", "_device_id", "_v", "__weakref__")

    def __init__(self, *args, **kwargs):
        _not_direct("SurfaceObject", "create_surface_object")

    @classmethod
    def _create(cls, device_id, resource):
        if not isinstance(resource, ResourceDescriptor):
            raise TypeError("resource must be a ResourceDescriptor, not %s" % type(resource).__name__)
        if resource._kind != "array":
            raise ValueError("a SurfaceObject needs a resource made with ResourceDescriptor.from_opaque_array "
                             "(got kind %r); for a mipmap, use one level: mipmapped_array.get_level(i)"
                             % resource._kind)
        if not resource._source.is_surface_load_store:
            raise ValueError("the resource's OpaqueArray was not made with is_surface_load_store=True, so no "
                             "SurfaceObject can write it")
        res_desc, holds = resource._native()
        handle = check(_utils.driver().cuSurfObjectCreate(res_desc))
        self = object.__new__(cls)
        self._owner = _Owned(handle, "cuSurfObjectDestroy")
        self._v = int(handle)
        self._deps = tuple(h.acquire() for h in holds)
        self._resource, self._device_id = resource, device_id
        return self


_INTEGER_FORMATS = frozenset(f for f in ArrayFormatType if f.value.startswith(("int", "uint")))


def _resource_format(resource):
    """The ArrayFormatType of the texels a resource holds."""
    if resource._format is not None:
        return resource._format
    return resource._source._format


def _drop_value(obj):
    """A closed object has no ``_v``: the packer then asks getPtr(), which says it is closed."""
    try:
        del obj._v
    except AttributeError:
        pass


def _texture_desc(options, resource):
    """The CUDA_TEXTURE_DESC of ``options``: modes per axis (missing axes clamp), flags, border color."""
    drv = _utils.driver()
    desc = drv.CUDA_TEXTURE_DESC()
    modes = options.address_mode if isinstance(options.address_mode, tuple) else (options.address_mode,) * 3
    modes = modes + (AddressModeType.CLAMP,) * (3 - len(modes))
    amode = drv.CUaddress_mode
    desc.addressMode = [getattr(amode, "CU_TR_ADDRESS_MODE_" + m.name) for m in modes]
    fmode = drv.CUfilter_mode
    desc.filterMode = getattr(fmode, "CU_TR_FILTER_MODE_" + options.filter_mode.name)
    desc.mipmapFilterMode = getattr(fmode, "CU_TR_FILTER_MODE_" + options.mipmap_filter_mode.name)
    flags = 0
    if options.read_mode is ReadModeType.ELEMENT_TYPE and _resource_format(resource) in _INTEGER_FORMATS:
        flags |= _TRSF_READ_AS_INTEGER  # only integer texels have a promotion to turn off
    if options.normalized_coords:
        flags |= _TRSF_NORMALIZED_COORDINATES
    if options.srgb:
        flags |= _TRSF_SRGB
    if options.disable_trilinear_optimization:
        flags |= _TRSF_DISABLE_TRILINEAR_OPTIMIZATION
    if options.seamless_cubemap:
        flags |= _TRSF_SEAMLESS_CUBEMAP
    desc.flags = flags
    desc.maxAnisotropy = options.max_anisotropy
    desc.mipmapLevelBias = options.mipmap_level_bias
    desc.minMipmapLevelClamp = options.min_mipmap_level_clamp
    desc.maxMipmapLevelClamp = options.max_mipmap_level_clamp
    desc.borderColor = list(options.border_color or (0.0, 0.0, 0.0, 0.0))
    return desc
