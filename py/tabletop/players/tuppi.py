"""Tuppi's computer players (``tabletop.bots``): worlds, rewards and a rollout policy.

Declared as ``HOOKS``; the rules module, ``tabletop.games.tuppi``, only says that it has
players (``GameInfo.computer_players``) and imports nothing of them.
"""

from __future__ import annotations

from ..bots.worlds import deal_hands, timed, trick_voids
from ..core import BotHooks
from ..games.tuppi import (
    NORMAL_VALUE,
    ORDER,
    PACK,
    RANKS,
    RED,
    SOOLI_VALUE,
    SUITS,
    card_suit,
    normal_value,
    sooli_value,
)
from ..tricks import open_choices, open_playable, winning_play

_HIGH = {"A": 4, "K": 3, "Q": 2, "J": 1}


def _bot_bid(state, seat, rng):
    """A plausible bid for a hand: red (rami: take tricks) with enough high cards, else black."""
    hand = state.d["hands"][seat]
    points = sum(_HIGH.get(c[0], 0) for c in hand) + rng.randrange(-3, 4)
    want_red = points >= 11
    legal = state.legal_bid(seat)
    cards = [a for a in legal if a[4:] not in ("rami", "nolo") and (a[5] in RED) == want_red]
    if cards:
        return min(cards, key=lambda a: NORMAL_VALUE[a[4]])
    return "bid rami" if want_red else "bid nolo"


def _trick_plays(state):
    d = state.d
    tricks = [list(zip(state.trick_seats(t[0]), t[2:])) for t in d["history"]]
    tricks.append([tuple(p) for p in d["trick"]["cards"]])
    return tricks


def resample_world(state, seat, rng):
    """A world for ``seat``: hidden cards (other hands, a laid card, the partner's set-aside cards)
    redealt, respecting revealed voids and verbal bids (``bid rami``: no red card that could be
    bid; ``bid nolo``: no black one); the other seats' unrevealed bids chosen again from their new
    hands; the card given in a sooli forgotten by those who did not see it; future setup deals
    dropped."""
    d = state.d
    voids = trick_voids(_trick_plays(state), card_suit)
    ranks = state.bid_ranks()
    verbal = {s: b for s, b in d["revealed_bids"] if b in ("rami", "nolo")}

    def allowed(place, card):
        if card[1] in voids.get(place, ()):
            return False
        word = verbal.get(place)
        if word is not None and card[0] in ranks and (card[1] in RED) == (word == "rami"):
            return False
        return True

    world = deal_hands(state, seat, rng, allowed, extra=("laid", "set_aside"))
    w = world.d
    revealed = {s for s, _ in w["revealed_bids"]}
    for s in range(4):
        if s != seat and w["bids"][s] is not None and s not in revealed:
            w["bids"][s] = None
            w["bids"][s] = _bot_bid(world, s, rng)[4:] if w["phase"] == "bid" else "nolo"
    if seat not in (w["soloist"], w["out"]):
        w["given"] = None
    w["deals"] = w["deals"][: w["deal_index"]]
    return world


def bot_deal_id(state):
    return state.d["deals_played"]


def bot_reward(state, seat):
    """The deal's swing between the two teams' totals (points won, points lost to a reset), scaled
    into [0, 1] around 0.5; the end of the game is 1 for the winners and 0 for the losers."""
    d = state.d
    team = seat % 2
    if state.is_over():
        s = d["scores"]
        return 0.5 if s[0] == s[1] else 1.0 if s[team] > s[1 - team] else 0.0
    if not d["deal_log"] or d["phase"] != "bid" or any(b is not None for b in d["bids"]):
        # a deal in play (a rollout cut short): tricks so far
        t = d["tricks"]
        return 0.5 + 0.02 * (t[team] - t[1 - team]) * (1 if d["mode"] != "nolo" else -1)
    log = d["deal_log"][-1]
    scoring, gained, lost = log[6], log[8], [log[9], log[10]]
    change = [(gained if k == scoring else 0) - lost[k] for k in (0, 1)]
    swing = change[team] - change[1 - team]
    return max(0.0, min(1.0, 0.5 + swing / 120))


