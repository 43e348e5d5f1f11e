"""Yoga's conformance corpus (Tests/Fixtures/yoga), laid out through the Python bindings:
every case that `frond conformance` runs must give the same numbers from Python. This
exercises every style setter, configs, and measure functions written in Python."""
from __future__ import annotations

import json
import weakref
from pathlib import Path
from typing import Any

import pytest

from frond import Config, Direction, Errata, ExperimentalFeature, FlexDirection, MeasureMode, Node

from conftest import REPOSITORY

CORPUS = REPOSITORY / "Tests" / "Fixtures" / "yoga"
TOLERANCE = 0.01  # as Sources/FrondCorpus/ConformanceRunner.swift

_ENUM_WORDS = {"nowrap": "no-wrap"}
_EDGE_PREFIXES = {"margin": "margin", "padding": "padding", "border": "border", "position": None}
_INSET_NAMES = {"left": "left", "top": "top", "right": "right", "bottom": "bottom", "start": "start", "end": "end",
                "horizontal": "inset_horizontal", "vertical": "inset_vertical", "all": "inset"}
_ENUM_KEYS = {"display", "positionType", "direction", "flexDirection", "flexWrap", "justifyContent", "alignItems",
              "alignSelf", "alignContent", "boxSizing", "overflow"}


def _snake(name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in name)


def _style_keywords(style: dict[str, Any]) -> dict[str, Any]:
    keywords: dict[str, Any] = {}
    for key, value in style.items():
        if key in _ENUM_KEYS:
            keywords[_snake(key)] = _ENUM_WORDS.get(value, value)
        elif key in _EDGE_PREFIXES:
            for edge, length in value.items():
                if key == "position":
                    keywords[_INSET_NAMES[edge]] = None if length == "auto" else length
                else:
                    keywords[key if edge == "all" else f"{key}_{edge}"] = length
        elif key == "gap":
            for gutter, length in value.items():
                keywords["gap" if gutter == "all" else f"{gutter}_gap"] = length
        else:
            keywords[_snake(key)] = value
    return keywords


def intrinsic_size_measure(text: str, node: Node):
    """Yoga's IntrinsicSizeMeasure (tests/util/TestUtil.cpp), as FrondCorpus's
    IntrinsicSizeMeasurer: 10×10 points per character, lines wrap at spaces."""
    length = len(text.encode("utf-8"))
    words = [len(word) for word in text.encode("utf-8").split(b" ")]
    longest = max(words, default=0) * 10.0
    owner = weakref.ref(node)  # a strong reference would keep the node alive through the registry

    def text_height(width: float) -> float:
        if length * 10.0 <= width:
            return 10.0
        lines, line = 1.0, 0.0
        for word in (words[:-1] if words and words[-1] == 0 else words):
            word_width = word * 10.0
            if word_width > width:
                lines += 2 if line > 0 else 1
                line = 0.0
            elif line + word_width <= width:
                line += word_width + 10.0
            else:
                lines += 1
                line = word_width + 10.0
        return (lines - 1 if line == 0 else lines) * 10.0

    def measure(width: float, width_mode: MeasureMode, height: float, height_mode: MeasureMode) -> tuple[float, float]:
        natural = length * 10.0
        measured_width = {MeasureMode.EXACTLY: width, MeasureMode.AT_MOST: min(natural, width)}.get(width_mode, natural)
        leaf = owner()
        is_column = leaf is not None and leaf.flex_direction == FlexDirection.COLUMN
        wrap_width = measured_width if is_column else max(longest, measured_width)
        if height_mode == MeasureMode.EXACTLY:
            return measured_width, height
        wrapped = text_height(wrap_width)
        return measured_width, min(wrapped, height) if height_mode == MeasureMode.AT_MOST else wrapped

    return measure


def _config(description: dict[str, Any]) -> Config:
    config = Config(point_scale_factor=description.get("pointScaleFactor", 1),
                    use_web_defaults=description.get("useWebDefaults", False))
    errata = 0
    for name in description.get("errata", ["min-size-undefined-instead-of-auto"]):
        errata |= Errata[name.upper().replace("-", "_")]
    config.errata = errata
    for feature in description.get("experimentalFeatures", []):
        config.set_experimental_feature(ExperimentalFeature[feature.upper().replace("-", "_")], True)
    return config


def _node(description: dict[str, Any], config: Config) -> Node:
    node = Node(config, **_style_keywords(description.get("style", {})))
    if "measure" in description:
        assert description["measure"]["function"] == "IntrinsicSizeMeasure"
        node.measure = intrinsic_size_measure(description["measure"]["text"], node)
    for child in description.get("children", []):
        node.append(_node(child, config))
    return node


def _compare(node: Node, box: dict[str, Any], path: str, mismatches: list[str]) -> None:
    frame = node.layout.frame
    for field in ("left", "top", "width", "height"):
        actual, expected = getattr(frame, field), box[field]
        if not abs(actual - expected) <= TOLERANCE + abs(expected) * 1e-6:
            mismatches.append(f"{path}.{field}: expected {expected}, got {actual}")
    for index, (child, child_box) in enumerate(zip(node, box.get("children", []))):
        _compare(child, child_box, f"{path}/{index}", mismatches)


def _cases() -> list[Any]:
    cases = []
    for path in sorted(CORPUS.glob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8")):
            if case.get("disabled") or "root" not in case or not case.get("layouts"):
                continue
            cases.append(pytest.param(case, id=f"{path.stem}:{case['name']}"))
    return cases


CASES = _cases()


def test_theCorpusIsThere() -> None:
    assert len(CASES) == 544  # `frond conformance`: 544 passed (the 46 disabled cases are not run here)


@pytest.mark.parametrize("case", CASES)
def test_yogaCase(case: dict[str, Any]) -> None:
    with _config(case.get("config", {})) as config, _node(case["root"], config) as root:
        mismatches: list[str] = []
        for layout in case["layouts"]:
            direction = Direction.RTL if layout["direction"] == "rtl" else Direction.LTR
            root.calculate_layout(layout["availableWidth"], layout["availableHeight"], direction)
            _compare(root, layout["expected"], f"{layout['direction']} root", mismatches)
        assert mismatches == []
