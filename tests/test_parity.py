"""cuda.bindings behaviours checked without a GPU: attribute-typed values (against a stand-in libcuda that
checks what it is handed), sizeof, integral floats, None for required buffers, struct fields.

The attribute cases run in a fresh interpreter each (loading is process-global) against
``attr_libcuda.c``, which writes each attribute's value in its own C type and records the sizes and item
pointers it was given.
"""


import pytest

from conftest import ROOT, build_standin, run_python

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

from cudacffi import driver, nvjitlink, nvvm, runtime  # noqa: E402


@pytest.fixture(scope="module", params=["fast", "python"])
def attr_libcuda(request, tmp_path_factory):
    """The stand-in's path, run with CPython's fast calls ("fast": the attribute-typed getters in C) and
    without ("python", CUDACFFI_FASTCALL=0): every test against it runs both ways."""
    path = Standin(build_standin(tmp_path_factory, "attr_libcuda.c"))
    path.mode = request.param
    return path


class Standin(str):
    mode = "fast"


def run_against(lib, body):
    """Run ``body`` with cudacffi's driver on the stand-in ``lib``; ``seen`` reads what it recorded."""
    code = ("import ctypes\n"
            "from cudacffi import driver\n"
            "from cudacffi.driver import *\n"
            "_lib = ctypes.CDLL(%r)\n"
            "def seen(name, t=ctypes.c_size_t):\n"
            "    v = t.in_dll(_lib, name)\n"
            "    return v.value if hasattr(v, 'value') else list(v)\n" % lib) + body
    r = run_python(code, env={"CUDACFFI_LIBDRIVER": lib,
                              "CUDACFFI_FASTCALL": "0" if getattr(lib, "mode", "fast") == "python" else "1"})
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def test_pointer_attribute_values_come_back_in_their_own_types(attr_libcuda):
    out = run_against(attr_libcuda, (
        "A = CUpointer_attribute\n"
        "for a in (A.CU_POINTER_ATTRIBUTE_CONTEXT, A.CU_POINTER_ATTRIBUTE_MEMORY_TYPE,\n"
        "          A.CU_POINTER_ATTRIBUTE_DEVICE_POINTER, A.CU_POINTER_ATTRIBUTE_HOST_POINTER,\n"
        "          A.CU_POINTER_ATTRIBUTE_IS_MANAGED, A.CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,\n"
        "          A.CU_POINTER_ATTRIBUTE_BUFFER_ID, A.CU_POINTER_ATTRIBUTE_RANGE_SIZE,\n"
        "          A.CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE):\n"
        "    err, v = cuPointerGetAttribute(a, 0)\n"
        "    print(int(err), type(v).__name__, int(v))\n"
        "err, tok = cuPointerGetAttribute(A.CU_POINTER_ATTRIBUTE_P2P_TOKENS, 0)\n"
        "print(type(tok).__name__, tok.p2pToken, tok.vaSpaceToken)\n"))
    lines = out.splitlines()
    assert lines[:9] == ["0 CUcontext 192", "0 int 2", "0 CUdeviceptr 208", "0 int 64", "0 bool 1",
                         "0 int -1", "0 int 4886718345", "0 int 4096", "0 CUmemoryPool 224"]
    assert lines[9] == "CUDA_POINTER_ATTRIBUTE_P2P_TOKENS 7 9"


def test_pointer_attributes_list_has_one_storage_per_attribute(attr_libcuda):
    out = run_against(attr_libcuda, (
        "A = CUpointer_attribute\n"
        "attrs = [A.CU_POINTER_ATTRIBUTE_CONTEXT, A.CU_POINTER_ATTRIBUTE_IS_MANAGED, A.CU_POINTER_ATTRIBUTE_RANGE_SIZE]\n"
        "err, data = cuPointerGetAttributes(3, attrs, None)\n"
        "print(int(err), data)\n"
        "items = seen('last_items', ctypes.c_void_p * 8)[:3]\n"
        "print(seen('last_count', ctypes.c_uint), len(set(items)), all(items))\n"
        "err, data = cuPointerGetAttributes(0, [], None)\n"
        "print(int(err), data)\n"))
    lines = out.splitlines()
    assert lines[0] == "0 [<CUcontext 0xc0>, True, 4096]"
    assert lines[1] == "3 3 True"  # three distinct, non-NULL slots; the count the driver was told
    assert lines[2] == "0 []"      # a list even when empty, as cuda.bindings returns


