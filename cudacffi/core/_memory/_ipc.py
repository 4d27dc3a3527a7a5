"""What processes exchange to share a memory pool and its buffers (Linux): ``IPCAllocationHandle``, the pool's
shareable handle (a file descriptor), and ``IPCBufferDescriptor``, one buffer of the pool (64 opaque bytes and a
size). Both pickle for ``multiprocessing``: the descriptor travels with ``multiprocessing.reduction.DupFd``, so they
pass as arguments to a process started with the 'spawn' method or through its queues. A process forked after CUDA
was initialized cannot use CUDA: unpickling a handle there raises RuntimeError saying so.
"""

from __future__ import annotations

import os
from multiprocessing import reduction
from typing import Any, Optional
from uuid import UUID

from .. import _utils
from ._checks import check_size

__all__ = ["IPCAllocationHandle", "IPCBufferDescriptor"]


class IPCBufferDescriptor:
    """What another process needs to map a buffer of an IPC-enabled pool: 64 opaque bytes and the size.
    Picklable. Treat a descriptor from an untrusted peer as untrusted input."""

    __slots__ = ("_reserved", "_size")
    _reserved: bytes
    _size: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("IPCBufferDescriptor objects cannot be instantiated directly. Please use MemoryResource "
                           "APIs.")

    @staticmethod
    def _init(reserved: bytes, size: int) -> "IPCBufferDescriptor":
        if len(reserved) != 64:
            raise ValueError("an IPC descriptor holds 64 bytes, got %d" % len(reserved))
        self = object.__new__(IPCBufferDescriptor)
        self._reserved = bytes(reserved)
        self._size = check_size(size)
        return self

    @property
    def size(self) -> int:
        return self._size

    def __reduce__(self) -> Any:
        return (IPCBufferDescriptor._init, (self._reserved, self._size))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IPCBufferDescriptor) and (other._reserved, other._size) == (self._reserved, self._size)

    def __hash__(self) -> int:
        return hash((self._reserved, self._size))

    def __repr__(self) -> str:
        return "<IPCBufferDescriptor size=%d>" % self._size


class IPCAllocationHandle:
    """A shareable handle of an IPC-enabled pool: a file descriptor (``int(handle)``), closed with
    ``close()``. Pickling sends a duplicate of the descriptor (``multiprocessing.reduction.DupFd``): it works
    while multiprocessing sends it (a spawned process's arguments, a queue, a pipe)."""

    __slots__ = ("_fd", "_uuid", "__weakref__")
    _fd: Optional[int]
    _uuid: Optional[UUID]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise RuntimeError("IPCAllocationHandle objects cannot be instantiated directly. Please use MemoryResource "
                           "APIs.")

    @classmethod
    def _init(cls, handle: Any, uuid: Optional[UUID]) -> "IPCAllocationHandle":
        fd = _utils.as_int(handle, "handle")
        if fd < 0:
            raise ValueError("Invalid allocation handle (fd) %d: must be non-negative" % fd)
        self = object.__new__(cls)
        self._fd = fd
        self._uuid = uuid
        return self

    @property
    def handle(self) -> int:
        """The file descriptor; -1 once closed (as cuda.core reads it)."""
        fd = self._fd
        return -1 if fd is None else fd

    def __int__(self) -> int:
        fd = self._fd
        if fd is None:
            raise ValueError("Cannot convert IPCAllocationHandle to int: the handle (id=%d) is closed." % id(self))
        return fd

    __index__ = __int__

    @property
    def uuid(self) -> Optional[UUID]:
        return self._uuid

    @property
    def is_closed(self) -> bool:
        return self._fd is None

    def close(self) -> None:
        """Close the file descriptor (idempotent)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)

    def __del__(self) -> None:  # closes at once: os.close runs no Python code, imports nothing, takes no lock
        try:
            self.close()
        except Exception:
            pass

    def __reduce__(self) -> Any:
        return (_handle_from_pickle, (reduction.DupFd(int(self)), self._uuid))

    def __repr__(self) -> str:
        return "<IPCAllocationHandle fd=%r uuid=%s>" % (self._fd, self._uuid)


def _handle_from_pickle(dup: Any, uuid: Optional[UUID]) -> IPCAllocationHandle:
    _utils.check_not_forked()
    return IPCAllocationHandle._init(dup.detach(), uuid)
