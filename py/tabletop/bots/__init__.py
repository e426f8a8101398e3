"""Computer opponents. A bot sees only ``view(seat)``: it never gets the state itself.

``choose_action(slug, view, level, seed, sampler=None)`` returns one of ``view["legal_actions"]``.

Levels
    ``random``  a uniformly random legal action (the default of ``choose_action``, kept for old
                saves and callers).
    ``easy``    Information Set MCTS (``ismcts``) with a small budget and uniformly random
                rollouts: it sees what a move does at once, little beyond.
    ``normal``  ISMCTS with the normal budget (the level a new game offers first), sized to stay
                within about 250 ms per decision in CPython (500 ms in the browser's Pyodide).
    ``strong``  the game's exact solver where it has one for views (Mate: ``state_from_view`` and
                ``hint_actions``), else ISMCTS with a bigger budget.

The search levels need ``sampler``: a callable ``sampler(rng) -> world`` built from the state by
``worlds.Sampler(state, seat)`` (``session.bot_action`` passes one). A world is a complete state
in which every card the seat cannot see was dealt again at random from the cards it cannot see,
sorted first, so a world depends on what the seat knows and on the bot's generator, never on
where the hidden cards really are (``worlds`` explains it; ``tests/test_bots.py`` checks it).
The bot itself receives nothing else from the state. Without a sampler, or for a game without
``bot_reward``, the search levels play as ``random`` (and ``strong`` uses the solver if any).

Mate's ``strong`` rebuilds the position from the view, which is exact only for a game of complete
information (the opponent's hand is every card neither held nor played, rules section 9). A game
of hidden information must not offer ``state_from_view``.
"""
from __future__ import annotations

import importlib
import random

LEVELS = ("random", "easy", "normal", "strong", "heuristic")
# ``heuristic`` is the game's hand-written rollout policy (``bot_rollout``) played as a bot: it is
# measured against the search in the arena (tests/bench/bench_arena.py) and offered in the app only
# where it plays better, which the arena has not shown for any game so far.
SEARCH_LEVELS = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"

# ISMCTS budgets: (iterations, seconds). The iteration count decides in CPython (a normal
# decision stays within ~250 ms there, measured by tests/bench/bench_bots.py); the time limit is a
# safety net for slower devices (Pyodide is about 1.9x slower). ``strong`` searches three times
# as long as ``normal``; ``easy`` a few dozen iterations with random rollouts.
BUDGETS = {
    "easy": (30, 0.25),
    "normal": (400, 0.45),
    "strong": (1200, 1.5),
}
NORMAL_ITERATIONS = {
    "mas_menos": 500, "mustamaija": 200, "slobberhannes": 500, "tuppi": 350, "hold_my_beer": 280,
    "chiryaku_akuryaku": 220, "stop_the_bus": 500, "ribs": 450, "mexican_train": 450,
}
STRONG_FACTOR = 3
# Longest rollout (actions) per game where a deal is long; a cut rollout is scored by bot_reward
# on the unfinished deal.
MAX_ROLLOUT = {"chiryaku_akuryaku": 40}


def _module(slug):
    from .. import get_game

    get_game(slug)  # a known, playable slug (ValueError otherwise)
    return importlib.import_module(f"tabletop.games.{slug}")


def budget(slug, level):
    """(iterations, seconds) of a search level for a game."""
    iterations, seconds = BUDGETS[level]
    normal = NORMAL_ITERATIONS.get(slug)
    if normal is not None and level == "normal":
        iterations = normal
    elif normal is not None and level == "strong":
        iterations = STRONG_FACTOR * normal
    return iterations, seconds


def choose_action(slug, view, level="random", seed=0, sampler=None, time_limit=True):
    """One of ``view["legal_actions"]`` for the view's seat.

    ``sampler`` (optional): ``worlds.Sampler(state, seat)``, needed by the search levels.
    ``time_limit=False`` plays the search by its iteration budget alone (reproducible, for the
    arena and tests).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    legal = view.get("legal_actions") or []
    if not legal:
        raise ValueError(f"{slug}: the bot has no legal action in this view")
    if level == "random" or len(legal) == 1:
        return random.Random(seed).choice(legal) if level == "random" else legal[0]
    module = _module(slug)
    if level == "heuristic":
        policy = getattr(module, "bot_rollout", None)
        if policy is None or sampler is None:
            return random.Random(seed).choice(legal)
        # The policy reads the state; it gets a world sampled from what the seat may see (its own
        # hand and everything public are exactly as in the view), never the real state.
        rng = random.Random(seed)
        world = sampler(rng)
        action = policy(world, sampler.seat, rng)
        return action if action in legal else rng.choice(legal)
    if level == "strong":
        best = _strong_actions(module, view)
        if best:
            return best[0]
    if sampler is not None and hasattr(module, "bot_reward"):
        from .ismcts import DEFAULT_MAX_ROLLOUT, search

        iterations, seconds = budget(slug, level)
        return search(module, view, sampler, iterations=iterations,
                      seconds=seconds if time_limit else None, seed=seed,
                      max_rollout=MAX_ROLLOUT.get(slug, DEFAULT_MAX_ROLLOUT), use_policy=level != "easy")
    return random.Random(seed).choice(legal)


def _strong_actions(module, view):
    """The game's best actions for the view's seat, or [] when it has no solver for views."""
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
    """The levels worth offering for a game, in the order a setup screen lists them.

    A game with a search reward offers easy, normal and strong; a game with only a view solver
    (none now) random and strong; any other game random alone.
    """
    module = importlib.import_module(f"tabletop.games.{slug}")
    if hasattr(module, "bot_reward"):
        return list(SEARCH_LEVELS)
    if hasattr(module, "state_from_view") and hasattr(module, "hint_actions"):
        return ["random", "strong"]
    return ["random"]


def default_level(slug):
    """The level a new game starts with: ``normal`` where it is offered, else the first one."""
    levels = bot_levels(slug)
    return DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[0]
