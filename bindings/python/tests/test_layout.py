"""Node and Config: results cross-checked with the C tests' numbers, styles, children,
closed objects and measure/baseline callbacks."""
from __future__ import annotations

import math

import pytest

import frond
from frond import (Align, CallbackError, Config, Direction, Edge, Edges, Errata, ExperimentalFeature, FlexDirection,
                   InvalidArgumentError, Justify, MeasureMode, MisuseError, Node, PositionType, Rect, Unit, Value,
                   Wrap)


def test_rowWithPaddingGapAndGrowMatchesTheCFunctionalTest(no_leaks) -> None:
    # Tests/CAPI/functional_test.c, test_layout_results: the same tree and numbers.
    first = Node(flex_grow=1)
    second = Node(flex_grow=2, margin_top=5)
    with Node(flex_direction=FlexDirection.ROW, width=300, height=100, padding=10, column_gap=20) as root:
        root.append(first)
        root.insert(1, second)
        root.calculate_layout()
        assert root.layout.frame == Rect(0, 0, 300, 100)
        assert first.layout.frame == Rect(10, 10, 87, 80)
        assert second.layout.frame == Rect(117, 15, 173, 75)
        assert (second.layout.left, second.layout.top, second.layout.width, second.layout.height) == (117, 15, 173, 75)
        root.calculate_layout(direction=Direction.RTL)
        assert first.layout.left == 203
        assert first.layout.direction == Direction.RTL
        assert second.layout.margin == Edges(0, 5, 0, 0)
        assert root.layout.padding == Edges(10, 10, 10, 10)
        assert root.layout.border == Edges(0, 0, 0, 0)
    for node in (first, second):
        node.close()


def test_aPassSaysWhatItDidAndWhenNumbersOverflowed(no_leaks) -> None:
    # Tests/CAPI/functional_test.c, test_a_pass_counts_what_it_did: flex factors whose sum
    # overflows a float give finite frames, counted instead of silent.
    with Node(flex_direction=FlexDirection.ROW, width=100, height=10) as root:
        first, second = Node(flex_grow=1), Node()
        root.append(first)
        root.append(second)
        counted = root.calculate_layout()
        assert counted.layouts >= 3 and counted.non_finite_values == 0 and first.layout.width == 100
        first.flex_grow = second.flex_grow = 3e38
        counted = root.calculate_layout()
        assert counted.non_finite_values > 0
        assert math.isfinite(first.layout.width) and math.isfinite(second.layout.width)


def test_percentagesAutoMarginsAndAbsoluteInsets(no_leaks) -> None:
    with Node(width=200, height=100, flex_direction="row", padding=10) as row:
        grow = Node(flex_grow=1)
        quarter = Node(width="25%")
        pinned = Node(position_type=PositionType.ABSOLUTE, right=5, bottom="10%", width=20, height=20)
        centered = Node(width=20, height=20, margin_horizontal="auto", align_self=Align.CENTER)
        for child in (grow, quarter, pinned):
            row.append(child)
        row.calculate_layout()
        assert quarter.layout.frame == Rect(145, 10, 45, 80)  # 25% of the 180-point content box
        assert grow.layout.frame == Rect(10, 10, 135, 80)
        assert pinned.layout.frame == Rect(175, 70, 20, 20)  # 10% of the container's height
        row.remove(quarter)
        row.append(centered)
        row.calculate_layout(width=None, height=None)
        assert centered.layout.frame.top == 40
    for node in (grow, quarter, pinned, centered):
        node.close()


def test_contentSizedRootAndAvailableSize(no_leaks) -> None:
    with Node(flex_direction=FlexDirection.ROW, flex_wrap=Wrap.WRAP, justify_content=Justify.SPACE_BETWEEN) as root:
        for _ in range(5):
            root.append(Node(width=40, height=10))
        root.calculate_layout(width=100)
        assert root.layout.frame == Rect(0, 0, 100, 30)
        assert [child.layout.frame.left for child in root] == [0, 60, 0, 60, 0]
        assert not root.layout.had_overflow


