"""ProgramOptions: the compilers' options as fields, and how NVRTC and NVVM spell each of them.

The option spellings are cuda.core 1.2.2's (``ProgramOptions.as_bytes``), field by field, in its order.
Differences, all deliberate: ``arch`` left out is the current device's when the options are made, as in
cuda.core, but where no device can be asked it stays None (options can be made with no GPU) and the compile
asks again. This module knows no compiler beyond asking NVRTC's version (``use_bundled_headers``); ``_program``
compiles.
"""

from __future__ import annotations

import collections.abc
from dataclasses import dataclass
from typing import List, Optional, Union

from .. import nvrtc
from . import _context, _utils
from ._utils import CUDAError, check

__all__ = ["ProgramOptions"]

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

    def __post_init__(self) -> None:
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

    def __repr__(self) -> str:
        return "ProgramOptions(name=%r, arch=%r)" % (self.name, self.arch)

    def as_bytes(self, backend: str, target_type: Optional[str] = None) -> List[bytes]:
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


def default_arch() -> str:
    """The current device's "sm_XY" (the current context's device; device 0 where no context is current)."""
    return "sm_%d%d" % tuple(_context.compute_capability(_context.current_device_id()))


def _current_arch():
    """The current device's "sm_XY", which ProgramOptions takes for an arch left out, as cuda.core's do; None
    where no device can be asked (options are then made without a GPU, and the compile asks again)."""
    try:
        return default_arch()
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
    arch = opts.arch or default_arch()
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
    arch = opts.arch or default_arch()
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
