"""NVRTC for real, from the NVIDIA wheel (nvidia-cuda-nvrtc-cu12); no GPU needed.

Skipped, with the reason, where the package finds no NVRTC library.
"""

import platform

import pytest

from conftest import library_missing

import cudacffi
from cudacffi import check, nvrtc

R = nvrtc.nvrtcResult
IS_PYPY = platform.python_implementation() == "PyPy"

# The seed's SAXPY kernel.
SAXPY = b"""\
extern "C" __global__
void saxpy(float a, float *x, float *y, float *out, size_t n)
{
 size_t tid = blockIdx.x * blockDim.x + threadIdx.x;
 if (tid < n) {
   out[tid] = a * x[tid] + y[tid];
 }
}
"""

BROKEN = b"""\
extern "C" __global__ void broken(float *x)
{
    x[0] = undefined_identifier;
}
"""

TEMPLATE = b"template<typename T> __global__ void k(T*){}"


@pytest.fixture(scope="module", autouse=True)
def _nvrtc_library():
    try:
        nvrtc.nvrtcVersion()
    except cudacffi.LibraryNotFoundError as e:
        library_missing("NVRTC library not found: {}".format(e))


@pytest.fixture
def make_program():
    """nvrtcCreateProgram, destroying each program when the test ends."""
    programs = []

    def _make(source, name=b"test.cu"):
        err, prog = nvrtc.nvrtcCreateProgram(source, name, 0, [], [])
        assert err == R.NVRTC_SUCCESS
        programs.append(prog)
        return prog

    yield _make
    for prog in programs:
        assert nvrtc.nvrtcDestroyProgram(prog) == (R.NVRTC_SUCCESS,)


def _compile(prog, *options):
    return nvrtc.nvrtcCompileProgram(prog, len(options), list(options))


@pytest.fixture
def saxpy_ptx_program(make_program):
    prog = make_program(SAXPY, b"saxpy.cu")
    assert _compile(prog, b"--fmad=false", b"--gpu-architecture=compute_80") == (R.NVRTC_SUCCESS,)
    return prog


def test_version_is_success_with_major_at_least_12():
    result = nvrtc.nvrtcVersion()
    assert len(result) == 3
    err, major, minor = result
    assert err == R.NVRTC_SUCCESS
    assert isinstance(major, int) and isinstance(minor, int)
    assert major >= 12
    assert minor >= 0


def test_saxpy_compiles_to_ptx_with_a_visible_saxpy_entry(saxpy_ptx_program):
    err, size = nvrtc.nvrtcGetPTXSize(saxpy_ptx_program)
    assert err == R.NVRTC_SUCCESS
    assert size > 1
    ptx = bytearray(size)
    assert nvrtc.nvrtcGetPTX(saxpy_ptx_program, ptx) == (R.NVRTC_SUCCESS,)
    assert b".visible .entry saxpy" in ptx
    assert ptx[-1] == 0  # the size counts the terminating NUL


def test_ptx_can_be_fetched_into_the_seeds_bytes_buffer(saxpy_ptx_program):
    size = nvrtc.nvrtcGetPTXSize(saxpy_ptx_program)[1]
    ptx = b" " * size
    if not IS_PYPY:
        assert nvrtc.nvrtcGetPTX(saxpy_ptx_program, ptx) == (R.NVRTC_SUCCESS,)
        assert b".visible .entry saxpy" in ptx
        return
    # PyPy: bytes may not be writable in place; either it works or it is refused clearly.
    try:
        result = nvrtc.nvrtcGetPTX(saxpy_ptx_program, ptx)
    except (TypeError, ValueError) as e:
        assert "ptx" in str(e)
    else:
        assert result == (R.NVRTC_SUCCESS,)
        assert b".visible .entry saxpy" in ptx


def test_saxpy_compiles_to_an_elf_cubin_for_sm_80(make_program):
    prog = make_program(SAXPY, b"saxpy.cu")
    assert _compile(prog, b"-arch=sm_80") == (R.NVRTC_SUCCESS,)
    err, size = nvrtc.nvrtcGetCUBINSize(prog)
    assert err == R.NVRTC_SUCCESS
    assert size > 0
    cubin = bytearray(size)
    assert nvrtc.nvrtcGetCUBIN(prog, cubin) == (R.NVRTC_SUCCESS,)
    assert cubin.startswith(b"\x7fELF")


def test_compile_error_returns_compilation_error_and_a_log(make_program):
    prog = make_program(BROKEN, b"broken.cu")
    assert _compile(prog, b"--gpu-architecture=compute_80") == (R.NVRTC_ERROR_COMPILATION,)
    err, size = nvrtc.nvrtcGetProgramLogSize(prog)
    assert err == R.NVRTC_SUCCESS
    log = bytearray(size)
    assert nvrtc.nvrtcGetProgramLog(prog, log) == (R.NVRTC_SUCCESS,)
    assert b"error" in log
    assert b"undefined_identifier" in log


