"""PeerAccessibleBySetProxy: the live set of devices that may reach a device pool's memory
(``DeviceMemoryResource.peer_accessible_by``), read from and written to the driver, never copied."""

from __future__ import annotations

import collections.abc
from typing import TYPE_CHECKING, Any, Iterable, Iterator, List, Set

from .. import _context, _utils
from .._utils import check
from ._checks import device_ordinal

if TYPE_CHECKING:
    from .._device import Device

__all__ = ["PeerAccessibleBySetProxy"]


class PeerAccessibleBySetProxy(collections.abc.MutableSet):
    """The live set of devices that can access a pool's memory, as cuda.core's: reads ask the driver
    (``cuMemPoolGetAccess``), writes tell it (``cuMemPoolSetAccess``, one call for each bulk operation); no
    copy is kept. Iteration gives Devices; ``add``, ``discard`` and ``in`` take a Device or an ordinal, and
    ignore the pool's own device. Set operators (``|``, ``&``, ...) give plain sets."""

    __slots__ = ("_mr",)

    def __init__(self, mr: Any) -> None:
        self._mr = mr

    @classmethod
    def _from_iterable(cls, it: Iterable[Any]) -> Set[Any]:
        return set(it)

    def _ids(self) -> List[int]:
        drv = _utils.driver()
        pool = self._mr._live_pool()
        out = []
        for device_id in range(check(drv.cuDeviceGetCount())):
            if device_id == self._mr._device_id:
                continue
            loc = drv.CUmemLocation()
            loc.type = drv.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
            loc.id = device_id
            flags = check(drv.cuMemPoolGetAccess(pool, loc))
            if int(flags) == int(drv.CUmemAccess_flags.CU_MEM_ACCESS_FLAGS_PROT_READWRITE):
                out.append(device_id)
        return out

    def _apply(self, additions: Iterable[Any], removals: Iterable[Any]) -> None:
        """One cuMemPoolSetAccess granting ``additions`` and revoking ``removals`` (Devices or ordinals; the
        pool's own device left out), after checking that the pool's device can reach each addition."""
        owner = self._mr._device_id
        add = {device_ordinal(d) for d in additions} - {owner}
        remove = {device_ordinal(d) for d in removals} - {owner} - add
        have = set(self._ids())
        add -= have
        remove &= have
        bad = sorted(i for i in add if not _context.device(owner).can_access_peer(i))
        if bad:
            raise ValueError("Device %d cannot access peer(s): %s" % (owner, ", ".join(str(i) for i in bad)))
        if not add and not remove:
            return
        drv = _utils.driver()
        descs = []
        for ids, flags in ((add, "CU_MEM_ACCESS_FLAGS_PROT_READWRITE"), (remove, "CU_MEM_ACCESS_FLAGS_PROT_NONE")):
            for i in sorted(ids):
                d = drv.CUmemAccessDesc()
                d.location.type = drv.CUmemLocationType.CU_MEM_LOCATION_TYPE_DEVICE
                d.location.id = i
                d.flags = getattr(drv.CUmemAccess_flags, flags)
                descs.append(d)
        check(drv.cuMemPoolSetAccess(self._mr._live_pool(), descs, len(descs)))

    def _assign(self, devices: Iterable[Any]) -> None:
        want = {device_ordinal(d) for d in devices}
        self._apply(want, set(self._ids()) - want)

    def _ordinals(self, devices: Iterable[Any]) -> Set[int]:
        """The ordinals of ``devices``, leaving out what names no device."""
        found = set()
        for d in devices:
            try:
                found.add(device_ordinal(d))
            except (TypeError, ValueError):
                continue
        return found

    def __contains__(self, device: object) -> bool:
        try:
            i = device_ordinal(device)
        except (TypeError, ValueError):
            return False
        return i != self._mr._device_id and i in self._ids()

    def __iter__(self) -> Iterator["Device"]:
        return iter([_context.device(i) for i in self._ids()])

    def __len__(self) -> int:
        return len(self._ids())

    def add(self, device: Any) -> None:
        """Grant ``device`` (a Device or ordinal) access to the pool's memory."""
        self._apply((device,), ())

    def discard(self, device: Any) -> None:
        """Revoke that access; a value that names no device is ignored."""
        try:
            i = device_ordinal(device)
        except (TypeError, ValueError):
            return
        self._apply((), (i,))

    def clear(self) -> None:
        """Revoke every other device's access."""
        self._apply((), self._ids())

    def update(self, *others: Iterable[Any]) -> None:
        """Grant every device of ``others`` access."""
        self._apply([d for other in others for d in other], ())

    def difference_update(self, *others: Iterable[Any]) -> None:
        """Revoke the access of every device of ``others``."""
        ids: Set[int] = set()
        for other in others:
            ids |= self._ordinals(other)
        self._apply((), ids)

    def intersection_update(self, *others: Iterable[Any]) -> None:
        """Keep the access of the devices found in every one of ``others`` only."""
        keep = set(self._ids())
        for other in others:
            keep &= self._ordinals(other)
        self._apply((), set(self._ids()) - keep)

    def symmetric_difference_update(self, other: Iterable[Any]) -> None:
        """Grant the devices of ``other`` that have no access, revoke those that have it."""
        toggle = self._ordinals(other)
        have = set(self._ids())
        self._apply(toggle - have, toggle & have)

    def __ior__(self, other: Iterable[Any]) -> "PeerAccessibleBySetProxy":  # type: ignore[override,misc]
        self.update(other)
        return self

    def __iand__(self, other: Iterable[Any]) -> "PeerAccessibleBySetProxy":  # type: ignore[override]
        self.intersection_update(other)
        return self

    def __isub__(self, other: Iterable[Any]) -> "PeerAccessibleBySetProxy":  # type: ignore[override]
        if other is self:
            self.clear()
        else:
            self.difference_update(other)
        return self

    def __ixor__(self, other: Iterable[Any]) -> "PeerAccessibleBySetProxy":  # type: ignore[override,misc]
        self.symmetric_difference_update(other)
        return self

    def __repr__(self) -> str:
        return "PeerAccessibleBySetProxy(%r)" % (set(self),)
