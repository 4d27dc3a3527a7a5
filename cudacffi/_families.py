"""The API families: one spec each, the only table of them. The build (``build_cffi.py``, ``setup.py``) and
``codegen`` read it by path, the loader (where each library is found) and ``python -m cudacffi`` (what it
reports) import it.

A spec holds both halves of a family: the library it loads (soname, wheels, toolkit folders) and what its
headers hold (which headers, the ones it owns, its status enum, its constants' prefixes); the functions a family
leaves out are decisions, in ``codegen/decisions/coverage.py``. Adding a family starts here. Importing this module needs nothing but the standard library, so the build can
read it before anything is compiled.

The interop headers (EGL, OpenGL, VDPAU) include the graphics APIs' own headers for a few type names;
``headers/fake_interop`` stands in for those (codegen and the C build use it, so neither needs the
graphics development packages), and a family lists the stand-ins it uses as ``standins``: their typedefs
(``GLuint``, ``EGLImageKHR``, ``VdpDevice`` ...) become part of its model, as handle classes.
"""

from collections import namedtuple


def version_key(version):
    """"12.9" -> (12, 9), for comparing and sorting CUDA versions."""
    return tuple(int(x) for x in version.split("."))


_FIELDS = (
    # -- the library: the loader and the report
    ("name", None),  # the module: cudacffi.<name> (compiled: cudacffi._<name>)
    ("style", "tuple"),  # "tuple" (cuda.bindings' driver/runtime/nvrtc) or "exception" (nvjitlink/nvvm ...)
    ("title", ""),  # how ``python -m cudacffi`` names the library
    ("soname", ""),  # the library's soname stem; the build's CUDA major is appended (libnvrtc.so.12)
    ("file_names", ()),  # exact file names where the soname does not follow the CUDA major
    ("wheel_dirs", {}),  # {CUDA major: folders of the NVIDIA wheels, under a sys.path entry, that hold the library}
    ("wheels", {}),  # {CUDA major: the NVIDIA wheel that holds the library (see library_wheels)}
    # whether that wheel is numbered by the library's own releases (cuFile 1.x), not CUDA's: its name (-cu12,
    # or nvidia-cufile's 13.x-only line) alone fixes the major
    ("own_numbering", False),
    ("toolkit_dirs", ()),  # folders of a toolkit (CUDA_HOME) beside lib64/ where the library may sit
    ("companions", ""),  # libraries it opens by soname at run time, opened first from its own folder
    # -- the headers: codegen and the build
    ("headers", ()),  # what the C source and the preprocessor include
    ("own", ()),  # files whose declarations belong to this family
    ("status", ""),  # the enum every function returns
    ("const_prefixes", ()),
    ("ptds_macro", ""),  # defined to get the per-thread-default-stream symbols
    ("wheel_files", ()),  # headers copied into a snapshot
    ("version_header", ""),  # where CUDA_VERSION comes from when the family's own headers lack it
    ("version_macro", "CUDA_VERSION"),  # the header's version, as 1000 * major + 10 * minor
    ("since", ""),  # the first CUDA version whose headers have the family (older snapshots lack it)
    ("standins", ()),  # headers/fake_interop files whose typedefs belong to it too
    # typedefs of other headers its own use, taken into its model with what they name (cufile.h's CUresult and
    # CUstream come from cuda.h, whose other declarations stay the driver's)
    ("borrow", ()),
    # the struct its functions return by value in place of a status (cuFile's {err, cu_err}), whose
    # first member is the status enum
    ("status_struct", ""),
    ("cdef_types", ""),  # typedefs the cffi cdef needs and cffi does not know (off_t)
)


