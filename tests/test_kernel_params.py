"""Kernel-argument packing, checked byte by byte on the CPU: every ``kernelParams`` form and every row of
the ``(values, types)`` table (shared/reference/kernel-params.md), the errors, and random mixes.

ctypes serves here as the oracle for the bytes a value must become; the packer itself never calls it on
the fast path. Nothing here needs a GPU: packing happens before any library is called.
"""

import ctypes
import enum
import gc
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cudacffi import driver
from cudacffi._driver import ffi as _dffi
from cudacffi._kernel_params import kernel_params

FUNC = "cuLaunchKernel"
C_SCALARS = [ctypes.c_bool, ctypes.c_char, ctypes.c_wchar, ctypes.c_byte, ctypes.c_ubyte, ctypes.c_short,
             ctypes.c_ushort, ctypes.c_int, ctypes.c_uint, ctypes.c_long, ctypes.c_ulong, ctypes.c_longlong,
             ctypes.c_ulonglong, ctypes.c_size_t, ctypes.c_float, ctypes.c_double]


def pack(kp):
    addr, _ = kernel_params(_dffi, kp, FUNC)
    return addr


def table(addr, n):
    """The n pointers of a packed void* array."""
    return list((ctypes.c_uint64 * n).from_address(addr)) if n else []


def arg_bytes(addr, i, size):
    """The ``size`` bytes argument ``i`` points to."""
    return ctypes.string_at(table(addr, i + 1)[i], size)


def int_range(t):
    bits = 8 * ctypes.sizeof(t)
    signed = t(-1).value == -1
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)


def sample(t):
    """A value of ctypes type t and the bytes ctypes makes of it."""
    if t is ctypes.c_bool:
        return True, bytes(t(True))
    if t is ctypes.c_char:
        return b"Z", bytes(t(b"Z"))
    if t is ctypes.c_wchar:
        return "\u00e9", bytes(t("\u00e9"))
    if t in (ctypes.c_float, ctypes.c_double):
        return 123.456, bytes(t(123.456))
    lo, hi = int_range(t)
    v = hi - 5 if lo == 0 else lo + 7
    return v, bytes(t(v))


# -- the kernelParams forms ------------------------------------------------------------------------------------


def test_none_and_zero_are_null():
    assert pack(None) == 0
    assert pack(0) == 0


def test_int_is_the_address_itself():
    assert pack(0xDEADBEEF000) == 0xDEADBEEF000
    assert pack(2**64 - 1) == 2**64 - 1


def test_empty_values_and_types_is_null():
    assert pack(((), ())) == 0


def test_buffer_is_passed_straight_through():
    arr = np.array([11, 22, 33], dtype=np.uint64)
    assert pack(arr) == arr.ctypes.data
    ct = (ctypes.c_void_p * 2)(5, 6)
    assert pack(ct) == ctypes.addressof(ct)


@pytest.mark.parametrize("kp, exc, text", [
    ([1, 2], TypeError, "kernelParams.*list"),
    (([1], [ctypes.c_int]), TypeError, "kernelParams.*pair of list and list"),
    (((1,), [ctypes.c_int]), TypeError, "kernelParams"),
    (((1,), (ctypes.c_int,), 0), TypeError, "kernelParams.*3 items"),
    ("abc", TypeError, "kernelParams.*str"),
    (1.5, TypeError, "kernelParams.*float"),
    (True, TypeError, "kernelParams.*bool"),
    (object(), TypeError, "kernelParams.*object"),
    (-1, OverflowError, "kernelParams.*out of range"),
    (2**64, OverflowError, "kernelParams.*out of range"),
    (np.zeros((4, 4), dtype=np.uint64)[:, 1], ValueError, "kernelParams.*C-contiguous"),
    (memoryview(np.zeros(8, dtype=np.uint64))[::2], ValueError, "kernelParams.*C-contiguous"),
    (np.zeros(4, dtype=object), TypeError, "kernelParams.*Python objects"),
    (((1, 2), (ctypes.c_int,)), TypeError, "kernelParams.*differ in length: 2 values, 1 types"),
    (((), (ctypes.c_int,)), TypeError, "kernelParams.*differ in length"),
])
def test_wrong_forms_raise_naming_kernelParams(kp, exc, text):
    with pytest.raises(exc, match=text):
        pack(kp)


