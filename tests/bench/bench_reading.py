#!/usr/bin/env python3
"""Can the search read the other seats' cards from their plays? Slobberhannes and Tuppi (issue #18).

    python3 tests/bench/bench_reading.py --game slobberhannes --variant queen|queentruth|plays \
        [--level strong] [--eps 0.35] [--pool 200] [--games 192] [--seed 4000] [--jobs 1] [--json out.jsonl]
    python3 tests/bench/bench_reading.py --game slobberhannes|tuppi --rank [--deals 6]

Each variant is the search at ``--level`` (strong: its budget and endgame) with worlds drawn
differently, against ``normal`` on the first deal of a default game (``arena.run(measure="deal")``):

    plays       worlds weighed by how likely the other seats' plays of this deal are in them, if they
                played as the rule-based player (``BotHooks.heuristic``), straying from it with
                probability ``--eps`` to any other legal card: ``--pool`` worlds drawn once per
                decision, each iteration takes one of them in proportion to its weight.
    queen       (Slobberhannes) the queen of clubs is never dealt to a seat that passed up a sure
                chance to shed it: void in the led suit it threw another card, or it followed clubs
                under a winning ace or king of clubs with another club.
    queentruth  (Slobberhannes; cheats, not a level) the queen of clubs where it really is, the
                other hidden cards redealt: what knowing that one card is worth.

``--rank`` self-plays ``--deals`` deals by ``normal`` and prints how often the rule-based player
chooses normal's card (how good a model of the opponents it is), and where the true position ranks
among 50 worlds by that likelihood (25 of 50: the plays tell nothing).
"""

import argparse
import bisect
import math
import pathlib
import random
import statistics
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "py"))

from bench_strong_variants import run_against_normal  # noqa: E402

import tabletop.bots as bots  # noqa: E402
from tabletop import get_game  # noqa: E402
from tabletop.bots import budget, worlds  # noqa: E402
from tabletop.bots.ismcts import search  # noqa: E402
from tabletop.games import slobberhannes, tuppi  # noqa: E402
from tabletop.players import slobberhannes as slobberhannes_players  # noqa: E402
from tabletop.players import tuppi as tuppi_players  # noqa: E402
from tabletop.tricks import new_trick, winning_play  # noqa: E402


def _replay_likelihood(
    world, seat, plays, start, heuristic, suit_of, value, order, players, eps, fresh
):
    """Log-likelihood of the other seats' ``plays`` (seat, card in play order, this deal) in
    ``world``: the world's hands before the first of them are its hands plus the cards played;
    the plays are replayed on a copy (``fresh(copy)`` resets the deal's trick records) and each
    non-forced one scored by whether the rule-based player would have chosen it there."""
    r = world.clone()
    rd = r.d
    hands = [list(h) for h in world.d["hands"]]
    for s, c in plays:
        hands[s].append(c)
    rd["hands"] = [sorted(h, key=order.__getitem__) for h in hands]
    fresh(rd)
    rd["trick"] = new_trick(start)
    ll, keep, stray = 0.0, math.log(1 - eps), math.log(eps)
    for s, c in plays:
        if s != seat:
            hand = rd["hands"][s]
            cards = rd["trick"]["cards"]
            same = [x for x in hand if cards and x[1] == cards[0][1][1]]
            k = len(same or hand)
            if k > 1:
                ll += keep if heuristic(r, s, None) == "play " + c else stray - math.log(k - 1)
        rd["hands"][s].remove(c)
        cards = rd["trick"]["cards"]
        cards.append([s, c])
        if len(cards) == players:
            winner = winning_play(cards, suit_of, value)[0]
            rd["history"].append([rd["trick"]["leader"], winner] + [x for _, x in cards])
            rd["tricks_played"] += 1
            if "tricks" in rd:
                rd["tricks"][winner % 2] += 1
            rd["trick"] = new_trick(winner)
    return ll


