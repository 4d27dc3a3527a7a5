"""Differential scenarios: cudacffi.core.system (NVML's view of the machine), its exceptions and typing modules,
the NVML bindings' names it reads, DeviceProperties and ``__version__`` (see diffharness.py).

The CPU scenarios touch no library (names, classes, enums); the GPU ones read a GPU through NVML and the driver
and return values normalized to what both packages answer alike (bools, ints, strings, type names).
"""

import builtins

from diffharness import scenario, submodule


def _try(fn):
    """What ``fn()`` gave, or the exception's class name and message."""
    try:
        return ["ok", fn()]
    except Exception as e:  # noqa: BLE001 - the outcome is the exception
        return [type(e).__name__, str(e)]


def _outcome(fn):
    """What ``fn()`` gave, or only the exception's class name: NVML's messages are the bindings' own (cuda.bindings
    asks the library for its text, cudacffi names the status)."""
    try:
        return ["ok", fn()]
    except Exception as e:  # noqa: BLE001 - the outcome is the exception
        return [type(e).__name__]


def _nvml(core):
    """The NVML bindings beside the package under test (cuda.bindings.nvml or cudacffi.nvml)."""
    if core.__name__.startswith("cuda.core"):  # cuda.core, or the cu13 package it stands for
        from cuda.bindings import nvml
    else:
        from cudacffi import nvml
    return nvml


def _kind(obj):
    if isinstance(obj, type):
        return "class"
    if callable(obj):
        return "function"
    return type(obj).__name__


# The public names of cuda.core 1.2's system module (its __all__ and the two submodules)
SYSTEM_NAMES = ("CUDA_BINDINGS_NVML_IS_COMPATIBLE", "Device", "NvlinkInfo", "get_driver_branch",
                "get_kernel_mode_driver_version", "get_num_devices", "get_nvml_version", "get_p2p_status",
                "get_process_name", "get_topology_common_ancestor", "get_user_mode_driver_version", "register_events",
                "exceptions", "typing")

# What cuda.core.system reads from the NVML bindings: enum members and constants
NVML_NAMES = (
    "AffinityScope.NODE", "AffinityScope.SOCKET", "BrandType.BRAND_TESLA", "BrandType.BRAND_GEFORCE_RTX",
    "BrandType.BRAND_NVIDIA_VGAMING", "ClockId.CURRENT", "ClockId.CUSTOMER_BOOST_MAX", "ClockType.CLOCK_GRAPHICS",
    "ClockType.CLOCK_MEM", "ClockType.CLOCK_SM", "ClockType.CLOCK_VIDEO", "ClocksEventReasons.EVENT_REASON_NONE",
    "ClocksEventReasons.EVENT_REASON_GPU_IDLE", "ClocksEventReasons.THROTTLE_REASON_HW_SLOWDOWN",
    "ClocksEventReasons.THROTTLE_REASON_HW_POWER_BRAKE_SLOWDOWN",
    "ClocksEventReasons.EVENT_REASON_DISPLAY_CLOCK_SETTING",
    "CoolerControl.THERMAL_COOLER_SIGNAL_TOGGLE", "CoolerControl.THERMAL_COOLER_SIGNAL_VARIABLE",
    "CoolerTarget.THERMAL_NONE", "CoolerTarget.THERMAL_GPU", "CoolerTarget.THERMAL_MEMORY",
    "CoolerTarget.THERMAL_POWER_SUPPLY", "DeviceArch.KEPLER", "DeviceArch.AMPERE", "DeviceArch.HOPPER",
    "DeviceArch.BLACKWELL", "DeviceArch.UNKNOWN", "EnableState.FEATURE_DISABLED", "EnableState.FEATURE_ENABLED",
    "EventType.NONE", "EventType.PSTATE", "EventType.XID_CRITICAL_ERROR", "EventType.CLOCK",
    "EventType.MIG_CONFIG_CHANGE", "EventType.GPU_RECOVERY_ACTION", "FanControlPolicy.TEMPERATURE_CONTINUOUS_SW",
    "FanControlPolicy.MANUAL", "FieldId.DEV_ECC_CURRENT", "FieldId.DEV_NVLINK_LINK_COUNT",
    "FieldId.DEV_PCIE_REPLAY_COUNTER", "GpuP2PCapsIndex.P2P_CAPS_INDEX_READ", "GpuP2PCapsIndex.P2P_CAPS_INDEX_PROP",
    "GpuP2PCapsIndex.P2P_CAPS_INDEX_UNKNOWN", "GpuP2PStatus.P2P_STATUS_OK", "GpuP2PStatus.P2P_STATUS_UNKNOWN",
    "GpuTopologyLevel.TOPOLOGY_INTERNAL", "GpuTopologyLevel.TOPOLOGY_SYSTEM", "InforomObject.INFOROM_OEM",
    "InforomObject.INFOROM_DEN", "NvlinkVersion.VERSION_INVALID", "NvlinkVersion.VERSION_1_0",
    "NvlinkVersion.VERSION_5_0", "PcieUtilCounter.PCIE_UTIL_RX_BYTES", "PcieUtilCounter.PCIE_UTIL_TX_BYTES",
    "Pstates.PSTATE_0", "Pstates.PSTATE_UNKNOWN", "SystemEventType.GPU_DRIVER_BIND",
    "SystemEventType.GPU_DRIVER_UNBIND", "TemperatureSensors.TEMPERATURE_GPU",
    "TemperatureThresholds.TEMPERATURE_THRESHOLD_SHUTDOWN", "TemperatureThresholds.TEMPERATURE_THRESHOLD_GPS_CURR",
    "ThermalController.GPU_INTERNAL", "ThermalController.UNKNOWN", "ThermalTarget.GPU", "ThermalTarget.ALL",
    "Return.ERROR_NOT_SUPPORTED", "NVLINK_MAX_LINKS", "MAX_GPU_UTILIZATIONS")


