"""Arena: seeded matches between two bot levels, seats rotated over duplicate deals.

``python -m tabletop arena <slug> --a normal --b random --games N --seed S`` (see ``__main__``).

For each deal seed the same match (same shuffles: every deal comes from the state's seeded
generator) is played once per *seating*: configuration A in one seat and B in all the others,
A moving round the table (in a game of partnerships, declared as ``GameInfo.teams``, A holds one
side and B the other, each side in turn). Each match scores every seat by ``state.outcome()``'s
``value`` (1 first place, 0 last, linear in place, ties averaged; partners share their side's).
Per configuration the arena prints A's and B's mean value per seat and the difference A - B, with
95% confidence intervals taken over deal seeds (the seatings of one seed are not independent, so
they are averaged first). With equal strength A - B is 0; "A beats B" means the interval lies above
0. The bots play by their iteration budgets only (no time limit), so a run is reproducible.
"""
from __future__ import annotations

import math
import random
import statistics
import time

from .. import get_game
from ..playouts import play
from . import choose_action
from .worlds import Sampler


def seatings(game, players):
    """The seat sets of configuration A, one per seating: each seat, or each side of partners."""
    if game.teams:
        return [tuple(team) for team in game.teams]
    return [(s,) for s in range(players)]


def play_match(slug, players, options, seed, levels, bot_seed=0):
    """Play one seeded match with ``levels[seat]`` at each seat; (state, times per seat)."""
    game = get_game(slug)
    state = game.new_state(players=players, options=options, seed=seed)
    rng = random.Random(f"{slug}/{seed}/{bot_seed}")
    times = [[] for _ in range(players)]  # (wall, cpu) seconds per decision

    def choose(state):
        seat = rng.choice(state.to_move())
        view = state.view(seat)
        level = levels[seat]
        started, started_cpu = time.perf_counter(), time.process_time()
        sampler = Sampler(state, seat) if level != "random" else None
        action = choose_action(slug, view, level, rng.randrange(2 ** 31), sampler=sampler, time_limit=False)
        if level != "random" and len(view["legal_actions"]) > 1:
            times[seat].append((time.perf_counter() - started, time.process_time() - started_cpu))
        return seat, action

    play(state, choose)
    return state, times


def _task(args):
    slug, players, options, seed, seating, a, b = args
    levels = [a if s in seating else b for s in range(players)]
    state, times = play_match(slug, players, options, seed, levels, bot_seed=hash(seating) & 0xFFFF)
    value = state.outcome()["value"]
    a_seats = list(seating)
    b_seats = [s for s in range(players) if s not in seating]
    mean = statistics.fmean
    return {
        "seed": seed, "seating": list(seating),
        "a": mean(value[s] for s in a_seats), "b": mean(value[s] for s in b_seats),
        "even": mean(value),
        "a_times": [t for s in a_seats for t in times[s]],
        "b_times": [t for s in b_seats for t in times[s]],
    }


def ci95(values):
    """(mean, half-width of the 95% normal interval)."""
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, float("inf")
    return m, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def _pct(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def run(slug, a, b, games, seed=0, players=None, options=None, jobs=1, progress=None):
    """Play about ``games`` matches (whole deal seeds, each with every seating); a summary dict."""
    game = get_game(slug)
    players = players or game.default_players
    options = game.check_options(options or {}, players)
    seats = seatings(game, players)
    seeds = max(1, math.ceil(games / len(seats)))
    tasks = [(slug, players, options, seed + i, seating, a, b) for i in range(seeds) for seating in seats]
    started = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            rows = []
            for row in pool.imap(_task, tasks):
                rows.append(row)
                if progress:
                    progress(len(rows), len(tasks))
    else:
        rows = []
        for t in tasks:
            rows.append(_task(t))
            if progress:
                progress(len(rows), len(tasks))
    groups = {}
    for row in rows:
        groups.setdefault(row["seed"], []).append(row)
    per_seed = list(groups.values())

    def by_seed(fn):
        return [statistics.fmean(fn(r) for r in rs) for rs in per_seed]

    out = {
        "slug": slug, "players": players, "options": options, "a": a, "b": b,
        "matches": len(rows), "seeds": seeds, "seatings": len(seats), "first_seed": seed,
        "a_score": ci95(by_seed(lambda r: r["a"])), "b_score": ci95(by_seed(lambda r: r["b"])),
        "diff": ci95(by_seed(lambda r: r["a"] - r["b"])),
        "even": statistics.fmean(r["even"] for r in rows),
        "seconds": time.perf_counter() - started,
    }
    for side in ("a", "b"):
        wall = [t[0] for r in rows for t in r[side + "_times"]]
        cpu = [t[1] for r in rows for t in r[side + "_times"]]
        out[side + "_times"] = {"n": len(wall), "p50": _pct(wall, 0.5), "p95": _pct(wall, 0.95),
                                "cpu_p50": _pct(cpu, 0.5), "cpu_p95": _pct(cpu, 0.95)}
    return out


def report(out):
    """Human-readable lines for ``run``'s summary."""
    opts = ", ".join(f"{k}={v}" for k, v in out["options"].items())
    lines = [f"{out['slug']} ({out['players']} players; {opts}): A={out['a']} vs B={out['b']}, "
             f"{out['matches']} matches = {out['seeds']} deal seeds x {out['seatings']} seatings, "
             f"seeds {out['first_seed']}..{out['first_seed'] + out['seeds'] - 1}, {out['seconds']:.0f} s"]

    def fmt(ci, signed=False):
        m, h = ci
        return (f"{m:+.3f}" if signed else f"{m:.3f}") + f" ± {h:.3f}"

    lines.append(f"  value per seat (first 1, last 0): A {fmt(out['a_score'])}   B {fmt(out['b_score'])}   "
                 f"(even: {out['even']:.3f})")
    d, h = out["diff"]
    verdict = "A better" if d - h > 0 else "B better" if d + h < 0 else "no clear difference"
    lines.append(f"  A - B: {fmt(out['diff'], True)}  -> {verdict} (95% CI)")
    for side in ("a", "b"):
        t = out[side + "_times"]
        if t["n"]:
            lines.append(f"  {side.upper()} decision time: wall p50 {t['p50'] * 1000:.0f} ms, p95 {t['p95'] * 1000:.0f} ms; "
                         f"cpu p50 {t['cpu_p50'] * 1000:.0f} ms, p95 {t['cpu_p95'] * 1000:.0f} ms ({t['n']} decisions)")
    return lines
