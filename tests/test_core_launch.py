"""cudacffi.core's launch() fast path (one struct.pack into an immutable bytes object, launched through
``_cc_launch_blob``), byte by byte against the stand-in libcuda of ``launch_libcuda.c``, which records each
parameter's bytes per calling thread; in fresh interpreters, as loading is global. Every case is also
checked against the packer's own layout (``prepare_arguments``), so the two paths cannot drift apart."""

import sys
import textwrap

import pytest

from conftest import build_standin, run_python

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

SETUP = textwrap.dedent('''
    import ctypes, struct, sys, threading
    from cudacffi import _kernel_params
    from cudacffi.core import Buffer, LaunchConfig, Stream, launch
    from cudacffi.core import _kernel_args
    from cudacffi.core._kernel import Kernel, ParamInfo

    standin = ctypes.CDLL(LIB)
    STREAM = Stream.from_handle(0x5000)
    CONFIG = LaunchConfig(grid=2, block=3)

    def kernel(sizes, handle=0x1000):
        k = Kernel._from_kernel(handle, None, "k")
        info, offset = [], 0
        for size in sizes:
            align = min(size, 8)
            offset = (offset + align - 1) // align * align
            info.append(ParamInfo(offset, size))
            offset += size
        k._param_info = info
        return k

    def record():
        out = ctypes.create_string_buffer(8192)
        standin.standin_record(out, 8192)
        head, _, params = out.value.decode().partition(" |")
        return head, params.split()

    def run(k, *args):
        sizes = [p.size for p in k._param_info]
        standin.standin_expect(len(sizes), (ctypes.c_int * max(1, len(sizes)))(*sizes))
        launch(STREAM, CONFIG, k, *args)
        head, got = record()
        assert head == "%x 2 3 5000" % k._h, head
        return got

    def packer(k, *args):  # the packer's bytes for the same arguments, read back from its void* table
        values, types = _kernel_args.prepare_arguments(k, args)
        address, keep = _kernel_params.kernel_params(None, (values, types), "launch")
        table = (ctypes.c_uint64 * len(args)).from_address(address)
        return [ctypes.string_at(table[i], p.size).hex() for i, p in enumerate(k._param_info)]

    def check(sizes, args, expected):
        k = kernel(sizes)
        first = run(k, *args)   # makes the plan (through the packer)
        second = run(k, *args)  # through the fast launcher of that plan
        assert k._fast is not _launch_miss_fn, "no fast launcher"
        assert first == second == expected == packer(k, *args), (first, second, expected)

    _launch_miss_fn = Kernel._from_kernel(1, None)._fast

    def le(value, size):
        return int(value).to_bytes(size, "little", signed=value < 0).hex()

    def buf(ptr):
        return Buffer._make(ptr, 256, None)
''')


@pytest.fixture(scope="module", params=["fast", "python"])
def launch_libcuda(request, tmp_path_factory):
    """The stand-in, with the launchers of CPython's cudacffi._fastcall ("fast") or the Python ones ("python",
    CUDACFFI_FASTCALL=0; PyPy's always): every test runs both ways."""
    return build_standin(tmp_path_factory, "launch_libcuda.c"), request.param


def run(code, standin):
    lib, mode = standin
    r = run_python("LIB = %r\n" % lib + SETUP + textwrap.dedent(code),
                   env={"CUDACFFI_LIBDRIVER": lib, "CUDACFFI_FASTCALL": "1" if mode == "fast" else "0"})
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_which_launcher_each_plan_gets(launch_libcuda):
    """On CPython with the fast calls, plans of Buffers, ints, floats and bools launch from C; a plan with a
    half, a complex or a numpy scalar keeps the Python launcher (struct), as every plan does elsewhere."""
    out = run('''
        import numpy as np
        plans = [([8, 4, 8, 1], [buf(0x7f0000004000), 3, 2.5, True]), ([2], [1.5]), ([8], [1 + 2j]),
                 ([4], [np.int32(3)])]
        for sizes, args in plans:
            k = kernel(sizes)
            run(k, *args)
            print(type(k._fast).__name__)
    ''', launch_libcuda)
    c_side = launch_libcuda[1] == "fast" and sys.implementation.name == "cpython"
    assert out.split() == ["Launcher" if c_side else "function"] + ["function"] * 3


def test_sixteen_buffers_then_other_buffers_of_the_same_class(launch_libcuda):
    run('''
        bufs = [buf(0x7f0000000000 + 0x100 * i) for i in range(16)]
        check([8] * 16, bufs, [le(b.handle, 8) for b in bufs])
        k = kernel([8] * 16)
        run(k, *bufs)
        others = [buf(0x7e0000000000 + 0x40 * i) for i in range(16)]
        assert run(k, *others) == [le(b.handle, 8) for b in others]  # a new launch packs anew
        assert run(k, *bufs) == [le(b.handle, 8) for b in bufs]
    ''', launch_libcuda)


