"""frond.web without a browser: a server listens, tells its port and address, runs and is
interrupted from another thread, runs queued calls on its thread, refuses bad settings and
misuse, and leaves no handle behind. (A real browser drives it in Tests/Hosts; a real
WebSocket client in Tests/Hosts/web_test.c.)"""
from __future__ import annotations

import math
import threading
import time
import urllib.request

import pytest

from frond import Root, web
from frond.errors import InvalidArgumentError, MisuseError
from frond.web import SessionInfo, WebServer


def session(info: SessionInfo) -> Root:
    return Root()


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
