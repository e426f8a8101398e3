"""Stop the Bus: British draw-and-discard elimination game with three-card Brag hands.

Source: the Japanese blog article on the game (a blog translation of pagat.com's Stop the Bus page), as decided by the design's
rules file for this game, which settles what the article leaves open. In this repository:
its worked examples in tests/vectors/stop_the_bus.json, its rules for players in
static/rules/stop_the_bus.json.

Rules in brief
    52 cards, 2-10 players, three cards each; the next card starts the discard pile, the rest is
    the stock. In turn (clockwise from the dealer's left) a player draws the top stock card or the
    top discard and then discards one card (not the one just taken from the pile), or instead
    stops the bus (once per deal, any turn). After a stop every other player has one last turn,
    then all hands are shown: the worst hand(s) lose a life; a player at 0 lives is floating and
    is eliminated by the next loss. The last player in wins. Hands, best first: prial (3-3-3 best,
    then A-A-A ... 2-2-2), running flush, run (A-2-3 best, then A-K-Q ... 4-3-2), flush, pair,
    high card; ties broken as in the rules file §2.
    Options: ``scoring`` (``lives`` or ``points``: best hand(s) score 1, first to
    ``target_points`` wins), ``starting_lives``, ``stopper_loses_two``, ``thirty_one`` (a suited
    A + two ten-counts is the best hand) and ``blitz`` (``31``: a 31 ends play at once;
    ``31_prials``: also 3-3-3 and A-A-A, ranked above 31).

Action notation
    ``draw stock``, ``draw discard``, ``stop`` (turn phase); ``discard C`` (discard phase).
    Cards are rank+suit codes, ranks ``23456789TJQKA``, suits ``SHDC``; canonical card order is
    the deck order: spades, hearts, diamonds, clubs, each 2 up to A.

View (``view(seat)``)
    ``hand`` (own only, deck order) with ``hand_name`` (own three-card hand as a code and its
    ranks, e.g. ``{"code": "hand_pair", "params": {"ranks": "5-5-3"}}``),
    ``drawn`` (own card just drawn from the stock); ``taken`` (the card just taken from the pile,
    which may not be thrown back); per seat ``hand_counts``, ``lives`` and ``floating`` (lives
    mode) or ``points`` and ``target_points`` (points mode); ``known_cards`` ([seat, card] for
    cards publicly taken from the pile and still held); ``eliminated``, ``dealer``,
    ``deal_number``, ``to_act``, ``stopper``, ``last_turns`` (seats still due their last turn
    after a stop), ``discard_pile`` (bottom to top), ``stock_count``, ``last_move`` (the last
    action of this deal, with its card when that was public); ``last_showdown``: ``losers``,
    ``best``, ``stopper``, ``blitz``, ``void``, ``deal``, ``hands`` (every hand of the showdown
    with its name and cards, e.g. {"seat": 2, "hand": {"code": "hand_run", ...}, "cards": [...]}),
    ``scores`` (one entry per seat that lost lives or scored, with ``lives``/``points``,
    ``eliminated`` and the ``reasons`` as codes: ``reason_worst``/``reason_worst_tied``/
    ``reason_best``/``reason_best_shared`` with the ``hand``, ``reason_two``,
    ``reason_floating_out``, ``reason_last_life_out``, ``reason_now_floating``) and a one-line
    ``summary`` message (``sd_worst``, ``sd_out``, ``sd_void``, ``sd_best``, ``sd_blitz``);
    ``to_move``, ``legal_actions`` and, once the game is over, ``result``.

Hidden information
    Others' hands (except cards publicly taken from the pile), the stock and a card drawn from it
    are hidden. The hands shown at a showdown stay on view during the next deal (rules §9), which
    is a new shuffle: their codes no longer say where those cards are now, so ``hidden_cards``
    leaves the codes of the last showdown out (the harness's leak check is by card code).

Decisions beyond the rules file
    - A later explicit deal (``setup.deals``) whose hands do not fit the seats still in the game
      (3 cards for each active seat, none for an eliminated one) is not used; that deal is
      shuffled instead. The first deal must give every seat 3 cards.
    - ``lives`` in the setup is refused in points mode (and ``points`` in lives mode). A setup's
      lives are at most 20 and its points at most 99 (the options' own limits), so that every
      state a game can reach can be saved and read back (``STATE`` bounds them the same way).
    - In points mode ``lives`` is null in the state; in lives mode ``points`` stays at zeros.
    - Hand names list the ranks high to low (pair first, A-2-3 written "3-2-A"), 10 as "10".
    - Nothing forces a deal to end; ``max_actions`` is only a generous bound for random play.
    - Players 2-10 as the rules file says (DESIGN.md's table says 2-9).
"""

