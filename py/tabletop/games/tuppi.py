"""Tuppi: Finnish no-trump partnership game - a secret card auction, then rami, nolo or sooli.

Source: the Japanese blog article on the game (first article, "Tuppi", 2021-12-08), as decided by the design's
rules file for this game, which settles what the article leaves open. In this repository:
its worked examples in tests/vectors/tuppi.json, its rules for players in
static/rules/tuppi.json.

Rules in brief
    4 players in fixed partnerships: seats 0+2 (team 0) against 1+3 (team 1). 52 cards, 13 each,
    dealt one at a time from the dealer's left; no trumps, A high. Phase ``bid``: every seat
    secretly bids one card of rank A or 2-10 (never J/Q/K; option ``bid_twos_allowed=false`` bars
    2s too), red = rami (take tricks), black = nolo (avoid tricks); a seat without an eligible
    card of the wanted colour bids the word (``bid rami`` / ``bid nolo``). The bids are revealed
    from the dealer's left and revelation stops at the first red bid: that seat is the declarer
    and the mode is rami; four black bids make a nolo deal. Bid cards stay in the hand.
    Phase ``sooli`` (rami only, option ``sooli_allowed``): the defenders, the declarer's left
    first, may ``declare sooli``; the soloist plays alone against the declaring team, ace low for
    everyone, and must take no trick. Phases ``exchange``/``give``: the soloist may lay one card
    face down; his partner then gives him one card blind; the partner sits the deal out.
    Phase ``play``: follow suit if you can, highest card of the led suit wins. Rami: declaring
    team with T >= 7 tricks scores 4*(T-6), else the defenders score 8*((13-T)-6). Nolo: the team
    with <= 6 tricks scores 4*(7-tricks). Sooli: 24 to the soloist's team if he takes no trick,
    else 24 to the declaring team; the deal ends when the soloist wins a trick or after
    ``sooli_tricks`` (3) tricks. Only one team holds points: by default the other team's total
    drops to 0 (``score_reset="both_zero"``: if the other team held points both drop to 0 and
    nobody scores). First to ``target_score`` (52) wins; ``fixed_deals=N`` plays N deals with no
    reset instead, the higher total winning.

Action notation
    ``bid C`` / ``bid rami`` / ``bid nolo``; ``declare sooli`` / ``pass``; ``exchange C`` / ``pass``;
    ``give C``; ``play C``. Cards are rank+suit codes, ranks ``23456789TJQKA``, suits ``SHDC``;
    canonical order is the deck order: spades, hearts, diamonds, clubs, each 2 up to A.
    In ``legal_actions`` the verbal bids come after the card bids, ``pass`` last.

View (``view(seat)``)
    ``teams`` ([[0, 2], [1, 3]]), ``team_of_seat``, ``dealer``, ``mode``, ``declarer``,
    ``soloist``, ``sitting_out`` (the soloist's partner), ``bid_placed`` per seat, ``awaiting``
    (seats yet to bid), ``my_bid`` (own bid), ``revealed_bids`` (only those revealed, in reveal
    order), ``sooli_asked`` (defenders asked so far and their answers), ``exchanged`` (whether the
    soloist laid a card, public) and, privately, ``laid_card`` (soloist), ``given_card`` (the card
    the partner gave: soloist and partner), ``set_aside`` (the partner's own set-aside cards);
    ``hand`` (own), ``hand_counts``, ``leader``, ``to_act``, the current ``trick``, the finished
    tricks of this deal (``history``, shared trick form with winners), ``tricks`` per team,
    ``tricks_played``/``tricks_in_deal``, ``scores``, ``target_score``, ``fixed_deals``,
    ``score_reset``, ``deals_played``, ``last_deal`` (record of the previous deal with a
    ``breakdown`` per team: net change and reasons), ``to_move``, ``legal_actions``; ``result``
    once the game is over.

Decisions beyond the rules file
    - Setup refuses starting ``scores`` that already reach ``target_score`` (game would be over),
      both totals above 0 when a reset rule is in force (only one team holds points), and
      ``deals_played >= fixed_deals`` when ``fixed_deals > 0``.
    - Bid phase: a seat's own bid stays visible to it (``my_bid``) until the deal ends; an
      unrevealed bid of another seat is never shown.
    - The next deal is dealt at once after scoring, so views show no card of the previous deal:
      its record (mode, declarer, soloist, tricks, scoring team, points, resets) is ``last_deal``.
    - Deal records carry, besides the rules file's fields, ``dealer``, ``scores`` (totals after
      the deal), ``lost`` (points each team lost to a reset) and ``breakdown``.
    - Revealed bid cards count as seen by everyone for the rest of the deal, wherever they go
      (e.g. into a sooli partner's set-aside cards).
    - A seat that has already bid and tries to act again is told "you have already bid".
    - ``fixed_deals`` is 0 to 99, ``target_score`` 1 to 999. A game played to the target has no
      upper bound on its length (scores can be lost); ``max_actions`` is a generous 100000.
    - The state keeps finished tricks compactly (``[leader, winner, cards...]``; seats follow
      from the mode) to keep clones cheap; views expand them.
"""

from __future__ import annotations

from ..cards import SUIT_NAMES, card_name, deck, parse_cards
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
from ..tricks import finished_view, new_trick, to_play, trick_view, winning_play

