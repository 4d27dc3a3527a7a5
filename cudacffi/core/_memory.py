"""Buffer and MemoryResource: memory a memory resource allocated (or a pointer wrapped), its copies, fills,
stream-ordered frees, and its export to other libraries (DLPack and ``__cuda_array_interface__`` v3).

A Buffer passes to ``launch`` as its device pointer: ``_v`` holds that pointer for cudacffi's
kernel-argument packer (which copies ``_v`` of objects passed with type None) and ``getPtr()`` the
address of 8 bytes holding it, so a Buffer is packed without any per-launch conversion.

Lifetime: ``close()`` (or a ``with`` block) frees a buffer on the stream it was allocated on (or the one
given); the garbage collector is only a backstop, freeing on that same stream. On PyPy the collector runs
late, so device memory can pile up unless buffers are closed: a ``ResourceWarning`` (ignored unless enabled,
e.g. ``python -W default::ResourceWarning`` or ``-X dev``) reports each buffer the collector freed. The
backstop is ``__del__`` on CPython and a cffi destructor (``ffi.gc``, detached by ``close()``) on PyPy, where
an object with ``__del__`` costs about a microsecond more to collect.
"""

import sys
import warnings

from .. import _params
from . import _dlpack, _release, _utils
from ._utils import check


def stream_or_default(stream, device_id=None, what="stream"):
    """The CUstream int handle of ``stream`` (a Stream, a GraphBuilder or any object with ``__cuda_stream__``);
    None means the default stream of ``device_id`` (the legacy default stream where there is none)."""
    if stream is None:
        from ._stream import default_stream

        if device_id is not None and device_id >= 0:
            from ._device import Device

            Device(device_id)._ensure_current()
        return default_stream()._h
    return _utils.stream_handle(stream, what)


_SIZE_MAX = (1 << 64) - 1


def _check_size(size, what="size"):
    """``size`` as a Python int in [0, 2**64) through the number protocol (numpy integer scalars, bools, anything
    with ``__index__``), as cuda.core's size_t parameters take it: TypeError for anything else (floats too),
    OverflowError out of range."""
    if size.__class__ is not int:
        size = int(_utils.as_int(size, what))  # int(): PyPy's operator.index gives a bool back as it is
    if size < 0 or size > _SIZE_MAX:
        raise OverflowError("%s must be >= 0 and < 2**64 (a size_t), got %d" % (what, size))
    return size


def from_handle_arguments(ptr, size, mr, owner, stream):
    """``from_handle``'s arguments checked, as ``_make`` takes them: (ptr, size, mr, stream, owner). ``mr`` must
    be a MemoryResource (a subclass written in Python too), as cuda.core requires: anything else is refused here
    with cuda.core's TypeError, before a Buffer that could not be freed is made."""
    if mr is not None and not isinstance(mr, MemoryResource):
        raise TypeError("Argument 'mr' has incorrect type (expected %s.MemoryResource, got %s)"
                        % (MemoryResource.__module__, type(mr).__name__))
    ptr = _check_pointer(ptr)
    size = _check_size(size)
    if mr is not None and owner is not None:
        raise ValueError("mr and owner cannot both be given: mr frees the memory, owner keeps it alive")
    if stream is not None:
        _utils.stream_handle(stream)
    return ptr, size, mr, stream, owner


def _check_pointer(ptr, what="ptr"):
    """``int(ptr)`` (an int, a numpy integer, a CUdeviceptr, anything with ``__int__``) in [0, 2**64). What int()
    refuses raises int()'s own error, as cuda.core's; an ``__index__`` that gives no int is named."""
    try:
        ptr = int(ptr)
    except TypeError as e:
        if hasattr(type(ptr), "__index__"):
            raise TypeError("%s must be an address (an int), not %s: %s" % (what, type(ptr).__name__, e)) from None
        raise
    if ptr < 0 or ptr > _SIZE_MAX:
        raise OverflowError("%s must be an address >= 0 and < 2**64, got %d" % (what, ptr))
    return ptr