def test_pointer_attributes_list_shorter_than_the_count_is_refused():
    with pytest.raises(ValueError, match="attributes"):
        driver.cuPointerGetAttributes(3, [driver.CUpointer_attribute.CU_POINTER_ATTRIBUTE_CONTEXT], 0)


def test_pointer_set_attribute_passes_a_one_byte_bool(attr_libcuda):
    out = run_against(attr_libcuda, (
        "err, = cuPointerSetAttribute(True, CUpointer_attribute.CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, 0)\n"
        "print(int(err), seen('last_int', ctypes.c_int))\n"))
    assert out.split() == ["0", "1"]


def test_mem_range_attributes_are_signed_ints_and_accessed_by_a_list(attr_libcuda):
    out = run_against(attr_libcuda, (
        "R = CUmem_range_attribute\n"
        "print(cuMemRangeGetAttribute(4, R.CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, 0, 1)[1])\n"
        "print(cuMemRangeGetAttribute(12, R.CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY, 0, 1)[1], seen('last_size'))\n"
        "err, data = cuMemRangeGetAttributes([4, 8], [R.CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY,\n"
        "                                     R.CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY], 2, 0, 1)\n"
        "print(int(err), data, seen('last_count', ctypes.c_uint))\n"
        "print(int(cuMemRangeGetAttribute(8, R.CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, 0, 1)[0]))\n"))
    lines = out.splitlines()
    assert lines[0] == "-2"
    assert lines[1] == "[0, -1, -2] 12"
    assert lines[2] == "0 [1, [0, -1]] 2"
    assert lines[3] == "1"  # a wrong size is the driver's to refuse (CUDA_ERROR_INVALID_VALUE), never an overrun


def test_mem_range_accessed_by_size_not_a_multiple_of_4_is_refused():
    with pytest.raises(ValueError, match="dataSize"):
        driver.cuMemRangeGetAttribute(6, driver.CUmem_range_attribute.CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY, 0, 1)


needs_coredump = pytest.mark.skipif(not hasattr(driver, "CUcoredumpSettings"),
                                    reason="this build's headers have no coredump attributes (CUDA 12.1+)")


@needs_coredump
def test_coredump_attributes_bool_bytes_and_flags(attr_libcuda):
    out = run_against(attr_libcuda, (
        "C = CUcoredumpSettings\n"
        "print(cuCoredumpGetAttribute(C.CU_COREDUMP_TRIGGER_HOST), seen('last_size'))\n"
        "print(cuCoredumpGetAttributeGlobal(C.CU_COREDUMP_FILE)[1], seen('last_size'))\n"
        "print(cuCoredumpGetAttribute(C.CU_COREDUMP_GENERATION_FLAGS)[1])\n"
        "print(cuCoredumpSetAttribute(C.CU_COREDUMP_FILE, b'/tmp/core.%p'), seen('last_name', ctypes.c_char * 1024))\n"
        "print(cuCoredumpSetAttributeGlobal(C.CU_COREDUMP_LIGHTWEIGHT, True), seen('last_size'), seen('last_int', ctypes.c_int))\n"))
    lines = out.splitlines()
    assert lines[0] == "(<CUresult.CUDA_SUCCESS: 0>, True) 1"
    assert lines[1] == "b'core.42' 1024"
    assert lines[2] == "5"
    assert lines[3] == "(<CUresult.CUDA_SUCCESS: 0>,) b'/tmp/core.%p'"
    assert lines[4] == "(<CUresult.CUDA_SUCCESS: 0>,) 1 1"


@needs_coredump
def test_coredump_name_too_long_or_of_the_wrong_type_is_refused():
    C = driver.CUcoredumpSettings
    with pytest.raises(ValueError, match="'value'"):
        driver.cuCoredumpSetAttribute(C.CU_COREDUMP_FILE, b"x" * 1024)
    with pytest.raises(TypeError, match="'value'"):
        driver.cuCoredumpSetAttribute(C.CU_COREDUMP_FILE, 5)
    with pytest.raises(TypeError, match="'value'"):
        driver.cuCoredumpSetAttribute(C.CU_COREDUMP_TRIGGER_HOST, "yes")


