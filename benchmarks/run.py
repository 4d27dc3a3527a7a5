#!/usr/bin/env python3
"""Per-call cost of CUDA driver calls: C floor vs cudacffi vs cuda.bindings.

Usage:  python benchmarks/run.py [--repeat N] [--only NAME,...] [--json OUT]
                                 [--calls N] [--launches N]

What is measured
    Nanoseconds per call, as seen by the calling thread, for a few cheap driver calls and
    for kernel launches (see CASES below), three ways in one run:

    C               benchmarks/floor.c, compiled here with nvcc (-lcuda) into a temporary
                    directory and run as a subprocess: the same calls in tight C loops,
                    timed with clock_gettime(CLOCK_MONOTONIC). This is the floor, the
                    driver's own cost with nothing in between.
    cudacffi        this project's bindings, in the interpreter running this script
                    (CPython or PyPy).
    cuda.bindings   NVIDIA's bindings, in the same process, where importable (they are
                    not available for PyPy; the column is then skipped with a note).

How
    * Every timed loop is just the call, with the callable and its arguments bound to
      locals (default arguments of the loop function), the same shape for every binding:
          def loop(r, f=driver.cuStreamQuery, s=stream):
              for _ in r:
                  f(s)
      Results are checked once, before timing, never inside the timed loop. The figures
      include the interpreter's own loop overhead (a few ns on CPython, ~1 ns on PyPy).
      Each binding's loop gets a code object of its own (private_copy), so that CPython's
      call-site specialisation caches and PyPy's JIT traces are not shared between them.
    * Trivial calls: one warm-up repeat, then --repeat (10) repeats of --calls (20000)
      calls, each repeat timed as a whole with time.perf_counter_ns; figure = fastest
      repeat / calls.
    * Calls that put work on the stream (event_record and the launches): --launches (5000)
      calls per repeat, made in batches of BATCH (500, well below the ~1024-entry launch
      queue) on a created non-blocking stream. Only the batch is timed; the cuStreamSynchronize
      after each batch is not. Figure = min over repeats of (sum of batch times) / calls.
      Launches are grid 1x1x1, block 1x1x1, no shared memory.
    * Kernels (benchmarks/kernels.cu, empty bodies) are compiled once with
      `nvcc -fatbin -arch=sm_XY` for the GPU found; the C floor loads the file with
      cuModuleLoad, each binding loads the same bytes with cuModuleLoadData.
    * Both bindings use the device's primary context (cuDevicePrimaryCtxRetain +
      cuCtxSetCurrent), each with its own stream, event, buffers and module; handles
      never cross from one binding to the other.
    * Repeats go round-robin: each repeat runs every case once with each binding, so a
      case's repeats are spread over the whole run and a noisy spell on the machine spoils
      a few samples rather than a whole case or one binding. floor.c does the same, and
      is run twice, before and after the bindings; its figure is the lower of the two.
    * A case for which a binding raises TypeError or NotImplementedError (e.g. an
      unsupported kernelParams form) shows "n/a"; a CUDA error shows "err".

Exit status: 0 on success, 2 when no GPU, no driver, no nvcc or no binding is found.
"""

import argparse
import ctypes
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
import types

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
BATCH = 500  # enqueueing calls per synchronised batch (launch queue holds ~1024)

CU_STREAM_NON_BLOCKING = 1
CU_EVENT_DEFAULT = 0
CU_MEMORYTYPE_DEVICE = 2

COLUMNS = ("c", "cudacffi", "cuda_bindings")
LABELS = {"c": "C", "cudacffi": "cudacffi", "cuda_bindings": "cuda.bindings"}


class SetupError(Exception):
    """The machine cannot run the benchmark (no GPU, driver, nvcc or binding)."""


class CudaError(Exception):
    def __init__(self, func, result):
        name = getattr(result, "name", None) or str(int(result))
        super().__init__("%s returned %s" % (func, name))


class Unsupported(Exception):
    """The binding under test does not support this case (shown as n/a)."""


# ---------------------------------------------------------------------------------------
# Cases. Each factory takes an Env and returns (func, args, loop): func(*args) is called
# once and checked, then loop(range(n)) is timed.

TRIVIAL = "trivial"  # timed as one block of calls
ENQUEUE = "enqueue"  # puts work on the stream: timed in synchronised batches


