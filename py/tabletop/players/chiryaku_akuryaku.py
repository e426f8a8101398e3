"""知略悪略 Chiryaku Akuryaku's computer players (``tabletop.bots``): worlds, rewards and a
rollout policy.

Declared as ``HOOKS``; the rules module, ``tabletop.games.chiryaku_akuryaku``, only says that it has
players (``GameInfo.computer_players``) and imports nothing of them.
"""

from __future__ import annotations

from itertools import combinations

from ..bots.worlds import redeal
from ..core import BotHooks
from ..games.chiryaku_akuryaku import (
    COLOUR_ORDER,
    COLOURS,
    FACEDOWN_CHOICES,
    ORDERS,
    colour,
    number,
)


def resample_world(state, seat, rng):
    """A world for ``seat``: the other hands redealt; future setup deals dropped."""
    world = redeal(state, seat, rng, keys=("hands",))
    world.d["deals"] = []
    return world


def bot_deal_id(state):
    return state.d["round"]


def bot_reward(state, seat):
    """The round just scored: this seat's points against the others' average, scaled into [0, 1];
    at the end of the game 1 for a winner (shared) and 0 otherwise. A round still in play (a
    rollout cut short) is judged by the live scores."""
    d = state.d
    n = d["players"]
    if state.is_over():
        best = max(d["scores"])
        return (1.0 / d["scores"].count(best)) if d["scores"][seat] == best else 0.0
    if d["tricks_played"] == 0 and not d["trick"] and d["round_scores"]:
        points = d["round_scores"][-1]
    else:
        points = [state.seat_score(s)[0] for s in range(n)]
    others = (sum(points) - points[seat]) / (n - 1)
    return max(0.0, min(1.0, 0.5 + (points[seat] - others) / 40))


_CIDX = {c: i for i, c in enumerate(COLOURS)}
_PAIRS = list(combinations(range(4), 2))


def _fast_score(up, down, fixed):
    """``round_score`` on counts: ``up`` four face-up counts (R Y B P), ``down`` the face-down
    count, ``fixed`` the indexes of the colours turned down (or None); four colours shown and none
    turned down yet scores the best choice of two to turn down."""
    if fixed:
        a, b = [i for i in range(4) if i not in fixed]
        return up[a] * up[b] // down if down else up[a] * up[b]
    held = sorted((x for x in up if x), reverse=True)
    if len(held) < 2:
        return 0
    if len(held) == 2:
        return held[0] * held[1]
    if len(held) == 3:
        return held[0] * held[1] // held[2]
    best = 0
    for i, j in _PAIRS:
        a, b = [k for k in range(4) if k != i and k != j]
        best = max(best, up[a] * up[b] // (up[i] + up[j]))
    return best


def _score_with(state, seat, cards, down_colours=None):
    """This seat's round score if it received ``cards`` (and turned ``down_colours`` face down)."""
    d = state.d
    piles = d["up"][seat]
    up = [len(piles[c]) for c in COLOURS]
    down = len(d["down"][seat])
    fixed = d["face_down_colours"][seat]
    fixed = tuple(_CIDX[c] for c in fixed) if fixed else None
    for card in cards:
        i = _CIDX[card[0]]
        if fixed and i in fixed:
            down += 1
        else:
            up[i] += 1
    if down_colours:
        fixed = tuple(_CIDX[c] for c in down_colours)
        for i in fixed:
            down += up[i]
            up[i] = 0
    return _fast_score(up, down, fixed)


def bot_rollout(state, seat, rng):
    """Cheap play for simulations: take the cards that score best, turn down the colours that
    leave the best score; in a trick, head the lead colour when possible, else play low."""
    d = state.d
    phase = d["phase"]
    if phase == "take":
        return max(
            state.legal_take(seat), key=lambda a: (_score_with(state, seat, a.split()[1:]), a)
        )
    if phase == "facedown":
        return max(FACEDOWN_CHOICES, key=lambda a: (_score_with(state, seat, [], a.split()[1:]), a))
    playable = state.playable(seat)
    if rng.random() < 0.2:
        return "play " + rng.choice(playable)
    trick = d["trick"]
    if not trick:
        return "play " + max(playable, key=number)
    lead = colour(trick[0][1])
    top = max(number(c) for _, c in trick if colour(c) == lead)
    over = [c for c in playable if colour(c) == lead and number(c) > top]
    if over:
        return "play " + max(over, key=number)
    return "play " + min(playable, key=number)


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``), from the seat's hand and the public table only.

    As the big brother it takes the cards that leave its collection scoring best (two colours, as
    many cards of them as it can) and turns down the colours that cost least; it leads its highest
    card of a colour it collects; following, it heads the lead colour with its highest card when it
    can (the big brother chooses first), else plays its lowest card of a colour it collects, so
    that as the little brother it gets cards it wants."""
    d = state.d
    phase = d["phase"]
    if phase == "take":
        return max(
            state.legal_take(seat), key=lambda a: (_score_with(state, seat, a.split()[1:]), a)
        )
    if phase == "facedown":
        return max(FACEDOWN_CHOICES, key=lambda a: (_score_with(state, seat, [], a.split()[1:]), a))
    playable = state.playable(seat)
    if len(playable) == 1:
        return "play " + playable[0]
    piles = d["up"][seat]
    # the colours the seat collects: its two biggest face-up piles (or those it has not turned down)
    down = d["face_down_colours"][seat]
    wanted = [c for c in COLOURS if not down or c not in down]
    wanted = sorted(wanted, key=lambda c: (-len(piles[c]), COLOUR_ORDER[c]))[:2]
    trick = d["trick"]
    if not trick:
        mine = [c for c in playable if colour(c) in wanted] or playable
        return "play " + max(mine, key=lambda c: (number(c), -ORDERS[d["players"]][c]))
    lead = colour(trick[0][1])
    top = max(number(c) for _, c in trick if colour(c) == lead)
    over = [c for c in playable if colour(c) == lead and number(c) > top]
    if over:
        return "play " + max(over, key=lambda c: (number(c), c))
    off = [c for c in playable if colour(c) != lead]
    pool = [c for c in off if colour(c) in wanted] or off or playable
    return "play " + min(pool, key=lambda c: (number(c), c))


HOOKS = BotHooks(
    reward=bot_reward,
    rollout=bot_rollout,
    deal_id=bot_deal_id,
    resample=resample_world,
    heuristic=bot_heuristic,
    normal_iterations=220,
    max_rollout=40,
)
