"""cudacffi.core managed, virtual and graph memory and event IPC on a GPU: a managed resource's buffers round-trip
with numpy; advice set and read back; prefetches to the device and the host, one buffer and batches; discards
(CUDA 13 builds); virtual memory allocated, written, grown and read back; graph memory allocated while a graph
is captured, then the graph run and the memory trimmed; an IPC event recorded in a spawned process and waited
for in its parent."""

import ctypes
import subprocess
import sys

import pytest

from conftest import ROOT, script_env

pytestmark = pytest.mark.gpu

MiB = 1 << 20


@pytest.fixture
def np():
    return pytest.importorskip("numpy")


def _need_managed(dev, concurrent=True):
    if not dev.properties.managed_memory:
        pytest.skip("this device has no managed memory")
    if concurrent and not dev.properties.concurrent_managed_access:
        pytest.skip("this device has no concurrent managed access (advice and prefetches need it)")


@pytest.fixture
def managed(core, core_device):
    """make(size): a ManagedBuffer over cuMemAllocManaged memory, freed at the end of the test."""
    from cudacffi import check, driver

    _need_managed(core_device)
    pointers = []

    def make(size):
        ptr = int(check(driver.cuMemAllocManaged(size, int(driver.CUmemAttach_flags.CU_MEM_ATTACH_GLOBAL))))
        pointers.append(ptr)
        return core.ManagedBuffer.from_handle(ptr, size)

    yield make
    core_device.sync()
    for ptr in pointers:
        driver.cuMemFree(ptr)


def _last_prefetch(buf):
    from cudacffi import check, driver

    attr = driver.CUmem_range_attribute.CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION
    return check(driver.cuMemRangeGetAttribute(4, attr, buf.handle, buf.size))


def _round_trip(buf, stream, np, seed):
    data = (np.arange(buf.size, dtype=np.uint8) * seed) & 0xFF
    buf.copy_from(data, stream=stream)
    back = np.zeros_like(data)
    buf.copy_to(back, stream=stream)
    stream.sync()
    assert (back == data).all()
    return data


# -- managed memory ----------------------------------------------------------------------------------------------

def test_managed_resource_gives_managed_buffers_that_round_trip_and_read_in_place(core, core_device, core_stream, np):
    _need_managed(core_device, concurrent=False)
    mr = core.ManagedMemoryResource()
    assert mr.is_managed and mr.is_host_accessible and mr.is_device_accessible and not mr.is_handle_owned
    buf = mr.allocate(MiB, stream=core_stream)
    try:
        assert type(buf) is core.ManagedBuffer and buf.is_managed and buf.memory_resource is mr
        data = _round_trip(buf, core_stream, np, 3)
        assert ctypes.string_at(buf.handle, 64) == data[:64].tobytes()  # the host reads it in place
        copy = buf.copy_to(stream=core_stream)
        core_stream.sync()
        assert type(copy) is core.ManagedBuffer and ctypes.string_at(copy.handle, MiB) == data.tobytes()
        copy.close(core_stream)
        if mr.handle is not None:  # a managed pool (CUDA 13 build and driver)
            assert mr.attributes.used_mem_current >= MiB
    finally:
        buf.close(core_stream)
    core_stream.sync()
    own = core.ManagedMemoryResource(core.ManagedMemoryResourceOptions(preferred_location=core_device.device_id))
    assert own.preferred_location == ("device", core_device.device_id) and own.device_id == core_device.device_id
    b = own.allocate(4096, stream=core_stream)
    b.fill(0x5C, stream=core_stream)
    core_stream.sync()
    assert ctypes.string_at(b.handle, 4096) == b"\x5c" * 4096
    b.close(core_stream)
    core_stream.sync()
    own.close()
    mr.close()
    assert own.is_closed and mr.is_closed


def test_advice_is_applied_and_read_back(core, core_device, managed):
    buf = managed(2 * MiB)
    assert buf.read_mostly is False and buf.preferred_location is None
    buf.read_mostly = True
    assert buf.read_mostly is True
    buf.read_mostly = False
    assert buf.read_mostly is False
    buf.preferred_location = core_device
    assert buf.preferred_location == core_device
    buf.preferred_location = core.Host()
    assert buf.preferred_location == core.Host()
    buf.preferred_location = None
    assert buf.preferred_location is None
    buf.accessed_by.add(core_device)
    assert core_device in buf.accessed_by and set(buf.accessed_by) == {core_device}
    buf.accessed_by.discard(core_device)
    assert core_device not in buf.accessed_by and len(buf.accessed_by) == 0
    buf.accessed_by = [core_device]
    assert list(buf.accessed_by) == [core_device]
    buf.accessed_by = []
    assert len(buf.accessed_by) == 0


