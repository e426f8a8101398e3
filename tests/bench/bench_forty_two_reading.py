#!/usr/bin/env python3
"""42: what the bids say of the hands, and what reading them is worth (issue #18).

    python3 tests/bench/bench_forty_two_reading.py --calibration [--deals 200] [--worlds 20]
    python3 tests/bench/bench_forty_two_reading.py --variant normal-read|strong-vs-read \
        [--games 96] [--seed 4000] [--jobs 1] [--json out.jsonl]

``--calibration`` self-plays ``--deals`` first deals of a default game by the rule-based player
and, at each play of a seat (and at the call), draws ``--worlds`` worlds from its view, uniform
(``resample_world``) and read (``bot_reading``, the strong level's): the share of the hidden tiles
a world puts where they really are, the declarer's trumps in its hand as dealt (truth, uniform,
read) when the seat is not the declarer, and the reading's cost per world.

``--variant`` plays the arena's first deal of a default game against ``normal``:
    normal-read     normal's search over read worlds (A) against normal (B): the reading alone.
    strong-vs-read  strong (which reads) against normal that reads too (B): the budget alone.
The shipped strong against normal is ``bench_arena.py --pairs strong:normal --only forty_two
--measure deal``.
"""

import argparse
import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "py"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from tabletop import get_game  # noqa: E402
from tabletop.games.forty_two import ENDS, NUMBERS  # noqa: E402
from tabletop.players import forty_two as ft  # noqa: E402


def _dealt(state, s):
    """Seat ``s``'s hand as dealt: its hand now and the tiles it has played this deal."""
    d = state.d
    out = list(d["hands"][s])
    for t in d["history"]:
        out += [x for p, x in zip(state._trick_seats(t[0]), t[2:]) if p == s]
    out += [x for p, x in d["trick"] if p == s]
    return out


def _trumps(hand, contract):
    return sum(1 for x in hand if int(contract) in ENDS[x])


def _placed(world, state, seat):
    """Share of the hidden tiles the world puts in the seat that really holds them."""
    right = total = 0
    for s in range(4):
        if s == seat:
            continue
        truth = set(state.d["hands"][s])
        right += sum(1 for x in world.d["hands"][s] if x in truth)
        total += len(truth)
    return right / total if total else None


def calibration(deals, worlds=20, seed=0):
    """Rows (placed uniform, placed read, declarer trumps truth, uniform, read or None) and the
    reading's cost per world in seconds (a list)."""
    game = get_game("forty_two")
    rows, cost = [], []
    for k in range(deals):
        state = game.new_state(players=4, options={}, seed=seed + k)
        rng = random.Random(k)
        while not state.is_over() and state.d["deals_played"] == 0:
            seat = state.to_move()[0]
            d = state.d
            if d["phase"] in ("call", "play") and any(d["hands"][s] for s in range(4) if s != seat):
                uniform = [ft.resample_world(state, seat, random.Random(i)) for i in range(worlds)]
                read = []
                for i in range(worlds):
                    w = ft.resample_world(state, seat, random.Random(i))
                    start = time.perf_counter()
                    read.append(ft.bot_reading(w, seat, random.Random(1000 + i)))
                    cost.append(time.perf_counter() - start)
                pu = statistics.fmean(_placed(w, state, seat) for w in uniform)
                pr = statistics.fmean(_placed(w, state, seat) for w in read)
                trumps = None
                b, c = d["bidder"], d["contract"]
                if c in NUMBERS and b != seat and d["caller"] == b:
                    trumps = (
                        _trumps(_dealt(state, b), c),
                        statistics.fmean(_trumps(_dealt(w, b), c) for w in uniform),
                        statistics.fmean(_trumps(_dealt(w, b), c) for w in read),
                    )
                rows.append((pu, pr, trumps))
            state.apply(seat, ft.bot_heuristic(state, seat, rng))
    return rows, cost


def report(rows, cost, deals):
    print(f"forty_two, {deals} first deals of rule-based self-play, at each call and play:")
    print(
        f"  hidden tiles placed right: uniform {statistics.fmean(r[0] for r in rows):.3f}, "
        f"read {statistics.fmean(r[1] for r in rows):.3f} ({len(rows)} decisions)"
    )
    t = [r[2] for r in rows if r[2] is not None]
    if t:
        print(
            f"  declarer's trumps as dealt: truth {statistics.fmean(x[0] for x in t):.2f}, "
            f"uniform {statistics.fmean(x[1] for x in t):.2f}, read "
            f"{statistics.fmean(x[2] for x in t):.2f} ({len(t)} decisions)"
        )
    cost = sorted(cost)
    print(
        f"  reading per world: mean {statistics.fmean(cost) * 1e3:.3f} ms, "
        f"p95 {cost[int(0.95 * len(cost))] * 1e3:.3f} ms, max {cost[-1] * 1e3:.3f} ms"
    )


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--calibration", action="store_true")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--worlds", type=int, default=20)
    p.add_argument("--variant", choices=("normal-read", "strong-vs-read"))
    p.add_argument("--games", type=int, default=96)
    p.add_argument("--seed", type=int, default=4000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json")
    args = p.parse_args()
    if args.calibration:
        rows, cost = calibration(args.deals, args.worlds)
        report(rows, cost, args.deals)
        return
    if not args.variant:
        p.error("say --calibration or --variant")
    from bench_strong_variants import reading_chooser, run_against_normal

    run_against_normal(
        reading_chooser("forty_two", args.variant),
        args.variant,
        "forty_two",
        args.games,
        args.seed,
        args.jobs,
        args.json,
    )


if __name__ == "__main__":
    main()
