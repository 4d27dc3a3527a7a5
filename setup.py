"""setuptools entry for the compiled modules: build_cffi.py generates and builds each API family."""

from setuptools import setup

setup(cffi_modules=["build_cffi.py:driver_ffi", "build_cffi.py:runtime_ffi", "build_cffi.py:nvrtc_ffi",
                   "build_cffi.py:nvjitlink_ffi", "build_cffi.py:nvvm_ffi"])
