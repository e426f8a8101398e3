"""Quinto (Hoffmann, 1907): a partnership trick game in which quints (fives, A+4, 3+2 of a suit,
the joker) taken in tricks score, and the five cards of the cachette go to the last trick.

Source: the Japanese blog article on the game (クイント(Quinto), 2018-12-03), with Hoffmann's and
Parlett's rules, as decided by the design's rules file for this game (docs/rules/quinto.md), which
settles what the article leaves open. In this repository: its worked examples in
tests/vectors/quinto.json, its rules for players in static/rules/quinto.json.

Rules in brief
    4 players in fixed partnerships: seats 0+2 (team 0) against 1+3 (team 1). 53 cards: the 52 and
    one joker ``JK1``. No trump suit: the suits are ranked hearts > diamonds > clubs > spades, so
    the whole pack is one order (AH high ... 2S, then JK1 lowest, in no suit). The five top cards
    are the cachette (face down); 12 cards each, one at a time from the dealer's left (the eldest).
    Phase ``double`` (option ``doubling``): from the eldest, one call each: ``pass``, ``double``
    (once a deal) or ``redouble`` (an opponent's double, once; it ends the calls). The multiplier
    is 1, 2 or 4. Phase ``play``: 12 tricks, the eldest leads first; follow the suit to follow
    (the first non-joker card's suit) if you can; the joker may always be played and never wins;
    the highest card in the pack order wins (a void player's higher suit "trumps"). The winner of
    the 12th trick takes the cachette as a 13th trick. Tricks score 5 x multiplier each; quints
    (suit value H 20, D 15, C 10, S 5 each; joker 25) go to the team that takes them, at once
    by default (``score_timing``), multiplied too only with ``doubling_scope="all"``. First team
    to ``target_score`` (250) wins, at once when quints reach it (``ended_by_quints``); after the
    end-of-deal addition the higher total wins (equal: the cachette's team). ``fixed_deals=N``
    plays N deals instead (equal totals: a draw).

Action notation
    ``pass`` / ``double`` / ``redouble``; ``play C`` with C a card code: rank ``AKQJT98765432``
    then suit ``HDCS`` (``TH`` = ten of hearts), or ``JK1``. Canonical card order is the pack
    order above (highest first), in hands, the cachette and ``legal_actions``.

View (``view(seat)``)
    ``teams``, ``dealer``, ``eldest``, ``to_act``, ``hand`` (own), ``hand_sizes``, ``calls``,
    ``multiplier``, ``doubled_by``, ``redoubled_by``, ``trick`` (``[[seat, card], ...]``),
    ``history`` (the finished tricks of this deal in the shared trick form, each with its
    ``quints`` and ``quint_points``), ``last_trick`` (the rules file's form), ``tricks`` (per
    team, the cachette included once taken), ``tricks_played``, ``deal_quints``, ``quints_taken``
    (per team, the quint codes taken this deal), ``scores``, ``target_score``, ``fixed_deals``,
    ``deals_played``, ``cachette_size``, ``cachette`` (null until the 12th trick is won),
    ``cachette_team``, ``last_deal``, ``ended_by_quints``, ``winner_team``; the envelope adds
    ``legal_actions`` and, once over, ``result``.

Decisions beyond the rules file
    - The next deal is dealt at once after scoring (rules section 4), so a view shows no card of
      the previous deal except in its record ``last_deal`` (its cachette is public).
    - Deal records carry, besides the rules file's fields, ``scores`` (the totals after the deal)
      and ``quints`` (per team, the quint codes taken, the cachette's included).
    - A game ended by the 12th trick's quints never takes the cachette: it stays hidden.
    - While the next deal is played, ``view``'s ``last_deal`` gives the last cachette as
      ``[rank, suit]`` pairs and leaves its quint codes out: those cards are in the new hands, so
      their codes would look like a leak of hidden cards (the result, at the end, keeps codes).
    - Once the game is over nothing is hidden any more (``hidden_cards`` is empty).
    - ``standing``: the winning team first, even on equal totals settled by the cachette; a draw
      only with ``fixed_deals``.
    - The winner is kept in the state (``winner_team``), since a game ended by quints in mid-deal
      cannot be told from its totals alone.
    - Refusal codes: ``wrong_phase`` (a play during the calls, a call during play; ``verb``),
      ``malformed`` (unknown verb, wrong arguments, unknown card; ``text``), ``card_not_held``,
      ``must_follow_suit`` (``suit``), ``cannot_double`` (a double already made),
      ``cannot_redouble`` (``reason``: ``no_double`` or ``partner``), and the shared
      ``not_your_turn``, ``game_over``, ``no_such_seat``.
    - ``target_score`` is 1 to 9999 and ``fixed_deals`` 0 to 99; setup ``scores`` below the target
      when ``fixed_deals`` is 0.
    - The state keeps the finished tricks of the deal compactly (``[leader, winner, cards...]``);
      views expand them.
"""

