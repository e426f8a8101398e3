"""The JSON the views read is pinned: every seat's view along every rules vector equals the golden
transcript in tests/golden/<slug>.json (written by tests/golden/make_golden.py, which says how to
accept a change that is meant)."""

import json
import pathlib
import sys

import pytest

GOLDEN = pathlib.Path(__file__).parent / "golden"
sys.path.insert(0, str(GOLDEN))

import make_golden  # noqa: E402

from tabletop import available_games  # noqa: E402


def first_difference(expected, actual, where="view"):
    """Where two JSON values first differ, for a readable failure."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual)):
            if key not in actual:
                return f"{where}.{key}: missing"
            if key not in expected:
                return f"{where}.{key}: new field {json.dumps(actual[key])[:120]}"
            found = first_difference(expected[key], actual[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        for i, (e, a) in enumerate(zip(expected, actual)):
            found = first_difference(e, a, f"{where}[{i}]")
            if found:
                return found
        if len(expected) != len(actual):
            return f"{where}: {len(expected)} items expected, {len(actual)} found"
        return None
    if expected != actual or type(expected) is not type(actual):
        return f"{where}: expected {json.dumps(expected)[:120]}, got {json.dumps(actual)[:120]}"
    return None


@pytest.mark.parametrize("slug", available_games())
def test_views_match_golden_transcripts(slug):
    golden = json.loads((GOLDEN / f"{slug}.json").read_text(encoding="utf-8"))
    # Through JSON, as the browser gets them (tuples become lists, keys strings).
    actual = json.loads(json.dumps(make_golden.transcripts(slug), ensure_ascii=False))
    assert len(actual) == len(golden)
    for want, got in zip(golden, actual):
        name = want["name"]
        where = first_difference(want["start"], got["start"], "start")
        assert where is None, f"{slug} / {name}: {where}"
        for step, (a, b) in enumerate(zip(want["steps"], got["steps"])):
            assert a == b, (
                f"{slug} / {name}: the views differ after move {step + 1}; "
                f"run tests/golden/make_golden.py {slug} and read the diff"
            )
        where = first_difference(want["end"], got["end"], "end")
        assert where is None, f"{slug} / {name}: {where}"
