"""``cudacffi._fastcall``: on CPython the simple generated wrappers (``codegen.lowering.FastCall``) are C
callables that convert, call and build the result tuple themselves and hand anything else to the Python
wrapper. Each case runs in fresh interpreters against the stand-in libcuda of ``value_libcuda.c``, once with
the fast calls and once without (``CUDACFFI_FASTCALL=0``): both must print the same, and the expected."""

import pickle
import sys

import pytest

from conftest import build_standin, run_python

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

CPYTHON = sys.implementation.name == "cpython"
MODES = ["fast", "python"]


@pytest.fixture(scope="module")
def value_libcuda(tmp_path_factory):
    return build_standin(tmp_path_factory, "value_libcuda.c")


def run(code, lib, mode):
    env = {"CUDACFFI_LIBDRIVER": lib, "CUDACFFI_FASTCALL": "1" if mode == "fast" else "0"}
    r = run_python("from cudacffi import driver as d\n" + code, env=env)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def both(code, lib):
    """The lines ``code`` prints, the same with and without the fast calls."""
    fast, python = run(code, lib, "fast"), run(code, lib, "python")
    assert fast == python
    return fast


def test_the_simple_wrappers_are_fast_calls_on_cpython_only(value_libcuda):
    fast = run("from cudacffi import runtime as rt\n"
               "print([type(f).__name__ for f in (d.cuCtxGetCurrent, d.cuDeviceGetAttribute, d.cuMemAlloc,\n"
               "       d.cuMemGetInfo, d.cuStreamQuery, d.cuEventRecord, rt.cudaGetDeviceCount, d.cuPointerGetAttribute,\n"
               "       d.cuMemPoolGetAttribute, d.cuLaunchKernel, d.cuDeviceGetName)])\n"
               "print([type(f).__name__ for f in (d.cuPointerGetAttributes, d.cuLaunchKernelEx)])\n",
               value_libcuda, "fast")
    python = run("print(type(d.cuCtxGetCurrent).__name__)\n", value_libcuda, "python")
    simple = "FastCall" if CPYTHON else "function"
    assert fast == [str([simple] * 11), str(["function"] * 2)]
    assert python == ["function"]


@pytest.mark.parametrize("mode", MODES)
def test_values_statuses_and_handles(value_libcuda, mode):
    lines = run(
        "print(d.cuDeviceGetAttribute(3, 5))\n"  # the first call binds: the library loads on it
        "print(d.cuInit(0))\n"
        "print(d.cuDeviceGetAttribute(7, 0))\n"  # INT_MIN is a value
        "print(d.cuDeviceGetAttribute(9999, 0))\n"
        "print(d.cuDeviceGet(4), type(d.cuDeviceGet(4)[1]).__name__)\n"
        "print(d.cuDeviceGet(77))\n"  # a status the enum lacks comes back as its int
        "print(d.cuMemAlloc(0))\n"
        "err, p = d.cuMemAlloc(1)\n"
        "print(repr(err), hex(int(p)), type(p).__name__, p.getPtr() != 0)\n"
        "print(d.cuCtxSetCurrent(0x1234), d.cuCtxGetCurrent(), d.cuMemGetInfo())\n"
        "print(d.cuCtxGetApiVersion(d.cuCtxGetCurrent()[1]))\n"
        "d.cuCtxSetCurrent(0xBAD)\n"
        "print(d.cuCtxGetCurrent())\n"
        "print(d.cuCtxSetCurrent(d.CUcontext(0xFFFFFFFFFFFFFFFF)), d.cuCtxGetCurrent())\n"
        "print(d.cuCtxGetCurrent()[1] == d.CUcontext(0xFFFFFFFFFFFFFFFF))\n",
        value_libcuda, mode)
    assert lines == [
        "(<CUresult.CUDA_SUCCESS: 0>, 3005)",
        "(<CUresult.CUDA_SUCCESS: 0>,)",
        "(<CUresult.CUDA_SUCCESS: 0>, -2147483648)",
        "(<CUresult.CUDA_ERROR_INVALID_VALUE: 1>, None)",
        "(<CUresult.CUDA_SUCCESS: 0>, <CUdevice 12>) CUdevice",
        "(4242, None)",
        "(<CUresult.CUDA_ERROR_OUT_OF_MEMORY: 2>, None)",
        "<CUresult.CUDA_SUCCESS: 0> 0xffffffffffffffff CUdeviceptr True",
        "(<CUresult.CUDA_SUCCESS: 0>,) (<CUresult.CUDA_SUCCESS: 0>, <CUcontext 0x1234>) "
        "(<CUresult.CUDA_SUCCESS: 0>, 4661, 18446744073709551615)",
        "(<CUresult.CUDA_SUCCESS: 0>, 4294967295)",
        "(<CUresult.CUDA_ERROR_INVALID_CONTEXT: 201>, None)",
        "(<CUresult.CUDA_SUCCESS: 0>,) (<CUresult.CUDA_SUCCESS: 0>, <CUcontext 0xffffffffffffffff>)",
        "True",
    ]


