"""Nothing from outside breaks a table: malformed or impossible setups, saved states and logs are
refused with ValueError (or IllegalAction) and a reason; never another exception type, never a
hang, never an impossible state accepted (tests/fuzz_inputs.py makes the cases)."""

import json

import fuzz_inputs
import pytest

from tabletop import IllegalAction, available_games, get_game, session
from tabletop.reader import json_depth, load_json


def _assert_clean(counts):
    assert counts.other_errors == [], counts.other_errors[:5]
    assert counts.hangs == [], counts.hangs[:5]
    assert counts.accepted_impossible == [], counts.accepted_impossible[:5]
    assert counts.refused > 0


@pytest.mark.parametrize("slug", available_games())
def test_fuzzed_setups_are_refused_cleanly(slug):
    _assert_clean(fuzz_inputs.fuzz_setups(slug))


@pytest.mark.parametrize("slug", available_games())
def test_fuzzed_saved_states_are_refused_cleanly(slug):
    _assert_clean(fuzz_inputs.fuzz_from_json(slug, states=25))


@pytest.mark.parametrize("slug", available_games())
def test_fuzzed_logs_are_refused_cleanly(slug):
    _assert_clean(fuzz_inputs.fuzz_logs(slug))


@pytest.mark.parametrize("slug", available_games())
def test_every_game_declares_its_state(slug):
    info = get_game(slug)
    assert info.state_class.STATE is not None and info.state_class.CARDS


def test_json_depth_is_measured_without_parsing():
    assert json_depth('{"a": [1, {"b": "[[[[["}]}') == 3
    assert json_depth("[" * 100_000 + "]" * 100_000) == 100_000


@pytest.mark.parametrize("depth", [41, 1000, 5000, 100_000])
def test_deep_json_is_refused_before_parsing(depth):
    text = "[" * depth + "]" * depth
    with pytest.raises(ValueError, match="nested too deeply"):
        load_json(text, "the link")
    log = json.dumps({"game": "mas_menos", "players": 2, "seed": 1, "actions": []})
    answer = session.load(log[:-1] + ', "options": ' + '{"a": ' * depth + "1" + "}" * depth + "}")
    assert answer["ok"] is False and "nested too deeply" in answer["error"]
    # The engine still works afterwards.
    assert session.load(log)["ok"] is True


@pytest.mark.parametrize("options", [None, 0, False, [], "x"])
def test_a_log_whose_options_are_not_an_object_is_refused(options):
    log = {"game": "mas_menos", "players": 2, "seed": 1, "options": options, "actions": []}
    answer = session.load(json.dumps(log))
    assert answer["ok"] is False and "options" in answer["error"]


def test_a_negative_seed_is_refused():
    with pytest.raises(ValueError, match="seed"):
        get_game("mas_menos").new_state(seed=-5)
    answer = session.load(json.dumps({"game": "mas_menos", "seed": -5, "actions": []}))
    assert answer["ok"] is False and "seed" in answer["error"]


def test_refusals_carry_a_code_and_params():
    state = get_game("mas_menos").new_state(seed=1)
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "play AS")
    assert err.value.code == "not_playing_yet" and err.value.params == {} and str(err.value)
    with pytest.raises(IllegalAction) as err:
        state.apply(5, "play AS")
    assert err.value.code == "no_such_seat" and err.value.params == {"number": 5}
    session.load(json.dumps({"game": "mas_menos", "seed": 1, "actions": []}))
    answer = session.act(0, "discard ZZ 7S 8S")
    assert (
        answer["ok"] is False
        and answer["code"] == "unknown_card"
        and answer["params"] == {"text": "ZZ"}
    )


def test_a_move_answers_with_the_view_and_the_log():
    state = get_game("mas_menos").new_state(seed=1)
    session.load(json.dumps({"game": "mas_menos", "seed": 1, "actions": []}))
    action = state.legal_actions(0)[0]
    answer = session.act(0, action, 0)
    state.apply(0, action)
    assert answer["ok"] and answer["view"] == json.loads(json.dumps(state.view(0)))
    assert (
        answer["log"]["actions"] == [[0, action]]
        and answer["moves"] == 1
        and answer["log"]["players"] == 2
    )
    moved = session.bot_move(1, "random", 4, 0)
    assert moved["ok"] and moved["log"]["actions"][-1] == [1, moved["action"]]
    assert moved["view"]["seat"] == 0


def test_analysis_of_an_earlier_deal_of_an_explicit_setup():
    """session.analysis rebuilt the start without the setup, so a Mate log with an explicit deal
    raised IllegalAction while replaying (found by fuzzing)."""
    vectors = json.loads((fuzz_inputs.HERE / "vectors" / "mate.json").read_text(encoding="utf-8"))
    vec = next(v for v in vectors if v.get("setup") and len(v["actions"]) >= 20)
    state = get_game("mate").new_state(
        players=vec.get("players"), options=vec.get("options") or {}, setup=vec["setup"]
    )
    actions = []
    while not state.is_over():
        seat = state.to_move()[0]
        action = state.legal_actions(seat)[0]
        state.apply(seat, action)
        actions.append([seat, action])
    log = {
        "game": "mate",
        "players": 2,
        "options": vec.get("options") or {},
        "seed": 0,
        "setup": vec["setup"],
        "actions": actions,
    }
    assert session.load(json.dumps(log))["ok"]
    answer = session.analysis(1)
    assert answer["ok"], answer
