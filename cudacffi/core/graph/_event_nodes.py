"""The nodes that order work with events: EventRecordNode (records an Event) and EventWaitNode (waits for one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .. import _registry
from .._utils import check
from ._nodes import GraphNode
from ._params import event_handle

if TYPE_CHECKING:
    from .._event import Event

__all__ = ["EventRecordNode", "EventWaitNode"]


@_registry.provides
class EventRecordNode(GraphNode):
    """An event record."""

    __slots__ = ()

    def _describe(self) -> str:
        return " event=0x%x" % int(self._params("cuGraphEventRecordNodeGetEvent"))

    @property
    def event(self) -> Optional["Event"]:
        """The Event recorded (None for a node not made here)."""
        return self._info.get("event")

    def update(self, event: "Event") -> None:
        """Record ``event`` instead."""
        ev = event_handle(event)
        self._set_params((event,), lambda d, h: check(d.cuGraphEventRecordNodeSetEvent(h, ev)))
        self._info["event"] = event


@_registry.provides
class EventWaitNode(GraphNode):
    """A wait for an event."""

    __slots__ = ()

    def _describe(self) -> str:
        return " event=0x%x" % int(self._params("cuGraphEventWaitNodeGetEvent"))

    @property
    def event(self) -> Optional["Event"]:
        """The Event waited for (None for a node not made here)."""
        return self._info.get("event")

    def update(self, event: "Event") -> None:
        """Wait for ``event`` instead."""
        ev = event_handle(event)
        self._set_params((event,), lambda d, h: check(d.cuGraphEventWaitNodeSetEvent(h, ev)))
        self._info["event"] = event
