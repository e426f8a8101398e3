"""The conformance harness over every registered game, every player count and declared variant.

At least 200 seeded random games per game per run, spread over its player counts and variants.
"""

import pytest
from conformance import playout

from tabletop import available_games, get_game

GAMES_PER_GAME = 200


def _cases():
    for slug in available_games():
        info = get_game(slug)
        configs = [(n, {}) for n in range(info.min_players, info.max_players + 1)]
        configs += [(info.default_players, dict(v)) for v in info.variants]
        per_config = -(-GAMES_PER_GAME // len(configs))
        for players, options in configs:
            yield pytest.param(
                slug, players, options, per_config, id=f"{slug}-{players}p-{options or 'default'}"
            )


@pytest.mark.parametrize("slug,players,options,games", list(_cases()))
def test_random_playouts(slug, players, options, games):
    for seed in range(games):
        state = playout(slug, players, options, seed)
        assert state.is_over()