class MemoryResource:
    """The base of memory resources: subclass it (in Python too) with ``allocate(size, *, stream)`` returning
    a Buffer (``Buffer.from_handle(ptr, size, mr=self)``), ``deallocate(ptr, size, *, stream)``, and the
    properties ``is_device_accessible``, ``is_host_accessible`` and ``device_id``. Buffers take their
    properties from their resource. What a subclass leaves out raises TypeError, as in cuda.core."""

    __slots__ = ("__weakref__", "__dict__")
    _pool_calls = None  # a pool resource's calls, where Buffer.close may make its frees (see _MemPool)

    def allocate(self, size, *, stream=None):
        raise TypeError("%s.allocate must be implemented by subclasses." % type(self).__name__)

    def deallocate(self, ptr, size, *, stream=None):
        raise TypeError("%s.deallocate must be implemented by subclasses." % type(self).__name__)

    @property
    def is_device_accessible(self):
        raise TypeError("%s.is_device_accessible must be implemented by subclasses." % type(self).__name__)

    @property
    def is_host_accessible(self):
        raise TypeError("%s.is_host_accessible must be implemented by subclasses." % type(self).__name__)

    @property
    def is_managed(self):
        return False

    @property
    def device_id(self):
        raise TypeError("%s.device_id must be implemented by subclasses." % type(self).__name__)


def _resource_attributes(mr):
    """(device_id, is_device_accessible, is_host_accessible, is_managed) of a memory resource."""
    try:
        device_id = mr.device_id
    except (RuntimeError, NotImplementedError, TypeError):  # a resource bound to no GPU (pinned host memory)
        device_id = -1
    return (device_id, bool(mr.is_device_accessible), bool(mr.is_host_accessible), bool(mr.is_managed))


def _pointer_attributes(ptr):
    """The same, asked of the driver for a pointer no resource describes."""
    drv = _utils.driver()
    a = drv.CUpointer_attribute
    err, kind = drv.cuPointerGetAttribute(a.CU_POINTER_ATTRIBUTE_MEMORY_TYPE, ptr)
    if err:  # memory CUDA does not know: plain host memory
        return (-1, False, True, False)
    err, ordinal = drv.cuPointerGetAttribute(a.CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, ptr)
    ordinal = -1 if err else int(ordinal)
    err, managed = drv.cuPointerGetAttribute(a.CU_POINTER_ATTRIBUTE_IS_MANAGED, ptr)
    if not err and managed:
        return (ordinal, True, True, True)
    if int(kind) == int(drv.CUmemorytype.CU_MEMORYTYPE_HOST):  # page-locked host memory
        return (ordinal, True, True, False)
    return (ordinal, True, False, False)


_PYPY = sys.implementation.name == "pypy"
CLOSED = "Buffer has been closed"  # RuntimeError of any work on a closed Buffer, as cuda.core's
Stream = None  # cudacffi.core.Stream, set by _stream when it is defined (it imports this module)
CopyOptions = None  # cudacffi.core.utils.CopyOptions, set by _copy when it is defined (it imports this module)


def _reads_during_call(options, what):
    """Whether ``options`` (a CopyOptions, or TypeError as cuda.core's) ask that the source be read before the
    call returns (DURING_API_CALL): the copy is then waited for. The other hints are for the driver's batched
    copy; a single copy ordered on its stream honours them as it is."""
    if CopyOptions is None or not isinstance(options, CopyOptions):
        raise TypeError("%s: options must be CopyOptions, got %s" % (what, type(options).__name__))
    return options.src_access_order == "during_api_call"


