"""Behaviour tests for Mustamaija (rules: docs/rules/mustamaija.md)."""

import json
import pathlib
import random
import re

import pytest

from tabletop import IllegalAction, get_game
from tabletop.games.mustamaija import ORDER, PACK, PACK32, SmallRandom, beats
from tabletop.session import replay

GAME = get_game("mustamaija")


def new(players=2, options=None, setup=None, seed=0):
    return GAME.new_state(players=players, options=options or {}, setup=setup, seed=seed)


def play(state, *actions):
    for seat, action in actions:
        state.apply(seat, action)
    return state


def refused(state, seat, action, fragment=""):
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    assert fragment in str(err.value), str(err.value)
    return str(err.value)


# -- options and setup ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"hand_size": 4},
        {"trump_mode": "spades"},
        {"deck": 36},
        {"end_at_first_out": 1},
        {"jokers": True},
    ],
)
def test_bad_options_refused(options):
    with pytest.raises(ValueError):
        new(options=options)


def test_player_counts_depend_on_hand_size():
    with pytest.raises(ValueError, match="hand_size 3"):
        new(players=7, options={"hand_size": 5})
    with pytest.raises(ValueError):
        new(players=9, options={"hand_size": 3})
    with pytest.raises(ValueError):
        new(players=1)
    state = new(players=8, options={"hand_size": 3})
    assert [len(h) for h in state.d["hands"]] == [3] * 8
    # Decision: without an explicit hand_size, 7-8 players get the 3-card game.
    state = new(players=7)
    assert state.options["hand_size"] == 3
    assert new(players=6).options["hand_size"] == 5


@pytest.mark.parametrize(
    "setup, fragment",
    [
        ({"hands": [["QS", "2C"], ["3C"]], "stock": ["3C"]}, "3C is also at"),
        ({"hands": [["2C"], ["3C"]], "stock": ["4C"]}, "QS"),
        ({"hands": [["QS"], ["ZZ"]]}, '"ZZ" is not a card of this game'),
        ({"hands": [["QS"], []]}, r"hands\[1\]: must hold 1 to"),
        ({"hands": [["QS"]]}, "hands: must have 2 items"),
        ({"hands": [["QS"], ["2C"]], "dealer": 2}, "dealer"),
        ({"hands": [["QS"], ["2C"]], "dealer": True}, "dealer"),
        ({"hands": [["QS"], ["2C"]], "talon": []}, "unknown key"),
        ({"hands": [["QS"], [["2C"]]]}, "is not a card of this game"),
        ({"hands": [["QS"], ["2C"]], "stock": "3C"}, "stock"),
        ({"hands": [["QS"], ["2C"]], "stock": [{"c": 1}]}, "stock"),
        ({"dealer": 0}, "hands"),
    ],
)
def test_bad_setup_refused(setup, fragment):
    with pytest.raises(ValueError, match=fragment):
        new(setup=setup)


def test_32_card_deck_setup_refuses_low_cards():
    with pytest.raises(ValueError, match='"2C" is not a card of this game'):
        new(options={"deck": 32}, setup={"hands": [["QS"], ["2C"]]})


def test_random_deal_follows_the_dealing_order():
    for players, options in [(4, {}), (6, {"deck": 32}), (8, {"hand_size": 3})]:
        state = new(players=players, options=options, seed=11)
        size = state.options["hand_size"]
        pack = PACK32 if options.get("deck") == 32 else PACK
        assert all(len(h) == size for h in state.d["hands"])
        assert len(state.d["talon"]) == len(pack) - players * size
        assert sorted(sum(state.d["hands"], []) + state.d["talon"]) == sorted(pack)
        assert state.d["attacker"] == 1 and state.d["defender"] == 2 % players
        assert state.d["trump"] is None and state.d["phase"] == "attack"
    # The same seed deals the same cards; another seed (almost surely) not.
    assert new(players=4, seed=5).d == new(players=4, seed=5).d
    assert new(players=4, seed=5).d["hands"] != new(players=4, seed=6).d["hands"]