def test_a_float_output_is_the_float_the_wrapper_makes(value_libcuda):
    """cuEventElapsedTime's milliseconds (a C float) come back as the same Python float either way; a failure's
    scribbled output is not returned."""
    lines = both("print(d.cuEventElapsedTime(8, 18))\n"
                 "print(d.cuEventElapsedTime(d.CUevent(1), d.CUevent(4)))\n"
                 "print(d.cuEventElapsedTime(0, 5))\n"
                 "print(type(d.cuEventElapsedTime(4, 0)[1]).__name__, d.cuEventElapsedTime(4, 0)[1])\n",
                 value_libcuda)
    assert lines == ["(<CUresult.CUDA_SUCCESS: 0>, 2.5)", "(<CUresult.CUDA_SUCCESS: 0>, 0.75)",
                     "(<CUresult.CUDA_ERROR_INVALID_HANDLE: 400>, None)", "float -1.0"]
    if CPYTHON:
        assert run("print(type(d.cuEventElapsedTime).__name__)", value_libcuda, "fast") == ["FastCall"]


def test_arguments_the_c_side_does_not_take_go_to_the_wrapper(value_libcuda):
    """Keywords, integral floats, numpy and IntEnum values, bools, handles of other classes, None and objects
    with __cuda_stream__ convert exactly as the Python wrapper converts them; bad ones raise its errors."""
    lines = both(
        "import numpy as np\n"
        "d.cuInit(0)\n"
        "A = d.CUdevice_attribute\n"
        "print(d.cuDeviceGetAttribute(attrib=3, dev=5), d.cuDeviceGetAttribute(3, dev=d.CUdevice(5)))\n"
        "print(d.cuDeviceGetAttribute(3.0, 5), d.cuDeviceGetAttribute(np.int32(3), np.int64(5)))\n"
        "print(d.cuDeviceGetAttribute(A.CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, d.CUdevice(1)), d.cuDeviceGetAttribute(True, 1))\n"
        "print(d.cuMemAlloc(np.uint64(4096)), d.cuCtxGetApiVersion(None), d.cuCtxGetApiVersion(d.CUstream(7)))\n"
        "class Big(int): pass\n"
        "print(d.cuMemAlloc(Big(64)))\n"
        "for call in (lambda: d.cuDeviceGetAttribute('3', 5), lambda: d.cuDeviceGetAttribute(3, 'x'),\n"
        "             lambda: d.cuDeviceGetAttribute(1 << 31, 0), lambda: d.cuDeviceGetAttribute(3, d.CUcontext(1 << 40)),\n"
        "             lambda: d.cuMemAlloc(-1), lambda: d.cuMemAlloc(1 << 64), lambda: d.cuCtxSetCurrent(1 << 64),\n"
        "             lambda: d.cuCtxSetCurrent(-1), lambda: d.cuCtxSetCurrent(object()), lambda: d.cuInit(),\n"
        "             lambda: d.cuInit(0, 0), lambda: d.cuInit(Flags=0, other=1), lambda: d.cuDeviceTotalMem(0),\n"
        "             lambda: d.cuDeviceGetAttribute(3.5, 0), lambda: d.cuDeviceGetAttribute(3, True)):\n"
        "    try:\n"
        "        print('returned', call())\n"
        "    except Exception as e:\n"
        "        print(type(e).__name__, e)\n", value_libcuda)
    assert lines[:5] == [
        "(<CUresult.CUDA_SUCCESS: 0>, 3005) (<CUresult.CUDA_SUCCESS: 0>, 3005)",
        "(<CUresult.CUDA_SUCCESS: 0>, 3005) (<CUresult.CUDA_SUCCESS: 0>, 3005)",
        "(<CUresult.CUDA_SUCCESS: 0>, 2001) (<CUresult.CUDA_SUCCESS: 0>, 1001)",
        "(<CUresult.CUDA_SUCCESS: 0>, <CUdeviceptr 4096>) (<CUresult.CUDA_SUCCESS: 0>, 4294967295) "
        "(<CUresult.CUDA_SUCCESS: 0>, 4294967295)",
        "(<CUresult.CUDA_SUCCESS: 0>, <CUdeviceptr 64>)",
    ]
    errors = lines[5:]
    assert len(errors) == 15 and not any(line.startswith("returned") for line in errors), errors
    for line, names in zip(errors, ["attrib", "dev", "attrib", "dev", "bytesize", "bytesize", "ctx", "ctx", "ctx",
                                    "Flags", "", "other", "cuDeviceTotalMem", "attrib", "dev"]):
        assert names in line, (names, line)


