"""Seeded random playouts: the engine-speed figure the benchmarks compare (CPython vs Pyodide)."""
from __future__ import annotations

import random
import time

from . import get_game


def random_playouts(slug, games=20, seed=0, players=None, max_seconds=None):
    """Play ``games`` seeded random games straight on the engine (no views, no bots).

    Stops early after ``max_seconds``. Returns games, actions, seconds and the rates.
    """
    game = get_game(slug)
    players = players or game.default_players
    started = time.perf_counter()
    played = actions = 0
    for i in range(games):
        state = game.new_state(players=players, options={}, seed=seed + i)
        rng = random.Random(seed + i)
        while not state.is_over():
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        played += 1
        if max_seconds is not None and time.perf_counter() - started > max_seconds:
            break
    seconds = time.perf_counter() - started
    return {"game": slug, "players": players, "games": played, "actions": actions, "seconds": round(seconds, 4),
            "games_per_s": round(played / seconds, 2), "actions_per_s": round(actions / seconds, 1)}
