#!/usr/bin/env python3
"""The per-iteration calls of a cuda.core program, cudacffi.core beside cuda.core (and the raw driver call each
makes, its floor), in one run.

Usage:  python benchmarks/core_calls.py [--gpu] [--count N] [--repeat N] [--only a,b] [--json OUT]

Without ``--gpu`` it re-runs itself on the null libcuda of overhead.py (every call returns at once), so a figure
is the Python side alone; with ``--gpu`` it runs on the machine's driver and GPU, and where gcc, ``cuda.h``
(``CUDA_HOME``) and libcuda are there, also ``driver_floor.c``: the same driver calls made from C, the floor no
binding goes under (its column, "C floor"). cuda.core's column needs
``cuda-core`` importable in the running interpreter (CPython); under PyPy the third column, the raw
``cudacffi.driver`` call(s) the core call makes, is the floor a core call can approach.

Cases (ns per call, fastest of the round-robin repeats):

    device_new            Device(0)
    set_current           dev.set_current()
    compute_capability    dev.compute_capability
    properties_attr       dev.properties.max_threads_per_block
    stream_record         stream.record(event)
    stream_wait           stream.wait(event)
    stream_sync           stream.sync() on an idle stream
    event_is_done         event.is_done
    event_sub             end - start (two recorded timing events)
    stream_from_handle    Stream.from_handle(handle)
    buffer_copy_to        buf.copy_to(other, stream=stream), 4 KiB
    buffer_fill           buf.fill(0, stream=stream), 4 KiB
    alloc_close           mr.allocate(4096, stream=stream).close()
    buffer_size_handle    buf.size; buf.handle
    launch_config         LaunchConfig(grid=64, block=256)
    get_kernel            code.get_kernel("k4")
    smv_numpy             StridedMemoryView.from_array_interface(numpy array)
    graph_capture         stream.create_graph_builder(), begin_building(), end_building(), close()
"""

import argparse
import json
import os
import platform
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import _harness  # noqa: E402
import overhead  # noqa: E402

MARK = "CUDACFFI_CORE_CALLS_CHILD"
IMAGE = b"\x7fELF" + bytes(60)  # the null driver loads anything
KERNELS = r"""
extern "C" __global__ void k4(int *p, int a, float b, long long c) { if (p) p[0] = a + (int)b + (int)c; }
"""
CASES = ("device_new", "set_current", "compute_capability", "properties_attr", "stream_record", "stream_wait",
         "stream_sync", "event_is_done", "event_sub", "stream_from_handle", "buffer_copy_to", "buffer_fill",
         "alloc_close", "buffer_size_handle", "launch_config", "get_kernel", "smv_numpy", "graph_capture")


def _code(core, dev, gpu):
    if not gpu:
        return core.ObjectCode.from_cubin(IMAGE)
    prog = core.Program(KERNELS, "c++", core.ProgramOptions(arch="sm_%s" % dev.arch))
    return prog.compile("cubin")


