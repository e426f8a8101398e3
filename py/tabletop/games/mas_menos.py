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
SUIT_EFFECT = {
    "D": ("trick_rule", "low"),
    "H": ("trick_rule", "high"),
    "C": ("game_rule", "fewer"),
    "S": ("game_rule", "more"),
}


# What an explicit setup and a saved state may hold (tabletop.reader): anything else is refused.
DEAL = PerSeat(Cards(n=16))
SETUP = Fields(
    {}, optional={"hands": DEAL, "deals": List(Fields({"hands": DEAL}), 1, 99), "dealer": Seat()}
)
TRICK_RULE = Opt(Choice("high", "low"))
GAME_RULE = Opt(Choice("more", "fewer"))
PLAY = Tuple(Seat(), Card())
STATE = Fields(
    {
        "game_number": Int(1, 99),
        "dealer": Seat(),
        "match_points": PerSeat(Int(0, 13 * 99)),
        "deals": List(PerSeat(Cards(n=16, counted=False)), 0, 99),
        "game_results": List(
            Fields(
                {
                    "tricks": PerSeat(Int(0, 13)),
                    "winner": Seat(),
                    "points": PerSeat(Int(0, 13)),
                    "game_rule": Choice("more", "fewer"),
                }
            ),
            0,
            99,
        ),
        "hands": PerSeat(Cards(hi=16, ordered=True)),
        "discards": PerSeat(Opt(Cards(n=3))),
        "first_discarder": Opt(Seat()),
        "declarations": PerSeat(Opt(Choice(*DECLARATIONS))),
        "trick_rule": TRICK_RULE,
        "game_rule": GAME_RULE,
        "tricks": PerSeat(Int(0, 13)),
        "tricks_played": Int(0, 13),
        "leader": Opt(Seat()),
        "trick": List(PLAY, 0, 1),
        "history": List(
            Fields(
                {
                    "leader": Seat(),
                    "cards": List(PLAY, 2, 2),
                    "winner": Seat(),
                    "rules_before": Tuple(TRICK_RULE, GAME_RULE),
                }
            ),
            0,
            13,
        ),
        "visible": Fields({"red": Opt(Card(counted=False)), "black": Opt(Card(counted=False))}),
    }
)


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
        self.d.update(
            {
                "phase": "prepare",
                "game_number": 0,
                "dealer": dealer,
                "deals": deals,
                "match_points": [0, 0],
                "game_results": [],
            }
        )
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
            hands[seat].extend(cards[start : start + 4])
            seat = 1 - seat
        return hands

    def _start_game(self):
        d = self.d
        d["game_number"] += 1
        if d["game_number"] > 1:
            d["dealer"] = 1 - d["dealer"]
        d.update(
            {
                "phase": "prepare",
                "hands": [sorted(h, key=ORDER.__getitem__) for h in self._deal()],
                "discards": [None, None],
                "first_discarder": None,
                "declarations": [None, None],
                "trick_rule": None,
                "game_rule": None,
                "tricks": [0, 0],
                "tricks_played": 0,
                "leader": None,
                "trick": [],
                "history": [],
                "visible": {"red": None, "black": None},
            }
        )

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
            elif (
                seat != first
                and d["declarations"][first] is not None
                and d["declarations"][seat] is None
            ):
                out.append(seat)
        return out

    def movers_play(self):
        d = self.d
        return [d["leader"] if not d["trick"] else 1 - d["leader"]]

    # -- legal actions ------------------------------------------------------------------------
    def declaration_choices(self, seat):
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
        return ["declare " + x for x in self.declaration_choices(seat)]

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
                raise IllegalAction(
                    "not_in_hand", f"you do not hold {' '.join(missing)}", cards=missing
                )
            d["hands"][seat] = [c for c in d["hands"][seat] if c not in cards]
            d["discards"][seat] = cards
            if d["first_discarder"] is None:
                d["first_discarder"] = seat
            return
        if verb == "declare":
            if len(args) != 1 or args[0] not in DECLARATIONS:
                raise IllegalAction(
                    "unknown_declaration",
                    "declare one of: mas, menos, antes, despues",
                    declarations=list(DECLARATIONS),
                )
            choice = args[0]
            if d["discards"][seat] is None:
                raise IllegalAction(
                    "discard_before_declaring", "discard 3 cards before you declare"
                )
            if d["declarations"][seat] is not None:
                raise IllegalAction("already_declared", "you have already declared")
            first = d["first_discarder"]
            if seat != first:
                if d["declarations"][first] is None:
                    raise IllegalAction(
                        "wait_first_declaration", "wait for the first discarder to declare"
                    )
                if choice not in self.declaration_choices(seat):
                    raise IllegalAction(
                        "same_pair",
                        f"'{choice}' is in the same pair as '{d['declarations'][first]}': "
                        f"choose {' or '.join(self.declaration_choices(seat))}",
                        declaration=choice,
                        first_declaration=d["declarations"][first],
                        declarations=self.declaration_choices(seat),
                    )
            d["declarations"][seat] = choice
            if None not in d["declarations"]:
                self._begin_play()
            return
        if verb == "play":
            raise IllegalAction(
                "not_playing_yet",
                "no card is played before both players have discarded and declared",
            )
        raise IllegalAction(
            "wrong_move",
            f"unknown move {verb!r}: use discard or declare now",
            verb=verb[:20],
            verbs=["discard", "declare"],
        )

    def _begin_play(self):
        d = self.d
        for seat in (0, 1):
            choice = d["declarations"][seat]
            if choice in RULE_PAIR:
                d["trick_rule"], d["game_rule"] = (
                    ("high", "more") if choice == "mas" else ("low", "fewer")
                )
            else:
                d["leader"] = seat if choice == "antes" else 1 - seat
        d["phase"] = "play"

    def apply_play(self, seat, verb, args):
        d = self.d
        if verb != "play":
            raise IllegalAction(
                "wrong_move",
                f"'{verb}' is not a move during play: play one card",
                verb=verb[:20],
                verbs=["play"],
            )
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
        d["history"].append(
            {"leader": leader, "cards": d["trick"], "winner": winner, "rules_before": rules_before}
        )
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
        d["game_results"].append(
            {
                "tricks": list(d["tricks"]),
                "winner": winner,
                "points": points,
                "game_rule": d["game_rule"],
            }
        )
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
            d["first_discarder"] is not None and not discarded[d["first_discarder"]]
        ):
            fail("the first discarder has not discarded")
        for seat in (0, 1):
            if d["declarations"][seat] is not None and not discarded[seat]:
                fail(f"seat {seat} declared before discarding")
            played = sum(1 for t in d["history"] for p, _ in t["cards"] if p == seat)
            played += sum(1 for p, _ in d["trick"] if p == seat)
            if len(d["hands"][seat]) != 16 - (3 if discarded[seat] else 0) - played:
                fail(
                    f"seat {seat} holds {len(d['hands'][seat])} cards, which the play so far does not leave"
                )
        playing = d["phase"] == "play" or (over and d["tricks_played"] == TRICKS_PER_GAME)
        if playing and (
            None in d["declarations"] or d["leader"] is None or d["trick_rule"] is None
        ):
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
        return {
            "tricks": list(last["tricks"]),
            "winner": last["winner"],
            "points": list(last["points"]),
            "game_rule": last["game_rule"],
            "trick_rule": d["trick_rule"],
            "match_points": list(mp),
            "match_winner": None if mp[0] == mp[1] else (0 if mp[0] > mp[1] else 1),
            "games_played": len(d["game_results"]),
            "game_results": [
                dict(r, tricks=list(r["tricks"]), points=list(r["points"]))
                for r in d["game_results"]
            ],
        }

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
            "first_discarder": d["first_discarder"],
            "declarations": list(d["declarations"]),
            "trick_rule": d["trick_rule"],
            "game_rule": d["game_rule"],
            "leader": d["leader"],
            "trick": [list(x) for x in d["trick"]],
            "history": [
                {
                    "leader": t["leader"],
                    "cards": [list(x) for x in t["cards"]],
                    "winner": t["winner"],
                    "rules_before": list(t["rules_before"]),
                }
                for t in d["history"]
            ],
            "visible": dict(d["visible"]),
            "tricks": list(d["tricks"]),
            "tricks_played": d["tricks_played"],
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


MasMenosState.info = GAME = GameInfo(
    slug="mas_menos",
    title="Más-Menos",
    min_players=2,
    max_players=2,
    default_players=2,
    options=(Option("games", 1, "int", "number of games in the match", minimum=1, maximum=99),),
    state_class=MasMenosState,
    max_actions=200 * 99,
    variants=({"games": 3},),
    computer_players=True,
)
