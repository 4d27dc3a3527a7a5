"""Former name of ``codegen.emit_py_exception``; kept so old imports work."""

from .emit_py_exception import *  # noqa: F401,F403
from .emit_py_exception import enum_members, prefix, python_name, snake  # noqa: F401
