"""Program: C++ through NVRTC, PTX through the linker, NVVM IR through NVVM, compiled into an ObjectCode.

The options are ``_program_options``'s. Deliberate difference: compiling to "ltoir" with NVRTC adds
``--dlink-time-opt`` where ``link_time_optimization`` was left unset (without it NVRTC makes no LTO-IR).
"""

from __future__ import annotations

import os
import sys
import warnings
from typing import Any, Iterable, Optional, Union

from .. import driver, nvrtc, nvvm
from . import _utils
from ._closeable import ClosedOnExit
from ._linker import Linker, LinkerOptions
from ._module import ObjectCode
from ._program_cache import ProgramCacheResource, compile_with_cache
from ._program_options import ProgramOptions
from ._utils import NVRTCError, as_bytes, check
from .typing import CompilerBackendType, ObjectCodeFormatType, PCHStatusType

__all__ = ["Program", "ProgramOptions"]

# backend -> the target types it compiles to (cuda.core's table, in its order)
_F = ObjectCodeFormatType
_BACKEND_TARGETS = {"NVRTC": (_F.PTX, _F.CUBIN, _F.LTOIR), "NVVM": (_F.PTX, _F.LTOIR), "nvJitLink": (_F.CUBIN, _F.PTX),
                    "driver": (_F.CUBIN, _F.PTX)}
_CODE_TYPES = ("c++", "ptx", "nvvm")