def test_wrong_forms_raise_through_cuLaunchKernel_before_any_library_call():
    with pytest.raises(TypeError, match=r"cuLaunchKernel\(\): argument 'kernelParams'"):
        driver.cuLaunchKernel(None, 1, 1, 1, 1, 1, 1, 0, None, [0], 0)
    with pytest.raises(TypeError, match=r"cuLaunchKernelEx\(\): argument 'kernelParams'"):
        driver.cuLaunchKernelEx(driver.CUlaunchConfig(), None, ((1,), (int,)), 0)
    with pytest.raises(OverflowError, match=r"cuLaunchCooperativeKernel\(\): argument 'kernelParams'"):
        driver.cuLaunchCooperativeKernel(None, 1, 1, 1, 1, 1, 1, 0, None, ((300,), (ctypes.c_ubyte,)))


# -- the (values, types) table, row by row ---------------------------------------------------------------------


@pytest.mark.parametrize("t", C_SCALARS, ids=lambda t: t.__name__)
def test_ctypes_scalar_slot_holds_the_value_bytes(t):
    v, expected = sample(t)
    addr = pack(((v, 1), (t, ctypes.c_int)))
    ptrs = table(addr, 2)
    assert ptrs[0] == addr + 16  # the slots follow the table, 8 bytes each
    assert ptrs[1] == addr + 24
    assert ptrs[0] % 8 == 0
    assert ctypes.string_at(ptrs[0], ctypes.sizeof(t)) == expected
    assert arg_bytes(addr, 1, 4) == bytes(ctypes.c_int(1))


@pytest.mark.parametrize("t", C_SCALARS, ids=lambda t: t.__name__)
def test_ctypes_instance_value_is_unwrapped(t):
    v, expected = sample(t)
    addr = pack(((t(v),), (t,)))
    assert arg_bytes(addr, 0, ctypes.sizeof(t)) == expected


@pytest.mark.parametrize("t, np_value", [
    (ctypes.c_int, np.int32(-5)), (ctypes.c_uint, np.uint64(7)), (ctypes.c_longlong, np.array(1 << 40)),
    (ctypes.c_float, np.float32(2.5)), (ctypes.c_double, np.array(0.125)), (ctypes.c_ubyte, np.uint8(200)),
    (ctypes.c_bool, np.bool_(True)), (ctypes.c_short, np.int16(-300)),
])
def test_numpy_scalars_and_0d_arrays_are_accepted(t, np_value):
    addr = pack(((np_value,), (t,)))
    assert arg_bytes(addr, 0, ctypes.sizeof(t)) == bytes(t(np_value.item()))


def test_c_char_accepts_an_int_and_c_bool_any_truthy_value():
    addr = pack(((65, 5, 0), (ctypes.c_char, ctypes.c_bool, ctypes.c_bool)))
    assert arg_bytes(addr, 0, 1) == b"A"
    assert arg_bytes(addr, 1, 1) == b"\x01"
    assert arg_bytes(addr, 2, 1) == b"\x00"


def test_int_values_for_float_types():
    addr = pack(((3, True), (ctypes.c_float, ctypes.c_double)))
    assert arg_bytes(addr, 0, 4) == bytes(ctypes.c_float(3.0))
    assert arg_bytes(addr, 1, 8) == bytes(ctypes.c_double(1.0))


@pytest.mark.parametrize("t", [t for t in C_SCALARS if t not in (ctypes.c_bool, ctypes.c_char, ctypes.c_wchar,
                                                                   ctypes.c_float, ctypes.c_double)],
                         ids=lambda t: t.__name__)