from __future__ import annotations

from ..cards import deck, parse_cards, rank_of, suit_of
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
    Text,
    Tuple,
    check,
    conserve,
)

RANKS = "23456789TJQKA"
SUITS = "SHDC"
PACK = deck(RANKS, SUITS)
ORDER = {card: i for i, card in enumerate(PACK)}
VALUE = {r: i + 2 for i, r in enumerate(RANKS)}  # 2=2 ... A=14
COUNT_31 = {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10}
SHOW = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}
CATEGORY_NAMES = {
    8: "blitz prial",
    7: "thirty-one",
    6: "prial",
    5: "running flush",
    4: "run",
    3: "flush",
    2: "pair",
    1: "high card",
}


# What an explicit setup and a saved state may hold (tabletop.reader): anything else is refused.
MAX_DEALS = (
    100_000  # a bound, not a rule: no game gets near it (GAME.max_actions is 100,000 actions)
)
MAX_LIVES = 20  # the most ``starting_lives`` allows; a setup's lives are bounded the same way
MAX_POINTS = 99  # the most ``target_points`` allows; a setup's points are bounded the same way
DEAL = Fields({"hands": PerSeat(Cards(hi=3)), "upcard": Card()}, optional={"stock": Cards()})
SETUP = Fields(
    {},
    optional={
        "dealer": Seat(),
        "lives": PerSeat(Int(0, MAX_LIVES)),
        "points": PerSeat(Int(0, MAX_POINTS)),
        "deals": List(DEAL, 0, 1000),
    },
)
SAVED_DEAL = Fields(
    {
        "hands": PerSeat(Cards(hi=3, counted=False)),
        "upcard": Card(counted=False),
        "stock": Cards(counted=False),
    }
)
# Why a seat lost lives or scored, as codes (the view words them with the hand: reason_<code>).
REASON_CODES = (
    "worst",
    "worst_tied",
    "two",
    "floating_out",
    "last_life_out",
    "now_floating",
    "best",
    "best_shared",
)
REASONS = List(Choice(*REASON_CODES), 1, 4)
SHOWDOWN = Fields(
    {
        "deal": Int(1, MAX_DEALS),
        "losers": List(Seat(), 1, 10),
        "best": List(Seat(), 1, 10),
        "stopper": Opt(Seat()),
        "blitz": Opt(Seat()),
        "void": Bool(),
        "hands": List(
            Tuple(Seat(), Text(40), Card(counted=False), Card(counted=False), Card(counted=False)),
            2,
            10,
        ),
        "scores": List(
            Either(
                Fields({"seat": Seat(), "points": Choice(1), "reasons": REASONS}),
                Fields(
                    {"seat": Seat(), "lives": Int(-2, 0), "eliminated": Bool(), "reasons": REASONS}
                ),
            ),
            0,
            10,
        ),
    }
)
LAST_MOVE = Either(
    Fields({"seat": Seat(), "move": Choice("draw stock", "stop")}),
    Fields(
        {"seat": Seat(), "move": Choice("draw discard", "discard"), "card": Card(counted=False)}
    ),
)
STATE = Fields(
    {
        "dealer": Seat(),
        "deal_number": Int(1, MAX_DEALS),
        "deals": List(SAVED_DEAL, 0, 1000),
        "lives": Opt(PerSeat(Int(0, MAX_LIVES))),
        "points": PerSeat(Int(0, MAX_POINTS + 1)),
        "eliminated": List(Seat(), 0, 9),
        "last_showdown": Opt(SHOWDOWN),
        "to_act": Opt(Seat()),
        "hands": PerSeat(Cards(hi=4, ordered=True)),
        "discard_pile": Cards(),
        "stock": Cards(),
        "stopper": Opt(Seat()),
        "deal_active": List(Seat(), 1, 10),
        "known": PerSeat(Cards(hi=4, counted=False)),
        "taken": Opt(Card(counted=False)),
        "drawn": Opt(Card(counted=False)),
        "last_move": Opt(LAST_MOVE),
    }
)


def _reason(code, **params):
    """A message as views carry it: a code the page words in the player's language, with params."""
    return {"code": code, "params": params}


def _show(values):
    return "-".join(SHOW.get(v, str(v)) for v in values)