def test_diamonds_mode_has_trumps_from_the_start():
    state = new(
        options={"trump_mode": "diamonds"},
        setup={"hands": [["QS", "2D"], ["3C", "4C"]], "stock": ["4H"]},
    )
    assert state.d["trump"] == "D"
    play(state, (1, "add 3C"), (1, "attack"))
    assert state.d["trump"] == "D" and state.d["trump_card"] is None and state.d["turned"] == []
    assert state.legal_actions(0) == ["beat 3C:2D", "take"]


# -- trumps (turn_up) ----------------------------------------------------------------------------


def test_trump_is_turned_when_the_attack_is_committed_not_at_the_first_add():
    setup = {
        "hands": [["QS", "2C", "3C"], ["4C", "5C", "6C"]],
        "stock": ["2S", "9H", "7D", "8D", "9D", "TD"],
    }
    state = play(new(options={"hand_size": 3}, setup=setup), (1, "add 4C"))
    assert state.d["trump"] is None and state.d["talon"][0] == "2S"
    state.apply(1, "add 5C")
    state.apply(1, "attack")
    # 2S set aside, 9H is the trump card; R = 7D 8D 9D TD, k = 2.
    assert state.d["trump"] == "H" and state.d["trump_card"] == "9H"
    assert state.d["turned"] == ["2S"]
    # Seat 1 played 2 cards and drew 7D 8D.
    assert state.d["hands"][1] == ["7D", "8D", "6C"]
    assert state.d["talon"] == ["2S", "9D", "TD", "9H"]
    view = state.view(0)
    assert (
        view["trump_card"] == "9H"
        and view["trump_card_in_talon"]
        and view["turned_spades"] == ["2S"]
    )


def test_all_spade_or_empty_talon_means_no_trumps():
    for stock in ([], ["2S", "3S"]):
        state = new(setup={"hands": [["QS", "2C", "3C"], ["4C", "5C", "6C"]], "stock": stock})
        play(state, (1, "add 4C"), (1, "attack"))
        assert state.d["trump"] is None and state.d["trump_card"] is None
        assert state.d["talon"] == [] and state.d["trump_fixed"]


def test_turned_spade_and_trump_card_become_known_when_drawn():
    setup = {"hands": [["QS", "2C", "3C"], ["4C", "5C", "6C"]], "stock": ["2S", "9H", "7D"]}
    state = play(
        new(options={"hand_size": 3}, setup=setup),
        (1, "add 4C"),
        (1, "add 5C"),
        (1, "add 6C"),
        (1, "attack"),
    )
    # R = [7D], k = 0: talon 2S 7D 9H; seat 1 draws all three.
    assert state.d["hands"][1] == ["2S", "9H", "7D"]
    view = state.view(0)
    assert view["known_cards"][1] == ["2S", "9H"]
    assert view["trump_card_drawn_by"] == 1 and not view["trump_card_in_talon"]
    assert "7D" in state.hidden_cards(0) and "9H" not in state.hidden_cards(0)


# -- beating ----------------------------------------------------------------------------------------


def test_beats_rules():
    assert beats("TH", "9H", None) and not beats("8H", "9H", None)
    assert beats("2D", "AH", "D") and not beats("2D", "AH", None)
    assert not beats("AH", "2D", "D") and beats("3D", "2D", "D") and not beats("2D", "3D", "D")
    assert not beats("AS", "QS", "H") and not beats("KS", "QS", None)
    assert not beats("QS", "2S", None) and not beats("QS", "2H", "S")
    assert not beats("5C", "5C", None)


