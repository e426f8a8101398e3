"""42's computer players (``tabletop.bots``): worlds, rewards, the rule-based player.

Declared as ``HOOKS``; the rules module, ``tabletop.games.forty_two``, only says that it has
players (``GameInfo.computer_players``) and imports nothing of them.

The rule-based player follows docs/rules/forty_two.md section 13: it prices each call of its
hand, bids the cheapest bid it can make (never marks on a weak hand, never plunge, nello or
sevens), leads trumps from the top while the opponents may hold trumps, then doubles and
walkers; following, it gives count to a partner sure to win, takes count from an opponent with
its cheapest winning tile, and otherwise sheds its lowest tile that is not count. The search
levels (easy / normal / strong) run Information Set MCTS in worlds redealt from the seat's view,
consistent with the voids each seat has shown, with this player as the rollout policy; strong's
worlds also fit what each seat's bid or pass said of its hand (``bot_reading``).
"""

from __future__ import annotations

from ..bots.worlds import deal_hands, timed
from ..core import BotHooks
from ..games.forty_two import (
    COUNT,
    ENDS,
    MARK_BIDS,
    NUMBERS,
    ORDER,
    POINT_BIDS,
    TILES,
    count_of,
    follows,
    is_double,
    is_trump,
    led_suit,
    need_of,
    playable,
    rank_in,
    trick_winner,
)

DOUBLES = [t for t in TILES if is_double(t)]


# -- worlds ---------------------------------------------------------------------------------------
def _voids(state):
    """{seat: set of suits it has shown it lacks} from this deal's tricks (rules section 6)."""
    d = state.d
    contract, nd = d["contract"], d["options"]["nello_doubles"]
    if contract is None or contract == "sevens":
        return {}
    tricks = [list(zip(state._trick_seats(t[0]), t[2:])) for t in d["history"]]
    tricks.append([tuple(p) for p in d["trick"]])
    voids = {}
    for trick in tricks:
        if not trick:
            continue
        suit = led_suit(trick[0][1], contract, nd)
        for seat, tile in trick[1:]:
            if not follows(tile, suit, contract, nd):
                voids.setdefault(seat, set()).add(suit)
    return voids


def resample_world(state, seat, rng):
    """A world for ``seat``: the other hands redealt, each seat keeping its count and holding no
    tile of a suit it has shown it lacks; future setup deals dropped."""
    d = state.d
    voids = _voids(state)
    contract, nd = d["contract"], d["options"]["nello_doubles"]

    def allowed(place, tile):
        return not any(follows(tile, s, contract, nd) for s in voids.get(place, ()))

    world = deal_hands(state, seat, rng, allowed)
    world.d["deals"] = world.d["deals"][: world.d["deal_index"]]
    return world


def bot_deal_id(state):
    return state.d["deals_played"]


def bot_reward(state, seat):
    """The deal's marks for the seat's team (+) or the other (-), scaled into [0, 1] around 0.5;
    the end of the game is 1 for the winners and 0 for the losers; a deal cut short, its points."""
    d = state.d
    team = seat % 2
    if state.is_over():
        return 1.0 if d["marks"][team] > d["marks"][1 - team] else 0.0
    if d["phase"] == "bid" and not d["bids"] and d["log"]:
        rec = d["log"][-1]
        if rec["scoring_team"] is None:
            return 0.5
        sign = 1 if rec["scoring_team"] == team else -1
        return max(0.0, min(1.0, 0.5 + sign * (0.25 + 0.05 * rec["award"])))
    p = d["points"]
    return 0.5 + 0.25 * (p[team] - p[1 - team]) / 42


# -- the rule-based player ---------------------------------------------------------------------------
def _estimate(hand, call):
    """What a hand is worth for a call (rules section 13.1), with (trumps, number) to break ties;
    a call the rules do not price gets a low figure of its own so that a forced call still
    picks the least bad one."""
    if call == "doubles":
        t = sum(1 for x in hand if is_double(x))
        est = 30 + 2 * (t - 4) if "6-6" in hand and t >= 4 else 12 + 3 * t
        return est, t, 7
    if call == "followme":
        t = sum(1 for x in hand if is_double(x))
        return 24 + 3 * t, 0, -1
    n = int(call)
    t = sum(1 for x in hand if n in ENDS[x])
    d = sum(1 for x in hand if is_double(x) and x != f"{n}-{n}")
    off = 7 - t - d
    if t >= 3 and f"{n}-{n}" in hand:
        est = 30 + 2 * (t - 3) + 2 * d - 4 * max(0, off - 2)
    else:
        est = 10 + 3 * t + 2 * d + (3 if f"{n}-{n}" in hand else 0) - 2 * max(0, off - 2)
    return est, t, n


