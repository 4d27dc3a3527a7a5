"""Loading libnvJitLink: names bound to the versioned symbols nvJitLink.h maps them to, a library of a newer
major bound by its public names, an older one refused clearly.

Stand-in libraries compiled here play the newer and older versions; each case runs in a fresh interpreter,
since loading is global to a process.
"""

import pytest

import cudacffi
from cudacffi import nvjitlink
from conftest import c_compiler, library_missing, one_line, run_python

pytest.importorskip("cudacffi._nvjitlink", reason="cudacffi is not built")


def test_names_are_bound_to_the_versioned_symbols_the_headers_name():
    try:
        lib = nvjitlink._library.load()
    except cudacffi.LibraryNotFoundError as e:
        library_missing("nvJitLink library not found: %s" % one_line(e))
    expected = "__nvJitLinkCreate_%d_%d" % divmod(nvjitlink.CUDA_VERSION // 10, 100)
    assert lib.symbols["nvJitLinkCreate"] == expected
    major = nvjitlink.CUDA_VERSION // 1000
    if lib.version is None:  # no nvJitLinkVersion: a 12.0 to 12.2 library, bound as the headers say
        assert major == 12 and lib.symbol("nvJitLinkCreate") in (expected, None)
    elif lib.version[0] == major:
        assert lib.symbol("nvJitLinkCreate") == expected
    elif lib.version[0] > major:  # a library of a newer major: its stable public names
        assert lib.symbol("nvJitLinkCreate") == "nvJitLinkCreate"
    else:  # older than the headers: left unbound (the first call raises LibraryVersionError)
        assert lib.symbol("nvJitLinkCreate") is None


def _stand_in(tmp_path_factory, major, source):
    """A stand-in libnvJitLink of version ``major``.0 with the given extra C source."""
    import subprocess

    d = tmp_path_factory.mktemp("jit%d" % major)
    src = d / "lib.c"
    src.write_text("int nvJitLinkVersion(unsigned *major, unsigned *minor) { *major = %d; *minor = 0; return 0; }\n"
                   % major + source)
    out = d / ("libnvJitLink.so.%d" % major)
    subprocess.run([c_compiler(), "-shared", "-fPIC", "-o", str(out), str(src)], check=True)
    return str(out)


@pytest.fixture(scope="module")
def old_library(tmp_path_factory):
    """Version 11.0, exporting no versioned symbol: older than any headers we build from."""
    return _stand_in(tmp_path_factory, 11, "")


@pytest.fixture(scope="module")
def newer_major_library(tmp_path_factory):
    """Version 99.0: its own versioned symbols only, and the stable public names (create returns 0x99)."""
    return _stand_in(tmp_path_factory, 99, (
        "int __nvJitLinkCreate_99_0(void **h, unsigned n, const char **o) { *h = (void *)0x1; return 1; }\n"
        "int nvJitLinkCreate(void **h, unsigned n, const char **o) { *h = (void *)0x99; return 0; }\n"))


def test_a_library_of_a_newer_major_is_bound_by_its_public_names(newer_major_library):
    r = run_python(
        "from cudacffi import nvjitlink\n"
        "h = nvjitlink.create(0, [])\n"
        "print(hex(h), nvjitlink._library.symbol('nvJitLinkCreate'), nvjitlink._library.version)\n",
        env={"CUDACFFI_LIBNVJITLINK": newer_major_library})
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["0x99", "nvJitLinkCreate", "(99,", "0)"]


def test_a_library_older_than_the_headers_is_named_as_such(old_library):
    r = run_python(
        "from cudacffi import nvjitlink, LibraryVersionError, FunctionNotFoundError\n"
        "print(nvjitlink._library.load().version)\n"
        "try:\n"
        "    nvjitlink.create(1, ['-arch=sm_80'])\n"
        "except LibraryVersionError as e:\n"
        "    print('RAISED', isinstance(e, FunctionNotFoundError), e)\n",
        env={"CUDACFFI_LIBNVJITLINK": old_library})
    assert r.returncode == 0, r.stderr
    assert "(11, 0)" in r.stdout
    assert "RAISED True" in r.stdout
    assert "older" in r.stdout and "11.0" in r.stdout and "__nvJitLinkCreate_" in r.stdout
    assert nvjitlink._library.version_text() in r.stdout  # the build's headers, named


def test_python_m_cudacffi_flags_a_library_older_than_the_headers(old_library):
    """The report says so before the first nvJitLink call raises LibraryVersionError."""
    import subprocess
    import sys

    from conftest import ROOT, script_env

    r = subprocess.run([sys.executable, "-m", "cudacffi"], capture_output=True, text=True, cwd=ROOT, timeout=300,
                       env=script_env(CUDACFFI_LIBNVJITLINK=old_library, CUDACFFI_LIBDRIVER="/nonexistent/libcuda.so.1"))
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    i = next(i for i, line in enumerate(lines) if line.strip().startswith("libnvJitLink:"))
    assert old_library in lines[i] and "version 11.0" in lines[i]
    assert "OLDER than this build's CUDA %s headers" % nvjitlink._library.version_text() in lines[i + 1]
    assert "LibraryVersionError" in lines[i + 1] and "nvjitlink" in lines[i + 1].lower()


def test_import_loads_neither_library_and_a_missing_one_is_named():
    r = run_python(
        "from cudacffi import nvjitlink, nvvm, LibraryNotFoundError\n"
        "print(nvjitlink._library.loaded, nvvm._library.loaded)\n"
        "try:\n"
        "    nvvm.version()\n"
        "except LibraryNotFoundError as e:\n"
        "    print('RAISED', e)\n",
        env={"CUDACFFI_LIBNVVM": "/nonexistent/libnvvm.so.4"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("False False")
    assert "RAISED" in r.stdout and "/nonexistent/libnvvm.so.4" in r.stdout


def test_libnvvm_is_looked_for_under_the_toolkits_nvvm_directory(tmp_path):
    lib64 = tmp_path / "nvvm" / "lib64"
    lib64.mkdir(parents=True)
    (lib64 / "libnvvm.so.4").write_bytes(b"")
    r = run_python(
        "from cudacffi import nvvm\n"
        "for path, how in nvvm._library.candidates():\n"
        "    print(how, path)\n",
        env={"CUDA_HOME": str(tmp_path), "CUDA_PATH": ""})
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "CUDA_HOME %s" % (lib64 / "libnvvm.so.4") in lines
    assert len(lines) == len(set(lines))  # each place once, though 12.x and 13.x share the soname
    assert "system loader libnvvm.so.4" in lines
