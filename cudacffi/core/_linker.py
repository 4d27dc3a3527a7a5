"""Linker: nvJitLink, or the driver's cuLink where no nvJitLink library is found, linking ObjectCodes into one.

The options and their spellings are ``_linker_options``'s.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple, Union

from .. import _direct, nvjitlink
from . import _utils
from ._closeable import ClosedOnExit
from ._linker_options import LinkerOptions, _driver_options, _nvjitlink_options
from ._module import ObjectCode
from ._utils import CUDAError, check
from .typing import CompilerBackendType

__all__ = ["Linker", "LinkerOptions"]

_INPUT = {"cubin": "CUBIN", "ptx": "PTX", "ltoir": "LTOIR", "fatbin": "FATBIN", "object": "OBJECT",
          "library": "LIBRARY"}

_backend = []


def _nvjitlink_usable() -> bool:
    if not _backend:
        try:  # a create, not version(): 12.0's headers have no nvJitLinkVersion, and an older library fails here
            nvjitlink.destroy(nvjitlink.create(1, ["-arch=sm_80"]))
            _backend.append("nvJitLink")
        except RuntimeError:  # LibraryNotFoundError / FunctionNotFoundError / LibraryVersionError
            _backend.append("driver")
    return _backend[0] == "nvJitLink"


class Linker(ClosedOnExit):
    """``Linker(*object_codes, options=LinkerOptions(...))``: links them with ``link(target_type)``."""

    _destroy: Any  # nvJitLink's destroy or cuLinkDestroy, set as the link state is made
    _driver_logs: Optional[Tuple[bytearray, bytearray]]  # the driver linker's (info, error) log buffers
    _closed_logs: Optional[Tuple[str, str]]  # nvJitLink's (info, error) logs, read as it closed

    def __init__(self, *object_codes: ObjectCode, options: Union[LinkerOptions, dict, None] = None) -> None:
        if not object_codes:
            raise ValueError("At least one ObjectCode object must be provided")
        for i, oc in enumerate(object_codes):
            if not isinstance(oc, ObjectCode):
                raise TypeError("object_codes[%d] must be an ObjectCode, not %s" % (i, type(oc).__name__))
        self._options = _utils.check_or_create_options(LinkerOptions, options, "Linker options")
        self._handle = None
        self._driver_logs = None
        self._closed_logs = None
        if _nvjitlink_usable():
            self._init_nvjitlink(object_codes)
        else:
            self._init_driver(object_codes)

    @classmethod
    def which_backend(cls) -> CompilerBackendType:
        """CompilerBackendType.NVJITLINK ("nvJitLink"), or DRIVER ("driver") where no nvJitLink library is
        found."""
        return CompilerBackendType.NVJITLINK if _nvjitlink_usable() else CompilerBackendType.DRIVER

    @property
    def handle(self) -> Any:
        """nvJitLink's handle (an int) or the driver's ``CUlinkState``; one whose value is 0 once closed."""
        if self._handle is None:
            return 0 if self._backend == "nvJitLink" else _utils.driver().CUlinkState(0)
        return self._handle

    # -- nvJitLink -------------------------------------------------------------------------------------------
    def _init_nvjitlink(self, object_codes: Any) -> None:
        opts = _nvjitlink_options(self._options)
        self._destroy = nvjitlink.destroy
        self._handle = nvjitlink.create(len(opts), opts)
        self._backend = "nvJitLink"
        try:
            for oc in object_codes:
                kind = getattr(nvjitlink.InputType, _INPUT[oc.code_type])
                code = oc.code
                try:
                    if isinstance(code, str):  # a path: nvJitLink reads the file
                        nvjitlink.add_file(self._handle, kind, code)
                    else:
                        nvjitlink.add_data(self._handle, kind, bytes(code), len(code), str(oc.name))
                except nvjitlink.nvJitLinkError as e:
                    raise self._with_log(e, "nvJitLink error log")
        except BaseException:
            self.close()
            raise

    def _with_log(self, error: Exception, label: str) -> Exception:
        """``error`` with the linker's error log after its message (as cuda.core annotates it)."""
        try:
            log = self.get_error_log()
        except Exception:  # the log itself cannot be read: the error still goes up
            log = ""
        if log:
            first = error.args[0] if error.args else str(error)
            error.args = ("%s\n%s: %s" % (first, label, log),) + tuple(error.args[1:])
        return error

    # -- the driver's cuLink ---------------------------------------------------------------------------------
    def _init_driver(self, object_codes: Any) -> None:
        drv = _utils.driver()
        self._backend = "driver"
        self._driver_logs = (bytearray(8192), bytearray(8192))
        jit = drv.CUjit_option
        keys = [jit.CU_JIT_INFO_LOG_BUFFER, jit.CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, jit.CU_JIT_ERROR_LOG_BUFFER,
                jit.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES]
        values = [self._driver_logs[0], len(self._driver_logs[0]), self._driver_logs[1], len(self._driver_logs[1])]
        o = self._options
        for key, value in _driver_options(drv, o):
            keys.append(key)
            values.append(value)
        self._destroy = drv.cuLinkDestroy
        self._handle = check(drv.cuLinkCreate(len(keys), keys, values))
        kinds = {"cubin": "CU_JIT_INPUT_CUBIN", "ptx": "CU_JIT_INPUT_PTX", "fatbin": "CU_JIT_INPUT_FATBINARY",
                 "object": "CU_JIT_INPUT_OBJECT", "library": "CU_JIT_INPUT_LIBRARY"}
        try:
            for oc in object_codes:
                if oc.code_type not in kinds:
                    raise ValueError("Unknown code_type associated with ObjectCode: %s (the driver's linker takes "
                                     "no %s: install nvJitLink)" % (oc.code_type, oc.code_type))
                kind = getattr(drv.CUjitInputType, kinds[oc.code_type])
                code = oc.code
                try:
                    if isinstance(code, str):  # a path: the driver reads the file
                        check(drv.cuLinkAddFile(self._handle, kind, code.encode(), 0, None, None))
                    else:
                        data = bytes(code)
                        if oc.code_type == "ptx" and not data.endswith(b"\0"):
                            data += b"\0"
                        check(drv.cuLinkAddData(self._handle, kind, data, len(data), str(oc.name).encode(), 0, None,
                                                None))
                except CUDAError as e:
                    raise self._with_log(e, "Linker error log")
        except BaseException:
            self.close()
            raise

    # -- linking ---------------------------------------------------------------------------------------------
    def link(self, target_type: str) -> ObjectCode:
        """Link into one ObjectCode of ``target_type``: "cubin" or "ptx" (nvJitLink; the driver's linker makes
        cubin only)."""
        target_type = str(target_type).lower()
        if target_type not in ("cubin", "ptx"):
            raise ValueError("Unsupported target type: %s" % (_utils.printable(target_type),))
        if self._handle is None:
            raise RuntimeError("Linker has been closed")
        if self._backend == "nvJitLink":
            try:
                nvjitlink.complete(self._handle)
                if target_type == "cubin":
                    out = bytearray(nvjitlink.get_linked_cubin_size(self._handle))
                    nvjitlink.get_linked_cubin(self._handle, out)
                else:
                    out = bytearray(nvjitlink.get_linked_ptx_size(self._handle))
                    nvjitlink.get_linked_ptx(self._handle, out)
            except nvjitlink.nvJitLinkError as e:
                raise self._with_log(e, "nvJitLink error log")
            data = bytes(out)
        else:
            if target_type != "cubin":
                raise ValueError("the driver linker produces cubin only")
            drv = _utils.driver()
            try:
                address, size = check(drv.cuLinkComplete(self._handle))
            except CUDAError as e:
                raise self._with_log(e, "Linker error log")
            data = bytes(_direct.host_memory(int(address), size))  # owned by the link state until cuLinkDestroy
        return ObjectCode._init(data, target_type, name=self._options.name)

    def get_error_log(self) -> str:
        """The linker's error log ("" where there is none)."""
        return self._log(error=True)

    def get_info_log(self) -> str:
        """The linker's information log ("" where there is none)."""
        return self._log(error=False)

    def _log(self, error: bool) -> str:
        if self._backend == "driver":
            if self._driver_logs is None:
                return ""
            return bytes(self._driver_logs[1 if error else 0]).split(b"\0")[0].decode(errors="replace")
        if self._handle is None:  # closed: the logs read when it closed
            return (self._closed_logs or ("", ""))[1 if error else 0]
        size = (nvjitlink.get_error_log_size if error else nvjitlink.get_info_log_size)(self._handle)
        log = bytearray(size)
        if size > 1:
            (nvjitlink.get_error_log if error else nvjitlink.get_info_log)(self._handle, log)
        return bytes(log).rstrip(b"\0").decode(errors="replace")

    def close(self) -> None:
        """Destroy the link state (idempotent); its logs stay readable."""
        if self._handle is not None and self._backend == "nvJitLink":
            try:  # the logs stay readable after closing, as cuda.core's do
                self._closed_logs = (self._log(error=False), self._log(error=True))
            except Exception:
                pass
        super().close()  # (the driver's logs are our own buffers: they stay readable)
