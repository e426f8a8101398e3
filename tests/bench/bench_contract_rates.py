"""How each computer level handles its contracts: 42's bids made and set, Watten's raise answers.

    python3 tests/bench/bench_contract_rates.py [--levels heuristic,easy,normal,strong]
        [--deals heuristic=300,easy=300,normal=48,strong=24] [--games forty_two,watten]
        [--seed 1000] [--out FILE.json]

Self-play: all four seats at one level, the first deal of a game per seed (seeds ``--seed`` on),
each decision by ``tabletop.bots.choose_action`` with ``time_limit=False`` (iteration budgets:
reproducible) and a ``worlds.Sampler`` for the deciding seat, as the arena plays.

42, per level: the deals some team won the bid (thrown-in deals counted apart), how many the bid
was made and how many set, apart for the dealer forced to bid 30 after three passes (option
``all_pass="forced_dealer"``); the winning bids' distribution, and for each winning bid the
bidder's hand at the deal's start: the rule-based player's price of its best call (``_estimate``,
rules section 13.1), its doubles and, for a suit call, its tiles of the trump suit.

Watten, per level: every answer to a raise (``accept`` / ``fold``), and of the accepted raises
how many the answering seat's side went on to win the deal (``deal_log[-1]["scoring_team"]``).
Whether a fold was right is not observable (the deal ends), so it is not measured.
"""

import argparse
import collections
import json
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

from tabletop import get_game  # noqa: E402
from tabletop.bots import choose_action  # noqa: E402
from tabletop.bots.worlds import Sampler  # noqa: E402
from tabletop.players.forty_two import _estimate  # noqa: E402

LEVELS = ["heuristic", "easy", "normal", "strong"]
DEALS = {"heuristic": 300, "easy": 300, "normal": 48, "strong": 24}


def play_first_deal(slug, seed, level, on_step):
    """Play the first deal of a seeded four-player game, every seat at ``level``; the state."""
    game = get_game(slug)
    state = game.new_state(players=4, seed=seed)
    rng = random.Random(f"{slug}/{seed}/rates")
    log_key = "log" if slug == "forty_two" else "deal_log"
    guard = 0
    while not state.is_over() and not state.d[log_key]:
        guard += 1
        if guard > game.max_actions:
            raise RuntimeError(f"{slug}: the first deal did not end")
        seat = rng.choice(state.to_move())
        view = state.view(seat)
        action = choose_action(
            slug,
            view,
            level,
            rng.randrange(2**31),
            sampler=Sampler(state, seat),
            time_limit=False,
        )
        on_step(state, seat, action, "before")
        state.apply(seat, action)
        on_step(state, seat, action, "after")
    return state


