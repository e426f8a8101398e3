"""鹿狩り (Deer Hunt): rules tests beyond the vectors (docs/rules/deer_hunt.md)."""

import json
import random
from collections import Counter

import pytest

from tabletop import IllegalAction, get_game
from tabletop.games.deer_hunt import FULL_SET, POINTS, STRENGTH, normalise, trick_winner

GAME = get_game("deer_hunt")
DEAL_A = [
    ["6-6", "4-6", "3-6", "1-5", "4-4", "2-3", "2-2", "1-1"],
    ["5-6", "1-6", "5-5", "3-5", "3-4", "3-3", "1-3", "1-2"],
    ["5-6", "2-6", "4-5", "1-5", "2-4", "1-3", "2-2", "1-1"],
    ["6-6", "4-6", "1-6", "5-5", "2-5", "4-4", "1-4", "3-3"],
]
PLAYS_A = [
    [0, "6-6"], [3, "6-6"], [2, "1-1"], [1, "3-3"],
    [0, "2-3"], [3, "2-5"], [2, "4-5"], [1, "5-6"],
    [1, "1-2"], [0, "2-2"], [3, "1-4"], [2, "2-4"],
    [2, "5-6"], [1, "1-3"], [0, "4-4"], [3, "3-3"],
    [2, "1-5"], [1, "3-5"], [0, "4-6"], [3, "4-6"],
    [0, "1-1"], [3, "1-6"], [2, "2-6"], [1, "5-5"],
    [2, "1-3"], [1, "3-4"], [0, "3-6"], [3, "5-5"],
    [0, "1-5"], [3, "4-4"], [2, "2-2"], [1, "1-6"],
]  # fmt: skip


def deal_a(options=None, **setup):
    return GAME.new_state(options=options or {}, setup={"dealer": 0, "hands": DEAL_A, **setup})


def play(state, plays):
    for seat, tile in plays:
        state.apply(seat, "play " + tile)
    return state


def refused(state, seat, action, code):
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert err.value.code == code
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return err.value


# -- the set ---------------------------------------------------------------------------------------


def test_the_set_has_32_tiles_and_64_red_pips():
    assert len(FULL_SET) == 32
    assert sum(POINTS[t] for t in FULL_SET) == 64
    assert sum(1 for t in FULL_SET if POINTS[t]) == 19
    assert POINTS["6-6"] == 6 and POINTS["4-4"] == 8 and POINTS["1-4"] == 5 and POINTS["1-1"] == 2


def test_strength_is_the_higher_half_then_the_lower():
    assert STRENGTH["6-6"] > STRENGTH["5-6"] > STRENGTH["1-6"] > STRENGTH["5-5"]
    assert STRENGTH["1-5"] > STRENGTH["4-4"] > STRENGTH["1-4"] > STRENGTH["3-3"]
    assert STRENGTH["1-2"] > STRENGTH["1-1"]


def test_identical_tiles_the_earlier_wins():
    assert trick_winner([[0, "5-6"], [3, "5-6"], [2, "1-1"], [1, "2-2"]]) == 0
    assert trick_winner([[1, "2-2"], [0, "5-6"], [3, "5-6"], [2, "1-1"]]) == 0


def test_tiles_are_read_either_way_round():
    assert normalise("6-5") == "5-6" and normalise("0-6") is None and normalise("7-1") is None
    state = deal_a()
    state.apply(0, "play 6-4")
    assert state.d["trick"] == [[0, "4-6"]]


# -- play ------------------------------------------------------------------------------------------


def test_play_goes_counter_clockwise_from_the_dealer():
    state = deal_a()
    assert state.to_move() == [0]
    state.apply(0, "play 2-3")
    assert state.to_move() == [3]
    state.apply(3, "play 2-5")
    assert state.to_move() == [2]
    state.apply(2, "play 4-5")
    assert state.to_move() == [1]


def test_any_tile_may_be_played_and_faces_are_listed_once():
    state = GAME.new_state(
        setup={
            "dealer": 1,
            "hands": [
                ["5-6", "5-6", "2-6", "4-5", "1-4", "3-3", "1-3", "1-2"],
                ["6-6", "1-6", "1-6", "2-5", "4-4", "2-4", "2-3", "2-2"],
                ["4-6", "3-6", "5-5", "3-5", "1-5", "3-4", "3-3", "1-1"],
                ["6-6", "4-6", "5-5", "1-5", "4-4", "1-3", "2-2", "1-1"],
            ],
        }
    )
    assert state.legal_actions(1) == [
        "play 6-6", "play 1-6", "play 2-5", "play 4-4", "play 2-4", "play 2-3", "play 2-2"
    ]  # fmt: skip
    assert state.legal_actions(0) == []
    state.apply(1, "play 2-3")
    assert len(state.legal_actions(0)) == 7  # two 5-6, one action


