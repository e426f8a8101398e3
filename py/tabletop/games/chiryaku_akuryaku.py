"""知略悪略 Chiryaku Akuryaku (Mit List und Tücke): may-follow tricks, collect exactly two colours.

Source: the Japanese blog article on the game (a Japanese blog review of the 数寄ゲームズ edition), as decided by the design's
rules file for this game, which settles what the article leaves open. In this repository:
its worked examples in tests/vectors/chiryaku_akuryaku.json, its rules for players in
static/rules/chiryaku_akuryaku.json.

Rules in brief
    4-6 players, 14 cards each from four colours R Y B P (4p: 1-14 of each; 5p: R, Y 1-18 and
    B, P 1-17; 6p: 1-21 of each). The dealer's left leads the first trick; the deal rotates each
    round. Anyone may play any card, except that a trick may never show a fourth colour; a seat
    that cannot play (three colours down and none of them in hand) ends the round at once and
    the unfinished trick is lost to everyone. When all n cards are down (phase ``take``) the big
    brother (highest card of the lead colour) takes ceil(n/2) cards of his choice; the little
    brother (lowest card not of the lead colour, ties to the earlier card) gets the rest and
    leads next; without a little brother the rest is discarded and the big brother leads.
    Collections lie face up by colour; the moment a player shows all four colours he turns two
    colours face down (phase ``facedown``; the big brother's choice before the little brother
    gets his share), and later cards of those colours go face down too. Round score: with face
    down cards U1*U2 // D; else two colours a*b, three colours a*b // c (c the smallest), one or
    none 0. ``rounds`` rounds (default: one per player); highest total wins, ties share.

Action notation
    ``play R7``, ``take R18 R4 P9`` (exactly ceil(n/2) cards of the trick, any order),
    ``facedown B P`` (two different colours, any order). Card codes are colour + number
    (``R1``..``P21``); canonical order is the deck order R, Y, B, P, each from 1 upwards; colours
    in ``facedown`` in the order R Y B P.

View (``view(seat)``)
    Own ``hand``; ``hand_counts``; ``trick`` (``[[seat, card], ...]``), ``lead_colour``,
    ``trick_colours``, ``big_brother``/``little_brother`` (once the trick is full),
    ``take_count``; ``last_trick`` (the previous trick of this round in the shared trick shape of
    tabletop.tricks: ``leader``, ``cards`` ``[[seat, card], ...]``, ``winner`` (the big brother),
    then ``little``, the cards ``taken``, ``given`` and ``discarded``); ``face_up_cards`` per seat
    (the face-up cards in deck order, i.e. grouped by colour), ``face_down`` (count per seat) and
    ``face_down_colours``: face-down piles are shown only as colours and count; ``discarded``
    (cards out of this round); ``live_scores`` and ``live_reasons`` (what each seat's collection
    scores now, and why: a message ``{"code", "params"}``); ``scores``, ``round_scores``,
    ``last_round`` (the previous round's summary: who was blocked and a ``breakdown`` of every
    seat's score with the reason), ``to_act``, ``to_move``, ``legal_actions``; once over
    ``result`` and every ``hands``.

Decisions beyond the rules file
    - Option ``rounds`` defaults to null, meaning "the number of players" (a default that depends
      on the player count); an explicit value must be 1-50.
    - Round summaries carry counts and reasons but no card codes: the next round is dealt at once
      (the rules have no pause) and its cards are then in hidden hands.
    - When the game is over every remaining hand is shown.
    - The view carries the previous trick (``last_trick``) rather than the whole round: every
      collected card is on the table in ``face_up_cards`` anyway, and the conformance harness's
      time budget is dominated by view size at 6 players.
    - Explicit setup: ``hands`` and ``deals`` together are refused, and so are more deals than
      rounds; ``scores`` are whole numbers from 0 (a total never goes below 0), one per seat.
"""

from __future__ import annotations

from itertools import combinations

