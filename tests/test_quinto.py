"""Quinto: calls, the follow rule, the whole-pack order, quints, the cachette, scoring timings and
the end of the game, options, setups, views and refusals."""

import json

import pytest

from tabletop import IllegalAction, get_game
from tabletop.games.quinto import PACK, quint_points, quints_of

GAME = get_game("quinto")

# The rules file's deal (section 11): dealer 3, seat 0 eldest.
HANDS = [
    ["KH", "AH", "2D", "7D", "3C", "6S", "2S", "8S", "JH", "8H", "QD", "9S"],
    ["2H", "4H", "KD", "AD", "5C", "QH", "5S", "7S", "TH", "JD", "TD", "JS"],
    ["3H", "JK1", "5D", "4D", "AC", "4C", "3S", "8D", "KC", "QC", "9C", "5H"],
    ["6H", "9H", "3D", "6D", "2C", "8C", "KS", "QS", "JC", "7C", "6C", "TS"],
]
CACHETTE = ["AS", "4S", "9D", "TC", "7H"]
# The twelve tricks of that deal, in play order (the leader first).
TRICKS = [
    ["KH", "2H", "3H", "6H"],
    ["AH", "4H", "JK1", "9H"],
    ["2D", "KD", "5D", "3D"],
    ["AD", "4D", "6D", "7D"],
    ["5C", "AC", "2C", "3C"],
    ["4C", "8C", "6S", "QH"],
    ["5S", "3S", "KS", "2S"],
    ["QS", "8S", "7S", "8D"],
    ["KC", "6C", "9S", "TD"],
    ["JS", "9C", "TS", "QD"],
    ["8H", "TH", "5H", "7C"],
    ["JD", "QC", "JC", "JH"],
]
SETUP = {"dealer": 3, "hands": HANDS, "cachette": CACHETTE}


def new(options=None, setup=SETUP, seed=0):
    return GAME.new_state(players=4, options=options or {}, setup=setup, seed=seed)


def refused(state, who, action, code, **params):
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        state.apply(who, action)
    assert err.value.code == code, err.value.code
    for key, value in params.items():
        assert err.value.params[key] == value
    assert json.dumps(state.to_json(), sort_keys=True) == before


def play_tricks(state, count=12):
    for cards in TRICKS[:count]:
        for card in cards:
            state.apply(state.to_move()[0], "play " + card)


def calls(state, *words):
    for word in words:
        state.apply(state.to_move()[0], word)


# -- quints -------------------------------------------------------------------------------------
def test_quints_of_a_trick_in_the_rules_order():
    assert quints_of(["AH", "4H", "3H", "2H"]) == ["AH+4H", "3H+2H"]
    assert quint_points(["AH", "4H", "3H", "2H"]) == 40
    assert quints_of(["5D", "AD", "4D", "8D"]) == ["5D", "AD+4D"]
    assert quint_points(["5D", "AD", "4D", "8D"]) == 30
    assert quints_of(["JK1", "5S", "5H", "3C"]) == ["5H", "5S", "JK1"]
    assert quint_points(["JK1", "5S", "5H", "5D"]) == 65
    assert quints_of(["AH", "4D", "3C", "2S"]) == []  # a pair is of one suit
    assert quint_points(PACK) == 175


# -- calls ----------------------------------------------------------------------------------------
def test_calls_go_once_round_from_the_eldest_and_set_the_multiplier():
    s = new()
    assert s.to_move() == [0] and s.legal_actions(0) == ["pass", "double"]
    calls(s, "pass", "double")
    assert s.legal_actions(2) == ["pass", "redouble"]  # an opponent of the doubler
    calls(s, "pass")
    assert s.legal_actions(3) == ["pass"]  # a partner cannot redouble
    calls(s, "pass")
    snap = s.snapshot()
    assert snap["phase"] == "play" and snap["multiplier"] == 2 and snap["to_act"] == 0
    assert s.view(0)["doubled_by"] == 1 and s.view(0)["redoubled_by"] is None


