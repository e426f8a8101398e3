"""Pinned computer decisions: for each game with computer players, a few seeded positions and
the action each level chooses there with ``time_limit=False`` and a fixed seed.

Written before the computer players moved out of the rules modules (issue #31) and kept after:
a refactor of where the players live must not change a single choice. A deliberate change of a
player's play changes these pins too; regenerate them with
``python3 tests/test_bot_pins.py`` (it prints ``PINS``) and say why in the commit.

A position is reached from a seeded new game by seeded random play (the rules alone decide it);
the seat is the first one to move. The search levels are pinned on fewer positions to stay fast.
"""

import random
import sys

import pytest

from tabletop import get_game
from tabletop.bots import bot_levels, choose_action
from tabletop.bots.worlds import Sampler

SEED = 7
HEURISTIC_ONLY = ("heuristic",)
ALL_LEVELS = ("heuristic", "easy", "normal", "strong")

# slug -> [(players, options, random moves before the position, levels pinned there)]. The late
# positions reach the last tricks where Más-Menos, Tuppi and Slobberhannes have an endgame solver.
POSITIONS = {
    "mas_menos": [(2, {}, 0, HEURISTIC_ONLY), (2, {}, 9, ALL_LEVELS), (2, {}, 25, ALL_LEVELS)],
    "mate": [(2, {}, 0, HEURISTIC_ONLY), (2, {}, 6, ALL_LEVELS), (2, {}, 14, ALL_LEVELS)],
    "mustamaija": [(4, {}, 0, HEURISTIC_ONLY), (3, {}, 12, ALL_LEVELS), (2, {}, 30, ALL_LEVELS)],
    "tuppi": [(4, {}, 0, HEURISTIC_ONLY), (4, {}, 20, ALL_LEVELS), (4, {}, 62, ALL_LEVELS)],
    "slobberhannes": [(4, {}, 0, HEURISTIC_ONLY), (4, {}, 7, ALL_LEVELS), (4, {}, 17, ALL_LEVELS)],
    "hold_my_beer": [(3, {}, 0, HEURISTIC_ONLY), (3, {}, 10, ALL_LEVELS), (3, {}, 40, ALL_LEVELS)],
    "chiryaku_akuryaku": [
        (4, {}, 0, HEURISTIC_ONLY),
        (4, {}, 14, ALL_LEVELS),
        (5, {}, 50, ALL_LEVELS),
    ],
    "stop_the_bus": [(4, {}, 0, HEURISTIC_ONLY), (4, {}, 5, ALL_LEVELS), (3, {}, 12, ALL_LEVELS)],
    "ribs": [(4, {}, 0, HEURISTIC_ONLY), (4, {}, 12, ALL_LEVELS), (5, {}, 30, ALL_LEVELS)],
    "mexican_train": [(4, {}, 0, HEURISTIC_ONLY), (3, {}, 8, ALL_LEVELS), (2, {}, 20, ALL_LEVELS)],
    "quinto": [(4, {}, 0, HEURISTIC_ONLY), (4, {}, 12, ALL_LEVELS), (4, {}, 40, ALL_LEVELS)],
    "watten": [
        (4, {}, 0, HEURISTIC_ONLY),
        (4, {}, 11, ALL_LEVELS),
        (4, {"blind": True}, 9, ALL_LEVELS),
    ],
    "forty_two": [(4, {}, 0, HEURISTIC_ONLY), (4, {}, 4, ALL_LEVELS), (4, {}, 14, ALL_LEVELS)],
    "deer_hunt": [(4, {}, 0, HEURISTIC_ONLY), (4, {}, 6, ALL_LEVELS), (4, {}, 22, ALL_LEVELS)],
}

