"""Mexican Train: targeted behaviour tests (the vectors and the conformance harness cover the rest)."""

import json
import pathlib
import random
import re

import pytest

from tabletop import IllegalAction, get_game
from tabletop.session import replay

GAME = get_game("mexican_train")


def new(hands, boneyard=(), players=None, options=None, dealer=0, more_rounds=()):
    """One explicit round (plus optional further explicit rounds); rounds: 1 unless given."""
    players = players or len(hands)
    opts = {"rounds": 1 + len(more_rounds)}
    opts.update(options or {})
    rounds = [{"hands": [list(h) for h in hands], "boneyard": list(boneyard)}]
    rounds += [dict(r) for r in more_rounds]
    return GAME.new_state(players=players, options=opts, setup={"dealer": dealer, "rounds": rounds})


def play(state, *moves):
    for seat, action in moves:
        state.apply(seat, action)
    return state


def refused(state, seat, action, words):
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert words in str(err.value), str(err.value)
    assert json.dumps(state.to_json(), sort_keys=True) == before


# -- options, players, setup ------------------------------------------------------------------
def test_defaults_double_six_four_players():
    s = GAME.new_state(seed=1)
    snap = s.snapshot()
    assert s.players == 4 and snap["set"] == 6 and snap["rounds"] == 7
    assert snap["engine"] == 6 and snap["round"] == 0
    assert snap["hand_counts"] == [5, 5, 5, 5] and snap["boneyard_count"] == 7
    assert snap["current"] == 1 and snap["phase"] == "play"
    tiles = [t for h in s.d["hands"] for t in h] + s.d["boneyard"]
    assert sorted(tiles) == sorted(t for t in s.all_cards() if t != "6-6")
    assert len(s.all_cards()) == 28


@pytest.mark.parametrize("players,hand", [(2, 7), (3, 6), (4, 5), (5, 4)])
def test_double_six_hand_sizes(players, hand):
    s = GAME.new_state(players=players, seed=3)
    assert s.snapshot()["hand_counts"] == [hand] * players


@pytest.mark.parametrize("players,hand", [(6, 8), (7, 6), (8, 6)])
def test_six_to_eight_players_use_double_nine_by_default(players, hand):
    s = GAME.new_state(players=players, seed=3)
    snap = s.snapshot()
    assert snap["set"] == 9 and snap["rounds"] == 10 and snap["engine"] == 9
    assert snap["hand_counts"] == [hand] * players
    assert snap["boneyard_count"] == 54 - hand * players
    assert len(s.all_cards()) == 55


@pytest.mark.parametrize("players,hand", [(2, 15), (4, 15), (5, 12), (6, 12), (7, 10), (8, 10)])
def test_double_twelve_hand_sizes(players, hand):
    s = GAME.new_state(players=players, options={"set": 12}, seed=3)
    snap = s.snapshot()
    assert snap["engine"] == 12 and snap["rounds"] == 13 and len(s.all_cards()) == 91
    assert snap["hand_counts"] == [hand] * players


def test_double_nine_two_players():
    s = GAME.new_state(players=2, options={"set": 9}, seed=0)
    assert s.snapshot()["hand_counts"] == [10, 10]


@pytest.mark.parametrize(
    "players,options",
    [
        (6, {"set": 6}),
        (8, {"set": 6}),
        (4, {"rounds": 8}),
        (4, {"set": 9, "rounds": 11}),
        (4, {"rounds": 0}),
        (4, {"hand_size": 0}),
        (4, {"hand_size": 7}),
        (2, {"hand_size": 14}),
        (4, {"set": 7}),
        (4, {"set": "6"}),
        (4, {"set": 6.0}),
        (4, {"set": True}),
        (4, {"scoring": "lowest"}),
        (4, {"rounds": "3"}),
        (4, {"colour": 1}),
    ],
)
def test_bad_options_refused(players, options):
    with pytest.raises(ValueError):
        GAME.new_state(players=players, options=options)


@pytest.mark.parametrize("players", [1, 9, 0, "4", True])
def test_bad_player_counts_refused(players):
    with pytest.raises(ValueError):
        GAME.new_state(players=players)


