"""Animations: `Animation` values, `AnimationComponent`, and the clock (`Root.tick`).

    >>> from frond import Animation, AnimationComponent, Component
    >>> fade = Animation.alpha_from(0, duration=0.3, curve="ease-out")
    >>> card = AnimationComponent(Component("card", height=40), on_initial_mount=[fade],
    ...                           on_final_unmount=[Animation.alpha_to(0, duration=0.2)])

An animation moves one property of a mounted view ("opacity", "translationX",
"translationY", "scale", "backgroundColor", or the frame's position or size) between two
values; the host sees the animated values as ordinary UPDATE and SET_FRAME mutations
sent by `Root.flush` and `Root.tick`. ``*_from(value)`` animates from `value` to the
resting value (the component's own), ``*_to(value)`` from the shown value to `value`.

- **Timing**: `duration` and `delay` in seconds (finite, ≥ 0); `curve` is a
  `TimingCurve`, one of the names "linear", "ease-in", "ease-out", "ease-in-out", a
  `CubicBezier(x1, y1, x2, y2)` or a `Spring(damping, stiffness, mass, initial_velocity)`
  (a spring ignores `duration`: it runs until it settles, which must be within 3600 s).
- **Completion**: `completion(finished: bool)` is called once per run, after the commit
  where the animation ends (`finished` True) or is interrupted (False). An exception it
  raises makes the call that ran it (usually `Root.tick`) raise CallbackError from it.
  It may queue state updates; it must not flush or tick (`MisuseError` inside it: it runs
  within the tick or flush that ended its animation).
- **Groups**: `Animation.parallel(*parts)` and `Animation.sequence(*parts)`.
- **Lifetimes**: each animation with a completion is handed to C under a registry key
  that C releases exactly once, after the animation's last completion call.
"""
from __future__ import annotations

import ctypes
import math
import numbers
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Union

from . import _capi
from ._capi import AnimationMoment, AnimationProperty, TimingCurve
from ._registry import Arena
from ._runtime import DESTROY, callback_failed, registry, user_data
from .attribute import Color, c_color, c_string
from .components import Component, _key

__all__ = ["Animation", "AnimationComponent", "AnimationTiming", "CubicBezier", "Spring", "AnimationProperty",
           "AnimationMoment", "TimingCurve", "Curve", "AnimationValue"]


@dataclass(frozen=True)
class CubicBezier:
    """A CSS cubic Bézier timing curve through (0, 0), (x1, y1), (x2, y2), (1, 1); x1 and
    x2 within 0…1."""

    x1: float
    y1: float
    x2: float
    y2: float

    def __post_init__(self) -> None:
        for name in ("x1", "y1", "x2", "y2"):
            _finite(getattr(self, name), f"CubicBezier.{name}")
        if not (0 <= self.x1 <= 1 and 0 <= self.x2 <= 1):
            raise ValueError(f"CubicBezier x1 and x2 must be within 0…1, not {self.x1} and {self.x2}")


@dataclass(frozen=True)
class Spring:
    """A damped spring: `damping`, `stiffness` and `mass` > 0, `initial_velocity` in
    distances per second towards the end."""

    damping: float = 20.0
    stiffness: float = 200.0
    mass: float = 1.0
    initial_velocity: float = 0.0

    def __post_init__(self) -> None:
        for name in ("damping", "stiffness", "mass"):
            if _finite(getattr(self, name), f"Spring.{name}") <= 0:
                raise ValueError(f"Spring.{name} must be > 0, not {getattr(self, name)}")
        _finite(self.initial_velocity, "Spring.initial_velocity")


#: A timing curve: a TimingCurve, its name ("linear", "ease-in", …), a CubicBezier or a Spring.
Curve = Union[TimingCurve, str, CubicBezier, Spring]
#: One end of an animation: a number (opacity, translations, scale), a Color (background)
#: or a pair (position: left, top; size: width, height); None is the current value.
AnimationValue = Union[float, Color, "tuple[float, float]", None]

_NUMBER_PROPERTIES = (AnimationProperty.OPACITY, AnimationProperty.TRANSLATION_X, AnimationProperty.TRANSLATION_Y,
                      AnimationProperty.SCALE)
_PAIR_PROPERTIES = (AnimationProperty.POSITION, AnimationProperty.SIZE)
_GROUPS = (AnimationProperty.PARALLEL, AnimationProperty.SEQUENCE)
_CURVE_NAMES = {"linear": TimingCurve.LINEAR, "ease-in": TimingCurve.EASE_IN, "ease-out": TimingCurve.EASE_OUT,
                "ease-in-out": TimingCurve.EASE_IN_OUT}


