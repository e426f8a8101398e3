"""Tuppi: auction, modes, sooli exchange, scoring and resets, options, setups, views and refusals."""

import json
import random

import pytest

from tabletop import IllegalAction, get_game

GAME = get_game("tuppi")

# Each seat holds one whole suit: the leader wins every trick (nobody can follow).
SUITED = [[r + s for r in "23456789TJQKA"] for s in "SHDC"]
# Rules-file examples 1, 4 and 5.
MIXED = [
    ["AS", "2S", "3S", "AH", "2H", "3H", "AD", "2D", "AC", "2C", "3C", "4C", "KD"],
    ["KS", "QS", "JS", "TS", "KH", "QH", "JH", "TH", "QD", "JD", "KC", "QC", "JC"],
    ["7S", "8S", "9S", "7H", "8H", "9H", "3D", "4D", "8D", "9D", "TD", "9C", "TC"],
    ["4S", "5S", "6S", "4H", "5H", "6H", "5D", "6D", "7D", "5C", "6C", "7C", "8C"],
]


def R(code, **params):
    """A reason as the views carry it: a code with its params."""
    return {"code": code, "params": params}


def new(options=None, setup=None, seed=0):
    return GAME.new_state(players=4, options=options or {}, setup=setup, seed=seed)


def unchanged_after_refusal(state, seat, action, match, code=None, **params):
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match=match) as err:
        state.apply(seat, action)
    if code is not None:
        assert (err.value.code, err.value.params) == (code, params)
    assert json.dumps(state.to_json(), sort_keys=True) == before


def bids(state, pairs):
    for seat, action in pairs:
        state.apply(seat, action)


def play_out_deal(state):
    """Play the current deal to its end with the first legal card each time."""
    deals = state.d["deals_played"]
    while not state.is_over() and state.d["deals_played"] == deals:
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])


def suited_nolo(state):
    """All bids black on the SUITED deal: seats 1 and 2 hold no black card and bid verbally."""
    bids(state, [(0, "bid 5S"), (1, "bid nolo"), (2, "bid nolo"), (3, "bid 5C")])


def suited_rami_by_1(state):
    bids(state, [(0, "bid 5S"), (1, "bid 5H"), (2, "bid nolo"), (3, "bid 5C")])


# -- the auction ------------------------------------------------------------------------------------
def test_bid_phase_is_simultaneous_and_secret():
    s = new(setup={"dealer": 0, "hands": MIXED})
    assert (
        s.to_move() == [0, 1, 2, 3]
        and s.snapshot()["to_act"] is None
        and s.snapshot()["mode"] is None
    )
    s.apply(3, "bid 5D")
    assert s.to_move() == [0, 1, 2]
    assert s.view(3)["my_bid"] == "5D"
    assert s.view(0)["bid_placed"] == [False, False, False, True]
    assert "5D" not in json.dumps(s.view(0)) and "5D" not in json.dumps(s.view(None))
    unchanged_after_refusal(s, 3, "bid 6D", "already bid", "already_bid")


def test_bid_legal_actions_cards_then_verbal():
    s = new(setup={"dealer": 0, "hands": SUITED})
    assert s.legal_actions(1) == ["bid " + r + "H" for r in "23456789TA"] + ["bid nolo"]
    assert s.legal_actions(0) == ["bid " + r + "S" for r in "23456789TA"] + ["bid rami"]
    s = new(options={"bid_twos_allowed": False}, setup={"dealer": 0, "hands": SUITED})
    assert s.legal_actions(1) == ["bid " + r + "H" for r in "3456789TA"] + ["bid nolo"]