def test_largest_hand_size_allowed():
    s = GAME.new_state(players=2, options={"hand_size": 13, "rounds": 1}, seed=2)
    assert s.snapshot()["hand_counts"] == [13, 13] and s.snapshot()["boneyard_count"] == 1


@pytest.mark.parametrize(
    "setup,words",
    [
        ({"rounds": [{"hands": [["6-6"], ["1-2"]], "boneyard": []}]}, "engine"),
        ({"rounds": [{"hands": [["1-2"], ["2-1"]], "boneyard": []}]}, "1-2 is also at"),
        ({"rounds": [{"hands": [["1-2"], ["3-4"]], "boneyard": ["1-2"]}]}, "1-2 is also at"),
        ({"rounds": [{"hands": [["1-7"], ["3-4"]], "boneyard": []}]}, "not a tile"),
        ({"rounds": [{"hands": [["1-2"]], "boneyard": []}]}, "hands: must have 2 items"),
        ({"rounds": [{"hands": [["1-2"], "3-4"], "boneyard": []}]}, "must be a list"),
        ({"rounds": [{"hands": [["1-2"], ["3-4"]], "boneyard": "0-0"}]}, "boneyard"),
        ({"rounds": [{"hands": [["1-2"], ["3-4"]], "extra": 1}]}, "unknown key"),
        ({"rounds": [{"hands": [["1-2"], ["3-4"]]}, {"hands": [[], []]}]}, "the game has 1"),
        ({"rounds": "x"}, "must be a list"),
        ({"dealer": 2}, "dealer"),
        ({"dealer": True}, "dealer"),
        ({"hands": []}, "unknown key"),
    ],
)
def test_bad_setup_refused(setup, words):
    with pytest.raises(ValueError) as err:
        GAME.new_state(players=2, options={"rounds": 1}, setup=setup)
    assert words in str(err.value), str(err.value)


def test_setup_engine_rule_is_per_round():
    # 6-6 may be dealt in round 1 (engine 5-5), but 5-5 may not.
    GAME.new_state(
        players=2,
        options={"rounds": 2},
        setup={"rounds": [{"hands": [["1-2"], ["3-4"]]}, {"hands": [["6-6"], ["3-4"]]}]},
    )
    with pytest.raises(ValueError):
        GAME.new_state(
            players=2,
            options={"rounds": 2},
            setup={"rounds": [{"hands": [["1-2"], ["3-4"]]}, {"hands": [["5-5"], ["3-4"]]}]},
        )


def test_setup_accepts_reversed_tile_codes():
    s = new([["6-2", "3-1"], ["5-4", "1-0"]], ["4-2"])
    assert s.d["hands"] == [["1-3", "2-6"], ["0-1", "4-5"]]
    assert s.d["boneyard"] == ["2-4"]


# -- the step machine ---------------------------------------------------------------------------
def test_must_play_when_possible():
    s = new([["1-2", "3-4"], ["2-6", "0-1"]], ["0-0", "1-1"])
    assert s.to_move() == [1]
    assert s.legal_actions(1) == ["play 2-6 1", "play 2-6 m"]
    assert s.legal_actions(0) == []
    refused(s, 1, "draw", "playable tile (2-6)")
    refused(s, 1, "pass", "playable tile")
    refused(s, 0, "play 1-2 0", "not seat 0's turn")


def test_draw_once_then_pass_opens_own_train():
    s = new([["5-6", "0-3"], ["0-1", "2-3", "1-1"]], ["4-5", "1-6", "0-0"])
    assert s.legal_actions(1) == ["draw"]
    refused(s, 1, "pass", "must draw before passing")
    s.apply(1, "draw")
    assert "4-5" in s.d["hands"][1] and s.snapshot()["boneyard_count"] == 2
    assert s.legal_actions(1) == ["pass"]
    refused(s, 1, "draw", "already drawn")
    s.apply(1, "pass")
    snap = s.snapshot()
    assert snap["markers"] == [1] and snap["current"] == 0 and snap["phase"] == "play"
    # Seat 1's train is open: seat 0 may play there, and doing so does not close it.
    assert s.legal_actions(0) == ["play 5-6 0", "play 5-6 1", "play 5-6 m"]
    s.apply(0, "play 5-6 1")
    assert s.snapshot()["markers"] == [1]
    # Seat 1 closes it by playing on it.
    assert "play 4-5 1" in s.legal_actions(1)
    s.apply(1, "play 4-5 1")
    assert s.snapshot()["markers"] == []
    assert s.snapshot()["open_ends"] == {"0": 6, "1": 4, "m": 6}


