"""What the cudacffi.core benchmarks share: a GPU check, batched timing, and round-robin repeats, so that every
implementation's repeats are spread over the same stretch of time (clock ramps, other tenants and cache state
then weigh on each alike) and each figure is its fastest repeat."""

import platform
import sys
import time


def gpu_or_exit_code(name):
    """None where the driver answers with a device; else 2, after one line on stderr saying why."""
    try:
        from cudacffi import check, driver

        check(driver.cuInit(0))
        if not check(driver.cuDeviceGetCount()):
            raise RuntimeError("no CUDA device")
    except Exception as e:
        print("%s: cannot run: %s" % (name, " ".join(str(e).split())), file=sys.stderr)
        return 2
    return None


def one_repeat(loop, sync, count, batch=500):
    """ns per operation of ``count`` operations run as ``loop(n)`` in timed batches, with an untimed ``sync()``
    after each batch (the stream's queue holds about a thousand operations)."""
    clock = time.perf_counter_ns
    total, done = 0, 0
    while done < count:
        n = min(batch, count - done)
        t0 = clock()
        loop(n)
        total += clock() - t0
        sync()
        done += n
    return total / count


def round_robin(cases, count, repeat):
    """{name: fastest ns per operation} of ``cases`` ({name: (loop, sync)}): one warm-up repeat each, then
    ``repeat`` rounds in which every case runs one repeat in turn."""
    for loop, sync in cases.values():
        one_repeat(loop, sync, count)
    best = {}
    for _ in range(repeat):
        for name, (loop, sync) in cases.items():
            per = one_repeat(loop, sync, count)
            best[name] = min(best.get(name, per), per)
    return best


def header(what, count, repeat):
    return "%s %s, %d %s x %d round-robin repeats (best), ns each" % (
        platform.python_implementation(), platform.python_version(), count, what, repeat)


def cuda_core():
    """cuda.core's module, or the reason it is not there ("n/a (ModuleNotFoundError)")."""
    try:
        import cuda.core as cc

        return cc
    except Exception as e:  # not installed, or not on this interpreter
        return "n/a (%s)" % type(e).__name__
