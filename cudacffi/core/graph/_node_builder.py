"""The builder methods GraphDefinition (entry nodes) and GraphNode (nodes depending on it) share: ``launch``,
``memcpy``, ``memset``, ``callback``, ``record``, ``wait``, ``embed``, ``allocate``, ``deallocate``, ``join`` and
the conditional nodes.

This mixin is the base of both classes, so the node classes it makes (and GraphDefinition, which ``embed`` takes)
are defined in the modules above this one: each registers itself with ``_registry`` as it is defined, and is looked
up here when a node is added.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Sequence, Union

from .. import _registry, _utils
from .._memory import Buffer
from .._utils import check
from ..typing import GraphMemoryType
from . import _lifetime
from ._condition import GraphCondition, add_conditional, checked_condition
from ._params import (U32, address, alloc_params, as_uint, current_context, event_handle, host_params,
                      kernel_params, memcpy_params, memset_params, needs)

if TYPE_CHECKING:
    from .._device import Device
    from .._event import Event
    from .._kernel import Kernel
    from .._launch_config import LaunchConfig
    from ._definition import GraphDefinition
    from ._event_nodes import EventRecordNode, EventWaitNode
    from ._kernel_nodes import HostCallbackNode, KernelNode
    from ._memory_nodes import AllocNode, FreeNode, MemcpyNode, MemsetNode
    from ._nested_nodes import ChildGraphNode, IfElseNode, IfNode, SwitchNode, WhileNode
    from ._nodes import EmptyNode, GraphNode

__all__ = ["NodeBuilder", "definition_handle"]


def definition_handle(child: Any, name: str = "child") -> Any:
    """The CUgraph of the GraphDefinition ``child`` (TypeError naming ``name`` for anything else)."""
    if not isinstance(child, _registry.lookup("GraphDefinition")):
        raise TypeError("%s must be a GraphDefinition, not %s" % (name, type(child).__name__))
    return child._live()


class NodeBuilder:
    """Methods that add a node: to ``_target()`` (a GraphDefinition), depending on ``_deps()`` (its handles)."""

    __slots__ = ()

    def _target(self) -> "GraphDefinition":
        raise NotImplementedError

    def _deps(self) -> List[Any]:
        raise NotImplementedError

    def _add(self, kind: str, add: Callable[[Any, Any, List[Any], int], Any], keep: Sequence[Any] = (),
             info: Optional[Dict[str, Any]] = None) -> Any:
        """A node of the class named ``kind``, made by ``add(driver, graph, deps, len(deps))``, keeping ``keep``
        alive as long as a graph uses it."""
        graph = self._target()
        deps = self._deps()
        drv = _utils.driver()
        obj = _lifetime.attach(drv, graph._h, keep)  # before the node: it never exists without what it uses
        try:
            handle = add(drv, graph._h, deps, len(deps))
        except BaseException:
            _lifetime.detach_quietly(drv, graph._h, obj)
            raise
        return graph._register(_registry.lookup(kind), handle, info, obj, keep)

    def launch(self, config: "LaunchConfig", kernel: "Kernel", *args: Any) -> "KernelNode":
        """A kernel node: ``kernel`` launched with ``config`` and ``args`` (what ``launch()`` takes), packed
        once; the driver copies the arguments, and the node keeps them alive too."""
        drv = _utils.driver()
        params, used = kernel_params(drv, config, kernel, args)
        return self._add("KernelNode", lambda d, g, deps, n: check(d.cuGraphAddKernelNode(g, deps, n, params)),
                         (params, config, kernel) + tuple(args), {"launch": used})

    def memcpy(self, dst: Union[Buffer, int], src: Union[Buffer, int], size: int, *, dst_owner: Any = None,
               src_owner: Any = None) -> "MemcpyNode":
        """A node copying ``size`` bytes from ``src`` to ``dst`` (Buffers or int addresses of device or pinned
        host memory). Buffers are kept alive; for an int, ``*_owner`` is kept alive in its place."""
        dptr, dkeep = address(dst, dst_owner, "dst")
        sptr, skeep = address(src, src_owner, "src")
        size = as_uint(size, "size")
        drv = _utils.driver()
        params = memcpy_params(drv, dptr, sptr, size)
        ctx = current_context()
        return self._add("MemcpyNode", lambda d, g, deps, n: check(d.cuGraphAddMemcpyNode(g, deps, n, params, ctx)),
                         (dkeep, skeep), {"memcpy": (dptr, sptr, size)})

    def memset(self, dst: Union[Buffer, int], value: Any, width: int, height: int = 1, pitch: int = 0, *,
               dst_owner: Any = None) -> "MemsetNode":
        """A node filling ``height`` rows of ``width`` elements at ``dst`` (``pitch`` bytes apart) with ``value``:
        an int in [0, 256) fills bytes, a buffer of 1, 2 or 4 bytes fills elements of its size."""
        dptr, dkeep = address(dst, dst_owner, "dst")
        drv = _utils.driver()
        params = memset_params(drv, dptr, value, width, height, pitch)
        ctx = current_context()
        return self._add("MemsetNode", lambda d, g, deps, n: check(d.cuGraphAddMemsetNode(g, deps, n, params, ctx)),
                         (dkeep,))

    def callback(self, fn: Any, *, user_data: Any = None) -> "HostCallbackNode":
        """A host node running ``fn()`` (``fn(user_data)`` where user_data is given) on a host thread; or a ctypes
        function pointer declared as CUhostFn, given ``user_data`` (an int address, or bytes copied and kept).
        ``fn`` must not call CUDA. It and its user data stay alive as long as a graph using this node does
        (clones, instantiations and launches in flight included)."""
        drv = _utils.driver()
        params, pyfn, keep = host_params(drv, fn, user_data)
        return self._add("HostCallbackNode", lambda d, g, deps, n: check(d.cuGraphAddHostNode(g, deps, n, params)),
                         keep, {"callback": pyfn})

    def record(self, event: "Event") -> "EventRecordNode":
        """A node recording ``event``."""
        ev = event_handle(event)
        return self._add("EventRecordNode",
                         lambda d, g, deps, n: check(d.cuGraphAddEventRecordNode(g, deps, n, ev)),
                         (event,), {"event": event})

    def wait(self, event: "Event") -> "EventWaitNode":
        """A node waiting for ``event``."""
        ev = event_handle(event)
        return self._add("EventWaitNode", lambda d, g, deps, n: check(d.cuGraphAddEventWaitNode(g, deps, n, ev)),
                         (event,), {"event": event})

    def embed(self, child: "GraphDefinition") -> "ChildGraphNode":
        """A node running a copy of the definition ``child`` (which must hold no allocation, free or conditional
        nodes); ``child`` is kept alive for what its nodes use."""
        h = definition_handle(child)
        return self._add("ChildGraphNode", lambda d, g, deps, n: check(d.cuGraphAddChildGraphNode(g, deps, n, h)),
                         (child,))

    def allocate(self, size: int, *, device: Union["Device", int, None] = None,
                 memory_type: Union[GraphMemoryType, str] = GraphMemoryType.DEVICE,
                 peer_access: Optional[Sequence[Union["Device", int]]] = None) -> "AllocNode":
        """A node allocating ``size`` bytes (``dptr`` is the address, fixed for the graph's lifetime) on ``device``
        (the current one by default), of ``memory_type`` "device", "host" or "managed", accessible from the
        devices in ``peer_access`` too."""
        drv = _utils.driver()
        params, info = alloc_params(drv, size, device, memory_type, peer_access)

        def add(d: Any, g: Any, deps: List[Any], n: int) -> Any:
            h = check(d.cuGraphAddMemAllocNode(g, deps, n, params))
            info["dptr"] = int(params.dptr)
            return h
        return self._add("AllocNode", add, (), info)

    def deallocate(self, dptr: Union[Buffer, int]) -> "FreeNode":
        """A node freeing ``dptr`` (an allocation node's address)."""
        ptr = dptr.handle if isinstance(dptr, Buffer) else as_uint(dptr, "dptr", 1)
        return self._add("FreeNode", lambda d, g, deps, n: check(d.cuGraphAddMemFreeNode(g, deps, n, ptr)))

    def join(self, *nodes: "GraphNode") -> "EmptyNode":
        """An empty node depending on this node (if it is one) and on all ``nodes``."""
        target = self._target()
        node_class = _registry.lookup("GraphNode")
        for i, node in enumerate(nodes):
            if not isinstance(node, node_class):
                raise TypeError("nodes[%d] must be a GraphNode, not %s" % (i, type(node).__name__))
            if node._live_graph() != target:
                raise ValueError("nodes[%d] belongs to another graph definition" % i)
        deps = self._deps() + [n._live() for n in nodes]
        return target._register(_registry.lookup("EmptyNode"),
                                check(_utils.driver().cuGraphAddEmptyNode(target._h, deps, len(deps))))

    # -- conditional nodes -----------------------------------------------------------------------------------------
    def if_then(self, condition: GraphCondition) -> "IfNode":
        """An if node: its ``then`` body runs when the condition is non-zero."""
        return self._conditional("IfNode", condition, "CU_GRAPH_COND_TYPE_IF", 1)

    def if_else(self, condition: GraphCondition) -> "IfElseNode":
        """An if/else node: ``then`` runs when the condition is non-zero, ``else_`` when it is zero."""
        return self._conditional("IfElseNode", condition, "CU_GRAPH_COND_TYPE_IF", 2, 12080)

    def while_loop(self, condition: GraphCondition) -> "WhileNode":
        """A while node: its ``body`` runs again and again while the condition is non-zero (checked first)."""
        return self._conditional("WhileNode", condition, "CU_GRAPH_COND_TYPE_WHILE", 1)

    def switch(self, condition: GraphCondition, count: int) -> "SwitchNode":
        """A switch node with ``count`` branches: the branch the condition's value indexes runs (none where
        the value is ``count`` or more)."""
        count = as_uint(count, "count", 1, U32)
        return self._conditional("SwitchNode", condition, "CU_GRAPH_COND_TYPE_SWITCH", count, 12080)

    def _conditional(self, kind: str, condition: GraphCondition, cond_type: str, size: int,
                     need: int = 12030) -> Any:
        checked_condition(condition)
        drv = _utils.driver()
        needs(drv, need, kind)
        target = self._target()
        deps = self._deps()
        ctx = current_context()
        handle, bodies = add_conditional(drv, target._h, deps, condition, cond_type, size, ctx)
        return target._register(_registry.lookup(kind), handle, {"condition": condition, "branches": tuple(bodies)})