def test_defence_pair_by_pair_and_messages():
    setup = {"hands": [["QS", "TH", "8H", "2D"], ["9H", "7H", "QH", "5C"]], "stock": []}
    state = new(options={"trump_mode": "diamonds"}, setup=setup)
    refused(state, 0, "add 2D", "attack is not committed")
    play(state, (1, "add 9H"), (1, "add 7H"), (1, "add QH"), (1, "attack"))
    refused(state, 0, "beat 9H:8H", "8H does not beat 9H")
    refused(state, 0, "beat QS:TH", "is not an attack card")
    refused(state, 0, "beat 9H:TH 7H:8H", "one pair per beat")
    refused(state, 0, "beat 9H", "not a pair")
    refused(state, 0, "beat 9H:AH", "you do not hold AH")
    refused(state, 0, "add QS", "you are defending")
    refused(state, 1, "take", "not seat 1's turn")
    refused(state, 0, "declare D", "diamonds are always trumps")
    assert state.legal_actions(0) == [
        "beat 7H:8H",
        "beat 7H:TH",
        "beat 7H:2D",
        "beat 9H:TH",
        "beat 9H:2D",
        "beat QH:2D",
        "take",
    ]
    play(state, (0, "beat 9H:TH"))
    refused(state, 0, "beat 9H:8H", "already beaten")
    assert state.d["table"] == ["7H", "QH"] and state.d["discard_count"] == 2
    play(state, (0, "beat QH:2D"), (0, "beat 7H:8H"))
    # Every card beaten: the defence ended by itself; seat 0 (talon empty) still holds QS.
    assert state.d["beaten"] == [["9H", "TH"], ["QH", "2D"], ["7H", "8H"]]
    assert state.d["table"] == [] and state.d["discard_count"] == 6
    # Seat 1 keeps 5C; seat 0 defended and attacks next.
    assert state.d["attacker"] == 0 and state.d["defender"] == 1 and state.d["phase"] == "attack"
    view = state.view(None)
    assert view["attack"]["status"] == "defended"
    assert view["attack"]["cards"] == [["9H", "TH"], ["7H", "8H"], ["QH", "2D"]]


def test_queen_of_spades_cannot_be_beaten_or_beat():
    setup = {"hands": [["KS", "AS", "3S"], ["QS", "2S", "4H"]], "stock": []}
    state = play(
        new(options={"hand_size": 3, "trump_mode": "diamonds"}, setup=setup),
        (1, "add QS"),
        (1, "add 2S"),
        (1, "attack"),
    )
    refused(state, 0, "beat QS:KS", "QS cannot be beaten")
    assert state.legal_actions(0) == ["beat 2S:3S", "beat 2S:KS", "beat 2S:AS", "take"]
    play(state, (0, "beat 2S:3S"), (0, "take"))
    assert "QS" in state.d["hands"][0] and state.view(1)["known_cards"][0] == ["QS"]
    # Failed defence with two players: seat 1 attacks again.
    assert state.d["attacker"] == 1
    play(state, (1, "add 4H"), (1, "attack"))
    refused(state, 0, "beat 4H:QS", "QS beats nothing")


# -- attacking ----------------------------------------------------------------------------------


def test_attack_built_card_by_card_and_refill_after_commit():
    setup = {
        "hands": [["2C", "3C", "4C", "5C", "6C"], ["QS", "7H", "8H", "9H", "2D"]],
        "stock": ["3D", "4D", "5D", "6D", "7D", "8D"],
    }
    state = new(options={"trump_mode": "marriage"}, setup=setup)
    refused(state, 1, "attack", "nothing added")
    refused(state, 1, "add 7H 8H", "one card per add")
    refused(state, 1, "add", "add one card")
    refused(state, 1, "attack 7H", "attack takes no cards")
    refused(state, 1, "add 2C", "you do not hold 2C")
    refused(state, 1, "add 1H", "not a card")
    play(state, (1, "add 8H"))
    assert state.legal_actions(1) == ["add 7H", "add 9H", "attack"]
    refused(state, 1, "add 2D", "mixed suits: 2D is not a heart")
    play(state, (1, "add 7H"), (1, "add 9H"))
    # Nothing drawn between adds; while the talon has cards there is no limit.
    assert len(state.d["hands"][1]) == 2 and state.d["phase"] == "attack"
    assert state.view(0)["attack"]["status"] == "building"
    state.apply(1, "attack")
    assert state.d["hands"][1] == ["QS", "2D", "3D", "4D", "5D"]
    assert state.d["phase"] == "defend" and state.d["talon"] == ["6D", "7D", "8D"]


