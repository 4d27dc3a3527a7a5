"""cudacffi.core.texture, green contexts and GraphicsResource without a GPU.

Options and descriptors are checked in this process (pure Python). What calls the driver runs in child
interpreters against ``tex_libcuda.c``, a stand-in libcuda compiled against the build's own CUDA headers:
its arrays are host memory (so copies round-trip real data), its texture and surface objects record their
descriptors (so the tests read back what the driver was given), its SM splits follow the driver's 9.0
granularity, and it has one "OpenGL buffer". The GPU tests (test_core_texture_gpu.py) check CUDA itself.
"""

import os
import subprocess
import sys
import textwrap

import pytest

from conftest import ROOT, c_compiler, script_env

from cudacffi.core import (Buffer, ContextOptions, DeviceResources, GraphicsResource, SMResource,
                           SMResourceOptions, WorkqueueResource, WorkqueueResourceOptions,
                           WorkqueueSharingScopeType)
from cudacffi.core.texture import (AddressModeType, ArrayFormatType, FilterModeType, MipmappedArray,
                                   MipmappedArrayOptions, OpaqueArray, OpaqueArrayOptions, ReadModeType,
                                   ResourceDescriptor, SurfaceObject, TextureObject, TextureObjectOptions)

try:
    import numpy as np
except ImportError:
    np = None

needs_numpy = pytest.mark.skipif(np is None, reason="numpy is not installed")


# -- options: formats, channels, shapes ------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", list(ArrayFormatType))
def test_every_format_by_member_and_by_name(fmt):
    assert OpaqueArrayOptions((4,), fmt, 1).format is fmt
    assert OpaqueArrayOptions((4,), fmt.value, 1).format is fmt


@needs_numpy
@pytest.mark.parametrize("dtype,fmt", [("uint8", "uint8"), ("int16", "int16"), ("float16", "float16"),
                                       ("float32", "float32"), ("uint32", "uint32")])
def test_format_by_numpy_dtype(dtype, fmt):
    assert OpaqueArrayOptions((4, 4), np.dtype(dtype), 2).format == fmt
    assert OpaqueArrayOptions((4, 4), getattr(np, dtype), 2).format is ArrayFormatType(fmt)


def test_format_by_driver_enum():
    from cudacffi import driver

    opts = OpaqueArrayOptions((4,), driver.CUarray_format.CU_AD_FORMAT_HALF, 1)
    assert opts.format is ArrayFormatType.FLOAT16
    with pytest.raises(ValueError, match="format"):
        OpaqueArrayOptions((4,), driver.CUarray_format.CU_AD_FORMAT_NV12, 1)


@pytest.mark.parametrize("bad,exc", [("float64", ValueError), ("FLOAT32", ValueError), (None, TypeError),
                                     (5, TypeError), (True, TypeError), (b"float32", TypeError)])
def test_bad_format_names_the_parameter(bad, exc):
    with pytest.raises(exc, match="format"):
        OpaqueArrayOptions((4,), bad, 1)


@needs_numpy
def test_numpy_dtype_without_array_format():
    with pytest.raises(ValueError, match="format.*float64"):
        OpaqueArrayOptions((4,), np.float64, 1)
    with pytest.raises(ValueError, match="format"):
        OpaqueArrayOptions((4,), np.dtype(">f4"), 1)  # not native byte order


@pytest.mark.parametrize("channels", [1, 2, 4])
def test_channels(channels):
    assert OpaqueArrayOptions((4,), "uint8", channels).num_channels == channels


@pytest.mark.parametrize("bad,exc", [(3, ValueError), (0, ValueError), (8, ValueError), (True, TypeError),
                                     (1.0, TypeError), ("1", TypeError), (None, TypeError)])
def test_bad_channels(bad, exc):
    with pytest.raises(exc, match="num_channels"):
        OpaqueArrayOptions((4,), "uint8", bad)
    with pytest.raises(exc, match="num_channels"):
        MipmappedArrayOptions((4,), "uint8", bad, 1)


def test_shapes():
    assert OpaqueArrayOptions([7], "int8", 1).shape == (7,)
    assert OpaqueArrayOptions([7, 3], "int8", 1).shape == (7, 3)
    assert OpaqueArrayOptions((7, 3, 2), "int8", 1).shape == (7, 3, 2)


@pytest.mark.parametrize("bad,exc,where", [((), ValueError, "shape"), ((1, 2, 3, 4), ValueError, "shape"),
                                           ((0, 2), ValueError, r"shape\[0\]"), ((2, -1), ValueError, r"shape\[1\]"),
                                           ((2, 2.0), TypeError, r"shape\[1\]"), (5, TypeError, "shape"),
                                           ((True, 2), TypeError, r"shape\[0\]"), ("ab", TypeError, "shape"),
                                           (None, TypeError, "shape"), ((1 << 64,), ValueError, r"shape\[0\]")])
def test_bad_shapes_name_the_extent(bad, exc, where):
    with pytest.raises(exc, match=where):
        OpaqueArrayOptions(bad, "float32", 1)


@needs_numpy
def test_numpy_int_extents():
    assert OpaqueArrayOptions((np.int64(3), np.uint16(2)), "float32", 1).shape == (3, 2)


def test_surface_flag():
    assert OpaqueArrayOptions((4,), "uint8", 1, True).is_surface_load_store is True
    assert OpaqueArrayOptions((4,), "uint8", 1, 1).is_surface_load_store is True
    assert OpaqueArrayOptions((4,), "uint8", 1).is_surface_load_store is False
    with pytest.raises(TypeError, match="is_surface_load_store"):
        OpaqueArrayOptions((4,), "uint8", 1, "yes")


def test_options_compare_by_value_and_are_unhashable():
    assert OpaqueArrayOptions((4, 4), ArrayFormatType.INT8, 1) == OpaqueArrayOptions([4, 4], "int8", 1)
    assert OpaqueArrayOptions((4, 4), "int8", 1) != OpaqueArrayOptions((4, 4), "int8", 2)
    with pytest.raises(TypeError):
        hash(OpaqueArrayOptions((4,), "int8", 1))