def test_bid_refusals():
    s = new(setup={"dealer": 0, "hands": MIXED})
    unchanged_after_refusal(s, 1, "bid KS", "court card", "court_card_bid", card="KS")
    unchanged_after_refusal(s, 1, "bid 5S", "do not hold", "not_in_hand", cards=["5S"])
    unchanged_after_refusal(s, 0, "bid rami", "red card you may bid", "bid_red_card", card="2H")
    unchanged_after_refusal(s, 0, "bid nolo", "black card you may bid", "bid_black_card", card="2S")
    unchanged_after_refusal(s, 0, "bid", "bid one card", "bid_one_card")
    unchanged_after_refusal(s, 0, "bid AS 2S", "bid one card", "bid_one_card")
    unchanged_after_refusal(
        s, 0, "play AS", "not possible now", "wrong_move", verb="play", verbs=["bid"]
    )
    unchanged_after_refusal(s, 0, "bid ZZ", "not a card", "unknown_card", text="ZZ")
    s = new(options={"bid_twos_allowed": False}, setup={"dealer": 0, "hands": MIXED})
    unchanged_after_refusal(s, 0, "bid 2S", "2s may not be bid", "two_not_biddable", card="2S")


def test_seat_with_only_court_cards_bids_verbally():
    # Seat 1 holds only J/Q/K plus TS and TH: after TS/TH there is nothing else eligible.
    s = new(setup={"dealer": 0, "hands": MIXED})
    assert s.legal_actions(1) == ["bid TS", "bid TH"]
    s = new(options={"bid_twos_allowed": False}, setup={"dealer": 0, "hands": MIXED})
    # Seat 0 then has A and 3 only: AS, 3S, AH, 3H, AD, AC, 3C, 4C.
    assert "bid 2S" not in s.legal_actions(0) and "bid AD" in s.legal_actions(0)


def test_twos_barred_make_verbal_bid_legal():
    hands = [
        ["2H", "2D", "JH", "QH", "KH", "JD", "QD", "KD", "AS", "KS", "QS", "JS", "TS"],
        ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "AH", "3D", "4D", "5D", "6D"],
        ["7D", "8D", "9D", "TD", "AD", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"],
        ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
    ]
    s = new(options={"bid_twos_allowed": False}, setup={"dealer": 0, "hands": hands})
    assert s.legal_actions(0) == ["bid TS", "bid AS", "bid rami"]
    s.apply(0, "bid rami")
    s = new(setup={"dealer": 0, "hands": hands})
    unchanged_after_refusal(s, 0, "bid rami", "red card you may bid")


def test_reveal_stops_at_first_red_and_hides_the_rest():
    s = new(setup={"dealer": 0, "hands": MIXED})
    bids(s, [(1, "bid TS"), (2, "bid 8H"), (0, "bid AS"), (3, "bid 5D")])
    snap = s.snapshot()
    assert (
        snap["mode"] == "rami"
        and snap["declarer"] == 2
        and snap["revealed_bids"] == [[1, "TS"], [2, "8H"]]
    )
    assert snap["phase"] == "sooli" and snap["to_act"] == 3
    pub = s.view(None)
    assert pub["revealed_bids"] == [[1, "TS"], [2, "8H"]]
    # The revealed bid cards are public; seat 3's and seat 0's bids stay secret.
    assert "5D" not in json.dumps(s.view(1))
    assert s.view(3)["my_bid"] == "5D" and s.view(0)["my_bid"] == "AS"


def test_verbal_red_bid_reveals_as_rami():
    s = new(setup={"dealer": 0, "hands": SUITED})
    bids(s, [(1, "bid nolo"), (2, "bid nolo"), (3, "bid 2C"), (0, "bid rami")])
    snap = s.snapshot()
    assert snap["revealed_bids"] == [[1, "nolo"], [2, "nolo"], [3, "2C"], [0, "rami"]]
    assert snap["declarer"] == 0 and snap["mode"] == "rami"


def test_nolo_deal_and_scoring():
    s = new(setup={"dealer": 3, "hands": SUITED})
    suited_nolo(s)
    snap = s.snapshot()
    assert snap["mode"] == "nolo" and snap["declarer"] is None and snap["phase"] == "play"
    assert len(snap["revealed_bids"]) == 4 and snap["to_act"] == 0  # dealer's left leads
    play_out_deal(s)
    rec = s.snapshot()["last_deal"]
    assert rec["mode"] == "nolo" and rec["tricks"] == [13, 0]
    assert rec["scoring_team"] == 1 and rec["points"] == 28
    assert s.snapshot()["scores"] == [0, 28]
    team1 = rec["breakdown"][1]
    assert team1 == {
        "team": 1,
        "seats": [1, 3],
        "points": 28,
        "reasons": [R("nolo_made", n=0, points=28), R("points_scored", n=28)],
    }