PINS = {
    ("mas_menos", 0, "heuristic"): "discard TS 9H TH",
    ("mas_menos", 1, "heuristic"): "play QS",
    ("mas_menos", 1, "easy"): "play 8C",
    ("mas_menos", 1, "normal"): "play TC",
    ("mas_menos", 1, "strong"): "play QS",
    ("mas_menos", 2, "heuristic"): "play AC",
    ("mas_menos", 2, "easy"): "play AC",
    ("mas_menos", 2, "normal"): "play AC",
    ("mas_menos", 2, "strong"): "play AC",
    ("mate", 0, "heuristic"): "play AD",
    ("mate", 1, "heuristic"): "play KH",
    ("mate", 1, "easy"): "play 7S",
    ("mate", 1, "normal"): "play KC",
    ("mate", 1, "strong"): "play QC",
    ("mate", 2, "heuristic"): "play TC",
    ("mate", 2, "easy"): "play TC",
    ("mate", 2, "normal"): "play TC",
    ("mate", 2, "strong"): "play KS",
    ("mustamaija", 0, "heuristic"): "add 2D",
    ("mustamaija", 1, "heuristic"): "add 3D",
    ("mustamaija", 1, "easy"): "add 8D",
    ("mustamaija", 1, "normal"): "add 6S",
    ("mustamaija", 1, "strong"): "add 8S",
    ("mustamaija", 2, "heuristic"): "add QS",
    ("mustamaija", 2, "easy"): "add 6C",
    ("mustamaija", 2, "normal"): "add 8H",
    ("mustamaija", 2, "strong"): "add 6C",
    ("tuppi", 0, "heuristic"): "bid 3C",
    ("tuppi", 1, "heuristic"): "play 6C",
    ("tuppi", 1, "easy"): "play 4C",
    ("tuppi", 1, "normal"): "play 3C",
    ("tuppi", 1, "strong"): "play 3C",
    ("tuppi", 2, "heuristic"): "play 2C",
    ("tuppi", 2, "easy"): "play 3C",
    ("tuppi", 2, "normal"): "play 3C",
    ("tuppi", 2, "strong"): "play 2C",
    ("slobberhannes", 0, "heuristic"): "play 7D",
    ("slobberhannes", 1, "heuristic"): "play KH",
    ("slobberhannes", 1, "easy"): "play KH",
    ("slobberhannes", 1, "normal"): "play KH",
    ("slobberhannes", 1, "strong"): "play JH",
    ("slobberhannes", 2, "heuristic"): "play KD",
    ("slobberhannes", 2, "easy"): "play KD",
    ("slobberhannes", 2, "normal"): "play TC",
    ("slobberhannes", 2, "strong"): "play KD",
    ("hold_my_beer", 0, "heuristic"): "discard 7H",
    ("hold_my_beer", 1, "heuristic"): "play TR6",
    ("hold_my_beer", 1, "easy"): "play TR7",
    ("hold_my_beer", 1, "normal"): "play TR11",
    ("hold_my_beer", 1, "strong"): "play TR11",
    ("hold_my_beer", 2, "heuristic"): "play KC",
    ("hold_my_beer", 2, "easy"): "play JH",
    ("hold_my_beer", 2, "normal"): "play KC",
    ("hold_my_beer", 2, "strong"): "play JH",
    ("chiryaku_akuryaku", 0, "heuristic"): "play R11",
    ("chiryaku_akuryaku", 1, "heuristic"): "take B7 P3",
    ("chiryaku_akuryaku", 1, "easy"): "take B7 P13",
    ("chiryaku_akuryaku", 1, "normal"): "take P3 P13",
    ("chiryaku_akuryaku", 1, "strong"): "take P3 P13",
    ("chiryaku_akuryaku", 2, "heuristic"): "facedown B P",
    ("chiryaku_akuryaku", 2, "easy"): "facedown B P",
    ("chiryaku_akuryaku", 2, "normal"): "facedown B P",
    ("chiryaku_akuryaku", 2, "strong"): "facedown B P",
    ("stop_the_bus", 0, "heuristic"): "draw discard",
    ("stop_the_bus", 1, "heuristic"): "draw discard",
    ("stop_the_bus", 1, "easy"): "draw stock",
    ("stop_the_bus", 1, "normal"): "draw discard",
    ("stop_the_bus", 1, "strong"): "draw discard",
    ("stop_the_bus", 2, "heuristic"): "stop",
    ("stop_the_bus", 2, "easy"): "stop",
    ("stop_the_bus", 2, "normal"): "stop",
    ("stop_the_bus", 2, "strong"): "stop",
    ("ribs", 0, "heuristic"): "bid 3",
    ("ribs", 1, "heuristic"): "play AS KD",
    ("ribs", 1, "easy"): "play AH 7C",
    ("ribs", 1, "normal"): "play QH KD",
    ("ribs", 1, "strong"): "play QH KD",
    ("ribs", 2, "heuristic"): "bid 6",
    ("ribs", 2, "easy"): "bid 6",
    ("ribs", 2, "normal"): "bid 6",
    ("ribs", 2, "strong"): "bid 6",
    ("mexican_train", 0, "heuristic"): "play 5-6 1",
    ("mexican_train", 1, "heuristic"): "play 4-5 2",
    ("mexican_train", 1, "easy"): "play 4-5 2",
    ("mexican_train", 1, "normal"): "play 0-5 2",
    ("mexican_train", 1, "strong"): "play 0-5 2",
    ("mexican_train", 2, "heuristic"): "play 1-6 1",
    ("mexican_train", 2, "easy"): "play 1-6 m",
    ("mexican_train", 2, "normal"): "play 1-6 m",
    ("mexican_train", 2, "strong"): "play 1-6 m",
    ("quinto", 0, "heuristic"): "pass",
    ("quinto", 1, "heuristic"): "play KC",
    ("quinto", 1, "easy"): "play 2C",
    ("quinto", 1, "normal"): "play AC",
    ("quinto", 1, "strong"): "play AC",
    ("quinto", 2, "heuristic"): "play 9D",
    ("quinto", 2, "easy"): "play 9D",
    ("quinto", 2, "normal"): "play 9D",
    ("quinto", 2, "strong"): "play 9D",
    ("watten", 0, "heuristic"): "schlag T",
    ("watten", 1, "heuristic"): "play 9E",
    ("watten", 1, "easy"): "play AS",
    ("watten", 1, "normal"): "raise",
    ("watten", 1, "strong"): "raise",
    ("watten", 2, "heuristic"): "play TS",
    ("watten", 2, "easy"): "play 7H",
    ("watten", 2, "normal"): "play OS",
    ("watten", 2, "strong"): "play US",
    ("forty_two", 0, "heuristic"): "pass",
    ("forty_two", 1, "heuristic"): "call followme",
    ("forty_two", 1, "easy"): "call 3",
    ("forty_two", 1, "normal"): "call 6",
    ("forty_two", 1, "strong"): "call 6",
    ("forty_two", 2, "heuristic"): "play 4-6",
    ("forty_two", 2, "easy"): "play 4-4",
    ("forty_two", 2, "normal"): "play 4-4",
    ("forty_two", 2, "strong"): "play 3-3",
    ("deer_hunt", 0, "heuristic"): "play 1-2",
    ("deer_hunt", 1, "heuristic"): "play 2-3",
    ("deer_hunt", 1, "easy"): "play 2-3",
    ("deer_hunt", 1, "normal"): "play 1-3",
    ("deer_hunt", 1, "strong"): "play 1-3",
    ("deer_hunt", 2, "heuristic"): "play 2-5",
    ("deer_hunt", 2, "easy"): "play 1-6",
    ("deer_hunt", 2, "normal"): "play 1-6",
    ("deer_hunt", 2, "strong"): "play 1-6",
}


