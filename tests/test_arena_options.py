"""The arena takes every game with its default options, including a default of null (issue 37:
`python3 -m tabletop arena chiryaku_akuryaku` failed at once on its `rounds` default)."""

import pathlib
import subprocess
import sys

from tabletop.bots import arena

PY = pathlib.Path(__file__).resolve().parents[1] / "py"


def test_a_null_default_option_is_left_to_the_game():
    out = arena.run("chiryaku_akuryaku", "random", "random", games=1, players=4, max_games=1)
    assert out["matches"] >= 1 and "rounds" not in out["options"]


def test_the_command_line_runs_chiryaku_akuryaku():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tabletop",
            "arena",
            "chiryaku_akuryaku",
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "1",
            "--players",
            "4",
        ],
        cwd=PY,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "must be a whole number" not in done.stdout + done.stderr
