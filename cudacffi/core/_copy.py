"""Copies beyond one Buffer to another: ``copy_batch`` (many Buffer pairs in one driver call; its ``CopyOptions``
are ``_copy_options``'s, re-exported here), and the strided copies behind ``StridedMemoryView.copy_from`` /
``copy_to``.

``copy_batch`` uses ``cuMemcpyBatchAsync`` where the build's headers declare it and the driver has it, and
otherwise one ``cuMemcpyAsync`` per pair (refusing the one hint, DURING_API_CALL, that a stream-ordered copy
cannot honour). Strided copies never move a wrong byte: a layout is reduced to runs the driver can copy
(one memcpy, a 2-D or a 3-D copy, or a loop of them) or refused with a ValueError saying why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Tuple

from .. import FunctionNotFoundError
from . import _registry, _utils
from ._copy_options import CopyOptions, MemcpyOverlapMode, MemcpySrcAccessOrder, is_host_location
from ._memory import Buffer, stream_or_default
from ._stream import stream_handle
from ._utils import check

if TYPE_CHECKING:
    from .utils import StridedMemoryView

__all__ = ["CopyOptions", "MemcpyOverlapMode", "MemcpySrcAccessOrder", "copy_batch"]


# -- copy_batch -----------------------------------------------------------------------------------------------

def _normalize_options(options: Any, n: int) -> Tuple[CopyOptions, ...]:
    """One CopyOptions per copy: None and a single CopyOptions apply to every copy, a sequence pairs by index."""
    if options is None:
        return (CopyOptions(),) * n
    if isinstance(options, CopyOptions):
        return (options,) * n
    if isinstance(options, (str, bytes)) or not hasattr(options, "__len__"):
        raise TypeError("options must be a CopyOptions, a sequence of them or None, not %s" % type(options).__name__)
    options = tuple(options)
    if len(options) != n:
        raise ValueError("options has %d entries for %d copies" % (len(options), n))
    for i, o in enumerate(options):
        if not isinstance(o, CopyOptions):
            raise TypeError("options[%d] must be a CopyOptions, not %s" % (i, type(o).__name__))
    return options


def _runs(options: Sequence[CopyOptions]) -> Tuple[List[CopyOptions], List[int]]:
    """(distinct neighbouring options, index of the first copy each applies to): the attrs/attrsIdxs pair."""
    attrs: List[CopyOptions] = []
    starts: List[int] = []
    for i, o in enumerate(options):
        if not attrs or o != attrs[-1]:
            attrs.append(o)
            starts.append(i)
    return attrs, starts


def _buffers(seq: Any, what: str) -> Tuple[Buffer, ...]:
    if isinstance(seq, Buffer):
        raise TypeError("%s must be a sequence of Buffers, not a single Buffer (for one copy use Buffer.copy_to or "
                        "Buffer.copy_from)" % what)
    try:
        items = tuple(seq)
    except TypeError:
        raise TypeError("%s must be a sequence of Buffers, not %s" % (what, type(seq).__name__)) from None
    for i, b in enumerate(items):
        if not isinstance(b, Buffer):
            raise TypeError("%s[%d] must be a Buffer, not %s" % (what, i, type(b).__name__))
        if b.is_closed:
            raise RuntimeError("%s[%d]: Buffer has been closed" % (what, i))  # cuda.core's type and words
    return items


def _batch_stream(stream: Any) -> int:
    """The CUstream int of ``copy_batch``'s stream; TypeError for what the batched copy cannot run on."""
    if stream is None:
        raise TypeError("stream must be a Stream, not None")
    if isinstance(stream, _registry.lookup("GraphBuilder")):
        raise TypeError("copy_batch cannot be captured into a graph (the driver has no batched-copy node): use "
                        "Buffer.copy_to or GraphNode.memcpy")
    h = stream_handle(stream)
    if h in (0, 1):  # NULL and CU_STREAM_LEGACY
        raise TypeError("copy_batch does not take the legacy default stream (cuMemcpyBatchAsync refuses it): use a "
                        "Stream of your own or PER_THREAD_DEFAULT_STREAM")
    drv = _utils.driver()
    status = check(drv.cuStreamIsCapturing(h))
    if int(status) != int(drv.CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_NONE):
        raise TypeError("copy_batch cannot run on a stream being captured into a graph (the driver has no "
                        "batched-copy node): use Buffer.copy_to or GraphNode.memcpy")
    return h


