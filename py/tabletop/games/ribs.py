"""Ribs: bid before each of four "double tricks"; only ranks count.

Source: the Japanese blog article on the game (a blog translation of pagat.com's Ribs page), as decided by the design's
rules file for this game, which settles what the article leaves open. In this repository:
its worked examples in tests/vectors/ribs.json, its rules for players in
static/rules/ribs.json.

Rules in brief
    4-10 players, 8 cards each from n packets of A K Q J T 9 8 7 (S H D C, then S#2 H#2 ...).
    Card points: A 0, K Q J 2, T 9 8 7 1. A deal is four tricks; before each one an auction:
    the opener (dealer's left for trick 1, then the previous leader) must bid 2, then in turn
    each seat still in passes (for this auction only) or bids exactly one more (at most 4n),
    until one seat is left: the leader, whose bid is the contract. The leader lays two cards
    face down (the ribs); everyone else plays two cards face up, or folds them face down (the
    folded cards leave the deal unseen). Then the ribs are shown. A seat whose two ranks equal
    the ribs' (the first such in playing order) takes everything on the table and the contract
    fails. Otherwise each face-up seat with no rank of the ribs and a card above the lower rib
    takes its own cards back; the leader takes the other face-up cards, and keeps the ribs too
    if ribs + taken reach the bid (else the ribs leave the deal). After four tricks each seat
    scores the points it won. Options: ``lemons`` (7 ranks highest; at the end a majority of
    the 7s scores 10, else -3 per 7), ``face_up_fourth_trick`` (ribs face up, no folding in
    trick 4), ``deals`` (number of deals; the deal passes left).

Action notation
    ``bid K``, ``pass`` (auction); ``lead C1 C2`` (leader), ``play C1 C2``, ``fold C1 C2``.
    Cards are rank+suit codes with a copy index from the second packet of a suit on: ``KS``,
    ``TD``, ``KS#2``. Canonical card order is the pack order: packets S H D C S#2 H#2 D#2 C#2
    S#3 H#3, each A K Q J T 9 8 7.

View (``view(seat)``)
    ``hand`` (own, strongest rank first), ``hand_counts``; ``deal_number``, ``dealer``,
    ``trick_number`` (1-4), ``to_act``, ``to_move``, ``legal_actions``; the auction: ``opener``,
    ``bid`` (high bid, or the contract in play), ``high_bidder``, ``passed`` (seats out of this
    auction), ``auction`` (this auction's calls as [seat, "bid 3"] / [seat, "pass"]); in play
    ``leader``, ``trick`` and ``folded``. Tricks are in the shared shape of tabletop.tricks,
    where a "card" is a seat's two cards: ``trick`` is ``[[seat, [c1, c2] | null], ...]`` in
    playing order, the leader's ribs first, null for two cards this seat may not see (ribs face
    down, another seat's fold: the folder sees its own), and ``folded`` lists the seats that
    folded. ``history``: this deal's finished tricks, each ``{"leader", "cards": [[leader, ribs],
    [seat, [c1, c2] | null], ...], "winner"}`` (the matcher, else the leader: who takes the
    table's cards) with ``trick_number``, ``deal``, ``bid``, ``folded``, ``matcher``,
    ``returned``, ``taken`` (by the leader), ``leader_total``, ``made``, ``ribs_lost``,
    ``points`` won per seat and a ``summary`` (messages ``{"code", "params"}``), so the last
    trick is ``history[-1]``; ``previous_deal_trick``: the last trick of the previous deal while
    no trick of the new deal is finished (else null); ``my_folded`` (own folded cards this
    deal); ``won_points`` (this deal, 7 = 1), ``scores``, ``deal_scores``, ``last_deal``
    (per-seat score breakdown with reasons as messages, of the latest finished deal) and, once
    over, ``result``.

Hidden information
    Others' hands, folded cards (never shown to anyone else) and the ribs until everyone has
    played (face up at once in trick 4 with ``face_up_fourth_trick``). The last trick of the
    previous deal stays on view until the first trick of the next deal is done; that deal is a
    new shuffle, so its codes no longer say where those cards are and ``hidden_cards`` leaves
    them out while they are shown (the harness's leak check is by card code).

Decisions beyond the rules file
    - Bids are plain numbers ("bid 3"); a bid is refused with the amount that is allowed.
    - Explicit setup: more deals than the game has (option ``deals``) are refused.
    - After the last deal's fourth trick the game is over; between deals the next deal starts
      at once with the next dealer.
    - The view lists the hand by rank strength (lemon-aware); actions use the pack order.
"""