class Program(ClosedOnExit):
    """A program to compile: ``Program(code, code_type, options)`` with code_type "c++", "ptx" or "nvvm"."""

    _destroy: Any  # nvrtcDestroyProgram or NVVM's destroy_program (None for PTX), set as the program is made
    _options: ProgramOptions
    _linker: Optional[Linker]
    _pch_status: Optional[str]

    def __init__(self, code: Union[str, bytes, bytearray], code_type: str,
                 options: Union[ProgramOptions, dict, None] = None) -> None:
        self._handle = None  # NVRTC's nvrtcProgram or NVVM's int; None once closed (and for PTX)
        self._destroy = None  # nvrtcDestroyProgram or NVVM's destroy_program, as the program is made
        self._pch_status = None
        self._linker = None
        self._backend = None
        self._options = options = _utils.check_or_create_options(ProgramOptions, options, "Program options")
        code_type = str(code_type).lower()
        self._code_type = code_type
        if code_type == "c++":
            if not isinstance(code, str):
                raise TypeError("Expected type str, but got %s" % type(code).__name__)
            if options.extra_sources is not None:
                raise ValueError("extra_sources is not supported by the NVRTC backend (C++ code_type)")
            self._code = _utils.encode_text(code, "code")
            name = _utils.encode_text(_utils.require_str(options.name, "ProgramOptions.name"), "ProgramOptions.name")
            self._destroy = nvrtc.nvrtcDestroyProgram
            self._handle = check(nvrtc.nvrtcCreateProgram(self._code, name, 0, [], []))
            self._backend = CompilerBackendType.NVRTC
        elif code_type == "ptx":
            if not isinstance(code, str):
                raise TypeError("Expected type str, but got %s" % type(code).__name__)
            if options.extra_sources is not None:
                raise ValueError("extra_sources is not supported by the PTX backend.")
            self._code = _utils.encode_text(code, "code")
            self._linker = Linker(ObjectCode._init(self._code, "ptx"), options=self._linker_options())
            self._backend = self._linker.which_backend()
        elif code_type == "nvvm":
            if isinstance(code, str):
                code = _utils.encode_text(code, "code")
            elif not isinstance(code, (bytes, bytearray)):
                raise TypeError("NVVM IR code must be provided as str, bytes, or bytearray")
            self._code = bytes(code)
            name = _utils.require_str(options.name, "ProgramOptions.name")
            extra = [(_utils.require_str(n, "extra_sources name"), as_bytes(source, "extra_sources"))
                     for n, source in options.extra_sources or ()]
            self._destroy = nvvm.destroy_program
            self._handle = nvvm.create_program()
            self._backend = CompilerBackendType.NVVM
            try:
                nvvm.add_module_to_program(self._handle, self._code, len(self._code), name)
                for n, src in extra:
                    nvvm.add_module_to_program(self._handle, src, len(src), n)
            except Exception:
                self.close()
                raise
        else:
            if options.use_libdevice:
                raise ValueError("use_libdevice is only supported by the NVVM backend")
            raise RuntimeError("Unsupported code_type=%r (supported_code_types=%r)" % (code_type, _CODE_TYPES))

    def _linker_options(self) -> LinkerOptions:
        o = self._options
        return LinkerOptions(name=o.name, arch=o.arch, max_register_count=o.max_register_count, time=bool(o.time)
                             or None, debug=o.debug, lineinfo=o.lineinfo, ftz=o.ftz, prec_div=o.prec_div,
                             prec_sqrt=o.prec_sqrt, fma=o.fma, link_time_optimization=o.link_time_optimization,
                             split_compile=o.split_compile, ptxas_options=o.ptxas_options, no_cache=o.no_cache)

    @property
    def backend(self) -> CompilerBackendType:
        """The CompilerBackendType: "NVRTC", "NVVM", "nvJitLink" or "driver" (a str enum)."""
        return self._backend

    @property
    def handle(self) -> Any:
        """NVRTC's ``nvrtcProgram``, NVVM's program (an int) or the linker's handle (PTX); one whose value is 0
        once the program is closed."""
        if self._linker is not None:
            return self._linker.handle
        if self._handle is not None:
            return self._handle
        if self._backend == "NVRTC":
            return nvrtc.nvrtcProgram(0)
        return 0

    @property
    def is_closed(self) -> bool:
        """Whether this program has been closed."""
        if self._linker is not None:
            return self._linker.is_closed
        return self._handle is None

    @property
    def pch_status(self) -> Optional[PCHStatusType]:
        """The PCHStatusType of the last compile ("created", "not_attempted" or "failed") where it asked for a
        precompiled header (create_pch or pch) of NVRTC; None otherwise."""
        return None if self._pch_status is None else PCHStatusType(self._pch_status)

    def close(self) -> None:
        """Destroy the program (idempotent)."""
        if self._linker is not None:
            self._linker.close()
        super().close()

    def __repr__(self) -> str:
        return "<Program backend='%s'>" % (self._backend,)

    def compile(self, target_type: str, name_expressions: Iterable[Union[str, bytes]] = (), logs: Any = None, *,
                cache: Optional[ProgramCacheResource] = None) -> ObjectCode:
        """Compile to ``target_type`` ("ptx", "cubin" or "ltoir"); an ObjectCode. ``name_expressions``
        (C++ only; other backends ignore them) are instantiated and map to their mangled names in
        ``get_kernel``. ``logs``: an object with ``write`` that receives the compiler's log. ``cache``: a
        ``cudacffi.core.utils.ProgramCacheResource`` consulted first (a hit returns the stored bytes and writes
        nothing to ``logs``) and filled on a miss; with ``name_expressions`` (which cuda.core refuses with a
        cache) their mangled names are stored beside the code, so ``get_kernel`` finds them on a hit. Options
        that read files the key cannot see raise ValueError (see ``make_program_cache_key``)."""
        target_type = str(target_type).lower()
        if logs is not None and not callable(getattr(logs, "write", None)):
            # (cuda.core fails on it with AttributeError, writing a log to it)
            raise _utils.ArgumentTypeError("logs must be None or an object with a write(str) method (a file opened "
                                           "for text, io.StringIO), not %s" % type(logs).__name__)
        if not isinstance(name_expressions, tuple):
            try:
                if isinstance(name_expressions, (bytes, bytearray)):
                    raise TypeError
                name_expressions = tuple(name_expressions)
            except TypeError:
                raise TypeError("name_expressions must be a tuple or list of str (or bytes), not %s"
                                % type(name_expressions).__name__) from None
        if self.is_closed:
            raise RuntimeError("Program has been closed")
        if cache is None:
            return self._compile(target_type, name_expressions, logs)
        code = self._code if self._code_type == "nvvm" else self._code.decode("utf-8")
        return compile_with_cache(self, cache, code, target_type, name_expressions, logs)

    def _cache_hit(self, target_type: str) -> None:
        """What a compile served from a cache still does: warn where the driver could not load NVRTC's PTX."""
        if self._backend == "NVRTC" and target_type == "ptx":
            _warn_if_driver_older()

    def _compile(self, target_type: str, name_expressions: tuple, logs: Any) -> ObjectCode:
        supported = _BACKEND_TARGETS[self._backend]
        if target_type not in supported:
            raise ValueError('Unsupported target_type="%s" for %s (supported: %s)'
                             % (_utils.printable(target_type), self._backend, ", ".join(repr(t) for t in supported)))
        if self._backend == "NVRTC":
            if target_type == "ptx":
                _warn_if_driver_older()
            return self._compile_nvrtc(target_type, name_expressions, logs)
        if self._backend == "NVVM":
            return self._compile_nvvm(target_type, logs)
        result = self._linker.link(target_type)
        if logs is not None:
            log = self._linker.get_info_log() or ""
            if log:
                logs.write(log)
        return result

    def _compile_nvrtc(self, target_type: str, name_expressions: tuple, logs: Any) -> ObjectCode:
        """NVRTC's compile, and where a precompiled header was asked for (create_pch or pch), its outcome in
        ``pch_status``; a PCH heap too small is resized and the compile run again on a fresh program."""
        result = self._nvrtc_compile_and_extract(target_type, name_expressions, logs)
        self._pch_status = None
        if not (self._options.create_pch or self._options.pch) or not hasattr(nvrtc, "nvrtcGetPCHCreateStatus"):
            return result
        status = _pch_create_status(self._handle)
        if status is not None:
            self._pch_status = status
            return result
        required = check(nvrtc.nvrtcGetPCHHeapSizeRequired(self._handle))
        check(nvrtc.nvrtcSetPCHHeapSize(required))
        fresh = check(nvrtc.nvrtcCreateProgram(self._code, self._options.name.encode(), 0, [], []))
        old, self._handle = self._handle, fresh
        nvrtc.nvrtcDestroyProgram(old)
        result = self._nvrtc_compile_and_extract(target_type, name_expressions, logs)
        self._pch_status = _pch_create_status(self._handle) or "failed"
        return result

    def _nvrtc_compile_and_extract(self, target_type: str, name_expressions: tuple, logs: Any) -> ObjectCode:
        prog = self._handle
        exprs = [as_bytes(e, "name_expressions") for e in name_expressions]
        for e in exprs:
            _nvrtc_check(prog, nvrtc.nvrtcAddNameExpression(prog, e))
        options = self._options.as_bytes("nvrtc", target_type)
        if target_type == "ltoir" and self._options.link_time_optimization is None:
            options.append(b"--dlink-time-opt")  # without it NVRTC makes no LTO-IR (cuda.core's is empty)
        _nvrtc_check(prog, nvrtc.nvrtcCompileProgram(prog, len(options), options))
        log = _nvrtc_log(prog)
        if logs is not None and log:
            logs.write(log)
        getters = {"ptx": (nvrtc.nvrtcGetPTXSize, nvrtc.nvrtcGetPTX),
                   "cubin": (nvrtc.nvrtcGetCUBINSize, nvrtc.nvrtcGetCUBIN),
                   "ltoir": (nvrtc.nvrtcGetLTOIRSize, nvrtc.nvrtcGetLTOIR)}[target_type]
        data = bytearray(check(getters[0](prog)))
        check(getters[1](prog, data))
        data = bytes(data)  # PTX keeps its terminating NUL, as cuda.core's does
        mapping = {}  # expression as given -> mangled name as bytes (cuda.core's types)
        for given, e in zip(name_expressions, exprs):
            lowered = _nvrtc_check(prog, nvrtc.nvrtcGetLoweredName(prog, e))
            mapping[given] = lowered.encode() if isinstance(lowered, str) else lowered
        return ObjectCode._init(data, target_type, name=self._options.name, symbol_mapping=mapping)

    def _compile_nvvm(self, target_type: str, logs: Any) -> ObjectCode:
        prog = self._handle
        if self._options.use_libdevice:
            path = _libdevice_path()
            with open(path, "rb") as f:
                libdevice = f.read()
            nvvm.lazy_add_module_to_program(prog, libdevice, len(libdevice), None)
        options = self._options.as_bytes("nvvm", target_type)
        try:
            nvvm.verify_program(prog, len(options), options)
            nvvm.compile_program(prog, len(options), options)
        except nvvm.nvvmError as e:
            log = _nvvm_log(prog)
            if log:  # the same exception, its message followed by the program's log (as cuda.core does)
                e.args = ("%s\nNVVM program log: %s" % (e.args[0] if e.args else e, log),) + tuple(e.args[1:])
            raise
        log = _nvvm_log(prog)
        if logs is not None and log:
            logs.write(log)
        out = bytearray(nvvm.get_compiled_result_size(prog))
        nvvm.get_compiled_result(prog, out)
        return ObjectCode._init(bytes(out), target_type, name=self._options.name)