# cuda.core 1.2's DeviceProperties (ours also has the other spellings of this build's headers)
PROPERTY_NAMES = """
    async_engine_count can_flush_remote_writes can_map_host_memory can_tex2d_gather
    can_use_64_bit_stream_mem_ops can_use_host_pointer_for_registered_mem can_use_stream_wait_value_nor
    clock_rate cluster_launch compute_capability_major compute_capability_minor compute_mode
    compute_preemption_supported concurrent_kernels concurrent_managed_access cooperative_launch
    d3d12_cig_supported deferred_mapping_cuda_array_supported direct_managed_mem_access_from_host
    dma_buf_supported ecc_enabled generic_compression_supported global_l1_cache_supported
    global_memory_bus_width gpu_direct_rdma_flush_writes_options gpu_direct_rdma_supported
    gpu_direct_rdma_with_cuda_vmm_supported gpu_direct_rdma_writes_ordering gpu_overlap gpu_pci_device_id
    gpu_pci_subsystem_id handle_type_fabric_supported handle_type_posix_file_descriptor_supported
    handle_type_win32_handle_supported handle_type_win32_kmt_handle_supported host_alloc_dma_buf_supported
    host_memory_pools_supported host_native_atomic_supported host_numa_id host_numa_memory_pools_supported
    host_numa_multinode_ipc_supported host_numa_virtual_memory_management_supported host_register_supported
    host_virtual_memory_management_supported integrated ipc_event_supported kernel_exec_timeout l2_cache_size
    local_l1_cache_supported managed_memory max_access_policy_window_size max_block_dim_x max_block_dim_y
    max_block_dim_z max_blocks_per_multiprocessor max_grid_dim_x max_grid_dim_y max_grid_dim_z
    max_persisting_l2_cache_size max_pitch max_registers_per_block max_registers_per_multiprocessor
    max_shared_memory_per_block max_shared_memory_per_block_optin max_shared_memory_per_multiprocessor
    max_threads_per_block max_threads_per_multiprocessor maximum_surface1d_layered_layers
    maximum_surface1d_layered_width maximum_surface1d_width maximum_surface2d_height
    maximum_surface2d_layered_height maximum_surface2d_layered_layers maximum_surface2d_layered_width
    maximum_surface2d_width maximum_surface3d_depth maximum_surface3d_height maximum_surface3d_width
    maximum_surfacecubemap_layered_layers maximum_surfacecubemap_layered_width maximum_surfacecubemap_width
    maximum_texture1d_layered_layers maximum_texture1d_layered_width maximum_texture1d_linear_width
    maximum_texture1d_mipmapped_width maximum_texture1d_width maximum_texture2d_gather_height
    maximum_texture2d_gather_width maximum_texture2d_height maximum_texture2d_layered_height
    maximum_texture2d_layered_layers maximum_texture2d_layered_width maximum_texture2d_linear_height
    maximum_texture2d_linear_pitch maximum_texture2d_linear_width maximum_texture2d_mipmapped_height
    maximum_texture2d_mipmapped_width maximum_texture2d_width maximum_texture3d_depth
    maximum_texture3d_depth_alternate maximum_texture3d_height maximum_texture3d_height_alternate
    maximum_texture3d_width maximum_texture3d_width_alternate maximum_texturecubemap_layered_layers
    maximum_texturecubemap_layered_width maximum_texturecubemap_width mem_decompress_algorithm_mask
    mem_decompress_maximum_length mem_sync_domain_count memory_clock_rate memory_pools_supported
    mempool_supported_handle_types mps_enabled multi_gpu_board multi_gpu_board_group_id multicast_supported
    multiprocessor_count numa_config numa_id only_partial_host_native_atomic_supported pageable_memory_access
    pageable_memory_access_uses_host_page_tables pci_bus_id pci_device_id pci_domain_id
    read_only_host_register_supported reserved_shared_memory_per_block single_to_double_precision_perf_ratio
    sparse_cuda_array_supported stream_priorities_supported surface_alignment tcc_driver
    tensor_map_access_supported texture_alignment texture_pitch_alignment timeline_semaphore_interop_supported
    total_constant_memory unified_addressing unified_function_pointers virtual_memory_management_supported
    vulkan_cig_supported warp_size
""".split()


