"""Field values: NVML's counters and readings asked for by id (``Device.get_field_values``), each answered with
its own status (``FieldValue``), and reset (``Device.clear_field_values``)."""

from __future__ import annotations

from typing import Any, List, Sequence, Tuple, Union

from cudacffi import nvml

from ._args import _int_arg
from ._device_class import _DevicePart
from ._nvml import _raw, c_new
from ._records import MODULE, _Sequence
from .exceptions import NvmlError
from .typing import FieldId

_VALUE_FIELDS = ("dVal", "uiVal", "ulVal", "ullVal", "sllVal", "siVal", "usVal")  # by nvmlValueType_t

_FieldIds = Sequence[Union[int, Tuple[int, int]]]


class FieldValue:
    """One field of ``Device.get_field_values``: ``value`` raises the field's own NvmlError, if it had one."""

    __slots__ = ("field_id", "scope_id", "timestamp", "latency_usec", "_status", "_value")
    __module__ = MODULE

    def __init__(self, raw: Any) -> None:
        field_id = int(raw.fieldId)
        # a FieldId, as cuda.core's (an int if unnamed)
        self.field_id = FieldId._by_value.get(field_id, field_id)  # type: ignore[attr-defined]
        self.scope_id = int(raw.scopeId)
        self.timestamp = int(raw.timestamp)
        self.latency_usec = int(raw.latencyUsec)
        self._status = int(raw.nvmlReturn)
        kind = int(raw.valueType)
        self._value = getattr(raw.value, _VALUE_FIELDS[kind]) if 0 <= kind < len(_VALUE_FIELDS) else None

    @property
    def value(self) -> Any:
        nvml.check_status(self._status)
        return self._value

    def __repr__(self):
        shown = repr(self._value) if not self._status else type(NvmlError(self._status)).__name__
        return "FieldValue(field_id=%d, scope_id=%d, value=%s)" % (int(self.field_id), self.scope_id, shown)


class FieldValues(_Sequence):
    """The FieldValue of each field asked for, in order."""

    __slots__ = ()
    __module__ = MODULE

    def validate(self) -> None:
        """Raise the first field's NvmlError, if any field failed."""
        for field in self:
            field.value

    def get_all_values(self) -> List[Any]:
        """Every field's value (raises the first field's NvmlError)."""
        return [field.value for field in self]


def _field_array(field_ids):
    """A cffi nvmlFieldValue_t[] asking for ``field_ids`` (ints or (field id, scope id) pairs)."""
    if not isinstance(field_ids, (list, tuple)):
        raise TypeError("field_ids must be a list of ints or (field id, scope id) pairs, not %s"
                        % type(field_ids).__name__)
    values = c_new("nvmlFieldValue_t[]", max(len(field_ids), 1))
    for i, item in enumerate(field_ids):
        field, scope = item if isinstance(item, tuple) and len(item) == 2 else (item, 0)
        values[i].fieldId = _int_arg(field, "field_ids[%d]" % i, 0, 0xFFFFFFFF)
        values[i].scopeId = _int_arg(scope, "field_ids[%d] scope" % i, 0, 0xFFFFFFFF)
    return values


class _Fields(_DevicePart):
    """``system.Device``'s field values."""

    __slots__ = ()

    def get_field_values(self, field_ids: _FieldIds) -> FieldValues:
        """The FieldValues of ``field_ids`` (NVML_FI_* ids, or (id, scope id) pairs); a failed field raises its
        own error when its ``value`` is read."""
        values = _field_array(field_ids)
        if field_ids:
            _raw("nvmlDeviceGetFieldValues", self._handle, len(field_ids), values)
        return FieldValues(FieldValue(values[i]) for i in range(len(field_ids)))

    def clear_field_values(self, field_ids: _FieldIds) -> None:
        """Reset the counters behind ``field_ids`` (needs root)."""
        values = _field_array(field_ids)
        if field_ids:
            _raw("nvmlDeviceClearFieldValues", self._handle, len(field_ids), values)
