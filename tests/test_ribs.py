"""Ribs: packs, auctions, the ribs, folding, resolution, scoring, variants, setups and secrecy."""

import json
import random

import pytest

from tabletop import IllegalAction, get_game

GAME = get_game("ribs")
# Each seat one whole suit: seat 0 spades, 1 hearts, 2 diamonds, 3 clubs.
SUITED = [[r + s for r in "AKQJT987"] for s in "SHDC"]


def new(players=4, options=None, setup=None, seed=0):
    return GAME.new_state(players=players, options=options or {}, setup=setup, seed=seed)


def suited(options=None, dealer=0, deals=1):
    return new(options=options, setup={"dealer": dealer, "deals": [{"hands": SUITED}] * deals})


def refused(state, by, action, code, **params):
    """The move is refused with ``code`` (and these params), and nothing changes."""
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        state.apply(by, action)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    assert err.value.code == code, (err.value.code, str(err.value))
    for key, value in params.items():
        assert err.value.params[key] == value, (key, err.value.params)


def auction_won_by_opener(state):
    """The opener bids 2 and everyone else passes."""
    opener = state.to_move()[0]
    state.apply(opener, "bid 2")
    for _ in range(state.players - 1):
        state.apply(state.to_move()[0], "pass")
    return opener


def play_round(state, moves):
    """moves: one action per seat in playing order, the leader's first."""
    for action in moves:
        state.apply(state.to_move()[0], action)


# -- pack and deal ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "players,last", [(4, "7C"), (5, "7S#2"), (8, "7C#2"), (9, "7S#3"), (10, "7H#3")]
)
def test_packs(players, last):
    s = new(players, seed=players)
    cards = s.all_cards()
    assert len(cards) == len(set(cards)) == 8 * players and cards[-1] == last
    hands = s.snapshot()["hands"]
    assert all(len(h) == 8 for h in hands) and sorted(sum(hands, [])) == sorted(cards)


def test_shuffled_deal_goes_one_card_at_a_time_from_the_dealers_left():
    s = new(4, setup={"dealer": 2}, seed=11)
    assert s.to_move() == [3] and s.legal_actions(3) == ["bid 2"]
    assert (
        s.snapshot()["phase"] == "auction"
        and s.snapshot()["trick"] == 1
        and s.view(3)["trick_number"] == 1
    )


# -- auction ----------------------------------------------------------------------------------------
def test_auction_rules():
    s = suited()
    refused(s, 2, "bid 2", "not_your_turn", seat=2)
    refused(s, 1, "pass", "opener_must_bid", n=2)
    refused(s, 1, "bid 3", "opener_bids_two", n=2)
    refused(s, 1, "bid two", "bid_a_number", n=2)
    refused(s, 1, "play AH KH", "wrong_move", verb="play", verbs=["bid", "pass"])
    s.apply(1, "bid 2")
    assert s.legal_actions(2) == ["bid 3", "pass"]
    refused(s, 2, "bid 4", "raise_by_one", bid=2, n=3)
    s.apply(2, "pass")
    s.apply(3, "bid 3")
    s.apply(0, "pass")
    # Seat 2 passed: it is skipped, the turn goes from 1 to 3.
    s.apply(1, "bid 4")
    assert s.to_move() == [3]
    refused(s, 2, "bid 5", "not_your_turn", seat=2)
    s.apply(3, "pass")
    snap = s.snapshot()
    assert (
        snap["phase"] == "play" and snap["leader"] == 1 and snap["bid"] == 4 and snap["to_act"] == 1
    )
    v = s.view(None)
    assert v["auction"] == [
        [1, "bid 2"],
        [2, "pass"],
        [3, "bid 3"],
        [0, "pass"],
        [1, "bid 4"],
        [3, "pass"],
    ]


def test_bid_ceiling_is_four_points_per_player():
    s = suited()
    for amount in range(2, 17):
        seat = s.to_move()[0]
        s.apply(seat, f"bid {amount}")
    seat = s.to_move()[0]
    assert s.legal_actions(seat) == ["pass"]
    refused(s, seat, "bid 17", "highest_bid_reached", n=16)


