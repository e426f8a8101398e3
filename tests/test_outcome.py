"""``outcome()``: every seat's result on one scale, checked against each game's own ``result()``.

The shape: None until the game is over; then ``value`` (1.0 first .. 0.0 last, linear in place,
ties averaged), ``place`` (1 = best, a tie shares the best place of the tie) and ``score`` (the
game's own points, or None). Who is first (and who is last) must agree with the result fields of
the rules files, in finished seeded playouts of every player count and variant and at the end of
every rules vector that ends a game.
"""

import json
import pathlib
import random

import pytest

from tabletop import available_games, get_game
from tabletop.bots import player_hooks
from tabletop.core import BotHooks, GameInfo, Queries, Standing, rank_places
from tabletop.playouts import play, random_choice

VECTORS = pathlib.Path(__file__).parent / "vectors"
PLAYOUTS_PER_CONFIG = 4


def _all_but(seats, players):
    return set(range(players)) - set(seats)


# Who places first, and who last, by each game's result fields (rules files, "result"). None: the
# result does not say (then only the other one is checked).
FIRST = {
    "chiryaku_akuryaku": lambda r, n: set(r["winners"]),
    "forty_two": lambda r, n: set(r["winners"]),
    "four_thrones": lambda r, n: {0} if r["won"] else set(),
    "gridcannon": lambda r, n: {0} if r["won"] else set(),
    "hold_my_beer": lambda r, n: set(r["winners"]),
    "mas_menos": lambda r, n: {0, 1} if r["match_winner"] is None else {r["match_winner"]},
    "mate": lambda r, n: {0, 1} if r["winner"] is None else {r["winner"]},
    "mexican_train": lambda r, n: set(r["winners"]),
    "mustamaija": lambda r, n: (
        {r["winner"]} if r["winner"] is not None else _all_but([r["loser"]], n)
    ),
    "ribs": lambda r, n: set(r["winners"]),
    "slobberhannes": lambda r, n: None,  # no winner in the rules, only losers
    "stop_the_bus": lambda r, n: set(r["winners"]) if "winners" in r else {r["winner"]},
    "tuppi": lambda r, n: set(range(4)) if r["winner_team"] is None else set(r["winners"]),
    "quinto": lambda r, n: set(range(4)) if r["winner_team"] is None else set(r["winners"]),
    "watten": lambda r, n: set(r["winners"]),
    "deer_hunt": lambda r, n: set(range(4)) if r["winner_team"] is None else set(r["winners"]),
}
LAST = {
    "mustamaija": lambda r, n: (
        {r["loser"]} if r["loser"] is not None else _all_but([r["winner"]], n)
    ),
    "slobberhannes": lambda r, n: set(r["losers"]),
    "stop_the_bus": lambda r, n: {r["eliminated"][0]} if "eliminated" in r else None,
    "tuppi": lambda r, n: set(range(4)) if r["winner_team"] is None else _all_but(r["winners"], 4),
    "quinto": lambda r, n: set(range(4)) if r["winner_team"] is None else _all_but(r["winners"], 4),
    "deer_hunt": lambda r, n: (
        set(range(4)) if r["winner_team"] is None else _all_but(r["winners"], 4)
    ),
}
# Each seat's score in the game's own scale, from the result.
SCORE = {
    "chiryaku_akuryaku": lambda r, n: r["scores"],
    "forty_two": lambda r, n: [r["marks"][s % 2] for s in range(n)],
    "four_thrones": lambda r, n: [None],
    "gridcannon": lambda r, n: [r["score"]],
    "hold_my_beer": lambda r, n: r["game_points"],
    "mas_menos": lambda r, n: r["match_points"],
    "mate": lambda r, n: r["points"],
    "mexican_train": lambda r, n: r["scores"],
    "mustamaija": lambda r, n: [None] * n,
    "ribs": lambda r, n: r["scores"],
    "slobberhannes": lambda r, n: r["penalties"],
    "stop_the_bus": lambda r, n: r["points"] if "points" in r else r["lives"],
    "tuppi": lambda r, n: [r["scores"][s % 2] for s in range(n)],
    "quinto": lambda r, n: [r["scores"][s % 2] for s in range(n)],
    "watten": lambda r, n: [r["scores"][s % 2] for s in range(n)] if n == 4 else r["scores"],
    "deer_hunt": lambda r, n: [r["scores"][s % 2] for s in range(n)],
}