RANKS = "23456789TJQKA"
SUITS = "SHDC"
PACK = deck(RANKS, SUITS)
ORDER = {card: i for i, card in enumerate(PACK)}
RED = "HD"
NORMAL_VALUE = {r: i for i, r in enumerate(RANKS)}  # A high
SOOLI_VALUE = {r: i for i, r in enumerate("A23456789TJQK")}  # A low
BID_RANKS = "A23456789T"
TEAMS = [[0, 2], [1, 3]]
PHASES = ("bid", "sooli", "exchange", "give", "play")


def normal_value(card):
    return NORMAL_VALUE[card[0]]


def sooli_value(card):
    return SOOLI_VALUE[card[0]]


def card_suit(card):
    return card[1]


def _is_red_bid(bid):
    return bid == "rami" or (bid != "nolo" and bid[1] in RED)


def _bid_allowed(hand, bid, ranks):
    """Whether ``bid`` (a card or the word) is a legal bid from ``hand`` (rules section 5)."""
    eligible = [c for c in hand if c[0] in ranks]
    if bid in ("rami", "nolo"):
        return not any((c[1] in RED) == (bid == "rami") for c in eligible)
    return bid in eligible


def _reveal_order(dealer, bids):
    """The bids revealed from the dealer's left, stopping at the first red one: (revealed
    ``[[seat, bid], ...]``, the declarer or None)."""
    revealed = []
    for step in range(1, 5):
        seat = (dealer + step) % 4
        revealed.append([seat, bids[seat]])
        if _is_red_bid(bids[seat]):
            return revealed, seat
    return revealed, None


def _deal_points(mode, declarer, soloist, tricks):
    """(scoring team, points before any reset) of a finished deal (rules section 7)."""
    if mode == "rami":
        team = declarer % 2
        taken = tricks[team]
        if taken >= 7:
            return team, 4 * (taken - 6)
        return 1 - team, 8 * ((13 - taken) - 6)
    if mode == "nolo":
        scoring = 0 if tricks[0] <= 6 else 1
        return scoring, 4 * (7 - tricks[scoring])
    soloist_team = soloist % 2
    return (soloist_team if tricks[soloist_team] == 0 else 1 - soloist_team), 24


def _totals_after(scores, scoring, points, opts):
    """(points gained, points lost per team, totals after) when ``scoring`` scores ``points``
    on ``scores``: only one team holds points unless ``fixed_deals`` (rules section 7)."""
    scores, lost, gained, other = list(scores), [0, 0], points, 1 - scoring
    if not opts["fixed_deals"]:
        if opts["score_reset"] == "opponents_lose":
            lost[other], scores[other] = scores[other], 0
        elif scores[other] > 0:  # both_zero
            lost = list(scores)
            scores = [0, 0]
            gained = 0
    scores[scoring] += gained
    return gained, lost, scores


# What an explicit setup and a saved state may hold (tabletop.reader): anything else is refused.
MAX_SCORE = 10**6
MAX_DEALS = 20_000  # a game of at most max_actions (100 000) actions has fewer deals than this
DEAL = PerSeat(Cards(n=13))
SETUP = Fields(
    {},
    optional={
        "hands": DEAL,
        "deals": List(Fields({"hands": DEAL}), 0, 1000),
        "dealer": Seat(),
        "scores": List(Int(0, MAX_SCORE), 2, 2),
        "deals_played": Int(0, 9999),
    },
)
BID = Opt(Either(Choice("rami", "nolo"), Card(counted=False)))
MODE = Choice("rami", "nolo", "sooli")
PLAY = Tuple(Seat(), Card())
STATE = Fields(
    {
        "deals": List(PerSeat(Cards(n=13, counted=False)), 0, 1000),
        "deal_index": Int(0, MAX_DEALS),
        "dealer": Seat(),
        "scores": List(Int(0, MAX_SCORE), 2, 2),
        "deals_played": Int(0, 9999 + MAX_DEALS),
        # Each deal as [dealer, mode, declarer, soloist, tricks (2), scoring team, points, points gained,
        # points lost (2), totals after (2)] (see _full_record).
        "deal_log": List(
            Tuple(
                Seat(),
                MODE,
                Opt(Seat()),
                Opt(Seat()),
                Int(0, 13),
                Int(0, 13),
                Int(0, 1),
                Int(0, 56),
                Int(0, 56),
                Int(0, MAX_SCORE),
                Int(0, MAX_SCORE),
                Int(0, MAX_SCORE),
                Int(0, MAX_SCORE),
            ),
            0,
            MAX_DEALS,
        ),
        "hands": PerSeat(Cards(hi=13, ordered=True)),
        "bids": PerSeat(BID),
        "revealed_bids": List(Tuple(Seat(), BID), 0, 4),
        "mode": Opt(MODE),
        "declarer": Opt(Seat()),
        "soloist": Opt(Seat()),
        "out": Opt(Seat()),
        "asked": List(Tuple(Seat(), Choice("sooli", "pass")), 0, 2),
        "laid": Opt(Card()),
        "given": Opt(Card(counted=False)),
        "set_aside": Cards(hi=13),
        "exchanged": Opt(Bool()),
        "to_act": Opt(Seat()),
        "trick": Fields({"leader": Opt(Seat()), "cards": List(PLAY, 0, 3)}),
        # A finished trick as [leader, winner, cards in play order...]: 4 cards, or 3 in sooli.
        "history": List(
            Either(
                Tuple(Seat(), Seat(), Card(), Card(), Card(), Card()),
                Tuple(Seat(), Seat(), Card(), Card(), Card()),
            ),
            0,
            13,
        ),
        "tricks": List(Int(0, 13), 2, 2),
        "tricks_played": Int(0, 13),
    }
)


