"""cudacffi.core's Stream, Event, Context and Device behave as cuda.core 1.2's, checked without a GPU: closed objects,
reprs, equality and hashing, weak references, pickling, Event arithmetic and its messages, IPC-enabled events sent
through multiprocessing (which used to hang), and integers through the number protocol. What needs a driver runs
in a child interpreter against a stand-in libcuda (tests/stream_libcuda.c)."""

import copy
import gc
import pickle
import weakref

import pytest

from conftest import build_standin, run_python

import cudacffi.core as core
from cudacffi import driver


class Index:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


def bare(cls):
    return cls.__new__(cls)


# -- in this process: objects that need no driver ----------------------------------------------------------------

def test_closed_objects_read_zero_and_refuse_work():
    s, e, c = bare(core.Stream), bare(core.Event), bare(core.Context)
    assert type(s.handle) is driver.CUstream and int(s.handle) == 0 and s.is_closed
    assert type(e.handle) is driver.CUevent and int(e.handle) == 0 and e.is_closed
    assert c.handle is None and c.is_closed and not c.is_green
    assert repr(s) == "<Stream handle=0x0 context=0x0>" and repr(e) == "<Event handle=0x0>"
    assert repr(c) == "<Context handle=0x0 device=0>"
    for fn in (s.sync, s.record, lambda: s.wait(e), lambda: s.priority, lambda: s.device, s.__cuda_stream__):
        with pytest.raises(RuntimeError, match="^Stream has been closed$"):
            fn()
    for fn in (e.sync, lambda: e.is_done, lambda: e.device, lambda: e.is_timing_enabled, lambda: e.ipc_descriptor,
               lambda: e - bare(core.Event)):
        with pytest.raises(RuntimeError, match="^Event has been closed$"):
            fn()
    for fn in (lambda: c.resources, c.create_stream):
        with pytest.raises(RuntimeError, match="^Context has been closed$"):
            fn()
    for obj in (s, e, c):
        obj.close()
        obj.close()  # twice is harmless
        assert obj.is_closed


def test_equality_and_hash_by_handle_within_one_type():
    a, b = core.Stream.from_handle(0x1234), core.Stream.from_handle(Index(0x1234))
    assert a == b and hash(a) == hash(b) == hash(0x1234) and a != core.Stream.from_handle(0x1235)
    assert a.__cuda_stream__() == (0, 0x1234)
    assert bare(core.Stream) == bare(core.Stream) and bare(core.Event) == bare(core.Event)  # closed: handle 0
    assert bare(core.Stream) != bare(core.Event) and bare(core.Event) != bare(core.Context)
    assert a != 0x1234 and bare(core.Event) != 0
    a.close()
    assert a.is_closed and int(a.handle) == 0 and a != b and a == bare(core.Stream)
    with pytest.raises(RuntimeError, match="Stream has been closed"):
        a.__cuda_stream__()
    b.close()


def test_stream_from_handle_takes_the_number_protocol():
    np = pytest.importorskip("numpy")
    assert int(core.Stream.from_handle(np.uint64(7)).handle) == 7
    assert int(core.Stream.from_handle(True).handle) == 1
    with pytest.raises(TypeError, match="handle must be an int, not float"):
        core.Stream.from_handle(1.0)
    with pytest.raises(OverflowError, match="handle must be a stream's address"):
        core.Stream.from_handle(-1)


def test_weak_references_and_no_pickling():
    objs = [core.Stream.from_handle(0x10), core.Stream.from_handle(0x20), bare(core.Event), bare(core.Context)]
    ws = weakref.WeakSet(objs)
    wk = weakref.WeakKeyDictionary({objs[0]: 0, objs[1]: 1})
    wv = weakref.WeakValueDictionary(enumerate(objs))
    assert (len(ws), len(wk), len(wv)) == (4, 2, 4)  # a closed Event and Context hash alike (0) but never compare equal
    for obj in objs:
        for fn in (pickle.dumps, copy.copy, copy.deepcopy):
            with pytest.raises(TypeError, match="cannot be pickled"):
                fn(obj)
    del objs, obj
    gc.collect()
    assert (len(ws), len(wk), len(wv)) == (0, 0, 0)


def test_direct_construction_is_refused_with_cuda_cores_messages():
    with pytest.raises(RuntimeError, match=r"^Stream objects cannot be instantiated directly\. Please use Device"):
        core.Stream(1)
    with pytest.raises(RuntimeError, match=r"^Event objects cannot be instantiated directly\. Please use Stream"):
        core.Event()
    with pytest.raises(RuntimeError, match=r"^Context objects cannot be instantiated directly\. Please use Device"):
        core.Context()