def test_drawn_tile_must_be_played_if_it_fits():
    s = new([["5-6", "0-3"], ["0-1", "2-3"]], ["1-6", "0-0"])
    s.apply(1, "draw")
    assert s.legal_actions(1) == ["play 1-6 1", "play 1-6 m"]
    refused(s, 1, "pass", "playable tile (1-6")
    s.apply(1, "play 1-6 m")
    assert s.snapshot()["current"] == 0


def test_pass_with_empty_boneyard_still_opens_train():
    s = new([["5-6", "1-2"], ["0-1", "2-3"]], [])
    assert s.legal_actions(1) == ["pass"]
    refused(s, 1, "draw", "boneyard is empty")
    s.apply(1, "pass")
    assert s.snapshot()["markers"] == [1]


def test_closed_train_refused_and_playing_elsewhere_does_not_close():
    s = new([["5-6", "0-3", "0-0"], ["0-1", "2-3", "1-1"]], ["4-5", "1-6", "3-3", "2-2"])
    play(s, (1, "draw"), (1, "pass"))
    refused(s, 0, "play 5-6 2", "there is no train")
    s.apply(0, "play 5-6 m")
    # Seat 1 plays on m, not on its own train: its marker stays open.
    assert s.legal_actions(1) == ["play 4-5 m"]
    s.apply(1, "play 4-5 m")
    assert s.snapshot()["markers"] == [1]
    s.apply(0, "draw")  # 1-6
    assert s.legal_actions(0) == ["play 1-6 0", "play 1-6 1"]
    s.apply(0, "play 1-6 1")
    assert s.snapshot()["markers"] == [1]
    assert s.legal_actions(1) == ["play 0-1 1", "play 1-1 1"]
    s.apply(1, "play 0-1 1")
    assert s.snapshot()["markers"] == []
    # Train 1 is closed again: seat 0's 0-0 would match it but may not go there.
    refused(s, 0, "play 0-0 1", "train 1 is not open")
    assert s.legal_actions(0) == ["draw"]


def test_input_spelling_and_argument_order():
    s = new([["1-2"], ["2-6", "0-1"]], ["0-0"])
    s.apply(1, "play 1 6-2")
    assert s.d["trains"]["1"] == ["2-6"] and s.snapshot()["open_ends"]["1"] == 2


@pytest.mark.parametrize(
    "action,words",
    [
        ("play 2-6", "one tile on one train"),
        ("play 2-6 1 1", "one tile on one train"),
        ("play 2-6 x", "no train"),
        ("play 2-7 1", "not a tile"),
        ("play 2-6 0-1", "one tile at a time"),
        ("play 1 m", "name the tile"),
        ("play 0-0 1", "do not hold"),
        ("play 0-1 1", "does not match"),
        ("draw 2-6", "nothing after"),
        ("pass now", "nothing after"),
        ("jump", "unknown move"),
        ("play -1 1", "not a tile"),
        ("play 0-0-0 m", "not a tile"),
    ],
)
def test_malformed_and_illegal_moves(action, words):
    s = new([["1-2"], ["2-6", "0-1"]], ["0-0"])
    refused(s, 1, action, words)


# -- doubles ----------------------------------------------------------------------------------------
def test_double_must_be_covered_on_the_same_train():
    s = new([["1-6", "0-3"], ["4-6", "4-4", "4-5", "2-6"]], ["2-3", "1-1"])
    play(s, (1, "play 4-6 m"), (0, "play 1-6 0"), (1, "play 4-4 m"))
    snap = s.snapshot()
    assert snap["phase"] == "follow" and snap["current"] == 1
    # 2-6 fits seat 1's own train, but the double must be covered first.
    assert s.legal_actions(1) == ["play 4-5 m"]
    refused(s, 1, "play 2-6 1", "cover the double 4-4 on train m")
    refused(s, 1, "draw", "playable tile (4-5)")
    s.apply(1, "play 4-5 m")
    snap = s.snapshot()
    assert snap["phase"] == "play" and snap["current"] == 0 and snap["double_open"] is None


