"""The fuzzer behind tests/test_core_fuzz.py: calls cudacffi.core's public API that needs no GPU with bad arguments.

Run as a child process (a crash must not take the test run with it):

    python tests/fuzz_core.py SEED CALLS LOGFILE

Each call is numbered; its number is written to LOGFILE before the call (so a crash leaves the number of the call
that crashed) and its arguments are made from ``random.Random(SEED * 1000003 + number)`` alone, so
``describe(SEED, number)`` rebuilds it for the report. The last line of stdout is a JSON summary: calls made,
outcomes by exception type, and the odd ones (one of each kind).

A call starts from a target's baseline (arguments it takes) and replaces one or two of them with a bad value: None,
negative, huge and boolean ints, floats, str (empty, a lone surrogate '\\ud800', a NUL), bytes, lists, tuples,
dicts, sets, iterators, numpy scalars and arrays, objects whose ``__index__`` returns a str or raises, objects
speaking a data protocol (``__array_interface__``, ``__cuda_array_interface__``, DLPack, ``__cuda_stream__``)
that answers garbage, cffi objects of another FFI, and cudacffi.core objects of the wrong class. What a call
returns is then used (its repr and the properties or methods its target names): a value taken without complaint
must not fail later with something odd.

Fine (``classify``): TypeError, ValueError and OverflowError whose message names a parameter given a bad value,
the target (class or function) or the class of the value, or is cuda.core's own wording for it (``CUDA_CORE_WORDING``
and the target's ``wording``: messages cudacffi.core matches word for word though they name nothing); a
UnicodeError whose reason names the parameter; BufferError (a DLPack producer's refusal); RuntimeError naming the
target or the value's class (cuda.core's "<Class> has been closed", "Unsupported code_type"); the libraries' status
errors (CUDAError, NVRTCError, nvJitLinkError, nvvmError, the NVML errors, LibraryNotFoundError: no driver here);
OSError for a path; what the target's contract raises (KeyError for a missing cache key); what the fuzzer's own
objects raise, and what a value's own methods raise in their words (``PASSED_THROUGH``: numpy asked for the truth of
an array, a ``__len__`` below 0). Odd: anything else, and a message that cannot be encoded as UTF-8 (a lone
surrogate put in it unescaped). The driver and NVML are not loaded (``CUDACFFI_LIBDRIVER`` and
``CUDACFFI_LIBNVML`` name files that do not exist), so whatever needs them ends in LibraryNotFoundError: the
argument checks made before that are what is fuzzed.
"""

import io
import json
import os
import random
import re
import sys
import tempfile
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))


class FuzzRaised(Exception):
    """Raised by the fuzzer's own objects (a ``__index__``, a ``__dlpack__``...): passes through, never odd."""


# cuda.core's own messages, which cudacffi.core matches word for word (the drop-in contract) though they name no
# parameter: each a regular expression matched against the whole message
CUDA_CORE_WORDING = [
    r"Expected (int|bool), got \w+",  # StreamOptions.priority
    r"stream=None is ambiguous with view\(\)",  # StridedMemoryView from DLPack or __cuda_array_interface__
    r"Sorry, not supported: .*",
    r"device not supported",
    r"the input object does not support any data exchange protocol",
    r"Expected type str(, but got \w+| or bytes or bytearray, but got \w+)",  # Program, ObjectCode
    r"Unknown backend .*",  # ProgramOptions.as_bytes
    r"At least one ObjectCode object must be provided",
    r"Either itemsize or dtype must be specified",
    r"Unsupported target_type=.*",
    r"Argument '\w+' has incorrect type \(expected [\w.]+, got \w+\)",  # Cython's argument check
    r"only (CUDA Array|NumPy Array) Interface v3 or above is supported",
    r"\w+ takes (no|at most \d+|exactly \d+|from \d+ to \d+) (positional |keyword )?arguments?.*",
    r".*got an unexpected keyword argument .*",
    r"(type object )?keywords must be strings.*",  # an options dict's key that is no str (Python's words)
    r".*missing \d+ required (positional|keyword-only) arguments?.*",
]
_CUDA_CORE_WORDING = [re.compile(p + r"\Z", re.S) for p in CUDA_CORE_WORDING]


# -- bad values ---------------------------------------------------------------------------------------------------

class FuzzTypeError(FuzzRaised, TypeError):
    """A producer's own TypeError (a ``__dlpack__`` older than DLPack 1.0 refusing max_version)."""


class FuzzBufferError(FuzzRaised, BufferError):
    """A producer's own BufferError."""


class StreamProto:
    """An object with ``__cuda_stream__`` (looked up on the class, as the protocol is) answering ``info``."""

    def __init__(self, info):
        self.info = info

    def __cuda_stream__(self):
        if isinstance(self.info, BaseException):
            raise self.info
        return self.info

    def __repr__(self):
        return "StreamProto(%r)" % (self.info,)


class BadIndex:
    """``__index__`` returns a str."""

    def __index__(self):
        return "x"

    def __repr__(self):
        return "BadIndex()"


class RaisingIndex:
    def __index__(self):
        raise FuzzRaised("__index__")

    def __repr__(self):
        return "RaisingIndex()"


class RaisingLen:
    def __len__(self):
        raise FuzzRaised("__len__")

    def __iter__(self):
        raise FuzzRaised("__iter__")

    def __repr__(self):
        return "RaisingLen()"


class NegativeLen:
    def __len__(self):
        return -1  # Python itself refuses this (ValueError)

    def __getitem__(self, i):
        raise IndexError(i)

    def __repr__(self):
        return "NegativeLen()"


class Proto:
    """An object speaking the protocols named in its keyword arguments with the values given (a callable value is
    the method's result; an exception instance is raised by it)."""

    def __init__(self, **kw):
        self._kw = kw

    def __getattr__(self, name):
        kw = self.__dict__.get("_kw", {})
        if name in ("__array_interface__", "__cuda_array_interface__"):
            if name in kw:
                v = kw[name]
                if isinstance(v, BaseException):
                    raise v
                return v
        if name in ("__dlpack__", "__dlpack_device__"):
            if name in kw:
                v = kw[name]

                def method(*args, **kwargs):
                    if isinstance(v, BaseException):
                        raise v
                    return v
                return method
        raise AttributeError(name)

    def __repr__(self):
        return "Proto(%s)" % ", ".join("%s=%r" % kv for kv in sorted(self._kw.items()))


