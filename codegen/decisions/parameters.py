"""Per-parameter decisions: how a function's parameters appear in Python where the rules of
``codegen/directions.py`` cannot tell from the C types, each with its reason. Data only: the rules and the
lowering (``codegen/lowering.py``) read these tables; the vocabulary (``Direction``, ``Named``) is
``codegen/kinds.py``'s.

To add an override: an entry in ``OVERRIDES`` (any family), ``NVML_OVERRIDES`` (nvml.h, before NVML's rules)
or ``CUFILE_ADDRESSES`` (cufile.h), with its reason.
"""

from ..kinds import Direction, Named

# Caller buffers the library fills with a NUL-terminated string. Each library counts the NUL in the size it
# reports, except where the string is empty: nvJitLink then reports 0 and still writes the NUL, one byte past
# a buffer sized from the report. Such a buffer must hold the size reported and at least one byte
# (``cudacffi._buffers.string_room``); the binary outputs beside them (CUBIN, LTO-IR, OptiX IR, NVVM IR) are exact.
STRING_OUTPUTS = frozenset((
    ("nvrtcGetPTX", "ptx"), ("nvrtcGetProgramLog", "log"),
    ("nvJitLinkGetLinkedPtx", "ptx"), ("nvJitLinkGetErrorLog", "log"), ("nvJitLinkGetInfoLog", "log"),
    ("nvvmGetCompiledResult", "buffer"), ("nvvmGetProgramLog", "buffer"),
    ("cuLogsDumpToMemory", "buffer"),
))

# Arrays of structs a library reads or writes whole, as many as another argument counts: (function, array) ->
# the count. Their buffers must hold count * sizeof(item) (``cudacffi._exception_style.output_buffer``'s ``count``).
COUNTED_STRUCTS = {
    ("cuFileBatchIOSubmit", "iocbp"): "nr",
    ("cuFileBatchIOGetStatus", "iocbp"): "*nr",  # as many events as the unsigned int the caller's nr holds
}

# Buffers a library reads or writes ``size`` bytes of, at an offset another argument gives: (function, buffer) ->
# (size argument, offset argument or None). A buffer object must hold size + offset bytes
# (``cudacffi._exception_style.check_extent``); an int address is the caller's promise.
BUFFER_EXTENTS = {
    ("cuFileRead", "bufPtr_base"): ("size", "bufPtr_offset"),
    ("cuFileWrite", "bufPtr_base"): ("size", "bufPtr_offset"),
    ("cuFileBufRegister", "bufPtr_base"): ("length", None),
}