def double_open_on_m():
    """Seat 1 plays 4-4 on m and cannot cover it: m is double open for seat 0."""
    s = new([["1-6", "0-3", "2-3"], ["4-6", "4-4", "0-1"]], ["2-5", "0-0", "1-1"])
    play(s, (1, "play 4-6 m"), (0, "play 1-6 0"), (1, "play 4-4 m"))
    assert s.legal_actions(1) == ["draw"]  # a fresh draw in the follow step
    play(s, (1, "draw"), (1, "pass"))
    return s


def test_failed_cover_makes_double_open_for_next_seat_only():
    s = double_open_on_m()
    snap = s.snapshot()
    assert snap["double_open"] == "m" and snap["phase"] == "forced" and snap["current"] == 0
    assert snap["markers"] == [1]
    # Train 1 is open (end 6) but seat 0 must play on m; it cannot, draws once and passes.
    assert s.legal_actions(0) == ["draw"]
    s.apply(0, "draw")
    assert s.legal_actions(0) == ["pass"]
    s.apply(0, "pass")
    snap = s.snapshot()
    assert snap["double_open"] is None and snap["phase"] == "play" and snap["current"] == 1
    assert snap["markers"] == [0, 1]
    assert snap["open_ends"]["m"] == 4  # the uncovered double stays at the end of m


def double_open_on_train_1(third_tile):
    s = new([["1-6", "5-5", "0-2"], ["5-6", "0-1"]], ["2-4", "3-4", third_tile])
    play(s, (1, "play 5-6 1"), (0, "play 1-6 0"), (1, "draw"), (1, "pass"))
    assert s.snapshot()["markers"] == [1]
    play(s, (0, "play 5-5 1"), (0, "draw"), (0, "pass"))
    snap = s.snapshot()
    assert snap["double_open"] == "1" and snap["markers"] == [0, 1] and snap["current"] == 1
    return s


def test_forced_player_closes_own_train_when_covering_there():
    s = double_open_on_train_1("3-5")
    refused(s, 1, "play 0-1 0", "train 1 is double open: seat 1 must play there")
    s.apply(1, "draw")
    assert s.legal_actions(1) == ["play 3-5 1"]
    s.apply(1, "play 3-5 1")
    snap = s.snapshot()
    assert snap["markers"] == [0] and snap["double_open"] is None
    assert snap["current"] == 0 and snap["phase"] == "play"  # a forced turn is a single step


def test_forced_turn_without_play_clears_double_open():
    s = double_open_on_train_1("2-3")
    play(s, (1, "draw"), (1, "pass"))
    snap = s.snapshot()
    assert snap["double_open"] is None and snap["phase"] == "play" and snap["current"] == 0
    assert snap["markers"] == [0, 1] and snap["open_ends"]["1"] == 5


def test_going_out_on_a_double_ends_the_round():
    s = new([["1-6", "0-3"], ["5-6", "5-5"]], ["2-3"])
    play(s, (1, "play 5-6 1"), (0, "play 1-6 0"), (1, "play 5-5 1"))
    assert s.is_over()
    assert s.result() == {
        "scores": [0, 3],
        "round_scores": [[0, 3]],
        "round_winners": [1],
        "winners": [1],
        "winner": 1,
    }
    snap = s.snapshot()
    assert snap["current"] is None and snap["phase"] is None and snap["legal"] == []


# -- scoring and round ends ---------------------------------------------------------------------------
def three_player_out(scoring):
    s = new([["0-0", "5-5"], ["1-6"], ["2-4", "0-3"]], ["1-1"], options={"scoring": scoring})
    s.apply(1, "play 1-6 1")
    return s


