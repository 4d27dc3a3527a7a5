"""The NVIDIA wheels each CUDA version's snapshot and test environment come from, pinned exactly.

Each version's wheels hold the headers of every family (``cuda.h`` and the runtime's headers in the
runtime wheel, ``crt/host_defines.h`` and ``nvvm.h`` in ``nvidia-cuda-nvcc-cu12`` for 12.x, in
``nvidia-cuda-crt`` and ``nvidia-nvvm`` for 13.x; the profiler's ``cudaProfiler.h`` and ``cuda_profiler_api.h``
in ``nvidia-cuda-profiler-api-cu12`` / ``nvidia-cuda-profiler-api``, whose releases do not always share the
runtime's patch number; NVML's ``nvml.h`` in ``nvidia-nvml-dev-cu12`` / ``nvidia-nvml-dev``; cuFile's ``cufile.h`` and library in
``nvidia-cufile-cu12`` / ``nvidia-cufile``, numbered by cuFile's own release, from CUDA 12.6) and the libraries the CPU tests load. Downloads are
kept in ``$CUDACFFI_WHEEL_CACHE`` (default ``~/.cache/cudacffi-wheels``), one folder per version.
"""

import os
import re
import subprocess
import sys

from . import version_key

# role -> pinned requirement. Roles: the wheel a family's library comes from, plus headers-only ones.
PINS = {
    "12.0": {"runtime": "nvidia-cuda-runtime-cu12==12.0.146", "nvrtc": "nvidia-cuda-nvrtc-cu12==12.0.140",
             "nvjitlink": "nvidia-nvjitlink-cu12==12.0.140", "nvcc": "nvidia-cuda-nvcc-cu12==12.0.140",
             "profiler": "nvidia-cuda-profiler-api-cu12==12.0.140",
             "nvml": "nvidia-nvml-dev-cu12==12.0.140"},
    "12.4": {"runtime": "nvidia-cuda-runtime-cu12==12.4.127", "nvrtc": "nvidia-cuda-nvrtc-cu12==12.4.127",
             "nvjitlink": "nvidia-nvjitlink-cu12==12.4.127", "nvcc": "nvidia-cuda-nvcc-cu12==12.4.131",
             "profiler": "nvidia-cuda-profiler-api-cu12==12.4.127",
             "nvfatbin": "nvidia-nvfatbin-cu12==12.4.127",
             "nvml": "nvidia-nvml-dev-cu12==12.4.127"},
    "12.6": {"runtime": "nvidia-cuda-runtime-cu12==12.6.77", "nvrtc": "nvidia-cuda-nvrtc-cu12==12.6.85",
             "nvjitlink": "nvidia-nvjitlink-cu12==12.6.85", "nvcc": "nvidia-cuda-nvcc-cu12==12.6.85",
             "profiler": "nvidia-cuda-profiler-api-cu12==12.6.77",
             "nvfatbin": "nvidia-nvfatbin-cu12==12.6.77",
             "nvml": "nvidia-nvml-dev-cu12==12.6.77",
             "cufile": "nvidia-cufile-cu12==1.11.1.6"},
    "12.8": {"runtime": "nvidia-cuda-runtime-cu12==12.8.90", "nvrtc": "nvidia-cuda-nvrtc-cu12==12.8.93",
             "nvjitlink": "nvidia-nvjitlink-cu12==12.8.93", "nvcc": "nvidia-cuda-nvcc-cu12==12.8.93",
             "profiler": "nvidia-cuda-profiler-api-cu12==12.8.90",
             "nvfatbin": "nvidia-nvfatbin-cu12==12.8.90",
             "nvml": "nvidia-nvml-dev-cu12==12.8.90",
             "cufile": "nvidia-cufile-cu12==1.13.1.3"},
    "12.9": {"runtime": "nvidia-cuda-runtime-cu12==12.9.79", "nvrtc": "nvidia-cuda-nvrtc-cu12==12.9.86",
             "nvjitlink": "nvidia-nvjitlink-cu12==12.9.86", "nvcc": "nvidia-cuda-nvcc-cu12==12.9.86",
             "profiler": "nvidia-cuda-profiler-api-cu12==12.9.79",
             "nvfatbin": "nvidia-nvfatbin-cu12==12.9.82",
             "nvml": "nvidia-nvml-dev-cu12==12.9.79",
             "cufile": "nvidia-cufile-cu12==1.14.1.1"},
    "13.0": {"runtime": "nvidia-cuda-runtime==13.0.96", "nvrtc": "nvidia-cuda-nvrtc==13.0.88",
             "nvjitlink": "nvidia-nvjitlink==13.0.88", "crt": "nvidia-cuda-crt==13.0.88",
             "nvvm": "nvidia-nvvm==13.0.88", "profiler": "nvidia-cuda-profiler-api==13.0.85",
             "nvfatbin": "nvidia-nvfatbin==13.0.85",
             "nvml": "nvidia-nvml-dev==13.0.87",
             "cufile": "nvidia-cufile==1.15.1.6"},
    "13.5": {"runtime": "nvidia-cuda-runtime==13.5.37", "nvrtc": "nvidia-cuda-nvrtc==13.5.37",
             "nvjitlink": "nvidia-nvjitlink==13.5.37", "crt": "nvidia-cuda-crt==13.5.37",
             "nvvm": "nvidia-nvvm==13.5.37", "profiler": "nvidia-cuda-profiler-api==13.5.25",
             "nvfatbin": "nvidia-nvfatbin==13.5.37",
             "nvml": "nvidia-nvml-dev==13.5.37",
             "cufile": "nvidia-cufile==1.20.0.107"},
}

