"""Mate's computer players (``tabletop.bots``): the easy and normal levels search; strong is the
exact solver of the rules module.

Declared as ``HOOKS``; the rules module, ``tabletop.games.mate``, only says that it has players
(``GameInfo.computer_players``) and imports nothing of them. Its solver stays there, because it
answers the hint and the deal's analysis (``GameInfo.queries``) too: the strong level is
``from_view=state_from_view`` with the game's ``queries.hint`` (``tabletop.bots``).
"""

from __future__ import annotations

from ..cards import rank_of, suit_of
from ..core import BotHooks
from ..games.mate import VALUE, card_strength, follow_options, state_from_view


def bot_deal_id(state):
    return state.d["deal_number"]


def bot_reward(state, seat):
    """Match standing after the deal: being ahead counts most, the margin a little (a deal is
    worth at most 110 points, A x 10)."""
    points = state.d["points"]
    diff = points[seat] - points[1 - seat]
    outcome = 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0
    return 0.7 * outcome + 0.3 * (0.5 + max(-110, min(110, diff)) / 220)


def _mates(leader_hand, follower_hand):
    """The leader's cards that mate the follower at once (neither its suit nor its rank held)."""
    return [c for c in leader_hand if not follow_options(follower_hand, c)]


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``): every card not in its hand and not played is the
    opponent's (complete information, rules section 9), so it reads both hands, as the view does.

    Looks one trick ahead. Leading: a card that mates at once, the one worth most; else a card the
    opponent cannot beat (it keeps the lead) or, failing that, one after which the opponent, winning
    the lead, has no mate against what is left; from the suit the opponent is shortest in.
    Following: wins when it then has a mate to lead, or when losing would leave the opponent a
    mate; else the cheapest card that wins, or its lowest card."""
    d = state.d
    hand = d["hands"][seat]
    other = d["hands"][1 - seat]
    legal = state.legal_play(seat)
    if len(legal) == 1:
        return legal[0]
    cards = [a[5:] for a in legal]
    value = lambda c: VALUE[rank_of(c)]  # noqa: E731
    if d["trick"]:
        led = d["trick"][0][1]
        opp_rest = [c for c in other if c != led]

        def follow_score(c):
            mine = [x for x in hand if x != c]
            if card_strength(c) > card_strength(led):  # I lead next
                return (2 if _mates(mine, opp_rest) else 1, -value(c), -card_strength(c))
            return (-2 if _mates(opp_rest, mine) else 0, -value(c), -card_strength(c))

        return "play " + max(cards, key=follow_score)
    mates = _mates(cards, other)
    if mates:
        return "play " + max(mates, key=lambda c: (value(c), card_strength(c)))
    short = {s: sum(1 for c in other if suit_of(c) == s) for s in "SHDC"}

    def lead_score(c):
        mine = [x for x in hand if x != c]
        replies = follow_options(other, c)
        beaten = [r for r in replies if card_strength(r) > card_strength(c)]
        if not beaten:  # I keep the lead: better still if I then have a mate
            after = min((2 if _mates(mine, [x for x in other if x != r]) else 1) for r in replies)
            return (after, -short[suit_of(c)], value(c))
        danger = any(_mates([x for x in other if x != r], mine) for r in beaten)
        return (-1 if danger else 0, -short[suit_of(c)], -value(c))

    return "play " + max(cards, key=lead_score)


HOOKS = BotHooks(
    reward=bot_reward, deal_id=bot_deal_id, from_view=state_from_view, heuristic=bot_heuristic
)
