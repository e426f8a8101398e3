"""Quinto's computer players (``tabletop.bots``): worlds, rewards and the rule-based player.

Declared as ``HOOKS``; the rules module, ``tabletop.games.quinto``, only says that it has
players (``GameInfo.computer_players``) and imports nothing of them.

The search levels (easy, normal, strong) are the shared Information Set MCTS: each world redeals
the cards the seat cannot see (the other hands and, until the last trick is won, the cachette)
keeping every void a failure to follow has shown (a joker shows nothing: it may always be played),
and its rollouts are played by the rule-based player below, with a random card one time in ten.
"""

from __future__ import annotations

from ..bots.worlds import deal_hands
from ..core import BotHooks
from ..games.quinto import JOKER, ORDER, PACK, suit_to_follow, trick_winner

# A pair's other card: A+4 and 3+2 of one suit.
_PARTNER_RANK = {"A": "4", "4": "A", "3": "2", "2": "3"}


def _plays(d):
    """The tricks of the deal so far, each ``[[seat, card], ...]`` in play order."""
    out = [[[(t[0] + k) % 4, c] for k, c in enumerate(t[2:])] for t in d["history"]]
    out.append([list(p) for p in d["trick"]])
    return out


def voids(d):
    """Suits each seat has shown it lacks: a card of another suit than the suit to follow (the
    joker proves nothing, it may always be played)."""
    out = {}
    for trick in _plays(d):
        for k, (seat, card) in enumerate(trick):
            suit = suit_to_follow([c for _, c in trick[:k]])
            if suit is not None and card != JOKER and card[1] != suit:
                out.setdefault(seat, set()).add(suit)
    return out


def resample_world(state, seat, rng):
    """A world for ``seat``: the other hands and the face-down cachette redealt, each seat's
    revealed voids kept; future explicit deals dropped (they would tell the next deal)."""
    void = voids(state.d)

    def allowed(place, card):
        return not (type(place) is int and card != JOKER and card[1] in void.get(place, ()))

    world = deal_hands(state, seat, rng, allowed, extra=("cachette",))
    w = world.d
    w["deals"] = w["deals"][: w["deal_index"]]
    return world


def bot_deal_id(state):
    return state.d["deals_played"]


def _swing(points, team):
    return points[team] - points[1 - team]


def bot_reward(state, seat):
    """The deal's swing between the teams' points (quints and tricks), scaled into [0, 1]
    around 0.5 (a deal is worth 140-240 points undoubled); the end of the game is 1 for the
    winners, 0 for the losers (0.5 each for a draw)."""
    d = state.d
    team = seat % 2
    if state.is_over():
        w = d["winner_team"]
        return 0.5 if w is None else 1.0 if w == team else 0.0
    if d["deal_log"] and not d["history"] and not d["trick"] and not d["calls"]:
        swing = _swing(d["deal_log"][-1]["points"], team)  # the deal just scored
    else:  # a deal cut short: what the teams hold so far
        m = state.multiplier()
        q, t = state.deal_quints(), state.tricks()
        swing = _swing([q[k] + 5 * m * t[k] for k in (0, 1)], team)
    return max(0.0, min(1.0, 0.5 + swing / 500))


# -- the rule-based player (rules file section 13) --------------------------------------------------
def _lowest(cards):
    """The lowest card in the pack order (spades below clubs below diamonds below hearts)."""
    return max(cards, key=ORDER.__getitem__)


def _is_quint_card(card):
    """A card that scores (a five, the joker) or may complete a pair (A, 4, 3, 2)."""
    return card == JOKER or card[0] in "5A432"


def _completes_pair(card, trick_cards):
    other = _PARTNER_RANK.get(card[0]) if card != JOKER else None
    return other is not None and other + card[1] in trick_cards


def _adds_quint(card, trick_cards):
    return card == JOKER or card[0] == "5" or _completes_pair(card, trick_cards)


