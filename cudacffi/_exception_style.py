"""Handwritten runtime of the exception-style modules (``cudacffi.nvjitlink``, ``cudacffi.nvvm``).

Argument conversion for their calling conventions (``str`` or ``bytes`` names and options, input bytes
counted by a size argument, caller buffers checked against the library's own size query), the base of
their errors, and the binding rule for nvJitLink's versioned symbols. Nothing here knows a particular
function; the generated modules say which helper each parameter needs.
"""

import os
import sys

import _cffi_backend

from ._arguments import argument_error, check_integer, utf8
from ._arrays import sequence
from ._buffers import _as_index, cdata_nbytes, contiguous_view, held, int_address, nbytes, string_room
from ._live import IN_USE, OTHER_THREAD, Live, Untracked

_CData = _cffi_backend._CDataBase
_backend_ffi = _cffi_backend.FFI()

_U64 = 1 << 64


class StatusError(Exception):
    """Base of ``nvJitLinkError`` / ``nvvmError``: ``status`` is the result enum member (an int where the
    headers name no such value) and ``str(e)`` is ``"NAME (code)"``."""

    _enum = None  # the family's Result enum, set by the generated subclass
    _by_status = None  # {status: subclass}, where the family has one per status (NVML)

    def __new__(cls, status, *args):
        sub = cls._by_status.get(int(status)) if cls._by_status else None
        if sub is not None and issubclass(sub, cls):  # NvmlError(1) is an UninitializedError
            cls = sub
        return Exception.__new__(cls, status, *args)

    def __init__(self, status):
        status = int(status)
        member = self._enum._by_value.get(status)
        self.status = member if member is not None else status
        Exception.__init__(self, "%s (%d)" % (member.name if member is not None else "UNKNOWN", status))

    def __reduce__(self):
        return type(self), (int(self.status),)


class CuFileStatusError(StatusError):
    """Base of ``cuFileError``: ``status`` is the ``OpError`` of a failing call, ``cu_err`` the CUDA driver's
    CUresult that came with it (non-zero where the status is ``CUDA_DRIVER_ERROR``). A negative byte count of
    ``read`` / ``write`` is ``-OpError`` or ``-errno``: an errno gives ``status`` that number and ``errno`` it."""

    _detail = None  # the stub's per-thread CUresult of the last failing call, set by the generated subclass
    _cu_enum = None  # the CUresult enum

    def __init__(self, status, cu_err=None):
        status = int(status)
        if cu_err is None:
            cu_err = self._detail() if self._detail is not None and status in self._enum._by_value else 0
        self.cu_err = cu_err
        self.errno = None
        if status and status not in self._enum._by_value and 0 < status < 5000:  # -errno from read/write
            self.errno = status
            self.status = status
            Exception.__init__(self, "errno %d (%s)" % (status, os.strerror(status)))
            return
        StatusError.__init__(self, status)
        if cu_err:
            member = self._cu_enum._by_value.get(cu_err) if self._cu_enum is not None else None
            self.cu_err = member if member is not None else cu_err
            self.args = ("%s; CUresult %s (%d)" % (self.args[0], member.name if member is not None else "UNKNOWN",
                                                   cu_err),)

    def __reduce__(self):
        return type(self), (int(self.status), int(self.cu_err))


# -- arguments --------------------------------------------------------------------------------------------

def _encode(x, func, name):
    if isinstance(x, bytes):
        return x
    if isinstance(x, str):
        return utf8(x, func, name)
    if isinstance(x, (bytearray, memoryview)):
        return bytes(x)
    if isinstance(x, os.PathLike):
        return os.fsencode(x)
    raise argument_error(func, name, "must be str or bytes, not %s" % type(x).__name__)


def text(ffi, x, func, name):
    """A ``const char *``: str (UTF-8), bytes or a path; None passes NULL. A NUL inside is refused."""
    if x is None:
        return ffi.NULL
    b = _encode(x, func, name)
    if b"\0" in b:
        raise argument_error(func, name, "must not contain a NUL character", ValueError)
    return b


def strings(ffi, items, count, func, name):
    """A ``const char **`` list of ``count`` options: (pointer, keepalive). An int is taken as the address
    of such an array."""
    if isinstance(items, int):  # the address of a char *[] (or NULL; a bool or enum: int_address refuses)
        address = int_address(items, func, name)
        try:
            counted = int(count) > 0
        except (TypeError, ValueError):
            counted = False
        if address == 0 and counted:  # the library would read count strings through NULL (and crash)
            raise argument_error(func, name, "is NULL (0) but %r options are counted: pass the list" % (count,),
                                 ValueError)
        return ffi.cast("char **", address), None
    items = sequence(items, func, name, count)[:count]
    if not items:
        return ffi.NULL, None
    for i, v in enumerate(items):
        if v is None:  # a NULL inside the list: the libraries read it as a string
            raise argument_error(func, "%s[%d]" % (name, i), "must be str or bytes, not None")
    keep = [ffi.new("char[]", text(ffi, v, func, "%s[%d]" % (name, i))) for i, v in enumerate(items)]
    return ffi.new("char *[]", keep), keep


