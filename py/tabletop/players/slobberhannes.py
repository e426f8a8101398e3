"""Slobberhannes's computer players (``tabletop.bots``): worlds, rewards and a rollout policy.

Declared as ``HOOKS``; the rules module, ``tabletop.games.slobberhannes``, only says that it has
players (``GameInfo.computer_players``) and imports nothing of them.
"""

from __future__ import annotations

from ..bots.worlds import deal_hands, timed, trick_voids
from ..cards import suit_of
from ..core import BotHooks
from ..games.slobberhannes import (
    ORDER,
    PACK,
    QUEEN,
    RANK_VALUE,
    RANKS,
    SUITS,
    full_record,
    rank_value,
)
from ..tricks import open_choices, open_playable


def _voids(state):
    """Suits each seat has shown it lacks this deal (only when following suit is compulsory)."""
    d = state.d
    if d["options"]["revoke_penalty"]:
        return {}
    n = d["players"]
    tricks = [[[(t[0] + i) % n, c] for i, c in enumerate(t[2:])] for t in d["history"]]
    tricks.append(d["trick"]["cards"])
    return trick_voids(tricks, suit_of)


def resample_world(state, seat, rng):
    """A world for ``seat``: the other hands redealt, respecting the voids they showed; other
    seats' revokes (secret until the deal is scored) set to 0; future setup deals dropped."""
    voids = _voids(state)
    world = deal_hands(state, seat, rng, lambda s, card: card[1] not in voids.get(s, ()))
    d = world.d
    d["revokes"] = [r if s == seat else 0 for s, r in enumerate(d["revokes"])]
    d["deals"] = d["deals"][: d["deals_played"] + 1]
    return world


def bot_deal_id(state):
    return state.d["deals_played"]


def bot_reward(state, seat):
    """1 minus a quarter per penalty point of the deal just scored; at the end of the game 0 for a
    loser and 1 otherwise. A deal still in play counts the first trick and the queen so far."""
    d = state.d
    if state.is_over():
        return 0.0 if d["penalties"][seat] == max(d["penalties"]) else 1.0
    if d["tricks_played"] == 0 and d["deal_log"]:
        pen = full_record(d["deal_log"][-1], d["options"]["revoke_penalty"])["penalties"][seat]
    else:
        pen = (d["first_trick_winner"] == seat) + (d["queen_winner"] == seat) + d["revokes"][seat]
    return max(0.0, 1.0 - pen / 4)


# The former rollout policy (before issue #18), kept for the measurement of what the rule-based
# rollouts changed: tests/bench/bench_search_convergence.py --rollout quick.
def _quick_rollout(state, seat, rng):
    """Cheap play for simulations: duck under the trick's best card with the highest card that
    still loses, shed the queen of clubs or high cards when void, lead low."""
    d = state.d
    allowed = state.allowed(seat)
    if rng.random() < 0.1:
        return "play " + rng.choice(allowed)
    cards = d["trick"]["cards"]
    if not cards:
        return "play " + min(allowed, key=rank_value)
    led = cards[0][1][1]
    best = max(rank_value(c) for _, c in cards if c[1] == led)
    follow = [c for c in allowed if c[1] == led]
    if follow:
        under = [c for c in follow if rank_value(c) < best]
        if QUEEN in under:
            return "play " + QUEEN
        if under:
            return "play " + max(under, key=rank_value)
        last = len(cards) == d["players"] - 1
        return "play " + (max(follow, key=rank_value) if last else min(follow, key=rank_value))
    if QUEEN in allowed:
        return "play " + QUEEN
    return "play " + max(allowed, key=rank_value)


