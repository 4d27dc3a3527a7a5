"""Issue 12's reproducers: never corrupt the interpreter, never crash on bad input (CPU; NVRTC, nvJitLink and
NVVM for real from the wheels). Cases that crashed before run in a child interpreter."""

import gc
import platform
import threading
import weakref

import cffi
import numpy as np
import pytest

from conftest import library_missing, run_python

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

from cudacffi import driver, nvjitlink, nvrtc, nvvm, runtime  # noqa: E402
from cudacffi import _kernel_params  # noqa: E402

IS_CPYTHON = platform.python_implementation() == "CPython"
R = nvrtc.nvrtcResult
KERNEL = b'extern "C" __global__ void k(int *p) { p[0] = 1; }'


def _compiled():
    try:
        err, prog = nvrtc.nvrtcCreateProgram(KERNEL, b"k.cu", 0, [], [])
    except RuntimeError as e:
        library_missing(str(e))
    assert err == R.NVRTC_SUCCESS
    assert nvrtc.nvrtcCompileProgram(prog, 0, [])[0] == R.NVRTC_SUCCESS
    return prog


def _run(code):
    r = run_python(code)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


# -- 1. bytes ---------------------------------------------------------------------------------------------------

@pytest.mark.skipif(not IS_CPYTHON, reason="CPython's rule (PyPy refuses every bytes output)")
def test_seed_log_idiom_with_a_one_byte_log_leaves_the_shared_bytes_alone():
    out = _run("from cudacffi import nvrtc\n"
               "err, prog = nvrtc.nvrtcCreateProgram(%r, b'k.cu', 0, [], [])\n"
               "nvrtc.nvrtcCompileProgram(prog, 0, [])\n"
               "err, logSize = nvrtc.nvrtcGetProgramLogSize(prog)\n"
               "log = b' ' * logSize\n"
               "print(logSize, int(nvrtc.nvrtcGetProgramLog(prog, log)[0]), log == b' ', b' ' != b'\\x00')\n"
               "try:\n"
               "    nvrtc.nvrtcGetProgramLog(prog, b'')\n"
               "except ValueError as e:\n"
               "    print('refused')\n"
               "print(len(b''))\n" % KERNEL)
    assert out.split() == ["1", "0", "True", "True", "refused", "0"]


@pytest.mark.skipif(not IS_CPYTHON, reason="CPython's rule (PyPy refuses every bytes output)")
def test_seed_ptx_idiom_writes_into_the_callers_fresh_bytes():
    prog = _compiled()
    err, n = nvrtc.nvrtcGetPTXSize(prog)
    ptx = b" " * n
    assert nvrtc.nvrtcGetPTX(prog, ptx) == (R.NVRTC_SUCCESS,)
    assert b".entry k" in ptx
    assert nvrtc.nvrtcGetPTX(prog, ptx) == (R.NVRTC_SUCCESS,)  # twice from the same frame: still allowed


@pytest.mark.skipif(not IS_CPYTHON, reason="CPython's rule (PyPy refuses every bytes output)")
def test_bytes_constant_of_the_calling_code_is_refused():
    prog = _compiled()

    def caller():
        buf = b" " * 4096  # folded into co_consts: shared by every run of this function
        return nvrtc.nvrtcGetPTX(prog, buf)

    assert any(isinstance(c, bytes) and len(c) == 4096 for c in caller.__code__.co_consts)
    with pytest.raises(ValueError, match="ptx.*constant"):
        caller()
    assert all(set(c) == {32} for c in caller.__code__.co_consts if isinstance(c, bytes) and len(c) == 4096)


@pytest.mark.skipif(not IS_CPYTHON, reason="CPython's rule (PyPy refuses every bytes output)")
def test_bytes_held_elsewhere_too_is_refused():
    prog = _compiled()
    n = nvrtc.nvrtcGetPTXSize(prog)[1]
    buf = b" " * n
    elsewhere = {"held": buf}
    with pytest.raises(ValueError, match="ptx.*other objects hold"):
        nvrtc.nvrtcGetPTX(prog, buf)
    assert set(elsewhere["held"]) == {32}


