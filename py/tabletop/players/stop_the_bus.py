"""Stop the Bus's computer players (``tabletop.bots``): worlds, rewards and a rollout policy.

Declared as ``HOOKS``; the rules module, ``tabletop.games.stop_the_bus``, only says that it has
players (``GameInfo.computer_players``) and imports nothing of them.
"""

from __future__ import annotations

from ..bots.worlds import redeal
from ..core import BotHooks
from ..games.stop_the_bus import ORDER, PACK


def _world_hidden(state, seat):
    """Every card ``seat`` cannot place: the stock and other hands, less the publicly taken cards.
    (``hidden_cards`` also leaves out the last showdown's codes for the leak check; their places
    in the new deal are unknown, so a world redeals them too.)"""
    d = state.d
    hidden = set(d["stock"])
    for s, hand in enumerate(d["hands"]):
        if s != seat:
            hidden.update(c for c in hand if c not in d["known"][s])
    return hidden


def resample_world(state, seat, rng):
    """A world for ``seat``: stock and unseen cards of other hands redealt; a card another seat has
    just drawn from the stock forgotten; future setup deals dropped."""
    hidden = _world_hidden(state, seat)
    world = redeal(state, seat, rng, hidden=hidden, keys=("hands", "stock"))
    w = world.d
    if w["drawn"] in hidden:
        w["drawn"] = None
    w["deals"] = w["deals"][: w["deal_number"]]
    return world


def bot_deal_id(state):
    return state.d["deal_number"]


def bot_reward(state, seat):
    """The showdown just held: 0 for losing a life (or not having the best hand, in points mode),
    1 otherwise; the end of the game 1 for the winner. A deal still in play (a rollout cut short)
    is judged by how many hands this one beats now."""
    d = state.d
    points = state.options["scoring"] == "points"
    if state.is_over():
        r = state.result()
        winners = r["winners"] if points else [r["winner"]]
        return 1.0 / len(winners) if seat in winners else 0.0
    if seat in d["eliminated"]:
        return 0.0
    active = d["deal_active"]
    if d["last_move"] is None and d["last_showdown"] is not None:  # a new deal: score the showdown
        ls = d["last_showdown"]
        if points:
            return 1.0 if seat in ls["best"] else 0.0
        return 0.0 if seat in ls["losers"] and not ls["void"] else 1.0
    mine = state.ranking_key(d["hands"][seat][:3]) if len(d["hands"][seat]) >= 3 else (0,)
    others = [s for s in active if s != seat]
    beaten = sum(
        1 for s in others if len(d["hands"][s]) >= 3 and state.ranking_key(d["hands"][s][:3]) < mine
    )
    return 0.1 + 0.8 * beaten / max(1, len(others))


def _best_three(state, cards, keep=None):
    """The best key and the card to throw from four cards (never ``keep``)."""
    best = None
    for card in cards:
        if card == keep:
            continue
        rest = [c for c in cards if c != card]
        key = state.ranking_key(rest)
        if best is None or key > best[0]:
            best = (key, card)
    return best


def draw_choice(state, seat, legal):
    """The draw of the rule-based players: the top discard when it makes the hand better, else the stock."""
    d = state.d
    hand = d["hands"][seat]
    top = d["discard_pile"][-1] if d["discard_pile"] else None
    if top is not None and _best_three(state, hand + [top], keep=top)[0] > state.ranking_key(hand):
        return "draw discard"
    return "draw stock" if "draw stock" in legal else "draw discard"