from __future__ import annotations

from ..cards import SUIT_NAMES
from ..core import GameInfo, GameState, IllegalAction, Option, Standing
from ..reader import (
    Bool,
    Card,
    Cards,
    Choice,
    Ctx,
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

RANKS = "AKQJT98765432"  # highest first
SUITS = "HDCS"  # highest first
JOKER = "JK1"
PACK = [r + s for s in SUITS for r in RANKS] + [JOKER]
ORDER = {card: i for i, card in enumerate(PACK)}  # lower index = higher card
SUIT_VALUE = {"H": 20, "D": 15, "C": 10, "S": 5}
JOKER_VALUE = 25
TEAMS = [[0, 2], [1, 3]]
CALLS = ("pass", "double", "redouble")
HAND_SIZE = 12
CACHETTE_SIZE = 5


def suit_of(card):
    """The card's suit, or None for the joker (it belongs to no suit)."""
    return None if card == JOKER else card[1]


def quints_of(cards):
    """The quints among ``cards`` (one trick or the cachette), in the rules file's order:
    suits H D C S, in each the five, then A+4, then 3+2; the joker last."""
    have = set(cards)
    out = []
    for s in SUITS:
        if "5" + s in have:
            out.append("5" + s)
        if "A" + s in have and "4" + s in have:
            out.append(f"A{s}+4{s}")
        if "3" + s in have and "2" + s in have:
            out.append(f"3{s}+2{s}")
    if JOKER in have:
        out.append(JOKER)
    return out


def quint_value(quint):
    return JOKER_VALUE if quint == JOKER else SUIT_VALUE[quint[1]]


def quint_points(cards):
    return sum(quint_value(q) for q in quints_of(cards))


def suit_to_follow(cards):
    """The suit of the first non-joker card of a trick (``cards``: codes in play order)."""
    for card in cards:
        if card != JOKER:
            return card[1]
    return None


def trick_winner(plays):
    """The ``[seat, card]`` that wins: the highest card in the pack order (the joker never wins)."""
    return min(plays, key=lambda p: ORDER[p[1]])


def playable_cards(hand, trick_cards):
    """The cards of ``hand`` that may be played to a trick holding ``trick_cards`` (rules
    section 5): the suit to follow or the joker when the hand holds that suit, else any."""
    suit = suit_to_follow(trick_cards)
    if suit is None or not any(c[1] == suit and c != JOKER for c in hand):
        return list(hand)
    return [c for c in hand if c == JOKER or c[1] == suit]


def sort_cards(cards):
    return sorted(cards, key=ORDER.__getitem__)


def _reason(code, **params):
    return {"code": code, "params": params}


# What an explicit setup and a saved state may hold (tabletop.reader): anything else is refused.
MAX_SCORE = 10**6
MAX_DEALS = 2000
HANDS = PerSeat(Cards(n=HAND_SIZE))
ONE_DEAL = Fields({"hands": HANDS, "cachette": Cards(n=CACHETTE_SIZE)})
SETUP = Fields(
    {},
    optional={
        "dealer": Seat(),
        "hands": HANDS,
        "cachette": Cards(n=CACHETTE_SIZE),
        "deals": List(ONE_DEAL, 0, 1000),
        "scores": List(Int(0, MAX_SCORE), 2, 2),
        "deals_played": Int(0, 9999),
    },
)
TEAM = Int(0, 1)
PAIR = List(Int(0, MAX_SCORE), 2, 2)
RECORD = Fields(
    {
        "dealer": Seat(),
        "multiplier": Choice(1, 2, 4),
        "doubled_by": Opt(Seat()),
        "redoubled_by": Opt(Seat()),
        "tricks": List(Int(0, 13), 2, 2),
        "cachette": Cards(n=CACHETTE_SIZE, counted=False, ordered=True),
        "cachette_team": TEAM,
        "quint_points": List(Int(0, 700), 2, 2),
        "trick_points": List(Int(0, 260), 2, 2),
        "points": List(Int(0, 960), 2, 2),
        "scores": PAIR,
        "quints": List(List(Choice(*[q for q in quints_of(PACK)]), 0, 17), 2, 2),
    }
)
STATE = Fields(
    {
        "deals": List(
            Fields(
                {
                    "hands": PerSeat(Cards(n=HAND_SIZE, counted=False)),
                    "cachette": Cards(n=CACHETTE_SIZE, counted=False),
                }
            ),
            0,
            1000,
        ),
        "deal_index": Int(0, MAX_DEALS),
        "dealer": Seat(),
        "scores": PAIR,
        "start_scores": PAIR,
        "start_played": Int(0, 9999),
        "deals_played": Int(0, 9999 + MAX_DEALS),
        "deal_log": List(RECORD, 0, MAX_DEALS),
        "hands": PerSeat(Cards(hi=HAND_SIZE, ordered=True)),
        "cachette": Cards(n=CACHETTE_SIZE, ordered=True),
        "calls": List(Tuple(Seat(), Choice(*CALLS)), 0, 4),
        "to_act": Opt(Seat()),
        "trick": List(Tuple(Seat(), Card()), 0, 3),
        "leader": Opt(Seat()),
        # A finished trick as [leader, winner, four cards in play order].
        "history": List(Tuple(Seat(), Seat(), Card(), Card(), Card(), Card()), 0, HAND_SIZE),
        "cachette_team": Opt(TEAM),
        "ended_by_quints": Bool(),
        "winner_team": Opt(TEAM),
    }
)


class QuintoState(GameState):
    STATE, CARDS, ALL_CARDS_KEPT = STATE, ORDER, True

    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        opts = self.d["options"]
        deals, dealer, scores, played = [], 0, [0, 0], 0
        if setup is not None:
            check(setup, SETUP, Ctx("quinto", 4, ORDER), "setup")
            if "deals" in setup and ("hands" in setup or "cachette" in setup):
                raise ValueError("quinto: give either 'hands'/'cachette' or 'deals', not both")
            if ("hands" in setup) != ("cachette" in setup):
                raise ValueError("quinto: 'hands' and 'cachette' go together")
            if "deals" in setup:
                deals = [{"hands": x["hands"], "cachette": x["cachette"]} for x in setup["deals"]]
            elif "hands" in setup:
                deals = [{"hands": setup["hands"], "cachette": setup["cachette"]}]
            for number, deal in enumerate(deals, 1):
                ctx = Ctx("quinto", 4, ORDER)  # each deal is the whole pack, once
                check(deal, ONE_DEAL, ctx, f"setup deal {number}")
                conserve(ctx, complete=True)
            deals = [
                {"hands": [list(h) for h in x["hands"]], "cachette": list(x["cachette"])}
                for x in deals
            ]
            dealer = setup.get("dealer", 0)
            scores = list(setup.get("scores", [0, 0]))
            played = setup.get("deals_played", 0)
        _check_start(opts, scores, played)
        self.d.update(
            {
                "deals": deals,
                "deal_index": 0,
                "dealer": dealer,
                "scores": scores,
                "start_scores": list(scores),
                "start_played": played,
                "deals_played": played,
                "deal_log": [],
                "cachette_team": None,
                "ended_by_quints": False,
                "winner_team": None,
            }
        )
        self._start_deal()

    def _deal_cards(self):
        d = self.d
        if d["deal_index"] < len(d["deals"]):
            deal = d["deals"][d["deal_index"]]
            hands, cachette = [list(h) for h in deal["hands"]], list(deal["cachette"])
        else:
            cards = list(PACK)
            self.rng.shuffle(cards)
            cachette, rest = cards[:CACHETTE_SIZE], cards[CACHETTE_SIZE:]
            hands = [[], [], [], []]
            seat = (d["dealer"] + 1) % 4
            for card in rest:  # one at a time, clockwise from the eldest
                hands[seat].append(card)
                seat = (seat + 1) % 4
        d["deal_index"] += 1
        return [sort_cards(h) for h in hands], sort_cards(cachette)

    def _start_deal(self):
        d = self.d
        hands, cachette = self._deal_cards()
        eldest = (d["dealer"] + 1) % 4
        d.update(
            {
                "phase": "double" if d["options"]["doubling"] else "play",
                "hands": hands,
                "cachette": cachette,
                "calls": [],
                "to_act": eldest,
                "trick": [],
                "leader": eldest if not d["options"]["doubling"] else None,
                "history": [],
                "cachette_team": None,
            }
        )

    # -- facts --------------------------------------------------------------------------------
    @property
    def eldest(self):
        return (self.d["dealer"] + 1) % 4

    def multiplier(self):
        calls = [c for _, c in self.d["calls"]]
        return 4 if "redouble" in calls else 2 if "double" in calls else 1

    def caller(self, call):
        return next((s for s, c in self.d["calls"] if c == call), None)

    def tricks(self):
        t = [0, 0]
        for trick in self.d["history"]:
            t[trick[1] % 2] += 1
        if self.d["cachette_team"] is not None:
            t[self.d["cachette_team"]] += 1
        return t

    def scored_quints(self, cards):
        """Quint points of ``cards`` as scored: multiplied under ``doubling_scope="all"``."""
        q = quint_points(cards)
        return q * self.multiplier() if self.d["options"]["doubling_scope"] == "all" else q

    def deal_quints(self):
        q = [0, 0]
        for trick in self.d["history"]:
            q[trick[1] % 2] += self.scored_quints(trick[2:])
        if self.d["cachette_team"] is not None:
            q[self.d["cachette_team"]] += self.scored_quints(self.d["cachette"])
        return q

    def quints_taken(self):
        q = [[], []]
        for trick in self.d["history"]:
            q[trick[1] % 2] += quints_of(trick[2:])
        if self.d["cachette_team"] is not None:
            q[self.d["cachette_team"]] += quints_of(self.d["cachette"])
        return q

    # -- whose turn ---------------------------------------------------------------------------
    def movers_double(self):
        return [self.d["to_act"]]

    movers_play = movers_double

    # -- legal actions ------------------------------------------------------------------------
    def legal_double(self, seat):
        out = ["pass"]
        doubler = self.caller("double")
        if doubler is None:
            out.append("double")
        elif doubler % 2 != seat % 2:
            out.append("redouble")
        return out

    def playable(self, seat):
        return playable_cards(self.d["hands"][seat], [c for _, c in self.d["trick"]])

    def legal_play(self, seat):
        return ["play " + c for c in self.playable(seat)]

    # -- applying -----------------------------------------------------------------------------
    def apply_double(self, seat, verb, args):
        d = self.d
        if verb == "play":
            raise IllegalAction(
                "wrong_phase", "the calls come first: 'pass', 'double' or 'redouble'", verb=verb
            )
        if verb not in CALLS or args:
            raise IllegalAction(
                "malformed",
                "call 'pass', 'double' or 'redouble', with nothing after it",
                text=" ".join([verb] + args)[:20],
            )
        doubler = self.caller("double")
        if verb == "double" and doubler is not None:
            raise IllegalAction("cannot_double", "only one double per deal", seat=doubler)
        if verb == "redouble":
            if doubler is None:
                raise IllegalAction(
                    "cannot_redouble", "nobody has doubled", reason="no_double", seat=None
                )
            if doubler % 2 == seat % 2:
                raise IllegalAction(
                    "cannot_redouble",
                    "you cannot redouble your partner's double",
                    reason="partner",
                    seat=doubler,
                )
        d["calls"].append([seat, verb])
        if verb == "redouble" or len(d["calls"]) == 4:
            d["phase"], d["leader"], d["to_act"] = "play", self.eldest, self.eldest
        else:
            d["to_act"] = (seat + 1) % 4

    def apply_play(self, seat, verb, args):
        d = self.d
        if verb in CALLS:
            raise IllegalAction("wrong_phase", "the calls are over: play a card", verb=verb)
        if verb != "play" or len(args) != 1 or args[0] not in ORDER:
            raise IllegalAction(
                "malformed", "play one card, e.g. 'play 7S'", text=" ".join([verb] + args)[:20]
            )
        card = args[0]
        hand = d["hands"][seat]
        if card not in hand:
            raise IllegalAction("card_not_held", f"you do not hold {card}", card=card)
        if card not in self.playable(seat):
            suit = suit_to_follow([c for _, c in d["trick"]])
            raise IllegalAction(
                "must_follow_suit",
                f"you must follow {SUIT_NAMES[suit]} (or play the joker)",
                suit=suit,
            )
        hand.remove(card)
        d["trick"].append([seat, card])
        if len(d["trick"]) < 4:
            d["to_act"] = (seat + 1) % 4
            return
        self._finish_trick()

    def _finish_trick(self):
        d = self.d
        winner = trick_winner(d["trick"])[0]
        d["history"].append([d["leader"], winner] + [c for _, c in d["trick"]])
        d["trick"] = []
        team = winner % 2
        if self._add_quints(team, d["history"][-1][2:]):
            return
        if len(d["history"]) < HAND_SIZE:
            d["leader"] = d["to_act"] = winner
            return
        # The 12th trick's winner takes the cachette as one more trick (rules section 6).
        d["cachette_team"] = team
        if self._add_quints(team, d["cachette"]):
            return
        self._score_deal()

    def _add_quints(self, team, cards):
        """Quint points added at once (the default timing); True when they end the game."""
        d = self.d
        opts = d["options"]
        if opts["score_timing"] != "quints_at_once":
            return False
        d["scores"][team] += self.scored_quints(cards)
        if not opts["fixed_deals"] and d["scores"][team] >= opts["target_score"]:
            d["ended_by_quints"], d["winner_team"] = True, team
            self._end()
            return True
        return False

    def _end(self):
        d = self.d
        d["phase"], d["to_act"], d["leader"] = "over", None, None

    def _score_deal(self):
        d = self.d
        opts = d["options"]
        m = self.multiplier()
        tricks = self.tricks()
        quints = self.deal_quints()
        trick_points = [5 * m * t for t in tricks]
        for team in (0, 1):
            d["scores"][team] += trick_points[team]
            if opts["score_timing"] == "end_of_deal":
                d["scores"][team] += quints[team]
        d["deal_log"].append(
            {
                "dealer": d["dealer"],
                "multiplier": m,
                "doubled_by": self.caller("double"),
                "redoubled_by": self.caller("redouble"),
                "tricks": tricks,
                "cachette": list(d["cachette"]),
                "cachette_team": d["cachette_team"],
                "quint_points": quints,
                "trick_points": trick_points,
                "points": [quints[0] + trick_points[0], quints[1] + trick_points[1]],
                "scores": list(d["scores"]),
                "quints": self.quints_taken(),
            }
        )
        d["deals_played"] += 1
        s = d["scores"]
        if opts["fixed_deals"]:
            if d["deals_played"] >= opts["fixed_deals"]:
                d["winner_team"] = None if s[0] == s[1] else 0 if s[0] > s[1] else 1
                self._end()
                return
        elif max(s) >= opts["target_score"]:
            d["winner_team"] = d["cachette_team"] if s[0] == s[1] else 0 if s[0] > s[1] else 1
            self._end()
            return
        d["dealer"] = (d["dealer"] + 1) % 4
        self._start_deal()

    # -- checking a saved state ---------------------------------------------------------------
    def check_invariants(self):
        """A saved state's parts agree: the deals logged add up from the start, the current deal's
        calls and tricks follow the rules from the hands they imply, and the phase, the seat to
        act, the scores and the end follow from them."""
        d = self.d
        opts = d["options"]

        def fail(why):
            raise ValueError(f"quinto: {why}")

        over = d["phase"] == "over"
        try:
            _check_start(opts, d["start_scores"], d["start_played"])
        except ValueError:
            fail("the start is not a game to play")
        log = d["deal_log"]
        if d["deals_played"] != d["start_played"] + len(log):
            fail("the deals played do not agree with the deal log")
        ended_mid = d["ended_by_quints"]
        if d["deal_index"] != len(log) + (0 if over and not ended_mid else 1):
            fail("the deals dealt do not agree with the deal log")
        totals = list(d["start_scores"])
        for i, rec in enumerate(log):
            if rec["dealer"] != (log[0]["dealer"] + i) % 4:
                fail("the dealers of the logged deals do not turn clockwise")
            if sum(rec["tricks"]) != 13 or rec["cachette_team"] is None:
                fail(f"logged deal {i + 1}: the tricks are not the 13 of a deal")
            m = rec["multiplier"]
            if rec["trick_points"] != [5 * m * t for t in rec["tricks"]] or rec["points"] != [
                q + t for q, t in zip(rec["quint_points"], rec["trick_points"])
            ]:
                fail(f"logged deal {i + 1}: the points do not add up")
            if (m > 1) != (rec["doubled_by"] is not None) or (m == 4) != (
                rec["redoubled_by"] is not None
            ):
                fail(f"logged deal {i + 1}: the calls do not give its multiplier")
            totals = [a + b for a, b in zip(totals, rec["points"])]
            if rec["scores"] != totals:
                fail(f"logged deal {i + 1}: the totals do not follow")
            last = i == len(log) - 1
            ends = (
                d["start_played"] + i + 1 >= opts["fixed_deals"]
                if opts["fixed_deals"]
                else max(totals) >= opts["target_score"]
            )
            if ends and not (last and over and not ended_mid):
                fail(f"logged deal {i + 1}: the game ends there")
        if log and d["dealer"] != (log[-1]["dealer"] + (0 if over and not ended_mid else 1)) % 4:
            fail("the dealer does not follow the logged deals")
        if over and not ended_mid and not log:
            fail("the game is over before any deal")
        if over and not ended_mid:
            return self._check_finished_deal(fail, totals)
        self._check_current_deal(fail, totals)

    def _check_finished_deal(self, fail, totals):
        d = self.d
        rec = d["deal_log"][-1]
        if d["scores"] != totals or d["trick"] or any(d["hands"]) or d["to_act"] is not None:
            fail("the game is over but the last deal is not finished")
        if len(d["history"]) != HAND_SIZE or d["cachette_team"] != rec["cachette_team"]:
            fail("the last deal's tricks are not complete")
        if d["cachette"] != rec["cachette"] or self.tricks() != rec["tricks"]:
            fail("the last deal does not agree with its record")
        s = d["scores"]
        if d["options"]["fixed_deals"]:
            winner = None if s[0] == s[1] else 0 if s[0] > s[1] else 1
        else:
            winner = rec["cachette_team"] if s[0] == s[1] else 0 if s[0] > s[1] else 1
        if d["winner_team"] != winner:
            fail("the winner does not follow from the totals")

    def _check_current_deal(self, fail, totals):
        d = self.d
        opts = d["options"]
        over = d["phase"] == "over"
        if not over and (d["ended_by_quints"] or d["winner_team"] is not None):
            fail("a winner is named while the game goes on")
        # The calls: one each from the eldest, at most one double and one redouble.
        calls = d["calls"]
        eldest = self.eldest
        if [s for s, _ in calls] != [(eldest + i) % 4 for i in range(len(calls))]:
            fail("the calls are not made in turn from the eldest")
        doubler = None
        for i, (seat, call) in enumerate(calls):
            if call == "double":
                if doubler is not None:
                    fail("two doubles in one deal")
                doubler = seat
            if call == "redouble":
                if doubler is None or doubler % 2 == seat % 2 or i != len(calls) - 1:
                    fail("a redouble that the calls do not allow")
        calls_done = len(calls) == 4 or (calls and calls[-1][1] == "redouble")
        if not opts["doubling"] and calls:
            fail("calls are made without doubling")
        in_calls = d["phase"] == "double"
        if in_calls != (opts["doubling"] and not calls_done) and not over:
            fail("the phase does not follow from the calls")
        if opts["doubling"] and not calls_done and (over or d["history"] or d["trick"]):
            fail("cards are played before the calls are over")
        # The tricks, replayed from the hands they imply.
        dealt = [list(h) for h in d["hands"]]
        for t in d["history"]:
            for k, card in enumerate(t[2:]):
                dealt[(t[0] + k) % 4].append(card)
        for seat, card in d["trick"]:
            dealt[seat].append(card)
        if any(len(h) != HAND_SIZE for h in dealt):
            fail("the hands and the cards played are not a deal of 12 cards each")
        index = d["deal_index"] - 1
        if index < len(d["deals"]):
            deal = d["deals"][index]
            if [sorted(h) for h in dealt] != [sorted(h) for h in deal["hands"]] or sorted(
                d["cachette"]
            ) != sorted(deal["cachette"]):
                fail("the cards of this deal are not the explicit deal")
        hands = [set(h) for h in dealt]
        leader = eldest
        scores = list(totals)
        at_once = opts["score_timing"] == "quints_at_once"
        for number, t in enumerate(d["history"], 1):
            if t[0] != leader:
                fail(f"trick {number} was not led by the winner of the trick before")
            plays = [[(t[0] + k) % 4, c] for k, c in enumerate(t[2:])]
            for k, (seat, card) in enumerate(plays):
                if card not in playable_cards(sorted(hands[seat]), t[2 : 2 + k]):
                    fail(f"trick {number}: seat {seat} did not follow suit")
                hands[seat].discard(card)
            if t[1] != trick_winner(plays)[0]:
                fail(f"trick {number} names the wrong winner")
            leader = t[1]
            if at_once:
                scores[t[1] % 2] += self.scored_quints(t[2:])
                if (
                    not opts["fixed_deals"]
                    and scores[t[1] % 2] >= opts["target_score"]
                    and number < len(d["history"])
                ):
                    fail("tricks are played after the game ended")
        if d["cachette_team"] is not None:
            if len(d["history"]) != HAND_SIZE or d["history"][-1][1] % 2 != d["cachette_team"]:
                fail("the cachette is taken by a team that did not win the last trick")
            if at_once:
                scores[d["cachette_team"]] += self.scored_quints(d["cachette"])
        if d["scores"] != scores:
            fail("the scores do not follow from the quints taken")
        if over:
            # Ended by quints: the last addition reached the target, none before it.
            team = d["winner_team"]
            if (
                not at_once
                or opts["fixed_deals"]
                or team is None
                or scores[team] < opts["target_score"]
            ):
                fail("the game is over in mid-deal without quints reaching the target")
            if d["trick"] or d["to_act"] is not None:
                fail("cards are in play after the game")
            return
        if len(d["history"]) == HAND_SIZE:
            fail("the deal is finished but not scored")
        if d["cachette_team"] is not None:
            fail("the cachette is taken before the last trick")
        if in_calls:
            if d["to_act"] != (eldest + len(calls)) % 4 or d["leader"] is not None:
                fail("the seat to call is not the next in turn")
            return
        if d["leader"] != leader:
            fail("the leader of the trick is not the winner of the trick before")
        if d["to_act"] != (leader + len(d["trick"])) % 4 or [s for s, _ in d["trick"]] != [
            (leader + k) % 4 for k in range(len(d["trick"]))
        ]:
            fail("the seat to act is not the next in the trick")
        for k, (seat, card) in enumerate(d["trick"]):
            played = [c for _, c in d["trick"][:k]]
            if card not in playable_cards(sorted(hands[seat]), played):
                fail(f"seat {seat} did not follow suit in the trick in progress")
            hands[seat].discard(card)

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        w = d["winner_team"]
        return {
            "scores": list(d["scores"]),
            "winner_team": w,
            "winners": list(TEAMS[w]) if w is not None else [],
            "deals_played": d["deals_played"],
            "ended_by_quints": d["ended_by_quints"],
            "deals": [dict(r) for r in d["deal_log"]],
        }

    def standing(self):
        """The winning team first (it may have fewer points only never: the winner is the higher
        total, or the cachette's team on equal totals); a draw only with ``fixed_deals``."""
        d = self.d
        w = d["winner_team"]
        keys = [0, 0] if w is None else [1 if t == w else 0 for t in (0, 1)]
        scores = list(d["scores"])
        return Standing(
            keys=keys, sides=self.info.teams, scores=[scores[s % 2] for s in range(self.players)]
        )

    def last_trick(self):
        h = self.d["history"]
        if not h:
            return None
        t = h[-1]
        return {
            "leader": t[0],
            "cards": list(t[2:]),
            "winner": t[1],
            "quints": quints_of(t[2:]),
            "quint_points": self.scored_quints(t[2:]),
        }

    def snapshot(self):
        d = self.d
        snap = super().snapshot()
        snap.update(
            {
                "multiplier": self.multiplier(),
                "tricks": self.tricks(),
                "tricks_played": len(d["history"]),
                "last_trick": self.last_trick(),
                "deal_quints": self.deal_quints(),
                "last_deal": dict(d["deal_log"][-1]) if d["deal_log"] else None,
                "legal": self.legal_actions(d["to_act"]) if d["to_act"] is not None else [],
            }
        )
        return snap

    def observe(self, seat):
        d = self.d
        opts = d["options"]
        history = []
        for t in d["history"]:
            plays = [[(t[0] + k) % 4, c] for k, c in enumerate(t[2:])]
            history.append(
                {
                    "leader": t[0],
                    "cards": plays,
                    "winner": t[1],
                    "quints": quints_of(t[2:]),
                    "quint_points": self.scored_quints(t[2:]),
                }
            )
        cachette_open = d["cachette_team"] is not None
        v = {
            "teams": [list(t) for t in TEAMS],
            "dealer": d["dealer"],
            "eldest": self.eldest,
            "to_act": d["to_act"],
            "leader": d["leader"],
            "hand_sizes": [len(h) for h in d["hands"]],
            "calls": [list(c) for c in d["calls"]],
            "multiplier": self.multiplier(),
            "doubled_by": self.caller("double"),
            "redoubled_by": self.caller("redouble"),
            "trick": [list(p) for p in d["trick"]],
            "history": history,
            "last_trick": self.last_trick(),
            "tricks": self.tricks(),
            "tricks_played": len(d["history"]),
            "deal_quints": self.deal_quints(),
            "quints_taken": self.quints_taken(),
            "scores": list(d["scores"]),
            "target_score": opts["target_score"],
            "fixed_deals": opts["fixed_deals"],
            "deals_played": d["deals_played"],
            "cachette_size": CACHETTE_SIZE,
            "cachette": list(d["cachette"]) if cachette_open else None,
            "cachette_team": d["cachette_team"],
            "cachette_points": self.scored_quints(d["cachette"]) if cachette_open else None,
            "last_deal": _public_record(d["deal_log"][-1]) if d["deal_log"] else None,
            "ended_by_quints": d["ended_by_quints"],
            "winner_team": d["winner_team"],
        }
        if seat is not None:
            v["hand"] = list(d["hands"][seat])
        return v

    def hidden_cards(self, seat):
        d = self.d
        if d["phase"] == "over":  # the game is over: nothing is kept from anyone any more
            return set()
        hidden = set()
        for s, hand in enumerate(d["hands"]):
            if s != seat:
                hidden.update(hand)
        if d["cachette_team"] is None:
            hidden.update(d["cachette"])
        return hidden

    def all_cards(self):
        return list(PACK)


def _public_record(record):
    """A deal record as the views show it while the next deal is played: its cachette (public once
    taken) as ``[rank, suit]`` pairs (``["JK", "1"]`` for the joker) and its quints left out, since
    the codes of the last deal's cards would name cards now hidden in the new hands."""
    out = {k: v for k, v in record.items() if k not in ("cachette", "quints")}
    out["cachette"] = [[c[:-1], c[-1]] for c in record["cachette"]]
    return out


def _check_start(opts, scores, played):
    """The scores and deals played before the first deal must leave a game to play."""
    if opts["fixed_deals"]:
        if played >= opts["fixed_deals"]:
            raise ValueError(
                f"quinto: deals_played ({played}) must be below fixed_deals "
                f"({opts['fixed_deals']}), or the game is already over"
            )
    elif max(scores) >= opts["target_score"]:
        raise ValueError(
            f"quinto: starting scores must be below the target score {opts['target_score']}, "
            "or the game is already over"
        )


QuintoState.info = GAME = GameInfo(
    slug="quinto",
    title="Quinto",
    min_players=4,
    max_players=4,
    default_players=4,
    daily={"fixed_deals": 1},  # one deal for the daily deal
    options=(
        Option(
            "target_score",
            250,
            "int",
            "points a team needs to win (not used with fixed_deals)",
            minimum=1,
            maximum=9999,
        ),
        Option(
            "fixed_deals",
            0,
            "int",
            "0: play to the target score; N: play exactly N deals",
            minimum=0,
            maximum=99,
        ),
        Option("doubling", True, "bool", "each player may once pass, double or redouble"),
        Option(
            "doubling_scope",
            "tricks",
            "choice",
            "what a double multiplies: trick points only, or quints too",
            choices=("tricks", "all"),
        ),
        Option(
            "score_timing",
            "quints_at_once",
            "choice",
            "quints count as soon as they are taken, or everything at the end of the deal",
            choices=("quints_at_once", "end_of_deal"),
        ),
    ),
    state_class=QuintoState,
    max_actions=20_000,
    variants=(
        {"fixed_deals": 2},
        {"doubling": False, "target_score": 150},
        {"doubling_scope": "all", "score_timing": "end_of_deal"},
        {"score_timing": "end_of_deal", "fixed_deals": 1},
    ),
    computer_players=True,
    teams=tuple(tuple(team) for team in TEAMS),
)
