"""Hold My Beer: targeted behaviour tests (the vectors and the conformance harness run elsewhere)."""

import json
import random

import pytest

from tabletop import IllegalAction, get_game
from tabletop.games.hold_my_beer import (
    PACK,
    POINTS,
    legal_cards,
    prediction_scores,
    ranks_of,
    trick_winner,
)

GAME = get_game("hold_my_beer")


def new(setup=None, options=None, seed=0):
    return GAME.new_state(players=3, options=options or {}, seed=seed, setup=setup)


def refused(state, by, action, code, **params):
    """The move is refused with ``code`` (and these params), and nothing changes."""
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        state.apply(by, action)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    assert err.value.code == code, (err.value.code, str(err.value))
    for key, value in params.items():
        assert err.value.params[key] == value, (key, err.value.params)
    return err.value


# -- the pack ----------------------------------------------------------------------------------


def test_pack_has_54_cards_worth_80_points():
    assert len(PACK) == len(set(PACK)) == 54
    assert sum(POINTS[c] for c in PACK) == 80
    assert PACK[:8] == ["KS", "QS", "NS", "JS", "TS", "9S", "8S", "7S"]
    assert PACK[-2:] == ["TR21", "FOOL"]


# -- options, players, setup -------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"bogus": 1},
        {"target_points": 0},
        {"max_games": 0},
        {"max_games": "6"},
        {"talon_face_up": 1},
    ],
)
def test_bad_options_refused(options):
    with pytest.raises(ValueError):
        GAME.new_state(players=3, options=options)


@pytest.mark.parametrize("players", [2, 4, "3", True])
def test_only_three_players(players):
    with pytest.raises(ValueError):
        GAME.new_state(players=players)


GOOD_HANDS = [["KS", "7S"], ["QS", "8S"], ["NS", "9S"]]


@pytest.mark.parametrize(
    "setup,fragment",
    [
        ({}, "missing key(s) hands"),
        ({"hands": GOOD_HANDS, "colour": 1}, "unknown key(s) colour"),
        ({"hands": GOOD_HANDS[:2]}, "setup.hands: must have 3 items"),
        ({"hands": [["KS", "7S"], ["QS"], ["NS", "9S"]]}, "equal length"),
        ({"hands": [["KS", "7S"], ["KS", "8S"], ["NS", "9S"]]}, "KS is also at"),
        ({"hands": [["KS", "7X"], ["QS", "8S"], ["NS", "9S"]]}, '"7X" is not a card'),
        ({"hands": [["KS"], ["QS"], ["NS"]]}, "at least 2 cards"),
        ({"hands": GOOD_HANDS, "talon": ["7H", "8H"]}, "3 cards"),
        ({"hands": GOOD_HANDS, "talon": ["7H", "8H", "KS"]}, "KS is also at"),
        ({"hands": GOOD_HANDS, "bids": [1, 2, 3]}, "together with 'talon'"),
        (
            {"hands": GOOD_HANDS, "talon": ["7H", "8H", "9H"], "bids": [1, 2, 4]},
            "one of 1, 2, 3, not 4",
        ),
        (
            {"hands": GOOD_HANDS, "talon": ["7H", "8H", "9H"], "bids": [1, 2]},
            "setup.bids: must have 3 items",
        ),
        ({"hands": GOOD_HANDS, "start_player": 3}, "start_player"),
        ({"hands": GOOD_HANDS, "game_number": 7}, "game_number"),
        ({"hands": GOOD_HANDS, "game_number": 0}, "game_number"),
        ({"hands": GOOD_HANDS, "game_points": [20, 0, 0]}, "target_points"),
        ({"hands": GOOD_HANDS, "game_points": [0, 0]}, "setup.game_points: must have 3 items"),
        (
            {"hands": GOOD_HANDS, "card_points": [0, 0, "x"]},
            "setup.card_points[2]: must be a whole number",
        ),
        (
            {"hands": GOOD_HANDS, "next_deals": {"hands": GOOD_HANDS}},
            "setup.next_deals: must be a list",
        ),
        (
            {"hands": GOOD_HANDS, "next_deals": [{"hands": GOOD_HANDS, "bids": [1, 1, 1]}]},
            "together with 'talon'",
        ),
    ],
)
def test_bad_setup_refused(setup, fragment):
    with pytest.raises(ValueError) as err:
        new(setup)
    assert fragment in str(err.value)