@pytest.mark.parametrize("mode", MODES)
def test_eight_threads_each_see_their_own_values_and_failures(value_libcuda, mode):
    lines = run(
        "import threading\n"
        "E = d.CUresult\n"
        "d.cuInit(0)\n"
        "bad = []\n"
        "def work(i):\n"
        "    ctx = 0x1000 * (i + 1)\n"
        "    d.cuCtxSetCurrent(ctx)\n"
        "    for k in range(3000):\n"
        "        err, c = d.cuCtxGetCurrent()\n"
        "        if err != E.CUDA_SUCCESS or int(c) != ctx or type(c) is not d.CUcontext: bad.append(('ctx', i, c))\n"
        "        err, free, total = d.cuMemGetInfo()\n"
        "        if (err, free, total) != (E.CUDA_SUCCESS, ctx + 1, (1 << 64) - 1): bad.append(('info', i, free))\n"
        "        err, dev = d.cuDeviceGet(77 if k % 3 == 0 else i)\n"
        "        want = (4242, None) if k % 3 == 0 else (E.CUDA_SUCCESS, 3 * i)\n"
        "        if (err, dev if dev is None else int(dev)) != want: bad.append(('dev', i, err, dev))\n"
        "threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]\n"
        "[t.start() for t in threads]\n"
        "[t.join() for t in threads]\n"
        "print('BAD', len(bad), bad[:3])\n", value_libcuda, mode)
    assert lines == ["BAD 0 []"]


@pytest.mark.skipif(not CPYTHON, reason="the fast calls are CPython's (PyPy keeps the Python wrappers)")
def test_references_are_neither_leaked_nor_stolen(value_libcuda):
    """10,000 calls that make handles, enum members, plain ints and failures leave every reference count
    where it was (a missing or extra reference would show as a drift of 10,000)."""
    lines = run(
        "import sys, gc\n"
        "d.cuInit(0)\n"
        "E = d.CUresult\n"
        "watch = [E.CUDA_SUCCESS, E.CUDA_ERROR_INVALID_VALUE, E.CUDA_ERROR_INVALID_CONTEXT, d.CUcontext, d.CUdevice,\n"
        "         d.CUdeviceptr, d.cuCtxGetCurrent, d.cuDeviceGetAttribute.__wrapped__]\n"
        "def counts():\n"
        "    gc.collect()\n"
        "    return [sys.getrefcount(o) for o in watch]\n"
        "for k in range(100):\n"
        "    d.cuCtxGetCurrent(); d.cuDeviceGetAttribute(3, 1); d.cuDeviceGetAttribute(9999, 1); d.cuMemAlloc(64)\n"
        "    d.cuDeviceGet(77); d.cuDeviceGet(2); d.cuDeviceGetAttribute(3.0, 1); d.cuMemGetInfo()\n"
        "before = counts()\n"
        "for k in range(10000):\n"
        "    d.cuCtxGetCurrent(); d.cuDeviceGetAttribute(3, 1); d.cuDeviceGetAttribute(9999, 1); d.cuMemAlloc(64)\n"
        "    d.cuDeviceGet(77); d.cuDeviceGet(2); d.cuDeviceGetAttribute(3.0, 1); d.cuMemGetInfo()\n"
        "    d.cuCtxSetCurrent(0xBAD); d.cuCtxGetCurrent(); d.cuCtxSetCurrent(0)\n"
        "after = counts()\n"
        "print([a - b for a, b in zip(after, before)])\n", value_libcuda, "fast")
    assert lines == [str([0] * 8)]


