"""nvJitLink for real, from the NVIDIA wheel (nvidia-nvjitlink-cu12), with NVRTC making its inputs; no GPU.

Exception style, as cuda.bindings.nvjitlink: handles are ints, outputs come back directly, failures raise
nvJitLinkError. Skipped, with the reason, where no nvJitLink (or NVRTC) library is found.
"""

import ctypes

import numpy as np
import pytest

from conftest import library_missing, one_line

import cudacffi
from cudacffi import nvjitlink, nvrtc

InputType = nvjitlink.InputType
Result = nvjitlink.Result

SCALE = b"""\
extern "C" __global__ void scale(float *x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
"""

# two units for link-time optimisation: a kernel and the device function it calls, defined elsewhere
CALLER = b"""\
extern __device__ float combine(float a, float b);
extern "C" __global__ void apply(float *out, const float *x, const float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = combine(x[i], y[i]);
}
"""
CALLEE = b"""\
__device__ float combine(float a, float b) { return 3.0f * a + b; }
"""


@pytest.fixture(scope="module", autouse=True)
def _libraries():
    for name, call in (("nvJitLink", nvjitlink._library.load), ("NVRTC", nvrtc.nvrtcVersion)):
        try:
            call()
        except cudacffi.LibraryNotFoundError as e:
            library_missing("%s library not found: %s" % (name, one_line(e)))
    try:
        nvjitlink.destroy(nvjitlink.create(1, ["-arch=sm_80"]))
    except cudacffi.LibraryVersionError as e:  # e.g. a 13.0 build where only the 12.x wheel is installed
        pytest.skip(str(e))


def compile_unit(source, *options, lto=False):
    """NVRTC output of ``source``: PTX, or LTO-IR with ``lto``."""
    prog = cudacffi.check(nvrtc.nvrtcCreateProgram(source, b"unit.cu", 0, [], []))
    try:
        opts = list(options) + ([b"-dlto", b"-rdc=true"] if lto else [])
        err, = nvrtc.nvrtcCompileProgram(prog, len(opts), opts)
        log = bytearray(cudacffi.check(nvrtc.nvrtcGetProgramLogSize(prog)))
        nvrtc.nvrtcGetProgramLog(prog, log)
        assert err == nvrtc.nvrtcResult.NVRTC_SUCCESS, bytes(log)
        if lto:
            out = bytearray(cudacffi.check(nvrtc.nvrtcGetLTOIRSize(prog)))
            cudacffi.check(nvrtc.nvrtcGetLTOIR(prog, out))
        else:
            out = bytearray(cudacffi.check(nvrtc.nvrtcGetPTXSize(prog)))
            cudacffi.check(nvrtc.nvrtcGetPTX(prog, out))
        return bytes(out)
    finally:
        nvrtc.nvrtcDestroyProgram(prog)


@pytest.fixture
def linker():
    """create(), destroying every handle when the test ends."""
    handles = []

    def _make(*options):
        h = nvjitlink.create(len(options), list(options))
        handles.append(h)
        return h

    yield _make
    for h in handles:
        nvjitlink.destroy(h)


def linked_cubin(h):
    cubin = bytearray(nvjitlink.get_linked_cubin_size(h))
    assert nvjitlink.get_linked_cubin(h, cubin) is None
    return bytes(cubin)


def test_version_is_a_pair_of_ints_at_least_12():
    if "nvJitLinkVersion" not in nvjitlink._library.functions:
        assert not hasattr(nvjitlink, "version")  # the build's surface is its headers'
        pytest.skip("this build's nvJitLink.h (CUDA %s) declares no nvJitLinkVersion"
                    % nvjitlink._library.version_text())
    major, minor = nvjitlink.version()
    assert type(major) is int and type(minor) is int
    assert major >= 12
    assert nvjitlink._library.version == (major, minor)  # what loading found, asked by the public name


def test_create_returns_a_plain_int_handle(linker):
    h = linker("-arch=sm_80")
    assert type(h) is int and h != 0


@pytest.mark.parametrize("arch", ["sm_80", "sm_90"])
def test_ptx_links_into_an_elf_cubin(linker, arch):
    ptx = compile_unit(SCALE, b"--gpu-architecture=compute_80")
    h = linker("-arch=" + arch)
    assert nvjitlink.add_data(h, InputType.PTX, ptx, len(ptx), "scale.ptx") is None
    assert nvjitlink.complete(h) is None
    cubin = linked_cubin(h)
    assert cubin.startswith(b"\x7fELF")
    assert b"scale" in cubin


