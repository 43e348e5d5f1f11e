"""The feed of examples/python/feed_list.py (100,000 posts, a like button with its own state
on every third) in a Tk window, from the standard library alone: `frond.tk` mounts the
`ListView`, which builds and mounts only the posts near what the window shows. Scroll with
the mouse wheel, the scrollbar or the keys (Page Down, End…); resize the window and the
posts are laid out again at its width.

    make demo-tk-feed  # or: FROND_LIBRARY=build/debug/lib/libfrond.so PYTHONPATH=bindings/python \\
                       #         python3 examples/python/tk_feed.py [--quit-after SECONDS]
"""
from __future__ import annotations

import argparse
import tkinter

from frond import ListView
from frond.tk import TkHost

from feed_list import POSTS, Post, post_row


def open_window(width: int = 400, height: int = 500, posts: int = POSTS) -> tuple[tkinter.Tk, TkHost, ListView]:
    window = tkinter.Tk()
    window.title(f"Frond feed (Tk): {posts:,} posts")
    host = TkHost(window, width=width, height=height)
    # (The posts' text is measured with the fonts Tk draws it in.)
    feed = ListView(post_row, cross_size=width, key=lambda post: post.id, text_measurer=host.measure_text)
    host.mount_list(feed)
    feed.data_source.set_sections([[Post(number) for number in range(posts)]])
    return window, host, feed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quit-after", type=float, default=None, help="close the window after this many seconds")
    arguments = parser.parse_args()
    window, _host, feed = open_window()
    if arguments.quit_after is not None:
        window.after(round(arguments.quit_after * 1000), window.destroy)
    window.mainloop()
    feed.close()


if __name__ == "__main__":
    main()