# -- deal, discard, bid ------------------------------------------------------------------------


def test_shuffled_deal_and_discard_phase():
    state = new(seed=5)
    snap = state.snapshot()
    assert snap["phase"] == "discard" and state.to_move() == [0, 1, 2]
    assert [len(h) for h in snap["hands"]] == [18, 18, 18]
    assert sorted(sum(snap["hands"], [])) == sorted(PACK)
    assert snap["talon"] == [] and snap["bids"] == [None, None, None] and snap["leader"] == 0
    hand1 = snap["hands"][1]
    state.apply(1, "discard " + hand1[3])
    assert state.to_move() == [0, 2]
    refused(state, 1, "discard " + hand1[4], "not_your_turn", seat=1)
    refused(state, 0, "discard " + hand1[4], "not_in_hand", cards=[hand1[4]])
    refused(state, 0, "bid 2", "wrong_move", verb="bid", verbs=["discard"])
    # nobody else sees the discarded card; the discarder does
    assert state.view(1)["my_discard"] == hand1[3]
    assert hand1[3] not in json.dumps(state.view(0)) and hand1[3] not in json.dumps(
        state.view(None)
    )
    assert state.view(0)["discarded"] == [False, True, False]
    state.apply(0, "discard " + snap["hands"][0][0])
    state.apply(2, "discard " + snap["hands"][2][0])
    snap = state.snapshot()
    assert (
        snap["phase"] == "bid"
        and len(snap["talon"]) == 3
        and [len(h) for h in snap["hands"]] == [17] * 3
    )
    assert state.view(0)["talon"] is None and state.view(0)["talon_count"] == 3
    for card in snap["talon"]:
        assert card not in json.dumps(state.view(None))


def test_bids_are_secret_until_all_are_in():
    state = new({"hands": [["KS", "7S"], ["QS", "8S"], ["NS", "9S"]], "talon": ["7H", "8H", "9H"]})
    assert state.phase == "bid"
    refused(state, 0, "bid 4", "bid_a_place")
    refused(state, 0, "bid", "bid_a_place")
    refused(state, 0, "play KS", "wrong_move", verb="play", verbs=["bid"])
    state.apply(2, "bid 2")
    assert state.view(2)["bids"] == [None, None, 2] and state.view(2)["my_bid"] == 2
    assert state.view(0)["bids"] == [None, None, None] and state.view(0)["bid_in"] == [
        False,
        False,
        True,
    ]
    assert state.snapshot()["bids"] == [None, None, 2]
    refused(state, 2, "bid 1", "not_your_turn", seat=2)
    state.apply(0, "bid 1")
    state.apply(1, "bid 1")
    assert state.phase == "play" and state.view(None)["bids"] == [1, 1, 2]
    assert state.to_move() == [0]


# -- playing rules -----------------------------------------------------------------------------


def test_legal_cards_rules():
    hand = ["KH", "7H", "9S", "TR4", "TR15", "FOOL"]
    assert legal_cards(hand, []) == hand
    assert legal_cards(hand, [[0, "QH"]]) == ["KH", "7H", "FOOL"]  # follow (or the Fool)
    assert legal_cards(hand, [[0, "QD"]]) == ["TR4", "TR15", "FOOL"]  # must trump
    assert legal_cards(hand, [[0, "QD"], [1, "TR10"]]) == ["TR15", "FOOL"]  # must overtrump
    assert legal_cards(hand, [[0, "QD"], [1, "TR20"]]) == [
        "TR4",
        "TR15",
        "FOOL",
    ]  # cannot: any trump
    assert legal_cards(hand, [[0, "TR5"]]) == ["TR15", "FOOL"]  # trumps led: overtrump
    assert legal_cards(hand[:-1], [[0, "FOOL"]]) == ["TR4", "TR15"]  # Fool led: any trump
    assert legal_cards(["KS", "7C"], [[0, "FOOL"]]) == ["KS", "7C"]  # no trump: anything
    assert legal_cards(["KS", "7C", "FOOL"], [[0, "QD"]]) == ["KS", "7C", "FOOL"]
    assert legal_cards(["FOOL"], [[0, "QD"]]) == ["FOOL"]


