"""cudacffi.core's Stream, Event and Context on a GPU, beyond the differential scenarios (tests/diffscen_stream.py):
an IPC-enabled event sent to a spawned process through a multiprocessing queue and waited on there (this used to
hang), events that are not complete yet, and closed streams and events. Runs under CPython and PyPy (the child
interpreter is sys.executable)."""

import ctypes
import subprocess
import sys

import pytest

from conftest import ROOT, script_env

from cudacffi import check, driver

pytestmark = pytest.mark.gpu


class Gate:
    """A word of host memory the GPU can read: a stream made to wait on it stays blocked until ``open()``."""

    def __init__(self):
        self.host = check(driver.cuMemHostAlloc(4, driver.CU_MEMHOSTALLOC_DEVICEMAP))
        self.word = ctypes.c_uint32.from_address(int(self.host))
        self.word.value = 0
        self.dptr = check(driver.cuMemHostGetDevicePointer(self.host, 0))

    def block(self, stream):
        check(driver.cuStreamWaitValue32(stream.handle, self.dptr, 1,
                                         driver.CUstreamWaitValue_flags.CU_STREAM_WAIT_VALUE_GEQ))

    def open(self):
        self.word.value = 1

    def close(self):
        check(driver.cuMemFreeHost(self.host))


def test_events_that_have_not_completed(core, core_device):
    s = core_device.create_stream()
    gate = Gate()
    try:
        start = s.record(options=core.EventOptions(timing_enabled=True))
        gate.block(s)
        end = s.record(options=core.EventOptions(timing_enabled=True))
        assert not end.is_done
        with pytest.raises(RuntimeError, match=r"^One or both events have not completed; use Event\.sync\(\)"):
            end - start
    finally:
        gate.open()
        s.sync()
        gate.close()
    assert end.is_done and isinstance(end - start, float) and end - start >= 0.0
    for e in (start, end):
        e.close()
    s.close()


def test_closed_streams_and_events(core, core_device):
    s = core_device.create_stream()
    e = s.record()
    s.sync()
    ctx = s.context
    assert repr(s) == "<Stream handle=0x%x context=0x%x>" % (int(s.handle), int(ctx.handle))
    e.close()
    s.close()
    for obj, kind in ((s, driver.CUstream), (e, driver.CUevent)):
        assert obj.is_closed and type(obj.handle) is kind and int(obj.handle) == 0 and hash(obj) == 0
        obj.close()
    with pytest.raises(RuntimeError, match="^Stream has been closed$"):
        s.sync()
    with pytest.raises(RuntimeError, match="^Event has been closed$"):
        core_device.default_stream.wait(e)
    with pytest.raises(RuntimeError, match="^Stream has been closed$"):
        core_device.default_stream.wait(s)


def test_event_remembers_its_stream_context_and_device(core, core_device):
    s = core_device.create_stream()
    e = s.record()
    assert e.device is core_device and e.context == s.context == core_device.context
    assert core.Stream.from_handle(int(s.handle)) == s and core.Stream.from_handle(int(s.handle)).device is core_device
    e.close()
    s.close()


def test_priorities_are_range_checked(core, core_device):
    least, greatest = check(driver.cuCtxGetStreamPriorityRange())
    s = core_device.create_stream(options=core.StreamOptions(priority=greatest))
    assert s.priority == greatest
    s.close()
    with pytest.raises(ValueError, match=r"priority=%d is out of range \[%d, %d\]" % (least + 1, greatest, least)):
        core_device.create_stream(options=core.StreamOptions(priority=least + 1))


IPC_SCRIPT = r"""
import ctypes
import multiprocessing as mp
import queue
import sys

sys.path.insert(0, %(root)r)
import cudacffi.core as core
from cudacffi import check, driver


def child(inbox, outbox):
    try:
        dev = core.Device(0)
        dev.set_current()
        ev = inbox.get(timeout=60)  # unpickled here: opened from its IPC descriptor
        s = dev.create_stream()
        s.wait(ev)
        mine = s.record()
        outbox.put(("waiting", type(ev).__name__, ev.is_ipc_enabled, ev.is_done, mine.is_done))
        ev.sync()  # returns once the parent opens its gate
        s.sync()
        outbox.put(("done", ev.is_done, mine.is_done))
        mine.close()
        ev.close()
        s.close()
    except Exception as e:
        outbox.put(("error", repr(e)))


if __name__ == "__main__":
    dev = core.Device(0)
    dev.set_current()
    s = dev.create_stream()
    host = check(driver.cuMemHostAlloc(4, driver.CU_MEMHOSTALLOC_DEVICEMAP))
    word = ctypes.c_uint32.from_address(int(host))
    word.value = 0
    dptr = check(driver.cuMemHostGetDevicePointer(host, 0))
    check(driver.cuStreamWaitValue32(s.handle, dptr, 1, driver.CUstreamWaitValue_flags.CU_STREAM_WAIT_VALUE_GEQ))
    ev = s.record(options=core.EventOptions(ipc_enabled=True))  # pending until the gate opens
    ctx = mp.get_context("spawn")
    inbox, outbox = ctx.Queue(), ctx.Queue()
    p = ctx.Process(target=child, args=(inbox, outbox))
    p.start()
    results = []
    try:
        inbox.put(ev)  # pickled by the queue's own thread, where no context is current
        results.append(outbox.get(timeout=120))
        if results[-1][0] == "waiting":
            word.value = 1
            results.append(outbox.get(timeout=120))
    except queue.Empty:
        results.append(("timed out",))
    finally:
        word.value = 1
        s.sync()
        p.join(60)
        if p.is_alive():
            p.kill()
            p.join()
    print("results", results, p.exitcode, ev.is_done)
    ev.close()
    s.close()
    check(driver.cuMemFreeHost(host))
"""


def test_ipc_event_sent_through_a_spawn_queue_is_waited_on_in_the_child(tmp_path, core_device):
    if not core_device.properties.ipc_event_supported:
        pytest.skip("this device does not support IPC events")
    script = tmp_path / "ipc_event.py"
    script.write_text(IPC_SCRIPT % {"root": ROOT})
    try:
        r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=script_env(),
                           timeout=400, cwd=str(tmp_path))
    except subprocess.TimeoutExpired as e:
        pytest.fail("the two-process IPC event flow hung: %s" % (e.stdout, ))
    assert r.returncode == 0, r.stdout + r.stderr
    line = [x for x in r.stdout.splitlines() if x.startswith("results ")]
    assert line, r.stdout + r.stderr
    listed, exitcode, done = line[0].split(" ", 1)[1].rsplit(" ", 2)
    results = eval(listed)
    assert results == [("waiting", "Event", True, False, False), ("done", True, True)], r.stdout + r.stderr
    assert exitcode == "0" and done == "True", r.stdout + r.stderr
