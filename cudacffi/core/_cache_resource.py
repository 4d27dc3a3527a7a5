"""ProgramCacheResource, the base of program caches (a mapping from keys to compiled bytes), and
InMemoryProgramCache, the one that lives in this process.

A key is bytes, or str taken as UTF-8; a value is bytes-like or an ObjectCode (its code is stored). The keys
themselves are ``_cache_key``'s; the cache on disk is ``_file_cache``'s.
"""

from __future__ import annotations

import abc
import collections
import collections.abc
import threading
from typing import Any, Iterable, Mapping, Optional, Tuple, Union

from . import _utils
from ._module import ObjectCode
from ._utils import as_int

__all__ = ["InMemoryProgramCache", "ProgramCacheResource"]

_Key = Union[bytes, str]
_Value = Union[bytes, bytearray, memoryview, ObjectCode]


def _key_bytes(key: Any) -> bytes:
    if isinstance(key, (bytes, bytearray)):
        return bytes(key)
    if isinstance(key, str):
        return _utils.encode_text(key, "a cache key")
    raise TypeError("cache keys must be bytes or str, got %s" % type(key).__name__)


def _value_bytes(value: Any) -> bytes:
    """The bytes to store: bytes-like as is, an ObjectCode's code (read from its file where it names one)."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    if isinstance(value, ObjectCode):
        code = value.code
        if isinstance(code, (bytes, bytearray)):
            return bytes(code)
        try:  # a path-backed ObjectCode: store the content, not the path
            with open(code, "rb") as f:
                return f.read()
        except FileNotFoundError:
            raise FileNotFoundError("cannot store path-backed ObjectCode in cache: %s no longer exists"
                                    % _utils.printable(code)) from None
    raise TypeError("cache values must be bytes-like or ObjectCode, got %s" % type(value).__name__)


def _check_cap(max_size_bytes: Any) -> Optional[int]:
    if max_size_bytes is None:
        return None
    max_size_bytes = as_int(max_size_bytes, "max_size_bytes")
    if max_size_bytes <= 0:
        raise ValueError("max_size_bytes must be positive or None (0 would evict every write)")
    return max_size_bytes


class ProgramCacheResource(abc.ABC):
    """The base of program caches: a mapping from keys (bytes, or str taken as UTF-8: ``"k"`` and ``b"k"`` are
    one entry) to compiled bytes. Subclasses implement ``__getitem__`` (KeyError when absent),
    ``__setitem__`` (bytes-like or ObjectCode), ``__delitem__``, ``__len__`` and ``clear``.

    There is deliberately no ``in``: between a test and a read another process may replace or evict the entry,
    so look up with ``get``, which answers both at once. A cache is a context manager; ``close`` releases
    what the backend holds."""

    @abc.abstractmethod
    def __getitem__(self, key: _Key) -> bytes:
        """The bytes stored under ``key``; KeyError where there are none."""

    @abc.abstractmethod
    def __setitem__(self, key: _Key, value: _Value) -> None:
        """Store ``value`` (bytes-like, or an ObjectCode's code) under ``key``."""

    @abc.abstractmethod
    def __delitem__(self, key: _Key) -> None:
        """Remove ``key``'s entry; KeyError where there is none."""

    @abc.abstractmethod
    def __len__(self) -> int:
        """The number of entries."""

    @abc.abstractmethod
    def clear(self) -> None:
        """Remove every entry from the cache."""

    __contains__ = None  # see the class docstring: use get()

    def get(self, key: _Key, default: Any = None) -> Any:
        """Return ``self[key]`` or ``default`` if absent."""
        try:
            return self[key]
        except KeyError:
            return default

    def update(self, items: Union[Mapping[_Key, _Value], Iterable[Tuple[_Key, _Value]]], /) -> None:
        """Bulk ``__setitem__`` from a mapping or an iterable of (key, value) pairs (not atomic: a failure
        leaves the earlier entries stored)."""
        pairs = items.items() if isinstance(items, collections.abc.Mapping) else items
        for key, value in pairs:
            self[key] = value

    def close(self) -> None:
        """Release backend resources (these backends hold none between calls: the cache stays usable)."""

    def __enter__(self) -> ProgramCacheResource:
        return self

    def __exit__(self, exc_type: Any, exc_value: Any, traceback: Any) -> None:
        self.close()


class InMemoryProgramCache(ProgramCacheResource):
    """A program cache in this process's memory, thread-safe, evicting the least recently used entries once
    the stored bytes exceed ``max_size_bytes`` (None: unbounded). An entry larger than the cap is not kept."""

    def __init__(self, *, max_size_bytes: Optional[int] = None) -> None:
        self._max = _check_cap(max_size_bytes)
        self._entries = collections.OrderedDict()
        self._total = 0
        self._lock = threading.Lock()

    def __getitem__(self, key: _Key) -> bytes:
        k = _key_bytes(key)
        with self._lock:
            try:
                data = self._entries[k]
            except KeyError:
                raise KeyError(key) from None
            self._entries.move_to_end(k)
            return data

    def __setitem__(self, key: _Key, value: _Value) -> None:
        k = _key_bytes(key)
        data = _value_bytes(value)
        with self._lock:
            old = self._entries.pop(k, None)
            if old is not None:
                self._total -= len(old)
            self._entries[k] = data
            self._total += len(data)
            while self._max is not None and self._total > self._max:
                _, evicted = self._entries.popitem(last=False)
                self._total -= len(evicted)

    def __delitem__(self, key: _Key) -> None:
        k = _key_bytes(key)
        with self._lock:
            try:
                self._total -= len(self._entries.pop(k))
            except KeyError:
                raise KeyError(key) from None

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        """Remove every entry from the cache."""
        with self._lock:
            self._entries.clear()
            self._total = 0

    def __repr__(self) -> str:
        return "<InMemoryProgramCache entries=%d bytes=%d max_size_bytes=%r>" % (len(self), self._total, self._max)
