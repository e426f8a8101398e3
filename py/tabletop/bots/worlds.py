"""Determinization: worlds that one seat cannot tell apart from the real position.

A *world* is a complete game state (a clone) in which everything the seat may not see has been
drawn again at random: the hidden cards are redealt among the places that hold hidden cards
(other hands, the talon or stock, face-down cards), every place keeping its count, and the
world's own random generator (which would deal the next round) is reseeded. The search bot
(``ismcts``) plays its simulations in such worlds; it never sees the real state.

Why a world carries no secret
    ``redeal`` builds the world from (a) the structure of the state -- which places hold hidden
    cards and how many (public: hand counts, talon count) --, (b) the *set* of hidden cards, which
    the seat can work out itself (every card it does not see), SORTED into the pack order before it
    is shuffled, so where the cards really lie cannot influence the result, and (c) the bot's own
    generator. Lists that the game keeps sorted (hands) are sorted again, so the position of a
    hidden card inside a real hand does not show either. Non-card secrets (a bid placed face down,
    another seat's revokes, the real generator) are redrawn or blanked by the game's hook. So
    ``resample(state, seat, rng)`` is a function of what the seat knows and of ``rng`` only:
    ``tests/test_bots.py`` checks that a state and a resampled copy of it (same view, hidden cards
    elsewhere) give identical worlds and identical decisions for the same seed.

Hooks a game may declare (``BotHooks``, the ``HOOKS`` of ``tabletop.players.<slug>``)
    ``resample(state, seat, rng)``: the game's own sampler, usually ``redeal`` with the game's own
        hidden set or keys, then fix-ups of non-card secrets.
    ``consistent(world, seat)``: False when a sampled world contradicts what the seat has
        observed (a revealed void, a verbal bid); ``resample`` then draws again, at most
        ``MAX_TRIES`` times in all, and keeps the last world if none fits (an unlikely world is
        still honest, only less informed).
"""

from __future__ import annotations

import time

from . import player_hooks

MAX_TRIES = 40


def timed(count, deadline, minimum=4):
    """``range(count)`` for a solver averaging over worlds, cut short when ``deadline`` (a
    ``time.perf_counter()`` value; None: never) would be passed by one more world as slow as the
    slowest so far, after at least ``minimum`` worlds: a decision keeps to the level's time limit
    on a slow device, solving fewer worlds rather than stalling the table."""
    slowest = 0.0
    for i in range(count):
        start = time.perf_counter()
        if deadline is not None and i >= minimum and start + slowest > deadline:
            return
        yield i
        slowest = max(slowest, time.perf_counter() - start)


class WorldError(Exception):
    """The state does not hold its hidden cards the way ``redeal`` expects (a game needs a hook)."""


def reseed(world, rng):
    """Give the world a generator of its own: the real one would tell the next deal."""
    world.rng.seed(rng.getrandbits(64))


