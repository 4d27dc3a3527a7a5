"""A device's NVLinks (``NvlinkInfo``, from ``Device.get_nvlink``): how many it has, each one's version and
state."""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, List, Tuple, cast

from ._args import _int_arg
from ._device_class import _DevicePart, device_class
from ._nvml import _nv
from ._records import MODULE

if TYPE_CHECKING:
    from ._device import Device

_NVLINK_VERSION = {1: (1, 0), 2: (2, 0), 3: (2, 2), 4: (3, 0), 5: (3, 1), 6: (4, 0), 7: (5, 0), 8: (6, 0)}
_NVLINK_MAX_LINKS = 18
_FI_DEV_NVLINK_LINK_COUNT = 91


class _NvlinkInfoMeta(type):
    @property
    def max_links(cls) -> int:
        """NVML_NVLINK_MAX_LINKS, the most links any device has. Deprecated (as in cuda.core): use
        ``Device.get_nvlink_count()``, how many links one device has."""
        warnings.warn("The `max_links` property is deprecated and will be removed in a future release. "
                      "Use `Device.get_nvlink_count` instead.", stacklevel=2)  # cuda.core's UserWarning
        return _NVLINK_MAX_LINKS


class NvlinkInfo(metaclass=_NvlinkInfoMeta):
    """One NVLink of a device (``Device.get_nvlink``)."""

    __slots__ = ("_handle", "_link")
    __module__ = MODULE

    def __init__(self, device: Device, link: int) -> None:
        if not isinstance(device, device_class()):
            raise TypeError("device must be a cudacffi.core.system.Device, not %s" % type(device).__name__)
        self._handle = device._handle
        self._link = _int_arg(link, "link", 0, 0xFFFFFFFF)  # newer NVML has more links than NVLINK_MAX_LINKS

    @property
    def version(self) -> Tuple[int, int]:
        """(major, minor) of the link's NVLink version."""
        v = int(_nv.device_get_nvlink_version(self._handle, self._link))
        if v == 0:
            raise RuntimeError("Invalid NvLink version returned for device")
        try:
            return _NVLINK_VERSION[v]
        except KeyError:
            raise RuntimeError("Unknown NvLink version %d returned for device" % v) from None

    @property
    def state(self) -> bool:
        """Whether the link is active."""
        return int(_nv.device_get_nvlink_state(self._handle, self._link)) == 1


class _Nvlinks(_DevicePart):
    """``system.Device``'s NVLinks (counted through a field value)."""

    __slots__ = ()

    def get_nvlink_count(self) -> int:
        """How many NVLinks the device has (NVML's NVLINK_LINK_COUNT field; NotSupportedError where the device
        has no NVLink)."""
        return int(cast("Device", self).get_field_values([_FI_DEV_NVLINK_LINK_COUNT])[0].value)

    def get_nvlink(self, link: int) -> NvlinkInfo:
        """The NvlinkInfo of link ``link``; ValueError for a link the device does not have."""
        count = self.get_nvlink_count()
        link = _int_arg(link, "link", 0)
        if link >= count:
            raise ValueError("Link index %d is out of range [0, %d)" % (link, count))
        return NvlinkInfo(cast("Device", self), link)

    def get_nvlinks(self) -> List[NvlinkInfo]:
        device = cast("Device", self)
        return [NvlinkInfo(device, i) for i in range(self.get_nvlink_count())]
