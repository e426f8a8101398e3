"""The page-to-engine protocol (tabletop.protocol, py/worker.py): every declared call answers with
good arguments; with an argument of the wrong kind, an undeclared name, no game loaded or an
exception inside, it answers a code with words in both languages, and it never raises. The page's
list of calls (static/app/engine.js) is the declared one."""

import json
import pathlib
import random
import re

import pytest
import worker

from tabletop import IllegalAction, get_game, protocol, session

ROOT = pathlib.Path(__file__).resolve().parents[1]
COMMON = json.loads((ROOT / "static" / "strings" / "common.json").read_text(encoding="utf-8"))
ODD_VALUES = [None, -2, -1, 0, 1, 2, 7, 1.5, 10**30, True, "", "x", "0", [], [1], {}, {"a": 1}]


def ask(name, *args):
    """A call as the page makes it: the arguments as JSON text, the answer JSON text."""
    return json.loads(worker.call(name, json.dumps(args)))


def played_log(slug, players, seed, stop=None):
    state = get_game(slug).new_state(players=players, seed=seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over() and (stop is None or len(actions) < stop):
        seat = rng.choice(state.to_move())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        actions.append([seat, action])
    return {"game": slug, "players": players, "options": {}, "seed": seed, "actions": actions}


def assert_coded(answer):
    """A failure the page can word: a code with words in both languages, JSON params."""
    assert answer["ok"] is False, answer
    assert isinstance(answer["code"], str) and isinstance(answer["params"], dict), answer
    assert isinstance(answer["error"], str) and answer["error"], answer  # English, for the console
    for lang in ("en", "ja"):
        assert answer["code"] in COMMON[lang], f"no {lang} words for {answer['code']!r}"
    json.dumps(answer)


def no_game():
    session._current.update(state=None, log=None)
    session._replay.update(log=None, states=None)


def test_the_page_calls_exactly_the_declared_names():
    text = (ROOT / "static" / "app" / "engine.js").read_text(encoding="utf-8")
    listed = re.search(r"export const CALLS = \[(.*?)\];", text, flags=re.S).group(1)
    assert re.findall(r'"(\w+)"', listed) == list(protocol.CALLS)
    # Every name the page's code calls is declared.
    called = set()
    for path in (ROOT / "static").rglob("*.js"):
        called |= set(re.findall(r'\bcall\("(\w+)"', path.read_text(encoding="utf-8")))
    assert called and called <= set(protocol.CALLS), called - set(protocol.CALLS)
    assert worker.__export__ == ["call"]


def test_every_declared_call_answers_with_good_arguments():
    seen = set()

    def good(name, *args):
        answer = ask(name, *args)
        assert answer["ok"] is True, (name, args, answer)
        seen.add(name)
        return answer

    assert good("ping") == {"ok": True}
    log = played_log("mate", 2, seed=4, stop=3)
    loaded = good("load", json.dumps(log), log["actions"][-1][0])
    assert loaded["moves"] == 3 and "view" in loaded
    seat = loaded["to_move"][0]
    good("view", seat)
    assert good("view")["view"] == good("view", -1)["view"] == session.view(None)["view"]
    good("hint", seat)
    chosen = good("bot_action", seat, "random", 5)["action"]
    good("act", seat, chosen, seat)
    good("bot_move", session._current["state"].to_move()[0], "normal", 3)
    good("load", json.dumps(played_log("mate", 2, seed=4)))  # a finished match: its analysis
    good("analysis")
    good("analysis", 1)
    good("load", played_log("mas_menos", 2, seed=2))  # the log as an object too
    assert good("duplicate", 1, "random")["seat"] == 1
    good("load", json.dumps(played_log("four_thrones", 1, seed=3, stop=4)))
    assert good("undo", 0)["moves"] == 3
    good("load", json.dumps(played_log("four_thrones", 1, seed=3)))
    good("truth")
    good("daily_log", "mas_menos", "2026-11-28")
    assert good("replay_open", json.dumps(log))["steps"] == 3
    assert good("replay_step", 3)["last"] == log["actions"][2]
    good("bench_playouts", "mas_menos", 1, 1)
    assert "tabletop.games.mate" in good("loaded_games")["modules"]
    assert seen == set(protocol.CALLS)


def test_an_undeclared_call_or_a_malformed_argument_list_answers_a_code():
    for name in ["nope", "", "__init__", "_ping", "refuse", "replay"]:
        answer = ask(name)
        assert_coded(answer)
        assert answer["code"] == "call_unknown" and answer["params"] == {"call": name}
    assert protocol.call(None, [])["code"] == "call_unknown"
    for text in ["{not json", "[" * 100 + "]" * 100, '"text"']:
        answer = json.loads(worker.call("view", text))
        assert_coded(answer)
        assert answer["code"] in ("call_bad_arguments", "call_bad_argument"), answer
    assert json.loads(worker.call("ping", None))["ok"]  # JS null or undefined: no arguments
    assert_coded(ask("ping", 1))
    assert ask("truth", 1, 2)["code"] == "call_bad_arguments"
    assert protocol.call("view", {"seat": 0})["code"] == "call_bad_arguments"


@pytest.mark.parametrize("name", list(protocol.CALLS))
def test_an_argument_of_the_wrong_kind_answers_a_code(name):
    no_game()
    declared = protocol.CALLS[name]
    wrong = {
        "seat": ["0", 1.5, -1, True, [], None],
        "viewer": ["0", 1.5, -2, True, {}],
        "int": ["1", 1.5, None, False],
        "count": [0, -1, 10**9, "2", None],
        "deal": ["1", 2.5, -2, True],
        "text": [1, None, [], True],
        "slug": [1, None, {}],
        "level": [2, None, ["normal"]],
        "log": [1, None, [], True],
    }
    for index, arg in enumerate(declared.args):
        for value in wrong[arg.kind]:
            if value is None and arg.default is not protocol.REQUIRED:
                continue  # left out: the default
            args = [0] * index + [value]
            answer = protocol.call(name, args)
            if answer["code"] == "call_bad_argument" and answer["params"]["argument"] != arg.name:
                continue  # an earlier argument (a 0 standing in) was refused first
            assert_coded(answer)
            assert answer["code"] == "call_bad_argument", (name, args, answer)
            assert answer["params"] == {"call": name, "argument": arg.name, "kind": arg.kind}


NEEDS_A_GAME = {
    "act": [0, "play AS"],
    "bot_move": [0, "random", 1],
    "bot_action": [0, "random", 1],
    "view": [0],
    "undo": [],
    "hint": [0],
    "analysis": [],
    "truth": [],
    "duplicate": [0],
}


@pytest.mark.parametrize("name", sorted(NEEDS_A_GAME))
def test_without_a_game_loaded_a_call_answers_no_game(name):
    no_game()
    answer = ask(name, *NEEDS_A_GAME[name])
    assert_coded(answer)
    assert answer["code"] == "no_game"


def test_without_a_replay_open_replay_step_answers_no_replay():
    no_game()
    assert ask("replay_step", 0)["code"] == "no_replay"


def test_the_sessions_refusals_are_coded():
    no_game()
    log = played_log("mate", 2, seed=1, stop=0)
    assert ask("load", json.dumps(log))["ok"]
    mover = session._current["state"].to_move()[0]
    other = 1 - mover
    cases = [
        (("view", 2), "no_such_seat", {"number": 2}),
        (("load", json.dumps(log), 5), "no_such_seat", {"number": 5}),
        (("bot_move", other, "random", 1), "not_your_turn", {"seat": other}),
        (("bot_move", 9, "random", 1), "no_such_seat", {"number": 9}),
        (("bot_action", mover, "genius", 1), "level_unknown", {"level": "genius"}),
        (("hint", other), "not_your_turn", {"seat": other}),
        (("analysis", 3), "deal_not_finished", {"deal": 3}),
        (("analysis",), "no_deal_finished", {}),
        (("truth",), "no_solver", {}),
        (("undo",), "undo_solo_only", {}),
        (("duplicate", 0), "only_after_game", {}),
        (("daily_log", "chess", "2026-11-28"), "unknown_game", {"game": "chess"}),
        (("daily_log", "mate", "2026-02-31"), "daily_bad_date", {"date": "2026-02-31"}),
        (("bench_playouts", "chess", 1, 1), "unknown_game", {"game": "chess"}),
    ]
    for (name, *args), code, params in cases:
        answer = ask(name, *args)
        assert_coded(answer)
        assert (answer["code"], answer["params"]) == (code, params), (name, args, answer)
    assert ask("load", json.dumps(played_log("mas_menos", 2, seed=1)))["ok"]
    assert ask("duplicate", 0, "genius")["code"] == "level_unknown"
    assert ask("hint", 0)["code"] == "no_hints" and ask("analysis")["code"] == "no_analysis"
    assert ask("replay_open", json.dumps(log))["ok"]
    assert ask("replay_step", 1)["code"] == "replay_step_range"


def test_a_refused_log_says_which_move_and_the_engines_own_reason():
    log = played_log("mate", 2, seed=6, stop=5)
    seat = log["actions"][2][0]
    log["actions"][2] = [seat, "play ZZ"]
    for name in ("load", "replay_open"):
        answer = ask(name, json.dumps(log))
        assert_coded(answer)
        assert answer["code"] == "log_move_refused"
        params = answer["params"]
        assert (params["move"], params["seat"], params["action"]) == (3, seat, "play ZZ")
        state, _ = session.replay({**log, "actions": log["actions"][:2]})
        with pytest.raises(IllegalAction) as err:  # the engine's own refusal, as the page words it
            state.apply(seat, "play ZZ")
        assert params["refusal"] == {"code": err.value.code, "params": err.value.params}


@pytest.mark.parametrize(
    "text, code",
    [
        ("{not json", "log_unreadable"),
        ("[]", "log_unreadable"),
        ('{"game": "mate", "colour": 1}', "log_unknown_field"),
        ('{"game": "chess"}', "log_unknown_game"),
        ('{"game": "mate", "seed": -1}', "log_bad_field"),
        ('{"game": "mate", "options": []}', "log_bad_field"),
        ('{"game": "mate", "actions": [[0]]}', "log_bad_field"),
        ('{"game": "mate", "players": 9}', "log_bad_players"),
        ('{"game": "mate", "options": {"colour": 1}}', "log_unknown_option"),
        ('{"game": "mate", "options": {"rounds": "many"}}', "log_bad_option"),
    ],
)
def test_a_malformed_log_answers_a_code(text, code):
    for name in ("load", "replay_open"):
        answer = ask(name, text)
        assert_coded(answer)
        assert answer["code"] == code, answer


def test_an_exception_inside_a_call_answers_call_failed(monkeypatch):
    def broken(*args):
        raise KeyError("boom")

    monkeypatch.setitem(protocol.CALLS, "truth", protocol.Call(broken, ()))
    answer = ask("truth")
    assert_coded(answer)
    assert answer["code"] == "call_failed" and answer["params"] == {"call": "truth"}


def test_odd_values_in_every_position_never_raise():
    """Every call with every odd value in every position, with no game and with a game loaded:
    an answer every time, and every failure coded."""
    rng = random.Random(1)
    for setup in (no_game, lambda: session.load(played_log("mate", 2, seed=2, stop=4))):
        for name, declared in protocol.CALLS.items():
            if name == "bench_playouts":
                continue  # plays games for real; its kinds are checked above
            for index in range(len(declared.args) + 1):
                for value in ODD_VALUES:
                    setup()
                    args = [rng.choice(ODD_VALUES) for _ in range(index)] + [value]
                    answer = json.loads(worker.call(name, json.dumps(args)))
                    assert answer["ok"] in (True, False)
                    if not answer["ok"]:
                        assert_coded(answer)


def test_a_refused_setup_names_what_is_refused():
    answer = ask("load", '{"game": "mate", "options": {"rounds": "many"}}')
    assert answer["params"] == {"option": "rounds", "value": '"many"'}
    assert ask("load", '{"game": "mate", "players": 9}')["params"] == {"players": 9}
    answer = ask("load", '{"game": "mate", "options": {"colour": 1}}')
    assert answer["params"] == {"option": "colour"}
