"""NVVM for real, from the NVIDIA wheel (nvidia-cuda-nvcc-cu12 ships libnvvm); no GPU needed.

Exception style, as cuda.bindings.nvvm. Skipped, with the reason, where no libnvvm is found.
"""

import numpy as np
import pytest

from conftest import library_missing, one_line

import cudacffi
from cudacffi import nvvm

Result = nvvm.Result

# A kernel in NVVM IR (text form, typed pointers: what the 12.x and 13.0 libnvvm both accept):
# data[threadIdx.x] *= 2
TWICE_IR = b"""\
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

# Well-formed text that is not valid IR: a value used with the wrong type.
INVALID_IR = TWICE_IR.replace(b"%r = fmul float %v, 2.0", b"%r = fmul float %tid, 2.0")


@pytest.fixture(scope="module", autouse=True)
def _nvvm_library():
    try:
        nvvm.version()
    except cudacffi.LibraryNotFoundError as e:
        library_missing("libnvvm not found: %s" % one_line(e))


@pytest.fixture
def program():
    """create_program(), destroyed when the test ends."""
    progs = []

    def _make(*modules):
        p = nvvm.create_program()
        progs.append(p)
        for i, ir in enumerate(modules):
            nvvm.add_module_to_program(p, ir, len(ir), "module%d.ll" % i)
        return p

    yield _make
    for p in progs:
        nvvm.destroy_program(p)


def program_log(p):
    log = bytearray(nvvm.get_program_log_size(p))
    nvvm.get_program_log(p, log)
    return bytes(log)


def compiled(p):
    out = bytearray(nvvm.get_compiled_result_size(p))
    nvvm.get_compiled_result(p, out)
    return bytes(out)


def test_versions_are_tuples_of_ints():
    major, minor = nvvm.version()
    assert major >= 2 and minor >= 0
    ir = nvvm.ir_version()
    assert len(ir) == 4 and all(type(v) is int for v in ir)
    assert ir[0] >= 2


def test_create_program_returns_a_plain_int():
    p = nvvm.create_program()
    try:
        assert type(p) is int and p != 0
    finally:
        nvvm.destroy_program(p)


@pytest.mark.parametrize("arch", ["compute_80", "compute_90"])
def test_ir_compiles_to_ptx_with_the_kernel_entry(program, arch):
    p = program(TWICE_IR)
    nvvm.verify_program(p, 1, ["-arch=" + arch])
    assert nvvm.compile_program(p, 1, ["-arch=" + arch]) is None
    ptx = compiled(p)
    assert b".entry twice" in ptx
    assert (".target sm_%s" % arch[-2:]).encode() in ptx
    assert ptx.endswith(b"\0")


def test_lazy_module_is_a_library_not_a_module(program):
    p = program()
    nvvm.lazy_add_module_to_program(p, TWICE_IR, len(TWICE_IR), None)
    with pytest.raises(nvvm.nvvmError, match="ERROR_NO_MODULE_IN_PROGRAM"):
        nvvm.compile_program(p, 0, [])


def test_ir_from_numpy_and_bytearray_buffers(program):
    p = program()
    arr = np.frombuffer(TWICE_IR, dtype=np.uint8).copy()
    nvvm.add_module_to_program(p, arr, arr.size, b"twice.ll")
    nvvm.compile_program(p, 1, [b"-arch=compute_80"])
    assert b".entry twice" in compiled(p)


def test_verify_program_rejects_invalid_ir_with_a_log(program):
    p = program(INVALID_IR)
    with pytest.raises(nvvm.nvvmError) as info:
        nvvm.verify_program(p, 0, [])
    assert info.value.status in (Result.ERROR_INVALID_IR, Result.ERROR_COMPILATION)
    assert str(info.value) == "%s (%d)" % (info.value.status.name, info.value.status)
    log = program_log(p)
    assert len(log) > 1 and log.endswith(b"\0")


def test_unparsable_ir_fails_compilation_with_a_log_naming_the_module(program):
    p = program(b"this is not IR")
    with pytest.raises(nvvm.nvvmError, match="ERROR_COMPILATION"):
        nvvm.compile_program(p, 0, [])
    assert b"module0.ll" in program_log(p)


def test_bad_option_raises_invalid_option(program):
    p = program(TWICE_IR)
    with pytest.raises(nvvm.nvvmError, match=r"ERROR_INVALID_OPTION \(7\)"):
        nvvm.compile_program(p, 1, ["-no-such-option"])


def test_get_error_string_is_a_str():
    assert nvvm.get_error_string(Result.ERROR_COMPILATION) == "NVVM_ERROR_COMPILATION"


# -- empty programs, as the library answers them (cuda.bindings passes them through the same way) -----------


def test_empty_program_verify_and_compile_raise_no_module(program):
    p = program()
    for call in (nvvm.verify_program, nvvm.compile_program):
        with pytest.raises(nvvm.nvvmError, match="ERROR_NO_MODULE_IN_PROGRAM") as info:
            call(p, 0, [])
        assert info.value.status == Result.ERROR_NO_MODULE_IN_PROGRAM


def test_empty_program_has_one_byte_results_and_logs(program):
    p = program()
    assert nvvm.get_compiled_result_size(p) == 1
    assert nvvm.get_program_log_size(p) == 1
    assert program_log(p) == b"\0"
    assert compiled(p) == b"\0"


def test_empty_module_is_refused_when_added_or_when_compiled(program):
    """libNVVM up to 13.0 takes an empty module and fails its compilation; 13.5's refuses it when added."""
    try:
        p = program(b"")
    except nvvm.nvvmError as e:
        assert e.status == Result.ERROR_INVALID_INPUT
        return
    with pytest.raises(nvvm.nvvmError):
        nvvm.compile_program(p, 0, [])