# -- names, classes and enums: no GPU needed -----------------------------------------------------------------------

@scenario(gpu=False)
def module_names(core):
    system = submodule(core, "system")
    return {name: _kind(getattr(system, name, None)) for name in SYSTEM_NAMES}


@scenario(gpu=False)
def exceptions_tree(core):
    exceptions = submodule(core, "system.exceptions")
    system = submodule(core, "system")
    out = []
    for name in sorted(exceptions.__all__):
        cls = getattr(exceptions, name)
        out.append([name, cls.__name__, issubclass(cls, exceptions.NvmlError), getattr(system, name) is cls,
                    # the bindings' own class (a build on headers before CUDA 13 has no ResetTypeNotSupportedError)
                    cls is getattr(builtins, name, None), getattr(_nvml(core), cls.__name__, cls) is cls])
    return out


@scenario(gpu=False)
def typing_enums(core):
    typing = submodule(core, "system.typing")
    out = {"__all__": sorted(typing.__all__)}
    for name in sorted(typing.__all__):
        if name == "FieldId":
            continue
        cls = getattr(typing, name)
        out[name] = [[m.name, m.value] for m in cls]
    return out


@scenario(gpu=False)
def string_enums_behave_as_strings(core):
    typing = submodule(core, "system.typing")
    sm = typing.ClockType.SM
    return [repr(sm), str(sm), "%s" % sm, "{}".format(sm), sm == "sm", typing.ClockType("sm") is sm,
            isinstance(sm, str), hash(sm) == hash("sm"), sorted(typing.ClockType.__members__),
            _try(lambda: typing.ClockType("nope")), _try(lambda: typing.GpuP2PStatus("ok").name)]


@scenario(gpu=False)
def device_arch_is_ordered(core):
    arch = submodule(core, "system.typing").DeviceArch
    a = arch.AMPERE
    return [repr(a), str(a), "{}".format(a), "{:d}".format(a), a.name, int(a), a >= arch.VOLTA, a < arch.HOPPER,
            arch(9).name, isinstance(a, int), a == 7, _try(lambda: arch(99)), [m.name for m in arch]]


