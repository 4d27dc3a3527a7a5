"""What graph nodes use, kept alive by CUDA user objects; what instantiated graphs' updates use, kept until the
launches that may use it ran.

A node that uses Python objects (an Event, Buffers, a Kernel and its arguments, a callable) attaches them to its
graph through a user object: an entry of ``_attached`` under a key, and a user object whose destructor is
``_released_by_driver(key)``, retained by the graph (CU_GRAPH_USER_OBJECT_MOVE). The driver copies the graph's
references into its clones, the child-graph nodes embedding it, the executable graphs instantiated or updated from
it and their launches in flight, and runs the destructor once the last of them lets go. Updating a node attaches
its new parameters and releases the graph's reference to the old ones; destroying a node releases its.

The destructor runs on a driver thread, where CUDA may not be called: it moves the entry to ``_released`` and
nothing more (a dict pop and a deque append, both atomic; no lock, no import, no finalizer run there). What it moved
is dropped later on a Python thread, by ``drain`` at the next graph call (attaching, closing, destroying), where an
Event's or a Buffer's finalizer may call CUDA.

An object closed explicitly while a user object keeps it (``Event.close()``) asks ``_holds.defer_close``
first: its CUDA handle is then released once the last user object keeping it is.

What an instantiated graph's node updates use (``graph[node].update(...)``) is in no user object: the Graph keeps
it. Replaced by a later update, or let go of when the Graph closes, it may still be used by launches in flight;
``retire`` records an event on every stream the graph was launched on, and ``drain`` drops the objects once those
events completed. Where no event can tell (a stream capturing the launch, no context), they are kept for the rest of
the process: a leak, never memory or a callback freed under running work.

A finalizer (``__del__`` of a GraphDefinition, Graph or GraphBuilder) may run on a thread Python did not start (a
driver thread running a host callback or a user object's destructor) or inside another import: it only hands its
handle to the release queue (``_release``), whose calls ``drain`` makes on a Python thread.
"""

from __future__ import annotations

import atexit
import collections
import itertools
from typing import Any, Deque, Dict, Iterable, List, Optional, Tuple

from ... import _direct
from .. import _holds, _release, _utils
from .._utils import check

__all__ = ["attach", "detach", "detach_quietly", "drain", "retire"]

_attached: Dict[int, Tuple[Any, ...]] = {}  # key -> the tuple of objects a user object keeps alive
_released: Deque[Optional[Tuple[Any, ...]]] = collections.deque()  # tuples the driver let go of, to drop here
_keys = itertools.count(1)
_exiting = _release._exiting  # set at interpreter exit: graphs are then left to the process's end, not destroyed
_deferred = _release._queue
_on_foreign_thread = _release.on_foreign_thread

_retired: Deque[Tuple[List[Any], Any]] = collections.deque()  # (events, objects)
_kept: List[Any] = []  # objects whose last use cannot be known


def retire(streams: Dict[int, Any], objects: Any) -> None:
    """Let go of ``objects`` once the work queued now on ``streams`` ({CUstream int: the object launched on}, those
    a graph was launched on) has run."""
    if not objects:
        return
    if not streams:  # never launched: nothing can be using them
        _release_all(objects)
        return
    drv = _utils.driver()
    events = []
    try:
        none = drv.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_NONE
        for h, stream in streams.items():
            if getattr(stream, "is_closed", False):  # its handle is no longer one to give the driver
                raise LookupError(h)
            err, status = drv.cuStreamIsCapturing(h)
            if err or status != none:
                raise LookupError(h)
            err, ev = drv.cuEventCreate(drv.CUevent_flags.CU_EVENT_DISABLE_TIMING)
            if err:
                raise LookupError(h)
            events.append(ev)
            if drv.cuEventRecord(ev, h)[0]:
                raise LookupError(h)
    except LookupError:
        for ev in events:
            drv.cuEventDestroy(ev)
        _kept.append(objects)
        return
    _retired.append((events, objects))


def _release_all(objects: Any) -> None:
    """Disarm the callback records among ``objects`` (nested in tuples and dicts too); the rest just goes."""
    stack = [objects]
    while stack:
        x = stack.pop()
        if isinstance(x, _direct.CallbackRecord):
            x.release()
        elif isinstance(x, (tuple, list)):
            stack.extend(x)
        elif isinstance(x, dict):
            stack.extend(x.values())


def _drop_retired() -> None:
    """Drop what ``retire`` kept whose events completed (on a Python thread)."""
    if not _retired:
        return
    drv = _utils.driver()
    not_ready = drv.CUresult.CUDA_ERROR_NOT_READY
    for _ in range(len(_retired)):
        try:
            events, objects = _retired.popleft()
        except IndexError:
            return
        if any(drv.cuEventQuery(ev)[0] == not_ready for ev in events):
            _retired.append((events, objects))
            continue
        for ev in events:
            drv.cuEventDestroy(ev)
        _release_all(objects)
        del objects


def _released_by_driver(key: int) -> None:
    """A user object's destructor (a driver thread): hand what it kept to a Python thread to drop."""
    _released.append(_attached.pop(key, None))


def drain() -> None:
    """Drop what the driver released (on this Python thread): callback records are disarmed, objects let go; and
    make the CUDA calls finalizers on driver threads deferred. Nothing happens on a driver thread."""
    if _on_foreign_thread():
        return
    _release.drain()
    if _retired and not _exiting[0]:
        try:
            _drop_retired()
        except Exception:  # no driver to ask (a lost context): they stay
            pass
    while _released:
        try:
            item = _released.popleft()
        except IndexError:
            return
        for x in item or ():
            if isinstance(x, _direct.CallbackRecord):
                x.release()
        _holds.unhold(item or ())
        del item


@atexit.register
def _at_exit() -> None:
    # A destructor fired while the interpreter finalizes could not take the GIL: graphs still alive then are not
    # destroyed (the process's end frees them), so the driver has nothing to call back into.
    _release.at_exit()
    drain()


def attach(drv: Any, graph: Any, objects: Iterable[Any]) -> Any:
    """A user object keeping the tuple ``objects`` alive, retained by ``graph`` (a CUgraph); None where there is
    nothing to keep."""
    drain()
    objects = tuple(objects)
    if all(x is None for x in objects):
        return None
    key = next(_keys)
    _attached[key] = objects
    _holds.hold(objects)
    flags = int(drv.CUuserObject_flags.CU_USER_OBJECT_NO_DESTRUCTOR_SYNC)
    err, obj = drv.cuUserObjectCreate(key, _released_by_driver, 1, flags)
    if err:
        _attached.pop(key, None)
        _holds.unhold(objects)
        check((err,))
    err, = drv.cuGraphRetainUserObject(graph, obj, 1, int(drv.CUuserObjectRetain_flags.CU_GRAPH_USER_OBJECT_MOVE))
    if err:
        drv.cuUserObjectRelease(obj, 1)  # the destructor hands the objects back
        check((err,))
    return obj


def detach(drv: Any, graph: Any, obj: Any) -> None:
    """Release ``graph``'s reference to the user object ``obj`` (from ``attach``; None: nothing)."""
    if obj is not None:
        check(drv.cuGraphReleaseUserObject(graph, obj, 1))
    drain()


def detach_quietly(drv: Any, graph: Any, obj: Any) -> None:
    """``detach`` while another error is on its way (that one is what the caller sees)."""
    try:
        detach(drv, graph, obj)
    except Exception:
        pass