def test_winner_takes_scores_everyone_elses_pips():
    s = three_player_out("winner_takes")
    assert s.result() == {
        "scores": [0, 19, 0],
        "round_scores": [[0, 19, 0]],
        "round_winners": [1],
        "winners": [1],
        "winner": 1,
    }
    last = s.view(0)["last_round"]
    assert last["end"] == "out" and last["winner"] == 1 and last["pips"] == [10, 0, 9]
    assert last["hands"] == [[[0, 0], [5, 5]], [], [[0, 3], [2, 4]]]
    assert last["scores"][1] == {
        "seat": 1,
        "points": 19,
        "reasons": [
            {"code": "went_out", "params": {}},
            {"code": "others_pips", "params": {"seat_pips": [[0, 10], [2, 9]], "n": 19}},
        ],
    }
    assert last["scores"][0] == {
        "seat": 0,
        "points": 0,
        "reasons": [{"code": "seat_went_out", "params": {"seat": 1}}],
    }


def test_penalty_scores_own_pips_lowest_wins():
    s = three_player_out("penalty")
    assert s.result() == {
        "scores": [10, 0, 9],
        "round_scores": [[10, 0, 9]],
        "round_winners": [1],
        "winners": [1],
        "winner": 1,
    }
    reasons = [x["reasons"] for x in s.view(None)["last_round"]["scores"]]
    assert reasons == [
        [{"code": "pips_left", "params": {"n": 10}}],
        [{"code": "went_out", "params": {}}],
        [{"code": "pips_left", "params": {"n": 9}}],
    ]


def test_blocked_at_deal_with_unique_lowest():
    s = new([["0-3"], ["0-1"]], [])
    assert s.is_over()
    assert s.result()["scores"] == [0, 3] and s.result()["round_winners"] == [1]
    assert s.view(1)["last_round"]["end"] == "blocked"


@pytest.mark.parametrize("scoring,scores", [("winner_takes", [0, 0]), ("penalty", [3, 3])])
def test_blocked_tie_has_no_round_winner(scoring, scores):
    s = new([["0-3"], ["1-2"]], [], options={"scoring": scoring})
    res = s.result()
    assert res["scores"] == scores and res["round_winners"] == [None]
    assert res["winners"] == [0, 1] and res["winner"] is None
    reasons = s.view(None)["last_round"]["scores"][0]["reasons"]
    assert reasons[0] == {"code": "blocked_tie", "params": {"seats": [0, 1], "n": 3}}


def test_drawing_the_last_tile_can_block_the_round():
    s = new([["0-2"], ["0-1"]], ["1-3"])
    assert not s.is_over()
    s.apply(1, "draw")
    assert s.is_over()
    assert s.result()["scores"] == [5, 0]  # seat 0 has 2 pips against 5
    refused(s, 1, "pass", "over")


def test_round_that_is_out_at_deal_ends_at_once():
    s = new([[], ["0-1"]], ["1-3"])
    assert s.is_over() and s.result()["scores"] == [1, 0]


def test_penalty_game_lowest_total_wins_over_rounds():
    s = new(
        [["0-3"], ["0-1"]],
        [],
        options={"scoring": "penalty"},
        more_rounds=[{"hands": [["0-1"], ["2-3"]], "boneyard": []}],
    )
    assert s.is_over()
    # Round 0 blocked (3 v 1), round 1 blocked at engine 5 (1 v 5): totals 4 v 6.
    assert s.result() == {
        "scores": [4, 6],
        "round_scores": [[3, 1], [1, 5]],
        "round_winners": [1, 0],
        "winners": [0],
        "winner": 0,
    }


def test_next_round_engine_dealer_and_shuffled_deal():
    s = new([["0-0", "1-2"], ["1-6"], ["0-1", "2-3"]], ["4-5"], options={"rounds": 3}, dealer=2)
    assert s.snapshot()["current"] == 0
    play(s, (0, "draw"), (0, "pass"), (1, "play 1-6 1"))
    snap = s.snapshot()
    assert not s.is_over() and snap["round"] == 1 and snap["engine"] == 5
    assert snap["dealer"] == 0 and snap["current"] == 1
    assert snap["hand_counts"] == [6, 6, 6] and snap["boneyard_count"] == 27 - 18
    assert snap["open_ends"] == {"0": 5, "1": 5, "2": 5, "m": 5} and snap["markers"] == []
    assert snap["scores"] == [0, 18, 0] and snap["round_scores"] == [[0, 18, 0]]
    tiles = [t for h in s.d["hands"] for t in h] + s.d["boneyard"]
    assert sorted(tiles) == sorted(t for t in s.all_cards() if t != "5-5")
    view = s.view(2)
    assert view["last_round"]["round"] == 0 and view["last_round"]["hands"][0] == [
        [0, 0],
        [1, 2],
        [4, 5],
    ]
    assert view["recent"] == []


