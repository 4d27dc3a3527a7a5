"""Checks the generated wrapper makes before it calls the library, for particular functions: the rules of the
headers cannot tell them. Data only: ``codegen/lowering.py`` renders them into the wrappers (``Tracked``,
``host_size_checks``), which call ``cudacffi/_call_checks.py``'s helpers.
"""

# Host buffers given to the memcpy/memset family, checked against the byte count the same call passes
# (``cuMemcpyDtoH(bytearray(8), ptr, 16)`` would write 16 bytes into 8): function -> ((buffer parameter, count
# parameter) or (buffer parameter, (pitch, width, height)), ...), Python names. A buffer given as such (not an int
# address, None or a handle) is host memory: it must hold what the call reads or writes there. The 2D forms need
# pitch * (height - 1) + width bytes. A function a build lacks, or one lacking a parameter named, is not checked.
HOST_SIZES = {
    # driver
    "cuMemcpyHtoD": (("srcHost", "ByteCount"),),
    "cuMemcpyHtoDAsync": (("srcHost", "ByteCount"),),
    "cuMemcpyDtoH": (("dstHost", "ByteCount"),),
    "cuMemcpyDtoHAsync": (("dstHost", "ByteCount"),),
    "cuMemcpyHtoA": (("srcHost", "ByteCount"),),
    "cuMemcpyHtoAAsync": (("srcHost", "ByteCount"),),
    "cuMemcpyAtoH": (("dstHost", "ByteCount"),),
    "cuMemcpyAtoHAsync": (("dstHost", "ByteCount"),),
    "cuMemHostRegister": (("p", "bytesize"),),
    "cuParamSetv": (("ptr", "numbytes"),),
    # runtime: a buffer is host memory whatever `kind` says
    "cudaMemcpy": (("dst", "count"), ("src", "count")),
    "cudaMemcpyAsync": (("dst", "count"), ("src", "count")),
    "cudaMemcpyPeer": (("dst", "count"), ("src", "count")),
    "cudaMemcpyPeerAsync": (("dst", "count"), ("src", "count")),
    "cudaMemcpy2D": (("dst", ("dpitch", "width", "height")), ("src", ("spitch", "width", "height"))),
    "cudaMemcpy2DAsync": (("dst", ("dpitch", "width", "height")), ("src", ("spitch", "width", "height"))),
    "cudaMemcpy2DToArray": (("src", ("spitch", "width", "height")),),
    "cudaMemcpy2DToArrayAsync": (("src", ("spitch", "width", "height")),),
    "cudaMemcpy2DFromArray": (("dst", ("dpitch", "width", "height")),),
    "cudaMemcpy2DFromArrayAsync": (("dst", ("dpitch", "width", "height")),),
    "cudaMemcpyToArray": (("src", "count"),),
    "cudaMemcpyToArrayAsync": (("src", "count"),),
    "cudaMemcpyFromArray": (("dst", "count"),),
    "cudaMemcpyFromArrayAsync": (("dst", "count"),),
    "cudaMemset": (("devPtr", "count"),),
    "cudaMemsetAsync": (("devPtr", "count"),),
    "cudaMemset2D": (("devPtr", ("pitch", "width", "height")),),
    "cudaMemset2DAsync": (("devPtr", ("pitch", "width", "height")),),
    "cudaHostRegister": (("ptr", "size"),),
}

# Handles a tuple-style family's library crashes on once destroyed, or given a handle of another class:
# family -> (handle type, the status member returned for a handle that is not live). The generated module keeps
# the live ones (``cudacffi._call_checks.Programs``, per ``cudacffi._live``): the function returning such a handle
# adds it; the one taking it by address (``in_ref``) removes it, waiting for a call in flight, and returns that
# status for one not live; every function taking it as its first argument holds it for the call, returns that
# status (its outputs None) for one not live, and refuses a handle of any class for its other parameters (a handle
# is no host memory: ``nvrtcGetPTX(prog, prog)`` wrote PTX over the program's own heap block).
TRACKED = {"nvrtc": ("nvrtcProgram", "NVRTC_ERROR_INVALID_PROGRAM")}

# Parameters of a tracked family's functions that must not be NULL (Python names): libnvrtc 12.0 aborts the process
# on a NULL name expression (nvrtcAddNameExpression, nvrtcGetLoweredName: an uncaught std::logic_error).
NOT_NULL = {"nvrtc": ("name_expression",)}
