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

from . import _utils
from ._linker import Linker
from ._module import ObjectCode
from ._utils import as_int, check

__all__ = ["ProgramCacheResource", "InMemoryProgramCache", "FileStreamProgramCache", "make_program_cache_key"]


def _key_bytes(key):
    if isinstance(key, (bytes, bytearray)):
        return bytes(key)
    if isinstance(key, str):
        return _utils.encode_text(key, "a cache key")
    raise TypeError("cache keys must be bytes or str, got %s" % type(key).__name__)


def _value_bytes(value):
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


def _check_cap(max_size_bytes):
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
            try:
                data = self._entries[k]
            except KeyError:
                raise KeyError(key) from None
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
            try:
                self._total -= len(self._entries.pop(k))
            except KeyError:
                raise KeyError(key) from None

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
#
# What makes two compiles share a key is cuda.core's rule: the code, its type, the target type, the compiler's
# identity, and the options as they reach the compiler (so options spelled differently but emitted alike, such as
# debug=False and debug=None, share a key), the C++ name expressions, the program's name and extra_digest.

_KEY_SCHEMA = b"cudacffi-program-cache-key/2"
_CODE_TYPES = ("c++", "nvvm", "ptx")
_TARGET_TYPES = ("cubin", "ltoir", "ptx")
_TARGETS = {"c++": ("ptx", "cubin", "ltoir"), "ptx": ("cubin", "ptx"), "nvvm": ("ltoir", "ptx")}
_SIDE_EFFECTS = ("create_pch", "time", "fdevice_time_trace")  # a cache hit would skip what they write
_READS_FILES = ("include_path", "pre_include", "pch", "use_pch", "pch_dir")  # content the key cannot see
_DRIVER_LINKER_REFUSES = ("time", "ptxas_options", "split_compile")


def _compiler_versions(code_type):
    """What identifies the compiler that turns ``code_type`` into code, as bytes."""
    if code_type == "c++":
        from .. import nvrtc

        return b"nvrtc %d.%d" % check(nvrtc.nvrtcVersion())
    if code_type == "nvvm":
        from .. import nvvm

        return b"nvvm %r ir %r" % (nvvm.version(), nvvm.ir_version())
    if Linker.which_backend() == "nvJitLink":
        from .. import nvjitlink

        version = getattr(nvjitlink, "version", None)  # CUDA 12.0-12.2 headers have no nvJitLinkVersion
        try:
            if version is not None:
                return b"nvJitLink %r" % (version(),)
        except RuntimeError:  # a library older than the headers
            pass
        return b"nvJitLink of CUDA %d" % nvjitlink.CUDA_VERSION  # the build's version stands in
    return b"driver %d" % check(_driver().cuDriverGetVersion())


def _driver():
    return _utils.driver()


def _compiler_identity(code_type):
    """``_compiler_versions``, or where the compiler cannot be asked, a label naming the failure's class: the
    same broken setup gives the same key (the cache stays usable there) and never a working setup's key."""
    try:
        return b"ok:" + _compiler_versions(code_type)
    except Exception as e:
        return b"probe failed:" + type(e).__name__.encode()


def _is_set(options, name):
    """Whether option ``name`` reaches the compiler: flags when true, include_path/pre_include when a str or a
    non-empty sequence, the others whenever not None."""
    value = getattr(options, name, None)
    if value is None:
        return False
    if name == "pch":
        return bool(value)
    if name in ("include_path", "pre_include"):
        if isinstance(value, str):
            return True
        return isinstance(value, collections.abc.Sequence) and len(value) > 0
    return True


def _linker_option_items(options):
    """The ProgramOptions fields a PTX program hands the linker, each as the linker reads it."""
    driver = Linker.which_backend() == "driver"
    ptxas = options.ptxas_options
    if isinstance(ptxas, str):
        ptxas = ("-Xptxas=" + ptxas,)
    elif isinstance(ptxas, collections.abc.Sequence):
        ptxas = tuple("-Xptxas=%s" % s for s in ptxas) or None
    readings = (("name", options.name), ("arch", options.arch), ("max_register_count", options.max_register_count),
                ("time", options.time is not None), ("link_time_optimization", bool(options.link_time_optimization)),
                ("debug", bool(options.debug)), ("lineinfo", bool(options.lineinfo)),
                ("ftz", None if options.ftz is None else bool(options.ftz)),
                ("prec_div", None if options.prec_div is None else bool(options.prec_div)),
                ("prec_sqrt", None if options.prec_sqrt is None else bool(options.prec_sqrt)),
                ("fma", None if options.fma is None else bool(options.fma)),
                ("split_compile", options.split_compile), ("ptxas_options", ptxas),
                ("no_cache", options.no_cache is True))
    return [("%s=%s" % (name, "<driver-ignored>" if driver and name in ("ftz", "prec_div", "prec_sqrt", "fma")
                        else repr(value))).encode() for name, value in readings]