class Family(namedtuple("Family", [f for f, _ in _FIELDS], defaults=[d for _, d in _FIELDS[1:]])):
    """One API family's spec (see the fields above); build one with keywords, ``name`` first."""

    __slots__ = ()

    def requirement(self, major):
        """The pip requirement of the NVIDIA wheel holding this family's library for CUDA ``major`` (12, 13)."""
        wheel = self.wheels[major]
        return wheel if self.own_numbering else "%s==%d.*" % (wheel, major)

    def present_in(self, version):
        """Whether CUDA ``version`` ("X.Y") has this family at all (``since``)."""
        return not self.since or version_key(version) >= version_key(self.since)


# The graphics APIs' types the interop headers use, from headers/fake_interop.
_INTEROP_STANDINS = ("EGL/egl.h", "EGL/eglext.h", "GL/gl.h", "vdpau/vdpau.h")

# cudaVDPAU.h expects <vdpau/vdpau.h> to be included before it (cuda_vdpau_interop.h includes it itself).
_DRIVER_HEADERS = ("cuda.h", "cudaProfiler.h", "cudaEGL.h", "cudaGL.h", "cudaVDPAU.h")

DRIVER = Family(
    name="driver",
    style="tuple",
    title="libcuda (driver)",
    soname="libcuda.so",
    headers=_DRIVER_HEADERS[:-1] + ("vdpau/vdpau.h",) + _DRIVER_HEADERS[-1:],
    own=_DRIVER_HEADERS,
    standins=_INTEROP_STANDINS,
    status="CUresult",
    const_prefixes=("CU_", "CUDA_", "MAX_PLANES"),
    ptds_macro="CUDA_API_PER_THREAD_DEFAULT_STREAM",
    wheel_files=_DRIVER_HEADERS,
)

# The runtime's types live in the headers cuda_runtime_api.h pulls in; cuda.h is not one of them, so
# the driver's declarations are never repeated here (driver_types.h declares CUstream_st & co. opaque).
_RUNTIME_TYPES = ("builtin_types.h", "device_types.h", "driver_types.h", "surface_types.h", "texture_types.h",
                  "vector_types.h", "cuda_device_runtime_api.h")

# The profiler and the graphics interop: cuda_egl_interop.h includes cuda_runtime.h, which brings the
# headers of _RUNTIME_INCLUDED (in C they declare only static inline helpers: make_int2, make_cudaExtent ...).
_RUNTIME_INTEROP = ("cuda_profiler_api.h", "cuda_egl_interop.h", "cuda_gl_interop.h", "cuda_vdpau_interop.h")
_RUNTIME_INCLUDED = ("cuda_runtime.h", "crt/host_config.h", "channel_descriptor.h", "driver_functions.h",
                     "vector_functions.h", "vector_functions.hpp", "cudart_platform.h")

RUNTIME = Family(
    name="runtime",
    style="tuple",
    title="libcudart (runtime)",
    soname="libcudart.so",
    wheel_dirs={12: ("nvidia/cuda_runtime/lib",), 13: ("nvidia/cu13/lib",)},
    wheels={12: "nvidia-cuda-runtime-cu12", 13: "nvidia-cuda-runtime"},
    headers=("cuda_runtime_api.h", "library_types.h") + _RUNTIME_INTEROP,
    own=("cuda_runtime_api.h", "library_types.h") + _RUNTIME_TYPES + _RUNTIME_INTEROP,
    standins=_INTEROP_STANDINS,
    status="cudaError_t",
    const_prefixes=("cuda", "CUDA_IPC_HANDLE_SIZE", "CUDART_VERSION", "CUDA_EGL_MAX_PLANES"),
    ptds_macro="CUDA_API_PER_THREAD_DEFAULT_STREAM",
    wheel_files=("cuda_runtime_api.h", "library_types.h") + _RUNTIME_TYPES + ("crt/host_defines.h",)
    + _RUNTIME_INTEROP + _RUNTIME_INCLUDED,
    version_macro="CUDART_VERSION",
)

