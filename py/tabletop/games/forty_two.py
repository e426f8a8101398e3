"""42 (Texas Forty-Two): partnership trick-taking with a double-six domino set.

Source: the blog article "推しのペア戦トリックテイキングゲーム" (item 7, "42(Forty Two)"), as decided by
the design's rules file docs/rules/forty_two.md (standard Texas rules and their house variants).
In this repository: its worked examples in tests/vectors/forty_two.json, its rules for players in
static/rules/forty_two.json.

Rules in brief
    4 players, partners opposite: seats 0+2 (team 0) against 1+3 (team 1). The 28 tiles of a
    double-six set, 7 each. Phase ``bid``: one round from the dealer's left, one action each:
    ``pass`` or a bid higher than the high bid: 30-41 points, or marks (``1m`` = all 42 points;
    an opening mark bid is 1m or 2m, later ones raise by one mark), or (option ``plunge``, 4
    doubles in hand) ``plunge``. All pass: thrown in (or, ``all_pass="forced_dealer"``, the
    dealer must bid). Phase ``call``: the caller (the bidder; after a plunge his partner) names
    trumps: a number 0-6, the doubles, ``followme`` (no trumps), or with a mark bid ``nello``
    (partner sits out, the bidder must lose every trick) or ``sevens`` (closest to 7 wins).
    Phase ``play``: seven tricks, the caller leads. A led tile's suit is its higher end unless it
    is a trump; follow if you can; the highest trump wins, else the highest of the led suit
    (doubles highest in their suit). A trick is worth 1 point plus its count tiles (5-5 and 4-6
    ten, 0-5 1-4 2-3 five): 42 in a deal. The bidders need the bid (all seven tricks for marks);
    the deal stops as soon as it is made or set. A point bid is worth 1 mark, ``km`` k marks, a
    plunge its value; made: the bidders gain them, set: the opponents. First to
    ``target_marks`` (7) wins.

Action notation
    ``pass``, ``bid 30`` ... ``bid 41``, ``bid 1m``, ``bid 2m``, ..., ``bid plunge``; ``call 0`` ...
    ``call 6``, ``call doubles``, ``call followme``, ``call nello``, ``call sevens``; ``play a-b``.
    Tiles are ``"a-b"`` with a <= b; ``"b-a"`` is accepted and normalised. Canonical order: the
    rules file's (set order for tiles).

View (``view(seat)``)
    The rules file's section 9 keys: ``dealer``, ``to_act``, ``hand`` (own), ``hand_counts``,
    ``bids``, ``high_bid``, ``bidder``, ``value``, ``caller``, ``contract``, ``sitting_out``,
    ``leader``, ``trick``, ``history``, ``tricks``, ``points``, ``marks``, ``target_marks``,
    ``deals_played``, ``last_deal``, ``events``; plus ``teams``, ``need`` (points the bidders
    need, or null) and ``count_left`` (count points not yet taken this deal).

Decisions beyond the rules file
    - ``events`` entries are ``{"code", "params"}`` objects (the shape every view message has in
      this app, so the page words them with one function), not flat objects, and their codes
      carry the prefix ``ev_`` (``ev_bid``, ``ev_play`` ...): the app's string tables already use
      ``play`` and ``game_over`` for a button and a refusal.
    - ``history`` entries use the shared trick shape (``leader``, ``cards``, ``winner``,
      ``points``; tabletop.tricks), ``cards`` in place of the rules file's ``plays``.
    - Refusal codes: the suggested ones, plus ``malformed_bid`` / ``malformed_call`` /
      ``malformed_play`` (a move of the wrong kind or unreadable, naming what is expected),
      ``bid_below_minimum`` (under 30) and
      ``bid_is_marks`` (``bid 42`` / ``bid 84``: write 1m, 2m).
    - Mark bids go up to ``9m`` (four seats bidding one mark higher each, plunges included, stay
      far below it); starting ``marks`` must both be below ``target_marks``.
    - When a deal ends and the next is dealt, the ``ev_play`` event of its last tile is dropped
      (that tile is in a new hand now; the finished deal is told by ``last_deal``).
    - Thrown-in deals are records in ``result["deals"]`` (and ``last_deal``), as section 7 shows.
"""