class TuppiState(GameState):
    STATE, CARDS, ALL_CARDS_KEPT = STATE, ORDER, True

    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        deals, dealer, scores, played = [], 0, [0, 0], 0
        if setup is not None:
            check(setup, SETUP, Ctx("tuppi", 4, ORDER), "setup")
            if "hands" in setup and "deals" in setup:
                raise ValueError("tuppi: give either 'hands' or 'deals' in the setup, not both")
            deals = (
                [x["hands"] for x in setup["deals"]]
                if "deals" in setup
                else [setup["hands"]]
                if "hands" in setup
                else []
            )
            for number, hands in enumerate(deals, 1):
                ctx = Ctx("tuppi", 4, ORDER)  # each deal is the whole pack, once
                check(hands, DEAL, ctx, f"setup deal {number}")
                conserve(ctx, complete=True)
            deals = [[list(h) for h in hands] for hands in deals]
            dealer = setup.get("dealer", 0)
            scores = list(setup.get("scores", [0, 0]))
            played = setup.get("deals_played", 0)
            self._check_start(scores, played)
        self.d.update(
            {
                "phase": "bid",
                "deals": deals,
                "deal_index": 0,
                "dealer": (dealer - 1) % 4,
                "scores": scores,
                "deals_played": played,
                "deal_log": [],
            }
        )
        self._start_deal()

    def _check_start(self, scores, played):
        """The scores and deals played before the first deal must leave a game to play."""
        opts = self.d["options"]
        if opts["fixed_deals"]:
            if played >= opts["fixed_deals"]:
                raise ValueError(
                    f"tuppi: deals_played ({played}) must be below fixed_deals "
                    f"({opts['fixed_deals']}), or the game is already over"
                )
        else:
            if max(scores) >= opts["target_score"]:
                raise ValueError(
                    f"tuppi: starting scores must be below the target score "
                    f"{opts['target_score']}, or the game is already over"
                )
            if min(scores) > 0:
                raise ValueError(
                    "tuppi: only one team may hold points; one starting score must be 0"
                )

    def _deal_hands(self):
        d = self.d
        if d["deal_index"] < len(d["deals"]):
            hands = [list(h) for h in d["deals"][d["deal_index"]]]
        else:
            cards = list(PACK)
            self.rng.shuffle(cards)
            hands = [[], [], [], []]
            seat = (d["dealer"] + 1) % 4
            for card in cards:  # one at a time, clockwise from the dealer's left
                hands[seat].append(card)
                seat = (seat + 1) % 4
        d["deal_index"] += 1
        return [sorted(h, key=ORDER.__getitem__) for h in hands]

    def _start_deal(self):
        d = self.d
        d["dealer"] = (d["dealer"] + 1) % 4
        d.update(
            {
                "phase": "bid",
                "hands": self._deal_hands(),
                "bids": [None] * 4,
                "revealed_bids": [],
                "mode": None,
                "declarer": None,
                "soloist": None,
                "out": None,
                "asked": [],
                "laid": None,
                "given": None,
                "set_aside": [],
                "exchanged": None,
                "to_act": None,
                "trick": new_trick(None),
                "history": [],
                "tricks": [0, 0],
                "tricks_played": 0,
            }
        )

    def apply(self, seat, action):
        # A clearer refusal than "not your turn" for a seat that has already bid.
        if (
            self.d["phase"] == "bid"
            and self._is_seat(seat)
            and self.d["bids"][seat] is not None
            and isinstance(action, str)
            and action.split()
        ):
            raise IllegalAction("already_bid", "you have already bid; wait for the other bids")
        super().apply(seat, action)

    # -- whose turn -----------------------------------------------------------------------------
    def movers_bid(self):
        return [s for s in range(4) if self.d["bids"][s] is None]

    def _movers_one(self):
        return [self.d["to_act"]]

    movers_sooli = movers_exchange = movers_give = movers_play = _movers_one

    # -- legal actions ------------------------------------------------------------------------
    def bid_ranks(self):
        return BID_RANKS if self.d["options"]["bid_twos_allowed"] else BID_RANKS.replace("2", "")

    def legal_bid(self, seat):
        ranks = self.bid_ranks()
        cards = [c for c in self.d["hands"][seat] if c[0] in ranks]
        out = ["bid " + c for c in cards]
        if not any(c[1] not in RED for c in cards):
            out.append("bid nolo")
        if not any(c[1] in RED for c in cards):
            out.append("bid rami")
        return out

    def legal_sooli(self, seat):
        return ["declare sooli", "pass"]

    def legal_exchange(self, seat):
        return ["exchange " + c for c in self.d["hands"][seat]] + ["pass"]

    def legal_give(self, seat):
        return ["give " + c for c in self.d["hands"][seat]]

    def playable(self, seat):
        hand = self.d["hands"][seat]
        cards = self.d["trick"]["cards"]
        if not cards:
            return hand
        led = cards[0][1][1]
        same = [c for c in hand if c[1] == led]
        return same or hand

    def legal_play(self, seat):
        return ["play " + c for c in self.playable(seat)]

    # -- applying -----------------------------------------------------------------------------
    def _wrong_verb(self, verb, expected, verbs):
        if verb in ("bid", "declare", "pass", "exchange", "give", "play"):
            raise IllegalAction(
                "wrong_move", f"'{verb}' is not possible now: {expected}", verb=verb, verbs=verbs
            )
        raise IllegalAction(
            "wrong_move", f"unknown move {verb!r}: {expected}", verb=verb[:20], verbs=verbs
        )

    def _one_held_card(self, seat, args):
        (card,) = parse_cards(args, ORDER, count=1)
        if card not in self.d["hands"][seat]:
            raise IllegalAction(
                "not_in_hand", f"you do not hold the {card_name(card)}", cards=[card]
            )
        return card

    def apply_bid(self, seat, verb, args):
        d = self.d
        if verb != "bid":
            self._wrong_verb(
                verb, "every player bids one card face down (or 'bid rami' / 'bid nolo')", ["bid"]
            )
        if d["bids"][seat] is not None:
            raise IllegalAction("already_bid", "you have already bid")
        if len(args) != 1:
            raise IllegalAction(
                "bid_one_card", "bid one card, e.g. 'bid 5H', or 'bid rami' / 'bid nolo'"
            )
        ranks = self.bid_ranks()
        eligible = [c for c in d["hands"][seat] if c[0] in ranks]
        word = args[0]
        if word in ("rami", "nolo"):
            want_red = word == "rami"
            colour = [c for c in eligible if (c[1] in RED) == want_red]
            if colour:
                message = (
                    f"you hold a {'red' if want_red else 'black'} card you may bid "
                    f"({colour[0]}): bid a card, the verbal '{word}' is only for a hand without one"
                )
                if want_red:
                    raise IllegalAction("bid_red_card", message, card=colour[0])
                raise IllegalAction("bid_black_card", message, card=colour[0])
            bid = word
        else:
            card = self._one_held_card(seat, args)
            if card[0] in "JQK":
                raise IllegalAction(
                    "court_card_bid",
                    f"{card} is a court card; J, Q and K may not be bid",
                    card=card,
                )
            if card[0] not in ranks:
                raise IllegalAction("two_not_biddable", "2s may not be bid in this game", card=card)
            bid = card
        d["bids"][seat] = bid
        if None not in d["bids"]:
            self._reveal()

    def _reveal(self):
        d = self.d
        d["revealed_bids"], declarer = _reveal_order(d["dealer"], d["bids"])
        if declarer is None:
            d["mode"] = "nolo"
            self._begin_play()
            return
        d["mode"], d["declarer"] = "rami", declarer
        if d["options"]["sooli_allowed"]:
            d["phase"], d["to_act"] = "sooli", (declarer + 1) % 4
        else:
            self._begin_play()

    def apply_sooli(self, seat, verb, args):
        d = self.d
        if verb == "declare":
            if args != ["sooli"]:
                raise IllegalAction("declare_sooli_or_pass", "say 'declare sooli' or 'pass'")
            d["asked"].append([seat, "sooli"])
            d["mode"], d["soloist"], d["out"] = "sooli", seat, (seat + 2) % 4
            d["phase"], d["to_act"] = "exchange", seat
            return
        if verb == "pass":
            if args:
                raise IllegalAction("pass_alone", "'pass' takes nothing after it")
            d["asked"].append([seat, "pass"])
            if len(d["asked"]) == 1:
                d["to_act"] = (d["declarer"] + 3) % 4
            else:
                self._begin_play()
            return
        self._wrong_verb(verb, "declare sooli or pass", ["declare", "pass"])

    def apply_exchange(self, seat, verb, args):
        d = self.d
        if verb == "pass":
            if args:
                raise IllegalAction("pass_alone", "'pass' takes nothing after it")
            partner = d["out"]
            d["set_aside"] = d["hands"][partner]
            d["hands"][partner] = []
            d["exchanged"] = False
            self._begin_play()
            return
        if verb == "exchange":
            card = self._one_held_card(seat, args)
            d["hands"][seat].remove(card)
            d["laid"] = card
            d["exchanged"] = True
            d["phase"], d["to_act"] = "give", d["out"]
            return
        self._wrong_verb(
            verb, "lay one card face down ('exchange <card>') or 'pass'", ["exchange", "pass"]
        )

    def apply_give(self, seat, verb, args):
        d = self.d
        if verb != "give":
            self._wrong_verb(verb, "give your partner one card: 'give <card>'", ["give"])
        card = self._one_held_card(seat, args)
        soloist = d["soloist"]
        d["hands"][seat].remove(card)
        d["given"] = card
        d["hands"][soloist] = sorted(d["hands"][soloist] + [card], key=ORDER.__getitem__)
        d["set_aside"] = d["hands"][seat]
        d["hands"][seat] = []
        self._begin_play()

    def _begin_play(self):
        d = self.d
        mode = d["mode"]
        if mode == "nolo":
            leader = (d["dealer"] + 1) % 4
        elif mode == "rami" and d["options"]["rami_first_lead"] == "right_of_declarer":
            leader = (d["declarer"] + 3) % 4
        else:
            leader = d["declarer"]
        d["phase"], d["trick"], d["to_act"] = "play", new_trick(leader), leader

    def trick_seats(self, leader):
        """Seats in play order for a trick led by ``leader``."""
        if self.d["mode"] == "sooli":  # leader, the other declaring-team player, the soloist
            return (leader, (leader + 2) % 4, self.d["soloist"])
        return (leader, (leader + 1) % 4, (leader + 2) % 4, (leader + 3) % 4)

    def _next_to_play(self):
        d = self.d
        trick = d["trick"]
        if d["mode"] != "sooli":
            return to_play(trick, 4)
        played = len(trick["cards"])
        return self.trick_seats(trick["leader"])[played] if played < 3 else None

    def apply_play(self, seat, verb, args):
        d = self.d
        if verb != "play":
            self._wrong_verb(verb, "play one card, e.g. 'play 7S'", ["play"])
        card = self._one_held_card(seat, args)
        cards = d["trick"]["cards"]
        if cards:
            led = cards[0][1][1]
            if card[1] != led and any(c[1] == led for c in d["hands"][seat]):
                raise IllegalAction("must_follow", f"you must follow {SUIT_NAMES[led]}", suit=led)
        d["hands"][seat].remove(card)
        cards.append([seat, card])
        nxt = self._next_to_play()
        if nxt is not None:
            d["to_act"] = nxt
            return
        self._finish_trick()

    def _finish_trick(self):
        d = self.d
        trick = d["trick"]
        value = sooli_value if d["mode"] == "sooli" else normal_value
        winner = winning_play(trick["cards"], card_suit, value)[0]
        # Finished tricks are kept compactly as [leader, winner, cards in play order...]; the
        # seats follow from the mode (see _trick_seats). Views expand them.
        d["history"].append([trick["leader"], winner] + [card for _, card in trick["cards"]])
        d["tricks"][winner % 2] += 1
        d["tricks_played"] += 1
        if d["mode"] == "sooli":
            done = winner == d["soloist"] or d["tricks_played"] == d["options"]["sooli_tricks"]
        else:
            done = d["tricks_played"] == 13
        if done:
            self.score_deal()
            return
        d["trick"] = new_trick(winner)
        d["to_act"] = winner

    def score_deal(self):
        d = self.d
        opts = d["options"]
        mode, tricks = d["mode"], d["tricks"]
        scoring, points = _deal_points(mode, d["declarer"], d["soloist"], tricks)
        gained, lost, scores = _totals_after(d["scores"], scoring, points, opts)
        d["scores"] = scores
        # Logged compactly (see _full_record): dealer, mode, declarer, soloist, tricks (2),
        # scoring team, points, points gained, points lost (2), totals after (2).
        d["deal_log"].append(
            [
                d["dealer"],
                mode,
                d["declarer"],
                d["soloist"],
                tricks[0],
                tricks[1],
                scoring,
                points,
                gained,
                lost[0],
                lost[1],
                scores[0],
                scores[1],
            ]
        )
        d["deals_played"] += 1
        if opts["fixed_deals"]:
            over = d["deals_played"] >= opts["fixed_deals"]
        else:
            over = scores[scoring] >= opts["target_score"]
        if over:
            d["phase"], d["to_act"], d["trick"] = "over", None, new_trick(None)
            return
        self._start_deal()

    # -- checking a saved state ---------------------------------------------------------------
    def check_invariants(self):
        """A saved state's parts agree: the logged deals add up, the current deal's bids, reveal,
        sooli answers and exchange follow the rules from the hands it implies, its tricks replay
        legally, and the phase, the seat to act and the scores follow from them."""
        d = self.d
        opts = d["options"]
        over = d["phase"] == "over"

        def fail(why):
            raise ValueError(f"tuppi: {why}")

        self._check_deal_log(fail)
        # -- the current deal (for a game over: the last one), from the hands it implies
        mode, declarer, soloist, out = d["mode"], d["declarer"], d["soloist"], d["out"]
        phase = d["phase"]
        n = 4 if mode != "sooli" else 3
        if any(len(t) != n + 2 for t in d["history"]):
            fail("a finished trick does not have one card per player")
        plays = [[seat, c] for t in d["history"] for seat, c in zip(self.trick_seats(t[0]), t[2:])]
        plays += d["trick"]["cards"]
        dealt = [list(h) for h in d["hands"]]
        for seat, card in plays:
            dealt[seat].append(card)
        sooli_ready = mode == "sooli" and d["exchanged"] is not None
        if d["laid"] is not None:
            if soloist is None:
                fail("a card is laid away without a soloist")
            dealt[soloist].append(d["laid"])
        if d["given"] is not None:
            if not sooli_ready or d["given"] not in dealt[soloist]:
                fail("the given card is not the soloist's")
            dealt[soloist].remove(d["given"])
            dealt[out].append(d["given"])
        if d["set_aside"]:
            if out is None:
                fail("cards are set aside without a sooli")
            dealt[out].extend(d["set_aside"])
        if any(len(h) != 13 for h in dealt):
            fail(
                "the hands and the cards played, laid and set aside are not a deal of 13 cards each"
            )
        index = d["deal_index"] - 1
        if index < len(d["deals"]) and [sorted(h) for h in dealt] != [
            sorted(h) for h in d["deals"][index]
        ]:
            fail("the cards of this deal are not the explicit deal")
        # The bids: legal from the hands as dealt; revealed from the dealer's left once all are in.
        ranks = self.bid_ranks()
        for seat, bid in enumerate(d["bids"]):
            if bid is not None and not _bid_allowed(dealt[seat], bid, ranks):
                fail(f"seat {seat}'s bid {bid} is not a bid its hand allows")
        if phase == "bid":
            if None not in d["bids"]:
                fail("all four have bid but the bids are not revealed")
            if (
                d["revealed_bids"],
                mode,
                declarer,
                soloist,
                out,
                d["asked"],
                d["laid"],
                d["given"],
                d["set_aside"],
                d["exchanged"],
                d["to_act"],
                d["trick"],
                d["history"],
            ) != ([], None, None, None, None, [], None, None, [], None, None, new_trick(None), []):
                fail("the deal is past the bids while bids are still awaited")
            return self._check_tricks_counted(fail)
        if None in d["bids"]:
            fail("the bids are revealed before everybody has bid")
        revealed, first_red = _reveal_order(d["dealer"], d["bids"])
        if d["revealed_bids"] != revealed or declarer != first_red:
            fail("the revealed bids or the declarer do not follow from the bids")
        if mode is None or (mode == "nolo") != (declarer is None):
            fail("the mode does not follow from the bids")
        # The sooli question: the defenders asked in turn, the first 'sooli' ends it.
        asking = [(declarer + 1) % 4, (declarer + 3) % 4] if declarer is not None else []
        answers = [a for _, a in d["asked"]]
        if [seat for seat, _ in d["asked"]] != asking[: len(answers)] or "sooli" in answers[:-1]:
            fail("the sooli answers are not the defenders' in turn")
        if (mode == "sooli") != (answers[-1:] == ["sooli"]) or (mode == "sooli") != (
            soloist is not None
        ):
            fail("the mode does not follow from the sooli answers")
        if answers and not opts["sooli_allowed"]:
            fail("sooli was asked but is not allowed in this game")
        if mode == "sooli" and (soloist != d["asked"][-1][0] or out != (soloist + 2) % 4):
            fail("the soloist or the seat sitting out do not follow from the sooli answers")
        if mode != "sooli" and (out, d["laid"], d["given"], d["set_aside"], d["exchanged"]) != (
            None,
            None,
            None,
            [],
            None,
        ):
            fail("an exchange is recorded without a sooli")
        if phase == "sooli":
            if mode != "rami" or len(answers) >= 2 or d["to_act"] != asking[len(answers)]:
                fail("the sooli question is not waiting for the next defender")
        elif mode == "rami" and opts["sooli_allowed"] and answers != ["pass", "pass"]:
            fail("a rami deal is played before both defenders passed on sooli")
        if phase == "exchange" and (
            mode != "sooli" or d["exchanged"] is not None or d["to_act"] != soloist
        ):
            fail("the exchange is not the soloist's to make")
        if phase == "give" and (
            mode != "sooli"
            or d["exchanged"] is not True
            or d["given"] is not None
            or d["to_act"] != out
        ):
            fail("the card to give is not the partner's to choose")
        if phase in ("exchange", "give") and (
            d["set_aside"] or d["trick"] != new_trick(None) or d["history"]
        ):
            fail("cards are played before the sooli exchange is done")
        if phase in ("sooli", "exchange", "give"):
            return self._check_tricks_counted(fail)
        if mode == "sooli":
            if (
                d["exchanged"] is None
                or (d["exchanged"] is True) != (d["laid"] is not None)
                or (d["exchanged"] is True) != (d["given"] is not None)
            ):
                fail("the sooli exchange is not complete")
            if d["hands"][out]:
                fail("the seat sitting out still holds cards")
        # The tricks, replayed from the hands at the first lead.
        hands = [set(h) for h in dealt]
        if mode == "sooli":
            hands[soloist] = (hands[soloist] - {d["laid"]}) | ({d["given"]} - {None})
            hands[out] = set()
        value = sooli_value if mode == "sooli" else normal_value
        if mode == "nolo":
            leader = (d["dealer"] + 1) % 4
        elif mode == "rami" and opts["rami_first_lead"] == "right_of_declarer":
            leader = (declarer + 3) % 4
        else:
            leader = declarer
        tricks, winner, done = [0, 0], None, False
        for number, t in enumerate(d["history"] + [None], 1):
            if done and t is not None:
                fail(f"trick {number} is played after the deal ended")
            if t is None:
                if over:
                    break
                t_leader, seats = d["trick"]["leader"], [seat for seat, _ in d["trick"]["cards"]]
                cards = [c for _, c in d["trick"]["cards"]]
                if t_leader is None or seats != list(self.trick_seats(t_leader))[: len(seats)]:
                    fail("the trick in progress is not played in turn from its leader")
            else:
                t_leader, cards = t[0], t[2:]
            if t_leader != leader:
                fail(f"trick {number} was not led by the winner of the trick before")
            led = cards[0][1] if cards else None
            for seat, card in zip(self.trick_seats(t_leader), cards):
                if card[1] != led and any(c[1] == led for c in hands[seat]):
                    fail(f"trick {number}: seat {seat} did not follow suit")
                hands[seat].discard(card)
            if t is None:
                break
            winner = winning_play(list(zip(self.trick_seats(t_leader), cards)), card_suit, value)[0]
            if t[1] != winner:
                fail(f"trick {number} names the wrong winner")
            tricks[winner % 2] += 1
            leader = winner
            done = (
                (winner == soloist or number == opts["sooli_tricks"])
                if mode == "sooli"
                else number == 13
            )
        if d["tricks"] != tricks or d["tricks_played"] != len(d["history"]):
            fail("the trick counts do not follow the tricks played")
        if done != over:
            fail("the phase does not agree with the tricks played")
        if over:
            if d["trick"] != new_trick(None) or d["to_act"] is not None:
                fail("cards are in play after the game")
            if d["deal_log"][-1][:6] != [
                d["dealer"],
                mode,
                declarer,
                soloist,
                tricks[0],
                tricks[1],
            ]:
                fail("the last logged deal is not the deal just played")
        elif (
            len(d["trick"]["cards"]) >= n
            or d["to_act"] != self.trick_seats(leader)[len(d["trick"]["cards"])]
        ):
            fail("the seat to act is not the next in the trick")

    def _check_tricks_counted(self, fail):
        d = self.d
        if (
            d["tricks"] != [0, 0]
            or d["tricks_played"]
            or d["history"]
            or d["trick"] != new_trick(None)
        ):
            fail("tricks are counted before the play")

    def _check_deal_log(self, fail):
        """The logged deals: modes, tricks and points as the rules score them, dealers in turn,
        totals that follow from one deal to the next, and the end of the game where it is."""
        d = self.d
        opts = d["options"]
        over = d["phase"] == "over"
        log = d["deal_log"]
        if d["deal_index"] != len(log) + (0 if over else 1):
            fail("the deals dealt do not agree with the deal log")
        start_played = d["deals_played"] - len(log)
        if start_played < 0:
            fail("fewer deals played than logged")
        if opts["fixed_deals"] and d["deals_played"] > opts["fixed_deals"]:
            fail("more deals played than the game's fixed number")
        totals = None
        for i, entry in enumerate(log):
            (
                dealer,
                mode,
                declarer,
                soloist,
                t0,
                t1,
                scoring,
                points,
                gained,
                lost0,
                lost1,
                s0,
                s1,
            ) = entry
            if dealer != (log[0][0] + i) % 4:
                fail("the dealers of the logged deals do not turn clockwise")
            if (
                (mode == "nolo") != (declarer is None)
                or (mode == "sooli") != (soloist is not None)
                or (soloist is not None and soloist % 2 == declarer % 2)
            ):
                fail(f"logged deal {i + 1}: the declarer and soloist do not fit its mode")
            if mode == "sooli":
                taken = [t0, t1][soloist % 2]
                if (
                    taken > 1
                    or t0 + t1 > opts["sooli_tricks"]
                    or (taken == 0 and t0 + t1 != opts["sooli_tricks"])
                ):
                    fail(f"logged deal {i + 1}: the tricks are not a finished sooli deal")
            elif t0 + t1 != 13:
                fail(f"logged deal {i + 1}: the tricks are not the 13 of a deal")
            if (scoring, points) != _deal_points(mode, declarer, soloist, [t0, t1]):
                fail(f"logged deal {i + 1}: the points are not what its tricks score")
            if totals is None:  # the scores before the first logged deal: the game's start
                if gained == points:
                    totals = [s0, s1]
                    totals[scoring] -= points
                    totals[1 - scoring] += lost1 if scoring == 0 else lost0
                else:
                    totals = [lost0, lost1]
                if min(totals) < 0:
                    fail("the first logged deal does not follow from any start")
                try:
                    self._check_start(totals, start_played)
                except ValueError:
                    fail("the first logged deal does not follow from a start with a game to play")
            if [gained, [lost0, lost1], [s0, s1]] != list(
                _totals_after(totals, scoring, points, opts)
            ):
                fail(f"logged deal {i + 1}: the totals do not follow from the totals before")
            totals = [s0, s1]
            played = start_played + i + 1
            ends = (
                played >= opts["fixed_deals"]
                if opts["fixed_deals"]
                else totals[scoring] >= opts["target_score"]
            )
            if ends != (over and i == len(log) - 1):
                fail(f"logged deal {i + 1}: the game {'ends' if ends else 'does not end'} there")
        if totals is not None and d["scores"] != totals:
            fail("the scores are not the totals after the last logged deal")
        if totals is None:
            try:
                self._check_start(d["scores"], start_played)
            except ValueError as err:
                fail(f"no deal is logged, and the scores are not a start ({err})")
        if log and d["dealer"] != (log[-1][0] if over else (log[-1][0] + 1) % 4):
            fail("the dealer does not follow the logged deals")
        if over and not log:
            fail("the game is over before any deal")

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        s0, s1 = d["scores"]
        winner = None if s0 == s1 else (0 if s0 > s1 else 1)
        return {
            "scores": list(d["scores"]),
            "winner_team": winner,
            "winners": list(TEAMS[winner]) if winner is not None else [],
            "deals_played": d["deals_played"],
            "deals": [_full_record(r) for r in d["deal_log"]],
        }

    def standing(self):
        """The two partnerships ranked by their score (equal: a draw, as ``winner_team`` None says);
        each seat's score is its side's."""
        scores = list(self.d["scores"])
        return Standing(
            keys=scores, sides=self.info.teams, scores=[scores[s % 2] for s in range(self.players)]
        )

    def snapshot(self):
        snap = super().snapshot()
        snap["last_deal"] = _full_record(self.d["deal_log"][-1]) if self.d["deal_log"] else None
        snap["leader"] = self.d["trick"]["leader"]
        snap["awaiting"] = self.movers_bid() if self.d["phase"] == "bid" else []
        return snap

    def observe(self, seat):
        d = self.d
        opts = d["options"]
        sooli = d["mode"] == "sooli"
        v = {
            "teams": [[0, 2], [1, 3]],
            "team_of_seat": [0, 1, 0, 1],
            "dealer": d["dealer"],
            "mode": d["mode"],
            "declarer": d["declarer"],
            "soloist": d["soloist"],
            "sitting_out": d["out"],
            "bid_placed": [b is not None for b in d["bids"]],
            "awaiting": self.movers_bid() if d["phase"] == "bid" else [],
            "revealed_bids": [list(x) for x in d["revealed_bids"]],
            "sooli_asked": [list(x) for x in d["asked"]],
            "exchanged": d["exchanged"],
            "hand_counts": [len(h) for h in d["hands"]],
            "leader": d["trick"]["leader"],
            "to_act": d["to_act"],
            "trick": trick_view(d["trick"]["cards"]),
            "history": [
                finished_view(t[0], zip(self.trick_seats(t[0]), t[2:]), t[1]) for t in d["history"]
            ],
            "tricks": list(d["tricks"]),
            "tricks_played": d["tricks_played"],
            "tricks_in_deal": opts["sooli_tricks"] if sooli else 13,
            "scores": list(d["scores"]),
            "target_score": opts["target_score"],
            "fixed_deals": opts["fixed_deals"],
            "score_reset": opts["score_reset"],
            "deals_played": d["deals_played"],
            "last_deal": _full_record(d["deal_log"][-1]) if d["deal_log"] else None,
        }
        if seat is not None:
            v["hand"] = list(d["hands"][seat])
            v["my_bid"] = d["bids"][seat]
            if sooli and seat == d["soloist"]:
                v["laid_card"] = d["laid"]
                v["given_card"] = d["given"]
            if sooli and seat == d["out"]:
                v["given_card"] = d["given"]
                v["set_aside"] = list(d["set_aside"])
        return v

    def hidden_cards(self, seat):
        d = self.d
        hidden = set()
        for s, hand in enumerate(d["hands"]):
            if s != seat:
                hidden.update(hand)
        if d["given"] is not None and seat == d["out"]:
            hidden.discard(d["given"])
        if d["laid"] is not None and seat != d["soloist"]:
            hidden.add(d["laid"])
        if seat != d["out"]:
            hidden.update(d["set_aside"])
        # Revealed bid cards were shown to everyone (they went back to their owner's hand).
        hidden.difference_update(b for _, b in d["revealed_bids"])
        return hidden

    def all_cards(self):
        return list(PACK)