def test_mipmap_levels():
    assert MipmappedArrayOptions((16, 8), "float32", 1, 5).num_levels == 5  # 16 -> 8 -> 4 -> 2 -> 1
    with pytest.raises(ValueError, match="num_levels"):
        MipmappedArrayOptions((16, 8), "float32", 1, 6)
    with pytest.raises(ValueError, match="num_levels"):
        MipmappedArrayOptions((16,), "float32", 1, 0)
    with pytest.raises(TypeError, match="num_levels"):
        MipmappedArrayOptions((16,), "float32", 1, 1.5)


# -- options: sampling ---------------------------------------------------------------------------------------------

def test_texture_defaults():
    o = TextureObjectOptions()
    assert o.address_mode is AddressModeType.CLAMP and o.filter_mode is FilterModeType.POINT
    assert o.read_mode is ReadModeType.ELEMENT_TYPE and o.mipmap_filter_mode is FilterModeType.POINT
    assert (o.normalized_coords, o.srgb, o.max_anisotropy, o.border_color) == (False, False, 0, None)
    assert o == TextureObjectOptions(address_mode="clamp", filter_mode="point")


@pytest.mark.parametrize("mode", list(AddressModeType))
def test_address_mode_by_name_by_member_and_by_driver_enum(mode):
    from cudacffi import driver

    by_driver = getattr(driver.CUaddress_mode, "CU_TR_ADDRESS_MODE_" + mode.name)
    for value in (mode, mode.value, by_driver):
        assert TextureObjectOptions(address_mode=value).address_mode is mode
    assert TextureObjectOptions(address_mode=(value, "wrap")).address_mode == (mode, AddressModeType.WRAP)


def test_address_mode_sequences():
    o = TextureObjectOptions(address_mode=["wrap", "border", "mirror"])
    assert o.address_mode == (AddressModeType.WRAP, AddressModeType.BORDER, AddressModeType.MIRROR)
    with pytest.raises(ValueError, match="address_mode"):
        TextureObjectOptions(address_mode=("wrap",) * 4)
    with pytest.raises(ValueError, match="address_mode"):
        TextureObjectOptions(address_mode=())
    with pytest.raises(ValueError, match=r"address_mode\[1\].*'clamp'"):
        TextureObjectOptions(address_mode=("wrap", "bogus"))
    with pytest.raises(ValueError, match="address_mode"):
        TextureObjectOptions(address_mode="WRAP")
    with pytest.raises(TypeError, match="address_mode"):
        TextureObjectOptions(address_mode=1)


def test_filter_and_read_modes():
    from cudacffi import driver

    assert TextureObjectOptions(filter_mode="linear").filter_mode is FilterModeType.LINEAR
    assert TextureObjectOptions(filter_mode=driver.CUfilter_mode.CU_TR_FILTER_MODE_LINEAR).filter_mode == "linear"
    assert TextureObjectOptions(mipmap_filter_mode="linear").mipmap_filter_mode is FilterModeType.LINEAR
    assert TextureObjectOptions(read_mode="normalized_float").read_mode is ReadModeType.NORMALIZED_FLOAT
    with pytest.raises(ValueError, match="filter_mode"):
        TextureObjectOptions(filter_mode="cubic")
    with pytest.raises(ValueError, match="mipmap_filter_mode"):
        TextureObjectOptions(mipmap_filter_mode="nearest")
    with pytest.raises(TypeError, match="read_mode"):
        TextureObjectOptions(read_mode=3)
    with pytest.raises(TypeError, match="filter_mode"):
        TextureObjectOptions(filter_mode=driver.CUaddress_mode.CU_TR_ADDRESS_MODE_WRAP)


@pytest.mark.parametrize("field,bad,exc", [
    ("max_anisotropy", -1, ValueError), ("max_anisotropy", 17, ValueError), ("max_anisotropy", 2.0, TypeError),
    ("normalized_coords", "yes", TypeError), ("srgb", 2, TypeError), ("seamless_cubemap", None, TypeError),
    ("disable_trilinear_optimization", "no", TypeError), ("mipmap_level_bias", "x", TypeError),
    ("min_mipmap_level_clamp", None, TypeError), ("max_mipmap_level_clamp", True, TypeError),
    ("border_color", (1, 2, 3), ValueError), ("border_color", 1.0, ValueError),
    ("border_color", ("a", 2, 3, 4), TypeError)])
def test_bad_sampling_fields_name_the_field(field, bad, exc):
    with pytest.raises(exc, match=field):
        TextureObjectOptions(**{field: bad})


def test_sampling_numbers_are_converted():
    o = TextureObjectOptions(max_anisotropy=16, mipmap_level_bias=1, border_color=[0, 0.5, 1, 1])
    assert o.max_anisotropy == 16 and o.mipmap_level_bias == 1.0 and isinstance(o.mipmap_level_bias, float)
    assert o.border_color == (0.0, 0.5, 1.0, 1.0)


def test_enums_compare_as_their_strings():
    assert AddressModeType.BORDER == "border" and str(FilterModeType.LINEAR) == "linear"
    assert ReadModeType("normalized_float") is ReadModeType.NORMALIZED_FLOAT
    assert WorkqueueSharingScopeType("green_ctx_balanced") is WorkqueueSharingScopeType.GREEN_CTX_BALANCED


# -- objects made by factories only; descriptors ----------------------------------------------------------------

@pytest.mark.parametrize("cls", [OpaqueArray, MipmappedArray, TextureObject, SurfaceObject, ResourceDescriptor,
                                 SMResource, WorkqueueResource, DeviceResources, GraphicsResource])
def test_no_direct_construction(cls):
    with pytest.raises(RuntimeError, match="cannot be instantiated directly"):
        cls()


def test_descriptor_factories_check_types():
    with pytest.raises(TypeError, match="array must be an OpaqueArray"):
        ResourceDescriptor.from_opaque_array(5)
    with pytest.raises(TypeError, match="mipmapped_array must be a MipmappedArray"):
        ResourceDescriptor.from_mipmapped_array(None)
    with pytest.raises(TypeError, match="buffer must be a Buffer"):
        ResourceDescriptor.from_linear(bytearray(16), format="float32", num_channels=1)
    with pytest.raises(TypeError, match="buffer must be a Buffer"):
        ResourceDescriptor.from_pitch2d(0, format="float32", num_channels=1, width=1, height=1, pitch_bytes=4)