from __future__ import annotations

import re

from ..core import GameInfo, GameState, IllegalAction, Option, Standing
from ..reader import (
    Bool,
    Card,
    Cards,
    Choice,
    Ctx,
    Either,
    Fields,
    Int,
    List,
    Opt,
    PerSeat,
    Seat,
    Tuple,
    check,
    conserve,
)
from ..tricks import finished_view

TILES = tuple(f"{a}-{b}" for a in range(7) for b in range(a, 7))
ORDER = {t: i for i, t in enumerate(TILES)}
ENDS = {t: (int(t[0]), int(t[2])) for t in TILES}
COUNT = {"5-5": 10, "4-6": 10, "0-5": 5, "1-4": 5, "2-3": 5}
TEAMS = [[0, 2], [1, 3]]
POINT_BIDS = tuple(str(n) for n in range(30, 42))
MAX_MARKS = 9
MARK_BIDS = tuple(f"{k}m" for k in range(1, MAX_MARKS + 1))
BIDS = POINT_BIDS + MARK_BIDS + ("plunge",)
NUMBERS = tuple(str(n) for n in range(7))
CONTRACTS = NUMBERS + ("doubles", "followme", "nello", "sevens")
_TILE = re.compile(r"^([0-6])-([0-6])$")


def norm_tile(text):
    """``"b-a"`` -> ``"a-b"``; anything that is not a tile code is returned as it is."""
    m = _TILE.match(text) if isinstance(text, str) else None
    if not m:
        return text
    a, b = sorted((int(m.group(1)), int(m.group(2))))
    return f"{a}-{b}"


def is_double(tile):
    a, b = ENDS[tile]
    return a == b


def pips(tile):
    a, b = ENDS[tile]
    return a + b


def count_of(tile):
    return COUNT.get(tile, 0)


def bid_value(bid):
    """Marks a bid is worth when it wins: 1 for points, k for km (plunge: see ``plunge_value``)."""
    return int(bid[:-1]) if bid.endswith("m") else 1


def bid_rank(bid, value):
    """Bids compare by points: N, 42 k for km, 42 x value for a plunge."""
    if bid in POINT_BIDS:
        return int(bid)
    return 42 * value


def need_of(bid):
    return int(bid) if bid in POINT_BIDS else 42


def is_trump(tile, contract):
    if contract in NUMBERS:
        return int(contract) in ENDS[tile]
    if contract == "doubles":
        return is_double(tile)
    return False


def led_suit(tile, contract, nello_doubles):
    """ "T" (trumps), "D" (the doubles' own suit in nello) or the number of the higher end."""
    if is_trump(tile, contract):
        return "T"
    if contract == "nello" and nello_doubles == "own_suit" and is_double(tile):
        return "D"
    return ENDS[tile][1]


def follows(tile, suit, contract, nello_doubles):
    if suit == "T":
        return is_trump(tile, contract)
    if suit == "D":
        return is_double(tile)
    return (
        suit in ENDS[tile]
        and not is_trump(tile, contract)
        and not (contract == "nello" and nello_doubles == "own_suit" and is_double(tile))
    )


def rank_in(tile, suit, contract, nello_doubles):
    """Order of a tile within ``suit`` (higher wins)."""
    a, b = ENDS[tile]
    if suit == "D" or (suit == "T" and contract == "doubles"):
        return a
    n = int(contract) if suit == "T" else suit
    if a == b:
        return -1 if contract == "nello" and nello_doubles == "low" else 7
    return a if b == n else b


def distance(tile):
    return abs(pips(tile) - 7)


