#!/usr/bin/env python3
"""Why more search does not help: how far the normal level's decision is from converged.

    python3 tests/bench/bench_search_convergence.py [--games slug ...] [--positions 24] [--rollout heuristic|quick|random]

Positions come from games played by the rule-based players (level ``heuristic``) to a random depth,
at a seat with two or more legal actions. At each one the search runs with the normal budget
(two seeds), the strong budget (3x) and a reference budget (8x normal), all from the seat's view
and its sampler. Printed per game:

- ``n1=n2``: the normal level agrees with itself under another seed (a decision that is mostly noise
  agrees rarely);
- ``n=ref`` / ``s=ref``: normal and strong agree with the reference; when normal already agrees
  with it about as often as strong does, three times the iterations cannot change the play much:
  what is left is the bias of the evaluation (rollout policy, determinization), not its noise;
- ``regret n`` / ``regret s``: the reference's value of its own choice minus its value of the
  normal (strong) choice, in reward units (0..1), averaged;
- ``legal``: mean number of legal actions at the root; ``it/ms``: iterations per millisecond.

``--rollout`` replaces the game's rollout policy for the measurement: ``quick`` the cheap policy
the games had before (``_quick_rollout`` where a game keeps it), ``random`` uniformly random;
``--plain`` searches as before issue #18 (fixed exploration constant, random expansion order).
"""

import argparse
import dataclasses
import importlib
import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "py"))

from tabletop import get_game  # noqa: E402
from tabletop.bots import budget, choose_action, player_hooks  # noqa: E402
from tabletop.bots.ismcts import search  # noqa: E402
from tabletop.bots.worlds import Sampler  # noqa: E402

GAMES = [
    "mas_menos",
    "mustamaija",
    "tuppi",
    "slobberhannes",
    "hold_my_beer",
    "chiryaku_akuryaku",
    "stop_the_bus",
    "ribs",
    "mexican_train",
]


def positions(slug, count, seed):
    game = get_game(slug)
    rng = random.Random(f"conv-{slug}-{seed}")
    out = []
    i = 0
    while len(out) < count:
        state = game.new_state(players=game.default_players, seed=seed * 1000 + i)
        i += 1
        stop = rng.randrange(0, 120)
        for _ in range(stop):
            if state.is_over():
                break
            seat = rng.choice(state.to_move())
            action = choose_action(
                slug,
                state.view(seat),
                "heuristic",
                rng.randrange(1 << 30),
                sampler=Sampler(state, seat),
            )
            state.apply(seat, action)
        if state.is_over():
            continue
        seat = rng.choice(state.to_move())
        if len(state.legal_actions(seat)) < 2:
            continue
        out.append((state, seat))
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", nargs="*", default=GAMES)
    p.add_argument("--positions", type=int, default=24)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rollout", choices=("game", "quick", "random"), default="game")
    p.add_argument(
        "--plain",
        action="store_true",
        help="the search as it was: a fixed exploration constant, random expansion order",
    )
    args = p.parse_args()
    for slug in args.games:
        hooks = player_hooks(slug)
        use_policy = True
        if args.rollout == "quick":
            players = importlib.import_module(f"tabletop.players.{slug}")
            quick = getattr(players, "_quick_rollout", None)
            if quick is not None:
                hooks = dataclasses.replace(hooks, rollout=quick)
        elif args.rollout == "random":
            use_policy = False
        normal, _ = budget(slug, "normal")
        strong, _ = budget(slug, "strong")
        agree = {"n1=n2": [], "n=ref": [], "s=ref": []}
        regret = {"n": [], "s": []}
        legal_counts, iters, seconds = [], 0, 0.0
        for k, (state, seat) in enumerate(positions(slug, args.positions, args.seed)):
            view = state.view(seat)
            legal_counts.append(len(view["legal_actions"]))

            def run(iterations, seed, stats=None):
                return search(
                    hooks,
                    view,
                    Sampler(state, seat),
                    iterations=iterations,
                    seed=seed,
                    use_policy=use_policy,
                    stats=stats,
                    scale_c=not args.plain,
                    guided=not args.plain,
                )

            st = {}
            t = time.perf_counter()
            n1 = run(normal, 1 + 10 * k, st)
            seconds += time.perf_counter() - t
            iters += st["iterations"]
            n2 = run(normal, 2 + 10 * k)
            s1 = run(strong, 3 + 10 * k)
            ref_stats = {}
            ref = run(8 * normal, 4 + 10 * k, ref_stats)
            values = {a: v for a, (visits, v) in ref_stats["root"].items()}
            agree["n1=n2"].append(n1 == n2)
            agree["n=ref"].append(n1 == ref)
            agree["s=ref"].append(s1 == ref)
            regret["n"].append(values.get(ref, 0) - values.get(n1, 0))
            regret["s"].append(values.get(ref, 0) - values.get(s1, 0))
        mean = statistics.fmean
        print(
            f"{slug:18} rollout={args.rollout:6}{' plain' if args.plain else ''} n1=n2 {mean(agree['n1=n2']):.2f}  n=ref {mean(agree['n=ref']):.2f}  "
            f"s=ref {mean(agree['s=ref']):.2f}  regret n {mean(regret['n']):.3f} s {mean(regret['s']):.3f}  "
            f"legal {mean(legal_counts):.1f}  it/ms {iters / seconds / 1000:.2f}  ({len(legal_counts)} positions)",
            flush=True,
        )


if __name__ == "__main__":
    main()
