"""tiny API generated from CUDA 12.9 by codegen 3 (content sha256:5b560ea08e9a8f15) - do not edit.

cuda.bindings-compatible, tuple style. Regenerate with ``python build_cffi.py``; change codegen/ or its
overrides, never this file.
"""
# ruff: noqa: F821 (the stubs _cc_<name> and _cv_<name> are bound as globals from _lib below)

from cudacffi import _support as _s
from cudacffi import _loader
from cudacffi._tiny import ffi as _ffi, lib as _lib
from cudacffi import _callbacks as _cbk

CUDA_VERSION = 12090
_library = _loader.library('tiny', _lib, _ffi)
_library.cuda_version = CUDA_VERSION
_library.major = CUDA_VERSION // 1000

tinyResult = _s.make_enum('tinyResult', [('TINY_OK', 0), ('TINY_ERR', 8), ('TINY_ALIAS', 8)], __name__)
tinyResult.__doc__ = """\
Error codes of the tiny API

Members
-------
TINY_OK = 0
    Success
TINY_ERR = 8
    Something failed; see tinyOpen
TINY_ALIAS = 8
"""

TINY_VERSION = 1020
TINY_FLAG_A = 1
TINY_NULL = 0

class tinyCtx(_s.PointerHandle):
    """A tiny context handle"""
    __slots__ = ()

class tinyPtr(_s.IntHandle):
    __slots__ = ()
    _ctype = 'unsigned long long'
    _lo, _hi = 0, 18446744073709551615

class tinyCallback(_s.FunctionPointer):
    __slots__ = ()

_cb = {}  # callback type -> its trampoline (made once the classes exist)

class anon_union1(_s.Struct):
    """union anon_union1.

    Attributes
    ----------
    asInt : int
        As an integer
    asFloat : float
    """
    __slots__ = ()
    _cname = 'union anon_union1'
    _fields = ('asInt', 'asFloat')
    asInt = _s.Field('asInt')
    asFloat = _s.Field('asFloat')

class anon_struct1(_s.Struct):
    """struct anon_struct1.

    Attributes
    ----------
    x : int
        Coordinates
    y : int
        Coordinates
    """
    __slots__ = ()
    _cname = ('struct tinyDesc_st', 'pos')
    _fields = ('x', 'y')
    x = _s.Field('x')
    y = _s.Field('y')

class tinyDesc_st(_s.Struct):
    """struct tinyDesc_st.

    A description

    What tinyOpen_v3 reads.

    Attributes
    ----------
    width : int
        Width in bytes
    owner : tinyCtx
    asInt : int
        As an integer
    asFloat : float
    pos : anon_struct1
        Where it is
    name : bytes
    data : int
    """
    __slots__ = ()
    _cname = 'struct tinyDesc_st'
    _fields = ('width', 'owner', 'asInt', 'asFloat', 'pos', 'name', 'data')
    width = _s.Field('width')
    owner = _s.HandleField('owner', tinyCtx, 'struct tinyCtx_st *')
    asInt = _s.Field('asInt')
    asFloat = _s.Field('asFloat')
    pos = _s.StructField('pos', anon_struct1)
    name = _s.ArrayField('name', 8, is_char=True)
    data = _s.PointerField('data', 'void *')

class tinyDesc(tinyDesc_st):
    __doc__ = tinyDesc_st.__doc__
    __slots__ = ()

class tinyLaunch_st(_s.Struct):
    """struct tinyLaunch_st.

    Attributes
    ----------
    descs : int
    numDescs : int
        How many descs
    kernelParams : int
    """
    __slots__ = ()
    _cname = 'struct tinyLaunch_st'
    _fields = ('descs', 'numDescs', 'kernelParams')
    descs = _s.StructListField('descs', 'tinyDesc *', 'tinyDesc')
    numDescs = _s.Field('numDescs')
    kernelParams = _s.KernelParamsField('kernelParams', 'void * *')

class tinyLaunch(tinyLaunch_st):
    __doc__ = tinyLaunch_st.__doc__
    __slots__ = ()

_s.bind_classes(globals(), _ffi)  # this family's ffi for its own handle and struct classes
_cb_tinyCallback = _cb['tinyCallback'] = _cbk.Trampoline(_ffi, _lib, 'tinyCallback', (('user', None), ), None)
_UNBOUND = _lib._CC_UNBOUND
globals().update(_s.stubs(_lib))  # _cc_<name>, _cv_<name>: the compiled stubs
_OK = tinyResult(0)
_status = tinyResult._by_value.get
_scratch = _s.Scratch(_ffi, {'float_0': 'float', 'size_t_0': 'size_t'})
_bind = _library.bind
_diagnose = _s.diagnose
_handle = _s.handle_value
_stream = _s.stream_value
_new = object.__new__
_CHARS = _ffi.typeof("char[]")
_Handle = _s.Handle
_address = _s.address
_sequence = _s.sequence

