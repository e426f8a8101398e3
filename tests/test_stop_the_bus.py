"""Stop the Bus: hand ranking, turns, the stop, showdowns, lives, dealers, variants, setups, secrecy."""

import json
import pathlib
import random
import re

import pytest

from tabletop import IllegalAction, get_game
from tabletop.games.stop_the_bus import hand_key, hand_name
from tabletop.session import replay

GAME = get_game("stop_the_bus")
FILLER = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"]


def new(players=3, options=None, setup=None, seed=0):
    return GAME.new_state(players=players, options=options or {}, setup=setup, seed=seed)


def deal(hands, upcard="KS", stock=None):
    return {"hands": hands, "upcard": upcard, "stock": list(stock or [])}


def key(cards, **kw):
    return hand_key(cards.split(), **kw)


def refused(state, seat, action, match):
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match=match):
        state.apply(seat, action)
    assert json.dumps(state.to_json(), sort_keys=True) == before


# -- hand ranking ----------------------------------------------------------------------------------
def test_category_order():
    ordered = [
        "3S 3H 3D",
        "AS AH AD",
        "KS KH KD",
        "2S 2H 2D",
        "3S 2S AS",
        "AS KS QS",
        "4S 3S 2S",
        "3H 2S AD",
        "AH KS QD",
        "4H 3S 2D",
        "AS KS JS",
        "5S 3S 2S",
        "AS AH KD",
        "2S 2H 3D",
        "AS KH JD",
        "5S 3H 2D",
    ]
    keys = [key(h) for h in ordered]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == len(keys)


def test_seed_tie_breaks_and_no_wrap_around():
    assert key("JS 9S 2S") > key("JH 8H 7H")  # flush J-9-2 beats J-8-7
    assert key("5C 5D 3H") > key("4C 4D KH")  # pair 5-5-3 beats 4-4-K
    assert key("KS AH 2D") == (1, 14, 13, 2)  # K-A-2 is not a run
    assert key("AS 2H 3D") == (4, 15)  # 3-2-A is the best run
    assert key("KC 9D 5H") == key("KD 9S 5C")  # equal keys tie exactly


def test_thirty_one_and_blitz_prials():
    assert key("AH KH QH") == (5, 14)
    assert key("AH KH QH", thirty_one=True) == (7,)
    assert key("AH TH JH", thirty_one=True) == (7,) == key("AS KS TS", thirty_one=True)
    assert key("AH KH 9H", thirty_one=True) == (3, 14, 13, 9)  # 30, not 31
    assert key("AH KD QH", thirty_one=True) == (4, 14)  # not suited
    assert key("AS AH AD", thirty_one=True) < (7,)
    assert key("3S 3H 3D", thirty_one=True, prial_blitz=True) == (8, 2)
    assert key("AS AH AD", thirty_one=True, prial_blitz=True) == (8, 1)
    assert key("KS KH KD", thirty_one=True, prial_blitz=True) == (6, 13)


def msg(code, **params):
    return {"code": code, "params": params}


def test_hand_names():
    def name(cards, **kw):
        return hand_name(cards.split(), key(cards, **kw))

    assert name("AH KS QD") == "run A-K-Q"
    assert name("3H 2S AD") == "run 3-2-A"
    assert name("TS JS QS") == "running flush Q-J-10"
    assert name("5C 3H 5D") == "pair 5-5-3"
    assert name("KC 9D 5H") == "high card K-9-5"
    assert name("3S 3H 3D") == "prial 3-3-3"
    assert name("JS QS AS", thirty_one=True) == "thirty-one A-Q-J"


