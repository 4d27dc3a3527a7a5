#!/usr/bin/env python3
"""The binding's own cost per call, measured without a GPU: a null libcuda answers every call at once.

Usage:  python benchmarks/overhead.py [--repeat N] [--calls N] [--only NAME,...] [--json OUT]

What is measured
    Nanoseconds per call of the same driver entry points three ways, in one process:

    raw cffi        the compiled stub of cudacffi called directly with ready C arguments: the floor of a
                    cffi binding (argument conversion by cffi, the call, no Python layer);
    cudacffi        the generated wrapper (conversions, the result tuple, outputs as Python objects);
    cuda.bindings   NVIDIA's bindings where importable (not on PyPy), resolving the same null driver
                    through its cuGetProcAddress.

    benchmarks/null_driver.c is compiled here with the system C compiler; the script re-runs itself with
    LD_LIBRARY_PATH pointing at it (the loader reads that variable at start) and CUDACFFI_LIBDRIVER naming
    it. Timing as benchmarks/run.py: each (binding, case) loop has a code object of its own; one warm-up,
    then --repeat (10) repeats of --calls (20000) calls, round-robin over cases and bindings; the figure is
    the fastest repeat divided by the calls. Launch cases launch nothing (the null driver returns), so they
    show the Python side of argument packing alone.
"""

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MARK = "CUDACFFI_OVERHEAD_CHILD"


def build_null_driver():
    folder = tempfile.mkdtemp(prefix="cudacffi-null-")
    out = os.path.join(folder, "libcuda.so.1")
    subprocess.run([os.environ.get("CC", "cc"), "-O2", "-shared", "-fPIC", "-o", out,
                    os.path.join(HERE, "null_driver.c")], check=True)
    return out


def reexec_with(lib, script=None):
    """Run ``script`` (this one) again, with the null driver ``lib`` where the loader and cudacffi find it."""
    env = dict(os.environ, LD_LIBRARY_PATH=os.path.dirname(lib) + os.pathsep + os.environ.get("LD_LIBRARY_PATH", ""),
               CUDACFFI_LIBDRIVER=lib)
    env[MARK] = "1"
    return subprocess.call([sys.executable, script or os.path.abspath(__file__)] + sys.argv[1:], env=env)


# -- cases -----------------------------------------------------------------------------------------------

HOST, HOST_OUT = bytes(64), bytearray(64)  # the copies' host buffers


def cases(d, is_cudacffi):
    """{name: (callable, args)} for driver module ``d`` (cudacffi's or cuda.bindings')."""
    A = d.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR
    P = d.CUpointer_attribute.CU_POINTER_ATTRIBUTE_MEMORY_TYPE
    F = d.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK
    dev = d.CUdevice(0)
    stream, event, func = d.CUstream(0x30), d.CUevent(0x40), d.CUfunction(0x50)
    ptr = d.CUdeviceptr(0x7F0000000000)
    ptrs = tuple(d.CUdeviceptr(0x7F0000000000 + 256 * i) for i in range(16))
    out = {
        "ctx_get_current": (d.cuCtxGetCurrent, ()),
        "ctx_get_device": (d.cuCtxGetDevice, ()),
        "device_get_attribute": (d.cuDeviceGetAttribute, (A, dev)),
        "stream_query": (d.cuStreamQuery, (stream,)),
        "event_record": (d.cuEventRecord, (event, stream)),
        "event_query": (d.cuEventQuery, (event,)),
        "pointer_get_attribute": (d.cuPointerGetAttribute, (P, ptr)),
        "mem_alloc": (d.cuMemAlloc, (1 << 20,)),
        "mem_free": (d.cuMemFree, (ptr,)),
        "mem_get_info (2 outputs)": (d.cuMemGetInfo, ()),
        "memcpy_htod (bytes)": (d.cuMemcpyHtoD, (ptr, HOST, 64)),  # a host buffer checked against the count
        "memcpy_dtoh (bytearray)": (d.cuMemcpyDtoH, (HOST_OUT, ptr, 64)),
        "func_get_attribute": (d.cuFuncGetAttribute, (F, func)),
        "device_get_name (string)": (d.cuDeviceGetName, (64, dev)),
        "launch_empty": (d.cuLaunchKernel, (func, 1, 1, 1, 1, 1, 1, 0, stream, 0, 0)),
        "launch_1_ptr_arg": (d.cuLaunchKernel, (func, 1, 1, 1, 1, 1, 1, 0, stream, ((ptr,), (None,)), 0)),
        "launch_16_ptr_args": (d.cuLaunchKernel, (func, 1, 1, 1, 1, 1, 1, 0, stream, (ptrs, (None,) * 16), 0)),
        "launch_1_ptr_arg_fresh": (d.cuLaunchKernel, (func, 1, 1, 1, 1, 1, 1, 0, stream, Fresh([ptr], (None,)), 0)),
        "launch_16_ptr_args_fresh": (d.cuLaunchKernel,
                                     (func, 1, 1, 1, 1, 1, 1, 0, stream, Fresh(list(ptrs), (None,) * 16), 0)),
    }
    try:
        import numpy as np

        values = np.array([int(p) for p in ptrs], dtype=np.uint64)
        block = np.array([values.ctypes.data + 8 * i for i in range(16)], dtype=np.uint64)
        out["launch_16_prepacked"] = (d.cuLaunchKernel, (func, 1, 1, 1, 1, 1, 1, 0, stream, block, 0))
        out["_keep"] = (None, (values, block))
    except ImportError:
        pass
    return out