def test_stylesRoundTripAsPropertiesAndKeywords(no_leaks) -> None:
    with Node(width=100, height="50%", min_width="max-content", max_height="fit-content", flex_basis="auto",
              flex_grow=2, flex_shrink=0.5, aspect_ratio=1.5, margin=Value.points(3), margin_left="auto",
              padding_horizontal="10%", border=2, start=-4, gap=6, row_gap="5%", display="flex",
              align_items=Align.BASELINE, overflow="hidden", box_sizing="content-box") as node:
        assert node.width == Value(100, Unit.POINT) == Value.points(100)
        assert node.height == Value.percent(50)
        assert node.min_width.unit == Unit.MAX_CONTENT and node.max_height.unit == Unit.FIT_CONTENT
        assert node.flex_basis == Value.AUTO
        assert (node.flex_grow, node.flex_shrink, node.aspect_ratio) == (2, 0.5, 1.5)
        assert node.margin == Value.points(3) and node.margin_left == Value.AUTO
        assert node.padding_horizontal == Value.percent(10)
        assert node.border == Value.points(2) and node.start == Value.points(-4)
        assert node.gap == Value.points(6) and node.row_gap == Value.percent(5)
        assert node.align_items is Align.BASELINE and node.overflow.name == "HIDDEN"
        assert node.box_sizing.name == "CONTENT_BOX"
        node.width = "12.5pt"
        assert node.width == Value.points(12.5) and str(node.width) == "12.5pt"
        node.flex_direction = FlexDirection.ROW_REVERSE
        assert node.flex_direction is FlexDirection.ROW_REVERSE
        node.flex_grow = None
        assert node.flex_grow is None
        node.width = None  # unset: back to its default, auto
        assert node.width == Value.AUTO
        node.reset_style()
        assert node.align_items is Align.STRETCH and node.height == Value.AUTO
        assert str(Value.percent(50)) == "50%" and str(Value.AUTO) == "auto"


@pytest.mark.parametrize(("name", "value", "error"), [
    ("width", [100], TypeError),
    ("width", True, TypeError),
    ("width", "wide", InvalidArgumentError),
    ("width", -5, InvalidArgumentError),
    ("width", math.inf, InvalidArgumentError),
    ("border", "10%", InvalidArgumentError),  # borders take points only
    ("margin", "max-content", InvalidArgumentError),
    ("flex_direction", 2, TypeError),  # an int is not a FlexDirection
    ("flex_direction", Justify.CENTER, TypeError),
    ("flex_direction", "diagonal", InvalidArgumentError),
    ("flex_grow", "1", TypeError),
    ("flex_grow", -1, InvalidArgumentError),
])
def test_wrongStyleValuesRaiseClearErrorsAndChangeNothing(name: str, value: object, error: type, no_leaks) -> None:
    with Node() as node:
        before = getattr(node, name)
        with pytest.raises(error, match=name if error is TypeError else "."):
            setattr(node, name, value)
        assert getattr(node, name) == before
        with pytest.raises(error):
            Node(**{name: value})


def test_unknownKeywordsAndWrongArgumentTypes(no_leaks) -> None:
    with pytest.raises(TypeError, match="unknown style 'flexDirection' \\(did you mean 'flex_direction'\\?\\)"):
        Node(flexDirection="row")
    with pytest.raises(TypeError, match="config"):
        Node("not a config")  # type: ignore[arg-type]
    with Node() as node:
        with pytest.raises(TypeError, match="child"):
            node.append("child")  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="width"):
            node.calculate_layout(width="100")  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError):
            node.calculate_layout(width=-1)


def test_childrenBehaveLikeAList(no_leaks) -> None:
    a, b, c, d = (Node(width=i) for i in range(1, 5))
    with Node(children=[a, b]) as root:
        root.insert(0, c)  # c a b
        root.insert(-1, d)  # c a d b
        root.insert(99, Node(width=9))  # clamped: at the end
        assert [child.width.value for child in root] == [3, 1, 4, 2, 9]
        assert len(root) == 5 and root[2] is d and root[-1].width.value == 9
        assert all(child.parent is root for child in root)
        root.remove(a)
        assert a.parent is None and a not in root.children
        root.clear()
        assert len(root) == 0 and b.parent is None
        root.append(a)
        a.close()  # closing a child takes it out of its parent
        assert len(root) == 0
    for node in (b, c, d):
        node.close()