def test_full_random_games_end_with_all_rounds():
    for players in (2, 5, 8):
        s = GAME.new_state(players=players, seed=11)
        rng = random.Random(players)
        while not s.is_over():
            seat = s.to_move()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        res = s.result()
        assert len(res["round_scores"]) == (7 if players <= 5 else 10)
        assert res["scores"] == [sum(r[i] for r in res["round_scores"]) for i in range(players)]
        assert max(res["scores"]) == res["scores"][res["winners"][0]]


# -- views ------------------------------------------------------------------------------------------
def test_view_trains_and_secrets():
    s = new([["1-2", "0-3"], ["5-6", "4-5", "0-1"], ["3-3", "2-2"]], ["4-4", "0-6"], players=3)
    play(
        s,
        (1, "play 5-6 1"),
        (2, "draw"),
        (2, "pass"),
        (0, "draw"),
        (0, "play 0-6 2"),
        (1, "play 4-5 1"),
    )
    v = s.view(2)
    trains = {t["id"]: t for t in v["trains"]}
    assert [t["id"] for t in v["trains"]] == ["0", "1", "2", "m"]
    assert trains["1"] == {
        "id": "1",
        "owner": 1,
        "open": False,
        "double_open": False,
        "open_end": 4,
        "tiles": ["6-5", "5-4"],
    }
    assert (
        trains["2"]["open"] is True
        and trains["2"]["tiles"] == ["6-0"]
        and trains["2"]["open_end"] == 0
    )
    assert (
        trains["m"]["owner"] is None and trains["m"]["open"] is True and trains["m"]["tiles"] == []
    )
    assert v["engine"] == 6 and v["engine_tile"] == "6-6"
    assert v["hand"] == ["2-2", "3-3", "4-4"] and v["hand_counts"] == [2, 1, 3]
    assert v["boneyard_count"] == 0 and v["markers"] == [2] and v["to_move"] == [2]
    assert v["step"] == {"kind": "play", "train": None, "drawn": False}
    assert v["legal_actions"] == s.legal_actions(2) == ["pass"]
    assert v["recent"] == [[2, "draw", "pass"], [0, "draw", "play 0-6 2"], [1, "play 4-5 1"]]
    text = json.dumps(v)
    for tile in ("1-2", "0-3", "0-1"):
        assert tile not in text
    pub = s.view(None)
    assert "hand" not in pub and pub["legal_actions"] == []
    assert s.hidden_cards(None) == {"1-2", "0-3", "0-1", "2-2", "3-3", "4-4"}
    assert s.hidden_cards(2) == {"1-2", "0-3", "0-1"}


def test_view_of_follow_and_forced_steps():
    s = new([["1-6", "0-3", "2-3"], ["4-6", "4-4", "0-1"]], ["2-5", "0-0", "1-1"])
    play(s, (1, "play 4-6 m"), (0, "play 1-6 0"), (1, "play 4-4 m"))
    assert s.view(1)["step"] == {"kind": "follow", "train": "m", "drawn": False}
    s.apply(1, "draw")
    assert s.view(1)["step"]["drawn"] is True
    s.apply(1, "pass")
    v = s.view(0)
    assert v["step"] == {"kind": "forced", "train": "m", "drawn": False} and v["double_open"] == "m"
    assert [t["double_open"] for t in v["trains"]] == [False, False, True]
    assert v["trains"][2]["tiles"] == ["6-4", "4-4"] and v["trains"][2]["open_end"] == 4
    assert v["trains"][0]["tiles"] == ["6-1"]


