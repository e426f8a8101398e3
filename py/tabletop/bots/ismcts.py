"""Single-observer Information Set MCTS (Cowling, Powley & Whitehouse 2012), over the engine contract.

``search(hooks, view, sampler, iterations, seconds, seed)`` returns one of ``view["legal_actions"]``;
``hooks`` is the game's declared ``BotHooks`` (``player_hooks(slug)``, the ``HOOKS`` of
``tabletop.players.<slug>``; see ``tabletop.core``).
The bot knows the position only through ``view`` (its own seat's view) and ``sampler``, which
returns *worlds*: complete states in which everything the seat cannot see was drawn again at
random (``worlds.resample``; see there why a world carries no secret). Each iteration:

1. draws a world (a determinization of the seat's information set);
2. descends one tree shared by all worlds, whose edges are ``(seat, action)``: at a node only the
   actions legal in *this* world count, chosen by UCB1 with availability counts (an edge's
   exploration term uses how often it was available, not the parent's visits), its constant
   scaled to the spread of the rewards seen so far (see below);
3. adds one new edge (the rollout policy's own choice first, then the others at random), then plays the rest of the current deal (or round) in the world with the
   game's cheap rollout policy (``hooks.rollout(state, seat, rng)``; uniformly random without one,
   or with ``use_policy=False``), at most ``hooks.max_rollout`` actions;
4. scores the end of that deal for every seat with the game's ``hooks.reward(state, seat)`` (a
   number in [0, 1]) and adds each edge's mover's reward along the path.

It plays the most visited legal action of the root. Rollouts stop at the end of the current deal
because matches of several deals are too long to simulate; ``reward`` scores a deal in the
light of the match (and also an unfinished deal, when a rollout is cut). A game may also declare
``deal_id(state)`` (something that changes when a new deal or round starts; without it rollouts
run to the end of the game) and ``candidates(state, seat)`` (a subset of the legal actions worth
searching, for decisions with hundreds of choices).

Why the exploration is scaled and the expansion guided (issue #18, measured by
``tests/bench/bench_search_convergence.py`` and the arena): the games' rewards move by a few
hundredths between moves (a deal's swing scaled into [0, 1]); with a fixed constant of 0.7, made
for rewards of 0 or 1, the exploration term outweighed every difference, the visits stayed nearly
uniform (the most visited root action got 0.22-0.35 of them where uniform is 0.14-0.24) and the
tree's deeper nodes played close to random moves for every seat, in place of the rollout policy:
more iterations grew that random tree rather than sharpening the choice, so strong was no better
than normal. Scaling the constant by the rewards' standard deviation (over 0.5, a fair coin's)
lets the search concentrate; trying the policy's move first at a new node keeps the tree's line
as good as the rollouts' until the statistics say otherwise.

Simultaneous phases (every seat discards or bids): in the tree the searching seat acts first when
it is among the movers, the others in seat order.
"""

from __future__ import annotations

import math
import random
import time

from ..core import IllegalAction

DEFAULT_C = 0.7
# Exploration relative to the rewards' spread (see ``search``): c x std / 0.5, the std at least
# MIN_SPREAD so that a search whose first rewards all agree still explores.
SCALE_C = True
MIN_SPREAD = 0.02
GUIDED = True


def _mover(state, me):
    movers = state.to_move()
    return me if me in movers else movers[0]


def rollout(hooks, world, rng, start_id, max_steps=None, use_policy=True):
    """Play ``world`` on to the end of the deal ``start_id`` (or ``max_steps`` actions, by default
    the game's ``max_rollout``), with the game's rollout policy (``use_policy``) or uniformly
    random legal actions."""
    policy = hooks.rollout if use_policy else None
    deal_id = hooks.deal_id
    if max_steps is None:
        max_steps = hooks.max_rollout
    steps = 0
    while not world.is_over() and steps < max_steps:
        if deal_id is not None and deal_id(world) != start_id:
            break
        seat = world.to_move()[0]
        if policy is not None:
            action = policy(world, seat, rng)
        else:
            action = rng.choice(world.legal_actions(seat))
        world.apply(seat, action)
        steps += 1
    return world


