"""A device's InfoROM (``InforomInfo``, from ``Device.inforom``): its objects' versions and checksums."""

from __future__ import annotations

from typing import TYPE_CHECKING, Tuple, Union, cast

from ._args import _enum_arg
from ._device_class import _DevicePart
from ._nvml import _nv
from ._records import MODULE
from .typing import InforomObject

if TYPE_CHECKING:
    from ._device import Device

_INFOROM = {InforomObject.OEM: 0, InforomObject.ECC: 1, InforomObject.POWER: 2, InforomObject.DEN: 3}


class InforomInfo:
    """The InfoROM of a device (``Device.inforom``)."""

    __slots__ = ("_handle",)
    __module__ = MODULE

    def __init__(self, device: Device) -> None:
        self._handle = device._handle

    def get_version(self, inforom: Union[InforomObject, str]) -> str:
        """The version of InfoROM object ``inforom`` (InforomObject or its value)."""
        inforom = _enum_arg(InforomObject, inforom, "InfoROM object")
        return _nv.device_get_inforom_version(self._handle, _INFOROM[inforom])

    @property
    def image_version(self) -> str:
        return _nv.device_get_inforom_image_version(self._handle)

    @property
    def configuration_checksum(self) -> int:
        return _nv.device_get_inforom_configuration_checksum(self._handle)

    def validate(self) -> None:
        """Read the InfoROM and check its checksums (raises CorruptedInforomError)."""
        _nv.device_validate_inforom(self._handle)

    @property
    def bbx_flush_time(self) -> Tuple[int, int]:
        """(timestamp, duration in microseconds) of the last flush of the black-box object."""
        return tuple(_nv.device_get_last_bbx_flush_time(self._handle))

    @property
    def board_part_number(self) -> str:
        return _nv.device_get_board_part_number(self._handle)


class _Inforom(_DevicePart):
    """``system.Device``'s InfoROM."""

    __slots__ = ()

    @property
    def inforom(self) -> InforomInfo:
        return InforomInfo(cast("Device", self))
