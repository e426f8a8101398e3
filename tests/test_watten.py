"""Watten: announcements, classes of cards, the follow rule on a trump lead, raising, scoring,
options (Blind, Guate, Kritische, signals, target), setups, views and refusals."""

import json
import random

import pytest

from tabletop import IllegalAction, get_game
from tabletop.games.watten import PACK, card_table, trick_winner

GAME = get_game("watten")
# The rules file's common hands (examples 1-4): dealer 0, forehand 1.
HANDS = [
    ["9H", "AE", "7L", "8S", "TS"],
    ["KH", "9S", "AL", "8E", "OS"],
    ["WS", "TH", "7E", "8L", "KS"],
    ["9E", "9L", "7H", "AS", "UL"],
]


def new(options=None, setup=None, players=4, seed=0):
    return GAME.new_state(players=players, options=options or {}, setup=setup, seed=seed)


def announced(schlag="9", trump="H", options=None, hands=HANDS, **setup):
    state = new(options, {"dealer": 0, "hands": hands, **setup}, players=len(hands))
    state.apply(1 % len(hands), f"schlag {schlag}")
    state.apply(0, f"trump {trump}")
    return state


def refused(state, who, action, code, **params):
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        state.apply(who, action)
    assert err.value.code == code, err.value.code
    if params:
        assert err.value.params == params
    assert json.dumps(state.to_json(), sort_keys=True) == before


def plays(state, *pairs):
    for seat, action in pairs:
        state.apply(seat, action)


# -- announcing ------------------------------------------------------------------------------
def test_forehand_names_the_schlag_then_the_dealer_the_trump():
    state = new(setup={"dealer": 2})
    assert state.to_move() == [3] and state.d["phase"] == "schlag"
    assert state.legal_actions(3) == ["schlag " + r for r in "789TUOKAW"]
    refused(state, 3, "schlag 6", "bad_schlag", text="6")
    refused(state, 3, "trump H", "wrong_move", verb="trump", verbs=["schlag"])
    refused(state, 0, "schlag 9", "not_your_turn", seat=0)
    state.apply(3, "schlag W")
    assert state.to_move() == [2] and state.legal_actions(2) == [
        "trump E",
        "trump L",
        "trump H",
        "trump S",
    ]
    refused(state, 2, "trump X", "bad_trump", text="X")
    state.apply(2, "trump L")
    assert state.d["phase"] == "play" and state.to_move() == [3]
    snap = state.snapshot()
    assert snap["rechte"] == "WS" and snap["guate"] is None


def test_the_others_pick_up_their_cards_once_the_trump_is_named():
    state = new(setup={"dealer": 0, "hands": HANDS})
    assert state.view(2)["hand"] is None and state.view(3)["hand"] is None
    assert state.view(1)["hand"] == sorted(HANDS[1], key=PACK.index)
    assert state.view(0)["hand"] is not None
    plays(state, (1, "schlag 9"), (0, "trump H"))
    assert state.view(2)["hand"] == sorted(HANDS[2], key=PACK.index)


# -- classes and trick winners ---------------------------------------------------------------
def test_card_classes_and_order():
    table, rechte, guate = card_table("9", "H", False, False)
    assert (rechte, guate) == ("9H", None)
    assert [table[c][0] for c in ("9H", "9E", "9L", "9S", "AH", "WS", "AE")] == [
        "rechte",
        "blind",
        "blind",
        "blind",
        "trump",
        "trump",
        "plain",
    ]
    assert table["AH"][1] > table["7H"][1] > table["WS"][1] > table["AE"][1]
    # Guate: one rank above the Schlag; for A (and W) the 7 of trumps.
    assert card_table("U", "L", True, False)[2] == "OL"
    assert card_table("A", "E", True, False)[2] == "7E"
    assert card_table("W", "E", True, False)[1:] == ("WS", "7E")
    # Kritische: a Kritischer is never the Rechte nor a Blind.
    table, rechte, _ = card_table("K", "H", False, True)
    assert rechte is None and table["KH"][0] == "kritisch" and table["KE"][0] == "blind"
    assert table["KH"][1] > table["7S"][1] > table["7E"][1] > table["KE"][1]


def test_the_first_blind_wins_and_plain_cards_win_only_in_the_led_suit():
    table = card_table("9", "H", False, False)[0]
    assert trick_winner([[3, "9L"], [0, "7L"], [1, "9S"], [2, "8L"]], "H", table) == [3, "9L"]
    assert trick_winner([[0, "7L"], [1, "AE"], [2, "8L"], [3, "KS"]], "H", table) == [2, "8L"]
    assert trick_winner([[0, "7L"], [1, "WS"], [2, "AL"]], "H", table) == [1, "WS"]
    assert trick_winner([[0, "9E"], [1, "AH"], [2, "9H"]], "H", table) == [2, "9H"]


