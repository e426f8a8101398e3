"""Arena: seeded matches between two bot levels, seats rotated over duplicate deals.

``python -m tabletop arena <slug> --a normal --b random --games N --seed S`` (see ``__main__``).

For each deal seed the same match (same shuffles: every deal comes from the state's seeded
generator; the same random streams for the bots) is played once per *seating*: configuration A in one seat and B in all the others,
A moving round the table (in a game of partnerships, declared as ``GameInfo.teams``, A holds one
side and B the other, each side in turn). Each match scores every seat by ``state.outcome()``'s
``value`` (1 first place, 0 last, linear in place, ties averaged; partners share their side's).
Per configuration the arena prints A's and B's mean value per seat and the difference A - B, with
95% confidence intervals taken over deal seeds (the seatings of one seed are not independent, so
they are averaged first). With equal strength A - B is 0; "A beats B" means the interval lies above
0. The bots play by their iteration budgets only (no time limit), so a run is reproducible.
"""

from __future__ import annotations

import math
import random
import statistics
import time

from .. import get_game
from ..playouts import play
from . import choose_action, player_hooks
from .worlds import Sampler


def seatings(game, players):
    """The seat sets of configuration A, one per seating: each seat, or each side of partners."""
    if game.teams:
        return [tuple(team) for team in game.teams]
    return [(s,) for s in range(players)]


def _ribs_contracts(before, state):
    """Ribs: the trick just resolved, as (leader, made); a matched trick counts as failed."""
    d = state.d
    done = len(d["tricks"])
    if done and (d["deal_number"], done) != (before["deal"], before["tricks"]):
        t = d["tricks"][-1]
        return [(t["leader"], bool(t["made"]))]
    return []


def _tuppi_contracts(before, state):
    """Tuppi: the deal just scored: a rami declarer made 7 tricks with his partner or failed; a
    soloist took no trick or failed (nolo deals have no contract holder)."""
    log = state.d["deal_log"]
    if len(log) == before["deals"]:
        return []
    _, mode, declarer, soloist, t0, t1, scoring = log[-1][:7]
    if mode == "rami":
        return [(declarer, scoring == declarer % 2)]
    if mode == "sooli":
        return [(soloist, scoring == soloist % 2)]
    return []


def _hold_my_beer_contracts(before, state):
    """Hold My Beer: the game just scored: each seat's prediction of its place, right or wrong."""
    sheet = state.d["score_sheet"]
    if len(sheet) == before["games"]:
        return []
    last = state.view(None)["last_game"]
    return [(s, last["bids"][s] == last["ranks"][s]) for s in range(state.players)]


def _forty_two_contracts(before, state):
    """42: the deal just scored, as (bidder, made): the bidder's team made its bid or was set (a
    thrown-in deal has no bidder). After a plunge the bidder is still the seat that bid it."""
    log = state.d["log"]
    if len(log) == before["deals"]:
        return []
    last = log[-1]
    if last["made"] is None:
        return []
    return [(last["bidder"], bool(last["made"]))]


def _stop_the_bus_stops(before, state):
    """Stop the Bus: the showdown just held after a stop, as (stopper, kept): a stop fails when the
    stopper is among the hands that lose a life (or, in points mode, not among the best)."""
    ls = state.d["last_showdown"]
    if ls is None or ls["deal"] == before["showdown"] or ls["stopper"] is None:
        return []
    if state.options["scoring"] == "points":
        return [(ls["stopper"], ls["stopper"] in ls["best"])]
    return [(ls["stopper"], ls["void"] or ls["stopper"] not in ls["losers"])]


# Per bidding game: what to remember before a move, and the contracts (or predictions) a move
# settled, as (seat, kept); and Stop the Bus's stops, its one call on the hand. The arena reports
# the failure rate per level.
CONTRACTS = {
    "ribs": (
        lambda st: {"deal": st.d["deal_number"], "tricks": len(st.d["tricks"])},
        _ribs_contracts,
    ),
    "tuppi": (lambda st: {"deals": len(st.d["deal_log"])}, _tuppi_contracts),
    "hold_my_beer": (lambda st: {"games": len(st.d["score_sheet"])}, _hold_my_beer_contracts),
    "forty_two": (lambda st: {"deals": len(st.d["log"])}, _forty_two_contracts),
    "stop_the_bus": (
        lambda st: {"showdown": (st.d["last_showdown"] or {}).get("deal")},
        _stop_the_bus_stops,
    ),
}


