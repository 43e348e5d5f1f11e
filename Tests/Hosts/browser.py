"""A real browser for the host tests: Debian's chromium, headless, driven through the
DevTools protocol over a pipe (``--remote-debugging-pipe``: JSON messages ending in NUL on
file descriptors 3 and 4), so no driver or client library is needed; and PNG pixels read
with zlib, to compare screenshots with reference images.
"""
from __future__ import annotations

import base64
import fcntl
import json
import re
import os
import select
import shutil
import struct
import subprocess
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


class Chromium:
    """One headless browser with one page of `width` × `height` CSS pixels (scrollbars
    hidden unless `scrollbars`)."""

    def __init__(self, width: int = 800, height: int = 600, scrollbars: bool = False) -> None:
        executable = chromium_path()
        if executable is None:
            raise RuntimeError("no chromium on the PATH (Debian: apt-get install chromium)")
        self.profile = tempfile.mkdtemp(prefix="frond-chromium-")
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()

        def descriptors() -> None:  # in the child: the pipe's ends become fds 3 and 4
            read = fcntl.fcntl(to_browser_read, fcntl.F_DUPFD, 10)
            write = fcntl.fcntl(from_browser_write, fcntl.F_DUPFD, 10)
            os.dup2(read, 3)
            os.dup2(write, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             f"--user-data-dir={self.profile}", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-background-networking",
             *([] if scrollbars else ["--hide-scrollbars"]),
             "--force-device-scale-factor=1", f"--window-size={width},{height}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            # (The pipes are not inheritable; the dup2'd 3 and 4 are, and close_fds=False keeps them.)
            preexec_fn=descriptors, close_fds=False)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.command("Page.enable")
        self.command("Runtime.enable")
        self.command("Emulation.setDeviceMetricsOverride",
                     {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    # ---- the protocol ------------------------------------------------------------------

    def _read_message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([self._from_browser], [], [], remaining)[0]:
                raise TimeoutError("chromium did not answer")
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None,
             timeout: float = 30) -> dict[str, Any]:
        self._next_id += 1
        request: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            request["sessionId"] = session
        os.write(self._to_browser, json.dumps(request).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            message = self._read_message(deadline)
            if message.get("id") == self._next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def command(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """A command to the page."""
        return self.send(method, params, self.session)

    # ---- what the tests do ----------------------------------------------------------------

    def navigate(self, url: str) -> None:
        self.command("Page.navigate", {"url": url})

    def evaluate(self, expression: str, timeout: float = 60) -> Any:
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True}, self.session, timeout=timeout)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 10) -> Any:
        """Waits until `expression` is truthy in the page and returns its value. The page
        polls it (every 2 ms): this process sleeps meanwhile, leaving the GIL to a server
        running on one of its threads."""
        value = self.evaluate(f"""(async () => {{
          const deadline = performance.now() + {timeout * 1000};
          for (;;) {{
            const value = (() => {{ try {{ return ({expression}); }} catch (error) {{ return undefined; }} }})();
            if (value) return value;
            if (performance.now() > deadline) return null;
            await new Promise(resolve => setTimeout(resolve, 2));
          }}
        }})()""")
        if not value:
            raise TimeoutError(f"never true: {expression}")
        return value

    def click(self, x: float, y: float) -> None:
        """A left click as a person's: the mouse pressed and released at (x, y)."""
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            params: dict[str, Any] = {"type": kind, "x": x, "y": y}
            if kind != "mouseMoved":
                params.update(button="left", clickCount=1)
            self.command("Input.dispatchMouseEvent", params)

    def type_text(self, text: str) -> None:
        """Types into the focused element, one key at a time."""
        for character in text:
            self.command("Input.dispatchKeyEvent", {"type": "keyDown", "text": character, "key": character})
            self.command("Input.dispatchKeyEvent", {"type": "keyUp", "key": character})

    def screenshot(self) -> bytes:
        return base64.b64decode(self.command("Page.captureScreenshot", {"format": "png"})["data"])

    def close(self) -> None:
        try:
            self.send("Browser.close", timeout=5)
        except (RuntimeError, TimeoutError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


# ---- PNG pixels and comparisons -----------------------------------------------------------

def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and RGBA rows of an 8-bit, non-interlaced PNG (grey, RGB or RGBA)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, chunks, header = 8, [], b""
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", header)
    channels = {0: 1, 2: 3, 6: 4, 4: 2}.get(color)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"unsupported PNG (depth {depth}, color type {color}, interlace {interlace})")
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                estimate = left + up - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        previous = line
        if channels == 4:
            rows.append(bytes(line))
        else:
            rgba = bytearray()
            for x in range(width):
                pixel = line[x * channels:(x + 1) * channels]
                if channels == 1:
                    rgba += bytes((pixel[0], pixel[0], pixel[0], 255))
                elif channels == 2:
                    rgba += bytes((pixel[0], pixel[0], pixel[0], pixel[1]))
                else:
                    rgba += bytes(pixel) + b"\xff"
            rows.append(bytes(rgba))
    return width, height, rows


