"""The finalizer discipline of cudacffi.core (issue 25, item 4): a finalizer (``__del__``, the Buffer backstop)
imports nothing, takes no lock and runs no Python code that might; it only hands its handle to the release queue
(``cudacffi/core/_release.py``), which the next call into cudacffi.core empties on a Python thread.

PyPy runs finalizers whenever its collector chooses, inside another import's critical section included; these tests
make that happen on purpose (a collection from inside an import hook, or while a lock of ours is held), in a child
process with a time limit, on the stand-in libcuda of ``graph_libcuda.c``, which counts live streams, events and
graphs. Program and Linker use the real NVRTC and nvJitLink of the wheels.
"""

import subprocess
import textwrap

import pytest

from conftest import build_standin, run_python


@pytest.fixture(scope="module")
def standin(tmp_path_factory):
    return build_standin(tmp_path_factory, "graph_libcuda.c", "libcuda.so.1", "-pthread")


PRELUDE = """
import builtins, ctypes, gc, os, sys, threading
import cudacffi.nvjitlink, cudacffi.nvrtc  # (imported before the collections: the finalizers must not need them)
from cudacffi.core import (Buffer, Device, Linker, LinkerOptions, MemoryResource, ObjectCode, Program,
                           ProgramOptions, _holds)
from cudacffi.core.graph import GraphDefinition, _lifetime

lib = ctypes.CDLL(os.environ["CUDACFFI_LIBDRIVER"])
live = lambda: (lib.standin_streams_live(), lib.standin_events_live(), lib.standin_graphs_live())
freed = []

class Recording(MemoryResource):  # user code: a finalizer must not call it (it imports)
    def deallocate(self, ptr, size, *, stream=None):
        import json  # noqa: F401
        freed.append(ptr)

dev = Device()
baseline = live()

def make():
    # one of each class with a finalizer that the stand-ins can make
    s = dev.create_stream()
    e = dev.create_event()
    b = Buffer.from_handle(0x1000, 64, mr=Recording())
    g = GraphDefinition()
    g.record(e)
    graph = g.instantiate()
    prog = Program('extern "C" __global__ void k(int *p) { *p = 1; }', "c++", ProgramOptions(arch="sm_80"))
    ptx = prog.compile("ptx")
    link = Linker(ObjectCode.from_ptx(ptx.code), options=LinkerOptions(arch="sm_80"))
    builder = dev.create_graph_builder().begin_building()  # capturing: its stream cannot go before the capture
    return [s, e, b, g, graph, prog, link, builder]

objects = make()
assert live() != baseline


def settle(seconds=10):
    # What a graph kept goes with its user objects, whose destructors the driver runs on a thread of its own, later:
    # graph calls and collections until that has happened, each followed by a call that releases what they queued.
    import time
    deadline = time.monotonic() + seconds
    while True:
        _lifetime.drain()
        gc.collect()
        dev.create_stream().close()
        if live() == baseline or time.monotonic() > deadline:
            return
        time.sleep(0.01)
"""


def run(standin, body, timeout=60):
    code = PRELUDE + textwrap.dedent(body) + "\nprint('ok')\n"
    try:
        r = run_python(code, env={"CUDACFFI_LIBDRIVER": standin}, timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail("deadlock: the child did not finish in %d s" % timeout, pytrace=False)
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), r.stdout + r.stderr
    return r


def test_objects_collected_inside_an_import_import_nothing_and_are_released_by_the_next_call(standin):
    # a meta path finder collects garbage while an import is in progress (importlib holds the module's lock), with
    # __import__ refusing: every finalizer reached must only queue its handle
    run(standin, """
        imported = []

        def refusing(name, *args, **kwargs):
            imported.append(name)
            raise ImportError("a finalizer imported %s" % name)

        class Collecting:
            def find_spec(self, name, path=None, target=None):
                if name != "finalizer_probe":
                    return None
                real = builtins.__import__
                builtins.__import__ = refusing
                try:
                    del objects[:]
                    for _ in range(3):
                        gc.collect()
                finally:
                    builtins.__import__ = real
                return None

        sys.meta_path.insert(0, Collecting())
        try:
            import finalizer_probe  # noqa: F401
        except ImportError:
            pass
        assert imported == [], imported
        assert freed == []  # queued, not released, by the collector
        dev.create_stream().close()  # the next call into cudacffi.core releases them, here
        assert freed == [0x1000]
        settle()
        assert live() == baseline, (live(), baseline)
    """)


def test_a_finalizer_takes_no_lock_the_interrupted_code_holds(standin):
    # an Event collected while its thread holds the graphs' bookkeeping lock (a collection during an allocation
    # in _holds.hold): its finalizer must not wait for that lock (it would wait for ever)
    run(standin, """
        del objects[:]
        ev = dev.create_event()
        with _holds._holding_lock:
            del ev
            for _ in range(3):
                gc.collect()
        settle()
        assert live() == baseline, (live(), baseline)
    """, timeout=30)


def test_an_import_in_progress_on_another_thread_does_not_block_a_finalizer(standin):
    # the deadlock of the PyPy fuzz run, made deterministic: another thread is importing a module (it holds the
    # module's lock) and waits for this thread, whose collector finalizes objects meanwhile; a finalizer that
    # imported that module would wait for the lock for ever
    run(standin, """
        import importlib.abc, importlib.util
        started, finish = threading.Event(), threading.Event()

        class Slow(importlib.abc.MetaPathFinder, importlib.abc.Loader):
            def find_spec(self, name, path=None, target=None):
                if name == "cudacffi.nvjitlink":
                    return importlib.util.spec_from_loader(name, self)
                return None

            def create_module(self, spec):
                return None

            def exec_module(self, module):
                started.set()
                finish.wait(120)  # (longer than the time limit: a blocked finalizer is a deadlock)
                module.__dict__.update(real_nvjitlink.__dict__)

        real_nvjitlink = sys.modules.pop("cudacffi.nvjitlink")
        import cudacffi
        del cudacffi.nvjitlink
        sys.meta_path.insert(0, Slow())
        t = threading.Thread(target=lambda: __import__("cudacffi.nvjitlink"))
        t.start()
        assert started.wait(20)
        del objects[:]
        for _ in range(3):
            gc.collect()
        finish.set()
        t.join()
        settle()
        assert live() == baseline, (live(), baseline)
    """, timeout=30)