# Non-const struct pointers are outputs by rule; these are structs the caller fills and passes in.
STRUCT_INPUTS = [
    ("cuCtxCreate_v4", "ctxCreateParams"), ("cuGraphAddMemAllocNode", "nodeParams"),
    ("cuGraphInstantiateWithParams", "instantiateParams"), ("cuGraphAddNode", "nodeParams"),
    ("cuGraphAddNode_v2", "nodeParams"), ("cuGraphNodeSetParams", "nodeParams"),
    ("cuGraphExecNodeSetParams", "nodeParams"), ("cuTensorMapReplaceAddress", "tensorMap"),
    ("cuMemPoolGetAccess", "location"), ("cuMemPoolImportPointer", "shareData"),
    ("cuCheckpointProcessLock", "args"), ("cuCheckpointProcessCheckpoint", "args"),
    ("cuCheckpointProcessRestore", "args"), ("cuCheckpointProcessUnlock", "args"),
    ("cuGraphConditionalHandleCreate", "hConditional"),
    # CUDA 13 headers: cuCtxCreate is the _v4 form; memory pools are looked up by location
    ("cuCtxCreate", "ctxCreateParams"), ("cuMemGetDefaultMemPool", "location"),
    ("cuMemGetMemPool", "location"), ("cuMemSetMemPool", "location"),
    # the runtime's counterparts
    ("cudaGraphAddMemAllocNode", "nodeParams"), ("cudaGraphInstantiateWithParams", "instantiateParams"),
    ("cudaGraphAddNode", "nodeParams"), ("cudaGraphAddNode_v2", "nodeParams"), ("cudaGraphNodeSetParams", "nodeParams"),
    ("cudaGraphExecNodeSetParams", "nodeParams"), ("cudaMemPoolGetAccess", "location"),
    ("cudaMemPoolImportPointer", "exportData"),
    ("cudaMemGetDefaultMemPool", "location"), ("cudaMemGetMemPool", "location"), ("cudaMemSetMemPool", "location"),
    # CUDA 13.5 headers: attribute and parameter structs of the new calls are the caller's
    ("cuMemcpyWithAttributesAsync", "attr"), ("cuMemcpy3DWithAttributesAsync", "op"),
    ("cuMemGetLocationInfo", "location_out"), ("cuStreamBeginCaptureToCig", "streamCigCaptureParams"),
    ("cuGraphAddNode_v3", "nodeParams"), ("cuGraphNodeSetParams_v2", "nodeParams"),
    ("cuTensorMapSetAllocationClass", "tensorMap"),
    ("cudaMemcpyWithAttributesAsync", "attr"), ("cudaMemcpy3DWithAttributesAsync", "op"),
    ("cudaMemGetLocationInfo", "location_out"), ("cudaStreamBeginRecaptureToGraph", "callbackData"),
]


# A void * whose C type another argument decides (cudacffi/_attribute_values.py has one table per kind of
# attribute): storage of exactly that type per call, read back as cuda.bindings reads it. ``by`` names the
# attribute parameter, ``table`` the table, ``size`` the caller's data size, ``sizes`` a list of them.
ATTRIBUTE_TYPED = {
    ("cuPointerGetAttribute", "data"): Direction("attr_out", table="pointer", by="attribute"),
    ("cuPointerSetAttribute", "value"): Direction("attr_in", table="pointer", by="attribute"),
    ("cuPointerGetAttributes", "attributes"): Direction("in_list", count="numAttributes"),
    ("cuPointerGetAttributes", "data"): Direction("attr_out_list", table="pointer", by="attributes",
                                                  count="numAttributes"),
    **{(f, "data"): Direction("attr_out", table="mem_range", by="attribute", size="dataSize")
       for f in ("cuMemRangeGetAttribute", "cudaMemRangeGetAttribute")},
    **{(f, p): d for f in ("cuMemRangeGetAttributes", "cudaMemRangeGetAttributes") for p, d in (
        ("data", Direction("attr_out_list", table="mem_range", by="attributes", count="numAttributes",
                           sizes="dataSizes")),
        ("dataSizes", Direction("in_list", count="numAttributes")),
        ("attributes", Direction("in_list", count="numAttributes")))},
    # the size is the value's, set from the attribute (cuda.bindings takes and returns no size)
    **{(f + g, p): d for f in ("cuCoredumpGetAttribute", "cuCoredumpSetAttribute") for g in ("", "Global")
       for p, d in (("value", Direction("attr_out" if "Get" in f else "attr_in", table="coredump", by="attrib")),
                    ("size", Direction("attr_size", of="value")))},
    **{(f, "value"): Direction("attr_out" if "Get" in f else "attr_in", table="mempool", by="attr")
       for f in ("cuMemPoolGetAttribute", "cuMemPoolSetAttribute", "cudaMemPoolGetAttribute",
                 "cudaMemPoolSetAttribute")},
    **{(f, "value"): Direction("attr_out" if "Get" in f else "attr_in", table="graph_mem", by="attr")
       for f in ("cuDeviceGetGraphMemAttribute", "cuDeviceSetGraphMemAttribute", "cudaDeviceGetGraphMemAttribute",
                 "cudaDeviceSetGraphMemAttribute")},
    # an exported handle is an fd, a Windows handle or a 64-byte fabric handle, by its handle type
    ("cuMemExportToShareableHandle", "shareableHandle"): Direction("attr_out", table="shareable", by="handleType"),
    ("cuMemPoolExportToShareableHandle", "handle_out"): Direction("attr_out", table="shareable", by="handleType"),
    ("cudaMemPoolExportToShareableHandle", "shareableHandle"): Named(
        "handle_out", Direction("attr_out", table="shareable", by="handleType")),
    ("cuMemGetHandleForAddressRange", "handle"): Direction("attr_out", table="range_handle", by="handleType"),
}



