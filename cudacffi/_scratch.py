"""Per-thread scratch: the output slots through which a call's outputs come back without allocating in C."""

import threading


class Scratch(threading.local):
    """Per-thread output slots, so a call that returns values allocates nothing in C."""

    def __init__(self, ffi, types):
        for attr, ctype in types.items():
            setattr(self, attr, ffi.new(ctype + "[4]"))
