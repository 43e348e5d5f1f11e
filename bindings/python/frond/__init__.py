"""Frond from Python: ctypes bindings over libfrond's C API.

Covered: standalone flexbox layout (`Node`, `Config`), components (`Component`, `Text`,
`Flexbox`, the layout components `Inset`, `Center`, `Ratio`, `Background`, `Overlay` and
`Static`, `tree_from_json`), render components with state and actions (`RenderComponent`,
`Scope`, `ActionEvent`), Python callables as action handlers, typed actions (`ActionName`,
`typed_action`), controllers (`Controller`) and wrappers (`Wrapper`) in the responder chain,
legacy components and constructors by name (`LegacyComponent`, `register_constructor`),
animations (`Animation`, `AnimationComponent`, `Root.tick`), roots (`Root`, with
`send_event` and `tap`, component providers, flush requests and asynchronous flushes, text
measurers (`TextStyle`) and view type declarations (`AttributeKind`), used from one thread
at a time), Python hosts (`Host`, `MemoryHost`), list changesets and data diffing
(`Changeset`, `ItemPath`, `Move`, `diff`), data sources (`DataSource`: items with their
own state and layout, built off the host thread) and lists that mount only what is near
their viewport (`ListView`).
The library is loaded on first use (see ``frond._library`` for where it is looked for).
"""
from __future__ import annotations

from ._capi import (Align, BoxSizing, Direction, Display, Edge, Errata, ExperimentalFeature, FlexDirection,
                    Gutter, Justify, MeasureMode, Overflow, PositionType, Status, TextAlign, Unit,
                    Wrap)
from ._runtime import handle_count
from ._version import __version__
from ._capi import AnimationMoment, AnimationProperty, AttributeKind, CenterSizing, Centering, TimingCurve
from .action import ActionHandler
from .controller import Controller, ControllerEvent
from .typed_action import ActionName, ArgumentValue, TypedAction, typed_action
from .wrapper import Wrapper
from .legacy import LegacyComponent, component_by_name, register_constructor, unregister_constructor
from .animation import Animation, AnimationComponent, AnimationTiming, CubicBezier, Spring
from .attribute import Action, AttributeInput, AttributeValue, Color, HostValue
from .components import Component, FlexChild, Flexbox, Text, tree_from_json
from .layout_components import Background, Center, Inset, Overlay, Ratio, Static, StaticChild
from .errors import (CallbackError, FrondError, InternalError, InvalidArgumentError, InvalidTreeError,
                     LibraryNotFoundError, LibraryVersionError, LimitError, MisuseError, OutOfMemoryError,
                     ThreadError, error_for_status)
from .layout import BaselineFunction, Config, LayoutResult, LayoutStatistics, MeasureFunction, Node
from .lists import Changeset, ItemPath, Move, diff
from .data_source import AppliedChanges, DataSource, DataSourceItem, ItemFailure, ItemProvider
from .list_view import ListStatistics, ListView
from .host import Host, MemoryHost, MemoryView, Mutation, MutationKind
from .render import ActionEvent, ActionOutcome, EventResult, RenderComponent, Scope
from .provider import ComponentProvider, FlushRequest
from .root import CommitStatistics, Root, SizeRange, SizeRangeKind
from .text_measurer import NativeTextMeasurer, TextMeasurer, TextStyle
from .view_types import AttributeKindLike
from .value import Edges, Rect, Size, Value, ValueLike

__all__ = [
    "__version__", "library_version", "handle_count",
    "Component", "Text", "Flexbox", "FlexChild", "tree_from_json", "Color", "HostValue", "Action", "AttributeValue",
    "Inset", "Center", "Ratio", "Background", "Overlay", "Static", "StaticChild", "Centering", "CenterSizing",
    "ActionHandler", "ActionName", "TypedAction", "typed_action", "ArgumentValue", "Controller", "ControllerEvent",
    "Wrapper", "LegacyComponent", "register_constructor", "unregister_constructor", "component_by_name",
    "AttributeInput", "Animation", "AnimationComponent", "AnimationTiming", "CubicBezier", "Spring",
    "AnimationProperty", "AnimationMoment", "TimingCurve",
    "RenderComponent", "Scope", "ActionEvent", "ActionOutcome", "EventResult",
    "Root", "SizeRange", "SizeRangeKind", "CommitStatistics", "ComponentProvider", "FlushRequest",
    "TextMeasurer", "NativeTextMeasurer", "TextStyle", "AttributeKind", "AttributeKindLike",
    "Host", "MemoryHost", "MemoryView", "Mutation",
    "MutationKind",
    "Config", "Node", "LayoutResult", "LayoutStatistics", "MeasureFunction", "BaselineFunction",
    "Changeset", "ItemPath", "Move", "diff", "DataSource", "DataSourceItem", "AppliedChanges", "ItemFailure",
    "ItemProvider", "ListView", "ListStatistics",
    "Value", "ValueLike", "Size", "Rect", "Edges",
    "Align", "BoxSizing", "Direction", "Display", "Edge", "Errata", "ExperimentalFeature", "FlexDirection",
    "Gutter", "Justify", "MeasureMode", "Overflow", "PositionType", "Status", "TextAlign", "Unit", "Wrap",
    "FrondError", "InvalidArgumentError", "MisuseError", "ThreadError", "InvalidTreeError", "LimitError", "CallbackError",
    "OutOfMemoryError", "InternalError", "LibraryNotFoundError", "LibraryVersionError", "error_for_status",
]


def library_version() -> str:
    """The loaded libfrond's ``frond_version()`` (equal to ``__version__``)."""
    from ._library import library

    raw = library().frond_version()
    return raw.decode("utf-8") if raw else ""
