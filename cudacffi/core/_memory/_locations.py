"""Where managed memory lives or goes: ``Host`` (the CPU, any NUMA node, one node, or the calling thread's) beside
``Device``, as the (kind, id) pairs the driver's location structs and device-ordinal entry points take.

The driver is asked through the location-struct entry points (``cuMemAdvise`` / ``cuMemPrefetchAsync`` of a CUDA
13 build, ``cuMemAdvise_v2`` / ``cuMemPrefetchAsync_v2`` of a CUDA 12.2+ build on a 12.2+ driver); elsewhere
through the device-ordinal ones, which cannot name a host NUMA node (``ordinal`` then raises TypeError).
"""

from __future__ import annotations

import operator
import threading
from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple, Union

from .. import _context, _registry, _utils
from .._utils import check

if TYPE_CHECKING:
    from .._device import Device

__all__ = ["Host", "by_struct", "driver_version", "is_location", "located", "location_of", "mem_location",
           "ordinal"]

Location = Tuple[str, Optional[int]]  # (kind, id): "device", "host", "host_numa" or "host_numa_current"


class Host:
    """The host (CPU) as a location for managed memory: ``Host()`` any NUMA node, ``Host(numa_id=N)`` node
    N, ``Host.numa_current()`` (or ``Host(is_numa_current=True)``) the calling thread's node. One object per
    distinct location, so ``Host() is Host()``; picklable."""

    __slots__ = ("_numa_id", "_is_numa_current", "__weakref__")
    _numa_id: Optional[int]
    _is_numa_current: bool

    _instances: Dict[Tuple[Optional[int], bool], "Host"] = {}
    _lock = threading.Lock()

    def __new__(cls, numa_id: Optional[int] = None, *, is_numa_current: bool = False) -> "Host":
        is_numa_current = bool(is_numa_current)  # taken by its truth, as cuda.core does
        if numa_id is not None:
            if is_numa_current:
                raise ValueError("numa_id and is_numa_current are mutually exclusive")
            numa_id = _numa_node(numa_id)
        key = (numa_id, is_numa_current)
        self = cls._instances.get(key)
        if self is None:
            with cls._lock:
                self = cls._instances.get(key)
                if self is None:
                    self = object.__new__(cls)
                    self._numa_id = numa_id
                    self._is_numa_current = is_numa_current
                    cls._instances[key] = self
        return self

    @classmethod
    def numa_current(cls) -> "Host":
        """The NUMA node of the calling thread (the driver resolves it at each call that uses it)."""
        return cls(is_numa_current=True)

    @property
    def numa_id(self) -> Optional[int]:
        """The NUMA node, or None where this location names no particular node."""
        return self._numa_id

    @property
    def is_numa_current(self) -> bool:
        return self._is_numa_current

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Host):
            return NotImplemented
        return self is other

    def __hash__(self) -> int:
        return hash((Host, self._numa_id, self._is_numa_current))

    def __reduce__(self) -> Any:
        if self._is_numa_current:
            return (Host.numa_current, ())
        return (Host, (self._numa_id,))

    def __repr__(self) -> str:
        if self._is_numa_current:
            return "Host.numa_current()"
        return "Host()" if self._numa_id is None else "Host(numa_id=%d)" % self._numa_id


def _numa_node(numa_id: Any) -> int:
    """``numa_id`` as an int >= 0: ints and, beyond cuda.core, numpy integers and anything with ``__index__``;
    ValueError (cuda.core's type and message) for the rest, bools included."""
    if numa_id.__class__ is not int and not isinstance(numa_id, bool):
        try:
            numa_id = operator.index(numa_id)
        except TypeError:
            pass
    if numa_id.__class__ is not int or numa_id < 0:
        raise ValueError("numa_id must be a non-negative int, got %r" % (numa_id,))
    return numa_id


def is_location(value: Any) -> bool:
    """Whether ``value`` is a Device or a Host."""
    return isinstance(value, (_registry.lookup("Device"), Host))


def location_of(value: Any, what: str = "location") -> Location:
    """``(kind, id)`` of a Device or Host: kind is "device", "host", "host_numa" or "host_numa_current"."""
    if isinstance(value, _registry.lookup("Device")):
        return ("device", value.device_id)
    if isinstance(value, Host):
        if value._is_numa_current:
            return ("host_numa_current", 0)
        if value._numa_id is not None:
            return ("host_numa", value._numa_id)
        return ("host", 0)
    if value is None:
        raise ValueError("%s is required: a Device or a Host" % what)
    raise TypeError("%s must be a Device or a Host, not %s" % (what, type(value).__name__))


def located(kind: str, ident: Optional[int]) -> Union["Device", Host]:
    """The Device or Host a (kind, id) pair names."""
    if kind == "device":
        return _context.device(ident)
    if kind == "host_numa":
        return Host(numa_id=ident)
    if kind == "host_numa_current":
        return Host.numa_current()
    return Host()


def driver_version() -> int:
    """The driver's CUDA version (``cuDriverGetVersion``: 12020 for 12.2)."""
    return int(check(_utils.driver().cuDriverGetVersion()))


def by_struct(drv: Any) -> bool:
    """Whether advice and prefetches go through a CUmemLocation (else through a device ordinal)."""
    if drv.CUDA_VERSION >= 13000:
        return True
    return hasattr(drv, "cuMemAdvise_v2") and driver_version() >= 12020


def mem_location(drv: Any, loc: Location) -> Any:
    """The CUmemLocation of a (kind, id) pair."""
    types = drv.CUmemLocationType
    out = drv.CUmemLocation()
    out.type = {"device": types.CU_MEM_LOCATION_TYPE_DEVICE, "host": types.CU_MEM_LOCATION_TYPE_HOST,
                "host_numa": types.CU_MEM_LOCATION_TYPE_HOST_NUMA,
                "host_numa_current": types.CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT}[loc[0]]
    out.id = loc[1]
    return out


def ordinal(loc: Location, what: str = "location") -> Optional[int]:
    """The device ordinal of a (kind, id) pair for the ordinal entry points (CU_DEVICE_CPU for the host)."""
    if loc[0] == "device":
        return loc[1]
    if loc[0] == "host":
        return -1  # CU_DEVICE_CPU
    raise TypeError("%s: Host(numa_id=...) and Host.numa_current() need a CUDA 12.2+ driver and a build from "
                    "CUDA 12.2+ headers (cuMemAdvise_v2 / cuMemPrefetchAsync_v2); use Host()" % what)
