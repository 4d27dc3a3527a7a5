"""The CUDA Runtime API: a device query, then a CUDA graph captured from a stream and launched.

The graph holds two operations recorded on a stream (a memset, then a device-to-device copy). Once
instantiated it is launched twice, and the result is checked on the host. check() returns a call's
outputs or raises cudacffi.CUDAError naming the error.

    python examples/runtime_graph.py

Needs libcudart of the build's major version (pip install nvidia-cuda-runtime-cu12 for a 12.x build).
Exits 0 with a message where there is no libcudart, no driver or no device.
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
from _checkout import cannot_run
import sys

import cudacffi
from cudacffi import check, runtime as rt

N = 1 << 20  # bytes per buffer


def query():
    count = check(rt.cudaGetDeviceCount())
    runtime = check(rt.cudaRuntimeGetVersion())
    driver = check(rt.cudaDriverGetVersion())
    print("CUDA runtime %d.%d, driver supports %d.%d, %d device(s)"
          % (runtime // 1000, runtime % 1000 // 10, driver // 1000, driver % 1000 // 10, count))
    for ordinal in range(count):
        prop = check(rt.cudaGetDeviceProperties(ordinal))
        name = bytes(prop.name).split(b"\0", 1)[0].decode("ascii", "replace")
        print("device %d: %s, compute capability %d.%d, %d SMs, %.1f GiB"
              % (ordinal, name, prop.major, prop.minor, prop.multiProcessorCount, prop.totalGlobalMem / 2**30))


def capture(stream, src, dst):
    """A graph of what the stream does between begin and end of capture."""
    check(rt.cudaStreamBeginCapture(stream, rt.cudaStreamCaptureMode.cudaStreamCaptureModeGlobal))
    check(rt.cudaMemsetAsync(src, 0x5A, N, stream))
    check(rt.cudaMemcpyAsync(dst, src, N, rt.cudaMemcpyKind.cudaMemcpyDeviceToDevice, stream))
    return check(rt.cudaStreamEndCapture(stream))


def run_graph():
    check(rt.cudaSetDevice(0))
    stream = check(rt.cudaStreamCreateWithFlags(rt.cudaStreamNonBlocking))
    src, dst = check(rt.cudaMalloc(N)), check(rt.cudaMalloc(N))
    graph = capture(stream, src, dst)
    _, count = check(rt.cudaGraphGetNodes(graph))
    nodes, _ = check(rt.cudaGraphGetNodes(graph, count))
    kinds = [check(rt.cudaGraphNodeGetType(node)).name for node in nodes]
    print("captured %d nodes: %s" % (count, ", ".join(kinds)))

    graph_exec = check(rt.cudaGraphInstantiate(graph, 0))
    host = bytearray(N)
    for launch in (1, 2):
        check(rt.cudaMemset(dst, 0, N))
        check(rt.cudaGraphLaunch(graph_exec, stream))
        check(rt.cudaStreamSynchronize(stream))
        check(rt.cudaMemcpy(host, dst, N, rt.cudaMemcpyKind.cudaMemcpyDeviceToHost))
        if host != b"\x5a" * N:
            raise SystemExit("graph launch %d: wrong result" % launch)
        print("graph launched (%d): %d bytes of 0x5a copied" % (launch, N))

    check(rt.cudaGraphExecDestroy(graph_exec))
    check(rt.cudaGraphDestroy(graph))
    check(rt.cudaFree(src))
    check(rt.cudaFree(dst))
    check(rt.cudaStreamDestroy(stream))


def main():
    try:
        err, count = rt.cudaGetDeviceCount()
    except cudacffi.LibraryNotFoundError as e:
        cannot_run("no libcudart: %s" % " ".join(str(e).split()))
    if err or not count:
        cannot_run("no CUDA driver/device (%s)" % (err.name if err else "0 devices"))
    query()
    run_graph()
    return 0


if __name__ == "__main__":
    sys.exit(main())
