"""The process's default memory resource of each device (``Device.memory_resource`` until one is set): the
device's memory pool, or plain ``cuMemAlloc`` where the device has no pools."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Dict

from ._device_resource import DeviceMemoryResource
from ._legacy import SynchronousMemoryResource
from ._resource import MemoryResource

if TYPE_CHECKING:
    from .._device import Device

__all__ = ["default_resource"]

_default_lock = threading.Lock()
_defaults: Dict[int, MemoryResource] = {}  # device ordinal -> the process's default memory resource of that device


def default_resource(device: "Device") -> MemoryResource:
    """``Device.memory_resource`` until one is set: the device's pool, or cuMemAlloc without pools."""
    mr = _defaults.get(device.device_id)
    if mr is None:
        with _default_lock:
            mr = _defaults.get(device.device_id)
            if mr is None:
                if device.properties.memory_pools_supported:
                    mr = DeviceMemoryResource(device.device_id)
                else:
                    mr = SynchronousMemoryResource(device.device_id)
                _defaults[device.device_id] = mr
    return mr
