"""Benchmark of a patience's exact solver (4 Thrones, Gridcannon): solve() on seeded full deals
with a node cap, the cap the app's after-game truth uses by default.

    python3 tests/bench/bench_patience_solver.py four_thrones|gridcannon [--cap N] [--deals N]

Prints the cap, how many deals were winnable / not winnable / cut off by the cap, and the median
and maximum seconds per deal (wall clock, and CPU time for a loaded machine). Every winning line
found is replayed through the engine. A deal starts at its first decision, so Gridcannon's solver
also chooses the setup slots and the swap.
"""

import argparse
import importlib
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "py"))

from tabletop import get_game  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slug", choices=["four_thrones", "gridcannon"])
    parser.add_argument(
        "--cap", type=int, help="node budget per deal (default: the app's TRUTH_NODE_LIMIT)"
    )
    parser.add_argument(
        "--deals", type=int, default=300, help="number of seeded deals (seeds 0..N-1)"
    )
    args = parser.parse_args()
    game = get_game(args.slug)
    module = importlib.import_module(f"tabletop.games.{args.slug}")
    cap = args.cap or module.TRUTH_NODE_LIMIT
    counts = {True: 0, False: 0, None: 0}
    seconds, cpu, nodes = [], [], []
    for seed in range(args.deals):
        state = game.new_state(players=1, seed=seed)
        start, start_cpu = time.perf_counter(), time.process_time()
        out = module.solve(state, node_limit=cap)
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        nodes.append(out["nodes"])
        counts[out["winnable"]] += 1
        if out["winnable"]:
            check = state.clone()
            for action in out["line"]:
                check.apply(0, action)
            assert check.result()["won"], f"seed {seed}: the winning line does not win"
    print(f"{args.slug} solver: cap {cap} nodes, {args.deals} deals")
    print(f"winnable {counts[True]}, not winnable {counts[False]}, cap hit {counts[None]}")
    print(
        f"seconds per deal: median {statistics.median(seconds):.3f}, max {max(seconds):.3f}, "
        f"total {sum(seconds):.1f}"
    )
    print(
        f"CPU seconds per deal: median {statistics.median(cpu):.3f}, max {max(cpu):.3f}; "
        f"nodes: median {int(statistics.median(nodes))}, max {max(nodes)}"
    )


if __name__ == "__main__":
    main()
