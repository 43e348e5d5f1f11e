"""The Tk host in a real X server (Xvfb): the todo demo in a Tk window, its views as the
root has them, a screenshot (xwd) against a reference image, and a person's input as X
events (xdotool): a click ticks an item, typing and a click on Add make a new one."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parent.parent
sys.path.insert(0, str(REPOSITORY / "examples" / "python"))
sys.path.insert(0, str(HERE))

from browser import check_reference, described_views, png_pixels, xwd_png  # noqa: E402

pytestmark = pytest.mark.skipif(not all(shutil.which(tool) for tool in ("Xvfb", "xdotool", "xwd")),
                                reason="needs Xvfb, xdotool and xwd (apt-get install xvfb xdotool x11-apps)")

REFERENCE = HERE / "reference" / "tk-todo.png"
RECORD = os.environ.get("FROND_RECORD_SNAPSHOTS") == "1"


@pytest.fixture(scope="module")
def display() -> Iterator[str]:
    """A private X server (Xvfb picks a free display number and writes it to a pipe)."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "640x480x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(read, 16)
        if not chunk:
            break
        number += chunk
    os.close(read)
    previous = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = f":{number.decode().strip()}"
    yield os.environ["DISPLAY"]
    server.terminate()
    server.wait(10)
    if previous is None:
        os.environ.pop("DISPLAY", None)
    else:
        os.environ["DISPLAY"] = previous


def pump(window, until: Callable[[], bool], timeout: float = 10) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not until():
        window.update()
        if time.monotonic() > deadline:
            raise TimeoutError("the window never got there")
        time.sleep(0.005)


def screenshot(window) -> bytes:  # type: ignore[no-untyped-def]
    dump = subprocess.run(["xwd", "-root", "-silent"], check=True, capture_output=True).stdout
    return xwd_png(dump, (window.winfo_rootx(), window.winfo_rooty(), window.winfo_width(), window.winfo_height()))


def xdotool(*arguments: str) -> None:
    subprocess.run(["xdotool", *arguments], check=True)


def click(window, host, view: int) -> None:  # type: ignore[no-untyped-def]
    """A real X click in the middle of `view`."""
    frame = host.root.frame_in_root(view)
    x = window.winfo_rootx() + frame.left + frame.width / 2
    y = window.winfo_rooty() + frame.top + frame.height / 2
    xdotool("mousemove", str(round(x)), str(round(y)), "click", "1")


def views_of(host, type: str) -> list[int]:  # type: ignore[no-untyped-def]
    return sorted(view.id for view in host.views.values() if view.type == type)


