"""cudacffi.core.graph on the CPU: the contract table's rows for the graph module (names, methods vs properties,
parameters); explicit graphs against ``graph_libcuda.c``, a stand-in libcuda that keeps graphs in memory and
runs host nodes at launch (structure, edges, destroyed nodes, child graphs, conditional nodes, instantiation,
updates of definitions and of instantiated graphs); and every argument refused with its name. No GPU needed.

Loading is process-global, so the stand-in cases run in fresh interpreters."""

import ast
import inspect
import os
import re
import textwrap

import pytest

from conftest import build_standin, headers_version, run_python

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")


TABLE = os.path.join("/work/shared/reference/cuda-core-1.2.2", "api.tsv")


# -- the contract table --------------------------------------------------------------------------------------------

def _rows():
    if not os.path.exists(TABLE):
        pytest.skip("the contract table is not on this machine")
    with open(TABLE, encoding="utf-8") as f:
        for line in f:
            module, cls, member, kind, signature = line.rstrip("\n").split("\t")[:5]
            if module == "cuda.core.graph":
                yield cls, member, kind, signature


def _parameters(signature):
    """[(name, kind, has default)] of a signature as the table writes it (reprs of defaults made parseable)."""
    text = re.sub(r"<[^<>]*>", "None", signature.split(" -> ")[0])
    args = ast.parse("def f%s: pass" % text).body[0].args
    out = [(a.arg, "positional", None) for a in args.posonlyargs + args.args]
    if args.vararg:
        out.append((args.vararg.arg, "var", None))
    out += [(a.arg, "keyword", d is not None) for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    return out


def _ours(fn):
    kinds = {inspect.Parameter.VAR_POSITIONAL: "var", inspect.Parameter.KEYWORD_ONLY: "keyword"}
    out = []
    for p in inspect.signature(fn).parameters.values():
        kind = kinds.get(p.kind, "positional")
        out.append((p.name, kind, (p.default is not inspect.Parameter.empty) if kind == "keyword" else None))
    return out


def test_every_row_of_the_graph_module_is_here_with_its_kind_and_parameters():
    from cudacffi.core import graph

    checked = 0
    for cls_name, member, kind, signature in _rows():
        cls = getattr(graph, cls_name, None)
        assert isinstance(cls, type), cls_name
        assert cls_name in graph.__all__, cls_name
        if not member or member.startswith("__") or kind in ("field", "constant"):
            continue
        attr = inspect.getattr_static(cls, member, None)
        assert attr is not None, "%s.%s" % (cls_name, member)
        if kind == "property":
            assert isinstance(attr, property), "%s.%s must be a property" % (cls_name, member)
        elif kind in ("method", "staticmethod"):
            assert callable(getattr(cls, member)) and not isinstance(attr, property), "%s.%s" % (cls_name, member)
            if signature.startswith("("):
                assert _ours(getattr(cls, member)) == _parameters(signature), "%s.%s" % (cls_name, member)
        checked += 1
    assert checked > 400


def test_nothing_is_made_directly_and_the_enums_hold_the_strings():
    from cudacffi.core.graph import (ExecutableKernelNode, GraphCondition, GraphConditionalType, GraphMemoryType,
                                     GraphNode, KernelNode)

    for cls in (GraphNode, KernelNode, GraphCondition, ExecutableKernelNode):
        with pytest.raises(RuntimeError, match="cannot be instantiated directly"):
            cls()
    assert [m.value for m in GraphMemoryType] == ["device", "host", "managed"]
    assert [str(m) for m in GraphConditionalType] == ["if", "while", "switch"]
    assert GraphMemoryType("host") is GraphMemoryType.HOST and GraphMemoryType.DEVICE == "device"


# -- against the stand-in ------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def standin(tmp_path_factory):
    return build_standin(tmp_path_factory, "graph_libcuda.c", "libcuda.so.1", "-pthread")


PRELUDE = """
import sys
import pytest
from cudacffi import driver
from cudacffi.core import CUDAError
from cudacffi.core.graph import *

class Stream:  # any object with __cuda_stream__ is a stream
    def __cuda_stream__(self):
        return (0, 0)

S = Stream()
NOT_A_CONDITION = r"Argument 'condition' has incorrect type \\(expected .*GraphCondition, got "
"""


def run(standin, body, prelude=PRELUDE):
    """``prelude`` and ``body`` in a child interpreter on the stand-in libcuda; it must print ok."""
    r = run_python(prelude + textwrap.dedent(body) + "\nprint('ok')\n", env={"CUDACFFI_LIBDRIVER": standin})
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), r.stdout + r.stderr
    return r


def test_a_diamond_of_host_callbacks_runs_in_dependency_order_on_every_launch(standin):
    run(standin, """
        seen = []
        g = GraphDefinition()
        top = g.callback(lambda: seen.append("top"))
        left = top.join().callback(seen.append, user_data="left")
        right = top.join().callback(lambda: seen.append("right"))
        bottom = g.join(left, right)
        last = bottom.callback(lambda: seen.append("bottom"))
        assert isinstance(top, HostCallbackNode) and isinstance(bottom, EmptyNode)
        assert top.type == driver.CUgraphNodeType.CU_GRAPH_NODE_TYPE_HOST
        assert bottom.type == driver.CUgraphNodeType.CU_GRAPH_NODE_TYPE_EMPTY
        assert top.graph is g and g.is_valid and top.is_valid
        assert len(g.nodes()) == 7 and len(g.edges()) == 7
        assert set(bottom.pred) == {left, right} and set(last.pred) == {bottom} and not top.pred
        assert (bottom, last) in g.edges() and (top, left) not in g.edges()  # left hangs off an empty node
        assert callable(top.callback) and right.callback is not None
        graph = g.instantiate()
        for _ in range(2):
            graph.launch(S)
        assert seen[0] == "top" and seen[3] == "bottom" and set(seen[1:3]) == {"left", "right"}, seen
        assert seen[4:] == seen[:4]
        graph.close()
        with pytest.raises(RuntimeError, match="^Graph has been closed$"):  # as cuda.core 1.2.2
            graph.launch(S)
    """)


