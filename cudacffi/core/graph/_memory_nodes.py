"""The nodes that touch memory: MemcpyNode (a one-dimensional copy), MemsetNode (a fill), AllocNode (a graph
allocation, at the same address on every launch) and FreeNode (its free).
"""

from __future__ import annotations

import sys
from typing import Any, Tuple, Union

from .. import _registry, _utils
from .._memory import Buffer
from .._utils import check
from ..typing import GraphMemoryType
from ._nodes import GraphNode
from ._params import address, as_uint, current_context, memcpy_params, memory_kind, memset_params

__all__ = ["AllocNode", "FreeNode", "MemcpyNode", "MemsetNode"]


@_registry.provides
class MemcpyNode(GraphNode):
    """A one-dimensional copy."""

    __slots__ = ()

    def _describe(self) -> str:
        dst, src, size = self._cp()
        drv = _utils.driver()
        return " dst=0x%x(%s) src=0x%x(%s) size=%d" % (dst, memory_kind(drv, dst), src, memory_kind(drv, src), size)

    def _cp(self) -> Tuple[int, int, int]:
        got = self._info.get("memcpy")
        if got is None:
            p = self._params("cuGraphMemcpyNodeGetParams")
            got = (int(p.dstDevice), int(p.srcDevice), p.WidthInBytes)
        return got

    @property
    def dst(self) -> int:
        """The destination address."""
        return self._cp()[0]

    @property
    def src(self) -> int:
        """The source address."""
        return self._cp()[1]

    @property
    def size(self) -> int:
        """The number of bytes copied."""
        return self._cp()[2]

    def update(self, *, dst: Union[Buffer, int, None] = None, src: Union[Buffer, int, None] = None,
               size: Any = None, dst_owner: Any = None, src_owner: Any = None) -> None:
        """Change the copy: what is not given stays."""
        old = self._cp()
        dptr, dkeep = (old[0], None) if dst is None else address(dst, dst_owner, "dst")
        sptr, skeep = (old[1], None) if src is None else address(src, src_owner, "src")
        size = old[2] if size is None else as_uint(size, "size")
        uses = self._info.get("uses") or (None, None)  # what the old parameters used and the new still use
        dkeep = uses[0] if dst is None else dkeep
        skeep = uses[1] if src is None else skeep
        drv = _utils.driver()
        current_context()
        params = memcpy_params(drv, dptr, sptr, size)
        self._set_params((dkeep, skeep), lambda d, h: check(d.cuGraphMemcpyNodeSetParams(h, params)))
        self._info["memcpy"] = (dptr, sptr, size)


@_registry.provides
class MemsetNode(GraphNode):
    """A fill of rows of 1-, 2- or 4-byte elements."""

    __slots__ = ()

    def _describe(self) -> str:
        p = self._mp()
        return " dptr=0x%x value=%d" % (int(p.dst), p.value)

    def _mp(self) -> Any:
        return self._params("cuGraphMemsetNodeGetParams")

    @property
    def dptr(self) -> int:
        """The destination address."""
        return int(self._mp().dst)

    @property
    def value(self) -> int:
        """The fill value."""
        return self._mp().value

    @property
    def element_size(self) -> int:
        """The element size (1, 2 or 4 bytes)."""
        return self._mp().elementSize

    @property
    def width(self) -> int:
        """The row width in elements."""
        return self._mp().width

    @property
    def height(self) -> int:
        """The number of rows."""
        return self._mp().height

    @property
    def pitch(self) -> int:
        """The bytes between rows."""
        return self._mp().pitch

    def update(self, *, dst: Union[Buffer, int, None] = None, value: Any = None, width: Any = None,
               height: Any = None, pitch: Any = None, dst_owner: Any = None) -> None:
        """Change the fill: what is not given stays (``value`` keeps its element size where it is an int of a
        node filling wider elements)."""
        p = self._mp()
        if dst is None:  # the old destination and what it keeps stay
            dptr, dkeep = int(p.dst), (self._info.get("uses") or (None,))[0]
        else:
            dptr, dkeep = address(dst, dst_owner, "dst")
        if value is None:
            value = p.value.to_bytes(p.elementSize, sys.byteorder)
        elif isinstance(value, int) and not isinstance(value, bool) and p.elementSize != 1:
            as_uint(value, "value", 0, 1 << (8 * p.elementSize))
            value = value.to_bytes(p.elementSize, sys.byteorder)
        drv = _utils.driver()
        params = memset_params(drv, dptr, value, p.width if width is None else width,
                               p.height if height is None else height, p.pitch if pitch is None else pitch)
        current_context()
        self._set_params((dkeep,), lambda d, h: check(d.cuGraphMemsetNodeSetParams(h, params)))


@_registry.provides
class AllocNode(GraphNode):
    """A memory allocation; ``dptr`` is its address, the same on every launch."""

    __slots__ = ()

    def _describe(self) -> str:
        return " dptr=0x%x size=%d" % (self.dptr, self.bytesize)

    def _ap(self, key: str) -> Any:
        if "dptr" not in self._info:
            p = self._params("cuGraphMemAllocNodeGetParams")
            loc = p.poolProps.location
            host = loc.type == _utils.driver().CUmemLocationType.CU_MEM_LOCATION_TYPE_HOST
            self._info.update(dptr=int(p.dptr), bytesize=p.bytesize, device_id=-1 if host else loc.id,
                              memory_type=GraphMemoryType.HOST if host else GraphMemoryType.DEVICE,
                              peer_access=tuple(d.location.id for d in p.accessDescs[:p.accessDescCount]))
        return self._info[key]

    @property
    def dptr(self) -> int:
        """The allocation's address."""
        return self._ap("dptr")

    @property
    def bytesize(self) -> int:
        """The allocation's size in bytes."""
        return self._ap("bytesize")

    @property
    def device_id(self) -> int:
        """The device allocated on."""
        return self._ap("device_id")

    @property
    def memory_type(self) -> str:
        """Where the memory lives: "device", "host" or "managed"."""
        return str(self._ap("memory_type"))

    @property
    def peer_access(self) -> Tuple[int, ...]:
        """The other devices given access."""
        return self._ap("peer_access")


@_registry.provides
class FreeNode(GraphNode):
    """A free of a graph allocation."""

    __slots__ = ()

    def _describe(self) -> str:
        return " dptr=0x%x" % self.dptr

    @property
    def dptr(self) -> int:
        """The address freed."""
        return int(self._params("cuGraphMemFreeNodeGetParams"))