def test_a_redouble_ends_the_calls_at_once():
    s = new()
    calls(s, "double", "redouble")
    assert s.snapshot()["phase"] == "play" and s.multiplier() == 4
    assert s.snapshot()["calls"] == [[0, "double"], [1, "redouble"]]


def test_four_passes_leave_the_tricks_at_five():
    s = new()
    calls(s, "pass", "pass", "pass", "pass")
    assert s.phase == "play" and s.multiplier() == 1


def test_call_refusals_change_nothing():
    s = new()
    refused(s, 1, "pass", "not_your_turn")
    refused(s, 0, "redouble", "cannot_redouble", reason="no_double")
    refused(s, 0, "play KH", "wrong_phase", verb="play")
    refused(s, 0, "double 2", "malformed")
    refused(s, 0, "shout", "malformed")
    calls(s, "double")
    refused(s, 1, "double", "cannot_double", seat=0)
    calls(s, "pass")
    refused(s, 2, "redouble", "cannot_redouble", reason="partner", seat=0)


def test_without_doubling_play_starts_at_once():
    s = new({"doubling": False})
    assert s.phase == "play" and s.legal_actions(0)[0] == "play AH"
    refused(s, 0, "pass", "wrong_phase", verb="pass")


# -- play -------------------------------------------------------------------------------------------
def test_follow_rule_and_the_joker():
    s = new({"doubling": False})
    play_tricks(s, 1)
    s.apply(0, "play AH")
    s.apply(1, "play 4H")
    # Seat 2 holds 5H: hearts or the joker.
    assert s.legal_actions(2) == ["play 5H", "play JK1"]
    refused(s, 2, "play 5D", "must_follow_suit", suit="H")
    refused(s, 2, "play 9H", "card_not_held", card="9H")
    refused(s, 2, "play ZZ", "malformed")
    refused(s, 2, "play", "malformed")


def test_a_joker_lead_leaves_the_suit_to_the_second_card():
    hands = [list(h) for h in HANDS]
    # Seat 0 gets the joker for its 9S, seat 2 the 9S.
    hands[0][hands[0].index("9S")] = "JK1"
    hands[2][hands[2].index("JK1")] = "9S"
    s = new({"doubling": False}, {"dealer": 3, "hands": hands, "cachette": CACHETTE})
    s.apply(0, "play JK1")
    assert len(s.legal_actions(1)) == 12  # no suit to follow yet
    s.apply(1, "play 5S")
    assert set(s.legal_actions(2)) == {"play 3S", "play 9S"}  # spades now
    s.apply(2, "play 9S")
    s.apply(3, "play KS")
    assert s.snapshot()["last_trick"]["winner"] == 3  # the joker never wins
    assert s.snapshot()["last_trick"]["quints"] == ["5S", "JK1"]


def test_a_higher_suit_from_a_void_player_wins():
    s = new({"doubling": False})
    play_tricks(s, 6)
    last = s.snapshot()["last_trick"]
    assert last["cards"] == ["4C", "8C", "6S", "QH"] and last["winner"] == 1
    play_tricks_from(s, 6, 10)
    assert s.snapshot()["last_trick"]["winner"] == 0  # 10: QD over the clubs and spades


def play_tricks_from(state, start, stop):
    for cards in TRICKS[start:stop]:
        for card in cards:
            state.apply(state.to_move()[0], "play " + card)


# -- scoring ----------------------------------------------------------------------------------------
def test_quints_are_scored_at_once_and_tricks_at_the_end():
    s = new({"doubling": False})
    play_tricks(s, 2)
    assert s.d["scores"] == [65, 0] and s.snapshot()["deal_quints"] == [65, 0]
    play_tricks_from(s, 2, 12)
    rec = s.snapshot()["last_deal"]
    assert rec["tricks"] == [7, 6] and rec["cachette_team"] == 0
    assert rec["quint_points"] == [90, 75] and rec["trick_points"] == [35, 30]
    assert rec["points"] == [125, 105] and s.d["scores"] == [125, 105]
    assert rec["cachette"] == ["7H", "9D", "TC", "AS", "4S"]
    assert s.snapshot()["dealer"] == 0 and s.to_move() == [1]


