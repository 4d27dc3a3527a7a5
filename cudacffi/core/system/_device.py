"""``system.Device``: one GPU (or MIG device) as NVML sees it, found by index, UUID or PCI bus id.

Its identity and configuration are here; each other concept (memory, clocks, cooling, temperatures, PCI, InfoROM,
field values, NVLinks, events, MIG, topology, work) is a part it inherits from that concept's module.
``to_cuda_device`` answers the ``cudacffi.core.Device`` of the same GPU (through ``cudacffi.core._registry``:
``cudacffi.core.Device`` sits above this package)."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional, Tuple, Union

from .. import _registry
from ._args import _int_arg, _text_arg
from ._clock import _Clocks
from ._cooling import _Cooling
from ._device_class import SYSTEM_DEVICE
from ._events import _Events
from ._fields import _Fields
from ._inforom import _Inforom
from ._memory import _Memory
from ._mig import _Mig
from ._nvlink import _Nvlinks
from ._nvml import _init, _needs_13, _nv
from ._pcie import _Pcie
from ._records import MODULE, _field, _Record
from ._system import get_num_devices
from ._thermal import _Thermal
from ._topology import _Topology
from ._utilization import _Work
from .exceptions import NotFoundError
from .typing import AddressingMode, DeviceArch

if TYPE_CHECKING:
    from cudacffi.core import Device as CudaDevice

_ADDRESSING = {1: AddressingMode.HMM, 2: AddressingMode.ATS}
# by NVML brand number; 11 is both CLOUD_GAMING and VGAMING in nvml.h, and reads "NVIDIA vGaming" as in cuda.core
_BRANDS = ("Unknown", "Quadro", "Tesla", "NVS", "GRID", "GeForce", "Titan", "NVIDIA vApps", "NVIDIA VPC",
           "NVIDIA VCS", "NVIDIA VWS", "NVIDIA vGaming", "Quadro RTX", "NVIDIA RTX", "NVIDIA", "GeForce RTX",
           "Titan RTX")


class DeviceAttributes(_Record):
    """Engine and slice counts and memory size (MiB) of a device or MIG device."""

    __slots__ = ("_multiprocessor_count", "_shared_copy_engine_count", "_shared_decoder_count",
                 "_shared_encoder_count", "_shared_jpeg_count", "_shared_ofa_count", "_gpu_instance_slice_count",
                 "_compute_instance_slice_count", "_memory_size_mb")
    __module__ = MODULE
    _fields = ("multiprocessor_count", "shared_copy_engine_count", "shared_decoder_count", "shared_encoder_count",
               "shared_jpeg_count", "shared_ofa_count", "gpu_instance_slice_count", "compute_instance_slice_count",
               "memory_size_mb")
    (multiprocessor_count, shared_copy_engine_count, shared_decoder_count, shared_encoder_count, shared_jpeg_count,
     shared_ofa_count, gpu_instance_slice_count, compute_instance_slice_count, memory_size_mb) = (
        _field(f) for f in _fields)


class RepairStatus(_Record):
    """Whether a channel or TPC repair is pending."""

    __slots__ = ("_channel_repair_pending", "_tpc_repair_pending")
    __module__ = MODULE
    _fields = ("channel_repair_pending", "tpc_repair_pending")
    channel_repair_pending, tpc_repair_pending = (_field(f) for f in _fields)


def _strip_prefix(uuid):
    head, sep, rest = uuid.partition("-")
    return rest if sep and head.upper() in ("GPU", "MIG") else uuid


def _handle_by_uuid(text):
    """The NVML handle of UUID ``text``; without NVML's prefix, as a GPU and then as a MIG device."""
    _init()
    if _strip_prefix(text) != text:
        return _nv.device_get_handle_by_uuid(text)
    try:
        return _nv.device_get_handle_by_uuid("GPU-" + text)
    except NotFoundError:
        return _nv.device_get_handle_by_uuid("MIG-" + text)


