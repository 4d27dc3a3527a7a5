"""Differential scenarios: Stream, Event, Context and Device objects (see diffharness.py).

The CPU scenarios use bare objects (``Stream.__new__(Stream)``), which both packages give as closed objects, so
that what a closed stream, event or context does is checked on a machine without a GPU too.
"""

import copy
import gc
import pickle
import weakref

from diffharness import driver_of, scenario, submodule


def _try(fn):
    """What ``fn()`` gave, or the exception's class name and message: lets one scenario check many calls."""
    try:
        return ["ok", fn()]
    except Exception as e:  # noqa: BLE001 - the outcome is the exception
        return [type(e).__name__, str(e)]


def _bare(cls):
    return cls.__new__(cls)


def _dev(core):
    dev = core.Device(0)
    dev.set_current()
    return dev


# -- closed objects, no GPU needed -----------------------------------------------------------------------------

@scenario(gpu=False)
def closed_stream_reads_zero(core):
    s = _bare(core.Stream)
    return [repr(s), int(s.handle), type(s.handle).__name__, s.is_closed, hash(s), s == _bare(core.Stream)]


@scenario(gpu=False)
def closed_stream_refuses_work(core):
    s, e = _bare(core.Stream), _bare(core.Event)
    return [_try(s.sync), _try(lambda: s.is_nonblocking), _try(lambda: s.priority), _try(lambda: s.device),
            _try(lambda: s.context), _try(s.__cuda_stream__), _try(s.record), _try(lambda: s.record(e)),
            _try(lambda: s.record(options={"timing_enabled": True})), _try(lambda: s.wait(e)), _try(lambda: s.wait(5)),
            _try(lambda: s.wait(s)), _try(s.create_graph_builder)]


@scenario(gpu=False)
def closed_stream_close_twice(core):
    s = _bare(core.Stream)
    s.close()
    s.close()
    return [s.is_closed, int(s.handle)]


@scenario(gpu=False)
def closed_event_reads_zero(core):
    e = _bare(core.Event)
    return [repr(e), int(e.handle), type(e.handle).__name__, e.is_closed, hash(e), e == _bare(core.Event)]


@scenario(gpu=False)
def closed_event_refuses_work(core):
    e = _bare(core.Event)
    return [_try(e.sync), _try(lambda: e.is_done), _try(lambda: e.device), _try(lambda: e.context),
            _try(lambda: e.ipc_descriptor), _try(lambda: e.is_ipc_enabled), _try(lambda: e.is_timing_enabled),
            _try(lambda: e.is_blocking_sync), _try(lambda: e - _bare(core.Event)), _try(e.close), e.is_closed]


@scenario(gpu=False, differs="cuda.core's message is Cython's argument check ('Argument 'other' has incorrect "
                             "type (expected cuda.core._event.Event, got int)'), ours says 'Event expected, got int'")
def event_minus_an_int(core):
    return _bare(core.Event) - 1


@scenario(gpu=False, differs="Python's message names the class as its module does: 'cuda.core._event.Event' there, "
                             "'Event' here")
def int_minus_an_event(core):
    return 1 - _bare(core.Event)


@scenario(gpu=False)
def closed_context_reads_none(core):
    c = _bare(core.Context)
    return [repr(c), c.handle, c.is_closed, c.is_green, hash(c), c == _bare(core.Context), _try(lambda: c.resources),
            _try(c.create_stream), _try(c.close), c.is_closed]


@scenario(gpu=False)
def never_equal_across_types(core):
    s, e, c = _bare(core.Stream), _bare(core.Event), _bare(core.Context)
    return [s == e, e == s, s == c, c == e, s != e, s == 0, e == 0, c == None]  # noqa: E711 - __eq__ is the point


@scenario(gpu=False)
def direct_construction_is_refused(core):
    return [_try(lambda: core.Stream(1)), _try(lambda: core.Stream(obj=None)), _try(core.Event),
            _try(lambda: core.Event(1)), _try(core.Context)]


@scenario(gpu=False, differs="cuda.core's messages are Cython's ('self._h_context,self._h_stream cannot be converted "
                             "to a Python object for pickling'); ours say which object cannot be pickled and why")
def closed_objects_refuse_pickling(core):
    out = []
    for cls in (core.Stream, core.Event, core.Context):
        for fn in (pickle.dumps, copy.copy, copy.deepcopy):
            try:
                fn(_bare(cls))
            except TypeError:
                out.append("TypeError")
    if len(out) != 9:
        raise AssertionError(out)
    return pickle.dumps(_bare(core.Stream))