class Case:
    def __init__(self, name, kind, what, factory):
        self.name, self.kind, self.what, self.factory = name, kind, what, factory


CASES = []


def case(name, kind, what):
    def register(factory):
        CASES.append(Case(name, kind, what, factory))
        return factory
    return register


def launch_args(env, fn, params):
    return (fn, 1, 1, 1, 1, 1, 1, 0, env.stream, params, 0)


@case("ctx_get_current", TRIVIAL, "cuCtxGetCurrent()")
def _ctx_get_current(env):
    def loop(r, f=env.driver.cuCtxGetCurrent):
        for _ in r:
            f()
    return env.driver.cuCtxGetCurrent, (), loop


@case("ctx_get_device", TRIVIAL, "cuCtxGetDevice()")
def _ctx_get_device(env):
    def loop(r, f=env.driver.cuCtxGetDevice):
        for _ in r:
            f()
    return env.driver.cuCtxGetDevice, (), loop


@case("device_get_attribute", TRIVIAL, "cuDeviceGetAttribute(COMPUTE_CAPABILITY_MAJOR, dev)")
def _device_get_attribute(env):
    d = env.driver
    attr = d.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR

    def loop(r, f=d.cuDeviceGetAttribute, a=attr, dev=env.dev):
        for _ in r:
            f(a, dev)
    return d.cuDeviceGetAttribute, (attr, env.dev), loop


@case("stream_query", TRIVIAL, "cuStreamQuery(stream), idle stream")
def _stream_query(env):
    def loop(r, f=env.driver.cuStreamQuery, s=env.stream):
        for _ in r:
            f(s)
    return env.driver.cuStreamQuery, (env.stream,), loop


@case("event_record", ENQUEUE, "cuEventRecord(event, stream)")
def _event_record(env):
    def loop(r, f=env.driver.cuEventRecord, e=env.event, s=env.stream):
        for _ in r:
            f(e, s)
    return env.driver.cuEventRecord, (env.event, env.stream), loop


@case("event_query", TRIVIAL, "cuEventQuery(event), completed event")
def _event_query(env):
    env.sync()

    def loop(r, f=env.driver.cuEventQuery, e=env.event):
        for _ in r:
            f(e)
    return env.driver.cuEventQuery, (env.event,), loop


@case("pointer_get_attribute", TRIVIAL, "cuPointerGetAttribute(MEMORY_TYPE, dptr)")
def _pointer_get_attribute(env):
    d = env.driver
    attr = d.CUpointer_attribute.CU_POINTER_ATTRIBUTE_MEMORY_TYPE
    ptr = env.ptrs[0]

    def loop(r, f=d.cuPointerGetAttribute, a=attr, p=ptr):
        for _ in r:
            f(a, p)
    return d.cuPointerGetAttribute, (attr, ptr), loop


@case("launch_empty", ENQUEUE, "cuLaunchKernel, no parameters (kernelParams=0)")
def _launch_empty(env):
    def loop(r, f=env.driver.cuLaunchKernel, fn=env.fn_empty, s=env.stream):
        for _ in r:
            f(fn, 1, 1, 1, 1, 1, 1, 0, s, 0, 0)
    return env.driver.cuLaunchKernel, launch_args(env, env.fn_empty, 0), loop


@case("launch_1_ptr_arg", ENQUEUE, "cuLaunchKernel, kernelParams=((dptr,), (None,))")
def _launch_1_ptr_arg(env):
    params = ((env.ptrs[0],), (None,))

    def loop(r, f=env.driver.cuLaunchKernel, fn=env.fn_one_ptr, s=env.stream, p=params):
        for _ in r:
            f(fn, 1, 1, 1, 1, 1, 1, 0, s, p, 0)
    return env.driver.cuLaunchKernel, launch_args(env, env.fn_one_ptr, params), loop


@case("launch_16_ptr_args", ENQUEUE, "cuLaunchKernel, kernelParams=(16 CUdeviceptr, 16 None)")
def _launch_16_ptr_args(env):
    params = (tuple(env.ptrs), (None,) * 16)

    def loop(r, f=env.driver.cuLaunchKernel, fn=env.fn_sixteen_ptr, s=env.stream, p=params):
        for _ in r:
            f(fn, 1, 1, 1, 1, 1, 1, 0, s, p, 0)
    return env.driver.cuLaunchKernel, launch_args(env, env.fn_sixteen_ptr, params), loop