def _iface(rng, cuda):
    """An array interface dict, valid but for what the rng spoils."""
    d = {"shape": (4,), "typestr": "<f4", "data": (0x10000, False), "version": 3}
    if cuda:
        d["stream"] = None
    key = rng.choice(["shape", "typestr", "data", "version", "strides", "mask", "stream", "descr", "drop"])
    spoil = {
        "shape": [None, 5, "x", (-1,), (2 ** 70,), ("a",), (4, 4), (1.5,), [4], (True,), (BadIndex(),)],
        "typestr": [5, None, "", "<f", "<x4", "\ud800", "<f3", "|V0", "<f0", "<f99999999999999999999", b"<f4", "<c8",
                    "|b1", ">i8", "<V8", "<M8"],
        "data": [(1,), ("a", False), (2 ** 70, False), (-1, False), None, b"xx", 5, (0x10000,), [0x10000, False],
                 (0x10000, "x"), (BadIndex(), False), bytearray(16), memoryview(b"1234")],
        "version": ["3", None, 2, 2 ** 70, -1, 3.5],
        "strides": [5, ("a",), (3,), (1, 2), (-4,), (2 ** 70,), (0,), None, (4.0,)],
        "mask": [1, object()],
        "stream": ["x", -5, 0, True, 2 ** 70, 1.5, 1],
        "descr": [5, [("a", "<f4")], None],
    }
    if key == "drop":
        del d[rng.choice(sorted(d))]
    else:
        d[key] = rng.choice(spoil[key])
    return d


def _dlpack_obj(rng):
    import numpy as np

    device = rng.choice([5, None, (1,), ("a", 0), (1, "x"), (99, 0), (2, -1), (2 ** 70, 0), (1, 0, 0), (1, 0),
                         (2, 0), (3, 0), (13, 0), FuzzRaised("dev"), [1, 0], (1.5, 0)])
    capsule = rng.choice([5, None, b"", "x", FuzzRaised("dlpack"), FuzzTypeError("old producer"),
                          FuzzBufferError("no"),
                          np.arange(4).__dlpack__(), object()])
    return Proto(__dlpack__=capsule, __dlpack_device__=device)


def _numpy_value(rng):
    import numpy as np

    kind = rng.randrange(10)
    if kind == 0:
        return np.zeros(4, dtype=rng.choice(["f4", "i8", "u1", "c8", "?", "f2"]))
    if kind == 1:
        return np.zeros((4, 4), dtype="f4")[:, ::2]  # not contiguous
    if kind == 2:
        return np.zeros(3, dtype=object)
    if kind == 3:
        return np.zeros(2, dtype=[("a", "<i4"), ("b", "<f8")])
    if kind == 4:
        return np.array(5.0)  # 0-d
    if kind == 5:
        a = np.zeros(4, dtype="f4")
        a.flags.writeable = False
        return a
    if kind == 6:
        return np.zeros(2, dtype="M8[s]")
    if kind == 7:
        return rng.choice([np.int32(5), np.int64(-1), np.uint64(2 ** 64 - 1), np.float64(1.5), np.bool_(True),
                           np.int8(0)])
    if kind == 8:
        return np.zeros((0,), dtype="f4")
    return np.zeros((1,) * 40, dtype="u1") if hasattr(np, "zeros") else None


def bad_value(rng, ctx):
    """A bad value: (its label, the value)."""
    import cffi

    k = rng.randrange(22)
    if k == 0:
        return "None", None
    if k == 1:
        v = rng.choice([-1, 0, 1, 2, -(2 ** 63) - 1, 2 ** 31, 2 ** 63 - 1, 2 ** 63, 2 ** 64 - 1, 2 ** 64, 10 ** 100,
                        -(10 ** 100), 3, 4, 7, 1024])
        return "int %d" % v, v
    if k == 2:
        v = rng.choice([True, False])
        return repr(v), v
    if k == 3:
        v = rng.choice([0.0, -1.0, 1.5, 2.0, float("nan"), float("inf"), -float("inf"), 1e300])
        return "float %r" % v, v
    if k == 4:
        v = rng.choice(["", "x", "\ud800", "a\x00b", "ptx", "cubin", "ltoir", "c++", "nvvm", "sm_80", "compute_80",
                        "sm_", "sm_999", "sm_80\ud800", "x" * 5000, "-1", "1", "stream", "default", "device",
                        "\udcff/x", "fatbin", "nvjitlink", "nvrtc", "\U0001f600"])
        return "str %r" % v[:40], v
    if k == 5:
        v = rng.choice([b"", b"\x00", b"\xff\xfe", b"x" * 100, bytearray(b"xy"), memoryview(b"abcd"), b"ptx",
                        b"sm_80"])
        return "bytes %r" % (bytes(v)[:20],), v
    if k == 6:
        v = rng.choice([[], [1], [None], ["\ud800"], ["x"], [1.5], [-1], [2 ** 64], [[1]], [b"x"], ["a", "b"],
                        [object()], [BadIndex()]])
        return "list %r" % (v,), list(v)
    if k == 7:
        v = rng.choice([(), (1,), (1, 2, 3, 4), (0,), (-1,), (2 ** 64,), ((1, 2),), (None,), ("a", "b"), ("a", 5),
                        ("a",), (1, 2), (1, 2, 3), (1.5, 2), ("\ud800", "x"), (BadIndex(),)])
        return "tuple %r" % (v,), v
    if k == 8:
        v = rng.choice([{}, {"a": 1}, {1: 2}, {"arch": "sm_80"}, {"bogus": 1}, {"\ud800": 1}, {None: None}])
        return "dict %r" % (v,), dict(v)
    if k == 9:
        v = rng.choice([set(), frozenset({1}), range(3), range(0), iter([1, 2]), (x for x in [1]), {1: 2}.keys()])
        return "iterable %s" % type(v).__name__, v
    if k == 10:
        v = rng.choice([object(), type, len, Ellipsis, NotImplemented, 1j, lambda *a: None, Exception("e"),
                        io.StringIO(), warnings])
        return "object %s" % type(v).__name__, v
    if k == 11:
        v = rng.choice([BadIndex(), RaisingIndex(), RaisingLen(), NegativeLen()])
        return repr(v), v
    if k == 12:
        ffi = ctx.setdefault("ffi", cffi.FFI())
        v = rng.choice([lambda: ffi.new("int[4]"), lambda: ffi.NULL, lambda: ffi.cast("void *", 0x1000),
                        lambda: ffi.new("char[]", b"abc"), lambda: ffi.cast("uint64_t", 5),
                        lambda: ffi.new("uint64_t *", 7)])()
        return "cffi %s" % ffi.typeof(v).cname, v
    if k == 13:
        return "numpy", _numpy_value(rng)
    if k == 14:
        v = Proto(__array_interface__=rng.choice([5, None, "x", FuzzRaised("ai"), _iface(rng, False),
                                                  _iface(rng, False), _iface(rng, False)]))
        return repr(v)[:80], v
    if k == 15:
        v = Proto(__cuda_array_interface__=rng.choice([5, None, [], FuzzRaised("cai"), _iface(rng, True),
                                                       _iface(rng, True), _iface(rng, True)]))
        return repr(v)[:80], v
    if k == 16:
        v = _dlpack_obj(rng)
        return repr(v)[:80], v
    if k == 17:
        v = StreamProto(rng.choice([5, None, (0,), (1, 5), (0, "x"), (0, -1), (0, 2 ** 70), (0, 0), FuzzRaised("cs"),
                                    [0, 5], (0, BadIndex())]))
        return repr(v), v
    if k == 18:
        return wrong_core_object(rng, ctx)
    if k == 19:
        v = rng.choice([-1, -2, 2 ** 32, 2 ** 32 - 1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), 0x10000, 65536 * 65536])
        return "int %d" % v, v
    if k == 20:
        import numpy as np

        v = rng.choice([np.int32(-1), np.int64(2 ** 62), np.float32(1.5), np.bool_(False), np.uint8(255),
                        np.str_("x"), np.bytes_(b"x")])
        return "numpy %r" % (v,), v
    v = rng.choice(["\ud800", "x\udfff", "\ud83d"]) * rng.choice([1, 3])
    return "surrogate %r" % v, v