# -- 2. object buffers ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("call", [
    lambda a: nvrtc.nvrtcGetPTX(_compiled(), a),
    lambda a: driver.cuMemcpyDtoH(a, 0, 8),
    lambda a: driver.cuMemcpyHtoD(0, a, 8),
    lambda a: nvjitlink.add_data(nvjitlink.create(1, ["-arch=sm_90"]), 2, a, 8, "x"),
    lambda a: nvvm.get_compiled_result(nvvm.create_program(), a),
])
def test_object_dtype_buffer_raises_type_error_naming_the_parameter(call):
    with pytest.raises(TypeError, match="argument '\\w+' is a buffer of Python objects"):
        call(np.empty(4096, dtype=object))


def test_structured_dtype_with_a_field_named_O_is_plain_data():
    a = np.zeros(4, dtype=[("O", "i4"), ("b", "f4")])
    assert runtime.cudaMemcpy(0, a, 32, 1)[0] != 0  # reached the library (no driver): not refused


# -- 3, 4. NVRTC programs tracked; destroy is atomic --------------------------------------------------------------

def test_nvrtc_destroyed_program_returns_invalid_program():
    prog = _compiled()
    assert nvrtc.nvrtcDestroyProgram(prog) == (R.NVRTC_SUCCESS,)
    assert nvrtc.nvrtcDestroyProgram(prog) == (R.NVRTC_ERROR_INVALID_PROGRAM,)
    assert nvrtc.nvrtcGetPTXSize(prog) == (R.NVRTC_ERROR_INVALID_PROGRAM, None)
    assert nvrtc.nvrtcGetLoweredName(prog, b"k") == (R.NVRTC_ERROR_INVALID_PROGRAM, None)
    assert nvrtc.nvrtcGetPTX(prog, bytearray(10)) == (R.NVRTC_ERROR_INVALID_PROGRAM,)


def test_nvrtc_handle_of_another_class_or_unknown_int_returns_invalid_program():
    assert nvrtc.nvrtcGetPTXSize(driver.CUstream(0x1000)) == (R.NVRTC_ERROR_INVALID_PROGRAM, None)
    assert nvrtc.nvrtcCompileProgram(0x1000, 0, []) == (R.NVRTC_ERROR_INVALID_PROGRAM,)
    assert nvrtc.nvrtcDestroyProgram(nvrtc.nvrtcProgram(0x1000)) == (R.NVRTC_ERROR_INVALID_PROGRAM,)


def test_nvrtc_program_given_as_its_int_value_works():
    prog = _compiled()
    assert nvrtc.nvrtcGetPTXSize(int(prog))[0] == R.NVRTC_SUCCESS
    assert nvrtc.nvrtcDestroyProgram(int(prog)) == (R.NVRTC_SUCCESS,)


@pytest.mark.parametrize("func", ["nvrtcGetPTX", "nvrtcGetCUBIN", "nvrtcGetLTOIR", "nvrtcGetProgramLog"])
def test_nvrtc_handle_given_as_an_output_buffer_is_refused(func):
    """The fuzzer's NVRTC abort (seed 1, call 2832: "free(): invalid pointer" in nvrtcDestroyProgram),
    bisected to two calls: ``nvrtcGetPTX(prog, prog)`` took the handle as the address of the output buffer
    and NVRTC wrote PTX over its own program; a later destroy freed the smashed heap."""
    if not hasattr(nvrtc, func):
        pytest.skip("%s is not in this build" % func)
    out = _run("from cudacffi import nvrtc\n"
               "p = nvrtc.nvrtcCreateProgram(%r, b'k.cu', 0, [], [])[1]\n"
               "print(nvrtc.nvrtcCompileProgram(p, 0, [])[0] == 0)\n"
               "for other in (p, nvrtc.nvrtcProgram(int(p))):\n"
               "    try:\n"
               "        nvrtc.%s(p, other)\n"
               "    except TypeError as e:\n"
               "        print('%s' in str(e), 'not a nvrtcProgram handle' in str(e))\n"
               "print(nvrtc.nvrtcDestroyProgram(p)[0] == 0)\n"
               % (KERNEL, func, func))
    assert out.split() == ["True"] * 6, out


