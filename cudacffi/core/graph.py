"""CUDA graphs by stream capture: GraphBuilder records the work launched into it (``launch(builder, ...)``,
copies and fills with ``stream=builder``, host callbacks) and ``complete()`` instantiates it into a Graph
to launch as often as wanted.

    gb = device.create_graph_builder().begin_building()
    launch(gb, config, kernel, buf)
    left, right = gb.split(2)          # two branches that run concurrently in the graph
    ...
    gb = GraphBuilder.join(left, right)
    graph = gb.end_building().complete()
    graph.launch(stream)

A builder is a stream in capture mode (``__cuda_stream__``): whatever takes a stream takes it. Host
callbacks are Python callables kept alive for the rest of the process (a graph can run them any number
of times, from any number of instantiations).
"""

from dataclasses import dataclass
from typing import Optional

from . import _utils
from ._utils import check, check_or_create_options

__all__ = ["Graph", "GraphBuilder", "GraphCompleteOptions", "GraphDebugPrintOptions"]

_MODES = {"global": "CU_STREAM_CAPTURE_MODE_GLOBAL", "thread_local": "CU_STREAM_CAPTURE_MODE_THREAD_LOCAL",
          "relaxed": "CU_STREAM_CAPTURE_MODE_RELAXED"}


@dataclass
class GraphCompleteOptions:
    """``auto_free_on_launch``: memory allocated in the graph and not freed there is freed at the next launch;
    ``upload_stream``: upload the graph on this stream right away; ``device_launch``: launchable from the
    device; ``use_node_priority``: run nodes by their priority attributes."""

    auto_free_on_launch: bool = False
    upload_stream: Optional[object] = None
    device_launch: bool = False
    use_node_priority: bool = False


@dataclass
class GraphDebugPrintOptions:
    """Which details ``debug_dot_print`` writes (each a CU_GRAPH_DEBUG_DOT_FLAGS_* flag)."""

    verbose: bool = False
    runtime_types: bool = False
    kernel_node_params: bool = False
    memcpy_node_params: bool = False
    memset_node_params: bool = False
    host_node_params: bool = False
    event_node_params: bool = False
    ext_semas_signal_node_params: bool = False
    ext_semas_wait_node_params: bool = False
    kernel_node_attributes: bool = False
    handles: bool = False
    mem_alloc_node_params: bool = False
    mem_free_node_params: bool = False
    batch_mem_op_node_params: bool = False
    extra_topo_info: bool = False
    conditional_node_params: bool = False