def test_prefetch_to_the_device_and_back_to_the_host_keeps_the_data(core, core_device, core_stream, managed, np):
    buf = managed(2 * MiB)
    data = _round_trip(buf, core_stream, np, 5)
    buf.prefetch(core_device, stream=core_stream)
    core_stream.sync()
    assert _last_prefetch(buf) == core_device.device_id
    buf.prefetch(core.Host(), stream=core_stream)
    core_stream.sync()
    assert _last_prefetch(buf) == -1  # CU_DEVICE_CPU
    assert ctypes.string_at(buf.handle, buf.size) == data.tobytes()


def test_batches_prefetch_every_buffer_and_discards_where_the_build_has_them(core, core_device, core_stream, managed,
                                                                              np):
    from cudacffi import driver
    from cudacffi.core.utils import discard_batch, discard_prefetch_batch, prefetch_batch

    bufs = [managed(2 * MiB) for _ in range(3)]
    for i, b in enumerate(bufs):
        _round_trip(b, core_stream, np, i + 1)
    prefetch_batch(core_stream, bufs, core_device)
    core_stream.sync()
    assert [_last_prefetch(b) for b in bufs] == [core_device.device_id] * 3
    prefetch_batch(core_stream, bufs, [core.Host(), core_device, core.Host()])
    core_stream.sync()
    assert [_last_prefetch(b) for b in bufs] == [-1, core_device.device_id, -1]
    if driver.CUDA_VERSION < 13000:
        with pytest.raises(NotImplementedError, match="CUDA 13.0"):
            discard_batch(core_stream, bufs)
        return
    discard_batch(core_stream, bufs[:2])
    discard_prefetch_batch(core_stream, bufs[1:], core_device)
    bufs[0].discard(stream=core_stream)
    bufs[2].discard_prefetch(core.Host(), stream=core_stream)
    core_stream.sync()
    for i, b in enumerate(bufs):  # discarded memory is usable again once written
        _round_trip(b, core_stream, np, 7 + i)


# -- virtual memory ----------------------------------------------------------------------------------------------

def test_virtual_memory_allocates_grows_and_keeps_its_contents(core, core_device, core_stream, np):
    if not core_device.properties.virtual_memory_management_supported:
        pytest.skip("this device has no virtual memory management")
    mr = core.VirtualMemoryResource(core_device)
    assert mr.device_id == core_device.device_id and mr.is_device_accessible and not mr.is_host_accessible
    buf = mr.allocate(MiB)
    try:
        first_size = buf.size  # rounded up to the allocation granularity
        assert first_size >= MiB and buf.is_device_accessible
        first = _round_trip(buf, core_stream, np, 3)
        grown = mr.modify_allocation(buf, 3 * first_size)
        assert grown is buf and buf.size == 3 * first_size
        back = np.zeros(buf.size, dtype=np.uint8)
        buf.copy_to(back, stream=core_stream)
        core_stream.sync()
        assert (back[:first_size] == first).all()  # the old part kept its bytes, wherever the range is now
        _round_trip(buf, core_stream, np, 11)  # and the whole range is mapped and writable
        buf.fill(0x21, stream=core_stream)
        core_stream.sync()
        buf.copy_to(back, stream=core_stream)
        core_stream.sync()
        assert (back == 0x21).all()
    finally:
        buf.close()
    with mr.allocate(1) as small:  # one granule
        assert 1 <= small.size <= first_size and first_size % small.size == 0


# -- graph memory ------------------------------------------------------------------------------------------------

