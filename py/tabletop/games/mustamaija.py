"""Mustamaija: Finnish multiple-attack beating game; the last player holding cards loses.

Source: the Japanese blog article on the game (a Japanese translation of pagat.com's Mustamaija page, 2009), as decided by the design's
rules file for this game, which settles what the article leaves open. In this repository:
its worked examples in tests/vectors/mustamaija.json, its rules for players in
static/rules/mustamaija.json.

Rules in brief
    52 cards (or 32: 7-A), A high. Five cards each (three with ``hand_size: 3``), dealt one at a
    time from the dealer's left; the rest is the talon. Each exchange has one attacker and one
    defender (the next seat clockwise that has cards); the first attacker is the dealer's left.
    The attacker puts one or more cards of one suit on the table, one ``add`` at a time, and
    commits them with ``attack`` (once the talon is empty, never more cards than the defender
    holds), then refills to the hand size. The defender beats any of them, one pair per ``beat``
    (a higher card of the suit, or any trump against a non-trump); beaten pairs leave the game.
    The defence ends by itself when every attack card is beaten (the defender attacks next) or
    with ``take``, which picks up the rest (the seat after the defender attacks next). Then the
    defender refills. When the talon is empty, a seat without cards is out; the last seat with
    cards loses: it always holds the queen of spades (QS, the Mustamaija), which can never be
    beaten and beats nothing.
    Trumps (``trump_mode``): ``turn_up`` turns the first non-spade of the talon right after the
    first attack is committed (turned spades go back into the middle, the trump card to the
    bottom, face up); ``diamonds`` fixes diamonds; ``marriage`` starts without trumps until a
    seat about to act shows the K and Q of a non-spade suit with ``declare X``.
    ``end_at_first_out`` stops at the first out, whose seat wins.

Action notation
    ``add C`` (one card of the pending attack), ``attack`` (commit it), ``beat A:B`` (attack
    card A beaten by hand card B), ``take``, ``declare H|D|C`` (marriage mode only).
    Cards are rank+suit codes, ranks ``23456789TJQKA``, suits ``SHDC``. ``legal_actions`` lists
    ``add``s (deck order: spades, hearts, diamonds, clubs, each 2 up to A), then ``attack``; or
    ``beat``s (by attack card, then beater, in deck order), then ``take``; then any ``declare``.

View (``view(seat)``)
    ``hand`` (own only), ``hand_counts``, ``known_cards`` (per seat: the cards everyone knows
    are in that hand: picked-up attack cards, the drawn trump card or a drawn turned spade, a
    declared K and Q), ``attacker``/``defender`` (of the exchange now on), ``attack`` (null
    before the first attack, else the current or last attack: its ``attacker`` and
    ``defender``, ``status`` -- ``building``, ``defending``, ``defended`` (all beaten) or
    ``taken`` (the unbeaten cards were picked up) -- and ``cards``, ``[card, beaten_by]`` in the
    order added, ``beaten_by`` null while unbeaten; a finished attack stays shown until the
    next attacker adds its first card), ``table`` (unbeaten attack cards), ``attack_limit``
    (most cards the attack may have while it is built, null while the talon has cards),
    ``talon_count``, ``trump``, ``trump_card`` with ``trump_card_in_talon`` (face up under the
    talon) and ``trump_card_drawn_by``, ``turned_spades``, ``declared_by``, ``discard_count``,
    ``out_order`` (seats out, in order), ``to_move`` and the seat's ``legal_actions``. At the
    end: every hand (``hands``), ``maija_holder`` (the seat holding QS), ``summary`` (per
    seat: ``outcome``, ``cards_left`` and ``reasons`` as codes, e.g. ``{"code": "out_place",
    "params": {"place": 1}}``) and ``result``.

Decisions beyond the rules file
    - With 7 or 8 players and no ``hand_size`` given, the hand size defaults to 3 (the only
      size allowed there); an explicit ``hand_size: 5`` with 7-8 players is refused.
    - Explicit setup: ``stock`` may be left out (empty talon); hands may exceed the hand size.
    - Every hand is shown when the game is over (with ``end_at_first_out`` others still hold cards).
    - A turned spade's place in the talon is public (the rules fix it), so whoever draws a turned
      spade or the face-up trump card is publicly known to hold it (``known_cards``).
    - The last finished attack (with its beaters and whether it was taken) stays in the view until
      the next attacker adds its first card, as ``beaten`` does in the rules' state keys; there is
      no longer history (what was picked up is kept in ``known_cards``).

Engine notes
    The deal is shuffled with ``SmallRandom`` (SplitMix64, a one-number state) instead of the
    Mersenne Twister: cloning and comparing the Twister's 625-number state dominated the cost of
    this many-action game in bots and in the conformance harness. ``clone`` and
    ``GAME.from_json`` are overridden for it; ``to_json`` is the shared one.
"""

