"""Computer opponents. A bot sees only ``view(seat)``: it never gets the state itself.

``choose_action(slug, view, level, seed, sampler=None)`` returns one of ``view["legal_actions"]``.

Levels
    ``random``  a uniformly random legal action (the default of ``choose_action``, kept for old
                saves and callers).
    ``easy``    Information Set MCTS (``ismcts``) with a small budget and uniformly random
                rollouts: it sees what a move does at once, little beyond.
    ``normal``  ISMCTS with the normal budget (the level a new game offers first), sized to stay
                within about 250 ms per decision in CPython (500 ms in the browser's Pyodide).
    ``strong``  the game's exact solver where it has one for views (Mate: ``BotHooks.from_view`` and
                ``queries.hint``; the last tricks of Más-Menos, Tuppi and Slobberhannes:
                ``BotHooks.endgame``, averaged over worlds, as many as its time limit allows),
                else ISMCTS with a bigger budget, over worlds read by the game's
                ``BotHooks.reading`` where it declares one (Stop the Bus: the others' hands made as
                strong as their turns of drawing and keeping the best have made them; 42: the
                others' hands made to fit their bids and passes).
    ``heuristic`` the game's rule-based player (``BotHooks.heuristic``), written from the rules and
                common strategy; it decides at once from a world sampled from the seat's view and
                reads only what the seat may see in it. The search's rollouts play the same rules
                with a little noise (``BotHooks.rollout``), so normal and strong search on top of it.
                The app offers it first in the list, before easy (about as strong; named "By the
                book", 定石どおり).

A game's computer players declare what the bots use as ``HOOKS = BotHooks(...)`` in
``tabletop.players.<slug>`` (see ``tabletop.core.BotHooks``): the search reward and rollout
policy, its own world sampler, and its tuning numbers (the normal level's iterations, the longest
rollout). The rules module only says that it has players (``GameInfo.computer_players``);
``player_hooks`` imports the player module by name when a computer first moves there.

The search levels need ``sampler``: a callable ``sampler(rng) -> world`` built from the state by
``worlds.Sampler(state, seat)`` (``session.bot_action`` passes one). A world is a complete state
in which every card the seat cannot see was dealt again at random from the cards it cannot see,
sorted first, so a world depends on what the seat knows and on the bot's generator, never on
where the hidden cards really are (``worlds`` explains it; ``tests/test_bots.py`` checks it).
The bot itself receives nothing else from the state. Without a sampler, or for a game without
a declared ``reward``, the search levels play as ``random`` (and ``strong`` uses the solver if any).

Mate's ``strong`` rebuilds the position from the view, which is exact only for a game of complete
information (the opponent's hand is every card neither held nor played, rules section 9). A game
of hidden information must not declare ``from_view``.
"""

from __future__ import annotations

import importlib
import random
import time

from .. import available_games, get_game
from ..core import BotHooks

LEVELS = ("random", "easy", "normal", "strong", "heuristic")
# ``heuristic`` is the game's rule-based player (``BotHooks.heuristic``; a game without one plays its
# rollout policy): better than random, weaker than normal (tests/bench/results/2026-11-24-arena.md),
# about as strong as easy (better in 3 games, worse in 3, unclear in 4:
# tests/bench/results/2026-11-26-heuristic-vs-easy.md), instant, and a fair opponent for a beginner.
# ``bot_levels`` lists it first, before easy, wherever a game declares one; the app offers what that
# function lists.
SEARCH_LEVELS = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"

# ISMCTS budgets: (iterations, seconds). The iteration count decides in CPython (a normal
# decision stays within ~250 ms there, measured by tests/bench/bench_bots.py); the time limit is a
# safety net for slower or busy devices (Pyodide is about 1.9x slower), set just under the
# browser targets of issue #18 (normal p95 <= 400 ms, strong p95 <= 1.2 s) so that they hold
# there too, the view, the sampler's set-up and the iteration in flight included (the browser run of
# 2026-11-24 under load overshot the limit by 50-100 ms). ``normal`` searches the game's declared
# ``BotHooks.normal_iterations``, ``strong`` three times as long; ``easy`` a few dozen iterations
# with random rollouts.
BUDGETS = {
    "easy": (30, 0.25),
    "normal": (None, 0.34),
    "strong": (None, 1.08),
}
STRONG_FACTOR = 3


def player_hooks(slug):
    """The game's computer players' ``BotHooks`` (None: it has none); ValueError for an unknown
    slug.

    A game declares *that* it has computer players (``GameInfo.computer_players``); their hooks
    are ``HOOKS`` of ``tabletop.players.<slug>``, imported by name here the first time a computer
    moves (or its levels are asked for): the rules module never imports its players, and the
    browser loads a game's players only when they are needed.
    """
    game = get_game(slug)
    if not game.computer_players:
        return None
    hooks = importlib.import_module(f"tabletop.players.{slug}").HOOKS
    if not isinstance(hooks, BotHooks):
        raise TypeError(f"tabletop.players.{slug}.HOOKS must be a BotHooks, not {hooks!r}")
    if hooks.from_view is not None and game.queries.hint is None:
        raise ValueError(
            f"{slug}: from_view plays the strong level through queries.hint, which is missing"
        )
    return hooks


