"""GraphBuilder: CUDA graphs by stream capture. A builder is a stream in capture mode (``__cuda_stream__``):
whatever takes a stream takes it, and the work launched into it (``launch(builder, ...)``, copies and fills with
``stream=builder``, host callbacks) is recorded; ``complete()`` instantiates the capture into a Graph.

Branches: ``split(n)`` gives builders on new streams that depend on the capture so far, ``GraphBuilder.join``
brings them back. Conditional nodes: ``create_condition()``, then ``if_then`` / ``if_else`` / ``while_loop`` /
``switch`` add the node and give a builder per body, which captures into that body after its own
``begin_building()``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from ... import _direct
from ... import driver as _drv
from .. import _registry, _release, _utils
from .._event import fail
from .._stream import Stream
from .._utils import check
from . import _lifetime
from ._condition import GraphCondition, add_conditional, checked_condition
from ._definition import GraphDefinition
from ._graph import Graph, GraphCompleteOptions, GraphDebugPrintOptions, dot_print, instantiate
from ._params import U32, as_uint, current_context, host_params, needs

__all__ = ["MAX_SPLIT", "GraphBuilder"]

# The most builders one split makes: each is a stream of its own, and a GPU runs at most a few dozen streams'
# work side by side (CUDA_DEVICE_MAX_CONNECTIONS is at most 32), so a count beyond this is a mistake, refused
# before any stream is made.
MAX_SPLIT = 1024

_ACTIVE, _INVALIDATED = 1, 2  # CU_STREAM_CAPTURE_STATUS_ACTIVE, _INVALIDATED (the same in every CUDA since 10.0)
_MODE_VALUES: Dict[str, Any] = {}  # build mode -> its CUstreamCaptureMode member, looked up once

_MODES = {"global": "CU_STREAM_CAPTURE_MODE_GLOBAL", "thread_local": "CU_STREAM_CAPTURE_MODE_THREAD_LOCAL",
          "relaxed": "CU_STREAM_CAPTURE_MODE_RELAXED"}

# The hot path (an empty capture: begin_building, end_building, close) makes its driver calls after what
# _utils.driver() does on every call -- the one-time cuInit (or the forked-child error) and the queued releases --
# only where there is something to do: the same test Stream's hot paths make.
_queue = _release._queue
_ready = _utils._initialized  # [False] before cuInit, and again in a forked child
_exiting = _lifetime._exiting
_released, _retired = _lifetime._released, _lifetime._retired  # what _lifetime.drain has to do, besides _queue


def _destroy_owned(graph: Any) -> None:
    """Destroy the CUgraph a builder owns (it ended building and no GraphDefinition was taken of its graph), on a
    Python thread; not at interpreter exit (see _lifetime), nor in a forked child (the handle means nothing there).
    A failure is dropped, as a GraphDefinition's finalizer would have dropped it."""
    if _exiting[0] or not _ready[0]:
        return
    _drv.cuGraphDestroy(graph)
    if _queue or _released or _retired:  # what the graph's user objects kept, if they went
        _lifetime.drain()


def _abandon(stream: Stream, capturing: bool, destroy: bool, forks: Any, owned: bool, graph: Any = None) -> None:
    """What closing a GraphBuilder releases: the capture still running on ``stream`` (its graph destroyed where
    ``destroy``: a primary builder's own), the fork streams, ``stream`` where the builder made it, and ``graph``
    where given (the captured graph the builder owned)."""
    try:
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
    finally:
        if graph is not None:
            _destroy_owned(graph)


def _continue_after(drv: Any, stream: int, node: Any) -> None:
    """Make ``node`` what the capture on ``stream`` continues after."""
    flags = int(drv.CUstreamUpdateCaptureDependencies_flags.CU_STREAM_SET_CAPTURE_DEPENDENCIES)
    if drv.CUDA_VERSION >= 13000:  # with edge data: one default edge
        check(drv.cuStreamUpdateCaptureDependencies(stream, [node], [drv.CUgraphEdgeData()], 1, flags))
    else:
        check(drv.cuStreamUpdateCaptureDependencies(stream, [node], 1, flags))