def _played(d):
    """Cards already played this deal (public): finished tricks and the trick on the table."""
    out = {c for t in d["history"] for c in t[2:]}
    out.update(c for _, c in d["trick"]["cards"])
    return out


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``), from the seat's hand and the public table only.

    Common Slobberhannes strategy: shed high cards early, in the safe middle tricks (no penalty for
    them while the queen of clubs is out of the trick); duck dangerous tricks (the first, the last,
    one holding the queen of clubs or one the queen may still fall into) with the highest card that
    still loses; when void, throw the queen of clubs onto someone else's trick, else the highest
    card; lead low, and never lead clubs into the ace or king while holding the queen."""
    d = state.d
    n = d["players"]
    hand = d["hands"][seat]
    allowed = state.allowed(seat)
    cards = d["trick"]["cards"]
    if cards:  # follow suit even where revoking is allowed (a revoke costs a point)
        led = cards[0][1][1]
        same = [c for c in allowed if c[1] == led]
        allowed = same or allowed
    if len(allowed) == 1:
        return "play " + allowed[0]
    played = _played(d)
    number = d["tricks_played"] + 1
    last_tricks = number >= d["tricks_per_deal"] - 1
    queen_out = QUEEN not in played and QUEEN not in hand  # it may still fall into a trick
    if not cards:
        pool = list(allowed)
        if QUEEN in hand and not {"AC", "KC"} <= played:
            safe = [c for c in pool if c[1] != "C"]
            pool = safe or pool
        if number == 1 or last_tricks or queen_out:
            # lead the card least likely to win: the lowest, in the suit with most cards out below it
            return "play " + min(
                pool, key=lambda c: (rank_value(c), -_unseen_below(c, hand, played), ORDER[c])
            )
        # a safe middle trick: lead a card that others can beat, from a long suit, keeping the lowest
        return "play " + min(pool, key=lambda c: (rank_value(c), ORDER[c]))
    led = cards[0][1][1]
    best = max(rank_value(c) for _, c in cards if c[1] == led)
    follow = [c for c in allowed if c[1] == led]
    last_to_play = len(cards) == n - 1
    queen_in = any(c == QUEEN for _, c in cards)
    if follow:
        under = [c for c in follow if rank_value(c) < best]
        if QUEEN in under:
            return "play " + QUEEN
        danger = (
            number == 1
            or last_tricks
            or queen_in
            or (queen_out and not last_to_play and led == "C")
        )
        if last_to_play and not danger:
            # a safe trick: win it with the highest card, shedding it
            return "play " + max(follow, key=rank_value)
        if under:
            return "play " + max(under, key=rank_value)
        if last_to_play:  # must win: win it with the highest card, shedding it
            return "play " + max(follow, key=rank_value)
        if danger:
            return "play " + min(follow, key=rank_value)
        return "play " + max(follow, key=rank_value)
    if QUEEN in allowed:
        return "play " + QUEEN
    # void: throw the highest card, from the suit where it is most exposed
    return "play " + max(
        allowed, key=lambda c: (rank_value(c), -_unseen_below(c, hand, played), -ORDER[c])
    )


def _unseen_below(card, hand, played):
    """How many cards of the card's suit below it are neither held nor played (could duck under it)."""
    v = rank_value(card)
    return sum(
        1
        for r in RANKS
        if RANK_VALUE[r] < v and (r + card[1]) not in hand and (r + card[1]) not in played
    )


def bot_rollout(state, seat, rng):
    """The simulations' policy: the rule-based player, with a random legal card one time in ten."""
    if rng.random() < 0.1:
        return "play " + rng.choice(state.allowed(seat))
    return bot_heuristic(state, seat, rng)


# -- the strong level's endgame: the last tricks solved with every hand open, in sampled worlds ------
#
# With few cards left the strong level stops simulating (``bot_endgame``): in each of
# ENDGAME_WORLDS worlds drawn from the seat's view (the search's sampler: revealed voids respected)
# it solves the rest of the deal with all hands open, every seat playing for itself (max^n: at each
# turn the seat takes the card best for its own ``bot_reward``, a tenth of a point less per penalty
# point of this deal on ties, so a seat safe or lost either way still sheds the queen and the last
# trick), the deal scored by the engine's own scoring; it plays the card with the best mean for
# itself over the worlds. Left to the search: revokes allowed (option ``revoke_penalty``).
#
# It starts at ENDGAME_CARDS cards in hand with 3 or 4 players, at ENDGAME_CARDS_MANY with 5 or 6
# (where solving a fourth trick costs seconds). From 4 cards, not 3 (issue #18): with 4 cards in
# hand (305 positions of normal's self-play, tests/bench/bench_slobberhannes_endgame.py) the card
# chosen fell short of the best in truth (the max^n value with every hand open) by 0.045 of the
# deal's utility on average for normal, 0.040 for strong's three times the search, 0.033 for the
# solver over 16 worlds. Against normal in the arena it is level all the same (-0.001 +- 0.009 of the
# deal score over 1,536 first deals, as strong was before: tests/bench/results/2026-11-27-arena.md);
# kept as nearer the truth and cheaper than the search it replaces. Cost in CPython with 4 players,
# one decision over 16 worlds: 3 cards under 60 ms; 4 cards p50 67 ms, p95 243 ms, at most 458 ms
# over those positions, up to 765 ms when leading the fifth trick of a rule-based deal (so about
# 1.5 s in Pyodide at worst): under a time limit it solves fewer worlds rather than pass it
# (``deadline``, ``worlds.timed``).
ENDGAME_CARDS = 4
ENDGAME_CARDS_MANY = 3
ENDGAME_WORLDS = 16
_QUEEN_CODE = ORDER[QUEEN]
assert all(ORDER[c] == SUITS.index(c[1]) * 8 + RANKS.index(c[0]) for c in PACK), (
    "the solver reads suit and rank from the card's place in PACK (within a suit, lower is higher)"
)


