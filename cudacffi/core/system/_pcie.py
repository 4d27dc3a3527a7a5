"""A device's PCI identity and PCIe link (``PciInfo``, from ``Device.pci_info``)."""

from __future__ import annotations

from typing import Any

from cudacffi import nvml

from ._args import _c_text
from ._device_class import _DevicePart
from ._nvml import _nv
from ._records import MODULE


class PciInfo:
    """PCI facts of a device (``Device.pci_info``): identity read once, link figures read when asked."""

    __slots__ = ("_handle", "bus", "bus_id", "device", "domain", "vendor_id", "device_id", "subsystem_id",
                 "base_class", "sub_class")
    __module__ = MODULE

    def __init__(self, pci: Any, handle: int) -> None:
        self._handle = handle
        self.bus, self.device, self.domain = int(pci.bus), int(pci.device), int(pci.domain)
        self.bus_id = _c_text(pci.busId)
        self.vendor_id = int(pci.pciDeviceId) & 0xFFFF
        self.device_id = int(pci.pciDeviceId) >> 16
        self.subsystem_id = int(pci.pciSubSystemId)
        self.base_class, self.sub_class = int(pci.baseClass), int(pci.subClass)

    @property
    def link_generation(self) -> int:
        """The highest PCIe generation this device and system can run."""
        return _nv.device_get_max_pcie_link_generation(self._handle)

    @property
    def max_link_generation(self) -> int:
        """The highest PCIe generation the GPU supports."""
        return _nv.device_get_gpu_max_pcie_link_generation(self._handle)

    @property
    def max_link_width(self) -> int:
        return _nv.device_get_max_pcie_link_width(self._handle)

    @property
    def current_link_generation(self) -> int:
        return _nv.device_get_curr_pcie_link_generation(self._handle)

    @property
    def current_link_width(self) -> int:
        return _nv.device_get_curr_pcie_link_width(self._handle)

    @property
    def rx_throughput(self) -> int:
        """PCIe receive throughput over a 20 ms window, KB/s."""
        return _nv.device_get_pcie_throughput(self._handle, 1)

    @property
    def tx_throughput(self) -> int:
        """PCIe transmit throughput over a 20 ms window, KB/s."""
        return _nv.device_get_pcie_throughput(self._handle, 0)

    @property
    def replay_counter(self) -> int:
        return _nv.device_get_pcie_replay_counter(self._handle)

    def __repr__(self):
        return "PciInfo(bus_id=%r, vendor_id=0x%04x, device_id=0x%04x)" % (self.bus_id, self.vendor_id,
                                                                            self.device_id)


class _Pcie(_DevicePart):
    """``system.Device``'s PCI facts."""

    __slots__ = ()

    @property
    def pci_bus_id(self) -> str:
        """NVML's PCI bus id, 'DDDDDDDD:BB:DD.F'."""
        return self.pci_info.bus_id

    @property
    def pci_info(self) -> PciInfo:
        """The PciInfo; RuntimeError for a device without PCI attributes (a MIG device)."""
        try:
            pci = _nv.device_get_pci_info_ext(self._handle)
        except nvml.InvalidArgumentError:
            raise RuntimeError("This device does not have PCI attributes") from None
        return PciInfo(pci, self._handle)
