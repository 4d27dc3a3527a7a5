"""Condition variables of graphs (GraphCondition) and the conditional nodes' driver call, shared by definitions
and by captures.

Conditional nodes need CUDA 12.3+ headers and driver (if/else and switch 12.8+). Device code sets the condition
with ``cudaGraphSetConditional(handle, value)``; a GraphCondition passes to ``launch`` as that handle.
"""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

from ... import _direct
from .. import _utils
from .._utils import check
from ._params import U32, add_node, as_uint, current_context, needs

__all__ = ["GraphCondition", "add_conditional", "checked_condition"]


@_direct.value_type  # launch() passes a condition as its CUgraphConditionalHandle value (its _v)
class GraphCondition:
    """A condition variable of a graph (``create_condition()``), for conditional nodes. Device code sets its
    value with ``cudaGraphSetConditional``: pass the GraphCondition to ``launch`` as the kernel's
    ``cudaGraphConditionalHandle`` argument."""

    __slots__ = ("_v", "_handle", "__weakref__")
    _v: int
    _handle: Any

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("GraphCondition objects cannot be instantiated directly: use create_condition()")

    @classmethod
    def _create(cls, graph: Any, default_value: Optional[int]) -> "GraphCondition":
        if default_value is not None:
            default_value = as_uint(default_value, "default_value", 0, U32)
        drv = _utils.driver()
        needs(drv, 12030, "a graph condition")
        ctx = current_context()
        flags = 0 if default_value is None else int(drv.CU_GRAPH_COND_ASSIGN_DEFAULT)
        handle = check(drv.cuGraphConditionalHandleCreate(graph, ctx, default_value or 0, flags))
        self = object.__new__(cls)
        self._handle = handle
        self._v = int(handle)
        return self

    @property
    def handle(self) -> int:
        """The ``CUgraphConditionalHandle``'s value, an int (as cuda.core gives it)."""
        return self._v

    def getPtr(self) -> int:
        """Address of 8 bytes holding the handle (what a kernel argument of this condition points to)."""
        return self._handle.getPtr()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GraphCondition):
            return NotImplemented
        return other._v == self._v

    def __hash__(self) -> int:
        return hash(self._v)

    def __repr__(self) -> str:
        return "<GraphCondition handle=0x%x>" % self._v


def checked_condition(condition: Any) -> GraphCondition:
    """``condition``, which must be a GraphCondition (TypeError in cuda.core's words else)."""
    if not isinstance(condition, GraphCondition):
        raise TypeError("Argument 'condition' has incorrect type (expected %s.GraphCondition, got %s)"
                        % (GraphCondition.__module__, type(condition).__name__))
    return condition


def add_conditional(drv: Any, graph: Any, deps: List[Any], condition: GraphCondition, kind: str, size: int,
                    ctx: Any) -> Tuple[Any, List[Any]]:
    """(node, [body CUgraph]) of a conditional node added to ``graph`` after ``deps``."""
    p = drv.CUgraphNodeParams()
    p.type = drv.CUgraphNodeType.CU_GRAPH_NODE_TYPE_CONDITIONAL
    c = p.conditional
    c.handle = condition._v
    c.type = getattr(drv.CUgraphConditionalNodeType, kind)
    c.size = size
    c.ctx = ctx
    node = add_node(drv, graph, deps, p)
    return node, list(p.conditional.phGraph_out)  # the driver's array of bodies, as long as the node lives
