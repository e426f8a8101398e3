"""Mate: a two-player trick game of complete information, played as duplicate deals.

Source: the Japanese blog article on the game (section 「メイト」, 2008-10-04; G. Capellen 1915, after Sid Sackson's *A Gamut of Games*), as decided by the design's
rules file for this game, which settles what the article leaves open. In this repository:
its worked examples in tests/vectors/mate.json, its rules for players in
static/rules/mate.json.

Rules in brief
    20 cards, ranks A T K Q 7 (high to low) in suits C > S > H > D; values A 11, T 10, K 4, Q 3,
    7 7. Each player gets 10 cards (packets of 5, non-dealer first); the dealer leads. The
    follower must follow suit, or failing that play a card of the led rank. A follower who can do
    neither is *mated*: the deal ends at once and the leader scores value(led card) x trick number
    (the mating trick counts). Same suit: the higher rank wins; same rank: the higher suit wins; the
    winner leads. Ten tricks without a mate score nothing. Duplicate: the hands as dealt are then
    exchanged and the other player deals and leads. Option ``rounds`` (1 or 2) plays one or two
    such pairs (round 2 freshly dealt by the other player); the higher total wins, margin = the
    difference, equal totals draw. Option ``foreplacing`` exists only as ``false``.

Action notation
    ``play C`` (one card code, e.g. ``play 7D``). Canonical card order is the rules file's deck
    order: suits S, H, D, C, each A T K Q 7 (``AS TS KS QS 7S AH ... 7C``).

View (``view(seat)``)
    ``hand`` (own), ``opponent_hand`` (derived: every card not held and not yet played, rules
    section 9), ``hands`` in the public view, ``hand_counts``, ``dealer``, ``leader``,
    ``trick_number``, the current ``trick`` (``[[seat, card]]``) and the finished tricks of this
    deal (``history``: ``{"leader", "cards", "winner", "mate"}``; a mating lead has one card and
    winner None), ``points``, ``deal_results``, ``deal_scores`` (per finished deal: each seat's
    points with the reason), ``last_deal`` (the previous deal: dealer, hands as dealt, every trick
    incl. the mating lead, the hands left at its end, its result), ``round``, ``replay``,
    ``deals_total``, ``to_move``, ``legal_actions``; ``result`` when over. In the state a finished
    trick is kept compact as ``[leader, led, followed, winner]``.

Decisions beyond the rules file
    - Mate is a game of complete information (rules sections 1 and 9): every card not in my hand
      and not played is the opponent's. So nothing is secret from anybody: a seat's view shows the
      opponent's remaining cards, the public view shows both hands, and ``hidden_cards`` is empty
      for every seat (deal results, which are public, name cards that sit in the next deal's hands).
    - Explicit setup: ``dealer`` alone is allowed (the hands are then shuffled); ``hands`` and
      ``deals`` together, or more ``deals`` than ``rounds``, are refused.
    - When the match is over the hands left at the end of the last deal stay in the state and view.
    - The solver's objective is the net deal score (mine minus yours). Deal scores simply add up
      over the match, so this is also the objective of the match (higher total, margin).

Solver (module functions, beyond the engine contract; see DESIGN.md)
    ``solve(state)`` -> exact net score of the current deal for the side to move under perfect
    play by both; ``move_values(state)`` -> the exact value of every legal move; ``best_moves(state,
    seat)`` -> the optimal moves (hint / perfect-play bot); ``analyse_deal(state, actions)`` -> the
    value of every position of a deal as played, and where a player first fell short
    (``analyse_deal(state)`` alone: the state's last finished deal). Negamax with
    alpha-beta over (leader's hand, follower's hand) as two 20-bit masks, a transposition table of
    value bounds, and move ordering (table move, leads the follower cannot beat, the rest). Each
    call takes ``node_budget`` (positions expanded) and raises ``SearchBudgetExceeded`` beyond it.
"""

from __future__ import annotations

from ..cards import SUIT_NAMES, card_name, deck, parse_cards, rank_of, suit_of
from ..core import GameInfo, GameState, IllegalAction, Option, Queries, Standing
from ..reader import Card, Cards, Ctx, Fields, Int, List, Opt, PerSeat, Seat, Tuple, check, conserve
from ..tricks import finished_view, trick_view

RANKS = "ATKQ7"  # high to low; also the deck order within a suit
SUITS = "SHDC"  # deck order of the rules file (section 2)
PACK = deck(RANKS, SUITS)  # AS TS KS QS 7S AH ... QC 7C
ORDER = {card: i for i, card in enumerate(PACK)}
RANK_STRENGTH = {"7": 0, "Q": 1, "K": 2, "T": 3, "A": 4}
SUIT_STRENGTH = {"D": 0, "H": 1, "S": 2, "C": 3}
VALUE = {"A": 11, "T": 10, "K": 4, "Q": 3, "7": 7}
TRICKS = 10
RANK_WORDS = {"A": "an ace", "T": "a ten", "K": "a king", "Q": "a queen", "7": "a seven"}
SUIT_SINGULAR = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


def card_strength(card):
    """Solver index 0-19 = suit strength x 5 + rank strength: the higher index wins any trick."""
    return SUIT_STRENGTH[suit_of(card)] * 5 + RANK_STRENGTH[rank_of(card)]