from __future__ import annotations

import random

from ..cards import deck
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

SUITS = "SHDC"
RANKS = "23456789TJQKA"
PACK = deck(RANKS, SUITS)
PACK32 = deck("789TJQKA", SUITS)
ORDER = {card: i for i, card in enumerate(PACK)}
PACK_SET = {52: frozenset(PACK), 32: frozenset(PACK32)}
RANK_VALUE = {r: i for i, r in enumerate(RANKS)}
MAIJA = "QS"
SUIT_PLURAL = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_ONE = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
DECLARABLE = ("H", "D", "C")


# What an explicit setup and a saved state may hold (tabletop.reader): anything else is refused.
# Setup: every hand holds at least one card; cards not listed are out of play (rules §3).
SETUP = Fields({"hands": PerSeat(Cards(lo=1))}, optional={"dealer": Seat(), "stock": Cards()})
STATE = Fields(
    {
        "dealer": Seat(),
        "hands": PerSeat(Cards(ordered=True)),
        "talon": Cards(),
        "known": PerSeat(Cards(counted=False)),
        "attacker": Seat(),
        "defender": Seat(),
        "table": Cards(),
        "attack": Cards(counted=False),
        "beaten": List(Tuple(Card(), Card()), 0, 26),
        "trump": Opt(Choice(*DECLARABLE)),
        "trump_card": Opt(Card(counted=False)),
        "trump_fixed": Bool(),
        "turned": Cards(counted=False),
        "trump_card_drawn_by": Opt(Seat()),
        "declared_by": Opt(Seat()),
        "discard_count": Int(0, 52),
        "out_order": List(Seat(), 0, 7),
        "attack_seats": Opt(Tuple(Seat(), Seat())),
        "out_of_play": Cards(ordered=True),
        "loser": Opt(Seat()),
        "winner": Opt(Seat()),
    }
)


MASK64 = (1 << 64) - 1
MASK32 = (1 << 32) - 1


class SmallRandom(random.Random):
    """A seeded generator whose whole state is one 64-bit number (SplitMix64).

    Used instead of the Mersenne Twister only because the conformance harness, ``clone`` (bots)
    and ``to_json`` copy and compare the generator's state at every step, and the Twister's 625
    numbers made that most of this long game's cost. Pure integer arithmetic: the same seed
    deals the same cards in CPython and in Pyodide. ``getstate()`` is ``(VERSION, (hi, lo), None)``
    with two 32-bit halves, so a saved state survives a trip through JavaScript numbers.
    """

    VERSION = "splitmix64"

    def seed(self, a=None, version=2):
        self._state = int(a or 0) & MASK64
        self.gauss_next = None

    def _next64(self):
        self._state = z = (self._state + 0x9E3779B97F4A7C15) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def getrandbits(self, k):
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        out, bits = 0, 0
        while bits < k:
            out = (out << 64) | self._next64()
            bits += 64
        return out >> (bits - k)

    def random(self):
        return (self._next64() >> 11) * (1.0 / (1 << 53))

    def getstate(self):
        return (self.VERSION, (self._state >> 32, self._state & MASK32), None)

    def setstate(self, state):
        try:
            version, (hi, lo), _ = state
            ok = version == self.VERSION and all(
                isinstance(x, int) and 0 <= x <= MASK32 for x in (hi, lo)
            )
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise ValueError(f"not a {self.VERSION} generator state: {state!r}")
        self._state = (hi << 32) | lo

    @classmethod
    def restored(cls, state):
        rng = cls.__new__(cls)
        rng.gauss_next = None
        rng.setstate(state)
        return rng


def ordinal(n):
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def _reason(code, **params):
    """A reason as views carry it: a code the page words in the player's language, with params."""
    return {"code": code, "params": params}


def beats(beater, attack, trump):
    """True if ``beater`` beats attack card ``attack`` (QS beats nothing and is never beaten)."""
    if beater == MAIJA or attack == MAIJA:
        return False
    if beater[-1] == attack[-1]:
        return RANK_VALUE[beater[:-1]] > RANK_VALUE[attack[:-1]]
    return trump is not None and beater[-1] == trump and attack[-1] != trump


def _sorted(cards):
    return sorted(cards, key=ORDER.__getitem__)


