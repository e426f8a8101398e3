"""Tabletop: pure-Python engines for a dozen traditional card and domino games.

    from tabletop import get_game, IllegalAction
    game = get_game("mas_menos")
    state = game.new_state(players=2, options={}, seed=7)

Each game is one module of ``tabletop.games``, imported only when it is asked for, so the
browser loads just the game being played.
"""

from __future__ import annotations

import importlib

from .core import GameInfo, GameState, IllegalAction, Option

__version__ = "0.1.0"

# Every game of the product, in the order the game list shows them. A slug whose module does not
# exist yet is listed as "coming".
SLUGS = (
    "mas_menos",
    "mate",
    "mustamaija",
    "tuppi",
    "slobberhannes",
    "hold_my_beer",
    "chiryaku_akuryaku",
    "stop_the_bus",
    "ribs",
    "four_thrones",
    "gridcannon",
    "mexican_train",
    "quinto",
    "watten",
    "forty_two",
    "deer_hunt",
)

__all__ = [
    "GameInfo",
    "GameState",
    "IllegalAction",
    "Option",
    "SLUGS",
    "available_games",
    "get_game",
]


def get_game(slug) -> GameInfo:
    """The game with this slug; ValueError naming the known slugs otherwise."""
    if slug not in SLUGS:
        raise ValueError(f"unknown game {slug!r}; known games: {', '.join(SLUGS)}")
    try:
        module = importlib.import_module(f"tabletop.games.{slug}")
    except ModuleNotFoundError as err:
        if err.name != f"tabletop.games.{slug}":
            raise
        raise ValueError(f"game {slug!r} is not playable yet") from None
    return module.GAME


def available_games():
    """Slugs whose engine exists (importing each one)."""
    out = []
    for slug in SLUGS:
        try:
            get_game(slug)
        except ValueError:
            continue
        out.append(slug)
    return out
