"""Trick machinery shared by the trick-taking games: seat order, following, winners, and the one
shape in which every trick game shows its tricks.

The shape every view uses (Más-Menos, Mate, Tuppi, Slobberhannes, Hold My Beer, 知略悪略, Ribs), so
the page draws a trick and the history of tricks with one piece of code:

- the trick in progress: ``"trick": [[seat, card], ...]`` in play order (``trick_view``);
- each finished trick: ``{"leader": seat, "cards": [[seat, card], ...], "winner": seat, ...}``
  in play order, with whatever the game adds (points, a status) after those keys
  (``finished_view``); the finished tricks of the deal are ``"history"``, oldest first.

A game may keep its tricks more compactly in its state; it shows them in this shape. Games say
only what is their own (what may be played, which card wins, what a won trick is worth); the
bookkeeping is here once.
"""

from __future__ import annotations


def next_seat(seat, players, skip=()):
    """The seat after ``seat`` clockwise, passing over seats in ``skip`` (sitting out)."""
    for step in range(1, players + 1):
        other = (seat + step) % players
        if other not in skip:
            return other
    raise ValueError("every seat is skipped")


def new_trick(leader):
    return {"leader": leader, "cards": []}


def to_play(trick, players, skip=()):
    """Seat whose turn it is in ``trick``; None when every active seat has played."""
    if not trick["cards"]:
        return trick["leader"]
    active = players - len(skip)
    if len(trick["cards"]) >= active:
        return None
    return next_seat(trick["cards"][-1][0], players, skip)


def winning_play(cards, suit_of, rank_value, trump=None):
    """The ``[seat, card]`` that wins: highest trump if any was played, else highest of the led suit.

    ``rank_value(card)`` orders cards within a suit. Cards of other suits never win.
    """
    best = cards[0]
    for play in cards[1:]:
        card, best_card = play[1], best[1]
        s, bs = suit_of(card), suit_of(best_card)
        if s == bs:
            if rank_value(card) > rank_value(best_card):
                best = play
        elif trump is not None and s == trump:
            best = play  # first trump over a non-trump
        # a card of another, non-trump suit never wins
    return best


def public_trick(trick):
    """A copy of a trick fit for a view (all cards in a trick are face up)."""
    return {"leader": trick["leader"], "cards": [list(p) for p in trick["cards"]]}


def trick_view(cards):
    """The trick in progress as views show it: ``[[seat, card], ...]`` in play order."""
    return [[seat, card] for seat, card in cards]


def finished_view(leader, cards, winner, **extra):
    """A finished trick as views show it: leader, ``[[seat, card], ...]`` in play order, winner,
    then what the game adds (e.g. ``points``)."""
    return {"leader": leader, "cards": trick_view(cards), "winner": winner, **extra}


# -- open-hand solvers (the strong level's last tricks: Tuppi, Slobberhannes) -------------------------
# Cards are small integers there (the game's pack order), ``suit_size`` consecutive codes a suit, so
# a suit is ``code // suit_size`` and the cards between two of a suit are the codes between them.


def open_playable(hand, played, suit_size):
    """The codes of ``hand`` that may be played to a trick whose cards so far are ``played``:
    the led suit when the hand holds it (follow suit), else any."""
    if not played:
        return hand
    suit = played[0] // suit_size
    return tuple(c for c in hand if c // suit_size == suit) or hand


def open_choices(hands, played, seat, suit_size, keep=()):
    """The playable codes of ``hands[seat]`` worth trying in a solver with every hand open: two
    cards of a suit with no card still in play between them (in another hand, or on the table)
    do the same work, so only the first is tried. ``keep``: codes never merged with a neighbour
    (a card that scores by itself, such as Slobberhannes' queen of clubs)."""
    live = 0
    for other, hand in enumerate(hands):
        if other != seat:
            for c in hand:
                live |= 1 << c
    for c in played:
        live |= 1 << c
    out, prev = [], None
    for c in open_playable(hands[seat], played, suit_size):
        if (
            prev is not None
            and prev // suit_size == c // suit_size
            and prev not in keep
            and c not in keep
            and not live & (((1 << c) - 1) ^ ((1 << (prev + 1)) - 1))
        ):
            prev = c
            continue
        out.append(c)
        prev = c
    return out
