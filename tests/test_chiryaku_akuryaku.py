"""知略悪略 Chiryaku Akuryaku: targeted behaviour tests (vectors and the harness run elsewhere)."""

import json
import random

import pytest

from tabletop import IllegalAction, get_game
from tabletop.games.chiryaku_akuryaku import PACKS, brothers, round_score

GAME = get_game("chiryaku_akuryaku")


def refused(state, by, action, code, **params):
    """The move is refused with ``code`` (and these params), and nothing changes."""
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        state.apply(by, action)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    assert err.value.code == code, (err.value.code, str(err.value))
    for key, value in params.items():
        assert err.value.params[key] == value, (key, err.value.params)


def four_player_hands():
    """Seat 0: R1-R14, seat 1: Y1-Y14, seat 2: B1-B14, seat 3: P1-P14."""
    return [[c + str(i) for i in range(1, 15)] for c in "RYBP"]


# -- the card sets -------------------------------------------------------------------------------


def test_card_sets():
    assert len(PACKS[4]) == 56 and len(PACKS[5]) == 70 and len(PACKS[6]) == 84
    assert "B18" not in PACKS[5] and "R18" in PACKS[5] and "P17" in PACKS[5]
    assert PACKS[4][:2] == ["R1", "R2"] and PACKS[4][-1] == "P14"


@pytest.mark.parametrize("players", [4, 5, 6])
def test_shuffled_deal(players):
    state = GAME.new_state(players=players, seed=players)
    snap = state.snapshot()
    assert [len(h) for h in snap["hands"]] == [14] * players
    assert sorted(sum(snap["hands"], [])) == sorted(PACKS[players])
    assert (
        snap["dealer"] == 0
        and snap["to_act"] == 1
        and snap["round"] == 1
        and snap["phase"] == "play"
    )
    assert snap["face_up"] == [{"R": 0, "Y": 0, "B": 0, "P": 0}] * players
    assert snap["face_down"] == [0] * players and snap["face_down_colours"] == [None] * players


# -- options and setup ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players,options",
    [
        (3, {}),
        (7, {}),
        (4, {"rounds": 0}),
        (4, {"rounds": "2"}),
        (4, {"round": 2}),
        (4, {"rounds": None}),
    ],
)
def test_bad_players_and_options(players, options):
    with pytest.raises(ValueError):
        GAME.new_state(players=players, options=options)


@pytest.mark.parametrize(
    "setup,fragment",
    [
        ({"hands": four_player_hands()[:3]}, "setup.hands: must have 4 items"),
        ({"hands": four_player_hands(), "deals": []}, "not both"),
        ({"hands": [h[:13] for h in four_player_hands()]}, "14 cards"),
        (
            {
                "hands": [
                    ["R15"] + h[1:] if i == 0 else h for i, h in enumerate(four_player_hands())
                ]
            },
            "not a card",
        ),
        (
            {"hands": [["Y1"] + h[1:] if i == 0 else h for i, h in enumerate(four_player_hands())]},
            "Y1 is also at",
        ),
        ({"hands": four_player_hands(), "dealer": 4}, "dealer"),
        ({"hands": four_player_hands(), "scores": [0, 0, 0]}, "scores"),
        ({"hands": four_player_hands(), "scores": [0, 0, 0, "1"]}, "score"),
        (
            {"deals": [{"hands": four_player_hands(), "dealer": 1}]},
            "setup.deals[0]: unknown key(s) dealer",
        ),
        ({"deals": {"hands": four_player_hands()}}, "list"),
        ({"colour": "R"}, "setup: unknown key(s) colour"),
        (
            {"hands": four_player_hands(), "scores": [0, 0, 0, -1]},
            "setup.scores[3]: must be from 0",
        ),
        ({"deals": [{"hands": four_player_hands()}] * 5}, "5 deals for 4 round(s)"),
        (
            {
                "hands": [
                    h[:7] + h[8:] + ["Y8"] if i == 0 else h
                    for i, h in enumerate(four_player_hands())
                ]
            },
            "Y8 is also at",
        ),
    ],
)
def test_bad_setup(setup, fragment):
    with pytest.raises(ValueError) as err:
        GAME.new_state(players=4, setup=setup)
    assert fragment in str(err.value)


def test_rounds_default_is_player_count():
    assert GAME.new_state(players=5).d["rounds"] == 5
    assert GAME.new_state(players=5, options={"rounds": 2}).d["rounds"] == 2


# -- resolution ----------------------------------------------------------------------------------


