#!/usr/bin/env python3
"""Summarizes the rounds of `make bench` (lines of ../shared/bench/compare_layout.sh): per
tree, the median of the rounds' ratios Frond/Yoga with their range, and the ratio of the
fastest rounds (`fastest_ratio`: Frond's quickest median over Yoga's). The machines are
shared, and the two engines of a round run one after the other, so a neighbour's burst
lands on one of them: the ratio of a single round swings by 1.5× or more, the summary less.

usage: layout_summary.py FILE
"""
import re
import statistics
import sys


LINE = re.compile(r"^(\S+)\s+frond=\s*([0-9.]+) ns\s+yoga=\s*([0-9.]+) ns")


def main() -> int:
    rounds: dict[str, list[tuple[float, float]]] = {}
    with open(sys.argv[1], encoding="utf-8") as lines:
        for line in lines:
            match = LINE.match(line)
            if match and float(match[3]) > 0:
                rounds.setdefault(match[1], []).append((float(match[2]), float(match[3])))
    if not rounds:
        print("layout_summary: no compare_layout lines", file=sys.stderr)
        return 1
    for tree, pairs in rounds.items():
        ratios = [frond / yoga for frond, yoga in pairs]
        fastest = min(frond for frond, _ in pairs) / min(yoga for _, yoga in pairs)
        print(f"tree={tree} rounds={len(pairs)} median_ratio={statistics.median(ratios):.3f} "
              f"range={min(ratios):.3f}-{max(ratios):.3f} fastest_ratio={fastest:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