def test_null_program_is_reported_by_the_library():
    with pytest.raises(nvvm.nvvmError, match="ERROR_INVALID_PROGRAM"):
        nvvm.compile_program(0, 0, [])
    with pytest.raises(nvvm.nvvmError, match="ERROR_INVALID_PROGRAM"):
        nvvm.destroy_program(None)


# -- bad input ----------------------------------------------------------------------------------------------


def test_short_or_read_only_buffers_are_refused(program):
    p = program(TWICE_IR)
    nvvm.compile_program(p, 0, [])
    size = nvvm.get_compiled_result_size(p)
    buf = bytearray(b"\xaa" * (size - 1))
    with pytest.raises(ValueError, match="buffer"):
        nvvm.get_compiled_result(p, buf)
    assert buf == bytearray(b"\xaa" * (size - 1))
    with pytest.raises(ValueError, match="buffer"):
        nvvm.get_compiled_result(p, bytes(size))
    with pytest.raises(ValueError, match="buffer"):
        nvvm.get_program_log(p, bytes(nvvm.get_program_log_size(p)))


def test_module_size_larger_than_the_buffer_is_refused(program):
    p = program()
    with pytest.raises(ValueError, match="size"):
        nvvm.add_module_to_program(p, TWICE_IR, len(TWICE_IR) + 1, "twice.ll")
    with pytest.raises(TypeError, match="buffer"):
        nvvm.add_module_to_program(p, TWICE_IR.decode(), len(TWICE_IR), "twice.ll")
    with pytest.raises(ValueError, match="buffer"):
        nvvm.add_module_to_program(p, np.zeros(8, dtype=np.uint8)[::2], 4, "x.ll")


def test_bad_arguments_name_the_parameter(program):
    p = program(TWICE_IR)
    with pytest.raises(TypeError, match="prog"):
        nvvm.compile_program("p", 0, [])
    with pytest.raises(OverflowError, match="num_options"):
        nvvm.compile_program(p, 2**31, [])
    with pytest.raises(ValueError, match="options"):
        nvvm.compile_program(p, -1, [])
    with pytest.raises(TypeError, match="options"):
        nvvm.verify_program(p, 1, "-arch=compute_80")
    with pytest.raises(TypeError, match="result"):
        nvvm.get_error_string("x")


def test_destroyed_or_unknown_programs_are_refused_before_the_library_sees_them():
    p = nvvm.create_program()
    nvvm.destroy_program(p)
    for call, args in ((nvvm.destroy_program, ()), (nvvm.compile_program, (0, [])),
                       (nvvm.add_module_to_program, (TWICE_IR, len(TWICE_IR), "m")),
                       (nvvm.get_program_log_size, ())):
        with pytest.raises(ValueError, match="prog.*not a live nvvmProgram"):
            call(p, *args)
    with pytest.raises(ValueError, match="prog"):
        nvvm.verify_program(987654321, 0, [])
