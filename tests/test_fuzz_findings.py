"""What the extended fuzzer found (issue 25), one test each; no GPU or driver needed. The crashes run in a child."""

import array
import platform

import numpy as np
import pytest

from conftest import run_python

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

import cffi  # noqa: E402

from cudacffi import driver, nvml, runtime  # noqa: E402

try:  # cuFile: CUDA 12.6 and newer
    from cudacffi import cufile
    from cudacffi._cufile import ffi as _cufile_ffi
except ImportError:
    cufile = _cufile_ffi = None
needs_cufile = pytest.mark.skipif(cufile is None, reason="this build has no cuFile (CUDA 12.6 and newer)")
_ffi = cffi.FFI()  # another FFI's objects

CPYTHON = platform.python_implementation() == "CPython"


def test_an_exception_kept_in_a_cycle_with_a_buffer_call_is_collected_safely():
    """The call's frame held (cffi buffer, memoryview); kept alive by ``except E as e: err = e`` it became cyclic
    garbage, and CPython's collector cleared the memoryview while the buffer still held it: SIGSEGV."""
    r = run_python("""
import gc
from cudacffi import driver, nvjitlink
def kept(call, buf):
    try:
        call(buf)
    except (TypeError, ValueError) as e:
        err = e
for _ in range(5):
    kept(lambda b: driver.cuMemcpyDtoH(b, "x", 8), bytearray(8))
    kept(lambda b: driver.cuMemcpyDtoH(b, "x", 8), memoryview(bytearray(8)))
    kept(lambda b: nvjitlink.add_data(0, "x", b, 8, "n"), bytearray(8))
    gc.collect()
print("ok")
""")
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.returncode, r.stderr[-2000:])


@pytest.mark.skipif(not hasattr(runtime, "cudaDeviceRegisterAsyncNotification"), reason="CUDA 12.5 and newer")
def test_a_released_callback_record_leaves_no_cycle_holding_the_callers_objects():
    r = run_python("""
import gc, cffi
from cudacffi import runtime
u = cffi.FFI().from_buffer(memoryview(bytearray(16)))
runtime.cudaDeviceRegisterAsyncNotification(0, lambda *a: None, u)  # fails (no driver): the record is released
del u
gc.collect()
print("ok")
""")
    assert r.returncode == 0 and r.stdout.strip() == "ok", (r.returncode, r.stderr[-2000:])


def test_a_cffi_object_is_not_taken_as_a_python_callback():
    with pytest.raises(TypeError, match=r"cuLaunchHostFunc\(\): argument 'fn'"):
        driver.cuLaunchHostFunc(0, _ffi.new("char[4]"), 0)


@pytest.mark.skipif(not hasattr(driver, "cuCoredumpGetAttributeGlobal"), reason="this build's driver has no coredump")
def test_a_writable_memoryview_as_an_attribute_names_the_parameter():
    with pytest.raises(TypeError, match=r"cuCoredumpGetAttributeGlobal\(\): argument 'attrib'"):
        driver.cuCoredumpGetAttributeGlobal(memoryview(bytearray(8)))


@needs_cufile
def test_cufile_timeout_is_a_timespec_checked_by_size():
    need = _cufile_ffi.sizeof("struct timespec")
    with pytest.raises(ValueError, match=r"argument 'timeout' holds 8 bytes; .*struct timespec \(%d bytes\)" % need):
        cufile.batch_io_get_status(0, 0, array.array("I", [1]), bytearray(24), bytearray(8))


@needs_cufile
@pytest.mark.parametrize("call, name", [
    (lambda: cufile.read(0, bytearray(8), 64, 0, 0), "size"),
    (lambda: cufile.read(0, bytearray(8), 1, 0, 100), "size"),
    (lambda: cufile.write(0, bytearray(8), 64, 0, 0), "size"),
    (lambda: cufile.buf_register(bytearray(8), 4096, 0), "length"),
    (lambda: cufile.read(0, bytearray(8), np.uint64(64), 0, 0), "size"),
])
def test_cufile_sizes_and_offsets_are_held_to_the_buffer(call, name):
    with pytest.raises(ValueError, match=r"argument '%s' is \d+.*past the 8 bytes of 'buf_ptr_base'" % name):
        call()


