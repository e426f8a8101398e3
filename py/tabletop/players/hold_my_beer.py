"""Hold My Beer's computer players (``tabletop.bots``): worlds, rewards and a rollout policy.

Declared as ``HOOKS``; the rules module, ``tabletop.games.hold_my_beer``, only says that it has
players (``GameInfo.computer_players``) and imports nothing of them.
"""

from __future__ import annotations

from ..bots.worlds import deal_hands, redeal
from ..core import BotHooks
from ..games.hold_my_beer import (
    BIRDS,
    FOOL,
    ORDER,
    PLAYERS,
    POINTS,
    SUIT,
    TRUMP,
    VALUE,
    legal_cards,
    trick_winner,
)


def _world_hidden(state, seat):
    """What ``seat`` cannot place for sure: ``hidden_cards``, plus talon cards it saw once if
    another seat has exchanged with the talon since it last looked (one of them may have gone)."""
    d = state.d
    hidden = state.hidden_cards(seat)
    if d["options"]["talon_face_up"] or seat is None or d["phase"] == "discard":
        return hidden
    last_look = -1
    for i, x in enumerate(d["exchanges"]):
        if x["seat"] == seat:
            last_look = i
    if any(x["seat"] != seat and x["gave"] is not None for x in d["exchanges"][last_look + 1 :]):
        if not (d["phase"] == "bird" and d["leader"] == seat):
            played = {c for t in d["history"] for c in t["cards"]} | {c for _, c in d["trick"]}
            hidden = hidden | (set(d["seen"][seat]) - set(d["hands"][seat]) - played)
    return hidden


def _constraints(state):
    """Per seat: suits it has shown it lacks (``T`` = trumps other than the Fool) and the highest
    trump it may still hold, from the tricks since its last exchange with the talon."""
    d = state.d
    since = [0] * PLAYERS
    for x in d["exchanges"]:
        if x["gave"] is not None:
            since[x["seat"]] = x["after_trick"]
    tricks = [
        (i, [[(t["leader"] + k) % PLAYERS, c] for k, c in enumerate(t["cards"])])
        for i, t in enumerate(d["history"])
    ]
    tricks.append((len(d["history"]), d["trick"]))
    voids = [set() for _ in range(PLAYERS)]
    cap = [99] * PLAYERS
    for index, trick in tricks:
        if not trick:
            continue
        led = SUIT[trick[0][1]]
        high = 0
        for k, (seat, card) in enumerate(trick):
            if k and card != FOOL and index >= since[seat]:
                if SUIT[card] != led:
                    voids[seat].add(led)
                    if SUIT[card] != TRUMP:
                        voids[seat].add(TRUMP)
                elif led == TRUMP and VALUE[card] < high:
                    cap[seat] = min(cap[seat], high)
                if led != TRUMP and SUIT[card] == TRUMP and VALUE[card] < high:
                    cap[seat] = min(cap[seat], high)
            if SUIT[card] == TRUMP and card != FOOL:
                high = max(high, VALUE[card])
    return voids, cap


def _bot_bid(state, seat, rng):
    """A plausible prediction from the hand's strength: card points and high trumps."""
    hand = state.d["hands"][seat]
    strength = sum(POINTS[c] for c in hand) + sum(
        1 for c in hand if SUIT[c] == TRUMP and VALUE[c] >= 15
    )
    strength += rng.uniform(-4, 4)
    return 1 if strength >= 30 else 3 if strength < 20 else 2