def test_linear_descriptor():
    buf = Buffer.from_handle(0x10000, 1024)
    r = ResourceDescriptor.from_linear(buf, format="float32", num_channels=2)
    assert (r.kind, r.source, r.format, r.num_channels, r.size_bytes) == ("linear", buf, "float32", 2, 1024)
    assert (r.width, r.height, r.pitch_bytes) == (None, None, None)
    assert ResourceDescriptor.from_linear(buf, format="uint8", num_channels=4, size_bytes=512).size_bytes == 512
    for size, message in ((2048, "exceeds"), (6, "multiple"), (0, "at least one element")):
        with pytest.raises(ValueError, match="size_bytes.*" + message):
            ResourceDescriptor.from_linear(buf, format="float32", num_channels=1, size_bytes=size)
    with pytest.raises(TypeError, match="size_bytes"):
        ResourceDescriptor.from_linear(buf, format="float32", num_channels=1, size_bytes=8.0)
    with pytest.raises(ValueError, match="num_channels"):
        ResourceDescriptor.from_linear(buf, format="float32", num_channels=3)
    buf.close()
    with pytest.raises(RuntimeError, match="Buffer has been closed"):
        ResourceDescriptor.from_linear(buf, format="float32", num_channels=1)


def test_pitch2d_descriptor():
    buf = Buffer.from_handle(0x10000, 1024)
    r = ResourceDescriptor.from_pitch2d(buf, format="float32", num_channels=1, width=8, height=4, pitch_bytes=64)
    assert (r.kind, r.width, r.height, r.pitch_bytes, r.size_bytes) == ("pitch2d", 8, 4, 64, None)
    assert "pitch2d" in repr(r)
    with pytest.raises(ValueError, match="pitch_bytes.*32"):
        ResourceDescriptor.from_pitch2d(buf, format="float32", num_channels=1, width=8, height=4, pitch_bytes=16)
    with pytest.raises(ValueError, match="exceeds buffer.size"):
        ResourceDescriptor.from_pitch2d(buf, format="float32", num_channels=1, width=8, height=40, pitch_bytes=64)
    for field in ("width", "height", "pitch_bytes"):
        args = dict(width=8, height=4, pitch_bytes=64)
        args[field] = 0
        with pytest.raises(ValueError, match=field):
            ResourceDescriptor.from_pitch2d(buf, format="float32", num_channels=1, **args)
        args[field] = "8"
        with pytest.raises(TypeError, match=field):
            ResourceDescriptor.from_pitch2d(buf, format="float32", num_channels=1, **args)


# -- green-context and workqueue options ------------------------------------------------------------------------

def test_workqueue_options():
    o = WorkqueueResourceOptions(sharing_scope="green_ctx_balanced", concurrency_limit=4)
    assert o.sharing_scope is WorkqueueSharingScopeType.GREEN_CTX_BALANCED and o.concurrency_limit == 4
    assert WorkqueueResourceOptions().sharing_scope is None
    with pytest.raises(ValueError, match="sharing_scope"):
        WorkqueueResourceOptions(sharing_scope="everywhere")
    with pytest.raises(ValueError, match="concurrency_limit"):
        WorkqueueResourceOptions(concurrency_limit=0)
    with pytest.raises(TypeError, match="concurrency_limit"):
        WorkqueueResourceOptions(concurrency_limit=2.0)


def test_context_and_sm_options_are_dataclasses():
    assert SMResourceOptions(count=8) == SMResourceOptions(8)
    assert SMResourceOptions().backfill is False
    assert ContextOptions(resources=[]).resources == []
    with pytest.raises(TypeError):
        ContextOptions()


# -- the driver calls, against the stand-in libcuda -----------------------------------------------------------------

@pytest.fixture(scope="module")
def standin(tmp_path_factory):
    """Path of tex_libcuda.c compiled against this build's CUDA headers."""
    from cudacffi import driver

    version = "%d.%d" % (driver.CUDA_VERSION // 1000, (driver.CUDA_VERSION % 1000) // 10)
    if driver.CUDA_VERSION < 12040:
        pytest.skip("the stand-in libcuda needs CUDA 12.4+ headers (green contexts); this build has %s" % version)
    include = os.path.join(ROOT, "headers", "cuda-" + version, "include")
    if not os.path.isfile(os.path.join(include, "cuda.h")):
        pytest.skip("no headers/cuda-%s/include/cuda.h to build the stand-in libcuda against" % version)
    out = tmp_path_factory.mktemp("tex_libcuda") / "libcuda.so.1"
    r = subprocess.run([c_compiler(), "-shared", "-fPIC", "-I", include, "-o", str(out),
                        os.path.join(ROOT, "tests", "tex_libcuda.c")], capture_output=True, text=True)
    if r.returncode:
        pytest.skip("cannot build the stand-in libcuda: %s" % r.stderr[-500:])
    return str(out)


PRELUDE = '''
import ctypes, os
import numpy as np
import pytest
from cudacffi import driver
from cudacffi.core import *
from cudacffi.core.texture import *
sim = ctypes.CDLL(os.environ["CUDACFFI_LIBDRIVER"])
sim.sim_tex_float.restype = ctypes.c_double
sim.sim_gl_memory.restype = ctypes.c_void_p
sim.sim_res_pointer.restype = sim.sim_res_field.restype = sim.sim_launched.restype = ctypes.c_ulonglong
def desc(array, field):
    return sim.sim_array_desc(ctypes.c_void_p(array.handle), field)
dev = Device(0)
dev.set_current()
s = dev.create_stream()
'''


def run(standin, body):
    """Run ``body`` (after PRELUDE) in a child interpreter on the stand-in; it must print OK."""
    if np is None:
        pytest.skip("numpy is not installed")
    code = PRELUDE + textwrap.dedent(body) + "\nprint('OK')\n"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT,
                       env=script_env(CUDACFFI_LIBDRIVER=standin))
    assert r.returncode == 0 and r.stdout.strip().endswith("OK"), r.stdout[-3000:] + r.stderr[-3000:]


