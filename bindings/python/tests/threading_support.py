"""Helpers for the tests that call the bindings from more than one thread."""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

WAIT = 30  # seconds before a test gives up on another thread


def in_thread(function: Callable[[], Any], name: str = "intruder") -> Any:
    """Runs `function` on a new thread; returns what it returned or the exception it raised."""
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append(function())
        except BaseException as error:  # noqa: BLE001
            outcome.append(error)

    thread = threading.Thread(target=run, name=name)
    thread.start()
    thread.join(timeout=WAIT)
    assert not thread.is_alive(), "the thread hung"
    return outcome[0]
