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
callbacks are Python callables kept alive as long as a graph that may run them lives (CUDA user objects
attached to the captured graph carry them into its clones and instantiations).

Conditional nodes during capture: ``create_condition()`` makes a condition variable, a kernel captured before
the node sets it (``cudaGraphSetConditional``), and ``if_then`` / ``if_else`` / ``while_loop`` / ``switch`` add
the node and return a builder per body, which captures into that body after its own ``begin_building()``:

    cond = gb.create_condition(default_value=1)
    body = gb.while_loop(cond)
    body.begin_building()
    launch(body, config, step, cond, counter)      # the body runs again while step sets cond non-zero
    body.end_building()

Graphs built node by node (GraphDefinition and its nodes) are in ``_graph_nodes`` and exported here.
"""

import sys
from dataclasses import dataclass
from typing import Optional

from . import _release, _utils
from ._graph_nodes import (AllocNode, ChildGraphNode, ConditionalNode, EmptyNode, EventRecordNode, EventWaitNode,
                           ExecutableChildGraphNode, ExecutableEventRecordNode, ExecutableEventWaitNode,
                           ExecutableGraphNode, ExecutableHostCallbackNode, ExecutableKernelNode, ExecutableMemcpyNode,
                           ExecutableMemsetNode, FreeNode, GraphCondition, GraphConditionalType, GraphDefinition,
                           GraphMemoryType, GraphNode, HostCallbackNode, IfElseNode, IfNode, KernelNode, MemcpyNode,
                           MemsetNode, SwitchNode, WhileNode)
from . import _graph_nodes
from ._utils import check, check_or_create_options

__all__ = ["AllocNode", "ChildGraphNode", "ConditionalNode", "EmptyNode", "EventRecordNode", "EventWaitNode",
           "ExecutableChildGraphNode", "ExecutableEventRecordNode", "ExecutableEventWaitNode", "ExecutableGraphNode",
           "ExecutableHostCallbackNode", "ExecutableKernelNode", "ExecutableMemcpyNode", "ExecutableMemsetNode",
           "FreeNode", "Graph", "GraphBuilder", "GraphCompleteOptions", "GraphCondition", "GraphConditionalType",
           "GraphDebugPrintOptions", "GraphDefinition", "GraphMemoryType", "GraphNode", "HostCallbackNode",
           "IfElseNode", "IfNode", "KernelNode", "MemcpyNode", "MemsetNode", "SwitchNode", "WhileNode"]

# The most builders one split makes: each is a stream of its own, and a GPU runs at most a few dozen streams'
# work side by side (CUDA_DEVICE_MAX_CONNECTIONS is at most 32), so a count beyond this is a mistake, refused
# before any stream is made.
MAX_SPLIT = 1024

_ACTIVE, _INVALIDATED = 1, 2  # CU_STREAM_CAPTURE_STATUS_ACTIVE, _INVALIDATED (the same in every CUDA since 10.0)
_MODE_VALUES = {}  # build mode -> its CUstreamCaptureMode member, looked up once

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


def _instantiate(graph, options):
    """A Graph of the CUgraph ``graph`` (which it does not need after: it holds references to the user objects
    keeping what the graph's nodes use)."""
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
    result = Graph._init(check(drv.cuGraphInstantiate(graph, flags)))
    if opts.upload_stream is not None:
        result.upload(opts.upload_stream)
    return result


def _dot_print(graph, path, options):
    opts = check_or_create_options(GraphDebugPrintOptions, options, "GraphDebugPrintOptions")
    drv = _utils.driver()
    flags = 0
    for name, value in vars(opts).items():
        if value:
            flags |= int(getattr(drv.CUgraphDebugDot_flags, "CU_GRAPH_DEBUG_DOT_FLAGS_" + name.upper()))
    check(drv.cuGraphDebugDotPrint(graph, _utils.as_bytes(str(path), "path"), flags))


def _abandon(stream, capturing, destroy, forks, owned):
    """What closing a GraphBuilder releases: the capture still running on ``stream`` (its graph destroyed where
    ``destroy``: a primary builder's own), the fork streams, and ``stream`` where the builder made it."""
    if capturing:
        try:
            g = check(_utils.driver().cuStreamEndCapture(stream._h))
            if g is not None and int(g) and destroy:
                _utils.driver().cuGraphDestroy(g)
        except _utils.CUDAError:
            pass
    for fork in forks:
        fork.close()
    if owned:
        stream.close()


class GraphBuilder:
    """A stream in capture mode. Make one with ``Device.create_graph_builder()`` or
    ``Stream.create_graph_builder()``; the bodies of conditional nodes get builders of their own."""

    __slots__ = ("_stream", "_owned", "_graph", "_gdef", "_body", "_primary", "_state", "_forks", "__weakref__")

    def __init__(self, *args, **kwargs):
        raise NotImplementedError("directly creating a GraphBuilder object can be ambiguous. Please either call "
                                  "Device.create_graph_builder() or stream.create_graph_builder()")

    @classmethod
    def _on(cls, stream, owned, primary=True):
        self = object.__new__(cls)
        self._stream = stream
        self._owned = owned
        self._graph = None  # the CUgraph once building ended
        self._gdef = None  # its GraphDefinition (which owns it, unless it is a conditional node's body)
        self._body = None  # for a conditional node's body: the GraphDefinition it captures into
        self._primary = primary
        self._state = "new"  # new -> building -> built (primary); a split-off builder: building, closed once joined
        self._forks = []  # streams of builders split off this one and joined back: they live until capture ends
        return self

    def __cuda_stream__(self):
        return (0, self._live()._h)

    def _live(self):
        if self._stream is None:
            raise RuntimeError("GraphBuilder has been closed")
        return self._stream

    @property
    def stream(self):
        """The Stream it captures on (RuntimeError once closed, as cuda.core)."""
        return self._live()

    @property
    def is_closed(self):
        return self._stream is None

    def _holds_graphs(self):  # the bodies of the conditional nodes it captured are valid until it is closed
        return self._stream is not None

    @property
    def is_building(self):
        """Whether its stream is capturing (RuntimeError where the capture was invalidated)."""
        stream = self._live()
        if self._state != "building":  # (the driver would say the same)
            return False
        status = check(_utils.driver().cuStreamIsCapturing(stream._h))
        if status == _INVALIDATED:
            raise RuntimeError("Build process encountered an error and has been invalidated. Build process must now "
                               "be ended.")
        return status == _ACTIVE

    @property
    def is_join_required(self):
        """True for a builder split off another: it must be joined back (GraphBuilder.join) before building
        ends."""
        return not self._primary

    def begin_building(self, mode="relaxed"):
        """Start capturing; ``mode``: "global", "thread_local" or "relaxed" (what other threads may do
        meanwhile). Returns the builder."""
        self._live()
        if self._state == "building":
            raise RuntimeError("Graph builder is already building.")
        if self._state != "new":
            raise RuntimeError("Cannot resume building after building has ended.")
        how = _MODE_VALUES.get(mode) if mode.__class__ is str else None
        if how is None and (not isinstance(mode, str) or mode not in _MODES):
            raise ValueError("Unsupported build mode: %s" % (mode,))
        drv = _utils.driver()
        if how is None:
            how = _MODE_VALUES[mode] = getattr(drv.CUstreamCaptureMode, _MODES[mode])
        if self._body is not None:  # into the body graph the conditional node made
            check(drv.cuStreamBeginCaptureToGraph(self._live()._h, self._body._live(), None, None, 0, how))
        else:
            check(drv.cuStreamBeginCapture(self._live()._h, how))
        self._state = "building"
        return self

    def end_building(self):
        """Stop capturing; the graph is then ready for ``complete()``. Returns the builder."""
        self._live()
        if self._state != "building" or not self.is_building:
            raise RuntimeError("Graph builder is not building.")
        if not self._primary:
            raise RuntimeError("a builder split off another cannot end building: join it back "
                               "(GraphBuilder.join) and end the builder that began building")
        graph = check(_utils.driver().cuStreamEndCapture(self._live()._h))
        if self._body is not None:
            self._gdef = self._body
            self._graph = self._body.handle
        else:
            self._gdef = GraphDefinition._owning(graph)
            self._graph = graph
        self._state = "built"
        self._close_forks()
        return self

    def complete(self, options=None):
        """Instantiate the captured graph: a Graph to launch (any number of times)."""
        self._live()
        if self._graph is None:
            raise RuntimeError("Graph has not finished building.")
        return _instantiate(self._graph, options)

    def debug_dot_print(self, path, options=None):
        """Write the captured graph as a DOT file to ``path``."""
        self._live()
        if self._graph is None:
            raise RuntimeError("Graph has not finished building.")
        _dot_print(self._graph, path, options)

    @property
    def graph_definition(self):
        """The captured graph as a GraphDefinition, to inspect or extend with explicit nodes: after
        ``end_building()``; for a conditional node's body builder, also before ``begin_building()``. A
        definition taken stays valid after the builder is closed."""
        self._live()
        if not self._primary:
            raise RuntimeError("graph_definition is unavailable on forked graph builders; access it through the "
                               "primary builder instead.")
        if self._state == "building":
            raise RuntimeError("graph_definition is unavailable while capture is in progress; call end_building() "
                               "first.")
        if self._body is not None:
            return self._body
        if self._gdef is None:
            raise RuntimeError("graph_definition is unavailable before begin_building() on a primary builder; no "
                               "graph has been created yet.")
        return self._gdef

    # -- branches --------------------------------------------------------------------------------------------
    def split(self, count):
        """``count`` builders whose work depends on all work captured so far here: this one first, then
        ``count - 1`` new ones on new streams. Their work runs concurrently until ``join``."""
        count = _utils.as_int(count, "count")
        if count < 2:
            raise ValueError("Invalid split count: expecting >= 2, got %d" % count)
        if count > MAX_SPLIT:
            raise ValueError("Invalid split count: expecting at most %d (cudacffi.core.graph.MAX_SPLIT), got %d"
                             % (MAX_SPLIT, count))
        self._live()
        if self._state != "building":
            raise RuntimeError("Graph builder must be building before it can be split.")
        from ._stream import Stream

        stream = self._live()
        device = stream.device
        drv = _utils.driver()
        ev = check(drv.cuEventCreate(drv.CUevent_flags.CU_EVENT_DISABLE_TIMING))
        out = [self]
        try:
            check(drv.cuEventRecord(ev, stream._h))
            for _ in range(count - 1):
                branch = Stream._create(device, None)
                try:
                    check(drv.cuStreamWaitEvent(branch._h, ev, 0))  # joins the capture
                except BaseException:
                    branch.close()
                    raise
                child = GraphBuilder._on(branch, owned=True, primary=False)
                child._state = "building"
                out.append(child)
        except BaseException:
            if len(out) > 1:  # the branches made so far join back (their streams live until the capture ends)
                GraphBuilder.join(*out)
            raise
        finally:
            check(drv.cuEventDestroy(ev))
        return tuple(out)

    @staticmethod
    def join(*graph_builders):
        """Join builders back into one: the first that was not split off another (else the first) waits for all
        the others' work and is returned; the others are closed."""
        if any(not isinstance(gb, GraphBuilder) for gb in graph_builders):
            raise TypeError("All arguments must be GraphBuilder instances")
        if len(graph_builders) < 2:
            raise ValueError("Must join with at least two graph builders")
        for gb in graph_builders:
            gb._live()
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
            # its stream joined the capture: it lives (with those of builders joined into it) until the
            # capture ends, then closes; the builder itself is closed now
            target._forks.extend(gb._forks + ([gb._stream] if gb._owned else []))
            gb._forks = []
            gb._stream = None
            gb._state = "closed"
        return target

    # -- host callbacks ----------------------------------------------------------------------------------------
    def callback(self, fn, *, user_data=None):
        """Run ``fn()`` (``fn(user_data)`` where user_data is given) on a host thread when the graph reaches
        this point; or a ctypes function pointer declared as CUhostFn, given ``user_data`` (an int address, or
        bytes copied here). ``fn`` must not call CUDA. It and its user data stay alive as long as a graph made
        from this capture does (its clones, instantiations and launches in flight included)."""
        self._live()
        if not callable(fn):
            raise TypeError("fn must be callable, not %s" % type(fn).__name__)
        drv, h, graph, deps = self._capture_point("Cannot add callback when graph is not being built")
        params, _, keep = _graph_nodes._host_params(drv, fn, user_data)
        obj = _graph_nodes.attach(drv, graph, keep)  # the callable and its data live as long as a graph uses them
        try:
            node = check(drv.cuGraphAddHostNode(graph, deps, len(deps), params))
        except BaseException:
            _graph_nodes._detach_quietly(drv, graph, obj)
            raise
        _continue_after(drv, h, node)

    def _capture_point(self, refusal):
        """(driver, stream, capturing CUgraph, its current dependencies) of a building builder; RuntimeError
        ``refusal`` where its stream is not capturing."""
        h = self._live()._h
        if self._state != "building":  # (the driver would say the same)
            raise RuntimeError(refusal)
        drv = _utils.driver()
        info = check(drv.cuStreamGetCaptureInfo(h))
        status, graph, deps = info[0], info[2], info[3]
        if status != drv.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_ACTIVE:
            raise RuntimeError(refusal)
        return drv, h, graph, list(deps or [])

    # -- nodes added during capture ----------------------------------------------------------------------------------
    def embed(self, child):
        """Add the graph ``child`` (a builder that ended building) here, as a child graph node (a copy)."""
        if not isinstance(child, GraphBuilder):
            raise TypeError("Argument 'child' has incorrect type (expected GraphBuilder, got %s)"
                            % type(child).__name__)
        self._live()
        if child._graph is None:
            raise ValueError("Child graph has not finished building.")
        if not self.is_building:
            raise ValueError("Parent graph is not being built.")
        drv, h, graph, deps = self._capture_point("Parent graph is not being built.")
        node = check(drv.cuGraphAddChildGraphNode(graph, deps, len(deps), child._graph))
        _continue_after(drv, h, node)

    def create_condition(self, default_value=None):
        """A condition variable of the graph being captured, for its conditional nodes; ``default_value``
        (0 <= value < 2**32) is set at the start of every launch where given."""
        self._live()
        _graph_nodes._needs(_utils.driver(), 12030, "a graph condition")
        _, _, graph, _ = self._capture_point("Cannot create a condition when graph is not being built")
        return GraphCondition._create(graph, default_value)

    def if_then(self, condition):
        """Add an if node; returns the builder of its body (run when the condition is non-zero)."""
        return self._conditional(condition, "CU_GRAPH_COND_TYPE_IF", 1, 12030)[0]

    def if_else(self, condition):
        """Add an if/else node; returns the builders of its two bodies (non-zero, zero)."""
        return self._conditional(condition, "CU_GRAPH_COND_TYPE_IF", 2, 12080)

    def while_loop(self, condition):
        """Add a while node; returns the builder of its body (run while the condition is non-zero)."""
        return self._conditional(condition, "CU_GRAPH_COND_TYPE_WHILE", 1, 12030)[0]

    def switch(self, condition, count):
        """Add a switch node of ``count`` cases; returns the builders of its bodies."""
        count = _graph_nodes._uint(count, "count", 1, 1 << 32)
        return self._conditional(condition, "CU_GRAPH_COND_TYPE_SWITCH", count, 12080)

    def _conditional(self, condition, kind, size, need):
        self._live()
        _graph_nodes._needs(_utils.driver(), need, "a conditional node")
        _graph_nodes._condition(condition)
        drv, h, graph, deps = self._capture_point("Cannot add conditional node when not actively capturing")
        node, bodies = _graph_nodes._add_conditional(drv, graph, deps, condition, kind, size,
                                                     _graph_nodes._context())
        _continue_after(drv, h, node)
        from ._stream import Stream

        device = self._live().device
        out = []
        for body in bodies:
            gb = GraphBuilder._on(Stream._create(device, None), owned=True)
            gb._body = GraphDefinition._view(body, self)
            out.append(gb)
        return tuple(out)

    # -- lifetime ----------------------------------------------------------------------------------------------
    def _close_forks(self):
        for stream in self._forks:
            stream.close()
        self._forks = []

    def close(self):
        """Let go of the captured graph (destroyed unless a GraphDefinition taken from ``graph_definition`` or a
        Graph completed from it lives on) and close the stream this builder made."""
        stream = self._stream
        if stream is None:
            return
        _abandon(stream, self._state == "building" and self._primary, self._body is None, self._forks, self._owned)
        self._forks = []
        self._graph = self._gdef = None
        self._stream = None
        self._state = "closed"

    def __del__(self, _defer=_release.defer):  # a finalizer only queues (see _release)
        stream = getattr(self, "_stream", None)
        if stream is not None:
            self._stream = None
            _defer(_abandon, stream, self._state == "building" and self._primary, self._body is None, self._forks,
                   self._owned)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.close()


# why cuGraphExecUpdate refused a source (cuda.core's update message says it)
_UPDATE_FAILURES = {
    "CU_GRAPH_EXEC_UPDATE_ERROR": "The update failed for an unexpected reason which is described in the return value "
                                  "of the function",
    "CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED": "The update failed because the topology changed",
    "CU_GRAPH_EXEC_UPDATE_ERROR_NODE_TYPE_CHANGED": "The update failed because a node type changed",
    "CU_GRAPH_EXEC_UPDATE_ERROR_FUNCTION_CHANGED": "The update failed because the function of a kernel node changed "
                                                   "(CUDA driver < 11.2)",
    "CU_GRAPH_EXEC_UPDATE_ERROR_PARAMETERS_CHANGED": "The update failed because the parameters changed in a way that "
                                                     "is not supported",
    "CU_GRAPH_EXEC_UPDATE_ERROR_NOT_SUPPORTED": "The update failed because something about the node is not supported",
    "CU_GRAPH_EXEC_UPDATE_ERROR_UNSUPPORTED_FUNCTION_CHANGE": "The update failed because the function of a kernel "
                                                              "node changed in an unsupported way",
    "CU_GRAPH_EXEC_UPDATE_ERROR_ATTRIBUTES_CHANGED": "The update failed because the node attributes changed in a way "
                                                     "that is not supported",
}


def _update_failure(drv, graph_exec, graph):
    """The CUgraphExecUpdateResult name of why updating ``graph_exec`` from ``graph`` fails (the binding gives no
    result info with a failing status: the update is asked again, of the C function, for its reason)."""
    try:
        gen = sys.modules[drv.cuGraphExecUpdate.__module__]
        info = drv.CUgraphExecUpdateResultInfo()
        gen._cc_cuGraphExecUpdate(int(graph_exec), int(graph), info._ptr)
        return drv.CUgraphExecUpdateResult(int(info.result)).name
    except Exception:  # no reason to give: the generic one
        return "CU_GRAPH_EXEC_UPDATE_ERROR"


def _continue_after(drv, stream, node):
    """Make ``node`` what the capture on ``stream`` continues after."""
    flags = int(drv.CUstreamUpdateCaptureDependencies_flags.CU_STREAM_SET_CAPTURE_DEPENDENCIES)
    if drv.CUDA_VERSION >= 13000:  # with edge data: one default edge
        check(drv.cuStreamUpdateCaptureDependencies(stream, [node], [drv.CUgraphEdgeData()], 1, flags))
    else:
        check(drv.cuStreamUpdateCaptureDependencies(stream, [node], 1, flags))


def _no_argument(fn):
    fn()


def _with_argument(pair):
    fn, user_data = pair
    fn(user_data)


class Graph:
    """An instantiated graph (``GraphBuilder.complete()``, ``GraphDefinition.instantiate()``): ``launch(stream)``
    runs it, ``upload(stream)`` prepares it ahead of the first launch, ``graph[node]`` is a node of the
    definition it was instantiated from, to update for the next launches. What the nodes of the definitions it
    was made and updated from use (Buffers, kernel arguments, events, callables) lives as long as it does, or
    its last launch runs: it holds its own references to their user objects."""

    __slots__ = ("_exec", "_keep", "_streams", "__weakref__")

    def __init__(self, *args, **kwargs):
        raise RuntimeError("directly constructing a Graph instance is not supported")

    @classmethod
    def _init(cls, graph_exec):
        self = object.__new__(cls)
        self._exec = graph_exec
        self._keep = {}  # node handle -> what its latest update uses
        self._streams = {}  # CUstream int -> the stream object it was launched on, since it kept update objects
        return self

    def _live(self):
        """The CUgraphExec; once closed, a null one, which the driver refuses (CUDAError), as under cuda.core."""
        return self._exec if self._exec is not None else _utils.driver().CUgraphExec(0)

    @property
    def handle(self):
        """The ``driver.CUgraphExec`` (reading 0 once closed)."""
        return self._live()

    @property
    def is_closed(self):
        return self._exec is None

    def launch(self, stream):
        """Run the graph on ``stream`` (a Stream or any object with ``__cuda_stream__``); RuntimeError once the
        graph is closed, as cuda.core 1.2.2."""
        if self._exec is None:
            raise RuntimeError("Graph has been closed")
        if _graph_nodes._deferred or _graph_nodes._released or _graph_nodes._retired:  # what is left to do
            _graph_nodes._drain()
        h = _utils.stream_handle(stream)
        check(_utils.driver().cuGraphLaunch(self._live(), h))
        if self._keep and h not in self._streams:  # what the updates use waits for the work queued there
            self._streams[h] = stream

    def upload(self, stream):
        """Upload the graph's work to the device on ``stream``, ahead of its first launch."""
        check(_utils.driver().cuGraphUpload(self._live(), _utils.stream_handle(stream)))

    def update(self, source):
        """Take the parameters of every node from ``source`` (a GraphDefinition, or a GraphBuilder that ended
        building) whose topology is the same as this graph's; CUDAError (CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE)
        where it differs in what an update cannot change."""
        if isinstance(source, GraphBuilder):
            if source._stream is None:
                raise RuntimeError("GraphBuilder has been closed")
            if source._graph is None:
                raise ValueError("Graph has not finished building.")
            handle = source._graph
        elif isinstance(source, GraphDefinition):
            handle = source._live()
        else:
            raise TypeError("expected GraphBuilder or GraphDefinition, got %s" % type(source).__name__)
        drv = _utils.driver()
        err, _ = drv.cuGraphExecUpdate(self._live(), handle)
        if err == drv.CUresult.CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE:
            name = _update_failure(drv, self._live(), handle)
            e = _utils.CUDAError(err, err.name, None)
            e.args = ("Graph update failed: %s (%s)" % (_UPDATE_FAILURES.get(name, name), name),)  # cuda.core's text
            raise e
        check((err,))

    def __getitem__(self, node):
        """The view of ``node`` (a node of the definition this graph was instantiated from) in this graph."""
        return _graph_nodes.executable_view(self, node)

    def close(self):
        """Destroy the graph (launches in flight finish first; what they use lives until then)."""
        if self._exec is not None:
            e, self._exec = self._exec, None
            keep, self._keep = self._keep, {}
            streams, self._streams = self._streams, {}
            _destroy_exec(e, streams, keep)

    def __del__(self, _defer=_release.defer):  # a finalizer only queues (see _release)
        if getattr(self, "_exec", None) is not None:
            e, self._exec = self._exec, None
            _defer(_destroy_exec, e, self._streams, self._keep)


def _destroy_exec(e, streams, keep):
    """Destroy the CUgraphExec ``e``; what its updates use (``keep``) goes once the launches on ``streams`` ran."""
    if _graph_nodes._exiting[0]:  # left to the process's end (see _graph_nodes.attach)
        return
    check(_utils.driver().cuGraphExecDestroy(e))
    _graph_nodes.retire(streams, keep)  # launches in flight may still use them
    _graph_nodes._drain()