@dataclass(frozen=True)
class AnimationTiming:
    """An animation's timing alone (Swift's ``AnimationTiming``): what a render component's
    ``frame_animation`` gives the changes of its views' frames."""

    duration: float = 0.25
    delay: float = 0.0
    curve: Curve = TimingCurve.LINEAR

    def __post_init__(self) -> None:
        for name in ("duration", "delay"):
            if _finite(getattr(self, name), f"AnimationTiming.{name}") < 0:
                raise ValueError(f"AnimationTiming.{name} must be ≥ 0, not {getattr(self, name)}")
        object.__setattr__(self, "curve", _curve(self.curve))

    def _fill(self, slot: Any) -> None:
        """Writes the timing into a zeroed frond_animation `slot`."""
        _fill_timing(slot, self.duration, self.delay, self.curve)


def _fill_timing(slot: Any, duration: float, delay: float, curve: Curve) -> None:
    slot.duration = float(duration)
    slot.delay = float(delay)
    if isinstance(curve, CubicBezier):
        slot.curve = TimingCurve.CUBIC_BEZIER
        slot.bezier = (ctypes.c_double * 4)(curve.x1, curve.y1, curve.x2, curve.y2)
    elif isinstance(curve, Spring):
        slot.curve = TimingCurve.SPRING
        slot.spring_damping, slot.spring_stiffness = curve.damping, curve.stiffness
        slot.spring_mass, slot.spring_initial_velocity = curve.mass, curve.initial_velocity
    else:
        slot.curve = curve


