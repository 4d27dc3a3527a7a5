"""Differential scenarios (tests/diffharness.py) for StridedMemoryView and DLPack (``core.utils``), the type
aliases and enums of ``core.typing``, TMA tensor maps and the texture module's names.

CPU scenarios view numpy arrays (numpy is needed by both packages here). The GPU ones use CuPy where it is
installed (CPython); they are skipped where cudacffi.core's interpreter has no CuPy (PyPy).
Views of numpy arrays through DLPack need numpy 2.1 or newer on both sides: an older numpy (PyPy 3.9's is 2.0)
exports a C-contiguous array with NULL strides, which both packages report as ``strides=None``.
A view's ``ptr`` is printed in decimal by its repr; scenarios replace it with PTR.
"""

import re
import warnings

from diffharness import scenario, submodule

try:
    import numpy as np
except ImportError:  # the scenarios that need numpy fail alike under both packages
    np = None


def _smv(core):
    return submodule(core, "utils").StridedMemoryView


def _describe(v):
    """What a view says about itself, with its (decimal) address masked."""
    return {"repr": repr(v).replace(str(v.ptr), "PTR"), "shape": list(v.shape),
            "strides": None if v.strides is None else list(v.strides), "size": v.size, "dtype": str(v.dtype),
            "device_id": v.device_id, "is_device_accessible": v.is_device_accessible, "readonly": v.readonly,
            "dlpack_device": list(v.__dlpack_device__())}


