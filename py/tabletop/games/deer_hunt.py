"""鹿狩り (Deer Hunt, 中原逐鹿): partnership trick-taking with the 32 Chinese dominoes (天九牌).

Source: the rules file docs/rules/deer_hunt.md (草場純's rules, navpil, the seed blogger), which
settles what the sources leave open. In this repository: its worked examples in
tests/vectors/deer_hunt.json, its rules for players in static/rules/deer_hunt.json.

Rules in brief
    Four players, partners opposite: seats 0 and 2 are team 0, seats 1 and 3 team 1. Each holds
    8 of the 32 tiles. No suits, no trumps, no duty to follow: each trick is one tile from each
    player, counter-clockwise (after seat ``s`` comes ``(s + 3) % 4``), and the strongest tile wins
    (strength ``10 * high + low``: 6-6 best, 1-1 worst; of the two identical tiles of a civil pair
    the one played first wins, 先勝). The winner leads the next trick. A team scores the red pips
    (every 1 and 4, and six on 6-6; 64 in all) of the tricks it wins. The dealer (親) leads the
    first trick; the next deal's dealer is the right-hand neighbour, ``(dealer + 3) % 4``. A game is
    ``deals`` deals (4); the higher total wins, equal totals draw (option ``tiebreak``).
    Option ``deer_escape`` (鹿が逃げる): a trick of four red-pip tiles scores for nobody.
    Option ``deal``: how a shuffled deal is made (``fair``: each team gets one each of 6-6, 5-6,
    4-6 and 4-4; ``fair_even``; ``fair_66``; ``random``).

Action notation
    ``play a-b``: one tile, ``a <= b`` (``"6-5"`` is read as ``"5-6"``). The two tiles of a civil
    pair are the same in every rule, so a hand is a multiset of faces and ``legal_actions`` names
    each face once, in deck order (strongest first).

View (``view(seat)``)
    ``dealer``, ``leader``, ``to_act``, ``trick_number``, ``trick`` (``[[seat, tile], ...]``),
    ``hand`` (own, deck order), ``hand_counts``, ``history`` (the deal's finished tricks), ``last_trick``,
    ``tricks``, ``deal_points``, ``escaped_points`` (per team), ``scores``, ``deals_played``,
    ``deals_total``, ``last_deal``, ``events`` (``trick_won``, ``trick_escaped``, ``deal_scored``,
    ``game_over``: messages ``{"code", "params"}`` for what the last play caused), and the
    envelope's ``options``, ``legal_actions`` and ``result``.

Decisions beyond the rules file
    - The view's finished tricks (``history``, ``last_trick``) take the house trick shape shared by
      every trick game (``tricks.finished_view``: ``leader``, ``cards``, ``winner``, then ``points``
      and ``escaped``) so the kit draws them; ``snapshot()['last_trick']`` keeps the rules file's
      ``plays`` form for the vectors.
    - The refusal order is the rules file's (``game_over``, ``bad_action``, ``unknown_tile``,
      ``not_your_turn``, ``not_in_hand``), after the house's checks of the action text and the seat.
    - ``not_your_turn`` carries ``to_act``, so the page can say whose turn it is.
    - Setup ``scores`` are 0 to 100000 each; ``deals`` must leave room (fewer than ``deals`` played).
    - A won trick's points are counted to the team at once (public: every tile was seen).
    - The ranking of a finished game: each side by its total, then (``tiebreak: last_deal``) the
      winner of the last deal on equal totals.
    - ``hidden_cards(seat)`` (the leak check) lists the faces found only in other hands: a face
      the seat also sees (its own copy of a civil pair, a played copy) is no secret by its name.
    - A saved state's ``events`` must be what its last play caused (checked like the tricks).
    - ``view(None)`` has no ``hand``; the envelope gives every view ``options`` and
      ``legal_actions``, so ``observe`` does not repeat them.
"""

from __future__ import annotations

import re

from ..core import GameInfo, GameState, IllegalAction, Option, Standing, split_action
from ..reader import (
    Card,
    Choice,
    Ctx,
    Either,
    Fields,
    Int,
    List,
    Opt,
    PerSeat,
    Seat,
    Spec,
    Tuple,
    check,
)
from ..tricks import finished_view

