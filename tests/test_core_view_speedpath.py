"""StridedMemoryView.from_array_interface's short path for an exact numpy.ndarray (its dtype, shape and flags read
instead of a new ``__array_interface__`` dict) gives the view the interface gives: every observable field equal,
for every kind of array the short path takes or leaves to the interface."""

import warnings

import pytest

from cudacffi.core import _memoryview
from cudacffi.core._memoryview import StridedMemoryView
from cudacffi.core._view_sources import NDARRAY_TYPESTRS, array_interface_parts

np = pytest.importorskip("numpy")


def _arrays():
    base = np.arange(120, dtype=np.float64)
    ro = np.zeros(5, np.int32)
    ro.flags.writeable = False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        warn_c = np.broadcast_arrays(np.arange(3.0), np.zeros((1, 3)))[0]  # C-contiguous, warns on write
        warn_nc = np.broadcast_arrays(np.arange(3.0), np.zeros((2, 3)))[0]
    return {
        "1d": np.zeros(64, np.float32), "2d": np.zeros((4, 5), np.int16), "fortran": np.zeros((4, 5), order="F"),
        "sliced": base[::2], "offset": base[3:10], "empty": np.zeros(0), "empty_strided": base[::3][:0],
        "empty_2d": np.zeros((3, 0)), "0d": np.array(3.0), "frombuffer_bytes": np.frombuffer(b"abcd", np.uint8),
        "readonly": ro, "broadcast_to": np.broadcast_to(np.arange(3.0), (2, 3)), "warn_on_write_c": warn_c,
        "warn_on_write": warn_nc, "reversed": base[::-1], "transposed": np.zeros((3, 4)).T,
        "big_endian": np.zeros(4, ">f4"), "bool": np.zeros(3, bool), "complex": np.zeros(3, complex),
        "float16": np.zeros(3, np.float16), "misaligned": np.frombuffer(bytearray(9), np.int32, 2, 1),
        "unit_dims": np.zeros((3, 1, 4)), "uint64": np.zeros((2, 2), np.uint64), "int8": np.zeros(7, np.int8),
    }


FIELDS = ("ptr", "shape", "strides", "readonly", "exporting_obj", "device_id", "is_device_accessible", "size",
          "_typestr", "_keep", "_has_dtype", "_lent")


def _fields(view):
    out = {name: getattr(view, name) for name in FIELDS}
    out["dtype"] = view.dtype
    out["__dlpack_device__"] = view.__dlpack_device__()
    out["repr"] = repr(view)
    return out


@pytest.mark.parametrize("name", sorted(_arrays()))
def test_short_path_view_equals_the_interface_view(name):
    a = _arrays()[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        slow = StridedMemoryView._new(*array_interface_parts(a))
        first = StridedMemoryView.from_array_interface(a)  # (the dtype now known: the short path where it may)
        fast = StridedMemoryView.from_array_interface(a)
    assert a.dtype in NDARRAY_TYPESTRS
    assert _fields(first) == _fields(slow) == _fields(fast)
    assert type(fast) is StridedMemoryView and fast.exporting_obj is a


@pytest.mark.parametrize("dtype", ["O", "M8[s]", "U4", "i4,f4"])
def test_unsupported_dtypes_raise_as_through_the_interface(dtype):
    a = np.zeros(3, dtype)
    for _ in range(2):  # (never learnt: each time through the interface, with its message)
        with pytest.raises(TypeError, match="__array_interface__ typestr"):
            StridedMemoryView.from_array_interface(a)
    assert a.dtype not in NDARRAY_TYPESTRS


def test_subclasses_take_the_interface():
    m = np.ma.masked_array(np.zeros(3), mask=[0, 1, 0])
    view = StridedMemoryView.from_array_interface(np.zeros((2, 2)).view(np.matrix))
    assert view.shape == (2, 2) and type(view.exporting_obj) is np.matrix
    with pytest.raises(BufferError, match="mask"):
        StridedMemoryView.from_array_interface(_Masked(m))


class _Masked:
    def __init__(self, m):
        self.__array_interface__ = dict(m.__array_interface__, mask=m.mask)


def test_a_view_subclass_is_made():
    class Sub(StridedMemoryView):
        __slots__ = ()

    a = np.zeros(4, np.float32)
    for _ in range(2):
        assert type(Sub.from_array_interface(a)) is Sub


def test_a_resized_array_is_read_again():
    a = np.zeros(4, np.float32)
    before = StridedMemoryView.from_array_interface(a)
    a.resize(1 << 16, refcheck=False)  # its data moves
    after = StridedMemoryView.from_array_interface(a)
    assert after.ptr == a.__array_interface__["data"][0] and after.shape == (1 << 16,)
    assert before.shape == (4,)


def test_a_c_contiguous_array_of_a_known_dtype_builds_no_interface(monkeypatch):
    a = np.zeros((3, 4), np.float32)
    StridedMemoryView.from_array_interface(a)

    def refused(obj):
        raise AssertionError("read through __array_interface__")

    monkeypatch.setattr(_memoryview, "array_interface_parts", refused)
    assert StridedMemoryView.from_array_interface(a).shape == (3, 4)
    with pytest.raises(AssertionError):
        StridedMemoryView.from_array_interface(a[:, ::2])  # (strided: the interface says its strides)
