"""NCCL all-reduce over cudacffi memory and streams: on each of two GPUs a cudacffi kernel fills a buffer
allocated with cuMemAlloc, on a stream made with cuStreamCreate; NCCL (through CuPy's ``cupy.cuda.nccl``)
sums the two buffers into a third on each device, on the same streams, taking the raw device pointers and
stream handles as ints; each device's sum is copied back and checked exactly. Nothing synchronises between
the fill, the reduction and the copy but stream order.
Says why and exits 77 (it cannot run here) where there are fewer than two devices or CuPy's NCCL is not importable.

    python examples/nccl_allreduce.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
from _checkout import cannot_run
import sys

import numpy as np
from _sample import init_device, load_module

from cudacffi import check, driver

SOURCE = b"""
// rank r's contribution: element i is (i % 1000) * (r + 1) + r
extern "C" __global__ void fill_rank(int *x, int n, int rank)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = (i % 1000) * (rank + 1) + rank;
}
"""

RANKS = 2


def contribution(n, rank):
    """On the host, what ``fill_rank`` writes for ``rank``."""
    return (np.arange(n, dtype=np.int64) % 1000 * (rank + 1) + rank).astype(np.int32)


def expected_sum(n, ranks=RANKS):
    return sum(contribution(n, r).astype(np.int64) for r in range(ranks)).astype(np.int32)


def load_nccl():
    """(CuPy's nccl module, None), or (None, why it cannot be used here)."""
    try:
        from cupy.cuda import nccl
    except Exception as e:  # ImportError, or CuPy failing to find its CUDA libraries
        return None, "CuPy's NCCL is not importable (%s: %s)" % (type(e).__name__, " ".join(str(e).split()))
    if not getattr(nccl, "available", True) or not hasattr(nccl, "NcclCommunicator"):
        return None, ("CuPy has no NCCL (cupy.cuda.nccl.available is False: install NCCL for CuPy, e.g. the "
                      "nvidia-nccl-cu12 or nvidia-nccl-cu13 wheel)")
    return nccl, None


def cannot_run_reason(device_count, loader=load_nccl):
    """(nccl, None) where the sample can run, else (None, why not)."""
    if device_count < RANKS:
        return None, "%d device(s); two are needed" % device_count
    return loader()


def main(n=(1 << 20) + 3):
    check(driver.cuInit(0))
    nccl, why = cannot_run_reason(check(driver.cuDeviceGetCount()))
    if nccl is None:
        cannot_run(why)
    nbytes = 4 * n
    ranks = []
    for rank in range(RANKS):
        device, context = init_device(rank)
        module = load_module(SOURCE, device)
        stream = check(driver.cuStreamCreate(driver.CUstream_flags.CU_STREAM_NON_BLOCKING))
        send, recv = check(driver.cuMemAlloc(nbytes)), check(driver.cuMemAlloc(nbytes))
        check(driver.cuMemsetD32Async(recv, 0xFFFFFFFF, n, stream))  # -1 everywhere: a missed element shows
        kernel = check(driver.cuModuleGetFunction(module, b"fill_rank"))
        check(driver.cuLaunchKernel(kernel, (n + 255) // 256, 1, 1, 256, 1, 1, 0, stream,
                                    ((send, n, rank), (None, "int", "int")), 0))
        ranks.append(dict(device=device, context=context, module=module, stream=stream, send=send, recv=recv))

    comms = nccl.NcclCommunicator.initAll(list(range(RANKS)))  # one communicator per device, this process
    nccl.groupStart()  # one thread drives both devices: the calls must be grouped
    for rank, r in enumerate(ranks):
        comms[rank].allReduce(int(r["send"]), int(r["recv"]), n, nccl.NCCL_INT32, nccl.NCCL_SUM, int(r["stream"]))
    nccl.groupEnd()

    want = expected_sum(n)
    ok = True
    for rank, r in enumerate(ranks):
        check(driver.cuCtxSetCurrent(r["context"]))  # NCCL moved this thread between devices
        out = np.empty(n, dtype=np.int32)
        sent = np.empty(n, dtype=np.int32)
        check(driver.cuMemcpyDtoHAsync(out, r["recv"], nbytes, r["stream"]))
        check(driver.cuMemcpyDtoHAsync(sent, r["send"], nbytes, r["stream"]))
        check(driver.cuStreamSynchronize(r["stream"]))
        if not np.array_equal(out, want):
            bad = np.flatnonzero(out != want)
            print("rank %d: %d wrong elements, first at %d: %d, not %d" % (rank, bad.size, bad[0], out[bad[0]],
                                                                         want[bad[0]]))
            ok = False
        if not np.array_equal(sent, contribution(n, rank)):  # out of place: the input is left as it was
            print("rank %d: the send buffer changed" % rank)
            ok = False

    for comm in comms:
        comm.destroy()
    for r in ranks:
        check(driver.cuCtxSetCurrent(r["context"]))
        check(driver.cuMemFree(r["send"]))
        check(driver.cuMemFree(r["recv"]))
        check(driver.cuStreamDestroy(r["stream"]))
        check(driver.cuModuleUnload(r["module"]))
        check(driver.cuDevicePrimaryCtxRelease(r["device"]))
    if not ok:
        print("nccl_allreduce FAILED")
        return 1
    print("nccl_allreduce passed: NCCL %s summed %d ints across %d GPUs on cudacffi memory and streams"
          % (nccl_version(nccl), n, RANKS))
    return 0


def nccl_version(nccl):
    """NCCL's version as major.minor.patch (its code is major*10000 + minor*100 + patch since 2.9)."""
    try:
        code = nccl.get_version()
    except Exception:
        return "(version unknown)"
    if code >= 10000:
        return "%d.%d.%d" % (code // 10000, code // 100 % 100, code % 100)
    return "%d.%d.%d" % (code // 1000, code // 100 % 10, code % 100)


if __name__ == "__main__":
    sys.exit(main())
