"""``system.Device`` for the modules below ``_device.py`` (its mixins), without importing upward.

A MIG device's parent, a device event's device and an NVLink's owner are ``system.Device`` objects, made or checked
in modules that ``_device.py`` itself imports. ``_device.py`` registers the class as it is defined
(``@_registry.provides_as(SYSTEM_DEVICE)``); they ask for it when called.
"""

from __future__ import annotations

from typing import Any

from .. import _registry

SYSTEM_DEVICE = "system.Device"  # (``Device`` in the registry is cudacffi.core.Device)


def device_class() -> Any:
    """``system.Device``."""
    return _registry.lookup(SYSTEM_DEVICE)


def from_handle(handle: int) -> Any:
    """The ``system.Device`` of NVML handle ``handle``."""
    return _registry.lookup(SYSTEM_DEVICE)._from_handle(handle)


class _DevicePart:
    """One concept's part of ``system.Device`` (a mixin of it): its properties and methods read the device's NVML
    handle."""

    __slots__ = ()
    _handle: int