def _reason(code, **params):
    """A reason as views carry it: a code the page words in the player's language, with params."""
    return {"code": code, "params": params}


def _full_record(log):
    """The rules file's deal record plus ``dealer``, ``scores`` (totals after the deal), ``lost``
    (points each team lost to a reset) and ``breakdown`` (per team: net change and reasons)."""
    dealer, mode, declarer, soloist, t0, t1, scoring, points, gained, lost0, lost1, s0, s1 = log
    tricks, lost = [t0, t1], [lost0, lost1]
    # Reasons are codes with params, worded by the page: why the scoring team scored, then the
    # points it scored (or forfeited to a reset), and the points a team lost to a reset.
    # The tricks and the points they make, so the page can show the sum (4 x (9 - 6) = 12).
    if mode == "rami":
        team = declarer % 2
        why = _reason(
            "rami_made" if scoring == team else "rami_defeated", n=tricks[scoring], points=points
        )
    elif mode == "nolo":
        why = _reason("nolo_made", n=tricks[scoring], points=points)
    else:
        why = _reason("sooli_made" if scoring == soloist % 2 else "sooli_defeated")
    breakdown = []
    for team in (0, 1):
        reasons, change = [], gained - lost[team] if team == scoring else -lost[team]
        if team == scoring:
            reasons += [why, _reason("points_scored" if gained else "points_forfeited", n=points)]
        if lost[team]:
            reasons.append(_reason("points_lost", n=lost[team]))
        breakdown.append(
            {"team": team, "seats": list(TEAMS[team]), "points": change, "reasons": reasons}
        )
    return {
        "dealer": dealer,
        "mode": mode,
        "declarer": declarer,
        "soloist": soloist,
        "tricks": tricks,
        "scoring_team": scoring,
        "points": points,
        "lost": lost,
        "scores": [s0, s1],
        "breakdown": breakdown,
    }


