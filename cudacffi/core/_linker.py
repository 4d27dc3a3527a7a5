"""Linker and LinkerOptions: nvJitLink, or the driver's cuLink where no nvJitLink library is found.

Option spellings are cuda.core 1.2.2's (``LinkerOptions.as_bytes``). Deliberate difference: ``time`` and
``optimize_unused_variables`` emit their flag only when True (cuda.core emits it for False too).
"""

import ctypes
import warnings
from dataclasses import dataclass
from typing import Optional, Union

from . import _release, _utils
from ._module import ObjectCode
from ._utils import CUDAError, check
from .typing import CompilerBackendType

_Strs = Union[str, list, tuple, None]
_INPUT = {"cubin": "CUBIN", "ptx": "PTX", "ltoir": "LTOIR", "fatbin": "FATBIN", "object": "OBJECT",
          "library": "LIBRARY"}


@dataclass
class LinkerOptions:
    """nvJitLink's options as fields (cuda.core 1.2.2's names); None leaves an option out."""

    name: Optional[str] = "<default linker>"
    arch: Optional[str] = None
    max_register_count: Optional[int] = None
    time: Optional[bool] = None
    verbose: Optional[bool] = None
    link_time_optimization: Optional[bool] = None
    ptx: Optional[bool] = None
    optimization_level: Optional[int] = None
    debug: Optional[bool] = None
    lineinfo: Optional[bool] = None
    ftz: Optional[bool] = None
    prec_div: Optional[bool] = None
    prec_sqrt: Optional[bool] = None
    fma: Optional[bool] = None
    kernels_used: _Strs = None
    variables_used: _Strs = None
    optimize_unused_variables: Optional[bool] = None
    ptxas_options: _Strs = None
    split_compile: Optional[int] = None
    split_compile_extended: Optional[int] = None
    no_cache: Optional[bool] = None
    numba_debug: Optional[bool] = None

    def __post_init__(self):
        # the name is taken as cuda.core takes it: a str UTF-8 encodes (cuda.core fails on anything else with
        # AttributeError, and on a lone surrogate with UnicodeEncodeError, when the options are made)
        _utils.require_str(self.name, "LinkerOptions.name")
        if self.numba_debug is not None:
            warnings.warn("numba_debug is not supported by any linking backend and is ignored. "
                          "LinkerOptions.numba_debug is deprecated and will be removed in cuda.core 2.0.0; use "
                          "ProgramOptions.numba_debug on an NVVM or NVRTC compilation path instead.",
                          DeprecationWarning, stacklevel=3)

    def as_bytes(self, backend="nvjitlink"):
        """The nvJitLink command-line options, as a list of bytes."""
        if str(backend).lower() != "nvjitlink":
            raise ValueError("as_bytes() only supports 'nvjitlink' backend, got %s" % _utils.printable(repr(backend)))
        return [s.encode() for s in _nvjitlink_options(self)]


def _seq(v):
    return list(v) if isinstance(v, (list, tuple)) else [v]


def _tf(v):
    return "true" if v else "false"


def _int_option(o, name):
    """The int value of option ``name``: TypeError naming it for anything else (it is spelled with %d)."""
    return _utils.as_int(getattr(o, name), "LinkerOptions." + name)


def _nvjitlink_options(o):
    """nvJitLink's options as str, each checked: an int where one is spelled, text UTF-8 encodes (a
    UnicodeEncodeError names the option)."""
    out = []
    for name, text in _nvjitlink_option_items(o):
        _utils.encode_option(text, "LinkerOptions." + name)
        out.append(text)
    return out


def _nvjitlink_option_items(o):
    arch = o.arch
    if arch is None:
        from ._device import Device

        arch = "sm_" + Device().arch
    out = [("arch", "-arch=%s" % (arch,))]
    if o.max_register_count is not None:
        out.append(("max_register_count", "-maxrregcount=%d" % _int_option(o, "max_register_count")))
    for name, flag in (("time", "-time"), ("verbose", "-verbose"), ("link_time_optimization", "-lto"),
                       ("ptx", "-ptx")):
        if getattr(o, name):
            out.append((name, flag))
    if o.optimization_level is not None:
        out.append(("optimization_level", "-O%d" % _int_option(o, "optimization_level")))
    if o.debug:
        out.append(("debug", "-g"))
    if o.lineinfo:
        out.append(("lineinfo", "-lineinfo"))
    for name in ("ftz", "prec_div", "prec_sqrt", "fma"):
        v = getattr(o, name)
        if v is not None:
            out.append((name, "-%s=%s" % (name.replace("_", "-"), _tf(v))))
    for name, flag in (("kernels_used", "-kernels-used"), ("variables_used", "-variables-used")):
        v = getattr(o, name)
        if v is not None:
            out += [(name, "%s=%s" % (flag, s)) for s in _seq(v)]
    if o.optimize_unused_variables:
        out.append(("optimize_unused_variables", "-optimize-unused-variables"))
    if o.ptxas_options is not None:
        out += [("ptxas_options", "-Xptxas=%s" % (s,)) for s in _seq(o.ptxas_options)]
    if o.split_compile is not None:
        out.append(("split_compile", "-split-compile=%d" % _int_option(o, "split_compile")))
    if o.split_compile_extended is not None:
        out.append(("split_compile_extended", "-split-compile-extended=%d" % _int_option(o, "split_compile_extended")))
    if o.no_cache:
        out.append(("no_cache", "-no-cache"))
    return out


