"""Ribs: bid before each of four "double tricks"; only ranks count.

Source: shared/rules/ribs.md (authoritative), from the article seeds/002_714fba0c3b7068ce.txt
(a blog translation of pagat.com's Ribs page).

Rules in brief
    4-10 players, 8 cards each from n packets of A K Q J T 9 8 7 (S H D C, then S#2 H#2 ...).
    Card points: A 0, K Q J 2, T 9 8 7 1. A deal is four tricks; before each one an auction:
    the opener (dealer's left for trick 1, then the previous leader) must bid 2, then in turn
    each seat still in passes (for this auction only) or bids exactly one more (at most 4n),
    until one seat is left: the leader, whose bid is the contract. The leader lays two cards
    face down (the ribs); everyone else plays two cards face up, or folds them face down (the
    folded cards leave the deal unseen). Then the ribs are shown. A seat whose two ranks equal
    the ribs' (the first such in playing order) takes everything on the table and the contract
    fails. Otherwise each face-up seat with no rank of the ribs and a card above the lower rib
    takes its own cards back; the leader takes the other face-up cards, and keeps the ribs too
    if ribs + taken reach the bid (else the ribs leave the deal). After four tricks each seat
    scores the points it won. Options: ``lemons`` (7 ranks highest; at the end a majority of
    the 7s scores 10, else -3 per 7), ``face_up_fourth_trick`` (ribs face up, no folding in
    trick 4), ``deals`` (number of deals; the deal passes left).

Action notation
    ``bid K``, ``pass`` (auction); ``lead C1 C2`` (leader), ``play C1 C2``, ``fold C1 C2``.
    Cards are rank+suit codes with a copy index from the second packet of a suit on: ``KS``,
    ``TD``, ``KS#2``. Canonical card order is the pack order: packets S H D C S#2 H#2 D#2 C#2
    S#3 H#3, each A K Q J T 9 8 7.

View (``view(seat)``)
    ``hand`` (own, strongest rank first), ``hand_counts``; ``deal_number``, ``dealer``,
    ``trick`` (1-4), ``to_act``, ``to_move``, ``legal_actions``; the auction: ``opener``, ``bid``
    (high bid, or the contract in play), ``high_bidder``, ``passed`` (seats out of this
    auction), ``auction`` (this auction's calls as [seat, "bid 3"] / [seat, "pass"]); in play
    ``leader`` and ``table``: the plays so far in order, the ribs as {"seat", "ribs": true,
    "cards"} with the cards only for whoever may see them, folds as {"seat", "folded": true}
    (the folder alone also sees ``cards``); ``tricks``: this deal's finished tricks (ribs,
    every play, ``matcher``, ``returned``, ``taken`` by the leader, ``leader_total``,
    ``made``, ``ribs_lost``, ``points`` won per seat and a ``summary``; each play is
    [seat, [cards]] or [seat, null] for a fold), so the last trick is ``tricks[-1]``;
    ``previous_deal_trick``: the last trick of the previous deal while no trick of the new deal
    is finished (else null); ``my_folded`` (own folded cards this deal); ``won_points`` (this
    deal, 7 = 1), ``scores``, ``deal_scores``, ``last_deal`` (per-seat score breakdown with
    reasons, of the latest finished deal) and, once over, ``result``.

Hidden information
    Others' hands, folded cards (never shown to anyone else) and the ribs until everyone has
    played (face up at once in trick 4 with ``face_up_fourth_trick``). The last trick of the
    previous deal stays on view until the first trick of the next deal is done; that deal is a
    new shuffle, so its codes no longer say where those cards are and ``hidden_cards`` leaves
    them out while they are shown (the harness's leak check is by card code).

Decisions beyond the rules file
    - Bids are plain numbers ("bid 3"); a bid is refused with the amount that is allowed.
    - After the last deal's fourth trick the game is over; between deals the next deal starts
      at once with the next dealer.
    - The view lists the hand by rank strength (lemon-aware); actions use the pack order.
"""
from __future__ import annotations

import marshal
import random
from itertools import combinations

