"""Python names that the naming rules (``codegen/lowering.py``: ``snake``, ``python_name``) cannot derive, as
cuda.bindings spells them (checked against the reference tables by the tests). Data only.
"""

# Python names for C parameters that are Python keywords or builtins (as cuda.bindings names them).
RENAMES = {"from": "from_", "type": "typename", "format": "pformat", "input": "input_", "bytes": "numbytes",
           "len": "length"}

# Exception-style function names that snake_case cannot derive: C function -> Python name.
NAME_OVERRIDES = {
    "nvvmIRVersion": "ir_version",
    "nvmlDeviceGetNvLinkTelemetrySamples_v1": "device_get_nv_link_telemetry_samples_v1",  # not "nvlink" here
    "cuFileDriverClose_v2": "driver_close",  # cufile.h #defines cuFileDriverClose to it
}

# Words cuda.bindings keeps whole in snake_case names (nvmlDeviceGetNvLinkState -> device_get_nvlink_state)
WORDS = (("NvLink", "Nvlink"), ("P2P", "P2p"))

# A family's C prefix where its status type does not spell it (the rule: the status type less ``Result``)
PREFIXES = {"CUfileOpError": "cuFile"}
