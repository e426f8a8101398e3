"""The code keeps its style: ruff's lint and format, prettier, and the JSDoc types of the kit's
contracts (py/tools/style.py runs them; `python3 py/tools/style.py fix` mends what it can)."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py" / "tools"))
import style  # noqa: E402

CHECKS = dict(style.checks())


@pytest.mark.parametrize("name", list(CHECKS))
def test_style(name):
    res = subprocess.run(CHECKS[name], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, f"{name} found something:\n{res.stdout}{res.stderr}"


def test_the_kit_contracts_are_type_checked():
    # tsc checks only the files that ask for it: the kit's contracts must keep asking.
    for name in ("dom", "faces", "pieces", "picker", "pace", "query", "types"):
        text = (ROOT / "static" / "kit" / f"{name}.js").read_text(encoding="utf-8")
        assert text.startswith("// @ts-check"), name
