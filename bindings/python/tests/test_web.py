"""frond.web without a browser: a server listens, tells its port and address, runs and is
interrupted from another thread, runs queued calls on its thread, refuses bad settings and
misuse, leaves no handle behind, and advances an animation once a frame however often a
page writes (through a small client of its own, websocket_client.py). (A real browser drives
it in Tests/Hosts; a real WebSocket client in Tests/Hosts/web_test.c.)"""
from __future__ import annotations

import math
import threading
import time
import urllib.request
from typing import Any

import pytest

from frond import Root, web
from frond.errors import InvalidArgumentError, MisuseError
from frond.web import SessionInfo, WebServer


def session(info: SessionInfo) -> Root:
    return Root()


def connect_while_running(server: WebServer) -> Any:
    """A page's socket to `server`, which this thread runs meanwhile (the handshake needs it)."""
    from websocket_client import WebSocketClient

    clients: list[WebSocketClient] = []
    connecting = threading.Thread(target=lambda: clients.append(WebSocketClient(server.port)))
    connecting.start()
    while connecting.is_alive():
        server.run(0.05)
    return clients[0]


def test_aServerListensAndServesThePage() -> None:
    with WebServer(session, title="A <title>") as server:
        assert server.port > 0
        assert server.url == f"http://127.0.0.1:{server.port}/"
        assert web.handle_count() == 1
        fetched: list[bytes] = []
        thread = threading.Thread(target=lambda: fetched.append(urllib.request.urlopen(server.url, timeout=10).read()))
        thread.start()
        while thread.is_alive():
            server.run(0.05)
        page = fetched[0].decode()
        assert "<title>A &lt;title&gt;</title>" in page and '<script src="/frond.js">' in page
        statistics = server.statistics
        assert statistics.connections == 0 and statistics.sessions == 0 and statistics.served_roots == 0
    assert web.handle_count() == 0
    assert server.closed


def test_runReturnsWhenInterruptedFromAnotherThreadAndRunsQueuedCalls() -> None:
    with WebServer(session) as server:
        ran: list[threading.Thread] = []
        threading.Timer(0.1, lambda: server.call_soon(lambda: ran.append(threading.current_thread()))).start()
        started = time.monotonic()
        server.run(math.inf)
        assert time.monotonic() - started < 5
        assert ran == [threading.current_thread()]
        server.run(0)  # what is ready, and back


def test_aQueuedCallThatRaisesIsPrintedAndServingGoesOn(capfd: pytest.CaptureFixture[str]) -> None:
    # (It ended serve_forever, and the calls queued after it never ran.)
    with WebServer(session) as server:
        ran: list[str] = []
        server.call_soon(lambda: 1 / 0)  # type: ignore[func-returns-value]
        server.call_soon(lambda: ran.append("after"))
        threading.Timer(0.3, server.stop).start()
        server.serve_forever(poll_interval=0.05)
        assert ran == ["after"]
    assert "ZeroDivisionError" in capfd.readouterr().err


def test_serveForeverStopsFromAnotherThread() -> None:
    with WebServer(session) as server:
        threading.Timer(0.1, server.stop).start()
        server.serve_forever(poll_interval=0.05)


def test_badSettingsAndMisuseRaise() -> None:
    with pytest.raises(ValueError, match="port"):
        WebServer(session, port=70000)
    with pytest.raises(TypeError, match="session must be callable"):
        WebServer("not callable")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="not an IP address"):
        WebServer(session, address="nowhere")
    with pytest.raises(InvalidArgumentError, match="frame_interval"):
        WebServer(session, frame_interval=10)
    with pytest.raises(ValueError, match="NUL"):
        WebServer(session, title="a\0b")
    with WebServer(session) as first:
        with pytest.raises(InvalidArgumentError, match="cannot listen"):
            WebServer(session, port=first.port)
        with pytest.raises(ValueError, match="seconds"):
            first.run(-1)
        runner = threading.Thread(target=first.run, args=(math.inf,))
        runner.start()
        time.sleep(0.05)
        with pytest.raises(MisuseError, match="another thread"):
            first.statistics
        first.interrupt()
        runner.join(10)
    assert web.handle_count() == 0
    with pytest.raises(MisuseError, match="closed"):
        first.run(0)


