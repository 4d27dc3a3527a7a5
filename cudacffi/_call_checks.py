"""Checks that need to know a particular function, applied by the handwritten facades (``cudacffi.driver``,
``cudacffi.runtime``, ``cudacffi.nvrtc``) over the generated functions, so that codegen stays generic:

- ``HOST_SIZES``: host buffers given to the memcpy/memset family are checked against the byte count the
  same call passes (``cuMemcpyDtoH(bytearray(8), ptr, 16)`` would write 16 bytes into 8);
- ``Programs``: NVRTC program handles are tracked as nvJitLink's and NVVM's are (``cudacffi._live``),
  since NVRTC crashes on a destroyed program or a handle of another class; cuda.bindings' answer,
  ``NVRTC_ERROR_INVALID_PROGRAM``, is returned instead.

A wrapper has the generated function's exact signature (made with ``exec``), name and docstring, and
``__wrapped__`` points at the generated function. The calls wrapped here are heavy (copies, compiles), so
one Python call more costs nothing that matters.
"""

import functools

from ._arguments import argument_error
from ._buffers import nbytes
from ._handles import Handle
from ._live import IN_USE, Live

# -- exact-signature wrappers ----------------------------------------------------------------------------------


def _signature(f):
    code = f.__code__
    params = code.co_varnames[:code.co_argcount]
    defaults = f.__defaults__ or ()
    first_default = len(params) - len(defaults)
    sig = ", ".join(p if i < first_default else "%s=_d[%d]" % (p, i - first_default) for i, p in enumerate(params))
    return params, sig, defaults


def wrap(f, body, env):
    """A function with ``f``'s signature running ``body`` (source lines indented by 4, may use ``_f`` and
    the names of ``env``)."""
    params, sig, defaults = _signature(f)
    ns = dict(env, _f=f, _d=defaults, __name__=__name__)  # a cudacffi frame (the bytes rule counts its refs)
    src = "def %s(%s):\n%s" % (f.__name__, sig, body.format(args=", ".join(params)))
    exec(compile(src, "<cudacffi._call_checks %s>" % f.__name__, "exec"), ns)
    w = functools.update_wrapper(ns[f.__name__], f)
    w.__module__ = f.__module__
    return w


# -- host buffer sizes against byte counts ------------------------------------------------------------------------

# function -> ((buffer parameter, count parameter) or (buffer parameter, (pitch, width, height))). A buffer
# given as such (not an int address, None or a handle) is host memory: it must hold what the call reads or
# writes there. The 2D forms need pitch * (height - 1) + width bytes. Names a build lacks are skipped.
HOST_SIZES = {
    # driver
    "cuMemcpyHtoD": (("srcHost", "ByteCount"),),
    "cuMemcpyHtoDAsync": (("srcHost", "ByteCount"),),
    "cuMemcpyDtoH": (("dstHost", "ByteCount"),),
    "cuMemcpyDtoHAsync": (("dstHost", "ByteCount"),),
    "cuMemcpyHtoA": (("srcHost", "ByteCount"),),
    "cuMemcpyHtoAAsync": (("srcHost", "ByteCount"),),
    "cuMemcpyAtoH": (("dstHost", "ByteCount"),),
    "cuMemcpyAtoHAsync": (("dstHost", "ByteCount"),),
    "cuMemHostRegister": (("p", "bytesize"),),
    "cuParamSetv": (("ptr", "numbytes"),),
    # runtime: a buffer is host memory whatever `kind` says
    "cudaMemcpy": (("dst", "count"), ("src", "count")),
    "cudaMemcpyAsync": (("dst", "count"), ("src", "count")),
    "cudaMemcpyPeer": (("dst", "count"), ("src", "count")),
    "cudaMemcpyPeerAsync": (("dst", "count"), ("src", "count")),
    "cudaMemcpy2D": (("dst", ("dpitch", "width", "height")), ("src", ("spitch", "width", "height"))),
    "cudaMemcpy2DAsync": (("dst", ("dpitch", "width", "height")), ("src", ("spitch", "width", "height"))),
    "cudaMemcpy2DToArray": (("src", ("spitch", "width", "height")),),
    "cudaMemcpy2DToArrayAsync": (("src", ("spitch", "width", "height")),),
    "cudaMemcpy2DFromArray": (("dst", ("dpitch", "width", "height")),),
    "cudaMemcpy2DFromArrayAsync": (("dst", ("dpitch", "width", "height")),),
    "cudaMemcpyToArray": (("src", "count"),),
    "cudaMemcpyToArrayAsync": (("src", "count"),),
    "cudaMemcpyFromArray": (("dst", "count"),),
    "cudaMemcpyFromArrayAsync": (("dst", "count"),),
    "cudaMemset": (("devPtr", "count"),),
    "cudaMemsetAsync": (("devPtr", "count"),),
    "cudaMemset2D": (("devPtr", ("pitch", "width", "height")),),
    "cudaMemset2DAsync": (("devPtr", ("pitch", "width", "height")),),
    "cudaHostRegister": (("ptr", "size"),),
}


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


