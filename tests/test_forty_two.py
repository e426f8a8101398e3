"""42 (Texas Forty-Two): rules tests beyond the rules file's vectors (docs/rules/forty_two.md)."""

import json

import pytest

from tabletop import IllegalAction, get_game
from tabletop.games.forty_two import led_suit, playable, rank_in, trick_winner

GAME = get_game("forty_two")
DEAL_A = [
    ["0-4", "1-6", "2-2", "3-6", "4-4", "5-6", "6-6"],
    ["0-0", "0-6", "1-2", "2-6", "4-5", "4-6", "5-5"],
    ["0-3", "0-5", "1-5", "2-5", "3-3", "3-4", "3-5"],
    ["0-1", "0-2", "1-1", "1-3", "1-4", "2-3", "2-4"],
]
# Seat 0 holds four doubles (1-1 2-2 3-3 6-6) for the plunge.
DEAL_P = [
    ["1-1", "2-2", "3-3", "6-6", "0-1", "0-2", "0-3"],
    ["0-0", "0-4", "0-5", "0-6", "1-2", "1-3", "1-4"],
    ["1-5", "1-6", "2-3", "2-4", "2-5", "2-6", "3-4"],
    ["3-5", "3-6", "4-4", "4-5", "4-6", "5-5", "5-6"],
]


def new(options=None, hands=DEAL_A, dealer=0, **setup):
    return GAME.new_state(options=options or {}, setup={"dealer": dealer, "hands": hands, **setup})


def refused(state, seat, action, code):
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert err.value.code == code, (err.value.code, str(err.value))
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return err.value


def play(state, actions):
    for seat, action in actions:
        state.apply(seat, action)


def test_bidding_order_and_legal_bids():
    s = new()
    assert s.to_move() == [1]
    assert s.legal_actions(1)[:3] == ["pass", "bid 30", "bid 31"]
    assert s.legal_actions(1)[-2:] == ["bid 1m", "bid 2m"]
    refused(s, 1, "bid 29", "bid_below_minimum")
    refused(s, 1, "bid 42", "bid_is_marks")
    refused(s, 1, "bid 3m", "bid_not_allowed")
    refused(s, 1, "bid plunge", "bid_not_allowed")
    refused(s, 1, "bid", "malformed_bid")
    refused(s, 1, "call 6", "malformed_bid")
    refused(s, 2, "pass", "not_your_turn")
    play(s, [(1, "bid 2m")])
    assert s.legal_actions(2) == ["pass", "bid 3m"]
    refused(s, 2, "bid 2m", "bid_too_low")
    refused(s, 2, "bid 41", "bid_too_low")
    play(s, [(2, "bid 3m"), (3, "pass")])
    assert s.legal_actions(0) == ["pass", "bid 4m"]


