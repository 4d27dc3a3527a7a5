"""make_program_cache_key: the key of a compile's result, derived from everything that decides the compiler's
output.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import hashlib
from typing import Any, Iterable, List, Optional, Union

from .. import nvjitlink, nvrtc, nvvm
from . import _utils
from ._linker import Linker
from ._program_options import ProgramOptions, default_arch
from ._utils import check

__all__ = ["make_program_cache_key"]

# What makes two compiles share a key is cuda.core's rule: the code, its type, the target type, the compiler's
# identity, and the options as they reach the compiler (so options spelled differently but emitted alike, such as
# debug=False and debug=None, share a key), the C++ name expressions, the program's name and extra_digest.

_KEY_SCHEMA = b"cudacffi-program-cache-key/2"
_CODE_TYPES = ("c++", "nvvm", "ptx")
_TARGET_TYPES = ("cubin", "ltoir", "ptx")
_TARGETS = {"c++": ("ptx", "cubin", "ltoir"), "ptx": ("cubin", "ptx"), "nvvm": ("ltoir", "ptx")}
_SIDE_EFFECTS = ("create_pch", "time", "fdevice_time_trace")  # a cache hit would skip what they write
_READS_FILES = ("include_path", "pre_include", "pch", "use_pch", "pch_dir")  # content the key cannot see
_DRIVER_LINKER_REFUSES = ("time", "ptxas_options", "split_compile")


def _compiler_versions(code_type: str) -> bytes:
    """What identifies the compiler that turns ``code_type`` into code, as bytes."""
    if code_type == "c++":
        return b"nvrtc %d.%d" % check(nvrtc.nvrtcVersion())
    if code_type == "nvvm":
        return b"nvvm %r ir %r" % (nvvm.version(), nvvm.ir_version())
    if Linker.which_backend() == "nvJitLink":
        version = getattr(nvjitlink, "version", None)  # CUDA 12.0-12.2 headers have no nvJitLinkVersion
        try:
            if version is not None:
                return b"nvJitLink %r" % (version(),)
        except RuntimeError:  # a library older than the headers
            pass
        return b"nvJitLink of CUDA %d" % nvjitlink.CUDA_VERSION  # the build's version stands in
    return b"driver %d" % check(_driver().cuDriverGetVersion())


def _driver() -> Any:
    return _utils.driver()


def _compiler_identity(code_type: str) -> bytes:
    """``_compiler_versions``, or where the compiler cannot be asked, a label naming the failure's class: the
    same broken setup gives the same key (the cache stays usable there) and never a working setup's key."""
    try:
        return b"ok:" + _compiler_versions(code_type)
    except Exception as e:
        return b"probe failed:" + type(e).__name__.encode()


def _is_set(options: ProgramOptions, name: str) -> bool:
    """Whether option ``name`` reaches the compiler: flags when true, include_path/pre_include when a str or a
    non-empty sequence, the others whenever not None."""
    value = getattr(options, name, None)
    if value is None:
        return False
    if name == "pch":
        return bool(value)
    if name in ("include_path", "pre_include"):
        if isinstance(value, str):
            return True
        return isinstance(value, collections.abc.Sequence) and len(value) > 0
    return True


def _linker_option_items(options: ProgramOptions) -> List[bytes]:
    """The ProgramOptions fields a PTX program hands the linker, each as the linker reads it."""
    driver = Linker.which_backend() == "driver"
    ptxas = options.ptxas_options
    if isinstance(ptxas, str):
        ptxas = ("-Xptxas=" + ptxas,)
    elif isinstance(ptxas, collections.abc.Sequence):
        ptxas = tuple("-Xptxas=%s" % s for s in ptxas) or None
    readings = (("name", options.name), ("arch", options.arch), ("max_register_count", options.max_register_count),
                ("time", options.time is not None), ("link_time_optimization", bool(options.link_time_optimization)),
                ("debug", bool(options.debug)), ("lineinfo", bool(options.lineinfo)),
                ("ftz", None if options.ftz is None else bool(options.ftz)),
                ("prec_div", None if options.prec_div is None else bool(options.prec_div)),
                ("prec_sqrt", None if options.prec_sqrt is None else bool(options.prec_sqrt)),
                ("fma", None if options.fma is None else bool(options.fma)),
                ("split_compile", options.split_compile), ("ptxas_options", ptxas),
                ("no_cache", options.no_cache is True))
    return [("%s=%s" % (name, "<driver-ignored>" if driver and name in ("ftz", "prec_div", "prec_sqrt", "fma")
                        else repr(value))).encode() for name, value in readings]


