"""The views of an instantiated graph's nodes (``graph[node]``): ``update`` changes a node's parameters for the
graph's next launches; kernel, memset and memcpy nodes can also be disabled and enabled.

What an update uses is kept by the Graph, not by a user object; what the previous update used goes once the
launches that may use it ran (``_lifetime.retire``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence, Tuple, Union

from .. import _registry, _utils
from .._memory import Buffer
from .._utils import check
from . import _lifetime
from ._definition import GraphDefinition
from ._event_nodes import EventRecordNode, EventWaitNode
from ._kernel_nodes import HostCallbackNode, KernelNode
from ._memory_nodes import MemcpyNode, MemsetNode
from ._nested_nodes import ChildGraphNode
from ._node_builder import definition_handle
from ._nodes import GraphNode
from ._params import (address, as_uint, current_context, event_handle, host_params, kernel_params, memcpy_params,
                      memset_params)

if TYPE_CHECKING:
    from .._event import Event
    from .._kernel import Kernel
    from .._launch_config import LaunchConfig
    from ._graph import Graph

__all__ = ["ExecutableChildGraphNode", "ExecutableEventRecordNode", "ExecutableEventWaitNode", "ExecutableGraphNode",
           "ExecutableHostCallbackNode", "ExecutableKernelNode", "ExecutableMemcpyNode", "ExecutableMemsetNode"]


@_registry.provides  # (Graph.__getitem__ looks it up: Graph is below the node classes)
class ExecutableGraphNode:
    """A node of an instantiated Graph (``graph[node]``, ``node`` from the definition it was instantiated from):
    ``update`` changes its parameters for the graph's next launches."""

    __slots__ = ("_exec", "_node")
    _exec: "Graph"
    _node: GraphNode

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("executable node views cannot be instantiated directly: use graph[node]")

    @classmethod
    def _of(cls, graph: "Graph", node: GraphNode) -> "ExecutableGraphNode":
        self = object.__new__(cls)
        self._exec = graph
        self._node = node
        return self

    @staticmethod
    def _view(graph: "Graph", node: GraphNode) -> "ExecutableGraphNode":
        """``graph[node]``: the view of ``node`` in the instantiated ``graph``."""
        if not isinstance(node, GraphNode):
            raise TypeError("a Graph is indexed by a GraphNode, not %s" % type(node).__name__)
        cls = _EXECUTABLE.get(type(node))
        if cls is None:
            raise TypeError("%s has no executable view: only kernel, memcpy, memset, child graph, event record, "
                            "event wait and host callback nodes can be updated in an instantiated graph"
                            % type(node).__name__)
        node._live()
        if graph._exec is None:
            raise RuntimeError("the graph is closed")
        return cls._of(graph, node)

    def _handles(self) -> Tuple[Any, Any]:
        return self._exec._live(), self._node._live()

    def _keep(self, what: Any) -> None:
        """``what`` the node's update uses, kept by the Graph; what the previous update used goes once the
        launches that may use it ran."""
        graph = self._exec
        old = graph._keep.get(self._node._hv)
        graph._keep[self._node._hv] = what
        if old is not None:
            _lifetime.retire(dict(graph._streams), (old,))

    def __repr__(self) -> str:
        return "<%s of %r>" % (type(self).__name__, self._node)


class _Switchable(ExecutableGraphNode):
    __slots__ = ()

    @property
    def is_enabled(self) -> bool:
        """Whether the node runs in the graph's launches."""
        return bool(check(_utils.driver().cuGraphNodeGetEnabled(*self._handles())))

    def enable(self) -> None:
        check(_utils.driver().cuGraphNodeSetEnabled(*self._handles(), 1))

    def disable(self) -> None:
        check(_utils.driver().cuGraphNodeSetEnabled(*self._handles(), 0))


class ExecutableKernelNode(_Switchable):
    """A kernel node of an instantiated graph."""

    __slots__ = ()

    def update(self, *, config: "LaunchConfig", kernel: "Kernel", args: Sequence[Any]) -> None:
        """Launch ``kernel`` with ``config`` and ``args`` (all given; ``args=()`` for none) from now on."""
        drv = _utils.driver()
        params, used = kernel_params(drv, config, kernel, args)
        check(drv.cuGraphExecKernelNodeSetParams(*self._handles(), params))
        self._keep((params, used))


class ExecutableMemsetNode(_Switchable):
    """A memset node of an instantiated graph."""

    __slots__ = ()

    def update(self, *, dst: Union[Buffer, int], value: Any, width: int, height: int = 1, pitch: int = 0) -> None:
        """Fill this instead from now on (as ``memset()`` takes it)."""
        dptr, dkeep = address(dst, None, "dst")
        drv = _utils.driver()
        params = memset_params(drv, dptr, value, width, height, pitch)
        check(drv.cuGraphExecMemsetNodeSetParams(*self._handles(), params, current_context()))
        self._keep(dkeep)


class ExecutableMemcpyNode(_Switchable):
    """A memcpy node of an instantiated graph."""

    __slots__ = ()

    def update(self, *, dst: Union[Buffer, int], src: Union[Buffer, int], size: int) -> None:
        """Copy this instead from now on (as ``memcpy()`` takes it)."""
        dptr, dkeep = address(dst, None, "dst")
        sptr, skeep = address(src, None, "src")
        size = as_uint(size, "size")
        drv = _utils.driver()
        check(drv.cuGraphExecMemcpyNodeSetParams(*self._handles(), memcpy_params(drv, dptr, sptr, size),
                                                 current_context()))
        self._keep((dkeep, skeep))


class ExecutableChildGraphNode(ExecutableGraphNode):
    """A child graph node of an instantiated graph."""

    __slots__ = ()

    def update(self, child: GraphDefinition) -> None:
        """Run ``child`` (same topology) from now on."""
        h = definition_handle(child)
        check(_utils.driver().cuGraphExecChildGraphNodeSetParams(*self._handles(), h))
        self._keep(child)


class ExecutableEventRecordNode(ExecutableGraphNode):
    """An event record node of an instantiated graph."""

    __slots__ = ()

    def update(self, event: "Event") -> None:
        """Record ``event`` from now on."""
        check(_utils.driver().cuGraphExecEventRecordNodeSetEvent(*self._handles(), event_handle(event)))
        self._keep(event)


class ExecutableEventWaitNode(ExecutableGraphNode):
    """An event wait node of an instantiated graph."""

    __slots__ = ()

    def update(self, event: "Event") -> None:
        """Wait for ``event`` from now on."""
        check(_utils.driver().cuGraphExecEventWaitNodeSetEvent(*self._handles(), event_handle(event)))
        self._keep(event)


class ExecutableHostCallbackNode(ExecutableGraphNode):
    """A host callback node of an instantiated graph."""

    __slots__ = ()

    def update(self, fn: Any, *, user_data: Any = None) -> None:
        """Run ``fn`` (the forms ``callback()`` takes) from now on."""
        drv = _utils.driver()
        params, _, keep = host_params(drv, fn, user_data)
        check(drv.cuGraphExecHostNodeSetParams(*self._handles(), params))
        self._keep(keep)


_EXECUTABLE = {KernelNode: ExecutableKernelNode, MemsetNode: ExecutableMemsetNode, MemcpyNode: ExecutableMemcpyNode,
               ChildGraphNode: ExecutableChildGraphNode, EventRecordNode: ExecutableEventRecordNode,
               EventWaitNode: ExecutableEventWaitNode, HostCallbackNode: ExecutableHostCallbackNode}
