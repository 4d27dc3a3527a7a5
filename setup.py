"""setuptools entry for the compiled modules: build_cffi.py generates and builds each API family."""

import os
import sys

from setuptools import Extension, setup

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from build_cffi import header_source, plain_extensions  # noqa: E402

# every family of cudacffi/_families.py that the build's headers have (nvFatbin starts with CUDA 12.4)
setup(cffi_modules=["build_cffi.py:%s_ffi" % name for name in header_source()[2].families],
      # DLPack capsules; on CPython, the fast calls
      ext_modules=[Extension(name, [source], extra_compile_args=["-O2"]) for name, source in plain_extensions()])