@pytest.mark.skipif(not CPYTHON, reason="the fast calls are CPython's (PyPy keeps the Python wrappers)")
def test_a_fast_call_reads_as_its_wrapper():
    import inspect

    from cudacffi import driver

    f = driver.cuDeviceGetAttribute
    assert type(f).__name__ == "FastCall"
    w = f.__wrapped__
    assert inspect.isfunction(w) and w.__name__ == f.__name__ == "cuDeviceGetAttribute"
    assert f.__qualname__ == "cuDeviceGetAttribute" and f.__module__ == w.__module__ == "cudacffi._gen.driver"
    assert f.__doc__ == w.__doc__ and f.__doc__.startswith("cuDeviceGetAttribute(attrib, dev) -> (CUresult, pi)")
    assert str(inspect.signature(f)) == "(attrib, dev)"
    assert repr(f) == repr(w)
    assert pickle.loads(pickle.dumps(f)) is f
    assert callable(f) and not hasattr(f, "no_such_attribute")


@pytest.mark.skipif(not CPYTHON, reason="the fast calls are CPython's (PyPy keeps the Python wrappers)")
def test_wrap_refuses_what_it_cannot_call():
    from cudacffi import _fastcall, _handles, driver

    def w():
        return None

    ok, statuses = driver.CUresult.CUDA_SUCCESS, driver.CUresult._by_value
    good = (1, w, ok, statuses, 7, (), ())
    assert type(_fastcall.wrap(*good)).__name__ == "FastCall"
    bad = [
        ((0,) + good[1:], ValueError, "entry"),
        ((1, None) + good[2:], ValueError, "callable"),
        (good[:5] + (((1, 0, 5, int),), ()), TypeError, "Handle"),
        (good[:5] + (((9, 0, 5, None),), ()), ValueError, "kind"),
        (good[:5] + (((0, 1, 5, None),), ()), ValueError, "range"),
        (good[:5] + ((), ((1, 0, int),)), TypeError, "Handle"),
        (good[:5] + ((), ((2, 1, None),)), TypeError, "dict"),
        (good[:5] + (((0, 0, 1, None),) * 17, ()), ValueError, "too many"),
        (good[:3] + ([],) + good[4:], TypeError, "dict"),
        # a string output: its length must be an int input, one such output, and no kernelParams beside it
        (good[:5] + (((1, 0, 5, _handles.Handle),), ((5, 0),)), ValueError, "string output"),
        (good[:5] + (((0, 0, 5, None),), ((5, 1),)), ValueError, "string output"),
        (good[:5] + (((0, 0, 5, None),), ((5, 0), (5, 0))), ValueError, "string output"),
        (good[:5] + (((0, 0, 5, None), (4, 0, 5, lambda t: None)), ((5, 0),)), ValueError, "kernelParams"),
    ]
    for args, exc, words in bad:
        with pytest.raises(exc, match=words):
            _fastcall.wrap(*args)
    assert type(_fastcall.wrap(*good[:5], ((0, 0, 5, None),), ((5, 0),))).__name__ == "FastCall"
    with pytest.raises(TypeError):
        _fastcall.setup(int)
    _fastcall.setup(_handles.Handle)  # again with the same class: fine