def hand_key(cards, thirty_one=False, prial_blitz=False):
    """The comparison key of a three-card hand (rules §2); higher is better."""
    vals = sorted((VALUE[rank_of(c)] for c in cards), reverse=True)
    flush = len({suit_of(c) for c in cards}) == 1
    v0, v1, v2 = vals
    if v0 == v2:  # prial
        if prial_blitz and v0 in (3, 14):
            return (8, 2 if v0 == 3 else 1)
        return (6, 15 if v0 == 3 else v0)
    if (
        thirty_one
        and flush
        and sum(COUNT_31.get(rank_of(c), VALUE[rank_of(c)]) for c in cards) == 31
    ):
        return (7,)
    run = None
    if vals == [14, 3, 2]:
        run = 15
    elif v0 - v1 == 1 and v1 - v2 == 1:
        run = v0
    if run is not None:
        return (5, run) if flush else (4, run)
    if flush:
        return (3, v0, v1, v2)
    if v0 == v1 or v1 == v2:
        pair, odd = (v0, v2) if v0 == v1 else (v1, v0)
        return (2, pair, odd)
    return (1, v0, v1, v2)


def _ranks(cards, key):
    """The ranks of a hand as it is named: high to low, the pair first, A-2-3 as 3-2-A."""
    vals = sorted((VALUE[rank_of(c)] for c in cards), reverse=True)
    cat = key[0]
    if cat in (5, 4) and key[1] == 15:
        vals = [3, 2, 14]
    elif cat == 2:
        pair, odd = key[1], key[2]
        vals = [pair, pair, odd]
    return _show(vals)


def hand_name(cards, key):
    """Words for a hand (the CLI, logs and the saved showdown), e.g. "run A-K-Q", "pair 5-5-3"."""
    return f"{CATEGORY_NAMES[key[0]]} {_ranks(cards, key)}"


def hand_message(cards, key):
    """A hand as views carry it: a code per category (hand_run, hand_pair ...) and its ranks,
    e.g. {"code": "hand_run", "params": {"ranks": "A-K-Q"}}; the page words the category."""
    return {
        "code": "hand_" + CATEGORY_NAMES[key[0]].replace(" ", "_").replace("-", "_"),
        "params": {"ranks": _ranks(cards, key)},
    }


