"""The engine contract shared by every game (see DESIGN.md, "The engine contract").

A game is one module of ``tabletop.games`` that defines ``GAME = GameInfo(...)`` and a state
class. This module holds only what every game needs in the same form:

- ``IllegalAction``: the one error a bad move raises; the state is unchanged when it is raised.
- ``Option`` / ``GameInfo.check_options``: options declared once with their defaults; unknown
  keys and bad values are refused with ``ValueError`` before any state exists.
- ``BotHooks``: what a game's computer players give the bots, declared as ``HOOKS`` of
  ``tabletop.players.<slug>`` (the game's ``GameInfo`` only says ``computer_players=True``).
- ``Queries``: the app's queries a game answers, declared on its ``GameInfo`` (``queries=``).
  Both are checked when the declaration is made.
- ``Standing`` / ``GameState.outcome``: every seat's result on one scale, from the ranking each
  game declares.
- ``GameState``: plain-JSON state (``self.d``) plus a seeded ``random.Random`` held in the state,
  with the phase dispatch (``legal_<phase>`` / ``apply_<phase>``), ``to_json``/``from_json``,
  ``clone`` and ``snapshot`` written once.

The rules themselves live in the game modules, never here.
"""

from __future__ import annotations

import marshal
import random
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from .reader import Ctx, check, check_json_value, conserve

_CODE = re.compile(r"^[a-z][a-z0-9_]*$")


class IllegalAction(Exception):
    """A move that is malformed, out of turn or against the rules. The state is unchanged.

    ``IllegalAction(code, message, **params)``: ``code`` is a stable snake_case name of the reason
    (the browser words it in the player's language from its string tables, with ``params``, which
    are JSON-safe: card codes, seats, numbers); ``message`` is the English sentence for the CLI
    and logs (``str(err)``). A single argument that is not a code is taken as the message of the
    generic code ``refused`` (kept for callers that have no reason to name).
    """

    def __init__(self, code, message=None, /, **params):
        if message is None and not _CODE.match(str(code)):
            code, message = "refused", str(code)
        self.code = code
        self.params = params
        self.message = message if message is not None else code.replace("_", " ")
        super().__init__(self.message)

    def as_dict(self):
        """The refusal as the browser gets it: English for logs, the code and its params to word."""
        return {"error": self.message, "code": self.code, "params": self.params}


def plain_copy(value):
    """Deep copy of plain JSON data (dict/list/str/int/float/bool/None); faster than deepcopy.

    marshal round-trips exactly these types in C, about twice as fast as walking them in Python.
    """
    try:
        # Format 2 records no shared references: faster, and every list in the copy is its own.
        return marshal.loads(marshal.dumps(value, 2))
    except ValueError:  # something marshal does not take: walk it
        return _walk_copy(value)


def _walk_copy(value):
    if isinstance(value, dict):
        return {k: _walk_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_walk_copy(v) for v in value]
    return value


@dataclass(frozen=True)
class Option:
    """One declared option: its key, default and what values it accepts."""

    key: str
    default: Any
    kind: str  # "int", "bool" or "choice"
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple = ()
    # When the default depends on the player count: players -> default (``default`` is the usual one).
    default_for: Callable | None = None

    def default_at(self, players):
        return (
            self.default_for(players)
            if self.default_for is not None
            and isinstance(players, int)
            and not isinstance(players, bool)
            else self.default
        )

    def check(self, value):
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ValueError(f"option {self.key!r} must be true or false, not {value!r}")
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {self.key!r} must be a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise ValueError(
                    f"option {self.key!r} must be at least {self.minimum}, not {value}"
                )
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"option {self.key!r} must be at most {self.maximum}, not {value}")
            return value
        if self.kind == "choice":
            # Compare types too: 0 == False in Python, but 0 is not the option value False.
            if not any(value == c and type(value) is type(c) for c in self.choices):
                allowed = ", ".join(repr(c) for c in self.choices)
                raise ValueError(f"option {self.key!r} must be one of {allowed}, not {value!r}")
            return value
        raise AssertionError(f"unknown option kind {self.kind!r}")

    def describe(self):
        out = {"key": self.key, "default": self.default, "kind": self.kind, "help": self.help}
        if self.kind == "int":
            out["min"], out["max"] = self.minimum, self.maximum
        if self.kind == "choice":
            out["choices"] = list(self.choices)
        return out