def test_opaque_array_descriptor_and_round_trip(standin):
    run(standin, '''
        arr = dev.create_opaque_array(OpaqueArrayOptions((5, 3), "float32", 1))
        assert [desc(arr, i) for i in range(6)] == [5, 3, 0, int(driver.CUarray_format.CU_AD_FORMAT_FLOAT), 1, 0]
        assert (arr.shape, arr.element_bytes, arr.size_bytes, arr.format) == ((5, 3), 4, 60, "float32")
        img = np.arange(15, dtype=np.float32).reshape(3, 5)     # (height, width)
        arr.copy_from(img, stream=s)
        out = np.zeros_like(img)
        assert arr.copy_to(out, stream=s) is out
        s.sync()
        assert (out == img).all()
        arr.copy_from(img.tobytes(), stream=s)                   # read-only bytes are a fine source
        line = dev.create_opaque_array(OpaqueArrayOptions((6,), "uint8", 4, is_surface_load_store=True))
        assert [desc(line, i) for i in (0, 1, 2, 4, 5)] == [6, 0, 0, 4, 2]
        vol = dev.create_opaque_array(OpaqueArrayOptions((3, 2, 2), np.int16, 2))
        data = np.arange(24, dtype=np.int16).reshape(2, 2, 3, 2)
        vol.copy_from(data, stream=s)
        back = np.empty_like(data)
        vol.copy_to(back, stream=s)
        assert (back == data).all() and vol.size_bytes == data.nbytes
    ''')


def test_opaque_array_copies_through_buffers(standin):
    run(standin, '''
        arr = dev.create_opaque_array(OpaqueArrayOptions((4, 2), "int32", 1))
        host_src = np.arange(8, dtype=np.int32) * 3
        host_dst = np.zeros(10, dtype=np.int32)                    # larger than the array: fine
        src = Buffer.from_handle(host_src.ctypes.data, host_src.nbytes)   # the stand-in's device memory is host
        dst = Buffer.from_handle(host_dst.ctypes.data, host_dst.nbytes)
        arr.copy_from(src, stream=s)
        assert arr.copy_to(dst, stream=s) is dst
        assert (host_dst[:8] == host_src).all() and (host_dst[8:] == 0).all()
        small = Buffer.from_handle(host_src.ctypes.data, 16)
        with pytest.raises(ValueError, match="src.*16 bytes"):
            arr.copy_from(small, stream=s)
        small.close()
        with pytest.raises(RuntimeError, match="Buffer has been closed"):
            arr.copy_to(small, stream=s)
    ''')


def test_opaque_array_copy_errors(standin):
    run(standin, '''
        arr = dev.create_opaque_array(OpaqueArrayOptions((4, 2), "float32", 1))
        copies = sim.sim_copies()
        with pytest.raises(ValueError, match="src has 16 bytes"):
            arr.copy_from(np.zeros(4, np.float32), stream=s)
        with pytest.raises(TypeError, match="dst must be writable"):
            arr.copy_to(bytes(32), stream=s)
        with pytest.raises(ValueError, match="dst must be C-contiguous"):
            arr.copy_to(np.zeros((4, 4), np.float32)[:, ::2], stream=s)
        with pytest.raises(TypeError, match="src must be a Buffer or a host buffer"):
            arr.copy_from(12, stream=s)
        with pytest.raises(TypeError, match="stream"):
            arr.copy_from(np.zeros(8, np.float32))
        with pytest.raises(TypeError, match="Stream"):
            arr.copy_from(np.zeros(8, np.float32), stream=5)
        assert sim.sim_copies() == copies                          # nothing reached the driver
        with pytest.raises(TypeError, match="OpaqueArrayOptions"):
            dev.create_opaque_array({"shape": (4,)})
        changed = OpaqueArrayOptions((4,), "float32", 1)
        changed.num_channels = 3                                   # changed after it was checked
        with pytest.raises(ValueError, match="num_channels"):
            dev.create_opaque_array(changed)
        opts = TextureObjectOptions()
        opts.filter_mode = "bogus"
        with pytest.raises(ValueError, match="filter_mode"):
            dev.create_texture_object(resource=ResourceDescriptor.from_opaque_array(arr), options=opts)
        with arr:
            pass
        assert arr.is_closed and sim.sim_live_arrays() == 0
        assert repr(arr) == "OpaqueArray(shape=(4, 2), format=FLOAT32, num_channels=1)" and arr.handle == 0
        arr.close()                                                # idempotent
        for action in (lambda: arr.copy_from(np.zeros(8, np.float32), stream=s),
                       lambda: ResourceDescriptor.from_opaque_array(arr)):
            with pytest.raises(RuntimeError, match="OpaqueArray has been closed"):
                action()
    ''')


