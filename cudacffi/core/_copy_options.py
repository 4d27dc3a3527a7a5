"""``CopyOptions`` and its enums: the hints of one copy (how its source is read, where its ends live, whether it
may overlap compute). ``copy_batch`` passes them to the driver's batched copy; ``Buffer.copy_to`` / ``copy_from``
honour DURING_API_CALL by waiting for the copy. Below Buffer: it imports no memory module.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from . import _registry

__all__ = ["CopyOptions", "MemcpyOverlapMode", "MemcpySrcAccessOrder", "is_host_location"]


class _StrEnum(str, enum.Enum):
    """A str-valued enum whose members print as their value (``str(m) == m.value``)."""

    __str__ = str.__str__
    __format__ = str.__format__  # type: ignore[assignment]


class MemcpySrcAccessOrder(_StrEnum):
    """Source access order hint for batched memcpy operations (``CUmemcpySrcAccessOrder``): STREAM reads the
    source in stream order; DURING_API_CALL reads it before ``copy_batch`` returns; ANY at any time until the
    copy completes in stream order."""

    STREAM = "stream"
    DURING_API_CALL = "during_api_call"
    ANY = "any"


class MemcpyOverlapMode(_StrEnum):
    """Overlap mode hint for batched memcpy operations (``CUmemcpyFlags``): DEFAULT, or
    PREFER_OVERLAP_WITH_COMPUTE (advisory)."""

    DEFAULT = "default"
    PREFER_OVERLAP_WITH_COMPUTE = "prefer_overlap_with_compute"


def is_host_location(hint: Any) -> bool:
    """A ``Host`` location (cudacffi.core.Host or anything shaped like it: ``numa_id``, ``is_numa_current``)."""
    return type(hint).__name__ == "Host" and hasattr(hint, "numa_id") and hasattr(hint, "is_numa_current")


def _location_ok(hint: Any) -> bool:
    return hint is None or isinstance(hint, _registry.lookup("Device")) or is_host_location(hint)


@dataclasses.dataclass(frozen=True)
class CopyOptions:
    """Attribute bundle for a single copy within a batched memcpy: how the source is read
    (``src_access_order``), where the source and destination live (hints, for managed and pageable memory:
    a Device, a Host or None) and whether to prefer overlapping compute (``overlap_mode``). Immutable and
    hashable; strings are turned into the enums at construction, so a typo fails there."""

    src_access_order: Any = "stream"
    src_location_hint: Any = None
    dst_location_hint: Any = None
    overlap_mode: Any = "default"

    def __post_init__(self) -> None:
        for name, enum_type in (("src_access_order", MemcpySrcAccessOrder), ("overlap_mode", MemcpyOverlapMode)):
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, enum_type(value))
            except (ValueError, TypeError):
                raise ValueError("invalid %s: %r (one of %s)" % (name, value, ", ".join(repr(m.value)
                                                                                     for m in enum_type))) from None
        for name in ("src_location_hint", "dst_location_hint"):
            if not _location_ok(getattr(self, name)):
                raise TypeError("%s must be a Device, a Host or None, not %s"
                                % (name, type(getattr(self, name)).__name__))
