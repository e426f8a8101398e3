"""Every lesson (static/lessons/<slug>.json, see its format in the lesson player
static/app/lesson.js) is checked against the engine in CPython: its steps are every move of the
game in order, each legal when it comes; each claim about legal and refused moves matches the
engine; every main rule it lists is taught by some step; every text is in Japanese and English."""

import json
import pathlib
import re

import pytest
from wording import latin_on_japanese

from tabletop import IllegalAction, available_games, get_game

LESSONS = pathlib.Path(__file__).resolve().parents[1] / "static" / "lessons"
PATHS = sorted(LESSONS.glob("*.json"))
TEXT_KEYS = ("title", "intro", "outro")
STEP_TEXTS = ("say", "after")
PLACEHOLDER = re.compile(r"\{(card|seat):([^}]+)\}")


def canon(action):
    verb, *args = action.split()
    return " ".join([verb, *sorted(args)])


def lesson(path):
    return json.loads(path.read_text(encoding="utf-8"))


def check_text(text, where, cards, players):
    assert isinstance(text, dict) and set(text) == {"ja", "en"}, f"{where}: needs ja and en"
    for lang, words in text.items():
        assert isinstance(words, str) and words.strip(), f"{where}.{lang} is empty"
        for kind, value in PLACEHOLDER.findall(words):
            if kind == "card":
                assert value in cards, f"{where}.{lang}: {{card:{value}}} is not a card of the game"
            else:
                assert value.isdigit() and int(value) < players, f"{where}.{lang}: no seat {value}"
        if lang == "ja":
            bare = PLACEHOLDER.sub("", words)
            # Cards are named through {card:…}; ranks (A, K) and the articles' names may stand.
            assert not latin_on_japanese(bare), f"{where}.ja has Latin letters: {bare!r}"


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_lesson_plays_through_the_engine_as_it_says(path):
    data = lesson(path)
    slug = path.stem
    assert data["game"] == slug
    log = data["log"]
    state = get_game(slug).new_state(
        players=log.get("players"),
        options=log.get("options") or {},
        seed=log.get("seed", 0),
        setup=log.get("setup"),
    )
    cards = set(state.all_cards())
    human = data["human"]
    assert 0 <= human < state.players
    for key in TEXT_KEYS:
        check_text(data[key], key, cards, state.players)
    rules = data["rules"]
    assert rules, "a lesson lists the main rules it teaches"
    for rule_id, name in rules.items():
        check_text(name, f"rules.{rule_id}", cards, state.players)
    taught = set()
    for number, step in enumerate(data["steps"], 1):
        where = f"step {number} ({step.get('seat')}: {step.get('action')})"
        assert not state.is_over(), f"{where}: the game is already over"
        seat, action = step["seat"], step["action"]
        assert seat in state.to_move(), f"{where}: seat {seat} is not to move ({state.to_move()})"
        legal = state.legal_actions(seat)
        assert canon(action) in {canon(a) for a in legal}, f"{where}: not legal now"
        if "legal" in step:
            assert sorted(map(canon, step["legal"])) == sorted(map(canon, legal)), (
                f"{where}: legal claim differs: {legal}"
            )
        for refused, code in step.get("refused", []):
            try:
                state.clone().apply(seat, refused)
            except IllegalAction as err:
                assert err.code == code, (
                    f"{where}: {refused!r} is refused with {err.code}, not {code}"
                )
            else:
                raise AssertionError(
                    f"{where}: {refused!r} is claimed refused but the engine accepts it"
                )
        if seat == human:
            assert "say" in step, f"{where}: the reader's move needs words"
        for key in STEP_TEXTS:
            if key in step:
                check_text(step[key], f"{where}.{key}", cards, state.players)
        if "rule" in step:
            assert step["rule"] in rules, f"{where}: unknown rule {step['rule']!r}"
            taught.add(step["rule"])
        assert set(step) <= {"seat", "action", "say", "after", "rule", "legal", "refused"}, (
            f"{where}: unknown key"
        )
        state.apply(seat, action)
        if not state.is_over():
            assert state.to_move(), where
    assert state.is_over(), "a lesson plays its game to the end"
    assert set(rules) == taught, f"rules never taught: {sorted(set(rules) - taught)}"
    assert any(s["seat"] == human for s in data["steps"])


def test_every_game_has_a_lesson():
    """Issue #16: a guided first deal for each of the twelve games, and no lesson for a game
    that does not exist."""
    assert sorted(p.stem for p in LESSONS.glob("*.json")) == sorted(available_games())
