"""Más-Menos: two-player may-follow trick-taking whose win conditions keep changing.

Source: the Japanese blog article on the game (a blog translation of the BGG English rules, 2019-10-01), as decided by the design's
rules file for this game, which settles what the article leaves open. In this repository:
its worked examples in tests/vectors/mas_menos.json, its rules for players in
static/rules/mas_menos.json.

Rules in brief
    32 cards (7-A in four suits); rank decides a trick, suits never do, and following suit is
    never required. Each player gets 16 cards (packets of 4, non-dealer first).
    Phase ``prepare``: both seats race to discard 3 cards face down. The first accepted discard
    makes that seat the first discarder, who declares one of ``mas`` (high card wins tricks, more
    tricks win the game), ``menos`` (low / fewer), ``antes`` (I lead) or ``despues`` (you lead).
    The second player, once discarded and after seeing that, declares from the other pair.
    Phase ``play``: 13 tricks. Equal ranks: the led card counts higher. After each trick the
    winning card's suit changes a rule: D -> tricks won by low, H -> by high, C -> fewer tricks
    win, S -> more tricks win. After trick 13 the game rule in force names the winner, who scores
    the difference in tricks. Option ``games`` plays a match; the deal alternates.

Action notation
    ``discard C1 C2 C3`` (any order), ``declare mas|menos|antes|despues``, ``play C``.
    Cards are rank+suit codes, ranks ``789TJQKA``, suits ``SHDC``; canonical card order is the
    deck order: spades, hearts, diamonds, clubs, each 7 up to A.

View (``view(seat)``)
    ``hand`` and ``discard`` (own only), ``hand_counts`` and ``discarded`` (done or not) for
    both seats, ``first_discarder``, ``declarations``, ``trick_rule``/``game_rule``, ``leader``,
    the current ``trick`` and every finished trick (``history``: all played cards are public),
    ``visible`` (top red and black winning cards), ``tricks``, ``match_points``, ``last_game``
    (the previous game's score in a match), ``to_move`` and the seat's ``legal_actions``.
    Both discards are shown only when the match is over.

Decisions beyond the rules file: none needed; the dealer is seat 0 and alternates per game.
"""
from __future__ import annotations

from itertools import combinations

from ..cards import deck, parse_cards, rank_of, suit_of
from ..core import BotHooks, GameInfo, GameState, IllegalAction, Option, Standing
from ..reader import Card, Cards, Choice, Ctx, Fields, Int, List, Opt, PerSeat, Seat, Tuple, check, conserve

RANKS = "789TJQKA"
SUITS = "SHDC"
PACK = deck(RANKS, SUITS)
ORDER = {card: i for i, card in enumerate(PACK)}
RANK_VALUE = {r: i for i, r in enumerate(RANKS)}
DECLARATIONS = ("mas", "menos", "antes", "despues")
RULE_PAIR = ("mas", "menos")
LEAD_PAIR = ("antes", "despues")
TRICKS_PER_GAME = 13
# Winning suit -> (rule key, new value).
SUIT_EFFECT = {"D": ("trick_rule", "low"), "H": ("trick_rule", "high"),
               "C": ("game_rule", "fewer"), "S": ("game_rule", "more")}


