"""Caches of compiled programs: bytes (cubin, PTX, LTO-IR) kept under a key that ``make_program_cache_key``
derives from everything that decides the compiler's output.

``InMemoryProgramCache`` lives in one process (LRU under an optional size cap). ``FileStreamProgramCache`` is a
directory shared by processes: every write lands in a temporary file that ``os.replace`` moves into place,
so a reader sees a whole entry or none; each entry carries a header with the digests of its key and payload,
so a truncated, corrupted or misplaced file reads as a miss (and is removed) rather than as wrong code.
"""

import abc
import collections
import collections.abc
import dataclasses
import hashlib
import json
import os
import tempfile
import threading
import time

__all__ = ["ProgramCacheResource", "InMemoryProgramCache", "FileStreamProgramCache", "make_program_cache_key"]


def _key_bytes(key):
    if isinstance(key, (bytes, bytearray)):
        return bytes(key)
    if isinstance(key, str):
        return key.encode("utf-8")
    raise TypeError("cache keys must be bytes or str, not %s" % type(key).__name__)


def _value_bytes(value):
    """The bytes to store: bytes-like as is, an ObjectCode's code (read from its file where it names one)."""
    from ._module import ObjectCode

    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    if isinstance(value, ObjectCode):
        code = value.code
        if isinstance(code, (bytes, bytearray)):
            return bytes(code)
        with open(code, "rb") as f:  # a path-backed ObjectCode: store the content, not the path
            return f.read()
    raise TypeError("cache values must be bytes, bytearray, memoryview or ObjectCode, not %s" % type(value).__name__)


def _check_cap(max_size_bytes):
    if max_size_bytes is None:
        return None
    if not isinstance(max_size_bytes, int) or isinstance(max_size_bytes, bool):
        raise TypeError("max_size_bytes must be an int or None, not %s" % type(max_size_bytes).__name__)
    if max_size_bytes <= 0:
        raise ValueError("max_size_bytes must be positive or None (0 would evict every write), got %d"
                         % max_size_bytes)
    return max_size_bytes


class ProgramCacheResource(abc.ABC):
    """The base of program caches: a mapping from keys (bytes, or str taken as UTF-8: ``"k"`` and ``b"k"`` are
    one entry) to compiled bytes. Subclasses implement ``__getitem__`` (KeyError when absent),
    ``__setitem__`` (bytes-like or ObjectCode), ``__delitem__``, ``__len__`` and ``clear``.

    There is deliberately no ``in``: between a test and a read another process may replace or evict the entry,
    so look up with ``get``, which answers both at once. A cache is a context manager; ``close`` releases
    what the backend holds."""

    @abc.abstractmethod
    def __getitem__(self, key):
        """The bytes stored under ``key``; KeyError where there are none."""

    @abc.abstractmethod
    def __setitem__(self, key, value):
        """Store ``value`` (bytes-like, or an ObjectCode's code) under ``key``."""

    @abc.abstractmethod
    def __delitem__(self, key):
        """Remove ``key``'s entry; KeyError where there is none."""

    @abc.abstractmethod
    def __len__(self):
        """The number of entries."""

    @abc.abstractmethod
    def clear(self):
        """Remove every entry from the cache."""

    __contains__ = None  # see the class docstring: use get()

    def get(self, key, default=None):
        """Return ``self[key]`` or ``default`` if absent."""
        try:
            return self[key]
        except KeyError:
            return default

    def update(self, items, /):
        """Bulk ``__setitem__`` from a mapping or an iterable of (key, value) pairs (not atomic: a failure
        leaves the earlier entries stored)."""
        pairs = items.items() if isinstance(items, collections.abc.Mapping) else items
        for key, value in pairs:
            self[key] = value

    def close(self):
        """Release backend resources (these backends hold none between calls: the cache stays usable)."""

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()