def _backstop_base():
    """The class Buffer derives from: on CPython ``cudacffi._fastcall.Backstop``, whose finalizer (in C) hands a
    Buffer destroyed with its memory still allocated to ``_collected``, so that destroying a closed Buffer
    costs no Python call; ``object`` on PyPy (a cffi destructor, ``_arm``) and where the module is missing
    (a Python ``__del__``)."""
    if _PYPY:
        return object
    from .. import _support

    fastcall = _support._fastcall_module()
    return fastcall.Backstop if fastcall is not None else object


_BASE = _backstop_base()


@_params.value_type  # launch() packs a Buffer by its _v, the device pointer
class Buffer(_BASE):
    """``size`` bytes of memory from a memory resource (or wrapped with ``Buffer.from_handle``).
    ``handle`` is its address (an int)."""

    __slots__ = ("_v", "_ptr", "_size", "_mr", "_stream", "_owner", "_box", "_attrs", "_ipc", "_guard", "__weakref__")

    def __new__(cls, *args, **kwargs):
        raise RuntimeError("Buffer objects cannot be instantiated directly: use a MemoryResource's allocate(), "
                           "Device.allocate() or Buffer.from_handle()")

    @classmethod
    def _make(cls, ptr, size, mr, stream=None, owner=None, ipc=None):
        self = _BASE.__new__(cls)  # past Buffer.__new__, which refuses direct instantiation
        self._v = self._ptr = ptr
        self._size = size
        self._mr = mr
        self._stream = stream
        self._owner = owner
        self._box = self._attrs = self._guard = None
        self._ipc = ipc
        if _PYPY and mr is not None and ptr:
            _arm(self)
        return self

    @staticmethod
    def from_handle(ptr, size, mr=None, owner=None, *, stream=None):
        """A Buffer over existing memory at ``ptr``: freed through ``mr.deallocate`` on close where ``mr`` is
        given, kept alive by holding ``owner`` where that is given (not both), else never freed. ``stream``
        orders the free."""
        return Buffer._make(*from_handle_arguments(ptr, size, mr, owner, stream))

    # -- what launches and copies read -----------------------------------------------------------------------
    def getPtr(self):
        """Address of 8 bytes holding the device pointer (what a kernel argument of this buffer points to)."""
        if self._ptr is None:
            raise ValueError("the Buffer is closed")
        if self._box is None:
            from .. import driver

            self._box = driver.CUdeviceptr(self._ptr)
        return self._box.getPtr()

    def _live(self):
        ptr = self._ptr
        if ptr is None:
            raise RuntimeError(CLOSED)
        return ptr

    @property
    def handle(self):
        """The address (an int; ``int(buffer.handle)`` as in cuda.core); 0 once the buffer is closed."""
        ptr = self._ptr
        return 0 if ptr is None else ptr

    @property
    def size(self):
        """The size in bytes; 0 once the buffer is closed."""
        return 0 if self._ptr is None else self._size

    @property
    def memory_resource(self):
        """The resource that frees the memory (None where there is none, and once the buffer is closed)."""
        return None if self._ptr is None else self._mr

    @property
    def owner(self):
        return self._owner

    @property
    def is_closed(self):
        return self._ptr is None

    def _attributes(self):
        a = self._attrs
        if a is None:
            a = self._attrs = (_resource_attributes(self._mr) if self._mr is not None
                               else _pointer_attributes(self._live()))
        return a

    @property
    def device_id(self):
        """The device ordinal of the memory (-1 for host memory bound to no device)."""
        return self._attributes()[0]

    @property
    def is_device_accessible(self):
        return self._attributes()[1]

    @property
    def is_host_accessible(self):
        return self._attributes()[2]

    @property
    def is_managed(self):
        return self._attributes()[3]

    @property
    def is_mapped(self):
        """Whether the memory was imported from another process (``from_ipc_descriptor``)."""
        return self._ipc is not None and self._ptr is not None

    def __repr__(self):
        # as cuda.core's: a closed buffer reads <Buffer ptr=0x0 size=0>
        return "<Buffer ptr=%#x size=%d%s>" % (self.handle, self.size, " is_mapped=True" if self.is_mapped else "")

    def __eq__(self, other):
        if not isinstance(other, Buffer):
            return NotImplemented
        return self.handle == other.handle and self.size == other.size

    def __hash__(self):
        return hash((self.handle, self.size))

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.close()

    # -- lifetime --------------------------------------------------------------------------------------------
    def set_deallocation_stream(self, stream):
        """Free on ``stream`` at a later ``close()`` without a stream (or by the garbage collector)."""
        self._live()
        _utils.stream_handle(stream)  # None refused too, as cuda.core does
        self._stream = stream
        if self._guard is not None:
            self._guard[1][3] = stream

    def _resize(self, ptr, size):
        """The resource moved or grew this buffer's memory: it now spans ``size`` bytes at ``ptr``."""
        self._v = self._ptr = ptr
        self._size = size
        self._box = None
        if self._guard is not None:
            self._guard[1][1:3] = [ptr, size]

    def close(self, stream=None):
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
                _gc_ffi.gc(self._guard[0], None)  # closed: nothing left for the collector to free
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
                    s = _live_stream(s)  # the allocation's stream, closed since
                mr.deallocate(ptr, self._size, stream=s)
        elif stream is not None:
            _utils.stream_handle(stream)  # nothing to free, but a wrong stream is named, as cuda.core does
        _reset(self)  # _ptr, _mr... None; _v gone: a closed buffer given to launch() fails loudly

    if not _PYPY and _BASE is object:
        def __del__(self):
            if self._ptr is None or self._mr is None:
                return
            _collected([self._mr, self._ptr, self._size, self._stream])

    # -- copies and fills ------------------------------------------------------------------------------------
    def _stream_handle(self, stream):
        if stream is None:
            return stream_or_default(None, self._attributes()[0] if self._mr is not None else None)
        return _utils.stream_handle(stream)

    def copy_to(self, dst=None, *, stream=None, options=None):
        """Copy into ``dst``: a Buffer (a new one from this buffer's resource where None) or a writable host
        buffer (bytearray, numpy array). Returns ``dst``. ``options``: a CopyOptions (hints; DURING_API_CALL
        waits for the copy). Beyond cuda.core: host destinations, and ``stream`` may be omitted (the default
        stream, and the call waits for the copy)."""
        src = self._live()
        if options is None and stream is not None and dst.__class__ is self.__class__:  # the loop's case
            address = dst._ptr
            if address is not None and dst._size == self._size:
                h = _utils.stream_handle(stream)
                status = _utils.driver().cuMemcpyAsync(address, src, self._size, h)[0]
                if status:
                    check((status,))
                return dst
        wait = options is not None and _reads_during_call(options, "copy_to")
        h = self._stream_handle(stream)
        if dst is None:
            if self._mr is None:
                raise ValueError("a destination buffer must be provided (this buffer does not have a "
                                 "memory_resource)")
            dst = self._mr.allocate(self._size, stream=stream)
        if isinstance(dst, Buffer):
            address = dst._live()
            _same_size(self._size, dst._size, "dst")
            drv = _utils.driver()
            check(drv.cuMemcpyAsync(address, src, self._size, h))
            if wait:
                check(drv.cuStreamSynchronize(h))
            return dst
        view = _host_view(dst, "dst", writable=True)
        _same_size(self._size, view.nbytes, "dst")
        drv = _utils.driver()
        if self._attributes()[2]:  # host memory (a host pool's too): the copy by address, kind inferred
            with _address(view) as address:
                check(drv.cuMemcpyAsync(address, src, self._size, h))
        else:
            check(drv.cuMemcpyDtoHAsync(view, src, self._size, h))
        if stream is None or wait:
            check(drv.cuStreamSynchronize(h))
        return dst

    def copy_from(self, src, *, stream=None, options=None):
        """Copy from ``src``: a Buffer or a host buffer (bytes, bytearray, numpy array); ``options`` as for
        copy_to. Beyond cuda.core: host sources, and ``stream`` may be omitted (the default stream, and the
        call waits for the copy)."""
        dst = self._live()
        wait = options is not None and _reads_during_call(options, "copy_from")
        h = self._stream_handle(stream)
        if isinstance(src, Buffer):
            address = src._live()
            _same_size(self._size, src._size, "src")
            drv = _utils.driver()
            check(drv.cuMemcpyAsync(dst, address, self._size, h))
            if wait:
                check(drv.cuStreamSynchronize(h))
            return
        view = _host_view(src, "src", writable=False)
        _same_size(self._size, view.nbytes, "src")
        drv = _utils.driver()
        if self._attributes()[2]:  # host memory (a host pool's too): the copy by address, kind inferred
            with _address(view) as address:
                check(drv.cuMemcpyAsync(dst, address, self._size, h))
        else:
            check(drv.cuMemcpyHtoDAsync(dst, view, self._size, h))
        if stream is None or wait:
            check(drv.cuStreamSynchronize(h))

    def fill(self, value, width=None, *, stream=None):
        """Fill with a repeating pattern: ``value`` an int in [0, 256) (one byte), or with ``width`` 2 or 4 an
        unsigned int of that many bytes (beyond cuda.core), or a buffer of 1, 2 or 4 bytes."""
        ptr = self._live()
        if value.__class__ is int and width is None and 0 <= value < 256 and stream is not None:  # one byte
            h = _utils.stream_handle(stream)
            status = _utils.driver().cuMemsetD8Async(ptr, value, self._size, h)[0]
            if status:
                check((status,))
            return
        word, width = _fill_pattern(value, width)
        if self._size % width:
            raise ValueError("buffer size (%d) must be divisible by %d" % (self._size, width))
        h = self._stream_handle(stream)
        drv = _utils.driver()
        setter = (drv.cuMemsetD8Async, drv.cuMemsetD16Async, None, drv.cuMemsetD32Async)[width - 1]
        check(setter(ptr, word, self._size // width, h))

    # -- export: DLPack, __cuda_array_interface__, the buffer protocol ---------------------------------------
    def __dlpack_device__(self):
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

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
        """A DLPack capsule of the buffer as a 1-D uint8 tensor (versioned where ``max_version`` >= (1, 0)).
        ``stream``: the consumer's stream (None: the legacy default stream, -1: no ordering); work queued on the
        buffer's stream is made to come first."""
        ptr = self._live()
        here = self.__dlpack_device__()
        versioned = _dlpack.check_request("Buffer", stream, max_version, dl_device, copy, here)
        if here[0] in (_dlpack.CUDA, _dlpack.CUDA_MANAGED) and stream != -1:
            self._order_before(1 if stream is None else stream)
        return _dlpack.export(self, ptr, (self._size,), (1,), (_dlpack.UINT, 8, 1), here, versioned)

    def _order_before(self, consumer):
        """Make ``consumer`` (a CUstream int) wait for the work queued so far on the buffer's stream."""
        mine = self._stream
        if mine is None or getattr(mine, "is_closed", False):
            return
        h = _utils.stream_handle(mine)
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
    def __cuda_array_interface__(self):
        """CUDA Array Interface v3 (beyond cuda.core): a 1-D ``|u1`` array of ``size`` elements, with the
        buffer's stream for consumers to synchronize on. Absent (AttributeError) for memory the GPU cannot
        reach."""
        ptr = self._live()
        if not self._attributes()[1]:
            raise AttributeError("this Buffer holds host memory the GPU cannot reach: it has no "
                                 "__cuda_array_interface__ (use the buffer protocol or DLPack)")
        return {"shape": (self._size,), "strides": None, "typestr": "|u1", "data": (ptr, False), "version": 3,
                "stream": self._interface_stream()}

    def _interface_stream(self):
        s = self._stream
        if s is None or getattr(s, "is_closed", False):
            return None
        h = _utils.stream_handle(s)
        return 1 if h == 0 else h  # 0 is ambiguous in the interface: the legacy default stream is 1

    def __buffer__(self, flags):
        """The buffer protocol (Python 3.12+; ``memoryview(buf)``) for host-accessible memory."""
        ptr = self._live()
        if not self._attributes()[2]:
            raise BufferError("this Buffer holds device memory the host cannot read: copy it with copy_to()")
        import ctypes

        return memoryview((ctypes.c_char * self._size).from_address(ptr)).cast("B")

    def __release_buffer__(self, view):
        view.release()

    # -- IPC and pickling ------------------------------------------------------------------------------------
    @property
    def ipc_descriptor(self):
        """An IPCBufferDescriptor another process passes to ``Buffer.from_ipc_descriptor`` (the buffer's resource
        must be IPC-enabled)."""
        ptr = self._live()
        export = getattr(self._mr, "_export_pointer", None)
        if export is None or not self._mr.is_ipc_enabled:
            raise RuntimeError("Memory resource is not IPC-enabled: allocate from "
                               "DeviceMemoryResource(device, DeviceMemoryResourceOptions(ipc_enabled=True))")
        return export(ptr, self._size)

    @classmethod
    def from_ipc_descriptor(cls, mr, ipc_descriptor, *, stream=None):
        """The buffer another process exported, mapped through ``mr`` (the resource made from that process's
        allocation handle); freed on ``stream`` (default: the device's default stream)."""
        imp = getattr(mr, "_import_pointer", None)
        if imp is None:
            raise TypeError("mr must be a DeviceMemoryResource or PinnedMemoryResource made with "
                            "from_allocation_handle(), not %s" % type(mr).__name__)
        return imp(ipc_descriptor, stream)

    def __reduce__(self):
        """A Buffer pickles as its IPC descriptor (RuntimeError, as cuda.core's, where its resource is not
        IPC-enabled), mapped by the receiving process through its resource."""
        self._live()
        if not getattr(self._mr, "is_ipc_enabled", False):
            raise RuntimeError("Memory resource is not IPC-enabled: only a Buffer of an IPC-enabled memory resource "
                               "can be pickled (it is sent as an IPC descriptor and mapped by the receiving process)")
        return (_from_pickle, (self._mr, self.ipc_descriptor))


_gc_ffi = None
if _PYPY:
    import _cffi_backend

    _gc_ffi = _cffi_backend.FFI()


def _arm(buf):
    """PyPy: a cffi destructor that frees ``buf``'s memory if the collector gets it first."""
    rec = [buf._mr, buf._ptr, buf._size, buf._stream]
    buf._guard = (_gc_ffi.gc(_gc_ffi.cast("void *", buf._ptr), lambda _cdata: _collected(rec)), rec)


def _live_stream(stream):
    """``stream``, or the legacy default stream where it is a closed Stream (order after all legacy work)."""
    if stream is not None and getattr(stream, "_handle", 0) is None:
        from ._stream import LEGACY_DEFAULT_STREAM

        return LEGACY_DEFAULT_STREAM
    return stream


def _collected(rec, _defer=_release.defer):
    """The backstop, a finalizer: queue the freeing of [mr, ptr, size, stream] of a Buffer the garbage collector
    took (a memory resource's deallocate is Python code that may import or take locks: see _release)."""
    _defer(_free_collected, rec)


def _free_collected(rec):
    """Free [mr, ptr, size, stream] of a Buffer the garbage collector took, with a ResourceWarning."""
    mr, ptr, size, stream = rec
    try:
        warnings.warn("a Buffer of %d bytes at 0x%x was freed by the garbage collector: close() it (or use 'with') "
                      "to free memory when you are done with it" % (size, ptr), ResourceWarning, stacklevel=2)
        mr.deallocate(ptr, size, stream=_live_stream(stream))
    except Exception:  # a destroyed context at interpreter exit, or a warning turned into an error
        pass


if _BASE is not object:
    sys.modules[_BASE.__module__].backstop(Buffer, "_ptr", "_mr",
                                           lambda buf: _collected([buf._mr, buf._ptr, buf._size, buf._stream]))
    _reset = sys.modules[_BASE.__module__].resetter(Buffer, ("_ptr", "_box", "_stream", "_owner", "_mr", "_attrs",
                                                             "_ipc"), ("_v",))
    # new_buffer(ptr, size, mr, stream): Buffer._make's, in C (the pool allocations' hot path)
    new_buffer = sys.modules[_BASE.__module__].constructor(
        Buffer, 4, (("_v", 0), ("_ptr", 0), ("_size", 1), ("_mr", 2), ("_stream", 3)),
        ("_owner", "_box", "_attrs", "_guard", "_ipc"))
else:
    def _reset(buf):
        buf._ptr = buf._box = buf._stream = buf._owner = buf._mr = buf._attrs = buf._ipc = None
        del buf._v

    def new_buffer(ptr, size, mr, stream):
        """A Buffer of ``size`` bytes at ``ptr`` from ``mr``, ordered on ``stream`` (Buffer._make)."""
        return Buffer._make(ptr, size, mr, stream)


def raise_status(err):
    """CUDAError for the plain int status ``err``, named as every call's is."""
    check((_utils.driver().CUresult._by_value.get(err, err),))


def _from_pickle(mr, descriptor):
    return Buffer.from_ipc_descriptor(mr, descriptor)


def _fill_pattern(value, width):
    """(pattern as an unsigned int, width in bytes) for fill()."""
    if isinstance(value, int):  # bools too, as cuda.core takes them; numpy scalars are buffers of their size
        if width is None:
            width = 1
        if width not in (1, 2, 4):
            raise ValueError("width must be 1, 2 or 4 bytes, got %r" % (width,))
        if not 0 <= value < 1 << (8 * width):
            raise OverflowError("value must be an int in [0, %d) for a %d-byte fill, got %d"
                                % (1 << (8 * width), width, value))
        return int(value), width
    try:
        pattern = bytes(memoryview(value).cast("B"))
    except TypeError:
        raise TypeError("value must be an int or support the buffer protocol, got %s"
                        % type(value).__name__) from None
    if len(pattern) not in (1, 2, 4):
        raise ValueError("value must be 1, 2, or 4 bytes, got %d" % len(pattern))
    if width is not None and width != len(pattern):
        raise ValueError("width %r differs from the %d bytes of value" % (width, len(pattern)))
    return int.from_bytes(pattern, "little"), len(pattern)


def _same_size(mine, theirs, what):
    """ValueError with cuda.core's message where the Buffer (``mine`` bytes) and ``what`` differ in size."""
    if mine != theirs:
        src, dst = (mine, theirs) if what == "dst" else (theirs, mine)
        raise ValueError("buffer sizes mismatch between src and dst (sizes are: src=%d, dst=%d)" % (src, dst))


class _address:
    """``with _address(view) as a:`` the address of a host buffer, pinned (PyPy) for the block."""

    def __init__(self, view):
        import _cffi_backend

        self._ffi = _cffi_backend.FFI()
        self._cdata = self._ffi.from_buffer(view)

    def __enter__(self):
        return int(self._ffi.cast("uintptr_t", self._cdata))

    def __exit__(self, *exc):
        self._cdata = None


def _host_view(obj, what, writable):
    try:
        view = memoryview(obj)
    except TypeError:
        raise TypeError("%s must be a Buffer or a host buffer (bytearray, numpy array), not %s"
                        % (what, type(obj).__name__)) from None
    if not view.c_contiguous:
        raise ValueError("%s must be C-contiguous" % what)
    if writable and view.readonly:
        raise TypeError("%s must be writable (a bytearray or numpy array, not bytes)" % what)
    return view
