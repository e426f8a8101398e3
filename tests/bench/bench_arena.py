"""Bot strength, measured: the arena's matrix over every multiplayer game, as JSON lines and Markdown.

    python3 tests/bench/bench_arena.py [--pairs heuristic:random,...] [--games N] [--max-games M]
                                       [--only slug,...] [--jobs J] [--out DIR] [--name NAME]

For each game and pair A:B it runs ``tabletop.bots.arena.run`` (duplicate deals, seats rotated,
95% confidence intervals over deal seeds; ``--max-games`` plays more seeds while the interval
still crosses 0) and appends the summary to ``DIR/NAME.jsonl`` with the commit it measured;
``DIR/NAME.md`` is rewritten from every line of that file (the newest line per game and pair). In
the bidding games the table also gives the failed contracts (Ribs, Tuppi) or predictions (Hold My
Beer) of each side. Long games are shortened by an option so a match is one short game (the options
used are in the report); the bots play by iteration budgets, so a run is reproducible.
"""

import argparse
import json
import math
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

from tabletop.bots import arena  # noqa: E402

# Shorter matches where a whole game is long; the rest play their default game.
SHORT = {
    "mas_menos": {"games": 1},
    "slobberhannes": {"loss_limit": 5},
    "tuppi": {"fixed_deals": 3},
    "hold_my_beer": {"max_games": 2},
    "chiryaku_akuryaku": {"rounds": 2},
    "mexican_train": {"rounds": 3},
    "ribs": {"deals": 1},
}
# One deal (or round, or game) per match: the expensive pairs (strong against normal) get more
# deal seeds for the same time; ``--one-deal`` uses these instead of SHORT.
ONE_DEAL = {
    "mas_menos": {"games": 1},
    "slobberhannes": {"loss_limit": 1},
    "tuppi": {"fixed_deals": 1},
    "hold_my_beer": {"max_games": 1},
    "chiryaku_akuryaku": {"rounds": 1},
    "stop_the_bus": {"starting_lives": 1},
    "mexican_train": {"rounds": 1},
    "ribs": {"deals": 1},
}
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
]
# The ladder each game must show (issue #18): heuristic beats random, normal beats heuristic, strong
# beats normal. The older pairs can still be asked for with --pairs.
PAIRS = ["heuristic:random", "normal:heuristic", "strong:normal"]
OTHER_PAIRS = ["normal:random", "strong:easy", "normal:easy", "heuristic:normal"]
SEED_BASE = {
    "normal:random": 1000,
    "strong:easy": 2000,
    "normal:easy": 3000,
    "strong:normal": 4000,
    "heuristic:normal": 5000,
    "heuristic:random": 6000,
    "normal:heuristic": 7000,
}


def commit():
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def verdict(ci):
    m, h = ci
    if not math.isfinite(h):
        return "too few seeds"
    return "A better" if m - h > 0 else "B better" if m + h < 0 else "no clear difference"


