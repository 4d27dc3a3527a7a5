"""cudacffi.core.system and cudacffi.core.checkpoint on a GPU: NVML's view of each CUDA device agrees with the
driver's (name, UUID, PCI bus id, memory, compute capability), the two Device kinds map onto each other, the
versions are tuples of ints, every system.Device property answers or raises an NVML error, and the checkpoint
state of this very process reads 'running'."""

import os

import pytest

pytestmark = pytest.mark.gpu


@pytest.fixture(scope="module")
def pairs():
    """(cudacffi.core.Device, its system.Device) for every CUDA device."""
    from cudacffi.core import Device

    return [(d, d.to_system_device()) for d in Device.get_all_devices()]


def pci_triple(bus_id):
    """(domain, bus, device) of a PCI bus id, whichever width its domain is written in."""
    domain, bus, rest = bus_id.split(":")
    return int(domain, 16), int(bus, 16), int(rest.split(".")[0], 16)


def test_nvml_agrees_with_the_driver(pairs):
    from cudacffi.core import system

    assert pairs and system.get_num_devices() >= len(pairs)
    for cuda, nvml_dev in pairs:
        assert nvml_dev.name == cuda.name
        assert nvml_dev.uuid_without_prefix.lower() == cuda.uuid.lower()
        assert nvml_dev.uuid.upper().startswith(("GPU-", "MIG-"))
        assert pci_triple(nvml_dev.pci_bus_id) == pci_triple(cuda.pci_bus_id)
        info = nvml_dev.pci_info
        assert pci_triple(info.bus_id) == (info.domain, info.bus, info.device) and info.vendor_id == 0x10DE
        assert nvml_dev.cuda_compute_capability == tuple(cuda.compute_capability)
        memory = nvml_dev.memory_info
        # NVML counts all physical memory; the driver what CUDA can use (NVML's less its reservations)
        assert 0.9 * memory.total <= cuda.total_memory <= memory.total
        assert 0 < memory.free <= memory.total and 0 <= memory.used <= memory.total


def test_devices_map_onto_each_other(pairs):
    from cudacffi.core import system

    for cuda, nvml_dev in pairs:
        assert nvml_dev.to_cuda_device() == cuda
        assert system.Device(index=nvml_dev.index) == nvml_dev
        assert system.Device(uuid=nvml_dev.uuid) == nvml_dev
        assert system.Device(uuid=cuda.uuid) == nvml_dev
        assert system.Device(pci_bus_id=nvml_dev.pci_bus_id) == nvml_dev
    assert len({nvml_dev for _, nvml_dev in pairs}) == len(pairs)


