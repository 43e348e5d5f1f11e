"""Animations from Python: AnimationComponent fades sampled on the clock, final-unmount
animations keeping their view until they end, completions called once, render classes'
animations, curves and groups, bad values refused before C sees them, and no leaks."""
from __future__ import annotations

import gc
import weakref

import pytest

from frond import (Animation, AnimationComponent, AnimationMoment, AnimationProperty, AnimationTiming, CallbackError, Component, CubicBezier,
                   Flexbox, MemoryHost, MutationKind, RenderComponent, Root, SizeRange, Spring, TimingCurve,
                   handle_count)
from frond import _runtime
from frond.render import _render_class


def opacity(host: MemoryHost, view_type: str) -> float | None:
    view = next(view for view in host.views.values() if view.view_type == view_type)
    value = view.attributes.get("opacity")
    assert value is None or isinstance(value, float)
    return value


def test_fade_in_sampled_linearly(no_leaks: None) -> None:
    done: list[bool] = []
    host = MemoryHost()
    with Root(SizeRange.fixed(100, 100), host=host) as root:
        root.tick(10)  # animations start at the last tick's time
        fade = Animation.alpha_from(0, duration=2, curve="linear", completion=done.append)
        root.set_component(AnimationComponent(Component("card"), on_initial_mount=[fade]))
        root.flush()
        assert root.has_running_animations and root.animation_time == 10
        samples = []
        for time in (10, 10.5, 11, 12):
            root.tick(time)
            samples.append(opacity(host, "card"))
        assert samples == [0.0, 0.25, 0.5, None]  # None: back to the resting value (unset)
        assert done == [True]
        assert not root.has_running_animations
        assert root.tick(13) == 0
        assert host.dump() == root.describe()
    assert done == [True]


def test_fade_out_keeps_the_view_until_it_ends(no_leaks: None) -> None:
    done: list[bool] = []
    host = MemoryHost()
    fade_out = Animation.alpha_to(0, duration=1, completion=done.append)

    def tree(shown: bool) -> Flexbox:
        children = [Component("header", height=10)]
        if shown:
            children.append(AnimationComponent(Component("row", height=10), on_final_unmount=[fade_out], key="row"))
        return Flexbox(children=children)

    with Root(SizeRange.flexible_height(50), host=host) as root:
        root.set_component(tree(True))
        root.flush()
        row = next(view.id for view in host.views.values() if view.view_type == "row")
        root.set_component(tree(False))
        root.flush()
        assert row in host.views and host.root_children == [next(iter(host.views)), row]
        assert root.has_running_animations
        root.tick(0.5)
        assert opacity(host, "row") == 0.5
        root.tick(0.75)
        assert opacity(host, "row") == 0.25
        assert done == []
        root.tick(1)
        assert row not in host.views
        destroys = [mutation for commit in host.commits for mutation in commit
                    if mutation.kind == MutationKind.DESTROY and mutation.view == row]
        assert len(destroys) == 1
        assert done == [True]
        assert not root.has_running_animations
        root.tick(2)
        root.flush()
    assert done == [True]


def test_interrupted_animation_completes_unfinished_once(no_leaks: None) -> None:
    done: list[bool] = []
    host = MemoryHost()
    with Root(SizeRange.fixed(50, 50), host=host) as root:
        root.set_component(AnimationComponent(Component("card"), on_initial_mount=[
            Animation.alpha_from(0, duration=10, completion=done.append)]))
        root.flush()
        root.tick(1)
        assert done == []
    assert done == [False]  # the root went first


def test_completion_exception_raises_from_tick(no_leaks: None) -> None:
    def broken(finished: bool) -> None:
        raise ValueError(f"finished={finished}")

    with Root(SizeRange.fixed(50, 50), host=MemoryHost()) as root:
        root.set_component(AnimationComponent(Component("card"), on_initial_mount=[
            Animation.scale_from(0.5, duration=1, completion=broken)]))
        root.flush()
        with pytest.raises(CallbackError) as raised:
            root.tick(1)
        assert str(raised.value.__cause__) == "finished=True"
        assert not root.has_running_animations