def _collect(value, hidden, slots, places, sort):
    """Find every hidden card under ``value``: (container, index) slots, and the sorted places."""
    if isinstance(value, list):
        found = False
        for i, item in enumerate(value):
            if type(item) is str:
                if item in hidden:
                    slots.append((value, i))
                    found = True
            elif isinstance(item, (list, dict)):
                _collect(item, hidden, slots, places, sort)
        if found and sort:
            places.append(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            if type(item) is str:
                if item in hidden:
                    slots.append((value, key))
            elif isinstance(item, (list, dict)):
                _collect(item, hidden, slots, places, sort)


def redeal(state, seat, rng, hidden=None, keys=None, skip=(), sorted_keys=("hands",)):
    """A clone of ``state`` with every hidden card dealt again at random (see the module doc).

    ``hidden``: the cards to redeal (default ``state.hidden_cards(seat)``); ``keys``: the top-level
    keys of ``state.d`` to search for them (default all but ``skip``); lists under ``sorted_keys``
    are sorted again into the pack order after the deal. Raises WorldError unless each hidden card
    sits in exactly one slot.
    """
    world = state.clone()
    if hidden is None:
        hidden = state.hidden_cards(seat)
    hidden = set(hidden)
    pack = state.all_cards()
    order = {card: i for i, card in enumerate(pack)}
    slots, places = [], []
    d = world.d
    for key in keys if keys is not None else list(d):
        if key in skip or key not in d:
            continue
        value = d[key]
        if type(value) is str:
            if value in hidden:
                slots.append((d, key))
        elif isinstance(value, (list, dict)):
            _collect(value, hidden, slots, places, key in sorted_keys)
    if len(slots) != len(hidden):
        found = [c[i] for c, i in slots]
        twice = sorted({c for c in found if found.count(c) > 1})
        missing = sorted(hidden - set(found))
        raise WorldError(
            f"{d.get('game')}: hidden cards found {len(slots)} times for {len(hidden)} cards"
            f" (twice: {twice[:5]}, missing: {missing[:5]})"
        )
    cards = sorted(hidden, key=lambda c: (order.get(c, len(order)), c))
    rng.shuffle(cards)
    for (container, index), card in zip(slots, cards):
        container[index] = card
    for place in places:
        place.sort(key=lambda c: order.get(c, len(order)) if type(c) is str else -1)
    reseed(world, rng)
    return world


def deal_hands(state, seat, rng, allowed, hidden=None, key="hands", extra=(), sorted_hands=True):
    """Like ``redeal`` for games whose hidden cards lie in ``state.d[key]`` (one list per seat) and
    in the top-level places named in ``extra`` (a card or a list of cards each), with constraints:
    ``allowed(place, card)`` False means that place (a seat number, or the ``extra`` key) cannot
    hold ``card`` (a void the seat revealed, say). Each place keeps its count of hidden cards. The
    most constrained cards are placed first, each to a random allowed place weighted by the room
    left; after a few dead ends the constraints are dropped (a less informed world, still an
    honest one)."""
    world = state.clone()
    if hidden is None:
        hidden = state.hidden_cards(seat)
    hidden = set(hidden)
    order = {card: i for i, card in enumerate(state.all_cards())}
    d = world.d
    hands = d[key]
    room = {}
    for s, hand in enumerate(hands):
        k = sum(1 for c in hand if c in hidden)
        if k:
            room[s] = k
    for name in extra:
        value = d.get(name)
        k = (
            (1 if value in hidden else 0)
            if type(value) is str
            else sum(1 for c in value if c in hidden)
            if isinstance(value, list)
            else 0
        )
        if k:
            room[name] = k
    if sum(room.values()) != len(hidden):
        raise WorldError(f"{d.get('game')}: hidden cards outside {key!r} and {list(extra)}")
    places = list(room)
    cards = sorted(hidden, key=order.__getitem__)
    rng.shuffle(cards)
    options = {c: [p for p in places if allowed(p, c)] for c in cards}
    ranked = sorted(cards, key=lambda c: len(options[c]))  # stable: shuffled order among equals
    got = None
    for attempt in range(8):
        left = dict(room)
        got = {p: [] for p in places}
        for card in ranked:
            choices = [p for p in (options[card] if attempt < 7 else places) if left[p]]
            if not choices:
                got = None
                break
            pick = rng.randrange(sum(left[p] for p in choices))
            for p in choices:
                pick -= left[p]
                if pick < 0:
                    break
            got[p].append(card)
            left[p] -= 1
        if got is not None:
            break
    for p in places:
        if type(p) is int:
            target = hands[p]
        else:
            if type(d[p]) is str:
                d[p] = got[p][0]
                continue
            target = d[p]
        new = [c for c in target if c not in hidden] + got[p]
        if sorted_hands:
            new.sort(key=order.__getitem__)
        target[:] = new
    reseed(world, rng)
    return world


def trick_voids(plays, suit_of):
    """Suits each seat has shown it lacks: ``plays`` is a list of tricks, each a list of
    [seat, card] in play order; a card off the led suit reveals a void in it."""
    voids = {}
    for trick in plays:
        if not trick:
            continue
        led = suit_of(trick[0][1])
        for seat, card in trick[1:]:
            if suit_of(card) != led:
                voids.setdefault(seat, set()).add(led)
    return voids


def resample(state, seat, rng, tries=MAX_TRIES):
    """A world for ``seat``: the game's declared ``resample`` or ``redeal``, checked by its ``consistent``."""
    hooks = player_hooks(state.info.slug)
    make = (hooks.resample if hooks is not None else None) or redeal
    check = hooks.consistent if hooks is not None else None
    world = make(state, seat, rng)
    if check is not None:
        for _ in range(tries - 1):
            if check(world, seat):
                break
            world = make(state, seat, rng)
    return world


class Sampler:
    """What a search bot gets besides the view: ``sampler(rng)`` returns a fresh world.

    It keeps its own copy of the position and hands out only ``resample`` results, whose content
    depends on what ``seat`` knows and on the caller's generator (see the module doc).
    """

    __slots__ = ("_state", "seat")

    def __init__(self, state, seat):
        self._state = state.clone()
        self.seat = seat

    def __call__(self, rng):
        return resample(self._state, self.seat, rng)


class ReadingSampler(Sampler):
    """The strong level's sampler: each world of ``sampler`` reshaped by the game's
    ``BotHooks.reading(world, seat, rng)`` (what the others' play tells, from public facts only).
    A reading moves only the world's hidden cards and reads only what the seat may see, so a world
    still depends on what the seat knows and on ``rng`` alone (``tests/test_bots.py`` checks it)."""

    __slots__ = ("_read",)

    def __init__(self, sampler, read):
        self._state = sampler._state
        self.seat = sampler.seat
        self._read = read

    def __call__(self, rng):
        return self._read(resample(self._state, self.seat, rng), self.seat, rng)


def sampler_for(state, seat):
    return Sampler(state, seat)