def play_match(
    slug,
    players,
    options,
    seed,
    levels,
    bot_seed=0,
    contracts=None,
    first_deal=False,
    time_limit=False,
):
    """Play one seeded match with ``levels[seat]`` at each seat; (state, times per seat).

    ``time_limit``: False plays the searches by their iteration budgets (reproducible); True or a
    factor plays them with their time limits, multiplied by it (``choose_action``).

    ``contracts`` (a list): gets (seat, kept) for every contract or prediction settled, in a
    bidding game (``CONTRACTS``). ``first_deal``: stop when the first deal (the game's
    ``BotHooks.deal_id``) has been scored, the game itself unfinished."""
    game = get_game(slug)
    state = game.new_state(players=players, options=options, seed=seed)
    rng = random.Random(f"{slug}/{seed}/{bot_seed}")
    times = [[] for _ in range(players)]  # (wall, cpu) seconds per decision

    def choose(state):
        seat = rng.choice(state.to_move())
        view = state.view(seat)
        level = levels[seat]
        started, started_cpu = time.perf_counter(), time.process_time()
        sampler = Sampler(state, seat) if level != "random" else None
        action = choose_action(
            slug, view, level, rng.randrange(2**31), sampler=sampler, time_limit=time_limit
        )
        if level != "random" and len(view["legal_actions"]) > 1:
            times[seat].append((time.perf_counter() - started, time.process_time() - started_cpu))
        return seat, action

    track = CONTRACTS.get(slug) if contracts is not None else None
    on_step = None
    if track is not None:
        remember, settled = track
        before = [remember(state)]

        def on_step(state, seat, action):
            contracts.extend(settled(before[0], state))
            before[0] = remember(state)

    if first_deal:
        deal_id = player_hooks(slug).deal_id
        if deal_id is None:
            raise ValueError(
                f"{slug}: the game declares no deal_id, so it has no first deal to stop at"
            )
        start = deal_id(state)
        guard = 0
        while not state.is_over() and deal_id(state) == start:
            guard += 1
            if guard > game.max_actions:
                raise RuntimeError(
                    f"{slug}: the first deal did not end within {game.max_actions} actions"
                )
            seat, action = choose(state)
            state.apply(seat, action)
            if on_step is not None:
                on_step(state, seat, action)
        return state, times
    play(state, choose, on_step=on_step)
    return state, times


def _task(args):
    slug, players, options, seed, seating, a, b, measure, time_limit = args
    levels = [a if s in seating else b for s in range(players)]
    contracts = []
    # One bot seed per deal seed, the same for every seating: the bots' random streams are then
    # common to the seatings of a deal, so where A decides as B would, the seatings replay the same
    # match and their values average to exactly the even share; what is left is the effect of A's
    # differing decisions (common random numbers; a per-seating seed added the bots' own luck).
    state, times = play_match(
        slug,
        players,
        options,
        seed,
        levels,
        bot_seed=0,
        contracts=contracts,
        first_deal=measure == "deal",
        time_limit=time_limit,
    )
    if measure == "deal":
        # The first deal of a whole game, each seat scored by the game's own deal score (the
        # search's reward: penalty points, the teams' swing, a life lost), finer than a place.
        reward = player_hooks(slug).reward
        value = [reward(state, s) for s in range(players)]
    else:
        value = state.outcome()["value"]
    a_seats = list(seating)
    b_seats = [s for s in range(players) if s not in seating]
    mean = statistics.fmean
    return {
        "seed": seed,
        "seating": list(seating),
        "a": mean(value[s] for s in a_seats),
        "b": mean(value[s] for s in b_seats),
        "even": mean(value),
        "a_times": [t for s in a_seats for t in times[s]],
        "b_times": [t for s in b_seats for t in times[s]],
        "a_contracts": [kept for s, kept in contracts if s in seating],
        "b_contracts": [kept for s, kept in contracts if s not in seating],
    }