# The wheel that ships each family's shared library, first match (12.x has NVVM in the nvcc wheel). The
# driver's library comes with the GPU driver, never from a wheel.
_LIBRARY_ROLES = {"runtime": ("runtime",), "nvrtc": ("nvrtc",), "nvjitlink": ("nvjitlink",),
                  "nvvm": ("nvvm", "nvcc"), "nvfatbin": ("nvfatbin",),
                  "cufile": ("cufile",)}

def versions():
    return sorted(PINS, key=version_key)


def cache_dir(version=None):
    root = os.environ.get("CUDACFFI_WHEEL_CACHE") or os.path.join(os.path.expanduser("~"), ".cache",
                                                                  "cudacffi-wheels")
    return os.path.join(root, version) if version else root


def library_requirements(version, families):
    """The pins whose libraries ``families`` load at run time (for a test environment)."""
    pins = PINS[version]
    out = []
    for fam in families:
        role = next((r for r in _LIBRARY_ROLES.get(fam, ()) if r in pins), None)
        if role and pins[role] not in out:
            out.append(pins[role])
    return out

def _wheel_file(requirement, folder):
    """The wheel in ``folder`` matching ``name==version``, or None."""
    name, version = requirement.split("==")
    stem = "%s-%s-" % (re.sub(r"[-_.]+", "_", name), version)
    if os.path.isdir(folder):
        for f in sorted(os.listdir(folder)):
            if f.startswith(stem) and f.endswith(".whl"):
                return os.path.join(folder, f)
    return None


def fetch(version):
    """Paths of ``version``'s wheels, downloading (``pip download``) the ones not in the cache yet."""
    if version not in PINS:
        raise SystemExit("no wheel pins for CUDA %s (have: %s)" % (version, ", ".join(versions())))
    folder = cache_dir(version)
    missing = [r for r in PINS[version].values() if _wheel_file(r, folder) is None]
    if missing:
        os.makedirs(folder, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
                        "--no-deps", "--only-binary=:all:", "-d", folder] + missing, check=True)
    return [_wheel_file(r, folder) for r in PINS[version].values()]