def test_nodes_from_the_driver_are_equal_to_those_made_and_know_what_they_know(standin):
    run(standin, """
        g = GraphDefinition()
        fn = lambda: None
        a = g.callback(fn)
        b = a.join()
        (found,) = [n for n in g.nodes() if n == a]
        assert found is a and hash(found) == hash(a)  # one object per node, as under cuda.core
        assert isinstance(found, HostCallbackNode) and found.callback is fn
        assert list(b.pred)[0].callback is fn
        assert a != b and a != "a" and g == g and g != GraphDefinition()
    """)


def test_pred_and_succ_are_sets_that_add_and_remove_edges(standin):
    run(standin, """
        g = GraphDefinition()
        a, b, c, d = (g.empty() for _ in range(4))
        assert not g.edges()
        a.succ.add(b)
        a.succ.add(b)  # already there: nothing to do
        c.pred.update([a], {b})
        assert g.edges() == {(a, b), (a, c), (b, c)}
        assert b in a.succ and c not in a.pred and len(c.pred) == 2
        c.pred.discard(a)
        c.pred.discard(d)  # not there: nothing to do
        assert set(c.pred) == {b}
        d.pred = [a, b, c]
        assert set(d.pred) == {a, b, c}
        d.pred -= {a, b}
        assert set(d.pred) == {c}
        d.pred |= {a}
        assert set(d.pred) == {a, c}
        d.pred.clear()
        a.succ = [d]
        assert set(a.succ) == {d} and g.edges() == {(a, d), (b, c)}
        other = GraphDefinition().empty()
        with pytest.raises(CUDAError):  # the driver refuses an edge between graphs, as under cuda.core
            a.succ.add(other)
        with pytest.raises(TypeError, match="expected GraphNode, got str"):
            a.pred.add("node")
        with pytest.raises(TypeError, match=r"Argument 'value' has incorrect type \(expected .*GraphNode, got str\)"):
            a.pred.discard("node")  # as cuda.core 1.2.2
        assert a.succ | {c} == {c, d} and type(a.succ & {d}) is set  # set operators give plain sets
        with pytest.raises(TypeError, match="GraphNode"):
            a.succ = [d, "node"]
        assert set(a.succ) == {d}  # nothing removed before the refusal
        with pytest.raises(TypeError, match="nodes\\\\[1\\\\] must be a GraphNode"):
            g.join(a, None)
        with pytest.raises(ValueError, match="nodes\\\\[0\\\\] belongs to another"):
            a.join(other)
    """)


def test_a_destroyed_node_is_gone_and_refuses_use(standin):
    run(standin, """
        g = GraphDefinition()
        a = g.empty()
        b = a.join()
        c = b.join()
        b.destroy()
        b.destroy()  # again: nothing
        assert not b.is_valid and b.handle is None and repr(b) == "<EmptyNode handle=0x0>"  # as cuda.core's
        assert g.nodes() == {a, c} and not g.edges() and not c.pred
        for use in (lambda: b.join(), lambda: b.pred, lambda: b.succ, lambda: b.type, lambda: a.join(b),
                    lambda: b.memset(0x1000, 0, 4), lambda: b.embed(GraphDefinition())):
            with pytest.raises(RuntimeError, match="destroyed"):
                use()
        twin = [n for n in GraphDefinition.nodes(g) if n == a][0]
        a.destroy()
        assert not twin.is_valid  # another object of the same node knows
        g.instantiate().launch(S)
    """)


def test_an_embedded_child_is_a_copy_that_runs_inside_the_parent(standin):
    run(standin, """
        seen = []
        child = GraphDefinition()
        child.callback(lambda: seen.append("child"))
        g = GraphDefinition()
        first = g.callback(lambda: seen.append("first"))
        node = first.join().embed(child)
        child.callback(lambda: seen.append("added later"))  # not in the copy
        assert isinstance(node, ChildGraphNode)
        assert node.type == driver.CUgraphNodeType.CU_GRAPH_NODE_TYPE_GRAPH
        inner = node.child_graph
        assert isinstance(inner, GraphDefinition) and inner != child and len(inner.nodes()) == 1
        assert isinstance(next(iter(inner.nodes())), HostCallbackNode)
        g.instantiate().launch(S)
        assert seen == ["first", "child"], seen
        node.destroy()
        assert not inner.is_valid
        with pytest.raises(RuntimeError, match="no longer valid"):
            inner.nodes()
        with pytest.raises(TypeError, match="child must be a GraphDefinition"):
            g.embed(object())
    """)