# (function, parameter) -> direction, or a dict of fields to set. Why each one is here:
OVERRIDES = {
    **{k: Direction("in_struct") for k in STRUCT_INPUTS},
    **ATTRIBUTE_TYPED,
    # arrays of structs counted by the next parameter (a single struct is taken as a list of one)
    ("cuCtxCreate_v3", "paramsArray"): Direction("in_list", count="numParams"),
    ("cuDevResourceGenerateDesc", "resources"): Direction("in_list", count="nbResources"),
    ("cuMemBatchDecompressAsync", "paramsArray"): Direction("in_list", count="count"),
    ("cuPointerGetAttributes", "attributes"): Direction("in_list", count="numAttributes"),
    ("cuMemRangeGetAttributes", "attributes"): Direction("in_list", count="numAttributes"),
    ("cudaMemRangeGetAttributes", "attributes"): Direction("in_list", count="numAttributes"),
    ("cudaGraphMemFreeNodeGetParams", "dptr_out"): Direction("out", any="u64"),
    # a tensor map's arrays: as many items as the tensor's rank (strides: one fewer; im2col corners: two fewer)
    **{(f, a): Direction("in_list", count="tensorRank")
       for f in ("cuTensorMapEncodeTiled", "cuTensorMapEncodeIm2col", "cuTensorMapEncodeIm2colWide")
       for a in ("globalDim", "elementStrides")},
    **{(f, "globalStrides"): Direction("in_list", count="tensorRank", count_less=1)
       for f in ("cuTensorMapEncodeTiled", "cuTensorMapEncodeIm2col", "cuTensorMapEncodeIm2colWide")},
    ("cuTensorMapEncodeTiled", "boxDim"): Direction("in_list", count="tensorRank"),
    **{("cuTensorMapEncodeIm2col", a): Direction("in_list", count="tensorRank", count_less=2)
       for a in ("pixelBoxLowerCorner", "pixelBoxUpperCorner")},
    # the log buffer holds as many bytes as the size the caller passes in
    ("cuLogsDumpToMemory", "buffer"): Direction("caller_buf", count="size"),
    # outputs cuda.bindings names apart from the C parameter
    ("cudaMemPoolImportFromShareableHandle", "memPool"): Named("pool_out"),
    ("cudaMemPoolExportPointer", "exportData"): Named("shareData_out"),
    ("cudaMemPoolImportPointer", "ptr"): Named("ptr_out"),
    ("cudaGraphAddEventRecordNode", "pGraphNode"): Named("phGraphNode"),
    ("cudaGraphAddEventWaitNode", "pGraphNode"): Named("phGraphNode"),
    # the runtime's capture mode swap and batched copies (the address lists are inputs)
    ("cudaThreadExchangeStreamCaptureMode", "mode"): Direction("inout"),
    ("cudaMemcpyBatchAsync", "dsts"): Direction("in_list", count="count"),
    ("cudaMemcpyBatchAsync", "srcs"): Direction("in_list", count="count"),
    ("cudaLibraryLoadData", "jitOptionsValues"): Direction("in_list", count="numJitOptions"),
    ("cudaLibraryLoadData", "libraryOptionValues"): Direction("in_list", count="numLibraryOptions"),
    ("cudaLibraryLoadFromFile", "jitOptionsValues"): Direction("in_list", count="numJitOptions"),
    ("cudaLibraryLoadFromFile", "libraryOptionValues"): Direction("in_list", count="numLibraryOptions"),
    # edge data runs beside the node lists, one item per dependency (13.0 drops the _v2 suffixes)
    **{(f + v, "edgeData"): Direction("in_list", count="numDependencies")
       for f in ("cudaGraphAddDependencies", "cudaGraphRemoveDependencies", "cuGraphAddDependencies",
                 "cuGraphRemoveDependencies") for v in ("", "_v2")},
    **{("cuGraphNodeGetDependencies" + v, "edgeData"): Direction("out_list", count="numDependencies")
       for v in ("", "_v2")},
    **{("cuGraphNodeGetDependentNodes" + v, "edgeData"): Direction("out_list", count="numDependentNodes")
       for v in ("", "_v2")},
    **{("cudaGraphNodeGetDependencies" + v, "edgeData"): Direction("out_list", count="pNumDependencies")
       for v in ("", "_v2")},
    **{("cudaGraphNodeGetDependentNodes" + v, "edgeData"): Direction("out_list", count="pNumDependentNodes")
       for v in ("", "_v2")},
    **{(f, "dptrs"): Direction("in_list", count="count")
       for f in ("cudaMemPrefetchBatchAsync", "cudaMemDiscardBatchAsync", "cudaMemDiscardAndPrefetchBatchAsync")},
    ("cudaLogsDumpToFile", "iterator"): Direction("inout"),
    ("cudaLogsDumpToMemory", "iterator"): Direction("inout"),
    ("cudaLogsDumpToMemory", "size"): Direction("inout"),
    **{("cudaGraphGetEdges" + v, end): Direction("out_list", count="numEdges")
       for v in ("", "_v2") for end in ("from", "to")},
    # kernel arguments: the packed argument block and the extra array are inputs despite void **
    ("cuLaunchKernel", "kernelParams"): Direction("kernel_params"),
    ("cuLaunchKernel", "extra"): Direction("extra"),
    ("cuLaunchCooperativeKernel", "kernelParams"): Direction("kernel_params"),
    ("cuLaunchKernelEx", "kernelParams"): Direction("kernel_params"),
    ("cuLaunchKernelEx", "extra"): Direction("extra"),
    # JIT option values are a list of pointer-sized values given by the caller
    ("cuModuleLoadDataEx", "optionValues"): Direction("in_list", count="numOptions"),
    ("cuLinkCreate", "optionValues"): Direction("in_list", count="numOptions"),
    ("cuLinkAddData", "optionValues"): Direction("in_list", count="numOptions"),
    ("cuLinkAddFile", "optionValues"): Direction("in_list", count="numOptions"),
    ("cuLibraryLoadData", "jitOptionsValues"): Direction("in_list", count="numJitOptions"),
    ("cuLibraryLoadData", "libraryOptionValues"): Direction("in_list", count="numLibraryOptions"),
    ("cuLibraryLoadFromFile", "jitOptionsValues"): Direction("in_list", count="numJitOptions"),
    ("cuLibraryLoadFromFile", "libraryOptionValues"): Direction("in_list", count="numLibraryOptions"),
    # the mode is swapped: the caller's mode goes in, the previous one comes out
    ("cuThreadExchangeStreamCaptureMode", "mode"): Direction("inout"),
    # the iterator is advanced by the call; the caller's buffer receives the log and its size is updated
    ("cuLogsDumpToFile", "iterator"): Direction("inout"),
    ("cuLogsDumpToMemory", "iterator"): Direction("inout"),
    ("cuLogsDumpToMemory", "size"): Direction("inout"),
    # a fixed-size output: the LUID is 8 bytes
    ("cuDeviceGetLuid", "luid"): Direction("out_bytes", fixed=8),
    # four border colour components
    ("cuTexRefSetBorderColor", "pBorderColor"): Direction("in_list", fixed=4),
    # graphics resources are passed as a list given by the caller
    ("cuGraphicsMapResources", "resources"): Direction("in_list", count="count"),
    ("cuGraphicsUnmapResources", "resources"): Direction("in_list", count="count"),
    # the two ends of each edge share the edge count
    **{(f, end): Direction("in_list", count="numDependencies")
       for f in ("cuGraphAddDependencies", "cuGraphAddDependencies_v2", "cuGraphRemoveDependencies",
                 "cuGraphRemoveDependencies_v2", "cudaGraphAddDependencies", "cudaGraphAddDependencies_v2",
                 "cudaGraphRemoveDependencies", "cudaGraphRemoveDependencies_v2") for end in ("from", "to")},
    **{(f, end): Direction("out_list", count="numEdges")
       for f in ("cuGraphGetEdges", "cuGraphGetEdges_v2") for end in ("from", "to")},
    # the library's own array of edge data, counted like the dependencies
    ("cuStreamGetCaptureInfo_v3", "edgeData_out"): Direction("out_list", count="numDependencies_out"),
    ("cuStreamGetCaptureInfo", "edgeData_out"): Direction("out_list", count="numDependencies_out"),
    ("cudaStreamGetCaptureInfo_v3", "edgeData_out"): Direction("out_list", count="numDependencies_out"),
    ("cudaStreamGetCaptureInfo", "edgeData_out"): Direction("out_list", count="numDependencies_out"),
    ("cuLaunchCooperativeKernelMultiDevice", "launchParamsList"): Direction("in_list", count="numDevices"),
    # the groups are returned in a list as long as the group count the caller asks for
    ("cuDevSmResourceSplitByCount", "result"): Direction("out_list", count="nbGroups"),
    ("cudaDevSmResourceSplitByCount", "result"): Direction("out_list", count="nbGroups"),
    # CUDA 13.5: one result and one group description per group (a single slot would be overrun)
    ("cuDevSmResourceSplit", "result"): Direction("out_list", count="nbGroups"),
    ("cudaDevSmResourceSplit", "result"): Direction("out_list", count="nbGroups"),
    ("cuDevSmResourceSplit", "groupParams"): Direction("in_list", count="nbGroups"),
    ("cudaDevSmResourceSplit", "groupParams"): Direction("in_list", count="nbGroups"),
    # CUDA 13.5 headers spell it graphID; cuda.bindings' output is graphId
    ("cudaGraphGetId", "graphID"): Named("graphId"),
    ("cudaGraphExecGetId", "graphID"): Named("graphId"),
    # header file contents and names come in two lists of the same length
    ("nvrtcCreateProgram", "includeNames"): Direction("in_list", count="numHeaders"),
    # the program handle is read and then cleared by the library
    ("nvrtcDestroyProgram", "prog"): Direction("in_ref"),
    # arrays whose length another call (or the API) fixes; a single slot would be overrun
    ("nvrtcGetSupportedArchs", "supportedArchs"): Direction("out_list", count_fn="nvrtcGetNumSupportedArchs"),
    ("cuTexRefGetBorderColor", "pBorderColor"): Direction("out_list", fixed=4),
    # CUDA 13.5: one reserved id comes back (the count is how many consecutive ids); one status per id
    ("cuLogicalEndpointIdReserve", "baseLeId"): Direction("out"),
    ("cuLogicalEndpointQuery", "queryStatus"): Direction("out_list", count="count"),
    # nvrtc returns a pointer to its own string
    ("nvrtcGetLoweredName", "lowered_name"): Direction("out_cstr"),
    # the handle is read and then cleared by the library, like nvrtcDestroyProgram's
    ("nvJitLinkDestroy", "handle"): Direction("in_ref"),
    ("nvvmDestroyProgram", "prog"): Direction("in_ref"),
    # input bytes counted by a size parameter (NVVM IR may be bitcode, with NULs): never read past the buffer
    ("nvJitLinkAddData", "data"): Direction("in_ptr", size="size"),
    ("nvvmAddModuleToProgram", "buffer"): Direction("in_ptr", size="size"),
    ("nvvmLazyAddModuleToProgram", "buffer"): Direction("in_ptr", size="size"),
    # nvFatbin: the inputs are bytes counted by size (PTX too: cuda.bindings takes bytes), and the handle is
    # read and cleared by the destroy call, which cuda.bindings names handle
    **{("nvFatbinAdd" + k, "code"): Direction("in_ptr", size="size")
       for k in ("PTX", "Cubin", "LTOIR", "Index", "Reloc", "TileIR")},
    ("nvFatbinDestroy", "handle_indirect"): Named("handle", Direction("in_ref")),
    ("nvFatbinCreate", "handle_indirect"): Named("handle"),
    # -- graphics interop and EGL streams (cudaEGL.h, cudaGL.h, cuda_egl_interop.h, cuda_gl_interop.h) --------
    # the caller's connection, resource and stream, passed by address (cuda.bindings takes them as inputs)
    **{(pre + f, p): Direction("in_ref") for pre in ("cu", "cuda")
       for f, ps in (("EGLStreamConsumerDisconnect", ("conn",)), ("EGLStreamProducerDisconnect", ("conn",)),
                     ("EGLStreamConsumerAcquireFrame", ("conn", "pCudaResource", "pStream")),
                     ("EGLStreamConsumerReleaseFrame", ("conn", "pStream")),
                     ("EGLStreamProducerPresentFrame", ("conn", "pStream")),
                     ("EGLStreamProducerReturnFrame", ("conn", "pStream")))
       for p in ps},
    # the frame to return is the caller's struct, which the library fills
    ("cuEGLStreamProducerReturnFrame", "eglframe"): Direction("in_struct"),
    ("cudaEGLStreamProducerReturnFrame", "eglframe"): Direction("in_struct"),
    # the device list's capacity is cudaDeviceCount; pCudaDeviceCount is how many devices there are
    **{(f, p): d for f in ("cuGLGetDevices", "cudaGLGetDevices")
       for p, d in (("pCudaDeviceCount", Direction("out")), ("pCudaDevices", Direction("out_list", count="cudaDeviceCount")))},
}


