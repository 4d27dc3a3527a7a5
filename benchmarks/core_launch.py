"""``core_launch_16_args``: the cost of ``launch(stream, config, kernel, *16 device buffers)`` in
cudacffi.core, beside cuda.core's ``launch()`` where cuda.core imports, and beside the Python floor:
cudacffi's ``cuLaunchKernelEx`` with an already packed int address.

    python benchmarks/core_launch.py [--launches N] [--repeat N] [--json OUT]

Run it on a GPU machine under each interpreter (cuda.core's column is CPython only). The C floor for
the same launch is ``python benchmarks/run.py --only launch_16_ptr_args`` (its C column). Exits with
status 2 and one line when there is no GPU.
"""

import argparse
import json
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SOURCE = 'extern "C" __global__ void k16(%s) {}' % ", ".join("float *a%d" % i for i in range(16))


def batches(launch_one, sync, launches, repeat, batch=500):
    """Best of ``repeat`` runs of ``launches`` launches, timed in batches with an untimed sync between; ns each."""
    clock = time.perf_counter_ns
    best = None
    for _ in range(repeat):
        total, done = 0, 0
        while done < launches:
            n = min(batch, launches - done)
            t0 = clock()
            launch_one(n)
            total += clock() - t0
            sync()
            done += n
        per = total / launches
        best = per if best is None else min(best, per)
    return best


def bench_cudacffi_core(args):
    from cudacffi.core import Device, LaunchConfig, Program, ProgramOptions, launch

    dev = Device(0)
    dev.set_current()
    stream = dev.create_stream()
    kernel = Program(SOURCE, "c++", ProgramOptions(arch="sm_" + dev.arch)).compile("cubin").get_kernel("k16")
    bufs = [dev.allocate(256, stream=stream) for _ in range(16)]
    config = LaunchConfig(grid=1, block=1)

    def loop(n):
        for _ in range(n):
            launch(stream, config, kernel, *bufs)

    result = {"core_launch_16_args": batches(loop, stream.sync, args.launches, args.repeat)}

    # the floor from Python: the same cuLaunchKernelEx with the arguments packed once, outside the loop
    from cudacffi import _params, driver
    from cudacffi.core._launch import _native_for

    native = _native_for(config, stream._h)
    address, keep = _params.pack_owned((tuple(bufs), (None,) * 16), "bench")
    f = kernel.handle

    def floor(n):
        for _ in range(n):
            driver.cuLaunchKernelEx(native, f, address, 0)

    result["cuLaunchKernelEx_prepacked"] = batches(floor, stream.sync, args.launches, args.repeat)
    for b in bufs:
        b.close(stream)
    stream.close()
    return result


def bench_cuda_core(args):
    try:
        from cuda.core import Device, LaunchConfig, Program, ProgramOptions, launch
    except Exception as e:  # not installed, or not on this interpreter
        return {"core_launch_16_args": "n/a (%s)" % type(e).__name__}
    dev = Device(0)
    dev.set_current()
    stream = dev.create_stream()
    kernel = Program(SOURCE, "c++", ProgramOptions(arch="sm_" + dev.arch)).compile("cubin").get_kernel("k16")
    bufs = [dev.allocate(256, stream=stream) for _ in range(16)]
    config = LaunchConfig(grid=1, block=1)

    def loop(n):
        for _ in range(n):
            launch(stream, config, kernel, *bufs)

    result = {"core_launch_16_args": batches(loop, stream.sync, args.launches, args.repeat)}
    for b in bufs:
        b.close(stream)
    stream.close()
    return result


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--launches", type=int, default=20000)
    p.add_argument("--repeat", type=int, default=7)
    p.add_argument("--json")
    args = p.parse_args(argv)
    try:
        from cudacffi import check, driver

        check(driver.cuInit(0))
        if not check(driver.cuDeviceGetCount()):
            raise RuntimeError("no CUDA device")
    except Exception as e:
        print("core_launch: cannot run: %s" % " ".join(str(e).split()), file=sys.stderr)
        return 2
    ours = bench_cudacffi_core(args)
    theirs = bench_cuda_core(args)
    print("%s %s, %d launches x %d repeats (best), ns per launch" % (platform.python_implementation(),
                                                                      platform.python_version(), args.launches,
                                                                      args.repeat))
    rows = [("core_launch_16_args (cudacffi.core)", ours["core_launch_16_args"]),
            ("core_launch_16_args (cuda.core)", theirs["core_launch_16_args"]),
            ("cuLaunchKernelEx, prepacked (cudacffi)", ours["cuLaunchKernelEx_prepacked"])]
    for name, v in rows:
        print("  %-42s %s" % (name, "%.0f" % v if isinstance(v, float) else v))
    a, b = ours["core_launch_16_args"], theirs["core_launch_16_args"]
    if isinstance(b, float):
        print("  cudacffi.core / cuda.core: %.2fx (target <= 0.80x)" % (a / b))
    print("  cudacffi.core - prepacked floor: %+.0f ns" % (a - ours["cuLaunchKernelEx_prepacked"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"interpreter": platform.python_implementation(), "version": platform.python_version(),
                       "cudacffi.core": ours, "cuda.core": theirs}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