def _check_options(code_type, options, extra_digest):
    """ValueError for options a key cannot stand for (as cuda.core refuses them)."""
    if code_type in ("c++", "ptx") and options.extra_sources is not None:
        raise ValueError("extra_sources is only valid for code_type='nvvm'; Program() rejects it for code_type=%r."
                         % code_type)
    if code_type == "c++":
        side_effects = [n for n in _SIDE_EFFECTS if _is_set(options, n)]
        if side_effects:
            raise ValueError("make_program_cache_key() refuses to build a key for options that have compile-time "
                             "side effects (%s); a cache hit skips compilation, so the side effect would not occur. "
                             "Disable the option, or compile directly without the cache." % ", ".join(side_effects))
        if extra_digest is None:
            reads = [n for n in _READS_FILES if _is_set(options, n)]
            if reads:
                raise ValueError("make_program_cache_key() refuses to build a key for options that pull in "
                                 "external file content (%s) without an extra_digest; compute a digest over the "
                                 "header/PCH bytes the compile will read and pass it as extra_digest=..."
                                 % ", ".join(reads))
            name = options.name
            if isinstance(name, str) and ("/" in name or "\\" in name):
                raise ValueError("make_program_cache_key() refuses to build a key for options.name=%r (NVRTC "
                                 "source-filename with a directory component) without an extra_digest; NVRTC "
                                 "resolves quoted #include directives relative to that directory, so a digest "
                                 "covering the headers it may pull in must be supplied." % (name,))
    elif code_type == "ptx" and Linker.which_backend() == "driver":
        refused = [n for n in _DRIVER_LINKER_REFUSES if getattr(options, n, None) is not None]
        if refused:
            raise ValueError("the cuLink driver linker does not support these options: %s; Program.compile() "
                             "would reject this configuration before producing an ObjectCode." % ", ".join(refused))
    elif extra_digest is None and options.use_libdevice:
        raise ValueError("make_program_cache_key() refuses to build an NVVM key with use_libdevice=True and no "
                         "extra_digest: the linked libdevice bitcode can change out from under a cached "
                         "ObjectCode. Pass an extra_digest that fingerprints the libdevice file you intend to link "
                         "against, or disable use_libdevice.")


def _code_bytes(code, code_type):
    if isinstance(code, str):
        return _utils.encode_text(code, "code")
    if isinstance(code, (bytes, bytearray)):
        if code_type != "nvvm":
            raise TypeError("code must be str for code_type=%r; bytes/bytearray are only accepted for "
                            "code_type='nvvm'." % code_type)
        return bytes(code)
    raise TypeError("code must be str or bytes, got %s" % type(code).__name__)


def _name_tags(name_expressions):
    """C++ name expressions, sorted, each tagged with its type: ``"f"`` and ``b"f"`` are different keys. A bare
    str or bytes is refused (its characters would be taken as the expressions)."""
    if isinstance(name_expressions, (str, bytes)):
        raise TypeError("name_expressions must be a sequence of str or bytes, not a single %s"
                        % type(name_expressions).__name__)
    try:
        name_expressions = list(name_expressions)
    except TypeError:
        raise TypeError("name_expressions must be a sequence of str or bytes, not %s"
                        % type(name_expressions).__name__) from None
    out = []
    for e in name_expressions:
        if isinstance(e, bytes):
            out.append(b"b:" + e)
        elif isinstance(e, str):
            out.append(b"s:" + _utils.encode_text(e, "name_expressions"))
        elif isinstance(e, bytearray):
            raise TypeError("name_expressions elements must be str or bytes; bytearray is not accepted because "
                            "Program.compile uses each element as a dict key and bytearray is unhashable.")
        else:
            raise TypeError("name_expressions elements must be str or bytes; got %s" % type(e).__name__)
    return sorted(out)