# The 21 faces in deck order (strongest first) with their copies: civil faces twice, military once.
FACES = (
    ("6-6", 2),
    ("5-6", 2),
    ("4-6", 2),
    ("3-6", 1),
    ("2-6", 1),
    ("1-6", 2),
    ("5-5", 2),
    ("4-5", 1),
    ("3-5", 1),
    ("2-5", 1),
    ("1-5", 2),
    ("4-4", 2),
    ("3-4", 1),
    ("2-4", 1),
    ("1-4", 1),
    ("3-3", 2),
    ("2-3", 1),
    ("1-3", 2),
    ("2-2", 2),
    ("1-2", 1),
    ("1-1", 2),
)
TILES = tuple(face for face, _ in FACES)
COPIES = dict(FACES)
ORDER = {face: i for i, face in enumerate(TILES)}
# Every tile of the set once per copy, in deck order: 32 tiles.
FULL_SET = tuple(face for face, n in FACES for _ in range(n))
SEATS = 4
HAND = 8
TRICKS = 8
TEAMS = ((0, 2), (1, 3))
# The tiles the fair deals balance between the teams (rules section 3).
FAIR_GROUP = ("6-6", "5-6", "4-6", "4-4")
MAX_DEALS = 16
MAX_SCORE = 100_000
_TILE = re.compile(r"^([1-6])-([1-6])$")


def strength(tile):
    a, b = tile.split("-")
    return 10 * int(b) + int(a)


def points(tile):
    """Red pips: every 1 and every 4, and six on 6-6 (64 in the whole set)."""
    if tile == "6-6":
        return 6
    return sum(p for p in map(int, tile.split("-")) if p in (1, 4))


STRENGTH = {t: strength(t) for t in TILES}
POINTS = {t: points(t) for t in TILES}


def normalise(text):
    """``"6-5"`` -> ``"5-6"``; None when the text is not a tile of the set."""
    m = _TILE.match(text) if isinstance(text, str) else None
    if not m:
        return None
    a, b = sorted((int(m.group(1)), int(m.group(2))))
    return f"{a}-{b}"


def next_seat(seat):
    """Counter-clockwise: the right-hand neighbour (seats are numbered clockwise)."""
    return (seat + 3) % SEATS


def team_of(seat):
    return seat % 2


def sort_hand(hand):
    return sorted(hand, key=ORDER.__getitem__)


def trick_winner(plays):
    """The seat whose tile wins ``[[seat, tile] x4]``: the strongest; of two equal tiles the
    earlier (only a strictly stronger tile takes the lead)."""
    best = plays[0]
    for play in plays[1:]:
        if STRENGTH[play[1]] > STRENGTH[best[1]]:
            best = play
    return best[0]


def escapes(tiles, options):
    """Option deer_escape: every tile of the trick has a red pip, so it goes to nobody."""
    return bool(options["deer_escape"]) and all(POINTS[t] > 0 for t in tiles)


def _message(code, **params):
    return {"code": code, "params": params}


class Tiles(Spec):
    """A list of tile faces (a multiset: a civil face may appear twice), ``lo`` to ``hi`` long,
    no face more often than the set has it; ``ordered``: in deck order (hands the engine sorts)."""

    def __init__(self, lo=0, hi=HAND, ordered=False):
        self.lo, self.hi, self.ordered = lo, hi, ordered

    def check(self, value, ctx, where):
        List(Card(counted=False), self.lo, self.hi).check(value, ctx, where)
        for face in set(value):
            if value.count(face) > COPIES[face]:
                raise ValueError(
                    f"{ctx.slug}: {where}: holds {face} more often than the set has it"
                )
        if self.ordered and value != sort_hand(value):
            raise ValueError(f"{ctx.slug}: {where}: is not in the deck order")


class RawHands(Spec):
    """Setup hands as given: four lists of tile texts, which may be written ``"b-a"``."""

    def check(self, value, ctx, where):
        if not isinstance(value, list) or len(value) != SEATS:
            raise ValueError(f"{ctx.slug}: {where}: must be 4 lists of 8 tiles, one per seat")
        for seat, hand in enumerate(value):
            if not isinstance(hand, list) or len(hand) != HAND:
                raise ValueError(f"{ctx.slug}: {where}[{seat}]: must be a list of 8 tiles")
            for i, tile in enumerate(hand):
                if normalise(tile) is None:
                    raise ValueError(
                        f"{ctx.slug}: {where}[{seat}][{i}]: {str(tile)[:20]!r} is not a tile"
                    )


