"""A device's memory as NVML reports it: framebuffer and BAR1 totals (``Device.memory_info``,
``Device.bar1_memory_info``)."""

from __future__ import annotations

from ._device_class import _DevicePart
from ._nvml import _nv
from ._records import MODULE, _field, _Record


class MemoryInfo(_Record):
    """Device memory in bytes: free, total, used, and reserved by the driver and firmware."""

    __slots__ = ("_free", "_total", "_used", "_reserved")
    __module__ = MODULE
    _fields = ("free", "total", "used", "reserved")
    free, total, used, reserved = (_field(f) for f in _fields)


class BAR1MemoryInfo(MemoryInfo):
    """BAR1 memory in bytes (free, total, used; reserved is 0): the window through which the CPU and peers reach
    device memory."""

    __slots__ = ()
    __module__ = MODULE


class _Memory(_DevicePart):
    """``system.Device``'s memory figures."""

    __slots__ = ()

    @property
    def memory_info(self) -> MemoryInfo:
        m = _nv.device_get_memory_info_v2(self._handle)
        return MemoryInfo(m.free, m.total, m.used, m.reserved)

    @property
    def bar1_memory_info(self) -> BAR1MemoryInfo:
        m = _nv.device_get_bar1_memory_info(self._handle)
        return BAR1MemoryInfo(m.bar1Free, m.bar1Total, m.bar1Used, 0)