# What an explicit setup and a saved state may hold (tabletop.reader): anything else is refused.
DEAL = PerSeat(Cards(n=16))
SETUP = Fields({}, optional={"hands": DEAL, "deals": List(Fields({"hands": DEAL}), 1, 99), "dealer": Seat()})
TRICK_RULE = Opt(Choice("high", "low"))
GAME_RULE = Opt(Choice("more", "fewer"))
PLAY = Tuple(Seat(), Card())
STATE = Fields({
    "game_number": Int(1, 99), "dealer": Seat(), "match_points": PerSeat(Int(0, 13 * 99)),
    "deals": List(PerSeat(Cards(n=16, counted=False)), 0, 99),
    "game_results": List(Fields({"tricks": PerSeat(Int(0, 13)), "winner": Seat(), "points": PerSeat(Int(0, 13)),
                                 "game_rule": Choice("more", "fewer")}), 0, 99),
    "hands": PerSeat(Cards(hi=16, ordered=True)), "discards": PerSeat(Opt(Cards(n=3))),
    "first_discarder": Opt(Seat()), "declarations": PerSeat(Opt(Choice(*DECLARATIONS))),
    "trick_rule": TRICK_RULE, "game_rule": GAME_RULE, "tricks": PerSeat(Int(0, 13)), "tricks_played": Int(0, 13),
    "leader": Opt(Seat()), "trick": List(PLAY, 0, 1),
    "history": List(Fields({"leader": Seat(), "cards": List(PLAY, 2, 2), "winner": Seat(),
                            "rules_before": Tuple(TRICK_RULE, GAME_RULE)}), 0, 13),
    "visible": Fields({"red": Opt(Card(counted=False)), "black": Opt(Card(counted=False))}),
})


def trick_winner(leader, led, followed, trick_rule):
    """Seat winning a trick: ranks only; equal ranks count the led card higher."""
    follower = 1 - leader
    led_v, fol_v = RANK_VALUE[rank_of(led)], RANK_VALUE[rank_of(followed)]
    if trick_rule == "high":
        return leader if led_v >= fol_v else follower
    return leader if led_v < fol_v else follower