def resample_world(state, seat, rng):
    """A world for ``seat``: other hands and the unseen talon cards redealt (in the discard phase
    also the face-down discards), respecting revealed voids and overtrump failures; the others'
    secret predictions chosen again from their new hands; their discards, looks and exchanges
    forgotten; future setup deals dropped."""
    d = state.d
    hidden = _world_hidden(state, seat)
    if d["phase"] == "discard":
        world = redeal(
            state,
            seat,
            rng,
            hidden=hidden,
            keys=("hands", "discards", "talon"),
            sorted_keys=("hands", "talon"),
        )
    else:
        voids, cap = _constraints(state)

        def allowed(place, card):
            if place == "talon" or card == FOOL:
                return True
            if SUIT[card] in voids[place]:
                return False
            return not (SUIT[card] == TRUMP and VALUE[card] > cap[place])

        world = deal_hands(state, seat, rng, allowed, hidden=hidden, extra=("talon",))
        w = world.d
        w["discards"] = [c if s == seat else None for s, c in enumerate(w["discards"])]
    w = world.d
    for s in range(PLAYERS):
        if s != seat:
            w["seen"][s] = [c for c in w["seen"][s] if c not in hidden]
    for x in w["exchanges"]:
        if x["seat"] != seat and x["gave"] is not None:
            x["gave"] = x["gave"] if x["gave"] not in hidden else "?"
            x["took"] = x["took"] if x["took"] not in hidden else "?"
    if w["phase"] == "bid":
        for s in range(PLAYERS):
            if s != seat and w["bids"][s] is not None:
                w["bids"][s] = _bot_bid(world, s, rng)
    w["next_deals"] = []
    return world


def bot_deal_id(state):
    return state.d["game_number"]


def bot_reward(state, seat):
    """The game just scored: this seat's game points (predictions and birds) against the others'
    average, scaled into [0, 1]; at the end of the match 1 for a winner and 0 otherwise."""
    d = state.d
    gp = d["game_points"]
    if state.is_over():
        best = max(gp)
        return (1.0 / gp.count(best)) if gp[seat] == best else 0.0
    if d["phase"] == "discard" and d["score_sheet"] and not d["history"]:
        gained = d["score_sheet"][-1]
    else:  # a game still in play (a rollout cut short): card points so far
        cp = d["card_points"]
        return max(0.0, min(1.0, 0.5 + (cp[seat] - sum(cp) / PLAYERS) / 60))
    others = (sum(gained) - gained[seat]) / (PLAYERS - 1)
    return max(0.0, min(1.0, 0.5 + (gained[seat] - others) / 8))


# The former rollout policy (before issue #18), kept for the measurement of what the rule-based
# rollouts changed: tests/bench/bench_search_convergence.py --rollout quick.
def _quick_rollout(state, seat, rng):
    """Cheap play for simulations: discard a low card, predict by strength, win tricks worth points
    when cheaply possible, else play low; take 21's points when positive; pass the bird."""
    d = state.d
    phase = d["phase"]
    if phase == "discard":
        hand = d["hands"][seat]
        return "discard " + min(
            hand, key=lambda c: (POINTS[c], SUIT[c] == TRUMP, VALUE[c], ORDER[c])
        )
    if phase == "bid":
        return f"bid {_bot_bid(state, seat, rng)}"
    if phase == "power21":
        return "take" if d["history"][-1]["points"] > 0 else "scrap"
    if phase == "bird":
        return "pass"
    cards = legal_cards(d["hands"][seat], d["trick"])
    if rng.random() < 0.15:
        return "play " + rng.choice(cards)
    trick = d["trick"]
    if trick:
        at_stake = sum(POINTS[c] for _, c in trick)
        if at_stake >= 3 or len(trick) == PLAYERS - 1:
            winners = [c for c in cards if c != FOOL and trick_winner(trick + [[seat, c]])[1] == c]
            if winners and at_stake > 0:
                return "play " + min(winners, key=lambda c: (SUIT[c] == TRUMP, VALUE[c]))
    return "play " + min(cards, key=lambda c: (c == FOOL, POINTS[c], SUIT[c] == TRUMP, VALUE[c]))


def _hand_strength(hand):
    """Card points a hand is likely to win: its own card points, more for high trumps and kings."""
    trumps = [c for c in hand if SUIT[c] == TRUMP]
    return (
        sum(POINTS[c] for c in hand)
        + sum(1.5 for c in trumps if VALUE[c] >= 15)
        + 0.5 * max(0, len(trumps) - 5)
        + (3 if FOOL in hand else 0)
    )


def _heuristic_bid(hand):
    """Predict first with a hand above the average share (80 card points among three), last with
    one below it, second only in between: second place is the hardest to steer into (measured
    against random play: a wide band for 2 fails two predictions in three)."""
    strength = _hand_strength(hand)
    return 1 if strength >= 32 else 3 if strength < 27 else 2