def test_conditional_nodes_have_their_bodies_condition_and_kind(standin):
    run(standin, """
        if driver.CUDA_VERSION < 12080:
            g = GraphDefinition()
            if driver.CUDA_VERSION < 12030:
                with pytest.raises(RuntimeError, match="12.3\\\\+ headers"):
                    g.create_condition()
            else:
                with pytest.raises(RuntimeError, match="12.8\\\\+ headers"):
                    g.if_else(g.create_condition())
            print("ok")
            sys.exit(0)
        g = GraphDefinition()
        cond = g.create_condition(default_value=3)
        assert isinstance(cond.handle, int) and cond == cond and cond != "cond"  # an int, as cuda.core's
        assert hash(cond) == hash(cond.handle) and cond != g.create_condition()
        assert repr(cond) == "<GraphCondition handle=0x%x>" % cond.handle
        first = g.empty()
        if_node = first.if_then(cond)
        ie = g.if_else(cond)
        loop = ie.while_loop(cond)
        sw = g.switch(cond, 3)
        for node, cls, kind, count in ((if_node, IfNode, "if", 1), (ie, IfElseNode, "if", 2),
                                       (loop, WhileNode, "while", 1), (sw, SwitchNode, "switch", 3)):
            assert type(node) is cls and isinstance(node, ConditionalNode), node
            assert node.cond_type == kind and node.cond_type is GraphConditionalType(kind)
            assert node.condition is cond and len(node.branches) == count
            assert node.type == driver.CUgraphNodeType.CU_GRAPH_NODE_TYPE_CONDITIONAL
            assert all(isinstance(b, GraphDefinition) and b.is_valid for b in node.branches)
        assert if_node.then == if_node.branches[0] and ie.else_ == ie.branches[1] and loop.body == loop.branches[0]
        assert set(if_node.pred) == {first} and set(loop.pred) == {ie}
        body = loop.body
        inside = body.callback(lambda: None)
        assert inside.graph == body and body.nodes() == {inside} and inside not in g.nodes()
        with pytest.raises(ValueError, match="another"):
            inside.join(first)
        assert type([n for n in g.nodes() if n == sw][0]) is SwitchNode
        loop.destroy()
        assert not body.is_valid and not inside.is_valid
        with pytest.raises(RuntimeError, match="no longer valid"):
            body.empty()
    """)


def test_a_condition_passes_to_a_kernel_as_its_handle(standin):
    run(standin, """
        if driver.CUDA_VERSION < 12030:
            print("ok")
            sys.exit(0)
        import ctypes
        from cudacffi import _kernel_params
        from cudacffi.core import Kernel, _kernel_args
        g = GraphDefinition()
        cond = g.create_condition()
        kernel = Kernel._from_kernel(0x1000, None, "set")
        values, types = _kernel_args.prepare_arguments(kernel, (cond,))
        address, keep = _kernel_params.pack_owned((values, types), "test")
        slot = ctypes.c_uint64.from_address(address).value
        assert ctypes.c_uint64.from_address(slot).value == int(cond.handle) == 0x100 + 0
    """)


def test_bad_conditions_and_counts_are_refused_by_name(standin):
    run(standin, """
        class Index:
            def __init__(self, v):
                self.v = v

            def __index__(self):
                return self.v

        g = GraphDefinition()
        n = g.empty()
        for method in (g.if_then, g.if_else, g.while_loop, n.if_then, n.while_loop):
            with pytest.raises(TypeError, match=NOT_A_CONDITION):
                method(1)
        with pytest.raises(TypeError, match=NOT_A_CONDITION):
            g.switch(None, 2)
        if driver.CUDA_VERSION >= 12030:
            cond = g.create_condition()
            for bad, exc in ((0, ValueError), (-1, OverflowError), (1 << 32, OverflowError), ("2", TypeError),
                             (1.5, TypeError)):
                with pytest.raises(exc, match="count"):
                    g.switch(cond, bad)
            assert len(g.switch(cond, Index(2)).branches) == 2  # anything with __index__
        for bad, exc in ((-1, OverflowError), (1 << 32, OverflowError), ("1", TypeError), (1.0, TypeError)):
            with pytest.raises(exc, match="default_value"):
                g.create_condition(bad)
        from cudacffi.core import Device
        from cudacffi.core.graph import MAX_SPLIT
        gb = Device().create_graph_builder().begin_building()
        for bad in (MAX_SPLIT + 1, 2**63):  # refused before any stream is made
            with pytest.raises(ValueError, match="expecting at most %d .*got %d" % (MAX_SPLIT, bad)):
                gb.split(bad)
        with pytest.raises(CUDAError, match="CUDA_ERROR_OUT_OF_MEMORY"):  # the stand-in runs out of streams
            gb.split(MAX_SPLIT)
        gb.end_building()  # the branches made before it joined back, and close as the capture ends
        gb.close()
        gb = Device().create_graph_builder().begin_building()
        assert len(gb.split(200)) == 200  # none of those streams is left behind
    """)


def test_instantiated_graphs_update_host_nodes_and_take_a_modified_definition(standin):
    run(standin, """
        seen = []
        g = GraphDefinition()
        a = g.callback(lambda: seen.append("a"))
        b = a.join().callback(lambda: seen.append("b"))
        graph = g.instantiate()
        view = graph[a]
        assert isinstance(view, ExecutableHostCallbackNode) and isinstance(view, ExecutableGraphNode)
        view.update(seen.append, user_data="A")
        graph.launch(S)
        assert seen == ["A", "b"], seen
        b.update(lambda: seen.append("B"))  # the definition, not the instantiated graph
        assert b.callback is not None
        seen.clear()
        graph.launch(S)
        assert seen == ["A", "b"], seen
        graph.update(g)
        seen.clear()
        graph.launch(S)
        assert seen == ["a", "B"], seen
        g.empty()
        with pytest.raises(CUDAError, match="^Graph update failed: The update failed because the topology changed "
                                            "\\(CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED\\)$") as info:
            graph.update(g)
        assert info.value.result == driver.CUresult.CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE
        with pytest.raises(TypeError, match="expected GraphBuilder or GraphDefinition, got object"):
            graph.update(object())
        with pytest.raises(TypeError, match="GraphNode"):
            graph["a"]
        with pytest.raises(TypeError, match="EmptyNode has no executable view"):
            graph[a.join()]
        graph.close()
        assert int(graph.handle) == 0
        with pytest.raises(CUDAError):  # a closed graph's null handle, refused by the driver
            view.update(lambda: None)
    """)