def test_a_trick_goes_to_the_winners_team_with_its_points():
    state = play(deal_a(), PLAYS_A[:4])
    assert state.d["tricks"] == [1, 0] and state.d["deal_points"] == [14, 0]
    assert state.to_move() == [0]
    v = state.view(1)
    assert v["events"] == [{"code": "trick_won", "params": {"seat": 0, "team": 0, "points": 14}}]
    assert v["history"][0]["cards"][1] == [3, "6-6"] and v["history"][0]["winner"] == 0
    state.apply(0, "play 2-3")
    assert state.view(1)["events"] == []


def test_a_whole_deal_scores_50_to_14_and_the_right_neighbour_deals():
    state = play(deal_a(), PLAYS_A)
    assert state.d["scores"] == [50, 14]
    assert state.d["dealer"] == 3 and state.to_move() == [3]
    v = state.view(0)
    assert [e["code"] for e in v["events"]] == ["trick_won", "deal_scored"]
    assert v["last_trick"]["winner"] == 1 and v["history"] == []
    assert v["last_deal"] == {
        "dealer": 0,
        "points": [50, 14],
        "tricks": [6, 2],
        "escaped_points": 0,
    }


def test_the_game_ends_after_the_option_deals_with_the_result():
    state = play(deal_a({"deals": 1}), PLAYS_A)
    assert state.is_over() and state.to_move() == []
    r = state.result()
    assert r["scores"] == [50, 14] and r["winner_team"] == 0 and r["winners"] == [0, 2]
    assert state.outcome()["place"] == [1, 2, 1, 2]
    v = state.view(None)
    assert [e["code"] for e in v["events"]] == ["trick_won", "deal_scored", "game_over"]
    assert len(v["history"]) == 8 and v["trick_number"] is None
    refused(state, 0, "play 1-1", "game_over")


# -- options ---------------------------------------------------------------------------------------


def test_deer_escape_trick_scores_for_nobody():
    state = play(deal_a({"deer_escape": True}), PLAYS_A)
    # Trick 3 (1-2, 2-2, 1-4, 2-4): 2-2 has no red pip, so it still counts; trick 8 (1-5, 4-4,
    # 2-2, 1-6) too. Trick 1 (6-6, 6-6, 1-1, 3-3): 3-3 blank. No trick of deal A is all red.
    assert state.d["scores"] == [50, 14]
    hands = [
        ["4-4", "3-3", "6-6", "3-6", "5-5", "2-5", "1-3", "2-2"],
        ["1-1", "4-6", "5-6", "1-6", "3-5", "1-5", "2-4", "1-2"],
        ["6-6", "2-3", "4-6", "2-6", "4-5", "1-5", "3-3", "1-1"],
        ["1-4", "5-6", "1-6", "5-5", "4-4", "3-4", "1-3", "2-2"],
    ]
    state = GAME.new_state(options={"deer_escape": True}, setup={"hands": hands})
    play(state, [[0, "4-4"], [3, "1-4"], [2, "6-6"], [1, "1-1"]])
    assert state.d["escaped_points"] == 21 and state.d["tricks"] == [0, 0]
    assert state.view(0)["events"] == [
        {"code": "trick_escaped", "params": {"seat": 2, "points": 21}}
    ]
    plain = GAME.new_state(setup={"hands": hands})
    play(plain, [[0, "4-4"], [3, "1-4"], [2, "6-6"], [1, "1-1"]])
    assert plain.d["deal_points"] == [21, 0]


def test_tiebreak_last_deal_decides_equal_totals():
    state = play(deal_a({"tiebreak": "last_deal"}, scores=[78, 114], deals_played=3), PLAYS_A)
    assert state.result()["winner_team"] == 0 and state.result()["diff"] == 0
    state = play(deal_a({}, scores=[78, 114], deals_played=3), PLAYS_A)
    assert state.result()["winner_team"] is None and state.outcome()["place"] == [1, 1, 1, 1]


@pytest.mark.parametrize("method", ["fair", "fair_even", "fair_66", "random"])
def test_shuffled_deals_follow_the_deal_option(method):
    for seed in range(30):
        state = GAME.new_state(options={"deal": method}, seed=seed)
        hands = state.d["hands"]
        assert sorted(t for h in hands for t in h) == sorted(FULL_SET)
        assert all(len(h) == 8 for h in hands)
        teams = [Counter(hands[0] + hands[2]), Counter(hands[1] + hands[3])]
        group = {"fair": 4, "fair_even": 4, "fair_66": 1}.get(method, 0)
        for face in ("6-6", "5-6", "4-6", "4-4")[:group]:
            assert teams[0][face] == teams[1][face] == 1
        if method == "fair_even":
            for hand in hands:
                assert sum(hand.count(f) for f in ("6-6", "5-6", "4-6", "4-4")) == 2


def test_bad_options_and_setups_are_refused():
    for options in ({"deals": 0}, {"deals": 17}, {"deal": "x"}, {"deer_escape": 1}, {"x": 1}):
        with pytest.raises(ValueError):
            GAME.new_state(options=options)
    with pytest.raises(ValueError):
        GAME.new_state(players=3)
    bad = [list(h) for h in DEAL_A]
    bad[0][0] = "5-6"  # a third 5-6
    for setup in (
        {"hands": bad},
        {"hands": DEAL_A, "deals": [{"hands": DEAL_A}]},
        {"deals": [{"hands": DEAL_A}] * 5},
        {"deals_played": 4},
        {"hands": [h[:7] for h in DEAL_A]},
    ):
        with pytest.raises(ValueError):
            GAME.new_state(setup=setup)


