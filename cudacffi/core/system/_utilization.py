"""The work on a device: how busy it is (``Device.utilization``) and the processes with a compute context on it
(``Device.compute_running_processes``)."""

from __future__ import annotations

from typing import List

from cudacffi import nvml

from ._device_class import _DevicePart
from ._nvml import _nv
from ._records import MODULE, _field, _Record

_INVALID_ID = 0xFFFFFFFF  # an instance id outside MIG


class Utilization(_Record):
    """Percent of the last sample period that kernels ran (gpu) and memory was read or written."""

    __slots__ = ("_gpu", "_memory")
    __module__ = MODULE
    _fields = ("gpu", "memory")
    gpu, memory = (_field(f) for f in _fields)


class ProcessInfo:
    """A process with a compute context on the device: ``pid``, ``used_gpu_memory`` (bytes) and, on MIG devices
    only, ``gpu_instance_id`` and ``compute_instance_id`` (elsewhere they raise NotSupportedError)."""

    __slots__ = ("pid", "used_gpu_memory", "_gpu_instance_id", "_compute_instance_id")
    __module__ = MODULE

    def __init__(self, pid: int, used_gpu_memory: int, gpu_instance_id: int, compute_instance_id: int) -> None:
        self.pid, self.used_gpu_memory = pid, used_gpu_memory
        self._gpu_instance_id, self._compute_instance_id = gpu_instance_id, compute_instance_id

    @staticmethod
    def _mig_only(value):
        if value == _INVALID_ID:
            raise nvml.NotSupportedError(nvml.Return.ERROR_NOT_SUPPORTED)
        return value

    @property
    def gpu_instance_id(self) -> int:
        return self._mig_only(self._gpu_instance_id)

    @property
    def compute_instance_id(self) -> int:
        return self._mig_only(self._compute_instance_id)

    def __repr__(self):
        return "ProcessInfo(pid=%d, used_gpu_memory=%d)" % (self.pid, self.used_gpu_memory)


class _Work(_DevicePart):
    """``system.Device``'s utilization and processes."""

    __slots__ = ()

    @property
    def compute_running_processes(self) -> List[ProcessInfo]:
        """The processes with a compute context on the device (ProcessInfo)."""
        return [ProcessInfo(p.pid, p.used_gpu_memory, p.gpu_instance_id, p.compute_instance_id)
                for p in _nv.device_get_compute_running_processes_v3(self._handle)]

    @property
    def utilization(self) -> Utilization:
        u = _nv.device_get_utilization_rates(self._handle)
        return Utilization(u.gpu, u.memory)