def ci95(values):
    """(mean, half-width of the 95% normal interval)."""
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, float("inf")
    return m, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def _pct(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def run(
    slug,
    a,
    b,
    games,
    seed=0,
    players=None,
    options=None,
    jobs=1,
    progress=None,
    max_games=None,
    measure="match",
    time_limit=False,
):
    """Play about ``games`` matches (whole deal seeds, each with every seating); a summary dict.

    ``max_games``: while the 95% interval of A - B still crosses 0, play as many deal seeds again,
    up to about ``max_games`` matches in all (the summary says how many were played).
    ``measure``: ``match`` scores each seat by its place at the end of the game
    (``outcome()["value"]``); ``deal`` plays only the first deal of the game and scores it by the
    game's deal score (``BotHooks.reward``, in [0, 1]), which tells a small edge with fewer deals.
    ``time_limit``: as in ``play_match`` (a time-limited run is not reproducible)."""
    if measure not in ("match", "deal"):
        raise ValueError(f"unknown measure {measure!r}: match or deal")
    game = get_game(slug)
    players = players or game.default_players
    # Checked here, with the game's defaults filled in; a default of null ("the game decides", as
    # Chiryaku Akuryaku's rounds: one per player) is left out, as a saved game leaves it out.
    options = {k: v for k, v in game.check_options(options or {}, players).items() if v is not None}
    seats = seatings(game, players)
    batch = max(1, math.ceil(games / len(seats)))
    limit = max(batch, math.ceil((max_games or games) / len(seats)))
    started = time.perf_counter()
    rows = []
    seeds = 0
    while True:
        tasks = [
            (slug, players, options, seed + i, seating, a, b, measure, time_limit)
            for i in range(seeds, seeds + batch)
            for seating in seats
        ]
        seeds += batch
        if jobs > 1:
            import multiprocessing

            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                for row in pool.imap(_task, tasks):
                    rows.append(row)
                    if progress:
                        progress(len(rows), len(tasks))
        else:
            for t in tasks:
                rows.append(_task(t))
                if progress:
                    progress(len(rows), len(tasks))
        diffs = _per_seed(rows, lambda r: r["a"] - r["b"])
        m, h = ci95(diffs)
        if m - h > 0 or m + h < 0 or seeds + batch > limit:
            break

    def by_seed(fn):
        return _per_seed(rows, fn)

    out = {
        "slug": slug,
        "players": players,
        "options": options,
        "a": a,
        "b": b,
        "measure": measure,
        "time_limit": time_limit,
        "matches": len(rows),
        "seeds": seeds,
        "seatings": len(seats),
        "first_seed": seed,
        "a_score": ci95(by_seed(lambda r: r["a"])),
        "b_score": ci95(by_seed(lambda r: r["b"])),
        "diff": ci95(by_seed(lambda r: r["a"] - r["b"])),
        "even": statistics.fmean(r["even"] for r in rows),
        "seconds": time.perf_counter() - started,
        "per_seed_diff": [round(x, 4) for x in by_seed(lambda r: r["a"] - r["b"])],
    }
    if slug in CONTRACTS:
        for side in ("a", "b"):
            kept = [k for r in rows for k in r[side + "_contracts"]]
            out[side + "_contracts"] = {"n": len(kept), "failed": sum(1 for k in kept if not k)}
    for side in ("a", "b"):
        wall = [t[0] for r in rows for t in r[side + "_times"]]
        cpu = [t[1] for r in rows for t in r[side + "_times"]]
        out[side + "_times"] = {
            "n": len(wall),
            "p50": _pct(wall, 0.5),
            "p95": _pct(wall, 0.95),
            "cpu_p50": _pct(cpu, 0.5),
            "cpu_p95": _pct(cpu, 0.95),
        }
    return out


def _per_seed(rows, fn):
    """``fn`` averaged over the seatings of each deal seed, in seed order."""
    groups = {}
    for row in rows:
        groups.setdefault(row["seed"], []).append(fn(row))
    return [statistics.fmean(groups[k]) for k in sorted(groups)]


def report(out):
    """Human-readable lines for ``run``'s summary."""
    opts = ", ".join(f"{k}={v}" for k, v in out["options"].items())
    lines = [
        f"{out['slug']} ({out['players']} players; {opts}): A={out['a']} vs B={out['b']}, "
        f"{out['matches']} matches = {out['seeds']} deal seeds x {out['seatings']} seatings, "
        f"seeds {out['first_seed']}..{out['first_seed'] + out['seeds'] - 1}, {out['seconds']:.0f} s"
        + (", first deal of each game only" if out.get("measure") == "deal" else "")
    ]

    def fmt(ci, signed=False):
        m, h = ci
        return (f"{m:+.3f}" if signed else f"{m:.3f}") + f" ± {h:.3f}"

    what = (
        "first deal's score per seat (the game's reward)"
        if out.get("measure") == "deal"
        else "value per seat (first 1, last 0)"
    )
    lines.append(
        f"  {what}: A {fmt(out['a_score'])}   B {fmt(out['b_score'])}   (even: {out['even']:.3f})"
    )
    d, h = out["diff"]
    verdict = "A better" if d - h > 0 else "B better" if d + h < 0 else "no clear difference"
    lines.append(f"  A - B: {fmt(out['diff'], True)}  -> {verdict} (95% CI)")
    if "a_contracts" in out:
        parts = []
        for side in ("a", "b"):
            c = out[side + "_contracts"]
            rate = f"{c['failed'] / c['n']:.0%}" if c["n"] else "-"
            parts.append(f"{side.upper()} ({out[side]}) {c['failed']}/{c['n']} = {rate}")
        what = {"hold_my_beer": "predictions", "stop_the_bus": "stops (the stopper lost)"}.get(
            out["slug"], "contracts"
        )
        lines.append(f"  failed {what}: " + "   ".join(parts))
    for side in ("a", "b"):
        t = out[side + "_times"]
        if t["n"]:
            lines.append(
                f"  {side.upper()} decision time: wall p50 {t['p50'] * 1000:.0f} ms, p95 {t['p95'] * 1000:.0f} ms; "
                f"cpu p50 {t['cpu_p50'] * 1000:.0f} ms, p95 {t['cpu_p95'] * 1000:.0f} ms ({t['n']} decisions)"
            )
    return lines