class StopTheBusState(GameState):
    STATE, CARDS = (
        STATE,
        ORDER,
    )  # not every card is kept: an explicit deal may leave some out of play

    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        n = self.players
        opts = self.options
        points_mode = opts["scoring"] == "points"
        dealer = 0
        lives = None if points_mode else [opts["starting_lives"]] * n
        points = [0] * n
        deals = []
        if setup is not None:
            check(setup, SETUP, Ctx("stop_the_bus", n, ORDER), "setup")
            dealer = setup.get("dealer", 0)
            if "lives" in setup:
                if points_mode:
                    raise ValueError(
                        "stop_the_bus: setup 'lives' is for lives mode, not points scoring"
                    )
                lives = list(setup["lives"])
            if "points" in setup:
                if not points_mode:
                    raise ValueError(
                        "stop_the_bus: setup 'points' is for points scoring, not lives mode"
                    )
                points = list(setup["points"])
            deals = [self._check_deal(x, k) for k, x in enumerate(setup.get("deals", []))]
        self.d.update(
            {
                "phase": "turn",
                "dealer": dealer,
                "deal_number": 0,
                "deals": deals,
                "lives": lives,
                "points": points,
                "eliminated": [],
                "last_showdown": None,
            }
        )
        self._next_deal(first=True)

    def _check_deal(self, deal, index):
        """One explicit deal: its cards are cards of the pack, each at most once, and every hand
        holds 3 cards (or none, for a seat eliminated by then; the first deal has every seat in)."""
        where = f"setup.deals[{index}]"
        ctx = Ctx("stop_the_bus", self.players, ORDER)
        check(deal, DEAL, ctx, where)
        conserve(ctx)
        for seat, hand in enumerate(deal["hands"]):
            if index == 0 and len(hand) != 3:
                raise ValueError(
                    f"stop_the_bus: {where}: seat {seat} must hold 3 cards, not {len(hand)}"
                )
            if len(hand) not in (0, 3):
                raise ValueError(
                    f"stop_the_bus: {where}: seat {seat} must hold 3 cards (or none if eliminated), "
                    f"not {len(hand)}"
                )
        return {
            "hands": [list(h) for h in deal["hands"]],
            "upcard": deal["upcard"],
            "stock": list(deal.get("stock", [])),
        }

    # -- helpers ------------------------------------------------------------------------------
    def _active(self):
        out = set(self.d["eliminated"])
        return [s for s in range(self.players) if s not in out]

    def _next_active(self, seat):
        elim = self.d["eliminated"]
        n = self.players
        for step in range(1, n + 1):
            other = (seat + step) % n
            if other not in elim:
                return other
        raise AssertionError("no active seat")

    def ranking_key(self, cards):
        """``hand_key`` of three cards under this game's options (public: the players use it)."""
        o = self.options
        blitz = o["blitz"]
        return hand_key(cards, o["thirty_one"] or blitz != "none", blitz == "31_prials")

    def _is_blitz(self, cards):
        return self.options["blitz"] != "none" and self.ranking_key(cards)[0] >= 7

    # -- dealing ------------------------------------------------------------------------------
    def _deal_cards(self, active):
        d = self.d
        k = d["deal_number"]
        if k <= len(d["deals"]):
            deal = d["deals"][k - 1]
            fits = all((len(h) == 3) == (s in active) for s, h in enumerate(deal["hands"]))
            if fits:
                return (
                    [sorted(h, key=ORDER.__getitem__) for h in deal["hands"]],
                    [deal["upcard"]],
                    list(deal["stock"]),
                )
        cards = list(PACK)
        self.rng.shuffle(cards)
        m = len(active)
        order = []
        seat = d["dealer"]
        for _ in range(m):
            seat = self._next_active(seat)
            order.append(seat)
        hands = [[] for _ in range(self.players)]
        for i in range(3 * m):
            hands[order[i % m]].append(cards[i])
        return (
            [sorted(h, key=ORDER.__getitem__) for h in hands],
            [cards[3 * m]],
            cards[3 * m + 1 :],
        )

    def _next_deal(self, first=False):
        """Deal (repeatedly, while a dealt blitz ends a deal at once) until a deal is playable or the game ends."""
        d = self.d
        while True:
            if not first:
                self._advance_dealer()
            first = False
            d["deal_number"] += 1
            active = self._active()
            hands, pile, stock = self._deal_cards(active)
            first_seat = self._next_active(d["dealer"])
            d.update(
                {
                    "phase": "turn",
                    "to_act": first_seat,
                    "hands": hands,
                    "discard_pile": pile,
                    "stock": stock,
                    "stopper": None,
                    "deal_active": active,
                    "known": [[] for _ in hands],
                    "taken": None,
                    "drawn": None,
                    "last_move": None,
                }
            )
            if self.options["blitz"] == "none":
                return
            blitz = None
            seat = first_seat
            for _ in range(len(active)):
                if self._is_blitz(hands[seat]):
                    blitz = seat
                    break
                seat = self._next_active(seat)
            if blitz is None:
                return
            self._showdown(blitz)
            if d["phase"] == "over":
                return

    def _advance_dealer(self):
        d = self.d
        n = self.players
        if self.options["scoring"] == "points":
            d["dealer"] = (d["dealer"] + 1) % n
            return
        was = d["deal_active"]
        dealer = d["dealer"]
        nxt = next((dealer + step) % n for step in range(1, n + 1) if (dealer + step) % n in was)
        if nxt not in d["eliminated"]:
            d["dealer"] = nxt
        elif dealer not in d["eliminated"]:
            pass  # the seat after the dealer went out: the same dealer deals again
        else:
            d["dealer"] = self._next_active(nxt)

    # -- whose turn -----------------------------------------------------------------------------
    def movers_turn(self):
        return [self.d["to_act"]]

    movers_discard = movers_turn

    # -- legal actions ------------------------------------------------------------------------
    def legal_turn(self, seat):
        d = self.d
        out = []
        if d["stock"] or len(d["discard_pile"]) > 1:
            out.append("draw stock")
        out.append("draw discard")
        if d["stopper"] is None:
            out.append("stop")
        return out

    def legal_discard(self, seat):
        d = self.d
        return ["discard " + c for c in d["hands"][seat] if c != d["taken"]]

    # -- applying -----------------------------------------------------------------------------
    def apply_turn(self, seat, verb, args):
        d = self.d
        if verb == "draw":
            if len(args) != 1 or args[0] not in ("stock", "discard"):
                raise IllegalAction("draw_from_where", "say 'draw stock' or 'draw discard'")
            if args[0] == "stock":
                if not d["stock"] and len(d["discard_pile"]) <= 1:
                    raise IllegalAction(
                        "stock_empty",
                        "the stock is empty and the discard pile has only its top card: "
                        "draw the discard or stop",
                    )
                if not d["stock"]:
                    pile = d["discard_pile"]
                    d["stock"] = pile[:-1]
                    d["discard_pile"] = pile[-1:]
                card = d["stock"].pop(0)
                d["drawn"] = card
                d["last_move"] = {"seat": seat, "move": "draw stock"}
            else:
                card = d["discard_pile"].pop()
                d["taken"] = card
                d["known"][seat].append(card)
                d["last_move"] = {"seat": seat, "move": "draw discard", "card": card}
            hand = d["hands"][seat]
            hand.append(card)
            hand.sort(key=ORDER.__getitem__)
            d["phase"] = "discard"
            return
        if verb == "stop":
            if args:
                raise IllegalAction(
                    "takes_no_arguments", "'stop' takes nothing after it", verb="stop"
                )
            if d["stopper"] is not None:
                raise IllegalAction(
                    "already_stopped",
                    f"the bus has already been stopped by seat {d['stopper']}",
                    seat=d["stopper"],
                )
            d["stopper"] = seat
            d["last_move"] = {"seat": seat, "move": "stop"}
            self._end_turn(seat)
            return
        if verb == "discard":
            raise IllegalAction("draw_first", "draw a card (or stop the bus) before you discard")
        raise IllegalAction(
            "wrong_move",
            f"unknown move {verb!r}: use 'draw stock', 'draw discard' or 'stop'",
            verb=verb[:20],
            verbs=["draw", "stop"] if d["stopper"] is None else ["draw"],
        )

    def apply_discard(self, seat, verb, args):
        d = self.d
        if verb != "discard":
            if verb in ("draw", "stop"):
                raise IllegalAction("discard_now", "you have drawn: now discard one card")
            raise IllegalAction(
                "wrong_move",
                f"unknown move {verb!r}: discard one card",
                verb=verb[:20],
                verbs=["discard"],
            )
        (card,) = parse_cards(args, ORDER, count=1)
        hand = d["hands"][seat]
        if card not in hand:
            raise IllegalAction("not_in_hand", f"you do not hold {card}", cards=[card])
        if card == d["taken"]:
            raise IllegalAction(
                "just_taken",
                f"you may not discard {card}: you have just taken it from the discard pile",
                card=card,
            )
        hand.remove(card)
        if card in d["known"][seat]:
            d["known"][seat].remove(card)
        d["discard_pile"].append(card)
        d["taken"] = None
        d["drawn"] = None
        d["last_move"] = {"seat": seat, "move": "discard", "card": card}
        if self._is_blitz(hand):
            self._showdown(seat)
            if d["phase"] != "over":
                self._next_deal()
            return
        self._end_turn(seat)

    def _end_turn(self, seat):
        d = self.d
        nxt = self._next_active(seat)
        if d["stopper"] is not None and nxt == d["stopper"]:
            self._showdown(None)
            if d["phase"] != "over":
                self._next_deal()
            return
        d["to_act"] = nxt
        d["phase"] = "turn"

    # -- showdown -----------------------------------------------------------------------------
    def _showdown(self, blitz):
        d = self.d
        opts = self.options
        active = d["deal_active"]
        hands = d["hands"]
        keys = {s: self.ranking_key(hands[s]) for s in active}
        low, high = min(keys.values()), max(keys.values())
        losers = [s for s in active if keys[s] == low]
        best = [s for s in active if keys[s] == high]
        names = {s: hand_name(hands[s], keys[s]) for s in active}
        void = False
        scores = []
        if opts["scoring"] == "points":
            for s in best:
                d["points"][s] += 1
                scores.append(
                    {
                        "seat": s,
                        "points": 1,
                        "reasons": ["best_shared" if len(best) > 1 else "best"],
                    }
                )
            if any(p >= opts["target_points"] for p in d["points"]):
                d["phase"] = "over"
        else:
            lives = list(d["lives"])
            out = []
            lost = {}
            two = opts["stopper_loses_two"]
            for s in losers:
                lost[s] = 0
                for _ in range(2 if two and s == d["stopper"] else 1):
                    if lives[s] > 0:
                        lives[s] -= 1
                        lost[s] += 1
                    else:
                        out.append(s)
                        break
            if len(out) == len(active):
                void = True  # it would eliminate every player still in: nobody loses
            else:
                for s in losers:
                    reasons = ["worst_tied" if len(losers) > 1 else "worst"]
                    if two and s == d["stopper"]:
                        reasons.append("two")
                    if s in out:
                        reasons.append("floating_out" if lost[s] == 0 else "last_life_out")
                    elif lives[s] == 0:
                        reasons.append("now_floating")
                    scores.append(
                        {"seat": s, "lives": -lost[s], "eliminated": s in out, "reasons": reasons}
                    )
                d["lives"] = lives
                d["eliminated"].extend(sorted(out))
                if len(self._active()) == 1:
                    d["phase"] = "over"
        d["last_showdown"] = {
            "deal": d["deal_number"],
            "losers": losers,
            "best": best,
            "stopper": d["stopper"],
            "blitz": blitz,
            "void": void,
            "hands": [[s, names[s]] + hands[s] for s in active],
            "scores": scores,
        }
        if d["phase"] == "over":
            d["to_act"] = None
            d["taken"] = d["drawn"] = None

    # -- checking a saved state -----------------------------------------------------------------
    def check_invariants(self):
        """A saved state's parts agree: lives and points with the scoring, the seats of the deal
        with the seats still in, the cards with the deal that was dealt, the hands with the turn,
        the last move with the phase, and the last showdown with its hands."""
        d = self.d
        opts = self.options
        over = d["phase"] == "over"
        points_mode = opts["scoring"] == "points"

        def fail(why):
            raise ValueError(f"stop_the_bus: {why}")

        # Scoring.
        eliminated = d["eliminated"]
        if len(set(eliminated)) != len(eliminated):
            fail("a seat is eliminated twice")
        if points_mode:
            if d["lives"] is not None or eliminated:
                fail("points scoring keeps no lives and eliminates nobody")
        elif d["lives"] is None or any(d["points"]):
            fail("lives mode keeps every seat's lives and scores no points")
        elif any(d["lives"][s] != 0 for s in eliminated):
            fail("an eliminated seat has lives left")
        active = self._active()
        if over and points_mode and max(d["points"]) < opts["target_points"]:
            fail("the game is over before anyone reached the target")
        if over and not points_mode and len(active) != 1:
            fail("the game is over with more than one seat still in")
        if not over and len(active) < 2:
            fail("the game goes on with fewer than two seats in")
        # The seats of this deal, whose turn it is.
        in_deal = d["deal_active"]
        if in_deal != sorted(set(in_deal)):
            fail("the seats of the deal are not distinct seats in order")
        if (in_deal != active) if not over else not set(active) <= set(in_deal):
            fail("the seats of the deal are not the seats still in")
        if over != (d["to_act"] is None):
            fail("a seat is to act exactly while the game goes on")
        if not over and (d["to_act"] not in in_deal or d["dealer"] not in in_deal):
            fail("the seat to act and the dealer must be in the deal")
        if d["stopper"] is not None and (
            d["stopper"] not in in_deal or d["stopper"] == d["to_act"]
        ):
            fail("the stopper is in the deal and has no turn after the stop")
        # The cards: the deal's own cards (an explicit deal's, or the whole pack), each once.
        for index, deal in enumerate(d["deals"]):
            self._check_deal(deal, index)
        number = d["deal_number"]
        dealt = d["deals"][number - 1] if number <= len(d["deals"]) else None
        if dealt is not None and all(
            (len(h) == 3) == (s in in_deal) for s, h in enumerate(dealt["hands"])
        ):
            in_play = (
                {c for h in dealt["hands"] for c in h} | {dealt["upcard"]} | set(dealt["stock"])
            )
        else:
            in_play = set(PACK)
        held = {c for h in d["hands"] for c in h} | set(d["discard_pile"]) | set(d["stock"])
        if held != in_play:
            fail(f"the cards of deal {number} are not the cards that were dealt")
        for seat, hand in enumerate(d["hands"]):
            size = (
                0
                if seat not in in_deal
                else 4
                if d["phase"] == "discard" and seat == d["to_act"]
                else 3
            )
            if len(hand) != size:
                fail(f"seat {seat} holds {len(hand)} cards, not {size}")
            if not set(d["known"][seat]) <= set(hand):
                fail(f"seat {seat} is known to hold a card it does not hold")
        # The turn: drawn or taken exactly in the discard phase, and the last move that led there.
        move = d["last_move"]
        if d["phase"] == "discard":
            if (d["taken"] is None) == (d["drawn"] is None):
                fail(
                    "in the discard phase the seat to act has drawn one card, from the stock or the pile"
                )
            draw = "draw discard" if d["taken"] is not None else "draw stock"
            if (
                move is None
                or move["seat"] != d["to_act"]
                or move["move"] != draw
                or move.get("card") != d["taken"]
            ):
                fail("the last move is not the draw of the seat to act")
            card = d["taken"] or d["drawn"]
            if card not in d["hands"][d["to_act"]] or (card == d["taken"]) != (
                card in d["known"][d["to_act"]]
            ):
                fail("the card just drawn is not where it should be")
        elif d["taken"] is not None or d["drawn"] is not None:
            fail("a card is taken or drawn outside the discard phase")
        if move is None:
            if d["stopper"] is not None or any(d["known"]) or len(d["discard_pile"]) != 1:
                fail("nothing was played in this deal, yet it is not as dealt")
        elif (
            move["seat"] not in in_deal
            or (move["move"] == "stop" and d["stopper"] != move["seat"])
            or (move["move"] == "discard" and d["discard_pile"][-1:] != [move["card"]])
        ):
            fail("the last move does not agree with the table")
        if d["phase"] == "turn" and not d["discard_pile"]:
            fail("the discard pile is empty at the start of a turn")
        self._check_last_showdown()

    def _check_last_showdown(self):
        d = self.d
        over = d["phase"] == "over"
        shown = d["last_showdown"]

        def fail(why):
            raise ValueError(f"stop_the_bus: the last showdown: {why}")

        if shown is None:
            if d["deal_number"] != 1 or over:
                fail("every deal before this one ended in a showdown")
            return
        if shown["deal"] != d["deal_number"] - (0 if over else 1):
            fail("it is not the showdown of the deal before this one")
        seats = [h[0] for h in shown["hands"]]
        if seats != sorted(set(seats)):
            fail("its hands are not of distinct seats in order")
        ctx = Ctx("stop_the_bus", self.players, ORDER)
        check([c for h in shown["hands"] for c in h[2:]], Cards(), ctx, "last_showdown.hands")
        keys = {h[0]: self.ranking_key(h[2:]) for h in shown["hands"]}
        if any(h[1] != hand_name(h[2:], keys[h[0]]) for h in shown["hands"]):
            fail("a hand is not named for its cards")
        if shown["losers"] != [s for s in seats if keys[s] == min(keys.values())] or shown[
            "best"
        ] != [s for s in seats if keys[s] == max(keys.values())]:
            fail("the worst and best hands are not those shown")
        if shown["blitz"] is not None and (
            shown["blitz"] not in seats
            or not self._is_blitz(shown["hands"][seats.index(shown["blitz"])][2:])
        ):
            fail("the blitz is not a blitz hand of the showdown")
        if shown["stopper"] is not None and shown["stopper"] not in seats:
            fail("the stopper is not in the showdown")
        points_mode = self.options["scoring"] == "points"
        scored = [x["seat"] for x in shown["scores"]]
        expected = shown["best"] if points_mode else [] if shown["void"] else shown["losers"]
        if (
            (shown["void"] and points_mode)
            or scored != expected
            or any(("points" in x) != points_mode for x in shown["scores"])
        ):
            fail("the scores are not those of its hands")
        if over and (
            seats != d["deal_active"]
            or [h[2:] for h in shown["hands"]] != [d["hands"][s] for s in seats]
            or shown["stopper"] != d["stopper"]
        ):
            fail("the game ended with other hands than those shown")

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        if self.options["scoring"] == "points":
            pts = d["points"]
            top = max(pts)
            winners = [s for s in range(self.players) if pts[s] == top]
            return {
                "winner": winners[0] if len(winners) == 1 else None,
                "winners": winners,
                "points": list(pts),
                "deals": d["deal_number"],
            }
        return {
            "winner": self._active()[0],
            "lives": list(d["lives"]),
            "eliminated": list(d["eliminated"]),
            "deals": d["deal_number"],
        }

    def standing(self):
        """Points mode: ranked by points. Lives mode: the survivor first, then the seats in the
        reverse of their elimination order (the state keeps only that order, so two seats
        knocked out by the same showdown are placed as ``eliminated`` lists them); the score is
        the lives left."""
        d = self.d
        if self.options["scoring"] == "points":
            return Standing(keys=list(d["points"]), scores=list(d["points"]))
        out = d["eliminated"]
        return Standing(
            keys=[out.index(s) if s in out else len(out) for s in range(self.players)],
            scores=list(d["lives"]),
        )

    def observe(self, seat):
        d = self.d
        points_mode = self.options["scoring"] == "points"
        ls = d["last_showdown"]
        pile = d["discard_pile"]
        known = [[s, c] for s, cards in enumerate(d["known"]) for c in cards]
        v = {
            "scoring": self.options["scoring"],
            "deal_number": d["deal_number"],
            "dealer": d["dealer"],
            "to_act": d["to_act"],
            "stopper": d["stopper"],
            "eliminated": list(d["eliminated"]),
            "hand_counts": [len(h) for h in d["hands"]],
            "known_cards": known,
            "discard_pile": list(pile),
            "stock_count": len(d["stock"]),
            "taken": d["taken"],
            "last_move": dict(d["last_move"]) if d["last_move"] else None,
            "last_turns": self._last_turns(),
        }
        if points_mode:
            v["points"] = list(d["points"])
            v["target_points"] = self.options["target_points"]
        else:
            lives = d["lives"]
            v["lives"] = list(lives)
            v["floating"] = [
                s for s in range(self.players) if lives[s] == 0 and s not in d["eliminated"]
            ]
        v["last_showdown"] = None if ls is None else self._showdown_view(ls)
        if seat is not None:
            hand = list(d["hands"][seat])
            v["hand"] = hand
            v["hand_name"] = hand_message(hand, self.ranking_key(hand)) if len(hand) == 3 else None
            v["drawn"] = d["drawn"] if d["to_act"] == seat else None
        return v

    def _showdown_view(self, ls):
        """The last showdown in codes: each hand named (hand_<category> with its ranks), each
        seat's reasons (reason_<code> with the hand), and a one-line ``summary`` message."""
        named = {h[0]: hand_message(h[2:], self.ranking_key(h[2:])) for h in ls["hands"]}

        def reason(seat, code):  # a worst or best hand says which hand it was
            hand = (
                {"hand": named[seat]}
                if code in ("worst", "worst_tied", "best", "best_shared")
                else {}
            )
            return _reason(f"reason_{code}", **hand)

        scores = [
            dict(x, reasons=[reason(x["seat"], r) for r in x["reasons"]]) for x in ls["scores"]
        ]
        if self.options["scoring"] == "points":
            summary = _reason(
                "sd_best", seats=list(ls["best"]), hand=named[ls["best"][0]], n=len(ls["best"])
            )
        elif ls["void"]:
            summary = _reason("sd_void", hand=named[ls["losers"][0]])
        else:
            out = sorted(x["seat"] for x in ls["scores"] if x["eliminated"])
            summary = _reason(
                "sd_worst",
                seats=list(ls["losers"]),
                hand=named[ls["losers"][0]],
                n=len(ls["losers"]),
            )
            if out:
                summary = _reason("sd_out", first=summary, out_seats=out, n=len(out))
        if ls["blitz"] is not None:
            summary = _reason("sd_blitz", seat=ls["blitz"], hand=named[ls["blitz"]], then=summary)
        return {
            "deal": ls["deal"],
            "losers": list(ls["losers"]),
            "best": list(ls["best"]),
            "stopper": ls["stopper"],
            "blitz": ls["blitz"],
            "void": ls["void"],
            "hands": [{"seat": h[0], "hand": named[h[0]], "cards": h[2:]} for h in ls["hands"]],
            "scores": scores,
            "summary": summary,
        }

    def _last_turns(self):
        d = self.d
        if d["stopper"] is None or d["phase"] == "over":
            return []
        out = []
        seat = d["to_act"]
        for _ in range(
            self.players
        ):  # at most once round the table (check_invariants: the stopper is in)
            if seat == d["stopper"]:
                return out
            out.append(seat)
            seat = self._next_active(seat)
        raise AssertionError("the stopper is not at the table")

    def hidden_cards(self, seat):
        d = self.d
        hidden = set(d["stock"])
        for s, hand in enumerate(d["hands"]):
            if s != seat:
                hidden.update(hand)
                hidden.difference_update(d["known"][s])
        if d["last_showdown"] is not None:
            for h in d["last_showdown"]["hands"]:
                hidden.difference_update(h[2:])
        return hidden

    def all_cards(self):
        return list(PACK)


