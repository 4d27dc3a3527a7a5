"""DLPack's C exchange API (``StridedMemoryView.__dlpack_c_exchange_api__``), called as a C consumer calls it.

The capsule points at a DLPackExchangeAPI whose functions take ``PyObject *`` as ``void *``: ctypes can pass and
receive Python objects that way on CPython only, so these tests run on CPython; the C side is the same on PyPy.
"""

import ctypes
import gc
import sys

import pytest

pytest.importorskip("cudacffi._capsule", reason="cudacffi is not built")
if sys.implementation.name != "cpython":
    pytest.skip("ctypes passes PyObject * only on CPython", allow_module_level=True)
np = pytest.importorskip("numpy")

from cudacffi.core.utils import StridedMemoryView  # noqa: E402


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice), ("ndim", ctypes.c_int32), ("dtype", DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)), ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class DLPackVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32)]


class DLManagedTensorVersioned(ctypes.Structure):
    pass


DELETER = ctypes.CFUNCTYPE(None, ctypes.POINTER(DLManagedTensorVersioned))
DLManagedTensorVersioned._fields_ = [("version", DLPackVersion), ("manager_ctx", ctypes.c_void_p),
                                     ("deleter", DELETER), ("flags", ctypes.c_uint64), ("dl_tensor", DLTensor)]
P_MANAGED = ctypes.POINTER(DLManagedTensorVersioned)

# PYFUNCTYPE: called with the GIL held, and the Python error a function sets is raised after it returns -1
SET_ERROR = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p)
ALLOCATOR = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.POINTER(DLTensor), ctypes.POINTER(P_MANAGED), ctypes.c_void_p,
                              SET_ERROR)
FROM_PY = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.py_object, ctypes.POINTER(P_MANAGED))
TO_PY = ctypes.PYFUNCTYPE(ctypes.c_int, P_MANAGED, ctypes.POINTER(ctypes.c_void_p))
DLTENSOR = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.py_object, ctypes.POINTER(DLTensor))
WORK_STREAM = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.c_int32, ctypes.c_int32, ctypes.POINTER(ctypes.c_void_p))


class Header(ctypes.Structure):
    _fields_ = [("version", DLPackVersion), ("prev_api", ctypes.c_void_p)]


class ExchangeAPI(ctypes.Structure):
    _fields_ = [("header", Header), ("managed_tensor_allocator", ALLOCATOR),
                ("managed_tensor_from_py_object_no_sync", FROM_PY), ("managed_tensor_to_py_object_no_sync", TO_PY),
                ("dltensor_from_py_object_no_sync", DLTENSOR), ("current_work_stream", WORK_STREAM)]


@pytest.fixture(scope="module")
def api():
    capsule = StridedMemoryView.__dlpack_c_exchange_api__
    assert StridedMemoryView.__c_dlpack_exchange_api__ is capsule
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    return ExchangeAPI.from_address(get(capsule, b"dlpack_exchange_api"))


def view_of(array):
    return StridedMemoryView.from_dlpack(array, stream_ptr=-1)


def test_the_header_names_dlpack_1(api):
    assert api.header.version.major == 1 and api.header.prev_api is None


def test_a_borrowed_dltensor_describes_the_view_and_stays_the_same(api):
    a = np.arange(12, dtype=np.float32).reshape(3, 4)[:, ::2]  # strided
    view = view_of(a)
    out = DLTensor()
    assert api.dltensor_from_py_object_no_sync(view, ctypes.byref(out)) == 0
    assert out.data + out.byte_offset == a.ctypes.data
    assert (out.device.device_type, out.ndim) == (1, 2)
    assert (out.dtype.code, out.dtype.bits, out.dtype.lanes) == (2, 32, 1)
    assert [out.shape[i] for i in range(2)] == [3, 2]
    assert [out.strides[i] for i in range(2)] == [4, 2]
    again = DLTensor()
    assert api.dltensor_from_py_object_no_sync(view, ctypes.byref(again)) == 0
    assert ctypes.addressof(again.shape.contents) == ctypes.addressof(out.shape.contents)  # lent once, kept


def test_a_managed_tensor_is_the_consumers_and_its_deleter_releases_the_view(api):
    a = np.arange(6, dtype=np.int16)
    view = view_of(a)
    before = sys.getrefcount(view)
    out = P_MANAGED()
    assert api.managed_tensor_from_py_object_no_sync(view, ctypes.byref(out)) == 0
    t = out.contents
    assert (t.version.major, t.flags & 1) == (1, 0)
    assert t.dl_tensor.data == a.ctypes.data and t.dl_tensor.shape[0] == 6
    assert (t.dl_tensor.dtype.code, t.dl_tensor.dtype.bits) == (0, 16)
    assert sys.getrefcount(view) == before + 1  # the tensor keeps the view alive ...
    t.deleter(out)
    assert sys.getrefcount(view) == before  # ... until the consumer deletes it


def test_a_tensor_handed_back_becomes_a_view_that_deletes_it(api):
    a = np.arange(5, dtype=np.float64)
    source = view_of(a)
    base = sys.getrefcount(source)
    out = P_MANAGED()
    assert api.managed_tensor_from_py_object_no_sync(source, ctypes.byref(out)) == 0
    obj = ctypes.c_void_p()
    assert api.managed_tensor_to_py_object_no_sync(out, ctypes.byref(obj)) == 0
    view = ctypes.cast(obj, ctypes.py_object).value
    ctypes.pythonapi.Py_DecRef(ctypes.py_object(view))  # the reference the function returned is ours
    assert isinstance(view, StridedMemoryView)
    assert (view.ptr, view.shape, str(view.dtype)) == (a.ctypes.data, (5,), "float64")
    assert sys.getrefcount(source) == base + 1  # the handed-back tensor still holds the source view
    del view, obj
    gc.collect()
    assert sys.getrefcount(source) == base  # the new view's capsule called the tensor's deleter


def test_objects_that_are_not_views_are_refused_with_typeerror(api):
    out, tensor = P_MANAGED(), DLTensor()
    with pytest.raises(TypeError, match="py_object must be a StridedMemoryView"):
        api.managed_tensor_from_py_object_no_sync(np.arange(3), ctypes.byref(out))
    assert not out
    with pytest.raises(TypeError, match="py_object must be a StridedMemoryView"):
        api.dltensor_from_py_object_no_sync(object(), ctypes.byref(tensor))
    with pytest.raises(RuntimeError, match="tensor cannot be NULL"):
        api.managed_tensor_to_py_object_no_sync(P_MANAGED(), ctypes.byref(ctypes.c_void_p()))


def test_the_allocator_is_not_offered_and_there_is_no_current_stream(api):
    seen = []
    set_error = SET_ERROR(lambda ctx, kind, message: seen.append((kind, message)))
    out = P_MANAGED()
    with pytest.raises(NotImplementedError, match="managed_tensor_allocator is not supported"):
        api.managed_tensor_allocator(None, ctypes.byref(out), None, set_error)
    assert seen and seen[0][0] == b"NotImplementedError" and not out
    stream = ctypes.c_void_p(1234)
    assert api.current_work_stream(2, 0, ctypes.byref(stream)) == 0 and stream.value is None