@scenario(gpu=False)
def field_id_is_nvmls(core):
    typing = submodule(core, "system.typing")
    return [typing.FieldId is _nvml(core).FieldId, int(typing.FieldId.DEV_ECC_CURRENT),
            int(typing.FieldId.DEV_NVLINK_LINK_COUNT), typing.FieldId(1).name]


@scenario(gpu=False)
def nvml_names_cuda_core_reads(core):
    nvml = _nvml(core)
    out = {}
    for dotted in NVML_NAMES:
        obj = nvml
        for part in dotted.split("."):
            obj = getattr(obj, part, None)
        out[dotted] = None if obj is None else int(obj)
    return out


@scenario(gpu=False)
def nvml_enum_member_kinds(core):
    nvml = _nvml(core)
    return [isinstance(nvml.DeviceArch.AMPERE, int), nvml.DeviceArch(7).name,
            nvml.DeviceArch.HOPPER > nvml.DeviceArch.AMPERE,
            nvml.EventType.CLOCK | nvml.EventType.PSTATE, nvml.ClocksEventReasons.EVENT_REASON_GPU_IDLE.name,
            nvml.CoolerTarget.THERMAL_GPU == nvml.CoolerTarget.GPU, nvml.NvlinkVersion(7).value]


@scenario(gpu=False)
def version_is_a_string(core):
    v = core.__version__
    return [type(v).__name__, v.split(".")[:2], tuple(int(p) for p in v.split(".")[:2]) >= (1, 2)]


@scenario(gpu=False)
def device_properties_names(core):
    props = submodule(core, "_device").DeviceProperties
    names = ("virtual_memory_management_supported",
             "host_memory_pools_supported", "host_virtual_memory_management_supported", "host_alloc_dma_buf_supported",
             "only_partial_host_native_atomic_supported", "mem_sync_domain_count", "host_numa_id",
             "max_threads_per_block", "compute_capability_major", "multicast_supported", "gpu_pci_device_id")
    return [{name: hasattr(props, name) for name in names}, [n for n in PROPERTY_NAMES if not hasattr(props, n)]]


@scenario(gpu=False, differs="ours names Device().properties; cuda.core says 'Please use Device APIs.'")
def device_properties_cannot_be_made(core):
    return submodule(core, "_device").DeviceProperties()


@scenario(gpu=False)
def device_needs_exactly_one_key(core):
    system = submodule(core, "system")
    return [_try(lambda: system.Device()), _try(lambda: system.Device(index=0, uuid="GPU-0")),
            _try(lambda: system.Device(uuid="GPU-0", pci_bus_id="0000:00:00.0"))]


# -- a GPU: NVML's answers ------------------------------------------------------------------------------------------

def _sysdev(core):
    return submodule(core, "system").Device(index=0)


@scenario(gpu=True)
def system_versions(core):
    system = submodule(core, "system")
    kmd, nvml_v, umd = (system.get_kernel_mode_driver_version(), system.get_nvml_version(),
                        system.get_user_mode_driver_version())
    return [type(kmd).__name__, list(kmd), type(nvml_v).__name__, list(nvml_v), type(umd).__name__, list(umd),
            system.get_driver_branch(), system.get_num_devices()]


@scenario(gpu=True)
def system_device_identity(core):
    d = _sysdev(core)
    system = submodule(core, "system")
    return [d.index, d.uuid, d.uuid_without_prefix, d.pci_bus_id, d.name, d.brand, repr(d.arch), d.arch.name,
            list(d.cuda_compute_capability), d.minor_number, _outcome(lambda: d.is_c2c_enabled),
            _outcome(lambda: type(d.serial).__name__), system.Device(uuid=d.uuid).index,
            system.Device(pci_bus_id=d.pci_bus_id).index, _outcome(lambda: d.numa_node_id),
            _outcome(lambda: d.module_id)]


@scenario(gpu=True, differs="ours compares two Devices of one GPU equal (their NVML handles); cuda.core's compare "
                            "identity")
def system_device_equality(core):
    system = submodule(core, "system")
    d = _sysdev(core)
    return [d == system.Device(index=0), hash(d) == hash(system.Device(index=0)), d == d]