# -- turns ------------------------------------------------------------------------------------------
def test_turn_flow_and_refusals():
    s = new(
        setup={
            "dealer": 0,
            "deals": [
                deal(
                    [["5C", "5D", "3H"], ["4C", "4D", "KH"], ["9S", "9H", "2C"]],
                    "7S",
                    ["QC", "8D", "2D"],
                )
            ],
        }
    )
    assert s.to_move() == [1] and s.legal_actions(1) == ["draw stock", "draw discard", "stop"]
    refused(s, 0, "draw stock", "not seat 0's turn")
    refused(s, 1, "discard 4C", "draw a card")
    refused(s, 1, "draw", "draw stock")
    refused(s, 1, "stop now", "takes nothing")
    s.apply(1, "draw discard")
    assert s.snapshot()["phase"] == "discard" and s.legal_actions(1) == [
        "discard KH",
        "discard 4D",
        "discard 4C",
    ]
    refused(s, 1, "discard 7S", "just taken it")
    refused(s, 1, "discard 9S", "do not hold 9S")
    refused(s, 1, "draw stock", "now discard")
    refused(s, 1, "discard 4C 4D", "exactly 1 card")
    s.apply(1, "discard KH")
    assert s.snapshot()["discard_pile"] == ["KH"]
    assert s.view(0)["known_cards"] == [[1, "7S"]]
    s.apply(2, "stop")
    refused(s, 0, "stop", "already been stopped by seat 2")
    assert s.legal_actions(0) == ["draw stock", "draw discard"]
    assert s.view(None)["last_turns"] == [0, 1]


def test_stop_on_first_turn_and_showdown_view():
    s = new(
        setup={
            "dealer": 2,
            "deals": [
                deal(
                    [["AS", "2H", "3D"], ["KC", "9D", "5H"], ["KD", "9S", "5C"]], "6S", ["2C", "4C"]
                )
            ],
        }
    )
    s.apply(0, "stop")
    s.apply(1, "draw stock")
    assert s.view(1)["drawn"] == "2C" and s.view(0)["drawn"] is None
    assert "2C" not in json.dumps(s.view(0)) and "2C" not in json.dumps(s.view(None))
    s.apply(1, "discard 2C")
    s.apply(2, "draw stock")
    s.apply(2, "discard 4C")
    v = s.view(None)
    ls = v["last_showdown"]
    assert ls["losers"] == [1, 2] and ls["best"] == [0] and ls["stopper"] == 0
    assert {"seat": 0, "hand": msg("hand_run", ranks="3-2-A"), "cards": ["AS", "2H", "3D"]} in ls[
        "hands"
    ]
    worst = msg("reason_worst_tied", hand=msg("hand_high_card", ranks="K-9-5"))
    assert ls["scores"] == [
        {"seat": 1, "lives": -1, "eliminated": False, "reasons": [worst]},
        {"seat": 2, "lives": -1, "eliminated": False, "reasons": [worst]},
    ]
    assert ls["summary"] == msg(
        "sd_worst", seats=[1, 2], hand=msg("hand_high_card", ranks="K-9-5"), n=2
    )
    # The hand names the views carry are codes with ranks; nothing in a view is English prose.
    assert s.view(0)["hand_name"]["code"].startswith("hand_")
    assert v["lives"] == [3, 2, 2] and v["dealer"] == 0 and v["deal_number"] == 2


def test_stock_turnover_keeps_pile_order():
    hands = [["2S", "7D", "9C"], ["3S", "8D", "TC"]]
    s = new(2, setup={"dealer": 1, "deals": [deal(hands, "KH", [])]})
    # Stock empty and the pile holds only the upcard: no draw from the stock.
    assert s.legal_actions(0) == ["draw discard", "stop"]
    refused(s, 0, "draw stock", "stock is empty")
    s = new(2, setup={"dealer": 1, "deals": [deal(hands, "KH", ["4C", "5C"])]})
    s.apply(0, "draw stock")
    s.apply(0, "discard 2S")
    s.apply(1, "draw stock")
    s.apply(1, "discard 3S")
    assert s.snapshot()["discard_pile"] == ["KH", "2S", "3S"] and s.snapshot()["stock"] == []
    s.apply(0, "draw stock")
    snap = s.snapshot()
    # New stock = old pile bottom-to-top without its top card; its first card (KH) was drawn.
    assert snap["discard_pile"] == ["3S"] and snap["stock"] == ["2S"]
    assert sorted(snap["hands"][0]) == sorted(["4C", "7D", "9C", "KH"])
    assert s.view(1)["stock_count"] == 1 and "2S" not in json.dumps(s.view(1))


