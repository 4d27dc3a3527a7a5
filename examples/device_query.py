"""deviceQuery with the CUDA Driver API only: what the driver says about each device.

Like CUDA's deviceQuery sample, with cudacffi.check in place of the (err, ...) tuple unpacking:
check() returns a call's outputs or raises cudacffi.CUDAError naming the error.

    python examples/device_query.py

Says "cannot run: no CUDA driver/device" and exits 77 where there is no driver or no device.
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
from _checkout import cannot_run
import sys

import cudacffi
from cudacffi import check, driver

A = driver.CUdevice_attribute


def c_string(raw):
    """The text of a fixed-size C char buffer: up to the first NUL."""
    return bytes(raw).split(b"\0", 1)[0].decode("ascii", "replace")


def format_uuid(uuid):
    """nvidia-smi's spelling of a CUuuid: GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx."""
    raw = bytes(uuid.bytes)
    if len(raw) != 16:
        return raw.hex()
    h = raw.hex()
    return "GPU-{}-{}-{}-{}-{}".format(h[0:8], h[8:12], h[12:16], h[16:20], h[20:32])


def attribute(attrib, dev):
    return check(driver.cuDeviceGetAttribute(attrib, dev))


def describe(ordinal):
    dev = check(driver.cuDeviceGet(ordinal))
    name = c_string(check(driver.cuDeviceGetName(256, dev)))
    major = attribute(A.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev)
    minor = attribute(A.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev)
    total_mem = check(driver.cuDeviceTotalMem(dev))
    sms = attribute(A.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev)
    clock_khz = attribute(A.CU_DEVICE_ATTRIBUTE_CLOCK_RATE, dev)
    bus_width = attribute(A.CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, dev)
    l2_bytes = attribute(A.CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, dev)
    max_threads = attribute(A.CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, dev)
    warp = attribute(A.CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev)
    uuid = check(driver.cuDeviceGetUuid(dev))
    pci_bus_id = c_string(check(driver.cuDeviceGetPCIBusId(64, dev)))

    rows = [
        ("CUDA capability", "{}.{}".format(major, minor)),
        ("Total global memory", "{:.0f} MiB ({} bytes)".format(total_mem / 2**20, total_mem)),
        ("Multiprocessors", str(sms)),
        ("GPU max clock rate", "{:.0f} MHz ({:.2f} GHz)".format(clock_khz / 1e3, clock_khz / 1e6)),
        ("Memory bus width", "{}-bit".format(bus_width)),
        ("L2 cache size", "{} bytes".format(l2_bytes)),
        ("Max threads per block", str(max_threads)),
        ("Warp size", str(warp)),
        ("UUID", format_uuid(uuid)),
        ("PCI bus id", pci_bus_id),
    ]
    print('\nDevice {}: "{}"'.format(ordinal, name))
    for label, value in rows:
        print("  {:<26}{}".format(label + ":", value))


def main():
    try:
        check(driver.cuInit(0))
    except cudacffi.LibraryNotFoundError as e:
        cannot_run("no CUDA driver/device ({})".format(" ".join(str(e).split())))
    except cudacffi.CUDAError as e:
        if e.result != driver.CUresult.CUDA_ERROR_NO_DEVICE:
            raise
        cannot_run("no CUDA driver/device ({})".format(" ".join(str(e).split())))

    version = check(driver.cuDriverGetVersion())
    print("CUDA driver version: {}.{}".format(version // 1000, (version % 1000) // 10))
    count = check(driver.cuDeviceGetCount())
    if count == 0:
        cannot_run("no CUDA driver/device (the driver reports 0 devices)")
    print("Detected {} CUDA capable device(s)".format(count))
    for ordinal in range(count):
        describe(ordinal)
    return 0


if __name__ == "__main__":
    sys.exit(main())
