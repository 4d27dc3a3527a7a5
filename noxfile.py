"""nox sessions: the CPU suite per interpreter and CUDA version, snapshot reproduction, lint, benchmarks, docs.

    nox -s tests                         # every (interpreter, CUDA version) pair
    nox -s "tests-python3(cuda='12.0')"  # one pair (nox -l lists them, each with its CUDA version)
    nox -t tests-pypy3                   # one interpreter's
    nox -s snapshots lint bench
    nox -s docs                          # the HTML reference, into docs/_build/html

Each ``tests`` session builds in its own copy of the source tree (``.nox/<session>/tree``), so builds of
different versions and interpreters never overwrite each other or the in-place build of the checkout.
Virtualenvs are reused, and a session installs only when its requirements changed; NVIDIA wheels come
from codegen's wheel cache (``python -m codegen snapshot`` fills it) or pip's cache.
"""

import os
import shutil
import subprocess
import sys

import nox

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from codegen import wheels  # noqa: E402
from codegen import FAMILIES  # noqa: E402

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


def copy_tree(dest):
    """The checkout's files (tracked and untracked, not ignored) into ``dest``; unchanged files are kept,
    so cffi's build folder there stays warm."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=HERE, check=True,
                           capture_output=True, text=True).stdout.splitlines()
    for rel in files:
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