def input_buffer(ffi, x, size, func, name, size_name):
    """Bytes the library reads, ``size`` of them: (address, keepalive). A buffer shorter than ``size`` is
    refused (never a read past its end), as is None; an int address is taken as it is."""
    if size is not None:
        size = check_integer(func, size_name, size, 0, _U64 - 1)
    if isinstance(x, int):
        address = int_address(x, func, name)  # a bool or an enum member is refused
        if address == 0 and size:  # NULL with a size: the libraries read it (and crash)
            raise argument_error(func, name, "is NULL (0) but '%s' is %d: pass the data" % (size_name, size),
                                 ValueError)
        return address, None
    if x is None:  # the library would only report invalid input: say which argument, before the call
        raise argument_error(func, name, "is required: bytes, a buffer or an int address, not None", ValueError)
    if isinstance(x, str):
        raise argument_error(func, name, "must be bytes or a buffer, not str (encode it)")
    if isinstance(x, ffi.CData):
        room = cdata_nbytes(x)
        if room is not None and size is not None and size > room:
            raise argument_error(func, size_name, "is %d, larger than the %d bytes of '%s'" % (size, room, name),
                                 ValueError)
        if x == ffi.NULL and size:
            raise argument_error(func, name, "is NULL but '%s' is %d: pass the data" % (size_name, size),
                                 ValueError)
        return int(ffi.cast("uintptr_t", x)), x
    mv = contiguous_view(x, func, name, "an int address or a buffer")
    if size is not None and size > mv.nbytes:
        raise argument_error(func, size_name, "is %d, larger than the %d bytes of '%s'" % (size, mv.nbytes, name),
                             ValueError)
    buf = ffi.from_buffer(mv)
    return int(ffi.cast("uintptr_t", buf)), held(buf, mv)


def output_buffer(ffi, x, size_of, handle, func, name, text=False, ctype=None, count=None):
    """A buffer the library fills: (address, keepalive). It must be writable and hold what the library
    writes: ``size_of(handle)`` bytes (the library's own size query; for ``text``, a NUL-terminated string,
    as ``string_room`` sizes it), or one ``ctype`` (a struct or value the library writes whole, checked
    against its ``sizeof``; ``count`` of them where an argument counts an array). An int address is taken as it is (the caller's promise). An empty buffer for an
    empty string (size 0, which nvJitLink reports for an empty log while it still writes the NUL) gets a byte
    of ours instead: the NUL lands there, not past the caller's buffer nor at NULL."""
    if isinstance(x, int):
        address = int_address(x, func, name)  # a bool or an enum member is refused
        if address == 0:  # the libraries write through it unchecked
            raise argument_error(func, name, "is NULL (0): pass a writable buffer or a non-zero address", ValueError)
        return address, None
    if isinstance(x, ffi.CData):  # a cffi array's size is known and checked; a pointer is the caller's promise
        if x == ffi.NULL:
            raise argument_error(func, name, "is NULL: pass a writable buffer or a non-zero address", ValueError)
        room = cdata_nbytes(x)
        if room is not None and _room(ffi, room, size_of, handle, func, name, text, ctype, count):
            return _empty_string(ffi)
        return int(ffi.cast("uintptr_t", x)), x
    if isinstance(x, bytes):
        raise argument_error(func, name, "is a bytes object, which is immutable: pass bytearray(n) (or a numpy "
                             "array) of the size the library reports", ValueError)
    if x is None or isinstance(x, str):
        raise argument_error(func, name, "must be a writable buffer (bytearray, numpy array, ...) or an int "
                             "address, not %s" % type(x).__name__)
    mv = contiguous_view(x, func, name, "an int address or a buffer")
    if mv.readonly:
        raise argument_error(func, name, "must be a writable buffer (bytearray, numpy array, ...)", ValueError)
    if _room(ffi, mv.nbytes, size_of, handle, func, name, text, ctype, count):
        return _empty_string(ffi)
    buf = ffi.from_buffer(mv, require_writable=True)
    return int(ffi.cast("uintptr_t", buf)), held(buf, mv)


def _room(ffi, room, size_of, handle, func, name, text, ctype, count=None):
    """Raise ValueError unless ``room`` bytes hold what the library writes (see ``output_buffer``); True where
    the buffer is empty and the library writes an empty string (its NUL alone)."""
    if size_of is not None:
        n = size_of(handle)
        if text and room == 0 and n == 0:
            return True
        need = string_room(n) if text else n
        what = "%s() needs %d%s" % (size_of.__name__, need, " (the string and its NUL)" if text else "")
    elif ctype is not None and count is not None:  # an array, as long as another argument counts
        if count.__class__ is not int:
            count = _as_index(count)  # numpy's integers too
        if count is None or count < 0:
            return False  # a bad count is the call's to report, naming the count
        need = ffi.sizeof(ctype) * count
        what = "the library uses %d of %s (%d bytes), %d bytes in all" % (count, ctype, ffi.sizeof(ctype), need)
    elif ctype is not None:
        need = ffi.sizeof(ctype)
        what = "the library writes a whole %s (%d bytes)" % (ctype, need)
    else:
        return False
    if room < need:
        raise argument_error(func, name, "holds %d bytes; %s" % (room, what), ValueError)
    return False