def markdown(lines):
    newest = {}
    for row in lines:
        key = (row["slug"], row["a"], row["b"], row.get("measure", "match"), row.get("time_limit"))
        newest[key] = row
    out = [
        "# Bot arena",
        "",
        'Value per seat: `outcome()["value"]`, first place 1, last 0, linear in place, ties averaged '
        "(lines measured before that scale scored win 1, loss 0 instead). `even` is what equal bots "
        "would score. A - B is the difference with its "
        '95% interval over deal seeds; "A better" means the interval lies above 0. When every seed '
        "gives the same difference the normal interval has width 0: read it with the seed count.",
        "",
        "| game | A vs B | match | matches (seeds x seatings) | A | B | even | A - B (95% CI) | verdict | "
        "failed contracts A / B | A p95 decision (cpu) | commit |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    order = PAIRS + OTHER_PAIRS
    for (slug, a, b, *_), r in sorted(
        newest.items(),
        key=lambda kv: (
            GAMES.index(kv[0][0]) if kv[0][0] in GAMES else 99,
            order.index(f"{kv[0][1]}:{kv[0][2]}") if f"{kv[0][1]}:{kv[0][2]}" in order else 99,
        ),
    ):
        d, h = r["diff"]
        failed = (
            " / ".join(
                f"{c['failed']}/{c['n']} ({c['failed'] / c['n']:.0%})" if c["n"] else "-"
                for c in (r["a_contracts"], r["b_contracts"])
            )
            if "a_contracts" in r
            else ""
        )
        short = SHORT.get(slug, {})
        match = (
            ", ".join(
                f"{k}={r['options'][k]}"
                for k in sorted(set(short) | set(ONE_DEAL.get(slug, {})))
                if k in r["options"]
            )
            or "default"
        )
        if r.get("measure") == "deal":
            match = "first deal, deal score"
        if r.get("time_limit"):
            match += f", time limits x{r['time_limit']:.3g}"
        out.append(
            f"| {slug} | {a} vs {b} | {match} | {r['matches']} ({r['seeds']} x {r['seatings']}) | "
            f"{r['a_score'][0]:.3f} | {r['b_score'][0]:.3f} | {r['even']:.3f} | {d:+.3f} ± {h:.3f} | "
            f"{verdict(r['diff'])} | {failed} | {r['a_times']['cpu_p95'] * 1000:.0f} ms | {r.get('commit', '?')} |"
        )
    out += [
        "",
        "Each line's options are in its JSON line (`options`); SHORT (most pairs): "
        + "; ".join(
            f"{slug}: {', '.join(f'{k}={v}' for k, v in SHORT.get(slug, {}).items()) or 'default'}"
            for slug in GAMES
        )
        + ". ONE_DEAL (`--one-deal`): "
        + "; ".join(
            f"{slug}: {', '.join(f'{k}={v}' for k, v in ONE_DEAL.get(slug, {}).items()) or 'default'}"
            for slug in GAMES
        ),
        "",
    ]
    return "\n".join(out)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pairs", default=",".join(PAIRS))
    p.add_argument(
        "--games", type=int, default=96, help="matches per game and pair (whole deal seeds)"
    )
    p.add_argument(
        "--max-games",
        type=int,
        help="play more seeds, up to this many matches, while A - B is unclear",
    )
    p.add_argument("--name", default="arena", help="file names: NAME.jsonl and NAME.md")
    p.add_argument(
        "--one-deal", action="store_true", help="one deal per match (ONE_DEAL) instead of SHORT"
    )
    p.add_argument(
        "--measure",
        choices=("match", "deal"),
        default="match",
        help="deal: the first deal of each game (default options), scored by the game's deal score",
    )
    p.add_argument("--only", help="comma-separated game slugs")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", default=str(ROOT / "tests" / "bench" / "out"))
    p.add_argument(
        "--seed-offset",
        type=int,
        default=0,
        help="start at the pair's first deal seed + N (more seeds after an earlier run)",
    )
    p.add_argument(
        "--time-scale",
        type=float,
        help="play the searches by their time limits times this factor, not by iterations "
        "(1/7.6 imitates a phone four times slower than this machine running Pyodide, itself "
        "about 1.9 times slower than CPython)",
    )
    p.add_argument("--report-only", action="store_true", help="rewrite arena.md from arena.jsonl")
    args = p.parse_args()
    out_dir = pathlib.Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    jsonl = out_dir / (args.name + ".jsonl")
    md = out_dir / (args.name + ".md")
    if not args.report_only:
        games = args.only.split(",") if args.only else GAMES
        rev = commit()
        for pair in args.pairs.split(","):
            a, b = pair.split(":")
            for slug in games:
                options = (
                    None
                    if args.measure == "deal"
                    else (ONE_DEAL if args.one_deal else SHORT).get(slug)
                )
                summary = arena.run(
                    slug,
                    a,
                    b,
                    args.games,
                    seed=SEED_BASE.get(pair, 0) + args.seed_offset,
                    options=options,
                    jobs=args.jobs,
                    max_games=args.max_games,
                    measure=args.measure,
                    time_limit=args.time_scale or False,
                )
                summary["commit"] = rev
                with jsonl.open("a") as fh:
                    fh.write(json.dumps(summary) + "\n")
                print("\n".join(arena.report(summary)), flush=True)
                md.write_text(
                    markdown([json.loads(x) for x in jsonl.read_text().splitlines() if x.strip()])
                )
    rows = (
        [json.loads(x) for x in jsonl.read_text().splitlines() if x.strip()]
        if jsonl.exists()
        else []
    )
    md.write_text(markdown(rows))
    print(f"wrote {md} ({len(rows)} lines in {jsonl.name})")


if __name__ == "__main__":
    main()
