"""鹿狩り's computer players (``tabletop.bots``): worlds, reward, the rule-based player, rollouts.

Declared as ``HOOKS``; the rules module, ``tabletop.games.deer_hunt``, only says that it has
players (``GameInfo.computer_players``) and imports nothing of them.

What a seat knows (rules section 9): its hand, every tile played this deal, and the deal method.
With a fair deal each team holds exactly one each of the balanced faces (6-6, 5-6, 4-6, 4-4; only
6-6 with ``fair_66``), so a seat without its team's copy knows that its partner has it, and a copy
that the opponents have not played is in one of their two hands. Worlds (``resample_world``) keep
that guarantee; nothing else about the others' hands can be read (no suits, so no voids). With
``fair_even`` a world keeps the pair guarantee but not "two of the four to each player" (a world
less informed, still honest).

Levels: ``heuristic`` is the rules file's rule-based player (section 13); easy / normal / strong
search (``tabletop.bots``) in such worlds, with the rule-based player (one random tile in ten) as
the rollout policy and the deal's margin as the reward. ``normal`` searches 200 iterations: 300
took 1.3 s for a first lead in CPython, too slow for Pyodide on a phone.
"""

from __future__ import annotations

from collections import Counter

from ..bots.worlds import reseed, timed
from ..core import BotHooks
from ..games.deer_hunt import (
    FAIR_GROUP,
    FULL_SET,
    ORDER,
    POINTS,
    SEATS,
    STRENGTH,
    next_seat,
    sort_hand,
    team_of,
    trick_winner,
)


def _played(d):
    """Tiles played this deal (public): the finished tricks and the trick on the table."""
    out = [t for kept in d["history"] for t in kept[2:]]
    out += [t for _, t in d["trick"]]
    return out


def _group(state):
    """The faces the deal method balances between the teams, or () when the deal in play came from
    an explicit setup (which need not be fair) or was shuffled at random."""
    method = state.d["options"]["deal"]
    if method == "random" or state.explicit_deal():
        return ()
    return ("6-6",) if method == "fair_66" else FAIR_GROUP


def _team_plays(d):
    """Per team, the faces its seats played this deal."""
    out = (Counter(), Counter())
    for kept in d["history"]:
        seat = kept[0]
        for t in kept[2:]:
            out[team_of(seat)][t] += 1
            seat = next_seat(seat)
    for seat, t in d["trick"]:
        out[team_of(seat)][t] += 1
    return out


def knowledge(state, seat):
    """(unseen, partner_known): the tiles ``seat`` cannot see, as a Counter, and those of them that
    the fair deal puts in its partner's hand."""
    d = state.d
    unseen = Counter(FULL_SET)
    unseen.subtract(d["hands"][seat])
    unseen.subtract(_played(d))
    plays = _team_plays(d)
    mine = Counter(d["hands"][seat])
    partner = Counter()
    partner_seat = (seat + 2) % SEATS
    if d["hands"][partner_seat]:
        for face in _group(state):
            if unseen[face] > 0 and mine[face] + plays[team_of(seat)][face] == 0:
                partner[face] = 1
    return +unseen, partner


_PLACEHOLDER = [list(FULL_SET[8 * s : 8 * s + 8]) for s in range(SEATS)]


def resample_world(state, seat, rng):
    """A world for ``seat``: the tiles it cannot see dealt again to the other three hands (each
    keeping its count), the fair deal's guarantee kept: a balanced face its team has not shown goes
    to the partner, one the opponents have not shown to one of them. Explicit deals are blanked
    (the seat does not know them) and the world's generator is reseeded."""
    world = state.clone()
    d = world.d
    unseen, _ = knowledge(state, seat)
    pool = sort_hand([t for t, n in unseen.items() for _ in range(n)])  # deck order, then shuffled
    room = {s: len(d["hands"][s]) for s in range(SEATS) if s != seat and d["hands"][s]}
    got = {s: [] for s in room}
    plays = _team_plays(d)
    mine = Counter(d["hands"][seat])
    rng.shuffle(pool)
    for face in _group(state):
        for team in (0, 1):
            shown = plays[team][face] + (mine[face] if team == team_of(seat) else 0)
            if shown or face not in pool:
                continue
            seats = [s for s in room if team_of(s) == team and len(got[s]) < room[s]]
            if not seats:
                continue
            weights = [room[s] - len(got[s]) for s in seats]
            pick = rng.randrange(sum(weights))
            chosen = seats[-1]
            for s, w in zip(seats, weights):
                pick -= w
                if pick < 0:
                    chosen = s
                    break
            got[chosen].append(face)
            pool.remove(face)
    for s in sorted(room):
        need = room[s] - len(got[s])
        got[s] += pool[:need]
        pool = pool[need:]
    for s, tiles in got.items():
        d["hands"][s] = sort_hand(tiles)
    # The explicit deals (the current one names the real hands) become one placeholder each, the
    # same in every world, so the world still knows that its deal was explicit and nothing more.
    d["deals"] = [_PLACEHOLDER] * len(d["deals"])
    reseed(world, rng)
    return world