def tinyOpen(flags):
    """tinyOpen(flags) -> (tinyResult, ctx)

    Opens a context

    Opens a context in *ctx. A longer description follows, long enough that the docstring wraps it on two
    lines at least, to show how tinyOpen's text is wrapped:
    - flags must be 0 or TINY_FLAG_A;
    - the context is closed with tinyClose.

        tinyCtx ctx;
        tinyOpen(&ctx, 0);

    Parameters
    ----------
    flags : int
        Flags (TINY_FLAG_A)

    Returns
    -------
    tinyResult
        TINY_OK, TINY_ERR
    ctx : tinyCtx
        Returned context

    See Also
    --------
    tinyClose, tinyOpen_v3

    Notes
    -----
    This function may also return error codes from previous, asynchronous launches.

    C: tinyOpen_v2
    """
    if flags.__class__ is not int:
        flags = _s.check_integer('tinyOpen', 'flags', flags, 0, 4294967295)
    try:
        _v = _cv_tinyOpen(flags)
    except (TypeError, OverflowError) as _e:
        _f = _diagnose('tinyOpen', _e, (('int', 'flags', flags, 0, 4294967295),))
        return tinyOpen(_f.get('flags', flags))
    if _v == 0xffffffffffffffff:
        _r = _cc_status()
        if _r:
            if _r == _UNBOUND:
                _bind('tinyOpen')
                return tinyOpen(flags)
            return (_status(_r, _r), None)
    _h_ctx = _new(tinyCtx)
    _h_ctx._v = _v
    return (_OK, _h_ctx)


def tinyOpen_v3(desc, flags):
    """tinyOpen_v3(desc, flags) -> (tinyResult, ctx)

    C: tinyOpen_v3
    """
    desc_ = _s.struct_arg(desc, tinyDesc, 'tinyOpen_v3', 'desc')
    if flags.__class__ is not int:
        flags = _s.check_integer('tinyOpen_v3', 'flags', flags, 0, 4294967295)
    try:
        _v = _cv_tinyOpen_v3(desc_, flags)
    except (TypeError, OverflowError) as _e:
        _f = _diagnose('tinyOpen_v3', _e, (('int', 'flags', flags, 0, 4294967295),))
        return tinyOpen_v3(_f.get('desc', desc), _f.get('flags', flags))
    if _v == 0xffffffffffffffff:
        _r = _cc_status()
        if _r:
            if _r == _UNBOUND:
                _bind('tinyOpen_v3')
                return tinyOpen_v3(desc, flags)
            return (_status(_r, _r), None)
    _h_ctx = _new(tinyCtx)
    _h_ctx._v = _v
    return (_OK, _h_ctx)


def tinyCopy(dst, src, numbytes):
    """tinyCopy(dst, src, numbytes) -> (tinyResult)

    C: tinyCopy_v2; per-thread default stream: tinyCopy_v2_ptds
    """
    dst_ = (
        dst._v if dst.__class__ is tinyPtr else dst if dst.__class__ is int
        else _handle(dst, 'tinyCopy', 'dst', 0, 18446744073709551615)
    )
    if src.__class__ is int and src >= 0:
        src_, src_k = src, None
    else:
        src_, src_k = _address(_ffi, src, 'tinyCopy', 'src', False)
    if numbytes.__class__ is not int:
        numbytes = _s.check_integer('tinyCopy', 'numbytes', numbytes, 0, 18446744073709551615)
    try:
        _r = _cc_tinyCopy(dst_, src_, numbytes)
    except (TypeError, OverflowError) as _e:
        _f = _diagnose('tinyCopy', _e, (
            ('handle', 'dst', dst_, 0, 18446744073709551615),
            ('address', 'src', src, 0, 18446744073709551615),
            ('int', 'numbytes', numbytes, 0, 18446744073709551615),
        ))
        return tinyCopy(_f.get('dst', dst), _f.get('src', src), _f.get('numbytes', numbytes))
    if _r:
        if _r == _UNBOUND:
            _bind('tinyCopy')
            return tinyCopy(dst, src, numbytes)
        return (_status(_r, _r),)
    return (_OK,)


