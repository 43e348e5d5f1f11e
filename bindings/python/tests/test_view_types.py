"""View type declarations from Python (C's frond_root_declare_view_type and
frond_root_set_require_declared_view_types): an attribute a declaration refuses makes the
flush raise InvalidArgumentError naming it, with nothing mounted and the views kept; kinds
are given as members, names or Python types; bad declarations declare nothing."""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import pytest

from frond import (Action, AttributeKind, AttributeKindLike, Color, Component, Flexbox, HostValue,
                   InvalidArgumentError, MemoryHost, Root, SizeRange, Text)


def flush_refused(root: Root, host: MemoryHost, component: Component, *words: str) -> None:
    """Flushing `component` raises InvalidArgumentError naming `words`; the host's views stay."""
    before = host.dump()
    root.set_component(component)
    with pytest.raises(InvalidArgumentError) as raised:
        root.flush()
    for word in words:
        assert word in str(raised.value)
    assert host.dump() == before == root.describe()


def test_an_attribute_of_another_kind_fails_the_flush_naming_the_attribute(no_leaks: None) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(50, 20), host=host) as root:
        root.declare_view_type("badge", {"count": float})
        root.set_component(Component("badge", {"count": 3}))
        root.flush()
        flush_refused(root, host, Component("badge", {"count": "three"}), '"count"', "number", "string")
        assert host.dump() == "v1 badge (0, 0, 50×20) count=3"


def test_an_attribute_not_declared_fails_unless_other_attributes_are_allowed(no_leaks: None) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(50, 20), host=host) as root:
        root.declare_view_type("badge", {"count": "number"})
        flush_refused(root, host, Component("badge", {"count": 1, "tint": 0.5}), '"tint"', "not declared")
        root.declare_view_type("badge", {"count": "number"}, allow_other_attributes=True)  # replaces the first
        root.flush()
        assert host.dump() == "v1 badge (0, 0, 50×20) count=1 tint=0.5"


def test_required_declarations_refuse_a_view_type_not_declared(no_leaks: None) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(50, 20), host=host) as root:
        assert root.require_declared_view_types is False
        root.set_component(Component("other"))
        root.flush()  # not required: mounted unchecked
        root.require_declared_view_types = True
        assert root.require_declared_view_types is True
        flush_refused(root, host, Component("another"), '"another"', "not declared")
        root.declare_view_type("another")  # no attributes
        root.flush()
        assert host.dump() == "v2 another (0, 0, 50×20)"  # (v1 was "other")


def test_text_components_are_checked_as_the_view_type_text(no_leaks: None) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(50, 20), host=host) as root:
        root.declare_view_type("text", {"text": str})
        flush_refused(root, host, Text("Hi"), '"fontSize"')
        root.declare_view_type("text", {"text": str, "fontSize": float, "lineHeight": float})
        root.flush()


KINDS: dict[str, tuple[AttributeKindLike, object, object]] = {
    # name: (kind, a value of that kind, a value of another kind)
    "number": (float, 1.5, True),
    "int": (int, 2, "2"),
    "bool": (bool, True, 1),
    "string": ("string", "s", Action("s")),
    "color": (Color, Color.rgb(0x112233), 0.5),
    "host_value": (AttributeKind.HOST_VALUE, HostValue(7), 7),
    "action": (Action, Action("go"), "go"),
    "action_block": ("action-block", lambda event: None, Action("go")),
}


@pytest.mark.parametrize(("kind", "good", "bad"), KINDS.values(), ids=KINDS.keys())
def test_kinds_given_as_members_names_or_python_types_accept_their_values_only(
        kind: AttributeKindLike, good: object, bad: object, no_leaks: None) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(50, 20), host=host) as root:
        root.declare_view_type("v", {"value": kind})
        root.set_component(Component("v", {"value": good}))  # type: ignore[dict-item]
        root.flush()
        flush_refused(root, host, Component("v", {"value": bad}), '"value"')  # type: ignore[dict-item]


def test_a_declaration_and_attributes_may_be_any_mapping(no_leaks: None) -> None:
    declaration: Mapping[str, AttributeKindLike] = MappingProxyType({"count": float})
    with Root(SizeRange.fixed(50, 20)) as root:
        root.declare_view_type("badge", declaration)
        root.set_component(Flexbox(children=[Component("badge", MappingProxyType({"count": 2}))],
                                   view_type="list", attributes=MappingProxyType({"rows": 1})))
        root.flush()
        assert root.describe() == "v1 list (0, 0, 50×20) rows=1\n  v2 badge (0, 0, 50×0) count=2"


@pytest.mark.parametrize(("view_type", "attributes", "error", "message"), [
    ("", {}, InvalidArgumentError, "view_type is empty"),
    ("v", {"": float}, InvalidArgumentError, "name is empty"),
    ("v", {"x": "numbr"}, InvalidArgumentError, "'numbr' is not a AttributeKind"),
    ("v", {"x": list}, TypeError, "list is not an attribute type"),
    ("v", {"x": 3}, TypeError, "must be a frond.AttributeKind"),
    ("v", [("x", float)], TypeError, "must be a mapping"),
    ("v\0", {}, InvalidArgumentError, "NUL"),
    (None, {}, TypeError, "view_type must be a str"),
], ids=["empty-type", "empty-name", "unknown-name", "other-type", "number", "list", "nul", "none"])
def test_a_bad_declaration_is_refused_and_declares_nothing(view_type: object, attributes: object,
                                                           error: type[Exception], message: str,
                                                           no_leaks: None) -> None:
    with Root(SizeRange.fixed(50, 20)) as root:
        root.require_declared_view_types = True
        with pytest.raises(error, match=message):
            root.declare_view_type(view_type, attributes)  # type: ignore[arg-type]
        root.set_component(Component("v"))
        with pytest.raises(InvalidArgumentError, match="not declared"):
            root.flush()
        with pytest.raises(TypeError, match="allow_other_attributes must be a bool"):
            root.declare_view_type("v", {}, allow_other_attributes=1)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="must be a bool"):
            root.require_declared_view_types = "yes"  # type: ignore[assignment]
