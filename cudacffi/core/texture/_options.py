"""What a texture-side object is made with: OpaqueArrayOptions, MipmappedArrayOptions (``Device.create_*``) and
TextureObjectOptions (how a TextureObject samples). Fields are checked when an options object is made (and again
when it is used: they may have been changed since)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Tuple, Union

from ..typing import AddressModeType, FilterModeType, ReadModeType
from ._checks import as_bool, as_float, as_int, channels, enum_value, format_of, shape_of

__all__ = ["MipmappedArrayOptions", "OpaqueArrayOptions", "TextureObjectOptions"]


@dataclass
class OpaqueArrayOptions:
    """What ``Device.create_opaque_array`` allocates: ``shape`` (1 to 3 extents in elements, width first),
    ``format`` (ArrayFormatType, its string value or a numpy dtype), ``num_channels`` (1, 2 or 4) and
    ``is_surface_load_store`` (allocate so that a SurfaceObject can write it)."""

    shape: Tuple[int, ...]
    format: object
    num_channels: int
    is_surface_load_store: bool = False

    def __post_init__(self) -> None:
        self.shape = shape_of(self.shape)
        self.format = format_of(self.format)
        self.num_channels = channels(self.num_channels)
        self.is_surface_load_store = as_bool("is_surface_load_store", self.is_surface_load_store)


@dataclass
class MipmappedArrayOptions:
    """What ``Device.create_mipmapped_array`` allocates: as OpaqueArrayOptions for level 0, plus
    ``num_levels`` (1 to 1 + log2 of the largest extent; each level halves every extent, down to 1)."""

    shape: Tuple[int, ...]
    format: object
    num_channels: int
    num_levels: int
    is_surface_load_store: bool = False

    def __post_init__(self) -> None:
        self.shape = shape_of(self.shape)
        self.format = format_of(self.format)
        self.num_channels = channels(self.num_channels)
        self.num_levels = as_int("num_levels", self.num_levels, 1, max(self.shape).bit_length())
        self.is_surface_load_store = as_bool("is_surface_load_store", self.is_surface_load_store)


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

    def __post_init__(self) -> None:
        self.address_mode = _address_modes(self.address_mode)
        self.filter_mode = enum_value("filter_mode", self.filter_mode, FilterModeType, "CUfilter_mode")
        self.read_mode = enum_value("read_mode", self.read_mode, ReadModeType)
        self.mipmap_filter_mode = enum_value("mipmap_filter_mode", self.mipmap_filter_mode, FilterModeType,
                                             "CUfilter_mode")
        for name in ("normalized_coords", "srgb", "disable_trilinear_optimization", "seamless_cubemap"):
            setattr(self, name, as_bool(name, getattr(self, name)))
        self.max_anisotropy = as_int("max_anisotropy", self.max_anisotropy, 0, 16)
        for name in ("mipmap_level_bias", "min_mipmap_level_clamp", "max_mipmap_level_clamp"):
            setattr(self, name, as_float(name, getattr(self, name)))
        if self.border_color is not None:
            color = self.border_color
            if not isinstance(color, (tuple, list)) or len(color) != 4:
                raise ValueError("border_color must be None or 4 floats (r, g, b, a), got %r" % (color,))
            self.border_color = tuple(as_float("border_color[%d]" % i, c) for i, c in enumerate(color))


def _address_modes(value: Any) -> Any:
    """One AddressModeType, or a tuple of 1 to 3 of them."""
    if isinstance(value, (tuple, list)):
        if not 1 <= len(value) <= 3:
            raise ValueError("address_mode must be one mode or a tuple of 1 to 3 modes (x, y, z), got %d"
                             % len(value))
        return tuple(enum_value("address_mode[%d]" % i, v, AddressModeType, "CUaddress_mode")
                     for i, v in enumerate(value))
    return enum_value("address_mode", value, AddressModeType, "CUaddress_mode")