def test_the_linked_cubin_size_is_the_cubin_length(linker):
    ptx = compile_unit(SCALE, b"--gpu-architecture=compute_80")
    h = linker("-arch=sm_80")
    nvjitlink.add_data(h, InputType.PTX, ptx, len(ptx), "scale.ptx")
    nvjitlink.complete(h)
    size = nvjitlink.get_linked_cubin_size(h)
    cubin = bytearray(b"\xaa" * (size + 16))
    nvjitlink.get_linked_cubin(h, cubin)
    assert cubin[:4] == b"\x7fELF"
    assert cubin[size:] == b"\xaa" * 16  # nothing written past the size the library gave


def test_lto_of_two_nvrtc_units_links_into_a_cubin(linker):
    caller = compile_unit(CALLER, b"--gpu-architecture=compute_80", lto=True)
    callee = compile_unit(CALLEE, b"--gpu-architecture=compute_80", lto=True)
    h = linker("-arch=sm_80", "-lto")
    nvjitlink.add_data(h, InputType.LTOIR, caller, len(caller), "caller.ltoir")
    nvjitlink.add_data(h, InputType.LTOIR, callee, len(callee), "callee.ltoir")
    nvjitlink.complete(h)
    cubin = linked_cubin(h)
    assert cubin.startswith(b"\x7fELF")
    assert b"apply" in cubin


def test_lto_can_emit_ptx(linker):
    caller = compile_unit(CALLER, b"--gpu-architecture=compute_80", lto=True)
    callee = compile_unit(CALLEE, b"--gpu-architecture=compute_80", lto=True)
    h = linker("-arch=sm_80", "-lto", "-ptx")
    nvjitlink.add_data(h, InputType.LTOIR, caller, len(caller), "caller.ltoir")
    nvjitlink.add_data(h, InputType.LTOIR, callee, len(callee), "callee.ltoir")
    nvjitlink.complete(h)
    ptx = bytearray(nvjitlink.get_linked_ptx_size(h))
    nvjitlink.get_linked_ptx(h, ptx)
    assert b".entry apply" in ptx
    assert ptx[-1] == 0


def test_add_file_links_a_ptx_file(linker, tmp_path):
    path = tmp_path / "scale.ptx"
    path.write_bytes(compile_unit(SCALE, b"--gpu-architecture=compute_80"))
    h = linker("-arch=sm_80")
    nvjitlink.add_file(h, InputType.PTX, str(path))
    nvjitlink.complete(h)
    assert linked_cubin(h).startswith(b"\x7fELF")


def test_bad_option_raises_unrecognized_option():
    with pytest.raises(nvjitlink.nvJitLinkError, match="ERROR_UNRECOGNIZED_OPTION") as info:
        nvjitlink.create(2, ["-arch=sm_80", "-no-such-option"])
    assert info.value.status == Result.ERROR_UNRECOGNIZED_OPTION
    assert str(info.value) == "ERROR_UNRECOGNIZED_OPTION (1)"


def test_error_is_picklable_and_keeps_its_status():
    import pickle

    e = pickle.loads(pickle.dumps(nvjitlink.nvJitLinkError(Result.ERROR_MISSING_ARCH)))
    assert e.status == Result.ERROR_MISSING_ARCH and str(e) == "ERROR_MISSING_ARCH (2)"


def test_unknown_status_is_kept_as_an_int():
    e = nvjitlink.nvJitLinkError(1000)
    assert e.status == 1000 and str(e) == "UNKNOWN (1000)"


def test_failed_link_raises_and_its_error_log_is_readable(linker):
    caller = compile_unit(CALLER, b"--gpu-architecture=compute_80", lto=True)  # combine() is never defined
    h = linker("-arch=sm_80", "-lto")
    nvjitlink.add_data(h, InputType.LTOIR, caller, len(caller), "caller.ltoir")
    with pytest.raises(nvjitlink.nvJitLinkError) as info:
        nvjitlink.complete(h)
    assert info.value.status != Result.SUCCESS
    size = nvjitlink.get_error_log_size(h)
    assert size > 1
    log = bytearray(size)
    nvjitlink.get_error_log(h, log)
    assert b"combine" in log
    assert log[-1] == 0


def test_info_log_of_a_verbose_link_is_readable(linker):
    ptx = compile_unit(SCALE, b"--gpu-architecture=compute_80")
    h = linker("-arch=sm_80", "-verbose")
    nvjitlink.add_data(h, InputType.PTX, ptx, len(ptx), "scale.ptx")
    nvjitlink.complete(h)
    size = nvjitlink.get_info_log_size(h)
    log = np.zeros(size, dtype=np.uint8)  # numpy arrays are buffers too
    nvjitlink.get_info_log(h, log)
    assert size == 0 or log[-1] == 0


# -- edge cases, as the library answers them (cuda.bindings passes them through the same way) ----------------


