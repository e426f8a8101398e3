"""Every rules-file vector (ported to tests/vectors/) of every playable game passes."""

import json
import pathlib

import pytest
from vector_runner import run_vector

from tabletop import available_games

VECTORS = pathlib.Path(__file__).parent / "vectors"
CASES = [
    (slug, vec)
    for slug in available_games()
    for vec in json.loads((VECTORS / f"{slug}.json").read_text(encoding="utf-8"))
]


def test_every_playable_game_has_vectors():
    for slug in available_games():
        assert json.loads((VECTORS / f"{slug}.json").read_text(encoding="utf-8")), slug


@pytest.mark.parametrize("vec", [v for _, v in CASES], ids=[f"{s}: {v['name']}" for s, v in CASES])
def test_vector(vec):
    assert run_vector(vec) is None, run_vector(vec)