def forty_two(level, seeds):
    bids = collections.Counter()
    made = collections.Counter()  # bid -> made count
    rows = []
    thrown_in = 0
    for seed in seeds:
        start = {}

        def on_step(state, seat, action, when, start=start):
            if when == "before" and not start:
                start["hands"] = [list(h) for h in state.d["hands"]]
            if when == "before" and action.startswith("bid "):
                # a dealer left to bid after three passes (all_pass="forced_dealer") must bid
                start["forced"] = "pass" not in state.view(seat)["legal_actions"]

        state = play_first_deal("forty_two", seed, level, on_step)
        rec = state.d["log"][0]
        if rec["made"] is None:
            thrown_in += 1
            continue
        hand = start["hands"][rec["bidder"]]
        doubles = sum(1 for t in hand if t.split("-")[0] == t.split("-")[1])
        contract = rec["contract"]
        trumps = None
        if contract is not None and contract.isdigit():
            trumps = sum(1 for t in hand if contract in t.split("-"))
        elif contract == "doubles":
            trumps = doubles
        calls = [str(n) for n in range(7)] + ["doubles", "followme"]
        estimate = max(_estimate(hand, c)[0] for c in calls)
        bids[rec["bid"]] += 1
        made[rec["bid"]] += bool(rec["made"])
        rows.append(
            {
                "seed": seed,
                "bid": rec["bid"],
                "contract": contract,
                "made": rec["made"],
                "forced": start.get("forced", False),
                "estimate": estimate,
                "doubles": doubles,
                "trumps": trumps,
                "points": rec["points"][rec["bidder"] % 2],
            }
        )
    n = len(rows)
    n_made = sum(1 for r in rows if r["made"])
    forced = [r for r in rows if r["forced"]]
    marks = [r for r in rows if r["bid"].endswith("m") or r["bid"] == "plunge"]
    return {
        "deals": len(seeds),
        "thrown_in": thrown_in,
        "bid_won": n,
        "made": n_made,
        "set": n - n_made,
        "made_rate": n_made / n if n else None,
        "forced": {"n": len(forced), "made": sum(1 for r in forced if r["made"])},
        "unforced": {"n": n - len(forced), "made": n_made - sum(1 for r in forced if r["made"])},
        "mark_bids": [
            {k: r[k] for k in ("seed", "bid", "estimate", "trumps", "doubles", "made")}
            for r in marks
        ],
        "min_estimate_of_a_mark_bid": min((r["estimate"] for r in marks), default=None),
        "bids": {b: {"n": bids[b], "made": made[b]} for b in sorted(bids, key=_bid_order)},
        "rows": rows,
    }


def _bid_order(bid):
    if bid == "plunge":
        return 1000
    return 100 * int(bid[:-1]) if bid.endswith("m") else int(bid)


def watten(level, seeds):
    answers = []  # (seed, seat, verb)
    deals_raised = 0
    for seed in seeds:
        mine, raised = [], []

        def on_step(state, seat, action, when, mine=mine, raised=raised):
            if when == "before" and action in ("accept", "fold"):
                mine.append([seat, action])
            if when == "before" and action == "raise":
                raised.append(seat)

        state = play_first_deal("watten", seed, level, on_step)
        rec = state.d["deal_log"][0]
        raises = len(raised)
        deals_raised += bool(mine)
        for seat, verb in mine:
            answers.append(
                {
                    "seed": seed,
                    "seat": seat,
                    "answer": verb,
                    "won": rec["scoring_team"] == seat % 2 if verb == "accept" else False,
                    "stake": rec["points"],
                    "raises_in_deal": raises,
                }
            )
    n = len(answers)
    folds = sum(1 for a in answers if a["answer"] == "fold")
    accepts = n - folds
    won = sum(1 for a in answers if a["answer"] == "accept" and a["won"])
    return {
        "deals": len(seeds),
        "deals_with_an_answer": deals_raised,
        "answers": n,
        "folds": folds,
        "accepts": accepts,
        "accepted_won": won,
        "fold_rate": folds / n if n else None,
        "accept_rate": accepts / n if n else None,
        "accepted_won_rate": won / accepts if accepts else None,
        "rows": answers,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--deals", default=",".join(f"{k}={v}" for k, v in DEALS.items()))
    ap.add_argument("--games", default="forty_two,watten")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--out")
    args = ap.parse_args()
    deals = dict(DEALS)
    for part in args.deals.split(","):
        k, v = part.split("=")
        deals[k] = int(v)
    out = {"seed": args.seed, "command": " ".join(sys.argv), "results": {}}
    for slug in args.games.split(","):
        for level in args.levels.split(","):
            seeds = list(range(args.seed, args.seed + deals[level]))
            started = time.perf_counter()
            res = (forty_two if slug == "forty_two" else watten)(level, seeds)
            res["seconds"] = round(time.perf_counter() - started, 1)
            out["results"].setdefault(slug, {})[level] = res
            summary = {k: v for k, v in res.items() if k != "rows"}
            print(slug, level, json.dumps(summary), flush=True)
            if args.out:
                pathlib.Path(args.out).write_text(json.dumps(out, indent=1) + "\n")
    if args.out:
        pathlib.Path(args.out).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