from __future__ import annotations

from itertools import combinations

from ..cards import parse_cards
from ..core import GameInfo, GameState, IllegalAction, Option, Standing
from ..reader import (
    Bool,
    Cards,
    Ctx,
    Fields,
    Int,
    List,
    Opt,
    PerSeat,
    Seat,
    Text,
    Tuple,
    check,
    conserve,
)
from ..tricks import finished_view, trick_view

RANKS = "AKQJT987"
PACKETS = [
    ("S", 1),
    ("H", 1),
    ("D", 1),
    ("C", 1),
    ("S", 2),
    ("H", 2),
    ("D", 2),
    ("C", 2),
    ("S", 3),
    ("H", 3),
]


def _code(rank, suit, copy):
    return rank + suit if copy == 1 else f"{rank}{suit}#{copy}"


FULL_PACK = [_code(r, s, c) for s, c in PACKETS for r in RANKS]
ORDER = {card: i for i, card in enumerate(FULL_PACK)}
ORDERS = {
    n: {card: i for i, card in enumerate(FULL_PACK[: 8 * n])} for n in range(4, 11)
}  # the pack per table
POINTS = {"A": 0, "K": 2, "Q": 2, "J": 2, "T": 1, "9": 1, "8": 1, "7": 1}
STRENGTH = {r: 8 - i for i, r in enumerate(RANKS)}  # A 8 ... 7 1
LEMON_STRENGTH = dict(STRENGTH, **{"7": 9})  # 7 above the ace
RANK_WORDS = {"A": "A", "K": "K", "Q": "Q", "J": "J", "T": "10", "9": "9", "8": "8", "7": "7"}
TRICKS_PER_DEAL = 4


def rank(card):
    return card[0]


def points(cards):
    return sum(POINTS[c[0]] for c in cards)


def pack_for(players):
    return FULL_PACK[: 8 * players]


def resolve(leader, bid, ribs, plays, strength, players):
    """A trick's outcome once everyone has played: ``(outcome, gained)``, where ``gained`` is the
    cards each seat takes and ``outcome`` the record's facts (matcher, returned, taken,
    leader_total, made, ribs_lost, points). ``plays`` is ``[[seat, [c1, c2] | None], ...]``."""
    rib_ranks = sorted(rank(c) for c in ribs)
    lower = min(strength[rank(c)] for c in ribs)
    face_up = [(s, cards) for s, cards in plays if cards is not None]
    matcher = next((s for s, cards in face_up if sorted(rank(c) for c in cards) == rib_ranks), None)
    gained = [[] for _ in range(players)]
    returned, taken = [], []
    if matcher is not None:
        gained[matcher] = list(ribs) + [c for _, cards in face_up for c in cards]
        leader_total, made, ribs_lost = 0, False, False
    else:
        rib_set = set(rib_ranks)
        for s, cards in face_up:
            if all(rank(c) not in rib_set for c in cards) and any(
                strength[rank(c)] > lower for c in cards
            ):
                returned.append(s)
                gained[s] = list(cards)
            else:
                taken.extend(cards)
        leader_total = points(ribs) + points(taken)
        made = leader_total >= bid
        gained[leader] = (list(ribs) + taken) if made else list(taken)
        ribs_lost = not made
    outcome = {
        "matcher": matcher,
        "returned": returned,
        "taken": taken,
        "leader_total": leader_total,
        "made": made,
        "ribs_lost": ribs_lost,
        "points": [points(g) for g in gained],
    }
    return outcome, gained


def deal_score(won_count, sevens, score, lemons, players):
    """The reasons of a seat's deal score as messages ``{"code", "params"}`` (the strings are in
    static/strings/ribs.json), from what it won: its card count, its 7s and its score."""
    if not lemons:
        return [_message("deal_cards_won", n=won_count, points=score)]
    if sevens * 2 > players:
        bonus = 10
        last = _message("sevens_majority", n=sevens, total=players, points=bonus)
    else:
        bonus = -3 * sevens
        last = (
            _message("sevens_no_majority", n=sevens, total=players, points=bonus)
            if sevens
            else None
        )
    out = [_message("deal_other_cards_won", n=won_count - sevens, points=score - bonus)]
    return out + ([last] if last else [])


def _message(code, **params):
    return {"code": code, "params": params}