def _driver_options(drv, o):
    """(CUjit_option, value) pairs for the driver's cuLinkCreate, with cuda.core's refusals (ValueError) and
    DeprecationWarnings for the options the driver's linker lacks."""
    jit = drv.CUjit_option
    out = []
    if o.arch is not None:
        target = getattr(drv.CUjit_target, "CU_TARGET_COMPUTE_" + o.arch.split("_")[-1].upper(), None)
        if target is None:
            raise ValueError("arch %r: the driver's linker has no target for it" % (o.arch,))
        out.append((jit.CU_JIT_TARGET, int(target)))
    if o.max_register_count is not None:
        out.append((jit.CU_JIT_MAX_REGISTERS, o.max_register_count))
    if o.time is not None:
        raise ValueError("time option is not supported by the driver API")
    if o.verbose:
        out.append((jit.CU_JIT_LOG_VERBOSE, 1))
    if o.link_time_optimization:
        out.append((jit.CU_JIT_LTO, 1))
    if o.ptx:
        raise ValueError("ptx option is not supported by the driver API")
    if o.optimization_level is not None:
        out.append((jit.CU_JIT_OPTIMIZATION_LEVEL, o.optimization_level))
    if o.debug:
        out.append((jit.CU_JIT_GENERATE_DEBUG_INFO, 1))
    if o.lineinfo:
        out.append((jit.CU_JIT_GENERATE_LINE_INFO, 1))
    for name, text in (("ftz", "ftz option is"), ("prec_div", "prec_div option is"),
                       ("prec_sqrt", "prec_sqrt option is"), ("fma", "fma options is"),
                       ("kernels_used", "kernels_used is"), ("variables_used", "variables_used is"),
                       ("optimize_unused_variables", "optimize_unused_variables is")):
        if getattr(o, name) is not None:
            warnings.warn("%s deprecated in the driver API" % text, DeprecationWarning, stacklevel=4)
    for name in ("ptxas_options", "split_compile", "split_compile_extended"):
        if getattr(o, name) is not None:
            raise ValueError("%s option is not supported by the driver API" % name)
    if o.no_cache is True:
        out.append((jit.CU_JIT_CACHE_MODE, int(drv.CUjit_cacheMode.CU_JIT_CACHE_OPTION_NONE)))
    return out


_backend = []


def _nvjitlink_usable():
    if not _backend:
        from .. import nvjitlink

        try:  # a create, not version(): 12.0's headers have no nvJitLinkVersion, and an older library fails here
            nvjitlink.destroy(nvjitlink.create(1, ["-arch=sm_80"]))
            _backend.append("nvJitLink")
        except RuntimeError:  # LibraryNotFoundError / FunctionNotFoundError / LibraryVersionError
            _backend.append("driver")
    return _backend[0] == "nvJitLink"


class Linker:
    """``Linker(*object_codes, options=LinkerOptions(...))``: links them with ``link(target_type)``."""

    def __init__(self, *object_codes, options=None):
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
    def which_backend(cls):
        """CompilerBackendType.NVJITLINK ("nvJitLink"), or DRIVER ("driver") where no nvJitLink library is
        found."""
        return CompilerBackendType.NVJITLINK if _nvjitlink_usable() else CompilerBackendType.DRIVER

    @property
    def handle(self):
        """nvJitLink's handle (an int) or the driver's ``CUlinkState``; one whose value is 0 once closed."""
        if self._handle is None:
            return 0 if self._backend == "nvJitLink" else _utils.driver().CUlinkState(0)
        return self._handle

    @property
    def is_closed(self):
        return self._handle is None

    # -- nvJitLink -------------------------------------------------------------------------------------------
    def _init_nvjitlink(self, object_codes):
        from .. import nvjitlink

        opts = _nvjitlink_options(self._options)
        self._destroy = nvjitlink.destroy  # taken here: close() then imports nothing
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

    def _with_log(self, error, label):
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
    def _init_driver(self, object_codes):
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
    def link(self, target_type):
        """Link into one ObjectCode of ``target_type``: "cubin" or "ptx" (nvJitLink; the driver's linker makes
        cubin only)."""
        target_type = str(target_type).lower()
        if target_type not in ("cubin", "ptx"):
            raise ValueError("Unsupported target type: %s" % (_utils.printable(target_type),))
        if self._handle is None:
            raise RuntimeError("Linker has been closed")
        if self._backend == "nvJitLink":
            from .. import nvjitlink

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
            data = ctypes.string_at(int(address), size)  # owned by the link state until cuLinkDestroy
        return ObjectCode._init(data, target_type, name=self._options.name)

    def get_error_log(self):
        return self._log(error=True)

    def get_info_log(self):
        return self._log(error=False)

    def _log(self, error):
        if self._backend == "driver":
            if self._driver_logs is None:
                return ""
            return bytes(self._driver_logs[1 if error else 0]).split(b"\0")[0].decode(errors="replace")
        if self._handle is None:  # closed: the logs read when it closed
            return (self._closed_logs or ("", ""))[1 if error else 0]
        from .. import nvjitlink

        size = (nvjitlink.get_error_log_size if error else nvjitlink.get_info_log_size)(self._handle)
        log = bytearray(size)
        if size > 1:
            (nvjitlink.get_error_log if error else nvjitlink.get_info_log)(self._handle, log)
        return bytes(log).rstrip(b"\0").decode(errors="replace")

    def close(self):
        """Destroy the link state (idempotent)."""
        if self._handle is None:
            return
        if self._backend == "nvJitLink":
            try:  # the logs stay readable after closing, as cuda.core's do
                self._closed_logs = (self._log(error=False), self._log(error=True))
            except Exception:
                pass
        handle, self._handle = self._handle, None
        self._destroy(handle)  # the driver's logs are our own buffers: they stay readable

    def __del__(self, _defer=_release.defer):  # a finalizer only queues (see _release)
        handle = getattr(self, "_handle", None)
        if handle is not None:
            self._handle = None
            _defer(self._destroy, handle)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
