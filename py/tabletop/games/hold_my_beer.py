"""Hold My Beer: three-player tarot trick-taking in which you predict your finishing place.

Source: the Japanese blog article on the game (a blog translation of the designer's rules on BGG, 2024-01-01), as decided by the design's
rules file for this game, which settles what the article leaves open. In this repository:
its worked examples in tests/vectors/hold_my_beer.json, its rules for players in
static/rules/hold_my_beer.json.

Rules in brief
    54 cards: four suits K Q N(cavalier) J T 9 8 7 and 22 trumps TR1..TR21 plus the Fool (the
    highest trump). 18 cards each; phase ``discard``: everyone puts one card face down into the
    talon (3 cards); phase ``bid``: everyone secretly predicts its place 1, 2 or 3 (revealed
    together). Phase ``play``: 17 tricks, must follow, else must trump, and must beat the highest
    trump in the trick when able (also when trumps are led). The Fool may always be played, is
    never compulsory and always wins its trick. After a trick: the winner gains a game point for
    each bird (TR1-TR3) played into it by another player; a trick won by TR21 pauses in
    ``power21`` (``take`` its card points or ``scrap`` the trick); a trick won by a bird (not the
    last) pauses in ``bird`` (``exchange`` a hand card with a talon card, or ``pass``). The last
    trick's winner also takes the talon's card points. Card points: K 4, Q 3, N 2, J 1, trumps 2,
    Fool -2 (80 in all). Places by competition ranking; a correct prediction of 1 or 3 scores 1,
    of 2 scores 3, plus 1 for every other player who made the same prediction and was wrong. The
    match ends at once when someone has ``target_points`` game points (also mid-game through a
    bird bonus), else after ``max_games`` games; the highest total wins (ties share).

Action notation
    ``discard C``, ``bid 1|2|3``, ``play C``, ``take``, ``scrap``, ``exchange A B`` (one card of
    the hand and one of the talon, either order), ``pass``. Card codes: ``KS QS NS JS TS 9S 8S
    7S`` and the same for ``H D C``, ``TR1`` .. ``TR21``, ``FOOL``; that list is the canonical
    (deck) order of cards inside an action and in views.

View (``view(seat)``)
    Own ``hand``, ``hand_counts``; ``discarded``/``bid_in`` (who has acted, public), own
    ``my_discard`` and ``my_bid``; ``bids`` (all three once revealed, else only the seat's own);
    ``talon_count`` and ``talon`` (the cards when this seat may see them: its own ``bird`` phase,
    option ``talon_face_up``, or the match is over; else null); ``talon_seen`` (talon cards this
    seat has seen or put there this game); ``exchanges`` (who exchanged after which trick, with
    the cards only for the exchanger or when the talon is face up); ``trick`` (``[[seat, card],
    ...]``), ``history`` (this game's finished tricks in the shared shape of tabletop.tricks:
    ``leader``, ``cards`` ``[[seat, card], ...]`` in play order, ``winner``, then ``points``,
    ``bird_bonus`` and ``status`` taken/scrapped/pending), ``card_points``,
    ``game_points``, ``bird_points`` (bird bonuses of this game), ``pending_points`` (during
    ``power21``), ``last_game`` (the last scored game: card points, ranks, bids, prediction
    score, bird points, talon points and taker, and a ``breakdown`` of every seat's game points
    with the reasons as messages ``{"code", "params"}``), ``score_sheet`` (game points gained per game), and once over ``result``,
    every ``hands`` and the ``talon``. ``to_move`` and ``legal_actions`` as always.

Decisions beyond the rules file
    - Game summaries carry numbers and reasons but no card codes: the next deal starts at once
      (the rules file has no pause) and those cards are then in hidden hands. So a game's tricks
      are in the view while it is played, and the last game's when the match is over.
    - A seat remembers the talon cards it has seen (its discard, its bird looks, the cards it
      gave): they are listed in its ``talon_seen`` and are not secret from it afterwards.
    - When the match is over all hands and the talon are shown.
    - If the last game is scored and someone reaches ``target_points`` at the same time,
      ``end_reason`` is ``"target"``.
    - Explicit setup: a deal without ``talon`` needs at least 2 cards per hand (one trick after
      the discard); ``game_number`` may not exceed ``max_games``; ``game_points`` must all be
      below ``target_points`` (else the match would already be over); ``card_points`` are each
      -2 to 82 and, with the points of the cards dealt, at most the pack's 80.
"""

from __future__ import annotations

from ..cards import parse_cards
from ..core import GameInfo, GameState, IllegalAction, Option, Standing
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
    Tuple,
    check,
    conserve,
)
from ..tricks import finished_view, next_seat, trick_view, winning_play

