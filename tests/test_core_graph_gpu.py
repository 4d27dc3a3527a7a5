"""cudacffi.core.graph on a GPU: explicit graphs (memset, memcpy, kernel and host callback nodes in a diamond,
launched twice), their edges, updates of instantiated kernel nodes and of whole graphs from a changed
definition, conditional nodes whose condition device code sets (a while loop counting down, an if/else, the
same captured from a stream), graph memory (an allocation and its free) and child graphs. Results are checked
against numpy."""

import pytest

from conftest import core_kernel

pytestmark = pytest.mark.gpu

np = pytest.importorskip("numpy")

KERNELS = r"""
// cudaGraphSetConditional as cuda_device_runtime_api.h declares it (NVRTC compiles it as a builtin)
typedef __device_builtin__ unsigned long long cudaGraphConditionalHandle;
extern "C" __device__ __cudart_builtin__ void CUDARTAPI cudaGraphSetConditional(cudaGraphConditionalHandle handle,
                                                                                 unsigned int value);

extern "C" __global__ void add_one(int *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] += 1;
}

extern "C" __global__ void scale_by_index(const int *x, int *w, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) w[i] = x[i] * i;
}

extern "C" __global__ void combine(const int *y, const int *w, int *z, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = y[i] + 2 * w[i];
}

extern "C" __global__ void fill_value(int *x, int value, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = value;
}

extern "C" __global__ void copy_ints(const int *src, int *dst, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) dst[i] = src[i];
}

extern "C" __global__ void store(int *out, int value)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) *out = value;
}

extern "C" __global__ void set_condition(cudaGraphConditionalHandle handle, int value)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) cudaGraphSetConditional(handle, value ? 1u : 0u);
}

extern "C" __global__ void count_down(cudaGraphConditionalHandle handle, int *counter, int *steps)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        *steps += 1;
        int left = --*counter;
        cudaGraphSetConditional(handle, left > 0 ? 1u : 0u);
    }
}
"""

N = 1024


def ints(dev, stream, values):
    """A device Buffer holding the int32 ``values``."""
    host = np.ascontiguousarray(values, dtype=np.int32)
    buf = dev.allocate(host.nbytes, stream=stream)
    buf.copy_from(host, stream=stream)
    stream.sync()
    return buf


