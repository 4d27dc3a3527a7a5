"""Memory with cudacffi.core (cuda.core's API): memory resources, copies, fills, and handing a Buffer to other
array libraries without a copy (CuPy and PyTorch where they are installed).

    python3 examples/core_memory.py

Each resource allocates, round-trips a host array through its buffer and fills it; host-accessible memory
is also read directly. The run ends with one verdict line and a non-zero status on any wrong byte.
"""

import _checkout  # noqa: F401

import array
import ctypes
import sys

from cudacffi.core import (Device, DeviceMemoryResource, DeviceMemoryResourceOptions, LegacyPinnedMemoryResource,
                           ManagedMemoryResource)
from cudacffi.core.utils import StridedMemoryView

N = 1 << 16  # uint32 elements


def round_trip(mr, stream):
    """Copy 0..N-1 in and out, fill with a 4-byte pattern, read it back; returns the number of wrong items."""
    src = array.array("I", range(N))
    buf = mr.allocate(N * 4, stream=stream)
    try:
        buf.copy_from(src, stream=stream)
        back = array.array("I", bytes(N * 4))
        buf.copy_to(back, stream=stream)
        buf.fill(0x01020304, 4, stream=stream)
        filled = array.array("I", bytes(N * 4))
        buf.copy_to(filled, stream=stream)
        stream.sync()
        wrong = sum(a != b for a, b in zip(src, back)) + sum(v != 0x01020304 for v in filled)
        if buf.is_host_accessible:  # the host reads it in place too
            direct = array.array("I", ctypes.string_at(buf.handle, N * 4))
            wrong += sum(v != 0x01020304 for v in direct)
        return wrong
    finally:
        buf.close()


def interchange(dev, stream):
    """A Buffer seen by CuPy (CUDA Array Interface) and PyTorch (DLPack) in place; returns (wrong, notes)."""
    wrong, notes = 0, []
    buf = dev.allocate(256, stream=stream)
    buf.copy_from(bytes(range(256)), stream=stream)
    stream.sync()
    view = StridedMemoryView.from_dlpack(buf, stream_ptr=stream.handle)
    wrong += view.ptr != buf.handle or view.shape != (256,)
    try:
        import cupy
    except ImportError:
        notes.append("CuPy not installed")
    else:
        a = cupy.asarray(buf)
        wrong += a.data.ptr != buf.handle or cupy.asnumpy(a).tolist() != list(range(256))
        notes.append("CuPy sees it in place")
    try:
        import torch
    except ImportError:
        notes.append("PyTorch not installed")
    else:
        if torch.cuda.is_available():
            t = torch.from_dlpack(buf)
            wrong += t.data_ptr() != buf.handle or t.cpu().tolist() != list(range(256))
            notes.append("PyTorch sees it in place")
    buf.close()
    return wrong, notes


def main():
    dev = Device()
    dev.set_current()
    stream = dev.create_stream()
    resources = [("device pool", dev.memory_resource)]
    if dev.properties.memory_pools_supported:
        resources.append(("own device pool", DeviceMemoryResource(dev, DeviceMemoryResourceOptions())))
    resources.append(("pinned host", LegacyPinnedMemoryResource()))
    if dev.properties.managed_memory and dev.properties.concurrent_managed_access:
        resources.append(("managed", ManagedMemoryResource()))
    wrong = 0
    for name, mr in resources:
        bad = round_trip(mr, stream)
        print("  %-16s %s" % (name, "ok" if not bad else "%d wrong items" % bad))
        wrong += bad
    bad, notes = interchange(dev, stream)
    print("  interchange      %s (%s)" % ("ok" if not bad else "WRONG", "; ".join(notes)))
    wrong += bad
    stream.close()
    if wrong:
        print("core_memory: FAILED (%d wrong)" % wrong)
        return 1
    print("core_memory: %d memory resources on %s: passed" % (len(resources), dev.name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
