"""The checks the texture options and resource descriptors share: formats (``ArrayFormatType``, its string value, a
numpy dtype or a driver ``CUarray_format``), sampling modes, ints in a range, bools, floats, channel counts and
shapes. Each error names the field."""

from __future__ import annotations

import operator
from typing import Any, Optional, Tuple, Type

from .. import _utils
from ..typing import ArrayFormatType

__all__ = ["FORMATS", "MAX_EXTENT", "as_bool", "as_float", "as_int", "channels", "cu_format", "element_bytes",
           "enum_value", "format_of", "shape_of"]

# (CUarray_format member name, bytes per channel) of each format
FORMATS = {
    ArrayFormatType.UINT8: ("CU_AD_FORMAT_UNSIGNED_INT8", 1),
    ArrayFormatType.UINT16: ("CU_AD_FORMAT_UNSIGNED_INT16", 2),
    ArrayFormatType.UINT32: ("CU_AD_FORMAT_UNSIGNED_INT32", 4),
    ArrayFormatType.INT8: ("CU_AD_FORMAT_SIGNED_INT8", 1),
    ArrayFormatType.INT16: ("CU_AD_FORMAT_SIGNED_INT16", 2),
    ArrayFormatType.INT32: ("CU_AD_FORMAT_SIGNED_INT32", 4),
    ArrayFormatType.FLOAT16: ("CU_AD_FORMAT_HALF", 2),
    ArrayFormatType.FLOAT32: ("CU_AD_FORMAT_FLOAT", 4),
}
_BY_CU_NAME = {cu: fmt for fmt, (cu, _) in FORMATS.items()}
_CHANNELS = (1, 2, 4)
MAX_EXTENT = (1 << 63) - 1


def _choices(enum_type: Any) -> str:
    return ", ".join(repr(m.value) for m in enum_type)


def enum_value(what: str, value: Any, enum_type: Type[Any], driver_enum: Optional[str] = None) -> Any:
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


def format_of(value: Any, what: str = "format") -> ArrayFormatType:
    """``value`` as an ArrayFormatType: a member, its string value, a numpy dtype (or type), or a driver
    ``CUarray_format`` member of the eight plain formats."""
    if isinstance(value, ArrayFormatType):
        return value
    if isinstance(value, str):
        return enum_value(what, value, ArrayFormatType)
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


def as_int(what: str, value: Any, low: int, high: int = MAX_EXTENT) -> int:
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


def as_bool(what: str, value: Any) -> bool:
    """A bool, or an int 0 / 1 as one (anything else is likely a mistake: TypeError)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise TypeError("%s must be a bool, not %r" % (what, value))


def as_float(what: str, value: Any) -> float:
    if isinstance(value, (bool, str, bytes)) or not hasattr(value, "__float__"):
        raise TypeError("%s must be a float, not %s" % (what, type(value).__name__))
    try:
        return float(value)
    except TypeError:  # a __float__ that gives no float (a numpy array of several elements)
        raise TypeError("%s must be a float, not %s" % (what, type(value).__name__)) from None


def channels(value: Any) -> int:
    """A channel count: 1, 2 or 4."""
    if isinstance(value, bool) or not isinstance(value, int) and not hasattr(value, "__index__"):
        raise TypeError("num_channels must be an int (1, 2 or 4), not %s" % type(value).__name__)
    try:
        value = operator.index(value)
    except TypeError:  # an __index__ that gives no int
        raise TypeError("num_channels must be an int (1, 2 or 4), not %s" % type(value).__name__) from None
    if value not in _CHANNELS:
        raise ValueError("num_channels must be 1, 2, or 4, got %d" % value)
    return value


def shape_of(value: Any) -> Tuple[int, ...]:
    """``value`` (a tuple or list of 1 to 3 ints >= 1) as a tuple."""
    if not isinstance(value, (tuple, list)):
        raise TypeError("shape must be a tuple of 1 to 3 ints (width, height, depth), not %s" % type(value).__name__)
    if not 1 <= len(value) <= 3:
        raise ValueError("shape must have 1, 2 or 3 extents (width, height, depth), got %d" % len(value))
    return tuple(as_int("shape[%d]" % i, v, 1) for i, v in enumerate(value))


def element_bytes(fmt: ArrayFormatType, num_channels: int) -> int:
    """Bytes of one element of ``fmt`` x ``num_channels``."""
    return FORMATS[fmt][1] * num_channels


def cu_format(fmt: ArrayFormatType) -> Any:
    """The driver's ``CUarray_format`` member of ``fmt``."""
    return getattr(_utils.driver().CUarray_format, FORMATS[fmt][0])