class MasMenosState(GameState):
    STATE, CARDS, ALL_CARDS_KEPT = STATE, ORDER, True

    # -- setup --------------------------------------------------------------------------------
    def setup(self, setup):
        deals = []
        dealer = 0
        if setup is not None:
            check(setup, SETUP, Ctx("mas_menos", 2, ORDER), "setup")
            if ("hands" in setup) == ("deals" in setup):
                raise ValueError("mas_menos: setup needs 'hands' or 'deals' (one of them)")
            deals = [x["hands"] for x in setup["deals"]] if "deals" in setup else [setup["hands"]]
            for number, hands in enumerate(deals, 1):
                ctx = Ctx("mas_menos", 2, ORDER)  # each deal is the whole pack, once
                check(hands, DEAL, ctx, f"setup deal {number}")
                conserve(ctx, complete=True)
            dealer = setup.get("dealer", 0)
        self.d.update({
            "phase": "prepare", "game_number": 0, "dealer": dealer, "deals": deals,
            "match_points": [0, 0], "game_results": [],
        })
        self._start_game()

    def _deal(self):
        index = self.d["game_number"] - 1
        if index < len(self.d["deals"]):
            return [list(h) for h in self.d["deals"][index]]
        cards = list(PACK)
        self.rng.shuffle(cards)
        # Packets of 4, alternately, non-dealer first.
        hands = [[], []]
        seat = 1 - self.d["dealer"]
        for start in range(0, 32, 4):
            hands[seat].extend(cards[start:start + 4])
            seat = 1 - seat
        return hands

    def _start_game(self):
        d = self.d
        d["game_number"] += 1
        if d["game_number"] > 1:
            d["dealer"] = 1 - d["dealer"]
        d.update({
            "phase": "prepare",
            "hands": [sorted(h, key=ORDER.__getitem__) for h in self._deal()],
            "discards": [None, None], "first_discarder": None, "declarations": [None, None],
            "trick_rule": None, "game_rule": None, "tricks": [0, 0], "tricks_played": 0,
            "leader": None, "trick": [], "history": [], "visible": {"red": None, "black": None},
        })

    # -- whose turn -----------------------------------------------------------------------------
    def movers_prepare(self):
        d = self.d
        first = d["first_discarder"]
        out = []
        for seat in (0, 1):
            if d["discards"][seat] is None:
                out.append(seat)
            elif seat == first and d["declarations"][seat] is None:
                out.append(seat)
            elif seat != first and d["declarations"][first] is not None and d["declarations"][seat] is None:
                out.append(seat)
        return out

    def movers_play(self):
        d = self.d
        return [d["leader"] if not d["trick"] else 1 - d["leader"]]

    # -- legal actions ------------------------------------------------------------------------
    def _declaration_choices(self, seat):
        d = self.d
        first = d["first_discarder"]
        if d["discards"][seat] is None or d["declarations"][seat] is not None:
            return []
        if seat == first:
            return list(DECLARATIONS)
        first_choice = d["declarations"][first]
        if first_choice is None:
            return []
        return list(LEAD_PAIR if first_choice in RULE_PAIR else RULE_PAIR)

    def legal_prepare(self, seat):
        d = self.d
        if d["discards"][seat] is None:
            return ["discard " + " ".join(c) for c in combinations(d["hands"][seat], 3)]
        return ["declare " + x for x in self._declaration_choices(seat)]

    def legal_play(self, seat):
        return ["play " + c for c in self.d["hands"][seat]]

    # -- applying -----------------------------------------------------------------------------
    def apply_prepare(self, seat, verb, args):
        d = self.d
        if verb == "discard":
            if d["discards"][seat] is not None:
                raise IllegalAction("already_discarded", "you have already discarded")
            cards = parse_cards(args, ORDER, count=3)
            missing = [c for c in cards if c not in d["hands"][seat]]
            if missing:
                raise IllegalAction("not_in_hand", f"you do not hold {' '.join(missing)}", cards=missing)
            d["hands"][seat] = [c for c in d["hands"][seat] if c not in cards]
            d["discards"][seat] = cards
            if d["first_discarder"] is None:
                d["first_discarder"] = seat
            return
        if verb == "declare":
            if len(args) != 1 or args[0] not in DECLARATIONS:
                raise IllegalAction("unknown_declaration", "declare one of: mas, menos, antes, despues",
                                    declarations=list(DECLARATIONS))
            choice = args[0]
            if d["discards"][seat] is None:
                raise IllegalAction("discard_before_declaring", "discard 3 cards before you declare")
            if d["declarations"][seat] is not None:
                raise IllegalAction("already_declared", "you have already declared")
            first = d["first_discarder"]
            if seat != first:
                if d["declarations"][first] is None:
                    raise IllegalAction("wait_first_declaration", "wait for the first discarder to declare")
                if choice not in self._declaration_choices(seat):
                    raise IllegalAction("same_pair", f"'{choice}' is in the same pair as '{d['declarations'][first]}': "
                                        f"choose {' or '.join(self._declaration_choices(seat))}",
                                        declaration=choice, first_declaration=d["declarations"][first],
                                        declarations=self._declaration_choices(seat))
            d["declarations"][seat] = choice
            if None not in d["declarations"]:
                self._begin_play()
            return
        if verb == "play":
            raise IllegalAction("not_playing_yet", "no card is played before both players have discarded and declared")
        raise IllegalAction("wrong_move", f"unknown move {verb!r}: use discard or declare now",
                            verb=verb[:20], verbs=["discard", "declare"])

    def _begin_play(self):
        d = self.d
        for seat in (0, 1):
            choice = d["declarations"][seat]
            if choice in RULE_PAIR:
                d["trick_rule"], d["game_rule"] = ("high", "more") if choice == "mas" else ("low", "fewer")
            else:
                d["leader"] = seat if choice == "antes" else 1 - seat
        d["phase"] = "play"

    def apply_play(self, seat, verb, args):
        d = self.d
        if verb != "play":
            raise IllegalAction("wrong_move", f"'{verb}' is not a move during play: play one card",
                                verb=verb[:20], verbs=["play"])
        (card,) = parse_cards(args, ORDER, count=1)
        if card not in d["hands"][seat]:
            raise IllegalAction("not_in_hand", f"you do not hold {card}", cards=[card])
        d["hands"][seat].remove(card)
        d["trick"].append([seat, card])
        if len(d["trick"]) == 2:
            self._finish_trick()

    def _finish_trick(self):
        d = self.d
        (leader, led), (_, followed) = d["trick"]
        winner = trick_winner(leader, led, followed, d["trick_rule"])
        win_card = led if winner == leader else followed
        rules_before = [d["trick_rule"], d["game_rule"]]
        key, value = SUIT_EFFECT[suit_of(win_card)]
        d[key] = value
        d["visible"]["red" if suit_of(win_card) in "HD" else "black"] = win_card
        d["tricks"][winner] += 1
        d["tricks_played"] += 1
        d["history"].append({"leader": leader, "cards": d["trick"], "winner": winner,
                             "rules_before": rules_before})
        d["trick"] = []
        d["leader"] = winner
        if d["tricks_played"] == TRICKS_PER_GAME:
            self._score_game()

    def _score_game(self):
        d = self.d
        t0, t1 = d["tricks"]
        if d["game_rule"] == "more":
            winner = 0 if t0 > t1 else 1
        else:
            winner = 0 if t0 < t1 else 1
        points = [0, 0]
        points[winner] = abs(t0 - t1)
        d["match_points"][winner] += points[winner]
        d["game_results"].append({"tricks": list(d["tricks"]), "winner": winner, "points": points,
                                  "game_rule": d["game_rule"]})
        if d["game_number"] >= d["options"]["games"]:
            d["phase"] = "over"
        else:
            self._start_game()

    def check_invariants(self):
        """A saved state's parts agree: counts with the history, the phase with its decisions."""
        d = self.d
        over = d["phase"] == "over"

        def fail(why):
            raise ValueError(f"mas_menos: {why}")

        if d["game_number"] != len(d["game_results"]) + (0 if over else 1):
            fail("the game number does not follow the games played")
        if over and d["game_number"] != d["options"]["games"]:
            fail("the match is over before its last game")
        if [sum(r["points"][s] for r in d["game_results"]) for s in (0, 1)] != d["match_points"]:
            fail("the match points are not the sum of the games' points")
        if sum(d["tricks"]) != d["tricks_played"] or d["tricks_played"] != len(d["history"]):
            fail("the trick counts do not agree with the tricks played")
        if len(d["deals"]) > d["options"]["games"]:
            fail("more explicit deals than games")
        discarded = [x is not None for x in d["discards"]]
        if (d["first_discarder"] is None) != (not any(discarded)) or (
                d["first_discarder"] is not None and not discarded[d["first_discarder"]]):
            fail("the first discarder has not discarded")
        for seat in (0, 1):
            if d["declarations"][seat] is not None and not discarded[seat]:
                fail(f"seat {seat} declared before discarding")
            played = sum(1 for t in d["history"] for p, _ in t["cards"] if p == seat)
            played += sum(1 for p, _ in d["trick"] if p == seat)
            if len(d["hands"][seat]) != 16 - (3 if discarded[seat] else 0) - played:
                fail(f"seat {seat} holds {len(d['hands'][seat])} cards, which the play so far does not leave")
        playing = d["phase"] == "play" or (over and d["tricks_played"] == TRICKS_PER_GAME)
        if playing and (None in d["declarations"] or d["leader"] is None or d["trick_rule"] is None):
            fail("cards are played before both declarations")
        if d["phase"] == "prepare" and (d["history"] or d["trick"]):
            fail("cards are played before both declarations")
        if d["trick"] and d["trick"][0][0] != d["leader"]:
            fail("the trick was not led by the leader")

    # -- reading ------------------------------------------------------------------------------
    def result(self):
        d = self.d
        if not self.is_over():
            return None
        last = d["game_results"][-1]
        mp = d["match_points"]
        return {"tricks": list(last["tricks"]), "winner": last["winner"], "points": list(last["points"]),
                "game_rule": last["game_rule"], "trick_rule": d["trick_rule"],
                "match_points": list(mp), "match_winner": None if mp[0] == mp[1] else (0 if mp[0] > mp[1] else 1),
                "games_played": len(d["game_results"]),
                "game_results": [dict(r, tricks=list(r["tricks"]), points=list(r["points"]))
                                 for r in d["game_results"]]}

    def standing(self):
        """Ranked by match points (equal points: a drawn match, as ``match_winner`` None says)."""
        return Standing(keys=list(self.d["match_points"]), scores=list(self.d["match_points"]))

    def observe(self, seat):
        d = self.d
        over = self.is_over()
        v = {
            "game_number": d["game_number"],
            "hand_counts": [len(h) for h in d["hands"]],
            "discarded": [x is not None for x in d["discards"]],
            "first_discarder": d["first_discarder"], "declarations": list(d["declarations"]),
            "trick_rule": d["trick_rule"], "game_rule": d["game_rule"], "leader": d["leader"],
            "trick": [list(x) for x in d["trick"]],
            "history": [{"leader": t["leader"], "cards": [list(x) for x in t["cards"]], "winner": t["winner"],
                         "rules_before": list(t["rules_before"])} for t in d["history"]],
            "visible": dict(d["visible"]), "tricks": list(d["tricks"]), "tricks_played": d["tricks_played"],
            "match_points": list(d["match_points"]),
            "last_game": dict(d["game_results"][-1]) if d["game_results"] else None,
        }
        if seat is not None:
            v["hand"] = list(d["hands"][seat])
            v["discard"] = list(d["discards"][seat]) if d["discards"][seat] else None
        if over:
            v["discards"] = [list(x) if x else None for x in d["discards"]]
        return v

    def hidden_cards(self, seat):
        d = self.d
        if seat is None:
            seats = (0, 1)
        else:
            seats = (1 - seat,)
        hidden = set()
        for s in seats:
            hidden.update(d["hands"][s])
            if not self.is_over() and d["discards"][s]:
                hidden.update(d["discards"][s])
        return hidden

    def all_cards(self):
        return list(PACK)