def test_memset_nodes_keep_their_parameters_and_update(standin):
    run(standin, """
        g = GraphDefinition()
        m = g.memset(0x7000, 0xAB, 100)
        assert (m.dptr, m.value, m.element_size, m.width, m.height, m.pitch) == (0x7000, 0xAB, 1, 100, 1, 0)
        assert m.type == driver.CUgraphNodeType.CU_GRAPH_NODE_TYPE_MEMSET
        wide = m.join().memset(0x8000, (0x01020304).to_bytes(4, sys.byteorder), 16, 4)
        assert (wide.value, wide.element_size, wide.height, wide.pitch) == (0x01020304, 4, 4, 64)
        wide.update(value=7, height=2)
        assert (wide.value, wide.element_size, wide.width, wide.height) == (7, 4, 16, 2)
        m.update(dst=0x9000, width=8)
        assert (m.dptr, m.value, m.width) == (0x9000, 0xAB, 8)
        graph = g.instantiate()
        v = graph[m]
        assert isinstance(v, ExecutableMemsetNode) and v.is_enabled
        v.disable()
        assert not v.is_enabled
        v.enable()
        assert v.is_enabled
    """)


def test_kernel_nodes_pass_their_packed_arguments_and_update(standin):
    run(standin, """
        import ctypes, os
        from cudacffi.core import Buffer, Kernel, LaunchConfig, ParamInfo
        lib = ctypes.CDLL(os.environ["CUDACFFI_LIBDRIVER"])
        lib.standin_kernel_runs.restype = ctypes.c_ulonglong
        def last_args():
            out = (ctypes.c_ulonglong * 2)()
            lib.standin_last_kernel_args(out)
            return list(out)
        kernel = Kernel._from_kernel(0x1000, None, "k")
        kernel._param_info = [ParamInfo(0, 8), ParamInfo(8, 8)]
        buf, other = Buffer.from_handle(0x7000, 64), Buffer.from_handle(0x8000, 64)
        config = LaunchConfig(grid=(2, 3), block=64, shmem_size=128)
        g = GraphDefinition()
        k = g.launch(config, kernel, buf, 42)
        assert isinstance(k, KernelNode) and k.type == driver.CUgraphNodeType.CU_GRAPH_NODE_TYPE_KERNEL
        assert (k.grid, k.block, k.shmem_size) == ((2, 3, 1), (64, 1, 1), 128)
        assert k.kernel is kernel and k.config == config
        graph = g.instantiate()
        graph.launch(S)
        assert lib.standin_kernel_runs() == 1 and last_args() == [0x7000, 42]
        view = graph[k]
        assert isinstance(view, ExecutableKernelNode) and view.is_enabled
        view.update(config=config, kernel=kernel, args=(other, -1))
        graph.launch(S)
        assert lib.standin_kernel_runs() == 2 and last_args() == [0x8000, (1 << 64) - 1]
        view.disable()
        graph.launch(S)
        assert lib.standin_kernel_runs() == 2 and not view.is_enabled
        view.enable()
        k.update(args=(buf, 7))
        k.update(config=LaunchConfig(grid=4, block=32))  # the arguments stay
        assert (k.grid, k.block, k.shmem_size) == ((4, 1, 1), (32, 1, 1), 0)
        graph.update(g)
        graph.launch(S)
        assert lib.standin_kernel_runs() == 3 and last_args() == [0x7000, 7]
        with pytest.raises(ValueError, match="needs its args"):
            k.update(kernel=kernel)
        with pytest.raises(TypeError, match="config must be a LaunchConfig"):
            view.update(config=None, kernel=kernel, args=(buf, 1))
        with pytest.raises(TypeError, match="args must be a tuple or list"):
            view.update(config=config, kernel=kernel, args=buf)
        buf.close()
        with pytest.raises(ValueError, match="closed"):
            g.launch(config, kernel, buf, 1)
        graph.close()
        with pytest.raises(RuntimeError, match="closed"):
            graph[k]
        for use in (lambda: graph.update(g), lambda: view.disable()):
            with pytest.raises(CUDAError):  # the null handle of a closed graph
                use()
    """)


def test_event_nodes_record_and_wait_for_events_they_keep(standin):
    run(standin, """
        from cudacffi.core import Device
        dev = Device()
        first, second = dev.create_event(), dev.create_event()
        g = GraphDefinition()
        rec = g.record(first)
        wait = rec.wait(second)
        assert type(rec) is EventRecordNode and type(wait) is EventWaitNode
        assert rec.event is first and wait.event is second and set(wait.pred) == {rec}
        rec.update(second)
        wait.update(first)
        assert rec.event is second and wait.event is first
        graph = g.instantiate()
        assert isinstance(graph[rec], ExecutableEventRecordNode) and isinstance(graph[wait], ExecutableEventWaitNode)
        graph[rec].update(first)
        graph[wait].update(second)
        with pytest.raises(TypeError, match="event must be an Event"):
            graph[wait].update("second")
        first.close()
        with pytest.raises(RuntimeError, match="closed"):
            g.record(first)
        with pytest.raises(RuntimeError, match="closed"):
            rec.update(first)
    """)


