"""Program and ProgramOptions: C++ through NVRTC, PTX through the linker, NVVM IR through NVVM.

The option spellings are cuda.core 1.2.2's (``ProgramOptions.as_bytes``), field by field, in its order.
Differences, all deliberate: ``arch`` left out is the current device's when the options are made, as in
cuda.core, but where no device can be asked it stays None (options can be made with no GPU) and the compile
asks again; compiling to "ltoir" with NVRTC adds ``--dlink-time-opt`` where ``link_time_optimization`` was
left unset (without it NVRTC makes no LTO-IR).
"""

import collections.abc
import warnings
from dataclasses import dataclass
from typing import Optional, Union

from . import _release, _utils
from ._linker import Linker, LinkerOptions
from ._module import ObjectCode
from ._utils import CUDAError, NVRTCError, as_bytes, check
from .typing import CompilerBackendType, ObjectCodeFormatType, PCHStatusType

_Strs = Union[str, list, tuple, None]


@dataclass
class ProgramOptions:
    """NVRTC's options as fields (cuda.core 1.2.2's names and defaults); None leaves an option out."""

    name: Optional[str] = "default_program"
    arch: Optional[str] = None
    relocatable_device_code: Optional[bool] = None
    extensible_whole_program: Optional[bool] = None
    debug: Optional[bool] = None
    lineinfo: Optional[bool] = None
    device_code_optimize: Optional[bool] = None
    ptxas_options: _Strs = None
    max_register_count: Optional[int] = None
    ftz: Optional[bool] = None
    prec_sqrt: Optional[bool] = None
    prec_div: Optional[bool] = None
    fma: Optional[bool] = None
    use_fast_math: Optional[bool] = None
    extra_device_vectorization: Optional[bool] = None
    link_time_optimization: Optional[bool] = None
    gen_opt_lto: Optional[bool] = None
    define_macro: Union[str, tuple, list, None] = None
    undefine_macro: _Strs = None
    include_path: _Strs = None
    use_bundled_headers: Optional[bool] = None
    pre_include: _Strs = None
    no_source_include: Optional[bool] = None
    std: Optional[str] = None
    builtin_move_forward: Optional[bool] = None
    builtin_initializer_list: Optional[bool] = None
    disable_warnings: Optional[bool] = None
    restrict: Optional[bool] = None
    device_as_default_execution_space: Optional[bool] = None
    device_int128: Optional[bool] = None
    optimization_info: Optional[str] = None
    no_display_error_number: Optional[bool] = None
    diag_error: Union[int, list, tuple, None] = None
    diag_suppress: Union[int, list, tuple, None] = None
    diag_warn: Union[int, list, tuple, None] = None
    brief_diagnostics: Optional[bool] = None
    time: Optional[str] = None
    split_compile: Optional[int] = None
    fdevice_syntax_only: Optional[bool] = None
    minimal: Optional[bool] = None
    no_cache: Optional[bool] = None
    fdevice_time_trace: Optional[str] = None
    device_float128: Optional[bool] = None
    frandom_seed: Optional[str] = None
    ofast_compile: Optional[str] = None
    pch: Optional[bool] = None
    create_pch: Optional[str] = None
    use_pch: Optional[str] = None
    pch_dir: Optional[str] = None
    pch_verbose: Optional[bool] = None
    pch_messages: Optional[bool] = None
    instantiate_templates_in_pch: Optional[bool] = None
    extra_sources: Union[list, tuple, None] = None
    use_libdevice: Optional[bool] = None
    numba_debug: Optional[bool] = None

    def __post_init__(self):
        if self.name is None:
            self.name = "default_program"
        # a str UTF-8 encodes, as cuda.core takes it (it fails on anything else with AttributeError, and on a lone
        # surrogate with UnicodeEncodeError, here)
        _utils.require_str(self.name, "ProgramOptions.name")
        if self.arch is None:
            self.arch = _current_arch()
        if self.use_bundled_headers:
            _check_bundled_headers()
        if self.extra_sources is not None:
            _check_extra_sources(self.extra_sources)

    def __repr__(self):
        return "ProgramOptions(name=%r, arch=%r)" % (self.name, self.arch)

    def as_bytes(self, backend, target_type=None):
        """The command-line options for ``backend`` ("nvrtc" or "nvvm"), as a list of bytes."""
        backend = str(backend).lower()
        if backend == "nvrtc":
            return _encoded(_nvrtc_option_items(self, target_type))
        if backend == "nvvm":
            return _encoded(_nvvm_option_items(self, target_type))
        raise ValueError("Unknown backend %s. Must be one of: 'nvrtc', 'nvvm'" % _utils.printable(repr(backend)))


