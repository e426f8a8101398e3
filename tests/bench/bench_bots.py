#!/usr/bin/env python3
"""Benchmark of the search bots' decision time per game (CPython), for a level (default normal).

Usage, from the project root:
    python3 tests/bench/bench_bots.py [--level normal] [--positions 60] [--games slug ...] [--json out.jsonl]

For each game it plays seeded random games to random depths and, at each stop where the seat to
move has a real choice (two or more legal actions), times ``choose_action(slug, view, level, seed,
sampler=Sampler(state, seat))`` with the level's whole iteration budget (``--time-limit`` adds the
level's time limit, as in the app; on a busy machine the wall clock then cuts the search short).
Prints p50/p95/max of the wall clock and of the CPU time (other processes slow the wall clock;
the CPU time is what the machine alone would take) and one JSON line per game.
Target: normal p95 <= 250 ms in CPython, so that Pyodide (about 1.9x slower) stays within 500 ms.

``--browser``: the same figure where it counts, in the real app in headless Chromium (the site is
built into a temporary folder): for each game and level, the worker call ``bot_action`` timed from
the page (p50, p95, as bench_suite measures it: the first ten moves of six seeded games, the
session's time limits in force), with the main thread's long tasks. Targets (issue #18): normal
p95 <= 400 ms, strong p95 <= 1.2 s. ``--browser --endgame`` starts each seeded one-deal game where
the strong level's endgame solver takes over (Más-Menos, Tuppi, Slobberhannes) instead.
``--browser --cpu 4``: the renderers (the page and the engine's worker) slowed four times, as on a
mid-range phone (``phone_cpu.py``); the session's time limits stay as shipped, so a search that
reaches its limit stops there.
"""

import argparse
import json
import os
import pathlib
import platform
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "py"))

from tabletop import get_game  # noqa: E402
from tabletop.bots import budget, choose_action  # noqa: E402
from tabletop.bots.worlds import Sampler  # noqa: E402

GAMES = [
    "mas_menos",
    "mate",
    "mustamaija",
    "slobberhannes",
    "tuppi",
    "hold_my_beer",
    "chiryaku_akuryaku",
    "stop_the_bus",
    "ribs",
    "mexican_train",
    "quinto",
    "watten",
    "forty_two",
    "deer_hunt",
]


