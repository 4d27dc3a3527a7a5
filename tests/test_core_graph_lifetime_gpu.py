"""What graph nodes use outlives the Python objects that made them, on a GPU: a graph cloned with
``driver.cuGraphClone`` (or instantiated) from a definition whose nodes record and wait for an event, launch a
kernel on buffers, or call back into Python, still runs after the definition, the event, the kernel, its
program and the buffers were deleted and collected. CUDA user objects attached to the graph keep them; their
destructor (on a driver thread) hands them back to Python, which lets them go later on its own thread.

Each case runs in a fresh interpreter: a regression crashes the process (the driver touching a destroyed event
or an unloaded module), which fails the case instead of killing the test run."""

import textwrap

import pytest

from conftest import run_python

pytestmark = pytest.mark.gpu

PRELUDE = """
import gc, sys, time
from cudacffi import driver
from cudacffi.core import Device, LaunchConfig, Program, ProgramOptions, _holds
from cudacffi.core.graph import GraphDefinition, _lifetime

dev = Device(0)
dev.set_current()
stream = dev.create_stream()

def ok(result):
    assert result[0] == driver.CUresult.CUDA_SUCCESS, result
    return result[1] if len(result) > 1 else None

def collect():
    for _ in range(3):  # PyPy frees what a finalized object held at a later collection
        gc.collect()

def released(count, timeout=10.0):
    # the driver runs user-object destructors on a thread of its own, some time after the last release
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        _lifetime.drain()
        collect()
        if len(_lifetime._attached) <= count and not _lifetime._released:
            return True
        time.sleep(0.01)
    return False

COPY = r'''
extern "C" __global__ void copy_ints(const int *src, int *dst, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) dst[i] = src[i];
}
'''
"""


def run(body):
    r = run_python(PRELUDE + textwrap.dedent(body) + "\nprint('ok')\n", timeout=300)
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), \
        "exit status %d\n%s%s" % (r.returncode, r.stdout, r.stderr)


def test_a_clone_of_event_nodes_runs_after_the_event_and_the_definition_are_collected():
    run("""
        for round in range(3):
            event = dev.create_event()
            g = GraphDefinition()
            g.record(event).wait(event)
            clone = ok(driver.cuGraphClone(g.handle))
            del event, g
            collect()
            exe = ok(driver.cuGraphInstantiate(clone, 0))
            ok(driver.cuGraphDestroy(clone))
            for _ in range(3):
                ok(driver.cuGraphLaunch(exe, stream.handle))
            stream.sync()
            ok(driver.cuGraphExecDestroy(exe))
        assert released(0), _lifetime._attached
    """)


def test_an_instantiated_graph_runs_after_its_definition_and_event_are_collected():
    run("""
        event = dev.create_event()
        g = GraphDefinition()
        g.record(event).wait(event).record(event)
        graph = g.instantiate()
        del event, g
        collect()
        for _ in range(3):
            graph.launch(stream)
        stream.sync()
        graph.close()
        assert released(0), _lifetime._attached
    """)


def test_a_clone_of_a_kernel_node_runs_after_the_kernel_its_program_and_a_buffer_are_collected():
    run("""
        import numpy as np
        n = 256
        values = np.arange(n, dtype=np.int32)
        src = dev.allocate(4 * n, stream=stream)
        dst = dev.allocate(4 * n, stream=stream)
        src.copy_from(values, stream=stream)
        dst.copy_from(np.zeros(n, dtype=np.int32), stream=stream)
        stream.sync()
        kernel = Program(COPY, "c++", ProgramOptions(arch="sm_" + dev.arch)).compile("cubin").get_kernel("copy_ints")
        g = GraphDefinition()
        g.launch(LaunchConfig(grid=1, block=n), kernel, src, dst, n)
        clone = ok(driver.cuGraphClone(g.handle))
        del kernel, src, g
        collect()
        exe = ok(driver.cuGraphInstantiate(clone, 0))
        ok(driver.cuGraphLaunch(exe, stream.handle))
        stream.sync()
        out = np.empty(n, dtype=np.int32)
        dst.copy_to(out, stream=stream)
        stream.sync()
        assert (out == values).all(), out
        ok(driver.cuGraphExecDestroy(exe))
        ok(driver.cuGraphDestroy(clone))
        assert released(0), _lifetime._attached
        dst.close()
    """)


def test_a_clone_of_a_host_callback_node_calls_the_callable_after_it_is_collected():
    run("""
        seen = []
        g = GraphDefinition()
        g.callback(lambda: seen.append("called"))
        g.callback(seen.append, user_data="with data")
        clone = ok(driver.cuGraphClone(g.handle))
        del g
        collect()
        exe = ok(driver.cuGraphInstantiate(clone, 0))
        ok(driver.cuGraphDestroy(clone))
        for _ in range(2):
            ok(driver.cuGraphLaunch(exe, stream.handle))
        stream.sync()
        assert sorted(seen) == ["called"] * 2 + ["with data"] * 2, seen
        ok(driver.cuGraphExecDestroy(exe))
        assert released(0), _lifetime._attached
    """)


def test_a_captured_callback_runs_after_the_builder_is_closed_and_its_callable_collected():
    run("""
        seen = []
        gb = dev.create_graph_builder().begin_building()
        gb.callback(lambda: seen.append("captured"))
        graph = gb.end_building().complete()
        gb.close()
        collect()
        graph.launch(stream)
        stream.sync()
        assert seen == ["captured"], seen
        graph.close()
        assert released(0), _lifetime._attached
    """)


def test_an_event_closed_while_a_clone_uses_it_stays_until_the_clone_is_done():
    run("""
        event = dev.create_event()
        g = GraphDefinition()
        g.record(event).wait(event)
        clone = ok(driver.cuGraphClone(g.handle))
        event.close()  # the CUDA event lives on: the definition and the clone still use it
        assert event.is_closed and int(event.handle) == 0
        del g
        collect()
        exe = ok(driver.cuGraphInstantiate(clone, 0))
        ok(driver.cuGraphDestroy(clone))
        for _ in range(3):
            ok(driver.cuGraphLaunch(exe, stream.handle))
        stream.sync()
        ok(driver.cuGraphExecDestroy(exe))
        assert released(0), _lifetime._attached
        assert not _holds._holding  # and the deferred cuEventDestroy ran
    """)