def search(
    hooks,
    view,
    sampler,
    iterations=300,
    seconds=None,
    seed=0,
    c=DEFAULT_C,
    max_rollout=None,
    use_policy=True,
    stats=None,
    scale_c=SCALE_C,
    guided=GUIDED,
    opponents_by_policy=False,
    tree_depth=None,
):
    """The most visited root action after ``iterations`` (or ``seconds``, whichever ends first).

    ``use_policy=False`` plays the rollouts uniformly at random (the ``easy`` level).
    ``scale_c``: the exploration constant is taken relative to the spread of the rewards seen so
    far (their standard deviation over that of a fair coin), so that a game whose rewards move by
    a few hundredths is searched as selectively as one scored 0 or 1. ``guided``: a new node first
    tries the action the rollout policy would play there (the tree starts from the policy's line
    instead of a random one).

    Two variants of the tree, kept for the diagnosis of issue #18 (``tests/bench/bench_strong_variants.py``;
    neither made the strong budget better than normal's in Slobberhannes, figures in
    ``tests/bench/results/2026-11-26-arena.md``): ``opponents_by_policy`` plays the other seats'
    moves inside the tree by the rollout policy with the world's hand (their edges still key the
    tree, so the seat's later moves see what they did) instead of choosing them by UCB over
    statistics mixed across worlds; ``tree_depth`` ends the tree that many moves below the root
    (1: flat Monte Carlo over the seat's own moves, every simulation played on by the policy)."""
    legal = list(view.get("legal_actions") or [])
    if not legal:
        raise ValueError("the bot has no legal action in this view")
    if len(legal) == 1:
        return legal[0]
    me = view["seat"]
    rng = random.Random(seed)
    reward = hooks.reward
    deal_id = hooks.deal_id
    candidates = hooks.candidates
    if max_rollout is None:
        max_rollout = hooks.max_rollout
    legal_set = set(legal)
    deadline = None if seconds is None else time.perf_counter() + seconds
    root = {}
    players = None
    done = 0
    log = math.log
    sqrt = math.sqrt
    policy = hooks.rollout if (use_policy and guided) else None
    r_n, r_sum, r_sq = 0, 0.0, 0.0  # rewards seen, for the exploration scale
    c_eff = c
    for _ in range(iterations):
        if deadline is not None and done and time.perf_counter() > deadline:
            break
        world = sampler(rng)
        if players is None:
            players = world.players
        start_id = deal_id(world) if deal_id is not None else None
        node, path = root, []
        try:
            while not world.is_over():
                if deal_id is not None and path and deal_id(world) != start_id:
                    break
                if tree_depth is not None and len(path) >= tree_depth:
                    break
                seat = _mover(world, me)
                actions = (
                    candidates(world, seat) if candidates is not None else world.legal_actions(seat)
                )
                if node is root:
                    actions = [a for a in actions if a in legal_set] or legal
                if not actions:
                    break
                if opponents_by_policy and seat != me and policy is not None:
                    # the other seats play as the rule-based player would with the world's hand
                    action = policy(world, seat, rng)
                    edge = node.get((seat, action))
                    if edge is None:
                        edge = node[(seat, action)] = [{}, 0, 0.0, 1]
                    world.apply(seat, action)
                    path.append((edge, seat))
                    node = edge[0]
                    continue
                untried = []
                best, best_value, best_action = None, -1.0, None
                for action in actions:
                    edge = node.get((seat, action))
                    if edge is None or not edge[1]:  # (an edge whose only visit hit a refusal)
                        untried.append(action)
                        continue
                    edge[3] += 1
                    if not untried:
                        value = edge[2] / edge[1] + c_eff * sqrt(log(edge[3]) / edge[1])
                        if value > best_value:
                            best, best_value = edge, value
                            best_action = action
                if untried:
                    action = None
                    if policy is not None and len(untried) > 1:
                        choice = policy(world, seat, rng)
                        if choice in untried:
                            action = choice
                    if action is None:
                        action = rng.choice(untried)
                    edge = [{}, 0, 0.0, 1]
                    node[(seat, action)] = edge
                    world.apply(seat, action)
                    path.append((edge, seat))
                    break
                world.apply(seat, best_action)
                path.append((best, seat))
                node = best[0]
            rollout(hooks, world, rng, start_id, max_rollout, use_policy)
        except IllegalAction:  # a world the engine refuses: skip it rather than fail the move
            continue
        rewards = [reward(world, s) for s in range(players)]
        for edge, seat in path:
            edge[1] += 1
            edge[2] += rewards[seat]
        done += 1
        if scale_c:
            for x in rewards:
                r_n += 1
                r_sum += x
                r_sq += x * x
            if r_n > 1:
                var = max(0.0, (r_sq - r_sum * r_sum / r_n) / (r_n - 1))
                c_eff = c * max(MIN_SPREAD, sqrt(var)) / 0.5
    best, best_key = legal[0], None
    for action in legal:
        edge = root.get((me, action))
        if edge is None:
            continue
        key = (edge[1], edge[2] / edge[1] if edge[1] else 0.0)
        if best_key is None or key > best_key:
            best, best_key = action, key
    if stats is not None:
        stats["iterations"] = done
        stats["root"] = {
            a: (root[(me, a)][1], root[(me, a)][2] / max(1, root[(me, a)][1]))
            for a in legal
            if (me, a) in root
        }
    return best
