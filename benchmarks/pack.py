#!/usr/bin/env python3
"""Cost of packing kernel arguments alone, on the CPU: no GPU, no driver, no nvcc needed.

Usage:  python benchmarks/pack.py [--repeat N] [--calls N] [--json OUT]

Times ``cudacffi._kernel_params.kernel_params`` -- what ``cuLaunchKernel`` does with its ``kernelParams``
before calling the driver -- for the launch cases of benchmarks/run.py and a few more. Figure: ns
per call, fastest of --repeat repeats of --calls calls, loop overhead included (one warm-up repeat
first, so that PyPy's JIT has compiled the loop). Run it under each interpreter:

    python3 benchmarks/pack.py
    pypy3   benchmarks/pack.py

Cases
    1_ptr_same          ((dptr,), (None,)), the same tuple every call (benchmarks/run.py's loop)
    16_ptr_same         16 CUdeviceptr with 16 None types, the same tuple every call
    16_ptr_fresh        the same, but a different values tuple each call (as code that builds the
                        tuple per launch would)
    saxpy_ctypes        (a, x, y, out, n) as (c_float, None, None, None, c_size_t), fresh values
    saxpy_ctypes_new_types
                        the same, with an equal but new types tuple each call (found by hash)
    saxpy_cffi_names    the same with types ("float", None, None, None, "size_t")
    saxpy_numpy_types   the same with types (numpy.float32, None, None, None, numpy.uint64)
    16_prepacked        an int address (nothing to pack), for scale
"""

import argparse
import ctypes
import json
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cudacffi import driver  # noqa: E402
from cudacffi._driver import ffi  # noqa: E402
from cudacffi._kernel_params import kernel_params  # noqa: E402

FRESH = 64  # distinct values tuples cycled through by the "fresh" cases


def _cases():
    ptrs = [driver.CUdeviceptr(0x7F0000000000 + 0x1000 * i) for i in range(16)]
    cases = {}
    cases["1_ptr_same"] = [((ptrs[0],), (None,))]
    cases["16_ptr_same"] = [(tuple(ptrs), (None,) * 16)]
    cases["16_ptr_fresh"] = [(tuple(driver.CUdeviceptr(int(p) + k) for p in ptrs), (None,) * 16)
                             for k in range(FRESH)]
    saxpy = [(2.0 + k, ptrs[0], ptrs[1], ptrs[2], 1 << 20) for k in range(FRESH)]
    types = (ctypes.c_float, None, None, None, ctypes.c_size_t)
    cases["saxpy_ctypes"] = [(v, types) for v in saxpy]
    cases["saxpy_ctypes_new_types"] = [(v, (ctypes.c_float, None, None, None, ctypes.c_size_t)) for v in saxpy]
    cases["saxpy_cffi_names"] = [(v, ("float", None, None, None, "size_t")) for v in saxpy]
    try:
        import numpy as np
    except ImportError:
        pass
    else:
        types = (np.float32, None, None, None, np.uint64)
        cases["saxpy_numpy_types"] = [(v, types) for v in saxpy]
    cases["16_prepacked"] = [0x7F0000100000]
    return cases


def _time(params, repeat, calls):
    n = len(params)
    rounds = max(1, calls // n)

    def loop(rounds=rounds, params=params, f=kernel_params, ffi=ffi):
        for _ in range(rounds):
            for kp in params:
                f(ffi, kp, "cuLaunchKernel")

    loop()  # warm-up (and a check that every case packs)
    best = None
    for _ in range(repeat):
        t0 = time.perf_counter_ns()
        loop()
        dt = (time.perf_counter_ns() - t0) / (rounds * n)
        best = dt if best is None else min(best, dt)
    return best


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=10)
    p.add_argument("--calls", type=int, default=20000)
    p.add_argument("--json", help="also write the figures to this file")
    args = p.parse_args()
    impl = "%s %s" % (platform.python_implementation(), platform.python_version())
    results = {}
    print("kernelParams packing, ns per call (%s, best of %d x %d calls)" % (impl, args.repeat, args.calls))
    for name, params in _cases().items():
        results[name] = _time(params, args.repeat, args.calls)
        print("  %-24s %8.0f" % (name, results[name]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"interpreter": impl, "ns_per_call": results}, f, indent=1)


if __name__ == "__main__":
    main()
