"""Parameter directions: how each C parameter appears in Python (argument, output, list, buffer).

Rules decide most parameters from their C types; ``OVERRIDES`` below holds the cases rules cannot decide,
each with the reason. A direction is typed: a ``Direction`` is one of the ``KINDS`` (each says whether the
parameter is a Python input, an output, both or neither, which keys it takes and needs, and how the C stub
takes it) with its keys: ``count`` (the parameter counting a list), ``fixed`` (a length the API fixes),
``count_less``, ``count_fn`` (the function that says a length), ``size``/``sizes`` (a byte size parameter,
a list of them), ``any`` (an output slot wider than the C type), ``table``/``by``/``of`` (values typed by an
attribute argument, per ``table`` of ``cudacffi/_attribute_values.py``). A combination no kind takes is refused
when the ``Direction`` is made: for an override, when this module is imported; for a model, when it is
decided, naming the function and the parameter.

To add a direction: a ``Kind`` in ``KINDS`` and its rule in ``codegen/lowering.py`` (``Lowering.RULES``).
To add an override: an entry in ``OVERRIDES`` with its reason.
"""

import re
from dataclasses import dataclass, fields
from typing import Optional, Tuple

from .ctype import CType
from .type_index import TypeIndex

INPUT, OUTPUT, BOTH, NEITHER = "input", "output", "both", "neither"


@dataclass(frozen=True)
class Kind:
    """One direction: what Python sees of the parameter and which keys describe it."""

    name: str
    python: str  # INPUT, OUTPUT, BOTH (taken and returned) or NEITHER (set by the binding)
    doc: str
    keys: Tuple[str, ...] = ()  # the keys it may carry
    needs: Tuple[Tuple[str, ...], ...] = ()  # each tuple: at least one of these keys must be given
    stub: str = "native"  # how the C stub takes it: "native" (its flattened C type) or "address" (uintptr_t)

    @property
    def is_input(self):
        return self.python in (INPUT, BOTH)

    @property
    def is_output(self):
        return self.python in (OUTPUT, BOTH)


KINDS = {k.name: k for k in (
    Kind("in", INPUT, "by value: scalar, enum, handle, struct by value, function pointer"),
    Kind("in_struct", INPUT, "pointer to a struct the caller passes (``const CUDA_MEMCPY2D *``): a struct or None"),
    Kind("in_str", INPUT, "``const char *``: bytes"),
    Kind("in_ptr", INPUT, "``void *``: an int address, None or a buffer (written to when not const)",
         keys=("size",), stub="address"),
    Kind("in_ref", INPUT, "a handle passed by address, which the library reads (and clears): taken as the handle"),
    Kind("in_list", INPUT, "``const T *`` with an element count: a list of T",
         keys=("count", "fixed", "count_less"), needs=(("count", "fixed"),)),
    Kind("out", OUTPUT, "``T *`` the library fills: returned (``void **`` returns an int address); ``fields``: "
         "struct fields the caller gives as arguments first (NVML's versioned requests)", keys=("any", "fields")),
    Kind("inout", BOTH, "``T *`` (a count, a mode): taken as an argument (default 0 at the end) and returned"),
    Kind("out_cstr", OUTPUT, "``const char **``: returned as bytes"),
    Kind("out_bytes", OUTPUT, "``char *`` with a capacity parameter (or a fixed size): returned as bytes",
         keys=("count", "fixed"), needs=(("count", "fixed"),)),
    Kind("out_list", OUTPUT, "``T *`` with a count parameter: returned as a list; the count is inout or in",
         keys=("count", "fixed", "count_fn"), needs=(("count", "fixed", "count_fn"),)),
    Kind("caller_buf", INPUT, "``char *`` the caller supplies and the library writes (``nvrtcGetPTX``)",
         keys=("count",), stub="address"),
    Kind("kernel_params", INPUT, "``cuLaunchKernel``'s argument block (every cuda.bindings form)", stub="address"),
    Kind("extra", INPUT, "``cuLaunchKernel``'s ``extra`` array: an int address or a buffer", stub="address"),
    Kind("attr_in", INPUT, "``void *`` to a value whose C type the attribute ``by`` decides (per ``table``)",
         keys=("table", "by"), needs=(("table",), ("by",))),
    Kind("attr_out", OUTPUT, "the same, written by the library and returned (``size``: the caller's data size)",
         keys=("table", "by", "size"), needs=(("table",), ("by",))),
    Kind("attr_out_list", OUTPUT, "``void **`` of such values, one per item of the attribute list ``by``",
         keys=("table", "by", "count", "sizes"), needs=(("table",), ("by",), ("count",))),
    Kind("attr_size", NEITHER, "the byte size of the typed value ``of`` another parameter: set, not taken",
         keys=("of",), needs=(("of",),)),
    Kind("capacity", NEITHER, "the capacity of an output the binding sizes itself (``fixed`` bytes): set, not taken",
         keys=("fixed",), needs=(("fixed",),)),
    Kind("in_fields", NEITHER, "a struct the binding builds from arguments named by ``fields`` ((Python name, "
         "field) pairs)", keys=("fields",), needs=(("fields",),)),
    Kind("query_count", NEITHER, "``unsigned int *`` counting an ``out_list``, asked first (NVML: a call with 0 "
         "reports the count needed), then the list's capacity and what was written"),
)}