def tinyNodes(ctx, numNodes=0):
    """tinyNodes(ctx, numNodes=0) -> (tinyResult, nodes, numNodes)

    C: tinyNodes
    """
    _scr = _scratch
    ctx_ = (
        ctx._v if ctx.__class__ is tinyCtx or isinstance(ctx, _Handle) else ctx if ctx.__class__ is int
        else _handle(ctx, 'tinyNodes', 'ctx')
    )
    _n_numNodes = _s.check_integer('tinyNodes', 'numNodes', numNodes, 0, (1 << 31) - 1)
    _a_nodes = _s.out_array(_ffi, _n_numNodes, ('handle', 'unsigned long long', tinyPtr), 'tinyNodes', 'numNodes')
    _o_size_t_0 = _scr.size_t_0
    _sv0 = _s.check_integer('tinyNodes', 'numNodes', numNodes, 0, (1 << 64) - 1)
    _o_size_t_0[0] = _sv0
    try:
        _r = _cc_tinyNodes(ctx_, _a_nodes, _o_size_t_0)
    except (TypeError, OverflowError) as _e:
        _diagnose('tinyNodes', _e, (('handle', 'ctx', ctx_, 0, 18446744073709551615),))
    if _r:
        if _r == _UNBOUND:
            _bind('tinyNodes')
            return tinyNodes(ctx, numNodes)
        return (_status(_r, _r), None, None)
    return (
        _OK,
        _s.unpack_array(_ffi, _a_nodes, min(_n_numNodes, _o_size_t_0[0]), ('handle', 'unsigned long long', tinyPtr)),
        _o_size_t_0[0],
    )


def tinyName(length, ctx):
    """tinyName(length, ctx) -> (tinyResult, name)

    C: tinyName
    """
    if length.__class__ is int and 0 < length <= _s.OUTPUT_LIMIT:
        _b_name = _ffi.new(_CHARS, b' ' * length)
    else:  # 0 (room for the NUL), integral floats, or an error naming length
        _b_name = _s.char_buffer(_ffi, length, 'tinyName', 'length')
    if length.__class__ is not int:
        length = _s.check_integer('tinyName', 'length', length, -2147483648, 2147483647)
    ctx_ = (
        ctx._v if ctx.__class__ is tinyCtx or isinstance(ctx, _Handle) else ctx if ctx.__class__ is int
        else _handle(ctx, 'tinyName', 'ctx')
    )
    try:
        _r = _cc_tinyName(_b_name, length, ctx_)
    except (TypeError, OverflowError) as _e:
        _f = _diagnose('tinyName', _e, (
            ('int', 'length', length, -2147483648, 2147483647),
            ('handle', 'ctx', ctx_, 0, 18446744073709551615),
        ))
        return tinyName(_f.get('length', length), _f.get('ctx', ctx))
    if _r:
        if _r == _UNBOUND:
            _bind('tinyName')
            return tinyName(length, ctx)
        return (_status(_r, _r), None)
    return (_OK, _ffi.unpack(_b_name, len(_b_name) - 1))


def tinyDescribe(ctx):
    """tinyDescribe(ctx) -> (tinyResult, desc)

    C: tinyDescribe
    """
    _v_desc = tinyDesc()
    desc_ = _v_desc._ptr
    ctx_ = (
        ctx._v if ctx.__class__ is tinyCtx or isinstance(ctx, _Handle) else ctx if ctx.__class__ is int
        else _handle(ctx, 'tinyDescribe', 'ctx')
    )
    try:
        _r = _cc_tinyDescribe(desc_, ctx_)
    except (TypeError, OverflowError) as _e:
        _diagnose('tinyDescribe', _e, (('handle', 'ctx', ctx_, 0, 18446744073709551615),))
    if _r:
        if _r == _UNBOUND:
            _bind('tinyDescribe')
            return tinyDescribe(ctx)
        return (_status(_r, _r), None)
    return (_OK, _v_desc)