def wrong_core_object(rng, ctx):
    core = ctx["core"]
    choices = [
        ("LaunchConfig", lambda: core.LaunchConfig(grid=1, block=1)),
        ("ProgramOptions", lambda: core.ProgramOptions(arch="sm_80")),
        ("LinkerOptions", lambda: core.LinkerOptions(arch="sm_80")),
        ("ObjectCode", lambda: core.ObjectCode.from_ptx(ctx["ptx"])),
        ("Buffer", lambda: core.Buffer.from_handle(0x10000, 64, owner=ctx)),
        ("closed Buffer", lambda: _closed_buffer(core)),
        ("StridedMemoryView", lambda: ctx["utils"].StridedMemoryView.from_any_interface(ctx["array"], -1)),
        ("enum", lambda: core.typing.ObjectCodeFormatType.PTX),
        ("closed Stream", lambda: core.Stream.__new__(core.Stream)),
        ("MemoryResource", lambda: ctx["resource"]),
        ("EventOptions", lambda: core.EventOptions()),
        ("Host", lambda: core.Host()),
        ("CopyOptions", lambda: ctx["utils"].CopyOptions()),
        ("InMemoryProgramCache", lambda: ctx["utils"].InMemoryProgramCache()),
        ("Program", lambda: core.Program("x", "nvvm", core.ProgramOptions(arch="sm_80"))),
    ]
    label, make = rng.choice(choices)
    return "core " + label, make()


def _closed_buffer(core):
    b = core.Buffer.from_handle(0x10000, 64)
    b.close()
    return b


# -- targets ------------------------------------------------------------------------------------------------------

OMIT = object()  # a parameter left out of the baseline call

# cuda.core's words (Python's, for the same conversion) for what int() refuses: Buffer.from_handle's ptr
_INT_WORDING = [r"int\(\) (argument must be|not supported on) .*", r"invalid literal for int\(\) with base 10: .*",
                r"only (0-dimensional|length-1) arrays can be converted to Python scalars",
                r"cannot convert float .* to integer"]
# cuda.core's words for what ProgramOptions.extra_sources holds that is no (name, source) pair
_EXTRA_WORDING = [r"(Each extra module|Module (name|source)) .*"]
# cuda.core's words (Python's) for an iterable of pairs that is none: ProgramCacheResource.update, as dict.update
_ITER_WORDING = [r"'\w+' object is not iterable", r"cdata '[^']+' does not support iteration",
                 r"(not enough|too many) values to unpack .*", r"cannot unpack non-iterable .*",
                 r"iteration over a 0-d array"]


class Target:
    """A function to call: ``call(**arguments)``, ``params`` its (name, baseline factory or OMIT), ``then`` what
    uses a value it returns, ``names`` the words (besides the parameters) an error message may name it by,
    ``wording`` cuda.core's own messages for it that name nothing (regular expressions; cudacffi.core matches
    them word for word, checked against cuda.core) and ``raises`` the exception classes its contract raises
    (KeyError for a missing cache key)."""

    __slots__ = ("name", "call", "params", "then", "weight", "names", "wording", "raises")

    def __init__(self, name, call, params, then=None, weight=1.0, names=(), wording=(), raises=()):
        self.name, self.call, self.params, self.then, self.weight = name, call, params, then, weight
        self.names = tuple(names) + tuple(re.split(r"[.]", name))
        self.wording = [re.compile(w + r"\Z", re.S) for w in wording]
        self.raises = tuple(raises)


def _host_resource(core):
    class FuzzResource(core.MemoryResource):
        def allocate(self, size, *, stream=None):
            return core.Buffer.from_handle(0x10000, size, mr=self)

        def deallocate(self, ptr, size, *, stream=None):
            pass

        @property
        def is_device_accessible(self):
            return False

        @property
        def is_host_accessible(self):
            return True

        @property
        def device_id(self):
            return -1

    return FuzzResource()


SRC = 'extern "C" __global__ void k(int *p) { *p = 1; }'


def _use_view(v):
    return (repr(v), v.ptr, v.shape, v.strides, v.readonly, v.size, v.is_device_accessible, v.__dlpack_device__(),
            v.exporting_obj is not None, v.dtype if v._has_dtype is not True or v._typestr[1] != "V" else None)


def _use_view_device(v):
    return v.device_id


def _use_options(o):
    return repr(o)


def _use_program_options(o):
    return (repr(o), o.as_bytes("nvrtc"), o.as_bytes("nvrtc", "ltoir"), _nvvm_bytes(o))


def _nvvm_bytes(o):
    try:
        return o.as_bytes("nvvm")
    except Exception as e:  # NVVM refuses most NVRTC options: CUDAError, as cuda.core
        if type(e).__name__ != "CUDAError":
            raise
        return None


def _use_linker_options(o):
    return (repr(o), o.as_bytes("nvjitlink"))


def _use_buffer(b):
    out = (repr(b), b.handle, b.size, b.memory_resource is not None, b.owner is not None, b.is_closed, hash(b))
    b.close()
    return out


def _use_object_code(oc):
    import pickle

    return (repr(oc), oc.code_type, oc.name, oc.symbol_mapping, type(oc.code).__name__,
            pickle.loads(pickle.dumps(oc)).code_type)


def _use_config(c):
    return (repr(c), c.grid, c.block, c.cluster, c.shmem_size, hash(c), c == c)


def _use_cache(c):
    c[b"k"] = b"v"
    out = (len(c), c.get(b"k"), c.get(b"missing"), repr(c)[:10])
    c.clear()
    return out