def positions(slug, count, seed=0):
    game = get_game(slug)
    rng = random.Random(f"bench-{slug}-{seed}")
    out = []
    i = 0
    while len(out) < count:
        state = game.new_state(players=game.default_players, seed=seed * 10_000 + i)
        i += 1
        stop = rng.randrange(0, 200)
        for _ in range(stop):
            if state.is_over():
                break
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over():
            continue
        seat = rng.choice(state.to_move())
        if len(state.legal_actions(seat)) < 2:
            continue
        out.append((state, seat))
    return out


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def endgame_prefix(slug, seed):
    """The actions of a one-deal game played by the rule-based player from ``seed`` until the seat
    to move holds no more cards than the game's strong endgame solver starts at (its module's
    ENDGAME_CARDS) with a choice to make: the log the browser's endgame timing starts from."""
    import importlib

    info = get_game(slug)
    cards = importlib.import_module(f"tabletop.players.{slug}").ENDGAME_CARDS
    from bench_arena import ONE_DEAL

    state = info.new_state(players=info.default_players, options=ONE_DEAL.get(slug, {}), seed=seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over():
        seat = rng.choice(state.to_move())
        view = state.view(seat)
        if (
            view.get("phase") == "play"
            and len(view.get("hand", ())) <= cards
            and len(view["legal_actions"]) > 1
        ):
            return actions
        action = choose_action(
            slug, view, "heuristic", rng.randrange(2**31), sampler=Sampler(state, seat)
        )
        state.apply(seat, action)
        actions.append([seat, action])
    return None


def browser(games, levels, seeds=6, moves=10, endgame=False, cpu=1):
    """Bot latency in the browser: {slug: {level: {"n", "p50", "p95", "long_tasks", "long_max"}}}.

    ``endgame``: each seeded game starts where the strong level's endgame solver takes over (games
    that have one: ``endgame_prefix``), one deal, and the moves from there on are timed."""
    import shutil
    import tempfile

    root = pathlib.Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "py" / "tools"))
    sys.path.insert(0, str(root / "tests" / "bench"))
    import bench_startup
    import build
    from phone_cpu import PhoneCpu
    from playwright.sync_api import sync_playwright

    args = [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
    ]
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        site = pathlib.Path(tmp) / "site"
        build.build(site, testing=True)
        srv = bench_startup.counting_server(site, bench_startup.Counter())
        base = f"http://127.0.0.1:{srv.server_address[1]}"
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=shutil.which("chromium"), args=args)
            page = chromium.new_page()
            page.add_init_script("""window.__longTasks = [];
                new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
                  .observe({entryTypes: ['longtask']});""")
            # The game list, not a table: a table's own computer seats would play in the session
            # this benchmark loads its positions into.
            page.goto(f"{base}/?lang=en")
            page.wait_for_selector("body[data-engine=ready]", state="attached", timeout=180_000)
            with PhoneCpu(cpu):  # the page and the engine's worker, slowed from here on
                for slug in games:
                    info = get_game(slug)
                    out[slug] = {}
                    for level in levels:
                        samples = []
                        page.evaluate("window.__longTasks = []")
                        for seed in range(seeds):
                            log = {
                                "game": slug,
                                "players": info.default_players,
                                "options": {},
                                "seed": seed,
                                "actions": [],
                            }
                            if endgame:
                                from bench_arena import ONE_DEAL

                                prefix = endgame_prefix(slug, seed)
                                if prefix is None:
                                    continue
                                log.update(options=ONE_DEAL.get(slug, {}), actions=prefix)
                            for _ in range(moves):
                                timing = page.evaluate(f"""async () => {{
                                    const v = await tabletop.call('load', {json.dumps(json.dumps(log))});
                                    if (!v.ok || v.over) return null;
                                    const seat = v.to_move[0];
                                    const t0 = performance.now();
                                    const a = await tabletop.call('bot_action', seat, {json.dumps(level)}, 7);
                                    const ms = performance.now() - t0;
                                    return a.ok ? [ms, seat, a.action] : null;
                                }}""")
                                if timing is None:
                                    break
                                samples.append(timing[0])
                                log["actions"].append([timing[1], timing[2]])
                        tasks = page.evaluate("window.__longTasks")
                        out[slug][level] = {
                            "n": len(samples),
                            "p50": round(pct(samples, 0.5), 1),
                            "p95": round(pct(samples, 0.95), 1),
                            "long_tasks": len(tasks),
                            "long_max": round(max(tasks), 1) if tasks else 0,
                        }
                        print(
                            f"{slug:18} {level:9} browser p50 {out[slug][level]['p50']:6.0f} ms  p95 "
                            f"{out[slug][level]['p95']:6.0f} ms  ({len(samples)} calls, {len(tasks)} long tasks)",
                            flush=True,
                        )
            chromium.close()
        srv.shutdown()
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", nargs="*", default=GAMES)
    parser.add_argument("--json", help="append the JSON lines to this file")
    parser.add_argument(
        "--time-limit", action="store_true", help="also apply the level's time limit"
    )
    parser.add_argument(
        "--browser", action="store_true", help="time the levels in the app in headless Chromium"
    )
    parser.add_argument(
        "--levels", nargs="*", default=["normal", "strong"], help="levels for --browser"
    )
    parser.add_argument(
        "--seeds", type=int, default=6, help="--browser: seeded games per game and level"
    )
    parser.add_argument(
        "--moves", type=int, default=10, help="--browser: moves timed per seeded game"
    )
    parser.add_argument(
        "--endgame",
        action="store_true",
        help="--browser: time the moves from where the strong level's endgame solver takes over "
        "(Más-Menos, Tuppi, Slobberhannes)",
    )
    parser.add_argument(
        "--cpu", type=float, default=1, help="--browser: slow the renderers this many times"
    )
    args = parser.parse_args()
    if args.browser:
        row = {
            "browser": browser(
                args.games, args.levels, args.seeds, args.moves, args.endgame, args.cpu
            ),
            "endgame": args.endgame,
            "cpu": args.cpu,
            "load": os.getloadavg()[0],
        }
        if args.json:
            with open(args.json, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(row) + "\n")
        return
    for slug in args.games:
        wall, cpu = [], []
        for k, (state, seat) in enumerate(positions(slug, args.positions, args.seed)):
            view = state.view(seat)
            start, start_cpu = time.perf_counter(), time.process_time()
            action = choose_action(
                slug, view, args.level, k, sampler=Sampler(state, seat), time_limit=args.time_limit
            )
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            assert action in view["legal_actions"]
        iterations, seconds = budget(slug, args.level)
        row = {
            "game": slug,
            "level": args.level,
            "iterations": iterations,
            "time_limit": seconds if args.time_limit else None,
            "positions": len(wall),
            "wall_p50": round(pct(wall, 0.5), 4),
            "wall_p95": round(pct(wall, 0.95), 4),
            "wall_max": round(max(wall), 4),
            "cpu_p50": round(pct(cpu, 0.5), 4),
            "cpu_p95": round(pct(cpu, 0.95), 4),
            "cpu_max": round(max(cpu), 4),
            "load": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
            "python": platform.python_version(),
        }
        limit = f"{seconds} s limit" if args.time_limit else "no time limit"
        print(
            f"{slug:18} {args.level} ({iterations} it, {limit}): "
            f"wall p50 {row['wall_p50'] * 1000:4.0f} ms p95 {row['wall_p95'] * 1000:4.0f} ms | "
            f"cpu p50 {row['cpu_p50'] * 1000:4.0f} ms p95 {row['cpu_p95'] * 1000:4.0f} ms "
            f"max {row['cpu_max'] * 1000:4.0f} ms  ({len(wall)} positions)",
            flush=True,
        )
        print(json.dumps(row), flush=True)
        if args.json:
            with open(args.json, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
