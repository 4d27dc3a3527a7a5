"""The device pointer of an object with ``__dlpack__`` (read from its DLPack capsule with ctypes, no cffi).

The capsule is only read, never consumed: its producer still owns the memory, which the caller keeps
alive by holding the object.
"""

import ctypes

_DEVICE_TYPES = {2: "CUDA", 3: "CUDA host", 13: "CUDA managed"}  # kDLCUDA, kDLCUDAHost, kDLCUDAManaged


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", ctypes.c_uint32), ("shape", ctypes.c_void_p), ("strides", ctypes.c_void_p),
                ("byte_offset", ctypes.c_uint64)]


class _DLManagedTensorVersioned(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32 * 2), ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p),
                ("flags", ctypes.c_uint64), ("dl_tensor", _DLTensor)]


_api = []


def _capsule_api():
    if not _api:
        api = getattr(ctypes, "pythonapi", None)
        if api is None:  # PyPy: no C-API through ctypes
            raise TypeError("an object with only __dlpack__ cannot be a kernel argument on this interpreter (no "
                            "ctypes.pythonapi): pass one with __cuda_array_interface__, or its pointer as an int")
        api.PyCapsule_IsValid.restype = ctypes.c_int
        api.PyCapsule_IsValid.argtypes = [ctypes.py_object, ctypes.c_char_p]
        api.PyCapsule_GetPointer.restype = ctypes.c_void_p
        api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
        _api.append(api)
    return _api[0]


def tensor(obj):
    """(data pointer + byte_offset, device_type, device_id) of ``obj``'s DLPack tensor."""
    api = _capsule_api()
    try:
        capsule = obj.__dlpack__(max_version=(1, 0))
    except TypeError:  # a producer older than DLPack 1.0 takes no max_version
        capsule = obj.__dlpack__()
    if api.PyCapsule_IsValid(capsule, b"dltensor_versioned"):
        managed = _DLManagedTensorVersioned.from_address(api.PyCapsule_GetPointer(capsule, b"dltensor_versioned"))
        t = managed.dl_tensor
    elif api.PyCapsule_IsValid(capsule, b"dltensor"):
        t = _DLTensor.from_address(api.PyCapsule_GetPointer(capsule, b"dltensor"))  # DLManagedTensor starts with it
    else:
        raise TypeError("%s.__dlpack__() did not return a DLPack capsule" % type(obj).__name__)
    return (t.data or 0) + t.byte_offset, t.device.device_type, t.device.device_id


def device_pointer(obj):
    """The pointer a kernel gets for ``obj``; TypeError where its memory is not visible to the GPU."""
    ptr, device_type, _ = tensor(obj)
    if device_type not in _DEVICE_TYPES:
        raise TypeError("%s is a DLPack array of device type %d, not GPU-accessible memory"
                        % (type(obj).__name__, device_type))
    return ptr
