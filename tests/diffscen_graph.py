"""Differential scenarios: graphs (see diffharness.py): GraphDefinition and its nodes (reprs, equality, edges
through the nodes' pred/succ sets, destroy), conditional nodes built explicitly and by capture, GraphBuilder's
life (begin, split, join, end, close) and its refusals, Graph.update from a definition or a builder, what graph
nodes use outliving the Python objects (clones, instantiated graphs), and GraphMemoryResource in a capture.

Values are made comparable: reprs (addresses normalized), ints, bools, type names, and ``_try`` outcomes
(the result, or the exception's class name and message). Where only the type of an error can agree (the
driver's CUDAError, whose text differs between the packages), ``_kind`` gives the class name alone.
"""

import gc

from diffharness import driver_of, scenario, submodule

COPY = r"""
extern "C" __global__ void add_one(int *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] += 1;
}
extern "C" __global__ void copy_ints(const int *src, int *dst, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) dst[i] = src[i];
}
"""

N = 64


def _try(fn):
    """What ``fn()`` gave, or the exception's class name and message."""
    try:
        return ["ok", fn()]
    except Exception as e:  # noqa: BLE001 - the outcome is the exception
        return [type(e).__name__, str(e)]


def _kind(fn):
    """What ``fn()`` gave, or the exception's class name only."""
    try:
        return ["ok", fn()]
    except Exception as e:  # noqa: BLE001
        return [type(e).__name__]


def _dev(core):
    dev = core.Device(0)
    dev.set_current()
    return dev


def _kernels(core, dev):
    prog = core.Program(COPY, code_type="c++", options=core.ProgramOptions(arch="sm_" + dev.arch))
    mod = prog.compile("cubin")
    return mod.get_kernel("add_one"), mod.get_kernel("copy_ints")


def _ints(core, dev, stream, values):
    """A device Buffer holding ``values`` (int32), copied from host memory through a Buffer over it (cuda.core's
    copies take Buffers only)."""
    import numpy as np

    host = np.ascontiguousarray(values, dtype=np.int32)
    buf = dev.allocate(host.nbytes, stream=stream)
    buf.copy_from(core.Buffer.from_handle(host.ctypes.data, host.nbytes), stream=stream)
    stream.sync()
    return buf


