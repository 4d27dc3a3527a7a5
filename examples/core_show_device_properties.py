"""Every device and its properties through cudacffi.core (cuda.core's Device and DeviceProperties), each
property checked against the driver's own answer.

    python3 examples/core_show_device_properties.py
"""

import _checkout  # noqa: F401

import sys

from cudacffi import driver
from cudacffi.core import Device, system
from cudacffi.core._device_properties import property_names


def main():
    devices = Device.get_all_devices()
    major, minor = system.driver_version
    print("CUDA driver %d.%d, %d device(s)" % (major, minor, system.num_devices))
    mismatches = 0
    for dev in devices:
        print("\nDevice %d: %s" % (dev.device_id, dev.name))
        print("  UUID                %s" % dev.uuid)
        print("  PCI bus id          %s" % dev.pci_bus_id)
        print("  compute capability  %d.%d (arch %s)" % (dev.compute_capability + (dev.arch,)))
        print("  total memory        %.2f GB" % (dev.total_memory / 1e9))
        props = dev.properties
        for name, attr in sorted(property_names().items()):
            err, want = driver.cuDeviceGetAttribute(attr, dev.device_id)
            if err:  # an attribute this driver does not know
                continue
            got = getattr(props, name)
            if int(got) != want:
                mismatches += 1
                print("  %-48s %r  (driver says %r: MISMATCH)" % (name, got, want))
            else:
                print("  %-48s %r" % (name, got))
    if mismatches:
        print("\n%d properties differ from the driver's answers" % mismatches)
        return 1
    print("\nall properties agree with the driver: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