def test_integer_limits_pack_and_one_past_raises_overflow(t):
    lo, hi = int_range(t)
    addr = pack(((lo, hi), (t, t)))
    assert arg_bytes(addr, 0, ctypes.sizeof(t)) == bytes(t(lo))
    assert arg_bytes(addr, 1, ctypes.sizeof(t)) == bytes(t(hi))
    for bad, pos in ((lo - 1, 0), (hi + 1, 1)):
        values = (lo, hi)[:pos] + (bad,) + (lo, hi)[pos + 1:]
        with pytest.raises(OverflowError, match=r"kernelParams.*values\[%d\].*out of range for %s"
                           % (pos, t.__name__)):
            pack((values, (t, t)))


def test_none_type_with_a_handle_points_to_its_8_byte_value():
    d = driver.CUdeviceptr(0x7F0012345678)
    addr = pack(((d,), (None,)))
    assert arg_bytes(addr, 0, 8) == (0x7F0012345678).to_bytes(8, "little")


def test_none_type_with_a_struct_wrapper_points_to_its_storage():
    s = driver.CUlaunchAttribute()
    s.value.priority = 3
    addr = pack(((s, 9), (None, ctypes.c_int)))
    assert table(addr, 1)[0] == s.getPtr()


class Foreign:
    """An object from elsewhere with getPtr(): the address of 8 bytes it owns."""

    def __init__(self, value):
        self.cell = ctypes.c_uint64(value)

    def getPtr(self):
        return ctypes.addressof(self.cell)


def test_none_type_with_any_getptr_object_points_to_getptr():
    f = Foreign(42)
    addr = pack(((f,), (None,)))
    assert table(addr, 1)[0] == f.getPtr()
    assert arg_bytes(addr, 0, 8) == (42).to_bytes(8, "little")


class Pair(ctypes.Structure):
    _fields_ = [("a", ctypes.c_int), ("b", ctypes.c_double)]


def test_none_type_with_a_ctypes_structure_points_to_it():
    s = Pair(1, 2.0)
    addr = pack(((s,), (None,)))
    assert table(addr, 1)[0] == ctypes.addressof(s)


class Color(enum.Enum):
    RED = 1
    BLUE = -7


@pytest.mark.parametrize("member", [Color.BLUE, driver.CUresult.CUDA_ERROR_INVALID_VALUE])
def test_none_type_with_an_enum_member_is_a_c_int_slot(member):
    addr = pack(((member,), (None,)))
    assert arg_bytes(addr, 0, 4) == bytes(ctypes.c_int(member.value))
    assert table(addr, 1)[0] == addr + 8


@pytest.mark.parametrize("v", [5, "text", 1.5, None, b"x", [1]], ids=repr)
def test_none_type_with_anything_else_raises_type_error(v):
    with pytest.raises(TypeError, match=r"kernelParams.*values\[1\].*getPtr\(\).*ctypes.Structure.*enum"):
        pack(((driver.CUdeviceptr(1), v), (None, None)))


def test_none_type_getptr_returning_no_address_raises():
    class Bad:
        def getPtr(self):
            return "nowhere"

    with pytest.raises(TypeError, match=r"values\[0\].*getPtr\(\) returned"):
        pack(((Bad(),), (None,)))


@pytest.mark.parametrize("v, expected", [
    (0x1000, 0x1000), (None, 0), (ctypes.c_void_p(0x2000), 0x2000), (ctypes.c_void_p(None), 0),
    (2**64 - 1, 2**64 - 1),
])
def test_c_void_p_slot_holds_the_pointer(v, expected):
    addr = pack(((v,), (ctypes.c_void_p,)))
    assert arg_bytes(addr, 0, 8) == expected.to_bytes(8, "little")


def test_c_void_p_with_a_getptr_object_stores_getptr_not_the_handle_value():
    d = driver.CUdeviceptr(0x1234)
    addr = pack(((d,), (ctypes.c_void_p,)))
    assert arg_bytes(addr, 0, 8) == d.getPtr().to_bytes(8, "little")


