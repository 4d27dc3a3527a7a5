"""Former name of ``cudacffi._kernel_params``, kept only while ``benchmarks/`` (core_launch.py, pack.py) import it:
they should import ``cudacffi._kernel_params``; delete this module then."""

from ._kernel_params import kernel_params, pack_owned  # noqa: F401
