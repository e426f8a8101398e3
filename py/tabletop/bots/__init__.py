"""Computer opponents. A bot sees only ``view(seat)``: it never gets the state itself.

``choose_action(slug, view, level, seed)`` returns one of ``view["legal_actions"]``.
Level ``random`` picks a legal action uniformly (the stand-in until search bots land); unknown
levels are refused.
"""
from __future__ import annotations

import random

LEVELS = ("random",)


def choose_action(slug, view, level="random", seed=0):
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    legal = view.get("legal_actions") or []
    if not legal:
        raise ValueError(f"{slug}: the bot has no legal action in this view")
    return random.Random(seed).choice(legal)