def _encoded(items):
    """The options' text as bytes; a lone surrogate raises UnicodeEncodeError naming the option."""
    return [_utils.encode_option(text, "ProgramOptions." + name) for name, text in items]


def _check_bundled_headers():
    """use_bundled_headers needs NVRTC 13.3 (its --use-bundled-headers=<dir>), which this project does not drive yet."""
    from .. import nvrtc

    major, minor = check(nvrtc.nvrtcVersion())
    if (major, minor) < (13, 3):
        raise RuntimeError("use_bundled_headers requires NVRTC >= 13.3, but found %d.%d. Upgrade the CUDA Toolkit / "
                           "driver providing libnvrtc, or set use_bundled_headers=False and supply include_path "
                           "manually." % (major, minor))
    raise NotImplementedError("use_bundled_headers is not supported by cudacffi.core yet: pass include_path instead")


def _check_extra_sources(extra_sources):
    """extra_sources as cuda.core checks it: a sequence of (name: str, source: non-empty str/bytes) pairs."""
    if not isinstance(extra_sources, collections.abc.Sequence) or isinstance(extra_sources, (str, bytes)):
        raise TypeError("extra_sources must be a sequence of 2-tuples: ((name1, source1), (name2, source2), ...)")
    for i, module in enumerate(extra_sources):
        if not isinstance(module, tuple) or len(module) != 2:
            raise TypeError("Each extra module must be a 2-tuple (name, source), got %s at index %d"
                            % (type(module).__name__, i))
        name, source = module
        if not isinstance(name, str):
            raise TypeError("Module name at index %d must be a string, got %s" % (i, type(name).__name__))
        if not isinstance(source, (str, bytes, bytearray)):
            raise TypeError("Module source at index %d must be str (textual LLVM IR), bytes (textual LLVM IR or "
                            "bitcode), or bytearray, got %s" % (i, type(source).__name__))
        if len(source) == 0:
            raise ValueError("Module source for %r (index %d) cannot be empty" % (name, i))


def _default_arch():
    from ._device import Device

    return "sm_" + Device().arch


def _current_arch():
    """The current device's "sm_XY", which ProgramOptions takes for an arch left out, as cuda.core's do; None
    where no device can be asked (options are then made without a GPU, and the compile asks again)."""
    try:
        return _default_arch()
    except RuntimeError:  # no driver (LibraryNotFoundError), no device (CUDAError), a forked child
        return None


def _seq(value):
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _tf(value):
    return "true" if value else "false"


# field -> how NVRTC spells it. A str: "--flag" (given when True); ("=", "--flag"): "--flag=true|false";
# ("v", "--flag"): "--flag=<value>"; ("each", "--flag"): "--flag=<item>" per item.
_NVRTC = {
    "relocatable_device_code": ("=", "--relocatable-device-code"),
    "extensible_whole_program": "--extensible-whole-program",
    "debug": "--device-debug",
    "lineinfo": "--generate-line-info",
    "device_code_optimize": "--dopt=on",
    "ptxas_options": ("each", "--ptxas-options"),
    "max_register_count": ("v", "--maxrregcount"),
    "ftz": ("=", "--ftz"),
    "prec_sqrt": ("=", "--prec-sqrt"),
    "prec_div": ("=", "--prec-div"),
    "fma": ("=", "--fmad"),
    "use_fast_math": "--use_fast_math",
    "extra_device_vectorization": "--extra-device-vectorization",
    "link_time_optimization": "--dlink-time-opt",
    "gen_opt_lto": "--gen-opt-lto",
    "define_macro": ("macro", "--define-macro"),
    "undefine_macro": ("each", "--undefine-macro"),
    "include_path": ("each", "--include-path"),
    "pre_include": ("each", "--pre-include"),
    "no_source_include": "--no-source-include",
    "std": ("v", "--std"),
    "builtin_move_forward": ("=", "--builtin-move-forward"),
    "builtin_initializer_list": ("=", "--builtin-initializer-list"),
    "disable_warnings": "--disable-warnings",
    "restrict": "--restrict",
    "device_as_default_execution_space": "--device-as-default-execution-space",
    "device_int128": "--device-int128",
    "optimization_info": ("v", "--optimization-info"),
    "no_display_error_number": "--no-display-error-number",
    "diag_error": ("each", "--diag-error"),
    "diag_suppress": ("each", "--diag-suppress"),
    "diag_warn": ("each", "--diag-warn"),
    "brief_diagnostics": ("=", "--brief-diagnostics"),
    "time": ("v", "--time"),
    "split_compile": ("v", "--split-compile"),
    "fdevice_syntax_only": "--fdevice-syntax-only",
    "minimal": "--minimal",
    "no_cache": "--no-cache",
    "fdevice_time_trace": ("v", "--fdevice-time-trace"),
    "device_float128": "--device-float128",
    "frandom_seed": ("v", "--frandom-seed"),
    "ofast_compile": ("v", "--Ofast-compile"),
    "pch": "--pch",
    "create_pch": ("v", "--create-pch"),
    "use_pch": ("v", "--use-pch"),
    "pch_dir": ("v", "--pch-dir"),
    "pch_verbose": ("=", "--pch-verbose"),
    "pch_messages": ("=", "--pch-messages"),
    "instantiate_templates_in_pch": ("=", "--instantiate-templates-in-pch"),
    "numba_debug": "--numba-debug",
}