from ..core import BotHooks, GameInfo, GameState, IllegalAction, Option, Standing

RANKS = "AKQJT987"
PACKETS = [("S", 1), ("H", 1), ("D", 1), ("C", 1), ("S", 2), ("H", 2), ("D", 2), ("C", 2), ("S", 3), ("H", 3)]


def _code(rank, suit, copy):
    return rank + suit if copy == 1 else f"{rank}{suit}#{copy}"


FULL_PACK = [_code(r, s, c) for s, c in PACKETS for r in RANKS]
ORDER = {card: i for i, card in enumerate(FULL_PACK)}
POINTS = {"A": 0, "K": 2, "Q": 2, "J": 2, "T": 1, "9": 1, "8": 1, "7": 1}
STRENGTH = {r: 8 - i for i, r in enumerate(RANKS)}             # A 8 ... 7 1
LEMON_STRENGTH = dict(STRENGTH, **{"7": 9})                     # 7 above the ace
RANK_WORDS = {"A": "A", "K": "K", "Q": "Q", "J": "J", "T": "10", "9": "9", "8": "8", "7": "7"}


def rank(card):
    return card[0]


def points(cards):
    return sum(POINTS[c[0]] for c in cards)


def pack_for(players):
    return FULL_PACK[:8 * players]


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


