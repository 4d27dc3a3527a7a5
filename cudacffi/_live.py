"""Tables of the live handles of NVRTC, nvJitLink and NVVM, whose libraries crash on a destroyed handle.

A table holds one ``Entry`` per handle its module created and has not destroyed; destroying removes it, so a
table holds only the live handles however many come and go. A call holds its handle's entry from the check
to the library's return (``enter`` ... ``Entry.leave``), and a destroy removes the entry first (later calls
are refused) and then waits for the call in flight (``claim``). So "check the handle is live, then use it"
and "destroy it" never overlap: no call reaches the library with a freed handle.

Calls on one handle run one at a time (the libraries document concurrent calls on one program as a race);
calls on different handles run in parallel. An entry is re-entrant for its thread: a call may query the
same handle while converting its arguments (an output buffer's size). A destroy asked while a call of the
same thread holds the handle (from inside that call's argument conversion) is refused, since waiting would
never end. The table lock is held only for the table's own updates, never across a library call or a wait.

A value is live again once the library gives it out again (a new handle at a freed handle's address): the
new ``Entry`` is a different object, so a call that was waiting on the old one sees it is gone.
"""

import threading

_ident = threading.get_ident

# Why ``enter`` or ``claim`` refused a handle.
NOT_LIVE = "not live"
OTHER_THREAD = "other thread"
IN_USE = "in use"


class Entry:
    """One live handle: ``value``, the thread that created it, and the lock a call holds while using it."""

    __slots__ = ("value", "creator", "_lock", "_owner", "_depth")

    def __init__(self, value):
        self.value = value
        self.creator = _ident()
        self._lock = threading.Lock()
        self._owner = None  # the thread holding it; only that thread sets it to its own ident
        self._depth = 0

    def hold(self):
        me = _ident()
        if self._owner == me:
            self._depth += 1
            return
        self._lock.acquire()
        self._owner = me
        self._depth = 1

    def leave(self):
        """Release the hold of ``Live.enter`` (once per successful enter)."""
        self._depth -= 1
        if not self._depth:
            self._owner = None
            self._lock.release()


class Untracked:
    """What ``enter`` gives for a value that is not checked (NULL, which the library reports itself)."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def leave(self):
        pass


class Live:
    """The live handles of one kind. ``same_thread``: a handle may be used only on the thread that created it."""

    __slots__ = ("kind", "same_thread", "_entries", "_lock")

    def __init__(self, kind, same_thread=False):
        self.kind = kind
        self.same_thread = same_thread
        self._entries = {}
        self._lock = threading.Lock()

    def __len__(self):
        return len(self._entries)

    def __contains__(self, value):
        return value in self._entries

    def add(self, value):
        """Record a handle the library just created (replacing a stale entry at the same value)."""
        with self._lock:
            self._entries[value] = Entry(value)

    def enter(self, value):
        """Hold ``value``'s entry for a call and return it (release it with ``leave``), or return why not:
        ``NOT_LIVE`` or ``OTHER_THREAD``. Waits while another thread's call holds the same handle."""
        e = self._entries.get(value)
        if e is None:
            return NOT_LIVE
        if self.same_thread and e.creator != _ident():
            return OTHER_THREAD
        e.hold()
        if self._entries.get(value) is not e:  # destroyed (and perhaps made again) while this call waited
            e.leave()
            return NOT_LIVE
        return e

    def claim(self, value):
        """Remove ``value`` to destroy it, once no call is using it: None when the caller may destroy it,
        else why not (``NOT_LIVE``, ``OTHER_THREAD``, ``IN_USE`` by a call of this thread). Of two threads
        claiming one handle, one gets None and the other ``NOT_LIVE``."""
        me = _ident()
        with self._lock:
            e = self._entries.get(value)
            if e is None:
                return NOT_LIVE
            if self.same_thread and e.creator != me:
                return OTHER_THREAD
            if e._owner == me:
                return IN_USE
            del self._entries[value]
        e.hold()  # a call of another thread that holds it finishes first; later ones see it gone
        e.leave()
        return None
