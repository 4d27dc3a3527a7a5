"""setuptools entry for the compiled modules: build_cffi.py generates and builds each API family."""

import os
import sys

from setuptools import setup

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from build_cffi import FAMILY_NAMES  # noqa: E402  (the one list of families: cudacffi/_families.py)

setup(cffi_modules=["build_cffi.py:%s_ffi" % name for name in FAMILY_NAMES])
