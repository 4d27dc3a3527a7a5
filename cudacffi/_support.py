"""``_s``, the one namespace the tuple-style generated modules call into (``from cudacffi import _support as _s``).

What it holds: the runtime names a generated wrapper calls as ``_s.<name>``, re-exported from the modules that
define them, and three of its own -- ``bind_classes`` (a generated module's classes get its ffi), ``sizeof``
(cuda.bindings' ``sizeof`` of a handle or struct class) and ``stubs`` (a family's compiled stubs as globals).
Those modules hold one concept each and import only modules above them in this list:

``_arguments``          errors naming the parameter, integer checks, the output limit, ``diagnose``
``_handles``            handle classes and enums
``_buffers``            addresses and buffers (void * parameters, output buffers)
``_kernel_param_types`` the C type of each kernel argument a ``(values, types)`` pair names
``_kernel_params``      kernel arguments (``kernelParams``) packed into their blocks
``_fields``             struct fields of plain values (numbers, enums, handles)
``_structs``            ``Struct``, the fields holding structs, arrays and pointers, struct parameters
``_cstrings``           ``const char *`` arguments, and room for a string the library writes
``_arrays``             input lists as C arrays, output arrays unpacked into Python values
``_scratch``            per-thread output slots (``Scratch``)
``_attribute_values``   values behind a void * whose C type an attribute argument decides
``_fast_calls``         wrappers made whole calls in C by ``cudacffi._fastcall`` (CPython)

Not re-exported here: ``_callbacks`` (host functions the library calls back) and ``_kernel_params``'
``kernel_params``, which the generated modules import themselves; ``_exception_style``, the runtime of the
exception-style modules (``_x``); ``_exceptions`` (cudacffi's exception classes), ``_loader``, ``_families`` and
``_live``, below every family; and ``_call_checks``, the checks of particular functions, which the generated
modules that make them import themselves (``_chk``).
"""

from ._arguments import OUTPUT_LIMIT, argument_error, check_integer, check_output_count, diagnose  # noqa: F401
from ._arrays import c_array, less, out_array, read_array, sequence, unpack_array  # noqa: F401
from ._attribute_values import Typing  # noqa: F401
from ._buffers import address, check_room, contiguous_view, int_address, nbytes  # noqa: F401
from ._cstrings import char_buffer, cstring  # noqa: F401
from ._fast_calls import fast_calls  # noqa: F401
from ._fields import EnumField, Field, HandleField  # noqa: F401
from ._handles import (FunctionPointer, Handle, IntHandle, PointerHandle, enum_value, handle_value,  # noqa: F401
                       make_enum, new_handle, stream_value)
from ._scratch import Scratch  # noqa: F401
from ._structs import (ArrayField, HandleListField, KernelParamsField, PointerField, Struct, StructField,  # noqa: F401
                       StructListField, TextField, set_field, struct_arg)


def bind_classes(namespace, ffi):
    """Give every handle and struct class of a generated module its family's ffi."""
    for obj in list(namespace.values()):
        if isinstance(obj, type) and issubclass(obj, (Handle, Struct)) and obj.__module__ == namespace["__name__"]:
            obj._ffi = ffi


def sizeof(objType):
    """The C size in bytes of a generated handle or struct class, as cuda.bindings' ``sizeof``."""
    cls = objType
    if isinstance(cls, type) and issubclass(cls, (Struct, Handle)) and cls._ffi is not None:
        if issubclass(cls, Struct):
            return cls._ffi.sizeof(cls._ptype().item)
        if issubclass(cls, Handle):
            return cls._ffi.sizeof(cls._ctype)
    raise TypeError("sizeof(): argument 'objType' must be a handle or struct class of cudacffi; Unknown type: %s"
                    % (cls,))


def stubs(lib):
    """{name: function} of a family's compiled stubs (``_cc_*``, ``_cv_*``): the generated wrappers call them
    as module globals, which CPython finds faster than an attribute of ``lib``."""
    return {name: getattr(lib, name) for name in dir(lib) if name.startswith(("_cc_", "_cv_"))}