def guard_sizes(namespace, table=HOST_SIZES):
    """Replace each function of ``table`` found in ``namespace`` (with matching parameter names) by a
    wrapper that checks its host buffers first. Returns the names wrapped."""
    done = []
    for func, checks in table.items():
        f = namespace.get(func)
        if f is None or not hasattr(f, "__code__"):
            continue
        params = _signature(f)[0]
        lines = []
        for buf, count in checks:
            if isinstance(count, tuple):
                if buf not in params or not all(c in params for c in count):
                    break
                lines.append("    _need_2d(%r, %r, %s, %s, %s, %s, %r)\n" % ((func, buf, buf) + count + (count,)))
            else:
                if buf not in params or count not in params:
                    break
                lines.append("    _need(%r, %r, %s, %s, %r)\n" % (func, buf, buf, count, count))
        else:
            body = "".join(lines) + "    return _f({args})\n"
            namespace[func] = wrap(f, body, {"_need": need, "_need_2d": need_2d})
            done.append(func)
    return done


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


def _not_a_handle(func, names, values):
    """NVRTC's one handle type is the program: a handle given for another parameter (an output buffer, the
    payload) would be taken as the address of host memory and written into (``nvrtcGetPTX(prog, prog)``
    wrote PTX over the program's own heap block). Pass ``int(h)`` to promise it is one."""
    for name, v in zip(names, values):
        if isinstance(v, Handle):
            raise argument_error(func, name, "must be a buffer or an int address, not a %s handle (a handle is no "
                                 "host memory; pass int(...) if it is an address)" % type(v).__name__)


# NVRTC parameters that must not be NULL: libnvrtc 12.0 aborts the process on a NULL name expression
# (nvrtcAddNameExpression, nvrtcGetLoweredName: an uncaught std::logic_error), later versions return an error
NOT_NULL = ("name_expression",)


def _required(func, names, values):
    for name, v in zip(names, values):
        if v is None or (isinstance(v, int) and not v):
            raise argument_error(func, name, "must be bytes (a C++ name expression), not %r (NULL)" % (v,))


def _null(prog):
    """Whether ``prog`` is NULL (None or 0): libnvrtc 12.0 dereferences a NULL program (later versions report
    NVRTC_ERROR_INVALID_PROGRAM, which the binding returns itself)."""
    return prog is None or (prog.__class__ is int and prog == 0)


def _in_use(func):
    return argument_error(func, "prog", "is a program in use by a call of this thread (destroyed from inside "
                          "that call's argument conversion)", ValueError)


def _outputs(f):
    """How many outputs follow the status, from the generated docstring ``f(...) -> (status, a, b)``."""
    doc = (f.__doc__ or "").split("->", 1)
    if len(doc) < 2:
        return 0
    return doc[1].split(")", 1)[0].count(",")


def guard_programs(namespace, handle_cls, invalid):
    """Wrap the NVRTC functions of ``namespace``: create/destroy keep the table of live programs, every
    function whose first parameter is ``prog`` returns ``(invalid, None, ...)`` for a program that is not
    live. Returns the ``Programs`` table."""
    programs = Programs(handle_cls)
    env = {"_programs": programs, "_invalid": invalid, "_IN_USE": IN_USE, "_in_use": _in_use,
           "_not_a_handle": _not_a_handle, "_required": _required, "_null": _null}
    for name, f in list(namespace.items()):
        if not name.startswith("nvrtc") or not hasattr(f, "__code__"):
            continue
        params = _signature(f)[0]
        if name == "nvrtcCreateProgram":
            body = ("    r = _f({args})\n"
                    "    if not r[0]:\n"
                    "        _programs.add(r[1]._v)\n"
                    "    return r\n")
        elif name == "nvrtcDestroyProgram" and params[:1] == ("prog",):
            body = ("    v = _programs.value(prog)\n"
                    "    if v is None and _null(prog):\n"
                    "        return (_invalid,)\n"
                    "    if v is not None:\n"
                    "        why = _programs.claim(v)\n"
                    "        if why == _IN_USE:\n"
                    "            raise _in_use(%r)\n"
                    "        if why is not None:\n"
                    "            return (_invalid,)\n"
                    "    return _f({args})\n" % name)
        elif params[:1] == ("prog",):
            bad = "(_invalid,%s)" % "".join(" None," for _ in range(_outputs(f)))
            others = params[1:]
            check = ("    _not_a_handle(%r, %r, (%s))\n" % (name, others, "".join(p + ", " for p in others))
                     if others else "")
            required = tuple(p for p in others if p in NOT_NULL)
            if required:
                check += "    _required(%r, %r, (%s))\n" % (name, required, "".join(p + ", " for p in required))
            body = check + ("    v = _programs.value(prog)\n"
                            "    if v is None:\n"
                            "        return %s if _null(prog) else _f({args})\n"
                            "    held = _programs.enter(v)\n"
                            "    if held.__class__ is str:\n"
                            "        return %s\n"
                            "    try:\n"
                            "        return _f({args})\n"
                            "    finally:\n"
                            "        held.leave()\n" % (bad, bad))
        else:
            continue
        namespace[name] = wrap(f, body, env)
    return programs