def test_next_auction_opened_by_previous_leader_even_after_passing():
    s = suited(dealer=0)
    s.apply(1, "bid 2")
    s.apply(2, "bid 3")
    for seat in (3, 0, 1):
        s.apply(seat, "pass")
    play_round(s, ["lead KD 8D", "play QC 9C", "play AS 7S", "play AH 9H"])
    assert s.snapshot()["trick"] == 2 and s.to_move() == [2] and s.legal_actions(2) == ["bid 2"]
    # A seat that passed in trick 1's auction may bid again now.
    s.apply(2, "bid 2")
    s.apply(3, "bid 3")
    assert s.snapshot()["high_bidder"] == 3


# -- play and resolution ----------------------------------------------------------------------------
def test_play_refusals_and_secret_ribs():
    s = suited()
    auction_won_by_opener(s)  # seat 1 leads
    refused(s, 1, "play AH KH", "leader_must_lead")
    refused(s, 1, "lead AH", "wrong_card_count", n=2, given=1)
    refused(s, 1, "lead AH AS", "not_in_hand", cards=["AS"])
    refused(s, 1, "lead AH AH", "card_named_twice", card="AH")
    refused(s, 1, "lead AH KS#2", "unknown_card", text="KS#2")  # a card of bigger tables only
    s.apply(1, "lead KH 8H")
    refused(s, 2, "lead AD KD", "only_leader_leads", leader=1)
    refused(s, 2, "bid 3", "wrong_move", verb="bid", verbs=["play", "fold"])
    for seat in (0, 2, 3, None):
        view = s.view(seat)
        assert "KH" not in json.dumps(view) and "8H" not in json.dumps(view)
        assert view["trick"] == [[1, None]] and view["folded"] == []
    assert s.view(1)["trick"] == [[1, ["KH", "8H"]]]
    s.apply(2, "fold AD KD")
    assert s.view(2)["trick"] == [[1, None], [2, ["AD", "KD"]]] and s.view(2)["folded"] == [2]
    assert s.view(2)["my_folded"] == ["AD", "KD"]
    for seat in (0, 1, 3, None):
        assert "AD" not in json.dumps(s.view(seat)) and "KD" not in json.dumps(s.view(seat))
        assert s.view(seat)["trick"][1] == [2, None] and s.view(seat)["folded"] == [2]


def test_rule_three_return_and_contract_made():
    s = suited()
    s.apply(1, "bid 2")
    s.apply(2, "bid 3")
    for seat in (3, 0, 1):
        s.apply(seat, "pass")
    play_round(s, ["lead KD 8D", "play QC 9C", "play AS 7S", "play AH 9H"])
    last = s.snapshot()["last_trick"]
    assert last["returned"] == [3, 0, 1] and last["made"] and last["leader_total"] == 3
    assert s.snapshot()["won_points"] == [1, 1, 3, 3]


def test_rank_shared_with_a_rib_goes_to_the_leader_and_failed_contract_loses_the_ribs():
    s = suited()
    s.apply(1, "bid 2")
    for amount in range(3, 7):
        s.apply(s.to_move()[0], f"bid {amount}")  # seats 2, 3, 0, 1: seat 1 holds 6
    for seat in (2, 3, 0):
        s.apply(seat, "pass")
    # Ribs A-7 (1 point). Seat 2's A-8 shares the A: to the leader (1). Seat 3's K-Q: returned.
    # Seat 0 plays 9-8: no card above the 7? 9 > 7: returned.
    play_round(s, ["lead AH 7H", "play AD 8D", "play KC QC", "play 9S 8S"])
    t = s.view(None)["history"][-1]
    assert t["returned"] == [3, 0] and t["taken"] == ["AD", "8D"] and t["leader_total"] == 2
    assert not t["made"] and t["ribs_lost"] and t["points"] == [2, 1, 0, 4]
    assert t["leader"] == 1 and t["winner"] == 1 and t["cards"][0] == [1, ["AH", "7H"]]
    assert t["summary"] == [
        {
            "code": "contract_failed",
            "params": {"leader": 1, "bid": 6, "points": 2, "lost": 1, "kept": 1},
        },
        {"code": "took_back_own", "params": {"seats": [3, 0], "n": 2}},
    ]
    assert s.snapshot()["won_points"] == [2, 1, 0, 4]