def test_mempool_attributes_int_and_64_bit(attr_libcuda):
    out = run_against(attr_libcuda, (
        "M = CUmemPool_attribute\n"
        "print(cuMemPoolGetAttribute(0x10, M.CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC)[1],\n"
        "      cuMemPoolGetAttribute(0x10, M.CU_MEMPOOL_ATTR_RELEASE_THRESHOLD)[1])\n"
        "cuMemPoolSetAttribute(0x10, M.CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC, 0)\n"
        "cuMemPoolSetAttribute(0x10, M.CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, cuuint64_t(1 << 33))\n"
        "print(seen('last_int', ctypes.c_int), seen('last_u64', ctypes.c_ulonglong))\n"))
    assert out.splitlines() == ["1 1099511627776", "0 8589934592"]


def test_attribute_given_as_a_plain_int_is_typed_by_its_member(attr_libcuda):
    out = run_against(attr_libcuda, "print(cuPointerGetAttribute(8, 0)[1])\n")  # 8: IS_MANAGED
    assert out.strip() == "True"


def test_unknown_attribute_value_is_refused_naming_the_parameter():
    with pytest.raises(ValueError, match="'attribute'"):
        driver.cuPointerGetAttribute(999, 0)


def test_attribute_tables_of_codegen_and_runtime_agree():
    import sys

    sys.path.insert(0, ROOT)
    from codegen import directions
    from cudacffi import _attribute_values

    assert set(directions.ATTRIBUTE_TABLES) == set(_attribute_values.TABLES)


def test_every_member_of_an_attribute_enum_has_a_type():
    """A new attribute in the headers must be typed in cudacffi/_attribute_values.py, not guessed."""
    from cudacffi import _attribute_values

    enums = [(driver, "CUpointer_attribute", "pointer"), (driver, "CUmem_range_attribute", "mem_range"),
             (driver, "CUmemPool_attribute", "mempool"), (driver, "CUgraphMem_attribute", "graph_mem"),
             (runtime, "cudaMemRangeAttribute", "mem_range"), (runtime, "cudaMemPoolAttr", "mempool"),
             (runtime, "cudaGraphMemAttributeType", "graph_mem")]
    if hasattr(driver, "CUcoredumpSettings"):
        enums.append((driver, "CUcoredumpSettings", "coredump"))
    for module, enum_name, table in enums:
        untyped = [m for m in getattr(module, enum_name).__members__
                   if m not in _attribute_values.TABLES[table] and not m.endswith("_MAX")]
        assert not untyped, (enum_name, untyped)


# -- sizeof, numbers, required buffers -------------------------------------------------------------------

def test_string_getters_give_the_whole_buffer_as_cuda_bindings_does(attr_libcuda):
    # cuda.bindings hands the driver b" " * length and returns all of it: the string, its NUL, the spaces after
    out = run_against(attr_libcuda, (
        "print(repr(cuDeviceGetName(24, 3)[1]))\n"
        "print(repr(cuDeviceGetPCIBusId(16, 10)[1]))\n"
        "print(repr(cuDeviceGetName(6, 3)[1]))\n"  # shortened by the driver, as C shortens it
        "print(repr(cuDeviceGetName(16.0, 3)[1]))\n"  # an integral float, taken as cuda.bindings takes it
        "print(int(cuDeviceGetName(0, 3)[0]))\n"
        "name = cuDeviceGetName(5000, 3)[1]\n"  # longer than the C path's buffer: the wrapper's
        "print(len(name), name.index(b' '), name.count(b' '))\n"
        "print(cuDeviceGetName(16, -1))\n"  # a failing status: no bytes
        "import threading\n"
        "seen = {}\n"
        "def ask(i):\n"
        "    seen[i] = {cuDeviceGetName(20 + i, i)[1] for _ in range(2000)}\n"
        "threads = [threading.Thread(target=ask, args=(i,)) for i in range(8)]\n"
        "[t.start() for t in threads]; [t.join() for t in threads]\n"
        "print(all(seen[i] == {b'Stand-in GPU %d\\0' % i + b' ' * (5 + i)} for i in range(8)))\n"))
    assert out.splitlines() == [repr(b"Stand-in GPU 3\0" + b" " * 9), repr(b"0000:0a:00.0\0   "),
                                repr(b"Stand\0"), repr(b"Stand-in GPU 3\0 "), "1", "5000 8 4987",
                                "(<CUresult.CUDA_ERROR_INVALID_DEVICE: 101>, None)", "True"]


