"""GraphicsResource: an OpenGL buffer or image registered with CUDA, mapped to a Buffer for kernels.

    res = GraphicsResource.from_gl_buffer(vbo, flags="write_discard")
    with res.map(stream=s) as buf:           # closing the Buffer unmaps the resource
        launch(s, config, kernel, buf)
    res.close()

Registration needs an OpenGL context current on the thread (the driver's rule). Built on
cuGraphicsGLRegisterBuffer / cuGraphicsGLRegisterImage, cuGraphicsMapResources,
cuGraphicsResourceGetMappedPointer, cuGraphicsUnmapResources and cuGraphicsUnregisterResource.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

from . import _release, _utils
from ._memory import Buffer, MemoryResource
from ._stream import stream_handle
from ._utils import check

__all__ = ["GraphicsResource"]

_FLAG_NAMES = ("none", "read_only", "write_discard", "surface_load_store", "texture_gather")
_FLAG_MEMBERS = {"none": "NONE", "read_only": "READ_ONLY", "write_discard": "WRITE_DISCARD",
                 "surface_load_store": "SURFACE_LDST", "texture_gather": "TEXTURE_GATHER"}
_GL_NAME_MAX = (1 << 32) - 1  # GLuint


def _register_flags(flags: Any) -> int:
    """``flags`` (None, one name, or a sequence of names) as CU_GRAPHICS_REGISTER_FLAGS bits."""
    if flags is None:
        return 0
    names = (flags,) if isinstance(flags, str) else flags
    if not isinstance(names, Sequence) or isinstance(names, (bytes, bytearray)):
        raise TypeError("flags must be None, a str or a sequence of str, not %s" % type(flags).__name__)
    kinds = _utils.driver().CUgraphicsRegisterFlags
    bits = 0
    for name in names:
        if not isinstance(name, str):
            raise TypeError("flags entries must be str, not %s" % type(name).__name__)
        if name not in _FLAG_MEMBERS:
            raise ValueError("unknown flag %r: flags are %s" % (name, ", ".join(repr(n) for n in _FLAG_NAMES)))
        bits |= int(getattr(kinds, "CU_GRAPHICS_REGISTER_FLAGS_" + _FLAG_MEMBERS[name]))
    return bits


def _gl_name(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int (an OpenGL object name), not %s" % (what, type(value).__name__))
    if not 0 <= value <= _GL_NAME_MAX:
        raise ValueError("%s must be within [0, 2**32), got %d" % (what, value))
    return value


def _gl_function(name: str) -> Any:
    fn = getattr(_utils.driver(), name, None)
    if fn is None:
        raise NotImplementedError("GraphicsResource needs %s(), which this build's driver bindings lack" % name)
    return fn


class _Mapping(MemoryResource):
    """The memory resource of a mapped resource's Buffer: closing the Buffer unmaps the resource."""

    def __init__(self, owner: "GraphicsResource", stream: Any) -> None:
        self._owner = owner
        self._stream = stream

    def allocate(self, size: int, *, stream: Any = None) -> Buffer:
        raise RuntimeError("a mapped graphics resource allocates nothing: map it again instead")

    def deallocate(self, ptr: Any, size: int, *, stream: Any = None) -> None:
        owner = self._owner
        self._owner = None
        if owner is not None:
            owner._unmapped(self._stream if stream is None else stream)

    @property
    def is_device_accessible(self) -> bool:
        return True

    @property
    def is_host_accessible(self) -> bool:
        return False

    @property
    def device_id(self) -> int:
        return self._owner._device_id if self._owner is not None else -1


def _unregister(handle: Any) -> None:
    check(_utils.driver().cuGraphicsUnregisterResource(handle))


