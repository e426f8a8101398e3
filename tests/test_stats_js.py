"""The statistics record and the share line without a browser (Node runs tests/js/stats_check.mjs
on the ES modules the page loads): a game counted once per id, wins, draws, streaks, places and
scores (lower is better where the game counts penalties), abandoned games, patience deals and
their truth, daily results once per date with the days in a row, a damaged record kept aside and
replaced without touching a save, and the share line in both languages."""

import json
import pathlib

import pytest
from node_check import run_node_check

from tabletop import get_game, session

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def r(tmp_path_factory):
    # The games' facts as the page gets them: the catalog the build writes (session.catalog()).
    catalog = tmp_path_factory.mktemp("catalog") / "catalog.json"
    catalog.write_text(json.dumps(session.catalog()), encoding="utf-8")
    return run_node_check("stats_check.mjs", catalog)


def test_a_game_is_counted_once_per_id(r):
    assert r["first"] is True and r["again"] is False
    assert r["abandoned"] is True and r["abandonedAgain"] is False


def test_wins_draws_streaks_places_and_scores(r):
    b = r["bucket"]
    # won a, b; lost c; won d; gave up e; drew f
    assert (b["played"], b["won"], b["drawn"], b["abandoned"]) == (6, 3, 1, 1)
    assert b["places"] == {"1": 4, "2": 1}  # a draw shares first place; a game given up has none
    assert b["bestStreak"] == 2 and b["streak"] == 0  # the give-up and the draw end a streak
    assert b["scores"] == {
        "2|{}": {"players": 2, "options": {}, "order": "high", "n": 5, "sum": 21, "best": 7}
    }


def test_lower_is_better_for_penalty_scores(r):
    assert r["slob"]["4|{}"]["order"] == "low" and r["slob"]["4|{}"]["best"] == 0
    penalty = r["mexican"]['3|{"scoring":"penalty"}']
    assert penalty["order"] == "low" and penalty["best"] == 12 and penalty["n"] == 2
    # Another scoring is another scale, kept apart.
    assert r["mexican"]["3|{}"] == {
        "players": 3,
        "options": {},
        "order": "high",
        "n": 1,
        "sum": 90,
        "best": 90,
    }


def test_a_damaged_record_is_kept_aside_and_replaced_and_the_saves_stay(r):
    c = r["corrupt"]
    assert c["problem"] == "corrupt" and c["aside"] == 1 and c["asideText"] == "{not json"
    assert c["saves"] == ['{"v":1}', "x"] and c["fresh"] == {}
    assert r["wrongShape"] == "corrupt" and r["version"] == "version"
    assert r["brokenKept"] == 6  # older copies go: storage never fills up with them


def test_patience_deals_and_winnable_deals(r):
    # l1 checked once (the second time is refused), l2 not winnable, l3 undecided, zz never counted
    assert r["truth"] == [True, False, True, True, False]
    d = r["deals"]
    assert (d["played"], d["won"]) == (4, 1)
    assert d["deals"] == {"winnable": 2, "winnableWon": 1, "notWinnable": 1, "undecided": 1}


def test_daily_results_once_per_date_and_days_in_a_row(r):
    daily = r["daily"]
    assert daily["2026-11-23"]["id"] == "b"  # the first result of a date stays
    assert daily["2026-11-24"]["computer"] == {"place": 2, "value": 0, "score": 3}
    assert r["dailyComputer"] == [True, False, False]  # once; only for the game recorded that day
    assert daily["2026-11-10"]["onTime"] is False
    assert r["streakToday"] == {"current": 3, "best": 3, "played": 4}
    assert r["streakTomorrow"]["current"] == 3  # today's deal not played yet: the run still stands
    assert r["streakLater"]["current"] == 0
    assert r["reset"]["levels"] == {} and r["reset"]["daily"] == {}