class MustamaijaState(GameState):
    # Not every card is kept: beaten pairs leave the game face down (only ``discard_count`` and the
    # last defence's ``beaten`` remain), so check_invariants counts them.
    STATE, CARDS = STATE, ORDER

    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        n = self.players
        opts = self.options
        size = opts["hand_size"]
        # The only randomness of a deal is this shuffle; see SmallRandom for why not the Twister.
        self.rng = SmallRandom(self.d["seed"])
        if setup is None:
            dealer = 0
            cards = list(PACK if opts["deck"] == 52 else PACK32)
            self.rng.shuffle(cards)
            hands = [[] for _ in range(n)]
            for i in range(n * size):
                hands[(dealer + 1 + i) % n].append(cards[i])
            stock = cards[n * size :]
        else:
            deck_cards = PACK if opts["deck"] == 52 else PACK32
            ctx = Ctx("mustamaija", n, {card: ORDER[card] for card in deck_cards})
            check(setup, SETUP, ctx, "setup")
            conserve(ctx)
            if MAIJA not in {card for card, _ in ctx.found}:
                raise ValueError("mustamaija: setup: the queen of spades (QS) must be in play")
            dealer = setup.get("dealer", 0)
            hands = [list(h) for h in setup["hands"]]
            stock = list(setup.get("stock", []))
        in_play = {c for h in hands for c in h}.union(stock)
        out_of_play = [c for c in (PACK if opts["deck"] == 52 else PACK32) if c not in in_play]
        first = (dealer + 1) % n
        self.d.update(
            {
                "phase": "attack",
                "dealer": dealer,
                "hands": [_sorted(h) for h in hands],
                "talon": stock,
                "known": [[] for _ in range(n)],
                "attacker": first,
                "defender": (first + 1) % n,
                "table": [],
                "attack": [],
                "beaten": [],
                "trump": "D" if opts["trump_mode"] == "diamonds" else None,
                "trump_card": None,
                "trump_fixed": opts["trump_mode"] != "turn_up",
                "turned": [],
                "trump_card_drawn_by": None,
                "declared_by": None,
                "discard_count": 0,
                "out_order": [],
                "attack_seats": None,
                "out_of_play": out_of_play,
                "loser": None,
                "winner": None,
            }
        )

    def copy_rng(self):
        return SmallRandom.restored(self.rng.getstate())

    @classmethod
    def rng_from_json(cls, slug, saved):
        return _small_random_from_json(slug, saved)

    # -- helpers ------------------------------------------------------------------------------
    def _next_with_cards(self, start):
        """The first seat from ``start`` clockwise (``start`` included) that has cards."""
        hands, n = self.d["hands"], self.players
        for step in range(n):
            seat = (start + step) % n
            if hands[seat]:
                return seat
        raise AssertionError("nobody holds cards")

    def _limit(self):
        """Most cards the attack may have: the defender's hand while the talon is empty."""
        d = self.d
        return None if d["talon"] else len(d["hands"][d["defender"]])

    def _refill(self, seat):
        d = self.d
        hand, talon = d["hands"][seat], d["talon"]
        drew = False
        while len(hand) < self.options["hand_size"] and talon:
            card = talon.pop(0)
            hand.append(card)
            drew = True
            if card == d["trump_card"]:
                d["trump_card_drawn_by"] = seat
                d["known"][seat].append(card)
            elif card in d["turned"]:
                d["known"][seat].append(card)
        if drew:
            hand.sort(key=ORDER.__getitem__)

    def _remove_from_hand(self, seat, card):
        d = self.d
        d["hands"][seat].remove(card)
        if card in d["known"][seat]:
            d["known"][seat].remove(card)

    def _declare_choices(self, seat):
        d = self.d
        if self.options["trump_mode"] != "marriage" or d["trump"] is not None:
            return []
        if d["phase"] == "attack" and d["table"]:
            return []
        if d["phase"] == "defend" and d["beaten"]:
            return []
        hand = d["hands"][seat]
        return [s for s in DECLARABLE if "K" + s in hand and "Q" + s in hand]

    def _check_declare(self, seat, args):
        d = self.d
        if len(args) != 1 or args[0] not in SUIT_PLURAL:
            raise IllegalAction(
                "declare_which_suit", "declare one suit: declare H, declare D or declare C"
            )
        suit = args[0]
        mode = self.options["trump_mode"]
        if mode == "turn_up":
            raise IllegalAction(
                "no_declaring_turn_up",
                "nobody declares in this game: trumps are turned up from the talon",
            )
        if mode == "diamonds":
            raise IllegalAction(
                "no_declaring_diamonds", "nobody declares in this game: diamonds are always trumps"
            )
        if d["trump"] is not None:
            raise IllegalAction(
                "trumps_already_declared",
                f"trumps already declared: {SUIT_PLURAL[d['trump']]}",
                suit=d["trump"],
            )
        if suit == "S":
            raise IllegalAction("spades_never_trumps", "spades can never be trumps")
        if d["phase"] == "attack" and d["table"]:
            raise IllegalAction(
                "declare_before_first_add", "declare only before the first add of your attack"
            )
        if d["phase"] == "defend" and d["beaten"]:
            raise IllegalAction(
                "declare_before_first_beat", "declare only before the first beat of your defence"
            )
        hand = d["hands"][seat]
        if "K" + suit not in hand or "Q" + suit not in hand:
            raise IllegalAction("no_marriage", f"seat {seat} holds no K{suit}+Q{suit}", suit=suit)
        return suit

    def _declare(self, seat, suit):
        d = self.d
        d["trump"] = suit
        d["declared_by"] = seat
        for card in ("K" + suit, "Q" + suit):
            if card not in d["known"][seat]:
                d["known"][seat].append(card)

    def _card_arg(self, card):
        if card not in PACK_SET[self.options["deck"]]:
            raise IllegalAction(
                "unknown_card", f"{card!r} is not a card of this game", text=card[:12]
            )
        return card

    # -- whose turn -----------------------------------------------------------------------------
    def movers_attack(self):
        return [self.d["attacker"]]

    def movers_defend(self):
        return [self.d["defender"]]

    def apply(self, seat, action):
        if (
            self._is_seat(seat)
            and not self.is_over()
            and isinstance(action, str)
            and action.split()
            and seat not in self.to_move()
        ):
            d = self.d
            if d["phase"] == "attack" and seat == d["defender"]:
                raise IllegalAction(
                    "attack_not_committed",
                    f"the attack is not committed yet: seat {seat} cannot act",
                    seat=d["attacker"],
                )
            actor = self.to_move()[0]
            if d["phase"] == "attack":
                raise IllegalAction(
                    "attacker_to_act",
                    f"it is not seat {seat}'s turn: seat {actor} is attacking",
                    seat=actor,
                )
            raise IllegalAction(
                "defender_to_act",
                f"it is not seat {seat}'s turn: seat {actor} is defending",
                seat=actor,
            )
        return super().apply(seat, action)

    # -- legal actions ------------------------------------------------------------------------
    def legal_attack(self, seat):
        d = self.d
        hand, table = d["hands"][seat], d["table"]
        limit = self._limit()
        out = []
        if limit is None or len(table) < limit:
            if table:
                suit = table[0][-1]
                out = ["add " + c for c in hand if c[-1] == suit]
            else:
                out = ["add " + c for c in hand]
        if table:
            out.append("attack")
        else:
            out.extend("declare " + s for s in self._declare_choices(seat))
        return out

    def legal_defend(self, seat):
        d = self.d
        hand, trump = d["hands"][seat], d["trump"]
        out = [
            "beat " + a + ":" + b for a in _sorted(d["table"]) for b in hand if beats(b, a, trump)
        ]
        out.append("take")
        out.extend("declare " + s for s in self._declare_choices(seat))
        return out

    # -- applying -----------------------------------------------------------------------------
    def apply_attack(self, seat, verb, args):
        d = self.d
        if verb == "add":
            if len(args) != 1:
                raise IllegalAction(
                    "wrong_card_count",
                    "one card per add, e.g. 'add 7C'" if args else "add one card, e.g. 'add 7C'",
                    n=1,
                    given=len(args),
                )
            card = self._card_arg(args[0])
            hand, table = d["hands"][seat], d["table"]
            if card not in hand:
                raise IllegalAction("not_in_hand", f"you do not hold {card}", cards=[card])
            if table and card[-1] != table[0][-1]:
                lead = table[0][-1]
                limit = self._limit()
                if limit is not None and len(table) >= limit:
                    raise IllegalAction(
                        "mixed_suits_and_limit",
                        f"mixed suits: {card} is not a {SUIT_ONE[lead]} "
                        f"(seat {d['defender']} also holds only {limit} card{'s' if limit != 1 else ''})",
                        card=card,
                        suit=lead,
                        seat=d["defender"],
                        n=limit,
                    )
                raise IllegalAction(
                    "mixed_suits",
                    f"mixed suits: {card} is not a {SUIT_ONE[lead]}",
                    card=card,
                    suit=lead,
                )
            limit = self._limit()
            if limit is not None and len(table) >= limit:
                raise IllegalAction(
                    "attack_limit",
                    f"a {ordinal(len(table) + 1)} attack card, but the defender holds "
                    f"{limit} and the talon is empty",
                    seat=d["defender"],
                    n=limit,
                )
            if not table:
                d["beaten"] = []
                d["attack"] = []
                d["attack_seats"] = [seat, d["defender"]]
            self._remove_from_hand(seat, card)
            table.append(card)
            d["attack"].append(card)
            return
        if verb == "attack":
            if args:
                raise IllegalAction(
                    "attack_takes_no_cards",
                    "attack takes no cards: put them on the table one by one "
                    "with 'add', then say 'attack'",
                )
            if not d["table"]:
                raise IllegalAction(
                    "nothing_added", "nothing added yet: add at least one card, then attack"
                )
            if not d["trump_fixed"]:
                self._fix_trump()
            self._refill(seat)
            d["phase"] = "defend"
            return
        if verb == "declare":
            suit = self._check_declare(seat, args)
            self._declare(seat, suit)
            return
        if verb in ("beat", "take"):
            raise IllegalAction("you_are_attacking", "you are attacking: add cards, then attack")
        marriage = self.options["trump_mode"] == "marriage"
        raise IllegalAction(
            "wrong_move",
            f"unknown move {verb!r}: use add, attack" + (" or declare" if marriage else ""),
            verb=verb[:20],
            verbs=["add", "attack"] + (["declare"] if marriage else []),
        )

    def _fix_trump(self):
        """The turn-up procedure of the rules (section 3), run once after the first attack."""
        d = self.d
        d["trump_fixed"] = True
        talon = d["talon"]
        index = next((i for i, c in enumerate(talon) if c[-1] != "S"), None)
        if index is None:
            return
        spades, card, rest = talon[:index], talon[index], talon[index + 1 :]
        k = len(rest) // 2
        d["talon"] = rest[:k] + spades + rest[k:] + [card]
        d["trump_card"] = card
        d["trump"] = card[-1]
        d["turned"] = list(spades)

    def apply_defend(self, seat, verb, args):
        d = self.d
        if verb == "beat":
            if len(args) != 1:
                raise IllegalAction(
                    "one_pair_per_beat",
                    "one pair per beat, e.g. 'beat 9H:TH'"
                    if args
                    else "name one pair: 'beat attack_card:your_card', e.g. 'beat 9H:TH'",
                )
            pair = args[0].split(":")
            if len(pair) != 2:
                raise IllegalAction(
                    "not_a_pair",
                    f"{args[0]!r} is not a pair: write attack_card:your_card, e.g. 9H:TH",
                    text=args[0][:12],
                )
            attack, beater = self._card_arg(pair[0]), self._card_arg(pair[1])
            if attack not in d["table"]:
                if any(a == attack for a, _ in d["beaten"]):
                    raise IllegalAction(
                        "already_beaten", f"{attack} is already beaten", card=attack
                    )
                raise IllegalAction(
                    "not_on_table", f"{attack} is not an attack card on the table", card=attack
                )
            if beater not in d["hands"][seat]:
                raise IllegalAction("not_in_hand", f"you do not hold {beater}", cards=[beater])
            trump = d["trump"]
            if not beats(beater, attack, trump):
                raise self._why_not(beater, attack, trump)
            self._remove_from_hand(seat, beater)
            d["table"].remove(attack)
            d["beaten"].append([attack, beater])
            d["discard_count"] += 2
            if not d["table"]:
                self._end_defence(taken=[])
            return
        if verb == "take":
            if args:
                raise IllegalAction(
                    "takes_no_arguments",
                    "take takes no cards: it picks up every unbeaten attack card",
                    verb="take",
                )
            taken = list(d["table"])
            hand = d["hands"][seat]
            hand.extend(taken)
            hand.sort(key=ORDER.__getitem__)
            d["known"][seat].extend(taken)
            d["table"] = []
            self._end_defence(taken=taken)
            return
        if verb == "declare":
            suit = self._check_declare(seat, args)
            self._declare(seat, suit)
            return
        if verb in ("add", "attack"):
            raise IllegalAction("you_are_defending", "you are defending: beat attack cards or take")
        marriage = self.options["trump_mode"] == "marriage"
        raise IllegalAction(
            "wrong_move",
            f"unknown move {verb!r}: use beat or take" + (" (or declare)" if marriage else ""),
            verb=verb[:20],
            verbs=["beat", "take"] + (["declare"] if marriage else []),
        )

    @staticmethod
    def _why_not(beater, attack, trump):
        """The refusal of a beat that does not beat: what would have beaten ``attack``."""
        if attack == MAIJA:
            return IllegalAction("maija_unbeatable", "QS cannot be beaten")
        if beater == MAIJA:
            return IllegalAction("maija_beats_nothing", "QS beats nothing")
        if trump is not None and attack[-1] == trump:
            return IllegalAction(
                "only_higher_trump",
                f"{SUIT_PLURAL[trump]} are trumps: only a higher {SUIT_ONE[trump]} beats {attack}",
                suit=trump,
                attack_card=attack,
            )
        if beater[-1] == attack[-1]:
            return IllegalAction(
                "lower_card", f"{beater} does not beat {attack}", card=beater, attack_card=attack
            )
        if trump is None:
            return IllegalAction(
                "no_trumps_yet",
                f"no trumps: {beater} does not beat {attack}",
                card=beater,
                attack_card=attack,
                suit=attack[-1],
            )
        return IllegalAction(
            "higher_or_trump",
            f"{beater} does not beat {attack}: beat it with a higher {SUIT_ONE[attack[-1]]} or a trump",
            card=beater,
            attack_card=attack,
            suit=attack[-1],
            trump_suit=trump,
        )

    def _end_defence(self, taken):
        d = self.d
        attacker, defender = d["attacker"], d["defender"]
        self._refill(defender)
        gone = []
        if not d["talon"]:
            for seat in (attacker, defender):
                if not d["hands"][seat]:
                    d["out_order"].append(seat)
                    gone.append(seat)
        holders = [s for s in range(self.players) if d["hands"][s]]
        if self.options["end_at_first_out"] and gone:
            d["winner"] = gone[0]
            d["phase"] = "over"
            return
        if not d["talon"] and len(holders) == 1:
            d["loser"] = holders[0]
            d["phase"] = "over"
            return
        start = defender if not taken else (defender + 1) % self.players
        new_attacker = self._next_with_cards(start)
        d["attacker"] = new_attacker
        d["defender"] = self._next_with_cards((new_attacker + 1) % self.players)
        d["phase"] = "attack"

    # -- checking a saved state -----------------------------------------------------------------
    def check_invariants(self):
        """A saved state's parts agree: the cards with the deck (every card in play, out of play or
        discarded, once), public cards with what each hand is known to hold, the trumps with the
        trump mode, the attack with the phase, and the seats out with the hands and the end."""
        d = self.d
        opts = self.options
        hands, talon, table = d["hands"], d["talon"], d["table"]

        def fail(why):
            raise ValueError(f"mustamaija: {why}")

        # Cards: of the deck in use; those in play, out of play and discarded make the deck once.
        pack = PACK_SET[opts["deck"]]
        beaten = [c for pair in d["beaten"] for c in pair]
        named = (
            [c for h in hands for c in h]
            + talon
            + table
            + beaten
            + d["out_of_play"]
            + d["attack"]
            + d["turned"]
            + [c for k in d["known"] for c in k]
            + ([d["trump_card"]] if d["trump_card"] else [])
        )
        if not set(named) <= pack:
            fail(f"a card of the state is not in the {opts['deck']}-card deck")
        kept = sum(map(len, hands)) + len(talon) + len(table) + len(d["out_of_play"])
        if (
            d["discard_count"] % 2
            or d["discard_count"] < len(beaten)
            or kept + d["discard_count"] != len(pack)
        ):
            fail("the cards in play, out of play and discarded do not make the deck")
        if not any(MAIJA in place for place in (*hands, talon, table)):
            fail("the queen of spades has left the game")
        # Public cards: whoever holds a card everyone saw is known to hold it.
        public = set(d["turned"]) | ({d["trump_card"]} if d["trump_card"] else set())
        for seat, hand in enumerate(hands):
            if not set(d["known"][seat]) <= set(hand) or not set(hand) & public <= set(
                d["known"][seat]
            ):
                fail(f"what seat {seat} is known to hold does not agree with its hand")
        # Trumps.
        mode = opts["trump_mode"]
        if any(c[-1] != "S" for c in d["turned"]):
            fail("a turned card that was not a spade was set aside")
        if mode == "diamonds" and (
            d["trump"] != "D" or not d["trump_fixed"] or d["trump_card"] or d["turned"]
        ):
            fail("diamonds are trumps from the start and nothing is turned")
        if mode != "marriage" and d["declared_by"] is not None:
            fail("only the marriage mode has declarations")
        if mode == "marriage" and (
            not d["trump_fixed"]
            or d["trump_card"]
            or d["turned"]
            or (d["trump"] is None) != (d["declared_by"] is None)
        ):
            fail("in the marriage mode trumps are declared, never turned")
        if mode == "turn_up":
            if not d["trump_fixed"]:
                if (
                    d["trump"]
                    or d["trump_card"]
                    or d["turned"]
                    or d["discard_count"]
                    or d["phase"] != "attack"
                    or d["attack"] != table
                ):
                    fail("trumps are turned up when the first attack is committed")
            elif (d["trump"] is None) != (d["trump_card"] is None) or (
                d["trump_card"] is not None and d["trump"] != d["trump_card"][-1]
            ):
                fail("the trump suit is not the suit of the trump card")
        drawn_by = d["trump_card_drawn_by"]
        if d["trump_card"] is None and drawn_by is not None:
            fail("a trump card was drawn that was never turned")
        if d["trump_card"] is not None and (drawn_by is None) != (talon[-1:] == [d["trump_card"]]):
            fail("the trump card lies under the talon until it is drawn")
        self._check_seats_and_attack()

    def _check_seats_and_attack(self):
        d = self.d
        n = self.players
        over = d["phase"] == "over"
        hands, talon, table = d["hands"], d["talon"], d["table"]
        out = d["out_order"]

        def fail(why):
            raise ValueError(f"mustamaija: {why}")

        # Seats out: only once the talon is gone, each once, with no cards.
        if len(set(out)) != len(out) or any(hands[s] for s in out) or (out and talon):
            fail("the seats out are not seats without cards after the talon was gone")
        holders = [s for s in range(n) if hands[s]]
        if over:
            if table:
                fail("the game ended in the middle of an attack")
            if self.options["end_at_first_out"]:
                if not out or d["winner"] != out[0] or d["loser"] is not None:
                    fail("the first seat out wins, and only then does the game end")
            elif d["winner"] is not None or talon or holders != [d["loser"]]:
                fail("the game ends with the talon gone and one seat holding cards: the loser")
            return
        if d["winner"] is not None or d["loser"] is not None:
            fail("a winner or loser while the game goes on")
        if self.options["end_at_first_out"] and out:
            fail("the game goes on after the first seat went out")
        attacker, defender = d["attacker"], d["defender"]
        if attacker == defender or attacker in out or defender in out or len(out) > n - 2:
            fail("the attacker and the defender are two seats still in")
        between = [(attacker + k) % n for k in range(1, (defender - attacker) % n)]
        if any(s not in out for s in between):
            fail("the defender is not the next seat in after the attacker")
        if any(not hands[s] and s not in out and s not in (attacker, defender) for s in range(n)):
            fail("a seat without cards is neither out nor in the exchange")
        # The attack: built in the attack phase, being beaten in the defend phase, else the last one.
        attack, beaten = d["attack"], d["beaten"]
        if any(not beats(b, a, d["trump"]) or a not in attack for a, b in beaten):
            fail("a beaten pair is not a card of the attack and its beater")
        if len({"S" if c == MAIJA else c[-1] for c in attack}) > 1:
            fail("the attack mixes suits")
        if d["attack_seats"] is None:
            if attack or beaten or table or d["discard_count"]:
                fail("an attack was made, but by nobody")
            return
        if d["phase"] == "defend" or table:
            if d["attack_seats"] != [attacker, defender]:
                fail("the attack on the table is not this exchange's")
            if sorted(table + [a for a, _ in beaten], key=ORDER.__getitem__) != sorted(
                attack, key=ORDER.__getitem__
            ):
                fail("the attack cards are not those on the table and those beaten")
        if d["phase"] == "defend" and not table:
            fail("a defence with nothing left to beat has ended")
        if d["phase"] == "attack" and table:
            if beaten or table != attack:
                fail("the attack being built is not the cards on the table")
            limit = self._limit()
            if limit is not None and len(table) > limit:
                fail("the attack has more cards than the defender holds, with the talon gone")
        if d["phase"] == "attack" and not table:
            taken = set(attack) - {a for a, _ in beaten}
            if not attack or not taken <= set(d["known"][d["attack_seats"][1]]):
                fail("the last attack's cards are neither beaten nor picked up")

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        return {
            "loser": d["loser"],
            "winner": d["winner"],
            "out_order": list(d["out_order"]),
            "trump": d["trump"],
        }

    def standing(self):
        """The rules name one loser (last), the others sharing first place; with
        ``end_at_first_out`` one winner (first), the others sharing last place. No points."""
        d = self.d
        if d["winner"] is not None:
            return Standing(keys=[1 if s == d["winner"] else 0 for s in range(self.players)])
        return Standing(keys=[0 if s == d["loser"] else 1 for s in range(self.players)])

    def snapshot(self):
        snap = super().snapshot()
        snap["hand_counts"] = [len(h) for h in self.d["hands"]]
        snap["talon_count"] = len(self.d["talon"])
        return snap

    def _maija_holder(self):
        for seat, hand in enumerate(self.d["hands"]):
            if MAIJA in hand:
                return seat
        return None

    def _summary(self):
        """Per seat at the end: outcome, cards left and the reasons as codes the page words
        (out_place with place, first_out_wins, left_with_maija, still_holding with n, holds_maija)."""
        d = self.d
        out = []
        for seat in range(self.players):
            cards = len(d["hands"][seat])
            reasons = []
            if seat in d["out_order"]:
                reasons.append(_reason("out_place", place=d["out_order"].index(seat) + 1))
                outcome = "winner" if d["winner"] == seat else "out"
                if outcome == "winner":
                    reasons.append(_reason("first_out_wins"))
            elif d["loser"] == seat:
                outcome = "loser"
                reasons.append(_reason("left_with_maija"))
            else:
                outcome = "in"
                reasons.append(_reason("still_holding", n=cards))
                if MAIJA in d["hands"][seat]:
                    reasons.append(_reason("holds_maija"))
            out.append({"seat": seat, "outcome": outcome, "cards_left": cards, "reasons": reasons})
        return out

    def observe(self, seat):
        d = self.d
        over = self.is_over()
        trump_card = d["trump_card"]
        in_talon = trump_card is not None and d["trump_card_drawn_by"] is None
        attack = None
        if d["attack_seats"] is not None:
            beaten_by = dict(d["beaten"])
            if d["phase"] == "defend":
                status = "defending"
            elif d["table"] and d["phase"] == "attack":
                status = "building"
            else:
                status = "defended" if len(beaten_by) == len(d["attack"]) else "taken"
            attack = {
                "attacker": d["attack_seats"][0],
                "defender": d["attack_seats"][1],
                "status": status,
                "cards": [[c, beaten_by.get(c)] for c in d["attack"]],
            }
        v = {
            "dealer": d["dealer"],
            "attacker": d["attacker"],
            "defender": d["defender"],
            "hand_counts": [len(h) for h in d["hands"]],
            "known_cards": [_sorted(k) for k in d["known"]],
            "attack": attack,
            "table": list(d["table"]),
            "attack_limit": self._limit() if d["phase"] == "attack" else None,
            "talon_count": len(d["talon"]),
            "trump": d["trump"],
            "trump_card": trump_card,
            "trump_card_in_talon": in_talon,
            "trump_card_drawn_by": d["trump_card_drawn_by"],
            "turned_spades": list(d["turned"]),
            "declared_by": d["declared_by"],
            "discard_count": d["discard_count"],
            "out_order": list(d["out_order"]),
        }
        if seat is not None:
            v["hand"] = list(d["hands"][seat])
        if over:
            v["hands"] = [list(h) for h in d["hands"]]
            v["maija_holder"] = self._maija_holder()
            v["summary"] = self._summary()
        return v

    def hidden_cards(self, seat):
        """Cards in other hands that nobody saw go there, the talon's hidden cards, cards out of play.

        Every card whose face was shown to all (attack cards, beaters, turned cards, a declared
        K and Q) is either out of the game, in the talon at its public place, or in a hand's
        ``known`` list, so it is not hidden.
        """
        d = self.d
        hidden = set(d["out_of_play"])
        if self.is_over():
            return hidden
        public = set(d["turned"])
        public.add(d["trump_card"])
        hidden.update(c for c in d["talon"] if c not in public)
        for other, hand in enumerate(d["hands"]):
            if other != seat:
                known = d["known"][other]
                hidden.update(c for c in hand if c not in known)
        return hidden

    def all_cards(self):
        return list(PACK if self.options["deck"] == 52 else PACK32)