def setup(core, gpu):
    """{case: (loop, sync)} through ``core`` (cudacffi.core or cuda.core), and what must stay alive."""
    dev = core.Device(0)
    dev.set_current()
    stream = dev.create_stream()
    event = stream.record()
    t0 = stream.record(options=core.EventOptions(timing_enabled=True))
    t1 = stream.record(options=core.EventOptions(timing_enabled=True))
    stream.sync()
    mr = core.DeviceMemoryResource(dev)
    buf, other = mr.allocate(4096, stream=stream), mr.allocate(4096, stream=stream)
    code = _code(core, dev, gpu)
    code.get_kernel("k4")
    handle = int(stream.handle)
    Device, Stream, LaunchConfig, SMV = core.Device, core.Stream, core.LaunchConfig, core.utils.StridedMemoryView
    try:
        import numpy as np

        host = np.zeros(64, dtype=np.float32)
    except ImportError:
        host = None

    def device_new(n):
        for _ in range(n):
            Device(0)

    def set_current(n):
        for _ in range(n):
            dev.set_current()

    def compute_capability(n):
        for _ in range(n):
            dev.compute_capability

    def properties_attr(n):
        for _ in range(n):
            dev.properties.max_threads_per_block

    def stream_record(n):
        for _ in range(n):
            stream.record(event)

    def stream_wait(n):
        for _ in range(n):
            stream.wait(event)

    def stream_sync(n):
        for _ in range(n):
            stream.sync()

    def event_is_done(n):
        for _ in range(n):
            event.is_done

    def event_sub(n):
        for _ in range(n):
            t1 - t0

    def stream_from_handle(n):
        for _ in range(n):
            Stream.from_handle(handle)

    def buffer_copy_to(n):
        for _ in range(n):
            buf.copy_to(other, stream=stream)

    def buffer_fill(n):
        for _ in range(n):
            buf.fill(0, stream=stream)

    def alloc_close(n):
        for _ in range(n):
            mr.allocate(4096, stream=stream).close()

    def buffer_size_handle(n):
        for _ in range(n):
            buf.size
            buf.handle

    def launch_config(n):
        for _ in range(n):
            LaunchConfig(grid=64, block=256)

    def get_kernel(n):
        for _ in range(n):
            code.get_kernel("k4")

    def smv_numpy(n):
        for _ in range(n):
            SMV.from_array_interface(host)

    def graph_capture(n):
        for _ in range(n):
            gb = stream.create_graph_builder()
            gb.begin_building()
            gb.end_building()
            gb.close()

    loops = dict(locals())
    cases = {}
    for name in CASES:
        if name == "smv_numpy" and host is None:
            continue
        cases[name] = (loops[name], stream.sync)
    return cases, (dev, stream, event, t0, t1, mr, buf, other, code)


def floor_setup(gpu):
    """The raw cudacffi.driver call(s) each core call makes: the floor a core call can approach."""
    from cudacffi import driver as d

    dev = d.CUdevice(0)
    err, ctx = d.cuDevicePrimaryCtxRetain(dev)
    d.cuCtxSetCurrent(ctx)
    err, stream = d.cuStreamCreate(1)
    err, event = d.cuEventCreate(2)
    d.cuEventRecord(event, stream)
    err, t0 = d.cuEventCreate(0)
    err, t1 = d.cuEventCreate(0)
    d.cuEventRecord(t0, stream)
    d.cuEventRecord(t1, stream)
    d.cuStreamSynchronize(stream)
    err, buf = d.cuMemAllocAsync(4096, stream)
    err, other = d.cuMemAllocAsync(4096, stream)
    d.cuStreamSynchronize(stream)
    err, pool = d.cuDeviceGetDefaultMemPool(dev)
    A = d.CUdevice_attribute

    def device_new(n):
        for _ in range(n):
            d.cuDeviceGet(0)

    def set_current(n):
        for _ in range(n):
            d.cuCtxSetCurrent(ctx)

    def compute_capability(n):
        for _ in range(n):
            d.cuDeviceGetAttribute(A.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev)

    properties_attr = compute_capability

    def stream_record(n):
        for _ in range(n):
            d.cuEventRecord(event, stream)

    def stream_wait(n):
        for _ in range(n):
            d.cuStreamWaitEvent(stream, event, 0)

    def stream_sync(n):
        for _ in range(n):
            d.cuStreamSynchronize(stream)

    def event_is_done(n):
        for _ in range(n):
            d.cuEventQuery(event)

    def event_sub(n):
        for _ in range(n):
            d.cuEventElapsedTime(t0, t1)

    def buffer_copy_to(n):
        for _ in range(n):
            d.cuMemcpyAsync(other, buf, 4096, stream)

    def buffer_fill(n):
        for _ in range(n):
            d.cuMemsetD8Async(buf, 0, 4096, stream)

    def alloc_close(n):
        for _ in range(n):
            err, p = d.cuMemAllocFromPoolAsync(4096, pool, stream)
            d.cuMemFreeAsync(p, stream)

    loops = dict(locals())
    sync = lambda: d.cuStreamSynchronize(stream)  # noqa: E731
    return {name: (loops[name], sync) for name in CASES if name in loops}, (stream, event, buf, other)