def test_trick_winner():
    assert trick_winner([[0, "QH"], [1, "KH"], [2, "KS"]]) == [1, "KH"]
    assert trick_winner([[0, "QH"], [1, "TR1"], [2, "KH"]]) == [1, "TR1"]
    assert trick_winner([[0, "TR21"], [1, "FOOL"], [2, "TR20"]]) == [1, "FOOL"]
    assert trick_winner([[0, "FOOL"], [1, "TR21"], [2, "KH"]]) == [0, "FOOL"]
    assert trick_winner([[0, "7C"], [1, "KH"], [2, "KS"]]) == [0, "7C"]


def test_illegal_play_messages():
    state = new(
        {
            "hands": [["KH", "9S"], ["TR10", "7C"], ["QH", "TR11"]],
            "talon": ["QS", "JD", "TR20"],
            "bids": [1, 2, 3],
        }
    )
    refused(state, 1, "play TR10", "not_your_turn", seat=1)
    refused(state, 0, "play KD", "not_in_hand", cards=["KD"])
    refused(state, 0, "play XX", "unknown_card", text="XX")
    refused(state, 0, "play KH 9S", "wrong_card_count", n=1, given=2)
    refused(state, 0, "take", "wrong_move", verb="take", verbs=["play"])
    state.apply(0, "play KH")
    refused(state, 1, "play 7C", "must_trump", suit="H")
    state.apply(1, "play TR10")
    refused(state, 2, "play TR11", "must_follow", suit="H")
    state.apply(2, "play QH")
    assert state.snapshot()["card_points"] == [0, 9, 0]
    assert state.snapshot()["leader"] == 1
    state2 = new(
        {
            "hands": [["KH", "9S"], ["TR10", "7C"], ["TR12", "TR11"]],
            "talon": ["QS", "JD", "TR20"],
            "bids": [1, 2, 3],
        }
    )
    state2.apply(0, "play KH")
    state2.apply(1, "play TR10")
    assert state2.legal_actions(2) == ["play TR11", "play TR12"]
    state3 = new(
        {
            "hands": [["KH", "9S"], ["TR10", "7C"], ["TR9", "TR11"]],
            "talon": ["QS", "JD", "TR20"],
            "bids": [1, 2, 3],
        }
    )
    state3.apply(0, "play KH")
    state3.apply(1, "play TR10")
    refused(state3, 2, "play TR9", "must_overtrump", card="TR10")


def test_fool_wins_and_counts_minus_two():
    state = new(
        {
            "hands": [["KS", "QS"], ["FOOL", "7S"], ["TR21", "8S"]],
            "talon": ["7H", "8H", "9H"],
            "bids": [1, 2, 3],
        }
    )
    state.apply(0, "play KS")
    assert "play FOOL" in state.legal_actions(1) and "play 7S" in state.legal_actions(1)
    state.apply(1, "play FOOL")
    state.apply(2, "play 8S")
    assert state.snapshot()["card_points"] == [0, 2, 0]
    assert state.snapshot()["leader"] == 1 and state.phase == "play"


# -- the 21 and the birds ----------------------------------------------------------------------


def test_power21_take_and_scrap():
    setup = {
        "hands": [["KS", "QS"], ["TR21", "7H"], ["TR2", "8H"]],
        "talon": ["7C", "8C", "9C"],
        "bids": [1, 2, 3],
        "start_player": 0,
    }
    for verb, points in (("take", [0, 8, 0]), ("scrap", [0, 0, 0])):
        state = new(setup)
        state.apply(0, "play KS")
        state.apply(1, "play TR21")
        state.apply(2, "play TR2")
        snap = state.snapshot()
        assert snap["phase"] == "power21" and snap["trick"] == [] and snap["leader"] == 1
        assert snap["game_points"] == [0, 1, 0]  # seat 2's bird, before the decision
        assert state.legal_actions(1) == ["take", "scrap"]
        assert state.view(0)["pending_points"] == 8
        refused(state, 1, "pass", "wrong_move", verbs=["take", "scrap"])
        refused(state, 1, "play 7H", "wrong_move", verbs=["take", "scrap"])
        refused(state, 1, "take KS", "takes_no_cards", verb="take")
        state.apply(1, verb)
        assert state.snapshot()["card_points"] == points
        assert state.phase == "play"  # won by the 21, not a bird: no exchange
        assert state.view(None)["history"][0]["status"] == (
            "taken" if verb == "take" else "scrapped"
        )


