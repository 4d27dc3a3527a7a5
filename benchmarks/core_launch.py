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

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _harness  # noqa: E402

SOURCE = 'extern "C" __global__ void k16(%s) {}' % ", ".join("float *a%d" % i for i in range(16))


def setup(core):
    """(loop, sync, keep) launching the 16-pointer kernel through ``core`` (cudacffi.core or cuda.core)."""
    dev = core.Device(0)
    dev.set_current()
    stream = dev.create_stream()
    kernel = core.Program(SOURCE, "c++", core.ProgramOptions(arch="sm_" + dev.arch)).compile("cubin").get_kernel("k16")
    bufs = [dev.allocate(256, stream=stream) for _ in range(16)]
    config = core.LaunchConfig(grid=1, block=1)
    launch = core.launch

    def loop(n):
        for _ in range(n):
            launch(stream, config, kernel, *bufs)

    return loop, stream.sync, (stream, kernel, bufs, config)


def prepacked(kept):
    """The floor from Python: cudacffi's cuLaunchKernelEx with the arguments packed once, outside the loop."""
    from cudacffi import _kernel_params, driver
    from cudacffi.core._launch_config import _native_for

    stream, kernel, bufs, config = kept
    native = _native_for(config, stream._h)[0]
    address, keep = _kernel_params.pack_owned((tuple(bufs), (None,) * 16), "bench")
    f = kernel.handle

    def floor(n, keep=keep):
        for _ in range(n):
            driver.cuLaunchKernelEx(native, f, address, 0)

    return floor, stream.sync


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--launches", type=int, default=20000)
    p.add_argument("--repeat", type=int, default=7)
    p.add_argument("--json")
    args = p.parse_args(argv)
    code = _harness.gpu_or_exit_code("core_launch")
    if code is not None:
        return code
    import cudacffi.core as ours

    loop, sync, kept = setup(ours)
    cases = {"core_launch_16_args (cudacffi.core)": (loop, sync),
             "cuLaunchKernelEx, prepacked (cudacffi)": prepacked(kept)}
    theirs = _harness.cuda_core()
    if not isinstance(theirs, str):
        their_loop, their_sync, their_kept = setup(theirs)
        cases["core_launch_16_args (cuda.core)"] = (their_loop, their_sync)
    best = _harness.round_robin(cases, args.launches, args.repeat)
    print(_harness.header("launches", args.launches, args.repeat))
    for name in ("core_launch_16_args (cudacffi.core)", "core_launch_16_args (cuda.core)",
                 "cuLaunchKernelEx, prepacked (cudacffi)"):
        v = best.get(name, theirs)
        print("  %-42s %s" % (name, "%.0f" % v if isinstance(v, float) else v))
    a = best["core_launch_16_args (cudacffi.core)"]
    if "core_launch_16_args (cuda.core)" in best:
        print("  cudacffi.core / cuda.core: %.2fx (target <= 0.80x)" % (a / best["core_launch_16_args (cuda.core)"]))
    print("  cudacffi.core - prepacked floor: %+.0f ns" % (a - best["cuLaunchKernelEx, prepacked (cudacffi)"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"interpreter": platform.python_implementation(), "version": platform.python_version(),
                       "ns": best}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