def follow_options(hand, led):
    """Cards of ``hand`` that may follow ``led``: the led suit, else the led rank; [] = mate."""
    same = [c for c in hand if suit_of(c) == suit_of(led)]
    if same:
        return same
    return [c for c in hand if rank_of(c) == rank_of(led)]


def trick_winner(leader, led, followed):
    """Seat winning a complete trick: higher rank in the led suit, else higher suit (same rank)."""
    return leader if card_strength(led) > card_strength(followed) else 1 - leader


def mate_score(card, trick):
    return VALUE[rank_of(card)] * trick


def _trick_view(t):
    """A finished trick, stored as ``[leader, led, followed, winner]`` (``followed`` and ``winner``
    None for a mating lead), in the shared trick shape with Mate's ``mate`` flag."""
    leader, led, followed, winner = t
    cards = [[leader, led]] if followed is None else [[leader, led], [1 - leader, followed]]
    return finished_view(leader, cards, winner, mate=followed is None)


# What an explicit setup and a saved state may hold (tabletop.reader): anything else is refused.
DEAL = PerSeat(Cards(n=TRICKS))
SETUP = Fields({}, optional={"hands": DEAL, "deals": List(DEAL, 1, 2), "dealer": Seat()})
# A finished trick as the state keeps it: [leader, led, followed, winner]; a mating lead has
# followed and winner null.
TRICK = Tuple(Seat(), Card(), Opt(Card()), Opt(Seat()))
DEAL_RESULT = Fields(
    {
        "dealer": Seat(),
        "mater": Opt(Seat()),
        "card": Opt(Card(counted=False)),
        "trick": Opt(Int(1, TRICKS)),
        "score": Int(0, VALUE["A"] * TRICKS),
    }
)
STATE = Fields(
    {
        "deal_number": Int(1, 4),
        "first_dealer": Seat(),
        "dealer": Seat(),
        "setup_deals": List(PerSeat(Cards(n=TRICKS, counted=False)), 0, 2),
        "points": PerSeat(Int(0, 4 * VALUE["A"] * TRICKS)),
        "deal_results": List(DEAL_RESULT, 0, 4),
        "last_deal": Opt(
            Fields(
                {
                    "deal_number": Int(1, 4),
                    "dealer": Seat(),
                    "hands": PerSeat(Cards(n=TRICKS, counted=False, ordered=True)),
                    "tricks": List(
                        Tuple(Seat(), Card(counted=False), Opt(Card(counted=False)), Opt(Seat())),
                        1,
                        TRICKS,
                    ),
                }
            )
        ),
        "leader": Seat(),
        "trick_number": Int(1, TRICKS),
        "dealt": PerSeat(Cards(n=TRICKS, counted=False, ordered=True)),
        "hands": PerSeat(Cards(hi=TRICKS, ordered=True)),
        "trick": List(Tuple(Seat(), Card()), 0, 1),
        "history": List(TRICK, 0, TRICKS),
    }
)


def _dealer_of(number, first_dealer):
    """Dealer of deal ``number`` (1-based, rules section 3): round r's first deal is dealt by
    ``first_dealer`` if r is odd, by the other seat if r is even; its replay by the other seat."""
    rnd = (number + 1) // 2
    first = first_dealer if rnd % 2 == 1 else 1 - first_dealer
    return first if number % 2 == 1 else 1 - first


def _replay_deal(hands, dealer, tricks):
    """Play ``tricks`` (stored form) from ``hands`` as dealt; ValueError unless every trick is
    legal and resolved as the rules say. Returns (hands left, next leader, mate or None), where
    mate is ``(mater, card, trick number)``."""
    hands = [list(h) for h in hands]
    leader = dealer
    for number, (t_leader, led, followed, winner) in enumerate(tricks, 1):
        where = f"trick {number}"
        if t_leader != leader:
            raise ValueError(
                f"{where} was led by seat {t_leader}, not by the winner of the trick before"
            )
        if led not in hands[leader]:
            raise ValueError(f"{where}: seat {leader} led {led}, which it did not hold")
        hands[leader].remove(led)
        allowed = follow_options(hands[1 - leader], led)
        if followed is None:
            if allowed or winner is not None or number != len(tricks):
                raise ValueError(f"{where} is marked as a mate, which it is not")
            return hands, leader, (leader, led, number)
        if followed not in allowed:
            raise ValueError(f"{where}: seat {1 - leader} could not follow {led} with {followed}")
        hands[1 - leader].remove(followed)
        if winner != trick_winner(leader, led, followed):
            raise ValueError(f"{where} names the wrong winner")
        leader = winner
    return hands, leader, None