@pytest.mark.parametrize("v, exc", [(-1, OverflowError), (2**64, OverflowError), (1.5, TypeError),
                                    ("0x10", TypeError), (object(), TypeError)])
def test_c_void_p_rejects_what_is_not_an_address(v, exc):
    with pytest.raises(exc, match=r"kernelParams.*values\[0\]"):
        pack(((v,), (ctypes.c_void_p,)))


@pytest.mark.parametrize("t", [int, float, str, ctypes.c_char_p, ctypes.c_longdouble, Pair, [ctypes.c_int],
                               "struct foo", "not a type"], ids=repr)
def test_unsupported_types_raise_type_error(t):
    with pytest.raises(TypeError, match=r"kernelParams.*types\[1\]: Unsupported type"):
        pack(((1, 2), (ctypes.c_int, t)))


@pytest.mark.parametrize("t, v, exc", [
    (ctypes.c_int, "1", TypeError), (ctypes.c_int, 1.5, TypeError), (ctypes.c_int, None, TypeError),
    (ctypes.c_int, np.float64(2.0), TypeError), (ctypes.c_uint, -1, OverflowError),
    (ctypes.c_float, "x", TypeError), (ctypes.c_double, None, TypeError), (ctypes.c_char, b"ab", TypeError),
    (ctypes.c_char, 256, OverflowError), (ctypes.c_char, "Z", TypeError), (ctypes.c_wchar, 65, TypeError),
    (ctypes.c_wchar, "ab", TypeError), (ctypes.c_bool, np.array([1, 2]), TypeError),
    (ctypes.c_size_t, 2**64, OverflowError), (ctypes.c_longlong, -(2**63) - 1, OverflowError),
])
def test_wrong_values_raise_naming_the_argument(t, v, exc):
    with pytest.raises(exc, match=r"%s\(\): argument 'kernelParams' values\[1\]" % FUNC):
        pack(((0, v), (ctypes.c_int, t)))


# -- types without ctypes: cffi names and numpy dtypes ---------------------------------------------------------


@pytest.mark.parametrize("name, v, ct", [
    ("int", -3, ctypes.c_int), ("unsigned int", 7, ctypes.c_uint), ("float", 1.5, ctypes.c_float),
    ("double", -2.25, ctypes.c_double), ("long long", -(2**40), ctypes.c_longlong),
    ("uint8_t", 255, ctypes.c_uint8), ("int16_t", -2, ctypes.c_int16), ("size_t", 2**63, ctypes.c_size_t),
    ("_Bool", True, ctypes.c_bool), ("char", b"q", ctypes.c_char), ("void *", 0x55, ctypes.c_void_p),
    ("float *", 0x66, ctypes.c_void_p),
])
def test_cffi_type_names(name, v, ct):
    addr = pack(((v,), (name,)))
    assert arg_bytes(addr, 0, ctypes.sizeof(ct)) == bytes(ct(v))


def test_cffi_type_name_out_of_range_raises():
    with pytest.raises(OverflowError, match=r"values\[0\].*out of range for uint8_t"):
        pack(((256,), ("uint8_t",)))


@pytest.mark.parametrize("dt, v", [
    (np.int8, -5), (np.uint16, 65535), (np.int32, -123456), (np.uint32, 4000000000), (np.int64, -(2**62)),
    (np.uint64, 2**64 - 1), (np.float32, 123.456), (np.float64, 1e-300), (np.bool_, True), (np.intp, 0x1000),
    (np.dtype(np.int32), 17), (np.float16, 1.5), (np.complex64, 1 + 2j), (np.complex128, -3.5 + 0.25j),
    (np.dtype(">i4"), 258),
])
def test_numpy_dtypes(dt, v):
    size = np.dtype(dt).itemsize
    addr = pack(((v, 1), (dt, np.int32)))
    assert arg_bytes(addr, 0, size) == np.asarray(v, dtype=dt).tobytes()
    assert arg_bytes(addr, 1, 4) == np.int32(1).tobytes()