def copy_batch(stream: Any, srcs: Sequence[Buffer], dsts: Sequence[Buffer], *, options: Any = None) -> None:
    """Copy ``srcs[i]`` into ``dsts[i]`` (Buffers of equal sizes) for every i, asynchronously on ``stream``.

    ``options``: a CopyOptions for every copy, a sequence of one per copy, or None (stream-ordered). The
    copies may run concurrently and in any order, so no source may overlap another copy's destination.
    Not for the legacy default stream or a capturing stream (TypeError). Where the driver has no batched copy
    (older than CUDA 12.8) each pair is copied with cuMemcpyAsync; a DURING_API_CALL hint then raises
    RuntimeError, since a stream-ordered copy would read the source after the call returns."""
    srcs = _buffers(srcs, "srcs")  # the buffers first, as cuda.core checks them (a closed one) before the stream
    dsts = _buffers(dsts, "dsts")
    if len(srcs) != len(dsts):
        raise ValueError("srcs has %d buffers, dsts %d: they must pair up" % (len(srcs), len(dsts)))
    for i, (s, d) in enumerate(zip(srcs, dsts)):
        if s.size != d.size:
            raise ValueError("srcs[%d] has %d bytes, dsts[%d] %d: sizes must match" % (i, s.size, i, d.size))
    h = _batch_stream(stream)
    opts = _normalize_options(options, len(srcs))
    if not srcs:
        return
    if not _batched(h, srcs, dsts, opts):
        _one_by_one(h, srcs, dsts, opts)


_native: List[bool] = []  # [bool]: whether cuMemcpyBatchAsync is there, learnt on the first batch


def _batched(h: int, srcs: Sequence[Buffer], dsts: Sequence[Buffer], opts: Sequence[CopyOptions]) -> bool:
    """Issue the batch with cuMemcpyBatchAsync; False where the build or the driver lacks it."""
    drv = _utils.driver()
    fn = getattr(drv, "cuMemcpyBatchAsync", None)
    if fn is None or _native == [False]:
        return False
    attrs, starts = _runs(opts)
    natives = [_native_attributes(drv, o) for o in attrs]
    n = len(srcs)
    try:
        result = fn([d.handle for d in dsts], [s.handle for s in srcs], [s.size for s in srcs], n, natives, starts,
                    len(natives), h)
    except FunctionNotFoundError:
        _native[:] = [False]
        return False
    _native[:] = [True]
    check((result[0],))
    return True


def _native_attributes(drv: Any, o: CopyOptions) -> Any:
    a = drv.CUmemcpyAttributes()
    order = drv.CUmemcpySrcAccessOrder
    a.srcAccessOrder = {MemcpySrcAccessOrder.STREAM: order.CU_MEMCPY_SRC_ACCESS_ORDER_STREAM,
                        MemcpySrcAccessOrder.DURING_API_CALL: order.CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL,
                        MemcpySrcAccessOrder.ANY: order.CU_MEMCPY_SRC_ACCESS_ORDER_ANY}[o.src_access_order]
    a.flags = int(drv.CUmemcpyFlags.CU_MEMCPY_FLAG_PREFER_OVERLAP_WITH_COMPUTE
                  if o.overlap_mode is MemcpyOverlapMode.PREFER_OVERLAP_WITH_COMPUTE
                  else drv.CUmemcpyFlags.CU_MEMCPY_FLAG_DEFAULT)
    _set_location(drv, a.srcLocHint, o.src_location_hint)
    _set_location(drv, a.dstLocHint, o.dst_location_hint)
    return a


def _set_location(drv: Any, loc: Any, hint: Any) -> None:
    """Fill a CUmemLocation from a Device / Host hint (None leaves it INVALID: no hint)."""
    if hint is None:
        return
    t = drv.CUmemLocationType
    if is_host_location(hint):
        if hint.is_numa_current:
            loc.type, loc.id = t.CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT, 0
        elif hint.numa_id is not None:
            loc.type, loc.id = t.CU_MEM_LOCATION_TYPE_HOST_NUMA, int(hint.numa_id)
        else:
            loc.type, loc.id = t.CU_MEM_LOCATION_TYPE_HOST, 0
    else:
        loc.type, loc.id = t.CU_MEM_LOCATION_TYPE_DEVICE, int(hint.device_id)


