"""Slobberhannes: no-trump trick avoidance - shun the first trick, the last trick and the queen of clubs.

Source: the Japanese blog article on the game (third article, "Slobberhannes", 2021-08-20), as decided by the design's
rules file for this game, which settles what the article leaves open. In this repository:
its worked examples in tests/vectors/slobberhannes.json, its rules for players in
static/rules/slobberhannes.json.

Rules in brief
    3 to 6 players (default 4). Piquet pack (A K Q J T 9 8 7 in four suits); with 3, 5 or 6
    players the black sevens are removed (30 cards). All cards are dealt one at a time from the
    dealer's left. The dealer's left neighbour leads; followers must follow suit if they can;
    the highest card of the led suit wins and leads next. No trumps. Each deal costs 1 penalty
    point to the winner of the first trick, 1 to the taker of the queen of clubs, 1 to the winner
    of the last trick and 1 more to a player who took all three. Option ``revoke_penalty``:
    failing to follow is allowed and costs 1 per revoke (default: failing to follow is illegal).
    The deal passes clockwise; after a deal in which someone reaches ``loss_limit`` (10) the game
    ends and the player(s) with the highest total lose. There is no winner.

Action notation
    ``play C`` with C a card code: rank ``AKQJT987`` then suit ``SHDC`` (``QC`` = queen of clubs).
    Canonical card order is the rules file's deck order: spades, hearts, diamonds, clubs, each
    from the ace down to the seven.

View (``view(seat)``)
    ``hand`` (own only), ``hand_counts``, ``dealer``, ``leader``/``to_act``, the current ``trick``,
    the finished tricks of this deal (``history``, each with its ``winner``: played cards are
    public), ``tricks_won`` per seat this deal, ``first_trick_winner`` and ``queen_winner`` (who
    took QC so far, public), ``tricks_played``/``tricks_per_deal``, ``penalties`` (totals),
    ``deals_played``, ``last_deal`` (the previous deal's record with a ``breakdown``: one entry per
    seat with its points and the reasons as codes, e.g. ``[{"code": "first_trick", "params": {}},
    {"code": "revokes", "params": {"n": 2}}]``),
    ``my_revokes`` (own revokes this deal; other seats' revokes are shown only in the deal record),
    ``to_move`` and ``legal_actions``; ``result`` once the game is over.

Decisions beyond the rules file
    - A shuffled game without a setup has dealer 0 (the rules allow a random dealer; the seat
      order is already arbitrary, so nothing is lost and replays stay simple).
    - The next deal is dealt at once (rules section 4), so a view shows no card of the previous
      deal: its record (who took the first trick, the queen, the last trick, revokes, points and
      reasons) stays in ``last_deal``.
    - Deal records carry, besides the rules file's fields, ``dealer`` and ``breakdown``; the
      breakdown lists only the seats that scored in that deal (the others scored 0).
    - Setup: ``hands`` and ``deals`` together are refused; a setup without either only fixes the
      dealer and/or starting penalties and the deals are shuffled from the seed. ``loss_limit``
      is 1 to 99.
    - The state keeps finished tricks compactly (``[leader, winner, cards...]``) to keep clones
      cheap; views show them in the shared trick form ``{"leader", "cards": [[seat, card]...],
      "winner"}``.
"""

from __future__ import annotations

from ..cards import SUIT_NAMES, card_name, deck, parse_cards, suit_of
from ..core import GameInfo, GameState, IllegalAction, Option, Standing
from ..reader import (
    Card,
    Cards,
    Ctx,
    Fields,
    Int,
    List,
    Opt,
    PerSeat,
    Seat,
    Spec,
    Tuple,
    check,
    conserve,
)
from ..tricks import finished_view, new_trick, to_play, trick_view, winning_play

