"""The machine as a whole: how many GPUs NVML sees, the driver's and NVML's versions, process names; and the
CUDA driver's answers of the earlier ``system`` object (``num_devices``, ``driver_version``, ``devices``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, List, Tuple

from cudacffi import check

from .. import _registry, _utils
from ._args import _c_text, _int_arg, _version_tuple
from ._nvml import _init, _nv
from .exceptions import NvmlError

if TYPE_CHECKING:
    from cudacffi.core import Device as CudaDevice

CUDA_BINDINGS_NVML_IS_COMPATIBLE = True
"""Always True: cudacffi's NVML bindings are part of cudacffi itself."""


def get_num_devices() -> int:
    """The number of GPUs NVML sees."""
    _init()
    return _nv.device_get_count_v2()


def get_driver_branch() -> str:
    """The driver's branch, e.g. 'r580_00'."""
    _init()
    return _c_text(_nv.system_get_driver_branch().branch)


def get_nvml_version() -> Tuple[int, ...]:
    """NVML's version as a tuple of ints, e.g. (13, 580, 65, 6)."""
    _init()
    return _version_tuple(_nv.system_get_nvml_version())


def get_kernel_mode_driver_version() -> Tuple[int, ...]:
    """The kernel-mode (GPU) driver's version, e.g. (580, 65, 6)."""
    _init()
    return _version_tuple(_nv.system_get_driver_version())


def get_user_mode_driver_version() -> Tuple[int, ...]:
    """The user-mode (CUDA) driver's version as (major, minor), e.g. (13, 0); asks libcuda, not NVML."""
    v = check(_utils.driver().cuDriverGetVersion())
    return (v // 1000, (v % 1000) // 10)


def get_process_name(pid: int) -> str:
    """The name of process ``pid`` as NVML reports it (the path of its executable, on Linux)."""
    pid = _int_arg(pid, "pid", 0, 0xFFFFFFFF)
    _init()
    # NVML answers from a cache of names that listing a device's processes fills: list them first, as cuda.core
    # does, so that a process found there has its name
    for i in range(_nv.device_get_count_v2()):
        try:
            _nv.device_get_compute_running_processes_v3(_nv.device_get_handle_by_index_v2(i))
        except NvmlError:
            continue
    return _nv.system_get_process_name(pid)


# -- the driver-answered attributes of the earlier ``system`` object ---------------------------------------------

def _legacy_num_devices() -> int:
    return check(_utils.driver().cuDeviceGetCount())


def _legacy_devices() -> List[CudaDevice]:
    return _registry.lookup("Device").get_all_devices()


_LEGACY: Dict[str, Callable[[], Any]] = {"num_devices": _legacy_num_devices,
                                         "driver_version": get_user_mode_driver_version, "devices": _legacy_devices}