def read(buf, stream):
    out = np.empty(buf.size // 4, dtype=np.int32)
    buf.copy_to(out, stream=stream)
    stream.sync()
    return out


def one_thread(core):
    return core.LaunchConfig(grid=1, block=1)


def per_element(core):
    return core.LaunchConfig(grid=N // 256, block=256)


def test_a_diamond_of_memset_memcpy_kernel_and_callback_nodes_runs_twice(core, core_device, core_stream):
    from cudacffi.core.graph import GraphDefinition, HostCallbackNode, KernelNode, MemcpyNode, MemsetNode

    x, y, w, z, acc = (ints(core_device, core_stream, np.zeros(N)) for _ in range(5))
    cfg = per_element(core)
    fired = []
    g = GraphDefinition()
    top = g.memset(x, np.int32(3), N)  # x = 3, as 4-byte elements
    left = top.memcpy(y, x, 4 * N)  # y = x
    right = top.launch(cfg, core_kernel(core_device, KERNELS, "scale_by_index"), x, w, N)  # w = x * i
    bottom = left.join(right).launch(cfg, core_kernel(core_device, KERNELS, "combine"), y, w, z, N)  # z = y + 2w
    count = bottom.launch(cfg, core_kernel(core_device, KERNELS, "add_one"), acc, N)
    done = count.callback(lambda: fired.append("done"))
    assert (type(top), type(left), type(right), type(bottom), type(done)) == \
        (MemsetNode, MemcpyNode, KernelNode, KernelNode, HostCallbackNode)
    assert (top.dptr, top.value, top.element_size, top.width) == (x.handle, 3, 4, N)
    assert (left.dst, left.src, left.size) == (y.handle, x.handle, 4 * N)
    assert right.grid == (N // 256, 1, 1) and right.block == (256, 1, 1) and right.shmem_size == 0
    assert right.kernel == core_kernel(core_device, KERNELS, "scale_by_index") and right.config == cfg
    assert set(top.succ) == {left, right} and not top.pred
    assert set(bottom.pred) == {next(iter(left.succ))} and set(next(iter(left.succ)).pred) == {left, right}
    assert set(done.pred) == {count} and not done.succ
    assert len(g.nodes()) == 7 and (top, left) in g.edges() and (count, done) in g.edges()
    graph = g.instantiate()
    for _ in range(2):
        graph.launch(core_stream)
    core_stream.sync()
    i = np.arange(N, dtype=np.int32)
    np.testing.assert_array_equal(read(y, core_stream), np.full(N, 3))
    np.testing.assert_array_equal(read(w, core_stream), 3 * i)
    np.testing.assert_array_equal(read(z, core_stream), 3 + 6 * i)
    np.testing.assert_array_equal(read(acc, core_stream), np.full(N, 2))  # each launch added one
    assert fired == ["done", "done"]
    graph.close()


def test_an_instantiated_kernel_node_takes_new_arguments_and_can_be_disabled(core, core_device, core_stream):
    from cudacffi.core.graph import ExecutableKernelNode, GraphDefinition

    a, b = ints(core_device, core_stream, np.zeros(N)), ints(core_device, core_stream, np.zeros(N))
    cfg = per_element(core)
    g = GraphDefinition()
    k = g.launch(cfg, core_kernel(core_device, KERNELS, "add_one"), a, N)
    graph = g.instantiate()
    graph.launch(core_stream)
    view = graph[k]
    assert isinstance(view, ExecutableKernelNode) and view.is_enabled
    view.update(config=cfg, kernel=core_kernel(core_device, KERNELS, "add_one"), args=(b, N))
    graph.launch(core_stream)
    graph.launch(core_stream)
    view.disable()
    assert not view.is_enabled
    graph.launch(core_stream)
    view.enable()
    core_stream.sync()
    np.testing.assert_array_equal(read(a, core_stream), np.ones(N))
    np.testing.assert_array_equal(read(b, core_stream), np.full(N, 2))
    graph.close()


def test_a_graph_takes_the_parameters_of_a_changed_definition(core, core_device, core_stream):
    from cudacffi.core.graph import GraphDefinition

    a, b, c = (ints(core_device, core_stream, np.zeros(N)) for _ in range(3))
    cfg = per_element(core)
    g = GraphDefinition()
    fill = g.memset(c, np.int32(5), N)
    k = fill.launch(cfg, core_kernel(core_device, KERNELS, "add_one"), a, N)
    graph = g.instantiate()
    graph.launch(core_stream)
    k.update(args=(b, N))  # the definition: the same kernel on another buffer
    fill.update(value=np.int32(9))
    assert k.kernel == core_kernel(core_device, KERNELS, "add_one") and fill.value == 9
    graph.update(g)
    graph.launch(core_stream)
    core_stream.sync()
    np.testing.assert_array_equal(read(a, core_stream), np.ones(N))
    np.testing.assert_array_equal(read(b, core_stream), np.ones(N))
    np.testing.assert_array_equal(read(c, core_stream), np.full(N, 9))
    graph.close()


def test_a_while_node_counts_down_in_device_code(core, core_device, core_stream):
    from cudacffi.core.graph import GraphDefinition, WhileNode

    counter, steps = ints(core_device, core_stream, [5]), ints(core_device, core_stream, [0])
    g = GraphDefinition()
    cond = g.create_condition(default_value=1)
    loop = g.while_loop(cond)
    assert isinstance(loop, WhileNode) and loop.cond_type == "while" and loop.condition == cond
    loop.body.launch(one_thread(core), core_kernel(core_device, KERNELS, "count_down"), cond, counter, steps)
    graph = g.instantiate()
    graph.launch(core_stream)
    core_stream.sync()
    assert read(counter, core_stream)[0] == 0 and read(steps, core_stream)[0] == 5
    counter.copy_from(np.array([3], dtype=np.int32), stream=core_stream)
    graph.launch(core_stream)
    core_stream.sync()
    assert read(steps, core_stream)[0] == 8
    graph.close()


def test_an_if_else_node_runs_the_branch_device_code_chose(core, core_device, core_stream):
    from cudacffi.core.graph import GraphDefinition, IfElseNode

    out = ints(core_device, core_stream, [0])
    g = GraphDefinition()
    cond = g.create_condition()
    setter = g.launch(one_thread(core), core_kernel(core_device, KERNELS, "set_condition"), cond, 1)
    choice = setter.if_else(cond)
    assert isinstance(choice, IfElseNode) and len(choice.branches) == 2
    choice.then.launch(one_thread(core), core_kernel(core_device, KERNELS, "store"), out, 10)
    choice.else_.launch(one_thread(core), core_kernel(core_device, KERNELS, "store"), out, 20)
    graph = g.instantiate()
    graph.launch(core_stream)
    core_stream.sync()
    assert read(out, core_stream)[0] == 10
    graph[setter].update(config=one_thread(core), kernel=core_kernel(core_device, KERNELS, "set_condition"),
                         args=(cond, 0))
    graph.launch(core_stream)
    core_stream.sync()
    assert read(out, core_stream)[0] == 20
    graph.close()


def test_captured_conditionals_a_while_loop_and_an_if(core, core_device, core_stream):
    from cudacffi.core.graph import ConditionalNode

    counter, steps, out = (ints(core_device, core_stream, [v]) for v in (4, 0, 0))
    gb = core_device.create_graph_builder().begin_building()
    cond = gb.create_condition(default_value=1)
    body = gb.while_loop(cond)
    assert body.graph_definition.nodes() == set()  # a body's graph exists before it is built
    body.begin_building()
    core.launch(body, one_thread(core), core_kernel(core_device, KERNELS, "count_down"), cond, counter, steps)
    body.end_building()
    flag = gb.create_condition()
    core.launch(gb, one_thread(core), core_kernel(core_device, KERNELS, "set_condition"), flag, 1)
    then = gb.if_then(flag)
    then.begin_building()
    core.launch(then, one_thread(core), core_kernel(core_device, KERNELS, "store"), out, 7)
    then.end_building()
    graph = gb.end_building().complete()
    kinds = [type(n) for n in gb.graph_definition.nodes()]
    assert kinds.count(ConditionalNode) == 2, kinds
    graph.launch(core_stream)
    core_stream.sync()
    assert read(steps, core_stream)[0] == 4 and read(counter, core_stream)[0] == 0 and read(out, core_stream)[0] == 7
    graph.close()
    for b in (body, then, gb):
        b.close()


def test_an_allocation_node_and_its_free(core, core_device, core_stream):
    from cudacffi.core.graph import AllocNode, FreeNode, GraphDefinition

    out = ints(core_device, core_stream, np.zeros(N))
    g = GraphDefinition()
    alloc = g.allocate(4 * N)
    assert isinstance(alloc, AllocNode) and alloc.dptr != 0 and alloc.bytesize == 4 * N
    assert alloc.device_id == core_device.device_id and alloc.memory_type == "device" and alloc.peer_access == ()
    cfg = per_element(core)
    fill = alloc.launch(cfg, core_kernel(core_device, KERNELS, "fill_value"), alloc.dptr, 7, N)
    copy = fill.launch(cfg, core_kernel(core_device, KERNELS, "copy_ints"), alloc.dptr, out, N)
    free = copy.deallocate(alloc.dptr)
    assert isinstance(free, FreeNode) and free.dptr == alloc.dptr
    graph = g.instantiate()
    for _ in range(2):  # freed in the graph: it can launch again
        graph.launch(core_stream)
    core_stream.sync()
    np.testing.assert_array_equal(read(out, core_stream), np.full(N, 7))
    graph.close()


def test_a_child_graph_node_runs_its_copy_and_takes_another(core, core_device, core_stream):
    from cudacffi.core.graph import ChildGraphNode, ExecutableChildGraphNode, GraphDefinition, KernelNode

    a, b = ints(core_device, core_stream, np.zeros(N)), ints(core_device, core_stream, np.zeros(N))
    cfg = per_element(core)
    child = GraphDefinition()
    child.launch(cfg, core_kernel(core_device, KERNELS, "add_one"), a, N)
    other = GraphDefinition()
    other.launch(cfg, core_kernel(core_device, KERNELS, "add_one"), b, N)
    g = GraphDefinition()
    first = g.launch(cfg, core_kernel(core_device, KERNELS, "add_one"), a, N)
    node = first.embed(child)
    assert isinstance(node, ChildGraphNode) and set(node.pred) == {first}
    (inside,) = node.child_graph.nodes()
    assert isinstance(inside, KernelNode) and inside.grid == (N // 256, 1, 1)
    graph = g.instantiate()
    graph.launch(core_stream)  # a += 2
    view = graph[node]
    assert isinstance(view, ExecutableChildGraphNode)
    view.update(other)
    graph.launch(core_stream)  # a += 1, b += 1
    core_stream.sync()
    np.testing.assert_array_equal(read(a, core_stream), np.full(N, 3))
    np.testing.assert_array_equal(read(b, core_stream), np.ones(N))
    graph.close()


def test_a_captured_graph_embeds_another_and_a_graph_updates_from_a_capture(core, core_device, core_stream):
    from cudacffi.core.graph import ChildGraphNode, KernelNode

    a, b = ints(core_device, core_stream, np.zeros(N)), ints(core_device, core_stream, np.zeros(N))
    cfg = per_element(core)

    def captured(buf):
        gb = core_device.create_graph_builder().begin_building()
        core.launch(gb, cfg, core_kernel(core_device, KERNELS, "add_one"), buf, N)
        return gb.end_building()

    inner_a, inner_b = captured(a), captured(b)
    outer = core_device.create_graph_builder().begin_building()
    outer.embed(inner_a)
    core.launch(outer, cfg, core_kernel(core_device, KERNELS, "add_one"), a, N)
    outer.end_building()
    definition = outer.graph_definition
    (child,) = [n for n in definition.nodes() if isinstance(n, ChildGraphNode)]
    (after,) = [n for n in definition.nodes() if isinstance(n, KernelNode)]
    assert definition.edges() == {(child, after)}
    graph = outer.complete()
    graph.launch(core_stream)  # a += 2
    single = inner_a.complete()
    single.update(inner_b)  # the same topology: now adds to b
    single.launch(core_stream)
    core_stream.sync()
    np.testing.assert_array_equal(read(a, core_stream), np.full(N, 2))
    np.testing.assert_array_equal(read(b, core_stream), np.ones(N))
    for g in (graph, single):
        g.close()
    for gb in (inner_a, inner_b, outer):
        gb.close()
    assert definition.is_valid and len(definition.nodes()) == 2  # a definition taken outlives its builder
