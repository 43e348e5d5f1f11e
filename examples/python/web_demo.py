"""Frond in a browser: a todo list at /, a 10,000-row list at /list (each page with a root
of its own: its state is its own) and the feed of 100,000 posts at /feed (each page with a
list of its own, mounting only what is near the window's visible part), served by
frond.web on http://127.0.0.1:8000.

    make demo-web     # or: FROND_LIBRARY=build/debug/lib/libfrond.so \
                      #         PYTHONPATH=bindings/python:examples/python \
                      #         python3 examples/python/web_demo.py [--port 8000]

Type a title and press Add; tick an item to mark it done; × removes it (it fades out,
ticked on the server: each animation frame is one message). On /list, a click on a row
toggles it: one row's change is one small message whatever the list's length. On /feed,
scroll: the page sends its visible part, the server mounts what comes near it (reusing
the views of posts that left); "Like" toggles a post's own state.
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass, replace

from feed_list import POSTS, LikeButton, Post
from frond import (Action, ActionEvent, Animation, AnimationComponent, Color, Component, Flexbox, ListView,
                   RenderComponent, Root, Scope, Text)
from frond.web import SessionInfo, WebServer

INK = Color(0.13, 0.15, 0.2)
MUTED = Color(0.45, 0.48, 0.55)
ACCENT = Color(0.16, 0.42, 0.85)


@dataclass(frozen=True)
class Item:
    id: int
    title: str
    done: bool = False


@dataclass(frozen=True)
class TodoState:
    items: tuple[Item, ...] = ()
    draft: str = ""


class TodoList(RenderComponent):
    """A text field and an Add button over one row per item; its state is the items and
    the field's text."""

    def initial_state(self) -> TodoState:
        return TodoState(items=(Item(1, "Buy milk"), Item(2, "Write tests", done=True)))

    def render(self, state: TodoState) -> Component:
        header = Flexbox(children=[
            Component("textField", {"value": state.draft, "placeholder": "What needs doing?",
                                    "onValueChange": self.typed}, width=220, height=28, key="field"),
            Component("button", {"title": "Add", "onTap": self.add, "backgroundColor": ACCENT, "color": Color(1, 1, 1),
                                 "cornerRadius": 4}, width=64, height=28, key="add"),
        ], direction="row", spacing=8, key="header")
        rows: list[Component] = [Text("Todo", font_size=22, font_weight="bold", color=INK), header]
        for item in state.items:
            row = Flexbox(children=[
                Component("checkbox", {"checked": item.done, "onValueChange": lambda event, id=item.id: self.toggle(id)},
                          width=18, height=18),
                Text(item.title, font_size=15, color=MUTED if item.done else INK),
                Component("button", {"title": "×", "onTap": lambda event, id=item.id: self.remove(id)},
                          width=24, height=24),
            ], direction="row", align_items="center", spacing=10, view_type="row",
                attributes={"backgroundColor": Color(0.96, 0.97, 0.98), "cornerRadius": 6}, padding=6)
            rows.append(AnimationComponent(row, key=f"item-{item.id}",
                                           on_initial_mount=[Animation.alpha_from(0, duration=0.25)],
                                           on_final_unmount=[Animation.alpha_to(0, duration=0.3)]))
        done = sum(item.done for item in state.items)
        rows.append(Text(f"{done} of {len(state.items)} done", font_size=13, color=MUTED))
        return Flexbox(children=rows, spacing=10, padding=16)

    def typed(self, event: ActionEvent) -> None:
        assert self.scope is not None
        text = event.payload if isinstance(event.payload, str) else ""
        self.scope.update_state(lambda state: replace(state, draft=text[:200]))

    def add(self, event: ActionEvent) -> None:
        assert self.scope is not None

        def added(state: TodoState) -> TodoState:
            title = state.draft.strip()
            if not title:
                return state
            next_id = max((item.id for item in state.items), default=0) + 1
            return TodoState(items=state.items + (Item(next_id, title),), draft="")

        self.scope.update_state(added)

    def toggle(self, id: int) -> None:
        assert self.scope is not None
        self.scope.update_state(lambda state: replace(state, items=tuple(
            replace(item, done=not item.done) if item.id == id else item for item in state.items)))

    def remove(self, id: int) -> None:
        assert self.scope is not None
        self.scope.update_state(lambda state: replace(state, items=tuple(
            item for item in state.items if item.id != id)))


class BigList(RenderComponent):
    """`rows` rows; a click on one toggles it (the state is the set of toggled rows). Each
    row's tap is a named action ("toggle:12"), the same value at every render, so a toggle
    changes one row's colors and nothing else (a new lambda per row and render would be a
    new action block each time: every row updated)."""

    rows: int

    def initial_state(self) -> frozenset[int]:
        return frozenset()

    def render(self, selected: frozenset[int]) -> Component:
        children = [Component("row", {"text": f"Row {index}", "fontSize": 13, "lineHeight": 20,
                                      "backgroundColor": ACCENT if index in selected else Color(1, 1, 1),
                                      "color": Color(1, 1, 1) if index in selected else INK,
                                      "onTap": Action(f"toggle:{index}")},
                              height=20, key=str(index))
                    for index in range(self.rows)]
        return Flexbox(children=children, padding=8, spacing=1)

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        name, _, row = action.name.partition(":")
        if name != "toggle" or scope is None or not row.isdigit():
            return False
        index = int(row)
        scope.update_state(lambda selected: selected ^ {index})
        return True


def session(info: SessionInfo) -> Root:
    """A root for each page: the list at /list, the todo list anywhere else."""
    root = Root()
    if info.path.startswith("/list"):
        root.set_component(BigList(rows=10_000))
    else:
        root.set_component(TodoList())
    return root


def feed_card(post: Post) -> Component:
    """A post of the feed: a card with its number, its text and, on every third, a Like button."""
    children: list[Component] = [Text(f"Post {post.id + 1}", font_size=13, font_weight="bold", color=INK),
                                 Text(post.text, font_size=13, color=INK)]
    if post.has_like:
        children.append(LikeButton(key="like"))
    card = Flexbox(children=children, spacing=6, padding=10, align_items="flex-start", view_type="post",
                   attributes={"backgroundColor": Color(1, 1, 1), "cornerRadius": 6, "borderWidth": 1,
                               "borderColor": Color(0.85, 0.86, 0.88)})
    return Flexbox(children=[card], padding=(12, 8, 12, 0))


def serve(port: int = 8000) -> WebServer:
    server = WebServer(session, port=port, title="Frond demo")

    def feed(info: SessionInfo) -> ListView:
        """Each /feed page's own list, as wide as its window (within 320…720)."""
        width = min(max(info.width, 320.0), 720.0)
        posts = ListView(feed_card, cross_size=width, text_measurer=server.text_measurer, key=lambda post: post.id)
        posts.data_source.set_sections([[Post(number) for number in range(POSTS)]])
        return posts

    server.serve_lists("/feed", feed)
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    arguments = parser.parse_args()
    with serve(arguments.port) as server:
        print(f"Frond demo: {server.url} (the todo list), {server.url}list (10,000 rows) and {server.url}feed "
              f"({POSTS:,} posts); Ctrl-C stops it", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