# -- lives, floating, elimination, dealers ---------------------------------------------------------
def test_stopper_loses_two_with_one_life_is_eliminated():
    setup = {
        "dealer": 0,
        "lives": [3, 1, 3],
        "deals": [
            deal([["AS", "AH", "AD"], ["5C", "3D", "2H"], ["KC", "KD", "KH"]], "9S", ["4D", "6D"])
        ],
    }
    s = new(options={"stopper_loses_two": True}, setup=setup)
    s.apply(1, "stop")
    s.apply(2, "draw stock")
    s.apply(2, "discard 4D")
    s.apply(0, "draw stock")
    s.apply(0, "discard 6D")
    snap = s.snapshot()
    assert snap["eliminated"] == [1] and snap["lives"] == [3, 0, 3]
    (entry,) = s.view(None)["last_showdown"]["scores"]
    assert entry["lives"] == -1 and entry["eliminated"]
    assert [r["code"] for r in entry["reasons"]] == [
        "reason_worst",
        "reason_two",
        "reason_last_life_out",
    ]
    assert s.view(None)["last_showdown"]["summary"]["code"] == "sd_out"
    # Seat 1 (the seat after dealer 0) went out: dealer 0 deals again, seat 2 plays first.
    assert snap["dealer"] == 0 and s.to_move() == [2]
    assert snap["hands"][1] == []


def test_stopper_loses_two_with_two_lives_floats():
    setup = {
        "dealer": 0,
        "lives": [3, 2, 3],
        "deals": [
            deal([["AS", "AH", "AD"], ["5C", "3D", "2H"], ["KC", "KD", "KH"]], "9S", ["4D", "6D"])
        ],
    }
    s = new(options={"stopper_loses_two": True}, setup=setup)
    s.apply(1, "stop")
    for seat, card in ((2, "4D"), (0, "6D")):
        s.apply(seat, "draw stock")
        s.apply(seat, "discard " + card)
    assert s.snapshot()["lives"] == [3, 0, 3] and s.snapshot()["eliminated"] == []
    assert s.view(None)["floating"] == [1]


def test_next_dealer_when_the_seat_after_the_dealer_goes_out():
    hands = [["AS", "AH", "AD"], ["5C", "3D", "2H"], ["5D", "3C", "2S"], ["KC", "KD", "KH"]]
    setup = {"dealer": 1, "lives": [2, 0, 0, 2], "deals": [deal(hands, "9S", ["4D", "6D", "7D"])]}
    s = new(4, setup=setup)
    s.apply(2, "stop")
    s.apply(3, "draw discard")
    s.apply(3, "discard KC")
    s.apply(0, "draw discard")
    s.apply(0, "discard AS")
    s.apply(1, "draw discard")
    s.apply(1, "discard 5C")  # seat 1 now holds 3-2-A
    snap = s.snapshot()
    assert snap["last_showdown"]["losers"] == [2] and snap["eliminated"] == [2]
    # Seat 2 (after dealer 1) went out: dealer 1 deals again and seat 3 plays first.
    assert snap["dealer"] == 1 and s.to_move() == [3]
    # Dealer 1 and seat 2 both go out: the next active seat after seat 2 (seat 3) deals.
    s = new(4, setup=setup)
    s.apply(2, "stop")
    for seat, card in ((3, "4D"), (0, "6D"), (1, "7D")):
        s.apply(seat, "draw stock")
        s.apply(seat, "discard " + card)
    snap = s.snapshot()
    assert snap["last_showdown"]["losers"] == [1, 2] and snap["eliminated"] == [1, 2]
    assert snap["dealer"] == 3 and s.to_move() == [0]