@scenario(gpu=False)
def weak_references(core):
    objs = [_bare(core.Stream), _bare(core.Event), _bare(core.Context)]
    ws = weakref.WeakSet(objs)
    wv = weakref.WeakValueDictionary((i, o) for i, o in enumerate(objs))
    wk = weakref.WeakKeyDictionary({objs[0]: "stream"})
    refs = [weakref.ref(o) for o in objs]
    before = [len(ws), len(wv), len(wk), [r() is o for r, o in zip(refs, objs)]]
    del objs
    gc.collect()
    return before + [len(ws), len(wv), len(wk), [r() is None for r in refs]]


@scenario(gpu=False)
def stream_from_handle_by_the_number_protocol(core):
    try:
        import numpy
    except ImportError:
        return "needs numpy"
    s = core.Stream.from_handle(numpy.int64(0x1234))
    t = core.Stream.from_handle(0x1234)
    out = [int(s.handle), s.is_closed, s == t, hash(s) == hash(t), s.__cuda_stream__(),
           int(core.Stream.from_handle(True).handle)]
    s.close()
    out += [int(s.handle), s.is_closed, s == t, _try(s.__cuda_stream__)]
    t.close()
    return out


@scenario(gpu=False, differs="cuda.core's message is Cython's ('can't convert negative value to size_t'); "
                             "ours names the parameter")
def stream_from_negative_handle(core):
    return core.Stream.from_handle(-1)


@scenario(gpu=False)
def stream_options_keep_an_int_and_a_bool(core):
    """Priority through int() (True reads 1, floats truncated), text refused; nonblocking by truth."""
    try:
        import numpy
    except ImportError:
        return "needs numpy"

    class Index:
        def __index__(self):
            return -2

    out = [repr(core.StreamOptions(priority=v)) for v in (True, -1.7, numpy.int8(-1), numpy.float32(2.5), Index())]
    out += [repr(core.StreamOptions(nonblocking=v)) for v in (0, 2, None, "x", numpy.bool_(False))]
    o = core.StreamOptions()
    o.priority, o.nonblocking = 3.9, []
    return out + [repr(o), o == core.StreamOptions(nonblocking=False, priority=3),
                  _try(lambda: core.StreamOptions(priority="1")), _try(lambda: core.StreamOptions(priority=object()))]


@scenario(gpu=False)
def options_reprs_and_equality(core):
    return [repr(core.StreamOptions()), repr(core.EventOptions()), core.StreamOptions(priority=-1) ==
            core.StreamOptions(priority=-1), core.EventOptions(ipc_enabled=True) == core.EventOptions()]


@scenario(gpu=False)
def default_streams(core):
    s = submodule(core, "_stream")
    return [int(s.LEGACY_DEFAULT_STREAM.handle), int(s.PER_THREAD_DEFAULT_STREAM.handle),
            s.LEGACY_DEFAULT_STREAM.__cuda_stream__(), s.LEGACY_DEFAULT_STREAM == core.Stream.from_handle(1),
            hash(s.LEGACY_DEFAULT_STREAM), s.LEGACY_DEFAULT_STREAM.is_closed]


# -- streams on a GPU ------------------------------------------------------------------------------------------

@scenario(gpu=True)
def stream_repr_and_facts(core):
    dev = _dev(core)
    s = dev.create_stream()
    t = dev.create_stream(options=core.StreamOptions(nonblocking=False, priority=-1))
    try:
        return [repr(s), s.is_nonblocking, t.is_nonblocking, t.priority, s == t, s == s, repr(s.context),
                s.context == dev.context, hash(s.context) == hash(dev.context), s.device == dev, repr(s.device),
                s.is_closed]
    finally:
        s.close()
        t.close()


@scenario(gpu=True)
def stream_closed_reads_zero_and_refuses_work(core):
    dev = _dev(core)
    s = dev.create_stream()
    s.sync()
    s.close()
    s.close()
    return [int(s.handle), type(s.handle).__name__, s.is_closed, repr(s), hash(s), _try(s.sync),
            _try(lambda: s.priority), _try(lambda: s.is_nonblocking), _try(s.record), _try(lambda: s.device)]


@scenario(gpu=True)
def stream_priority_out_of_range(core):
    dev = _dev(core)
    return dev.create_stream(options=core.StreamOptions(priority=1))