def replay_auction(opener, calls, players, ceiling):
    """(bid, high_bidder, passed, to_act) after ``calls`` ([seat, "bid k" | "pass"], ...) from
    ``opener``; ValueError when the calls are not an auction the rules allow."""
    bid, high, passed, to_act = None, None, [], opener
    for seat, call in calls:
        if to_act is None or seat != to_act:
            raise ValueError("an auction call out of turn")
        if call == "pass" and bid is not None:
            passed.append(seat)
        elif call == f"bid {2 if bid is None else bid + 1}" and (bid is None or bid < ceiling):
            bid, high = (2 if bid is None else bid + 1), seat
        else:
            raise ValueError(f"an auction call the rules do not allow ({call[:20]!r})")
        if len(passed) == players - 1:
            to_act = None  # the auction is over
        else:
            to_act = next(
                (seat + k) % players
                for k in range(1, players + 1)
                if (seat + k) % players not in passed
            )
    return bid, high, passed, to_act


# -- what an explicit setup and a saved state may hold (tabletop.reader) ----------------------------
MAX_DEALS = 99
HAND = Cards(n=8)
SETUP = Fields(
    {}, optional={"dealer": Seat(), "deals": List(Fields({"hands": PerSeat(HAND)}), 0, MAX_DEALS)}
)
MAX_POINTS = 10 * 10 + 10  # a deal's points with ten packets, the lemons' bonus on top
PLAYED = Tuple(Seat(), Opt(Cards(n=2, counted=False)))
RECORD = Fields(
    {
        "deal": Int(1, MAX_DEALS),
        "trick": Int(1, TRICKS_PER_DEAL),
        "leader": Seat(),
        "bid": Int(2, 40),
        "ribs": Cards(n=2, counted=False),
        "plays": List(PLAYED, 3, 9),
        "matcher": Opt(Seat()),
        "returned": List(Seat(), 0, 9),
        "taken": Cards(0, 18, counted=False),
        "leader_total": Int(0, 40),
        "made": Bool(),
        "ribs_lost": Bool(),
        "points": PerSeat(Int(0, 40)),
    }
)
STATE = Fields(
    {
        "dealer": Seat(),
        "deal_number": Int(1, MAX_DEALS),
        "deals": List(PerSeat(Cards(n=8, counted=False, ordered=True)), 0, MAX_DEALS),
        "scores": PerSeat(Int(-30 * MAX_DEALS, MAX_POINTS * MAX_DEALS)),
        "deal_scores": List(PerSeat(Int(-30, MAX_POINTS)), 0, MAX_DEALS),
        "last_deal": Opt(
            Fields(
                {
                    "deal": Int(1, MAX_DEALS),
                    "scores": PerSeat(
                        Fields(
                            {
                                "seat": Seat(),
                                "points": Int(-30, MAX_POINTS),
                                "won": Int(0, 80),
                                "sevens": Int(0, 10),
                            }
                        )
                    ),
                }
            )
        ),
        "last_trick": Opt(RECORD),
        "hands": PerSeat(Cards(hi=8, ordered=True)),
        "folded": PerSeat(Cards(hi=8)),
        "won": PerSeat(Cards(hi=80)),
        "won_points": PerSeat(Int(0, MAX_POINTS)),
        "tricks": List(RECORD, 0, TRICKS_PER_DEAL),
        "trick": Int(1, TRICKS_PER_DEAL),
        "opener": Seat(),
        "to_act": Opt(Seat()),
        "bid": Opt(Int(2, 40)),
        "high_bidder": Opt(Seat()),
        "passed": List(Seat(), 0, 9),
        "auction": List(Tuple(Seat(), Text(20)), 0, 400),
        "leader": Opt(Seat()),
        # The ribs and plays of the trick on the table (also those of the last trick once the game is
        # over, then in ``won`` too): check_invariants counts them while they are on the table.
        "ribs": Opt(Cards(n=2, counted=False)),
        "plays": List(PLAYED, 0, 9),
    }
)


