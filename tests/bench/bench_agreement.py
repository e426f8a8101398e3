#!/usr/bin/env python3
"""How often two bot levels choose the same action, asked the same question with the same seed.

    python3 tests/bench/bench_agreement.py [--a strong] [--b normal] [--games 3] [--only slug,...]

For each game it self-plays ``--games`` one-deal games (the options of bench_arena's ONE_DEAL),
level B moving every seat; at every decision with two or more legal actions it also asks level A
(same view, same seed, bots by iteration budget) and counts the agreements, per phase. Where two
levels agree nine times in ten, the matches between them can differ only by the tenth decision
(tests/bench/results/2026-11-24-arena.md, "Strong against normal, second pass").

``--reseed`` asks level A with another seed (its own worlds and simulations): with A = B, how often
a level agrees with itself, i.e. how much of its choice is settled by its budget rather than by the
luck of its draws. ``--min-hand N`` counts only decisions with more than N cards in hand (for
example 4 in Slobberhannes, where strong's endgame solver takes the last four; 3 before 2026-11-27).
"""

import argparse
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

from bench_arena import GAMES, ONE_DEAL  # noqa: E402

from tabletop import get_game  # noqa: E402
from tabletop.bots import choose_action  # noqa: E402
from tabletop.bots.worlds import Sampler  # noqa: E402


def agreement(slug, a, b, games, first_seed=9000, reseed=False, min_hand=0):
    """(decisions, agreements, {phase: [decisions, agreements, legal actions summed]})."""
    game = get_game(slug)
    options = game.check_options(ONE_DEAL.get(slug, {}), game.default_players)
    total = same = 0
    phases = {}
    for g in range(games):
        state = game.new_state(players=game.default_players, options=options, seed=first_seed + g)
        rng = random.Random(g)
        while not state.is_over():
            seat = rng.choice(state.to_move())
            view = state.view(seat)
            seed = rng.randrange(2**31)
            action_b = choose_action(
                slug, view, b, seed, sampler=Sampler(state, seat), time_limit=False
            )
            if len(view["legal_actions"]) > 1 and len(view.get("hand") or ()) > min_hand:
                seed_a = (seed + 1) % 2**31 if reseed else seed
                action_a = choose_action(
                    slug, view, a, seed_a, sampler=Sampler(state, seat), time_limit=False
                )
                row = phases.setdefault(state.d.get("phase", "?"), [0, 0, 0])
                row[0] += 1
                row[1] += action_a == action_b
                row[2] += len(view["legal_actions"])
                total += 1
                same += action_a == action_b
            state.apply(seat, action_b)
    return total, same, phases


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="strong")
    parser.add_argument("--b", default="normal")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--reseed", action="store_true", help="ask A with another seed than B")
    parser.add_argument(
        "--min-hand", type=int, default=0, help="count only decisions with more cards in hand"
    )
    parser.add_argument("--only", default=",".join(g for g in GAMES if g != "mate"))
    args = parser.parse_args()
    for slug in args.only.split(","):
        started = time.perf_counter()
        total, same, phases = agreement(
            slug, args.a, args.b, args.games, reseed=args.reseed, min_hand=args.min_hand
        )
        by_phase = ", ".join(
            f"{p} {v[1]}/{v[0]} ({v[2] / v[0]:.1f} choices)" for p, v in phases.items()
        )
        asked = f"{args.a} (another seed)" if args.reseed else args.a
        print(
            f"{slug:18} {asked} as {args.b}: {same}/{total} = {same / max(1, total):.0%}   [{by_phase}]   "
            f"{time.perf_counter() - started:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