@_registry.provides_as(SYSTEM_DEVICE)
class Device(_Memory, _Clocks, _Cooling, _Thermal, _Pcie, _Inforom, _Fields, _Nvlinks, _Events, _Mig, _Topology,
             _Work):
    """A GPU as NVML sees it: ``Device(index)``, ``Device(uuid=...)`` or ``Device(pci_bus_id=...)`` (exactly one).

    NVML's index order need not be CUDA's; ``to_cuda_device()`` finds the ``cudacffi.core.Device`` by UUID. A UUID
    may be given with NVML's 'GPU-'/'MIG-' prefix or without it (as ``cudacffi.core.Device.uuid`` writes it).
    """

    __slots__ = ("_handle", "__weakref__")
    __module__ = MODULE

    def __init__(self, index: Optional[int] = None, *, uuid: Union[bytes, str, None] = None,
                 pci_bus_id: Union[bytes, str, None] = None) -> None:
        given = [name for name, v in (("index", index), ("uuid", uuid), ("pci_bus_id", pci_bus_id)) if v is not None]
        if len(given) > 1:  # cuda.core's messages
            raise ValueError("Handle requires only one of `index`, `uuid`, or `pci_bus_id`.")
        if not given:
            raise ValueError("Handle requires either a device `index`, `uuid`, or `pci_bus_id`.")
        if index is not None:
            index = _int_arg(index, "index", 0, 0xFFFFFFFF)
            _init()
            self._handle = _nv.device_get_handle_by_index_v2(index)
        elif uuid is not None:
            self._handle = _handle_by_uuid(_text_arg(uuid, "uuid"))
        else:
            text = _text_arg(pci_bus_id, "pci_bus_id")
            _init()
            self._handle = _nv.device_get_handle_by_pci_bus_id_v2(text)

    @classmethod
    def _from_handle(cls, handle):
        self = object.__new__(cls)
        self._handle = int(handle)
        return self

    @classmethod
    def get_device_count(cls) -> int:
        return get_num_devices()

    @classmethod
    def get_all_devices(cls) -> List[Device]:
        """Every GPU NVML sees, in NVML's index order."""
        return [cls(i) for i in range(get_num_devices())]

    def __eq__(self, other):
        return isinstance(other, Device) and other._handle == self._handle

    def __hash__(self):
        return hash((Device, self._handle))

    def __repr__(self):
        return "<cudacffi.core.system.Device handle=0x%x>" % self._handle

    # -- identity ------------------------------------------------------------------------------------------------
    @property
    def index(self) -> int:
        """NVML's index of this device (not necessarily CUDA's ordinal)."""
        return _nv.device_get_index(self._handle)

    @property
    def uuid(self) -> str:
        """NVML's UUID, with its 'GPU-' or 'MIG-' prefix."""
        return _nv.device_get_uuid(self._handle)

    @property
    def uuid_without_prefix(self) -> str:
        """The UUID as CUDA writes it: NVML's without the 'GPU-'/'MIG-' prefix."""
        return _strip_prefix(self.uuid)

    @property
    def numa_node_id(self) -> int:
        return _nv.device_get_numa_node_id(self._handle)

    @property
    def arch(self) -> DeviceArch:
        """The DeviceArch (UNKNOWN for an architecture newer than this list)."""
        value = int(_nv.device_get_architecture(self._handle))
        try:
            return DeviceArch(value)
        except ValueError:
            return DeviceArch.UNKNOWN

    @property
    def name(self) -> str:
        return _nv.device_get_name(self._handle)

    @property
    def brand(self) -> str:
        """The brand as a name ('Tesla', 'NVIDIA', 'GeForce RTX' ...; 'Unknown' where NVML knows none)."""
        value = int(_nv.device_get_brand(self._handle))
        return _BRANDS[value] if 0 <= value < len(_BRANDS) else "Unknown"

    @property
    def serial(self) -> str:
        return _nv.device_get_serial(self._handle)

    @property
    def module_id(self) -> int:
        return _nv.device_get_module_id(self._handle)

    @property
    def minor_number(self) -> int:
        """N of /dev/nvidiaN (Linux)."""
        return _nv.device_get_minor_number(self._handle)

    @property
    def is_c2c_enabled(self) -> bool:
        return bool(_nv.device_get_c2c_mode_info_v(self._handle).isC2cEnabled)

    @property
    def is_persistence_mode_enabled(self) -> bool:
        """Whether persistence mode is on; settable (needs root; Linux)."""
        return int(_nv.device_get_persistence_mode(self._handle)) == 1

    @is_persistence_mode_enabled.setter
    def is_persistence_mode_enabled(self, enabled: bool) -> None:
        _nv.device_set_persistence_mode(self._handle, 1 if enabled else 0)

    @property
    def cuda_compute_capability(self) -> Tuple[int, int]:
        return tuple(_nv.device_get_cuda_compute_capability(self._handle))

    def to_cuda_device(self) -> CudaDevice:
        """The cudacffi.core.Device of the same GPU (matched by UUID); RuntimeError where CUDA has none (a MIG
        parent, or a GPU that CUDA_VISIBLE_DEVICES hides)."""
        want = self.uuid_without_prefix.lower()
        for device in _registry.lookup("Device").get_all_devices():
            if device.uuid.lower() == want:
                return device
        raise RuntimeError("No corresponding CUDA device found for this NVML device (%s)." % self.uuid)

    # -- configuration -----------------------------------------------------------------------------------------
    @property
    def addressing_mode(self) -> Optional[AddressingMode]:
        """The AddressingMode (None where neither HMM nor ATS is active). Needs a build with CUDA 13.0+ headers."""
        mode = _needs_13("device_get_addressing_mode")(self._handle)
        return _ADDRESSING.get(int(mode.value))

    @property
    def attributes(self) -> DeviceAttributes:
        a = _nv.device_get_attributes_v2(self._handle)
        return DeviceAttributes(a.multiprocessorCount, a.sharedCopyEngineCount, a.sharedDecoderCount,
                                a.sharedEncoderCount, a.sharedJpegCount, a.sharedOfaCount, a.gpuInstanceSliceCount,
                                a.computeInstanceSliceCount, a.memorySizeMB)

    @property
    def is_display_connected(self) -> bool:
        return int(_nv.device_get_display_mode(self._handle)) == 1

    @property
    def is_display_active(self) -> bool:
        return int(_nv.device_get_display_active(self._handle)) == 1

    @property
    def repair_status(self) -> RepairStatus:
        """The RepairStatus. Needs a build with CUDA 13.0+ headers."""
        status = _needs_13("device_get_repair_status")(self._handle)
        return RepairStatus(bool(status.bChannelRepairPending), bool(status.bTpcRepairPending))