def test_todo_in_a_tk_window(display: str) -> None:
    import tk_demo

    window, host, root = tk_demo.open_window(480, 400)
    window.geometry("+0+0")
    try:
        pump(window, lambda: host.commits >= 1 and window.winfo_viewable() and not root.has_running_animations)
        window.update()
        # The host's views are the root's: the same ids, types, parents and frames.
        described = described_views(root.describe())
        assert len(described) == len(host.views) - 1 > 10
        for record in described:
            view = host.views[record["id"]]
            assert (view.type, view.parent or 0) == (record["type"], record["parent"])
            assert list(view.frame) == pytest.approx(record["frame"], abs=0.01)
        # Text is measured with the fonts Tk draws it in: each text view is as wide as Tk's line.
        for view in host.views.values():
            text = view.attributes.get("text")
            if view.type == "text" and isinstance(text, str) and "\n" not in text:
                font = host._font(None, float(view.attributes["fontSize"]), view.attributes.get("fontWeight"))
                assert abs(font.measure(text) - view.frame.width) <= 1 or view.frame.width >= 400, (text, view.frame)

        image = screenshot(window)
        check_reference(image, REFERENCE, RECORD)

        # A click on the first checkbox (a real X event): the root ticks the item.
        first = views_of(host, "checkbox")[0]
        commits = host.commits
        click(window, host, first)
        pump(window, lambda: host.commits > commits and not root.has_running_animations)
        assert host.views[first].attributes["checked"] is True
        assert host.views[first].variable.get() is True
        assert "2 of 2 done" in root.describe()
        after = screenshot(window)
        frame = root.frame_in_root(first)
        width, _, rows = png_pixels(after)
        _, _, before_rows = png_pixels(image)
        box = [rows[y][round(frame.left) * 4:round(frame.left + frame.width) * 4]
               for y in range(round(frame.top), round(frame.top + frame.height))]
        box_before = [before_rows[y][round(frame.left) * 4:round(frame.left + frame.width) * 4]
                      for y in range(round(frame.top), round(frame.top + frame.height))]
        assert box != box_before, "the checkbox looks the same after the click"

        # Typing into the field and a click on Add: a new row with the typed title.
        field = views_of(host, "textField")[0]
        click(window, host, field)
        pump(window, lambda: window.focus_get() is host.views[field].widget)
        xdotool("type", "--delay", "20", "Ship it")
        pump(window, lambda: host.views[field].attributes.get("value") == "Ship it")
        add = [view for view in views_of(host, "button") if host.views[view].attributes.get("title") == "Add"][0]
        click(window, host, add)
        pump(window, lambda: 'text="Ship it"' in root.describe() and not root.has_running_animations)
        assert host.views[field].variable.get() == ""
        assert "2 of 3 done" in root.describe()
        # The window closed while the root lives: the root still flushes (nothing is drawn).
        window.destroy()
        from frond import Text
        root.set_component(Text("after the window"))
        root.flush()
        assert 'text="after the window"' in root.describe()
    finally:
        try:
            window.destroy()
        except Exception:  # noqa: BLE001 — destroyed above
            pass
        root.close()


def test_a_field_whose_component_gives_no_value_keeps_what_was_typed(display: str) -> None:
    # Each keystroke's onValueChange updates state shown elsewhere: a commit that places the
    # field again must not empty it. (Keys arrive as Tk delivers a person's: inserts into
    # the Entry, which its variable's trace reports.)
    import tkinter

    from frond import Action, ActionEvent, Component, Flexbox, RenderComponent, Root, Scope, SizeRange, Text
    from frond.tk import TkHost

    received: list[object] = []

    class Form(RenderComponent):
        def initial_state(self) -> str:
            return ""

        def render(self, typed: str) -> Component:
            return Flexbox(children=[Component("textField", {"onValueChange": Action("typed")}, width=240, height=32,
                                               key="field"),
                                     Text(f"typed {typed}", key="echo")])

        def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
            assert scope is not None
            received.append(action.payload)
            scope.update_state(lambda _: action.payload)
            return True

    window = tkinter.Tk()
    host = TkHost(window, width=300, height=120)
    root = Root(SizeRange.flexible_height(300))
    try:
        host.mount(root)
        root.set_component(Form())
        pump(window, lambda: host.commits >= 1)
        entry = host.views[views_of(host, "textField")[0]].widget
        for key in "hello":
            commits = host.commits
            entry.insert("end", key)
            pump(window, lambda: host.commits > commits)
        assert received == ["h", "he", "hel", "hell", "hello"]
        assert entry.get() == "hello" and 'text="typed hello"' in root.describe()
        # A root with mounted views cannot take another host: it would never see them. (The
        # error is not kept: its traceback would keep the window alive past this test, and a
        # Tk object collected later, on another thread, aborts the interpreter.)
        from frond.errors import MisuseError
        refusal = ""
        try:
            TkHost(window, width=300, height=120).mount(root)
        except MisuseError as error:
            refusal = str(error)
        assert "mounted views already" in refusal and host.root is root
    finally:
        window.destroy()
        root.close()


