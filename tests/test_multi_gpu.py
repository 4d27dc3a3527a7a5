"""Two GPUs: a primary context per device, each driven from its own thread at the same time; IPC of a
device allocation between two processes on different devices (driver handles, and cudacffi.core's pool
buffers); an NCCL all-reduce across both devices over cudacffi memory and streams (NCCL through CuPy's
``cupy.cuda.nccl``, which takes raw pointers and stream handles). Each test skips, saying why, where fewer
than two devices are visible, the devices cannot reach each other, or CuPy's NCCL is absent."""

import json
import os
import subprocess
import sys
import threading

import pytest

from conftest import ROOT, compile_ptx, compute_capability, one_line, script_env

pytestmark = pytest.mark.gpu
np = pytest.importorskip("numpy")
HERE = os.path.dirname(os.path.abspath(__file__))


def two_devices_or_skip():
    """(device 0, device 1) as CUdevice, or a skip saying how many devices there are."""
    from cudacffi import check, driver

    check(driver.cuInit(0))
    count = check(driver.cuDeviceGetCount())
    if count < 2:
        visible = os.environ.get("CUDA_VISIBLE_DEVICES")
        pytest.skip("needs two GPUs; %d visible%s" % (count, "" if visible is None else
                                                      " (CUDA_VISIBLE_DEVICES=%s)" % visible))
    return check(driver.cuDeviceGet(0)), check(driver.cuDeviceGet(1))


def peer_access_or_skip(dev0, dev1):
    from cudacffi import check, driver

    for a, b in ((dev1, dev0), (dev0, dev1)):
        if not check(driver.cuDeviceCanAccessPeer(a, b)):
            pytest.skip("cuDeviceCanAccessPeer: device %d cannot access device %d's memory" % (int(a), int(b)))


@pytest.fixture
def primary_contexts():
    """Both devices' primary contexts, retained for the test and released after it."""
    from cudacffi import check, driver

    devices = two_devices_or_skip()
    contexts = [check(driver.cuDevicePrimaryCtxRetain(d)) for d in devices]
    yield list(zip(devices, contexts))
    for d in devices:
        check(driver.cuDevicePrimaryCtxRelease(d))


# -- a context per device, one thread each --------------------------------------------------------------------

SCALE_ADD = b"""
extern "C" __global__ void scale_add(const int *x, int *y, int a, int b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + b;
}
"""


def drive_device(ordinal, ctx, ptx, start, rounds, n, report):
    """On this thread only: make ``ctx`` current, load the kernel, and ``rounds`` times upload, launch, copy
    back and compare; ``report[ordinal]`` gets what was found."""
    from cudacffi import check, driver

    found = {"wrong_rounds": [], "devices": set()}
    report[ordinal] = found
    try:
        check(driver.cuCtxSetCurrent(ctx))
        module = check(driver.cuModuleLoadData(ptx))
        kernel = check(driver.cuModuleGetFunction(module, b"scale_add"))
        stream = check(driver.cuStreamCreate(driver.CUstream_flags.CU_STREAM_NON_BLOCKING))
        x, y = check(driver.cuMemAlloc(4 * n)), check(driver.cuMemAlloc(4 * n))
        host = np.arange(n, dtype=np.int32) - n // 2
        out = np.empty(n, dtype=np.int32)
        start.wait()  # both threads go at once
        for r in range(rounds):
            a, b = ordinal + 2, 1000 * r + ordinal
            check(driver.cuMemcpyHtoDAsync(x, host, 4 * n, stream))
            check(driver.cuMemsetD32Async(y, 0xFFFFFFFF, n, stream))
            check(driver.cuLaunchKernel(kernel, (n + 255) // 256, 1, 1, 256, 1, 1, 0, stream,
                                        ((x, y, a, b, n), (None, None, "int", "int", "int")), 0))
            check(driver.cuMemcpyDtoHAsync(out, y, 4 * n, stream))
            check(driver.cuStreamSynchronize(stream))
            if not np.array_equal(out, a * host + b):
                found["wrong_rounds"].append(r)
            found["devices"].add(int(check(driver.cuCtxGetDevice())))
            host += 1
        found["current_is_own"] = int(check(driver.cuCtxGetCurrent())) == int(ctx)
        for p in (x, y):
            check(driver.cuMemFree(p))
        check(driver.cuStreamDestroy(stream))
        check(driver.cuModuleUnload(module))
    except BaseException as e:
        found["error"] = "%s: %s" % (type(e).__name__, e)
        start.abort()  # the other thread must not wait for this one forever