RANKS = "AKQJT987"
SUITS = "SHDC"
PACK = deck(RANKS, SUITS)
ORDER = {card: i for i, card in enumerate(PACK)}
RANK_VALUE = {r: len(RANKS) - i for i, r in enumerate(RANKS)}  # A highest
SHORT_PACK = [c for c in PACK if c not in ("7S", "7C")]
SHORT_ORDER = {card: ORDER[card] for card in SHORT_PACK}  # deck positions kept: the same sort
QUEEN = "QC"
MAX_DEALS = 200  # a game ends within 6 * 98 // 3 + 1 deals (every deal hands out 3 points or more)


def pack_for(players):
    return PACK if players == 4 else SHORT_PACK


def order_for(players):
    return ORDER if players == 4 else SHORT_ORDER


class CompactTrick(Spec):
    """A finished trick as the state keeps it: ``[leader, winner, card, ...]``, one card per seat
    in play order (the i-th card is seat ``(leader + i) % n``'s)."""

    def check(self, value, ctx, where):
        if not isinstance(value, list) or len(value) != ctx.players + 2:
            raise ValueError(f"{ctx.slug}: {where}: must be [leader, winner, {ctx.players} cards]")
        Seat().check(value[0], ctx, f"{where}[0]")
        Seat().check(value[1], ctx, f"{where}[1]")
        for i, card in enumerate(value[2:], 2):
            Card().check(card, ctx, f"{where}[{i}]")


# What an explicit setup and a saved state may hold (tabletop.reader): anything else is refused.
# Hand sizes depend on the player count (10, 8, 6 or 5 cards): checked beside the specs.
DEAL = PerSeat(Cards(hi=10))
SETUP = Fields(
    {},
    optional={
        "hands": DEAL,
        "deals": List(Fields({"hands": DEAL}), 0, MAX_DEALS),
        "dealer": Seat(),
        "penalties": PerSeat(Int(0, 98)),
    },
)
STATE = Fields(
    {
        "deals": List(PerSeat(Cards(hi=10, counted=False)), 0, MAX_DEALS),
        "dealer": Seat(),
        # Totals: under the limit (at most 98) before the last deal, which adds at most 4 + 10 revokes.
        "penalties": PerSeat(Int(0, 98 + 4 + 10)),
        "deals_played": Int(0, MAX_DEALS),
        # Each deal as [dealer, first, queen, last, revokes per seat...] (see full_record).
        "deal_log": List(
            List(Int(0, 10), lambda ctx: ctx.players + 4, lambda ctx: ctx.players + 4), 0, MAX_DEALS
        ),
        "hands": PerSeat(Cards(hi=10, ordered=True)),
        "trick": Fields({"leader": Opt(Seat()), "cards": List(Tuple(Seat(), Card()), 0, 5)}),
        "history": List(CompactTrick(), 0, 10),
        "tricks_played": Int(0, 10),
        "tricks_per_deal": Int(5, 10),
        "to_act": Opt(Seat()),
        "first_trick_winner": Opt(Seat()),
        "queen_winner": Opt(Seat()),
        "revokes": PerSeat(Int(0, 10)),
    }
)


def rank_value(card):
    return RANK_VALUE[card[0]]