def _best_call(hand, calls):
    return max(calls, key=lambda c: _estimate(hand, c))


def _top_trumps(n):
    """The three highest trumps when ``n`` is trumps."""
    others = sorted(
        (t for t in TILES if n in ENDS[t] and not is_double(t)),
        reverse=True,
        key=lambda t: rank_in(t, "T", str(n), "own_suit"),
    )
    return [f"{n}-{n}"] + others[:2]


def _heuristic_bid(state, seat, legal):
    d = state.d
    hand = d["hands"][seat]
    calls = list(NUMBERS) + ["doubles"] + (["followme"] if d["options"]["follow_me"] else [])
    call = _best_call(hand, calls)
    est = _estimate(hand, call)[0]
    if "pass" not in legal:  # a forced dealer
        return "bid 30"
    if call in NUMBERS:
        n = int(call)
        t = sum(1 for x in hand if n in ENDS[x])
        dd = sum(1 for x in hand if is_double(x) and x != f"{n}-{n}")
        if 7 - t - dd == 0 and t >= 5 and all(x in hand for x in _top_trumps(n)):
            if "bid 1m" in legal:
                return "bid 1m"
    high, bidder = d["high_bid"], d["bidder"]
    if high is not None and bidder is not None and bidder % 2 == seat % 2:
        # do not overbid the partner unless this hand is clearly the better one
        if high not in MARK_BIDS and high != "plunge" and est >= int(high) + 4:
            pass
        else:
            return "pass"
    cap = min(est, 38)
    for n in range(30, cap + 1):
        if f"bid {n}" in legal:
            return f"bid {n}"
    return "pass"


def _unseen(state, seat):
    """Tiles the seat has not seen: the others' hands as far as it knows."""
    d = state.d
    seen = set(d["hands"][seat])
    for t in d["history"]:
        seen.update(t[2:])
    seen.update(x for _, x in d["trick"])
    return [t for t in TILES if t not in seen]


def _low_key(tile, contract, nd):
    """Cheapest first: no count, no trump, few pips."""
    return (count_of(tile), is_trump(tile, contract), sum(ENDS[tile]))


def _is_walker(tile, unseen, contract, nd):
    """Nobody else holds a tile that beats ``tile`` led: the top unseen tile of its suit (and,
    with a trump suit, no trump left outside)."""
    suit = led_suit(tile, contract, nd)
    rank = rank_in(tile, suit, contract, nd)
    for other in unseen:
        if suit != "T" and is_trump(other, contract):
            return False
        if follows(other, suit, contract, nd) and rank_in(other, suit, contract, nd) > rank:
            return False
    return True


def bot_heuristic(state, seat, rng):
    d = state.d
    phase = d["phase"]
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if phase == "bid":
        return _heuristic_bid(state, seat, legal)
    if phase == "call":
        calls = [a[5:] for a in legal if a[5:] not in ("nello", "sevens")]
        return "call " + _best_call(d["hands"][seat], calls)
    contract, nd = d["contract"], d["options"]["nello_doubles"]
    playable = state.playable(seat)
    low = min(playable, key=lambda t: _low_key(t, contract, nd))
    if contract == "sevens":
        return "play " + playable[0]
    trick = d["trick"]
    bidder_team = d["bidder"] % 2
    ours = seat % 2 == bidder_team
    if contract == "nello":
        # the bidder wants to lose every trick, the others let him: everyone plays low
        return "play " + min(
            playable,
            key=lambda t: (rank_in(t, led_suit(t, contract, nd), contract, nd), sum(ENDS[t])),
        )
    unseen = _unseen(state, seat)
    if not trick:
        trumps = [t for t in playable if is_trump(t, contract)]
        their_trumps = [t for t in unseen if is_trump(t, contract)]
        if ours and trumps and their_trumps:
            return "play " + max(trumps, key=lambda t: rank_in(t, "T", contract, nd))
        walkers = [
            t for t in playable if not is_trump(t, contract) and _is_walker(t, unseen, contract, nd)
        ]
        if walkers:
            return "play " + max(walkers, key=lambda t: (is_double(t), count_of(t)))
        doubles = [t for t in playable if is_double(t) and not is_trump(t, contract)]
        if doubles:
            return "play " + max(doubles)
        return "play " + low
    size = 3 if d["sitting_out"] is not None else 4
    last = len(trick) == size - 1
    winner = trick_winner(trick, contract, nd)
    in_trick = sum(count_of(t) for _, t in trick)
    wins = [t for t in playable if trick_winner(trick + [[seat, t]], contract, nd) == seat]
    if winner % 2 == seat % 2:
        win_tile = dict((s, t) for s, t in trick)[winner]
        safe = last or _is_walker_in(win_tile, trick, unseen, contract, nd)
        if safe:
            return "play " + max(playable, key=lambda t: (count_of(t), -sum(ENDS[t])))
        return "play " + low
    if wins and (in_trick or last or any(count_of(t) for t in wins)):
        return "play " + min(wins, key=lambda t: _low_key(t, contract, nd))
    return "play " + low


