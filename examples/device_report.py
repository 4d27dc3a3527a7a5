"""An nvidia-smi-like table through the driver API: per device its name, PCI bus id, compute capability,
memory used and total, SM count and clocks, compute mode; then the driver version.

    python examples/device_report.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
import sys

from cudacffi import check, driver


def row(device):
    attr = driver.CUdevice_attribute

    def get(a):
        return check(driver.cuDeviceGetAttribute(getattr(attr, "CU_DEVICE_ATTRIBUTE_" + a), device))

    name = check(driver.cuDeviceGetName(256, device)).split(b"\0")[0].decode()
    bus = check(driver.cuDeviceGetPCIBusId(32, device)).split(b"\0")[0].decode()
    context = check(driver.cuDevicePrimaryCtxRetain(device))
    check(driver.cuCtxSetCurrent(context))
    free, total = check(driver.cuMemGetInfo())
    check(driver.cuDevicePrimaryCtxRelease(device))
    mode = driver.CUcomputemode(get("COMPUTE_MODE")).name.replace("CU_COMPUTEMODE_", "")
    return ("%-3d %-28s %-14s %d.%-3d %7d / %-7d MiB %4d SMs %5d/%-5d MHz  %s"
            % (int(device), name[:28], bus, get("COMPUTE_CAPABILITY_MAJOR"), get("COMPUTE_CAPABILITY_MINOR"),
               (total - free) >> 20, total >> 20, get("MULTIPROCESSOR_COUNT"), get("CLOCK_RATE") // 1000,
               get("MEMORY_CLOCK_RATE") // 1000, mode))


def main():
    check(driver.cuInit(0))
    count = check(driver.cuDeviceGetCount())
    version = check(driver.cuDriverGetVersion())
    print("GPU Name                         Bus-Id         CC    Memory used / total      SMs   SM/mem clock  Mode")
    rows = [row(check(driver.cuDeviceGet(i))) for i in range(count)]
    for r in rows:
        print(r)
    print("Driver API version %d.%d, %d device(s)" % (version // 1000, version % 1000 // 10, count))
    return 0 if len(rows) == count and count > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