class SlobberhannesState(GameState):
    STATE, ALL_CARDS_KEPT = STATE, True

    @property
    def CARDS(self):  # noqa: N802 - the reader's name for "card code -> deck position"
        """The cards of this table: the short pack without the black sevens unless four play."""
        return order_for(self.d["players"])

    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        n = self.d["players"]
        limit = self.d["options"]["loss_limit"]
        deals, dealer, penalties = [], 0, [0] * n
        if setup is not None:
            pack = pack_for(n)
            size = len(pack) // n
            check(setup, SETUP, Ctx("slobberhannes", n, order_for(n)), "setup")
            if "hands" in setup and "deals" in setup:
                raise ValueError(
                    "slobberhannes: give either 'hands' or 'deals' in the setup, not both"
                )
            deals = (
                [x["hands"] for x in setup["deals"]]
                if "deals" in setup
                else [setup["hands"]]
                if "hands" in setup
                else []
            )
            for number, hands in enumerate(deals, 1):
                for seat, hand in enumerate(hands):
                    if len(hand) != size:
                        raise ValueError(
                            f"slobberhannes: setup deal {number}: seat {seat} must hold {size} cards "
                            f"with {n} players, not {len(hand)}"
                        )
                ctx = Ctx("slobberhannes", n, order_for(n))  # each deal is the whole pack, once
                check(hands, DEAL, ctx, f"setup deal {number}")
                conserve(ctx, complete=True)
            deals = [[list(h) for h in hands] for hands in deals]
            dealer = setup.get("dealer", 0)
            if "penalties" in setup:
                penalties = list(setup["penalties"])
                if any(not p < limit for p in penalties):
                    raise ValueError(
                        f"slobberhannes: starting penalties must be from 0 to {limit - 1} "
                        f"(below the loss limit)"
                    )
        self.d.update(
            {
                "phase": "play",
                "deals": deals,
                "dealer": (dealer - 1) % n,
                "penalties": penalties,
                "deals_played": 0,
                "deal_log": [],
            }
        )
        self._start_deal()

    def _deal_hands(self):
        n = self.d["players"]
        index = self.d["deals_played"]
        if index < len(self.d["deals"]):
            hands = [list(h) for h in self.d["deals"][index]]
        else:
            cards = list(pack_for(n))
            self.rng.shuffle(cards)
            hands = [[] for _ in range(n)]
            seat = (self.d["dealer"] + 1) % n
            for card in cards:  # one at a time, clockwise from the dealer's left
                hands[seat].append(card)
                seat = (seat + 1) % n
        return [sorted(h, key=ORDER.__getitem__) for h in hands]

    def _start_deal(self):
        d = self.d
        n = d["players"]
        d["dealer"] = (d["dealer"] + 1) % n
        leader = (d["dealer"] + 1) % n
        d.update(
            {
                "phase": "play",
                "hands": self._deal_hands(),
                "trick": new_trick(leader),
                "history": [],
                "tricks_played": 0,
                "tricks_per_deal": len(pack_for(n)) // n,
                "to_act": leader,
                "first_trick_winner": None,
                "queen_winner": None,
                "revokes": [0] * n,
            }
        )

    # -- whose turn -----------------------------------------------------------------------------
    def movers_play(self):
        return [self.d["to_act"]]

    # -- legal actions ------------------------------------------------------------------------
    def allowed(self, seat):
        d = self.d
        hand = d["hands"][seat]
        trick = d["trick"]
        if not trick["cards"] or d["options"]["revoke_penalty"]:
            return hand
        led = suit_of(trick["cards"][0][1])
        same = [c for c in hand if c[1] == led]
        return same or hand

    def legal_play(self, seat):
        return ["play " + c for c in self.allowed(seat)]

    # -- applying -----------------------------------------------------------------------------
    def apply_play(self, seat, verb, args):
        d = self.d
        if verb != "play":
            raise IllegalAction(
                "wrong_move",
                f"'{verb}' is not a move in Slobberhannes: play one card, e.g. 'play 7S'",
                verb=verb[:20],
                verbs=["play"],
            )
        (card,) = parse_cards(args, ORDER, count=1)
        hand = d["hands"][seat]
        if card not in hand:
            if card not in pack_for(d["players"]):
                raise IllegalAction(
                    "not_in_pack",
                    f"{card} is not in the pack with {d['players']} players",
                    card=card,
                    n=d["players"],
                )
            raise IllegalAction(
                "not_in_hand", f"you do not hold the {card_name(card)}", cards=[card]
            )
        trick = d["trick"]
        revoke = False
        if trick["cards"]:
            led = suit_of(trick["cards"][0][1])
            if card[1] != led and any(c[1] == led for c in hand):
                if not d["options"]["revoke_penalty"]:
                    raise IllegalAction(
                        "must_follow", f"you must follow {SUIT_NAMES[led]}", suit=led
                    )
                revoke = True
        # -- valid: change the state
        hand.remove(card)
        if revoke:
            d["revokes"][seat] += 1
        trick["cards"].append([seat, card])
        nxt = to_play(trick, d["players"])
        if nxt is not None:
            d["to_act"] = nxt
            return
        self._finish_trick()

    def _finish_trick(self):
        d = self.d
        trick = d["trick"]
        winner = winning_play(trick["cards"], suit_of, rank_value)[0]
        # Finished tricks are kept compactly as [leader, winner, cards in play order...];
        # the i-th card was played by (leader + i) % n. Views expand them (see _history).
        d["history"].append([trick["leader"], winner] + [card for _, card in trick["cards"]])
        d["tricks_played"] += 1
        if d["tricks_played"] == 1:
            d["first_trick_winner"] = winner
        if any(card == QUEEN for _, card in trick["cards"]):
            d["queen_winner"] = winner
        if d["tricks_played"] == d["tricks_per_deal"]:
            self.score_deal(winner)
            return
        d["trick"] = new_trick(winner)
        d["to_act"] = winner

    def score_deal(self, last):
        d = self.d
        # A deal is logged compactly as [dealer, first, queen, last, revokes...]; see full_record.
        log = [d["dealer"], d["first_trick_winner"], d["queen_winner"], last] + d["revokes"]
        for entry in _breakdown(log, d["options"]["revoke_penalty"]):
            d["penalties"][entry["seat"]] += entry["points"]
        d["deal_log"].append(log)
        d["deals_played"] += 1
        if max(d["penalties"]) >= d["options"]["loss_limit"]:
            d.update({"phase": "over", "to_act": None, "trick": new_trick(None)})
            return
        self._start_deal()

    # -- checking a saved state ---------------------------------------------------------------
    def check_invariants(self):
        """A saved state's parts agree: the deal so far replays legally from the hands it implies
        (following, revokes, winners, first trick and queen), the dealers rotate, the totals hold
        the logged deals on top of starting penalties below the limit, and the phase follows."""
        d = self.d
        n, opts = d["players"], d["options"]
        over = d["phase"] == "over"
        pack, size = pack_for(n), len(pack_for(n)) // n

        def fail(why):
            raise ValueError(f"slobberhannes: {why}")

        if d["tricks_per_deal"] != size:
            fail(f"a deal has {size} tricks with {n} players, not {d['tricks_per_deal']}")
        for number, hands in enumerate(d["deals"], 1):
            if any(len(h) != size for h in hands) or sorted(c for h in hands for c in h) != sorted(
                pack
            ):
                fail(f"explicit deal {number} is not the pack for {n} players, {size} cards each")
        log = d["deal_log"]
        if d["deals_played"] != len(log):
            fail("the deals played do not agree with the deal log")
        for i, entry in enumerate(log):
            if any(seat >= n for seat in entry[:4]):
                fail(f"deal {i + 1} of the log names a seat that is not at the table")
            if entry[0] != (log[0][0] + i) % n:
                fail("the dealers of the logged deals do not rotate clockwise")
            if any(entry[4:]) and not opts["revoke_penalty"]:
                fail("a revoke is logged, but failing to follow is illegal in this game")
        if log and d["dealer"] != (log[-1][0] if over else (log[-1][0] + 1) % n):
            fail("the dealer does not follow the logged deals")
        scored = [0] * n
        for entry in log:
            for seat, points in enumerate(full_record(entry, opts["revoke_penalty"])["penalties"]):
                scored[seat] += points
        start = [total - got for total, got in zip(d["penalties"], scored)]
        if any(not 0 <= x < opts["loss_limit"] for x in start):
            fail(
                "the penalty totals are not the logged deals' points on top of starting penalties below the limit"
            )
        if over != (max(d["penalties"]) >= opts["loss_limit"]) or (over and not log):
            fail("the phase does not agree with the penalty totals and the loss limit")
        # The current deal (for a game over: the last one), replayed from the hands it implies.
        plays = [[(t[0] + i) % n, c] for t in d["history"] for i, c in enumerate(t[2:])] + d[
            "trick"
        ]["cards"]
        dealt = [list(h) for h in d["hands"]]
        for seat, card in plays:
            dealt[seat].append(card)
        if any(len(h) != size for h in dealt):
            fail("the hands and the cards played are not a deal of equal hands")
        index = d["deals_played"] - (1 if over else 0)
        if index < len(d["deals"]) and [sorted(h) for h in dealt] != [
            sorted(h) for h in d["deals"][index]
        ]:
            fail("the cards of this deal are not the explicit deal")
        hands = [set(h) for h in dealt]
        leader = (d["dealer"] + 1) % n
        revokes, first, queen, winner = [0] * n, None, None, None
        for number, t in enumerate(d["history"] + [None]):
            if t is None:
                if over:
                    break
                t_leader, cards = d["trick"]["leader"], [c for _, c in d["trick"]["cards"]]
                seats = [seat for seat, _ in d["trick"]["cards"]]
                if t_leader is None or seats != [(t_leader + i) % n for i in range(len(seats))]:
                    fail("the trick in progress is not played in turn from its leader")
            else:
                t_leader, cards = t[0], t[2:]
            if t_leader != leader:
                fail(f"trick {number + 1} was not led by the winner of the trick before")
            led = suit_of(cards[0]) if cards else None
            for i, card in enumerate(cards):
                seat = (t_leader + i) % n
                if i and suit_of(card) != led and any(suit_of(c) == led for c in hands[seat]):
                    if not opts["revoke_penalty"]:
                        fail(f"trick {number + 1}: seat {seat} did not follow suit")
                    revokes[seat] += 1
                hands[seat].discard(card)
            if t is None:
                break
            winner = winning_play(
                [[(t_leader + i) % n, c] for i, c in enumerate(cards)], suit_of, rank_value
            )[0]
            if t[1] != winner:
                fail(f"trick {number + 1} names the wrong winner")
            first = winner if number == 0 else first
            queen = winner if QUEEN in cards else queen
            leader = winner
        if (
            d["tricks_played"] != len(d["history"])
            or d["first_trick_winner"] != first
            or d["queen_winner"] != queen
        ):
            fail("the tricks played, first trick or queen of clubs do not follow the tricks")
        if d["revokes"] != revokes:
            fail("the revokes do not follow the tricks")
        if over:
            if (
                d["tricks_played"] != size
                or d["trick"] != new_trick(None)
                or d["to_act"] is not None
            ):
                fail("the game is over in the middle of a deal")
            if log[-1] != [d["dealer"], first, queen, winner] + revokes:
                fail("the last logged deal is not the deal just played")
        else:
            if d["tricks_played"] >= size:
                fail("a finished deal is still in play")
            cards = d["trick"]["cards"]
            if len(cards) >= n or d["to_act"] != (leader + len(cards)) % n:
                fail("the seat to act is not the next in the trick")

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        worst = max(d["penalties"])
        return {
            "penalties": list(d["penalties"]),
            "losers": [s for s, p in enumerate(d["penalties"]) if p == worst],
            "winner": None,
            "deals_played": d["deals_played"],
            "deals": [full_record(r, d["options"]["revoke_penalty"]) for r in d["deal_log"]],
        }

    def standing(self):
        """Ranked by penalties, fewest first (the rules name no winner, only the ``losers``: the
        most penalties); the score is the penalty total."""
        penalties = list(self.d["penalties"])
        return Standing(keys=[-p for p in penalties], scores=penalties)

    def snapshot(self):
        snap = super().snapshot()
        snap["leader"] = self.d["trick"]["leader"]
        records = self.d["deal_log"]
        snap["last_deal"] = (
            full_record(records[-1], self.d["options"]["revoke_penalty"]) if records else None
        )
        return snap

    def observe(self, seat):
        d = self.d
        n = d["players"]
        tricks_won = [0] * n
        for t in d["history"]:
            tricks_won[t[1]] += 1
        v = {
            "revoke_penalty": d["options"]["revoke_penalty"],
            "dealer": d["dealer"],
            "leader": d["trick"]["leader"],
            "to_act": d["to_act"],
            "hand_counts": [len(h) for h in d["hands"]],
            "trick": trick_view(d["trick"]["cards"]),
            "history": [
                finished_view(t[0], [[(t[0] + i) % n, c] for i, c in enumerate(t[2:])], t[1])
                for t in d["history"]
            ],
            "tricks_won": tricks_won,
            "tricks_played": d["tricks_played"],
            "tricks_per_deal": d["tricks_per_deal"],
            "first_trick_winner": d["first_trick_winner"],
            "queen_winner": d["queen_winner"],
            "penalties": list(d["penalties"]),
            "loss_limit": d["options"]["loss_limit"],
            "deals_played": d["deals_played"],
            "last_deal": (
                full_record(d["deal_log"][-1], d["options"]["revoke_penalty"])
                if d["deal_log"]
                else None
            ),
        }
        if seat is not None:
            v["hand"] = list(d["hands"][seat])
            if d["options"]["revoke_penalty"]:
                v["my_revokes"] = d["revokes"][seat]
        return v

    def hidden_cards(self, seat):
        hidden = set()
        for s, hand in enumerate(self.d["hands"]):
            if s != seat:
                hidden.update(hand)
        return hidden

    def all_cards(self):
        return list(pack_for(self.d["players"]))


