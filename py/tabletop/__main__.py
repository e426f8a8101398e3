"""Command line: ``python -m tabletop simulate|arena|replay|games``.

python -m tabletop games
python -m tabletop simulate mas_menos --games 1000 --seed 1 [--players N] [--option games=3] [--bot random]
python -m tabletop arena slobberhannes --a normal --b random --games 200 --seed 0 [--jobs 2]
python -m tabletop replay saved.json       # an action log {game, players, options, seed, actions}
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from . import SLUGS, available_games, get_game
from .bots import LEVELS, choose_action
from .bots.worlds import Sampler
from .playouts import play
from .session import replay


def _option_value(text):
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def cmd_games(_args):
    for slug in SLUGS:
        try:
            info = get_game(slug)
        except ValueError:
            print(f"{slug:20} coming")
            continue
        players = (
            f"{info.min_players}"
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}"
        )
        opts = ", ".join(f"{o.key}={json.dumps(o.default)}" for o in info.options) or "-"
        print(f"{slug:20} {info.title:20} players {players:5} options {opts}")
    return 0


def cmd_simulate(args):
    game = get_game(args.slug)
    options = _options(args.option)
    players = args.players or game.default_players
    firsts = [0] * players  # games in which each seat placed first (ties count for each)
    values = [0.0] * players  # outcome values, summed
    scores = [0.0] * players  # final points in the game's own scale, where it has them
    has_scores = True
    started = time.perf_counter()
    actions = 0
    for i in range(args.games):
        seed = args.seed + i
        state = game.new_state(players=players, options=options, seed=seed)
        rng = random.Random(seed)

        def choose(state):
            seat = rng.choice(state.to_move())
            sampler = Sampler(state, seat) if args.bot != "random" else None
            return seat, choose_action(
                args.slug,
                state.view(seat),
                args.bot,
                rng.randrange(2**31),
                sampler=sampler,
                time_limit=False,
            )

        actions += len(play(state, choose))
        outcome = state.outcome()
        for seat in range(players):
            firsts[seat] += outcome["place"][seat] == 1
            values[seat] += outcome["value"][seat]
            if outcome["score"][seat] is None:
                has_scores = False
            else:
                scores[seat] += outcome["score"][seat]
        if args.verbose:
            print(
                json.dumps(
                    {"seed": seed, "result": state.result(), "outcome": outcome}, ensure_ascii=False
                )
            )
    elapsed = time.perf_counter() - started
    print(
        f"{args.slug}: {args.games} games, {players} players, bot {args.bot}, seeds {args.seed}..{args.seed + args.games - 1}"
    )
    print(
        "winners: "
        + ", ".join(f"seat {s}: {n}" for s, n in enumerate(firsts))
        + " (first places; ties count for each)"
    )
    print(
        "mean value per seat (first 1, last 0): "
        + ", ".join(f"{v / args.games:.3f}" for v in values)
    )
    if has_scores:
        print("mean points per seat: " + ", ".join(f"{p / args.games:.2f}" for p in scores))
    print(
        f"{args.games / elapsed:.1f} games/s ({actions / elapsed:.0f} actions/s, {elapsed:.2f} s)"
    )
    return 0


def _options(items):
    options = {}
    for item in items:
        key, _, value = item.partition("=")
        options[key] = _option_value(value)
    return options


def cmd_arena(args):
    from .bots import arena

    def progress(done, total):
        if args.progress:
            print(f"  {done}/{total}", file=sys.stderr, flush=True)

    out = arena.run(
        args.slug,
        args.a,
        args.b,
        args.games,
        seed=args.seed,
        players=args.players,
        options=_options(args.option),
        jobs=args.jobs,
        progress=progress,
        measure=args.measure,
    )
    for line in arena.report(out):
        print(line)
    if args.json:
        with open(args.json, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(out) + "\n")
    return 0


def cmd_replay(args):
    try:
        with open(args.file, encoding="utf-8") as fh:
            text = fh.read()
        state, log = replay(text)
    except OSError as err:
        print(f"cannot read {args.file}: {err.strerror}", file=sys.stderr)
        return 2
    except ValueError as err:
        print(f"refused: {err}", file=sys.stderr)
        return 1
    print(f"{log['game']}: {len(log['actions'])} moves replayed")
    if state.is_over():
        print(json.dumps(state.result(), ensure_ascii=False))
    else:
        print(f"not over; to move: {state.to_move()}")
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tabletop", description="Tabletop game engines")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games and their options").set_defaults(func=cmd_games)
    sim = sub.add_parser(
        "simulate", help="play seeded games between bots and print results and speed"
    )
    sim.add_argument("slug", choices=available_games())
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--players", type=int)
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    sim.add_argument("--bot", choices=LEVELS, default="random")
    sim.add_argument("--verbose", action="store_true", help="print every game's result as JSON")
    sim.set_defaults(func=cmd_simulate)
    ar = sub.add_parser(
        "arena",
        help="seeded matches between two bot levels, seats rotated over duplicate "
        "deals; outcome per seat with 95%% confidence intervals",
    )
    ar.add_argument("slug", choices=available_games())
    ar.add_argument(
        "--a",
        choices=LEVELS,
        default="normal",
        help="configuration A (one seat, or one partnership)",
    )
    ar.add_argument(
        "--b", choices=LEVELS, default="random", help="configuration B (every other seat)"
    )
    ar.add_argument(
        "--games", type=int, default=40, help="matches to play (rounded up to whole deal seeds)"
    )
    ar.add_argument("--seed", type=int, default=0)
    ar.add_argument("--players", type=int)
    ar.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    ar.add_argument("--jobs", type=int, default=1, help="worker processes")
    ar.add_argument(
        "--measure",
        choices=("match", "deal"),
        default="match",
        help="match: each seat's place at the end of the game; deal: the first deal of the game only, "
        "scored by the game's deal score (finer: a small edge shows with fewer deals)",
    )
    ar.add_argument("--json", help="append the summary as one JSON line to this file")
    ar.add_argument("--progress", action="store_true", help="print progress to stderr")
    ar.set_defaults(func=cmd_arena)
    rep = sub.add_parser(
        "replay", help="replay a saved action log; print the result or the first refused move"
    )
    rep.add_argument("file")
    rep.set_defaults(func=cmd_replay)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ValueError as err:  # bad options or player count: say why
        print(f"error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