def _small_random_from_json(slug, saved):
    """A SmallRandom from ``to_json``'s ``["splitmix64", [hi, lo], null]``, checked."""
    if (
        not isinstance(saved, list)
        or len(saved) != 3
        or saved[0] != SmallRandom.VERSION
        or saved[2] is not None
        or not isinstance(saved[1], list)
        or len(saved[1]) != 2
        or not all(type(x) is int and 0 <= x <= MASK32 for x in saved[1])
    ):
        raise ValueError(
            f"{slug}: corrupt random generator state (not a {SmallRandom.VERSION} state)"
        )
    return SmallRandom.restored((saved[0], tuple(saved[1]), None))


def _check_combination(options, players):
    if players is not None and options["hand_size"] == 5 and players > 6:
        raise ValueError(
            f"mustamaija: {players} players need hand_size 3 (5-card hands allow 2 to 6 players)"
        )


MustamaijaState.info = GAME = GameInfo(
    slug="mustamaija",
    title="Mustamaija",
    min_players=2,
    max_players=8,
    default_players=4,
    options=(
        Option(
            "hand_size",
            5,
            "choice",
            "cards in hand and refill target (3 allows up to 8 players; "
            "3 is the default with 7-8 players)",
            choices=(5, 3),
            default_for=lambda players: 3 if players > 6 else 5,
        ),
        Option(
            "trump_mode",
            "turn_up",
            "choice",
            "turn_up: first non-spade of the talon after the first "
            "attack; diamonds: always diamonds; marriage: first K+Q declaration",
            choices=("turn_up", "diamonds", "marriage"),
        ),
        Option("deck", 52, "choice", "52 cards, or 32 (7 to A)", choices=(52, 32)),
        Option(
            "end_at_first_out",
            False,
            "bool",
            "stop when the first player goes out; that player wins",
        ),
    ),
    state_class=MustamaijaState,
    check_combination=_check_combination,
    max_actions=5_000,
    variants=(
        {"hand_size": 3, "trump_mode": "diamonds"},
        {"hand_size": 3, "trump_mode": "marriage"},
        {"trump_mode": "marriage"},
        {"deck": 32},
        {"end_at_first_out": True},
        {"hand_size": 3},
    ),
    computer_players=True,
)
