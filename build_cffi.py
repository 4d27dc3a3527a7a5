"""cffi builders for cudacffi's API families, and the in-place development build.

Which headers: ``CUDA_HOME``/``CUDA_PATH`` if set (codegen parses that toolkit's headers), else
``CUDACFFI_CUDA_VERSION=X.Y`` naming a snapshot in ``headers/``, else the default snapshot (12.9). A toolkit
and a CUDACFFI_CUDA_VERSION of another version are refused: the build cannot know which one was meant.
Building a family writes its generated Python layer (``cudacffi/_gen/<family>.py`` and ``.pyi``) and
returns the cffi builder of its compiled module ``cudacffi._<family>``, which links no CUDA library.

    python build_cffi.py            # build every family in place, under the running interpreter
    python build_cffi.py nvvm       # only the families named

Beside the families, two plain C-API extensions are built with them: ``cudacffi._capsule``
(``cudacffi/_capsule.c``: DLPack capsules for cudacffi.core on CPython and PyPy) and, on CPython only,
``cudacffi._fastcall`` (``cudacffi/_fastcall.c``: the whole call of the simple generated wrappers in C).
"""

import os
import platform
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cffi  # noqa: E402

from codegen import snapshot  # noqa: E402
from codegen.render import render as codegen_render  # noqa: E402
from codegen import FAMILIES, specs as family_specs  # noqa: E402
from codegen.preprocess import FAKE_INTEROP  # noqa: E402

# cudacffi/_families.py, read by path (codegen loads it): the build must not import the package it is building
FAMILY_NAMES = family_specs.NAMES  # the one list of families
GEN_DIR = os.path.join(HERE, "cudacffi", "_gen")


def header_source():
    """(description, include dirs, model loader) for this build."""
    var = "CUDA_HOME" if os.environ.get("CUDA_HOME") else "CUDA_PATH"
    root = os.environ.get(var)
    asked = os.environ.get("CUDACFFI_CUDA_VERSION")
    if root:
        conflict = version_conflict(var, root, toolkit_version(root), asked)
        if conflict:
            raise SystemExit(conflict)
        return toolkit_source(root)
    version = asked or snapshot.DEFAULT_VERSION
    if version not in snapshot.available_versions():
        raise SystemExit("CUDACFFI_CUDA_VERSION=%s: no snapshot headers/cuda-%s (have: %s)"
                         % (version, version, ", ".join(snapshot.available_versions())))
    inc = os.path.join(snapshot.snapshot_dir(version), "include")
    load = _versioned(lambda fam: snapshot.load_model(version, fam))
    load.families = [f for f in FAMILY_NAMES if f in snapshot.families_in(version)]
    return "snapshot cuda-%s" % version, [inc], load


def cuda_version():
    """"X.Y" of the headers this build takes (the toolkit's, else the snapshot's), without reading them."""
    root = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH")
    if root:
        return toolkit_version(root)
    return os.environ.get("CUDACFFI_CUDA_VERSION") or snapshot.DEFAULT_VERSION