def test_curves_and_groups(no_leaks: None) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(50, 50), host=host) as root:
        both = Animation.parallel(Animation.alpha_from(0, duration=1, curve=CubicBezier(0, 0, 1, 1)),
                                  Animation.translation_x_from(-40, duration=2))
        root.set_component(AnimationComponent(Component("card"), on_initial_mount=[both]))
        root.flush()
        root.tick(0.5)
        view = next(iter(host.views.values()))
        assert view.attributes["opacity"] == pytest.approx(0.5, abs=1e-3)
        assert view.attributes["translationX"] == -30
        root.tick(2)
        assert "translationX" not in view.attributes and "opacity" not in view.attributes

        done: list[bool] = []
        root.set_component(AnimationComponent(Component("spring"), key="s", on_initial_mount=[
            Animation.scale_from(0, curve=Spring(damping=20, stiffness=300), completion=done.append)]))
        root.flush()
        time = 2.0
        while root.has_running_animations and time < 12:
            time += 0.1
            root.tick(time)
        assert done == [True] and time < 12
        ease = Animation.alpha_from(0, duration=1, curve="ease_in_out")
        assert ease.curve == TimingCurve.EASE_IN_OUT


def test_bad_animations_are_refused_before_c(no_leaks: None) -> None:
    with pytest.raises(ValueError):
        Animation.alpha_from(0, duration=-1)
    with pytest.raises(ValueError):
        Animation.alpha_from(0, delay=float("nan"))
    with pytest.raises(ValueError):
        Animation.alpha_from(0, curve="bouncy")
    with pytest.raises(ValueError):
        Animation.alpha_from(0, curve=TimingCurve.SPRING)
    with pytest.raises(ValueError):
        CubicBezier(1.5, 0, 0.5, 1)
    with pytest.raises(ValueError):
        Spring(mass=0)
    with pytest.raises(TypeError):
        Animation.alpha_from("0")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Animation.background_color_from(0.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Animation.size_from(-1, 2)
    with pytest.raises(TypeError):
        Animation.alpha_from(0, completion="done")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        AnimationComponent(Component("card"), on_initial_mount=Animation.alpha_from(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        AnimationComponent("card")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Animation.alpha_from(0, target_key="")


def test_missing_target_fails_the_flush_and_releases_completions(no_leaks: None) -> None:
    seen: list[bool] = []
    completion = seen.append
    with Root(SizeRange.fixed(50, 50), host=MemoryHost()) as root:
        root.set_component(AnimationComponent(Component("card"), on_initial_mount=[
            Animation.alpha_from(0, target_key="nowhere", completion=completion)]))
        with pytest.raises(ValueError):
            root.flush()
        root.set_component(None)
        root.flush()


class Fading(RenderComponent):
    """Fades in when mounted; slides on change; fades out when removed."""

    def render(self, state: None) -> Component:
        return Component("fading", {"label": self.label}, height=10)

    def animations(self, moment: AnimationMoment, previous: Fading | None) -> list[Animation]:
        Fading.moments.append((moment, None if previous is None else previous.label))
        if moment == AnimationMoment.INITIAL_MOUNT:
            return [Animation.alpha_from(0, duration=1)]
        if moment == AnimationMoment.CHANGE:
            return [Animation.parallel(Animation.translation_y_from(10, duration=1), target_key=None)]
        return [Animation.alpha_to(0, duration=1)]

    label: str
    moments: list[tuple[AnimationMoment, str | None]] = []


class TooMany(RenderComponent):
    def render(self, state: None) -> Component:
        return Component("many")

    def animations(self, moment: AnimationMoment, previous: TooMany | None) -> list[Animation]:
        return [Animation.alpha_from(0, completion=print)] * 9


@pytest.fixture(scope="module", autouse=True)
def _render_classes() -> None:
    _render_class(Fading)
    _render_class(TooMany)
    _render_class(Growing)
    _render_class(Dimming)


def test_render_class_animations(no_leaks: None) -> None:
    Fading.moments.clear()
    host = MemoryHost()
    with Root(SizeRange.flexible_height(50), host=host) as root:
        root.set_component(Flexbox(children=[Fading(label="a", key="f")]))
        root.flush()
        root.tick(0.5)
        assert opacity(host, "fading") == 0.5
        root.tick(1)
        root.set_component(Flexbox(children=[Fading(label="b", key="f")]))
        root.flush()
        root.tick(1.5)
        view = next(iter(host.views.values()))
        assert view.attributes["translationY"] == 5
        root.tick(2)
        root.set_component(Flexbox(children=[]))
        root.flush()
        root.tick(2.25)
        assert opacity(host, "fading") == 0.75
        root.tick(3)
        assert host.views == {}
    assert [moment for moment, _ in Fading.moments] == [AnimationMoment.INITIAL_MOUNT, AnimationMoment.CHANGE,
                                                        AnimationMoment.FINAL_UNMOUNT]
    assert Fading.moments[1] == (AnimationMoment.CHANGE, "a")


class Dimming(RenderComponent):
    """Its opacity glides to each new one (a change animation)."""

    def render(self, state: None) -> Component:
        return Component("dimming", {"opacity": self.level}, height=10)

    def animations(self, moment: AnimationMoment, previous: Dimming | None) -> list[Animation]:
        return [Animation.change(AnimationProperty.OPACITY, duration=1)] if moment == AnimationMoment.CHANGE else []

    level: float


def test_a_change_animation_glides_from_the_shown_value_to_the_new_one(no_leaks: None) -> None:
    host = MemoryHost()
    with Root(SizeRange.flexible_height(50), host=host) as root:
        root.set_component(Dimming(level=1.0, key="d"))
        root.flush()
        root.set_component(Dimming(level=0.0, key="d"))
        root.flush()
        assert opacity(host, "dimming") == 1
        root.tick(0.25)
        assert opacity(host, "dimming") == 0.75
        root.tick(1)
        assert opacity(host, "dimming") == 0
    assert Animation.position_to(1, 2).to == (1, 2) and Animation.size_to(3, 4).to == (3, 4)
    with pytest.raises(TypeError, match="change animates one property"):
        Animation.change(AnimationProperty.SEQUENCE)


def test_render_class_animations_errors(no_leaks: None) -> None:
    with Root(SizeRange.fixed(50, 50), host=MemoryHost()) as root:
        root.set_component(TooMany())
        with pytest.raises(CallbackError) as raised:
            root.flush()
        assert isinstance(raised.value.__cause__, ValueError)


def test_no_growth_over_many_animated_builds() -> None:
    host = MemoryHost()
    with Root(SizeRange.flexible_height(50), host=host) as root:
        counts = []
        completions: list[bool] = []
        for index in range(201):
            shown = index % 2 == 0
            children = [AnimationComponent(Component("row", height=5), key="row",
                                           on_initial_mount=[Animation.alpha_from(0, duration=0.1,
                                                                                  completion=completions.append)],
                                           on_final_unmount=[Animation.alpha_to(0, duration=0.1)])] if shown else []
            root.set_component(Flexbox(children=children))
            root.flush()
            root.tick(index * 0.2 + 0.1)
            root.tick(index * 0.2 + 0.2)
            if index in (0, 200):
                gc.collect()
                counts.append((handle_count(), len(_runtime.registry)))
        assert counts[0] == counts[1]
        assert completions == [True] * 101
    reference = weakref.ref(host)
    del host
    gc.collect()
    assert reference() is None


class Growing(RenderComponent):
    """A card that its own state update makes wider: only frame_animation animates that."""

    frame_animation = AnimationTiming(duration=1)

    def initial_state(self) -> bool:
        return False

    def render(self, state: bool) -> Component:
        return Component("card", width=80 if state else 40, height=20)


def test_frame_animation_animates_a_resize_from_a_state_update(no_leaks: None) -> None:
    host = MemoryHost()
    with Root(SizeRange.fixed(200, 100), host=host) as root:
        root.set_component(Flexbox(children=[Growing(key="g")], align_items="flex-start"))
        root.flush()
        card = next(view for view in host.views.values() if view.view_type == "card")
        assert card.frame.width == 40
        scope = root.find_scope("g")
        assert scope is not None
        scope.update_state(lambda selected: True)
        root.flush()
        widths = [card.frame.width]
        for time in (0.25, 0.5, 1.0):
            root.tick(time)
            widths.append(card.frame.width)
        assert widths == [40, 50, 60, 80]
        assert not root.has_running_animations
        assert host.dump() == root.describe()


def test_frame_animation_must_be_a_timing() -> None:
    class Wrong(RenderComponent):
        frame_animation = 0.3  # type: ignore[assignment]

        def render(self, state: None) -> Component:
            return Component("card")

    with Root(SizeRange.fixed(50, 50), host=MemoryHost()) as root:
        with pytest.raises(TypeError, match="frame_animation must be a frond.AnimationTiming"):
            root.set_component(Wrong())
    with pytest.raises(ValueError, match="duration must be ≥ 0"):
        AnimationTiming(duration=-1)
    with pytest.raises(ValueError):
        AnimationTiming(curve=CubicBezier(0.2, 0, 1.5, 1))