def test_numpy_structured_dtype_is_passed_by_value():
    test_struct = np.dtype([("value", np.int32), ("x", np.float64), ("tag", np.uint8)], align=True)
    v = np.array([(5, 2.5, 9)], dtype=test_struct)
    addr = pack(((v, 3), (test_struct, np.int32)))
    ptrs = table(addr, 2)
    assert ctypes.string_at(ptrs[0], test_struct.itemsize) == v.tobytes()
    assert ptrs[1] - ptrs[0] == 24  # a slot as large as the struct, rounded up to 8 bytes
    assert arg_bytes(addr, 1, 4) == np.int32(3).tobytes()


def test_numpy_value_of_several_items_for_a_by_value_dtype_raises():
    with pytest.raises(ValueError, match=r"values\[0\].*one item, got 2"):
        pack(((np.zeros(2, np.complex64),), (np.complex64,)))


@pytest.mark.parametrize("dt", [np.object_, np.str_, np.dtype("M8[s]")], ids=str)
def test_numpy_dtypes_that_are_not_plain_data_are_unsupported(dt):
    with pytest.raises(TypeError, match=r"types\[0\]: Unsupported type"):
        pack(((1,), (dt,)))


# -- plans and blocks --------------------------------------------------------------------------------------------


def test_one_block_per_plan_is_reused_with_new_values():
    types = (ctypes.c_int, None)
    a = pack(((1, driver.CUdeviceptr(10)), types))
    b = pack(((2, driver.CUdeviceptr(20)), types))
    assert a == b
    assert arg_bytes(b, 0, 4) == bytes(ctypes.c_int(2))
    assert arg_bytes(b, 1, 8) == (20).to_bytes(8, "little")
    assert pack(((3, driver.CUdeviceptr(30)), (ctypes.c_int, None))) == a  # an equal types tuple: same plan


def test_table_is_restored_after_a_value_that_points_elsewhere():
    types = (None,)
    s = Pair(1, 2.0)
    a = pack(((s,), types))
    assert table(a, 1)[0] == ctypes.addressof(s)
    pack(((driver.CUdeviceptr(77),), types))
    assert table(a, 1)[0] == a + 8
    assert arg_bytes(a, 0, 8) == (77).to_bytes(8, "little")


def test_repacking_the_same_tuple_sees_a_changed_mutable_value():
    cell = np.array(5, dtype=np.int32)  # a 0-d array can change between launches
    kp = ((cell, driver.CUdeviceptr(1)), (ctypes.c_int, None))
    a = pack(kp)
    pack(kp)
    cell[()] = 6
    pack(kp)
    assert arg_bytes(a, 0, 4) == bytes(ctypes.c_int(6))


def test_repacking_the_same_tuple_of_unchanging_values_keeps_the_bytes():
    kp = ((3, driver.CUdeviceptr(4), 2.5), (ctypes.c_int, None, ctypes.c_float))
    a = pack(kp)
    assert pack(kp) == a
    pack(((9, driver.CUdeviceptr(8), 0.5), kp[1]))  # something else in between
    assert pack(kp) == a
    assert arg_bytes(a, 0, 4) == bytes(ctypes.c_int(3))
    assert arg_bytes(a, 1, 8) == (4).to_bytes(8, "little")
    assert arg_bytes(a, 2, 4) == bytes(ctypes.c_float(2.5))


def test_threads_get_blocks_of_their_own():
    types = (ctypes.c_longlong, None)
    errors, addrs = [], set()
    lock = threading.Lock()
    start = threading.Barrier(4)

    def worker(k):
        start.wait()
        for j in range(300):
            v = k * 1000 + j
            a = pack(((v, driver.CUdeviceptr(v + 1)), types))
            got = (arg_bytes(a, 0, 8), arg_bytes(a, 1, 8))
            if got != (bytes(ctypes.c_longlong(v)), (v + 1).to_bytes(8, "little")):
                errors.append((k, j))
        with lock:
            addrs.add(a)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(addrs) == 4