def targets(ctx):
    core, utils = ctx["core"], ctx["utils"]
    graph, texture = ctx["graph"], ctx["texture"]
    SMV = utils.StridedMemoryView
    arr = ctx["array"]
    out = []

    def t(name, call, params, then=None, weight=1.0, names=(), wording=(), raises=()):
        if name.startswith("StridedMemoryView") or name.startswith("args_viewable"):
            names += ("__dlpack__", "__dlpack_device__", "__array_interface__", "__cuda_array_interface__",
                      "__cuda_stream__")
        out.append(Target(name, call, params, then, weight, names, wording, raises))

    # StridedMemoryView: each constructor, its view/dlpack methods
    t("StridedMemoryView.from_dlpack", lambda obj, stream_ptr=OMIT: SMV.from_dlpack(*_args(obj, stream_ptr)),
      [("obj", lambda: arr), ("stream_ptr", lambda: -1)], then=_use_view, weight=3)
    t("StridedMemoryView.from_array_interface", lambda obj: SMV.from_array_interface(obj), [("obj", lambda: arr)],
      then=_use_view, weight=3)
    t("StridedMemoryView.from_cuda_array_interface",
      lambda obj, stream_ptr=OMIT: SMV.from_cuda_array_interface(*_args(obj, stream_ptr)),
      [("obj", lambda: Proto(__cuda_array_interface__=_iface(random.Random(0), True))), ("stream_ptr", lambda: -1)],
      then=_use_view, weight=3)
    t("StridedMemoryView.from_any_interface",
      lambda obj, stream_ptr=OMIT: SMV.from_any_interface(*_args(obj, stream_ptr)),
      [("obj", lambda: arr), ("stream_ptr", lambda: -1)], then=_use_view, weight=3)
    t("StridedMemoryView", lambda obj=OMIT, stream_ptr=OMIT: SMV(*_args(obj, stream_ptr)),
      [("obj", lambda: arr), ("stream_ptr", lambda: -1)], then=_use_view)
    t("StridedMemoryView.from_buffer",
      lambda buffer, shape, strides=OMIT, itemsize=OMIT, dtype=OMIT, is_readonly=OMIT:
      SMV.from_buffer(buffer, shape, **_kw(strides=strides, itemsize=itemsize, dtype=dtype,
                                          is_readonly=is_readonly)),
      [("buffer", lambda: core.Buffer.from_handle(0x10000, 64, mr=ctx["resource"])), ("shape", lambda: (4,)),
       ("strides", OMIT), ("itemsize", lambda: 4), ("dtype", OMIT), ("is_readonly", OMIT)], then=_use_view,
      weight=2, names=("Buffer",), wording=[r"Allocation size for a layout .*"])
    t("StridedMemoryView.view", lambda layout=OMIT, dtype=OMIT: ctx["view"]().view(**_kw(layout=layout, dtype=dtype)),
      [("layout", OMIT), ("dtype", OMIT)], then=_use_view)
    t("StridedMemoryView.__dlpack__",
      lambda stream=OMIT, max_version=OMIT, dl_device=OMIT, copy=OMIT:
      ctx["view"]().__dlpack__(**_kw(stream=stream, max_version=max_version, dl_device=dl_device, copy=copy)),
      [("stream", OMIT), ("max_version", lambda: (1, 0)), ("dl_device", OMIT), ("copy", OMIT)])
    t("StridedMemoryView.copy_from",
      lambda other, stream, allocator=OMIT, blocking=OMIT:
      ctx["view"]().copy_from(other, stream, **_kw(allocator=allocator, blocking=blocking)),
      [("other", lambda: ctx["view"]()), ("stream", ctx["stream"]), ("allocator", OMIT),
       ("blocking", OMIT)], weight=0.5)
    t("StridedMemoryView.copy_to",
      lambda other, stream=OMIT, allocator=OMIT, blocking=OMIT:
      ctx["view"]().copy_to(other, **_kw(stream=stream, allocator=allocator, blocking=blocking)),
      [("other", lambda: ctx["view"]()), ("stream", OMIT), ("allocator", OMIT), ("blocking", OMIT)], weight=0.5)
    t("StridedMemoryView.as_tensor_map",
      lambda box_dim=OMIT, options=OMIT, element_strides=OMIT, data_type=OMIT, interleave=OMIT, swizzle=OMIT,
      l2_promotion=OMIT, oob_fill=OMIT: ctx["device_view"]().as_tensor_map(
          *_args(box_dim), **_kw(options=options, element_strides=element_strides, data_type=data_type,
                                 interleave=interleave, swizzle=swizzle, l2_promotion=l2_promotion,
                                 oob_fill=oob_fill)),
      [("box_dim", lambda: (4,)), ("options", OMIT), ("element_strides", OMIT), ("data_type", OMIT),
       ("interleave", OMIT), ("swizzle", OMIT), ("l2_promotion", OMIT), ("oob_fill", OMIT)], weight=0.5)
    t("args_viewable_as_strided_memory",
      lambda arg_indices, arg: utils.args_viewable_as_strided_memory(arg_indices)(lambda *a: a)(arg),
      [("arg_indices", lambda: (0,)), ("arg", lambda: arr)],
      then=lambda args: [_use_view(a.view(-1)) for a in args if hasattr(a, "has_dlpack")],
      raises=(IndexError,))  # a call with fewer positional arguments than arg_indices names, as cuda.core's

    # launch configuration and launch
    t("LaunchConfig",
      lambda grid=OMIT, cluster=OMIT, block=OMIT, shmem_size=OMIT, is_cooperative=OMIT,
      programmatic_stream_serialization=OMIT:
      core.LaunchConfig(**_kw(grid=grid, cluster=cluster, block=block, shmem_size=shmem_size,
                              is_cooperative=is_cooperative,
                              programmatic_stream_serialization=programmatic_stream_serialization)),
      [("grid", lambda: 1), ("cluster", OMIT), ("block", lambda: 1), ("shmem_size", OMIT), ("is_cooperative", OMIT),
       ("programmatic_stream_serialization", OMIT)], then=_use_config, weight=3)
    t("LaunchConfig.setattr", lambda field, value: setattr(core.LaunchConfig(grid=1, block=1), field, value),
      [("field", lambda: "grid"), ("value", lambda: 2)], names=("grid", "block", "cluster", "shmem_size"),
      raises=(AttributeError,))  # (setting a field LaunchConfig has not, when 'field' is replaced)
    t("launch", lambda stream, config, kernel, arg=OMIT: core.launch(stream, config, kernel, *_args(arg)),
      [("stream", ctx["stream"]), ("config", lambda: core.LaunchConfig(grid=1, block=1)),
       ("kernel", lambda: ctx["kernel"]), ("arg", OMIT)], weight=1)
    for meth, params in (
            ("max_active_blocks_per_multiprocessor", [("block_size", lambda: 32),
                                                      ("dynamic_shared_memory_size", lambda: 0)]),
            ("max_potential_block_size", [("dynamic_shared_memory_needed", lambda: 0),
                                          ("block_size_limit", lambda: 0)]),
            ("available_dynamic_shared_memory_per_block", [("num_blocks_per_multiprocessor", lambda: 1),
                                                           ("block_size", lambda: 32)]),
            ("max_potential_cluster_size", [("config", lambda: core.LaunchConfig(grid=1, block=1)),
                                            ("stream", ctx["stream"])]),
            ("max_active_clusters", [("config", lambda: core.LaunchConfig(grid=1, block=1)),
                                     ("stream", ctx["stream"])])):
        if meth.startswith("max_potential_cluster") or meth == "max_active_clusters":
            call = (lambda m: lambda config, stream: getattr(ctx["kernel"].occupancy, m)(config, stream=stream))(meth)
        else:
            call = (lambda m: lambda *a, **k: getattr(ctx["kernel"].occupancy, m)(**k))(meth)
        t("KernelOccupancy." + meth, call, params, weight=0.4)

    # compilation
    t("ProgramOptions", lambda field, value: core.ProgramOptions(**{"arch": "sm_80", field: value}),
      [("field", lambda: "name"), ("value", lambda: "p")], then=_use_program_options, weight=4,
      names=("ProgramOptions",), wording=_EXTRA_WORDING)
    t("ProgramOptions.as_bytes", lambda backend, target_type=OMIT:
      core.ProgramOptions(arch="sm_80").as_bytes(backend, *_args(target_type)),
      [("backend", lambda: "nvrtc"), ("target_type", OMIT)])
    t("Program", lambda code, code_type, options=OMIT: core.Program(code, code_type, *_args(options)),
      [("code", lambda: SRC), ("code_type", lambda: "c++"), ("options", lambda: core.ProgramOptions(arch="sm_80"))],
      then=lambda p: (repr(p), p.backend, p.close()), weight=0.5)
    t("Program.compile",
      lambda target_type, name_expressions=OMIT, logs=OMIT, cache=OMIT:
      core.Program(SRC, "c++", core.ProgramOptions(arch="sm_80")).compile(
          target_type, **_kw(name_expressions=name_expressions, logs=logs, cache=cache)),
      [("target_type", lambda: "ptx"), ("name_expressions", OMIT), ("logs", lambda: io.StringIO()),
       ("cache", OMIT)], then=_use_object_code, weight=0.5)
    t("Program.compile options", lambda field, value: core.Program(
        SRC, "c++", core.ProgramOptions(**{"arch": "sm_80", field: value})).compile("ptx"),
      [("field", lambda: "name"), ("value", lambda: "p")], weight=0.3, names=("ProgramOptions",),
      wording=_EXTRA_WORDING)
    t("LinkerOptions", lambda field, value: core.LinkerOptions(**{"arch": "sm_80", field: value}),
      [("field", lambda: "name"), ("value", lambda: "l")], then=_use_linker_options, weight=3,
      names=("LinkerOptions",))
    t("LinkerOptions.as_bytes", lambda backend=OMIT: core.LinkerOptions(arch="sm_80").as_bytes(*_args(backend)),
      [("backend", lambda: "nvjitlink")])
    t("Linker", lambda object_codes, options=OMIT: core.Linker(*_seq(object_codes), **_kw(options=options)),
      [("object_codes", lambda: [core.ObjectCode.from_ptx(ctx["ptx"])]),
       ("options", lambda: core.LinkerOptions(arch="sm_80"))],
      then=lambda ln: (ln.link("cubin").code_type, ln.get_info_log(), ln.get_error_log(), ln.close()), weight=0.5)
    t("Linker.link", lambda target_type: core.Linker(core.ObjectCode.from_ptx(ctx["ptx"]),
                                                     options=core.LinkerOptions(arch="sm_80")).link(target_type),
      [("target_type", lambda: "cubin")], then=_use_object_code, weight=0.3,
      wording=[r"Unsupported target type: .*"])
    for kind in ("cubin", "ptx", "ltoir", "fatbin", "object", "library"):
        t("ObjectCode.from_" + kind,
          (lambda k: lambda module, name=OMIT, symbol_mapping=OMIT: getattr(core.ObjectCode, "from_" + k)(
              module, **_kw(name=name, symbol_mapping=symbol_mapping)))(kind),
          [("module", lambda: ctx["ptx"]), ("name", OMIT), ("symbol_mapping", OMIT)], then=_use_object_code)
    t("ObjectCode.get_kernel", lambda name: core.ObjectCode.from_ptx(ctx["ptx"]).get_kernel(name),
      [("name", lambda: "k")])
    t("Kernel.from_handle", lambda handle, mod=OMIT: core.Kernel.from_handle(handle, *_args(mod)),
      [("handle", lambda: 0x1000), ("mod", OMIT)], then=repr)

    # memory
    t("Buffer.from_handle",
      lambda ptr, size, mr=OMIT, owner=OMIT, stream=OMIT:
      core.Buffer.from_handle(ptr, size, **_kw(mr=mr, owner=owner, stream=stream)),
      [("ptr", lambda: 0x10000), ("size", lambda: 64), ("mr", lambda: ctx["resource"]), ("owner", OMIT),
       ("stream", OMIT)], then=_use_buffer, weight=3, wording=_INT_WORDING)
    t("ManagedBuffer.from_handle",
      lambda ptr, size, mr=OMIT, owner=OMIT, stream=OMIT:
      core.ManagedBuffer.from_handle(ptr, size, **_kw(mr=mr, owner=owner, stream=stream)),
      [("ptr", lambda: 0x10000), ("size", lambda: 64), ("mr", OMIT), ("owner", lambda: ctx), ("stream", OMIT)],
      then=_use_buffer, wording=_INT_WORDING)
    t("Buffer.close", lambda stream: core.Buffer.from_handle(0x10000, 64, mr=ctx["resource"]).close(stream),
      [("stream", lambda: None)])
    t("Buffer.set_deallocation_stream",
      lambda stream: core.Buffer.from_handle(0x10000, 64, mr=ctx["resource"]).set_deallocation_stream(stream),
      [("stream", ctx["stream"])])
    t("Buffer.copy_to", lambda dst=OMIT, stream=OMIT, options=OMIT: core.Buffer.from_handle(
        0x10000, 64, mr=ctx["resource"]).copy_to(*_args(dst), **_kw(stream=stream, options=options)),
      [("dst", lambda: bytearray(64)), ("stream", OMIT), ("options", OMIT)], weight=0.5)
    t("Buffer.copy_from", lambda src, stream=OMIT, options=OMIT: core.Buffer.from_handle(
        0x10000, 64, mr=ctx["resource"]).copy_from(src, **_kw(stream=stream, options=options)),
      [("src", lambda: bytearray(64)), ("stream", OMIT), ("options", OMIT)], weight=0.5)
    t("Buffer.fill", lambda value, stream=OMIT: core.Buffer.from_handle(
        0x10000, 64, mr=ctx["resource"]).fill(value, **_kw(stream=stream)),
      [("value", lambda: 0), ("stream", OMIT)], weight=0.5)
    t("Buffer.__dlpack__",
      lambda stream=OMIT, max_version=OMIT, dl_device=OMIT, copy=OMIT:
      core.Buffer.from_handle(0x10000, 64, mr=ctx["resource"]).__dlpack__(
          **_kw(stream=stream, max_version=max_version, dl_device=dl_device, copy=copy)),
      [("stream", OMIT), ("max_version", OMIT), ("dl_device", OMIT), ("copy", OMIT)], weight=0.5)
    for cls_name, fields in (("DeviceMemoryResourceOptions", ("ipc_enabled", "max_size", "release_threshold")),
                             ("PinnedMemoryResourceOptions", ("ipc_enabled", "max_size", "numa_id")),
                             ("ManagedMemoryResourceOptions", ("preferred_location", "preferred_location_type")),
                             ("VirtualMemoryResourceOptions", ("allocation_type", "location_type", "handle_type",
                                                               "granularity", "gpu_direct_rdma", "addr_hint",
                                                               "addr_align", "peers", "self_access",
                                                               "peer_access")),
                             ("EventOptions", ("timing_enabled", "blocking_sync", "ipc_enabled")),
                             ("StreamOptions", ("nonblocking", "priority")),
                             ("SMResourceOptions", ("count", "coscheduled_sm_count", "preferred_coscheduled_sm_count",
                                                    "backfill")),
                             ("WorkqueueResourceOptions", ("sharing_scope", "concurrency_limit")),
                             ("ContextOptions", ("resources",)),
                             ("TensorMapDescriptorOptions", ("box_dim", "element_strides", "data_type", "interleave",
                                                             "swizzle", "l2_promotion", "oob_fill"))):
        cls = getattr(core, cls_name)
        required = {"ContextOptions": {"resources": []}, "TensorMapDescriptorOptions": {"box_dim": (4,)}}
        t(cls_name, (lambda c, r: lambda field, value: c(**dict(r, **{field: value})))(cls, required.get(cls_name, {})),
          [("field", (lambda f: lambda: f[0])(fields)), ("value", lambda: None)], then=_use_options,
          names=(cls_name,) + fields, weight=0.7,
          # StreamOptions.priority: what int() refuses, in its words, as cuda.core's typed field
          wording=_INT_WORDING if cls_name == "StreamOptions" else ())
    for cls, fields, required in (
            (graph.GraphCompleteOptions, ("auto_free_on_launch", "upload_stream", "device_launch",
                                          "use_node_priority"), {}),
            (graph.GraphDebugPrintOptions, ("verbose", "handles", "extra_topo_info"), {}),
            (texture.OpaqueArrayOptions, ("shape", "format", "num_channels", "is_surface_load_store"),
             {"shape": (4,), "format": "float32", "num_channels": 1}),
            (texture.MipmappedArrayOptions, ("shape", "format", "num_channels", "num_levels",
                                             "is_surface_load_store"),
             {"shape": (4,), "format": "float32", "num_channels": 1, "num_levels": 1}),
            (texture.TextureObjectOptions, ("address_mode", "filter_mode", "read_mode", "normalized_coords", "srgb",
                                            "max_anisotropy", "mipmap_filter_mode", "mipmap_level_bias",
                                            "min_mipmap_level_clamp", "max_mipmap_level_clamp", "border_color"), {}),
            (utils.CopyOptions, ("src_access_order", "src_location_hint", "dst_location_hint", "overlap_mode"), {})):
        t(cls.__name__, (lambda c, r: lambda field, value: c(**dict(r, **{field: value})))(cls, required),
          [("field", (lambda f: lambda: f[0])(fields)), ("value", lambda: None)], then=_use_options,
          names=(cls.__name__,) + fields, weight=0.7)
    t("Host", lambda numa_id=OMIT, is_numa_current=OMIT: core.Host(
        **_kw(numa_id=numa_id, is_numa_current=is_numa_current)),
      [("numa_id", OMIT), ("is_numa_current", OMIT)], then=lambda h: (repr(h), h.numa_id, hash(h)))
    t("Device", lambda device_id=OMIT: core.Device(*_args(device_id)), [("device_id", lambda: 0)], weight=0.3)
    t("Stream.from_handle", lambda handle: core.Stream.from_handle(handle), [("handle", lambda: 0x1000)],
      weight=0.5)
    t("Event.from_ipc_descriptor", lambda ipc_descriptor: core.Event.from_ipc_descriptor(ipc_descriptor),
      [("ipc_descriptor", lambda: None)], weight=0.3)
    t("texture.ResourceDescriptor.from_linear",
      lambda buffer, format, num_channels, size_bytes=OMIT: texture.ResourceDescriptor.from_linear(
          buffer, format=format, num_channels=num_channels, **_kw(size_bytes=size_bytes)),
      [("buffer", lambda: core.Buffer.from_handle(0x10000, 64, mr=ctx["resource"])), ("format", lambda: "float32"),
       ("num_channels", lambda: 1), ("size_bytes", OMIT)], then=lambda r: (r.kind, r.format, r.size_bytes))
    t("texture.ResourceDescriptor.from_pitch2d",
      lambda buffer, format, num_channels, width, height, pitch_bytes: texture.ResourceDescriptor.from_pitch2d(
          buffer, format=format, num_channels=num_channels, width=width, height=height, pitch_bytes=pitch_bytes),
      [("buffer", lambda: core.Buffer.from_handle(0x10000, 4096, mr=ctx["resource"])),
       ("format", lambda: "float32"), ("num_channels", lambda: 1), ("width", lambda: 4), ("height", lambda: 4),
       ("pitch_bytes", lambda: 64)], then=lambda r: (r.kind, r.width, r.pitch_bytes))

    # utils: copies, program caches
    t("utils.copy_batch", lambda stream, srcs, dsts, options=OMIT: utils.copy_batch(
        stream, srcs, dsts, **_kw(options=options)),
      [("stream", ctx["stream"]),
       ("srcs", lambda: [core.Buffer.from_handle(0x10000, 64, mr=ctx["resource"])]),
       ("dsts", lambda: [core.Buffer.from_handle(0x20000, 64, mr=ctx["resource"])]), ("options", OMIT)])
    for fn in ("prefetch_batch", "discard_prefetch_batch"):
        t("utils." + fn, (lambda f: lambda stream, buffers, locations: getattr(utils, f)(stream, buffers,
                                                                                        locations))(fn),
          [("stream", ctx["stream"]),
           ("buffers", lambda: [core.ManagedBuffer.from_handle(0x10000, 64, owner=ctx)]),
           ("locations", lambda: core.Host())], weight=0.5, names=("location",))
    t("utils.discard_batch", lambda stream, buffers: utils.discard_batch(stream, buffers),
      [("stream", ctx["stream"]),
       ("buffers", lambda: [core.ManagedBuffer.from_handle(0x10000, 64, owner=ctx)])], weight=0.5)
    t("utils.make_program_cache_key",
      lambda code, code_type, options, target_type, name_expressions=OMIT, extra_digest=OMIT:
      utils.make_program_cache_key(code=code, code_type=code_type, options=options, target_type=target_type,
                                   **_kw(name_expressions=name_expressions, extra_digest=extra_digest)),
      [("code", lambda: SRC), ("code_type", lambda: "c++"), ("options", lambda: core.ProgramOptions(arch="sm_80")),
       ("target_type", lambda: "ptx"), ("name_expressions", OMIT), ("extra_digest", OMIT)], weight=2)
    t("utils.InMemoryProgramCache", lambda max_size_bytes=OMIT: utils.InMemoryProgramCache(
        **_kw(max_size_bytes=max_size_bytes)), [("max_size_bytes", OMIT)], then=_use_cache)
    t("utils.FileStreamProgramCache", lambda path=OMIT, max_size_bytes=OMIT: utils.FileStreamProgramCache(
        *_args(path), **_kw(max_size_bytes=max_size_bytes)),
      [("path", lambda: os.path.join(ctx["tmp"], "cache")), ("max_size_bytes", OMIT)], then=_use_cache,
      weight=0.3)
    t("ProgramCacheResource.setitem", lambda key, value: ctx["cache"].__setitem__(key, value),
      [("key", lambda: b"k"), ("value", lambda: b"v")], names=("key", "value", "cache"))
    t("ProgramCacheResource.getitem", lambda key: ctx["cache"][key], [("key", lambda: b"k")],
      names=("key", "cache"), raises=(KeyError,))  # a key with no entry
    t("ProgramCacheResource.get", lambda key, default=OMIT: ctx["cache"].get(key, *_args(default)),
      [("key", lambda: b"k"), ("default", OMIT)], names=("key", "cache"))
    t("ProgramCacheResource.update", lambda items: ctx["cache"].update(items), [("items", lambda: {b"k": b"v"})],
      names=("items", "cache"), wording=_ITER_WORDING)  # dict.update's words, as cuda.core's

    # typing enums, system (no NVML here: its library error), checkpoint (no driver)
    for name in ("ObjectCodeFormatType", "SourceCodeType", "CompilerBackendType", "VirtualMemoryAccessType",
                 "AddressModeType", "ArrayFormatType"):
        t("typing." + name, (lambda n: lambda value: getattr(core.typing, n)(value))(name),
          [("value", lambda: "ptx")], weight=0.2, names=(name,))
    t("system.Device", lambda index=OMIT, uuid=OMIT, pci_bus_id=OMIT: core.system.Device(
        *_args(index), **_kw(uuid=uuid, pci_bus_id=pci_bus_id)), [("index", lambda: 0), ("uuid", OMIT),
                                                                   ("pci_bus_id", OMIT)], weight=0.3)
    t("system.get_process_name", lambda pid: core.system.get_process_name(pid), [("pid", lambda: 1)], weight=0.2)
    t("checkpoint.Process", lambda pid: core.checkpoint.Process(pid), [("pid", lambda: os.getpid())], weight=0.2)
    t("graph.GraphDefinition", lambda: graph.GraphDefinition(), [], weight=0.1)
    return out