def test_memcpy_nodes_keep_their_operands_and_update(standin):
    run_lifetime(standin, """
        from cudacffi.core import Buffer
        g = GraphDefinition()
        src, dst = Buffer.from_handle(0x7000, 64), Buffer.from_handle(0x8000, 64)
        owner = type("Owner", (), {})()
        copy = g.memcpy(dst, src, 64)
        raw = copy.memcpy(0x9000, 0xA000, 16, dst_owner=owner)
        assert (copy.dst, copy.src, copy.size) == (0x8000, 0x7000, 64)
        assert (raw.dst, raw.src, raw.size) == (0x9000, 0xA000, 16)
        assert copy.type == driver.CUgraphNodeType.CU_GRAPH_NODE_TYPE_MEMCPY
        kept = [weakref.ref(x) for x in (src, dst, owner)]
        del src, dst, owner
        gc.collect()
        assert all(r() is not None for r in kept)  # the definition keeps them
        copy.update(size=32)
        raw.update(src=Buffer.from_handle(0xB000, 16))
        assert (copy.dst, copy.src, copy.size) == (0x8000, 0x7000, 32) and raw.src == 0xB000
        graph = g.instantiate()
        view = graph[raw]
        assert isinstance(view, ExecutableMemcpyNode) and view.is_enabled
        view.update(dst=0x1000, src=0x2000, size=8)
        view.disable()
        assert not view.is_enabled
        with pytest.raises(TypeError, match="src must be a Buffer or an int"):
            view.update(dst=0x1000, src="x", size=8)
        del g, copy, raw, view, graph
        for _ in range(3):  # PyPy frees what a finalized object held at a later collection
            gc.collect()
        settle(0)  # the graphs' user objects released: what they kept goes
        assert all(r() is None for r in kept)  # and let them go with it
    """)


def test_a_child_graph_node_takes_another_child(standin):
    run(standin, """
        seen = []
        first, second = GraphDefinition(), GraphDefinition()
        first.callback(lambda: seen.append("first"))
        second.callback(lambda: seen.append("second"))
        second.callback(lambda: seen.append("second again"))
        g = GraphDefinition()
        node = g.embed(first)
        if driver.CUDA_VERSION < 12020:
            with pytest.raises(RuntimeError, match="ChildGraphNode.update needs CUDA 12.2\\\\+ headers"):
                node.update(second)
            print("ok")
            sys.exit(0)
        node.update(second)
        assert len(node.child_graph.nodes()) == 2
        g.instantiate().launch(S)
        assert sorted(seen) == ["second", "second again"], seen
        with pytest.raises(TypeError, match="child must be a GraphDefinition"):
            node.update(None)
    """)


def test_memory_node_arguments_are_checked_by_name(standin):
    run(standin, """
        from cudacffi.core import Buffer
        g = GraphDefinition()
        buf = Buffer.from_handle(0x7000, 64)
        cases = [
            (lambda: g.memset("x", 0, 4), TypeError, "dst must be a Buffer or an int"),
            (lambda: g.memset(-1, 0, 4), OverflowError, "dst"),
            (lambda: g.memset(buf, 256, 4), OverflowError, "value"),
            (lambda: g.memset(buf, b"abc", 4), ValueError, "value must be 1, 2, or 4 bytes, got 3"),
            (lambda: g.memset(buf, 1.5, 4), TypeError, "a bytes-like object is required, not 'float'"),
            (lambda: g.memset(buf, 0, 4.0), TypeError, "width must be an int"),
            (lambda: g.memset(buf, 0, 0), ValueError, "width"),
            (lambda: g.memset(buf, 0, 4, 0), ValueError, "height"),
            (lambda: g.memset(buf, 0, 8, 2, 4), ValueError, "pitch"),
            (lambda: g.memset(buf, 0, 4, dst_owner=buf), ValueError, "dst_owner"),
            (lambda: g.memcpy(buf, None, 4), TypeError, "src must be"),
            (lambda: g.memcpy(buf, buf, -1), OverflowError, "size"),
            (lambda: g.memcpy(0x1000, buf, 4, src_owner=object()), ValueError, "src_owner"),
            (lambda: g.deallocate(0), ValueError, "dptr"),
            (lambda: g.deallocate("p"), TypeError, "dptr"),
            (lambda: g.allocate(0), ValueError, "size"),
            (lambda: g.allocate(64, memory_type="gpu"), ValueError, "memory_type"),
            (lambda: g.allocate(64, device="0"), TypeError, "device"),
            (lambda: g.allocate(64, peer_access=[None]), TypeError, "peer_access\\\\[0\\\\]"),
            (lambda: g.record(None), TypeError, "event must be an Event"),
            (lambda: g.wait("e"), TypeError, "event must be an Event"),
            (lambda: g.callback(42), TypeError, "fn must be callable"),
        ]
        for call, exc, match in cases:
            with pytest.raises(exc, match=match):
                call()
        assert not g.nodes()  # nothing half-made
        try:
            import numpy as np
        except ImportError:
            np = None
        if np is not None:  # integers through the number protocol, as cuda.core takes them
            node = g.memset(np.uint64(0x9000), np.uint8(7), np.int64(16))
            assert (node.dptr, node.value, node.element_size, node.width) == (0x9000, 7, 1, 16)
            node = g.memset(buf, np.int32(-1), 16)  # a 4-byte buffer: elements of 4 bytes
            assert (node.value, node.element_size) == (0xFFFFFFFF, 4)
        node = g.memset(buf, True, 4)  # a bool is an int, as cuda.core takes it
        assert (node.value, node.element_size) == (1, 1)
    """)


def test_kernel_nodes_refuse_bad_configs_kernels_and_arguments(standin):
    run(standin, """
        from cudacffi.core import Kernel, LaunchConfig, ParamInfo
        g = GraphDefinition()
        kernel = Kernel._from_kernel(0x1000, None, "k")
        kernel._param_info = [ParamInfo(0, 8)]
        config = LaunchConfig(grid=1, block=32)
        with pytest.raises(TypeError, match="config must be a LaunchConfig"):
            g.launch((1, 32), kernel, 0)
        with pytest.raises(TypeError, match="kernel must be a Kernel"):
            g.launch(config, "k", 0)
        with pytest.raises(ValueError, match="clustered and cooperative"):
            g.launch(LaunchConfig(grid=1, block=32, cluster=2), kernel, 0)
        with pytest.raises(ValueError, match="clustered and cooperative"):
            g.launch(LaunchConfig(grid=1, block=32, is_cooperative=True), kernel, 0)
        with pytest.raises(TypeError, match="takes 1 argument, 2 given"):
            g.launch(config, kernel, 0, 1)
    """)


