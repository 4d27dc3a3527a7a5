"""Shared pieces of cudacffi.core: errors, the one-time cuInit, option checking and small converters.

Everything here calls the public generated modules only (``cudacffi.driver`` and friends), never cffi.
"""

import operator
import os
import threading
from typing import Any, NamedTuple

from .. import CUDAError, check
from .. import driver as _driver
from . import _release

__all__ = ["CUDAError", "NVRTCError", "ComputeCapability", "as_int", "check"]


class ArgumentTypeError(TypeError, AttributeError):
    """A TypeError naming the parameter whose argument lacks the attribute or method the parameter needs (a data
    protocol, a ``write`` method, ``str.encode``). It is an AttributeError too, since cuda.core raises
    AttributeError for these arguments: code written to catch that keeps working."""


def printable(text):
    """``text`` with what UTF-8 cannot encode (a lone surrogate) backslash-escaped: a message that holds a caller's
    string can then be printed and logged. Text UTF-8 encodes is returned as it is."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def encode_text(text, what):
    """``text`` (a str) as UTF-8 bytes; a lone surrogate raises UnicodeEncodeError (cuda.core's exception for it)
    whose message names ``what``."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise UnicodeEncodeError(e.encoding, e.object, e.start, e.end,
                                 "%s (%s must be text UTF-8 can encode)" % (e.reason, what)) from None


def encode_option(text, what):
    """A compiler's or linker's command-line option (a str) as UTF-8 bytes, as ``encode_text``; ValueError naming
    ``what`` for a NUL in it (the library would read the option up to it: another option)."""
    data = encode_text(text, what)
    if b"\0" in data:
        raise ValueError("%s must not hold a NUL character, got %s" % (what, printable(repr(text))))
    return data


def require_str(value, what, none_ok=False):
    """``value`` if it is a str (or None where ``none_ok``) that UTF-8 encodes; ArgumentTypeError naming ``what``
    for anything else (cuda.core fails on it with AttributeError, encoding it), UnicodeEncodeError naming
    ``what`` for a lone surrogate."""
    if value is None and none_ok:
        return value
    if not isinstance(value, str):
        raise ArgumentTypeError("%s must be a str, not %s" % (what, type(value).__name__))
    encode_text(value, what)
    return value

class ComputeCapability(NamedTuple):
    """A device's compute capability: ``(major, minor)``, e.g. ``ComputeCapability(major=9, minor=0)``."""

    major: int
    minor: int


class NVRTCError(CUDAError):
    """NVRTC failed to compile a program; ``log`` is NVRTC's log (``str(e)`` ends with it)."""

    def __init__(self, result: Any, name: str, description: str, log: str = "") -> None:
        CUDAError.__init__(self, result, name, description)
        self.log = log
        if log:
            self.args = ("%s\n%s" % (self.args[0], log),)


_released = _release._queue  # (one global to test on the way to every driver call)
_init_lock = threading.Lock()
_initialized = [False]
_forked = [False]  # set in a child forked after this process initialized CUDA

FORKED = ("CUDA was initialized in the parent of this process, which was then forked: a forked child cannot use "
          "CUDA (the driver's state does not survive fork). Start child processes with the 'spawn' method: "
          "multiprocessing.get_context('spawn') or multiprocessing.set_start_method('spawn')")


def _after_fork_in_child():
    if _initialized[0]:
        _initialized[0] = False
        _forked[0] = True


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def driver():
    """The driver module, with ``cuInit`` done once per process (raises CUDAError if it fails, and
    RuntimeError in a child forked after its parent initialized CUDA); releases the handles finalizers queued."""
    if not _initialized[0]:
        with _init_lock:
            if _forked[0]:
                raise RuntimeError(FORKED)
            if not _initialized[0]:
                check(_driver.cuInit(0))
                _initialized[0] = True
    if _released:  # handles finalizers let go of since the last call (see _release)
        _release.drain()
    return _driver


