"""The one play loop, and seeded random playouts (the engine-speed figure the benchmarks compare,
CPython vs Pyodide).

``play(state, choose)`` is how every caller plays a game on to its end: the random playouts here,
``python -m tabletop simulate``, the bot arena and the conformance harness.
"""

from __future__ import annotations

import random
import time

from . import get_game


class TooLong(RuntimeError):
    """A game that did not end within its bound of actions."""


def play(state, choose, max_actions=None, on_step=None):
    """Play ``state`` on until it is over; return the actions played, ``[(seat, action), ...]``.

    ``choose(state) -> (seat, action)`` picks each move (a seat of ``to_move()`` and one of its
    legal actions); ``on_step(state, seat, action)`` runs after each move is applied. Raises
    ``TooLong`` when the game is not over after ``max_actions`` moves (default: the game's
    declared ``max_actions``); an illegal choice raises ``IllegalAction`` from ``apply``.
    """
    if max_actions is None:
        max_actions = state.info.max_actions
    log = []
    while not state.is_over():
        if len(log) >= max_actions:
            raise TooLong(f"{state.d['game']}: the game did not end within {max_actions} actions")
        seat, action = choose(state)
        state.apply(seat, action)
        log.append((seat, action))
        if on_step is not None:
            on_step(state, seat, action)
    return log


def random_choice(rng):
    """A ``choose`` for ``play``: a random seat to move, then a random legal action of it."""

    def choose(state):
        seat = rng.choice(state.to_move())
        return seat, rng.choice(state.legal_actions(seat))

    return choose


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
        actions += len(play(state, random_choice(random.Random(seed + i))))
        played += 1
        if max_seconds is not None and time.perf_counter() - started > max_seconds:
            break
    seconds = time.perf_counter() - started
    return {
        "game": slug,
        "players": players,
        "games": played,
        "actions": actions,
        "seconds": round(seconds, 4),
        "games_per_s": round(played / seconds, 2),
        "actions_per_s": round(actions / seconds, 1),
    }