class GraphBuilder:
    """A stream in capture mode. Make one with ``Device.create_graph_builder()`` or
    ``Stream.create_graph_builder()``."""

    __slots__ = ("_stream", "_owned", "_graph", "_primary", "_state", "_forks", "__weakref__")

    def __init__(self, *args, **kwargs):
        raise RuntimeError("GraphBuilder objects cannot be instantiated directly: use Device.create_graph_builder() "
                           "or Stream.create_graph_builder()")

    @classmethod
    def _on(cls, stream, owned, primary=True):
        self = object.__new__(cls)
        self._stream = stream
        self._owned = owned
        self._graph = None
        self._primary = primary
        self._state = "new"  # new -> building -> built (primary) | joined (a split-off builder)
        self._forks = []  # builders split off this one and joined back: their streams live until capture ends
        return self

    def __cuda_stream__(self):
        return (0, self._live()._h)

    def _live(self):
        if self._stream is None:
            raise RuntimeError("the graph builder is closed")
        return self._stream

    @property
    def stream(self):
        return self._live()

    @property
    def is_closed(self):
        return self._stream is None

    @property
    def is_building(self):
        if self._stream is None or self._state != "building":
            return False
        drv = _utils.driver()
        status = check(drv.cuStreamIsCapturing(self._stream._h))
        return status == drv.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_ACTIVE

    @property
    def is_join_required(self):
        """True for a builder split off another: it must be joined back before building ends."""
        return not self._primary and self._state == "building"

    def begin_building(self, mode="relaxed"):
        """Start capturing; ``mode``: "global", "thread_local" or "relaxed" (what other threads may do
        meanwhile). Returns the builder."""
        if mode not in _MODES:
            raise ValueError("mode must be one of %s, not %r" % (", ".join(map(repr, _MODES)), mode))
        if self._state != "new":
            raise RuntimeError("the graph builder has already begun building")
        drv = _utils.driver()
        check(drv.cuStreamBeginCapture(self._live()._h, getattr(drv.CUstreamCaptureMode, _MODES[mode])))
        self._state = "building"
        return self

    def end_building(self):
        """Stop capturing; the graph is then ready for ``complete()``. Returns the builder."""
        if self._state != "building":
            raise RuntimeError("the graph builder is not building (begin_building() first)")
        if not self._primary:
            raise RuntimeError("a builder split off another cannot end building: join it back "
                               "(GraphBuilder.join) and end the builder that began building")
        self._graph = check(_utils.driver().cuStreamEndCapture(self._live()._h))
        self._state = "built"
        self._close_forks()
        return self

    def complete(self, options=None):
        """Instantiate the captured graph: a Graph to launch (any number of times)."""
        if self._graph is None:
            raise RuntimeError("the graph builder has not ended building (end_building() first)")
        opts = check_or_create_options(GraphCompleteOptions, options, "GraphCompleteOptions")
        drv = _utils.driver()
        f = drv.CUgraphInstantiate_flags
        flags = 0
        if opts.auto_free_on_launch:
            flags |= int(f.CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH)
        if opts.device_launch:
            flags |= int(f.CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH)
        if opts.use_node_priority:
            flags |= int(f.CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY)
        graph = Graph._init(check(drv.cuGraphInstantiate(self._graph, flags)))
        if opts.upload_stream is not None:
            graph.upload(opts.upload_stream)
        return graph

    def debug_dot_print(self, path, options=None):
        """Write the captured graph as a DOT file to ``path``."""
        if self._graph is None:
            raise RuntimeError("the graph builder has not ended building (end_building() first)")
        opts = check_or_create_options(GraphDebugPrintOptions, options, "GraphDebugPrintOptions")
        drv = _utils.driver()
        flags = 0
        for name, value in vars(opts).items():
            if value:
                flags |= int(getattr(drv.CUgraphDebugDot_flags, "CU_GRAPH_DEBUG_DOT_FLAGS_" + name.upper()))
        check(drv.cuGraphDebugDotPrint(self._graph, _utils.as_bytes(str(path), "path"), flags))

    # -- branches --------------------------------------------------------------------------------------------
    def split(self, count):
        """``count`` builders whose work depends on all work captured so far here: this one first, then
        ``count - 1`` new ones on new streams. Their work runs concurrently until ``join``."""
        if not isinstance(count, int) or isinstance(count, bool) or count < 2:
            raise ValueError("count must be an int >= 2, got %r" % (count,))
        if self._state != "building":
            raise RuntimeError("only a building graph builder can split (begin_building() first)")
        from ._stream import Stream

        stream = self._live()
        device = stream.device
        drv = _utils.driver()
        ev = check(drv.cuEventCreate(drv.CUevent_flags.CU_EVENT_DISABLE_TIMING))
        try:
            check(drv.cuEventRecord(ev, stream._h))
            out = [self]
            for _ in range(count - 1):
                branch = Stream._create(device, None)
                check(drv.cuStreamWaitEvent(branch._h, ev, 0))  # joins the capture
                child = GraphBuilder._on(branch, owned=True, primary=False)
                child._state = "building"
                out.append(child)
        finally:
            check(drv.cuEventDestroy(ev))
        return tuple(out)

    @staticmethod
    def join(*graph_builders):
        """Join builders back into one: the builder that began building if it is among them (else the first)
        waits for all the others' work and is returned; the others are done."""
        if len(graph_builders) < 2:
            raise ValueError("join needs at least two graph builders, got %d" % len(graph_builders))
        for gb in graph_builders:
            if not isinstance(gb, GraphBuilder):
                raise TypeError("join takes GraphBuilder objects, not %s" % type(gb).__name__)
            if gb._state != "building":
                raise RuntimeError("join takes building graph builders (%r is %s)" % (gb, gb._state))
        target = next((gb for gb in graph_builders if gb._primary), graph_builders[0])
        drv = _utils.driver()
        h = target._live()._h
        for gb in graph_builders:
            if gb is target:
                continue
            ev = check(drv.cuEventCreate(drv.CUevent_flags.CU_EVENT_DISABLE_TIMING))
            try:
                check(drv.cuEventRecord(ev, gb._live()._h))
                check(drv.cuStreamWaitEvent(h, ev, 0))
            finally:
                check(drv.cuEventDestroy(ev))
            gb._state = "joined"
            target._forks.append(gb)
            target._forks.extend(gb._forks)
            gb._forks = []
        return target

    # -- host callbacks ----------------------------------------------------------------------------------------
    def callback(self, fn, *, user_data=None):
        """Run ``fn()`` (``fn(user_data)`` where user_data is given) on a host thread when the graph reaches
        this point. ``fn`` must not call CUDA. It stays alive for the rest of the process."""
        if not callable(fn):
            raise TypeError("fn must be callable, not %s" % type(fn).__name__)
        if self._state != "building":
            raise RuntimeError("callback() adds to a graph being built (begin_building() first)")
        drv = _utils.driver()
        h = self._live()._h
        info = check(drv.cuStreamGetCaptureInfo(h))
        status, graph, deps = info[0], info[2], info[3]
        if status != drv.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_ACTIVE:
            raise RuntimeError("the graph builder's stream is not capturing")
        params = drv.CUDA_HOST_NODE_PARAMS()
        params.fn = _no_argument if user_data is None else _with_argument
        params.userData = fn if user_data is None else (fn, user_data)
        deps = list(deps or [])
        node = check(drv.cuGraphAddHostNode(graph, deps, len(deps), params))
        flags = int(drv.CUstreamUpdateCaptureDependencies_flags.CU_STREAM_SET_CAPTURE_DEPENDENCIES)
        if drv.CUDA_VERSION >= 13000:  # with edge data: one default edge
            check(drv.cuStreamUpdateCaptureDependencies(h, [node], [drv.CUgraphEdgeData()], 1, flags))
        else:
            check(drv.cuStreamUpdateCaptureDependencies(h, [node], 1, flags))

    # -- lifetime ----------------------------------------------------------------------------------------------
    def _close_forks(self):
        for gb in self._forks:
            gb.close()
        self._forks = []

    def close(self):
        """Destroy the captured graph (Graphs completed from it live on) and the stream this builder made."""
        if self._stream is None:
            return
        if self._state == "building" and self._primary:
            try:  # abandon the capture
                g = check(_utils.driver().cuStreamEndCapture(self._stream._h))
                if g is not None and int(g):
                    _utils.driver().cuGraphDestroy(g)
            except _utils.CUDAError:
                pass
        self._close_forks()
        if self._graph is not None:
            check(_utils.driver().cuGraphDestroy(self._graph))
            self._graph = None
        if self._owned:
            self._stream.close()
        self._stream = None

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.close()

    def __repr__(self):
        return "<GraphBuilder %s%s>" % (self._state, "" if self._primary else " split")


