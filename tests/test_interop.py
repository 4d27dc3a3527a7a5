"""The profiler and the EGL, OpenGL and VDPAU interop APIs (cudaProfiler.h, cudaEGL.h, cudaGL.h, cudaVDPAU.h
and the runtime's cuda_profiler_api.h, cuda_*_interop.h); no GPU needed.

The graphics APIs' own type names (``GLuint``, ``EGLImageKHR``, ``VdpDevice`` ...) come from our stand-in
headers in ``headers/fake_interop``: their C types must be the real ABI's, and they are handle classes as
in cuda.bindings. Calls go through the stand-in libcuda of ``fake_libcuda.c`` (in fresh interpreters:
loading is global to a process).
"""

import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT, build_standin, c_compiler, library_missing, run_python
from test_signatures import PAIRS, reference, reference_enums

sys.path.insert(0, ROOT)
from codegen import snapshot  # noqa: E402
from codegen.signature import inputs, outputs  # noqa: E402

driver = pytest.importorskip("cudacffi.driver", reason="cudacffi is not built")
from cudacffi import runtime  # noqa: E402

INTEROP = re.compile(r"Profiler|EGL|Egl|GL|VDPAU")  # the names of the profiler and interop functions
DRIVER_FUNCTIONS = {
    "cuProfilerStart", "cuProfilerStop", "cuProfilerInitialize", "cuGraphicsEGLRegisterImage",
    "cuEGLStreamConsumerConnect", "cuEGLStreamConsumerConnectWithFlags", "cuEGLStreamConsumerDisconnect",
    "cuEGLStreamConsumerAcquireFrame", "cuEGLStreamConsumerReleaseFrame", "cuEGLStreamProducerConnect",
    "cuEGLStreamProducerDisconnect", "cuEGLStreamProducerPresentFrame", "cuEGLStreamProducerReturnFrame",
    "cuGraphicsResourceGetMappedEglFrame", "cuEventCreateFromEGLSync", "cuGraphicsGLRegisterBuffer",
    "cuGraphicsGLRegisterImage", "cuGLGetDevices", "cuVDPAUGetDevice", "cuVDPAUCtxCreate",
    "cuGraphicsVDPAURegisterVideoSurface", "cuGraphicsVDPAURegisterOutputSurface",
}
RUNTIME_FUNCTIONS = {
    "cudaProfilerStart", "cudaProfilerStop", "cudaGraphicsEGLRegisterImage", "cudaEGLStreamConsumerConnect",
    "cudaEGLStreamConsumerConnectWithFlags", "cudaEGLStreamConsumerDisconnect",
    "cudaEGLStreamConsumerAcquireFrame", "cudaEGLStreamConsumerReleaseFrame", "cudaEGLStreamProducerConnect",
    "cudaEGLStreamProducerDisconnect", "cudaEGLStreamProducerPresentFrame", "cudaEGLStreamProducerReturnFrame",
    "cudaGraphicsResourceGetMappedEglFrame", "cudaEventCreateFromEGLSync", "cudaGLGetDevices",
    "cudaGraphicsGLRegisterImage", "cudaGraphicsGLRegisterBuffer", "cudaVDPAUGetDevice", "cudaVDPAUSetVDPAUDevice",
    "cudaGraphicsVDPAURegisterVideoSurface", "cudaGraphicsVDPAURegisterOutputSurface",
}
# (class, C type, range) of the stand-in types, in both modules; pointer handles have no range
STANDIN_TYPES = [("GLuint", "unsigned int", (0, 2**32 - 1)), ("GLenum", "unsigned int", (0, 2**32 - 1)),
                 ("EGLint", "int32_t", (-2**31, 2**31 - 1)), ("VdpDevice", "uint32_t", (0, 2**32 - 1)),
                 ("VdpVideoSurface", "uint32_t", (0, 2**32 - 1)), ("VdpOutputSurface", "uint32_t", (0, 2**32 - 1)),
                 ("EGLImageKHR", "void *", None), ("EGLStreamKHR", "void *", None), ("EGLSyncKHR", "void *", None)]
DRIVER_ENUMS = ["CUGLDeviceList", "CUGLmap_flags", "CUeglFrameType", "CUeglResourceLocationFlags",
                "CUeglColorFormat", "CUoutput_mode"]
RUNTIME_ENUMS = ["cudaGLDeviceList", "cudaGLMapFlags", "cudaEglFrameType", "cudaEglResourceLocationFlags",
                 "cudaEglColorFormat"]


# -- the surface: every snapshot and the build ------------------------------------------------------------