def slobberhannes_likelihood(world, seat, eps):
    d = world.d
    n = d["players"]
    plays = [((t[0] + i) % n, c) for t in d["history"] for i, c in enumerate(t[2:])]
    plays += [(s, c) for s, c in d["trick"]["cards"]]
    if not plays:
        return 0.0
    start = d["history"][0][0] if d["history"] else d["trick"]["leader"]

    def fresh(rd):
        rd.update(history=[], tricks_played=0)

    return _replay_likelihood(
        world,
        seat,
        plays,
        start,
        slobberhannes_players.bot_heuristic,
        slobberhannes.suit_of,
        slobberhannes.rank_value,
        slobberhannes.ORDER,
        n,
        eps,
        fresh,
    )


def tuppi_likelihood(world, seat, eps):
    d = world.d
    if d["phase"] != "play" or d["mode"] not in ("rami", "nolo"):
        return 0.0
    plays = [p for t in tuppi_players._trick_plays(world) for p in t]
    if not plays:
        return 0.0
    start = d["history"][0][0] if d["history"] else d["trick"]["leader"]

    def fresh(rd):
        rd.update(history=[], tricks_played=0, tricks=[0, 0])

    return _replay_likelihood(
        world,
        seat,
        plays,
        start,
        tuppi_players.bot_heuristic,
        tuppi.card_suit,
        tuppi.normal_value,
        tuppi.ORDER,
        4,
        eps,
        fresh,
    )


LIKELIHOOD = {"slobberhannes": slobberhannes_likelihood, "tuppi": tuppi_likelihood}


class Pool:
    """A sampler over ``size`` worlds drawn once from ``sampler``, each handed out (as a copy) in
    proportion to ``exp(loglik(world))``."""

    def __init__(self, sampler, loglik, size, rng):
        self.seat = sampler.seat
        self.worlds = [sampler(rng) for _ in range(size)]
        ll = [loglik(w, self.seat) for w in self.worlds]
        top = max(ll)
        total, self.cum = 0.0, []
        for x in ll:
            total += math.exp(x - top)
            self.cum.append(total)

    def __call__(self, rng):
        i = bisect.bisect_left(self.cum, rng.random() * self.cum[-1])
        return self.worlds[min(i, len(self.worlds) - 1)].clone()


QUEEN = slobberhannes.QUEEN


def queen_free(d):
    """Seats that passed up a sure chance to shed the queen of clubs this deal (so do not hold it)."""
    n, value = d["players"], slobberhannes.rank_value
    tricks = [[((t[0] + i) % n, c) for i, c in enumerate(t[2:])] for t in d["history"]]
    tricks.append([tuple(p) for p in d["trick"]["cards"]])
    free = set()
    for trick in tricks:
        if not trick:
            continue
        led, best = trick[0][1][1], trick[0][1]
        for s, c in trick[1:]:
            if c == QUEEN:
                break
            if c[1] != led:
                free.add(s)
            elif led == "C" and value(best) > value(QUEEN) and value(c) < value(best):
                free.add(s)
            if c[1] == led and value(c) > value(best):
                best = c
    return free


class QueenSampler(worlds.Sampler):
    """Slobberhannes worlds with the queen of clubs placed by ``queen_free`` (or, ``truth``, where it is)."""

    __slots__ = ("truth",)

    def __call__(self, rng):
        state, seat = self._state, self.seat
        d = state.d
        voids = slobberhannes_players._voids(state)
        if self.truth:  # the diagnosis only: reads the real hands
            holder = next((s for s, h in enumerate(d["hands"]) if QUEEN in h), None)
            ok = lambda s, c: (  # noqa: E731
                c[1] not in voids.get(s, ()) and (c != QUEEN or holder is None or s == holder)
            )
        else:
            free = queen_free(d)
            ok = lambda s, c: c[1] not in voids.get(s, ()) and not (c == QUEEN and s in free)  # noqa: E731
        world = worlds.deal_hands(state, seat, rng, ok)
        w = world.d
        w["revokes"] = [r if s == seat else 0 for s, r in enumerate(w["revokes"])]
        w["deals"] = w["deals"][: w["deals_played"] + 1]
        return world


