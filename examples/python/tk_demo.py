"""Frond in a Tk window, from the standard library alone: the web demo's todo list
(examples/python/web_demo.py) mounted by frond.tk. Type a title and press Add, tick an
item, × removes it (it fades out, ticked by Tk's `after`).

    make demo-tk      # or: FROND_LIBRARY=build/debug/lib/libfrond.so PYTHONPATH=bindings/python \
                      #         python3 examples/python/tk_demo.py [--quit-after SECONDS]
"""
from __future__ import annotations

import argparse
import tkinter

from frond import Root, SizeRange
from frond.tk import TkHost

from web_demo import TodoList


def open_window(width: int = 480, height: int = 420) -> tuple[tkinter.Tk, TkHost, Root]:
    window = tkinter.Tk()
    window.title("Frond todo (Tk)")
    host = TkHost(window, width=width, height=height)
    root = Root(SizeRange.flexible_height(width))
    host.mount(root)
    root.set_component(TodoList())
    return window, host, root


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quit-after", type=float, default=None, help="close the window after this many seconds")
    arguments = parser.parse_args()
    window, _host, root = open_window()
    if arguments.quit_after is not None:
        window.after(round(arguments.quit_after * 1000), window.destroy)
    window.mainloop()
    root.close()


if __name__ == "__main__":
    main()