SUITS = "SHDC"
SUIT_RANKS = "KQNJT987"  # deck order (high to low), as the rules file lists the pack
FOOL = "FOOL"
PACK = [r + s for s in SUITS for r in SUIT_RANKS] + [f"TR{i}" for i in range(1, 22)] + [FOOL]
ORDER = {card: i for i, card in enumerate(PACK)}
TRUMP = "T"
SUIT = {c: (TRUMP if c.startswith("TR") or c == FOOL else c[-1]) for c in PACK}
# Strength within its suit (trumps: TR1=1 .. TR21=21, FOOL=22).
VALUE = {
    c: (22 if c == FOOL else int(c[2:]) if c.startswith("TR") else "789TJNQK".index(c[0]))
    for c in PACK
}
POINTS = {
    c: (
        -2
        if c == FOOL
        else 2
        if c.startswith("TR")
        else {"K": 4, "Q": 3, "N": 2, "J": 1}.get(c[0], 0)
    )
    for c in PACK
}
BIRDS = ("TR1", "TR2", "TR3")
TR21 = "TR21"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
PLACE = {1: "1st", 2: "2nd", 3: "3rd"}
DEAL_SIZE = 18
PLAYERS = 3


def _sorted(cards):
    return sorted(cards, key=ORDER.__getitem__)


def _parse(args, count):
    """Card codes of an action in deck order; IllegalAction for a wrong count, unknown or repeated codes."""
    return parse_cards(args, ORDER, count=count)


def highest_trump(trick):
    """Value of the highest trump in a trick ([[seat, card], ...]); the Fool counts 22; 0 if none."""
    best = 0
    for _, card in trick:
        if SUIT[card] == TRUMP and VALUE[card] > best:
            best = VALUE[card]
    return best


def legal_cards(hand, trick):
    """Cards of ``hand`` that may be played to ``trick`` (must follow, trump, overtrump; Fool free)."""
    if not trick:
        return list(hand)
    led = SUIT[trick[0][1]]
    rest = [c for c in hand if c != FOOL]
    if led != TRUMP:
        same = [c for c in rest if SUIT[c] == led]
        if same:
            return same + [FOOL] if FOOL in hand else same
    trumps = [c for c in rest if SUIT[c] == TRUMP]
    if not trumps:
        return list(hand)
    high = highest_trump(trick)
    over = [c for c in trumps if VALUE[c] > high]
    out = over or trumps
    return out + [FOOL] if FOOL in hand else out


def trick_winner(trick):
    """The ``[seat, card]`` winning a full trick: the Fool, else the highest trump, else the led suit."""
    for play in trick:
        if play[1] == FOOL:
            return play
    return winning_play(trick, SUIT.__getitem__, VALUE.__getitem__, trump=TRUMP)


def ranks_of(points):
    """Competition ranking: 1 + number of players with strictly more card points."""
    return [1 + sum(1 for q in points if q > p) for p in points]


def prediction_scores(bids, ranks):
    """Game points for the predictions, and the reasons as messages ``{"code", "params"}``, per seat."""
    scores, reasons = [], []
    for seat, bid in enumerate(bids):
        why = []
        if bid == ranks[seat]:
            base = 3 if bid == 2 else 1
            why.append(_message("prediction_right", bid=bid, place=ranks[seat], n=base))
            extra = 0
            for other, ob in enumerate(bids):
                if other != seat and ob == bid and ob != ranks[other]:
                    extra += 1
                    why.append(_message("same_prediction_wrong", seat=other, bid=bid, n=1))
            scores.append(base + extra)
        else:
            why.append(_message("prediction_wrong", bid=bid, place=ranks[seat]))
            scores.append(0)
        reasons.append(why)
    return scores, reasons


def _message(code, **params):
    """A reason or event for the page to word in the player's language (static/strings/hold_my_beer.json)."""
    return {"code": code, "params": params}