def _args(*values):
    """The positional arguments given: those up to the first OMIT."""
    out = []
    for v in values:
        if v is OMIT:
            break
        out.append(v)
    return out


def _kw(**values):
    return {k: v for k, v in values.items() if v is not OMIT}


def _seq(v):
    return list(v) if isinstance(v, list) else [v]


# -- running ------------------------------------------------------------------------------------------------------

def setup(package="cudacffi.core"):
    import importlib

    import numpy as np

    for family in ("DRIVER", "NVML"):  # no driver library, whatever the machine has: calls stop where they need it
        os.environ["CUDACFFI_LIB" + family] = os.path.join(tempfile.gettempdir(), "no-such-lib%s.so.1" % family)
    core = importlib.import_module(package)
    ctx = {"core": core, "utils": importlib.import_module(package + ".utils"),
           "graph": importlib.import_module(package + ".graph"),
           "texture": importlib.import_module(package + ".texture"),
           "tmp": tempfile.mkdtemp(prefix="fuzz_core_")}
    os.chdir(ctx["tmp"])  # a path given as a str lands here
    ctx["array"] = np.arange(16, dtype="f4")
    ctx["resource"] = _host_resource(core)
    ours = importlib.import_module("cudacffi.core")  # (cuda.core, compared with on CPython, compiles on a GPU only)
    ctx["ptx"] = ours.Program(SRC, "c++", ours.ProgramOptions(arch="sm_80")).compile("ptx").code
    ctx["view"] = lambda: ctx["utils"].StridedMemoryView.from_any_interface(ctx["array"], -1)
    ctx["device_view"] = lambda: ctx["utils"].StridedMemoryView.from_cuda_array_interface(Proto(
        __cuda_array_interface__={"shape": (64,), "typestr": "<f4", "data": (0x10000, False), "version": 3}), -1)
    ctx["cache"] = ctx["utils"].InMemoryProgramCache()
    ctx["stream"] = lambda: StreamProto((0, 0x5000))  # a foreign stream: its handle goes to the driver
    from cudacffi.core._kernel import Kernel

    ctx["kernel"] = Kernel._from_kernel(0x1000, None, "k")  # a kernel handle nothing dereferences
    ctx["targets"] = targets(ctx)
    ctx["weights"] = [t.weight for t in ctx["targets"]]
    return ctx


