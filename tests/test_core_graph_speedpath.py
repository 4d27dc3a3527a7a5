"""GraphBuilder's short path for a capture, against the stand-in libcuda ``graph_libcuda.c``: who destroys the
captured graph (the builder at close, unless a GraphDefinition was taken of it: then the definition), what a
finalizer does (only queue), the checks of the state and of the capture's status, and the streams of the builders
split off and joined back. No GPU needed; each case runs in a fresh interpreter (loading is process-global)."""

import pytest

from conftest import build_standin, headers_version
from test_core_graph import run as graph_run

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")


@pytest.fixture(scope="module")
def standin(tmp_path_factory):
    return build_standin(tmp_path_factory, "graph_libcuda.c", "libcuda.so.1", "-pthread")


PRELUDE = """
import ctypes, gc, os, sys
import pytest
from cudacffi import driver
from cudacffi.core import CUDAError, Device, _release
from cudacffi.core.graph import *

lib = ctypes.CDLL(os.environ["CUDACFFI_LIBDRIVER"])


class S:  # any object with __cuda_stream__ is a stream
    def __cuda_stream__(self):
        return (0, 0)


dev = Device()
stream = dev.create_stream()
GRAPHS = lib.standin_graphs_live()


def graphs():
    return lib.standin_graphs_live() - GRAPHS


def drain():  # what the next call that reaches the driver does first
    dev.create_stream().close()
    assert _release.pending() == 0
"""


def run(standin, body):
    return graph_run(standin, body, PRELUDE)


def test_an_empty_capture_destroys_its_graph_at_close_and_queues_nothing(standin):
    run(standin, """
        for mode in ("relaxed", "global", "thread_local", "relaxed"):
            gb = stream.create_graph_builder()
            assert gb.begin_building(mode) is gb and gb.is_building and graphs() == 1
            assert gb.end_building() is gb and not gb.is_building and graphs() == 1
            gb.close()
            assert graphs() == 0 and _release.pending() == 0 and gb.is_closed
            gb.close()  # again: nothing
            assert gb._forks == ()  # no list made for a builder nobody joined
        with stream.create_graph_builder() as gb:
            gb.begin_building().end_building()
        assert graphs() == 0 and gb.is_closed
        unused = stream.create_graph_builder()
        unused.close()
        assert graphs() == 0 and stream.create_graph_builder().begin_building().end_building().complete() is not None
    """)


def test_a_definition_taken_owns_the_graph_and_a_completed_graph_needs_it_no_more(standin):
    run(standin, """
        gb = stream.create_graph_builder().begin_building()
        gb.callback(lambda: None)
        gb.end_building()
        d = gb.graph_definition
        assert gb.graph_definition is d and len(d.nodes()) == 1  # one definition, made once
        exe = gb.complete()
        gb.close()
        assert graphs() == 1 and d.is_valid and len(d.nodes()) == 1  # the definition outlives its builder
        with pytest.raises(RuntimeError, match="^GraphBuilder has been closed$"):
            gb.graph_definition
        del d
        gc.collect()
        assert graphs() == 1  # its finalizer only queued the destroy
        drain()
        assert graphs() == 0
        exe.launch(S())  # the instantiated graph needs no CUgraph
        exe.close()

        seen = []
        gb = stream.create_graph_builder().begin_building()
        gb.callback(lambda: seen.append(1))
        exe = gb.end_building().complete()
        gb.close()
        assert graphs() == 0  # no definition taken: destroyed at once
        exe.launch(S())
        assert seen == [1]
        exe.close()
    """)


def test_a_builder_collected_unclosed_only_queues_and_the_next_call_releases(standin):
    run(standin, """
        gb = stream.create_graph_builder().begin_building().end_building()
        del gb
        gc.collect()
        assert graphs() == 1 and _release.pending() == 1  # the finalizer made no CUDA call
        drain()
        assert graphs() == 0

        gb = stream.create_graph_builder().begin_building().end_building()
        d = gb.graph_definition
        del gb
        gc.collect()
        drain()
        assert graphs() == 1 and d.is_valid  # the definition taken owns the graph
        del d
        gc.collect()
        drain()
        assert graphs() == 0

        streams = lib.standin_streams_live()
        gb = dev.create_graph_builder().begin_building()  # capturing on a stream of its own
        GraphBuilder.join(*gb.split(3))  # (joined: the forks' streams are the builder's to close after the capture)
        del gb
        gc.collect()
        assert graphs() == 1
        drain()  # the capture ended, its graph destroyed, the streams closed
        assert graphs() == 0 and lib.standin_streams_live() == streams
        again = stream.create_graph_builder().begin_building()  # the stream is not capturing any more
        again.close()
        assert graphs() == 0 and _release.pending() == 0
    """)