def test_a_primary_context_per_device_driven_from_two_threads_at_once(primary_contexts):
    from cudacffi import check, driver

    before = check(driver.cuCtxGetCurrent())
    ptx = {int(d): compile_ptx(SCALE_ADD, (b"--gpu-architecture=compute_%d%d" % compute_capability(d),))
           for d, _ in primary_contexts}
    start = threading.Barrier(len(primary_contexts), timeout=120)
    report = {}
    threads = [threading.Thread(target=drive_device, args=(int(d), ctx, ptx[int(d)], start, 40, (1 << 18) + 7,
                                                           report))
               for d, ctx in primary_contexts]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert not any(t.is_alive() for t in threads), "a thread is still running after 300 s"
    for ordinal in (0, 1):
        found = report[ordinal]
        assert "error" not in found, (ordinal, found)
        assert found["wrong_rounds"] == [], (ordinal, found)
        assert found["devices"] == {ordinal} and found["current_is_own"], (ordinal, found)
    after = check(driver.cuCtxGetCurrent())  # the threads' contexts did not leak into this one
    assert context_address(after) == context_address(before)


def context_address(ctx):
    return 0 if ctx is None else int(ctx)


# -- IPC between two processes on two devices ---------------------------------------------------------------

def run_ipc(way):
    r = subprocess.run([sys.executable, os.path.join(HERE, "multi_gpu_ipc.py"), way], capture_output=True,
                       text=True, env=script_env(), timeout=600, cwd=ROOT)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_ipc_of_a_cumemalloc_allocation_from_device_0_opened_on_device_1_in_another_process():
    peer_access_or_skip(*two_devices_or_skip())
    summary = run_ipc("driver")
    importer = summary["importer"]
    assert importer[0] == "ok", importer
    seen_pattern, device = importer[1], importer[2]
    assert seen_pattern is True and device == 1, importer
    assert importer[-1] == "exitcode=0", importer
    assert summary["exporter_sees_flipped"] is True, summary  # device 1's kernel wrote into device 0's memory


def test_ipc_of_a_core_pool_buffer_from_device_0_used_on_device_1_in_another_process():
    import cudacffi.core as core

    peer_access_or_skip(*two_devices_or_skip())
    props = core.Device(0).properties
    if not props.memory_pools_supported or not props.handle_type_posix_file_descriptor_supported:
        pytest.skip("device 0 cannot share memory pools through file descriptors")
    summary = run_ipc("core")
    importer = summary["importer"]
    assert importer[0] == "ok", importer
    seen_pattern, device, access, buf_mapped, mr_mapped = importer[1:6]
    assert seen_pattern is True and device == 1, importer
    assert access == [1] and buf_mapped is True and mr_mapped is True, importer
    assert importer[-1] == "exitcode=0", importer
    assert summary["exporter_sees_flipped"] is True, summary


# -- NCCL across both devices ----------------------------------------------------------------------------------

def nccl_or_skip():
    try:
        from cupy.cuda import nccl
    except Exception as e:  # ImportError (no CuPy: PyPy), or CuPy not finding its libraries
        pytest.skip("CuPy's NCCL is not importable here: %s: %s" % (type(e).__name__, one_line(e)))
    if not getattr(nccl, "available", True) or not hasattr(nccl, "NcclCommunicator"):
        pytest.skip("CuPy is installed without NCCL (cupy.cuda.nccl.available is False)")
    return nccl


def all_reduce(nccl, comms, sends, recvs, count, datatype, op, streams):
    """One all-reduce over both devices from this thread: raw ints for pointers and streams."""
    nccl.groupStart()
    try:
        for comm, s, r, st in zip(comms, sends, recvs, streams):
            comm.allReduce(int(s), int(r), count, datatype, op, int(st))
    finally:
        nccl.groupEnd()


