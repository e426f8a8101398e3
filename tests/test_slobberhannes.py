"""Slobberhannes: scoring, options, player counts, setups and refused moves."""

import json
import random

import pytest

from tabletop import IllegalAction, get_game

GAME = get_game("slobberhannes")


def R(code, **params):
    """A reason as the views carry it: a code with its params."""
    return {"code": code, "params": params}


# Example 1 of the rules file (4 players, dealer 3).
HANDS4 = [
    ["7S", "TS", "QS", "AS", "9H", "TD", "JD", "QC"],
    ["9S", "KH", "8D", "QD", "KD", "AD", "9C", "TC"],
    ["JS", "KS", "8H", "TH", "JH", "9D", "8C", "KC"],
    ["8S", "7H", "QH", "AH", "7D", "7C", "JC", "AC"],
]
PLAYS4 = [
    "7S",
    "9S",
    "JS",
    "8S",
    "8H",
    "7H",
    "9H",
    "KH",
    "8D",
    "9D",
    "7D",
    "TD",
    "TS",
    "9C",
    "KS",
    "7C",
    "8C",
    "JC",
    "QC",
    "TC",
    "JD",
    "QD",
    "TH",
    "QH",
    "KD",
    "JH",
    "AH",
    "QS",
    "AD",
    "KC",
    "AC",
    "AS",
]
# Each seat one suit: seat 0 (leading spades) takes every trick.
SUITED = [[r + s for r in "789TJQKA"] for s in "SHDC"]


def new(players=4, options=None, setup=None, seed=0):
    return GAME.new_state(players=players, options=options or {}, setup=setup, seed=seed)


def play_cards(state, cards):
    for card in cards:
        seat = state.to_move()[0]
        state.apply(seat, "play " + card)


def play_suited_deal(state):
    for rank in "789TJQKA":
        for suit in "SHDC":
            state.apply(state.to_move()[0], "play " + rank + suit)


def random_finish(state, rng):
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


# -- scoring ---------------------------------------------------------------------------------------
def test_three_different_players_take_one_point_each_and_breakdown_names_reasons():
    s = new(setup={"dealer": 3, "hands": HANDS4})
    play_cards(s, PLAYS4)
    rec = s.snapshot()["last_deal"]
    assert rec["first"] == 2 and rec["queen"] == 0 and rec["last"] == 1
    assert s.snapshot()["penalties"] == [1, 1, 1, 0]
    view = s.view(3)
    breakdown = {b["seat"]: b for b in view["last_deal"]["breakdown"]}
    assert breakdown[2]["reasons"] == [R("first_trick")]
    assert breakdown[0]["reasons"] == [R("queen_of_clubs")]
    assert breakdown[1]["reasons"] == [R("last_trick")]
    assert 3 not in breakdown
    # The next deal started at once with the next dealer; its leader is the dealer's left.
    assert s.snapshot()["dealer"] == 0 and s.to_move() == [1] and s.phase == "play"


def test_all_three_costs_four():
    s = new(setup={"dealer": 3, "hands": SUITED})
    play_suited_deal(s)
    assert s.snapshot()["penalties"] == [4, 0, 0, 0]
    (entry,) = s.view(None)["last_deal"]["breakdown"]
    assert entry == {
        "seat": 0,
        "points": 4,
        "reasons": [R("first_trick"), R("queen_of_clubs"), R("last_trick"), R("all_three")],
    }


def test_queen_in_first_trick_counts_for_both():
    # Seat 0 leads clubs; QC falls in the first trick, which seat 3 (AC) wins; last trick to seat 0.
    hands = [
        ["7C", "7S", "8S", "9S", "TS", "JS", "QS", "AS"],
        ["QC", "7H", "8H", "9H", "TH", "JH", "QH", "KH"],
        ["8C", "7D", "8D", "9D", "TD", "JD", "QD", "KD"],
        ["AC", "9C", "TC", "JC", "KC", "KS", "AH", "AD"],
    ]
    s = new(setup={"dealer": 3, "hands": hands})
    play_cards(s, ["7C", "QC", "8C", "AC"])
    snap = s.snapshot()
    assert snap["first_trick_winner"] == 3
    assert s.view(0)["queen_winner"] == 3