def test_the_state_checks_keep_their_messages(standin):
    run(standin, """
        gb = stream.create_graph_builder()
        with pytest.raises(RuntimeError, match="^Graph builder is not building.$"):
            gb.end_building()
        with pytest.raises(RuntimeError, match="unavailable before begin_building"):
            gb.graph_definition
        with pytest.raises(ValueError, match="^Unsupported build mode: 3$"):
            gb.begin_building(3)
        with pytest.raises(ValueError, match="^Unsupported build mode: sometimes$"):
            gb.begin_building("sometimes")
        gb.begin_building()
        with pytest.raises(RuntimeError, match="^Graph builder is already building.$"):
            gb.begin_building()
        other = stream.create_graph_builder()
        with pytest.raises(CUDAError):  # the stream is capturing already: the driver refuses
            other.begin_building()
        assert not other.is_building and other._state == "new"
        other.close()
        gb.end_building()
        with pytest.raises(RuntimeError, match="^Graph builder is not building.$"):
            gb.end_building()
        with pytest.raises(RuntimeError, match="^Cannot resume building after building has ended.$"):
            gb.begin_building()
        gb.close()
        for use in (gb.begin_building, gb.end_building, gb.complete, lambda: gb.is_building,
                    lambda: gb.graph_definition, lambda: gb.stream):
            with pytest.raises(RuntimeError, match="^GraphBuilder has been closed$"):
                use()
        assert graphs() == 0
    """)


def test_an_invalidated_or_lost_capture_is_refused_and_close_still_releases(standin):
    run(standin, """
        gb = stream.create_graph_builder().begin_building()
        try:  # the stand-in's cuStreamIsCapturing answers what the test sets, for the C path and Python's alike
            lib.standin_force_capturing(2, 0)  # CU_STREAM_CAPTURE_STATUS_INVALIDATED
            for use in (gb.end_building, lambda: gb.is_building):
                with pytest.raises(RuntimeError, match="^Build process encountered an error and has been invalidated"):
                    use()
            lib.standin_force_capturing(0, 0)  # CU_STREAM_CAPTURE_STATUS_NONE
            with pytest.raises(RuntimeError, match="^Graph builder is not building.$"):
                gb.end_building()
            lib.standin_force_capturing(-1, 1)  # CUDA_ERROR_INVALID_VALUE
            with pytest.raises(CUDAError, match="CUDA_ERROR_INVALID_VALUE"):
                gb.end_building()
        finally:
            lib.standin_force_capturing(-1, 0)
        assert gb.is_building and graphs() == 1
        gb.close()  # ends the capture and destroys its graph
        assert graphs() == 0 and not stream.create_graph_builder().is_building
        stream.create_graph_builder().begin_building().close()
        assert graphs() == 0
    """)


def test_split_builders_join_back_and_their_streams_live_until_the_capture_ends(standin):
    run(standin, """
        streams = lib.standin_streams_live()
        gb = stream.create_graph_builder().begin_building()
        builders = gb.split(4)
        assert builders[0] is gb and lib.standin_streams_live() == streams + 3
        with pytest.raises(RuntimeError, match="cannot end building: join it back"):
            builders[1].end_building()
        inner = builders[2].split(2)
        assert GraphBuilder.join(builders[2], inner[1]) is builders[2]
        assert GraphBuilder.join(*builders) is gb
        assert isinstance(gb._forks, list) and len(gb._forks) == 4  # three of the split, one joined into another
        assert all(b.is_closed for b in builders[1:]) and lib.standin_streams_live() == streams + 4
        gb.end_building()
        assert gb._forks == () and lib.standin_streams_live() == streams and graphs() == 1
        gb.close()
        assert graphs() == 0

        gb = stream.create_graph_builder().begin_building()
        GraphBuilder.join(*gb.split(3))
        gb.close()  # closed while building: the capture ends, its graph and the forks' streams go
        assert graphs() == 0 and lib.standin_streams_live() == streams
    """)


