"""Tuppi: Finnish no-trump partnership game - a secret card auction, then rami, nolo or sooli.

Source: shared/rules/tuppi.md (authoritative), from the article seeds/002_714fba0c3b7068ce.txt
(first article, "Tuppi", 2021-12-08).

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

from ..cards import card_name, check_setup_hands, deck, parse_cards, SUIT_NAMES
from ..core import BotHooks, GameInfo, GameState, IllegalAction, Option, Standing
from ..tricks import new_trick, public_trick, to_play, winning_play

RANKS = "23456789TJQKA"
SUITS = "SHDC"
PACK = deck(RANKS, SUITS)
ORDER = {card: i for i, card in enumerate(PACK)}
RED = "HD"
NORMAL_VALUE = {r: i for i, r in enumerate(RANKS)}          # A high
SOOLI_VALUE = {r: i for i, r in enumerate("A23456789TJQK")}  # A low
BID_RANKS = "A23456789T"
TEAMS = [[0, 2], [1, 3]]
PHASES = ("bid", "sooli", "exchange", "give", "play")


def _normal(card):
    return NORMAL_VALUE[card[0]]


def _sooli(card):
    return SOOLI_VALUE[card[0]]


def _suit(card):
    return card[1]


def _is_red_bid(bid):
    return bid == "rami" or (bid != "nolo" and bid[1] in RED)


class TuppiState(GameState):
    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        opts = self.d["options"]
        deals, dealer, scores, played = [], 0, [0, 0], 0
        if setup is not None:
            unknown = set(setup) - {"hands", "deals", "dealer", "scores", "deals_played"}
            if unknown:
                raise ValueError(f"tuppi: unknown setup key(s) {sorted(unknown)}")
            if "hands" in setup and "deals" in setup:
                raise ValueError("tuppi: give either 'hands' or 'deals' in the setup, not both")
            if "deals" in setup:
                if not isinstance(setup["deals"], list) or not all(isinstance(x, dict) and "hands" in x
                                                                    for x in setup["deals"]):
                    raise ValueError("tuppi: setup 'deals' must be a list of {\"hands\": [...]}")
                deals = [x["hands"] for x in setup["deals"]]
            elif "hands" in setup:
                deals = [setup["hands"]]
            for hands in deals:
                seen = check_setup_hands(hands, 4, ORDER, [13] * 4, "tuppi")
                if len(seen) != 52:
                    raise ValueError("tuppi: each deal must be exactly the 52-card pack")
            deals = [[list(h) for h in hands] for hands in deals]
            dealer = setup.get("dealer", 0)
            if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 4:
                raise ValueError(f"tuppi: dealer must be a seat from 0 to 3, not {dealer!r}")
            scores = setup.get("scores", [0, 0])
            if (not isinstance(scores, list) or len(scores) != 2
                    or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in scores)):
                raise ValueError("tuppi: setup 'scores' must be [team0, team1], whole numbers from 0")
            scores = list(scores)
            played = setup.get("deals_played", 0)
            if isinstance(played, bool) or not isinstance(played, int) or played < 0:
                raise ValueError(f"tuppi: setup 'deals_played' must be a whole number from 0, not {played!r}")
            if opts["fixed_deals"]:
                if played >= opts["fixed_deals"]:
                    raise ValueError(f"tuppi: deals_played ({played}) must be below fixed_deals "
                                     f"({opts['fixed_deals']}), or the game is already over")
            else:
                if max(scores) >= opts["target_score"]:
                    raise ValueError(f"tuppi: starting scores must be below the target score "
                                     f"{opts['target_score']}, or the game is already over")
                if min(scores) > 0:
                    raise ValueError("tuppi: only one team may hold points; one starting score must be 0")
        self.d.update({
            "phase": "bid", "deals": deals, "deal_index": 0, "dealer": (dealer - 1) % 4,
            "scores": scores, "deals_played": played, "deal_log": [],
        })
        self._start_deal()

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
        d.update({
            "phase": "bid", "hands": self._deal_hands(), "bids": [None] * 4, "revealed_bids": [],
            "mode": None, "declarer": None, "soloist": None, "out": None, "asked": [],
            "laid": None, "given": None, "set_aside": [], "exchanged": None,
            "to_act": None, "trick": new_trick(None), "history": [], "tricks": [0, 0], "tricks_played": 0,
        })

    def apply(self, seat, action):
        # A clearer refusal than "not your turn" for a seat that has already bid.
        if (self.d["phase"] == "bid" and self._is_seat(seat) and self.d["bids"][seat] is not None
                and isinstance(action, str) and action.split()):
            raise IllegalAction("you have already bid; wait for the other bids")
        super().apply(seat, action)

    # -- whose turn -----------------------------------------------------------------------------
    def movers_bid(self):
        return [s for s in range(4) if self.d["bids"][s] is None]

    def _movers_one(self):
        return [self.d["to_act"]]

    movers_sooli = movers_exchange = movers_give = movers_play = _movers_one

    # -- legal actions ------------------------------------------------------------------------
    def _bid_ranks(self):
        return BID_RANKS if self.d["options"]["bid_twos_allowed"] else BID_RANKS.replace("2", "")

    def legal_bid(self, seat):
        ranks = self._bid_ranks()
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

    def _playable(self, seat):
        hand = self.d["hands"][seat]
        cards = self.d["trick"]["cards"]
        if not cards:
            return hand
        led = cards[0][1][1]
        same = [c for c in hand if c[1] == led]
        return same or hand

    def legal_play(self, seat):
        return ["play " + c for c in self._playable(seat)]

    # -- applying -----------------------------------------------------------------------------
    def _wrong_verb(self, verb, expected):
        if verb in ("bid", "declare", "pass", "exchange", "give", "play"):
            raise IllegalAction(f"'{verb}' is not possible now: {expected}")
        raise IllegalAction(f"unknown move {verb!r}: {expected}")

    def _one_held_card(self, seat, args):
        (card,) = parse_cards(args, ORDER, count=1)
        if card not in self.d["hands"][seat]:
            raise IllegalAction(f"you do not hold the {card_name(card)}")
        return card

    def apply_bid(self, seat, verb, args):
        d = self.d
        if verb != "bid":
            self._wrong_verb(verb, "every player bids one card face down (or 'bid rami' / 'bid nolo')")
        if d["bids"][seat] is not None:
            raise IllegalAction("you have already bid")
        if len(args) != 1:
            raise IllegalAction("bid one card, e.g. 'bid 5H', or 'bid rami' / 'bid nolo'")
        ranks = self._bid_ranks()
        eligible = [c for c in d["hands"][seat] if c[0] in ranks]
        word = args[0]
        if word in ("rami", "nolo"):
            want_red = word == "rami"
            colour = [c for c in eligible if (c[1] in RED) == want_red]
            if colour:
                raise IllegalAction(f"you hold a {'red' if want_red else 'black'} card you may bid "
                                    f"({colour[0]}): bid a card, the verbal '{word}' is only for a hand without one")
            bid = word
        else:
            card = self._one_held_card(seat, args)
            if card[0] in "JQK":
                raise IllegalAction(f"{card} is a court card; J, Q and K may not be bid")
            if card[0] not in ranks:
                raise IllegalAction("2s may not be bid in this game")
            bid = card
        d["bids"][seat] = bid
        if None not in d["bids"]:
            self._reveal()

    def _reveal(self):
        d = self.d
        for step in range(1, 5):
            seat = (d["dealer"] + step) % 4
            bid = d["bids"][seat]
            d["revealed_bids"].append([seat, bid])
            if _is_red_bid(bid):
                d["mode"], d["declarer"] = "rami", seat
                if d["options"]["sooli_allowed"]:
                    d["phase"], d["to_act"] = "sooli", (seat + 1) % 4
                else:
                    self._begin_play()
                return
        d["mode"] = "nolo"
        self._begin_play()

    def apply_sooli(self, seat, verb, args):
        d = self.d
        if verb == "declare":
            if args != ["sooli"]:
                raise IllegalAction("say 'declare sooli' or 'pass'")
            d["asked"].append([seat, "sooli"])
            d["mode"], d["soloist"], d["out"] = "sooli", seat, (seat + 2) % 4
            d["phase"], d["to_act"] = "exchange", seat
            return
        if verb == "pass":
            if args:
                raise IllegalAction("'pass' takes nothing after it")
            d["asked"].append([seat, "pass"])
            if len(d["asked"]) == 1:
                d["to_act"] = (d["declarer"] + 3) % 4
            else:
                self._begin_play()
            return
        self._wrong_verb(verb, "declare sooli or pass")

    def apply_exchange(self, seat, verb, args):
        d = self.d
        if verb == "pass":
            if args:
                raise IllegalAction("'pass' takes nothing after it")
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
        self._wrong_verb(verb, "lay one card face down ('exchange <card>') or 'pass'")

    def apply_give(self, seat, verb, args):
        d = self.d
        if verb != "give":
            self._wrong_verb(verb, "give your partner one card: 'give <card>'")
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

    def _trick_seats(self, leader):
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
        return self._trick_seats(trick["leader"])[played] if played < 3 else None

    def apply_play(self, seat, verb, args):
        d = self.d
        if verb != "play":
            self._wrong_verb(verb, "play one card, e.g. 'play 7S'")
        card = self._one_held_card(seat, args)
        cards = d["trick"]["cards"]
        if cards:
            led = cards[0][1][1]
            if card[1] != led and any(c[1] == led for c in d["hands"][seat]):
                raise IllegalAction(f"you must follow {SUIT_NAMES[led]}")
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
        value = _sooli if d["mode"] == "sooli" else _normal
        winner = winning_play(trick["cards"], _suit, value)[0]
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
            self._score_deal()
            return
        d["trick"] = new_trick(winner)
        d["to_act"] = winner

    def _score_deal(self):
        d = self.d
        opts = d["options"]
        mode, tricks = d["mode"], d["tricks"]
        if mode == "rami":
            team = d["declarer"] % 2
            taken = tricks[team]
            if taken >= 7:
                scoring, points = team, 4 * (taken - 6)
            else:
                scoring, points = 1 - team, 8 * ((13 - taken) - 6)
        elif mode == "nolo":
            scoring = 0 if tricks[0] <= 6 else 1
            points = 4 * (7 - tricks[scoring])
        else:
            soloist_team = d["soloist"] % 2
            scoring = soloist_team if tricks[soloist_team] == 0 else 1 - soloist_team
            points = 24
        scores = d["scores"]
        other = 1 - scoring
        lost = [0, 0]
        gained = points
        if not opts["fixed_deals"]:
            if opts["score_reset"] == "opponents_lose":
                lost[other], scores[other] = scores[other], 0
            elif scores[other] > 0:  # both_zero
                lost = list(scores)
                scores[0] = scores[1] = 0
                gained = 0
        scores[scoring] += gained
        # Logged compactly (see _full_record): dealer, mode, declarer, soloist, tricks (2),
        # scoring team, points, points gained, points lost (2), totals after (2).
        d["deal_log"].append([d["dealer"], mode, d["declarer"], d["soloist"], tricks[0], tricks[1], scoring,
                              points, gained, lost[0], lost[1], scores[0], scores[1]])
        d["deals_played"] += 1
        if opts["fixed_deals"]:
            over = d["deals_played"] >= opts["fixed_deals"]
        else:
            over = scores[scoring] >= opts["target_score"]
        if over:
            d["phase"], d["to_act"], d["trick"] = "over", None, new_trick(None)
            return
        self._start_deal()

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        s0, s1 = d["scores"]
        winner = None if s0 == s1 else (0 if s0 > s1 else 1)
        return {"scores": list(d["scores"]), "winner_team": winner,
                "winners": list(TEAMS[winner]) if winner is not None else [],
                "deals_played": d["deals_played"], "deals": [_full_record(r) for r in d["deal_log"]]}

    def standing(self):
        """The two partnerships ranked by their score (equal: a draw, as ``winner_team`` None says);
        each seat's score is its side's."""
        scores = list(self.d["scores"])
        return Standing(keys=scores, sides=self.info.teams, scores=[scores[s % 2] for s in range(self.players)])

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
            "teams": [[0, 2], [1, 3]], "team_of_seat": [0, 1, 0, 1], "dealer": d["dealer"],
            "mode": d["mode"], "declarer": d["declarer"], "soloist": d["soloist"], "sitting_out": d["out"],
            "bid_placed": [b is not None for b in d["bids"]],
            "awaiting": self.movers_bid() if d["phase"] == "bid" else [],
            "revealed_bids": [list(x) for x in d["revealed_bids"]],
            "sooli_asked": [list(x) for x in d["asked"]], "exchanged": d["exchanged"],
            "hand_counts": [len(h) for h in d["hands"]],
            "leader": d["trick"]["leader"], "to_act": d["to_act"],
            "trick": public_trick(d["trick"])["cards"],
            "history": [{"leader": t[0], "cards": [list(p) for p in zip(self._trick_seats(t[0]), t[2:])],
                         "winner": t[1]} for t in d["history"]],
            "tricks": list(d["tricks"]), "tricks_played": d["tricks_played"],
            "tricks_in_deal": opts["sooli_tricks"] if sooli else 13,
            "scores": list(d["scores"]), "target_score": opts["target_score"],
            "fixed_deals": opts["fixed_deals"], "score_reset": opts["score_reset"],
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


def _full_record(log):
    """The rules file's deal record plus ``dealer``, ``scores`` (totals after the deal), ``lost``
    (points each team lost to a reset) and ``breakdown`` (per team: net change and reasons)."""
    dealer, mode, declarer, soloist, t0, t1, scoring, points, gained, lost0, lost1, s0, s1 = log
    tricks, lost = [t0, t1], [lost0, lost1]
    if mode == "rami":
        team = declarer % 2
        if scoring == team:
            why = f"rami made: declaring team took {tricks[team]} tricks"
        else:
            why = f"rami defeated: defenders took {tricks[scoring]} tricks"
    elif mode == "nolo":
        why = f"nolo: took only {tricks[scoring]} tricks"
    elif scoring == soloist % 2:
        why = "sooli made: soloist took no trick"
    else:
        why = "sooli defeated: soloist took a trick"
    breakdown = []
    for team in (0, 1):
        reasons, change = [], gained - lost[team] if team == scoring else -lost[team]
        if team == scoring:
            reasons.append(f"{why} +{points}" if gained else
                           f"{why}: {points} points forfeited, the other team held points")
        if lost[team]:
            reasons.append(f"only one team holds points: lost {lost[team]}")
        breakdown.append({"team": team, "seats": list(TEAMS[team]), "points": change, "reasons": reasons})
    return {"dealer": dealer, "mode": mode, "declarer": declarer, "soloist": soloist, "tricks": tricks,
            "scoring_team": scoring, "points": points, "lost": lost, "scores": [s0, s1], "breakdown": breakdown}


# -- computer opponents (tabletop.bots): worlds, rewards and a rollout policy ------------------------
# Declared on GAME at the end (bots=BotHooks(...)); the rules above do not use any of it.

_HIGH = {"A": 4, "K": 3, "Q": 2, "J": 1}


def _bot_bid(state, seat, rng):
    """A plausible bid for a hand: red (rami: take tricks) with enough high cards, else black."""
    hand = state.d["hands"][seat]
    points = sum(_HIGH.get(c[0], 0) for c in hand) + rng.randrange(-3, 4)
    want_red = points >= 11
    legal = state.legal_bid(seat)
    cards = [a for a in legal if a[4:] not in ("rami", "nolo") and (a[5] in RED) == want_red]
    if cards:
        return min(cards, key=lambda a: NORMAL_VALUE[a[4]])
    return "bid rami" if want_red else "bid nolo"


def _trick_plays(state):
    d = state.d
    tricks = [list(zip(state._trick_seats(t[0]), t[2:])) for t in d["history"]]
    tricks.append([tuple(p) for p in d["trick"]["cards"]])
    return tricks


def resample_world(state, seat, rng):
    """A world for ``seat``: hidden cards (other hands, a laid card, the partner's set-aside cards)
    redealt, respecting revealed voids and verbal bids (``bid rami``: no red card that could be
    bid; ``bid nolo``: no black one); the other seats' unrevealed bids chosen again from their new
    hands; the card given in a sooli forgotten by those who did not see it; future setup deals
    dropped."""
    from ..bots.worlds import deal_hands, trick_voids

    d = state.d
    voids = trick_voids(_trick_plays(state), _suit)
    ranks = state._bid_ranks()
    verbal = {s: b for s, b in d["revealed_bids"] if b in ("rami", "nolo")}

    def allowed(place, card):
        if card[1] in voids.get(place, ()):
            return False
        word = verbal.get(place)
        if word is not None and card[0] in ranks and (card[1] in RED) == (word == "rami"):
            return False
        return True

    world = deal_hands(state, seat, rng, allowed, extra=("laid", "set_aside"))
    w = world.d
    revealed = {s for s, _ in w["revealed_bids"]}
    for s in range(4):
        if s != seat and w["bids"][s] is not None and s not in revealed:
            w["bids"][s] = None
            w["bids"][s] = _bot_bid(world, s, rng)[4:] if w["phase"] == "bid" else "nolo"
    if seat not in (w["soloist"], w["out"]):
        w["given"] = None
    w["deals"] = w["deals"][:w["deal_index"]]
    return world


def bot_deal_id(state):
    return state.d["deals_played"]


def bot_reward(state, seat):
    """The deal's swing between the two teams' totals (points won, points lost to a reset), scaled
    into [0, 1] around 0.5; the end of the game is 1 for the winners and 0 for the losers."""
    d = state.d
    team = seat % 2
    if state.is_over():
        s = d["scores"]
        return 0.5 if s[0] == s[1] else 1.0 if s[team] > s[1 - team] else 0.0
    if not d["deal_log"] or d["phase"] != "bid" or any(b is not None for b in d["bids"]):
        # a deal in play (a rollout cut short): tricks so far
        t = d["tricks"]
        return 0.5 + 0.02 * (t[team] - t[1 - team]) * (1 if d["mode"] != "nolo" else -1)
    log = d["deal_log"][-1]
    scoring, gained, lost = log[6], log[8], [log[9], log[10]]
    change = [(gained if k == scoring else 0) - lost[k] for k in (0, 1)]
    swing = change[team] - change[1 - team]
    return max(0.0, min(1.0, 0.5 + swing / 120))


def _quick_rollout(state, seat, rng):
    """Cheap play for simulations: bids by high cards; sooli rarely; in play, take tricks in rami
    (not over a partner already winning), avoid them in nolo and sooli."""
    d = state.d
    phase = d["phase"]
    if phase == "bid":
        return _bot_bid(state, seat, rng)
    if phase == "sooli":
        return "declare sooli" if rng.random() < 0.03 else "pass"
    if phase == "exchange":
        hand = d["hands"][seat]
        return "exchange " + max(hand, key=_sooli)
    if phase == "give":
        return "give " + min(d["hands"][seat], key=_sooli)
    playable = state._playable(seat)
    if rng.random() < 0.1:
        return "play " + rng.choice(playable)
    mode = d["mode"]
    value = _sooli if mode == "sooli" else _normal
    cards = d["trick"]["cards"]
    want = mode == "rami"
    if not cards:
        return "play " + (max(playable, key=value) if want else min(playable, key=value))
    led = cards[0][1][1]
    win_seat, win_card = winning_play(cards, _suit, value)
    follow = [c for c in playable if c[1] == led]
    if not follow:  # void: keep good cards when taking tricks, shed them when avoiding
        return "play " + (min(playable, key=value) if want else max(playable, key=value))
    best = value(win_card)
    if want:
        if win_seat % 2 == seat % 2:
            return "play " + min(follow, key=value)
        over = [c for c in follow if value(c) > best]
        return "play " + (min(over, key=value) if over else min(follow, key=value))
    under = [c for c in follow if value(c) < best]
    return "play " + (max(under, key=value) if under else min(follow, key=value))


def _hand_tricks(hand):
    """Tricks a hand may take at no trump: aces, guarded kings and queens, and long-suit length."""
    total = 0.0
    for suit in "SHDC":
        ranks = {c[0] for c in hand if c[1] == suit}
        length = sum(1 for c in hand if c[1] == suit)
        total += ("A" in ranks) + 0.7 * ("K" in ranks and length >= 2) + 0.4 * ("Q" in ranks and length >= 3)
        total += max(0, length - 4) * 0.6
    return total


def _heuristic_bid(state, seat):
    """Red (rami) with a hand worth more than its share of tricks, else black (nolo); the lowest
    eligible card of that colour (a bid card, if revealed, tells everyone where it is)."""
    want_red = _hand_tricks(state.d["hands"][seat]) >= 3.6
    legal = state.legal_bid(seat)
    cards = [a for a in legal if a[4:] not in ("rami", "nolo") and (a[5] in RED) == want_red]
    if cards:
        return min(cards, key=lambda a: (NORMAL_VALUE[a[4]], ORDER[a[4:]]))
    return "bid rami" if want_red else "bid nolo"


def _boss(card, value, played):
    """True when no unplayed card of the suit outranks ``card`` (under the ranking ``value``)."""
    return not any(r + card[1] not in played and value(r + card[1]) > value(card) for r in RANKS)


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``), from the seat's hand and the public table only.

    Bids red with a hand worth more than its share of tricks; declares sooli with a hand of low
    cards only (ace low), lays its highest card and is given the partner's lowest. In rami both
    teams want tricks: cash the masters, else lead low from the longest suit; follow by winning as
    cheaply as possible unless the partner already wins. In nolo duck under the trick with the
    highest card that still loses and shed high cards when void. In sooli the soloist ducks; the
    declaring pair plays low, so that the soloist has to win."""
    d = state.d
    phase = d["phase"]
    hand = d["hands"][seat]
    if phase == "bid":
        return _heuristic_bid(state, seat)
    if phase == "sooli":
        high = sum(max(0, SOOLI_VALUE[c[0]] - 7) for c in hand)
        return "declare sooli" if high <= (4 if d["options"]["sooli_tricks"] == 3 else 1) else "pass"
    if phase == "exchange":
        top = max(hand, key=lambda c: (_sooli(c), ORDER[c]))
        return "exchange " + top if _sooli(top) >= 8 else "pass"
    if phase == "give":
        return "give " + min(hand, key=lambda c: (_sooli(c), ORDER[c]))
    playable = state._playable(seat)
    if len(playable) == 1:
        return "play " + playable[0]
    mode = d["mode"]
    sooli = mode == "sooli"
    value = _sooli if sooli else _normal
    played = {c for t in d["history"] for c in t[2:]} | {c for _, c in d["trick"]["cards"]}
    cards = d["trick"]["cards"]
    low = lambda cs: min(cs, key=lambda c: (value(c), ORDER[c]))  # noqa: E731
    high = lambda cs: max(cs, key=lambda c: (value(c), -ORDER[c]))  # noqa: E731
    if mode == "rami":
        if not cards:
            masters = [c for c in playable if _boss(c, value, played)]
            if masters:
                return "play " + high(masters)
            longest = max("SHDC", key=lambda s_: (sum(1 for c in playable if c[1] == s_), -"SHDC".index(s_)))
            return "play " + low([c for c in playable if c[1] == longest] or playable)
        led = cards[0][1][1]
        win_seat, win_card = winning_play(cards, _suit, value)
        follow = [c for c in playable if c[1] == led]
        if not follow:
            return "play " + low(playable)
        partner_wins = win_seat % 2 == seat % 2 and (_boss(win_card, value, played | set(hand))
                                                      or len(cards) == 3)
        if partner_wins:
            return "play " + low(follow)
        over = [c for c in follow if value(c) > value(win_card)]
        if not over:
            return "play " + low(follow)
        if len(cards) == 3:
            return "play " + low(over)
        bosses = [c for c in over if _boss(c, value, played)]
        return "play " + (low(bosses) if bosses else low(over) if len(cards) == 2 else low(follow))
    # nolo (everyone avoids tricks), or sooli (the soloist avoids them, the declaring pair feeds him)
    avoid = mode == "nolo" or seat == d["soloist"]
    if not cards:
        return "play " + low(playable)
    led = cards[0][1][1]
    win_seat, win_card = winning_play(cards, _suit, value)
    follow = [c for c in playable if c[1] == led]
    if not avoid:  # the declaring pair in sooli: stay under, leave the soloist to win
        if not follow:
            return "play " + high(playable)
        under = [c for c in follow if value(c) < value(win_card)]
        return "play " + (high(under) if under and win_seat == d["soloist"] else low(follow))
    if not follow:
        return "play " + high(playable)
    under = [c for c in follow if value(c) < value(win_card)]
    if under:
        return "play " + high(under)
    return "play " + (high(follow) if len(cards) == len(state._trick_seats(cards[0][0])) - 1 else low(follow))


def bot_rollout(state, seat, rng):
    """The simulations' policy: the rule-based player, with a random legal card one time in ten."""
    phase = state.d["phase"]
    if phase == "play" and rng.random() < 0.1:
        return "play " + rng.choice(state._playable(seat))
    return bot_heuristic(state, seat, rng)


TuppiState.info = GAME = GameInfo(
    slug="tuppi", title="Tuppi", min_players=4, max_players=4, default_players=4,
    options=(
        Option("target_score", 52, "int", "points a team needs to win (not used with fixed_deals)",
               minimum=1, maximum=999),
        Option("rami_first_lead", "declarer", "choice", "who leads the first trick of a rami deal",
               choices=("declarer", "right_of_declarer")),
        Option("bid_twos_allowed", True, "bool", "a 2 may be bid (off: only A and 3-10)"),
        Option("sooli_allowed", True, "bool", "a defender may declare sooli against rami"),
        Option("sooli_tricks", 3, "choice", "tricks played in a sooli deal", choices=(3, 13)),
        Option("score_reset", "opponents_lose", "choice",
               "only one team holds points: the other team drops to 0, or both do",
               choices=("opponents_lose", "both_zero")),
        Option("fixed_deals", 0, "int", "0: play to the target score; N: play exactly N deals, no reset",
               minimum=0, maximum=99),
    ),
    state_class=TuppiState,
    max_actions=100_000,
    variants=({"fixed_deals": 2}, {"sooli_tricks": 13, "fixed_deals": 3},
              {"rami_first_lead": "right_of_declarer", "bid_twos_allowed": False, "score_reset": "both_zero",
               "target_score": 30},
              {"sooli_allowed": False, "fixed_deals": 1}),
    bots=BotHooks(reward=bot_reward, rollout=bot_rollout, deal_id=bot_deal_id, resample=resample_world,
                  heuristic=bot_heuristic, normal_iterations=260),
    teams=tuple(tuple(team) for team in TEAMS),
)
