"""Parameter directions: how each C parameter appears in Python (argument, output, list, buffer).

Rules decide most parameters from their C types; ``OVERRIDES`` below holds the cases rules cannot decide,
each with the reason. Directions (``param["dir"]``):

``in``          by value: scalar, enum, handle, struct by value
``in_struct``   pointer to a struct the caller passes (``const CUDA_MEMCPY2D *``): a struct wrapper or None
``in_str``      ``const char *``: bytes
``in_ptr``      ``void *`` / ``const void *``: int address, None or a buffer (written to when not const)
``attr_in``     ``void *`` to a value whose C type another argument (``by``: an attribute, a handle type)
                decides, per ``table`` of ``cudacffi/_attributes.py``: taken as that type's Python value
``attr_out``    the same, written by the library and returned (``size``: the caller's data size parameter)
``attr_out_list``  ``void **`` of such values, one per item of the attribute list ``by`` (``count``;
                ``sizes``: a list of data sizes)
``attr_size``   the byte size of the typed value ``of`` another parameter: set by the binding, not taken
``in_list``     ``const T *`` with an element count parameter: a list of T
``out``         ``T *`` the library fills: returned (``void **`` returns an int address)
``out_cstr``    ``const char **``: returned as bytes
``out_bytes``   ``char *`` with a capacity parameter: returned as bytes
``out_list``    ``T *`` with a count parameter: returned as a list; the count is ``inout`` or an ``in``
``inout``       ``T *`` count: taken as an argument (default 0) and returned
``caller_buf``  ``char *`` the caller supplies and the library writes (``nvrtcGetPTX``)
``kernel_params`` / ``extra``  ``cuLaunchKernel``'s argument block and its ``extra`` array
"""

from .ctypes_model import CType

_INT_BASES = {"int", "unsigned int", "size_t", "long", "unsigned long", "long long", "unsigned long long",
              "short", "unsigned short", "cuuint32_t", "cuuint64_t", "uint32_t", "uint64_t", "int32_t",
              "int64_t"}

# Python names for C parameters that are Python keywords or builtins (as cuda.bindings names them).
RENAMES = {"from": "from_", "type": "typename", "format": "pformat", "input": "input_", "bytes": "numbytes",
           "len": "length"}

