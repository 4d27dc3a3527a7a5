"""Objects a graph keeps alive, counted so that closing one defers its release until no graph needs it.

A graph's user objects (``graph/_lifetime``) keep the events, buffers and kernels its nodes use. ``hold`` and
``unhold`` count, per object, the live user objects keeping it; ``defer_close`` lets ``obj.close()`` hand its
release to the last of them. It sits at the bottom of core so that an Event (below graphs) can ask it.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Dict, Iterable, List

__all__ = ["defer_close", "hold", "unhold"]

_holding: Dict[int, List[Any]] = {}  # id(object) -> [how many live user objects keep it, closers deferred until none]
_holding_lock = threading.Lock()  # (Python threads only: the driver's destructor thread never takes it)
_PLAIN = (int, float, str, bytes, bool)  # values, not resources: never closed, not counted


def hold(objects: Iterable[Any]) -> None:
    """Count ``objects`` as kept by one more user object."""
    with _holding_lock:
        for x in objects:
            if x is not None and not isinstance(x, _PLAIN):
                entry = _holding.get(id(x))
                if entry is None:
                    _holding[id(x)] = [1, []]
                else:
                    entry[0] += 1


def unhold(objects: Iterable[Any]) -> None:
    """Count ``objects`` as kept by one user object fewer; run the closers of those no user object keeps now."""
    closers = []
    with _holding_lock:
        for x in objects:
            entry = _holding.get(id(x)) if x is not None and not isinstance(x, _PLAIN) else None
            if entry is not None:
                entry[0] -= 1
                if entry[0] == 0:
                    del _holding[id(x)]
                    closers += entry[1]
    for closer in closers:
        try:
            closer()
        except Exception:  # as a finalizer's: nothing to hand it to
            pass


def defer_close(obj: Any, closer: Callable[[], Any]) -> bool:
    """For ``obj.close()``: where a graph's user object keeps ``obj``, run ``closer()`` (which releases its CUDA
    handle) once the last of them is released, and return True; else return False (close now)."""
    with _holding_lock:
        entry = _holding.get(id(obj))
        if entry is None:
            return False
        entry[1].append(closer)
        return True