# NVML's parameters the rules below cannot tell
NVML_OVERRIDES = {
    # the PCI location the caller names (a non-const nvmlPciInfo_t *, read by the library)
    **{(f, "pciInfo"): Direction("in_struct") for f in ("nvmlDeviceDiscoverGpus", "nvmlDeviceQueryDrainState",
                                                         "nvmlDeviceRemoveGpu", "nvmlDeviceModifyDrainState")},
    ("nvmlGetVgpuCompatibility", "vgpuMetadata"): Direction("in_struct"),
    ("nvmlGetVgpuCompatibility", "pgpuMetadata"): Direction("in_struct"),
    # three scalar outputs, none of them a list
    **{(f, p): Direction("out") for f in ("nvmlDeviceGetEncoderStats", "nvmlVgpuInstanceGetEncoderStats")
       for p in ("sessionCount", "averageFps")},
    # the branch string's room inside the struct (NVML_SYSTEM_DRIVER_BRANCH_BUFFER_SIZE)
    ("nvmlSystemGetDriverBranch", "branchInfo"): Direction("out"),
    ("nvmlSystemGetDriverBranch", "length"): Direction("capacity", fixed=80),
    # cuda.bindings' names
    ("nvmlDeviceSetVgpuHeterogeneousMode", "pHeterogeneousMode"): Named("mode"),
    ("nvmlGpuInstanceSetVgpuHeterogeneousMode", "pHeterogeneousMode"): Named("mode"),
    ("nvmlDeviceSetNvLinkDeviceLowPowerThreshold", "info"): Named("threshold", Direction("in_struct")),
    # a versioned request whose input fields cuda.bindings takes as arguments (and returns the struct, or
    # nothing for a setter); the binding fills the rest, version included
    **{(f, p): Direction("out", fields=fs) for f, p, fs in (
        ("nvmlDeviceGetFanSpeedRPM", "fanSpeed", (("fan", "fan"),)),
        ("nvmlDeviceGetTemperatureV", "temperature", (("sensorType", "sensorType"),)),
        ("nvmlDeviceGetClockOffsets", "info", (("clock_type", "type"), ("pstate", "pstate"))),
        ("nvmlVgpuTypeGetMaxInstancesPerGpuInstance", "pMaxInstance", (("vgpu_type_id", "vgpuTypeId"),)),
        ("nvmlEventSetGetContextInfo_v1", "params", (("index", "index"),)),
        ("nvmlEventSetGetGpuOperationalEventContextLegacyXid_v1", "params", (("index", "index"),)),
        ("nvmlEventSetWait_v3", "params", (("timeout_ms", "timeoutMs"),)),
        ("nvmlDeviceGetConfComputeGpuAttestationReport", "gpuAtstReport", (("nonce", "nonce"),)),
        ("nvmlSystemEventSetCreate", "request", ()))},
    **{(f, p): Direction("in_fields", fields=fs) for f, p, fs in (
        ("nvmlDeviceSetPowerManagementLimit_v2", "powerValue", (("power_scope", "powerScope"),
                                                                ("power_value_mw", "powerValueMw"))),
        ("nvmlDeviceSetRusdSettings_v1", "settings", (("poll_mask", "pollMask"),)),
        ("nvmlSystemSetConfComputeKeyRotationThresholdInfo", "pKeyRotationThrInfo",
         (("max_attacker_advantage", "maxAttackerAdvantage"),)),
        ("nvmlSystemEventSetFree", "request", (("event_set", "set"),)),
        ("nvmlSystemRegisterEvents", "request", (("event_types", "eventTypes"), ("event_set", "set"))))},
}