def test_loss_limit_ends_game_and_ties_all_lose():
    # Seat 0 at 6 takes 4 -> 10; game over, seat 0 alone loses; winner is always null.
    s = new(setup={"dealer": 3, "hands": SUITED, "penalties": [6, 9, 0, 0]})
    play_suited_deal(s)
    assert s.is_over()
    res = s.result()
    assert res["penalties"] == [10, 9, 0, 0] and res["losers"] == [0] and res["winner"] is None
    assert res["deals_played"] == 1 and res["deals"][0]["penalties"] == [4, 0, 0, 0]
    assert s.snapshot()["to_act"] is None and s.to_move() == []
    assert s.view(2)["result"] == res
    with pytest.raises(ValueError, match="below the loss limit"):
        new(
            setup={"dealer": 3, "hands": SUITED, "penalties": [5, 9, 0, 0]},
            options={"loss_limit": 9},
        )


def test_tied_losers():
    s = new(setup={"dealer": 3, "hands": HANDS4, "penalties": [9, 9, 0, 8]})
    play_cards(s, PLAYS4)
    assert s.is_over() and s.result()["losers"] == [0, 1]
    assert s.result()["penalties"] == [10, 10, 1, 8]


def test_loss_limit_option():
    s = new(options={"loss_limit": 1}, setup={"dealer": 3, "hands": HANDS4})
    play_cards(s, PLAYS4)
    assert s.is_over() and s.result()["losers"] == [0, 1, 2]


# -- revoke option ------------------------------------------------------------------------------------
def test_revoke_illegal_by_default_with_message():
    s = new(setup={"dealer": 3, "hands": HANDS4})
    s.apply(0, "play 7S")
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match="you must follow spades") as err:
        s.apply(1, "play KH")
    assert (err.value.code, err.value.params) == ("must_follow", {"suit": "S"})
    assert json.dumps(s.to_json(), sort_keys=True) == before
    assert s.legal_actions(1) == ["play 9S"]


def test_revoke_allowed_and_penalised_with_option():
    s = new(options={"revoke_penalty": True}, setup={"dealer": 3, "hands": HANDS4})
    s.apply(0, "play 7S")
    assert len(s.legal_actions(1)) == 8
    s.apply(1, "play KH")  # revoke: seat 1 holds 9S
    assert s.view(1)["my_revokes"] == 1
    assert "my_revokes" not in s.view(None)
    assert s.view(0)["my_revokes"] == 0
    # Finish the deal legally.
    rest = ["JS", "8S"]
    play_cards(s, rest)  # seat 2 wins trick 1 with JS
    rng = random.Random(3)
    while s.snapshot()["deals_played"] == 0:
        seat = s.to_move()[0]
        trick = s.d["trick"]["cards"]
        acts = s.legal_actions(seat)
        if trick:  # follow when possible, to keep it to one revoke
            led = trick[0][1][-1]
            follow = [a for a in acts if a[-1] == led]
            acts = follow or acts
        s.apply(seat, rng.choice(acts))
    rec = s.snapshot()["last_deal"]
    assert rec["revokes"] == [0, 1, 0, 0]
    assert rec["first"] == 2
    entry = {b["seat"]: b for b in rec["breakdown"]}[1]
    assert R("revokes", n=1) in entry["reasons"]
    expected = [0, 0, 0, 0]
    for key in ("first", "queen", "last"):
        expected[rec[key]] += 1
    if rec["first"] == rec["queen"] == rec["last"]:
        expected[rec["first"]] += 1
    expected[1] += 1
    assert rec["penalties"] == expected


