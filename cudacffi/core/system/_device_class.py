"""``system.Device`` for the modules below ``_device.py``, without importing upward.

A MIG device's parent, a device event's device and an NVLink's owner are ``system.Device`` objects, made or checked
in modules that ``_device.py`` itself imports (its mixins). ``_device.py`` registers the class as it is defined
(``@provides``); they ask for it when called. (``cudacffi.core._registry`` keys its classes by name, and
``Device`` there is ``cudacffi.core.Device``.)
"""

from __future__ import annotations

from typing import Any, List

_device: List[Any] = []


def provides(cls: type) -> type:
    """Class decorator: register ``cls`` as ``system.Device``."""
    if _device and _device[0] is not cls:
        raise RuntimeError("cudacffi.core.system: two Device classes registered")
    _device[:] = [cls]
    return cls


def device_class() -> Any:
    """``system.Device``."""
    return _device[0]


def from_handle(handle: int) -> Any:
    """The ``system.Device`` of NVML handle ``handle``."""
    return _device[0]._from_handle(handle)


class _DevicePart:
    """One concept's part of ``system.Device`` (a mixin of it): its properties and methods read the device's NVML
    handle."""

    __slots__ = ()
    _handle: int
