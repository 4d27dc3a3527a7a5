"""``core_buffer_alloc_free``: the cost of ``buf = mr.allocate(4096, stream=s); buf.close()`` on a device memory
pool (stream-ordered, cuMemAllocFromPoolAsync + cuMemFreeAsync), in cudacffi.core beside cuda.core's
DeviceMemoryResource where cuda.core imports, beside the same two driver calls from Python through cudacffi,
and beside a C floor (the same calls in a C loop, built with nvcc where it is found).

    python benchmarks/core_memory.py [--pairs N] [--repeat N] [--json OUT]

Run it on a GPU machine under each interpreter (cuda.core's column is CPython only). Targets: CPython no
slower than cuda.core; PyPy within 0.5 us of the C floor. Exits with status 2 and one line without a GPU.
"""

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _harness  # noqa: E402

SIZE = 4096

FLOOR_C = r"""
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define CHECK(x) do { CUresult e = (x); if (e) { fprintf(stderr, "%%s failed: %%d\n", #x, (int)e); exit(1); } } while (0)
static long long now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1000000000LL + t.tv_nsec; }
int main(int argc, char **argv) {
    long pairs = atol(argv[1]), repeat = atol(argv[2]), batch = 500;
    CUdevice dev; CUcontext ctx; CUstream s; CUmemoryPool pool; CUdeviceptr p;
    CHECK(cuInit(0)); CHECK(cuDeviceGet(&dev, 0)); CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
    CHECK(cuCtxSetCurrent(ctx)); CHECK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
    CHECK(cuDeviceGetMemPool(&pool, dev));
    cuuint64_t threshold = ~0ULL;
    CHECK(cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &threshold));
    double best = 1e30;
    for (long r = 0; r <= repeat; r++) {
        long long total = 0;
        for (long done = 0; done < pairs; done += batch) {
            long long t0 = now();
            for (long i = 0; i < batch; i++) { cuMemAllocFromPoolAsync(&p, %d, pool, s); cuMemFreeAsync(p, s); }
            total += now() - t0;
            CHECK(cuStreamSynchronize(s));
        }
        double per = (double)total / pairs;
        if (r && per < best) best = per;  /* repeat 0 warms up */
    }
    printf("%%.1f\n", best);
    return 0;
}
""" % SIZE


def setup(core, mr_of):
    """(loop, sync, keep): 4096-byte allocations freed at once on a new stream, from ``mr_of(device)``."""
    dev = core.Device(0)
    dev.set_current()
    s = dev.create_stream()
    mr = mr_of(dev)

    def loop(n):
        for _ in range(n):
            mr.allocate(SIZE, stream=s).close()

    return loop, s.sync, (s, mr)


def driver_calls(kept):
    """The same two driver calls straight through cudacffi's bindings."""
    from cudacffi import driver

    s, mr = kept
    pool, h = mr.handle, int(s.handle)
    alloc, free = driver.cuMemAllocFromPoolAsync, driver.cuMemFreeAsync

    def raw(n):
        for _ in range(n):
            free(alloc(SIZE, pool, h)[1], h)

    return raw, s.sync


def c_floor(args):
    try:
        from run import SetupError, find_nvcc

        nvcc = find_nvcc()
    except (ImportError, SetupError) as e:
        return "n/a (%s)" % e
    with tempfile.TemporaryDirectory() as tmp:
        src, exe = os.path.join(tmp, "floor_mem.c"), os.path.join(tmp, "floor_mem")
        with open(src, "w") as f:
            f.write(FLOOR_C)
        subprocess.run([nvcc, "-O2", "-o", exe, src, "-lcuda"], check=True, capture_output=True)
        r = subprocess.run([exe, str(args.pairs), str(args.repeat)], check=True, capture_output=True, text=True)
        return float(r.stdout.strip())


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pairs", type=int, default=20000)
    p.add_argument("--repeat", type=int, default=7)
    p.add_argument("--json")
    args = p.parse_args(argv)
    code = _harness.gpu_or_exit_code("core_memory")
    if code is not None:
        return code
    import cudacffi.core as ours

    loop, sync, kept = setup(ours, lambda dev: dev.memory_resource)
    cases = {"core_buffer_alloc_free (cudacffi.core)": (loop, sync),
             "cuMemAllocFromPoolAsync + cuMemFreeAsync (cudacffi)": driver_calls(kept)}
    theirs = _harness.cuda_core()
    if not isinstance(theirs, str):
        their_loop, their_sync, their_kept = setup(theirs, theirs.DeviceMemoryResource)
        cases["core_buffer_alloc_free (cuda.core)"] = (their_loop, their_sync)
    best = _harness.round_robin(cases, args.pairs, args.repeat)
    floor = c_floor(args)
    print(_harness.header("alloc+free pairs of %d bytes" % SIZE, args.pairs, args.repeat))
    for name in ("core_buffer_alloc_free (cudacffi.core)", "core_buffer_alloc_free (cuda.core)",
                 "cuMemAllocFromPoolAsync + cuMemFreeAsync (cudacffi)"):
        v = best.get(name, theirs)
        print("  %-52s %s" % (name, "%.0f" % v if isinstance(v, float) else v))
    print("  %-52s %s" % ("the same in C", "%.0f" % floor if isinstance(floor, float) else floor))
    a = best["core_buffer_alloc_free (cudacffi.core)"]
    if "core_buffer_alloc_free (cuda.core)" in best:
        print("  cudacffi.core / cuda.core: %.2fx (target <= 1.00x on CPython)"
              % (a / best["core_buffer_alloc_free (cuda.core)"]))
    if isinstance(floor, float):
        print("  cudacffi.core - C floor: %+.0f ns (target <= +500 ns on PyPy)" % (a - floor))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"interpreter": platform.python_implementation(), "version": platform.python_version(),
                       "ns": best, "C": floor}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