def test_listsAreServedAtAPathWithTheServersMeasurer() -> None:
    from frond import ListView, MemoryHost, NativeTextMeasurer, Text
    with WebServer(session) as server:
        measurer = server.text_measurer
        assert isinstance(measurer, NativeTextMeasurer) and measurer.user_data
        host = MemoryHost()
        with ListView(lambda text: Text(text), cross_size=200, host=host, text_measurer=measurer) as pango, \
                ListView(lambda text: Text(text), cross_size=200, host=MemoryHost()) as monospace:
            for made in (pango, monospace):
                made.data_source.set_sections([["iiii WWWW", "a longer text that wraps onto a second line here"]])
                made.set_viewport(0, 100)
                made.process(wait=True)
            widths = [view.frame.width for view in host.views.values() if view.view_type == "text"]
            assert widths and widths[0] != 9 * 0.6 * 14  # Pango's widths, not 0.6 em a character
            # Pango's proportional face fits the long text on fewer lines than 0.6 em a character.
            assert pango.item_frame((0, 1)).height < monospace.item_frame((0, 1)).height
        server.serve_lists("/feed", lambda info: ListView(lambda text: Text(text), cross_size=info.width))
        server.serve_lists("/feed", None)  # roots again
        with pytest.raises(InvalidArgumentError, match="path"):
            server.serve_lists("feed", lambda info: ListView(lambda text: Text(text), cross_size=100))
        with pytest.raises(TypeError, match="session"):
            server.serve_lists("/feed", 5)  # type: ignore[arg-type]


def test_aListTheServerWouldRefuseIsRefusedBeforeItIsKept() -> None:
    from frond import ListView, Text
    from frond.web import SessionInfo
    with WebServer(session) as server:
        ended: list[ListView] = []
        server.serve_lists("/side", lambda info: ListView(lambda text: Text(text), cross_size=90, horizontal=True))
        with pytest.raises(ValueError, match="vertical"):
            server._begin_list(SessionInfo(1, "/side", 300, 200))
        shared = ListView(lambda text: Text(text), cross_size=90)
        server.serve_lists("/shared", lambda info: shared, on_session_end=lambda info, made: ended.append(made))
        assert server._begin_list(SessionInfo(2, "/shared?a", 300, 200)) is shared
        with pytest.raises(ValueError, match="another page"):
            server._begin_list(SessionInfo(3, "/shared", 300, 200))
        # The session end is the one given when the page began, whatever serves the path now.
        server.serve_lists("/shared", None)
        server._end_list(id_of(shared), SessionInfo(2, "/shared?a", 300, 200))
        assert ended == [shared] and not shared.closed
        shared.close()


def id_of(made) -> int:
    from frond._runtime import address
    return address(made._live())


def test_animationsAdvanceOnceAFrameWhateverThePageSends() -> None:
    # A page sends a message every 2 ms while a 0.3 s fade runs (as one typing or scrolling
    # would): each wakes the server, and none may add a frame. At 1/60 s the fade takes
    # about 18 ticks, each a commit.
    from frond import Action, Animation, AnimationComponent, Component, Flexbox, RenderComponent
    from websocket_client import WebSocketClient

    class Page(RenderComponent):
        def initial_state(self) -> bool:
            return False

        def render(self, shown: bool) -> Component:
            children: list[Component] = [Component("button", {"onTap": Action("show")}, width=60, height=20, key="b")]
            if shown:
                children.append(AnimationComponent(Component("row", {}, height=20), key="row",
                                                   on_initial_mount=[Animation.alpha_from(0, duration=0.3)]))
            return Flexbox(children=children)

        def handle_action(self, action: object, scope: object) -> bool:
            scope.update_state(lambda shown: True)  # type: ignore[attr-defined]
            return True

    def page(info: SessionInfo) -> Root:
        root = Root()
        root.set_component(Page())
        return root

    with WebServer(page, frame_interval=1 / 60, on_log=lambda line: None) as server:
        serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 10})
        serving.start()
        client = WebSocketClient(server.port)
        try:
            client.send({"t": "hello", "path": "/", "width": 200, "height": 100})
            button = None
            while (message := client.receive(0.5)) is not None:
                for mutation in message.get("m", []):
                    if mutation[:1] == ["c"] and mutation[2] == "button":
                        button = mutation[1]
            assert button is not None
            client.send({"t": "event", "view": button, "event": "onTap", "seq": 1})
            end = time.monotonic() + 0.35
            while time.monotonic() < end:
                client.send({"t": "noise"})
                time.sleep(0.002)
            commits = 0
            while (message := client.receive(0.6)) is not None:
                commits += message.get("t") == "commit"
            # (The tap's commit, then the fade's ticks.)
            assert 10 <= commits <= 30, f"{commits} commits for a 0.3 s fade"
        finally:
            client.close()
            server.stop()
            serving.join(10)


