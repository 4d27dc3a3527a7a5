#!/usr/bin/env python3
"""cudacffi.core's own cost beside cuda.core's, measured without a GPU: the null libcuda of overhead.py.

Usage:  python benchmarks/core_overhead.py [--count N] [--repeat N] [--json OUT]

Cases, each as ``core_launch.py`` / ``core_memory.py`` time them on a GPU (round-robin repeats, the fastest):

    core_launch_16_args       launch(stream, config, kernel, *16 Buffers) of a kernel of 16 pointers
    core_launch_4_scalars     launch(stream, config, kernel, buffer, int, float, int)
    core_buffer_alloc_free    DeviceMemoryResource(dev).allocate(4096, stream=s).close()

The null driver returns at once, so a figure is the Python side alone (on a GPU the driver's own time, the
same for both, comes on top). The script re-runs itself with the null driver on LD_LIBRARY_PATH (where
cuda.bindings finds it) and in CUDACFFI_LIBDRIVER; functions it does not implement answer success there
(NULL_DRIVER_ANY), which cuda.core's set-up needs. cuda.core's column needs ``pip install cuda-core
cuda-bindings==12.*`` in the running interpreter (CPython).
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

MARK = "CUDACFFI_CORE_OVERHEAD_CHILD"
IMAGE = b"\x7fELF" + bytes(60)  # the null driver loads anything
CASES = ("core_launch_16_args", "core_launch_4_scalars", "core_buffer_alloc_free")


def setup(core):
    """{case: (loop, sync)} through ``core`` (cudacffi.core or cuda.core), and what must stay alive."""
    dev = core.Device(0)
    dev.set_current()
    stream = dev.create_stream()
    code = core.ObjectCode.from_cubin(IMAGE)
    kernel, kernel4 = code.get_kernel("k16"), code.get_kernel("k4")
    mr = core.DeviceMemoryResource(dev)
    bufs = [mr.allocate(256, stream=stream) for _ in range(16)]
    scalars = (bufs[0], 7, 2.5, 1 << 20)
    config = core.LaunchConfig(grid=1, block=1)
    launch = core.launch

    def launch_16(n):
        for _ in range(n):
            launch(stream, config, kernel, *bufs)

    def launch_4(n):
        for _ in range(n):
            launch(stream, config, kernel4, *scalars)

    def alloc_free(n):
        for _ in range(n):
            mr.allocate(4096, stream=stream).close()

    loops = {"core_launch_16_args": launch_16, "core_launch_4_scalars": launch_4,
             "core_buffer_alloc_free": alloc_free}
    return {name: (loop, stream.sync) for name, loop in loops.items()}, (stream, kernel, kernel4, mr, bufs)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--count", type=int, default=5000)
    p.add_argument("--repeat", type=int, default=15)
    p.add_argument("--json")
    args = p.parse_args(argv)
    if os.environ.get(MARK) != "1":
        os.environ[MARK] = "1"
        os.environ["NULL_DRIVER_ANY"] = "1"
        return overhead.reexec_with(overhead.build_null_driver(), os.path.abspath(__file__))
    import cudacffi.core as ours

    cases, keep = setup(ours)
    table = {("cudacffi.core", name): case for name, case in cases.items()}
    theirs = _harness.cuda_core()
    if not isinstance(theirs, str):
        their_cases, their_keep = setup(theirs)
        table.update({("cuda.core", name): case for name, case in their_cases.items()})
    best = _harness.round_robin(table, args.count, args.repeat)
    print(_harness.header("operations", args.count, args.repeat) + ", null libcuda")
    print("%-26s %14s %14s %10s" % ("case", "cudacffi.core", "cuda.core", "ratio"))
    for name in CASES:
        a, b = best[("cudacffi.core", name)], best.get(("cuda.core", name))
        print("%-26s %14.0f %14s %10s" % (name, a, theirs if b is None else "%.0f" % b,
                                          "" if b is None else "%.2fx" % (a / b)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"interpreter": platform.python_implementation(), "version": platform.python_version(),
                       "ns": {"%s %s" % k: v for k, v in best.items()}}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