def test_pair_ribs_matched_by_a_pair_and_only_an_ace_beats_the_lower_rib():
    hands = [
        ["KS", "KH", "AS", "QS", "JS", "TS", "9S", "8S"],
        ["KD", "KC", "AH", "QH", "JH", "TH", "9H", "8H"],
        ["AD", "QD", "JD", "TD", "9D", "8D", "7D", "7H"],
        ["AC", "QC", "JC", "TC", "9C", "8C", "7C", "7S"],
    ]
    s = new(setup={"dealer": 3, "deals": [{"hands": hands}]})
    auction_won_by_opener(s)  # seat 0 leads K-K
    play_round(s, ["lead KS KH", "play AH QH", "play AD 7D", "play QC JC"])
    t = s.snapshot()["last_trick"]
    assert t["matcher"] is None and t["returned"] == [1, 2]  # both hold an ace
    s = new(setup={"dealer": 3, "deals": [{"hands": hands}]})
    auction_won_by_opener(s)
    play_round(s, ["lead KS KH", "play QH JH", "play AD 7D", "play QC JC"])
    t = s.snapshot()["last_trick"]
    assert t["returned"] == [2] and t["taken"] == ["QH", "JH", "QC", "JC"] and t["made"]
    s = new(setup={"dealer": 3, "deals": [{"hands": hands}]})
    auction_won_by_opener(s)
    play_round(s, ["lead KS KH", "play KD KC", "play AD 7D", "play QC JC"])
    t = s.snapshot()["last_trick"]
    assert t["matcher"] == 1 and t["leader_total"] == 0 and not t["made"]
    assert s.snapshot()["won_points"] == [0, 13, 0, 0]


def test_fold_removes_cards_and_the_folder_still_plays_every_trick():
    s = suited()
    auction_won_by_opener(s)
    play_round(s, ["lead KH 8H", "fold AD KD", "fold AC KC", "fold AS KS"])
    t = s.snapshot()["last_trick"]
    assert t["returned"] == [] and t["leader_total"] == 3 and t["made"]
    assert s.snapshot()["won_points"] == [0, 3, 0, 0]
    assert s.snapshot()["hands"][2] == ["QD", "JD", "TD", "9D", "8D", "7D"]
    assert [p[1] for p in t["plays"]] == [None, None, None]
    assert s.view(0)["history"][0]["cards"] == [[1, ["KH", "8H"]], [2, None], [3, None], [0, None]]
    assert s.view(0)["history"][0]["folded"] == [2, 3, 0] and s.view(0)["history"][0]["winner"] == 1


# -- variants ---------------------------------------------------------------------------------------
def test_face_up_fourth_trick():
    s = suited(options={"face_up_fourth_trick": True})
    for _ in range(3):
        auction_won_by_opener(s)
        play_round(s, [a for a in (s.legal_actions(s.to_move()[0])[0],)])
        for _ in range(3):
            seat = s.to_move()[0]
            s.apply(seat, next(a for a in s.legal_actions(seat) if a.startswith("fold")))
    assert s.snapshot()["trick"] == 4 and s.view(None)["trick_number"] == 4
    leader = auction_won_by_opener(s)
    action = s.legal_actions(leader)[0]
    s.apply(leader, action)
    ribs = action.split()[1:]
    # Ribs face up at once; nobody may fold.
    for seat in (None, 0, 1, 2, 3):
        assert s.view(seat)["trick"] == [[leader, ribs]]
    seat = s.to_move()[0]
    assert all(a.startswith("play") for a in s.legal_actions(seat))
    hand = s.snapshot()["hands"][seat]
    refused(s, seat, f"fold {hand[0]} {hand[1]}", "no_fold_face_up")