def tinyLater(ctx, fn, userData):
    """tinyLater(ctx, fn, userData) -> (tinyResult)

    C: tinyLater
    """
    ctx_ = (
        ctx._v if ctx.__class__ is tinyCtx or isinstance(ctx, _Handle) else ctx if ctx.__class__ is int
        else _handle(ctx, 'tinyLater', 'ctx')
    )
    if _cbk.is_python_callable(fn):
        _cb_fn = _cbk.arm(_cb_tinyCallback, fn, userData, 'once')
        fn_, userData_ = _cb_fn.address, _cb_fn.data
    else:
        _cb_fn = None
        fn_ = (
            fn._v if fn.__class__ is tinyCallback or isinstance(fn, _Handle) else fn if fn.__class__ is int
            else _handle(fn, 'tinyLater', 'fn')
        )
        if userData.__class__ is int and userData >= 0:
            userData_, userData_k = userData, None
        else:
            userData_, userData_k = _address(_ffi, userData, 'tinyLater', 'userData', True)
    try:
        _r = _cc_tinyLater(ctx_, fn_, userData_)
    except (TypeError, OverflowError) as _e:
        _cbk.release(_cb_fn)
        _diagnose('tinyLater', _e, (
            ('handle', 'ctx', ctx_, 0, 18446744073709551615), ('handle', 'fn', fn_, 0, 18446744073709551615),
            ('address', 'userData', userData, 0, 18446744073709551615),
        ))
    if _r:
        _cbk.release(_cb_fn)  # the callback will never fire
        if _r == _UNBOUND:
            _bind('tinyLater')
            return tinyLater(ctx, fn, userData)
        return (_status(_r, _r),)
    return (_OK,)


def tinyElapsed(start, end):
    """tinyElapsed(start, end) -> (tinyResult, ms)

    C: tinyElapsed
    """
    _scr = _scratch
    _o_float_0 = _scr.float_0
    start_ = (
        start._v if start.__class__ is tinyCtx or isinstance(start, _Handle)
        else start if start.__class__ is int else _handle(start, 'tinyElapsed', 'start')
    )
    end_ = (
        end._v if end.__class__ is tinyCtx or isinstance(end, _Handle) else end if end.__class__ is int
        else _handle(end, 'tinyElapsed', 'end')
    )
    _o_float_0[0] = 0
    try:
        _r = _cc_tinyElapsed(_o_float_0, start_, end_)
    except (TypeError, OverflowError) as _e:
        _diagnose('tinyElapsed', _e, (
            ('handle', 'start', start_, 0, 18446744073709551615),
            ('handle', 'end', end_, 0, 18446744073709551615),
        ))
    if _r:
        if _r == _UNBOUND:
            _bind('tinyElapsed')
            return tinyElapsed(start, end)
        return (_status(_r, _r), None)
    return (_OK, _o_float_0[0])


def tinyClose(ctx):
    """tinyClose(ctx) -> (tinyResult)

    Closes a context

    Parameters
    ----------
    ctx : Union[tinyCtx, int, None]
        The context (NULL is refused)

    Returns
    -------
    tinyResult
        - TINY_OK

    C: __tinyClose_1_2
    """
    ctx_ = (
        ctx._v if ctx.__class__ is tinyCtx or isinstance(ctx, _Handle) else ctx if ctx.__class__ is int
        else _handle(ctx, 'tinyClose', 'ctx')
    )
    try:
        _r = _cc_tinyClose(ctx_)
    except (TypeError, OverflowError) as _e:
        _diagnose('tinyClose', _e, (('handle', 'ctx', ctx_, 0, 18446744073709551615),))
    if _r:
        if _r == _UNBOUND:
            _bind('tinyClose')
            return tinyClose(ctx)
        return (_status(_r, _r),)
    return (_OK,)


# (entry, wrapper, inputs (kind, lo, hi, handle class), outputs (kind, signed, class) or (kind, attribute
# argument, table)): see FastCall
_s.fast_calls(globals(), _lib._cc_fast_entry, _OK, tinyResult._by_value, _UNBOUND, (
    (0, tinyOpen, ((0, 0, 4294967295, None),), ((1, 0, tinyCtx),)),
    (1, tinyName, ((0, -2147483648, 2147483647, None), (1, 0, 18446744073709551615, tinyCtx)), ((5, 0, None),)),
    (2, tinyElapsed, ((1, 0, 18446744073709551615, tinyCtx), (1, 0, 18446744073709551615, tinyCtx)), ((6, 0, None),)),
    (3, tinyClose, ((1, 0, 18446744073709551615, tinyCtx),), ()),
))



def sizeof(objType):
    """The C size in bytes of a handle or struct class (``sizeof(CUstream)`` is 8)."""
    return _s.sizeof(objType)


_FUNCTIONS = {
    'tinyOpen': 0, 'tinyOpen_v3': 1, 'tinyCopy': 2, 'tinyNodes': 3, 'tinyName': 4, 'tinyDescribe': 5,
    'tinyLater': 6, 'tinyElapsed': 7, 'tinyClose': 8,
}
_library.functions = _FUNCTIONS