# -- sooli ---------------------------------------------------------------------------------------------
def test_sooli_offered_left_then_right_and_both_pass():
    s = new(setup={"dealer": 3, "hands": SUITED})
    suited_rami_by_1(s)
    assert s.to_move() == [2]
    assert s.legal_actions(2) == ["declare sooli", "pass"]
    unchanged_after_refusal(s, 2, "declare solo", "declare sooli", "declare_sooli_or_pass")
    unchanged_after_refusal(s, 2, "pass now", "takes nothing", "pass_alone")
    s.apply(2, "pass")
    assert s.to_move() == [0]
    s.apply(0, "pass")
    assert s.snapshot()["phase"] == "play" and s.to_move() == [1] and s.snapshot()["mode"] == "rami"
    assert s.view(None)["sooli_asked"] == [[2, "pass"], [0, "pass"]]


def test_second_defender_may_declare_sooli():
    s = new(setup={"dealer": 3, "hands": SUITED})
    suited_rami_by_1(s)
    s.apply(2, "pass")
    s.apply(0, "declare sooli")
    snap = s.snapshot()
    assert snap["mode"] == "sooli" and snap["soloist"] == 0 and snap["phase"] == "exchange"
    assert s.view(None)["sitting_out"] == 2


def test_sooli_not_allowed_goes_straight_to_play():
    s = new(options={"sooli_allowed": False}, setup={"dealer": 3, "hands": SUITED})
    suited_rami_by_1(s)
    assert s.snapshot()["phase"] == "play" and s.to_move() == [1]


def test_sooli_exchange_is_blind_and_private():
    s = new(setup={"dealer": 0, "hands": MIXED})
    bids(s, [(1, "bid TH"), (2, "bid 7S"), (3, "bid 4S"), (0, "bid AS")])
    s.apply(2, "pass")
    s.apply(0, "declare sooli")
    assert s.legal_actions(0)[-1] == "pass" and len(s.legal_actions(0)) == 14
    unchanged_after_refusal(s, 0, "exchange KS", "do not hold")
    s.apply(0, "exchange KD")
    assert s.snapshot()["phase"] == "give" and s.to_move() == [2]
    assert s.view(0)["laid_card"] == "KD"
    assert "KD" not in json.dumps(s.view(2)) and "KD" not in json.dumps(s.view(None))
    assert s.view(1)["exchanged"] is True
    unchanged_after_refusal(s, 2, "give AS", "do not hold")
    s.apply(2, "give 3D")
    assert "3D" in s.view(0)["hand"] and len(s.view(0)["hand"]) == 13
    assert s.view(0)["given_card"] == "3D" and s.view(2)["given_card"] == "3D"
    assert "given_card" not in s.view(1)
    assert sorted(s.view(2)["set_aside"]) == sorted(c for c in MIXED[2] if c != "3D")
    assert s.view(2)["hand"] == [] and s.view(None)["hand_counts"] == [13, 13, 0, 13]
    assert "set_aside" not in s.view(0)
    for card in MIXED[2]:  # nothing of seat 2's old hand is visible to seat 1
        assert card not in json.dumps(s.view(1))
    # Sooli order: declarer, his partner, then the soloist.
    assert s.to_move() == [1]
    s.apply(1, "play TS")
    assert s.to_move() == [3]
    s.apply(3, "play 4S")
    assert s.to_move() == [0]


def test_sooli_pass_sets_partner_hand_aside():
    s = new(setup={"dealer": 0, "hands": MIXED})
    bids(s, [(1, "bid TH"), (2, "bid 7S"), (3, "bid 4S"), (0, "bid AS")])
    s.apply(2, "pass")
    s.apply(0, "declare sooli")
    s.apply(0, "pass")
    assert s.snapshot()["phase"] == "play"
    assert s.view(2)["set_aside"] == sorted(
        MIXED[2], key=lambda c: ("SHDC".index(c[1]), "23456789TJQKA".index(c[0]))
    )
    assert s.view(0)["exchanged"] is False and s.view(0)["given_card"] is None


