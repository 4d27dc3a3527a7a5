"""Python callables as CUDA callbacks, through the ``extern "Python"`` trampolines of each family's module.

Every function-pointer type of a family has one trampoline compiled into its module. Where the API takes
such a pointer, cudacffi passes through a function-pointer wrapper or an int address as it is, and arms a
*record* for a Python callable: the C side gets the trampoline's address and, as user data, a cffi handle
to the record, which holds the callable and the caller's own user data (any Python object). When the
callback fires (on a driver thread; cffi takes the GIL), the trampoline turns the C arguments into cudacffi
values, calls the callable with the caller's user data in the user-data position, and reports an exception
it raises with its traceback on stderr: it cannot propagate into the driver, and it is never lost.

How long a record lives:
- ``once``: host functions, stream callbacks, user-object destructors fire once; the record is freed after
  the callback returns, or at once when the call that armed it fails.
- ``keep``: registrations (``cuLogsRegisterCallback``, async notifications) and callables stored in a struct
  (a host node's parameters are copied into every graph built from them) live for the rest of the process.
- ``call``: a type without a user-data slot (``CUoccupancyB2DSize``) is only called during the call it is
  given to; the trampoline finds the callable in a per-thread slot.

While a callback runs, the garbage collector's finalizers are held back (``gc.disable()``, re-enabled when the
last running callback returns): a finalizer that PyPy's collector would otherwise run on the driver's thread,
inside the callback, could call CUDA there, which the driver forbids (it crashed a later cuCtxSynchronize).
"""

import gc
import sys
import threading
import traceback

import _cffi_backend

from ._handles import Handle, handle_value, new_handle
from ._structs import PointerField

_armed = set()  # records the driver may still call back through
_running = [0, False]  # callbacks running now; whether the collector was enabled when the first began
_running_lock = threading.Lock()


def _hold_finalizers():
    with _running_lock:
        if not _running[0]:
            _running[1] = gc.isenabled()
            gc.disable()
        _running[0] += 1


def _release_finalizers():
    with _running_lock:
        _running[0] -= 1
        if not _running[0] and _running[1]:
            gc.enable()
_current = threading.local()  # "call" records, per callback type


_CData = _cffi_backend._CDataBase  # every cffi object is callable(); none is a Python callback


def is_python_callable(x):
    """A Python callable to wrap, as opposed to a function-pointer wrapper or an int address."""
    return (x.__class__ is not int and not isinstance(x, Handle) and not isinstance(x, _CData) and callable(x))


class Record:
    """A Python callable armed for one callback type, and the caller's user data."""

    __slots__ = ("trampoline", "fn", "user", "lifetime", "handle", "address", "data")

    def __init__(self, trampoline, fn, user, lifetime):
        self.trampoline = trampoline
        self.fn = fn
        self.user = user
        self.lifetime = lifetime
        self.address = trampoline.address
        if lifetime == "call":
            self.handle = None
            self.data = 0
            setattr(_current, trampoline.name, self)
        else:
            ffi = trampoline.ffi
            self.handle = ffi.new_handle(self)
            self.data = int(ffi.cast("uintptr_t", self.handle))
            _armed.add(self)

    def release(self):
        """Forget the record: the callback has fired for the last time, or will never fire."""
        if self.lifetime == "call":
            if getattr(_current, self.trampoline.name, None) is self:
                delattr(_current, self.trampoline.name)
        else:
            _armed.discard(self)
            # the record and its cffi handle refer to each other: break the cycle here rather than leave it (with
            # the caller's callable and user data, which may hold buffers) to the collector
            self.handle = None
        self.fn = self.user = None


def arm(trampoline, fn, user, lifetime):
    return Record(trampoline, fn, user, lifetime)


def release(record):
    if record is not None:
        record.release()


def report(name, fn):
    """Print the exception being handled, raised by callable ``fn`` called back as ``name``."""
    try:
        sys.stderr.write("cudacffi: exception in %s callback %r (ignored; the driver cannot receive it):\n"
                         % (name, fn))
        traceback.print_exc()
    except Exception:  # stderr itself is gone (interpreter shutdown): nothing left to report to
        pass