def test_event_subtraction_of_other_types():
    with pytest.raises(TypeError, match="Event expected, got int"):
        bare(core.Event) - 1
    with pytest.raises(TypeError, match="unsupported operand"):
        1 - bare(core.Event)


# -- against the stand-in libcuda ----------------------------------------------------------------------------------

PRELUDE = r"""
import pickle, threading
import cudacffi.core as core
from cudacffi import driver
dev = core.Device(0)
dev.set_current()


class Index:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


def raises(exc, fn, match):
    try:
        fn()
    except exc as e:
        assert match in str(e), "%s: %s" % (type(e).__name__, e)
        return
    except Exception as e:
        raise AssertionError("%s raised instead of %s: %s" % (type(e).__name__, exc.__name__, e))
    raise AssertionError("no %s raised (%s)" % (exc.__name__, match))
"""


@pytest.fixture(scope="module")
def standin(tmp_path_factory):
    try:
        return build_standin(tmp_path_factory, "stream_libcuda.c")
    except Exception as e:  # no C compiler here
        pytest.skip("cannot build the stand-in libcuda: %s" % e)


def run(standin, code, **env):
    r = run_python(PRELUDE + code + "\nprint('done')\n", env=dict(CUDACFFI_LIBDRIVER=standin, **env))
    assert r.returncode == 0 and r.stdout.endswith("done\n"), r.stdout + r.stderr
    return r.stdout


def test_the_loop_calls_made_in_c_answer_as_the_python_methods(standin):
    """On CPython record(event), wait(event), sync(), Event.sync() and Event.is_done are C method descriptors
    (_direct.handle_call_in_c) over the Python methods: same results, same errors, the same objects refused."""
    out = run(standin, r"""
import sys
from cudacffi.core import _event
cpython = sys.implementation.name == "cpython"
S, E = core.Stream.__dict__, core.Event.__dict__
made = [type(S["record"]).__name__, type(S["wait"]).__name__, type(S["sync"]).__name__, type(E["sync"]).__name__,
        type(E["is_done"].fget).__name__, type(core.Device.__dict__["set_current"]).__name__,
        type(E["__sub__"]).__name__]
assert made == (["HandleCall"] * 7 if cpython else ["function"] * 7), made
set_current = core.Device.__dict__["set_current"]
assert dev.set_current() is None and getattr(set_current, "__wrapped__", set_current)(dev) is None
assert dev._inited and dev.context.handle is dev._primary and driver.cuCtxGetCurrent()[1] == dev._primary
raises(TypeError, lambda: dev.set_current(5), "ctx must be a Context, not int")
new = core.Device.__dict__["__new__"]
assert type(new).__name__ == ("DeviceNew" if cpython else "staticmethod"), type(new)
assert core.Device(0) is dev and core.Device() is dev and core.Device(Index(0)) is dev and core.Device(dev) is dev
assert core.Device(1) is core.Device(1) is not dev and core.Device(True) is core.Device(1)
raises(ValueError, lambda: core.Device(-1), "device_id must be >= 0, got -1")
raises(ValueError, lambda: core.Device(2), "device_id must be within [0, 2), got 2")
raises(TypeError, lambda: core.Device("0"), "device_id must be an int, a Device or None, not str")
raises(ValueError, lambda: core.Device(2 ** 70), "device_id must be within [0, 2)")
raises(TypeError, lambda: core.Device(device_id=0, other=1), "unexpected keyword")
assert core.Device(device_id=0) is dev
py = {n: getattr(S[n], "__wrapped__", S[n]) for n in ("record", "wait", "sync")}
py_done = getattr(E["is_done"].fget, "__wrapped__", E["is_done"].fget)
s, e, ipc = dev.create_stream(), dev.create_event(), None
assert s.record(e) is e and py["record"](s, e) is e
assert s.wait(e) is None and py["wait"](s, e) is None and s.sync() is None and e.sync() is None
assert e.is_done is True and py_done(e) is True
py_sub = getattr(E["__sub__"], "__wrapped__", E["__sub__"])
t0 = s.record(options={"timing_enabled": True})
s.record(e)
t1 = s.record(options={"timing_enabled": True})
assert t1 - t0 == py_sub(t1, t0) == 5.0 and t0 - t1 == -5.0 and type(t1 - t0) is float
assert t1.__sub__(t0) == 5.0 and core.Event.__sub__(t1, t0) == 5.0
raises(TypeError, lambda: t1 - 5, "Event expected, got int")
raises(TypeError, lambda: t1.__sub__(5), "Event expected, got int")
raises(RuntimeError, lambda: t1 - e, "Both Events must be created with timing enabled")
assert S["record"].__doc__ == py["record"].__doc__ and S["record"].__name__ == "record"
# what the C path does not take goes to the Python method, which says what is wrong
raises(TypeError, lambda: s.record(5), "event must be an Event or None, not int")
assert s.record().__class__ is core.Event and s.record(event=e) is e
ipc = s.record(options=core.EventOptions(ipc_enabled=True))
raises(TypeError, lambda: s.record(ipc), "IPC-enabled events should not be re-recorded")
errors = []
def elsewhere():  # no context current on this thread: the stand-in's calls fail with CUDA_ERROR_INVALID_CONTEXT
    for fn in (lambda: s.sync(), lambda: py["sync"](s)):
        try:
            fn()
        except Exception as x:
            errors.append((type(x).__name__, str(x)))
t = threading.Thread(target=elsewhere)
t.start()
t.join()
assert len(errors) == 2 and errors[0] == errors[1] and "CUDA_ERROR_INVALID_CONTEXT" in errors[0][1], errors
e.close()
s.close()
for fn in (lambda: s.record(e), lambda: s.sync(), lambda: e.is_done, lambda: e.sync()):
    try:
        fn()
    except RuntimeError as x:
        print(x)
""")
    assert out.splitlines()[:4] == ["Stream has been closed"] * 2 + ["Event has been closed"] * 2, out


