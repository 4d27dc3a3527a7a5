"""cudacffi.core.checkpoint: lock, checkpoint, restore and unlock the GPU state of a CUDA process (Linux), as
cuda.core 1.2.2's ``cuda.core.checkpoint``, on the driver's ``cuCheckpointProcess*`` API (CUDA 12.8 and newer).

    from cudacffi.core.checkpoint import Process
    p = Process(pid)
    p.lock(); p.checkpoint()      # GPU memory saved to host, GPU released: p.state == "checkpointed"
    p.restore(); p.unlock()       # back on the GPU (optionally on other GPUs: restore({old_uuid: new_uuid}))

``Process.state`` is one of "running", "locked", "checkpointed", "failed" (newer drivers may also answer
"checkpointing" or "restoring"). Where this build's headers or the installed driver lack the API, every call
raises ``NotImplementedError`` (a ``RuntimeError``) naming the version needed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from .. import FunctionNotFoundError, check, driver
from . import _utils

__all__ = ["Process"]

_REQUIRED = "CUDA 12.8"
_FUNCTIONS = ("cuCheckpointProcessGetState", "cuCheckpointProcessGetRestoreThreadId", "cuCheckpointProcessLock",
              "cuCheckpointProcessCheckpoint", "cuCheckpointProcessRestore", "cuCheckpointProcessUnlock")
_STATE_PREFIX = "CU_PROCESS_STATE_"


def _driver() -> Any:
    """The driver module, or NotImplementedError where this build has no checkpoint API."""
    missing = [name for name in _FUNCTIONS if not hasattr(driver, name)]
    if missing:
        raise NotImplementedError("CUDA checkpointing needs cudacffi built with %s or newer headers (this build "
                                  "lacks %s)" % (_REQUIRED, ", ".join(missing)))
    return _utils.driver()


def _call(name: str, *args: Any) -> Any:
    """Call the driver's ``name``; a driver without it (or one that answers NOT_SUPPORTED / NOT_FOUND for the
    whole API) raises NotImplementedError, other failures CUDAError."""
    drv = _driver()
    try:
        result = getattr(drv, name)(*args)
    except FunctionNotFoundError as e:
        raise NotImplementedError("CUDA checkpointing needs an NVIDIA driver of %s or newer: %s"
                                  % (_REQUIRED, e)) from None
    err = result[0] if isinstance(result, tuple) else result
    if int(err) == int(drv.CUresult.CUDA_ERROR_NOT_SUPPORTED):
        raise NotImplementedError("CUDA checkpointing is not supported by the installed NVIDIA driver (needs %s "
                                  "or newer, on Linux): %s" % (_REQUIRED, err.name))
    return check(result)


def _int_arg(value: Any, name: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int, not %s" % (name, type(value).__name__))
    if not low <= value <= 0x7FFFFFFF:
        raise ValueError("%s must be within [%d, 2147483647], got %d" % (name, low, value))
    return value


class Process:
    """A CUDA process, by pid, whose GPU state can be locked, checkpointed, restored and unlocked."""

    __slots__ = ("_pid",)

    def __init__(self, pid: int) -> None:
        self._pid = _int_arg(pid, "pid", 1)

    @property
    def pid(self) -> int:
        """The process id."""
        return self._pid

    @property
    def state(self) -> str:
        """The process's checkpoint state: 'running', 'locked', 'checkpointed' or 'failed'."""
        state = _call("cuCheckpointProcessGetState", self._pid)
        name = getattr(state, "name", "")
        if not name.startswith(_STATE_PREFIX):
            raise RuntimeError("unknown CUDA checkpoint process state: %d" % int(state))
        return name[len(_STATE_PREFIX):].lower()

    @property
    def restore_thread_id(self) -> int:
        """The id of the thread the driver restores the process on."""
        return int(_call("cuCheckpointProcessGetRestoreThreadId", self._pid))

    def lock(self, timeout_ms: int = 0) -> None:
        """Block the process's further CUDA calls, waiting up to ``timeout_ms`` ms for running work (0: no
        limit)."""
        _int_arg(timeout_ms, "timeout_ms", 0)
        args = driver.CUcheckpointLockArgs()
        args.timeoutMs = timeout_ms
        _call("cuCheckpointProcessLock", self._pid, args)

    def checkpoint(self) -> None:
        """Save the locked process's GPU memory to host memory and release its GPUs."""
        _call("cuCheckpointProcessCheckpoint", self._pid, None)

    def restore(self, gpu_mapping: Optional[Mapping[Any, Any]] = None) -> None:
        """Bring the checkpointed process back onto GPUs; ``gpu_mapping`` maps each checkpointed GPU's UUID to
        the UUID of the GPU to restore it onto (UUID strings as ``Device.uuid`` writes them, or
        ``driver.CUuuid``); it must name every GPU the kernel driver sees."""
        _call("cuCheckpointProcessRestore", self._pid, _restore_args(gpu_mapping))

    def unlock(self) -> None:
        """Let the process make CUDA calls again."""
        _call("cuCheckpointProcessUnlock", self._pid, None)

    def __repr__(self) -> str:
        return "<Process pid=%d>" % self._pid


def _restore_args(gpu_mapping: Any) -> Any:
    """CUcheckpointRestoreArgs carrying ``gpu_mapping`` as GPU pairs (None for no mapping)."""
    if gpu_mapping is None:
        return None
    if not isinstance(gpu_mapping, Mapping):
        raise TypeError("gpu_mapping must be a mapping from checkpointed GPU UUID to restore GPU UUID, not %s"
                        % type(gpu_mapping).__name__)
    if not gpu_mapping:
        return None
    if not hasattr(driver, "CUcheckpointGpuPair"):
        raise NotImplementedError("restore(gpu_mapping=...) needs cudacffi built with CUDA 13.0 or newer headers")
    pairs = []
    for old, new in gpu_mapping.items():
        pair = driver.CUcheckpointGpuPair()
        pair.oldUuid = _uuid(old, "gpu_mapping key")
        pair.newUuid = _uuid(new, "gpu_mapping value")
        pairs.append(pair)
    args = driver.CUcheckpointRestoreArgs()
    args.gpuPairs = pairs
    args.gpuPairsCount = len(pairs)
    return args


def _uuid(value: Any, what: str) -> Any:
    """``value`` (a CUuuid, or 32 hex digits with optional hyphens) as a driver.CUuuid."""
    if isinstance(value, driver.CUuuid):
        return value
    if not isinstance(value, str):
        raise TypeError("%s must be a UUID string or a driver.CUuuid, not %s" % (what, type(value).__name__))
    text = value[4:] if value[:4].upper() in ("GPU-", "MIG-") else value
    try:
        raw = bytes.fromhex(text.replace("-", ""))
    except ValueError:
        raw = b""
    if len(raw) != 16:
        raise ValueError("%s must be 32 hex digits (hyphens allowed), got %r" % (what, value))
    uuid = driver.CUuuid()
    uuid.bytes = raw
    return uuid
