"""The API families: one spec each, read by the build (``build_cffi.py``, ``setup.py``, ``codegen``), the
loader (where each library is found) and ``python -m cudacffi`` (what it reports).

Adding a family starts here. What the headers hold for it (which headers, status enum, constants) lives
beside its codegen in ``codegen/families.py``, which names the spec it belongs to. Importing this module
needs nothing but the standard library, so the build can read it before anything is compiled.
"""

from collections import namedtuple

# name            the module: cudacffi.<name> (compiled: cudacffi._<name>)
# style           "tuple" (cuda.bindings' driver/runtime/nvrtc) or "exception" (nvjitlink/nvvm)
# title           how ``python -m cudacffi`` names the library
# soname          the library's soname stem; the build's CUDA major is appended (libnvrtc.so.12)
# file_names      exact file names where the soname does not follow the CUDA major
# wheel_dirs      {CUDA major: folders of the NVIDIA wheels, under a sys.path entry, that hold the library}
# wheels          {CUDA major: the NVIDIA wheel to install when the library is missing}
# toolkit_dirs    folders of a toolkit (CUDA_HOME) beside lib64/ where the library may sit
# companions      libraries it opens by soname at run time, opened first from its own folder
Family = namedtuple("Family", "name style title soname file_names wheel_dirs wheels toolkit_dirs companions")

DRIVER = Family("driver", "tuple", "libcuda (driver)", "libcuda.so", (), {}, {}, (), "")
RUNTIME = Family("runtime", "tuple", "libcudart (runtime)", "libcudart.so", (),
                 {12: ("nvidia/cuda_runtime/lib",), 13: ("nvidia/cu13/lib",)},
                 {12: "nvidia-cuda-runtime-cu12", 13: "nvidia-cuda-runtime"}, (), "")
NVRTC = Family("nvrtc", "tuple", "libnvrtc", "libnvrtc.so", (),
               {12: ("nvidia/cuda_nvrtc/lib",), 13: ("nvidia/cu13/lib",)},
               {12: "nvidia-cuda-nvrtc-cu12", 13: "nvidia-cuda-nvrtc"}, (), "libnvrtc-builtins.so.")
NVJITLINK = Family("nvjitlink", "exception", "libnvJitLink", "libnvJitLink.so", (),
                   {12: ("nvidia/nvjitlink/lib",), 13: ("nvidia/cu13/lib",)},
                   {12: "nvidia-nvjitlink-cu12", 13: "nvidia-nvjitlink"}, (), "")
# libnvvm's soname does not follow the CUDA major (libnvvm.so.4 in 12.x and 13.x; the 12.x wheel ships it
# as libnvvm.so), and a toolkit keeps it under nvvm/
NVVM = Family("nvvm", "exception", "libnvvm", "libnvvm.so", ("libnvvm.so.4", "libnvvm.so"),
              {12: ("nvidia/cuda_nvcc/nvvm/lib64",), 13: ("nvidia/cu13/lib",)},
              {12: "nvidia-cuda-nvcc-cu12", 13: "nvidia-nvvm"}, ("nvvm/lib64",), "")

NVFATBIN = Family("nvfatbin", "exception", "libnvfatbin", "libnvfatbin.so", (),
                  {12: ("nvidia/nvfatbin/lib",), 13: ("nvidia/cu13/lib",)},
                  {12: "nvidia-nvfatbin-cu12", 13: "nvidia-nvfatbin"}, (), "")

# NVML comes with the driver (libnvidia-ml.so.1), never from a wheel; its soname does not follow the CUDA major
NVML = Family("nvml", "exception", "libnvidia-ml (NVML)", "libnvidia-ml.so", ("libnvidia-ml.so.1",), {}, {}, (), "")

# cuFile (GPUDirect Storage): libcufile.so.0 in 12.x and 13.x alike, from the nvidia-cufile-cu12 / nvidia-cufile wheels
CUFILE = Family("cufile", "exception", "libcufile (cuFile)", "libcufile.so", ("libcufile.so.0",),
                {12: ("nvidia/cufile/lib",), 13: ("nvidia/cu13/lib",)},
                {12: "nvidia-cufile-cu12", 13: "nvidia-cufile"}, (), "")

FAMILIES = {f.name: f for f in (DRIVER, RUNTIME, NVRTC, NVJITLINK, NVVM, NVFATBIN, NVML, CUFILE)}  # in build and report order
NAMES = tuple(FAMILIES)
MAJORS = (13, 12)  # CUDA majors the loader knows, newest first
DEFAULT_MAJOR = 12  # the major of the default build, whose wheels ``pip install "cudacffi[all]"`` pulls
