"""Mate: engine behaviour (deals, follow rule, mates, duplicate pairs, match scoring, options,
setup, views) and the exact solver checked against brute-force minimax."""

import json
import random

import pytest

from tabletop import IllegalAction, get_game
from tabletop.games import mate as M

GAME = get_game("mate")
VECTORS = {v["name"]: v for v in json.load(open(__file__.rsplit("/", 1)[0] + "/vectors/mate.json"))}
SEED_HANDS = VECTORS["seed example: 7 x 7 = 49, replay mates early"]["setup"]["hands"]
SPLIT_HANDS = [
    ["AS", "TS", "KS", "QS", "7S", "AH", "TH", "KH", "QH", "7H"],
    ["AC", "TC", "KC", "QC", "7C", "AD", "TD", "KD", "QD", "7D"],
]
ACES_HANDS = VECTORS["mate at trick 1 vs trick 2"]["setup"]["hands"]


def new(setup=None, seed=0, **options):
    return GAME.new_state(players=2, options=options, seed=seed, setup=setup)


def play(state, *cards):
    for card in cards:
        (seat,) = state.to_move()
        state.apply(seat, "play " + card)
    return state


def refused(state, seat, action, fragment, code=None, **params):
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert fragment in str(err.value), str(err.value)
    if code is not None:
        assert (err.value.code, err.value.params) == (code, params)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return str(err.value)


# -- deal, setup and options -----------------------------------------------------------------


def test_shuffled_deal_and_first_lead():
    state = new(seed=5)
    d = state.snapshot()
    assert d["phase"] == "play" and d["deal_number"] == 1 and d["dealer"] == 0 and d["leader"] == 0
    assert d["trick_number"] == 1 and d["points"] == [0, 0] and d["deal_results"] == []
    assert [len(h) for h in d["hands"]] == [10, 10]
    assert sorted(d["hands"][0] + d["hands"][1]) == sorted(M.PACK)
    for hand in d["hands"]:
        assert hand == sorted(hand, key=M.ORDER.__getitem__)
    assert state.to_move() == [0]
    assert state.legal_actions(0) == ["play " + c for c in d["hands"][0]]
    assert state.legal_actions(1) == []


def test_packets_of_five_non_dealer_first():
    for dealer in (0, 1):
        state = new(setup={"dealer": dealer}, seed=11)
        cards = list(M.PACK)
        rng = random.Random(11)
        rng.shuffle(cards)
        non = 1 - dealer
        assert set(state.d["hands"][non]) == set(cards[0:5] + cards[10:15])
        assert set(state.d["hands"][dealer]) == set(cards[5:10] + cards[15:20])
        assert state.d["dealer"] == dealer and state.to_move() == [dealer]


def test_deck_order_is_the_rules_file_order():
    assert M.PACK[:6] == ["AS", "TS", "KS", "QS", "7S", "AH"] and M.PACK[-1] == "7C"


@pytest.mark.parametrize(
    "options",
    [
        {"rounds": 3},
        {"rounds": 0},
        {"rounds": True},
        {"rounds": "2"},
        {"foreplacing": True},
        {"foreplacing": 0},
        {"gambling": 1},
    ],
)
def test_bad_options_refused(options):
    with pytest.raises(ValueError):
        new(**options)


def test_option_defaults_and_player_count():
    assert new().options == {"rounds": 1, "foreplacing": False}
    assert new(foreplacing=False, rounds=2).options == {"rounds": 2, "foreplacing": False}
    for players in (1, 3):
        with pytest.raises(ValueError):
            GAME.new_state(players=players)


