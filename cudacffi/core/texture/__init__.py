"""Textures and surfaces (``cudacffi.core.texture``): opaque CUDA arrays, mipmapped arrays, the resource
descriptors that point a texture or surface at memory, and the bindless texture and surface objects::

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

One concept a module: ``_checks`` (field checks), ``_options`` (the options classes), ``_handle`` (the counted
driver handles and the shared lifecycle), ``_arrays`` (OpaqueArray, MipmappedArray), ``_resource``
(ResourceDescriptor), ``_objects`` (TextureObject, SurfaceObject).
"""

from ..typing import AddressModeType, ArrayFormatType, FilterModeType, ReadModeType  # noqa: F401 (also here)
from ._arrays import MipmappedArray, OpaqueArray
from ._objects import SurfaceObject, TextureObject
from ._options import MipmappedArrayOptions, OpaqueArrayOptions, TextureObjectOptions
from ._resource import ResourceDescriptor

# The enumerations live in cudacffi.core.typing, as cuda.core's do; they stay importable from here too.
__all__ = ["MipmappedArray", "MipmappedArrayOptions", "OpaqueArray", "OpaqueArrayOptions", "ResourceDescriptor",
           "SurfaceObject", "TextureObject", "TextureObjectOptions"]
