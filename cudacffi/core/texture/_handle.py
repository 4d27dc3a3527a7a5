"""The lifetime every texture-side object shares: a counted reference on each driver handle (``Owned``), so that
an array outlives its own ``close()`` while a texture, surface or level view still reads it, and the close /
``with`` / finalizer / pickling rules of the objects holding one (``Handle``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn, Optional, Sequence

from .. import _context, _release, _utils
from .._utils import check

if TYPE_CHECKING:
    from .._device import Device

__all__ = ["Handle", "Owned", "not_direct"]


class Owned:
    """A driver handle destroyed when its last holder lets go (``acquire`` / ``release``): an array outlives
    its own ``close()`` while a texture, surface or level view still reads it."""

    __slots__ = ("handle", "_destroy", "_refs", "__weakref__")

    def __init__(self, handle: Any, destroy: Optional[str]) -> None:
        self.handle = handle
        self._destroy = destroy  # name of the driver function that frees the handle, or None
        self._refs = 1

    def acquire(self) -> "Owned":
        self._refs += 1
        return self

    def release(self) -> None:
        self._refs -= 1
        if self._refs == 0 and self._destroy is not None:
            destroy, self._destroy = self._destroy, None
            check(getattr(_utils.driver(), destroy)(self.handle))


def _release_owned(owner: Owned, deps: Sequence[Owned]) -> None:
    """What ``Handle.close()`` releases, for a collected one."""
    try:
        owner.release()
    finally:
        for dep in deps:
            dep.release()


class Handle:
    """Shared by the wrappers here: an Owned reference, released once by close(), __exit__ or collection."""

    __slots__ = ()
    _kind = "object"
    _owner: Optional[Owned]
    _deps: Sequence[Owned]
    _device_id: int

    def _live_owner(self) -> Owned:
        owner = self._owner
        if owner is None:
            raise RuntimeError("%s has been closed" % type(self).__name__)
        return owner

    @property
    def is_closed(self) -> bool:
        return self._owner is None

    def close(self) -> None:
        """Let go of the handle (idempotent); the driver frees it once nothing else holds it."""
        owner, self._owner = self._owner, None
        deps, self._deps = self._deps, ()
        try:
            if owner is not None:
                owner.release()
        finally:
            for dep in deps:
                dep.release()

    def __enter__(self) -> Any:
        return self

    def __exit__(self, exc_type: Optional[type], exc: Optional[BaseException], tb: Any) -> None:
        self.close()

    def __reduce__(self) -> NoReturn:
        raise TypeError("cannot pickle %r object (it owns a driver handle of this process)" % type(self).__name__)

    def __del__(self, _defer: Any = _release.defer) -> None:  # a finalizer only queues (see _release)
        owner = getattr(self, "_owner", None)
        if owner is not None:
            deps = self._deps
            self._owner, self._deps = None, ()
            _defer(_release_owned, owner, deps)

    @property
    def device(self) -> "Device":
        return _context.device(self._device_id)


def not_direct(cls: str, factory: str) -> NoReturn:
    """The refusal of a direct construction: ``cls`` is made by ``Device.<factory>()``."""
    raise RuntimeError("%s cannot be instantiated directly: use Device.%s()" % (cls, factory))
