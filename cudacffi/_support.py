"""The namespace generated modules use (``from cudacffi import _support as _s``).

It holds nothing of its own but ``bind_classes``, ``sizeof`` and ``stubs``: each concept lives in its own module,
each importing only those above it:

``_checks``      errors naming the parameter, integer checks, ``diagnose``
``_handles``     handle classes and enums
``_buffers``     addresses and buffers (void * parameters, output buffers)
``_param_types`` the C type of each kernel argument a ``(values, types)`` pair names
``_params``      kernel arguments (``kernelParams``) packed into their blocks
``_fields``      struct fields of plain values (numbers, enums, handles)
``_structs``     ``Struct``, the fields holding structs, arrays and pointers, struct parameters
``_lists``       input lists, output arrays, C strings, per-thread scratch
``_attributes``  values behind a void * whose C type an attribute argument decides
``_fast_calls``  wrappers made whole calls in C by ``cudacffi._fastcall`` (CPython)
``_callbacks``   host functions the library calls back (imported by the generated modules themselves)
"""

from ._attributes import Typing  # noqa: F401
from ._buffers import address, check_room, contiguous_view, int_address  # noqa: F401
from ._checks import OUTPUT_LIMIT, argument_error, check_integer, check_output_count, diagnose  # noqa: F401
from ._fast_calls import fast_calls  # noqa: F401
from ._fields import EnumField, Field, HandleField  # noqa: F401
from ._handles import (FunctionPointer, Handle, IntHandle, PointerHandle, enum_value, handle_value,  # noqa: F401
                       make_enum, new_handle, stream_value)
from ._lists import (Scratch, c_array, char_buffer, cstring, less, out_array, read_array, sequence,  # noqa: F401
                     unpack_array)
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
