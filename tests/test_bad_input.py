"""Bad arguments raise TypeError / ValueError / OverflowError naming the C parameter; no GPU needed.

Argument conversion happens before any library is touched, so these run on machines without a
driver. Each call here is invalid: a call with valid arguments would reach the library, and none
is made (except nvrtcCreateProgram, whose library is the NVRTC wheel, skipped where it is missing).
"""

import ctypes
import re

import numpy as np
import pytest

import cudacffi
from cudacffi import driver, nvjitlink, nvrtc, nvvm

WARP_SIZE = driver.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_WARP_SIZE


def _launch(kernelParams):
    return driver.cuLaunchKernel(None, 1, 1, 1, 1, 1, 1, 0, None, kernelParams, 0)


# -- size_t ----------------------------------------------------------------------------------------


def test_mem_alloc_negative_bytesize_raises_overflow_error():
    with pytest.raises(OverflowError, match="bytesize"):
        driver.cuMemAlloc(-1)


def test_mem_alloc_bytesize_of_2_to_the_64_raises_overflow_error():
    with pytest.raises(OverflowError, match="bytesize"):
        driver.cuMemAlloc(2**64)


def test_mem_alloc_none_bytesize_raises_type_error():
    with pytest.raises(TypeError, match="bytesize"):
        driver.cuMemAlloc(None)


def test_mem_alloc_string_bytesize_raises_type_error():
    with pytest.raises(TypeError):
        driver.cuMemAlloc("1")


def test_memcpy_htod_negative_byte_count_raises_overflow_error():
    with pytest.raises(OverflowError, match="ByteCount"):
        driver.cuMemcpyHtoD(0, bytearray(8), -1)


# -- handles ---------------------------------------------------------------------------------------


def test_device_get_attribute_string_device_raises_type_error_naming_dev():
    with pytest.raises(TypeError, match=r"\bdev\b"):
        driver.cuDeviceGetAttribute(WARP_SIZE, "x")


def test_stream_query_string_stream_raises_type_error_naming_hStream():
    with pytest.raises(TypeError, match="hStream"):
        driver.cuStreamQuery("s")


def test_stream_query_stream_of_2_to_the_64_raises_overflow_error_naming_hStream():
    with pytest.raises(OverflowError, match="hStream"):
        driver.cuStreamQuery(2**64)


def test_stream_query_negative_stream_raises_overflow_error_naming_hStream():
    with pytest.raises(OverflowError, match="hStream"):
        driver.cuStreamQuery(-1)


# -- void* buffers ---------------------------------------------------------------------------------


def test_memcpy_htod_non_contiguous_array_raises_value_error_naming_srcHost():
    with pytest.raises(ValueError, match="srcHost"):
        driver.cuMemcpyHtoD(0, np.arange(10)[::2], 40)


def test_memcpy_htod_string_source_raises_type_error_naming_srcHost():
    with pytest.raises(TypeError, match="srcHost"):
        driver.cuMemcpyHtoD(0, "not a buffer", 12)


# -- kernelParams ----------------------------------------------------------------------------------


def test_launch_kernel_params_as_a_list_raises_type_error_naming_kernelParams():
    with pytest.raises(TypeError, match="kernelParams"):
        _launch([0, 0])


def test_launch_kernel_params_as_a_tuple_of_lists_raises_type_error_naming_kernelParams():
    with pytest.raises(TypeError, match="kernelParams"):
        _launch(([1], [ctypes.c_int]))


def test_launch_kernel_params_values_and_types_of_different_lengths_raise_type_error():
    with pytest.raises(TypeError):
        _launch(((1, 2), (ctypes.c_int,)))


def test_launch_kernel_params_with_a_non_ctypes_type_raises_type_error():
    with pytest.raises(TypeError):
        _launch(((1,), (int,)))


def test_launch_kernel_params_int_too_large_for_c_int_raises_overflow_error():
    with pytest.raises(OverflowError):
        _launch(((2**40,), (ctypes.c_int,)))


# -- lists with a count ----------------------------------------------------------------------------


def test_create_program_headers_shorter_than_num_headers_raises_value_error():
    with pytest.raises(ValueError, match="headers"):
        nvrtc.nvrtcCreateProgram(b"x", b"x", 2, [b"a"], [b"a"])


def test_create_program_include_names_shorter_than_num_headers_raises_value_error():
    with pytest.raises(ValueError, match="includeNames"):
        nvrtc.nvrtcCreateProgram(b"x", b"x", 1, [b"a"], [])


@pytest.fixture
def program():
    try:
        prog = cudacffi.check(nvrtc.nvrtcCreateProgram(b"__global__ void k() {}", b"k.cu", 0, [], []))
    except cudacffi.LibraryNotFoundError as e:
        pytest.skip("NVRTC library not found: {}".format(e))
    yield prog
    cudacffi.check(nvrtc.nvrtcDestroyProgram(prog))