class InMemoryProgramCache(ProgramCacheResource):
    """A program cache in this process's memory, thread-safe, evicting the least recently used entries once
    the stored bytes exceed ``max_size_bytes`` (None: unbounded). An entry larger than the cap is not kept."""

    def __init__(self, *, max_size_bytes=None):
        self._max = _check_cap(max_size_bytes)
        self._entries = collections.OrderedDict()
        self._total = 0
        self._lock = threading.Lock()

    def __getitem__(self, key):
        k = _key_bytes(key)
        with self._lock:
            data = self._entries[k]
            self._entries.move_to_end(k)
            return data

    def __setitem__(self, key, value):
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

    def __delitem__(self, key):
        k = _key_bytes(key)
        with self._lock:
            self._total -= len(self._entries.pop(k))

    def __len__(self):
        return len(self._entries)

    def clear(self):
        with self._lock:
            self._entries.clear()
            self._total = 0

    def __repr__(self):
        return "<InMemoryProgramCache entries=%d bytes=%d max_size_bytes=%r>" % (len(self), self._total, self._max)


# An entry file: magic, sha256(key), payload length (8 bytes, little-endian), sha256(payload), payload.
_MAGIC = b"CCFPCv1\n"
_HEADER = len(_MAGIC) + 32 + 8 + 32
_STALE_TMP_SECONDS = 3600


def default_cache_dir():
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

    def __init__(self, path=None, *, max_size_bytes=None):
        self._max = _check_cap(max_size_bytes)
        if path is None:
            path = default_cache_dir()
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError("path must be a str, an os.PathLike or None, not %s" % type(path).__name__)
        self._root = os.fspath(path)
        self._entries = os.path.join(self._root, "entries")
        self._tmp = os.path.join(self._root, "tmp")
        os.makedirs(self._entries, exist_ok=True)
        os.makedirs(self._tmp, mode=0o700, exist_ok=True)
        self._sweep_tmp(_STALE_TMP_SECONDS)

    @property
    def path(self):
        """The cache's directory."""
        return self._root

    def _path_for(self, k):
        digest = hashlib.sha256(k).hexdigest()
        return os.path.join(self._entries, digest[:2], digest[2:])

    def __getitem__(self, key):
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

    def __setitem__(self, key, value):
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

    def __delitem__(self, key):
        path = self._path_for(_key_bytes(key))
        try:
            os.unlink(path)
        except FileNotFoundError:
            raise KeyError(key) from None

    def _files(self):
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

    def __len__(self):
        return len(self._files())

    def _evict(self):
        files = self._files()
        total = sum(size for _, size, _ in files)
        for path, size, _ in sorted(files, key=lambda f: f[2]):
            if total <= self._max:
                break
            _remove(path)
            total -= size

    def clear(self):
        for path, _, _ in self._files():
            _remove(path)
        self._sweep_tmp(0)

    def _sweep_tmp(self, older_than):
        """Remove temporary files older than ``older_than`` seconds (left by writers that died mid-write)."""
        now = time.time()
        for name in _listdir(self._tmp):
            p = os.path.join(self._tmp, name)
            try:
                if now - os.stat(p).st_mtime >= older_than:
                    os.unlink(p)
            except OSError:
                pass

    def __repr__(self):
        return "<FileStreamProgramCache %r max_size_bytes=%r>" % (self._root, self._max)


def _frame(k, data):
    return (_MAGIC + hashlib.sha256(k).digest() + len(data).to_bytes(8, "little") + hashlib.sha256(data).digest()
            + data)


def _unframe(blob, k):
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


def _listdir(path):
    try:
        return os.listdir(path)
    except (FileNotFoundError, NotADirectoryError):
        return []


def _remove(path):
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


# -- keys ---------------------------------------------------------------------------------------------------------

