"""The daily deal of every game (the same for everyone on a date) and the duplicate comparison
(the computer replays the finished deal in the player's seat, deterministically)."""

import json
import random

import pytest

from tabletop import available_games, get_game, session


@pytest.mark.parametrize("slug", available_games())
def test_the_daily_deal_is_fixed_by_the_date(slug):
    a = session.daily_log(slug, "2026-11-24")
    b = session.daily_log(slug, "2026-11-24")
    c = session.daily_log(slug, "2026-11-25")
    assert a["ok"] and a == b and c["ok"]
    assert a["log"]["seed"] == 20261124 and c["log"]["seed"] == 20261125
    info = get_game(slug)
    assert a["log"]["players"] == info.default_players and a["log"]["options"] == info.daily
    first = [session.load(json.dumps(x["log"]), 0)["view"] for x in (a, b, c)]
    assert first[0] == first[1]
    assert first[0] != first[2]  # another day, another deal


@pytest.mark.parametrize(
    "date", ["2026-02-31", "2026-13-01", "26-11-24", "2026-11-24x", "", "tomorrow", None, 20261124]
)
def test_a_date_that_is_not_one_is_refused(date):
    answer = session.daily_log("mas_menos", date)
    assert answer["ok"] is False and answer["error"]


def _finish_with_random_moves(slug, log):
    rng = random.Random(5)
    answer = session.load(json.dumps(log))
    assert answer["ok"], answer
    while not answer["over"]:
        seat = answer["to_move"][0]
        action = rng.choice(session.view(seat)["view"]["legal_actions"])
        answer = session.act(seat, action)
    return answer


@pytest.mark.parametrize("slug", ["mas_menos", "slobberhannes", "mexican_train"])
def test_the_duplicate_replay_is_deterministic_and_plays_the_same_deal(slug):
    log = session.daily_log(slug, "2026-11-24")["log"]
    _finish_with_random_moves(slug, log)
    first = session.duplicate(0, "normal")
    again = session.duplicate(0, "normal")
    assert first["ok"], first
    assert first == again
    assert first["player_outcome"] == session._current["state"].outcome()
    # The replay is a real game of the same deal: the log replays to the outcome it reports.
    replayed, _ = session.replay({**log, "actions": first["actions"]})
    assert replayed.is_over() and replayed.outcome() == first["outcome"]
    assert 0.0 <= first["outcome"]["value"][0] <= 1.0


def test_no_duplicate_before_the_end_or_alone():
    log = session.daily_log("mas_menos", "2026-11-24")["log"]
    session.load(json.dumps(log))
    assert session.duplicate(0)["ok"] is False
    session.load(json.dumps(session.daily_log("four_thrones", "2026-11-24")["log"]))
    assert session.duplicate(0)["ok"] is False
