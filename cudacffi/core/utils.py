"""cudacffi.core.utils: StridedMemoryView (one description of any array, whichever protocol it speaks) and
``args_viewable_as_strided_memory``, with the copies (``copy_batch``, CopyOptions), the managed-memory batches and
the program caches cuda.core's ``utils`` also holds.

The view itself is ``_memoryview``'s; this module adds the decorator that hands a function's array arguments over
as views, and gathers the public names.
"""

from __future__ import annotations

import functools
import operator
from typing import Any, Callable, Iterable, TypeVar

from . import _utils, _view_sources
from ._copy import CopyOptions, MemcpyOverlapMode, MemcpySrcAccessOrder, copy_batch
from ._memory import discard_batch, discard_prefetch_batch, prefetch_batch
from ._memoryview import StridedMemoryView
from ._program_cache import (FileStreamProgramCache, InMemoryProgramCache, ProgramCacheResource,
                             make_program_cache_key)

__all__ = ["StridedMemoryView", "args_viewable_as_strided_memory"]
__all__ += ["CopyOptions", "FileStreamProgramCache", "InMemoryProgramCache", "MemcpyOverlapMode",
            "MemcpySrcAccessOrder", "ProgramCacheResource", "copy_batch", "make_program_cache_key"]
__all__ += ["discard_batch", "discard_prefetch_batch", "prefetch_batch"]  # managed-memory batches (issue 15)

_F = TypeVar("_F", bound=Callable[..., Any])


class _StridedMemoryViewProxy:
    """What ``args_viewable_as_strided_memory`` passes in place of an argument: ``obj``, ``has_dlpack`` and
    ``view(stream_ptr)``. BufferError at the call where the argument speaks no protocol."""

    __slots__ = ("obj", "has_dlpack")

    def __init__(self, obj: Any) -> None:
        dlpack = _view_sources.has_dlpack(obj)
        if not (dlpack or hasattr(obj, "__cuda_array_interface__") or hasattr(obj, "__array_interface__")
                or isinstance(obj, StridedMemoryView)):
            try:
                memoryview(obj)
            except TypeError:
                raise BufferError("the input object does not support any data exchange protocol") from None
        self.obj = obj
        self.has_dlpack = dlpack

    def view(self, stream_ptr: Any = None) -> StridedMemoryView:
        if self.has_dlpack:
            return StridedMemoryView.from_dlpack(self.obj, stream_ptr)
        return StridedMemoryView.from_any_interface(self.obj, stream_ptr)


def args_viewable_as_strided_memory(arg_indices: Iterable[int]) -> Callable[[_F], _F]:
    """A decorator: the positional arguments at ``arg_indices`` reach the function as proxies whose
    ``view(stream_ptr)`` gives their StridedMemoryView. A call with fewer positional arguments raises
    IndexError, as cuda.core's does."""
    what = "args_viewable_as_strided_memory: arg_indices"
    if isinstance(arg_indices, (str, bytes, bytearray)):
        raise TypeError("%s must be a tuple of ints, not %s" % (what, type(arg_indices).__name__))
    try:
        indices = tuple(arg_indices)
    except TypeError:
        raise TypeError("%s must be a tuple of ints, not %s" % (what, type(arg_indices).__name__)) from None
    try:
        indices = tuple(int(operator.index(i)) for i in indices)
    except TypeError:
        raise TypeError("%s must hold ints, not %s" % (what, _utils.printable(repr(indices)))) from None

    def wrap(func: _F) -> _F:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            args_list = list(args)
            for i in indices:
                if not -len(args_list) <= i < len(args_list):
                    raise IndexError("list index out of range: arg_indices names argument %d, the call has %d "
                                     "positional argument%s" % (i, len(args_list), "" if len(args_list) == 1 else "s"))
                args_list[i] = _StridedMemoryViewProxy(args_list[i])
            return func(*args_list, **kwargs)
        return wrapper  # type: ignore[return-value]
    return wrap