def test_void_showdown_when_everyone_would_go_out():
    setup = {
        "dealer": 0,
        "lives": [0, 0],
        "deals": [deal([["5C", "3D", "2H"], ["5D", "3C", "2S"]], "9S", ["4D"])],
    }
    s = new(2, setup=setup)
    s.apply(1, "stop")
    s.apply(0, "draw discard")
    s.apply(0, "discard 5C")
    # Seat 0 now 9-3-2 beats seat 1's 5-3-2: seat 1 is eliminated, not void.
    assert s.is_over() and s.result() == {
        "winner": 0,
        "lives": [0, 0],
        "eliminated": [1],
        "deals": 1,
    }
    s = new(2, setup=setup)
    s.apply(1, "stop")
    s.apply(0, "draw stock")
    s.apply(0, "discard 4D")
    snap = s.snapshot()
    assert snap["last_showdown"]["void"] and snap["last_showdown"]["losers"] == [0, 1]
    assert snap["lives"] == [0, 0] and snap["eliminated"] == [] and not s.is_over()
    assert snap["dealer"] == 1 and snap["deal_number"] == 2
    assert s.view(0)["last_showdown"]["summary"]["code"] == "sd_void"


def test_four_starting_lives_and_lives_setup():
    s = new(options={"starting_lives": 4})
    assert s.snapshot()["lives"] == [4, 4, 4]
    s = new(setup={"lives": [0, 1, 5]})
    assert s.snapshot()["lives"] == [0, 1, 5] and s.view(None)["floating"] == [0]


# -- blitz ------------------------------------------------------------------------------------------
def test_dealt_blitz_ends_the_deal_at_once():
    deals = [
        deal([["2S", "3H", "4D"], ["AH", "KH", "QH"], ["AS", "JS", "TS"]], "8C", ["2C"]),
        deal([["2S", "3H", "5D"], ["6H", "KH", "QD"], ["AS", "JC", "TS"]], "8C", ["2C"]),
    ]
    s = new(options={"blitz": "31"}, setup={"dealer": 1, "deals": deals})
    ls = s.snapshot()["last_showdown"]
    # Seats 2 and 1 both hold a 31; the first in turn order from dealer 1's left is seat 2.
    assert (
        ls["blitz"] == 2 and ls["losers"] == [0] and ls["best"] == [1, 2] and ls["stopper"] is None
    )
    assert s.snapshot()["deal_number"] == 2 and s.snapshot()["dealer"] == 2 and s.to_move() == [0]


def test_thirty_one_without_blitz_does_not_end_play():
    s = new(
        options={"thirty_one": True},
        setup={
            "dealer": 0,
            "deals": [
                deal(
                    [["2S", "3H", "5D"], ["AH", "KH", "2C"], ["9S", "9D", "9C"]], "QH", ["4S", "5S"]
                )
            ],
        },
    )
    s.apply(1, "draw discard")
    s.apply(1, "discard 2C")
    assert s.to_move() == [2] and s.snapshot()["deal_number"] == 1
    s.apply(2, "stop")
    s.apply(0, "draw stock")
    s.apply(0, "discard 4S")
    s.apply(1, "draw stock")
    s.apply(1, "discard 5S")
    ls = s.snapshot()["last_showdown"]
    assert ls["best"] == [1] and ls["losers"] == [0] and ls["blitz"] is None