@case("launch_1_ptr_arg_fresh", ENQUEUE, "cuLaunchKernel, kernelParams=((dptr,), (None,)), values tuple made per call")
def _launch_1_ptr_arg_fresh(env):
    types = (None,)

    def loop(r, f=env.driver.cuLaunchKernel, fn=env.fn_one_ptr, s=env.stream, p0=env.ptrs[0], t=types):
        for _ in r:
            f(fn, 1, 1, 1, 1, 1, 1, 0, s, ((p0,), t), 0)
    return env.driver.cuLaunchKernel, launch_args(env, env.fn_one_ptr, ((env.ptrs[0],), types)), loop


@case("launch_16_ptr_args_fresh", ENQUEUE, "cuLaunchKernel, kernelParams=(16 CUdeviceptr, 16 None), values made per call")
def _launch_16_ptr_args_fresh(env):
    types = (None,) * 16
    ptrs = list(env.ptrs)

    def loop(r, f=env.driver.cuLaunchKernel, fn=env.fn_sixteen_ptr, s=env.stream, ps=ptrs, t=types):
        for _ in r:
            f(fn, 1, 1, 1, 1, 1, 1, 0, s, (tuple(ps), t), 0)
    return env.driver.cuLaunchKernel, launch_args(env, env.fn_sixteen_ptr, (tuple(ptrs), types)), loop


@case("launch_16_prepacked", ENQUEUE, "cuLaunchKernel, kernelParams=int address of void*[16]")
def _launch_16_prepacked(env):
    try:
        import numpy as np
    except ImportError:
        raise Unsupported("numpy is not installed")
    # One uint64 cell per argument holding the device pointer, and a table of their
    # addresses: exactly the void** the driver wants. Kept alive on env.
    cells = [np.array([int(p)], dtype=np.uint64) for p in env.ptrs]
    table = np.array([c.ctypes.data for c in cells], dtype=np.uint64)
    env.keepalive.append((cells, table))
    params = int(table.ctypes.data)

    def loop(r, f=env.driver.cuLaunchKernel, fn=env.fn_sixteen_ptr, s=env.stream, p=params):
        for _ in r:
            f(fn, 1, 1, 1, 1, 1, 1, 0, s, p, 0)
    return env.driver.cuLaunchKernel, launch_args(env, env.fn_sixteen_ptr, params), loop


CASE_NAMES = [c.name for c in CASES]


# ---------------------------------------------------------------------------------------
# Per-binding state


def checked(driver, func_name, *args):
    """Call driver.<func_name>(*args); raise CudaError unless CUDA_SUCCESS; return outputs."""
    res = getattr(driver, func_name)(*args)
    if int(res[0]) != 0:
        raise CudaError(func_name, res[0])
    return res[1] if len(res) == 2 else res[1:]


def load_module(driver, image):
    """cuModuleLoadData with the image as bytes, else as an int address."""
    try:
        return checked(driver, "cuModuleLoadData", image)
    except TypeError:
        buf = ctypes.create_string_buffer(image, len(image))
        return checked(driver, "cuModuleLoadData", ctypes.addressof(buf))