def test_lead_limit_only_when_talon_is_empty():
    hands = [["2C"], ["QS", "3H", "4H", "5H"]]
    state = play(new(setup={"hands": hands, "stock": []}), (1, "add 3H"))
    assert state.legal_actions(1) == ["attack"]
    refused(state, 1, "add 4H", "2nd attack card, but the defender holds 1")
    assert state.view(1)["attack_limit"] == 1
    state = play(
        new(setup={"hands": hands, "stock": ["9C"]}), (1, "add 3H"), (1, "add 4H"), (1, "add 5H")
    )
    assert state.view(1)["attack_limit"] is None


def test_failed_defence_passes_the_attack_beyond_the_defender():
    setup = {"hands": [["2C", "3C"], ["4H", "5H"], ["QS", "6H"], ["7C", "8C"]], "stock": []}
    state = play(
        new(players=4, options={"hand_size": 3}, setup=setup),
        (1, "add 4H"),
        (1, "attack"),
        (2, "take"),
    )
    assert (state.d["attacker"], state.d["defender"]) == (3, 0)
    play(state, (3, "add 7C"), (3, "attack"), (0, "take"))
    assert (state.d["attacker"], state.d["defender"]) == (1, 2)
    # Successful defence: the defender attacks next.
    play(state, (1, "add 5H"), (1, "attack"))
    assert state.d["hands"][1] == [] and state.d["out_order"] == []
    play(state, (2, "beat 5H:6H"))
    # Seat 1 is out (talon empty); seat 2 defended and attacks seat 3.
    assert state.d["out_order"] == [1]
    assert (state.d["attacker"], state.d["defender"]) == (2, 3)


def test_attacker_out_is_skipped_and_both_out_in_order():
    setup = {"hands": [["5D"], ["4D"], ["QS", "9C"]], "stock": []}
    state = play(
        new(players=3, options={"hand_size": 3}, setup=setup),
        (1, "add 4D"),
        (1, "attack"),
        (2, "take"),
    )
    assert state.d["out_order"] == [1]
    assert (state.d["attacker"], state.d["defender"]) == (0, 2)
    setup = {"hands": [["2H"], ["3H"], ["QS", "4C"]], "stock": []}
    state = play(
        new(players=3, options={"hand_size": 3}, setup=setup), (1, "add 3H"), (1, "attack")
    )
    refused(state, 2, "beat 3H:2H", "you do not hold 2H")
    play(state, (2, "take"))
    assert state.d["out_order"] == [1] and (state.d["attacker"], state.d["defender"]) == (0, 2)
    play(state, (0, "add 2H"), (0, "attack"), (2, "beat 2H:3H"))
    assert state.is_over() and state.result() == {
        "loser": 2,
        "winner": None,
        "out_order": [1, 0],
        "trump": None,
    }


def test_attacker_and_defender_out_in_the_same_exchange():
    setup = {"hands": [["QS", "2C"], ["4H"], ["5H"]], "stock": []}
    state = play(
        new(players=3, options={"hand_size": 3}, setup=setup),
        (1, "add 4H"),
        (1, "attack"),
        (2, "beat 4H:5H"),
    )
    assert state.is_over()
    assert state.result() == {"loser": 0, "winner": None, "out_order": [1, 2], "trump": None}


# -- end of the game ---------------------------------------------------------------------------


