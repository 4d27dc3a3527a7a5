"""Differential scenarios: LaunchConfig (see diffharness.py)."""

from diffharness import scenario


@scenario(gpu=False)
def launch_config_repr(core):
    return repr(core.LaunchConfig(grid=2, block=(4, 2)))


@scenario(gpu=False)
def launch_config_grid_too_long(core):
    return repr(core.LaunchConfig(grid=(1, 2, 3, 4), block=1))


@scenario(gpu=False)
def launch_config_block_zero(core):
    return repr(core.LaunchConfig(grid=1, block=(4, 0)))


@scenario(gpu=False)
def launch_config_grid_float(core):
    return repr(core.LaunchConfig(grid=1.0, block=1))
