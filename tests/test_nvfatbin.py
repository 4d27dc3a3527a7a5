"""nvFatbin for real, from the NVIDIA wheel (nvidia-nvfatbin-cu12), with NVRTC making its inputs; no GPU.

Exception style, as cuda.bindings.nvfatbin: handles are ints, outputs come back directly, failures raise
nvFatbinError. nvFatbin starts with CUDA 12.4: builds of older headers have no module, and say so.
"""

import pytest

from conftest import library_missing, one_line

import cudacffi
from cudacffi import nvrtc

try:
    from cudacffi import nvfatbin
except ImportError as e:  # a build of headers older than 12.4
    pytest.skip(one_line(e), allow_module_level=True)

SCALE = b"""\
extern "C" __global__ void scale(float *x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
"""


@pytest.fixture(scope="module", autouse=True)
def _libraries():
    for name, call in (("nvFatbin", nvfatbin._library.load), ("NVRTC", nvrtc.nvrtcVersion)):
        try:
            call()
        except cudacffi.LibraryNotFoundError as e:
            library_missing("%s library not found: %s" % (name, one_line(e)))


def nvrtc_output(kind, *options):
    prog = cudacffi.check(nvrtc.nvrtcCreateProgram(SCALE, b"scale.cu", 0, [], []))
    try:
        opts = list(options)
        err, = nvrtc.nvrtcCompileProgram(prog, len(opts), opts)
        assert err == nvrtc.nvrtcResult.NVRTC_SUCCESS
        size = getattr(nvrtc, "nvrtcGet%sSize" % kind)
        get = getattr(nvrtc, "nvrtcGet%s" % kind)
        out = bytearray(cudacffi.check(size(prog)))
        cudacffi.check(get(prog, out))
        return bytes(out)
    finally:
        nvrtc.nvrtcDestroyProgram(prog)


@pytest.fixture
def handle():
    handles = []

    def make(*options):
        h = nvfatbin.create(list(options), len(options))
        handles.append(h)
        return h

    yield make
    for h in handles:
        try:
            nvfatbin.destroy(h)
        except ValueError:  # the test destroyed it itself
            pass


def test_version_is_the_library_cuda_version():
    major, minor = nvfatbin.version()
    assert type(major) is int and type(minor) is int and (major, minor) >= (12, 4)


def test_a_fatbin_of_ptx_and_a_cubin(handle):
    ptx = nvrtc_output("PTX", b"--gpu-architecture=compute_80")
    cubin = nvrtc_output("CUBIN", b"--gpu-architecture=sm_90")
    h = handle()
    assert type(h) is int and h != 0
    empty = nvfatbin.size(h)
    assert nvfatbin.add_ptx(h, ptx, len(ptx), "80", "scale.ptx", "") is None
    assert nvfatbin.add_cubin(h, cubin, len(cubin), "90", "scale.cubin") is None
    size = nvfatbin.size(h)
    assert size > empty + len(cubin) // 2  # the cubin (and the PTX, compressed) are in it
    out = bytearray(b"\xaa" * (size + 8))
    assert nvfatbin.get(h, out) is None
    assert out[:4] == b"\x50\xed\x55\xba"  # a fat binary's magic (0xBA55ED50, little-endian)
    assert out[size:] == b"\xaa" * 8  # nothing written past the size the library gave


def test_an_lto_ir_entry(handle):
    ltoir = nvrtc_output("LTOIR", b"--gpu-architecture=compute_90", b"-dlto", b"-rdc=true")
    h = handle()
    nvfatbin.add_ltoir(h, ltoir, len(ltoir), "90", "scale.ltoir", "")
    assert nvfatbin.size(h) > len(ltoir) // 4


def test_a_bad_input_raises_nvfatbin_error_with_its_status(handle):
    h = handle()
    with pytest.raises(nvfatbin.nvFatbinError) as info:
        nvfatbin.add_ptx(h, b"not ptx at all", 14, "sm_8x", "bad.ptx", "")
    assert info.value.status != nvfatbin.Result.SUCCESS
    assert str(info.value) == "%s (%d)" % (nvfatbin.Result(info.value.status).name, int(info.value.status))
    assert isinstance(nvfatbin.get_error_string(int(info.value.status)), (str, bytes))


def test_a_destroyed_handle_is_refused_instead_of_crashing(handle):
    h = handle()
    nvfatbin.destroy(h)
    with pytest.raises(ValueError, match="'handle'"):
        nvfatbin.size(h)
    with pytest.raises(ValueError, match="'handle'"):
        nvfatbin.destroy(h)


def test_output_buffer_is_checked_against_the_size(handle):
    ptx = nvrtc_output("PTX", b"--gpu-architecture=compute_80")
    h = handle()
    nvfatbin.add_ptx(h, ptx, len(ptx), "80", "scale.ptx", "")
    with pytest.raises(ValueError, match="'buffer'"):
        nvfatbin.get(h, bytearray(8))
    with pytest.raises(ValueError, match=r"bytearray\(n\)"):
        nvfatbin.get(h, b" " * nvfatbin.size(h))


def test_input_buffers_are_required_and_never_read_past(handle):
    h = handle()
    with pytest.raises(ValueError, match="'code'"):
        nvfatbin.add_ptx(h, None, 0, "80", "x", "")
    with pytest.raises(ValueError, match="'size'"):
        nvfatbin.add_cubin(h, b"\x7fELF", 1 << 20, "80", "x")
    with pytest.raises(TypeError, match="'arch'"):
        nvfatbin.add_cubin(h, b"\x7fELF", 4, 80, "x")


def test_the_fatbin_example_holds_ptx_and_two_cubins():
    """examples/fatbin.py's fatbin, read back by its headers: one PTX entry (kind 1) for compute_75 and two
    ELF entries (kind 2) for the architectures asked; the launch is its GPU test (tests/test_nvml_gpu.py)."""
    import importlib.util
    import os
    import struct

    from conftest import ROOT

    pytest.importorskip("numpy")
    spec = importlib.util.spec_from_file_location("fatbin_example", os.path.join(ROOT, "examples", "fatbin.py"))
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    blob = example.make_fatbin((90, 80))
    magic, _, header, size = struct.unpack_from("<IHHQ", blob)
    assert magic == 0xBA55ED50 and header + size == len(blob)
    entries, offset = [], header
    while offset < len(blob):
        kind, _, entry_header, payload = struct.unpack_from("<HHIQ", blob, offset)
        entries.append((kind, struct.unpack_from("<I", blob, offset + 28)[0]))
        offset += entry_header + payload
    assert entries == [(1, 75), (2, 90), (2, 80)]