def test_propsTheProgramGivesFromCallSoonReachThePage() -> None:
    # A "new message arrives" timer: set_props on a served root from call_soon, with no event
    # from the page. It reached the page only with the page's next event.
    from frond import Component
    from websocket_client import WebSocketClient

    roots: list[Root] = []

    def page(info: SessionInfo) -> Root:
        root = Root()
        root.set_provider(lambda count: Component("badge", {"count": float(count or 0)}, width=20, height=20))
        root.set_props(0)
        roots.append(root)
        return root

    with WebServer(page, on_log=lambda line: None) as server:
        serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 10})
        serving.start()
        client = WebSocketClient(server.port)
        try:
            client.send({"t": "hello", "path": "/", "width": 200, "height": 100})
            while client.receive(0.5) is not None:
                pass
            server.call_soon(lambda: roots[0].set_props(7))
            counts = []
            while (message := client.receive(2)) is not None:
                for mutation in message.get("m", []):
                    if mutation[:1] == ["u"] and "count" in mutation[2]:
                        counts.append(mutation[2]["count"])
                if counts:
                    break
            assert counts == [7]
        finally:
            client.close()
            server.stop()
            serving.join(10)


def test_aScrollReportMadeBeforeTheOffsetMovesIsCorrectedByThem() -> None:
    # Scrolled down a served list, five items are inserted at the top: each moves the list's
    # offset (the server sends "o": {"v","d","n"} with the commit that goes with it). A scroll
    # report the page made before it applied them (its "n" is older) must not set the list
    # back: the server adds the moves the page had not applied. (It set the offset the report
    # said, and the rows on the page jumped back by the inserted rows' length.)
    from frond import Changeset, ItemPath, ListView, Text
    from websocket_client import WebSocketClient

    lists: list[ListView] = []

    def session(info: SessionInfo) -> ListView:
        view = ListView(lambda number: Text(f"row {number}"), cross_size=float(info.width), estimated_item_size=30,
                        text_measurer=server.text_measurer)
        view.data_source.set_sections([list(range(3000))])
        lists.append(view)
        return view

    def on_server(function: Any) -> Any:
        done = threading.Event()
        result: list[Any] = []
        server.call_soon(lambda: (result.append(function()), done.set()))
        assert done.wait(10)
        return result[0]

    def drain(client: WebSocketClient, moves: list[dict[str, Any]]) -> None:
        while (message := client.receive(0.5)) is not None:
            if message.get("t") in ("commit", "list") and "o" in message:
                moves.append(message["o"])

    with WebServer(lambda info: Root(), on_log=lambda line: None) as server:
        server.serve_lists("/rows", session)
        serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 10})
        serving.start()
        client = WebSocketClient(server.port)
        try:
            client.send({"t": "hello", "path": "/rows", "width": 400, "height": 300})
            moves: list[dict[str, Any]] = []
            drain(client, moves)
            client.send({"t": "scroll", "offset": 20000, "length": 300, "n": 0})
            drain(client, moves)
            position = 20000 + sum(move["d"] for move in moves)
            applied = moves[-1]["n"] if moves else 0
            assert on_server(lambda: lists[0].statistics.offset) == pytest.approx(position, abs=0.01)

            def insert_five() -> None:
                for number in range(5):
                    lists[0].data_source.apply(Changeset(inserted_items=[ItemPath(0, 0)]), inserted=[9000 + number])

            on_server(insert_five)
            later: list[dict[str, Any]] = []
            drain(client, later)
            assert len(later) == 5 and all(move["d"] > 0 for move in later)
            assert [move["n"] for move in later] == list(range(applied + 1, applied + 6))
            # The page's report from before it applied them:
            client.send({"t": "scroll", "offset": position, "length": 300, "n": applied})
            drain(client, later)
            moved = position + sum(move["d"] for move in later)
            assert on_server(lambda: lists[0].statistics.offset) == pytest.approx(moved, abs=0.01)
            # And one made after it applied all of them stands as it is.
            client.send({"t": "scroll", "offset": moved + 100, "length": 300, "n": later[-1]["n"]})
            drain(client, later)
            assert on_server(lambda: lists[0].statistics.offset) == pytest.approx(moved + 100, abs=0.01)
        finally:
            client.close()
            server.stop()
            serving.join(10)