def test_sooli_ace_low_and_soloist_survives_three_tricks():
    s = new(setup={"dealer": 0, "hands": MIXED})
    bids(s, [(1, "bid TH"), (2, "bid 7S"), (3, "bid 4S"), (0, "bid AS")])
    s.apply(2, "pass")
    s.apply(0, "declare sooli")
    s.apply(0, "exchange KD")
    s.apply(2, "give 3D")
    for cards in (["TS", "4S", "AS"], ["QH", "6H", "3H"], ["KC", "8C", "4C"]):
        for card in cards:
            s.apply(s.to_move()[0], "play " + card)
    rec = s.snapshot()["last_deal"]
    assert (
        rec["mode"] == "sooli"
        and rec["soloist"] == 0
        and rec["scoring_team"] == 0
        and rec["points"] == 24
    )
    assert rec["breakdown"][0]["reasons"] == [R("sooli_made"), R("points_scored", n=24)]
    assert s.snapshot()["phase"] == "bid" and s.snapshot()["dealer"] == 1


def test_sooli_thirteen_tricks():
    s = new(options={"sooli_tricks": 13}, setup={"dealer": 3, "hands": SUITED})
    suited_rami_by_1(s)
    s.apply(2, "declare sooli")
    s.apply(2, "pass")
    assert s.view(None)["tricks_in_deal"] == 13
    play_out_deal(s)
    rec = s.snapshot()["last_deal"]
    assert rec["tricks"] == [0, 13] and rec["scoring_team"] == 0 and rec["points"] == 24
    s = new(setup={"dealer": 3, "hands": SUITED})
    suited_rami_by_1(s)
    s.apply(2, "declare sooli")
    s.apply(2, "pass")
    play_out_deal(s)
    assert s.snapshot()["last_deal"]["tricks"] == [0, 3]


def test_sooli_soloist_wins_a_trick_ends_the_deal():
    s = new(setup={"dealer": 0, "hands": MIXED})
    bids(s, [(1, "bid TH"), (2, "bid 7S"), (3, "bid 4S"), (0, "bid AS")])
    s.apply(2, "pass")
    s.apply(0, "declare sooli")
    s.apply(0, "pass")
    s.apply(1, "play QD")
    s.apply(3, "play 7D")
    unchanged_after_refusal(s, 0, "play 3S", "must follow diamonds", "must_follow", suit="D")
    assert s.legal_actions(0) == ["play 2D", "play KD", "play AD"]
    s.apply(0, "play KD")
    rec = s.snapshot()["last_deal"]
    assert rec["tricks"] == [1, 0] and rec["scoring_team"] == 1
    assert rec["breakdown"][1]["reasons"] == [R("sooli_defeated"), R("points_scored", n=24)]


# -- scoring and resets ------------------------------------------------------------------------------
def test_opponents_lose_their_points():
    s = new(setup={"dealer": 3, "hands": SUITED, "scores": [20, 0]})
    suited_nolo(s)  # team 1 scores 28
    play_out_deal(s)
    assert s.snapshot()["scores"] == [0, 28]
    rec = s.snapshot()["last_deal"]
    assert rec["lost"] == [20, 0]
    assert rec["breakdown"][0] == {
        "team": 0,
        "seats": [0, 2],
        "points": -20,
        "reasons": [R("points_lost", n=20)],
    }


def test_both_zero_reset():
    s = new(
        options={"score_reset": "both_zero"},
        setup={"dealer": 3, "hands": SUITED, "scores": [20, 0]},
    )
    suited_nolo(s)
    play_out_deal(s)
    assert s.snapshot()["scores"] == [0, 0]
    rec = s.snapshot()["last_deal"]
    assert rec["points"] == 28 and rec["scoring_team"] == 1
    assert rec["breakdown"][1]["points"] == 0
    assert rec["breakdown"][1]["reasons"] == [
        R("nolo_made", n=0, points=28),
        R("points_forfeited", n=28),
    ]
    # The scoring team's own points are kept and increased.
    s = new(
        options={"score_reset": "both_zero"},
        setup={"dealer": 3, "hands": SUITED, "scores": [0, 20]},
    )
    suited_nolo(s)
    play_out_deal(s)
    assert not s.is_over() and s.snapshot()["scores"] == [0, 48]