def bot_deal_id(state):
    return state.d["deals_played"]


def _deal_points(state):
    """The points of the deal just finished (after the last trick a new deal may have started) or
    of the deal in play."""
    d = state.d
    if not state.is_over() and not d["history"] and d["deal_log"]:
        return d["deal_log"][-1]["points"]
    return d["deal_points"]


def bot_reward(state, seat):
    """The deal's margin for the seat's team, from 0 (lost 0-64) to 1 (won 64-0)."""
    pts = _deal_points(state)
    team = team_of(seat)
    return 0.5 + (pts[team] - pts[1 - team]) / 128


# -- the rule-based player (rules file section 13) ---------------------------------------------------


GUARD = 55  # 5-5: blanks from here up win tricks later (rule 6 of the rules file's player)


def _stronger(tiles, strength):
    return any(STRENGTH[t] > strength for t in tiles)


def bot_heuristic(state, seat, rng):
    """The rule-based player, from the seat's hand and the public table only.

    Lead a boss (no tile the opponents may hold beats it) when it carries points or guards point
    tiles, else the weakest zero-point tile. Following: under a partner's safe winner add the
    richest point tile; against an opponent's winner, take a trick worth taking with the weakest
    tile nobody after can beat, else throw the weakest zero-point tile (keeping high blanks as
    guards and 4-4 safe)."""
    d = state.d
    hand = sorted(set(d["hands"][seat]), key=ORDER.__getitem__)
    if len(hand) == 1:
        return "play " + hand[0]
    unseen, partner = knowledge(state, seat)
    opp_tiles = list((unseen - partner).keys())
    trick = d["trick"]
    zero = [t for t in hand if POINTS[t] == 0]
    rich = [t for t in hand if POINTS[t] > 0]

    def weakest(tiles):
        return min(tiles, key=lambda t: (STRENGTH[t], ORDER[t]))

    def cheapest_throw():
        """The weakest blank, but not a high blank (5-5 and up: the guards, rule 6) while a
        low tile carrying a point or two can go instead."""
        low = [t for t in zero if STRENGTH[t] < GUARD]
        if low:
            return weakest(low)
        cheap = [t for t in hand if POINTS[t] <= 2 and STRENGTH[t] < GUARD]
        if cheap:
            return min(cheap, key=lambda t: (POINTS[t], STRENGTH[t]))
        if zero:
            return weakest(zero)
        return min(hand, key=lambda t: (POINTS[t], STRENGTH[t]))

    if not trick:
        bosses = [t for t in hand if not _stronger(opp_tiles, STRENGTH[t])]
        point_bosses = [t for t in bosses if POINTS[t] > 0]
        if point_bosses:
            return "play " + max(point_bosses, key=lambda t: (POINTS[t], -STRENGTH[t]))
        if bosses and [t for t in rich if t not in bosses]:
            return "play " + max(bosses, key=STRENGTH.__getitem__)
        return "play " + cheapest_throw()
    best_seat, best = trick[0]
    for s, t in trick[1:]:
        if STRENGTH[t] > STRENGTH[best]:
            best_seat, best = s, t
    after = []
    s = seat
    for _ in range(SEATS - len(trick) - 1):
        s = next_seat(s)
        after.append(s)
    opps_after = any(team_of(x) != team_of(seat) for x in after)

    def safe(strength):
        return not (opps_after and _stronger(opp_tiles, strength))

    trick_points = sum(POINTS[t] for _, t in trick)
    if team_of(best_seat) == team_of(seat) and safe(STRENGTH[best]):
        if rich:
            keep = [t for t in rich if not (t == "6-6" and len(rich) > 1)]
            return "play " + max(keep or rich, key=lambda t: (POINTS[t], -STRENGTH[t]))
        return "play " + cheapest_throw()
    winners = [t for t in hand if STRENGTH[t] > STRENGTH[best] and safe(STRENGTH[t])]
    if winners and (trick_points > 0 or not zero or any(POINTS[t] > 0 for t in winners)):
        worth = trick_points + min(POINTS[t] for t in winners)
        if worth > 0 or not zero:
            return "play " + weakest(winners)
    return "play " + cheapest_throw()