def test_anInterruptEndsRunSoonWhileAPageKeepsSending() -> None:
    """A page that sent 100 taps, each a 20 ms render: an interrupt makes run return after the
    tap under way (it handled every message that had arrived first, seconds later), and the
    next run handles the rest, in order."""
    from frond import ActionEvent, Component, RenderComponent

    taps: list[int] = []

    class Counter(RenderComponent):
        def initial_state(self) -> int:
            return 0

        def render(self, count: int) -> Component:
            time.sleep(0.02)
            return Component("button", {"title": str(count), "onTap": self.tapped}, width=60, height=20, key="b")

        def tapped(self, event: ActionEvent) -> None:
            assert self.scope is not None
            taps.append(len(taps))
            self.scope.update_state(lambda count: count + 1)

    def page(info: SessionInfo) -> Root:
        root = Root()
        root.set_component(Counter())
        return root

    with WebServer(page, on_log=lambda line: None) as server:
        client = connect_while_running(server)
        try:
            client.send({"t": "hello", "path": "/", "width": 200, "height": 100})
            button = None
            while button is None:
                server.run(0.05)
                while (message := client.receive(0.05)) is not None:
                    button = next((m[1] for m in message.get("m", []) if m[:1] == ["c"] and m[2] == "button"), button)
            for seq in range(1, 101):
                client.send({"t": "event", "view": button, "event": "onTap", "seq": seq})
            time.sleep(0.2)  # (all of them arrived)
            threading.Timer(0.3, server.interrupt).start()
            started = time.monotonic()
            server.run(math.inf)
            took = time.monotonic() - started
            handled = len(taps)
            assert took < 1.0 and 5 <= handled < 60, (took, handled)
            while len(taps) < 100:
                server.run(0.05)
            assert taps == list(range(100)) and server.statistics.events == 100
        finally:
            client.close()


def test_aMessageAboveTheLimitIsLoggedAndCounted() -> None:
    """libsoup closes a connection whose message is above the limit before the server sees
    the message: that is one refused message and one line of the log (there was none), and
    the welcome tells the page the limit (so that it does not send such a message)."""
    log: list[str] = []
    with WebServer(session, max_message_bytes=4096, on_log=log.append) as server:
        client = connect_while_running(server)
        try:
            client.send({"t": "hello", "path": "/", "width": 200, "height": 100})
            welcome = None
            while welcome is None:
                server.run(0.05)
                while (message := client.receive(0.05)) is not None:
                    welcome = message if message.get("t") == "welcome" else welcome
            assert welcome["max"] == 4096
            client.send({"t": "event", "view": 1, "event": "onValueChange", "value": "x" * 5000, "seq": 1})
            end = time.monotonic() + 5
            while not log and time.monotonic() < end:
                server.run(0.05)
            assert server.statistics.refused_messages == 1
            assert len(log) == 1 and "session 1 sent what its WebSocket refused" in log[0], log
            assert log[0].endswith("its connection is closed")
        finally:
            client.close()