def test_ints_bools_floats_at_their_parameters_sizes(launch_libcuda):
    run('''
        sizes = [8, 4, 2, 1, 1, 4, 8, 4, 2, 8, 8]
        args = [buf(0x7f0000001000), -5, 300, -1, True, True, 1.5, 2.5, 1.5, -(1 << 63), None]
        expected = [le(0x7f0000001000, 8), le(-5, 4), le(300, 2), le(-1, 1), "01", le(1, 4),
                    struct.pack("<d", 1.5).hex(), struct.pack("<f", 2.5).hex(), struct.pack("<e", 1.5).hex(),
                    le(-(1 << 63), 8), "00" * 8]
        check(sizes, args, expected)
        check([], [], [])  # no parameters: a NULL table
        check([8, 16], [1 + 2j, 3 - 4j], [struct.pack("<ff", 1, 2).hex(), struct.pack("<dd", 3, -4).hex()])
    ''', launch_libcuda)


def test_numpy_and_ctypes_scalars_and_array_interfaces(launch_libcuda):
    run('''
        class DeviceArray:
            __cuda_array_interface__ = {"shape": (4,), "typestr": "<f4", "data": (0x7f0000abc000, False),
                                        "version": 3}

        args = [ctypes.c_int(-7), ctypes.c_void_p(0x1234), ctypes.c_char(b"A"), ctypes.c_double(0.5),
                DeviceArray()]
        check([4, 8, 1, 8, 8], args, [le(-7, 4), le(0x1234, 8), "41", struct.pack("<d", 0.5).hex(),
                                      le(0x7f0000abc000, 8)])
        try:
            import numpy as np
        except ImportError:
            sys.exit(0)
        args = [np.int16(-3), np.float32(0.25), np.uint64(2 ** 64 - 1), np.float16(1.5), np.complex64(1 - 1j),
                np.bool_(True)]
        check([2, 4, 8, 2, 8, 1], args, [le(-3, 2), struct.pack("<f", 0.25).hex(), "ff" * 8,
                                         struct.pack("<e", 1.5).hex(), struct.pack("<ff", 1, -1).hex(), "01"])
    ''', launch_libcuda)


def test_values_the_fast_path_refuses_take_the_checked_path(launch_libcuda):
    run('''
        k = kernel([8, 4])
        b = buf(0x7f0000002000)
        run(k, b, 1)
        assert run(k, b, 0xFFFFFFFF) == [le(b.handle, 8), "ffffffff"]  # unsigned, widened by the checked path
        assert run(k, b, 7) == [le(b.handle, 8), le(7, 4)]
        try:
            run(k, b, 1 << 40)
        except OverflowError as e:
            assert "argument 1" in str(e), e
        else:
            raise AssertionError("no OverflowError")
        b.close()
        try:
            run(k, b, 1)
        except ValueError as e:
            assert "closed Buffer" in str(e) and "argument 0" in str(e), e
        else:
            raise AssertionError("a closed Buffer launched")
        try:
            run(k, buf(1), 1, 2)
        except TypeError as e:
            assert "takes 2 arguments, 3 given" in str(e), e
        else:
            raise AssertionError("a wrong count launched")
    ''', launch_libcuda)


def test_a_change_of_argument_classes_changes_the_packing(launch_libcuda):
    run('''
        k = kernel([8, 8])
        b = buf(0x7f0000003000)
        for _ in range(2):
            assert run(k, b, 3) == [le(b.handle, 8), le(3, 8)]
            assert run(k, b, 3.0) == [le(b.handle, 8), struct.pack("<d", 3.0).hex()]
            assert run(k, b, True) == [le(b.handle, 8), le(1, 8)]
            assert run(k, 0x10, b) == [le(0x10, 8), le(b.handle, 8)]
    ''', launch_libcuda)


def test_threads_launching_at_once_each_pass_their_own_arguments(launch_libcuda):
    """The GIL is released in the C call and the stand-in sleeps before it reads the parameters: launches that
    shared memory between threads would show another thread's values."""
    run('''
        k = kernel([8, 4, 8])
        failures = []

        def worker(t):
            b = buf(0x7f0000000000 + (t << 20))
            expect = [0] * 3
            sizes = (ctypes.c_int * 3)(8, 4, 8)
            standin.standin_expect(3, sizes)
            for i in range(200):
                launch(STREAM, CONFIG, k, b, t * 1000 + i, float(t))
                got = record()[1]
                want = [le(b.handle, 8), le(t * 1000 + i, 4), struct.pack("<d", float(t)).hex()]
                if got != want:
                    failures.append((t, i, got, want))

        threads = [threading.Thread(target=worker, args=(t,)) for t in range(8)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert not failures, failures[:3]
    ''', launch_libcuda)