SETUP = Fields(
    {},
    optional={
        "dealer": Seat(),
        "hands": RawHands(),
        "deals": List(Fields({"hands": RawHands()}), 0, MAX_DEALS),
        "scores": List(Int(0, MAX_SCORE), 2, 2),
        "deals_played": Int(0, MAX_DEALS - 1),
    },
)


class Compact(Spec):
    """A finished trick as the state keeps it: ``[leader, winner, tile x4]`` in play order."""

    def check(self, value, ctx, where):
        if not isinstance(value, list) or len(value) != 6:
            raise ValueError(f"{ctx.slug}: {where}: must be [leader, winner, 4 tiles]")
        Seat().check(value[0], ctx, f"{where}[0]")
        Seat().check(value[1], ctx, f"{where}[1]")
        for i, tile in enumerate(value[2:], 2):
            Card(counted=False).check(tile, ctx, f"{where}[{i}]")


COMPACT = Compact()
RECORD = Fields(
    {
        "dealer": Seat(),
        "points": List(Int(0, 64), 2, 2),
        "tricks": List(Int(0, TRICKS), 2, 2),
        "escaped_points": Int(0, 64),
    }
)
PAIR = List(Int(0, MAX_SCORE + 64 * MAX_DEALS), 2, 2)
EVENT = Either(
    Fields(
        {
            "code": Choice("trick_won"),
            "params": Fields({"seat": Seat(), "team": Int(0, 1), "points": Int(0, 64)}),
        }
    ),
    Fields(
        {"code": Choice("trick_escaped"), "params": Fields({"seat": Seat(), "points": Int(0, 64)})}
    ),
    Fields({"code": Choice("deal_scored"), "params": Fields({"points": PAIR, "scores": PAIR})}),
    Fields({"code": Choice("game_over"), "params": Fields({"winner_team": Opt(Int(0, 1))})}),
)
STATE = Fields(
    {
        "deals": List(PerSeat(Tiles(HAND, HAND)), 0, MAX_DEALS),
        "first_deal": Int(0, MAX_DEALS - 1),
        "start_scores": List(Int(0, MAX_SCORE), 2, 2),
        "dealer": Seat(),
        "hands": PerSeat(Tiles(0, HAND, ordered=True)),
        "leader": Opt(Seat()),
        "to_act": Opt(Seat()),
        "trick": List(Tuple(Seat(), Card(counted=False)), 0, 3),
        "history": List(COMPACT, 0, TRICKS),
        "last_trick": Opt(COMPACT),
        "tricks": List(Int(0, TRICKS), 2, 2),
        "deal_points": List(Int(0, 64), 2, 2),
        "escaped_points": Int(0, 64),
        "scores": List(Int(0, MAX_SCORE + 64 * MAX_DEALS), 2, 2),
        "deals_played": Int(0, MAX_DEALS),
        "deal_log": List(RECORD, 0, MAX_DEALS),
        "events": List(EVENT, 0, 3),
    }
)


def _read_deal(hands, where):
    """Normalised, sorted hands of one explicit deal; ValueError unless it is the whole set."""
    out = [sort_hand([normalise(t) for t in hand]) for hand in hands]
    if sorted(t for h in out for t in h) != sorted(FULL_SET):
        raise ValueError(
            f"deer_hunt: {where}: the four hands must be the 32 tiles of the set "
            f"(each civil face twice, each military face once)"
        )
    return out


