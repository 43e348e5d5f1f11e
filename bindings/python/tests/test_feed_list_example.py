"""examples/python/feed_list.py runs: each step mounts a bounded number of items however
long the feed is, views are reused as it scrolls, and a tap likes the first post."""
from __future__ import annotations

import os
import re
import subprocess
import sys

from conftest import REPOSITORY


def test_feed_list_example_output() -> None:
    environment = dict(os.environ, PYTHONPATH=str(REPOSITORY / "bindings" / "python"))
    result = subprocess.run([sys.executable, str(REPOSITORY / "examples" / "python" / "feed_list.py"), "8"],
                            env=environment, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    steps = re.findall(r"step +(\d+) +offset +(\d+) +mounted items +(\d+)", result.stdout)
    assert [int(step) for step, _, _ in steps] == list(range(9))
    assert all(0 < int(mounted) < 100 for _, _, mounted in steps)
    reused = re.search(r"(\d+) items mounted into new views, (\d+) into parked ones", result.stdout)
    assert reused is not None and int(reused.group(2)) > 0
    assert "the button now says 'Liked'" in result.stdout