def _read(core, buf, stream):
    """What the int32 device Buffer ``buf`` holds, as a list."""
    import numpy as np

    out = np.empty(buf.size // 4, dtype=np.int32)
    buf.copy_to(core.Buffer.from_handle(out.ctypes.data, out.nbytes), stream=stream)
    stream.sync()
    return [int(v) for v in out]


def _named_callback():
    pass


class _Builders:
    """The graph builders a scenario makes (``new(dev)``, ``add(...)``), all closed when it ends however it ends:
    a builder left capturing would refuse the process's later synchronizations (under PyPy, nothing collects it
    at once)."""

    def __init__(self):
        self.made = []

    def new(self, dev):
        gb = dev.create_graph_builder()
        self.made.append(gb)
        return gb

    def add(self, *builders):
        self.made.extend(builders)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        for gb in reversed(self.made):  # bodies and branches before the builder that made them
            try:
                gb.close()
            except Exception:  # noqa: BLE001 - closing what is left, whatever state it is in
                pass


# -- no GPU needed ---------------------------------------------------------------------------------------------

@scenario(gpu=False)
def graph_objects_refuse_direct_construction(core):
    g = submodule(core, "graph")
    return [_try(g.GraphBuilder), _try(g.Graph)]


@scenario(gpu=False)
def graph_options_are_dataclasses(core):
    g = submodule(core, "graph")
    complete = g.GraphCompleteOptions(auto_free_on_launch=True)
    dot = g.GraphDebugPrintOptions(verbose=True, handles=True)
    return [repr(g.GraphCompleteOptions()), repr(complete), complete == g.GraphCompleteOptions(True),
            repr(dot), dot == g.GraphDebugPrintOptions(verbose=True, handles=True)]


@scenario(gpu=False)
def graph_memory_and_conditional_types(core):
    t = submodule(core, "typing")
    return [[str(m) for m in t.GraphMemoryType], [str(m) for m in t.GraphConditionalType],
            t.GraphMemoryType("host") is t.GraphMemoryType.HOST, t.GraphConditionalType.SWITCH == "switch"]


# -- definitions and nodes ---------------------------------------------------------------------------------------

@scenario(gpu=True)
def node_reprs(core):
    g = submodule(core, "graph")
    dev = _dev(core)
    stream = dev.create_stream()
    add_one, copy_ints = _kernels(core, dev)
    src, dst = _ints(core, dev, stream, range(N)), _ints(core, dev, stream, [0] * N)
    event = dev.create_event()
    child = g.GraphDefinition()
    child.empty()
    d = g.GraphDefinition()
    empty = d.empty()
    kernel = empty.launch(core.LaunchConfig(grid=1, block=N), copy_ints, src, dst, N)
    memset = kernel.memset(dst, 7, 4 * N)
    memcpy = memset.memcpy(dst, src, 4 * N)
    record = memcpy.record(event)
    wait = record.wait(event)
    host = wait.callback(_named_callback)
    embedded = host.embed(child)
    alloc = d.allocate(256)
    free = alloc.deallocate(alloc.dptr)
    out = [repr(n) for n in (d, empty, kernel, memset, memcpy, record, wait, host, embedded, alloc, free)]
    out.append([type(n).__name__ for n in (empty, kernel, memset, memcpy, record, wait, host, embedded, alloc, free)])
    out.append(sorted(type(n).__name__ for n in d.nodes()))
    out.append(len(d.edges()))
    out.append([memset.value, memset.element_size, memset.width, memset.height, memcpy.size, alloc.bytesize,
                alloc.memory_type, kernel.grid, kernel.block, kernel.shmem_size, free.dptr == alloc.dptr,
                memcpy.dst == int(dst.handle), memset.dptr == int(dst.handle)])
    del d, empty, kernel, memset, memcpy, record, wait, host, embedded, alloc, free, child
    gc.collect()
    for b in (src, dst):
        b.close()
    event.close()
    stream.close()
    return out


@scenario(gpu=True)
def nodes_compare_by_node_and_graph(core):
    g = submodule(core, "graph")
    _dev(core)
    d, other = g.GraphDefinition(), g.GraphDefinition()
    a = d.empty()
    b = a.join()
    found = [n for n in d.nodes() if n == a]
    return [len(found), hash(found[0]) == hash(a), a == b, a == "a", a != other.empty(), d == d, d == other,
            d == "d", hash(d) == hash(d), found[0].graph == d, b.graph == d,
            a.type == driver_of(core).CUgraphNodeType.CU_GRAPH_NODE_TYPE_EMPTY, a.is_valid, found[0] is a,
            list(b.pred)[0] is a, list(a.succ)[0] is b, [e for e in d.edges()][0][1] is b]


@scenario(gpu=True)
def node_edges_as_sets(core):
    g = submodule(core, "graph")
    _dev(core)
    d = g.GraphDefinition()
    a, b, c, e = (d.empty() for _ in range(4))
    out = []

    def names(nodes):
        return "".join(sorted("abce"[[a, b, c, e].index(n)] for n in nodes))

    a.succ.add(b)
    a.succ.add(b)
    c.pred.update([a], {b})
    out.append([names(c.pred), len(d.edges()), b in a.succ, c in a.pred, len(c.pred)])
    c.pred.discard(a)
    c.pred.discard("x")
    e.pred = [a, b, c]
    out.append([names(c.pred), names(e.pred)])
    e.pred -= {a, b}
    out.append(names(e.pred))
    e.pred |= {a}
    out.append(names(e.pred))
    e.pred.clear()
    a.succ = [e]
    out.append([names(a.succ), len(d.edges()), type(a.succ | {c}).__name__, names(a.succ | {c}),
                names(a.succ & {e, b}), repr(e.pred)])
    out.append(_try(lambda: a.succ.add("node")))
    out.append(_try(lambda: a.pred.update(["node"])))
    out.append(_kind(lambda: a.succ.add(g.GraphDefinition().empty())))
    out.append([type(a.pred).__name__, "x" in a.pred, len(a.pred)])
    return out


@scenario(gpu=True)
def destroyed_nodes(core):
    g = submodule(core, "graph")
    _dev(core)
    d = g.GraphDefinition()
    a = d.empty()
    b = a.join()
    c = b.join()
    b.destroy()
    b.destroy()
    return [b.is_valid, b.handle is None, repr(b), len(d.nodes()), len(d.edges()), len(c.pred), a.is_valid]


@scenario(gpu=True)
def conditions_and_conditional_nodes(core):
    g = submodule(core, "graph")
    _dev(core)
    d = g.GraphDefinition()
    # one condition per conditional node: the driver refuses a second node on a condition (CUDA_ERROR_INVALID_VALUE)
    conds = [d.create_condition(default_value=1), d.create_condition(), d.create_condition(0), d.create_condition()]
    cond, other = conds[0], conds[1]
    start = d.empty()
    nodes = [start.if_then(conds[0]), d.if_else(conds[1]), d.while_loop(conds[2]), d.switch(conds[3], 3)]
    out = [repr(cond), type(cond.handle).__name__, hash(cond) == hash(cond.handle), cond == cond, cond == other,
           cond == 5]
    for n, c in zip(nodes, conds):
        out.append([type(n).__name__, repr(n), str(n.cond_type), n.condition == c, n.condition == cond,
                    len(n.branches), [type(b).__name__ for b in n.branches], isinstance(n, g.ConditionalNode)])
    body = nodes[2].body
    inside = body.empty()
    out.append([inside.graph == body, len(body.nodes()), nodes[0].then == nodes[0].branches[0],
                nodes[1].else_ == nodes[1].branches[1], len(d.nodes())])
    out.append(_try(lambda: d.if_then(None)))
    out.append(_kind(lambda: start.while_loop("cond")))  # (cuda.core's typed argument: Cython's message)
    return out


@scenario(gpu=True)
def node_arguments_by_the_number_protocol(core):
    import numpy as np

    g = submodule(core, "graph")
    dev = _dev(core)
    stream = dev.create_stream()
    buf = _ints(core, dev, stream, [0] * N)
    d = g.GraphDefinition()
    nodes = [d.memset(buf, np.uint8(7), np.int64(4 * N)), d.memset(buf, np.int32(-1), N), d.memset(buf, True, 4 * N),
             d.memset(int(buf.handle), b"\x01\x02", 2 * N), d.memcpy(buf, buf, np.uint32(8))]
    out = [[n.value, n.element_size, n.width] for n in nodes[:4]] + [nodes[4].size]
    out += [_try(lambda: d.memset(buf, b"abc", 4)), _try(lambda: d.memset(buf, 1.5, 4)),
            _kind(lambda: d.memset(buf, 256, 4)), _kind(lambda: d.memset(buf, 0, -1)),
            _kind(lambda: d.memcpy(buf, buf, -1)),
            _kind(lambda: d.memcpy(buf, buf, "8")), _kind(lambda: d.memset(-1, 0, 4)),
            _try(lambda: d.memset(buf, 0, 4, dst_owner=object())),
            _kind(lambda: d.create_condition(-1)), _kind(lambda: d.switch(d.create_condition(), -1)),
            len(d.switch(d.create_condition(), np.uint32(2)).branches)]
    d = nodes = None  # (the lambdas above hold d's cell: the definition goes with them)
    gc.collect()
    buf.close()
    stream.close()
    return out


@scenario(gpu=True, refuses="a float width (TypeError naming it); cuda.core truncates 4.5 to 4")
def memset_float_width(core):
    dev = _dev(core)
    stream = dev.create_stream()
    buf = _ints(core, dev, stream, [0] * N)
    try:
        return repr(submodule(core, "graph").GraphDefinition().memset(buf, 0, 4.5))
    finally:
        buf.close()
        stream.close()


@scenario(gpu=True)
def definition_debug_print_options(core, tmp="/tmp/cudacffi_diffscen_graph.dot"):
    g = submodule(core, "graph")
    _dev(core)
    d = g.GraphDefinition()
    d.empty().join()
    d.debug_dot_print(tmp, g.GraphDebugPrintOptions(verbose=True))
    with open(tmp) as f:
        text = f.read()
    return [text.startswith("digraph"), _try(lambda: d.debug_dot_print(tmp, {"verbose": True}))]


# -- instantiated graphs and updates -----------------------------------------------------------------------------

@scenario(gpu=True)
def explicit_graph_runs_and_updates(core):
    g = submodule(core, "graph")
    dev = _dev(core)
    stream = dev.create_stream()
    add_one, copy_ints = _kernels(core, dev)
    cfg = core.LaunchConfig(grid=1, block=N)
    x, y = _ints(core, dev, stream, range(N)), _ints(core, dev, stream, [0] * N)
    d = g.GraphDefinition()
    d.launch(cfg, copy_ints, x, y, N).launch(cfg, add_one, y, N)
    graph = d.instantiate()
    graph.upload(stream)
    graph.launch(stream)
    stream.sync()
    first = _read(core, y, stream)[:4]
    d2 = g.GraphDefinition()
    d2.launch(cfg, copy_ints, y, x, N).launch(cfg, add_one, x, N)
    graph.update(d2)
    graph.launch(stream)
    stream.sync()
    second = _read(core, x, stream)[:4]
    d3 = g.GraphDefinition()
    d3.empty()
    failed = _try(lambda: graph.update(d3))
    out = [first, second, failed, _try(lambda: graph.update(object())), type(graph.handle).__name__]
    graph.close()
    out += [int(graph.handle), _kind(lambda: graph.launch(stream))]
    for b in (x, y):
        b.close()
    stream.close()
    return out


@scenario(gpu=True)
def graph_update_from_builders(core):
    """What NVIDIA's graph_update example does, on device memory."""
    dev = _dev(core)
    with _Builders() as made:
        stream = dev.create_stream()
        add_one, _ = _kernels(core, dev)
        x = _ints(core, dev, stream, [0] * N)
        y = _ints(core, dev, stream, [0] * N)

        def capture(buf):
            builder = made.new(dev).begin_building()
            core.launch(builder, core.LaunchConfig(grid=1, block=N), add_one, buf, N)
            core.launch(builder, core.LaunchConfig(grid=1, block=N), add_one, buf, N)
            return builder.end_building()

        first, second = capture(x), capture(y)
        graph = first.complete()
        graph.upload(stream)
        graph.launch(stream)
        stream.sync()
        out = [_read(core, x, stream)[:2], _read(core, y, stream)[:2]]
        graph.update(second)
        graph.upload(stream)
        graph.launch(stream)
        stream.sync()
        out += [_read(core, x, stream)[:2], _read(core, y, stream)[:2]]
        unfinished = made.new(dev)
        out.append(_try(lambda: graph.update(unfinished)))
        second.close()
        out.append(_try(lambda: graph.update(second)))
        for obj in (graph, first, unfinished, x, y, stream):
            obj.close()
    return out


# -- graph builders ----------------------------------------------------------------------------------------------

@scenario(gpu=True, differs="the default object repr names the class's module: CORE.graph._graph_builder there, "
                            "CORE.graph here")
def builder_and_graph_reprs(core):
    dev = _dev(core)
    with _Builders() as made:
        gb = made.new(dev).begin_building()
        gb.end_building()
        graph = gb.complete()
        out = [repr(gb).split(" object at ")[0].rsplit(".", 1)[-1],
               repr(graph).split(" object at ")[0].rsplit(".", 1)[-1], repr(gb), repr(graph)]
        graph.close()
        gb.close()
    return out


@scenario(gpu=True)
def builder_life_and_refusals(core):
    g = submodule(core, "graph")
    dev = _dev(core)
    with _Builders() as made:
        gb, unfinished = made.new(dev), made.new(dev)
        out = [_try(lambda: gb.graph_definition), _try(gb.create_condition), _try(lambda: gb.callback(_named_callback)),
               _try(gb.end_building), _try(gb.complete), _try(lambda: gb.split(1)), _try(lambda: gb.split(2)),
               _try(lambda: gb.begin_building("sometimes")), _try(lambda: g.GraphBuilder.join(gb)),
               _try(lambda: g.GraphBuilder.join(gb, "gb")), _try(lambda: gb.embed(unfinished)),
               _try(lambda: gb.if_then(None)), gb.is_building, gb.is_join_required]
        gb.begin_building()
        out += [gb.is_building, _try(gb.begin_building), _try(lambda: gb.graph_definition)]
        left, right = gb.split(2)
        out += [left is gb, right.is_join_required, right.is_building, _try(lambda: right.graph_definition)]
        joined = g.GraphBuilder.join(right, left)
        out += [joined is gb, right.stream is None, _try(lambda: right.is_building), _try(right.__cuda_stream__)]
        gb.end_building()
        out += [gb.is_building, _try(gb.begin_building), type(gb.graph_definition).__name__,
                _try(lambda: gb.embed(gb))]
        graph = gb.complete()
        graph.close()
        gb.close()
        out += [gb.stream is None, _try(gb.complete), _try(lambda: gb.is_building), _try(gb.close)]
        unfinished.close()
    return out


@scenario(gpu=True)
def builder_conditionals(core):
    g = submodule(core, "graph")
    dev = _dev(core)
    stream = dev.create_stream()
    add_one, _ = _kernels(core, dev)
    counts = [_ints(core, dev, stream, [0]) for _ in range(7)]  # one per body: each body adds one to its own
    with _Builders() as made:
        gb = made.new(dev).begin_building()
        # one condition per conditional node (the driver refuses a second node on a condition)
        conds = [gb.create_condition(default_value=0) for _ in range(4)]
        then = gb.if_then(conds[0])
        both = gb.if_else(conds[1])
        cases = gb.switch(conds[2], 3)
        body = gb.while_loop(conds[3])
        bodies = (then,) + both + cases + (body,)
        made.add(*bodies)
        out = [repr(conds[0]), type(then).__name__, type(both).__name__, len(both), len(cases), type(body).__name__,
               then.is_building, then.is_join_required, type(then.graph_definition).__name__,
               _try(lambda: gb.if_then(None)), _kind(lambda: gb.if_then(5)), _kind(lambda: gb.switch("cond", 2))]
        for b, count in zip(bodies, counts):  # (kernels: a body graph may not hold host nodes)
            b.begin_building()
            core.launch(b, core.LaunchConfig(grid=1, block=1), add_one, count, 1)
            b.end_building()
        gb.callback(_named_callback)
        gb.end_building()
        d = gb.graph_definition
        out.append(sorted(isinstance(n, g.ConditionalNode) for n in d.nodes()))  # (their subclass: the driver's)
        graph = gb.complete()
        graph.launch(stream)
        stream.sync()
        out.append([_read(core, count, stream)[0] for count in counts])  # conditions 0: else, and case 0 ran
        for b in (graph,) + bodies + (gb,) + tuple(counts) + (stream,):
            b.close()
        out.append(_try(lambda: gb.if_then(conds[0])))
    return out


# -- lifetime: what nodes use outlives the Python objects ----------------------------------------------------------

@scenario(gpu=True)
def clone_runs_after_its_event_and_definition_are_collected(core):
    g = submodule(core, "graph")
    drv = driver_of(core)
    dev = _dev(core)
    stream = dev.create_stream()
    event = dev.create_event()
    d = g.GraphDefinition()
    d.record(event).wait(event)
    err, clone = drv.cuGraphClone(d.handle)
    del event, d
    gc.collect()
    err2, exe = drv.cuGraphInstantiate(clone, 0)
    results = [drv.cuGraphLaunch(exe, stream.handle)[0] for _ in range(3)]
    stream.sync()
    out = [err == drv.CUresult.CUDA_SUCCESS, err2 == drv.CUresult.CUDA_SUCCESS,
           [r == drv.CUresult.CUDA_SUCCESS for r in results]]
    drv.cuGraphExecDestroy(exe)
    drv.cuGraphDestroy(clone)
    stream.close()
    return out


@scenario(gpu=True)
def instantiated_graph_runs_after_its_kernel_buffers_and_definition_are_collected(core):
    g = submodule(core, "graph")
    dev = _dev(core)
    stream = dev.create_stream()
    _, copy_ints = _kernels(core, dev)
    src, dst = _ints(core, dev, stream, range(N)), _ints(core, dev, stream, [0] * N)
    seen = []
    d = g.GraphDefinition()
    d.launch(core.LaunchConfig(grid=1, block=N), copy_ints, src, dst, N).callback(lambda: seen.append(1))
    graph = d.instantiate()
    del copy_ints, src, d
    gc.collect()
    graph.launch(stream)
    graph.launch(stream)
    stream.sync()
    out = [_read(core, dst, stream)[:4], seen]
    graph.close()
    dst.close()
    stream.close()
    return out


# -- graph memory ------------------------------------------------------------------------------------------------

@scenario(gpu=True)
def graph_memory_resource_in_capture(core):
    dev = _dev(core)
    with _Builders() as made:
        stream = dev.create_stream()
        add_one, _ = _kernels(core, dev)
        gmr = core.GraphMemoryResource(dev)
        out = [gmr is core.GraphMemoryResource(dev.device_id), gmr.device_id, gmr.is_device_accessible,
               gmr.is_host_accessible, _try(lambda: gmr.allocate(64, stream=stream)),
               _try(lambda: gmr.allocate(64, stream=None))]
        result = dev.allocate(4 * N, stream=stream)
        for mode in ("global", "thread_local", "relaxed"):
            result.fill(0, stream=stream)
            stream.sync()
            gb = made.new(dev).begin_building(mode)
            work = gmr.allocate(4 * N, stream=gb)
            work.fill(3, stream=gb)
            core.launch(gb, core.LaunchConfig(grid=1, block=N), add_one, work, N)
            result.copy_from(work, stream=gb)
            work.close()
            graph = gb.end_building().complete()
            graph.upload(stream)
            graph.launch(stream)
            stream.sync()
            out.append([mode, _read(core, result, stream)[:2], work.size])
            graph.close()
            gb.close()
        result.close()
        stream.close()
    return out


@scenario(gpu=True)
def graph_memory_outlives_its_graph_launch(core):
    dev = _dev(core)
    with _Builders() as made:
        stream = dev.create_stream()
        gmr = core.GraphMemoryResource(dev)
        gb = made.new(dev).begin_building("relaxed")
        bufs = [gmr.allocate(1024, stream=gb) for _ in range(2)]
        graph = gb.end_building().complete()
        graph.upload(stream)
        graph.launch(stream)
        stream.sync()
        attrs = gmr.attributes
        out = [attrs.used_mem_current > 0, attrs.reserved_mem_high > 0, type(attrs).__name__,
               _try(lambda: setattr(attrs, "used_mem_high", 1)), _kind(lambda: setattr(attrs, "used_mem_current", 0)),
               _try(lambda: setattr(attrs, "reserved_mem_high", 0)), repr(attrs).split("(")[0]]
        for b in bufs:
            b.close(stream=stream)
        stream.sync()
        gmr.trim()
        graph.close()
        gb.close()
        stream.close()
    return out


@scenario(gpu=True)
def graph_memory_output_with_auto_free(core):
    g = submodule(core, "graph")
    dev = _dev(core)
    with _Builders() as made:
        stream = dev.create_stream()
        add_one, copy_ints = _kernels(core, dev)
        gmr = core.GraphMemoryResource(dev)
        src = _ints(core, dev, stream, [5] * N)
        gb = made.new(dev).begin_building("global")
        out_buf = gmr.allocate(4 * N, stream=gb)
        out_buf.copy_from(src, stream=gb)
        core.launch(gb, core.LaunchConfig(grid=1, block=N), add_one, out_buf, N)
        graph = gb.end_building().complete(g.GraphCompleteOptions(auto_free_on_launch=True))
        graph.upload(stream)
        graph.launch(stream)
        stream.sync()
        first = _read(core, out_buf, stream)[:2]
        graph.launch(stream)
        stream.sync()
        out = [first, _read(core, out_buf, stream)[:2]]
        out_buf.close(stream=stream)
        stream.sync()
        graph.close()
        gb.close()
        src.close()
        stream.close()
    return out
