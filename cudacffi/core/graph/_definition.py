"""GraphDefinition: a graph built node by node (cuGraphCreate and the cuGraphAdd*Node calls).

    g = GraphDefinition()
    fill = g.memset(buf, 0, buf.size)                  # an entry node (no dependencies)
    k = fill.launch(config, kernel, buf, n)            # depends on fill
    done = k.callback(lambda: print("done"))
    graph = g.instantiate()
    graph.launch(stream)
    graph[k].update(config=config, kernel=kernel, args=(other, n))   # the instantiated graph's node

A builder method on the definition adds an entry node; the same method on a node adds a node that depends on it;
``join`` adds an empty node depending on several. What a node uses lives as long as a graph using it does (see
``_lifetime``). The bodies of conditional nodes, child graphs and ``GraphBuilder.graph_definition`` are definitions
too: views of a graph that something else owns.
"""

from __future__ import annotations

import weakref
from typing import Any, Dict, List, Optional, Set, Tuple

from .. import _registry, _release, _utils
from .._utils import check
from . import _lifetime
from ._condition import GraphCondition
from ._graph import Graph, GraphCompleteOptions, GraphDebugPrintOptions, dot_print, instantiate
from ._node_builder import NodeBuilder
from ._nodes import EmptyNode, GraphNode

__all__ = ["GraphDefinition"]

# the class of a node of each driver type, for nodes this library did not make (each kind is registered in
# _registry by the module that defines it)
_CLASS_OF_TYPE = {
    "CU_GRAPH_NODE_TYPE_KERNEL": "KernelNode", "CU_GRAPH_NODE_TYPE_MEMCPY": "MemcpyNode",
    "CU_GRAPH_NODE_TYPE_MEMSET": "MemsetNode", "CU_GRAPH_NODE_TYPE_HOST": "HostCallbackNode",
    "CU_GRAPH_NODE_TYPE_GRAPH": "ChildGraphNode", "CU_GRAPH_NODE_TYPE_EMPTY": "EmptyNode",
    "CU_GRAPH_NODE_TYPE_WAIT_EVENT": "EventWaitNode", "CU_GRAPH_NODE_TYPE_EVENT_RECORD": "EventRecordNode",
    "CU_GRAPH_NODE_TYPE_MEM_ALLOC": "AllocNode", "CU_GRAPH_NODE_TYPE_MEM_FREE": "FreeNode",
    "CU_GRAPH_NODE_TYPE_CONDITIONAL": "ConditionalNode",
}


class _State:
    """What the nodes of one graph hierarchy (a graph and its bodies and children) know beyond the driver: per
    node handle, a dict of its Python objects ("uobj": the user object keeping what its parameters use alive;
    "uses": those objects; "class"; "launch"; "event"; "callback"; "condition"; "branches"), the handles of
    nodes destroyed, and the node objects alive (one per node: the builder method's result is the object
    ``nodes()``, ``edges()``, ``pred`` and ``succ`` give back, as cuda.core's are)."""

    __slots__ = ("info", "destroyed", "_objects")

    def __init__(self) -> None:
        self.info: Dict[int, Dict[str, Any]] = {}
        self.destroyed: Set[int] = set()
        self._objects: Any = None  # made on first use: a captured graph whose nodes nobody asks for needs none

    @property
    def objects(self) -> Any:
        """node handle -> its node object (a WeakValueDictionary)."""
        objects = self._objects
        if objects is None:
            objects = self._objects = weakref.WeakValueDictionary()
        return objects