def _one_by_one(h: int, srcs: Sequence[Buffer], dsts: Sequence[Buffer], opts: Sequence[CopyOptions]) -> None:
    for i, o in enumerate(opts):
        if o.src_access_order is MemcpySrcAccessOrder.DURING_API_CALL:
            raise RuntimeError("options[%d]: src_access_order=DURING_API_CALL needs cuMemcpyBatchAsync (a CUDA 12.8+ "
                               "driver and bindings built from 12.8+ headers); one cuMemcpyAsync per copy reads the "
                               "source in stream order, after the call returns. Use STREAM or ANY." % i)
    drv = _utils.driver()
    for s, d in zip(srcs, dsts):
        check(drv.cuMemcpyAsync(d.handle, s.handle, s.size, h))


# -- strided copies between StridedMemoryViews -----------------------------------------------------------------

_MAX_PIECES = 1 << 16  # more driver calls than this for one copy: refuse rather than crawl


def byte_strides(view: StridedMemoryView) -> Tuple[int, ...]:
    """The view's strides in bytes (C order where it has none)."""
    size = int(view._typestr[2:])
    if view.strides is not None:
        return tuple(s * size for s in view.strides)
    out, step = [], size
    for n in reversed(view.shape):
        out.append(step)
        step *= n
    return tuple(reversed(out))


def plan_copy(shape: Sequence[int], src_strides: Sequence[int], dst_strides: Sequence[int],
              itemsize: int) -> Tuple[List[Tuple[int, int, int]], Tuple[int, List[Tuple[int, int, int]]]]:
    """Reduce a strided copy to (outer, inner): ``outer`` a list of (count, src_step, dst_step) dims looped over,
    ``inner`` one (width_bytes, [(count, src_pitch, dst_pitch)] up to two dims) the driver copies in one call.
    Size-1 dims are dropped and dims contiguous in both layouts merged. ValueError for what no copy expresses."""
    dims = [(n, s, d) for n, s, d in zip(shape, src_strides, dst_strides) if n != 1]
    for n, s, d in dims:
        if s <= 0 or d <= 0:
            raise ValueError("strided copy: strides must be positive for every dimension longer than 1 (source %r, "
                             "destination %r bytes): negative or zero strides cannot be copied"
                             % (tuple(src_strides), tuple(dst_strides)))
    _check_unique([(n, d) for n, _, d in dims], itemsize)
    merged: List[Tuple[int, int, int]] = []
    for n, s, d in dims:
        if merged and merged[-1][1] == n * s and merged[-1][2] == n * d:
            m = merged.pop()
            n, s, d = m[0] * n, s, d
        merged.append((n, s, d))
    width = itemsize
    if merged and merged[-1][1] == itemsize and merged[-1][2] == itemsize:
        run = merged[-1][0] * itemsize
        if all(s >= run and d >= run for _, s, d in merged[:-1]):  # else rows overlap (a sliding-window source)
            width = run
            merged.pop()
    inner = merged[-2:] if len(merged) >= 2 and _stacks(merged[-2], merged[-1]) else merged[-1:]
    outer = merged[:len(merged) - len(inner)]
    pieces = 1
    for n, _, _ in outer:
        pieces *= n
    if pieces > _MAX_PIECES:
        raise ValueError("strided copy: the layout needs %d driver copies (at most %d): copy through a contiguous "
                         "array" % (pieces, _MAX_PIECES))
    return outer, (width, inner)


def _check_unique(dims: List[Tuple[int, int]], itemsize: int) -> None:
    """ValueError unless the destination's (count, byte stride) dims give every element bytes of its own (each
    stride, smallest first, clears everything the smaller ones span)."""
    span = itemsize
    for n, d in sorted(dims, key=lambda nd: nd[1]):
        if d < span:
            raise ValueError("strided copy: the destination layout (%s) writes several elements to the same bytes"
                             % ", ".join("%d x %d B" % nd for nd in dims))
        span += (n - 1) * d