def test_target_reached_ends_game():
    s = new(setup={"dealer": 3, "hands": SUITED, "scores": [0, 24]})
    suited_nolo(s)
    play_out_deal(s)
    assert s.is_over()
    res = s.result()
    assert res["scores"] == [0, 52] and res["winner_team"] == 1 and res["winners"] == [1, 3]
    assert res["deals_played"] == 1 and res["deals"][0]["points"] == 28
    assert s.view(0)["result"] == res and s.to_move() == [] and s.snapshot()["to_act"] is None
    unchanged_after_refusal(s, 0, "bid 5S", "over")


def test_target_score_option():
    s = new(options={"target_score": 28}, setup={"dealer": 3, "hands": SUITED})
    suited_nolo(s)
    play_out_deal(s)
    assert s.is_over() and s.result()["winner_team"] == 1


def test_fixed_deals_accumulate_without_reset_and_may_draw():
    s = new(
        options={"fixed_deals": 2},
        setup={"dealer": 3, "deals": [{"hands": SUITED}, {"hands": SUITED}], "scores": [0, 0]},
    )
    suited_nolo(s)
    play_out_deal(s)  # team 1 +28
    assert s.snapshot()["scores"] == [0, 28] and s.snapshot()["dealer"] == 0
    # Deal 2, dealer 0: seat 1 leads hearts in nolo and takes everything: team 0 +28.
    suited_nolo(s)
    play_out_deal(s)
    assert s.is_over()
    res = s.result()
    assert res["scores"] == [28, 28] and res["winner_team"] is None and res["winners"] == []
    assert res["deals_played"] == 2


def test_fixed_deals_no_reset_and_deals_played_setup():
    s = new(
        options={"fixed_deals": 3},
        setup={"dealer": 3, "hands": SUITED, "scores": [20, 5], "deals_played": 2},
    )
    suited_nolo(s)
    play_out_deal(s)
    assert s.is_over()
    assert (
        s.result()["scores"] == [20, 33]
        and s.result()["winner_team"] == 1
        and s.result()["deals_played"] == 3
    )


def test_rami_scores_for_both_sides():
    # Declarer's team takes all 13: 4 x 7 = 28 (rules example 2).
    s = new(setup={"dealer": 3, "hands": SUITED})
    suited_rami_by_1(s)
    s.apply(2, "pass")
    s.apply(0, "pass")
    play_out_deal(s)
    rec = s.snapshot()["last_deal"]
    assert rec["points"] == 28 and rec["scoring_team"] == 1
    assert rec["breakdown"][1]["reasons"] == [
        R("rami_made", n=13, points=28),
        R("points_scored", n=28),
    ]
    # Right of declarer leads: defenders take all 13: 8 x 7 = 56.
    s = new(
        options={"rami_first_lead": "right_of_declarer", "target_score": 100},
        setup={"dealer": 3, "hands": SUITED},
    )
    suited_rami_by_1(s)
    s.apply(2, "pass")
    s.apply(0, "pass")
    assert s.to_move() == [0]
    play_out_deal(s)
    rec = s.snapshot()["last_deal"]
    assert rec["points"] == 56 and rec["scoring_team"] == 0
    assert rec["breakdown"][0]["reasons"] == [
        R("rami_defeated", n=13, points=56),
        R("points_scored", n=56),
    ]


# -- setups and options refused --------------------------------------------------------------------
@pytest.mark.parametrize(
    "setup,match",
    [
        ({"hands": SUITED[:3]}, "setup.hands: must have 4 items, not 3"),
        ({"hands": [SUITED[0][:12], SUITED[1], SUITED[2], SUITED[3] + ["AS"]]}, "13 cards"),
        ({"hands": [SUITED[1]] + SUITED[1:]}, "2H is also at"),
        ({"hands": [["1S"] + SUITED[0][1:]] + SUITED[1:]}, '"1S" is not a card of this game'),
        ({"hands": SUITED, "dealer": 4}, "dealer"),
        ({"hands": SUITED, "scores": [0]}, "scores"),
        ({"hands": SUITED, "scores": [-1, 0]}, "scores"),
        ({"hands": SUITED, "scores": [10, 10]}, "only one team"),
        ({"hands": SUITED, "scores": [52, 0]}, "below the target"),
        ({"hands": SUITED, "deals_played": -1}, "deals_played"),
        ({"hands": SUITED, "trumps": "S"}, r"unknown key\(s\) trumps"),
        ({"hands": SUITED, "deals": []}, "not both"),
        ({"deals": [SUITED]}, "deals"),
    ],
)
def test_bad_setup_refused(setup, match):
    with pytest.raises(ValueError, match=match):
        new(setup=setup)


