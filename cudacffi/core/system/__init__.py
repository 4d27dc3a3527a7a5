"""cudacffi.core.system: the machine as NVML sees it (``from cudacffi.core import system``), cuda.core 1.2.2's
``cuda.core.system`` on cudacffi's own NVML bindings (``cudacffi.nvml``).

Module functions answer for the whole machine (``get_num_devices``, ``get_driver_branch``,
``get_kernel_mode_driver_version``, ``get_process_name``, ``get_p2p_status``, ``register_events`` ...);
``system.Device`` is one GPU as NVML sees it (name, UUID, PCI, memory, clocks, fans, temperatures, NVLinks,
CPU affinity, field values, events, MIG, InfoROM ...), ``Device.to_cuda_device()`` its ``cudacffi.core.Device``.
Importing loads nothing; NVML is initialised once per process, on the first call that needs it. Without an
NVIDIA driver every call raises ``LibraryNotFoundError`` (an ``NvmlError``), never crashes. NVML's errors are
``cudacffi.nvml``'s classes under cuda.core's names, here and in ``cudacffi.core.system.exceptions``.

The enums the signatures name (``GpuP2PStatus``, ``GpuTopologyLevel``, ``ClockType`` ...) are string enums,
defined in ``cudacffi.core.system.typing`` (with ``DeviceArch`` and ``FieldId``) and exported here too; wherever
one is asked for, its value string is accepted too.
Beyond cuda.core, and kept from cudacffi's earlier ``system`` object: ``system.num_devices``,
``system.driver_version`` ((major, minor) of the CUDA driver) and ``system.devices`` (every
``cudacffi.core.Device``), answered by the CUDA driver, not NVML.

One concept a file, bottom up: ``typing`` and ``exceptions`` (public); ``_nvml`` (NVML initialised once, its
calls, the seam ``cudacffi._direct.nvml``), ``_args`` (arguments and answers converted), ``_records`` (the shapes
of answers), ``_system`` (the machine: versions, process names, device count), ``_device_class`` (``Device`` for
the modules below it); one module per part of a device, each a class of ``Device``'s bases: ``_memory``,
``_utilization``, ``_clock``, ``_cooling``, ``_thermal``, ``_pcie``, ``_inforom``, ``_fields``, ``_nvlink``,
``_events``, ``_mig``, ``_topology``; then ``_device`` (``Device`` itself: identity and configuration) and
``_system_events``. This module only re-exports.
"""

from typing import Any as _Any

from . import exceptions, typing
# the classes that answers are made of, exported beside __all__ as cuda.core.system exports them
from ._clock import ClockInfo, ClockOffsets, GpuDynamicPstatesInfo, GpuDynamicPstatesUtilization  # noqa: F401
from ._cooling import CoolerInfo, FanInfo  # noqa: F401
from ._device import Device, DeviceAttributes, RepairStatus  # noqa: F401
from ._events import DeviceEvents, EventData  # noqa: F401
from ._fields import FieldValue, FieldValues  # noqa: F401
from ._inforom import InforomInfo  # noqa: F401
from ._memory import BAR1MemoryInfo, MemoryInfo  # noqa: F401
from ._mig import MigInfo  # noqa: F401
from ._nvlink import NvlinkInfo  # noqa: F401
from ._pcie import PciInfo  # noqa: F401
from ._system import (_LEGACY, CUDA_BINDINGS_NVML_IS_COMPATIBLE, get_driver_branch, get_kernel_mode_driver_version,
                      get_num_devices, get_nvml_version, get_process_name, get_user_mode_driver_version)
from ._system_events import RegisteredSystemEvents, SystemEvent, SystemEvents, register_events  # noqa: F401
from ._thermal import Temperature, ThermalSensor, ThermalSettings  # noqa: F401
from ._topology import get_p2p_status, get_topology_common_ancestor
from ._utilization import ProcessInfo, Utilization  # noqa: F401
from .exceptions import *  # noqa: F401,F403 (NVML's errors, as cuda.core.system exports them)
# (exported beside __all__, as the classes above)
from .typing import AddressingMode, AffinityScope, ClockId, ClocksEventReasons, ClockType  # noqa: F401
from .typing import CoolerControl, CoolerTarget, DeviceArch, EventType, FanControlPolicy, FieldId  # noqa: F401
from .typing import GpuP2PCapsIndex, GpuP2PStatus, GpuTopologyLevel, InforomObject, SystemEventType  # noqa: F401
from .typing import TemperatureThresholds, ThermalController, ThermalTarget  # noqa: F401


def __getattr__(name: str) -> _Any:
    """``num_devices``, ``driver_version`` and ``devices``: the CUDA driver's answers, read when asked."""
    try:
        return _LEGACY[name]()
    except KeyError:
        raise AttributeError("module %r has no attribute %r" % (__name__, name)) from None


__all__ = ["CUDA_BINDINGS_NVML_IS_COMPATIBLE", "Device", "NvlinkInfo", "get_driver_branch",
           "get_kernel_mode_driver_version", "get_num_devices", "get_nvml_version", "get_p2p_status",
           "get_process_name", "get_topology_common_ancestor", "get_user_mode_driver_version", "register_events"]
__all__ += exceptions.__all__ + [name for name in typing.__all__ if name != "FieldId"]
