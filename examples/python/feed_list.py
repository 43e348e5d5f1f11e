"""A feed of 100,000 posts in a list that mounts only what is near its viewport
(`frond.ListView`): text of varying length, and on every third post a like button whose
state belongs to the post's own scope. It scrolls down a screen at a time and prints, for
each step, the items and views the host has and the engine's time on this thread (setting
the viewport, then mounting what the builder laid out off this thread meanwhile). Then it
likes the first post with a tap.

    python3 examples/python/feed_list.py [STEPS]      (default 12 steps of 800 points)
"""
from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass

from frond import Action, ActionEvent, Component, Flexbox, ListView, MemoryHost, RenderComponent, Scope, Text

POSTS = 100_000
VIEWPORT = 800.0
WORDS = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore "
         "et dolore magna aliqua ut enim ad minim veniam quis nostrud exercitation ullamco laboris nisi ut "
         "aliquip ex ea commodo consequat duis aute irure dolor in reprehenderit in voluptate velit esse")


@dataclass(frozen=True)
class Post:
    id: int

    @property
    def text(self) -> str:
        return WORDS[:20 + (self.id * 7919) % 300]

    @property
    def has_like(self) -> bool:
        return self.id % 3 == 0


class LikeButton(RenderComponent):
    """A button whose state is whether the post is liked; a tap toggles it."""

    def initial_state(self) -> bool:
        return False

    def render(self, state: bool) -> Component:
        return Component("button", {"title": "Liked" if state else "Like", "onTap": Action("like")},
                         width=80, height=32)

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        if action.name != "like" or scope is None:
            return False
        scope.update_state(lambda liked: not liked)
        return True


def post_row(post: Post) -> Component:
    children: list[Component] = [Text(post.text)]
    if post.has_like:
        children.append(LikeButton(key="like"))
    return Flexbox(children)


def main() -> int:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    host = MemoryHost()
    ready = threading.Event()
    with ListView(post_row, cross_size=400, host=host, key=lambda post: post.id) as feed:
        feed.data_source.on_ready(lambda _: ready.set())
        feed.data_source.set_sections([[Post(number) for number in range(POSTS)]])
        print(f"feed_list.py: {POSTS:,} posts, a {VIEWPORT:g}-point viewport, {steps} steps of one screen")
        for step in range(steps + 1):
            start = time.perf_counter()
            feed.set_viewport(step * VIEWPORT, VIEWPORT)
            feed.process()
            elapsed = time.perf_counter() - start
            # Between frames, the builder lays out the range ahead; mount it when it is ready.
            while feed.data_source.pending:
                ready.wait(1.0)
                ready.clear()
                feed.process()
            statistics = feed.statistics
            print(f"  step {step:3d}  offset {statistics.offset:8.0f}  mounted items {statistics.mounted_items:3d}  "
                  f"host views {len(host.views):4d} ({statistics.parked_items} parked)  "
                  f"engine {elapsed * 1e6:8.1f} us")
        print(f"  {statistics.created} items mounted into new views, {statistics.reused} into parked ones; "
              f"content {statistics.content_length:,.0f} points long")

        # Like the first post: the tap goes to its item's root, whose button updates its state.
        feed.set_viewport(0, VIEWPORT)
        feed.process(wait=True)
        container = next(view for view in host.views.values()
                         if view.view_type == "list-item" and view.attributes.get("item") == 0
                         and not view.attributes.get("hidden"))
        button = next(child for child in container.children if host.views[child].view_type == "button")
        print(f"  post 0's like button v{button} says {host.views[button].attributes['title']!r}; tapping it")
        feed.send_event(button)
        feed.process(wait=True)
        title = host.views[button].attributes["title"]
        print(f"  the button now says {title!r}")
        return 0 if title == "Liked" else 1


if __name__ == "__main__":
    sys.exit(main())