def _goal(d, seat):
    """+1 to take card points, -1 to avoid them, 0 to take a little: from the seat's prediction and
    the card points so far (public), aiming at the predicted place."""
    bid = d["bids"][seat]
    cp = d["card_points"]
    if bid == 1:
        return 1
    if bid == 3:
        return -1
    others = sorted(cp[s] for s in range(PLAYERS) if s != seat)
    if cp[seat] > others[1] - 2:
        return -1  # ahead of both: slow down
    if cp[seat] < others[0] + 2:
        return 1  # behind both: catch up
    return 0


def bot_heuristic(state, seat, rng):
    """The rule-based player (level ``heuristic``), from the seat's hand and the public table only.

    Discards its poorest card (or a point card when it means to finish last); predicts its place
    from the hand's strength; then plays towards that place: take tricks worth points (cheaply)
    when it needs points, stay under the winning card and shed its point cards into others' tricks
    when it must avoid them; never feeds a bird into another seat's trick when it can help it; a
    trick won by the 21 is taken or scrapped as the goal says."""
    d = state.d
    phase = d["phase"]
    hand = d["hands"][seat]
    if phase == "discard":
        weak = _heuristic_bid(hand) == 3
        return "discard " + min(
            hand,
            key=lambda c: (
                c in BIRDS,
                SUIT[c] == TRUMP,
                -POINTS[c] if weak else POINTS[c],
                VALUE[c],
                ORDER[c],
            ),
        )
    if phase == "bid":
        return f"bid {_heuristic_bid(hand)}"
    goal = _goal(d, seat)
    if phase == "power21":
        points = d["history"][-1]["points"]
        return "take" if (points > 0) == (goal >= 0) else "scrap"
    if phase == "bird":
        return "pass"
    cards = legal_cards(hand, d["trick"])
    if len(cards) == 1:
        return "play " + cards[0]
    trick = d["trick"]
    cheap = lambda c: (c == FOOL, c in BIRDS, SUIT[c] == TRUMP, POINTS[c], VALUE[c], ORDER[c])  # noqa: E731
    if not trick:
        if goal > 0:
            # lead a master: the highest trump when holding several high ones, else a king
            kings = [c for c in cards if c[0] == "K" and SUIT[c] != TRUMP]
            if kings:
                return "play " + min(kings, key=ORDER.__getitem__)
        plain = [c for c in cards if SUIT[c] != TRUMP] or cards
        return "play " + min(plain, key=cheap)
    at_stake = sum(POINTS[c] for _, c in trick)
    last = len(trick) == PLAYERS - 1
    winners = [c for c in cards if c != FOOL and trick_winner(trick + [[seat, c]])[1] == c]
    losers = [c for c in cards if c not in winners and c != FOOL]
    if goal > 0 or (goal == 0 and at_stake >= 3):
        if winners and (last or at_stake > 0 or goal > 0):
            return "play " + min(
                winners, key=lambda c: (c in BIRDS and not last, SUIT[c] == TRUMP, VALUE[c])
            )
        return "play " + min(losers or cards, key=cheap)
    # avoid points: duck, shedding the points I hold into the trick someone else wins
    if losers:
        safe = [c for c in losers if c not in BIRDS] or losers
        return "play " + max(safe, key=lambda c: (POINTS[c], VALUE[c], -ORDER[c]))
    if FOOL in cards and at_stake > 2:
        return "play " + FOOL  # the Fool wins, but costs 2: better than a fat trick
    return "play " + min(winners or cards, key=lambda c: (POINTS[c], VALUE[c], ORDER[c]))


def bot_rollout(state, seat, rng):
    """The simulations' policy: the rule-based player, with a random legal card one time in ten."""
    d = state.d
    if d["phase"] == "play" and rng.random() < 0.1:
        return "play " + rng.choice(legal_cards(d["hands"][seat], d["trick"]))
    return bot_heuristic(state, seat, rng)


HOOKS = BotHooks(
    reward=bot_reward,
    rollout=bot_rollout,
    deal_id=bot_deal_id,
    resample=resample_world,
    heuristic=bot_heuristic,
    normal_iterations=250,
)