def test_sizeof_gives_the_c_size_of_wrapper_classes():
    assert runtime.sizeof(runtime.dim3) == 12
    assert driver.sizeof(driver.CUstream) == 8
    assert driver.sizeof(driver.CUdevice) == 4
    assert driver.sizeof(driver.CUuuid) == 16
    assert runtime.sizeof(runtime.cudaStream_t) == 8
    with pytest.raises(TypeError, match="Unknown type"):
        driver.sizeof(driver.CUresult)
    with pytest.raises(TypeError, match="Unknown type"):
        driver.sizeof(5)


def test_integral_float_is_taken_for_an_integer_parameter():
    # no driver here: the call reaches the library's answer, not a TypeError
    err, = runtime.cudaHostRegister(0, 160.0, 0)
    assert isinstance(err, runtime.cudaError_t)
    err2, = runtime.cudaHostRegister(0, 160, 0)
    assert err == err2


def test_non_integral_float_raises_type_error_naming_the_parameter():
    with pytest.raises(TypeError, match=r"cudaHostRegister\(\): argument 'size' .*160.5"):
        runtime.cudaHostRegister(0, 160.5, 0)
    with pytest.raises(TypeError, match="'bytesize'"):
        driver.cuMemAlloc(1.5)


@pytest.mark.parametrize("call", [
    lambda: nvvm.add_module_to_program(nvvm.create_program(), None, 0, "m"),
    lambda: nvvm.lazy_add_module_to_program(nvvm.create_program(), None, 0, "m"),
    lambda: nvjitlink.add_data(nvjitlink.create(1, ["-arch=sm_80"]), nvjitlink.InputType.PTX, None, 0, "m"),
])
def test_none_for_a_required_input_buffer_raises_value_error(call):
    with pytest.raises(ValueError, match="is required"):
        call()


def test_none_for_a_const_char_pointer_passes_null():
    from cudacffi import nvrtc

    err, prog = nvrtc.nvrtcCreateProgram(b'extern "C" __global__ void k() {}', None, 0, [], [])
    assert err == nvrtc.nvrtcResult.NVRTC_SUCCESS
    nvrtc.nvrtcDestroyProgram(prog)


def test_bytes_output_buffer_message_names_bytearray():
    with pytest.raises(ValueError, match=r"bytearray\(n\)"):
        nvjitlink.get_error_log(nvjitlink.create(1, ["-arch=sm_80"]), b" " * 8)


# -- struct fields ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("module,cls,handle", [
    (driver, "CUDA_EXT_SEM_SIGNAL_NODE_PARAMS", "CUexternalSemaphore"),
    (driver, "CUDA_EXT_SEM_WAIT_NODE_PARAMS", "CUexternalSemaphore"),
    (runtime, "cudaExternalSemaphoreSignalNodeParams", "cudaExternalSemaphore_t"),
    (runtime, "cudaExternalSemaphoreWaitNodeParams", "cudaExternalSemaphore_t"),
])
def test_handle_array_field_takes_a_list_and_reads_it_back(module, cls, handle):
    p = getattr(module, cls)()
    assert p.extSemArray == []
    h = getattr(module, handle)
    p.extSemArray = [h(0x10), 0x20]
    assert [int(x) for x in p.extSemArray] == [0x10, 0x20]
    assert all(isinstance(x, h) for x in p.extSemArray)
    # the C array holds the handles' values, side by side
    ffi = p._ffi
    arr = ffi.cast("uintptr_t *", getattr(p._ptr, "extSemArray"))
    assert (arr[0], arr[1]) == (0x10, 0x20)
    with pytest.raises(TypeError, match=r"extSemArray\[1\]"):
        p.extSemArray = [h(1), "x"]


