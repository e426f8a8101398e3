#!/usr/bin/env python3
"""Slobberhannes' last tricks: how far each way of choosing a card falls short of the best in truth.

    python3 tests/bench/bench_slobberhannes_endgame.py [--deals 150] [--seed 95000] [--cards 3 4]
        [--methods normal strong solver16 ...] [--jobs 2]
    python3 tests/bench/bench_slobberhannes_endgame.py --breakdown oracle|strong [--seeds 4048-4095]

Positions: every decision with a choice by a seat holding ``--cards`` cards in ``--deals`` first
deals of normal's self-play (4 players). In each, *the truth* is the max^n value of every legal card
with all hands open (``players.slobberhannes._max_n``, the strong level's own solver run on the real
position, each seat playing for itself), and a method's *regret* is the best card's value less the
value of the card it chose (the deal's utility: 1 - a quarter per penalty point - a tenth per
penalty point; 0.35 a point). Methods:

    normal, strong    the levels as shipped (by iteration budget, no time limit; strong plays its
                      endgame solver where it takes over)
    searchN           strong's search alone (no endgame solver) -- ``search3`` is the same budget
    solverK           the endgame solver over K worlds drawn from the seat's view (K = 4, 8, 16, 64)

It prints, per method and cards in hand, the mean regret, how often the best card was chosen, and
the solver's CPU time per decision. The truth is max^n with open hands, not the play of the seats
actually met, so read it as a screen: the arena decides (tests/bench/results/2026-11-27-arena.md).

``--breakdown LEVEL`` plays the first deals of ``--seeds`` with LEVEL in one seat and normal in the
three others, LEVEL in each seat in turn (``oracle``: normal's search over the true position, which
cheats: bench_strong_variants.py), and prints how often LEVEL and each normal seat took the first
trick, the queen of clubs and the last trick: where an edge in penalty points comes from.
"""

import argparse
import json
import math
import multiprocessing
import pathlib
import random
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

import tabletop.bots as bots  # noqa: E402
from tabletop import get_game  # noqa: E402
from tabletop.bots import arena, budget, choose_action  # noqa: E402
from tabletop.bots.ismcts import search  # noqa: E402
from tabletop.bots.worlds import Sampler  # noqa: E402
from tabletop.games import slobberhannes as sh  # noqa: E402
from tabletop.players import slobberhannes as sh_players  # noqa: E402

SLUG = "slobberhannes"


def positions(first_seed, deals, cards):
    """(seed, state) at every decision with a choice by a seat holding ``cards`` cards, in the
    first deals of normal's self-play."""
    game = get_game(SLUG)
    out = []
    for seed in range(first_seed, first_seed + deals):
        # A default game (its first deal): the deal's utility is its penalty points, as the arena's
        # deal score, not the whole game's loser (which a one-deal game would make it).
        state = game.new_state(players=4, options={}, seed=seed)
        rng = random.Random(seed)
        while state.d["deals_played"] == 0:
            seat = state.to_move()[0]
            view = state.view(seat)
            if len(state.d["hands"][seat]) in cards and len(view["legal_actions"]) > 1:
                out.append((seed, state.clone()))
            action = choose_action(
                SLUG,
                view,
                "normal",
                rng.randrange(1 << 30),
                sampler=Sampler(state, seat),
                time_limit=False,
            )
            state.apply(seat, action)
    return out


def open_values(world, utilities, memo):
    """Each legal card of the seat to move -> the deal's utility vector, every hand of ``world`` open."""
    d = world.d
    hands = tuple(tuple(sorted(sh.ORDER[c] for c in h)) for h in d["hands"])
    trick = [sh.ORDER[c] for _, c in d["trick"]["cards"]]
    return sh_players._max_n(hands, trick, d["trick"]["leader"], d["queen_winner"], utilities, memo)


def solver_card(state, seat, worlds, rng):
    """The strong level's endgame solver (``bot_endgame``) over ``worlds`` worlds from the seat's view."""
    action = sh_players.bot_endgame(state.view(seat), Sampler(state, seat), rng, worlds=worlds)
    return sh.ORDER[action.split()[1]]


def choose(method, state, seat, seed, utilities):
    """(card code in ORDER, CPU seconds) chosen by ``method``."""
    started = time.process_time()
    if method.startswith("solver"):
        card = solver_card(state, seat, int(method[len("solver") :]), random.Random(seed))
    else:
        view = state.view(seat)
        if method == "search3":
            action = search(
                bots.player_hooks(SLUG),
                view,
                Sampler(state, seat),
                iterations=budget(SLUG, "strong")[0],
                seed=seed,
            )
        else:
            action = choose_action(
                SLUG, view, method, seed, sampler=Sampler(state, seat), time_limit=False
            )
        card = sh.ORDER[action.split()[1]]
    return card, time.process_time() - started


def _regrets(args):
    first_seed, deals, cards, methods = args
    rows = []
    for seed, state in positions(first_seed, deals, cards):
        seat = state.to_move()[0]
        utilities = sh_players._deal_utilities(state)
        truth = {c: u[seat] for c, u in open_values(state, utilities, {}).items()}
        top = max(truth.values())
        row = {
            "seed": seed,
            "cards": len(state.d["hands"][seat]),
            "spread": top - min(truth.values()),
        }
        for i, method in enumerate(methods):
            card, cpu = choose(method, state, seat, seed * 100 + i, utilities)
            row[method] = [top - truth[card], cpu]
        rows.append(row)
    return rows