# The former rollout policy (before issue #18), kept for the measurement of what the rule-based
# rollouts changed: tests/bench/bench_search_convergence.py --rollout quick.
def _quick_rollout(state, seat, rng):
    """Cheap play for simulations: bids by high cards; sooli rarely; in play, take tricks in rami
    (not over a partner already winning), avoid them in nolo and sooli."""
    d = state.d
    phase = d["phase"]
    if phase == "bid":
        return _bot_bid(state, seat, rng)
    if phase == "sooli":
        return "declare sooli" if rng.random() < 0.03 else "pass"
    if phase == "exchange":
        hand = d["hands"][seat]
        return "exchange " + max(hand, key=sooli_value)
    if phase == "give":
        return "give " + min(d["hands"][seat], key=sooli_value)
    playable = state.playable(seat)
    if rng.random() < 0.1:
        return "play " + rng.choice(playable)
    mode = d["mode"]
    value = sooli_value if mode == "sooli" else normal_value
    cards = d["trick"]["cards"]
    want = mode == "rami"
    if not cards:
        return "play " + (max(playable, key=value) if want else min(playable, key=value))
    led = cards[0][1][1]
    win_seat, win_card = winning_play(cards, card_suit, value)
    follow = [c for c in playable if c[1] == led]
    if not follow:  # void: keep good cards when taking tricks, shed them when avoiding
        return "play " + (min(playable, key=value) if want else max(playable, key=value))
    best = value(win_card)
    if want:
        if win_seat % 2 == seat % 2:
            return "play " + min(follow, key=value)
        over = [c for c in follow if value(c) > best]
        return "play " + (min(over, key=value) if over else min(follow, key=value))
    under = [c for c in follow if value(c) < best]
    return "play " + (max(under, key=value) if under else min(follow, key=value))


def _hand_tricks(hand):
    """Tricks a hand may take at no trump: aces, guarded kings and queens, and long-suit length."""
    total = 0.0
    for suit in "SHDC":
        ranks = {c[0] for c in hand if c[1] == suit}
        length = sum(1 for c in hand if c[1] == suit)
        total += (
            ("A" in ranks)
            + 0.7 * ("K" in ranks and length >= 2)
            + 0.4 * ("Q" in ranks and length >= 3)
        )
        total += max(0, length - 4) * 0.6
    return total


def _heuristic_bid(state, seat):
    """Red (rami) with a hand worth more than its share of tricks, else black (nolo); the lowest
    eligible card of that colour (a bid card, if revealed, tells everyone where it is)."""
    want_red = _hand_tricks(state.d["hands"][seat]) >= 3.6
    legal = state.legal_bid(seat)
    cards = [a for a in legal if a[4:] not in ("rami", "nolo") and (a[5] in RED) == want_red]
    if cards:
        return min(cards, key=lambda a: (NORMAL_VALUE[a[4]], ORDER[a[4:]]))
    return "bid rami" if want_red else "bid nolo"


