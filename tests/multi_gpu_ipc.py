"""IPC of device memory between two processes on two GPUs, run as a child of tests/test_multi_gpu.py:

    python tests/multi_gpu_ipc.py driver      (cuMemAlloc + cuIpcGetMemHandle / cuIpcOpenMemHandle)
    python tests/multi_gpu_ipc.py core        (cudacffi.core: an IPC-enabled DeviceMemoryResource's pool)

This process, the exporter, allocates on device 0 and fills the bytes with ``i % 251``. A process started
with multiprocessing's "spawn" method, the importer, opens the allocation with device 1's primary context
current, and a kernel on device 1 copies it into device-1 memory and writes ``255 - b`` back into it; the
importer sends the copy back. The exporter then reads its own allocation. The last line of stdout is a JSON
summary: what the importer saw, and what the exporter found afterwards, each as a bool, with any error text.
"""

import json
import multiprocessing as mp
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [ROOT, os.path.join(ROOT, "examples")]  # cudacffi of this checkout; _sample's NVRTC helper

N = (1 << 20) + 5  # not a multiple of anything in particular
SOURCE = b"""
extern "C" __global__ void take_and_flip(unsigned char *peer, unsigned char *local, long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        local[i] = peer[i];
        peer[i] = (unsigned char)(255 - peer[i]);
    }
}
"""
TIMEOUT = 300


def pattern(n=N):
    import numpy as np

    return (np.arange(n) % 251).astype(np.uint8).tobytes()


def flipped(n=N):
    return bytes(bytearray(255 - b for b in bytearray(pattern(n))))


def take_and_flip_on_device_1(peer_ptr):
    """With device 1's context current: a kernel on device 1 copies N bytes at ``peer_ptr`` (an int; memory
    of device 0, mapped here) into device-1 memory and flips them in place; returns the copy."""
    from _sample import load_module
    from cudacffi import check, driver

    module = load_module(SOURCE, check(driver.cuDeviceGet(1)))
    try:
        kernel = check(driver.cuModuleGetFunction(module, b"take_and_flip"))
        local = check(driver.cuMemAlloc(N))
        try:
            check(driver.cuLaunchKernel(kernel, (N + 255) // 256, 1, 1, 256, 1, 1, 0, None,
                                        ((peer_ptr, local, N), ("void *", None, "long long")), 0))
            check(driver.cuCtxSynchronize())
            out = bytearray(N)
            check(driver.cuMemcpyDtoH(out, local, N))
            return bytes(out)
        finally:
            check(driver.cuMemFree(local))
    finally:
        check(driver.cuModuleUnload(module))


def current_device():
    from cudacffi import check, driver

    return int(check(driver.cuCtxGetDevice()))


# -- the importer (a spawned process) ---------------------------------------------------------------------------

def import_with_driver(handle_bytes, queue):
    """Open a cuIpcMemHandle (its 64 bytes) on device 1."""
    try:
        from _sample import init_device
        from cudacffi import check, driver

        init_device(1)
        handle = driver.CUipcMemHandle()
        handle.reserved = handle_bytes
        ptr = check(driver.cuIpcOpenMemHandle(handle, driver.CUipcMem_flags.CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS))
        try:
            seen = take_and_flip_on_device_1(int(ptr))
        finally:
            check(driver.cuIpcCloseMemHandle(ptr))
        queue.put(("ok", seen == pattern(), current_device()))
    except BaseException as e:  # the exporter reports it; a traceback here would be lost
        queue.put(("error", "%s: %s" % (type(e).__name__, e)))


def import_with_core(shared, queue):
    """Map a pool buffer (the mapped resource and its descriptor, unpickled here) and use it from device 1."""
    try:
        import cudacffi.core as core

        mr, descriptor = shared  # unpickling imported the pool (with device 0's context made current)
        mr.peer_accessible_by = [1]  # an imported pool lends no access: grant it to device 1 in this process
        access = sorted(d.device_id for d in mr.peer_accessible_by)
        dev0, dev1 = core.Device(0), core.Device(1)
        buf = core.Buffer.from_ipc_descriptor(mr, descriptor, stream=dev0.default_stream)
        buf_mapped = buf.is_mapped  # read while open: a closed buffer is mapped no more, as in cuda.core
        try:
            dev1.set_current()
            seen = take_and_flip_on_device_1(int(buf.handle))
            on_device = current_device()
        finally:
            dev0.set_current()  # the buffer is freed in order on device 0's stream, with its context current
            buf.close()
            dev0.sync()
        queue.put(("ok", seen == pattern(), on_device, access, buf_mapped, mr.is_mapped))
    except BaseException as e:
        queue.put(("error", "%s: %s" % (type(e).__name__, e)))


# -- the exporter (this process) ------------------------------------------------------------------------------

def spawn_importer(target, arg):
    """Run ``target(arg, queue)`` in a spawned process; its answer, with its exit code last."""
    import queue as queues
    import time

    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    proc = ctx.Process(target=target, args=(arg, queue))
    proc.start()
    deadline = time.time() + TIMEOUT
    result = None
    while result is None:
        try:
            result = queue.get(timeout=1)
        except queues.Empty:
            if not proc.is_alive() or time.time() > deadline:  # it died (a crash) or hangs
                try:
                    result = queue.get(timeout=5)  # it may have answered just before it ended
                except queues.Empty:
                    proc.join(5)
                    result = ("error", "no answer from the importer; exit code %s" % proc.exitcode)
    proc.join(TIMEOUT)
    return list(result) + ["exitcode=%s" % proc.exitcode]


def export_with_driver():
    from _sample import init_device
    from cudacffi import check, driver

    init_device(0)
    ptr = check(driver.cuMemAlloc(N))
    try:
        check(driver.cuMemcpyHtoD(ptr, pattern(), N))
        handle = check(driver.cuIpcGetMemHandle(ptr))
        importer = spawn_importer(import_with_driver, bytes(handle.reserved))
        after = bytearray(N)
        check(driver.cuMemcpyDtoH(after, ptr, N))
    finally:
        check(driver.cuMemFree(ptr))
    return {"importer": importer, "exporter_sees_flipped": bytes(after) == flipped(), "exporter_device": 0}


def export_with_core():
    import cudacffi.core as core

    dev = core.Device(0)
    dev.set_current()
    mr = core.DeviceMemoryResource(dev, core.DeviceMemoryResourceOptions(ipc_enabled=True))
    buf = mr.allocate(N, stream=dev.default_stream)
    try:
        buf.copy_from(pattern(), stream=dev.default_stream)
        dev.sync()
        importer = spawn_importer(import_with_core, (mr, buf.ipc_descriptor))
        after = bytearray(N)
        buf.copy_to(after, stream=dev.default_stream)
        dev.sync()
    finally:
        buf.close()
        mr.close()
    return {"importer": importer, "exporter_sees_flipped": bytes(after) == flipped(), "exporter_device": 0}


def main(way):
    summary = {"driver": export_with_driver, "core": export_with_core}[way]()
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