@pytest.mark.parametrize("version", snapshot.available_versions())
def test_every_snapshot_has_the_profiler_and_interop_functions(version):
    for family, expected in (("driver", DRIVER_FUNCTIONS), ("runtime", RUNTIME_FUNCTIONS)):
        names = {f["name"] for f in snapshot.load_model(version, family)["functions"]}
        assert {n for n in names if INTEROP.search(n)} == expected, (version, family)


def test_the_build_has_the_functions_types_and_enums():
    for module, functions, enums in ((driver, DRIVER_FUNCTIONS, DRIVER_ENUMS),
                                     (runtime, RUNTIME_FUNCTIONS, RUNTIME_ENUMS)):
        for name in functions:
            assert callable(getattr(module, name)), name
        for name in enums:
            assert issubclass(getattr(module, name), int), name
        for name, _, _ in STANDIN_TYPES + [("VdpGetProcAddress", None, None)]:
            assert hasattr(getattr(module, name), "getPtr"), name
    assert driver.CUeglFrame().getPtr() and driver.CUeglStreamConnection(0x10) == driver.CUeglStreamConnection(0x10)
    assert runtime.cudaEglFrame().getPtr() and int(runtime.cudaEglStreamConnection(0x20)) == 0x20
    assert driver.MAX_PLANES == 3 and driver.CUDA_EGL_INFINITE_TIMEOUT == 0xFFFFFFFF
    assert runtime.CUDA_EGL_MAX_PLANES == 3
    # deprecated GL buffer-object calls cuda.bindings leaves out are left out here too
    assert not hasattr(driver, "cuGLMapBufferObject") and not hasattr(runtime, "cudaGLSetGLDevice")


@pytest.mark.parametrize("build,ref", PAIRS)
@pytest.mark.parametrize("family", ["driver", "runtime"])
def test_interop_signatures_match_the_reference(build, ref, family):
    """Every profiler and interop function of cuda.bindings is generated, with its parameters and outputs."""
    refs = {n: v for n, v in reference(ref, family).items() if INTEROP.search(n)}
    model = {f["name"]: f for f in snapshot.load_model(build, family)["functions"]}
    assert len(refs) >= 20
    for name, expected in refs.items():
        f = model[name]
        assert ([p["pyname"] for p in inputs(f)], [p["pyname"] for p in outputs(f)]) == expected, name


@pytest.mark.parametrize("build,ref", PAIRS)
@pytest.mark.parametrize("family,names", [("driver", DRIVER_ENUMS), ("runtime", RUNTIME_ENUMS)])
def test_interop_enums_match_the_reference(build, ref, family, names):
    refs = reference_enums(ref, family)
    model = snapshot.load_model(build, family)
    tags = {d["name"]: d["type"]["base"][5:] for d in model["decls"]
            if d["kind"] == "typedef" and d["type"]["base"].startswith("enum ")}
    enums = {d["tag"]: d["members"] for d in model["decls"] if d["kind"] == "enum"}
    for name in names:
        assert dict(map(tuple, enums[tags.get(name, name)])) == dict(refs[name]), name  # typedef or tag


# -- the stand-in types ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("module", [driver, runtime], ids=["driver", "runtime"])
@pytest.mark.parametrize("name,ctype,bounds", STANDIN_TYPES)
def test_standin_types_have_the_real_abi_and_range(module, name, ctype, bounds):
    ffi = __import__("cudacffi._" + module.__name__.rsplit(".", 1)[1], fromlist=["ffi"]).ffi
    assert ffi.sizeof(name) == ffi.sizeof(ctype) and ffi.typeof(name) == ffi.typeof(ctype)
    cls = getattr(module, name)
    if bounds is None:  # an opaque pointer: compares by value, shows hex
        assert cls(0x10) == cls(0x10) and repr(cls(0x10)) == "<%s 0x10>" % name
        return
    lo, hi = bounds
    assert int(cls(lo)) == lo and int(cls(hi)) == hi and repr(cls(5)) == "<%s 5>" % name
    for bad in (lo - 1, hi + 1):
        with pytest.raises(OverflowError):
            cls(bad)


def test_vdp_get_proc_address_is_a_function_pointer():
    """vdpau.h: ``typedef VdpStatus VdpGetProcAddress(...)``; CUDA takes a ``VdpGetProcAddress *``."""
    from cudacffi._driver import ffi

    assert ffi.typeof("VdpGetProcAddress *").kind == "function"
    assert int(driver.VdpGetProcAddress(0x1234)) == 0x1234


