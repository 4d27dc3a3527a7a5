"""cudacffi.nvml on a real driver: its answers against the CUDA driver's (device count, names, memory totals,
PCI location), our own process in the running-process list, and examples/nvidia_smi.py's table; the fatbin
example (NVRTC + nvFatbin + the driver) launched. All marked gpu: they skip, with the reason, without one."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT, one_line

pytestmark = pytest.mark.gpu


@pytest.fixture(scope="module")
def nvml_session():
    from cudacffi import nvml

    try:
        nvml.init_v2()
    except nvml.LibraryNotFoundError as e:  # a driver without NVML (some containers): say so
        pytest.skip("libnvidia-ml not loadable: %s" % one_line(e))
    yield nvml
    nvml.shutdown()


def cuda_devices():
    from cudacffi import check, driver

    check(driver.cuInit(0))
    return [check(driver.cuDeviceGet(i)) for i in range(check(driver.cuDeviceGetCount()))]


def nvml_device_of(nvml, dev):
    """The NVML handle of CUDA device ``dev``, found by its PCI bus id (NVML ignores CUDA_VISIBLE_DEVICES)."""
    from cudacffi import check, driver

    bus_id = bytes(check(driver.cuDeviceGetPCIBusId(64, dev))).split(b"\0", 1)[0].decode()
    return nvml.device_get_handle_by_pci_bus_id_v2(bus_id), bus_id


def test_device_count_matches_the_driver(nvml_session):
    nvml = nvml_session
    count = nvml.device_get_count_v2()
    if os.environ.get("CUDA_VISIBLE_DEVICES") is not None:  # CUDA sees a subset; NVML sees every GPU
        assert count >= len(cuda_devices())
    else:
        assert count == len(cuda_devices())
    handles = [nvml.device_get_handle_by_index_v2(i) for i in range(count)]
    assert len(set(handles)) == count and all(isinstance(h, int) and h for h in handles)


def test_names_memory_and_pci_match_the_driver(nvml_session):
    from cudacffi import check, driver

    nvml = nvml_session
    A = driver.CUdevice_attribute
    for dev in cuda_devices():
        d, bus_id = nvml_device_of(nvml, dev)
        cuda_name = bytes(check(driver.cuDeviceGetName(256, dev))).split(b"\0", 1)[0].decode()
        assert nvml.device_get_name(d) == cuda_name
        memory = nvml.device_get_memory_info_v2(d)  # versioned struct: NVML refuses a wrong version
        cuda_total = check(driver.cuDeviceTotalMem(dev))
        assert abs(memory.total - cuda_total) <= 0.05 * cuda_total, (memory.total, cuda_total)
        assert memory.free + memory.used <= memory.total and memory.used > 0
        pci = nvml.device_get_pci_info_v3(d)
        assert pci.bus == check(driver.cuDeviceGetAttribute(A.CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, dev))
        assert pci.device == check(driver.cuDeviceGetAttribute(A.CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID, dev))
        assert pci.domain == check(driver.cuDeviceGetAttribute(A.CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, dev))
        assert pci.pci_device_id & 0xFFFF == 0x10DE  # NVIDIA's PCI vendor id
        assert pci.bus_id.lower().endswith(bus_id.lower()[-12:])
        uuid = nvml.device_get_uuid(d)
        assert uuid.startswith(("GPU-", "MIG-")) and len(uuid) > 10


def test_readings_are_plausible(nvml_session):
    nvml = nvml_session
    d = nvml.device_get_handle_by_index_v2(0)
    util = nvml.device_get_utilization_rates(d)
    assert 0 <= util.gpu <= 100 and 0 <= util.memory <= 100
    assert 0 < nvml.device_get_temperature(d, nvml.TemperatureSensors.GPU) < 130
    assert 0 < nvml.device_get_clock_info(d, nvml.ClockType.SM) < 10000
    assert nvml.system_get_driver_version()[0].isdigit()
    major, minor = nvml.device_get_cuda_compute_capability(d)
    assert major >= 3 and minor >= 0


def test_our_process_is_listed_once_it_has_a_context(nvml_session, cuda_context, device):
    """Allocating makes our context real; NVML then lists this process (in a container with its own PID
    namespace NVML reports host PIDs, which this process cannot know: then the list is checked for shape)."""
    from cudacffi import check, driver

    nvml = nvml_session
    ptr = check(driver.cuMemAlloc(64 << 20))
    try:
        d, _ = nvml_device_of(nvml, device)
        processes = nvml.device_get_compute_running_processes_v3(d)
        assert isinstance(processes, list)
        pids = [p.pid for p in processes]
        if os.getpid() not in pids:
            assert all(type(p).__name__.startswith("nvmlProcessInfo") for p in processes)
            pytest.skip("this process (pid %d) is not among NVML's %s: another PID namespace" % (os.getpid(), pids))
        ours = processes[pids.index(os.getpid())]
        assert ours.used_gpu_memory >= 64 << 20 or ours.used_gpu_memory >= (1 << 63)  # or NOT_AVAILABLE
    finally:
        check(driver.cuMemFree(ptr))


def test_nvidia_smi_example_lists_every_gpu():
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    r = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "nvidia_smi.py")], capture_output=True,
                       text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    from cudacffi import check, driver

    for dev in cuda_devices():
        name = bytes(check(driver.cuDeviceGetName(256, dev))).split(b"\0", 1)[0].decode()
        assert name[:38] in r.stdout
    assert "Driver Version:" in r.stdout and "Processes:" in r.stdout and "MiB" in r.stdout


def test_fatbin_example_launches_from_ptx_and_two_cubins():
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    r = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "fatbin.py")], capture_output=True,
                       text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("fatbin passed:") and "PTX compute_75 + cubins" in r.stdout