def test_prial_blitz_three_threes_beats_thirty_one():
    s = new(
        options={"blitz": "31_prials"},
        setup={
            "dealer": 0,
            "deals": [
                deal(
                    [["3S", "3H", "5D"], ["AH", "KH", "2C"], ["9S", "8D", "2D"]], "3C", ["QH", "4S"]
                )
            ],
        },
    )
    s.apply(1, "draw stock")
    s.apply(1, "discard 2C")  # 31: blitz
    ls = s.snapshot()["last_showdown"]
    assert ls["blitz"] == 1 and ls["losers"] == [2]
    s = new(
        options={"blitz": "31_prials"},
        setup={
            "dealer": 0,
            "deals": [
                deal([["3S", "3H", "5D"], ["AH", "KH", "QH"], ["9S", "8D", "2D"]], "3C", ["4S"])
            ],
        },
    )
    # Seat 1 was dealt a 31: blitz at once, before seat 0 can take the 3.
    assert s.snapshot()["last_showdown"]["blitz"] == 1
    s = new(
        options={"blitz": "31_prials"},
        setup={
            "dealer": 2,
            "deals": [
                deal([["3S", "3H", "5D"], ["AH", "KH", "2C"], ["9S", "8D", "2D"]], "3C", ["QH"])
            ],
        },
    )
    s.apply(0, "draw discard")
    s.apply(0, "discard 5D")
    ls = s.snapshot()["last_showdown"]
    assert ls["blitz"] == 0 and ls["best"] == [0]
    summary = s.view(None)["last_showdown"]["summary"]
    assert summary["code"] == "sd_blitz" and summary["params"]["hand"] == msg(
        "hand_blitz_prial", ranks="3-3-3"
    )


# -- points mode ------------------------------------------------------------------------------------
def test_points_mode_best_hands_score_and_joint_winners():
    deals = [
        deal([["AS", "AH", "AD"], ["AC", "KC", "QC"], ["5C", "3D", "2H"]], "9S", ["4D", "6D"]),
        deal([["KS", "KH", "KD"], ["QS", "QH", "QD"], ["5C", "3D", "2H"]], "9S", ["4D", "6D"]),
    ]
    s = new(
        options={"scoring": "points", "target_points": 1},
        setup={"dealer": 0, "points": [0, 0, 0], "deals": deals},
    )
    s.apply(1, "stop")
    s.apply(2, "draw stock")
    s.apply(2, "discard 4D")
    s.apply(0, "draw stock")
    s.apply(0, "discard 6D")
    assert s.is_over()
    assert s.result() == {"winner": 0, "winners": [0], "points": [1, 0, 0], "deals": 1}
    assert s.view(2)["last_showdown"]["scores"] == [
        {
            "seat": 0,
            "points": 1,
            "reasons": [msg("reason_best", hand=msg("hand_prial", ranks="A-A-A"))],
        }
    ]
    # Joint winners when two best hands tie at the target.
    deals = [deal([["KS", "QS", "JS"], ["KH", "QH", "JH"], ["5C", "3D", "2H"]], "9S", ["4D", "6D"])]
    s = new(
        options={"scoring": "points", "target_points": 2},
        setup={"points": [1, 1, 0], "deals": deals},
    )
    s.apply(1, "stop")
    s.apply(2, "draw stock")
    s.apply(2, "discard 4D")
    s.apply(0, "draw stock")
    s.apply(0, "discard 6D")
    assert s.result() == {"winner": None, "winners": [0, 1], "points": [2, 2, 0], "deals": 1}


def test_points_mode_continues_below_target_and_dealer_passes():
    s = new(options={"scoring": "points"}, setup={"dealer": 2})
    s.apply(0, "stop")
    for seat in (1, 2):
        s.apply(seat, "draw stock")
        s.apply(seat, s.legal_actions(seat)[0])
    snap = s.snapshot()
    assert (
        not s.is_over()
        and sum(snap["points"]) >= 1
        and snap["dealer"] == 0
        and snap["lives"] is None
    )