# -- computer opponents (tabletop.bots): worlds, rewards and a rollout policy ------------------------
# Declared on GAME at the end (bots=BotHooks(...)); the rules above do not use any of it.

def resample_world(state, seat, rng):
    """A world for ``seat``: the opponent's hand and discard redealt; future setup deals dropped."""
    from ..bots.worlds import redeal

    world = redeal(state, seat, rng, keys=("hands", "discards"), sorted_keys=("hands", "discards"))
    world.d["deals"] = world.d["deals"][:world.d["game_number"]]
    return world


def bot_deal_id(state):
    return state.d["game_number"]


def bot_reward(state, seat):
    """Match standing after the game: winning it counts most, the margin a little."""
    mp = state.d["match_points"]
    diff = mp[seat] - mp[1 - seat]
    if not state.is_over() and state.d["phase"] == "play":  # a cut rollout: count tricks so far
        t = state.d["tricks"]
        lead = t[seat] - t[1 - seat]
        diff += lead if state.d["game_rule"] == "more" else -lead
    outcome = 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0
    return 0.85 * outcome + 0.15 * (0.5 + max(-13, min(13, diff)) / 26)


def _by_rank(cards):
    return sorted(cards, key=lambda c: (RANK_VALUE[rank_of(c)], ORDER[c]))


