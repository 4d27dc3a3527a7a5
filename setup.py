"""setuptools entry for the compiled modules: build_cffi.py generates and builds each API family.

The extras follow the build's CUDA major (``CUDACFFI_CUDA_VERSION``, or the toolkit of ``CUDA_HOME``): ``all``
and ``cu<major>`` pull that major's NVIDIA library wheels (cudacffi/_families.py's ``library_wheels``), so a
13.x build's ``[all]`` brings 13.x libraries. The binary wheels (``nox -s wheels``) are built from this same
file under the name ``cudacffi-cu<major>``.
"""

import os
import sys

from setuptools import Extension, setup

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from build_cffi import cuda_version, family_specs, header_source, plain_extensions  # noqa: E402

MAJOR = int(cuda_version().split(".")[0])
LIBRARIES = family_specs.library_wheels(MAJOR)
# mypy checks code written against cudacffi.core's annotations (tests/test_core_typing.py); it does not run on PyPy
TEST = ["pytest", "numpy", "pycparser", "hypothesis", "mypy; platform_python_implementation == 'CPython'"]

# every family of cudacffi/_families.py that the build's headers have (nvFatbin starts with CUDA 12.4)
setup(cffi_modules=["build_cffi.py:%s_ffi" % name for name in header_source()[2].families],
      # DLPack capsules; on CPython, the fast calls
      ext_modules=[Extension(name, [source], extra_compile_args=["-O2"]) for name, source in plain_extensions()],
      extras_require={"all": LIBRARIES, "cu%d" % MAJOR: LIBRARIES, "test": TEST + LIBRARIES, "bench": ["numpy"]})
