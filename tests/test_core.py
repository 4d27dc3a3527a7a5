"""cudacffi.core on the CPU: options -> flags, NVRTC / nvJitLink / NVVM compiles for real, launch-argument
checking and packing byte by byte against an injected ``arguments_info``; no GPU needed."""

import ctypes
import dataclasses
import io
import os

import pytest

from conftest import gpu_unavailable_reason, library_missing, one_line, run_python

import cudacffi
from cudacffi import _kernel_params
from cudacffi.core import (Buffer, Kernel, LaunchConfig, Linker, LinkerOptions, NVRTCError, ObjectCode, ParamInfo,
                           Program, ProgramOptions)
from cudacffi.core import _kernel_args

ARCH = "sm_90"

TEMPLATED = """
template <typename T>
__global__ void scale(T *x, T a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
"""
CALLER = """
extern __device__ float combine(float a, float b);
extern "C" __global__ void apply(float *out, const float *x, const float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = combine(x[i], y[i]);
}
"""
CALLEE = "__device__ float combine(float a, float b) { return 3.0f * a + b; }\n"


def _need(family):
    from cudacffi import nvjitlink, nvrtc, nvvm

    call = {"nvrtc": nvrtc.nvrtcVersion, "nvjitlink": lambda: nvjitlink.destroy(nvjitlink.create(1, ["-arch=sm_80"])),
            "nvvm": nvvm.version}[family]  # a create, not version(): 12.0's nvJitLink.h has no nvJitLinkVersion
    try:
        call()
    except cudacffi.LibraryNotFoundError as e:
        library_missing("%s library not found: %s" % (family, one_line(e)))
    except RuntimeError as e:  # another major's library (LibraryVersionError)
        pytest.skip(str(e))


# -- import --------------------------------------------------------------------------------------------------