NVRTC = Family(
    name="nvrtc",
    style="tuple",
    title="libnvrtc",
    soname="libnvrtc.so",
    wheel_dirs={12: ("nvidia/cuda_nvrtc/lib",), 13: ("nvidia/cu13/lib",)},
    wheels={12: "nvidia-cuda-nvrtc-cu12", 13: "nvidia-cuda-nvrtc"},
    companions="libnvrtc-builtins.so.",
    headers=("nvrtc.h",),
    own=("nvrtc.h",),
    status="nvrtcResult",
    const_prefixes=("NVRTC_",),
    wheel_files=("nvrtc.h",),
)

# Exception style, as cuda.bindings.nvjitlink / .nvvm: snake_case functions, errors raised. nvJitLink.h and
# nvvm.h carry no CUDA_VERSION; the toolkit's cuda.h beside them dates the build.
NVJITLINK = Family(
    name="nvjitlink",
    style="exception",
    title="libnvJitLink",
    soname="libnvJitLink.so",
    wheel_dirs={12: ("nvidia/nvjitlink/lib",), 13: ("nvidia/cu13/lib",)},
    wheels={12: "nvidia-nvjitlink-cu12", 13: "nvidia-nvjitlink"},
    headers=("nvJitLink.h",),
    own=("nvJitLink.h",),
    status="nvJitLinkResult",
    wheel_files=("nvJitLink.h",),
    version_header="cuda.h",
)

# libnvvm's soname does not follow the CUDA major (libnvvm.so.4 in 12.x and 13.x; the 12.x wheel ships it
# as libnvvm.so), and a toolkit keeps it under nvvm/
NVVM = Family(
    name="nvvm",
    style="exception",
    title="libnvvm",
    soname="libnvvm.so",
    file_names=("libnvvm.so.4", "libnvvm.so"),
    wheel_dirs={12: ("nvidia/cuda_nvcc/nvvm/lib64",), 13: ("nvidia/cu13/lib",)},
    wheels={12: "nvidia-cuda-nvcc-cu12", 13: "nvidia-nvvm"},
    toolkit_dirs=("nvvm/lib64",),
    headers=("nvvm.h",),
    own=("nvvm.h",),
    status="nvvmResult",
    wheel_files=("nvvm.h",),
    version_header="cuda.h",
)

# nvFatbin (CUDA 12.4 and newer): fat binaries from PTX, cubins and LTO-IR; cuda.bindings.nvfatbin's style.
# Snapshots of older CUDA have no nvFatbin.h, and builds of them no nvfatbin module.
NVFATBIN = Family(
    name="nvfatbin",
    style="exception",
    title="libnvfatbin",
    soname="libnvfatbin.so",
    wheel_dirs={12: ("nvidia/nvfatbin/lib",), 13: ("nvidia/cu13/lib",)},
    wheels={12: "nvidia-nvfatbin-cu12", 13: "nvidia-nvfatbin"},
    headers=("nvFatbin.h",),
    own=("nvFatbin.h",),
    status="nvFatbinResult",
    wheel_files=("nvFatbin.h",),
    version_header="cuda.h",
    since="12.4",
)

# NVML (every CUDA version: the nvidia-nvml-dev-cu12 / nvidia-nvml-dev wheels hold nvml.h); the library comes
# with the driver (libnvidia-ml.so.1), never from a wheel, and its soname does not follow the CUDA major.
# cuda.bindings.nvml's style, with its struct classes.
NVML = Family(
    name="nvml",
    style="exception",
    title="libnvidia-ml (NVML)",
    soname="libnvidia-ml.so",
    file_names=("libnvidia-ml.so.1",),
    headers=("nvml.h",),
    own=("nvml.h",),
    status="nvmlReturn_t",
    # NVML_* and the bit masks nvml.h names in camel case (event types, clock event reasons), which
    # cuda.bindings.nvml groups into enums (emit_py_exception.DEFINE_ENUMS)
    const_prefixes=("NVML_", "nvmlEventType", "nvmlEventMigConfigChange", "nvmlSystemEventType",
                    "nvmlClocksEventReason", "nvmlClocksThrottleReason"),
    wheel_files=("nvml.h",),
    version_header="cuda.h",
)

