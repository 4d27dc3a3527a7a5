"""launch(): cuLaunchKernelEx of a Kernel on a stream with a LaunchConfig, its arguments packed by the plans of
``_kernel_args``.

The hot path: per kernel, a plan per tuple of argument classes (see ``_kernel_args``); per LaunchConfig, one
CUlaunchConfig per stream. A launch with the classes of the kernel's last launch checks each argument's
class, packs, and calls C once: no per-argument cdata store, no tuple of classes, no per-thread state.
"""

from __future__ import annotations

import struct
from typing import Any, List

from .. import _direct
from . import _utils
from ._kernel import Kernel
from ._kernel_args import _check_values, _plan, _widen_unsigned
from ._launch_config import LaunchConfig, _native_for, check_config
from ._stream import Stream, stream_handle
from ._utils import check
from .typing import IsStreamType

__all__ = ["launch"]

_UNBOUND = _direct.LAUNCH_UNBOUND  # what a C launcher answers before the driver's cuLaunchKernelEx is bound

_launch_ex: List[Any] = []  # [driver.cuLaunchKernelEx], bound on the first launch
_PACK_ERRORS = (struct.error, TypeError, ValueError, OverflowError, AttributeError)


def launch(stream: IsStreamType, config: LaunchConfig, kernel: Kernel, *kernel_args: Any) -> None:
    """Launch ``kernel`` on ``stream`` (a Stream or any object with ``__cuda_stream__``) with ``config``."""
    if stream.__class__ is Stream:
        if stream._handle is None:
            raise RuntimeError("launch(): the stream is closed")
        h = stream._h
    else:
        h = stream_handle(stream, "stream")
    if config.__class__ is not LaunchConfig:
        check_config(config)
    native = config._natives.get(h)  # (CUlaunchConfig, its address)
    if native is None:
        native = _native_for(config, h)
    if kernel.__class__ is not Kernel:
        raise TypeError("kernel must be a Kernel, not %s" % type(kernel).__name__)
    if config._is_cooperative:
        _check_cooperative(kernel, config)
    try:  # the launcher of the last argument classes: None when these differ
        err = kernel._fast(kernel_args, native, kernel._h)
    except _PACK_ERRORS:  # a value the fast path cannot pack (range, closed Buffer): the checked path says why
        err = None
    if err is None:
        err = _launch_planned(native[0], kernel, kernel_args)
    if err:
        if err == _UNBOUND:  # the driver's cuLaunchKernelEx is not bound yet: the wrapper binds it
            err = _launch_planned(native[0], kernel, kernel_args)
        if err:
            check((err,))


def _check_cooperative(kernel: Kernel, config: LaunchConfig) -> None:
    """ValueError, with cuda.core's message, where a cooperative launch's grid exceeds what can be co-resident."""
    drv = _utils.driver()
    dev = check(drv.cuCtxGetDevice())
    sms = check(drv.cuDeviceGetAttribute(drv.CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev))
    bx, by, bz = config._block
    limit = kernel.occupancy.max_active_blocks_per_multiprocessor(bx * by * bz, config._shmem_size) * sms
    x, y, z = config._grid
    if x * y * z > limit:
        raise ValueError("The specified grid size (%d * %d * %d) exceeds the limit (%d)" % (x, y, z, limit))


def _launch_planned(native: Any, kernel: Kernel, kernel_args: tuple) -> int:
    """Launch through the plan of these argument classes (made on first sight) and the packer."""
    key = tuple(map(type, kernel_args))
    plan = kernel._arg_plans.get(key)
    if plan is None:
        plan = _plan(kernel, key, kernel_args)
    if plan.fast is not None:
        kernel._fast = plan.fast
    values = kernel_args if plan.convert is None else plan.convert(kernel_args)
    if not _launch_ex:
        _launch_ex.append(_utils.driver().cuLaunchKernelEx)
    try:
        err, = _launch_ex[0](native, kernel._handle, (values, plan.types), 0)
    except (TypeError, ValueError, OverflowError) as e:
        err, = _launch_checked(native, kernel, kernel_args, values, plan.types, e)
    return err


# -- the checking path: only after the packer refused something ---------------------------------------------------

def _launch_checked(native: Any, kernel: Kernel, args: tuple, values: tuple, types: tuple, error: Exception) -> tuple:
    """The packer refused a value: name the argument, or retry once with unsigned ints folded."""
    _check_values(kernel, args, types)
    widened = _widen_unsigned(values, types)
    if widened is values:
        raise error
    return _launch_ex[0](native, kernel._handle, (widened, types), 0)
