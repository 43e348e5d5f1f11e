"""What a root is given and what it reports: its size range (`SizeRange`) and what a flush
did (`CommitStatistics`)."""
from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from typing import Any

from . import _capi
from ._capi import SizeRangeKind
from .value import real_number

__all__ = ["SizeRange", "CommitStatistics", "SizeRangeKind"]


@dataclass(frozen=True)
class SizeRange:
    """How a root sizes its component: `fixed`, `flexible_height` (width fixed),
    `flexible_width` (height fixed) or `fit_content` (None: no maximum).

    The component is laid out as the one item of a column flex container of the range's
    size: along the height it grows or shrinks to the range, even from a height of its own;
    along the width it is stretched to the range where its width is automatic, and a width
    of its own is kept (also beyond a maximum)."""

    kind: SizeRangeKind
    width: float = math.nan
    height: float = math.nan

    @staticmethod
    def fixed(width: float, height: float) -> SizeRange:
        return SizeRange(SizeRangeKind.FIXED, real_number(width, "width"), real_number(height, "height"))

    @staticmethod
    def flexible_height(width: float) -> SizeRange:
        return SizeRange(SizeRangeKind.FLEXIBLE_HEIGHT, width=real_number(width, "width"))

    @staticmethod
    def flexible_width(height: float) -> SizeRange:
        return SizeRange(SizeRangeKind.FLEXIBLE_WIDTH, height=real_number(height, "height"))

    @staticmethod
    def fit_content(width: float | None = None, height: float | None = None) -> SizeRange:
        return SizeRange(SizeRangeKind.FIT_CONTENT, math.nan if width is None else real_number(width, "width"),
                         math.nan if height is None else real_number(height, "height"))

    def _c(self) -> Any:
        if not isinstance(self.kind, SizeRangeKind):
            raise TypeError(f"SizeRange.kind must be a frond.SizeRangeKind, not {type(self.kind).__name__}")
        # Sizes a kind does not use are ignored by C; send them as 0 so that NaN placeholders pass.
        width = self.width if self.kind in (SizeRangeKind.FIXED, SizeRangeKind.FLEXIBLE_HEIGHT,
                                            SizeRangeKind.FIT_CONTENT) else 0.0
        height = self.height if self.kind in (SizeRangeKind.FIXED, SizeRangeKind.FLEXIBLE_WIDTH,
                                              SizeRangeKind.FIT_CONTENT) else 0.0
        return _capi.frond_size_range(ctypes.sizeof(_capi.frond_size_range), self.kind,
                                      real_number(width, "width"), real_number(height, "height"))


@dataclass(frozen=True)
class CommitStatistics:
    """What the last successful flush did (``frond_commit_statistics``): views created,
    updated, moved and destroyed, mutations sent, components built and laid out, times."""

    components: int
    built_nodes: int
    reused_subtrees: int
    renders: int
    should_update_calls: int
    scopes_created: int
    scopes_destroyed: int
    state_updates: int
    dropped_state_updates: int
    layouts: int
    measure_calls: int
    created: int
    destroyed: int
    moved: int
    updated: int
    mutations: int
    views_visited: int
    build_ns: int
    layout_ns: int
    mount_ns: int
    release_ns: int


def c_size_range(size_range: object) -> Any:
    if size_range is None:
        return None
    if not isinstance(size_range, SizeRange):
        raise TypeError(f"size_range must be a frond.SizeRange (SizeRange.fixed(w, h), …) or None, "
                        f"not {type(size_range).__name__}")
    return ctypes.byref(size_range._c())