def _check_options(code_type: str, options: ProgramOptions, extra_digest: Optional[bytes]) -> None:
    """ValueError for options a key cannot stand for (as cuda.core refuses them)."""
    if code_type in ("c++", "ptx") and options.extra_sources is not None:
        raise ValueError("extra_sources is only valid for code_type='nvvm'; Program() rejects it for code_type=%r."
                         % code_type)
    if code_type == "c++":
        side_effects = [n for n in _SIDE_EFFECTS if _is_set(options, n)]
        if side_effects:
            raise ValueError("make_program_cache_key() refuses to build a key for options that have compile-time "
                             "side effects (%s); a cache hit skips compilation, so the side effect would not occur. "
                             "Disable the option, or compile directly without the cache." % ", ".join(side_effects))
        if extra_digest is None:
            reads = [n for n in _READS_FILES if _is_set(options, n)]
            if reads:
                raise ValueError("make_program_cache_key() refuses to build a key for options that pull in "
                                 "external file content (%s) without an extra_digest; compute a digest over the "
                                 "header/PCH bytes the compile will read and pass it as extra_digest=..."
                                 % ", ".join(reads))
            name = options.name
            if isinstance(name, str) and ("/" in name or "\\" in name):
                raise ValueError("make_program_cache_key() refuses to build a key for options.name=%r (NVRTC "
                                 "source-filename with a directory component) without an extra_digest; NVRTC "
                                 "resolves quoted #include directives relative to that directory, so a digest "
                                 "covering the headers it may pull in must be supplied." % (name,))
    elif code_type == "ptx" and Linker.which_backend() == "driver":
        refused = [n for n in _DRIVER_LINKER_REFUSES if getattr(options, n, None) is not None]
        if refused:
            raise ValueError("the cuLink driver linker does not support these options: %s; Program.compile() "
                             "would reject this configuration before producing an ObjectCode." % ", ".join(refused))
    elif extra_digest is None and options.use_libdevice:
        raise ValueError("make_program_cache_key() refuses to build an NVVM key with use_libdevice=True and no "
                         "extra_digest: the linked libdevice bitcode can change out from under a cached "
                         "ObjectCode. Pass an extra_digest that fingerprints the libdevice file you intend to link "
                         "against, or disable use_libdevice.")


def _code_bytes(code: Any, code_type: str) -> bytes:
    if isinstance(code, str):
        return _utils.encode_text(code, "code")
    if isinstance(code, (bytes, bytearray)):
        if code_type != "nvvm":
            raise TypeError("code must be str for code_type=%r; bytes/bytearray are only accepted for "
                            "code_type='nvvm'." % code_type)
        return bytes(code)
    raise TypeError("code must be str or bytes, got %s" % type(code).__name__)


def _name_tags(name_expressions: Any) -> List[bytes]:
    """C++ name expressions, sorted, each tagged with its type: ``"f"`` and ``b"f"`` are different keys. A bare
    str or bytes is refused (its characters would be taken as the expressions)."""
    if isinstance(name_expressions, (str, bytes)):
        raise TypeError("name_expressions must be a sequence of str or bytes, not a single %s"
                        % type(name_expressions).__name__)
    try:
        name_expressions = list(name_expressions)
    except TypeError:
        raise TypeError("name_expressions must be a sequence of str or bytes, not %s"
                        % type(name_expressions).__name__) from None
    out = []
    for e in name_expressions:
        if isinstance(e, bytes):
            out.append(b"b:" + e)
        elif isinstance(e, str):
            out.append(b"s:" + _utils.encode_text(e, "name_expressions"))
        elif isinstance(e, bytearray):
            raise TypeError("name_expressions elements must be str or bytes; bytearray is not accepted because "
                            "Program.compile uses each element as a dict key and bytearray is unhashable.")
        else:
            raise TypeError("name_expressions elements must be str or bytes; got %s" % type(e).__name__)
    return sorted(out)


