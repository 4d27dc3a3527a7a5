"""Classes of the upper layers that lower layers hand out, without importing upward.

``Stream.device`` answers a ``Device``, ``Stream.create_graph_builder`` a ``GraphBuilder``: the classes sit in layers
above the stream's. Each such class registers itself as it is defined (``@provides``) and the lower layer looks it
up when called (``lookup("Device")``). ``cudacffi.core`` imports every layer, so a lookup made through the package
always finds the class; the arrows of import stay one way (see DESIGN.md, "cudacffi.core's layers").
"""

from __future__ import annotations

from typing import Any, Dict, TypeVar

__all__ = ["lookup", "provides"]

_T = TypeVar("_T", bound=type)
_classes: Dict[str, Any] = {}


def provides(cls: _T) -> _T:
    """Class decorator: register ``cls`` under its name for the lower layers."""
    if _classes.setdefault(cls.__name__, cls) is not cls:
        raise RuntimeError("cudacffi.core: two classes named %s registered" % cls.__name__)
    return cls


def lookup(name: str) -> Any:
    """The class registered as ``name``."""
    return _classes[name]
