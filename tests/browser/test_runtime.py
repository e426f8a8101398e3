"""The runtime as shipped: the trimmed standard library, pre-compressed files, security headers."""
import json
import pathlib
import sys
import urllib.request
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py" / "tools"))

import record_stdlib  # noqa: E402


def test_the_trimmed_standard_library_is_what_the_site_ships(site):
    with zipfile.ZipFile(site / "static" / "vendor" / "pyodide" / "python_stdlib.zip") as zf:
        names = set(zf.namelist())
        stored = all(i.compress_type == zipfile.ZIP_STORED for i in zf.infolist())
    with zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip") as zf:
        original = set(zf.namelist())
    assert {"json/__init__.py", "random.py", "typing.py", "encodings/utf_8.py"} <= names
    assert not names & {"email/__init__.py", "http/client.py", "xml/dom/minidom.py", "unittest/__init__.py",
                        "pydoc.py", "doctest.py", "tarfile.py", "_pyrepl/__init__.py", "encodings/cp1252.py"}
    assert len(names) < len(original) / 3
    assert stored  # stored entries: the transfer's gzip/Brotli compresses the whole file


def test_every_game_bot_hint_truth_analysis_and_replay_from_the_trimmed_stdlib(page, server, site):
    """Everything the app asks of the engine, through the app's own call path, on the trimmed zip."""
    page.goto(server + "/?lang=en")
    page.wait_for_selector("body[data-engine=ready]", timeout=120_000)
    plan = record_stdlib.exercise_plan(site, moves=12, probes=[2])
    # The one-player games and Mate to the end: their truth and analysis need a finished deal.
    plan["movesFor"] = {"mate": 10_000, "four_thrones": 10_000, "gridcannon": 10_000}
    report = record_stdlib.run_exercise(page, plan, timeout_s=300)
    assert report["failures"] == []
    games = report["games"]
    assert sorted(games) == sorted(g["slug"] for g in plan["games"]) and len(games) == 12
    for slug, got in games.items():
        assert got["moves"] >= 6 or got["over"], slug
        assert got["replay"] == got["moves"], slug
        levels = next(g["levels"] for g in plan["games"] if g["slug"] == slug)
        assert sorted(got["levels"]) == sorted(levels), slug  # every level chose a legal move
    assert games["mate"]["over"] and games["mate"]["analysis"] is True and games["mate"]["hint"] is not None
    for slug in ("four_thrones", "gridcannon"):
        assert games[slug]["over"] and games[slug]["truth"] in (True, False, None) and games[slug]["undo"] is True
        assert games[slug]["hint"] is not None, slug
    assert page.errors == []