def raw_cases():
    """{name: (stub, args)}: cudacffi's compiled stubs with C arguments made once."""
    from cudacffi import _driver, driver

    ffi, lib = _driver.ffi, _driver.lib
    slot = ffi.new("char[64]")
    name = ffi.new("char[64]")
    A = int(driver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
    P = int(driver.CUpointer_attribute.CU_POINTER_ATTRIBUTE_MEMORY_TYPE)
    F = int(driver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)
    ptr = 0x7F0000000000
    values = ffi.new("uint64_t[16]", [ptr + 256 * i for i in range(16)])
    block = ffi.new("uintptr_t[16]", [int(ffi.cast("uintptr_t", values + i)) for i in range(16)])
    one = ffi.new("uintptr_t[1]", [int(ffi.cast("uintptr_t", values))])

    def stub(n):
        return getattr(lib, "_cc_" + n)

    def c(*args):  # each argument as the stub's parameter type wants it
        return args

    launch = stub("cuLaunchKernel")
    addr = lambda p: int(ffi.cast("uintptr_t", p))  # noqa: E731
    out = {
        "ctx_get_current": (stub("cuCtxGetCurrent"), c(slot)),
        "ctx_get_device": (stub("cuCtxGetDevice"), c(slot)),
        "device_get_attribute": (stub("cuDeviceGetAttribute"), c(slot, A, 0)),
        "stream_query": (stub("cuStreamQuery"), c(0x30)),
        "event_record": (stub("cuEventRecord"), c(0x40, 0x30)),
        "event_query": (stub("cuEventQuery"), c(0x40)),
        "pointer_get_attribute": (stub("cuPointerGetAttribute"), c(slot, P, ptr)),
        "mem_alloc": (stub("cuMemAlloc"), c(slot, 1 << 20)),
        "mem_free": (stub("cuMemFree"), c(ptr)),
        "mem_get_info (2 outputs)": (stub("cuMemGetInfo"), c(slot, slot + 8)),
        "memcpy_htod (bytes)": (stub("cuMemcpyHtoD"), c(ptr, addr(name), 64)),
        "memcpy_dtoh (bytearray)": (stub("cuMemcpyDtoH"), c(addr(name), ptr, 64)),
        "func_get_attribute": (stub("cuFuncGetAttribute"), c(slot, F, 0x50)),
        "device_get_name (string)": (stub("cuDeviceGetName"), c(name, 64, 0)),
        "launch_empty": (launch, c(0x50, 1, 1, 1, 1, 1, 1, 0, 0x30, 0, 0)),
        "launch_1_ptr_arg": (launch, c(0x50, 1, 1, 1, 1, 1, 1, 0, 0x30, addr(one), 0)),
        "launch_16_ptr_args": (launch, c(0x50, 1, 1, 1, 1, 1, 1, 0, 0x30, addr(block), 0)),
        "launch_1_ptr_arg_fresh": (launch, c(0x50, 1, 1, 1, 1, 1, 1, 0, 0x30, addr(one), 0)),
        "launch_16_ptr_args_fresh": (launch, c(0x50, 1, 1, 1, 1, 1, 1, 0, 0x30, addr(block), 0)),
        "launch_16_prepacked": (launch, c(0x50, 1, 1, 1, 1, 1, 1, 0, 0x30, addr(block), 0)),
    }
    out["_keep"] = (None, (slot, name, values, block, one))
    return out


def arg_types_fixed(raw):
    """Pass each stub the C type it declares (pointers as cdata of that type, addresses as ints)."""
    from cudacffi import _driver

    ffi = _driver.ffi
    fixed = {}
    for key, (fn, args) in raw.items():
        if key == "_keep":
            fixed[key] = (fn, args)
            continue
        params = ffi.typeof(fn).args
        conv = []
        for t, a in zip(params, args):
            conv.append(ffi.cast(t, a) if t.kind == "pointer" else a)
        fixed[key] = (fn, tuple(conv))
    return fixed


class Fresh:
    """kernelParams ``(tuple(values), types)`` with the values tuple made anew for each call: what a loop that
    changes an argument pays (``launch_*_fresh``)."""

    def __init__(self, values, types):
        self.values, self.types = values, types

    def __call__(self):
        return tuple(self.values), self.types


def make_loop(fn, args):
    """A loop calling ``fn(*args)``, with the arguments as the loop's defaults; a ``Fresh`` argument is built
    inside the loop. A code object of its own per binding and case."""
    names = ["a%d" % i for i in range(len(args))]
    ns = dict(zip(names, args), f=fn)
    call = ", ".join("(tuple(%s.values), %s.types)" % (n, n) if isinstance(a, Fresh) else n
                     for n, a in zip(names, args))
    src = "def loop(r, f=f, %s):\n    for _ in r:\n        f(%s)\n" % (", ".join("%s=%s" % (n, n) for n in names), call)
    exec(compile(src, "<loop>", "exec"), ns)
    return ns["loop"]


IMPORTS = {"cudacffi": "import cudacffi.driver", "cuda.bindings": "from cuda.bindings import driver"}


def import_ms(statement, runs=5):
    """Milliseconds ``statement`` takes in a fresh interpreter (the fastest of ``runs``, after one that writes
    the bytecode caches), or None if it fails."""
    code = "import time; t = time.perf_counter(); %s; print(time.perf_counter() - t)" % statement
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    times = []
    for _ in range(runs + 1):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
        if r.returncode:
            return None
        times.append(float(r.stdout.split()[-1]) * 1e3)
    return min(times[1:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--calls", type=int, default=20000)
    ap.add_argument("--only", default="")
    ap.add_argument("--json")
    opts = ap.parse_args()
    if os.environ.get(MARK) != "1":
        return reexec_with(build_null_driver())
    sys.path.insert(0, ROOT)
    from cudacffi import check, driver

    check(driver.cuInit(0))
    bindings = {"raw cffi": arg_types_fixed(raw_cases()), "cudacffi": cases(driver, True)}
    try:
        from cuda.bindings import driver as theirs

        theirs.cuInit(0)
        bindings["cuda.bindings"] = cases(theirs, False)
    except ImportError:
        print("cuda.bindings is not importable here: its column is left out")
    names = [n for n in bindings["cudacffi"] if n != "_keep" and (not opts.only or n in opts.only.split(","))]
    loops = {}
    for b, table in bindings.items():
        for n in names:
            if n in table:
                fn, args = table[n]
                try:
                    fn(*[a() if isinstance(a, Fresh) else a for a in args])  # checked once, before timing
                except (TypeError, NotImplementedError) as e:
                    print("%s %s: n/a (%s)" % (b, n, e))
                    continue
                loops[b, n] = make_loop(fn, args)
    best = {}
    r = range(opts.calls)
    for rep in range(opts.repeat + 1):
        for n in names:
            for b in bindings:
                loop = loops.get((b, n))
                if loop is None:
                    continue
                t = time.perf_counter_ns()
                loop(r)
                ns = (time.perf_counter_ns() - t) / opts.calls
                if rep:  # the first round warms up
                    best[b, n] = min(best.get((b, n), ns), ns)
    cols = list(bindings)
    print("%s %s, null libcuda, ns per call (fastest of %d x %d)"
          % (platform.python_implementation(), platform.python_version(), opts.repeat, opts.calls))
    header = "%-26s" % "case" + "".join("%14s" % c for c in cols)
    if "cuda.bindings" in cols:
        header += "%14s" % "cudacffi/cb"
    header += "%16s" % "cudacffi-raw"
    print(header)
    for n in names:
        line = "%-26s" % n + "".join("%14s" % ("%.0f" % best[c, n] if (c, n) in best else "n/a") for c in cols)
        if "cuda.bindings" in cols:
            ok = ("cudacffi", n) in best and ("cuda.bindings", n) in best
            line += "%14s" % ("%.2fx" % (best["cudacffi", n] / best["cuda.bindings", n]) if ok else "n/a")
        ok = ("cudacffi", n) in best and ("raw cffi", n) in best
        line += "%16s" % ("+%.0f" % (best["cudacffi", n] - best["raw cffi", n]) if ok else "n/a")
        print(line)
    imports = {b: import_ms(stmt) for b, stmt in IMPORTS.items() if b in cols}
    print("import time, ms (fastest of 5 fresh interpreters): " +
          ", ".join("%s %s" % (b, "n/a" if ms is None else "%.1f" % ms) for b, ms in imports.items()))
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump({"interpreter": platform.python_implementation(), "version": platform.python_version(),
                       "ns_per_call": {"%s|%s" % k: v for k, v in best.items()}, "import_ms": imports}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