_KEY_SCHEMA = b"cudacffi-program-cache-key/1"
_TARGETS = {"c++": ("ptx", "cubin", "ltoir"), "ptx": ("ptx", "cubin"), "nvvm": ("ptx", "ltoir")}
_SIDE_EFFECTS = ("create_pch", "time", "fdevice_time_trace")  # a cache hit would skip what they write
_READS_FILES = ("include_path", "pre_include", "pch", "use_pch", "pch_dir")  # content the key cannot see


def _compiler_versions(code_type):
    """What identifies the compiler that turns ``code_type`` into code, as bytes."""
    if code_type == "c++":
        from .. import nvrtc
        from ._utils import check

        return b"nvrtc %d.%d" % check(nvrtc.nvrtcVersion())
    if code_type == "nvvm":
        from .. import nvvm

        return b"nvvm %r ir %r" % (nvvm.version(), nvvm.ir_version())
    from ._linker import Linker

    if Linker.which_backend() == "nvJitLink":
        from .. import nvjitlink

        version = getattr(nvjitlink, "version", None)  # CUDA 12.0-12.2 headers have no nvJitLinkVersion
        try:
            if version is not None:
                return b"nvJitLink %r" % (version(),)
        except RuntimeError:  # a library older than the headers
            pass
        return b"nvJitLink of CUDA %d" % nvjitlink.CUDA_VERSION  # the build's version stands in
    from ._utils import check

    return b"driver %d" % check(_driver().cuDriverGetVersion())


def _driver():
    from . import _utils

    return _utils.driver()


def _option_items(options):
    """Every ProgramOptions field as a canonical (name, repr) pair, lists and tuples alike."""
    out = []
    for f in dataclasses.fields(options):
        v = getattr(options, f.name)
        if isinstance(v, list):
            v = tuple(v)
        out.append((f.name, repr(v)))
    return out


def make_program_cache_key(*, code, code_type, options, target_type, name_expressions=(), extra_digest=None):
    """A key (32 bytes) for the result of compiling ``code`` (``code_type`` "c++", "ptx" or "nvvm") with
    ``options`` (a ProgramOptions) to ``target_type``, with ``name_expressions`` (C++; order does not matter,
    ``"f"`` and ``b"f"`` differ) and the version of the compiler that would run.

    ``options.arch`` None means the current device's, as in ``Program.compile``. ``extra_digest`` (bytes) is
    mixed in; it is required where the options read files the key cannot see (include_path, pre_include, pch,
    use_pch, pch_dir; use_libdevice for NVVM; a C++ program name with a directory, which NVRTC resolves
    includes against). ValueError for options whose effect a cache hit would skip (create_pch, time,
    fdevice_time_trace)."""
    from ._program import ProgramOptions, _default_arch

    if not isinstance(options, ProgramOptions):
        raise TypeError("options must be a ProgramOptions, not %s" % type(options).__name__)
    code_type = code_type.lower() if isinstance(code_type, str) else code_type
    if code_type not in _TARGETS:
        raise ValueError("code_type must be 'c++', 'ptx' or 'nvvm', got %r" % (code_type,))
    target = target_type.lower() if isinstance(target_type, str) else target_type
    if target not in _TARGETS[code_type]:
        raise ValueError("target_type %r is not supported for code_type %r (one of %s)"
                         % (target_type, code_type, ", ".join(_TARGETS[code_type])))
    if isinstance(code, str):
        code = code.encode("utf-8")
    elif not isinstance(code, bytes):
        raise TypeError("code must be str or bytes, not %s" % type(code).__name__)
    exprs = _name_expressions(name_expressions, code_type)
    if extra_digest is not None and not isinstance(extra_digest, bytes):
        raise TypeError("extra_digest must be bytes or None, not %s" % type(extra_digest).__name__)
    for name in _SIDE_EFFECTS:
        if getattr(options, name, None):
            raise ValueError("options.%s has an effect beyond the compiled code that a cache hit would skip: compile "
                             "without a cache" % name)
    if extra_digest is None:
        reads = [n for n in _READS_FILES if getattr(options, n, None)]
        if code_type == "nvvm" and options.use_libdevice:
            reads.append("use_libdevice")
        if code_type == "c++" and options.name and os.path.dirname(options.name):
            reads.append("name (with a directory)")
        if reads:
            raise ValueError("options %s make the compiler read files the key cannot see: pass extra_digest, a "
                             "digest of their content" % ", ".join(reads))
    if options.arch is None:
        options = dataclasses.replace(options, arch=_default_arch())
    h = hashlib.sha256()
    for label, payload in ((b"schema", _KEY_SCHEMA), (b"code_type", code_type.encode()), (b"target", target.encode()),
                           (b"code", code), (b"compiler", _compiler_versions(code_type)),
                           (b"options", repr(_option_items(options)).encode()), (b"names", repr(exprs).encode()),
                           (b"extra", b"" if extra_digest is None else b"+" + extra_digest)):
        h.update(label + b"\0" + len(payload).to_bytes(8, "little") + payload)
    return h.digest()