@pytest.mark.parametrize(
    "setup,why",
    [
        ({"hands": [SEED_HANDS[0][:9], SEED_HANDS[1]]}, "must hold 10"),
        ({"hands": [SEED_HANDS[0][:9] + ["XX"], SEED_HANDS[1]]}, '"XX" is not a card of this game'),
        ({"hands": [SEED_HANDS[0][:9] + [SEED_HANDS[1][0]], SEED_HANDS[1]]}, "KD is also at"),
        ({"hands": [SEED_HANDS[0]]}, "setup.hands: must have 2 items, not 1"),
        ({"hands": "AS"}, "setup.hands: must be a list"),
        ({"hands": SEED_HANDS, "dealer": 2}, "dealer"),
        ({"hands": SEED_HANDS, "dealer": True}, "dealer"),
        ({"hands": SEED_HANDS, "deals": [SEED_HANDS]}, "not both"),
        ({"deals": [SEED_HANDS, SPLIT_HANDS]}, "round"),
        ({"deals": [SEED_HANDS[0]]}, "setup.deals[0]: must have 2 items, not 10"),
        ({"deals": "x"}, "list"),
        ({"hand": SEED_HANDS}, "unknown key(s) hand"),
    ],
)
def test_bad_setup_refused(setup, why):
    with pytest.raises(ValueError) as err:
        new(setup=setup)
    assert why in str(err.value)


def test_setup_dealer_one_leads():
    state = new(setup={"hands": SEED_HANDS, "dealer": 1})
    assert state.to_move() == [1] and state.d["dealer"] == 1
    assert sorted(state.d["hands"][1]) == sorted(SEED_HANDS[1])


# -- following, winning, illegal moves -------------------------------------------------------


def test_follow_suit_beats_rank_and_messages():
    state = new(setup={"hands": SEED_HANDS})
    refused(state, 1, "play KD", "not seat 1's turn")
    refused(
        state, 0, "play KD", "you do not hold the king of diamonds", "not_in_hand", cards=["KD"]
    )
    refused(state, 0, "lead AD", "not a move", "wrong_move", verb="lead", verbs=["play"])
    refused(state, 0, "play AD TD", "exactly 1 card")
    refused(state, 0, "play", "exactly 1 card")
    refused(state, 0, "play 1D", "not a card")
    play(state, "7D")
    # Seat 1 holds KD QD (diamonds) and no 7: must follow suit.
    assert state.legal_actions(1) == ["play KD", "play QD"]
    refused(state, 1, "play KC", "must follow suit: play a diamond", "must_follow", suit="D")
    play(state, "QD")
    assert state.d["leader"] == 1 and state.d["trick_number"] == 2  # Q beats 7 in diamonds
    assert state.view(None)["history"][-1] == {
        "leader": 0,
        "cards": [[0, "7D"], [1, "QD"]],
        "winner": 1,
        "mate": False,
    }


def test_follow_by_rank_message_and_suit_order():
    state = new(setup={"hands": SPLIT_HANDS})
    play(state, "KS")
    assert state.legal_actions(1) == ["play KD", "play KC"]
    msg = refused(
        state,
        1,
        "play AC",
        "must play a king (the led rank)",
        "must_follow_rank",
        suit="S",
        led_card="KS",
    )
    assert "no spades" in msg
    play(state, "KD")
    assert state.d["leader"] == 0  # S beats D
    play(state, "7H", "7C")
    assert state.d["leader"] == 1  # C beats H


def test_card_order_inside_action_is_free_and_spacing():
    state = new(setup={"hands": SEED_HANDS})
    state.apply(0, "play   AD")
    assert state.d["trick"] == [[0, "AD"]]


# -- mates and scoring -----------------------------------------------------------------------


