"""The resources without a memory pool: LegacyPinnedMemoryResource (``cuMemAllocHost``) and
SynchronousMemoryResource (``cuMemAlloc``, a device without pools). Both are synchronous: ``stream`` is checked,
then unused by allocate, and synchronized before a free."""

from __future__ import annotations

from typing import Any

from .. import _utils
from .._stream import stream_handle
from .._utils import check
from ._buffer import Buffer
from ._checks import check_size, device_ordinal
from ._pool import DeviceOnly
from ._resource import MemoryResource

__all__ = ["LegacyPinnedMemoryResource", "SynchronousMemoryResource"]


class LegacyPinnedMemoryResource(MemoryResource):
    """Page-locked host memory from ``cuMemAllocHost`` (synchronous; ``stream`` is checked, then unused by
    allocate, and synchronized before a free)."""

    def allocate(self, size: int, *, stream: Any = None) -> Buffer:
        """A Buffer of ``size`` bytes of page-locked host memory."""
        size = check_size(size)
        if stream is not None:
            stream_handle(stream)
        if not size:
            return Buffer._make(0, 0, self)
        return Buffer._make(int(check(_utils.driver().cuMemAllocHost(size))), size, self)

    def deallocate(self, ptr: int, size: int, *, stream: Any = None) -> None:
        """Free ``ptr`` once ``stream`` (where given) is done."""
        drv = _utils.driver()
        if stream is not None:
            check(drv.cuStreamSynchronize(stream_handle(stream)))
        if ptr:
            check(drv.cuMemFreeHost(ptr))

    @property
    def is_device_accessible(self) -> bool:
        return True

    @property
    def is_host_accessible(self) -> bool:
        return True

    @property
    def device_id(self) -> int:
        raise RuntimeError("a pinned memory resource is not bound to any GPU")

    def __repr__(self) -> str:
        return "<LegacyPinnedMemoryResource>"


class SynchronousMemoryResource(DeviceOnly, MemoryResource):
    """Device memory from plain ``cuMemAlloc`` / ``cuMemFree``: ``Device.memory_resource`` for a device without
    memory pools. Beyond cuda.core (which keeps it private)."""

    def __init__(self, device_id: Any) -> None:
        self._device_id = device_ordinal(device_id)

    def allocate(self, size: int, *, stream: Any = None) -> Buffer:
        """A Buffer of ``size`` bytes of device memory."""
        size = check_size(size)
        if stream is not None:
            stream_handle(stream)
        if not size:
            return Buffer._make(0, 0, self, stream)
        return Buffer._make(int(check(_utils.driver().cuMemAlloc(size))), size, self, stream)

    def deallocate(self, ptr: int, size: int, *, stream: Any = None) -> None:
        """Free ``ptr`` once ``stream`` (where given) is done."""
        drv = _utils.driver()
        if stream is not None:
            check(drv.cuStreamSynchronize(stream_handle(stream)))
        if ptr:
            check(drv.cuMemFree(ptr))

    def __repr__(self) -> str:
        return "<SynchronousMemoryResource device=%d>" % self._device_id
