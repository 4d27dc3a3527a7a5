"""Buffer: memory a memory resource allocated (or a pointer wrapped), its copies, fills, stream-ordered frees, and
its export to other libraries (DLPack and ``__cuda_array_interface__`` v3).

A Buffer passes to ``launch`` as its device pointer: ``_v`` holds that pointer for cudacffi's kernel-argument
packer (which copies ``_v`` of objects passed with type None) and ``getPtr()`` the address of 8 bytes holding it,
so a Buffer is packed without any per-launch conversion.

Lifetime: ``close()`` (or a ``with`` block) frees a buffer on the stream it was allocated on (or the one given);
the garbage collector is only a backstop (``_backstop``), freeing on that same stream. On PyPy the collector runs
late, so device memory can pile up unless buffers are closed: a ``ResourceWarning`` (ignored unless enabled, e.g.
``python -W default::ResourceWarning`` or ``-X dev``) reports each buffer the collector freed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Tuple, Type, TypeVar

from ... import _direct
from ... import driver as _drv
from .. import _dlpack, _release, _utils
from .._stream import Stream, stream_handle
from .._utils import check
from ._backstop import PYPY, backstop_base, backstop_module, collected, live_stream
from ._checks import CLOSED, raise_status, stream_or_default
from ._host import HostAddress, fill_pattern, host_view, reads_during_call, same_size
from ._resource import MemoryResource, from_handle_arguments, pointer_attributes, resource_attributes

__all__ = ["Buffer", "new_buffer"]

# The loop's copies and fills make their one driver call after what _utils.driver() does on every call: the
# one-time cuInit (or the forked-child error) and the queued releases.
_queue = _release._queue
_ready = _utils._initialized


_B = TypeVar("_B", bound="Buffer")

if TYPE_CHECKING:  # a type checker sees Buffer as what it is to its users: a class of its own, no other's kind
    _BASE = object
else:
    _BASE = backstop_base()


def _in_c(cls: Any) -> Any:
    """On CPython, ``handle`` and ``size`` read their slots in C (0 once closed, as the properties say), and the
    loop's ``copy_to(dst, stream=s)`` (a live buffer of this class and size) and ``fill(byte, stream=s)`` make
    their one driver call in C (``_direct.handle_call_in_c``); every other case is the Python code's. Chosen as the
    class is defined."""
    cls.handle = _direct.getter_in_c(cls, "handle", value="_ptr", guard="_ptr")
    cls.size = _direct.getter_in_c(cls, "size", value="_size", guard="_ptr")
    for name, op, entry in (("copy_to", _direct.COPY_TO, "cuMemcpyAsync"), ("fill", _direct.FILL, "cuMemsetD8Async")):
        fast = _direct.handle_call_in_c(entry, op, cls.__dict__[name], raise_status, cls, Stream, _queue, _ready)
        if fast is not None:
            setattr(cls, name, fast)
    return cls


@_in_c
@_direct.value_type  # launch() packs a Buffer by its _v, the device pointer
class Buffer(_BASE):
    """``size`` bytes of memory from a memory resource (or wrapped with ``Buffer.from_handle``).
    ``handle`` is its address (an int)."""

    __slots__ = ("_v", "_ptr", "_size", "_mr", "_stream", "_owner", "_box", "_attrs", "_ipc", "_guard", "__weakref__")
    _v: int  # the device pointer, for the kernel-argument packer (absent once closed)
    _ptr: Optional[int]  # None once closed
    _size: int
    _mr: Any
    _stream: Any
    _owner: Any
    _box: Any  # a driver.CUdeviceptr for getPtr(), made on first use
    _attrs: Optional[Tuple[int, bool, bool, bool]]
    _ipc: Any
    _guard: Any  # PyPy: (the cffi destructor's object, [mr, ptr, size, stream])

    def __new__(cls, *args: Any, **kwargs: Any) -> "Buffer":
        raise RuntimeError("Buffer objects cannot be instantiated directly: use a MemoryResource's allocate(), "
                           "Device.allocate() or Buffer.from_handle()")

    @classmethod
    def _make(cls: Type[_B], ptr: int, size: int, mr: Any, stream: Any = None, owner: Any = None,
              ipc: Any = None) -> _B:
        self = _BASE.__new__(cls)  # past Buffer.__new__, which refuses direct instantiation
        self._v = self._ptr = ptr
        self._size = size
        self._mr = mr
        self._stream = stream
        self._owner = owner
        self._box = self._attrs = self._guard = None
        self._ipc = ipc
        if PYPY and mr is not None and ptr:
            self._arm()
        return self

    @staticmethod
    def from_handle(ptr: Any, size: int, mr: Optional[MemoryResource] = None, owner: Any = None, *,
                    stream: Any = None) -> "Buffer":
        """A Buffer over existing memory at ``ptr``: freed through ``mr.deallocate`` on close where ``mr`` is
        given, kept alive by holding ``owner`` where that is given (not both), else never freed. ``stream``
        orders the free."""
        return Buffer._make(*from_handle_arguments(ptr, size, mr, owner, stream))

    # -- what launches and copies read -----------------------------------------------------------------------
    def getPtr(self) -> int:
        """Address of 8 bytes holding the device pointer (what a kernel argument of this buffer points to)."""
        if self._ptr is None:
            raise ValueError("the Buffer is closed")
        if self._box is None:
            self._box = _drv.CUdeviceptr(self._ptr)
        return self._box.getPtr()

    def _live(self) -> int:
        ptr = self._ptr
        if ptr is None:
            raise RuntimeError(CLOSED)
        return ptr

    @property
    def handle(self) -> int:
        """The address (an int; ``int(buffer.handle)`` as in cuda.core); 0 once the buffer is closed."""
        ptr = self._ptr
        return 0 if ptr is None else ptr

    @property
    def size(self) -> int:
        """The size in bytes; 0 once the buffer is closed."""
        return 0 if self._ptr is None else self._size

    @property
    def memory_resource(self) -> Optional[MemoryResource]:
        """The resource that frees the memory (None where there is none, and once the buffer is closed)."""
        return None if self._ptr is None else self._mr

    @property
    def owner(self) -> Any:
        return self._owner

    @property
    def is_closed(self) -> bool:
        return self._ptr is None

    def _attributes(self) -> Tuple[int, bool, bool, bool]:
        a = self._attrs
        if a is None:
            a = self._attrs = (resource_attributes(self._mr) if self._mr is not None
                               else pointer_attributes(self._live()))
        return a

    @property
    def device_id(self) -> int:
        """The device ordinal of the memory (-1 for host memory bound to no device)."""
        return self._attributes()[0]

    @property
    def is_device_accessible(self) -> bool:
        return self._attributes()[1]

    @property
    def is_host_accessible(self) -> bool:
        return self._attributes()[2]

    @property
    def is_managed(self) -> bool:
        return self._attributes()[3]

    @property
    def is_mapped(self) -> bool:
        """Whether the memory was imported from another process (``from_ipc_descriptor``)."""
        return self._ipc is not None and self._ptr is not None

    def __repr__(self) -> str:
        # as cuda.core's: a closed buffer reads <Buffer ptr=0x0 size=0>
        return "<Buffer ptr=%#x size=%d%s>" % (self.handle, self.size, " is_mapped=True" if self.is_mapped else "")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Buffer):
            return NotImplemented
        return self.handle == other.handle and self.size == other.size

    def __hash__(self) -> int:
        return hash((self.handle, self.size))

    def __enter__(self) -> "Buffer":
        return self

    def __exit__(self, exc_type: Any, exc_val: Any, exc_tb: Any) -> None:
        self.close()

    # -- lifetime --------------------------------------------------------------------------------------------
    def set_deallocation_stream(self, stream: Any) -> None:
        """Free on ``stream`` at a later ``close()`` without a stream (or by the garbage collector)."""
        self._live()
        stream_handle(stream)  # None refused too, as cuda.core does
        self._stream = stream
        if self._guard is not None:
            self._guard[1][3] = stream

    def _resize(self, ptr: int, size: int) -> None:
        """The resource moved or grew this buffer's memory: it now spans ``size`` bytes at ``ptr``."""
        self._v = self._ptr = ptr
        self._size = size
        self._box = None
        if self._guard is not None:
            self._guard[1][1:3] = [ptr, size]

    def _arm(self) -> None:
        """PyPy: a cffi destructor that frees the memory if the collector gets this buffer first."""
        rec = [self._mr, self._ptr, self._size, self._stream]
        self._guard = (_direct.collector_guard(self._ptr, lambda _guard: collected(rec)), rec)

    def _clear(self) -> None:
        """Forget the memory (closed): _ptr, _mr... None; _v gone, so a closed buffer given to launch() fails
        loudly. (In C where Buffer derives from the compiled backstop: ``_reset``.)"""
        self._ptr = self._box = self._stream = self._owner = self._mr = self._attrs = self._ipc = None
        del self._v

    def close(self, stream: Any = None) -> None:
        """Free the memory through its resource, ordered on ``stream`` (default: the stream it was allocated
        on, or the one ``set_deallocation_stream`` gave); idempotent. Frees what the collector took first."""
        if _release._queue:
            _release.drain()
        ptr = self._ptr
        if ptr is None:
            return
        mr = self._mr
        if mr is not None:
            if self._guard is not None:
                _direct.drop_collector_guard(self._guard[0])  # closed: nothing left for the collector to free
                self._guard = None
            s = self._stream if stream is None else stream
            try:
                calls = mr._pool_calls
            except AttributeError:  # a resource that is not a MemoryResource
                calls = None
            if calls and ptr and s.__class__ is Stream and s._handle is not None:
                err, = calls[1](ptr, s._h)  # a pool's free, as its deallocate makes it (the common case)
                if err:
                    raise_status(err)
            else:
                if stream is None and s is not None and getattr(s, "_handle", 0) is None:
                    s = live_stream(s)  # the allocation's stream, closed since
                mr.deallocate(ptr, self._size, stream=s)
        elif stream is not None:
            stream_handle(stream)  # nothing to free, but a wrong stream is named, as cuda.core does
        _reset(self)

    if not PYPY and _BASE is object:
        def __del__(self) -> None:
            if self._ptr is None or self._mr is None:
                return
            collected([self._mr, self._ptr, self._size, self._stream])

    # -- copies and fills ------------------------------------------------------------------------------------
    def _stream_handle(self, stream: Any) -> int:
        if stream is None:
            return stream_or_default(None, self._attributes()[0] if self._mr is not None else None)
        return stream_handle(stream)

    def copy_to(self, dst: Any = None, *, stream: Any = None, options: Any = None) -> Any:
        """Copy into ``dst``: a Buffer (a new one from this buffer's resource where None) or a writable host
        buffer (bytearray, numpy array). Returns ``dst``. ``options``: a CopyOptions (hints; DURING_API_CALL
        waits for the copy). Beyond cuda.core: host destinations, and ``stream`` may be omitted (the default
        stream, and the call waits for the copy)."""
        src = self._ptr
        if src is None:
            raise RuntimeError(CLOSED)
        if options is None and stream is not None and dst.__class__ is self.__class__:  # the loop's case
            address = dst._ptr
            if address is not None and dst._size == self._size:
                h = stream._h if stream.__class__ is Stream and stream._handle is not None else stream_handle(stream)
                if _queue or not _ready[0]:
                    _utils.driver()
                status = _drv.cuMemcpyAsync(address, src, self._size, h)[0]
                if status:
                    check((status,))
                return dst
        wait = options is not None and reads_during_call(options, "copy_to")
        h = self._stream_handle(stream)
        if dst is None:
            if self._mr is None:
                raise ValueError("a destination buffer must be provided (this buffer does not have a "
                                 "memory_resource)")
            dst = self._mr.allocate(self._size, stream=stream)
        if isinstance(dst, Buffer):
            address = dst._live()
            same_size(self._size, dst._size, "dst")
            drv = _utils.driver()
            check(drv.cuMemcpyAsync(address, src, self._size, h))
            if wait:
                check(drv.cuStreamSynchronize(h))
            return dst
        view = host_view(dst, "dst", writable=True)
        same_size(self._size, view.nbytes, "dst")
        drv = _utils.driver()
        if self._attributes()[2]:  # host memory (a host pool's too): the copy by address, kind inferred
            with HostAddress(view) as address:
                check(drv.cuMemcpyAsync(address, src, self._size, h))
        else:
            check(drv.cuMemcpyDtoHAsync(view, src, self._size, h))
        if stream is None or wait:
            check(drv.cuStreamSynchronize(h))
        return dst

    def copy_from(self, src: Any, *, stream: Any = None, options: Any = None) -> None:
        """Copy from ``src``: a Buffer or a host buffer (bytes, bytearray, numpy array); ``options`` as for
        copy_to. Beyond cuda.core: host sources, and ``stream`` may be omitted (the default stream, and the
        call waits for the copy)."""
        dst = self._live()
        wait = options is not None and reads_during_call(options, "copy_from")
        h = self._stream_handle(stream)
        if isinstance(src, Buffer):
            address = src._live()
            same_size(self._size, src._size, "src")
            drv = _utils.driver()
            check(drv.cuMemcpyAsync(dst, address, self._size, h))
            if wait:
                check(drv.cuStreamSynchronize(h))
            return
        view = host_view(src, "src", writable=False)
        same_size(self._size, view.nbytes, "src")
        drv = _utils.driver()
        if self._attributes()[2]:  # host memory (a host pool's too): the copy by address, kind inferred
            with HostAddress(view) as address:
                check(drv.cuMemcpyAsync(dst, address, self._size, h))
        else:
            check(drv.cuMemcpyHtoDAsync(dst, view, self._size, h))
        if stream is None or wait:
            check(drv.cuStreamSynchronize(h))

    def fill(self, value: Any, width: Optional[int] = None, *, stream: Any = None) -> None:
        """Fill with a repeating pattern: ``value`` an int in [0, 256) (one byte), or with ``width`` 2 or 4 an
        unsigned int of that many bytes (beyond cuda.core), or a buffer of 1, 2 or 4 bytes."""
        ptr = self._ptr
        if ptr is None:
            raise RuntimeError(CLOSED)
        if value.__class__ is int and width is None and 0 <= value < 256 and stream is not None:  # one byte
            h = stream._h if stream.__class__ is Stream and stream._handle is not None else stream_handle(stream)
            if _queue or not _ready[0]:
                _utils.driver()
            status = _drv.cuMemsetD8Async(ptr, value, self._size, h)[0]
            if status:
                check((status,))
            return
        word, width = fill_pattern(value, width)
        if self._size % width:
            raise ValueError("buffer size (%d) must be divisible by %d" % (self._size, width))
        h = self._stream_handle(stream)
        drv = _utils.driver()
        setter: Any = (drv.cuMemsetD8Async, drv.cuMemsetD16Async, None, drv.cuMemsetD32Async)[width - 1]
        check(setter(ptr, word, self._size // width, h))

    # -- export: DLPack, __cuda_array_interface__, the buffer protocol ---------------------------------------
    def __dlpack_device__(self) -> Tuple[int, int]:
        """(DLDeviceType, device id): kDLCUDA for device memory, kDLCUDAManaged, kDLCUDAHost for pinned host
        memory, kDLCPU for memory only the host reaches."""
        device_id, on_device, on_host, managed = self._attributes()
        if on_device and not on_host:
            return (_dlpack.CUDA, device_id)
        if on_device:  # as cuda.core: managed and pinned memory are device 0 of their kind
            return (_dlpack.CUDA_MANAGED if managed else _dlpack.CUDA_HOST, 0)
        if on_host:
            return (_dlpack.CPU, 0)
        raise BufferError("buffer is neither device-accessible nor host-accessible")

    def __dlpack__(self, *, stream: Optional[int] = None, max_version: Optional[Tuple[int, int]] = None,
                   dl_device: Optional[Tuple[int, int]] = None, copy: Optional[bool] = None) -> Any:
        """A DLPack capsule of the buffer as a 1-D uint8 tensor (versioned where ``max_version`` >= (1, 0)).
        ``stream``: the consumer's stream (None: the legacy default stream, -1: no ordering); work queued on the
        buffer's stream is made to come first."""
        ptr = self._live()
        here = self.__dlpack_device__()
        versioned = _dlpack.check_request("Buffer", stream, max_version, dl_device, copy, here)
        if here[0] in (_dlpack.CUDA, _dlpack.CUDA_MANAGED) and stream != -1:
            self._order_before(1 if stream is None else stream)
        return _dlpack.export(self, ptr, (self._size,), (1,), (_dlpack.UINT, 8, 1), here, versioned)

    def _order_before(self, consumer: int) -> None:
        """Make ``consumer`` (a CUstream int) wait for the work queued so far on the buffer's stream."""
        mine = self._stream
        if mine is None or getattr(mine, "is_closed", False):
            return
        h = stream_handle(mine)
        if h == consumer:
            return
        drv = _utils.driver()
        ev = check(drv.cuEventCreate(drv.CUevent_flags.CU_EVENT_DISABLE_TIMING))
        try:
            check(drv.cuEventRecord(ev, h))
            check(drv.cuStreamWaitEvent(consumer, ev, 0))
        finally:
            check(drv.cuEventDestroy(ev))

    @property
    def __cuda_array_interface__(self) -> dict:
        """CUDA Array Interface v3 (beyond cuda.core): a 1-D ``|u1`` array of ``size`` elements, with the
        buffer's stream for consumers to synchronize on. Absent (AttributeError) for memory the GPU cannot
        reach."""
        ptr = self._live()
        if not self._attributes()[1]:
            raise AttributeError("this Buffer holds host memory the GPU cannot reach: it has no "
                                 "__cuda_array_interface__ (use the buffer protocol or DLPack)")
        return {"shape": (self._size,), "strides": None, "typestr": "|u1", "data": (ptr, False), "version": 3,
                "stream": self._interface_stream()}

    def _interface_stream(self) -> Optional[int]:
        s = self._stream
        if s is None or getattr(s, "is_closed", False):
            return None
        h = stream_handle(s)
        return 1 if h == 0 else h  # 0 is ambiguous in the interface: the legacy default stream is 1

    def __buffer__(self, flags: int) -> memoryview:
        """The buffer protocol (Python 3.12+; ``memoryview(buf)``) for host-accessible memory."""
        ptr = self._live()
        if not self._attributes()[2]:
            raise BufferError("this Buffer holds device memory the host cannot read: copy it with copy_to()")
        return _direct.host_memory(ptr, self._size)

    def __release_buffer__(self, view: memoryview) -> None:
        view.release()

    # -- IPC and pickling ------------------------------------------------------------------------------------
    @property
    def ipc_descriptor(self) -> Any:
        """An IPCBufferDescriptor another process passes to ``Buffer.from_ipc_descriptor`` (the buffer's resource
        must be IPC-enabled)."""
        ptr = self._live()
        export = getattr(self._mr, "_export_pointer", None)
        if export is None or not self._mr.is_ipc_enabled:
            raise RuntimeError("Memory resource is not IPC-enabled: allocate from "
                               "DeviceMemoryResource(device, DeviceMemoryResourceOptions(ipc_enabled=True))")
        return export(ptr, self._size)

    @classmethod
    def from_ipc_descriptor(cls, mr: MemoryResource, ipc_descriptor: Any, *, stream: Any = None) -> "Buffer":
        """The buffer another process exported, mapped through ``mr`` (the resource made from that process's
        allocation handle); freed on ``stream`` (default: the device's default stream)."""
        imp = getattr(mr, "_import_pointer", None)
        if imp is None:
            raise TypeError("mr must be a DeviceMemoryResource or PinnedMemoryResource made with "
                            "from_allocation_handle(), not %s" % type(mr).__name__)
        return imp(ipc_descriptor, stream)

    def __reduce__(self) -> Any:
        """A Buffer pickles as its IPC descriptor (RuntimeError, as cuda.core's, where its resource is not
        IPC-enabled), mapped by the receiving process through its resource."""
        self._live()
        if not getattr(self._mr, "is_ipc_enabled", False):
            raise RuntimeError("Memory resource is not IPC-enabled: only a Buffer of an IPC-enabled memory resource "
                               "can be pickled (it is sent as an IPC descriptor and mapped by the receiving process)")
        return (_from_pickle, (self._mr, self.ipc_descriptor))


def _from_pickle(mr: MemoryResource, descriptor: Any) -> Buffer:
    return Buffer.from_ipc_descriptor(mr, descriptor)


_compiled = backstop_module() if _BASE is not object else None
if _compiled is not None:
    _compiled.backstop(Buffer, "_ptr", "_mr", lambda buf: collected([buf._mr, buf._ptr, buf._size, buf._stream]))
    _reset = _compiled.resetter(Buffer, ("_ptr", "_box", "_stream", "_owner", "_mr", "_attrs", "_ipc"), ("_v",))
    # close() of a pool's buffer on its own live stream: cuMemFreeAsync and the reset, in C
    _close = _direct.handle_call_in_c("cuMemFreeAsync", _direct.CLOSE, Buffer.__dict__["close"], raise_status, Buffer,
                                      Stream, _queue, _ready, _reset)
    if _close is not None:
        Buffer.close = _close  # type: ignore[method-assign]
    # new_buffer(ptr, size, mr, stream): Buffer._make's, in C (the pool allocations' hot path)
    new_buffer = _compiled.constructor(Buffer, 4, (("_v", 0), ("_ptr", 0), ("_size", 1), ("_mr", 2), ("_stream", 3)),
                                       ("_owner", "_box", "_attrs", "_guard", "_ipc"))
else:
    _reset = Buffer._clear

    def new_buffer(ptr: int, size: int, mr: Any, stream: Any) -> Buffer:  # type: ignore[misc]
        """A Buffer of ``size`` bytes at ``ptr`` from ``mr``, ordered on ``stream`` (Buffer._make)."""
        return Buffer._make(ptr, size, mr, stream)