# -- setups and options ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "setup,message",
    [
        ({"dealer": 3}, "dealer: must be a seat"),
        ({"lives": [3, 3]}, "lives: must have 3 items"),
        ({"lives": [3, -1, 3]}, r"lives\[1\]: must be from 0"),
        ({"points": [0, 0, 0]}, "for points scoring"),
        ({"bus": 1}, "unknown key"),
        ({"deals": {}}, "must be a list"),
        (
            {"deals": [deal([["2S", "3S"], ["4S", "5S", "6S"], ["7S", "8S", "9S"]])]},
            "must hold 3 cards",
        ),
        (
            {"deals": [deal([["2S", "3S", "4S"], ["4S", "5S", "6S"], ["7S", "8S", "9S"]])]},
            "4S is also at",
        ),
        (
            {"deals": [deal([["2S", "3S", "4S"], ["1S", "5S", "6S"], ["7S", "8S", "9S"]])]},
            "not a card of this game",
        ),
        (
            {
                "deals": [
                    deal([["2S", "3S", "4S"], ["5S", "6S", "7S"], ["8S", "9S", "TS"]], upcard="2S")
                ]
            },
            "2S is also at",
        ),
        (
            {"deals": [{"hands": [["2S", "3S", "4S"], ["5S", "6S", "7S"], ["8S", "9S", "TS"]]}]},
            "upcard",
        ),
        ({"deals": [deal([["2S", "3S", "4S"], ["5S", "6S", "7S"]])]}, "hands: must have 3 items"),
        (
            {
                "deals": [
                    deal([["2S", "3S", "4S"], ["5S", "6S", "7S"], ["8S", "9S", "TS"]]),
                    deal([["2S", "3S"], ["5S", "6S", "7S"], ["8S", "9S", "TS"]]),
                ]
            },
            "or none",
        ),
    ],
)
def test_bad_setups_are_refused(setup, message):
    with pytest.raises(ValueError, match=message):
        new(setup=setup)


def test_lives_setup_refused_in_points_mode():
    with pytest.raises(ValueError, match="lives mode"):
        new(options={"scoring": "points"}, setup={"lives": [1, 1, 1]})


@pytest.mark.parametrize(
    "players,options,message",
    [
        (1, {}, "not allowed"),
        (11, {}, "not allowed"),
        (3, {"scoring": "chips"}, "must be one of"),
        (3, {"starting_lives": 0}, "at least 1"),
        (3, {"target_points": 0}, "at least 1"),
        (3, {"blitz": "yes"}, "must be one of"),
        (3, {"thirty_one": 1}, "true or false"),
        (3, {"buses": 1}, "unknown option"),
    ],
)
def test_bad_options_and_player_counts(players, options, message):
    with pytest.raises(ValueError, match=message):
        GAME.new_state(players=players, options=options, seed=1)


def test_later_deal_that_does_not_fit_is_shuffled():
    deals = [
        deal([["AS", "AH", "AD"], ["5C", "3D", "2H"]], "9S", ["4D"]),
        deal([["KS", "KH", "KD"], ["QS", "QH", "QD"]], "9S", []),
    ]
    s = new(2, setup={"lives": [3, 0], "deals": deals})
    s.apply(1, "stop")
    s.apply(0, "draw stock")
    s.apply(0, "discard 4D")
    assert s.is_over()  # seat 1 out; deal 2 never needed
    deals = [
        deal([["AS", "AH", "AD"], ["5C", "3D", "2H"], ["7C", "8D", "TH"]], "9S", ["4D", "6D"]),
        deal([["KS", "KH", "KD"], ["QS", "QH", "QD"], ["JS", "JH", "JD"]], "9S", []),
    ]
    s = new(3, setup={"lives": [3, 0, 3], "deals": deals})
    s.apply(1, "stop")
    for seat, card in ((2, "4D"), (0, "6D")):
        s.apply(seat, "draw stock")
        s.apply(seat, "discard " + card)
    snap = s.snapshot()
    assert snap["eliminated"] == [1] and snap["hands"][1] == []
    assert len(snap["hands"][0]) == 3 and len(snap["stock"]) == 52 - 7  # shuffled full pack


def test_shuffled_deal_is_one_at_a_time_from_dealers_left():
    s = new(3, setup={"dealer": 1}, seed=5)
    snap = s.snapshot()
    assert [len(h) for h in snap["hands"]] == [3, 3, 3] and len(snap["discard_pile"]) == 1
    assert len(snap["stock"]) == 52 - 10 and s.to_move() == [2]


