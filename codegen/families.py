"""The API families cudacffi generates, and where their headers live in the NVIDIA wheels.

A family names the headers it includes, the ones whose declarations it owns, its status enum, the
library it loads and the macro prefixes of its constants.
"""

from dataclasses import dataclass, field
from typing import Tuple


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


DRIVER = Family(
    name="driver",
    headers=("cuda.h",),
    own=("cuda.h",),
    status="CUresult",
    const_prefixes=("CU_", "CUDA_", "MAX_PLANES"),
    ptds_macro="CUDA_API_PER_THREAD_DEFAULT_STREAM",
    wheel_files=("cuda.h",),
)

NVRTC = Family(
    name="nvrtc",
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

FAMILIES = {f.name: f for f in (DRIVER, NVRTC, NVJITLINK, NVVM)}

# Where each header sits inside the unpacked NVIDIA wheels, by CUDA major version.
WHEEL_INCLUDE_DIRS = {
    12: ("nvidia/cuda_runtime/include", "nvidia/cuda_nvrtc/include", "nvidia/nvjitlink/include",
         "nvidia/cuda_nvcc/include", "nvidia/cuda_nvcc/nvvm/include"),
    13: ("nvidia/cu13/include",),
}