class Env:
    """One binding's context, stream, event, device buffers and kernels."""

    def __init__(self, driver, image):
        d = self.driver = driver
        self.keepalive = []
        self.ptrs = []
        self.module = None
        checked(d, "cuInit", 0)
        self.dev = checked(d, "cuDeviceGet", 0)
        self.ctx = checked(d, "cuDevicePrimaryCtxRetain", self.dev)
        self.activate()
        self.stream = checked(d, "cuStreamCreate", CU_STREAM_NON_BLOCKING)
        self.event = checked(d, "cuEventCreate", CU_EVENT_DEFAULT)
        checked(d, "cuEventRecord", self.event, self.stream)
        self.sync()
        self.ptrs = [checked(d, "cuMemAlloc", 256) for _ in range(16)]
        self.module = load_module(d, image)
        self.fn_empty = checked(d, "cuModuleGetFunction", self.module, b"empty_kernel")
        self.fn_one_ptr = checked(d, "cuModuleGetFunction", self.module, b"one_ptr_kernel")
        self.fn_sixteen_ptr = checked(d, "cuModuleGetFunction", self.module, b"sixteen_ptr_kernel")
        memtype = checked(d, "cuPointerGetAttribute",
                          d.CUpointer_attribute.CU_POINTER_ATTRIBUTE_MEMORY_TYPE, self.ptrs[0])
        if int(memtype) != CU_MEMORYTYPE_DEVICE:
            raise SetupError("cuPointerGetAttribute(MEMORY_TYPE) gave %r" % (memtype,))

    def activate(self):
        checked(self.driver, "cuCtxSetCurrent", self.ctx)

    def sync(self):
        checked(self.driver, "cuStreamSynchronize", self.stream)

    def close(self):
        d = self.driver
        self.activate()
        self.sync()
        if self.module is not None:
            checked(d, "cuModuleUnload", self.module)
        for p in self.ptrs:
            checked(d, "cuMemFree", p)
        checked(d, "cuEventDestroy", self.event)
        checked(d, "cuStreamDestroy", self.stream)
        checked(d, "cuDevicePrimaryCtxRelease", self.dev)


def import_driver(column):
    """Return (driver module, version text) or raise ImportError/OSError."""
    if column == "cudacffi":
        if REPO not in sys.path:
            sys.path.append(REPO)  # an installed cudacffi wins; else use the checkout
        import cudacffi
        from cudacffi import driver
        where = os.path.dirname(os.path.abspath(cudacffi.__file__))
        return driver, "%s (%s)" % (getattr(cudacffi, "__version__", "?"), where)
    import cuda.bindings
    from cuda.bindings import driver
    return driver, getattr(cuda.bindings, "__version__", "?")


def open_bindings(image, notes):
    """{column: Env} for the bindings that import and set up; skipped ones go to notes."""
    envs, versions = {}, {}
    for column in ("cudacffi", "cuda_bindings"):
        label = LABELS[column]
        try:
            driver, versions[column] = import_driver(column)
        except Exception as e:  # ImportError, or OSError from loading a library
            notes.append("%s column skipped: not importable in %s (%s: %s)"
                         % (label, sys.implementation.name, type(e).__name__, e))
            continue
        try:
            envs[column] = Env(driver, image)
        except Exception as e:
            notes.append("%s column skipped: setup failed (%s: %s)" % (label, type(e).__name__, e))
    return envs, versions


def close_bindings(envs, notes):
    for column, env in envs.items():
        try:
            env.close()
        except Exception as e:
            notes.append("%s: teardown failed (%s: %s)" % (LABELS[column], type(e).__name__, e))


# ---------------------------------------------------------------------------------------
# Timing


def private_copy(fn):
    """fn with a code object of its own: each binding's loop then has its own call-site
    specialisation caches (CPython 3.11+) and JIT traces (PyPy), as it would alone."""
    return types.FunctionType(fn.__code__.replace(), fn.__globals__, fn.__name__,
                              fn.__defaults__, fn.__closure__)


def time_block(loop, r):
    """One repeat of a trivial call: len(r) back-to-back calls; ns per call."""
    clock = time.perf_counter_ns
    t0 = clock()
    loop(r)
    t1 = clock()
    return (t1 - t0) / len(r)


def time_batches(loop, r, batches, sync):
    """One repeat of an enqueueing call: `batches` timed batches of len(r) calls, each
    followed by an untimed stream synchronisation; ns per call."""
    clock = time.perf_counter_ns
    total = 0
    for _ in range(batches):
        t0 = clock()
        loop(r)
        t1 = clock()
        sync()
        total += t1 - t0
    return total / (batches * len(r))