def test_brothers():
    assert brothers([[0, "R5"], [1, "Y3"], [2, "R9"], [3, "B2"]]) == (2, 3)
    assert brothers([[0, "R5"], [1, "R9"], [2, "R1"], [3, "R14"]]) == (3, None)
    assert brothers([[0, "Y3"], [1, "B7"], [2, "P7"], [3, "Y2"]]) == (0, 1)  # tie: earlier card
    assert brothers([[0, "Y3"], [1, "P7"], [2, "B7"], [3, "Y2"]]) == (0, 1)


def test_round_score():
    up = lambda r=0, y=0, b=0, p=0: {"R": r, "Y": y, "B": b, "P": p}  # noqa: E731
    assert round_score(up(), 0, ())[0] == 0
    assert round_score(up(r=6), 0, ())[0] == 0
    assert round_score(up(y=3, b=4), 0, ()) == (
        12,
        {
            "code": "score_two_colours",
            "params": {
                "first_colour": "B",
                "first_count": 4,
                "second_colour": "Y",
                "second_count": 3,
                "points": 12,
            },
        },
    )
    assert round_score(up(r=3, b=2, p=3), 0, ())[0] == 4
    assert round_score(up(r=4, y=6, b=2), 0, ())[0] == 12
    assert round_score(up(r=3, y=3), 3, ("B", "P")) == (
        3,
        {
            "code": "score_face_down",
            "params": {
                "first_colour": "R",
                "first_count": 3,
                "second_colour": "Y",
                "second_count": 3,
                "face_down": 3,
                "points": 3,
            },
        },
    )
    assert round_score(up(r=1, y=2), 4, ("B", "P"))[0] == 0


def test_play_rules_and_messages():
    hands = [
        ["R1", "R2", "Y1", "B1", "P1"] + [f"R{i}" for i in range(3, 12)],
        ["Y2", "B2", "P2"] + [f"Y{i}" for i in range(3, 14)],
        ["B3", "P3", "R12"] + [f"B{i}" for i in range(4, 15)],
        ["R13", "R14", "Y14"] + [f"P{i}" for i in range(4, 15)],
    ]
    state = GAME.new_state(players=4, setup={"hands": hands, "dealer": 3})
    assert state.to_move() == [0]
    refused(state, 1, "play Y2", "not_your_turn", seat=1)
    refused(state, 0, "play Y2", "not_in_hand", cards=["Y2"])
    refused(state, 0, "play R99", "unknown_card", text="R99")
    refused(
        state, 0, "play R15", "unknown_card", text="R15"
    )  # a card of the 5- and 6-player sets only
    refused(state, 0, "take R1 R2", "wrong_move", verb="take", verbs=["play"])
    refused(state, 0, "facedown R Y", "wrong_move", verb="facedown", verbs=["play"])
    state.apply(0, "play R1")
    state.apply(1, "play Y2")
    state.apply(2, "play B3")
    # the trick shows red, yellow and blue: purple is barred
    assert state.legal_actions(3) == ["play R13", "play R14", "play Y14"]
    refused(state, 3, "play P4", "fourth_colour", card="P4", colours=["R", "Y", "B"])
    state.apply(3, "play R14")
    view = state.view(None)
    assert view["phase"] == "take" and view["big_brother"] == 3 and view["little_brother"] == 1
    assert view["take_count"] == 2 and state.to_move() == [3]
    assert len(state.legal_actions(3)) == 6
    refused(state, 3, "take R14", "wrong_card_count", n=2, given=1)
    refused(state, 3, "take R14 R14", "card_named_twice", card="R14")
    refused(state, 3, "take R14 P4", "not_in_trick", cards=["P4"], n=1)
    refused(state, 3, "play P4", "wrong_move", verb="play", verbs=["take"])
    state.apply(3, "take Y2 R14")
    snap = state.snapshot()
    assert snap["face_up"][3] == {"R": 1, "Y": 1, "B": 0, "P": 0}
    assert snap["face_up"][1] == {"R": 1, "Y": 0, "B": 1, "P": 0}
    assert snap["tricks_played"] == 1 and snap["to_act"] == 1 and snap["phase"] == "play"
    last = state.view(0)["last_trick"]
    assert last["taken"] == ["R14", "Y2"] and last["given"] == ["R1", "B3"] and last["little"] == 1
    assert state.view(0)["live_scores"] == [0, 1, 0, 1]