def regrets(first_seed, deals, cards, methods, jobs):
    chunks = [(first_seed + k, 1, cards, methods) for k in range(deals)]
    with multiprocessing.Pool(jobs) as pool:
        rows = [r for part in pool.map(_regrets, chunks) for r in part]
    print(
        f"{len(rows)} positions from {deals} first deals of normal's self-play (seeds {first_seed}-"
        f"{first_seed + deals - 1}); the card matters in truth in {sum(r['spread'] > 1e-9 for r in rows)}"
    )
    for n in sorted({r["cards"] for r in rows}):
        sub = [r for r in rows if r["cards"] == n]
        print(f"  {n} cards in hand: {len(sub)} positions")
        for m in methods:
            reg = [r[m][0] for r in sub]
            cpu = sorted(r[m][1] for r in sub)
            print(
                f"    {m:10s} mean regret {statistics.fmean(reg):.4f}  best card {sum(x < 1e-9 for x in reg)}/{len(sub)}"
                f"  CPU p50 {1000 * cpu[len(cpu) // 2]:.0f} ms, p95 {1000 * cpu[int(0.95 * len(cpu))]:.0f} ms,"
                f" max {1000 * cpu[-1]:.0f} ms"
            )
    base = methods[0]
    for m in methods[1:]:
        diff = [r[m][0] - r[base][0] for r in rows]
        half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
        print(
            f"  {m} - {base}, every position: {statistics.fmean(diff):+.4f} ± {half:.4f} of regret"
        )
    return rows


def _oracle_choose(slug, view, lvl="random", seed=0, sampler=None, time_limit=True):
    from bench_strong_variants import OracleSampler

    if lvl == "variant":
        return bots.choose_action(
            slug,
            view,
            "normal",
            seed,
            sampler=OracleSampler(sampler._state, sampler.seat),
            time_limit=time_limit,
        )
    return bots.choose_action(slug, view, lvl, seed, sampler=sampler, time_limit=time_limit)


def _breakdown(args):
    level, seed = args
    if level == "oracle":
        arena.choose_action = _oracle_choose
        if "variant" not in bots.LEVELS:
            bots.LEVELS = bots.LEVELS + ("variant",)
        level = "variant"
    out = []
    for a in range(4):
        levels = ["normal"] * 4
        levels[a] = level
        state, _ = arena.play_match(SLUG, 4, {}, seed, levels, first_deal=True)
        rec = sh.full_record(state.d["deal_log"][0], False)
        out.append(
            {
                "seed": seed,
                "a": a,
                "first": rec["first"],
                "queen": rec["queen"],
                "last": rec["last"],
                "penalties": rec["penalties"],
            }
        )
    return out


def breakdown(level, seeds, jobs):
    with multiprocessing.Pool(jobs) as pool:
        rows = [r for part in pool.map(_breakdown, [(level, s) for s in seeds]) for r in part]
    n = len(rows)
    print(
        f"{level} in one seat, normal in three: {n} first deals (seeds {seeds[0]}-{seeds[-1]} x 4 seats)"
    )

    def line(name, a, b):
        diff = [x - y for x, y in zip(a, b)]
        half = 1.96 * statistics.stdev(diff) / math.sqrt(n)
        print(
            f"  {name:14s} {level} {statistics.fmean(a):.3f}  each normal seat {statistics.fmean(b):.3f}"
            f"  difference {statistics.fmean(diff):+.3f} ± {half:.3f}"
        )

    for kind in ("first", "queen", "last"):
        line(
            kind + " trick" if kind != "queen" else "queen of clubs",
            [float(r[kind] == r["a"]) for r in rows],
            [sum(r[kind] == s for s in range(4) if s != r["a"]) / 3 for r in rows],
        )
    line(
        "penalty points",
        [r["penalties"][r["a"]] for r in rows],
        [sum(p for s, p in enumerate(r["penalties"]) if s != r["a"]) / 3 for r in rows],
    )
    return rows


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=150)
    p.add_argument("--seed", type=int, default=95000)
    p.add_argument("--cards", type=int, nargs="+", default=[3, 4])
    p.add_argument(
        "--methods",
        nargs="+",
        default=["normal", "strong", "search3", "solver4", "solver8", "solver16"],
    )
    p.add_argument("--breakdown", choices=("oracle", "strong", "normal"))
    p.add_argument("--seeds", default="4048-4095")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--json", help="append the rows to this file")
    args = p.parse_args()
    for m in args.methods:
        if m not in ("normal", "strong", "search3") and not (
            m.startswith("solver") and m[6:].isdigit()
        ):
            p.error(f"unknown method {m!r}")
    if args.breakdown:
        lo, _, hi = args.seeds.partition("-")
        rows = breakdown(args.breakdown, list(range(int(lo), int(hi or lo) + 1)), args.jobs)
    else:
        rows = regrets(args.seed, args.deals, tuple(args.cards), args.methods, args.jobs)
    if args.json:
        with open(args.json, "a", encoding="utf-8") as fh:
            for r in rows:
                fh.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