def test_get_error_string_names_the_result():
    assert nvrtc.nvrtcGetErrorString(R.NVRTC_ERROR_COMPILATION) == (R.NVRTC_SUCCESS, b"NVRTC_ERROR_COMPILATION")


def test_supported_archs_is_a_list_of_ints_including_80_and_90():
    err, archs = nvrtc.nvrtcGetSupportedArchs()
    assert err == R.NVRTC_SUCCESS
    assert isinstance(archs, list)
    assert all(type(a) is int for a in archs)
    assert 80 in archs and 90 in archs
    assert nvrtc.nvrtcGetNumSupportedArchs() == (R.NVRTC_SUCCESS, len(archs))


def test_lowered_name_of_a_template_instantiation_is_mangled(make_program):
    prog = make_program(TEMPLATE, b"template.cu")
    assert nvrtc.nvrtcAddNameExpression(prog, b"k<float>") == (R.NVRTC_SUCCESS,)
    assert _compile(prog, b"--gpu-architecture=compute_80") == (R.NVRTC_SUCCESS,)
    err, lowered = nvrtc.nvrtcGetLoweredName(prog, b"k<float>")
    assert err == R.NVRTC_SUCCESS
    assert isinstance(lowered, bytes)
    assert lowered.startswith(b"_Z")
    assert b"1k" in lowered


def test_outputs_are_none_on_error_for_an_invalid_program():
    assert nvrtc.nvrtcGetPTXSize(None) == (R.NVRTC_ERROR_INVALID_PROGRAM, None)


def test_outputs_are_none_on_error_for_lowered_name_before_compilation(make_program):
    prog = make_program(TEMPLATE, b"template.cu")
    assert nvrtc.nvrtcAddNameExpression(prog, b"k<float>") == (R.NVRTC_SUCCESS,)
    assert nvrtc.nvrtcGetLoweredName(prog, b"k<float>") == (R.NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION, None)


def test_check_raises_cuda_error_naming_the_nvrtc_result():
    with pytest.raises(cudacffi.CUDAError) as info:
        cudacffi.check(nvrtc.nvrtcGetPTXSize(None))
    assert "NVRTC_ERROR_INVALID_PROGRAM" in str(info.value)
    assert info.value.result == R.NVRTC_ERROR_INVALID_PROGRAM


def test_destroy_program_returns_success_alone():
    err, prog = nvrtc.nvrtcCreateProgram(SAXPY, b"saxpy.cu", 0, [], [])
    assert err == R.NVRTC_SUCCESS
    assert nvrtc.nvrtcDestroyProgram(prog) == (R.NVRTC_SUCCESS,)


@pytest.mark.parametrize("kind", ["bytearray", "numpy"])
def test_a_buffer_too_small_for_the_ptx_is_refused_before_the_library_writes(saxpy_ptx_program, kind):
    size = check(nvrtc.nvrtcGetPTXSize(saxpy_ptx_program))
    buf = bytearray(size - 1) if kind == "bytearray" else pytest.importorskip("numpy").zeros(size - 1, "u1")
    with pytest.raises(ValueError, match="'ptx'.*room for %d bytes" % (size - 1)):
        nvrtc.nvrtcGetPTX(saxpy_ptx_program, buf)
    assert bytes(buf) == b"\0" * (size - 1)  # nothing written


def test_a_log_buffer_too_small_is_refused(make_program):
    prog = make_program(b'extern "C" __global__ void k() { undefined_name; }')
    err, = nvrtc.nvrtcCompileProgram(prog, 0, [])
    assert err == nvrtc.nvrtcResult.NVRTC_ERROR_COMPILATION
    size = check(nvrtc.nvrtcGetProgramLogSize(prog))
    with pytest.raises(ValueError, match="'log'"):
        nvrtc.nvrtcGetProgramLog(prog, bytearray(size // 2))


@pytest.mark.parametrize("func", ["nvrtcAddNameExpression", "nvrtcGetLoweredName"])
def test_a_null_name_expression_is_refused_by_name(make_program, func):
    """libnvrtc 12.0 aborts the whole process on a NULL name expression; the binding refuses None first."""
    prog = make_program(b'extern "C" __global__ void k() {}')
    for null in (None, 0):
        with pytest.raises(TypeError, match=r"%s\(\): argument 'name_expression'" % func):
            getattr(nvrtc, func)(prog, null)
    assert getattr(nvrtc, func)(prog, b"k")[0] in (nvrtc.nvrtcResult.NVRTC_SUCCESS,
                                                    nvrtc.nvrtcResult.NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION)


@pytest.mark.parametrize("null", [None, 0])
def test_a_null_program_gets_invalid_program_without_reaching_the_library(null):
    """libnvrtc 12.0 dereferences a NULL program; the binding answers for it, as later libraries do."""
    invalid = nvrtc.nvrtcResult.NVRTC_ERROR_INVALID_PROGRAM
    assert nvrtc.nvrtcAddNameExpression(null, b"k") == (invalid,)
    assert nvrtc.nvrtcGetPTXSize(null) == (invalid, None)
    assert nvrtc.nvrtcDestroyProgram(null) == (invalid,)