@dataclass(frozen=True)
class Animation:
    """One animation (immutable; build it with the helpers, e.g. `Animation.alpha_from`).

    `from_` and `to` are None for the current value (the shown one as the start, the
    resting one as the end)."""

    property: AnimationProperty
    from_: AnimationValue = None
    to: AnimationValue = None
    duration: float = 0.25
    delay: float = 0.0
    curve: Curve = TimingCurve.LINEAR
    target_key: str | None = None
    completion: Callable[[bool], object] | None = None
    parts: tuple[Animation, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.property, AnimationProperty):
            raise TypeError(f"Animation.property must be a frond.AnimationProperty, not {self.property!r}")
        if self.property in _GROUPS:
            parts = tuple(self.parts)
            if not all(isinstance(part, Animation) for part in parts):
                raise TypeError("the parts of an animation group must be frond.Animation values")
            object.__setattr__(self, "parts", parts)
        else:
            if self.parts:
                raise TypeError(f"only PARALLEL and SEQUENCE animations have parts, not {self.property.name}")
            object.__setattr__(self, "from_", _end(self.property, self.from_, "from_"))
            object.__setattr__(self, "to", _end(self.property, self.to, "to"))
        for name in ("duration", "delay"):
            if _finite(getattr(self, name), f"Animation.{name}") < 0:
                raise ValueError(f"Animation.{name} must be ≥ 0, not {getattr(self, name)}")
        object.__setattr__(self, "curve", _curve(self.curve))
        if self.target_key is not None:
            c_string(self.target_key, "target_key")
            if not self.target_key:
                raise ValueError("target_key must not be empty (None: the animation component's child)")
        if self.completion is not None and not callable(self.completion):
            raise TypeError(f"completion must be callable (finished: bool) or None, "
                            f"not {type(self.completion).__name__}")

    # ---- helpers -----------------------------------------------------------------

    @staticmethod
    def alpha_from(value: float, **timing: Any) -> Animation:
        """Opacity from `value` to the resting opacity (a fade in from 0)."""
        return Animation(AnimationProperty.OPACITY, from_=value, **timing)

    @staticmethod
    def alpha_to(value: float, **timing: Any) -> Animation:
        """Opacity from the shown one to `value` (a fade out to 0)."""
        return Animation(AnimationProperty.OPACITY, to=value, **timing)

    @staticmethod
    def translation_x_from(value: float, **timing: Any) -> Animation:
        return Animation(AnimationProperty.TRANSLATION_X, from_=value, **timing)

    @staticmethod
    def translation_x_to(value: float, **timing: Any) -> Animation:
        return Animation(AnimationProperty.TRANSLATION_X, to=value, **timing)

    @staticmethod
    def translation_y_from(value: float, **timing: Any) -> Animation:
        return Animation(AnimationProperty.TRANSLATION_Y, from_=value, **timing)

    @staticmethod
    def translation_y_to(value: float, **timing: Any) -> Animation:
        return Animation(AnimationProperty.TRANSLATION_Y, to=value, **timing)

    @staticmethod
    def scale_from(value: float, **timing: Any) -> Animation:
        return Animation(AnimationProperty.SCALE, from_=value, **timing)

    @staticmethod
    def scale_to(value: float, **timing: Any) -> Animation:
        return Animation(AnimationProperty.SCALE, to=value, **timing)

    @staticmethod
    def background_color_from(value: Color, **timing: Any) -> Animation:
        return Animation(AnimationProperty.BACKGROUND_COLOR, from_=value, **timing)

    @staticmethod
    def background_color_to(value: Color, **timing: Any) -> Animation:
        return Animation(AnimationProperty.BACKGROUND_COLOR, to=value, **timing)

    @staticmethod
    def position_from(left: float, top: float, **timing: Any) -> Animation:
        return Animation(AnimationProperty.POSITION, from_=(left, top), **timing)

    @staticmethod
    def position_to(left: float, top: float, **timing: Any) -> Animation:
        return Animation(AnimationProperty.POSITION, to=(left, top), **timing)

    @staticmethod
    def size_from(width: float, height: float, **timing: Any) -> Animation:
        return Animation(AnimationProperty.SIZE, from_=(width, height), **timing)

    @staticmethod
    def size_to(width: float, height: float, **timing: Any) -> Animation:
        return Animation(AnimationProperty.SIZE, to=(width, height), **timing)

    @staticmethod
    def change(property: AnimationProperty, **timing: Any) -> Animation:
        """`property` from the value shown to the resting one: what a component's
        `animations` returns at CHANGE for a property its new instance changed (an opacity,
        a color, its POSITION or SIZE)."""
        if property in _GROUPS:
            raise TypeError(f"change animates one property, not {property.name}")
        return Animation(property, **timing)

    @staticmethod
    def parallel(*parts: Animation, target_key: str | None = None,
                 completion: Callable[[bool], object] | None = None) -> Animation:
        """`parts` start together; the group ends with the last."""
        return Animation(AnimationProperty.PARALLEL, parts=parts, target_key=target_key, completion=completion)

    @staticmethod
    def sequence(*parts: Animation, target_key: str | None = None,
                 completion: Callable[[bool], object] | None = None) -> Animation:
        """`parts` start one after another."""
        return Animation(AnimationProperty.SEQUENCE, parts=parts, target_key=target_key, completion=completion)

    # ---- the C side --------------------------------------------------------------

    def _fill(self, slot: Any, keep: list[Any], keys: list[int], arena: Callable[[], Arena] | None = None) -> None:
        """Writes this animation into a frond_animation `slot`; `keep` receives what C
        reads through pointers (alive until C has copied it), `keys` the registry keys
        given to C (each released by C's destroy), registered in the arena `arena()` gives
        (None: the running root's)."""
        ctypes.memset(ctypes.addressof(slot), 0, ctypes.sizeof(_capi.frond_animation))
        slot.struct_size = ctypes.sizeof(_capi.frond_animation)
        slot.property = self.property
        _fill_end(getattr(slot, "from"), self.from_)
        _fill_end(slot.to, self.to)
        _fill_timing(slot, self.duration, self.delay, self.curve)
        if self.target_key is not None:
            encoded = c_string(self.target_key, "target_key")
            keep.append(encoded)
            slot.target_key = encoded
        if self.parts:
            array = encode_animations(self.parts, keep, keys, arena)
            slot.parts = ctypes.cast(array, ctypes.POINTER(_capi.frond_animation))
            slot.part_count = len(self.parts)
        if self.completion is not None:
            key = registry.add(self.completion, arena() if arena is not None else None)
            keys.append(key)
            slot.completion = _C_COMPLETION
            slot.user_data = key
            slot.destroy = DESTROY


def encode_animations(animations: Sequence[Animation], keep: list[Any], keys: list[int],
                      arena: Callable[[], Arena] | None = None) -> Any:
    """A ctypes array of frond_animation (kept in `keep`), or None for none."""
    if not animations:
        return None
    array = (_capi.frond_animation * len(animations))()
    keep.append(array)
    for slot, animation in zip(array, animations):
        animation._fill(slot, keep, keys, arena)
    return array