def test_ctypes_host_functions_must_be_declared_as_cuhostfn(standin):
    run(standin, """
        import ctypes
        got = []
        proto = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
        fn = proto(lambda p: got.append(ctypes.string_at(p, 5)))
        g = GraphDefinition()
        node = g.callback(fn, user_data=b"hello")
        assert node.callback is None  # not a Python callable
        g.instantiate().launch(S)
        assert got == [b"hello"], got
        wrong = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)(lambda p: 0)
        with pytest.raises(TypeError, match="CUhostFn"):
            g.callback(wrong)
        with pytest.raises(TypeError, match="user_data"):
            g.callback(fn, user_data=1.5)
    """)


def test_builders_add_conditional_nodes_with_body_builders_and_embed_children(standin):
    run(standin, """
        from cudacffi.core import Device
        dev = Device()
        seen = []
        gb = dev.create_graph_builder().begin_building()
        gb.callback(lambda: seen.append("before"))
        conditional = driver.CUDA_VERSION >= 12030
        if conditional:
            cond = gb.create_condition(default_value=1)
            body = gb.while_loop(cond)
            assert isinstance(body, GraphBuilder) and body is not gb and not body.is_building
            assert body.graph_definition.nodes() == set()  # the body exists before it is built
            body.begin_building()
            assert body.is_building
            body.callback(lambda: seen.append("body"))
            with pytest.raises(RuntimeError, match="while capture is in progress"):
                body.graph_definition
            body.end_building()
            (inside,) = body.graph_definition.nodes()
            assert isinstance(inside, HostCallbackNode)
            with pytest.raises(TypeError, match=NOT_A_CONDITION):
                gb.if_then(1)
            with pytest.raises(TypeError, match="count"):
                gb.switch(cond, "2")
            if driver.CUDA_VERSION >= 12080:
                assert len(gb.switch(cond, 3)) == 3 and len(gb.if_else(cond)) == 2
        child = dev.create_graph_builder().begin_building()
        child.callback(lambda: seen.append("child"))
        child.end_building()
        gb.embed(child)
        gb.callback(lambda: seen.append("after"))
        with pytest.raises(RuntimeError, match="while capture is in progress"):
            gb.graph_definition
        gb.end_building()
        d = gb.graph_definition
        kinds = sorted(type(n).__name__ for n in d.nodes())
        expected = ["ChildGraphNode", "HostCallbackNode", "HostCallbackNode"]
        if conditional:
            expected += ["ConditionalNode"] * (3 if driver.CUDA_VERSION >= 12080 else 1)
        assert kinds == sorted(expected), kinds
        (last,) = [n for n in d.nodes() if not n.succ]
        (embedded,) = last.pred
        assert isinstance(last, HostCallbackNode) and isinstance(embedded, ChildGraphNode)
        assert len(d.edges()) == len(d.nodes()) - 1  # one chain, in capture order
        graph = gb.complete()
        graph.launch(S)
        assert seen == ["before", "child", "after"], seen  # the stand-in runs no conditional bodies
        again = dev.create_graph_builder().begin_building()
        again.callback(lambda: seen.append("new child"))
        again.end_building()
        single = child.complete()
        single.update(again)
        del seen[:]
        single.launch(S)
        assert seen == ["new child"], seen
        unfinished = dev.create_graph_builder()
        with pytest.raises(ValueError, match="Graph has not finished building"):
            single.update(unfinished)
        gb.close()
        assert d.is_valid and len(d.nodes()) == len(expected)  # a definition taken outlives its builder
        if conditional:
            with pytest.raises(RuntimeError, match="graph builder that holds it is gone"):
                body.graph_definition.nodes()
            body.close()
        for b in (child, again, unfinished):
            b.close()
    """)