def test_the_c_calls_follow_the_objects_they_are_given_call_after_call(standin):
    """The C calls remember the last handle they converted (the same int object is the same value): objects that
    alternate, close, or are made anew at a handle value seen before are each answered for themselves."""
    run(standin, r"""
s1, s2 = dev.create_stream(), dev.create_stream()
e1, e2 = dev.create_event(), dev.create_event()
for _ in range(3):
    assert s1.record(e1) is e1 and s2.record(e2) is e2 and s1.record(e2) is e2 and s2.record(e1) is e1
    assert s1.wait(e2) is None and s2.wait(e1) is None and s1.sync() is None and s2.sync() is None
    assert e1.is_done is True and e2.is_done is True
t0, t1 = (s1.record(options={"timing_enabled": True}) for _ in range(2))
sub = core.Event.__dict__["__sub__"]
ms = getattr(sub, "__wrapped__", sub)(t1, t0)
assert t1 - t0 == ms and t0 - t1 == -ms and t1 - t0 == ms
old = int(e2.handle)
e2.close()
raises(RuntimeError, lambda: s1.record(e2), "Event has been closed")
raises(RuntimeError, lambda: e2.is_done, "Event has been closed")
assert s1.record(e1) is e1 and e1.is_done is True
e3 = dev.create_event()  # (the stand-in may hand out the closed event's handle again: it is this event's now)
assert s1.record(e3) is e3 and e3.is_done is True and s2.wait(e3) is None
s2.close()
raises(RuntimeError, lambda: s2.sync(), "Stream has been closed")
raises(RuntimeError, lambda: s2.record(e1), "Stream has been closed")
assert s1.sync() is None and s1.record(e1) is e1
""")


def test_is_done_made_in_c_reads_a_pending_event(standin):
    run(standin, r"""
s, e = dev.create_stream(), dev.create_event()
s.record(e)
fget = core.Event.__dict__["is_done"].fget
assert e.is_done is False and getattr(fget, "__wrapped__", fget)(e) is False
""", STANDIN_PENDING="1")


