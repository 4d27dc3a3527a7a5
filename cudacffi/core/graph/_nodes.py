"""GraphNode, the base of every node of a graph definition; EmptyNode; and AdjacencySetProxy, a node's
predecessors or successors as a set whose changes add and remove edges.

Node objects are light: what a node knows beyond the driver lives with its graph (``_definition._State``), so
``pred``, ``succ``, ``nodes()`` and ``edges()`` give back objects equal to (and as capable as) those the builder
methods returned. The node kinds are in ``_kernel_nodes``, ``_memory_nodes``, ``_event_nodes`` and
``_nested_nodes``.
"""

from __future__ import annotations

import collections.abc
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, Iterator, List, Sequence, Set

from .. import _registry, _utils
from .._utils import check
from . import _lifetime
from ._node_builder import NodeBuilder
from ._params import edges_call, listed

if TYPE_CHECKING:
    from ._definition import GraphDefinition

__all__ = ["AdjacencySetProxy", "EmptyNode", "GraphNode"]


class AdjacencySetProxy(collections.abc.MutableSet):
    """A node's predecessors (or successors) as a set; adding and removing adds and removes edges."""

    __slots__ = ("_node", "_forward")

    def __init__(self, node: "GraphNode", forward: bool) -> None:
        self._node = node
        self._forward = forward

    def _members(self) -> List["GraphNode"]:
        drv = _utils.driver()
        fn = drv.cuGraphNodeGetDependentNodes if self._forward else drv.cuGraphNodeGetDependencies
        graph = self._node._graph
        return [graph._wrap(h) for h in listed(fn, self._node._live())]

    def __contains__(self, x: object) -> bool:
        return isinstance(x, GraphNode) and x in self._members()

    def __iter__(self) -> Iterator["GraphNode"]:
        return iter(self._members())

    def __len__(self) -> int:
        return len(self._members())

    def _handles(self, others: Iterable[Any]) -> List[Any]:
        """The handles of ``others``, checked to be live GraphNodes (all checked before any edge changes)."""
        self._node._live()
        hs = []
        for other in others:
            if not isinstance(other, GraphNode):
                raise TypeError("expected GraphNode, got %s" % type(other).__name__)
            hs.append(other._live())  # one of another graph: the driver refuses the edge (CUDAError)
        return hs

    def _edges(self, fn_name: str, others: Sequence[Any]) -> None:
        me = self._node._live()
        graph = self._node._graph
        hs = self._handles(others)
        if not hs:
            return
        frm, to = ([me] * len(hs), hs) if self._forward else (hs, [me] * len(hs))
        drv = _utils.driver()
        edges_call(drv, getattr(drv, fn_name), graph._h, frm, to)

    def add(self, value: "GraphNode") -> None:
        if not isinstance(value, GraphNode):
            raise TypeError("expected GraphNode, got %s" % type(value).__name__)
        if value not in self:
            self._edges("cuGraphAddDependencies", [value])

    def discard(self, value: "GraphNode") -> None:
        if not isinstance(value, GraphNode):
            raise TypeError("Argument 'value' has incorrect type (expected %s.GraphNode, got %s)"
                            % (GraphNode.__module__, type(value).__name__))
        if value in self:
            self._edges("cuGraphRemoveDependencies", [value])

    def clear(self) -> None:
        self._edges("cuGraphRemoveDependencies", self._members())

    def update(self, *others: Any) -> None:
        """Add edges to every node of ``others`` (nodes, or iterables of nodes) in one driver call."""
        have = self._members()
        new: List[GraphNode] = []
        for it in others:
            for x in ((it,) if isinstance(it, GraphNode) else it):
                if not isinstance(x, GraphNode):
                    raise TypeError("expected GraphNode, got %s" % type(x).__name__)
                if x not in have and x not in new:
                    new.append(x)
        self._edges("cuGraphAddDependencies", new)

    def __ior__(self, it: Any) -> "AdjacencySetProxy":
        self.update(it)
        return self

    def __isub__(self, it: Any) -> "AdjacencySetProxy":
        have = self._members()
        gone = have if it is self else [x for x in set(it) if isinstance(x, GraphNode) and x in have]
        self._edges("cuGraphRemoveDependencies", gone)
        return self

    @classmethod
    def _from_iterable(cls, it: Iterable[Any]) -> Set[Any]:  # what the set operators (&, |, -, ^) give: a set
        return set(it)

    def __repr__(self) -> str:
        return "{%s}" % ", ".join(map(repr, self._members()))