@pytest.mark.parametrize("mode", MODES)
def test_a_buffer_the_collector_takes_is_freed_once_and_a_closed_one_never(value_libcuda, mode):
    """cudacffi.core's GC backstop: the C finalizer of _fastcall.Backstop (fast) or Buffer.__del__ (python)."""
    lines = run(
        "import gc, warnings\n"
        "from cudacffi.core import Buffer, MemoryResource\n"
        "freed = []\n"
        "class Recording(MemoryResource):\n"
        "    def deallocate(self, ptr, size, *, stream=None):\n"
        "        freed.append((hex(ptr), size))\n"
        "mr = Recording()\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always', ResourceWarning)\n"
        "    b = Buffer.from_handle(0x1000, 64, mr=mr)\n"
        "    del b\n"
        "    gc.collect()\n"
        "    c = Buffer.from_handle(0x2000, 32, mr=mr)\n"
        "    c.close(); c.close()\n"
        "    del c\n"
        "    gc.collect()\n"
        "    kept = Buffer.from_handle(0x3000, 16, owner=object())\n"
        "    del kept\n"
        "    gc.collect()\n"
        "    Buffer.from_handle(0x4000, 8, mr=mr).close()\n"  # the next call frees what the collector queued
        "print(freed)\n"
        "print([str(w.message).split(' was ')[0] for w in caught if w.category is ResourceWarning])\n"
        "print(type(Buffer.__mro__[1]).__name__, Buffer.__mro__[1].__name__)\n", value_libcuda, mode)
    assert lines[:2] == ["[('0x1000', 64), ('0x2000', 32), ('0x4000', 8)]", "['a Buffer of 64 bytes at 0x1000']"]
    assert lines[2] == ("type Backstop" if mode == "fast" and CPYTHON else "type object")


@pytest.mark.skipif(not CPYTHON, reason="the fast calls are CPython's (PyPy keeps the Python wrappers)")
def test_constructors_and_resetters_fill_and_empty_slots_without_leaks():
    import gc

    from cudacffi import _fastcall

    class Thing:
        __slots__ = ("a", "b", "c", "d")

    make = _fastcall.constructor(Thing, 2, (("a", 0), ("b", 0), ("c", 1)), ("d",))
    reset = _fastcall.resetter(Thing, ("a", "d"), ("b",))
    payload = object()
    before = sys.getrefcount(payload)
    t = make(payload, "x")
    assert type(t) is Thing and t.a is t.b is payload and t.c == "x" and t.d is None
    assert sys.getrefcount(payload) == before + 2
    reset(t)
    assert t.a is None and t.d is None and t.c == "x" and not hasattr(t, "b")
    assert sys.getrefcount(payload) == before
    for _ in range(1000):
        reset(make(payload, payload))
    gc.collect()
    assert sys.getrefcount(payload) == before
    with pytest.raises(TypeError, match="2 positional"):
        make(1)
    with pytest.raises(TypeError, match="Thing"):
        reset(object())
    with pytest.raises(AttributeError, match="nope"):
        _fastcall.constructor(Thing, 1, (("nope", 0),), ())
    with pytest.raises(TypeError, match="object slot"):
        _fastcall.resetter(Thing, ("__init__",), ())
    with pytest.raises(ValueError, match="argument 3 of 1"):
        _fastcall.constructor(Thing, 1, (("a", 3),), ())
    with pytest.raises(TypeError, match="Backstop"):
        _fastcall.backstop(Thing, "a", "b", print)


def test_launches_with_an_address_in_c_and_other_kernel_parameters_through_the_wrapper(value_libcuda):
    """cuLaunchKernel's kernelParams and extra as plain ints (addresses) are taken in C; None, a (values,
    types) tuple or a buffer go to the wrapper, which packs them; the driver sees the same either way."""
    lines = both(
        "import ctypes, os\n"
        "rec = (ctypes.c_ulonglong * 5).in_dll(ctypes.CDLL(os.environ['CUDACFFI_LIBDRIVER']), 'launch_record')\n"
        "d.cuInit(0)\n"
        "f, s = d.CUfunction(0xF00), d.CUstream(0x57)\n"
        "print(d.cuLaunchKernel(f, 2, 1, 1, 32, 1, 1, 0, s, 0x1234, 0), [hex(v) for v in rec])\n"
        "print(d.cuLaunchKernel(0xF01, 3, 1, 1, 64, 1, 1, 0, 0, None, None), [hex(v) for v in rec])\n"
        "print(int(d.cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, s, ((7, 2.5), (ctypes.c_int, ctypes.c_float)), 0)[0]),\n"
        "      rec[3] not in (0, 0x1234))\n"
        "print(d.cuLaunchKernel(0xBAD, 1, 1, 1, 1, 1, 1, 0, s, 0, 0))\n"
        "for bad in (-1, 1 << 64, 'x'):\n"
        "    try:\n"
        "        d.cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, s, bad, 0)\n"
        "    except Exception as e:\n"
        "        print(type(e).__name__, 'kernelParams' in str(e))\n", value_libcuda)
    assert lines == [
        "(<CUresult.CUDA_SUCCESS: 0>,) ['0xf00', '0x7f0', '0x57', '0x1234', '0x0']",
        "(<CUresult.CUDA_SUCCESS: 0>,) ['0xf01', '0xbf8', '0x0', '0x0', '0x0']",
        "0 True",
        "(<CUresult.CUDA_ERROR_INVALID_HANDLE: 400>,)",
        "OverflowError True", "OverflowError True", "TypeError True",
    ]


