"""Graph (an instantiated graph: cuGraphInstantiate's CUgraphExec) and the options of instantiating and of DOT
printing, shared by GraphBuilder and GraphDefinition.

A Graph is made from a CUgraph it does not need after: it holds references to the user objects keeping what the
graph's nodes use (see ``_lifetime``). The definitions and builders it is updated from, and the views of its nodes
(``graph[node]``), are in the modules above this one: they are looked up in ``_registry`` when called.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, Optional, Union

from ... import _direct
from .. import _registry, _release, _utils
from .._stream import stream_handle
from .._utils import check, check_or_create_options
from . import _lifetime

if TYPE_CHECKING:
    from ..typing import IsStreamType
    from ._builder import GraphBuilder
    from ._definition import GraphDefinition
    from ._executable import ExecutableGraphNode
    from ._nodes import GraphNode

__all__ = ["Graph", "GraphCompleteOptions", "GraphDebugPrintOptions", "dot_print", "instantiate"]


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


def instantiate(graph: Any, options: Optional[GraphCompleteOptions]) -> "Graph":
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


def dot_print(graph: Any, path: Any, options: Optional[GraphDebugPrintOptions]) -> None:
    """Write the CUgraph ``graph`` as a DOT file to ``path``."""
    opts = check_or_create_options(GraphDebugPrintOptions, options, "GraphDebugPrintOptions")
    drv = _utils.driver()
    flags = 0
    for name, value in vars(opts).items():
        if value:
            flags |= int(getattr(drv.CUgraphDebugDot_flags, "CU_GRAPH_DEBUG_DOT_FLAGS_" + name.upper()))
    check(drv.cuGraphDebugDotPrint(graph, _utils.as_bytes(str(path), "path"), flags))


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


def _update_failure(drv: Any, graph_exec: Any, graph: Any) -> str:
    """The CUgraphExecUpdateResult name of why updating ``graph_exec`` from ``graph`` fails (the binding gives no
    result info with a failing status: the update is asked again, of the C function, for its reason)."""
    try:
        info = drv.CUgraphExecUpdateResultInfo()
        _direct.driver_call("cuGraphExecUpdate", int(graph_exec), int(graph), _direct.struct_pointer(info))
        return drv.CUgraphExecUpdateResult(int(info.result)).name
    except Exception:  # no reason to give: the generic one
        return "CU_GRAPH_EXEC_UPDATE_ERROR"


class Graph:
    """An instantiated graph (``GraphBuilder.complete()``, ``GraphDefinition.instantiate()``): ``launch(stream)``
    runs it, ``upload(stream)`` prepares it ahead of the first launch, ``graph[node]`` is a node of the
    definition it was instantiated from, to update for the next launches. What the nodes of the definitions it
    was made and updated from use (Buffers, kernel arguments, events, callables) lives as long as it does, or
    its last launch runs: it holds its own references to their user objects."""

    __slots__ = ("_exec", "_keep", "_streams", "__weakref__")
    _exec: Any
    _keep: Dict[int, Any]
    _streams: Dict[int, Any]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("directly constructing a Graph instance is not supported")

    @classmethod
    def _init(cls, graph_exec: Any) -> "Graph":
        self = object.__new__(cls)
        self._exec = graph_exec
        self._keep = {}  # node handle -> what its latest update uses
        self._streams = {}  # CUstream int -> the stream launched on, since it kept update objects
        return self

    def _live(self) -> Any:
        """The CUgraphExec; once closed, a null one, which the driver refuses (CUDAError), as under cuda.core."""
        return self._exec if self._exec is not None else _utils.driver().CUgraphExec(0)

    @property
    def handle(self) -> Any:
        """The ``driver.CUgraphExec`` (reading 0 once closed)."""
        return self._live()

    @property
    def is_closed(self) -> bool:
        return self._exec is None

    def launch(self, stream: "IsStreamType") -> None:
        """Run the graph on ``stream`` (a Stream or any object with ``__cuda_stream__``); RuntimeError once the
        graph is closed, as cuda.core 1.2.2."""
        if self._exec is None:
            raise RuntimeError("Graph has been closed")
        if _lifetime._deferred or _lifetime._released or _lifetime._retired:  # what is left to do
            _lifetime.drain()
        h = stream_handle(stream)
        check(_utils.driver().cuGraphLaunch(self._live(), h))
        if self._keep and h not in self._streams:  # what the updates use waits for the work queued there
            self._streams[h] = stream

    def upload(self, stream: "IsStreamType") -> None:
        """Upload the graph's work to the device on ``stream``, ahead of its first launch."""
        check(_utils.driver().cuGraphUpload(self._live(), stream_handle(stream)))

    def update(self, source: Union["GraphBuilder", "GraphDefinition"]) -> None:
        """Take the parameters of every node from ``source`` (a GraphDefinition, or a GraphBuilder that ended
        building) whose topology is the same as this graph's; CUDAError (CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE)
        where it differs in what an update cannot change."""
        if isinstance(source, _registry.lookup("GraphBuilder")):
            if source._stream is None:
                raise RuntimeError("GraphBuilder has been closed")
            if source._graph is None:
                raise ValueError("Graph has not finished building.")
            handle = source._graph
        elif isinstance(source, _registry.lookup("GraphDefinition")):
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

    def __getitem__(self, node: "GraphNode") -> "ExecutableGraphNode":
        """The view of ``node`` (a node of the definition this graph was instantiated from) in this graph."""
        return _registry.lookup("ExecutableGraphNode")._view(self, node)

    def close(self) -> None:
        """Destroy the graph (launches in flight finish first; what they use lives until then)."""
        if self._exec is not None:
            e, self._exec = self._exec, None
            keep, self._keep = self._keep, {}
            streams, self._streams = self._streams, {}
            _destroy_exec(e, streams, keep)

    def __del__(self, _defer: Any = _release.defer) -> None:  # a finalizer only queues (see _release)
        if getattr(self, "_exec", None) is not None:
            e, self._exec = self._exec, None
            _defer(_destroy_exec, e, self._streams, self._keep)


def _destroy_exec(e: Any, streams: Dict[int, Any], keep: Dict[int, Any]) -> None:
    """Destroy the CUgraphExec ``e``; what its updates use (``keep``) goes once the launches on ``streams`` ran."""
    if _lifetime._exiting[0]:  # left to the process's end (see _lifetime.attach)
        return
    check(_utils.driver().cuGraphExecDestroy(e))
    _lifetime.retire(streams, keep)  # launches in flight may still use them
    _lifetime.drain()