def test_texture_sample_example_host_side(standin):
    """What NVIDIA's texture_sample.py does before its launch: the enums from core.typing, an OpaqueArray as a
    context manager filled from a (height, width) image, a clamped linear texture made from options."""
    run(standin, '''
        from cudacffi.core.typing import AddressModeType, ArrayFormatType, FilterModeType, ReadModeType
        width, height = 16, 16
        with Device().create_opaque_array(OpaqueArrayOptions(shape=(width, height), format=ArrayFormatType.FLOAT32,
                                                             num_channels=1)) as arr:
            ys, xs = np.meshgrid(np.arange(height, dtype=np.float32), np.arange(width, dtype=np.float32),
                                 indexing="ij")
            pattern = (xs + 100.0 * ys).astype(np.float32)
            arr.copy_from(pattern, stream=s)
            back = np.zeros_like(pattern)
            arr.copy_to(back, stream=s)
            s.sync()
            assert (back == pattern).all()
            assert repr(arr) == "OpaqueArray(shape=(16, 16), format=FLOAT32, num_channels=1)"
            res_desc = ResourceDescriptor.from_opaque_array(arr)
            assert repr(res_desc) == "ResourceDescriptor(kind='array')"
            tex_desc = TextureObjectOptions(address_mode=AddressModeType.CLAMP, filter_mode=FilterModeType.LINEAR,
                                            read_mode=ReadModeType.ELEMENT_TYPE, normalized_coords=False)
            with Device().create_texture_object(resource=res_desc, options=tex_desc) as tex:
                assert int(np.uint64(tex.handle)) == tex.handle > 0
                assert repr(tex) == "TextureObject(handle=0x%x)" % tex.handle
                assert [sim.sim_tex_address_mode(i) for i in range(3)] == [1, 1, 1]
                assert sim.sim_tex_filter_mode() == 1 and sim.sim_tex_flags() == 0
                import copy, pickle
                for obj in (arr, tex):
                    with pytest.raises(TypeError, match="cannot pickle"):
                        pickle.dumps(obj)
                    with pytest.raises(TypeError, match="cannot pickle"):
                        copy.copy(obj)
            assert tex.handle == 0 and repr(tex) == "TextureObject(handle=0x0)" and sim.sim_live_textures() == 0
        assert arr.handle == 0 and sim.sim_live_arrays() == 0
        assert str(ArrayFormatType.FLOAT32) == "float32" and f"{FilterModeType.LINEAR}" == "linear"
    ''')


def test_texture_descriptor_as_given(standin):
    run(standin, '''
        arr = dev.create_opaque_array(OpaqueArrayOptions((8, 8), "float32", 1))
        opts = TextureObjectOptions(address_mode=("wrap", driver.CUaddress_mode.CU_TR_ADDRESS_MODE_BORDER),
                                    filter_mode="linear", normalized_coords=True, srgb=True,
                                    disable_trilinear_optimization=True, max_anisotropy=4,
                                    mipmap_filter_mode="linear", mipmap_level_bias=0.5,
                                    min_mipmap_level_clamp=1.0, max_mipmap_level_clamp=3.0,
                                    border_color=(0.25, 0.5, 0.75, 1.0))
        tex = dev.create_texture_object(resource=ResourceDescriptor.from_opaque_array(arr), options=opts)
        assert tex.options is opts and tex.resource.source is arr and tex.handle > 0
        assert [sim.sim_tex_address_mode(i) for i in range(3)] == [0, 3, 1]   # wrap, border, clamp
        assert (sim.sim_tex_filter_mode(), sim.sim_tex_mipmap_filter_mode()) == (1, 1)
        assert sim.sim_tex_flags() == 0x02 | 0x10 | 0x20    # normalized coords, sRGB, no trilinear optimization
        assert sim.sim_tex_max_anisotropy() == 4
        assert [sim.sim_tex_float(i) for i in range(7)] == [0.5, 1.0, 3.0, 0.25, 0.5, 0.75, 1.0]
        assert (sim.sim_res_type(), sim.sim_res_pointer()) == (0, arr.handle)
        dev.create_texture_object(resource=ResourceDescriptor.from_opaque_array(arr))      # the defaults
        assert [sim.sim_tex_address_mode(i) for i in range(3)] == [1, 1, 1] and sim.sim_tex_flags() == 0
        ints = dev.create_opaque_array(OpaqueArrayOptions((8,), "uint8", 4))
        dev.create_texture_object(resource=ResourceDescriptor.from_opaque_array(ints), options={"read_mode":
                                  "element_type"})
        assert sim.sim_tex_flags() == 0x01                  # integer texels read as integers
        dev.create_texture_object(resource=ResourceDescriptor.from_opaque_array(ints),
                                  options=TextureObjectOptions(read_mode="normalized_float"))
        assert sim.sim_tex_flags() == 0
        with pytest.raises(TypeError, match="resource must be a ResourceDescriptor"):
            dev.create_texture_object(resource=arr)
        with pytest.raises(TypeError, match="TextureObjectOptions"):
            dev.create_texture_object(resource=ResourceDescriptor.from_opaque_array(arr), options=5)
    ''')


def test_linear_and_pitch2d_textures(standin):
    run(standin, '''
        host = np.zeros(256, np.uint8)
        buf = Buffer.from_handle(host.ctypes.data, 256)
        dev.create_texture_object(resource=ResourceDescriptor.from_linear(buf, format="int16", num_channels=2,
                                                                          size_bytes=128))
        assert (sim.sim_res_type(), sim.sim_res_pointer()) == (2, host.ctypes.data)
        assert [sim.sim_res_field(i) for i in range(3)] == [int(driver.CUarray_format.CU_AD_FORMAT_SIGNED_INT16),
                                                            2, 128]
        dev.create_texture_object(resource=ResourceDescriptor.from_pitch2d(buf, format=np.float32, num_channels=1,
                                                                           width=10, height=4, pitch_bytes=64))
        assert sim.sim_res_type() == 3
        assert [sim.sim_res_field(i) for i in (0, 1, 3, 4, 5)] == [int(driver.CUarray_format.CU_AD_FORMAT_FLOAT),
                                                                   1, 10, 4, 64]
        with pytest.raises(ValueError, match="from_opaque_array"):
            dev.create_surface_object(resource=ResourceDescriptor.from_linear(buf, format="uint8", num_channels=1))
    ''')


def test_surfaces_need_load_store_arrays(standin):
    run(standin, '''
        plain = dev.create_opaque_array(OpaqueArrayOptions((4, 4), "float32", 1))
        with pytest.raises(ValueError, match="is_surface_load_store=True"):
            dev.create_surface_object(resource=ResourceDescriptor.from_opaque_array(plain))
        ldst = dev.create_opaque_array(OpaqueArrayOptions((4, 4), "float32", 1, is_surface_load_store=True))
        surf = dev.create_surface_object(resource=ResourceDescriptor.from_opaque_array(ldst))
        assert surf.handle > 0 and surf.resource.source is ldst and surf.device is dev
        mm = dev.create_mipmapped_array(MipmappedArrayOptions((8, 8), "float32", 1, 2, is_surface_load_store=True))
        with pytest.raises(ValueError, match="get_level"):
            dev.create_surface_object(resource=ResourceDescriptor.from_mipmapped_array(mm))
        level = dev.create_surface_object(resource=ResourceDescriptor.from_opaque_array(mm.get_level(1)))
        assert sim.sim_res_pointer() == mm.get_level(1).handle and sim.sim_live_surfaces() == 2
        with pytest.raises(TypeError, match="resource must be a ResourceDescriptor"):
            dev.create_surface_object(resource=None)
    ''')