def _nvrtc_check(prog: Any, result: tuple) -> Any:
    """The outputs of an NVRTC call's result tuple, or NVRTCError with the program's log."""
    err = result[0]
    if err:
        _, desc = nvrtc.nvrtcGetErrorString(err)
        raise NVRTCError(err, err.name, (desc or b"").decode(errors="replace"), _nvrtc_log(prog))
    return result[1] if len(result) == 2 else result[1:] or None


def _pch_create_status(prog: Any) -> Optional[str]:
    """What became of the precompiled header NVRTC was asked for: "created", "not_attempted", "failed", or None
    where its heap was too small (then the compile is worth another try with a larger heap)."""
    try:
        status = nvrtc.nvrtcGetPCHCreateStatus(prog)[0]
    except RuntimeError as e:  # FunctionNotFoundError: a library older than the headers
        raise RuntimeError("PCH was requested but the runtime libnvrtc does not support PCH APIs. Update to CUDA "
                           "toolkit 12.8 or newer.") from e
    result = nvrtc.nvrtcResult
    if status == result.NVRTC_SUCCESS:
        return "created"
    if status == result.NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED:
        return None
    if status == result.NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED:
        return "not_attempted"
    return "failed"


def _warn_if_driver_older() -> None:
    """The RuntimeWarning cuda.core gives where the driver is older than NVRTC: the PTX NVRTC makes would not
    load. Silent where no driver can be asked (PTX is made without a GPU)."""
    try:
        driver_version = check(driver.cuDriverGetVersion())  # (needs no cuInit)
    except Exception:
        return
    major, minor = check(nvrtc.nvrtcVersion())
    if (driver_version // 1000, driver_version % 1000 // 10) < (major, minor):
        warnings.warn("The CUDA driver version is older than the backend version. The generated ptx will not be "
                      "loadable by the current driver.", RuntimeWarning, stacklevel=3)


def _nvrtc_log(prog: Any) -> str:
    log = bytearray(check(nvrtc.nvrtcGetProgramLogSize(prog)))
    if len(log) > 1:
        check(nvrtc.nvrtcGetProgramLog(prog, log))
    return bytes(log).rstrip(b"\0").decode(errors="replace")


def _nvvm_log(prog: Any) -> str:
    log = bytearray(nvvm.get_program_log_size(prog))
    if len(log) > 1:
        nvvm.get_program_log(prog, log)
    return bytes(log).rstrip(b"\0").decode(errors="replace")


def _libdevice_path() -> str:
    """libdevice.10.bc beside the NVVM library found (the nvidia-cuda-nvcc wheel or a toolkit)."""
    roots = [os.path.join(p, "nvidia", "cuda_nvcc", "nvvm") for p in sys.path if p]
    for var in ("CUDA_PATH", "CUDA_HOME"):
        if os.environ.get(var):
            roots.append(os.path.join(os.environ[var], "nvvm"))
    for root in roots:
        path = os.path.join(root, "libdevice", "libdevice.10.bc")
        if os.path.isfile(path):
            return path
    raise RuntimeError("use_libdevice: libdevice.10.bc not found (install nvidia-cuda-nvcc-cu12 or set CUDA_HOME)")
