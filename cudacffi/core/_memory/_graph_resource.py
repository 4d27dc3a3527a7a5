"""GraphMemoryResource: memory that graphs allocate (allocation nodes added while a stream captures), in the
device's graph memory pool, and that pool's figures (GraphMemoryResourceAttributes)."""

from __future__ import annotations

import threading
from typing import Any, Dict

from .. import _registry, _utils
from .._stream import stream_handle
from .._utils import check
from ._buffer import Buffer
from ._checks import check_size, device_ordinal, stream_or_default
from ._resource import MemoryResource

__all__ = ["GraphMemoryResource", "GraphMemoryResourceAttributes"]


class GraphMemoryResource(MemoryResource):
    """Memory that graphs allocate: ``allocate`` on a stream (or GraphBuilder) that is capturing a graph adds
    an allocation node to it (``cuMemAllocAsync`` in capture); the memory lives in the device's graph memory
    pool, which ``attributes`` describes and ``trim`` shrinks. Allocating on a stream that is not capturing
    raises RuntimeError, as cuda.core does. ``GraphMemoryResource(device)`` is one object per device."""

    _instances: Dict[int, "GraphMemoryResource"] = {}
    _instances_lock = threading.Lock()
    _device_id: int

    def __new__(cls, device_id: Any) -> "GraphMemoryResource":
        ordinal = device_ordinal(device_id)
        self = cls._instances.get(ordinal)
        if self is None:
            with cls._instances_lock:
                self = cls._instances.get(ordinal)
                if self is None:
                    self = object.__new__(cls)
                    self._device_id = ordinal
                    cls._instances[ordinal] = self
        return self

    @staticmethod
    def _capturing(stream: Any) -> int:
        """The CUstream int of ``stream`` (a Stream, a GraphBuilder or an object with ``__cuda_stream__``), which
        must be capturing a graph (an invalidated capture is refused too)."""
        h = stream_handle(stream)
        drv = _utils.driver()
        if check(drv.cuStreamIsCapturing(h)) != drv.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_ACTIVE:
            raise RuntimeError("GraphMemoryResource cannot perform memory operations on a non-capturing stream.")
        return h

    def allocate(self, size: int, *, stream: Any) -> Buffer:  # type: ignore[override]
        """A Buffer of ``size`` bytes allocated by the graph being captured on ``stream`` (an allocation node;
        freeing it in the same capture adds a free node, else the memory outlives the graph's launches until
        freed, or the next launch where the graph was completed with ``auto_free_on_launch``)."""
        size = check_size(size)
        h = self._capturing(stream)
        if not size:
            return Buffer._make(0, 0, self, stream)
        ptr = int(check(_utils.driver().cuMemAllocAsync(size, h)))  # the capture's context: the stream's
        # a builder's Stream orders the free (a free node while it captures; once a builder that made its
        # stream is closed, the legacy default stream), not the builder, which refuses use once closed
        builder = _registry.lookup("GraphBuilder")
        return Buffer._make(ptr, size, self, stream.stream if isinstance(stream, builder) else stream)

    def deallocate(self, ptr: int, size: int, *, stream: Any = None) -> None:
        """Free ``ptr`` in stream order: inside the graph where ``stream`` is capturing, else on ``stream``
        (None: the device's default stream) for memory a launched graph left allocated."""
        if not ptr:
            return
        h = stream_or_default(stream, self._device_id)
        check(_utils.driver().cuMemFreeAsync(ptr, h))

    def trim(self) -> None:
        """Give the device's unused graph memory back to the OS (``cuDeviceGraphMemTrim``)."""
        check(_utils.driver().cuDeviceGraphMemTrim(self._device_id))

    @property
    def attributes(self) -> "GraphMemoryResourceAttributes":
        """The device's graph memory figures (``cuDeviceGetGraphMemAttribute``), read when asked."""
        return GraphMemoryResourceAttributes._init(self._device_id)

    @property
    def device_id(self) -> int:
        return self._device_id

    @property
    def is_device_accessible(self) -> bool:
        return True

    @property
    def is_host_accessible(self) -> bool:
        return False

    def close(self) -> None:
        """Nothing to release: the graph memory pool is the device's."""

    def __repr__(self) -> str:
        return "<GraphMemoryResource device=%d>" % self._device_id


def _refuse(name: str) -> None:
    """AttributeError as cuda.core's read-only attributes raise it."""
    raise AttributeError("attribute '%s' of 'GraphMemoryResourceAttributes' objects is not writable" % name)


class GraphMemoryResourceAttributes:
    """A device's graph memory in bytes: ``used_mem_current`` / ``used_mem_high`` (held by graphs),
    ``reserved_mem_current`` / ``reserved_mem_high`` (backing memory); a high watermark is reset to the
    current figure by assigning 0 to it (AttributeError for anything else, and for the current figures, as
    cuda.core raises)."""

    __slots__ = ("_device_id",)
    _device_id: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("GraphMemoryResourceAttributes cannot be instantiated directly. Please use MemoryResource "
                           "APIs.")

    @classmethod
    def _init(cls, device_id: int) -> "GraphMemoryResourceAttributes":
        self = object.__new__(cls)
        self._device_id = device_id
        return self

    def _get(self, name: str) -> int:
        drv = _utils.driver()
        attr = getattr(drv.CUgraphMem_attribute, "CU_GRAPH_MEM_ATTR_" + name)
        return int(check(drv.cuDeviceGetGraphMemAttribute(self._device_id, attr)))

    def _reset(self, name: str, value: Any) -> None:
        if value != 0:
            raise AttributeError("Attribute '%s' may only be set to zero (got %s)." % (name.lower(), value))
        drv = _utils.driver()
        attr = getattr(drv.CUgraphMem_attribute, "CU_GRAPH_MEM_ATTR_" + name)
        check(drv.cuDeviceSetGraphMemAttribute(self._device_id, attr, drv.cuuint64_t(0)))

    @property
    def reserved_mem_current(self) -> int:
        """Backing memory allocated for graphs now, in bytes."""
        return self._get("RESERVED_MEM_CURRENT")

    @reserved_mem_current.setter
    def reserved_mem_current(self, value: Any) -> None:
        _refuse("reserved_mem_current")

    @property
    def reserved_mem_high(self) -> int:
        """The high watermark of reserved_mem_current; assign 0 to reset it."""
        return self._get("RESERVED_MEM_HIGH")

    @reserved_mem_high.setter
    def reserved_mem_high(self, value: Any) -> None:
        self._reset("RESERVED_MEM_HIGH", value)

    @property
    def used_mem_current(self) -> int:
        """Memory in use by graphs now, in bytes."""
        return self._get("USED_MEM_CURRENT")

    @used_mem_current.setter
    def used_mem_current(self, value: Any) -> None:
        _refuse("used_mem_current")

    @property
    def used_mem_high(self) -> int:
        """The high watermark of used_mem_current; assign 0 to reset it."""
        return self._get("USED_MEM_HIGH")

    @used_mem_high.setter
    def used_mem_high(self, value: Any) -> None:
        self._reset("USED_MEM_HIGH", value)

    def __repr__(self) -> str:
        names = ("reserved_mem_current", "reserved_mem_high", "used_mem_current", "used_mem_high")
        return "GraphMemoryResourceAttributes(%s)" % ", ".join("%s=%d" % (n, getattr(self, n)) for n in names)