def test_lemons_scoring_majority_and_penalty():
    hands = [
        ["7S", "7H", "7D", "AS", "KS", "QS", "JS", "TS"],
        ["9S", "8S", "AH", "KH", "QH", "JH", "TH", "9H"],
        ["8H", "AD", "KD", "QD", "JD", "TD", "9D", "8D"],
        ["7C", "AC", "KC", "QC", "JC", "TC", "9C", "8C"],
    ]
    s = new(options={"lemons": True}, setup={"dealer": 3, "deals": [{"hands": hands}]})
    # Trick 1: seat 0 leads 7-7 (lemons: 7 is the top rank); nobody can return (nothing beats a 7).
    auction_won_by_opener(s)
    play_round(s, ["lead 7S 7H", "play 9S 8S", "play 8H 8D", "play 9C 8C"])
    t = s.snapshot()["last_trick"]
    assert t["returned"] == [] and t["made"] and s.snapshot()["won_points"] == [8, 0, 0, 0]
    # Trick 2: seat 0 leads 7D AS; everyone shares a rank with the ribs: all to seat 0.
    auction_won_by_opener(s)
    play_round(s, ["lead 7D AS", "play AH KH", "play AD KD", "play 7C KC"])
    # Remaining tricks: seat 0 leads and everyone folds.
    for _ in range(2):
        auction_won_by_opener(s)
        leader = s.to_move()[0]
        s.apply(leader, s.legal_actions(leader)[0])
        for _ in range(3):
            seat = s.to_move()[0]
            s.apply(seat, next(a for a in s.legal_actions(seat) if a.startswith("fold")))
    assert s.is_over()
    (entry0, entry1, entry2, entry3) = s.view(None)["last_deal"]["scores"]
    assert entry0["reasons"][-1] == {
        "code": "sevens_majority",
        "params": {"n": 4, "total": 4, "points": 10},
    }
    won0 = s.snapshot()["won"][0]
    base = sum({"A": 0, "K": 2, "Q": 2, "J": 2}.get(c[0], 1) for c in won0 if c[0] != "7")
    assert entry0["points"] == base + 10
    assert s.result()["scores"][0] == base + 10


def test_lemons_minority_sevens_cost_three_each():
    hands = [
        ["7S", "AS", "KS", "QS", "JS", "TS", "9S", "8S"],
        ["7H", "AH", "KH", "QH", "JH", "TH", "9H", "8H"],
        ["7D", "AD", "KD", "QD", "JD", "TD", "9D", "8D"],
        ["7C", "AC", "KC", "QC", "JC", "TC", "9C", "8C"],
    ]
    s = new(options={"lemons": True}, setup={"dealer": 3, "deals": [{"hands": hands}]})
    auction_won_by_opener(s)  # seat 0 leads K-Q: 7s and aces above Q return
    play_round(s, ["lead KS QS", "play 7H 8H", "play 9D 8D", "play JC TC"])
    t = s.snapshot()["last_trick"]
    assert t["returned"] == [1] and t["taken"] == ["9D", "8D", "JC", "TC"]
    for _ in range(3):
        auction_won_by_opener(s)
        leader = s.to_move()[0]
        s.apply(leader, s.legal_actions(leader)[0])
        for _ in range(3):
            seat = s.to_move()[0]
            s.apply(seat, next(a for a in s.legal_actions(seat) if a.startswith("fold")))
    entry1 = s.view(None)["last_deal"]["scores"][1]
    assert entry1["points"] == 1 - 3
    assert entry1["reasons"] == [
        {"code": "deal_other_cards_won", "params": {"n": 1, "points": 1}},
        {"code": "sevens_no_majority", "params": {"n": 1, "total": 4, "points": -3}},
    ]


def test_several_deals_dealer_passes_left_and_previous_trick_stays_visible():
    s = suited(options={"deals": 2}, deals=2)
    for _ in range(4):
        auction_won_by_opener(s)
        leader = s.to_move()[0]
        s.apply(leader, s.legal_actions(leader)[0])
        for _ in range(3):
            seat = s.to_move()[0]
            s.apply(seat, s.legal_actions(seat)[0])
    snap = s.snapshot()
    assert (
        snap["deal_number"] == 2
        and snap["dealer"] == 1
        and s.to_move() == [2]
        and snap["trick"] == 1
    )
    assert snap["won_points"] == [0, 0, 0, 0] and len(snap["deal_scores"]) == 1
    v = s.view(0)
    assert (
        v["history"] == [] and v["previous_deal_trick"]["deal"] == 1 and v["last_deal"]["deal"] == 1
    )
    assert sum(e["points"] for e in v["last_deal"]["scores"]) == sum(snap["scores"])
    # Codes of the previous deal's last trick are on view, so they are not counted as hidden now.
    shown = set(v["previous_deal_trick"]["cards"][0][1])
    assert not shown & s.hidden_cards(0)