def test_values_and_types_kernel_parameters_pack_the_same_in_c_and_in_python(value_libcuda):
    """(values, types) of ints, floats, handles and int addresses are packed in C on CPython; each parameter's
    bytes, as the driver reads them during the call, are the Python packer's; values C does not take (a ctypes
    value, a numpy scalar, a bool for c_int, a float for c_int) go to the packer, and bad ones raise its errors."""
    lines = both(
        "import ctypes, os, struct\n"
        "lib = ctypes.CDLL(os.environ['CUDACFFI_LIBDRIVER'])\n"
        "params = (ctypes.c_ulonglong * 16).in_dll(lib, 'launch_params')\n"
        "d.cuInit(0)\n"
        "T = (ctypes.c_int, ctypes.c_uint8, ctypes.c_int16, ctypes.c_longlong, ctypes.c_float, ctypes.c_double,\n"
        "     None, ctypes.c_void_p, ctypes.c_size_t)\n"
        "ctypes.c_int.in_dll(lib, 'launch_count').value = len(T)\n"
        "def launch(values, types=T):\n"
        "    err, = d.cuLaunchKernel(0xF00, 1, 1, 1, 1, 1, 1, 0, 0, (values, types), 0)\n"
        "    return int(err), ' '.join('%016x' % params[i] for i in range(len(types)))\n"
        "V = (-7, 200, -300, -(1 << 40), 2.5, -0.125, d.CUdeviceptr(0xABC0), 0x1234, (1 << 64) - 1)\n"
        "print(launch(V))\n"
        "print(launch(tuple(V)))\n"  # a fresh tuple of the same values
        "import numpy as np\n"
        "print(launch((ctypes.c_int(-7), np.uint8(200)) + V[2:]))\n"
        "print(launch((True,) + V[1:]))\n"
        "for bad in ((1 << 31,) + V[1:], V[:4] + ('x',) + V[5:], V[:6] + (5,) + V[7:], V[:8] + (-1,)):\n"
        "    try:\n"
        "        print(launch(bad))\n"
        "    except Exception as e:\n"
        "        print(type(e).__name__, 'kernelParams' in str(e))\n"
        "print(launch((), ()))\n"
        "slots = (ctypes.c_ulonglong * 9)(*range(100, 109))\n"  # a table packed already, as a numpy array
        "table = np.array([ctypes.addressof(slots) + 8 * i for i in range(9)], dtype=np.uint64)\n"
        "ctypes.c_int.in_dll(lib, 'launch_count').value = 9\n"
        "print(d.cuLaunchKernel(0xF00, 1, 1, 1, 1, 1, 1, 0, 0, table, 0), [params[i] for i in range(9)])\n"
        "for bad in (np.zeros((4, 2), dtype=np.uint64)[:, 0], np.array([None] * 4, dtype=object)):\n"
        "    try:\n"
        "        d.cuLaunchKernel(0xF00, 1, 1, 1, 1, 1, 1, 0, 0, bad, 0)\n"
        "    except Exception as e:\n"
        "        print(type(e).__name__, 'kernelParams' in str(e))\n", value_libcuda)
    le = lambda v, n: (v % (1 << 8 * n)).to_bytes(8, "little")[::-1].hex()  # noqa: E731
    import struct
    f32 = struct.unpack("<I", struct.pack("<f", 2.5))[0]
    f64 = struct.unpack("<Q", struct.pack("<d", -0.125))[0]
    want = " ".join([le(-7, 4), le(200, 1), le(-300, 2), le(-(1 << 40), 8), "%016x" % f32, "%016x" % f64,
                     "%016x" % 0xABC0, "%016x" % 0x1234, "f" * 16])
    assert lines[:4] == ["(0, '%s')" % want] * 3 + ["(0, '%s')" % want.replace(le(-7, 4), le(1, 4), 1)]
    assert lines[4:8] == ["OverflowError True", "TypeError True", "TypeError True", "OverflowError True"], lines
    assert lines[8] == "(0, '')"
    assert lines[9] == "(<CUresult.CUDA_SUCCESS: 0>,) %s" % list(range(100, 109))
    assert lines[10:] == ["ValueError True", "TypeError True"], lines[10:]