def test_seed_example_scores_and_duplicate_exchange():
    state = new(setup={"hands": SEED_HANDS})
    play(state, "AD", "QD", "TD", "KD", "AC", "QC", "TC", "KC", "AS", "QS", "AH", "QH")
    assert state.legal_actions(1) == []
    play(state, "7D")  # mate: no diamond, no seven
    d = state.snapshot()
    assert d["deal_results"] == [{"dealer": 0, "mater": 0, "card": "7D", "trick": 7, "score": 49}]
    assert (
        d["deal_number"] == 2 and d["dealer"] == 1 and d["leader"] == 1 and d["trick_number"] == 1
    )
    assert sorted(d["hands"][0]) == sorted(SEED_HANDS[1]) and sorted(d["hands"][1]) == sorted(
        SEED_HANDS[0]
    )
    assert d["points"] == [49, 0]
    view = state.view(0)
    assert view["deal_scores"] == [
        {
            "deal": 1,
            "dealer": 0,
            "scores": [
                {
                    "seat": 0,
                    "points": 49,
                    "reasons": [
                        {
                            "code": "mate_scored",
                            "params": {"card": "7D", "trick": 7, "value": 7, "points": 49},
                        }
                    ],
                },
                {"seat": 1, "points": 0, "reasons": [{"code": "mated", "params": {"trick": 7}}]},
            ],
        }
    ]
    last = view["last_deal"]
    assert last["tricks"][-1] == {"leader": 0, "cards": [[0, "7D"]], "winner": None, "mate": True}
    assert sorted(last["hands_left"][1]) == ["KH", "KS", "TH", "TS"]
    assert last["hands"] == [sorted(h, key=M.ORDER.__getitem__) for h in SEED_HANDS]
    play(state, "AD", "QD", "TD", "KD", "7D")
    assert state.is_over() and state.to_move() == []
    assert state.result() == {
        "points": [49, 21],
        "winner": 0,
        "margin": 28,
        "deal_results": [
            {"dealer": 0, "mater": 0, "card": "7D", "trick": 7, "score": 49},
            {"dealer": 1, "mater": 1, "card": "7D", "trick": 3, "score": 21},
        ],
    }
    refused(state, 0, "play KC", "over")
    assert state.view(None)["result"] == state.result()


def test_mate_at_first_lead_and_trick_ten_draw():
    state = new(setup={"hands": ACES_HANDS})
    play(state, "AC")
    assert state.d["deal_results"][0]["score"] == 11
    # Split hands: no mate is ever possible; two empty deals are a 0-0 draw.
    state = new(setup={"hands": SPLIT_HANDS})
    while not state.is_over():
        (seat,) = state.to_move()
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.result()["points"] == [0, 0]
    assert state.result()["winner"] is None and state.result()["margin"] == 0
    assert [r["mater"] for r in state.result()["deal_results"]] == [None, None]
    assert state.view(1)["deal_scores"][0]["scores"][1]["reasons"] == [
        {"code": "no_mate", "params": {}}
    ]


def test_mate_on_the_tenth_trick_scores_ten_times():
    found = 0
    for seed in range(300):
        state = new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            (seat,) = state.to_move()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for r in state.result()["deal_results"]:
            if r["mater"] is not None:
                assert r["score"] == M.VALUE[r["card"][0]] * r["trick"]
                found += r["trick"] == 10
            else:
                assert r["card"] is None and r["trick"] is None and r["score"] == 0
        pts = [
            sum(r["score"] for r in state.result()["deal_results"] if r["mater"] == s)
            for s in (0, 1)
        ]
        assert pts == state.result()["points"]
    assert found  # some random game ended with a mate on trick 10


def test_two_rounds_dealers_and_given_deals():
    state = new(setup={"deals": [SPLIT_HANDS, SEED_HANDS], "dealer": 0}, rounds=2)
    dealers, firsts = [], []
    while not state.is_over():
        if not state.d["trick"] and state.d["trick_number"] == 1:
            dealers.append(state.d["dealer"])
            firsts.append([sorted(h) for h in state.d["hands"]])
        (seat,) = state.to_move()
        state.apply(seat, state.legal_actions(seat)[0])
    assert dealers == [0, 1, 1, 0]  # pagat: first and fourth games by one player
    s, e = [sorted(h) for h in SPLIT_HANDS], [sorted(h) for h in SEED_HANDS]
    assert firsts == [s, s[::-1], e, e[::-1]]
    assert len(state.result()["deal_results"]) == 4
    assert [r["dealer"] for r in state.result()["deal_results"]] == [0, 1, 1, 0]


