"""Ribs's computer players (``tabletop.bots``): worlds, rewards and a rollout policy.

Declared as ``HOOKS``; the rules module, ``tabletop.games.ribs``, only says that it has
players (``GameInfo.computer_players``) and imports nothing of them.
"""

from __future__ import annotations

from ..bots.worlds import redeal
from ..core import BotHooks
from ..games.ribs import ORDER, POINTS


def _world_hidden(state, seat):
    """Every card ``seat`` cannot place: other hands, their folded cards and unseen ribs.
    (``hidden_cards`` also leaves out the previous deal's last trick for the leak check; those
    codes are dealt again, unseen, so a world redeals them too.)"""
    d = state.d
    hidden = set()
    for s in range(state.players):
        if s != seat:
            hidden.update(d["hands"][s])
            hidden.update(d["folded"][s])
    if d["phase"] == "play" and d["ribs"] is not None and not state.ribs_visible_to(seat):
        hidden.update(d["ribs"])
    return hidden


def resample_world(state, seat, rng):
    """A world for ``seat``: other hands, their folded cards and face-down ribs redealt; future
    setup deals dropped."""
    world = redeal(
        state,
        seat,
        rng,
        hidden=_world_hidden(state, seat),
        keys=("hands", "folded", "ribs"),
        sorted_keys=("hands", "folded", "ribs"),
    )
    world.d["deals"] = world.d["deals"][: world.d["deal_number"]]
    return world


def bot_deal_id(state):
    return state.d["deal_number"]


def bot_reward(state, seat):
    """The deal just scored: this seat's points against the others' average, scaled into [0, 1];
    at the end of the game 1 for a winner (shared) and 0 otherwise. A deal still in play (a
    rollout cut short) counts the points won so far."""
    d = state.d
    n = state.players
    if state.is_over():
        best = max(d["scores"])
        return (1.0 / d["scores"].count(best)) if d["scores"][seat] == best else 0.0
    if not d["tricks"] and d["deal_scores"] and d["phase"] == "auction":
        points = d["deal_scores"][-1]
    else:
        points = d["won_points"]
    others = (sum(points) - points[seat]) / (n - 1)
    return max(0.0, min(1.0, 0.5 + (points[seat] - others) / 16))


# The former rollout policy (before issue #18), kept for the measurement of what the rule-based
# rollouts changed: tests/bench/bench_search_convergence.py --rollout quick.
def _quick_rollout(state, seat, rng):
    """Cheap play for simulations: bid up to a limit set by the hand, lead the two strongest ranks,
    play a pair when holding one, else the strongest cards; fold the poorest cards now and then."""
    d = state.d
    hand = d["hands"][seat]
    strength = state.strength_table()
    if d["phase"] == "auction":
        legal = state.legal_auction(seat)
        if legal == ["bid 2"] or legal == ["pass"]:
            return legal[0]
        limit = 2 + sum(1 for c in hand if strength[c[0]] >= 6) + rng.randrange(0, 3)
        return legal[0] if d["bid"] + 1 <= limit else "pass"
    ranked = sorted(hand, key=lambda c: (-strength[c[0]], ORDER[c]))
    if seat == d["leader"]:
        first = ranked[0]
        second = next((c for c in ranked[1:] if c[0] != first[0]), ranked[1])
        return "lead " + " ".join(sorted((first, second), key=ORDER.__getitem__))
    if not state.face_up_trick() and rng.random() < 0.15:
        poor = sorted(hand, key=lambda c: (POINTS[c[0]], strength[c[0]], ORDER[c]))[:2]
        return "fold " + " ".join(sorted(poor, key=ORDER.__getitem__))
    by_rank = {}
    for c in ranked:
        by_rank.setdefault(c[0], []).append(c)
    pair = next((cs[:2] for cs in by_rank.values() if len(cs) >= 2), None)
    cards = pair if pair and rng.random() < 0.5 else ranked[:2]
    return "play " + " ".join(sorted(cards, key=ORDER.__getitem__))


def _ribs_for(hand, strength):
    """The two cards to lead as ribs: the two strongest ranks (two of the top rank when held twice:
    no face-up card can then rank above the lower rib, so none is returned)."""
    ranked = sorted(hand, key=lambda c: (-strength[c[0]], POINTS[c[0]], ORDER[c]))
    first = ranked[0]
    second = ranked[1]
    return first, second


def _lead_value(state, seat):
    """Points the seat can expect as this trick's leader: its best ribs if the contract is made,
    plus what the others' face-up cards bring (about one and a half points a seat)."""
    d = state.d
    strength = state.strength_table()
    hand = d["hands"][seat]
    first, second = _ribs_for(hand, strength)
    top = max(strength.values())
    lower = min(strength[first[0]], strength[second[0]])
    # the higher the lower rib, the fewer face-up cards go back to their owners
    share = 0.6 + 1.2 * (lower - 1) / (top - 1)
    return POINTS[first[0]] + POINTS[second[0]] + share * (state.players - 1)


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``), from the seat's hand and the public table only.

    Auction: bid on while the bid stays within what leading can bring (its best ribs plus about
    what the others' face-up cards are worth, more with high ribs), else pass; a failed contract
    costs the ribs, so it never bids beyond that. As the leader: the two strongest ranks as ribs.
    Otherwise: play face up a pair that is likely to come back (a card above a typical lower rib,
    with the best points), or fold two cards worth nothing to the leader (aces are worth 0)."""
    d = state.d
    hand = d["hands"][seat]
    strength = state.strength_table()
    if d["phase"] == "auction":
        legal = state.legal_auction(seat)
        if len(legal) == 1:
            return legal[0]
        limit = int(_lead_value(state, seat))
        return legal[0] if d["bid"] + 1 <= limit else "pass"
    if seat == d["leader"]:
        return "lead " + " ".join(sorted(_ribs_for(hand, strength), key=ORDER.__getitem__))
    top = max(strength.values())
    ranked = sorted(hand, key=lambda c: (-strength[c[0]], ORDER[c]))
    best = ranked[0]
    if strength[best[0]] >= top - 1 or state.face_up_trick():
        # a top card may bring the pair back: pair it with the best points of another rank
        rest = [c for c in ranked[1:] if c[0] != best[0]] or ranked[1:]
        partner = max(rest, key=lambda c: (POINTS[c[0]], strength[c[0]], -ORDER[c]))
        return "play " + " ".join(sorted((best, partner), key=ORDER.__getitem__))
    # nothing likely to come back: fold the two cards the leader would gain least from
    poor = sorted(hand, key=lambda c: (POINTS[c[0]], strength[c[0]], ORDER[c]))[:2]
    return "fold " + " ".join(sorted(poor, key=ORDER.__getitem__))


def bot_rollout(state, seat, rng):
    """The simulations' policy: the rule-based player, with a random legal move one time in ten."""
    if rng.random() < 0.1:
        return rng.choice(state.legal_actions(seat))
    return bot_heuristic(state, seat, rng)


HOOKS = BotHooks(
    reward=bot_reward,
    rollout=bot_rollout,
    deal_id=bot_deal_id,
    resample=resample_world,
    heuristic=bot_heuristic,
    normal_iterations=450,
)