TuppiState.info = GAME = GameInfo(
    slug="tuppi",
    title="Tuppi",
    min_players=4,
    max_players=4,
    default_players=4,
    daily={"fixed_deals": 1},  # one deal (round) for the daily deal
    options=(
        Option(
            "target_score",
            52,
            "int",
            "points a team needs to win (not used with fixed_deals)",
            minimum=1,
            maximum=999,
        ),
        Option(
            "rami_first_lead",
            "declarer",
            "choice",
            "who leads the first trick of a rami deal",
            choices=("declarer", "right_of_declarer"),
        ),
        Option("bid_twos_allowed", True, "bool", "a 2 may be bid (off: only A and 3-10)"),
        Option("sooli_allowed", True, "bool", "a defender may declare sooli against rami"),
        Option("sooli_tricks", 3, "choice", "tricks played in a sooli deal", choices=(3, 13)),
        Option(
            "score_reset",
            "opponents_lose",
            "choice",
            "only one team holds points: the other team drops to 0, or both do",
            choices=("opponents_lose", "both_zero"),
        ),
        Option(
            "fixed_deals",
            0,
            "int",
            "0: play to the target score; N: play exactly N deals, no reset",
            minimum=0,
            maximum=99,
        ),
    ),
    state_class=TuppiState,
    max_actions=100_000,
    variants=(
        {"fixed_deals": 2},
        {"sooli_tricks": 13, "fixed_deals": 3},
        {
            "rami_first_lead": "right_of_declarer",
            "bid_twos_allowed": False,
            "score_reset": "both_zero",
            "target_score": 30,
        },
        {"sooli_allowed": False, "fixed_deals": 1},
    ),
    computer_players=True,
    teams=tuple(tuple(team) for team in TEAMS),
)