def test_doubling_scope_all_multiplies_quints_too():
    s = new({"doubling_scope": "all"})
    calls(s, "pass", "double", "pass", "pass")
    play_tricks(s, 1)
    assert s.snapshot()["last_trick"]["quint_points"] == 40 and s.d["scores"] == [40, 0]
    play_tricks_from(s, 1, 12)
    rec = s.snapshot()["last_deal"]
    assert rec["quint_points"] == [180, 150] and rec["trick_points"] == [70, 60]


def test_end_of_deal_timing_adds_everything_after_the_deal():
    s = new({"score_timing": "end_of_deal", "doubling": False})
    play_tricks(s, 11)
    assert s.d["scores"] == [0, 0]
    play_tricks_from(s, 11, 12)
    assert s.d["scores"] == [125, 105]


def test_quints_reaching_the_target_end_the_game_mid_deal():
    s = new({"doubling": False}, {**SETUP, "scores": [200, 0]})
    play_tricks(s, 2)  # 20 + 45 for team 0
    assert s.is_over()
    r = s.result()
    assert r["scores"] == [265, 0] and r["winner_team"] == 0 and r["winners"] == [0, 2]
    assert r["ended_by_quints"] is True and r["deals_played"] == 0 and r["deals"] == []
    assert s.view(1)["cachette"] is None  # never taken


def test_the_cachettes_quints_can_end_the_game():
    s = new({"doubling": False}, {**SETUP, "scores": [244, 0]})
    # Team 0 takes 20 at trick 1: 264 at once.
    play_tricks(s, 1)
    assert s.is_over() and s.result()["ended_by_quints"]


def test_equal_totals_over_the_target_go_to_the_cachettes_team():
    # Team 0 takes 125, team 1 105 in this deal (undoubled, at the end).
    s = new({"doubling": False, "score_timing": "end_of_deal"}, {**SETUP, "scores": [200, 220]})
    play_tricks(s)
    assert s.result()["scores"] == [325, 325] and s.result()["winner_team"] == 0


def test_fixed_deals_ignore_the_target_and_may_draw():
    s = new(
        {"doubling": False, "fixed_deals": 1, "target_score": 10},
        {**SETUP, "scores": [0, 20]},
    )
    play_tricks(s)
    r = s.result()
    assert r["scores"] == [125, 125] and r["winner_team"] is None and r["winners"] == []
    assert r["deals_played"] == 1 and not r["ended_by_quints"]
    assert s.outcome()["place"] == [1, 1, 1, 1]


def test_setup_deals_played_count_towards_fixed_deals():
    s = new({"fixed_deals": 3, "doubling": False}, {**SETUP, "deals_played": 2})
    play_tricks(s)
    assert s.is_over() and s.result()["deals_played"] == 3 and len(s.result()["deals"]) == 1


def test_after_the_game_nothing_is_accepted():
    s = new({"doubling": False}, {**SETUP, "scores": [200, 0]})
    play_tricks(s, 2)
    refused(s, 0, "play KH", "game_over")
    assert s.legal_actions(0) == [] and s.to_move() == []


# -- views ------------------------------------------------------------------------------------------
def test_views_hide_the_other_hands_and_the_cachette_until_taken():
    s = new({"doubling": False})
    v = s.view(0)
    assert v["hand"] == HANDS[0] or sorted(v["hand"]) == sorted(HANDS[0])
    assert "hand" not in s.view(None) and v["cachette"] is None and v["cachette_size"] == 5
    text = json.dumps(v)
    for card in HANDS[1] + CACHETTE:
        assert f'"{card}"' not in text
    play_tricks(s, 11)
    for card in TRICKS[11][:3]:
        s.apply(s.to_move()[0], "play " + card)
    assert s.view(0)["cachette"] is None
    s.apply(0, "play JH")
    # The next deal has started: the last deal's cachette is shown in its record, as pairs.
    last = s.view(2)["last_deal"]
    assert [a + b for a, b in last["cachette"]] == ["7H", "9D", "TC", "AS", "4S"]