def test_single_and_joint_winners():
    s = suited()
    for _ in range(4):
        auction_won_by_opener(s)  # seat 1 leads every trick
        leader = s.to_move()[0]
        s.apply(leader, s.legal_actions(leader)[0])
        for _ in range(3):
            seat = s.to_move()[0]
            s.apply(seat, next(a for a in s.legal_actions(seat) if a.startswith("fold")))
    assert s.result() == {
        "scores": [0, 10, 0, 0],
        "deal_scores": [[0, 10, 0, 0]],
        "winner": 1,
        "winners": [1],
    }
    # Contracts of 16 always fail when everyone folds: nobody scores, everyone wins jointly.
    s = suited()
    for _ in range(4):
        for amount in range(2, 17):
            s.apply(s.to_move()[0], f"bid {amount}")
        for _ in range(3):
            s.apply(s.to_move()[0], "pass")
        leader = s.to_move()[0]
        s.apply(leader, s.legal_actions(leader)[0])
        for _ in range(3):
            seat = s.to_move()[0]
            s.apply(seat, next(a for a in s.legal_actions(seat) if a.startswith("fold")))
        assert s.snapshot()["last_trick"]["ribs_lost"]
    assert s.result() == {
        "scores": [0, 0, 0, 0],
        "deal_scores": [[0, 0, 0, 0]],
        "winner": None,
        "winners": [0, 1, 2, 3],
    }
    assert s.view(2)["result"] == s.result()


# -- setups and options ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "players,setup,message",
    [
        (4, {"dealer": 4}, "dealer: must be a seat"),
        (4, {"deal": []}, "unknown key"),
        (4, {"deals": [{"hands": SUITED[:3]}]}, "hands: must have 4 items"),
        (4, {"deals": [{"hands": [SUITED[0][:7]] + SUITED[1:]}]}, "must hold 8 cards"),
        (4, {"deals": [{"hands": [SUITED[0], SUITED[0], SUITED[2], SUITED[3]]}]}, "AS is also at"),
        (
            4,
            {"deals": [{"hands": [["AS#2"] + SUITED[0][1:]] + SUITED[1:]}]},
            'AS#2" is not a card of this game',
        ),
        (4, {"deals": [{"hands": SUITED}, {"hands": SUITED}]}, "2 deals given for a game of 1"),
        (4, {"deals": [{"hands": [SUITED[0][:7] + ["AS"]] + SUITED[1:]}]}, "names a card twice"),
        (4, {"deals": [{"hands": SUITED, "upcard": "AS"}]}, "unknown key"),
        (4, {"deals": "x"}, "must be a list"),
    ],
)
def test_bad_setups(players, setup, message):
    with pytest.raises(ValueError, match=message):
        new(players, setup=setup)


@pytest.mark.parametrize(
    "players,options,message",
    [
        (3, {}, "not allowed"),
        (11, {}, "not allowed"),
        (4, {"deals": 0}, "at least 1"),
        (4, {"lemons": "yes"}, "true or false"),
        (4, {"trumps": True}, "unknown option"),
    ],
)
def test_bad_options(players, options, message):
    with pytest.raises(ValueError, match=message):
        GAME.new_state(players=players, options=options, seed=0)


def test_five_player_explicit_setup_with_copies():
    pack = get_game("ribs").new_state(5, seed=0).all_cards()
    hands = [pack[i * 8 : (i + 1) * 8] for i in range(5)]
    s = new(5, setup={"deals": [{"hands": hands}]})
    assert s.snapshot()["hands"][4] == [
        "AS#2",
        "KS#2",
        "QS#2",
        "JS#2",
        "TS#2",
        "9S#2",
        "8S#2",
        "7S#2",
    ]
    auction_won_by_opener(s)
    s.apply(1, "lead KH 8H")
    s.apply(2, "play KD 8D")
    s.apply(3, "play AC 9C")
    s.apply(4, "play 8S#2 KS#2")
    s.apply(0, "play QS 9S")
    t = s.snapshot()["last_trick"]
    assert t["matcher"] == 2 and s.snapshot()["won_points"][2] == 3 + 3 + 1 + 3 + 3


