"""cudacffi.core: cuda.core's API (Device, Stream, Event, Program, Linker, ObjectCode, Kernel, launch, Buffer and
the memory resources; graphs in ``cudacffi.core.graph``, StridedMemoryView and copies in ``cudacffi.core.utils``,
textures in ``cudacffi.core.texture``, NVML's view of the machine in ``cudacffi.core.system``, process
checkpoints in ``cudacffi.core.checkpoint``) on cudacffi's generated bindings, for CPython and PyPy.

    from cudacffi.core import Device, LaunchConfig, Program, ProgramOptions, launch
    # instead of: from cuda.core import ...

Importing loads no CUDA library and needs neither numpy nor a GPU; ``system`` (and with it the NVML
bindings) is imported on first use. The names, signatures, properties and options are
cuda.core 1.2.2's; where this module does more (checked kernel arguments, ``Stream()`` as a context manager,
``Device.total_memory``, an optional ``stream`` for ``allocate`` and copies, a primary context made current on
first use), the docstrings say so.
"""

import importlib

from ._utils import ComputeCapability, CUDAError, NVRTCError
from ._context import Context
from ._device_properties import DeviceProperties
from ._event import Event, EventOptions
from ._stream import LEGACY_DEFAULT_STREAM, PER_THREAD_DEFAULT_STREAM, Stream, StreamOptions
from ._memory import (Buffer, DeviceMemoryResource, DeviceMemoryResourceOptions, GraphMemoryResource, Host,
                      IPCAllocationHandle, IPCBufferDescriptor, LegacyPinnedMemoryResource, ManagedBuffer,
                      ManagedMemoryResource, ManagedMemoryResourceOptions, MemoryResource, PinnedMemoryResource,
                      PinnedMemoryResourceOptions, SynchronousMemoryResource, VirtualMemoryResource,
                      VirtualMemoryResourceOptions)
from ._program_options import ProgramOptions
from ._launch_config import LaunchConfig
from ._kernel import Kernel, KernelAttributes, KernelOccupancy, ParamInfo
from ._module import ObjectCode
from ._linker_options import LinkerOptions
from ._linker import Linker
from ._program import Program
from ._launch import launch
from ._tensor_map import TensorMapDescriptor, TensorMapDescriptorOptions
from ._green_resources import (DeviceResources, SMResource, SMResourceOptions, WorkqueueResource,
                               WorkqueueResourceOptions)
from ._green_context import ContextOptions
from .typing import WorkqueueSharingScopeType
from ._graphics import GraphicsResource
from . import checkpoint, graph, texture, typing, utils  # noqa: F401
from ._device import Device

# The cuda.core version whose API this package implements: code written for cuda.core gates features on it
# (``Version(core.__version__) >= Version("0.4")``); cudacffi.__version__ is the project's own.
__version__ = "1.2.2"

# imported on first use, reachable as an attribute as in cuda.core: system loads the NVML bindings
_LAZY = ("system",)

__all__ = ["Buffer", "ComputeCapability", "Context", "ContextOptions", "CUDAError", "Device", "DeviceMemoryResource",
           "DeviceMemoryResourceOptions", "DeviceProperties", "DeviceResources", "Event", "EventOptions",
           "GraphicsResource", "GraphMemoryResource", "Host", "IPCAllocationHandle", "IPCBufferDescriptor", "Kernel",
           "KernelAttributes", "KernelOccupancy", "LaunchConfig", "LEGACY_DEFAULT_STREAM",
           "LegacyPinnedMemoryResource", "Linker", "LinkerOptions", "ManagedBuffer", "ManagedMemoryResource",
           "ManagedMemoryResourceOptions", "MemoryResource", "NVRTCError", "ObjectCode", "ParamInfo",
           "PER_THREAD_DEFAULT_STREAM", "PinnedMemoryResource", "PinnedMemoryResourceOptions", "Program",
           "ProgramOptions", "SMResource", "SMResourceOptions", "Stream", "StreamOptions", "SynchronousMemoryResource",
           "TensorMapDescriptor", "TensorMapDescriptorOptions", "VirtualMemoryResource", "VirtualMemoryResourceOptions",
           "WorkqueueResource", "WorkqueueResourceOptions", "WorkqueueSharingScopeType", "checkpoint", "launch",
           "system"]


def __getattr__(name):
    if name in _LAZY:
        return importlib.import_module("." + name, __name__)
    raise AttributeError("module %r has no attribute %r" % (__name__, name))


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