def test_loser_holds_maija_and_end_view():
    setup = {"hands": [["QS", "4C", "9D"], ["5C", "6C", "7H"]], "stock": []}
    state = play(
        new(options={"hand_size": 3, "trump_mode": "diamonds"}, setup=setup),
        (1, "add 5C"),
        (1, "add 6C"),
        (1, "attack"),
        (0, "beat 6C:9D"),
        (0, "take"),
        (1, "add 7H"),
        (1, "attack"),
    )
    assert state.result() is None
    assert state.view(None)["attack"]["status"] == "defending"
    state.apply(0, "take")
    assert state.is_over() and state.to_move() == [] and state.legal_actions(0) == []
    refused(state, 0, "take", "the game is over")
    view = state.view(None)
    assert view["maija_holder"] == 0 and view["result"]["loser"] == 0
    assert view["hands"][0] == ["QS", "7H", "4C", "5C"] and view["hands"][1] == []
    summary = {s["seat"]: s for s in view["summary"]}
    assert summary[0]["outcome"] == "loser" and summary[0]["reasons"] == [
        {"code": "left_with_maija", "params": {}}
    ]
    assert summary[1]["outcome"] == "out" and summary[1]["reasons"] == [
        {"code": "out_place", "params": {"place": 1}}
    ]
    assert view["attack"]["status"] == "taken"


def test_end_at_first_out():
    setup = {"hands": [["2C"], ["3C"], ["QS", "5H"], ["4C", "6H"]], "stock": []}
    options = {"hand_size": 3, "end_at_first_out": True}
    state = play(
        new(players=4, options=options, setup=setup), (1, "add 3C"), (1, "attack"), (2, "take")
    )
    assert state.is_over()
    assert state.result() == {"loser": None, "winner": 1, "out_order": [1], "trump": None}
    view = state.view(3)
    assert view["maija_holder"] == 2
    outcomes = [s["outcome"] for s in view["summary"]]
    assert outcomes == ["in", "winner", "in", "in"]
    assert {"code": "holds_maija", "params": {}} in view["summary"][2]["reasons"]


def test_nobody_goes_out_while_the_talon_has_cards():
    setup = {"hands": [["QS", "2C"], ["4H"]], "stock": ["9C", "8C"]}
    state = play(new(setup=setup, options={"trump_mode": "diamonds"}), (1, "add 4H"), (1, "attack"))
    assert state.d["hands"][1] == ["8C", "9C"] and state.d["talon"] == []
    assert not state.is_over() and state.d["out_order"] == []


# -- marriage ----------------------------------------------------------------------------------


def test_marriage_declaration_rules():
    setup = {"hands": [["KH", "QH", "2C"], ["KC", "QC", "QS", "3S"]], "stock": ["5D"]}
    state = new(options={"hand_size": 3, "trump_mode": "marriage"}, setup=setup)
    assert state.legal_actions(1) == ["add 3S", "add QS", "add QC", "add KC", "declare C"]
    refused(state, 1, "declare H", "holds no KH+QH")
    refused(state, 1, "declare S", "spades can never be trumps")
    refused(state, 1, "declare C D", "declare one suit")
    play(state, (1, "add 3S"))
    refused(state, 1, "declare C", "before the first add")
    assert state.legal_actions(1) == ["add QS", "attack"]
    play(state, (1, "attack"))
    # The defender may declare before its first beat and beat at once with the new trumps.
    assert "declare H" in state.legal_actions(0)
    play(state, (0, "declare H"))
    assert state.d["trump"] == "H" and state.d["declared_by"] == 0
    assert state.view(1)["known_cards"][0] == ["QH", "KH"]
    assert "beat 3S:QH" in state.legal_actions(0)
    refused(state, 0, "declare H", "trumps already declared")
    play(state, (0, "beat 3S:QH"))
    assert state.view(1)["known_cards"][0] == ["KH"]


def test_declare_refused_outside_marriage_mode():
    state = new(
        setup={"hands": [["2C"], ["KH", "QH", "QS"]], "stock": []}, options={"hand_size": 3}
    )
    assert not any(a.startswith("declare") for a in state.legal_actions(1))
    refused(state, 1, "declare H", "turned up")