# -- views ------------------------------------------------------------------------------------------
def test_hand_view_is_ordered_by_rank_strength():
    s = suited(options={"lemons": True})
    assert s.view(0)["hand"] == ["7S", "AS", "KS", "QS", "JS", "TS", "9S", "8S"]
    s = suited()
    assert s.view(0)["hand"] == SUITED[0]
    assert "hand" not in s.view(None) and s.view(None)["legal_actions"] == []


def _strings(value, out):
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for v in value.values():
            _strings(v, out)
    elif isinstance(value, list):
        for v in value:
            _strings(v, out)
    return out


def test_random_games_never_show_folded_cards_or_hidden_ribs_to_others():
    for players in (4, 7, 10):
        rng = random.Random(players)
        s = new(players, seed=players, options={"deals": 2})
        folded = {}
        while not s.is_over():
            seat = s.to_move()[0]
            action = rng.choice(s.legal_actions(seat))
            deal_before = s.snapshot()["deal_number"]
            s.apply(seat, action)
            snap = s.snapshot()
            if action.startswith("fold"):
                for card in action.split()[1:]:
                    folded[card] = (seat, deal_before)
            for viewer in [None] + list(range(players)):
                view = s.view(viewer)
                current = _strings([view["trick"], view["history"], view.get("my_folded")], set())
                for card, (owner, deal) in folded.items():
                    if deal == snap["deal_number"] and viewer != owner:
                        assert card not in current
                if snap["phase"] == "play" and snap["ribs"] and viewer != snap["leader"]:
                    assert not set(snap["ribs"]) & current
        assert set(s.result()) == {"scores", "deal_scores", "winner", "winners"}


# -- saved states that cannot happen ------------------------------------------------------------
def _state_in_deal_two():
    """A saved state in the second deal's third trick, two seats after the leader having played."""
    for seed in range(100):
        s = new(5, options={"deals": 2, "lemons": True}, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            d = s.d
            if (
                d["deal_number"] == 2
                and d["trick"] == 3
                and d["phase"] == "play"
                and len(d["plays"]) == 2
                and d["plays"][0][1] is not None
                and any(t["returned"] for t in d["tricks"])
            ):
                return json.loads(json.dumps(s.to_json()))
            seat = s.to_move()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
    raise AssertionError("no such state")


def _first_returned(d):
    return next(t for t in d["tricks"] if t["returned"])


@pytest.mark.parametrize(
    "tamper,reason",
    [
        (lambda d: d["scores"].__setitem__(0, d["scores"][0] + 1), "sum of the deals' scores"),
        (
            lambda d: d["last_deal"]["scores"][0].update(
                points=d["last_deal"]["scores"][0]["points"] + 1
            ),
            "last deal",
        ),
        (
            lambda d: d["tricks"][0].update(made=not d["tricks"][0]["made"]),
            "not resolved by the rules",
        ),
        (lambda d: _first_returned(d).update(returned=[]), "not resolved by the rules"),
        (
            lambda d: [
                t.update(matcher=(t["leader"] + 1) % 5) for t in (d["tricks"][-1], d["last_trick"])
            ],
            "not resolved by the rules",
        ),
        (
            lambda d: d["last_trick"].update(bid=d["last_trick"]["bid"] + 1),
            "last trick is not the last one played",
        ),
        (lambda d: d["auction"].pop(), "auction"),
        (lambda d: d.update(to_act=(d["to_act"] + 1) % 5), "in turn from the leader"),
        (lambda d: d.update(opener=(d["opener"] + 1) % 5), "opened by the last leader"),
        (lambda d: d["won"][0].extend(d["hands"][0][:1]) or d["hands"][0].pop(0), "won cards"),
        (lambda d: d["folded"][1].append(d["hands"][1].pop()), "holds|folded"),
        (lambda d: d.update(won_points=[p + 1 for p in d["won_points"]]), "won cards"),
        (lambda d: d["plays"][0].__setitem__(1, None), "folded|holds"),
    ],
)
def test_impossible_saved_states_are_refused_with_the_reason(tamper, reason):
    data = _state_in_deal_two()
    assert GAME.from_json(json.loads(json.dumps(data))).to_json() == data
    tamper(data)
    with pytest.raises(ValueError, match=reason):
        GAME.from_json(data)