def bot_candidates(state, seat):
    """The discards worth searching (3 of the 3 lowest and 3 highest cards, or the 3 middle ones);
    every legal action otherwise."""
    d = state.d
    if d["phase"] != "prepare" or d["discards"][seat] is not None:
        return state.legal_actions(seat)
    hand = _by_rank(d["hands"][seat])
    ends = hand[:3] + hand[-3:]
    middle = len(hand) // 2
    combos = [tuple(c) for c in combinations(ends, 3)] + [tuple(hand[middle - 1:middle + 2])]
    out = []
    for combo in combos:
        action = "discard " + " ".join(sorted(combo, key=ORDER.__getitem__))
        if action not in out:
            out.append(action)
    return out


def _quick_rollout(state, seat, rng):
    """Cheap play for simulations: random discards and declarations; in play, win or lose each
    trick as the game rule in force wants, as cheaply as possible (a random card one time in five)."""
    d = state.d
    if d["phase"] == "prepare":
        if d["discards"][seat] is None:
            cards = sorted(rng.sample(d["hands"][seat], 3), key=ORDER.__getitem__)
            return "discard " + " ".join(cards)
        return "declare " + rng.choice(state._declaration_choices(seat))
    hand = d["hands"][seat]
    if rng.random() < 0.2:
        return "play " + rng.choice(hand)
    high = d["trick_rule"] == "high"
    want_win = d["game_rule"] == "more"
    ranked = _by_rank(hand)  # low to high
    if not d["trick"]:
        if want_win == high:
            return "play " + ranked[-1]
        return "play " + ranked[0]
    led = RANK_VALUE[rank_of(d["trick"][0][1])]
    if high:
        wins = [c for c in ranked if RANK_VALUE[rank_of(c)] > led]
        loses = [c for c in ranked if RANK_VALUE[rank_of(c)] <= led]
    else:
        wins = [c for c in ranked if RANK_VALUE[rank_of(c)] < led]
        loses = [c for c in ranked if RANK_VALUE[rank_of(c)] >= led]
    if want_win:
        if wins:  # the cheapest winner: closest to the led rank
            return "play " + (wins[0] if high else wins[-1])
        return "play " + (ranked[0] if high else ranked[-1])
    if loses:  # the dearest loser: closest to the led rank
        return "play " + (loses[-1] if high else loses[0])
    return "play " + (ranked[-1] if high else ranked[0])


