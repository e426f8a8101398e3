"""Mexican Train: dominoes for 2-8 players, one train each plus the public Mexican train.

Source: the Japanese blog article on the game (section 【メキシカントレイン】, with Wikipedia and pagat for gaps), as decided by the design's
rules file for this game, which settles what the article leaves open. In this repository:
its worked examples in tests/vectors/mexican_train.json, its rules for players in
static/rules/mexican_train.json.

Rules in brief
    A double-six (or double-nine / double-twelve) set; tile codes ``"a-b"`` with ``a <= b``.
    Round ``r`` puts the engine double ``E-E`` (``E = N - r``) in the middle and deals the rest
    (hand sizes by set and player count), the remainder being the face-down boneyard. Every seat
    owns a train (``"0"`` ... ``"n-1"``) and anybody may extend the Mexican train ``"m"``; all start
    at the engine number. A tile matches a train when one of its numbers equals the train's open
    end. A turn is one or two *steps*:
    ``play`` (own train, ``m``, every open train), ``forced`` (only the double-open train) or
    ``follow`` (after playing a double in a play step: only that train, to cover the double).
    In a step: holding a matching tile you must play one; otherwise draw one tile (once per
    step) and play it if it fits; otherwise pass. A pass opens your own train (marker) until you
    play on it again; a pass in a follow step also makes that train *double open* for the next
    seat's turn only (its single step is ``forced``). The round ends when a hand is empty, or at
    once when the boneyard is empty and no tile in any hand matches any open end (blocked: the
    strictly lowest hand wins). Scoring ``winner_takes`` (default): the round winner scores the
    pips left in the other hands, highest total wins; ``penalty``: everybody scores own pips,
    lowest total wins. Dealer rotates clockwise, the seat after the dealer leads.

Action notation
    ``play <tile> <train>`` (``play 3-6 m``, ``play 2-4 0``; ``6-3`` is accepted as ``3-6`` and the
    two arguments may come in any order), ``draw``, ``pass``. Canonical order of legal actions:
    tiles in set order (``0-0, 0-1, ... 0-N, 1-1, ...``), then trains ``0 .. n-1, m``.

Options
    ``set``: ``null`` (default: double-six for 2-5 players, double-nine for 6-8), ``6``, ``9`` or
    ``12``; ``scoring``: ``winner_takes`` | ``penalty``; ``rounds``: ``null`` (= full game, N+1)
    or 1..N+1; ``hand_size``: ``null`` (table of the rules file) or a whole number >= 1.

View (``view(seat)``)
    ``trains``: one entry per train, personal trains by seat then ``m``, each with ``id``,
    ``owner`` (seat, null for ``m``), ``open`` (the marker; always true for ``m``),
    ``double_open``, ``open_end`` and ``tiles``: the tiles in laying order from the engine
    outward, each spelt engine-side number first (``"6-5"`` is the tile ``5-6`` laid with its 6
    towards the engine), so a train draws as read and a double shows as ``"4-4"``.
    Also ``engine`` (number) and ``engine_tile``, ``dealer``, ``current``, ``phase`` (step kind
    or ``over``) and ``step`` (``kind``, the ``train`` the step is restricted to, whether the
    seat already ``drawn``), ``markers`` (seats whose train is open), ``double_open``,
    ``boneyard_count``, ``hand_counts``, ``hand`` (own only, sorted), ``recent`` (the actions of
    the last n turns of this round, one entry ``[seat, action, ...]`` per turn; all public, a draw
    shows only as ``draw``), ``scores``, ``round_scores``, ``round_winners``, ``last_round``
    (the latest finished round: ``round``, ``engine``, ``end`` = ``out``/``blocked``, ``winner``,
    ``hands`` = every hand's remaining tiles revealed as number pairs ``[a, b]`` -- pairs, not
    codes, because the same codes are back in play, hidden, in the next round -- ``pips``, and
    ``scores`` = ``[{"seat", "points", "reasons"}]`` per seat, the reasons as codes (see
    ``score_round``), ``to_move``, ``legal_actions``
    and, once over, ``result``. Per-round points of every round are in ``round_scores``.

Decisions beyond the rules file (see also the rules file's own section 10)
    1. Player counts 6-8 need a bigger set. The rules file's default ``set: 6`` would make the
       default options invalid for 6-8 players, so the option defaults to ``null`` = "double-six
       for 2-5 players, double-nine for 6-8"; an explicit ``set: 6`` with 6+ players is refused.
       Likewise ``rounds: null`` means the full game (N+1 rounds) for whichever set is used.
    2. Explicit setup: tiles may be spelt ``b-a`` (normalised); ``boneyard`` may be left out
       (empty); listing more rounds than the game has is refused; ``dealer`` must be a seat.
    3. ``hand_size`` must leave ``players * hand_size`` <= tiles of the set minus the engine
       (an empty boneyard is allowed).
    4. At the end of the game the boneyard stays face down; the final hands are revealed in
       ``last_round`` (as after every round) and each seat still sees its own ``hand``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from ..core import GameInfo, GameState, IllegalAction, Option, Standing
from ..reader import (
    Bool,
    Cards,
    Choice,
    Ctx,
    Either,
    Fields,
    Int,
    List,
    MapOf,
    Opt,
    PerSeat,
    Seat,
    Spec,
    Text,
    Tuple,
    check,
    conserve,
)

SETS = (6, 9, 12)
SET_NAMES = {6: "double-six", 9: "double-nine", 12: "double-twelve"}
HAND_SIZES = {
    6: {2: 7, 3: 6, 4: 5, 5: 4},
    9: {2: 10, 3: 10, 4: 10, 5: 8, 6: 8, 7: 6, 8: 6},
    12: {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10},
}
MAX_PLAYERS = {6: 5, 9: 8, 12: 8}


class _Set:
    """Tile tables of one set (double-N)."""

    def __init__(self, top):
        self.top = top
        self.tiles = [f"{a}-{b}" for a in range(top + 1) for b in range(a, top + 1)]
        self.order = {t: i for i, t in enumerate(self.tiles)}
        self.nums = {}
        self.parse = {}
        for t in self.tiles:
            a, b = (int(x) for x in t.split("-"))
            self.nums[t] = (a, b)
            self.parse[t] = t
            self.parse[f"{b}-{a}"] = t
        self.pips = {t: a + b for t, (a, b) in self.nums.items()}


_SETS = {top: _Set(top) for top in SETS}


# What an explicit setup and a saved state may hold (tabletop.reader): anything else is refused.
class Tiles(Spec):
    """A setup's list of tiles, each spelt either way round (``6-3`` is the tile ``3-6``): tiles of
    the set (``ctx.cards`` holds every spelling), each counted under its own code for ``conserve``."""

    def check(self, value, ctx, where):
        if not isinstance(value, list):
            raise ValueError(
                f'{ctx.slug}: {where}: must be a list of tiles such as "3-6", not {json.dumps(value)[:40]}'
            )
        if len(value) > len(ctx.cards):
            raise ValueError(
                f"{ctx.slug}: {where}: holds {len(value)} tiles, more than the set has"
            )
        for i, tile in enumerate(value):
            if not isinstance(tile, str) or tile not in ctx.cards:
                raise ValueError(
                    f"{ctx.slug}: {where}[{i}]: {json.dumps(tile)[:40]} is not a tile of this set"
                )
            low, high = sorted(int(x) for x in tile.split("-"))
            ctx.found.append((f"{low}-{high}", f"{where}[{i}]"))


def _spellings(ts):
    """Every way a setup may spell a tile of the set -> the tile's place in the set."""
    return {spelt: ts.order[tile] for spelt, tile in ts.parse.items()}


