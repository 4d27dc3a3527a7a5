"""cudacffi's code generator: CUDA headers -> API model -> lowering -> C stubs, Python layer, .pyi stubs."""

# The generator's version, written into every generated file beside its content hash: bump it when the
# generated code changes for a reason other than the headers or the overrides.
__version__ = "3"

# The family specs: cudacffi/_families.py, the one table of families (both halves of each: the library the
# loader finds and what its headers hold), read by path as build_cffi.py does, so codegen never imports the
# package it generates. Loaded once per process, as the module ``_cudacffi_families``.
import importlib.util as _importlib_util  # noqa: E402
import os as _os  # noqa: E402
import sys as _sys  # noqa: E402


def _family_specs():
    name = "_cudacffi_families"
    module = _sys.modules.get(name)
    if module is None:
        path = _os.path.join(_os.path.dirname(_os.path.dirname(_os.path.abspath(__file__))), "cudacffi", "_families.py")
        spec = _importlib_util.spec_from_file_location(name, path)
        module = _importlib_util.module_from_spec(spec)
        _sys.modules[name] = module
        spec.loader.exec_module(module)
    return module


specs = _family_specs()
Family, FAMILIES, WHEEL_INCLUDE_DIRS = specs.Family, specs.FAMILIES, specs.WHEEL_INCLUDE_DIRS
version_key = specs.version_key
