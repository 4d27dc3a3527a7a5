"""Arguments as NVML takes them and answers as this package gives them: enum members or their value strings,
ints in range, text, bitmasks of enum members. Errors name the parameter, with cuda.core's messages."""

from __future__ import annotations

from .. import _utils


def _enum_arg(cls, value, what):
    """``value`` (a member of the string enum ``cls`` or its value string) as the member; else cuda.core's
    ValueError, which names ``what`` the value was to be and the members it may be."""
    try:
        return cls._value2member_map_[value]  # members hash and compare as their value strings
    except KeyError:
        raise ValueError("Invalid %s: %s. Must be one of %s" % (what, value, list(cls.__members__.values()))) from None


def _bits(mask, table):
    """The members of ``table`` ((bit, member) pairs) whose bit is set in ``mask``."""
    return [member for bit, member in table if mask & bit]


def _mask(events, cls, table, name):
    """The bitmask of ``events`` (one member or value string of ``cls``, or a list of them)."""
    if isinstance(events, (str, cls)):
        events = [events]
    elif not isinstance(events, (list, tuple)):  # cuda.core's message (a tuple is taken here too)
        raise TypeError("%s must be an %s, str, or list of %s or str" % (name, cls.__name__, cls.__name__))
    bit_of = {member: bit for bit, member in table}
    mask = 0
    for e in events:
        mask |= bit_of.get(_enum_arg(cls, e, "event type"), 0)
    return mask


def _int_arg(value, name, low=0, high=None):
    """``value`` as an int within [low, high], through the number protocol (numpy integers, ``__index__``, bool)
    as cuda.core takes them; else TypeError/ValueError naming the parameter."""
    value = _utils.as_int(value, name)
    if value < low or (high is not None and value > high):
        raise ValueError("%s must be within [%d, %s], got %d" % (name, low, "inf" if high is None else high, value))
    return value


def _pstate_arg(pstate):
    """A P-state 0..15 as an int, with cuda.core's ValueError."""
    pstate = _utils.as_int(pstate, "pstate")
    if not 0 <= pstate <= 15:
        raise ValueError("Invalid P-state: %d. Must be between 0 and 15 inclusive." % pstate)
    return pstate


def _text_arg(value, name):
    """``value`` (str, or bytes of UTF-8) as a str NVML takes: errors name ``name`` (text that is no UTF-8, a lone
    surrogate, a NUL, which NVML would read the text up to)."""
    if isinstance(value, (bytes, bytearray)):
        try:
            value = bytes(value).decode()
        except UnicodeDecodeError as e:
            raise UnicodeDecodeError(e.encoding, e.object, e.start, e.end,
                                     "%s (%s must be UTF-8 text)" % (e.reason, name)) from None
    elif not isinstance(value, str):
        raise TypeError("%s must be str or bytes, not %s" % (name, type(value).__name__))
    _utils.encode_text(value, name)
    if "\0" in value:
        raise ValueError("%s must not hold a NUL character, got %r" % (name, value))
    return value


def _c_text(value):
    """A C char array's text (the bindings give some as NUL-padded bytes)."""
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).split(b"\0")[0].decode()
    return value


def _version_tuple(text):
    """'580.65.06' -> (580, 65, 6)."""
    return tuple(int(part) for part in text.strip().split("."))