@scenario(gpu=True)
def stream_priority_by_the_number_protocol(core):
    dev = _dev(core)
    try:
        import numpy
    except ImportError:
        return "needs numpy"
    s = dev.create_stream(options=core.StreamOptions(priority=numpy.int64(-1)))
    try:
        return [s.priority, _try(lambda: dev.create_stream(options={"priority": True}))]
    finally:
        s.close()


@scenario(gpu=True)
def stream_obj_and_options(core):
    dev = _dev(core)
    return dev.create_stream(dev.default_stream, options=core.StreamOptions())


@scenario(gpu=True)
def stream_from_handle_equals_its_stream(core):
    dev = _dev(core)
    s = dev.create_stream()
    try:
        t = core.Stream.from_handle(int(s.handle))
        u = dev.create_stream(s)
        out = [t == s, hash(t) == hash(s), u == s, repr(t) == repr(s), t.device == dev]
        t.close()
        u.close()
        return out + [s.is_closed]
    finally:
        s.close()


@scenario(gpu=True)
def stream_wait_takes_events_streams_and_protocol_objects(core):
    dev = _dev(core)
    s, t = dev.create_stream(), dev.create_stream()

    class Foreign:
        def __cuda_stream__(self):
            return (0, int(t.handle))

    try:
        e = t.record()
        s.wait(e)
        s.wait(t)
        s.wait(Foreign())
        s.wait(s)
        s.sync()
        e.close()
        return [_try(lambda: s.wait(5))]
    finally:
        s.close()
        t.close()


@scenario(gpu=True, differs="cuda.core's messages are Cython's; ours say a Stream cannot be pickled and why")
def live_stream_refuses_pickling(core):
    dev = _dev(core)
    s = dev.create_stream()
    try:
        return [_try(lambda: pickle.dumps(s))[0], _try(lambda: copy.copy(s))[0], pickle.dumps(s)]
    finally:
        s.close()


# -- events on a GPU -------------------------------------------------------------------------------------------

@scenario(gpu=True)
def event_facts(core):
    dev = _dev(core)
    s = dev.create_stream()
    try:
        a = dev.create_event()
        b = s.record(options=core.EventOptions(timing_enabled=True, blocking_sync=True))
        b.sync()
        out = [repr(a), type(a.handle).__name__, a.is_timing_enabled, a.is_blocking_sync, a.is_ipc_enabled, a.is_done,
               b.is_timing_enabled, b.is_blocking_sync, b.is_ipc_enabled, b.is_done, a.device == dev,
               b.device == dev, a.context == dev.context, b.context == s.context, a == b, a == a,
               hash(a) == hash(int(a.handle)), s.record(a) is a]
        a.close()
        b.close()
        return out + [a.is_closed, int(a.handle), repr(a), _try(a.sync), _try(lambda: a.is_done)]
    finally:
        s.close()


@scenario(gpu=True)
def event_timing_in_milliseconds(core):
    dev = _dev(core)
    s = dev.create_stream()
    try:
        start = s.record(options=core.EventOptions(timing_enabled=True))
        end = s.record(options={"timing_enabled": True})
        end.sync()
        ms = end - start
        back = start - end
        start.close()
        end.close()
        return [type(ms).__name__, ms >= 0.0, type(back).__name__, back <= 0.0]
    finally:
        s.close()


@scenario(gpu=True)
def event_subtraction_without_timing(core):
    dev = _dev(core)
    s = dev.create_stream()
    try:
        a = s.record()
        b = s.record(options=core.EventOptions(timing_enabled=True))
        s.sync()
        out = [_try(lambda: b - a), _try(lambda: a - b), _try(lambda: a - a)]
        a.close()
        b.close()
        return out
    finally:
        s.close()


@scenario(gpu=True)
def event_subtraction_before_recording(core):
    dev = _dev(core)
    a = dev.create_event(core.EventOptions(timing_enabled=True))
    b = dev.create_event(core.EventOptions(timing_enabled=True))
    out = [_try(lambda: b - a)]
    a.close()
    b.close()
    return out


