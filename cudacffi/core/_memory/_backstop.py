"""The garbage collector's backstop for Buffers left unclosed: their memory is freed, on the stream they would have
been freed on, with a ResourceWarning saying so.

The backstop is ``cudacffi._fastcall.Backstop`` on CPython (a base class whose finalizer, in C, hands a Buffer
destroyed with its memory still allocated to ``collected``, so that destroying a closed Buffer costs no Python
call), a collector guard on PyPy (``_direct.collector_guard``, detached by ``close()``; an object with ``__del__``
costs PyPy about a microsecond more to collect), and a Python ``__del__`` where the compiled module is missing. A finalizer
only queues the free (a memory resource's deallocate is Python code that may import or take locks: see
``_release``).
"""

from __future__ import annotations

import sys
import warnings
from typing import Any, List, Optional

from ... import _direct
from .. import _release
from .._stream import LEGACY_DEFAULT_STREAM

__all__ = ["PYPY", "backstop_base", "backstop_module", "collected", "live_stream"]

PYPY = sys.implementation.name == "pypy"


def backstop_module() -> Optional[Any]:
    """``cudacffi._fastcall`` where Buffer derives from its ``Backstop`` (CPython, the module built), else None."""
    return None if PYPY else _direct.fastcall()


def backstop_base() -> type:
    """The class Buffer derives from: ``cudacffi._fastcall.Backstop``, or ``object``."""
    module = backstop_module()
    return module.Backstop if module is not None else object


def live_stream(stream: Any) -> Any:
    """``stream``, or the legacy default stream where it is a closed Stream (order after all legacy work)."""
    if stream is not None and getattr(stream, "_handle", 0) is None:
        return LEGACY_DEFAULT_STREAM
    return stream


def collected(rec: List[Any], _defer: Any = _release.defer) -> None:
    """The backstop, a finalizer: queue the freeing of [mr, ptr, size, stream] of a Buffer the garbage collector
    took."""
    _defer(_free_collected, rec)


def _free_collected(rec: List[Any]) -> None:
    """Free [mr, ptr, size, stream] of a Buffer the garbage collector took, with a ResourceWarning."""
    mr, ptr, size, stream = rec
    try:
        warnings.warn("a Buffer of %d bytes at 0x%x was freed by the garbage collector: close() it (or use 'with') "
                      "to free memory when you are done with it" % (size, ptr), ResourceWarning, stacklevel=2)
        mr.deallocate(ptr, size, stream=live_stream(stream))
    except Exception:  # a destroyed context at interpreter exit, or a warning turned into an error
        pass