def test_all_pass_redeals_or_forces_the_dealer():
    s = new()
    play(s, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert s.d["dealer"] == 1 and s.d["deals_played"] == 1 and s.to_move() == [2]
    assert s.view(None)["events"][-1] == {"code": "ev_thrown_in", "params": {"dealer": 0}}
    s = new({"all_pass": "forced_dealer"})
    play(s, [(1, "pass"), (2, "pass"), (3, "pass")])
    assert "pass" not in s.legal_actions(0) and "bid 30" in s.legal_actions(0)
    refused(s, 0, "pass", "must_bid")


def test_calls_and_options():
    s = new()
    play(s, [(1, "bid 30"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert s.d["phase"] == "call" and s.to_move() == [1]
    assert s.legal_actions(1) == [f"call {n}" for n in range(7)] + [
        "call doubles",
        "call followme",
    ]
    refused(s, 1, "call nello", "call_not_allowed")
    refused(s, 1, "call 7", "malformed_call")
    s = new({"follow_me": False, "nello": True, "sevens": True})
    play(s, [(1, "bid 30"), (2, "pass"), (3, "pass"), (0, "pass")])
    err = refused(s, 1, "call nello", "call_not_allowed")
    assert err.params["marks_needed"] is True
    refused(s, 1, "call followme", "call_not_allowed")
    s = new({"nello": True, "sevens": True})
    play(s, [(1, "bid 1m"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert s.legal_actions(1)[-2:] == ["call nello", "call sevens"]


def test_trumps_belong_only_to_the_trump_suit():
    assert led_suit("4-6", "6", "own_suit") == "T"
    assert led_suit("2-4", "6", "own_suit") == 4
    assert led_suit("2-2", "nello", "own_suit") == "D"
    assert led_suit("2-2", "nello", "low") == 2
    # 6-6 beats 6-5 in sixes; 0-0 is the lowest double trump
    assert rank_in("6-6", "T", "6", "own_suit") > rank_in("5-6", "T", "6", "own_suit")
    assert rank_in("0-0", "T", "doubles", "own_suit") < rank_in("1-1", "T", "doubles", "own_suit")
    # in nello with doubles low, 4-4 is below 0-4 in fours
    assert rank_in("4-4", 4, "nello", "low") < rank_in("0-4", 4, "nello", "low")
    assert rank_in("4-4", 4, "nello", "high") > rank_in("4-6", 4, "nello", "high")
    # a trump wins over the led suit; off-suit tiles never win
    assert trick_winner([[0, "3-5"], [1, "0-6"], [2, "5-5"], [3, "2-4"]], "0", "own_suit") == 1
    assert trick_winner([[0, "3-5"], [1, "1-6"], [2, "4-5"], [3, "2-4"]], "0", "own_suit") == 2
    # follow-me: doubles are highest in their suit
    assert trick_winner([[0, "3-5"], [1, "5-5"], [2, "5-6"], [3, "2-4"]], "followme", "x") == 1


def test_following_and_sevens():
    hand = ["0-0", "2-6", "4-5"]
    assert playable(hand, [[0, "4-4"]], "6", "own_suit") == ["4-5"]
    assert playable(hand, [[0, "3-3"]], "6", "own_suit") == hand  # void: anything
    assert playable(hand, [[0, "1-1"]], "nello", "own_suit") == ["0-0"]
    assert playable(["3-4", "2-5", "6-6", "0-0"], [], "sevens", "own_suit") == ["3-4", "2-5"]
    # equal distances: the first played wins
    assert trick_winner([[0, "3-5"], [1, "2-5"], [2, "1-6"], [3, "3-3"]], "sevens", "x") == 1


def test_play_refusals_leave_the_state_unchanged():
    s = new()
    play(s, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "bid 36"), (0, "call 6")])
    play(s, [(0, "play 6-5")])  # b-a is accepted
    assert s.d["trick"] == [[0, "5-6"]]
    refused(s, 1, "play 5-5", "must_follow")
    refused(s, 1, "play 3-3", "tile_not_in_hand")
    refused(s, 1, "play 9-9", "malformed_play")
    refused(s, 1, "play 0-6 0-6", "malformed_play")
    refused(s, 1, "bid 30", "malformed_play")
    refused(s, 0, "play 6-6", "not_your_turn")


def test_point_bid_set_as_soon_as_the_opponents_pass_42_minus_the_bid():
    hands = [
        ["1-1", "2-6", "3-6", "4-6", "5-5", "5-6", "6-6"],
        ["0-0", "0-6", "1-2", "1-6", "2-2", "3-3", "4-4"],
        ["0-5", "1-4", "1-5", "2-3", "2-5", "3-5", "4-5"],
        ["0-1", "0-2", "0-3", "0-4", "1-3", "2-4", "3-4"],
    ]
    s = new(hands=hands, dealer=3)
    play(s, [(0, "bid 41"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "call 6")])
    # 5-5 leads fives; seat 1 has none and trumps with 0-6: 16 points > 42 - 41
    play(s, [(0, "play 5-5"), (1, "play 0-6"), (2, "play 0-5"), (3, "play 0-1")])
    rec = s.d["log"][-1]
    assert rec["made"] is False and rec["points"] == [0, 16] and rec["tricks"] == [0, 1]
    assert s.d["marks"] == [0, 1] and s.d["dealer"] == 0 and s.d["phase"] == "bid"
    # the next deal is dealt at once; the last tile's code is not named any more
    assert [e["code"] for e in s.view(None)["events"]] == ["ev_trick_won", "ev_deal_set"]


def test_mark_bid_set_by_first_lost_trick_and_game_end():
    s = new({"target_marks": 2})
    play(s, [(1, "bid 2m"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "call 2")])
    play(s, [(1, "play 1-2"), (2, "play 2-5"), (3, "play 2-3"), (0, "play 2-2")])
    assert s.is_over()
    r = s.result()
    assert r["marks"] == [2, 0] and r["winners"] == [0, 2] and r["deals_played"] == 1
    assert r["deals"][0]["made"] is False and r["deals"][0]["award"] == 2
    assert [e["code"] for e in s.view(0)["events"]][-3:] == [
        "ev_trick_won",
        "ev_deal_set",
        "ev_game_over",
    ]
    assert s.view(0)["outcome"]["place"] == [1, 2, 1, 2]
    refused(s, 0, "pass", "game_over")


def test_plunge_partner_calls_and_leads():
    s = new({"plunge": True}, hands=DEAL_P, dealer=3)
    assert "bid plunge" in s.legal_actions(0)
    play(s, [(0, "bid 2m")])
    refused(s, 1, "bid plunge", "plunge_needs_4_doubles")
    play(s, [(1, "pass"), (2, "bid 3m"), (3, "pass")])
    assert s.d["phase"] == "call" and s.to_move() == [2]
    s = new({"plunge": True}, hands=DEAL_P, dealer=3)
    play(s, [(0, "bid plunge"), (1, "pass"), (2, "pass"), (3, "pass")])
    assert s.d["value"] == 4 and s.d["caller"] == 2 and s.to_move() == [2]
    play(s, [(2, "call 2")])
    assert s.to_move() == [2] and s.d["leader"] == 2


def test_nello_partner_sits_out_and_hidden_information():
    s = new({"nello": True})
    play(s, [(1, "bid 1m"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "call nello")])
    assert s.d["sitting_out"] == 3 and s.to_move() == [1]
    play(s, [(1, "play 0-0"), (2, "play 3-3")])
    assert s.to_move() == [0]  # seat 3 is skipped
    v = s.view(0)
    assert "hand" not in s.view(None) and v["hand_counts"] == [7, 6, 6, 7]
    assert not set(v["hand"]) & set(s.d["hands"][1])
    assert json.dumps(v).count("1-2") == 0  # seat 1's tile is not shown to seat 0


def test_setup_checks():
    with pytest.raises(ValueError):
        new(hands=[DEAL_A[0], DEAL_A[0], DEAL_A[2], DEAL_A[3]])
    with pytest.raises(ValueError):
        GAME.new_state(options={"target_marks": 3}, setup={"marks": [3, 0]})
    with pytest.raises(ValueError):
        GAME.new_state(options={"players_x": 1})
    with pytest.raises(ValueError):
        GAME.new_state(players=3)
    s = GAME.new_state(setup={"hands": [[t[::-1] for t in h] for h in DEAL_A]})
    assert s.d["hands"][0] == DEAL_A[0]


def test_seeded_deal_is_reproducible_and_deals_from_the_left():
    a, b = GAME.new_state(seed=11), GAME.new_state(seed=11)
    assert a.d["hands"] == b.d["hands"]
    assert sorted(t for h in a.d["hands"] for t in h) == sorted(
        f"{x}-{y}" for x in range(7) for y in range(x, 7)
    )