def test_game_over_view_has_result():
    s = three_player_out("winner_takes")
    v = s.view(0)
    assert v["result"] == s.result() and v["legal_actions"] == [] and v["to_move"] == []
    assert v["phase"] == "over" and v["step"] is None


def test_json_round_trip_and_clone():
    s = GAME.new_state(players=3, seed=5)
    rng = random.Random(0)
    for _ in range(30):
        seat = s.to_move()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    again = GAME.from_json(json.loads(json.dumps(s.to_json())))
    assert again.to_json() == s.to_json()
    c = s.clone()
    seat = c.to_move()[0]
    c.apply(seat, c.legal_actions(seat)[0])
    assert again.to_json() == s.to_json()


def _saved_mid_round():
    s = new([["5-6", "0-3", "0-0"], ["0-1", "2-3", "1-1"]], ["4-5", "1-6", "3-3", "2-2"])
    play(s, (1, "draw"), (1, "pass"), (0, "play 5-6 m"))
    return s.to_json()


@pytest.mark.parametrize(
    "change,words",
    [
        (
            lambda d: d["hands"][0].__setitem__(1, "6-7"),
            "not a tile of the double-six set",
        ),  # another set's tile
        (
            lambda d: (d["trains"].__setitem__("m", ["4-5"]), d["hands"][1].__setitem__(3, "5-6")),
            "does not match",
        ),
        (lambda d: d["ends"].__setitem__("m", 2), "open end of train m"),
        (lambda d: d["boneyard"].pop(), "not the tiles that were dealt"),  # a tile lost
        (lambda d: d.__setitem__("scores", [3, 0]), "sum of the rounds"),
        (lambda d: d.__setitem__("phase", "follow"), "follow step"),
        (lambda d: d.__setitem__("engine", 5), "engine"),
        (lambda d: d["recent"].append([0, "play 9-9 m"]), "one entry per turn"),
        (lambda d: d["recent"][-1].append("fly"), "not a move"),
    ],
)
def test_impossible_saved_states_are_refused(change, words):
    data = _saved_mid_round()
    GAME.from_json(json.loads(json.dumps(data)))  # as saved: accepted
    change(data)
    with pytest.raises(ValueError, match=words):
        GAME.from_json(data)


def test_refusals_name_the_tile_and_the_train():
    s = new([["1-2", "3-4"], ["2-6", "0-1"]], ["0-0", "1-1"])
    with pytest.raises(IllegalAction) as err:
        s.apply(1, "draw")
    assert err.value.code == "must_play" and err.value.params == {"tile": "2-6", "train": "1"}
    with pytest.raises(IllegalAction) as err:
        s.apply(1, "play 0-1 1")
    assert err.value.code == "tile_does_not_match" and err.value.params == {
        "tile": "0-1",
        "train": "1",
        "end": 6,
    }


def test_describe_options():
    desc = GAME.describe()
    keys = [o["key"] for o in desc["options"]]
    assert keys == ["set", "scoring", "rounds", "hand_size"]
    assert desc["min_players"] == 2 and desc["max_players"] == 8 and desc["default_players"] == 4


def test_the_worked_example_replay_plays_to_its_end_with_a_caption_per_step():
    """static/replays/mexican-train-double-open-example.json (rules §11): the engine replays the log to the end; one
    caption per step (0: before the first move) in Japanese and English, no Latin letters in the
    Japanese outside {card:…}/{seat:…} placeholders."""
    path = (
        pathlib.Path(__file__).resolve().parents[1]
        / "static"
        / "replays"
        / "mexican-train-double-open-example.json"
    )
    data = json.loads(path.read_text(encoding="utf-8"))
    captions = data.pop("captions")
    state, log = replay(data)
    assert state.is_over() and log["game"] == "mexican_train"
    assert len(captions) == len(log["actions"]) + 1
    for caption in captions:
        assert set(caption) == {"ja", "en"} and caption["ja"].strip() and caption["en"].strip()
        assert not re.search(r"[A-Za-z]", re.sub(r"\{(card|seat):[^}]+\}", "", caption["ja"])), (
            caption["ja"]
        )
