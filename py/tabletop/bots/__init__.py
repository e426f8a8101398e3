"""Computer opponents. A bot sees only ``view(seat)``: it never gets the state itself.

``choose_action(slug, view, level, seed)`` returns one of ``view["legal_actions"]``.
Level ``random`` picks a legal action uniformly (the stand-in until search bots land; the
default); unknown levels are refused.

Level ``strong`` plays the first of the game's best actions when the game module offers a solver
adapter, ``hint_actions(state, seat)``, together with ``state_from_view(view)``. The bot still
gets only the view: the game rebuilds the position from it, which is exact only for a game of
complete information (Mate: the seat's hand, and the opponent's hand derived as every card neither
held nor played, rules section 9). A game of hidden information must not offer
``state_from_view`` unless it samples the unseen cards (determinization). For a game without
these adapters, or when the search runs out of its budget, ``strong`` plays as ``random``.
"""
from __future__ import annotations

import random

LEVELS = ("random", "strong")


def choose_action(slug, view, level="random", seed=0):
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    legal = view.get("legal_actions") or []
    if not legal:
        raise ValueError(f"{slug}: the bot has no legal action in this view")
    if level == "strong":
        best = _strong_actions(slug, view)
        if best:
            return best[0]
    return random.Random(seed).choice(legal)


def _strong_actions(slug, view):
    """The game's best actions for the view's seat, or [] when it has no solver for views."""
    import importlib

    from .. import get_game

    get_game(slug)  # a known, playable slug (ValueError otherwise)
    module = importlib.import_module(f"tabletop.games.{slug}")
    rebuild = getattr(module, "state_from_view", None)
    best = getattr(module, "hint_actions", None)
    if rebuild is None or best is None:
        return []
    try:
        actions = best(rebuild(view), view["seat"])
    except Exception:  # search budget or an unusual view: play as random rather than not at all
        return []
    legal = view.get("legal_actions") or []
    return [a for a in actions if a in legal]


def bot_levels(slug):
    """The levels worth offering for a game: ``strong`` only where the game has a solver for views."""
    import importlib

    module = importlib.import_module(f"tabletop.games.{slug}")
    if hasattr(module, "state_from_view") and hasattr(module, "hint_actions"):
        return list(LEVELS)
    return ["random"]