def _boss(card, value, played):
    """True when no unplayed card of the suit outranks ``card`` (under the ranking ``value``)."""
    return not any(r + card[1] not in played and value(r + card[1]) > value(card) for r in RANKS)


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``), from the seat's hand and the public table only.

    Bids red with a hand worth more than its share of tricks; declares sooli with a hand of low
    cards only (ace low), lays its highest card and is given the partner's lowest. In rami both
    teams want tricks: cash the masters, else lead low from the longest suit; follow by winning as
    cheaply as possible unless the partner already wins. In nolo duck under the trick with the
    highest card that still loses and shed high cards when void. In sooli the soloist ducks; the
    declaring pair plays low, so that the soloist has to win."""
    d = state.d
    phase = d["phase"]
    hand = d["hands"][seat]
    if phase == "bid":
        return _heuristic_bid(state, seat)
    if phase == "sooli":
        high = sum(max(0, SOOLI_VALUE[c[0]] - 7) for c in hand)
        return (
            "declare sooli" if high <= (4 if d["options"]["sooli_tricks"] == 3 else 1) else "pass"
        )
    if phase == "exchange":
        top = max(hand, key=lambda c: (sooli_value(c), ORDER[c]))
        return "exchange " + top if sooli_value(top) >= 8 else "pass"
    if phase == "give":
        return "give " + min(hand, key=lambda c: (sooli_value(c), ORDER[c]))
    playable = state.playable(seat)
    if len(playable) == 1:
        return "play " + playable[0]
    mode = d["mode"]
    sooli = mode == "sooli"
    value = sooli_value if sooli else normal_value
    played = {c for t in d["history"] for c in t[2:]} | {c for _, c in d["trick"]["cards"]}
    cards = d["trick"]["cards"]
    low = lambda cs: min(cs, key=lambda c: (value(c), ORDER[c]))  # noqa: E731
    high = lambda cs: max(cs, key=lambda c: (value(c), -ORDER[c]))  # noqa: E731
    if mode == "rami":
        if not cards:
            masters = [c for c in playable if _boss(c, value, played)]
            if masters:
                return "play " + high(masters)
            longest = max(
                "SHDC", key=lambda s_: (sum(1 for c in playable if c[1] == s_), -"SHDC".index(s_))
            )
            return "play " + low([c for c in playable if c[1] == longest] or playable)
        led = cards[0][1][1]
        win_seat, win_card = winning_play(cards, card_suit, value)
        follow = [c for c in playable if c[1] == led]
        if not follow:
            return "play " + low(playable)
        partner_wins = win_seat % 2 == seat % 2 and (
            _boss(win_card, value, played | set(hand)) or len(cards) == 3
        )
        if partner_wins:
            return "play " + low(follow)
        over = [c for c in follow if value(c) > value(win_card)]
        if not over:
            return "play " + low(follow)
        if len(cards) == 3:
            return "play " + low(over)
        bosses = [c for c in over if _boss(c, value, played)]
        return "play " + (low(bosses) if bosses else low(over) if len(cards) == 2 else low(follow))
    # nolo (everyone avoids tricks), or sooli (the soloist avoids them, the declaring pair feeds him)
    avoid = mode == "nolo" or seat == d["soloist"]
    if not cards:
        return "play " + low(playable)
    led = cards[0][1][1]
    win_seat, win_card = winning_play(cards, card_suit, value)
    follow = [c for c in playable if c[1] == led]
    if not avoid:  # the declaring pair in sooli: stay under, leave the soloist to win
        if not follow:
            return "play " + high(playable)
        under = [c for c in follow if value(c) < value(win_card)]
        return "play " + (high(under) if under and win_seat == d["soloist"] else low(follow))
    if not follow:
        return "play " + high(playable)
    under = [c for c in follow if value(c) < value(win_card)]
    if under:
        return "play " + high(under)
    return "play " + (
        high(follow) if len(cards) == len(state.trick_seats(cards[0][0])) - 1 else low(follow)
    )


def bot_rollout(state, seat, rng):
    """The simulations' policy: the rule-based player, with a random legal card one time in ten."""
    phase = state.d["phase"]
    if phase == "play" and rng.random() < 0.1:
        return "play " + rng.choice(state.playable(seat))
    return bot_heuristic(state, seat, rng)


# -- the strong level's endgame: the last tricks solved double dummy in sampled worlds ----------------
#
# With few cards left the strong level stops simulating (``bot_endgame``): in each of
# ENDGAME_WORLDS worlds drawn from the seat's view (the search's own sampler: revealed voids and
# bids respected) it solves the rest of a rami or nolo deal exactly with all hands open, one team
# against the other ("double dummy", as bridge programs do), each final trick count scored by
# ``bot_reward`` through the engine's own scoring, and plays the card with the best mean over the
# worlds. The search's rollouts play those tricks by the rule-based player with noise; the solver
# finds squeezes, throw-ins and the seventh trick where they exist in the world. Sooli deals (three
# tricks, ace low) are left to the search. Cost in CPython, one decision: 4 cards each and 24 worlds
# about 0.1-0.4 s (tests/bench/results/2026-11-24-arena.md).
ENDGAME_CARDS = 4
ENDGAME_WORLDS = 24
assert all(ORDER[c] == SUITS.index(c[1]) * 13 + NORMAL_VALUE[c[0]] for c in PACK), (
    "the solver reads suit and rank from the card's place in PACK"
)