def make_program_cache_key(*, code, code_type, options, target_type, name_expressions=(), extra_digest=None):
    """A key (32 bytes) for the result of compiling ``code`` (``code_type`` "c++" or "ptx": a str; "nvvm": str
    or bytes) with ``options`` (a ProgramOptions) to ``target_type``, as cuda.core makes it.

    Two compiles share a key where the code, code and target types, the compiler's version, the options as they
    reach the compiler, the program's name, the C++ ``name_expressions`` (order does not matter; ``"f"`` and
    ``b"f"`` differ; other code types ignore them) and ``extra_digest`` (bytes mixed in) are the same.
    ``options.arch`` None means the current device's, as in ``Program.compile``.

    ValueError: options whose effect a cache hit would skip (create_pch, time, fdevice_time_trace, for C++);
    options that make the compiler read files the key cannot see, without ``extra_digest`` (include_path,
    pre_include, pch, use_pch, pch_dir or a name with a directory for C++; use_libdevice for NVVM);
    extra_sources outside NVVM; options the driver's linker refuses (PTX where no nvJitLink is found)."""
    from ._program import ProgramOptions, _default_arch

    if not isinstance(options, ProgramOptions):
        raise TypeError("options must be a ProgramOptions, not %s" % type(options).__name__)
    code_type = code_type.lower() if isinstance(code_type, str) else code_type
    target_type = target_type.lower() if isinstance(target_type, str) else target_type
    if not isinstance(code_type, str) or code_type not in _CODE_TYPES:
        raise ValueError("code_type %r is not a valid SourceCodeType. Must be 'c++', 'nvvm' or 'ptx'" % (code_type,))
    if not isinstance(target_type, str) or target_type not in _TARGET_TYPES:
        raise ValueError("target_type=%r is not supported by the program cache (must be 'cubin', 'ltoir' or 'ptx')"
                         % (target_type,))
    if target_type not in _TARGETS[code_type]:
        raise ValueError("target_type=%r is not valid for code_type=%r (supported: %r). Program.compile() rejects "
                         "this combination, so caching a key for it is meaningless."
                         % (target_type, code_type, sorted(_TARGETS[code_type])))
    if extra_digest is not None:
        if not isinstance(extra_digest, (bytes, bytearray, memoryview)):
            raise TypeError("extra_digest must be bytes or None, not %s" % type(extra_digest).__name__)
        extra_digest = bytes(extra_digest)
    _check_options(code_type, options, extra_digest)
    code = _code_bytes(code, code_type)
    if options.arch is None:
        options = dataclasses.replace(options, arch=_default_arch())
    if code_type == "c++":
        option_bytes = options.as_bytes("nvrtc", target_type)
    elif code_type == "nvvm":
        option_bytes = options.as_bytes("nvvm", target_type)
    else:
        option_bytes = _linker_option_items(options)
    h = hashlib.sha256()

    def update(label, payload):
        h.update(label + b"\0" + len(payload).to_bytes(8, "little") + payload)

    update(b"schema", _KEY_SCHEMA)
    update(b"compiler", _compiler_identity(code_type))
    update(b"code_type", code_type.encode())
    update(b"target_type", target_type.encode())
    update(b"code", code)
    update(b"option_count", b"%d" % len(option_bytes))
    for opt in option_bytes:
        update(b"option", bytes(opt))
    if code_type == "c++":
        tags = _name_tags(name_expressions)
        update(b"names_count", b"%d" % len(tags))
        for tag in tags:
            update(b"name", tag)
    if code_type == "nvvm":
        for name, source in options.extra_sources or ():
            update(b"extra_source_name", str(name).encode("utf-8"))
            update(b"extra_source_code", source.encode("utf-8") if isinstance(source, str) else bytes(source))
        if options.use_libdevice:
            update(b"use_libdevice", b"1")
    if options.name is not None:
        update(b"options_name", str(options.name).encode("utf-8"))
    if extra_digest is not None:
        update(b"extra_digest", extra_digest)
    return h.digest()


def compile_with_cache(program, cache, code, target_type, name_expressions=(), logs=None):
    """``program.compile(target_type, name_expressions, logs)`` through ``cache``: on a hit an ObjectCode of
    the stored bytes (``logs`` receives nothing), on a miss the compiled one, stored. With ``name_expressions``
    (where cuda.core raises ValueError) their mangled names are stored too, as an entry of their own
    (``_symbols_key``), so that ``get_kernel("f<float>")`` works on a hit; a hit whose names entry was evicted
    counts as a miss. ``code`` is the program's source as given to Program (the key needs it)."""
    if not isinstance(cache, ProgramCacheResource):
        raise TypeError("cache must be an instance of cudacffi.core.utils.ProgramCacheResource; got %s"
                        % type(cache).__name__)
    target_type = str(target_type).lower()
    options = program._options
    name_expressions = tuple(name_expressions)
    key = make_program_cache_key(code=code, code_type=program._code_type, options=options, target_type=target_type,
                                 name_expressions=name_expressions)
    data = cache.get(key)
    mapping = _load_symbols(cache.get(_symbols_key(key))) if name_expressions else {}
    if data is not None and mapping is not None:
        program._cache_hit(target_type)
        return ObjectCode._init(data, target_type, name=options.name, symbol_mapping=mapping)
    result = program.compile(target_type, name_expressions, logs)
    cache[key] = result
    if name_expressions:
        cache[_symbols_key(key)] = _dump_symbols(result._sym_map)
    return result


def _symbols_key(key):
    """The key under which the name-expression mapping of the entry ``key`` is kept."""
    return bytes(key) + b"#symbols"


def _dump_symbols(mapping):
    """A name-expression mapping as bytes: [[expression, given as bytes?, mangled name, mangled as bytes?], ...]
    in JSON (the mangled names are bytes as NVRTC gives them; None where it gave none)."""
    def text(v):
        return v.decode() if isinstance(v, bytes) else v

    return json.dumps([[text(k), isinstance(k, bytes), text(v), isinstance(v, bytes)]
                       for k, v in mapping.items()]).encode()


def _load_symbols(raw):
    """The mapping ``_dump_symbols`` made, or None for an absent or unreadable entry (then: a miss)."""
    if raw is None:
        return None
    try:
        return {(k.encode() if k_bytes else k): (v.encode() if v_bytes else v)
                for k, k_bytes, v, v_bytes in json.loads(bytes(raw).decode())}
    except (ValueError, TypeError):
        return None