def toolkit_version(root):
    """"X.Y" of the toolkit at ``root``, from its cuda.h; SystemExit where it has none."""
    cuda_h = os.path.join(root, "include", "cuda.h")
    if not os.path.exists(cuda_h):
        raise SystemExit("CUDA_HOME=%s: no include/cuda.h there" % root)
    with open(cuda_h, encoding="utf-8", errors="replace") as f:
        v = int(re.search(r"#define\s+CUDA_VERSION\s+(\d+)", f.read()).group(1))
    return "%d.%d" % (v // 1000, v % 1000 // 10)


def version_conflict(var, root, toolkit, asked):
    """Why a build asked for both a toolkit (``var``=``root``, of version ``toolkit``) and the snapshot
    ``asked`` (CUDACFFI_CUDA_VERSION) cannot go on, or None where they agree (or only the toolkit is named)."""
    if not asked or asked.split(".")[:2] == toolkit.split(".")[:2]:
        return None
    return ("cudacffi: %s=%s is CUDA %s, but CUDACFFI_CUDA_VERSION=%s asks for CUDA %s's headers; nothing was "
            "built. Say which one you want:\n"
            "  the %s snapshot:  env -u CUDA_HOME -u CUDA_PATH CUDACFFI_CUDA_VERSION=%s python build_cffi.py\n"
            "  the toolkit's %s:  env -u CUDACFFI_CUDA_VERSION %s=%s python build_cffi.py"
            % (var, root, toolkit, asked, asked, asked, asked, toolkit, var, root))


def toolkit_source(root):
    """A toolkit's headers (``include/``, and ``nvvm/include/`` where 12.x keeps nvvm.h). A family whose
    headers the toolkit lacks (a partial install without nvrtc.h, say) comes from the snapshot of the
    toolkit's version, and the build says so."""
    from codegen.model import build_model, decide

    dirs = [d for d in (os.path.join(root, "include"), os.path.join(root, "nvvm", "include")) if os.path.isdir(d)]
    version = toolkit_version(root)
    lacking = [fam for fam in FAMILY_NAMES
               if not all(any(os.path.exists(os.path.join(d, h)) for d in dirs) for h in FAMILIES[fam].own)]
    description = "toolkit %s (CUDA %s)" % (root, version)
    absent = [fam for fam in lacking if not FAMILIES[fam].present_in(version)]  # newer than the toolkit: not built
    lacking = [fam for fam in lacking if fam not in absent]
    if lacking:
        if version not in snapshot.available_versions():
            raise SystemExit("CUDA_HOME=%s lacks the headers of %s and there is no snapshot headers/cuda-%s to "
                             "take them from" % (root, ", ".join(lacking), version))
        print("cudacffi: %s lacks the headers of %s; using snapshot cuda-%s for them"
              % (root, ", ".join(lacking), version))
        description += "; %s from snapshot cuda-%s" % (", ".join(lacking), version)
        dirs.append(os.path.join(snapshot.snapshot_dir(version), "include"))

    def load(fam):
        return snapshot.load_model(version, fam) if fam in lacking else decide(build_model(FAMILIES[fam], dirs))

    load = _versioned(load)
    load.families = [f for f in FAMILY_NAMES if f not in absent]
    return description, dirs, load


def _versioned(load):
    """``load``, once per family, with every model carrying the build's CUDA version (cuda.h's
    CUDA_VERSION: the other families' headers define none), so each module's CUDA_VERSION is the build's."""
    models = {}

    def load_versioned(fam):
        if fam not in models:
            models[fam] = load(fam)
        model = models[fam]
        if model["cuda_version"] is None:
            model = dict(model, cuda_version=load_versioned("driver")["cuda_version"])
        return model

    return load_versioned


def _write(path, text):
    old = None
    if os.path.exists(path):
        with open(path) as f:
            old = f.read()
    if old != text:
        with open(path, "w") as f:
            f.write(text)


def render(family, model):
    """Everything generated for one family: {"cdef", "c", "py", "pyi"} texts, by its calling convention."""
    return codegen_render(model, FAMILIES[family].style)


# The dl* functions moved from libdl into libc in glibc 2.34, under a new symbol version; a module linked on such
# a system would need glibc 2.34 (auditwheel tags its wheel manylinux_2_34). Bound to their first versions,
# which every glibc has (in libdl.so.2, kept as a dependency, before 2.34; as compatibility symbols of libc
# since), the modules load on older systems too.
OLD_DL_VERSIONS = """\
#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
#include <features.h>
#if defined(__GLIBC__)
#if defined(__x86_64__)
#define _CC_DL_VERSION "GLIBC_2.2.5"
#else
#define _CC_DL_VERSION "GLIBC_2.17"
#endif
__asm__(".symver dlopen,dlopen@" _CC_DL_VERSION);
__asm__(".symver dlsym,dlsym@" _CC_DL_VERSION);
__asm__(".symver dlerror,dlerror@" _CC_DL_VERSION);
__asm__(".symver dlclose,dlclose@" _CC_DL_VERSION);
#endif
#endif
"""
# libdl.so.2 by its file name: glibc 2.34 and newer have no libdl.so to link with -ldl
DL_LINK_ARGS = (["-Wl,--push-state,--no-as-needed,-l:libdl.so.2,--pop-state"]
                if sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc" else [])


def make_builder(family, source=None):
    description, inc, load = source or header_source()
    model = load(family)
    os.makedirs(GEN_DIR, exist_ok=True)
    _write(os.path.join(GEN_DIR, "__init__.py"),
           '"""Generated by codegen at build time (%s) - do not edit."""\n\nSOURCE = %r\n' % (description, description))
    texts = render(family, model)
    _write(os.path.join(GEN_DIR, "%s.py" % family), texts["py"])
    _write(os.path.join(GEN_DIR, "%s.pyi" % family), texts["pyi"])
    ffi = cffi.FFI()
    ffi.cdef(texts["cdef"])
    ffi.set_source("cudacffi._%s" % family, OLD_DL_VERSIONS + texts["c"], include_dirs=list(inc) + [FAKE_INTEROP],
                   libraries=[] if DL_LINK_ARGS else ["dl"], extra_link_args=DL_LINK_ARGS,
                   extra_compile_args=["-O2", "-Wno-deprecated-declarations"])
    return ffi


def builders():
    source = header_source()
    return {f: make_builder(f, source) for f in source[2].families}


CAPSULE = ("cudacffi._capsule", os.path.join("cudacffi", "_capsule.c"))
FASTCALL = ("cudacffi._fastcall", os.path.join("cudacffi", "_fastcall.c"))


def plain_extensions():
    """The plain C-API extensions this interpreter gets: the capsules everywhere, ``_fastcall`` on CPython only
    (PyPy's JIT inlines the Python wrappers it would replace)."""
    return [CAPSULE] + ([FASTCALL] if sys.implementation.name == "cpython" else [])


def build_plain(name, source):
    """Compile a plain C-API extension in place with the compiler cffi uses; returns the file's name."""
    import shutil
    import warnings
    from cffi import ffiplatform

    ext = ffiplatform.get_extension(os.path.join(HERE, source), name, extra_compile_args=["-O2"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # setuptools' notes on pyproject.toml, irrelevant to one extension
        built = ffiplatform.compile(os.path.join(HERE, "build", name.rsplit(".", 1)[1].lstrip("_")), ext)
    dest = os.path.join(HERE, "cudacffi", os.path.basename(built))
    shutil.copyfile(built, dest)
    return os.path.basename(built)


def main():
    import shutil
    import time

    source = header_source()
    print("cudacffi: generating from %s" % source[0])
    for family in FAMILY_NAMES:
        if family not in source[2].families:  # newer than these headers: no module (and none left over)
            print("cudacffi: no %s in these headers (CUDA %s and newer); not built" % (family, FAMILIES[family].since))
            stale = [os.path.join(GEN_DIR, family + ext) for ext in (".py", ".pyi")]
            stale += [os.path.join(HERE, "cudacffi", n) for n in os.listdir(os.path.join(HERE, "cudacffi"))
                      if n.startswith("_%s." % family) and n.endswith(".so")]
            for path in stale:
                if os.path.exists(path):
                    os.remove(path)
    families = sys.argv[1:] or source[2].families  # python build_cffi.py [family ...]
    for i, family in enumerate(families, 1):
        # each step says itself before it starts (the driver's and runtime's compiles take 10-20 s each)
        t = time.time()
        progress("cudacffi._%s (%d of %d): generating" % (family, i, len(families)))
        ffi = make_builder(family, source)
        progress(", compiling")
        built = ffi.compile(tmpdir=os.path.join(HERE, "build", "cffi"), verbose=False)
        dest = os.path.join(HERE, "cudacffi", os.path.basename(built))
        shutil.copyfile(built, dest)
        print(": built %s in %.1fs" % (os.path.basename(built), time.time() - t), flush=True)
    if not sys.argv[1:]:
        for name, source in plain_extensions():
            progress("%s: compiling" % name)
            print(": built %s" % build_plain(name, source), flush=True)


def progress(text):
    """Part of a progress line, shown at once (the line ends when the step does)."""
    print(text, end="", flush=True)


if __name__ == "__main__":
    main()
elif __name__ == "__cffi__":  # setuptools: cffi_modules = ["build_cffi.py:driver_ffi", ...]
    _source = header_source()
    for _family in _source[2].families:  # driver_ffi, runtime_ffi, ...: what setup.py's cffi_modules name
        globals()["%s_ffi" % _family] = make_builder(_family, _source)