def prepare(env, case, args):
    """Build and check one case for one binding. Returns a function that times one repeat
    (ns per call), or raises Unsupported (n/a) or another exception (err)."""
    env.activate()
    try:
        func, fargs, loop = case.factory(env)
        res = func(*fargs)
    except (TypeError, NotImplementedError) as e:
        raise Unsupported("%s: %s" % (type(e).__name__, e))
    if int(res[0]) != 0:
        raise CudaError(func.__name__, res[0])
    env.sync()
    loop = private_copy(loop)
    if case.kind == TRIVIAL:
        r = range(args.calls)
        return lambda: time_block(loop, r)
    r, batches = range(BATCH), max(1, args.launches // BATCH)
    return lambda: time_batches(loop, r, batches, env.sync)


def measure_all(cases, envs, args, notes):
    """{case name: {column: ns per call, or "n/a"/"err"}}.

    Repeats are round-robin: each repeat runs every case once for every binding, so that
    one case's repeats are spread over the whole run and a noisy spell on the machine
    spoils a few samples instead of a whole case (the statistic is the minimum). Repeat 0
    is an untimed warm-up."""
    rows = {c.name: {} for c in cases}
    timers = []  # (case name, column, timer)
    for case in cases:
        for column, env in envs.items():
            try:
                timers.append((case.name, column, prepare(env, case, args)))
            except Exception as e:
                if isinstance(e, Unsupported):
                    value, why = "n/a", str(e)
                else:
                    value, why = "err", "%s: %s" % (type(e).__name__, e)
                rows[case.name][column] = value
                notes.append("%s / %s: %s (%s)" % (case.name, LABELS[column], value, why))
    for rep in range(args.repeat + 1):
        for entry in list(timers):
            name, column, timer = entry
            envs[column].activate()
            try:
                ns = timer()
            except Exception as e:
                timers.remove(entry)
                rows[name][column] = "err"
                notes.append("%s / %s: err while timing (%s: %s)"
                             % (name, LABELS[column], type(e).__name__, e))
                continue
            if rep:
                rows[name][column] = min(rows[name].get(column, ns), ns)
    return rows


# ---------------------------------------------------------------------------------------
# Machine checks, kernels and the C floor


def libcuda_path():
    """Path of the libcuda this process loaded, from /proc/self/maps (Linux), or None."""
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                path = line.split()[-1]
                if "/libcuda.so" in path:
                    return path
    except OSError:
        pass
    return None


def probe_gpu():
    """Check that a driver and a GPU are present (through ctypes, not the bindings)."""
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        raise SetupError("no CUDA driver: libcuda.so.1 cannot be loaded (is this a GPU machine?)")
    err = cuda.cuInit(0)
    count, dev, version = ctypes.c_int(0), ctypes.c_int(0), ctypes.c_int(0)
    if err == 0:
        err = cuda.cuDeviceGetCount(ctypes.byref(count))
    if err != 0 or count.value == 0:
        raise SetupError("no usable GPU: cuInit/cuDeviceGetCount gave error %d, %d device(s)"
                         % (err, count.value))
    cuda.cuDeviceGet(ctypes.byref(dev), 0)
    name = ctypes.create_string_buffer(256)
    cuda.cuDeviceGetName(name, 256, dev)
    major, minor = ctypes.c_int(0), ctypes.c_int(0)
    cuda.cuDeviceGetAttribute(ctypes.byref(major), 75, dev)  # COMPUTE_CAPABILITY_MAJOR
    cuda.cuDeviceGetAttribute(ctypes.byref(minor), 76, dev)  # COMPUTE_CAPABILITY_MINOR
    cuda.cuDriverGetVersion(ctypes.byref(version))
    return {"name": name.value.decode(errors="replace"), "sm": "%d%d" % (major.value, minor.value),
            "driver_version": version.value, "libcuda": libcuda_path()}


def find_nvcc():
    candidates = [shutil.which("nvcc")]
    for var in ("CUDA_HOME", "CUDA_PATH"):
        if os.environ.get(var):
            candidates.append(os.path.join(os.environ[var], "bin", "nvcc"))
    candidates.append("/usr/local/cuda/bin/nvcc")
    for c in candidates:
        if c and os.access(c, os.X_OK):
            return c
    raise SetupError("nvcc not found (looked on PATH, $CUDA_HOME/bin, /usr/local/cuda/bin); "
                     "it is needed to build the C floor and the kernels")


def nvcc_version(nvcc):
    out = subprocess.run([nvcc, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"release [^\n]*", out)
    return m.group(0) if m else "?"


def run_nvcc(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return proc.returncode == 0, (proc.stderr or proc.stdout).strip()


def compile_kernels(nvcc, sm, tmp):
    out = os.path.join(tmp, "kernels.fatbin")
    src = os.path.join(HERE, "kernels.cu")
    errors = []
    for arch in ("-arch=sm_" + sm, "-arch=native", "-arch=all"):
        ok, msg = run_nvcc([nvcc, "-fatbin", arch, "-o", out, src])
        if ok:
            return out
        errors.append("%s: %s" % (arch, msg))
    raise SetupError("nvcc could not build benchmarks/kernels.cu:\n" + "\n".join(errors))


def build_floor(nvcc, libcuda, tmp):
    exe = os.path.join(tmp, "floor")
    base = [nvcc, "-O2", "-o", exe, os.path.join(HERE, "floor.c")]
    ok, msg = run_nvcc(base + ["-lcuda"])
    if not ok and libcuda:  # no libcuda.so for the linker: link the loaded library itself
        ok, msg2 = run_nvcc(base + ["-Xlinker", libcuda])
        msg = msg + "\n" + msg2
    if not ok:
        raise SetupError("nvcc could not build benchmarks/floor.c:\n" + msg)
    return exe


def run_floor(exe, image, names, args):
    cmd = [exe, image, str(args.repeat), str(args.calls), str(args.launches), str(BATCH)] + names
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        raise SetupError("cannot run the C floor: %s" % e)
    if proc.returncode != 0:
        raise SetupError("the C floor failed (exit %d):\n%s" % (proc.returncode, proc.stderr.strip()))
    results = {}
    for line in proc.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "RESULT":
            results[parts[1]] = float(parts[2])
    return results


# ---------------------------------------------------------------------------------------
# Report


def number(v):
    return isinstance(v, (int, float))


def min_of(*values):
    values = [v for v in values if number(v)]
    return min(values) if values else None


def derived(row):
    c, cf, cb = row.get("c"), row.get("cudacffi"), row.get("cuda_bindings")
    return {
        "cudacffi_over_c": cf / c if number(cf) and number(c) and c > 0 else None,
        "cudacffi_minus_c_ns": cf - c if number(cf) and number(c) else None,
        "cudacffi_over_cuda_bindings": cf / cb if number(cf) and number(cb) and cb > 0 else None,
    }


def fmt_ns(v):
    if v is None:
        return "-"
    if not number(v):
        return v
    return "%.1f" % v if v < 100 else "%.0f" % v


def fmt_ratio(v):
    return "-" if v is None else "%.2fx" % v


def fmt_diff(v):
    return "-" if v is None else "%+.0f" % v


def print_table(rows, present):
    head = ["case", "C ns", "cudacffi ns", "cuda.bindings ns",
            "cudacffi/C", "cudacffi-C ns", "cudacffi/cuda.bindings"]
    body = []
    for name, row in rows.items():
        d = derived(row)
        cells = [name]
        for col in COLUMNS:
            cells.append(fmt_ns(row.get(col)) if col in present else "skipped")
        cells += [fmt_ratio(d["cudacffi_over_c"]), fmt_diff(d["cudacffi_minus_c_ns"]),
                  fmt_ratio(d["cudacffi_over_cuda_bindings"])]
        body.append(cells)
    widths = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]

    def line(cells):  # first column left-aligned, numbers right-aligned
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths)))
    print(line(head))
    print(line(["-" * w for w in widths]))
    for cells in body:
        print(line(cells))


