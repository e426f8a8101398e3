"""Stop the Bus: British draw-and-discard elimination game with three-card Brag hands.

Source: shared/rules/stop_the_bus.md (authoritative), from the article
seeds/002_714fba0c3b7068ce.txt (a blog translation of pagat.com's Stop the Bus page).

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
    ``hand`` (own only, deck order) with ``hand_name`` (own three-card hand, e.g. "pair 5-5-3"),
    ``drawn`` (own card just drawn from the stock); ``taken`` (the card just taken from the pile,
    which may not be thrown back); per seat ``hand_counts``, ``lives`` and ``floating`` (lives
    mode) or ``points`` and ``target_points`` (points mode); ``known_cards`` ([seat, card] for
    cards publicly taken from the pile and still held); ``eliminated``, ``dealer``,
    ``deal_number``, ``to_act``, ``stopper``, ``last_turns`` (seats still due their last turn
    after a stop), ``discard_pile`` (bottom to top), ``stock_count``, ``last_move`` (the last
    action of this deal, with its card when that was public); ``last_showdown``: ``losers``,
    ``best``, ``stopper``, ``blitz``, ``void``, ``deal``, ``hands`` (every hand of the showdown
    with its name and cards, e.g. {"seat": 2, "hand": "run A-K-Q", "cards": [...]}), ``scores``
    (one entry per seat that lost lives or scored, with ``lives``/``points``, ``eliminated`` and
    the ``reasons``, e.g. "worst hand: high card K-9-5") and a one-line ``summary``;
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
    - ``lives`` in the setup is refused in points mode (and ``points`` in lives mode).
    - In points mode ``lives`` is null in the state; in lives mode ``points`` stays at zeros.
    - Hand names list the ranks high to low (pair first, A-2-3 written "3-2-A"), 10 as "10".
    - Nothing forces a deal to end; ``max_actions`` is only a generous bound for random play.
    - Players 2-10 as the rules file says (DESIGN.md's table says 2-9).
"""
from __future__ import annotations

import marshal
import random

from ..cards import deck, parse_cards, rank_of, suit_of
from ..core import BotHooks, GameInfo, GameState, IllegalAction, Option, Standing

RANKS = "23456789TJQKA"
SUITS = "SHDC"
PACK = deck(RANKS, SUITS)
ORDER = {card: i for i, card in enumerate(PACK)}
VALUE = {r: i + 2 for i, r in enumerate(RANKS)}  # 2=2 ... A=14
COUNT_31 = {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10}
SHOW = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}
CATEGORY_NAMES = {8: "blitz prial", 7: "thirty-one", 6: "prial", 5: "running flush", 4: "run",
                  3: "flush", 2: "pair", 1: "high card"}


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
    if thirty_one and flush and sum(COUNT_31.get(rank_of(c), VALUE[rank_of(c)]) for c in cards) == 31:
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


def hand_name(cards, key):
    """Words for a hand, e.g. "run A-K-Q", "pair 5-5-3", "high card K-9-5"."""
    vals = sorted((VALUE[rank_of(c)] for c in cards), reverse=True)
    cat = key[0]
    if cat in (5, 4) and key[1] == 15:
        vals = [3, 2, 14]
    elif cat == 2:
        pair, odd = key[1], key[2]
        vals = [pair, pair, odd]
    return f"{CATEGORY_NAMES[cat]} {_show(vals)}"


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