# the tables of cudacffi/_attribute_values.py (a test keeps the two in step)
ATTRIBUTE_TABLES = ("pointer", "mem_range", "coredump", "mempool", "graph_mem", "shareable", "range_handle")
_REFERENCES = ("count", "by", "size", "sizes", "of")  # keys that name another parameter of the function
_KEYS = ("count", "fixed", "count_less", "count_fn", "size", "sizes", "any", "table", "by", "of", "fields")
SCHEMA = {name: k.keys for name, k in KINDS.items()}  # the keys each direction takes (for readers and tests)
INPUT_DIRS = tuple(name for name, k in KINDS.items() if k.is_input)
OUTPUT_DIRS = tuple(name for name, k in KINDS.items() if k.is_output)


@dataclass(frozen=True)
class Direction:
    """A parameter's direction: its kind and the keys that kind takes (see ``KINDS``)."""

    kind: str
    count: Optional[str] = None
    fixed: Optional[int] = None
    count_less: Optional[int] = None
    count_fn: Optional[str] = None
    size: Optional[str] = None
    sizes: Optional[str] = None
    any: Optional[str] = None
    table: Optional[str] = None
    by: Optional[str] = None
    of: Optional[str] = None
    fields: Optional[Tuple[Tuple[str, str], ...]] = None  # (Python name, struct field) the caller gives

    def __post_init__(self):
        kind = KINDS.get(self.kind)
        if kind is None:
            raise ValueError("direction %r is not one the emitters render" % self.kind)
        given = self.keys()
        extra = sorted(set(given) - set(kind.keys))
        if extra:
            raise ValueError("direction %r takes no %s" % (self.kind, ", ".join(extra)))
        for alternatives in kind.needs:
            if not any(k in given for k in alternatives):
                raise ValueError("direction %r needs %s" % (self.kind, " or ".join(alternatives)))
        if self.table is not None and self.table not in ATTRIBUTE_TABLES:
            raise ValueError("no attribute table %r" % self.table)

    @property
    def spec(self):
        return KINDS[self.kind]

    @property
    def is_input(self):
        return self.spec.is_input

    @property
    def is_output(self):
        return self.spec.is_output

    def keys(self):
        """{key: value} of the keys given, in declaration order."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if f.name != "kind" and getattr(self, f.name) is not None}

    def references(self):
        """The parameters this direction names: (key, parameter name)."""
        return [(k, v) for k, v in self.keys().items() if k in _REFERENCES]

    def to_json(self):
        return dict(self.keys(), dir=self.kind)

    @classmethod
    def of_param(cls, f, p):
        """The direction of parameter ``p`` of model function ``f``, checked: ValueError naming both."""
        where = "%s(%s)" % (f["name"], p["name"])
        keys = {k: v for k, v in p.items() if k not in ("name", "type", "dir", "pyname")}
        unknown = sorted(set(keys) - {fl.name for fl in fields(cls)})
        if unknown:
            raise ValueError("%s: direction %r takes no %s" % (where, p["dir"], ", ".join(unknown)))
        try:
            d = cls(p["dir"], **keys)
        except ValueError as e:
            raise ValueError("%s: %s" % (where, e)) from None
        names = {q["name"] for q in f["params"]}
        for key, name in d.references():
            if name not in names:
                raise ValueError("%s: %s names %r, which is not a parameter" % (where, key, name))
        return d


@dataclass(frozen=True)
class Named:
    """An override of a parameter's Python name (cuda.bindings names some outputs apart from the C name),
    with its direction where that changes too."""

    pyname: str
    direction: Optional[Direction] = None


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


def _override(o):
    """(direction or None, pyname or None) of an OVERRIDES entry."""
    if isinstance(o, Named):
        return o.direction, o.pyname
    if isinstance(o, Direction):
        return o, None
    raise TypeError("an override is a Direction or a Named, not %r" % (o,))



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

# A void * whose C type another argument decides (cudacffi/_attribute_values.py has one table per kind of
# attribute): storage of exactly that type per call, read back as cuda.bindings reads it. ``by`` names the
# attribute parameter, ``table`` the table, ``size`` the caller's data size, ``sizes`` a list of them.
def _typed(kind, table, by, **more):
    return Direction(kind, table=table, by=by, **more)


_ATTRIBUTE_TYPED = {
    ("cuPointerGetAttribute", "data"): _typed("attr_out", "pointer", "attribute"),
    ("cuPointerSetAttribute", "value"): _typed("attr_in", "pointer", "attribute"),
    ("cuPointerGetAttributes", "attributes"): Direction("in_list", count="numAttributes"),
    ("cuPointerGetAttributes", "data"): _typed("attr_out_list", "pointer", "attributes", count="numAttributes"),
    **{(f, "data"): _typed("attr_out", "mem_range", "attribute", size="dataSize")
       for f in ("cuMemRangeGetAttribute", "cudaMemRangeGetAttribute")},
    **{(f, p): d for f in ("cuMemRangeGetAttributes", "cudaMemRangeGetAttributes") for p, d in (
        ("data", _typed("attr_out_list", "mem_range", "attributes", count="numAttributes", sizes="dataSizes")),
        ("dataSizes", Direction("in_list", count="numAttributes")),
        ("attributes", Direction("in_list", count="numAttributes")))},
    # the size is the value's, set from the attribute (cuda.bindings takes and returns no size)
    **{(f + g, p): d for f in ("cuCoredumpGetAttribute", "cuCoredumpSetAttribute") for g in ("", "Global")
       for p, d in (("value", _typed("attr_out" if "Get" in f else "attr_in", "coredump", "attrib")),
                    ("size", Direction("attr_size", of="value")))},
    **{(f, "value"): _typed("attr_out" if "Get" in f else "attr_in", "mempool", "attr")
       for f in ("cuMemPoolGetAttribute", "cuMemPoolSetAttribute", "cudaMemPoolGetAttribute",
                 "cudaMemPoolSetAttribute")},
    **{(f, "value"): _typed("attr_out" if "Get" in f else "attr_in", "graph_mem", "attr")
       for f in ("cuDeviceGetGraphMemAttribute", "cuDeviceSetGraphMemAttribute", "cudaDeviceGetGraphMemAttribute",
                 "cudaDeviceSetGraphMemAttribute")},
    # an exported handle is an fd, a Windows handle or a 64-byte fabric handle, by its handle type
    ("cuMemExportToShareableHandle", "shareableHandle"): _typed("attr_out", "shareable", "handleType"),
    ("cuMemPoolExportToShareableHandle", "handle_out"): _typed("attr_out", "shareable", "handleType"),
    ("cudaMemPoolExportToShareableHandle", "shareableHandle"): Named(
        "handle_out", _typed("attr_out", "shareable", "handleType")),
    ("cuMemGetHandleForAddressRange", "handle"): _typed("attr_out", "range_handle", "handleType"),
}


# (function, parameter) -> direction, or a dict of fields to set. Why each one is here:
OVERRIDES = {
    **{k: Direction("in_struct") for k in _STRUCT_INPUTS},
    **_ATTRIBUTE_TYPED,
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


def validate(f):
    """Raise ValueError unless every parameter of ``f`` has a direction the emitters render, with only the
    keys that direction takes, naming parameters ``f`` has; returns the typed directions."""
    return [Direction.of_param(f, p) for p in f["params"]]


def assign(model):
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
            direction, pyname = _override(o)
            if direction is not None:  # the whole direction: what the rules attached to theirs goes
                for key in _KEYS:
                    p.pop(key, None)
                p.update(direction.to_json())
            if pyname is not None:
                p["pyname"] = pyname
        for p in params:  # the capacity of a caller-sized list is taken and returned
            if p["dir"] in ("out_list",) and p.get("count"):
                c = next(q for q in params if q["name"] == p["count"])
                caller_sized = len(CType.from_json(p["type"]).ptrs) == 1
                if CType.from_json(c["type"]).ptrs:
                    c["dir"] = "inout" if caller_sized else "out"
        family_rules = FAMILY_RULES.get(model.get("family"))
        if family_rules is not None:
            family_rules(index, f, params, types)
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


# -- NVML (nvml.h): cuda.bindings.nvml's conventions, which the general rules do not give --------------------

NVML_STRING_CAPACITY = 256  # NVML's string outputs are shorter (its *_BUFFER_SIZE constants are 16 to 96)


# NVML's parameters the rules below cannot tell
_NVML_OVERRIDES = {
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


def _nvml_rules(index, f, params, types):
    """Strings come back whole: the binding gives NVML a buffer of its own and returns ``str``; counted lists
    are asked their count first (NVML answers ``NVML_ERROR_INSUFFICIENT_SIZE`` with it) and returned whole;
    a struct that a ``Set``/``Register``/``Modify`` call reads is the caller's input."""
    by_name = {p["name"]: p for p in params}
    for p, t in zip(params, types):
        if (f["name"], p["name"]) in OVERRIDES:
            continue
        o = _NVML_OVERRIDES.get((f["name"], p["name"]))
        if o is not None:
            direction, pyname = _override(o)
            if direction is not None:
                for key in _KEYS:
                    p.pop(key, None)
                p.update(direction.to_json())
            if pyname is not None:
                p["pyname"] = pyname
            continue
        if p["dir"] == "caller_buf" and t.base == "char":  # a string with its room beside it: ours
            room = [q for q in params if q["name"] in ("size", "length", "bufferSize")]
            if room:
                p.update({"dir": "out_bytes", "count": room[0]["name"]})
                room[0].update({"dir": "capacity", "fixed": NVML_STRING_CAPACITY})
                continue
        if p["dir"] == "out_bytes" and not by_name[p["count"]]["dir"].startswith("capacity"):
            by_name[p["count"]].update({"dir": "capacity", "fixed": NVML_STRING_CAPACITY})
        elif p["dir"] == "out_list" and by_name[p["count"]]["dir"] == "inout" and t.depth == 1:
            by_name[p["count"]]["dir"] = "query_count"
        elif p["dir"] == "out" and t.depth == 1 and index.kind(t.base) == "struct" and re.search(
                r"(Set|Register|Modify|Clear|Update|Activate|Lock|Setup)", f["name"][4:].replace("EventSet", "")) \
                and not re.search(r"Get", f["name"]):
            p["dir"] = "in_struct"


# -- cuFile (cufile.h): cuda.bindings.cufile's conventions ---------------------------------------------------------

# What cuda.bindings.cufile takes as an int address: the structs and arrays the caller lays out (a file
# descriptor record, batch I/O parameters and events, statistics, slab arrays; readv/writev's vectors, which
# cudacffi/cufile.py lays out from its IOVec list), and the size and offset cells of
# the stream calls, which the library reads when the stream reaches the operation, after the call returns.
_CUFILE_ADDRESSES = (
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


def _cufile_rules(index, f, params, types):
    for p in params:
        if (f["name"], p["name"]) in _CUFILE_ADDRESSES:
            for key in _KEYS:
                p.pop(key, None)
            p.update(Direction("in_ptr").to_json())


FAMILY_RULES = {"nvml": _nvml_rules, "cufile": _cufile_rules}