def test_streams(standin):
    run(standin, r"""
s = dev.create_stream()
t = dev.create_stream(options=core.StreamOptions(nonblocking=False, priority=Index(-2)))
assert repr(s) == "<Stream handle=0x%x context=0x1000>" % int(s.handle), repr(s)
assert s.is_nonblocking and not t.is_nonblocking and t.priority == -2 and s.priority == 0
assert s.context == dev.context and hash(s.context) == hash(dev.context) and s.device is dev
assert repr(s.context) == "<Context handle=0x1000 device=0>"
assert s != t and s == core.Stream.from_handle(int(s.handle)) and s == dev.create_stream(s)
raises(ValueError, lambda: dev.create_stream(options=core.StreamOptions(priority=1)),
       "priority=1 is out of range [-5, 0]")
raises(ValueError, lambda: dev.create_stream(options={"priority": True}), "priority=1 is out of range [-5, 0]")
# the options keep an int, as cuda.core's do: a float is truncated, text refused
assert core.StreamOptions(priority=-1.7).priority == -1 and core.StreamOptions(nonblocking=0).nonblocking is False
raises(TypeError, lambda: core.StreamOptions(priority="-1"), "Expected int, got str")
raises(ValueError, lambda: dev.create_stream(s, options=core.StreamOptions()), "obj and options cannot be both")
raises(ValueError, lambda: s.wait(5),
       "only an Event, Stream, or object supporting __cuda_stream__ can be waited, got <class 'int'>")
e = t.record()
s.wait(e)
s.wait(t)
s.wait(s)
e.close()
raises(RuntimeError, lambda: s.wait(e), "Event has been closed")
raises(TypeError, lambda: s.record(5), "event must be an Event or None, not int")
raises(TypeError, lambda: pickle.dumps(s), "cannot be pickled")
t.close()
raises(RuntimeError, lambda: s.wait(t), "Stream has been closed")
raises(RuntimeError, t.sync, "Stream has been closed")
assert t.is_closed and type(t.handle) is driver.CUstream and int(t.handle) == 0
assert repr(t) == "<Stream handle=0x0 context=0x0>" and hash(t) == 0
t.close()
with core.Stream() as u:  # beyond cuda.core: a stream on the current device
    assert u.device is dev and not u.is_closed
assert u.is_closed
legacy = dev.default_stream
assert repr(legacy) == "<Stream handle=0x1 context=0x1000>" and legacy.device is dev
s.close()
""")


def test_event_facts_and_timing(standin):
    run(standin, r"""
s = dev.create_stream()
a = dev.create_event()
assert repr(a) == "<Event handle=0x%x>" % int(a.handle) and hash(a) == hash(int(a.handle))
assert not (a.is_timing_enabled or a.is_blocking_sync or a.is_ipc_enabled) and a.is_done
assert a.device is dev and a.context == dev.context and s.record(a) is a
start = s.record(options=core.EventOptions(timing_enabled=True, blocking_sync=True))
assert start.is_timing_enabled and start.is_blocking_sync and not start.is_ipc_enabled
s.record(a)
end = s.record(options={"timing_enabled": True})
assert end - start == 5.0 and start - end == -5.0 and type(end - start) is float
raises(RuntimeError, lambda: end - a,
       "Both Events must be created with timing enabled in order to subtract them; use "
       "EventOptions(timing_enabled=True) when creating both events.")
fresh = dev.create_event(core.EventOptions(timing_enabled=True))
raises(RuntimeError, lambda: fresh - start,
       "Both Events must be recorded before they can be subtracted; use Stream.record() to record both events to a "
       "stream.")
assert start != end and start == start and a != s
for e in (a, start, end, fresh):
    e.close()
    e.close()
assert int(a.handle) == 0 and a.is_closed and repr(a) == "<Event handle=0x0>"
raises(RuntimeError, a.sync, "Event has been closed")
raises(RuntimeError, lambda: s.record(a), "Event has been closed")
s.close()
""")


def test_events_not_complete(standin):
    run(standin, r"""
s = dev.create_stream()
start = s.record(options=core.EventOptions(timing_enabled=True))
end = s.record(options=core.EventOptions(timing_enabled=True))
assert not end.is_done
raises(RuntimeError, lambda: end - start,
       "One or both events have not completed; use Event.sync(), Stream.sync(), or Device.sync() to wait for the "
       "events to complete before subtracting them.")
""", STANDIN_PENDING="1")


def test_ipc_events_are_made_by_record_and_keep_their_descriptor(standin):
    run(standin, r"""
from multiprocessing.reduction import ForkingPickler
s = dev.create_stream()
raises(TypeError, lambda: dev.create_event(core.EventOptions(ipc_enabled=True)),
       "IPC-enabled events must be bound; use Stream.record for creation.")
raises(TypeError, lambda: s.record(options=core.EventOptions(ipc_enabled=True, timing_enabled=True)),
       "IPC-enabled events cannot use timing.")
ev = s.record(options=core.EventOptions(ipc_enabled=True))
assert ev.is_ipc_enabled and not ev.is_timing_enabled and not ev.is_blocking_sync
d = ev.ipc_descriptor
assert d is ev.ipc_descriptor and d._reserved.startswith(b"standin-ipc:")
raises(TypeError, lambda: s.record(ev), "IPC-enabled events should not be re-recorded")
raises(TypeError, lambda: pickle.dumps(ev), "cannot be pickled")
raises(RuntimeError, lambda: dev.create_event().ipc_descriptor, "Event is not IPC-enabled")
# multiprocessing pickles in a thread of its own, with no current context: the descriptor was taken when the
# event was made, so nothing there calls the driver
out = []
worker = threading.Thread(target=lambda: out.append(bytes(ForkingPickler.dumps(ev))))
worker.start()
worker.join()
assert out and b"standin-ipc:" in out[0], out
opened = pickle.loads(out[0])
assert type(opened) is core.Event and opened.is_ipc_enabled and opened.ipc_descriptor == d and opened != ev
opened.sync()
ev.close()
raises(RuntimeError, lambda: ev.ipc_descriptor, "Event has been closed")
s.close()
""")


