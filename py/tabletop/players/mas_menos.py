"""Más-Menos's computer players (``tabletop.bots``): worlds, rewards and a rollout policy.

Declared as ``HOOKS``; the rules module, ``tabletop.games.mas_menos``, only says that it has
players (``GameInfo.computer_players``) and imports nothing of them.
"""

from __future__ import annotations

from itertools import combinations

from ..bots.worlds import redeal, timed
from ..cards import rank_of, suit_of
from ..core import BotHooks
from ..games.mas_menos import (
    ORDER,
    PACK,
    RANK_VALUE,
    RANKS,
    SUIT_EFFECT,
    SUITS,
    TRICKS_PER_GAME,
    trick_winner,
)


def resample_world(state, seat, rng):
    """A world for ``seat``: the opponent's hand and discard redealt; future setup deals dropped."""
    world = redeal(state, seat, rng, keys=("hands", "discards"), sorted_keys=("hands", "discards"))
    world.d["deals"] = world.d["deals"][: world.d["game_number"]]
    return world


def bot_deal_id(state):
    return state.d["game_number"]


def bot_reward(state, seat):
    """Match standing after the game: winning it counts most, the margin a little."""
    mp = state.d["match_points"]
    diff = mp[seat] - mp[1 - seat]
    if not state.is_over() and state.d["phase"] == "play":  # a cut rollout: count tricks so far
        t = state.d["tricks"]
        lead = t[seat] - t[1 - seat]
        diff += lead if state.d["game_rule"] == "more" else -lead
    outcome = 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0
    return 0.85 * outcome + 0.15 * (0.5 + max(-13, min(13, diff)) / 26)


def _by_rank(cards):
    return sorted(cards, key=lambda c: (RANK_VALUE[rank_of(c)], ORDER[c]))


def bot_candidates(state, seat):
    """The discards worth searching (3 of the 3 lowest and 3 highest cards, or the 3 middle ones);
    every legal action otherwise."""
    d = state.d
    if d["phase"] != "prepare" or d["discards"][seat] is not None:
        return state.legal_actions(seat)
    hand = _by_rank(d["hands"][seat])
    ends = hand[:3] + hand[-3:]
    middle = len(hand) // 2
    combos = [tuple(c) for c in combinations(ends, 3)] + [tuple(hand[middle - 1 : middle + 2])]
    out = []
    for combo in combos:
        action = "discard " + " ".join(sorted(combo, key=ORDER.__getitem__))
        if action not in out:
            out.append(action)
    return out


def _quick_rollout(state, seat, rng):
    """Cheap play for simulations: random discards and declarations; in play, win or lose each
    trick as the game rule in force wants, as cheaply as possible (a random card one time in five)."""
    d = state.d
    if d["phase"] == "prepare":
        if d["discards"][seat] is None:
            cards = sorted(rng.sample(d["hands"][seat], 3), key=ORDER.__getitem__)
            return "discard " + " ".join(cards)
        return "declare " + rng.choice(state.declaration_choices(seat))
    hand = d["hands"][seat]
    if rng.random() < 0.2:
        return "play " + rng.choice(hand)
    high = d["trick_rule"] == "high"
    want_win = d["game_rule"] == "more"
    ranked = _by_rank(hand)  # low to high
    if not d["trick"]:
        if want_win == high:
            return "play " + ranked[-1]
        return "play " + ranked[0]
    led = RANK_VALUE[rank_of(d["trick"][0][1])]
    if high:
        wins = [c for c in ranked if RANK_VALUE[rank_of(c)] > led]
        loses = [c for c in ranked if RANK_VALUE[rank_of(c)] <= led]
    else:
        wins = [c for c in ranked if RANK_VALUE[rank_of(c)] < led]
        loses = [c for c in ranked if RANK_VALUE[rank_of(c)] >= led]
    if want_win:
        if wins:  # the cheapest winner: closest to the led rank
            return "play " + (wins[0] if high else wins[-1])
        return "play " + (ranked[0] if high else ranked[-1])
    if loses:  # the dearest loser: closest to the led rank
        return "play " + (loses[-1] if high else loses[0])
    return "play " + (ranked[-1] if high else ranked[0])


def _after_trick(d, seat, leader, led, followed):
    """How the game stands for ``seat`` after a trick: (tricks lead, game rule, trick rule)."""
    winner = trick_winner(leader, led, followed, d["trick_rule"])
    win_card = led if winner == leader else followed
    rules = {"trick_rule": d["trick_rule"], "game_rule": d["game_rule"]}
    key, value = SUIT_EFFECT[suit_of(win_card)]
    rules[key] = value
    lead = d["tricks"][seat] - d["tricks"][1 - seat] + (1 if winner == seat else -1)
    return lead, rules["game_rule"], rules["trick_rule"]


