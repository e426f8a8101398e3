"""Mustamaija's computer players (``tabletop.bots``): worlds, rewards and a rollout policy.

Declared as ``HOOKS``; the rules module, ``tabletop.games.mustamaija``, only says that it has
players (``GameInfo.computer_players``) and imports nothing of them.
"""

from __future__ import annotations

from ..bots.worlds import redeal
from ..core import BotHooks
from ..games.mustamaija import MAIJA, RANK_VALUE


def resample_world(state, seat, rng):
    """A world for ``seat``: unseen cards of other hands, the talon's hidden cards and any cards out
    of play redealt (public ones -- picked-up, turned and declared cards -- stay where they are)."""
    return redeal(
        state,
        seat,
        rng,
        keys=("hands", "talon", "out_of_play"),
        sorted_keys=("hands", "out_of_play"),
    )


def _weight(card, trump):
    """How much a card is worth keeping: rank, plus a lot for trumps; the Maija is a burden."""
    if card == MAIJA:
        return -5
    return RANK_VALUE[card[:-1]] + (13 if card[-1] == trump else 0)


def bot_reward(state, seat):
    """1 for not losing (for the winner with ``end_at_first_out``), 0 for the loser. An unfinished
    game (a rollout cut short) is judged by hand sizes and by who holds the Maija."""
    d = state.d
    if state.is_over():
        if d["winner"] is not None:
            return 1.0 if seat == d["winner"] else 0.2
        return 0.0 if seat == d["loser"] else 1.0
    hands = d["hands"]
    if not hands[seat]:
        return 1.0
    burden = [len(h) + (6 if MAIJA in h else 0) for h in hands]
    worse = sum(1 for s, b in enumerate(burden) if s != seat and hands[s] and b > burden[seat])
    active = sum(1 for h in hands if h) - 1
    return 0.2 + 0.7 * worse / max(1, active)


def bot_rollout(state, seat, rng):
    """Cheap play for simulations: attack with the Maija or the weakest card (adding more low cards
    of that suit), defend with the cheapest beater, take when nothing beats; declare at once."""
    d = state.d
    legal = state.legal_actions(seat)
    if rng.random() < 0.1:
        return rng.choice(legal)
    for action in legal:
        if action.startswith("declare"):
            return action
    trump = d["trump"]
    if d["phase"] == "attack":
        adds = [a for a in legal if a.startswith("add")]
        if not d["table"]:
            return min(adds, key=lambda a: _weight(a[4:], trump))
        low = [a for a in adds if a[4:] != MAIJA and _weight(a[4:], trump) <= 6]
        if low:
            return low[0]
        return "attack"
    beats = [a for a in legal if a.startswith("beat")]
    if not beats:
        return "take"
    return min(beats, key=lambda a: _weight(a.split(":")[1], trump))


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``), from the seat's hand and the public table only.

    Declares a marriage at once; attacks with the Maija or its weakest card, adding more low cards
    of the same kind while the attack allows; defends with the cheapest card that beats (keeping
    trumps for last), and takes when nothing beats (or when beating would cost a high trump for a
    low card early in the game)."""
    d = state.d
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    for action in legal:
        if action.startswith("declare"):
            return action
    trump = d["trump"]
    if d["phase"] == "attack":
        adds = [a for a in legal if a.startswith("add")]
        if not d["table"]:
            return min(adds, key=lambda a: (_weight(a[4:], trump), a))
        low = [a for a in adds if a[4:] != MAIJA and _weight(a[4:], trump) <= 6]
        if low:
            return min(low, key=lambda a: (_weight(a[4:], trump), a))
        return "attack" if "attack" in legal else legal[0]
    beats = [a for a in legal if a.startswith("beat")]
    if not beats:
        return "take"
    best = min(beats, key=lambda a: (_weight(a.split(":")[1], trump), a))
    return best


HOOKS = BotHooks(
    reward=bot_reward,
    rollout=bot_rollout,
    resample=resample_world,
    heuristic=bot_heuristic,
    normal_iterations=200,
)