def test_blocked_seat_ends_round_at_once():
    hands = four_player_hands()
    state = GAME.new_state(
        players=4,
        setup={"hands": [hands[1], hands[0], hands[2], hands[3]], "dealer": 0},
        options={"rounds": 2},
    )
    # seat 1 (red) leads: R1, seat 2 blue, seat 3 purple -> seat 0 (yellow only) cannot play
    state.apply(1, "play R1")
    state.apply(2, "play B1")
    state.apply(3, "play P1")
    snap = state.snapshot()
    assert snap["round"] == 2 and snap["round_scores"] == [[0, 0, 0, 0]] and snap["dealer"] == 1
    assert snap["to_act"] == 2 and snap["tricks_played"] == 0
    last = state.view(0)["last_round"]
    assert last["blocked"] == 0 and last["tricks_played"] == 0
    assert last["breakdown"][0] == {
        "seat": 0,
        "points": 0,
        "reasons": [{"code": "score_no_cards", "params": {"points": 0}}],
    }


def test_facedown_choice_and_later_cards():
    # seat 0 collects all four colours in two tricks, then turns two face down
    hands = [
        ["R14", "Y14", "B1", "P1"] + [f"R{i}" for i in range(1, 11)],
        ["Y1", "B2", "P2"] + [f"Y{i}" for i in range(2, 13)],
        ["B3", "P3", "R11"] + [f"B{i}" for i in range(4, 15)],
        ["R12", "R13", "Y13"] + [f"P{i}" for i in range(4, 15)],
    ]
    state = GAME.new_state(players=4, setup={"hands": hands, "dealer": 3})
    for seat, action in [
        (0, "play R14"),
        (1, "play Y1"),
        (2, "play R11"),
        (3, "play R12"),
        (0, "take R14 Y1"),
    ]:
        state.apply(seat, action)
    # seat 1 (little brother: Y1 was the only non-red card) got R11 R12 and leads
    snap = state.snapshot()
    assert snap["to_act"] == 1
    for seat, action in [(1, "play B2"), (2, "play B3"), (3, "play P4"), (0, "play B1")]:
        state.apply(seat, action)
    # lead blue: big brother seat 2 (B3), little brother seat 3 (P4)
    state.apply(2, "take B2 B3")
    for seat, action in [(3, "play P5"), (0, "play P1"), (1, "play P2"), (2, "play B4")]:
        state.apply(seat, action)
    # lead purple: big brother seat 3 (P5), little brother seat 2 (B4)
    state.apply(3, "take P5 P2")
    assert state.snapshot()["face_up"][2] == {"R": 0, "Y": 0, "B": 3, "P": 1}
    # trick 4, lead blue: big brother seat 2 (B5), little brother seat 0 (R1)
    for seat, action in [(2, "play B5"), (3, "play Y13"), (0, "play R1"), (1, "play Y2")]:
        state.apply(seat, action)
    state.apply(2, "take R1 Y2")  # seat 2: B3 P1 + R1 Y1 -> four colours
    snap = state.snapshot()
    assert snap["phase"] == "facedown" and snap["to_act"] == 2
    # the little brother (seat 0) has not received his share yet
    assert snap["face_up"][0] == {"R": 1, "Y": 1, "B": 0, "P": 0}
    assert state.legal_actions(2) == [
        "facedown R Y",
        "facedown R B",
        "facedown R P",
        "facedown Y B",
        "facedown Y P",
        "facedown B P",
    ]
    refused(state, 2, "facedown R R", "two_different_colours", colour="R")
    refused(state, 2, "facedown R G", "name_two_colours", colours=["R", "Y", "B", "P"])
    refused(state, 2, "facedown R", "name_two_colours")
    refused(state, 2, "play B6", "wrong_move", verb="play", verbs=["facedown"])
    refused(state, 0, "facedown B P", "not_your_turn", seat=0)
    state.apply(2, "facedown Y R")
    snap = state.snapshot()
    assert snap["face_down_colours"][2] == ["R", "Y"] and snap["face_down"][2] == 2
    assert snap["face_up"][2] == {"R": 0, "Y": 0, "B": 3, "P": 1}
    # now seat 0 gets B5 Y13 (three colours: no choice) and leads
    assert snap["face_up"][0] == {"R": 1, "Y": 2, "B": 1, "P": 0}
    assert snap["phase"] == "play" and snap["to_act"] == 0
    view = state.view(1)
    assert view["face_down"] == [0, 0, 2, 0] and view["face_down_colours"][2] == ["R", "Y"]
    assert view["live_scores"][0] == 2 and view["live_scores"][2] == 1  # 2*1//1 ; 3*1//2
    # later red/yellow cards of seat 2 go face down
    for seat, action in [(0, "play R2"), (1, "play Y4"), (2, "play P3"), (3, "play R13")]:
        state.apply(seat, action)
    state.apply(3, "take R13 P3")  # little brother seat 2 (P3) gets R2 Y4
    snap = state.snapshot()
    assert snap["face_down"][2] == 4 and snap["face_up"][2] == {"R": 0, "Y": 0, "B": 3, "P": 1}
    assert state.view(None)["face_up_cards"][2] == ["B2", "B3", "B4", "P1"]


