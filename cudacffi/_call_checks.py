"""The helpers of the checks the generated wrappers make for particular functions (``codegen/decisions/checks.py``
says which; ``codegen/lowering.py`` writes the calls into the wrappers, so nothing is wrapped again at import):

- ``need`` and ``need_2d``: a host buffer given to the memcpy/memset family against the byte count the same call
  passes (``cuMemcpyDtoH(bytearray(8), ptr, 16)`` would write 16 bytes into 8);
- ``Programs`` and the argument checks beside it: NVRTC program handles are tracked as nvJitLink's and NVVM's are
  (``cudacffi._live``), since NVRTC crashes on a destroyed program or a handle of another class; cuda.bindings'
  answer, ``NVRTC_ERROR_INVALID_PROGRAM``, is returned instead.
"""

from ._arguments import argument_error
from ._buffers import nbytes
from ._handles import Handle
from ._live import IN_USE, Live  # noqa: F401  (IN_USE: what the generated destroy compares claim's answer with)

# -- host buffer sizes against byte counts ------------------------------------------------------------------------

def _as_size(v):
    """An int count, or None where the count is bad (the generated function reports it, naming it)."""
    if v.__class__ is int:
        return v if v >= 0 else None
    if isinstance(v, bool) or isinstance(v, float):
        return int(v) if isinstance(v, float) and v.is_integer() and v >= 0 else None
    try:
        v = v.__index__()
    except Exception:
        return None
    return v if v >= 0 else None


def need(func, name, buf, count, count_name):
    """Raise ValueError when buffer ``buf`` is smaller than ``count`` bytes."""
    if buf.__class__ is int or buf is None:
        return
    n = _as_size(count)
    if n is None:
        return
    room = nbytes(buf)
    if room is not None and room < n:
        raise argument_error(func, name, "has room for %d bytes, fewer than '%s' = %d" % (room, count_name, n),
                             ValueError)


def need_2d(func, name, buf, pitch, width, height, names):
    if buf.__class__ is int or buf is None:
        return
    p, w, h = _as_size(pitch), _as_size(width), _as_size(height)
    if p is None or w is None or h is None or not h or not w:
        return
    n = p * (h - 1) + w
    room = nbytes(buf)
    if room is not None and room < n:
        raise argument_error(func, name, "has room for %d bytes, fewer than %s * (%s - 1) + %s = %d"
                             % (room, names[0], names[2], names[1], n), ValueError)


# -- NVRTC programs ------------------------------------------------------------------------------------------------

class Programs(Live):
    """The NVRTC programs ``nvrtcCreateProgram`` made and ``nvrtcDestroyProgram`` has not destroyed
    (``cudacffi._live``): a call holds its program until NVRTC returns, and destroying removes the program
    (later calls get ``NVRTC_ERROR_INVALID_PROGRAM``) and waits for the call in flight before NVRTC frees it.
    Calls on one program run one at a time, as NVRTC requires; calls on different programs run in parallel.
    """

    __slots__ = ("cls",)

    def __init__(self, handle_cls):
        Live.__init__(self, "nvrtcProgram")
        self.cls = handle_cls

    def value(self, prog):
        """The program's value; -1 for a handle of another class; None where the generated function should
        see the argument itself (NULL, or a type it reports as an error naming the parameter)."""
        if isinstance(prog, Handle):
            return prog._v if isinstance(prog, self.cls) else -1
        if prog is None or isinstance(prog, (float, str, bytes, bool)):
            return None
        try:
            v = int(prog)
        except Exception:
            return None
        return v if 0 < v < 1 << 64 else None


def not_a_handle(func, names, values):
    """NVRTC's one handle type is the program: a handle given for another parameter (an output buffer, the
    payload) would be taken as the address of host memory and written into (``nvrtcGetPTX(prog, prog)``
    wrote PTX over the program's own heap block). Pass ``int(h)`` to promise it is one."""
    for name, v in zip(names, values):
        if isinstance(v, Handle):
            raise argument_error(func, name, "must be a buffer or an int address, not a %s handle (a handle is no "
                                 "host memory; pass int(...) if it is an address)" % type(v).__name__)


def required(func, names, values):
    for name, v in zip(names, values):
        if v is None or (isinstance(v, int) and not v):
            raise argument_error(func, name, "must be bytes (a C++ name expression), not %r (NULL)" % (v,))


def is_null(prog):
    """Whether ``prog`` is NULL (None or 0): libnvrtc 12.0 dereferences a NULL program (later versions report
    NVRTC_ERROR_INVALID_PROGRAM, which the binding returns itself)."""
    return prog is None or (prog.__class__ is int and prog == 0)


def in_use(func):
    return argument_error(func, "prog", "is a program in use by a call of this thread (destroyed from inside "
                          "that call's argument conversion)", ValueError)