def test_explicit_deals_then_shuffled_ones():
    state = GAME.new_state(options={"deals": 2}, setup={"deals": [{"hands": DEAL_A}]}, seed=3)
    play(state, PLAYS_A)
    assert state.d["deals_played"] == 1 and not state.explicit_deal()
    assert Counter(state.d["hands"][0] + state.d["hands"][2])["6-6"] == 1  # the fair deal


# -- refusals --------------------------------------------------------------------------------------


def test_refusals_in_the_rules_order_leave_the_state_unchanged():
    state = deal_a()
    refused(state, 0, "lead 2-3", "bad_action")
    refused(state, 0, "play", "bad_action")
    refused(state, 0, "play 5-6 2-4", "bad_action")
    refused(state, 0, "play 0-6", "unknown_tile")
    refused(state, 1, "play 0-6", "unknown_tile")  # bad tile before the turn
    err = refused(state, 1, "play 3-3", "not_your_turn")
    assert err.params == {"seat": 1, "to_act": 0}
    err = refused(state, 0, "play 5-6", "not_in_hand")
    assert err.params == {"cards": ["5-6"]}
    state.apply(0, "play 6-6")
    refused(state, 3, "play 5-6", "not_in_hand")


# -- views and saved states ------------------------------------------------------------------------


def test_views_show_only_the_own_hand():
    state = play(deal_a(), PLAYS_A[:5])
    for seat in range(4):
        v = state.view(seat)
        assert v["hand"] == state.d["hands"][seat]
        assert v["hand_counts"] == [6, 7, 7, 7]
        assert v["options"]["deal"] == "fair"
    assert "hand" not in state.view(None)


def test_saved_states_round_trip_and_impossible_ones_are_refused():
    rng = random.Random(5)
    state = GAME.new_state(seed=9)
    for _ in range(45):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    data = json.loads(json.dumps(state.to_json()))
    assert GAME.from_json(data).to_json() == state.to_json()
    for mutate in (
        lambda d: d["scores"].__setitem__(0, d["scores"][0] + 1),
        lambda d: d["hands"][0].append("1-2"),
        lambda d: d["history"][0].__setitem__(1, (d["history"][0][1] + 1) % 4),
        lambda d: d.__setitem__("to_act", (d["to_act"] + 1) % 4),
        lambda d: d["tricks"].__setitem__(0, d["tricks"][0] + 1),
    ):
        bad = json.loads(json.dumps(data))
        mutate(bad)
        with pytest.raises(ValueError):
            GAME.from_json(bad)


# -- the strong level's endgame ----------------------------------------------------------------------


def _brute(state, team):
    """The open-hand margin for ``team`` by playing every line through the engine."""
    if state.is_over() or (not state.d["history"] and state.d["deal_log"] and not state.d["trick"]):
        pts = state.d["deal_log"][-1]["points"]
        return pts[team] - pts[1 - team]
    seat = state.to_move()[0]
    values = []
    for action in state.legal_actions(seat):
        nxt = state.clone()
        nxt.apply(seat, action)
        values.append(_brute(nxt, team))
    return max(values) if seat % 2 == team else min(values)


@pytest.mark.parametrize("seed", range(4))
def test_endgame_solver_agrees_with_the_engine(seed):
    from tabletop.players.deer_hunt import solve

    rng = random.Random(seed)
    state = GAME.new_state(options={"deals": 1, "deer_escape": seed % 2 == 1}, seed=seed)
    while len(state.d["hands"][state.to_move()[0]]) > 3 or len(state.d["trick"]) != seed % 4:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    d = state.d
    team = state.to_move()[0] % 2
    done = [d["deal_points"][team] - d["deal_points"][1 - team]]
    got = solve(
        tuple(tuple(h) for h in d["hands"]),
        tuple((s, t) for s, t in d["trick"]),
        d["leader"],
        team,
        d["options"]["deer_escape"],
        {},
    )
    assert done[0] + got == _brute(state, team)


def test_strong_endgame_is_legal_and_honest():
    from tabletop.bots import choose_action
    from tabletop.bots.worlds import Sampler, resample

    rng = random.Random(1)
    for seed in range(6):
        state = GAME.new_state(seed=seed)
        while len(state.d["hands"][state.to_move()[0]]) > 3:
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        seat = state.to_move()[0]
        view = state.view(seat)
        other = resample(state, seat, rng)
        a = choose_action(
            "deer_hunt", view, "strong", 5, sampler=Sampler(state, seat), time_limit=False
        )
        b = choose_action(
            "deer_hunt", view, "strong", 5, sampler=Sampler(other, seat), time_limit=False
        )
        assert a == b and a in view["legal_actions"]