def _final_rewards(world, seat):
    """``bot_reward`` for ``seat`` by team 0's final trick count, over the counts still possible."""
    d = world.d
    left = 13 - d["tricks_played"]
    out = {}
    for extra in range(left + 1):
        w = world.clone()
        w.d["tricks"] = [d["tricks"][0] + extra, d["tricks"][1] + left - extra]
        w.d["tricks_played"] = 13
        w.score_deal()
        out[d["tricks"][0] + extra] = bot_reward(w, seat)
    return out


def _double_dummy(hands, trick, leader, t0, my_team, rewards, memo):
    """Each card the seat to move may play -> its value to ``my_team``, every hand open.

    ``hands``: four tuples of card codes (``ORDER``); ``trick``: the codes played to the current
    trick, led by ``leader``; ``t0``: team 0's tricks so far. Team ``my_team`` maximizes ``rewards``
    (by team 0's final count), the other team minimizes it. ``memo`` keeps positions at the start of
    a trick (shared by the worlds of one decision)."""

    def value(hands, leader, t0):
        if not hands[0] and not hands[1] and not hands[2] and not hands[3]:
            return rewards[t0]
        key = (hands, leader, t0)
        v = memo.get(key)
        if v is None:
            v = search(hands, (), leader, t0, -1.0, 2.0)
            memo[key] = v
        return v

    def search(hands, played, leader, t0, alpha, beta):
        n = len(played)
        if n == 4:
            suit = played[0] // 13
            win = max(range(4), key=lambda i: played[i] if played[i] // 13 == suit else -1)
            winner = (leader + win) % 4
            return value(hands, winner, t0 + (winner % 2 == 0))
        seat = (leader + n) % 4
        mine = seat % 2 == my_team
        best = -1.0 if mine else 2.0
        for c in open_choices(hands, played, seat, 13):
            h = list(hands)
            h[seat] = tuple(x for x in hands[seat] if x != c)
            x = search(tuple(h), played + (c,), leader, t0, alpha, beta)
            if mine:
                if x > best:
                    best = x
                    if best > alpha:
                        alpha = best
            elif x < best:
                best = x
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    seat = (leader + len(trick)) % 4
    out = {}
    for c in open_playable(
        hands[seat], trick, 13
    ):  # every legal card, equal ones too: the view names each
        h = list(hands)
        h[seat] = tuple(x for x in hands[seat] if x != c)
        out[c] = search(tuple(h), tuple(trick) + (c,), leader, t0, -1.0, 2.0)
    return out


def bot_endgame(view, sampler, rng, deadline=None):
    """The strong level's card once the seat holds at most ENDGAME_CARDS cards in a rami or nolo
    deal: the best mean over ENDGAME_WORLDS worlds of the double-dummy value (see above); None
    otherwise (the search decides). The worlds come from ``sampler``, built from the seat's view."""
    if view.get("phase") != "play" or view.get("mode") not in ("rami", "nolo") or sampler is None:
        return None
    hand = view["hand"]
    legal = view["legal_actions"]
    if len(hand) > ENDGAME_CARDS or len(legal) < 2:
        return None
    me = view["seat"]
    memo = {}
    totals = {}
    rewards = None
    for _ in timed(ENDGAME_WORLDS, deadline):
        world = sampler(rng)
        d = world.d
        if rewards is None:  # public: the scores, the mode, the declarer, the options
            rewards = _final_rewards(world, me)
        hands = tuple(tuple(sorted(ORDER[c] for c in h)) for h in d["hands"])
        trick = [ORDER[c] for _, c in d["trick"]["cards"]]
        values = _double_dummy(
            hands, trick, d["trick"]["leader"], d["tricks"][0], me % 2, rewards, memo
        )
        for c, v in values.items():
            totals[c] = totals.get(c, 0.0) + v
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
    normal_iterations=260,
)