def make_program_cache_key(*, code: Union[str, bytes, bytearray], code_type: str, options: ProgramOptions,
                           target_type: str, name_expressions: Iterable[Union[str, bytes]] = (),
                           extra_digest: Optional[Union[bytes, bytearray, memoryview]] = None) -> bytes:
    """A key (32 bytes) for the result of compiling ``code`` (``code_type`` "c++" or "ptx": a str; "nvvm": str
    or bytes) with ``options`` (a ProgramOptions) to ``target_type``, as cuda.core makes it.

    Two compiles share a key where the code, code and target types, the compiler's version, the options as they
    reach the compiler, the program's name, the C++ ``name_expressions`` (order does not matter; ``"f"`` and
    ``b"f"`` differ; other code types ignore them) and ``extra_digest`` (bytes mixed in) are the same.
    ``options.arch`` None means the current device's, as in ``Program.compile``.

    ValueError: options whose effect a cache hit would skip (create_pch, time, fdevice_time_trace, for C++);
    options that make the compiler read files the key cannot see, without ``extra_digest`` (include_path,
    pre_include, pch, use_pch, pch_dir or a name with a directory for C++; use_libdevice for NVVM);
    extra_sources outside NVVM; options the driver's linker refuses (PTX where no nvJitLink is found)."""
    if not isinstance(options, ProgramOptions):
        raise TypeError("options must be a ProgramOptions, not %s" % type(options).__name__)
    code_type = code_type.lower() if isinstance(code_type, str) else code_type
    target_type = target_type.lower() if isinstance(target_type, str) else target_type
    if not isinstance(code_type, str) or code_type not in _CODE_TYPES:
        raise ValueError("code_type %r is not a valid SourceCodeType. Must be 'c++', 'nvvm' or 'ptx'" % (code_type,))
    if not isinstance(target_type, str) or target_type not in _TARGET_TYPES:
        raise ValueError("target_type=%r is not supported by the program cache (must be 'cubin', 'ltoir' or 'ptx')"
                         % (target_type,))
    if target_type not in _TARGETS[code_type]:
        raise ValueError("target_type=%r is not valid for code_type=%r (supported: %r). Program.compile() rejects "
                         "this combination, so caching a key for it is meaningless."
                         % (target_type, code_type, sorted(_TARGETS[code_type])))
    if extra_digest is not None:
        if not isinstance(extra_digest, (bytes, bytearray, memoryview)):
            raise TypeError("extra_digest must be bytes or None, not %s" % type(extra_digest).__name__)
        extra_digest = bytes(extra_digest)
    _check_options(code_type, options, extra_digest)
    code = _code_bytes(code, code_type)
    if options.arch is None:
        options = dataclasses.replace(options, arch=default_arch())
    if code_type == "c++":
        option_bytes = options.as_bytes("nvrtc", target_type)
    elif code_type == "nvvm":
        option_bytes = options.as_bytes("nvvm", target_type)
    else:
        option_bytes = _linker_option_items(options)
    h = hashlib.sha256()

    def update(label: bytes, payload: bytes) -> None:
        h.update(label + b"\0" + len(payload).to_bytes(8, "little") + payload)

    update(b"schema", _KEY_SCHEMA)
    update(b"compiler", _compiler_identity(code_type))
    update(b"code_type", code_type.encode())
    update(b"target_type", target_type.encode())
    update(b"code", code)
    update(b"option_count", b"%d" % len(option_bytes))
    for opt in option_bytes:
        update(b"option", bytes(opt))
    if code_type == "c++":
        tags = _name_tags(name_expressions)
        update(b"names_count", b"%d" % len(tags))
        for tag in tags:
            update(b"name", tag)
    if code_type == "nvvm":
        for name, source in options.extra_sources or ():
            update(b"extra_source_name", str(name).encode("utf-8"))
            update(b"extra_source_code", source.encode("utf-8") if isinstance(source, str) else bytes(source))
        if options.use_libdevice:
            update(b"use_libdevice", b"1")
    if options.name is not None:
        update(b"options_name", str(options.name).encode("utf-8"))
    if extra_digest is not None:
        update(b"extra_digest", extra_digest)
    return h.digest()