def interpreter_text():
    impl = sys.implementation
    v = impl.version
    text = "%s %d.%d.%d" % (impl.name, v.major, v.minor, v.micro)
    if impl.name != "cpython":
        text += " (Python %s)" % platform.python_version()
    return text + " at " + sys.executable


def header(gpu, nvcc_ver, versions, args):
    dv = gpu["driver_version"]
    lines = [
        "cudacffi call-overhead benchmark: ns per call, fastest of %d repeats" % args.repeat,
        "interpreter:   " + interpreter_text(),
        "cudacffi:      " + versions.get("cudacffi", "not importable"),
        "cuda.bindings: " + versions.get("cuda_bindings", "not importable"),
        "GPU:           %s (sm_%s), CUDA driver %d.%d" % (gpu["name"], gpu["sm"], dv // 1000, dv % 1000 // 10),
        "nvcc:          " + nvcc_ver,
        "repeats:       round-robin over cases and bindings, one warm-up first",
        "trivial calls: %d per repeat" % args.calls,
        "stream work:   event_record, launch_*: %d per repeat in batches of %d; the stream "
        "sync after each batch is not timed" % (args.launches, BATCH),
        "C floor:       floor.c, run before and after the bindings; the lower figure",
    ]
    return lines


# ---------------------------------------------------------------------------------------


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                epilog="cases: " + ", ".join(CASE_NAMES))
    p.add_argument("--repeat", type=int, default=10, help="timed repeats per case (default 10)")
    p.add_argument("--only", default="", metavar="NAME,...", help="run only these cases (see below)")
    p.add_argument("--json", metavar="OUT", help="also write the numbers to this JSON file")
    p.add_argument("--calls", type=int, default=20000,
                   help="calls per repeat, trivial calls (default 20000)")
    p.add_argument("--launches", type=int, default=5000,
                   help="calls per repeat, event_record and launches (default 5000; "
                        "a multiple of %d)" % BATCH)
    args = p.parse_args(argv)
    if args.repeat < 1 or args.calls < 1 or args.launches < 1:
        p.error("--repeat, --calls and --launches must be positive")
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in CASE_NAMES]
    if unknown:
        p.error("unknown case(s) %s; known: %s" % (", ".join(unknown), ", ".join(CASE_NAMES)))
    args.cases = [c for c in CASES if not names or c.name in names]
    return args