def test_empty_link_completes_and_its_logs_are_empty(linker):
    h = linker("-arch=sm_80")
    assert nvjitlink.get_error_log_size(h) == 0
    assert nvjitlink.get_info_log_size(h) == 0
    nvjitlink.complete(h)
    assert nvjitlink.get_error_log_size(h) == 0
    nvjitlink.get_error_log(h, bytearray(0))  # the NUL of the empty log goes to a byte of the binding's own
    log = bytearray(b"\xaa")
    nvjitlink.get_error_log(h, log)
    assert log in (b"\0", b"\xaa")  # the NUL (nvJitLink 12.9 and newer write it for an empty log; 12.0 does not)


@pytest.mark.parametrize("getter", ["get_error_log", "get_info_log"])
def test_the_nul_of_an_empty_log_lands_in_no_callers_buffer(linker, getter):
    """nvJitLink reports 0 for an empty log and still writes its NUL (issue 25): into a 0-byte buffer sized from
    that report it went one byte past the end (a slice of a larger buffer), or to NULL (an empty array.array).
    Such a buffer now gets a byte of the binding's own; a buffer of one byte or more receives the NUL."""
    import array

    h = linker("-arch=sm_80")
    big = bytearray(b"\xaa" * 8)
    for buf in (memoryview(big)[:0], memoryview(big)[8:], bytearray(), array.array("b"), np.zeros(0, np.uint8),
                bytearray(getattr(nvjitlink, getter + "_size")(h))):
        assert getattr(nvjitlink, getter)(h, buf) is None
    assert big == b"\xaa" * 8  # the canaries around the empty slices are untouched
    getattr(nvjitlink, getter)(h, memoryview(big)[3:4])
    assert big in (b"\xaa" * 3 + b"\0" + b"\xaa" * 4, b"\xaa" * 8)  # its NUL (12.9+), or nothing (12.0), in place


def test_a_log_needs_room_for_its_nul(linker):
    version = getattr(nvjitlink, "version", None)  # (nvJitLinkVersion came with 12.3's headers)
    if version is None or version() < (12, 9):  # nvJitLink 12.0 crashes (SIGSEGV) on PTX that is not PTX
        pytest.skip("garbage PTX goes to nvJitLink 12.9 and newer only")
    h = linker("-arch=sm_80")
    with pytest.raises(nvjitlink.nvJitLinkError):
        nvjitlink.add_data(h, InputType.PTX, b"garbage", 7, "bad.ptx")
    size = nvjitlink.get_error_log_size(h)
    assert size > 1
    big = bytearray(b"\xaa" * (size + 8))
    short = r"'log' holds %d bytes; get_error_log_size\(\) needs %d \(the string and its NUL\)" % (size - 1, size)
    with pytest.raises(ValueError, match=short):
        nvjitlink.get_error_log(h, memoryview(big)[:size - 1])
    nvjitlink.get_error_log(h, memoryview(big)[:size])
    assert big[size - 1:] == b"\0" + b"\xaa" * 8 and b"\0" not in big[:size - 1]


def test_empty_input_is_invalid(linker):
    h = linker("-arch=sm_80")
    # a library without nvJitLinkVersion (12.0 to 12.2) calls it an internal error
    status = "ERROR_INVALID_INPUT" if nvjitlink._library.version else "ERROR_INTERNAL"
    with pytest.raises(nvjitlink.nvJitLinkError, match=status):
        nvjitlink.add_data(h, InputType.PTX, b"", 0, "empty.ptx")


def test_ptx_of_a_cubin_link_is_an_error(linker):
    ptx = compile_unit(SCALE, b"--gpu-architecture=compute_80")
    h = linker("-arch=sm_80")
    nvjitlink.add_data(h, InputType.PTX, ptx, len(ptx), "scale.ptx")
    nvjitlink.complete(h)
    with pytest.raises(nvjitlink.nvJitLinkError):
        nvjitlink.get_linked_ptx_size(h)


def test_null_handle_is_reported_by_the_library():
    # 12.x libraries report INVALID_INPUT (3), 13.x ones NULL_INPUT (10): a code the 12.9 headers do not
    # name, so a 12.9 build keeps it as the int 10 ("UNKNOWN (10)")
    for call in (nvjitlink.complete, nvjitlink.destroy):
        with pytest.raises(nvjitlink.nvJitLinkError) as info:
            call(None)
        assert info.value.status in (Result.ERROR_INVALID_INPUT, 10)
        assert str(info.value).endswith("(%d)" % info.value.status)


# -- buffers ------------------------------------------------------------------------------------------------


@pytest.fixture
def linked(linker):
    ptx = compile_unit(SCALE, b"--gpu-architecture=compute_80")
    h = linker("-arch=sm_80")
    nvjitlink.add_data(h, InputType.PTX, ptx, len(ptx), "scale.ptx")
    nvjitlink.complete(h)
    return h