def test_own_bird_gives_no_bonus_and_opens_exchange():
    state = new(
        {
            "hands": [["7H", "KS", "QS"], ["TR1", "7S", "8S"], ["TR3", "9S", "TS"]],
            "talon": ["KC", "TR7", "9D"],
            "bids": [1, 2, 3],
        }
    )
    state.apply(0, "play 7H")
    state.apply(1, "play TR1")
    state.apply(2, "play TR3")
    snap = state.snapshot()
    assert snap["game_points"] == [0, 0, 1] and snap["phase"] == "bird" and snap["leader"] == 2
    legal = state.legal_actions(2)
    assert len(legal) == 2 * 3 + 1 and legal[-1] == "pass"
    assert (
        "exchange 9S KC" in legal and "exchange KC 9S" not in legal
    )  # deck order inside the action
    # the talon is visible to the bird winner only
    assert state.view(2)["talon"] == ["9D", "KC", "TR7"]
    for seat in (0, 1, None):
        text = json.dumps(state.view(seat))
        assert "KC" not in text and "TR7" not in text and "9D" not in text
    refused(state, 2, "play 9S", "wrong_move", verbs=["exchange", "pass"])
    refused(state, 2, "exchange 9S TS", "both_in_hand", cards=["TS", "9S"])
    refused(state, 2, "exchange KC TR7", "both_in_talon", cards=["KC", "TR7"])
    refused(state, 2, "exchange 9S QH", "not_in_talon", card="QH")
    refused(state, 2, "exchange QH 7C", "not_in_hand_or_talon", cards=["QH", "7C"], n=2)
    refused(state, 2, "exchange KC QH", "not_in_hand_or_talon", cards=["QH"], n=1)
    refused(state, 0, "pass", "not_your_turn", seat=0)
    state.apply(2, "exchange KC 9S")  # either order
    snap = state.snapshot()
    assert sorted(snap["hands"][2]) == sorted(["KC", "TS"]) and sorted(snap["talon"]) == sorted(
        ["9S", "9D", "TR7"]
    )
    assert snap["phase"] == "play" and state.to_move() == [2]
    assert state.view(2)["exchanges"] == [
        {"seat": 2, "after_trick": 1, "exchanged": True, "gave": "9S", "took": "KC"}
    ]
    assert state.view(0)["exchanges"] == [{"seat": 2, "after_trick": 1, "exchanged": True}]
    assert "9S" in state.view(2)["talon_seen"] and state.view(2)["talon"] is None
    assert "KC" not in json.dumps(state.view(0))


def test_talon_face_up_option():
    state = new(
        {
            "hands": [["7H", "KS", "QS"], ["TR1", "7S", "8S"], ["TR3", "9S", "TS"]],
            "talon": ["KC", "TR7", "9D"],
            "bids": [1, 2, 3],
        },
        options={"talon_face_up": True},
    )
    assert state.view(None)["talon"] == ["9D", "KC", "TR7"]
    state.apply(0, "play 7H")
    state.apply(1, "play TR1")
    state.apply(2, "play TR3")
    state.apply(2, "exchange 9S KC")
    assert state.view(0)["exchanges"][0]["took"] == "KC"
    assert state.view(None)["talon"] == ["9S", "9D", "TR7"]
    assert state.hidden_cards(None) == {"TS", "KS", "QS", "7S", "8S"}


def test_bird_pass_and_no_bird_phase_after_last_trick():
    state = new(
        {
            "hands": [["7H", "KS"], ["TR1", "7S"], ["TR3", "9S"]],
            "talon": ["KC", "TR7", "9D"],
            "bids": [1, 2, 3],
        },
        options={"max_games": 1},
    )
    state.apply(0, "play 7H")
    state.apply(1, "play TR1")
    state.apply(2, "play TR3")
    state.apply(2, "pass")
    assert state.snapshot()["talon"] == ["9D", "KC", "TR7"]
    state.apply(2, "play 9S")
    state.apply(0, "play KS")
    state.apply(1, "play 7S")
    # seat 0 wins the last trick with KS and takes the talon (KC 4 + TR7 2)
    assert state.is_over()
    assert state.result()["last_game"]["card_points"] == [10, 0, 4]