def _spell(spelling, value):
    if isinstance(spelling, str):
        return [spelling] if value else []
    how, flag = spelling
    if how == "=":
        return ["%s=%s" % (flag, _tf(value))]
    if how == "v":
        return ["%s=%s" % (flag, value)]
    if how == "each":
        return ["%s=%s" % (flag, v) for v in _seq(value)]
    return _define_macro(flag, value)


_MACRO = "Union[str, tuple[str, str]]"


def _one_macro(flag, macro):
    """``--define-macro=NAME`` or ``=NAME=VALUE`` for a str or a (name, value) tuple; None for anything else."""
    if isinstance(macro, str):
        return "%s=%s" % (flag, macro)
    if isinstance(macro, tuple):
        if len(macro) != 2 or not all(isinstance(v, str) for v in macro):
            raise RuntimeError("Expected define_macro tuple[str, str], got %s" % (macro,))
        return "%s=%s=%s" % (flag, macro[0], macro[1])
    return None


def _define_macro(flag, value):
    """define_macro as cuda.core reads it: a str, a (name, value) tuple, or a list or tuple of those."""
    one = _one_macro(flag, value)
    if one is not None:
        return [one]
    seq = collections.abc.Sequence
    if isinstance(value, seq) and any(isinstance(v, seq) for v in value):
        out = []
        for item in value:
            one = _one_macro(flag, item)
            if one is None:
                raise RuntimeError("Expected define_macro %s, got %s" % (_MACRO, item))
            out.append(one)
        return out
    raise RuntimeError("Expected define_macro %s, list[%s], got %s" % (_MACRO, _MACRO, value))


def _nvrtc_option_items(opts, target_type=None):
    """(field, option text) of each NVRTC option, in cuda.core's order."""
    arch = opts.arch or _default_arch()
    out = [("arch", "-arch=%s" % (arch,))]
    for name in _NVRTC_ORDER:
        value = getattr(opts, name)
        if value is not None:
            out.extend((name, text) for text in _spell(_NVRTC[name], value))
    return out


# the order cuda.core emits NVRTC's options in (the fields' order, but for device_float128)
_NVRTC_ORDER = [f for f in _NVRTC if f != "device_float128"]
_NVRTC_ORDER.insert(_NVRTC_ORDER.index("device_int128") + 1, "device_float128")


# Fields NVVM refuses (cuda.core's list): those refused whenever set (not None), and those refused when true.
_NVVM_REFUSED_SET = ("relocatable_device_code", "ptxas_options", "max_register_count", "define_macro",
                     "undefine_macro", "include_path", "pre_include", "std", "builtin_move_forward",
                     "builtin_initializer_list", "optimization_info", "diag_error", "diag_suppress", "diag_warn",
                     "brief_diagnostics", "time", "split_compile")
_NVVM_REFUSED_TRUE = ("extensible_whole_program", "lineinfo", "use_fast_math", "extra_device_vectorization",
                      "gen_opt_lto", "no_source_include", "disable_warnings", "restrict",
                      "device_as_default_execution_space", "device_int128", "no_display_error_number",
                      "fdevice_syntax_only", "minimal")
_NVVM_REFUSED = {name: i for i, name in enumerate(
    ("relocatable_device_code", "extensible_whole_program", "lineinfo", "ptxas_options", "max_register_count",
     "use_fast_math", "extra_device_vectorization", "gen_opt_lto", "define_macro", "undefine_macro", "include_path",
     "pre_include", "no_source_include", "std", "builtin_move_forward", "builtin_initializer_list",
     "disable_warnings", "restrict", "device_as_default_execution_space", "device_int128", "optimization_info",
     "no_display_error_number", "diag_error", "diag_suppress", "diag_warn", "brief_diagnostics", "time",
     "split_compile", "fdevice_syntax_only", "minimal"))}  # cuda.core's order, for its message