def check_outcome(slug, state):
    """The outcome of a finished ``state`` is well formed and agrees with its ``result()``."""
    n = state.players
    out = state.outcome()
    assert out == json.loads(json.dumps(out))
    assert set(out) == {"value", "place", "score"}
    value, place, score = out["value"], out["place"], out["score"]
    assert len(value) == len(place) == len(score) == n
    assert all(isinstance(v, float) and 0.0 <= v <= 1.0 for v in value)
    assert all(type(p) is int and 1 <= p <= max(n, 2) for p in place)
    result = state.result()
    assert score == SCORE[slug](result, n)
    first = {s for s in range(n) if place[s] == 1}
    want_first = FIRST[slug](result, n)
    if want_first is not None:
        assert first == want_first, (result, out)
    if slug in LAST:
        want_last = LAST[slug](result, n)
        if want_last is not None:
            assert {s for s in range(n) if value[s] == min(value)} == want_last, (result, out)
    if n == 1:
        assert value == [1.0] and place == [1] if first else value == [0.0] and place == [2]
        return
    # A better place is a higher value; equal places, equal values; the values sum to n/2 (the
    # mean of a linear 1..0 scale), ties averaged and partners sharing their side's included.
    for a in range(n):
        for b in range(n):
            if place[a] < place[b]:
                assert value[a] > value[b]
            elif place[a] == place[b]:
                assert value[a] == value[b]
    assert abs(sum(value) - n / 2) < 1e-9
    assert min(place) == 1 and max(value) > 0.5 - 1e-9


def _configs():
    for slug in available_games():
        info = get_game(slug)
        configs = [(n, {}) for n in range(info.min_players, info.max_players + 1)]
        configs += [(info.default_players, dict(v)) for v in info.variants]
        for players, options in configs:
            yield pytest.param(
                slug, players, options, id=f"{slug}-{players}p-{options or 'default'}"
            )


@pytest.mark.parametrize("slug,players,options", list(_configs()))
def test_outcome_of_finished_playouts(slug, players, options):
    game = get_game(slug)
    for seed in range(PLAYOUTS_PER_CONFIG):
        state = game.new_state(players=players, options=options, seed=seed)
        assert (state.outcome() is None) != state.is_over()  # a patience may be lost at once
        play(state, random_choice(random.Random(f"outcome/{slug}/{seed}")))
        check_outcome(slug, state)


def _ending_vectors():
    for slug in available_games():
        for vec in json.loads((VECTORS / f"{slug}.json").read_text(encoding="utf-8")):
            if vec.get("expect", {}).get("over"):
                yield pytest.param(slug, vec, id=f"{slug}: {vec['name']}")


@pytest.mark.parametrize("slug,vec", list(_ending_vectors()))
def test_outcome_at_the_end_of_rules_vectors(slug, vec):
    state = get_game(slug).new_state(
        players=vec.get("players"),
        options=vec.get("options") or {},
        seed=vec.get("seed", 0),
        setup=vec.get("setup"),
    )
    refused = {int(i) for i, *_ in vec["expect"].get("illegal", [])}
    for index, (seat, action) in enumerate(vec["actions"]):
        if index not in refused:
            state.apply(seat, action)
    assert state.is_over()
    check_outcome(slug, state)


def test_every_game_declares_its_standing():
    for slug in available_games():
        assert "standing" in vars(get_game(slug).state_class), slug


