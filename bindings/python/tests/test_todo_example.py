"""examples/python/todo.py runs and prints the expected steps: rows added, a toggle, and
a removal that fades out (0.75, 0.5, 0.25) before the row's views go."""
from __future__ import annotations

import os
import subprocess
import sys

from conftest import REPOSITORY


def test_todo_example_output() -> None:
    environment = dict(os.environ, PYTHONPATH=str(REPOSITORY / "bindings" / "python"))
    result = subprocess.run([sys.executable, str(REPOSITORY / "examples" / "python" / "todo.py")], env=environment,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    steps = result.stdout.split("== ")[1:]
    assert [step.splitlines()[0] for step in steps] == [
        "start", "tap add", "tap add", "tap add", "toggle Write tests", "remove Buy milk (fading out)"]
    assert steps[3].count("v") and [line for line in steps[3].splitlines() if " row " in line] == [
        "v2 row (8, 36, 224×17)", "v6 row (8, 57, 224×17)", "v10 row (8, 78, 224×16)"]
    assert 'checked=true item="Write tests"' in steps[4] and 'checked=false item="Buy milk"' in steps[4]
    fade = steps[5]
    for opacity in ("0.75", "0.5", "0.25"):
        assert f"v2 row (8, 36, 224×17) leaving=true opacity={opacity}\n" in fade
    assert "(fade-out finished)" in fade
    final = fade.split("-- t=1.250\n")[1]
    assert "Buy milk" not in final and 'item="Write tests"' in final and 'item="Ship it"' in final
    assert result.stdout.count("(fade-out") == 1
