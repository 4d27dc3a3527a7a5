"""The type aliases, protocols and string enumerations that cudacffi.core's signatures use, under cuda.core's
names (``cuda.core.typing``): ``from cudacffi.core.typing import ArrayFormatType, AddressModeType, ...``.

Each enumeration is a string enum: a member equals, formats and prints as its value (``"float32"``), so
either the member or the plain string may be passed wherever one is taken. The enumerations some other
module uses (graph nodes, green contexts) are defined here, at the bottom of the package, and imported there.
This module imports nothing of ``cudacffi.core``: the classes its aliases name are forward references.
"""

from __future__ import annotations

import enum
import sys
from typing import TYPE_CHECKING, Literal, Protocol, Sequence, Tuple, Union

from .. import driver as _driver

if TYPE_CHECKING:
    from ._green_resources import SMResource, WorkqueueResource

__all__ = [
    "AddressModeType",
    "ArrayFormatType",
    "CompilerBackendType",
    "DevicePointerType",
    "DeviceResourcesType",
    "FilterModeType",
    "GraphConditionalType",
    "GraphMemoryType",
    "IsStreamType",
    "ManagedMemoryLocationType",
    "ObjectCodeFormatType",
    "PCHStatusType",
    "ProcessStateType",
    "ReadModeType",
    "SourceCodeType",
    "VirtualMemoryAccessType",
    "VirtualMemoryAllocationType",
    "VirtualMemoryGranularityType",
    "VirtualMemoryHandleType",
    "VirtualMemoryLocationType",
    "WorkqueueSharingScopeType",
]

if sys.version_info >= (3, 11):
    _StrEnum = enum.StrEnum
else:
    class _StrEnum(str, enum.Enum):
        """A string enum for Pythons before 3.11: members print and format as their values."""

        def __str__(self) -> str:
            return str.__str__(self)

        def __format__(self, spec: str) -> str:
            return str.__format__(str.__str__(self), spec)


# What Buffer.handle and the other device pointers are: a CUdeviceptr, an int address, or None.
DevicePointerType = Union[_driver.CUdeviceptr, int, None]

# What a process's checkpoint state reads as (cudacffi.core.checkpoint).
ProcessStateType = Literal["running", "locked", "checkpointed", "failed"]

# The resources a green context is made of (Device.create_context).
DeviceResourcesType = Sequence[Union["SMResource", "WorkqueueResource"]]


class IsStreamType(Protocol):
    """Any object to be taken as a CUDA stream: ``__cuda_stream__()`` returns ``(0, address of the CUstream)``
    (protocol version 0, both ints)."""

    def __cuda_stream__(self) -> Tuple[int, int]:
        ...


class SourceCodeType(_StrEnum):
    """What a Program compiles: "c++" (CUDA C++), "ptx" or "nvvm" (NVVM IR)."""

    CXX = "c++"
    PTX = "ptx"
    NVVM = "nvvm"


class ObjectCodeFormatType(_StrEnum):
    """What Program.compile and Linker.link produce."""

    PTX = "ptx"
    CUBIN = "cubin"
    LTOIR = "ltoir"
    FATBIN = "fatbin"
    OBJECT = "object"
    LIBRARY = "library"


class CompilerBackendType(_StrEnum):
    """The compiler behind a Program (``Program.backend``)."""

    NVRTC = "NVRTC"
    NVVM = "NVVM"
    NVJITLINK = "nvJitLink"
    DRIVER = "driver"


class PCHStatusType(_StrEnum):
    """What became of a precompiled header Program.compile was asked for."""

    CREATED = "created"
    NOT_ATTEMPTED = "not_attempted"
    FAILED = "failed"


class ManagedMemoryLocationType(_StrEnum):
    """Where managed memory is prefetched to or advised for: a device, the host, or a host NUMA node."""

    DEVICE = "device"
    HOST = "host"
    HOST_NUMA = "host_numa"


class VirtualMemoryHandleType(_StrEnum):
    """The OS handle a virtual memory allocation is exported as."""

    POSIX_FD = "posix_fd"
    WIN32_KMT = "win32_kmt"
    FABRIC = "fabric"


class VirtualMemoryLocationType(_StrEnum):
    """Where a virtual memory allocation's physical memory lives."""

    DEVICE = "device"
    HOST = "host"
    HOST_NUMA = "host_numa"
    HOST_NUMA_CURRENT = "host_numa_current"


class VirtualMemoryGranularityType(_StrEnum):
    """Which allocation granularity to ask for: the minimum or the recommended one."""

    MINIMUM = "minimum"
    RECOMMENDED = "recommended"


class VirtualMemoryAccessType(_StrEnum):
    """How a virtual memory mapping may be accessed: "rw" or "r"."""

    READ_WRITE = "rw"
    READ = "r"


class VirtualMemoryAllocationType(_StrEnum):
    """The kind of physical memory backing a virtual memory allocation (managed needs CUDA 13)."""

    PINNED = "pinned"
    MANAGED = "managed"


class ArrayFormatType(_StrEnum):
    """The element type of an OpaqueArray or MipmappedArray (``CUarray_format``); each is also a numpy dtype's
    name."""

    UINT8 = "uint8"
    UINT16 = "uint16"
    UINT32 = "uint32"
    INT8 = "int8"
    INT16 = "int16"
    INT32 = "int32"
    FLOAT16 = "float16"
    FLOAT32 = "float32"


class AddressModeType(_StrEnum):
    """What a texture read outside [0, size) returns (``CUaddress_mode``)."""

    WRAP = "wrap"
    CLAMP = "clamp"
    MIRROR = "mirror"
    BORDER = "border"


class FilterModeType(_StrEnum):
    """How a texture read between texels is sampled (``CUfilter_mode``): nearest or (bi/tri)linear."""

    POINT = "point"
    LINEAR = "linear"


class ReadModeType(_StrEnum):
    """What a texture read of integer texels returns: the element as stored, or a float normalized to [0, 1]
    (unsigned) or [-1, 1] (signed)."""

    ELEMENT_TYPE = "element_type"
    NORMALIZED_FLOAT = "normalized_float"


class GraphMemoryType(str, enum.Enum):
    """Where an allocation node's memory lives: "device", "host" (pinned) or "managed"."""

    DEVICE = "device"
    HOST = "host"
    MANAGED = "managed"

    def __str__(self) -> str:
        return self.value


class GraphConditionalType(str, enum.Enum):
    """The kind of a conditional node: "if" (also if/else), "while" or "switch"."""

    IF = "if"
    WHILE = "while"
    SWITCH = "switch"

    def __str__(self) -> str:
        return self.value


class WorkqueueSharingScopeType(str, enum.Enum):
    """How a context shares the device's workqueues (``CUdevWorkqueueConfigScope``)."""

    DEVICE_CTX = "device_ctx"
    GREEN_CTX_BALANCED = "green_ctx_balanced"

    def __str__(self) -> str:
        return self.value
