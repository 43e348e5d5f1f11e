"""The batch path: `frond.tree_from_json` builds a whole tree in one C call and gives the
frames the same tree built node by node gives."""
from __future__ import annotations

import pytest

from frond import (Component, FlexChild, Flexbox, InvalidArgumentError, MisuseError, Root, SizeRange, Text,
                   tree_from_json)

DESCRIPTION = {
    "key": "list", "style": {"flexDirection": "column", "padding": {"all": 4}, "gap": {"row": 2}},
    "children": [
        {"key": f"row{index}", "style": {"flexDirection": "row", "height": 20},
         "children": [{"view": "icon", "attributes": {"name": "dot", "size": 3, "on": True},
                       "style": {"width": 16, "height": 16}},
                      {"view": "label", "attributes": {"title": f"item {index}"}, "style": {"flexGrow": 1}}]}
        for index in range(3)
    ],
}


def _by_node() -> Component:
    rows = [Flexbox(children=[Component("icon", {"name": "dot", "size": 3, "on": True}, width=16, height=16),
                              FlexChild(Component("label", {"title": f"item {index}"}), flex_grow=1)],
                    direction="row", height=20, key=f"row{index}")
            for index in range(3)]
    return Flexbox(children=rows, padding=4, spacing=2, key="list")


def _describe(component: Component) -> str:
    with Root(SizeRange.fixed(200, 200)) as root:
        root.set_component(component)
        root.flush()
        return root.describe()


def test_dict_and_text_give_the_frames_of_the_same_tree_built_node_by_node(no_leaks: None) -> None:
    import json

    expected = _describe(_by_node())
    assert "v2 label (20, 4, 176×20) title=\"item 0\"" in expected
    assert _describe(tree_from_json(DESCRIPTION)) == expected
    assert _describe(tree_from_json(json.dumps(DESCRIPTION))) == expected
    assert _describe(tree_from_json(json.dumps(DESCRIPTION).encode())) == expected


def test_a_json_tree_is_a_child_like_any_component(no_leaks: None) -> None:
    with Root(SizeRange.fixed(100, 100)) as root:
        root.set_component(Flexbox(children=[Text("above"), tree_from_json({"view": "box", "style": {"height": 7}})]))
        root.flush()
        assert "box (0, " in root.describe() and "×7)" in root.describe()


def test_mistakes_raise_with_their_place_and_leave_nothing_behind(no_leaks: None) -> None:
    with pytest.raises(InvalidArgumentError, match=r"root\.children\[1\]"):
        tree_from_json({"children": [{"view": "a"}, {"view": "b", "bogus": 1}]})
    with pytest.raises(InvalidArgumentError):
        tree_from_json("{not json")
    with pytest.raises(InvalidArgumentError, match="NUL"):
        tree_from_json("{}\0")
    with pytest.raises(InvalidArgumentError, match="NUL"):
        tree_from_json(b"{}\0")
    with pytest.raises(TypeError, match="not JSON"):
        tree_from_json({"view": "a", "attributes": {"onTap": print}})
    with pytest.raises(TypeError, match="not JSON"):
        tree_from_json({"view": "a", "style": {"width": float("nan")}})
    with pytest.raises(TypeError, match="must be JSON text"):
        tree_from_json(42)  # type: ignore[arg-type]


def test_the_component_is_closed_like_any_other(no_leaks: None) -> None:
    component = tree_from_json({"view": "a"})
    component.close()
    with pytest.raises(MisuseError):
        Flexbox(children=[component])
