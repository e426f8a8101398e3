"""The worker API's solver queries (session.hint / session.analysis) and the "strong" bot level."""

import json
import random

import pytest
import worker

from tabletop import get_game, session
from tabletop.bots import LEVELS, choose_action
from tabletop.games import mate as M

SEED_EXAMPLE = {  # rules 11.1: deal 1 is mated 7 x 7 = 49, the replay 7 x 3 = 21
    "hands": [
        ["7C", "7S", "7H", "7D", "AD", "TD", "AC", "TC", "AS", "AH"],
        ["KD", "QD", "KC", "QC", "TS", "KS", "QS", "TH", "KH", "QH"],
    ],
    "dealer": 0,
}
SEED_DEAL_1 = [
    [0, "play AD"],
    [1, "play QD"],
    [0, "play TD"],
    [1, "play KD"],
    [0, "play AC"],
    [1, "play QC"],
    [0, "play TC"],
    [1, "play KC"],
    [0, "play AS"],
    [1, "play QS"],
    [0, "play AH"],
    [1, "play QH"],
    [0, "play 7D"],
]


def random_log(seed, rounds=1, stop=None):
    """A log of seeded random play (to the end, or to ``stop`` actions)."""
    state = get_game("mate").new_state(players=2, options={"rounds": rounds}, seed=seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over() and (stop is None or len(actions) < stop):
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        actions.append([seat, action])
    return {
        "game": "mate",
        "players": 2,
        "options": {"rounds": rounds},
        "seed": seed,
        "actions": actions,
    }


def test_hint_is_the_solvers_best_moves_and_legal():
    for seed in range(4):
        for stop in (0, 1, 5, 12):
            log = random_log(seed, stop=stop)
            assert session.load(log)["ok"]
            state, _ = session.replay(log)
            if state.is_over():
                continue
            seat = state.to_move()[0]
            got = session.hint(seat)
            assert got["ok"], got
            assert got["actions"] == M.best_moves(state, seat)
            assert got["actions"] and set(got["actions"]) <= set(state.legal_actions(seat))


def test_hint_refusals():
    session._current.update(state=None, log=None)
    assert session.hint(0) == {
        "ok": False,
        "error": "no game is loaded",
        "code": "no_game",
        "params": {},
    }
    assert session.load(random_log(1, stop=0))["ok"]
    out = session.hint(1)
    assert out["ok"] is False and out["code"] == "not_your_turn" and "turn" in out["error"]
    out = session.hint(2)
    assert out["ok"] is False and out["code"] == "no_such_seat" and out["params"] == {"number": 2}
    assert session.load(random_log(2))["ok"]  # a finished match
    assert session.hint(0) == {
        "ok": False,
        "error": "the game is over",
        "code": "game_over",
        "params": {},
    }


def test_games_without_a_solver_say_so():
    log = {"game": "mas_menos", "players": 2, "options": {}, "seed": 3, "actions": []}
    assert session.load(log)["ok"]
    out = session.hint(0)
    assert out["ok"] is False and out["code"] == "no_hints" and "no hints" in out["error"]
    out = session.analysis()
    assert out["ok"] is False and out["code"] == "no_analysis" and "no analysis" in out["error"]


def test_analysis_of_the_seed_example():
    state = get_game("mate").new_state(players=2, setup=SEED_EXAMPLE)
    for seat, action in SEED_DEAL_1:
        state.apply(seat, action)
    # session.load takes a seeded log; put the explicit-setup state in place as the session would.
    session._current.update(
        state=state,
        log={"game": "mate", "players": 2, "options": {}, "seed": 0, "actions": list(SEED_DEAL_1)},
    )
    out = session.analysis()
    assert out["ok"], out
    a = out["analysis"]
    assert a == json.loads(json.dumps(a))
    assert a["deal_number"] == 1 and a["dealer"] == 0 and a["result"] == 49
    assert a["start_value"] == M.analyse_deal(state)["start_value"] >= 49
    assert a["tricks"] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]
    assert len(a["values"]) == len(SEED_DEAL_1) + 1