# -- views, hidden information, round trips ----------------------------------------------------------


def test_view_shows_only_what_a_seat_may_see():
    state = new(players=4, seed=3)
    for seat in range(4):
        view = state.view(seat)
        assert view["hand"] == state.d["hands"][seat]
        assert view["legal_actions"] == state.legal_actions(seat)
        assert "hands" not in view and "talon" not in view
        tokens = set(json.dumps(view).replace('"', " ").replace(",", " ").replace("]", " ").split())
        assert not tokens & state.hidden_cards(seat)
        assert state.hidden_cards(seat).isdisjoint(view["hand"])
    public = state.view(None)
    assert public["legal_actions"] == [] and "hand" not in public
    assert public["hand_counts"] == [5, 5, 5, 5] and public["talon_count"] == 32
    assert state.hidden_cards(None) == set(PACK)


def test_view_during_a_game_tracks_the_table():
    setup = {
        "hands": [["QS", "TH", "8H", "2C", "3C"], ["QH", "9H", "7H", "5S", "6S"]],
        "stock": ["KD", "JC", "5D", "6D", "4C", "8C", "9C"],
    }
    state = play(new(setup=setup), (1, "add QH"), (1, "add 9H"))
    view = state.view(0)
    assert view["table"] == ["QH", "9H"] and view["attack"]["cards"] == [["QH", None], ["9H", None]]
    assert view["to_move"] == [1] and view["legal_actions"] == []
    play(state, (1, "attack"), (0, "beat 9H:TH"))
    view = state.view(0)
    assert view["attack"] == {
        "attacker": 1,
        "defender": 0,
        "status": "defending",
        "cards": [["QH", None], ["9H", "TH"]],
    }
    assert view["trump"] == "D" and view["trump_card"] == "KD" and view["talon_count"] == 5
    assert view["discard_count"] == 2 and view["hand_counts"] == [4, 5]
    play(state, (0, "take"))
    view = state.view(1)
    assert view["known_cards"][0] == ["QH"] and view["attack"]["status"] == "taken"
    # The next attacker's first add clears the last attack.
    play(state, (1, "add 5S"))
    assert state.view(0)["attack"]["cards"] == [["5S", None]] and state.d["beaten"] == []


def test_json_round_trip_and_clone_independence():
    state = new(players=3, seed=9)
    rng = random.Random(4)
    for _ in range(25):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    again = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert again.d == state.d and again.rng.getstate() == state.rng.getstate()
    twin = state.clone()
    seat = twin.to_move()[0]
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert twin.d != state.d and again.d == state.d
    bad = state.to_json()
    bad["rng"] = [3, [1, 2, 3], None]
    with pytest.raises(ValueError):
        GAME.from_json(bad)
    with pytest.raises(ValueError):
        GAME.from_json({"game": "mate"})


def _mid_defence():
    """The rules' photo example, stopped after the first beat: diamonds trumps, KD under the talon."""
    setup = {
        "dealer": 0,
        "hands": [["TH", "8H", "2C", "3C", "4C"], ["QH", "9H", "7H", "5S", "6S"]],
        "stock": ["KD", "JC", "5D", "6D", "QS", "8C", "9C"],
    }
    state = play(
        new(setup=setup),
        (1, "add QH"),
        (1, "add 9H"),
        (1, "add 7H"),
        (1, "attack"),
        (0, "beat 9H:TH"),
    )
    assert state.d["talon"] == ["QS", "8C", "9C", "KD"] and state.d["table"] == ["QH", "7H"]
    return state


def _with(data, **changes):
    return {**json.loads(json.dumps(data)), **changes}