def test_nccl_all_reduce_over_driver_memory_and_streams(primary_contexts):
    from cudacffi import check, driver

    nccl = nccl_or_skip()
    n = (1 << 20) + 1
    inputs = [np.arange(n, dtype=np.float64) * (rank + 1) + 0.5 for rank in range(2)]  # sums exact in float64
    sends, recvs, streams = [], [], []
    for (device, ctx), host in zip(primary_contexts, inputs):
        check(driver.cuCtxSetCurrent(ctx))
        stream = check(driver.cuStreamCreate(driver.CUstream_flags.CU_STREAM_NON_BLOCKING))
        send, recv = check(driver.cuMemAlloc(8 * n)), check(driver.cuMemAlloc(8 * n))
        check(driver.cuMemcpyHtoDAsync(send, host, 8 * n, stream))
        check(driver.cuMemsetD8Async(recv, 0xFF, 8 * n, stream))  # NaN everywhere until NCCL writes
        sends.append(send)
        recvs.append(recv)
        streams.append(stream)
    comms = nccl.NcclCommunicator.initAll([0, 1])
    try:
        assert [c.device_id() for c in comms] == [0, 1] and [c.rank_id() for c in comms] == [0, 1]
        all_reduce(nccl, comms, sends, recvs, n, nccl.NCCL_FLOAT64, nccl.NCCL_SUM, streams)
        sums = []
        for (device, ctx), send, recv, stream in zip(primary_contexts, sends, recvs, streams):
            check(driver.cuCtxSetCurrent(ctx))  # NCCL moved this thread between devices
            out = np.empty(n, dtype=np.float64)
            check(driver.cuMemcpyDtoHAsync(out, recv, 8 * n, stream))
            check(driver.cuStreamSynchronize(stream))
            assert np.array_equal(out, inputs[0] + inputs[1]), int(device)
            sums.append(out)
        # again, in place, with another op: each recv buffer is its own input
        all_reduce(nccl, comms, recvs, recvs, n, nccl.NCCL_FLOAT64, nccl.NCCL_MAX, streams)
        for (device, ctx), recv, stream, before in zip(primary_contexts, recvs, streams, sums):
            check(driver.cuCtxSetCurrent(ctx))
            out = np.empty(n, dtype=np.float64)
            check(driver.cuMemcpyDtoHAsync(out, recv, 8 * n, stream))
            check(driver.cuStreamSynchronize(stream))
            assert np.array_equal(out, before), int(device)
    finally:
        for c in comms:
            c.destroy()
        for (device, ctx), send, recv, stream in zip(primary_contexts, sends, recvs, streams):
            check(driver.cuCtxSetCurrent(ctx))
            check(driver.cuStreamSynchronize(stream))
            check(driver.cuMemFree(send))
            check(driver.cuMemFree(recv))
            check(driver.cuStreamDestroy(stream))


def test_nccl_all_reduce_over_core_buffers_and_streams():
    import cudacffi.core as core

    two_devices_or_skip()
    nccl = nccl_or_skip()
    n = (1 << 19) + 3
    devices = [core.Device(i) for i in (0, 1)]
    inputs = [(np.arange(n, dtype=np.int64) % 977 - 400) * (rank + 3) for rank in range(2)]
    streams, sends, recvs = [], [], []
    for dev, host in zip(devices, inputs):
        dev.set_current()
        stream = dev.create_stream()
        send, recv = dev.allocate(8 * n, stream=stream), dev.allocate(8 * n, stream=stream)
        send.copy_from(host, stream=stream)
        recv.fill(0, stream=stream)
        streams.append(stream)
        sends.append(send)
        recvs.append(recv)
    comms = nccl.NcclCommunicator.initAll([0, 1])
    try:
        all_reduce(nccl, comms, [b.handle for b in sends], [b.handle for b in recvs], n, nccl.NCCL_INT64,
                   nccl.NCCL_SUM, [s.handle for s in streams])
        for dev, recv, stream in zip(devices, recvs, streams):
            dev.set_current()
            out = np.empty(n, dtype=np.int64)
            recv.copy_to(out, stream=stream)
            stream.sync()
            assert np.array_equal(out, inputs[0] + inputs[1]), dev.device_id
    finally:
        for c in comms:
            c.destroy()
        for dev, send, recv, stream in zip(devices, sends, recvs, streams):
            dev.set_current()
            send.close(stream)
            recv.close(stream)
            stream.sync()
            stream.close()
