"""What type checkers see (mypy --strict, skipped without mypy): ``with Root() as root`` and
``with Node() as node`` give the class, not Any; attributes take any mapping; a render
class may take its state, and a controller its component, with their concrete types.
(tools/check_types.py, run by ``make test-python``, checks the package and the READMEs' and docs'
examples the same way.)"""
from __future__ import annotations

import os

import pytest

from conftest import PACKAGE

api = pytest.importorskip("mypy.api")

PROGRAM = '''
from types import MappingProxyType
from frond import ActionEvent, Component, Controller, Flexbox, Node, RenderComponent, Root, Scope

def use() -> None:
    with Root() as root:
        reveal_type(root)
    with Node(width=10) as node:
        reveal_type(node)
    with Component("v", MappingProxyType({"count": 1})) as component:
        reveal_type(component)
    Flexbox(view_type="list", attributes=MappingProxyType({"rows": 2}))

class Counter(RenderComponent):
    title: str

    def initial_state(self) -> int:
        return 0

    def render(self, count: int) -> Component:
        return Component("button", {"title": self.title, "count": count})

    def handle_action(self, action: ActionEvent, scope: Scope | None) -> bool:
        return True

class CounterController(Controller):
    def did_mount(self, counter: Counter) -> None:
        print(counter.title)

class Controlled(Counter):
    controller = CounterController
'''


def test_the_package_types_context_managers_mappings_and_overrides_for_strict_checkers(
        tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MYPYPATH", str(PACKAGE))
    report, errors, status = api.run(["--strict", "--cache-dir", os.path.join(str(tmp_path), "cache"),
                                      "-c", PROGRAM])
    lines = report.splitlines()
    revealed = [line.split("Revealed type is ")[1] for line in lines if "Revealed type is" in line]
    assert revealed == ['"frond.root.Root"', '"frond.layout.Node"', '"frond.components.Component"'], report
    assert [line for line in lines if ": error:" in line] == [], report
    assert status == 0 and errors == ""


MISTAKES = '''
from frond import ActionName, Root, Scope

SELECT = ActionName("select", int)
REFRESH = ActionName("refresh")

def use(scope: Scope, root: Root) -> None:
    reveal_type(REFRESH)
    scope.send(SELECT, 3)
    scope.send(REFRESH)
    scope.send("plain", {"any": "payload"})
    root.find_scope("list", "row")
    scope.send(SELECT, "five")  # line 13: a str for an int action
    scope.send(REFRESH, 3)  # line 14: a value for an action without one
    root.find_scope()  # line 15: a key path needs a key
'''


def test_typed_actions_and_key_paths_catch_mistakes_before_they_run(
        tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MYPYPATH", str(PACKAGE))
    report, _, _ = api.run(["--strict", "--cache-dir", os.path.join(str(tmp_path), "cache"), "-c", MISTAKES])
    lines = report.splitlines()
    assert [line.split("Revealed type is ")[1] for line in lines if "Revealed type is" in line] == [
        '"frond.typed_action.ActionName[None]"'], report
    # A name without a value needs no annotation; each mistake, and only they, is an error.
    assert sorted({int(line.split(":")[1]) for line in lines if ": error:" in line}) == [13, 14, 15], report