def _standing_value(d, lead, game_rule, hand):
    """A rough value of a position for the seat: the trick margin under the game rule in force,
    counting more as the game nears its end, and above all the spades and clubs still in hand: the
    last tricks' winning suits set the game rule, so a seat ahead keeps spades (more tricks win)
    and a seat behind keeps clubs (fewer win). (Weights measured against random play: the suit
    term is what makes the player better than random.)"""
    left = TRICKS_PER_GAME - d["tricks_played"] - 1
    want = 1 if game_rule == "more" else -1
    value = want * lead * 2.0 * (TRICKS_PER_GAME - left) / TRICKS_PER_GAME
    ahead = (lead > 0) - (lead < 0)
    value += (
        3.0 * ahead * (sum(1 for c in hand if c[1] == "S") - sum(1 for c in hand if c[1] == "C"))
    )
    return value


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``), from the seat's hand and the public table only.

    Discards the three middle ranks (sevens and aces decide tricks whichever way the trick rule
    turns); as first to declare lets the opponent lead (the follower sees the led card), else takes
    the rule that suits a high or a low hand. In play it looks one trick ahead: as the follower it
    plays the card after which the game stands best (tricks won under the game rule in force, the
    rule changes the winning card's suit brings, the spades or clubs it keeps for the end), as the leader it
    weighs each card against the cards the opponent may hold (worst case and average)."""
    d = state.d
    hand = d["hands"][seat]
    if d["phase"] == "prepare":
        if d["discards"][seat] is None:
            middle = sorted(hand, key=lambda c: (abs(RANK_VALUE[rank_of(c)] - 3.5), ORDER[c]))[:3]
            return "discard " + " ".join(sorted(middle, key=ORDER.__getitem__))
        choices = state.declaration_choices(seat)
        if "despues" in choices:
            return "declare despues"
        mean = sum(RANK_VALUE[rank_of(c)] for c in hand) / len(hand)
        return "declare " + ("mas" if mean >= 3.5 else "menos")
    trick = d["trick"]
    if trick:
        leader, led = trick[0]

        def score(card):
            lead, game_rule, _ = _after_trick(d, seat, leader, led, card)
            rest = [c for c in hand if c != card]
            return (_standing_value(d, lead, game_rule, rest), -ORDER[card])

        return "play " + max(hand, key=score)
    seen = (
        set(hand)
        | {c for t in d["history"] for _, c in t["cards"]}
        | set(d["discards"][seat] or ())
    )
    unseen = [c for c in PACK if c not in seen]

    def lead_score(card):
        rest = [c for c in hand if c != card]
        values = [
            _standing_value(d, *_after_trick(d, seat, seat, card, reply)[:2], rest)
            for reply in unseen
        ]
        if not values:
            return (0.0, -ORDER[card])
        return (0.5 * min(values) + 0.5 * sum(values) / len(values), -ORDER[card])

    return "play " + max(hand, key=lead_score)


def bot_rollout(state, seat, rng):
    """The simulations' policy: as the follower, the rule-based player's choice (one trick ahead);
    as the leader and before play, the quick policy (the rule-based lead weighs every card against
    every unseen one, too slow for a simulation); a random card one time in ten."""
    d = state.d
    if d["phase"] == "prepare" or not d["trick"]:
        return _quick_rollout(state, seat, rng)
    if rng.random() < 0.1:
        return "play " + rng.choice(d["hands"][seat])
    return bot_heuristic(state, seat, rng)


# -- the strong level's endgame: every trick left solved exactly, in every world the seat allows -----
#
# Once the hands are small the game is all but open: the seat holds 16 of the 32 cards and sees every
# card played, so the opponent's cards are known save which 3 of them were discarded. The strong level
# then stops simulating and solves the rest exactly (``bot_endgame``): for each way the opponent's
# unseen cards may split into hand and discard (at most C(9, 3) = 84 with 6 cards in hand; a sample
# of ENDGAME_WORLDS should there ever be more), minimax over the tricks left with both hands open
# scores each of the seat's cards by ``bot_reward`` at the end of the game; the card with the best
# mean over the worlds is played. The search's rollouts play those last tricks with a one-trick
# look-ahead and noise; the solver plays them as well as they can be played in each world: strong
# - normal went from +0.08 to +0.27 of a place (tests/bench/results/2026-11-24-arena.md). Cost in CPython,
# one decision with every world (positions shared between worlds): 6 cards 60-320 ms, 5 cards 10-60
# ms; 7 cards would take 0.4-1.2 s for only 8 of the 120 worlds, past the strong level's budget.
ENDGAME_CARDS = 6
ENDGAME_WORLDS = 84
assert all(
    ORDER[c] // len(RANKS) == SUITS.index(suit_of(c))
    and ORDER[c] % len(RANKS) == RANK_VALUE[rank_of(c)]
    for c in PACK
), "the solver reads suit and rank from the card's place in PACK"


def _match_reward(diff):
    """``bot_reward`` of a match standing ``diff`` (own match points minus the opponent's)."""
    outcome = 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0
    return 0.85 * outcome + 0.15 * (0.5 + max(-13, min(13, diff)) / 26)


def _resolve(led, followed, leader_is_me, high, more):
    """A trick between card codes: (won by me, trick rule high, game rule more) after it."""
    leader_wins = (led & 7) >= (followed & 7) if high else (led & 7) < (followed & 7)
    suit = (led if leader_wins else followed) >> 3  # S H D C: more, high, low, fewer
    if suit == 0:
        more = True
    elif suit == 1:
        high = True
    elif suit == 2:
        high = False
    else:
        more = False
    return leader_wins == leader_is_me, high, more


def _solve(mine, theirs, i_lead, led, high, more, diff, base, memo):
    """Each of my cards (codes) -> its value to me, both hands open, best play on both sides.

    ``mine``/``theirs``: sorted tuples of card codes; ``led``: the opponent's card on the table when
    I follow (else None); ``diff``: my tricks minus theirs; ``base``: my match points minus theirs
    before this game. ``memo`` (shared by the worlds of one decision) keeps the value of every
    position at the start of a trick."""

    def value(mine, theirs, i_lead, high, more, diff):
        if not mine:  # the 13th trick is played: the game rule in force names the winner
            won = (diff > 0) == more
            return _match_reward(base + (abs(diff) if won else -abs(diff)))
        key = (mine, theirs, i_lead, high, more, diff)
        v = memo.get(key)
        if v is not None:
            return v
        if i_lead:
            v = -1.0
            for i, card in enumerate(mine):
                rest = mine[:i] + mine[i + 1 :]
                worst = 2.0
                for j, reply in enumerate(theirs):
                    won, h, m = _resolve(card, reply, True, high, more)
                    x = value(
                        rest, theirs[:j] + theirs[j + 1 :], won, h, m, diff + (1 if won else -1)
                    )
                    if x < worst:
                        worst = x
                        if worst <= v:  # this lead is no better than one already found
                            break
                if worst > v:
                    v = worst
        else:
            v = 2.0
            for j, card in enumerate(theirs):
                rest = theirs[:j] + theirs[j + 1 :]
                top = -1.0
                for i, reply in enumerate(mine):
                    won, h, m = _resolve(card, reply, False, high, more)
                    x = value(mine[:i] + mine[i + 1 :], rest, won, h, m, diff + (1 if won else -1))
                    if x > top:
                        top = x
                        if top >= v:  # the opponent has a lead no worse for him
                            break
                if top < v:
                    v = top
        memo[key] = v
        return v

    out = {}
    for i, card in enumerate(mine):
        rest = mine[:i] + mine[i + 1 :]
        if led is None:
            worst = 2.0
            for j, reply in enumerate(theirs):
                won, h, m = _resolve(card, reply, True, high, more)
                worst = min(
                    worst,
                    value(rest, theirs[:j] + theirs[j + 1 :], won, h, m, diff + (1 if won else -1)),
                )
            out[card] = worst
        else:
            won, h, m = _resolve(led, card, False, high, more)
            out[card] = value(rest, theirs, won, h, m, diff + (1 if won else -1))
    return out


def bot_endgame(view, sampler, rng, deadline=None):
    """The strong level's play once the seat holds at most ENDGAME_CARDS cards: the card whose
    exact value, averaged over the worlds the seat cannot tell apart, is best (see above); None
    before that (the search decides). Reads the view only (the seat's hand and discard, the
    cards played, the opponent's hand count): it counts the worlds itself, ``sampler`` unused."""
    if view.get("phase") != "play" or not view.get("legal_actions"):
        return None
    hand = view["hand"]
    if len(hand) > ENDGAME_CARDS:
        return None
    seat = view["seat"]
    seen = set(hand) | set(view.get("discard") or ())
    seen.update(c for t in view["history"] for _, c in t["cards"])
    seen.update(c for _, c in view["trick"])
    unseen = sorted(ORDER[c] for c in PACK if c not in seen)
    count = view["hand_counts"][1 - seat]
    worlds = list(combinations(unseen, count))
    if len(worlds) > ENDGAME_WORLDS:
        worlds = rng.sample(worlds, ENDGAME_WORLDS)
    mine = tuple(sorted(ORDER[c] for c in hand))
    led = ORDER[view["trick"][0][1]] if view["trick"] else None
    tricks = view["tricks"]
    mp = view["match_points"]
    memo = {}
    totals = dict.fromkeys(mine, 0.0)
    for i in timed(len(worlds), deadline):
        theirs = worlds[i]
        values = _solve(
            mine,
            theirs,
            led is None,
            led,
            view["trick_rule"] == "high",
            view["game_rule"] == "more",
            tricks[seat] - tricks[1 - seat],
            mp[seat] - mp[1 - seat],
            memo,
        )
        for card, v in values.items():
            totals[card] += v
    best = max(mine, key=lambda card: (totals[card], -card))
    action = "play " + PACK[best]
    return action if action in view["legal_actions"] else None


HOOKS = BotHooks(
    reward=bot_reward,
    rollout=bot_rollout,
    deal_id=bot_deal_id,
    resample=resample_world,
    candidates=bot_candidates,
    heuristic=bot_heuristic,
    endgame=bot_endgame,
    normal_iterations=350,
)