StopTheBusState.info = GAME = GameInfo(
    slug="stop_the_bus",
    title="Stop the Bus",
    min_players=2,
    max_players=10,
    default_players=4,
    daily={"starting_lives": 1},  # one deal (round) for the daily deal
    score="lives",
    score_by_option=("scoring", {"points": "points"}),
    options=(
        Option(
            "scoring",
            "lives",
            "choice",
            "lives: the worst hand loses a life; points: the best hand scores 1",
            choices=("lives", "points"),
        ),
        Option(
            "target_points", 5, "int", "points mode: points needed to win", minimum=1, maximum=99
        ),
        Option("starting_lives", 3, "int", "lives each player starts with", minimum=1, maximum=20),
        Option("stopper_loses_two", False, "bool", "a stopper with the worst hand loses two lives"),
        Option(
            "thirty_one",
            False,
            "bool",
            "a suited ace with two ten-count cards (31) beats everything",
        ),
        Option(
            "blitz",
            "none",
            "choice",
            "31: a 31 ends play at once; 31_prials: also 3-3-3 and A-A-A",
            choices=("none", "31", "31_prials"),
        ),
    ),
    state_class=StopTheBusState,
    max_actions=100_000,
    variants=(
        {"scoring": "points"},
        {"blitz": "31_prials", "stopper_loses_two": True},
        {"thirty_one": True, "starting_lives": 4},
        {"blitz": "31", "scoring": "points", "target_points": 3},
    ),
    computer_players=True,
)
