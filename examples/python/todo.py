"""A todo list in Python: add, toggle and remove items (removal fades out), driven by
simulated taps on a MemoryHost, printing the view tree after each step.

    make demo        # or: FROND_LIBRARY=build/debug/lib/libfrond.so PYTHONPATH=bindings/python \
                     #         python3 examples/python/todo.py
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from frond import (ActionEvent, Animation, AnimationComponent, Component, Flexbox, MemoryHost, RenderComponent,
                   Root, SizeRange, Text)


@dataclass(frozen=True)
class Item:
    id: int
    title: str
    done: bool = False


class TodoList(RenderComponent):
    """The whole screen: an "add" button and one row per item. Its state is the items."""

    titles: list[str]

    def initial_state(self) -> tuple[Item, ...]:
        return ()

    def render(self, items: tuple[Item, ...]) -> Component:
        rows: list[Component] = [Component("button", {"title": "Add", "onTap": self.add}, height=24, key="add")]
        for item in items:
            row = Flexbox(children=[
                Component("checkbox", {"item": item.title, "checked": item.done,
                                       "onTap": lambda event, id=item.id: self.toggle(id)}, width=16, height=16),
                Text(item.title, font_size=14),
                Component("remove", {"item": item.title, "onTap": lambda event, id=item.id: self.remove(id)},
                          width=16, height=16),
            ], direction="row", align_items="center", spacing=8, view_type="row")
            rows.append(AnimationComponent(row, key=f"item-{item.id}",
                                           on_initial_mount=[Animation.alpha_from(0, duration=0.25)],
                                           on_final_unmount=[Animation.alpha_to(0, duration=0.5,
                                                                                completion=self.removed)]))
        return Flexbox(children=rows, spacing=4, padding=8)

    # ---- action handlers (bound methods and closures as onTap values) -----------------

    def add(self, event: ActionEvent) -> None:
        assert self.scope is not None

        def added(items: tuple[Item, ...]) -> tuple[Item, ...]:
            next_id = max((item.id for item in items), default=0) + 1
            return items + (Item(next_id, self.titles[(next_id - 1) % len(self.titles)]),)

        self.scope.update_state(added)

    def toggle(self, id: int) -> None:
        assert self.scope is not None
        self.scope.update_state(lambda items: tuple(replace(item, done=not item.done) if item.id == id else item
                                                    for item in items))

    def remove(self, id: int) -> None:
        assert self.scope is not None
        self.scope.update_state(lambda items: tuple(item for item in items if item.id != id))

    def removed(self, finished: bool) -> None:
        print(f"  (fade-out {'finished' if finished else 'interrupted'})")


def find(host: MemoryHost, view_type: str, item: str | None = None) -> int:
    """The id of the mounted view of `view_type` (for `item`)."""
    for view in host.views.values():
        if view.view_type == view_type and (item is None or view.attributes.get("item") == item):
            return view.id
    raise LookupError(f"no {view_type} view for {item!r}")


def main() -> None:
    host = MemoryHost()
    with Root(SizeRange.flexible_height(240), host=host) as root:
        root.set_component(TodoList(titles=["Buy milk", "Write tests", "Ship it"]))
        root.flush()
        clock = 0.0

        def step(title: str, view_type: str, item: str | None = None) -> None:
            nonlocal clock
            print(f"== {title}")
            root.send_event(find(host, view_type, item))
            root.flush()
            while root.has_running_animations:  # an 8 Hz clock until everything settles
                clock += 0.125
                root.tick(clock)
            print(host.dump())

        print("== start")
        print(host.dump())
        step("tap add", "button")
        step("tap add", "button")
        step("tap add", "button")
        step("toggle Write tests", "checkbox", "Write tests")
        print("== remove Buy milk (fading out)")
        root.send_event(find(host, "remove", "Buy milk"))
        root.flush()
        for _ in range(3):
            clock += 0.125
            root.tick(clock)
            print(f"-- t={clock:.3f}")
            print(host.dump())
        while root.has_running_animations:
            clock += 0.125
            root.tick(clock)
        print(f"-- t={clock:.3f}")
        print(host.dump())
        assert host.dump() == root.describe()


if __name__ == "__main__":
    main()