def _is_walker_in(tile, trick, unseen, contract, nd):
    """The winning ``tile`` of a trick cannot be beaten by a tile still unseen."""
    suit = led_suit(trick[0][1], contract, nd)
    wsuit = "T" if is_trump(tile, contract) else suit
    rank = rank_in(tile, wsuit, contract, nd)
    for other in unseen:
        if wsuit != "T" and is_trump(other, contract):
            return False
        if follows(other, wsuit, contract, nd) and rank_in(other, wsuit, contract, nd) > rank:
            return False
    return True


def bot_rollout(state, seat, rng):
    """The simulations' policy: the rule-based player, with a little noise in the play."""
    if state.d["phase"] == "play" and rng.random() < 0.08:
        return "play " + rng.choice(state.playable(seat))
    return bot_heuristic(state, seat, rng)


def bot_candidates(state, seat):
    """The actions worth searching. A bid is priced by the rule-based estimate, not by rollouts:
    worlds drawn from one hand cannot tell a partner's support from luck, and a search that may
    bid marks on a lucky sample bids them on weak hands (42 players never do), and one that may
    pass finds a thrown-in deal as good as a risky bid and passes every hand. So every level bids
    as the rule-based player does; the search chooses the call and every play."""
    legal = state.legal_actions(seat)
    if state.d["phase"] != "bid":
        if state.d["phase"] == "call":
            return [a for a in legal if a[5:] not in ("nello", "sevens")] or legal
        return legal
    return [_heuristic_bid(state, seat, legal)]


# -- the strong level's last tricks ------------------------------------------------------------------
ENDGAME_TILES = 3  # the seat's tiles left when the last tricks are solved with the hands open
ENDGAME_WORLDS = 24


def _open_value(hands, trick, leader, team, contract, nd, memo):
    """The most points ``team`` can take from here with every hand open (the others minimise);
    ``hands`` a tuple of tuples, ``trick`` a tuple of (seat, tile)."""
    key = (hands, trick, leader)
    if key in memo:
        return memo[key]
    if not any(hands):
        return 0
    seat = leader if not trick else (trick[-1][0] + 1) % 4
    best = None
    for tile in playable(list(hands[seat]), [list(p) for p in trick], contract, nd):
        new_hands = tuple(
            tuple(x for x in h if x != tile) if s == seat else h for s, h in enumerate(hands)
        )
        new_trick = trick + ((seat, tile),)
        if len(new_trick) == 4:
            winner = trick_winner([list(p) for p in new_trick], contract, nd)
            gained = 1 + sum(count_of(t) for _, t in new_trick)
            value = (gained if winner % 2 == team else 0) + _open_value(
                new_hands, (), winner, team, contract, nd, memo
            )
        else:
            value = _open_value(new_hands, new_trick, leader, team, contract, nd, memo)
        if best is None or (value > best if seat % 2 == team else value < best):
            best = value
    memo[key] = best
    return best


def bot_endgame(view, sampler, rng, deadline=None):
    """The last tricks (``ENDGAME_TILES`` tiles in hand), solved exactly with the hands open in
    worlds drawn from the view: the play that takes the most points on average. Trump and
    follow-me contracts only (nello and sevens are left to the search)."""
    if sampler is None or view["phase"] != "play" or view["contract"] in ("nello", "sevens"):
        return None
    if len(view["hand"]) > ENDGAME_TILES or len(view["legal_actions"]) < 2:
        return None
    seat, team = view["seat"], view["seat"] % 2
    contract, nd = view["contract"], view["options"]["nello_doubles"]
    totals = {a: 0.0 for a in view["legal_actions"]}
    solved = 0
    for _ in timed(ENDGAME_WORLDS, deadline):
        world = sampler(rng)
        d = world.d
        hands = tuple(tuple(h) for h in d["hands"])
        trick = tuple((s, t) for s, t in d["trick"])
        memo = {}
        for action in totals:
            tile = action[5:]
            new_hands = tuple(
                tuple(x for x in h if x != tile) if s == seat else h for s, h in enumerate(hands)
            )
            new_trick = trick + ((seat, tile),)
            if len(new_trick) == 4:
                winner = trick_winner([list(p) for p in new_trick], contract, nd)
                gained = 1 + sum(count_of(t) for _, t in new_trick)
                value = (gained if winner % 2 == team else 0) + _open_value(
                    new_hands, (), winner, team, contract, nd, memo
                )
            else:
                value = _open_value(new_hands, new_trick, d["leader"], team, contract, nd, memo)
            totals[action] += value
        solved += 1
    if not solved:
        return None
    return max(view["legal_actions"], key=lambda a: totals[a])


