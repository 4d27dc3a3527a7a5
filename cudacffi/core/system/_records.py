"""The shapes of NVML's answers: read-only records of values read once (``_Record``) and tuples of them
(``_Sequence``). Each concept's module defines its records on these; they name ``cudacffi.core.system`` as their
module, where they are exported (and found again when unpickled)."""

from __future__ import annotations

from typing import Any

MODULE = "cudacffi.core.system"  # the module that exports this package's classes


class _Record:
    """Values read once from NVML, as read-only attributes."""

    __slots__ = ()
    _fields: tuple = ()

    def __init__(self, *values):
        for field, value in zip(self._fields, values):
            object.__setattr__(self, "_" + field, value)

    def __setattr__(self, name, value):
        raise AttributeError("%s is read-only" % type(self).__name__)

    def __reduce__(self):
        return type(self), tuple(getattr(self, f) for f in self._fields)

    def __eq__(self, other):
        return type(other) is type(self) and all(getattr(self, f) == getattr(other, f) for f in self._fields)

    def __hash__(self):
        return hash(tuple(getattr(self, f) for f in self._fields))

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join("%s=%r" % (f, getattr(self, f)) for f in self._fields))


def _field(name: str) -> Any:
    """The read-only property of a record's field ``name`` (its value in the slot ``_<name>``)."""
    def get(self: Any, attr: str = "_" + name) -> Any:
        return getattr(self, attr)

    return property(get)


class _Sequence(tuple):
    """A tuple of records (``len`` and indexing), as several NVML answers are."""

    __slots__ = ()
    _out_of_range = "index out of range"

    def __getitem__(self, index):
        try:
            return tuple.__getitem__(self, index)
        except IndexError:  # the message cuda.core's gives
            raise IndexError(self._out_of_range) from None

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, list(self))
