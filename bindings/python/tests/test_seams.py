"""The seams Python reaches: closing a root from inside its own callbacks is refused (the
flush goes on), components found by key path, frames in the root's coordinates, what the
root describes while an animation runs, and the flush's statistics."""
from __future__ import annotations

from collections.abc import Sequence

import pytest

from frond import (Action, ActionEvent, Animation, AnimationComponent, CallbackError, Component, Flexbox,
                   InvalidArgumentError, MemoryHost, MisuseError, Mutation, RenderComponent, Root, Scope, SizeRange)
from frond.render import _render_class


class Row(RenderComponent):
    """A 20-high row with a count a tap increments; `closes` is a root it tries to close
    while rendering."""

    label: str
    closes: Root | None = None
    refusals: list[BaseException] = []

    def initial_state(self) -> int:
        return 0

    def render(self, state: int) -> Component:
        if self.closes is not None:
            try:
                self.closes.close()
            except MisuseError as error:
                Row.refusals.append(error)
        return Component("row", {"label": self.label, "count": state, "onTap": Action("tap")}, height=20)

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        return False


@pytest.fixture(scope="module", autouse=True)
def _render_classes() -> None:
    _render_class(Row)


def rows(labels: Sequence[str], closes: Root | None = None) -> Flexbox:
    return Flexbox([Row(label=label, key=label, closes=closes) for label in labels], view_type="list-view",
                   key="list", padding=5, spacing=2)


def test_a_root_cannot_be_closed_from_its_own_render(no_leaks: None) -> None:
    Row.refusals = []
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        root.set_component(rows(["a"], closes=root))
        root.flush()  # the flush went on and committed
        assert len(Row.refusals) == 1 and "own callbacks" in str(Row.refusals[0])
        assert not root.closed
        assert host.dump() == root.describe() != ""
    assert root.closed


class ClosingHost(MemoryHost):
    """Tries to close `root` while applying a commit."""

    def __init__(self) -> None:
        super().__init__()
        self.root: Root | None = None
        self.refusals: list[BaseException] = []

    def commit(self, mutations: Sequence[Mutation]) -> None:
        if self.root is not None:
            try:
                self.root.close()
            except MisuseError as error:
                self.refusals.append(error)
        super().commit(mutations)


def test_a_root_cannot_be_closed_from_its_host_or_a_handler(no_leaks: None) -> None:
    host = ClosingHost()
    refusals: list[BaseException] = []
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        host.root = root
        root.set_component(rows(["a"]))
        root.flush()
        assert len(host.refusals) == 1
        host.root = None

        def unhandled(action: ActionEvent) -> None:
            try:
                root.close()
            except MisuseError as error:
                refusals.append(error)
        root.on_unhandled_action = unhandled
        view = root.find_view("a")
        assert view is not None
        root.send_event(view)
        assert len(refusals) == 1 and not root.closed
        root.on_unhandled_action = None
    assert root.closed


def test_components_views_and_scopes_are_found_by_key_path(no_leaks: None) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        root.set_component(rows(["a", "b", "c"]))
        root.flush()
        b = root.find_view("list", "b")
        assert b is not None and host.views[b].attributes["label"] == "b"
        assert root.find_view("b") == b
        assert root.find_view("b", "list") is None and root.find_view("missing") is None
        # Padding 5, then a's 20 and the 2 of spacing.
        assert root.frame_in_root(b) == (5.0, 27.0, 90.0, 20.0)
        scope = root.find_scope("list", "b")
        assert scope is not None and scope.state == 0
        assert root.find_scope("list") is None  # a flexbox has no state
        with pytest.raises(TypeError):
            root.find_view()  # type: ignore[call-arg]
        with pytest.raises(ValueError):
            root.find_view("a\0b")
        with pytest.raises(ValueError):
            root.frame_in_root(12345)


def test_the_description_is_what_the_host_has_while_an_animation_runs(no_leaks: None) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        fade = Animation.alpha_from(0, duration=1, curve="linear")
        root.set_component(AnimationComponent(Component("card", {"opacity": 1.0}), on_initial_mount=[fade]))
        root.flush()
        # The card was inserted at its start opacity, never at 1 first.
        opacities = [dict(mutation.set).get("opacity") for mutation in host.last_commit if mutation.set]
        assert opacities == [0.0]
        root.tick(0.5)
        assert "opacity=0.5" in root.describe()
        assert host.dump() == root.describe()
        root.tick(1)
        assert host.dump() == root.describe()


def test_the_statistics_give_each_phase(no_leaks: None) -> None:
    with Root(SizeRange.fixed(100, 100), host=MemoryHost()) as root:
        root.set_component(rows(["a", "b"]))
        statistics = root.flush()
        assert statistics.created == 3
        assert isinstance(statistics.release_ns, int)  # the phase after the host: freeing what was replaced
        assert statistics.build_ns + statistics.layout_ns + statistics.mount_ns > 0


def test_a_callback_that_fails_on_a_call_keeps_its_cause(no_leaks: None) -> None:
    host = ClosingHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        root.set_component(rows(["a"]))

        def fail_on(action: ActionEvent) -> None:
            root.find_view("a\0")
        root.on_unhandled_action = fail_on
        root.flush()
        view = root.find_view("a")
        assert view is not None
        with pytest.raises(CallbackError) as raised:
            root.send_event(view)
        assert isinstance(raised.value.__cause__, ValueError)
        root.on_unhandled_action = None


def test_describedStringsAreEscapedAsTheHostDumpsThem(no_leaks) -> None:
    host = MemoryHost()
    text = 'line1\nline2 "q" \\ \t\x01é'
    with Root(SizeRange.fixed(10, 10), host=host) as root:
        root.set_component(Component("label", {"text": text}))
        root.flush()
        assert root.describe() == 'v1 label (0, 0, 10×10) text="line1\\nline2 \\"q\\" \\\\ \\t\\u0001é"'
        assert host.dump() == root.describe()


def test_anIntAttributeBeyondWhatADoubleHoldsIsRefused(no_leaks) -> None:
    with Root(SizeRange.fixed(10, 10)) as root:
        root.set_component(Component("v", {"n": 2**53}))  # the largest exact one arrives as it is
        root.flush()
        assert "n=9007199254740992" in root.describe()
    for number in (2**53 + 1, -(2**70), 10**400):
        with pytest.raises(InvalidArgumentError, match="not exact as a number"):
            Component("v", {"n": number})