def status_errors():
    import cudacffi
    from cudacffi import _exception_style

    return (cudacffi.CUDAError, _exception_style.StatusError, cudacffi.LibraryNotFoundError)


def make_call(ctx, seed, number):
    """(target, kwargs, {param: label}) of call ``number``."""
    rng = random.Random(seed * 1000003 + number)
    target = rng.choices(ctx["targets"], ctx["weights"])[0]
    kwargs = {}
    for name, base in target.params:
        if base is not OMIT:
            kwargs[name] = base()
    labels = {}
    if target.params:
        n = 1 if rng.random() < 0.8 or len(target.params) == 1 else 2
        for name, _ in rng.sample(target.params, n):
            if name == "field":  # an options class: a field of it, or a name that is none
                value = rng.choice(list(_fields_of(target, ctx)) + ["bogus"])
                labels[name] = "field %r" % value
                kwargs[name] = value
                continue
            label, value = bad_value(rng, ctx)
            labels[name] = label
            kwargs[name] = value
        if "field" in kwargs and "value" not in labels:
            label, value = bad_value(rng, ctx)
            labels["value"] = label
            kwargs["value"] = value
    return target, kwargs, labels


def _fields_of(target, ctx):
    import dataclasses

    core, utils = ctx["core"], ctx["utils"]
    name = target.name
    for mod in (core, utils, ctx["graph"], ctx["texture"]):
        cls = getattr(mod, name, None)
        if cls is not None and dataclasses.is_dataclass(cls):
            return [f.name for f in dataclasses.fields(cls)]
    if name.startswith("ProgramOptions") or name == "Program.compile options":
        return [f.name for f in dataclasses.fields(core.ProgramOptions)]
    if name.startswith("LinkerOptions"):
        return [f.name for f in dataclasses.fields(core.LinkerOptions)]
    if name == "LaunchConfig.setattr":
        return ["grid", "block", "cluster", "shmem_size", "is_cooperative", "programmatic_stream_serialization"]
    return [n for n in target.names]


