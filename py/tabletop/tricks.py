"""Trick machinery shared by the trick-taking games: seat order, following, winners, history.

A trick is plain data kept in the state: ``{"leader": seat, "cards": [[seat, card], ...]}``.
Finished tricks go to a history list as ``{"leader", "cards", "winner", ...extra}`` so views can
show the last trick and the whole hand. Games say only what is their own (what may be played,
which card wins, what a won trick is worth); the bookkeeping is here once.
"""
from __future__ import annotations


def next_seat(seat, players, skip=()):
    """The seat after ``seat`` clockwise, passing over seats in ``skip`` (sitting out)."""
    for step in range(1, players + 1):
        other = (seat + step) % players
        if other not in skip:
            return other
    raise ValueError("every seat is skipped")


def seats_from(first, players, skip=()):
    """All active seats in play order starting with ``first``."""
    out = [first]
    seat = first
    while True:
        seat = next_seat(seat, players, skip)
        if seat == first:
            return out
        out.append(seat)


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


def led_suit(trick, suit_of):
    return suit_of(trick["cards"][0][1]) if trick["cards"] else None


def following_cards(hand, suit, suit_of):
    """Cards of ``hand`` allowed under "must follow suit": the suit if held, else any card."""
    if suit is None:
        return list(hand)
    same = [c for c in hand if suit_of(c) == suit]
    return same if same else list(hand)


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


def close_trick(history, trick, winner, **extra):
    """Append the finished trick to ``history`` and return it."""
    done = {"leader": trick["leader"], "cards": [list(p) for p in trick["cards"]], "winner": winner}
    done.update(extra)
    history.append(done)
    return done


def public_trick(trick):
    """A copy of a trick fit for a view (all cards in a trick are face up)."""
    return {"leader": trick["leader"], "cards": [list(p) for p in trick["cards"]]}
