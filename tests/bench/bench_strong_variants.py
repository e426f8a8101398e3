#!/usr/bin/env python3
"""What limits the strong level: variants of the search played against ``normal`` in the arena.

    python3 tests/bench/bench_strong_variants.py --game slobberhannes --variant oracle \
        [--noise 0.1] [--members 3] [--b normal] [--games 96] [--measure match|deal] [--option KEY=VALUE ...] \
        [--seed 4000] [--jobs 2] [--json out.jsonl]

Variants (A, one seat or one partnership; B = ``--b``, ``normal`` unless told, everywhere else):
    oracle    normal's search over the TRUE position (every hand open; the generator reseeded, so
              the next deal is unknown; a stock's order is known). Not a level: it cheats. It is
              the ceiling of what any reading of the other seats' cards could add to the search.
    noend     strong without its endgame solver (the game module's ENDGAME_CARDS set to 0).
    endonly   normal's search, with strong's endgame solver where it takes over.
    op        strong, the other seats in its tree played by the game's rollout policy with the
              world's hand (``search(opponents_by_policy=True)``) instead of chosen by UCB.
    opnormal  the same at normal's budget, without the endgame.
    flat      strong's budget and endgame, the tree cut after the root (``search(tree_depth=1)``):
              every simulation plays on by the rollout policy, so more of them only sharpen the
              estimate of each of the seat's own moves.
    nocandidates  normal without the game's ``BotHooks.candidates`` (every legal action searched):
              what the game's narrowing of the choices (Tuppi: one bid per colour) brings normal.
    ensemble  strong's budget and endgame, spent as ``--members`` independent searches of normal's
              size (each its own worlds and tree) whose root visits are added up: the budget buys
              a steadier choice rather than a deeper tree.
    leadhigh  (Slobberhannes) strong's budget and endgame, its rollouts played by a sharper
              rule-based player (``leadhigh_player``: in a middle trick the queen of clubs can no
              longer fall into, lead the highest card, shedding it, rather than the lowest), straying
              one time in ten as the shipped rollouts do: whether a better model of play makes more
              search pay.
    leadhigh-player  (Slobberhannes) no search: ``leadhigh_player`` itself, deciding from a world
              drawn from the seat's view as the ``heuristic`` level does (against ``--b heuristic``:
              the two rule-based players compared).
    noise     strong's budget and endgame, its rollouts played by the rule-based player
              (``BotHooks.heuristic``) straying to a random legal action with probability
              ``--noise`` (the games' own rollouts stray one time in ten): whether a sharper or a
              looser model of the other seats' play makes more search pay.

The arena's duplicate deals, seatings and 95% intervals (``tabletop.bots.arena``); ``--measure
deal`` plays the first deal of a whole game and scores it by the game's deal score.
"""

import argparse
import dataclasses
import json
import pathlib
import random
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "py"))

import tabletop.bots as bots  # noqa: E402
from tabletop.__main__ import _options  # noqa: E402
from tabletop.bots import arena, budget, worlds  # noqa: E402
from tabletop.bots.ismcts import search  # noqa: E402

VARIANTS = (
    "oracle",
    "noend",
    "endonly",
    "op",
    "opnormal",
    "flat",
    "nocandidates",
    "noise",
    "ensemble",
    "leadhigh",
    "leadhigh-player",
)


class OracleSampler(worlds.Sampler):
    """Hands out the true position itself (a clone, its generator reseeded)."""

    def __call__(self, rng):
        world = self._state.clone()
        worlds.reseed(world, rng)
        return world


def noisy_rollout(heuristic, noise):
    """The rule-based player, a random legal action with probability ``noise``."""

    def rollout(state, seat, rng):
        if rng.random() < noise:
            return rng.choice(state.legal_actions(seat))
        return heuristic(state, seat, rng)

    return rollout


def leadhigh_player(state, seat, rng):
    """Slobberhannes' rule-based player, except when it leads a middle trick (not the first, nor
    the last two) that the queen of clubs can no longer fall into (played, or in its own hand): then
    it leads its highest card other than the queen, shedding it in a trick that costs nothing. In
    the rule-based players' own arena (``--variant leadhigh-player --b heuristic --games 8000``:
    first deals, 2,000 seeds x 4 seatings) it gains +0.021 +- 0.003 of the deal score over the
    shipped player."""
    from tabletop.games import slobberhannes as sh
    from tabletop.players import slobberhannes as sh_players

    d = state.d
    hand = d["hands"][seat]
    number = d["tricks_played"] + 1
    safe = sh.QUEEN in hand or sh.QUEEN in sh_players._played(d)
    if d["trick"]["cards"] or number == 1 or number >= d["tricks_per_deal"] - 1 or not safe:
        return sh_players.bot_heuristic(state, seat, rng)
    pool = [c for c in state.allowed(seat) if c != sh.QUEEN]
    if sh.QUEEN in hand and not {"AC", "KC"} <= sh_players._played(d):
        pool = [c for c in pool if c[1] != "C"] or pool
    if not pool:
        return sh_players.bot_heuristic(state, seat, rng)
    return "play " + max(pool, key=lambda c: (sh.rank_value(c), -sh.ORDER[c]))


def ensemble_search(hooks, view, sampler, iterations, seed, members):
    """``members`` searches of ``iterations`` each, seeded apart; the legal action with the most
    visits over all of them (ties: the better mean)."""
    legal = view["legal_actions"]
    visits = {a: 0 for a in legal}
    value = {a: 0.0 for a in legal}
    for k in range(members):
        stats = {}
        search(hooks, view, sampler, iterations=iterations, seed=seed * 7919 + k, stats=stats)
        for a, (n, mean) in stats.get("root", {}).items():
            visits[a] += n
            value[a] += n * mean
    return max(legal, key=lambda a: (visits[a], value[a] / max(1, visits[a])))