def test_a_field_shows_what_the_program_made_of_the_typing(display: str) -> None:
    # A program that keeps the digits of what is typed, six at most: a refused key must not
    # stay in the Entry (no commit came to take it away), a cut text is cut.
    import tkinter

    from frond import Action, ActionEvent, Component, RenderComponent, Root, Scope, SizeRange
    from frond.tk import TkHost

    class Digits(RenderComponent):
        def initial_state(self) -> str:
            return ""

        def render(self, digits: str) -> Component:
            # (A named action: a refused key changes nothing, so no commit comes.)
            return Component("textField", {"value": digits, "onValueChange": Action("typed")}, width=240, height=32)

        def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
            text = action.payload if isinstance(action.payload, str) else ""
            assert scope is not None
            scope.update_state(lambda _: "".join(c for c in text if c.isdigit())[:6])
            return True

    window = tkinter.Tk()
    host = TkHost(window, width=300, height=60)
    root = Root(SizeRange.flexible_height(300))
    try:
        host.mount(root)
        root.set_component(Digits())
        pump(window, lambda: host.commits >= 1)
        entry = host.views[views_of(host, "textField")[0]].widget
        for key, shown in [("1", "1"), ("2", "12"), ("x", "12"), ("3", "123"), ("4", "1234"), ("5", "12345"),
                           ("6", "123456"), ("7", "123456")]:
            entry.insert("insert", key)
            window.update()
            assert entry.get() == shown, (key, entry.get())
        assert 'value="123456"' in root.describe()
        # The caret stays by the text around it: after "1", a refused "x" leaves it there,
        # and a "9" goes in after the "1" (the program then cuts the end).
        entry.icursor(1)
        entry.insert("insert", "x")
        window.update()
        assert (entry.get(), entry.index("insert")) == ("123456", 1)
        entry.insert("insert", "9")
        window.update()
        assert (entry.get(), entry.index("insert")) == ("192345", 2)
    finally:
        window.destroy()
        root.close()


def test_a_slider_shows_what_the_program_made_of_its_moves(display: str) -> None:
    # A program that keeps the volume at 50 or below: a moved Scale sends its number (on its
    # step) and shows the root's; a secure field shows bullets.
    import tkinter

    from frond import ActionEvent, Component, Flexbox, RenderComponent, Root, SizeRange
    from frond.tk import TkHost

    heard: list[object] = []

    class Volume(RenderComponent):
        def initial_state(self) -> float:
            return 20.0

        def render(self, volume: float) -> Component:
            return Flexbox(children=[
                Component("slider", {"value": volume, "min": 10, "max": 100, "step": 10, "onValueChange": self.moved},
                          width=240, height=32),
                Component("textField", {"value": "", "secure": True}, width=240, height=32),
            ], direction="column")

        def moved(self, event: ActionEvent) -> None:
            heard.append(event.payload)
            value = float(event.payload) if isinstance(event.payload, (int, float)) else 0.0
            assert self.scope is not None
            self.scope.update_state(lambda _: min(value, 50.0))

    window = tkinter.Tk()
    host = TkHost(window, width=300, height=80)
    root = Root(SizeRange.flexible_height(300))
    try:
        host.mount(root)
        root.set_component(Volume())
        pump(window, lambda: host.commits >= 1)
        scale = host.views[views_of(host, "slider")[0]].widget
        assert (scale.get(), float(scale.cget("from")), float(scale.cget("to"))) == (20, 10, 100)
        assert host.views[views_of(host, "textField")[0]].widget.cget("show") == "\u2022"
        window.update()
        assert heard == []  # (showing the root's value is not a move, nor is Tk's clamping to the range)
        scale.set(87)  # as a drag does: Tk puts it on the step, 90
        pump(window, lambda: len(heard) == 1)
        window.update()
        assert heard == [90.0] and scale.get() == 50
        assert 'value=50' in root.describe()
        scale.set(31)
        pump(window, lambda: len(heard) == 2)
        window.update()
        assert heard == [90.0, 30.0] and scale.get() == 30
    finally:
        window.destroy()
        root.close()