# -- the follow rule -------------------------------------------------------------------------
def test_a_trump_lead_binds_but_the_rechte_is_never_forced():
    state = announced()
    state.apply(1, "play KH")
    assert [a for a in state.legal_actions(2) if a.startswith("play")] == ["play TH", "play WS"]
    refused(state, 2, "play 7E", "must_give_trump", card="7E")
    plays(state, (2, "play WS"))
    # Seat 3 holds 7H: a Blind is also allowed.
    assert "play 9E" in state.legal_actions(3) and "play AS" not in state.legal_actions(3)
    plays(state, (3, "play 9E"))
    # Seat 0's only trump is the Rechte: anything goes.
    assert [a for a in state.legal_actions(0) if a.startswith("play")] == [
        "play " + c for c in sorted(HANDS[0], key=PACK.index)
    ]


def test_a_plain_or_blind_lead_binds_nobody():
    state = announced()
    state.apply(1, "play AL")
    assert len([a for a in state.legal_actions(2) if a.startswith("play")]) == 5


def test_blind_watten_binds_only_the_announcers_and_hides_the_trump():
    hands = [
        ["8L", "AH", "KH", "9E", "7S"],
        ["7L", "UL", "AS", "8H", "TE"],
        ["KL", "AE", "OH", "9S", "8E"],
        ["OL", "UE", "7H", "KE", "TS"],
    ]
    state = announced("U", "L", {"blind": True}, hands)
    for seat in (2, 3, None):
        v = state.view(seat)
        assert (v["schlag"], v["trump"], v["rechte"], v["guate"], v["roles"]) == (
            None,
            None,
            None,
            None,
            {},
        )
    assert state.view(0)["trump"] == "L" and state.view(1)["rechte"] == ["U", "L"]
    assert state.snapshot()["guate"] == "OL"
    state.apply(1, "play 7L")
    assert len([a for a in state.legal_actions(2) if a.startswith("play")]) == 5
    assert not any(a.startswith("signal") for a in state.legal_actions(2))
    plays(state, (2, "play AE"), (3, "play OL"))
    refused(state, 0, "play AH", "must_give_trump", card="AH")
    with pytest.raises(ValueError, match="4 players"):
        new({"blind": True}, players=3)


# -- raising ---------------------------------------------------------------------------------
def test_a_raise_is_answered_by_the_next_opponent_and_sides_alternate():
    state = announced()
    state.apply(1, "raise")
    assert state.d["phase"] == "answer" and state.to_move() == [2]
    assert state.legal_actions(2) == ["accept", "fold"]
    refused(state, 3, "accept", "not_your_turn", seat=3)
    refused(state, 2, "accept now", "takes_nothing", verb="accept")
    state.apply(2, "accept")
    assert state.d["stake"] == 3 and state.to_move() == [1]
    assert "raise" not in state.legal_actions(1)
    refused(state, 1, "raise", "raise_twice")
    plays(state, (1, "play KH"), (2, "play WS"))
    assert "raise" not in state.legal_actions(3)
    state.apply(3, "play 9E")
    state.apply(0, "raise")
    assert state.to_move() == [1]
    state.apply(1, "fold")
    rec = state.snapshot()["last_deal"]
    assert (rec["ended_by"], rec["points"], rec["scoring_team"], rec["folded_by"]) == (
        "fold",
        3,
        0,
        1,
    )
    assert state.d["scores"] == [3, 0] and state.d["dealer"] == 1


def test_a_gestrichen_side_may_not_raise():
    state = announced(scores=[0, 9])
    assert "raise" not in state.legal_actions(1)
    refused(state, 1, "raise", "raise_gestrichen", n=9)
    assert state.view(1)["gestrichen"] == [False, True]


def test_three_players_forehand_alone_and_hinterhand_raise_answered_by_forehand():
    hands = [HANDS[0], HANDS[1], HANDS[2]]
    state = announced(hands=hands)
    assert state.view(0)["sides"] == [[1], [0, 2]]
    plays(state, (1, "play KH"), (2, "play WS"), (0, "play AE"))
    state.apply(1, "play AL")
    state.apply(2, "raise")
    assert state.to_move() == [1]
    state.apply(1, "fold")
    assert state.d["scores"] == [2, 0, 2]
    assert state.snapshot()["last_deal"]["scoring_seats"] == [0, 2]


