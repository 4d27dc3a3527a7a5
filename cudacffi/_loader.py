"""Finding and loading the CUDA libraries, lazily, once per process, under a lock.

Importing a generated module loads nothing. The first call of a family that reaches its C stub finds the
library (in the order DESIGN.md gives), opens it and binds every function pointer to the exact symbol the
headers map the name to. What was found, where and how is kept for ``python -m cudacffi``.
"""

import os
import sys
import threading

from ._exceptions import FunctionNotFoundError, LibraryNotFoundError, LibraryVersionError

from ._families import (DEFAULT_MAJOR as _DEFAULT_MAJOR, FAMILIES as _FAMILIES, MAJORS as _MAJORS,
                        distribution_name as _distribution_name, library_wheels as _library_wheels)

_libraries = {}


def per_thread_default_stream():
    """Whether CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM asks for the per-thread default stream."""
    v = os.environ.get("CUDA_PYTHON_CUDA_PER_THREAD_DEFAULT_STREAM", "")
    return v.strip().lower() not in ("", "0", "false", "no", "off")


class Library:
    """One family's shared library: found and bound on first use."""

    def __init__(self, family, lib, ffi):
        self.family = family
        self.lib = lib
        self.ffi = ffi
        self.functions = {}  # name -> index, set by the generated module
        self.major = None  # the build's CUDA major version, set by the generated module
        self.path = None
        self.how = None
        self.per_thread = False
        self.symbols = {}  # name -> the symbol the headers map it to, where the generated module says
        self.version = None  # (major, minor) of the loaded library, where an on_load hook found it
        self.on_load = None  # called with this Library once the library is open (see _exception_style.bind_versioned)
        self.not_found = LibraryNotFoundError  # what load() raises (cudacffi.nvml's is also an NvmlError)
        self._lock = threading.Lock()
        self._companions = []  # libraries opened beside this one (kept open)

    @property
    def loaded(self):
        return self.path is not None

    def load(self):
        """Find and open the library once; raise LibraryNotFoundError naming every place searched."""
        if self.path is not None:
            return self
        with self._lock:
            if self.path is not None:
                return self
            tried = []
            per_thread = self.family in ("driver", "runtime") and per_thread_default_stream()
            for path, how in self.candidates():
                err = self.ffi.new("char[512]")
                n = self.lib._cc_load(path.encode(), int(per_thread), err, 512)
                if n >= 0:
                    self._open_companions(path)
                    if self.on_load is not None:
                        self.on_load(self)
                    self.how, self.per_thread = how, per_thread
                    self.path = path  # last: a thread that sees it set (unlocked, above) sees the rest
                    return self
                tried.append("%s (%s): %s" % (path, how, self.ffi.string(err).decode(errors="replace")))
            raise self.not_found("cudacffi.%s: could not load %s; searched:\n  %s%s"
                                       % (self.family, self.soname_stem(), "\n  ".join(tried) or "nothing",
                                          "".join("\n" + line for line in self.not_found_help())))

    def not_found_help(self):
        """Lines that end LibraryNotFoundError: libraries of another major that were found and left alone (and
        why), then how to get the one this build needs."""
        var = "CUDACFFI_LIB" + self.family.upper()
        if os.environ.get(var):
            return ["Fix: %s names a library that cannot be loaded; correct it, or unset it to search the usual "
                    "places." % var]
        if not _FAMILIES[self.family].wheels:  # libcuda, libnvidia-ml
            return ["Fix: %s comes with the NVIDIA driver (no pip package holds it): install the driver, "
                    "or name the library in %s." % (self.soname_stem()[:-3], var)]
        major = self.major or _DEFAULT_MAJOR
        lines = ["Not used: %s is CUDA %d's; a %d.x build needs %s.%d, since libcudart's structs differ between "
                 "major versions." % (path, other, major, self.soname_stem(), major)
                 for path, other in self.other_majors()]
        fix = 'Fix: pip install "%s" (or %s for every library)' % (_FAMILIES[self.family].requirement(major),
                                                                      every_library_command(major))
        return lines + [fix + ", or name the library in %s." % var]

    def other_majors(self):
        """(path, major) of the libraries of a major version the search leaves out (libcudart of another
        major than the build's), where a wheel or a toolkit has one."""
        if self.family != "runtime" or not self.major:
            return []
        spec = _FAMILIES[self.family]
        stem, wheel_dirs = spec.soname, spec.wheel_dirs
        found, seen = [], set()
        for major in _MAJORS:
            if major != self.major:
                for path, how in self._candidates(stem, wheel_dirs, major):
                    if how not in ("system loader", "already loaded") and os.path.realpath(path) not in seen:
                        seen.add(os.path.realpath(path))
                        found.append((path, major))
        return found

    def _open_companions(self, path):
        """Open the libraries the family's library opens by soname later (NVRTC 13.0's builtins) from its own
        folder, so that they are found wherever a wheel put them."""
        prefix = _FAMILIES[self.family].companions
        folder = os.path.dirname(path)
        if not prefix or not folder or not os.path.isdir(folder):
            return
        for name in sorted(os.listdir(folder)):
            if name.startswith(prefix) and ".alt." not in name:
                try:
                    self._companions.append(self.ffi.dlopen(os.path.join(folder, name)))
                except OSError:  # the family's library reports it, if it needs it
                    pass

    def bind(self, name):
        """Called when a stub found its pointer empty: load the library, or say the function is missing."""
        self.load()
        if self.lib._cc_is_bound(self.functions[name]):
            return
        symbol = self.symbols.get(name, name)
        headers = divmod((getattr(self, "cuda_version", 0) or 0) // 10, 100)
        if self.version is not None and tuple(self.version) < headers:
            raise LibraryVersionError(
                "%s: %s is version %d.%d, older than this build's CUDA %s headers, which map %s to %s. Use a "
                "newer library (CUDACFFI_LIB%s names one) or build with older headers (CUDACFFI_CUDA_VERSION)"
                % (name, self.path, self.version[0], self.version[1], self.version_text(), name, symbol,
                   self.family.upper()))
        raise FunctionNotFoundError("%s is not exported by %s (this build's headers are CUDA %s; the library "
                                    "is older)" % (name, self.path, self.version_text()))

    def available(self, name):
        """Whether the loaded library has ``name`` (loads the library; False if it cannot be loaded)."""
        if not isinstance(name, str):
            raise TypeError("available(): argument 'name' must be str, not %s" % type(name).__name__)
        try:
            self.load()
        except LibraryNotFoundError:
            return False
        index = self.functions.get(name)
        return index is not None and bool(self.lib._cc_is_bound(index))

    def symbol(self, name):
        """The exact symbol ``name`` was bound to, or None."""
        self.load()
        s = self.lib._cc_symbol(self.functions[name])
        return self.ffi.string(s).decode() if s != self.ffi.NULL else None

    def version_text(self):
        v = getattr(self, "cuda_version", 0) or 0
        return "%d.%d" % (v // 1000, v % 1000 // 10)

    def soname_stem(self):
        return _FAMILIES[self.family].soname

    def candidates(self):
        """(path or soname, how found) in search order."""
        env = os.environ.get("CUDACFFI_LIB" + self.family.upper())
        if env:
            yield env, "CUDACFFI_LIB%s" % self.family.upper()
            return
        spec = _FAMILIES[self.family]
        stem, wheel_dirs = spec.soname, spec.wheel_dirs
        if not wheel_dirs:  # a driver library (libcuda, libnvidia-ml): the system loader's
            yield (spec.file_names or (stem + ".1",))[0], "system loader"
            return
        majors = [self.major] + [m for m in _MAJORS if m != self.major] if self.major else list(_MAJORS)
        if self.family == "runtime":  # libcudart's structs change between majors: only the build's will do
            majors = [self.major]
        seen = set()
        for major in majors:
            for path, how in self._candidates(stem, wheel_dirs, major):
                if path not in seen:
                    seen.add(path)
                    yield path, how

    def _candidates(self, stem, wheel_dirs, major):
        spec = _FAMILIES[self.family]
        sonames = spec.file_names or ("%s.%d" % (stem, major),)
        toolkit_dirs = ("lib64", "lib", os.path.join("targets", "x86_64-linux", "lib"))
        toolkit_dirs += tuple(os.path.join(*d.split("/")) for d in spec.toolkit_dirs)
        for soname in sonames:
            for path in _already_loaded(soname):
                yield path, "already loaded"
        for entry in sys.path:
            for sub in wheel_dirs.get(major, ()):
                for soname in sonames:
                    p = os.path.join(entry or ".", sub, soname)
                    if os.path.exists(p):
                        yield p, "NVIDIA wheel"
        roots = [(var, os.environ.get(var)) for var in ("CUDA_PATH", "CUDA_HOME")]
        roots.append(("default toolkit", "/usr/local/cuda"))
        for var, root in roots:
            if root:
                for sub in toolkit_dirs:
                    for soname in sonames:
                        p = os.path.join(root, sub, soname)
                        if os.path.exists(p):
                            yield p, var
        yield sonames[0], "system loader"


def installed_distribution(major):
    """``cudacffi-cu<major>`` where this package was installed from that wheel, else None (a checkout, built
    in place or installed with ``pip install .``): the wheel's dist-info lies beside the package folder and
    its RECORD lists the package's files."""
    name = _distribution_name(major)
    site = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    try:
        entries = os.listdir(site)
    except OSError:
        return None
    for entry in entries:  # cudacffi_cu12-0.1.0.dist-info
        if entry.startswith(name.replace("-", "_") + "-") and entry.endswith(".dist-info"):
            try:
                with open(os.path.join(site, entry, "RECORD"), encoding="utf-8") as f:
                    if any(line.split(",", 1)[0] == "cudacffi/__init__.py" for line in f):
                        return name
            except OSError:
                pass
    return None


def every_library_command(major):
    """The pip command that installs every NVIDIA library wheel of CUDA ``major``: the extra of the wheel
    this package came from, else the wheels themselves."""
    dist = installed_distribution(major)
    if dist:
        return 'pip install "%s[all]"' % dist
    return "pip install " + " ".join('"%s"' % r for r in _library_wheels(major))


def _already_loaded(soname):
    try:
        with open("/proc/self/maps") as f:
            paths = {line.split()[-1] for line in f if soname in line}
    except OSError:
        return []
    return sorted(p for p in paths if os.path.basename(p) == soname)


def library(family, lib, ffi):
    lib_ = _libraries.get(family)
    return lib_ if lib_ is not None else _libraries.setdefault(family, Library(family, lib, ffi))