class MateState(GameState):
    STATE, CARDS, ALL_CARDS_KEPT = STATE, ORDER, True

    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        rounds = self.d["options"]["rounds"]
        deals = []
        dealer = 0
        if setup is not None:
            check(setup, SETUP, Ctx("mate", 2, ORDER), "setup")
            if "hands" in setup and "deals" in setup:
                raise ValueError("mate: setup gives 'hands' or 'deals', not both")
            deals = (
                setup["deals"] if "deals" in setup else [setup["hands"]] if "hands" in setup else []
            )
            if len(deals) > rounds:
                raise ValueError(
                    f"mate: setup gives {len(deals)} deals but the match has "
                    f"{rounds} round{'s' if rounds != 1 else ''}"
                )
            for number, hands in enumerate(deals, 1):
                ctx = Ctx("mate", 2, ORDER)  # each deal is the whole pack, once
                check(hands, DEAL, ctx, f"setup deal {number}")
                conserve(ctx, complete=True)
            dealer = setup.get("dealer", 0)
        self.d.update(
            {
                "phase": "play",
                "deal_number": 0,
                "first_dealer": dealer,
                "dealer": dealer,
                "setup_deals": [[list(h) for h in hands] for hands in deals],
                "points": [0, 0],
                "deal_results": [],
                "last_deal": None,
            }
        )
        self._start_deal()

    def _shuffled_hands(self, dealer):
        cards = list(PACK)
        self.rng.shuffle(cards)
        hands = [[], []]
        seat = 1 - dealer  # packets of 5, non-dealer first
        for start in range(0, len(PACK), 5):
            hands[seat].extend(cards[start : start + 5])
            seat = 1 - seat
        return hands

    def _start_deal(self):
        d = self.d
        d["deal_number"] += 1
        number = d["deal_number"]
        rnd = (number + 1) // 2
        if number % 2 == 1:  # first deal of a round: fresh (or given) hands
            dealer = d["first_dealer"] if rnd % 2 == 1 else 1 - d["first_dealer"]
            if rnd - 1 < len(d["setup_deals"]):
                hands = [list(h) for h in d["setup_deals"][rnd - 1]]
            else:
                hands = self._shuffled_hands(dealer)
            dealt = [sorted(h, key=ORDER.__getitem__) for h in hands]
        else:  # the replay: the hands as dealt are exchanged, the other player deals and leads
            dealer = 1 - d["dealer"]
            dealt = [d["dealt"][1], d["dealt"][0]]
        d.update(
            {
                "dealer": dealer,
                "leader": dealer,
                "trick_number": 1,
                "dealt": [list(h) for h in dealt],
                "hands": [list(h) for h in dealt],
                "trick": [],
                "history": [],
            }
        )

    # -- whose turn -----------------------------------------------------------------------------
    def movers_play(self):
        d = self.d
        return [d["leader"] if not d["trick"] else 1 - d["leader"]]

    def legal_play(self, seat):
        d = self.d
        hand = d["hands"][seat]
        if not d["trick"]:
            return ["play " + c for c in hand]
        return ["play " + c for c in follow_options(hand, d["trick"][0][1])]

    # -- applying -----------------------------------------------------------------------------
    def apply_play(self, seat, verb, args):
        d = self.d
        if verb != "play":
            raise IllegalAction(
                "wrong_move",
                f"'{verb}' is not a move in Mate: play one card, e.g. 'play AS'",
                verb=verb[:20],
                verbs=["play"],
            )
        (card,) = parse_cards(args, ORDER, count=1)
        hand = d["hands"][seat]
        if card not in hand:
            raise IllegalAction(
                "not_in_hand", f"you do not hold the {card_name(card)}", cards=[card]
            )
        if d["trick"]:
            led = d["trick"][0][1]
            allowed = follow_options(hand, led)
            if card not in allowed:
                if suit_of(allowed[0]) == suit_of(led):
                    raise IllegalAction(
                        "must_follow",
                        f"you must follow suit: play a {SUIT_SINGULAR[suit_of(led)]}",
                        suit=suit_of(led),
                    )
                raise IllegalAction(
                    "must_follow_rank",
                    f"you have no {SUIT_NAMES[suit_of(led)]}, so you must play "
                    f"{RANK_WORDS[rank_of(led)]} (the led rank)",
                    suit=suit_of(led),
                    led_card=led,
                )
        hand.remove(card)
        d["trick"].append([seat, card])
        if len(d["trick"]) == 1:
            if not follow_options(d["hands"][1 - seat], card):
                d["history"].append([seat, card, None, None])
                d["trick"] = []
                self._end_deal(mater=seat, card=card)
            return
        (leader, led), (_, followed) = d["trick"]
        winner = trick_winner(leader, led, followed)
        d["history"].append([leader, led, followed, winner])
        d["trick"] = []
        d["leader"] = winner
        if d["trick_number"] == TRICKS:
            self._end_deal(mater=None, card=None)
        else:
            d["trick_number"] += 1

    def _end_deal(self, mater, card):
        d = self.d
        trick = d["trick_number"] if mater is not None else None
        score = mate_score(card, trick) if mater is not None else 0
        if mater is not None:
            d["points"][mater] += score
        result = {
            "dealer": d["dealer"],
            "mater": mater,
            "card": card,
            "trick": trick,
            "score": score,
        }
        d["deal_results"].append(result)
        d["last_deal"] = {
            "deal_number": d["deal_number"],
            "dealer": d["dealer"],
            "hands": d["dealt"],
            "tricks": d["history"],
        }
        if d["deal_number"] >= 2 * d["options"]["rounds"]:
            d["phase"] = "over"
        else:
            self._start_deal()

    # -- checking a saved state ---------------------------------------------------------------
    def check_invariants(self):
        """A saved state's parts agree: the deal so far replays legally from the hands as dealt,
        the dealers follow the schedule, results and points agree, the phase with the deals."""
        d = self.d
        over = d["phase"] == "over"
        rounds = d["options"]["rounds"]

        def fail(why):
            raise ValueError(f"mate: {why}")

        number, results = d["deal_number"], d["deal_results"]
        if number > 2 * rounds:
            fail(f"deal {number} is beyond the match's {2 * rounds} deals")
        if len(results) != (number if over else number - 1):
            fail("the deal results do not follow the deals played")
        if over and number != 2 * rounds:
            fail("the match is over before its last deal")
        if len(d["setup_deals"]) > rounds:
            fail("more explicit deals than rounds")
        for i, hands in enumerate(d["setup_deals"], 1):
            if sorted(hands[0] + hands[1], key=ORDER.__getitem__) != PACK:
                fail(f"explicit deal {i} is not the whole pack")
        for i, r in enumerate(results, 1):
            if r["dealer"] != _dealer_of(i, d["first_dealer"]):
                fail(f"deal {i} has the wrong dealer")
            mate = (r["mater"], r["card"], r["trick"])
            if None in mate and mate != (None, None, None):
                fail(f"deal {i}: a mate needs its mater, card and trick")
            if r["score"] != (0 if r["mater"] is None else mate_score(r["card"], r["trick"])):
                fail(f"deal {i}: the score is not the mating card's value times the trick")
        if d["points"] != [sum(r["score"] for r in results if r["mater"] == s) for s in (0, 1)]:
            fail("the points are not the sum of the deal scores")
        if d["dealer"] != _dealer_of(number, d["first_dealer"]):
            fail("the dealer does not follow the schedule of deals")
        dealt = d["dealt"]
        if sorted(dealt[0] + dealt[1], key=ORDER.__getitem__) != PACK:
            fail("the hands as dealt are not the whole pack")
        last = d["last_deal"]
        if (last is None) != (not results):
            fail("the last deal's record does not agree with the deal results")
        if last is not None:
            if last["deal_number"] != len(results) or last["dealer"] != results[-1]["dealer"]:
                fail("the last deal's record is not the last finished deal")
            if sorted(last["hands"][0] + last["hands"][1], key=ORDER.__getitem__) != PACK:
                fail("the last deal's hands are not the whole pack")
            try:
                _, _, mate = _replay_deal(last["hands"], last["dealer"], last["tricks"])
            except ValueError as err:
                fail(f"the last deal does not replay: {err}")
            r = results[-1]
            if (mate or (None, None, None)) != (r["mater"], r["card"], r["trick"]) or (
                mate is None and len(last["tricks"]) != TRICKS
            ):
                fail("the last deal's tricks do not give its result")
        if (
            number % 2 == 0
            and not over
            and last is not None
            and dealt != [last["hands"][1], last["hands"][0]]
        ):
            fail("a replay deal is not the exchanged hands of the deal before")
        rnd = (number + 1) // 2
        if (
            number % 2 == 1
            and rnd - 1 < len(d["setup_deals"])
            and dealt != [sorted(h, key=ORDER.__getitem__) for h in d["setup_deals"][rnd - 1]]
        ):
            fail("the hands as dealt are not the explicit deal")
        try:
            hands, leader, mate = _replay_deal(dealt, d["dealer"], d["history"])
        except ValueError as err:
            fail(f"this deal does not replay: {err}")
        finished = mate is not None or len(d["history"]) == TRICKS
        if finished != over:
            fail(
                "the phase does not agree with the tricks played"
                if over or not finished
                else "a finished deal is still in play"
            )
        if over:
            if d["trick"] or d["trick_number"] != len(d["history"]):
                fail("cards are in play after the match")
            if (
                last["deal_number"] != number
                or last["hands"] != dealt
                or last["tricks"] != d["history"]
            ):
                fail("the last deal's record is not the deal just finished")
        else:
            if d["trick_number"] != len(d["history"]) + 1:
                fail("the trick number does not follow the tricks played")
            if d["leader"] != leader:
                fail("the leader is not the winner of the trick before")
            if d["trick"]:
                seat, card = d["trick"][0]
                if seat != leader or card not in hands[leader]:
                    fail("the trick in progress was not led by the leader from its hand")
                hands[leader].remove(card)
                if not follow_options(hands[1 - leader], card):
                    fail("the lead in progress is a mate, which ends the deal")
        if d["hands"] != hands:
            fail("the hands are not what the deal so far leaves")

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        p0, p1 = d["points"]
        return {
            "points": [p0, p1],
            "winner": None if p0 == p1 else (0 if p0 > p1 else 1),
            "margin": abs(p0 - p1),
            "deal_results": [dict(r) for r in d["deal_results"]],
        }

    def standing(self):
        """Ranked by points (equal points: a draw, as ``winner`` None says)."""
        return Standing(keys=list(self.d["points"]), scores=list(self.d["points"]))

    @staticmethod
    def _deal_scores(number, r):
        """Per-seat points of one finished deal, each with its reason as a code with params
        (``no_mate``; ``mate_scored`` with card, trick, value and points; ``mated`` with trick)."""
        if r["mater"] is None:
            scores = [
                {"seat": s, "points": 0, "reasons": [{"code": "no_mate", "params": {}}]}
                for s in (0, 1)
            ]
        else:
            m, card, n = r["mater"], r["card"], r["trick"]
            scores = [None, None]
            scores[m] = {
                "seat": m,
                "points": r["score"],
                "reasons": [
                    {
                        "code": "mate_scored",
                        "params": {
                            "card": card,
                            "trick": n,
                            "value": VALUE[rank_of(card)],
                            "points": r["score"],
                        },
                    }
                ],
            }
            scores[1 - m] = {
                "seat": 1 - m,
                "points": 0,
                "reasons": [{"code": "mated", "params": {"trick": n}}],
            }
        return {"deal": number, "dealer": r["dealer"], "scores": scores}

    def observe(self, seat):
        d = self.d
        played = {c for t in d["history"] for c in t[1:3]} | {c for _, c in d["trick"]}
        v = {
            "deal_number": d["deal_number"],
            "deals_total": 2 * d["options"]["rounds"],
            "round": (d["deal_number"] + 1) // 2,
            "replay": d["deal_number"] % 2 == 0,
            "dealer": d["dealer"],
            "leader": d["leader"],
            "trick_number": d["trick_number"],
            "hand_counts": [len(h) for h in d["hands"]],
            "trick": trick_view(d["trick"]),
            "history": [_trick_view(t) for t in d["history"]],
            "points": list(d["points"]),
            "deal_results": [dict(r) for r in d["deal_results"]],
            "deal_scores": [self._deal_scores(i + 1, r) for i, r in enumerate(d["deal_results"])],
            "last_deal": None,
        }
        last = d["last_deal"]
        if last is not None:
            gone = {c for t in last["tricks"] for c in t[1:3]}
            v["last_deal"] = {
                "deal_number": last["deal_number"],
                "dealer": last["dealer"],
                "hands": [list(h) for h in last["hands"]],
                "tricks": [_trick_view(t) for t in last["tricks"]],
                "hands_left": [[c for c in h if c not in gone] for h in last["hands"]],
                "result": dict(d["deal_results"][-1]),
            }
        if seat is None:
            v["hands"] = [list(h) for h in d["hands"]]
        else:
            own = d["hands"][seat]
            v["hand"] = list(own)
            # Derived, as any player would: every card neither held nor played is the opponent's.
            v["opponent_hand"] = [c for c in PACK if c not in own and c not in played]
        return v

    def hidden_cards(self, seat):
        # Complete information: nothing is hidden from anybody (see the module docstring).
        return set()

    def all_cards(self):
        return list(PACK)