class RibsState(GameState):
    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        n = self.players
        dealer = 0
        deals = []
        if setup is not None:
            unknown = set(setup) - {"dealer", "deals"}
            if unknown:
                raise ValueError(f"ribs: unknown setup key(s) {sorted(unknown)}")
            dealer = setup.get("dealer", 0)
            if not _is_int(dealer) or not 0 <= dealer < n:
                raise ValueError(f"ribs: dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
            deals = setup.get("deals", [])
            if not isinstance(deals, list):
                raise ValueError("ribs: setup 'deals' must be a list")
            deals = [self._check_deal(x, k) for k, x in enumerate(deals)]
        self.d.update({
            "phase": "auction", "dealer": dealer, "deal_number": 0, "deals": deals,
            "scores": [0] * n, "deal_scores": [], "last_deal": None, "last_trick": None,
        })
        self._start_deal(first=True)

    def _check_deal(self, deal, index):
        n = self.players
        where = f"ribs: deal {index + 1}"
        if not isinstance(deal, dict) or "hands" not in deal:
            raise ValueError(f"{where} must be an object with 'hands'")
        unknown = set(deal) - {"hands"}
        if unknown:
            raise ValueError(f"{where}: unknown key(s) {sorted(unknown)}")
        hands = deal["hands"]
        if not isinstance(hands, list) or len(hands) != n:
            raise ValueError(f"{where}: 'hands' must hold one list per seat ({n})")
        pack = set(pack_for(n))
        seen = set()
        for seat, hand in enumerate(hands):
            if not isinstance(hand, list) or len(hand) != 8:
                raise ValueError(f"{where}: seat {seat} must hold 8 cards")
            for card in hand:
                if not isinstance(card, str) or card not in pack:
                    raise ValueError(f"{where}: {card!r} is not a card of the {n}-player pack")
                if card in seen:
                    raise ValueError(f"{where}: card {card} appears twice")
                seen.add(card)
        return [sorted(h, key=ORDER.__getitem__) for h in hands]

    def _start_deal(self, first=False):
        d = self.d
        n = self.players
        if not first:
            d["dealer"] = (d["dealer"] + 1) % n
        d["deal_number"] += 1
        k = d["deal_number"]
        if k <= len(d["deals"]):
            hands = [list(h) for h in d["deals"][k - 1]]
        else:
            cards = pack_for(n)
            self.rng.shuffle(cards)
            hands = [[] for _ in range(n)]
            for i, card in enumerate(cards):
                hands[(d["dealer"] + 1 + i) % n].append(card)
            hands = [sorted(h, key=ORDER.__getitem__) for h in hands]
        d.update({
            "hands": hands, "folded": [[] for _ in range(n)], "won": [[] for _ in range(n)],
            "won_points": [0] * n, "tricks": [], "trick": 0,
        })
        self._start_auction((d["dealer"] + 1) % n)

    def _start_auction(self, opener):
        d = self.d
        d.update({
            "phase": "auction", "trick": d["trick"] + 1, "opener": opener, "to_act": opener,
            "bid": None, "high_bidder": None, "passed": [], "auction": [], "leader": None,
            "ribs": None, "plays": [],
        })

    # -- helpers ------------------------------------------------------------------------------
    def _strength(self):
        return LEMON_STRENGTH if self.options["lemons"] else STRENGTH

    def _ceiling(self):
        return 4 * self.players

    def _face_up_trick(self):
        return self.options["face_up_fourth_trick"] and self.d["trick"] == 4

    def _next_in_auction(self, seat):
        n = self.players
        passed = self.d["passed"]
        for step in range(1, n + 1):
            other = (seat + step) % n
            if other not in passed:
                return other
        raise AssertionError("everyone passed")

    # -- whose turn -----------------------------------------------------------------------------
    def movers_auction(self):
        return [self.d["to_act"]]

    movers_play = movers_auction

    # -- legal actions ------------------------------------------------------------------------
    def legal_auction(self, seat):
        d = self.d
        if d["bid"] is None:
            return ["bid 2"]
        if d["bid"] >= self._ceiling():
            return ["pass"]
        return [f"bid {d['bid'] + 1}", "pass"]

    def legal_play(self, seat):
        d = self.d
        pairs = [f"{a} {b}" for a, b in combinations(d["hands"][seat], 2)]
        if seat == d["leader"]:
            return ["lead " + p for p in pairs]
        out = ["play " + p for p in pairs]
        if not self._face_up_trick():
            out += ["fold " + p for p in pairs]
        return out

    # -- applying -----------------------------------------------------------------------------
    def apply_auction(self, seat, verb, args):
        d = self.d
        if verb == "bid":
            if len(args) != 1 or not args[0].isdigit() or args[0] != str(int(args[0])):
                raise IllegalAction("say 'bid' and a number, e.g. 'bid 3'")
            amount = int(args[0])
            if d["bid"] is None:
                if amount != 2:
                    raise IllegalAction("the opener must bid exactly 2")
            else:
                if d["bid"] >= self._ceiling():
                    raise IllegalAction(f"{self._ceiling()} is the highest bid (all the points that can be "
                                        f"on the table): you can only pass")
                if amount != d["bid"] + 1:
                    raise IllegalAction(f"a raise must be exactly one more than {d['bid']}: bid {d['bid'] + 1}")
            d["bid"] = amount
            d["high_bidder"] = seat
            d["auction"].append([seat, f"bid {amount}"])
            d["to_act"] = self._next_in_auction(seat)
            return
        if verb == "pass":
            if args:
                raise IllegalAction("'pass' takes nothing after it")
            if d["bid"] is None:
                raise IllegalAction("you open this auction and must bid 2")
            d["passed"].append(seat)
            d["auction"].append([seat, "pass"])
            if len(d["passed"]) == self.players - 1:
                self._start_play()
            else:
                d["to_act"] = self._next_in_auction(seat)
            return
        if verb in ("lead", "play", "fold"):
            raise IllegalAction("the auction comes first: bid or pass")
        raise IllegalAction(f"unknown move {verb!r}: bid or pass now")

    def _start_play(self):
        d = self.d
        d["phase"] = "play"
        d["leader"] = d["high_bidder"]
        d["to_act"] = d["leader"]

    def _parse_two(self, args):
        if len(args) != 2:
            raise IllegalAction(f"two cards required, not {len(args)}")
        limit = 8 * self.players
        for code in args:
            if code not in ORDER or ORDER[code] >= limit:
                raise IllegalAction(f"{code!r} is not a card of this game")
        if args[0] == args[1]:
            raise IllegalAction(f"{args[0]} is named twice")
        return sorted(args, key=ORDER.__getitem__)

    def apply_play(self, seat, verb, args):
        d = self.d
        if verb not in ("lead", "play", "fold"):
            if verb in ("bid", "pass"):
                raise IllegalAction("the auction is over: play two cards")
            raise IllegalAction(f"unknown move {verb!r}: use lead, play or fold")
        leader = d["leader"]
        if seat == leader and verb != "lead":
            raise IllegalAction("you are the leader: lead your two ribs face down with 'lead'")
        if seat != leader and verb == "lead":
            raise IllegalAction(f"only the leader (seat {leader}) leads; play or fold two cards")
        if verb == "fold" and self._face_up_trick():
            raise IllegalAction("everyone plays face up in the fourth trick: no folding")
        cards = self._parse_two(args)
        hand = d["hands"][seat]
        missing = [c for c in cards if c not in hand]
        if missing:
            raise IllegalAction(f"you do not hold {' '.join(missing)}")
        for c in cards:
            hand.remove(c)
        if verb == "lead":
            d["ribs"] = cards
        elif verb == "play":
            d["plays"].append([seat, cards])
        else:
            d["folded"][seat].extend(cards)
            d["plays"].append([seat, None])
        if len(d["plays"]) == self.players - 1:
            self._resolve()
        else:
            d["to_act"] = (seat + 1) % self.players

    # -- resolution ---------------------------------------------------------------------------
    def _resolve(self):
        d = self.d
        n = self.players
        strength = self._strength()
        leader, bid, ribs = d["leader"], d["bid"], d["ribs"]
        rib_ranks = sorted(rank(c) for c in ribs)
        lower = min(strength[rank(c)] for c in ribs)
        face_up = [(s, cards) for s, cards in d["plays"] if cards is not None]
        matcher = next((s for s, cards in face_up if sorted(rank(c) for c in cards) == rib_ranks), None)
        gained = [[] for _ in range(n)]
        returned, taken = [], []
        ribs_lost = False
        if matcher is not None:
            gained[matcher] = list(ribs) + [c for _, cards in face_up for c in cards]
            leader_total, made = 0, False
            summary = f"seat {matcher} matched the ribs and takes all {len(gained[matcher])} cards"
        else:
            rib_set = set(rib_ranks)
            for s, cards in face_up:
                if all(rank(c) not in rib_set for c in cards) and any(strength[rank(c)] > lower for c in cards):
                    returned.append(s)
                    gained[s] = list(cards)
                else:
                    taken.extend(cards)
            leader_total = points(ribs) + points(taken)
            made = leader_total >= bid
            gained[leader] = (list(ribs) + taken) if made else list(taken)
            ribs_lost = not made
            summary = (f"seat {leader} {'made' if made else 'failed'} {bid} with {leader_total}"
                       + ("" if made else ": the ribs are lost"))
            if returned:
                summary += "; " + ", ".join(f"seat {s}" for s in returned) + " took back their own cards"
        won_now = [points(g) for g in gained]
        for s in range(n):
            if gained[s]:
                d["won"][s].extend(gained[s])
                d["won_points"][s] += won_now[s]
        record = {
            "deal": d["deal_number"], "trick": d["trick"], "leader": leader, "bid": bid, "ribs": list(ribs),
            "plays": [[s, None if cards is None else list(cards)] for s, cards in d["plays"]],
            "matcher": matcher, "returned": returned, "taken": taken, "leader_total": leader_total,
            "made": made, "ribs_lost": ribs_lost, "points": won_now, "summary": summary,
        }
        d["tricks"].append(record)
        d["last_trick"] = record
        if d["trick"] < 4:
            self._start_auction(leader)
        else:
            self._score_deal()

    def _score_deal(self):
        d = self.d
        n = self.players
        lemons = self.options["lemons"]
        total_sevens = n  # one 7 in each packet, every card is dealt
        deal_points = []
        breakdown = []
        for s in range(n):
            won = d["won"][s]
            if lemons:
                sevens = sum(1 for c in won if rank(c) == "7")
                base = points([c for c in won if rank(c) != "7"])
                reasons = [f"{len(won) - sevens} other cards won: {base} points"]
                if sevens * 2 > total_sevens:
                    bonus = 10
                    reasons.append(f"{sevens} of the {total_sevens} sevens, a majority: +10")
                elif sevens:
                    bonus = -3 * sevens
                    reasons.append(f"{sevens} of the {total_sevens} sevens, no majority: {bonus}")
                else:
                    bonus = 0
                score = base + bonus
            else:
                score = points(won)
                reasons = [f"{len(won)} cards won: {score} points"]
            deal_points.append(score)
            breakdown.append({"seat": s, "points": score, "reasons": reasons})
        for s in range(n):
            d["scores"][s] += deal_points[s]
        d["deal_scores"].append(deal_points)
        d["last_deal"] = {"deal": d["deal_number"], "scores": breakdown}
        if d["deal_number"] >= self.options["deals"]:
            d["phase"] = "over"
            d["to_act"] = None
            d["leader"] = None
        else:
            self._start_deal()

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        top = max(d["scores"])
        winners = [s for s, x in enumerate(d["scores"]) if x == top]
        return {"scores": list(d["scores"]), "deal_scores": [list(x) for x in d["deal_scores"]],
                "winner": winners[0] if len(winners) == 1 else None, "winners": winners}

    def standing(self):
        """Ranked by score, highest first (ties share the win, as ``winners`` says)."""
        return Standing(keys=list(self.d["scores"]), scores=list(self.d["scores"]))

    def _ribs_visible_to(self, seat):
        d = self.d
        if d["ribs"] is None:
            return False
        return seat == d["leader"] or self._face_up_trick()

    @staticmethod
    def _trick_view(t):
        return {
            "deal": t["deal"], "trick": t["trick"], "leader": t["leader"], "bid": t["bid"], "ribs": list(t["ribs"]),
            "plays": [[s, None if c is None else list(c)] for s, c in t["plays"]],
            "matcher": t["matcher"], "returned": list(t["returned"]), "taken": list(t["taken"]),
            "leader_total": t["leader_total"], "made": t["made"], "ribs_lost": t["ribs_lost"],
            "points": list(t["points"]), "summary": t["summary"],
        }

    def observe(self, seat):
        d = self.d
        strength = self._strength()
        table = []
        if d["phase"] == "play":
            if d["ribs"] is not None:
                entry = {"seat": d["leader"], "ribs": True}
                if self._ribs_visible_to(seat):
                    entry["cards"] = list(d["ribs"])
                table.append(entry)
            for s, cards in d["plays"]:
                if cards is not None:
                    table.append({"seat": s, "cards": list(cards)})
                else:
                    entry = {"seat": s, "folded": True}
                    if s == seat:
                        entry["cards"] = d["folded"][s][-2:]
                    table.append(entry)
        v = {
            "deal_number": d["deal_number"], "dealer": d["dealer"],
            "trick": d["trick"], "to_act": d["to_act"], "opener": d["opener"], "bid": d["bid"],
            "high_bidder": d["high_bidder"], "passed": list(d["passed"]),
            "auction": [list(x) for x in d["auction"]], "leader": d["leader"], "table": table,
            "hand_counts": [len(h) for h in d["hands"]],
            "tricks": [self._trick_view(t) for t in d["tricks"]],
            "previous_deal_trick": (self._trick_view(d["last_trick"]) if d["last_trick"] and not d["tricks"]
                                    else None),
            "won_points": list(d["won_points"]), "scores": list(d["scores"]),
            "deal_scores": [list(x) for x in d["deal_scores"]],
            "last_deal": None if d["last_deal"] is None else {
                "deal": d["last_deal"]["deal"],
                "scores": [dict(x, reasons=list(x["reasons"])) for x in d["last_deal"]["scores"]]},
        }
        if seat is not None:
            v["hand"] = sorted(d["hands"][seat], key=lambda c: (-strength[c[0]], ORDER[c]))
            v["my_folded"] = list(d["folded"][seat])
        return v

    def clone(self):
        # GameState.clone with a faster deep copy of the plain-JSON state (marshal format 2 keeps
        # no shared references, exactly like plain_copy) and a cheaply seeded generator.
        other = self.__class__.__new__(self.__class__)
        other.d = marshal.loads(marshal.dumps(self.d, 2))
        other.rng = random.Random(0)
        other.rng.setstate(self.rng.getstate())
        return other

    def hidden_cards(self, seat):
        d = self.d
        hidden = set()
        for s in range(self.players):
            if s != seat:
                hidden.update(d["hands"][s])
                hidden.update(d["folded"][s])
        if d["phase"] == "play" and d["ribs"] is not None and not self._ribs_visible_to(seat):
            hidden.update(d["ribs"])
        last = d["last_trick"]
        if last is not None and last["deal"] != d["deal_number"]:
            hidden.difference_update(last["ribs"])
            for _, cards in last["plays"]:
                if cards is not None:
                    hidden.difference_update(cards)
        return hidden

    def all_cards(self):
        return pack_for(self.players)


# -- computer opponents (tabletop.bots): worlds, rewards and a rollout policy ------------------------
# Declared on GAME at the end (bots=BotHooks(...)); the rules above do not use any of it.

def _world_hidden(state, seat):
    """Every card ``seat`` cannot place: other hands, their folded cards and unseen ribs.
    (``hidden_cards`` also leaves out the previous deal's last trick for the leak check; those
    codes are dealt again, unseen, so a world redeals them too.)"""
    d = state.d
    hidden = set()
    for s in range(state.players):
        if s != seat:
            hidden.update(d["hands"][s])
            hidden.update(d["folded"][s])
    if d["phase"] == "play" and d["ribs"] is not None and not state._ribs_visible_to(seat):
        hidden.update(d["ribs"])
    return hidden


def resample_world(state, seat, rng):
    """A world for ``seat``: other hands, their folded cards and face-down ribs redealt; future
    setup deals dropped."""
    from ..bots.worlds import redeal

    world = redeal(state, seat, rng, hidden=_world_hidden(state, seat), keys=("hands", "folded", "ribs"),
                   sorted_keys=("hands", "folded", "ribs"))
    world.d["deals"] = world.d["deals"][:world.d["deal_number"]]
    return world


def bot_deal_id(state):
    return state.d["deal_number"]


def bot_reward(state, seat):
    """The deal just scored: this seat's points against the others' average, scaled into [0, 1];
    at the end of the game 1 for a winner (shared) and 0 otherwise. A deal still in play (a
    rollout cut short) counts the points won so far."""
    d = state.d
    n = state.players
    if state.is_over():
        best = max(d["scores"])
        return (1.0 / d["scores"].count(best)) if d["scores"][seat] == best else 0.0
    if not d["tricks"] and d["deal_scores"] and d["phase"] == "auction":
        points = d["deal_scores"][-1]
    else:
        points = d["won_points"]
    others = (sum(points) - points[seat]) / (n - 1)
    return max(0.0, min(1.0, 0.5 + (points[seat] - others) / 16))


def _quick_rollout(state, seat, rng):
    """Cheap play for simulations: bid up to a limit set by the hand, lead the two strongest ranks,
    play a pair when holding one, else the strongest cards; fold the poorest cards now and then."""
    d = state.d
    hand = d["hands"][seat]
    strength = state._strength()
    if d["phase"] == "auction":
        legal = state.legal_auction(seat)
        if legal == ["bid 2"] or legal == ["pass"]:
            return legal[0]
        limit = 2 + sum(1 for c in hand if strength[c[0]] >= 6) + rng.randrange(0, 3)
        return legal[0] if d["bid"] + 1 <= limit else "pass"
    ranked = sorted(hand, key=lambda c: (-strength[c[0]], ORDER[c]))
    if seat == d["leader"]:
        first = ranked[0]
        second = next((c for c in ranked[1:] if c[0] != first[0]), ranked[1])
        return "lead " + " ".join(sorted((first, second), key=ORDER.__getitem__))
    if not state._face_up_trick() and rng.random() < 0.15:
        poor = sorted(hand, key=lambda c: (POINTS[c[0]], strength[c[0]], ORDER[c]))[:2]
        return "fold " + " ".join(sorted(poor, key=ORDER.__getitem__))
    by_rank = {}
    for c in ranked:
        by_rank.setdefault(c[0], []).append(c)
    pair = next((cs[:2] for cs in by_rank.values() if len(cs) >= 2), None)
    cards = pair if pair and rng.random() < 0.5 else ranked[:2]
    return "play " + " ".join(sorted(cards, key=ORDER.__getitem__))


def _ribs_for(hand, strength):
    """The two cards to lead as ribs: the two strongest ranks (two of the top rank when held twice:
    no face-up card can then rank above the lower rib, so none is returned)."""
    ranked = sorted(hand, key=lambda c: (-strength[c[0]], POINTS[c[0]], ORDER[c]))
    first = ranked[0]
    second = ranked[1]
    return first, second


def _lead_value(state, seat):
    """Points the seat can expect as this trick's leader: its best ribs if the contract is made,
    plus what the others' face-up cards bring (about one and a half points a seat)."""
    d = state.d
    strength = state._strength()
    hand = d["hands"][seat]
    first, second = _ribs_for(hand, strength)
    top = max(strength.values())
    lower = min(strength[first[0]], strength[second[0]])
    # the higher the lower rib, the fewer face-up cards go back to their owners
    share = 0.6 + 1.2 * (lower - 1) / (top - 1)
    return POINTS[first[0]] + POINTS[second[0]] + share * (state.players - 1)


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``), from the seat's hand and the public table only.

    Auction: bid on while the bid stays within what leading can bring (its best ribs plus about
    what the others' face-up cards are worth, more with high ribs), else pass; a failed contract
    costs the ribs, so it never bids beyond that. As the leader: the two strongest ranks as ribs.
    Otherwise: play face up a pair that is likely to come back (a card above a typical lower rib,
    with the best points), or fold two cards worth nothing to the leader (aces are worth 0)."""
    d = state.d
    hand = d["hands"][seat]
    strength = state._strength()
    if d["phase"] == "auction":
        legal = state.legal_auction(seat)
        if len(legal) == 1:
            return legal[0]
        limit = int(_lead_value(state, seat))
        return legal[0] if d["bid"] + 1 <= limit else "pass"
    if seat == d["leader"]:
        return "lead " + " ".join(sorted(_ribs_for(hand, strength), key=ORDER.__getitem__))
    top = max(strength.values())
    ranked = sorted(hand, key=lambda c: (-strength[c[0]], ORDER[c]))
    best = ranked[0]
    if strength[best[0]] >= top - 1 or state._face_up_trick():
        # a top card may bring the pair back: pair it with the best points of another rank
        rest = [c for c in ranked[1:] if c[0] != best[0]] or ranked[1:]
        partner = max(rest, key=lambda c: (POINTS[c[0]], strength[c[0]], -ORDER[c]))
        return "play " + " ".join(sorted((best, partner), key=ORDER.__getitem__))
    # nothing likely to come back: fold the two cards the leader would gain least from
    poor = sorted(hand, key=lambda c: (POINTS[c[0]], strength[c[0]], ORDER[c]))[:2]
    return "fold " + " ".join(sorted(poor, key=ORDER.__getitem__))


def bot_rollout(state, seat, rng):
    """The simulations' policy: the rule-based player, with a random legal move one time in ten."""
    if rng.random() < 0.1:
        return rng.choice(state.legal_actions(seat))
    return bot_heuristic(state, seat, rng)


RibsState.info = GAME = GameInfo(
    slug="ribs", title="Ribs", min_players=4, max_players=10, default_players=4,
    options=(
        Option("lemons", False, "bool", "7s rank highest; at the end a majority of the 7s scores 10, else -3 each"),
        Option("face_up_fourth_trick", False, "bool", "the fourth trick is played face up, ribs included"),
        Option("deals", 1, "int", "number of deals in the game", minimum=1, maximum=99),
    ),
    state_class=RibsState, max_actions=99 * 4 * 10 * 45,
    variants=({"lemons": True}, {"face_up_fourth_trick": True, "deals": 2}),
    bots=BotHooks(reward=bot_reward, rollout=bot_rollout, deal_id=bot_deal_id, resample=resample_world,
                  heuristic=bot_heuristic, normal_iterations=450),
)
