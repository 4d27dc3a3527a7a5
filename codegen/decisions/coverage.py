"""Which functions of the headers get what: left out of the API, a hand-written Python wrapper, a C helper
beside the stub. Data only (read by ``codegen/model.py``, ``codegen/emit_py_exception.py`` and
``codegen/emit_c.py``).
"""

# Functions of a family's headers left out of the API (the model never holds them): family -> names.
SKIP = {
    # OpenGL buffer-object interop deprecated since CUDA 3.0 (cuGraphicsGLRegisterBuffer replaces it); cuda.bindings
    # leaves it out too
    "driver": ("cuGLCtxCreate", "cuGLInit", "cuGLRegisterBufferObject", "cuGLMapBufferObject",
               "cuGLUnmapBufferObject", "cuGLUnregisterBufferObject", "cuGLSetBufferObjectMapFlags",
               "cuGLMapBufferObjectAsync", "cuGLUnmapBufferObjectAsync"),
    # They take a host stub or a device symbol (the address of a __global__ function or __device__ variable in a
    # program the CUDA compiler linked into the host binary), which a Python process does not have; cuda.bindings
    # leaves them out too. Kernels come from modules and libraries (cudaLibraryGetKernel).
    "runtime": ("cudaLaunchKernel", "cudaLaunchKernelExC", "cudaLaunchCooperativeKernel",
                "cudaLaunchCooperativeKernelMultiDevice", "cudaFuncGetName", "cudaFuncGetParamInfo",
                "cudaGetFuncBySymbol", "cudaGetSymbolAddress", "cudaGetSymbolSize", "cudaMemcpyToSymbol",
                "cudaMemcpyFromSymbol", "cudaMemcpyToSymbolAsync", "cudaMemcpyFromSymbolAsync",
                "cudaGraphAddMemcpyNodeToSymbol", "cudaGraphAddMemcpyNodeFromSymbol",
                "cudaGraphMemcpyNodeSetParamsToSymbol", "cudaGraphMemcpyNodeSetParamsFromSymbol",
                "cudaGraphExecMemcpyNodeSetParamsToSymbol", "cudaGraphExecMemcpyNodeSetParamsFromSymbol",
                "cudaOccupancyMaxActiveClusters", "cudaOccupancyMaxPotentialClusterSize",
                # returns its struct by value, not a status: cudacffi/runtime.py builds it in Python
                "cudaCreateChannelDesc",
                # OpenGL buffer-object interop deprecated since CUDA 3.0 (cudaGraphicsGLRegisterBuffer replaces it)
                "cudaGLSetGLDevice", "cudaGLRegisterBufferObject", "cudaGLMapBufferObject", "cudaGLUnmapBufferObject",
                "cudaGLUnregisterBufferObject", "cudaGLSetBufferObjectMapFlags", "cudaGLMapBufferObjectAsync",
                "cudaGLUnmapBufferObjectAsync"),
}

# C functions whose Python wrapper is written by hand in cudacffi/<family>.py (their C stubs are generated as
# every other's): the caller's arrays of structs taken whole and written back, versioned requests holding an
# array the binding sizes from a first call, buffers whose size the library reports. cuda.bindings' forms of
# these follow no rule of the header; tests/test_signatures.py checks the hand-written signatures.
HAND_WRITTEN = {
    "nvml": frozenset((
        "nvmlDeviceGetFieldValues", "nvmlDeviceClearFieldValues",  # a FieldValue list, its count its length
        "nvmlDeviceGetProcessesUtilizationInfo", "nvmlDeviceGetVgpuProcessesUtilizationInfo",  # sample arrays
        "nvmlDeviceGetVgpuTypeCreatablePlacements", "nvmlDeviceGetVgpuTypeSupportedPlacements",  # placement ids
        "nvmlGpuInstanceGetVgpuTypeCreatablePlacements",
        "nvmlEventSetGetContextData_v1", "nvmlSystemEventSetWait",  # event payloads and event arrays
        "nvmlDeviceGetVgpuMetadata", "nvmlVgpuInstanceGetMetadata",  # metadata with opaque data of any size
        "nvmlDeviceGetGspFirmwareVersion",  # a string in a buffer of a size the call does not take
        "nvmlDeviceGetSupportedPerformanceStates",  # the array's size in bytes, set by the binding
        "nvmlDeviceGetRunningProcessDetailList",  # a process array sized from a first call
        "nvmlDeviceSetTemperatureThreshold",  # an input int passed by address
        "nvmlDeviceGetHandleByUUIDV",  # the UUID request built from its type and value
        "nvmlDeviceReadWritePRM_v1", "nvmlDeviceReadPRMCounters_v1",  # PRM requests as bytes and a counter list
        # bit masks of the caller's size in unsigned longs: a single slot would be overrun
        "nvmlDeviceGetCpuAffinity", "nvmlDeviceGetCpuAffinityWithinScope", "nvmlDeviceGetMemoryAffinity",
    )),
    "cufile": frozenset((
        "cuFileReadv", "cuFileWritev",  # an IOVec list, iovcnt its length
        "cuFileUseCount",  # returns None, as cuda.bindings' use_count
    )),
}

# The C helper ``emit_c.LAUNCH_BLOB`` (``cudacffi.core``'s launch of a packed argument blob) is written beside
# this function's stub, in the family that has it.
LAUNCH_HELPER = "cuLaunchKernelEx"