def test_revoke_counted_and_not_part_of_all_three():
    # Seat 1 holds AS but discards 8H on the spade lead: a revoke.
    hands = [
        ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "7H"],
        ["AS", "8H", "9H", "TH", "JH", "QH", "KH", "AH"],
        SUITED[2],
        SUITED[3],
    ]
    s = new(options={"revoke_penalty": True}, setup={"dealer": 3, "hands": hands})
    play_cards(s, ["7S", "8H", "7D", "7C"])  # revoke by seat 1; seat 0 takes the first trick
    assert s.d["revokes"] == [0, 1, 0, 0]
    play_cards(s, ["8S", "AS", "8D", "8C"])  # seat 1 wins with AS and leads hearts from now on
    play_cards(s, ["9H", "9D", "9C", "7H"])
    for rank, spade in zip("TJQKA", ["9S", "TS", "JS", "QS", "KS"]):
        play_cards(s, [rank + "H", rank + "D", rank + "C", spade])
    rec = s.snapshot()["last_deal"]
    assert rec["revokes"] == [0, 1, 0, 0]
    assert (rec["first"], rec["queen"], rec["last"]) == (0, 1, 1)
    # Queen + last + revoke = 3: a revoke never completes "all three".
    assert rec["penalties"] == [1, 3, 0, 0]
    entry = {b["seat"]: b for b in rec["breakdown"]}[1]
    assert entry["reasons"] == [R("queen_of_clubs"), R("last_trick"), R("revokes", n=1)]


def test_no_revoke_when_void():
    s = new(options={"revoke_penalty": True}, setup={"dealer": 3, "hands": SUITED})
    play_suited_deal(s)
    assert s.snapshot()["last_deal"]["revokes"] == [0, 0, 0, 0]
    assert s.snapshot()["penalties"] == [4, 0, 0, 0]


# -- player counts and decks ----------------------------------------------------------------------------
@pytest.mark.parametrize("players,size", [(3, 10), (4, 8), (5, 6), (6, 5)])
def test_deck_and_hand_sizes(players, size):
    s = new(players=players, seed=5)
    hands = s.d["hands"]
    assert [len(h) for h in hands] == [size] * players
    cards = {c for h in hands for c in h}
    assert len(cards) == size * players
    if players != 4:
        assert "7S" not in cards and "7C" not in cards
    assert s.to_move() == [1]  # dealer 0 by default, its left leads
    assert s.view(0)["tricks_per_deal"] == size


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_end_with_losers(players):
    rng = random.Random(players)
    s = new(players=players, seed=players)
    random_finish(s, rng)
    res = s.result()
    assert max(res["penalties"]) >= 10
    assert res["losers"] == [
        i for i, p in enumerate(res["penalties"]) if p == max(res["penalties"])
    ]
    assert res["deals_played"] == len(res["deals"])
    totals = [sum(d["penalties"][i] for d in res["deals"]) for i in range(players)]
    assert totals == res["penalties"]
    # The deal passes clockwise.
    assert [d["dealer"] for d in res["deals"]] == [k % players for k in range(len(res["deals"]))]


def test_dealer_rotation_and_deals_setup():
    s = new(setup={"dealer": 3, "deals": [{"hands": HANDS4}, {"hands": SUITED}]})
    play_cards(s, PLAYS4)
    assert s.d["dealer"] == 0 and s.d["hands"][0] == [
        "AS",
        "KS",
        "QS",
        "JS",
        "TS",
        "9S",
        "8S",
        "7S",
    ]
    assert s.to_move() == [1]
    # Seat 1 leads hearts and takes everything this time: 4 more for seat 1.
    for rank in "789TJQKA":
        for suit in "HDCS":
            s.apply(s.to_move()[0], "play " + rank + suit)
    assert s.snapshot()["penalties"] == [1, 5, 1, 0]
    assert s.snapshot()["deals_played"] == 2 and s.d["dealer"] == 1
    assert len(s.d["hands"][0]) == 8  # deals exhausted: shuffled


def test_hand_in_deck_order():
    s = new(setup={"dealer": 3, "hands": HANDS4})
    assert s.view(0)["hand"] == ["AS", "QS", "TS", "7S", "9H", "JD", "TD", "QC"]
    assert s.legal_actions(0) == ["play " + c for c in s.view(0)["hand"]]