from ..cards import parse_cards
from ..core import GameInfo, GameState, IllegalAction, Option, Standing
from ..reader import (
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
from ..tricks import finished_view, next_seat, trick_view

COLOURS = "RYBP"
COLOUR_NAMES = {"R": "red", "Y": "yellow", "B": "blue", "P": "purple"}
TOP = {
    4: {"R": 14, "Y": 14, "B": 14, "P": 14},
    5: {"R": 18, "Y": 18, "B": 17, "P": 17},
    6: {"R": 21, "Y": 21, "B": 21, "P": 21},
}
HAND_SIZE = 14
PACKS = {n: [c + str(i) for c in COLOURS for i in range(1, top[c] + 1)] for n, top in TOP.items()}
ORDERS = {n: {card: i for i, card in enumerate(pack)} for n, pack in PACKS.items()}
COLOUR_ORDER = {c: i for i, c in enumerate(COLOURS)}
FACEDOWN_CHOICES = ["facedown " + a + " " + b for a, b in combinations(COLOURS, 2)]


def colour(card):
    return card[0]


def number(card):
    return int(card[1:])


def take_count(players):
    return (players + 1) // 2


def brothers(trick):
    """(big, little) seats of a full trick; little is None when every card is of the lead colour."""
    lead = colour(trick[0][1])
    big = max((p for p in trick if colour(p[1]) == lead), key=lambda p: number(p[1]))[0]
    little, low = None, None
    for seat, card in trick:  # in play order, so the earlier card keeps a tie
        if colour(card) != lead and (low is None or number(card) < low):
            little, low = seat, number(card)
    return big, little


def round_score(up, down_count, down_colours):
    """(score, reason) for a collection: ``up`` maps colour -> face-up count. The reason is a
    message ``{"code", "params"}`` for the page to word (static/strings/chiryaku_akuryaku.json);
    colours come first by count (most first), then in the order R Y B P."""
    if down_count:
        a, b = [c for c in COLOURS if c not in down_colours]
        score = up[a] * up[b] // down_count
        return score, _message(
            "score_face_down",
            first_colour=a,
            first_count=up[a],
            second_colour=b,
            second_count=up[b],
            face_down=down_count,
            points=score,
        )
    held = sorted((c for c in COLOURS if up[c]), key=lambda c: -up[c])
    if not held:
        return 0, _message("score_no_cards", points=0)
    if len(held) == 1:
        return 0, _message("score_one_colour", colour=held[0], count=up[held[0]], points=0)
    a, b = held[0], held[1]
    if len(held) == 2:
        score = up[a] * up[b]
        return score, _message(
            "score_two_colours",
            first_colour=a,
            first_count=up[a],
            second_colour=b,
            second_count=up[b],
            points=score,
        )
    c = held[2]
    score = up[a] * up[b] // up[c]
    return score, _message(
        "score_three_colours",
        first_colour=a,
        first_count=up[a],
        second_colour=b,
        second_count=up[b],
        third_colour=c,
        third_count=up[c],
        points=score,
    )


def _message(code, **params):
    return {"code": code, "params": params}


def _collection(up, down_count, down_colours):
    """What a seat collected in a round, as the round summary keeps it: counts, no card codes."""
    return {
        "up": dict(up),
        "down": down_count,
        "down_colours": list(down_colours) if down_colours else None,
    }


# -- what an explicit setup and a saved state may hold (tabletop.reader) ----------------------------
# The card set depends on the player count: the state's ``CARDS`` is the set of its table.
MAX_ROUNDS = 50
MAX_ROUND_SCORE = 21 * 21  # two colours of 21 face up (six players)
START_SCORE = Int(0, 99_999)  # a game's totals never go below 0: neither may a setup's
HAND = Cards(n=HAND_SIZE)
SETUP = Fields(
    {},
    optional={
        "hands": PerSeat(HAND),
        "deals": List(Fields({"hands": PerSeat(HAND)}), 1, MAX_ROUNDS),
        "dealer": Seat(),
        "scores": PerSeat(START_SCORE),
    },
)
COLOUR = Choice(*COLOURS)
TWO_COLOURS = List(COLOUR, 2, 2)
PLAY = Tuple(Seat(), Card())
STATE = Fields(
    {
        "rounds": Int(1, MAX_ROUNDS),
        "round": Int(1, MAX_ROUNDS),
        "dealer": Seat(),
        "deals": List(PerSeat(Cards(n=HAND_SIZE, counted=False, ordered=True)), 0, MAX_ROUNDS - 1),
        "scores": PerSeat(Int(0, 99_999 + MAX_ROUNDS * MAX_ROUND_SCORE)),
        "round_scores": List(PerSeat(Int(0, MAX_ROUND_SCORE)), 0, MAX_ROUNDS),
        "last_round": Opt(
            Fields(
                {
                    "round": Int(1, MAX_ROUNDS),
                    "dealer": Seat(),
                    "blocked": Opt(Seat()),
                    "tricks_played": Int(0, HAND_SIZE),
                    "scores": PerSeat(Int(0, MAX_ROUND_SCORE)),
                    "collections": PerSeat(
                        Fields(
                            {
                                "up": Fields({c: Int(0, 21) for c in COLOURS}),
                                "down": Int(0, 84),
                                "down_colours": Opt(TWO_COLOURS),
                            }
                        )
                    ),
                }
            )
        ),
        "hands": PerSeat(Cards(hi=HAND_SIZE, ordered=True)),
        "leader": Seat(),
        "to_act": Opt(Seat()),
        "trick": List(PLAY, 0, 6),
        "tricks_played": Int(0, HAND_SIZE),
        "last_trick": Opt(
            Fields(
                {
                    "leader": Seat(),
                    "cards": List(Tuple(Seat(), Card(counted=False)), 4, 6),
                    "big": Seat(),
                    "little": Opt(Seat()),
                    "taken": Cards(1, 3, counted=False),
                    "given": Cards(0, 3, counted=False),
                    "discarded": Cards(0, 3, counted=False),
                }
            )
        ),
        "discarded": Cards(),
        "up": PerSeat(Fields({c: Cards() for c in COLOURS})),
        "down": PerSeat(Cards()),
        "face_down_colours": PerSeat(Opt(TWO_COLOURS)),
        # The little brother's share while the big brother turns colours face down: in no other place.
        "pending": Opt(Fields({"little": Opt(Seat()), "share": Cards(0, 3), "leader": Seat()})),
    }
)


class ChiryakuState(GameState):
    # -- setup --------------------------------------------------------------------------------
    STATE, ALL_CARDS_KEPT = STATE, True
    CARDS = property(
        lambda self: ORDERS[self.d["players"]]
    )  # the card set depends on the player count

    def setup(self, setup):
        n = self.d["players"]
        deals, dealer, scores = [], 0, [0] * n
        rounds = self.d["options"]["rounds"] or n
        if setup is not None:
            if "hands" in setup and "deals" in setup:
                raise ValueError("chiryaku_akuryaku: give either 'hands' or 'deals', not both")
            check(setup, SETUP, Ctx("chiryaku_akuryaku", n, ORDERS[n]), "setup")
            given = (
                [setup["hands"]]
                if "hands" in setup
                else [x["hands"] for x in setup.get("deals", [])]
            )
            if len(given) > rounds:
                raise ValueError(f"chiryaku_akuryaku: {len(given)} deals for {rounds} round(s)")
            for i, hands in enumerate(given):
                ctx = Ctx(
                    "chiryaku_akuryaku", n, ORDERS[n]
                )  # each deal is the whole card set, once
                check(
                    hands,
                    PerSeat(HAND),
                    ctx,
                    "setup.hands" if "hands" in setup else f"setup.deals[{i}].hands",
                )
                conserve(ctx, complete=True)
                deals.append([sorted(h, key=ORDERS[n].__getitem__) for h in hands])
            dealer = setup.get("dealer", 0)
            scores = list(setup.get("scores", scores))
        self.d.update(
            {
                "phase": "play",
                "rounds": rounds,
                "round": 0,
                "dealer": (dealer - 1) % n,
                "deals": deals,
                "scores": scores,
                "round_scores": [],
                "last_round": None,
            }
        )
        self._start_round()

    def _start_round(self):
        d = self.d
        n = d["players"]
        d["round"] += 1
        d["dealer"] = (d["dealer"] + 1) % n
        order = ORDERS[n]
        if d["deals"]:
            hands = d["deals"].pop(0)
        else:
            cards = list(PACKS[n])
            self.rng.shuffle(cards)
            hands = [[] for _ in range(n)]
            for i, card in enumerate(cards):  # one at a time, from the dealer's left
                hands[(d["dealer"] + 1 + i) % n].append(card)
            hands = [sorted(h, key=order.__getitem__) for h in hands]
        leader = (d["dealer"] + 1) % n
        d.update(
            {
                "phase": "play",
                "hands": hands,
                "leader": leader,
                "to_act": leader,
                "trick": [],
                "tricks_played": 0,
                "last_trick": None,
                "discarded": [],
                "up": [{c: [] for c in COLOURS} for _ in range(n)],
                "down": [[] for _ in range(n)],
                "face_down_colours": [None] * n,
                "pending": None,
            }
        )

    # -- whose turn -----------------------------------------------------------------------------
    def _movers(self):
        return [self.d["to_act"]]

    movers_play = movers_take = movers_facedown = _movers

    # -- legal actions ------------------------------------------------------------------------
    def playable(self, seat):
        """The cards ``seat`` may play to the trick now (public: the computer players read it)."""
        d = self.d
        shown = {colour(c) for _, c in d["trick"]}
        hand = d["hands"][seat]
        if len(shown) < 3:
            return list(hand)
        return [c for c in hand if colour(c) in shown]

    def legal_play(self, seat):
        return ["play " + c for c in self.playable(seat)]

    def legal_take(self, seat):
        d = self.d
        order = ORDERS[d["players"]]
        cards = sorted((c for _, c in d["trick"]), key=order.__getitem__)
        return [
            "take " + " ".join(combo) for combo in combinations(cards, take_count(d["players"]))
        ]

    def legal_facedown(self, seat):
        return list(FACEDOWN_CHOICES)

    # -- applying -----------------------------------------------------------------------------
    def _parse(self, args, count):
        """Card codes of this table's set in deck order; IllegalAction for a wrong count, unknown or repeated codes."""
        return parse_cards(args, ORDERS[self.d["players"]], count=count)

    def _wrong_verb(self, verb, expected, verbs):
        english = (
            f"'{verb}' is not possible now: {expected}"
            if verb in ("play", "take", "facedown")
            else f"unknown move {verb!r}: {expected}"
        )
        raise IllegalAction("wrong_move", english, verb=verb[:20], verbs=verbs)

    def apply_play(self, seat, verb, args):
        d = self.d
        if verb != "play":
            self._wrong_verb(verb, "play one card ('play R7')", ["play"])
        (card,) = self._parse(args, 1)
        if card not in d["hands"][seat]:
            raise IllegalAction("not_in_hand", f"you do not hold {card}", cards=[card])
        shown = []
        for _, c in d["trick"]:
            if colour(c) not in shown:
                shown.append(colour(c))
        if len(shown) >= 3 and colour(card) not in shown:
            shown = sorted(shown, key=COLOUR_ORDER.__getitem__)
            names = ", ".join(COLOUR_NAMES[c] for c in shown)
            raise IllegalAction(
                "fourth_colour",
                f"{card} would be a fourth colour: the trick already shows {names}",
                card=card,
                colours=shown,
            )
        d["hands"][seat].remove(card)
        d["trick"].append([seat, card])
        n = d["players"]
        if len(d["trick"]) == n:
            big, _ = brothers(d["trick"])
            d["phase"] = "take"
            d["to_act"] = big
            return
        nxt = next_seat(seat, n)
        d["to_act"] = nxt
        if not self.playable(nxt):
            self._end_round(blocked=nxt)

    def apply_take(self, seat, verb, args):
        d = self.d
        k = take_count(d["players"])
        if verb != "take":
            self._wrong_verb(
                verb, f"you are the big brother: take {k} cards of the trick ('take ...')", ["take"]
            )
        chosen = self._parse(args, k)
        in_trick = {c for _, c in d["trick"]}
        missing = [c for c in chosen if c not in in_trick]
        if missing:
            raise IllegalAction(
                "not_in_trick",
                f"{' '.join(missing)} {'is' if len(missing) == 1 else 'are'} not in the trick",
                cards=missing,
                n=len(missing),
            )
        big, little = brothers(d["trick"])
        rest = [c for _, c in d["trick"] if c not in chosen]
        d["last_trick"] = {
            "leader": d["leader"],
            "cards": d["trick"],
            "big": big,
            "little": little,
            "taken": chosen,
            "given": rest if little is not None else [],
            "discarded": [] if little is not None else rest,
        }
        if little is None:
            d["discarded"].extend(rest)
        d["trick"] = []
        d["tricks_played"] += 1
        d["pending"] = {
            "little": little,
            "share": rest if little is not None else [],
            "leader": little if little is not None else big,
        }
        if self._receive(big, chosen):
            return
        self._continue()

    def _receive(self, seat, cards):
        """Add cards to a collection; True when the seat must now turn two colours face down."""
        d = self.d
        down_colours = d["face_down_colours"][seat]
        up = d["up"][seat]
        for card in cards:
            if down_colours is not None and colour(card) in down_colours:
                d["down"][seat].append(card)
            else:
                pile = up[colour(card)]
                pile.append(card)
                pile.sort(key=number)
        if down_colours is None and all(up[c] for c in COLOURS):
            d["phase"] = "facedown"
            d["to_act"] = seat
            return True
        return False

    def _continue(self):
        """After the big brother's cards (and any facedown): the little brother's share, then on."""
        d = self.d
        pending = d["pending"]
        if pending["little"] is not None and pending["share"]:
            little, share = pending["little"], pending["share"]
            pending["share"] = []
            if self._receive(little, share):
                return
        d["pending"] = None
        if d["tricks_played"] >= HAND_SIZE or not any(d["hands"]):
            self._end_round(blocked=None)
            return
        d["phase"] = "play"
        d["leader"] = d["to_act"] = pending["leader"]

    def apply_facedown(self, seat, verb, args):
        d = self.d
        if verb != "facedown":
            self._wrong_verb(
                verb,
                "your collection shows four colours: turn two face down ('facedown B P')",
                ["facedown"],
            )
        if len(args) != 2 or any(a not in COLOURS for a in args):
            raise IllegalAction(
                "name_two_colours",
                "name two colours to turn face down, from R Y B P (e.g. 'facedown B P')",
                colours=list(COLOURS),
            )
        if args[0] == args[1]:
            raise IllegalAction(
                "two_different_colours", "name two different colours", colour=args[0]
            )
        chosen = sorted(args, key=COLOUR_ORDER.__getitem__)
        up = d["up"][seat]
        for c in chosen:
            d["down"][seat].extend(up[c])
            up[c] = []
        d["face_down_colours"][seat] = chosen
        self._continue()

    # -- scoring --------------------------------------------------------------------------------
    def seat_score(self, seat):
        """``round_score`` of the seat's collection so far (public: the players read it)."""
        d = self.d
        up = {c: len(x) for c, x in d["up"][seat].items()}
        return round_score(up, len(d["down"][seat]), d["face_down_colours"][seat] or ())

    def _end_round(self, blocked):
        d = self.d
        n = d["players"]
        if d["trick"]:
            d["discarded"].extend(c for _, c in d["trick"])
        scored = [self.seat_score(s) for s in range(n)]
        points = [p for p, _ in scored]
        d["round_scores"].append(points)
        for s in range(n):
            d["scores"][s] += points[s]
        d["last_round"] = {
            "round": d["round"],
            "dealer": d["dealer"],
            "blocked": blocked,
            "tricks_played": d["tricks_played"],
            "scores": points,
            "collections": [
                _collection(
                    {c: len(x) for c, x in d["up"][s].items()},
                    len(d["down"][s]),
                    d["face_down_colours"][s],
                )
                for s in range(n)
            ],
        }
        if d["round"] >= d["rounds"]:
            d["phase"] = "over"
            d["to_act"] = None
            d["trick"] = []
            return
        self._start_round()

    def _face_up_counts(self):
        return [{c: len(up[c]) for c in COLOURS} for up in self.d["up"]]

    def check_invariants(self):
        """A saved state's parts agree: rounds with their scores, the phase with the trick and the
        pending share, hand sizes with the tricks played, collections with the colours turned down,
        the previous trick and round with the rules."""
        d = self.d
        n = d["players"]
        phase = d["phase"]
        over = phase == "over"

        def fail(why):
            raise ValueError(f"chiryaku_akuryaku: {why}")

        if d["rounds"] != (d["options"]["rounds"] or n) or d["round"] > d["rounds"]:
            fail("the round does not agree with the rounds of the game")
        if (
            len(d["round_scores"]) != d["round"] - (0 if over else 1)
            or over
            and d["round"] != d["rounds"]
        ):
            fail("the rounds scored do not follow the round being played")
        if len(d["deals"]) > d["rounds"] - d["round"]:
            fail("more explicit deals than rounds to come")
        for k, hands in enumerate(d["deals"]):  # each explicit deal is the whole card set, once
            ctx = Ctx("chiryaku_akuryaku", n, ORDERS[n])
            check(hands, PerSeat(HAND), ctx, f"deals[{k}]")
            conserve(ctx, complete=True)
        if any(d["scores"][s] < sum(r[s] for r in d["round_scores"]) for s in range(n)):
            fail("a total is less than the rounds scored")
        last = d["last_round"]
        if (last is None) != (not d["round_scores"]):
            fail("the last round's summary does not agree with the rounds scored")
        if last is not None:
            if last["round"] != len(d["round_scores"]) or last["scores"] != d["round_scores"][-1]:
                fail("the last round's summary is not the last round scored")
            if last["dealer"] != (d["dealer"] if over else (d["dealer"] - 1) % n):
                fail("the deal did not pass to the left")
            for s, x in enumerate(last["collections"]):
                if last["scores"][s] != round_score(x["up"], x["down"], x["down_colours"] or ())[0]:
                    fail(f"seat {s}'s last round score is not that of its collection")

        trick, tp = d["trick"], d["tricks_played"]
        if over != (d["to_act"] is None) or (d["pending"] is not None) != (phase == "facedown"):
            fail("the seat to act or the pending share does not agree with the phase")
        if (phase == "take") != (len(trick) == n) or over and trick:
            fail("the trick does not agree with the phase")
        if len({colour(c) for _, c in trick}) > 3:
            fail("the trick shows four colours")
        if trick and (
            trick[0][0] != d["leader"]
            or any(s != (d["leader"] + k) % n for k, (s, _) in enumerate(trick))
        ):
            fail("the trick is not played in turn from its leader")
        if phase == "play" and d["to_act"] != ((trick[-1][0] + 1) % n if trick else d["leader"]):
            fail("the seat to play is not the next in the trick")
        if phase == "take" and d["to_act"] != brothers(trick)[0]:
            fail("the seat to take is not the big brother")
        if tp == 0 and not trick and not over and d["leader"] != (d["dealer"] + 1) % n:
            fail("the round is not led by the dealer's left")
        if tp >= HAND_SIZE and phase != "facedown" and not over:
            fail("the round goes on after its last trick")
        played = {s for s, _ in trick}
        for s in range(n):
            size = HAND_SIZE - tp - (s in played)
            if len(d["hands"][s]) != size and not (over and len(d["hands"][s]) == size - 1):
                fail(
                    f"seat {s} holds {len(d['hands'][s])} cards, which the tricks played do not leave"
                )
            up, down, turned = d["up"][s], d["down"][s], d["face_down_colours"][s]
            if any(colour(c) != k for k, pile in up.items() for c in pile) or any(
                pile != sorted(pile, key=number) for pile in up.values()
            ):
                fail(f"seat {s}'s face-up piles are not sorted by colour and number")
            if (
                turned is None
                and down
                or turned is not None
                and (
                    turned[0] == turned[1]
                    or turned != sorted(turned, key=COLOUR_ORDER.__getitem__)
                    or any(colour(c) not in turned for c in down)
                    or any(up[c] for c in turned)
                )
            ):
                fail(f"seat {s}'s face-down cards do not agree with the colours turned down")
            if (
                turned is None
                and all(up.values())
                and not (phase == "facedown" and d["to_act"] == s)
            ):
                fail(f"seat {s} shows four colours and has not turned two face down")
        if phase == "facedown" and (
            trick
            or d["face_down_colours"][d["to_act"]] is not None
            or not all(d["up"][d["to_act"]].values())
        ):
            fail("the seat to turn colours face down does not show four colours")

        t = d["last_trick"]
        if (t is None) != (tp == 0):
            fail("the previous trick does not agree with the tricks played")
        if t is not None:
            cards = [c for _, c in t["cards"]]
            rest = [c for c in cards if c not in t["taken"]]  # in play order
            if (
                len(t["cards"]) != n
                or t["cards"][0][0] != t["leader"]
                or any(s != (t["leader"] + k) % n for k, (s, _) in enumerate(t["cards"]))
            ):
                fail("the previous trick is not a full trick played in turn")
            if (
                (t["big"], t["little"]) != brothers(t["cards"])
                or len(t["taken"]) != take_count(n)
                or not set(t["taken"]) <= set(cards)
                or (t["given"], t["discarded"])
                != ((rest, []) if t["little"] is not None else ([], rest))
            ):
                fail("the previous trick was not shared by the rules")
        if d["pending"] is not None and (
            d["pending"]["leader"] != (t["little"] if t["little"] is not None else t["big"])
            or d["pending"]["little"] != t["little"]
        ):
            fail("the pending share is not the previous trick's")

    # -- reading ------------------------------------------------------------------------------
    def snapshot(self):
        out = super().snapshot()
        out["face_up"] = self._face_up_counts()
        out["face_down"] = [len(x) for x in self.d["down"]]
        return out

    def result(self):
        d = self.d
        if not self.is_over():
            return None
        best = max(d["scores"])
        return {
            "scores": list(d["scores"]),
            "round_scores": [list(r) for r in d["round_scores"]],
            "winners": [s for s, v in enumerate(d["scores"]) if v == best],
            "rounds_played": len(d["round_scores"]),
        }

    def standing(self):
        """Ranked by total score, highest first (ties share the win, as ``winners`` says)."""
        return Standing(keys=list(self.d["scores"]), scores=list(self.d["scores"]))

    def observe(self, seat):
        d = self.d
        n = d["players"]
        over = self.is_over()
        trick = d["trick"]
        shown = []
        for _, c in trick:
            if colour(c) not in shown:
                shown.append(colour(c))
        full = d["phase"] == "take"
        big, little = brothers(trick) if full else (None, None)
        live = [self.seat_score(s) for s in range(n)]
        v = {
            "rounds": d["rounds"],
            "round": d["round"],
            "dealer": d["dealer"],
            "leader": d["leader"],
            "to_act": d["to_act"],
            "hand_counts": [len(h) for h in d["hands"]],
            "trick": trick_view(trick),
            "lead_colour": colour(trick[0][1]) if trick else None,
            "trick_colours": sorted(shown, key=COLOUR_ORDER.__getitem__),
            "big_brother": big,
            "little_brother": little,
            "take_count": take_count(n),
            "tricks_played": d["tricks_played"],
            "last_trick": self._last_trick_view(),
            "face_up_cards": [
                d["up"][s]["R"] + d["up"][s]["Y"] + d["up"][s]["B"] + d["up"][s]["P"]
                for s in range(n)
            ],
            "face_down": [len(x) for x in d["down"]],
            "face_down_colours": [list(x) if x else None for x in d["face_down_colours"]],
            "discarded": list(d["discarded"]),
            "live_scores": [p for p, _ in live],
            "live_reasons": [r for _, r in live],
            "scores": list(d["scores"]),
            "round_scores": [list(r) for r in d["round_scores"]],
            "last_round": self._last_round_view(),
        }
        if seat is not None:
            v["hand"] = list(d["hands"][seat])
        if over:
            v["hands"] = [list(h) for h in d["hands"]]
        return v

    def _last_trick_view(self):
        """The previous trick in the shared shape; its winner is the big brother."""
        t = self.d["last_trick"]
        if t is None:
            return None
        return finished_view(
            t["leader"],
            t["cards"],
            t["big"],
            little=t["little"],
            taken=list(t["taken"]),
            given=list(t["given"]),
            discarded=list(t["discarded"]),
        )

    def _last_round_view(self):
        last = self.d["last_round"]
        if last is None:
            return None
        out = {k: last[k] for k in ("round", "dealer", "blocked", "tricks_played")}
        out["breakdown"] = [
            {
                "seat": s,
                "points": p,
                "reasons": [round_score(x["up"], x["down"], x["down_colours"] or ())[1]],
            }
            for s, (p, x) in enumerate(zip(last["scores"], last["collections"]))
        ]
        return out

    def hidden_cards(self, seat):
        d = self.d
        if self.is_over():
            return set()
        hidden = set()
        for s, hand in enumerate(d["hands"]):
            if s != seat:
                hidden.update(hand)
        return hidden

    def all_cards(self):
        return list(PACKS[self.d["players"]])


ChiryakuState.info = GAME = GameInfo(
    slug="chiryaku_akuryaku",
    title="知略悪略 Chiryaku Akuryaku",
    min_players=4,
    max_players=6,
    default_players=4,
    daily={"rounds": 1},  # one deal (round) for the daily deal
    options=(
        Option(
            "rounds",
            None,
            "int",
            "rounds in a game (default: the number of players)",
            minimum=1,
            maximum=50,
        ),
    ),
    state_class=ChiryakuState,
    max_actions=50 * 130,
    variants=({"rounds": 1},),
    computer_players=True,
)