@pytest.mark.parametrize(
    "change,words",
    [
        (
            lambda d: _with(d, players=10**9),
            "players",
        ),  # the old reader took it (and view(0) ran out of memory)
        (lambda d: _with(d, players=True), "players"),
        (lambda d: _with(d, rng=["splitmix64", [True, 1], None]), "random generator"),
        (lambda d: _with(d, talon=["KD", "QS", "8C", "9C"]), "under the talon"),
        (lambda d: _with(d, known=[[], ["2C"]]), "known to hold"),
        (
            lambda d: _with(
                d,
                talon=["8C", "9C", "KD"],
                out_of_play=sorted(["QS"] + d["out_of_play"], key=ORDER.get),
            ),
            "queen of spades",
        ),
        (lambda d: _with(d, options={**d["options"], "deck": 32}), "32-card deck"),
        (lambda d: _with(d, discard_count=4), "make the deck"),
        (lambda d: _with(d, attack_seats=[0, 1]), "this exchange's"),
        (lambda d: _with(d, phase="attack"), "attack being built"),
        (
            lambda d: _with(
                d, beaten=[["9H", "8H"]], hands=[["TH", "2C", "3C", "4C"], d["hands"][1]]
            ),
            "does not beat|beaten pair",
        ),
        (lambda d: _with(d, attacker=0, defender=1), "exchange"),
    ],
)
def test_impossible_saved_states_are_refused(change, words):
    data = _mid_defence().to_json()
    assert GAME.from_json(json.loads(json.dumps(data))).to_json() == data
    with pytest.raises(ValueError, match=words):
        GAME.from_json(change(data))


def test_a_refused_beat_says_what_would_beat():
    state = _mid_defence()
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "beat 7H:4C")
    assert err.value.code == "higher_or_trump"
    assert err.value.params == {"card": "4C", "attack_card": "7H", "suit": "H", "trump_suit": "D"}
    with pytest.raises(IllegalAction) as err:
        state.apply(1, "add 5S")
    assert err.value.code == "defender_to_act" and err.value.params == {"seat": 0}


def test_small_random_is_deterministic_and_restorable():
    a, b = SmallRandom(42), SmallRandom(42)
    assert [a.random() for _ in range(5)] == [b.random() for _ in range(5)]
    state = a.getstate()
    first = [a.randrange(52) for _ in range(10)]
    c = SmallRandom.restored(state)
    assert [c.randrange(52) for _ in range(10)] == first
    assert all(0 <= x < 2**32 for x in state[1])
    cards = list(PACK)
    SmallRandom(1).shuffle(cards)
    assert sorted(cards) == sorted(PACK) and cards != PACK


def test_legal_actions_all_apply_and_nothing_else_does():
    state = new(players=3, options={"trump_mode": "marriage"}, seed=2)
    rng = random.Random(0)
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        assert len(legal) == len(set(legal))
        for action in legal:
            state.clone().apply(seat, action)
        state.apply(seat, rng.choice(legal))
    assert state.result()["loser"] is not None
    assert "QS" in state.d["hands"][state.result()["loser"]]


def test_the_worked_example_replay_plays_to_its_end_with_a_caption_per_step():
    """static/replays/mustamaija-endgame-example.json (rules §11): the engine replays the log to the end; one
    caption per step (0: before the first move) in Japanese and English, no Latin letters in the
    Japanese outside {card:…}/{seat:…} placeholders."""
    path = (
        pathlib.Path(__file__).resolve().parents[1]
        / "static"
        / "replays"
        / "mustamaija-endgame-example.json"
    )
    data = json.loads(path.read_text(encoding="utf-8"))
    captions = data.pop("captions")
    state, log = replay(data)
    assert state.is_over() and log["game"] == "mustamaija"
    assert len(captions) == len(log["actions"]) + 1
    for caption in captions:
        assert set(caption) == {"ja", "en"} and caption["ja"].strip() and caption["en"].strip()
        assert not re.search(r"[A-Za-z]", re.sub(r"\{(card|seat):[^}]+\}", "", caption["ja"])), (
            caption["ja"]
        )