def test_aClosedNodeRaisesMisuseAndNeverCrashes(no_leaks) -> None:
    node = Node(width=10)
    child = Node()
    node.append(child)
    with node:
        pass
    assert node.closed and repr(node) == "<frond.Node (closed)>"
    assert node and Node()  # truthiness does not depend on children, nor fail when closed
    assert child.parent is None and not child.closed  # children of a closed node become roots
    for use in (lambda: node.width, lambda: setattr(node, "width", 5), lambda: node.calculate_layout(),
                lambda: node.layout, lambda: len(node), lambda: node.append(Node()), lambda: child.append(node),
                lambda: setattr(node, "measure", None), lambda: node.mark_dirty()):
        with pytest.raises(MisuseError, match="closed"):
            use()
    layout = child.layout
    child.close()
    with pytest.raises(MisuseError):
        layout.width  # a result object of a node closed since
    node.close()  # closing twice is fine
    config = Config()
    config.close()
    with pytest.raises(MisuseError):
        Node(config)
    with pytest.raises(MisuseError):
        config.point_scale_factor


def test_configSettings(no_leaks) -> None:
    with Config(point_scale_factor=0, use_web_defaults=True, errata=Errata.NONE) as config:
        assert (config.point_scale_factor, config.use_web_defaults, config.errata) == (0, True, Errata.NONE)
        config.set_experimental_feature(ExperimentalFeature.WEB_FLEX_BASIS, True)
        assert config.experimental_feature(ExperimentalFeature.WEB_FLEX_BASIS)
        with Node(config) as node:
            assert node.flex_direction is FlexDirection.ROW  # web defaults
            node.append(Node(config, width=10.25))
            node.calculate_layout()
            assert node[0].layout.width == 10.25  # no rounding with a point scale factor of 0
        with pytest.raises(InvalidArgumentError):
            config.errata = -1
        with pytest.raises(InvalidArgumentError):
            config.errata = 16  # a bit no erratum has
        config.errata = Errata.ALL
        assert config.errata == Errata.ALL
        config.errata = Errata.NONE
        with pytest.raises(TypeError):
            config.use_web_defaults = 1  # type: ignore[assignment]
    assert Config().errata == Errata.MIN_SIZE_UNDEFINED_INSTEAD_OF_AUTO


def _text(characters: int, calls: list[tuple[float, MeasureMode, float, MeasureMode]]):
    """The C functional test's text leaf: 10 points per character, 20-point lines."""
    def measure(width: float, width_mode: MeasureMode, height: float, height_mode: MeasureMode) -> tuple[float, float]:
        calls.append((width, width_mode, height, height_mode))
        natural = characters * 10.0
        used = natural if width_mode == MeasureMode.UNDEFINED else min(natural, width)
        lines = max(1, math.ceil(natural / used)) if used > 0 else 1
        return used, lines * 20.0
    return measure


def test_measureFunctionsSizeLeavesAsInTheCTest(no_leaks) -> None:
    calls: list[tuple[float, MeasureMode, float, MeasureMode]] = []
    with Node(width=120) as root:
        text = Node(measure=_text(30, calls))
        root.append(text)
        root.calculate_layout()
        assert text.layout.frame == Rect(0, 0, 120, 60)  # 300 points of text wrapped at 120: 3 lines
        assert calls and all(isinstance(mode, MeasureMode) for _, mode, _, _ in calls)
        calls.clear()
        root.calculate_layout()
        assert calls == []  # nothing changed: nothing measured
        text.measure = _text(50, calls)
        text.mark_dirty()
        assert root.is_dirty
        root.calculate_layout()
        assert text.layout.height == 100
        with pytest.raises(frond.InvalidTreeError):
            text.append(Node())
        text.measure = None
        assert text.measure is None