def playable(hand, trick, contract, nello_doubles):
    """The tiles of ``hand`` that may be played to ``trick`` (``[[seat, tile], ...]``)."""
    if contract == "sevens":
        best = min(distance(t) for t in hand)
        return [t for t in hand if distance(t) == best]
    if not trick:
        return list(hand)
    suit = led_suit(trick[0][1], contract, nello_doubles)
    same = [t for t in hand if follows(t, suit, contract, nello_doubles)]
    return same or list(hand)


def trick_winner(trick, contract, nello_doubles):
    """The seat that wins a complete trick (rules section 6)."""
    if contract == "sevens":
        best = min(range(len(trick)), key=lambda i: (distance(trick[i][1]), i))
        return trick[best][0]
    trumps = [p for p in trick if is_trump(p[1], contract)]
    if trumps:
        return max(trumps, key=lambda p: rank_in(p[1], "T", contract, nello_doubles))[0]
    suit = led_suit(trick[0][1], contract, nello_doubles)
    followers = [p for p in trick if follows(p[1], suit, contract, nello_doubles)]
    return max(followers, key=lambda p: rank_in(p[1], suit, contract, nello_doubles))[0]


def _event(code, **params):
    return {"code": code, "params": params}


# What an explicit setup and a saved state may hold (tabletop.reader): anything else is refused.
MAX_DEALS = 20_000
DEAL = PerSeat(Cards(n=7))
SETUP = Fields(
    {},
    optional={
        "hands": DEAL,
        "deals": List(Fields({"hands": DEAL}), 0, 1000),
        "dealer": Seat(),
        "marks": List(Int(0, 20), 2, 2),
    },
)
RECORD = Fields(
    {
        "dealer": Seat(),
        "bidder": Opt(Seat()),
        "bid": Opt(Choice(*BIDS)),
        "value": Int(0, MAX_MARKS + 1),
        "caller": Opt(Seat()),
        "contract": Opt(Choice(*CONTRACTS)),
        "tricks": List(Int(0, 7), 2, 2),
        "points": List(Int(0, 42), 2, 2),
        "made": Opt(Bool()),
        "scoring_team": Opt(Int(0, 1)),
        "award": Int(0, MAX_MARKS + 1),
    }
)
EVENT = Fields(
    {
        "code": Choice(
            "ev_bid",
            "ev_pass",
            "ev_call",
            "ev_play",
            "ev_trick_won",
            "ev_deal_made",
            "ev_deal_set",
            "ev_thrown_in",
            "ev_game_over",
        ),
        "params": Fields(
            {},
            optional={
                "seat": Seat(),
                "bid": Choice(*BIDS),
                "contract": Choice(*CONTRACTS),
                "tile": Card(counted=False),
                "team": Int(0, 1),
                "points": Int(0, 42),
                "award": Int(0, MAX_MARKS + 1),
                "dealer": Seat(),
                "winner_team": Int(0, 1),
            },
        ),
    }
)
PLAY = Tuple(Seat(), Card())
STATE = Fields(
    {
        "deals": List(PerSeat(Cards(n=7, counted=False)), 0, 1000),
        "deal_index": Int(0, MAX_DEALS),
        "dealer": Seat(),
        "marks": List(Int(0, 40), 2, 2),
        "deals_played": Int(0, MAX_DEALS),
        "log": List(RECORD, 0, MAX_DEALS),
        "hands": PerSeat(Cards(hi=7, ordered=True)),
        "bids": List(Tuple(Seat(), Choice("pass", *BIDS)), 0, 4),
        "high_bid": Opt(Choice(*BIDS)),
        "bidder": Opt(Seat()),
        "value": Opt(Int(1, MAX_MARKS + 1)),
        "caller": Opt(Seat()),
        "contract": Opt(Choice(*CONTRACTS)),
        "sitting_out": Opt(Seat()),
        "to_act": Opt(Seat()),
        "leader": Opt(Seat()),
        "trick": List(PLAY, 0, 3),
        # A finished trick as [leader, winner, tiles in play order...]: 4 tiles, or 3 in nello.
        "history": List(
            Either(
                Tuple(Seat(), Seat(), Card(), Card(), Card(), Card()),
                Tuple(Seat(), Seat(), Card(), Card(), Card()),
            ),
            0,
            7,
        ),
        "tricks": List(Int(0, 7), 2, 2),
        "points": List(Int(0, 42), 2, 2),
        "events": List(EVENT, 0, 8),
    }
)


