"""The API families cudacffi generates, and where their headers live in the NVIDIA wheels.

A family names the headers it includes, the ones whose declarations it owns, its status enum, the
library it loads and the macro prefixes of its constants.

The interop headers (EGL, OpenGL, VDPAU) include the graphics APIs' own headers for a few type names;
``headers/fake_interop`` stands in for those (codegen and the C build use it, so neither needs the
graphics development packages), and a family lists the stand-ins it uses as ``standins``: their typedefs
(``GLuint``, ``EGLImageKHR``, ``VdpDevice`` ...) become part of its model, as handle classes.
"""

from dataclasses import dataclass, field
from typing import Tuple


def version_key(version):
    """"12.9" -> (12, 9), for comparing and sorting CUDA versions."""
    return tuple(int(x) for x in version.split("."))


@dataclass(frozen=True)
class Family:
    name: str  # python module: cudacffi.<name>
    headers: Tuple[str, ...]  # what the C source and the preprocessor include
    own: Tuple[str, ...]  # files whose declarations belong to this family
    status: str  # the enum every function returns
    style: str = "tuple"  # "tuple" (cuda.bindings driver/runtime/nvrtc) or "exception"
    const_prefixes: Tuple[str, ...] = ()
    ptds_macro: str = ""  # defined to get the per-thread-default-stream symbols
    wheel_files: Tuple[str, ...] = field(default_factory=tuple)  # headers copied into a snapshot
    version_header: str = ""  # where CUDA_VERSION comes from when the family's own headers lack it
    version_macro: str = "CUDA_VERSION"  # the header's version, as 1000 * major + 10 * minor
    skip: Tuple[str, ...] = ()  # functions of the headers left out of the API (see the family)
    since: str = ""  # the first CUDA version whose headers have the family (older snapshots lack it)

    def present_in(self, version):
        """Whether CUDA ``version`` ("X.Y") has this family at all (``since``)."""
        return not self.since or version_key(version) >= version_key(self.since)
    standins: Tuple[str, ...] = ()  # headers/fake_interop files whose typedefs belong to it too
    # typedefs of other headers its own use, taken into its model with what they name (cufile.h's CUresult and
    # CUstream come from cuda.h, whose other declarations stay the driver's)
    borrow: Tuple[str, ...] = ()
    # the struct its functions return by value in place of a status (cuFile's {err, cu_err}), whose
    # first member is the status enum
    status_struct: str = ""
    cdef_types: str = ""  # typedefs the cffi cdef needs and cffi does not know (off_t)


# The graphics APIs' types the interop headers use, from headers/fake_interop.
_INTEROP_STANDINS = ("EGL/egl.h", "EGL/eglext.h", "GL/gl.h", "vdpau/vdpau.h")

# cudaVDPAU.h expects <vdpau/vdpau.h> to be included before it (cuda_vdpau_interop.h includes it itself).
_DRIVER_HEADERS = ("cuda.h", "cudaProfiler.h", "cudaEGL.h", "cudaGL.h", "cudaVDPAU.h")

DRIVER = Family(
    name="driver",
    headers=_DRIVER_HEADERS[:-1] + ("vdpau/vdpau.h",) + _DRIVER_HEADERS[-1:],
    own=_DRIVER_HEADERS,
    standins=_INTEROP_STANDINS,
    status="CUresult",
    const_prefixes=("CU_", "CUDA_", "MAX_PLANES"),
    ptds_macro="CUDA_API_PER_THREAD_DEFAULT_STREAM",
    wheel_files=_DRIVER_HEADERS,
    # OpenGL buffer-object interop deprecated since CUDA 3.0 (cuGraphicsGLRegisterBuffer replaces it);
    # cuda.bindings leaves it out too
    skip=("cuGLCtxCreate", "cuGLInit", "cuGLRegisterBufferObject", "cuGLMapBufferObject",
          "cuGLUnmapBufferObject", "cuGLUnregisterBufferObject", "cuGLSetBufferObjectMapFlags",
          "cuGLMapBufferObjectAsync", "cuGLUnmapBufferObjectAsync"),
)