def test_last_trick_bird_goes_straight_to_scoring():
    state = new(
        {"hands": [["7H"], ["TR1"], ["TR3"]], "talon": ["KC", "TR7", "9D"], "bids": [2, 3, 1]},
        options={"max_games": 1},
    )
    state.apply(0, "play 7H")
    state.apply(1, "play TR1")
    state.apply(2, "play TR3")
    assert state.is_over()
    res = state.result()
    assert res["last_game"]["card_points"] == [0, 0, 10] and res["last_game"]["ranks"] == [2, 2, 1]
    assert res["game_points"] == [3, 0, 2]  # seat 0 bid 2 (+3); seat 2 bid 1 (+1) and a bird (+1)
    view = state.view(1)
    assert view["talon"] == ["9D", "KC", "TR7"] and view["hands"] == [[], [], []]
    breakdown = view["last_game"]["breakdown"]
    assert (
        breakdown[2]["points"] == 2
        and {"code": "birds_captured", "params": {"n": 1}} in breakdown[2]["reasons"]
    )
    assert breakdown[1] == {
        "seat": 1,
        "points": 0,
        "reasons": [{"code": "prediction_wrong", "params": {"bid": 3, "place": 2}}],
    }


# -- scoring -----------------------------------------------------------------------------------


def test_ranks_competition():
    assert ranks_of([26, 26, 22]) == [1, 1, 3]
    assert ranks_of([40, 20, 20]) == [1, 2, 2]
    assert ranks_of([5, 5, 5]) == [1, 1, 1]
    assert ranks_of([-2, 30, 10]) == [3, 1, 2]


def test_prediction_scores():
    assert prediction_scores([1, 2, 3], [1, 2, 3])[0] == [1, 3, 1]
    assert prediction_scores([1, 1, 1], [1, 1, 1])[0] == [1, 1, 1]
    assert prediction_scores([2, 2, 2], [1, 2, 3])[0] == [0, 5, 0]
    assert prediction_scores([3, 3, 1], [3, 1, 2])[0] == [2, 0, 0]
    score, reasons = prediction_scores([2, 2, 3], [1, 2, 2])
    assert score == [0, 4, 0]
    assert reasons[1] == [
        {"code": "prediction_right", "params": {"bid": 2, "place": 2, "n": 3}},
        {"code": "same_prediction_wrong", "params": {"seat": 0, "bid": 2, "n": 1}},
    ]


def test_match_flow_next_deals_and_start_player():
    deal2 = {"hands": [["KS"], ["7S"], ["8S"]], "talon": ["7H", "8H", "9H"], "bids": [1, 3, 3]}
    state = new(
        {
            "hands": [["KS"], ["7S"], ["8S"]],
            "talon": ["7H", "8H", "9H"],
            "bids": [1, 2, 3],
            "start_player": 2,
            "next_deals": [deal2],
        },
        options={"max_games": 3},
    )
    state.apply(2, "play 8S")
    state.apply(0, "play KS")
    state.apply(1, "play 7S")
    snap = state.snapshot()
    assert snap["game_number"] == 2 and snap["start_player"] == 0 and snap["phase"] == "play"
    assert snap["game_points"] == [
        1,
        3,
        0,
    ]  # ranks 1, 2, 2: seat 1 said 2 (+3), seat 2 said 3 (wrong)
    assert snap["card_points"] == [0, 0, 0] and snap["history"] == []
    state.apply(0, "play KS")
    state.apply(1, "play 7S")
    state.apply(2, "play 8S")
    snap = state.snapshot()
    # game 3 is shuffled and starts with the discard phase, start player 1
    assert snap["game_number"] == 3 and snap["start_player"] == 1 and snap["phase"] == "discard"
    assert snap["leader"] == 1 and [len(h) for h in snap["hands"]] == [18, 18, 18]
    assert state.view(0)["score_sheet"] == [[1, 3, 0], [1, 0, 0]]
    # the previous game's cards are not in any view any more
    view = state.view(0)
    assert view["history"] == [] and view["last_game"]["game_number"] == 2


