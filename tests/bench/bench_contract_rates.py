"""How each computer level handles its contracts: 42's bids made and set, Watten's raise answers.

    python3 tests/bench/bench_contract_rates.py [--levels heuristic,easy,normal,strong]
        [--deals heuristic=300,easy=300,normal=48,strong=24] [--games forty_two,watten]
        [--seed 1000] [--oracle N] [--oracle-noise 0.1] [--blind] [--out FILE.json]

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
With ``--oracle N`` (N > 0) each answer is also judged against an oracle that sees the true
state (``watten_oracle``): N playouts of the deal after ``accept`` from the true full state, every
seat playing the rule-based player's card play on its own view (a blind seat, in Blind Watten,
votes over the Schlag and trump it cannot tell apart, as the rule-based player does) with one card
in ten random, and nobody raising again. Its share of deals the answering side takes is the
oracle's P; accepting is right when P > 1/(2(stake+1)) or when folding hands the raisers the
match (``raise_answer_right``). Per level: folds of won deals, accepts of lost deals, and the
mean points given away against the oracle's better answer.

    python3 tests/bench/bench_contract_rates.py --games watten --oracle 96 [--out FILE.json]
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
from tabletop.players import watten as watten_players  # noqa: E402
from tabletop.players.forty_two import _estimate  # noqa: E402

LEVELS = ["heuristic", "easy", "normal", "strong"]
DEALS = {"heuristic": 300, "easy": 300, "normal": 48, "strong": 24}


def play_first_deal(slug, seed, level, on_step, options=None):
    """Play the first deal of a seeded four-player game, every seat at ``level``; the state."""
    game = get_game(slug)
    state = game.new_state(players=4, seed=seed, options=options)
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


def watten_oracle(state, seat, playouts, rng, noise=0.1):
    """The answering ``seat``'s side's share of ``playouts`` deals taken after ``accept``, played
    out from the TRUE state (every hand where it lies) by the rule-based card play on each seat's
    own view, a card at random with chance ``noise`` (one in ten), nobody raising again (both sides barred in the copy, as
    if gestrichen, so the deal is played at the accepted stake). A blind seat plays without the
    trump: ``bot_heuristic`` votes over the (Schlag, trump) pairs the finished tricks allow."""
    base = state.clone()
    base.apply(seat, "accept")
    target = base.d["options"]["target_score"]
    base.d["scores"] = [target - 2] * len(base.d["scores"])
    logged = len(base.d["deal_log"])
    won = 0
    for _ in range(playouts):
        sim = base.clone()
        while len(sim.d["deal_log"]) == logged:
            (s,) = sim.to_move()
            cards = [a for a in sim.legal_actions(s) if a.startswith("play ")]
            if sim.d["phase"] == "play" and cards and rng.random() < noise:
                action = rng.choice(cards)
            else:
                action = watten_players.bot_heuristic(sim, s, rng)
            sim.apply(s, action)
        won += seat in sim.d["deal_log"][-1]["scoring_seats"]
    return won / playouts


def raise_answer_right(p, stake, lost_anyway):
    """The better answer by the oracle's P and the points the other one gives away in
    expectation: accepting is worth (2P - 1)(stake + 1), folding -stake."""
    accept_ev = (2 * p - 1) * (stake + 1)
    fold_ev = -stake
    if lost_anyway:
        return "accept", 0.0 if accept_ev >= fold_ev else fold_ev - accept_ev
    best = "accept" if accept_ev > fold_ev else "fold"
    return best, abs(accept_ev - fold_ev)


def watten(level, seeds, oracle=0, noise=0.1, options=None):
    answers = []  # (seed, seat, verb)
    deals_raised = 0
    for seed in seeds:
        mine, raised = [], []

        def on_step(state, seat, action, when, mine=mine, raised=raised):
            if when == "before" and action in ("accept", "fold"):
                row = [seat, action, None]
                if oracle:
                    d = state.d
                    raiser = d["raise_pending"]
                    lost_anyway = any(
                        d["scores"][state.entry_of(s)] + d["stake"] >= d["options"]["target_score"]
                        for s in state.side_seats(state.side_of(raiser))
                    )
                    table = state.table()[0]
                    p = watten_oracle(
                        state,
                        seat,
                        oracle,
                        random.Random(f"watten/{seed}/{len(mine)}/oracle"),
                        noise,
                    )
                    best, gap = raise_answer_right(p, d["stake"], lost_anyway)
                    # The rule-based answer at the same position: a paired comparison.
                    rule = watten_players.bot_heuristic(state, seat, random.Random(0))
                    row[2] = {
                        "oracle_p": p,
                        "stake_before": d["stake"],
                        "threshold": 1 / (2 * (d["stake"] + 1)),
                        "lost_anyway": lost_anyway,
                        "best": best,
                        "right": action == best,
                        "given_away": 0.0 if action == best else gap,
                        "rule_answer": rule,
                        "knows_trump": state.knows_trump(seat),
                        "raiser_knows_trump": state.knows_trump(raiser),
                        "count": watten_players._answer_count(state, seat, table),
                        "rule_given_away": 0.0 if rule == best else gap,
                        "rule_estimate": watten_players._estimate(state, seat, table),
                        "raiser": raiser,
                        "schlag": d["schlag"],
                        "trump": d["trump"],
                        "hand": list(d["hands"][seat]),
                        "played": [list(x) for t in d["history"] for x in t["cards"]]
                        + [list(x) for x in d["trick"]],
                        "signals": [list(x) for x in d["signals"]],
                        "tricks": [state.side_tricks(seat % 2), state.side_tricks(1 - seat % 2)],
                        "cards_played": sum(len(h["cards"]) for h in d["history"])
                        + len(d["trick"]),
                    }
                mine.append(row)
            if when == "before" and action == "raise":
                raised.append(seat)

        state = play_first_deal("watten", seed, level, on_step, options)
        rec = state.d["deal_log"][0]
        raises = len(raised)
        deals_raised += bool(mine)
        for seat, verb, judged in mine:
            answers.append(
                {
                    "seed": seed,
                    "seat": seat,
                    "answer": verb,
                    "won": rec["scoring_team"] == seat % 2 if verb == "accept" else False,
                    "stake": rec["points"],
                    "raises_in_deal": raises,
                    **(judged or {}),
                }
            )
    n = len(answers)
    folds = sum(1 for a in answers if a["answer"] == "fold")
    accepts = n - folds
    won = sum(1 for a in answers if a["answer"] == "accept" and a["won"])
    judged = {}
    if oracle:
        judged = {
            "oracle_playouts": oracle,
            "folds_of_won_deals": sum(
                1 for a in answers if a["answer"] == "fold" and a["best"] == "accept"
            ),
            "accepts_of_lost_deals": sum(
                1 for a in answers if a["answer"] == "accept" and a["best"] == "fold"
            ),
            "wrong": sum(1 for a in answers if not a["right"]),
            "mean_given_away": sum(a["given_away"] for a in answers) / n if n else None,
            # what the rule-based answer would have given away at the very same positions
            "rule_mean_given_away": (sum(a["rule_given_away"] for a in answers) / n if n else None),
            "rule_disagrees": sum(1 for a in answers if a["rule_answer"] != a["answer"]),
            "oracle_accepts": sum(1 for a in answers if a["best"] == "accept"),
        }
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
        **judged,
        "rows": answers,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--deals", default=",".join(f"{k}={v}" for k, v in DEALS.items()))
    ap.add_argument("--games", default="forty_two,watten")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument(
        "--oracle",
        type=int,
        default=0,
        help="Watten: judge each answer by this many playouts from the true state (0: not judged)",
    )
    ap.add_argument(
        "--oracle-noise",
        type=float,
        default=0.1,
        help="Watten: the oracle's playouts play a random card with this chance",
    )
    ap.add_argument("--blind", action="store_true", help="Watten: Blind Watten (option blind)")
    ap.add_argument("--out")
    args = ap.parse_args()
    deals = dict(DEALS)
    for part in args.deals.split(","):
        k, v = part.split("=")
        deals[k] = int(v)
    out = {"seed": args.seed, "command": " ".join(sys.argv), "blind": args.blind, "results": {}}
    for slug in args.games.split(","):
        for level in args.levels.split(","):
            seeds = list(range(args.seed, args.seed + deals[level]))
            started = time.perf_counter()
            if slug == "forty_two":
                res = forty_two(level, seeds)
            else:
                res = watten(
                    level,
                    seeds,
                    oracle=args.oracle,
                    noise=args.oracle_noise,
                    options={"blind": True} if args.blind else None,
                )
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