SPAWN_SCRIPT = r"""
import multiprocessing as mp
import sys

import cudacffi.core as core


def child(inbox, outbox):
    try:
        ev = inbox.get(timeout=60)
        ev.sync()
        core.Device(0).create_stream().wait(ev)
        outbox.put(("ok", type(ev).__name__, ev.is_ipc_enabled, ev.is_timing_enabled, ev.ipc_descriptor._reserved))
    except Exception as e:
        outbox.put(("error", repr(e)))


if __name__ == "__main__":
    dev = core.Device(0)
    dev.set_current()
    s = dev.create_stream()
    ctx = mp.get_context("spawn")
    inbox, outbox = ctx.Queue(), ctx.Queue()
    p = ctx.Process(target=child, args=(inbox, outbox))
    p.start()
    ev = s.record(options=core.EventOptions(ipc_enabled=True))
    inbox.put(ev)  # pickled by the queue's feeder thread
    result = outbox.get(timeout=60)
    p.join(60)
    print("result", result, p.exitcode, result[-1] == ev.ipc_descriptor._reserved)
"""


def test_ipc_event_through_a_spawn_queue_does_not_hang(standin, tmp_path):
    script = tmp_path / "spawn_event.py"
    script.write_text(SPAWN_SCRIPT)
    r = run_python("import runpy; runpy.run_path(%r, run_name='__main__')" % str(script),
                   env=dict(CUDACFFI_LIBDRIVER=standin), timeout=180)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "result ('ok', 'Event', True, False, " in r.stdout and r.stdout.rstrip().endswith(" 0 True"), \
        r.stdout + r.stderr


def test_devices_and_contexts(standin):
    run(standin, r"""
import numpy as np
assert core.Device(np.int64(1)) is core.Device(1) and core.Device(True) is core.Device(1)
assert core.Device(Index(0)) is dev and core.Device(dev) is dev and core.Device() is dev
raises(ValueError, lambda: core.Device(-1), "device_id must be >= 0, got -1")
raises(ValueError, lambda: core.Device(2), "device_id must be within [0, 2), got 2")
assert core.Device(1.0) is core.Device(1) and core.Device(np.float64(0.7)) is dev  # truncated, as cuda.core does
raises(ValueError, lambda: core.Device(-0.5), "device_id must be >= 0, got -0.5")
raises(TypeError, lambda: core.Device(object()), "device_id must be an int, a Device or None, not object")
raises(TypeError, lambda: core.Device("0"), "device_id must be an int, a Device or None, not str")
assert dev == core.Device(0) and dev != core.Device(1) and dev != 0 and repr(dev) == "<Device 0 (Standin GPU 0)>"
assert pickle.loads(pickle.dumps(dev)) is dev
ctx = dev.context
assert repr(ctx) == "<Context handle=0x1000 device=0>" and ctx == dev.context and not ctx.is_green
raises(RuntimeError, ctx.close, "Cannot close a CUDA context while it is current")
raises(TypeError, lambda: pickle.dumps(ctx), "cannot be pickled")
one = core.Device(1)
one.set_current()
c1 = one.context
dev.set_current()
raises(RuntimeError, lambda: dev.set_current(c1),
       "the provided context was created on the device with id=1, which is different from the target id=0")
assert dev.set_current(ctx) is ctx and dev.context is ctx  # the previous one was this very object
one.set_current()
ctx.close()
ctx.close()
assert ctx.is_closed and ctx.handle is None and repr(ctx) == "<Context handle=0x0 device=0>" and hash(ctx) == 0
raises(RuntimeError, ctx.create_stream, "Context has been closed")
raises(RuntimeError, lambda: dev.set_current(ctx), "Context has been closed")
dev.set_current()
assert dev.context is not ctx and dev.context == core.Device(0).context and not dev.context.is_closed
""")
