"""cudacffi.core.system.exceptions: NVML's errors under cuda.core.system's names.

Each is the ``cudacffi.nvml`` class itself (``NvmlError`` and one subclass per status), so that an error raised by
``cudacffi.nvml`` or by ``cudacffi.core.system`` is caught by either name. ``TimeoutError`` and ``MemoryError`` are
NVML's (``nvml.NvmlTimeoutError``, ``nvml.NvmlMemoryError``), not the builtins, as in cuda.core.system.
A status newer than this build's nvml.h (``ResetTypeNotSupportedError`` before CUDA 13; ``NotReadyError``,
``GpuNotFoundError`` and ``InvalidStateError`` before 12.4) has an ``NvmlError`` subclass of its name that no call
raises. Importing this module loads no library.
"""

from __future__ import annotations

from typing import Any, Optional

from cudacffi import nvml

NvmlError = nvml.NvmlError


def _newer_new(cls: type, status: Optional[int] = None, *args: Any) -> Any:
    return Exception.__new__(cls, status, *args)


def _newer_init(self: Any, status: Optional[int] = None) -> None:
    status = self._code if status is None else int(status)
    NvmlError.__init__(self, status)
    self.args = ("ERROR_%s (%d)" % (self._name, status),)


def _error(name: str, status: str, code: int) -> type:
    """``cudacffi.nvml``'s class ``name``; where this build's nvml.h lacks the status (``code``, its number in CUDA
    13's), an NvmlError subclass of that name whose ``status`` is the int and ``str(e)`` its name (no call raises
    it: the bindings raise ``NvmlError`` for a status their headers do not name)."""
    cls = getattr(nvml, name, None)
    if cls is None:
        cls = type(name, (NvmlError,), {
            "__new__": _newer_new, "__init__": _newer_init, "__str__": lambda self: self.args[0],
            "__reduce__": lambda self: (type(self), (int(self.status),)), "_code": code, "_name": status,
            "__module__": __name__, "__doc__": "Return.ERROR_%s (%d), of CUDA 13's nvml.h" % (status, code)})
    return cls


AlreadyInitializedError = nvml.AlreadyInitializedError
ArgumentVersionMismatchError = nvml.ArgumentVersionMismatchError
CorruptedInforomError = nvml.CorruptedInforomError
DeprecatedError = nvml.DeprecatedError
DriverNotLoadedError = nvml.DriverNotLoadedError
FreqNotSupportedError = nvml.FreqNotSupportedError
FunctionNotFoundError = nvml.FunctionNotFoundError
GpuIsLostError = nvml.GpuIsLostError
GpuNotFoundError = _error("GpuNotFoundError", "GPU_NOT_FOUND", 28)
InUseError = nvml.InUseError
InsufficientPowerError = nvml.InsufficientPowerError
InsufficientResourcesError = nvml.InsufficientResourcesError
InsufficientSizeError = nvml.InsufficientSizeError
InvalidArgumentError = nvml.InvalidArgumentError
InvalidStateError = _error("InvalidStateError", "INVALID_STATE", 29)
IrqIssueError = nvml.IrqIssueError
LibRmVersionMismatchError = nvml.LibRmVersionMismatchError
LibraryNotFoundError = nvml.LibraryNotFoundError
MemoryError = nvml.NvmlMemoryError  # noqa: A001 (NVML's, as cuda.core.system names it)
NoDataError = nvml.NoDataError
NoPermissionError = nvml.NoPermissionError
NotFoundError = nvml.NotFoundError
NotReadyError = _error("NotReadyError", "NOT_READY", 27)
NotSupportedError = nvml.NotSupportedError
OperatingSystemError = nvml.OperatingSystemError
ResetRequiredError = nvml.ResetRequiredError
ResetTypeNotSupportedError = _error("ResetTypeNotSupportedError", "RESET_TYPE_NOT_SUPPORTED", 30)
TimeoutError = nvml.NvmlTimeoutError  # noqa: A001 (NVML's, as cuda.core.system names it)
UninitializedError = nvml.UninitializedError
UnknownError = nvml.UnknownError
VgpuEccNotSupportedError = nvml.VgpuEccNotSupportedError

__all__ = ["AlreadyInitializedError", "ArgumentVersionMismatchError", "CorruptedInforomError", "DeprecatedError",
           "DriverNotLoadedError", "FreqNotSupportedError", "FunctionNotFoundError", "GpuIsLostError",
           "GpuNotFoundError", "InUseError", "InsufficientPowerError", "InsufficientResourcesError",
           "InsufficientSizeError", "InvalidArgumentError", "InvalidStateError", "IrqIssueError",
           "LibRmVersionMismatchError", "LibraryNotFoundError", "MemoryError", "NoDataError", "NoPermissionError",
           "NotFoundError", "NotReadyError", "NotSupportedError", "NvmlError", "OperatingSystemError",
           "ResetRequiredError", "ResetTypeNotSupportedError", "TimeoutError", "UninitializedError", "UnknownError",
           "VgpuEccNotSupportedError"]