def test_analysis_before_any_deal_and_of_every_deal():
    log = random_log(5, stop=3)
    assert session.load(log)["ok"]
    out = session.analysis()
    assert out == {
        "ok": False,
        "error": "no deal has finished yet",
        "code": "no_deal_finished",
        "params": {},
    }
    full = random_log(5, rounds=2)
    assert session.load(full)["ok"]
    state, _ = session.replay(full)
    last = session.analysis()
    assert last["ok"] and last["analysis"]["deal_number"] == 4
    assert session.analysis(4) == last
    for deal in (1, 2, 3):
        got = session.analysis(deal)
        assert got["ok"], got
        a = got["analysis"]
        assert a["deal_number"] == deal
        want = state.result()["deal_results"][deal - 1]
        assert a["dealer"] == want["dealer"]
        net = (
            0
            if want["mater"] is None
            else (want["score"] if want["mater"] == want["dealer"] else -want["score"])
        )
        assert a["result"] == net
        assert a["start_value"] == a["values"][0]
        assert len(a["tricks"]) == len(a["values"]) - 1
    assert session.analysis(5)["ok"] is False
    assert session.analysis(0)["ok"] is False


def test_the_worker_answers_the_queries_in_json():
    def ask(name, *args):
        return json.loads(worker.call(name, json.dumps(args)))

    assert worker.__export__ == ["call"]
    log = random_log(7, stop=0)
    assert ask("load", json.dumps(log))["ok"]
    state, _ = session.replay(log)
    seat = state.to_move()[0]
    hint = ask("hint", seat)
    assert hint["ok"] and hint["actions"] == M.best_moves(state, seat)
    assert ask("analysis", -1)["code"] == "no_deal_finished"  # nothing finished yet
    assert ask("load", json.dumps(random_log(7)))["ok"]
    assert ask("analysis", -1)["analysis"]["deal_number"] == 2
    assert ask("analysis")["analysis"]["deal_number"] == 2
    assert ask("analysis", 1)["analysis"]["deal_number"] == 1


def test_state_from_view_is_the_position():
    for seed in range(6):
        log = random_log(seed, stop=seed * 3 + 1)
        state, _ = session.replay(log)
        if state.is_over():
            continue
        seat = state.to_move()[0]
        for who in (0, 1):
            pos = M.state_from_view(state.view(who))
            assert pos.legal_actions(who) == state.legal_actions(who)
            assert sorted(pos.d["hands"][0]) == sorted(state.d["hands"][0])
            assert sorted(pos.d["hands"][1]) == sorted(state.d["hands"][1])
        pos = M.state_from_view(state.view(seat))
        assert M.move_values(pos) == M.move_values(state)
    with pytest.raises(ValueError):
        M.state_from_view(state.view(None))


def test_strong_bot_plays_a_best_move_and_random_stays_default():
    assert LEVELS[0] == "random" and "strong" in LEVELS
    for seed in range(4):
        log = random_log(seed, stop=2 * seed)
        state, _ = session.replay(log)
        seat = state.to_move()[0]
        action = choose_action("mate", state.view(seat), "strong", 1)
        assert action == M.best_moves(state, seat)[0]
        assert session.load(log)["ok"]
        assert session.bot_action(seat, "strong", 9) == {"ok": True, "action": action}
    assert choose_action.__defaults__[0] == "random"


def test_strong_bot_never_does_worse_than_the_deal_value():
    """The perfect-play bot, as the dealer, reaches at least what it can force against random."""
    for seed in range(3):
        state = get_game("mate").new_state(players=2, seed=100 + seed)
        value = M.solve(state, seat=0)
        rng = random.Random(seed)
        while state.d["deal_number"] == 1:
            seat = state.to_move()[0]
            if seat == 0:
                action = choose_action("mate", state.view(0), "strong", 0)
            else:
                action = rng.choice(state.legal_actions(1))
            state.apply(seat, action)
        r = state.d["deal_results"][0]
        net = 0 if r["mater"] is None else (r["score"] if r["mater"] == 0 else -r["score"])
        assert net >= value