def test_definitions_print_dot_files_and_builders_refuse_what_they_cannot_do_yet(standin, tmp_path):
    if headers_version() < 12030:
        pytest.skip('graph conditions need a build from CUDA 12.3+ headers')
    run(standin, """
        g = GraphDefinition()
        a = g.empty()
        a.join()
        g.debug_dot_print(%r, GraphDebugPrintOptions(verbose=True))
        text = open(%r).read()
        assert text.startswith("digraph") and "->" in text
        with pytest.raises(TypeError, match="options must be a GraphDebugPrintOptions instance"):
            g.debug_dot_print(%r, {"verbose": True})
        from cudacffi.core import Device
        gb = Device().create_graph_builder()  # not building
        with pytest.raises(RuntimeError, match="unavailable before begin_building\\(\\) on a primary builder"):
            gb.graph_definition
        with pytest.raises(RuntimeError, match="Cannot create a condition when graph is not being built"):
            gb.create_condition()
        for call in (lambda: gb.if_then(None), lambda: gb.while_loop(None)):
            with pytest.raises(TypeError, match=NOT_A_CONDITION):
                call()
        with pytest.raises(ValueError, match="Child graph has not finished building"):
            gb.embed(Device().create_graph_builder())
        with pytest.raises(TypeError, match="expected GraphBuilder, got GraphDefinition"):
            gb.embed(g)
        with pytest.raises(RuntimeError, match="Cannot add callback when graph is not being built"):
            gb.callback(lambda: None)
        with pytest.raises(RuntimeError, match="^Graph builder is not building.$"):
            gb.end_building()
        with pytest.raises(RuntimeError, match="^Graph has not finished building.$"):
            gb.complete()
        with pytest.raises(ValueError, match="Invalid split count: expecting >= 2, got 1"):
            gb.split(1)
        with pytest.raises(RuntimeError, match="must be building before it can be split"):
            gb.split(2)
        with pytest.raises(ValueError, match="^Unsupported build mode: sometimes"):
            gb.begin_building("sometimes")
        with pytest.raises(TypeError, match="All arguments must be GraphBuilder instances"):
            GraphBuilder.join(gb, "gb")
        with pytest.raises(ValueError, match="Must join with at least two graph builders"):
            GraphBuilder.join(gb)
        with pytest.raises(NotImplementedError, match="directly creating a GraphBuilder object can be ambiguous"):
            GraphBuilder()
        with pytest.raises(RuntimeError, match="directly constructing a Graph instance is not supported"):
            Graph()
        real = Device().create_graph_builder().begin_building()
        with pytest.raises(RuntimeError, match="^Graph builder is already building.$"):
            real.begin_building()
        real_left, right = real.split(2)
        assert real_left is real and right.is_join_required and not real.is_join_required and right.is_building
        with pytest.raises(RuntimeError, match="unavailable on forked graph builders"):
            right.graph_definition
        assert GraphBuilder.join(right, real) is real  # the builder not split off another
        assert not real.is_join_required
        for use in (lambda: right.stream, lambda: right.is_building):  # a joined builder is closed
            with pytest.raises(RuntimeError, match="^GraphBuilder has been closed$"):
                use()
        real.end_building()
        with pytest.raises(RuntimeError, match="^Cannot resume building after building has ended.$"):
            real.begin_building()
        real.close()
        for use in (real.complete, lambda: real.begin_building(), lambda: real.__cuda_stream__(),
                    lambda: real.stream, lambda: g.instantiate().update(real)):
            with pytest.raises(RuntimeError, match="^GraphBuilder has been closed$"):
                use()
    """ % (str(tmp_path / "g.dot"), str(tmp_path / "g.dot"), str(tmp_path / "h.dot")))


# -- what nodes use lives as long as a graph using it: CUDA user objects -------------------------------------------

LIFETIME = """
import ctypes, gc, os, time, weakref
from cudacffi import _callbacks
from cudacffi.core import Device
from cudacffi.core.graph import _lifetime
lib = ctypes.CDLL(os.environ["CUDACFFI_LIBDRIVER"])

def settle(live):
    # the stand-in runs destructors on threads of their own, as the driver does: wait for them, and drop what
    # they handed over as a graph call does (which may let go of a definition, whose user objects go next)
    for _ in range(1000):
        _lifetime.drain()
        gc.collect()
        if lib.standin_user_objects_live() == live and not _lifetime._released and not _lifetime._deferred:
            break  # (what finalizers queued is released by the next call too)
        time.sleep(0.005)
    assert lib.standin_user_objects_live() == live, (lib.standin_user_objects_live(), _lifetime._attached)
"""


def run_lifetime(standin, body):
    return run(standin, LIFETIME + textwrap.dedent(body))


def test_a_clone_of_a_definition_keeps_the_event_its_nodes_use_after_both_are_collected(standin):
    # the crash of a clone launched after its definition and event were collected: the clone now holds them
    run_lifetime(standin, """
        ev = Device().create_event()
        g = GraphDefinition()
        g.record(ev).wait(ev)
        assert lib.standin_user_objects_live() == 2
        clone = driver.cuGraphClone(g.handle)[1]
        alive = weakref.ref(ev)
        del ev, g
        settle(2)  # the definition went: the clone's references keep both user objects
        assert alive() is not None and lib.standin_events_live() == 1
        err, exe = driver.cuGraphInstantiate(clone, 0)
        assert err == driver.CUresult.CUDA_SUCCESS
        assert driver.cuGraphDestroy(clone) == (driver.CUresult.CUDA_SUCCESS,)
        settle(2)  # the executable graph holds them now
        assert driver.cuGraphLaunch(exe, 0) == (driver.CUresult.CUDA_SUCCESS,)
        assert driver.cuGraphExecDestroy(exe) == (driver.CUresult.CUDA_SUCCESS,)
        settle(0)
        assert alive() is None and lib.standin_events_live() == 0  # and the event was destroyed on this thread
    """)


def test_what_a_node_uses_lives_with_every_graph_made_from_its_definition(standin):
    run_lifetime(standin, """
        from cudacffi.core import Buffer
        dev = Device()
        a, b = dev.create_event(), dev.create_event()
        src, dst = Buffer.from_handle(0x7000, 64), Buffer.from_handle(0x8000, 64)
        seen = []
        fn = lambda: seen.append(1)
        g = GraphDefinition()
        rec = g.record(a)
        cp = rec.memcpy(dst, src, 64)
        cb = cp.callback(fn)
        armed = len(_callbacks._armed)
        graph = g.instantiate()
        refs = [weakref.ref(x) for x in (a, src, dst, fn)]
        del src, dst, fn
        rec.update(b)  # the definition lets go of a; the instantiated graph keeps it
        cp.update(size=32)  # the Buffers are still used: kept
        settle(5)  # the definition's three, and the two old versions the instantiated graph holds
        assert all(r() is not None for r in refs)
        graph.launch(S)
        assert seen == [1]
        graph.close()
        del a
        settle(3)  # the definition's three
        assert refs[0]() is None and all(r() is not None for r in refs[1:])
        cb.update(lambda: None)  # the callable's record is disarmed once nothing uses it
        settle(3)
        assert refs[3]() is None and len(_callbacks._armed) == armed
        cp.destroy()
        settle(2)
        assert refs[1]() is None and refs[2]() is None
        del g, rec, cp, cb
        settle(0)
        assert lib.standin_events_live() == 1  # b: still ours
    """)