def test_graph_memory_is_allocated_in_capture_and_trimmed(core, core_device, core_stream, np):
    if not core_device.properties.memory_pools_supported:
        pytest.skip("this device has no memory pools (graph memory nodes need them)")
    n = 4 * MiB
    gmr = core.GraphMemoryResource(core_device)
    assert gmr is core.GraphMemoryResource(core_device.device_id)
    with pytest.raises(RuntimeError, match="non-capturing stream"):
        gmr.allocate(n, stream=core_stream)
    out = core_device.allocate(n, stream=core_stream)
    out.fill(0, stream=core_stream)
    core_stream.sync()
    gb = core_device.create_graph_builder().begin_building()
    tmp = gmr.allocate(n, stream=gb)
    assert tmp.memory_resource is gmr and tmp.size == n
    tmp.fill(0x11, stream=gb)
    out.copy_from(tmp, stream=gb)
    tmp.close(gb)  # freed inside the graph
    graph = gb.end_building().complete()
    graph.launch(core_stream)
    core_stream.sync()
    back = np.zeros(n, dtype=np.uint8)
    out.copy_to(back, stream=core_stream)
    core_stream.sync()
    assert (back == 0x11).all()
    attrs = gmr.attributes
    assert attrs.used_mem_high >= n and attrs.reserved_mem_high >= n  # the graph's allocation, while it ran
    attrs.used_mem_high = 0  # reset to the current figure
    assert attrs.used_mem_high == attrs.used_mem_current
    with pytest.raises(AttributeError, match="may only be set to zero"):
        attrs.reserved_mem_high = 1
    graph.close()
    core_device.sync()
    reserved = attrs.reserved_mem_current
    gmr.trim()
    assert attrs.reserved_mem_current <= reserved
    out.close(core_stream)


# -- event IPC ---------------------------------------------------------------------------------------------------

EVENT_SCRIPT = r"""
import multiprocessing as mp
import sys

sys.path.insert(0, %(root)r)
import cudacffi.core as core
from cudacffi import check, driver

N = 1 << 20


def child(shared, buf, queue):
    try:
        dev = core.Device(0)
        dev.set_current()
        ev = shared if isinstance(shared, core.Event) else core.Event.from_ipc_descriptor(shared)
        s = dev.create_stream()
        buf.fill(0x77, stream=s)
        check(driver.cuEventRecord(ev.handle, s.handle))  # the parent waits on the same event
        s.sync()
        queue.put(("ok", ev.is_ipc_enabled, ev.is_timing_enabled, ev.is_blocking_sync, ev.is_done))
        buf.close(s)
        ev.close()
        s.close()
    except Exception as e:
        queue.put(("error", repr(e)))


if __name__ == "__main__":
    dev = core.Device(0)
    dev.set_current()
    mr = core.DeviceMemoryResource(dev, core.DeviceMemoryResourceOptions(ipc_enabled=True))
    stream = dev.create_stream()
    results = []
    for how in ("pickled event", "descriptor"):
        ev = stream.record(options=core.EventOptions(ipc_enabled=True, blocking_sync=True))
        buf = mr.allocate(N, stream=stream)
        buf.fill(0, stream=stream)
        stream.sync()
        shared = ev if how == "pickled event" else ev.ipc_descriptor
        ctx = mp.get_context("spawn")
        q = ctx.Queue()
        p = ctx.Process(target=child, args=(shared, buf, q))
        p.start()
        result = q.get(timeout=120)
        p.join(120)
        stream.wait(ev)  # ordered after the child's fill
        seen = bytearray(N)
        buf.copy_to(seen, stream=stream)
        stream.sync()
        ev.sync()
        results.append((how, p.exitcode, result, seen.count(0x77) == N, ev.is_done))
        buf.close(stream)
        ev.close()
    print("results", results)
    stream.sync()
    mr.close()
"""


def test_ipc_event_recorded_in_a_spawned_process_orders_its_parent(tmp_path, core_device):
    if not core_device.properties.ipc_event_supported:
        pytest.skip("this device does not support IPC events")
    properties = core_device.properties
    if not properties.memory_pools_supported or not properties.handle_type_posix_file_descriptor_supported:
        pytest.skip("this device cannot share memory pools through file descriptors")
    script = tmp_path / "event_ipc.py"
    script.write_text(EVENT_SCRIPT % {"root": ROOT})
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=script_env(),
                       timeout=600, cwd=str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    line = [x for x in r.stdout.splitlines() if x.startswith("results ")]
    assert line, r.stdout + r.stderr
    results = eval(line[0].split(" ", 1)[1])
    assert [x[0] for x in results] == ["pickled event", "descriptor"]
    for how, exitcode, child, filled, done in results:
        assert exitcode == 0 and child == ("ok", True, False, True, True), (how, child)
        assert filled and done, how