@_registry.provides  # (Stream.create_graph_builder looks it up)
class GraphBuilder:
    """A stream in capture mode. Make one with ``Device.create_graph_builder()`` or
    ``Stream.create_graph_builder()``; the bodies of conditional nodes get builders of their own."""

    __slots__ = ("_stream", "_owned", "_graph", "_gdef", "_body", "_primary", "_state", "_forks", "__weakref__")
    _stream: Optional[Stream]
    _owned: bool
    _graph: Any  # the captured CUgraph once building ended: the builder's to destroy while _gdef and _body are None
    _gdef: Optional[GraphDefinition]
    _body: Optional[GraphDefinition]
    _primary: bool
    _state: str
    _forks: Any  # () until a split-off builder joins this one; then a list of Streams

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError("directly creating a GraphBuilder object can be ambiguous. Please either call "
                                  "Device.create_graph_builder() or stream.create_graph_builder()")

    @classmethod
    def _on(cls, stream: Stream, owned: bool, primary: bool = True) -> "GraphBuilder":
        self = object.__new__(cls)
        self._stream = stream
        self._owned = owned
        self._graph = None  # the CUgraph once building ended
        # its GraphDefinition, made when graph_definition is first read (it then owns the graph, unless it is a
        # conditional node's body); until then the builder owns the graph and destroys it at close
        self._gdef = None
        self._body = None  # for a conditional node's body: the GraphDefinition it captures into
        self._primary = primary
        self._state = "new"  # new -> building -> built (primary); a split-off builder: building, closed once joined
        self._forks = ()  # streams of builders split off this one and joined back: they live until capture ends
        return self

    def __cuda_stream__(self) -> Tuple[int, int]:
        return (0, self._live()._h)

    def _live(self) -> Stream:
        if self._stream is None:
            raise RuntimeError("GraphBuilder has been closed")
        return self._stream

    @property
    def stream(self) -> Stream:
        """The Stream it captures on (RuntimeError once closed, as cuda.core)."""
        return self._live()

    @property
    def is_closed(self) -> bool:
        return self._stream is None

    def _holds_graphs(self) -> bool:  # the bodies of the conditional nodes it captured are valid until it is closed
        return self._stream is not None

    @property
    def is_building(self) -> bool:
        """Whether its stream is capturing (RuntimeError where the capture was invalidated)."""
        stream = self._stream
        if stream is None:
            raise RuntimeError("GraphBuilder has been closed")
        if self._state != "building":  # (the driver would say the same)
            return False
        if _queue or not _ready[0]:
            _utils.driver()
        err, status = _drv.cuStreamIsCapturing(stream._h)
        if err:
            check((err,))
        if status == _INVALIDATED:
            raise RuntimeError("Build process encountered an error and has been invalidated. Build process must now "
                               "be ended.")
        return status == _ACTIVE

    @property
    def is_join_required(self) -> bool:
        """True for a builder split off another: it must be joined back (GraphBuilder.join) before building
        ends."""
        return not self._primary

    def begin_building(self, mode: str = "relaxed") -> "GraphBuilder":
        """Start capturing; ``mode``: "global", "thread_local" or "relaxed" (what other threads may do
        meanwhile). Returns the builder."""
        stream = self._stream
        if stream is None:
            raise RuntimeError("GraphBuilder has been closed")
        state = self._state
        if state != "new":
            if state == "building":
                raise RuntimeError("Graph builder is already building.")
            raise RuntimeError("Cannot resume building after building has ended.")
        how = _MODE_VALUES.get(mode) if mode.__class__ is str else None
        if how is None:
            if not isinstance(mode, str) or mode not in _MODES:
                raise ValueError("Unsupported build mode: %s" % (mode,))
            how = _MODE_VALUES[mode] = getattr(_utils.driver().CUstreamCaptureMode, _MODES[mode])
        if _queue or not _ready[0]:
            _utils.driver()
        body = self._body
        if body is not None:  # into the body graph the conditional node made
            check(_drv.cuStreamBeginCaptureToGraph(stream._h, body._live(), None, None, 0, how))
        else:
            err = _drv.cuStreamBeginCapture(stream._h, how)[0]
            if err:
                check((err,))
        self._state = "building"
        return self

    def end_building(self) -> "GraphBuilder":
        """Stop capturing; the graph is then ready for ``complete()``. Returns the builder."""
        stream = self._stream
        if stream is None:
            raise RuntimeError("GraphBuilder has been closed")
        if self._state != "building":
            raise RuntimeError("Graph builder is not building.")
        if _queue or not _ready[0]:
            _utils.driver()
        h = stream._h
        err, status = _drv.cuStreamIsCapturing(h)  # (what is_building asks)
        if err:
            check((err,))
        if status != _ACTIVE:
            if status == _INVALIDATED:
                raise RuntimeError("Build process encountered an error and has been invalidated. Build process must "
                                   "now be ended.")
            raise RuntimeError("Graph builder is not building.")
        if not self._primary:
            raise RuntimeError("a builder split off another cannot end building: join it back "
                               "(GraphBuilder.join) and end the builder that began building")
        err, graph = _drv.cuStreamEndCapture(h)
        if err:
            check((err,))
        body = self._body
        if body is not None:
            self._gdef = body
            self._graph = body.handle
        else:
            self._graph = graph  # the builder's until graph_definition makes a GraphDefinition own it
        self._state = "built"
        if self._forks:
            self._close_forks()
        return self

    def complete(self, options: Optional[GraphCompleteOptions] = None) -> Graph:
        """Instantiate the captured graph: a Graph to launch (any number of times)."""
        self._live()
        if self._graph is None:
            raise RuntimeError("Graph has not finished building.")
        return instantiate(self._graph, options)

    def debug_dot_print(self, path: str, options: Optional[GraphDebugPrintOptions] = None) -> None:
        """Write the captured graph as a DOT file to ``path``."""
        self._live()
        if self._graph is None:
            raise RuntimeError("Graph has not finished building.")
        dot_print(self._graph, path, options)

    @property
    def graph_definition(self) -> GraphDefinition:
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
        gdef = self._gdef
        if gdef is None:
            if self._graph is None:
                raise RuntimeError("graph_definition is unavailable before begin_building() on a primary builder; "
                                   "no graph has been created yet.")
            gdef = self._gdef = GraphDefinition._owning(self._graph)  # it owns the graph from now on
        return gdef

    # -- branches --------------------------------------------------------------------------------------------
    def split(self, count: int) -> Tuple["GraphBuilder", ...]:
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
    def join(*graph_builders: "GraphBuilder") -> "GraphBuilder":
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
            forks = target._forks
            if forks.__class__ is not list:
                forks = target._forks = list(forks)
            forks.extend(gb._forks)
            if gb._owned:
                forks.append(gb._stream)
            gb._forks = ()
            gb._stream = None
            gb._state = "closed"
        return target

    # -- host callbacks ----------------------------------------------------------------------------------------
    def callback(self, fn: Any, *, user_data: Any = None) -> None:
        """Run ``fn()`` (``fn(user_data)`` where user_data is given) on a host thread when the graph reaches
        this point; or a ctypes function pointer declared as CUhostFn, given ``user_data`` (an int address, or
        bytes copied here). ``fn`` must not call CUDA. It and its user data stay alive as long as a graph made
        from this capture does (its clones, instantiations and launches in flight included)."""
        self._live()
        if not callable(fn):
            raise TypeError("fn must be callable, not %s" % type(fn).__name__)
        drv, h, graph, deps = self._capture_point("Cannot add callback when graph is not being built")
        params, _, keep = host_params(drv, fn, user_data)
        obj = _lifetime.attach(drv, graph, keep)  # the callable and its data live as long as a graph uses them
        try:
            node = check(drv.cuGraphAddHostNode(graph, deps, len(deps), params))
        except BaseException:
            _lifetime.detach_quietly(drv, graph, obj)
            raise
        _continue_after(drv, h, node)

    def _capture_point(self, refusal: str) -> Tuple[Any, int, Any, List[Any]]:
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
    def embed(self, child: "GraphBuilder") -> None:
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

    def create_condition(self, default_value: Optional[int] = None) -> GraphCondition:
        """A condition variable of the graph being captured, for its conditional nodes; ``default_value``
        (0 <= value < 2**32) is set at the start of every launch where given."""
        self._live()
        needs(_utils.driver(), 12030, "a graph condition")
        _, _, graph, _ = self._capture_point("Cannot create a condition when graph is not being built")
        return GraphCondition._create(graph, default_value)

    def if_then(self, condition: GraphCondition) -> "GraphBuilder":
        """Add an if node; returns the builder of its body (run when the condition is non-zero)."""
        return self._conditional(condition, "CU_GRAPH_COND_TYPE_IF", 1, 12030)[0]

    def if_else(self, condition: GraphCondition) -> Tuple["GraphBuilder", ...]:
        """Add an if/else node; returns the builders of its two bodies (non-zero, zero)."""
        return self._conditional(condition, "CU_GRAPH_COND_TYPE_IF", 2, 12080)

    def while_loop(self, condition: GraphCondition) -> "GraphBuilder":
        """Add a while node; returns the builder of its body (run while the condition is non-zero)."""
        return self._conditional(condition, "CU_GRAPH_COND_TYPE_WHILE", 1, 12030)[0]

    def switch(self, condition: GraphCondition, count: int) -> Tuple["GraphBuilder", ...]:
        """Add a switch node of ``count`` cases; returns the builders of its bodies."""
        count = as_uint(count, "count", 1, U32)
        return self._conditional(condition, "CU_GRAPH_COND_TYPE_SWITCH", count, 12080)

    def _conditional(self, condition: GraphCondition, kind: str, size: int, need: int) -> Tuple["GraphBuilder", ...]:
        self._live()
        needs(_utils.driver(), need, "a conditional node")
        checked_condition(condition)
        drv, h, graph, deps = self._capture_point("Cannot add conditional node when not actively capturing")
        node, bodies = add_conditional(drv, graph, deps, condition, kind, size, current_context())
        _continue_after(drv, h, node)
        device = self._live().device
        out = []
        for body in bodies:
            gb = GraphBuilder._on(Stream._create(device, None), owned=True)
            gb._body = GraphDefinition._view(body, self)
            out.append(gb)
        return tuple(out)

    # -- lifetime ----------------------------------------------------------------------------------------------
    def _close_forks(self) -> None:
        for stream in self._forks:
            stream.close()
        self._forks = ()

    def _owned_graph(self) -> Any:
        """The captured CUgraph where this builder is the one to destroy it (no GraphDefinition owns it, and it
        is no conditional node's body), else None."""
        return self._graph if self._gdef is None and self._body is None else None

    def close(self) -> None:
        """Let go of the captured graph (destroyed unless a GraphDefinition taken from ``graph_definition`` lives
        on; a Graph completed from it needs it no more) and close the stream this builder made."""
        stream = self._stream
        if stream is None:
            return
        capturing = self._state == "building" and self._primary
        forks = self._forks
        if capturing or forks or self._owned:
            _abandon(stream, capturing, self._body is None, forks, self._owned)
        graph = self._graph
        if self._gdef is not None or self._body is not None:  # not the builder's to destroy
            graph = None
        self._forks = ()
        self._graph = self._gdef = None
        self._stream = None
        self._state = "closed"
        if graph is not None and _ready[0] and not _exiting[0]:  # (_destroy_owned, inline: the hot path)
            _drv.cuGraphDestroy(graph)
            if _queue or _released or _retired:
                _lifetime.drain()

    def __del__(self, _defer: Any = _release.defer) -> None:  # a finalizer only queues (see _release)
        stream = getattr(self, "_stream", None)
        if stream is not None:
            self._stream = None
            _defer(_abandon, stream, self._state == "building" and self._primary, self._body is None, self._forks,
                   self._owned, self._owned_graph())

    def __enter__(self) -> "GraphBuilder":
        return self

    def __exit__(self, exc_type: Any, exc_val: Any, exc_tb: Any) -> None:
        self.close()


def _calls_in_c() -> None:
    """On CPython, an empty capture's four calls -- ``Stream.create_graph_builder()``, ``begin_building()``,
    ``end_building()`` and ``close()`` -- made in C for their plain case (``_direct.builder_call_in_c``: a primary
    builder on a live Stream it does not own, no fork, no conditional body, no GraphDefinition taken, relaxed
    mode); every other case is the Python code's. Stream's method is set here, where the class it makes is."""
    guards = (_queue, _ready, _exiting, _released, _retired)
    for cls, name, op in ((Stream, "create_graph_builder", _direct.NEW_BUILDER),
                          (GraphBuilder, "begin_building", _direct.BEGIN_BUILDING),
                          (GraphBuilder, "end_building", _direct.END_BUILDING),
                          (GraphBuilder, "close", _direct.CLOSE_BUILDER)):
        made = _direct.builder_call_in_c(op, cls.__dict__[name], fail, _destroy_owned, _lifetime.drain, GraphBuilder,
                                         Stream, guards)
        if made is not None:
            setattr(cls, name, made)


_calls_in_c()