def test_setup_checks_depend_on_fixed_deals():
    with pytest.raises(ValueError, match="below fixed_deals"):
        new(options={"fixed_deals": 2}, setup={"hands": SUITED, "deals_played": 2})
    # With fixed deals both teams may hold points, and above the target.
    new(options={"fixed_deals": 2}, setup={"hands": SUITED, "scores": [60, 10]})


@pytest.mark.parametrize(
    "players,options,match",
    [
        (3, {}, "3 players"),
        (5, {}, "5 players"),
        (4, {"target": 52}, "unknown option"),
        (4, {"target_score": 0}, "at least 1"),
        (4, {"rami_first_lead": "left"}, "must be one of"),
        (4, {"sooli_tricks": 5}, "must be one of"),
        (4, {"score_reset": "none"}, "must be one of"),
        (4, {"fixed_deals": -1}, "at least 0"),
        (4, {"bid_twos_allowed": "yes"}, "true or false"),
    ],
)
def test_bad_options_refused(players, options, match):
    with pytest.raises(ValueError, match=match):
        GAME.new_state(players=players, options=options)


# -- refused moves in other phases ----------------------------------------------------------------
def test_wrong_phase_and_wrong_seat_refused():
    s = new(setup={"dealer": 3, "hands": SUITED})
    suited_rami_by_1(s)
    unchanged_after_refusal(s, 0, "pass", "not seat 0's turn")
    unchanged_after_refusal(s, 2, "play 2D", "not possible now")
    unchanged_after_refusal(s, 2, "exchange 2D", "not possible now")
    s.apply(2, "pass")
    s.apply(0, "pass")
    unchanged_after_refusal(s, 1, "play 2S", "do not hold")
    unchanged_after_refusal(s, 1, "give 2H", "not possible now")
    unchanged_after_refusal(
        s, 1, "dance", "unknown move", "wrong_move", verb="dance", verbs=["play"]
    )


# -- views -----------------------------------------------------------------------------------------
def test_view_contents_for_phone_ui():
    s = new(setup={"dealer": 3, "hands": SUITED})
    suited_rami_by_1(s)
    s.apply(2, "pass")
    s.apply(0, "pass")
    for card in ("2H", "2D", "2C", "2S", "3H"):
        s.apply(s.to_move()[0], "play " + card)
    v = s.view(2)
    assert v["teams"] == [[0, 2], [1, 3]] and v["team_of_seat"] == [0, 1, 0, 1]
    assert (
        v["mode"] == "rami" and v["declarer"] == 1 and v["revealed_bids"] == [[0, "5S"], [1, "5H"]]
    )
    assert v["history"] == [
        {"leader": 1, "cards": [[1, "2H"], [2, "2D"], [3, "2C"], [0, "2S"]], "winner": 1}
    ]
    assert v["trick"] == [[1, "3H"]] and v["to_act"] == 2 and v["tricks"] == [0, 1]
    assert v["hand_counts"] == [12, 11, 12, 12] and len(v["hand"]) == 12
    assert v["legal_actions"] == s.legal_actions(2) and v["legal_actions"][0] == "play 3D"
    pub = s.view(None)
    assert "hand" not in pub and pub["legal_actions"] == [] and "my_bid" not in pub


def test_random_games_finish_and_replay():
    for seed in range(4):
        rng = random.Random(seed)
        s = new(seed=seed, options={"fixed_deals": 3})
        log = []
        while not s.is_over():
            seat = rng.choice(s.to_move())
            action = rng.choice(s.legal_actions(seat))
            s.apply(seat, action)
            log.append((seat, action))
        res = s.result()
        assert res["deals_played"] == 3 and len(res["deals"]) == 3
        assert res["scores"] == [
            sum(d["points"] for d in res["deals"] if d["scoring_team"] == t) for t in (0, 1)
        ]
        assert [d["dealer"] for d in res["deals"]] == [0, 1, 2]
        again = new(seed=seed, options={"fixed_deals": 3})
        for seat, action in log:
            again.apply(seat, action)
        assert again.to_json() == s.to_json()