def test_objects_keep_their_memory_until_the_last_holder_closes(standin):
    run(standin, '''
        arr = dev.create_opaque_array(OpaqueArrayOptions((4, 4), "float32", 1, True))
        res = ResourceDescriptor.from_opaque_array(arr)
        tex = dev.create_texture_object(resource=res)
        surf = dev.create_surface_object(resource=res)
        arr.close()
        assert arr.is_closed and sim.sim_live_arrays() == 1             # the texture and surface still read it
        tex.close()
        assert sim.sim_live_arrays() == 1 and sim.sim_live_textures() == 0
        with surf:
            pass
        assert sim.sim_live_arrays() == 0 and sim.sim_live_surfaces() == 0
        surf.close()
        assert surf.handle == 0 and repr(surf) == "SurfaceObject(handle=0x0)"  # closed, as cuda.core reads it
        with pytest.raises(RuntimeError, match="OpaqueArray has been closed"):
            dev.create_texture_object(resource=res)                    # a descriptor of a closed array
        mm = dev.create_mipmapped_array(MipmappedArrayOptions((16, 8), "uint8", 4, 4))
        levels = [mm.get_level(i) for i in range(4)]
        tex = dev.create_texture_object(resource=ResourceDescriptor.from_mipmapped_array(mm))
        assert (sim.sim_res_type(), sim.sim_res_pointer()) == (1, mm.handle)
        mm.close()
        tex.close()
        assert sim.sim_live_mipmaps() == 1                              # the level views hold it
        for level in levels:
            level.close()
        assert sim.sim_live_mipmaps() == 0 and sim.sim_live_arrays() == 0
    ''')


def test_mipmap_levels_shapes(standin):
    run(standin, '''
        mm = dev.create_mipmapped_array(MipmappedArrayOptions((16, 8), "float32", 2, 5))
        assert (mm.shape, mm.num_levels, mm.num_channels, mm.format) == ((16, 8), 5, 2, "float32")
        shapes = [mm.get_level(i).shape for i in range(5)]
        assert shapes == [(16, 8), (8, 4), (4, 2), (2, 1), (1, 1)]
        assert [(desc(mm.get_level(i), 0), desc(mm.get_level(i), 1)) for i in range(5)] == shapes
        level = mm.get_level(2)
        img = np.arange(16, dtype=np.float32).reshape(2, 4, 2)
        level.copy_from(img, stream=s)
        out = np.zeros_like(img)
        level.copy_to(out, stream=s)
        assert (out == img).all()
        for bad, exc in ((5, ValueError), (-1, ValueError), ("0", TypeError)):
            with pytest.raises(exc, match="level"):
                mm.get_level(bad)
        with pytest.raises(TypeError, match="MipmappedArrayOptions"):
            dev.create_mipmapped_array(OpaqueArrayOptions((4,), "uint8", 1))
    ''')


def test_launch_packs_texture_and_surface_handles(standin):
    run(standin, '''
        arr = dev.create_opaque_array(OpaqueArrayOptions((4,), "float32", 1, True))
        tex = dev.create_texture_object(resource=ResourceDescriptor.from_opaque_array(arr))
        surf = dev.create_surface_object(resource=ResourceDescriptor.from_opaque_array(arr))
        kernel = ObjectCode.from_cubin(b"stand-in").get_kernel("k")
        config = LaunchConfig(grid=1, block=1)
        launch(s, config, kernel, tex, surf)
        assert (sim.sim_launched(0), sim.sim_launched(1)) == (tex.handle, surf.handle)
        launch(s, config, kernel, surf.handle, tex.handle)
        assert (sim.sim_launched(0), sim.sim_launched(1)) == (surf.handle, tex.handle)
        tex.close()
        with pytest.raises(RuntimeError, match="TextureObject has been closed"):
            launch(s, config, kernel, tex, surf)
    ''')


def test_green_context_on_a_split(standin):
    run(standin, '''
        sm = dev.resources.sm
        assert (sm.sm_count, sm.min_partition_size, sm.coscheduled_alignment) == (132, 8, 8)
        assert isinstance(sm.handle, int) and sm.handle
        groups, rest = sm.split(SMResourceOptions(count=16))
        assert [g.sm_count for g in groups] == [16] and rest.sm_count == 116
        groups2, rest2 = sm.split(SMResourceOptions(count=[16, 16]))
        assert [g.sm_count for g in groups2] == [16, 16] and rest2.sm_count == 100
        whole, none_left = sm.split(SMResourceOptions())            # discovery: all the alignment allows
        assert [g.sm_count for g in whole] == [128] and none_left.sm_count == 4
        ctx = dev.create_context(ContextOptions(resources=[groups[0]]))
        assert ctx.is_green and ctx.resources.sm.sm_count == 16 and not dev.context.is_green
        stream = ctx.create_stream()
        assert stream.resources.sm.sm_count == 16 and stream.is_nonblocking
        assert s.resources.sm.sm_count == 132 and dev.context.resources.sm.sm_count == 132
        with pytest.raises(ValueError, match="non-blocking"):
            ctx.create_stream(StreamOptions(nonblocking=False))
        assert sim.sim_live_greens() == 1
        stream.close()
        ctx.close()
        ctx.close()
        assert sim.sim_live_greens() == 0 and ctx.is_closed
        with pytest.raises(RuntimeError, match="closed"):
            ctx.resources
        with pytest.raises(RuntimeError, match="closed"):
            ctx.create_stream()
        plain = dev.create_context()
        assert not plain.is_green and sim.sim_plain_contexts() == 1
        plain.close()
        assert sim.sim_plain_contexts() == 0
    ''')


