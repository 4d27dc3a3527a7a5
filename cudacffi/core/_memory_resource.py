"""The memory resources' former module: its names now live in ``cudacffi.core._memory`` (one module a concept).
Kept as re-exports while other modules still import from here."""

from ._memory import (DeviceMemoryResource, DeviceMemoryResourceOptions, GraphMemoryResource,
                      GraphMemoryResourceAttributes, IPCAllocationHandle, IPCBufferDescriptor,
                      LegacyPinnedMemoryResource, ManagedMemoryResource, ManagedMemoryResourceOptions,
                      PeerAccessibleBySetProxy, PinnedMemoryResource, PinnedMemoryResourceOptions,
                      SynchronousMemoryResource, default_resource)

__all__ = ["DeviceMemoryResource", "DeviceMemoryResourceOptions", "GraphMemoryResource",
           "GraphMemoryResourceAttributes", "IPCAllocationHandle", "IPCBufferDescriptor", "LegacyPinnedMemoryResource",
           "ManagedMemoryResource", "ManagedMemoryResourceOptions", "PeerAccessibleBySetProxy", "PinnedMemoryResource",
           "PinnedMemoryResourceOptions", "SynchronousMemoryResource", "default_resource"]