# -- setups and options refused ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "setup,match",
    [
        ({"hands": HANDS4[:3]}, "setup.hands: must have 4 items, not 3"),
        ({"hands": [HANDS4[0] + ["AD"]] + HANDS4[1:]}, "8 cards"),
        ({"hands": [HANDS4[1]] + HANDS4[1:]}, "9S is also at"),
        ({"hands": [["ZZ"] + HANDS4[0][1:]] + HANDS4[1:]}, '"ZZ" is not a card of this game'),
        ({"hands": HANDS4, "dealer": 4}, "dealer"),
        ({"hands": HANDS4, "dealer": True}, "dealer"),
        ({"hands": HANDS4, "penalties": [0, 0, 0]}, "penalties"),
        ({"hands": HANDS4, "penalties": [0, 0, 0, -1]}, "from 0"),
        ({"hands": HANDS4, "trump": "S"}, r"unknown key\(s\) trump"),
        ({"hands": HANDS4, "deals": []}, "not both"),
        ({"deals": [HANDS4]}, "deals"),
    ],
)
def test_bad_setup_refused(setup, match):
    with pytest.raises(ValueError, match=match):
        new(setup=setup)


def test_short_pack_setup_checked():
    # With 3 players the black sevens are not in the game.
    hands = [
        ["7S", "JS", "KS", "7H", "TH", "AH", "9D", "TD", "JC", "AC"],
        ["TS", "QS", "AS", "JH", "JD", "QD", "KD", "AD", "8C", "TC"],
        ["9S", "8H", "9H", "QH", "KH", "7D", "8D", "9C", "QC", "KC"],
    ]
    with pytest.raises(ValueError, match='"7S" is not a card of this game'):
        new(players=3, setup={"hands": hands})
    with pytest.raises(ValueError, match="5 cards"):
        new(players=6, setup={"hands": [["AS"]] * 6})


@pytest.mark.parametrize(
    "players,options,match",
    [
        (2, {}, "2 players"),
        (7, {}, "7 players"),
        (4, {"revoke": True}, "unknown option"),
        (4, {"revoke_penalty": 1}, "true or false"),
        (4, {"loss_limit": 0}, "at least 1"),
        (4, {"loss_limit": "10"}, "whole number"),
    ],
)
def test_bad_options_refused(players, options, match):
    with pytest.raises(ValueError, match=match):
        new(players=players, options=options)


# -- refused moves ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "seat,action,match,code,params",
    [
        (1, "play 9S", "not seat 1's turn", "not_your_turn", {"seat": 1}),
        (0, "play KH", "do not hold", "not_in_hand", {"cards": ["KH"]}),
        (0, "lead 7S", "not a move", "wrong_move", {"verb": "lead", "verbs": ["play"]}),
        (0, "play", "exactly 1 card", "wrong_card_count", {"n": 1, "given": 0}),
        (0, "play 7S TS", "exactly 1 card", "wrong_card_count", {"n": 1, "given": 2}),
        (0, "play XX", "not a card", "unknown_card", {"text": "XX"}),
    ],
)
def test_refused_moves_leave_state_unchanged(seat, action, match, code, params):
    s = new(setup={"dealer": 3, "hands": HANDS4})
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match=match) as err:
        s.apply(seat, action)
    assert (err.value.code, err.value.params) == (code, params)
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_removed_seven_named_in_message():
    s = new(players=3, seed=1)
    with pytest.raises(IllegalAction, match="not in the pack with 3 players") as err:
        s.apply(s.to_move()[0], "play 7C")
    assert (err.value.code, err.value.params) == ("not_in_pack", {"card": "7C", "n": 3})


def test_no_move_after_game_over():
    s = new(setup={"dealer": 3, "hands": SUITED, "penalties": [9, 0, 0, 0]})
    play_suited_deal(s)
    assert s.is_over()
    with pytest.raises(IllegalAction, match="over"):
        s.apply(0, "play 7S")
    assert s.legal_actions(0) == []


