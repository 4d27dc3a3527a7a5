"""Classes (and a few functions) of the upper layers that lower layers hand out, without importing upward.

``Stream.device`` answers a ``Device``, ``Stream.create_graph_builder`` a ``GraphBuilder``: the classes sit in layers
above the stream's. Each such object registers itself as it is defined (``@provides``, or ``@provides_as(name)``
where its name is taken, as ``system.Device``'s is by ``Device``) and the lower layer looks it up when called
(``lookup("Device")``). ``cudacffi.core`` imports every layer (``system`` registers on its first import, which is
what makes a ``system.Device`` exist), so a lookup always finds what it asks for; the arrows of import stay one way
(see DESIGN.md, "cudacffi.core's layers").
"""

from __future__ import annotations

from typing import Any, Callable, Dict, TypeVar

__all__ = ["lookup", "provides", "provides_as"]

_T = TypeVar("_T", bound=Callable[..., Any])
_provided: Dict[str, Any] = {}


def provides_as(name: str) -> Callable[[_T], _T]:
    """Decorator: register a class or function under ``name`` for the lower layers."""
    def register(obj: _T) -> _T:
        if _provided.setdefault(name, obj) is not obj:
            raise RuntimeError("cudacffi.core: two objects registered as %s" % name)
        return obj
    return register


def provides(obj: _T) -> _T:
    """Decorator: register a class or function under its own name (``__name__``)."""
    return provides_as(obj.__name__)(obj)


def lookup(name: str) -> Any:
    """The class or function registered as ``name``."""
    return _provided[name]
