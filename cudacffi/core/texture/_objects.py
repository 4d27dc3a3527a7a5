"""The bindless objects kernels read: TextureObject (``CUtexObject``, sampled as TextureObjectOptions say) and
SurfaceObject (``CUsurfObject``, read and written). ``launch()`` packs either as its 64-bit handle, and each holds
the memory it reads until it is closed."""

from __future__ import annotations

from typing import Any, Optional

from ... import _direct
from .. import _utils
from .._utils import check, check_or_create_options
from ..typing import AddressModeType, ArrayFormatType, ReadModeType
from ._handle import Handle, Owned, not_direct
from ._options import TextureObjectOptions
from ._resource import ResourceDescriptor

__all__ = ["SurfaceObject", "TextureObject"]

_TRSF_READ_AS_INTEGER = 0x01
_TRSF_NORMALIZED_COORDINATES = 0x02
_TRSF_SRGB = 0x10
_TRSF_DISABLE_TRILINEAR_OPTIMIZATION = 0x20
_TRSF_SEAMLESS_CUBEMAP = 0x40
_INTEGER_FORMATS = frozenset(f for f in ArrayFormatType if f.value.startswith(("int", "uint")))


class _BoundObject(Handle):
    """A texture or surface object: a 64-bit handle that ``launch()`` packs as the kernel argument
    (``cudaTextureObject_t`` / ``cudaSurfaceObject_t``), holding the memory it reads."""

    __slots__ = ()
    _resource: ResourceDescriptor

    @property
    def handle(self) -> int:
        """The object's 64-bit value as an int (what a kernel receives); 0 once closed."""
        owner = self._owner
        return 0 if owner is None else int(owner.handle)

    @property
    def resource(self) -> ResourceDescriptor:
        return self._resource

    def _drop_value(self) -> None:
        """A closed object has no ``_v``: the packer then asks getPtr(), which says it is closed."""
        try:
            del self._v  # type: ignore[attr-defined]
        except AttributeError:
            pass

    def close(self) -> None:
        """Destroy the object (idempotent) and let go of the memory it reads."""
        self._drop_value()  # first: a launch can no longer pack the old handle, whatever happens next
        Handle.close(self)

    def getPtr(self) -> int:
        """Address of the 8 bytes holding the handle: how the kernel-argument packer reads it."""
        return self._live_owner().handle.getPtr()

    def __repr__(self) -> str:
        return "%s(handle=0x%x)" % (type(self).__name__, self.handle)


@_direct.value_type  # launch() packs a TextureObject by its _v, the CUtexObject value
class TextureObject(_BoundObject):
    """A bindless texture (``CUtexObject``) over a ResourceDescriptor with TextureObjectOptions' sampling.
    Pass it to ``launch()`` as a ``cudaTextureObject_t`` argument. Make one with
    ``Device.create_texture_object``."""

    __slots__ = ("_owner", "_deps", "_resource", "_options", "_device_id", "_v", "__weakref__")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        not_direct("TextureObject", "create_texture_object")

    @classmethod
    def _create(cls, device_id: int, resource: ResourceDescriptor,
                options: Optional[TextureObjectOptions]) -> "TextureObject":
        if not isinstance(resource, ResourceDescriptor):
            raise TypeError("resource must be a ResourceDescriptor, not %s" % type(resource).__name__)
        options = check_or_create_options(TextureObjectOptions, options, "options")
        options.__post_init__()
        res_desc, holds = resource._native()
        tex_desc = _texture_desc(options, resource)
        handle = check(_utils.driver().cuTexObjectCreate(res_desc, tex_desc, None))
        self = object.__new__(cls)
        self._owner = Owned(handle, "cuTexObjectDestroy")
        self._v = int(handle)
        self._deps = tuple(h.acquire() for h in holds)
        self._resource, self._options, self._device_id = resource, options, device_id
        return self

    @property
    def options(self) -> TextureObjectOptions:
        return self._options


@_direct.value_type  # launch() packs a SurfaceObject by its _v, the CUsurfObject value
class SurfaceObject(_BoundObject):
    """A bindless surface (``CUsurfObject``) over an OpaqueArray made with ``is_surface_load_store=True``:
    kernels read and write it with ``surf1Dread``/``surf2Dwrite``... at byte x and element y, z. Pass it to
    ``launch()`` as a ``cudaSurfaceObject_t`` argument. Make one with ``Device.create_surface_object``."""

    __slots__ = ("_owner", "_deps", "_resource", "_device_id", "_v", "__weakref__")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        not_direct("SurfaceObject", "create_surface_object")

    @classmethod
    def _create(cls, device_id: int, resource: ResourceDescriptor) -> "SurfaceObject":
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
        self._owner = Owned(handle, "cuSurfObjectDestroy")
        self._v = int(handle)
        self._deps = tuple(h.acquire() for h in holds)
        self._resource, self._device_id = resource, device_id
        return self


def _resource_format(resource: ResourceDescriptor) -> ArrayFormatType:
    """The ArrayFormatType of the texels a resource holds."""
    if resource._format is not None:
        return resource._format
    return resource._source._format


def _texture_desc(options: TextureObjectOptions, resource: ResourceDescriptor) -> Any:
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