def chooser(variant, level, eps, pool):
    plain = bots.choose_action

    def choose(slug, view, lvl="random", seed=0, sampler=None, time_limit=True):
        if lvl != "variant":
            return plain(slug, view, lvl, seed, sampler=sampler, time_limit=time_limit)
        if len(view["legal_actions"]) == 1:
            return view["legal_actions"][0]
        if variant in ("queen", "queentruth"):
            queen = QueenSampler(sampler._state, sampler.seat)
            queen.truth = variant == "queentruth"
            return plain(slug, view, level, seed, sampler=queen, time_limit=time_limit)
        hooks = bots.player_hooks(slug)
        weighted = Pool(
            sampler, lambda w, s: LIKELIHOOD[slug](w, s, eps), pool, random.Random(seed ^ 0x5EED)
        )
        if level == "strong" and hooks.endgame is not None:
            action = hooks.endgame(view, weighted, random.Random(seed))
            if action is not None:
                return action
        return search(hooks, view, weighted, iterations=budget(slug, level)[0], seed=seed)

    return choose


def rank(slug, deals, eps_list=(0.2, 0.35, 0.5)):
    from tabletop.bots import choose_action
    from tabletop.bots.worlds import Sampler

    game = get_game(slug)
    hooks = bots.player_hooks(slug)
    ranks = {e: [] for e in eps_list}
    agree = total = 0
    for i in range(deals):
        state = game.new_state(players=game.default_players, options={}, seed=80000 + i)
        rng = random.Random(i)
        while not state.is_over() and state.d["deals_played"] == 0:
            seat = state.to_move()[0]
            view = state.view(seat)
            action = choose_action(
                slug,
                view,
                "normal",
                rng.randrange(1 << 30),
                sampler=Sampler(state, seat),
                time_limit=False,
            )
            if state.d["phase"] == "play" and len(view["legal_actions"]) > 1:
                total += 1
                agree += hooks.heuristic(state, seat, None) == action
            if (
                state.d["phase"] == "play"
                and state.d["tricks_played"] >= 2
                and rng.random() < 0.12
                and LIKELIHOOD[slug](state, seat, 0.3) != 0.0
            ):
                sampler = Sampler(state, seat)
                sampled = [sampler(rng) for _ in range(50)]
                for e in eps_list:
                    true = LIKELIHOOD[slug](state, seat, e)
                    lls = [LIKELIHOOD[slug](w, seat, e) for w in sampled]
                    ranks[e].append(sum(x < true for x in lls) + 0.5 * sum(x == true for x in lls))
            state.apply(seat, action)
    print(
        f"{slug}: normal plays the rule-based player's card {agree}/{total} = {agree / max(1, total):.2f}"
    )
    for e in eps_list:
        print(
            f"  eps {e}: the true position's rank among 50 worlds (25: no information): "
            f"{statistics.fmean(ranks[e]):.1f} over {len(ranks[e])} positions"
        )


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", required=True, choices=sorted(LIKELIHOOD))
    p.add_argument("--variant", choices=("plays", "queen", "queentruth"), default="plays")
    p.add_argument("--level", choices=("normal", "strong"), default="strong")
    p.add_argument("--eps", type=float, default=0.35)
    p.add_argument("--pool", type=int, default=200)
    p.add_argument("--games", type=int, default=192)
    p.add_argument("--seed", type=int, default=4000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json")
    p.add_argument("--rank", action="store_true")
    p.add_argument("--deals", type=int, default=6)
    args = p.parse_args()
    if args.rank:
        return rank(args.game, args.deals)
    if args.variant != "plays" and args.game != "slobberhannes":
        p.error(f"--variant {args.variant} is for slobberhannes")
    name = f"{args.variant}-{args.level}" + (
        f"-eps{args.eps}-pool{args.pool}" if args.variant == "plays" else ""
    )
    run_against_normal(
        chooser(args.variant, args.level, args.eps, args.pool),
        name,
        args.game,
        args.games,
        args.seed,
        args.jobs,
        args.json,
    )


if __name__ == "__main__":
    main()