def differing_pixels(actual: bytes, reference: bytes, tolerance: int = 16) -> tuple[int, int]:
    """How many pixels differ by more than `tolerance` in a channel, and the largest difference."""
    width, height, rows = png_pixels(actual)
    other_width, other_height, other_rows = png_pixels(reference)
    if (width, height) != (other_width, other_height):
        return width * height, 255
    count = largest = 0
    for row, other in zip(rows, other_rows):
        if row == other:
            continue
        for x in range(0, len(row), 4):
            difference = max(abs(row[x + c] - other[x + c]) for c in range(4))
            if difference > tolerance:
                count += 1
            largest = max(largest, difference)
    return count, largest


def check_reference(image: bytes, reference: Path, record: bool, tolerance: int = 24, most: int = 200) -> None:
    """Fails unless the PNG `image` matches the `reference` file within `tolerance` per
    channel in all but `most` pixels (writing <name>.actual.png beside it when not). With
    `record`, or without a reference, the image becomes the reference (and, without
    `record`, the check fails: a new reference is looked at before it is trusted)."""
    if record or not reference.exists():
        reference.parent.mkdir(parents=True, exist_ok=True)
        reference.write_bytes(image)
        assert record, f"no reference image: recorded {reference}; check it and run again"
    count, largest = differing_pixels(image, reference.read_bytes(), tolerance=tolerance)
    if count > most:
        reference.with_suffix(".actual.png").write_bytes(image)
    assert count <= most, f"{count} pixels differ from {reference} (largest difference {largest})"


def pixel(data: bytes, x: int, y: int) -> tuple[int, int, int, int]:
    _, _, rows = png_pixels(data)
    return tuple(rows[y][x * 4:x * 4 + 4])  # type: ignore[return-value]


def png_bytes(width: int, height: int, rows: list[bytes]) -> bytes:
    """An 8-bit RGBA PNG of `rows` (each width × 4 bytes)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def xwd_png(data: bytes, box: tuple[int, int, int, int] | None = None) -> bytes:
    """An X window dump (`xwd`, 24-bit TrueColor, 32 bits a pixel) as PNG bytes, cut to
    `box` (left, top, width, height) when given."""
    fields = struct.unpack(">25I", data[:100])
    header_size, byte_order, bits_per_pixel, bytes_per_line = fields[0], fields[7], fields[11], fields[12]
    width, height, colors = fields[4], fields[5], fields[19]
    if bits_per_pixel != 32:
        raise ValueError(f"unsupported window dump ({bits_per_pixel} bits a pixel)")
    start = header_size + colors * 12
    left, top, box_width, box_height = box or (0, 0, width, height)
    rows = []
    for y in range(top, top + box_height):
        line = data[start + y * bytes_per_line:start + (y + 1) * bytes_per_line]
        row = bytearray()
        for x in range(left, left + box_width):
            b0, b1, b2, b3 = line[x * 4:x * 4 + 4]
            row += bytes((b2, b1, b0, 255)) if byte_order == 0 else bytes((b1, b2, b3, 255))
        rows.append(bytes(row))
    return png_bytes(box_width, box_height, rows)


# ---- root.describe() as records ------------------------------------------------------------

LINE = re.compile(r"^( *)v(\d+) (\S+) \(([-\d.]+), ([-\d.]+), ([-\d.]+)×([-\d.]+)\)(.*)$")


def described_views(description: str) -> list[dict[str, Any]]:
    """root.describe()'s lines as the DOM walk's records."""
    views, parents = [], {0: 0}
    for line in description.splitlines():
        match = LINE.match(line)
        assert match, f"unexpected describe() line: {line!r}"
        depth = len(match.group(1)) // 2
        view = int(match.group(2))
        parents[depth + 1] = view
        attributes = match.group(8)
        text = re.search(r' text="((?:[^"\\]|\\.)*)"', attributes)
        title = re.search(r' title="((?:[^"\\]|\\.)*)"', attributes)
        checked = re.search(r" checked=(true|false)", attributes)
        value = re.search(r' value="((?:[^"\\]|\\.)*)"', attributes)
        views.append({"id": view, "type": match.group(3), "parent": parents[depth],
                      "frame": [float(match.group(n)) for n in range(4, 8)],
                      "text": json.loads(f'"{text.group(1)}"') if text else None,
                      "title": json.loads(f'"{title.group(1)}"') if title else None,
                      "checked": checked.group(1) == "true" if checked else None,
                      "value": json.loads(f'"{value.group(1)}"') if value else None})
    return views
