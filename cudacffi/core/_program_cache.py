"""A Program's compile through a program cache (``Program.compile(..., cache=...)``), and the one place the cache
classes and ``make_program_cache_key`` are imported from (``cudacffi.core.utils`` makes them public).

The layers of the caches, bottom to top: ``_cache_key`` (the keys), ``_cache_resource`` (the base and the cache in
memory), ``_file_cache`` (the cache in a directory), this module.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Dict, Iterable, Optional, Union

from ._cache_key import make_program_cache_key
from ._cache_resource import InMemoryProgramCache, ProgramCacheResource
from ._file_cache import FileStreamProgramCache, default_cache_dir
from ._module import ObjectCode

if TYPE_CHECKING:
    from ._program import Program

__all__ = ["FileStreamProgramCache", "InMemoryProgramCache", "ProgramCacheResource", "compile_with_cache",
           "default_cache_dir", "make_program_cache_key"]


def compile_with_cache(program: Program, cache: ProgramCacheResource, code: Union[str, bytes], target_type: str,
                       name_expressions: Iterable[Union[str, bytes]] = (), logs: Any = None) -> ObjectCode:
    """``program.compile(target_type, name_expressions, logs)`` through ``cache``: on a hit an ObjectCode of
    the stored bytes (``logs`` receives nothing), on a miss the compiled one, stored. With ``name_expressions``
    (where cuda.core raises ValueError) their mangled names are stored too, as an entry of their own
    (``_symbols_key``), so that ``get_kernel("f<float>")`` works on a hit; a hit whose names entry was evicted
    counts as a miss. ``code`` is the program's source as given to Program (the key needs it)."""
    if not isinstance(cache, ProgramCacheResource):
        raise TypeError("cache must be an instance of cudacffi.core.utils.ProgramCacheResource; got %s"
                        % type(cache).__name__)
    target_type = str(target_type).lower()
    options = program._options
    name_expressions = tuple(name_expressions)
    key = make_program_cache_key(code=code, code_type=program._code_type, options=options, target_type=target_type,
                                 name_expressions=name_expressions)
    data = cache.get(key)
    mapping = _load_symbols(cache.get(_symbols_key(key))) if name_expressions else {}
    if data is not None and mapping is not None:
        program._cache_hit(target_type)
        return ObjectCode._init(data, target_type, name=options.name, symbol_mapping=mapping)
    result = program.compile(target_type, name_expressions, logs)
    cache[key] = result
    if name_expressions:
        cache[_symbols_key(key)] = _dump_symbols(result._sym_map)
    return result


def _symbols_key(key: bytes) -> bytes:
    """The key under which the name-expression mapping of the entry ``key`` is kept."""
    return bytes(key) + b"#symbols"


def _dump_symbols(mapping: Dict[Any, Any]) -> bytes:
    """A name-expression mapping as bytes: [[expression, given as bytes?, mangled name, mangled as bytes?], ...]
    in JSON (the mangled names are bytes as NVRTC gives them; None where it gave none)."""
    def text(v: Any) -> Any:
        return v.decode() if isinstance(v, bytes) else v

    return json.dumps([[text(k), isinstance(k, bytes), text(v), isinstance(v, bytes)]
                       for k, v in mapping.items()]).encode()


def _load_symbols(raw: Optional[bytes]) -> Optional[Dict[Any, Any]]:
    """The mapping ``_dump_symbols`` made, or None for an absent or unreadable entry (then: a miss)."""
    if raw is None:
        return None
    try:
        return {(k.encode() if k_bytes else k): (v.encode() if v_bytes else v)
                for k, k_bytes, v, v_bytes in json.loads(bytes(raw).decode())}
    except (ValueError, TypeError):
        return None