def test_handle_array_field_the_library_fills_reads_its_count():
    if not hasattr(driver, "CUgraphNodeParams") or "conditional" not in driver.CUgraphNodeParams._fields:
        pytest.skip("this build's headers have no conditional nodes")
    params = driver.CUgraphNodeParams()
    assert params.conditional.phGraph_out == []  # NULL before the driver fills it
    ffi = params._ffi
    graphs = ffi.new("CUgraph[2]", [ffi.cast("CUgraph", 0xA0), ffi.cast("CUgraph", 0xB0)])
    params.conditional.size = 2
    params.conditional.phGraph_out = int(ffi.cast("uintptr_t", graphs))  # as cuGraphAddNode leaves it
    assert [int(g) for g in params.conditional.phGraph_out] == [0xA0, 0xB0]
    assert all(isinstance(g, driver.CUgraph) for g in params.conditional.phGraph_out)


def test_char_array_field_takes_ints_from_minus_128_to_255():
    h = driver.CUipcMemHandle()
    h.reserved = [-128, 255, 1]
    assert h.reserved[:4] == b"\x80\xff\x01\x00"
    assert [h.reserved[0], h.reserved[1]] == [128, 255]  # items read back as ints 0-255
    h.reserved = b"ab"
    assert h.reserved[:3] == b"ab\x00"  # an assignment replaces the whole array
    with pytest.raises(OverflowError, match=r"reserved\[0\]"):
        h.reserved = [256]
    with pytest.raises(OverflowError, match=r"reserved\[0\]"):
        h.reserved = [-129]
    with pytest.raises(ValueError, match="at most 64"):
        h.reserved = [0] * 65
    with pytest.raises(TypeError, match=r"reserved\[1\]"):
        h.reserved = [1, 2.5]


def test_struct_repr_is_one_field_per_line_with_nested_structs_indented():
    text = repr(driver.CUDA_KERNEL_NODE_PARAMS())
    lines = text.splitlines()
    assert lines[0] == "func : <CUfunction 0x0>"
    assert "gridDimX : 0" in lines and "kernelParams : 0" in lines
    value = driver.CUlaunchAttributeValue()
    value.accessPolicyWindow.num_bytes = 4096
    lines = repr(value).splitlines()
    i = lines.index("accessPolicyWindow :")
    assert lines[i + 1] == "    base_ptr : 0x0"
    assert lines[i + 2] == "    num_bytes : 4096"
    assert lines[i + 4].startswith("    hitProp : <CUaccessProperty.")
    copy = driver.CUDA_MEMCPY3D()
    assert "srcHost : 0x0" in repr(copy).splitlines()
    config = driver.CUlaunchConfig()
    assert "attrs : []" in repr(config).splitlines()


def test_struct_list_field_reads_empty_until_assigned():
    config = driver.CUlaunchConfig()
    assert config.attrs == []
    attr = driver.CUlaunchAttribute()
    config.attrs = [attr]
    assert len(config.attrs) == 1


# -- the CUDA stream protocol ------------------------------------------------------------------------------

class ForeignStream:
    """A stream of another library (CuPy, PyTorch, numba-cuda): only ``__cuda_stream__``."""

    def __init__(self, handle):
        self.handle = handle

    def __cuda_stream__(self):
        return (0, self.handle)


def test_stream_classes_take_objects_with_cuda_stream():
    assert int(driver.CUstream(ForeignStream(0x1234))) == 0x1234
    assert int(runtime.cudaStream_t(ForeignStream(0x99))) == 0x99
    with pytest.raises(TypeError):
        driver.CUcontext(ForeignStream(0x1234))  # only streams speak the stream protocol
    config = driver.CUlaunchConfig()
    config.hStream = ForeignStream(0x4321)
    assert int(config.hStream) == 0x4321


def test_stream_parameters_take_objects_with_cuda_stream(attr_libcuda):
    # the conversion runs before the library is asked for; a refused argument would raise TypeError
    r = run_python(
        "from cudacffi import driver, LibraryNotFoundError\n"
        "class S:\n"
        "    def __cuda_stream__(self):\n"
        "        return (0, 0x1234)\n"
        "class Bad:\n"
        "    def __cuda_stream__(self):\n"
        "        return 'nope'\n"
        "for s in (S(), Bad()):\n"
        "    try:\n"
        "        driver.cuStreamQuery(s)\n"
        "    except LibraryNotFoundError:\n"
        "        print('converted')\n"
        "    except TypeError as e:\n"
        "        print('refused', e)\n",
        env={"CUDACFFI_LIBDRIVER": "/nonexistent/libcuda.so.1"})
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "converted"
    assert lines[1].startswith("refused cuStreamQuery(): argument 'hStream'")