class Trampoline:
    """One callback type's ``extern "Python"`` function, and how its C arguments become Python values.

    ``spec`` has one ``(kind, cls)`` per C parameter: ``user`` (the caller's user data), ``handle``,
    ``enum``, ``struct`` (a pointer to one, viewed for the duration of the call), ``str`` (``char *``),
    ``address`` (other pointers, as ints) or ``value``.
    """

    def __init__(self, ffi, lib, name, spec, default=None):
        self.ffi = ffi
        self.name = name
        self.default = default  # what the trampoline returns to C when the callable fails (None: void)
        fn = getattr(lib, "_cc_py_" + name)
        self.address = int(ffi.cast("uintptr_t", fn))
        self.user_index = next((i for i, (k, _) in enumerate(spec) if k == "user"), None)
        self.convert = [self._converter(kind, cls) for kind, cls in spec]
        ffi.def_extern("_cc_py_" + name, onerror=self._failed)(self._fire)

    def _converter(self, kind, cls):
        ffi = self.ffi
        if kind == "handle":
            return lambda v: new_handle(cls, v if v.__class__ is int else int(ffi.cast("uintptr_t", v)))
        if kind == "enum":
            return lambda v: cls._by_value.get(v, v)
        if kind == "struct":
            return lambda v: cls(_ptr=v) if v != ffi.NULL else None
        if kind == "str":
            return lambda v: ffi.string(v) if v != ffi.NULL else None
        if kind == "address":
            return lambda v: int(ffi.cast("uintptr_t", v))
        return None

    def _fire(self, *args):
        _hold_finalizers()
        try:
            return self._call(args)
        finally:
            _release_finalizers()

    def _call(self, args):
        ui = self.user_index
        if ui is None:
            record = getattr(_current, self.name, None)
            if record is None:
                sys.stderr.write("cudacffi: %s callback fired outside the call it was given to\n" % self.name)
                return self.default
        else:
            record = self.ffi.from_handle(args[ui])
        try:
            values = [record.user if i == ui else (c(v) if c is not None else v)
                      for i, (c, v) in enumerate(zip(self.convert, args))]
            result = record.fn(*values)
            if self.default is not None:
                return int(result)
        except BaseException:
            report(self.name, record.fn)
            return self.default
        finally:
            if record.lifetime == "once":
                record.release()
        return None

    def _failed(self, exc_type, exc, tb):  # cffi could not convert what the trampoline returned
        sys.stderr.write("cudacffi: %s callback returned an unusable value: %s\n" % (self.name, exc))
        return self.default


# -- struct fields: a callable stored in a struct (CUDA_HOST_NODE_PARAMS.fn) -----------------------------------

class CallbackField:
    """A function-pointer field with a user-data sibling: takes a wrapper, an int address or a callable.

    A callable is armed for the rest of the process (graphs copy node parameters); the struct's user-data
    field then holds the record's handle, and reading or writing that field reads or writes the record's
    user data, any Python object.
    """

    __slots__ = ("name", "cls", "trampolines", "type_name", "data_field")

    def __init__(self, name, handle_cls, trampolines, type_name, data_field):
        self.name = name
        self.cls = handle_cls
        self.trampolines = trampolines  # the family's {type name: Trampoline}, filled after the classes
        self.type_name = type_name
        self.data_field = data_field

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        record = obj._held(("callback", self.name))
        if record is not None:
            return record.fn
        return new_handle(self.cls, int(obj._ffi.cast("uintptr_t", getattr(obj._ptr, self.name))))

    def __set__(self, obj, value):
        ffi = obj._ffi
        key = ("callback", self.name)
        old = obj._held(key)
        if is_python_callable(value):
            record = arm(self.trampolines[self.type_name], value, old.user if old else None, "keep")
            setattr(obj._ptr, self.name, ffi.cast("void *", record.address))
            setattr(obj._ptr, self.data_field, ffi.cast("void *", record.data))
            obj._hold(key, record)
            return
        v = handle_value(value, type(obj).__name__, self.name)
        setattr(obj._ptr, self.name, ffi.cast("void *", v))
        if old is not None:  # back to a C function: it gets the user data as an address again
            obj._hold(key, None)
            setattr(obj._ptr, self.data_field, ffi.NULL)
            if old.user is not None:
                setattr(obj, self.data_field, old.user)


class CallbackDataField(PointerField):
    """The user-data field beside a CallbackField: a Python object while a callable is stored, else a pointer."""

    __slots__ = ("fn_field",)

    def __init__(self, name, ctype, fn_field):
        PointerField.__init__(self, name, ctype)
        self.fn_field = fn_field

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        record = obj._held(("callback", self.fn_field))
        if record is not None:
            return record.user
        return PointerField.__get__(self, obj, cls)

    def __set__(self, obj, value):
        record = obj._held(("callback", self.fn_field))
        if record is not None:
            record.user = value
        else:
            PointerField.__set__(self, obj, value)