def test_nvrtc_wrappers_keep_name_doc_and_signature():
    import inspect

    assert nvrtc.nvrtcGetPTX.__name__ == "nvrtcGetPTX"
    assert nvrtc.nvrtcGetPTX.__doc__.startswith("nvrtcGetPTX(prog, ptx)")
    assert list(inspect.signature(nvrtc.nvrtcCreateProgram).parameters) == [
        "src", "name", "numHeaders", "headers", "includeNames"]


def test_nvjitlink_handle_used_off_its_creating_thread_is_refused():
    """libnvJitLink 12.9 corrupts its heap when a handle is used on another thread than its creator's
    (reproduced with ctypes alone), which is what made two threads destroying one handle crash."""
    out = _run("import threading\n"
               "from cudacffi import nvjitlink\n"
               "h = nvjitlink.create(1, ['-arch=sm_90'])\n"
               "res = []\n"
               "def run():\n"
               "    try:\n"
               "        nvjitlink.destroy(h)\n"
               "    except ValueError as e:\n"
               "        res.append('another thread' in str(e))\n"
               "ts = [threading.Thread(target=run) for _ in range(2)]\n"
               "[t.start() for t in ts]; [t.join() for t in ts]\n"
               "nvjitlink.destroy(h)\n"
               "print(res)\n")
    assert out.split() == ["[True,", "True]"]


@pytest.mark.parametrize("family", ["nvrtc", "nvvm"])
def test_two_threads_destroying_one_handle_destroy_it_once(family):
    out = _run("import threading\n"
               "from cudacffi import nvrtc, nvjitlink, nvvm\n"
               "ok = 0\n"
               "for _ in range(200):\n"
               "    if %(f)r == 'nvrtc':\n"
               "        h = nvrtc.nvrtcCreateProgram(b'int x;', b'x', 0, [], [])[1]\n"
               "        d = lambda: nvrtc.nvrtcDestroyProgram(h)\n"
               "    elif %(f)r == 'nvjitlink':\n"
               "        h = nvjitlink.create(1, ['-arch=sm_90'])\n"
               "        d = lambda: nvjitlink.destroy(h)\n"
               "    else:\n"
               "        h = nvvm.create_program()\n"
               "        d = lambda: nvvm.destroy_program(h)\n"
               "    res = []\n"
               "    def run():\n"
               "        try:\n"
               "            res.append(d())\n"
               "        except ValueError:\n"
               "            res.append('refused')\n"
               "    ts = [threading.Thread(target=run) for _ in range(2)]\n"
               "    [t.start() for t in ts]; [t.join() for t in ts]\n"
               "    ok += len(res) == 2\n"
               "print(ok)\n" % {"f": family})
    assert out.split() == ["200"]


# -- 5. struct pointer fields -------------------------------------------------------------------------------------

def test_memcpy_struct_destination_refuses_bytes_and_read_only_buffers():
    m = driver.CUDA_MEMCPY2D()
    with pytest.raises(ValueError, match="dstHost"):
        m.dstHost = b"-" * 16
    ro = np.zeros(16, dtype=np.uint8)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="dstHost"):
        m.dstHost = ro
    m.srcHost = b"source is read"  # const void *: read-only is fine
    m.dstHost = bytearray(16)


def test_pitched_ptr_of_read_only_memory_refused_as_a_3d_destination():
    p = runtime.cudaMemcpy3DParms()
    p.srcPtr = runtime.make_cudaPitchedPtr(b"12345678", 8, 8, 1)
    with pytest.raises(ValueError, match="dstPtr"):
        p.dstPtr = runtime.make_cudaPitchedPtr(b"12345678", 8, 8, 1)


class _Buf(bytearray):
    pass


def test_struct_copied_into_a_field_keeps_its_buffers_alive():
    p = runtime.cudaMemcpy3DParms()
    buf = _Buf(64)
    gone = weakref.ref(buf)
    p.srcPtr = runtime.make_cudaPitchedPtr(buf, 8, 8, 8)
    del buf
    gc.collect()
    assert gone() is not None
    del p
    gc.collect()
    assert gone() is None


