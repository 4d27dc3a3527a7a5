"""The lifecycle every owner of a driver or library handle shares: ``close()``, ``is_closed`` and a finalizer that
only queues the release (see ``_release``); ``ClosedOnExit`` adds ``with`` (closing on leaving the block).

A subclass has a ``_handle`` slot (None once closed) and says how its handle is released:

``_destroy(handle)``
    the release; a staticmethod of the library's call (``staticmethod(driver.cuStreamDestroy)``) keeps the finalizer
    from holding the object, a method may use the object's state. Its answer is checked where it is a status tuple.
``_owns_handle()``
    whether closing releases (False for a handle wrapped from elsewhere, which is only let go); True by default.

Subclasses with more to do on close (logs kept) extend ``close`` and call ``super().close()``; one whose release
may wait (an Event a graph still uses) replaces it.
"""

from __future__ import annotations

from typing import Any, Optional

from .. import check
from . import _release

__all__ = ["Closeable", "ClosedOnExit"]


class Closeable:
    __slots__ = ()
    _handle: Any

    def _destroy(self, handle: Any) -> Any:  # pragma: no cover - every subclass has its own
        raise NotImplementedError

    def _owns_handle(self) -> bool:
        return True

    @property
    def is_closed(self) -> bool:
        """Whether this object has been closed (its handle released or let go)."""
        return self._handle is None

    def close(self) -> None:
        """Release the handle (idempotent); the object then reads as closed."""
        _release.drain()
        handle = self._handle
        if handle is None:
            return
        self._handle = None
        if self._owns_handle():
            result = self._destroy(handle)
            if isinstance(result, tuple):
                check(result)

    def __del__(self, _defer: Any = _release.defer) -> None:  # a finalizer only queues (see _release)
        handle = getattr(self, "_handle", None)  # (None where __init__ failed)
        if handle is not None and self._owns_handle():
            self._handle = None
            _defer(self._destroy, handle)


class ClosedOnExit(Closeable):
    """A Closeable that is its own context manager: ``with obj:`` closes it on leaving the block."""

    __slots__ = ()

    def __enter__(self) -> Any:
        return self

    def __exit__(self, exc_type: Optional[type], exc: Optional[BaseException], tb: Any) -> None:
        self.close()
