"""Everything generated for one family, by its calling convention: the cdef, the C source, the Python layer
and its ``.pyi`` stubs, each marked with the generator's version and a hash of its content."""

from . import emit_c, emit_py, emit_py_exception, emit_pyi
from .text import mark


def render(model, style):
    """{"cdef", "c", "py", "pyi"}: the texts of ``model`` under the calling convention ``style``."""
    if style == "exception":  # nvjitlink, nvvm
        functions, source = emit_py_exception.function_cdefs, emit_py_exception.c_source
        text, stubs = emit_py_exception.render(model)
    else:
        functions, source = emit_c.function_cdefs, emit_c.c_source
        pw = emit_py.PyWriter(model)
        text, stubs = pw.module(), emit_pyi.emit(model, pw)
    texts = {"cdef": emit_c.CdefWriter(model).cdef() + functions(model), "c": source(model), "py": text,
             "pyi": stubs}
    return {k: mark(v) for k, v in texts.items()}