# -- what an explicit setup and a saved state may hold (tabletop.reader) ----------------------------
# Card points: every card but the Fool is worth 0 to 4 (80 in all, the Fool -2); a seat's card
# points in one game lie in [-2, 82]; a setup that starts late in a game (``card_points``) can
# leave a seat at -2 that then takes the Fool again, and two seats at -4 leave 88 for the third.
SETUP_CARD_POINTS = Int(-2, 82)
CARD_POINTS = Int(-4, 88)
GAME_POINTS = Int(0, 999 + 8)  # below the target (at most 999) before a game, + at most 8 in one
BID = Choice(1, 2, 3)
DEAL = Fields(
    {"hands": PerSeat(Cards(hi=DEAL_SIZE))}, optional={"talon": Cards(n=3), "bids": PerSeat(BID)}
)
SETUP = Fields(
    {"hands": PerSeat(Cards(hi=DEAL_SIZE))},
    optional={
        "talon": Cards(n=3),
        "bids": PerSeat(BID),
        "start_player": Seat(),
        "game_number": Int(1, 99),
        "game_points": PerSeat(GAME_POINTS),
        "card_points": PerSeat(SETUP_CARD_POINTS),
        "next_deals": List(Anything(), 0, 98),  # each deal is read on its own (its own whole pack)
    },
)
SAVED_DEAL = Fields(
    {"hands": PerSeat(Cards(hi=DEAL_SIZE, counted=False, ordered=True))},
    optional={"talon": Cards(n=3, counted=False, ordered=True), "bids": PerSeat(BID)},
)
PLAY = Tuple(Seat(), Card())
STATE = Fields(
    {
        "game_number": Int(1, 99),
        "start_player": Seat(),
        "game_points": PerSeat(GAME_POINTS),
        "next_deals": List(SAVED_DEAL, 0, 98),
        "last_game": Opt(
            Fields(
                {
                    "card_points": PerSeat(CARD_POINTS),
                    "ranks": PerSeat(Int(1, 3)),
                    "bids": PerSeat(BID),
                    "score": PerSeat(Int(0, 5)),
                }
            )
        ),
        "last_extra": Opt(
            Fields(
                {
                    "game_number": Int(1, 99),
                    "bird_points": PerSeat(Int(0, 3)),
                    "talon_points": Int(-2, 12),
                    "talon_to": Seat(),
                }
            )
        ),
        "score_sheet": List(PerSeat(Int(0, 8)), 0, 99),
        "end_reason": Opt(Choice("target", "games")),
        "leader": Seat(),
        "hands": PerSeat(Cards(hi=DEAL_SIZE, ordered=True)),
        # A discard is also in the talon once all three are in: check_invariants counts it before.
        "discards": PerSeat(Opt(Card(counted=False))),
        "talon": Cards(hi=3, ordered=True),
        "bids": PerSeat(Opt(BID)),
        "card_points": PerSeat(CARD_POINTS),
        "bird_points": PerSeat(Int(0, 3)),
        "trick": List(PLAY, 0, PLAYERS - 1),
        "history": List(
            Fields(
                {
                    "leader": Seat(),
                    "cards": List(Card(), PLAYERS, PLAYERS),
                    "winner": Seat(),
                    "points": Int(-2, 12),
                    "bird_bonus": Int(0, 2),
                    "status": Choice("taken", "scrapped", "pending"),
                }
            ),
            0,
            DEAL_SIZE - 1,
        ),
        "exchanges": List(
            Fields(
                {
                    "seat": Seat(),
                    "after_trick": Int(1, DEAL_SIZE - 1),
                    "gave": Opt(Card(counted=False)),
                    "took": Opt(Card(counted=False)),
                }
            ),
            0,
            DEAL_SIZE - 1,
        ),
        "seen": PerSeat(Cards(counted=False, ordered=True)),
        "public_seen": Cards(counted=False, ordered=True),
    }
)


def _read_deal(deal, where, spec=DEAL):
    """One explicit deal {"hands", "talon"?, "bids"?}: its own cards once each, equal hands, a
    talon for a game that skips the discard, bids only with a talon; returned normalised."""
    ctx = Ctx("hold_my_beer", PLAYERS, ORDER)
    check(deal, spec, ctx, where)
    conserve(ctx)
    hands = deal["hands"]
    if len({len(h) for h in hands}) != 1:
        raise ValueError(
            f"hold_my_beer: {where}: the hands must be of equal length, not {[len(h) for h in hands]}"
        )
    size = len(hands[0])
    out = {"hands": [_sorted(h) for h in hands]}
    if "talon" in deal:
        if size < 1:
            raise ValueError(f"hold_my_beer: {where}: each hand needs at least 1 card")
        out["talon"] = _sorted(deal["talon"])
        if "bids" in deal:
            out["bids"] = list(deal["bids"])
    else:
        if "bids" in deal:
            raise ValueError(
                f"hold_my_beer: {where}: 'bids' may only be given together with 'talon'"
            )
        if size < 2:
            raise ValueError(
                f"hold_my_beer: {where}: without a talon each hand needs at least 2 cards "
                "(one goes to the talon)"
            )
    return out


def _plays(trick):
    """``[[seat, card], ...]`` of a finished trick, kept in the state as its cards from the leader on."""
    return [[(trick["leader"] + k) % PLAYERS, card] for k, card in enumerate(trick["cards"])]


def _dealt_points(deal):
    return sum(POINTS[c] for h in deal["hands"] for c in h) + sum(
        POINTS[c] for c in deal.get("talon", [])
    )


