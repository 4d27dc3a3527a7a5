"""simpleCudaGraphs: the same work as a graph built node by node (two kernels and a host node) and as a
graph captured from a stream (a memset, a kernel and a host function), each launched and checked.

    python examples/simple_cuda_graphs.py
"""

import _checkout  # noqa: F401  (runs from a checkout; one-line reason when no GPU)
import sys

import numpy as np
from _sample import init_device, load_module

from cudacffi import check, driver

SOURCE = b"""
extern "C" __global__ void iota(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = (float)i;
}

extern "C" __global__ void axpb(float *x, float a, float b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = a * x[i] + b;
}
"""


def kernel_node(graph, deps, func, n, args):
    params = driver.CUDA_KERNEL_NODE_PARAMS()
    params.func = func
    params.gridDimX, params.gridDimY, params.gridDimZ = (n + 255) // 256, 1, 1
    params.blockDimX, params.blockDimY, params.blockDimZ = 256, 1, 1
    params.sharedMemBytes = 0
    params.kernelParams = args
    return check(driver.cuGraphAddKernelNode(graph, deps, len(deps), params))


def manual_graph(iota, axpb, dx, n, fired):
    graph = check(driver.cuGraphCreate(0))
    first = kernel_node(graph, [], iota, n, ((dx, n), (None, "int")))
    second = kernel_node(graph, [first], axpb, n, ((dx, 2.0, 1.0, n), (None, "float", "float", "int")))
    host = driver.CUDA_HOST_NODE_PARAMS()
    host.fn = lambda data: fired.append(data)
    host.userData = "manual"
    check(driver.cuGraphAddHostNode(graph, [second], 1, host))
    return graph


def captured_graph(axpb, dx, n, fired):
    stream = check(driver.cuStreamCreate(driver.CUstream_flags.CU_STREAM_NON_BLOCKING))
    mode = driver.CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_GLOBAL
    check(driver.cuStreamBeginCapture(stream, mode))
    check(driver.cuMemsetD32Async(dx, 0, n, stream))  # 0.0f
    check(driver.cuLaunchKernel(axpb, (n + 255) // 256, 1, 1, 256, 1, 1, 0, stream,
                                ((dx, 1.0, 3.0, n), (None, "float", "float", "int")), 0))
    check(driver.cuLaunchHostFunc(stream, fired.append, "captured"))
    graph = check(driver.cuStreamEndCapture(stream))
    return graph, stream


def run(graph, stream, dx, n):
    exe = check(driver.cuGraphInstantiate(graph, 0))
    check(driver.cuGraphLaunch(exe, stream))
    check(driver.cuStreamSynchronize(stream))
    out = np.empty(n, dtype=np.float32)
    check(driver.cuMemcpyDtoH(out, dx, out.nbytes))
    check(driver.cuGraphExecDestroy(exe))
    check(driver.cuGraphDestroy(graph))
    return out


def main(n=1 << 16):
    device, _ = init_device()
    module = load_module(SOURCE, device)
    iota = check(driver.cuModuleGetFunction(module, b"iota"))
    axpb = check(driver.cuModuleGetFunction(module, b"axpb"))
    dx = check(driver.cuMemAlloc(4 * n))
    fired = []
    out_manual = run(manual_graph(iota, axpb, dx, n, fired), None, dx, n)
    graph, stream = captured_graph(axpb, dx, n, fired)
    nodes = check(driver.cuGraphGetNodes(graph, 0))[1]
    out_captured = run(graph, stream, dx, n)
    check(driver.cuStreamDestroy(stream))
    check(driver.cuMemFree(dx))
    check(driver.cuModuleUnload(module))
    ok = (np.array_equal(out_manual, 2 * np.arange(n, dtype=np.float32) + 1)
          and np.all(out_captured == 3.0) and sorted(fired) == ["captured", "manual"] and nodes == 3)
    if not ok:
        print("simple_cuda_graphs FAILED (host nodes fired: %s, captured nodes: %d)" % (fired, nodes))
        return 1
    print("simple_cuda_graphs passed: a manual graph of 3 nodes and a captured graph of %d nodes" % nodes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