def test_kernel_node_params_copied_into_graph_node_params_keep_the_packed_block():
    if not hasattr(driver, "CUDA_KERNEL_NODE_PARAMS_v3"):
        pytest.skip("this build's headers have no CUDA_KERNEL_NODE_PARAMS_v3 (CUDA 12.2+)")
    k = driver.CUDA_KERNEL_NODE_PARAMS_v3()
    k.kernelParams = ((7, 2.5), ("int", "float"))
    addr = k.kernelParams
    gp = driver.CUgraphNodeParams()
    gp.kernel = k
    del k
    gc.collect()
    [bytearray(256) for _ in range(1000)]
    f = cffi.FFI()
    assert gp.kernel.kernelParams == addr
    assert f.cast("int *", f.cast("void **", addr)[0])[0] == 7


# -- 6. cffi objects --------------------------------------------------------------------------------------------

def test_cffi_array_of_another_ffi_is_size_checked_for_nvrtc_and_nvjitlink():
    f = cffi.FFI()
    prog = _compiled()
    with pytest.raises(ValueError, match="ptx.*room for 4"):
        nvrtc.nvrtcGetPTX(prog, f.new("char[4]"))
    with pytest.raises(ValueError, match="ptx"):
        nvrtc.nvrtcGetPTX(prog, f.new("int *"))  # owns 4 bytes
    big = f.new("char[]", nvrtc.nvrtcGetPTXSize(prog)[1])
    assert nvrtc.nvrtcGetPTX(prog, big) == (R.NVRTC_SUCCESS,)
    assert b".entry k" in f.string(big)
    h = nvjitlink.create(1, ["-arch=sm_90"])
    with pytest.raises(ValueError, match="size"):
        nvjitlink.add_data(h, nvjitlink.InputType.PTX, f.new("char[4]"), 100, "x")
    nvjitlink.destroy(h)


# -- 7. sizes against byte counts; NULL where the libraries read or write -------------------------------------------

@pytest.mark.parametrize("call, name", [
    (lambda: driver.cuMemcpyDtoH(bytearray(8), 0, 16), "dstHost"),
    (lambda: driver.cuMemcpyDtoHAsync(bytearray(8), 0, 16, None), "dstHost"),
    (lambda: driver.cuMemcpyHtoD(0, b"12345678", 9), "srcHost"),
    (lambda: driver.cuMemcpyHtoDAsync(0, np.zeros(2), 17, None), "srcHost"),
    (lambda: runtime.cudaMemcpy(bytearray(8), 0, 16, 2), "dst"),
    (lambda: runtime.cudaMemcpy(0, b"x" * 8, 16, 1), "src"),
    (lambda: runtime.cudaMemcpy2D(bytearray(8), 4, 0, 4, 4, 3, 2), "dst"),
    (lambda: runtime.cudaMemset(bytearray(2), 0, 3), "devPtr"),
])
def test_host_buffer_smaller_than_the_byte_count_is_refused(call, name):
    with pytest.raises(ValueError, match="argument '%s' has room for" % name):
        call()


def test_host_buffer_as_large_as_the_byte_count_reaches_the_library():
    assert runtime.cudaMemcpy(bytearray(16), 0, 16, 2)[0] != 0  # no driver: an error status, not a refusal


def test_null_data_with_a_size_and_null_output_buffers_are_refused():
    h = nvjitlink.create(1, ["-arch=sm_90"])
    with pytest.raises(ValueError, match="data"):
        nvjitlink.add_data(h, nvjitlink.InputType.PTX, 0, 100, "x")
    with pytest.raises(ValueError, match="cubin"):
        nvjitlink.get_linked_cubin(h, 0)
    nvjitlink.destroy(h)
    p = nvvm.create_program()
    with pytest.raises(ValueError, match="buffer"):
        nvvm.get_compiled_result(p, 0)
    nvvm.destroy_program(p)


# -- 8. kernel-argument plans ----------------------------------------------------------------------------------------