def animation_list(value: object, what: str) -> list[Animation]:
    """`value` (an iterable of Animation) as a list; TypeError otherwise."""
    if isinstance(value, Animation) or not isinstance(value, Iterable) or isinstance(value, (str, bytes)):
        raise TypeError(f"{what} must be a list of frond.Animation, not {type(value).__name__}")
    items = list(value)
    for item in items:
        if not isinstance(item, Animation):
            raise TypeError(f"{what} must hold frond.Animation values, not {type(item).__name__}")
    return items


class AnimationComponent(Component):
    """A viewless component that wraps `child` (it fills it) and animates it as it
    appears (`on_initial_mount`, with the commit that first mounts it) and disappears
    (`on_final_unmount`, with the commit that drops it: the child's view stays until they
    end, then it is destroyed). Add it to a tree to fade a child in; leave it out of the
    next tree to fade the child out."""

    def __init__(self, child: Component, *, on_initial_mount: Iterable[Animation] = (),
                 on_final_unmount: Iterable[Animation] = (), key: str | None = None) -> None:
        if not isinstance(child, Component):
            raise TypeError(f"child must be a frond component, not {type(child).__name__}")
        initial = animation_list(on_initial_mount, "on_initial_mount")
        final = animation_list(on_final_unmount, "on_final_unmount")
        encoded_key = _key(key)
        keep: list[Any] = []
        keys: list[int] = []
        try:
            first = encode_animations(initial, keep, keys, self._own_arena)
            second = encode_animations(final, keep, keys, self._own_arena)
            self._create("frond_component_new_animation", encoded_key, child._live(), first, len(initial), second,
                         len(final))
            self._adopt((child,))
        except BaseException:
            # C called destroy for what it was given; keys are never reused, so dropping
            # them all again is harmless and covers those it never saw.
            for registered in keys:
                registry.discard(registered)
            raise
        finally:
            child._consumed()


def _completion(finished: bool, key: int | None) -> None:
    try:
        registry.get(key)(bool(finished))
    except BaseException as error:  # noqa: BLE001 — nothing may escape into C
        callback_failed(error)


_C_COMPLETION = _capi.frond_animation_completion_func(_completion)


# ---- checks -------------------------------------------------------------------------

def _finite(value: object, what: str) -> float:
    if not isinstance(value, numbers.Real) or isinstance(value, bool):
        raise TypeError(f"{what} must be a number, not {type(value).__name__}")
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{what} must be finite, not {number}")
    return number


def _curve(curve: object) -> Curve:
    if isinstance(curve, (CubicBezier, Spring)):
        return curve
    if isinstance(curve, TimingCurve):
        if curve in (TimingCurve.CUBIC_BEZIER, TimingCurve.SPRING):
            raise ValueError(f"give a frond.CubicBezier or frond.Spring for {curve.name}, with its parameters")
        return curve
    if isinstance(curve, str):
        named = _CURVE_NAMES.get(curve.lower().replace("_", "-"))
        if named is None:
            raise ValueError(f"unknown curve {curve!r} (one of {', '.join(_CURVE_NAMES)}, a frond.CubicBezier "
                             f"or a frond.Spring)")
        return named
    raise TypeError(f"curve must be a frond.TimingCurve, a name, a frond.CubicBezier or a frond.Spring, "
                    f"not {type(curve).__name__}")


def _end(prop: AnimationProperty, value: object, what: str) -> AnimationValue:
    if value is None:
        return None
    place = f"Animation.{what} ({prop.name})"
    if prop in _NUMBER_PROPERTIES:
        return _finite(value, place)
    if prop == AnimationProperty.BACKGROUND_COLOR:
        if not isinstance(value, Color):
            raise TypeError(f"{place} must be a frond.Color, not {type(value).__name__}")
        return value
    if not isinstance(value, tuple) or len(value) != 2:
        raise TypeError(f"{place} must be a pair of numbers, not {value!r}")
    pair = (_finite(value[0], place), _finite(value[1], place))
    if prop == AnimationProperty.SIZE and min(pair) < 0:
        raise ValueError(f"{place}: a size must not be negative, not {pair}")
    return pair


def _fill_end(end: Any, value: AnimationValue) -> None:
    if value is None:
        end.current = True
    elif isinstance(value, Color):
        end.color = c_color(value)
    elif isinstance(value, tuple):
        end.x, end.y = value
    else:
        end.x = value