def _normalise_setup(setup):
    """A copy of the setup with every tile written ``a-b`` (the rules accept ``b-a``)."""

    def hands(value):
        if isinstance(value, list):
            return [[norm_tile(t) for t in h] if isinstance(h, list) else h for h in value]
        return value

    out = dict(setup)
    if "hands" in out:
        out["hands"] = hands(out["hands"])
    if isinstance(out.get("deals"), list):
        out["deals"] = [
            {**d, "hands": hands(d["hands"])} if isinstance(d, dict) and "hands" in d else d
            for d in out["deals"]
        ]
    return out


class FortyTwoState(GameState):
    STATE, CARDS, ALL_CARDS_KEPT = STATE, ORDER, True

    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        deals, dealer, marks = [], 0, [0, 0]
        if setup is not None:
            setup = _normalise_setup(setup)
            check(setup, SETUP, Ctx("forty_two", 4, ORDER), "setup")
            if "hands" in setup and "deals" in setup:
                raise ValueError("forty_two: give either 'hands' or 'deals' in the setup, not both")
            deals = (
                [x["hands"] for x in setup["deals"]]
                if "deals" in setup
                else [setup["hands"]]
                if "hands" in setup
                else []
            )
            for number, hands in enumerate(deals, 1):
                ctx = Ctx("forty_two", 4, ORDER)  # each deal is the whole set, once
                check(hands, DEAL, ctx, f"setup deal {number}")
                conserve(ctx, complete=True)
            deals = [[sorted(h, key=ORDER.__getitem__) for h in hands] for hands in deals]
            dealer = setup.get("dealer", 0)
            marks = list(setup.get("marks", [0, 0]))
            if max(marks) >= self.d["options"]["target_marks"]:
                raise ValueError(
                    "forty_two: starting marks must be below target_marks, or the game is over"
                )
        self.d.update(
            {
                "deals": deals,
                "deal_index": 0,
                "dealer": dealer,
                "marks": marks,
                "deals_played": 0,
                "log": [],
                "events": [],
            }
        )
        self._start_deal()

    def _deal_hands(self):
        d = self.d
        if d["deal_index"] < len(d["deals"]):
            hands = [list(h) for h in d["deals"][d["deal_index"]]]
        else:
            tiles = list(TILES)
            self.rng.shuffle(tiles)
            hands = [None] * 4
            for k in range(4):  # 1-7 to the dealer's left, ..., the last 7 to the dealer
                hands[(d["dealer"] + 1 + k) % 4] = tiles[7 * k : 7 * k + 7]
        d["deal_index"] += 1
        return [sorted(h, key=ORDER.__getitem__) for h in hands]

    def _start_deal(self):
        d = self.d
        d.update(
            {
                "phase": "bid",
                "hands": self._deal_hands(),
                "bids": [],
                "high_bid": None,
                "bidder": None,
                "value": None,
                "caller": None,
                "contract": None,
                "sitting_out": None,
                "to_act": (d["dealer"] + 1) % 4,
                "leader": None,
                "trick": [],
                "history": [],
                "tricks": [0, 0],
                "points": [0, 0],
            }
        )

    # -- whose turn -----------------------------------------------------------------------------
    def _movers(self):
        return [self.d["to_act"]]

    movers_bid = movers_call = movers_play = _movers

    # -- legal actions ------------------------------------------------------------------------
    def _high_marks(self):
        d = self.d
        if d["high_bid"] is None or d["high_bid"] in POINT_BIDS:
            return 0
        return d["value"]

    def _plunge_value(self):
        return max(4, self._high_marks() + 1)

    def _bid_refusal(self, seat, bid):
        """None when ``bid`` (a word of BIDS) is legal for ``seat`` now, else the IllegalAction."""
        d = self.d
        high, hm = d["high_bid"], self._high_marks()
        if bid in POINT_BIDS:
            if high is not None and (high not in POINT_BIDS or int(bid) <= int(high)):
                return IllegalAction(
                    "bid_too_low", f"{bid} does not beat {high}", bid=bid, high=high
                )
            return None
        if bid == "plunge":
            if not d["options"]["plunge"]:
                return IllegalAction("bid_not_allowed", "plunge is not played", bid=bid)
            doubles = sum(1 for t in d["hands"][seat] if is_double(t))
            if doubles < 4:
                return IllegalAction(
                    "plunge_needs_4_doubles",
                    f"a plunge needs 4 doubles; you hold {doubles}",
                    n=doubles,
                )
            return None
        k = int(bid[:-1])
        allowed = (1, 2) if hm == 0 else (2,) if hm == 1 else (hm + 1,)
        if k not in allowed:
            if hm and k <= hm:
                return IllegalAction(
                    "bid_too_low", f"{bid} does not beat {high}", bid=bid, high=high
                )
            return IllegalAction(
                "bid_not_allowed",
                f"{bid} is not allowed now: an opening mark bid is at most 2m, later ones one more",
                bid=bid,
                most=2 if hm <= 1 else hm + 1,
            )
        return None

    def legal_bid(self, seat):
        d = self.d
        out = []
        forced = (
            d["options"]["all_pass"] == "forced_dealer"
            and seat == d["dealer"]
            and d["high_bid"] is None
        )
        if not forced:
            out.append("pass")
        hm = self._high_marks()
        for bid in BIDS:
            if bid.endswith("m") and int(bid[:-1]) > max(2, hm + 1):
                continue
            if self._bid_refusal(seat, bid) is None:
                out.append("bid " + bid)
        return out

    def legal_call(self, seat):
        d = self.d
        opts = d["options"]
        out = ["call " + n for n in NUMBERS] + ["call doubles"]
        if opts["follow_me"]:
            out.append("call followme")
        marks_bid = d["high_bid"] in MARK_BIDS
        if opts["nello"] and marks_bid:
            out.append("call nello")
        if opts["sevens"] and marks_bid:
            out.append("call sevens")
        return out

    def playable(self, seat):
        d = self.d
        return playable(d["hands"][seat], d["trick"], d["contract"], d["options"]["nello_doubles"])

    def legal_play(self, seat):
        return ["play " + t for t in self.playable(seat)]

    # -- applying -----------------------------------------------------------------------------
    def apply_bid(self, seat, verb, args):
        d = self.d
        if verb == "pass" and not args:
            if "pass" not in self.legal_bid(seat):
                raise IllegalAction("must_bid", "everyone passed: the dealer must bid at least 30")
            d["bids"].append([seat, "pass"])
            events = [_event("ev_pass", seat=seat)]
        elif verb == "bid" and len(args) == 1:
            bid = args[0]
            if bid in ("42", "84"):
                raise IllegalAction(
                    "bid_is_marks", "42 is written 1m, 84 is 2m", bid=bid, marks=int(bid) // 42
                )
            if re.fullmatch(r"\d{1,3}", bid) and int(bid) < 30:
                raise IllegalAction(
                    "bid_below_minimum", f"{bid} is below the minimum bid 30", bid=bid
                )
            if bid not in BIDS:
                raise IllegalAction(
                    "malformed_bid", f"{bid[:12]!r} is not a bid (30-41, 1m, 2m, ...)"
                )
            refusal = self._bid_refusal(seat, bid)
            if refusal is not None:
                raise refusal
            value = self._plunge_value() if bid == "plunge" else bid_value(bid)
            d["bids"].append([seat, bid])
            d["high_bid"], d["bidder"], d["value"] = bid, seat, value
            events = [_event("ev_bid", seat=seat, bid=bid)]
        else:
            raise IllegalAction(
                "malformed_bid", "bid: 'pass', 'bid 30' ... 'bid 41', 'bid 1m', 'bid 2m', ..."
            )
        d["events"] = events
        if seat != d["dealer"]:
            d["to_act"] = (seat + 1) % 4
            return
        if d["high_bid"] is None:
            self._end_deal(None)
            return
        d["caller"] = (d["bidder"] + 2) % 4 if d["high_bid"] == "plunge" else d["bidder"]
        d["phase"], d["to_act"] = "call", d["caller"]

    def apply_call(self, seat, verb, args):
        d = self.d
        if verb != "call" or len(args) != 1 or args[0] not in CONTRACTS:
            raise IllegalAction(
                "malformed_call", "call trumps: 'call 0' ... 'call 6', 'call doubles', ..."
            )
        contract = args[0]
        if "call " + contract not in self.legal_call(seat):
            raise IllegalAction(
                "call_not_allowed",
                f"{contract} may not be called here",
                contract=contract,
                marks_needed=contract in ("nello", "sevens")
                and bool(d["options"][contract])
                and d["high_bid"] not in MARK_BIDS,
            )
        d["contract"] = contract
        if contract == "nello":
            d["sitting_out"] = (d["bidder"] + 2) % 4
        d["phase"], d["leader"], d["to_act"], d["trick"] = "play", seat, seat, []
        d["events"] = [_event("ev_call", seat=seat, contract=contract)]

    def apply_play(self, seat, verb, args):
        d = self.d
        if verb != "play" or len(args) != 1:
            raise IllegalAction("malformed_play", "play one tile, e.g. 'play 3-5'")
        tile = norm_tile(args[0])
        if tile not in ORDER:
            raise IllegalAction("malformed_play", f"{args[0][:12]!r} is not a tile")
        hand = d["hands"][seat]
        if tile not in hand:
            raise IllegalAction("tile_not_in_hand", f"you do not hold {tile}", tile=tile)
        allowed = self.playable(seat)
        if tile not in allowed:
            if d["contract"] == "sevens":
                raise IllegalAction(
                    "must_play_closest_to_7",
                    f"{tile} is not among your tiles closest to 7 pips",
                    tile=tile,
                    tiles=allowed,
                )
            suit = led_suit(d["trick"][0][1], d["contract"], d["options"]["nello_doubles"])
            raise IllegalAction(
                "must_follow",
                f"{tile} does not follow; you hold {', '.join(allowed)}",
                tile=tile,
                suit="trumps" if suit == "T" else "doubles" if suit == "D" else str(suit),
                tiles=allowed,
            )
        hand.remove(tile)
        d["trick"].append([seat, tile])
        events = [_event("ev_play", seat=seat, tile=tile)]
        d["events"] = events
        size = 3 if d["sitting_out"] is not None else 4
        if len(d["trick"]) < size:
            nxt = (seat + 1) % 4
            if nxt == d["sitting_out"]:
                nxt = (nxt + 1) % 4
            d["to_act"] = nxt
            return
        trick = d["trick"]
        winner = trick_winner(trick, d["contract"], d["options"]["nello_doubles"])
        points = 1 + sum(count_of(t) for _, t in trick)
        team = winner % 2
        d["tricks"][team] += 1
        d["points"][team] += points
        d["history"].append([d["leader"], winner] + [t for _, t in trick])
        d["trick"], d["leader"], d["to_act"] = [], winner, winner
        events.append(_event("ev_trick_won", seat=winner, team=team, points=points))
        made = self._deal_decided(winner)
        if made is not None:
            self._end_deal(made)

    def _deal_decided(self, winner):
        """True (made), False (set) or None (play on), after a trick (rules section 7)."""
        d = self.d
        bteam = d["bidder"] % 2
        if d["contract"] == "nello":
            if winner == d["bidder"]:
                return False
            return True if len(d["history"]) == 7 else None
        need = need_of(d["high_bid"])
        if d["points"][bteam] >= need:
            return True
        if d["points"][1 - bteam] > 42 - need:
            return False
        return None

    def _end_deal(self, made):
        d = self.d
        if made is None:
            record = {
                "dealer": d["dealer"],
                "bidder": None,
                "bid": None,
                "value": 0,
                "caller": None,
                "contract": None,
                "tricks": [0, 0],
                "points": [0, 0],
                "made": None,
                "scoring_team": None,
                "award": 0,
            }
            d["events"].append(_event("ev_thrown_in", dealer=d["dealer"]))
        else:
            bteam = d["bidder"] % 2
            scoring = bteam if made else 1 - bteam
            record = {
                "dealer": d["dealer"],
                "bidder": d["bidder"],
                "bid": d["high_bid"],
                "value": d["value"],
                "caller": d["caller"],
                "contract": d["contract"],
                "tricks": list(d["tricks"]),
                "points": list(d["points"]),
                "made": made,
                "scoring_team": scoring,
                "award": d["value"],
            }
            d["marks"][scoring] += d["value"]
            d["events"].append(
                _event("ev_deal_made" if made else "ev_deal_set", team=scoring, award=d["value"])
            )
        d["log"].append(record)
        d["deals_played"] += 1
        target = d["options"]["target_marks"]
        if max(d["marks"]) >= target:
            winner = 0 if d["marks"][0] >= target else 1
            d["phase"], d["to_act"], d["trick"] = "over", None, []
            d["events"].append(_event("ev_game_over", winner_team=winner))
            return
        d["dealer"] = (d["dealer"] + 1) % 4
        # The tiles are dealt again: the last tile's code, now in a new hand, is no longer named.
        d["events"] = [e for e in d["events"] if e["code"] != "ev_play"]
        self._start_deal()

    # -- checking a saved state -------------------------------------------------------------------
    def check_invariants(self):
        d = self.d

        def fail(reason):
            raise ValueError(f"forty_two: {reason}")

        phase = d["phase"]
        for t in d["history"]:
            if len(t) - 2 != (3 if d["sitting_out"] is not None else 4):
                fail("a finished trick has the wrong number of tiles")
        # Tiles per seat: each hand holds 7 less what that seat played this deal.
        seats_played = [0, 0, 0, 0]
        for t in d["history"]:
            seats = self._trick_seats(t[0])
            for s in seats[: len(t) - 2]:
                seats_played[s] += 1
        for s, _ in d["trick"]:
            seats_played[s] += 1
        for s in range(4):
            if len(d["hands"][s]) + seats_played[s] != 7:
                fail(f"seat {s} holds {len(d['hands'][s])} tiles after playing {seats_played[s]}")
        if sum(d["tricks"]) != len(d["history"]):
            fail("the tricks counted do not match the tricks played")
        if phase in ("bid", "call") and (d["history"] or d["trick"]):
            fail("tiles are played before the play")
        if phase == "bid" and len(d["bids"]) >= 4:
            fail("every seat has bid but the bidding goes on")
        if phase in ("call", "play") and (d["bidder"] is None or d["caller"] is None):
            fail("no bidder in a called deal")
        if phase == "play" and d["contract"] is None:
            fail("play without a contract")
        if phase != "over" and d["to_act"] is None:
            fail("nobody is to act")
        if phase != "over" and max(d["marks"]) >= d["options"]["target_marks"]:
            fail("a team has the marks to win but the game goes on")
        if phase == "over" and max(d["marks"]) < d["options"]["target_marks"]:
            fail("the game is over but no team has the marks to win")
        if d["to_act"] is not None and d["to_act"] == d["sitting_out"]:
            fail("the seat sitting out is to act")

    def _trick_seats(self, leader):
        out, seat = [], leader
        while len(out) < (3 if self.d["sitting_out"] is not None else 4):
            if seat != self.d["sitting_out"]:
                out.append(seat)
            seat = (seat + 1) % 4
        return out

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        target = d["options"]["target_marks"]
        winner = 0 if d["marks"][0] >= target else 1
        return {
            "marks": list(d["marks"]),
            "winner_team": winner,
            "winners": list(TEAMS[winner]),
            "deals_played": d["deals_played"],
            "deals": [dict(r) for r in d["log"]],
        }

    def standing(self):
        marks = list(self.d["marks"])
        return Standing(
            keys=marks, sides=self.info.teams, scores=[marks[s % 2] for s in range(self.players)]
        )

    def _history_view(self):
        return [
            finished_view(
                t[0],
                zip(self._trick_seats(t[0]), t[2:]),
                t[1],
                points=1 + sum(count_of(x) for x in t[2:]),
            )
            for t in self.d["history"]
        ]

    def snapshot(self):
        snap = super().snapshot()
        snap["last_deal"] = dict(self.d["log"][-1]) if self.d["log"] else None
        snap["legal"] = self.legal_actions(self.d["to_act"]) if not self.is_over() else []
        return snap

    def observe(self, seat):
        d = self.d
        taken = sum(count_of(x) for t in d["history"] for x in t[2:])
        v = {
            "teams": [[0, 2], [1, 3]],
            "dealer": d["dealer"],
            "to_act": d["to_act"],
            "hand_counts": [len(h) for h in d["hands"]],
            "bids": [list(b) for b in d["bids"]],
            "high_bid": d["high_bid"],
            "bidder": d["bidder"],
            "value": d["value"],
            "caller": d["caller"],
            "contract": d["contract"],
            "sitting_out": d["sitting_out"],
            "need": need_of(d["high_bid"]) if d["high_bid"] is not None else None,
            "leader": d["leader"],
            "trick": [list(p) for p in d["trick"]],
            "history": self._history_view(),
            "tricks": list(d["tricks"]),
            "points": list(d["points"]),
            "count_left": 35 - taken,
            "marks": list(d["marks"]),
            "target_marks": d["options"]["target_marks"],
            "deals_played": d["deals_played"],
            "last_deal": dict(d["log"][-1]) if d["log"] else None,
            "events": [{"code": e["code"], "params": dict(e["params"])} for e in d["events"]],
        }
        if seat is not None:
            v["hand"] = list(d["hands"][seat])
        return v

    def hidden_cards(self, seat):
        hidden = set()
        for s, hand in enumerate(self.d["hands"]):
            if s != seat:
                hidden.update(hand)
        return hidden

    def all_cards(self):
        return list(TILES)