# What cuda.bindings.cufile takes as an int address: the structs and arrays the caller lays out (a file
# descriptor record, batch I/O parameters and events, statistics, slab arrays; readv/writev's vectors, which
# cudacffi/cufile.py lays out from its IOVec list), and the size and offset cells of
# the stream calls, which the library reads when the stream reaches the operation, after the call returns.
CUFILE_ADDRESSES = (
    ("cuFileHandleRegister", "descr"), ("cuFileDriverGetProperties", "props"),
    ("cuFileBatchIOSubmit", "iocbp"), ("cuFileBatchIOGetStatus", "nr"), ("cuFileBatchIOGetStatus", "iocbp"),
    ("cuFileBatchIOGetStatus", "timeout"),
    ("cuFileReadAsync", "size_p"), ("cuFileReadAsync", "file_offset_p"), ("cuFileReadAsync", "bufPtr_offset_p"),
    ("cuFileReadAsync", "bytes_read_p"), ("cuFileWriteAsync", "size_p"), ("cuFileWriteAsync", "file_offset_p"),
    ("cuFileWriteAsync", "bufPtr_offset_p"), ("cuFileWriteAsync", "bytes_written_p"),
    ("cuFileReadv", "iov"), ("cuFileWritev", "iov"),  # an array of iovcnt CUfileIOVec_t
    ("cuFileGetStatsL1", "stats"), ("cuFileGetStatsL2", "stats"), ("cuFileGetStatsL3", "stats"),
    *[(f, p) for f in ("cuFileSetParameterPosixPoolSlabArray", "cuFileGetParameterPosixPoolSlabArray",
                       "cuFileSetParameterGpuBounceBufferSlabArray", "cuFileGetParameterGpuBounceBufferSlabArray")
      for p in ("size_values", "count_values")],
)