def test_the_widgets_of_a_leaving_view_take_no_input(display: str) -> None:
    # A card fading out (its component gone): its button is disabled while it fades.
    import tkinter

    from frond import Animation, AnimationComponent, Component, Flexbox, Root, SizeRange
    from frond.tk import TkHost

    def tree(card: bool) -> Component:
        children = [Component("header", height=20, key="h")]
        if card:
            button = Component("button", {"title": "Dismiss", "onTap": lambda _: None}, width=80, height=24)
            children.append(AnimationComponent(Flexbox(children=[button], view_type="card"), key="card",
                                               on_final_unmount=[Animation.alpha_to(0, duration=30)]))
        return Flexbox(children=children)

    window = tkinter.Tk()
    host = TkHost(window, width=200, height=100)
    root = Root(SizeRange.flexible_height(200))
    try:
        host.mount(root)
        root.set_component(tree(True))
        pump(window, lambda: host.commits >= 1)
        button = host.views[views_of(host, "button")[0]].widget
        assert str(button.cget("state")) == "normal"
        root.set_component(tree(False))
        pump(window, lambda: host.commits >= 2)
        assert views_of(host, "button") and str(button.cget("state")) == "disabled"
    finally:
        window.destroy()
        root.close()


def test_closed_windows_are_freed_with_their_hosts(display: str, capfd: pytest.CaptureFixture[str]) -> None:
    """A window closed while its text field is shown and its animation runs leaves nothing
    behind in Tcl: the field's trace (which refers to the host) and the pending tick go with
    the canvas, so the host and its interpreter are freed, and no tick fires later."""
    import gc
    import tkinter
    import weakref

    import tk_demo

    hosts = []
    for _ in range(5):
        window, host, root = tk_demo.open_window()
        pump(window, lambda: host.commits >= 1)
        assert views_of(host, "textField") and root.has_running_animations
        hosts.append(weakref.ref(host))
        window.destroy()
        root.close()
        del window, host, root
    gc.collect()
    assert [ref for ref in hosts if ref() is not None] == []
    assert sum(isinstance(o, tkinter.Tk) for o in gc.get_objects()) == 0
    other = tkinter.Tk()  # the program's next window: no tick of a closed one runs in it
    try:
        deadline = time.monotonic() + 0.3
        while time.monotonic() < deadline:
            other.update()
            time.sleep(0.01)
    finally:
        other.destroy()
    assert "invalid command name" not in capfd.readouterr().err


def shown_items(host) -> dict[int, object]:  # type: ignore[no-untyped-def]
    """The list's shown item containers by item index: their views."""
    return {int(view.attributes["item"]): view for view in host.views.values()
            if view.type == "list-item" and not view.attributes.get("hidden") and "item" in view.attributes}