def _check_combination(options, players):
    if options["foreplacing"] is not False:
        raise ValueError(
            "mate: option 'foreplacing' must be false (the foreplacing variant is not "
            "specified by the sources)"
        )


# =============================================================================================
# Exact solver
# =============================================================================================
#
# A position at the start of a trick is (L, F): the leader's and the follower's hands as 20-bit
# masks over the solver index (suit strength x 5 + rank strength; D H S C, 7 Q K T A). Its value
# depends on nothing else (the trick number is 11 - |L|), from the leader's point of view:
# +v = the leader mates for v, -v = the follower mates for v, 0 = no mate. With that index the
# higher card wins every trick; suits are 5-bit blocks and ranks repeat every 5 bits.

_IDX_CARD = [""] * 20
for _c in PACK:
    _IDX_CARD[card_strength(_c)] = _c
_BIT = {c: 1 << card_strength(c) for c in PACK}
_VAL = [VALUE[rank_of(_IDX_CARD[i])] for i in range(20)]
_SUIT_MASK = [31 << (5 * (i // 5)) for i in range(20)]
_RANK_SPREAD = 1 | 1 << 5 | 1 << 10 | 1 << 15  # one bit of each suit block
_RANK_MASK = [_RANK_SPREAD << (i % 5) for i in range(20)]
_BY_VALUE = [
    _RANK_SPREAD << 4,
    _RANK_SPREAD << 3,
    _RANK_SPREAD,
    _RANK_SPREAD << 2,
    _RANK_SPREAD << 1,
]
_BY_VALUE_PTS = [11, 10, 7, 4, 3]  # A, T, 7, K, Q
_INF = 10_000
DEFAULT_NODE_BUDGET = 1_000_000


class SearchBudgetExceeded(Exception):
    """The solver expanded more positions than its ``node_budget`` allowed."""


def _mask(cards):
    m = 0
    for c in cards:
        m |= _BIT[c]
    return m


def _cards(mask):
    """Card codes of a mask, in deck order."""
    return [c for c in PACK if mask & _BIT[c]]


def _cover(f):
    """Every card that ``f`` could follow (suit held or rank held): the complement mates."""
    cov = ((f | f >> 5 | f >> 10 | f >> 15) & 31) * _RANK_SPREAD
    if f & 31:
        cov |= 31
    if f & 992:
        cov |= 992
    if f & 31744:
        cov |= 31744
    if f & 1015808:
        cov |= 1015808
    return cov


def _best_value(mask):
    for m, pts in zip(_BY_VALUE, _BY_VALUE_PTS):
        if mask & m:
            return pts
    return 0


class _Search:
    """One transposition table and node counter, shared by the searches of one query."""

    def __init__(self, node_budget):
        if isinstance(node_budget, bool) or not isinstance(node_budget, int) or node_budget < 1:
            raise ValueError(f"node_budget must be a positive whole number, not {node_budget!r}")
        self.tt = {}
        self.count = [0]
        self.lead = self._make(self.tt, self.count, node_budget)

    @property
    def nodes(self):
        return self.count[0]

    @staticmethod
    def _make(tt, count, budget):
        suit_mask, rank_mask, cover, best_value = _SUIT_MASK, _RANK_MASK, _cover, _best_value

        def lead(L, F, alpha, beta):
            """Value for the leader of (L, F), fail-soft within (alpha, beta)."""
            key = L << 20 | F
            entry = tt.get(key)
            if entry is not None:
                lo, hi, move = entry
                if lo >= beta:
                    return lo
                if hi <= alpha or lo == hi:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            else:
                lo, hi, move = -_INF, _INF, -1
            count[0] += 1
            if count[0] > budget:
                raise SearchBudgetExceeded(f"the solver needed more than {budget} positions")
            n = 11 - L.bit_count()
            cov = cover(F)
            mates = L & ~cov
            best = -_INF
            if mates:
                best = best_value(mates) * n
                if best >= beta or n == TRICKS:
                    tt[key] = (best, hi, move) if best >= beta else (best, best, move)
                    return best
            elif n == TRICKS:  # last trick, no mate: the follower follows, nobody scores
                tt[key] = (0, 0, move)
                return 0
            alpha0 = alpha
            if best > alpha:
                alpha = best
            rest = L & cov
            # Move order: the table's move, then leads the follower cannot beat, then the rest.
            order = []
            if move >= 0 and rest >> move & 1:
                order.append(move)
                rest ^= 1 << move
            later = []
            while rest:
                c = rest.bit_length() - 1
                rest ^= 1 << c
                opts = F & suit_mask[c] or F & rank_mask[c]
                if opts >> c:
                    later.append(c)
                else:
                    order.append(c)
            order += later
            best_move = -1
            for c in order:
                L2 = L ^ (1 << c)
                opts = F & suit_mask[c] or F & rank_mask[c]
                v = _INF
                b = beta
                while opts:
                    f = opts.bit_length() - 1
                    opts ^= 1 << f
                    if f > c:  # the follower wins and leads
                        val = -lead(F ^ (1 << f), L2, -b, -alpha)
                    else:
                        val = lead(L2, F ^ (1 << f), alpha, b)
                    if val < v:
                        v = val
                        if v <= alpha:
                            break
                        if v < b:
                            b = v
                if v > best:
                    best, best_move = v, c
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            if best <= alpha0:
                tt[key] = (lo, best, move)
            elif best >= beta:
                tt[key] = (best, hi, best_move)
            else:
                tt[key] = (best, best, best_move)
            return best

        return lead

    # -- exact values of positions and moves (all from the mover's point of view) -------------
    def value_lead(self, L, F):
        return self.lead(L, F, -_INF, _INF)

    def value_follow(self, L, F, c):
        """Follower to move; ``L`` is the leader's hand without the led card ``c``."""
        n = 11 - F.bit_count()
        opts = F & _SUIT_MASK[c] or F & _RANK_MASK[c]
        best = -_INF
        while opts:
            f = opts.bit_length() - 1
            opts ^= 1 << f
            val = self.follow_move(L, F, c, f, n, best)
            if val > best:
                best = val
        return best

    def follow_move(self, L, F, c, f, n, above=-_INF):
        """Follower's value of replying ``f`` to ``c``; exact if it is above ``above``."""
        if n == TRICKS:
            return 0
        F2 = F ^ (1 << f)
        if f > c:
            return self.lead(F2, L, above, _INF)
        return -self.lead(L, F2, -_INF, -above)

    def lead_move(self, L, F, c, below=_INF):
        """Leader's value of leading ``c``; exact if it is below ``below``."""
        n = 11 - L.bit_count()
        opts = F & _SUIT_MASK[c] or F & _RANK_MASK[c]
        if not opts:
            return _VAL[c] * n
        L2 = L ^ (1 << c)
        worst = below
        while opts:
            f = opts.bit_length() - 1
            opts ^= 1 << f
            val = -self.follow_move(L2, F, c, f, n, -worst)
            if val < worst:
                worst = val
        return worst


def _position(state):
    """(hand masks by seat, leader, led card index or -1) of a state in play."""
    d = state.d
    if d["phase"] != "play":
        raise ValueError("mate: the match is over; there is no position to solve")
    hands = [_mask(d["hands"][0]), _mask(d["hands"][1])]
    led = card_strength(d["trick"][0][1]) if d["trick"] else -1
    return hands, d["leader"], led


def _mover(pos):
    _, leader, led = pos
    return leader if led < 0 else 1 - leader


def _pos_value(search, pos):
    hands, leader, led = pos
    if led < 0:
        return search.value_lead(hands[leader], hands[1 - leader])
    return search.value_follow(hands[leader], hands[1 - leader], led)


def _pos_moves(pos):
    """Legal card indices of the mover, in deck order."""
    hands, leader, led = pos
    if led < 0:
        m = hands[leader]
    else:
        f = hands[1 - leader]
        m = f & _SUIT_MASK[led] or f & _RANK_MASK[led]
    return [card_strength(c) for c in _cards(m)]


def _pos_move_values(search, pos):
    """[(card index, exact value for the mover)] for every legal move, in deck order."""
    hands, leader, led = pos
    out = []
    if led < 0:
        L, F = hands[leader], hands[1 - leader]
        for c in _pos_moves(pos):
            out.append((c, search.lead_move(L, F, c)))
    else:
        L, F = hands[leader], hands[1 - leader]
        n = 11 - F.bit_count()
        for f in _pos_moves(pos):
            out.append((f, search.follow_move(L, F, led, f, n)))
    return out


def _pos_play(pos, c):
    """Play card index ``c`` (legal). Returns (new position, None) or (None, (mater, score))."""
    hands, leader, led = pos
    hands = list(hands)
    if led < 0:
        hands[leader] ^= 1 << c
        F = hands[1 - leader]
        if not (F & _SUIT_MASK[c] or F & _RANK_MASK[c]):
            n = 11 - F.bit_count()
            return None, (leader, _VAL[c] * n)
        return (hands, leader, c), None
    follower = 1 - leader
    hands[follower] ^= 1 << c
    winner = follower if c > led else leader
    if not hands[winner]:
        return None, (None, 0)
    return (hands, winner, -1), None


def solve(state, seat=None, node_budget=DEFAULT_NODE_BUDGET):
    """Exact net score of the current deal for ``seat`` under perfect play by both players.

    ``seat`` defaults to the seat to move (the leader of the trick, or its follower when a card has
    been led). The value is what that seat can force from this position to the end of the deal:
    ``+v`` = it mates for ``v`` points, ``-v`` = the opponent mates for ``v``, ``0`` = no mate.
    Raises ``SearchBudgetExceeded`` after ``node_budget`` expanded positions and ``ValueError`` when
    the match is over.
    """
    pos = _position(state)
    value = _pos_value(_Search(node_budget), pos)
    if seat is None or seat == _mover(pos):
        return value
    if seat not in (0, 1):
        raise ValueError(f"mate: there is no seat {seat!r}")
    return -value


def move_values(state, node_budget=DEFAULT_NODE_BUDGET):
    """``{action: exact value for the seat to move}`` for every legal action (see ``solve``)."""
    pos = _position(state)
    search = _Search(node_budget)
    return {"play " + _IDX_CARD[c]: v for c, v in _pos_move_values(search, pos)}


def best_moves(state, seat, node_budget=DEFAULT_NODE_BUDGET):
    """The optimal actions of ``seat`` now, in deck order ([] if it is not its turn).

    Optimal = reaching the value of ``solve``: the hint, and the perfect-play bot (any of them).
    """
    if state.is_over() or seat not in state.to_move():
        return []
    values = move_values(state, node_budget)
    top = max(values.values())
    return [a for a, v in values.items() if v == top]


def _parse_played(pos, item, index):
    """Card index of one played action (``"play C"`` or ``[seat, "play C"]``), checked legal."""
    mover = _mover(pos)
    if isinstance(item, (list, tuple)):
        if len(item) != 2:
            raise IllegalAction(
                "analysis_not_a_pair",
                f"action {index}: give [seat, action], not {item!r}",
                number=index + 1,
            )
        seat, item = item
        if seat != mover:
            raise IllegalAction(
                "analysis_wrong_seat",
                f"action {index}: it is seat {mover}'s turn, not seat {seat!r}'s",
                number=index + 1,
                seat=mover,
            )
    if not isinstance(item, str) or item.split()[:1] != ["play"] or len(item.split()) != 2:
        raise IllegalAction(
            "analysis_not_a_play", f"action {index}: {item!r} is not 'play C'", number=index + 1
        )
    code = item.split()[1]
    if code not in ORDER:
        raise IllegalAction(
            "analysis_unknown_card",
            f"action {index}: {code!r} is not a card of this game",
            number=index + 1,
            text=code[:12],
        )
    c = card_strength(code)
    if c not in _pos_moves(pos):
        raise IllegalAction(
            "analysis_not_allowed",
            f"action {index}: seat {mover} may not play {code} now",
            number=index + 1,
            seat=mover,
            card=code,
        )
    return c


def analyse_deal(state, actions=None, node_budget=DEFAULT_NODE_BUDGET):
    """Perfect-play analysis of one deal as it was played.

    - ``analyse_deal(state, actions)``: ``state`` is the position where the deal (or the part of it
      to analyse) starts, normally the state at the deal's first lead; ``actions`` are the actions
      played from there (``"play C"`` or ``[seat, "play C"]``), up to the end of the deal at most.
    - ``analyse_deal(state)``: the last finished deal of ``state``, from its hands as dealt.

    Returns ``{"dealer", "start_value", "values", "result", "mistakes", "first_mistake"}``. All
    values are net scores for the dealer (the deal's first leader): ``start_value`` is what the
    dealer could force from the start, ``values[i]`` what it could force before action ``i``
    (``values[-1]``: after the last action, the actual result once the deal is over), ``result``
    the deal's actual net score for the dealer (None if the actions stop before its end). A
    mistake is a move after which its player can force less than before: ``{"index", "seat",
    "action", "value_before", "value_after", "loss", "best", "best_value"}`` in that player's own
    terms, ``best`` listing the optimal actions. ``first_mistake`` is the first of them or None.
    """
    if actions is None:
        last = state.d.get("last_deal")
        if last is None:
            raise ValueError("mate: no deal has finished yet")
        dealer = last["dealer"]
        pos = ([_mask(last["hands"][0]), _mask(last["hands"][1])], dealer, -1)
        actions = [
            [seat, "play " + card]
            for leader, led, followed, _ in last["tricks"]
            for seat, card in ((leader, led), (1 - leader, followed))
            if card is not None
        ]
    else:
        pos = _position(state)
        dealer = state.d["dealer"]
        if not isinstance(actions, (list, tuple)):
            raise ValueError("mate: actions must be a list")
    search = _Search(node_budget)
    values, mistakes, result = [], [], None
    for index, item in enumerate(actions):
        if result is not None:
            raise ValueError(f"mate: action {index} comes after the end of the deal")
        mover = _mover(pos)
        c = _parse_played(pos, item, index)
        before = _pos_value(search, pos)
        values.append(before if mover == dealer else -before)
        nxt, end = _pos_play(pos, c)
        if end is None:
            after = _pos_value(search, nxt)
            after = after if _mover(nxt) == mover else -after
        else:
            mater, score = end
            result = 0 if mater is None else (score if mater == dealer else -score)
            after = result if mover == dealer else -result
        if after < before:
            options = _pos_move_values(search, pos)
            mistakes.append(
                {
                    "index": index,
                    "seat": mover,
                    "action": "play " + _IDX_CARD[c],
                    "value_before": before,
                    "value_after": after,
                    "loss": before - after,
                    "best": ["play " + _IDX_CARD[m] for m, v in options if v == before],
                    "best_value": before,
                }
            )
        pos = nxt
    if result is None:
        last_value = _pos_value(search, pos)
        values.append(last_value if _mover(pos) == dealer else -last_value)
    else:
        values.append(result)
    return {
        "dealer": dealer,
        "start_value": values[0],
        "values": values,
        "result": result,
        "mistakes": mistakes,
        "first_mistake": mistakes[0] if mistakes else None,
    }


# =============================================================================================
# Adapters for the app, declared on GAME at the end (queries=Queries(...)); the computer players
# (tabletop.players.mate) use the solver and ``state_from_view`` too
# =============================================================================================

HINT_NODE_BUDGET = DEFAULT_NODE_BUDGET  # a full deal from the first lead needs some 40 000


def hint_actions(state, seat, node_budget=HINT_NODE_BUDGET):
    """The hint: every optimal action of ``seat`` now, in deck order ([] if it may not act).

    Raises ``SearchBudgetExceeded`` beyond ``node_budget`` positions."""
    return best_moves(state, seat, node_budget)


def finished_deals(state):
    """How many deals of the match have ended (cheap: the session uses it to find a deal's end)."""
    return len(state.d["deal_results"])


def deal_analysis(state, node_budget=DEFAULT_NODE_BUDGET):
    """``analyse_deal(state)`` of the last finished deal, JSON-safe, or None before any deal ends.

    Adds ``deal_number`` and, to name moves, ``tricks``: for each action of the deal (index as in
    ``mistakes[i]["index"]``) the number of the trick it belongs to (1-based)."""
    last = state.d.get("last_deal")
    if last is None:
        return None
    out = analyse_deal(state, node_budget=node_budget)
    out["deal_number"] = last["deal_number"]
    out["tricks"] = [
        n for n, t in enumerate(last["tricks"], 1) for _ in range(1 if t[2] is None else 2)
    ]
    return out


def state_from_view(view):
    """A state holding the position of ``view(seat)`` (complete information, rules section 9).

    For the bots, which see only the view: the seat's hand and the derived ``opponent_hand`` are
    both hands, with the leader, the trick in progress and the trick number. The result is good
    for ``legal_actions``, ``apply`` to the end of this deal and the solver; it does not know the
    earlier deals (``points`` and ``deal_results`` are copied, the deal history is empty).
    """
    import random

    seat = view.get("seat")
    if seat not in (0, 1) or view.get("phase") != "play":
        raise ValueError("mate: a position needs the view of a seat during play")
    hands = [None, None]
    hands[seat] = sorted(view["hand"], key=ORDER.__getitem__)
    hands[1 - seat] = sorted(view["opponent_hand"], key=ORDER.__getitem__)
    options = dict(view["options"])
    state = MateState.__new__(MateState)
    state.rng = random.Random(0)
    state.d = {
        "game": "mate",
        "players": 2,
        "options": options,
        "seed": 0,
        "phase": "play",
        "deal_number": view["deal_number"],
        "first_dealer": view["dealer"],
        "dealer": view["dealer"],
        "setup_deals": [],
        "points": list(view["points"]),
        "deal_results": [dict(r) for r in view["deal_results"]],
        "last_deal": None,
        "leader": view["leader"],
        "trick_number": view["trick_number"],
        "dealt": [list(h) for h in hands],
        "hands": hands,
        "trick": [list(x) for x in view["trick"]],
        "history": [],
    }
    return state


MateState.info = GAME = GameInfo(
    slug="mate",
    title="Mate",
    min_players=2,
    max_players=2,
    default_players=2,
    options=(
        Option(
            "rounds",
            1,
            "int",
            "deal-and-replay rounds (2 = the four-game match)",
            minimum=1,
            maximum=2,
        ),
        Option(
            "foreplacing", False, "choice", "foreplacing variant (not available)", choices=(False,)
        ),
    ),
    state_class=MateState,
    max_actions=2 * 2 * 2 * TRICKS,
    variants=({"rounds": 2},),
    check_combination=_check_combination,
    computer_players=True,
    queries=Queries(hint=hint_actions, deal_analysis=deal_analysis, finished_deals=finished_deals),
)