def _deal_utilities(world):
    """Per (queen taker, last trick winner): every seat's utility after the deal, by the engine's
    own scoring (``bot_reward``, less a tenth per penalty point of the deal)."""
    d = world.d
    n = d["players"]
    queens = [d["queen_winner"]] if d["queen_winner"] is not None else range(n)
    out = {}
    for queen in queens:
        for last in range(n):
            w = world.clone()
            w.d["queen_winner"] = queen
            w.d["tricks_played"] = d["tricks_per_deal"]
            w.score_deal(last)
            pen = full_record(w.d["deal_log"][-1], d["options"]["revoke_penalty"])["penalties"]
            out[(queen, last)] = tuple(bot_reward(w, s) - 0.1 * pen[s] for s in range(n))
    return out


def _max_n(hands, trick, leader, queen, utilities, memo):
    """Each card the seat to move may play -> the utility vector of the deal, every hand open, each
    seat playing for itself (ties: the first card in pack order). ``hands``: tuples of card codes
    (``ORDER``); ``trick``: codes played to the current trick led by ``leader``; ``queen``: who took
    the queen of clubs so far (None). ``memo`` keeps positions at the start of a trick."""
    n = len(hands)

    def value(hands, leader, queen):
        key = (hands, leader, queen)
        v = memo.get(key)
        if v is None:
            v = search(hands, (), leader, queen)
            memo[key] = v
        return v

    def search(hands, played, leader, queen):
        k = len(played)
        if k == n:
            suit = played[0] >> 3
            win = min(range(n), key=lambda i: played[i] if played[i] >> 3 == suit else 99)
            winner = (leader + win) % n
            if _QUEEN_CODE in played:
                queen = winner
            if not hands[0]:
                return utilities[(queen, winner)]
            return value(hands, winner, queen)
        seat = (leader + k) % n
        best = None
        for c in open_choices(hands, played, seat, 8, keep=(_QUEEN_CODE,)):
            h = list(hands)
            h[seat] = tuple(x for x in hands[seat] if x != c)
            u = search(tuple(h), played + (c,), leader, queen)
            if best is None or u[seat] > best[seat]:
                best = u
        return best

    seat = (leader + len(trick)) % n
    out = {}
    for c in open_playable(
        hands[seat], trick, 8
    ):  # every legal card, equal ones too: the view names each
        h = list(hands)
        h[seat] = tuple(x for x in hands[seat] if x != c)
        out[c] = search(tuple(h), tuple(trick) + (c,), leader, queen)
    return out


def bot_endgame(view, sampler, rng, deadline=None, worlds=ENDGAME_WORLDS):
    """The strong level's card once the seat holds at most ENDGAME_CARDS cards (ENDGAME_CARDS_MANY
    with 5 or 6 players; revokes not allowed): the best mean over ``worlds`` worlds (fewer if
    ``deadline`` would be passed) of its max^n value (see above); None otherwise (the search
    decides). The worlds come from ``sampler``, built from the seat's view."""
    if (
        sampler is None
        or view.get("options", {}).get("revoke_penalty")
        or not view.get("legal_actions")
    ):
        return None
    hand = view.get("hand") or []
    legal = view["legal_actions"]
    limit = ENDGAME_CARDS if len(view["hand_counts"]) <= 4 else ENDGAME_CARDS_MANY
    if len(hand) > limit or len(legal) < 2 or view.get("tricks_played", 0) < 1:
        return None
    me = view["seat"]
    memo = {}
    totals = {}
    utilities = None
    for _ in timed(worlds, deadline):
        world = sampler(rng)
        d = world.d
        if utilities is None:  # public: the penalties, who took the first trick and the queen
            utilities = _deal_utilities(world)
        hands = tuple(tuple(sorted(ORDER[c] for c in h)) for h in d["hands"])
        trick = [ORDER[c] for _, c in d["trick"]["cards"]]
        values = _max_n(hands, trick, d["trick"]["leader"], d["queen_winner"], utilities, memo)
        for c, u in values.items():
            totals[c] = totals.get(c, 0.0) + u[me]
    playable = {ORDER[a.split()[1]]: a for a in legal}
    best = max((c for c in totals if c in playable), key=lambda c: (totals[c], -c), default=None)
    return playable[best] if best is not None else None


HOOKS = BotHooks(
    reward=bot_reward,
    rollout=bot_rollout,
    deal_id=bot_deal_id,
    resample=resample_world,
    heuristic=bot_heuristic,
    endgame=bot_endgame,
    normal_iterations=500,
)