def test_anEventSentBeforeItsItemContainerShowedAnotherItemIsRefused() -> None:
    """A list reuses an item's views for another item as the person scrolls: an event the
    page sent before it had applied that commit (its "c" counts the commits it applied) was
    typed into the previous item, and reaching the new one would change the wrong item
    (typing, then a fast scroll, saved one task's text into another). It is refused and
    logged; an event sent after it reaches the new item."""
    from frond import Component, ListView
    from websocket_client import WebSocketClient

    heard: list[tuple[int, object]] = []
    log: list[str] = []

    def row(number: int) -> Component:
        return Component("textField", {"value": f"task {number}",
                                       "onValueChange": lambda event: heard.append((number, event.payload))},
                         height=30)

    def session(info: SessionInfo) -> ListView:
        view = ListView(row, cross_size=float(info.width), estimated_item_size=30)
        view.data_source.set_sections([list(range(3000))])
        return view

    def fields(messages: list[dict[str, Any]]) -> dict[int, tuple[int, str]]:
        """Each text field's container and value, from the messages so far."""
        parent: dict[int, int] = {}
        value: dict[int, str] = {}
        for message in messages:
            for mutation in message.get("m", []):
                if mutation[0] in ("i", "m"):
                    parent[mutation[1]] = mutation[2]
                elif mutation[0] == "u" and "value" in mutation[2]:
                    value[mutation[1]] = mutation[2]["value"]
        return {view: (parent.get(view, 0), text) for view, text in value.items()}

    with WebServer(lambda info: Root(), on_log=log.append) as server:
        server.serve_lists("/tasks", session)
        serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 10})
        serving.start()
        client = WebSocketClient(server.port)
        try:
            client.send({"t": "hello", "path": "/tasks", "width": 400, "height": 300})
            client.send({"t": "scroll", "offset": 0, "length": 300, "n": 0})
            messages: list[dict[str, Any]] = []
            while (message := client.receive(0.5)) is not None:
                messages.append(message)
            applied = sum(message.get("t") in ("commit", "reset") for message in messages)
            first = fields(messages)
            view, (_, text) = next((view, shown) for view, shown in first.items() if shown[1] == "task 0")
            # Far down: the rows' views are reused for others.
            client.send({"t": "scroll", "offset": 60000, "length": 300, "n": 0})
            while (message := client.receive(0.5)) is not None:
                messages.append(message)
            now = fields(messages)
            assert now[view][1] != "task 0", "the list did not reuse the first row's views"
            # Typed into task 0 before the page applied the reuse: refused.
            client.send({"t": "event", "view": view, "event": "onValueChange", "value": "task 0!", "seq": 1,
                         "c": applied})
            # Typed after it: the row shown there now hears it.
            later = sum(message.get("t") in ("commit", "reset") for message in messages)
            client.send({"t": "event", "view": view, "event": "onValueChange", "value": now[view][1] + "?",
                         "seq": 2, "c": later})
            deadline = time.monotonic() + 5
            while not heard and time.monotonic() < deadline:
                client.receive(0.1)
            shown_number = int(now[view][1].split()[1])
            assert heard == [(shown_number, f"task {shown_number}?")]
            assert any("from before its item container showed another item" in line for line in log), log
        finally:
            client.close()
            server.stop()
            serving.join(10)


def test_ctrlCEndsServeForeverThroughTheServersInterrupt() -> None:
    """Ctrl-C on the main thread interrupts the run and comes out of serve_forever as
    KeyboardInterrupt once the run returns (raised inside a callback C called, such as a
    destroy function, Python only printed it as ignored and serving went on); a served page
    and its session are ended as usual."""
    import os
    import subprocess
    import sys

    program = (
        "import os, signal, threading, time\n"
        "from frond import Component, Root\n"
        "from frond.web import WebServer\n"
        "def session(info):\n"
        "    root = Root()\n"
        "    root.set_component(Component('row', {}, height=20))\n"
        "    return root\n"
        "server = WebServer(session)\n"
        "threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()\n"
        "started = time.monotonic()\n"
        "try:\n"
        "    server.serve_forever(poll_interval=0.2)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted after', round(time.monotonic() - started, 1), flush=True)\n"
        "    print('handler restored', signal.getsignal(signal.SIGINT) is signal.default_int_handler)\n"
        "server.close()\n")
    environment = dict(os.environ)
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=20, env=environment)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")
    assert lines[0].startswith("interrupted after") and float(lines[0].split()[-1]) < 5, done.stdout
    assert lines[1] == "handler restored True"