# what an argument's own methods raise, passed through as it comes (no wording of ours): a __len__ below 0, a numpy
# array asked for its truth or compared with a str, numpy's __dlpack__ refusing a stream
PASSED_THROUGH = [re.compile(p + r"\Z", re.S) for p in (
    r"__len__\(\) should return >= 0",
    r"The truth value of an (empty )?array .*",
    r"Cannot compare structured or void to non-void arrays\.",
    r"NumPy only supports stream=None\.",
)]


def _names_ok(message, target, labels, kwargs):
    """Whether ``message`` names a parameter given a bad value, the target, the class of a value given (a
    closed Buffer's "Buffer has been closed"), or is cuda.core's own wording."""
    low = message.lower()
    words = set(labels) | set(target.names)
    for name in labels:
        words.add(type(kwargs.get(name)).__name__)
    if "field" in kwargs and isinstance(kwargs["field"], str):
        words.add(kwargs["field"])
    for w in words:
        if w and (len(w) > 2 or w in labels) and w.lower() in low:
            return True
    return any(p.match(message) for p in _CUDA_CORE_WORDING) or any(p.match(message) for p in target.wording)


def classify(e, target, labels, kwargs, status):
    """None where the exception is fine, else why it is odd."""
    if isinstance(e, FuzzRaised) or isinstance(e, target.raises):
        return None
    message = str(e)
    try:
        message.encode("utf-8")
    except UnicodeEncodeError:
        return "message not UTF-8 encodable"
    if isinstance(e, status):
        return None
    if any(p.match(message) for p in PASSED_THROUGH):
        return None
    if isinstance(e, UnicodeError):  # a lone surrogate: the message must say which parameter had it
        return None if "(" in message and _names_ok(message.split("(", 1)[1], target, labels, kwargs) \
            else "unicode error unnamed"
    if isinstance(e, (TypeError, ValueError, OverflowError)):
        return None if _names_ok(message, target, labels, kwargs) else "unnamed"
    if isinstance(e, BufferError):
        return None  # a DLPack producer's refusal, or cuda.core's own words for one
    if isinstance(e, (RuntimeError, NotImplementedError)):
        # cuda.core's: a closed object, an unsupported code type, a protocol version
        return None if _names_ok(message, target, labels, kwargs) else "odd type"
    if isinstance(e, OSError) and getattr(e, "filename", None) is not None:
        return None  # a path that names no file, or none the file system takes (too long)
    return "odd type"


