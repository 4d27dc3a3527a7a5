"""cudacffi's code generator: CUDA headers -> API model -> lowering -> C stubs, Python layer, .pyi stubs."""

# The generator's version, written into every generated file beside its content hash: bump it when the
# generated code changes for a reason other than the headers or the overrides.
__version__ = "2"