@_registry.provides
class GraphDefinition(NodeBuilder):
    """A graph built node by node. ``GraphDefinition()`` makes an empty one; the bodies of conditional nodes,
    child graphs and ``GraphBuilder.graph_definition`` are definitions too (views of a graph that something
    else owns). ``instantiate()`` gives a Graph to launch."""

    __slots__ = ("_h", "_owner", "_state", "__weakref__")
    _h: Any
    _owner: Any  # True: this object destroys the graph; else the node or builder holding it
    _state: _State

    def __init__(self) -> None:
        self._h = None
        self._owner = True  # this object destroys the graph
        self._state = _State()
        self._h = check(_utils.driver().cuGraphCreate(0))

    @classmethod
    def _view(cls, handle: Any, owner: Any, state: Optional[_State] = None) -> "GraphDefinition":
        """A definition of a graph that ``owner`` (the node or builder it belongs to, kept alive) holds."""
        self = object.__new__(cls)
        self._h = handle
        self._owner = owner
        self._state = _State() if state is None else state
        return self

    @classmethod
    def _owning(cls, handle: Any) -> "GraphDefinition":
        """A definition that destroys the graph ``handle`` when it goes."""
        return cls._view(handle, True)

    def _live(self) -> Any:
        if self._h is None:
            raise RuntimeError("the graph definition is no longer valid")
        owner = self._owner
        if owner is not True and owner is not None and not owner._holds_graphs():
            raise RuntimeError("the graph definition is no longer valid: the %s that holds it is gone"
                               % ("node" if isinstance(owner, GraphNode) else "graph builder"))
        return self._h

    def _target(self) -> "GraphDefinition":
        self._live()
        return self

    def _deps(self) -> List[Any]:
        return []

    @property
    def handle(self) -> Any:
        """The ``driver.CUgraph``."""
        return self._h

    @property
    def is_valid(self) -> bool:
        try:
            self._live()
        except RuntimeError:
            return False
        return True

    def empty(self) -> EmptyNode:
        """An entry empty node."""
        return self._register(EmptyNode, check(_utils.driver().cuGraphAddEmptyNode(self._live(), [], 0)))

    def create_condition(self, default_value: Optional[int] = None) -> GraphCondition:
        """A condition variable of this graph, for its conditional nodes; ``default_value`` (0 <= value < 2**32)
        is set at the start of every launch where given."""
        return GraphCondition._create(self._live(), default_value)

    def instantiate(self, options: Optional[GraphCompleteOptions] = None) -> Graph:
        """A Graph of this definition to launch (``options``: GraphCompleteOptions)."""
        return instantiate(self._live(), options)

    def debug_dot_print(self, path: str, options: Optional[GraphDebugPrintOptions] = None) -> None:
        """Write this graph as a DOT file to ``path``."""
        if options is not None and not isinstance(options, GraphDebugPrintOptions):
            raise TypeError("options must be a GraphDebugPrintOptions instance")
        dot_print(self._live(), path, options)

    def nodes(self) -> Set[GraphNode]:
        """The set of this graph's nodes."""
        drv = _utils.driver()
        h = self._live()
        n = check(drv.cuGraphGetNodes(h))[-1]
        handles = list(check(drv.cuGraphGetNodes(h, n))[0]) if n else []
        return {self._wrap(x) for x in handles}

    def edges(self) -> Set[Tuple[GraphNode, GraphNode]]:
        """The set of this graph's edges, as (from node, to node) pairs."""
        drv = _utils.driver()
        h = self._live()
        n = check(drv.cuGraphGetEdges(h))[-1]
        if not n:
            return set()
        out = check(drv.cuGraphGetEdges(h, n))
        return {(self._wrap(a), self._wrap(b)) for a, b in zip(out[0], out[1])}

    # -- the registry of node objects --------------------------------------------------------------------------------
    def _register(self, cls: type, handle: Any, info: Optional[Dict[str, Any]] = None, uobj: Any = None,
                  uses: Any = ()) -> Any:
        hv = int(handle)
        record = dict(info or {})
        record["uobj"] = uobj
        record["uses"] = tuple(uses)
        record["class"] = cls
        self._state.info[hv] = record
        self._state.destroyed.discard(hv)
        self._state.objects.pop(hv, None)  # a node destroyed before at this address: not this one
        return GraphNode._make(cls, self, handle)

    def _wrap(self, handle: Any) -> Any:
        """A node object for a driver node of this graph: of the class it was made as, else by its type."""
        record = self._state.info.get(int(handle))
        if record is not None:
            return GraphNode._make(record["class"], self, handle)
        kind = check(_utils.driver().cuGraphNodeGetType(handle))
        name = _CLASS_OF_TYPE.get(getattr(kind, "name", None))
        return GraphNode._make(GraphNode if name is None else _registry.lookup(name), self, handle)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GraphDefinition):
            return NotImplemented
        return self._h is not None and other._h is not None and int(other._h) == int(self._h)

    def __hash__(self) -> int:
        return hash(0 if self._h is None else int(self._h))

    def __repr__(self) -> str:
        return "<GraphDefinition handle=0x%x>" % (0 if self._h is None else int(self._h))

    def __del__(self, _exiting: Any = _lifetime._exiting, _defer: Any = _release.defer) -> None:
        # (bound here: globals may be gone at exit)
        if self._owner is True and self._h is not None:
            h, self._h = self._h, None
            if not _exiting[0]:
                _defer(_destroy_graph, h)  # a finalizer only queues (see _release)


def _destroy_graph(h: Any) -> None:
    _utils.driver().cuGraphDestroy(h)
    _lifetime.drain()
