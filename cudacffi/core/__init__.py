"""cudacffi.core: cuda.core's API (Device, Stream, Event, Program, Linker, ObjectCode, Kernel, launch, Buffer and
the memory resources; graphs in ``cudacffi.core.graph``, StridedMemoryView in ``cudacffi.core.utils``) on
cudacffi's generated bindings, for CPython and PyPy.

    from cudacffi.core import Device, LaunchConfig, Program, ProgramOptions, launch
    # instead of: from cuda.core import ...

Importing loads no CUDA library and needs neither numpy nor a GPU. The names, signatures, properties and
options are cuda.core 1.2.2's; where this module does more (checked kernel arguments, ``Stream()`` as a
context manager, ``Device.total_memory``, an optional ``stream`` for ``allocate`` and copies, a primary
context made current on first use), the docstrings say so.
"""

from ._utils import ComputeCapability, CUDAError, NVRTCError
from ._device import Context, Device, DeviceProperties, system
from ._stream import (LEGACY_DEFAULT_STREAM, PER_THREAD_DEFAULT_STREAM, Event, EventOptions, Stream,
                      StreamOptions)
from ._memory import Buffer, MemoryResource
from ._memory_resource import (DeviceMemoryResource, DeviceMemoryResourceOptions, IPCAllocationHandle,
                               IPCBufferDescriptor, LegacyPinnedMemoryResource, ManagedMemoryResource,
                               ManagedMemoryResourceOptions, PinnedMemoryResource, PinnedMemoryResourceOptions,
                               SynchronousMemoryResource)
from ._module import Kernel, KernelAttributes, KernelOccupancy, ObjectCode, ParamInfo
from ._program import Program, ProgramOptions
from ._linker import Linker, LinkerOptions
from ._launch import LaunchConfig, launch

__all__ = ["Buffer", "ComputeCapability", "Context", "CUDAError", "Device", "DeviceMemoryResource",
           "DeviceMemoryResourceOptions", "DeviceProperties", "Event", "EventOptions", "IPCAllocationHandle",
           "IPCBufferDescriptor", "Kernel", "KernelAttributes", "KernelOccupancy", "LaunchConfig", "LEGACY_DEFAULT_STREAM",
           "LegacyPinnedMemoryResource", "Linker", "LinkerOptions", "ManagedMemoryResource",
           "ManagedMemoryResourceOptions", "MemoryResource", "NVRTCError", "ObjectCode", "ParamInfo",
           "PER_THREAD_DEFAULT_STREAM", "PinnedMemoryResource", "PinnedMemoryResourceOptions", "Program",
           "ProgramOptions", "Stream", "StreamOptions", "SynchronousMemoryResource", "launch", "system"]

# core-utils: tensor maps (TMA)
from ._tensor_map import TensorMapDescriptor, TensorMapDescriptorOptions  # noqa: E402
__all__ += ["TensorMapDescriptor", "TensorMapDescriptorOptions"]

# core-mem: managed, virtual and graph memory (issue 15)
from ._managed import Host, ManagedBuffer  # noqa: E402
from ._memory_resource import GraphMemoryResource  # noqa: E402
from ._vmm import VirtualMemoryResource, VirtualMemoryResourceOptions  # noqa: E402
__all__ += ["GraphMemoryResource", "Host", "ManagedBuffer", "VirtualMemoryResource", "VirtualMemoryResourceOptions"]

# -- green contexts, graphics interop, textures and surfaces (cudacffi.core.texture) --
from ._green import (ContextOptions, DeviceResources, SMResource, SMResourceOptions, WorkqueueResource,
                     WorkqueueResourceOptions, WorkqueueSharingScopeType)
from ._graphics import GraphicsResource
from . import texture  # noqa: E402,F401

__all__ += ["ContextOptions", "DeviceResources", "GraphicsResource", "SMResource", "SMResourceOptions",
            "WorkqueueResource", "WorkqueueResourceOptions", "WorkqueueSharingScopeType"]

# core-system: the module cudacffi.core.checkpoint (``system``, NVML's view of the machine, is imported above)
from . import checkpoint  # noqa: E402
__all__ += ["checkpoint"]
