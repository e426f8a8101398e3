#!/usr/bin/env python3
"""Stop the Bus: how strong are the others' hands, and what reading them is worth (issue #18).

    python3 tests/bench/bench_stop_the_bus_reading.py --calibration [--deals 300] [--stop-pair 12]
    python3 tests/bench/bench_stop_the_bus_reading.py --agreement [--deals 40]
    python3 tests/bench/bench_stop_the_bus_reading.py --variant normal-read|strong-vs-read \
        [--games 192] [--seed 4000] [--jobs 1] [--json out.jsonl]

``--calibration`` self-plays ``--deals`` first deals by the rule-based player (stopping with a pair
of ``--stop-pair`` or better, so that deals last a few rounds) and, at each turn of a seat, compares
the chance that its hand is the worst of the table in truth with that chance over 30 worlds drawn
from its view, uniform (``resample_world``) and read (``bot_reading``, the strong level's), by the
round of the deal.

``--agreement`` self-plays ``--deals`` first deals by ``normal`` and, at each decision with a
choice, asks strong's search (its budget, the same seed) with read worlds and with uniform ones:
how often they differ, by kind of decision (the turn: stop, draw the stock or the pile; the
discard), and how.

``--variant`` plays the arena's first deal of a default game against ``normal``:
    normal-read     normal's search over read worlds (A) against normal (B): the reading alone.
    strong-vs-read  strong (which reads) against normal that reads too (B): the budget alone.
The shipped strong against normal is ``bench_arena.py --pairs strong:normal --only stop_the_bus
--measure deal``.
"""

import argparse
import pathlib
import random
import statistics
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "py"))

from bench_strong_variants import reading_chooser, run_against_normal  # noqa: E402

import tabletop.bots as bots  # noqa: E402
from tabletop import get_game  # noqa: E402
from tabletop.bots.worlds import ReadingSampler  # noqa: E402
from tabletop.players import stop_the_bus as stb  # noqa: E402


def _worst(state, seat):
    key = state.ranking_key
    mine = key(state.d["hands"][seat][:3])
    return int(
        mine < min(key(state.d["hands"][s][:3]) for s in state.d["deal_active"] if s != seat)
    )


def _player(stop_pair):
    def play(state, seat, rng):
        d = state.d
        if d["phase"] == "turn" and "stop" in state.legal_turn(seat):
            key = state.ranking_key(d["hands"][seat])
            if key[0] > 2 or (key[0] == 2 and key[1] >= stop_pair):
                return "stop"
            return stb.draw_choice(state, seat, state.legal_turn(seat))
        return stb.bot_heuristic(state, seat, rng)

    return play


def calibration(deals, stop_pair, worlds=30):
    """Rows (round, true worst, uniform worlds' chance, read worlds' chance), printed by round."""
    game = get_game("stop_the_bus")
    play = _player(stop_pair)
    rows = []
    for seed in range(deals):
        state = game.new_state(players=4, options={"starting_lives": 1}, seed=seed)
        rng = random.Random(seed)
        turn = 0
        while not state.is_over() and state.d["deal_number"] == 1:
            seat = state.to_move()[0]
            if state.d["phase"] == "turn" and state.d["stopper"] is None:
                uniform = [stb.resample_world(state, seat, random.Random(i)) for i in range(worlds)]
                read = [
                    stb.bot_reading(
                        stb.resample_world(state, seat, random.Random(i)), seat, random.Random(i)
                    )
                    for i in range(worlds)
                ]
                rows.append(
                    (
                        turn // 4,
                        _worst(state, seat),
                        statistics.fmean(_worst(w, seat) for w in uniform),
                        statistics.fmean(_worst(w, seat) for w in read),
                    )
                )
                turn += 1
            state.apply(seat, play(state, seat, rng))
    by_round = {}
    for row in rows:
        by_round.setdefault(min(row[0], 3), []).append(row)
    print(
        f"stop_the_bus, {deals} first deals of rule-based self-play (stopping with a pair of {stop_pair} or better):"
    )
    print("| round | turns | worst in truth | uniform worlds | read worlds |")
    print("|---|---|---|---|---|")
    for r in sorted(by_round):
        v = by_round[r]
        print(
            f"| {r + 1 if r < 3 else '4+'} | {len(v)} | {statistics.fmean(x[1] for x in v):.3f} | "
            f"{statistics.fmean(x[2] for x in v):.3f} | {statistics.fmean(x[3] for x in v):.3f} |"
        )
    return rows


def agreement(deals):
    """Counter of (phase, "same"/"diff") and of (phase, read choice, "vs", uniform choice)."""
    import collections

    from tabletop.bots import budget
    from tabletop.bots.ismcts import search
    from tabletop.bots.worlds import Sampler

    game = get_game("stop_the_bus")
    hooks = bots.player_hooks("stop_the_bus")
    iterations, _ = budget("stop_the_bus", "strong")
    count = collections.Counter()

    def kind(action):
        return " ".join(action.split()[:2]) if action.startswith("draw") else action.split()[0]

    for seed in range(deals):
        state = game.new_state(players=4, options={"starting_lives": 1}, seed=9000 + seed)
        rng = random.Random(seed)
        while not state.is_over() and state.d["deal_number"] == 1:
            seat = state.to_move()[0]
            view = state.view(seat)
            if len(view["legal_actions"]) > 1:
                read = search(
                    hooks,
                    view,
                    ReadingSampler(Sampler(state, seat), hooks.reading),
                    iterations=iterations,
                    seed=seed,
                )
                uniform = search(
                    hooks, view, Sampler(state, seat), iterations=iterations, seed=seed
                )
                phase = state.d["phase"]
                count[(phase, "same" if read == uniform else "diff")] += 1
                if read != uniform:
                    count[(phase, kind(read), "vs", kind(uniform))] += 1
                action = bots.choose_action(
                    "stop_the_bus",
                    view,
                    "normal",
                    rng.randrange(1 << 30),
                    sampler=Sampler(state, seat),
                    time_limit=False,
                )
            else:
                action = view["legal_actions"][0]
            state.apply(seat, action)
    print(
        f"stop_the_bus, {deals} first deals of normal's self-play: strong's search over read worlds"
        " against uniform ones"
    )
    for key, n in sorted(count.items(), key=str):
        print(f"  {' '.join(key)}: {n}")
    return count


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--calibration", action="store_true")
    p.add_argument("--agreement", action="store_true")
    p.add_argument(
        "--deals",
        type=int,
        help="first deals to self-play (default: 300 --calibration, 40 --agreement)",
    )
    p.add_argument("--stop-pair", type=int, default=12)
    p.add_argument("--variant", choices=("normal-read", "strong-vs-read"))
    p.add_argument("--games", type=int, default=192)
    p.add_argument("--seed", type=int, default=4000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json")
    args = p.parse_args()
    if args.calibration:
        calibration(args.deals or 300, args.stop_pair)
        return
    if args.agreement:
        agreement(args.deals or 40)
        return
    if not args.variant:
        p.error("say --calibration, --agreement or --variant")
    run_against_normal(
        reading_chooser("stop_the_bus", args.variant),
        args.variant,
        "stop_the_bus",
        args.games,
        args.seed,
        args.jobs,
        args.json,
    )


if __name__ == "__main__":
    main()
