"""Mexican Train's computer players (``tabletop.bots``): worlds, rewards and a rollout policy.

Declared as ``HOOKS``; the rules module, ``tabletop.games.mexican_train``, only says that it has
players (``GameInfo.computer_players``) and imports nothing of them.
"""

from __future__ import annotations

from ..bots.worlds import redeal
from ..core import BotHooks


def resample_world(state, seat, rng):
    """A world for ``seat``: the boneyard and the other hands redealt (the last round's revealed
    hands are a record, not places); future setup rounds dropped."""
    world = redeal(state, seat, rng, keys=("hands", "boneyard"))
    world.d["deals"] = world.d["deals"][: world.d["round"] + 1]
    return world


def bot_deal_id(state):
    return state.d["round"]


def bot_reward(state, seat):
    """The round just scored: this seat's points against the others' average (own pips against
    theirs with penalty scoring), scaled into [0, 1]; at the end of the game 1 for a winner
    (shared) and 0 otherwise. A round still in play (a rollout cut short) compares pips in hand."""
    d = state.d
    n = d["players"]
    penalty = d["options"]["scoring"] == "penalty"
    if state.is_over():
        r = state.result()
        return (1.0 / len(r["winners"])) if seat in r["winners"] else 0.0
    if not d["recent"] and d["round_scores"]:
        points = d["round_scores"][-1]
        sign = -1 if penalty else 1
        scale = 60 if penalty else 120
    else:
        pips = state.tile_set().pips
        points = [sum(pips[t] for t in h) for h in d["hands"]]
        sign, scale = -1, 60
    others = (sum(points) - points[seat]) / (n - 1)
    return max(0.0, min(1.0, 0.5 + sign * (points[seat] - others) / scale))


def bot_rollout(state, seat, rng):
    """Cheap play for simulations: play the heaviest playable tile (own train first on ties), else
    draw or pass."""
    legal = state.legal_actions(seat)
    if len(legal) == 1 or rng.random() < 0.1:
        return rng.choice(legal)
    pips = state.tile_set().pips
    own = str(seat)
    return max(legal, key=lambda a: (pips[a.split()[1]], a.split()[2] == own))


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``), from the seat's hand and the public table only.

    Plays a double when it holds a tile to cover it (it plays again), else the heaviest playable
    tile (fewest pips left in hand at the end), on its own train first (closing its marker), then
    on the Mexican train, then on another open train; draws or passes only when nothing fits."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    plays = [a for a in legal if a.startswith("play ")]
    if not plays:
        return legal[0]
    ts = state.tile_set()
    pips = ts.pips
    nums = ts.nums
    hand = state.d["hands"][seat]
    own = str(seat)

    def score(action):
        _, tile, train = action.split()
        a, b = nums[tile]
        covered = a == b and any(t != tile and a in nums[t] for t in hand)
        where = 2 if train == own else 1 if train == "m" else 0
        return (covered, pips[tile], where, action)

    return max(plays, key=score)


HOOKS = BotHooks(
    reward=bot_reward,
    rollout=bot_rollout,
    deal_id=bot_deal_id,
    resample=resample_world,
    heuristic=bot_heuristic,
    normal_iterations=450,
)