# Non-const struct pointers are outputs by rule; these are structs the caller fills and passes in.
_STRUCT_INPUTS = [
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

# A void * whose C type another argument decides (cudacffi/_attributes.py has one table per kind of
# attribute): storage of exactly that type per call, read back as cuda.bindings reads it. ``by`` names the
# attribute parameter, ``table`` the table, ``size`` the caller's data size, ``sizes`` a list of them.
def _typed(table, by, **more):
    return dict(more, table=table, by=by)


_ATTRIBUTE_TYPED = {
    ("cuPointerGetAttribute", "data"): dict(_typed("pointer", "attribute"), dir="attr_out"),
    ("cuPointerSetAttribute", "value"): dict(_typed("pointer", "attribute"), dir="attr_in"),
    ("cuPointerGetAttributes", "attributes"): {"dir": "in_list", "count": "numAttributes"},
    ("cuPointerGetAttributes", "data"): dict(_typed("pointer", "attributes", count="numAttributes"),
                                             dir="attr_out_list"),
    **{(f, "data"): dict(_typed("mem_range", "attribute", size="dataSize"), dir="attr_out")
       for f in ("cuMemRangeGetAttribute", "cudaMemRangeGetAttribute")},
    **{(f, p): d for f in ("cuMemRangeGetAttributes", "cudaMemRangeGetAttributes") for p, d in (
        ("data", dict(_typed("mem_range", "attributes", count="numAttributes", sizes="dataSizes"),
                      dir="attr_out_list")),
        ("dataSizes", {"dir": "in_list", "count": "numAttributes"}),
        ("attributes", {"dir": "in_list", "count": "numAttributes"}))},
    # the size is the value's, set from the attribute (cuda.bindings takes and returns no size)
    **{(f + g, p): d for f in ("cuCoredumpGetAttribute", "cuCoredumpSetAttribute") for g in ("", "Global")
       for p, d in (("value", dict(_typed("coredump", "attrib"), dir="attr_out" if "Get" in f else "attr_in")),
                    ("size", {"dir": "attr_size", "of": "value"}))},
    **{(f, "value"): dict(_typed("mempool", "attr"), dir="attr_out" if "Get" in f else "attr_in")
       for f in ("cuMemPoolGetAttribute", "cuMemPoolSetAttribute", "cudaMemPoolGetAttribute",
                 "cudaMemPoolSetAttribute")},
    **{(f, "value"): dict(_typed("graph_mem", "attr"), dir="attr_out" if "Get" in f else "attr_in")
       for f in ("cuDeviceGetGraphMemAttribute", "cuDeviceSetGraphMemAttribute", "cudaDeviceGetGraphMemAttribute",
                 "cudaDeviceSetGraphMemAttribute")},
    # an exported handle is an fd, a Windows handle or a 64-byte fabric handle, by its handle type
    ("cuMemExportToShareableHandle", "shareableHandle"): dict(_typed("shareable", "handleType"), dir="attr_out"),
    ("cuMemPoolExportToShareableHandle", "handle_out"): dict(_typed("shareable", "handleType"), dir="attr_out"),
    ("cudaMemPoolExportToShareableHandle", "shareableHandle"): dict(_typed("shareable", "handleType"),
                                                                    dir="attr_out", pyname="handle_out"),
    ("cuMemGetHandleForAddressRange", "handle"): dict(_typed("range_handle", "handleType"), dir="attr_out"),
}


# (function, parameter) -> direction, or a dict of fields to set. Why each one is here:
OVERRIDES = {
    **{k: "in_struct" for k in _STRUCT_INPUTS},
    **_ATTRIBUTE_TYPED,
    # arrays of structs counted by the next parameter (a single struct is taken as a list of one)
    ("cuCtxCreate_v3", "paramsArray"): {"dir": "in_list", "count": "numParams"},
    ("cuDevResourceGenerateDesc", "resources"): {"dir": "in_list", "count": "nbResources"},
    ("cuMemBatchDecompressAsync", "paramsArray"): {"dir": "in_list", "count": "count"},
    ("cuPointerGetAttributes", "attributes"): {"dir": "in_list", "count": "numAttributes"},
    ("cuMemRangeGetAttributes", "attributes"): {"dir": "in_list", "count": "numAttributes"},
    ("cudaMemRangeGetAttributes", "attributes"): {"dir": "in_list", "count": "numAttributes"},
    ("cudaGraphMemFreeNodeGetParams", "dptr_out"): {"dir": "out", "any": "u64"},
    # a tensor map's arrays: as many items as the tensor's rank (strides: one fewer; im2col corners: two fewer)
    **{(f, a): {"dir": "in_list", "count": "tensorRank"}
       for f in ("cuTensorMapEncodeTiled", "cuTensorMapEncodeIm2col", "cuTensorMapEncodeIm2colWide")
       for a in ("globalDim", "elementStrides")},
    **{(f, "globalStrides"): {"dir": "in_list", "count": "tensorRank", "count_less": 1}
       for f in ("cuTensorMapEncodeTiled", "cuTensorMapEncodeIm2col", "cuTensorMapEncodeIm2colWide")},
    ("cuTensorMapEncodeTiled", "boxDim"): {"dir": "in_list", "count": "tensorRank"},
    **{("cuTensorMapEncodeIm2col", a): {"dir": "in_list", "count": "tensorRank", "count_less": 2}
       for a in ("pixelBoxLowerCorner", "pixelBoxUpperCorner")},
    # the log buffer holds as many bytes as the size the caller passes in
    ("cuLogsDumpToMemory", "buffer"): {"dir": "caller_buf", "count": "size"},
    # outputs cuda.bindings names apart from the C parameter
    ("cudaMemPoolImportFromShareableHandle", "memPool"): {"pyname": "pool_out"},
    ("cudaMemPoolExportPointer", "exportData"): {"pyname": "shareData_out"},
    ("cudaMemPoolImportPointer", "ptr"): {"pyname": "ptr_out"},
    ("cudaGraphAddEventRecordNode", "pGraphNode"): {"pyname": "phGraphNode"},
    ("cudaGraphAddEventWaitNode", "pGraphNode"): {"pyname": "phGraphNode"},
    # the runtime's capture mode swap and batched copies (the address lists are inputs)
    ("cudaThreadExchangeStreamCaptureMode", "mode"): "inout",
    ("cudaMemcpyBatchAsync", "dsts"): {"dir": "in_list", "count": "count"},
    ("cudaMemcpyBatchAsync", "srcs"): {"dir": "in_list", "count": "count"},
    ("cudaLibraryLoadData", "jitOptionsValues"): {"dir": "in_list", "count": "numJitOptions"},
    ("cudaLibraryLoadData", "libraryOptionValues"): {"dir": "in_list", "count": "numLibraryOptions"},
    ("cudaLibraryLoadFromFile", "jitOptionsValues"): {"dir": "in_list", "count": "numJitOptions"},
    ("cudaLibraryLoadFromFile", "libraryOptionValues"): {"dir": "in_list", "count": "numLibraryOptions"},
    # edge data runs beside the node lists, one item per dependency (13.0 drops the _v2 suffixes)
    **{(f + v, "edgeData"): {"dir": "in_list", "count": "numDependencies"}
       for f in ("cudaGraphAddDependencies", "cudaGraphRemoveDependencies", "cuGraphAddDependencies",
                 "cuGraphRemoveDependencies") for v in ("", "_v2")},
    **{("cuGraphNodeGetDependencies" + v, "edgeData"): {"dir": "out_list", "count": "numDependencies"}
       for v in ("", "_v2")},
    **{("cuGraphNodeGetDependentNodes" + v, "edgeData"): {"dir": "out_list", "count": "numDependentNodes"}
       for v in ("", "_v2")},
    **{("cudaGraphNodeGetDependencies" + v, "edgeData"): {"dir": "out_list", "count": "pNumDependencies"}
       for v in ("", "_v2")},
    **{("cudaGraphNodeGetDependentNodes" + v, "edgeData"): {"dir": "out_list", "count": "pNumDependentNodes"}
       for v in ("", "_v2")},
    **{(f, "dptrs"): {"dir": "in_list", "count": "count"}
       for f in ("cudaMemPrefetchBatchAsync", "cudaMemDiscardBatchAsync", "cudaMemDiscardAndPrefetchBatchAsync")},
    ("cudaLogsDumpToFile", "iterator"): "inout",
    ("cudaLogsDumpToMemory", "iterator"): "inout",
    ("cudaLogsDumpToMemory", "size"): "inout",
    **{("cudaGraphGetEdges" + v, end): {"dir": "out_list", "count": "numEdges"}
       for v in ("", "_v2") for end in ("from", "to")},
    # kernel arguments: the packed argument block and the extra array are inputs despite void **
    ("cuLaunchKernel", "kernelParams"): "kernel_params",
    ("cuLaunchKernel", "extra"): "extra",
    ("cuLaunchCooperativeKernel", "kernelParams"): "kernel_params",
    ("cuLaunchKernelEx", "kernelParams"): "kernel_params",
    ("cuLaunchKernelEx", "extra"): "extra",
    # JIT option values are a list of pointer-sized values given by the caller
    ("cuModuleLoadDataEx", "optionValues"): {"dir": "in_list", "count": "numOptions"},
    ("cuLinkCreate", "optionValues"): {"dir": "in_list", "count": "numOptions"},
    ("cuLinkAddData", "optionValues"): {"dir": "in_list", "count": "numOptions"},
    ("cuLinkAddFile", "optionValues"): {"dir": "in_list", "count": "numOptions"},
    ("cuLibraryLoadData", "jitOptionsValues"): {"dir": "in_list", "count": "numJitOptions"},
    ("cuLibraryLoadData", "libraryOptionValues"): {"dir": "in_list", "count": "numLibraryOptions"},
    ("cuLibraryLoadFromFile", "jitOptionsValues"): {"dir": "in_list", "count": "numJitOptions"},
    ("cuLibraryLoadFromFile", "libraryOptionValues"): {"dir": "in_list", "count": "numLibraryOptions"},
    # the mode is swapped: the caller's mode goes in, the previous one comes out
    ("cuThreadExchangeStreamCaptureMode", "mode"): "inout",
    # the iterator is advanced by the call; the caller's buffer receives the log and its size is updated
    ("cuLogsDumpToFile", "iterator"): "inout",
    ("cuLogsDumpToMemory", "iterator"): "inout",
    ("cuLogsDumpToMemory", "size"): "inout",
    # a fixed-size output: the LUID is 8 bytes
    ("cuDeviceGetLuid", "luid"): {"dir": "out_bytes", "fixed": 8},
    # four border colour components
    ("cuTexRefSetBorderColor", "pBorderColor"): {"dir": "in_list", "fixed": 4},
    # graphics resources are passed as a list given by the caller
    ("cuGraphicsMapResources", "resources"): {"dir": "in_list", "count": "count"},
    ("cuGraphicsUnmapResources", "resources"): {"dir": "in_list", "count": "count"},
    # the two ends of each edge share the edge count
    **{(f, end): {"dir": "in_list", "count": "numDependencies"}
       for f in ("cuGraphAddDependencies", "cuGraphAddDependencies_v2", "cuGraphRemoveDependencies",
                 "cuGraphRemoveDependencies_v2", "cudaGraphAddDependencies", "cudaGraphAddDependencies_v2",
                 "cudaGraphRemoveDependencies", "cudaGraphRemoveDependencies_v2") for end in ("from", "to")},
    **{(f, end): {"dir": "out_list", "count": "numEdges"}
       for f in ("cuGraphGetEdges", "cuGraphGetEdges_v2") for end in ("from", "to")},
    # the library's own array of edge data, counted like the dependencies
    ("cuStreamGetCaptureInfo_v3", "edgeData_out"): {"dir": "out_list", "count": "numDependencies_out"},
    ("cuStreamGetCaptureInfo", "edgeData_out"): {"dir": "out_list", "count": "numDependencies_out"},
    ("cudaStreamGetCaptureInfo_v3", "edgeData_out"): {"dir": "out_list", "count": "numDependencies_out"},
    ("cudaStreamGetCaptureInfo", "edgeData_out"): {"dir": "out_list", "count": "numDependencies_out"},
    ("cuLaunchCooperativeKernelMultiDevice", "launchParamsList"): {"dir": "in_list", "count": "numDevices"},
    # the groups are returned in a list as long as the group count the caller asks for
    ("cuDevSmResourceSplitByCount", "result"): {"dir": "out_list", "count": "nbGroups"},
    ("cudaDevSmResourceSplitByCount", "result"): {"dir": "out_list", "count": "nbGroups"},
    # CUDA 13.5 headers spell it graphID; cuda.bindings' output is graphId
    ("cudaGraphGetId", "graphID"): {"pyname": "graphId"},
    ("cudaGraphExecGetId", "graphID"): {"pyname": "graphId"},
    # header file contents and names come in two lists of the same length
    ("nvrtcCreateProgram", "includeNames"): {"dir": "in_list", "count": "numHeaders"},
    # the program handle is read and then cleared by the library
    ("nvrtcDestroyProgram", "prog"): "in_ref",
    # arrays whose length another call (or the API) fixes; a single slot would be overrun
    ("nvrtcGetSupportedArchs", "supportedArchs"): {"dir": "out_list", "count_fn": "nvrtcGetNumSupportedArchs"},
    ("cuTexRefGetBorderColor", "pBorderColor"): {"dir": "out_list", "fixed": 4},
    # CUDA 13.5: one reserved id comes back (the count is how many consecutive ids); one status per id
    ("cuLogicalEndpointIdReserve", "baseLeId"): "out",
    ("cuLogicalEndpointQuery", "queryStatus"): {"dir": "out_list", "count": "count"},
    # nvrtc returns a pointer to its own string
    ("nvrtcGetLoweredName", "lowered_name"): "out_cstr",
    # the handle is read and then cleared by the library, like nvrtcDestroyProgram's
    ("nvJitLinkDestroy", "handle"): "in_ref",
    ("nvvmDestroyProgram", "prog"): "in_ref",
    # input bytes counted by a size parameter (NVVM IR may be bitcode, with NULs): never read past the buffer
    ("nvJitLinkAddData", "data"): {"dir": "in_ptr", "size": "size"},
    ("nvvmAddModuleToProgram", "buffer"): {"dir": "in_ptr", "size": "size"},
    ("nvvmLazyAddModuleToProgram", "buffer"): {"dir": "in_ptr", "size": "size"},
    # -- graphics interop and EGL streams (cudaEGL.h, cudaGL.h, cuda_egl_interop.h, cuda_gl_interop.h) --------
    # the caller's connection, resource and stream, passed by address (cuda.bindings takes them as inputs)
    **{(pre + f, p): "in_ref" for pre in ("cu", "cuda")
       for f, ps in (("EGLStreamConsumerDisconnect", ("conn",)), ("EGLStreamProducerDisconnect", ("conn",)),
                     ("EGLStreamConsumerAcquireFrame", ("conn", "pCudaResource", "pStream")),
                     ("EGLStreamConsumerReleaseFrame", ("conn", "pStream")),
                     ("EGLStreamProducerPresentFrame", ("conn", "pStream")),
                     ("EGLStreamProducerReturnFrame", ("conn", "pStream")))
       for p in ps},
    # the frame to return is the caller's struct, which the library fills
    ("cuEGLStreamProducerReturnFrame", "eglframe"): "in_struct",
    ("cudaEGLStreamProducerReturnFrame", "eglframe"): "in_struct",
    # the device list's capacity is cudaDeviceCount; pCudaDeviceCount is how many devices there are
    **{(f, p): d for f in ("cuGLGetDevices", "cudaGLGetDevices")
       for p, d in (("pCudaDeviceCount", "out"), ("pCudaDevices", {"dir": "out_list", "count": "cudaDeviceCount"}))},
}


def _is_count_name(name):
    low = name.lower()
    if name.startswith("pNum"):  # the runtime's pointer counts: pNumDependencies
        low = low[1:]
    return low.startswith(("num", "nb")) or low.endswith("count") or low in ("length", "len")


def _stem(count_name):
    """``numDependencies_out`` -> ``dependencies``; generic names (``count``) have no stem."""
    low = count_name.lower()
    if count_name.startswith("pNum"):
        low = low[1:]
    if low.endswith("_out"):
        low = low[:-4]
    for prefix in ("num", "nb"):
        if low.startswith(prefix) and len(low) > len(prefix):
            return low[len(prefix):]
    return ""


def _related(stem, name):
    """Whether a list parameter's name belongs to a count's stem (``dependencies`` ~ ``dependencyData``)."""
    low = name.lower().replace("_out", "")
    common = 0
    while common < min(len(stem), len(low)) and stem[common] == low[common]:
        common += 1
    return common >= 0.7 * len(stem) or stem.rstrip("s") in low


def _int_like(index, t):
    r = index.resolve(t)
    return r.base in _INT_BASES or t.base in _INT_BASES


# What each direction may carry besides ``dir`` and ``pyname``: any other key, or a direction no emitter
# renders, is refused when the model is built, naming the function and the parameter.
SCHEMA = {
    "in": (), "in_struct": (), "in_str": (), "in_ptr": ("size",), "in_ref": (),
    "in_list": ("count", "fixed", "count_less"), "out": ("any",), "inout": (), "out_cstr": (),
    "out_bytes": ("count", "fixed"), "out_list": ("count", "fixed", "count_fn"), "caller_buf": ("count",),
    "kernel_params": (), "extra": (),
    "attr_in": ("table", "by"), "attr_out": ("table", "by", "size"), "attr_out_list": ("table", "by", "count", "sizes"),
    "attr_size": ("of",),
}
# the tables of cudacffi/_attributes.py (a test keeps the two in step)
ATTRIBUTE_TABLES = ("pointer", "mem_range", "coredump", "mempool", "graph_mem", "shareable", "range_handle")
_REFERENCES = ("count", "by", "size", "sizes", "of")  # keys that name another parameter of the function


def validate(f):
    """Raise ValueError unless every parameter of ``f`` has a direction the emitters render, with only the
    keys that direction takes, naming parameters ``f`` has."""
    names = {p["name"] for p in f["params"]}
    for p in f["params"]:
        where = "%s(%s)" % (f["name"], p["name"])
        if p["dir"] not in SCHEMA:
            raise ValueError("%s: direction %r is not one the emitters render" % (where, p["dir"]))
        extra = set(p) - {"name", "type", "dir", "pyname"} - set(SCHEMA[p["dir"]])
        if extra:
            raise ValueError("%s: direction %r takes no %s" % (where, p["dir"], ", ".join(sorted(extra))))
        for key in _REFERENCES:
            if key in p and p[key] not in names:
                raise ValueError("%s: %s names %r, which is not a parameter" % (where, key, p[key]))
        if "table" in p and p["table"] not in ATTRIBUTE_TABLES:
            raise ValueError("%s: no attribute table %r" % (where, p["table"]))


def assign(model):
    from .model import TypeIndex

    index = TypeIndex(model)
    for f in model["functions"]:
        ret = CType.from_json(f["ret"])
        if ret.base == "char" and ret.depth == 1:
            f["returns_string"] = True
        params = f["params"]
        types = [CType.from_json(p["type"]) for p in params]
        for i, (p, t) in enumerate(zip(params, types)):
            p["pyname"] = RENAMES.get(p["name"], p["name"])
            if "dir" in p:
                continue
            p["dir"] = _rule(index, f, params, types, i)
        for i, p in enumerate(params):
            o = OVERRIDES.get((f["name"], p["name"]))
            if o is None:
                continue
            if isinstance(o, str):  # the whole direction: what the rules attached to theirs goes
                p.pop("count", None)
                p["dir"] = o
            else:
                p.update(o)
        for p in params:  # the capacity of a caller-sized list is taken and returned
            if p["dir"] in ("out_list",) and p.get("count"):
                c = next(q for q in params if q["name"] == p["count"])
                caller_sized = len(CType.from_json(p["type"]).ptrs) == 1
                if CType.from_json(c["type"]).ptrs:
                    c["dir"] = "inout" if caller_sized else "out"
        validate(f)


def _find_count(index, params, types, i):
    """The integer parameter that counts parameter i's elements.

    A ``numX`` count belongs to the parameters named like X; a generic count (``count``, ``length``)
    belongs to the parameter right after it, or to the run of pointer parameters right before it.
    """
    def is_count(j):
        t = types[j]
        return (_is_count_name(params[j]["name"]) and _int_like(index, CType(t.base)) and len(t.ptrs) <= 1
                and not (t.ptrs and t.const))

    def same_run(a, b):  # pointer parameters of one depth, side by side, from a up to b
        lo, hi = min(a, b), max(a, b)
        return all(types[k].ptrs and len(types[k].ptrs) == len(types[i].ptrs) for k in range(lo, hi + 1)
                   if k != b)

    for j in range(len(params)):
        if j == i or not is_count(j):
            continue
        stem = _stem(params[j]["name"])
        if stem and _related(stem, params[i]["name"]):
            return params[j]["name"]
    for j in range(len(params)):
        if j == i or not is_count(j) or _stem(params[j]["name"]):
            continue
        if j == i + 1 or (j > i and same_run(i, j)):
            return params[j]["name"]
        if j == i - 1 and not (j > 0 and types[j - 1].ptrs and len(types[j - 1].ptrs) == len(types[i].ptrs)):
            return params[j]["name"]
    return None


def _rule(index, f, params, types, i):
    t = types[i]
    p = params[i]
    if not t.ptrs or t.fn is not None:
        return "in"
    if t.base == "char" and t.depth == 1:
        if t.const:
            return "in_str"
        cap = _find_count(index, params, types, i)
        if cap and not types[[q["name"] for q in params].index(cap)].ptrs:
            p["count"] = cap
            return "out_bytes"
        return "caller_buf"
    if t.base == "char" and t.depth == 2:
        cnt = _find_count(index, params, types, i)
        if t.ptrs[1] or (t.const and cnt):
            if cnt:
                p["count"] = cnt
                return "in_list"
        return "out_cstr"
    if t.base == "void" and t.depth == 1:
        return "in_ptr"
    if t.base == "void" and t.depth == 2:
        return "out"
    kind = index.kind(t.base)
    if t.depth == 1 and index.is_function_type(t.base):  # F * where F is a function type: a function pointer
        return "in"
    if t.depth == 1:
        if _is_count_name(p["name"]) and kind in ("primitive", "handle_int"):
            return "out"
        cnt = _find_count(index, params, types, i)
        if t.const:
            if cnt:
                p["count"] = cnt
            return "in_struct" if kind in ("struct", "opaque") and not cnt else "in_list"
        if cnt:
            p["count"] = cnt
            counted_by_pointer = bool(types[[q["name"] for q in params].index(cnt)].ptrs)
            getter = "Get" in f["name"] or "Enumerate" in f["name"]
            return "out_list" if counted_by_pointer or getter else "in_list"
        return "out"
    if t.depth == 2 and t.const and not t.ptrs[1]:
        # const T **x: the library returns a pointer to its own array of T, counted by another output
        cnt = _find_count(index, params, types, i)
        if cnt:
            p["count"] = cnt
            return "out_list"
    return "unsupported"