@_registry.provides
class GraphNode(NodeBuilder):
    """A node of a graph definition. Its builder methods add nodes that depend on it."""

    __slots__ = ("_h", "_hv", "_graph", "__weakref__")
    _h: Any
    _hv: int
    _graph: "GraphDefinition"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("graph nodes cannot be instantiated directly: use a GraphDefinition's or a node's "
                           "builder methods")

    @staticmethod
    def _make(cls: type, graph: "GraphDefinition", handle: Any) -> Any:
        hv = int(handle)
        objects = graph._state.objects
        self = objects.get(hv)
        if self is None:
            self = object.__new__(cls)
            self._h = handle
            self._hv = hv
            self._graph = graph
            objects[hv] = self
        return self

    @property
    def _info(self) -> Dict[str, Any]:
        """What this node knows beyond the driver (see _definition._State)."""
        return self._graph._state.info.setdefault(self._hv, {"class": type(self)})

    def _set_params(self, keep: Sequence[Any], set_params: Callable[[Any, Any], Any]) -> None:
        """Call ``set_params(driver, node)``; the objects ``keep`` then replace those the node's old parameters
        used (which the graph lets go of: its clones and instantiations keep theirs)."""
        drv = _utils.driver()
        h = self._live()
        graph = self._graph._h
        obj = _lifetime.attach(drv, graph, keep)
        try:
            set_params(drv, h)
        except BaseException:
            _lifetime.detach_quietly(drv, graph, obj)
            raise
        info = self._info
        old, info["uobj"], info["uses"] = info.get("uobj"), obj, tuple(keep)
        _lifetime.detach(drv, graph, old)

    def _live(self) -> Any:
        if self._h is None or self._hv in self._graph._state.destroyed:
            raise RuntimeError("the graph node was destroyed")
        self._graph._live()
        return self._h

    def _live_graph(self) -> "GraphDefinition":
        self._live()
        return self._graph

    def _target(self) -> "GraphDefinition":
        return self._live_graph()

    def _deps(self) -> List[Any]:
        return [self._live()]

    @property
    def graph(self) -> "GraphDefinition":
        """The GraphDefinition this node belongs to."""
        return self._graph

    @property
    def handle(self) -> Any:
        """The ``driver.CUgraphNode``; None once destroyed, as cuda.core's."""
        return self._h if self.is_valid else None

    @property
    def type(self) -> Any:
        """The node's ``driver.CUgraphNodeType``."""
        return check(_utils.driver().cuGraphNodeGetType(self._live()))

    @property
    def is_valid(self) -> bool:
        return self._h is not None and self._hv not in self._graph._state.destroyed and self._graph.is_valid

    def _holds_graphs(self) -> bool:  # the bodies and child graph it holds live as long as it does
        return self.is_valid

    @property
    def pred(self) -> AdjacencySetProxy:
        """The nodes this one depends on: a set whose changes add and remove edges."""
        self._live()
        return AdjacencySetProxy(self, False)

    @pred.setter
    def pred(self, nodes: Iterable["GraphNode"]) -> None:
        adj = self.pred
        nodes = list(nodes)
        adj._handles(nodes)  # all checked before any edge goes
        adj.clear()
        adj.update(nodes)

    @property
    def succ(self) -> AdjacencySetProxy:
        """The nodes that depend on this one: a set whose changes add and remove edges."""
        self._live()
        return AdjacencySetProxy(self, True)

    @succ.setter
    def succ(self, nodes: Iterable["GraphNode"]) -> None:
        adj = self.succ
        nodes = list(nodes)
        adj._handles(nodes)  # all checked before any edge goes
        adj.clear()
        adj.update(nodes)

    def destroy(self) -> None:
        """Remove this node and its edges from the graph (nothing happens for a node already destroyed)."""
        if not self.is_valid:
            self._h = None
            return
        drv = _utils.driver()
        check(drv.cuGraphDestroyNode(self._h))
        self._graph._state.destroyed.add(self._hv)
        self._graph._state.objects.pop(self._hv, None)
        self._h = None
        info = self._graph._state.info.get(self._hv)
        if info is not None:  # what it used: released by this graph (its clones and instantiations keep theirs)
            info.pop("uses", None)
            _lifetime.detach(drv, self._graph._h, info.pop("uobj", None))

    def _params(self, getter: str) -> Any:
        return check(getattr(_utils.driver(), getter)(self._live()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GraphNode):
            return NotImplemented
        return other._hv == self._hv and other._graph._h == self._graph._h

    def __hash__(self) -> int:
        return hash((GraphNode, self._hv))

    def _describe(self) -> str:
        """What the repr says beyond the handle (each class its own, as cuda.core's reprs do)."""
        return ""

    def __repr__(self) -> str:
        try:
            extra = self._describe()
        except Exception:  # a destroyed node or graph: the driver can no longer say
            extra = ""
        return "<%s handle=0x%x%s>" % (type(self).__name__, self._hv if self.is_valid else 0, extra)


@_registry.provides
class EmptyNode(GraphNode):
    """An empty node: orders the nodes before it before those after it."""

    __slots__ = ()