def _raised(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the outcome is the exception
        return [type(e).__name__, str(e)]
    return "no error"


# -- StridedMemoryView over numpy arrays, by DLPack ------------------------------------------------------------

@scenario(gpu=False, needs=("numpy>=2.1",))
def smv_from_dlpack_numpy_2d(core):
    a = np.arange(12, dtype=np.int16).reshape(3, 4)
    v = _smv(core).from_dlpack(a, stream_ptr=-1)
    return dict(_describe(v), same_ptr=v.ptr == a.ctypes.data, exporting=v.exporting_obj is a)


@scenario(gpu=False, needs=("numpy>=2.1",))
def smv_from_dlpack_numpy_strided_0d_complex_bool(core):
    S = _smv(core)
    a = np.arange(24, dtype=np.float32).reshape(4, 6)[::2, 1::3]
    z = np.array(2.5)
    # (a read-only array is left out: numpy before 2.1, as on PyPy, refuses to export one by DLPack)
    return [_describe(S.from_dlpack(x, -1)) for x in (a, z, np.zeros(3, np.complex64), np.zeros(2, bool))]


@scenario(gpu=False)
def smv_from_dlpack_stream_rules_on_host_arrays(core):
    """None is ambiguous; -1 and 0 reach numpy as stream=None; any other int reaches numpy, which refuses it."""
    S = _smv(core)
    a = np.arange(4, dtype=np.int32)
    return [_raised(lambda: S.from_dlpack(a)), _raised(lambda: S.from_dlpack(a, None)),
            _raised(lambda: S.from_dlpack(a, 0)), _raised(lambda: S.from_dlpack(a, -1)),
            _raised(lambda: S.from_dlpack(a, 5)), _raised(lambda: S.from_any_interface(a)),
            _raised(lambda: S.from_any_interface(a, 7))]


@scenario(gpu=False, needs=("numpy>=2.1",))
def smv_from_any_interface_numpy_is_dlpack(core):
    a = np.arange(6, dtype=np.float64).reshape(2, 3)
    return _describe(_smv(core).from_any_interface(a, -1))


@scenario(gpu=False)
def smv_without_any_protocol(core):
    S = _smv(core)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        direct = _raised(lambda: S(object(), -1))
    # from_dlpack and from_cuda_array_interface raise cuda.core's AttributeError (ours: a TypeError naming obj that
    # is an AttributeError too, compared with cuda.core's in smv_from_dlpack_of_an_int and the like)
    return [_raised(lambda: S.from_any_interface(object(), -1)), _caught(AttributeError, S.from_dlpack, object(), -1),
            _caught(AttributeError, S.from_cuda_array_interface, np.zeros(2), -1), direct, len(caught)]


def _caught(kind, fn, *args):
    """The name of ``kind`` where ``fn(*args)`` raises an exception that ``except kind`` catches."""
    try:
        fn(*args)
    except kind:
        return kind.__name__
    return "no error"


@scenario(gpu=False, needs=("numpy>=2.1",))
def smv_direct_construction_is_deprecated(core):
    S = _smv(core)
    a = np.arange(4, dtype=np.int64)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        v = S(a, -1)
        S()
    return [_describe(v), [(w.category.__name__, str(w.message)) for w in caught]]


@scenario(gpu=False)
def smv_dlpack_export_round_trips_to_numpy(core):
    a = np.arange(12, dtype=np.int32).reshape(3, 4)[:, ::2]
    v = _smv(core).from_dlpack(a, -1)
    b = np.from_dlpack(v)
    return [b.tolist(), str(b.dtype), b.ctypes.data == a.ctypes.data, v.view() is v]


@scenario(gpu=False)
def smv_refuses_pickling_and_copying(core):
    import copy
    import pickle

    v = _smv(core).from_dlpack(np.arange(3), -1)
    return [_raised(lambda: pickle.dumps(v))[0], _raised(lambda: copy.copy(v))[0]]


@scenario(gpu=False)
def smv_dlpack_export_refusals(core):
    v = _smv(core).from_dlpack(np.arange(4, dtype=np.float32), -1)
    return [_raised(lambda: v.__dlpack__(copy=True)), _raised(lambda: v.__dlpack__(dl_device=(2, 0))),
            _raised(lambda: v.__dlpack__(max_version=(1,))), _raised(lambda: v.__dlpack__(max_version=(1, 0, 0))),
            type(v.__dlpack__(max_version=(1, 0))).__name__, type(v.__dlpack__(copy=False)).__name__]


# -- the array interfaces ---------------------------------------------------------------------------------------

class _CAI:
    def __init__(self, **iface):
        self.__cuda_array_interface__ = dict({"data": (0x10000, False), "shape": (4,), "typestr": "<f4",
                                              "version": 3}, **iface)


class _AI:
    def __init__(self, **iface):
        self.__array_interface__ = dict({"data": (0x10000, False), "shape": (4,), "typestr": "<f4",
                                         "version": 3}, **iface)


@scenario(gpu=False)
def smv_interfaces_refused_before_any_driver_call(core):
    S = _smv(core)
    return [_raised(lambda: S.from_cuda_array_interface(_CAI(version=2), -1)),
            _raised(lambda: S.from_cuda_array_interface(_CAI(mask=object()), -1)),
            _raised(lambda: S.from_cuda_array_interface(_CAI())),
            _raised(lambda: S.from_cuda_array_interface(_CAI(), None)),
            _raised(lambda: S.from_array_interface(_AI(version=2))),
            _raised(lambda: S.from_array_interface(_AI(mask=object())))]


# -- args_viewable_as_strided_memory ----------------------------------------------------------------------------

@scenario(gpu=False, needs=("numpy>=2.1",))
def smv_args_viewable_decorator(core):
    utils = submodule(core, "utils")

    @utils.args_viewable_as_strided_memory((1,))
    def f(x, arr):
        return [x, type(arr).__name__, arr.has_dlpack, arr.obj is a, _describe(arr.view(-1))]

    a = np.arange(3, dtype=np.uint16)
    return [f("x", a), _raised(lambda: f("x", object())), f.__name__]


# -- from_buffer refusals that come before any driver call -----------------------------------------------------

@scenario(gpu=False)
def smv_from_buffer_needs_a_dtype_or_itemsize(core):
    buf = core.Buffer.from_handle(0x10000, 64)
    S = _smv(core)
    return [_raised(lambda: S.from_buffer(buf, (4,))),
            _raised(lambda: S.from_buffer(buf, (4,), itemsize=8, dtype=np.dtype(np.float32)))]


# -- core.typing ---------------------------------------------------------------------------------------------------

@scenario(gpu=False)
def typing_names(core):
    typing = submodule(core, "typing")
    return sorted(typing.__all__)


@scenario(gpu=False)
def typing_string_enums(core):
    typing = submodule(core, "typing")
    out = {}
    for name in ("AddressModeType", "ArrayFormatType", "CompilerBackendType", "FilterModeType",
                 "ManagedMemoryLocationType", "ObjectCodeFormatType", "PCHStatusType", "ReadModeType",
                 "SourceCodeType", "VirtualMemoryAccessType", "VirtualMemoryAllocationType",
                 "VirtualMemoryGranularityType", "VirtualMemoryHandleType", "VirtualMemoryLocationType"):
        cls = getattr(typing, name)
        out[name] = [[m.name, m.value, str(m), "%s" % m, "{}".format(m), repr(m), m == m.value, isinstance(m, str)]
                     for m in cls]
    for name in ("GraphConditionalType", "GraphMemoryType", "WorkqueueSharingScopeType"):
        cls = getattr(typing, name)
        out[name] = [[m.name, m.value, str(m), m == m.value, isinstance(m, str)] for m in cls]
    return out


@scenario(gpu=False)
def typing_protocol_and_aliases(core):
    typing = submodule(core, "typing")

    class S:
        def __cuda_stream__(self):
            return (0, 0)
    return [typing.ProcessStateType.__args__, hasattr(typing.IsStreamType, "__cuda_stream__"),
            typing.ArrayFormatType("float32").name, typing.AddressModeType("clamp") is typing.AddressModeType.CLAMP,
            _raised(lambda: typing.FilterModeType("bogus"))]


@scenario(gpu=False)
def texture_module_names(core):
    texture = submodule(core, "texture")
    return sorted(texture.__all__)


# -- tensor map options and refusals -----------------------------------------------------------------------------

@scenario(gpu=False)
def tensor_map_options(core):
    TMO = core.TensorMapDescriptorOptions
    o = TMO([16, 8], data_type="float32")
    return [repr(o), repr(TMO((8,), element_strides=[1])), o == TMO((16, 8), data_type=np.float32),
            [f for f in TMO.__dataclass_fields__], _raised(lambda: hash(o))]


@scenario(gpu=False)
def tensor_map_options_refusals(core):
    TMO = core.TensorMapDescriptorOptions
    tm = submodule(core, "_tensor_map")
    return [_raised(lambda: TMO(8)), _raised(lambda: TMO((8, "8"))), _raised(lambda: TMO((8,), swizzle=5)),
            _raised(lambda: TMO((8,), interleave=None)), _raised(lambda: TMO((8,), data_type=object())),
            _raised(lambda: TMO((8,), oob_fill=tm.TensorMapOOBFill.NONE, l2_promotion=1))]


@scenario(gpu=False)
def tensor_map_enums(core):
    tm = submodule(core, "_tensor_map")
    return {name: [[m.name, int(m)] for m in getattr(tm, name)]
            for name in ("TensorMapDataType", "TensorMapInterleave", "TensorMapSwizzle", "TensorMapL2Promotion",
                         "TensorMapOOBFill")}


@scenario(gpu=False)
def tensor_map_refusals_before_any_driver_call(core):
    v = _smv(core).from_dlpack(np.zeros((64, 32), np.float32), -1)
    return [_raised(lambda: core.TensorMapDescriptor()), _raised(lambda: v.as_tensor_map((16, 8))),
            _raised(lambda: v.as_tensor_map()),
            _raised(lambda: v.as_tensor_map((16, 8), options=core.TensorMapDescriptorOptions((16, 8)))),
            _raised(lambda: v.as_tensor_map(options={"box_dim": (16, 8)})),
            _raised(lambda: v.as_tensor_map(options=5))]


# -- on a GPU ----------------------------------------------------------------------------------------------------

@scenario(gpu=True, needs=("cupy",))
def gpu_smv_from_dlpack_cupy_with_a_stream(core):
    import cupy as cp

    dev = core.Device()
    dev.set_current()
    s = dev.create_stream()
    try:
        a = cp.arange(12, dtype=cp.float32).reshape(3, 4)
        S = _smv(core)
        views = [S.from_dlpack(a, stream_ptr=s.handle), S.from_dlpack(a, stream_ptr=int(s.handle)),
                 S.from_dlpack(a, stream_ptr=-1), S.from_any_interface(a, s.handle)]
        out = [_describe(v) for v in views]
        out.append([v.ptr == a.data.ptr for v in views])
        out.append(_raised(lambda: S.from_dlpack(a)))
        out.append(cp.from_dlpack(views[0]).tolist())
        s.sync()
        return out
    finally:
        s.close()


@scenario(gpu=True, needs=("cupy",))
def gpu_smv_from_cuda_array_interface_cupy(core):
    import cupy as cp

    dev = core.Device()
    dev.set_current()
    s = dev.create_stream()
    try:
        a = cp.arange(6, dtype=cp.int32)
        v = _smv(core).from_cuda_array_interface(a, stream_ptr=s.handle)
        s.sync()
        return [_describe(v), v.ptr == a.data.ptr, cp.from_dlpack(v).tolist(),
                _raised(lambda: _smv(core).from_cuda_array_interface(a))]
    finally:
        s.close()


@scenario(gpu=True, needs=("cupy",))
def gpu_smv_args_viewable_with_a_work_stream(core):
    """NVIDIA's strided_memory_view_gpu.py: arr.view(work_stream.handle)."""
    import cupy as cp

    dev = core.Device()
    dev.set_current()
    s = dev.create_stream()
    try:
        @submodule(core, "utils").args_viewable_as_strided_memory((0,))
        def f(arr, work_stream):
            view = arr.view(work_stream.handle if work_stream else -1)
            return [_describe(view), str(view.dtype), view.is_device_accessible]
        out = [f(cp.arange(8, dtype=cp.int32), s), f(cp.arange(8, dtype=cp.int32), None)]
        s.sync()
        return out
    finally:
        s.close()


@scenario(gpu=True)
def gpu_smv_from_buffer(core):
    dev = core.Device()
    dev.set_current()
    s = dev.create_stream()
    buf = dev.memory_resource.allocate(48, stream=s)
    try:
        S = _smv(core)
        v = S.from_buffer(buf, shape=(3, 4), strides=(4, 1), dtype=np.dtype(np.float32))
        w = S.from_buffer(buf, shape=(12,), itemsize=4)
        # the Buffer class lives in another module of each package: its name alone is compared
        buffer_module = re.compile(r"exporting_obj=[\w.]*\.Buffer\)")
        d = _describe(v)
        d["repr"] = buffer_module.sub("exporting_obj=Buffer)", d["repr"])
        return [d, v.ptr == int(buf.handle), v.exporting_obj is buf,
                buffer_module.sub("exporting_obj=Buffer)", repr(w).replace(str(w.ptr), "PTR")), w.dtype,
                _raised(lambda: w.__dlpack__()),
                _raised(lambda: S.from_buffer(buf, shape=(3, 4), itemsize=3, dtype=np.dtype(np.float32)))]
    finally:
        buf.close(s)
        s.close()


@scenario(gpu=True, needs=("numpy>=2.1",))
def gpu_smv_from_array_interface_device_id(core):
    """cuda.core gives a host view made by __array_interface__ the current device's id."""
    dev = core.Device()
    dev.set_current()
    a = np.arange(4, dtype=np.float32)
    return [_describe(_smv(core).from_array_interface(a)), _describe(_smv(core).from_dlpack(a, -1))]


@scenario(gpu=True)
def gpu_tensor_map_1d_and_2d(core):
    """NVIDIA's tma_tensor_map.py builds a rank-1 map over a CuPy array; and a 2-D one, replace_address."""
    dev = core.Device()
    if dev.compute_capability < (9, 0):
        return "needs sm_90"
    dev.set_current()
    s = dev.create_stream()
    bufs = [dev.memory_resource.allocate(64 * 32 * 4, stream=s) for _ in range(2)]
    try:
        S = _smv(core)
        out = []
        for _ in range(8):  # several maps: each must be encodable wherever its memory lands
            v1 = S.from_buffer(bufs[0], shape=(1024,), dtype=np.dtype(np.float32))
            tm1 = v1.as_tensor_map(box_dim=(128,))
            v2 = S.from_buffer(bufs[0], shape=(64, 32), dtype=np.dtype(np.float32))
            tm2 = v2.as_tensor_map((16, 8))
            tm2.replace_address(S.from_buffer(bufs[1], shape=(64, 32), dtype=np.dtype(np.float32)))
            out.append([repr(tm1), repr(tm2), tm1.device.device_id == dev.device_id])
        out.append(_raised(lambda: v2.as_tensor_map((16, 512))))
        out.append(_raised(lambda: v2.as_tensor_map((16,))))
        # (the list of supported dtypes names bfloat16 where ml_dtypes is installed: an interpreter's matter)
        refused = _raised(lambda: v2.as_tensor_map((16, 8), data_type=np.int8))
        out.append(refused if refused == "no error" else [refused[0], refused[1].split("; supported dtypes:")[0]])
        return out
    finally:
        for b in bufs:
            b.close(s)
        s.close()


@scenario(gpu=True)
def gpu_texture_objects_read_as_cuda_core(core):
    """The host side of NVIDIA's texture_sample.py: reprs, enums from core.typing, handles reading 0 once closed."""
    typing = submodule(core, "typing")
    texture = submodule(core, "texture")
    dev = core.Device()
    dev.set_current()
    s = dev.create_stream()
    try:
        opts = texture.OpaqueArrayOptions(shape=(16, 8), format=typing.ArrayFormatType.FLOAT32, num_channels=1)
        with dev.create_opaque_array(opts) as arr:
            arr.copy_from(np.arange(128, dtype=np.float32).reshape(8, 16), stream=s)
            back = np.zeros((8, 16), dtype=np.float32)
            arr.copy_to(back, stream=s)
            s.sync()
            res = texture.ResourceDescriptor.from_opaque_array(arr)
            tex_opts = texture.TextureObjectOptions(address_mode=typing.AddressModeType.CLAMP,
                                                    filter_mode=typing.FilterModeType.LINEAR,
                                                    read_mode=typing.ReadModeType.ELEMENT_TYPE,
                                                    normalized_coords=False)
            with dev.create_texture_object(resource=res, options=tex_opts) as tex:
                live = [tex.handle != 0, int(np.uint64(tex.handle)) == tex.handle, repr(tex).startswith(
                    "TextureObject(handle=0x")]
            out = [repr(arr), repr(res), back.ravel().tolist()[:5], live, tex.handle, repr(tex)]
        out += [arr.handle, repr(arr)]
        return out
    finally:
        s.close()


# -- bad input (issue 25 item 7): what lacks a protocol, or answers garbage -------------------------------------

_LACKS = "ours is a TypeError naming obj and the protocol it lacks, which is an AttributeError too (cuda.core's)"


class _Answers:
    """An object whose protocol attributes answer what it is given (set per instance)."""

    def __init__(self, **attributes):
        for name, value in attributes.items():
            setattr(self, name, value)


def _dlpack_answering(device):
    def dlpack(*args, **kwargs):
        raise AssertionError("__dlpack__ asked for before __dlpack_device__'s answer was checked")
    return _Answers(__dlpack__=dlpack, __dlpack_device__=lambda: device)


@scenario(gpu=False, differs=_LACKS)
def smv_from_dlpack_of_an_int(core):
    return repr(_smv(core).from_dlpack(5, stream_ptr=-1))


@scenario(gpu=False, differs=_LACKS)
def smv_from_dlpack_of_none(core):
    return repr(_smv(core).from_dlpack(None, stream_ptr=-1))


@scenario(gpu=False, differs=_LACKS)
def smv_from_array_interface_of_a_list(core):
    return repr(_smv(core).from_array_interface([1, 2]))


@scenario(gpu=False, differs=_LACKS)
def smv_from_array_interface_of_a_str(core):
    return repr(_smv(core).from_array_interface("x"))


@scenario(gpu=False, differs=_LACKS)
def smv_from_cuda_array_interface_of_an_object(core):
    return repr(_smv(core).from_cuda_array_interface(object(), stream_ptr=-1))


@scenario(gpu=False, differs=_LACKS)
def smv_from_cuda_array_interface_of_a_numpy_array(core):
    return repr(_smv(core).from_cuda_array_interface(np.zeros(2), stream_ptr=-1))


@scenario(gpu=False, differs="ours names obj.__dlpack_device__() and the pair it must return; cuda.core's is "
                             "Python's 'object is not iterable'")
def smv_from_dlpack_device_answers_an_int(core):
    return repr(_smv(core).from_dlpack(_dlpack_answering(5), stream_ptr=-1))


@scenario(gpu=False, differs="ours names obj.__dlpack_device__() and the pair it must return; cuda.core's is "
                             "Python's unpacking message")
def smv_from_dlpack_device_answers_one_value(core):
    return repr(_smv(core).from_dlpack(_dlpack_answering((1,)), stream_ptr=-1))


@scenario(gpu=False, differs="ours names the shape; cuda.core's says 'Expected tuple, got int'")
def smv_from_array_interface_shape_an_int(core):
    iface = {"shape": 5, "typestr": "<f4", "data": (4096, False), "version": 3}
    return repr(_smv(core).from_array_interface(_Answers(__array_interface__=iface)))


@scenario(gpu=False, differs="ours names data and what it takes; cuda.core's is Python's 'object is not iterable'")
def smv_from_array_interface_data_an_int(core):
    iface = {"shape": (2,), "typestr": "<f4", "data": 5, "version": 3}
    return repr(_smv(core).from_array_interface(_Answers(__array_interface__=iface)))


@scenario(gpu=False, differs="ours names the shape parameter; cuda.core's is its Cython argument check")
def smv_from_buffer_shape_an_int(core):
    buf = core.Buffer.from_handle(0x1000, 64)
    return repr(_smv(core).from_buffer(buf, 7, itemsize=4))


@scenario(gpu=False, differs="ours names stream_ptr and what __cuda_stream__ must return; cuda.core takes an int "
                             "only (its Cython argument check)")
def smv_from_dlpack_stream_answering_garbage(core):
    class Stream:
        def __cuda_stream__(self):
            return (0,)
    return repr(_smv(core).from_dlpack(np.zeros(2), stream_ptr=Stream()))


@scenario(gpu=False)
def smv_dlpack_dl_device_an_int(core):
    view = _smv(core).from_any_interface(np.zeros(2), stream_ptr=-1)
    return repr(view.__dlpack__(dl_device=5))


@scenario(gpu=False, differs="ours names max_version and what it takes; cuda.core's is Python's comparison message")
def smv_dlpack_max_version_of_text(core):
    view = _smv(core).from_any_interface(np.zeros(2), stream_ptr=-1)
    return repr(view.__dlpack__(max_version=("a", 5)))


@scenario(gpu=False, differs="ours names the function and the parameter; cuda.core's is its Cython argument check")
def args_viewable_indices_an_int(core):
    return repr(submodule(core, "utils").args_viewable_as_strided_memory(5))


@scenario(gpu=False, differs="ours also says which argument was asked for and how many the call has")
def args_viewable_index_past_the_arguments(core):
    wrapped = submodule(core, "utils").args_viewable_as_strided_memory((3,))(lambda *args: args)
    return repr(wrapped(np.zeros(2)))


@scenario(gpu=False, differs="ours names name_expressions; cuda.core's is Python's 'object is not iterable'")
def cache_key_name_expressions_a_float(core):
    from diffscen_program import ARCH, SRC

    return submodule(core, "utils").make_program_cache_key(code=SRC, code_type="c++", target_type="cubin",
                                                           options=core.ProgramOptions(arch=ARCH),
                                                           name_expressions=1.5).hex()


@scenario(gpu=False, differs="ours names the cache key in the UnicodeEncodeError's reason")
def cache_key_of_a_lone_surrogate(core):
    return submodule(core, "utils").InMemoryProgramCache()["\ud800"]