def test_the_share_line(r):
    assert r["shareJa"] == "Tabletop マス・メノス 11/24 ● 3点 勝ち（コンピュータ：2点 負け）"
    assert r["shareEn"] == "Tabletop Más-Menos 11/24 ● 3 pts, won (Computer: 2 pts, lost)"
    assert r["shareSlob"] == "Tabletop Slobberhannes #77 ● 1 penalty pt, 2nd of 4"
    assert (
        r["shareSlobJa"]
        == "Tabletop スロバーハネス 1/5 ● 失点2 4人中3位（コンピュータ：失点0 4人中1位）"
    )
    assert r["shareSolo"] == "Tabletop 4 Thrones 11/24 ● won"
    assert r["shareDraw"] == "Tabletop Mate 11/24 ● 10 pts, draw"
    assert r["dealNames"] == ["1/5", "#123"]
    assert r["links"] == [
        "https://example.org/tt/?game=mate&daily=2026-11-24&lang=ja",
        "https://example.org/tt/?game=ribs&seed=42&players=6&options=%7B%22deals%22%3A2%7D&lang=en",
    ]


def declared_kind(info, options):
    """What a final score counts in ``info``'s game under ``options``, as GameInfo declares it."""
    if not info.score_by_option:
        return info.score
    key, by_choice = info.score_by_option
    return dict(by_choice).get(options.get(key), info.score)


def test_each_games_facts_come_from_its_declaration(r):
    """The shell's facts of a game (score kind and direction, sides) are what its GameInfo says
    (in the catalog), for every game: stats.js names no game."""
    expected = {}
    for game in session.catalog():
        if not game["available"]:
            continue
        info = get_game(game["slug"])
        scorings = [{o.key: c} for o in info.options if o.key == "scoring" for c in o.choices]
        for option in [{}, *scorings]:
            kind = declared_kind(info, option)
            expected[f"{game['slug']} {json.dumps(option)}"] = {
                "kind": kind,
                "order": "low" if kind == "penalty" else "high",
                "sides": len(info.teams) or info.default_players,
            }
    assert r["facts"] == expected
    assert r["facts"]["slobberhannes {}"]["order"] == "low" and r["facts"]["tuppi {}"]["sides"] == 2
    assert r["facts"]['mexican_train {"scoring": "penalty"}']["order"] == "low"
    assert r["facts"]["stop_the_bus {}"]["kind"] == "lives"
    assert r["facts"]['stop_the_bus {"scoring": "points"}']["kind"] == "points"


@pytest.mark.parametrize("slug", ["slobberhannes", "mexican_train", "stop_the_bus", "mas_menos"])
def test_the_declared_score_direction_is_the_standings(slug):
    """A seat with a better declared score never has a worse place (seeded random games)."""
    import random

    info = get_game(slug)
    choices = next((o.choices for o in info.options if o.key == "scoring"), [None])
    for choice in choices:
        options = {"scoring": choice} if choice is not None else {}
        if slug == "stop_the_bus":
            options["starting_lives"] = 1
        if slug == "mexican_train":
            options["rounds"] = 1
        kind = declared_kind(info, options)
        for seed in range(3):
            players = 3 if info.max_players >= 3 else 2
            state = info.new_state(players=players, options=options, seed=seed)
            rng = random.Random(seed)
            while not state.is_over():
                seat = rng.choice(state.to_move())
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            outcome = state.outcome()
            for a in range(state.players):
                for b in range(state.players):
                    sa, sb = outcome["score"][a], outcome["score"][b]
                    better = sa < sb if kind == "penalty" else sa > sb
                    if better:
                        assert outcome["place"][a] <= outcome["place"][b], (slug, options, outcome)


def test_a_score_declaration_that_names_no_kind_or_no_choice_is_refused():
    from tabletop.core import GameInfo, Option

    scoring = Option("scoring", "a", "choice", "how", choices=("a", "b"))
    with pytest.raises(ValueError, match="score kinds"):
        GameInfo(
            slug="x", title="X", min_players=2, max_players=2, default_players=2, score="goals"
        )
    with pytest.raises(ValueError, match="score_by_option"):
        GameInfo(
            slug="x",
            title="X",
            min_players=2,
            max_players=2,
            default_players=2,
            options=(scoring,),
            score_by_option=("scoring", {"c": "penalty"}),
        )
    info = GameInfo(
        slug="x",
        title="X",
        min_players=2,
        max_players=2,
        default_players=2,
        options=(scoring,),
        score_by_option=("scoring", {"b": "penalty"}),
    )
    assert info.describe()["score"] == {
        "kind": "points",
        "option": "scoring",
        "by_choice": {"b": "penalty"},
    }
