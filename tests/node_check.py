"""Runs one of the Node scripts in tests/js (module tests of the page's JS, no browser) and gives
its JSON report: the one way the pytest wrappers call them."""

import json
import pathlib
import shutil
import subprocess

import pytest

JS = pathlib.Path(__file__).resolve().parent / "js"


def run_node_check(script, *args, timeout=60):
    """The parsed JSON that ``tests/js/<script>`` prints (its args passed as text)."""
    node = shutil.which("node")
    if not node:
        pytest.fail("Node.js is needed (the build needs it too)")
    run = subprocess.run(
        [node, "--no-warnings", str(JS / script), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=True,
    )
    return json.loads(run.stdout)
