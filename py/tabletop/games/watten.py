"""Watten (バッテン): Tyrolean partnership trick game with an announced rank and trump, and raising;
Blind Watten (ブリントバッテン) as an option.

Source: the blog's list of the region's games (チロリアン地方のバッテン, ブリントバッテン), as decided by
the design's rules file for this game (docs/rules/watten.md), which settles what the blog leaves
open. Its worked examples are tests/vectors/watten.json; its rules for players
static/rules/watten.json.

Rules in brief
    33 German-suited cards: suits E (acorns), L (leaves), H (hearts), S (bells), ranks
    7 8 9 T U O K A, and the Weli ``WS`` (bells six). 2-4 players, 5 cards each (a packet of 3,
    then of 2, from forehand); the rest are unused and never seen. With 4 players seats 0+2 play
    against 1+3; with 3 forehand plays alone against the dealer and the dealer's right
    (Hinterhand), each scoring for himself; with 2 one against one.
    Phase ``schlag``: forehand (the dealer's left) names a rank, ``schlag R`` (``W``: a Weli game);
    phase ``trump``: the dealer names a suit, ``trump X``. The card of both is the Rechte (top),
    the other three of the rank are the Blinde (equal: the first played wins), then the trump
    suit (A high down to 7, then the Weli, always the lowest trump). With the Guate (option, on
    by default in Blind Watten) the trump one rank above the Schlag beats the Rechte; with the
    Kritische (option) KH > 7S > 7E beat everything. Phase ``play``: no duty to follow suit,
    except on a trump lead, where a seat holding a trump other than the Rechte and the Guate must
    play a trump, a Blind or a Kritischer (in Blind Watten only the two announcers are bound).
    The first side to take 3 tricks wins the stake: 2, +1 for each accepted raise. On its turn
    in play a seat may ``raise`` (not twice in a row by one side, not when its side is
    gestrichen: a score at target - 2 or more); the next opponent clockwise (phase ``answer``)
    says ``accept`` or ``fold`` (the raisers score the stake before the raise at once). A seat may
    ``signal`` once a deal before its first card (4 players, option ``signals``, not Blind): a
    public claim, never checked. First to ``target_score`` (11) wins.

Action notation
    ``schlag R`` (R in 7 8 9 T U O K A W), ``trump X`` (X in E L H S), ``play C``, ``raise``,
    ``accept``, ``fold``, ``signal G`` (G in rechte blind trump none). Cards: rank + suit, and
    ``WS``; deck order acorns, leaves, hearts, bells, each 7 up to A, then the Weli.

View (``view(seat)``)
    The rules file's fields (phase dealer forehand to_act hand hand_counts schlag trump rechte
    guate stake last_raiser raise_pending trick last_trick trick_winners tricks scores signals
    last_deal) plus ``sides`` (the seats of each side this deal), ``side_of`` (each seat's side),
    ``answering`` (who answers a raise), ``bound`` (the seats bound to follow a trump lead),
    ``knows_trump`` (whether this seat knows Schlag and trump), ``history`` (this deal's finished
    tricks), ``seat_tricks``, ``gestrichen`` (per score entry), ``raise_allowed`` (per side),
    ``roles`` (the role, rechte guate blind trump kritisch, of each card this seat can see, for
    a seat that knows the trump), ``target_score``, ``deals_played``.

Decisions beyond the rules file
    - ``rechte`` and ``guate`` are cards that may lie in another hand: in views they are given
      as ``[rank, suit]`` pairs (a card code there would name a hidden card); ``snapshot()``
      gives the codes as the rules file says.
    - ``last_trick`` of the previous deal stays visible in the next deal (the deal-ending trick
      is otherwise never seen); its cards were shown face up, so they are not counted as hidden
      from anyone (``hidden_cards``), though the computer's worlds redeal them like any unseen
      card (players module).
    - The deal record adds ``folded_by`` (the seat that folded, else null) to the rules file's
      keys, so that the page explains a fold.
    - A blind seat (Blind Watten) and the public see no ``roles`` and no provisional winner; the
      finished tricks' winners are public.
    - ``target_score`` is 5 to 99. Setup scores with 4 players are two team totals.
    - With 2 or 3 players every seat at the target wins and they share the first place (with 3
      both partners of the scoring side may reach it in one deal); the others rank by points.
    - In Blind Watten the game's end shows the last deal's Schlag and trump to everyone.
    - A saved state keeps the current deal's dealt hands and moves (``dealt``, ``moves``) and
      is checked by replaying them; the unused cards are kept (``stock``), never shown.
    - The daily deal is a short game (``target_score`` 5, two or three deals).
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import parse_cards
from ..core import GameInfo, GameState, IllegalAction, Option, Standing, plain_copy
from ..reader import (
    Anything,
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
    Text,
    Tuple,
    check,
    conserve,
)

RANKS = "789TUOKA"
SUITS = "ELHS"
WELI = "WS"
PACK = [r + s for s in SUITS for r in RANKS] + [WELI]
ORDER = {card: i for i, card in enumerate(PACK)}
SCHLAGS = tuple(RANKS) + ("W",)
SIGNALS = ("rechte", "blind", "trump", "none")
KRITISCHE = ("KH", "7S", "7E")  # Maxi > Belli > Spitz
RANK_VALUE = {r: i for i, r in enumerate(RANKS)}
PHASES = ("schlag", "trump", "play", "answer")
MAX_SCORE = 99 + 200  # a target of at most 99, passed by one deal's stake at most


@lru_cache(maxsize=512)
def card_table(schlag, trump, guate_on, kritische):
    """{card: (class, strength)} for a named Schlag and trump (rules section 6.1): class one of
    ``kritisch guate rechte blind trump plain``; strength orders the classes that always win
    (plain cards are valued only when their suit is led, see ``strength``)."""
    krit = set(KRITISCHE) if kritische else set()
    rechte = WELI if schlag == "W" else schlag + trump
    if rechte in krit:
        rechte = None
    guate = None
    if guate_on:
        up = "7" if schlag in ("A", "W") else RANKS[RANK_VALUE[schlag] + 1]
        guate = up + trump
        if guate in krit:
            guate = None
    table = {}
    for card in PACK:
        if card in krit:
            table[card] = ("kritisch", 1000 + 3 - KRITISCHE.index(card))
        elif card == guate:
            table[card] = ("guate", 900)
        elif card == rechte:
            table[card] = ("rechte", 800)
        elif schlag != "W" and card[0] == schlag and card != WELI:
            table[card] = ("blind", 700)
        elif card == WELI:
            table[card] = ("trump", 100)
        elif card[1] == trump:
            table[card] = ("trump", 101 + RANK_VALUE[card[0]])
        else:
            table[card] = ("plain", RANK_VALUE[card[0]] + 1)
    return table, rechte, guate


def in_trump_suit(card, trump, table):
    """The trump suit for following: every card of the trump suit and the Weli, Kritische out."""
    return (card[1] == trump or card == WELI) and table[card][0] != "kritisch"


def trick_winner(cards, trump, table):
    """The [seat, card] that wins ``cards`` (rules section 6.2): the highest class; plain cards
    only of the led suit, which exists only when the lead is plain; ties go to the earliest."""
    lead = cards[0][1]
    led = lead[1] if table[lead][0] == "plain" else None
    best, best_value = cards[0], -1
    for play in cards:
        kind, value = table[play[1]]
        if kind == "plain" and play[1][1] != led:
            value = 0
        if value > best_value:
            best, best_value = play, value
    return best


def is_trump_lead(card, trump, table):
    return in_trump_suit(card, trump, table)


def follow_choices(hand, trick_cards, trump, table):
    """The cards a bound seat may play (rules section 6.3): on a trump lead, holding a forceable
    trump (a trump-suit card but the Rechte and the Guate), a trump-suit card, a Blind or a
    Kritischer; else anything."""
    if not trick_cards or not is_trump_lead(trick_cards[0][1], trump, table):
        return list(hand)
    forceable = [
        c for c in hand if in_trump_suit(c, trump, table) and table[c][0] not in ("rechte", "guate")
    ]
    if not forceable:
        return list(hand)
    return [
        c for c in hand if in_trump_suit(c, trump, table) or table[c][0] in ("blind", "kritisch")
    ]


def _check_options(opts, players):
    if opts["blind"] and players is not None and players != 4:
        raise ValueError("watten: Blind Watten needs 4 players")


# -- what an explicit setup and a saved state may hold ------------------------------------------
HAND5 = PerSeat(Cards(n=5, counted=True))
SETUP = Fields(
    {},
    optional={
        "dealer": Seat(),
        "hands": Anything(),  # each deal is checked on its own below
        "deals": List(Fields({"hands": Anything()}), 0, 200),
        "scores": List(Int(0, 98), 2, 4),
        "deals_played": Int(0, 9999),
    },
)
PLAY = Tuple(Seat(), Card())
RECORD = Fields(
    {
        "dealer": Seat(),
        "schlag": Choice(*SCHLAGS),
        "trump": Choice(*SUITS),
        "tricks": List(Int(0, 5), 2, 4),
        "ended_by": Choice("tricks", "fold"),
        "scoring_seats": List(Seat(), 1, 3),
        "points": Int(2, 200),
        "folded_by": Opt(Seat()),
    },
    optional={"scoring_team": Choice(0, 1)},
)
FINISHED = Fields({"leader": Seat(), "cards": List(PLAY, 2, 4), "winner": Seat()})
STATE = Fields(
    {
        "deals": List(PerSeat(Cards(n=5, counted=False)), 0, 200),
        "deal_index": Int(0, 20_000),
        "dealer": Seat(),
        "scores": List(Int(0, MAX_SCORE), 2, 4),
        "deals_played": Int(0, 30_000),
        "deal_log": List(RECORD, 0, 20_000),
        "dealt": PerSeat(Cards(n=5, counted=False)),
        "moves": List(Tuple(Seat(), Text(20)), 0, 200),
        "hands": PerSeat(Cards(hi=5, ordered=True)),
        "stock": Cards(lo=13, hi=23, ordered=True),
        "schlag": Opt(Choice(*SCHLAGS)),
        "trump": Opt(Choice(*SUITS)),
        "to_act": Opt(Seat()),
        "stake": Int(2, 200),
        "last_raiser": Opt(Seat()),
        "raise_pending": Opt(Seat()),
        "trick": List(PLAY, 0, 3),
        "history": List(FINISHED, 0, 5),
        "last_trick": Opt(
            Fields(
                {
                    "leader": Seat(),
                    "cards": List(Tuple(Seat(), Card(counted=False)), 2, 4),
                    "winner": Seat(),
                }
            )
        ),
        "signals": List(Tuple(Seat(), Choice(*SIGNALS)), 0, 4),
    }
)
# The keys of one deal: reset when a deal starts, rebuilt by replaying ``moves`` from ``dealt``.
DEAL_KEYS = (
    "moves",
    "hands",
    "schlag",
    "trump",
    "to_act",
    "stake",
    "last_raiser",
    "raise_pending",
    "trick",
    "history",
    "signals",
)


class WattenState(GameState):
    STATE, CARDS, ALL_CARDS_KEPT = STATE, ORDER, False

    # -- seats and sides ------------------------------------------------------------------------
    @property
    def n(self):
        return self.d["players"]

    @property
    def forehand(self):
        return (self.d["dealer"] + 1) % self.n

    def side_of(self, seat):
        """The side of a seat this deal: the team (4 players), the seat (2), or 0 for forehand
        and 1 for the dealer and Hinterhand (3)."""
        n = self.n
        if n == 4:
            return seat % 2
        if n == 2:
            return seat
        return 0 if seat == self.forehand else 1

    def side_seats(self, side):
        return [s for s in range(self.n) if self.side_of(s) == side]

    def entry_of(self, seat):
        """The score entry a seat scores in: its team with 4 players, else its own."""
        return seat % 2 if self.n == 4 else seat

    def announcers(self):
        return (self.forehand, self.d["dealer"])

    def bound(self, seat):
        """Whether the seat must follow a trump lead: all, or only the announcers when blind."""
        return not self.d["options"]["blind"] or seat in self.announcers()

    def knows_trump(self, seat):
        d = self.d
        if not d["options"]["blind"] or d["phase"] == "over":
            return True
        return seat is not None and seat in self.announcers()

    def sees_hand(self, seat):
        """Non-announcers pick up their cards only once the trump is named (rules section 9)."""
        return seat in self.announcers() or self.d["phase"] not in ("schlag", "trump")

    def guate_on(self):
        g = self.d["options"]["guate"]
        return self.d["options"]["blind"] if g is None else g

    def table(self):
        """(card table, rechte, guate) of the deal; None before the trump is named."""
        d = self.d
        if d["trump"] is None:
            return None
        return card_table(d["schlag"], d["trump"], self.guate_on(), d["options"]["kritische"])

    def answering(self, raiser):
        side = self.side_of(raiser)
        for step in range(1, self.n):
            s = (raiser + step) % self.n
            if self.side_of(s) != side:
                return s
        raise AssertionError("no opponent")

    def gestrichen(self, side):
        d = self.d
        limit = d["options"]["target_score"] - 2
        return any(d["scores"][self.entry_of(s)] >= limit for s in self.side_seats(side))

    def seat_tricks(self):
        out = [0] * self.n
        for t in self.d["history"]:
            out[t["winner"]] += 1
        return out

    def entry_tricks(self):
        seat = self.seat_tricks()
        if self.n == 4:
            return [seat[0] + seat[2], seat[1] + seat[3]]
        return seat

    def side_tricks(self, side):
        st = self.seat_tricks()
        return sum(st[s] for s in self.side_seats(side))

    def has_played(self, seat):
        d = self.d
        return any(s == seat for t in d["history"] for s, _ in t["cards"]) or any(
            s == seat for s, _ in d["trick"]
        )

    # -- setup ----------------------------------------------------------------------------------
    def setup(self, setup):
        n = self.n
        deals, dealer, scores, played = [], 0, [0] * (2 if n == 4 else n), 0
        if setup is not None:
            check(setup, SETUP, Ctx("watten", n, ORDER), "setup")
            if "hands" in setup and "deals" in setup:
                raise ValueError("watten: give either 'hands' or 'deals' in the setup, not both")
            raw = (
                [x["hands"] for x in setup["deals"]]
                if "deals" in setup
                else [setup["hands"]]
                if "hands" in setup
                else []
            )
            for number, hands in enumerate(raw, 1):
                ctx = Ctx("watten", n, ORDER)
                check(hands, HAND5, ctx, f"setup deal {number}")
                conserve(ctx)
            deals = [[sorted(h, key=ORDER.__getitem__) for h in hands] for hands in raw]
            dealer = setup.get("dealer", 0)
            if "scores" in setup:
                scores = list(setup["scores"])
                if len(scores) != (2 if n == 4 else n):
                    raise ValueError(
                        f"watten: give {2 if n == 4 else n} starting scores with {n} players"
                    )
            played = setup.get("deals_played", 0)
        if max(scores) >= self.d["options"]["target_score"]:
            raise ValueError("watten: starting scores must be below the target score")
        self.d.update(
            {
                "phase": "schlag",
                "deals": deals,
                "deal_index": 0,
                "dealer": dealer,
                "scores": scores,
                "deals_played": played,
                "deal_log": [],
                "last_trick": None,
            }
        )
        self._start_deal()

    def _start_deal(self):
        d = self.d
        n = self.n
        if d["deal_index"] < len(d["deals"]):
            hands = [list(h) for h in d["deals"][d["deal_index"]]]
        else:
            cards = list(PACK)
            self.rng.shuffle(cards)
            hands = [[] for _ in range(n)]
            pos = 0
            for packet in (3, 2):  # a packet of 3, then of 2, clockwise from forehand
                for k in range(n):
                    seat = (d["dealer"] + 1 + k) % n
                    hands[seat].extend(cards[pos : pos + packet])
                    pos += packet
        d["deal_index"] += 1
        hands = [sorted(h, key=ORDER.__getitem__) for h in hands]
        used = {c for h in hands for c in h}
        d["dealt"] = [list(h) for h in hands]
        d["stock"] = [c for c in PACK if c not in used]
        self._reset_deal(hands)

    def _reset_deal(self, hands):
        d = self.d
        d.update(
            {
                "phase": "schlag",
                "moves": [],
                "hands": hands,
                "schlag": None,
                "trump": None,
                "to_act": self.forehand,
                "stake": 2,
                "last_raiser": None,
                "raise_pending": None,
                "trick": [],
                "history": [],
                "signals": [],
            }
        )

    # -- whose turn -----------------------------------------------------------------------------
    def _movers(self):
        return [self.d["to_act"]]

    movers_schlag = movers_trump = movers_play = movers_answer = _movers

    # -- legal actions --------------------------------------------------------------------------
    def legal_schlag(self, seat):
        return ["schlag " + r for r in SCHLAGS]

    def legal_trump(self, seat):
        return ["trump " + s for s in SUITS]

    def legal_answer(self, seat):
        return ["accept", "fold"]

    def playable(self, seat):
        d = self.d
        hand = d["hands"][seat]
        if not d["trick"] or not self.bound(seat):
            return list(hand)
        table, _, _ = self.table()
        return follow_choices(hand, d["trick"], d["trump"], table)

    def may_raise(self, seat):
        d = self.d
        side = self.side_of(seat)
        if d["last_raiser"] is not None and self.side_of(d["last_raiser"]) == side:
            return False
        return not self.gestrichen(side)

    def may_signal(self, seat):
        d = self.d
        opts = d["options"]
        return (
            self.n == 4
            and opts["signals"]
            and not opts["blind"]
            and all(s != seat for s, _ in d["signals"])
            and not self.has_played(seat)
        )

    def legal_play(self, seat):
        out = ["play " + c for c in self.playable(seat)]
        if self.may_raise(seat):
            out.append("raise")
        if self.may_signal(seat):
            out += ["signal " + g for g in SIGNALS]
        return out

    # -- applying -------------------------------------------------------------------------------
    def _no_args(self, verb, args):
        if args:
            raise IllegalAction("takes_nothing", f"'{verb}' takes nothing after it", verb=verb)

    def _wrong_verb(self, verb, verbs):
        raise IllegalAction(
            "wrong_move",
            f"{verb[:20]!r} is not possible now; possible: {', '.join(verbs)}",
            verb=verb[:20],
            verbs=verbs,
        )

    def _record_move(self, seat, action):
        self.d["moves"].append([seat, action])

    def apply_schlag(self, seat, verb, args):
        if verb != "schlag":
            self._wrong_verb(verb, ["schlag"])
        if len(args) != 1 or args[0] not in SCHLAGS:
            raise IllegalAction(
                "bad_schlag",
                "name one rank: 7 8 9 T U O K A, or W for the Weli",
                text=" ".join(args)[:12],
            )
        d = self.d
        d["schlag"] = args[0]
        d["phase"], d["to_act"] = "trump", d["dealer"]
        self._record_move(seat, "schlag " + args[0])

    def apply_trump(self, seat, verb, args):
        if verb != "trump":
            self._wrong_verb(verb, ["trump"])
        if len(args) != 1 or args[0] not in SUITS:
            raise IllegalAction(
                "bad_trump", "name one suit: E, L, H or S", text=" ".join(args)[:12]
            )
        d = self.d
        d["trump"] = args[0]
        d["phase"], d["to_act"] = "play", self.forehand
        self._record_move(seat, "trump " + args[0])

    def apply_answer(self, seat, verb, args):
        d = self.d
        if verb not in ("accept", "fold"):
            self._wrong_verb(verb, ["accept", "fold"])
        self._no_args(verb, args)
        raiser = d["raise_pending"]
        self._record_move(seat, verb)
        if verb == "accept":
            d["stake"] += 1
            d["last_raiser"], d["raise_pending"] = raiser, None
            d["phase"], d["to_act"] = "play", raiser
            return
        self._score(self.side_of(raiser), "fold", folded_by=seat)

    def apply_play(self, seat, verb, args):
        d = self.d
        if verb == "raise":
            self._no_args(verb, args)
            side = self.side_of(seat)
            if self.gestrichen(side):
                raise IllegalAction(
                    "raise_gestrichen",
                    "your side is within 2 points of the target (gestrichen) and may not raise",
                    n=d["options"]["target_score"] - 2,
                )
            if d["last_raiser"] is not None and self.side_of(d["last_raiser"]) == side:
                raise IllegalAction(
                    "raise_twice", "your side made the last raise; the other side raises next"
                )
            d["raise_pending"] = seat
            d["phase"], d["to_act"] = "answer", self.answering(seat)
            self._record_move(seat, "raise")
            return
        if verb == "signal":
            if len(args) != 1 or args[0] not in SIGNALS:
                raise IllegalAction(
                    "bad_signal", "signal rechte, blind, trump or none", text=" ".join(args)[:12]
                )
            if not self.may_signal(seat):
                raise IllegalAction(
                    "no_signal", "a signal is made once, before your first card, in open games"
                )
            d["signals"].append([seat, args[0]])
            self._record_move(seat, "signal " + args[0])
            return
        if verb != "play":
            self._wrong_verb(verb, ["play", "raise", "signal"])
        (card,) = parse_cards(args, ORDER, count=1)
        if card not in d["hands"][seat]:
            raise IllegalAction("not_in_hand", f"you do not hold {card}", cards=[card])
        if card not in self.playable(seat):
            raise IllegalAction(
                "must_give_trump",
                "a trump was led: give a trump, a Blind or a Kritischer",
                card=card,
            )
        d["hands"][seat].remove(card)
        d["trick"].append([seat, card])
        self._record_move(seat, "play " + card)
        if len(d["trick"]) < self.n:
            d["to_act"] = (seat + 1) % self.n
            return
        table, _, _ = self.table()
        winner = trick_winner(d["trick"], d["trump"], table)[0]
        done = {"leader": d["trick"][0][0], "cards": d["trick"], "winner": winner}
        d["history"].append(done)
        d["last_trick"] = plain_copy(done)
        d["trick"] = []
        side = self.side_of(winner)
        if self.side_tricks(side) >= 3:
            self._score(side, "tricks")
            return
        d["to_act"] = winner

    def _score(self, side, ended_by, folded_by=None):
        d = self.d
        points = d["stake"]
        seats = self.side_seats(side)
        entries = sorted({self.entry_of(s) for s in seats})
        for e in entries:
            d["scores"][e] += points
        record = {
            "dealer": d["dealer"],
            "schlag": d["schlag"],
            "trump": d["trump"],
            "tricks": self.entry_tricks(),
            "ended_by": ended_by,
            "scoring_seats": seats,
            "points": points,
            "folded_by": folded_by,
        }
        if self.n == 4:
            record["scoring_team"] = side
        d["deal_log"].append(record)
        d["deals_played"] += 1
        target = d["options"]["target_score"]
        if any(d["scores"][e] >= target for e in entries):
            d["phase"], d["to_act"], d["raise_pending"] = "over", None, None
            return
        d["dealer"] = (d["dealer"] + 1) % self.n
        self._start_deal()

    # -- checking a saved state -----------------------------------------------------------------
    def check_invariants(self):
        """A saved state's parts agree: the deal so far replays legally from its dealt hands,
        the logged deals add up to the scores from a start below the target, dealers turn."""
        d = self.d
        n = self.n
        opts = d["options"]
        over = d["phase"] == "over"

        def fail(why):
            raise ValueError(f"watten: {why}")

        entries = 2 if n == 4 else n
        if len(d["scores"]) != entries:
            fail(f"{entries} scores are kept with {n} players")
        if opts["blind"] and n != 4:
            fail("Blind Watten is for 4 players")
        dealt = {c for h in d["dealt"] for c in h}
        if len(dealt) != 5 * n or dealt & set(d["stock"]) or len(dealt) + len(d["stock"]) != 33:
            fail("the dealt hands and the unused cards are not the pack")
        log = d["deal_log"]
        if d["deal_index"] != len(log) + (0 if over else 1):
            fail("the deals dealt do not agree with the deal log")
        if d["deals_played"] < len(log):
            fail("fewer deals played than logged")
        for i, hands in enumerate(d["deals"]):
            cards = [c for h in hands for c in h]
            if len(set(cards)) != len(cards):
                fail(f"explicit deal {i + 1} names a card twice")
        index = d["deal_index"] - 1
        if index < len(d["deals"]) and d["deals"][index] != d["dealt"]:
            fail("the cards of this deal are not the explicit deal")
        start = list(d["scores"])
        for i, rec in enumerate(log):
            if rec["dealer"] != (log[0]["dealer"] + i) % n:
                fail("the dealers of the logged deals do not turn clockwise")
            if len(rec["tricks"]) != entries or any(s >= n for s in rec["scoring_seats"]):
                fail(f"logged deal {i + 1} does not fit {n} players")
            if ("scoring_team" in rec) != (n == 4):
                fail(f"logged deal {i + 1}: a scoring team is kept with 4 players only")
            if (rec["ended_by"] == "fold") != (rec["folded_by"] is not None):
                fail(f"logged deal {i + 1}: a fold without the seat that folded")
            if rec["folded_by"] is not None and rec["folded_by"] >= n:
                fail(f"logged deal {i + 1}: no such seat folded")
            for e in sorted({(s % 2 if n == 4 else s) for s in rec["scoring_seats"]}):
                start[e] -= rec["points"]
        if min(start) < 0 or max(start) >= opts["target_score"]:
            fail("the scores are not the logged deals on top of a start below the target")
        if log and d["dealer"] != (log[-1]["dealer"] if over else (log[-1]["dealer"] + 1) % n):
            fail("the dealer does not follow the logged deals")
        if over and not log:
            fail("the game is over before any deal")
        # The current deal (the last one when over): replay its moves from the dealt hands.
        trial = self.__class__.__new__(self.__class__)
        trial.d = plain_copy(d)
        trial.rng = self.copy_rng()
        if over:
            rec = log[-1]
            trial.d["deal_log"] = log[:-1]
            trial.d["deals_played"] -= 1
            for e in sorted({(s % 2 if n == 4 else s) for s in rec["scoring_seats"]}):
                trial.d["scores"][e] -= rec["points"]
            if any(x >= opts["target_score"] for x in trial.d["scores"]):
                fail("the game went on after a side reached the target")
        trial.d["last_trick"] = None if not d["history"] else trial.d["last_trick"]
        trial._reset_deal([list(h) for h in d["dealt"]])
        keep_last = d["last_trick"] if not d["history"] else None
        try:
            for seat, action in d["moves"]:
                trial.apply(seat, action)
        except IllegalAction as err:
            fail(f"the moves of this deal do not replay ({err})")
        if not over and trial.d["deal_log"] != log:
            fail("a move of this deal ends it")
        if not d["history"]:
            trial.d["last_trick"] = keep_last
        if trial.d != d:
            diff = sorted(k for k in d if trial.d.get(k) != d[k])
            fail(f"the deal does not follow from its moves ({', '.join(diff)[:80]})")

    # -- reading --------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        rec = d["deal_log"][-1]
        n = self.n
        target = d["options"]["target_score"]
        if n == 4:
            team = rec["scoring_team"]
            winners, winner_team = [team, team + 2], team
        else:
            winners = [s for s in range(n) if d["scores"][s] >= target]
            winner_team = None
        return {
            "scores": list(d["scores"]),
            "winners": winners,
            "winner_team": winner_team,
            "deals_played": d["deals_played"],
            "deals": plain_copy(d["deal_log"]),
        }

    def standing(self):
        scores = list(self.d["scores"])
        if self.n == 4:
            return Standing(
                keys=scores, sides=((0, 2), (1, 3)), scores=[scores[s % 2] for s in range(4)]
            )
        # Every seat at the target wins (with 3 players both partners of the scoring side may):
        # they share the first place; the others are ranked by their points.
        target = self.d["options"]["target_score"]
        keys = [(1, 0) if x >= target else (0, x) for x in scores]
        return Standing(keys=keys, scores=scores)

    def snapshot(self):
        d = self.d
        snap = super().snapshot()
        t = self.table()
        snap.update(
            {
                "forehand": self.forehand,
                "rechte": t[1] if t else None,
                "guate": t[2] if t else None,
                "trick_winners": [h["winner"] for h in d["history"]],
                "tricks": self.entry_tricks(),
                "seat_tricks": self.seat_tricks(),
                "last_deal": plain_copy(d["deal_log"][-1]) if d["deal_log"] else None,
                "legal": self.legal_actions(d["to_act"]) if d["to_act"] is not None else [],
            }
        )
        return snap

    def observe(self, seat):
        d = self.d
        n = self.n
        knows = self.knows_trump(seat)
        t = self.table() if knows else None
        pair = lambda c: [c[0], c[1]] if c else None  # noqa: E731 - see the docstring
        v = {
            "dealer": d["dealer"],
            "forehand": self.forehand,
            "to_act": d["to_act"],
            "sides": [self.side_seats(s) for s in range(2 if n != 2 else 2)],
            "side_of": [self.side_of(s) for s in range(n)],
            "answering": self.answering(d["raise_pending"])
            if d["raise_pending"] is not None
            else None,
            "bound": [s for s in range(n) if self.bound(s)],
            "knows_trump": knows,
            "hand_counts": [len(h) for h in d["hands"]],
            "schlag": d["schlag"] if knows else None,
            "trump": d["trump"] if knows else None,
            "rechte": pair(t[1]) if t else None,
            "guate": pair(t[2]) if t else None,
            "stake": d["stake"],
            "last_raiser": d["last_raiser"],
            "raise_pending": d["raise_pending"],
            "trick": [list(p) for p in d["trick"]],
            "history": plain_copy(d["history"]),
            "last_trick": plain_copy(d["last_trick"]),
            "trick_winners": [h["winner"] for h in d["history"]],
            "tricks": self.entry_tricks(),
            "seat_tricks": self.seat_tricks(),
            "scores": list(d["scores"]),
            "gestrichen": [
                d["scores"][e] >= d["options"]["target_score"] - 2 for e in range(len(d["scores"]))
            ],
            "raise_allowed": [not self.gestrichen(s) for s in range(2)],
            "target_score": d["options"]["target_score"],
            "signals": [list(x) for x in d["signals"]],
            "deals_played": d["deals_played"],
            "last_deal": plain_copy(d["deal_log"][-1]) if d["deal_log"] else None,
            "hand": None,
            "roles": {},
        }
        if seat is not None and self.sees_hand(seat):
            v["hand"] = list(d["hands"][seat])
        if t:
            seen = list(v["hand"] or []) + [c for _, c in d["trick"]]
            seen += [c for h in d["history"] for _, c in h["cards"]]
            v["roles"] = {c: t[0][c][0] for c in seen if t[0][c][0] != "plain"}
        return v

    def hidden_cards(self, seat):
        d = self.d
        hidden = set(d["stock"])
        for s, hand in enumerate(d["hands"]):
            if s != seat or not self.sees_hand(seat):
                hidden.update(hand)
        if d["last_trick"] is not None and not d["history"]:
            # The previous deal's last trick was shown face up; showing it again tells nothing
            # of where its cards lie now.
            hidden.difference_update(c for _, c in d["last_trick"]["cards"])
        return hidden

    def all_cards(self):
        return list(PACK)


WattenState.info = GAME = GameInfo(
    slug="watten",
    title="Watten",
    min_players=2,
    max_players=4,
    default_players=4,
    daily={"target_score": 5},
    options=(
        Option("target_score", 11, "int", "points to win the game", minimum=5, maximum=99),
        Option("blind", False, "bool", "Blind Watten: the announcers keep Schlag and trump secret"),
        Option(
            "guate",
            None,
            "choice",
            "the Guate above the Rechte (null: exactly in Blind Watten)",
            choices=(None, True, False),
        ),
        Option("kritische", False, "bool", "Maxi, Belli and Spitz as permanent top trumps"),
        Option("signals", True, "bool", "one public signal per seat and deal (4 players)"),
    ),
    check_combination=_check_options,
    state_class=WattenState,
    max_actions=20_000,
    variants=(
        {"blind": True},
        {"kritische": True, "guate": True},
        {"target_score": 5, "signals": False},
    ),
    computer_players=True,
)
