"""The release queue: what finalizers hand over instead of releasing a handle themselves.

A finalizer (``__del__``, a cffi destructor, a CUDA user object's destructor) runs wherever the collector chooses:
PyPy's inside another import's critical section or on a driver thread calling back, CPython's cyclic collector
likewise, and both at interpreter exit. There it must not import, take a lock another frame may hold, or call Python
code that may do either -- and any CUDA call may (a function's first call binds it, a library loads, a memory
resource is user code). So a finalizer only takes the handle out of its object and appends ``(fn, args)`` here
(``deque.append`` is one atomic step, and nothing else is done); ``drain()`` makes the calls on a thread Python
started: at the next call into cudacffi.core that reaches the driver (``_utils.driver()``), at an explicit
``close()`` of a Stream, an Event or a Buffer, and at each graph call.

This module imports nothing of cudacffi and must not: a finalizer reaches it with no import.
"""

import collections
import os
import threading

__all__ = ["defer", "drain", "on_foreign_thread"]

_queue = collections.deque()  # (fn, args), appended by finalizers, emptied by drain()
_exiting = [False]  # set at interpreter exit: handles still queued are left to the process's end
_DummyThread = getattr(threading, "_DummyThread", None)
_current_thread = threading.current_thread


if hasattr(os, "register_at_fork"):  # the parent's handles mean nothing in a forked child
    os.register_at_fork(after_in_child=_queue.clear)


def on_foreign_thread():
    """Whether this thread is one Python did not start (a driver thread calling back)."""
    return _DummyThread is not None and isinstance(_current_thread(), _DummyThread)


def defer(fn, *args, _append=_queue.append):
    """For a finalizer: call ``fn(*args)`` at the next ``drain()`` on a Python thread. (``_append`` is bound here:
    module globals may be gone at interpreter exit.)"""
    _append((fn, args))


def pending():
    """How many releases wait in the queue."""
    return len(_queue)


def drain():
    """Make the calls finalizers deferred, on this thread (nothing on a driver thread, nothing at interpreter exit).
    A release that fails is dropped, as the finalizer would have had nobody to report it to either."""
    if not _queue or on_foreign_thread():
        return
    while _queue:
        try:
            fn, args = _queue.popleft()
        except IndexError:  # another thread took the last one
            return
        if _exiting[0]:
            continue
        try:
            fn(*args)
        except Exception:
            pass


def at_exit():
    """Interpreter exit: releases still queued are not made (contexts may be gone; the process's end frees them)."""
    _exiting[0] = True
    _queue.clear()