def test_a_conditional_body_builder_never_destroys_its_body(standin):
    if headers_version() < 12030:
        pytest.skip("graph conditions need a build from CUDA 12.3+ headers")
    run(standin, """
        gb = stream.create_graph_builder().begin_building()
        body = gb.if_then(gb.create_condition(1))
        d = body.graph_definition
        body.begin_building()
        body.callback(lambda: None)
        body.end_building()
        assert body.graph_definition is d and len(d.nodes()) == 1
        body.close()  # the body belongs to the conditional node
        gb.end_building()
        (node,) = gb.graph_definition.nodes()
        assert isinstance(node, ConditionalNode) and len(d.nodes()) == 1  # valid while the parent builder is open
        gb.close()
        with pytest.raises(RuntimeError, match="graph builder that holds it is gone"):
            d.nodes()
        assert graphs() == 2  # the node kept the definition taken, which owns the graph (and its body)
        del node
        gc.collect()
        drain()
        assert graphs() == 0
    """)


def test_builders_left_at_exit_are_left_to_the_process_end(standin):
    run(standin, """
        ended = stream.create_graph_builder().begin_building().end_building()
        building = dev.create_graph_builder().begin_building()
        taken = stream.create_graph_builder()
    """)


def test_the_plain_capture_is_made_in_c_on_cpython_and_keeps_every_check(standin):
    run(standin, """
        import platform
        from cudacffi import _direct
        made_in_c = platform.python_implementation() == "CPython" and _direct.fastcall() is not None
        assert (type(GraphBuilder.close).__name__ == "BuilderCall") == made_in_c
        stream.create_graph_builder().begin_building().end_building().close()  # (binds the driver's entries)
        calls = []
        sys.setprofile(lambda frame, event, arg: calls.append(frame.f_code.co_name) if event == "call" else None)
        try:
            gb = stream.create_graph_builder()
            gb.begin_building()
            gb.end_building()
            gb.close()
        finally:
            sys.setprofile(None)
        assert calls == [] if made_in_c else calls, calls
        assert gb.is_closed and gb._state == "closed" and gb._graph is None and graphs() == 0
        # the states the C path refuses are the Python method's, with its errors
        gb = stream.create_graph_builder()
        assert type(gb) is GraphBuilder and gb.stream is stream and not gb.is_building and not gb._owned
        with pytest.raises(RuntimeError, match="^Graph builder is not building.$"):
            gb.end_building()
        gb.close()  # (never began: nothing to destroy)
        assert gb.is_closed and graphs() == 0
        with pytest.raises(RuntimeError, match="^GraphBuilder has been closed$"):
            gb.begin_building()
        gb = stream.create_graph_builder().begin_building()
        with pytest.raises(RuntimeError, match="^Graph builder is already building.$"):
            gb.begin_building()
        gb.end_building()
        with pytest.raises(RuntimeError, match="^Cannot resume building after building has ended.$"):
            gb.begin_building()
        with pytest.raises(RuntimeError, match="^Graph builder is not building.$"):
            gb.end_building()
        gdef = gb.graph_definition  # the definition owns the graph now: close leaves it
        gb.close()
        assert graphs() == 1
        del gdef
        gc.collect()
        drain()
        assert graphs() == 0
        gb.close()  # (twice: nothing)
        # a closed stream makes no builder; a builder's stream closed under it refuses to begin
        other = dev.create_stream()
        gb = other.create_graph_builder()
        other.close()
        with pytest.raises(RuntimeError):
            other.create_graph_builder()
        with pytest.raises(Exception):
            gb.begin_building()
        gb.close()
        # a driver refusal raises CUDAError from the C path as from Python's
        gb = stream.create_graph_builder().begin_building()
        lib.standin_force_capturing(-1, 1)
        try:
            with pytest.raises(CUDAError, match="CUDA_ERROR_INVALID_VALUE"):
                gb.end_building()
        finally:
            lib.standin_force_capturing(-1, 0)
        gb.end_building().close()
        assert graphs() == 0
    """)