class StopTheBusState(GameState):
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
            unknown = set(setup) - {"dealer", "lives", "points", "deals"}
            if unknown:
                raise ValueError(f"stop_the_bus: unknown setup key(s) {sorted(unknown)}")
            dealer = setup.get("dealer", 0)
            if not _is_int(dealer) or not 0 <= dealer < n:
                raise ValueError(f"stop_the_bus: dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
            if "lives" in setup:
                if points_mode:
                    raise ValueError("stop_the_bus: setup 'lives' is for lives mode, not points scoring")
                lives = setup["lives"]
                if (not isinstance(lives, list) or len(lives) != n
                        or not all(_is_int(x) and x >= 0 for x in lives)):
                    raise ValueError(f"stop_the_bus: setup 'lives' must be {n} whole numbers >= 0")
                lives = list(lives)
            if "points" in setup:
                if not points_mode:
                    raise ValueError("stop_the_bus: setup 'points' is for points scoring, not lives mode")
                points = setup["points"]
                if (not isinstance(points, list) or len(points) != n
                        or not all(_is_int(x) and x >= 0 for x in points)):
                    raise ValueError(f"stop_the_bus: setup 'points' must be {n} whole numbers >= 0")
                points = list(points)
            deals = setup.get("deals", [])
            if not isinstance(deals, list):
                raise ValueError("stop_the_bus: setup 'deals' must be a list")
            deals = [self._check_deal(x, k) for k, x in enumerate(deals)]
        self.d.update({
            "phase": "turn", "dealer": dealer, "deal_number": 0, "deals": deals,
            "lives": lives, "points": points, "eliminated": [],
            "last_showdown": None,
        })
        self._next_deal(first=True)

    def _check_deal(self, deal, index):
        n = self.players
        where = f"stop_the_bus: deal {index + 1}"
        if not isinstance(deal, dict):
            raise ValueError(f"{where} must be an object with hands, upcard and stock")
        unknown = set(deal) - {"hands", "upcard", "stock"}
        if unknown:
            raise ValueError(f"{where}: unknown key(s) {sorted(unknown)}")
        hands = deal.get("hands")
        if not isinstance(hands, list) or len(hands) != n:
            raise ValueError(f"{where}: 'hands' must hold one list per seat ({n})")
        if "upcard" not in deal:
            raise ValueError(f"{where}: 'upcard' (the first discard) is missing")
        stock = deal.get("stock", [])
        if not isinstance(stock, list):
            raise ValueError(f"{where}: 'stock' must be a list of cards, top first")
        seen = set()

        def add(card, place):
            if not isinstance(card, str) or card not in ORDER:
                raise ValueError(f"{where}: unknown card {card!r} in {place}")
            if card in seen:
                raise ValueError(f"{where}: card {card} appears twice")
            seen.add(card)

        for seat, hand in enumerate(hands):
            if not isinstance(hand, list):
                raise ValueError(f"{where}: the hand of seat {seat} must be a list of card codes")
            if index == 0 and len(hand) != 3:
                raise ValueError(f"{where}: seat {seat} must hold 3 cards, not {len(hand)}")
            if len(hand) not in (0, 3):
                raise ValueError(f"{where}: seat {seat} must hold 3 cards (or none if eliminated), not {len(hand)}")
            for card in hand:
                add(card, f"the hand of seat {seat}")
        add(deal["upcard"], "the upcard")
        for card in stock:
            add(card, "the stock")
        return {"hands": [list(h) for h in hands], "upcard": deal["upcard"], "stock": list(stock)}

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

    def _key(self, cards):
        o = self.options
        blitz = o["blitz"]
        return hand_key(cards, o["thirty_one"] or blitz != "none", blitz == "31_prials")

    def _is_blitz(self, cards):
        return self.options["blitz"] != "none" and self._key(cards)[0] >= 7

    # -- dealing ------------------------------------------------------------------------------
    def _deal_cards(self, active):
        d = self.d
        k = d["deal_number"]
        if k <= len(d["deals"]):
            deal = d["deals"][k - 1]
            fits = all((len(h) == 3) == (s in active) for s, h in enumerate(deal["hands"]))
            if fits:
                return ([sorted(h, key=ORDER.__getitem__) for h in deal["hands"]],
                        [deal["upcard"]], list(deal["stock"]))
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
        return ([sorted(h, key=ORDER.__getitem__) for h in hands], [cards[3 * m]], cards[3 * m + 1:])

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
            d.update({
                "phase": "turn", "to_act": first_seat, "hands": hands, "discard_pile": pile,
                "stock": stock, "stopper": None, "deal_active": active, "known": [[] for _ in hands],
                "taken": None, "drawn": None, "last_move": None,
            })
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
                raise IllegalAction("say 'draw stock' or 'draw discard'")
            if args[0] == "stock":
                if not d["stock"] and len(d["discard_pile"]) <= 1:
                    raise IllegalAction("the stock is empty and the discard pile has only its top card: "
                                        "draw the discard or stop")
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
                raise IllegalAction("'stop' takes nothing after it")
            if d["stopper"] is not None:
                raise IllegalAction(f"the bus has already been stopped by seat {d['stopper']}")
            d["stopper"] = seat
            d["last_move"] = {"seat": seat, "move": "stop"}
            self._end_turn(seat)
            return
        if verb == "discard":
            raise IllegalAction("draw a card (or stop the bus) before you discard")
        raise IllegalAction(f"unknown move {verb!r}: use 'draw stock', 'draw discard' or 'stop'")

    def apply_discard(self, seat, verb, args):
        d = self.d
        if verb != "discard":
            if verb in ("draw", "stop"):
                raise IllegalAction("you have drawn: now discard one card")
            raise IllegalAction(f"unknown move {verb!r}: discard one card")
        (card,) = parse_cards(args, ORDER, count=1)
        hand = d["hands"][seat]
        if card not in hand:
            raise IllegalAction(f"you do not hold {card}")
        if card == d["taken"]:
            raise IllegalAction(f"you may not discard {card}: you have just taken it from the discard pile")
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
        keys = {s: self._key(hands[s]) for s in active}
        low, high = min(keys.values()), max(keys.values())
        losers = [s for s in active if keys[s] == low]
        best = [s for s in active if keys[s] == high]
        names = {s: hand_name(hands[s], keys[s]) for s in active}
        void = False
        scores = []
        if opts["scoring"] == "points":
            shared = " (shared)" if len(best) > 1 else ""
            for s in best:
                d["points"][s] += 1
                scores.append({"seat": s, "points": 1, "reasons": [f"best hand: {names[s]}{shared}"]})
            summary = " and ".join(f"seat {s}" for s in best) + f" score{'s' if len(best) == 1 else ''} 1 " \
                f"with the best hand, {names[best[0]]}"
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
            tied = " (tied for worst)" if len(losers) > 1 else ""
            if len(out) == len(active):
                void = True
                summary = ("void showdown: " + " / ".join(names[s] for s in losers) + " would have eliminated "
                           "every player still in, so nobody loses")
            else:
                for s in losers:
                    reasons = [f"worst hand: {names[s]}{tied}"]
                    if two and s == d["stopper"]:
                        reasons.append("stopped the bus and had the worst hand: loses two lives")
                    if s in out:
                        reasons.append("was floating: eliminated" if lost[s] == 0
                                       else "lost the last life and was eliminated")
                    elif lives[s] == 0:
                        reasons.append("no lives left: now floating")
                    scores.append({"seat": s, "lives": -lost[s], "eliminated": s in out, "reasons": reasons})
                d["lives"] = lives
                d["eliminated"].extend(sorted(out))
                summary = " and ".join(f"seat {s}" for s in losers) + \
                    f" {'has' if len(losers) == 1 else 'have'} the worst hand, {names[losers[0]]}"
                if out:
                    summary += "; eliminated: " + ", ".join(f"seat {s}" for s in sorted(out))
                if len(self._active()) == 1:
                    d["phase"] = "over"
        if blitz is not None:
            summary = f"seat {blitz}'s blitz ({names[blitz]}) ended play at once; " + summary
        d["last_showdown"] = {
            "deal": d["deal_number"], "losers": losers, "best": best, "stopper": d["stopper"],
            "blitz": blitz, "void": void, "hands": [[s, names[s]] + hands[s] for s in active],
            "scores": scores, "summary": summary,
        }
        if d["phase"] == "over":
            d["to_act"] = None
            d["taken"] = d["drawn"] = None

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        if self.options["scoring"] == "points":
            pts = d["points"]
            top = max(pts)
            winners = [s for s in range(self.players) if pts[s] == top]
            return {"winner": winners[0] if len(winners) == 1 else None, "winners": winners,
                    "points": list(pts), "deals": d["deal_number"]}
        return {"winner": self._active()[0], "lives": list(d["lives"]), "eliminated": list(d["eliminated"]),
                "deals": d["deal_number"]}

    def standing(self):
        """Points mode: ranked by points. Lives mode: the survivor first, then the seats in the
        reverse of their elimination order (the state keeps only that order, so two seats
        knocked out by the same showdown are placed as ``eliminated`` lists them); the score is
        the lives left."""
        d = self.d
        if self.options["scoring"] == "points":
            return Standing(keys=list(d["points"]), scores=list(d["points"]))
        out = d["eliminated"]
        return Standing(keys=[out.index(s) if s in out else len(out) for s in range(self.players)],
                        scores=list(d["lives"]))

    def observe(self, seat):
        d = self.d
        points_mode = self.options["scoring"] == "points"
        ls = d["last_showdown"]
        pile = d["discard_pile"]
        known = [[s, c] for s, cards in enumerate(d["known"]) for c in cards]
        v = {
            "scoring": self.options["scoring"], "deal_number": d["deal_number"], "dealer": d["dealer"],
            "to_act": d["to_act"], "stopper": d["stopper"], "eliminated": list(d["eliminated"]),
            "hand_counts": [len(h) for h in d["hands"]], "known_cards": known,
            "discard_pile": list(pile),
            "stock_count": len(d["stock"]), "taken": d["taken"],
            "last_move": dict(d["last_move"]) if d["last_move"] else None,
            "last_turns": self._last_turns(),
        }
        if points_mode:
            v["points"] = list(d["points"])
            v["target_points"] = self.options["target_points"]
        else:
            lives = d["lives"]
            v["lives"] = list(lives)
            v["floating"] = [s for s in range(self.players) if lives[s] == 0 and s not in d["eliminated"]]
        if ls is not None:
            hands = [{"seat": h[0], "hand": h[1], "cards": h[2:]} for h in ls["hands"]]
            v["last_showdown"] = {
                "deal": ls["deal"], "losers": list(ls["losers"]), "best": list(ls["best"]),
                "stopper": ls["stopper"], "blitz": ls["blitz"], "void": ls["void"], "hands": hands,
                "scores": [dict(x, reasons=list(x["reasons"])) for x in ls["scores"]],
                "summary": ls["summary"],
            }
        else:
            v["last_showdown"] = None
        if seat is not None:
            hand = list(d["hands"][seat])
            v["hand"] = hand
            v["hand_name"] = hand_name(hand, self._key(hand)) if len(hand) == 3 else None
            v["drawn"] = d["drawn"] if d["to_act"] == seat else None
        return v

    def _last_turns(self):
        d = self.d
        if d["stopper"] is None or d["phase"] == "over":
            return []
        out = []
        seat = d["to_act"]
        while seat != d["stopper"]:
            out.append(seat)
            seat = self._next_active(seat)
        return out

    def clone(self):
        # Same as GameState.clone, with a much faster deep copy of the plain-JSON state
        # (marshal format 2 keeps no shared references, like plain_copy).
        other = self.__class__.__new__(self.__class__)
        other.d = marshal.loads(marshal.dumps(self.d, 2))
        other.rng = random.Random(0)  # seeding from the OS (no argument) is slower
        other.rng.setstate(self.rng.getstate())
        return other

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


# -- computer opponents (tabletop.bots): worlds, rewards and a rollout policy ------------------------
# Declared on GAME at the end (bots=BotHooks(...)); the rules above do not use any of it.

def _world_hidden(state, seat):
    """Every card ``seat`` cannot place: the stock and other hands, less the publicly taken cards.
    (``hidden_cards`` also leaves out the last showdown's codes for the leak check; their places
    in the new deal are unknown, so a world redeals them too.)"""
    d = state.d
    hidden = set(d["stock"])
    for s, hand in enumerate(d["hands"]):
        if s != seat:
            hidden.update(c for c in hand if c not in d["known"][s])
    return hidden


def resample_world(state, seat, rng):
    """A world for ``seat``: stock and unseen cards of other hands redealt; a card another seat has
    just drawn from the stock forgotten; future setup deals dropped."""
    from ..bots.worlds import redeal

    hidden = _world_hidden(state, seat)
    world = redeal(state, seat, rng, hidden=hidden, keys=("hands", "stock"))
    w = world.d
    if w["drawn"] in hidden:
        w["drawn"] = None
    w["deals"] = w["deals"][:w["deal_number"]]
    return world


def bot_deal_id(state):
    return state.d["deal_number"]


def bot_reward(state, seat):
    """The showdown just held: 0 for losing a life (or not having the best hand, in points mode),
    1 otherwise; the end of the game 1 for the winner. A deal still in play (a rollout cut short)
    is judged by how many hands this one beats now."""
    d = state.d
    points = state.options["scoring"] == "points"
    if state.is_over():
        r = state.result()
        winners = r["winners"] if points else [r["winner"]]
        return 1.0 / len(winners) if seat in winners else 0.0
    if seat in d["eliminated"]:
        return 0.0
    active = d["deal_active"]
    if d["last_move"] is None and d["last_showdown"] is not None:  # a new deal: score the showdown
        ls = d["last_showdown"]
        if points:
            return 1.0 if seat in ls["best"] else 0.0
        return 0.0 if seat in ls["losers"] and not ls["void"] else 1.0
    mine = state._key(d["hands"][seat][:3]) if len(d["hands"][seat]) >= 3 else (0,)
    others = [s for s in active if s != seat]
    beaten = sum(1 for s in others if len(d["hands"][s]) >= 3 and state._key(d["hands"][s][:3]) < mine)
    return 0.1 + 0.8 * beaten / max(1, len(others))


def _best_three(state, cards, keep=None):
    """The best key and the card to throw from four cards (never ``keep``)."""
    best = None
    for card in cards:
        if card == keep:
            continue
        rest = [c for c in cards if c != card]
        key = state._key(rest)
        if best is None or key > best[0]:
            best = (key, card)
    return best


def bot_rollout(state, seat, rng):
    """Cheap play for simulations: take the discard when it improves the hand, else the stock;
    throw the card that leaves the best hand; stop with a good hand (and now and then anyway)."""
    d = state.d
    hand = d["hands"][seat]
    if d["phase"] == "discard":
        return "discard " + _best_three(state, hand, keep=d["taken"])[1]
    legal = state.legal_turn(seat)
    key = state._key(hand)
    if "stop" in legal:
        good = key[0] >= 3 or (key[0] == 2 and key[1] >= 10)
        if (good and rng.random() < 0.6) or (key[0] >= 2 and rng.random() < 0.15) or rng.random() < 0.04:
            return "stop"
    top = d["discard_pile"][-1] if d["discard_pile"] else None
    if top is not None and _best_three(state, hand + [top], keep=top)[0] > key:
        return "draw discard"
    return "draw stock" if "draw stock" in legal else "draw discard"


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``), from the seat's hand and the public table only.

    Takes the discard when it makes the hand better, else draws from the stock; throws the card
    that leaves the best three; stops the bus with a hand that is rarely the worst (any pair, or
    ace-king high) when the worst hand loses a life, and with a strong one (a flush or better, a
    pair of queens or better) when only the best hand scores."""
    d = state.d
    hand = d["hands"][seat]
    if d["phase"] == "discard":
        return "discard " + _best_three(state, hand, keep=d["taken"])[1]
    legal = state.legal_turn(seat)
    key = state._key(hand)
    if "stop" in legal:
        if state.options["scoring"] == "points":  # only the best hand scores: stop with a strong one
            good = key[0] >= 3 or (key[0] == 2 and key[1] >= 12)
        else:  # only the worst hand loses a life: any pair is rarely the worst
            good = key[0] >= 2 or (key[0] == 1 and key[1] == 14 and key[2] >= 12)
        if good:
            return "stop"
    top = d["discard_pile"][-1] if d["discard_pile"] else None
    if top is not None and _best_three(state, hand + [top], keep=top)[0] > key:
        return "draw discard"
    return "draw stock" if "draw stock" in legal else "draw discard"


StopTheBusState.info = GAME = GameInfo(
    slug="stop_the_bus", title="Stop the Bus", min_players=2, max_players=10, default_players=4,
    options=(
        Option("scoring", "lives", "choice", "lives: the worst hand loses a life; points: the best hand scores 1",
               choices=("lives", "points")),
        Option("target_points", 5, "int", "points mode: points needed to win", minimum=1, maximum=99),
        Option("starting_lives", 3, "int", "lives each player starts with", minimum=1, maximum=20),
        Option("stopper_loses_two", False, "bool", "a stopper with the worst hand loses two lives"),
        Option("thirty_one", False, "bool", "a suited ace with two ten-count cards (31) beats everything"),
        Option("blitz", "none", "choice", "31: a 31 ends play at once; 31_prials: also 3-3-3 and A-A-A",
               choices=("none", "31", "31_prials")),
    ),
    state_class=StopTheBusState, max_actions=100_000,
    variants=(
        {"scoring": "points"},
        {"blitz": "31_prials", "stopper_loses_two": True},
        {"thirty_one": True, "starting_lives": 4},
        {"blitz": "31", "scoring": "points", "target_points": 3},
    ),
    bots=BotHooks(reward=bot_reward, rollout=bot_rollout, deal_id=bot_deal_id, resample=resample_world,
                  heuristic=bot_heuristic, normal_iterations=500),
)