def test_versions_are_tuples_of_ints():
    from cudacffi import driver
    from cudacffi.core import system

    kmd, nvml_version, umd = (system.get_kernel_mode_driver_version(), system.get_nvml_version(),
                              system.get_user_mode_driver_version())
    for v in (kmd, nvml_version, umd):
        assert isinstance(v, tuple) and len(v) >= 2 and all(isinstance(x, int) and x >= 0 for x in v)
    err, cuda_version = driver.cuDriverGetVersion()
    assert umd == (cuda_version // 1000, cuda_version % 1000 // 10)
    assert nvml_version[1:1 + len(kmd)] == kmd  # NVML's version is the CUDA major, then the driver's
    assert isinstance(system.get_driver_branch(), str) and system.get_driver_branch()
    # the earlier attributes, still answered by the driver
    assert system.driver_version == umd and system.num_devices == len(system.devices)


def test_process_name(pairs):
    from cudacffi.core import system

    pairs[0][0].set_current()  # a process with a context, as NVML's process queries expect
    name = system.get_process_name(os.getpid())
    assert isinstance(name, str) and name


def test_values_are_plausible(pairs):
    from cudacffi.core import system

    cuda, dev = pairs[0]
    if tuple(cuda.compute_capability) == (9, 0):
        assert dev.arch == system.DeviceArch.HOPPER
    assert 0 <= dev.utilization.gpu <= 100 and 0 <= dev.utilization.memory <= 100
    assert 0 < dev.temperature.get_sensor() < 130
    assert dev.get_clock(system.ClockType.SM).get_max_mhz() > 0
    assert dev.performance_state is None or 0 <= dev.performance_state <= 15
    assert all(0 <= p <= 15 for p in dev.supported_pstates)
    try:  # a GPU with itself: some drivers name a level, others (an H100 HBM3 board with driver 580) refuse
        assert isinstance(system.get_topology_common_ancestor(dev, dev), system.GpuTopologyLevel)
    except system.NotSupportedError:
        pass
    assert isinstance(system.get_p2p_status(dev, dev, "read"), system.GpuP2PStatus)
    assert dev.bar1_memory_info.total > 0
    try:
        assert dev.get_nvlink_count() == len(dev.get_nvlinks())
    except system.NotSupportedError:  # a board without NVLink (H100 PCIe)
        pass
    values = dev.get_field_values([91])  # NVML_FI_DEV_NVLINK_LINK_COUNT
    assert len(values) == 1 and values[0].field_id == 91


PROPERTIES = ("index", "uuid", "uuid_without_prefix", "pci_bus_id", "numa_node_id", "arch", "name", "brand",
              "serial", "module_id", "minor_number", "is_c2c_enabled", "is_persistence_mode_enabled",
              "cuda_compute_capability", "addressing_mode", "attributes", "is_display_connected", "is_display_active",
              "repair_status", "is_auto_boosted_clocks_enabled", "current_clock_event_reasons",
              "supported_clock_event_reasons", "performance_state", "supported_pstates", "dynamic_pstates_info",
              "cooler", "num_fans", "memory_info", "bar1_memory_info", "pci_info", "compute_running_processes",
              "utilization")


def test_every_property_answers_or_raises_nvmls_error(pairs):
    """On real hardware some features are missing (fans on a passively cooled board, MIG off ...): each
    property answers or raises an NVML error, never anything else, never a crash."""
    from cudacffi.core import system

    dev = pairs[0][1]
    answered = 0
    for name in PROPERTIES:
        try:
            getattr(dev, name)
            answered += 1
        except (system.NvmlError, NotImplementedError):
            pass
    for call in (lambda: dev.inforom.image_version, lambda: dev.mig.mode, lambda: dev.mig.device_count,
                 lambda: dev.temperature.margin, lambda: dev.get_memory_affinity(), dev.get_cpu_affinity, dev.get_supported_event_types,
                 lambda: dev.get_clock("memory").get_current_mhz(), lambda: dev.temperature.get_thermal_settings("gpu"),
                 lambda: dev.get_topology_nearest_gpus("system")):
        try:
            call()
        except system.NvmlError:
            pass
    if dev.num_fans:
        assert dev.get_fan(0).speed >= 0
    else:  # a passively cooled board: fan 0 is not there, and the index is refused with cuda.core's message
        with pytest.raises(ValueError, match=r"Fan index 0 is out of range \[0, 0\)"):
            dev.get_fan(0)
    assert answered >= 20


def test_checkpoint_state_of_this_process(pairs):
    from cudacffi import CUDAError
    from cudacffi.core.checkpoint import Process

    cuda, _ = pairs[0]
    cuda.set_current()  # this process holds a context: a CUDA process the driver can report on
    try:
        state = Process(os.getpid()).state
    except NotImplementedError as e:
        pytest.skip("the driver has no checkpoint API here: %s" % e)
    except CUDAError as e:  # some containers refuse checkpoint queries (no CAP_SYS_PTRACE ...)
        pytest.skip("this container refuses the checkpoint API: %s" % e)
    assert state == "running"


def test_device_properties_full_set_on_the_gpu(pairs):
    """Every DeviceProperties name of cuda.core 1.2 reads a bool or an int on the GPU (an attribute this driver
    does not know reads cuda.core's default), with the kinds cuda.core's give."""
    from cudacffi.core import _device_properties

    import diffscen_system

    props = pairs[0][0].properties
    for name in diffscen_system.PROPERTY_NAMES:
        value = getattr(props, name)
        assert isinstance(value, int) and isinstance(value, bool) == (name in _device_properties._BOOL_PROPERTIES), name
    assert props.mem_sync_domain_count >= 1 and props.host_numa_id >= -1
    assert props.virtual_memory_management_supported is True  # every GPU CUDA 13 runs on


def test_names_and_errors_on_the_gpu(pairs):
    from cudacffi import nvml
    from cudacffi.core import system
    from cudacffi.core.system import exceptions, typing

    dev = pairs[0][1]
    assert isinstance(dev.arch, typing.DeviceArch) and dev.arch >= typing.DeviceArch.VOLTA
    assert str(dev.arch) == repr(dev.arch) == "<DeviceArch.%s: %d>" % (dev.arch.name, int(dev.arch))
    assert nvml.DeviceArch(int(nvml.device_get_architecture(dev._handle))).name == dev.arch.name
    n = system.get_num_devices()
    with pytest.raises(exceptions.InvalidArgumentError):
        system.Device(index=n)
    with pytest.raises(exceptions.NotFoundError):
        system.Device(uuid="GPU-00000000-0000-0000-0000-000000000000")
    with pytest.raises(ValueError, match="Invalid clock type: fast"):
        dev.get_clock("fast")
    values = dev.get_field_values([typing.FieldId.DEV_PCIE_REPLAY_COUNTER])
    assert len(values) == 1 and values[0].field_id == typing.FieldId.DEV_PCIE_REPLAY_COUNTER
