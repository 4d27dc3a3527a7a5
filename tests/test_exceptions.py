"""The exceptions are public where they are imported from: ``cudacffi.LibraryNotFoundError`` (and the exception-style
families' errors, ``cudacffi.nvjitlink.nvJitLinkError``) is what ``repr``, a traceback and pickle name, never the
private module that defines it."""

import importlib
import pickle
import traceback

import pytest

import cudacffi
from conftest import run_python

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

PACKAGE_ERRORS = ["LibraryNotFoundError", "FunctionNotFoundError", "LibraryVersionError", "CUDAError"]
FAMILIES = ["nvjitlink", "nvvm", "nvml", "nvfatbin", "cufile"]


@pytest.mark.parametrize("name", PACKAGE_ERRORS)
def test_package_errors_are_cudacffi_names(name):
    cls = getattr(cudacffi, name)
    assert name in cudacffi.__all__
    assert cls.__module__ == "cudacffi" and cls.__qualname__ == name
    assert repr(cls) == "<class 'cudacffi.%s'>" % name


@pytest.mark.parametrize("name", ["LibraryNotFoundError", "FunctionNotFoundError", "LibraryVersionError"])
def test_package_errors_show_and_pickle_as_cudacffi(name):
    cls = getattr(cudacffi, name)
    try:
        raise cls("libfoo.so: not found in /x, /y")
    except cls as e:
        text = "".join(traceback.format_exception(type(e), e, e.__traceback__))
        err = e
    assert "\ncudacffi.%s: libfoo.so: not found in /x, /y" % name in text
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is cls and again.args == err.args
    assert b"cudacffi._exceptions" not in pickle.dumps(err)


def test_cuda_error_pickles_with_its_status():
    from cudacffi import driver

    status = driver.CUresult.CUDA_ERROR_INVALID_VALUE
    err = cudacffi.CUDAError(status, "CUDA_ERROR_INVALID_VALUE", "invalid argument")
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is cudacffi.CUDAError
    assert (again.result, again.name, again.description, str(again)) == (status, err.name, err.description, str(err))
    try:
        cudacffi.check((status,))
    except cudacffi.CUDAError as e:
        assert "\ncudacffi.CUDAError: CUDA_ERROR_INVALID_VALUE (1)" in "".join(traceback.format_exception(
            type(e), e, e.__traceback__))


def test_a_missing_library_traceback_names_cudacffi():
    r = run_python("from cudacffi import driver\ndriver.cuInit(0)\n",
                   env={"CUDACFFI_LIBDRIVER": "/nonexistent/libcuda.so.1"})
    assert r.returncode != 0
    assert "\ncudacffi.LibraryNotFoundError: " in r.stderr, r.stderr
    assert "_exceptions" not in r.stderr and "_errors" not in r.stderr


@pytest.mark.parametrize("family", FAMILIES)
def test_family_errors_live_in_their_public_module(family):
    try:
        mod = importlib.import_module("cudacffi." + family)
    except ImportError as e:  # a family not built here
        pytest.skip(str(e))
    errors = {name: obj for name, obj in vars(mod).items()
              if not name.startswith("_") and isinstance(obj, type) and issubclass(obj, BaseException)
              and obj.__module__.startswith("cudacffi")}
    assert errors, "no error classes in cudacffi.%s" % family
    for name, cls in errors.items():
        assert cls.__module__ == mod.__name__, (name, cls.__module__)
        assert getattr(mod, cls.__qualname__) is cls, name  # where pickle looks it up
        assert repr(cls) == "<class '%s.%s'>" % (mod.__name__, cls.__qualname__)


def test_family_errors_pickle():
    from cudacffi import nvjitlink, nvml

    err = nvjitlink.nvJitLinkError(nvjitlink.Result.ERROR_INVALID_INPUT)
    data = pickle.dumps(err)
    assert b"cudacffi._gen" not in data
    again = pickle.loads(data)
    assert type(again) is nvjitlink.nvJitLinkError and again.status == err.status and str(again) == str(err)
    sub = nvml.NvmlError(nvml.Return.ERROR_UNINITIALIZED)
    assert type(sub) is nvml.UninitializedError and repr(type(sub)) == "<class 'cudacffi.nvml.UninitializedError'>"
    again = pickle.loads(pickle.dumps(sub))
    assert type(again) is nvml.UninitializedError and again.status == sub.status