# -- saved states ----------------------------------------------------------------------------------
def _states():
    """Saved states at each phase: (name, to_json) along a nolo deal, then a sooli deal with an
    exchange (the MIXED hands, rules-file example 4)."""
    out = []
    s = new(setup={"deals": [{"hands": SUITED}, {"hands": MIXED}], "dealer": 3})
    s.apply(1, "bid nolo")
    out.append(("bid", s.to_json()))
    bids(s, [(0, "bid 5S"), (2, "bid nolo"), (3, "bid 5C")])
    for _ in range(5):
        s.apply(s.to_move()[0], s.legal_actions(s.to_move()[0])[0])
    out.append(("play", s.to_json()))
    play_out_deal(s)
    bids(s, [(1, "bid TH"), (2, "bid 7S"), (3, "bid 4S"), (0, "bid AS")])
    out.append(("sooli", s.to_json()))
    s.apply(2, "pass")
    s.apply(0, "declare sooli")
    out.append(("exchange", s.to_json()))
    s.apply(0, "exchange KD")
    out.append(("give", s.to_json()))
    s.apply(2, "give 3D")
    s.apply(s.to_move()[0], s.legal_actions(s.to_move()[0])[0])
    out.append(("sooli play", s.to_json()))
    return out


def _with(data, change):
    data = json.loads(json.dumps(data))
    change(data)
    return data


def test_saved_states_of_every_phase_are_taken_exactly():
    for name, data in _states():
        assert GAME.from_json(data).to_json() == data, name


@pytest.mark.parametrize(
    "phase,change,why",
    [
        ("bid", lambda d: d["bids"].__setitem__(0, "KS"), "not a bid its hand allows"),
        (
            "bid",
            lambda d: d["bids"].__setitem__(1, "rami"),
            "not a bid its hand allows",
        ),  # seat 1 holds hearts
        ("bid", lambda d: d.__setitem__("mode", "nolo"), "past the bids"),
        ("play", lambda d: d["history"][0].__setitem__(1, 3), "wrong winner"),
        ("play", lambda d: d.__setitem__("tricks", [0, 1]), "trick counts"),
        ("play", lambda d: d.__setitem__("revealed_bids", d["revealed_bids"][:2]), "revealed bids"),
        ("play", lambda d: d.__setitem__("to_act", (d["to_act"] + 1) % 4), "seat to act"),
        ("sooli", lambda d: d.__setitem__("scores", [0, 20]), "scores are not the totals"),
        ("sooli", lambda d: d["deal_log"][0].__setitem__(7, 20), "points are not what"),
        ("sooli", lambda d: d["deal_log"][0].__setitem__(0, 1), "dealer"),
        ("sooli", lambda d: d.__setitem__("to_act", 0), "next defender"),
        ("exchange", lambda d: d["asked"].__setitem__(0, [0, "pass"]), "sooli answers"),
        ("exchange", lambda d: d.__setitem__("out", 1), "sitting out"),
        ("give", lambda d: d.__setitem__("to_act", 0), "partner's to choose"),
        (
            "give",
            lambda d: (d.__setitem__("laid", d["hands"][1][0]), d["hands"][1].__setitem__(0, "KD")),
            "13 cards|card order",
        ),
        (
            "sooli play",
            lambda d: d.__setitem__("given", d["hands"][1][0]),
            "given card",
        ),  # a defender's card
        ("sooli play", lambda d: d.__setitem__("exchanged", False), "exchange is not complete"),
    ],
)
def test_saved_states_that_do_not_hold_together_are_refused(phase, change, why):
    """What the state spec cannot say: bids legal from the hands the deal implies, the reveal,
    sooli answers and exchange in turn, tricks replayed legally, and the logged deals adding up."""
    data = dict(_states())[phase]
    with pytest.raises(ValueError, match=why):
        GAME.from_json(_with(data, change))