ROUND_SETUP = Fields({"hands": PerSeat(Tiles())}, optional={"boneyard": Tiles()})
SETUP = Fields({}, optional={"dealer": Seat(), "rounds": List(ROUND_SETUP, 0, 13)})
TRAIN_IDS = tuple(str(s) for s in range(8)) + ("m",)
MAX_PIPS = sum(
    _SETS[12].pips.values()
)  # every pip of the biggest set: no hand or round score is more
ACTION = Text(20)  # "play 12-12 m" at most; check_invariants reads them
CARDS = _SETS[
    12
].order  # every tile code of every set: a smaller set's tiles are among the double-twelve's
STATE = Fields(
    {
        "set": Choice(*SETS),
        "rounds": Int(1, 13),
        "hand_size": Int(1, 45),
        "first_dealer": Seat(),
        "deals": List(
            Fields({"hands": PerSeat(Cards(counted=False)), "boneyard": Cards(counted=False)}),
            0,
            13,
        ),
        "round": Int(0, 12),
        "scores": PerSeat(Int(0, 13 * MAX_PIPS)),
        "round_scores": List(PerSeat(Int(0, MAX_PIPS)), 0, 13),
        "round_winners": List(Opt(Seat()), 0, 13),
        "last_round": Opt(
            Fields(
                {
                    "round": Int(0, 12),
                    "engine": Int(0, 12),
                    "end": Choice("out", "blocked"),
                    "out": Opt(Seat()),
                    "hands": PerSeat(Cards(counted=False, ordered=True)),
                    "pips": PerSeat(Int(0, MAX_PIPS)),
                }
            )
        ),
        "engine": Int(0, 12),
        "dealer": Seat(),
        "current": Opt(Seat()),
        "hands": PerSeat(Cards(ordered=True)),
        "boneyard": Cards(),
        "trains": MapOf(TRAIN_IDS, Cards()),
        "ends": MapOf(TRAIN_IDS, Int(0, 12)),
        "open": PerSeat(Bool()),
        "double_open": Opt(Choice(*TRAIN_IDS)),
        "follow": Opt(Choice(*TRAIN_IDS)),
        "drawn": Bool(),
        # One entry per turn, [seat, action, ...]: a turn is at most draw, a double, draw, a tile.
        "recent": List(Either(*(Tuple(Seat(), *[ACTION] * k) for k in range(1, 5))), 0, 8),
    }
)
ACTION_FORM = re.compile(r"^(draw|pass|play (\d+-\d+) (\d|m))$")