# -- the strong level's reading: what the bids said ---------------------------------------------------
#
# A world from ``resample_world`` deals the other seats' tiles at random, consistent only with the
# voids they have shown: it forgets the bidding. But every level bids as the rule-based player does
# (``bot_candidates``), from its own pricing of the hand (section 13.1), so a bid says a good deal:
# the declarer who bid 34 and called 5s prices his hand at 34 or more for 5s (the 5-5 and three 5s
# or more, or many 5s and doubles), and a seat that passed first prices every call below 30.
# ``bot_reading`` (``BotHooks.reading``, the strong level only) reads each other seat's bid as
# ``_bid_readings`` says, then swaps tiles between the other hands (never into a void shown) while
# the swap does not make the hands as dealt (world hand + the tiles the seat has played) fit their
# bids worse, until they all fit or ``READ_PROPOSALS`` swaps have been tried. In 200 first deals of
# rule-based self-play (``tests/bench/bench_forty_two_reading.py --calibration``), at each call and
# play, a read world puts 0.469 of the hidden tiles in the seat that really holds them, a uniform
# one 0.410 (rejection sampling of exactly fitting worlds: 0.454 on a smaller run, so the short
# greedy walk is not what limits it: the bids tell no more); the declarer's trumps as dealt are
# 3.44 in truth, 2.86 in uniform worlds, 3.31 in read ones. It costs about 0.06 ms a world (p95
# 0.17 ms), some 60 ms over strong's 900 worlds.
# Measured in the arena (tests/bench/results/2026-11-29-forty-two-reading.md, seeds 4000-4095, the
# first deal's score): strong with it is better than normal by a little, +0.063 +- 0.054 over 192
# matches (15 deal seeds for strong, 5 for normal, 76 even), where strong without it was not
# (+0.000 +- 0.086 over the first 96 of them, 2026-11-28); its p95 decision 588 ms cpu (normal 193).
# The edge is small and only just clear of 0 (on the first 48 seeds alone, +0.037 +- 0.089).
# Normal's search over read worlds against normal: +0.063 +- 0.087 over the first 96 matches (9
# seeds for, 4 against; ``bench_forty_two_reading.py --variant normal-read``), the same figure, not
# clear on half the seeds: the edge looks like the reading's, not the bigger budget's.
# Normal is left without it, as in Stop the Bus, so that the levels differ in what they understand.
READ_PROPOSALS = 48  # swaps tried per world at most (each prices two hands)
READ_CAP = 38  # the rule-based bidder never bids above what it prices at 38 (section 13.1)


def _prices(hand, follow_me):
    """(best estimate over the calls the rule-based bidder weighs, {call: estimate}, doubles held)
    for an original hand of seven tiles: ``_estimate`` for every call at once, its first figure."""
    t = [0] * 7
    dbl = [False] * 7
    doubles = 0
    for x in hand:
        a, b = ENDS[x]
        t[a] += 1
        if a == b:
            dbl[a] = True
            doubles += 1
        else:
            t[b] += 1
    est = {}
    for n in range(7):
        tn, has = t[n], dbl[n]
        d = doubles - has
        over = max(0, 5 - tn - d)  # max(0, off - 2), off = 7 - t - d
        if tn >= 3 and has:
            est[NUMBERS[n]] = 30 + 2 * (tn - 3) + 2 * d - 4 * over
        else:
            est[NUMBERS[n]] = 10 + 3 * tn + 2 * d + 3 * has - 2 * over
    est["doubles"] = 30 + 2 * (doubles - 4) if dbl[6] and doubles >= 4 else 12 + 3 * doubles
    if follow_me:
        est["followme"] = 24 + 3 * doubles
    return max(est.values()), est, doubles