def test_two_rounds_second_round_shuffled_when_not_given():
    state = new(setup={"hands": SPLIT_HANDS, "dealer": 1}, rounds=2, seed=3)
    seen = []
    while not state.is_over():
        if (
            not state.d["trick"]
            and state.d["trick_number"] == 1
            and not seen[-1:] == [state.d["deal_number"]]
        ):
            seen.append(state.d["deal_number"])
            if state.d["deal_number"] == 3:
                assert state.d["dealer"] == 0
                assert sorted(state.d["hands"][0]) != sorted(SPLIT_HANDS[0])
        (seat,) = state.to_move()
        state.apply(seat, state.legal_actions(seat)[0])
    assert seen == [1, 2, 3, 4]


# -- views -----------------------------------------------------------------------------------


def test_views():
    state = new(setup={"hands": SEED_HANDS})
    play(state, "AD")
    v1 = state.view(1)
    assert v1["hand"] == [c for c in M.PACK if c in SEED_HANDS[1]]
    assert sorted(v1["opponent_hand"]) == sorted(set(SEED_HANDS[0]) - {"AD"})
    assert v1["legal_actions"] == state.legal_actions(1) == ["play KD", "play QD"]
    assert v1["to_move"] == [1] and v1["trick"] == [[0, "AD"]] and v1["hand_counts"] == [9, 10]
    pub = state.view(None)
    assert pub["legal_actions"] == [] and "hand" not in pub and len(pub["hands"]) == 2
    assert state.hidden_cards(0) == set() and state.hidden_cards(None) == set()
    assert sorted(state.all_cards()) == sorted(M.PACK)
    json.dumps(pub)


# -- solver: brute force references ------------------------------------------------------------


def engine_minimax(state, seat, deal):
    """Net deal score for ``seat`` by plain minimax through the engine (clone + apply)."""
    if state.is_over() or state.d["deal_number"] != deal:
        r = state.d["deal_results"][deal - 1]
        return 0 if r["mater"] is None else (r["score"] if r["mater"] == seat else -r["score"])
    (mover,) = state.to_move()
    vals = []
    for action in state.legal_actions(mover):
        child = state.clone()
        child.apply(mover, action)
        vals.append(engine_minimax(child, seat, deal))
    return max(vals) if mover == seat else min(vals)


def rules_minimax(lead_hand, follow_hand, trick, memo):
    """Value for the leader of a trick, straight from the engine's rule helpers, memoised."""
    key = (lead_hand, follow_hand)
    if key in memo:
        return memo[key]
    best = None
    for c in lead_hand:
        replies = M.follow_options(follow_hand, c)
        if not replies:
            v = M.mate_score(c, trick)
        else:
            v = None
            for f in replies:
                L2, F2 = lead_hand - {c}, follow_hand - {f}
                if trick == 10:
                    val = 0
                elif M.trick_winner(0, c, f) == 0:
                    val = rules_minimax(L2, F2, trick + 1, memo)
                else:
                    val = -rules_minimax(F2, L2, trick + 1, memo)
                v = val if v is None else min(v, val)
        best = v if best is None else max(best, v)
    memo[key] = best
    return best


def random_position(seed, tricks_left):
    """A seeded deal played at random until ``tricks_left`` tricks remain (maybe mid-trick)."""
    rng = random.Random(seed)
    for attempt in range(100):
        state = new(seed=seed * 1000 + attempt)
        ok = True
        target = 11 - tricks_left
        while state.d["trick_number"] < target or (
            rng.random() < 0.5 and not state.d["trick"] and state.d["trick_number"] == target
        ):
            (seat,) = state.to_move()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            if state.d["deal_number"] != 1:
                ok = False
                break
        if ok:
            return state
    raise AssertionError("no position found")


@pytest.mark.parametrize("seed", range(40))
def test_solver_matches_engine_minimax_on_endgames(seed):
    state = random_position(seed, 3 + seed % 2)
    (mover,) = state.to_move()
    expected = engine_minimax(state, mover, 1)
    assert M.solve(state) == expected
    assert M.solve(state, seat=1 - mover) == -expected
    values = M.move_values(state)
    assert list(values) == state.legal_actions(mover)
    for action, value in values.items():
        child = state.clone()
        child.apply(mover, action)
        assert value == engine_minimax(child, mover, 1), action
    assert M.best_moves(state, mover) == [a for a, v in values.items() if v == expected]
    assert M.best_moves(state, 1 - mover) == []