def _is_count(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _check_callables(owner, fields):
    for name, value in fields.items():
        if value is not None and not callable(value):
            raise TypeError(f"{owner}.{name} must be a function, not {value!r}")


@dataclass(frozen=True)
class BotHooks:
    """What a game's computer players give the bots (``tabletop.bots``), declared as ``HOOKS`` of
    the game's player module ``tabletop.players.<slug>``.

    ``reward(state, seat) -> float in [0, 1]`` scores a finished (or cut) deal for a seat; a game
    declaring it offers the search levels easy / normal / strong. The rest is optional:
    ``rollout(state, seat, rng) -> action`` the cheap policy of the simulations (uniformly random
    without it); ``deal_id(state)`` changes when a new deal starts (rollouts stop there; without it
    they run to the end of the game); ``candidates(state, seat)`` the legal actions worth searching;
    ``resample(state, seat, rng) -> world`` the game's own sampler (``worlds.redeal`` without it);
    ``consistent(world, seat) -> bool`` refuses worlds that contradict what the seat saw;
    ``max_rollout`` the longest rollout in actions; ``normal_iterations`` the ``normal`` level's
    iteration budget (``strong`` searches three times as long).
    ``from_view(view) -> state`` rebuilds the position from a view, exact only for a game of
    complete information; with ``Queries.hint`` it is the ``strong`` level (Mate's solver).
    ``heuristic(state, seat, rng) -> action`` the game's rule-based player (the ``heuristic`` level),
    written from the rules and common strategy: it is given a world sampled from the seat's view
    (never the real state) and reads only what the seat may see in it (its own hand, the public
    table), so it decides the same in every world of one view.
    ``endgame(view, sampler, rng, deadline=None) -> action | None`` the ``strong`` level's exact
    play where the game has one for the position (the last tricks of Más-Menos, Tuppi and
    Slobberhannes); None leaves the decision to the search. It reads the view and worlds from
    ``sampler`` only (may be None). ``deadline`` (a ``time.perf_counter()`` value, or None: no
    limit) is the strong level's time limit: a solver averaging over worlds solves fewer of them
    rather than pass it (``worlds.timed``).
    ``reading(world, seat, rng) -> world`` the ``strong`` level's reading of the other seats' play:
    it reshapes each world drawn from the seat's view (its hidden cards only) by what the seat has
    seen of how the others played, from public facts alone (Stop the Bus: the others have been
    keeping their best three cards for as many turns as they have drawn; 42: each seat's hand as
    dealt fits its bid or pass).
    ``strong_offered`` False: the arena has not shown ``strong`` stronger than ``normal`` in this
    game, so the setup screens do not offer it (a level that is not stronger is not a level);
    ``choose_action`` still plays it (the arena, a save or link made before).
    """

    reward: Callable | None = None
    rollout: Callable | None = None
    deal_id: Callable | None = None
    candidates: Callable | None = None
    resample: Callable | None = None
    consistent: Callable | None = None
    from_view: Callable | None = None
    heuristic: Callable | None = None
    endgame: Callable | None = None
    reading: Callable | None = None
    max_rollout: int = 400
    normal_iterations: int = 400
    strong_offered: bool = True

    def __post_init__(self):
        _check_callables(
            "BotHooks",
            {
                "reward": self.reward,
                "rollout": self.rollout,
                "deal_id": self.deal_id,
                "candidates": self.candidates,
                "resample": self.resample,
                "consistent": self.consistent,
                "from_view": self.from_view,
                "heuristic": self.heuristic,
                "endgame": self.endgame,
                "reading": self.reading,
            },
        )
        for name in ("max_rollout", "normal_iterations"):
            if not _is_count(getattr(self, name)):
                raise ValueError(
                    f"BotHooks.{name} must be a whole number >= 1, not {getattr(self, name)!r}"
                )
        if self.reward is None:
            search_only = [
                name
                for name in ("rollout", "deal_id", "candidates", "resample", "consistent")
                if getattr(self, name) is not None
            ]
            if search_only:
                raise ValueError(
                    f"BotHooks: {', '.join(search_only)} serve the search, which needs reward"
                )
        if self.reward is None and self.from_view is None and self.heuristic is None:
            raise ValueError(
                "BotHooks: declare reward (the search levels), from_view (a view solver) "
                "or heuristic (a rule-based player)"
            )

    @property
    def search(self):
        """True when the game offers the search levels."""
        return self.reward is not None


@dataclass(frozen=True)
class Queries:
    """What a game answers beyond the contract (``tabletop.session``), declared on its ``GameInfo``.

    ``hint(state, seat) -> [actions]`` the best actions now (an exact solver), or the fair sampled
    hint: ``evaluate(state, seat, samples=n) -> [{"action", "wins", "undecided", "progress"}]``
    over ``hint_samples`` orders of the unseen cards (one or the other, not both).
    ``solve(state, node_limit=n) -> {"winnable", "line", "nodes"}`` with ``truth_node_limit``: the
    truth about the deal after a one-player game. ``deal_analysis(state)`` perfect-play analysis
    of the last finished deal (None before one ends), with ``finished_deals(state)`` (a cheap
    count, to find an earlier deal by replaying).
    """

    hint: Callable | None = None
    evaluate: Callable | None = None
    hint_samples: int | None = None
    solve: Callable | None = None
    truth_node_limit: int | None = None
    deal_analysis: Callable | None = None
    finished_deals: Callable | None = None

    def __post_init__(self):
        _check_callables(
            "Queries",
            {
                "hint": self.hint,
                "evaluate": self.evaluate,
                "solve": self.solve,
                "deal_analysis": self.deal_analysis,
                "finished_deals": self.finished_deals,
            },
        )
        for name in ("hint_samples", "truth_node_limit"):
            value = getattr(self, name)
            if value is not None and not _is_count(value):
                raise ValueError(f"Queries.{name} must be a whole number >= 1, not {value!r}")
        for a, b in (("hint_samples", "evaluate"), ("truth_node_limit", "solve")):
            if (getattr(self, a) is None) != (getattr(self, b) is None):
                missing = a if getattr(self, a) is None else b
                raise ValueError(f"Queries: {a} and {b} go together ({missing} is missing)")
        if self.finished_deals is not None and self.deal_analysis is None:
            raise ValueError("Queries: finished_deals serves deal_analysis, which is missing")
        if self.hint is not None and self.hint_samples is not None:
            raise ValueError(
                "Queries: a hint is exact (hint) or sampled (hint_samples, evaluate), not both"
            )

    @property
    def has_hint(self):
        return self.hint is not None or self.hint_samples is not None


@dataclass(frozen=True)
class Standing:
    """How a finished game ranks its seats: what each state's ``standing()`` declares and
    ``GameState.outcome()`` turns into values and places (see there).

    ``keys``: one ranking key per seat, or per side when ``sides`` is given; a higher key is a
    better place and equal keys tie (tuples compare as usual). ``sides``: the partnerships, one
    tuple of seats per side, each seat in exactly one. ``won``: a one-player game's result (then
    no keys). ``scores``: each seat's final points in the game's own scale, or None.
    """

    keys: tuple | list | None = None
    scores: tuple | list | None = None
    sides: tuple | None = None
    won: bool | None = None

    def outcome(self, players):
        scores = list(self.scores) if self.scores is not None else [None] * players
        if len(scores) != players:
            raise ValueError(f"standing: {len(scores)} scores for {players} seats")
        if self.won is not None:
            if players != 1 or self.keys is not None:
                raise ValueError("standing: won= is for one-player games, without keys")
            return {
                "value": [1.0 if self.won else 0.0],
                "place": [1 if self.won else 2],
                "score": scores,
            }
        units = (
            [tuple(side) for side in self.sides]
            if self.sides is not None
            else [(s,) for s in range(players)]
        )
        if sorted(s for unit in units for s in unit) != list(range(players)) or len(
            self.keys
        ) != len(units):
            raise ValueError(
                f"standing: {len(self.keys)} keys for sides {units} of {players} seats"
            )
        places, values = rank_places(self.keys)
        value, place = [0.0] * players, [0] * players
        for unit, p, v in zip(units, places, values):
            for seat in unit:
                value[seat], place[seat] = v, p
        return {"value": value, "place": place, "score": scores}


def rank_places(keys):
    """(places, values) for ranking keys, higher key = better: a tie shares the best place of the
    tie (1, 1, 3) and the mean of the values its positions would have had, the values running
    linearly from 1.0 (first) to 0.0 (last)."""
    n = len(keys)
    order = sorted(range(n), key=lambda i: keys[i], reverse=True)
    places, values = [0] * n, [0.0] * n
    start = 0
    while start < n:
        end = start
        while end + 1 < n and keys[order[end + 1]] == keys[order[start]]:
            end += 1
        share = (
            sum((n - 1 - k) / (n - 1) for k in range(start, end + 1)) / (end - start + 1)
            if n > 1
            else 1.0
        )
        for k in range(start, end + 1):
            places[order[k]], values[order[k]] = start + 1, share
        start = end + 1
    return places, values


SCORE_KINDS = {"points", "penalty", "lives"}  # GameInfo.score: what a final score counts


@dataclass
class GameInfo:
    """What a game declares once: its slug, player counts, options and state class."""

    slug: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple = ()
    state_class: type | None = None
    # Upper bound on actions in one game, for the conformance harness's "ends within a bound".
    max_actions: int = 10_000
    # Option sets the conformance harness plays besides the defaults (every variant worth a playout).
    variants: tuple = ()
    # Checks that depend on several options or the player count; raises ValueError.
    check_combination: Callable | None = None
    extra: dict = field(default_factory=dict)
    # True: the game's computer players (their ``BotHooks``, ``HOOKS``) live in
    # ``tabletop.players.<slug>``, imported by ``tabletop.bots.player_hooks`` when a computer first
    # moves; the rules module itself knows nothing of them (False: the bots play at random).
    computer_players: bool = False
    # The queries beyond the contract (hints, a solver's truth, a deal's analysis).
    queries: Queries = field(default_factory=Queries)
    # Partnerships, one tuple of seats per side (the arena seats a configuration as a side).
    teams: tuple = ()
    # The options of the daily deal (the same game for everyone on a date, at the default player
    # count): the shortest whole game the rules allow (one deal), so that a reader finishes it
    # and the computer replays it in seconds for the duplicate comparison.
    daily: dict = field(default_factory=dict)
    # What a seat's final score counts, as the page words and ranks it (records, result lines):
    # "points" (more is better), "penalty" (fewer is better) or "lives" (lives left, more is
    # better). ``score_by_option``: (option key, {choice: kind}) when an option changes it.
    score: str = "points"
    score_by_option: tuple = ()

    def __post_init__(self):
        """Refuse a declaration that would silently switch a feature off (a misspelt keyword is
        already a TypeError)."""
        if not isinstance(self.computer_players, bool):
            raise TypeError(f"{self.slug}: computer_players must be True or False")
        if not isinstance(self.queries, Queries):
            raise TypeError(f"{self.slug}: queries must be a Queries, not {self.queries!r}")
        if self.check_combination is not None and not callable(self.check_combination):
            raise TypeError(f"{self.slug}: check_combination must be a function")
        if self.options or self.daily:
            self.check_options(self.daily, self.default_players)  # ValueError for a bad daily deal
        by_choice = dict(self.score_by_option[1]) if self.score_by_option else {}
        kinds = {self.score, *by_choice.values()}
        if not kinds <= SCORE_KINDS:
            raise ValueError(
                f"{self.slug}: score kinds {sorted(kinds - SCORE_KINDS)} are not "
                f"among {sorted(SCORE_KINDS)}"
            )
        if self.score_by_option:
            key = self.score_by_option[0]
            option = next((o for o in self.options if o.key == key), None)
            if option is None or not set(by_choice) <= set(option.choices):
                raise ValueError(f"{self.slug}: score_by_option names no choices of option {key!r}")
        if self.teams:
            seats = sorted(s for team in self.teams for s in team)
            if self.min_players != self.max_players or seats != list(range(self.min_players)):
                raise ValueError(
                    f"{self.slug}: teams {self.teams} must split the {self.min_players} seats"
                )

    def check_players(self, players):
        if players is None:
            return self.default_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(
                f"{self.slug}: the number of players must be a whole number, not {players!r}"
            )
        if not self.min_players <= players <= self.max_players:
            span = (
                f"exactly {self.min_players}"
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise ValueError(f"{self.slug}: {players} players is not allowed ({span})")
        return players

    def check_options(self, options, players=None):
        """Return the complete option dict (defaults filled in); refuse unknown keys and bad values."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ValueError(f"{self.slug}: options must be an object, not {options!r}")
        declared = {o.key: o for o in self.options}
        unknown = sorted(set(options) - set(declared))
        if unknown:
            known = ", ".join(declared) or "none"
            raise ValueError(
                f"{self.slug}: unknown option {', '.join(map(repr, unknown))} (known: {known})"
            )
        out = {
            key: opt.check(options[key]) if key in options else opt.default_at(players)
            for key, opt in declared.items()
        }
        if self.check_combination is not None:
            self.check_combination(out, players)
        return out

    def new_state(self, players=None, options=None, seed=None, setup=None):
        players = self.check_players(players)
        options = self.check_options(options, players)
        if seed is None:
            seed = 0
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"{self.slug}: seed must be a whole number, not {seed!r}")
        if not 0 <= seed <= MAX_SEED:
            # A negative seed would deal the same game as its positive twin (random.seed(abs(n))).
            raise ValueError(f"{self.slug}: seed must be from 0 to {MAX_SEED}, not {seed}")
        if setup is not None:
            if not isinstance(setup, dict):
                raise ValueError(
                    f"{self.slug}: setup must be an object, not {type(setup).__name__}"
                )
            check_json_value(setup, f"{self.slug}: the setup")
        state = self.state_class.__new__(self.state_class)
        state.rng = random.Random(seed)
        state.d = {"game": self.slug, "players": players, "options": options, "seed": seed}
        try:
            state.setup(setup)
        except (ValueError, IllegalAction):
            raise
        except (TypeError, KeyError, IndexError, AttributeError) as err:
            # The game's setup reader missed a malformed value: still a refusal with a reason,
            # never another exception type (tests/test_robustness.py fuzzes setups to find these).
            raise ValueError(
                f"{self.slug}: malformed setup ({type(err).__name__}: {err})"
            ) from None
        return state

    def from_json(self, data):
        """Rebuild a state from ``to_json()`` output exactly (random generator included).

        Nothing in it is trusted: the players, options, seed and generator are checked here, the
        rest by the state's ``check_state`` (its declared ``STATE`` spec, the cards in it, its
        invariants, and a probe of the contract's reads); anything malformed or impossible is
        refused with ValueError and the reason."""
        if not isinstance(data, dict) or data.get("game") != self.slug or "rng" not in data:
            raise ValueError(f"{self.slug}: not a saved {self.slug} state")
        check_json_value(data, f"{self.slug}: the saved state")
        players = data.get("players")
        if players is None:
            raise ValueError(f"{self.slug}: the saved state has no player count")
        self.check_players(players)
        options = data.get("options")
        given = (
            options
            if not isinstance(options, dict)
            else {
                k: v
                for k, v in options.items()  # a default value is taken as it is (it may be null)
                if not any(
                    o.key == k
                    and o.default_at(players) == v
                    and type(o.default_at(players)) is type(v)
                    for o in self.options
                )
            }
        )
        if not isinstance(options, dict) or self.check_options(given, players) != options:
            raise ValueError(
                f"{self.slug}: the saved state's options are not a complete set of this game's options"
            )
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"{self.slug}: the saved state's seed must be a whole number")
        state = self.state_class.__new__(self.state_class)
        state.rng = self.state_class.rng_from_json(self.slug, data["rng"])
        state.d = plain_copy(
            {k: v for k, v in data.items() if k != "rng"}
        )  # the generator is not copied twice
        state.check_state()
        return state

    def describe(self):
        """JSON-safe description for setup screens."""
        key, by_choice = self.score_by_option or (None, {})
        return {
            "slug": self.slug,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "default_players": self.default_players,
            "options": [o.describe() for o in self.options],
            "daily": dict(self.daily),
            # The shell's facts of the game (static/app/stats.js reads them from the catalog).
            "score": {"kind": self.score, "option": key, "by_choice": dict(by_choice)},
            "sides": len(self.teams) or None,
        }


MAX_ACTION_LENGTH = 400  # the longest legal action of any game is well under this


# Seeds are non-negative and fit the app's links (a 31-bit number, as the app draws them).
MAX_SEED = 2**63 - 1


def _rng_from_json(slug, saved):
    """A ``random.Random`` from ``to_json``'s ``[version, internal, gauss]``, checked."""
    try:
        version, internal, gauss = saved
        if (
            version != 3
            or not isinstance(internal, list)
            or len(internal) != 625
            or not all(type(x) is int and 0 <= x < 2**32 for x in internal)
            or not 0 <= internal[-1] <= 624
            or not (gauss is None or type(gauss) is float)
        ):
            raise ValueError("not a Mersenne Twister state")
        rng = random.Random(0)
        rng.setstate((version, tuple(internal), gauss))
        return rng
    except (TypeError, ValueError, OverflowError) as err:
        raise ValueError(f"{slug}: corrupt random generator state ({err})") from None


def split_action(action):
    """``"play AS"`` -> ``("play", ["AS"])``; refuses anything that is not a non-empty string."""
    if not isinstance(action, str):
        raise IllegalAction(
            "not_an_action", f"an action is a text such as 'play AS', not {type(action).__name__}"
        )
    if len(action) > MAX_ACTION_LENGTH:
        raise IllegalAction("not_an_action", f"an action of {len(action)} characters is not a move")
    parts = action.split()
    if not parts:
        raise IllegalAction("empty_action", "empty action")
    return parts[0], parts[1:]


class GameState:
    """Shared plumbing of a game state. Subclasses hold the rules.

    ``self.d`` is the complete state as plain JSON data, with at least ``phase``.
    Phase dispatch: ``legal_<phase>(seat) -> list[str]`` and ``apply_<phase>(seat, verb, args)``,
    and ``movers_<phase>() -> list[int]``. ``apply_<phase>`` validates everything before it changes
    anything, so a refused action leaves the state as it was.
    """

    d: dict
    rng: random.Random
    info: GameInfo  # set by each game module

    # -- building -------------------------------------------------------------------------
    def setup(self, setup):  # pragma: no cover - every game defines it
        raise NotImplementedError

    @property
    def players(self):
        return self.d["players"]

    @property
    def options(self):
        return self.d["options"]

    @property
    def phase(self):
        return self.d["phase"]

    # -- the contract -----------------------------------------------------------------------
    def is_over(self):
        return self.d["phase"] == "over"

    def to_move(self):
        if self.is_over():
            return []
        return getattr(self, "movers_" + self.d["phase"])()

    def legal_actions(self, seat):
        if self.is_over() or not self._is_seat(seat) or seat not in self.to_move():
            return []
        return getattr(self, "legal_" + self.d["phase"])(seat)

    def apply(self, seat, action):
        verb, args = split_action(action)
        if not self._is_seat(seat):
            raise IllegalAction(
                "no_such_seat",
                f"there is no seat {seat!r} at this table",
                number=seat if isinstance(seat, int) and not isinstance(seat, bool) else None,
            )
        if self.is_over():
            raise IllegalAction("game_over", "the game is over")
        if seat not in self.to_move():
            raise IllegalAction("not_your_turn", f"it is not seat {seat}'s turn", seat=seat)
        getattr(self, "apply_" + self.d["phase"])(seat, verb, args)

    def result(self):  # pragma: no cover - every game defines it
        raise NotImplementedError

    # The keys every view has, written here once; a game's ``observe`` adds the rest.
    ENVELOPE = (
        "game",
        "seat",
        "phase",
        "players",
        "options",
        "to_move",
        "legal_actions",
        "result",
        "outcome",
    )

    def view(self, seat):
        """What ``seat`` may see (``None``: a spectator), as JSON-safe data: the envelope every
        game shares (game, seat, phase, players, options, to_move, the seat's legal_actions and,
        once over, the result and the outcome) around the game's own ``observe(seat)``, which builds up only what
        that seat may see."""
        if seat is not None and not self._is_seat(seat):
            raise ValueError(f"there is no seat {seat!r} at this table")
        v = {
            "game": self.d["game"],
            "seat": seat,
            "phase": self.d["phase"],
            "players": self.d["players"],
            "options": dict(self.d["options"]),
            "to_move": self.to_move(),
            "legal_actions": self.legal_actions(seat) if seat is not None else [],
        }
        own = self.observe(seat)
        clash = own.keys() & set(self.ENVELOPE)
        if clash:  # a game never redefines the envelope
            raise AssertionError(
                f"{self.d['game']}: observe() sets envelope key(s) {sorted(clash)}"
            )
        v.update(own)
        if self.is_over():
            v["result"] = self.result()
            v["outcome"] = self.outcome()  # every seat's place and score on one scale (statistics)
        return v

    def observe(self, seat):  # pragma: no cover - every game defines it
        """The game's part of ``view(seat)``: everything else ``seat`` may see, nothing more."""
        raise NotImplementedError

    def snapshot(self):
        """Complete state for tests; games add derived fields by overriding."""
        return plain_copy(self.d)

    def clone(self):
        other = self.__class__.__new__(self.__class__)
        other.d = plain_copy(self.d)
        other.rng = self.copy_rng()
        return other

    def copy_rng(self):
        """An independent copy of the state's generator (a game with a generator of its own
        overrides this and ``rng_from_json``)."""
        other = random.Random(0)  # a fixed seed skips reading OS entropy; setstate replaces it
        other.setstate(self.rng.getstate())
        return other

    @classmethod
    def rng_from_json(cls, slug, saved):
        """The generator of a saved state (``to_json``'s ``"rng"``), checked: ValueError if corrupt."""
        return _rng_from_json(slug, saved)

    def to_json(self):
        out = plain_copy(self.d)
        version, internal, gauss = self.rng.getstate()
        out["rng"] = [version, list(internal), gauss]
        return out

    def outcome(self):
        """Each seat's result on one scale, None until the game is over::

            {"value": [float per seat, 1.0 first place .. 0.0 last, linear in place],
             "place": [int per seat, 1 = best; tied seats share the best place of the tie],
             "score": [the seat's final points in the game's own scale, or None]}

        Tied seats get the mean of the values their places would have had (two players drawing:
        0.5 each); partners get their side's place and value. A one-player game: value 1.0 and
        place 1 when won, 0.0 and place 2 (behind the game) when lost. Built from the game's
        ``standing()`` (a ``Standing``), never from the shape of ``result()``.
        """
        if not self.is_over():
            return None
        return self.standing().outcome(self.players)

    def standing(self):  # pragma: no cover - every game defines it
        """The finished game's ``Standing`` (ranking keys, or won, and scores)."""
        raise NotImplementedError

    # -- checking a state that came from outside ----------------------------------------------
    # A game declares its state once: ``STATE`` (a ``reader.Fields`` spec of every key of ``d``
    # beside game/players/options/seed/phase), ``CARDS`` (card code -> deck position) and
    # ``ALL_CARDS_KEPT`` (every card of the game is always somewhere in ``d``), and may check
    # what a spec cannot say in ``check_invariants`` (e.g. trick counts agree with the history).
    STATE = None
    CARDS = None
    ALL_CARDS_KEPT = False
    COMMON_KEYS = ("game", "players", "options", "seed", "phase")

    @classmethod
    def phases(cls):
        """The phases this game knows: one ``movers_<phase>`` each, and ``over``."""
        return {name[len("movers_") :] for name in dir(cls) if name.startswith("movers_")} | {
            "over"
        }

    def check_state(self):
        """ValueError unless ``self.d`` is a state this game can reach (see ``GameInfo.from_json``)."""
        d, slug = self.d, self.d["game"]
        if not isinstance(d.get("phase"), str) or d["phase"] not in self.phases():
            raise ValueError(f"{slug}: unknown phase {str(d.get('phase'))[:40]!r}")
        if self.STATE is not None:  # (every game declares it; tests/test_robustness.py checks)
            ctx = Ctx(slug, d["players"], self.CARDS or {})
            check({k: v for k, v in d.items() if k not in self.COMMON_KEYS}, self.STATE, ctx, "")
            conserve(ctx, complete=self.ALL_CARDS_KEPT)
        self.check_invariants()
        try:  # the contract's reads must work on it, for every seat
            movers = self.to_move()
            for seat in [None, *range(self.players)]:
                self.view(seat)
            if movers and not any(self.legal_actions(seat) for seat in movers):
                raise ValueError("no seat to move has a legal action")
        except ValueError as err:
            raise ValueError(f"{slug}: the saved state does not hold together ({err})") from None
        except Exception as err:  # noqa: BLE001 - any failure here means an impossible state
            raise ValueError(
                f"{slug}: the saved state does not hold together ({type(err).__name__}: {err})"
            ) from None

    def check_invariants(self):
        """What the ``STATE`` spec cannot say; ValueError with the reason. Games override it."""

    # -- helpers for games -------------------------------------------------------------------
    def _is_seat(self, seat):
        return (
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.d["players"]
        )

    def hidden_cards(self, seat):
        """Codes that ``seat`` may not see now (used by the conformance harness's leak check)."""
        raise NotImplementedError

    def all_cards(self):
        """Every card code of the game (for fuzzing and leak checks)."""
        raise NotImplementedError
