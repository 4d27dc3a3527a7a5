"""The options of the pool resources (``DeviceMemoryResourceOptions``, ``PinnedMemoryResourceOptions``,
``ManagedMemoryResourceOptions``): dataclasses whose fields are typed as cuda.core's, converting each value as it
is assigned. Ranges are checked where the resource is made, as cuda.core does."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Optional

from .. import _utils

__all__ = ["DeviceMemoryResourceOptions", "ManagedMemoryResourceOptions", "PinnedMemoryResourceOptions",
           "as_optional_integer"]


def _as_flag(value: Any, what: str) -> bool:
    return bool(value)


def _as_integer(value: Any, what: str) -> int:
    return int(_utils.as_int(value, what))  # int(): PyPy's operator.index gives a bool back as it is


def as_optional_integer(value: Any, what: str) -> Optional[int]:
    """``value`` as an int through the number protocol (TypeError naming ``what``), or None."""
    return None if value is None else _as_integer(value, what)


class _TypedOptions:
    """The base of the options dataclasses: as cuda.core's typed fields, every assignment (the constructor's
    too) converts the value (``_CONVERT``: field name -> converter; bools by their truth, integers through the
    number protocol, TypeError naming the field for anything else), and a name that is no field is refused
    with AttributeError."""

    __slots__ = ()
    _CONVERT: Dict[str, Callable[[Any, str], Any]] = {}
    __dataclass_fields__: Dict[str, Any]

    def __setattr__(self, name: str, value: Any) -> None:
        convert = self._CONVERT.get(name)
        if convert is not None:
            value = convert(value, name)
        elif name not in self.__dataclass_fields__:
            raise AttributeError("%r object has no attribute %r" % (type(self).__name__, name))
        object.__setattr__(self, name, value)


@dataclass
class DeviceMemoryResourceOptions(_TypedOptions):
    """``ipc_enabled``: the pool can be shared with other processes; ``max_size``: the pool's limit in bytes (0:
    the system's). Beyond cuda.core: ``release_threshold``, bytes the pool keeps when idle (None: unlimited;
    left out of the repr, which reads as cuda.core's)."""

    ipc_enabled: bool = False
    max_size: int = 0
    release_threshold: Optional[int] = field(default=None, repr=False)

    _CONVERT = {"ipc_enabled": _as_flag, "max_size": _as_integer, "release_threshold": as_optional_integer}


@dataclass
class PinnedMemoryResourceOptions(_TypedOptions):
    """``ipc_enabled``, ``max_size`` as for device pools; ``numa_id``: the host NUMA node (None: the current
    device's host NUMA node, or 0)."""

    ipc_enabled: bool = False
    max_size: int = 0
    numa_id: Optional[int] = None

    _CONVERT = {"ipc_enabled": _as_flag, "max_size": _as_integer, "numa_id": as_optional_integer}


@dataclass
class ManagedMemoryResourceOptions(_TypedOptions):
    """``preferred_location`` and ``preferred_location_type``, read together: with the type None, the location
    is a device ordinal, -1 for the host, or None (the driver decides); with type "device" an ordinal >= 0,
    with "host" None, with "host_numa" a NUMA node >= 0 or None (the current device's host node)."""

    preferred_location: Optional[int] = None
    preferred_location_type: Optional[str] = None

    _CONVERT = {"preferred_location": as_optional_integer}
