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
