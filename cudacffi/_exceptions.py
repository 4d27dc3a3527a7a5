"""The exceptions cudacffi raises itself (CUDA's own errors are returned as result codes).

They are public as ``cudacffi.<name>`` and say so (``__module__``), so a traceback, ``repr`` and pickle name
``cudacffi.LibraryNotFoundError``, not this module.
"""


class LibraryNotFoundError(RuntimeError):
    """A CUDA library (libcuda, libnvrtc, ...) could not be loaded; the message lists every place searched."""

    __module__ = "cudacffi"


class FunctionNotFoundError(RuntimeError):
    """The loaded library does not export a function this build's headers declare (it is older)."""

    __module__ = "cudacffi"


class LibraryVersionError(FunctionNotFoundError):
    """The loaded library is older than this build's headers: it lacks the versioned symbol they name."""

    __module__ = "cudacffi"


class CUDAError(RuntimeError):
    """A CUDA call failed; raised by ``cudacffi.check``. ``result`` is the status enum member."""

    __module__ = "cudacffi"

    def __init__(self, result, name, description):
        self.result = result
        self.name = name
        self.description = description
        text = "%s (%d)" % (name, int(result))
        if description and description != name:
            text += ": %s" % description
        RuntimeError.__init__(self, text)

    def __reduce__(self):
        return type(self), (self.result, self.name, self.description)