def _normalize(message):
    message = re.sub(r"0x[0-9a-fA-F]+", "0x?", message)
    message = re.sub(r"\d{3,}", "N", message)
    return message[:160]


def run(seed, calls, log, package="cudacffi.core"):
    """Make calls 0 to ``calls`` - 1 of ``seed``; the summary (see the module's docstring)."""
    import time

    warnings.simplefilter("ignore")
    ctx = setup(package)
    status = status_errors()
    counts = {}
    odd = {}
    started = time.time()
    done = 0
    with open(log, "w", buffering=1) as logf:  # a line each, written before its call: a crash leaves its number
        for number in range(calls):
            logf.write("%d\n" % number)
            done += 1
            target, kwargs, labels = make_call(ctx, seed, number)
            stage = "call"
            try:
                result = target.call(**kwargs)
                if target.then is not None:
                    stage = "then"
                    target.then(result)
                counts["ok"] = counts.get("ok", 0) + 1
                continue
            except (KeyboardInterrupt, SystemExit):
                raise
            except BaseException as e:  # noqa: BLE001 - classifying is the point
                err = e
            counts[type(err).__name__] = counts.get(type(err).__name__, 0) + 1
            why = classify(err, target, labels, kwargs, status)
            if why is not None:
                key = (target.name, stage, tuple(sorted(labels)), type(err).__name__, why)
                if key in odd:
                    odd[key]["count"] += 1
                else:
                    odd[key] = {"number": number, "target": target.name, "stage": stage, "why": why,
                                "args": labels, "raised": type(err).__name__, "count": 1,
                                "message": _normalize(str(err).encode("utf-8", "backslashreplace").decode())}
    _cleanup(ctx)
    summary = {"calls": done, "seconds": round(time.time() - started, 1), "outcomes": counts,
               "odd": list(odd.values())}
    return summary


def _cleanup(ctx):
    """Remove the folder the calls' paths landed in."""
    import shutil

    os.chdir(HERE)
    shutil.rmtree(ctx["tmp"], ignore_errors=True)


def describe(seed, number, package="cudacffi.core"):
    """Call ``number`` again, with its arguments and its outcome, for a report."""
    import traceback

    ctx = setup(package)
    target, kwargs, labels = make_call(ctx, seed, number)
    lines = ["call %d: %s(%s)" % (number, target.name, ", ".join("%s=<%s>" % kv for kv in sorted(labels.items())))]
    try:
        result = target.call(**kwargs)
        if target.then is not None:
            target.then(result)
        lines.append("-> ok")
    except BaseException:  # noqa: BLE001
        lines.append(traceback.format_exc(limit=-6))
    _cleanup(ctx)
    return "\n".join(lines)


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    seed, calls, log = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    print(json.dumps(run(seed, calls, log)))