def _bid_readings(d, seat):
    """{other seat: [(low, high, call, doubles_needed)]}: what each other seat's bid (public, in
    order) says of its original hand's estimate, read as the rule-based bidder bids (section 13):
    a bid of n, estimate >= n (for the call made, when the bidder called it); a mark bid, 38 (the
    bidder bids marks only on a hand it prices at 38); a pass with no bid before it, < 30; a pass
    over an opponent's bid h, < h + 1 (below its cap); a pass over the partner's bid h, < h + 4; a
    plunge, four doubles. The forced dealer's 30 and the bidder of nello or sevens (no pricing)
    say nothing."""
    contract, caller = d["contract"], d["caller"]
    forced = d["options"]["all_pass"] == "forced_dealer"
    out = {}
    high = bidder = None
    for s, bid in d["bids"]:
        rule = None
        if bid == "pass":
            if high is None:
                rule = (0, 29, None, 0)
            elif high in POINT_BIDS:
                h = int(high)
                if bidder % 2 == s % 2:
                    rule = (0, h + 3, None, 0)
                elif h < READ_CAP:
                    rule = (0, h, None, 0)
        elif bid == "plunge":
            rule = (0, 99, None, 4)
        elif forced and high is None and s == d["dealer"] and bid == "30":
            rule = None
        elif contract not in ("nello", "sevens"):
            need = min(int(bid), READ_CAP) if bid in POINT_BIDS else READ_CAP
            call = contract if s == caller and contract is not None else None
            rule = (need, 99, call, 0)
        if bid != "pass":
            high, bidder = bid, s
        if rule is not None and s != seat:
            out.setdefault(s, []).append(rule)
    return out


def _misfit(hand, rules, follow_me):
    """How far an original hand is from what its seat's bids said (0: it fits)."""
    best, est, doubles = _prices(hand, follow_me)
    out = 0
    for low, high, call, need in rules:
        e = best if call is None else est.get(call, best)
        out += max(0, low - e) + max(0, e - high) + 10 * max(0, need - doubles)
    return out


def bot_reading(world, seat, rng):
    """The strong level's reading (see above): the other seats' hands in ``world`` nudged, by swaps
    of their tiles that respect the voids shown, until each seat's hand as dealt fits its bid.
    Moves only hidden tiles (the other hands) and reads only public facts (the bids, the call, the
    tiles played and by whom)."""
    d = world.d
    if d["phase"] not in ("call", "play") or not d["bids"]:
        return world
    readings = _bid_readings(d, seat)
    if not readings:
        return world
    contract, nd = d["contract"], d["options"]["nello_doubles"]
    follow_me = d["options"]["follow_me"]
    hands = d["hands"]
    played = {s: [] for s in range(4)}
    for t in d["history"]:
        for s, x in zip(world._trick_seats(t[0]), t[2:]):
            played[s].append(x)
    for s, x in d["trick"]:
        played[s].append(x)
    voids = _voids(world)
    places = [s for s in range(4) if s != seat and hands[s]]
    if len(places) < 2:
        return world
    rules = {s: readings.get(s, ()) for s in places}
    misfit = {
        s: _misfit(hands[s] + played[s], rules[s], follow_me) if rules[s] else 0 for s in places
    }
    total = sum(misfit.values())
    for _ in range(READ_PROPOSALS):
        if not total:
            break
        wrong = [s for s in places if misfit[s]]
        a = wrong[rng.randrange(len(wrong))] if len(wrong) > 1 else wrong[0]
        b = places[rng.randrange(len(places) - 1)]
        if b == a:
            b = places[-1]
        ha, hb = hands[a], hands[b]
        i, j = rng.randrange(len(ha)), rng.randrange(len(hb))
        x, y = ha[i], hb[j]
        if any(follows(x, v, contract, nd) for v in voids.get(b, ())) or any(
            follows(y, v, contract, nd) for v in voids.get(a, ())
        ):
            continue
        ha[i], hb[j] = y, x
        ma = _misfit(ha + played[a], rules[a], follow_me) if rules[a] else 0
        mb = _misfit(hb + played[b], rules[b], follow_me) if rules[b] else 0
        if ma + mb <= misfit[a] + misfit[b]:
            total += ma + mb - misfit[a] - misfit[b]
            misfit[a], misfit[b] = ma, mb
        else:
            ha[i], hb[j] = x, y
    for s in places:
        hands[s].sort(key=ORDER.__getitem__)
    return world


HOOKS = BotHooks(
    reward=bot_reward,
    rollout=bot_rollout,
    deal_id=bot_deal_id,
    resample=resample_world,
    heuristic=bot_heuristic,
    reading=bot_reading,
    candidates=bot_candidates,
    endgame=bot_endgame,
    max_rollout=40,
    normal_iterations=300,
)

__all__ = ["HOOKS", "COUNT", "need_of"]
