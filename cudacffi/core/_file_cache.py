"""FileStreamProgramCache: a program cache in a directory that processes share.

Every write lands in a temporary file that ``os.replace`` moves into place, so a reader sees a whole entry or
none; each entry carries a header with the digests of its key and payload, so a truncated, corrupted or
misplaced file reads as a miss (and is removed) rather than as wrong code.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from typing import List, Optional, Tuple, Union

from ._cache_resource import ProgramCacheResource, _check_cap, _Key, _key_bytes, _Value, _value_bytes

__all__ = ["FileStreamProgramCache", "default_cache_dir"]


# An entry file: magic, sha256(key), payload length (8 bytes, little-endian), sha256(payload), payload.
_MAGIC = b"CCFPCv1\n"
_HEADER = len(_MAGIC) + 32 + 8 + 32
_STALE_TMP_SECONDS = 3600


def default_cache_dir() -> str:
    """``$XDG_CACHE_HOME/cudacffi/program-cache`` (``~/.cache/...`` where XDG_CACHE_HOME is unset; on Windows
    under ``%LOCALAPPDATA%``)."""
    if os.name == "nt":
        root = os.environ.get("LOCALAPPDATA") or os.path.join(os.path.expanduser("~"), "AppData", "Local")
    else:
        root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(root, "cudacffi", "program-cache")


class FileStreamProgramCache(ProgramCacheResource):
    """A program cache in a directory (``path``; default ``default_cache_dir()``) that processes and threads
    share. Writes go to ``tmp/`` and are moved into ``entries/`` with ``os.replace``, so an entry is never seen
    half written; a file whose header does not match its key and payload is a miss, and is removed.
    Reads refresh an entry's modification time, and once the entries exceed ``max_size_bytes`` (None:
    unbounded) the least recently used are removed first."""

    def __init__(self, path: Union[str, "os.PathLike[str]", None] = None, *,
                 max_size_bytes: Optional[int] = None) -> None:
        self._max = _check_cap(max_size_bytes)
        if path is None:
            path = default_cache_dir()
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError("path must be a str, an os.PathLike or None, not %s" % type(path).__name__)
        self._root = os.fspath(path)
        try:
            encoded = os.fsencode(self._root)
        except UnicodeEncodeError as e:
            raise UnicodeEncodeError(e.encoding, e.object, e.start, e.end,
                                     "%s (path must be text the file system encodes)" % e.reason) from None
        if b"\0" in encoded:
            raise ValueError("path must not hold a NUL character, got %r" % (self._root,))
        self._entries = os.path.join(self._root, "entries")
        self._tmp = os.path.join(self._root, "tmp")
        os.makedirs(self._entries, exist_ok=True)
        os.makedirs(self._tmp, mode=0o700, exist_ok=True)
        self._sweep_tmp(_STALE_TMP_SECONDS)

    @property
    def path(self) -> str:
        """The cache's directory."""
        return self._root

    def _path_for(self, k: bytes) -> str:
        digest = hashlib.sha256(k).hexdigest()
        return os.path.join(self._entries, digest[:2], digest[2:])

    def __getitem__(self, key: _Key) -> bytes:
        k = _key_bytes(key)
        path = self._path_for(k)
        try:
            with open(path, "rb") as f:
                blob = f.read()
        except (FileNotFoundError, IsADirectoryError):
            raise KeyError(key) from None
        data = _unframe(blob, k)
        if data is None:
            _remove(path)  # corrupt or foreign: never hand it out
            raise KeyError(key)
        try:
            os.utime(path)  # least recently used goes first
        except OSError:
            pass
        return data

    def __setitem__(self, key: _Key, value: _Value) -> None:
        k = _key_bytes(key)
        data = _value_bytes(value)
        target = self._path_for(k)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.makedirs(self._tmp, mode=0o700, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix="entry-", dir=self._tmp)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(_frame(k, data))
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, target)
        except BaseException:
            _remove(tmp)
            raise
        if self._max is not None:
            self._evict()

    def __delitem__(self, key: _Key) -> None:
        path = self._path_for(_key_bytes(key))
        try:
            os.unlink(path)
        except FileNotFoundError:
            raise KeyError(key) from None

    def _files(self) -> List[Tuple[str, int, int]]:
        """(path, size, mtime) of every entry file."""
        out = []
        for sub in _listdir(self._entries):
            d = os.path.join(self._entries, sub)
            for name in _listdir(d):
                p = os.path.join(d, name)
                try:
                    st = os.stat(p)
                except FileNotFoundError:  # removed by another process meanwhile
                    continue
                out.append((p, st.st_size, st.st_mtime_ns))
        return out

    def __len__(self) -> int:
        return len(self._files())

    def _evict(self) -> None:
        files = self._files()
        total = sum(size for _, size, _ in files)
        for path, size, _ in sorted(files, key=lambda f: f[2]):
            if total <= self._max:
                break
            _remove(path)
            total -= size

    def clear(self) -> None:
        """Remove every entry (and the temporary files of writers that died mid-write)."""
        for path, _, _ in self._files():
            _remove(path)
        self._sweep_tmp(0)

    def _sweep_tmp(self, older_than: float) -> None:
        """Remove temporary files older than ``older_than`` seconds (left by writers that died mid-write)."""
        now = time.time()
        for name in _listdir(self._tmp):
            p = os.path.join(self._tmp, name)
            try:
                if now - os.stat(p).st_mtime >= older_than:
                    os.unlink(p)
            except OSError:
                pass

    def __repr__(self) -> str:
        return "<FileStreamProgramCache %r max_size_bytes=%r>" % (self._root, self._max)


def _frame(k: bytes, data: bytes) -> bytes:
    return (_MAGIC + hashlib.sha256(k).digest() + len(data).to_bytes(8, "little") + hashlib.sha256(data).digest()
            + data)


def _unframe(blob: bytes, k: bytes) -> Optional[bytes]:
    """The payload of an entry file, or None where it is not a whole entry for key ``k``."""
    if len(blob) < _HEADER or not blob.startswith(_MAGIC):
        return None
    at = len(_MAGIC)
    if blob[at:at + 32] != hashlib.sha256(k).digest():
        return None
    n = int.from_bytes(blob[at + 32:at + 40], "little")
    data = blob[_HEADER:]
    if len(data) != n or hashlib.sha256(data).digest() != blob[at + 40:at + 72]:
        return None
    return data


def _listdir(path: str) -> List[str]:
    try:
        return os.listdir(path)
    except (FileNotFoundError, NotADirectoryError):
        return []


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