@needs_cufile
def test_cufile_events_are_as_many_as_the_callers_nr_cell_says():
    size = _cufile_ffi.sizeof("CUfileIOEvents_t")
    with pytest.raises(ValueError, match=r"argument 'iocbp' holds %d bytes; the library uses 4 of CUfileIOEvents_t"
                       % size):
        cufile.batch_io_get_status(0, 0, array.array("I", [4]), bytearray(size), 0x1000)


def test_numpy_counts_are_checked_as_their_values():
    if hasattr(driver, "cuLogsDumpToMemory"):
        with pytest.raises(ValueError, match=r"argument 'buffer' has room for 1 bytes; the library writes 64"):
            driver.cuLogsDumpToMemory(0, bytearray(1), np.uint64(64), 0)
    if cufile is None:
        return
    with pytest.raises(ValueError, match=r"argument 'iocbp' holds 64 bytes; the library uses 4 of"):
        cufile.batch_io_submit(0, np.uint32(4), bytearray(64), 0)


@pytest.mark.parametrize("call", [
    lambda: nvml.check_status([1]),
    lambda: nvml.check_status(bytearray(b"\x01")),
    lambda: nvml.check_status_size(float("nan")),
])
def test_nvml_status_helpers_name_their_parameter(call):
    with pytest.raises(TypeError, match=r"argument 'status'"):
        call()


@pytest.mark.parametrize("values", [_ffi.new("int *"), np.zeros(())])
def test_nvml_field_values_refuse_what_holds_no_field_values_by_name(values):
    with pytest.raises(TypeError, match=r"device_get_field_values\(\): argument 'values'"):
        nvml.device_get_field_values(0, values)


class IndexOnly:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


def test_an_integer_with_only_index_is_taken_for_int_and_enum_parameters():
    from cudacffi import nvrtc

    # the wrapper converts it; the call then fails for want of a driver/library, not over the argument
    for call in (lambda: nvrtc.nvrtcSetPCHHeapSize(IndexOnly(5)),):
        try:
            call()
        except TypeError as e:
            pytest.fail("an __index__ integer was refused: %s" % e)
        except Exception:
            pass
    with pytest.raises(Exception) as e:
        driver.cuDeviceGetTexture1DLinearMaxWidth(IndexOnly(5), 2, 0)
    assert not isinstance(e.value, TypeError), e.value


@pytest.mark.skipif(not hasattr(driver, "cuLogsDumpToMemory"), reason="this build's driver has no logs API (12.8+)")
def test_a_conversion_that_calls_the_library_cannot_change_the_slots_of_the_call_it_is_part_of(tmp_path):
    """An argument's __index__ makes another call on this thread (which writes the same per-thread slots) while
    the first call converts its arguments: the first call's slots are set after every conversion, so the library
    is told the first call's size."""
    r = run_python("""
from cudacffi import driver
seen = []
class Flags:
    def __index__(self):
        try:
            driver.cuGraphGetNodes(0, 65)  # sets the size slot to 65 on its way (then finds no driver here)
        except Exception:
            pass
        return 0
    __int__ = __index__
import cudacffi._gen.driver as g
real = g._cc_cuLogsDumpToMemory
def spy(iterator, buf, size, flags):
    seen.append(size[0])
    return 3  # CUDA_ERROR_NOT_INITIALIZED
g._cc_cuLogsDumpToMemory = spy
g.cuLogsDumpToMemory(0, bytearray(3), 3, Flags())
print(seen)
""")
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.strip() == "[3]", r.stdout
