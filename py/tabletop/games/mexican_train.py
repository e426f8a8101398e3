"""Mexican Train: dominoes for 2-8 players, one train each plus the public Mexican train.

Source: shared/rules/mexican_train.md (authoritative), from the article
seeds/001_1859130c0ad850e7.txt, section 【メキシカントレイン】 (with Wikipedia and pagat for gaps,
as the rules file says).

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
    ``scores`` = ``[{"seat", "points", "reasons"}]`` per seat), ``to_move``, ``legal_actions``
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

from dataclasses import dataclass

from ..core import BotHooks, GameInfo, GameState, IllegalAction, Option, Standing

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
        raise ValueError(f"mexican_train: the {SET_NAMES[top]} set is for 2 to {MAX_PLAYERS[top]} players, "
                         f"not {players}; choose set 9 or 12")
    rounds = options.get("rounds")
    if rounds is not None and rounds > top + 1:
        raise ValueError(f"mexican_train: the {SET_NAMES[top]} set has at most {top + 1} rounds, not {rounds}")
    hand = options.get("hand_size")
    if hand is not None and players is not None:
        available = len(_SETS[top].tiles) - 1
        if players * hand > available:
            raise ValueError(f"mexican_train: {players} hands of {hand} need {players * hand} tiles, "
                             f"but the {SET_NAMES[top]} set has only {available} besides the engine")


def _names(seats):
    seats = [str(s) for s in seats]
    if len(seats) <= 1:
        return "".join(seats)
    return ", ".join(seats[:-1]) + " and " + seats[-1]


def score_round(end, out, pips, scoring):
    """(winner, points per seat, reasons per seat) of a finished round.

    ``end`` is ``"out"`` (seat ``out`` emptied its hand) or ``"blocked"``; ``pips`` are the pips
    left in each hand.
    """
    n = len(pips)
    if end == "out":
        winner = out
    else:
        low = min(pips)
        lowest = [s for s in range(n) if pips[s] == low]
        winner = lowest[0] if len(lowest) == 1 else None
        tie = f"round blocked: seats {_names(lowest)} tied for the lowest hand ({low} pips)"
    points = [0] * n
    reasons = [[] for _ in range(n)]
    for s in range(n):
        if scoring == "penalty":
            points[s] = pips[s]
            if end == "blocked":
                reasons[s].append("round blocked: lowest hand, round winner" if s == winner
                                  else tie if winner is None and s in lowest else "round blocked")
            reasons[s].append("went out" if end == "out" and s == winner else f"{pips[s]} pips left in hand")
        elif s == winner:
            points[s] = sum(pips[o] for o in range(n) if o != s)
            reasons[s].append("went out" if end == "out" else f"round blocked: lowest hand ({pips[s]} pips)")
            reasons[s].append("others' pips: " + ", ".join(f"seat {o} {pips[o]}" for o in range(n) if o != s))
        elif winner is not None:
            reasons[s].append(f"seat {winner} went out" if end == "out"
                              else f"round blocked: seat {winner} had the lowest hand")
        else:
            reasons[s].append(tie + ", nobody scores")
    return winner, points, reasons


class MexicanTrainState(GameState):
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
            unknown = set(setup) - {"dealer", "rounds"}
            if unknown:
                raise ValueError(f"mexican_train: unknown setup key(s) {sorted(unknown)} (known: dealer, rounds)")
            dealer = setup.get("dealer", 0)
            if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
                raise ValueError(f"mexican_train: setup dealer must be a seat 0..{n - 1}, not {dealer!r}")
            given = setup.get("rounds", [])
            if not isinstance(given, list):
                raise ValueError("mexican_train: setup 'rounds' must be a list of {\"hands\", \"boneyard\"}")
            if len(given) > rounds:
                raise ValueError(f"mexican_train: setup lists {len(given)} rounds but the game has {rounds}")
            for r, entry in enumerate(given):
                deals.append(self._check_deal(entry, r, top - r, ts, n))
        d.update({
            "phase": "play", "set": top, "rounds": rounds, "hand_size": hand_size,
            "first_dealer": dealer, "deals": deals, "round": -1,
            "scores": [0] * n, "round_scores": [], "round_winners": [], "last_round": None,
        })
        self._start_round()

    @staticmethod
    def _check_deal(entry, r, engine, ts, n):
        where = f"mexican_train: setup round {r}"
        if not isinstance(entry, dict):
            raise ValueError(f"{where} must be an object with 'hands' and 'boneyard'")
        unknown = set(entry) - {"hands", "boneyard"}
        if unknown:
            raise ValueError(f"{where}: unknown key(s) {sorted(unknown)}")
        hands = entry.get("hands")
        if not isinstance(hands, list) or len(hands) != n:
            raise ValueError(f"{where} needs 'hands': one list of tiles per seat ({n})")
        boneyard = entry.get("boneyard", [])
        if not isinstance(boneyard, list):
            raise ValueError(f"{where}: 'boneyard' must be a list of tiles")
        engine_tile = f"{engine}-{engine}"
        seen = set()

        def norm(tile, whose):
            if not isinstance(tile, str) or tile not in ts.parse:
                raise ValueError(f"{where}: {tile!r} in {whose} is not a tile of the {SET_NAMES[ts.top]} set")
            tile = ts.parse[tile]
            if tile == engine_tile:
                raise ValueError(f"{where}: {tile} is the engine of that round and cannot be dealt")
            if tile in seen:
                raise ValueError(f"{where}: tile {tile} appears twice")
            seen.add(tile)
            return tile

        out_hands = []
        for seat, hand in enumerate(hands):
            if not isinstance(hand, list):
                raise ValueError(f"{where}: the hand of seat {seat} must be a list of tiles")
            out_hands.append([norm(t, f"the hand of seat {seat}") for t in hand])
        out_bone = [norm(t, "the boneyard") for t in boneyard]
        return {"hands": out_hands, "boneyard": out_bone}

    def _ts(self):
        return _SETS[self.d["set"]]

    def _start_round(self):
        d = self.d
        n = d["players"]
        ts = self._ts()
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
        d.update({
            "phase": "play", "engine": engine, "dealer": dealer, "current": (dealer + 1) % n,
            "hands": [sorted(h, key=order.__getitem__) for h in hands], "boneyard": boneyard,
            "trains": trains, "ends": {k: engine for k in trains}, "open": [False] * n,
            "double_open": None, "follow": None, "drawn": False, "recent": [],
        })
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
        nums = self._ts().nums
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
                raise IllegalAction("'draw' takes nothing after it")
            plays = self._plays(seat)
            if plays:
                raise IllegalAction(f"seat {seat} holds a playable tile ({plays[0][0]}), so it may not draw")
            if not d["boneyard"]:
                raise IllegalAction("the boneyard is empty: pass")
            if d["drawn"]:
                raise IllegalAction("you have already drawn a tile in this step: pass")
            d["hands"][seat].append(d["boneyard"].pop(0))
            d["hands"][seat].sort(key=self._ts().order.__getitem__)
            d["drawn"] = True
            self._log(seat, "draw")
            # Drawing the last tile can block the round (if the drawn tile fits nowhere either).
            self._check_round_end()
        elif verb == "pass":
            if args:
                raise IllegalAction("'pass' takes nothing after it")
            plays = self._plays(seat)
            if plays:
                raise IllegalAction(f"you hold a playable tile ({plays[0][0]} on train {plays[0][1]}), "
                                    "so you may not pass")
            if d["boneyard"] and not d["drawn"]:
                raise IllegalAction("you must draw before passing")
            self._log(seat, "pass")
            d["open"][seat] = True
            if d["phase"] == "follow":
                self._end_turn(seat, double_open=d["follow"])
            else:
                self._end_turn(seat)
            self._check_round_end()
        else:
            raise IllegalAction(f"unknown move {verb!r}: use 'play <tile> <train>', 'draw' or 'pass'")

    apply_play = apply_follow = apply_forced = _apply

    def _parse_play(self, args):
        d = self.d
        ts = self._ts()
        if len(args) != 2:
            raise IllegalAction("play one tile on one train, e.g. 'play 3-6 m'")
        tiles = [a for a in args if "-" in a]
        others = [a for a in args if "-" not in a]
        if len(tiles) != 1:
            if not tiles:
                raise IllegalAction("name the tile to play, e.g. 'play 3-6 m'")
            bad = next((t for t in tiles if t not in ts.parse), None)
            if bad is not None:
                raise IllegalAction(f"{bad!r} is not a tile of the {SET_NAMES[ts.top]} set")
            raise IllegalAction("play one tile at a time, on one train")
        tile = tiles[0]
        if tile not in ts.parse:
            raise IllegalAction(f"{tile!r} is not a tile of the {SET_NAMES[ts.top]} set")
        train = others[0]
        if train not in d["ends"]:
            raise IllegalAction(f"there is no train {train!r}: trains are 0 to {d['players'] - 1} and m")
        return ts.parse[tile], train

    def _check_play(self, seat, tile, train):
        d = self.d
        if tile not in d["hands"][seat]:
            raise IllegalAction(f"you do not hold {tile}")
        phase = d["phase"]
        if phase == "forced" and train != d["double_open"]:
            raise IllegalAction(f"train {d['double_open']} is double open: seat {seat} must play there")
        if phase == "follow" and train != d["follow"]:
            end = d["ends"][d["follow"]]
            raise IllegalAction(f"you must cover the double {end}-{end} on train {d['follow']}")
        if phase == "play" and train != "m" and train != str(seat) and not d["open"][int(train)]:
            raise IllegalAction(f"train {train} is not open")
        end = d["ends"][train]
        a, b = self._ts().nums[tile]
        if end != a and end != b:
            raise IllegalAction(f"{tile} does not match train {train} (its open end is {end})")

    def _do_play(self, seat, tile, train):
        d = self.d
        a, b = self._ts().nums[tile]
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
        nums = self._ts().nums
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
        ts = self._ts()
        pips = [sum(ts.pips[t] for t in hand) for hand in d["hands"]]
        how = "out" if out is not None else "blocked"
        winner, points, _ = score_round(how, out, pips, d["options"]["scoring"])
        for s, p in enumerate(points):
            d["scores"][s] += p
        d["round_scores"].append(points)
        d["round_winners"].append(winner)
        d["last_round"] = {"round": d["round"], "engine": d["engine"], "end": how, "out": out,
                           "hands": [list(h) for h in d["hands"]], "pips": pips}
        if d["round"] + 1 >= d["rounds"]:
            d["phase"] = "over"
            d["current"] = None
            d["double_open"] = None
            d["follow"] = None
            d["drawn"] = False
            return
        self._start_round()

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        if not self.is_over():
            return None
        d = self.d
        scores = list(d["scores"])
        best = (min if d["options"]["scoring"] == "penalty" else max)(scores)
        winners = [s for s, v in enumerate(scores) if v == best]
        return {"scores": scores, "round_scores": [list(r) for r in d["round_scores"]],
                "round_winners": list(d["round_winners"]), "winners": winners,
                "winner": winners[0] if len(winners) == 1 else None}

    def standing(self):
        """Ranked by total: highest first, or lowest first under penalty scoring (``winners``)."""
        scores = list(self.d["scores"])
        sign = -1 if self.d["options"]["scoring"] == "penalty" else 1
        return Standing(keys=[sign * s for s in scores], scores=scores)

    def _trains_view(self):
        d = self.d
        nums = self._ts().nums
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
            out.append({"id": tid, "owner": owner, "open": True if owner is None else d["open"][owner],
                        "double_open": d["double_open"] == tid, "open_end": d["ends"][tid], "tiles": laid})
        return out

    def observe(self, seat):
        d = self.d
        over = self.is_over()
        engine = d["engine"]
        v = {
            # The options as they apply at this table (the rules' defaults for this player count).
            "set": d["set"], "hand_size": d["hand_size"], "round": d["round"], "rounds": d["rounds"],
            "engine": engine, "engine_tile": f"{engine}-{engine}", "dealer": d["dealer"],
            "current": d["current"],
            "step": None if over else {"kind": d["phase"],
                                       "train": d["double_open"] if d["phase"] == "forced" else d["follow"],
                                       "drawn": d["drawn"]},
            "trains": self._trains_view(),
            "markers": [s for s, o in enumerate(d["open"]) if o], "double_open": d["double_open"],
            "boneyard_count": len(d["boneyard"]), "hand_counts": [len(h) for h in d["hands"]],
            "recent": [list(x) for x in d["recent"]],
            "scores": list(d["scores"]), "round_scores": [list(r) for r in d["round_scores"]],
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
        nums = self._ts().nums
        winner, points, reasons = score_round(r["end"], r["out"], r["pips"], d["options"]["scoring"])
        return {"round": r["round"], "engine": r["engine"], "end": r["end"], "winner": winner,
                "hands": [[list(nums[t]) for t in hand] for hand in r["hands"]], "pips": list(r["pips"]),
                "scores": [{"seat": s, "points": p, "reasons": why}
                           for s, (p, why) in enumerate(zip(points, reasons))]}

    def snapshot(self):
        snap = super().snapshot()
        d = self.d
        over = self.is_over()
        snap.update({
            "current": None if over else d["current"], "phase": None if over else d["phase"],
            "double_open": None if over else d["double_open"],
            "markers": [s for s, o in enumerate(d["open"]) if o],
            "open_ends": dict(d["ends"]), "boneyard_count": len(d["boneyard"]),
            "hand_counts": [len(h) for h in d["hands"]],
            "legal": [] if over else self.legal_actions(d["current"]),
        })
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
        return list(self._ts().tiles)


# -- computer opponents (tabletop.bots): worlds, rewards and a rollout policy ------------------------
# Declared on GAME at the end (bots=BotHooks(...)); the rules above do not use any of it.

def resample_world(state, seat, rng):
    """A world for ``seat``: the boneyard and the other hands redealt (the last round's revealed
    hands are a record, not places); future setup rounds dropped."""
    from ..bots.worlds import redeal

    world = redeal(state, seat, rng, keys=("hands", "boneyard"))
    world.d["deals"] = world.d["deals"][:world.d["round"] + 1]
    return world


def bot_deal_id(state):
    return state.d["round"]


def bot_reward(state, seat):
    """The round just scored: this seat's points against the others' average (own pips against
    theirs with penalty scoring), scaled into [0, 1]; at the end of the game 1 for a winner
    (shared) and 0 otherwise. A round still in play (a rollout cut short) compares pips in hand."""
    d = state.d
    n = d["players"]
    penalty = d["options"]["scoring"] == "penalty"
    if state.is_over():
        r = state.result()
        return (1.0 / len(r["winners"])) if seat in r["winners"] else 0.0
    if not d["recent"] and d["round_scores"]:
        points = d["round_scores"][-1]
        sign = -1 if penalty else 1
        scale = 60 if penalty else 120
    else:
        pips = state._ts().pips
        points = [sum(pips[t] for t in h) for h in d["hands"]]
        sign, scale = -1, 60
    others = (sum(points) - points[seat]) / (n - 1)
    return max(0.0, min(1.0, 0.5 + sign * (points[seat] - others) / scale))


def bot_rollout(state, seat, rng):
    """Cheap play for simulations: play the heaviest playable tile (own train first on ties), else
    draw or pass."""
    legal = state.legal_actions(seat)
    if len(legal) == 1 or rng.random() < 0.1:
        return rng.choice(legal)
    pips = state._ts().pips
    own = str(seat)
    return max(legal, key=lambda a: (pips[a.split()[1]], a.split()[2] == own))


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``), from the seat's hand and the public table only.

    Plays a double when it holds a tile to cover it (it plays again), else the heaviest playable
    tile (fewest pips left in hand at the end), on its own train first (closing its marker), then
    on the Mexican train, then on another open train; draws or passes only when nothing fits."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    plays = [a for a in legal if a.startswith("play ")]
    if not plays:
        return legal[0]
    ts = state._ts()
    pips = ts.pips
    nums = ts.nums
    hand = state.d["hands"][seat]
    own = str(seat)

    def score(action):
        _, tile, train = action.split()
        a, b = nums[tile]
        covered = a == b and any(t != tile and a in nums[t] for t in hand)
        where = 2 if train == own else 1 if train == "m" else 0
        return (covered, pips[tile], where, action)

    return max(plays, key=score)


MexicanTrainState.info = GAME = GameInfo(
    slug="mexican_train", title="Mexican Train", min_players=2, max_players=8, default_players=4,
    options=(
        _SetOption("set", None, "choice", "tile set: 6 = double-six (2-5 players), 9 = double-nine, "
                   "12 = double-twelve (2-8); null = double-six up to 5 players, double-nine for 6-8",
                   choices=(None, 6, 9, 12)),
        Option("scoring", "winner_takes", "choice",
               "winner_takes: the round winner scores the pips left in the other hands, highest total wins; "
               "penalty: everyone scores own pips, lowest total wins",
               choices=("winner_takes", "penalty")),
        _NullableInt("rounds", None, "int", "rounds to play (engines N, N-1, ...); null = the full game",
                     minimum=1, maximum=13),
        _NullableInt("hand_size", None, "int", "tiles dealt to each seat; null = the usual table",
                     minimum=1, maximum=45),
    ),
    state_class=MexicanTrainState, max_actions=60_000,
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
    bots=BotHooks(reward=bot_reward, rollout=bot_rollout, deal_id=bot_deal_id, resample=resample_world,
                  heuristic=bot_heuristic, normal_iterations=450),
)