def _call_strength(hand):
    """Likely tricks: heart A or K = 1, other hearts 0.5, diamond A or K 0.5."""
    total = 0.0
    for c in hand:
        if c == JOKER:
            continue
        if c[1] == "H":
            total += 1.0 if c[0] in "AK" else 0.5
        elif c[1] == "D" and c[0] in "AK":
            total += 0.5
    return total


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``), from the seat's hand and the public table only.

    Calls: double with about 4 likely tricks, redouble an opponent's double with 5. Leads a master
    (no unseen card beats it) while it holds two, keeping one for the last trick (which takes the
    cachette); else a low spade or club that cannot score. Following, when the partner wins for
    sure: feed the joker, a five or a pair's card; when the opponents win: take it with the
    cheapest card that will hold (the cheapest that wins when last), else shed a low card that
    gives away no quint."""
    d = state.d
    hand = d["hands"][seat]
    if d["phase"] == "double":
        legal = state.legal_double(seat)
        strength = _call_strength(hand)
        if "redouble" in legal and strength >= 5:
            return "redouble"
        if "double" in legal and strength >= 4:
            return "double"
        return "pass"
    playable = state.playable(seat)
    if len(playable) == 1:
        return "play " + playable[0]
    seen = set(hand)
    for t in d["history"]:
        seen.update(t[2:])
    seen.update(c for _, c in d["trick"])
    if d["cachette_team"] is not None:
        seen.update(d["cachette"])
    unseen = [c for c in PACK if c not in seen]
    top_unseen = min((ORDER[c] for c in unseen if c != JOKER), default=len(PACK))

    def master(card):
        return card != JOKER and ORDER[card] < top_unseen

    plain = [c for c in playable if c != JOKER]
    trick = d["trick"]
    trick_cards = [c for _, c in trick]
    if not trick:
        masters = [c for c in plain if master(c)]
        last_trick = len(d["history"]) == 11
        if masters and (len(masters) >= 2 or last_trick):
            return "play " + _lowest(masters)
        safe = [c for c in plain if c[1] in "SC" and not _is_quint_card(c)]
        if safe:
            return "play " + _lowest(safe)
        quiet = [c for c in plain if not _is_quint_card(c)]
        return "play " + _lowest(quiet or plain or playable)
    win_seat, win_card = trick_winner(trick)
    last = len(trick) == 3
    partner_sure = win_seat % 2 == seat % 2 and (last or ORDER[win_card] < top_unseen)
    if partner_sure:
        if JOKER in playable:
            return "play " + JOKER
        fives = [c for c in plain if c[0] == "5"]
        if fives:
            return "play " + min(fives, key=ORDER.__getitem__)  # the five worth most
        pairs = [c for c in plain if _completes_pair(c, trick_cards)]
        if pairs:
            return "play " + pairs[0]
        quiet = [c for c in plain if not _is_quint_card(c)]
        return "play " + _lowest(quiet or plain)
    winners = [c for c in plain if ORDER[c] < ORDER[win_card]]
    trick_value = any(_adds_quint(c, trick_cards[:k]) for k, c in enumerate(trick_cards))
    if winners and win_seat % 2 != seat % 2:
        if last:
            return "play " + _lowest(winners)
        holding = [c for c in winners if master(c)]
        if holding:
            return "play " + _lowest(holding)
        if trick_value:
            return "play " + _lowest(winners)
    elif winners and trick_value:  # the partner wins, but not for sure: make the trick safe
        holding = [c for c in winners if master(c)]
        if holding:
            return "play " + _lowest(holding)
    quiet = [c for c in plain if not _adds_quint(c, trick_cards)]
    return "play " + _lowest(quiet or plain or playable)


def bot_rollout(state, seat, rng):
    """The simulations' policy: the rule-based player, with a random legal card one time in ten."""
    if state.d["phase"] == "play" and rng.random() < 0.1:
        return "play " + rng.choice(state.playable(seat))
    return bot_heuristic(state, seat, rng)


# Strong (normal's search three times as long) has not been shown stronger than normal here:
# +0.025 +- 0.045 over 96 matches (tests/bench/results/2026-11-28-arena.md) and +0.024 +- 0.035
# over 192 with phone-scaled time limits (2026-11-29-phone-arena.md), while a search that sees
# every hand gains +0.195. So it is not offered.
HOOKS = BotHooks(
    reward=bot_reward,
    rollout=bot_rollout,
    deal_id=bot_deal_id,
    resample=resample_world,
    heuristic=bot_heuristic,
    normal_iterations=260,
    strong_offered=False,
)