# cuFile (GPUDirect Storage): libcufile.so.0 in 12.x and 13.x alike, from the nvidia-cufile-cu12 wheels (from
# CUDA 12.6) and nvidia-cufile (13.x); cuda.bindings.cufile's style. Its functions return CUfileError_t
# ({err, cu_err}) by value, a few void or a byte count (ssize_t, long); cufile.h includes cuda.h for CUresult
# and CUstream only.
CUFILE = Family(
    name="cufile",
    style="exception",
    title="libcufile (cuFile)",
    soname="libcufile.so",
    file_names=("libcufile.so.0",),
    wheel_dirs={12: ("nvidia/cufile/lib",), 13: ("nvidia/cu13/lib",)},
    wheels={12: "nvidia-cufile-cu12", 13: "nvidia-cufile"},
    own_numbering=True,
    headers=("cufile.h",),
    own=("cufile.h",),
    status="CUfileOpError",
    status_struct="CUfileError_t",
    const_prefixes=("CU_FILE_", "CUFILE_"),
    wheel_files=("cufile.h",),
    version_header="cuda.h",
    since="12.6",
    borrow=("CUresult", "CUstream"),
    cdef_types="typedef long off_t; typedef long loff_t; struct timespec { long tv_sec; long tv_nsec; ...; };",
)

FAMILIES = {f.name: f for f in (DRIVER, RUNTIME, NVRTC, NVJITLINK, NVVM, NVFATBIN, NVML, CUFILE)}  # in build and report order
NAMES = tuple(FAMILIES)
MAJORS = (13, 12)  # CUDA majors the loader knows, newest first
DEFAULT_MAJOR = 12  # the major of the default build (snapshot 12.9)

# NVTX (cudacffi.nvtx, written by hand over ctypes: no family) comes in wheels numbered like CUDA's too
NVTX_WHEELS = {12: "nvidia-nvtx-cu12", 13: "nvidia-nvtx"}


def library_wheels(major):
    """The pip requirements of the NVIDIA wheels that hold CUDA ``major``'s libraries (cudart, NVRTC,
    nvJitLink, NVVM, nvFatbin, cuFile, NVTX), one per wheel: the only list of them. A build of that major
    offers them as its extras ``all`` and ``cu<major>`` (``pip install "cudacffi-cu13[all]"``), and a missing
    library's error names them. Any release of the major: a library older than the build's headers works but
    for the functions it lacks, which raise FunctionNotFoundError (``python -m cudacffi`` flags it)."""
    out = []
    for family in FAMILIES.values():
        if major in family.wheels and family.requirement(major) not in out:
            out.append(family.requirement(major))
    return out + ["%s==%d.*" % (NVTX_WHEELS[major], major)]


def distribution_name(major):
    """The name of the binary distribution of CUDA ``major``'s build: ``cudacffi-cu12``, ``cudacffi-cu13``
    (the major in the name, as NVIDIA's ``nvidia-*-cu12`` wheels and CuPy's ``cupy-cuda12x`` have it); each
    installs the import package ``cudacffi``."""
    return "cudacffi-cu%d" % major

# Where each header sits inside the unpacked NVIDIA wheels, by CUDA major version (codegen's snapshots).
WHEEL_INCLUDE_DIRS = {
    12: ("nvidia/cuda_runtime/include", "nvidia/cuda_nvrtc/include", "nvidia/nvjitlink/include",
         "nvidia/cuda_nvcc/include", "nvidia/cuda_nvcc/nvvm/include", "nvidia/nvfatbin/include",
         "nvidia/cuda_profiler_api/include", "nvidia/nvml_dev/include", "nvidia/cufile/include"),
    13: ("nvidia/cu13/include",),
}
