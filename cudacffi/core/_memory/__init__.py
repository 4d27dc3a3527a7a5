"""Memory: Buffer and the memory resources that allocate it, one concept a module (layer L3 of cudacffi.core).

Bottom to top: ``_checks`` (sizes, addresses, the stream of an operation), ``_resource`` (the MemoryResource
base), ``_host`` (the host side of copies and fills), ``_backstop`` (the collector's backstop for unclosed
buffers), ``_buffer`` (Buffer), ``_ipc`` (IPCAllocationHandle, IPCBufferDescriptor), ``_pool`` (the pool base:
stream-ordered allocation, attributes, IPC), ``_options`` (the pools' options), ``_peer``
(PeerAccessibleBySetProxy), ``_device_resource``, ``_pinned``, ``_locations`` (Host), ``_managed``
(ManagedBuffer, prefetch/discard batches), ``_managed_resource``, ``_legacy`` (LegacyPinned, Synchronous),
``_graph_resource``, ``_vmm_options`` and ``_vmm`` (VirtualMemoryResource), ``_default`` (each device's default
resource). Nothing here imports ``Device``: a device is its ordinal, ``_context.device()`` where its object is
the answer, and classes of upper layers come from ``_registry``.
"""

from ._buffer import Buffer, new_buffer
from ._checks import CLOSED, check_pointer, check_size, device_ordinal, raise_status, stream_or_default
from ._default import default_resource
from ._device_resource import DeviceMemoryResource
from ._graph_resource import GraphMemoryResource, GraphMemoryResourceAttributes
from ._host import HostAddress, fill_pattern, host_view, reads_during_call, same_size
from ._ipc import IPCAllocationHandle, IPCBufferDescriptor
from ._legacy import LegacyPinnedMemoryResource, SynchronousMemoryResource
from ._locations import Host, location_of
from ._managed import AccessedBy, ManagedBuffer, discard_batch, discard_prefetch_batch, prefetch_batch
from ._managed_resource import ManagedMemoryResource
from ._options import DeviceMemoryResourceOptions, ManagedMemoryResourceOptions, PinnedMemoryResourceOptions
from ._peer import PeerAccessibleBySetProxy
from ._pinned import PinnedMemoryResource
from ._resource import MemoryResource, from_handle_arguments
from ._vmm import VirtualMemoryResource
from ._vmm_options import VirtualMemoryResourceOptions

__all__ = ["AccessedBy", "Buffer", "CLOSED", "DeviceMemoryResource", "DeviceMemoryResourceOptions",
           "GraphMemoryResource", "GraphMemoryResourceAttributes", "Host", "HostAddress", "IPCAllocationHandle",
           "IPCBufferDescriptor", "LegacyPinnedMemoryResource", "ManagedBuffer", "ManagedMemoryResource",
           "ManagedMemoryResourceOptions", "MemoryResource", "PeerAccessibleBySetProxy", "PinnedMemoryResource",
           "PinnedMemoryResourceOptions", "SynchronousMemoryResource", "VirtualMemoryResource",
           "VirtualMemoryResourceOptions", "check_pointer", "check_size", "default_resource",
           "device_ordinal", "discard_batch", "discard_prefetch_batch", "fill_pattern", "from_handle_arguments",
           "host_view", "location_of", "new_buffer", "prefetch_batch", "raise_status", "reads_during_call",
           "same_size", "stream_or_default"]
