"""The host side of a Buffer's copies and fills: a host buffer seen as contiguous bytes (and its address, held
for the copy), the fill pattern of a value, and the checks both ends of a copy share."""

from __future__ import annotations

from typing import Any, Optional, Tuple

from ... import _direct
from .._copy_options import CopyOptions

__all__ = ["HostAddress", "fill_pattern", "host_view", "reads_during_call", "same_size"]

def reads_during_call(options: Any, what: str) -> bool:
    """Whether ``options`` (a CopyOptions, or TypeError as cuda.core's) ask that the source be read before the
    call returns (DURING_API_CALL): the copy is then waited for. The other hints are for the driver's batched
    copy; a single copy ordered on its stream honours them as it is."""
    if not isinstance(options, CopyOptions):
        raise TypeError("%s: options must be CopyOptions, got %s" % (what, type(options).__name__))
    return options.src_access_order == "during_api_call"


def fill_pattern(value: Any, width: Optional[int]) -> Tuple[int, int]:
    """(pattern as an unsigned int, width in bytes) for fill()."""
    if isinstance(value, int):  # bools too, as cuda.core takes them; numpy scalars are buffers of their size
        if width is None:
            width = 1
        if width not in (1, 2, 4):
            raise ValueError("width must be 1, 2 or 4 bytes, got %r" % (width,))
        if not 0 <= value < 1 << (8 * width):
            raise OverflowError("value must be an int in [0, %d) for a %d-byte fill, got %d"
                                % (1 << (8 * width), width, value))
        return int(value), width
    try:
        pattern = bytes(memoryview(value).cast("B"))
    except TypeError:
        raise TypeError("value must be an int or support the buffer protocol, got %s"
                        % type(value).__name__) from None
    if len(pattern) not in (1, 2, 4):
        raise ValueError("value must be 1, 2, or 4 bytes, got %d" % len(pattern))
    if width is not None and width != len(pattern):
        raise ValueError("width %r differs from the %d bytes of value" % (width, len(pattern)))
    return int.from_bytes(pattern, "little"), len(pattern)


def same_size(mine: int, theirs: int, what: str) -> None:
    """ValueError with cuda.core's message where the Buffer (``mine`` bytes) and ``what`` differ in size."""
    if mine != theirs:
        src, dst = (mine, theirs) if what == "dst" else (theirs, mine)
        raise ValueError("buffer sizes mismatch between src and dst (sizes are: src=%d, dst=%d)" % (src, dst))


class HostAddress:
    """``with HostAddress(view) as a:`` the address of a host buffer, pinned (PyPy) for the block."""

    def __init__(self, view: memoryview) -> None:
        self._address, self._cdata = _direct.pin(view)  # pinned (PyPy) while the driver reads it

    def __enter__(self) -> int:
        return self._address

    def __exit__(self, *exc: Any) -> None:
        self._cdata = None


def host_view(obj: Any, what: str, writable: bool) -> memoryview:
    """``obj`` as a C-contiguous memoryview (writable where asked); TypeError / ValueError naming ``what``."""
    try:
        view = memoryview(obj)
    except TypeError:
        raise TypeError("%s must be a Buffer or a host buffer (bytearray, numpy array), not %s"
                        % (what, type(obj).__name__)) from None
    if not view.c_contiguous:
        raise ValueError("%s must be C-contiguous" % what)
    if writable and view.readonly:
        raise TypeError("%s must be writable (a bytearray or numpy array, not bytes)" % what)
    return view