@pytest.mark.parametrize("seed", range(12))
def test_solver_matches_rules_minimax_mid_deal(seed):
    state = random_position(100 + seed, 6)
    if state.d["trick"]:
        play(state, state.legal_actions(state.to_move()[0])[0][5:])
    if state.d["deal_number"] != 1:
        return
    leader = state.d["leader"]
    hands = [frozenset(h) for h in state.d["hands"]]
    expected = rules_minimax(hands[leader], hands[1 - leader], state.d["trick_number"], {})
    assert M.solve(state) == expected


@pytest.mark.parametrize("seed", range(3))
def test_solver_matches_rules_minimax_full_deal(seed):
    state = new(seed=seed)
    hands = [frozenset(h) for h in state.d["hands"]]
    assert M.solve(state) == rules_minimax(hands[0], hands[1], 1, {})


def test_solver_on_the_rules_examples():
    # 11.1: the seed's 49 is not the best: seat 0 can force an ace mate at trick 8 (88).
    state = new(setup={"hands": SEED_HANDS})
    hands = [frozenset(h) for h in SEED_HANDS]
    assert M.solve(state) == rules_minimax(hands[0], hands[1], 1, {}) == 88
    # The replay is the same position with the seats exchanged.
    replay = new(setup={"hands": SEED_HANDS[::-1], "dealer": 1})
    assert M.solve(replay) == 88
    # 11.3: leading AC at once mates for 11 but the hand can force 99 (ace at trick 9).
    aces = new(setup={"hands": ACES_HANDS})
    assert M.solve(aces) == 99
    assert M.move_values(aces)["play AC"] == 11
    assert "play AC" not in M.best_moves(aces, 0)
    # 11.2 / 11.4: split hands never mate.
    assert M.solve(new(setup={"hands": SPLIT_HANDS})) == 0


def test_analyse_seed_example():
    state = new(setup={"hands": SEED_HANDS})
    start = state.clone()
    cards = ["AD", "QD", "TD", "KD", "AC", "QC", "TC", "KC", "AS", "QS", "AH", "QH", "7D"]
    play(state, *cards)
    report = M.analyse_deal(start, ["play " + c for c in cards])
    assert report["dealer"] == 0 and report["start_value"] == 88 and report["result"] == 49
    assert len(report["values"]) == len(cards) + 1 and report["values"][-1] == 49
    first = report["first_mistake"]
    assert first["index"] == 4 and first["seat"] == 0 and first["action"] == "play AC"
    assert first["value_before"] == 88 and first["value_after"] < 88
    assert first["best"] and "play AC" not in first["best"]
    for m in report["mistakes"]:
        assert report["values"][m["index"] + 1] < report["values"][m["index"]]
    # The same from the finished deal kept in the state, and with [seat, action] pairs.
    assert M.analyse_deal(state) == report
    pairs = [[i % 2, "play " + c] for i, c in enumerate(cards)]
    assert M.analyse_deal(start, pairs) == report
    # The replay as played: seat 1 mated at trick 3 for 21 although 88 was there.
    play(state, "AD", "QD", "TD", "KD", "7D")
    again = M.analyse_deal(state)
    assert again["dealer"] == 1 and again["start_value"] == 88 and again["result"] == 21
    assert again["first_mistake"]["seat"] == 1


def test_analyse_follower_mistake_and_partial_deal():
    # Perfect play produces no mistake and ends at the start value.
    for seed in range(6):
        state = new(seed=seed)
        start = state.clone()
        actions = []
        while state.d["deal_number"] == 1:
            (seat,) = state.to_move()
            action = M.best_moves(state, seat)[-1]
            actions.append(action)
            state.apply(seat, action)
        report = M.analyse_deal(start, actions)
        assert report["mistakes"] == [] and report["result"] == report["start_value"] == M.solve(
            start
        )
        assert all(v == report["start_value"] for v in report["values"])
    # A partial line: values end with the value of the last position.
    state = new(seed=2)
    start = state.clone()
    first = state.legal_actions(0)[0]
    state.apply(0, first)
    report = M.analyse_deal(start, [first])
    if state.d["deal_number"] == 1:
        assert report["result"] is None and report["values"][-1] == M.solve(state, seat=0)
    else:
        assert report["result"] == report["values"][-1] > 0