def bot_rollout(state, seat, rng):
    """The simulations' policy: the rule-based player, with a random legal tile one time in ten."""
    if rng.random() < 0.1:
        return rng.choice(state.legal_actions(seat))
    return bot_heuristic(state, seat, rng)


# -- the strong level's endgame: the last tricks solved with every hand open, in sampled worlds ------
#
# With ENDGAME_TILES tiles or fewer in hand, the strong level stops simulating: in each of
# ENDGAME_WORLDS worlds drawn from the seat's view (the fair-deal guarantee kept) it solves the rest
# of the deal exactly (the two pairs zero-sum on the deal's points: minimax), and plays the tile with
# the best mean margin. Three tiles each is at most 6^4 ways to finish: cheap in Pyodide; four is
# 24^4 and too slow without a cleverer solver.
ENDGAME_TILES = 3
ENDGAME_WORLDS = 16


def solve(hands, trick, leader, team, escape, memo):
    """The rest of the deal's margin for ``team`` (its points minus the others'), every hand open,
    both pairs playing their best. ``hands``: a tuple of 4 sorted tuples of tiles; ``trick``: the
    ``(seat, tile)`` plays of the trick in progress led by ``leader``."""
    if len(trick) == SEATS:
        tiles = [t for _, t in trick]
        winner = trick_winner([list(p) for p in trick])
        value = sum(POINTS[t] for t in tiles)
        got = 0 if escape and all(POINTS[t] > 0 for t in tiles) else value
        got = got if team_of(winner) == team else -got
        if not hands[0]:
            return got
        key = (hands, winner)
        if key not in memo:
            memo[key] = solve(hands, (), winner, team, escape, memo)
        return got + memo[key]
    seat = next_seat(trick[-1][0]) if trick else leader
    mine = team_of(seat) == team
    best = None
    for tile in sorted(set(hands[seat]), key=ORDER.__getitem__):
        rest = list(hands[seat])
        rest.remove(tile)
        h = hands[:seat] + (tuple(rest),) + hands[seat + 1 :]
        v = solve(h, trick + ((seat, tile),), leader, team, escape, memo)
        if best is None or (v > best if mine else v < best):
            best = v
    return best


def bot_endgame(view, sampler, rng, deadline=None, worlds=ENDGAME_WORLDS):
    """The strong level's tile once the seat holds ENDGAME_TILES tiles or fewer: the best mean
    margin over ``worlds`` worlds (fewer if ``deadline`` would be passed) of the open-hand solution
    (see above); None otherwise (the search decides). The worlds come from ``sampler``."""
    legal = view.get("legal_actions") or []
    if sampler is None or len(legal) < 2 or len(view.get("hand") or []) > ENDGAME_TILES:
        return None
    me = view["seat"]
    team = team_of(me)
    totals = {}
    for _ in timed(worlds, deadline):
        d = sampler(rng).d
        escape = bool(d["options"]["deer_escape"])
        hands = tuple(tuple(h) for h in d["hands"])
        trick = tuple((s, t) for s, t in d["trick"])
        memo = {}
        for action in legal:
            tile = action.split()[1]
            rest = list(hands[me])
            rest.remove(tile)
            h = hands[:me] + (tuple(rest),) + hands[me + 1 :]
            v = solve(h, trick + ((me, tile),), d["leader"], team, escape, memo)
            totals[action] = totals.get(action, 0) + v
    if not totals:
        return None
    return max(legal, key=lambda a: (totals[a], -ORDER[a.split()[1]]))


HOOKS = BotHooks(
    reward=bot_reward,
    rollout=bot_rollout,
    deal_id=bot_deal_id,
    resample=resample_world,
    heuristic=bot_heuristic,
    endgame=bot_endgame,
    normal_iterations=200,
)
