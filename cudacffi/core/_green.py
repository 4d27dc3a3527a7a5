"""TRANSITIONAL: green contexts now live in ``_green_resources`` (a device's resources and their partitions) and
``_green_context`` (the contexts made of them); this module re-exports their names until every importer uses
those."""

from ._green_context import ContextOptions, CreatedContext, GreenContext, create_context
from ._green_resources import (DeviceResources, SMResource, SMResourceOptions, WorkqueueResource,
                               WorkqueueResourceOptions, WorkqueueSharingScopeType, context_resources,
                               device_resources, stream_resources)

__all__ = ["ContextOptions", "DeviceResources", "SMResource", "SMResourceOptions", "WorkqueueResource",
           "WorkqueueResourceOptions", "WorkqueueSharingScopeType"]
__all__ += ["CreatedContext", "GreenContext", "context_resources", "create_context", "device_resources",
            "stream_resources"]