def games_with_players():
    """Every available game that declares computer players, in the order of ``tabletop.SLUGS``."""
    return [slug for slug in available_games() if player_hooks(slug) is not None]


def budget(slug, level):
    """(iterations, seconds) of a search level for a game."""
    iterations, seconds = BUDGETS[level]
    hooks = player_hooks(slug)
    normal = hooks.normal_iterations if hooks is not None else BotHooks.normal_iterations
    if level == "normal":
        iterations = normal
    elif level == "strong":
        iterations = STRONG_FACTOR * normal
    return iterations, seconds


def choose_action(slug, view, level="random", seed=0, sampler=None, time_limit=True):
    """One of ``view["legal_actions"]`` for the view's seat.

    ``sampler`` (optional): ``worlds.Sampler(state, seat)``, needed by the search levels.
    ``time_limit=False`` plays the search by its iteration budget alone (reproducible, for the
    arena and tests); a number multiplies the level's time limit (a bench imitating a slower
    device: on a phone four times slower running Pyodide, the limit buys what 1/7.6 of it buys in
    CPython here).
    """
    scale = float(time_limit) if time_limit else None
    if scale is not None and not scale > 0:
        raise ValueError(f"time_limit must be True, False or a positive factor, not {time_limit!r}")
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    legal = view.get("legal_actions") or []
    if not legal:
        raise ValueError(f"{slug}: the bot has no legal action in this view")
    if level == "random" or len(legal) == 1:
        return random.Random(seed).choice(legal) if level == "random" else legal[0]
    game = get_game(slug)
    hooks = player_hooks(slug)
    if hooks is None:
        return random.Random(seed).choice(legal)
    if level == "heuristic":
        player = hooks.heuristic or hooks.rollout
        if player is None or sampler is None:
            return random.Random(seed).choice(legal)
        # The player reads the state; it gets a world sampled from what the seat may see (its own
        # hand and everything public are exactly as in the view), never the real state.
        rng = random.Random(seed)
        world = sampler(rng)
        action = player(world, sampler.seat, rng)
        if action not in legal:
            raise ValueError(
                f"{slug}: the heuristic player chose {action!r}, which is not legal here"
            )
        return action
    if level == "strong":
        if hooks.reading is not None and sampler is not None:
            from .worlds import ReadingSampler

            sampler = ReadingSampler(sampler, hooks.reading)
        best = _strong_actions(game, hooks, view)
        if best:
            return best[0]
        if hooks.endgame is not None:
            seconds = budget(slug, level)[1]
            deadline = time.perf_counter() + seconds * scale if scale else None
            action = hooks.endgame(view, sampler, random.Random(seed), deadline=deadline)
            if action is not None:
                if action not in legal:
                    raise ValueError(
                        f"{slug}: the endgame solver chose {action!r}, which is not legal here"
                    )
                return action
    if sampler is not None and hooks.search:
        from .ismcts import search

        iterations, seconds = budget(slug, level)
        return search(
            hooks,
            view,
            sampler,
            iterations=iterations,
            seconds=seconds * scale if scale else None,
            seed=seed,
            use_policy=level != "easy",
        )
    return random.Random(seed).choice(legal)


def _strong_actions(game, hooks, view):
    """The game's best actions for the view's seat, or [] when it has no solver for views."""
    if hooks.from_view is None:
        return []
    try:
        actions = game.queries.hint(hooks.from_view(view), view["seat"])
    except Exception:  # search budget or an unusual view: play as random rather than not at all
        return []
    legal = view.get("legal_actions") or []
    return [a for a in actions if a in legal]


def bot_levels(slug):
    """The levels worth offering for a game, in the order a setup screen lists them (weakest first,
    as measured: tests/bench/results/2026-11-26-heuristic-vs-easy.md).

    A game with a search reward offers easy, normal and strong (strong only where the arena has
    shown it stronger than normal: ``BotHooks.strong_offered``), preceded by heuristic when it
    declares a rule-based player (every game with a search does now); a game with only a view
    solver (none now) random and strong; any other game random alone.
    """
    hooks = player_hooks(slug)
    if hooks is not None and hooks.search:
        search = [x for x in SEARCH_LEVELS if x != "strong" or hooks.strong_offered]
        return (["heuristic"] if hooks.heuristic is not None else []) + search
    if hooks is not None and hooks.from_view is not None:
        return ["random", "strong"]
    return ["random"]


def default_level(slug):
    """The level a new game starts with: ``normal`` where it is offered, else the first one."""
    levels = bot_levels(slug)
    return DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[0]