def test_a_failed_pack_leaves_the_plan_usable():
    types = (None, ctypes.c_int)
    s = Pair(1, 2.0)
    with pytest.raises(OverflowError):
        pack(((s, 2**40), types))
    a = pack(((driver.CUdeviceptr(5), 6), types))
    assert table(a, 2) == [a + 16, a + 24]
    assert arg_bytes(a, 0, 8) == (5).to_bytes(8, "little")


# -- struct fields: CUDA_KERNEL_NODE_PARAMS and friends ----------------------------------------------------------


@pytest.mark.parametrize("cls", ["CUDA_KERNEL_NODE_PARAMS", "CUDA_KERNEL_NODE_PARAMS_v1", "CUDA_KERNEL_NODE_PARAMS_v2",
                                 "CUDA_KERNEL_NODE_PARAMS_v3", "CUDA_LAUNCH_PARAMS"])
def test_struct_kernel_params_field_keeps_its_own_block(cls):
    if cls == "CUDA_KERNEL_NODE_PARAMS_v3" and "CUDA_KERNEL_NODE_PARAMS_v3" not in _dffi.list_types()[0]:
        pytest.skip("this build's cuda.h (CUDA %s) has no CUDA_KERNEL_NODE_PARAMS_v3"
                    % driver._library.version_text())
    params = getattr(driver, cls)()
    params.kernelParams = ((driver.CUdeviceptr(0xABC), 7, 1.5), (None, ctypes.c_int, ctypes.c_double))
    addr = params.kernelParams
    other = pack(((driver.CUdeviceptr(1), 2, 3.0), (None, ctypes.c_int, ctypes.c_double)))
    assert other != addr  # not the per-thread launch block
    gc.collect()
    assert arg_bytes(addr, 0, 8) == (0xABC).to_bytes(8, "little")
    assert arg_bytes(addr, 1, 4) == bytes(ctypes.c_int(7))
    assert arg_bytes(addr, 2, 8) == bytes(ctypes.c_double(1.5))


def test_struct_kernel_params_field_keeps_getptr_objects_alive():
    params = driver.CUDA_KERNEL_NODE_PARAMS()
    params.kernelParams = ((Foreign(99),), (None,))
    gc.collect()
    assert arg_bytes(params.kernelParams, 0, 8) == (99).to_bytes(8, "little")


def test_struct_kernel_params_field_takes_the_other_forms():
    params = driver.CUDA_KERNEL_NODE_PARAMS()
    arr = np.array([1, 2], dtype=np.uint64)
    params.kernelParams = arr
    assert params.kernelParams == arr.ctypes.data
    params.kernelParams = 0x1000
    assert params.kernelParams == 0x1000
    params.kernelParams = None
    assert params.kernelParams == 0
    params.kernelParams = ((), ())
    assert params.kernelParams == 0
    with pytest.raises(TypeError, match=r"CUDA_KERNEL_NODE_PARAMS.kernelParams\(\): argument 'kernelParams'"):
        params.kernelParams = [1]
    with pytest.raises(OverflowError, match=r"values\[0\]"):
        params.kernelParams = ((-1,), (ctypes.c_uint,))