def test_compile_program_options_shorter_than_num_options_raises_value_error(program):
    with pytest.raises(ValueError, match="options"):
        nvrtc.nvrtcCompileProgram(program, 3, [b"-a"])


# -- enums -----------------------------------------------------------------------------------------


def test_unknown_enum_value_raises_value_error():
    with pytest.raises(ValueError):
        driver.CUresult(99999)


def test_enum_call_returns_the_singleton_member():
    assert driver.CUresult(0) is driver.CUresult.CUDA_SUCCESS
    assert nvrtc.nvrtcResult(6) is nvrtc.nvrtcResult.NVRTC_ERROR_COMPILATION


# -- lists the library reads as long as another argument says -------------------------------------


def test_graph_edge_data_shorter_than_the_dependency_count_is_refused():
    add = getattr(driver, "cuGraphAddDependencies_v2", None) or driver.cuGraphAddDependencies
    if driver.CUDA_VERSION < 13000 and add is driver.cuGraphAddDependencies:
        pytest.skip("this build has no edge-data variant")
    with pytest.raises(ValueError, match="'edgeData'"):
        add(None, [None, None], [None, None], [driver.CUgraphEdgeData()], 2)


@pytest.mark.parametrize("field,items", [("globalDim", [4, 4]), ("globalStrides", [16]), ("boxDim", [2, 2]),
                                         ("elementStrides", [1, 1])])
def test_tensor_map_arrays_shorter_than_the_rank_are_refused(field, items):
    args = dict(globalDim=[4, 4, 4], globalStrides=[16, 64], boxDim=[2, 2, 2], elementStrides=[1, 1, 1])
    args[field] = items
    dtype = driver.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_FLOAT32
    with pytest.raises(ValueError, match="'%s'" % field):
        driver.cuTensorMapEncodeTiled(dtype, 3, 0x1000, args["globalDim"], args["globalStrides"], args["boxDim"],
                                      args["elementStrides"], 0, 0, 0, 0)


def test_kernel_params_address_of_2_to_the_64_names_the_parameter():
    with pytest.raises(OverflowError, match="kernelParams"):
        _launch(2**64)


# -- messages that name the parameter (issue 25) --------------------------------------------------------------


class _IndexReturningStr:
    def __index__(self):
        return "7"


def test_an_index_method_returning_a_non_int_names_the_parameter():
    with pytest.raises(TypeError, match=r"cuMemAlloc\(\): argument 'bytesize' must be an int, not "
                       r"_IndexReturningStr \(__index__ returned non-int"):
        driver.cuMemAlloc(_IndexReturningStr())
    if hasattr(driver, "cuModuleEnumerateFunctions"):  # (CUDA 12.4 and newer)
        with pytest.raises(TypeError, match=r"argument 'numFunctions' must be an int"):
            driver.cuModuleEnumerateFunctions(_IndexReturningStr(), 0)


@pytest.mark.parametrize("call, name", [
    (lambda: nvvm.add_module_to_program(0, b"x", 1, "k\ud800.ll"), "name"),
    (lambda: nvjitlink.create(1, ["-arch=\udcff"]), r"options\[0\]"),
])
def test_a_lone_surrogate_in_text_is_a_value_error_naming_the_parameter(call, name):
    with pytest.raises(ValueError, match=r"argument '%s' is not valid text: .* cannot be encoded as UTF-8" % name):
        call()


def test_a_str_where_bytes_are_taken_is_refused_even_with_a_lone_surrogate():
    expected = "argument 'name' must be bytes, not str (encode it, e.g. %r)" % "k\udc80".encode(errors="backslashreplace")
    with pytest.raises(TypeError, match=re.escape(expected)):
        driver.cuModuleGetFunction(0, "k\udc80")


def test_a_lone_surrogate_in_a_text_field_names_the_field():
    from cudacffi import nvml

    info = nvml.PciInfo() if hasattr(nvml, "PciInfo") else nvml.nvmlPciInfo_t()
    with pytest.raises(ValueError, match=r"\.busId: not valid text"):
        info.bus_id = "0000:\ud800"


def test_an_nvml_vgpu_id_out_of_range_names_it():
    from cudacffi import nvml

    with pytest.raises(OverflowError, match=r"vgpu_type_get_name\(\): argument 'vgpu_type_id' out of range "
                       r"\[0, 4294967295\]: 4294967296"):
        nvml.vgpu_type_get_name(2**32)
    with pytest.raises(OverflowError, match=r"argument 'vgpu_instance' out of range"):
        nvml.vgpu_instance_get_uuid(-1)