FortyTwoState.info = GAME = GameInfo(
    slug="forty_two",
    title="42",
    min_players=4,
    max_players=4,
    default_players=4,
    daily={"target_marks": 1},  # one deal decides the daily game
    options=(
        Option("target_marks", 7, "int", "marks a team needs to win", minimum=1, maximum=21),
        Option(
            "all_pass",
            "redeal",
            "choice",
            "all four pass: deal again, or the dealer must bid",
            choices=("redeal", "forced_dealer"),
        ),
        Option("follow_me", True, "bool", "the caller may call follow-me (no trumps)"),
        Option("nello", False, "bool", "a mark bid may call nello (the bidder loses every trick)"),
        Option(
            "nello_doubles",
            "own_suit",
            "choice",
            "doubles in nello: a suit of their own, highest, or lowest of their number",
            choices=("own_suit", "high", "low"),
        ),
        Option("sevens", False, "bool", "a mark bid may call sevens (closest to 7 wins)"),
        Option("plunge", False, "bool", "a hand with 4 doubles may bid plunge"),
    ),
    state_class=FortyTwoState,
    max_actions=100_000,
    variants=(
        {"nello": True, "sevens": True, "plunge": True, "target_marks": 3},
        {
            "all_pass": "forced_dealer",
            "nello": True,
            "nello_doubles": "low",
            "follow_me": False,
            "target_marks": 2,
        },
        {"nello": True, "nello_doubles": "high", "plunge": True, "target_marks": 2},
    ),
    computer_players=True,
    teams=tuple(tuple(team) for team in TEAMS),
)
