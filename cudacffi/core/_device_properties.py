"""DeviceProperties: every ``CUdevice_attribute`` of a device as a lazy, cached property, as cuda.core names them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Union

from .. import driver as _drv
from . import _utils
from ._utils import check

__all__ = ["DeviceProperties", "property_names"]

# cuda.core's DeviceProperties answers bool for these attributes (every other attribute is an int)
_BOOL_PROPERTIES = frozenset("""
gpu_overlap kernel_exec_timeout integrated can_map_host_memory concurrent_kernels ecc_enabled tcc_driver
unified_addressing global_l1_cache_supported local_l1_cache_supported managed_memory multi_gpu_board
host_native_atomic_supported pageable_memory_access concurrent_managed_access compute_preemption_supported
can_use_host_pointer_for_registered_mem cooperative_launch pageable_memory_access_uses_host_page_tables
direct_managed_mem_access_from_host virtual_memory_management_supported
handle_type_posix_file_descriptor_supported handle_type_win32_handle_supported
handle_type_win32_kmt_handle_supported generic_compression_supported gpu_direct_rdma_with_cuda_vmm_supported
sparse_cuda_array_supported read_only_host_register_supported memory_pools_supported gpu_direct_rdma_supported
deferred_mapping_cuda_array_supported multicast_supported can_tex2d_gather stream_priorities_supported
can_flush_remote_writes host_register_supported timeline_semaphore_interop_supported cluster_launch
can_use_64_bit_stream_mem_ops can_use_stream_wait_value_nor dma_buf_supported ipc_event_supported
tensor_map_access_supported handle_type_fabric_supported unified_function_pointers mps_enabled
d3d12_cig_supported vulkan_cig_supported host_numa_virtual_memory_management_supported
host_numa_memory_pools_supported host_numa_multinode_ipc_supported host_memory_pools_supported
host_virtual_memory_management_supported host_alloc_dma_buf_supported only_partial_host_native_atomic_supported
can_use_stream_mem_ops_v1 can_use_64_bit_stream_mem_ops_v1 can_use_stream_wait_value_nor_v1
cooperative_multi_device_launch virtual_address_management_supported
""".split())

_PREFIX = "CU_DEVICE_ATTRIBUTE_"

# The attributes cuda.core's DeviceProperties reads that headers older than CUDA 12.9 (or 13.0) lack, by number: a
# build on such headers asks for them by number (the driver's numbering never changes), and a driver older than
# an attribute answers as for any attribute it does not know.
_LATER_ATTRIBUTES = {
    "handle_type_fabric_supported": 128, "numa_config": 130, "numa_id": 131, "multicast_supported": 132,
    "mps_enabled": 133, "host_numa_id": 134, "d3d12_cig_supported": 135, "mem_decompress_algorithm_mask": 136,
    "mem_decompress_maximum_length": 137, "vulkan_cig_supported": 138, "gpu_pci_device_id": 139,
    "gpu_pci_subsystem_id": 140, "host_numa_virtual_memory_management_supported": 141,
    "host_numa_memory_pools_supported": 142, "host_numa_multinode_ipc_supported": 143,
    "host_memory_pools_supported": 144, "host_virtual_memory_management_supported": 145,
    "host_alloc_dma_buf_supported": 146, "only_partial_host_native_atomic_supported": 147}

# What a property reads where the driver does not know its attribute (CUDA_ERROR_INVALID_VALUE), as cuda.core's
# does: 0 (False) but for these.
_DEFAULTS = {"mem_sync_domain_count": 1, "host_numa_id": -1}


def property_names() -> Dict[str, Union[_drv.CUdevice_attribute, int]]:
    """{Python name: CUdevice_attribute member, or its number where this build's headers predate it} for every
    attribute of this build's headers and every one cuda.core's DeviceProperties reads."""
    names = dict(_LATER_ATTRIBUTES)
    for member_name, member in _drv.CUdevice_attribute.__members__.items():
        if member_name.startswith(_PREFIX) and member_name != _PREFIX + "MAX":
            names[member_name[len(_PREFIX):].lower()] = member
    return names


class DeviceProperties:
    """Every ``CUdevice_attribute`` of a device as a lazy, cached property (``max_threads_per_block``, ...)."""

    __slots__ = ("_dev", "_cache")

    if TYPE_CHECKING:  # the properties are made from the header's attribute list below: each reads an int or bool
        def __getattr__(self, name: str) -> Any: ...

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("DeviceProperties cannot be instantiated directly: use Device().properties")

    @classmethod
    def _init(cls, dev: Any) -> "DeviceProperties":
        self = object.__new__(cls)
        self._dev = dev
        self._cache = {}
        return self

    def _get(self, name: str, attr: Any) -> Any:
        try:
            return self._cache[name]
        except KeyError:
            pass
        drv = _utils.driver()
        err, value = drv.cuDeviceGetAttribute(attr, self._dev)
        if err == drv.CUresult.CUDA_ERROR_INVALID_VALUE:  # an attribute this driver does not know
            value = _DEFAULTS.get(name, 0)
        else:
            value = check((err, value))
        if name in _BOOL_PROPERTIES:
            value = bool(value)
        self._cache[name] = value
        return value

    def __dir__(self) -> List[str]:
        return sorted(set(object.__dir__(self)) | set(property_names()))

    def __repr__(self) -> str:
        return "<DeviceProperties of device %d>" % int(self._dev)


def _make_property(name: str, attr: Any) -> property:
    def get(self: DeviceProperties) -> Any:
        return self._get(name, attr)
    get.__name__ = name
    kind = "bool" if name in _BOOL_PROPERTIES else "int"
    get.__annotations__ = {"self": "DeviceProperties", "return": kind}
    attr_name = getattr(attr, "name", _PREFIX + name.upper())
    return property(get, doc="%s: %s (cuDeviceGetAttribute, cached; %r where the driver does not know it)"
                    % (kind, attr_name, _DEFAULTS.get(name, 0) if kind == "int" else False))


for _name, _attr in property_names().items():
    setattr(DeviceProperties, _name, _make_property(_name, _attr))
del _name, _attr
