"""The worked examples shipped for the replay viewer (static/replays/<name>.json): each replays
through the engine to its end as the session loads it; its captions, when it has them, are one per
step (index 0 before the first move) in Japanese and English, name only cards of the game and
seats at the table, and the Japanese has no Latin letters but card ranks (A, K, Q, J) and the
articles' Latin names; static/replays/index.json lists every
example under its own game, with a title in both languages."""

import json
import pathlib
import re

import pytest
from wording import latin_on_japanese

from tabletop.session import replay

REPLAYS = pathlib.Path(__file__).resolve().parents[1] / "static" / "replays"
INDEX = REPLAYS / "index.json"
PATHS = sorted(p for p in REPLAYS.glob("*.json") if p != INDEX)
PLACEHOLDER = re.compile(r"\{(card|seat):([^}]+)\}")


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def check_text(text, where, cards=None, players=None):
    assert isinstance(text, dict) and set(text) == {"ja", "en"}, (
        f"{where}: needs ja and en, has {text!r}"
    )
    for lang, words in text.items():
        assert isinstance(words, str) and words.strip(), f"{where}.{lang} is empty"
        for kind, value in PLACEHOLDER.findall(words):
            if kind == "card":
                assert cards is not None and value in cards, (
                    f"{where}.{lang}: {{card:{value}}} is not a card of the game"
                )
            else:
                assert players is not None and value.isdigit() and int(value) < players, (
                    f"{where}.{lang}: no seat {value}"
                )
        if lang == "ja":
            bare = PLACEHOLDER.sub("", words)
            # Cards are named through {card:…}; ranks (A, K) and the articles' names may stand.
            assert not latin_on_japanese(bare), f"{where}.ja has Latin letters: {bare!r}"


def test_there_are_worked_examples():
    assert PATHS, "static/replays/ ships the articles' worked examples"


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_example_replays_through_the_engine_with_a_caption_per_step(path):
    data = load(path)
    captions = data.pop("captions", None)
    # The engine reads the log alone (the viewer leaves the captions out, as here).
    state, log = replay(data)
    assert state.is_over(), f"{path.name}: a worked example is played to its end"
    if captions is None:
        return
    steps = len(log["actions"])
    assert isinstance(captions, list) and len(captions) == steps + 1, (
        f"{path.name}: {len(captions) if isinstance(captions, list) else captions!r} captions for {steps} moves (one per step, from before the first move)"
    )
    cards = set(state.all_cards())
    for number, caption in enumerate(captions):
        check_text(caption, f"{path.name} caption {number}", cards, state.players)


def test_index_lists_every_example_under_its_game():
    index = load(INDEX)
    listed = {}
    for slug, examples in index.items():
        assert isinstance(examples, list) and examples, f"index: {slug} lists no example"
        for example in examples:
            assert set(example) == {"name", "title"}, example
            check_text(example["title"], f"index: {example['name']} title")
            assert example["name"] not in listed, f"index: {example['name']} is listed twice"
            listed[example["name"]] = slug
    assert sorted(listed) == sorted(p.stem for p in PATHS), (
        "index.json lists exactly the replay files"
    )
    for path in PATHS:
        assert load(path)["game"] == listed[path.stem], f"{path.name} is listed under another game"