# -- signals ---------------------------------------------------------------------------------
def test_one_public_signal_before_the_first_card():
    state = announced()
    state.apply(1, "signal trump")
    assert state.to_move() == [1] and state.view(3)["signals"] == [[1, "trump"]]
    refused(state, 1, "signal none", "no_signal")
    refused(state, 1, "signal maybe", "bad_signal", text="maybe")
    state.apply(1, "play KH")
    state.apply(2, "play WS")
    assert "signal none" in state.legal_actions(3)
    assert not any(
        a.startswith("signal") for a in announced(options={"signals": False}).legal_actions(1)
    )
    assert not any(a.startswith("signal") for a in announced(hands=HANDS[:2]).legal_actions(1))


# -- scoring and the end ---------------------------------------------------------------------
def test_a_deal_ends_at_three_tricks_and_the_game_at_the_target():
    state = announced(scores=[0, 9])
    plays(
        state,
        (1, "play KH"),
        (2, "play WS"),
        (3, "play 9E"),
        (0, "play AE"),
        (3, "play 9L"),
        (0, "play 7L"),
        (1, "play 9S"),
        (2, "play 8L"),
        (3, "play AS"),
        (0, "play 9H"),
        (1, "play OS"),
        (2, "play KS"),
        (0, "play 8S"),
        (1, "play 8E"),
        (2, "play 7E"),
        (3, "play 7H"),
    )
    assert state.is_over()
    r = state.result()
    assert r["scores"] == [0, 11] and r["winners"] == [1, 3] and r["winner_team"] == 1
    assert state.outcome()["place"] == [2, 1, 2, 1]
    snap = state.snapshot()
    assert snap["phase"] == "over" and snap["to_act"] is None and snap["legal"] == []
    assert snap["last_trick"]["winner"] == 3 and snap["trick_winners"] == [3, 3, 0, 3]
    assert len(snap["hands"][0]) == 1  # the last cards are not played
    refused(state, 0, "play TS", "game_over")


def test_target_score_option_and_bad_options():
    assert new({"target_score": 7}).view(0)["target_score"] == 7
    for bad in ({"target_score": 4}, {"blind": "yes"}, {"guate": 1}, {"zz": 1}):
        with pytest.raises(ValueError):
            new(bad)


# -- setups ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "setup",
    [
        {"hands": HANDS, "deals": [{"hands": HANDS}]},
        {"hands": [HANDS[0], HANDS[0], HANDS[2], HANDS[3]]},
        {"hands": [HANDS[0][:4], HANDS[1], HANDS[2], HANDS[3]]},
        {"dealer": 4},
        {"scores": [11, 0]},
        {"scores": [1, 2, 3]},
        {"hands": [["ZZ", "AE", "7L", "8S", "TS"], HANDS[1], HANDS[2], HANDS[3]]},
        {"zz": 1},
    ],
)
def test_bad_setups_are_refused(setup):
    with pytest.raises(ValueError):
        new(setup=setup)


def test_later_deals_follow_the_setup_then_the_seed():
    state = new(setup={"deals": [{"hands": HANDS}], "deals_played": 3})
    assert state.d["hands"] == [sorted(h, key=PACK.index) for h in HANDS]
    plays(state, (1, "schlag 9"), (0, "trump H"), (1, "raise"), (2, "fold"))
    assert state.d["deals_played"] == 4 and len(state.d["stock"]) == 13
    assert sorted(c for h in state.d["hands"] for c in h) != sorted(c for h in HANDS for c in h)


# -- views and saved states ------------------------------------------------------------------
def test_views_hide_other_hands_and_saved_states_round_trip():
    rng = random.Random(3)
    for players in (2, 3, 4):
        state = new(players=players, seed=players)
        while not state.is_over():
            for seat in [None, *range(players)]:
                v = state.view(seat)
                if seat is not None and v["hand"] is not None:
                    assert v["hand"] == state.d["hands"][seat]
            again = GAME.from_json(json.loads(json.dumps(state.to_json())))
            assert again.to_json() == state.to_json()
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_tampered_saved_state_is_refused():
    state = announced()
    state.apply(1, "play KH")
    data = state.to_json()
    data["hands"][2] = ["TH", "7E", "8L", "KS"]  # WS gone without being played
    with pytest.raises(ValueError):
        GAME.from_json(data)
    data = state.to_json()
    data["stake"] = 3
    with pytest.raises(ValueError):
        GAME.from_json(data)