class GraphicsResource:
    """An OpenGL buffer or image registered for CUDA (``CUgraphicsResource``). Make one with
    ``from_gl_buffer`` or ``from_gl_image``; ``map`` gives a Buffer over its memory until unmapped."""

    __slots__ = ("_handle", "_buffer", "_stream", "_enter_stream", "_entered", "_device_id", "__weakref__")

    def __init__(self) -> None:
        raise RuntimeError("GraphicsResource cannot be instantiated directly: use GraphicsResource.from_gl_buffer() "
                           "or GraphicsResource.from_gl_image()")

    @classmethod
    def _make(cls, handle: Any, enter_stream: Any = None) -> "GraphicsResource":
        self = object.__new__(cls)
        self._handle = handle
        self._buffer = self._stream = self._entered = None
        self._enter_stream = enter_stream
        dev = _utils.driver().cuCtxGetDevice()
        self._device_id = int(dev[1]) if not dev[0] else 0
        return self

    @classmethod
    def from_gl_buffer(cls, gl_buffer: int, *, flags: Any = None, stream: Any = None) -> "GraphicsResource":
        """Register the OpenGL buffer object ``gl_buffer``. With ``stream``, ``with`` maps it on entry and
        gives the Buffer; without, ``with`` gives the resource. Either way leaving the block closes it."""
        name = _gl_name(gl_buffer, "gl_buffer")
        bits = _register_flags(flags)
        if stream is not None:
            stream_handle(stream, "stream")
        register = _gl_function("cuGraphicsGLRegisterBuffer")
        return cls._make(check(register(name, bits)), stream)

    @classmethod
    def from_gl_image(cls, image: int, target: int, *, flags: Any = None) -> "GraphicsResource":
        """Register the OpenGL texture or renderbuffer ``image`` of ``target`` (GL_TEXTURE_2D, ...)."""
        name = _gl_name(image, "image")
        target = _gl_name(target, "target")
        bits = _register_flags(flags)
        register = _gl_function("cuGraphicsGLRegisterImage")
        return cls._make(check(register(name, target, bits)))

    def _live(self) -> Any:
        if self._handle is None:
            raise RuntimeError("the GraphicsResource is closed")
        return self._handle

    @property
    def handle(self) -> int:
        """The ``CUgraphicsResource`` as an int."""
        return int(self._live())

    @property
    def resource_handle(self) -> int:
        """Same as ``handle``."""
        return self.handle

    @property
    def is_closed(self) -> bool:
        return self._handle is None

    @property
    def is_mapped(self) -> bool:
        return self._buffer is not None

    def map(self, *, stream: Any) -> Buffer:
        """Map for CUDA on ``stream`` and return a Buffer over the resource's memory; closing the Buffer (or
        ``unmap``) unmaps it. RuntimeError where already mapped or closed."""
        handle = self._live()
        if self._buffer is not None:
            raise RuntimeError("the GraphicsResource is already mapped: unmap it first")
        h = stream_handle(stream, "stream")
        drv = _utils.driver()
        check(drv.cuGraphicsMapResources(1, [handle], h))
        try:
            ptr, size = check(drv.cuGraphicsResourceGetMappedPointer(handle))
        except BaseException:
            drv.cuGraphicsUnmapResources(1, [handle], h)
            raise
        self._stream = stream
        self._buffer = Buffer.from_handle(int(ptr), int(size), mr=_Mapping(self, stream), stream=stream)
        return self._buffer

    def _unmapped(self, stream: Any) -> None:
        """The mapped Buffer is closing: unmap on ``stream``."""
        handle = self._handle
        self._buffer = None
        self._stream = None
        if handle is not None:
            check(_utils.driver().cuGraphicsUnmapResources(1, [handle], stream_handle(stream, "stream")))

    def unmap(self, *, stream: Any = None) -> None:
        """Unmap (on ``stream``, by default the one it was mapped on); the mapped Buffer is closed with it."""
        self._live()
        buf = self._buffer
        if buf is None:
            raise RuntimeError("the GraphicsResource is not mapped")
        buf.close(stream)

    def close(self, stream: Any = None) -> None:
        """Unmap where mapped (on ``stream``, by default the mapping's), then unregister (idempotent)."""
        if self._handle is None:
            return
        if self._buffer is not None:
            self._buffer.close(stream)
        handle, self._handle = self._handle, None
        check(_utils.driver().cuGraphicsUnregisterResource(handle))

    def __enter__(self) -> Any:
        if self._enter_stream is not None:
            self._entered = self.map(stream=self._enter_stream)
            return self._entered
        self._live()
        return self

    def __exit__(self, exc_type: Optional[type], exc_val: Optional[BaseException], exc_tb: Any) -> bool:
        self._entered = None
        self.close()
        return False

    def __del__(self, _defer: Any = _release.defer) -> None:  # a finalizer only queues (see _release)
        handle = getattr(self, "_handle", None)
        if handle is None:
            return
        if self._buffer is not None:  # mapped (garbage with its Buffer): close() unmaps first, later
            _defer(self.close)
            return
        self._handle = None
        _defer(_unregister, handle)

    def __repr__(self) -> str:
        if self._handle is None:
            return "<GraphicsResource closed>"
        return "<GraphicsResource handle=0x%x%s>" % (int(self._handle), " mapped" if self._buffer else "")