@scenario(gpu=True)
def system_device_memory_and_pci(core):
    d = _sysdev(core)
    m, b, p = d.memory_info, d.bar1_memory_info, d.pci_info
    return [m.total, m.free + m.used + m.reserved == m.total or m.free + m.used == m.total, b.total > 0,
            p.bus_id, p.domain, p.bus, p.device, p.vendor_id, p.device_id, p.max_link_generation, p.max_link_width,
            type(p.current_link_generation).__name__]


@scenario(gpu=True)
def system_device_clocks_and_state(core):
    d = _sysdev(core)
    typing = submodule(core, "system.typing")
    clock = d.get_clock(typing.ClockType.SM)
    return [type(clock).__name__, clock.get_max_mhz() > 0, _outcome(lambda: clock.get_current_mhz() > 0),
            type(d.performance_state).__name__, [type(p).__name__ for p in d.supported_pstates][:1],
            sorted(str(r) for r in d.supported_clock_event_reasons)[:3], type(d.current_clock_event_reasons).__name__,
            d.is_persistence_mode_enabled in (True, False), _outcome(lambda: d.is_auto_boosted_clocks_enabled)]


@scenario(gpu=True)
def system_device_temperature_and_fans(core):
    d = _sysdev(core)
    typing = submodule(core, "system.typing")
    t = d.temperature
    return [type(t.get_sensor()).__name__, t.get_sensor() > 0,
            _outcome(lambda: t.get_threshold(typing.TemperatureThresholds.SHUTDOWN) > 0), _outcome(lambda: d.num_fans),
            _outcome(lambda: type(t.margin).__name__)]


@scenario(gpu=True)
def system_device_attributes_and_processes(core):
    d = _sysdev(core)
    # (NVML answers NOT_SUPPORTED for the attributes of a GPU that is not a MIG instance, an H200's say)
    return [_outcome(lambda: [d.attributes.multiprocessor_count, d.attributes.memory_size_mb > 0]),
            d.mig.is_mig_device, _outcome(lambda: d.mig.mode),
            type(d.compute_running_processes).__name__, type(d.utilization.gpu).__name__,
            _outcome(lambda: [n.__class__.__name__ for n in d.get_nvlinks()][:1]),
            _outcome(lambda: d.get_nvlink_count() >= 0)]


@scenario(gpu=True)
def system_device_field_values(core):
    d = _sysdev(core)
    typing = submodule(core, "system.typing")
    values = d.get_field_values([typing.FieldId.DEV_PCIE_REPLAY_COUNTER, typing.FieldId.DEV_NVLINK_LINK_COUNT])
    return [len(values), type(values).__name__, [repr(v.field_id) for v in values],
            [_outcome(lambda: type(v.value).__name__) for v in values]]


@scenario(gpu=True)
def system_device_errors(core):
    system = submodule(core, "system")
    n = system.get_num_devices()
    return [_outcome(lambda: system.Device(index=n)),
            _outcome(lambda: system.Device(uuid="GPU-00000000-0000-0000-0000-000000000000")),
            _outcome(lambda: system.Device(pci_bus_id="0000:ff:1f.7"))]


@scenario(gpu=True)
def cuda_and_system_devices_meet(core):
    dev = core.Device(0)
    sd = dev.to_system_device()
    return [sd.uuid_without_prefix == dev.uuid or sd.uuid == dev.uuid, sd.to_cuda_device() is dev,
            sd.name == dev.name, type(sd).__name__]


@scenario(gpu=True)
def device_properties_values(core):
    p = core.Device(0).properties
    return {n: getattr(p, n) for n in PROPERTY_NAMES}


@scenario(gpu=True)
def device_properties_kinds(core):
    p = core.Device(0).properties
    # (virtual_address_management_supported, an older name of the same attribute, is ours alone)
    return [type(p.virtual_memory_management_supported).__name__, type(p.host_memory_pools_supported).__name__,
            type(p.mem_sync_domain_count).__name__, p.mem_sync_domain_count >= 1, type(p.host_numa_id).__name__,
            p.max_threads_per_block, p.compute_capability_major >= 7, p.unified_addressing]