def test_analyse_refuses_bad_lines():
    state = new(setup={"hands": SEED_HANDS})
    with pytest.raises(IllegalAction):
        M.analyse_deal(state, ["play KD"])
    with pytest.raises(IllegalAction):
        M.analyse_deal(state, [[1, "play AD"]])
    with pytest.raises(IllegalAction):
        M.analyse_deal(state, ["discard AD"])
    with pytest.raises(ValueError):
        M.analyse_deal(new(setup={"hands": ACES_HANDS}), ["play AC", "play KD"])
    with pytest.raises(ValueError):
        M.analyse_deal(state)  # no deal has finished yet


def test_perfect_play_bot_gets_at_least_the_value():
    for seed in range(8):
        state = new(seed=seed)
        bot = seed % 2
        value = M.solve(state, seat=bot)
        rng = random.Random(seed)
        while state.d["deal_number"] == 1:
            (seat,) = state.to_move()
            options = M.best_moves(state, seat) if seat == bot else state.legal_actions(seat)
            state.apply(seat, rng.choice(options))
        r = state.d["deal_results"][0]
        net = 0 if r["mater"] is None else (r["score"] if r["mater"] == bot else -r["score"])
        assert net >= value


def test_budget_and_errors():
    state = new(seed=4)
    with pytest.raises(M.SearchBudgetExceeded):
        M.solve(state, node_budget=5)
    with pytest.raises(ValueError):
        M.solve(state, node_budget=0)
    with pytest.raises(ValueError):
        M.solve(state, seat=2)
    over = new(setup={"hands": ACES_HANDS})
    play(over, "AC", "AD", "KD", "AC")
    assert over.is_over()
    with pytest.raises(ValueError):
        M.solve(over)
    assert M.best_moves(over, 0) == []


def test_full_deal_solve_is_fast():
    import time

    state = new(seed=1)
    start = time.perf_counter()
    M.solve(state)
    assert time.perf_counter() - start < 5  # ~0.02-0.3 s; generous for a loaded machine


# -- saved states ------------------------------------------------------------------------------


def _saved_mid_deal():
    state = new(setup={"hands": SEED_HANDS}, rounds=2)
    play(state, "7D", "QD")
    state.apply(1, state.legal_actions(1)[0])  # the winner of trick 1 leads trick 2
    return state.to_json()


def _with(data, change):
    data = json.loads(json.dumps(data))
    change(data)
    return data


@pytest.mark.parametrize(
    "change,why",
    [
        (
            lambda d: d["hands"][0].__setitem__(0, d["hands"][1].pop()),
            "hands",
        ),  # a card moved between hands
        (lambda d: d["history"][0].__setitem__(3, 0), "wrong winner"),  # a trick's winner changed
        (
            lambda d: d["history"][0].__setitem__(2, "KD"),
            "could not follow|did not hold|hands",
        ),  # the follow changed
        (lambda d: d.__setitem__("points", [7, 0]), "sum of the deal scores"),
        (lambda d: d.__setitem__("leader", 0), "leader|not led by"),
        (lambda d: d.__setitem__("trick_number", 5), "trick number"),
        (lambda d: d.__setitem__("phase", "over"), "phase|after the match|last deal|deal results"),
        (lambda d: d.__setitem__("dealer", 1), "dealer"),
        (lambda d: d.__setitem__("deal_number", 2), "deal results"),
    ],
)
def test_saved_states_that_do_not_hold_together_are_refused(change, why):
    """What the state spec cannot say: the deal so far must replay legally from the hands as
    dealt, and points, dealers, phase and trick number must follow from the play."""
    data = _saved_mid_deal()
    assert GAME.from_json(data).to_json() == data
    with pytest.raises(ValueError, match=why):
        GAME.from_json(_with(data, change))
