"""Multi-Instance GPU (``MigInfo``, from ``Device.mig``): the MIG mode, and the MIG devices of a GPU and the GPU
of a MIG device."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, cast

from ._args import _int_arg
from ._device_class import _DevicePart, from_handle
from ._nvml import _nv
from ._records import MODULE
from .exceptions import NotFoundError

if TYPE_CHECKING:
    from ._device import Device


class MigInfo:
    """Multi-Instance GPU facts of a device (``Device.mig``)."""

    __slots__ = ("_handle",)
    __module__ = MODULE

    def __init__(self, device: Device) -> None:
        self._handle = device._handle

    @property
    def is_mig_device(self) -> bool:
        """Whether this handle is a MIG device (a compute instance) rather than a whole GPU."""
        return bool(_nv.device_is_mig_device_handle(self._handle))

    @property
    def mode(self) -> bool:
        """Whether MIG mode is on; settable (needs root, may need a GPU reset)."""
        return bool(_nv.device_get_mig_mode(self._handle)[0])

    @mode.setter
    def mode(self, mode: bool) -> None:
        _nv.device_set_mig_mode(self._handle, 1 if mode else 0)

    @property
    def pending_mode(self) -> bool:
        """The MIG mode after the next reset."""
        return bool(_nv.device_get_mig_mode(self._handle)[1])

    @property
    def device_count(self) -> int:
        """How many MIG devices this GPU can hold (NotSupportedError where MIG is not supported)."""
        return _nv.device_get_max_mig_device_count(self._handle)

    @property
    def parent(self) -> Device:
        """The whole GPU of this MIG device."""
        return from_handle(_nv.device_get_device_handle_from_mig_device_handle(self._handle))

    def get_device_by_index(self, index: int) -> Device:
        """MIG device ``index`` (0 to ``device_count - 1``; NVML's error for any other)."""
        index = _int_arg(index, "index", 0, 0xFFFFFFFF)
        return from_handle(_nv.device_get_mig_device_handle_by_index(self._handle, index))

    def get_all_devices(self) -> List[Device]:
        """The MIG devices that exist now under this GPU."""
        found = []
        for i in range(self.device_count):
            try:
                found.append(from_handle(_nv.device_get_mig_device_handle_by_index(self._handle, i)))
            except NotFoundError:
                continue
        return found


class _Mig(_DevicePart):
    """``system.Device``'s MIG facts."""

    __slots__ = ()

    @property
    def mig(self) -> MigInfo:
        return MigInfo(cast("Device", self))