@pytest.mark.skipif(not CPYTHON, reason="the fast calls are CPython's (PyPy keeps the Python wrappers)")
def test_pool_allocate_in_c_reads_as_the_python_method_and_hands_other_calls_to_it():
    import inspect

    from cudacffi import _fastcall
    from cudacffi.core import DeviceMemoryResource, ManagedMemoryResource, PinnedMemoryResource, Stream
    from cudacffi.core._memory._pool import _MemPool

    method = _MemPool.allocate
    assert type(method).__name__ == "PoolAllocate"
    assert DeviceMemoryResource.allocate is PinnedMemoryResource.allocate is method
    assert ManagedMemoryResource.allocate is not method  # its own allocate
    assert str(inspect.signature(method)) == str(inspect.signature(method.__wrapped__))
    assert str(inspect.signature(method)).startswith("(self, size: 'int', *, stream: ")
    assert method.__doc__ == method.__wrapped__.__doc__ and "stream order" in method.__doc__
    seen = []

    class Stand:  # not a memory resource: every call goes to the Python method, here a recording stand-in
        pass

    def fallback(*args, **kwargs):
        seen.append((len(args), sorted(kwargs)))
        return "python"

    made = _fastcall.pool_allocate(1, 7, fallback, Stream, fallback, fallback)  # entry 1: must never be called
    stand = Stand()
    assert made.__get__(stand, Stand)(64, stream=None) == "python"
    assert made(stand, 64) == "python" and made(stand, 64, stream=stand, other=1) == "python"
    assert seen == [(2, ["stream"]), (2, []), (2, ["other", "stream"])]
    with pytest.raises(ValueError, match="address"):
        _fastcall.pool_allocate(0, 7, fallback, Stream, fallback, fallback)
    with pytest.raises(AttributeError, match="_handle"):
        _fastcall.pool_allocate(1, 7, fallback, Stand, fallback, fallback)


@pytest.mark.skipif(not CPYTHON, reason="cudacffi._fastcall is CPython's")
def test_a_getter_reads_slots_or_calls_and_leaves_the_rest_to_its_property():
    """``_direct.getter_in_c``: the slot where its guard is set (else 0), or the call's answer, on an instance of
    the class itself; the property's own answer on a subclass's, its errors on assignment and deletion, and the
    property itself on the class."""
    from cudacffi import _direct

    class Thing:
        __slots__ = ("_ptr", "_size")

        @property
        def size(self) -> int:
            """The size; 0 once closed."""
            return -1  # (what a subclass instance reads: the C path answers for Thing itself only)

        @property
        def twice(self) -> int:
            return self._size * 2

    Thing.size = _direct.getter_in_c(Thing, "size", value="_size", guard="_ptr")
    Thing.twice = _direct.getter_in_c(Thing, "twice", lambda obj: obj._size * 3)

    class Sub(Thing):
        __slots__ = ()

    t, sub, bare = Thing(), Sub(), Thing()
    for o in (t, sub):
        o._ptr, o._size = 1234, 4096
    big = 1 << 70
    assert t.size == 4096 and sub.size == -1 and bare.size == 0 and t.twice == 4096 * 3 and sub.twice == 8192
    t._size = big
    assert t.size is big
    t._ptr = None
    assert t.size == 0
    assert isinstance(Thing.size, property) and Thing.size.__doc__ == "The size; 0 once closed."
    assert type(Thing.__dict__["size"]).__name__ == "Getter" and Thing.__dict__["size"].__doc__ == Thing.size.__doc__
    for action in (lambda: setattr(t, "size", 1), lambda: delattr(t, "size")):
        with pytest.raises(AttributeError, match="size"):
            action()
    with pytest.raises(TypeError, match="prop must be a property"):
        _direct.fastcall().getter(lambda: 0, Thing, None, "_size", "_ptr")
    with pytest.raises(TypeError, match="slots' names"):
        _direct.fastcall().getter(Thing.size, Thing, None, None, None)