def _reason(code, **params):
    """A reason as views carry it: a code the page words in the player's language, with params."""
    return {"code": code, "params": params}


def _breakdown(log, revoke_penalty):
    """The seats that scored in a logged deal: their penalty points and the reason for each point
    (codes: first_trick, queen_of_clubs, last_trick, all_three, revokes with n)."""
    out = {}
    first, queen, last = log[1], log[2], log[3]
    for seat, why in ((first, "first_trick"), (queen, "queen_of_clubs"), (last, "last_trick")):
        entry = out.setdefault(seat, {"seat": seat, "points": 0, "reasons": []})
        entry["points"] += 1
        entry["reasons"].append(_reason(why))
    if first == queen == last:
        out[first]["points"] += 1
        out[first]["reasons"].append(_reason("all_three"))
    if revoke_penalty:
        for seat, count in enumerate(log[4:]):
            if count:
                entry = out.setdefault(seat, {"seat": seat, "points": 0, "reasons": []})
                entry["points"] += count
                entry["reasons"].append(_reason("revokes", n=count))
    return [out[seat] for seat in sorted(out)]


def full_record(log, revoke_penalty):
    """The rules file's deal record (plus ``dealer`` and ``breakdown``) from a logged deal."""
    breakdown = _breakdown(log, revoke_penalty)
    penalties = [0] * (len(log) - 4)
    for entry in breakdown:
        penalties[entry["seat"]] = entry["points"]
    return {
        "dealer": log[0],
        "first": log[1],
        "queen": log[2],
        "last": log[3],
        "revokes": log[4:],
        "penalties": penalties,
        "breakdown": breakdown,
    }


SlobberhannesState.info = GAME = GameInfo(
    slug="slobberhannes",
    title="Slobberhannes",
    min_players=3,
    max_players=6,
    default_players=4,
    daily={"loss_limit": 1},  # one deal (round) for the daily deal
    score="penalty",
    options=(
        Option(
            "revoke_penalty",
            False,
            "bool",
            "failing to follow suit is allowed and costs 1 penalty point (off: it is illegal)",
        ),
        Option(
            "loss_limit",
            10,
            "int",
            "the game ends when someone has this many penalty points",
            minimum=1,
            maximum=99,
        ),
    ),
    state_class=SlobberhannesState,
    # Every deal hands out at least 3 points, so at most n*(limit-1)/3 + 1 deals of at most 32 cards.
    max_actions=32 * (6 * 98 // 3 + 1),
    variants=({"revoke_penalty": True}, {"loss_limit": 3}),
    computer_players=True,
)