# -- views ----------------------------------------------------------------------------------------
def test_views_show_only_own_hand():
    s = new(setup={"dealer": 3, "hands": HANDS4})
    s.apply(0, "play 7S")
    v = s.view(1)
    assert v["hand"] == ["9S", "KH", "AD", "KD", "QD", "8D", "TC", "9C"]
    assert v["hand_counts"] == [7, 8, 8, 8]
    assert v["trick"] == [[0, "7S"]] and v["to_act"] == 1 and v["legal_actions"] == ["play 9S"]
    text = json.dumps(v)
    for card in HANDS4[2] + HANDS4[3]:
        assert card not in text
    pub = s.view(None)
    assert "hand" not in pub and pub["legal_actions"] == []
    for card in HANDS4[0][1:] + HANDS4[1]:
        assert card not in json.dumps(pub)


def test_view_history_and_trick_counts():
    s = new(setup={"dealer": 3, "hands": HANDS4})
    play_cards(s, PLAYS4[:8])
    v = s.view(None)
    assert [t["winner"] for t in v["history"]] == [2, 1]
    assert v["history"][0]["cards"] == [[0, "7S"], [1, "9S"], [2, "JS"], [3, "8S"]]
    assert (
        v["tricks_won"] == [0, 1, 1, 0]
        and v["first_trick_winner"] == 2
        and v["queen_winner"] is None
    )
    assert v["leader"] == 1 and v["to_move"] == [1]


def test_round_trip_and_clone():
    s = new(seed=9)
    rng = random.Random(1)
    for _ in range(20):
        seat = s.to_move()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    again = GAME.from_json(json.loads(json.dumps(s.to_json())))
    assert again.to_json() == s.to_json()
    c = s.clone()
    c.apply(c.to_move()[0], c.legal_actions(c.to_move()[0])[0])
    assert c.to_json() != s.to_json()


# -- saved states ------------------------------------------------------------------------------------
def _saved(options=None, plays=PLAYS4[:6]):
    s = new(options=options, setup={"dealer": 3, "hands": HANDS4, "penalties": [0, 2, 0, 0]})
    play_cards(s, plays)
    return s.to_json()


def _with(data, change):
    data = json.loads(json.dumps(data))
    change(data)
    return data


@pytest.mark.parametrize(
    "change,why",
    [
        (
            lambda d: d["hands"][0].__setitem__(0, d["hands"][1].pop(0)),
            "equal hands|card order",
        ),  # a card moved
        (lambda d: d["history"][0].__setitem__(1, 3), "wrong winner"),
        (
            lambda d: d["history"][0][2:4].reverse() or d["history"][0].__setitem__(2, "9S"),
            "also at|follow",
        ),
        (lambda d: d.__setitem__("first_trick_winner", 0), "first trick"),
        (lambda d: d.__setitem__("queen_winner", 1), "queen"),
        (lambda d: d.__setitem__("penalties", [0, 12, 0, 0]), "penalty totals"),
        (lambda d: d.__setitem__("to_act", 1), "seat to act"),
        (lambda d: d.__setitem__("phase", "over"), "phase"),
        (lambda d: d.__setitem__("tricks_played", 2), "tricks played"),
        (lambda d: d.__setitem__("revokes", [1, 0, 0, 0]), "revokes"),
    ],
)
def test_saved_states_that_do_not_hold_together_are_refused(change, why):
    """What the state spec cannot say: the deal replays legally from the hands it implies, and
    the first trick, the queen, revokes, totals, the seat to act and the phase follow from it."""
    data = _saved()
    assert GAME.from_json(data).to_json() == data
    with pytest.raises(ValueError, match=why):
        GAME.from_json(_with(data, change))


def test_saved_state_with_a_revoke_must_have_it_counted():
    s = new(options={"revoke_penalty": True}, setup={"dealer": 3, "hands": HANDS4})
    s.apply(0, "play 7S")
    s.apply(1, "play KH")  # a revoke: seat 1 holds 9S
    data = s.to_json()
    assert data["revokes"] == [0, 1, 0, 0] and GAME.from_json(data).to_json() == data
    with pytest.raises(ValueError, match="revokes"):
        GAME.from_json(_with(data, lambda d: d.__setitem__("revokes", [0, 0, 0, 0])))
    with pytest.raises(ValueError, match="did not follow suit"):
        GAME.from_json(_with(data, lambda d: d["options"].__setitem__("revoke_penalty", False)))
