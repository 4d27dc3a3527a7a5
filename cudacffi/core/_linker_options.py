"""LinkerOptions: the linkers' options as fields, and how nvJitLink and the driver's cuLink spell each of them.

Option spellings are cuda.core 1.2.2's (``LinkerOptions.as_bytes``). Deliberate difference: ``time`` and
``optimize_unused_variables`` emit their flag only when True (cuda.core emits it for False too).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import List, Optional, Union

from . import _context, _utils

__all__ = ["LinkerOptions"]

_Strs = Union[str, list, tuple, None]


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

    def __post_init__(self) -> None:
        # the name is taken as cuda.core takes it: a str UTF-8 encodes (cuda.core fails on anything else with
        # AttributeError, and on a lone surrogate with UnicodeEncodeError, when the options are made)
        _utils.require_str(self.name, "LinkerOptions.name")
        if self.numba_debug is not None:
            warnings.warn("numba_debug is not supported by any linking backend and is ignored. "
                          "LinkerOptions.numba_debug is deprecated and will be removed in cuda.core 2.0.0; use "
                          "ProgramOptions.numba_debug on an NVVM or NVRTC compilation path instead.",
                          DeprecationWarning, stacklevel=3)

    def as_bytes(self, backend: str = "nvjitlink") -> List[bytes]:
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
    if arch is None:  # the current device's
        arch = "sm_%d%d" % tuple(_context.compute_capability(_context.current_device_id()))
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
