"""An enum member or a bool where a buffer or an address is expected is a TypeError naming the parameter
(issue 25): ``nvrtcGetProgramLog(prog, nvrtcResult.X)`` wrote at the enum's value. A plain int is an address, the
caller's promise. One gate, ``cudacffi._buffers.int_address``, for every form: buffers, output buffers, input
bytes, lists given as an address, struct pointer fields, kernel parameters."""

import sys

import pytest

import cudacffi
from cudacffi import _buffers, driver, nvjitlink, nvrtc
from conftest import library_missing, one_line

NOT_ADDRESSES = [nvrtc.nvrtcResult.NVRTC_SUCCESS, nvrtc.nvrtcResult.NVRTC_ERROR_INVALID_INPUT,
                 driver.CUresult.CUDA_SUCCESS, nvjitlink.InputType.PTX, True, False]


@pytest.fixture(scope="module")
def prog():
    try:
        p = cudacffi.check(nvrtc.nvrtcCreateProgram(b"__global__ void k() {}", b"k.cu", 0, [], []))
    except cudacffi.LibraryNotFoundError as e:
        library_missing("NVRTC: %s" % one_line(e))
    yield p
    nvrtc.nvrtcDestroyProgram(p)


@pytest.fixture(scope="module")
def linker():
    try:
        h = nvjitlink.create(1, ["-arch=sm_80"])
    except cudacffi.LibraryNotFoundError as e:
        library_missing("nvJitLink: %s" % one_line(e))
    except cudacffi.LibraryVersionError as e:
        pytest.skip(str(e))
    yield h
    nvjitlink.destroy(h)


def refused(call, name):
    with pytest.raises(TypeError) as e:
        call()
    assert "'%s'" % name in str(e.value), str(e.value)


@pytest.mark.parametrize("value", NOT_ADDRESSES, ids=repr)
def test_tuple_style_buffers_refuse_enums_and_bools(prog, value):
    refused(lambda: nvrtc.nvrtcGetProgramLog(prog, value), "log")
    refused(lambda: nvrtc.nvrtcGetPTX(prog, value), "ptx")
    refused(lambda: driver.cuMemcpyDtoH(value, 0, 0), "dstHost")
    refused(lambda: driver.cuMemHostRegister(value, 0, 0), "p")


@pytest.mark.parametrize("value", NOT_ADDRESSES, ids=repr)
def test_exception_style_buffers_refuse_enums_and_bools(linker, value):
    refused(lambda: nvjitlink.get_error_log(linker, value), "log")
    refused(lambda: nvjitlink.get_linked_cubin(linker, value), "cubin")
    refused(lambda: nvjitlink.add_data(linker, nvjitlink.InputType.PTX, value, 0, "x"), "data")
    refused(lambda: nvjitlink.create(1, value), "options")


@pytest.mark.parametrize("value", NOT_ADDRESSES, ids=repr)
def test_lists_struct_fields_and_kernel_params_refuse_enums_and_bools(value):
    refused(lambda: nvrtc.nvrtcCreateProgram(b"", b"k.cu", 1, value, [b"h"]), "headers")
    refused(lambda: setattr(driver.CUDA_MEMCPY2D(), "srcHost", value), "srcHost")
    if not isinstance(value, bool):  # a bool has its own message there (not one of the forms)
        refused(lambda: driver.cuLaunchKernel(0, 1, 1, 1, 1, 1, 1, 0, 0, value, 0), "kernelParams")


def test_plain_ints_and_int_subclasses_that_are_not_enums_stay_addresses():
    class Address(int):
        pass

    assert _buffers.int_address(8, "f", "p") == 8
    assert _buffers.int_address(Address(16), "f", "p") == 16
    with pytest.raises(TypeError, match="'p'.*IntEnum|'p'.*nvrtcResult"):
        _buffers.int_address(nvrtc.nvrtcResult.NVRTC_ERROR_INVALID_INPUT, "f", "p")


def test_bytes_and_bytearray_give_the_address_of_their_data_and_are_held_while_it_is_used():
    """The short path for bytes and bytearray (CPython: the address read in C) answers what cffi's view of the
    same object does, reads the object's own bytes, and a bytearray stays unresizable while the keepalive lives."""
    from cudacffi._gen import driver as gen

    ffi = gen._ffi
    data = bytes(range(48))
    addr, keep = _buffers.address(ffi, data, "f", "src")
    assert ffi.buffer(ffi.cast("char *", addr), len(data))[:] == data and keep is not None
    room = bytearray(b"abcdefgh")
    addr, keep = _buffers.address(ffi, room, "f", "dst", writable=True)
    assert addr == int(ffi.cast("uintptr_t", ffi.from_buffer(room)))
    ffi.memmove(ffi.cast("char *", addr), b"XY", 2)
    assert room == bytearray(b"XYcdefgh")
    if sys.implementation.name == "cpython":  # (PyPy's bytearray keeps no count of its exports)
        with pytest.raises(BufferError):
            room.extend(b"more")  # (the call's hold: the memory cannot move under it)
    del keep
    import gc
    gc.collect()
    room.extend(b"more")
    assert _buffers.nbytes(room) == 12 and _buffers.nbytes(data) == 48
    with pytest.raises(ValueError, match="has room for 12 bytes"):
        driver.cuMemcpyDtoH(room, 0, 13)