def test_cubin_into_a_ctypes_buffer_and_an_int_address(linked):
    size = nvjitlink.get_linked_cubin_size(linked)
    buf = (ctypes.c_char * size)()
    nvjitlink.get_linked_cubin(linked, buf)
    assert buf.raw.startswith(b"\x7fELF")
    arr = np.zeros(size, dtype=np.uint8)
    nvjitlink.get_linked_cubin(linked, arr.ctypes.data)
    assert bytes(arr) == buf.raw


def test_too_small_buffer_is_refused_naming_the_parameter(linked):
    size = nvjitlink.get_linked_cubin_size(linked)
    buf = bytearray(b"\xaa" * (size - 1))
    with pytest.raises(ValueError, match="cubin"):
        nvjitlink.get_linked_cubin(linked, buf)
    assert buf == bytearray(b"\xaa" * (size - 1))


def test_read_only_buffers_are_refused(linked):
    size = nvjitlink.get_linked_cubin_size(linked)
    with pytest.raises(ValueError, match="cubin"):
        nvjitlink.get_linked_cubin(linked, b" " * size)
    ro = np.zeros(size, dtype=np.uint8)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="cubin"):
        nvjitlink.get_linked_cubin(linked, ro)
    with pytest.raises(ValueError, match="log"):
        nvjitlink.get_error_log(linked, memoryview(bytes(16)))


def test_non_contiguous_buffer_is_refused(linked):
    size = nvjitlink.get_linked_cubin_size(linked)
    with pytest.raises(ValueError, match="cubin"):
        nvjitlink.get_linked_cubin(linked, np.zeros(2 * size, dtype=np.uint8)[::2])


def test_wrong_buffer_types_raise_type_error(linked):
    for bad in ("text", 1.5, object(), None):
        with pytest.raises(TypeError, match="cubin"):
            nvjitlink.get_linked_cubin(linked, bad)
    with pytest.raises(OverflowError, match="cubin"):
        nvjitlink.get_linked_cubin(linked, -1)


def test_size_larger_than_the_data_is_refused(linker):
    h = linker("-arch=sm_80")
    with pytest.raises(ValueError, match="size"):
        nvjitlink.add_data(h, InputType.PTX, b"abc", 4, "x.ptx")
    with pytest.raises(OverflowError, match="size"):
        nvjitlink.add_data(h, InputType.PTX, b"abc", -1, "x.ptx")
    with pytest.raises(TypeError, match="data"):
        nvjitlink.add_data(h, InputType.PTX, "text", 4, "x.ptx")


def test_bad_arguments_name_the_parameter(linker):
    h = linker("-arch=sm_80")
    with pytest.raises(TypeError, match="handle"):
        nvjitlink.complete("h")
    with pytest.raises(OverflowError, match="handle"):
        nvjitlink.complete(-1)
    with pytest.raises(OverflowError, match="handle"):
        nvjitlink.complete(2**64)
    with pytest.raises(TypeError, match="input_type"):
        nvjitlink.add_data(h, "ptx", b"x", 1, "x")
    with pytest.raises(TypeError, match="name"):
        nvjitlink.add_data(h, InputType.PTX, b"x", 1, 5)
    with pytest.raises(ValueError, match="options"):
        nvjitlink.create(2, ["-arch=sm_80"])
    with pytest.raises(TypeError, match=r"options\[0\]"):
        nvjitlink.create(1, [80])
    with pytest.raises(ValueError, match=r"options\[0\]"):
        nvjitlink.create(1, ["-arch=sm_80\0-lto"])
    with pytest.raises(OverflowError, match="num_options"):
        nvjitlink.create(2**32, [])


def test_options_may_be_bytes_and_names_none(linker):
    ptx = compile_unit(SCALE, b"--gpu-architecture=compute_80")
    h = nvjitlink.create(1, [b"-arch=sm_80"])
    try:
        nvjitlink.add_data(h, InputType.PTX, ptx, len(ptx), None)
        nvjitlink.complete(h)
    finally:
        nvjitlink.destroy(h)


def test_destroyed_or_unknown_handles_are_refused_before_the_library_sees_them():
    h = nvjitlink.create(1, ["-arch=sm_80"])
    nvjitlink.destroy(h)
    for call, args in ((nvjitlink.destroy, ()), (nvjitlink.complete, ()), (nvjitlink.get_error_log_size, ()),
                       (nvjitlink.add_data, (InputType.PTX, b"x", 1, "x")), (nvjitlink.get_linked_cubin, (bytearray(8),))):
        with pytest.raises(ValueError, match="handle.*not a live nvJitLinkHandle"):
            call(h, *args)
    with pytest.raises(ValueError, match="handle"):
        nvjitlink.complete(12345678)