def _set_for(options, players):
    top = options.get("set")
    if top is None:
        return 9 if players is not None and players > MAX_PLAYERS[6] else 6
    return top


@dataclass(frozen=True)
class _NullableInt(Option):
    """A whole-number option that may also be ``null`` (meaning: the rules file's default)."""

    def check(self, value):
        if value is None:
            return None
        return super().check(value)

    def describe(self):
        out = super().describe()
        out["nullable"] = True
        return out


@dataclass(frozen=True)
class _SetOption(Option):
    """The ``set`` choice: a whole number (6.0 or True would pass a plain ``in`` test)."""

    def check(self, value):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise ValueError(f"option {self.key!r} must be null, 6, 9 or 12, not {value!r}")
        return super().check(value)


def _check_combination(options, players):
    top = _set_for(options, players)
    if players is not None and players > MAX_PLAYERS[top]:
        raise ValueError(
            f"mexican_train: the {SET_NAMES[top]} set is for 2 to {MAX_PLAYERS[top]} players, "
            f"not {players}; choose set 9 or 12"
        )
    rounds = options.get("rounds")
    if rounds is not None and rounds > top + 1:
        raise ValueError(
            f"mexican_train: the {SET_NAMES[top]} set has at most {top + 1} rounds, not {rounds}"
        )
    hand = options.get("hand_size")
    if hand is not None and players is not None:
        available = len(_SETS[top].tiles) - 1
        if players * hand > available:
            raise ValueError(
                f"mexican_train: {players} hands of {hand} need {players * hand} tiles, "
                f"but the {SET_NAMES[top]} set has only {available} besides the engine"
            )


def _reason(code, **params):
    """A reason as views carry it: a code the page words in the player's language, with params."""
    return {"code": code, "params": params}


def score_round(end, out, pips, scoring):
    """(winner, points per seat, reasons per seat) of a finished round.

    ``end`` is ``"out"`` (seat ``out`` emptied its hand) or ``"blocked"``; ``pips`` are the pips
    left in each hand. Reasons are codes with params (the page words them): ``went_out``,
    ``pips_left`` (n), ``blocked``, ``blocked_lowest`` (n: own pips; the round winner),
    ``blocked_tie`` (seats, n: the lowest pips; nobody wins the round), ``others_pips``
    (seat_pips: [[seat, pips], ...], n: their sum), ``seat_went_out`` (seat), ``blocked_by`` (seat).
    """
    n = len(pips)
    lowest = []
    if end == "out":
        winner = out
    else:
        low = min(pips)
        lowest = [s for s in range(n) if pips[s] == low]
        winner = lowest[0] if len(lowest) == 1 else None
    tie = _reason("blocked_tie", seats=lowest, n=min(pips)) if winner is None else None
    points = [0] * n
    reasons = [[] for _ in range(n)]
    for s in range(n):
        if scoring == "penalty":
            points[s] = pips[s]
            if end == "blocked":
                reasons[s].append(
                    _reason("blocked_lowest", n=pips[s])
                    if s == winner
                    else tie
                    if winner is None and s in lowest
                    else _reason("blocked")
                )
            reasons[s].append(
                _reason("went_out")
                if end == "out" and s == winner
                else _reason("pips_left", n=pips[s])
            )
        elif s == winner:
            others = [[o, pips[o]] for o in range(n) if o != s]
            points[s] = sum(p for _, p in others)
            reasons[s].append(
                _reason("went_out") if end == "out" else _reason("blocked_lowest", n=pips[s])
            )
            reasons[s].append(_reason("others_pips", seat_pips=others, n=points[s]))
        elif winner is not None:
            reasons[s].append(
                _reason("seat_went_out", seat=winner)
                if end == "out"
                else _reason("blocked_by", seat=winner)
            )
        else:
            reasons[s].append(tie)
    return winner, points, reasons