def c_floor(count, repeat):
    """{case: ns} of driver_floor.c built and run here, or {} where it cannot be (no gcc, cuda.h or libcuda)."""
    import subprocess
    import tempfile

    home = os.environ.get("CUDA_HOME", "/usr/local/cuda")
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "driver_floor")
        build = ["gcc", "-O2", "-o", exe, os.path.join(HERE, "driver_floor.c"), "-I" + os.path.join(home, "include"),
                 "-L" + os.path.join(home, "lib64", "stubs"), "-lcuda"]
        try:
            subprocess.run(build, check=True, capture_output=True)
            out = subprocess.run([exe, str(count), str(repeat)], check=True, capture_output=True, text=True).stdout
        except (OSError, subprocess.CalledProcessError) as e:
            print("C floor: not measured (%s)" % (getattr(e, "stderr", None) or e,), file=sys.stderr)
            return {}
    return {name: float(ns) for name, ns in (line.split() for line in out.splitlines())}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--gpu", action="store_true", help="run on the machine's GPU (default: the null libcuda)")
    p.add_argument("--count", type=int, default=5000)
    p.add_argument("--repeat", type=int, default=7)
    p.add_argument("--only", help="comma-separated cases")
    p.add_argument("--json")
    args = p.parse_args(argv)
    if not args.gpu and os.environ.get(MARK) != "1":
        os.environ[MARK] = "1"
        os.environ["NULL_DRIVER_ANY"] = "1"
        return overhead.reexec_with(overhead.build_null_driver(), os.path.abspath(__file__))
    if args.gpu:
        code = _harness.gpu_or_exit_code("core_calls")
        if code is not None:
            return code
    import cudacffi.core as ours

    only = set(args.only.split(",")) if args.only else None
    pick = lambda cases: {k: v for k, v in cases.items() if only is None or k in only}  # noqa: E731
    cases, keep = setup(ours, args.gpu)
    table = {("cudacffi.core", name): case for name, case in pick(cases).items()}
    floor, keep_floor = floor_setup(args.gpu)
    table.update({("driver", name): case for name, case in pick(floor).items()})
    theirs = _harness.cuda_core()
    if not isinstance(theirs, str):
        their_cases, their_keep = setup(theirs, args.gpu)
        table.update({("cuda.core", name): case for name, case in pick(their_cases).items()})
    best = _harness.round_robin(table, args.count, args.repeat)
    floor_c = c_floor(args.count, args.repeat) if args.gpu else {}
    best.update({("C", name): ns for name, ns in floor_c.items() if only is None or name in only})
    print(_harness.header("calls", args.count, args.repeat) + (", GPU" if args.gpu else ", null libcuda"))
    print("%-20s %14s %12s %8s %14s %9s" % ("case", "cudacffi.core", "cuda.core", "ratio", "driver floor", "C floor"))
    for name in CASES:
        if ("cudacffi.core", name) not in best:
            continue
        a, b, f, c = (best[("cudacffi.core", name)], best.get(("cuda.core", name)), best.get(("driver", name)),
                      best.get(("C", name)))
        print("%-20s %14.0f %12s %8s %14s %9s" % (name, a, "n/a" if b is None else "%.0f" % b,
                                                  "" if b is None else "%.2fx" % (a / b),
                                                  "" if f is None else "%.0f" % f, "" if c is None else "%.0f" % c))
    if isinstance(theirs, str):
        print("cuda.core: %s in this interpreter" % theirs)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"interpreter": platform.python_implementation(), "version": platform.python_version(),
                       "gpu": args.gpu, "ns": {"%s %s" % k: v for k, v in best.items()}}, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
