"""Imported first by each example: lets it run from a checkout built in place (``python build_cffi.py``)
as well as against an installed cudacffi, and ends a run that cannot start (no driver, no GPU) with one
line saying why instead of a traceback."""

import importlib.util
import os
import sys

if importlib.util.find_spec("cudacffi") is None:  # not installed: the checkout this file lies in
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _one_line(kind, value, tb):
    from cudacffi import CUDAError, FunctionNotFoundError, LibraryNotFoundError

    cannot_run = (LibraryNotFoundError, FunctionNotFoundError, CUDAError)
    bytes_on_pypy = isinstance(value, ValueError) and "bytearray(n)" in str(value)
    family_not_built = isinstance(value, ImportError) and str(value).startswith("cudacffi.")  # older headers
    if isinstance(value, cannot_run) or bytes_on_pypy or family_not_built or (isinstance(value, RuntimeError) and "CUDA error" in str(value)):
        script = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else "example"
        print("%s: cannot run: %s" % (script, " ".join(str(value).split())), file=sys.stderr)
        return
    sys.__excepthook__(kind, value, tb)


sys.excepthook = _one_line