NVRTC = Family(
    name="nvrtc",
    headers=("nvrtc.h",),
    own=("nvrtc.h",),
    status="nvrtcResult",
    const_prefixes=("NVRTC_",),
    wheel_files=("nvrtc.h",),
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
    headers=("cuda_runtime_api.h", "library_types.h") + _RUNTIME_INTEROP,
    own=("cuda_runtime_api.h", "library_types.h") + _RUNTIME_TYPES + _RUNTIME_INTEROP,
    standins=_INTEROP_STANDINS,
    status="cudaError_t",
    const_prefixes=("cuda", "CUDA_IPC_HANDLE_SIZE", "CUDART_VERSION", "CUDA_EGL_MAX_PLANES"),
    ptds_macro="CUDA_API_PER_THREAD_DEFAULT_STREAM",
    wheel_files=("cuda_runtime_api.h", "library_types.h") + _RUNTIME_TYPES + ("crt/host_defines.h",)
    + _RUNTIME_INTEROP + _RUNTIME_INCLUDED,
    version_macro="CUDART_VERSION",
    # They take a host stub or a device symbol (the address of a __global__ function or __device__ variable
    # in a program the CUDA compiler linked into the host binary), which a Python process does not have;
    # cuda.bindings leaves them out too. Kernels come from modules and libraries (cudaLibraryGetKernel).
    skip=("cudaLaunchKernel", "cudaLaunchKernelExC", "cudaLaunchCooperativeKernel",
          "cudaLaunchCooperativeKernelMultiDevice", "cudaFuncGetName", "cudaFuncGetParamInfo",
          "cudaGetFuncBySymbol", "cudaGetSymbolAddress", "cudaGetSymbolSize", "cudaMemcpyToSymbol",
          "cudaMemcpyFromSymbol", "cudaMemcpyToSymbolAsync", "cudaMemcpyFromSymbolAsync",
          "cudaGraphAddMemcpyNodeToSymbol", "cudaGraphAddMemcpyNodeFromSymbol",
          "cudaGraphMemcpyNodeSetParamsToSymbol", "cudaGraphMemcpyNodeSetParamsFromSymbol",
          "cudaGraphExecMemcpyNodeSetParamsToSymbol", "cudaGraphExecMemcpyNodeSetParamsFromSymbol",
          "cudaOccupancyMaxActiveClusters", "cudaOccupancyMaxPotentialClusterSize",
          # returns its struct by value, not a status: cudacffi/runtime.py builds it in Python
          "cudaCreateChannelDesc",
          # OpenGL buffer-object interop deprecated since CUDA 3.0 (cudaGraphicsGLRegisterBuffer replaces it)
          "cudaGLSetGLDevice", "cudaGLRegisterBufferObject", "cudaGLMapBufferObject", "cudaGLUnmapBufferObject",
          "cudaGLUnregisterBufferObject", "cudaGLSetBufferObjectMapFlags", "cudaGLMapBufferObjectAsync",
          "cudaGLUnmapBufferObjectAsync"),
)


# Exception style, as cuda.bindings.nvjitlink / .nvvm: snake_case functions, errors raised. nvJitLink.h and
# nvvm.h carry no CUDA_VERSION; the toolkit's cuda.h beside them dates the build.
NVJITLINK = Family(
    name="nvjitlink",
    headers=("nvJitLink.h",),
    own=("nvJitLink.h",),
    status="nvJitLinkResult",
    style="exception",
    wheel_files=("nvJitLink.h",),
    version_header="cuda.h",
)

NVVM = Family(
    name="nvvm",
    headers=("nvvm.h",),
    own=("nvvm.h",),
    status="nvvmResult",
    style="exception",
    wheel_files=("nvvm.h",),
    version_header="cuda.h",
)

# nvFatbin (CUDA 12.4 and newer): fat binaries from PTX, cubins and LTO-IR; cuda.bindings.nvfatbin's style.
# Snapshots of older CUDA have no nvFatbin.h, and builds of them no nvfatbin module.
NVFATBIN = Family(
    name="nvfatbin",
    headers=("nvFatbin.h",),
    own=("nvFatbin.h",),
    status="nvFatbinResult",
    style="exception",
    wheel_files=("nvFatbin.h",),
    version_header="cuda.h",
    since="12.4",
)

# NVML (every CUDA version: the nvidia-nvml-dev-cu12 / nvidia-nvml-dev wheels hold nvml.h; the library,
# libnvidia-ml.so.1, comes with the driver); cuda.bindings.nvml's style, with its struct classes.
NVML = Family(
    name="nvml",
    headers=("nvml.h",),
    own=("nvml.h",),
    status="nvmlReturn_t",
    style="exception",
    # NVML_* and the bit masks nvml.h names in camel case (event types, clock event reasons), which
    # cuda.bindings.nvml groups into enums (emit_py_exception.DEFINE_ENUMS)
    const_prefixes=("NVML_", "nvmlEventType", "nvmlEventMigConfigChange", "nvmlSystemEventType",
                    "nvmlClocksEventReason", "nvmlClocksThrottleReason"),
    wheel_files=("nvml.h",),
    version_header="cuda.h",
)

# cuFile (GPUDirect Storage; the nvidia-cufile-cu12 wheels from CUDA 12.6, nvidia-cufile for 13.x):
# cuda.bindings.cufile's style. Its functions return CUfileError_t ({err, cu_err}) by value, a few void or a
# byte count (ssize_t, long); cufile.h includes cuda.h for CUresult and CUstream only.
CUFILE = Family(
    name="cufile",
    headers=("cufile.h",),
    own=("cufile.h",),
    status="CUfileOpError",
    status_struct="CUfileError_t",
    style="exception",
    const_prefixes=("CU_FILE_", "CUFILE_"),
    wheel_files=("cufile.h",),
    version_header="cuda.h",
    since="12.6",
    borrow=("CUresult", "CUstream"),
    cdef_types="typedef long off_t; typedef long loff_t; struct timespec { long tv_sec; long tv_nsec; ...; };",
)

FAMILIES = {f.name: f for f in (DRIVER, RUNTIME, NVRTC, NVJITLINK, NVVM, NVFATBIN, NVML, CUFILE)}

# Where each header sits inside the unpacked NVIDIA wheels, by CUDA major version.
WHEEL_INCLUDE_DIRS = {
    12: ("nvidia/cuda_runtime/include", "nvidia/cuda_nvrtc/include", "nvidia/nvjitlink/include",
         "nvidia/cuda_nvcc/include", "nvidia/cuda_nvcc/nvvm/include", "nvidia/nvfatbin/include",
         "nvidia/cuda_profiler_api/include", "nvidia/nvml_dev/include", "nvidia/cufile/include"),
    13: ("nvidia/cu13/include",),
}
