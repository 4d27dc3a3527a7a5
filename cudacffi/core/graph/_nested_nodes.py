"""The nodes that hold graphs of their own: ChildGraphNode (a copy of a definition, run as one node) and the
conditional nodes (IfNode, IfElseNode, WhileNode, SwitchNode: bodies run as a GraphCondition says).

Their graphs are GraphDefinitions viewing what the node holds: valid as long as the node is.
"""

from __future__ import annotations

from typing import Optional, Tuple

from .. import _registry, _utils
from .._utils import check
from ..typing import GraphConditionalType
from ._condition import GraphCondition
from ._definition import GraphDefinition
from ._node_builder import definition_handle
from ._nodes import GraphNode
from ._params import needs

__all__ = ["ChildGraphNode", "ConditionalNode", "IfElseNode", "IfNode", "SwitchNode", "WhileNode"]


@_registry.provides
class ChildGraphNode(GraphNode):
    """A copy of another definition, run as one node."""

    __slots__ = ()

    def _describe(self) -> str:
        return " child=0x%x" % int(self._params("cuGraphChildGraphNodeGetGraph"))

    @property
    def child_graph(self) -> GraphDefinition:
        """The embedded graph (a view of this node's copy)."""
        return GraphDefinition._view(self._params("cuGraphChildGraphNodeGetGraph"), self, self._graph._state)

    def update(self, child: GraphDefinition) -> None:
        """Run a copy of ``child`` instead (same topology as the current child)."""
        h = definition_handle(child)
        drv = _utils.driver()
        needs(drv, 12020, "ChildGraphNode.update")
        p = drv.CUgraphNodeParams()
        p.type = drv.CUgraphNodeType.CU_GRAPH_NODE_TYPE_GRAPH
        p.graph.graph = h
        self._set_params((child,), lambda d, node: check(d.cuGraphNodeSetParams(node, p)))


@_registry.provides
class ConditionalNode(GraphNode):
    """A conditional node (an IfNode, IfElseNode, WhileNode or SwitchNode where made here)."""

    __slots__ = ()
    _kind: Optional[GraphConditionalType] = None

    def _describe(self) -> str:
        condition = self._info.get("condition")
        return "" if type(self) is ConditionalNode or condition is None else " condition=0x%x" % condition._v

    @property
    def condition(self) -> Optional[GraphCondition]:
        """The GraphCondition (None for a node not made here)."""
        return self._info.get("condition")

    @property
    def cond_type(self) -> Optional[GraphConditionalType]:
        """GraphConditionalType IF, WHILE or SWITCH (None for a node not made here)."""
        return self._kind

    @property
    def branches(self) -> Tuple[GraphDefinition, ...]:
        """The bodies, as GraphDefinitions (empty for a node not made here)."""
        self._live()
        return tuple(GraphDefinition._view(h, self, self._graph._state) for h in self._info.get("branches", ()))


@_registry.provides
class IfNode(ConditionalNode):
    """Runs ``then`` when the condition is non-zero."""

    __slots__ = ()
    _kind = GraphConditionalType.IF

    @property
    def then(self) -> GraphDefinition:
        """The body run when the condition is non-zero."""
        return self.branches[0]


@_registry.provides
class IfElseNode(ConditionalNode):
    """Runs ``then`` when the condition is non-zero, ``else_`` when it is zero."""

    __slots__ = ()
    _kind = GraphConditionalType.IF

    @property
    def then(self) -> GraphDefinition:
        """The body run when the condition is non-zero."""
        return self.branches[0]

    @property
    def else_(self) -> GraphDefinition:
        """The body run when the condition is zero."""
        return self.branches[1]


@_registry.provides
class WhileNode(ConditionalNode):
    """Runs ``body`` while the condition is non-zero."""

    __slots__ = ()
    _kind = GraphConditionalType.WHILE

    @property
    def body(self) -> GraphDefinition:
        """The loop body."""
        return self.branches[0]


@_registry.provides
class SwitchNode(ConditionalNode):
    """Runs the branch the condition's value indexes."""

    __slots__ = ()
    _kind = GraphConditionalType.SWITCH