def _stacks(outer: Tuple[int, int, int], inner: Tuple[int, int, int]) -> bool:
    """Whether two dims form a 3-D copy: on both sides the outer stride is a whole number of inner pitches, at
    least as many as the inner dim has rows (slices that do not interleave)."""
    return (outer[1] % inner[1] == 0 and outer[2] % inner[2] == 0 and outer[1] // inner[1] >= inner[0]
            and outer[2] // inner[2] >= inner[0])


def _offsets(outer: Sequence[Tuple[int, int, int]]) -> List[Tuple[int, int]]:
    """Byte offsets (source, destination) of every piece the outer dims loop over."""
    offs = [(0, 0)]
    for n, s, d in outer:
        offs = [(a + i * s, b + i * d) for a, b in offs for i in range(n)]
    return offs


def copy_views(dst: StridedMemoryView, src: StridedMemoryView, stream: Any, blocking: Optional[bool]) -> None:
    """Copy ``src`` into ``dst`` (StridedMemoryViews of one shape and dtype), on ``stream``; wait for it where
    ``blocking`` (None: wait unless both views are device memory)."""
    if dst.readonly:
        raise ValueError("the destination view is read-only")
    if tuple(dst.shape) != tuple(src.shape):
        raise ValueError("shapes differ: destination %r, source %r" % (tuple(dst.shape), tuple(src.shape)))
    if dst._typestr[1:] != src._typestr[1:]:
        raise ValueError("dtypes differ: destination %s, source %s (copies do not convert)"
                         % (dst._typestr, src._typestr))
    if blocking is not None and not isinstance(blocking, bool):
        raise TypeError("blocking must be a bool or None, not %s" % type(blocking).__name__)
    dst_dev, src_dev = dst.is_device_accessible, src.is_device_accessible

    h = stream_or_default(stream, dst.device_id if dst_dev else (src.device_id if src_dev else None))
    if 0 not in dst.shape:
        outer, inner = plan_copy(dst.shape, byte_strides(src), byte_strides(dst), int(dst._typestr[2:]))
        drv = _utils.driver()
        for so, do in _offsets(outer):
            _copy_piece(drv, h, (dst.ptr + do, dst_dev), (src.ptr + so, src_dev), inner)
    if blocking or (blocking is None and not (dst_dev and src_dev)):
        check(_utils.driver().cuStreamSynchronize(h))


def _copy_piece(drv: Any, h: int, dst: Tuple[int, bool], src: Tuple[int, bool],
                inner: Tuple[int, List[Tuple[int, int, int]]]) -> None:
    width, dims = inner
    if not dims:
        check(drv.cuMemcpyAsync(dst[0], src[0], width, h))
        return
    if len(dims) == 1:
        (n, sp, dp), = dims
        p = drv.CUDA_MEMCPY2D()
        _ends(drv, p, src, dst)
        p.srcPitch, p.dstPitch, p.WidthInBytes, p.Height = sp, dp, width, n
        check(drv.cuMemcpy2DAsync(p, h))
        return
    (depth, sz, dz), (n, sp, dp) = dims
    p = drv.CUDA_MEMCPY3D()
    _ends(drv, p, src, dst)
    p.srcPitch, p.dstPitch, p.srcHeight, p.dstHeight = sp, dp, sz // sp, dz // dp
    p.WidthInBytes, p.Height, p.Depth = width, n, depth
    check(drv.cuMemcpy3DAsync(p, h))


def _ends(drv: Any, p: Any, src: Tuple[int, bool], dst: Tuple[int, bool]) -> None:
    """Set a 2-D/3-D copy's memory types and addresses: HOST for host-only memory, UNIFIED for the rest."""
    mt = drv.CUmemorytype
    for side, (ptr, on_device) in (("src", src), ("dst", dst)):
        if on_device:
            setattr(p, side + "MemoryType", mt.CU_MEMORYTYPE_UNIFIED)
            setattr(p, side + "Device", ptr)
        else:
            setattr(p, side + "MemoryType", mt.CU_MEMORYTYPE_HOST)
            setattr(p, side + "Host", ptr)

