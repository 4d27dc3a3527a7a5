"""Buffer: device memory, stream-ordered (cuMemAllocAsync / cuMemFreeAsync), enough for launches.

A Buffer passes to ``launch`` as its device pointer. ``_v`` holds that pointer for cudacffi's
kernel-argument packer (which copies ``_v`` of objects passed with type None) and ``getPtr()`` the
address of 8 bytes holding it, so a Buffer is packed without any per-launch conversion.
"""

from . import _utils
from ._utils import check


def _stream_or_default(stream, device, what="stream"):
    """(CUstream int handle, Stream-like keepalive) for ``stream``; None means the device's default stream."""
    if stream is None:
        stream = device.default_stream
    return _utils.stream_handle(stream, what), stream


class _DeviceAllocator:
    """``Device.memory_resource``: the device's default memory pool, through cuMemAllocAsync."""

    __slots__ = ("_device",)
    _by_device = {}

    @classmethod
    def _for(cls, device):
        mr = cls._by_device.get(device.device_id)
        if mr is None:
            mr = cls._by_device[device.device_id] = object.__new__(cls)
            mr._device = device
        return mr

    @property
    def device_id(self):
        return self._device.device_id

    is_device_accessible = True
    is_host_accessible = False
    is_managed = False

    def allocate(self, size, stream=None):
        return Buffer._allocate(self._device, size, stream)

    def deallocate(self, ptr, size, stream=None):
        h, _ = _stream_or_default(stream, self._device)
        check(_utils.driver().cuMemFreeAsync(ptr, h))

    def __repr__(self):
        return "<DeviceMemoryResource device=%d>" % self._device.device_id