def test_green_context_errors(standin):
    run(standin, '''
        sm = dev.resources.sm
        for opts, exc, pattern in ((SMResourceOptions(count=[16, 8], backfill=[True]), ValueError, "backfill"),
                                   (SMResourceOptions(count=[8, 8], coscheduled_sm_count=[8]), ValueError,
                                    "coscheduled_sm_count has 1 entries"),
                                   (SMResourceOptions(count=0), ValueError, r"count\\[0\\]"),
                                   (SMResourceOptions(count=[]), ValueError, "at least one group"),
                                   (SMResourceOptions(count=1.5), TypeError, "count"),
                                   (SMResourceOptions(count=16, backfill="yes"), TypeError, "backfill")):
            with pytest.raises(exc, match=pattern):
                sm.split(opts)
        with pytest.raises(TypeError, match="SMResourceOptions"):
            sm.split({"count": 8})
        if not hasattr(driver, "cuDevSmResourceSplit"):   # split by count: equal groups, as many as fit
            with pytest.raises(ValueError, match="132 SMs make only 2 groups of 64 SMs, not the 3"):
                sm.split(SMResourceOptions(count=[64, 64, 64]))
            with pytest.raises(NotImplementedError, match=r"cuDevSmResourceSplit\\(\\).*CUDA \\d+\\.\\d+ headers"):
                sm.split(SMResourceOptions(count=[8, 16]))
            with pytest.raises(NotImplementedError, match="coscheduled_sm_count"):
                sm.split(SMResourceOptions(count=16, coscheduled_sm_count=8))
        if not hasattr(driver.CUdevResourceType, "CU_DEV_RESOURCE_TYPE_WORKQUEUE_CONFIG"):
            with pytest.raises(NotImplementedError, match="WORKQUEUE_CONFIG.*CUDA \\\\d+\\\\.\\\\d+ headers"):
                dev.resources.workqueue
        dry, _ = sm.split(SMResourceOptions(count=8), dry_run=True)
        with pytest.raises(ValueError, match="dry_run"):
            dev.create_context(ContextOptions(resources=dry))
        for resources, pattern in (([], "non-empty"), (["sm"], r"resources\\[0\\]"), (5, "non-empty")):
            with pytest.raises(TypeError, match=pattern):
                dev.create_context(ContextOptions(resources=resources))
        with pytest.raises(TypeError, match="ContextOptions"):
            dev.create_context({"resources": dry})
        assert sim.sim_live_greens() == 0
    ''')


def test_graphics_resource(standin):
    run(standin, '''
        res = GraphicsResource.from_gl_buffer(3, flags=("write_discard", "read_only"))
        assert sim.sim_gl_flags() == 3 and res.handle == res.resource_handle == 0x6000
        assert not res.is_mapped
        with pytest.raises(RuntimeError, match="not mapped"):
            res.unmap()
        buf = res.map(stream=s)
        assert res.is_mapped and sim.sim_gl_mapped() and buf.size == 256
        ctypes.memmove(buf.handle, b"abc", 3)
        assert ctypes.string_at(sim.sim_gl_memory(), 3) == b"abc"   # the Buffer is the registered memory
        with pytest.raises(RuntimeError, match="already mapped"):
            res.map(stream=s)
        res.unmap()
        assert not res.is_mapped and not sim.sim_gl_mapped() and buf.is_closed
        with res.map(stream=s) as mapped:
            assert sim.sim_gl_mapped() and mapped.size == 256
        assert not sim.sim_gl_mapped()
        res.map(stream=s)
        res.close()                                                # unmaps, then unregisters
        assert res.is_closed and not sim.sim_gl_mapped()
        res.close()
        for action in (lambda: res.handle, lambda: res.map(stream=s), lambda: res.unmap()):
            with pytest.raises(RuntimeError, match="closed"):
                action()
        with GraphicsResource.from_gl_buffer(4, stream=s) as mapped:       # mapped on entry
            assert mapped.size == 256 and sim.sim_gl_mapped()
        assert not sim.sim_gl_mapped()
        with GraphicsResource.from_gl_buffer(5, flags="none") as plain:
            assert isinstance(plain, GraphicsResource) and sim.sim_gl_flags() == 0
        assert plain.is_closed
        for kwargs, exc, pattern in (({"flags": "bogus"}, ValueError, "unknown flag 'bogus'"),
                                     ({"flags": 3}, TypeError, "flags"), ({"flags": [1]}, TypeError, "flags"),
                                     ({"stream": 7}, TypeError, "stream")):
            with pytest.raises(exc, match=pattern):
                GraphicsResource.from_gl_buffer(6, **kwargs)
        for name, exc in ((-1, ValueError), (1 << 32, ValueError), ("6", TypeError), (None, TypeError)):
            with pytest.raises(exc, match="gl_buffer"):
                GraphicsResource.from_gl_buffer(name)
        with pytest.raises(TypeError, match="target"):
            GraphicsResource.from_gl_image(1, None)
    ''')


# -- the contract table: every row of these classes, with its kind and signature ----------------------------------

_MINE = {"ContextOptions", "DeviceResources", "GraphicsResource", "SMResource", "SMResourceOptions",
         "WorkqueueResource", "WorkqueueResourceOptions"}
_MINE_ON_OTHERS = {("Device", "create_context"), ("Device", "create_mipmapped_array"),
                   ("Device", "create_opaque_array"), ("Device", "create_surface_object"),
                   ("Device", "create_texture_object"), ("Device", "resources"), ("Context", "resources"),
                   ("Context", "is_green"), ("Stream", "resources")}


def _contract_rows():
    table = os.path.join("/work/shared/reference/cuda-core-1.2.2", "api.tsv")
    if not os.path.exists(table):
        pytest.skip("the contract table is not on this machine")
    rows = []
    with open(table, encoding="utf-8") as f:
        for line in f:
            module, cls, member, kind, signature = line.rstrip("\n").split("\t")[:5]
            if module == "cuda.core.texture" or (module == "cuda.core" and (cls in _MINE or
                                                                            (cls, member) in _MINE_ON_OTHERS)):
                rows.append((module, cls, member, kind, signature))
    return rows