@pytest.mark.parametrize(
    "keys,places,values",
    [
        ([3, 2, 1, 0], [1, 2, 3, 4], [1.0, 2 / 3, 1 / 3, 0.0]),
        ([5, 5, 1, 0], [1, 1, 3, 4], [5 / 6, 5 / 6, 1 / 3, 0.0]),
        ([0, 7, 7, 7], [4, 1, 1, 1], [0.0, 2 / 3, 2 / 3, 2 / 3]),
        ([4, 4], [1, 1], [0.5, 0.5]),
        ([1, 9], [2, 1], [0.0, 1.0]),
        ([(2, 1), (2, 0), (1, 5)], [1, 2, 3], [1.0, 0.5, 0.0]),
    ],
)
def test_places_and_values_from_ranking_keys(keys, places, values):
    got_places, got_values = rank_places(keys)
    assert got_places == places
    assert got_values == pytest.approx(values)


def test_partners_share_their_sides_place_and_value():
    out = Standing(keys=[3, 10], sides=((0, 2), (1, 3)), scores=[3, 10, 3, 10]).outcome(4)
    assert out == {"value": [0.0, 1.0, 0.0, 1.0], "place": [2, 1, 2, 1], "score": [3, 10, 3, 10]}
    assert Standing(keys=[5, 5], sides=((0, 2), (1, 3))).outcome(4)["value"] == [0.5] * 4
    with pytest.raises(ValueError):
        Standing(keys=[5, 5], sides=((0, 1), (1, 3))).outcome(4)


def test_one_player_games_win_or_lose():
    assert Standing(won=True, scores=[3]).outcome(1) == {"value": [1.0], "place": [1], "score": [3]}
    assert Standing(won=False).outcome(1) == {"value": [0.0], "place": [2], "score": [None]}
    with pytest.raises(ValueError):
        Standing(won=True).outcome(2)


# -- the declarations are checked when a GameInfo is made --------------------------------------------


def _info(**kwargs):
    return GameInfo(slug="x", title="X", min_players=2, max_players=2, default_players=2, **kwargs)


def _reward(state, seat):
    return 0.5


@pytest.mark.parametrize(
    "make,error,message",
    [
        (lambda: _info(bots=BotHooks(reward=_reward)), TypeError, "bots"),
        (lambda: _info(computer_players="yes"), TypeError, "computer_players"),
        (lambda: BotHooks(rewards=_reward), TypeError, "rewards"),
        (lambda: BotHooks(reward="bot_reward"), TypeError, "reward must be a function"),
        (lambda: BotHooks(reward=_reward, normal_iterations=0), ValueError, "normal_iterations"),
        (lambda: BotHooks(reward=_reward, max_rollout=True), ValueError, "max_rollout"),
        (lambda: BotHooks(rollout=_reward, from_view=_reward), ValueError, "needs reward"),
        (lambda: BotHooks(), ValueError, "declare reward"),
        (lambda: Queries(hint_samples=12), ValueError, "evaluate"),
        (lambda: Queries(evaluate=_reward), ValueError, "hint_samples"),
        (lambda: Queries(solve=_reward), ValueError, "truth_node_limit"),
        (lambda: Queries(truth_node_limit=10), ValueError, "solve"),
        (lambda: Queries(solve=_reward, truth_node_limit=0), ValueError, "truth_node_limit"),
        (lambda: Queries(finished_deals=_reward), ValueError, "deal_analysis"),
        (lambda: Queries(hint=_reward, evaluate=_reward, hint_samples=3), ValueError, "not both"),
        (lambda: Queries(hints=_reward), TypeError, "hints"),
        (lambda: _info(teams=((0,), (0, 1))), ValueError, "teams"),
    ],
)
def test_bad_declarations_are_refused(make, error, message):
    with pytest.raises(error, match=message):
        make()


def test_every_bot_game_declares_a_search_and_the_patiences_their_queries():
    for slug in available_games():
        game = get_game(slug)
        if game.max_players == 1:
            assert player_hooks(slug) is None
            assert game.queries.hint_samples and game.queries.truth_node_limit
        else:
            assert player_hooks(slug) is not None and player_hooks(slug).search, slug
