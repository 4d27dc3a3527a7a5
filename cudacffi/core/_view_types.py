"""What a StridedMemoryView's fields are made of, checked: normalized type strings (``'<f4'``), numpy dtypes (numpy
is imported only when one is asked for), tuples of ints, shapes and strides, the byte extent of a layout.

Pure functions of their arguments: no driver call, no view.
"""

from __future__ import annotations

import sys
from typing import Any, Dict, Optional, Sequence, Tuple, Type

from . import _dlpack, _utils

__all__ = ["DL_CODES", "KINDS", "LITTLE", "SIZES", "STRUCT_FORMATS", "c_contiguous", "dl_numpy_dtype",
           "element_strides", "extent", "ints", "numpy_dtype", "parse_typestr", "shape_of", "simple_repr", "typestr"]

KINDS = {"b": "bool", "i": "int", "u": "uint", "f": "float", "c": "complex"}
SIZES = {"b": (1,), "i": (1, 2, 4, 8), "u": (1, 2, 4, 8), "f": (2, 4, 8), "c": (8, 16)}
DL_CODES = {_dlpack.INT: "i", _dlpack.UINT: "u", _dlpack.FLOAT: "f", _dlpack.COMPLEX: "c", _dlpack.BOOL: "b"}
STRUCT_FORMATS = {"?": "b1", "b": "i1", "B": "u1", "h": "i2", "H": "u2", "i": "i4", "I": "u4", "l": "i8", "L": "u8",
                  "q": "i8", "Q": "u8", "n": "i8", "N": "u8", "e": "f2", "f": "f4", "d": "f8", "Zf": "c8",
                  "Zd": "c16"}
LITTLE = sys.byteorder == "little"


def typestr(kind: str, itemsize: int, order: str = "<") -> str:
    """The normalized typestr ('<f4', '|u1', ...) of a supported type; TypeError naming what is not."""
    if kind not in KINDS or itemsize not in SIZES[kind]:
        raise TypeError("unsupported dtype: kind %r of %d bytes (supported: bool, int and uint of 1-8 bytes, float "
                        "of 2, 4 or 8, complex of 8 or 16)" % (kind, itemsize))
    if order == "=":
        order = "<" if LITTLE else ">"
    return ("|" if itemsize == 1 else order) + kind + str(itemsize)


_PARSED: Dict[str, str] = {}  # typestr -> normalized, for those taken before (a handful per program)


def parse_typestr(text: Any, what: str) -> str:
    """``text`` (an array interface's typestr) normalized; TypeError naming ``what`` where it is none we take."""
    if text.__class__ is str:
        parsed = _PARSED.get(text)
        if parsed is not None:
            return parsed
    if not isinstance(text, str) or len(text) < 3 or text[0] not in "<>|=" or not text[2:].isdigit():
        raise TypeError("%s typestr must look like '<f4' (byte order, kind, size), not %r" % (what, text))
    try:
        parsed = typestr(text[1], int(text[2:]), text[0])
    except TypeError as e:
        raise TypeError("%s typestr %r: %s" % (what, text, e)) from None
    if text.__class__ is str and len(_PARSED) < 256:
        _PARSED[text] = parsed
    return parsed


def numpy_dtype(dtype: Any, what: str, error: Type[Exception] = TypeError) -> Any:
    """``numpy.dtype(dtype)``; what numpy cannot read as one raises ``error`` naming ``what``."""
    import numpy

    try:
        return numpy.dtype(dtype)
    except (TypeError, ValueError) as e:  # (ValueError: a dict numpy reads as fields, a lone surrogate)
        raise error("%s must be a numpy dtype (or what numpy.dtype() takes), not %s: %s"
                    % (what, type(dtype).__name__, _utils.printable(str(e)))) from None


def ints(values: Any, what: str) -> Tuple[int, ...]:
    """``values`` as a tuple of ints (bools refused); TypeError naming ``what``."""
    if values.__class__ is tuple:  # the common case: a tuple of plain ints, as it is
        for v in values:
            if v.__class__ is not int:
                break
        else:
            return values
    if isinstance(values, (str, bytes, bytearray)):
        raise TypeError("%s must be a tuple of ints, not %s" % (what, type(values).__name__))
    try:
        out = tuple(values)
    except TypeError:
        raise TypeError("%s must be a tuple of ints, not %s" % (what, type(values).__name__)) from None
    for v in out:
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError("%s must hold ints, not %r" % (what, values))
    return out


def shape_of(shape: Any, what: str) -> Tuple[int, ...]:
    """``shape`` as a tuple of ints >= 0."""
    shape = ints(shape, what + " shape")
    for n in shape:
        if n < 0:
            raise ValueError("%s shape must not be negative, got %r" % (what, shape))
    return shape


def element_strides(byte_strides: Any, itemsize: int, what: str) -> Optional[Tuple[int, ...]]:
    """Strides in bytes (None: C order) as strides in elements; ValueError where one is no multiple of the item."""
    if byte_strides is None:
        return None
    strides = ints(byte_strides, what + " strides")
    for s in strides:
        if s % itemsize:
            raise ValueError("%s strides %r are not multiples of the item size %d" % (what, strides, itemsize))
    return tuple(s // itemsize for s in strides)


def extent(shape: Sequence[int], strides: Optional[Sequence[int]], itemsize: int) -> Tuple[int, int]:
    """[lo, hi) bytes a view touches, relative to its pointer."""
    if 0 in shape:
        return 0, 0
    if strides is None:
        n = 1
        for d in shape:
            n *= d
        return 0, n * itemsize
    lo = hi = 0
    for d, s in zip(shape, strides):
        if s >= 0:
            hi += (d - 1) * s
        else:
            lo += (d - 1) * s
    return lo * itemsize, (hi + 1) * itemsize


def c_contiguous(shape: Sequence[int], strides: Optional[Sequence[int]]) -> bool:
    """Whether a layout (strides in elements, None: C order) is C-contiguous."""
    if strides is None:
        return True
    step = 1
    for n, s in zip(reversed(shape), reversed(strides)):
        if n != 1 and s != step:
            return False
        step *= n
    return True


def dl_numpy_dtype(code: int, bits: int, lanes: int) -> Any:
    """The numpy dtype of a DLPack dtype numpy may lack, or cuda.core's exception for it."""
    if lanes != 1:
        raise NotImplementedError("vector dtypes (lanes=%d) is not supported" % lanes)
    if code == _dlpack.BFLOAT:
        try:
            import ml_dtypes  # noqa: F401 (registers bfloat16 with numpy)
        except ImportError:
            raise NotImplementedError("Support for bfloat16 within cuda-core requires `ml_dtypes`to be "
                                      "installed.") from None
        import numpy

        return numpy.dtype("bfloat16")
    names = {_dlpack.UINT: "uint", _dlpack.INT: "int", _dlpack.FLOAT: "float", _dlpack.COMPLEX: "complex"}
    if code in names:
        raise TypeError("%s%d is not supported." % (names[code], bits))
    if code == _dlpack.BOOL:
        raise TypeError("%d-bit bool is not supported" % bits)
    raise TypeError("Unsupported dtype. dtype code: %d" % code)


def simple_repr(obj: Any) -> str:
    """``module.Class`` of an object (or class): ``numpy.ndarray``, ``numpy.dtypes.Float32DType``; builtins bare."""
    cls = obj if isinstance(obj, type) else type(obj)
    module = getattr(cls, "__module__", None)
    return cls.__name__ if module in (None, "builtins") else "%s.%s" % (module, cls.__name__)