# -- secrecy and the whole game ---------------------------------------------------------------------
def test_views_hide_other_hands_and_stock():
    s = new(4, seed=3)
    snap = s.snapshot()
    for seat in range(4):
        text = json.dumps(s.view(seat))
        for other in range(4):
            for card in snap["hands"][other]:
                assert (card in text) == (other == seat) or card in snap["discard_pile"]
        for card in snap["stock"]:
            assert card not in text
    assert s.view(None)["legal_actions"] == [] and "hand" not in s.view(None)


def test_random_games_end_with_one_survivor():
    for players in (2, 5, 9):
        rng = random.Random(players)
        s = new(players, seed=players)
        while not s.is_over():
            seat = s.to_move()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        r = s.result()
        assert len(r["eliminated"]) == players - 1 and r["winner"] not in r["eliminated"]
        assert s.view(0)["result"] == r and s.snapshot()["to_act"] is None


# -- saved states (issue #20) ---------------------------------------------------------------------
def _within(seconds, fn):
    """Run ``fn`` and fail (instead of hanging the suite) if it takes longer than ``seconds``."""
    import signal

    def stalled(_signum, _frame):
        raise AssertionError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stalled)
    signal.alarm(seconds)
    try:
        return fn()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _after_an_elimination_and_a_stop():
    hands = [["AS", "AH", "AD"], ["5C", "3D", "2H"], ["5D", "3C", "2S"], ["KC", "KD", "KH"]]
    s = new(
        4,
        setup={
            "dealer": 1,
            "lives": [2, 0, 0, 2],
            "deals": [deal(hands, "9S", ["4D", "6D", "7D"])],
        },
    )
    for seat, action in (
        (2, "stop"),
        (3, "draw discard"),
        (3, "discard KC"),
        (0, "draw discard"),
        (0, "discard AS"),
        (1, "draw discard"),
        (1, "discard 5C"),
        (3, "stop"),
    ):
        s.apply(seat, action)
    assert s.d["eliminated"] == [2] and s.d["stopper"] == 3 and s.to_move() == [0]
    return s


def test_a_saved_state_with_players_true_is_refused_at_once():
    """from_json with ``players: true`` used to make view(0) loop forever."""
    data = new(3, seed=4).to_json()
    data["players"] = True
    with pytest.raises(ValueError, match="players"):
        _within(5, lambda: GAME.from_json(data))


def test_a_stopper_who_is_not_in_the_deal_is_refused_and_never_loops():
    s = _after_an_elimination_and_a_stop()
    assert s.view(0)["last_turns"] == [0, 1]
    data = s.to_json()
    data["stopper"] = 2  # eliminated: the walk round the table from the seat to act never met it
    with pytest.raises(ValueError, match="stopper"):
        _within(5, lambda: GAME.from_json(data))
    s.d["stopper"] = 2  # even a state changed behind the reader's back stops at once
    with pytest.raises(AssertionError, match="stopper"):
        _within(5, lambda: s.view(0))


def test_the_worked_example_replay_plays_to_its_end_with_a_caption_per_step():
    """static/replays/stop-the-bus-floating-example.json (rules §11): the engine replays the log to the end; one
    caption per step (0: before the first move) in Japanese and English, no Latin letters in the
    Japanese outside {card:…}/{seat:…} placeholders."""
    path = (
        pathlib.Path(__file__).resolve().parents[1]
        / "static"
        / "replays"
        / "stop-the-bus-floating-example.json"
    )
    data = json.loads(path.read_text(encoding="utf-8"))
    captions = data.pop("captions")
    state, log = replay(data)
    assert state.is_over() and log["game"] == "stop_the_bus"
    assert len(captions) == len(log["actions"]) + 1
    for caption in captions:
        assert set(caption) == {"ja", "en"} and caption["ja"].strip() and caption["en"].strip()
        assert not re.search(r"[A-Za-z]", re.sub(r"\{(card|seat):[^}]+\}", "", caption["ja"])), (
            caption["ja"]
        )