def test_target_reached_at_scoring():
    state = new(
        {
            "hands": [["KS"], ["7S"], ["8S"]],
            "talon": ["7H", "8H", "9H"],
            "bids": [1, 2, 3],
            "game_points": [0, 17, 0],
        }
    )
    state.apply(0, "play KS")
    state.apply(1, "play 7S")
    state.apply(2, "play 8S")
    res = state.result()
    assert state.is_over() and res["end_reason"] == "target" and res["winners"] == [1]
    assert res["game_points"] == [1, 20, 0] and res["game_number"] == 1
    refused(state, 0, "discard KS", "game_over")
    assert state.legal_actions(0) == [] and state.to_move() == []


def test_full_random_game_card_points_total():
    rng = random.Random(3)
    for seed in range(10):
        state = new(seed=seed, options={"max_games": 1})
        scrapped = 0
        while not state.is_over():
            seat = state.to_move()[0]
            action = rng.choice(state.legal_actions(seat))
            if action == "scrap":
                scrapped += state.view(None)["pending_points"]
            state.apply(seat, action)
        res = state.result()
        assert sum(res["last_game"]["card_points"]) == 80 - scrapped
        assert res["end_reason"] in ("games", "target")


def test_json_round_trip_and_clone():
    state = new(seed=9)
    rng = random.Random(0)
    for _ in range(40):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    again = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert again.snapshot() == state.snapshot()
    other = state.clone()
    seat = other.to_move()[0]
    other.apply(seat, other.legal_actions(seat)[0])
    assert other.snapshot() != state.snapshot()


# -- saved states that cannot happen ------------------------------------------------------------


def _state_in_game_two():
    """A saved state in the second game, a few tricks in (the first game scored)."""
    for seed in range(50):
        state = new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over() and state.d["game_number"] <= 2:
            if (
                state.d["game_number"] == 2
                and state.phase == "play"
                and len(state.d["history"]) >= 3
                and not state.d["trick"]
                and any(state.d["score_sheet"][0])
            ):
                return state.to_json()
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no such state")


def _other(seat):
    return (seat + 1) % 3


@pytest.mark.parametrize(
    "tamper,reason",
    [
        (
            lambda d: d["history"][0].update(winner=_other(d["history"][0]["winner"])),
            "not won by its best card",
        ),
        (
            lambda d: d["history"][1].update(points=d["history"][1]["points"] + 1),
            "points are not those of its cards",
        ),
        (lambda d: d["history"][1].update(status="scrapped"), "21's decision"),
        (lambda d: d["hands"][0].pop(), "hand sizes"),
        (lambda d: d.update(phase="bid"), "bid phase"),
        (lambda d: d.update(card_points=[60, 30, 0]), "more than the pack holds"),
        (lambda d: d.update(end_reason="games"), "end reason"),
        (lambda d: d["last_game"].update(score=[5, 5, 5]), "prediction scores"),
        (lambda d: d["score_sheet"].append([0, 0, 0]), "score sheet"),
        (lambda d: d.update(leader=_other(d["leader"])), "not played in turn"),
        (
            lambda d: d.update(
                bird_points=[b + 1 for b in d["bird_points"]],
                game_points=[g + 1 for g in d["game_points"]],
            ),
            "bird points",
        ),
        (
            lambda d: d["game_points"].__setitem__(
                d["score_sheet"][0].index(max(d["score_sheet"][0])), 0
            ),
            "game points are less than the games and birds scored",
        ),
    ],
)
def test_impossible_saved_states_are_refused_with_the_reason(tamper, reason):
    data = _state_in_game_two()
    assert GAME.from_json(json.loads(json.dumps(data))).to_json() == data
    tamper(data)
    with pytest.raises(ValueError, match=reason):
        GAME.from_json(data)


def test_setup_card_points_fit_in_the_pack():
    with pytest.raises(ValueError, match="worth more than the pack's 80 points"):
        new(
            {
                "hands": [["KS"], ["QS"], ["NS"]],
                "talon": ["7H", "8H", "9H"],
                "card_points": [40, 40, 0],
            }
        )
    assert new(
        {"hands": [["KS"], ["QS"], ["NS"]], "talon": ["7H", "8H", "9H"], "card_points": [40, 31, 0]}
    )