def check_extent(x, size, offset, func, name, size_name):
    """ValueError naming ``size_name`` where buffer ``x`` holds fewer than ``size + offset`` bytes (cuFileRead
    writes ``size`` bytes at ``x + offset``); ``size`` and ``offset`` that are not integers are left to their own
    conversion to report."""
    room = nbytes(x)
    if room is None:
        return
    n, at = _as_index(size), _as_index(offset)
    if n is None or at is None:
        return
    if at < 0 or n + at > room:
        raise argument_error(func, size_name, "is %d%s, past the %d bytes of '%s'"
                             % (n, " at offset %d" % at if at else "", room, name), ValueError)


def cell_count(x):
    """The unsigned int a caller's one-cell buffer holds (cuFileBatchIOGetStatus's ``nr``: how many events the
    library may write), or None where it is an address (the caller's promise) or too short to hold one."""
    room = nbytes(x)
    if room is None or room < 4:
        return None
    if isinstance(x, _CData):
        return int(_backend_ffi.cast("unsigned int *", x)[0])
    return int.from_bytes(memoryview(x).cast("B")[:4].tobytes(), sys.byteorder)


def _empty_string(ffi):
    nul = ffi.new("char[1]")
    return int(ffi.cast("uintptr_t", nul)), nul


# -- handles --------------------------------------------------------------------------------------------------

class LiveHandles(Live):
    """The handles of one type that this module created and has not destroyed (``cudacffi._live``).

    nvJitLink and NVVM crash when given a destroyed handle, so any other non-zero value is refused with
    ``ValueError`` before it reaches them; a call holds its handle until the library returns, and a destroy
    waits for that. NULL (0 or None) goes through: the library reports it as an error.
    """

    __slots__ = ()

    # kinds whose library corrupts its heap when a handle is used on another thread than the one that
    # created it (libnvJitLink 12.9: create on one thread, add_data or destroy on another -> free() aborts)
    SAME_THREAD = frozenset(["nvJitLinkHandle"])

    def __init__(self, kind):
        Live.__init__(self, kind, kind in self.SAME_THREAD)

    def use(self, value, func, name):
        """Hold live handle ``value`` for a call: an object whose ``value`` the call passes and whose
        ``leave()`` it calls however it ends."""
        if not value:
            return Untracked(value)
        e = self.enter(value)
        if e.__class__ is str:
            raise self._refused(e, value, func, name)
        return e

    def destroying(self, value, func, name):
        """``value``, removed from the live handles once no call of another thread is using it, for a
        destroy function: of two threads destroying one handle, only one reaches the library."""
        if value:
            why = self.claim(value)
            if why is not None:
                raise self._refused(why, value, func, name)
        return value

    def _refused(self, why, value, func, name):
        if why == OTHER_THREAD:
            text = ("is a %s made on another thread: the library crashes when a handle is used off the thread "
                    "that created it" % self.kind)
        elif why == IN_USE:
            text = ("is a %s in use by a call of this thread (destroyed from inside that call's argument "
                    "conversion): %#x" % (self.kind, value))
        else:
            text = "is not a live %s (destroyed, or not made by this module): %#x" % (self.kind, value)
        return argument_error(func, name, text, ValueError)


# -- versioned symbols ----------------------------------------------------------------------------------------

def bind_versioned(version_function):
    """The load hook of a family whose header maps names to versioned symbols (``nvJitLinkCreate`` ->
    ``__nvJitLinkCreate_12_9``).

    Each name is bound to the header's symbol where the library exports it. A library of a newer major
    exports only its own versions (libnvJitLink.so.13 has ``__nvJitLinkCreate_13_0``) besides the stable
    public names, so those names are bound instead. The library's version is asked by the version function's
    public name, which older headers (12.0) do not declare. A library older than the headers is left as it is:
    the first call of a missing function raises ``LibraryVersionError`` saying so.
    """

    def on_load(library):
        lib, ffi = library.lib, library.ffi
        v = ffi.new("unsigned int[2]")
        if lib._cc_library_version(version_function.encode(), v, v + 1) == 0:
            library.version = (int(v[0]), int(v[1]))
        headers = divmod(library.cuda_version // 10, 100)
        if library.version is not None and library.version[0] > headers[0]:
            for index in library.functions.values():
                if not lib._cc_is_bound(index):
                    lib._cc_bind_alternate(index)

    return on_load