def test_strong_bot_without_a_solver_plays_as_random():
    state = get_game("mas_menos").new_state(players=2, seed=4)
    view = state.view(0)
    assert choose_action("mas_menos", view, "strong", 3) == choose_action(
        "mas_menos", view, "random", 3
    )


# -- one-player games: undo, the fair hint's figures, the truth after the game ---------------------


def solitaire_log(slug, seed, stop=None):
    state = get_game(slug).new_state(players=1, seed=seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over() and (stop is None or len(actions) < stop):
        action = rng.choice(state.legal_actions(0))
        state.apply(0, action)
        actions.append([0, action])
    return {"game": slug, "players": 1, "options": {}, "seed": seed, "actions": actions}


@pytest.mark.parametrize("slug", ["four_thrones", "gridcannon"])
def test_undo_takes_back_moves_one_at_a_time(slug):
    log = solitaire_log(slug, seed=3, stop=8)
    moves = len(log["actions"])  # a random game may end sooner
    assert moves >= 3 and session.load(log)["ok"]
    for back in range(1, moves + 1):
        before = session.view(0)["view"]
        out = session.undo()
        assert out["ok"] and out["undone"] == log["actions"][-back] and out["moves"] == moves - back
        expected, _ = session.replay({**log, "actions": log["actions"][: moves - back]})
        assert session.view(0)["view"] == expected.view(0) != before
    refused = session.undo()
    assert not refused["ok"] and refused["code"] == "undo_nothing" and "no move" in refused["error"]
    # redo is the app sending the undone move again
    assert session.act(*log["actions"][0])["ok"]
    assert session._current["log"]["actions"] == log["actions"][:1]


def test_undo_is_refused_in_games_against_others():
    log = random_log(1, stop=3)
    assert session.load(log)["ok"]
    before = session.view(0)["view"]
    out = session.undo()
    assert not out["ok"] and out["code"] == "undo_solo_only" and "one-player" in out["error"]
    assert session.view(0)["view"] == before and len(session._current["log"]["actions"]) == 3


@pytest.mark.parametrize("slug", ["four_thrones", "gridcannon"])
def test_hint_report_is_legal_and_explained(slug):
    log = solitaire_log(slug, seed=7, stop=4)
    assert session.load(log)["ok"]
    out = session.hint(0)
    legal = session.view(0)["view"]["legal_actions"]
    assert out["ok"] and len(out["actions"]) == 1 and out["actions"][0] in legal
    assert out["samples"] > 0 and {f["action"] for f in out["figures"]} <= set(legal)
    best = next(f for f in out["figures"] if f["action"] == out["actions"][0])
    assert best["wins"] == max(f["wins"] for f in out["figures"])
    assert all(0 <= f["wins"] + f["undecided"] <= out["samples"] for f in out["figures"])


@pytest.mark.parametrize("slug", ["four_thrones", "gridcannon"])
def test_truth_only_after_the_game_and_its_line_wins(slug):
    log = solitaire_log(slug, seed=11, stop=2)
    assert session.load(log)["ok"]
    refused = session.truth()
    assert not refused["ok"] and refused["code"] == "only_after_game"
    assert "after the game" in refused["error"]
    decided = 0
    for seed in range(6):
        log = solitaire_log(slug, seed)
        assert session.load(log)["ok"]
        out = session.truth()
        assert out["ok"], out
        truth = out["truth"]
        assert truth["winnable"] in (True, False, None) and truth["node_limit"] > 0
        state, _ = session.replay(log)
        assert truth["won"] == state.result()["won"]
        if truth["winnable"]:
            decided += 1
            start = get_game(slug).new_state(players=1, seed=seed)
            assert len(truth["line_cards"]) == len(truth["line"])
            for action, card in zip(truth["line"], truth["line_cards"]):
                assert card == start.view(0)["current"]
                start.apply(0, action)
            assert start.is_over() and start.result()["won"]
        elif truth["winnable"] is False:
            decided += 1
            assert truth["line"] == [] and not truth["won"]
    assert decided >= 4


def test_truth_for_a_game_without_a_solver():
    assert session.load(random_log(2))["ok"]
    out = session.truth()
    assert not out["ok"] and out["code"] == "no_solver" and "no solver" in out["error"]