def _cuda_error(message):
    """A CUDAError that is a message, not a CUDA status (cuda.core raises CUDAError for options NVVM refuses)."""
    error = CUDAError.__new__(CUDAError)
    RuntimeError.__init__(error, message)
    error.result = error.name = None
    error.description = message
    return error


def _nvvm_option_items(opts, target_type=None):
    """(field, option text) of each NVVM option; CUDAError, as cuda.core's, for the options NVVM refuses."""
    return [("arch" if text.startswith("-arch=") else "options", text) for text in _nvvm_options(opts, target_type)]


def _nvvm_options(opts, target_type=None):
    arch = opts.arch or _default_arch()
    if not isinstance(arch, str):  # (cuda.core fails on it with AttributeError, reading its prefix)
        raise _utils.ArgumentTypeError("ProgramOptions.arch must be a str such as 'sm_80' or 'compute_80', not %s"
                                       % type(arch).__name__)
    if arch.startswith("sm_"):
        arch = "compute_" + arch[3:]
    out = ["-arch=%s" % arch]
    if opts.debug:
        out.append("-g")
    if opts.numba_debug:
        out.append("-numba-debug")
    if opts.device_code_optimize is False:
        out.append("-opt=0")
    elif opts.device_code_optimize is True:
        out.append("-opt=3")
    for name in ("ftz", "prec_sqrt", "prec_div", "fma"):
        value = getattr(opts, name)
        if value is not None:
            out.append("-%s=%d" % (name.replace("_", "-"), 1 if value else 0))
    refused = [n for n in _NVVM_REFUSED_SET if getattr(opts, n) is not None]
    refused += [n for n in _NVVM_REFUSED_TRUE if getattr(opts, n)]
    if refused:
        raise _cuda_error("The following options are not supported by NVVM backend: %s"
                          % ", ".join(sorted(refused, key=_NVVM_REFUSED.get)))
    if target_type == "ltoir":
        out.append("-gen-lto")
    return out


# backend -> the target types it compiles to (cuda.core's table, in its order)
_F = ObjectCodeFormatType
_BACKEND_TARGETS = {"NVRTC": (_F.PTX, _F.CUBIN, _F.LTOIR), "NVVM": (_F.PTX, _F.LTOIR), "nvJitLink": (_F.CUBIN, _F.PTX),
                    "driver": (_F.CUBIN, _F.PTX)}
_CODE_TYPES = ("c++", "ptx", "nvvm")


class Program:
    """A program to compile: ``Program(code, code_type, options)`` with code_type "c++", "ptx" or "nvvm"."""

    def __init__(self, code, code_type, options=None):
        self._handle = None  # NVRTC's nvrtcProgram or NVVM's int; None once closed (and for PTX)
        self._destroy = None  # the function destroying it, taken where it is made: close() then imports nothing
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
            from .. import nvrtc

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
            from .. import nvvm

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

    def _linker_options(self):
        o = self._options
        return LinkerOptions(name=o.name, arch=o.arch, max_register_count=o.max_register_count, time=bool(o.time)
                             or None, debug=o.debug, lineinfo=o.lineinfo, ftz=o.ftz, prec_div=o.prec_div,
                             prec_sqrt=o.prec_sqrt, fma=o.fma, link_time_optimization=o.link_time_optimization,
                             split_compile=o.split_compile, ptxas_options=o.ptxas_options, no_cache=o.no_cache)

    @property
    def backend(self):
        """The CompilerBackendType: "NVRTC", "NVVM", "nvJitLink" or "driver" (a str enum)."""
        return self._backend

    @property
    def handle(self):
        """NVRTC's ``nvrtcProgram``, NVVM's program (an int) or the linker's handle (PTX); one whose value is 0
        once the program is closed."""
        if self._linker is not None:
            return self._linker.handle
        if self._handle is not None:
            return self._handle
        if self._backend == "NVRTC":
            from .. import nvrtc

            return nvrtc.nvrtcProgram(0)
        return 0

    @property
    def is_closed(self):
        """Whether this program has been closed."""
        if self._linker is not None:
            return self._linker.is_closed
        return self._handle is None

    @property
    def pch_status(self):
        """The PCHStatusType of the last compile ("created", "not_attempted" or "failed") where it asked for a
        precompiled header (create_pch or pch) of NVRTC; None otherwise."""
        return None if self._pch_status is None else PCHStatusType(self._pch_status)

    def close(self):
        """Destroy the program (idempotent)."""
        if self._linker is not None:
            self._linker.close()
        if self._handle is not None:
            handle, self._handle = self._handle, None
            self._destroy(handle)

    def __del__(self, _defer=_release.defer):  # a finalizer only queues (see _release); its Linker has its own
        handle = getattr(self, "_handle", None)
        if handle is not None:
            self._handle = None
            _defer(self._destroy, handle)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        return "<Program backend='%s'>" % (self._backend,)

    def compile(self, target_type, name_expressions=(), logs=None, *, cache=None):
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
        from ._program_cache import compile_with_cache

        code = self._code if self._code_type == "nvvm" else self._code.decode("utf-8")
        return compile_with_cache(self, cache, code, target_type, name_expressions, logs)

    def _cache_hit(self, target_type):
        """What a compile served from a cache still does: warn where the driver could not load NVRTC's PTX."""
        if self._backend == "NVRTC" and target_type == "ptx":
            _warn_if_driver_older()

    def _compile(self, target_type, name_expressions, logs):
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

    def _compile_nvrtc(self, target_type, name_expressions, logs):
        """NVRTC's compile, and where a precompiled header was asked for (create_pch or pch), its outcome in
        ``pch_status``; a PCH heap too small is resized and the compile run again on a fresh program."""
        from .. import nvrtc

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

    def _nvrtc_compile_and_extract(self, target_type, name_expressions, logs):
        from .. import nvrtc

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

    def _compile_nvvm(self, target_type, logs):
        from .. import nvvm

        prog = self._handle
        if self._options.use_libdevice:
            path = _libdevice_path()
            with open(path, "rb") as f:
                lib = f.read()
            nvvm.lazy_add_module_to_program(prog, lib, len(lib), None)
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