def test_import_needs_no_numpy_no_gpu_and_loads_no_library():
    r = run_python(
        "import sys; sys.modules['numpy'] = None\n"
        "import cudacffi.core as cuda\n"
        "from cudacffi import _loader\n"
        "assert 'numpy' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
        "assert 'cudacffi.nvml' not in sys.modules  # system (and NVML) load on first use\n"
        "assert cuda.system.__name__ == 'cudacffi.core.system' and 'cudacffi.nvml' in sys.modules\n"
        "cfg = cuda.LaunchConfig(grid=2, block=32)\n"
        "assert cuda.ProgramOptions(arch='sm_90').as_bytes('nvrtc') == [b'-arch=sm_90']\n"
        "assert cuda.LEGACY_DEFAULT_STREAM.__cuda_stream__() == (0, 1)\n"
        "assert cuda.PER_THREAD_DEFAULT_STREAM.__cuda_stream__() == (0, 2)\n"
        "print('ok')\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "ok"


def test_public_names_are_cuda_cores():
    import cudacffi.core as core

    for name in ("Buffer", "Device", "Event", "EventOptions", "Kernel", "LaunchConfig", "LEGACY_DEFAULT_STREAM",
                 "Linker", "LinkerOptions", "ObjectCode", "PER_THREAD_DEFAULT_STREAM", "Program", "ProgramOptions",
                 "Stream", "StreamOptions", "launch", "system"):
        assert hasattr(core, name), name
    assert issubclass(core.NVRTCError, cudacffi.CUDAError)
    assert core.CUDAError is cudacffi.CUDAError


def test_fields_match_the_contract_table():
    table = os.path.join("/work/shared/reference/cuda-core-1.2.2", "api.tsv")
    if not os.path.exists(table):
        pytest.skip("the contract table is not on this machine")
    import cudacffi.core as core

    fields = {}
    with open(table, encoding="utf-8") as f:
        for line in f:
            module, cls, member, kind = line.split("\t")[:4]
            if module == "cuda.core" and kind == "field":
                fields.setdefault(cls, []).append(member)
    for cls in ("ProgramOptions", "LinkerOptions", "StreamOptions", "EventOptions"):
        ours = [f.name for f in dataclasses.fields(getattr(core, cls))]
        assert ours == fields[cls], cls


# -- ProgramOptions -> NVRTC flags, every field ----------------------------------------------------------------

NVRTC_CASES = [
    ("relocatable_device_code", True, ["--relocatable-device-code=true"]),
    ("relocatable_device_code", False, ["--relocatable-device-code=false"]),
    ("extensible_whole_program", True, ["--extensible-whole-program"]),
    ("debug", True, ["--device-debug"]),
    ("lineinfo", True, ["--generate-line-info"]),
    ("device_code_optimize", True, ["--dopt=on"]),
    ("ptxas_options", "-v", ["--ptxas-options=-v"]),
    ("ptxas_options", ["-v", "-O2"], ["--ptxas-options=-v", "--ptxas-options=-O2"]),
    ("max_register_count", 32, ["--maxrregcount=32"]),
    ("ftz", True, ["--ftz=true"]),
    ("ftz", False, ["--ftz=false"]),
    ("prec_sqrt", False, ["--prec-sqrt=false"]),
    ("prec_div", True, ["--prec-div=true"]),
    ("fma", False, ["--fmad=false"]),
    ("use_fast_math", True, ["--use_fast_math"]),
    ("extra_device_vectorization", True, ["--extra-device-vectorization"]),
    ("link_time_optimization", True, ["--dlink-time-opt"]),
    ("gen_opt_lto", True, ["--gen-opt-lto"]),
    ("define_macro", "X", ["--define-macro=X"]),
    ("define_macro", ("A", "1"), ["--define-macro=A=1"]),
    ("define_macro", ["B", ("C", "2")], ["--define-macro=B", "--define-macro=C=2"]),
    ("undefine_macro", ["U", "V"], ["--undefine-macro=U", "--undefine-macro=V"]),
    ("include_path", "/inc", ["--include-path=/inc"]),
    ("include_path", ["/a", "/b"], ["--include-path=/a", "--include-path=/b"]),
    ("use_bundled_headers", False, []),
    ("pre_include", "h.h", ["--pre-include=h.h"]),
    ("no_source_include", True, ["--no-source-include"]),
    ("std", "c++17", ["--std=c++17"]),
    ("builtin_move_forward", False, ["--builtin-move-forward=false"]),
    ("builtin_initializer_list", True, ["--builtin-initializer-list=true"]),
    ("disable_warnings", True, ["--disable-warnings"]),
    ("restrict", True, ["--restrict"]),
    ("device_as_default_execution_space", True, ["--device-as-default-execution-space"]),
    ("device_int128", True, ["--device-int128"]),
    ("optimization_info", "inline", ["--optimization-info=inline"]),
    ("no_display_error_number", True, ["--no-display-error-number"]),
    ("diag_error", 20, ["--diag-error=20"]),
    ("diag_suppress", [1, 2], ["--diag-suppress=1", "--diag-suppress=2"]),
    ("diag_warn", (3,), ["--diag-warn=3"]),
    ("brief_diagnostics", True, ["--brief-diagnostics=true"]),
    ("time", "t.csv", ["--time=t.csv"]),
    ("split_compile", 4, ["--split-compile=4"]),
    ("fdevice_syntax_only", True, ["--fdevice-syntax-only"]),
    ("minimal", True, ["--minimal"]),
    ("no_cache", True, ["--no-cache"]),
    ("fdevice_time_trace", "trace.json", ["--fdevice-time-trace=trace.json"]),
    ("device_float128", True, ["--device-float128"]),
    ("frandom_seed", "7", ["--frandom-seed=7"]),
    ("ofast_compile", "mid", ["--Ofast-compile=mid"]),
    ("pch", True, ["--pch"]),
    ("create_pch", "a.pch", ["--create-pch=a.pch"]),
    ("use_pch", "a.pch", ["--use-pch=a.pch"]),
    ("pch_dir", "/pch", ["--pch-dir=/pch"]),
    ("pch_verbose", True, ["--pch-verbose=true"]),
    ("pch_messages", False, ["--pch-messages=false"]),
    ("instantiate_templates_in_pch", True, ["--instantiate-templates-in-pch=true"]),
    ("extra_sources", [("m.ll", "x")], []),
    ("use_libdevice", True, []),
    ("numba_debug", True, ["--numba-debug"]),
    ("name", "prog.cu", []),
    ("arch", "compute_80", None),  # replaces the -arch flag
]


def test_every_program_options_field_has_a_case():
    covered = {c[0] for c in NVRTC_CASES}
    assert covered == {f.name for f in dataclasses.fields(ProgramOptions)}


@pytest.mark.parametrize("field,value,flags", NVRTC_CASES, ids=["%s=%r" % c[:2] for c in NVRTC_CASES])
def test_program_options_nvrtc_flags(field, value, flags):
    opts = ProgramOptions(**{"arch": ARCH, field: value})
    got = [f.decode() for f in opts.as_bytes("nvrtc")]
    if field == "arch":
        assert got == ["-arch=compute_80"]
        return
    assert got == ["-arch=" + ARCH] + flags


def test_program_options_keep_field_order_and_match_cuda_core_where_it_imports():
    opts = dict(debug=True, std="c++17", define_macro="X", ftz=True, max_register_count=32, lineinfo=True,
                link_time_optimization=True)
    ours = ProgramOptions(arch=ARCH, **opts).as_bytes("nvrtc")
    assert ours == [b"-arch=sm_90", b"--device-debug", b"--generate-line-info", b"--maxrregcount=32",
                    b"--ftz=true", b"--dlink-time-opt", b"--define-macro=X", b"--std=c++17"]
    try:
        from cuda.core import ProgramOptions as TheirOptions
    except Exception:
        return
    for field, value, _ in NVRTC_CASES:
        if field in ("use_bundled_headers", "arch"):
            continue
        kw = {"arch": ARCH, field: value}
        assert ProgramOptions(**kw).as_bytes("nvrtc") == TheirOptions(**kw).as_bytes("nvrtc"), field


def test_program_options_nvvm_flags():
    o = ProgramOptions(arch=ARCH, debug=True, device_code_optimize=False, ftz=True, prec_sqrt=False, prec_div=True,
                       fma=False, numba_debug=True)
    assert o.as_bytes("nvvm") == [b"-arch=compute_90", b"-g", b"-numba-debug", b"-opt=0", b"-ftz=1", b"-prec-sqrt=0",
                                  b"-prec-div=1", b"-fma=0"]  # cuda.core's order
    assert ProgramOptions(arch=ARCH).as_bytes("nvvm", "ltoir") == [b"-arch=compute_90", b"-gen-lto"]
    with pytest.raises(cudacffi.CUDAError, match="not supported by NVVM backend: lineinfo, std"):  # as cuda.core
        ProgramOptions(arch=ARCH, lineinfo=True, std="c++17").as_bytes("nvvm")
    with pytest.raises(ValueError, match="Unknown backend"):
        ProgramOptions(arch=ARCH).as_bytes("nvjitlink")


def test_program_options_name_none_is_the_default_and_dict_options_work():
    assert ProgramOptions(name=None).name == "default_program"
    _need("nvrtc")
    prog = Program("__global__ void k() {}", "c++", {"arch": ARCH, "name": "mine.cu"})
    assert prog.compile("ptx").name == "mine.cu"


# -- LinkerOptions -> nvJitLink flags, every field --------------------------------------------------------------

LINKER_CASES = [
    ("name", "x", []),
    ("arch", "sm_80", None),
    ("max_register_count", 3, ["-maxrregcount=3"]),
    ("time", True, ["-time"]),
    ("verbose", True, ["-verbose"]),
    ("link_time_optimization", True, ["-lto"]),
    ("ptx", True, ["-ptx"]),
    ("optimization_level", 3, ["-O3"]),
    ("debug", True, ["-g"]),
    ("lineinfo", True, ["-lineinfo"]),
    ("ftz", False, ["-ftz=false"]),
    ("prec_div", True, ["-prec-div=true"]),
    ("prec_sqrt", False, ["-prec-sqrt=false"]),
    ("fma", True, ["-fma=true"]),
    ("kernels_used", ["a", "b"], ["-kernels-used=a", "-kernels-used=b"]),
    ("variables_used", "v", ["-variables-used=v"]),
    ("optimize_unused_variables", True, ["-optimize-unused-variables"]),
    ("ptxas_options", ["-v"], ["-Xptxas=-v"]),
    ("split_compile", 2, ["-split-compile=2"]),
    ("split_compile_extended", 2, ["-split-compile-extended=2"]),
    ("no_cache", True, ["-no-cache"]),
    ("numba_debug", True, []),
]


def test_every_linker_options_field_has_a_case():
    assert {c[0] for c in LINKER_CASES} == {f.name for f in dataclasses.fields(LinkerOptions)}


@pytest.mark.parametrize("field,value,flags", LINKER_CASES, ids=["%s=%r" % c[:2] for c in LINKER_CASES])
def test_linker_options_flags(field, value, flags):
    got = [f.decode() for f in LinkerOptions(**{"arch": ARCH, field: value}).as_bytes()]
    if field == "arch":
        assert got == ["-arch=sm_80"]
    else:
        assert got == ["-arch=" + ARCH] + flags


def test_linker_options_false_flags_are_left_out():
    # cuda.core 1.2.2 emits -time and -optimize-unused-variables for False too; we do not
    assert LinkerOptions(arch=ARCH, time=False, optimize_unused_variables=False).as_bytes() == [b"-arch=sm_90"]
    with pytest.raises(ValueError, match="only supports 'nvjitlink'"):
        LinkerOptions(arch=ARCH).as_bytes("driver")


# -- compiling for real ----------------------------------------------------------------------------------------

def test_compile_cpp_to_ptx_with_name_expressions():
    _need("nvrtc")
    prog = Program(TEMPLATED, "c++", ProgramOptions(arch=ARCH, std="c++17"))
    assert prog.backend == "NVRTC"
    code = prog.compile("ptx", name_expressions=("scale<float>", "scale<double>"))
    assert code.code_type == "ptx" and code.name == "default_program"
    assert code.symbol_mapping == {"scale<float>": b"_Z5scaleIfEvPT_S0_i", "scale<double>": b"_Z5scaleIdEvPT_S0_i"}
    assert b".entry _Z5scaleIfEvPT_S0_i" in code.code and b".target sm_90" in code.code
    prog.close()
    prog.close()  # idempotent
    assert prog.is_closed


def test_compile_cpp_to_cubin_for_a_named_arch():
    _need("nvrtc")
    code = Program('extern "C" __global__ void k(int *x) { *x = 1; }', "c++",
                   ProgramOptions(arch=ARCH)).compile("cubin")
    assert code.code_type == "cubin" and code.code[:4] == b"\x7fELF"


def test_compile_to_ltoir_and_link_two_units_to_a_cubin():
    _need("nvrtc")
    _need("nvjitlink")
    opts = ProgramOptions(arch=ARCH, relocatable_device_code=True, link_time_optimization=True)
    caller = Program(CALLER, "c++", opts).compile("ltoir")
    # link_time_optimization left unset: compile("ltoir") asks NVRTC for LTO-IR anyway
    callee = Program(CALLEE, "c++", ProgramOptions(arch=ARCH, relocatable_device_code=True)).compile("ltoir")
    assert caller.code_type == callee.code_type == "ltoir"
    linker = Linker(caller, callee, options=LinkerOptions(arch=ARCH, link_time_optimization=True))
    assert Linker.which_backend() == "nvJitLink"
    cubin = linker.link("cubin")
    assert cubin.code_type == "cubin" and cubin.code[:4] == b"\x7fELF" and b"apply" in cubin.code
    assert isinstance(linker.get_info_log(), str) and linker.get_error_log() == ""
    linker.close()
    linker.close()


def test_link_failure_carries_the_error_log():
    _need("nvrtc")
    _need("nvjitlink")
    opts = ProgramOptions(arch=ARCH, relocatable_device_code=True, link_time_optimization=True)
    caller = Program(CALLER, "c++", opts).compile("ltoir")
    from cudacffi import nvjitlink

    with pytest.raises(nvjitlink.nvJitLinkError, match="nvJitLink error log: .*combine"):  # cuda.core's type
        Linker(caller, options=LinkerOptions(arch=ARCH, link_time_optimization=True)).link("cubin")


def test_ptx_program_goes_through_the_linker():
    _need("nvrtc")
    _need("nvjitlink")
    ptx = Program('extern "C" __global__ void k(int *x) { *x = 2; }', "c++",
                  ProgramOptions(arch=ARCH)).compile("ptx")
    prog = Program(ptx.code.decode(), "ptx", ProgramOptions(arch=ARCH))
    assert prog.backend == "nvJitLink"
    cubin = prog.compile("cubin")
    assert cubin.code[:4] == b"\x7fELF"
    with pytest.raises(ValueError, match='Unsupported target_type="ltoir" for nvJitLink'):
        prog.compile("ltoir")


def test_nvrtc_error_carries_the_log():
    _need("nvrtc")
    prog = Program("__global__ void k() { undefined_name; }", "c++", ProgramOptions(arch=ARCH, name="bad.cu"))
    with pytest.raises(NVRTCError) as info:
        prog.compile("ptx")
    e = info.value
    assert isinstance(e, cudacffi.CUDAError)
    assert e.name == "NVRTC_ERROR_COMPILATION"
    assert 'identifier "undefined_name" is undefined' in e.log
    assert "bad.cu" in str(e) and e.log in str(e)


def test_logs_receive_warnings():
    _need("nvrtc")
    logs = io.StringIO()
    Program("__global__ void k() { int unused = 1; }", "c++", ProgramOptions(arch=ARCH)).compile("ptx", logs=logs)
    assert "unused" in logs.getvalue()


def test_compile_refuses_unknown_targets_and_code_types():
    _need("nvrtc")
    with pytest.raises(RuntimeError, match="Unsupported code_type='fortran'"):
        Program("x", "fortran")
    with pytest.raises(TypeError, match="Expected type str, but got bytes"):
        Program(b"bytes", "c++")
    with pytest.raises(ValueError, match='Unsupported target_type="fatbin" for NVRTC'):
        Program("__global__ void k() {}", "c++", ProgramOptions(arch=ARCH)).compile("fatbin")


NVVM_IR = b"""\
target datalayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
target triple = "nvptx64-unknown-cuda"

define void @twice(float* %data) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %p = getelementptr inbounds float, float* %data, i64 %idx
  %v = load float, float* %p, align 4
  %r = fmul float %v, 2.0
  store float %r, float* %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() nounwind readnone

!nvvm.annotations = !{!0}
!0 = !{void (float*)* @twice, !"kernel", i32 1}

!nvvmir.version = !{!1}
!1 = !{i32 2, i32 0}
"""


def test_nvvm_program_to_ptx_and_ltoir():
    _need("nvvm")
    prog = Program(NVVM_IR, "nvvm", ProgramOptions(arch=ARCH))
    assert prog.backend == "NVVM"
    ptx = prog.compile("ptx")
    assert ptx.code_type == "ptx" and b".entry twice" in ptx.code
    ltoir = Program(NVVM_IR, "nvvm", ProgramOptions(arch=ARCH)).compile("ltoir")
    assert ltoir.code_type == "ltoir" and len(ltoir.code) > 0
    prog.close()


# -- ObjectCode ------------------------------------------------------------------------------------------------

def test_object_code_from_bytes_and_paths(tmp_path):
    path = tmp_path / "k.cubin"
    path.write_bytes(b"\x7fELF-not-really")
    for make, kind in ((ObjectCode.from_cubin, "cubin"), (ObjectCode.from_ptx, "ptx"),
                       (ObjectCode.from_ltoir, "ltoir"), (ObjectCode.from_fatbin, "fatbin"),
                       (ObjectCode.from_object, "object"), (ObjectCode.from_library, "library")):
        oc = make(b"code", name="n", symbol_mapping={"a": "b"})
        assert (oc.code, oc.code_type, oc.name, oc.symbol_mapping) == (b"code", kind, "n", {"a": "b"})
        assert make(str(path)).code == str(path)
        assert make(str(path))._bytes() == b"\x7fELF-not-really"
    with pytest.raises(TypeError, match="module must be bytes, bytearray or a path"):
        ObjectCode.from_cubin(3)
    with pytest.raises(RuntimeError, match="cannot be instantiated directly"):
        ObjectCode()


def test_ltoir_cannot_be_loaded_without_linking():
    # the driver refuses LTO-IR (CUDAError), or there is no driver here: both are RuntimeErrors, as in cuda.core
    with pytest.raises(RuntimeError):
        ObjectCode.from_ltoir(b"x").get_kernel("k")


# -- LaunchConfig ------------------------------------------------------------------------------------------------

def test_launch_config_shapes_and_errors():
    c = LaunchConfig(grid=(2, 3), block=4)
    assert (c.grid, c.block, c.cluster, c.shmem_size, c.is_cooperative) == ((2, 3, 1), (4, 1, 1), None, 0, False)
    assert c == LaunchConfig(grid=(2, 3, 1), block=(4,), shmem_size=0) and hash(c) == hash(LaunchConfig(grid=(2, 3),
                                                                                                   block=4))
    assert LaunchConfig(grid=1, cluster=2, block=1).cluster == (2, 1, 1)
    for kw, msg in ((dict(grid=0, block=1), r"LaunchConfig.grid value must be >= 1 \(got 0\)"),
                    (dict(grid=1), "LaunchConfig.block must be an int, or a tuple with up to 3 ints"),
                    (dict(block=1), "LaunchConfig.grid must be an int"),
                    (dict(grid=(1, 2, 3, 4), block=1), "got tuple with length 4"),
                    (dict(grid=1.5, block=1), "LaunchConfig.grid must be an int"),
                    (dict(grid=1, block=1, shmem_size=-1), "shmem_size must be an int >= 0")):
        with pytest.raises(ValueError, match=msg):
            LaunchConfig(**kw)


# -- launch arguments, checked and packed byte by byte ------------------------------------------------------------

def fake_kernel(sizes, name="fake"):
    """A Kernel whose arguments_info is injected: parameters of ``sizes`` bytes, naturally aligned."""
    k = Kernel._from_kernel(0x1000, None, name)
    info, offset = [], 0
    for size in sizes:
        align = min(size, 8)
        offset = (offset + align - 1) // align * align
        info.append(ParamInfo(offset, size))
        offset += size
    k._param_info = info
    return k


def fake_buffer(ptr, size=64):
    return Buffer._make(ptr, size, None)


def packed(kernel, *args):
    """The bytes each parameter receives: what launch() hands the driver, read back from the void* table."""
    values, types = _kernel_args.prepare_arguments(kernel, args)
    address, keep = _kernel_params.kernel_params(None, (values, types), "launch")
    table = (ctypes.c_uint64 * len(args)).from_address(address)
    return [ctypes.string_at(table[i], p.size) for i, p in enumerate(kernel._param_info)]


def le(value, size, signed=True):
    return int(value).to_bytes(size, "little", signed=signed)


def test_buffers_pack_as_their_device_pointers():
    k = fake_kernel([8] * 16)
    bufs = [fake_buffer(0x7f0000000000 + 0x100 * i) for i in range(16)]
    assert packed(k, *bufs) == [le(b.handle, 8) for b in bufs]
    plan = k._arg_plans[tuple([Buffer] * 16)]
    assert plan.types == (None,) * 16 and plan.convert is None  # nothing converted per launch
    assert plan.fast is not None  # and one struct.pack packs them all


def test_buffers_pack_by_value_and_a_closed_one_is_named(monkeypatch):
    """The packer takes a Buffer's pointer as it takes a handle's (no getPtr() call per launch), and a
    Buffer closed since the last launch of the same arguments is refused, not packed as a stale pointer."""
    k = fake_kernel([8, 8])
    a, b = fake_buffer(0x7f0000001000), fake_buffer(0x7f0000002000)
    calls = []
    real = Buffer.getPtr
    monkeypatch.setattr(Buffer, "getPtr", lambda self: calls.append(self) or real(self))
    assert packed(k, a, b) == [le(0x7f0000001000, 8), le(0x7f0000002000, 8)]
    assert calls == []
    b.close()
    with pytest.raises(ValueError, match="closed"):
        packed(k, a, b)
    assert packed(k, a, fake_buffer(0x7f0000003000)) == [le(0x7f0000001000, 8), le(0x7f0000003000, 8)]


def test_python_int_is_packed_at_the_parameters_size():
    k = fake_kernel([1, 2, 4, 8, 4, 8])
    got = packed(k, -1, 300, -5, 1 << 40, 3_000_000_000, (1 << 64) - 1)
    assert got == [le(-1, 1), le(300, 2), le(-5, 4), le(1 << 40, 8), le(3_000_000_000, 4, False),
                   b"\xff" * 8]


def test_python_float_is_packed_at_the_parameters_size():
    import struct

    k = fake_kernel([4, 8, 2])
    assert packed(k, 1.5, 2.25, 0.5) == [struct.pack("<f", 1.5), struct.pack("<d", 2.25), struct.pack("<e", 0.5)]


def test_bool_complex_numpy_and_ctypes_scalars():
    np = pytest.importorskip("numpy")
    import struct

    k = fake_kernel([1, 4, 16, 8, 2, 4, 8, 1, 8, 4])
    got = packed(k, True, True, 1 + 2j, np.complex64(3 - 1j), np.float16(1.5), np.int32(-9), np.uint64(7),
                 ctypes.c_uint8(200), ctypes.c_double(0.25), ctypes.c_float(4.0))
    assert got == [b"\x01", le(1, 4), struct.pack("<dd", 1, 2), struct.pack("<ff", 3, -1), struct.pack("<e", 1.5),
                   le(-9, 4), le(7, 8), b"\xc8", struct.pack("<d", 0.25), struct.pack("<f", 4.0)]


def test_device_arrays_pass_their_pointer():
    class FakeDeviceArray:
        __cuda_array_interface__ = {"data": (0xABCDEF00, False), "shape": (4,), "typestr": "<f4", "version": 3}

    k = fake_kernel([8, 8])
    assert packed(k, FakeDeviceArray(), None) == [le(0xABCDEF00, 8), le(0, 8)]


def test_dlpack_pointer_is_read_and_host_memory_is_refused():
    np = pytest.importorskip("numpy")
    if not hasattr(np.ndarray, "__dlpack__"):
        pytest.skip("numpy without __dlpack__")
    from cudacffi.core import _dlpack

    a = np.arange(8, dtype=np.float32)[2:]
    t = _dlpack.tensor(a)  # read through cudacffi._capsule: CPython and PyPy alike
    assert (t.data + t.byte_offset, t.device_type) == (a.ctypes.data, 1)  # kDLCPU
    with pytest.raises(TypeError, match="not GPU-accessible"):
        _dlpack.device_pointer(a)


def test_without_arguments_info_ints_and_floats_pack_as_cuda_core_does():
    k = Kernel._from_kernel(0x1000, None, "old_driver")
    k._param_info = object.__new__(object)  # stands for "not asked yet": replaced below
    from cudacffi.core import _kernel

    k._param_info = _kernel._NO_PARAM_INFO
    values, types = _kernel_args.prepare_arguments(k, (fake_buffer(0x10), 7, 1.0, False))
    assert types == (None, "intptr_t", "double", "_Bool")
    with pytest.raises(NotImplementedError):
        k.arguments_info


def test_wrong_argument_count_names_the_kernel_and_counts():
    k = fake_kernel([8, 4], name="saxpy")
    with pytest.raises(TypeError, match=r"launch\(\): kernel 'saxpy' takes 2 arguments, 3 given"):
        _kernel_args.prepare_arguments(k, (fake_buffer(1), 1, 2))


@pytest.mark.parametrize("arg,what", [
    (lambda: fake_buffer(1), "is a Buffer"),
    (lambda: 1.5, "is a float"),
    (lambda: ctypes.c_double(1), r"is a ctypes.c_double \(8 bytes\)"),
    (lambda: 1 + 1j, "is a complex"),
])
def test_size_mismatch_names_the_argument(arg, what):
    k = fake_kernel([8, 3], name="k")
    with pytest.raises(TypeError, match=r"kernel 'k': argument 1 \(kernel_args\[1\]\) %s.*parameter 1 is 3 bytes"
                       % what):
        _kernel_args.prepare_arguments(k, (fake_buffer(1), arg()))


def test_numpy_scalar_size_mismatch_names_the_argument():
    np = pytest.importorskip("numpy")
    k = fake_kernel([4])
    with pytest.raises(TypeError, match=r"argument 0 \(kernel_args\[0\]\) is a numpy.float64 \(8 bytes\)"):
        _kernel_args.prepare_arguments(k, (np.float64(1),))


def test_unsupported_and_out_of_range_arguments_are_named():
    k = fake_kernel([8, 4])
    with pytest.raises(TypeError, match=r"argument 1 \(kernel_args\[1\]\) of type str is not supported"):
        _kernel_args.prepare_arguments(k, (fake_buffer(1), "text"))
    with pytest.raises(OverflowError, match=r"argument 1 \(kernel_args\[1\]\) = 4294967296 does not fit"):
        _kernel_args.prepare_arguments(k, (fake_buffer(1), 1 << 32))


def test_closed_buffer_is_refused():
    k = fake_kernel([8])
    b = fake_buffer(0x1234)
    b._mr = None
    b.close()
    b.close()  # idempotent
    assert b.is_closed
    with pytest.raises(ValueError, match=r"argument 0 \(kernel_args\[0\]\) is a closed Buffer"):
        _kernel_args.prepare_arguments(k, (b,))


def test_launch_refuses_wrong_objects_before_touching_the_driver():
    from cudacffi.core import launch, LEGACY_DEFAULT_STREAM

    k = fake_kernel([8])
    with pytest.raises(TypeError, match="Stream or GraphBuilder expected, got object"):
        launch(object(), LaunchConfig(grid=1, block=1), k, fake_buffer(1))
    with pytest.raises(TypeError, match="stream is required and must not be None"):
        launch(None, LaunchConfig(grid=1, block=1), k, fake_buffer(1))
    for config in ((1, 1), {"grid": 1, "block": 1}):  # cuda.core takes a LaunchConfig only
        with pytest.raises(TypeError, match=r"Argument 'config' has incorrect type \(expected .*LaunchConfig, got "):
            launch(LEGACY_DEFAULT_STREAM, config, k)


def test_launch_config_takes_integers_through_the_number_protocol():
    import numpy

    cfg = LaunchConfig(grid=numpy.uint64(4), block=(numpy.int32(32), True), shmem_size=numpy.int64(128))
    assert (cfg.grid, cfg.block, cfg.shmem_size) == ((4, 1, 1), (32, 1, 1), 128)
    assert all(type(v) is int for v in cfg.grid + cfg.block + (cfg.shmem_size,))
    with pytest.raises(ValueError, match="LaunchConfig.block values must be >= 1"):
        LaunchConfig(grid=1, block=(4, 0))
    with pytest.raises(ValueError, match="shmem_size must be an int >= 0"):
        LaunchConfig(grid=1, block=1, shmem_size=-1)


# -- no GPU ------------------------------------------------------------------------------------------------------

def test_device_without_a_driver_says_why():
    if gpu_unavailable_reason() is None:
        pytest.skip("a GPU is here")
    r = run_python("import cudacffi.core as cuda\n"
                   "try:\n    cuda.Device()\nexcept RuntimeError as e:\n    print('refused:', type(e).__name__)\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("refused:")