class Boom(Exception):
    pass


def test_aMeasureFunctionThatRaisesMakesCalculateLayoutRaiseFromIt(no_leaks) -> None:
    def failing(*_: object) -> tuple[float, float]:
        raise Boom("no font")

    with Node(width=100) as root:
        leaf = Node(measure=failing)
        root.append(leaf)
        with pytest.raises(CallbackError) as caught:
            root.calculate_layout()
        assert isinstance(caught.value.__cause__, Boom)
        frame = caught.value.__cause__.__traceback__
        while frame is not None and frame.tb_next is not None:
            frame = frame.tb_next
        assert frame is not None and frame.tb_frame.f_code.co_name == "failing"  # the traceback is kept
        assert "Boom: no font" in str(caught.value)
        assert leaf.layout.height == 0  # the pass finished with the leaf measured as 0×0
        assert leaf.is_dirty  # and it is asked again next time
        leaf.measure = lambda *_: (10, 10)
        root.calculate_layout()
        assert leaf.layout.height == 10


@pytest.mark.parametrize("result", ["10x10", (1, 2, 3), None, (1, "2"), (True, 1)])
def test_aMeasureFunctionReturningTheWrongTypeIsACallbackError(result: object, no_leaks) -> None:
    with Node(width=100) as root:
        root.append(Node(measure=lambda *_: result))
        with pytest.raises(CallbackError) as caught:
            root.calculate_layout()
        assert isinstance(caught.value.__cause__, TypeError)


def test_aMeasureFunctionReturningNaNIsRefusedByTheLibrary(no_leaks) -> None:
    with Node(width=100) as root:
        root.append(Node(measure=lambda *_: (math.nan, 1)))
        with pytest.raises(CallbackError) as caught:
            root.calculate_layout()
        assert caught.value.__cause__ is None  # the library refused it, no Python exception


def test_keyboardInterruptInACallbackIsReRaisedAsItIs(no_leaks) -> None:
    def interrupted(*_: object) -> tuple[float, float]:
        raise KeyboardInterrupt

    with Node(measure=interrupted) as leaf, pytest.raises(KeyboardInterrupt):
        leaf.calculate_layout()


def test_aMeasureFunctionMayReadItsTreeButNotChangeIt(no_leaks) -> None:
    seen = []
    with Node(width=80) as root:
        def reading(*_: object) -> tuple[float, float]:
            seen.append(root.width)
            root.width = 10  # changing the tree during its layout is misuse
            return (1, 1)

        root.append(Node(measure=reading))
        with pytest.raises(CallbackError) as caught:
            root.calculate_layout()
        assert seen == [Value.points(80)]
        assert isinstance(caught.value.__cause__, MisuseError)
        assert root.width == Value.points(80)


def test_baselineFunctionsAlignRows(no_leaks) -> None:
    with Node(flex_direction=FlexDirection.ROW, align_items=Align.BASELINE, width=200) as row:
        tall = Node(width=20, height=40, baseline=lambda width, height: height - 5)
        short = Node(width=20, height=10)
        row.append(tall)
        row.append(short)
        row.calculate_layout()
        assert short.layout.top == 25  # its bottom (its default baseline) on the tall one's, 35
        tall.baseline = lambda *_: "35"  # type: ignore[assignment, return-value]
        tall.mark_dirty()
        with pytest.raises(CallbackError) as caught:
            row.calculate_layout()
        assert isinstance(caught.value.__cause__, TypeError)


def test_measureCallablesAreReleasedWhenTheirNodeGoes(no_leaks) -> None:
    from frond import _runtime

    before = len(_runtime.registry)
    node = Node(measure=lambda *_: (1, 1))
    assert len(_runtime.registry) == before + 1
    node.measure = lambda *_: (2, 2)  # the old one is destroyed by C
    assert len(_runtime.registry) == before + 1
    node.close()
    assert len(_runtime.registry) == before