@scenario(gpu=True)
def event_subtraction_before_completion(core):
    """The stream waits on a host-mapped word until the host writes it: the end event is not complete."""
    import ctypes

    driver = driver_of(core)
    dev = _dev(core)
    s = dev.create_stream()
    err, host = driver.cuMemHostAlloc(4, driver.CU_MEMHOSTALLOC_DEVICEMAP)
    assert not err, err
    word = ctypes.c_uint32.from_address(int(host))
    word.value = 0
    try:
        err, dptr = driver.cuMemHostGetDevicePointer(host, 0)
        assert not err, err
        start = s.record(options=core.EventOptions(timing_enabled=True))
        err, = driver.cuStreamWaitValue32(s.handle, dptr, 1, driver.CUstreamWaitValue_flags.CU_STREAM_WAIT_VALUE_GEQ)
        assert not err, err
        end = s.record(options=core.EventOptions(timing_enabled=True))
        out = [end.is_done, _try(lambda: end - start)]
    finally:
        word.value = 1
        s.sync()
    out += [end.is_done, (end - start) >= 0.0]
    start.close()
    end.close()
    s.close()
    driver.cuMemFreeHost(host)
    return out


@scenario(gpu=True)
def event_ipc_validation(core):
    dev = _dev(core)
    s = dev.create_stream()
    try:
        out = [_try(lambda: dev.create_event(core.EventOptions(ipc_enabled=True))),
               _try(lambda: dev.create_event({"ipc_enabled": True, "timing_enabled": True})),
               _try(lambda: s.record(options=core.EventOptions(ipc_enabled=True, timing_enabled=True)))]
        e = s.record(options=core.EventOptions(ipc_enabled=True))
        d = e.ipc_descriptor
        out += [e.is_ipc_enabled, e.is_timing_enabled, e.is_blocking_sync, type(d).__name__, d is e.ipc_descriptor,
                _try(lambda: s.record(e)), _try(lambda: pickle.dumps(e))[0], pickle.loads(pickle.dumps(d)) == d]
        from multiprocessing.reduction import ForkingPickler

        out.append(len(bytes(ForkingPickler.dumps(e))) > 0)  # what multiprocessing sends
        s.sync()
        e.close()
        return out
    finally:
        s.close()


@scenario(gpu=True, differs="ours also says how to make an IPC-enabled event")
def event_not_ipc_has_no_descriptor(core):
    dev = _dev(core)
    return dev.create_event().ipc_descriptor


@scenario(gpu=True, differs="cuda.core's messages are Cython's; ours say an Event cannot be pickled and how an "
                            "IPC-enabled one is sent")
def live_event_refuses_pickling(core):
    dev = _dev(core)
    e = dev.create_event()
    try:
        return [_try(lambda: copy.copy(e))[0], pickle.dumps(e)]
    finally:
        e.close()


# -- contexts and devices ----------------------------------------------------------------------------------------

@scenario(gpu=True)
def context_facts(core):
    dev = _dev(core)
    c = dev.context
    return [repr(c), c.is_green, c.is_closed, c == dev.context, hash(c) == hash(int(c.handle)),
            type(c.handle).__name__, _try(c.close), c.is_closed, _try(lambda: pickle.dumps(c))[0]]


@scenario(gpu=True)
def device_ids_by_the_number_protocol(core):
    n = len(core.Device.get_all_devices())
    out = [core.Device(False) is core.Device(0), _try(lambda: core.Device(-1)), _try(lambda: core.Device(n))]
    try:
        import numpy
    except ImportError:
        out.append(True)
    else:
        out.append(core.Device(numpy.int64(0)) is core.Device(0))
    return out


@scenario(gpu=True)
def device_id_float(core):
    """cuda.core's C int conversion truncates a float: Device(0.0) and Device(0.7) are device 0."""
    try:
        import numpy
    except ImportError:
        return "needs numpy"
    zero = core.Device(0)
    return [repr(core.Device(0.0)), core.Device(0.7) is zero, core.Device(numpy.float64(0.2)) is zero,
            _try(lambda: core.Device(-0.5)), _try(lambda: core.Device(-1.0))]


@scenario(gpu=True)
def device_identity(core):
    dev = _dev(core)
    return [repr(dev), dev == core.Device(0), dev == 0, int(dev), hash(dev) == hash(core.Device(0)),
            pickle.loads(pickle.dumps(dev)) is dev, dev != core.Device(0)]


@scenario(gpu=True)
def live_weak_references(core):
    dev = _dev(core)
    s = dev.create_stream()
    e = s.record()
    objs = [s, e, dev.context, dev]
    ws = weakref.WeakSet(objs)
    wk = weakref.WeakKeyDictionary((o, i) for i, o in enumerate(objs))
    wv = weakref.WeakValueDictionary((i, o) for i, o in enumerate(objs))
    before = [len(ws), len(wk), len(wv), wk[s], wk[e]]
    e.sync()
    e.close()
    s.close()
    del objs, s, e
    gc.collect()
    return before + [len(ws), len(wk), len(wv)]