def test_the_view_lists_quints_taken_and_the_finished_tricks():
    s = new({"doubling": False})
    play_tricks(s, 3)
    v = s.view(1)
    assert v["quints_taken"] == [["3H+2H", "AH+4H", "JK1"], ["5D", "3D+2D"]]
    assert v["deal_quints"] == [65, 30] and v["tricks"] == [2, 1]
    assert v["history"][1]["cards"] == [[0, "AH"], [1, "4H"], [2, "JK1"], [3, "9H"]]
    assert v["history"][1]["quint_points"] == 45


# -- setups and options -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "setup,match",
    [
        ({"hands": HANDS}, "go together"),
        ({"hands": HANDS, "cachette": ["AS", "4S", "9D", "TC", "7S"]}, "also"),
        ({"hands": HANDS[:3], "cachette": CACHETTE}, "items"),
        ({"scores": [250, 0]}, "below the target"),
        ({"dealer": 4}, "seat"),
        ({"deals": [{"hands": HANDS, "cachette": CACHETTE}], "hands": HANDS}, "either"),
        ({"colour": 1}, "unknown"),
    ],
)
def test_bad_setups_are_refused(setup, match):
    with pytest.raises(ValueError, match=match):
        new(setup=setup)


def test_deals_played_must_be_below_fixed_deals():
    with pytest.raises(ValueError, match="below fixed_deals"):
        new({"fixed_deals": 2}, {"deals_played": 2})
    new({}, {"deals_played": 5})  # without fixed deals any count is a start


@pytest.mark.parametrize(
    "options,match",
    [
        ({"target_score": 0}, "at least"),
        ({"doubling_scope": "both"}, "one of"),
        ({"score_timing": 1}, "one of"),
        ({"doubling": "yes"}, "true or false"),
        ({"jokers": 2}, "unknown option"),
    ],
)
def test_bad_options_are_refused(options, match):
    with pytest.raises(ValueError, match=match):
        new(options)


def test_a_shuffled_deal_puts_five_cards_aside_and_twelve_in_each_hand():
    s = new(setup=None, seed=11)
    assert [len(h) for h in s.d["hands"]] == [12] * 4 and len(s.d["cachette"]) == 5
    assert sorted(sum(s.d["hands"], []) + s.d["cachette"]) == sorted(PACK)
    again = new(setup=None, seed=11)
    assert again.to_json() == s.to_json()


def test_later_deals_follow_the_setup_list_then_shuffle():
    s = new(
        {"doubling": False, "fixed_deals": 3},
        {"dealer": 3, "deals": [{"hands": HANDS, "cachette": CACHETTE}]},
    )
    play_tricks(s)
    assert s.d["dealer"] == 0 and s.d["deal_index"] == 2
    assert sorted(sum(s.d["hands"], []) + s.d["cachette"]) == sorted(PACK)


# -- saved states -----------------------------------------------------------------------------------
def test_saved_states_of_every_phase_are_taken_exactly():
    s = new()
    states = [s.to_json()]
    calls(s, "pass", "double", "pass", "pass")
    states.append(s.to_json())
    play_tricks(s, 5)
    states.append(s.to_json())
    play_tricks_from(s, 5, 12)
    states.append(s.to_json())
    for data in states:
        assert GAME.from_json(data).to_json() == data


@pytest.mark.parametrize(
    "change,why",
    [
        (lambda d: d["scores"].__setitem__(0, 999), "scores"),
        (lambda d: d["history"][0].__setitem__(1, 2), "wrong winner"),
        (lambda d: d.__setitem__("to_act", 3), "next"),
        (lambda d: d["calls"].append([1, "double"]), "calls"),
        (lambda d: d.__setitem__("cachette_team", 1), "cachette"),
    ],
)
def test_saved_states_that_do_not_hold_together_are_refused(change, why):
    s = new()
    calls(s, "pass", "pass", "pass", "pass")
    play_tricks(s, 3)
    data = s.to_json()
    change(data)
    with pytest.raises(ValueError, match=why):
        GAME.from_json(data)