class HoldMyBeerState(GameState):
    STATE, CARDS, ALL_CARDS_KEPT = STATE, ORDER, False  # a setup may deal part of the pack

    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        opts = self.d["options"]
        first_deal = None
        start_player, game_number = 0, 1
        game_points, card_points, next_deals = [0, 0, 0], [0, 0, 0], []
        if setup is not None:
            check(setup, SETUP, Ctx("hold_my_beer", PLAYERS, ORDER), "setup")
            first_deal = _read_deal(
                {k: setup[k] for k in ("hands", "talon", "bids") if k in setup}, "setup"
            )
            start_player = setup.get("start_player", 0)
            game_number = setup.get("game_number", 1)
            if game_number > opts["max_games"]:
                raise ValueError(
                    f"hold_my_beer: setup.game_number {game_number} is beyond max_games "
                    f"{opts['max_games']}"
                )
            game_points = list(setup.get("game_points", [0, 0, 0]))
            if max(game_points) >= opts["target_points"]:
                raise ValueError(
                    f"hold_my_beer: game_points {game_points} already reach target_points "
                    f"{opts['target_points']}: the match would be over"
                )
            card_points = list(setup.get("card_points", [0, 0, 0]))
            if sum(card_points) + _dealt_points(first_deal) > sum(POINTS.values()):
                raise ValueError(
                    f"hold_my_beer: setup card_points {card_points} and the cards dealt are worth more "
                    f"than the pack's {sum(POINTS.values())} points"
                )
            next_deals = [
                _read_deal(x, f"setup.next_deals[{i}]")
                for i, x in enumerate(setup.get("next_deals", []))
            ]
        self.d.update(
            {
                "phase": "discard",
                "game_number": game_number,
                "start_player": start_player,
                "game_points": game_points,
                "next_deals": next_deals,
                "last_game": None,
                "last_extra": None,
                "score_sheet": [],
                "end_reason": None,
            }
        )
        self._start_game(first_deal, card_points)

    def _start_game(self, deal, card_points=None):
        d = self.d
        if deal is None:
            cards = list(PACK)
            self.rng.shuffle(cards)
            deal = {
                "hands": [
                    _sorted(cards[i * DEAL_SIZE : (i + 1) * DEAL_SIZE]) for i in range(PLAYERS)
                ]
            }
        hands = [list(h) for h in deal["hands"]]
        talon = list(deal.get("talon", []))
        bids = list(deal["bids"]) if "bids" in deal else [None, None, None]
        face_up = d["options"]["talon_face_up"]
        d.update(
            {
                "phase": "play" if "bids" in deal else "bid" if "talon" in deal else "discard",
                "leader": d["start_player"],
                "hands": hands,
                "discards": [None, None, None],
                "talon": talon,
                "bids": bids,
                "card_points": list(card_points) if card_points is not None else [0, 0, 0],
                "bird_points": [0, 0, 0],
                "trick": [],
                "history": [],
                "exchanges": [],
                "seen": [[], [], []],
                "public_seen": _sorted(talon) if face_up else [],
            }
        )

    # -- whose turn -----------------------------------------------------------------------------
    def movers_discard(self):
        return [s for s in range(PLAYERS) if self.d["discards"][s] is None]

    def movers_bid(self):
        return [s for s in range(PLAYERS) if self.d["bids"][s] is None]

    def movers_play(self):
        d = self.d
        return [next_seat(d["trick"][-1][0], PLAYERS) if d["trick"] else d["leader"]]

    def movers_power21(self):
        return [self.d["leader"]]

    movers_bird = movers_power21

    # -- legal actions ------------------------------------------------------------------------
    def legal_discard(self, seat):
        return ["discard " + c for c in self.d["hands"][seat]]

    def legal_bid(self, seat):
        return ["bid 1", "bid 2", "bid 3"]

    def legal_play(self, seat):
        d = self.d
        return ["play " + c for c in legal_cards(d["hands"][seat], d["trick"])]

    def legal_power21(self, seat):
        return ["take", "scrap"]

    def legal_bird(self, seat):
        d = self.d
        out = []
        for own in d["hands"][seat]:
            for other in d["talon"]:
                a, b = (own, other) if ORDER[own] < ORDER[other] else (other, own)
                out.append((ORDER[a], ORDER[b], f"exchange {a} {b}"))
        out.sort()
        return [x[2] for x in out] + ["pass"]

    # -- applying -----------------------------------------------------------------------------
    def _wrong_verb(self, verb, expected, verbs):
        known = {"discard", "bid", "play", "take", "scrap", "exchange", "pass"}
        english = (
            f"'{verb}' is not possible now: {expected}"
            if verb in known
            else f"unknown move {verb!r}: {expected}"
        )
        raise IllegalAction("wrong_move", english, verb=verb[:20], verbs=verbs)

    def apply_discard(self, seat, verb, args):
        d = self.d
        if verb != "discard":
            self._wrong_verb(
                verb, "everyone first discards one card to the talon ('discard C')", ["discard"]
            )
        (card,) = _parse(args, 1)
        if card not in d["hands"][seat]:
            raise IllegalAction("not_in_hand", f"you do not hold {card}", cards=[card])
        d["hands"][seat].remove(card)
        d["discards"][seat] = card
        if None not in d["discards"]:
            d["talon"] = _sorted(d["discards"])
            for s in range(PLAYERS):
                d["seen"][s] = [d["discards"][s]]
            if d["options"]["talon_face_up"]:
                d["public_seen"] = list(d["talon"])
            d["phase"] = "bid"

    def apply_bid(self, seat, verb, args):
        d = self.d
        if verb != "bid":
            self._wrong_verb(
                verb, "predict your place first ('bid 1', 'bid 2' or 'bid 3')", ["bid"]
            )
        if len(args) != 1 or args[0] not in ("1", "2", "3"):
            raise IllegalAction("bid_a_place", "bid 1, 2 or 3 (the place you predict)")
        d["bids"][seat] = int(args[0])
        if None not in d["bids"]:
            d["phase"] = "play"

    def apply_play(self, seat, verb, args):
        d = self.d
        if verb != "play":
            self._wrong_verb(verb, "play one card ('play C')", ["play"])
        (card,) = _parse(args, 1)
        hand = d["hands"][seat]
        if card not in hand:
            raise IllegalAction("not_in_hand", f"you do not hold {card}", cards=[card])
        allowed = legal_cards(hand, d["trick"])
        if card not in allowed:
            self._refuse_card(hand, card)
        hand.remove(card)
        d["trick"].append([seat, card])
        if len(d["trick"]) == PLAYERS:
            self._finish_trick()

    def _refuse_card(self, hand, card):
        """Why ``card`` may not be played to the trick, naming what must be played instead."""
        trick = self.d["trick"]
        led = SUIT[trick[0][1]]
        rest = [c for c in hand if c != FOOL]
        if led != TRUMP and any(SUIT[c] == led for c in rest):
            raise IllegalAction(
                "must_follow", f"you must follow {SUIT_NAMES[led]} (or play the Fool)", suit=led
            )
        high = highest_trump(trick)
        trumps = [c for c in rest if SUIT[c] == TRUMP]
        if SUIT[card] == TRUMP and any(VALUE[c] > high for c in trumps):
            best = next(c for _, c in trick if SUIT[c] == TRUMP and VALUE[c] == high)
            raise IllegalAction(
                "must_overtrump",
                f"you must beat {best} with a higher trump (or play the Fool)",
                card=best,
            )
        if led == TRUMP:
            raise IllegalAction(
                "must_play_trump_led", "trumps were led: you must play a trump (or the Fool)"
            )
        raise IllegalAction(
            "must_trump",
            f"you have no {SUIT_NAMES[led]}: you must play a trump (or the Fool)",
            suit=led,
        )

    def _finish_trick(self):
        d = self.d
        trick = d["trick"]
        winner, win_card = trick_winner(trick)
        bonus = sum(1 for s, c in trick if c in BIRDS and s != winner)
        points = sum(POINTS[c] for _, c in trick)
        d["game_points"][winner] += bonus
        d["bird_points"][winner] += bonus
        entry = {
            "leader": d["leader"],
            "cards": [c for _, c in trick],
            "winner": winner,
            "points": points,
            "bird_bonus": bonus,
            "status": "pending" if win_card == TR21 else "taken",
        }
        d["history"].append(entry)
        d["trick"] = []
        d["leader"] = winner
        if d["game_points"][winner] >= d["options"]["target_points"]:
            d["phase"] = "over"
            d["end_reason"] = "target"
            return
        if win_card == TR21:
            d["phase"] = "power21"
            return
        d["card_points"][winner] += points
        self._after_trick(win_card)

    def _after_trick(self, win_card):
        d = self.d
        winner = d["leader"]
        if not d["hands"][winner]:
            self._score_game()
        elif win_card in BIRDS:
            d["phase"] = "bird"
            seen = set(d["seen"][winner]) | set(d["talon"])
            d["seen"][winner] = _sorted(seen)
        else:
            d["phase"] = "play"

    def apply_power21(self, seat, verb, args):
        d = self.d
        if verb not in ("take", "scrap"):
            self._wrong_verb(
                verb,
                "your 21 won the trick: 'take' its card points or 'scrap' the trick",
                ["take", "scrap"],
            )
        if args:
            raise IllegalAction("takes_no_cards", f"'{verb}' takes no cards", verb=verb)
        entry = d["history"][-1]
        if verb == "take":
            d["card_points"][seat] += entry["points"]
            entry["status"] = "taken"
        else:
            entry["status"] = "scrapped"
        self._after_trick(TR21)

    def apply_bird(self, seat, verb, args):
        d = self.d
        if verb == "pass":
            if args:
                raise IllegalAction("takes_no_cards", "'pass' takes no cards", verb="pass")
            d["exchanges"].append(
                {"seat": seat, "after_trick": len(d["history"]), "gave": None, "took": None}
            )
            d["phase"] = "play"
            return
        if verb != "exchange":
            self._wrong_verb(
                verb,
                "your bird won the trick: 'exchange' a hand card with a talon card, or 'pass'",
                ["exchange", "pass"],
            )
        a, b = _parse(args, 2)
        hand, talon = d["hands"][seat], d["talon"]
        if a in hand and b in talon:
            own, other = a, b
        elif b in hand and a in talon:
            own, other = b, a
        elif a in hand and b in hand:
            raise IllegalAction(
                "both_in_hand",
                f"{a} and {b} are both in your hand: name one talon card",
                cards=[a, b],
            )
        elif a in talon and b in talon:
            raise IllegalAction(
                "both_in_talon",
                f"{a} and {b} are both in the talon: name one card of your hand",
                cards=[a, b],
            )
        else:
            missing = [c for c in (a, b) if c not in hand and c not in talon]
            held = [c for c in (a, b) if c in hand]
            if held:
                raise IllegalAction(
                    "not_in_talon", f"{missing[0]} is not in the talon", card=missing[0]
                )
            raise IllegalAction(
                "not_in_hand_or_talon",
                f"you do not hold {' or '.join(missing)}, and "
                f"{'it is' if len(missing) == 1 else 'they are'} not in the talon",
                cards=missing,
                n=len(missing),
            )
        hand.remove(own)
        hand.append(other)
        hand.sort(key=ORDER.__getitem__)
        talon.remove(other)
        talon.append(own)
        talon.sort(key=ORDER.__getitem__)
        d["seen"][seat] = _sorted(set(d["seen"][seat]) | {own})
        if d["options"]["talon_face_up"]:
            d["public_seen"] = _sorted(set(d["public_seen"]) | {own, other})
        d["exchanges"].append(
            {"seat": seat, "after_trick": len(d["history"]), "gave": own, "took": other}
        )
        d["phase"] = "play"

    # -- scoring --------------------------------------------------------------------------------
    def _score_game(self):
        d = self.d
        winner = d["leader"]
        talon_points = sum(POINTS[c] for c in d["talon"])
        d["card_points"][winner] += talon_points
        cp = list(d["card_points"])
        ranks = ranks_of(cp)
        score, _ = prediction_scores(d["bids"], ranks)
        for seat in range(PLAYERS):
            d["game_points"][seat] += score[seat]
        d["last_game"] = {
            "card_points": cp,
            "ranks": ranks,
            "bids": list(d["bids"]),
            "score": score,
        }
        d["last_extra"] = {
            "game_number": d["game_number"],
            "bird_points": list(d["bird_points"]),
            "talon_points": talon_points,
            "talon_to": winner,
        }
        d["score_sheet"].append([score[s] + d["bird_points"][s] for s in range(PLAYERS)])
        if max(d["game_points"]) >= d["options"]["target_points"]:
            d["phase"], d["end_reason"] = "over", "target"
        elif d["game_number"] >= d["options"]["max_games"]:
            d["phase"], d["end_reason"] = "over", "games"
        else:
            d["game_number"] += 1
            d["start_player"] = (d["start_player"] + 1) % PLAYERS
            deal = d["next_deals"].pop(0) if d["next_deals"] else None
            self._start_game(deal)

    def check_invariants(self):
        """A saved state's parts agree: the match with its games, the phase with the decisions made,
        hand sizes with the cards played, every trick with its leader, winner and points."""
        d = self.d
        opts = d["options"]
        phase = d["phase"]
        over = phase == "over"

        def fail(why):
            raise ValueError(f"hold_my_beer: {why}")

        gp, sheet, last, extra = d["game_points"], d["score_sheet"], d["last_game"], d["last_extra"]
        # The current game was scored (only when the match ended with it: else the next is dealt).
        scored = over and extra is not None and extra["game_number"] == d["game_number"]
        if d["game_number"] > opts["max_games"]:
            fail("the game number is beyond max_games")
        if (d["end_reason"] is not None) != over:
            fail("the end reason does not agree with the phase")
        if (
            over
            and d["end_reason"] == "games"
            and not (scored and d["game_number"] == opts["max_games"])
        ):
            fail("the match ended on games before its last game was scored")
        if (max(gp) >= opts["target_points"]) != (over and d["end_reason"] == "target"):
            fail("the game points and the target do not agree with the end of the match")
        if (
            len(sheet) > d["game_number"]
            or len(d["next_deals"]) > opts["max_games"] - d["game_number"]
        ):
            fail("more games scored or dealt ahead than the match has")
        if (last is None) != (extra is None) or (last is None) != (not sheet):
            fail("the last game's summary does not agree with the score sheet")
        if last is not None:
            if extra["game_number"] != d["game_number"] - (0 if scored else 1):
                fail("the last game scored is not the one before this game")
            if (
                last["ranks"] != ranks_of(last["card_points"])
                or last["score"] != prediction_scores(last["bids"], last["ranks"])[0]
            ):
                fail(
                    "the last game's places or prediction scores do not follow from its card points and bids"
                )
            if sheet[-1] != [last["score"][s] + extra["bird_points"][s] for s in range(PLAYERS)]:
                fail("the score sheet's last row is not the last game's points")
        for s in range(PLAYERS):
            if gp[s] < sum(row[s] for row in sheet) + (0 if scored else d["bird_points"][s]):
                fail(f"seat {s}'s game points are less than the games and birds scored")
        if scored and (
            d["bird_points"] != extra["bird_points"] or d["card_points"] != last["card_points"]
        ):
            fail("the game scored does not agree with its summary")

        # The phase and the decisions made in this game.
        hands, discards, bids, talon, trick, history = (
            d[k] for k in ("hands", "discards", "bids", "talon", "trick", "history")
        )
        if phase == "discard":
            if None not in discards or talon or history or trick or bids != [None] * PLAYERS:
                fail("the discard phase does not agree with the talon, the bids or the play")
        else:
            if len(set(x is None for x in discards)) != 1 or len(talon) != 3:
                fail("the talon is not formed")
            if phase == "bid" and (None not in bids or history or trick):
                fail("the bid phase does not agree with the bids or the play")
            if phase != "bid" and None in bids:
                fail("cards are played before every prediction is in")
            # The talon is the three discards, changed only by the birds' exchanges since.
            talon_then = set(discards)
            for x in d["exchanges"]:
                if x["gave"] is not None:
                    if x["took"] not in talon_then:
                        fail("an exchange took a card that was not in the talon")
                    talon_then = (talon_then - {x["took"]}) | {x["gave"]}
            if talon_then != set(talon):
                fail("the talon is not the discards and the exchanges since")
        counted = (
            {c for h in hands for c in h}
            | set(talon)
            | {c for _, c in trick}
            | {c for t in history for c in t["cards"]}
        )
        if phase == "discard":
            put = [c for c in discards if c is not None]
            if len(set(put)) != len(put) or counted & set(put):
                fail("a card discarded to the talon is also elsewhere")
        played = [0] * PLAYERS
        for t in history:
            for seat, _ in _plays(t):
                played[seat] += 1
        for seat, _ in trick:
            played[seat] += 1
        if (
            len(
                {
                    len(hands[s]) + played[s] + (phase == "discard" and discards[s] is not None)
                    for s in range(PLAYERS)
                }
            )
            != 1
        ):
            fail("the hand sizes do not follow from the cards played")

        # Every trick: led by the last winner, won and scored by the rules.
        leader = d["start_player"]
        for i, t in enumerate(history):
            plays = _plays(t)
            winner, win_card = trick_winner(plays)
            if t["leader"] != leader or t["winner"] != winner:
                fail(f"trick {i + 1} was not led by the last winner or is not won by its best card")
            if t["points"] != sum(POINTS[c] for _, c in plays) or t["bird_bonus"] != sum(
                1 for s, c in plays if c in BIRDS and s != winner
            ):
                fail(f"trick {i + 1}'s points are not those of its cards")
            if (
                t["status"] != "taken"
                and win_card != TR21
                or t["status"] == "pending"
                and i != len(history) - 1
            ):
                fail(f"trick {i + 1} waits for a 21's decision it cannot have")
            leader = winner
        if d["leader"] != leader or any(
            s != (leader + k) % PLAYERS for k, (s, _) in enumerate(trick)
        ):
            fail("the trick is not played in turn from the last winner")
        pending = history[-1]["status"] == "pending" if history else False
        if (
            phase == "power21"
            and (not pending or trick)
            or pending
            and phase not in ("power21", "over")
        ):
            fail("the 21's decision does not agree with the phase")
        if phase == "bird" and (
            not history
            or trick
            or trick_winner(_plays(history[-1]))[1] not in BIRDS
            or not hands[leader]
            or d["exchanges"]
            and d["exchanges"][-1]["after_trick"] == len(history)
        ):
            fail("the bird's exchange does not follow a trick won by a bird")
        for s in range(PLAYERS):
            if d["bird_points"][s] != sum(t["bird_bonus"] for t in history if t["winner"] == s):
                fail(f"seat {s}'s bird points are not those of its tricks")
        after = 0
        for x in d["exchanges"]:
            if not after < x["after_trick"] <= len(history):
                fail("the exchanges with the talon are not in trick order")
            after = x["after_trick"]
            won = history[after - 1]
            if won["winner"] != x["seat"] or trick_winner(_plays(won))[1] not in BIRDS:
                fail("an exchange with the talon follows no trick won by that seat's bird")
            if (x["gave"] is None) != (x["took"] is None):
                fail("an exchange names one card only")
        if not scored:  # card points taken so far and the points still to take fit in the pack
            to_take = (
                sum(POINTS[c] for c in talon)
                + sum(POINTS[c] for h in hands for c in h)
                + sum(POINTS[c] for _, c in trick)
                + (history[-1]["points"] if pending else 0)
                + sum(POINTS[c] for c in discards if c is not None and phase == "discard")
            )
            if sum(d["card_points"]) + to_take > sum(POINTS.values()):
                fail("the card points are more than the pack holds")
        for i, deal in enumerate(d["next_deals"]):
            _read_deal(deal, f"next_deals[{i}]", SAVED_DEAL)

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        gp = d["game_points"]
        best = max(gp)
        last = d["last_game"]
        return {
            "game_points": list(gp),
            "winners": [s for s in range(PLAYERS) if gp[s] == best],
            "end_reason": d["end_reason"],
            "game_number": d["game_number"],
            "last_game": None if last is None else {k: list(v) for k, v in last.items()},
            "games_played": len(d["score_sheet"]),
            "score_sheet": [list(x) for x in d["score_sheet"]],
        }

    def standing(self):
        """Ranked by game points, highest first (ties share the win, as ``winners`` says)."""
        return Standing(keys=list(self.d["game_points"]), scores=list(self.d["game_points"]))

    def _talon_visible(self, seat):
        d = self.d
        if self.is_over() or d["options"]["talon_face_up"]:
            return True
        return seat is not None and d["phase"] == "bird" and d["leader"] == seat

    def observe(self, seat):
        d = self.d
        over = self.is_over()
        revealed = None not in d["bids"]
        formed = None not in d["discards"] or d["phase"] != "discard"
        face_up = d["options"]["talon_face_up"]
        v = {
            "game_number": d["game_number"],
            "start_player": d["start_player"],
            "leader": d["leader"],
            "hand_counts": [len(h) for h in d["hands"]],
            "discarded": [formed or x is not None for x in d["discards"]],
            "bid_in": [b is not None for b in d["bids"]],
            "bids": list(d["bids"]) if revealed else [None] * PLAYERS,
            "talon_count": len(d["talon"])
            if formed
            else sum(1 for x in d["discards"] if x is not None),
            "talon": list(d["talon"]) if formed and self._talon_visible(seat) else None,
            "trick": trick_view(d["trick"]),
            "history": [
                finished_view(
                    t["leader"],
                    _plays(t),
                    t["winner"],
                    points=t["points"],
                    bird_bonus=t["bird_bonus"],
                    status=t["status"],
                )
                for t in d["history"]
            ],
            "exchanges": [self._exchange_view(x, seat, face_up) for x in d["exchanges"]],
            "card_points": list(d["card_points"]),
            "game_points": list(d["game_points"]),
            "bird_points": list(d["bird_points"]),
            "pending_points": d["history"][-1]["points"] if d["phase"] == "power21" else None,
            "last_game": self._last_game_view(),
            "score_sheet": [list(x) for x in d["score_sheet"]],
        }
        if seat is not None:
            v["hand"] = list(d["hands"][seat])
            v["my_discard"] = d["discards"][seat]
            v["my_bid"] = d["bids"][seat]
            if not revealed:
                v["bids"][seat] = d["bids"][seat]
            v["talon_seen"] = list(d["seen"][seat])
        if over:
            v["hands"] = [list(h) for h in d["hands"]]
        return v

    @staticmethod
    def _exchange_view(x, seat, face_up):
        out = {
            "seat": x["seat"],
            "after_trick": x["after_trick"],
            "exchanged": x["gave"] is not None,
        }
        if face_up or x["seat"] == seat:
            out["gave"], out["took"] = x["gave"], x["took"]
        return out

    def _last_game_view(self):
        """The last scored game: points, places, predictions, and every seat's game points with reasons."""
        d = self.d
        last = d["last_game"]
        if last is None:
            return None
        extra = d["last_extra"]
        out = {k: list(x) for k, x in last.items()}
        out.update(
            game_number=extra["game_number"],
            bird_points=list(extra["bird_points"]),
            talon_points=extra["talon_points"],
            talon_to=extra["talon_to"],
        )
        _, reasons = prediction_scores(last["bids"], last["ranks"])
        breakdown = []
        for seat in range(PLAYERS):
            why = reasons[seat]
            birds = extra["bird_points"][seat]
            if birds:
                why.append(_message("birds_captured", n=birds))
            breakdown.append({"seat": seat, "points": last["score"][seat] + birds, "reasons": why})
        out["breakdown"] = breakdown
        return out

    def hidden_cards(self, seat):
        d = self.d
        if self.is_over():
            return set()
        hidden = set()
        for s in range(PLAYERS):
            if s != seat:
                hidden.update(d["hands"][s])
                if d["phase"] == "discard" and d["discards"][s] is not None:
                    hidden.add(d["discards"][s])
        hidden.update(d["talon"])
        if seat is not None:
            hidden.difference_update(d["seen"][seat])
            if d["phase"] == "bird" and d["leader"] == seat:
                hidden.difference_update(d["talon"])
        hidden.difference_update(d["public_seen"])
        return hidden

    def all_cards(self):
        return list(PACK)


HoldMyBeerState.info = GAME = GameInfo(
    slug="hold_my_beer",
    title="Hold My Beer",
    min_players=3,
    max_players=3,
    default_players=3,
    daily={"max_games": 1},  # one deal (round) for the daily deal
    options=(
        Option(
            "target_points",
            20,
            "int",
            "game points that end the match at once",
            minimum=1,
            maximum=999,
        ),
        Option(
            "max_games", 6, "int", "the match ends after this many games", minimum=1, maximum=99
        ),
        Option("talon_face_up", False, "bool", "the talon is public (and so are bird exchanges)"),
    ),
    state_class=HoldMyBeerState,
    max_actions=99 * 80,
    # Short matches keep the harness quick; the default (full 6-game) match is played too.
    variants=(
        {"talon_face_up": True, "max_games": 1},
        {"max_games": 1},
        {"target_points": 3, "max_games": 2},
        {"talon_face_up": True, "target_points": 4, "max_games": 2},
    ),
    computer_players=True,
)