def _no_argument(fn):
    fn()


def _with_argument(pair):
    fn, user_data = pair
    fn(user_data)


class Graph:
    """An instantiated graph (``GraphBuilder.complete()``): ``launch(stream)`` runs it, ``upload(stream)``
    prepares it ahead of the first launch."""

    __slots__ = ("_exec", "__weakref__")

    def __init__(self, *args, **kwargs):
        raise RuntimeError("Graph objects cannot be instantiated directly: use GraphBuilder.complete()")

    @classmethod
    def _init(cls, graph_exec):
        self = object.__new__(cls)
        self._exec = graph_exec
        return self

    def _live(self):
        if self._exec is None:
            raise RuntimeError("the graph is closed")
        return self._exec

    @property
    def handle(self):
        """The ``driver.CUgraphExec``."""
        return self._exec

    @property
    def is_closed(self):
        return self._exec is None

    def launch(self, stream):
        """Run the graph on ``stream`` (a Stream or any object with ``__cuda_stream__``)."""
        check(_utils.driver().cuGraphLaunch(self._live(), _utils.stream_handle(stream)))

    def upload(self, stream):
        """Upload the graph's work to the device on ``stream``, ahead of its first launch."""
        check(_utils.driver().cuGraphUpload(self._live(), _utils.stream_handle(stream)))

    def close(self):
        if self._exec is not None:
            e, self._exec = self._exec, None
            check(_utils.driver().cuGraphExecDestroy(e))

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __repr__(self):
        return "<Graph %s>" % ("closed" if self._exec is None else "0x%x" % int(self._exec))