def variant_chooser(variant, plain, noise=0.1, members=3):
    def choose(slug, view, level="random", seed=0, sampler=None, time_limit=True):
        if level != "variant":
            return plain(slug, view, level, seed, sampler=sampler, time_limit=time_limit)
        legal = view["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        hooks = bots.player_hooks(slug)
        if variant == "oracle":
            oracle = OracleSampler(sampler._state, sampler.seat)
            return plain(slug, view, "normal", seed, sampler=oracle, time_limit=time_limit)
        if (
            variant in ("endonly", "op", "flat", "noise", "ensemble", "leadhigh")
            and hooks.endgame is not None
        ):
            action = hooks.endgame(view, sampler, random.Random(seed))
            if action is not None:
                return action
        if variant == "endonly":
            return plain(slug, view, "normal", seed, sampler=sampler, time_limit=time_limit)
        if variant in ("op", "opnormal"):
            iterations, _ = budget(slug, "normal" if variant == "opnormal" else "strong")
            return search(
                hooks, view, sampler, iterations=iterations, seed=seed, opponents_by_policy=True
            )
        if variant == "nocandidates":
            iterations, _ = budget(slug, "normal")
            return search(
                dataclasses.replace(hooks, candidates=None),
                view,
                sampler,
                iterations=iterations,
                seed=seed,
            )
        if variant == "noise":
            iterations, _ = budget(slug, "strong")
            hooks = dataclasses.replace(hooks, rollout=noisy_rollout(hooks.heuristic, noise))
            return search(hooks, view, sampler, iterations=iterations, seed=seed)
        if variant == "leadhigh-player":
            rng = random.Random(seed)
            return leadhigh_player(sampler(rng), sampler.seat, rng)
        if variant == "leadhigh":
            iterations, _ = budget(slug, "strong")
            hooks = dataclasses.replace(hooks, rollout=noisy_rollout(leadhigh_player, 0.1))
            return search(hooks, view, sampler, iterations=iterations, seed=seed)
        if variant == "ensemble":
            iterations, _ = budget(slug, "strong")
            return ensemble_search(hooks, view, sampler, iterations // members, seed, members)
        if variant == "flat":
            iterations, _ = budget(slug, "strong")
            return search(hooks, view, sampler, iterations=iterations, seed=seed, tree_depth=1)
        return plain(slug, view, "strong", seed, sampler=sampler, time_limit=time_limit)  # noend

    return choose


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", required=True)
    p.add_argument("--variant", choices=VARIANTS, required=True)
    p.add_argument(
        "--noise",
        type=float,
        default=0.1,
        help="--variant noise: the rollouts' share of random actions",
    )
    p.add_argument(
        "--members",
        type=int,
        default=3,
        help="--variant ensemble: searches the budget is split into",
    )
    p.add_argument("--b", default="normal", help="the level A plays against")
    p.add_argument("--games", type=int, default=96)
    p.add_argument("--measure", choices=("match", "deal"), default="deal")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--seed", type=int, default=4000)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--json", help="append the summary as one JSON line to this file")
    args = p.parse_args()
    options = _options(args.option)
    bots.player_hooks(args.game)  # imports the game's players module (ENDGAME_CARDS)
    if args.variant == "noend":
        sys.modules[f"tabletop.players.{args.game}"].ENDGAME_CARDS = 0
    name = {"noise": f"noise{args.noise}", "ensemble": f"ensemble{args.members}"}.get(
        args.variant, args.variant
    )
    run_against_normal(
        variant_chooser(args.variant, bots.choose_action, args.noise, args.members),
        name,
        args.game,
        args.games,
        args.seed,
        args.jobs,
        args.json,
        options=options or None,
        measure=args.measure,
        b=args.b,
    )


def reading_chooser(slug, variant):
    """A choose_action for the arena that plays a game's reading (``BotHooks.reading``) as a
    variant: ``normal-read`` is normal's search over read worlds, any other variant strong
    (``strong-vs-read``: the normal it meets reads too)."""
    plain = bots.choose_action
    read = bots.player_hooks(slug).reading

    def choose(slug, view, lvl="random", seed=0, sampler=None, time_limit=True):
        if lvl == "variant":
            if variant == "normal-read":
                return plain(
                    slug,
                    view,
                    "normal",
                    seed,
                    sampler=worlds.ReadingSampler(sampler, read),
                    time_limit=time_limit,
                )
            return plain(slug, view, "strong", seed, sampler=sampler, time_limit=time_limit)
        if variant == "strong-vs-read" and lvl == "normal" and sampler is not None:
            sampler = worlds.ReadingSampler(sampler, read)
        return plain(slug, view, lvl, seed, sampler=sampler, time_limit=time_limit)

    return choose


def run_against_normal(
    choose, name, slug, games, seed, jobs, json_path=None, options=None, measure="deal", b="normal"
):
    """The arena with level "variant" decided by ``choose`` (a ``choose_action`` stand-in) against
    ``b`` (normal): prints the report, appends the summary (``a`` = ``name``) to ``json_path``."""
    arena.choose_action = choose
    if "variant" not in bots.LEVELS:
        bots.LEVELS = bots.LEVELS + ("variant",)
    out = arena.run(
        slug, "variant", b, games, seed=seed, options=options, jobs=jobs, measure=measure
    )
    out["a"] = name
    print("\n".join(arena.report(out)))
    if json_path:
        with open(json_path, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(out) + "\n")
    return out


if __name__ == "__main__":
    main()