class DeerHuntState(GameState):
    STATE = STATE
    CARDS = ORDER
    COPIES = COPIES  # the copies of each face: hands are multisets (tests/test_bots.py reads it)
    ALL_CARDS_KEPT = False  # a multiset: the counts are checked in check_invariants

    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        opts = self.d["options"]
        deals, dealer, scores, played = [], 0, [0, 0], 0
        if setup is not None:
            check(setup, SETUP, Ctx("deer_hunt", SEATS, ORDER), "setup")
            if "hands" in setup and "deals" in setup:
                raise ValueError("deer_hunt: give either 'hands' or 'deals' in the setup, not both")
            raw = (
                [x["hands"] for x in setup["deals"]]
                if "deals" in setup
                else [setup["hands"]]
                if "hands" in setup
                else []
            )
            deals = [_read_deal(h, f"setup deal {i + 1}") for i, h in enumerate(raw)]
            dealer = setup.get("dealer", 0)
            scores = list(setup.get("scores", [0, 0]))
            played = setup.get("deals_played", 0)
            if played >= opts["deals"]:
                raise ValueError(
                    f"deer_hunt: deals_played must be below the option deals ({opts['deals']})"
                )
            if len(deals) > opts["deals"] - played:
                raise ValueError(
                    f"deer_hunt: the setup gives {len(deals)} deals, but only "
                    f"{opts['deals'] - played} are left to play"
                )
        self.d.update(
            {
                "phase": "play",
                "deals": deals,
                "first_deal": played,
                "start_scores": list(scores),
                "dealer": dealer,
                "scores": list(scores),
                "deals_played": played,
                "deal_log": [],
                "last_trick": None,
                "events": [],
            }
        )
        self._start_deal()

    def _shuffled_deal(self):
        """Hands dealt by option ``deal`` (rules section 3), from the state's generator."""
        rng, method, dealer = self.rng, self.d["options"]["deal"], self.d["dealer"]
        if method == "random":
            tiles = list(FULL_SET)
            rng.shuffle(tiles)
            return [tiles[8 * s : 8 * s + 8] for s in range(SEATS)]
        group = ["6-6"] if method == "fair_66" else list(FAIR_GROUP)
        rest = list(FULL_SET)
        for face in group * 2:
            rest.remove(face)
        rng.shuffle(rest)
        half = len(rest) // 2
        hands = [[] for _ in range(SEATS)]
        first = rng.randrange(2)  # which pile the dealer's team takes
        for k, team in enumerate((team_of(dealer), 1 - team_of(dealer))):
            a, b = TEAMS[team]
            if method == "fair_even":
                mine = list(group)
                rng.shuffle(mine)
                others = rest[k * half : (k + 1) * half]
                hands[a] = mine[:2] + others[:6]
                hands[b] = mine[2:] + others[6:]
            else:
                pile = rest[(k ^ first) * half : ((k ^ first) + 1) * half] + group
                rng.shuffle(pile)
                hands[a], hands[b] = pile[:8], pile[8:]
        return hands

    def _start_deal(self):
        d = self.d
        index = d["deals_played"] - d["first_deal"]
        hands = d["deals"][index] if index < len(d["deals"]) else self._shuffled_deal()
        d.update(
            {
                "hands": [sort_hand(h) for h in hands],
                "leader": d["dealer"],
                "to_act": d["dealer"],
                "trick": [],
                "history": [],
                "tricks": [0, 0],
                "deal_points": [0, 0],
                "escaped_points": 0,
            }
        )

    def explicit_deal(self):
        """True when the deal in play came from the setup (the fair-deal guarantee may not hold)."""
        d = self.d
        index = d["deals_played"] - d["first_deal"] - (1 if self.is_over() else 0)
        return index < len(d["deals"])

    # -- whose turn -----------------------------------------------------------------------------
    def movers_play(self):
        return [self.d["to_act"]]

    def legal_play(self, seat):
        return ["play " + t for t in sorted(set(self.d["hands"][seat]), key=ORDER.__getitem__)]

    # -- applying -----------------------------------------------------------------------------
    def apply(self, seat, action):
        """The rules file's order of refusals (section 5), after the house's checks of the text
        and the seat: game_over, bad_action, unknown_tile, not_your_turn, not_in_hand."""
        verb, args = split_action(action)
        if not self._is_seat(seat):
            raise IllegalAction(
                "no_such_seat",
                f"there is no seat {seat!r} at this table",
                number=seat if isinstance(seat, int) and not isinstance(seat, bool) else None,
            )
        if self.is_over():
            raise IllegalAction("game_over", "the game is over")
        if verb != "play" or len(args) != 1:
            raise IllegalAction(
                "bad_action", "a move is 'play' and exactly one tile, e.g. 'play 5-6'"
            )
        tile = normalise(args[0])
        if tile is None:
            raise IllegalAction(
                "unknown_tile", f"{args[0][:12]!r} is not a tile of the set", text=args[0][:12]
            )
        d = self.d
        if seat != d["to_act"]:
            raise IllegalAction(
                "not_your_turn", f"it is seat {d['to_act']}'s turn", seat=seat, to_act=d["to_act"]
            )
        if tile not in d["hands"][seat]:
            raise IllegalAction("not_in_hand", f"you do not hold {tile}", cards=[tile])
        self.apply_play(seat, "play", [tile])

    def apply_play(self, seat, verb, args):
        d = self.d
        tile = args[0]
        d["hands"][seat].remove(tile)
        d["trick"].append([seat, tile])
        d["events"] = []
        if len(d["trick"]) < SEATS:
            d["to_act"] = next_seat(seat)
            return
        self._finish_trick()

    def _finish_trick(self):
        d = self.d
        plays = d["trick"]
        winner = trick_winner(plays)
        tiles = [t for _, t in plays]
        value = sum(POINTS[t] for t in tiles)
        kept = [d["leader"], winner] + tiles
        d["history"].append(kept)
        d["last_trick"] = list(kept)
        if escapes(tiles, d["options"]):
            d["escaped_points"] += value
            d["events"].append(_message("trick_escaped", seat=winner, points=value))
        else:
            team = team_of(winner)
            d["tricks"][team] += 1
            d["deal_points"][team] += value
            d["events"].append(_message("trick_won", seat=winner, team=team, points=value))
        d["trick"] = []
        if len(d["history"]) < TRICKS:
            d["leader"] = d["to_act"] = winner
            return
        self._score_deal()

    def _score_deal(self):
        d = self.d
        record = {
            "dealer": d["dealer"],
            "points": list(d["deal_points"]),
            "tricks": list(d["tricks"]),
            "escaped_points": d["escaped_points"],
        }
        for team in (0, 1):
            d["scores"][team] += d["deal_points"][team]
        d["deal_log"].append(record)
        d["deals_played"] += 1
        d["events"].append(
            _message("deal_scored", points=list(d["deal_points"]), scores=list(d["scores"]))
        )
        if d["deals_played"] >= d["options"]["deals"]:
            d.update({"phase": "over", "to_act": None, "leader": None})
            d["events"].append(_message("game_over", winner_team=self._winner_team()))
            return
        d["dealer"] = next_seat(d["dealer"])
        self._start_deal()

    def _expected_events(self):
        """What the last play caused, from the kept facts: nothing in the middle of a trick or
        before the first trick; the trick's fate after it; the deal's score (and the game's end)
        after the last trick of a deal."""
        d = self.d
        if d["trick"] or d["last_trick"] is None:
            return []
        if d["history"] and d["history"][-1] != d["last_trick"]:
            return []
        kept = d["last_trick"]
        tiles = kept[2:]
        value = sum(POINTS[t] for t in tiles)
        if escapes(tiles, d["options"]):
            out = [_message("trick_escaped", seat=kept[1], points=value)]
        else:
            out = [_message("trick_won", seat=kept[1], team=team_of(kept[1]), points=value)]
        if (self.is_over() or not d["history"]) and d["deal_log"]:
            out.append(
                _message(
                    "deal_scored",
                    points=list(d["deal_log"][-1]["points"]),
                    scores=list(d["scores"]),
                )
            )
            if self.is_over():
                out.append(_message("game_over", winner_team=self._winner_team()))
        return out

    # -- reading ------------------------------------------------------------------------------
    def _winner_team(self):
        d = self.d
        a, b = d["scores"]
        if a != b:
            return 0 if a > b else 1
        if d["options"]["tiebreak"] == "last_deal" and d["deal_log"]:
            p, q = d["deal_log"][-1]["points"]
            if p != q:
                return 0 if p > q else 1
        return None

    def result(self):
        d = self.d
        if not self.is_over():
            return None
        winner = self._winner_team()
        return {
            "scores": list(d["scores"]),
            "diff": d["scores"][0] - d["scores"][1],
            "winner_team": winner,
            "winners": list(TEAMS[winner]) if winner is not None else [],
            "deals_played": d["deals_played"],
            "deals": [dict(r) for r in d["deal_log"]],
        }

    def standing(self):
        """The partnerships by total, then (tiebreak last_deal) the winner of the last deal; each
        seat's score is its side's total."""
        scores = list(self.d["scores"])
        winner = self._winner_team()
        return Standing(
            keys=[(scores[t], 1 if winner == t else 0) for t in (0, 1)],
            sides=TEAMS,
            scores=[scores[team_of(s)] for s in range(SEATS)],
        )

    def _record(self, kept, shape="view"):
        """A kept trick as a view shows it (house shape) or as the rules file names it."""
        leader, winner, tiles = kept[0], kept[1], kept[2:]
        plays, seat = [], leader
        for t in tiles:
            plays.append([seat, t])
            seat = next_seat(seat)
        value = sum(POINTS[t] for t in tiles)
        escaped = escapes(tiles, self.d["options"])
        if shape == "rules":
            return {
                "leader": leader,
                "plays": plays,
                "winner": winner,
                "points": value,
                "escaped": escaped,
            }
        return finished_view(leader, plays, winner, points=value, escaped=escaped)

    def snapshot(self):
        d = self.d
        snap = super().snapshot()
        over = self.is_over()
        snap["trick_number"] = None if over else len(d["history"]) + 1
        snap["legal"] = [] if over else self.legal_actions(d["to_act"])
        snap["last_trick"] = self._record(d["last_trick"], "rules") if d["last_trick"] else None
        snap["last_deal"] = dict(d["deal_log"][-1]) if d["deal_log"] else None
        return snap

    def observe(self, seat):
        d = self.d
        over = self.is_over()
        v = {
            "dealer": d["dealer"],
            "leader": d["leader"],
            "to_act": d["to_act"],
            "trick_number": None if over else len(d["history"]) + 1,
            "trick": [list(p) for p in d["trick"]],
            "hand_counts": [len(h) for h in d["hands"]],
            "history": [self._record(k) for k in d["history"]],
            "last_trick": self._record(d["last_trick"]) if d["last_trick"] else None,
            "tricks": list(d["tricks"]),
            "deal_points": list(d["deal_points"]),
            "escaped_points": d["escaped_points"],
            "scores": list(d["scores"]),
            "deals_played": d["deals_played"],
            "deals_total": d["options"]["deals"],
            "last_deal": dict(d["deal_log"][-1]) if d["deal_log"] else None,
            "events": [{"code": e["code"], "params": dict(e["params"])} for e in d["events"]],
        }
        if seat is not None:
            v["hand"] = list(d["hands"][seat])
        return v

    def seen_tiles(self, seat):
        """Faces ``seat`` sees: its own hand and every tile played this deal (and the last trick)."""
        d = self.d
        seen = set(d["hands"][seat]) if seat is not None else set()
        for kept in d["history"]:
            seen.update(kept[2:])
        if d["last_trick"]:
            seen.update(d["last_trick"][2:])
        seen.update(t for _, t in d["trick"])
        return seen

    def hidden_cards(self, seat):
        """Faces only in other hands. A face the seat sees elsewhere (its own copy of a civil pair,
        a played copy) is not a secret by its name, so it is not listed."""
        d = self.d
        other = {t for s, h in enumerate(d["hands"]) if s != seat for t in h}
        return other - self.seen_tiles(seat)

    def all_cards(self):
        return list(TILES)

    # -- checking a saved state ---------------------------------------------------------------
    def check_invariants(self):
        """The parts agree: the current deal is the whole set (hands plus tricks, and the explicit
        deal where there is one), its tricks replay counter-clockwise from the dealer with the right
        winners and counts, the totals are the logged deals on top of the start, dealers rotate."""
        d = self.d
        opts = d["options"]
        over = d["phase"] == "over"

        def fail(why):
            raise ValueError(f"deer_hunt: {why}")

        for i, hands in enumerate(d["deals"]):
            if sorted(t for h in hands for t in h) != sorted(FULL_SET):
                fail(f"explicit deal {i + 1} is not the whole set")
        first, log = d["first_deal"], d["deal_log"]
        if first >= opts["deals"] or len(d["deals"]) > opts["deals"] - first:
            fail("the setup's deals do not fit the game's number of deals")
        if d["deals_played"] != first + len(log) or d["deals_played"] > opts["deals"]:
            fail("the deals played do not agree with the deal log")
        if over != (d["deals_played"] == opts["deals"]):
            fail("the phase does not agree with the number of deals")
        for i, r in enumerate(log):
            if r["dealer"] != (log[0]["dealer"] + 3 * i) % SEATS:
                fail("the dealers of the logged deals do not rotate to the right")
            if sum(r["tricks"]) > TRICKS or sum(r["points"]) + r["escaped_points"] != 64:
                fail(f"logged deal {i + 1} does not add up")
            if r["escaped_points"] and not opts["deer_escape"]:
                fail("points escaped without the deer_escape option")
        if log and d["dealer"] != (log[-1]["dealer"] if over else next_seat(log[-1]["dealer"])):
            fail("the dealer does not follow the logged deals")
        for t in (0, 1):
            if d["scores"][t] != d["start_scores"][t] + sum(r["points"][t] for r in log):
                fail("the totals are not the logged deals on top of the starting scores")
        # The current deal (for a game over, the last one) replayed from its tricks.
        dealt = [list(h) for h in d["hands"]]
        leader = d["dealer"]
        tricks, pts, escaped = [0, 0], [0, 0], 0
        for number, kept in enumerate(d["history"], 1):
            if kept[0] != leader:
                fail(f"trick {number} was not led by the winner of the trick before")
            seat = leader
            plays = []
            for tile in kept[2:]:
                dealt[seat].append(tile)
                plays.append([seat, tile])
                seat = next_seat(seat)
            winner = trick_winner(plays)
            if kept[1] != winner:
                fail(f"trick {number} names the wrong winner")
            value = sum(POINTS[t] for t in kept[2:])
            if escapes(kept[2:], opts):
                escaped += value
            else:
                tricks[team_of(winner)] += 1
                pts[team_of(winner)] += value
            leader = winner
        if [tricks, pts, escaped] != [d["tricks"], d["deal_points"], d["escaped_points"]]:
            fail("the tricks and points of the deal do not follow its tricks")
        seat = leader
        for s, tile in d["trick"]:
            if s != seat:
                fail("the trick in progress is not played counter-clockwise from its leader")
            dealt[s].append(tile)
            seat = next_seat(seat)
        if any(len(h) != HAND for h in dealt) or sorted(t for h in dealt for t in h) != sorted(
            FULL_SET
        ):
            fail("the hands and the tiles played are not a deal of the whole set")
        if self.explicit_deal():
            index = d["deals_played"] - first - (1 if over else 0)
            if [sort_hand(h) for h in dealt] != d["deals"][index]:
                fail("the tiles of this deal are not the explicit deal")
        if d["history"] and d["last_trick"] != d["history"][-1]:
            fail("the last trick is not the deal's last finished trick")
        if not d["history"] and (d["last_trick"] is None) != (not log):
            fail("the last trick does not agree with the deals played")
        if d["events"] != self._expected_events():
            fail("the events are not what the last play caused")
        if over:
            if len(d["history"]) != TRICKS or d["trick"] or d["to_act"] is not None:
                fail("the game is over in the middle of a deal")
            if d["leader"] is not None or log[-1] != {
                "dealer": d["dealer"],
                "points": pts,
                "tricks": tricks,
                "escaped_points": escaped,
            }:
                fail("the last logged deal is not the deal just played")
        else:
            if len(d["history"]) >= TRICKS:
                fail("a finished deal is still in play")
            if d["leader"] != leader or d["to_act"] != seat:
                fail("the leader or the seat to act does not follow the tricks")