def _parameters(signature):
    """[(name, kind, default repr or None)] of a signature string such as "(self, x, *, y=False) -> 'T'"."""
    import ast

    tree = ast.parse("def f%s: pass" % signature)
    args = tree.body[0].args
    out = []
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    for a, d in zip(positional, defaults):
        out.append((a.arg, "positional", None if d is None else ast.unparse(d)))
    if args.vararg:
        out.append((args.vararg.arg, "*", None))
    for a, d in zip(args.kwonlyargs, args.kw_defaults):
        out.append((a.arg, "keyword", None if d is None else ast.unparse(d)))
    if args.kwarg:
        out.append((args.kwarg.arg, "**", None))
    return out


def _ours(func):
    import inspect

    kinds = {inspect.Parameter.POSITIONAL_ONLY: "positional", inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional",
             inspect.Parameter.VAR_POSITIONAL: "*", inspect.Parameter.KEYWORD_ONLY: "keyword",
             inspect.Parameter.VAR_KEYWORD: "**"}
    return [(p.name, kinds[p.kind], None if p.default is inspect.Parameter.empty else repr(p.default))
            for p in inspect.signature(func).parameters.values()]


@pytest.mark.skipif(sys.version_info < (3, 9), reason="ast.unparse needs Python 3.9")
def test_every_contract_row_exists_with_its_kind_and_signature():
    import dataclasses
    import inspect

    import cudacffi.core as core
    import cudacffi.core.texture as texture

    rows = _contract_rows()
    assert len(rows) > 150
    for module, cls_name, member, kind, signature in rows:
        cls = getattr(texture if module.endswith("texture") else core, cls_name)
        where = "%s.%s.%s" % (module, cls_name, member)
        if kind == "class":
            assert inspect.isclass(cls), where
            continue
        if kind == "field":
            assert member in [f.name for f in dataclasses.fields(cls)], where
            continue
        static = inspect.getattr_static(cls, member)
        if kind == "property":
            assert isinstance(static, property), where
        elif kind == "constant":
            assert member == "__hash__" and cls.__hash__ is None, where
        elif kind == "classmethod":
            assert isinstance(static, classmethod), where
            assert _ours(getattr(cls, member)) == _parameters(signature), where
        else:
            assert kind == "method" and callable(static) and not isinstance(static, property), where
            if member in ("__init__", "__eq__") or signature.startswith("(self, /, *args"):
                continue
            assert _ours(static) == _parameters(signature), where


def test_dataclass_fields_in_contract_order():
    import dataclasses

    import cudacffi.core as core
    import cudacffi.core.texture as texture

    order = {}
    for module, cls_name, member, kind, _ in _contract_rows():
        if kind == "field":
            order.setdefault((module, cls_name), []).append(member)
    assert len(order) == 6
    for (module, cls_name), members in order.items():
        cls = getattr(texture if module.endswith("texture") else core, cls_name)
        assert [f.name for f in dataclasses.fields(cls)] == members, cls_name


def test_structured_splits_and_workqueues(standin):
    from cudacffi import driver

    if not hasattr(driver, "cuDevSmResourceSplit"):
        pytest.skip("this build's CUDA headers have no cuDevSmResourceSplit (split by count only)")
    run(standin, '''
        sm = dev.resources.sm
        groups, rest = sm.split(SMResourceOptions(count=[16, 10], coscheduled_sm_count=[8, 2]))
        assert [g.sm_count for g in groups] == [16, 10] and rest.sm_count == 106
        groups, rest = sm.split(SMResourceOptions(count=20))                 # rounded up to 8 co-scheduled
        assert [g.sm_count for g in groups] == [24] and rest.sm_count == 108
        groups, rest = sm.split(SMResourceOptions(count=[12, None], backfill=[True, False]))
        assert [g.sm_count for g in groups] == [12, 120] and [g.flags for g in groups] == [1, 0]
        with pytest.raises(CUDAError, match="CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION"):
            sm.split(SMResourceOptions(count=[128, 16]))
        wq = dev.resources.workqueue
        assert (wq.concurrency_limit, wq.sharing_scope, wq.device) == (32, "device_ctx", dev) and wq.handle
        wq.configure(WorkqueueResourceOptions(sharing_scope="green_ctx_balanced", concurrency_limit=4))
        assert (wq.sharing_scope, wq.concurrency_limit) == (WorkqueueSharingScopeType.GREEN_CTX_BALANCED, 4)
        wq.configure({"concurrency_limit": 8})
        assert (wq.sharing_scope, wq.concurrency_limit) == ("green_ctx_balanced", 8)
        with pytest.raises(TypeError, match="WorkqueueResourceOptions"):
            wq.configure(8)
        ctx = dev.create_context(ContextOptions(resources=[groups[0], wq]))
        assert (sim.sim_wq_config(0), sim.sim_wq_config(1)) == (8, 1)
        stream = ctx.create_stream()
        assert stream.resources.sm.sm_count == 12 and s.resources.sm.sm_count == 132
        stream.close()
        ctx.close()
    ''')


def test_what_the_build_lacks_is_named(standin):
    run(standin, '''
        import cudacffi.driver
        for name in ("cuGraphicsGLRegisterBuffer", "cuGreenCtxCreate", "cuDeviceGetDevResource",
                     "cuCtxGetDevResource"):
            delattr(cudacffi.driver, name)                     # as in a build whose headers lack them
        with pytest.raises(NotImplementedError, match="cuGraphicsGLRegisterBuffer"):
            GraphicsResource.from_gl_buffer(1)
        with pytest.raises(NotImplementedError, match=r"Device.resources needs cuDeviceGetDevResource\\(\\).*12.4"):
            dev.resources
        with pytest.raises(NotImplementedError, match="Context.resources needs cuCtxGetDevResource"):
            dev.context.resources
        sm = SMResource._make(driver.CUdevResource(), 0)
        with pytest.raises(NotImplementedError, match=r"cuGreenCtxCreate\\(\\).*CUDA \\d+\\.\\d+ headers"):
            dev.create_context(ContextOptions(resources=[sm]))
    ''')