def test_a_feed_list_in_a_tk_window(display: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The 100,000-post feed (examples/python/tk_feed.py) in a Tk window, driven by X events:
    only the posts near what the window shows are mounted, the mouse wheel and the keys scroll
    the list (its viewport follows the canvas), a click likes a post, End reaches the last
    post, and a narrower window lays the posts out at its width. The posts' text is measured
    with Tk's fonts on Tk's thread (the host runs the list's builds in idle time)."""
    import threading

    import tk_feed
    from frond.tk import TkHost

    measured_on: set[int] = set()
    measure = TkHost.measure_text

    def measure_and_note_thread(*arguments):  # type: ignore[no-untyped-def]
        measured_on.add(threading.get_ident())
        return measure(*arguments)

    monkeypatch.setattr(TkHost, "measure_text", measure_and_note_thread)
    window, host, feed = tk_feed.open_window(400, 500)
    window.geometry("+0+0")

    try:
        def settled() -> bool:
            return window.winfo_viewable() and feed.statistics.mounted_items > 0 and not feed.data_source.pending

        pump(window, settled)
        statistics = feed.statistics
        # (The scrollbar takes part of the 400 points.)
        assert feed.cross_size == host.canvas.winfo_width() and 350 < feed.cross_size <= 400
        assert 0 < statistics.mounted_items < 60 and statistics.offset == 0
        first = shown_items(host)
        assert 0 in first and max(first) < 60
        # Every post the window shows is drawn: a text item of the canvas inside its frame.
        visible = [view for view in first.values() if view.frame.top < 500]
        for view in visible:
            texts = host.canvas.find_overlapping(1, view.frame.top + 1, 350, view.frame.top + view.frame.height - 1)
            assert any(host.canvas.type(item) == "text" for item in texts), view.frame

        # The mouse wheel (X buttons 5 down, 4 up) over the window.
        xdotool("mousemove", str(window.winfo_rootx() + 150), str(window.winfo_rooty() + 200))
        for _ in range(10):
            xdotool("click", "5")
        pump(window, lambda: host.canvas.canvasy(0) > 0 and settled() and feed.statistics.offset == host.canvas.canvasy(0))
        top = host.canvas.canvasy(0)
        items = shown_items(host)
        assert any(view.frame.top <= top < view.frame.top + view.frame.height for view in items.values())

        # A click on a like button the window shows (an X click at its place on the screen).
        button = next(view for view in host.views.values() if view.type == "button" and view.window is not None
                      and host.canvas.itemcget(view.window, "state") == "normal"
                      and top + 40 < host.canvas.coords(view.window)[1] < top + 400)
        assert button.attributes["title"] == "Like"
        x, y = host.canvas.coords(button.window)
        xdotool("mousemove", str(round(window.winfo_rootx() + x + 20)), str(round(window.winfo_rooty() + y - top + 10)),
                "click", "1")
        pump(window, lambda: button.attributes.get("title") == "Liked")

        # The program scrolls to a post: the window shows it at its top.
        feed.scroll_to((0, 50_000))
        pump(window, lambda: 50_000 in shown_items(host) and settled()
             and abs(host.canvas.canvasy(0) - shown_items(host)[50_000].frame.top) < 1)
        assert abs(feed.statistics.offset - host.canvas.canvasy(0)) < 1

        # End: the last post, whose place is known once the posts around it are laid out.
        host.canvas.focus_force()
        pump(window, lambda: window.focus_get() is host.canvas)
        xdotool("key", "End")
        pump(window, lambda: 99_999 in shown_items(host) and settled())
        last = shown_items(host)[99_999]
        assert last.frame.top + last.frame.height == pytest.approx(feed.statistics.content_length)
        assert host.canvas.canvasy(0) + host.canvas.winfo_height() == pytest.approx(feed.statistics.content_length, abs=1)
        assert measured_on == {threading.get_ident()}

        # A narrower window: the list takes the canvas's new width.
        window.geometry("300x500")
        pump(window, lambda: feed.cross_size == host.canvas.winfo_width() < 300 and settled())
        assert all(view.frame.width == feed.cross_size for view in shown_items(host).values())
    finally:
        window.destroy()
        feed.close()


def test_a_closed_feed_and_its_window_go_without_the_collector(display: str) -> None:
    """Once the window is destroyed and the list closed, the host, the list and the window
    are freed at once, without the cycle collector (which may run on any thread: a Tk
    interpreter freed off its own thread aborts the process)."""
    import gc
    import weakref

    import tk_feed

    gc.disable()
    try:
        window, host, feed = tk_feed.open_window(300, 300, posts=1_000)
        pump(window, lambda: feed.statistics.mounted_items > 0 and not feed.data_source.pending)
        refs = [weakref.ref(window), weakref.ref(host), weakref.ref(feed)]
        window.destroy()
        feed.close()
        del window, host, feed
        assert [ref() for ref in refs] == [None, None, None]
    finally:
        gc.enable()


def test_rows_inserted_above_a_scrolled_feed_leave_the_view_in_place(display: str,
                                                                       capfd: pytest.CaptureFixture[str]) -> None:
    """A changeset that inserts posts above what the window shows: the list moves its offset
    to keep the first visible post in place, and the canvas follows (once it stayed where it
    was, and the posts jumped on screen for good). An item that fails to build is said on
    stderr (a Tk window would otherwise just not show it)."""
    import tk_feed
    from feed_list import Post
    from frond import Changeset, ItemPath

    window, host, feed = tk_feed.open_window(400, 500, posts=2_000)
    try:
        def settled() -> bool:
            return (window.winfo_viewable() and feed.statistics.mounted_items > 0 and not feed.data_source.pending
                    and abs(feed.statistics.offset - host.canvas.canvasy(0)) < 1)

        pump(window, settled)
        host.canvas.yview_moveto(3000 / feed.statistics.content_length)
        pump(window, lambda: host.canvas.canvasy(0) > 0 and settled())

        def first_on_screen() -> tuple[int, float]:
            top = host.canvas.canvasy(0)
            item, view = min(((item, view) for item, view in shown_items(host).items()
                              if view.frame.top + view.frame.height > top), key=lambda pair: pair[1].frame.top)
            return item, view.frame.top - top

        item, place = first_on_screen()
        feed.data_source.apply(Changeset(inserted_items=[ItemPath(0, index) for index in range(5)]),
                               inserted=[Post(100_000 + index) for index in range(5)])
        pump(window, settled)
        # (Within a pixel: Tk's view starts at a whole pixel, the list's offset anywhere.)
        after, place_after = first_on_screen()
        assert after == item + 5 and place_after == pytest.approx(place, abs=1)

        # An item whose provider fails: said on stderr.
        class Unreadable(Post):
            @property
            def text(self) -> str:
                raise ValueError("no text")

        # (At the first row on screen: the list builds it at once.)
        feed.data_source.apply(Changeset(inserted_items=[ItemPath(0, after)]), inserted=[Unreadable(200_000)])
        pump(window, settled)
        assert f"frond.tk: list item (0, {after}) shows nothing" in capfd.readouterr().err
    finally:
        window.destroy()
        feed.close()


def test_a_refused_mount_leaves_the_host_showing_its_root(display: str) -> None:
    # The host showed another root already: the refused mount set the host's root to the new
    # one first, and the window was dead (its clicks went to a root without views).
    import tkinter

    from frond import Component, MisuseError, Root, SizeRange
    from frond.tk import TkHost

    window = tkinter.Tk()
    try:
        host = TkHost(window, width=200, height=100)
        shown, other = Root(SizeRange.fixed(200, 100)), Root(SizeRange.fixed(200, 100))
        shown.set_component(Component("box", {"backgroundColor": "#336699"}, width=50, height=50))
        host.mount(shown)
        with pytest.raises(MisuseError, match="already shows"):
            host.mount(other)
        assert host.root is shown and shown.host is host and other.host is None
        pump(window, lambda: shown.describe() != "")
        other.close()
        shown.close()
    finally:
        window.destroy()


def test_a_drawer_of_the_programs_own_draws_its_view_type(display: str) -> None:
    # Existing drawing code for a legacy component's view type: a gauge drawn as a bar as wide
    # as its level, drawn again (its old items gone) when the level changes.
    import tkinter

    from frond import AttributeInput, Flexbox, LegacyComponent, Root, SizeRange
    from frond.tk import TkHost, ViewDrawing

    class Gauge(LegacyComponent):
        def __init__(self, level: float) -> None:
            self.level = level
            super().__init__(key="gauge", width=100, height=10)

        def view(self) -> tuple[str, dict[str, AttributeInput]]:
            return "gauge", {"level": self.level}

    drawn: list[tuple[float, float]] = []

    def draw(drawing: ViewDrawing) -> None:
        level = drawing.attributes["level"]
        assert isinstance(level, float)
        drawing.canvas.create_rectangle(drawing.x, drawing.y, drawing.x + drawing.width * level,
                                        drawing.y + drawing.height, fill="#2a6bd9", width=0, tags=drawing.tags + ("bar",))
        drawn.append((drawing.width, level))

    window = tkinter.Tk()
    try:
        host = TkHost(window, width=200, height=100)
        host.set_drawer("gauge", draw)
        with pytest.raises(TypeError):
            host.set_drawer("gauge", "red")  # type: ignore[arg-type]
        root = Root(SizeRange.fixed(200, 100))
        host.mount(root)
        root.set_component(Flexbox(children=[Gauge(0.25)], padding=10, align_items="flex-start"))
        pump(window, lambda: bool(host.canvas.find_withtag("bar")))
        assert host.canvas.coords(host.canvas.find_withtag("bar")[0]) == [10.0, 10.0, 35.0, 20.0]
        root.set_component(Flexbox(children=[Gauge(0.75)], padding=10, align_items="flex-start"))
        pump(window, lambda: drawn[-1] == (100, 0.75))
        bars = host.canvas.find_withtag("bar")
        assert len(bars) == 1 and host.canvas.coords(bars[0]) == [10.0, 10.0, 85.0, 20.0]
        root.close()
    finally:
        window.destroy()