def check_not_forked():
    """RuntimeError where this process was forked from one that had initialized CUDA."""
    if _forked[0]:
        raise RuntimeError(FORKED)


def check_or_create_options(cls, options, what):
    """``options`` as an instance of the dataclass ``cls``: None gives the defaults, a dict its fields; anything
    else is a TypeError with cuda.core's message (``what`` describes the options, e.g. "Stream options")."""
    if options is None:
        return cls()
    if isinstance(options, cls):
        return options
    if isinstance(options, dict):
        try:
            return cls(**options)
        except TypeError as e:  # a key that names no field: Python's message, made printable
            message = str(e)
            if printable(message) != message:
                raise TypeError(printable(message)) from None
            raise
    raise TypeError("The %s must be provided as an object of type %s or as a dict with valid %s. The provided object "
                    "is '%s'." % (what, cls.__name__, what, printable(str(options))))


def as_bytes(text, what):
    """``text`` (str, bytes or bytearray) as bytes."""
    if isinstance(text, str):
        return encode_text(text, what)
    if isinstance(text, (bytes, bytearray)):
        return bytes(text)
    raise TypeError("%s must be str or bytes, not %s" % (what, type(text).__name__))


def read_code(module, what):
    """bytes given as such, or the contents of the file a str / os.PathLike names."""
    if isinstance(module, (bytes, bytearray, memoryview)):
        return bytes(module)
    if isinstance(module, (str, os.PathLike)):
        with open(module, "rb") as f:
            return f.read()
    raise TypeError("%s must be bytes or a path (str or os.PathLike), not %s" % (what, type(module).__name__))


def as_int(value, what, minimum=None):
    """``value`` as a Python int through the number protocol (ints, bools, numpy integer scalars, any object with
    ``__index__``), as cuda.core takes them; TypeError naming ``what`` for anything else (floats included), and
    ValueError where it is below ``minimum``."""
    if value.__class__ is not int:
        try:
            value = int(operator.index(value))  # int(): PyPy's operator.index(True) is True
        except TypeError:
            raise TypeError("%s must be an int, not %s" % (what, type(value).__name__)) from None
    if minimum is not None and value < minimum:
        raise ValueError("%s must be >= %d, not %d" % (what, minimum, value))
    return value


_ONES = {1: (1, 1), 2: (1,), 3: ()}


def cast_to_3_tuple(label, value):
    """A grid/block/cluster value (an int or a tuple of up to 3 ints) as a 3-tuple padded with 1, with
    cuda.core's messages; integers may be anything with ``__index__`` (numpy scalars)."""
    if value.__class__ is int and value >= 1:  # the common cases first: one int, a tuple of positive ints
        return (value, 1, 1)
    if value.__class__ is tuple and 0 < len(value) <= 3:
        for v in value:
            if v.__class__ is not int or v < 1:
                break
        else:
            return value + _ONES[len(value)]
    common = "must be an int, or a tuple with up to 3 ints"
    original = value
    if not isinstance(value, tuple):
        if not hasattr(type(value), "__index__"):
            raise ValueError("%s %s (got %s)" % (label, common, type(value)))
        value = (value,)
    elif len(value) > 3:
        raise ValueError("%s %s (got tuple with length %d)" % (label, common, len(value)))
    if not all(hasattr(type(v), "__index__") for v in value):
        raise ValueError("%s %s (got %s)" % (label, common, (original,)[0]))
    try:
        value = tuple(int(operator.index(v)) for v in value)
    except TypeError:  # an __index__ that gives no int (a str; a numpy array of several elements)
        raise ValueError("%s %s (got %s)" % (label, common, (original,)[0] if isinstance(original, tuple)
                                             else type(original))) from None
    if any(v < 1 for v in value):
        raise ValueError("%s value%s must be >= 1 (got %s)" % (label, "" if len(value) == 1 else "s", original))
    return value + (1,) * (3 - len(value))