DeerHuntState.info = GAME = GameInfo(
    slug="deer_hunt",
    title="Deer Hunt",
    min_players=4,
    max_players=4,
    default_players=4,
    daily={"deals": 1},  # one deal for the daily deal
    options=(
        Option("deals", 4, "int", "deals in a game", minimum=1, maximum=MAX_DEALS),
        Option(
            "deal",
            "fair",
            "choice",
            "how shuffled deals are made: fair (each team one each of 6-6, 5-6, 4-6, 4-4), "
            "fair_even (two of them to each player), fair_66 (one 6-6 each team), random",
            choices=("fair", "fair_even", "fair_66", "random"),
        ),
        Option(
            "deer_escape",
            False,
            "bool",
            "a trick of four red-pip tiles scores for nobody (the deer escapes)",
        ),
        Option(
            "tiebreak",
            "draw",
            "choice",
            "equal totals: a draw, or the team that won the last deal",
            choices=("draw", "last_deal"),
        ),
    ),
    state_class=DeerHuntState,
    max_actions=SEATS * HAND * MAX_DEALS,
    variants=(
        {"deer_escape": True},
        {"deal": "random", "deals": 2},
        {"deal": "fair_even", "deals": 1},
        {"deal": "fair_66", "deals": 1, "tiebreak": "last_deal"},
    ),
    computer_players=True,
    teams=TEAMS,
)