def _nvrtc_check(prog, result):
    """The outputs of an NVRTC call's result tuple, or NVRTCError with the program's log."""
    err = result[0]
    if err:
        from .. import nvrtc

        _, desc = nvrtc.nvrtcGetErrorString(err)
        raise NVRTCError(err, err.name, (desc or b"").decode(errors="replace"), _nvrtc_log(prog))
    return result[1] if len(result) == 2 else result[1:] or None


def _pch_create_status(prog):
    """What became of the precompiled header NVRTC was asked for: "created", "not_attempted", "failed", or None
    where its heap was too small (then the compile is worth another try with a larger heap)."""
    from .. import nvrtc

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


def _warn_if_driver_older():
    """The RuntimeWarning cuda.core gives where the driver is older than NVRTC: the PTX NVRTC makes would not
    load. Silent where no driver can be asked (PTX is made without a GPU)."""
    from .. import nvrtc

    try:
        from .. import driver as drv  # cuDriverGetVersion needs no cuInit

        driver_version = check(drv.cuDriverGetVersion())
    except Exception:
        return
    major, minor = check(nvrtc.nvrtcVersion())
    if (driver_version // 1000, driver_version % 1000 // 10) < (major, minor):
        warnings.warn("The CUDA driver version is older than the backend version. The generated ptx will not be "
                      "loadable by the current driver.", RuntimeWarning, stacklevel=3)


def _nvrtc_log(prog):
    from .. import nvrtc

    log = bytearray(check(nvrtc.nvrtcGetProgramLogSize(prog)))
    if len(log) > 1:
        check(nvrtc.nvrtcGetProgramLog(prog, log))
    return bytes(log).rstrip(b"\0").decode(errors="replace")


def _nvvm_log(prog):
    from .. import nvvm

    log = bytearray(nvvm.get_program_log_size(prog))
    if len(log) > 1:
        nvvm.get_program_log(prog, log)
    return bytes(log).rstrip(b"\0").decode(errors="replace")


def _libdevice_path():
    """libdevice.10.bc beside the NVVM library found (the nvidia-cuda-nvcc wheel or a toolkit)."""
    import os
    import sys

    roots = [os.path.join(p, "nvidia", "cuda_nvcc", "nvvm") for p in sys.path if p]
    for var in ("CUDA_PATH", "CUDA_HOME"):
        if os.environ.get(var):
            roots.append(os.path.join(os.environ[var], "nvvm"))
    for root in roots:
        path = os.path.join(root, "libdevice", "libdevice.10.bc")
        if os.path.isfile(path):
            return path
    raise RuntimeError("use_libdevice: libdevice.10.bc not found (install nvidia-cuda-nvcc-cu12 or set CUDA_HOME)")
