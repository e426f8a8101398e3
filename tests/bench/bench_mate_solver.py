#!/usr/bin/env python3
"""Benchmark of Mate's exact solver: the full deal from the first lead, for seeded deals.

Usage, from the project root:
    python3 tests/bench/bench_mate_solver.py [--deals 100] [--json results.jsonl]

For deal seeds 0..N-1 it builds ``get_game("mate").new_state(seed=s)`` and times ``solve(state)``
(a fresh transposition table each time, so every solve is cold). Prints the median, p95 and max
seconds (wall clock; CPU seconds and the load average are in the JSON too, as other
processes slow the wall clock) and one JSON line (also appended to ``--json`` if given).
Target: median <= 0.5 s in CPython, so that the Pyodide build (about 1.9x slower) stays within 1 s.
"""

import argparse
import json
import os
import pathlib
import platform
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "py"))

from tabletop import get_game  # noqa: E402
from tabletop.games import mate  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--json", help="append the JSON line to this file")
    args = parser.parse_args()
    game = get_game("mate")
    times, cpu, nodes, values = [], [], [], []
    for seed in range(args.deals):
        state = game.new_state(players=2, seed=seed)
        search = mate._Search(mate.DEFAULT_NODE_BUDGET)
        start, start_cpu = time.perf_counter(), time.process_time()
        value = mate.solve(state)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        # The same search again, only to count positions (not timed).
        pos = mate._position(state)
        mate._pos_value(search, pos)
        nodes.append(search.nodes)
        values.append(value)
    ordered = sorted(times)
    p95 = ordered[max(0, -(-95 * len(ordered) // 100) - 1)]
    line = {
        "bench": "mate_solver",
        "deals": args.deals,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "median_s": round(statistics.median(times), 4),
        "p95_s": round(p95, 4),
        "max_s": round(ordered[-1], 4),
        "mean_s": round(statistics.fmean(times), 4),
        "median_cpu_s": round(statistics.median(cpu), 4),
        "max_cpu_s": round(max(cpu), 4),
        "load_average_1min": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "median_nodes": int(statistics.median(nodes)),
        "max_nodes": max(nodes),
        "dealer_mates": sum(v > 0 for v in values),
        "no_mate": sum(v == 0 for v in values),
        "target_median_s": 0.5,
        "ok": statistics.median(times) <= 0.5,
    }
    print(
        f"median {line['median_s']:.4f} s   p95 {line['p95_s']:.4f} s   max {line['max_s']:.4f} s"
        f"   (cpu median {line['median_cpu_s']:.4f} s; nodes: median {line['median_nodes']},"
        f" max {line['max_nodes']})"
    )
    text = json.dumps(line, sort_keys=True)
    print(text)
    if args.json:
        with open(args.json, "a", encoding="utf-8") as out:
            out.write(text + "\n")
    return 0 if line["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
