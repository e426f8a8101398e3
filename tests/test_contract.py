"""The engine contract itself: registry, options, players, setup, JSON round trip, sessions, CLI."""

import json
import pathlib
import subprocess
import sys

import pytest

from tabletop import SLUGS, IllegalAction, available_games, get_game, session

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_unknown_slug_names_the_known_games():
    with pytest.raises(ValueError, match="known games: mas_menos"):
        get_game("poker")


def test_sixteen_games_are_listed_and_the_twelve_play():
    """The four partnership games of the articles are listed (shown as coming) until they play."""
    assert len(SLUGS) == 16 and set(SLUGS[:12]) <= set(available_games())
    assert SLUGS[12:] == ("quinto", "watten", "forty_two", "deer_hunt")


@pytest.mark.parametrize(
    "options,message",
    [
        ({"gamez": 2}, "unknown option 'gamez'"),
        ({"games": 0}, "at least 1"),
        ({"games": "3"}, "whole number"),
        ({"games": True}, "whole number"),
        ([1], "must be an object"),
    ],
)
def test_bad_options_are_refused_before_any_state(options, message):
    with pytest.raises(ValueError, match=message):
        get_game("mas_menos").new_state(players=2, options=options, seed=1)


@pytest.mark.parametrize("players", [1, 3, "2", 2.0, True])
def test_bad_player_counts_are_refused(players):
    with pytest.raises(ValueError):
        get_game("mas_menos").new_state(players=players, options={}, seed=1)


def test_bad_seed_is_refused():
    with pytest.raises(ValueError, match="seed"):
        get_game("mas_menos").new_state(players=2, options={}, seed="x")


def test_same_seed_same_deal_and_json_round_trip_is_exact():
    game = get_game("mas_menos")
    a = game.new_state(players=2, options={"games": 2}, seed=42)
    b = game.new_state(players=2, options={"games": 2}, seed=42)
    assert a.to_json() == b.to_json()
    c = game.from_json(json.loads(json.dumps(a.to_json())))
    assert c.to_json() == a.to_json()
    assert c.rng.random() == a.rng.random()


def test_from_json_refuses_other_games_and_garbage():
    game = get_game("mas_menos")
    with pytest.raises(ValueError):
        game.from_json({"game": "mate"})
    with pytest.raises(ValueError):
        game.from_json({**game.new_state(seed=1).to_json(), "rng": [3, [1, 2], None]})


def test_clone_is_independent():
    state = get_game("mas_menos").new_state(seed=3)
    other = state.clone()
    other.apply(0, other.legal_actions(0)[0])
    assert state.d["discards"] == [None, None]
    assert other.d["discards"][0] is not None


def test_illegal_action_message_and_state_unchanged():
    state = get_game("mas_menos").new_state(seed=3)
    before = state.to_json()
    for seat, action in [
        (0, "play AS"),
        (0, "discard AS"),
        (5, "discard 7S 8S 9S"),
        (0, None),
        (0, ""),
    ]:
        with pytest.raises(IllegalAction) as err:
            state.apply(seat, action)
        assert str(err.value)
        assert state.to_json() == before


def test_session_refuses_tampered_logs_with_the_move_and_reason():
    assert session.load("{oops")["ok"] is False
    assert "unknown game" in session.load(json.dumps({"game": "x"}))["error"]
    assert (
        "[seat, action]"
        in session.load(json.dumps({"game": "mas_menos", "actions": [["0", "x"]]}))["error"]
    )
    bad = session.load(
        json.dumps(
            {
                "game": "mas_menos",
                "players": 2,
                "options": {},
                "seed": 1,
                "actions": [[0, "declare mas"]],
            }
        )
    )
    assert bad == {
        "ok": False,
        "error": "move 1 (seat 0: 'declare mas') was refused: discard 3 cards before you declare",
        "code": "log_move_refused",
        "params": {
            "move": 1,
            "seat": 0,
            "action": "declare mas",
            "refusal": {"code": "discard_before_declaring", "params": {}},
        },
    }


def test_session_act_view_and_bot():
    assert session.load(
        json.dumps({"game": "mas_menos", "players": 2, "options": {}, "seed": 1, "actions": []})
    )["ok"]
    view = session.view(0)["view"]
    assert len(view["hand"]) == 16 and "hand" not in session.view(None)["view"]
    action = session.bot_action(1, "random", 7)["action"]
    assert action in session.view(1)["view"]["legal_actions"]
    assert session.act(1, action)["ok"]
    assert session.act(1, action)["ok"] is False
    assert session.bot_action(1, "genius", 7)["ok"] is False


def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "tabletop", *args],
        cwd=ROOT / "py",
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_cli_simulate_prints_results_and_speed():
    out = run_cli("simulate", "mas_menos", "--games", "20", "--seed", "5")
    assert out.returncode == 0, out.stderr
    assert "20 games" in out.stdout and "games/s" in out.stdout and "winners:" in out.stdout


def test_cli_simulate_refuses_bad_options():
    out = run_cli("simulate", "mas_menos", "--games", "1", "--option", "games=0")
    assert out.returncode == 2 and "at least 1" in out.stderr


def test_cli_replay_prints_result_or_first_refused_move(tmp_path):
    state = get_game("mas_menos").new_state(players=2, options={}, seed=9)
    log = {"game": "mas_menos", "players": 2, "options": {}, "seed": 9, "actions": []}
    while not state.is_over():
        seat = state.to_move()[0]
        action = state.legal_actions(seat)[0]
        state.apply(seat, action)
        log["actions"].append([seat, action])
    good = tmp_path / "good.json"
    good.write_text(json.dumps(log))
    out = run_cli("replay", str(good))
    assert out.returncode == 0 and json.loads(out.stdout.splitlines()[-1]) == state.result()
    log["actions"][5][1] = "play ZZ"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(log))
    out = run_cli("replay", str(bad))
    assert out.returncode == 1 and "move 6" in out.stderr and "'ZZ' is not a card" in out.stderr


def test_pyscript_toml_ships_every_module_of_the_package():
    import tomllib

    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    sys.path.insert(0, str(ROOT / "py" / "tools"))
    from build import BROWSERLESS, PACKAGE_ARCHIVE, package_files

    # One archive, made by the build from package_files() (tests/test_build_snapshot.py reads it);
    # the CLI and the arena stay out of the browser.
    assert config["files"] == {f"./{PACKAGE_ARCHIVE}": "./tabletop.zip"}
    shipped = set(package_files())

    package = {
        p.relative_to(ROOT / "py").as_posix() for p in (ROOT / "py" / "tabletop").rglob("*.py")
    }
    assert package - BROWSERLESS <= shipped, (
        f"run py/tools/build.py: missing {sorted(package - BROWSERLESS - shipped)}"
    )
    assert not BROWSERLESS & shipped, f"not for the browser: {sorted(BROWSERLESS & shipped)}"
    assert config["interpreter"] == "./static/vendor/pyodide/pyodide.mjs"
