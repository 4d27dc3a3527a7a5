"""An nvidia-smi-like table from cudacffi.nvml: each GPU's name, memory, utilisation, temperature, power and
clocks, then the processes running on them.

NVML comes with the NVIDIA driver (libnvidia-ml.so.1). A value a GPU does not report (a fan on a passively
cooled board, power on some boards) shows as N/A, as nvidia-smi shows it.

    python examples/nvidia_smi.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)

import cudacffi
from cudacffi import check, driver, nvml

MIB = 1 << 20


def value(call, *args):
    """A reading, or None where this GPU does not report it (or this user may not see it)."""
    try:
        return call(*args)
    except (nvml.NotSupportedError, nvml.NoPermissionError, nvml.NotFoundError, nvml.FunctionNotFoundError):
        return None
    except cudacffi.FunctionNotFoundError:  # a driver older than the build's headers
        return None


def shown(v, text="{}"):
    return "N/A" if v is None else text.format(v)


def device_rows(index):
    """The table's lines for GPU ``index``, and its processes as (gpu, pid, name, MiB)."""
    d = nvml.device_get_handle_by_index_v2(index)
    name = nvml.device_get_name(d)
    pci = nvml.device_get_pci_info_v3(d)
    memory = nvml.device_get_memory_info_v2(d)
    util = value(nvml.device_get_utilization_rates, d)
    temp = value(nvml.device_get_temperature, d, nvml.TemperatureSensors.GPU)
    power = value(nvml.device_get_power_usage, d)
    limit = value(nvml.device_get_enforced_power_limit, d)
    sm = value(nvml.device_get_clock_info, d, nvml.ClockType.SM)
    mem_clock = value(nvml.device_get_clock_info, d, nvml.ClockType.MEM)
    fan = value(nvml.device_get_fan_speed, d)
    lines = [
        "| %-3d %-38s | %-16s |" % (index, name[:38], pci.bus_id[-12:]),
        "| Fan %-5s Temp %-6s Power %-18s | Memory %8s / %-8s | GPU-Util %-4s Mem-Util %-4s | SM %-9s Mem %-9s |"
        % (shown(fan, "{}%"), shown(temp, "{}C"),
           "%s / %s" % (shown(power and power / 1000, "{:.0f}W"), shown(limit and limit / 1000, "{:.0f}W")),
           "%dMiB" % (memory.used // MIB), "%dMiB" % (memory.total // MIB),
           shown(util and util.gpu, "{}%"), shown(util and util.memory, "{}%"),
           shown(sm, "{}MHz"), shown(mem_clock, "{}MHz")),
    ]
    processes = []
    for kind, call in (("C", nvml.device_get_compute_running_processes_v3),
                       ("G", nvml.device_get_graphics_running_processes_v3)):
        for p in value(call, d) or []:
            pname = value(nvml.system_get_process_name, p.pid) or "?"
            used = p.used_gpu_memory
            shown_mem = "N/A" if used >= (1 << 63) else "%dMiB" % (used // MIB)  # NVML_VALUE_NOT_AVAILABLE
            processes.append((index, p.pid, kind, pname, shown_mem))
    return name, lines, processes


def main():
    check(driver.cuInit(0))  # the CUDA driver first: its version heads the table, as nvidia-smi's
    cuda = check(driver.cuDriverGetVersion())
    nvml.init_v2()
    try:
        count = nvml.device_get_count_v2()
        print("NVIDIA-SMI (cudacffi.nvml)   Driver Version: %s   NVML: %s   CUDA Version: %d.%d"
              % (nvml.system_get_driver_version(), nvml.system_get_nvml_version(), cuda // 1000, cuda % 1000 // 10))
        names, processes = [], []
        for i in range(count):
            name, lines, procs = device_rows(i)
            names.append(name)
            processes += procs
            print("\n".join(lines))
        print("Processes:")
        print("  GPU  %8s  Type  %-40s %s" % ("PID", "Process name", "GPU Memory"))
        for gpu, pid, kind, pname, mem in processes:
            print("  %3d  %8d  %-4s  %-40s %s" % (gpu, pid, kind, pname[-40:], mem))
        if not processes:
            print("  No running processes found")
        return names, processes
    finally:
        nvml.shutdown()


if __name__ == "__main__":
    main()