def position(slug, index):
    """(state, seat) of a pinned position: seeded random play, then on to a choice of two or more
    actions (a single legal action is no decision)."""
    players, options, moves, _levels = POSITIONS[slug][index]
    state = get_game(slug).new_state(players=players, options=options, seed=100 + index)
    rng = random.Random(f"pin-{slug}-{index}")
    played = 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if played >= moves and len(legal) > 1:
            return state, seat
        state.apply(seat, rng.choice(legal))
        played += 1
    raise AssertionError(f"{slug} position {index}: the game ended before a decision")


def decide(slug, index, level):
    state, seat = position(slug, index)
    return choose_action(
        slug,
        state.view(seat),
        level=level,
        seed=SEED,
        sampler=Sampler(state, seat),
        time_limit=False,
    )


CASES = [
    (slug, index, level)
    for slug, rows in POSITIONS.items()
    for index, row in enumerate(rows)
    for level in row[3]
]


def test_every_game_with_computer_players_is_pinned():
    from tabletop import available_games

    with_bots = [slug for slug in available_games() if bot_levels(slug) != ["random"]]
    assert sorted(POSITIONS) == sorted(with_bots)
    assert sorted(PINS) == sorted(CASES)


@pytest.mark.parametrize("slug,index,level", CASES)
def test_pinned_choice(slug, index, level):
    assert decide(slug, index, level) == PINS[(slug, index, level)]


if __name__ == "__main__":
    import time

    print("PINS = {")
    for slug, index, level in CASES:
        started = time.perf_counter()
        action = decide(slug, index, level)
        spent = time.perf_counter() - started
        print(f"    ({slug!r}, {index}, {level!r}): {action!r},  # {spent:.2f} s", flush=True)
        print(f"{slug} {index} {level} {spent:.2f}", file=sys.stderr)
    print("}")
