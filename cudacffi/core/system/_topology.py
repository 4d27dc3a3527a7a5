"""Where a device sits: its CPU and memory affinity, the GPUs near it, and between two GPUs their common ancestor
and peer-to-peer status (``get_topology_common_ancestor``, ``get_p2p_status``)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Callable, List, Union, cast

from ._args import _enum_arg, _int_arg
from ._device_class import _DevicePart, device_class
from ._nvml import _init, _nv, c_sizeof
from .typing import AffinityScope, GpuP2PCapsIndex, GpuP2PStatus, GpuTopologyLevel

if TYPE_CHECKING:
    from ._device import Device

_AFFINITY = {AffinityScope.NODE: 0, AffinityScope.SOCKET: 1}
_TOPOLOGY = {GpuTopologyLevel.INTERNAL: 0, GpuTopologyLevel.SINGLE: 10, GpuTopologyLevel.MULTIPLE: 20,
             GpuTopologyLevel.HOSTBRIDGE: 30, GpuTopologyLevel.NODE: 40, GpuTopologyLevel.SYSTEM: 50}
_P2P_INDEX = {GpuP2PCapsIndex.READ: 0, GpuP2PCapsIndex.WRITE: 1, GpuP2PCapsIndex.NVLINK: 2,
              GpuP2PCapsIndex.ATOMICS: 3, GpuP2PCapsIndex.PCI: 4, GpuP2PCapsIndex.PROP: 4,
              GpuP2PCapsIndex.UNKNOWN: 5}


class _Topology(_DevicePart):
    """``system.Device``'s affinity and nearest GPUs."""

    __slots__ = ()

    @classmethod
    def get_all_devices_with_cpu_affinity(cls, cpu_index: int) -> List[Device]:
        """The GPUs with affinity to CPU ``cpu_index`` (Linux)."""
        cpu_index = _int_arg(cpu_index, "cpu_index", 0, 0xFFFFFFFF)
        _init()
        device = cast(Any, cls)  # system.Device, or a subclass of it
        return [device._from_handle(h) for h in _nv.system_get_topology_gpu_set(cpu_index)]

    def get_memory_affinity(self, scope: Union[AffinityScope, str] = AffinityScope.NODE) -> List[int]:
        """The NUMA nodes (or CPU sockets, for AffinityScope.SOCKET) nearest the device's memory (Linux)."""
        return self._affinity(_nv.device_get_memory_affinity, scope)

    def get_cpu_affinity(self, scope: Union[AffinityScope, str] = AffinityScope.NODE) -> List[int]:
        """The CPUs nearest the device, within the NUMA node or CPU socket ``scope`` (Linux)."""
        return self._affinity(_nv.device_get_cpu_affinity_within_scope, scope)

    def _affinity(self, function: Callable[..., Any], scope: Union[AffinityScope, str]) -> List[int]:
        code = _AFFINITY[_enum_arg(AffinityScope, scope, "affinity scope")]
        bits = c_sizeof("unsigned long") * 8
        words = max(16, ((os.cpu_count() or 1) + bits - 1) // bits + 1)
        mask = function(self._handle, words, code)
        return [w * bits + b for w in range(words) for b in range(bits) if (mask[w] >> b) & 1]

    def set_cpu_affinity(self) -> None:
        """Bind the calling thread to the CPUs nearest the device (Linux)."""
        _nv.device_set_cpu_affinity(self._handle)

    def clear_cpu_affinity(self) -> None:
        """Undo ``set_cpu_affinity`` for the calling thread (Linux)."""
        _nv.device_clear_cpu_affinity(self._handle)

    def get_topology_nearest_gpus(self, level: Union[GpuTopologyLevel, str]) -> List[Device]:
        """The GPUs connected to this one at GpuTopologyLevel ``level`` (Linux)."""
        code = _TOPOLOGY[_enum_arg(GpuTopologyLevel, level, "topology level")]
        device = device_class()
        return [device._from_handle(h) for h in _nv.device_get_topology_nearest_gpus(self._handle, code)]


def _device_arg(value, name):
    if not isinstance(value, device_class()):
        raise TypeError("%s must be a cudacffi.core.system.Device, not %s" % (name, type(value).__name__))
    return value._handle


def get_topology_common_ancestor(device1: Device, device2: Device) -> GpuTopologyLevel:
    """The GpuTopologyLevel of the nearest common ancestor of two GPUs (Linux)."""
    h1, h2 = _device_arg(device1, "device1"), _device_arg(device2, "device2")
    level = _nv.device_get_topology_common_ancestor(h1, h2)
    return {v: k for k, v in _TOPOLOGY.items()}[int(level)]


def get_p2p_status(device1: Device, device2: Device, index: Union[GpuP2PCapsIndex, str]) -> GpuP2PStatus:
    """The GpuP2PStatus of peer-to-peer capability ``index`` (GpuP2PCapsIndex or its value) between two GPUs."""
    h1, h2 = _device_arg(device1, "device1"), _device_arg(device2, "device2")
    caps = _P2P_INDEX[_enum_arg(GpuP2PCapsIndex, index, "P2P caps index")]
    status = int(_nv.device_get_p2p_status(h1, h2, caps))
    members = list(GpuP2PStatus)
    return members[status] if 0 <= status < len(members) else GpuP2PStatus.UNKNOWN