def run(args):
    start = time.perf_counter()
    gpu = probe_gpu()
    nvcc = find_nvcc()
    nvcc_ver = nvcc_version(nvcc)
    names = [c.name for c in args.cases]
    notes = []
    with tempfile.TemporaryDirectory(prefix="cudacffi-bench-") as tmp:
        image_path = compile_kernels(nvcc, gpu["sm"], tmp)
        floor = build_floor(nvcc, gpu["libcuda"], tmp)
        # The C floor runs before and after the bindings; its figure is the lower of the two.
        c_before = run_floor(floor, image_path, names, args)
        with open(image_path, "rb") as f:
            envs, versions = open_bindings(f.read(), notes)
        if not envs:
            raise SetupError("neither cudacffi nor cuda.bindings could be used:\n  "
                             + "\n  ".join(notes))
        rows = measure_all(args.cases, envs, args, notes)
        close_bindings(envs, notes)
        c_after = run_floor(floor, image_path, names, args)
    for name, row in rows.items():
        row["c"] = min_of(c_before.get(name), c_after.get(name))

    present = {"c"} | set(envs)
    print("\n".join(header(gpu, nvcc_ver, versions, args)))
    print()
    print_table(rows, present)
    if notes:
        print()
        for n in notes:
            print("note: " + n)
    print()
    print("total time: %.1f s" % (time.perf_counter() - start))
    if args.json:
        write_json(args.json, gpu, nvcc_ver, versions, args, rows, present, notes)
        print("wrote " + args.json)


def write_json(path, gpu, nvcc_ver, versions, args, rows, present, notes):
    out = {
        "interpreter": {"name": sys.implementation.name,
                        "version": "%d.%d.%d" % tuple(sys.implementation.version[:3]),
                        "python_version": platform.python_version(),
                        "executable": sys.executable},
        "cudacffi": versions.get("cudacffi"),
        "cuda_bindings": versions.get("cuda_bindings"),
        "gpu": gpu,
        "nvcc": nvcc_ver,
        "config": {"repeat": args.repeat, "calls": args.calls, "launches": args.launches,
                   "batch": BATCH, "statistic": "min over repeats of ns per call"},
        "columns_present": sorted(present),
        "cases": {},
        "notes": notes,
    }
    for case in args.cases:
        row = rows[case.name]
        entry = {"call": case.what, "kind": case.kind}
        for col in COLUMNS:
            v = row.get(col) if col in present else None
            entry[col + "_ns"] = v if number(v) else None
            if col in present and not number(v):
                entry[col + "_status"] = v or "missing"
        entry.update(derived(row))
        out["cases"][case.name] = entry
    with open(path, "w") as f:
        json.dump(out, f, indent=2)
        f.write("\n")


def main(argv=None):
    args = parse_args(argv)
    try:
        run(args)
    except SetupError as e:
        print("benchmarks/run.py: cannot run: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