def test_launch_config_attrs_list_is_copied_and_read_back():
    cluster = driver.CUlaunchAttribute()
    cluster.id = driver.CUlaunchAttributeID.CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
    cluster.value.clusterDim.x = 2
    cluster.value.clusterDim.y = 1
    cluster.value.clusterDim.z = 1
    prio = driver.CUlaunchAttribute()
    prio.id = driver.CUlaunchAttributeID.CU_LAUNCH_ATTRIBUTE_PRIORITY
    prio.value.priority = -1
    config = driver.CUlaunchConfig()
    config.attrs = [cluster, prio]
    config.numAttrs = 2
    cluster.value.clusterDim.x = 8  # the config holds a copy
    gc.collect()
    got = config.attrs
    assert [a.id for a in got] == [cluster.id, prio.id]
    assert (got[0].value.clusterDim.x, got[0].value.clusterDim.y) == (2, 1)
    assert got[1].value.priority == -1
    c_attrs = _dffi.cast("CUlaunchAttribute *", got[0].getPtr())
    assert got[1].getPtr() == got[0].getPtr() + _dffi.sizeof("CUlaunchAttribute")
    assert c_attrs[1].value.priority == -1
    config.attrs = []
    assert config.attrs == []


def test_launch_config_attrs_rejects_other_items():
    config = driver.CUlaunchConfig()
    with pytest.raises(TypeError, match=r"CUlaunchConfig.attrs\[0\]: expected CUlaunchAttribute"):
        config.attrs = [1]


# -- random mixes ---------------------------------------------------------------------------------------------------

_TYPES = C_SCALARS + [ctypes.c_void_p, None, "int", "float", "unsigned char", np.int16, np.float64, np.complex64,
                      int, "bogus"]
_VALUES = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70), st.floats(allow_nan=False), st.booleans(), st.none(),
    st.binary(max_size=2), st.text(max_size=2), st.builds(driver.CUdeviceptr, st.integers(0, 2**64 - 1)),
    st.builds(Foreign, st.integers(0, 2**64 - 1)), st.just(Color.RED), st.builds(Pair, st.integers(-5, 5)),
    st.builds(np.int32, st.integers(-(2**31), 2**31 - 1)), st.builds(ctypes.c_int, st.integers(-5, 5)),
    st.just(object()), st.lists(st.integers(), max_size=2),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_TYPES), _VALUES), max_size=8))
def test_random_value_type_mixes_pack_or_raise_cleanly(pairs):
    values = tuple(v for _, v in pairs)
    types = tuple(t for t, _ in pairs)
    try:
        addr = pack((values, types))
    except (TypeError, ValueError, OverflowError) as e:
        assert "kernelParams" in str(e)
        return
    if not pairs:
        assert addr == 0
        return
    ptrs = table(addr, len(pairs))
    int_types = [t for t in C_SCALARS if t not in (ctypes.c_bool, ctypes.c_char, ctypes.c_wchar, ctypes.c_float,
                                                   ctypes.c_double)]
    for i, (t, v) in enumerate(pairs):
        if t is None and isinstance(v, driver.CUdeviceptr):
            assert ctypes.string_at(ptrs[i], 8) == int(v).to_bytes(8, "little")
        elif t is None and isinstance(v, Foreign):
            assert ptrs[i] == v.getPtr()
        elif t is None and isinstance(v, Pair):
            assert ptrs[i] == ctypes.addressof(v)
        elif t in int_types:
            raw = v.value if isinstance(v, ctypes.c_int) else v
            assert ctypes.string_at(ptrs[i], ctypes.sizeof(t)) == bytes(t(raw))


# -- the examples run, or say clearly why they cannot ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["kernel_params_numpy", "kernel_params_ctypes", "kernel_params_no_ctypes",
                                  "kernel_params_cubemap_texture"])
def test_example_runs_or_exits_with_a_clear_reason(name):
    import os
    import subprocess
    import sys

    from conftest import ROOT, script_env

    env = script_env()
    r = subprocess.run([sys.executable, os.path.join(ROOT, "examples", name + ".py")], capture_output=True,
                       text=True, env=env, timeout=300)
    if r.returncode == 0:
        assert "%s passed" % name in r.stdout
    else:
        assert r.returncode == 77, r.stderr  # examples/_checkout.py's CANNOT_RUN (no driver or GPU here)
        assert r.stderr.startswith("%s: cannot run: " % name), r.stderr
        assert "Traceback" not in r.stderr