class Buffer:
    """``size`` bytes of device memory. ``handle`` is the device pointer (an int)."""

    __slots__ = ("_v", "_ptr", "_size", "_device", "_stream", "_owner", "_mr", "_box", "__weakref__")

    def __init__(self, *args, **kwargs):
        raise RuntimeError("Buffer objects cannot be instantiated directly: use Device.allocate() or "
                           "Buffer.from_handle()")

    @classmethod
    def _new(cls, ptr, size, device, stream, owner, mr):
        self = object.__new__(cls)
        self._v = self._ptr = ptr
        self._size = size
        self._device = device
        self._stream = stream
        self._owner = owner
        self._mr = mr
        self._box = None
        return self

    @classmethod
    def _allocate(cls, device, size, stream):
        if not isinstance(size, int) or isinstance(size, bool):
            raise TypeError("size must be an int, not %s" % type(size).__name__)
        if size < 0:
            raise ValueError("size must be >= 0, got %d" % size)
        h, stream = _stream_or_default(stream, device)
        drv = _utils.driver()
        ptr = check(drv.cuMemAllocAsync(size, h)) if size else 0
        return cls._new(int(ptr), size, device, stream, None, _DeviceAllocator._for(device))

    @staticmethod
    def from_handle(ptr, size, mr=None, owner=None, *, stream=None):
        """A Buffer over existing device memory; freed through ``mr`` on close where given, else never."""
        from ._device import Device

        return Buffer._new(int(ptr), size, Device() if mr is None else mr._device, stream, owner, mr)

    # -- what launches and copies read -----------------------------------------------------------------------
    def getPtr(self):
        """Address of 8 bytes holding the device pointer (what a kernel argument of this buffer points to)."""
        if self._ptr is None:
            raise ValueError("the Buffer is closed")
        if self._box is None:
            from .. import driver

            self._box = driver.CUdeviceptr(self._ptr)
        return self._box.getPtr()

    @property
    def handle(self):
        if self._ptr is None:
            raise ValueError("the Buffer is closed")
        return self._ptr

    @property
    def size(self):
        return self._size

    @property
    def device_id(self):
        return self._device.device_id

    @property
    def memory_resource(self):
        return self._mr

    @property
    def owner(self):
        return self._owner

    @property
    def is_closed(self):
        return self._ptr is None

    is_device_accessible = True
    is_host_accessible = False
    is_managed = False
    is_mapped = False

    def __repr__(self):
        if self._ptr is None:
            return "<Buffer closed>"
        return "<Buffer ptr=0x%x size=%d>" % (self._ptr, self._size)

    def __eq__(self, other):
        return isinstance(other, Buffer) and other._ptr == self._ptr and other._size == self._size

    def __hash__(self):
        return hash((Buffer, self._ptr, self._size))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- lifetime --------------------------------------------------------------------------------------------
    def close(self, stream=None):
        """Free the memory, ordered on ``stream`` (default: the stream it was allocated on); idempotent."""
        if self._ptr is None:
            return
        ptr, mr = self._ptr, self._mr
        self._ptr = None
        del self._v  # a closed buffer passed to launch() then fails loudly instead of passing a NULL pointer
        self._box = None
        if mr is not None and self._owner is None and ptr:
            if stream is None:
                stream = self._stream
                if stream is None or getattr(stream, "is_closed", False):
                    from ._stream import LEGACY_DEFAULT_STREAM

                    stream = LEGACY_DEFAULT_STREAM
            mr.deallocate(ptr, self._size, stream)
        self._stream = self._owner = None

    def __del__(self):
        try:
            self.close()
        except Exception:  # a destroyed context at interpreter exit
            pass

    # -- copies ----------------------------------------------------------------------------------------------
    def _live(self):
        if self._ptr is None:
            raise ValueError("the Buffer is closed")
        return self._ptr

    def copy_to(self, dst=None, *, stream=None, options=None):
        """Copy into ``dst``: a Buffer (a new one where None) or a writable host buffer (bytearray, numpy
        array). Returns ``dst``. Beyond cuda.core: host destinations, and ``stream`` may be omitted."""
        h, _ = _stream_or_default(stream, self._device)
        drv = _utils.driver()
        if dst is None:
            dst = Buffer._allocate(self._device, self._size, stream)
        if isinstance(dst, Buffer):
            _same_size(self._size, dst._size, "dst")
            check(drv.cuMemcpyAsync(dst._live(), self._live(), self._size, h))
            return dst
        view = _host_view(dst, "dst", writable=True)
        _same_size(self._size, view.nbytes, "dst")
        check(drv.cuMemcpyDtoHAsync(view, self._live(), self._size, h))
        if stream is None:
            check(drv.cuStreamSynchronize(h))
        return dst

    def copy_from(self, src, *, stream=None, options=None):
        """Copy from ``src``: a Buffer or a host buffer (bytes, bytearray, numpy array). Beyond cuda.core:
        host sources, and ``stream`` may be omitted."""
        h, _ = _stream_or_default(stream, self._device)
        drv = _utils.driver()
        if isinstance(src, Buffer):
            _same_size(self._size, src._size, "src")
            check(drv.cuMemcpyAsync(self._live(), src._live(), self._size, h))
            return
        view = _host_view(src, "src", writable=False)
        _same_size(self._size, view.nbytes, "src")
        check(drv.cuMemcpyHtoDAsync(self._live(), view, self._size, h))
        if stream is None:
            check(drv.cuStreamSynchronize(h))

    def fill(self, value, *, stream=None):
        """Fill with a byte (an int in [0, 255]) or a 1-, 2- or 4-byte pattern given as a buffer."""
        h, _ = _stream_or_default(stream, self._device)
        drv = _utils.driver()
        if isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value <= 255:
                raise ValueError("value must be an int in [0, 255] (one byte), got %d" % value)
            check(drv.cuMemsetD8Async(self._live(), value, self._size, h))
            return
        try:
            pattern = bytes(memoryview(value).cast("B"))
        except TypeError:
            raise TypeError("value must be an int or a buffer of 1, 2 or 4 bytes, not %s"
                            % type(value).__name__) from None
        width = len(pattern)
        if width not in (1, 2, 4):
            raise ValueError("value must be 1, 2 or 4 bytes long, got %d" % width)
        if self._size % width:
            raise ValueError("buffer size %d is not a multiple of the %d-byte pattern" % (self._size, width))
        word = int.from_bytes(pattern, "little")
        setter = {1: drv.cuMemsetD8Async, 2: drv.cuMemsetD16Async, 4: drv.cuMemsetD32Async}[width]
        check(setter(self._live(), word, self._size // width, h))


def _same_size(mine, theirs, what):
    if mine != theirs:
        raise ValueError("%s has %d bytes, the Buffer %d" % (what, theirs, mine))


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