def test_game_over_and_result():
    state = GAME.new_state(players=4, seed=3, options={"rounds": 2})
    rng = random.Random(5)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    res = state.result()
    assert res["rounds_played"] == 2 and len(res["round_scores"]) == 2
    assert res["scores"] == [a + b for a, b in zip(*res["round_scores"])]
    assert res["winners"] == [s for s in range(4) if res["scores"][s] == max(res["scores"])]
    assert state.snapshot()["to_act"] is None and state.to_move() == []
    refused(state, 0, "play R1", "game_over")
    assert state.view(0)["result"] == res


def test_starting_scores_and_deals():
    hands = four_player_hands()
    deal2 = [hands[1], hands[0], hands[2], hands[3]]
    state = GAME.new_state(
        players=4,
        setup={"deals": [{"hands": hands}, {"hands": deal2}], "scores": [5, 0, 0, 1]},
        options={"rounds": 3},
    )
    assert state.snapshot()["hands"][0] == hands[0]
    # seat 1 (yellow) leads Y1, seat 2 B1, seat 3 P1: seat 0 (red only) is blocked
    state.apply(1, "play Y1")
    state.apply(2, "play B1")
    state.apply(3, "play P1")
    snap = state.snapshot()
    assert snap["round"] == 2 and snap["scores"] == [5, 0, 0, 1] and snap["hands"][0] == hands[1]
    assert snap["to_act"] == 2


def test_hidden_information_in_views():
    state = GAME.new_state(players=5, seed=11)
    for seat in range(5):
        text = json.dumps(state.view(seat))
        for other in range(5):
            if other != seat:
                for card in state.d["hands"][other]:
                    assert f'"{card}"' not in text
    assert state.view(None)["legal_actions"] == [] and "hand" not in state.view(None)


def test_json_round_trip():
    state = GAME.new_state(players=6, seed=2)
    rng = random.Random(1)
    for _ in range(50):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    again = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert again.snapshot() == state.snapshot()


# -- saved states that cannot happen ------------------------------------------------------------


def _state_in_round_two():
    """A saved state in round two, a few tricks in, with a trick on the table (the tampering below
    is written for this one: seat 0 collects red, blue and purple)."""
    state = GAME.new_state(players=5, seed=7)
    rng = random.Random(7)
    while not (
        state.d["round"] == 2
        and state.phase == "play"
        and state.d["tricks_played"] >= 3
        and len(state.d["trick"]) >= 2
    ):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return json.loads(json.dumps(state.to_json()))


def _swap_little(d):
    t = d["last_trick"]
    t["big"], t["little"] = (
        (t["little"], t["big"]) if t["little"] is not None else ((t["big"] + 1) % 5, None)
    )


@pytest.mark.parametrize(
    "tamper,reason",
    [
        (lambda d: d["round_scores"].append([0] * 5), "rounds scored"),
        (lambda d: d["scores"].__setitem__(3, 0), "a total is less than the rounds scored"),
        (
            lambda d: d["last_round"]["scores"].__setitem__(1, d["last_round"]["scores"][1] + 1),
            "last round",
        ),
        (lambda d: d.update(to_act=(d["to_act"] + 1) % 5), "next in the trick"),
        (lambda d: d.update(phase="take"), "trick does not agree with the phase"),
        (lambda d: d["discarded"].append(d["hands"][0].pop()), "holds"),
        (lambda d: d.update(tricks_played=d["tricks_played"] + 1), "holds|previous trick"),
        (_swap_little, "not shared by the rules"),
        (lambda d: d["up"][0]["R"].reverse(), "face-up piles are not sorted"),
        (
            lambda d: d["up"][0]["R"].append(d["up"][0]["B"].pop()),
            "face-up piles are not sorted by colour",
        ),
        (
            lambda d: d.update(face_down_colours=[["R", "Y"]] + d["face_down_colours"][1:]),
            "face-down",
        ),
        (lambda d: d["up"][0].update(Y=[d["up"][4]["Y"].pop()]), "shows four colours"),
        (lambda d: d.update(dealer=(d["dealer"] + 1) % 5), "pass to the left"),
    ],
)
def test_impossible_saved_states_are_refused_with_the_reason(tamper, reason):
    data = _state_in_round_two()
    assert GAME.from_json(json.loads(json.dumps(data))).to_json() == data
    tamper(data)
    with pytest.raises(ValueError, match=reason):
        GAME.from_json(data)