def _after_trick(d, seat, leader, led, followed):
    """How the game stands for ``seat`` after a trick: (tricks lead, game rule, trick rule)."""
    winner = trick_winner(leader, led, followed, d["trick_rule"])
    win_card = led if winner == leader else followed
    rules = {"trick_rule": d["trick_rule"], "game_rule": d["game_rule"]}
    key, value = SUIT_EFFECT[suit_of(win_card)]
    rules[key] = value
    lead = d["tricks"][seat] - d["tricks"][1 - seat] + (1 if winner == seat else -1)
    return lead, rules["game_rule"], rules["trick_rule"]


def _standing_value(d, lead, game_rule, hand):
    """A rough value of a position for the seat: the trick margin under the game rule in force,
    counting more as the game nears its end, and above all the spades and clubs still in hand: the
    last tricks' winning suits set the game rule, so a seat ahead keeps spades (more tricks win)
    and a seat behind keeps clubs (fewer win). (Weights measured against random play: the suit
    term is what makes the player better than random.)"""
    left = TRICKS_PER_GAME - d["tricks_played"] - 1
    want = 1 if game_rule == "more" else -1
    value = want * lead * 2.0 * (TRICKS_PER_GAME - left) / TRICKS_PER_GAME
    ahead = (lead > 0) - (lead < 0)
    value += 3.0 * ahead * (sum(1 for c in hand if c[1] == "S") - sum(1 for c in hand if c[1] == "C"))
    return value


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``), from the seat's hand and the public table only.

    Discards the three middle ranks (sevens and aces decide tricks whichever way the trick rule
    turns); as first to declare lets the opponent lead (the follower sees the led card), else takes
    the rule that suits a high or a low hand. In play it looks one trick ahead: as the follower it
    plays the card after which the game stands best (tricks won under the game rule in force, the
    rule changes the winning card's suit brings, the spades or clubs it keeps for the end), as the leader it
    weighs each card against the cards the opponent may hold (worst case and average)."""
    d = state.d
    hand = d["hands"][seat]
    if d["phase"] == "prepare":
        if d["discards"][seat] is None:
            middle = sorted(hand, key=lambda c: (abs(RANK_VALUE[rank_of(c)] - 3.5), ORDER[c]))[:3]
            return "discard " + " ".join(sorted(middle, key=ORDER.__getitem__))
        choices = state._declaration_choices(seat)
        if "despues" in choices:
            return "declare despues"
        mean = sum(RANK_VALUE[rank_of(c)] for c in hand) / len(hand)
        return "declare " + ("mas" if mean >= 3.5 else "menos")
    trick = d["trick"]
    if trick:
        leader, led = trick[0]

        def score(card):
            lead, game_rule, _ = _after_trick(d, seat, leader, led, card)
            rest = [c for c in hand if c != card]
            return (_standing_value(d, lead, game_rule, rest), -ORDER[card])

        return "play " + max(hand, key=score)
    seen = set(hand) | {c for t in d["history"] for _, c in t["cards"]} | set(d["discards"][seat] or ())
    unseen = [c for c in PACK if c not in seen]

    def lead_score(card):
        rest = [c for c in hand if c != card]
        values = [_standing_value(d, *_after_trick(d, seat, seat, card, reply)[:2], rest) for reply in unseen]
        if not values:
            return (0.0, -ORDER[card])
        return (0.5 * min(values) + 0.5 * sum(values) / len(values), -ORDER[card])

    return "play " + max(hand, key=lead_score)


def bot_rollout(state, seat, rng):
    """The simulations' policy: as the follower, the rule-based player's choice (one trick ahead);
    as the leader and before play, the quick policy (the rule-based lead weighs every card against
    every unseen one, too slow for a simulation); a random card one time in ten."""
    d = state.d
    if d["phase"] == "prepare" or not d["trick"]:
        return _quick_rollout(state, seat, rng)
    if rng.random() < 0.1:
        return "play " + rng.choice(d["hands"][seat])
    return bot_heuristic(state, seat, rng)


# -- the strong level's endgame: every trick left solved exactly, in every world the seat allows -----
#
# Once the hands are small the game is all but open: the seat holds 16 of the 32 cards and sees every
# card played, so the opponent's cards are known save which 3 of them were discarded. The strong level
# then stops simulating and solves the rest exactly (``bot_endgame``): for each way the opponent's
# unseen cards may split into hand and discard (at most C(9, 3) = 84 with 6 cards in hand; a sample
# of ENDGAME_WORLDS should there ever be more), minimax over the tricks left with both hands open
# scores each of the seat's cards by ``bot_reward`` at the end of the game; the card with the best
# mean over the worlds is played. The search's rollouts play those last tricks with a one-trick
# look-ahead and noise; the solver plays them as well as they can be played in each world: strong
# - normal went from +0.08 to +0.27 of a place (tests/bench/results/2026-11-24-arena.md). Cost in CPython,
# one decision with every world (positions shared between worlds): 6 cards 60-320 ms, 5 cards 10-60
# ms; 7 cards would take 0.4-1.2 s for only 8 of the 120 worlds, past the strong level's budget.
ENDGAME_CARDS = 6
ENDGAME_WORLDS = 84
assert all(ORDER[c] // len(RANKS) == SUITS.index(suit_of(c)) and ORDER[c] % len(RANKS) == RANK_VALUE[rank_of(c)]
           for c in PACK), "the solver reads suit and rank from the card's place in PACK"


def _match_reward(diff):
    """``bot_reward`` of a match standing ``diff`` (own match points minus the opponent's)."""
    outcome = 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0
    return 0.85 * outcome + 0.15 * (0.5 + max(-13, min(13, diff)) / 26)


def _resolve(led, followed, leader_is_me, high, more):
    """A trick between card codes: (won by me, trick rule high, game rule more) after it."""
    leader_wins = (led & 7) >= (followed & 7) if high else (led & 7) < (followed & 7)
    suit = (led if leader_wins else followed) >> 3  # S H D C: more, high, low, fewer
    if suit == 0:
        more = True
    elif suit == 1:
        high = True
    elif suit == 2:
        high = False
    else:
        more = False
    return leader_wins == leader_is_me, high, more


def _solve(mine, theirs, i_lead, led, high, more, diff, base, memo):
    """Each of my cards (codes) -> its value to me, both hands open, best play on both sides.

    ``mine``/``theirs``: sorted tuples of card codes; ``led``: the opponent's card on the table when
    I follow (else None); ``diff``: my tricks minus theirs; ``base``: my match points minus theirs
    before this game. ``memo`` (shared by the worlds of one decision) keeps the value of every
    position at the start of a trick."""

    def value(mine, theirs, i_lead, high, more, diff):
        if not mine:  # the 13th trick is played: the game rule in force names the winner
            won = (diff > 0) == more
            return _match_reward(base + (abs(diff) if won else -abs(diff)))
        key = (mine, theirs, i_lead, high, more, diff)
        v = memo.get(key)
        if v is not None:
            return v
        if i_lead:
            v = -1.0
            for i, card in enumerate(mine):
                rest = mine[:i] + mine[i + 1:]
                worst = 2.0
                for j, reply in enumerate(theirs):
                    won, h, m = _resolve(card, reply, True, high, more)
                    x = value(rest, theirs[:j] + theirs[j + 1:], won, h, m, diff + (1 if won else -1))
                    if x < worst:
                        worst = x
                        if worst <= v:  # this lead is no better than one already found
                            break
                if worst > v:
                    v = worst
        else:
            v = 2.0
            for j, card in enumerate(theirs):
                rest = theirs[:j] + theirs[j + 1:]
                top = -1.0
                for i, reply in enumerate(mine):
                    won, h, m = _resolve(card, reply, False, high, more)
                    x = value(mine[:i] + mine[i + 1:], rest, won, h, m, diff + (1 if won else -1))
                    if x > top:
                        top = x
                        if top >= v:  # the opponent has a lead no worse for him
                            break
                if top < v:
                    v = top
        memo[key] = v
        return v

    out = {}
    for i, card in enumerate(mine):
        rest = mine[:i] + mine[i + 1:]
        if led is None:
            worst = 2.0
            for j, reply in enumerate(theirs):
                won, h, m = _resolve(card, reply, True, high, more)
                worst = min(worst, value(rest, theirs[:j] + theirs[j + 1:], won, h, m, diff + (1 if won else -1)))
            out[card] = worst
        else:
            won, h, m = _resolve(led, card, False, high, more)
            out[card] = value(rest, theirs, won, h, m, diff + (1 if won else -1))
    return out


def bot_endgame(view, sampler, rng, deadline=None):
    """The strong level's play once the seat holds at most ENDGAME_CARDS cards: the card whose
    exact value, averaged over the worlds the seat cannot tell apart, is best (see above); None
    before that (the search decides). Reads the view only (the seat's hand and discard, the
    cards played, the opponent's hand count): it counts the worlds itself, ``sampler`` unused."""
    if view.get("phase") != "play" or not view.get("legal_actions"):
        return None
    hand = view["hand"]
    if len(hand) > ENDGAME_CARDS:
        return None
    from ..bots.worlds import timed

    seat = view["seat"]
    seen = set(hand) | set(view.get("discard") or ())
    seen.update(c for t in view["history"] for _, c in t["cards"])
    seen.update(c for _, c in view["trick"])
    unseen = sorted(ORDER[c] for c in PACK if c not in seen)
    count = view["hand_counts"][1 - seat]
    worlds = list(combinations(unseen, count))
    if len(worlds) > ENDGAME_WORLDS:
        worlds = rng.sample(worlds, ENDGAME_WORLDS)
    mine = tuple(sorted(ORDER[c] for c in hand))
    led = ORDER[view["trick"][0][1]] if view["trick"] else None
    tricks = view["tricks"]
    mp = view["match_points"]
    memo = {}
    totals = dict.fromkeys(mine, 0.0)
    for i in timed(len(worlds), deadline):
        theirs = worlds[i]
        values = _solve(mine, theirs, led is None, led, view["trick_rule"] == "high",
                        view["game_rule"] == "more", tricks[seat] - tricks[1 - seat], mp[seat] - mp[1 - seat], memo)
        for card, v in values.items():
            totals[card] += v
    best = max(mine, key=lambda card: (totals[card], -card))
    action = "play " + PACK[best]
    return action if action in view["legal_actions"] else None


MasMenosState.info = GAME = GameInfo(
    slug="mas_menos", title="Más-Menos", min_players=2, max_players=2, default_players=2,
    options=(Option("games", 1, "int", "number of games in the match", minimum=1, maximum=99),),
    state_class=MasMenosState, max_actions=200 * 99,
    variants=({"games": 3},),
    bots=BotHooks(reward=bot_reward, rollout=bot_rollout, deal_id=bot_deal_id, resample=resample_world,
                  candidates=bot_candidates, heuristic=bot_heuristic, endgame=bot_endgame,
                  normal_iterations=350),
)