class MexicanTrainState(GameState):
    # Tiles of the table's set only, checked in check_invariants: CARDS is every set's codes, and
    # the engine tile (and tiles an explicit round leaves out) are not kept anywhere.
    STATE, CARDS = STATE, CARDS

    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        d = self.d
        n = d["players"]
        opts = d["options"]
        top = _set_for(opts, n)
        ts = _SETS[top]
        rounds = opts["rounds"] if opts["rounds"] is not None else top + 1
        hand_size = opts["hand_size"] if opts["hand_size"] is not None else HAND_SIZES[top][n]
        dealer = 0
        deals = []
        if setup is not None:
            check(setup, SETUP, Ctx("mexican_train", n, _spellings(ts)), "setup")
            dealer = setup.get("dealer", 0)
            given = setup.get("rounds", [])
            if len(given) > rounds:
                raise ValueError(
                    f"mexican_train: setup lists {len(given)} rounds but the game has {rounds}"
                )
            for r, entry in enumerate(given):
                deals.append(self._check_deal(entry, r, top - r, ts, n))
        d.update(
            {
                "phase": "play",
                "set": top,
                "rounds": rounds,
                "hand_size": hand_size,
                "first_dealer": dealer,
                "deals": deals,
                "round": -1,
                "scores": [0] * n,
                "round_scores": [],
                "round_winners": [],
                "last_round": None,
            }
        )
        self._start_round()

    @staticmethod
    def _check_deal(entry, r, engine, ts, n):
        """One explicit round: tiles of the set (either spelling), each at most once, never that
        round's engine; returned with every tile spelt as the set spells it."""
        where = f"setup.rounds[{r}]"
        ctx = Ctx("mexican_train", n, _spellings(ts))
        check(entry, ROUND_SETUP, ctx, where)
        conserve(ctx)
        engine_tile = f"{engine}-{engine}"
        if any(tile == engine_tile for tile, _ in ctx.found):
            raise ValueError(
                f"mexican_train: {where}: {engine_tile} is the engine of that round and cannot be dealt"
            )
        return {
            "hands": [[ts.parse[t] for t in hand] for hand in entry["hands"]],
            "boneyard": [ts.parse[t] for t in entry.get("boneyard", [])],
        }

    def tile_set(self):
        """The tile set in play (its tiles, pips and numbers; the computer players read it too)."""
        return _SETS[self.d["set"]]

    def _start_round(self):
        d = self.d
        n = d["players"]
        ts = self.tile_set()
        d["round"] += 1
        r = d["round"]
        engine = d["set"] - r
        dealer = (d["first_dealer"] + r) % n
        if r < len(d["deals"]):
            hands = [list(h) for h in d["deals"][r]["hands"]]
            boneyard = list(d["deals"][r]["boneyard"])
        else:
            engine_tile = f"{engine}-{engine}"
            tiles = [t for t in ts.tiles if t != engine_tile]
            self.rng.shuffle(tiles)
            hands = [[] for _ in range(n)]
            count = d["hand_size"] * n
            for i in range(count):
                hands[(dealer + 1 + i) % n].append(tiles[i])
            boneyard = tiles[count:]
        order = ts.order
        trains = {str(s): [] for s in range(n)}
        trains["m"] = []
        d.update(
            {
                "phase": "play",
                "engine": engine,
                "dealer": dealer,
                "current": (dealer + 1) % n,
                "hands": [sorted(h, key=order.__getitem__) for h in hands],
                "boneyard": boneyard,
                "trains": trains,
                "ends": {k: engine for k in trains},
                "open": [False] * n,
                "double_open": None,
                "follow": None,
                "drawn": False,
                "recent": [],
            }
        )
        self._check_round_end()

    # -- whose turn -----------------------------------------------------------------------------
    def _movers(self):
        return [self.d["current"]]

    movers_play = movers_follow = movers_forced = _movers

    # -- legal actions ------------------------------------------------------------------------
    def _allowed(self, seat):
        d = self.d
        phase = d["phase"]
        if phase == "forced":
            return [d["double_open"]]
        if phase == "follow":
            return [d["follow"]]
        return [str(s) for s, is_open in enumerate(d["open"]) if is_open or s == seat] + ["m"]

    def _plays(self, seat):
        """(tile, train) pairs playable now, in canonical order."""
        d = self.d
        ends = d["ends"]
        allowed = [(t, ends[t]) for t in self._allowed(seat)]
        nums = self.tile_set().nums
        out = []
        for tile in d["hands"][seat]:
            a, b = nums[tile]
            for train, end in allowed:
                if end == a or end == b:
                    out.append((tile, train))
        return out

    def _legal(self, seat):
        plays = self._plays(seat)
        if plays:
            return [f"play {t} {x}" for t, x in plays]
        d = self.d
        if d["boneyard"] and not d["drawn"]:
            return ["draw"]
        return ["pass"]

    legal_play = legal_follow = legal_forced = _legal

    # -- applying -----------------------------------------------------------------------------
    def _apply(self, seat, verb, args):
        d = self.d
        if verb == "play":
            tile, train = self._parse_play(args)
            self._check_play(seat, tile, train)
            self._do_play(seat, tile, train)
        elif verb == "draw":
            if args:
                raise IllegalAction(
                    "takes_no_arguments", "'draw' takes nothing after it", verb="draw"
                )
            plays = self._plays(seat)
            if plays:
                raise IllegalAction(
                    "must_play",
                    f"seat {seat} holds a playable tile ({plays[0][0]}), so it may not draw",
                    tile=plays[0][0],
                    train=plays[0][1],
                )
            if not d["boneyard"]:
                raise IllegalAction("boneyard_empty", "the boneyard is empty: pass")
            if d["drawn"]:
                raise IllegalAction(
                    "already_drawn", "you have already drawn a tile in this step: pass"
                )
            d["hands"][seat].append(d["boneyard"].pop(0))
            d["hands"][seat].sort(key=self.tile_set().order.__getitem__)
            d["drawn"] = True
            self._log(seat, "draw")
            # Drawing the last tile can block the round (if the drawn tile fits nowhere either).
            self._check_round_end()
        elif verb == "pass":
            if args:
                raise IllegalAction(
                    "takes_no_arguments", "'pass' takes nothing after it", verb="pass"
                )
            plays = self._plays(seat)
            if plays:
                raise IllegalAction(
                    "must_play",
                    f"you hold a playable tile ({plays[0][0]} on train {plays[0][1]}), "
                    "so you may not pass",
                    tile=plays[0][0],
                    train=plays[0][1],
                )
            if d["boneyard"] and not d["drawn"]:
                raise IllegalAction("draw_before_passing", "you must draw before passing")
            self._log(seat, "pass")
            d["open"][seat] = True
            if d["phase"] == "follow":
                self._end_turn(seat, double_open=d["follow"])
            else:
                self._end_turn(seat)
            self._check_round_end()
        else:
            raise IllegalAction(
                "wrong_move",
                f"unknown move {verb!r}: use 'play <tile> <train>', 'draw' or 'pass'",
                verb=verb[:20],
                verbs=["play", "draw", "pass"],
            )

    apply_play = apply_follow = apply_forced = _apply

    def _parse_play(self, args):
        d = self.d
        ts = self.tile_set()
        if len(args) != 2:
            raise IllegalAction(
                "play_tile_on_train", "play one tile on one train, e.g. 'play 3-6 m'"
            )
        tiles = [a for a in args if "-" in a]
        others = [a for a in args if "-" not in a]
        if len(tiles) != 1:
            if not tiles:
                raise IllegalAction(
                    "play_tile_on_train", "name the tile to play, e.g. 'play 3-6 m'"
                )
            bad = next((t for t in tiles if t not in ts.parse), None)
            if bad is not None:
                raise IllegalAction(
                    "unknown_tile",
                    f"{bad!r} is not a tile of the {SET_NAMES[ts.top]} set",
                    text=bad[:12],
                    set=ts.top,
                )
            raise IllegalAction("play_tile_on_train", "play one tile at a time, on one train")
        tile = tiles[0]
        if tile not in ts.parse:
            raise IllegalAction(
                "unknown_tile",
                f"{tile!r} is not a tile of the {SET_NAMES[ts.top]} set",
                text=tile[:12],
                set=ts.top,
            )
        train = others[0]
        if train not in d["ends"]:
            raise IllegalAction(
                "unknown_train",
                f"there is no train {train!r}: trains are 0 to {d['players'] - 1} and m",
                text=train[:12],
            )
        return ts.parse[tile], train

    def _check_play(self, seat, tile, train):
        d = self.d
        if tile not in d["hands"][seat]:
            raise IllegalAction("tile_not_in_hand", f"you do not hold {tile}", tile=tile)
        phase = d["phase"]
        if phase == "forced" and train != d["double_open"]:
            raise IllegalAction(
                "double_open_elsewhere",
                f"train {d['double_open']} is double open: seat {seat} must play there",
                train=d["double_open"],
            )
        if phase == "follow" and train != d["follow"]:
            end = d["ends"][d["follow"]]
            raise IllegalAction(
                "cover_the_double",
                f"you must cover the double {end}-{end} on train {d['follow']}",
                tile=f"{end}-{end}",
                train=d["follow"],
            )
        if phase == "play" and train != "m" and train != str(seat) and not d["open"][int(train)]:
            raise IllegalAction("train_not_open", f"train {train} is not open", train=train)
        end = d["ends"][train]
        a, b = self.tile_set().nums[tile]
        if end != a and end != b:
            raise IllegalAction(
                "tile_does_not_match",
                f"{tile} does not match train {train} (its open end is {end})",
                tile=tile,
                train=train,
                end=end,
            )

    def _do_play(self, seat, tile, train):
        d = self.d
        a, b = self.tile_set().nums[tile]
        d["hands"][seat].remove(tile)
        d["trains"][train].append(tile)
        end = d["ends"][train]
        d["ends"][train] = b if a == end else a
        if train == str(seat):
            d["open"][seat] = False
        self._log(seat, f"play {tile} {train}")
        if not d["hands"][seat]:
            self._finish_round(out=seat)
            return
        if d["phase"] == "play" and a == b:
            d["phase"] = "follow"
            d["follow"] = train
            d["drawn"] = False
            self._check_round_end()
            return
        self._end_turn(seat)
        self._check_round_end()

    def _log(self, seat, action):
        """Keep the actions of the last n turns (one entry per turn: [seat, action, ...])."""
        recent = self.d["recent"]
        if recent and recent[-1][0] == seat:
            recent[-1].append(action)
        else:
            recent.append([seat, action])
            if len(recent) > self.d["players"]:
                del recent[0]

    def _end_turn(self, seat, double_open=None):
        d = self.d
        if d["phase"] == "forced":
            d["double_open"] = None
        if double_open is not None:
            d["double_open"] = double_open
        d["current"] = (seat + 1) % d["players"]
        d["phase"] = "forced" if d["double_open"] is not None else "play"
        d["follow"] = None
        d["drawn"] = False

    # -- round end and scoring ------------------------------------------------------------------
    def _blocked(self):
        d = self.d
        if d["boneyard"]:
            return False
        ends = set(d["ends"].values())
        nums = self.tile_set().nums
        for hand in d["hands"]:
            for tile in hand:
                a, b = nums[tile]
                if a in ends or b in ends:
                    return False
        return True

    def _check_round_end(self):
        d = self.d
        if d["phase"] == "over":
            return
        for seat, hand in enumerate(d["hands"]):
            if not hand:
                self._finish_round(out=seat)
                return
        if self._blocked():
            self._finish_round(out=None)

    def _finish_round(self, out):
        d = self.d
        ts = self.tile_set()
        pips = [sum(ts.pips[t] for t in hand) for hand in d["hands"]]
        how = "out" if out is not None else "blocked"
        winner, points, _ = score_round(how, out, pips, d["options"]["scoring"])
        for s, p in enumerate(points):
            d["scores"][s] += p
        d["round_scores"].append(points)
        d["round_winners"].append(winner)
        d["last_round"] = {
            "round": d["round"],
            "engine": d["engine"],
            "end": how,
            "out": out,
            "hands": [list(h) for h in d["hands"]],
            "pips": pips,
        }
        if d["round"] + 1 >= d["rounds"]:
            d["phase"] = "over"
            d["current"] = None
            d["double_open"] = None
            d["follow"] = None
            d["drawn"] = False
            return
        self._start_round()

    # -- checking a saved state -----------------------------------------------------------------
    def check_invariants(self):
        """A saved state's parts agree: the set, rounds and hand size with the options; the round,
        engine and dealer with each other; the scores with the rounds played; every train with
        its tiles; the tiles in play with the round's deal; the step with the phase."""
        d = self.d
        n, opts = self.players, self.options
        over = d["phase"] == "over"

        def fail(why):
            raise ValueError(f"mexican_train: {why}")

        top = _set_for(opts, n)
        ts = _SETS[top]
        if (
            d["set"] != top
            or d["rounds"] != (opts["rounds"] or top + 1)
            or d["hand_size"] != (opts["hand_size"] or HAND_SIZES[top][n])
        ):
            fail("the set, rounds or hand size are not those the options give")
        if (
            not d["round"] < d["rounds"]
            or d["engine"] != top - d["round"]
            or d["dealer"] != (d["first_dealer"] + d["round"]) % n
        ):
            fail("the round, its engine and its dealer do not agree")
        # Explicit rounds: tiles of the set, each once, never that round's engine.
        if len(d["deals"]) > d["rounds"]:
            fail("more explicit rounds than the game has")
        for r, deal in enumerate(d["deals"]):
            tiles = [t for h in deal["hands"] for t in h] + deal["boneyard"]
            if (
                len(set(tiles)) != len(tiles)
                or not set(tiles) <= set(ts.tiles)
                or f"{top - r}-{top - r}" in tiles
            ):
                fail(f"explicit round {r} is not a deal of the set")
        # Scores: one line per finished round, the last one as its hands score it.
        finished = d["round"] + (1 if over else 0)
        if len(d["round_scores"]) != finished or len(d["round_winners"]) != finished:
            fail("the scores do not list one line per finished round")
        if d["scores"] != [sum(r[s] for r in d["round_scores"]) for s in range(n)]:
            fail("the scores are not the sum of the rounds' points")
        self._check_last_round(finished)
        # The table: tiles of the set, the round's deal exactly, every train a chain from the engine.
        if list(d["trains"]) != [*map(str, range(n)), "m"] or list(d["ends"]) != list(d["trains"]):
            fail("there is one train per seat and the Mexican train, in order")
        engine_tile = f"{d['engine']}-{d['engine']}"
        in_play = (
            [t for h in d["hands"] for t in h]
            + d["boneyard"]
            + [t for x in d["trains"].values() for t in x]
        )
        if not set(in_play) <= set(ts.tiles) or engine_tile in in_play:
            fail(f"a tile in play is not a tile of the {SET_NAMES[top]} set besides the engine")
        if d["round"] < len(d["deals"]):
            deal = d["deals"][d["round"]]
            dealt = {t for h in deal["hands"] for t in h} | set(deal["boneyard"])
        else:
            dealt = set(ts.tiles) - {engine_tile}
        if set(in_play) != dealt:
            fail(f"the tiles of round {d['round']} are not the tiles that were dealt")
        for train, tiles in d["trains"].items():
            end = d["engine"]
            for tile in tiles:
                a, b = ts.nums[tile]
                if end not in (a, b):
                    fail(f"{tile} on train {train} does not match the tile before it")
                end = b if a == end else a
            if d["ends"][train] != end:
                fail(f"the open end of train {train} is not that of its last tile")
        # Whose turn and which step.
        if over:
            if (
                d["current"] is not None
                or d["double_open"] is not None
                or d["follow"] is not None
                or d["drawn"]
            ):
                fail("nobody is to play once the game is over")
            if d["round"] != d["rounds"] - 1 or d["last_round"]["hands"] != d["hands"]:
                fail("the game is over before its last round ended")
        else:
            if d["current"] is None:
                fail("a seat is to play while the game goes on")
            if not all(d["hands"]) or self._blocked():
                fail("the round goes on with an empty hand or a blocked table")
            step = {
                "play": (None, None),
                "forced": (d["double_open"], None),
                "follow": (None, d["follow"]),
            }
            if (d["double_open"], d["follow"]) != step[d["phase"]] or (
                d["phase"] != "play" and (d["double_open"] or d["follow"]) is None
            ):
                fail(f"the {d['phase']} step does not agree with the trains it is bound to")
            bound = d["double_open"] or d["follow"]
            if bound is not None:
                if (
                    bound not in d["trains"]
                    or not d["trains"][bound]
                    or ts.nums[d["trains"][bound][-1]] != (d["ends"][bound],) * 2
                ):
                    fail(f"train {bound} does not end in a double")
        # The recent turns: [seat, action, ...], a seat's actions together, each a move of this set.
        recent = d["recent"]
        if len(recent) > n or any(a[0] == b[0] for a, b in zip(recent, recent[1:])):
            fail("the recent turns are not one entry per turn")
        for turn in recent:
            for action in turn[1:]:
                form = ACTION_FORM.match(action)
                if not form or (
                    form.group(2)
                    and (form.group(2) not in ts.order or form.group(3) not in d["trains"])
                ):
                    fail(f"{action!r} is not a move of this table")

    def _check_last_round(self, finished):
        d = self.d
        last = d["last_round"]

        def fail(why):
            raise ValueError(f"mexican_train: the last round: {why}")

        if last is None:
            if finished:
                fail("a round has finished but none is shown")
            return
        ts = self.tile_set()
        r = last["round"]
        if r != finished - 1 or last["engine"] != d["set"] - r:
            fail("it is not the round before this one")
        tiles = [t for h in last["hands"] for t in h]
        if (
            len(set(tiles)) != len(tiles)
            or not set(tiles) <= set(ts.tiles)
            or f"{last['engine']}-{last['engine']}" in tiles
        ):
            fail("its hands are not tiles of the set")
        if last["pips"] != [sum(ts.pips[t] for t in h) for h in last["hands"]]:
            fail("its pips are not those of its hands")
        if (last["end"] == "out") != (last["out"] is not None) or (
            last["out"] is not None and last["hands"][last["out"]]
        ):
            fail("its end does not agree with its hands")
        winner, points, _ = score_round(
            last["end"], last["out"], last["pips"], self.options["scoring"]
        )
        if d["round_winners"][-1] != winner or d["round_scores"][-1] != points:
            fail("its scores are not those of its hands")

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        if not self.is_over():
            return None
        d = self.d
        scores = list(d["scores"])
        best = (min if d["options"]["scoring"] == "penalty" else max)(scores)
        winners = [s for s, v in enumerate(scores) if v == best]
        return {
            "scores": scores,
            "round_scores": [list(r) for r in d["round_scores"]],
            "round_winners": list(d["round_winners"]),
            "winners": winners,
            "winner": winners[0] if len(winners) == 1 else None,
        }

    def standing(self):
        """Ranked by total: highest first, or lowest first under penalty scoring (``winners``)."""
        scores = list(self.d["scores"])
        sign = -1 if self.d["options"]["scoring"] == "penalty" else 1
        return Standing(keys=[sign * s for s in scores], scores=scores)

    def _trains_view(self):
        d = self.d
        nums = self.tile_set().nums
        engine = d["engine"]
        out = []
        for tid, tiles in d["trains"].items():
            laid = []
            end = engine
            for t in tiles:
                a, b = nums[t]
                far = b if a == end else a
                laid.append(f"{end}-{far}")
                end = far
            owner = None if tid == "m" else int(tid)
            out.append(
                {
                    "id": tid,
                    "owner": owner,
                    "open": True if owner is None else d["open"][owner],
                    "double_open": d["double_open"] == tid,
                    "open_end": d["ends"][tid],
                    "tiles": laid,
                }
            )
        return out

    def observe(self, seat):
        d = self.d
        over = self.is_over()
        engine = d["engine"]
        v = {
            # The options as they apply at this table (the rules' defaults for this player count).
            "set": d["set"],
            "hand_size": d["hand_size"],
            "round": d["round"],
            "rounds": d["rounds"],
            "engine": engine,
            "engine_tile": f"{engine}-{engine}",
            "dealer": d["dealer"],
            "current": d["current"],
            "step": None
            if over
            else {
                "kind": d["phase"],
                "train": d["double_open"] if d["phase"] == "forced" else d["follow"],
                "drawn": d["drawn"],
            },
            "trains": self._trains_view(),
            "markers": [s for s, o in enumerate(d["open"]) if o],
            "double_open": d["double_open"],
            "boneyard_count": len(d["boneyard"]),
            "hand_counts": [len(h) for h in d["hands"]],
            "recent": [list(x) for x in d["recent"]],
            "scores": list(d["scores"]),
            "round_scores": [list(r) for r in d["round_scores"]],
            "round_winners": list(d["round_winners"]),
            "last_round": self._last_round(),
        }
        if seat is not None:
            v["hand"] = list(d["hands"][seat])
        return v

    def _last_round(self):
        d = self.d
        r = d["last_round"]
        if r is None:
            return None
        nums = self.tile_set().nums
        winner, points, reasons = score_round(
            r["end"], r["out"], r["pips"], d["options"]["scoring"]
        )
        return {
            "round": r["round"],
            "engine": r["engine"],
            "end": r["end"],
            "winner": winner,
            "hands": [[list(nums[t]) for t in hand] for hand in r["hands"]],
            "pips": list(r["pips"]),
            "scores": [
                {"seat": s, "points": p, "reasons": why}
                for s, (p, why) in enumerate(zip(points, reasons))
            ],
        }

    def snapshot(self):
        snap = super().snapshot()
        d = self.d
        over = self.is_over()
        snap.update(
            {
                "current": None if over else d["current"],
                "phase": None if over else d["phase"],
                "double_open": None if over else d["double_open"],
                "markers": [s for s, o in enumerate(d["open"]) if o],
                "open_ends": dict(d["ends"]),
                "boneyard_count": len(d["boneyard"]),
                "hand_counts": [len(h) for h in d["hands"]],
                "legal": [] if over else self.legal_actions(d["current"]),
            }
        )
        return snap

    def hidden_cards(self, seat):
        d = self.d
        hidden = set(d["boneyard"])
        if self.is_over():
            return hidden
        for s, hand in enumerate(d["hands"]):
            if s != seat:
                hidden.update(hand)
        return hidden

    def all_cards(self):
        return list(self.tile_set().tiles)