def bot_rollout(state, seat, rng):
    """Cheap play for simulations: take the discard when it improves the hand, else the stock;
    throw the card that leaves the best hand; stop with a good hand (and now and then anyway)."""
    d = state.d
    hand = d["hands"][seat]
    if d["phase"] == "discard":
        return "discard " + _best_three(state, hand, keep=d["taken"])[1]
    legal = state.legal_turn(seat)
    key = state.ranking_key(hand)
    if "stop" in legal:
        good = key[0] >= 3 or (key[0] == 2 and key[1] >= 10)
        if (
            (good and rng.random() < 0.6)
            or (key[0] >= 2 and rng.random() < 0.15)
            or rng.random() < 0.04
        ):
            return "stop"
    return draw_choice(state, seat, legal)


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``), from the seat's hand and the public table only.

    Takes the discard when it makes the hand better, else draws from the stock; throws the card
    that leaves the best three; stops the bus with a hand that is rarely the worst (any pair, or
    ace-king high) when the worst hand loses a life, and with a strong one (a flush or better, a
    pair of queens or better) when only the best hand scores."""
    d = state.d
    hand = d["hands"][seat]
    if d["phase"] == "discard":
        return "discard " + _best_three(state, hand, keep=d["taken"])[1]
    legal = state.legal_turn(seat)
    key = state.ranking_key(hand)
    if "stop" in legal:
        if (
            state.options["scoring"] == "points"
        ):  # only the best hand scores: stop with a strong one
            good = key[0] >= 3 or (key[0] == 2 and key[1] >= 12)
        else:  # only the worst hand loses a life: any pair is rarely the worst
            good = key[0] >= 2 or (key[0] == 1 and key[1] == 14 and key[2] >= 12)
        if good:
            return "stop"
    return draw_choice(state, seat, legal)


# -- the strong level's reading: the others have been keeping their best three ------------------------
#
# A world from ``resample_world`` deals the other seats three cards at random from the unseen ones,
# as if they had just been dealt. But every turn a player draws a fourth card and throws the worst,
# so after a few turns their hands are much better than random: in 300 deals of rule-based
# self-play, the seat's hand was the worst at the table at 27% of its turns in the second round and
# 26% in the third, while uniform worlds put it at 11% and 6%
# (``tests/bench/bench_stop_the_bus_reading.py --calibration``): the search judged its hand far
# safer than it was. ``bot_reading`` (``BotHooks.reading``, the strong level only) redeals each
# other seat's unseen cards by replaying that selection: as many times as the seat has drawn, it
# draws a card at random from the world's stock and keeps the best three (never a card it took
# openly from the pile), the card it drops going back to the stock in its place; the read worlds
# say 27% and 26%. Measured in the arena (tests/bench/results/2026-11-27-arena.md): strong with it
# is better than normal by a little (+0.016 +- 0.015 of the deal score over 1,728 first deals: it
# loses a life in 23.8% of them, normal 25.4%), where strong's three times normal's search without
# it was not; normal gains from it too, and strong is no better than normal when both read, so the
# edge is the reading.
# Normal is left without it on purpose, so that the levels differ in what they understand (normal
# still beats the rule-based player without it) rather than only in a search that does not help here.
READ_TURNS_MAX = 8  # beyond about 8 draws a hand hardly changes and the world would cost more


def _turns_drawn(d, players):
    """How many turns each active seat has drawn this deal, from public counts alone: the stock
    draws (the pile has grown by one for each: 52 - 3 per seat - upcard - stock left) plus the cards
    seen taken from the pile and still held, dealt out in turn order from the dealer's left. (A
    stock rebuilt from the pile restarts the count: only after 39 stock draws with four players.)"""
    active = d["deal_active"]
    m = len(active)
    drawn = max(0, len(PACK) - 3 * m - 1 - len(d["stock"])) + sum(len(k) for k in d["known"])
    order = sorted(active, key=lambda s: (s - d["dealer"] - 1) % players)
    return {s: drawn // m + (1 if i < drawn % m else 0) for i, s in enumerate(order)}


def bot_reading(world, seat, rng):
    """The strong level's reading (see above): the other seats' unseen cards in ``world`` redealt as
    the best three they would have kept over their turns of drawing. Moves only hidden cards (other
    hands' unseen cards and the stock, already random in the world) and reads only public counts."""
    d = world.d
    turns = _turns_drawn(d, world.players)
    stock = d["stock"]
    key = world.ranking_key
    for s in d["deal_active"]:
        hand = d["hands"][s]
        if s == seat or len(hand) != 3 or not stock:
            continue
        keep = d["known"][s]
        for _ in range(min(READ_TURNS_MAX, turns[s])):
            i = rng.randrange(len(stock))
            card = stock[i]
            best, drop = key(hand), card
            for j, old in enumerate(hand):
                if old in keep:
                    continue
                trial = hand[:j] + [card] + hand[j + 1 :]
                k = key(trial)
                if k > best:
                    best, drop = k, old
            if drop != card:
                hand[hand.index(drop)] = card
                stock[i] = drop
        hand.sort(key=ORDER.__getitem__)
    return world


HOOKS = BotHooks(
    reward=bot_reward,
    rollout=bot_rollout,
    deal_id=bot_deal_id,
    resample=resample_world,
    heuristic=bot_heuristic,
    reading=bot_reading,
    normal_iterations=500,
)