def test_plan_cache_is_bounded():
    for i in range(_kernel_params._MAX_PLANS + 50):
        _kernel_params._plan(("int",) * 1 + ("float",) * (i % 7) + (np.dtype("u1"),) * (i // 7), (0,) * (1 + i % 7 + i // 7),
                      "t")
    assert len(_kernel_params._plans) <= _kernel_params._MAX_PLANS


def test_foreign_object_with_v_and_getptr_is_packed_from_getptr():
    f = cffi.FFI()
    cell = f.new("uint64_t *", 0xABC)

    class Foreign:
        _v = 0x123

        def getPtr(self):
            return int(f.cast("uintptr_t", cell))

    addr, keep = _kernel_params.pack_owned(((Foreign(),), (None,)), "t")
    slot = f.cast("void **", addr)[0]
    assert int(f.cast("uintptr_t", slot)) == int(f.cast("uintptr_t", cell))
    h = driver.CUstream(0x55)
    addr, keep = _kernel_params.pack_owned(((h,), (None,)), "t")
    assert f.cast("uint64_t *", f.cast("void **", addr)[0])[0] == 0x55


# -- 9. messages name the parameter ------------------------------------------------------------------------------------

def test_numpy_array_for_an_int_names_the_parameter():
    with pytest.raises(TypeError, match="bytesize"):
        driver.cuMemAlloc(np.array([1, 2]))
    assert runtime.cudaMalloc(np.int64(8))[0] != 0  # numpy integer scalars are ints (no driver: a status)


def test_options_given_as_an_int_address_are_accepted():
    assert nvrtc.nvrtcCompileProgram(_compiled(), 0, 0) == (R.NVRTC_SUCCESS,)
    with pytest.raises(nvjitlink.nvJitLinkError):  # NULL options: the library reports the missing -arch
        nvjitlink.create(0, 0)


def test_none_inside_a_list_of_strings_names_the_item():
    with pytest.raises(TypeError, match=r"headers\[0\]"):
        nvrtc.nvrtcCreateProgram(b"int x;", b"x", 1, [None], [b"h"])


def test_threads_are_unaffected_by_program_tracking():
    progs = [_compiled() for _ in range(4)]
    out = []
    ts = [threading.Thread(target=lambda p=p: out.append(nvrtc.nvrtcGetPTXSize(p)[0])) for p in progs]
    [t.start() for t in ts]
    [t.join() for t in ts]
    assert out == [R.NVRTC_SUCCESS] * 4


def test_two_threads_setting_pointer_fields_of_the_same_structs_keep_both_buffers():
    """A struct's keep-alive table is made once whichever thread sets a field first (without the GIL, two
    threads could each make one and the loser's buffer would be freed under the struct)."""
    import sys

    structs = [driver.CUDA_MEMCPY2D() for _ in range(2000)]
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        ts = [threading.Thread(target=lambda f=f: [setattr(m, f, bytearray(16)) for m in structs])
              for f in ("srcHost", "dstHost")]
        [t.start() for t in ts]
        [t.join() for t in ts]
    finally:
        sys.setswitchinterval(old)
    gc.collect()
    kept = [len(m._keep or ()) for m in structs]
    assert kept == [2] * len(structs)


def test_an_opaque_handle_is_refused_where_the_library_writes_host_memory():
    """As NVRTC's output buffers: a stream, context or other driver object given as a destination would be
    written over. Device pointers (int handles) and plain ints stay addresses."""
    with pytest.raises(TypeError, match=r"cudaMemcpy\(\): argument 'dst' .* not a cudaStream_t handle"):
        runtime.cudaMemcpy(runtime.cudaStream_t(0x1000), 0, 8, 0)
    with pytest.raises(TypeError, match=r"cuMemcpyDtoH\(\): argument 'dstHost' .* not a CUcontext handle"):
        driver.cuMemcpyDtoH(driver.CUcontext(0x1000), 0, 8)
    # a source is only read, and a device pointer may be host-visible (managed memory): both reach the library
    # (an invalid direction: refused by the runtime, with or without a GPU, before it touches memory)
    assert runtime.cudaMemcpy(0x1000, runtime.cudaStream_t(0x1000), 8, 99)[0] != 0
    assert runtime.cudaMemcpy(driver.CUdeviceptr(0x1000), 0x2000, 8, 99)[0] != 0