MexicanTrainState.info = GAME = GameInfo(
    slug="mexican_train",
    title="Mexican Train",
    min_players=2,
    max_players=8,
    default_players=4,
    daily={"rounds": 1},  # one deal (round) for the daily deal
    score_by_option=("scoring", {"penalty": "penalty"}),  # else the winner takes the pips: points
    options=(
        _SetOption(
            "set",
            None,
            "choice",
            "tile set: 6 = double-six (2-5 players), 9 = double-nine, "
            "12 = double-twelve (2-8); null = double-six up to 5 players, double-nine for 6-8",
            choices=(None, 6, 9, 12),
        ),
        Option(
            "scoring",
            "winner_takes",
            "choice",
            "winner_takes: the round winner scores the pips left in the other hands, highest total wins; "
            "penalty: everyone scores own pips, lowest total wins",
            choices=("winner_takes", "penalty"),
        ),
        _NullableInt(
            "rounds",
            None,
            "int",
            "rounds to play (engines N, N-1, ...); null = the full game",
            minimum=1,
            maximum=13,
        ),
        _NullableInt(
            "hand_size",
            None,
            "int",
            "tiles dealt to each seat; null = the usual table",
            minimum=1,
            maximum=45,
        ),
    ),
    state_class=MexicanTrainState,
    max_actions=60_000,
    check_combination=_check_combination,
    # Full games of the default options are played at every player count (2-5 double-six,
    # 6-8 double-nine); the variants are short games of the other options.
    variants=(
        {"scoring": "penalty", "rounds": 2},
        {"set": 9, "rounds": 2},
        {"set": 12, "rounds": 1},
        {"set": 6, "hand_size": 2, "rounds": 3},
        {"hand_size": 6, "rounds": 2},
    ),
    computer_players=True,
)
