"""A CUDA graph with cudacffi.core (cuda.core's API): captured by a GraphBuilder split into two branches that
run concurrently, joined, with a host callback, then launched three times.

    python3 examples/core_graph.py

One branch adds 1 to every x, the other doubles every y, then z = x + 2 * y. Each launch starts from the
values the previous one left, so after three launches x[i] = i + 3, y[i] = 8 * i and z[i] = x[i] + 2 * y[i].
Ends with one verdict line, and a non-zero status on a wrong value.
"""

import _checkout  # noqa: F401

import array
import sys

from cudacffi.core import Device, LaunchConfig, Program, ProgramOptions, launch
from cudacffi.core.graph import GraphBuilder

SOURCE = r"""
extern "C" __global__ void add_one(int *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] += 1;
}

extern "C" __global__ void twice(int *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] *= 2;
}

extern "C" __global__ void combine(const int *x, const int *y, int *z, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = x[i] + 2 * y[i];
}
"""

LAUNCHES = 3


def main():
    dev = Device()
    dev.set_current()
    stream = dev.create_stream()
    module = Program(SOURCE, "c++", ProgramOptions(arch="sm_" + dev.arch)).compile("cubin")
    add_one, twice, combine = (module.get_kernel(k) for k in ("add_one", "twice", "combine"))

    n = 4096
    x, y, z = (dev.allocate(4 * n, stream=stream) for _ in range(3))
    x.copy_from(array.array("i", range(n)), stream=stream)
    y.copy_from(array.array("i", range(n)), stream=stream)
    z.fill(0, stream=stream)
    stream.sync()

    fired = []
    config = LaunchConfig(grid=(n + 255) // 256, block=256)
    gb = dev.create_graph_builder().begin_building()
    left, right = gb.split(2)
    launch(left, config, add_one, x, n)  # the two branches run concurrently in the graph
    launch(right, config, twice, y, n)
    gb = GraphBuilder.join(left, right)
    launch(gb, config, combine, x, y, z, n)
    gb.callback(lambda: fired.append(1))  # a host node: runs at every launch, after combine
    graph = gb.end_building().complete()
    graph.upload(stream)
    for _ in range(LAUNCHES):
        graph.launch(stream)
    out = {name: array.array("i", bytes(4 * n)) for name in "xyz"}
    for name, buf in zip("xyz", (x, y, z)):
        buf.copy_to(out[name], stream=stream)
    stream.sync()

    want_x = [i + LAUNCHES for i in range(n)]
    want_y = [i * 2 ** LAUNCHES for i in range(n)]
    want_z = [a + 2 * b for a, b in zip(want_x, want_y)]
    wrong = sum(list(out[k]) != w for k, w in (("x", want_x), ("y", want_y), ("z", want_z)))
    graph.close()
    gb.close()
    for buf in (x, y, z):
        buf.close(stream)
    stream.close()
    if wrong or len(fired) != LAUNCHES:
        print("core_graph: FAILED (%d wrong arrays, the callback ran %d times of %d)" % (wrong, len(fired), LAUNCHES))
        return 1
    print("core_graph: a two-branch graph launched %d times on %s: passed" % (LAUNCHES, dev.name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