class RibsState(GameState):
    STATE, ALL_CARDS_KEPT = STATE, False  # lost ribs leave the deal: check_invariants finds them
    CARDS = property(lambda self: ORDERS[self.players])  # the pack depends on the player count

    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        n = self.players
        dealer = 0
        deals = []
        if setup is not None:
            check(setup, SETUP, Ctx("ribs", n, ORDERS[n]), "setup")
            dealer = setup.get("dealer", 0)
            for k, deal in enumerate(setup.get("deals", [])):
                ctx = Ctx("ribs", n, ORDERS[n])  # each deal is the whole pack of this table, once
                check(deal["hands"], PerSeat(HAND), ctx, f"setup.deals[{k}].hands")
                conserve(ctx, complete=True)
                deals.append([sorted(h, key=ORDER.__getitem__) for h in deal["hands"]])
            if len(deals) > self.options["deals"]:
                raise ValueError(
                    f"ribs: {len(deals)} deals given for a game of {self.options['deals']}"
                )
        self.d.update(
            {
                "phase": "auction",
                "dealer": dealer,
                "deal_number": 0,
                "deals": deals,
                "scores": [0] * n,
                "deal_scores": [],
                "last_deal": None,
                "last_trick": None,
            }
        )
        self._start_deal(first=True)

    def _start_deal(self, first=False):
        d = self.d
        n = self.players
        if not first:
            d["dealer"] = (d["dealer"] + 1) % n
        d["deal_number"] += 1
        k = d["deal_number"]
        if k <= len(d["deals"]):
            hands = [list(h) for h in d["deals"][k - 1]]
        else:
            cards = pack_for(n)
            self.rng.shuffle(cards)
            hands = [[] for _ in range(n)]
            for i, card in enumerate(cards):
                hands[(d["dealer"] + 1 + i) % n].append(card)
            hands = [sorted(h, key=ORDER.__getitem__) for h in hands]
        d.update(
            {
                "hands": hands,
                "folded": [[] for _ in range(n)],
                "won": [[] for _ in range(n)],
                "won_points": [0] * n,
                "tricks": [],
                "trick": 0,
            }
        )
        self._start_auction((d["dealer"] + 1) % n)

    def _start_auction(self, opener):
        d = self.d
        d.update(
            {
                "phase": "auction",
                "trick": d["trick"] + 1,
                "opener": opener,
                "to_act": opener,
                "bid": None,
                "high_bidder": None,
                "passed": [],
                "auction": [],
                "leader": None,
                "ribs": None,
                "plays": [],
            }
        )

    # -- helpers ------------------------------------------------------------------------------
    def strength_table(self):
        """Rank strengths of this game (the 7 above the ace with lemons); public for the players."""
        return LEMON_STRENGTH if self.options["lemons"] else STRENGTH

    def _ceiling(self):
        return 4 * self.players

    def face_up_trick(self):
        """True while the fourth trick is played face up (option ``face_up_fourth_trick``)."""
        return self.options["face_up_fourth_trick"] and self.d["trick"] == 4

    def _next_in_auction(self, seat):
        n = self.players
        passed = self.d["passed"]
        for step in range(1, n + 1):
            other = (seat + step) % n
            if other not in passed:
                return other
        raise AssertionError("everyone passed")

    # -- whose turn -----------------------------------------------------------------------------
    def movers_auction(self):
        return [self.d["to_act"]]

    movers_play = movers_auction

    # -- legal actions ------------------------------------------------------------------------
    def legal_auction(self, seat):
        d = self.d
        if d["bid"] is None:
            return ["bid 2"]
        if d["bid"] >= self._ceiling():
            return ["pass"]
        return [f"bid {d['bid'] + 1}", "pass"]

    def _play_verbs(self, seat):
        if seat == self.d["leader"]:
            return ["lead"]
        return ["play"] if self.face_up_trick() else ["play", "fold"]

    def legal_play(self, seat):
        d = self.d
        pairs = [f"{a} {b}" for a, b in combinations(d["hands"][seat], 2)]
        return [f"{verb} {p}" for verb in self._play_verbs(seat) for p in pairs]

    # -- applying -----------------------------------------------------------------------------
    def apply_auction(self, seat, verb, args):
        d = self.d
        if verb == "bid":
            if len(args) != 1 or not args[0].isdigit() or args[0] != str(int(args[0])):
                raise IllegalAction(
                    "bid_a_number",
                    "say 'bid' and a number, e.g. 'bid 3'",
                    n=2 if d["bid"] is None else d["bid"] + 1,
                )
            amount = int(args[0])
            if d["bid"] is None:
                if amount != 2:
                    raise IllegalAction("opener_bids_two", "the opener must bid exactly 2", n=2)
            else:
                if d["bid"] >= self._ceiling():
                    raise IllegalAction(
                        "highest_bid_reached",
                        f"{self._ceiling()} is the highest bid (all the points "
                        "that can be on the table): you can only pass",
                        n=self._ceiling(),
                    )
                if amount != d["bid"] + 1:
                    raise IllegalAction(
                        "raise_by_one",
                        f"a raise must be exactly one more than {d['bid']}: bid {d['bid'] + 1}",
                        bid=d["bid"],
                        n=d["bid"] + 1,
                    )
            d["bid"] = amount
            d["high_bidder"] = seat
            d["auction"].append([seat, f"bid {amount}"])
            d["to_act"] = self._next_in_auction(seat)
            return
        if verb == "pass":
            if args:
                raise IllegalAction("takes_no_cards", "'pass' takes nothing after it", verb="pass")
            if d["bid"] is None:
                raise IllegalAction("opener_must_bid", "you open this auction and must bid 2", n=2)
            d["passed"].append(seat)
            d["auction"].append([seat, "pass"])
            if len(d["passed"]) == self.players - 1:
                self._start_play()
            else:
                d["to_act"] = self._next_in_auction(seat)
            return
        english = (
            "the auction comes first: bid or pass"
            if verb in ("lead", "play", "fold")
            else f"unknown move {verb!r}: bid or pass now"
        )
        raise IllegalAction("wrong_move", english, verb=verb[:20], verbs=["bid", "pass"])

    def _start_play(self):
        d = self.d
        d["phase"] = "play"
        d["leader"] = d["high_bidder"]
        d["to_act"] = d["leader"]

    def apply_play(self, seat, verb, args):
        d = self.d
        if verb not in ("lead", "play", "fold"):
            english = (
                "the auction is over: play two cards"
                if verb in ("bid", "pass")
                else f"unknown move {verb!r}: use lead, play or fold"
            )
            raise IllegalAction("wrong_move", english, verb=verb[:20], verbs=self._play_verbs(seat))
        leader = d["leader"]
        if seat == leader and verb != "lead":
            raise IllegalAction(
                "leader_must_lead", "you are the leader: lead your two ribs face down with 'lead'"
            )
        if seat != leader and verb == "lead":
            raise IllegalAction(
                "only_leader_leads",
                f"only the leader (seat {leader}) leads; play or fold two cards",
                leader=leader,
            )
        if verb == "fold" and self.face_up_trick():
            raise IllegalAction(
                "no_fold_face_up", "everyone plays face up in the fourth trick: no folding"
            )
        cards = parse_cards(args, ORDERS[self.players], count=2)
        hand = d["hands"][seat]
        missing = [c for c in cards if c not in hand]
        if missing:
            raise IllegalAction(
                "not_in_hand", f"you do not hold {' '.join(missing)}", cards=missing
            )
        for c in cards:
            hand.remove(c)
        if verb == "lead":
            d["ribs"] = cards
        elif verb == "play":
            d["plays"].append([seat, cards])
        else:
            d["folded"][seat].extend(cards)
            d["plays"].append([seat, None])
        if len(d["plays"]) == self.players - 1:
            self._resolve()
        else:
            d["to_act"] = (seat + 1) % self.players

    # -- resolution ---------------------------------------------------------------------------
    def _resolve(self):
        d = self.d
        n = self.players
        leader = d["leader"]
        outcome, gained = resolve(leader, d["bid"], d["ribs"], d["plays"], self.strength_table(), n)
        for s in range(n):
            if gained[s]:
                d["won"][s].extend(gained[s])
                d["won_points"][s] += outcome["points"][s]
        record = {
            "deal": d["deal_number"],
            "trick": d["trick"],
            "leader": leader,
            "bid": d["bid"],
            "ribs": list(d["ribs"]),
            "plays": [[s, None if cards is None else list(cards)] for s, cards in d["plays"]],
            **outcome,
        }
        d["tricks"].append(record)
        d["last_trick"] = record
        if d["trick"] < TRICKS_PER_DEAL:
            self._start_auction(leader)
        else:
            self._score_deal()

    def _score_deal(self):
        d = self.d
        n = self.players
        lemons = self.options["lemons"]
        deal_points = []
        facts = []
        for s in range(n):
            won = d["won"][s]
            sevens = sum(1 for c in won if rank(c) == "7")
            if lemons:  # one 7 in each packet and every card is dealt: n sevens in all
                base = points([c for c in won if rank(c) != "7"])
                bonus = 10 if sevens * 2 > n else -3 * sevens
                score = base + bonus
            else:
                score = points(won)
            deal_points.append(score)
            facts.append({"seat": s, "points": score, "won": len(won), "sevens": sevens})
        for s in range(n):
            d["scores"][s] += deal_points[s]
        d["deal_scores"].append(deal_points)
        d["last_deal"] = {"deal": d["deal_number"], "scores": facts}
        if d["deal_number"] >= self.options["deals"]:
            d["phase"] = "over"
            d["to_act"] = None
            d["leader"] = None
        else:
            self._start_deal()

    def check_invariants(self):
        """A saved state's parts agree: deals and scores, the auction with its calls, the trick on
        the table with the turn, every finished trick with the rules, hands, folds and won cards
        with the tricks, and every card of the pack in exactly one place."""
        d = self.d
        n = self.players
        phase = d["phase"]
        over = phase == "over"
        options = d["options"]

        def fail(why):
            raise ValueError(f"ribs: {why}")

        # Deals and scores.
        if d["deal_number"] > options["deals"] or len(d["deals"]) > options["deals"]:
            fail("more deals than the game has")
        if (
            len(d["deal_scores"]) != d["deal_number"] - (0 if over else 1)
            or over
            and d["deal_number"] != options["deals"]
        ):
            fail("the deals scored do not follow the deal being played")
        if d["scores"] != [sum(x[s] for x in d["deal_scores"]) for s in range(n)]:
            fail("the scores are not the sum of the deals' scores")
        last = d["last_deal"]
        if (last is None) != (not d["deal_scores"]):
            fail("the last deal's summary does not agree with the deals scored")
        if last is not None:
            if (
                last["deal"] != len(d["deal_scores"])
                or [x["points"] for x in last["scores"]] != d["deal_scores"][-1]
                or [x["seat"] for x in last["scores"]] != list(range(n))
            ):
                fail("the last deal's summary is not the last deal scored")
            if (
                any(x["sevens"] > x["won"] for x in last["scores"])
                or sum(x["sevens"] for x in last["scores"]) > n
            ):
                fail("the last deal's summary counts more sevens than there are")
        if over != (d["to_act"] is None) or over and d["leader"] is not None:
            fail("the seat to act does not agree with the phase")

        for k, hands in enumerate(d["deals"]):  # each explicit deal is the whole pack, once
            ctx = Ctx("ribs", n, ORDERS[n])
            check(hands, PerSeat(HAND), ctx, f"deals[{k}]")
            conserve(ctx, complete=True)

        # The finished tricks of this deal, and the one before.
        tricks, strength = d["tricks"], self.strength_table()
        if len(tricks) != d["trick"] - (0 if over else 1) or over and d["trick"] != TRICKS_PER_DEAL:
            fail("the finished tricks do not agree with the trick number")
        if (
            d["last_trick"] != (tricks[-1] if tricks else d["last_trick"])
            or not tricks
            and (
                (d["last_trick"] is None) != (d["deal_number"] == 1)
                or d["last_trick"] is not None
                and (d["last_trick"]["deal"], d["last_trick"]["trick"])
                != (d["deal_number"] - 1, TRICKS_PER_DEAL)
            )
        ):
            fail("the last trick is not the last one played")
        gained_all = [[] for _ in range(n)]
        folds = [0] * n
        lost = []
        opener = (d["dealer"] + 1) % n
        for k, t in enumerate(
            [*tricks] + ([d["last_trick"]] if d["last_trick"] is not None and not tricks else [])
        ):
            current = t["deal"] == d["deal_number"]
            if current and (
                t["trick"] != k + 1
                or t["plays"]
                and [s for s, _ in t["plays"]] != [(t["leader"] + i) % n for i in range(1, n)]
            ):
                fail(f"trick {k + 1} is not played in turn from its leader")
            if len(t["plays"]) != n - 1 or len(t["points"]) != n:
                fail(f"trick {k + 1} does not hold a play of every seat")
            fourth_face_up = options["face_up_fourth_trick"] and t["trick"] == TRICKS_PER_DEAL
            if fourth_face_up and any(c is None for _, c in t["plays"]):
                fail("a fold in the face-up fourth trick")
            outcome, gained = resolve(t["leader"], t["bid"], t["ribs"], t["plays"], strength, n)
            if {k2: t[k2] for k2 in outcome} != outcome:
                fail(f"trick {k + 1} was not resolved by the rules")
            if t["bid"] > 4 * n:
                fail(f"trick {k + 1}'s contract is above the highest bid")
            if not current:
                continue
            for s in range(n):
                gained_all[s] += gained[s]
            for s, cards in t["plays"]:
                folds[s] += cards is None
            if t["ribs_lost"]:
                lost += t["ribs"]
            opener = t["leader"]
        if (
            tricks
            and not over
            and d["opener"] != opener
            or not tricks
            and d["opener"] != (d["dealer"] + 1) % n
        ):
            fail("the auction was not opened by the last leader (or the dealer's left)")
        for s in range(n):
            if sorted(d["won"][s], key=ORDER.__getitem__) != sorted(
                gained_all[s], key=ORDER.__getitem__
            ) or d["won_points"][s] != points(d["won"][s]):
                fail(f"seat {s}'s won cards are not those its tricks gave it")

        # The auction and the trick on the table.
        bid, high, passed, to_act = replay_auction(d["opener"], d["auction"], n, self._ceiling())
        if (bid, high, passed) != (d["bid"], d["high_bidder"], d["passed"]):
            fail("the auction's state is not that of its calls")
        table = []
        if phase == "auction":
            if (
                to_act is None
                or d["to_act"] != to_act
                or d["leader"] is not None
                or d["ribs"] is not None
                or d["plays"]
            ):
                fail("the auction does not agree with the turn or the table")
        elif phase == "play":
            if to_act is not None or d["leader"] != high:
                fail("cards are played before the auction is over")
            seats = ([d["leader"]] if d["ribs"] is not None else []) + [s for s, _ in d["plays"]]
            if (
                seats != [(d["leader"] + i) % n for i in range(len(seats))]
                or len(d["plays"]) >= n - 1
                or d["to_act"] != (d["leader"] + len(seats)) % n
            ):
                fail("the trick on the table is not played in turn from the leader")
            if self.face_up_trick() and any(c is None for _, c in d["plays"]):
                fail("a fold in the face-up fourth trick")
            table = list(d["ribs"] or []) + [c for _, cards in d["plays"] if cards for c in cards]
            for s, cards in d["plays"]:
                folds[s] += cards is None
        elif phase == "over" and (d["plays"] or d["ribs"] is not None):
            # The last trick stays on show: the same cards as the last trick's record, no others.
            final = d["last_trick"]
            if final is None or d["plays"] != final["plays"] or d["ribs"] != final["ribs"]:
                fail("the trick on show is not the last trick played")
        on_table = (
            {d["leader"]} | {s for s, _ in d["plays"]}
            if phase == "play" and d["ribs"] is not None
            else set()
        )
        for s in range(n):
            if len(d["hands"][s]) != 8 - 2 * len(tricks) - 2 * (s in on_table):
                fail(
                    f"seat {s} holds {len(d['hands'][s])} cards, which the tricks played do not leave"
                )
            if len(d["folded"][s]) != 2 * folds[s]:
                fail(f"seat {s}'s folded cards do not agree with its folds")
        # Every card of the pack in one place: hands, folds, won cards, lost ribs, the table.
        places = (
            [c for h in d["hands"] for c in h]
            + [c for f in d["folded"] for c in f]
            + [c for w in d["won"] for c in w]
            + lost
            + table
        )
        if len(places) != len(set(places)) or set(places) != set(ORDERS[n]):
            fail("the cards of the pack are not each in exactly one place")

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        top = max(d["scores"])
        winners = [s for s, x in enumerate(d["scores"]) if x == top]
        return {
            "scores": list(d["scores"]),
            "deal_scores": [list(x) for x in d["deal_scores"]],
            "winner": winners[0] if len(winners) == 1 else None,
            "winners": winners,
        }

    def standing(self):
        """Ranked by score, highest first (ties share the win, as ``winners`` says)."""
        return Standing(keys=list(self.d["scores"]), scores=list(self.d["scores"]))

    def ribs_visible_to(self, seat):
        """True when ``seat`` may see the ribs (public: the computer players read it too)."""
        d = self.d
        if d["ribs"] is None:
            return False
        return seat == d["leader"] or self.face_up_trick()

    @staticmethod
    def _finished_view(t):
        """A finished trick in the shared shape: the ribs and every play (null: a fold), won by the
        matcher or else the leader (who takes the table's cards), with the outcome's facts."""
        cards = [[t["leader"], list(t["ribs"])]] + [
            [s, None if c is None else list(c)] for s, c in t["plays"]
        ]
        winner = t["matcher"] if t["matcher"] is not None else t["leader"]
        if t["matcher"] is not None:
            summary = [
                _message(
                    "ribs_matched",
                    seat=t["matcher"],
                    n=2 * (1 + sum(1 for _, c in t["plays"] if c)),
                    leader=t["leader"],
                )
            ]
        else:
            # A failed contract says what it cost (the ribs' points) and what the leader still
            # keeps (the table's cards it took): why a high bid can pay even when it fails.
            cost = {"lost": points(t["ribs"]), "kept": points(t["taken"])} if not t["made"] else {}
            summary = [
                _message(
                    "contract_made" if t["made"] else "contract_failed",
                    leader=t["leader"],
                    bid=t["bid"],
                    points=t["leader_total"],
                    **cost,
                )
            ]
            if t["returned"]:
                summary.append(
                    _message("took_back_own", seats=list(t["returned"]), n=len(t["returned"]))
                )
        return finished_view(
            t["leader"],
            cards,
            winner,
            trick_number=t["trick"],
            deal=t["deal"],
            bid=t["bid"],
            folded=[s for s, c in t["plays"] if c is None],
            matcher=t["matcher"],
            returned=list(t["returned"]),
            taken=list(t["taken"]),
            leader_total=t["leader_total"],
            made=t["made"],
            ribs_lost=t["ribs_lost"],
            points=list(t["points"]),
            summary=summary,
        )

    def observe(self, seat):
        d = self.d
        strength = self.strength_table()
        trick = []
        if d["phase"] == "play":
            if d["ribs"] is not None:
                trick.append([d["leader"], list(d["ribs"]) if self.ribs_visible_to(seat) else None])
            for s, cards in d["plays"]:
                if cards is None:  # a fold: its two cards are seen by the folder alone
                    cards = d["folded"][s][-2:] if s == seat else None
                trick.append([s, None if cards is None else list(cards)])
        last = d["last_deal"]
        v = {
            "deal_number": d["deal_number"],
            "dealer": d["dealer"],
            "trick_number": d["trick"],
            "to_act": d["to_act"],
            "opener": d["opener"],
            "bid": d["bid"],
            "high_bidder": d["high_bidder"],
            "passed": list(d["passed"]),
            "auction": [list(x) for x in d["auction"]],
            "leader": d["leader"],
            "trick": trick_view(trick),
            "folded": [s for s, c in d["plays"] if c is None] if d["phase"] == "play" else [],
            "hand_counts": [len(h) for h in d["hands"]],
            "history": [self._finished_view(t) for t in d["tricks"]],
            "previous_deal_trick": (
                self._finished_view(d["last_trick"])
                if d["last_trick"] and not d["tricks"]
                else None
            ),
            "won_points": list(d["won_points"]),
            "scores": list(d["scores"]),
            "deal_scores": [list(x) for x in d["deal_scores"]],
            "last_deal": None
            if last is None
            else {
                "deal": last["deal"],
                "scores": [
                    {
                        "seat": x["seat"],
                        "points": x["points"],
                        "reasons": deal_score(
                            x["won"], x["sevens"], x["points"], self.options["lemons"], self.players
                        ),
                    }
                    for x in last["scores"]
                ],
            },
        }
        if seat is not None:
            v["hand"] = sorted(d["hands"][seat], key=lambda c: (-strength[c[0]], ORDER[c]))
            v["my_folded"] = list(d["folded"][seat])
        return v

    def hidden_cards(self, seat):
        d = self.d
        hidden = set()
        for s in range(self.players):
            if s != seat:
                hidden.update(d["hands"][s])
                hidden.update(d["folded"][s])
        if d["phase"] == "play" and d["ribs"] is not None and not self.ribs_visible_to(seat):
            hidden.update(d["ribs"])
        last = d["last_trick"]
        if last is not None and last["deal"] != d["deal_number"]:
            hidden.difference_update(last["ribs"])
            for _, cards in last["plays"]:
                if cards is not None:
                    hidden.difference_update(cards)
        return hidden

    def all_cards(self):
        return pack_for(self.players)


RibsState.info = GAME = GameInfo(
    slug="ribs",
    title="Ribs",
    min_players=4,
    max_players=10,
    default_players=4,
    options=(
        Option(
            "lemons",
            False,
            "bool",
            "7s rank highest; at the end a majority of the 7s scores 10, else -3 each",
        ),
        Option(
            "face_up_fourth_trick",
            False,
            "bool",
            "the fourth trick is played face up, ribs included",
        ),
        Option("deals", 1, "int", "number of deals in the game", minimum=1, maximum=99),
    ),
    state_class=RibsState,
    max_actions=99 * 4 * 10 * 45,
    variants=({"lemons": True}, {"face_up_fourth_trick": True, "deals": 2}),
    computer_players=True,
)
