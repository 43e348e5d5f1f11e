"""frond.snapshot: PNG files of roots and components, comparisons with references, Pango
text measurement, and bad input raised as exceptions (never a crash)."""
from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest

from frond import (Animation, AnimationComponent, Color, Component, FlexChild, Flexbox, InvalidArgumentError,
                   LimitError, MemoryHost, MisuseError, Root, SizeRange, Text, TimingCurve)
from frond.snapshot import (DEFAULT_TOLERANCE, SnapshotHost, SnapshotMismatch, SnapshotOutcome, assert_snapshot,
                            render_png, set_pango_text_measurer)


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def square(x: float, color: str = "#3366cc") -> Component:
    """A 20-point square at (x, 10) in a 50 × 40 flexbox."""
    return Flexbox(children=[FlexChild(Component("box", {"backgroundColor": color}, width=20, height=20),
                                       margin=(x, 10, 0, 0))],
                   direction="row", align_items="flex-start", width=50, height=40)


@pytest.fixture(autouse=True)
def not_recording(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FROND_RECORD_SNAPSHOTS", raising=False)


def test_a_root_is_drawn_at_1x_and_2x(tmp_path: Path) -> None:
    with SnapshotHost() as host, Root(SizeRange.fixed(60, 40)) as root:
        host.attach(root)
        root.set_component(square(5))
        root.flush()
        host.write_png(tmp_path / "one.png", 60, 40)
        host.write_png(tmp_path / "two.png", 60, 40, scale=2)
        host.write_png(tmp_path / "extent.png")
    assert png_size(tmp_path / "one.png") == (60, 40)
    assert png_size(tmp_path / "two.png") == (120, 80)
    assert png_size(tmp_path / "extent.png") == (25, 30)           # the box at (5, 10), 20 × 20


def test_assert_snapshot_records_matches_and_names_the_evidence(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    reference = tmp_path / "snapshots" / "square.png"
    with pytest.raises(SnapshotMismatch) as missing:
        assert_snapshot(square(10), reference, 50, 40)
    assert missing.value.comparison.outcome == SnapshotOutcome.MISSING_REFERENCE
    assert "FROND_RECORD_SNAPSHOTS=1" in str(missing.value)

    monkeypatch.setenv("FROND_RECORD_SNAPSHOTS", "1")
    assert assert_snapshot(square(10), reference, 50, 40).outcome == SnapshotOutcome.RECORDED
    monkeypatch.delenv("FROND_RECORD_SNAPSHOTS")
    assert reference.exists()
    assert assert_snapshot(square(10), reference, 50, 40).outcome == SnapshotOutcome.MATCHED

    with pytest.raises(SnapshotMismatch) as moved:                   # one pixel to the right
        assert_snapshot(square(11), reference, 50, 40)
    mismatch = moved.value
    assert isinstance(mismatch, AssertionError)
    assert mismatch.comparison.differing_pixels == 40
    assert mismatch.actual_path == str(tmp_path / "snapshots" / "square.actual.png")
    assert mismatch.diff_path == str(tmp_path / "snapshots" / "square.diff.png")
    assert mismatch.actual_path in str(mismatch) and mismatch.diff_path in str(mismatch)
    assert Path(mismatch.actual_path).exists() and Path(mismatch.diff_path).exists()

    with pytest.raises(SnapshotMismatch):                            # another color
        assert_snapshot(square(10, "#3366ee"), reference, 50, 40)
    assert assert_snapshot(square(10, "#3366ee"), reference, 50, 40, tolerance=40).passed
    assert not Path(mismatch.actual_path).exists()                  # a match removes the evidence


def test_an_animation_midway_is_drawn_with_its_current_opacity(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    fade = AnimationComponent(Component("box", {"backgroundColor": "#000000"}, width=20, height=20), key="fade",
                              on_initial_mount=[Animation.alpha_from(0, duration=1, curve=TimingCurve.LINEAR)])
    still = Component("box", {"backgroundColor": "#000000", "opacity": 0.5}, width=20, height=20)
    reference = tmp_path / "half.png"
    monkeypatch.setenv("FROND_RECORD_SNAPSHOTS", "1")
    assert_snapshot(Flexbox(children=[still], align_items="flex-start"), reference, 30, 30)
    monkeypatch.delenv("FROND_RECORD_SNAPSHOTS")
    with SnapshotHost() as host, Root(SizeRange.fixed(30, 30)) as root:
        host.attach(root)
        root.set_component(Flexbox(children=[fade], align_items="flex-start"))
        root.flush()
        root.tick(0.5)
        assert host.compare(reference, 30, 30, tolerance=2).outcome == SnapshotOutcome.MATCHED
        root.tick(1)
        assert host.compare(reference, 30, 30).outcome == SnapshotOutcome.MISMATCHED


def test_text_is_measured_with_pango_when_a_snapshot_host_is_attached() -> None:
    def text_width(root: Root) -> float:
        root.set_component(Text("illicit mill", font_size=20))
        root.flush()
        match = re.search(r"\(\S+, \S+, (\S+)×\S+\)", root.describe())   # v1 text (0, 0, w×h) …
        assert match is not None
        return float(match.group(1))

    with Root(SizeRange.fit_content()) as monospace, Root(SizeRange.fit_content()) as pango, \
            Root(SizeRange.fit_content()) as measured, SnapshotHost() as host:
        host.attach(pango)
        set_pango_text_measurer(measured)
        assert text_width(monospace) == pytest.approx(144)           # 12 characters × 0.6 × 20
        assert text_width(pango) < 100
        assert text_width(measured) == text_width(pango)


def test_a_missing_font_falls_back_and_says_so(tmp_path: Path) -> None:
    heard: list[str] = []
    with SnapshotHost(on_warning=heard.append) as host:
        host.write_component_png(Text("Fallback", font_family="Frond Missing Family"), tmp_path / "font.png", 120)
        expected = 'font family "Frond Missing Family" is not installed: text is set in "DejaVu Sans" instead'
        assert heard == [expected]
        assert host.warnings == [expected]
        host.on_warning = None
        assert host.on_warning is None
    assert png_size(tmp_path / "font.png")[0] == 120


def test_an_exception_in_the_warning_handler_is_raised_after_the_call(tmp_path: Path) -> None:
    def refuse(message: str) -> None:
        raise RuntimeError(message)

    with SnapshotHost(on_warning=refuse) as host:
        with pytest.raises(Exception) as raised:
            host.write_component_png(Text("x", font_family="Frond Missing Family Two"), tmp_path / "x.png", 50)
        assert isinstance(raised.value.__cause__, RuntimeError)


def test_bad_input_raises_clear_errors(tmp_path: Path) -> None:
    box = Component("box", {"backgroundColor": "#3366cc"}, width=10, height=10)
    with SnapshotHost(image_directory=tmp_path) as host:
        with pytest.raises(InvalidArgumentError, match=r'attribute "backgroundColor": "#12345" is not a color'):
            host.write_component_png(Component("box", {"backgroundColor": "#12345"}, width=10, height=10),
                                     tmp_path / "bad.png", 10, 10)
        with pytest.raises(ValueError, match=r'missing\.png": no such file'):
            host.write_component_png(Component("image", {"source": "missing.png"}, width=10, height=10),
                                     tmp_path / "bad.png", 10, 10)
        (tmp_path / "text.png").write_text("not a picture")
        with pytest.raises(InvalidArgumentError, match="not a PNG image"):
            host.write_component_png(Component("image", {"source": "text.png"}, width=10, height=10),
                                     tmp_path / "bad.png", 10, 10)
        with pytest.raises(InvalidArgumentError, match="width 0 is not above 0"):
            host.write_component_png(box, tmp_path / "bad.png", 0, 10)
        with pytest.raises(LimitError, match="above the limit of 16384 pixels per side"):
            host.write_component_png(box, tmp_path / "bad.png", 20000, 10)
        with pytest.raises(InvalidArgumentError):
            host.write_component_png(box, tmp_path / "bad.png", 10, 10, scale=0)
        with pytest.raises(InvalidArgumentError, match="cannot be written"):
            host.write_component_png(box, "/proc/frond/x.png", 10, 10)
        with pytest.raises(InvalidArgumentError):
            host.compare_component(box, tmp_path / "text.png", 10, 10)
        with pytest.raises(InvalidArgumentError):
            host.compare_component(box, tmp_path / "x.png", 10, 10, tolerance=256)
        with pytest.raises(TypeError):
            host.write_component_png("box", tmp_path / "x.png", 10)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            host.write_png(tmp_path / "x.png", "wide")  # type: ignore[arg-type]
        assert not (tmp_path / "bad.png").exists()
    with pytest.raises(InvalidArgumentError):
        SnapshotHost(background=Color(2, 0, 0))
    with pytest.raises(MisuseError):
        host.write_png(tmp_path / "closed.png")


def test_a_host_serves_one_root_at_a_time() -> None:
    with SnapshotHost() as host, Root(SizeRange.fixed(10, 10)) as first, Root(SizeRange.fixed(10, 10)) as second:
        host.attach(first)
        with pytest.raises(MisuseError):
            host.attach(second)
        first.host = MemoryHost()
        host.attach(second)
        assert DEFAULT_TOLERANCE == 16


def test_render_png_draws_a_component_with_options(tmp_path: Path) -> None:
    render_png(square(5), tmp_path / "square.png", 50, scale=2, background=None)
    assert png_size(tmp_path / "square.png") == (100, 80)


def test_a_nul_in_a_path_or_family_is_refused_instead_of_cutting_the_string(tmp_path: Path) -> None:
    # C reads up to the NUL: "out.png\0.txt" used to write out.png.
    box = Component("box", {"backgroundColor": "#3366cc"}, width=10, height=10)
    with SnapshotHost() as host:
        with pytest.raises(ValueError, match="NUL"):
            host.write_component_png(box, f"{tmp_path}/out.png\0.txt", 10, 10)
        with pytest.raises(ValueError, match="NUL"):
            host.write_png(f"{tmp_path}/out.png\0.txt", 10, 10)
        with pytest.raises(ValueError, match="NUL"):
            host.compare_component(box, f"{tmp_path}/out.png\0.txt", 10, 10)
    assert not (tmp_path / "out.png").exists() and not (tmp_path / "out.actual.png").exists()
    with pytest.raises(ValueError, match="NUL"):
        SnapshotHost(font_family="DejaVu Serif\0Bold")
    with pytest.raises(ValueError, match="NUL"):
        SnapshotHost(image_directory=f"{tmp_path}\0/elsewhere")
    with pytest.raises(ValueError, match="NUL"):
        render_png(box, f"{tmp_path}/out.png\0", 10, 10)


def test_threads_may_share_a_snapshot_host(tmp_path: Path) -> None:
    # Each thread's comparison has its own strings (they used to be the host's, freed by
    # the next comparison on any thread: a crash of the interpreter).
    import threading

    box = Component("box", {"backgroundColor": "#3366cc"}, width=2, height=2)
    failures: list[str] = []

    def compare(index: int, host: SnapshotHost) -> None:
        for _ in range(150):
            result = host.compare_component(box, tmp_path / f"t{index}.png", 2, 2)
            if result.actual_path != str(tmp_path / f"t{index}.actual.png"):
                failures.append(f"{index}: {result.actual_path}")

    with SnapshotHost() as host:
        threads = [threading.Thread(target=compare, args=(index, host)) for index in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert failures == []


def test_images_read_for_one_picture_are_kept_within_a_bound(tmp_path: Path) -> None:
    # One 4096 × 4096 PNG (64 MiB decoded) named through 16 spellings of its path: each
    # spelling used to keep its own decoded copy until the picture was done (1 GiB here; a
    # few hundred spellings were the end of the process). Measured in a process of its own.
    import subprocess
    import sys
    import zlib

    side = 4096
    row = b"\0" + b"\0" * (4 * side)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0)
    (tmp_path / "big.png").write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                                       + chunk(b"IDAT", zlib.compress(row * side, 9)) + chunk(b"IEND", b""))
    script = f"""
import resource
from frond import Component, FlexChild, Flexbox
from frond.snapshot import render_png
children = [FlexChild(Component("image", {{"source": "." + "/" * (i + 1) + "big.png"}}, width=4, height=2))
            for i in range(16)]
render_png(Flexbox(children=children, width=8, height=32), {str(tmp_path / "out.png")!r}, 8, image_directory={str(tmp_path)!r})
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert int(run.stdout.strip()) < 700, f"the picture took {run.stdout.strip()} MB"
