"""``MemoryResource``, the base every memory resource derives from (in Python too), and what a Buffer learns of its
memory: from its resource, or from the driver for a pointer no resource describes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Tuple

from .. import _utils
from .._stream import stream_handle
from ._checks import check_pointer, check_size

if TYPE_CHECKING:
    from ._buffer import Buffer

__all__ = ["MemoryResource", "from_handle_arguments", "pointer_attributes", "resource_attributes"]


class MemoryResource:
    """The base of memory resources: subclass it (in Python too) with ``allocate(size, *, stream)`` returning
    a Buffer (``Buffer.from_handle(ptr, size, mr=self)``), ``deallocate(ptr, size, *, stream)``, and the
    properties ``is_device_accessible``, ``is_host_accessible`` and ``device_id``. Buffers take their
    properties from their resource. What a subclass leaves out raises TypeError, as in cuda.core."""

    __slots__ = ("__weakref__", "__dict__")
    _pool_calls: Any = None  # a pool resource's calls, where Buffer.close may make its frees (see _MemPool)

    def allocate(self, size: int, *, stream: Any = None) -> "Buffer":
        raise TypeError("%s.allocate must be implemented by subclasses." % type(self).__name__)

    def deallocate(self, ptr: int, size: int, *, stream: Any = None) -> None:
        raise TypeError("%s.deallocate must be implemented by subclasses." % type(self).__name__)

    @property
    def is_device_accessible(self) -> bool:
        raise TypeError("%s.is_device_accessible must be implemented by subclasses." % type(self).__name__)

    @property
    def is_host_accessible(self) -> bool:
        raise TypeError("%s.is_host_accessible must be implemented by subclasses." % type(self).__name__)

    @property
    def is_managed(self) -> bool:
        return False

    @property
    def device_id(self) -> int:
        raise TypeError("%s.device_id must be implemented by subclasses." % type(self).__name__)


def from_handle_arguments(ptr: Any, size: Any, mr: Optional[MemoryResource], owner: Any,
                          stream: Any) -> Tuple[int, int, Optional[MemoryResource], Any, Any]:
    """``from_handle``'s arguments checked, as ``Buffer._make`` takes them: (ptr, size, mr, stream, owner). ``mr``
    must be a MemoryResource (a subclass written in Python too), as cuda.core requires: anything else is refused
    here with cuda.core's TypeError, before a Buffer that could not be freed is made."""
    if mr is not None and not isinstance(mr, MemoryResource):
        raise TypeError("Argument 'mr' has incorrect type (expected %s.MemoryResource, got %s)"
                        % ("cudacffi.core._memory", type(mr).__name__))
    ptr = check_pointer(ptr)
    size = check_size(size)
    if mr is not None and owner is not None:
        raise ValueError("mr and owner cannot both be given: mr frees the memory, owner keeps it alive")
    if stream is not None:
        stream_handle(stream)
    return ptr, size, mr, stream, owner


def resource_attributes(mr: Any) -> Tuple[int, bool, bool, bool]:
    """(device_id, is_device_accessible, is_host_accessible, is_managed) of a memory resource."""
    try:
        device_id = mr.device_id
    except (RuntimeError, NotImplementedError, TypeError):  # a resource bound to no GPU (pinned host memory)
        device_id = -1
    return (device_id, bool(mr.is_device_accessible), bool(mr.is_host_accessible), bool(mr.is_managed))


def pointer_attributes(ptr: int) -> Tuple[int, bool, bool, bool]:
    """The same, asked of the driver for a pointer no resource describes."""
    drv = _utils.driver()
    a = drv.CUpointer_attribute
    err, kind = drv.cuPointerGetAttribute(a.CU_POINTER_ATTRIBUTE_MEMORY_TYPE, ptr)
    if err:  # memory CUDA does not know: plain host memory
        return (-1, False, True, False)
    err, ordinal = drv.cuPointerGetAttribute(a.CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, ptr)
    ordinal = -1 if err else int(ordinal)
    err, managed = drv.cuPointerGetAttribute(a.CU_POINTER_ATTRIBUTE_IS_MANAGED, ptr)
    if not err and managed:
        return (ordinal, True, True, True)
    if int(kind) == int(drv.CUmemorytype.CU_MEMORYTYPE_HOST):  # page-locked host memory
        return (ordinal, True, True, False)
    return (ordinal, True, False, False)
