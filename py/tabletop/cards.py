"""Card codes shared by the card games: rank then suit, e.g. ``AS``, ``TD``, ``7C``.

Each game builds its own deck (``deck(ranks, suits)``) in the order its rules file lists the
deck; that order is the canonical order of cards inside an action and in views.
"""

from __future__ import annotations

from .core import IllegalAction

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {
    "2": "2",
    "3": "3",
    "4": "4",
    "5": "5",
    "6": "6",
    "7": "7",
    "8": "8",
    "9": "9",
    "T": "10",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}


def deck(ranks, suits):
    """Cards suit by suit, each suit in rank order: ``deck("7A", "SH")`` style inputs."""
    return [r + s for s in suits for r in ranks]


def rank_of(card):
    return card[:-1]


def suit_of(card):
    return card[-1]


def card_name(card):
    """English name for messages: ``"QS"`` -> ``"queen of spades"``."""
    return f"{RANK_NAMES.get(rank_of(card), rank_of(card))} of {SUIT_NAMES.get(suit_of(card), suit_of(card))}"


def parse_cards(args, order, count=None, what="card"):
    """Check card codes given in an action and return them in canonical (deck) order.

    ``order`` maps every valid code to its position in the deck. Raises IllegalAction for an
    unknown code, a repeated card or a wrong number of cards.
    """
    if count is not None and len(args) != count:
        raise IllegalAction(
            "wrong_card_count",
            f"give exactly {count} {what}{'s' if count != 1 else ''}, not {len(args)}",
            n=count,
            given=len(args),
        )
    seen = set()
    for code in args:
        if code not in order:
            raise IllegalAction(
                "unknown_card", f"{code!r} is not a {what} of this game", text=code[:12]
            )
        if code in seen:
            raise IllegalAction("card_named_twice", f"{code} is named twice", card=code)
        seen.add(code)
    return sorted(args, key=order.__getitem__)