def test_egl_frame_layouts_match_a_compiled_program(tmp_path):
    """sizeof, alignof and every field's offset of CUeglFrame and cudaEglFrame, printed by a C program
    compiled against the same headers (and the stand-ins), against cffi's."""
    from cudacffi._driver import ffi as dffi
    from cudacffi._runtime import ffi as rffi

    inc = os.path.join(snapshot.snapshot_dir("%d.%d" % (driver.CUDA_VERSION // 1000, driver.CUDA_VERSION % 1000 // 10)),
                       "include")
    if not os.path.isdir(inc):
        pytest.skip("built from a toolkit, not a snapshot")
    structs = [(dffi, "CUeglFrame", ["frame", "width", "height", "depth", "pitch", "planeCount", "numChannels",
                                     "frameType", "eglColorFormat", "cuFormat"]),
               (rffi, "cudaEglFrame", ["frame", "planeDesc", "planeCount", "frameType", "eglColorFormat"]),
               (rffi, "cudaEglPlaneDesc", ["width", "height", "depth", "pitch", "numChannels", "channelDesc",
                                           "reserved"])]
    lines = []
    for _, name, fields in structs:
        lines.append('printf("%%zu %%zu\\n", sizeof(%s), alignof(%s));' % (name, name))
        lines += ['printf("%%zu\\n", offsetof(%s, %s));' % (name, f) for f in fields]
    src = tmp_path / "egl.c"
    src.write_text('#include <stdio.h>\n#include <stddef.h>\n#include <stdalign.h>\n#include "cudaEGL.h"\n'
                   '#include "cuda_egl_interop.h"\nint main(void) {\n%s\nreturn 0; }\n' % "\n".join(lines))
    exe = tmp_path / "egl"
    subprocess.run([c_compiler(), "-I", inc, "-I", os.path.join(ROOT, "headers", "fake_interop"),
                    "-o", str(exe), str(src)], check=True)
    out = iter(subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.split("\n"))
    for ffi, name, fields in structs:
        assert next(out).split() == [str(ffi.sizeof(name)), str(ffi.alignof(name))], name
        for f in fields:
            assert next(out) == str(ffi.offsetof(name, f)), (name, f)
    assert dffi.sizeof("CUeglFrame") == 64  # three plane pointers, nine 4-byte fields (LP64)


def test_egl_frame_fields_read_and_write():
    frame = driver.CUeglFrame()
    frame.width, frame.planeCount = 640, 2
    frame.frameType = driver.CUeglFrameType.CU_EGL_FRAME_TYPE_PITCH
    frame.frame.pPitch = [0x1000, 0x2000, 0]
    assert (frame.width, frame.planeCount, frame.frame.pPitch) == (640, 2, [0x1000, 0x2000, 0])
    assert frame.frameType is driver.CUeglFrameType.CU_EGL_FRAME_TYPE_PITCH
    assert [int(a) for a in frame.frame.pArray] == [0x1000, 0x2000, 0]  # a union: the same three pointers
    with pytest.raises(OverflowError, match="pPitch"):
        frame.frame.pPitch = [-1]
    rt = runtime.cudaEglFrame()
    rt.planeCount = 3
    rt.planeDesc[1].pitch = 256
    assert rt.planeCount == 3 and rt.planeDesc[1].pitch == 256


# -- bad input: refused before any library is touched, naming the parameter ---------------------------------

BAD_CALLS = [
    (lambda: driver.cuGraphicsGLRegisterBuffer(-1, 0), OverflowError, "buffer"),
    (lambda: driver.cuGraphicsGLRegisterBuffer(2**32, 0), OverflowError, "buffer"),
    (lambda: driver.cuGraphicsGLRegisterImage(0, "target", 0), TypeError, "target"),
    (lambda: driver.cuGLGetDevices(-1, driver.CUGLDeviceList.CU_GL_DEVICE_LIST_ALL), OverflowError, "cudaDeviceCount"),
    (lambda: driver.cuGLGetDevices(1, None), TypeError, "deviceList"),
    (lambda: driver.cuEGLStreamProducerPresentFrame(None, None, None), TypeError, "eglframe"),
    (lambda: driver.cuEGLStreamProducerConnect(None, 2**31, 1), OverflowError, "width"),
    (lambda: driver.cuEGLStreamConsumerDisconnect("conn"), TypeError, "conn"),
    (lambda: driver.cuGraphicsEGLRegisterImage(-1, 0), OverflowError, "image"),
    (lambda: driver.cuEventCreateFromEGLSync(1.5, 0), TypeError, "eglSync"),
    (lambda: driver.cuVDPAUGetDevice(-1, 0), OverflowError, "vdpDevice"),
    (lambda: driver.cuVDPAUGetDevice(0, "proc"), TypeError, "vdpGetProcAddress"),
    (lambda: driver.cuVDPAUCtxCreate(0, 0, 0, -1), OverflowError, "vdpGetProcAddress"),
    (lambda: driver.cuProfilerInitialize("config", b"out", 0), TypeError, "configFile"),
    (lambda: runtime.cudaGraphicsVDPAURegisterOutputSurface(-1, 0), OverflowError, "vdpSurface"),
    (lambda: runtime.cudaGraphicsGLRegisterImage(0, -1, 0), OverflowError, "target"),
    (lambda: runtime.cudaEGLStreamProducerReturnFrame(None, 5, None), TypeError, "eglframe"),
    (lambda: runtime.cudaVDPAUSetVDPAUDevice(0, 0, "proc"), TypeError, "vdpGetProcAddress"),
]


@pytest.mark.parametrize("call,exc,name", BAD_CALLS, ids=[c[2] + str(i) for i, c in enumerate(BAD_CALLS)])
def test_bad_input_raises_naming_the_parameter(call, exc, name):
    with pytest.raises(exc, match=r"\b%s\b" % name):
        call()


# -- calls through the stand-in libcuda ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def fake_libcuda(tmp_path_factory):
    return build_standin(tmp_path_factory, "fake_libcuda.c")


def test_profiler_and_gl_calls_return_a_status(fake_libcuda):
    r = run_python(
        "from cudacffi import driver, runtime, FunctionNotFoundError\n"
        "L = driver.CUGLDeviceList\n"
        "print(driver.cuProfilerStart(), driver.cuProfilerStop())\n"
        "print(driver.cuGLGetDevices(3, L.CU_GL_DEVICE_LIST_ALL), driver._library.symbol('cuGLGetDevices'))\n"
        "print(driver.cuGLGetDevices(1, L.CU_GL_DEVICE_LIST_CURRENT_FRAME))\n"
        "print(driver.cuGraphicsGLRegisterBuffer(driver.GLuint(5), 0))\n"
        "print(driver.cuVDPAUGetDevice(driver.VdpDevice(3), driver.VdpGetProcAddress(0x1000)))\n"
        "print(driver.cuVDPAUGetDevice(runtime.VdpDevice(4), 0x2000))\n"
        "try:\n"
        "    driver.cuGraphicsEGLRegisterImage(None, 0)\n"
        "except FunctionNotFoundError as e:\n"
        "    print('RAISED', e)\n",
        env={"CUDACFFI_LIBDRIVER": fake_libcuda})
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "(<CUresult.CUDA_SUCCESS: 0>,) (<CUresult.CUDA_SUCCESS: 0>,)"
    # the capacity's worth of devices, as cuda.bindings returns them; the library wrote two
    assert lines[1] == ("(<CUresult.CUDA_SUCCESS: 0>, 2, [<CUdevice 7>, <CUdevice 8>, <CUdevice 0>]) "
                        "cuGLGetDevices_v2")
    assert lines[2] == "(<CUresult.CUDA_ERROR_INVALID_GRAPHICS_CONTEXT: 219>, None, None)"
    assert lines[3] == "(<CUresult.CUDA_ERROR_INVALID_GRAPHICS_CONTEXT: 219>, None)"
    assert lines[4] == "(<CUresult.CUDA_SUCCESS: 0>, <CUdevice %d>)" % (0x1000 + 3)
    assert lines[5] == "(<CUresult.CUDA_SUCCESS: 0>, <CUdevice %d>)" % (0x2000 + 4)
    assert lines[6].startswith("RAISED cuGraphicsEGLRegisterImage")  # the stand-in lacks it


def test_runtime_profiler_calls_return_a_status():
    """cudaProfilerStart/Stop through the real libcudart: a status, whatever the machine (no driver here:
    an error; a GPU machine: success, see test_interop_gpu.py)."""
    r = run_python(
        "from cudacffi import runtime, LibraryNotFoundError\n"
        "try:\n"
        "    err, = runtime.cudaProfilerStart()\n"
        "except LibraryNotFoundError as e:\n"
        "    print('NOLIB')\n"
        "else:\n"
        "    print(type(err).__name__, type(runtime.cudaProfilerStop()[0]).__name__)\n")
    assert r.returncode == 0, r.stderr
    if r.stdout.strip() == "NOLIB":
        library_missing("no libcudart of the build's major here")
    assert r.stdout.split() == ["cudaError_t", "cudaError_t"]
