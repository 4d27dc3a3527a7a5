"""cudacffi.core.system.exceptions: NVML's errors under cuda.core.system's names.

Each is the ``cudacffi.nvml`` class itself (``NvmlError`` and one subclass per status), so that an error raised by
``cudacffi.nvml`` or by ``cudacffi.core.system`` is caught by either name. ``TimeoutError`` and ``MemoryError`` are
NVML's (``nvml.NvmlTimeoutError``, ``nvml.NvmlMemoryError``), not the builtins, as in cuda.core.system.
``ResetTypeNotSupportedError`` is a status of CUDA 13's nvml.h: a build on older headers has an ``NvmlError``
subclass of that name that no call raises. Importing this module loads no library.
"""

from cudacffi import nvml

NvmlError = nvml.NvmlError
AlreadyInitializedError = nvml.AlreadyInitializedError
ArgumentVersionMismatchError = nvml.ArgumentVersionMismatchError
CorruptedInforomError = nvml.CorruptedInforomError
DeprecatedError = nvml.DeprecatedError
DriverNotLoadedError = nvml.DriverNotLoadedError
FreqNotSupportedError = nvml.FreqNotSupportedError
FunctionNotFoundError = nvml.FunctionNotFoundError
GpuIsLostError = nvml.GpuIsLostError
GpuNotFoundError = nvml.GpuNotFoundError
InUseError = nvml.InUseError
InsufficientPowerError = nvml.InsufficientPowerError
InsufficientResourcesError = nvml.InsufficientResourcesError
InsufficientSizeError = nvml.InsufficientSizeError
InvalidArgumentError = nvml.InvalidArgumentError
InvalidStateError = nvml.InvalidStateError
IrqIssueError = nvml.IrqIssueError
LibRmVersionMismatchError = nvml.LibRmVersionMismatchError
LibraryNotFoundError = nvml.LibraryNotFoundError
MemoryError = nvml.NvmlMemoryError  # noqa: A001 (NVML's, as cuda.core.system names it)
NoDataError = nvml.NoDataError
NoPermissionError = nvml.NoPermissionError
NotFoundError = nvml.NotFoundError
NotReadyError = nvml.NotReadyError
NotSupportedError = nvml.NotSupportedError
OperatingSystemError = nvml.OperatingSystemError
ResetRequiredError = nvml.ResetRequiredError
TimeoutError = nvml.NvmlTimeoutError  # noqa: A001 (NVML's, as cuda.core.system names it)
UninitializedError = nvml.UninitializedError
UnknownError = nvml.UnknownError
VgpuEccNotSupportedError = nvml.VgpuEccNotSupportedError

try:
    ResetTypeNotSupportedError = nvml.ResetTypeNotSupportedError
except AttributeError:  # headers before CUDA 13
    class ResetTypeNotSupportedError(NvmlError):
        """Return.ERROR_RESET_TYPE_NOT_SUPPORTED (30): the requested reset type is not supported (CUDA 13's
        nvml.h; this build's headers predate it, so no call raises it)."""

        def __new__(cls, status=30, *args):
            return Exception.__new__(cls, status, *args)

        def __init__(self, status=30):
            NvmlError.__init__(self, status)
            self.args = ("ERROR_RESET_TYPE_NOT_SUPPORTED (%d)" % int(status),)

        def __str__(self):
            return self.args[0]

__all__ = ["AlreadyInitializedError", "ArgumentVersionMismatchError", "CorruptedInforomError", "DeprecatedError",
           "DriverNotLoadedError", "FreqNotSupportedError", "FunctionNotFoundError", "GpuIsLostError",
           "GpuNotFoundError", "InUseError", "InsufficientPowerError", "InsufficientResourcesError",
           "InsufficientSizeError", "InvalidArgumentError", "InvalidStateError", "IrqIssueError",
           "LibRmVersionMismatchError", "LibraryNotFoundError", "MemoryError", "NoDataError", "NoPermissionError",
           "NotFoundError", "NotReadyError", "NotSupportedError", "NvmlError", "OperatingSystemError",
           "ResetRequiredError", "ResetTypeNotSupportedError", "TimeoutError", "UninitializedError", "UnknownError",
           "VgpuEccNotSupportedError"]