def _name_expressions(name_expressions, code_type):
    """Name expressions as a sorted tuple of (type tag, bytes)."""
    if isinstance(name_expressions, (str, bytes)):
        raise TypeError("name_expressions must be a sequence of str or bytes, not a single %s"
                        % type(name_expressions).__name__)
    out = []
    for i, e in enumerate(name_expressions):
        if isinstance(e, str):
            out.append(("s", e.encode("utf-8")))
        elif isinstance(e, bytes):
            out.append(("b", e))
        else:
            raise TypeError("name_expressions[%d] must be str or bytes, not %s" % (i, type(e).__name__))
    if out and code_type != "c++":
        raise ValueError("name_expressions are supported for code_type 'c++' only")
    return tuple(sorted(out))


def compile_with_cache(program, cache, code, target_type, name_expressions=(), logs=None):
    """``program.compile(target_type, name_expressions, logs)`` through ``cache``: on a hit an ObjectCode of
    the stored bytes, on a miss the compiled one, stored. With ``name_expressions`` their mangled names are
    stored too, as an entry of their own (``_symbols_key``), so that ``get_kernel("f<float>")`` works on a hit;
    a hit whose names entry was evicted counts as a miss. ``code`` is the program's source as given to Program
    (the key needs it)."""
    from ._module import ObjectCode

    if not isinstance(cache, ProgramCacheResource):
        raise TypeError("cache must be a ProgramCacheResource, not %s" % type(cache).__name__)
    options = program._options
    if options.arch is None:
        from ._program import _default_arch

        options = dataclasses.replace(options, arch=_default_arch())
    key = make_program_cache_key(code=code, code_type=program._code_type, options=options, target_type=target_type,
                                 name_expressions=tuple(name_expressions))
    data = cache.get(key)
    mapping = _load_symbols(cache.get(_symbols_key(key))) if name_expressions else {}
    if data is not None and mapping is not None:
        return ObjectCode._init(data, str(target_type).lower(), name=options.name, symbol_mapping=mapping)
    result = program.compile(target_type, name_expressions, logs)
    cache[key] = result
    if name_expressions:
        cache[_symbols_key(key)] = _dump_symbols(result._sym_map)
    return result


def _symbols_key(key):
    """The key under which the name-expression mapping of the entry ``key`` is kept."""
    return bytes(key) + b"#symbols"


def _dump_symbols(mapping):
    """A name-expression mapping as bytes: [[expression, given as bytes?, mangled name], ...] in JSON."""
    return json.dumps([[k.decode() if isinstance(k, bytes) else k, isinstance(k, bytes), v]
                       for k, v in mapping.items()]).encode()


def _load_symbols(raw):
    """The mapping ``_dump_symbols`` made, or None for an absent or unreadable entry (then: a miss)."""
    if raw is None:
        return None
    try:
        return {k.encode() if as_bytes else k: v for k, as_bytes, v in json.loads(bytes(raw).decode())}
    except (ValueError, TypeError):
        return None
