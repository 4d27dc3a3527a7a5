"""Counts the binding allocates for (issue 25): an output sized by an argument -- a list of handles, a string of
``length`` bytes, an attribute's storage -- is held to ``OUTPUT_LIMIT`` bytes; a larger count is a ValueError naming
the argument, raised before anything is allocated or any library is loaded (so no GPU or driver is needed)."""

import inspect
import re

import pytest

pytest.importorskip("cudacffi._driver", reason="cudacffi is not built")

import importlib  # noqa: E402

from cudacffi import _arguments, driver, runtime  # noqa: E402

LIMIT = _arguments.OUTPUT_LIMIT
FAMILIES = {"driver": driver, "runtime": runtime}
for _name in ("nvml", "cufile"):  # where this build has them (cuFile: CUDA 12.6 and newer)
    try:
        FAMILIES[_name] = importlib.import_module("cudacffi." + _name)
    except ImportError:
        pass


def _one_line(src):
    """Generated source with its statements' line breaks (inside brackets: codegen.text.fit) made single spaces."""
    src = re.sub(r"\s*\n\s*", " ", src)
    return re.sub(r"([(\[{]) | ([)\]}])", lambda m: m.group(1) or m.group(2), src)


def _sized_outputs():
    """(family, function, count argument) for every wrapper that allocates an output by an argument's count."""
    found = []
    for fam, mod in FAMILIES.items():
        for name, fn in sorted(vars(mod).items()):
            fn = getattr(fn, "__wrapped__", fn)  # CPython's fast calls: the wrapper they fall back to
            if not inspect.isfunction(fn) or not fn.__module__.startswith("cudacffi._gen"):
                continue
            src = _one_line(inspect.getsource(fn))
            params = list(inspect.signature(fn).parameters)
            counts = set(re.findall(r"_n_(\w+) = _s\.check_integer\(", src))
            counts |= set(re.findall(r"_s\.char_buffer\(_ffi, (\w+),", src))
            for c in sorted(counts):
                if c in params and ("out_array(_ffi, _n_%s," % c in src or "char_buffer(_ffi, %s," % c in src):
                    found.append(pytest.param(fam, name, c, id="%s.%s(%s)" % (fam, name, c)))
    return found


SIZED = _sized_outputs()


def test_the_scan_finds_the_functions_the_fuzzer_found():
    ids = {p.id for p in SIZED}
    for expected in ("driver.cuModuleEnumerateFunctions(numFunctions)", "driver.cuLibraryEnumerateKernels(numKernels)",
                     "driver.cuGraphGetNodes(numNodes)", "runtime.cudaGraphGetNodes(numNodes)",
                     "driver.cuDeviceGetName(length)", "runtime.cudaDeviceGetPCIBusId(length)"):
        fam, name = expected.split("(")[0].split(".")
        if hasattr(FAMILIES[fam], name):  # (the enumerations are CUDA 12.4's)
            assert expected in ids
    assert len(SIZED) >= 10


@pytest.mark.parametrize("fam, name, count", SIZED)
@pytest.mark.parametrize("n", [2**31 - 1, LIMIT + 1])
def test_a_count_past_the_limit_is_refused_naming_it(fam, name, count, n):
    fn = getattr(FAMILIES[fam], name)
    args = {p: 0 for p in inspect.signature(fn).parameters}
    args[count] = n
    with pytest.raises(ValueError, match=r"%s\(\): argument '%s' asks for .* more than the binding's limit of %d "
                       "bytes" % (name, count, LIMIT)):
        fn(**args)


@pytest.mark.skipif(not hasattr(driver, "cuModuleEnumerateFunctions"), reason="CUDA 12.4 and newer")
@pytest.mark.parametrize("n", [2**31, -1])
def test_counts_outside_the_c_type_stay_overflow_errors(n):
    with pytest.raises(OverflowError, match="numFunctions"):
        driver.cuModuleEnumerateFunctions(n, 0)


def test_the_limit_counts_bytes_not_items():
    # 8-byte handles: LIMIT // 8 of them fit, one more does not
    with pytest.raises(ValueError, match="asks for %d items of 8 bytes" % (LIMIT // 8 + 1)):
        driver.cuGraphGetNodes(0, LIMIT // 8 + 1)
    with pytest.raises(ValueError, match="asks for %d bytes of output" % (LIMIT + 1)):
        driver.cuDeviceGetName(LIMIT + 1, 0)


def test_an_attribute_size_past_the_limit_is_refused_naming_it():
    attr = driver.CUmem_range_attribute.CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY  # a list of ints, sized by dataSize
    with pytest.raises(ValueError, match=r"cuMemRangeGetAttribute\(\): argument 'dataSize' asks for %d bytes"
                       % (LIMIT + 4)):
        driver.cuMemRangeGetAttribute(LIMIT + 4, attr, 0, 4)
    with pytest.raises(ValueError, match=r"argument 'dataSizes\[0\]' asks for"):
        driver.cuMemRangeGetAttributes([LIMIT + 4], [attr], 1, 0, 4)