def test_updates_of_instantiated_graphs_and_child_graphs_carry_the_references(standin):
    if headers_version() < 12020:
        pytest.skip('ChildGraphNode.update needs a build from CUDA 12.2+ headers')
    run_lifetime(standin, """
        dev = Device()
        a, b = dev.create_event(), dev.create_event()
        child, other = GraphDefinition(), GraphDefinition()
        child.record(a)
        other.record(b)
        g = GraphDefinition()
        node = g.embed(child)
        exe = g.instantiate()
        alive = weakref.ref(a)
        del child, a
        settle(3)  # child's event (the node's copy and the instantiated graph hold it too), other's, child itself
        assert alive() is not None
        node.update(other)
        g2 = GraphDefinition()
        g2.embed(other)
        exe.update(g2)  # the executable graph takes g2's references and lets go of g's
        del g, node, g2
        settle(2)  # other's (exe holds a copy too) and g2's child, which exe holds
        assert alive() is None
        exe.launch(S)
        exe.close()
        del other
        settle(0)
    """)


def test_a_node_the_driver_refuses_leaves_no_user_object_and_capture_callbacks_are_attached(standin):
    run_lifetime(standin, """
        dev = Device()
        g = GraphDefinition()
        with pytest.raises(CUDAError):
            g.embed(g)  # refused by the driver after its user object was made
        settle(0)
        seen = []
        gb = dev.create_graph_builder().begin_building()
        fn = lambda: seen.append("cb")
        gb.callback(fn)
        gb.end_building()
        graph = gb.complete()
        alive = weakref.ref(fn)
        del fn
        gb.close()
        settle(1)
        graph.launch(S)
        assert seen == ["cb"] and alive() is not None
        graph.close()
        settle(0)
        assert alive() is None
    """)


def test_an_event_closed_while_a_graph_uses_it_is_destroyed_once_no_graph_does(standin):
    run_lifetime(standin, """
        ev = Device().create_event()
        g = GraphDefinition()
        g.record(ev)
        exe = g.instantiate()
        ev.close()  # the definition and the instantiated graph still use it: the CUDA event stays
        assert ev.is_closed and int(ev.handle) == 0 and lib.standin_events_live() == 1
        exe.launch(S)
        del g
        settle(1)
        assert lib.standin_events_live() == 1
        exe.close()
        settle(0)
        assert lib.standin_events_live() == 0  # destroyed with the last user object keeping it
        unused = Device().create_event()
        unused.close()  # no graph uses it: destroyed at once
        assert lib.standin_events_live() == 0
    """)


def test_finalizers_on_a_thread_python_did_not_start_leave_their_cuda_calls_to_a_python_thread(standin):
    # a driver thread running a callback may collect graphs (PyPy's collector, CPython's cyclic one): CUDA must
    # not be called there, so the destroys wait for the next graph call on a Python thread
    run_lifetime(standin, """
        import _thread, threading
        ev = Device().create_event()
        g = GraphDefinition()
        g.record(ev)
        box = [g, g.instantiate()]
        del g
        assert lib.standin_user_objects_live() == 1
        done, seen = threading.Event(), []

        def drop():  # a thread the threading module did not start, as the driver's are
            seen.append(_lifetime._on_foreign_thread())
            box.clear()
            gc.collect()
            _lifetime.drain()  # does nothing there
            done.set()

        _thread.start_new_thread(drop, ())
        assert done.wait(10) and seen == [True] and not _lifetime._on_foreign_thread()
        if sys.implementation.name == "cpython":  # (collected at once there)
            assert len(_lifetime._deferred) == 2 and lib.standin_user_objects_live() == 1
        settle(0)  # the next drain, on this thread, destroys the graph and the definition
        assert not _lifetime._deferred and lib.standin_events_live() == 1
    """)


def test_what_an_instantiated_graphs_node_updates_use_goes_once_the_launches_using_it_ran(standin):
    # kept by the Graph, not by a user object: replaced or closed, it waits for an event recorded after the launches
    run_lifetime(standin, """
        seen = []
        g = GraphDefinition()
        a = g.callback(lambda: None)
        graph = g.instantiate()
        armed, events = len(_callbacks._armed), lib.standin_events_live()
        first, second = (lambda: seen.append(1)), (lambda: seen.append(2))
        refs = [weakref.ref(first), weakref.ref(second)]
        graph[a].update(first)
        graph.launch(S)
        graph[a].update(second)  # the first goes once the launch before ran
        graph.launch(S)
        del first, second
        _lifetime.drain()
        gc.collect()
        assert seen == [1, 2] and refs[0]() is None and refs[1]() is not None
        assert len(_callbacks._armed) == armed + 1  # the first's callback record is disarmed
        graph.close()
        _lifetime.drain()
        gc.collect()
        assert refs[1]() is None and len(_callbacks._armed) == armed and not _lifetime._retired
        assert lib.standin_events_live() == events  # the events that said so are destroyed
        unlaunched = g.instantiate()
        unlaunched[a].update(lambda: None)
        unlaunched.close()  # never launched: let go of at once
        assert len(_callbacks._armed) == armed and not _lifetime._retired

        class Gone:  # a stream closed after the launch: no event can follow its work, so the objects stay
            is_closed = False

            def __cuda_stream__(self):
                return (0, 0)

        other, gone = g.instantiate(), Gone()
        other[a].update(lambda: None)
        other.launch(gone)
        gone.is_closed = True
        other.close()
        assert len(_lifetime._kept) == 1 and len(_callbacks._armed) == armed + 1
    """)
