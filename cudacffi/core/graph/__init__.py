"""CUDA graphs (``cudacffi.core.graph``, cuda.core's ``cuda.core.graph``).

By stream capture: GraphBuilder records the work launched into it (``launch(builder, ...)``, copies and fills with
``stream=builder``, host callbacks) and ``complete()`` instantiates it into a Graph to launch as often as wanted.

    gb = device.create_graph_builder().begin_building()
    launch(gb, config, kernel, buf)
    left, right = gb.split(2)          # two branches that run concurrently in the graph
    ...
    gb = GraphBuilder.join(left, right)
    graph = gb.end_building().complete()
    graph.launch(stream)

A builder is a stream in capture mode (``__cuda_stream__``): whatever takes a stream takes it. Host callbacks are
Python callables kept alive as long as a graph that may run them lives (CUDA user objects attached to the captured
graph carry them into its clones and instantiations).

Conditional nodes during capture: ``create_condition()`` makes a condition variable, a kernel captured before the
node sets it (``cudaGraphSetConditional``), and ``if_then`` / ``if_else`` / ``while_loop`` / ``switch`` add the
node and return a builder per body, which captures into that body after its own ``begin_building()``:

    cond = gb.create_condition(default_value=1)
    body = gb.while_loop(cond)
    body.begin_building()
    launch(body, config, step, cond, counter)      # the body runs again while step sets cond non-zero
    body.end_building()

Node by node: GraphDefinition and its nodes (``g.memset(...)``, ``node.launch(...)``, ``g.instantiate()``), and
``graph[node].update(...)`` on an instantiated graph.

The modules, bottom to top (each imports only those before it; a class a lower one hands out is looked up in
``_registry``): ``_lifetime`` (what graphs keep alive), ``_params`` (node parameters), ``_condition``
(GraphCondition), ``_graph`` (Graph and its options), ``_node_builder`` (the builder methods), ``_nodes``
(GraphNode, EmptyNode), ``_definition`` (GraphDefinition), the node kinds (``_kernel_nodes``, ``_memory_nodes``,
``_event_nodes``, ``_nested_nodes``), ``_executable`` (the views of an instantiated graph's nodes) and
``_builder`` (GraphBuilder).
"""

from ..typing import GraphConditionalType, GraphMemoryType
from ._builder import MAX_SPLIT, GraphBuilder  # noqa: F401 (MAX_SPLIT: public, outside __all__ as before)
from ._condition import GraphCondition
from ._definition import GraphDefinition
from ._event_nodes import EventRecordNode, EventWaitNode
from ._executable import (ExecutableChildGraphNode, ExecutableEventRecordNode, ExecutableEventWaitNode,
                          ExecutableGraphNode, ExecutableHostCallbackNode, ExecutableKernelNode, ExecutableMemcpyNode,
                          ExecutableMemsetNode)
from ._graph import Graph, GraphCompleteOptions, GraphDebugPrintOptions
from ._kernel_nodes import HostCallbackNode, KernelNode
from ._memory_nodes import AllocNode, FreeNode, MemcpyNode, MemsetNode
from ._nested_nodes import ChildGraphNode, ConditionalNode, IfElseNode, IfNode, SwitchNode, WhileNode
from ._nodes import EmptyNode, GraphNode

__all__ = ["AllocNode", "ChildGraphNode", "ConditionalNode", "EmptyNode", "EventRecordNode", "EventWaitNode",
           "ExecutableChildGraphNode", "ExecutableEventRecordNode", "ExecutableEventWaitNode", "ExecutableGraphNode",
           "ExecutableHostCallbackNode", "ExecutableKernelNode", "ExecutableMemcpyNode", "ExecutableMemsetNode",
           "FreeNode", "Graph", "GraphBuilder", "GraphCompleteOptions", "GraphCondition", "GraphConditionalType",
           "GraphDebugPrintOptions", "GraphDefinition", "GraphMemoryType", "GraphNode", "HostCallbackNode",
           "IfElseNode", "IfNode", "KernelNode", "MemcpyNode", "MemsetNode", "SwitchNode", "WhileNode"]
