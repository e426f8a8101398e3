"""Perf guard: fails on an order-of-magnitude slowdown of an engine only, never on machine noise.

Each game's random playouts must run at more than a tenth of the actions/s recorded in
tests/bench/recorded_speed.json (re-record with tests/bench/bench_suite.py's figures).
"""

import json
import pathlib

import pytest

from tabletop import available_games
from tabletop.playouts import random_playouts

RECORDED = json.loads(
    (pathlib.Path(__file__).parent / "bench" / "recorded_speed.json").read_text()
)["actions_per_s"]


@pytest.mark.parametrize("slug", available_games())
def test_engine_is_not_ten_times_slower(slug):
    assert slug in RECORDED, f"record a speed for {slug} in tests/bench/recorded_speed.json"
    best = max(
        random_playouts(slug, games=50, seed=1, max_seconds=0.5)["actions_per_s"] for _ in range(2)
    )
    assert best > RECORDED[slug] / 10, f"{slug}: {best} actions/s, recorded {RECORDED[slug]}"
