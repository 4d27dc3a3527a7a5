"""Finalizers under the collector while imports run (tests/test_fuzz.py runs it in a child with a time limit):

    python tests/fuzz_gc.py SECONDS

The main thread makes and drops, for SECONDS, objects that own handles: NVRTC programs through
``cudacffi.nvrtc`` (some destroyed, some dropped), and ``cudacffi.core`` objects whose finalizers release
handles (Program, Linker; with the stand-in libcuda of ``graph_libcuda.c`` named by CUDACFFI_LIBDRIVER also
Stream, Event, GraphDefinition and Buffer), many of them dropped inside reference cycles so that only the
collector frees them. Meanwhile another thread writes fresh tiny modules into a temporary folder and imports
them (each one's objects have a ``__del__``, and the module is dropped again, in a cycle), calling
``gc.collect()`` now and then, as the main thread does too. Under PyPy every finalizer runs at a collection,
whichever thread it interrupts, in the middle of an import included.

A deadlock shows as the time limit passing (the parent kills the child), a crash as a signal. At the end the
threads are joined, the release queue drained, and the stand-in's live streams, events and graphs must be back
where they started. The last line of stdout is a JSON summary.
"""

import gc
import importlib
import json
import os
import sys
import tempfile
import threading
import time

CODE = 'extern "C" __global__ void k(int *p) { *p = 1; }'

# (the objects' finalizer imports nothing: an import from a finalizer that interrupts another import of the
# same thread breaks importlib's per-thread bookkeeping in this stdlib, whoever's the finalizer)
MODULE = """\
import json, collections

DONE = []


class Obj:
    def __del__(self):
        DONE.append(len(DONE))


OBJS = [Obj() for _ in range(4)]
CYCLE = [OBJS]
CYCLE.append(CYCLE)
VALUE = %d
"""


def importer(folder, stop, counts, errors):
    k = 0
    try:
        while not stop.is_set():
            name = "fuzz_gc_mod_%d_%d" % (os.getpid(), k)
            with open(os.path.join(folder, name + ".py"), "w") as f:
                f.write(MODULE % k)
            importlib.invalidate_caches()
            m = importlib.import_module(name)
            if m.VALUE != k:
                raise AssertionError("module %s has VALUE %r" % (name, m.VALUE))
            del sys.modules[name], m  # the module and its cycle become garbage
            k += 1
            if k % 8 == 0:
                gc.collect()
    except BaseException as e:  # reported by the main thread
        errors.append("importer: %s: %s" % (type(e).__name__, e))
    counts["imports"] = k


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    from cudacffi import nvrtc
    from cudacffi.core import (Buffer, Device, Linker, LinkerOptions, MemoryResource, ObjectCode, Program,
                               ProgramOptions)
    from cudacffi.core.graph import GraphDefinition

    standin = None
    lib_path = os.environ.get("CUDACFFI_LIBDRIVER", "")
    if lib_path:
        import ctypes

        lib = ctypes.CDLL(lib_path)
        if hasattr(lib, "standin_streams_live"):
            standin = lib
    live = (lambda: (standin.standin_streams_live(), standin.standin_events_live(), standin.standin_graphs_live())
            if standin is not None else None)

    class Quiet(MemoryResource):  # a memory resource that frees nothing (the buffers' addresses are made up)
        def allocate(self, size, stream=None):
            raise NotImplementedError

        def deallocate(self, ptr, size, *, stream=None):
            pass

        @property
        def is_device_accessible(self):
            return True

        @property
        def is_host_accessible(self):
            return False

        @property
        def device_id(self):
            return 0

    dev = Device() if standin is not None else None
    baseline = live()
    ptx = Program(CODE, "c++", ProgramOptions(arch="sm_80")).compile("ptx").code
    mr = Quiet()

    folder = tempfile.mkdtemp(prefix="fuzz_gc_")
    sys.path.insert(0, folder)
    stop = threading.Event()
    counts, errors = {"imports": 0}, []
    t = threading.Thread(target=importer, args=(folder, stop, counts, errors), daemon=True)
    t.start()

    made = collections_ = 0
    deadline = time.monotonic() + seconds
    i = 0
    while time.monotonic() < deadline:
        err, prog = nvrtc.nvrtcCreateProgram(CODE.encode(), b"k.cu", 0, [], [])
        if i % 2:
            nvrtc.nvrtcDestroyProgram(prog)
        objs = [prog, Program(CODE, "c++", ProgramOptions(arch="sm_80"))]
        if i % 16 == 0:
            objs.append(Linker(ObjectCode.from_ptx(ptx), options=LinkerOptions(arch="sm_80")))
        if dev is not None:
            objs += [dev.create_stream(), dev.create_event(), GraphDefinition(), Buffer.from_handle(0x1000, 64, mr=mr)]
        made += len(objs)
        if i % 3 == 0:  # freed by the collector only
            cycle = [objs]
            cycle.append(cycle)
            del cycle
        del objs, prog
        i += 1
        if i % 32 == 0:
            gc.collect()
            collections_ += 1
    stop.set()
    t.join(30)
    if t.is_alive():
        errors.append("importer: still running 30 s after it was told to stop")
    for _ in range(3):
        gc.collect()
    if dev is not None:
        from cudacffi.core.graph import _lifetime

        for _ in range(3):  # (what a graph kept goes with its user objects: a graph call drops it)
            _lifetime.drain()
            gc.collect()
        dev.create_stream().close()  # the next call into cudacffi.core releases what the collector queued
        if live() != baseline:
            errors.append("stand-in handles live (streams, events, graphs): %s, at the start %s" % (live(), baseline))
    print(json.dumps({"seconds": seconds, "iterations": i, "objects": made, "collections": collections_,
                      "imports": counts["imports"], "errors": errors, "device_objects": dev is not None}))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
